//! MBN chains printed as XBetza `a` moves where no Betza 2.0 chain spells them (docs/SEMANTICS.md
//! X93).
//!
//! A chain's later leg reads its direction letters with its own atom (X22), so `F-(fl)W` (a
//! diagonal step, then the orthogonal step 45° to its left) has no chain spelling: `W` has no
//! 45° letter. XBetza's `a` moves have one atom for every leg and turn it on a 45° continuation
//! (X11: W ↔ F), so the same move is `maflF`. The letters of each later leg are searched, the
//! prefix up to that leg compiled back and compared with MBN's prefix, as for chains.

use super::xbetza_text::{
    cover_paths, groups_within, same_move, target, xbetza_atom, xbetza_chain_modes, UNSPELLED_SEQUENCE,
};
use super::{by_atom, exact_group, plain};
use crate::ir::{Directions, Move, Part};
use crate::MoveSet;

/// One leg of an `a` move being written: its modes and its direction letters (several: one `a`
/// move each).
#[derive(Clone)]
struct Written {
    modes: String,
    letters: Vec<String>,
}

/// The most legs of a move written as `a` moves: each later leg's letters are searched by
/// compiling candidates, which for an unrolled bent rider (`zN`, fifteen legs a path, hundreds of
/// paths) takes many seconds.
const MOST_LEGS: usize = 4;

/// The `a` moves of the chain `m` (one per atom of its first leg, and more where one leg's paths
/// need several spellings), or why there are none.
pub(super) fn a_moves(m: &Move, candidates: &[String]) -> Result<Vec<String>, String> {
    if m.parts.len() > MOST_LEGS {
        return Err(format!("a move of more than {MOST_LEGS} legs no XBetza chain spells"));
    }
    let legs: Vec<_> = m
        .parts
        .iter()
        .map(|p| match p {
            Part::Leg(leg) => Ok(leg.as_ref()),
            _ => Err("repeated and optional parts have no XBetza translation yet".to_string()),
        })
        .collect::<Result<_, _>>()?;
    let first = legs[0];
    let mut out = Vec::new();
    for (atom, list) in by_atom(plain(first)?) {
        let letter = xbetza_atom(atom, first.reach)?;
        // The first leg's vectors whole, else as few XBetza groups as spell a move each, largest
        // first (`F--fW` needs one `a` move per diagonal).
        let groups = std::iter::once(list.clone()).chain(groups_within(atom, &list, candidates));
        let mut left = list.clone();
        for group in groups {
            if !group.iter().all(|v| left.contains(v)) {
                continue;
            }
            let mut part = m.clone();
            if let Some(Part::Leg(leg)) = part.parts.first_mut() {
                leg.directions = Directions::Absolute(group.clone());
            }
            if let Ok(text) = a_moves_of_group(&part, atom, &letter, candidates) {
                out.push(text);
                left.retain(|v| !group.contains(v));
            }
        }
        if !left.is_empty() {
            return Err(UNSPELLED_SEQUENCE.into());
        }
    }
    Ok(out)
}

/// The `a` moves of `m`, whose first leg has one atom and is one XBetza group, as one text.
fn a_moves_of_group(m: &Move, atom: (u32, u32), letter: &str, candidates: &[String]) -> Result<String, String> {
    let legs: Vec<_> =
        m.parts.iter().filter_map(|p| if let Part::Leg(l) = p { Some(l.as_ref()) } else { None }).collect();
    let first_vectors = plain(legs[0])?;
    let first_letters =
        exact_group(atom, first_vectors, candidates).ok_or("the first leg's directions are no one XBetza group")?;
    let mut written = Vec::new();
    for (i, leg) in legs.iter().enumerate() {
        let (initial, modes) = xbetza_chain_modes(leg, i + 1 < legs.len())?;
        // On a later leg `i` is XBetza's iso leg (X15), a hop `p` hides a leg (X11), and every
        // leg rides as far as the atom does unless `y` toggles it: none of these is written here.
        if (i > 0 && !initial.is_empty()) || modes.contains(['p', 't']) || leg.reach != legs[0].reach {
            return Err("a leg no XBetza `a` move writes".into());
        }
        let letters = if i == 0 { vec![first_letters.clone()] } else { vec![String::new()] };
        written.push(Written { modes: format!("{initial}{modes}"), letters });
    }
    let render = |written: &[Written]| -> String {
        let mut combos: Vec<String> = vec![String::new()];
        for (i, w) in written.iter().enumerate() {
            let joint = if i == 0 { "" } else { "a" };
            combos = combos
                .iter()
                .flat_map(|c| w.letters.iter().map(move |l| format!("{c}{joint}{}{l}", w.modes)))
                .collect();
        }
        combos.iter().map(|c| format!("{c}{letter}")).collect()
    };
    let groups: Vec<&str> = std::iter::once("").chain(candidates.iter().map(String::as_str)).collect();
    // A pair never doubles a letter where the groups meet (X2's doubled letters are other sets).
    let apart = |a: &str, b: &str| a.chars().last().is_none_or(|c| !b.starts_with(c));
    for i in 1..written.len() {
        let prefix = Move { parts: m.parts[..=i].to_vec(), span: m.span };
        let prepared = target(&prefix);
        let found = 'search: {
            for a in &groups {
                for b in groups.iter().filter(|&&b| b.is_empty() || (*a < b && apart(a, b))) {
                    written[i].letters = vec![format!("{a}{b}")];
                    if same_move(&render(&written[..=i]), &prepared) {
                        break 'search true;
                    }
                }
            }
            false
        };
        if !found {
            let cover = cover_paths(&MoveSet { moves: vec![prefix.clone()] }, &groups, |g| {
                let mut tried = written[..=i].to_vec();
                tried[i].letters = vec![g.to_string()];
                Ok(render(&tried))
            });
            written[i].letters = cover.ok_or(UNSPELLED_SEQUENCE)?;
            if !same_move(&render(&written[..=i]), &prepared) {
                return Err(UNSPELLED_SEQUENCE.into());
            }
        }
    }
    let text = render(&written);
    if !same_move(&text, &target(m)) {
        return Err(UNSPELLED_SEQUENCE.into());
    }
    Ok(text)
}
