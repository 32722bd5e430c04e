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
mod q_circle;
mod reroll;

use super::directions as xdir;
use crate::ancp;
use crate::interp::multileg::atom_of;
use crate::ir::{Capability, Count, Directions, Extra, Leg, LegLink, MoveSet, Over, Part, Reach, Side, Vector};
use crate::lower::directions as mdir;

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

/// The MBN modifier selecting exactly `v`: a single letter for orthogonal vectors, a pair
/// otherwise (the shorter component's letter first, D18).
fn mbn_single((x, y): Vector) -> String {
    let h = if x > 0 { 'r' } else { 'l' };
    let v = if y > 0 { 'f' } else { 'b' };
    match (x, y) {
        (0, _) => v.to_string(),
        (_, 0) => h.to_string(),
        _ if x.abs() <= y.abs() => format!("({h}{v})"),
        _ => format!("({v}{h})"),
    }
}

/// MBN's modes for a leg's capabilities (empty for move-or-capture).
fn mbn_modes(leg: &Leg) -> Result<String, String> {
    let caps = &leg.capabilities;
    let mut out = String::new();
    let enemy = caps.iter().any(|c| matches!(c, Capability::Capture(t) if t.side == Side::Enemy && t.only.is_empty()));
    let plain_move = caps.contains(&Capability::Move { restriction: None, allows_en_passant: false });
    if caps.len() == 2 && enemy && plain_move {
        // `a` written: on a leg on the way it may capture too (M1).
        if leg.mode_written {
            out.push('a');
        }
        return Ok(out);
    }
    // A swap with no mode written moves and swaps (M24).
    let swaps = leg.extras.iter().any(|e| matches!(e, Extra::Other(t) if SWAPS.contains(&t.as_str())));
    if swaps && *caps == [MOVE] {
        return Ok(out);
    }
    for c in caps {
        match c {
            Capability::Move { restriction: None, allows_en_passant } => {
                out.push('m');
                if *allows_en_passant {
                    out.push('e');
                }
            }
            Capability::Capture(t) if t.only.is_empty() => out.push_str(match t.side {
                Side::Enemy => "c",
                Side::Friend => "cc",
                Side::Any => "cy",
            }),
            Capability::EnPassant { pieces: None } if caps.iter().any(|c| matches!(c, Capability::Capture(_))) => {
                out.push('e')
            }
            Capability::EnPassant { pieces: None } => out.push_str("cee"),
            Capability::Capture(t) if t.only.iter().any(|s| s.royal) => return Err(
                "XBetza's `k` and `t` name the royal pieces, which MBN spells by letter (`c{K}`, `c{^K}`) in a variant"
                    .into(),
            ),
            other => return Err(format!("no translation for the capability {other:?}")),
        }
    }
    Ok(out)
}

/// The prefix of modifiers other than directions and modes, for MBN.
fn mbn_flags(leg: &Leg) -> Result<String, String> {
    let mut out = String::new();
    for e in &leg.extras {
        match e {
            Extra::Initial { decaying: false } => out.push('i'),
            Extra::Cylindrical { both_axes: false, files: None } => out.push('o'),
            Extra::Cylindrical { both_axes: true, files: None } => out.push_str("oo"),
            // A visit (M10): an XBetza `p` leg on the way.
            Extra::Other(text) if text == "jy" || text == "jj" => out.push_str(text),
            // A swap (M24), XBetza's `u` on a leg that moves (X26); a swap-only leg has no MBN
            // spelling, so its translation fails the check.
            Extra::Other(text) if SWAPS.contains(&text.as_str()) => out.push_str(text),
            Extra::Unload => {
                return Err("a relocation (XBetza `u` on a last leg that captures, `Q-udQ`, X27, X51) has no \
                            MBN spelling: MBN's `w` swaps with the mover's square"
                    .into())
            }
            Extra::Excite => {
                return Err("XBetza's `x` (induction, X28: the friend the leg lands on makes the rest of the move, \
                            the Relay Knight `mNxaN`; on a last leg borrowing, X29, X83: the piece makes the moves \
                            of the friend it finds, `xK`, `mNaxN`) has no MBN spelling: an MBN move moves the mover \
                            (MBN's `x` flips a piece, M34)"
                    .into())
            }
            Extra::OffBoard => {
                return Err("an off-board leg (XBetza `o` on a leg on the way, X48) has no MBN spelling: MBN's \
                            squares are on the board and its `o` is the cylinder"
                    .into())
            }
            other => return Err(format!("no translation for {other:?}")),
        }
    }
    if leg.non_jumping {
        out.push('n');
    }
    match &leg.hop {
        None => {}
        Some(h) if h.hurdles.is_none() => {
            out.push_str(if h.many { "pp" } else { "p" });
            if h.optional {
                out.push('?');
            }
        }
        Some(_) => return Err("hops over a piece set (`p{...}`) have no XBetza source".into()),
    }
    Ok(out)
}

/// The most paths rolled into chains (`aaaK` has 2,744).
const MAX_ROLLED: usize = 5_000;

/// A plain move.
const MOVE: Capability = Capability::Move { restriction: None, allows_en_passant: false };

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

/// Whether a leg swaps (`w`, XBetza `u`) and does nothing else: no MBN spelling (X26).
fn swap_only(leg: &Leg) -> bool {
    leg.capabilities.is_empty()
        && leg.extras.iter().any(|e| matches!(e, Extra::Other(t) if SWAPS.contains(&t.as_str())))
}

/// One leg as MBN partials (to be joined by `+`): a relative leg (a later leg of a chain `-`) is one
/// partial, its atom with the direction modifiers as written (M2). `merged`: an atom's direction
/// groups side by side in one partial (MBN reads `sfW` as `sW+fW`), as the first leg of a chain
/// needs (a chain's later legs follow each of its directions).
fn mbn_leg(leg: &Leg, merged: bool) -> Result<Vec<String>, String> {
    mbn_leg_as(leg, merged, None)
}

/// [`mbn_leg`], a relative leg's atom written `letter` if given (`K` for a king pair's W,
/// [`king_pairs`]).
fn mbn_leg_as(leg: &Leg, merged: bool, letter: Option<&str>) -> Result<Vec<String>, String> {
    let swap_moves;
    let leg = if swap_only(leg) {
        // X75: MBN's swap without a mode also moves; where the piece moves there anyway
        // (`QudQ` = `Q+wwQ`) that is the same piece, which the check decides.
        swap_moves = Leg { capabilities: vec![MOVE], mode_written: false, ..leg.clone() };
        &swap_moves
    } else {
        leg
    };
    let directions = plain_directions(leg)?;
    let prefix = format!("{}{}", mbn_flags(leg)?, mbn_modes(leg)?);
    let suffix = match leg.reach {
        // MBN's exact count (`W02`, X36's `ifmnD`).
        Reach::Steps { min, max: Some(max) } if min == max && min > 1 => format!("0{min}"),
        reach => steps(reach)?,
    };
    let vectors = match directions {
        Directions::Absolute(v) => v,
        Directions::Relative { atom, modifiers } => {
            let atom = letter.map_or_else(|| mbn_atom(*atom), str::to_string);
            return Ok(vec![format!("{prefix}{}{atom}{suffix}", modifiers.concat())]);
        }
    };
    let candidates: Vec<String> =
        ["f", "b", "l", "r", "v", "s", "ff", "bb", "ll", "rr"].iter().map(|s| s.to_string()).collect();
    let mut partials = Vec::new();
    for (atom, list) in by_atom(vectors) {
        let select = |c: &str| {
            let mods = mdir::parse_mods(c).unwrap_or_default();
            mdir::select(atom.0, atom.1, &mods).unwrap_or_default()
        };
        let mut all = candidates.clone();
        all.extend(list.iter().map(|&v| mbn_single(v)));
        let groups = cover(&list, &all, &select).ok_or("no cover of the directions")?;
        if merged {
            partials.push(format!("{prefix}{}{}{suffix}", groups.concat(), mbn_atom(atom)));
            continue;
        }
        for g in groups {
            partials.push(format!("{prefix}{g}{}{suffix}", mbn_atom(atom)));
        }
    }
    Ok(partials)
}

/// MBN text for a lowered piece, checked to compile back to an equal piece: multi-leg moves of
/// absolute legs (XBetza's unrolled `a` moves) rolled back into chains (X74) where that is equal,
/// else as their `--` sequences.
pub fn to_mbn(written: &MoveSet) -> Result<String, String> {
    // X92: `u` on a first leg is a swap with the mover's square, MBN's `w` on the last leg.
    let swaps = ancp::rights_on_the_way(ancp::unloads_as_swaps(written));
    let moves = &swaps;
    let alone = moves.moves.len() == 1;
    let enumerated = || -> Result<String, String> {
        let mut out = Vec::new();
        // X98: the moves of a circular rider of several atoms, printed as one rider.
        let circles = compound_circle::find(&moves.moves);
        for c in &circles {
            let mut body = String::new();
            for first in &c.firsts {
                let [one] = mbn_leg(first, false)?.try_into().map_err(|_| "a leg of several atoms".to_string())?;
                body.push_str(&one);
            }
            let body = if body == "WF" || body == "FW" { "K".to_string() } else { body };
            let text = format!("({body}){}{}", c.turn, count_text(circle_count(c.count), true)?);
            out.push(text);
        }
        let kings = king_pairs(&moves.moves);
        for (i, m) in moves.moves.iter().enumerate() {
            if circles.iter().any(|c| c.moves.contains(&i)) || kings.iter().any(|&(_, j, _)| j == i) {
                continue;
            }
            let king = kings.iter().find(|&&(w, ..)| w == i).map(|&(.., k)| k);
            out.extend(move_text(m, alone && kings.is_empty(), king)?);
        }
        check(&out.join("+"), moves, crate::compile_move)
    };
    let rolled = || -> Result<String, String> {
        // The one-leg moves apart (a circle may say them), each with its leg.
        let mut singles: Vec<(Option<&Leg>, Vec<String>)> = Vec::new();
        let mut multi = MoveSet::default();
        for m in &moves.moves {
            if unrolled(m) {
                multi.moves.push(m.clone());
            } else {
                singles.push((m.single_leg(), move_text(m, false, None)?));
            }
        }
        let paths: Vec<_> = ancp::paths::split(&multi).ok_or("too many paths")?.into_iter().map(|(_, p)| p).collect();
        // Rolling compares paths pairwise: beyond a few thousand, the sequences are printed.
        if paths.len() > MAX_ROLLED {
            return Err("too many paths to roll".into());
        }
        let chains = reroll::chains(&paths).ok_or("no MBN relative directions")?;
        let chain_text = |chain: &[Leg]| -> Result<String, String> {
            let mut text = Vec::new();
            for (i, leg) in chain.iter().enumerate() {
                let partials = mbn_leg(leg, i == 0 && chain.len() > 1)?;
                let [one] = partials.as_slice() else { return Err("a leg of several atoms".into()) };
                text.push(one.clone());
            }
            Ok(text.join("-"))
        };
        let join = |parts: Vec<String>| if parts.len() == 1 { parts.concat() } else { parts.join("+") };
        let bracket = |t: String| format!("({t})");
        let mut texts = Vec::new();
        for chain in &chains {
            texts.push(chain_text(chain)?);
        }
        // X97: the chains of a circular rider, printed as the rider, with and without the one-leg
        // moves its first leap says; the first spelling that checks.
        let (circles, others) = reroll::circles(&chains);
        if !circles.is_empty() {
            let mut rest = Vec::new();
            for chain in &others {
                rest.push(bracket(chain_text(chain)?));
            }
            let mut riders = Vec::new();
            // X101: circles from every W leap and every F leap alike, turning as the king (`qK`),
            // by their text before the atom, their turn and count: the riders' indices per atom.
            type KingKey<'a> = (String, &'a String, usize);
            let mut kings: Vec<(KingKey, [Option<usize>; 2])> = Vec::new();
            for (first, turn, count, turned) in &circles {
                // X99: D24's `(P)mλ` turns P's every leap, so a first leap in some of its atom's
                // directions is written as D24 unfolds a rider: `(rf)N-{((fr)N)6}`.
                let vectors = plain(first)?;
                let atom = atom_of(*vectors.first().ok_or("a circular rider with no first leap")?);
                let all = crate::lower::directions::leaper_vectors(atom.0, atom.1).unwrap_or_default();
                let ones = mbn_leg(first, false)?;
                // X101: leaps of two atoms by turns (`qW`: W and F) turn as their compound (`K`).
                let turned_atoms = match [atom, *turned] {
                    [a, b] if a == b => mbn_atom(a),
                    [(0, 1), (1, 1)] | [(1, 1), (0, 1)] => "K".to_string(),
                    [a, b] => mbn_atom(a.min(b)) + &mbn_atom(a.max(b)),
                };
                match ones.as_slice() {
                    [one] if vectors.len() == all.len() && atom == *turned => {
                        riders.push(format!("({one}){turn}{count}"))
                    }
                    [one] if vectors.len() == all.len() && turned_atoms == "K" && one.ends_with(['W', 'F']) => {
                        let key = (one[..one.len() - 1].to_string(), turn, *count);
                        let side = usize::from(atom == (1, 1));
                        match kings.iter_mut().find(|(k, _)| *k == key) {
                            Some((_, found)) => found[side] = Some(riders.len()),
                            None => {
                                let mut found = [None; 2];
                                found[side] = Some(riders.len());
                                kings.push((key, found));
                            }
                        }
                        let mode = if first.mode_written { "m" } else { "" };
                        riders.push(format!("({one}-{{({mode}{turn}K){}}})", count - 1));
                    }
                    _ => {
                        // `(mN)(fr)7`'s leaps all have `m` written (X100).
                        let mode = if first.mode_written { "m" } else { "" };
                        riders.extend(
                            ones.iter().map(|one| format!("({one}-{{({mode}{turn}{turned_atoms}){}}})", count - 1)),
                        )
                    }
                }
            }
            let said =
                |leg: &Option<&Leg>| leg.is_some_and(|l| circles.iter().any(|(first, ..)| reroll::says(first, l)));
            let kept: Vec<String> =
                singles.iter().filter(|(leg, _)| !said(leg)).flat_map(|(_, t)| t.iter().cloned()).collect();
            let all: Vec<String> = singles.iter().flat_map(|(_, t)| t.iter().cloned()).collect();
            // A W circle and an F circle alike are the king's (`(K)(fr)7`), tried first.
            let mut as_kings = riders.clone();
            for ((before, turn, count), found) in &kings {
                if let [Some(w), Some(f)] = *found {
                    as_kings[w] = format!("({before}K){turn}{count}");
                    as_kings[f].clear();
                }
            }
            as_kings.retain(|r| !r.is_empty());
            let spellings = if as_kings == riders { vec![riders] } else { vec![as_kings, riders] };
            for riders in &spellings {
                for lone in [&kept, &all] {
                    let mut parts: Vec<String> = lone.clone();
                    parts.extend(riders.iter().cloned());
                    parts.extend(rest.iter().cloned());
                    if let Ok(text) = check(&join(parts), moves, crate::compile_move) {
                        return Ok(text);
                    }
                }
            }
        }
        let mut out: Vec<String> = singles.into_iter().flat_map(|(_, t)| t).collect();
        let single = out.is_empty() && chains.len() == 1;
        for text in texts {
            out.push(if single { text } else { bracket(text) });
        }
        check(&out.join("+"), moves, crate::compile_move)
    };
    let result = if moves.moves.iter().any(unrolled) { rolled().or_else(|_| enumerated()) } else { enumerated() };
    result.map_err(|e| {
        if moves.moves.is_empty() {
            "a piece without moves (Fairy-Stockfish's immobile piece) has no MBN notation: an MBN piece has at \
             least one move"
                .to_string()
        } else if e.contains("a relocation") && moves.moves.iter().any(unloads_first) {
            "XBetza `u` on a first leg swaps the mover with what the last leg takes (X67), MBN's `w` on the \
             last leg (M43, X92: `upR` = `jyW0-wW0`); but MBN's `w` without a mode also moves, so a last leg \
             that only captures (`ucpR`, `uafdQ`) has no MBN spelling"
                .to_string()
        } else if e.contains("does not denote") && moves.moves.iter().any(|m| m.single_leg().is_some_and(swap_only)) {
            format!(
                "{e}: a leg that only swaps (XBetza `udQ`, `ucQ`) has an MBN spelling only where the piece also \
                 moves along its lines (`QudQ` = `Q+wwQ`): MBN's swap without a mode also moves (X26, X75)"
            )
        } else {
            e
        }
    })
}

/// A multi-leg move whose first leg unloads (XBetza `u`, X67).
fn unloads_first(m: &crate::ir::Move) -> bool {
    m.parts.len() > 1 && matches!(m.parts.first(), Some(Part::Leg(l)) if l.extras.contains(&Extra::Unload))
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

/// A circular rider of several atoms in XBetza (X98): Betza 2.0 has a letter for one compound of
/// leaps only, `K`, and a circular rider's first leap takes every direction (X24).
fn circular_king(c: &compound_circle::CompoundCircle) -> Result<String, String> {
    let whole = |leg: &Leg, atom: (u32, u32)| {
        let all = crate::lower::directions::leaper_vectors(atom.0, atom.1).unwrap_or_default();
        xbetza_modes(leg).is_ok_and(|(i, m)| i.is_empty() && m.is_empty())
            && matches!(&leg.directions, Directions::Absolute(v) if v.len() == all.len() && v.iter().all(|x| atom_of(*x) == atom))
    };
    let king =
        c.firsts.len() == 2 && c.firsts.iter().any(|l| whole(l, (0, 1))) && c.firsts.iter().any(|l| whole(l, (1, 1)));
    if let [first] = c.firsts.as_slice() {
        let atom = match &first.directions {
            Directions::Absolute(v) => v.first().map(|&x| mbn_atom(atom_of(x))),
            Directions::Relative { .. } => None,
        };
        let atom = atom.unwrap_or_else(|| "W".into());
        return Err(format!(
            "a leap followed by a compound's turned leaps (as in `W-{{((fr)K)6}}`) is XBetza's `q{atom}` only both \
             ways round with six turned leaps each (X101); Betza 2.0 writes a circular rider as one atom letter \
             and its turn"
        ));
    }
    if !king || c.firsts.iter().any(|l| l.reach != Reach::LEAP) {
        return Err("a circular rider of several atoms other than the king's W and F (`(K)(fr)2`, `Kfr2`) \
                    has no XBetza spelling: Betza 2.0 writes a circular rider as one atom letter and its turn"
            .into());
    }
    let letters: String = c.turn.chars().filter(|c| !matches!(c, '(' | ')')).collect();
    Ok(format!("K{letters}{}", count_text(circle_count(c.count), false)?))
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

/// A complex rider of one repeated part as MBN writes it (X75): `(W-F)0` (the body's chain
/// repeated), `(N)(rf)0` (a circular rider: a leg, then optionally the same leg turning each time).
fn mbn_repeat(m: &crate::ir::Move) -> Option<Result<String, String>> {
    let plain = |first: &Vec<Vec<Part>>, alternatives: &Vec<Vec<Part>>, origin: &Vec<_>, destination: &Vec<_>| {
        first.is_empty() && alternatives.is_empty() && origin.is_empty() && destination.is_empty()
    };
    match m.parts.as_slice() {
        [Part::Repeat { first, count, first_alternatives, alternatives, origin, destination, .. }]
            if plain(first_alternatives, alternatives, origin, destination) =>
        {
            Some(body_text(first).and_then(|b| count_text(*count, true).map(|c| format!("({b}){c}"))))
        }
        [Part::Leg(leg), Part::Optional { body, count: None, .. }] => match body.as_slice() {
            [Part::Repeat { then, count, first_alternatives, alternatives, origin, destination, .. }]
                if plain(first_alternatives, alternatives, origin, destination) =>
            {
                let [Part::Leg(turn)] = then.as_slice() else { return None };
                let Directions::Relative { modifiers, .. } = &turn.directions else { return None };
                let text = || -> Result<String, String> {
                    let [one] = mbn_leg(leg, false)?.try_into().map_err(|_| "a leg of several atoms".to_string())?;
                    let turns = modifiers.concat();
                    Ok(format!("({one}){turns}{}", count_text(circle_count(*count), true)?))
                };
                Some(text())
            }
            _ => None,
        },
        // X86: the rounds of `nC0` start where the previous ended, in absolute directions.
        [Part::Repeat { then, alternatives, .. }]
            if !alternatives.is_empty()
                && matches!(then.first(), Some(Part::Leg(l)) if l.link == LegLink::Sequence) =>
        {
            Some(Err("a rider whose every leap takes any of several paths (the lame camel and zebra riders \
                      `nC0`, `nZ0`, X86) has no MBN spelling: MBN's later rounds go on from the previous \
                      round's last leg (M5), and a leap's paths end in different directions"
                .into()))
        }
        _ => None,
    }
}

/// The legs of a repeated body as an MBN chain. A later leg in absolute directions after a leg
/// in one direction (the lowered `nN0`, X78) is written turned from that leg (M2), as the chain
/// reads it: `bnN2` is `(bW-fF)2`.
fn body_text(body: &[Part]) -> Result<String, String> {
    let mut out = Vec::new();
    let mut prev: Option<Vector> = None;
    for (i, part) in body.iter().enumerate() {
        let Part::Leg(leg) = part else { return Err("a repeat inside a repeat has no translation".into()) };
        let turned = match (&leg.directions, prev) {
            (Directions::Absolute(vectors), Some(p)) if i > 0 => {
                let atom = atom_of(vectors[0]);
                let wanted = [(p, vectors.iter().copied().collect())];
                reroll::modifiers(atom, &wanted)
                    .map(|modifiers| Leg { directions: Directions::Relative { atom, modifiers }, ..(**leg).clone() })
            }
            _ => None,
        };
        prev = match &leg.directions {
            Directions::Absolute(v) if v.len() == 1 => Some(v[0]),
            _ => None,
        };
        let leg = turned.as_ref().unwrap_or(leg);
        let [one] = mbn_leg(leg, i == 0 && body.len() > 1)?.try_into().map_err(|_| "a leg of several atoms")?;
        out.push(one);
    }
    Ok(out.join("-"))
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

/// One move as MBN alternatives: a single leg's partials, or one chain (`-`) or sequence (`--`);
/// `alone`: the piece's only move, written without parentheses; `king`: the index of a `-` leg
/// written `K` rather than its W ([`king_pairs`]).
fn move_text(m: &crate::ir::Move, alone: bool, king: Option<usize>) -> Result<Vec<String>, String> {
    if let Some(text) = mbn_repeat(m) {
        let text = text?;
        return Ok(vec![if alone { text.clone() } else { format!("({text})") }]);
    }
    let mut out = Vec::new();
    // Each leg's partials, and the link before it (`--`, or `-` for a chain).
    let mut legs: Vec<(Vec<String>, &str)> = Vec::new();
    for (i, part) in m.parts.iter().enumerate() {
        let Part::Leg(leg) = part else {
            return Err("repeated and optional parts (`(W-F)0`, `[...]`) have no translation yet".into());
        };
        let link = match (i, leg.link) {
            (0, LegLink::First) => "",
            (_, LegLink::Sequence) if i > 0 => "--",
            (_, LegLink::Chain) if i > 0 => "-",
            _ => return Err("a leg linked as it cannot be".into()),
        };
        let chained = m.parts.get(1).is_some_and(|p| matches!(p, Part::Leg(l) if l.link == LegLink::Chain));
        let partials = mbn_leg_as(leg, i == 0 && chained, (king == Some(i)).then_some("K"))?;
        legs.push((partials, link));
    }
    if legs.iter().any(|(_, link)| *link == "-") {
        // A chain (`-`): every later leg is relative to the one before; a first leg of several
        // atoms is distributed, one chain per atom (`(jyW0-W)+(jyF0-W)`).
        let (first, rest) = legs.split_first().ok_or("an empty move")?;
        let mut tail = String::new();
        for (partials, link) in rest {
            let [one] = partials.as_slice() else {
                return Err("a leg of several direction groups inside a chain has no translation".into());
            };
            tail.push_str(&format!("{link}{one}"));
        }
        for p in &first.0 {
            let chain = format!("{p}{tail}");
            out.push(if first.0.len() > 1 || !alone { format!("({chain})") } else { chain });
        }
        return Ok(out);
    }
    let legs: Vec<String> = legs
        .iter()
        .map(|(p, _)| {
            let text = p.join("+");
            if m.parts.len() > 1 && p.len() > 1 {
                format!("({text})")
            } else {
                text
            }
        })
        .collect();
    // `+` binds tighter than `--` (D23): a chain among alternatives needs parentheses.
    let chain = legs.join("--");
    out.push(if legs.len() > 1 && !alone { format!("({chain})") } else { chain });
    Ok(out)
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

/// XBetza's letter for an atom (riders of W and F print as `R`, `B`).
fn xbetza_atom((m, n): (u32, u32), reach: Reach) -> Result<String, String> {
    let letter = match (m, n) {
        (0, 1) if reach == Reach::RIDE => return Ok("R".into()),
        (1, 1) if reach == Reach::RIDE => return Ok("B".into()),
        (0, 1) => 'W',
        (1, 1) => 'F',
        (0, 2) => 'D',
        (1, 2) => 'N',
        (2, 2) => 'A',
        (0, 3) => 'H',
        (1, 3) => 'C',
        (2, 3) => 'Z',
        (3, 3) => 'G',
        // A boosted leaper (X33): `:1,4:` is `FX`, `:2,4:` `DY`.
        _ => {
            let suffix = steps(reach)?;
            let base = |m: u32, n: u32, boost: char| {
                xbetza_atom((m, n), Reach::LEAP).ok().map(|b| format!("{b}{boost}{suffix}"))
            };
            let x = (n >= 3 && m <= n - 3).then(|| base(m, n - 3, 'X')).flatten();
            let y = (m >= 2).then(|| base(m - 2, n - 2, 'Y')).flatten();
            return x.or(y).ok_or_else(|| format!("XBetza has no atom for `:{m},{n}:`"));
        }
    };
    Ok(format!("{letter}{}", steps(reach)?))
}

/// XBetza's king atom, a W and an F leg alike (`K`, `K3`; riding, `Q`).
fn xbetza_king(reach: Reach) -> Result<String, String> {
    if reach == Reach::RIDE {
        return Ok("Q".into());
    }
    Ok(format!("K{}", steps(reach)?))
}

/// XBetza's modes for a leg (XBoard order: i, directions, m c d e, p, o, n).
fn xbetza_modes(leg: &Leg) -> Result<(String, String), String> {
    let caps = &leg.capabilities;
    let mut modes = String::new();
    let enemy = caps.iter().any(|c| matches!(c, Capability::Capture(t) if t.side == Side::Enemy && t.only.is_empty()));
    let rights = caps.contains(&Capability::Move { restriction: None, allows_en_passant: true });
    let plain_move = rights || caps.contains(&Capability::Move { restriction: None, allows_en_passant: false });
    if rights && !leg.non_jumping {
        return Err("XBetza creates e.p. rights only on non-jumping (`n`) moves".into());
    }
    if !(caps.len() == 2 && enemy && plain_move) {
        for c in caps {
            match c {
                Capability::Move { restriction: None, .. } => modes.push('m'),
                Capability::Capture(t) if t.only.is_empty() && t.side == Side::Enemy => modes.push('c'),
                Capability::Capture(t) if t.only.is_empty() && t.side == Side::Friend => modes.push('d'),
                Capability::EnPassant { pieces: None } => modes.push('e'),
                other => return Err(format!("XBetza has no mode for {other:?}")),
            }
        }
    }
    let mut initial = String::new();
    for e in &leg.extras {
        match e {
            Extra::Initial { decaying: false } => initial.push('i'),
            // `u` (X26): MBN's `wQ` moves and swaps (`umcQ`), a swap-only leg only swaps (`ucQ`).
            // MBN's `mwQ` is `wQ` (X45): the written `m` changes nothing.
            Extra::Other(text) if (modes.is_empty() || modes == "m") && unloaded(text).is_some() => {
                let side = unloaded(text).unwrap_or_default();
                modes = if caps.is_empty() { format!("u{side}") } else { format!("um{side}") };
            }
            Extra::Cylindrical { both_axes: false, files: None } => modes.push('o'),
            Extra::Cylindrical { both_axes: true, files: None } => modes.push_str("oo"),
            Extra::Cylindrical { files: Some(_), .. } => {
                return Err("XBetza has no connected files (`o[b,g]`, docs/SEMANTICS.md X40)".to_string())
            }
            Extra::Other(text) => return Err(format!("XBetza has no modifier for MBN's `{text}`")),
            other => return Err(format!("XBetza has no modifier for {other:?}")),
        }
    }
    match &leg.hop {
        None => {}
        Some(h) if !h.many && !h.optional && h.hurdles.is_none() && leg.reach == Reach::RIDE => modes.push('p'),
        Some(_) => return Err("only unlimited one-hurdle hops (`pR`) translate to XBetza".into()),
    }
    if leg.non_jumping {
        // `nn` creates e.p. rights (X36); `in` does too.
        modes.push_str(if rights && initial.is_empty() { "nn" } else { "n" });
    }
    Ok((initial, modes))
}

/// An exact slide of unit steps that creates e.p. rights (`W02` with `me`) as XBetza writes it: the
/// non-jumping leap of its length (`nD`; X36).
fn exact_slide_as_leap(leg: &Leg) -> Option<Leg> {
    let Reach::Steps { min, max: Some(max) } = leg.reach else { return None };
    let rights = leg.capabilities.iter().any(|c| matches!(c, Capability::Move { allows_en_passant: true, .. }));
    let Directions::Absolute(vectors) = &leg.directions else { return None };
    let unit = vectors.iter().all(|v| v.0.abs() <= 1 && v.1.abs() <= 1);
    if min != max || min < 2 || !rights || !unit || leg.non_jumping {
        return None;
    }
    let k = min as i32;
    let mut leap = leg.clone();
    leap.directions = Directions::Absolute(vectors.iter().map(|&(x, y)| (k * x, k * y)).collect());
    leap.reach = Reach::LEAP;
    leap.non_jumping = true;
    Some(leap)
}

/// A leg of a Betza 2.0 chain: its modes (a hop on the way is `p`, one over friends only `t`,
/// X20) and the rest as on a one-leg move; a leg `on_the_way` that moves and captures (MBN's `a`)
/// is `mc`, as XBetza's legs on the way only move by default (X13).
fn xbetza_chain_modes(leg: &Leg, on_the_way: bool) -> Result<(String, String), String> {
    let mut plain = leg.clone();
    let mut hop = String::new();
    plain.extras.retain(|e| match e {
        Extra::Other(t) if t == "jy" => {
            hop.push('p');
            false
        }
        Extra::Other(t) if t == "jj" => {
            hop.push('t');
            false
        }
        _ => true,
    });
    if !hop.is_empty() {
        // A visit neither moves nor captures there: the hop is its only mode.
        let (initial, _) = xbetza_modes(&Leg { capabilities: Vec::new(), ..plain })?;
        return Ok((initial, hop));
    }
    // X50: MBN's `me` on a chain's leg is XBetza's `n` there (`imefW-mW` = `ifmnW-mW`).
    let rights = Capability::Move { restriction: None, allows_en_passant: true };
    if plain.capabilities == [rights] {
        let moves = Capability::Move { restriction: None, allows_en_passant: false };
        let (initial, modes) = xbetza_modes(&Leg { capabilities: vec![moves], ..plain })?;
        return Ok((initial, format!("{modes}n")));
    }
    let (initial, modes) = xbetza_modes(&plain)?;
    let both = plain.mode_written && !plain.capabilities.is_empty() && modes.is_empty();
    Ok((initial, if on_the_way && both { "mc".into() } else { modes }))
}

/// The XBetza spellings found for a later leg of a chain ([`xbetza_chain`]), by the atom before
/// it, its atom and its MBN letters: tried first for the next leg written alike.
type Hints = std::cell::RefCell<std::collections::HashMap<(String, String, String), Vec<String>>>;

/// A chain of legs (`W-F`, `jyR-cR`) as a Betza 2.0 chain (`mW-F`, `pR-cR`): the first leg's
/// directions in one XBetza group per atom (several atoms: one chain each), later legs with
/// their relative directions (X22: MBN's `(fr)` is XBetza's `fr`, none is straight on; a `--`
/// leg's are searched, X81).
/// `alone`: the piece's only move, written without parentheses when it has one atom.
/// `king`: the index of a `-` leg written `K` (`Q` riding) rather than its W, and the move with its
/// F ([`king_pairs`]): the chain spells both.
fn xbetza_chain(
    m: &crate::ir::Move,
    candidates: &[String],
    alone: bool,
    hints: &Hints,
    king: Option<(usize, &crate::ir::Move)>,
) -> Result<String, String> {
    // The moves the chain's first `n` parts must be: the move's, and its king twin's once the
    // king leg is among them.
    let prefix = |n: usize| {
        let mut moves = vec![crate::ir::Move { parts: m.parts[..n].to_vec(), span: m.span }];
        if let Some((_, twin)) = king.filter(|&(k, _)| k < n) {
            moves.push(crate::ir::Move { parts: twin.parts[..n].to_vec(), span: twin.span });
        }
        MoveSet { moves }
    };
    let mut legs = Vec::new();
    for part in &m.parts {
        let Part::Leg(leg) = part else {
            return Err("repeated and optional parts have no XBetza translation yet".into());
        };
        legs.push(leg.as_ref());
    }
    let (first, rest) = legs.split_first().ok_or("an empty move")?;
    // A later leg: its initial, its modes, its atom, and MBN's relative direction letters.
    let mut later = Vec::new();
    for (i, leg) in rest.iter().enumerate() {
        let (initial, modes) = xbetza_chain_modes(leg, i + 1 < rest.len())?;
        match (leg.link, plain_directions(leg)?) {
            (LegLink::Chain, Directions::Relative { atom, modifiers }) => {
                let letters: String = modifiers.concat().chars().filter(|c| !matches!(c, '(' | ')')).collect();
                let atom = if king.is_some_and(|(k, _)| k == i + 1) {
                    xbetza_king(leg.reach)?
                } else {
                    xbetza_atom(*atom, leg.reach)?
                };
                later.push((initial, modes, atom, letters));
            }
            // X81: a `--` leg of one atom; its XBetza letters, relative to the leg before, are searched.
            (LegLink::Sequence, Directions::Absolute(vectors)) => {
                let [(atom, _)] = by_atom(vectors)[..] else {
                    return Err("a `--` leg of several atoms".into());
                };
                later.push((initial, modes, xbetza_atom(atom, leg.reach)?, String::new()));
            }
            _ => return Err("a chained leg with absolute directions".into()),
        }
    }
    let vectors = plain(first)?;
    let (initial, modes) = xbetza_chain_modes(first, !rest.is_empty())?;
    // Each first-leg atom with the XBetza group naming its directions.
    let atoms: Vec<_> =
        by_atom(vectors).into_iter().map(|(atom, list)| (atom, exact_group(atom, &list, candidates))).collect();
    let first_atoms: String = atoms.iter().map(|(atom, _)| mbn_atom(*atom)).collect();
    // One chain per first-leg atom and per choice of each later leg's alternative spellings.
    let render = |spellings: &[Vec<String>]| -> Result<String, String> {
        let mut combos: Vec<Vec<&str>> = vec![Vec::new()];
        for alternatives in spellings {
            combos = combos
                .iter()
                .flat_map(|c| alternatives.iter().map(move |a| [c.as_slice(), &[a.as_str()]].concat()))
                .collect();
        }
        let bare = alone && atoms.len() == 1 && combos.len() == 1;
        let mut out = String::new();
        for combo in &combos {
            let tail: String = later
                .iter()
                .zip(combo)
                .map(|((initial, modes, atom, _), letters)| format!("-{initial}{letters}{modes}{atom}"))
                .collect();
            for (atom, group) in &atoms {
                let group = group.as_ref().ok_or("the first leg's directions are no one XBetza group")?;
                let chain = format!("{initial}{group}{modes}{}{tail}", xbetza_atom(*atom, first.reach)?);
                out.push_str(&if bare { chain } else { format!("({chain})") });
            }
        }
        Ok(out)
    };
    // MBN's turn letters mean in XBetza what they say (`s`, `l`, `fr`, ...), but not all of them
    // (`d`: any way, `t`, `tt`). Where the verbatim spelling is not the same move, each later
    // leg's XBetza letters are searched among the direction groups and their pairs, leg by leg:
    // the chain up to that leg, compiled back, must be MBN's chain up to that leg (X77: MBN `W-dW`
    // is XBetza `W-svW`; `W-dW-dW` is `W-svW-svW`). Where no one spelling is, the leg's paths are
    // covered by several (X79: `F-dF` is `(F-vF)(F-sF)`), one chain each.
    let verbatim: Vec<Vec<String>> = later.iter().map(|(.., letters)| vec![letters.clone()]).collect();
    let text = render(&verbatim)?;
    if same_move(&text, &ancp::Prepared::new(&prefix(m.parts.len()))) {
        return Ok(text);
    }
    let groups: Vec<&str> = std::iter::once("").chain(candidates.iter().map(String::as_str)).collect();
    let mut spellings = verbatim.clone();
    for i in 0..later.len() {
        let prefix = prefix(i + 2);
        let prepared = ancp::Prepared::new(&prefix);
        let tried = |spellings: &[Vec<String>]| -> Result<Option<String>, String> {
            let text = render(&spellings[..=i])?;
            Ok(same_move(&text, &prepared).then_some(text))
        };
        if tried(&spellings)?.is_some() {
            continue;
        }
        // A leg written as one spelled before, after the same atom (`W-dW-dW`), is first
        // tried with the letters found for that one: a piece's chains then search once per way
        // of writing a leg, not once per leg.
        let key =
            (if i == 0 { first_atoms.clone() } else { later[i - 1].2.clone() }, later[i].2.clone(), later[i].3.clone());
        if let Some(hint) = hints.borrow().get(&key) {
            spellings[i] = hint.clone();
            if tried(&spellings)?.is_some() {
                continue;
            }
            spellings[i] = verbatim[i].clone();
        }
        let mut found = false;
        // A pair never doubles a letter where the groups meet (`f` + `fl` is no `ffl`: XBetza's
        // doubled letters name other sets, X2).
        let apart = |a: &str, b: &str| a.chars().last().is_none_or(|c| !b.starts_with(c));
        'search: for a in &groups {
            for b in groups.iter().filter(|&&b| b.is_empty() || (*a < b && apart(a, b))) {
                spellings[i] = vec![format!("{a}{b}")];
                if tried(&spellings)?.is_some() {
                    found = true;
                    break 'search;
                }
            }
        }
        if !found {
            // No XBetza letters for this leg: a `--` leg says why (X81); otherwise the verbatim
            // text, which the caller's check refuses.
            let unspelled = || match rest[i].link {
                LegLink::Sequence => Err(UNSPELLED_SEQUENCE.to_string()),
                _ => Ok(text.clone()),
            };
            let cover = cover_paths(&prefix, &groups, |g| {
                let mut s = spellings.clone();
                s[i] = vec![g.to_string()];
                render(&s[..=i])
            });
            let Some(alternatives) = cover else { return unspelled() };
            spellings[i] = alternatives;
            if tried(&spellings)?.is_none() {
                return unspelled();
            }
        }
        hints.borrow_mut().insert(key, spellings[i].clone());
    }
    render(&spellings)
}

/// X81: a move whose `--` legs have several atoms as the moves with one atom on each (`W--K` is
/// `W--W` and `W--F`): XBetza letters spell one atom's directions.
fn split_sequence_atoms(m: &crate::ir::Move) -> Vec<crate::ir::Move> {
    let mut out = vec![m.clone()];
    for (i, part) in m.parts.iter().enumerate() {
        let Part::Leg(leg) = part else { continue };
        let Directions::Absolute(vectors) = &leg.directions else { continue };
        let atoms = by_atom(vectors);
        if leg.link != LegLink::Sequence || atoms.len() < 2 {
            continue;
        }
        out = out
            .iter()
            .flat_map(|m| {
                atoms.iter().map(move |(_, list)| {
                    let mut one = m.clone();
                    if let Part::Leg(l) = &mut one.parts[i] {
                        l.directions = Directions::Absolute(list.clone());
                    }
                    one
                })
            })
            .collect();
    }
    out
}

/// X81: a chain whose `--` leg turns differently after each direction of the first leg, as one
/// chain per direction group of the first leg (`mW--fF` is `(fmW-fF)(bmW-bF)(rmW-lF)(lmW-rF)`):
/// the largest groups whose chain translates, until every direction of the first leg is covered.
fn chains_by_first_direction(m: &crate::ir::Move, candidates: &[String], hints: &Hints) -> Result<Vec<String>, String> {
    let Some(Part::Leg(first)) = m.parts.first() else { return Err(UNSPELLED_SEQUENCE.into()) };
    let mut out = Vec::new();
    for (atom, list) in by_atom(plain(first)?) {
        let mut left = list.clone();
        for group in groups_within(atom, &list, candidates) {
            if !group.iter().all(|v| left.contains(v)) {
                continue;
            }
            let mut part = m.clone();
            if let Some(Part::Leg(leg)) = part.parts.first_mut() {
                leg.directions = Directions::Absolute(group.clone());
            }
            if let Ok(chain) = xbetza_chain(&part, candidates, false, hints, None) {
                out.push(chain);
                left.retain(|v| !group.contains(v));
            }
        }
        if !left.is_empty() {
            return Err(UNSPELLED_SEQUENCE.into());
        }
    }
    Ok(out)
}

/// The direction groups of `atom` that XBetza letters among `candidates` name inside `list`, each
/// once, largest first: the parts a first leg's directions split into, one move each (X81, X93).
fn groups_within(atom: (u32, u32), list: &[Vector], candidates: &[String]) -> Vec<Vec<Vector>> {
    let mut groups: Vec<Vec<Vector>> = Vec::new();
    for c in candidates {
        let s = xdir::select(atom.0, atom.1, &[c.as_str()]);
        if !s.is_empty() && s.iter().all(|v| list.contains(v)) && !groups.contains(&s) {
            groups.push(s);
        }
    }
    groups.sort_by_key(|g| std::cmp::Reverse(g.len()));
    groups
}

/// Why a `--` leg has no XBetza spelling (X81).
const UNSPELLED_SEQUENCE: &str = "a `--` leg whose directions no XBetza continuation letters spell from every \
     direction of the leg before (XBetza reads a later leg's directions relative to that leg)";

/// X79: spellings of one later leg whose chains together have exactly the paths of `prefix` (MBN's
/// chain up to that leg, with its king twin if any), chosen greedily among `groups` whose chain
/// (`chain`) has only paths of `prefix`; `None` when they do not cover it.
fn cover_paths(
    prefix: &MoveSet,
    groups: &[&str],
    chain: impl Fn(&str) -> Result<String, String>,
) -> Option<Vec<String>> {
    let target = ancp::paths::texts(prefix)?;
    let mut parts: Vec<(String, std::collections::BTreeSet<Vec<String>>)> = Vec::new();
    for g in groups {
        let Some(paths) = chain(g).ok().and_then(|t| super::compile(&t).ok()).and_then(|b| ancp::paths::texts(&b))
        else {
            continue;
        };
        if !paths.is_empty() && paths.is_subset(&target) {
            parts.push((g.to_string(), paths));
        }
    }
    let mut covered = std::collections::BTreeSet::new();
    let mut chosen = Vec::new();
    while covered != target {
        // The first of the groups covering most (simplest letters first).
        let (g, paths) = parts.iter().rev().max_by_key(|(_, p)| p.difference(&covered).count())?;
        if paths.is_subset(&covered) {
            return None;
        }
        covered.extend(paths.iter().cloned());
        chosen.push(g.clone());
    }
    Some(chosen)
}

/// Whether the XBetza `text` compiles to the move `target` was made from ([`target`]).
fn same_move(text: &str, target: &ancp::Prepared) -> bool {
    super::compile(text).is_ok_and(|back| target.equals(&back))
}

/// One move made ready for [`same_move`]'s comparisons.
fn target(m: &crate::ir::Move) -> ancp::Prepared {
    ancp::Prepared::new(&MoveSet { moves: vec![m.clone()] })
}

/// A complex rider as Betza 2.0 writes it (X75): a repeated chain `(W-F)0` (X23), a circular
/// rider `Nrf0` (X24: the turn on the range count).
fn xbetza_repeat(m: &crate::ir::Move, candidates: &[String], hints: &Hints) -> Option<Result<String, String>> {
    let plain = |first: &Vec<Vec<Part>>, alternatives: &Vec<Vec<Part>>, origin: &Vec<_>, destination: &Vec<_>| {
        first.is_empty() && alternatives.is_empty() && origin.is_empty() && destination.is_empty()
    };
    match m.parts.as_slice() {
        // X24: a leg that moves or captures, replayed straight on, is a range count with `c`:
        // `(aW)0` is `Rc0` (written `Wc0`), `(afF)3` is `fFc3`.
        [Part::Repeat { first, then, count, first_alternatives, alternatives, origin, destination }]
            if plain(first_alternatives, alternatives, origin, destination) && first.len() == 1 && then.len() == 1 =>
        {
            // Later times round replay the first (M5); the piece's compile-back check (`check`)
            // refuses any other reading.
            let ([Part::Leg(leg)], [Part::Leg(_)]) = (first.as_slice(), then.as_slice()) else { return None };
            Some(rampager(leg, *count, candidates))
        }
        [Part::Repeat { first, count, first_alternatives, alternatives, origin, destination, .. }]
            if first.len() > 1 && plain(first_alternatives, alternatives, origin, destination) =>
        {
            let body = crate::ir::Move { parts: first.clone(), span: m.span };
            Some(xbetza_chain(&body, candidates, true, hints, None).and_then(|c| {
                if c.starts_with('(') {
                    return Err("a repeated chain whose first leg has several atoms".into());
                }
                Ok(format!("({c}){}", count_text(*count, false)?))
            }))
        }
        [Part::Leg(leg), Part::Optional { body, count: None, .. }] => match body.as_slice() {
            [Part::Repeat { then, count, first_alternatives, alternatives, origin, destination, .. }]
                if plain(first_alternatives, alternatives, origin, destination) =>
            {
                let [Part::Leg(turn)] = then.as_slice() else { return None };
                let Directions::Relative { atom, modifiers } = &turn.directions else { return None };
                let text = || -> Result<String, String> {
                    let (initial, modes) = xbetza_modes(leg)?;
                    let vectors = plain_directions(leg).and_then(|d| match d {
                        Directions::Absolute(v) => Ok(v.clone()),
                        _ => Err("a relative first leg".to_string()),
                    })?;
                    // X100, X102: `m` on every leap (`(mN)(fr)7`) and `i` are kept for
                    // `circles_as_q` to fold with the other way round into `mqN`, `iqN`; XBetza
                    // has no modes on one way round.
                    if !(initial.is_empty() || initial == "i")
                        || !(modes.is_empty() || modes == "m" && moves_only_circle(leg, turn))
                    {
                        return Err("a circular rider with modes on its first leg".into());
                    }
                    // X99: a first leap in some directions has them written before it (`rfNfr7`).
                    let groups = cover(&vectors, candidates, &group_vectors(*atom))
                        .ok_or("no XBetza cover of the directions")?;
                    let letters: String = modifiers.concat().chars().filter(|c| !matches!(c, '(' | ')')).collect();
                    let rider = format!(
                        "{modes}{}{letters}{}",
                        xbetza_atom(*atom, leg.reach)?,
                        count_text(circle_count(*count), false)?
                    );
                    Ok(groups.iter().map(|g| format!("{initial}{g}{rider}")).collect())
                };
                Some(text())
            }
            _ => None,
        },
        _ => None,
    }
}

/// Whether a circular rider's first leap `leg` and turned leap `turn` both have `m` alone
/// written (`(mN)(fr)7`, X100).
fn moves_only_circle(leg: &Leg, turn: &Leg) -> bool {
    let only_move = ancp::paths::only_move();
    [leg, turn].iter().all(|l| l.mode_written && l.capabilities == only_move)
}

/// `(aW)0` as XBetza's `Wc0` (X24): each direction group of the leg with `c` on its count.
fn rampager(leg: &Leg, count: Count, candidates: &[String]) -> Result<String, String> {
    let (initial, modes) = xbetza_modes(leg)?;
    if !initial.is_empty()
        || !modes.is_empty()
        || !leg.capabilities.iter().any(|c| matches!(c, Capability::Move { .. }))
    {
        return Err(
            "a repeated leg translates to XBetza only when it moves or captures every time (`(aW)0` = `Rc0`)".into()
        );
    }
    let count = count_text(count, false)?;
    let mut out = String::new();
    for (atom, list) in by_atom(plain(leg)?) {
        let groups = cover(&list, candidates, &group_vectors(atom)).ok_or("no XBetza cover of the directions")?;
        let letter = xbetza_atom(atom, leg.reach)?;
        for g in groups {
            out.push_str(&format!("{g}{letter}c{count}"));
        }
    }
    Ok(out)
}

/// XBetza text for a lowered piece, checked to compile back to an equal piece.
pub fn to_xbetza(moves: &MoveSet) -> Result<String, String> {
    // X99: XBetza's `q` with a first leap in some directions (`rfqN`) or turning W into F (`qW`),
    // also as MBN writes the latter (`W-{((fr)K)6}`, X101).
    if moves.moves.iter().any(|m| unrolled(m) || q_circle::compound_turns(m)) {
        if let Some(text) = q_circle::spelled(moves, &candidates()) {
            return Ok(text);
        }
    }
    // X97: circles unrolled into chains (XBetza's own `qN` read back) print as circular riders,
    // which MBN's translation rolls them into: `qN` is `(N)(fr)7+(N)(fl)7`, again `qN`.
    if rolls_into_circles(moves) {
        let rolled = to_mbn(moves).ok().and_then(|m| crate::compile_move(&m).ok());
        if let Some(text) = rolled.and_then(|back| spell_xbetza(&back).ok()) {
            if let Ok(text) = check(&text, moves, super::compile) {
                return Ok(text);
            }
        }
    }
    spell_xbetza(moves)
}

/// XBetza's direction groups, simplest first: what the letter searches try.
fn candidates() -> Vec<String> {
    [
        "v", "s", "f", "b", "l", "r", "fh", "bh", "lh", "rh", "hr", "hl", "fs", "bs", "lv", "rv", "fr", "fl", "br",
        "bl", "rf", "lf", "rb", "lb",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect()
}

/// A multi-leg move of absolute legs only: XBetza's `a` and `q` moves as the reader unrolls them.
fn unrolled(m: &crate::ir::Move) -> bool {
    m.parts.len() > 1
        && m.parts.iter().all(|p| matches!(p, Part::Leg(l) if matches!(l.directions, Directions::Absolute(_))))
}

/// Whether the multi-leg moves of `moves` that are unrolled legs (a circle of XBetza's `q`) roll
/// into chains of which some are circular riders (X97).
fn rolls_into_circles(moves: &MoveSet) -> bool {
    let multi = MoveSet { moves: moves.moves.iter().filter(|m| unrolled(m)).cloned().collect() };
    let Some(paths) = ancp::paths::split(&multi) else { return false };
    let paths: Vec<_> = paths.into_iter().map(|(_, p)| p).collect();
    !multi.moves.is_empty()
        && paths.len() <= MAX_ROLLED
        && reroll::chains(&paths).is_some_and(|chains| !reroll::circles(&chains).0.is_empty())
}

/// [`to_xbetza`], spelled from the moves as they are.
fn spell_xbetza(moves: &MoveSet) -> Result<String, String> {
    let candidates = candidates();
    // X80: a choice `[...]` is the moves with and without it (M4): `K-[W]` is `K+(K-W)`.
    // Shorter moves of one choice first (`N-[W]` prints `N(N-W)`).
    let expanded: Vec<crate::ir::Move> = moves
        .moves
        .iter()
        .flat_map(|m| {
            let mut split = crate::plan::split_counted_choices(m);
            split.sort_by_key(|m| m.parts.len());
            split
        })
        .flat_map(|m| split_sequence_atoms(&m))
        .collect();
    // One-leg moves first, then repeats and chains, each printed once (`N-[W]-[W]` has `N-W` twice,
    // `K-[W]` has `W` for each atom of its first leg).
    let mut singles: Vec<String> = Vec::new();
    let mut chains: Vec<String> = Vec::new();
    let add = |list: &mut Vec<String>, text: String| {
        if !list.contains(&text) {
            list.push(text);
        }
    };
    let hints = Hints::default();
    // X98: the moves of a circular king (`Kfr2`), printed as one rider.
    let circles = compound_circle::find(&expanded);
    for c in &circles {
        add(&mut chains, circular_king(c)?);
    }
    let kings = king_pairs(&expanded);
    for (i, m) in expanded.iter().enumerate() {
        if circles.iter().any(|c| c.moves.contains(&i)) || kings.iter().any(|&(_, f, _)| f == i) {
            continue;
        }
        let king = kings.iter().find(|&&(w, ..)| w == i).map(|&(_, f, k)| (k, &expanded[f]));
        if let Some(text) = xbetza_repeat(m, &candidates, &hints) {
            add(&mut chains, text?);
            continue;
        }
        if m.parts.len() > 1 {
            // The move the chain must be: with its twin whose F the chain's `K` says.
            let goal = ancp::Prepared::new(&MoveSet {
                moves: [Some(m), king.map(|(_, f)| f)].into_iter().flatten().cloned().collect(),
            });
            let chain = match xbetza_chain(m, &candidates, expanded.len() == 1, &hints, king) {
                Err(e) if e == UNSPELLED_SEQUENCE => chains_by_first_direction(m, &candidates, &hints),
                chain => chain.map(|c| vec![c]),
            };
            // X93: where no chain spells the move, XBetza's `a` moves may (`F-(fl)W` is `maflF`).
            let spelled = match chain {
                Ok(texts) if same_move(&texts.concat(), &goal) => Ok(texts),
                other => a_form::a_moves(m, &candidates).or(other),
            };
            for text in spelled? {
                add(&mut chains, text);
            }
            continue;
        }
        let Some(leg) = m.single_leg() else {
            if let [Part::Repeat { first_alternatives, alternatives, .. }] = m.parts.as_slice() {
                if !first_alternatives.is_empty() || !alternatives.is_empty() {
                    return Err("a complex rider that may take another atom or turn each time round (`(aK)0`, \
                                `(dK)0`) has no XBetza spelling"
                        .into());
                }
            }
            return Err("only single-leg moves and chains (`-`) translate to XBetza yet".into());
        };
        let leap = exact_slide_as_leap(leg);
        let leg = leap.as_ref().unwrap_or(leg);
        let vectors = plain(leg)?;
        let (initial, modes) = xbetza_modes(leg)?;
        for (atom, list) in by_atom(vectors) {
            let groups = cover(&list, &candidates, &group_vectors(atom)).ok_or("no XBetza cover of the directions")?;
            let letter = xbetza_atom(atom, leg.reach)?;
            for g in groups {
                add(&mut singles, format!("{initial}{g}{modes}{letter}"));
            }
        }
    }
    // X97: both ways round an oblique atom's circle, seven leaps each, is seed 001's `q`.
    if let Some(folded) = circles_as_q(&chains) {
        if let Ok(text) = check(&(singles.concat() + &folded.concat()), moves, super::compile) {
            return Ok(text);
        }
    }
    let out = singles.concat() + &chains.concat();
    check(&out, moves, super::compile).map_err(|e| {
        if expanded.iter().any(moded_circle) {
            "a circular rider whose leaps have `m` or `i` written translates to XBetza only as both ways round \
             an oblique atom's circle with seven leaps each, from the same first leaps (`(mN)(fr)7+(mN)(fl)7` is \
             `mqN`, X100; `(iN)(fr)7+(iN)(fl)7` is `iqN`, X102): mbn does not read Betza 2.0's mode before a \
             turned count (`mNrf7`)"
                .to_string()
        } else {
            e
        }
    })
}

/// Whether `m` is a circular rider whose leaps have `m` alone written (`(mN)(fr)7`, X100), or
/// whose first leap has `i` (`(iN)(fr)7`, X102).
fn moded_circle(m: &crate::ir::Move) -> bool {
    let [Part::Leg(leg), Part::Optional { body, count: None, .. }] = m.parts.as_slice() else { return false };
    let [Part::Repeat { then, .. }] = body.as_slice() else { return false };
    let initial = leg.extras.iter().any(|e| matches!(e, crate::ir::Extra::Initial { decaying: false }));
    matches!(then.as_slice(), [Part::Leg(turn)] if initial || moves_only_circle(leg, turn))
}

/// The printed moves with each pair of circular riders `Nfr7` and `Nfl7` (or `rf`, `lf`) of one
/// oblique atom written as XBetza's circular rider `qN` (X97), directions on the first leap kept
/// (`rfNfr7` and `rfNfl7` are `rfqN`, X99), or `None` when there is no pair.
fn circles_as_q(chains: &[String]) -> Option<Vec<String>> {
    let mut out = chains.to_vec();
    let mut folded = false;
    for atom in ["N", "C", "Z"] {
        // The first leap's directions of a rider turning `turns`, if `text` is one.
        let rider = |text: &str, turns: [&str; 2]| {
            turns.iter().find_map(|t| text.strip_suffix(&format!("{atom}{t}7"))).map(str::to_string)
        };
        let mut i = 0;
        while i < out.len() {
            let Some(group) = rider(&out[i], ["fr", "rf"]) else {
                i += 1;
                continue;
            };
            let left = out.iter().position(|c| rider(c, ["fl", "lf"]).as_deref() == Some(group.as_str()));
            match left {
                Some(left) if group.chars().all(|c| c.is_ascii_lowercase()) => {
                    out[i.min(left)] = format!("{group}q{atom}");
                    out.remove(i.max(left));
                    folded = true;
                }
                _ => i += 1,
            }
        }
    }
    folded.then_some(out)
}
