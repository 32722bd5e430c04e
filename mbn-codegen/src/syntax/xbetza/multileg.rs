//! XBetza multi-leg moves (`a`, "again"; seed `001`, "Multi-leg moves"; seed `002`, "Multi-leg")
//! lowered to chains of absolute legs.
//!
//! A continuation leg's directions are relative to the previous leg and read in the 8-fold king
//! system: `f` straight on, `fr` 45° right, `r` 90° right, `br` 135° right, `b` straight back, `s`
//! both sides, `fs` both 45° turns, `vs` the four diagonal turns. A 45° turn of an orthogonal or
//! diagonal atom rotates it (W↔F, D↔A, H↔G); an oblique atom's eight vectors, clockwise, stand for
//! the eight compass points. `q` and `z` there stand for `l` or `r`: the side the previous leg
//! bent to, or the other (X58). Because every previous direction is known when the move is lowered,
//! each path is unrolled into a [`Move`] of absolute legs joined by [`LegLink::Sequence`]: one
//! move per choice of direction on every non-final leg, the final leg with all its vectors.
//!
//! Defaults and modes (docs/SEMANTICS.md, X11–X18): a non-final leg moves (`m`) unless a mode is
//! written; `c` captures (a locust capture), `d` captures a friend, `p` hops (lands on a piece and
//! leaves it), `g` hops and toggles the range of the next leg, `y` toggles what its leg does
//! (alone it moves; X64); `t` alone hops a friend (X65); `mp` is seamless (either), as is `x` with
//! other modes (X63). A continuation leg with no direction written goes every way of its atom
//! but straight back. Continuation legs inherit the range; a toggle turns a leaper into a rider and
//! anything else into a leaper (W F K become R B Q and back, whatever range was written). `i` on a
//! continuation leg makes it as long as the last slider leg before it (unrolled over every
//! length a board allows). `p`/`g` on the final leg hop onto the mount and leave a hidden last leg
//! straight on (`pR` = `pafR`, `gQ` = `gafQ`). The `q` and `z` riders ([`bent`]) and seed 001's
//! lame camel and zebra paths ([`lame_paths`]) are unrolled the same way. `x` on a leg on the way
//! lands on a friend that makes the rest of the move ([`Extra::Excite`], X28); `u` on the last
//! leg puts the piece it captures on that leg's start square ([`Extra::Unload`], X27).

use super::{XLeg, XPart, XRange};
use crate::diagnostic::Diagnostic;
use crate::ir::{Capability, Directions, Extra, Leg, LegLink, Move, Part, Reach, Side, Targets, Vector};
use crate::lower::directions::is_oblique;
use crate::syntax::ast::{PieceSet, Span};

/// The eight king directions clockwise from straight on.
const COMPASS: [Vector; 8] = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)];

/// The longest slide on any board mbn runs (16 squares wide): how far an iso leg is unrolled.
const LONGEST_SLIDE: u32 = 15;

/// The most legs unrolled for one part (`aaaaaaaaK` has 8·7⁸ paths): beyond, an error.
const MAX_LEGS_UNROLLED: usize = 100_000;

/// How far a leg goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Range {
    Leap,
    Ride,
    UpTo(u32),
    Exactly(u32),
}

impl Range {
    fn reach(self) -> Reach {
        match self {
            Range::Leap => Reach::LEAP,
            Range::Ride => Reach::RIDE,
            Range::UpTo(n) => Reach::Steps { min: 1, max: Some(n) },
            Range::Exactly(n) => Reach::Steps { min: n, max: Some(n) },
        }
    }
}

/// What a non-final leg does on the square it lands on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Transit {
    /// `m`: the square is empty.
    Move,
    /// `c`: an enemy there is captured; `k` (X70) restricts it to royal pieces (`Some(true)`: `k`
    /// alone) or to the others (`Some(false)`: `kc`).
    Capture(Option<bool>),
    /// `d`: a friend there is captured.
    Destroy,
    /// `p`/`g`: a piece there is hopped on and left standing (`t`: friends only).
    Hop { friends_only: bool },
    /// `x`: a friend there is excited and makes the remaining legs (X28).
    Excite,
    /// `e`: the empty square holds e.p. rights, whose victim is captured on the way (X69, M64).
    EnPassant,
}

/// One way a non-final leg can be taken: what it does there and whether the next leg toggles its
/// range.
#[derive(Clone, Copy, Debug)]
struct Way {
    transit: Transit,
    toggle: bool,
}

/// The modes of one leg, read.
struct LegModes {
    /// Non-final reading.
    ways: Vec<Way>,
    /// Final reading: capabilities (empty: the default move or capture), hop-on with its toggle.
    final_caps: Vec<Capability>,
    final_hop: Option<Way>,
    /// `i` on a continuation leg.
    iso: bool,
    /// `i` on the first leg.
    initial: bool,
    /// `u` on the last leg (X27): the piece it captures goes to the leg's start square.
    unload: bool,
    /// `n` on a stepper's leg (X41): the square it lands on gets e.p. rights.
    rights: bool,
    /// `o` on a leg on the way (X48): the leg ends off the board.
    offboard: bool,
    /// `o` (`Some(false)`) or `oo` (`Some(true)`) on the last leg (X88), `oo` on a leg on the way
    /// (X91): the leg wraps round the board's sides (and with `oo` its top and bottom), the
    /// cylinder of one-leg `oR` (X39).
    cylinder: Option<bool>,
    /// `q` or `z` on a continuation leg (X58): the side it turns to, by the previous leg's bend;
    /// both: either side.
    side: Option<SideRule>,
    /// `q`, `z` or both on the first leg (X59): the leg is a bent rider's path.
    bends: Vec<Bend>,
}

/// `q` and `z` on a continuation leg (seed 001: "stands for l or r in same direction as previous
/// bend", "in opposit direction"): which side of the leg's direction groups the leg keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum SideRule {
    /// `q`: the side the previous leg bent to.
    Same,
    /// `z`: the other side.
    Opposite,
    /// `qz`: either side (X59).
    Either,
}

/// The side of a turn of `t` eighths clockwise: `Some(true)` right (1–3), `Some(false)` left
/// (5–7), `None` straight on or back.
fn side_of_turn(t: usize) -> Option<bool> {
    match t % 8 {
        1..=3 => Some(true),
        5..=7 => Some(false),
        _ => None,
    }
}

/// "XBetza `x` is not supported yet" at `span`, with help.
fn unsupported(span: Span, what: &str, help: &str) -> Diagnostic {
    Diagnostic::new(span, format!("XBetza `{what}` is not supported yet")).with_help(help.to_string())
}

fn read_modes(leg: &XLeg, first: bool, last: bool, stepper: bool) -> Result<LegModes, Vec<Diagnostic>> {
    let mut errors = Vec::new();
    let has = |c: char| leg.modes.iter().any(|&(m, _)| m == c);
    for &(c, span) in &leg.modes {
        let help = match c {
            // X64: `y` on the last leg toggles only the hidden leg after a mount (`yp` = `g`).
            'y' if last && !has('p') && !has('g') => {
                errors.push(super::lower::meaningless(
                    span,
                    "y",
                    "seed 001: `y` \"in non-final leg: indicates the next leg has a toggled range\"; the last leg \
                     of a move has no next leg (with `p` it toggles the hidden leg after the mount, `afypR` = \
                     `afgR`, docs/SEMANTICS.md X64)",
                ));
                continue;
            }
            'm' | 'c' | 'd' | 'p' | 'g' | 'y' | 'i' | 't' => continue,
            'k' if last => continue,
            // X70: `k` on a leg on the way captures a royal piece there (`kc`: any other enemy).
            'k' if leg.modes.iter().all(|&(m, _)| matches!(m, 'k' | 'm' | 'c' | 'i')) => continue,
            'u' if last => continue,
            // X67: `u` on a leg on the way marks where the piece the last leg captures goes.
            'u' if !(has('c') || has('d') || has('x')) => continue,
            'u' => {
                "XBetza `u` (unload) on a leg on the way that captures or excites there: the piece it takes \
                    would reappear on its start square while the mover goes on, a move the runtime has no form \
                    for; mbn unloads the piece the last leg captures (`uafdQ`, `afudQ`, docs/SEMANTICS.md X27, X67)"
            }
            // X28 alone; X63: with m, c, d, p, g, alternatives of the leg.
            'x' if !last && leg.modes.iter().all(|&(m, _)| matches!(m, 'x' | 'm' | 'c' | 'd' | 'p' | 'g')) => continue,
            // X83: `x` alone on the last leg borrows from the friend the path reaches (`mNaxN`).
            'x' if last && leg.modes.iter().all(|&(m, _)| m == 'x') => continue,
            'x' if last => {
                "XBetza `x` with other modes on the last leg of a multi-leg move: mbn borrows from the friend \
                    the path reaches with `x` alone there (`mNaxN`, docs/SEMANTICS.md X83)"
            }
            'x' => {
                "XBetza `x` (induction) with modes other than m, c, d, p, g on its leg: mbn reads `x` alone \
                    (`mNxaN`, X28) or as an alternative to those (`mNxmaN`, X63)"
            }
            // X41, X42: `n` on a stepper's leg creates e.p. rights, `e` captures e.p. on the last leg.
            'n' if stepper => continue,
            // X69: `e` on a leg on the way is MBN's e.p. capture on the way (M64).
            'e' => continue,
            'n' => {
                "XBetza `n` in a multi-leg move of an atom that is no stepper (W F K R B Q): lame leaps on \
                    the legs of a multi-leg move are not read"
            }
            // X48: `o` on a leg on the way leaves the board; alone, or with `i` on a first leg.
            'o' if !last
                && leg.modes.iter().all(|&(m, _)| m == 'o' || m == 'i')
                && leg.modes.iter().filter(|&&(m, _)| m == 'o').count() == 1 =>
            {
                continue
            }
            // X88: `o` or `oo` on the last leg is the cylinder (torus) of that leg.
            'o' if last && !(has('p') || has('g')) && leg.modes.iter().filter(|&&(m, _)| m == 'o').count() <= 2 => {
                continue
            }
            'o' if last => {
                "XBetza `o` on the last leg of a multi-leg move with `p` or `g`, or tripled: mbn reads `o` and \
                    `oo` there as the cylinder and torus of the leg (`mafsoW`, docs/SEMANTICS.md X88)"
            }
            'o' if first && (has('q') || has('z')) => {
                "XBetza `o` on a bent first leg (`q`, `z`) of a multi-leg move: mbn does not build its unrolled \
                    path off the board (`o` on a leg on the way, X48) or round it (`oo`, X91); a one-leg `oqN` \
                    wraps round the side edges (docs/SEMANTICS.md X60, X110)"
            }
            // X91: `oo` on a leg on the way is the torus of that leg (seed 001: "oo ('cylinder') moves
            // wrap in toroidal fashion").
            'o' if leg.modes.iter().filter(|&&(m, _)| m == 'o').count() == 2 => continue,
            'o' => {
                "XBetza `o` with other modes on its leg: an off-board leg lands on no piece and is taken once \
                    (`o` with m, c, d, p, g, y is not read there; `oo` is the torus of the leg, docs/SEMANTICS.md X48, X91)"
            }
            'j' => "XBetza `j` in a multi-leg move",
            // X58: on a continuation leg `q`/`z` name the side of the turn; X59: on a first leg the
            // leg is a bent rider; `qz` both. Each once.
            'q' | 'z' if leg.modes.iter().filter(|&&(m, _)| m == c).count() == 1 => continue,
            'q' | 'z' => {
                errors.push(super::lower::meaningless(
                    span,
                    &format!("{c}{c}"),
                    &format!(
                        "seed 001 defines `{c}` once on a leg (a bent rider, or a side on a continuation leg); \
                         a doubled `{c}` is neither (docs/SEMANTICS.md X59, X66)"
                    ),
                ));
                continue;
            }
            _ => "XBetza `k` (royal capture) on a leg on the way: only the last leg may capture a royal piece",
        };
        errors.push(unsupported(span, &c.to_string(), help));
    }
    if first && !last && (has('q') || has('z')) {
        if let Some(&(c, span)) = leg.modes.iter().find(|m| m.0 == 'u') {
            errors.push(unsupported(
                span,
                &c.to_string(),
                "XBetza `u` on a bent first leg (`q`, `z`): its path is unrolled into steps, and the piece \
                    would go to the path's start (docs/SEMANTICS.md X67)",
            ));
        }
    }
    if first && (has('q') || has('z')) {
        if let Some(&(c, span)) = leg.modes.iter().find(|m| m.0 == 'n') {
            errors.push(unsupported(
                span,
                &c.to_string(),
                "XBetza `n` on a bent first leg (`q`, `z`): e.p. rights go on the line of one move only \
                    (docs/SEMANTICS.md X41, X59)",
            ));
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    if has('u') && last && !(has('p') || has('g')) {
        unload_allowed(leg)?;
    }
    if has('x') && leg.modes.len() == 1 {
        // `x` (excite, X28): the leg ends on a friend, which makes the remaining legs.
        let way = Way { transit: Transit::Excite, toggle: false };
        let (final_caps, final_hop) = (Vec::new(), None);
        return Ok(LegModes {
            ways: vec![way],
            final_caps,
            final_hop,
            iso: false,
            initial: false,
            unload: false,
            rights: false,
            offboard: false,
            cylinder: None,
            side: None,
            bends: Vec::new(),
        });
    }
    // `t` with `p`/`g` hops friends only; on the last leg without them it is tame (X35); on a leg
    // on the way without them it is Betza 2.0's "test" (seed 002: "'t' ('test', i.e. hop over own
    // piece only)", X65): `tafW` = `tpafW`.
    let tame = has('t');
    let test = tame && !last && !(has('p') || has('g'));
    let hop = has('p') || test;
    let y = has('y');
    let mut ways = Vec::new();
    let mut push = |transit, toggle| ways.push(Way { transit, toggle });
    if has('x') {
        // X63: `x` with other modes is one alternative of the leg (`xmaN` = `xaN` + `maN`).
        push(Transit::Excite, false);
    }
    // `y` toggles what the leg does (X13): alone it moves; `cy` captures, `py` hops (seed 001: "g in
    // a non-final leg thus is a shortcut for yp").
    let on_the_way = |c: char| has(c) && !last;
    if has('m') || !(has('c') || has('d') || hop || has('g') || has('x') || on_the_way('e') || on_the_way('k')) {
        push(Transit::Move, y);
    }
    match (has('c'), has('k') && !last) {
        (true, royal) => push(Transit::Capture(royal.then_some(false)), y),
        (false, true) => push(Transit::Capture(Some(true)), y),
        (false, false) => {}
    }
    if has('d') {
        push(Transit::Destroy, y);
    }
    if has('e') && !last {
        push(Transit::EnPassant, y);
    }
    if hop {
        push(Transit::Hop { friends_only: tame }, y);
    }
    if has('g') {
        push(Transit::Hop { friends_only: tame }, true);
    }
    let mut final_caps = Vec::new();
    if has('m') {
        final_caps.push(Capability::Move { restriction: None, allows_en_passant: false });
    }
    if has('c') {
        final_caps.push(Capability::Capture(Targets { side: Side::Enemy, only: Vec::new() }));
    }
    if has('d') {
        final_caps.push(Capability::Capture(Targets { side: Side::Friend, only: Vec::new() }));
    }
    if has('e') {
        final_caps.push(Capability::EnPassant { pieces: None });
    }
    // X64: `y` with `p` on the last leg toggles the hidden leg after the mount, as `g` does.
    let final_hop =
        (has('p') || has('g')).then_some(Way { transit: Transit::Hop { friends_only: tame }, toggle: has('g') || y });
    if last && (has('k') || (tame && final_hop.is_none())) {
        // X34, X35: `k` and a tame `t` restrict the last leg's captures.
        if final_caps.is_empty() && !has('k') {
            final_caps = default_capabilities();
        }
        super::lower::royal_captures(leg, &mut final_caps, final_hop.is_none()).map_err(|e| vec![e])?;
    }
    let (iso, initial, unload, rights) = (!first && has('i'), first && has('i'), has('u'), has('n'));
    let wraps = leg.modes.iter().filter(|&&(m, _)| m == 'o').count();
    let offboard = wraps == 1 && !last;
    let cylinder = match (wraps, last) {
        (0, _) | (1, false) => None,
        (n, _) => Some(n == 2),
    };
    let (side, bends) = if first {
        let bends = [('q', Bend::Circular), ('z', Bend::Zigzag)];
        (None, bends.into_iter().filter(|&(c, _)| has(c)).map(|(_, b)| b).collect())
    } else {
        let side = match (has('q'), has('z')) {
            (true, true) => Some(SideRule::Either),
            (true, false) => Some(SideRule::Same),
            (false, true) => Some(SideRule::Opposite),
            (false, false) => None,
        };
        (side, Vec::new())
    };
    Ok(LegModes { ways, final_caps, final_hop, iso, initial, unload, rights, offboard, cylinder, side, bends })
}

/// `u` on the last leg of a multi-leg move (X27): the leg must capture (`c`, `d`), and a hop or
/// en passant capture has no piece on its destination to unload.
fn unload_allowed(leg: &XLeg) -> Result<(), Vec<Diagnostic>> {
    let span = leg.modes.iter().find(|m| m.0 == 'u').map_or(Span::new(0, 0), |m| m.1);
    let has = |c: char| leg.modes.iter().any(|&(m, _)| m == c);
    let help = if let Some(c) = ['p', 'g', 'e'].into_iter().find(|&c| has(c)) {
        format!("XBetza `u` with `{c}`: mbn unloads a piece the last leg captures on its destination")
    } else if let Some(c) = ['k', 't'].into_iter().find(|&c| has(c)) {
        format!("XBetza `u` with `{c}` (royal captures): mbn unloads only plain captures")
    } else if !has('c') && !has('d') {
        "XBetza `u` on a leg that captures nothing would unload nothing: write `uc`, `ud` or `ucd`".to_string()
    } else {
        return Ok(());
    };
    Err(vec![unsupported(span, "u", &help)])
}

/// `u` on a leg on the way or on a hop (X67: `uafdQ`, `upR`): one `u` in the move, and the last
/// leg (a hop's hidden leg off the mount) captures what goes to the `u` leg's start square: `c`,
/// `d` or no mode written (moves stay moves), not en passant nor with `k`/`t`.
fn unload_on_the_way(part: &XPart) -> Vec<Diagnostic> {
    let spans: Vec<Span> = part.legs.iter().flat_map(|l| l.modes.iter().filter(|m| m.0 == 'u').map(|m| m.1)).collect();
    if let [_, second, ..] = spans.as_slice() {
        return vec![super::lower::meaningless(
            *second,
            "u",
            "seed 001: \"the (empty) starting square of the leg will receive the piece captured by the move\"; \
             two `u` legs would put the one captured piece on two squares (docs/SEMANTICS.md X67)",
        )];
    }
    let Some((i, leg)) = part.legs.iter().enumerate().find(|(_, l)| l.modes.iter().any(|m| m.0 == 'u')) else {
        return Vec::new();
    };
    let last = part.legs.last().unwrap_or(leg);
    let on_hop = |l: &XLeg| l.modes.iter().any(|m| matches!(m.0, 'p' | 'g'));
    if i + 1 == part.legs.len() && !on_hop(leg) {
        return Vec::new();
    }
    let span = spans[0];
    let has = |c: char| last.modes.iter().any(|&(m, _)| m == c);
    if let Some(c) = ['e', 'k', 't', 'x'].into_iter().find(|&c| has(c)) {
        return vec![unsupported(
            span,
            "u",
            &format!(
                "XBetza `u` with `{c}` on the last leg: mbn unloads a piece the last leg captures plainly, on its \
                 destination (docs/SEMANTICS.md X67)"
            ),
        )];
    }
    let written = last.modes.iter().any(|m| matches!(m.0, 'm' | 'c' | 'd'));
    if written && !has('c') && !has('d') {
        return vec![super::lower::meaningless(
            span,
            "u",
            "seed 001: with `u` \"the piece captured by the move will re-appear\" on the leg's start square; the \
             last leg of this move only moves, so nothing is captured (docs/SEMANTICS.md X66, X67)",
        )];
    }
    Vec::new()
}

/// The offsets (eighths of a turn clockwise) a continuation leg's direction groups select.
fn offsets(leg: &XLeg, own: &[usize]) -> Result<Vec<usize>, Vec<Diagnostic>> {
    if let Some(&(bend, _)) = leg.modes.iter().find(|m| m.0 == 'q' || m.0 == 'z') {
        return side_offsets(leg, bend);
    }
    if leg.directions.is_empty() {
        return Ok(own.iter().copied().filter(|&o| o != 4).collect());
    }
    let mut out = Vec::new();
    for group in &leg.directions {
        let letters: Vec<char> = group.text.chars().collect();
        let single = |c: char| -> Option<Vec<usize>> {
            Some(match c {
                'f' => vec![0],
                'r' => vec![2],
                'b' => vec![4],
                'l' => vec![6],
                'v' => vec![0, 4],
                's' => vec![2, 6],
                _ => return None,
            })
        };
        // Half planes (X37): the three compass points with a component that way.
        let half = |c: char| -> Vec<usize> {
            match c {
                'f' => vec![7, 0, 1],
                'r' => vec![1, 2, 3],
                'b' => vec![3, 4, 5],
                _ => vec![5, 6, 7],
            }
        };
        let chosen = match letters.as_slice() {
            [x, 'h'] if "fbrl".contains(*x) => Some(half(*x)),
            ['v', 'h'] => Some([half('f'), half('b')].concat()),
            ['s', 'h'] => Some([half('l'), half('r')].concat()),
            [x] => single(*x),
            [x, y] if x == y => single(*x),
            [x, y] => {
                let (v, h) = if "fbv".contains(*x) { (*x, *y) } else { (*y, *x) };
                let vs: &[char] = match v {
                    'f' => &['f'],
                    'b' => &['b'],
                    'v' => &['f', 'b'],
                    _ => &[],
                };
                let hs: &[char] = match h {
                    'r' => &['r'],
                    'l' => &['l'],
                    's' => &['l', 'r'],
                    _ => &[],
                };
                let mut o = Vec::new();
                for &a in vs {
                    for &b in hs {
                        o.push(match (a, b) {
                            ('f', 'r') => 1,
                            ('b', 'r') => 3,
                            ('b', 'l') => 5,
                            _ => 7,
                        });
                    }
                }
                (!o.is_empty()).then_some(o)
            }
            _ => None,
        };
        match chosen {
            Some(o) => out.extend(o),
            None if matches!(letters.as_slice(), ['h', 'r' | 'l']) => {
                return Err(vec![super::lower::meaningless(
                    group.span,
                    &group.text,
                    "a chiral set is four oblique moves related by rotation (seed 002's table 2: \"chiral\", on the \
                     ring of N); a continuation leg reads its directions as the King's eight compass points, \
                     where no move is chiral (docs/SEMANTICS.md X37, X66)",
                )])
            }
            None => {
                return Err(vec![unsupported(
                    group.span,
                    &group.text,
                    "continuation legs take f b l r v s, pairs such as `fr`, `bs`, `vs` and half planes `fh` `bh` `lh` `rh` `vh` `sh`; chiral sets (`hr`, `hl`) name no compass point there",
                )])
            }
        }
    }
    out.sort_unstable();
    out.dedup();
    Ok(out)
}

/// The offsets of a continuation leg with `q` or `z` (X58), both sides: the letter stands for `l`
/// or `r`, so alone it is `s` (90°), with `f` it is `fs` (45°), with `b` `bs` (135°), with `v`
/// `vs`. A horizontal letter or a half plane next to it is an error: the side is `q`'s or `z`'s.
fn side_offsets(leg: &XLeg, bend: char) -> Result<Vec<usize>, Vec<Diagnostic>> {
    if leg.directions.is_empty() {
        return Ok(vec![2, 6]);
    }
    let mut out = Vec::new();
    for group in &leg.directions {
        let letters: Vec<char> = group.text.chars().collect();
        let vertical = match letters.as_slice() {
            [x] | [x, _] if letters.iter().all(|c| c == x) => Some(*x),
            _ => None,
        };
        match vertical {
            Some('f') => out.extend([1, 7]),
            Some('b') => out.extend([3, 5]),
            Some('v') => out.extend([1, 3, 5, 7]),
            _ => {
                return Err(vec![Diagnostic::new(
                    group.span,
                    format!("XBetza `{}` next to `{bend}` on a continuation leg", group.text),
                )
                .with_help(format!(
                    "`{bend}` stands for `l` or `r` (the side of the previous bend, docs/SEMANTICS.md X58): only \
                        `f`, `b` or `v` may go with it (`f{bend}` turns 45°, `b{bend}` 135°, `{bend}` alone 90°)"
                ))])
            }
        }
    }
    out.sort_unstable();
    out.dedup();
    Ok(out)
}

/// The eight directions of an atom, clockwise, and the positions among them the atom itself
/// moves in (the others are the rotated atom: F for W).
fn ring(letter: char, (m, n): (u32, u32)) -> ([Vector; 8], Vec<usize>) {
    if m > 0 && m < n {
        let (a, b) = (m as i32, n as i32);
        let mut vs = [(a, b), (b, a), (b, -a), (a, -b), (-a, -b), (-b, -a), (-b, a), (-a, b)];
        vs.sort_by(|p, q| bearing(*p).total_cmp(&bearing(*q)));
        return (vs, (0..8).collect());
    }
    let s = n as i32;
    let ring = COMPASS.map(|(x, y)| (s * x, s * y));
    let own = if matches!(letter, 'K' | 'Q' | 'S' | 'T') { (0..8).collect() } else { vec![0, 2, 4, 6] };
    (ring, own)
}

/// The bearing of a vector, clockwise from forward, in [0, 2π).
fn bearing((x, y): Vector) -> f64 {
    let a = f64::from(x).atan2(f64::from(y));
    if a < 0.0 {
        a + std::f64::consts::TAU
    } else {
        a
    }
}

/// A path being unrolled.
#[derive(Clone)]
struct Path {
    legs: Vec<Leg>,
    /// Index in `legs` of the last slider leg, for `i` (iso).
    last_slider: Option<usize>,
}

/// The state the next leg starts from.
#[derive(Clone, Copy)]
struct At {
    /// Position on the ring of the previous leg's direction.
    index: usize,
    range: Range,
    /// The class of the atom letter for toggling: `Some(false)` W F K, `Some(true)` R B Q.
    slider_letter: Option<bool>,
    /// The side the previous leg bent to (`Some(true)` right), for `q` and `z` (X58).
    right: Option<bool>,
}

fn toggled(at: At) -> (Range, Option<bool>) {
    match at.slider_letter {
        Some(true) => (Range::Leap, Some(false)),
        Some(false) => (Range::Ride, Some(true)),
        None if at.range == Range::Leap => (Range::Ride, None),
        None => (Range::Leap, None),
    }
}

/// Everything the unrolling needs about the part.
struct Ctx<'p> {
    part: &'p XPart,
    ring: [Vector; 8],
    /// The atom is an oblique leap: its legs bend to their chirality (X58).
    oblique: bool,
    modes: Vec<LegModes>,
    offsets: Vec<Vec<usize>>,
    /// Legs unrolled so far, against [`MAX_LEGS_UNROLLED`].
    unrolled: std::cell::Cell<usize>,
}

/// Lowers a part with `a` (or a final `p`/`g` that needs its hidden hop-off leg) for one atom of
/// its letter, restricted to the first-leg vectors `first`.
pub(super) fn lower(
    part: &XPart,
    (m, n): (u32, u32),
    rides: bool,
    first: &[Vector],
) -> Result<Vec<Move>, Vec<Diagnostic>> {
    let (ring, own) = ring(part.atom, (m, n));
    let mut modes = Vec::new();
    let mut offs = Vec::new();
    let mut errors = Vec::new();
    for (i, leg) in part.legs.iter().enumerate() {
        let stepper = matches!(part.atom, 'W' | 'F' | 'K' | 'R' | 'B' | 'Q') && part.boost.is_none();
        match read_modes(leg, i == 0, i + 1 == part.legs.len(), stepper) {
            Ok(x) => modes.push(x),
            Err(e) => errors.extend(e),
        }
        if i > 0 {
            match offsets(leg, &own) {
                Ok(o) => offs.push(o),
                Err(e) => errors.extend(e),
            }
        } else {
            offs.push(Vec::new());
        }
    }
    if errors.is_empty() {
        errors.extend(sides_defined(part, &modes, &offs, &ring, first, m > 0 && m < n));
        errors.extend(unload_on_the_way(part));
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let range = match part.range {
        XRange::Default if rides => Range::Ride,
        XRange::Default | XRange::Number(1) => Range::Leap,
        XRange::Number(0) | XRange::Doubled => Range::Ride,
        XRange::Number(k) => Range::UpTo(k),
    };
    let slider_letter = match part.atom {
        // A boosted leaper (`FX`) toggles as any other atom (X33).
        _ if part.boost.is_some() => None,
        'W' | 'F' | 'K' => Some(false),
        'R' | 'B' | 'Q' => Some(true),
        _ => None,
    };
    let ctx = Ctx { part, ring, oblique: is_oblique((m, n)), modes, offsets: offs, unrolled: std::cell::Cell::new(0) };
    let mut out = Vec::new();
    for &v in first {
        let Some(index) = ring.iter().position(|&r| r == v) else { continue };
        let at = At { index, range, slider_letter, right: None };
        if ctx.modes[0].bends.is_empty() || part.legs.len() == 1 {
            ctx.walk(0, at, &[0], Path { legs: Vec::new(), last_slider: None }, &mut out);
        } else {
            ctx.walk_bent(at, &mut out);
        }
    }
    if ctx.unrolled.get() > MAX_LEGS_UNROLLED {
        return Err(vec![Diagnostic::new(
            part.span,
            format!("XBetza `{}` has too many paths to unroll (more than {MAX_LEGS_UNROLLED} legs)", part_text(part)),
        )]);
    }
    Ok(out)
}

/// The bend of a leg in ring position `k`, `t` eighths clockwise from the previous leg (X58): an
/// oblique leap bends to its chirality (seed 001's `hr`: clockwise of the orthogonal it strays
/// from, the even positions of its ring), a first leg of another atom to the side of forward it
/// goes to, a continuation leg to the side it turned to.
fn bend(oblique: bool, first: bool, k: usize, t: usize) -> Option<bool> {
    if oblique {
        Some(k % 2 == 0)
    } else if first {
        side_of_turn(k)
    } else {
        side_of_turn(t)
    }
}

/// X58: a leg with `q` or `z` needs a bend on every direction the leg before it can take; an
/// error at the letter otherwise (or on a boosted atom, whose ring mbn does not bend).
fn sides_defined(
    part: &XPart,
    modes: &[LegModes],
    offs: &[Vec<usize>],
    ring: &[Vector; 8],
    first: &[Vector],
    oblique: bool,
) -> Vec<Diagnostic> {
    let mut errors = Vec::new();
    for (i, leg) in part.legs.iter().enumerate().skip(1) {
        let Some(&(c, span)) = leg.modes.iter().find(|m| m.0 == 'q' || m.0 == 'z') else { continue };
        if modes[i].side.is_none() {
            continue;
        }
        let bent = oblique
            || if i == 1 {
                first.iter().filter_map(|v| ring.iter().position(|r| r == v)).all(|k| side_of_turn(k).is_some())
            } else {
                offs[i - 1].iter().all(|&t| side_of_turn(t).is_some())
            };
        if !bent {
            errors.push(Diagnostic::new(span, format!("XBetza `{c}` after a leg that breaks no symmetry")).with_help(
                format!(
                    "`{c}` stands for the side the previous leg bent to (`q` the same, `z` the other, \
                         docs/SEMANTICS.md X58); that leg can also go straight (forward, back, or on): write \
                         its sides, as in `sa{c}W`, `afsa{c}W`, or use an oblique atom (`a{c}N`)"
                ),
            ));
        }
    }
    errors
}

impl Ctx<'_> {
    /// Leg `i` (not the last, or a hop onto the last leg's mount) taken `way` to ring position `k`.
    fn way_leg(&self, i: usize, way: &Way, k: usize, reach: Reach, link: LegLink) -> Leg {
        let modes = &self.modes[i];
        let (mut caps, written, extra) = match way.transit {
            // No mode written, as MBN's `W--F`: a leg on the way then only moves.
            Transit::Move => (default_capabilities(), false, None),
            Transit::Capture(royal) => {
                let only = royal.map(|r| PieceSet {
                    by_colour: false,
                    complement: !r,
                    members: Vec::new(),
                    royal: true,
                    span: Span::default(),
                });
                (vec![Capability::Capture(Targets { side: Side::Enemy, only: only.into_iter().collect() })], true, None)
            }
            Transit::Destroy => {
                (vec![Capability::Capture(Targets { side: Side::Friend, only: Vec::new() })], true, None)
            }
            // MBN's `jy` (M10) with no mode written: it neither moves nor captures.
            Transit::Hop { friends_only } => {
                (default_capabilities(), false, Some(if friends_only { "jj" } else { "jy" }))
            }
            // A written mode with no capability, as the swap-only leg of X26: only
            // `Extra::Excite` lets it land (on a friend).
            Transit::Excite => (Vec::new(), true, None),
            // MBN's `cee` there (e.p. only; M64).
            Transit::EnPassant => (vec![Capability::EnPassant { pieces: None }], true, None),
        };
        if modes.rights {
            // X41: `n` marks the leg's moves as leaving e.p. rights (MBN `me`).
            for c in &mut caps {
                if let Capability::Move { allows_en_passant, .. } = c {
                    *allows_en_passant = true;
                }
            }
        }
        let mut leg = Leg::new(link, Directions::Absolute(vec![self.ring[k]]), reach, caps, self.part.span);
        leg.mode_written = written;
        if modes.initial && link == LegLink::First {
            leg.extras.push(Extra::Initial { decaying: false });
        }
        if let Some(x) = extra {
            leg.extras.push(Extra::Other(x.to_string()));
        }
        if way.transit == Transit::Excite {
            leg.extras.push(Extra::Excite);
        }
        if modes.unload {
            // X67: `u` on a leg on the way, or on a hop's leg onto its mount (`upR`).
            leg.extras.push(Extra::Unload);
        }
        if modes.offboard {
            leg.extras.push(Extra::OffBoard);
        }
        if let Some(both_axes) = modes.cylinder {
            leg.extras.push(Extra::Cylindrical { both_axes, files: None });
        }
        leg
    }

    /// A bent first leg (`qaN`, X59): each path of the bent riders, its steps on the way empty
    /// and its last step taken each way of the leg, then the later legs from there, the path's
    /// last turn being the bend `q`/`z` refer to.
    fn walk_bent(&self, at: At, out: &mut Vec<Move>) {
        let modes = &self.modes[0];
        let span = self.part.span;
        let max = match self.part.range {
            XRange::Number(n) if n > 0 => Some(n),
            _ => None,
        };
        for path in bent_paths(at.index, &modes.bends, max) {
            self.unrolled.set(self.unrolled.get() + path.steps.len());
            if self.unrolled.get() > MAX_LEGS_UNROLLED {
                return;
            }
            let (before, &[end]) = path.steps.split_at(path.steps.len() - 1) else { continue };
            for way in &modes.ways {
                let mut legs: Vec<Leg> = before
                    .iter()
                    .enumerate()
                    .map(|(j, &k)| {
                        let link = if j == 0 { LegLink::First } else { LegLink::Sequence };
                        let mut leg = Leg::new(
                            link,
                            Directions::Absolute(vec![self.ring[k]]),
                            Reach::LEAP,
                            default_capabilities(),
                            span,
                        );
                        if j == 0 && modes.initial {
                            leg.extras.push(Extra::Initial { decaying: false });
                        }
                        leg
                    })
                    .collect();
                let link = if before.is_empty() { LegLink::First } else { LegLink::Sequence };
                legs.push(self.way_leg(0, way, end, Reach::LEAP, link));
                let here = At { index: end, ..at };
                let (range, slider_letter) = if way.toggle { toggled(here) } else { (here.range, here.slider_letter) };
                // A one-step path is a plain leap: it bends as a first leg does (X58).
                let right = path.right.or_else(|| bend(self.oblique, true, end, 0));
                let next = At { index: end, range, slider_letter, right };
                self.walk(1, next, &self.offsets[1], Path { legs, last_slider: None }, out);
            }
        }
    }

    /// Unrolls leg `i` from `at`, in the directions `turns` (offsets on the ring; the first leg's
    /// direction is `at.index` itself, given as offset 0).
    fn walk(&self, i: usize, at: At, turns: &[usize], path: Path, out: &mut Vec<Move>) {
        let modes = &self.modes[i];
        let last = i + 1 == self.part.legs.len();
        let keep = |t: &&usize| match (modes.side, at.right) {
            (None, _) => true,
            (Some(SideRule::Either), Some(_)) => side_of_turn(**t).is_some(),
            (Some(rule), Some(right)) => side_of_turn(**t) == Some(right == (rule == SideRule::Same)),
            // Refused by `sides_defined`.
            (Some(_), None) => false,
        };
        let indices: Vec<usize> = turns.iter().filter(keep).map(|t| (at.index + t) % 8).collect();
        if let (true, Some(j)) = (modes.iso, path.last_slider) {
            // As long as the last slider leg: fix both lengths, one path per length.
            {
                {
                    let fixed = path.legs[j].reach;
                    let lengths: Vec<u32> = match fixed {
                        Reach::Steps { min, max: Some(max) } if min == max => vec![min],
                        Reach::Steps { max, .. } => (1..=max.unwrap_or(LONGEST_SLIDE).min(LONGEST_SLIDE)).collect(),
                        _ => Vec::new(),
                    };
                    for k in lengths {
                        let mut p = path.clone();
                        p.legs[j].reach = Range::Exactly(k).reach();
                        let mut modes_at = at;
                        modes_at.range = Range::Exactly(k);
                        self.walk_fixed(i, modes_at, &indices, last, p, out);
                    }
                    return;
                }
            }
        }
        self.walk_fixed(i, at, &indices, last, path, out);
    }

    /// Leg `i` with its range settled.
    fn walk_fixed(&self, i: usize, at: At, indices: &[usize], last: bool, path: Path, out: &mut Vec<Move>) {
        self.unrolled.set(self.unrolled.get() + indices.len().max(1));
        if self.unrolled.get() > MAX_LEGS_UNROLLED {
            return;
        }
        let modes = &self.modes[i];
        let link = if i == 0 { LegLink::First } else { LegLink::Sequence };
        let span = self.part.span;
        let base = |vectors: Vec<Vector>, mut caps: Vec<Capability>, written: bool| {
            if modes.rights {
                // X41: `n` marks the leg's moves as leaving e.p. rights (MBN `me`).
                for c in &mut caps {
                    if let Capability::Move { allows_en_passant, .. } = c {
                        *allows_en_passant = true;
                    }
                }
            }
            let mut leg = Leg::new(link, Directions::Absolute(vectors), at.range.reach(), caps, span);
            leg.mode_written = written;
            if modes.initial {
                leg.extras.push(Extra::Initial { decaying: false });
            }
            leg
        };
        if last && modes.final_hop.is_none() {
            let vectors = indices.iter().map(|&k| self.ring[k]).collect();
            // X83: `x` alone there borrows: the leg lands on a friend and neither moves nor captures.
            let borrows = modes.ways.iter().any(|w| w.transit == Transit::Excite);
            let written = borrows || !modes.final_caps.is_empty();
            let caps = if written { modes.final_caps.clone() } else { default_capabilities() };
            let mut p = path;
            let mut leg = base(vectors, caps, written);
            if modes.unload {
                leg.extras.push(Extra::Unload);
            }
            if borrows {
                leg.extras.push(Extra::Excite);
            }
            if let Some(both_axes) = modes.cylinder {
                leg.extras.push(Extra::Cylindrical { both_axes, files: None });
            }
            p.legs.push(leg);
            out.push(to_move(p.legs, span));
            return;
        }
        let ways: Vec<Way> = if last { modes.final_hop.into_iter().collect() } else { modes.ways.clone() };
        for &k in indices {
            for way in &ways {
                let leg = self.way_leg(i, way, k, at.range.reach(), link);
                let mut p = path.clone();
                if at.range != Range::Leap {
                    p.last_slider = Some(p.legs.len());
                }
                p.legs.push(leg);
                let here = At { index: k, ..at };
                let (range, slider_letter) = if way.toggle { toggled(here) } else { (here.range, here.slider_letter) };
                let range = match range {
                    Range::Exactly(_) => Range::Ride,
                    r => r,
                };
                let right = bend(self.oblique, i == 0, k, (k + 8 - at.index) % 8);
                let next = At { index: k, range, slider_letter, right };
                if last {
                    // The hidden hop-off leg: straight on, with the final leg's own modes.
                    let written = !modes.final_caps.is_empty();
                    let caps = if written { modes.final_caps.clone() } else { default_capabilities() };
                    let mut off = Leg::new(
                        LegLink::Sequence,
                        Directions::Absolute(vec![self.ring[k]]),
                        next.range.reach(),
                        caps,
                        span,
                    );
                    off.mode_written = written;
                    p.legs.push(off);
                    out.push(to_move(p.legs, span));
                } else {
                    self.walk(i + 1, next, &self.offsets[i + 1], p, out);
                }
            }
        }
    }
}

/// The part as written, for messages.
fn part_text(part: &XPart) -> String {
    part.to_string()
}

/// Move or capture an enemy: a final leg with no mode written.
fn default_capabilities() -> Vec<Capability> {
    vec![
        Capability::Move { restriction: None, allows_en_passant: false },
        Capability::Capture(Targets { side: Side::Enemy, only: Vec::new() }),
    ]
}

/// A move of the given legs, in order.
pub(super) fn to_move(legs: Vec<Leg>, span: Span) -> Move {
    Move { parts: legs.into_iter().map(|l| Part::Leg(Box::new(l))).collect(), span }
}

/// The paths of XBetza's lame oblique leaps, as seed `001` spells them out ("Falcon =
/// afafsK afsafK afraflK aflafrK"): `nC` and `nZ` reach their squares through any of three
/// paths of king steps, and are blocked only when all three are.
pub(super) fn lame_paths(atom: char) -> Option<&'static [&'static str]> {
    match atom {
        'C' | 'L' => Some(&["afafsW", "afsafF", "afraflW", "aflafrW"]),
        'Z' | 'J' => Some(&["afafsF", "afsafW", "afraflF", "aflafrF"]),
        _ => None,
    }
}

/// A rider that turns on every step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bend {
    /// `q`: 45° the same way on every step (`qN`, the Rose).
    Circular,
    /// `z`: 90° one way, then back, alternately (`zB`, the crooked Bishop).
    Zigzag,
}

/// A hurdle on a bent rider's path: `p` hops over one piece anywhere on the way, `g` over the piece
/// right before the last step; `t` with them hops friends only (X35, X60).
#[derive(Clone, Copy, Debug)]
pub(super) struct Hurdle {
    /// `g`: the hurdle stands right before the last step.
    pub right_before_last: bool,
    /// `t`: only a friend is hopped.
    pub friends_only: bool,
}

/// One path of a bent rider: its ring positions, one per step, and the side its last turn went to
/// (`Some(true)` right; `None` for a one-step path, a plain leap, which bends as one, X58).
struct BentPath {
    steps: Vec<usize>,
    right: Option<bool>,
}

/// The paths of the bent riders `bends` from ring position `start`, of one to `max` steps (at most
/// 7 round a circle, 15 on a zig-zag), turning either way. A one-step path is the same for both
/// riders and both ways round: it comes once.
fn bent_paths(start: usize, bends: &[Bend], max: Option<u32>) -> Vec<BentPath> {
    let mut out = Vec::new();
    for (b, &bend) in bends.iter().enumerate() {
        let limit = match bend {
            Bend::Circular => 7,
            Bend::Zigzag => LONGEST_SLIDE,
        };
        let steps = max.map_or(limit, |n| n.min(limit)) as usize;
        for side in [1usize, 7] {
            for length in 1..=steps {
                if length == 1 && (b > 0 || side == 7) {
                    continue;
                }
                let index = |k: usize| match bend {
                    Bend::Circular => (start + side * k) % 8,
                    Bend::Zigzag => (start + side * 2 * (k % 2)) % 8,
                };
                // A circle turns one way; a zig-zag's last turn goes out on odd steps, back on even.
                let out_side = side == 1;
                let right = match (length, bend) {
                    (1, _) => None,
                    (_, Bend::Circular) => Some(out_side),
                    (_, Bend::Zigzag) => Some(if (length - 1) % 2 == 1 { out_side } else { !out_side }),
                };
                out.push(BentPath { steps: (0..length).map(index).collect(), right });
            }
        }
    }
    out
}

/// The king steps of the lame leap `v` (`n`, X4): the squares a straight leap passes (one step
/// for a step), or the knight's orthogonal step and then its diagonal one; `None` for leaps with
/// several paths (the camel's and zebra's, X12).
fn lame_steps((x, y): Vector) -> Option<Vec<Vector>> {
    let unit = (x.signum(), y.signum());
    match (x.abs(), y.abs()) {
        (a, b) if a == 0 || b == 0 || a == b => Some(vec![unit; a.max(b) as usize]),
        (1, 2) => Some(vec![(0, unit.1), unit]),
        (2, 1) => Some(vec![(unit.0, 0), unit]),
        _ => None,
    }
}

/// Whether every leap of the bent riders of `atom` has one lame path ([`lame_steps`]), so that
/// `n` makes each leap lame (X94).
pub(super) fn lame_ring(letter: char, atom: (u32, u32)) -> bool {
    ring(letter, atom).0.iter().all(|&v| lame_steps(v).is_some())
}

/// `q` and `z` riders (seed 001) of one atom: every path of [`bent_paths`] from the vectors
/// `first`, unrolled into legs of one step each; the squares on the way must be empty (but for a
/// `hurdle`, which is hopped) and the last leg has `last`'s capabilities. `lame` (X94): each leap
/// is its lame path of king steps ([`lame_steps`]), the squares passed empty.
#[allow(clippy::too_many_arguments)]
pub(super) fn bent(
    letter: char,
    atom: (u32, u32),
    bends: &[Bend],
    last: &Leg,
    max: Option<u32>,
    first: &[Vector],
    hurdle: Option<Hurdle>,
    lame: bool,
) -> Vec<Move> {
    let (ring, _) = ring(letter, atom);
    let mut out = Vec::new();
    for &v in first {
        let Some(start) = ring.iter().position(|&r| r == v) else { continue };
        for path in bent_paths(start, bends, max) {
            let n = path.steps.len();
            let hurdles: Vec<Option<usize>> = match hurdle {
                None => vec![None],
                Some(_) if n < 2 => Vec::new(),
                Some(h) if h.right_before_last => vec![Some(n - 2)],
                Some(_) => (0..n - 1).map(Some).collect(),
            };
            // The legs: one per leap, or one per king step of a lame leap; `k` is the leap's index
            // and a leg lands where its leap does when it is the leap's last.
            let mut steps: Vec<(usize, Vector, bool)> = Vec::new();
            for (k, &index) in path.steps.iter().enumerate() {
                let v = ring[index];
                let parts = if lame { lame_steps(v).unwrap_or_else(|| vec![v]) } else { vec![v] };
                let count = parts.len();
                steps.extend(parts.into_iter().enumerate().map(|(j, s)| (k, s, j + 1 == count)));
            }
            let total = steps.len();
            for at in hurdles {
                let legs = steps
                    .iter()
                    .enumerate()
                    .map(|(i, &(k, vector, lands))| {
                        let link = if i == 0 { LegLink::First } else { LegLink::Sequence };
                        let mut leg = if i + 1 == total {
                            let mut l = last.clone();
                            l.link = link;
                            l.extras.retain(|e| i == 0 || !matches!(e, Extra::Initial { .. }));
                            l
                        } else {
                            let mut l = Leg::new(
                                link,
                                Directions::Absolute(Vec::new()),
                                Reach::LEAP,
                                default_capabilities(),
                                last.span,
                            );
                            if i == 0 {
                                l.extras = last.extras.clone();
                            } else {
                                // X110: on a cylinder every leap of the path wraps.
                                l.extras.extend(
                                    last.extras.iter().filter(|e| matches!(e, Extra::Cylindrical { .. })).cloned(),
                                );
                            }
                            if at == Some(k) && lands {
                                let friends = hurdle.is_some_and(|h| h.friends_only);
                                l.extras.push(Extra::Other(if friends { "jj" } else { "jy" }.to_string()));
                            }
                            l
                        };
                        leg.directions = Directions::Absolute(vec![vector]);
                        leg.reach = Reach::LEAP;
                        leg
                    })
                    .collect();
                out.push(to_move(legs, last.span));
            }
        }
    }
    out
}
