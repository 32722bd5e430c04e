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
//! Everything else the IR cannot express yet is an error "XBetza `x` is not supported yet".

use super::directions;
use super::{XLeg, XMove, XPart, XRange};
use crate::diagnostic::Diagnostic;
use crate::ir::{Capability, Directions, Extra, Hop, Leg, LegLink, Move, MoveSet, Part, Reach, Side, Targets, Vector};
use crate::syntax::ast::Span;

/// Lowers a parsed XBetza move string.
pub fn lower(parsed: &XMove) -> Result<MoveSet, Vec<Diagnostic>> {
    let mut moves = Vec::new();
    let mut errors = Vec::new();
    for part in &parsed.parts {
        match lower_part(part) {
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

/// "XBetza `x` is not supported yet" at `span`.
fn unsupported(span: Span, what: &str) -> Diagnostic {
    Diagnostic::new(span, format!("XBetza `{what}` is not supported yet"))
}

/// The atoms of an XBetza letter (MBN order, m ≤ n) and whether it rides by default.
fn atom(c: char) -> Option<(Vec<(u32, u32)>, bool)> {
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
        'K' => leaper(vec![(0, 1), (1, 1)]),
        'R' => Some((vec![(0, 1)], true)),
        'B' => Some((vec![(1, 1)], true)),
        'Q' => Some((vec![(0, 1), (1, 1)], true)),
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
}

/// Reads the mode letters of a single leg; errors name the first unsupported one.
fn modes(leg: &XLeg) -> Result<Modes, Vec<Diagnostic>> {
    let mut out = Modes::default();
    let mut errors = Vec::new();
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
            'o' => out.cylindrical = true,
            _ => errors.push(unsupported(span, &c.to_string()).with_help(help_for(c))),
        }
        if matches!(c, 'm' | 'c' | 'd' | 'e') {
            out.written = true;
        }
    }
    if !out.written {
        out.capabilities = default_capabilities();
    }
    out.capabilities.sort();
    out.capabilities.dedup();
    if errors.is_empty() {
        Ok(out)
    } else {
        Err(errors)
    }
}

/// Move or capture an enemy: a final leg with no mode written.
fn default_capabilities() -> Vec<Capability> {
    vec![
        Capability::Move { restriction: None, allows_en_passant: false },
        Capability::Capture(Targets { side: Side::Enemy, only: Vec::new() }),
    ]
}

/// What an unsupported mode letter means in XBetza.
fn help_for(c: char) -> &'static str {
    match c {
        'j' => "XBetza `j`: must jump (leapers) or skip the first square (W/F sliders)",
        't' => "XBetza `t` on a final leg: tame, may not capture the royal piece",
        'y' => "XBetza `y`: range toggle for the next leg",
        'x' => "XBetza `x`: induction (relay)",
        'u' => "XBetza `u`: unload a captured piece",
        'q' => "XBetza `q`: circular rider",
        'z' => "XBetza `z`: crooked (zig-zag) rider",
        'k' => "XBetza `k`: a capture that may take the royal piece (Imitator context)",
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
fn lower_part(part: &XPart) -> Result<Vec<Move>, Vec<Diagnostic>> {
    let Some((atoms, rides)) = atom(part.atom) else {
        let what = match part.atom {
            'O' => "XBetza `O`: castling",
            '@' => "XBetza `@`: drops",
            'U' => "XBetza `U`: the universal leaper",
            'I' => "XBetza `I`: the imitator",
            _ => "XBetza `X`: an extended atom",
        };
        return Err(vec![unsupported(part.atom_span, &part.atom.to_string()).with_help(what)]);
    };
    if part.legs.len() > 1 {
        return Err(vec![unsupported(part.span, "a").with_help("XBetza `a`: multi-leg moves (again)")]);
    }
    let x = &part.legs[0];
    let m = modes(x)?;
    let groups: Vec<&str> = x.directions.iter().map(|d| d.text.as_str()).collect();
    let mut moves = Vec::new();
    for &(a, b) in &atoms {
        let vectors = directions::select(a, b, &groups);
        if vectors.is_empty() {
            continue;
        }
        moves.extend(lower_atom(part, &m, (a, b), rides, vectors)?);
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

/// The reach of an atom with its range suffix.
fn reach(range: XRange, rides: bool) -> Reach {
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
        base.extras.push(Extra::Cylindrical { both_axes: false, files: None });
    }
    if m.hop && m.grasshop {
        return Err(vec![unsupported(span, "pg").with_help("both hop modes on one leg")]);
    }
    if m.grasshop {
        if reach != Reach::RIDE || !unit {
            return Err(vec![unsupported(span, "g")
                .with_help("mbn reads `g` on unlimited sliders of W and F steps only (`gR`, `gB`, `gQ`, `gW0`)")]);
        }
        return Ok(grasshopper(&base, &vectors));
    }
    if m.hop {
        match reach {
            Reach::Steps { min: 1, max: None } => base.hop = Some(ONE_HURDLE),
            Reach::Steps { min: 1, max: Some(1) } if unit => {
                // `pW` = `pafW`: onto the adjacent mount, then one more step the same way.
                base.directions = Directions::Absolute(vectors.iter().map(|&(x, y)| (2 * x, 2 * y)).collect());
                base.hop = Some(ONE_HURDLE);
            }
            _ => {
                return Err(vec![unsupported(span, "p")
                    .with_help("mbn reads `p` on unlimited riders (`pR`, `pN0`) and on W, F and K steps only")])
            }
        }
        return Ok(vec![single(base)]);
    }
    if m.lame {
        return lame(part, m, base, (a, b), &vectors);
    }
    Ok(vec![single(base)])
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
        // Seed 001: an `in` move creates e.p. rights on the squares it passes.
        if m.initial && b > 1 {
            for c in &mut base.capabilities {
                if let Capability::Move { allows_en_passant, .. } = c {
                    *allows_en_passant = true;
                }
            }
        }
        return Ok(vec![single(base)]);
    }
    if (a, b) != (1, 2) || base.reach != Reach::LEAP {
        return Err(vec![unsupported(part.span, "n")
            .with_help("mbn reads `n` on straight leaps (`nD`, `nA`) and the knight (`nN`) only")]);
    }
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
        let mut last = base.clone();
        last.link = LegLink::Sequence;
        last.directions = Directions::Absolute(rest);
        last.extras.clear();
        out.push(Move { parts: vec![Part::Leg(Box::new(step)), Part::Leg(Box::new(last))], span: base.span });
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
