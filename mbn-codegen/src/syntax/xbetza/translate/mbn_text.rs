//! A lowered piece printed as MBN ([`to_mbn`]): one partial per atom and direction group, chains
//! `-` and sequences `--` leg by leg, complex and circular riders as MBN writes them.

use super::{
    by_atom, check, circle_count, count_text, cover, king_pairs, mbn_atom, plain, plain_directions, steps, unrolled,
    MAX_ROLLED, SWAPS,
};
use super::{compound_circle, reroll};
use crate::ancp;
use crate::interp::multileg::atom_of;
use crate::ir::{Capability, Directions, Extra, Leg, LegLink, MoveSet, Part, Reach, Side, Vector};
use crate::lower::directions as mdir;

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

/// A plain move.
const MOVE: Capability = Capability::Move { restriction: None, allows_en_passant: false };

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
