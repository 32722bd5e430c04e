//! Multi-leg moves as their paths: every leg taken in one direction, `-` legs resolved against the
//! direction of the leg before them (docs/SEMANTICS.md M2, X73).
//!
//! Two notations of one piece may split its multi-leg moves differently: XBetza's `KNADcaKmcabK`
//! is unrolled into absolute legs (`--`) whose last leg has several directions, MBN writes
//! `cK-ttK`, `(fW--fW)+(fW--lW)` is `fW--(fW+lW)`. Taken apart into paths of single-direction legs,
//! both are the same set. Moves with repeated or optional parts, a null `-` leg or a `z` turn are
//! not taken apart (their canonical text stands for them).

use super::leg_text;
use crate::interp::multileg::atom_of;
use crate::interp::multileg::relative_vectors;
use crate::ir::{Capability, Count, Directions, Extra, Leg, LegLink, Move, MoveSet, Part, Reach, Vector};
use crate::lower::directions::leaper_vectors;
use crate::plan::{parse_turns, sibling_atoms, PRelative, Siblings, Turn};
use crate::syntax::ast::OptionalKind;
use crate::syntax::ast::Span;
use std::collections::{BTreeSet, HashMap};
use std::rc::Rc;

/// The most paths one move set is taken apart into.
const MAX_PATHS: usize = 200_000;

/// The most rounds of a straight repeat taken apart: a round that moves the piece is taken at
/// most 15 times on a 16x16 board, the largest mbn runs.
const MAX_ROUNDS: u32 = 16;

/// One leg of a path: the leg with its directions emptied (shared by the paths through it), and
/// the one direction taken.
pub type Step = (Rc<Leg>, Vector);

/// The paths of each multi-leg move of `moves` (single-leg moves are left out), or `None` when a
/// move cannot be taken apart (a repeated or optional part, a null or reflected `-` leg).
pub fn split(moves: &MoveSet) -> Option<Vec<(usize, Vec<Step>)>> {
    let siblings = sibling_atoms(moves);
    let mut out = Vec::new();
    for (i, m) in moves.moves.iter().enumerate() {
        if m.parts.len() < 2 {
            continue;
        }
        let mut paths = Vec::new();
        walk(&legs(m), 0, None, &mut Vec::new(), &mut paths, &siblings, &mut Resolved::new())?;
        out.extend(paths.into_iter().map(|p| (i, p)));
        if out.len() > MAX_PATHS {
            return None;
        }
    }
    Some(out)
}

/// A leg with its directions, link and span emptied: what a path's step keeps besides its vector.
pub fn template(leg: &Leg) -> Leg {
    Leg { directions: Directions::Absolute(Vec::new()), link: LegLink::First, span: Span::new(0, 0), ..leg.clone() }
}

/// The directions a leg takes after a leg in direction `prev` (`None`: it is the first leg).
pub(crate) fn resolve(leg: &Leg, prev: Option<Vector>, siblings: &Siblings) -> Option<Vec<Vector>> {
    match &leg.directions {
        Directions::Absolute(v) => Some(v.clone()),
        Directions::Relative { atom, modifiers } => {
            let turns = parse_turns(modifiers).ok()?;
            if *atom == (0, 0) || turns.contains(&Turn::Reflect) {
                return None;
            }
            let sibling_vectors = siblings
                .get(&(leg.span.start, leg.span.end))
                .into_iter()
                .flatten()
                .flat_map(|&(m, n)| leaper_vectors(m, n).unwrap_or_default())
                .collect();
            let vectors = leaper_vectors(atom.0, atom.1).ok()?;
            let rel = PRelative { atom: *atom, turns, vectors, sibling_vectors };
            Some(relative_vectors(&rel, prev?, None).into_iter().map(|(v, _)| v).collect())
        }
    }
}

/// The parts of a move: each leg with its template ([`template`]), `None` for another part (a
/// path that reaches one cannot be taken apart).
fn legs(m: &Move) -> Vec<Option<(&Leg, Rc<Leg>)>> {
    m.parts
        .iter()
        .map(|p| match p {
            Part::Leg(leg) => Some((&**leg, Rc::new(template(leg)))),
            _ => None,
        })
        .collect()
}

/// Each leg's directions after each direction before it, resolved once ([`resolve`]): a move's
/// paths pass through the same turns many times.
type Resolved = HashMap<(usize, Option<Vector>), Option<Vec<Vector>>>;

/// Every path through `legs` from leg `i` on, after a leg in direction `prev`, onto `path`.
fn walk(
    legs: &[Option<(&Leg, Rc<Leg>)>],
    i: usize,
    prev: Option<Vector>,
    path: &mut Vec<Step>,
    out: &mut Vec<Vec<Step>>,
    siblings: &Siblings,
    resolved: &mut Resolved,
) -> Option<()> {
    let Some(part) = legs.get(i) else {
        out.push(path.clone());
        return (out.len() <= MAX_PATHS).then_some(());
    };
    let (leg, template) = part.as_ref()?;
    let directions = resolved.entry((i, prev)).or_insert_with(|| resolve(leg, prev, siblings)).clone()?;
    for v in directions {
        path.push((template.clone(), v));
        walk(legs, i + 1, Some(v), path, out, siblings, resolved)?;
        path.pop();
    }
    Some(())
}

/// The canonical text of one path: each step's leg text. The last leg's written mode does not
/// matter (its capabilities say what it does), but for a swap or a flip, whose captures count only
/// when a mode is written (M24, M34: `W-wW` moves and swaps, `W-wmcW` also captures); a leg on
/// the way with no mode written only moves (M1), as `m` written there does (but for `j` and swaps,
/// whose legs do what their letter says).
fn path_text(path: &[Step]) -> Vec<String> {
    path.iter().enumerate().map(|(k, (leg, v))| step_text(leg, *v, k + 1 == path.len())).collect()
}

/// The canonical text of one step of a path ([`path_text`]), the `last` or one on the way.
fn step_text(leg: &Leg, v: Vector, last: bool) -> String {
    let mut leg = Leg { directions: Directions::Absolute(vec![v]), ..leg.clone() };
    if last {
        let swaps = super::replaces_captures(&leg);
        if swaps && !leg.mode_written {
            leg.capabilities.retain(|c| !matches!(c, Capability::Capture(_)));
        }
        // A visit keeps whether its mode was written: with none it neither moves nor captures (M136).
        let visit_written = leg.mode_written && super::visits(&leg);
        leg.mode_written = swaps || visit_written;
    } else if !leg.mode_written && leg.extras.iter().all(|e| !matches!(e, Extra::Other(_))) {
        // Its moves kept as they are (`me`: e.p. rights on the way, X41, M44).
        let moves: Vec<Capability> =
            leg.capabilities.iter().filter(|c| matches!(c, Capability::Move { .. })).cloned().collect();
        leg.mode_written = true;
        leg.capabilities = if moves.is_empty() { only_move() } else { moves };
    }
    leg_text(&leg, false)
}

/// The set of paths of a move set's multi-leg moves, as canonical texts. A move's paths share
/// their steps' legs, so each step's text is made once.
pub(crate) fn texts(moves: &MoveSet) -> Option<BTreeSet<Vec<String>>> {
    let mut made: HashMap<(*const Leg, Vector, bool), String> = HashMap::new();
    let paths = split(moves)?;
    let out = paths
        .iter()
        .map(|(_, path)| {
            let n = path.len();
            let text = |(k, (leg, v)): (usize, &Step)| {
                made.entry((Rc::as_ptr(leg), *v, k + 1 == n)).or_insert_with(|| step_text(leg, *v, k + 1 == n)).clone()
            };
            path.iter().enumerate().map(text).collect()
        })
        .collect();
    Some(out)
}

/// The moves of `moves` but its straight repeats, and the paths of those (X89), or `None` when
/// a move that is a straight repeat has too many paths. A straight repeat is a move that is one
/// counted repeat (`(W-F)0`, `(W-F)3`) without board ranges or alternatives, whose later rounds
/// write no direction but straight on: they replay the first round's directions (M5), so its
/// paths are the first round's, each taken 1 to 16 times (fewer with a smaller count), every
/// later round with the later legs' modes. A round that does not move the piece, or that wraps
/// round the board, is not taken apart. `"|"` ends each round, so the rounds' ends, which M5
/// keeps apart, are in the text, and no repeat's path equals a chain's. Circular riders of plain
/// leaps are taken apart into their first leap and chains (X97, [`circular_paths`]).
pub(crate) fn repeats_apart(moves: &MoveSet) -> Option<(MoveSet, BTreeSet<Vec<String>>)> {
    let siblings = sibling_atoms(moves);
    let mut rest = MoveSet::default();
    let mut texts = BTreeSet::new();
    for m in &moves.moves {
        if let Some((leap, paths)) = circular_paths(m, &siblings) {
            rest.moves.push(leap);
            texts.extend(paths);
            continue;
        }
        match repeat_paths(m, &siblings) {
            Some(paths) => texts.extend(paths),
            None => rest.moves.push(m.clone()),
        }
        if texts.len() > MAX_PATHS {
            return None;
        }
    }
    Some((rest, texts))
}

/// The paths of `m` when it is a straight repeat ([`repeats_apart`]).
fn repeat_paths(m: &Move, siblings: &Siblings) -> Option<Vec<Vec<String>>> {
    let [Part::Repeat { first, then, first_alternatives, alternatives, count, origin, destination }] =
        m.parts.as_slice()
    else {
        return None;
    };
    let Count::Between { min, max } = *count else { return None };
    let plain = first_alternatives.is_empty() && alternatives.is_empty() && origin.is_empty() && destination.is_empty();
    if !plain || min == 0 || first.len() != then.len() {
        return None;
    }
    let later: Vec<&Leg> = then
        .iter()
        .map(|p| match p {
            Part::Leg(leg) => match &leg.directions {
                Directions::Relative { modifiers, .. } if modifiers.iter().all(|t| t == "f") => Some(&**leg),
                _ => None,
            },
            _ => None,
        })
        .collect::<Option<_>>()?;
    // A round that wraps round the board (`o`, `oo`) may come back after more rounds than a board
    // has files.
    let wraps = |l: &Leg| l.extras.iter().any(|e| matches!(e, Extra::Cylindrical { .. }));
    if later.iter().any(|l| wraps(l)) || first.iter().any(|p| matches!(p, Part::Leg(l) if wraps(l))) {
        return None;
    }
    let mut rounds = Vec::new();
    let body = Move { parts: first.clone(), span: m.span };
    walk(&legs(&body), 0, None, &mut Vec::new(), &mut rounds, siblings, &mut Resolved::new())?;
    let top = max.unwrap_or(MAX_ROUNDS).min(MAX_ROUNDS);
    let mut out = Vec::new();
    for round in rounds {
        if round.iter().fold((0, 0), |(x, y), (_, v)| (x + v.0, y + v.1)) == (0, 0) {
            return None;
        }
        // A later round replays the vectors where its legs' atoms fit them (the interpreter's
        // replay queue), and ends the repeat where they do not.
        let fits = round
            .iter()
            .zip(&later)
            .all(|((_, v), leg)| matches!(&leg.directions, Directions::Relative { atom, .. } if *atom == atom_of(*v)));
        let mut path = round.clone();
        let mut ends = vec![path.len()];
        for k in 1..=top {
            if k > 1 {
                if !fits {
                    break;
                }
                path.extend(round.iter().zip(&later).map(|((_, v), leg)| (Rc::new(template(leg)), *v)));
                ends.push(path.len());
            }
            if k >= min {
                let mut text = vec!["repeat".to_string()];
                for (i, t) in path_text(&path).into_iter().enumerate() {
                    text.push(t);
                    if ends.contains(&(i + 1)) {
                        text.push("|".to_string());
                    }
                }
                out.push(text);
            }
        }
        if out.len() > MAX_PATHS {
            return None;
        }
    }
    Some(out)
}

/// A circular rider of plain leaps, as [`circular_paths`] takes it apart.
struct Circle<'a> {
    /// The first leap, in its directions.
    first: &'a Leg,
    /// The first turned leap.
    turned: &'a Leg,
    /// Every later turned leap: the leaps it may be, one per atom of a compound (`(K)(fr)3`
    /// turns by W and F leaps, X98), of which one at most goes on each time.
    later: Vec<&'a Leg>,
    /// The fewest turned leaps.
    min: u32,
    /// The most turned leaps (`None`: unlimited).
    max: Option<u32>,
    /// Every leap has `m` written (`(mN)(rf)7`): the last leap only moves, a leap on the way only
    /// moves as it would with no mode written (D23).
    moves_only: bool,
}

/// `m` as a circular rider of plain leaps, if it is one.
fn circular(m: &Move) -> Option<Circle<'_>> {
    let [Part::Leg(first), Part::Optional { kind: OptionalKind::WhenUnblocked, body, count: None, .. }] =
        m.parts.as_slice()
    else {
        return None;
    };
    // The first time round is this move's (a move per first alternative, X98).
    let [Part::Repeat { first: round, then, first_alternatives: _, alternatives, count, origin, destination }] =
        body.as_slice()
    else {
        return None;
    };
    let plain = origin.is_empty() && destination.is_empty();
    let Count::Between { min, max } = *count else { return None };
    let [Part::Leg(turned)] = round.as_slice() else { return None };
    let later: Vec<&Leg> = if alternatives.is_empty() { std::slice::from_ref(then) } else { alternatives }
        .iter()
        .map(|body| match body.as_slice() {
            [Part::Leg(leg)] => Some(&**leg),
            _ => None,
        })
        .collect::<Option<_>>()?;
    // A leap with nothing written but its directions (and the link and span that place it), and
    // `m` when `moves_only`.
    let plain_leap = |l: &Leg, moves_only: bool| {
        let capabilities = if moves_only { only_move() } else { l.capabilities.clone() };
        let leap = Leg::new(l.link, l.directions.clone(), Reach::LEAP, capabilities, l.span);
        *l == Leg { mode_written: moves_only, ..leap }
    };
    let moves_only = first.mode_written;
    // The first leap may also have `i` (X102: on the first leg it makes the whole move initial).
    let initial = |e: &Extra| matches!(e, Extra::Initial { .. });
    let first_leap =
        Leg { extras: first.extras.iter().filter(|e| !initial(e)).cloned().collect(), ..(**first).clone() };
    let mut leaps = [&first_leap, &**turned].into_iter().chain(later.iter().copied());
    (plain && min > 0 && leaps.all(|l| plain_leap(l, moves_only))).then_some(Circle {
        first,
        turned,
        later,
        min,
        max,
        moves_only,
    })
}

/// The capabilities of `m`.
pub(crate) fn only_move() -> Vec<Capability> {
    vec![Capability::Move { restriction: None, allows_en_passant: false }]
}

/// Whether `moves` holds a circular rider that [`repeats_apart`] takes apart into a first leap
/// and chains: its single-leg moves then say less than its equals'.
pub(crate) fn has_circular(moves: &MoveSet) -> bool {
    moves.moves.iter().any(|m| circular(m).is_some())
}

/// A circular rider of plain leaps (D24: `(N)(rf)8` is `N-{((rf)N)7}`) taken apart (X97): its
/// first leap alone as a one-leg move, and the paths of the first leap followed by 1 to λ-1 turned
/// leaps, unmarked, as a chain of the same leaps has them (`N-(rf)N-(rf)N`). Exact because `{...}`
/// around a counted repeat is optional (M4), each time round is one leap in one direction, and a
/// leap on the way only moves (no mode written, M1), so the position M5's repeat must not reach
/// again is the square alone: the turned leaps stop before one would land again where the first
/// leap or a turned one landed (the start square is no such square: the Rose's full circle is a
/// move, M6). The same holds when every leap has `m` written (the last leap then only moves).
/// `None` for anything else: several directions per time round, other modes, hops, ranges.
fn circular_paths(m: &Move, siblings: &Siblings) -> Option<(Move, Vec<Vec<String>>)> {
    let Circle { first, turned, later, min, max, moves_only } = circular(m)?;
    let top = max.unwrap_or(u32::MAX);
    // A leap on the way as a chain's leg with no mode written has it (`(mN)(rf)7` is `mN`,
    // `N-m(rf)N`, `N-(rf)N-m(rf)N`, …), and the last leap as it is.
    let on_the_way = |l: &Leg| {
        let leg = template(l);
        Rc::new(if moves_only {
            Leg { mode_written: false, capabilities: super::move_or_capture(), ..leg }
        } else {
            leg
        })
    };
    let last = |path: &[Step], l: &Leg| {
        let mut path = path.to_vec();
        if moves_only {
            path.last_mut().expect("a leap").0 = Rc::new(template(l));
        }
        path_text(&path)
    };
    let mut out = Vec::new();
    for v0 in resolve(first, None, siblings)? {
        let mut path = vec![(on_the_way(first), v0)];
        let mut landed = vec![v0];
        let (mut at, mut prev) = (v0, v0);
        for round in 1..=top {
            let legs = if round == 1 { std::slice::from_ref(&turned) } else { later.as_slice() };
            let mut next = Vec::new();
            for leg in legs {
                next.extend(resolve(leg, Some(prev), siblings)?.into_iter().map(|v| (*leg, v)));
            }
            let (leg, v) = match next.as_slice() {
                [] => break,
                [one] => *one,
                _ => return None,
            };
            at = (at.0 + v.0, at.1 + v.1);
            // Landing again, or beyond the largest board (16x16) from the start.
            if landed.contains(&at) || at.0.abs() >= MAX_ROUNDS as i32 || at.1.abs() >= MAX_ROUNDS as i32 {
                break;
            }
            landed.push(at);
            path.push((on_the_way(leg), v));
            prev = v;
            if round >= min {
                out.push(last(&path, leg));
            }
            if out.len() > MAX_PATHS {
                return None;
            }
        }
    }
    let leap = Move { parts: vec![Part::Leg(Box::new(first.clone()))], span: m.span };
    Some((leap, out))
}
