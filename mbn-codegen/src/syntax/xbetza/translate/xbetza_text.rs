//! A lowered piece printed as XBetza ([`to_xbetza`]): Betza 2.0 chains with their continuation
//! letters searched leg by leg, XBetza's `a` and `q` moves, and complex riders as Betza 2.0
//! writes them.

use super::{a_form, compound_circle, q_circle, reroll};
use super::{
    by_atom, check, circle_count, count_text, cover, exact_group, group_vectors, king_pairs, mbn_atom, plain,
    plain_directions, steps, unloaded, unrolled, MAX_ROLLED,
};
use crate::ancp;
use crate::interp::multileg::atom_of;
use crate::ir::{Capability, Count, Directions, Extra, Leg, LegLink, MoveSet, Part, Reach, Side, Vector};
use crate::syntax::xbetza::directions as xdir;

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

/// XBetza's letter for an atom (riders of W and F print as `R`, `B`).
pub(super) fn xbetza_atom((m, n): (u32, u32), reach: Reach) -> Result<String, String> {
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
pub(super) fn xbetza_modes(leg: &Leg) -> Result<(String, String), String> {
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
pub(super) fn xbetza_chain_modes(leg: &Leg, on_the_way: bool) -> Result<(String, String), String> {
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
pub(super) fn groups_within(atom: (u32, u32), list: &[Vector], candidates: &[String]) -> Vec<Vec<Vector>> {
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
pub(super) const UNSPELLED_SEQUENCE: &str =
    "a `--` leg whose directions no XBetza continuation letters spell from every \
     direction of the leg before (XBetza reads a later leg's directions relative to that leg)";

/// X79: spellings of one later leg whose chains together have exactly the paths of `prefix` (MBN's
/// chain up to that leg, with its king twin if any), chosen greedily among `groups` whose chain
/// (`chain`) has only paths of `prefix`; `None` when they do not cover it.
pub(super) fn cover_paths(
    prefix: &MoveSet,
    groups: &[&str],
    chain: impl Fn(&str) -> Result<String, String>,
) -> Option<Vec<String>> {
    let target = ancp::paths::texts(prefix)?;
    let mut parts: Vec<(String, std::collections::BTreeSet<Vec<String>>)> = Vec::new();
    for g in groups {
        let Some(paths) =
            chain(g).ok().and_then(|t| super::super::compile(&t).ok()).and_then(|b| ancp::paths::texts(&b))
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
pub(super) fn same_move(text: &str, target: &ancp::Prepared) -> bool {
    super::super::compile(text).is_ok_and(|back| target.equals(&back))
}

/// One move made ready for [`same_move`]'s comparisons.
pub(super) fn target(m: &crate::ir::Move) -> ancp::Prepared {
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
        let rolled = super::to_mbn(moves).ok().and_then(|m| crate::compile_move(&m).ok());
        if let Some(text) = rolled.and_then(|back| spell_xbetza(&back).ok()) {
            if let Ok(text) = check(&text, moves, super::super::compile) {
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
pub(super) fn spell_xbetza(moves: &MoveSet) -> Result<String, String> {
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
        if let Ok(text) = check(&(singles.concat() + &folded.concat()), moves, super::super::compile) {
            return Ok(text);
        }
    }
    let out = singles.concat() + &chains.concat();
    check(&out, moves, super::super::compile).map_err(|e| {
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
