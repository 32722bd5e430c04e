//! Destinations on an empty board, drawn like the atom tables of the MBN specification.
//!
//! This is what `mbn explain` prints: from one square of an empty board, where can each single-leg
//! move of a piece go, and may it move there, capture there, or both. On an empty board nothing
//! blocks, there is no hurdle to hop and no condition on other pieces holds; what that leaves out
//! is listed under the diagram rather than silently dropped.

use crate::ancp::{replaces_captures, visits};
use crate::ir::*;
use crate::syntax::ast::{BoardRange, RangeItem, Sign, SpecialRange};
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// A rectangular board and a square on it, 0-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Board {
    /// Number of files (1..=26).
    pub files: u8,
    /// Number of ranks (1..=99).
    pub ranks: u8,
}

/// What a piece may do on a destination square.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Marks {
    /// It may move there.
    pub moves: bool,
    /// It may capture there.
    pub captures: bool,
    /// It may swap with a piece there (MBN `w`, XBetza `u`).
    pub swaps: bool,
    /// It may flip the piece there to the other side, staying where it is (MBN `x`, M34).
    pub flips: bool,
}

/// The destinations of `set` from `(file, rank)` on an empty `board`, and notes on what could not
/// be shown.
pub fn destinations(set: &MoveSet, board: Board, from: (u8, u8)) -> (BTreeMap<(u8, u8), Marks>, Vec<String>) {
    let (marks, mut notes) = single_leg_destinations(set, board, from);
    if set.moves.iter().any(left_to_the_interpreter) {
        notes.insert(0, format!("{} are not drawn on the empty board", interpreted_kinds(set)));
    }
    (marks, notes)
}

/// [`destinations`] without a word on the moves [`left_to_the_interpreter`], for a caller that
/// draws those itself (`mbn explain`, by running the interpreter).
pub fn single_leg_destinations(
    set: &MoveSet,
    board: Board,
    from: (u8, u8),
) -> (BTreeMap<(u8, u8), Marks>, Vec<String>) {
    let mut marks: BTreeMap<(u8, u8), Marks> = BTreeMap::new();
    let mut notes = Vec::new();
    for m in set.moves.iter().filter(|m| !left_to_the_interpreter(m)) {
        let Some(leg) = m.single_leg() else { continue };
        let Directions::Absolute(vectors) = &leg.directions else { continue };
        if leg.extras.contains(&Extra::Excite) {
            notes.push("borrowed moves (XBetza `xK`) need a friend to borrow from: none on an empty board".into());
            continue;
        }
        if visits(leg) {
            notes.push("a move whose last leg visits (`j`) kills the piece (docs/SEMANTICS.md M103): not drawn".into());
            continue;
        }
        // A swap (`w`) or flip (`x`) with no mode written replaces the leg's captures (M24, M34);
        // a swap-only leg (XBetza `udQ`) has no capability at all.
        let swapper = leg.extras.iter().any(|e| matches!(e, Extra::Other(t) if t.starts_with('w')));
        let flipper = leg.extras.iter().any(|e| matches!(e, Extra::Other(t) if t.starts_with('x')));
        if leg.capabilities.is_empty() && !swapper && !flipper {
            notes.push("a leg that neither moves, captures nor swaps: not drawn".into());
            continue;
        }
        if leg.hop.is_some() {
            notes.push("hopping moves (`p`) need a hurdle: none on an empty board".into());
            continue;
        }
        if !leg.conditions.is_empty() || !leg.attackers.is_empty() {
            notes.push("moves with conditions or attacker sets depend on other pieces: not drawn".into());
            continue;
        }
        if !leg.origin.iter().all(|r| contains(r, board, from)) {
            continue;
        }
        // A `u` leg only moves, whatever mode is written (M32, M141), as its ANCP says.
        let unblocked = leg.extras.contains(&Extra::Unblocked);
        let mover = unblocked || leg.capabilities.iter().any(|c| matches!(c, Capability::Move { .. }));
        let capturer = !unblocked
            && leg.capabilities.iter().any(|c| !matches!(c, Capability::Move { .. }))
            && (leg.mode_written || !replaces_captures(leg));
        for &v in vectors {
            for to in reach_squares(board, from, v, leg.reach) {
                if leg.destination.iter().all(|r| contains(r, board, to)) {
                    let mark = marks.entry(to).or_default();
                    mark.moves |= mover;
                    mark.captures |= capturer;
                    mark.swaps |= swapper;
                    mark.flips |= flipper;
                }
            }
        }
    }
    notes.sort();
    notes.dedup();
    (marks, notes)
}

/// Whether [`destinations`] leaves `m` out for a caller with an interpreter to draw: a multi-leg
/// move, or a cylindrical leg (`o`, which goes round the edge, M38).
pub fn left_to_the_interpreter(m: &Move) -> bool {
    m.single_leg().is_none_or(|leg| leg.extras.iter().any(|e| matches!(e, Extra::Cylindrical { .. })))
}

/// What the moves of `set` that [`destinations`] leaves out are: "multi-leg moves", "cylindrical
/// moves (`o`)" or both.
pub fn interpreted_kinds(set: &MoveSet) -> &'static str {
    let left = set.moves.iter().filter(|m| left_to_the_interpreter(m));
    let (multi, cylinder) =
        left.fold((false, false), |(a, b), m| (a || m.single_leg().is_none(), b || m.single_leg().is_some()));
    match (multi, cylinder) {
        (true, true) => "multi-leg and cylindrical moves (`o`)",
        (false, true) => "cylindrical moves (`o`)",
        _ => "multi-leg moves",
    }
}

/// The squares a leg along `v` may end on, on an empty board.
fn reach_squares(board: Board, from: (u8, u8), v: Vector, reach: Reach) -> Vec<(u8, u8)> {
    let at = |k: i64| -> Option<(u8, u8)> {
        let f = i64::from(from.0) + k * i64::from(v.0);
        let r = i64::from(from.1) + k * i64::from(v.1);
        (0..i64::from(board.files)).contains(&f).then_some(())?;
        (0..i64::from(board.ranks)).contains(&r).then_some(())?;
        Some((f as u8, r as u8))
    };
    if v == (0, 0) {
        return vec![from];
    }
    let mut ray = Vec::new();
    let mut k = 1;
    while let Some(sq) = at(k) {
        ray.push(sq);
        k += 1;
    }
    match reach {
        Reach::Steps { min, max } => ray
            .iter()
            .enumerate()
            .filter(|(i, _)| {
                let k = *i as u32 + 1;
                k >= min && max.is_none_or(|m| k <= m)
            })
            .map(|(_, sq)| *sq)
            .chain((min == 0).then_some(from))
            .collect(),
        Reach::Maximal | Reach::Edge => ray.last().copied().into_iter().collect(),
        Reach::Halfling => ray.get(ray.len().div_ceil(2).saturating_sub(1)).copied().into_iter().collect(),
    }
}

/// Does `range` hold `square` (White's view) on an empty board? `[+]` (threatened) holds nowhere,
/// `[*]` (unthreatened) and `[:]` (unmoved pieces: the mover) everywhere.
pub fn contains(range: &BoardRange, board: Board, square: (u8, u8)) -> bool {
    let hit = range.items.iter().any(|item| match item {
        RangeItem::Special(SpecialRange::Edge) => is_edge(board, square),
        RangeItem::Special(SpecialRange::Inner) => !is_edge(board, square),
        RangeItem::Special(SpecialRange::Threatened) => false,
        RangeItem::Special(SpecialRange::Unthreatened | SpecialRange::Unmoved) => true,
        RangeItem::Area(area) => {
            let in_files = |f: u8, (a, b): (u8, u8)| (a.min(b)..=a.max(b)).contains(&f);
            let in_ranks = |r: u32, (a, b): (u32, u32)| (a.min(b)..=a.max(b)).contains(&r);
            let matches_at = |f: u8, r: u32| {
                area.files.is_none_or(|fs| in_files(f, fs)) && area.ranks.is_none_or(|rs| in_ranks(r, rs))
            };
            let (f, r) = (square.0, u32::from(square.1) + 1);
            match &area.iterator {
                None => matches_at(f, r),
                Some([df, dr]) => {
                    // The area's squares repeated by the iterator's steps, in the allowed directions.
                    let (base_f, base_r) = (area.files.map_or(0, |x| x.0), area.ranks.map_or(1, |x| x.0));
                    let fits = |delta: i64, it: &crate::syntax::ast::Iteration| {
                        let step = i64::from(it.step);
                        if delta == 0 {
                            return true;
                        }
                        if step == 0 || delta % step != 0 {
                            return false;
                        }
                        match it.sign {
                            Sign::Plus => delta > 0,
                            Sign::Minus => delta < 0,
                            Sign::Both => true,
                        }
                    };
                    fits(i64::from(f) - i64::from(base_f), df) && fits(i64::from(r) - i64::from(base_r), dr)
                }
            }
        }
    });
    hit != range.complement
}

fn is_edge(board: Board, (f, r): (u8, u8)) -> bool {
    f == 0 || r == 0 || f + 1 == board.files || r + 1 == board.ranks
}

/// Draws the board, top rank first: `X` the piece (`O` when it may stay: a null move), `*` move or
/// capture, `m` move only, `c` capture only, `w` move or swap, `s` swap only, `f` move or flip, `x`
/// flip only, `+` two or more of capture, swap and flip (with or without moving), `.` unreachable.
pub fn render(board: Board, from: (u8, u8), marks: &BTreeMap<(u8, u8), Marks>) -> String {
    let mut out = String::new();
    for r in (0..board.ranks).rev() {
        let _ = write!(out, "{:>3} ", r + 1);
        for f in 0..board.files {
            let mark = marks.get(&(f, r)).copied().unwrap_or_default();
            let takes = [mark.captures, mark.swaps, mark.flips].into_iter().filter(|&t| t).count();
            let c = match (mark.moves, mark.captures, mark.swaps, mark.flips) {
                _ if (f, r) == from => {
                    if mark.moves || takes > 0 {
                        'O'
                    } else {
                        'X'
                    }
                }
                _ if takes > 1 => '+',
                (true, _, true, _) => 'w',
                (false, _, true, _) => 's',
                (true, _, _, true) => 'f',
                (false, _, _, true) => 'x',
                (true, true, ..) => '*',
                (false, true, ..) => 'c',
                (true, ..) => 'm',
                (false, ..) => '.',
            };
            out.push(c);
            out.push(' ');
        }
        out.pop();
        out.push('\n');
    }
    out.push_str("    ");
    for f in 0..board.files {
        out.push(char::from(b'a' + f));
        out.push(' ');
    }
    out.pop();
    out.push('\n');
    out
}
