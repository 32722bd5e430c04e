//! Multi-leg moves as their paths: every leg taken in one direction, `-` legs resolved against the
//! direction of the leg before them (docs/SEMANTICS.md M2, X73).
//!
//! Two notations of one piece may split its multi-leg moves differently: XBetza's `KNADcaKmcabK`
//! is unrolled into absolute legs (`--`) whose last leg has several directions, MBN writes
//! `cK-ttK`, `(fW--fW)+(fW--lW)` is `fW--(fW+lW)`. Taken apart into paths of single-direction legs,
//! both are the same set. Moves with repeated or optional parts, a null `-` leg or a `z` turn are
//! not taken apart (their canonical text stands for them).

use super::leg_text;
use crate::interp::multileg::relative_vectors;
use crate::ir::{Capability, Directions, Extra, Leg, LegLink, Move, MoveSet, Part, Vector};
use crate::lower::directions::leaper_vectors;
use crate::plan::{parse_turns, sibling_atoms, PRelative, Siblings, Turn};
use crate::syntax::ast::Span;
use std::collections::BTreeSet;

/// The most paths one move set is taken apart into.
const MAX_PATHS: usize = 200_000;

/// One leg of a path: the leg with its directions emptied, and the one direction taken.
pub type Step = (Leg, Vector);

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
        walk(m, 0, None, &mut Vec::new(), &mut paths, &siblings)?;
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

fn walk(
    m: &Move,
    i: usize,
    prev: Option<Vector>,
    path: &mut Vec<Step>,
    out: &mut Vec<Vec<Step>>,
    siblings: &Siblings,
) -> Option<()> {
    let Some(part) = m.parts.get(i) else {
        out.push(path.clone());
        return (out.len() <= MAX_PATHS).then_some(());
    };
    let Part::Leg(leg) = part else { return None };
    for v in resolve(leg, prev, siblings)? {
        path.push((template(leg), v));
        walk(m, i + 1, Some(v), path, out, siblings)?;
        path.pop();
    }
    Some(())
}

/// The canonical text of one path: each step's leg text. The last leg's written mode does not
/// matter (its capabilities say what it does); a leg on the way with no mode written only moves
/// (M1), as `m` written there does (but for `j` and swaps, whose legs do what their letter says).
fn path_text(path: &[Step]) -> Vec<String> {
    path.iter()
        .enumerate()
        .map(|(k, (leg, v))| {
            let last = k + 1 == path.len();
            let mut leg = Leg { directions: Directions::Absolute(vec![*v]), ..leg.clone() };
            if last {
                leg.mode_written = false;
            } else if !leg.mode_written && leg.extras.iter().all(|e| !matches!(e, Extra::Other(_))) {
                // Its moves kept as they are (`me`: e.p. rights on the way, X41, M44).
                let moves: Vec<Capability> =
                    leg.capabilities.iter().filter(|c| matches!(c, Capability::Move { .. })).cloned().collect();
                leg.mode_written = true;
                leg.capabilities = if moves.is_empty() {
                    vec![Capability::Move { restriction: None, allows_en_passant: false }]
                } else {
                    moves
                };
            }
            leg_text(&leg)
        })
        .collect()
}

/// The set of paths of a move set's multi-leg moves, as canonical texts.
pub(crate) fn texts(moves: &MoveSet) -> Option<BTreeSet<Vec<String>>> {
    Some(split(moves)?.iter().map(|(_, p)| path_text(p)).collect())
}
