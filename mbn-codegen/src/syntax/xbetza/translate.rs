//! Lowered pieces printed back as text: MBN ([`to_mbn`]) or XBetza ([`to_xbetza`]).
//!
//! Both work leg by leg on absolute directions: the vectors of a leg are grouped by atom and
//! covered greedily by the direction modifiers of the target dialect (largest first, a pair per
//! vector as the last resort), every group becoming a partial of its own (`fN+(rf)N`), so the two
//! dialects' different rules for letters side by side never come into play. Each result is
//! checked: it is compiled again and must be equal ([`crate::ancp::equal`]) to the input, or the
//! translation is refused.

mod a_form;
mod compound_circle;
mod mbn_text;
mod q_circle;
mod reroll;
mod xbetza_text;

pub use mbn_text::to_mbn;
pub use xbetza_text::to_xbetza;

use super::directions as xdir;
use crate::ancp;
use crate::interp::multileg::atom_of;
use crate::ir::{Count, Directions, Leg, MoveSet, Over, Part, Reach, Vector};

/// The vectors grouped by atom, atoms in first-seen order.
fn by_atom(vectors: &[Vector]) -> Vec<((u32, u32), Vec<Vector>)> {
    let mut out: Vec<((u32, u32), Vec<Vector>)> = Vec::new();
    for &v in vectors {
        let a = atom_of(v);
        match out.iter_mut().find(|(k, _)| *k == a) {
            Some((_, list)) => list.push(v),
            None => out.push((a, vec![v])),
        }
    }
    out
}

/// Covers `wanted` with groups from `candidates` (`select` gives a group's vectors; `""` means
/// all of them): the largest group inside `wanted` first. `None` when some vector stays uncovered.
fn cover(wanted: &[Vector], candidates: &[String], select: &dyn Fn(&str) -> Vec<Vector>) -> Option<Vec<String>> {
    if select("").iter().all(|v| wanted.contains(v)) && wanted.iter().all(|v| select("").contains(v)) {
        return Some(vec![String::new()]);
    }
    let mut left: Vec<Vector> = wanted.to_vec();
    let mut out = Vec::new();
    while !left.is_empty() {
        // The first candidate covering the most: candidates come simplest first.
        let mut best: Option<(&String, Vec<Vector>, usize)> = None;
        for c in candidates {
            let s = select(c);
            let new = s.iter().filter(|v| left.contains(v)).count();
            if new > 0 && s.iter().all(|v| wanted.contains(v)) && best.as_ref().is_none_or(|b| new > b.2) {
                best = Some((c, s, new));
            }
        }
        let (c, s, _) = best?;
        left.retain(|v| !s.contains(v));
        out.push(c.clone());
    }
    Some(out)
}

/// The vectors of `atom` that an XBetza direction group names (`""`: all of them).
fn group_vectors(atom: (u32, u32)) -> impl Fn(&str) -> Vec<Vector> {
    move |c: &str| xdir::select(atom.0, atom.1, if c.is_empty() { &[] } else { std::slice::from_ref(&c) })
}

/// The XBetza group (`""` first, then `candidates`) naming exactly the vectors `list` of `atom`.
fn exact_group(atom: (u32, u32), list: &[Vector], candidates: &[String]) -> Option<String> {
    let select = group_vectors(atom);
    std::iter::once("").chain(candidates.iter().map(String::as_str)).map(str::to_string).find(|c| {
        let s = select(c);
        s.len() == list.len() && s.iter().all(|v| list.contains(v))
    })
}

/// MBN's name of an atom.
fn mbn_atom((m, n): (u32, u32)) -> String {
    match (m, n) {
        (0, 1) => "W".into(),
        (1, 1) => "F".into(),
        (0, 2) => "D".into(),
        (1, 2) => "N".into(),
        (2, 2) => "A".into(),
        (0, 3) => "H".into(),
        (1, 3) => "C".into(),
        (2, 3) => "Z".into(),
        (3, 3) => "T".into(),
        _ => format!(":{m},{n}:"),
    }
}

/// The most paths rolled into chains (`aaaK` has 2,744).
const MAX_ROLLED: usize = 5_000;

/// MBN's swap modifiers with the XBetza modes that capture the same side (X26).
const SWAPS: [&str; 3] = ["w", "ww", "wy"];

/// The XBetza capture modes that `u` turns into MBN's swap `w`, `ww`, `wy`.
fn unloaded(swap: &str) -> Option<&'static str> {
    SWAPS.iter().position(|&w| w == swap).map(|i| ["c", "d", "cd"][i])
}

/// The steps suffix of a reach, MBN or XBetza alike (`""`, `0`, `3`).
fn steps(reach: Reach) -> Result<String, String> {
    match reach {
        Reach::LEAP => Ok(String::new()),
        Reach::RIDE => Ok("0".into()),
        Reach::Steps { min: 1, max: Some(n) } => Ok(n.to_string()),
        other => Err(format!("{} has no translation", reach_words(other))),
    }
}

/// A reach in words, for errors.
fn reach_words(reach: Reach) -> String {
    match reach {
        Reach::Steps { min, max: Some(max) } if min == max => format!("an exact number of steps (`0{min}`)"),
        Reach::Steps { min, max: Some(max) } => format!("{min} to {max} steps"),
        Reach::Steps { min, max: None } => format!("at least {min} steps"),
        Reach::Maximal => "a rider as far as it can go (`0*`)".into(),
        Reach::Edge => "a rider to the edge (`*`)".into(),
        Reach::Halfling => "a halfling (`h`, half way to the edge)".into(),
    }
}

/// Checks what a translation can carry: plain legs, their directions absolute or (on a later
/// leg of a chain) relative.
fn plain_directions(leg: &Leg) -> Result<&Directions, String> {
    if !leg.origin.is_empty() || !leg.destination.is_empty() || !leg.attackers.is_empty() || !leg.conditions.is_empty()
    {
        return Err("board ranges, attackers and conditions have no translation".into());
    }
    if leg.setup || leg.decisive || leg.over != Over::Empty {
        return Err("`!`, `#` and `g` (leaping slider) have no translation".into());
    }
    Ok(&leg.directions)
}

/// Checks what a translation can carry: plain absolute legs.
fn plain(leg: &Leg) -> Result<&[Vector], String> {
    match plain_directions(leg)? {
        Directions::Absolute(v) => Ok(v),
        Directions::Relative { .. } => Err("relative (`-`) legs have no translation yet".into()),
    }
}

/// A repeat's count as MBN and XBetza write it after the body (`0`, `3`; MBN also `03`, `0*`, `*`).
fn count_text(count: Count, mbn: bool) -> Result<String, String> {
    match count {
        Count::Between { min: 1, max: None } => Ok("0".into()),
        Count::Between { min: 1, max: Some(n) } => Ok(n.to_string()),
        Count::Between { min, max: Some(max) } if mbn && min == max => Ok(format!("0{min}")),
        Count::Maximal if mbn => Ok("0*".into()),
        Count::Edge if mbn => Ok("*".into()),
        Count::Maximal => Err("a repeat as often as it can go (`0*`) has no XBetza spelling".into()),
        Count::Edge => Err("a repeat to the edge (`*`) has no XBetza spelling".into()),
        Count::Between { min, max: Some(max) } if min == max => {
            Err(format!("a repeat exactly {min} times (`0{min}`) has no XBetza spelling"))
        }
        Count::Between { min, max: Some(max) } => Err(format!("a repeat {min} to {max} times has no XBetza spelling")),
        Count::Between { min, max: None } => Err(format!("a repeat at least {min} times has no XBetza spelling")),
    }
}

/// A circular rider's count from its turned leaps' (D24: `(N)(rf)7` is `N-{((rf)N)6}`), the
/// first leap counted again: `6` is `7`, unlimited stays `0`.
fn circle_count(turned: Count) -> Count {
    match turned {
        Count::Between { min, max: Some(max) } => {
            Count::Between { min: if min == max && min > 1 { max + 1 } else { 1 }, max: Some(max + 1) }
        }
        other => other,
    }
}

/// M133: moves written with one `K` going straight on at a later leg (XBetza's `gQ-Q`: after the
/// hop, the W or the F of the Q, whichever goes straight on), each pair as (the W move, the F move,
/// the leg's index): the two moves are equal but for that `-` leg's atom, W in one and F in the
/// other, written at one place with no direction. Written apart, `jyW0-W` and `jyW0-F`, the F
/// would turn where the K's F does not (M2).
fn king_pairs(moves: &[crate::ir::Move]) -> Vec<(usize, usize, usize)> {
    let atom_at = |m: &crate::ir::Move, k: usize| match m.parts.get(k) {
        Some(Part::Leg(leg)) => match &leg.directions {
            Directions::Relative { atom, modifiers } if modifiers.is_empty() => Some(*atom),
            _ => None,
        },
        _ => None,
    };
    let as_w = |m: &crate::ir::Move, k: usize| {
        let mut m = m.clone();
        if let Some(Part::Leg(leg)) = m.parts.get_mut(k) {
            if let Directions::Relative { atom, .. } = &mut leg.directions {
                *atom = (0, 1);
            }
        }
        m.parts
    };
    let mut pairs: Vec<(usize, usize, usize)> = Vec::new();
    for (w, mw) in moves.iter().enumerate() {
        for k in 1..mw.parts.len() {
            if atom_at(mw, k) != Some((0, 1)) {
                continue;
            }
            let twin = moves.iter().enumerate().find(|&(f, mf)| {
                atom_at(mf, k) == Some((1, 1))
                    && !pairs.iter().any(|&(_, used, _)| used == f)
                    && as_w(mf, k) == mw.parts
            });
            if let Some((f, _)) = twin {
                if !pairs.iter().any(|&(a, b, _)| a == w || b == w) {
                    pairs.push((w, f, k));
                }
            }
        }
    }
    pairs
}

/// Compiles `text` back and compares.
fn check(
    text: &str,
    moves: &MoveSet,
    compile: fn(&str) -> Result<MoveSet, Vec<crate::Diagnostic>>,
) -> Result<String, String> {
    match compile(text) {
        Ok(back) if ancp::equal(&back, moves) => Ok(text.to_string()),
        Ok(_) => Err(format!("the translation `{text}` does not denote the same piece")),
        Err(d) => Err(format!("the translation `{text}` does not compile: {}", d[0].message)),
    }
}

/// A multi-leg move of absolute legs only: XBetza's `a` and `q` moves as the reader unrolls them.
fn unrolled(m: &crate::ir::Move) -> bool {
    m.parts.len() > 1
        && m.parts.iter().all(|p| matches!(p, Part::Leg(l) if matches!(l.directions, Directions::Absolute(_))))
}
