//! XBetza's circular riders `q` as the reader unrolls them, printed as `q` again (docs/SEMANTICS.md
//! X99): `rfqN` (a first leap in some directions) and `qW`, `qA` (an orthogonal or diagonal atom,
//! whose circle turns 45° a leap and so takes the other atom of its kind by turns) are chains with
//! no shorter spelling otherwise: `qW`'s F-then-W legs have no XBetza continuation letters (X20).

use super::xbetza_text::{spell_xbetza, xbetza_atom, xbetza_modes};
use super::{by_atom, check, cover, group_vectors, unrolled};
use crate::ir::{Directions, Leg, Move, MoveSet, Part, Reach, Vector};

/// `moves` spelled with XBetza's `q` for the atoms that start its unrolled chains, and the rest as
/// [`spell_xbetza`] prints it; `None` when no such spelling compiles back to `moves`.
pub(super) fn spelled(moves: &MoveSet, candidates: &[String]) -> Option<String> {
    // The first leaps of the chains, and the modes of their last leaps (one set for all).
    let mut firsts: Vec<Vector> = Vec::new();
    let mut modes = None;
    for m in moves.moves.iter().filter(|m| circle_move(m)) {
        let (Some(Part::Leg(leg)), Some(last)) = (m.parts.first(), last_leg(m)) else { return None };
        let Directions::Absolute(vectors) = &leg.directions else { return None };
        // `i` on the first leap (X102: on any leg it makes the whole move initial), the modes of
        // the last.
        let these = (xbetza_modes(leg).ok()?.0, xbetza_modes(last).ok()?.1);
        if leg.reach != Reach::LEAP || leg.mode_written || *modes.get_or_insert(these.clone()) != these {
            return None;
        }
        for v in vectors {
            if !firsts.contains(v) {
                firsts.push(*v);
            }
        }
    }
    let (initial, modes) = modes?;
    let mut circles = String::new();
    let mut groups = Vec::new();
    for (atom, list) in by_atom(&firsts) {
        let letter = xbetza_atom(atom, Reach::LEAP).ok()?;
        for group in cover(&list, candidates, &group_vectors(atom))? {
            circles.push_str(&format!("{initial}{group}{modes}q{letter}"));
            groups.push((letter.clone(), group));
        }
    }
    // X101: from every W and every F leap, the king's circle (`qK`), tried first.
    let whole = |letter: &str| groups.iter().any(|(l, g)| l == letter && g.is_empty());
    let king = (groups.len() == 2 && whole("W") && whole("F")).then(|| format!("{initial}{modes}qK"));
    // The rest: the one-leg moves the circles do not say (their first leaps), then all of them.
    let rest = |keep_said: bool| MoveSet {
        moves: moves
            .moves
            .iter()
            .filter(|m| !circle_move(m))
            .filter(|m| {
                keep_said || !m.single_leg().is_some_and(|leg| {
                    xbetza_modes(leg).ok().is_some_and(|m| m == (initial.clone(), modes.clone()))
                        && leg.reach == Reach::LEAP
                        && matches!(&leg.directions, Directions::Absolute(v) if v.iter().all(|v| firsts.contains(v)))
                })
            })
            .cloned()
            .collect(),
    };
    for keep_said in [false, true] {
        let rest = rest(keep_said);
        let text = if rest.moves.is_empty() { String::new() } else { spell_xbetza(&rest).ok()? };
        for circles in king.iter().chain([&circles]) {
            if let Ok(text) = check(&format!("{text}{circles}"), moves, super::super::compile) {
                return Some(text);
            }
        }
    }
    None
}

/// Whether `m` is a move of a `q` circle: unrolled legs (as the reader makes them), or MBN's rider
/// of a leap and turned leaps ([`compound_turns`]).
fn circle_move(m: &Move) -> bool {
    unrolled(m) || compound_turns(m)
}

/// Whether `m` is a leap followed by turned leaps that may be any of several atoms (X101: MBN's
/// `W-{((fr)K)6}`, the moves of XBetza's `qW`).
pub(super) fn compound_turns(m: &Move) -> bool {
    match m.parts.as_slice() {
        [Part::Leg(_), Part::Optional { body, count: None, .. }] => {
            matches!(body.as_slice(), [Part::Repeat { alternatives, .. }] if !alternatives.is_empty())
        }
        _ => false,
    }
}

/// The last leg of a circle's move: the unrolled move's last, or the rider's turned leap.
fn last_leg(m: &Move) -> Option<&Leg> {
    match m.parts.as_slice() {
        [Part::Leg(_), Part::Optional { body, .. }] => match body.as_slice() {
            [Part::Repeat { then, .. }] => match then.as_slice() {
                [Part::Leg(leg)] => Some(leg),
                _ => None,
            },
            _ => None,
        },
        parts => match parts.last() {
            Some(Part::Leg(leg)) => Some(leg),
            _ => None,
        },
    }
}
