//! `[P]` is a choice (docs/SEMANTICS.md M4): the move with P and the move without it. A move that
//! swaps (`w`), flips (`x`), captures en passant (`ce`) or leaves e.p. rights (`me`) in or before
//! such a part is split into those moves before it is prepared (M74: `K-[wW]`, `K-[wW]-W`,
//! `wK-[W]`, `ce{P}K-[W]`; M126: `K-[xW]-W`; M142: `mefW-[W]`), so each of them is a move the back
//! ends run (a swap, flip or e.p. capture that ends its move, M43, M107, M45, or one on the way,
//! M63, M126, M64; rights on the squares passed, M44). Counted parts (`[P]2`) and parts inside
//! repeats stay as written.

use super::{parse_turns, PRelative};
use crate::interp::multileg::first_leg_vectors;
use crate::ir::{Capability, Count, Directions, Extra, LegLink, Move, Part};
use crate::lower::directions::leaper_vectors;
use crate::syntax::ast::OptionalKind;

/// The moves `m` stands for by M4, as the plan reads them: itself, or, when it swaps, flips or uses
/// en passant in or before an uncounted `[...]` of its own sequence, every way of taking or leaving
/// out each such part (moves with no part left out; M74, M142).
pub(super) fn split_swap_choices(m: &Move) -> Vec<Move> {
    if !swaps_or_uses_en_passant(&m.parts) {
        return vec![m.clone()];
    }
    split_move(m, false)
}

/// The moves `m` stands for by M4: every way of taking or leaving out each uncounted `[...]` of
/// its own sequence, and also a counted `[P]λ` of one leg going straight on (X84: `W-[F]2` is
/// `W+(W-F)+(W-F-F)`), taken 0 and 1 to λ times (λ at most [`MAX_COUNT`]): a straight line never
/// stands twice on a square, so the chains are M70's complex rider; `m` itself when it has none.
/// Equality and translation read pieces so (`W-[F]` is `W+(W-F)`).
pub(crate) fn split_counted_choices(m: &Move) -> Vec<Move> {
    split_move(m, true)
}

/// A multi-leg move that ends where a final choice was left out loses the e.p. rights of its last
/// leg ([`cut_before_choice`]: `mefW-[meW-[mW]]` holds `mefW-mW`, not M44's refused `mefW-meW`).
fn split_move(m: &Move, counted: bool) -> Vec<Move> {
    // Each choice doubles the moves: past `MAX_CHOICES` the move stays as written (the back ends
    // run it so; a swap in it is then refused, M74), rather than thousands of moves.
    if !has_choice(&m.parts, counted) || choices(&m.parts, counted) > MAX_CHOICES {
        return vec![m.clone()];
    }
    let mut out = Vec::new();
    split(&m.parts, counted, &mut Vec::new(), &mut out);
    out.into_iter()
        .map(|(mut parts, cut)| {
            if cut {
                cut_before_choice(&mut parts);
            }
            parts
        })
        .filter_map(first_leg_read)
        .map(|parts| Move { parts, span: m.span })
        .collect()
}

/// M142: a multi-leg move that ends where a final choice was left out leaves no e.p. rights on its
/// last leg, which passes no square: its `me` was written for the squares the choice goes on to.
pub(crate) fn cut_before_choice(parts: &mut [Part]) {
    if let (true, Some(Part::Leg(last))) = (parts.len() > 1, parts.last_mut()) {
        for c in &mut last.capabilities {
            if let Capability::Move { allows_en_passant, .. } = c {
                *allows_en_passant = false;
            }
        }
    }
}

/// The most times a counted `[P]λ` is unrolled (X84).
const MAX_COUNT: u32 = 8;

/// X84: a counted `[P]λ` whose P is one leg and whose later times go straight on: that leg and
/// its later form, and the counts it may be taken (0 among them).
fn straight_counted(part: &Part) -> Option<(&Part, &Part, Vec<u32>)> {
    let Part::Optional { kind: OptionalKind::Choice, body, count: Some(count), then } = part else { return None };
    let Count::Between { min, max: Some(max) } = *count else { return None };
    let ([first @ Part::Leg(_)], [later]) = (body.as_slice(), then.as_slice()) else { return None };
    let [later @ Part::Leg(leg)] = later.as_slice() else { return None };
    let straight =
        matches!(&leg.directions, Directions::Relative { modifiers, .. } if modifiers.iter().all(|m| m == "f"));
    (straight && max <= MAX_COUNT).then(|| (first, later, (0..=max).filter(|&k| k == 0 || k >= min).collect()))
}

/// A move whose choices before a `-` leg were all left out (`[W]-F` without its W): that leg read
/// as a first leg (M70: every direction of its atom, direction letters from the mover's view, a
/// turn from a previous leg nothing), or `None` when nothing is left.
fn first_leg_read(mut parts: Vec<Part>) -> Option<Vec<Part>> {
    let Some(Part::Leg(leg)) = parts.first_mut() else { return (!parts.is_empty()).then_some(parts) };
    let Directions::Relative { atom, modifiers } = &leg.directions else { return Some(parts) };
    let (Ok(turns), Ok(vectors)) = (parse_turns(modifiers), leaper_vectors(atom.0, atom.1)) else {
        return Some(parts);
    };
    if *atom == (0, 0) {
        return Some(parts);
    }
    let rel = PRelative { atom: *atom, turns, vectors, sibling_vectors: Vec::new() };
    let first = first_leg_vectors(&rel);
    if first.is_empty() {
        return None;
    }
    leg.directions = Directions::Absolute(first);
    leg.link = LegLink::First;
    Some(parts)
}

/// Every way of taking or leaving out the choices of `rest`, after `done`, each with whether it
/// ends where a final choice was left out.
fn split(rest: &[Part], counted: bool, done: &mut Vec<Part>, out: &mut Vec<(Vec<Part>, bool)>) {
    let Some((first, rest)) = rest.split_first() else {
        out.push((done.clone(), false));
        return;
    };
    if let Some((leg, later, counts)) = straight_counted(first).filter(|_| counted) {
        // X84: the leg, then its later form straight on, each number of times.
        for k in counts {
            let legs = (0..k).map(|i| if i == 0 { leg } else { later });
            let with: Vec<Part> = legs.chain(rest).cloned().collect();
            split(&with, counted, done, out);
        }
        return;
    }
    match first {
        Part::Optional { kind: OptionalKind::Choice, body, count: None, .. } => {
            // With the body (its own choices split in turn), then without it.
            let with: Vec<Part> = body.iter().chain(rest).cloned().collect();
            split(&with, counted, done, out);
            if rest.is_empty() {
                out.push((done.clone(), true));
            } else {
                split(rest, counted, done, out);
            }
        }
        part => {
            done.push(part.clone());
            split(rest, counted, done, out);
            done.pop();
        }
    }
}

/// The most uncounted `[...]` parts a move is split at (2^10 moves).
const MAX_CHOICES: usize = 10;

/// How many uncounted `[...]` parts `parts` hold, nested ones included (with `counted`, a counted
/// one X84 unrolls as many as its moves need: 3 for up to 8 times).
fn choices(parts: &[Part], counted: bool) -> usize {
    parts
        .iter()
        .map(|p| match p {
            Part::Optional { kind: OptionalKind::Choice, body, count: None, .. } => 1 + choices(body, counted),
            p if counted && straight_counted(p).is_some() => 3,
            _ => 0,
        })
        .sum()
}

/// Whether `parts` hold an uncounted `[...]` of the move's own sequence (or nested in one), or
/// with `counted` one X84 unrolls.
fn has_choice(parts: &[Part], counted: bool) -> bool {
    parts.iter().any(|p| {
        matches!(p, Part::Optional { kind: OptionalKind::Choice, count: None, .. })
            || (counted && straight_counted(p).is_some())
    })
}

/// Whether a leg of `parts`, or of an uncounted `[...]` among them, swaps, flips, captures en
/// passant or leaves e.p. rights (M142).
fn swaps_or_uses_en_passant(parts: &[Part]) -> bool {
    parts.iter().any(|p| match p {
        Part::Leg(leg) => {
            leg.extras.iter().any(|e| matches!(e, Extra::Other(t) if t.starts_with(['w', 'x'])))
                || leg.capabilities.iter().any(|c| {
                    matches!(c, Capability::EnPassant { .. } | Capability::Move { allows_en_passant: true, .. })
                })
        }
        Part::Optional { kind: OptionalKind::Choice, body, count: None, .. } => swaps_or_uses_en_passant(body),
        _ => false,
    })
}
