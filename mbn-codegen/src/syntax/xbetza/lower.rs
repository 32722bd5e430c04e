//! XBetza syntax tree -> mbn IR.
//!
//! Each part lowers on its own; the piece is the union of its parts. Directions are computed by
//! [`super::directions`] and written as absolute vectors. Constructs the IR has no single-leg
//! form for are built as multi-leg moves with absolute (`--`, [`LegLink::Sequence`]) legs:
//!
//! * `nN` (the Xiangqi Horse): an orthogonal step to an empty square, then the diagonal step
//!   outwards (XBoard and Fairy-Stockfish block the knight on its orthogonal neighbour only);
//! * `g` on a slider of unit steps (`gQ`, the Grasshopper): a hop over an adjacent mount
//!   (`pD`-like leap of twice the step), or a slide to an empty square followed by such a hop.
//!
//! Multi-leg parts (`a`), hoppers other than those, `nC`/`nZ` and the `q`/`z` riders are unrolled
//! by [`super::multileg`]; `j` is a hop (`jD`) or a doubled first step (`jB`, also before a hop:
//! `jpR`, X108); `u` (unload) on a
//! single leg is MBN's swap `w` (docs/SEMANTICS.md X26); `x` on a single leg is borrowing (`xK`,
//! [`Extra::Excite`], X29), and with `m`, `c`, `d` also the other modes' move (X63); `yp` is `g`
//! (X64); `jN` hops its orthogonal neighbour (X65). Everything else the IR cannot express yet is
//! an error "XBetza `x` is not supported yet"; what the seeds give no meaning, "XBetza `x` has no
//! meaning in the seeds" (X66).

use super::chain;
use super::directions;
use super::multileg;
use super::{XLeg, XMove, XPart, XRange};
use crate::diagnostic::Diagnostic;
use crate::ir::{
    Capability, Count, Directions, Extra, Hop, Leg, LegLink, Move, MoveSet, Part, Reach, Side, Targets, Vector,
};
use crate::syntax::ast::{PieceSet, Span};

/// Lowers a parsed XBetza move string.
pub fn lower(parsed: &XMove) -> Result<MoveSet, Vec<Diagnostic>> {
    let mut moves = Vec::new();
    let mut errors = Vec::new();
    for part in &parsed.parts {
        let lowered = if part.count_modifiers.is_some() { chain::lower_counted(part) } else { lower_part(part) };
        match lowered {
            Ok(m) => moves.extend(m),
            Err(e) => errors.extend(e),
        }
    }
    for c in &parsed.chains {
        match chain::lower_chain(c) {
            Ok(m) => moves.extend(m),
            Err(e) => errors.extend(e),
        }
    }
    if errors.is_empty() {
        Ok(MoveSet { moves })
    } else {
        Err(errors)
    }
}

/// "XBetza `x` is not supported yet" at `span`: the seeds give it a meaning mbn does not run.
pub(super) fn unsupported(span: Span, what: &str) -> Diagnostic {
    Diagnostic::new(span, format!("XBetza `{what}` is not supported yet"))
}

/// "XBetza `x` has no meaning in the seeds" at `span`, with `why` as help: a construct seeds 001
/// and 002 give no reading, so no later version of mbn will run it either (docs/SEMANTICS.md X6).
pub(super) fn meaningless(span: Span, what: &str, why: &str) -> Diagnostic {
    Diagnostic::new(span, format!("XBetza `{what}` has no meaning in the seeds")).with_help(why.to_string())
}

/// The atoms of an XBetza letter (MBN order, m ≤ n) and whether it rides by default.
pub(super) fn atom(c: char) -> Option<(Vec<(u32, u32)>, bool)> {
    let leaper = |v: Vec<(u32, u32)>| Some((v, false));
    match c {
        'W' => leaper(vec![(0, 1)]),
        'F' => leaper(vec![(1, 1)]),
        'D' => leaper(vec![(0, 2)]),
        'N' => leaper(vec![(1, 2)]),
        'A' => leaper(vec![(2, 2)]),
        'H' => leaper(vec![(0, 3)]),
        // Seed 001: "C Camel. Synonymous with L", "Z Zebra. Synonymous with J" (as Fairy-Stockfish).
        'C' | 'L' => leaper(vec![(1, 3)]),
        'Z' | 'J' => leaper(vec![(2, 3)]),
        'G' => leaper(vec![(3, 3)]),
        // Seed 001: "S 'Second square'. Shorthand for AD", "T 'Third square'. Shorthand for GH" (X38).
        'S' => leaper(vec![(0, 2), (2, 2)]),
        'T' => leaper(vec![(0, 3), (3, 3)]),
        'K' => leaper(vec![(0, 1), (1, 1)]),
        'R' => Some((vec![(0, 1)], true)),
        'B' => Some((vec![(1, 1)], true)),
        'Q' => Some((vec![(0, 1), (1, 1)], true)),
        // The universal leaper: every leap a board of mbn's (up to 16x16) allows.
        'U' => leaper((1..16).flat_map(|n| (0..=n).map(move |m| (m, n))).collect()),
        _ => None,
    }
}

/// What one leg's mode letters ask for.
#[derive(Default)]
struct Modes {
    capabilities: Vec<Capability>,
    written: bool,
    hop: bool,
    grasshop: bool,
    lame: bool,
    initial: bool,
    cylindrical: bool,
    /// `oo`: the cylinder wraps the top and bottom edges too (a torus; seed 001, X40).
    toroidal: bool,
    jump: bool,
    /// `q`, `z` or both (X18, X59): the bent riders the leg is.
    bends: Vec<multileg::Bend>,
    /// `u`: the MBN swap it became (`w`, `ww`, `wy`; X26).
    swap: Option<&'static str>,
    /// `x` on a one-leg move: borrowing (X29).
    borrow: bool,
}

/// Reads the mode letters of a single leg; errors name the first unsupported one.
fn modes(leg: &XLeg) -> Result<Modes, Vec<Diagnostic>> {
    let mut out = Modes::default();
    let mut errors = Vec::new();
    let mut unload = None;
    for &(c, span) in &leg.modes {
        match c {
            'm' => out.capabilities.push(Capability::Move { restriction: None, allows_en_passant: false }),
            'c' => out.capabilities.push(Capability::Capture(Targets { side: Side::Enemy, only: Vec::new() })),
            'd' => out.capabilities.push(Capability::Capture(Targets { side: Side::Friend, only: Vec::new() })),
            'e' => out.capabilities.push(Capability::EnPassant { pieces: None }),
            'p' => out.hop = true,
            'g' => out.grasshop = true,
            'n' => out.lame = true,
            'i' => out.initial = true,
            'o' => {
                out.toroidal = out.cylindrical;
                out.cylindrical = true;
            }
            'j' => out.jump = true,
            'q' | 'z' => {
                let bend = if c == 'q' { multileg::Bend::Circular } else { multileg::Bend::Zigzag };
                if out.bends.contains(&bend) {
                    errors.push(meaningless(
                        span,
                        &format!("{c}{c}"),
                        &format!(
                            "seed 001 defines `{c}` once on a leg (a bent rider, or a side on a continuation \
                             leg); a doubled `{c}` is neither (`qz` is both bent riders, docs/SEMANTICS.md X59, X66)"
                        ),
                    ));
                }
                out.bends.push(bend);
            }
            'u' => unload = unload.or(Some(span)),
            // X34, X35: applied below, once the leg's captures are known.
            'k' | 't' => {}
            // X29: `x` with no leg after it borrows the moves of the friends it reaches.
            'x' if leg.modes.len() == 1 => out.borrow = true,
            'x' => errors.push(unsupported(span, "x").with_help(
                "XBetza `x` (borrowing) with modes other than m, c, d, e on its leg: mbn reads `x` alone (`xK`, \
                 docs/SEMANTICS.md X29) or as an alternative to `m`, `c`, `d`, `e` (`xmK` = `xKmK`, X63, X69)",
            )),
            _ => errors.push(unsupported(span, &c.to_string()).with_help(help_for(c))),
        }
        if matches!(c, 'm' | 'c' | 'd' | 'e' | 'k') {
            out.written = true;
        }
    }
    if out.borrow {
        // Lands on a friend without taking it: a written mode with no capability.
        out.written = true;
    } else if !out.written {
        out.capabilities = default_capabilities();
    }
    if let Some(&(c, span)) = leg.modes.iter().find(|m| matches!(m.0, 'k' | 't')) {
        // `t` with `p`/`g` hops friends only (X35): the hopper is built as its legs (`tpafR`).
        let tame = !(out.hop || out.grasshop);
        if unload.is_some() {
            errors.push(unsupported(span, &c.to_string()).with_help("`k` and `t` (royal captures) with `u` (unload)"));
        } else if let Err(e) = royal_captures(leg, &mut out.capabilities, tame) {
            errors.push(e);
        }
    }
    if let (Some(span), true) = (unload, errors.is_empty()) {
        if let Err(e) = swap(&mut out, leg, span) {
            errors.push(e);
        }
    }
    out.capabilities.sort();
    out.capabilities.dedup();
    if errors.is_empty() {
        Ok(out)
    } else {
        Err(errors)
    }
}

/// `u` (unload) on a single leg, seed 001: "the (empty) starting square of the leg will receive the
/// piece captured by the move". The leg's captures become MBN's swap (M24) with the same side —
/// `c` (or no mode) `w`, `d` `ww`, both `wy` — and a leg that also moves is MBN's `w` form with no
/// mode written (`uQ` = `wQ`, `umdQ` = `wwQ`); one that only captures (`udQ`, the Swapper) becomes
/// a swap-only leg: a written mode with no capability (docs/SEMANTICS.md X26).
fn swap(out: &mut Modes, leg: &XLeg, span: Span) -> Result<(), Diagnostic> {
    let refuse = |help: &str| Err(unsupported(span, "u").with_help(help.to_string()));
    let with = |c: char| leg.modes.iter().find(|m| m.0 == c).map(|m| m.0);
    if let Some(c) = ['j', 'n', 'o', 'q', 'z'].into_iter().find_map(with) {
        return refuse(&format!(
            "mbn reads `u` (unload) with the modes m, c, d, i, p and g only, not with `{c}` (mbn's swaps are plain \
             leaps and slides, docs/SEMANTICS.md X67)"
        ));
    }
    if out.capabilities.iter().any(|c| matches!(c, Capability::EnPassant { .. })) {
        return refuse("`u` with `e`: a pawn captured en passant reappearing on the start square is no swap mbn runs");
    }
    let captures = |side: Side| {
        out.capabilities.iter().any(|c| matches!(c, Capability::Capture(t) if t.side == side && t.only.is_empty()))
    };
    let swap = match (captures(Side::Enemy), captures(Side::Friend)) {
        (true, true) => "wy",
        (true, false) => "w",
        (false, true) => "ww",
        (false, false) => {
            return Err(meaningless(
                span,
                "u",
                "seed 001: with `u` \"the piece captured by the move will re-appear\" on the leg's start square; \
                     this move captures nothing, and the seeds give `u` no other effect: write `mQ`, or `uc`/`ud` for \
                     a swap (docs/SEMANTICS.md X26, X66)",
            ))
        }
    };
    let moves = out.capabilities.iter().any(|c| matches!(c, Capability::Move { .. }));
    // MBN's `w` with no written mode moves and swaps; a swap-only leg is a written mode with none.
    out.capabilities = if moves { default_capabilities() } else { Vec::new() };
    out.written = !moves;
    out.swap = Some(swap);
    Ok(())
}

/// `k` and `t` on a final (or only) leg, applied to its capabilities `caps` (seed 001: "k … alone
/// or with m means the move can capture a royal piece (deliver check)", "kc move can only be used
/// to capture non-royal pieces (does not deliver check)"; seed 002: "'t' on a final (or only) leg
/// of a move as a prohibition to capture Kings"). `k` without `c` adds a capture of enemy royal
/// pieces only; `kc` restricts the leg's enemy captures to non-royal pieces; `t` restricts every
/// capture of the leg to non-royal pieces (when `tame`: not with `p`/`g`, where `t` hops friends
/// only). A capture that cannot take a royal piece does not attack it: it gives no check
/// (docs/SEMANTICS.md X34, X35).
pub(super) fn royal_captures(leg: &XLeg, caps: &mut Vec<Capability>, tame: bool) -> Result<(), Diagnostic> {
    let span_of = |c: char| leg.modes.iter().find(|m| m.0 == c).map(|m| m.1);
    let royal =
        |complement| PieceSet { by_colour: false, complement, members: Vec::new(), royal: true, span: Span::default() };
    match (span_of('k'), span_of('t').filter(|_| tame)) {
        (Some(_), Some(t)) => {
            return Err(meaningless(
                t,
                "t",
                "`t` (tame: no royal capture, seed 002) with `k` (royal captures only, seed 001) contradict each \
                 other: the leg would capture nothing (docs/SEMANTICS.md X35, X66)",
            ))
        }
        (Some(_), None) if span_of('c').is_none() => {
            caps.push(Capability::Capture(Targets { side: Side::Enemy, only: vec![royal(false)] }))
        }
        (Some(_), None) => {
            for c in caps.iter_mut() {
                if let Capability::Capture(t) = c {
                    if t.side == Side::Enemy {
                        t.only.push(royal(true));
                    }
                }
            }
        }
        (None, Some(_)) => {
            for c in caps.iter_mut() {
                if let Capability::Capture(t) = c {
                    t.only.push(royal(true));
                }
            }
        }
        (None, None) => {}
    }
    Ok(())
}

/// Move or capture an enemy: a final leg with no mode written.
pub(super) fn default_capabilities() -> Vec<Capability> {
    vec![
        Capability::Move { restriction: None, allows_en_passant: false },
        Capability::Capture(Targets { side: Side::Enemy, only: Vec::new() }),
    ]
}

/// What an unsupported mode letter means in XBetza.
fn help_for(c: char) -> &'static str {
    match c {
        'j' => "XBetza `j`: must jump (leapers) or skip the first square (W/F sliders)",
        'y' => "XBetza `y`: range toggle for the next leg",
        'q' => "XBetza `q`: circular rider",
        'z' => "XBetza `z`: crooked (zig-zag) rider",
        _ => "not in mbn's XBetza reader yet",
    }
}

/// A leg with the defaults of mbn's lowering.
fn leg(link: LegLink, vectors: Vec<Vector>, reach: Reach, capabilities: Vec<Capability>, span: Span) -> Leg {
    Leg::new(link, Directions::Absolute(vectors), reach, capabilities, span)
}

/// One hurdle, any piece.
const ONE_HURDLE: Hop = Hop { many: false, optional: false, hurdles: None };

/// A move of one part.
fn single(l: Leg) -> Move {
    let span = l.span;
    Move { parts: vec![Part::Leg(Box::new(l))], span }
}

/// Lowers one part: its atoms' legs.
pub(super) fn lower_part(part: &XPart) -> Result<Vec<Move>, Vec<Diagnostic>> {
    let Some((atoms, rides)) = atom(part.atom) else {
        let what = match part.atom {
            'O' | '@' => return Err(vec![variant_rule(part)]),
            'I' => {
                return Err(vec![Diagnostic::new(
                    part.atom_span,
                    "XBetza `I` (the Imitator) imitates the last piece moved in a game: only a variant's piece has it",
                )
                .with_help(
                    "write it as a part of its own (`I`, `mI`, `bI`) of a piece of a variant (docs/SEMANTICS.md X62)",
                )])
            }
            // The reader passes no other letter as an atom (`X` and `Y` are boosts, X33).
            _ => "an atom mbn's XBetza reader does not know",
        };
        return Err(vec![unsupported(part.atom_span, &part.atom.to_string()).with_help(what)]);
    };
    if part.legs.len() == 1 {
        if let Some(rewritten) = one_leg_toggle(part)? {
            return lower_part(&rewritten);
        }
        if let Some((excite, rest)) = excite_alternatives(part) {
            let mut moves = lower_part(&excite)?;
            moves.extend(lower_part(&rest)?);
            return Ok(moves);
        }
    }
    let (atoms, rides) = boosted(part, atoms, rides)?;
    let x = &part.legs[0];
    let groups: Vec<&str> = x.directions.iter().map(|d| d.text.as_str()).collect();
    // X67: `u` on a one-leg hopper (`upR`) unloads on the hop's start square: built as its legs;
    // X85: with a range, `p`'s bounds the whole hop (`upR4`).
    let unloading_hop = x.modes.iter().any(|m| m.0 == 'u') && x.modes.iter().any(|m| matches!(m.0, 'p' | 'g'));
    let ranged_unloading_hop = match part.range {
        XRange::Number(n) if n > 1 && unloading_hop && x.modes.iter().any(|m| m.0 == 'p') => Some(n),
        _ => None,
    };
    let multi = part.legs.len() > 1 || unloading_hop;
    if multi && part.boost.is_some() && atoms.len() > 1 {
        return Err(vec![unsupported(part.span, "a").with_help(
            "multi-leg moves of a boosted compound (`aKX`): its two atoms share no compass of directions",
        )]);
    }
    if multi && part.atom == 'U' {
        return Err(vec![unsupported(part.span, "a").with_help("multi-leg moves of the universal leaper `U`")]);
    }
    let m = if multi { Modes::default() } else { modes(x)? };
    let mut moves = Vec::new();
    for &(a, b) in &atoms {
        let vectors = directions::select(a, b, &groups);
        if vectors.is_empty() {
            continue;
        }
        if let Some(n) = ranged_unloading_hop {
            moves.extend(ranged_hop(part, (a, b), &vectors, n)?);
        } else if multi {
            moves.extend(multileg::lower(part, (a, b), rides, &vectors)?);
        } else {
            moves.extend(lower_atom(part, &m, (a, b), rides, vectors)?);
        }
    }
    if moves.is_empty() {
        let written: Vec<&str> = groups.clone();
        return Err(vec![Diagnostic::new(
            part.span,
            format!("`{}` selects no direction of `{}`", written.join(""), part.atom),
        )
        .with_help("XBetza directions: f b l r v s, pairs such as `lf`, half planes `fh`, chiral sets `hr` `hl`")]);
    }
    Ok(moves)
}

/// `y` on a one-leg move (docs/SEMANTICS.md X64). Seed 001: "y ('fork') in non-final leg:
/// indicates the next leg has a toggled range", "g in a non-final leg thus is a shortcut for yp";
/// and `p`/`g` on a final leg imply a hidden leg straight on (`pR` = `pafR`). So `yp` on a one-leg
/// move toggles that hidden leg: it is `g` (`ypR` = `gR`), and `yg` is `g` (the toggle `g`
/// already makes). A lone `y` has no next leg to toggle: no meaning.
fn one_leg_toggle(part: &XPart) -> Result<Option<XPart>, Vec<Diagnostic>> {
    let modes = &part.legs[0].modes;
    let Some(&(_, span)) = modes.iter().find(|m| m.0 == 'y') else { return Ok(None) };
    if !modes.iter().any(|m| matches!(m.0, 'p' | 'g')) {
        return Err(vec![meaningless(
            span,
            "y",
            "seed 001: `y` \"in non-final leg: indicates the next leg has a toggled range\"; a one-leg move has \
             no next leg (with `p` it toggles the hidden leg after the mount: `ypR` = `gR`, docs/SEMANTICS.md X64)",
        )]);
    }
    let mut out = part.clone();
    let leg = &mut out.legs[0];
    leg.modes.retain(|m| m.0 != 'y');
    if !leg.modes.iter().any(|m| m.0 == 'g') {
        for m in &mut leg.modes {
            if m.0 == 'p' {
                m.0 = 'g';
            }
        }
    }
    leg.modes.dedup_by(|a, b| a.0 == 'g' && b.0 == 'g');
    Ok(Some(out))
}

/// `x` with other modes on a one-leg move (docs/SEMANTICS.md X63): seed 001, "specifying two
/// modes in general means that it can do one as well as the other", so `xmK` is `xK` (borrowing,
/// X29) and `mK`. The two parts, when the leg has `x` and only `m`, `c`, `d` besides.
fn excite_alternatives(part: &XPart) -> Option<(XPart, XPart)> {
    let modes = &part.legs[0].modes;
    let x = modes.iter().filter(|m| m.0 == 'x').count();
    if x != 1 || modes.len() == 1 || !modes.iter().all(|m| matches!(m.0, 'x' | 'm' | 'c' | 'd' | 'e')) {
        return None;
    }
    let (mut excite, mut rest) = (part.clone(), part.clone());
    excite.legs[0].modes.retain(|m| m.0 == 'x');
    rest.legs[0].modes.retain(|m| m.0 != 'x');
    Some((excite, rest))
}

/// `O` (castling) and `@` (drops) on their own, or inside a multi-leg move or chain: variant rules
/// that only a piece of a variant file states (X30, X31).
fn variant_rule(part: &XPart) -> Diagnostic {
    let what = if part.atom == 'O' { "castling" } else { "a drop" };
    Diagnostic::new(part.atom_span, format!("XBetza `{}` ({what}) is a rule of a variant, not a move", part.atom))
        .with_help(
            "write it as a part of its own in a variant file's `[xbetza]` table (`K = \"KisO2\"`, `P = \"fWf@8\"`)",
        )
}

/// Atoms (`(m, n)`, m ≤ n) and whether they ride by default.
pub(super) type Atoms = (Vec<(u32, u32)>, bool);

/// The atoms of a part after its boost (seed 001, docs/SEMANTICS.md X33): `X` adds 3 steps along
/// the longer axis of every leap, `(m, n)` → `(m, n + 3)` (`FX` = (1,4), the Giraffe; `WX` = (0,4));
/// `Y` adds a 2-step diagonal outwards, `(m, n)` → `(m + 2, n + 2)` (`DY` = (2,4), the Di-Knight;
/// `WY` = (2,3)). Only leapers are boosted; a boosted atom leaps (a range makes it a rider).
pub(super) fn boosted(part: &XPart, atoms: Vec<(u32, u32)>, rides: bool) -> Result<Atoms, Vec<Diagnostic>> {
    let Some(b) = part.boost else { return Ok((atoms, rides)) };
    if rides || part.atom == 'U' {
        let at = Span::new(part.atom_span.end - 1, part.atom_span.end);
        return Err(vec![Diagnostic::new(at, format!("XBetza `{b}` boosts a leaper atom, not `{}`", part.atom))
            .with_help("the leapers are W F D N A H C Z G K S T (`FX` is the Giraffe, `DY` the Di-Knight)")]);
    }
    let boost = |(m, n): (u32, u32)| if b == 'X' { (m, n + 3) } else { (m + 2, n + 2) };
    Ok((atoms.into_iter().map(boost).collect(), false))
}

/// The reach of an atom with its range suffix.
pub(super) fn reach(range: XRange, rides: bool) -> Reach {
    match range {
        XRange::Default if rides => Reach::RIDE,
        XRange::Default | XRange::Number(1) => Reach::LEAP,
        XRange::Number(0) | XRange::Doubled => Reach::RIDE,
        XRange::Number(n) => Reach::Steps { min: 1, max: Some(n) },
    }
}

/// Lowers one atom of a part, restricted to `vectors`.
fn lower_atom(
    part: &XPart,
    m: &Modes,
    (a, b): (u32, u32),
    rides: bool,
    vectors: Vec<Vector>,
) -> Result<Vec<Move>, Vec<Diagnostic>> {
    let span = part.span;
    let reach = reach(part.range, rides);
    let unit = b == 1;
    let mut base = leg(LegLink::First, vectors.clone(), reach, m.capabilities.clone(), span);
    base.mode_written = m.written;
    if m.initial {
        base.extras.push(Extra::Initial { decaying: false });
    }
    if m.cylindrical {
        base.extras.push(Extra::Cylindrical { both_axes: m.toroidal, files: None });
    }
    if let Some(swap) = m.swap {
        base.extras.push(Extra::Other(swap.to_string()));
    }
    if m.borrow {
        base.extras.push(Extra::Excite);
    }
    if let Some(&bend) = m.bends.first() {
        return bent(part, m, (a, b), bend, &base, &vectors);
    }
    if m.hop && m.grasshop {
        return Err(vec![unsupported(span, "pg").with_help("both hop modes on one leg")]);
    }
    // X107: `n` beside `p` on a straight rider is seed 001's `npDD`: the mount on a landing square,
    // blocked by pieces between landings (MBN's `npD0`); on steps `n` means nothing (`npR` = `pR`).
    let straight = a == 0 || a == b;
    let rider = !matches!(reach, Reach::Steps { max: Some(1), .. });
    let doubled = part.legs[0].modes.iter().filter(|m| m.0 == 'n').count() > 1;
    let friends_only = part.legs[0].modes.iter().any(|m| m.0 == 't');
    if m.hop && m.lame && !m.grasshop && !m.jump && straight && rider && !(m.initial || doubled || friends_only) {
        base.non_jumping = !unit;
        base.hop = Some(ONE_HURDLE);
        return Ok(vec![single(base)]);
    }
    // X108: `j` on a hopping slider of steps skips its first square, which is neither obstacle nor
    // hurdle (`jpR`, `jgB`).
    if (m.hop || m.grasshop) && m.jump && !m.lame && !friends_only {
        if let Some(moves) = ski_hop(m, &base, unit, straight, &vectors) {
            return Ok(moves);
        }
    }
    // X109: as on `npR` (X107), `n` on a Grasshopper of steps means nothing: `ngB` is `gB`.
    let lame_steps = m.grasshop && m.lame && !m.jump && unit && straight && reach == Reach::RIDE;
    let meaningless_n = lame_steps && !(m.initial || doubled || friends_only);
    // X95: `j` and `n` on a hopper change the hop, which mbn does not build otherwise (never dropped).
    if (m.hop || m.grasshop) && (m.jump || m.lame) && !meaningless_n {
        let (letter, help) = if m.jump {
            (
                "j",
                "XBetza `j` with `p` or `g` runs on sliders of W or F steps, whose slide skips its first square \
                   (`jpR`, `jgB`, `jpR5`: X108); on a leap (`jpD` must jump and hop), with a range under 3, on a \
                   ranged Grasshopper or beside `t`, `o`, `u` it is a hop mbn does not build (docs/SEMANTICS.md X95)",
            )
        } else {
            (
                "n",
                "XBetza `n` with `p` runs on straight riders (`npDD`, X107), and means nothing with `g` on an \
                   unlimited slider of steps (`ngB` is `gB`, X109); with `g` elsewhere, on a single leap or an \
                   oblique atom, with `i`, `nn` or `t` it is a hop mbn does not build (docs/SEMANTICS.md X95)",
            )
        };
        return Err(vec![unsupported(span, letter).with_help(help)]);
    }
    // `t` with `p`/`g`: hop friends only, built as the hop's legs (`tpR` = `tpafR`; X35); `p`'s
    // range bounds the whole hop (`tpR4`, X85).
    if let (true, true, Reach::Steps { max: Some(n), .. }) = (friends_only, m.hop, reach) {
        if n > 1 {
            return ranged_hop(part, (a, b), &vectors, n);
        }
    }
    if m.grasshop {
        if reach != Reach::RIDE || !unit || friends_only {
            // `gN`, `gK`, `gR4`: the hop onto the mount and the hidden hop-off leg (`gafK`).
            return multileg::lower(part, (a, b), rides, &vectors);
        }
        return Ok(grasshopper(&base, &vectors));
    }
    if m.hop {
        if friends_only {
            return multileg::lower(part, (a, b), rides, &vectors);
        }
        match reach {
            // A range bounds the whole move, hurdle included (Fairy-Stockfish: `pB2` lands right
            // behind an adjacent piece).
            Reach::Steps { min: 1, max: None } => base.hop = Some(ONE_HURDLE),
            Reach::Steps { min: 1, max: Some(n) } if n > 1 => base.hop = Some(ONE_HURDLE),
            Reach::Steps { min: 1, max: Some(1) } if unit => {
                // `pW` = `pafW`: onto the adjacent mount, then one more step the same way.
                base.directions = Directions::Absolute(vectors.iter().map(|&(x, y)| (2 * x, 2 * y)).collect());
                base.hop = Some(ONE_HURDLE);
            }
            // `pN`, `pD`: the hop onto the mount and the hidden hop-off leg (`pafN`).
            _ => return multileg::lower(part, (a, b), rides, &vectors),
        }
        return Ok(vec![single(base)]);
    }
    if m.jump {
        return jump(part, m, base, (a, b), &vectors);
    }
    if m.lame {
        return lame(part, m, base, (a, b), &vectors);
    }
    Ok(vec![single(base)])
}

/// A one-leg `p` hopper with a range `n` that is built as its legs (`tpR4` hops friends only, X35;
/// `upR4` swaps, X67). The range bounds the whole hop, hurdle included, as on `pR4` (X5): one move
/// per distance `h` of the mount, `1 ≤ h < n`, whose leg onto the mount is exactly `h` steps long
/// and whose leg off it at most `n - h` (docs/SEMANTICS.md X85).
fn ranged_hop(part: &XPart, atom: (u32, u32), vectors: &[Vector], n: u32) -> Result<Vec<Move>, Vec<Diagnostic>> {
    let mut open = part.clone();
    open.range = XRange::Number(0);
    let mut out = Vec::new();
    for hop in multileg::lower(&open, atom, true, vectors)? {
        for h in 1..n {
            let mut m = hop.clone();
            let mut legs = m.parts.iter_mut().filter_map(|p| if let Part::Leg(leg) = p { Some(leg) } else { None });
            let (Some(onto), Some(off), None) = (legs.next(), legs.next(), legs.next()) else {
                let help = "a hop with a range is read as a leg onto the mount and one off it (docs/SEMANTICS.md X85)";
                return Err(vec![unsupported(part.span, &part.to_string()).with_help(help)]);
            };
            onto.reach = Reach::Steps { min: h, max: Some(h) };
            off.reach = Reach::Steps { min: 1, max: Some(n - h) };
            out.push(m);
        }
    }
    Ok(out)
}

/// `q`, `z` (or both) on a one-leg move (X18, X59): the bent riders' paths, unrolled. With `p` the
/// path hops over one piece anywhere on the way, with `g` over the piece right before its last
/// step (`t` with them: over a friend). With `n` every leap is lame (X94). `j` and `o` are
/// refused: the seeds give them no reading on a bent rider mbn could run.
fn bent(
    part: &XPart,
    m: &Modes,
    atom: (u32, u32),
    bend: multileg::Bend,
    base: &Leg,
    vectors: &[Vector],
) -> Result<Vec<Move>, Vec<Diagnostic>> {
    let letter = if bend == multileg::Bend::Circular { "q" } else { "z" };
    let refuse = |help: &str| Err(vec![unsupported(part.span, letter).with_help(help.to_string())]);
    // X104: a bent rider of every leap of the board.
    if part.atom == 'U' {
        return refuse(
            "XBetza `q`/`z` on the universal leaper `U`: one bent rider per leap of a 16x16 board, over a \
             hundred riders unrolled into thousands of paths, which no published piece uses; write the leaps \
             you mean (`qN`, `zC`) (docs/SEMANTICS.md X104)",
        );
    }
    // X94: every leap of a lame bent rider is lame as the atom's own `n` leap, where that has one path.
    if m.lame && !multileg::lame_ring(part.atom, atom) {
        return refuse(
            "XBetza `n` with `q`/`z` reads where each leap has one lame path (`nqN`: the Xiangqi Horse's, \
             `nqD`, `nzA`); the camel's and zebra's leaps have three each (X12), which mbn does not unroll on \
             a bent path (docs/SEMANTICS.md X60, X94)",
        );
    }
    let doubled = part.legs[0].modes.iter().filter(|m| m.0 == 'n').count() > 1;
    if m.lame && (m.initial || doubled) {
        return refuse(
            "XBetza `in` and `nn` create e.p. rights on the squares a move passes, which the runtime keeps on \
             the line of one move only, not on a bent path (docs/SEMANTICS.md X41, X94)",
        );
    }
    if m.lame && (m.hop || m.grasshop) {
        return refuse(
            "XBetza `n` with `p` or `g` on a bent rider: the seeds give no hurdle on a lame bent path \
             (docs/SEMANTICS.md X94)",
        );
    }
    if m.jump {
        return Err(vec![meaningless(
            part.span,
            &format!("j{letter}"),
            "seed 001 gives `j` to sliders (a doubled first step), straight leaps and castling, not to bent \
             riders (docs/SEMANTICS.md X60, X66)",
        )]);
    }
    if m.hop && m.grasshop {
        return Err(vec![unsupported(part.span, "pg").with_help("both hop modes on one leg")]);
    }
    let max = match part.range {
        XRange::Number(n) if n > 0 => Some(n),
        _ => None,
    };
    let friends_only = part.legs[0].modes.iter().any(|m| m.0 == 't');
    let hurdle = (m.hop || m.grasshop).then_some(multileg::Hurdle { right_before_last: m.grasshop, friends_only });
    Ok(multileg::bent(part.atom, atom, &m.bends, base, max, vectors, hurdle, m.lame))
}

/// `j` (seed 001): on a straight leap (`jD`, `jA`, `jH`) the leap must jump, over at least one
/// piece on the squares between; on a slider of W or F steps (`jB`, the Ski-Bishop) the first step
/// is doubled, skipping the first square whatever it holds: the leap of twice the step (`A` for
/// `B`), or that leap to an empty square and the slide on from there.
fn jump(
    part: &XPart,
    m: &Modes,
    mut base: Leg,
    (a, b): (u32, u32),
    vectors: &[Vector],
) -> Result<Vec<Move>, Vec<Diagnostic>> {
    let straight = a == 0 || a == b;
    if m.hop || m.grasshop || m.lame {
        return Err(vec![unsupported(part.span, "j").with_help(help_for('j'))]);
    }
    if !straight {
        // X65: seed 002's halfway square, which it calls broken "for all atoms other than N, A,
        // and D": `jN` must jump its orthogonal neighbour, as `nN` is blocked there (X4).
        if (a, b) == (1, 2) && base.reach == Reach::LEAP && part.boost.is_none() {
            return Ok(knight_paths(&base, vectors, Orthogonal::Occupied));
        }
        return Err(vec![meaningless(
            part.span,
            "j",
            "seed 002 reads `j` (must jump) by the square halfway, \"broken for all atoms other than N, A, and \
             D\"; the seeds give no path for `j` on another oblique leap or rider (`jN` must jump its orthogonal \
             neighbour, docs/SEMANTICS.md X65)",
        )]);
    }
    if base.reach == Reach::LEAP {
        if b < 2 {
            return Err(vec![meaningless(
                part.span,
                "j",
                "seed 001: \"n and j are meaningless on steps (W, F)\" (there is no square to jump; on a slider \
                 `jB` skips the first square, docs/SEMANTICS.md X16, X65)",
            )]);
        }
        base.hop = Some(Hop { many: true, optional: false, hurdles: None });
        return Ok(vec![single(base)]);
    }
    if b != 1 || !matches!(base.reach, Reach::Steps { min: 1, .. }) {
        return Err(vec![unsupported(part.span, "j").with_help(help_for('j'))]);
    }
    let Reach::Steps { max, .. } = base.reach else { unreachable!("checked above") };
    let doubled: Vec<Vector> = vectors.iter().map(|&(x, y)| (2 * x, 2 * y)).collect();
    let mut leap = base.clone();
    leap.directions = Directions::Absolute(doubled.clone());
    leap.reach = Reach::LEAP;
    let mut out = vec![single(leap)];
    // The slide after the doubled step: one step less than the range.
    if max.is_none_or(|n| n > 2) {
        for (&v, &d) in vectors.iter().zip(&doubled) {
            let mut first = leg(LegLink::First, vec![d], Reach::LEAP, default_capabilities(), base.span);
            first.extras = base.extras.clone();
            let mut on = base.clone();
            on.link = LegLink::Sequence;
            on.directions = Directions::Absolute(vec![v]);
            on.reach = Reach::Steps { min: 1, max: max.map(|n| n - 2) };
            on.extras.clear();
            out.push(Move { parts: vec![Part::Leg(Box::new(first)), Part::Leg(Box::new(on))], span: base.span });
        }
    }
    Ok(out)
}

/// `n`: a lame leaper. Straight leaps are blocked on the squares between; the knight on its
/// orthogonal neighbour (the Xiangqi Horse, as XBoard and Fairy-Stockfish read `nN`).
fn lame(
    part: &XPart,
    m: &Modes,
    mut base: Leg,
    (a, b): (u32, u32),
    vectors: &[Vector],
) -> Result<Vec<Move>, Vec<Diagnostic>> {
    let straight = a == 0 || a == b;
    if straight {
        base.non_jumping = true;
        // Seed 001: an `in` move creates e.p. rights on the squares it passes, as does `nn` and
        // `n` on a repeated stepper (`ifnmW6`; X36).
        let doubled = part.legs[0].modes.iter().filter(|m| m.0 == 'n').count() > 1;
        let stepper = b == 1 && base.reach != Reach::LEAP;
        if (m.initial && b > 1) || doubled || stepper {
            for c in &mut base.capabilities {
                if let Capability::Move { allows_en_passant, .. } = c {
                    *allows_en_passant = true;
                }
            }
            if base.reach == Reach::LEAP && b > 1 {
                // The same move as MBN's exact slide, which both back ends run: `ifmnD` = `imefW02`.
                let step = b as i32;
                base.directions = Directions::Absolute(vectors.iter().map(|&(x, y)| (x / step, y / step)).collect());
                base.reach = Reach::Steps { min: b, max: Some(b) };
                base.non_jumping = false;
            }
        }
        return Ok(vec![single(base)]);
    }
    // Seed 001's `in` and `nn` also create e.p. rights on the squares a move could be blocked on:
    // the knight's leap on its one orthogonal square (X103, as `ifnafsmW`, X68); never dropped on
    // the camel's and zebra's three paths or a rider's many squares (X95).
    let doubled = part.legs[0].modes.iter().filter(|m| m.0 == 'n').count() > 1;
    if m.initial || doubled {
        if (a, b) == (1, 2) && base.reach == Reach::LEAP && part.boost.is_none() {
            return Ok(knight_paths(&base, vectors, Orthogonal::EmptyWithRights));
        }
        return Err(vec![unsupported(part.span, "n").with_help(
            "XBetza `in` and `nn` create e.p. rights on the squares a move could be blocked on; mbn builds them \
             on straight leaps and steps (`ifmnD`, `ifnmW6`) and the knight's leap (`inN`, on its orthogonal \
             square), not on the camel's and zebra's three paths or on riders of oblique leaps, whose rights \
             would lie on more than one line (docs/SEMANTICS.md X95, X103)",
        )]);
    }
    if base.reach == Reach::LEAP && part.boost.is_none() {
        if let Some(paths) = multileg::lame_paths(part.atom) {
            return lame_oblique(part, paths, vectors);
        }
    }
    if let (Some(paths), Reach::Steps { min: 1, max }, None) = (multileg::lame_paths(part.atom), base.reach, part.boost)
    {
        return lame_oblique_rider(part, paths, &base, vectors, max);
    }
    if (a, b) == (1, 2) && part.boost.is_none() {
        if let Reach::Steps { min: 1, max } = base.reach {
            if max != Some(1) {
                return Ok(lame_nightrider(&base, vectors, max));
            }
        }
    }
    if (a, b) != (1, 2) || base.reach != Reach::LEAP {
        return Err(vec![unsupported(part.span, "n").with_help(
            "mbn reads `n` on straight leaps (`nD`, `nA`), the knight, camel and zebra (`nN`, `nC`, `nZ`) and \
             their riders (`nN0`, `nC0`, `nZ3`) only",
        )]);
    }
    Ok(knight_paths(&base, vectors, Orthogonal::Empty))
}

/// `nN0` (`nNN`, `nN3`): original Betza's Mao rider (seed 002: Betza 2.0's `(W-F)0` "repeats the
/// (blockable) steps of the Xiangqi Horse"), every leap of the knight's rider lame as `nN` is:
/// per orthogonal first step, a repeat of the Horse's path whose later times round go the way the
/// first went (M5's replay), at most `max` times. The steps on the way only move; the last leap
/// does what the part's modes say.
fn lame_nightrider(base: &Leg, vectors: &[Vector], max: Option<u32>) -> Vec<Move> {
    let straight = |link: LegLink, atom: (u32, u32), capabilities: Vec<Capability>| {
        let modifiers = Vec::new();
        let mut l = Leg::new(link, Directions::Relative { atom, modifiers }, Reach::LEAP, capabilities, base.span);
        l.mode_written = false;
        l
    };
    let repeat = |first: Vec<Part>| {
        let then = vec![
            Part::Leg(Box::new(straight(LegLink::Chain, (0, 1), default_capabilities()))),
            Part::Leg(Box::new(straight(LegLink::Chain, (1, 1), base.capabilities.clone()))),
        ];
        let parts = vec![Part::Repeat {
            first,
            then,
            first_alternatives: Vec::new(),
            alternatives: Vec::new(),
            count: Count::Between { min: 1, max },
            origin: Vec::new(),
            destination: Vec::new(),
        }];
        Move { parts, span: base.span }
    };
    if vectors.len() == 8 {
        // Every leap: MBN's `(W-F)0` as written, a W step any way and the F step outwards.
        let mut w =
            leg(LegLink::First, vec![(0, 1), (0, -1), (1, 0), (-1, 0)], Reach::LEAP, default_capabilities(), base.span);
        w.mode_written = false;
        w.extras = base.extras.clone();
        let mut f = straight(LegLink::Chain, (1, 1), base.capabilities.clone());
        f.directions = Directions::Relative { atom: (1, 1), modifiers: vec!["f".to_string()] };
        return vec![repeat(vec![Part::Leg(Box::new(w)), Part::Leg(Box::new(f))])];
    }
    let mut out = Vec::new();
    for horse in knight_paths(base, vectors, Orthogonal::Empty) {
        let mut first: Vec<Part> = horse.parts;
        for p in &mut first {
            if let Part::Leg(l) = p {
                l.mode_written = false;
                l.reach = Reach::LEAP;
            }
        }
        out.push(repeat(first));
    }
    out
}

/// What the orthogonal square a knight's leap passes must hold (`knight_paths`).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Orthogonal {
    /// Nothing: `nN`, the Xiangqi Horse (X4).
    Empty,
    /// Nothing, and passing it lets the opponent take en passant there: `inN`, `nnN` (X103).
    EmptyWithRights,
    /// A piece of either side, left standing: `jN` must jump it (MBN's `jy`, X65).
    Occupied,
}

/// The knight's leaps `vectors` as an orthogonal step then the diagonal step outwards, the
/// orthogonal square as `passed` says.
fn knight_paths(base: &Leg, vectors: &[Vector], passed: Orthogonal) -> Vec<Move> {
    let mut out = Vec::new();
    for first in [(0, 1), (0, -1), (1, 0), (-1, 0)] {
        let rest: Vec<Vector> = vectors
            .iter()
            .filter(|&&(x, y)| {
                if first.0 == 0 {
                    y.abs() == 2 && y.signum() == first.1
                } else {
                    x.abs() == 2 && x.signum() == first.0
                }
            })
            .map(|&(x, y)| (x - first.0, y - first.1))
            .collect();
        if rest.is_empty() {
            continue;
        }
        // A first leg with no mode written: it may only move (D23), like MBN's `W--F`.
        let mut step = leg(LegLink::First, vec![first], Reach::LEAP, default_capabilities(), base.span);
        step.extras = base.extras.clone();
        match passed {
            Orthogonal::Empty => {}
            Orthogonal::EmptyWithRights => {
                for c in &mut step.capabilities {
                    if let Capability::Move { allows_en_passant, .. } = c {
                        *allows_en_passant = true;
                    }
                }
            }
            Orthogonal::Occupied => step.extras.push(Extra::Other("jy".to_string())),
        }
        let mut last = base.clone();
        last.link = LegLink::Sequence;
        last.directions = Directions::Absolute(rest);
        last.extras.clear();
        out.push(Move { parts: vec![Part::Leg(Box::new(step)), Part::Leg(Box::new(last))], span: base.span });
    }
    out
}

/// `nC0`, `nZ0` (`nCC`, `nC3`): the camel's (zebra's) rider whose every leap is lame as `nC` is
/// (X12): per leap vector, a repeat at most `max` times whose every round is any of the paths to
/// that leap's square, the first as written and the later ones from where the previous ended
/// (docs/SEMANTICS.md X86).
fn lame_oblique_rider(
    part: &XPart,
    paths: &[&str],
    base: &Leg,
    vectors: &[Vector],
    max: Option<u32>,
) -> Result<Vec<Move>, Vec<Diagnostic>> {
    let mut out = Vec::new();
    for &v in vectors {
        let mut rounds: Vec<Vec<Part>> = lame_oblique(part, paths, &[v])?.into_iter().map(|m| m.parts).collect();
        // As in `lame_nightrider`: a round that ends on the way only moves (M1), whatever the
        // last leap does.
        for p in rounds.iter_mut().flatten() {
            if let Part::Leg(l) = p {
                l.mode_written = false;
            }
        }
        let later: Vec<Vec<Part>> = rounds
            .iter()
            .map(|round| {
                let mut round = round.clone();
                if let Some(Part::Leg(first)) = round.first_mut() {
                    first.link = LegLink::Sequence;
                    first.extras.retain(|e| !matches!(e, Extra::Initial { .. }));
                }
                round
            })
            .collect();
        for (first, then) in rounds.iter().zip(&later) {
            let repeat = Part::Repeat {
                first: first.clone(),
                then: then.clone(),
                first_alternatives: rounds.clone(),
                alternatives: later.clone(),
                count: Count::Between { min: 1, max },
                origin: Vec::new(),
                destination: Vec::new(),
            };
            out.push(Move { parts: vec![repeat], span: base.span });
        }
    }
    Ok(out)
}

/// `g` on an unlimited slider of unit steps: land right behind the first piece in the way.
fn grasshopper(base: &Leg, vectors: &[Vector]) -> Vec<Move> {
    let doubled = |&(x, y): &Vector| (2 * x, 2 * y);
    let mut hop = base.clone();
    hop.directions = Directions::Absolute(vectors.iter().map(doubled).collect());
    hop.reach = Reach::LEAP;
    hop.hop = Some(ONE_HURDLE);
    let mut out = vec![single(hop.clone())];
    for v in vectors {
        let mut slide = leg(LegLink::First, vec![*v], Reach::RIDE, default_capabilities(), base.span);
        slide.extras = base.extras.clone();
        let mut off = hop.clone();
        off.link = LegLink::Sequence;
        off.directions = Directions::Absolute(vec![doubled(v)]);
        off.extras.clear();
        out.push(Move { parts: vec![Part::Leg(Box::new(slide)), Part::Leg(Box::new(off))], span: base.span });
    }
    out
}

/// `jpR`, `jgB` (docs/SEMANTICS.md X108): a Cannon or Grasshopper whose slide starts with the
/// doubled step of the Ski-slider `jR` (X16), so the square it skips is neither obstacle nor
/// hurdle. Per direction `v`: onto a mount on the second square (MBN's visit `jy`, neither moving
/// nor capturing there) and on from it (`p`: a slide, `g`: one step); or to the second square
/// empty and from there the hop as from a start (`p`: MBN's `pW0`; `g`: the Grasshopper's legs).
/// A range counts from the start (`jpR5` lands at most 5 squares away). `None` where the seeds'
/// slider is not one: `j` on a leap, a grasshopper with a range, extras besides `i`.
fn ski_hop(m: &Modes, base: &Leg, unit: bool, straight: bool, vectors: &[Vector]) -> Option<Vec<Move>> {
    let Reach::Steps { min: 1, max } = base.reach else { return None };
    let only_initial = base.extras.iter().all(|e| matches!(e, Extra::Initial { .. }));
    if !unit || !straight || !only_initial || max.is_some_and(|n| n < 3) || (m.grasshop && max.is_some()) {
        return None;
    }
    let after = max.map(|n| n - 2);
    let span = base.span;
    let doubled = |&(x, y): &Vector| (2 * x, 2 * y);
    let mut out = Vec::new();
    for v in vectors {
        let skip = |capabilities: Vec<Capability>, visit: bool| {
            let mut first = leg(LegLink::First, vec![doubled(v)], Reach::LEAP, capabilities, span);
            first.extras = base.extras.clone();
            if visit {
                first.extras.push(Extra::Other("jy".to_string()));
            }
            first
        };
        let mut on = base.clone();
        on.link = LegLink::Sequence;
        on.directions = Directions::Absolute(vec![*v]);
        on.extras.clear();
        let mut onto = on.clone();
        onto.reach = if m.grasshop { Reach::LEAP } else { Reach::Steps { min: 1, max: after } };
        out.push(multileg::to_move(vec![skip(default_capabilities(), true), onto], span));
        if m.grasshop {
            for hop in grasshopper(&on, &[*v]) {
                let mut parts = vec![Part::Leg(Box::new(skip(default_capabilities(), false)))];
                parts.extend(hop.parts.into_iter().map(|p| match p {
                    Part::Leg(mut l) => {
                        l.link = LegLink::Sequence;
                        Part::Leg(l)
                    }
                    other => other,
                }));
                out.push(Move { parts, span });
            }
        } else {
            let mut hop = on;
            hop.reach = Reach::Steps { min: 1, max: after };
            hop.hop = Some(ONE_HURDLE);
            out.push(multileg::to_move(vec![skip(default_capabilities(), false), hop], span));
        }
    }
    Some(out)
}

/// `nC`, `nZ`: the union of the seed's king-step paths to the leap's squares, each path's final
/// leg restricted to the leap's vectors selected by the part's directions.
fn lame_oblique(part: &XPart, paths: &[&str], vectors: &[Vector]) -> Result<Vec<Move>, Vec<Diagnostic>> {
    let mut out = Vec::new();
    for text in paths {
        let parsed = super::parse(text).map_err(|_| vec![unsupported(part.span, "n")])?;
        let mut path = parsed.parts[0].clone();
        let own = &part.legs[0];
        for &(c, _) in &own.modes {
            if c == 'i' {
                path.legs[0].modes.push((c, part.span));
            } else if c != 'n' {
                path.legs.last_mut().expect("a path has legs").modes.push((c, part.span));
            }
        }
        path.span = part.span;
        path.atom_span = part.atom_span;
        let (atoms, rides) = atom(path.atom).expect("W or F");
        let first = directions::select(atoms[0].0, atoms[0].1, &[]);
        for mut m in multileg::lower(&path, atoms[0], rides, &first)? {
            let before: Vector = m.parts[..m.parts.len() - 1].iter().fold((0, 0), |(x, y), p| match p {
                Part::Leg(l) => match &l.directions {
                    Directions::Absolute(v) => (x + v[0].0, y + v[0].1),
                    Directions::Relative { .. } => (x, y),
                },
                _ => (x, y),
            });
            let Some(Part::Leg(last)) = m.parts.last_mut() else { continue };
            let Directions::Absolute(ends) = &mut last.directions else { continue };
            ends.retain(|&(x, y)| vectors.contains(&(before.0 + x, before.1 + y)));
            if !ends.is_empty() {
                out.push(m);
            }
        }
    }
    Ok(out)
}
