//! Betza 2.0 chaining (seed `002`, "Betza 2.0" and "Quirky stuff") lowered to the IR of MBN's
//! `-` legs (docs/SEMANTICS.md X20–X25; the modes `n` `e` `u` `y` `g` on legs X50–X52, `di` X53).
//!
//! A chain `A-B-C` is a move whose legs are written as parts of their own, each with its own
//! atom, modes and range. The first leg's directions are XBetza's (X2), as on a one-leg move;
//! every later leg becomes an MBN `-` leg ([`LegLink::Chain`] with [`Directions::Relative`]):
//! directions relative to the previous leg, straight on (or the least turn) when none is written.
//! So `mW-F` has the IR of MBN's `W-fF`, `pR-cR` that of `jyR-cR`. A parenthesised chain with a
//! count is MBN's complex rider (`(W-F)0`); modifiers on a range count make the steps of a rider
//! turn (`Nrf0` = MBN's `(N)(rf)0`) or capture on the way (`Rc0` = MBN's `(aW)0`). The a-leg
//! form's modes mean the same on a chain's legs: `n` is MBN's `me` (`ifmnW-mW` = `imefW-mW`),
//! `e` MBN's `ce`, `u` on the last leg X27's relocation (`Q-udQ`), `g` and `y` toggle the next
//! leg's range (`gQ-Q` = `pQ-K`).

use super::lower::{atom, boosted, default_capabilities, reach, unsupported};
use super::{directions, Spanned, XChain, XLeg, XPart, XRange};
use crate::diagnostic::Diagnostic;
use crate::ir::{Capability, Count, Directions, Extra, Leg, LegLink, Move, Part, Reach, Side, Targets};
use crate::syntax::ast::{OptionalKind, Span};

/// Lowers a chain: one move per choice of atom on every leg (`K` is a W and an F leg).
pub(super) fn lower_chain(chain: &XChain) -> Result<Vec<Move>, Vec<Diagnostic>> {
    let span = chain.span;
    let moves = |alternatives: Vec<Vec<Part>>| alternatives.into_iter().map(|parts| Move { parts, span }).collect();
    let Some(range) = chain.repeat else {
        return Ok(moves(alternatives(chain, LegLink::First)?));
    };
    if chain.legs.len() == 1 {
        return Err(vec![unsupported(span, "(")
            .with_help("a count on one atom in parentheses: write the range on the atom (`W0`, `N3`)")]);
    }
    let count = count_of(range);
    // MBN's complex rider (D17, M5): the first time round as written, later ones relative.
    let first = alternatives(chain, LegLink::First)?;
    let then = alternatives(chain, LegLink::Chain)?;
    let first_alternatives = if first.len() > 1 { first.clone() } else { Vec::new() };
    let later_alternatives = if then.len() > 1 { then.clone() } else { Vec::new() };
    let repeats = first
        .into_iter()
        .map(|first| {
            let at = signature(&first);
            let next = then.iter().find(|t| signature(t) == at).cloned().unwrap_or_default();
            vec![Part::Repeat {
                first,
                then: next,
                first_alternatives: first_alternatives.clone(),
                alternatives: later_alternatives.clone(),
                count,
                origin: Vec::new(),
                destination: Vec::new(),
            }]
        })
        .collect();
    Ok(moves(repeats))
}

/// A range after `)` or on a count: `0` any number of times, `n` at most n.
fn count_of(range: XRange) -> Count {
    match range {
        XRange::Number(n) if n > 0 => Count::Between { min: 1, max: Some(n) },
        _ => Count::Between { min: 1, max: None },
    }
}

/// Where the legs of an alternative were written and their atoms, to pair a repeat's first time
/// round with its later ones.
fn signature(parts: &[Part]) -> Vec<(usize, usize, (u32, u32))> {
    parts
        .iter()
        .filter_map(|p| match p {
            Part::Leg(leg) => Some((leg.span.start, leg.span.end, leg_atom(leg))),
            _ => None,
        })
        .collect()
}

fn leg_atom(leg: &Leg) -> (u32, u32) {
    match &leg.directions {
        Directions::Relative { atom, .. } => *atom,
        Directions::Absolute(v) => v.first().map_or((0, 0), |&(x, y)| {
            let (a, b) = (x.unsigned_abs(), y.unsigned_abs());
            (a.min(b), a.max(b))
        }),
    }
}

/// Every combination of the legs' atoms; `link` is how the first leg goes (`First`: as written,
/// `Chain`: relative to the previous time round of a repeat).
fn alternatives(chain: &XChain, link: LegLink) -> Result<Vec<Vec<Part>>, Vec<Diagnostic>> {
    let mut result: Vec<Vec<Part>> = vec![Vec::new()];
    let mut errors = Vec::new();
    let n = chain.legs.len();
    // X52: `y` and `g` toggle the range of the leg after theirs.
    let mut toggled = false;
    for (i, part) in chain.legs.iter().enumerate() {
        let leg_link = if i == 0 { link } else { LegLink::Chain };
        let at = Position { link: leg_link, first: i == 0, last: i + 1 == n, toggled };
        toggled = part.legs.iter().flat_map(|l| &l.modes).any(|&(c, _)| matches!(c, 'y' | 'g'));
        match leg_options(part, at) {
            Ok(options) => {
                result = result
                    .into_iter()
                    .flat_map(|prefix| {
                        options.iter().map(move |o| {
                            let mut parts = prefix.clone();
                            parts.push(Part::Leg(Box::new(o.clone())));
                            parts
                        })
                    })
                    .collect();
            }
            Err(e) => errors.extend(e),
        }
    }
    if errors.is_empty() {
        Ok(result)
    } else {
        Err(errors)
    }
}

/// Where a leg stands in its chain.
#[derive(Clone, Copy)]
struct Position {
    /// How it follows the leg before (`First`: it is the first leg of the move).
    link: LegLink,
    first: bool,
    last: bool,
    /// The leg before toggles this leg's range (`y`, `g`; X52).
    toggled: bool,
}

/// The legs one part of a chain stands for, one per atom of its letter.
fn leg_options(part: &XPart, at: Position) -> Result<Vec<Leg>, Vec<Diagnostic>> {
    let Position { link, first, last, toggled } = at;
    if part.legs.len() > 1 {
        return Err(vec![
            unsupported(part.span, "a").with_help("`a` inside a Betza 2.0 chain: write every leg with `-` (`mW-F`)")
        ]);
    }
    if part.count_modifiers.is_some() {
        return Err(vec![
            unsupported(part.span, "-").with_help("a range count with modifiers (`Nrf0`) as a leg of a chain")
        ]);
    }
    let Some((atoms, rides)) = atom(part.atom).filter(|_| part.atom != 'U') else {
        return Err(vec![unsupported(part.atom_span, &part.atom.to_string())
            .with_help("a Betza 2.0 chain takes the atoms W F D N A H C Z G L J K R B Q")]);
    };
    let (atoms, rides) = boosted(part, atoms, rides)?;
    let leg = &part.legs[0];
    let stepper = matches!(part.atom, 'W' | 'F' | 'K' | 'R' | 'B' | 'Q') && part.boost.is_none();
    let (capabilities, written, extras) = modes(leg, first, last, stepper)?;
    let reach = if toggled { toggled_reach(part, rides) } else { reach(part.range, rides) };
    let groups: Vec<&str> = leg.directions.iter().map(|d| d.text.as_str()).collect();
    let mut out = Vec::new();
    for &(a, b) in &atoms {
        let directions = if link == LegLink::First {
            let vectors = directions::select(a, b, &groups);
            if vectors.is_empty() {
                continue;
            }
            Directions::Absolute(vectors)
        } else {
            Directions::Relative { atom: (a, b), modifiers: relative(&leg.directions, a == 0 && atoms.len() == 1)? }
        };
        let mut l = Leg::new(link, directions, reach, capabilities.clone(), part.span);
        l.mode_written = written;
        l.extras = extras.clone();
        out.push(l);
    }
    if out.is_empty() {
        return Err(vec![Diagnostic::new(
            part.span,
            format!("`{}` selects no direction of `{}`", groups.join(""), part.atom),
        )]);
    }
    Ok(out)
}

/// X52: the range of a leg after a `y` or `g` leg, as X13 toggles it: a W, F or K letter rides
/// (as R, B, Q), an R, B or Q letter leaps, any other letter rides where it would leap and leaps
/// otherwise — whatever range was written.
fn toggled_reach(part: &XPart, rides: bool) -> Reach {
    match part.atom {
        'W' | 'F' | 'K' if part.boost.is_none() => Reach::RIDE,
        'R' | 'B' | 'Q' => Reach::LEAP,
        _ if reach(part.range, rides) == Reach::LEAP => Reach::RIDE,
        _ => Reach::LEAP,
    }
}

/// Why seed 002's `di` ("destroy virgin pieces only") is not read (X53).
const VIRGIN_HELP: &str = "XBetza `di` (seed 002: destroy virgin pieces only) serves the castling chain \
    `irdiW03-buD-bW`, whose `u` carries the destroyed piece to a square no runtime move can put it on; \
    mbn reads neither (docs/SEMANTICS.md X53)";

/// A leg's capabilities, whether a mode counts as written, and its extras (seed 002: "the default
/// modality on non-final legs is taken as 'm'"; `p` "moving into an occupied square without
/// removing the occupant", MBN's `jy`; `t` the same on a friend only, MBN's `jj`; `d` destroys a
/// friend). On a leg on the way `n` leaves e.p. rights (X50), `g` hops and `y` moves, both
/// toggling the next leg's range (X52); on the last leg `e` captures en passant (X50) and `u`
/// puts the piece it captures on the leg's start square (X51). `stepper`: the leg's atom is one
/// of W F K R B Q (where `n` means e.p. rights).
fn modes(
    leg: &XLeg,
    first: bool,
    last: bool,
    stepper: bool,
) -> Result<(Vec<Capability>, bool, Vec<Extra>), Vec<Diagnostic>> {
    let has = |c: char| leg.modes.iter().any(|&(m, _)| m == c);
    let hops = has('p') || has('g') || (has('t') && !last);
    let mut errors = Vec::new();
    let mut virgin = false;
    for (k, &(c, span)) in leg.modes.iter().enumerate() {
        let next = leg.modes.get(k + 1).filter(|&&(n, s)| n == 'i' && s.start == span.end);
        if let (true, 'd', Some(&(_, i))) = (!virgin, c, next) {
            virgin = true;
            errors.push(unsupported(span.to(i), "di").with_help(VIRGIN_HELP));
            continue;
        }
        let help = match c {
            'i' if virgin && k > 0 && leg.modes[k - 1].0 == 'd' => continue,
            'm' | 'c' | 'd' => continue,
            'p' | 't' | 'g' | 'y' if !last => continue,
            // X34, X35: royal captures on the last leg.
            'k' | 't' if last => continue,
            'i' if first => continue,
            'n' if !stepper => {
                "XBetza `n` (e.p. rights) in a chain on an atom that is no stepper (W F K R B Q): lame leaps \
                 are not read in chains"
            }
            'n' if last => {
                "XBetza `n` on the last leg of a chain: e.p. rights go on the squares the move passes; write \
                 `n` on the legs leading to them (`ifmnW-mW`, docs/SEMANTICS.md X50)"
            }
            'n' if hops || has('c') || has('d') || has('y') => {
                "XBetza `n` on a leg that also captures, hops or toggles: e.p. rights go on the empty squares \
                 a move passes (X50)"
            }
            'n' => continue,
            'e' if !last => "XBetza `e` (en passant capture) on a leg on the way: an en passant capture ends the move",
            'e' => continue,
            'u' if !last => {
                "XBetza `u` on a leg on the way of a chain: seed 002's unloading of a piece taken on an earlier \
                 leg (`irdiW03-buD-bW`) puts it where no runtime move can (docs/SEMANTICS.md X51); mbn reads \
                 `u` on a last leg that captures (`Q-udQ`, the Valkyrie's relocation)"
            }
            'u' => continue,
            'y' => {
                // X64: nothing to toggle.
                errors.push(super::lower::meaningless(
                    span,
                    "y",
                    "`y` on the last leg of a chain: it toggles the range of the next leg (seed 001: \"in non-final \
                     leg\"), and none follows (docs/SEMANTICS.md X52, X64)",
                ));
                continue;
            }
            'g' => {
                "XBetza `g` on the last leg of a chain (it would end on a piece): write the hop and the leg after \
                 it (`gQ-Q`, `pQ-K`)"
            }
            'p' => "`p` on the last leg of a chain (it would end on a piece)",
            'i' => "`i` on a later leg of a chain",
            // X49: `o` alone on a leg on the way leaves the board (X48).
            'o' if !last
                && leg.modes.iter().all(|&(m, _)| m == 'o' || (first && m == 'i'))
                && leg.modes.iter().filter(|&&(m, _)| m == 'o').count() == 1 =>
            {
                continue
            }
            // X88: `o` or `oo` on the last leg is the cylinder (torus) of that leg, as in MBN's `W-oF`;
            // X91: `oo` on a leg on the way its torus.
            'o' if last && !hops && leg.modes.iter().filter(|&&(m, _)| m == 'o').count() <= 2 => continue,
            'o' if !last && !hops && leg.modes.iter().filter(|&&(m, _)| m == 'o').count() == 2 => continue,
            'o' => {
                "XBetza `o` in a chain other than alone on a leg on the way (X49), as the cylinder of the last \
                 leg (`W-oF`, `W-ooF`, X88) or `oo` on a leg (`ooW-F`, X91)"
            }
            'q' | 'z' => {
                "XBetza `q`/`z` in a Betza 2.0 chain: Betza 2.0 writes a curved path as directions on the range \
                 count (`Nrf0`, the Rose, X24) and a turn as the directions of a later leg (`W-rF`); mbn reads \
                 `q` and `z` in the `a` form (docs/SEMANTICS.md X18, X58, X59)"
            }
            _ => {
                "in a Betza 2.0 chain mbn reads the modes m c d, `n` `o` `p` `g` `t` `y` before the last leg, `e` \
                 `u` `k` `t` on the last and `i` on the first"
            }
        };
        errors.push(unsupported(span, &c.to_string()).with_help(help));
    }
    if has('u') && errors.is_empty() {
        unload_allowed(leg).map_err(|e| vec![e])?;
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let mut extras = Vec::new();
    if has('i') {
        extras.push(Extra::Initial { decaying: false });
    }
    let wraps = leg.modes.iter().filter(|&&(m, _)| m == 'o').count();
    if wraps == 1 && !last {
        extras.push(Extra::OffBoard);
        return Ok((default_capabilities(), false, extras));
    }
    if wraps > 0 {
        extras.push(Extra::Cylindrical { both_axes: wraps == 2, files: None });
    }
    if hops {
        if let Some(&(c, span)) = leg.modes.iter().find(|(m, _)| matches!(m, 'm' | 'c' | 'd')) {
            return Err(vec![unsupported(span, &c.to_string())
                .with_help("a hop (`p`, `g`, `t`) together with `m`, `c` or `d` on one leg of a chain")]);
        }
        extras.push(Extra::Other(if has('t') { "jj" } else { "jy" }.to_string()));
        return Ok((default_capabilities(), false, extras));
    }
    if has('n') {
        // X50: MBN's `me` on a leg on the way (M44).
        return Ok((vec![Capability::Move { restriction: None, allows_en_passant: true }], true, extras));
    }
    let (m, c, d, e) = (has('m'), has('c'), has('d'), has('e'));
    let royal = |caps: &mut Vec<Capability>| super::lower::royal_captures(leg, caps, true).map_err(|e| vec![e]);
    // Nothing written, or `m` (or `y`) on a leg on the way: MBN's unwritten mode (only moves there, M1).
    if !(c || d || e || (m && last) || has('k')) {
        let mut caps = default_capabilities();
        royal(&mut caps)?;
        return Ok((caps, false, extras));
    }
    let mut caps = Vec::new();
    if m {
        caps.push(Capability::Move { restriction: None, allows_en_passant: false });
    }
    let side = match (c, d) {
        (true, true) => Some(Side::Any),
        (true, false) => Some(Side::Enemy),
        (false, true) => Some(Side::Friend),
        (false, false) => None,
    };
    if let Some(side) = side {
        caps.push(Capability::Capture(Targets { side, only: Vec::new() }));
    }
    if e {
        // X50: MBN's `ce` on the last leg (M45).
        caps.push(Capability::EnPassant { pieces: None });
    }
    royal(&mut caps)?;
    caps.sort();
    if has('u') {
        // X51: the captured piece goes to the leg's start square (X27's relocation).
        extras.push(Extra::Unload);
    }
    Ok((caps, true, extras))
}

/// `u` on the last leg of a chain (X51, as X27): the leg must capture (`c`, `d`) a piece standing
/// on its destination, so not with `e`, `k` or a tame `t`.
fn unload_allowed(leg: &XLeg) -> Result<(), Diagnostic> {
    let span = leg.modes.iter().find(|m| m.0 == 'u').map_or(Span::new(0, 0), |m| m.1);
    let has = |c: char| leg.modes.iter().any(|&(m, _)| m == c);
    let help = if let Some(c) = ['e', 'k', 't'].into_iter().find(|&c| has(c)) {
        format!(
            "XBetza `u` with `{c}` in a chain: mbn unloads a piece the last leg captures plainly on its destination"
        )
    } else if !has('c') && !has('d') {
        "XBetza `u` on the last leg of a chain that captures nothing would unload nothing: write `uc`, `ud` or \
         `ucd` (docs/SEMANTICS.md X51)"
            .to_string()
    } else {
        return Ok(());
    };
    Err(unsupported(span, "u").with_help(help))
}

/// XBetza direction groups on a later leg as MBN's relative modifiers (M2): single and doubled
/// letters as the letter, a vertical-horizontal pair as MBN's pair `(xy)` (`v`, `s` distributed),
/// split into its letters on an orthogonal atom (X2). A lone `f` is the default, straight on.
fn relative(groups: &[Spanned], orthogonal: bool) -> Result<Vec<String>, Vec<Diagnostic>> {
    let spread = |c: char| -> Vec<char> {
        match c {
            'v' => vec!['f', 'b'],
            's' => vec!['l', 'r'],
            c => vec![c],
        }
    };
    let mut out: Vec<String> = Vec::new();
    for group in groups {
        let letters: Vec<char> = group.text.chars().collect();
        if letters.contains(&'h') {
            return Err(vec![unsupported(group.span, &group.text)
                .with_help("half planes and chiral sets (`h`) on a later leg of a chain")]);
        }
        match letters.as_slice() {
            [x] | [x, _] if letters.iter().all(|c| c == x) => out.push(x.to_string()),
            [x, y] if orthogonal => {
                out.push(x.to_string());
                out.push(y.to_string());
            }
            [x, y] => {
                for p in spread(*x) {
                    for q in spread(*y) {
                        out.push(format!("({p}{q})"));
                    }
                }
            }
            _ => return Err(vec![unsupported(group.span, &group.text)]),
        }
    }
    let mut seen = Vec::new();
    out.retain(|m| {
        let new = !seen.contains(m);
        seen.push(m.clone());
        new
    });
    if out == ["f"] {
        out.clear();
    }
    Ok(out)
}

/// The directions on a range count must turn every step one way (seed 002: "continuation legs
/// must specify a single direction to keep the path unique"): one group; `f` on any letter; `b l
/// r` on a letter of one orthogonal or diagonal atom (`Wr0`; on an oblique atom or `K` they name
/// several compass points); a pair (`rf`, the 45° turn) on any letter but one orthogonal atom
/// (where XBetza's pair means two directions, X2).
fn one_turn(groups: &[Spanned], atoms: &[(u32, u32)]) -> Result<(), Vec<Diagnostic>> {
    let one_straight_atom = matches!(atoms, [(a, b)] if *a == 0 || a == b);
    let ok = |g: &Spanned| {
        let letters: Vec<char> = g.text.chars().collect();
        if letters.iter().any(|c| "vsh".contains(*c)) {
            return false;
        }
        if letters.iter().all(|&c| c == letters[0]) {
            return letters[0] == 'f' || one_straight_atom;
        }
        !matches!(atoms, [(0, _)])
    };
    match groups {
        [] => Ok(()),
        [g] if ok(g) => Ok(()),
        [g] | [_, g, ..] => Err(vec![unsupported(g.span, &g.text).with_help(
            "a range count turns every step one way: one direction (`Nrf0`, `Wr0`, `Kfr0`), as seed 002 asks of continuation legs",
        )]),
    }
}

/// A part with modifiers on its range count (seed 002, "Quirky stuff"): `Nrf0`, the Rose, turns
/// every later step (MBN's circular rider `(N)(rf)0`); `Rc0` may capture on every square it passes
/// (MBN's `(aW)0`); `Wm0` is `W0`.
pub(super) fn lower_counted(part: &XPart) -> Result<Vec<Move>, Vec<Diagnostic>> {
    let modifiers = part.count_modifiers.as_ref().expect("a counted part");
    if part.legs.len() > 1 {
        return Err(vec![unsupported(part.span, "a").with_help("`a` with modifiers on a range count")]);
    }
    if let Some(&(c, span)) = part.legs[0].modes.first() {
        return Err(vec![unsupported(span, &c.to_string())
            .with_help("a mode before an atom whose range count has modifiers (`cNrf0`)")]);
    }
    let XRange::Number(n) = part.range else {
        return Err(vec![Diagnostic::new(part.span, "modifiers on a range count need the count after them (`Nrf0`)")]);
    };
    let Some((atoms, rides)) = atom(part.atom).filter(|_| part.atom != 'U') else {
        return Err(vec![unsupported(part.atom_span, &part.atom.to_string())
            .with_help("modifiers on a range count take the atoms W F D N A H C Z G L J K R B Q")]);
    };
    let (atoms, _) = boosted(part, atoms, rides)?;
    let turning = !modifiers.directions.is_empty();
    let modes: Vec<(char, Span)> = modifiers.modes.iter().copied().filter(|&(c, _)| c != 'm').collect();
    if let Some(&(c, span)) = modes.iter().find(|&&(c, _)| c != 'c' || turning) {
        return Err(vec![unsupported(span, &c.to_string()).with_help(
            "on a range count mbn reads directions (`Nrf0`) or `c` (`Rc0`), not both; the other modes would make the steps on the way differ from the last",
        )]);
    }
    if !turning && modes.is_empty() {
        // `Wm0`: the default modality, a plain rider.
        let plain = XPart { count_modifiers: None, ..part.clone() };
        return super::lower::lower_part(&plain);
    }
    one_turn(&modifiers.directions, &atoms)?;
    let groups: Vec<&str> = part.legs[0].directions.iter().map(|d| d.text.as_str()).collect();
    let span = part.span;
    let capture = !modes.is_empty();
    let caps = if capture {
        vec![
            Capability::Move { restriction: None, allows_en_passant: false },
            Capability::Capture(Targets { side: Side::Enemy, only: Vec::new() }),
        ]
    } else {
        default_capabilities()
    };
    let step = |link: LegLink, directions: Directions| {
        let mut leg = Leg::new(link, directions, Reach::LEAP, caps.clone(), span);
        leg.mode_written = capture;
        vec![Part::Leg(Box::new(leg))]
    };
    let mut firsts = Vec::new();
    let mut laters = Vec::new();
    for &(a, b) in &atoms {
        let vectors = directions::select(a, b, &groups);
        let modifiers = relative(&modifiers.directions, a == 0 && atoms.len() == 1)?;
        if !vectors.is_empty() {
            firsts.push(step(LegLink::First, Directions::Absolute(vectors)));
        }
        laters.push(step(LegLink::Chain, Directions::Relative { atom: (a, b), modifiers }));
    }
    if firsts.is_empty() {
        return Err(vec![Diagnostic::new(
            span,
            format!("`{}` selects no direction of `{}`", groups.join(""), part.atom),
        )]);
    }
    let count = count_of(XRange::Number(n));
    let alternatives = if laters.len() > 1 { laters.clone() } else { Vec::new() };
    let mut out = Vec::new();
    if capture {
        // MBN's complex rider `(aW)0`: every time round the same leg, straight on after the first.
        let first_alternatives = if firsts.len() > 1 { firsts.clone() } else { Vec::new() };
        for first in firsts {
            let at = signature(&first);
            let then = laters.iter().find(|t| signature(t) == at).cloned().unwrap_or_default();
            let repeat = Part::Repeat {
                first,
                then,
                first_alternatives: first_alternatives.clone(),
                alternatives: alternatives.clone(),
                count,
                origin: Vec::new(),
                destination: Vec::new(),
            };
            out.push(Move { parts: vec![repeat], span });
        }
        return Ok(out);
    }
    // MBN's circular rider (D24): `(P)mλ` = `P-{(mP)(λ-1)}`.
    let later = Count::Between { min: 1, max: (n > 0).then(|| n - 1) };
    for first in &firsts {
        for t in &laters {
            let mut parts = first.clone();
            if later != (Count::Between { min: 1, max: Some(0) }) {
                parts.push(Part::Optional {
                    kind: OptionalKind::WhenUnblocked,
                    body: vec![Part::Repeat {
                        first: t.clone(),
                        then: t.clone(),
                        first_alternatives: alternatives.clone(),
                        alternatives: alternatives.clone(),
                        count: later,
                        origin: Vec::new(),
                        destination: Vec::new(),
                    }],
                    count: None,
                    then: Vec::new(),
                });
            }
            out.push(Move { parts, span });
        }
    }
    Ok(out)
}
