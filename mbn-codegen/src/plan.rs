//! IR on a board: the legs of every piece oriented for each colour, with board ranges resolved to
//! square sets and piece sets to letters. Both back ends start from this: the interpreter walks it,
//! the code generator turns it into tables and code. What neither back end runs is reported here.

use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::ir::{Capability, Count, Directions, Extra, Hop, Leg, LegLink, Move, MoveSet, Over, Part, Reach, Side};
use crate::lower::directions::{self, DirMod};
use crate::syntax::ast::{
    BoardRange, CastlingKind, Condition, Letter, OptionalKind, PieceSet, RangeItem, Sign, Span, SpecialRange,
};
use mbn_runtime::{Color, Geometry, Square};
use std::collections::HashMap;

pub(crate) mod choices;
pub(crate) use choices::split_counted_choices;
pub(crate) mod imitation;
mod leg_modifiers;
pub(crate) mod offboard;

/// A leg prepared for one colour.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct PLeg {
    pub(crate) vectors: Vec<(i32, i32)>,
    pub(crate) reach: Reach,
    pub(crate) over: POver,
    pub(crate) non_jumping: bool,
    pub(crate) moves: bool,
    pub(crate) move_allows_en_passant: bool,
    pub(crate) captures: Vec<PTargets>,
    pub(crate) en_passant: Option<Option<PSet>>,
    pub(crate) hop: Option<PHop>,
    pub(crate) origin: Vec<PRange>,
    pub(crate) destination: Vec<PRange>,
    pub(crate) initial: bool,
    /// MBN `ii` (docs/SEMANTICS.md M52): an initial move (`initial` is set too) that decays with
    /// the first check to the piece and is not a dropped piece's; on multi-leg legs too (M66).
    pub(crate) decaying: bool,
    /// `j`: the leg visits a piece (lands on it without capturing it); only on a leg another leg
    /// follows (docs/SEMANTICS.md, M10).
    pub(crate) visit: Option<PVisit>,
    /// `{...}` before the leg: it is possible only while its start square is attacked by an enemy
    /// in each of these sets (docs/SEMANTICS.md, M23); run by the interpreter only.
    pub(crate) attackers: Vec<PSet>,
    /// `w`: the leg swaps with a piece on its last square (docs/SEMANTICS.md, M24); on a multi-leg
    /// move, its last leg only (M43).
    pub(crate) swap: Option<PSwap>,
    /// `/.../`: the leg is possible only while each condition holds, read on the position before
    /// the move (docs/SEMANTICS.md, M30, M41).
    pub(crate) conditions: Vec<PCondition>,
    /// XBetza `x` on a one-leg move (X29): the piece borrows the moves of the friends this leg
    /// reaches; the leg itself neither moves nor captures. Variants only (both back ends).
    pub(crate) borrow: bool,
    /// `O` (or a `00` count) as a whole move: the piece passes (docs/SEMANTICS.md, M26); on a leg
    /// of a multi-leg move, a null leg that stands still (M57). Such a leg has no vectors and no
    /// captures.
    pub(crate) pass: bool,
    /// `#`: the leg's moves end the game (docs/SEMANTICS.md, M31); on a multi-leg move, the moves
    /// whose path takes the leg (M42).
    pub(crate) decisive: bool,
    /// MBN `u` (docs/SEMANTICS.md, M32): the leg has no moves while an enemy stands where it
    /// could capture; it never captures. Single legs only.
    pub(crate) unblocked: bool,
    /// With `u`: the directions of the leg as written (`uK`: all eight, though `K` is prepared
    /// as a `W` and an `F` leg), where an enemy blocks every one of its moves (M32, M90).
    pub(crate) unblocked_by: Vec<(i32, i32)>,
    /// MBN `k` (`Some(false)`) or `kk` (`Some(true)`) (M33): its moves may not give check (may
    /// not checkmate). Single legs only.
    pub(crate) check_rule: Option<bool>,
    /// MBN `x`, `xx`, `xy`, `x{...}` (M34): the pieces the leg flips to the other colour (never a
    /// royal piece) instead of capturing them. Single legs only.
    pub(crate) flip: Option<PSwap>,
    /// `o`, `oo`, `o[b,g]`: the leg steps around the side edges (and with `oo` the top and bottom
    /// edges) of the board (docs/SEMANTICS.md, M38-M40).
    pub(crate) wrap: Option<PWrap>,
}

/// A cylinder: the files `files.0..=files.1` are joined at their ends, and with `ranks` (`oo`) the
/// first and last ranks too (docs/SEMANTICS.md, M38-M40).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct PWrap {
    /// The first and last connected file (0-based); the whole board for `o` without a range.
    pub(crate) files: (u8, u8),
    /// `oo`: the ranks wrap too.
    pub(crate) ranks: bool,
}

impl PWrap {
    /// Whether a piece on `sq` moves on the cylinder (its file is one of the connected files).
    pub(crate) fn holds(self, g: Geometry, sq: Square) -> bool {
        (self.files.0..=self.files.1).contains(&g.file_of(sq))
    }

    /// `sq + v` on the cylinder: files wrap within the connected files, ranks with `oo`; `None` off
    /// the board, from a square outside the connected files, or back on `sq` itself.
    pub(crate) fn offset(self, g: Geometry, sq: Square, v: (i32, i32)) -> Option<Square> {
        if !g.contains(sq) || !self.holds(g, sq) {
            return None;
        }
        let (lo, width) = (i32::from(self.files.0), i32::from(self.files.1) - i32::from(self.files.0) + 1);
        let file = lo + (i32::from(g.file_of(sq)) - lo + v.0).rem_euclid(width);
        let mut rank = i32::from(g.rank_of(sq)) + v.1;
        if self.ranks {
            rank = rank.rem_euclid(i32::from(g.ranks()));
        }
        let to = g.square(u8::try_from(file).ok()?, u8::try_from(rank).ok()?)?;
        (to != sq).then_some(to)
    }

    /// The squares `sq + v`, `sq + 2v`, ... on the cylinder, up to the last one before the ray
    /// would leave the board or come back to `sq`.
    pub(crate) fn ray(self, g: Geometry, sq: Square, v: (i32, i32)) -> Vec<Square> {
        let mut out = Vec::new();
        let mut at = sq;
        while let Some(next) = self.offset(g, at, v).filter(|&n| n != sq) {
            out.push(next);
            at = next;
        }
        out
    }
}

/// `/{T}[a1]/`: some square of `squares` holds a piece of `pieces` (any piece without a set).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct PCondition {
    /// The pieces, read from the mover's side (`None`: any piece).
    pub(crate) pieces: Option<PSet>,
    /// The squares, complement applied (every square when none were written).
    pub(crate) squares: Vec<bool>,
}

/// `w`, `ww`, `wy`, `w{...}`: which pieces a leg may swap with; also `x`, `xx`, `xy`, `x{...}`:
/// which pieces it may flip (M34).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct PSwap {
    /// `w`: enemies; `ww`: friends; `wy`: both; `w{...}`: only these.
    pub(crate) targets: PTargets,
    /// Where the leg was written.
    pub(crate) span: Span,
}

/// `j`, `jj`, `jy`, `j?`, `j{...}`: which pieces a leg may visit.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct PVisit {
    /// `j`: enemies; `jj`: friends; `jy`: both.
    pub(crate) side: Side,
    /// `j?`: the square may also be empty.
    pub(crate) optional: bool,
    /// `j{...}`: only these.
    pub(crate) only: Option<PSet>,
}

#[derive(Clone, Debug, PartialEq)]
pub(crate) enum POver {
    Empty,
    Anything,
    Friends,
    Set(PSet),
}

#[derive(Clone, Debug, PartialEq)]
pub(crate) struct PTargets {
    pub(crate) side: Side,
    pub(crate) only: Vec<PSet>,
}

#[derive(Clone, Debug, PartialEq)]
pub(crate) struct PHop {
    pub(crate) many: bool,
    pub(crate) optional: bool,
    pub(crate) hurdles: Option<PSet>,
}

/// A piece set as a test on (kind letter, is-friend).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct PSet {
    pub(crate) complement: bool,
    /// `(letter, Some(friend))` for the colour form, `(letter, None)` for either colour.
    pub(crate) members: Vec<(char, Option<bool>)>,
}

/// A board range for one colour: a static square set and the dynamic parts.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct PRange {
    pub(crate) squares: Vec<bool>,
    pub(crate) threatened: bool,
    pub(crate) unthreatened: bool,
    pub(crate) unmoved: bool,
    pub(crate) complement: bool,
}

impl PRange {
    /// Whether its squares depend on threats (`[+]`, `[*]`, M78).
    pub(crate) fn reads_threats(&self) -> bool {
        self.threatened || self.unthreatened
    }
}

#[derive(Clone, Debug)]
pub(crate) struct PCastling {
    pub(crate) kind: CastlingKind,
    pub(crate) royal: [Vec<PLeg>; 2],
    pub(crate) partner: [Vec<PLeg>; 2],
    /// The partner lands beside the royal piece's destination only (XBetza `O`, X30).
    pub(crate) beside: bool,
    /// The partner stands beside the piece holding the right, toward the royal piece (`jO`, X61).
    pub(crate) next_closer: bool,
    /// `O-O{C}=…`: the partner must be in the set (M87).
    pub(crate) partners: Option<PSet>,
}

/// Every leg of a castling: the royal piece's and the partner's, both colours.
pub(crate) fn castling_legs(c: &PCastling) -> impl Iterator<Item = &PLeg> {
    c.royal.iter().chain(&c.partner).flatten()
}

/// A multi-leg move prepared for one colour (docs/SEMANTICS.md, "Multi-leg moves").
#[derive(Clone, Debug)]
pub(crate) struct PMove {
    /// The parts, walked in order.
    pub(crate) parts: Vec<PPart>,
    /// Black's moves are White's with ranks mirrored; relative turns are computed in White's view.
    pub(crate) color: Color,
    /// Where the move was written (for the code generator's messages).
    pub(crate) span: Span,
    /// `k` (`Some(false)`) or `kk` (`Some(true)`) on a leg of the move: the strongest restricts
    /// every move it makes (docs/SEMANTICS.md M82).
    pub(crate) check_rule: Option<bool>,
}

/// A part of a multi-leg move.
#[derive(Clone, Debug)]
pub(crate) enum PPart {
    /// One leg.
    Leg(Box<PStep>),
    /// A complex rider's repeated body.
    Repeat(Box<PRepeat>),
    /// `(!dcyOK)0*` at the end of a move: an explosion (docs/SEMANTICS.md, M49).
    Explode(Box<PExplode>),
    /// `[...]` (a choice) or `{...}` (`compulsory`: taken whenever it can be).
    Optional {
        /// `{...}`.
        compulsory: bool,
        /// The optional parts.
        body: Vec<PPart>,
    },
}

/// A maximal repeat of `!` capture legs ending a move (the atomic queen's `(!dcyOK)0*`, M49):
/// every round goes back to the setup square and captures one more piece, until none is left,
/// so the move captures every piece it may on the legs' squares around that square, each once,
/// and with `O` the piece itself.
#[derive(Clone, Debug)]
pub(crate) struct PExplode {
    /// The legs' vectors from the setup square (the board's, Black mirrored), `O` left out.
    pub(crate) vectors: Vec<(i32, i32)>,
    /// `O`: the piece captures itself.
    pub(crate) itself: bool,
    /// What the legs may capture.
    pub(crate) captures: Vec<PTargets>,
}

/// A repeated body (`Part::Repeat`, or an optional part with a count).
#[derive(Clone, Debug)]
pub(crate) struct PRepeat {
    /// The bodies the first time round may take.
    pub(crate) first: Vec<Vec<PPart>>,
    /// The bodies a later time round may take.
    pub(crate) later: Vec<Vec<PPart>>,
    /// At least this many times round (0 for an optional part with a count).
    pub(crate) min: u32,
    /// At most (`None`: unlimited).
    pub(crate) max: Option<u32>,
    /// `0*`: as often as possible, never landing twice on a square.
    pub(crate) maximal: bool,
    /// `*` (docs/SEMANTICS.md, M56): the repeat stops only where one more time round, replaying
    /// the directions of the last, would leave the board (one step of each leg).
    pub(crate) edge: bool,
    /// Later times round write no direction but straight on: each leg goes the way the same leg
    /// went the previous time (`(W-F)0` rides on one knight line).
    pub(crate) replay: bool,
    pub(crate) origin: Vec<PRange>,
    pub(crate) destination: Vec<PRange>,
    /// Docs/SEMANTICS.md M67: an unlimited repeat that turns freely, whose later time rounds do
    /// not depend on the previous round's direction and capture nothing on the way, run as a
    /// flood fill over the squares its rounds reach.
    pub(crate) flood: bool,
    /// M79: a flood fill that more of its move follows: a time round from a square other than
    /// where the repeat started goes on only when a path reaches that square without standing on
    /// the round's end (M68's rule), since what follows reads the last round's direction.
    pub(crate) continued: bool,
    /// Where the repeat was written.
    pub(crate) span: Span,
}

/// A leg of a multi-leg move.
#[derive(Clone, Debug)]
pub(crate) struct PStep {
    /// Reach, path rule, capabilities and ranges; `vectors` are the board's (Black mirrored) and
    /// empty for a relative leg.
    pub(crate) leg: PLeg,
    /// Directions chosen relative to the previous leg (`-` legs).
    pub(crate) relative: Option<PRelative>,
    /// `m`, `c` or `a` written: as a non-final leg, the leg does what they say (`a`, `c`: capture on
    /// the way); otherwise it may only move.
    pub(crate) mode_written: bool,
    /// `!`: the piece returns to the setup square when the move ends (docs/SEMANTICS.md, M20).
    pub(crate) setup: bool,
    /// XBetza `x` (X28): the leg lands on a friend, which makes the remaining legs; the move is
    /// that friend's.
    pub(crate) excite: bool,
    /// XBetza `u` on the last leg (X27): the piece it captures goes to the leg's start square
    /// instead of leaving the board (a relocation).
    pub(crate) unload: bool,
    /// XBetza `o` on a leg on the way (X48): the leg lands on the first square of its line off the
    /// board ([`offboard::exit`]) and the next leg starts there ([`offboard::entry`]).
    pub(crate) offboard: bool,
    /// Where the leg was written (for the code generator's messages).
    pub(crate) span: Span,
}

/// The directions of a `-` leg, relative to the previous leg's direction.
#[derive(Clone, Debug)]
pub(crate) struct PRelative {
    /// The atom `(m, n)`.
    pub(crate) atom: (u32, u32),
    /// The union of these.
    pub(crate) turns: Vec<Turn>,
    /// The atom's vectors (White's view), computed once.
    pub(crate) vectors: Vec<(i32, i32)>,
    /// The vectors of the atoms written at the same place (`K` lowers to a W and an F leg), all
    /// together: straight on falls back to `f` only when none of them can go straight on.
    pub(crate) sibling_vectors: Vec<(i32, i32)>,
}

/// One relative direction modifier.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Turn {
    /// Nothing written: straight on (or `f` when no atom written there can go straight on).
    Straight,
    /// `d`: any direction.
    Any,
    /// `t`: straight back.
    Back,
    /// `tt`: anything but straight back.
    NotBack,
    /// `z`: reflected.
    Reflect,
    /// A direction letter, pair or doubled letter, with the previous direction as forward.
    Dir(DirMod),
}

/// The name of the interpreter as a back end ([`Prep::back_end`]).
pub(crate) const INTERPRETER: &str = "mbn's interpreter";

/// Turns the IR into prepared legs, reporting what the interpreter cannot run.
pub(crate) struct Prep<'d> {
    pub(crate) geometry: Geometry,
    pub(crate) diagnostics: &'d mut Diagnostics,
    /// Who will run the plan, for messages: "mbn's interpreter", "mbn's code generator".
    pub(crate) back_end: &'static str,
    /// The letters of the variant's royal pieces: what a royal piece set (XBetza `k`, `t`) holds.
    pub(crate) royal: Vec<char>,
}

impl Prep<'_> {
    /// The legs of a castling's royal or partner move `set`: single legs only, multi-leg moves are
    /// refused for good (docs/SEMANTICS.md M71).
    pub(crate) fn move_set(&mut self, set: &MoveSet, color: Color) -> Vec<PLeg> {
        let mut legs = Vec::new();
        for m in &set.moves {
            let Some(leg) = m.single_leg() else {
                self.diagnostics.push(
                    Diagnostic::new(
                        m.span,
                        "a castling move with several legs (a chain, sequence, optional leg or complex rider, \
                         like seed §15's hexagonal `O-O=[*]irD02=ij{k}lD0-D`): mbn's castlings are one leg \
                         for the royal piece and one for its partner, whose squares the castling rules \
                         read; multi-leg castling moves are not run (docs/SEMANTICS.md M71)",
                    )
                    .with_help("write each move of the castling as one leg: `O-O=[*]isR[g]=isR[f]`"),
                );
                continue;
            };
            if leg.link != LegLink::First {
                continue;
            }
            let Directions::Absolute(vectors) = &leg.directions else { continue };
            if leg.extras.iter().any(|e| matches!(e, Extra::Cylindrical { .. })) {
                self.unsupported(leg.span, "cylindrical moves (`o`) in castling");
                continue;
            }
            if self.no_swap(leg, "in castling moves") {
                let p = self.single(leg, vectors, color);
                if p.as_ref().is_some_and(|p| p.unblocked || p.check_rule.is_some() || p.flip.is_some()) {
                    self.unsupported(leg.span, "`u`, `k`, `kk` and `x` in castling moves");
                    continue;
                }
                legs.extend(p);
            }
        }
        legs
    }

    /// A single-leg move's leg (a castling's: a visit `j` would kill the royal piece; other
    /// single legs that visit are walked as multi-leg moves, M103).
    fn single(&mut self, leg: &Leg, vectors: &[(i32, i32)], color: Color) -> Option<PLeg> {
        let p = self.leg(leg, vectors, color)?;
        if p.visit.is_some() {
            self.unsupported(leg.span, "`j` (visit a piece, then die: M103) in a castling move");
            return None;
        }
        // The code generator makes a non-jumping leap longer than a step with `u` or `x` as a
        // single leg (M104), not a ride (`nuN0`), nor with a hop, a cylinder or ranges read at
        // run time.
        let long_leap = p.vectors.iter().any(|v| v.0.abs() > 1 || v.1.abs() > 1);
        let rules = p.unblocked || p.flip.is_some();
        let dynamic = p.origin.iter().chain(&p.destination).any(|r| r.threatened || r.unthreatened || r.unmoved);
        let ride = p.reach != (Reach::Steps { min: 1, max: Some(1) });
        let other = ride || p.hop.is_some() || p.wrap.is_some() || dynamic;
        if rules && p.non_jumping && long_leap && other && self.back_end != INTERPRETER {
            self.unsupported(
                leg.span,
                "`u` and `x` on non-jumping riders (`nuN0`) and on non-jumping leaps with hops, cylinders or \
                 `[+]`/`[*]`/`[:]`",
            );
            return None;
        }
        Some(p)
    }

    /// `O` (or `W00`) as a whole move: a pass (M26). It may have board ranges, `i`, attacker sets,
    /// conditions, `#` and `k` (M99); it cannot capture (the mover stands on its square), hop,
    /// visit, swap or capture en passant.
    fn pass(&mut self, leg: &Leg, color: Color) -> Option<PLeg> {
        let mut plain = leg.clone();
        plain.reach = Reach::Steps { min: 1, max: Some(1) };
        let mut p = self.leg(&plain, &[], color)?;
        if !p.moves {
            self.diagnostics.push(
                Diagnostic::new(
                    leg.span,
                    "a null move (`O`) that may not move: it could only capture on its own square",
                )
                .with_help("write `O` or `mO` for a pass"),
            );
            return None;
        }
        // Attacker sets, conditions, `#` and `k` gate or flag the pass as any move (M99).
        // Decided for good (M99): a piece on its own square has nothing to hop, visit, swap
        // with, take en passant, wrap round, be blocked by or flip.
        let void = [
            (p.hop.is_some() || !matches!(p.over, POver::Empty), "`p` or `g`", "hop or pass over"),
            (p.visit.is_some(), "`j`", "visit"),
            (p.swap.is_some(), "`w`", "swap with"),
            (p.en_passant.is_some(), "`e`", "take en passant"),
            (p.wrap.is_some(), "`o`", "wrap round"),
            (p.unblocked, "`u`", "be blocked by"),
            (p.flip.is_some(), "`x`", "flip"),
        ];
        if let Some((_, letter, what)) = void.iter().find(|(on, ..)| *on) {
            self.diagnostics.push(
                Diagnostic::new(
                    leg.span,
                    format!(
                        "{letter} on a null move (`O`): a piece that stays on its square has nothing to {what} \
                         (docs/SEMANTICS.md M99)"
                    ),
                )
                .with_help("write `O` or `mO` for a pass"),
            );
            return None;
        }
        p.captures.clear();
        p.move_allows_en_passant = false;
        p.pass = true;
        Some(p)
    }

    /// The single-leg moves of `set` as legs, and its multi-leg moves (the interpreter runs both).
    pub(crate) fn moves(&mut self, set: &MoveSet, color: Color) -> (Vec<PLeg>, Vec<PMove>) {
        let siblings = sibling_atoms(set);
        let mut legs = Vec::new();
        let mut multi = Vec::new();
        let mut seen: std::collections::HashSet<Vec<Part>> = std::collections::HashSet::new();
        let split: Vec<Move> = set.moves.iter().flat_map(choices::split_swap_choices).collect();
        // `u` legs by the leg written: `uK` is blocked as one leg (M90).
        let mut written: Vec<(Span, usize)> = Vec::new();
        for m in &split {
            match m.single_leg() {
                // M61: a single leg with `!` comes back to its start square: the multi-leg walk
                // runs it (a rifle capture `!cK`, a conditional pass `!mK`).
                Some(leg) if leg.link == LegLink::First && !leg.setup && !visits(leg) => {
                    if let Directions::Absolute(vectors) = &leg.directions {
                        if is_null(leg, vectors) {
                            legs.extend(self.pass(leg, color));
                        } else if let Some(p) = self.single(leg, vectors, color) {
                            // M76: `x` and `w` on one leg are a flip leg and a swap leg.
                            let p = match split_flip_swap(p) {
                                (p, Some(swap)) => {
                                    legs.push(swap);
                                    p
                                }
                                (p, None) => p,
                            };
                            // M39: `o[b,g]` is the plain move and the move on the cylinder b..g.
                            let banded = p.wrap.is_some_and(|w| w.files != (0, self.geometry.files() - 1));
                            if banded {
                                legs.push(PLeg { wrap: None, ..p.clone() });
                            }
                            if p.unblocked {
                                written.push((leg.span, legs.len()));
                            }
                            legs.push(p);
                        }
                    }
                }
                _ => {
                    // Repeats carry all alternatives of their body: one move stands for its siblings.
                    let key = crate::ir::without_chosen_alternative(&m.parts);
                    if seen.insert(key) {
                        multi.extend(self.multi(m, color, &siblings));
                    }
                }
            }
        }
        widen_unblocked(&mut legs, &written);
        drop_repeated_swap_moves(&mut legs);
        // Decisive legs first (M31): where a plain leg makes the same move, it is made once, and
        // decisive, by both back ends (each keeps the first leg's move). Likewise legs without a
        // check rule before `kk` legs before `k` legs (M33): the least restricted move is kept;
        // and legs that leave no e.p. rights before those that do (M93).
        legs.sort_by_key(|l| {
            (!l.decisive, l.check_rule.map_or(0, |mate_only| if mate_only { 1 } else { 2 }), l.move_allows_en_passant)
        });
        (legs, multi)
    }

    /// A multi-leg move, or `None` (reported) when a part of it is not run yet.
    fn multi(&mut self, m: &Move, color: Color, siblings: &Siblings) -> Option<PMove> {
        let errors = self.diagnostics.len();
        let mut parts = self.parts(&m.parts, color, siblings);
        // M55: an attacker set gates the whole move from its first leg only (the piece's square).
        let mut steps = Vec::new();
        flat_steps(&parts, &mut steps);
        let first = match parts.first() {
            Some(PPart::Leg(s)) => Some(&**s),
            _ => None,
        };
        for s in steps {
            if !s.leg.attackers.is_empty() && !first.is_some_and(|f| std::ptr::eq(f, s)) {
                self.unsupported(
                    s.span,
                    "attacker sets (`{C}W2`) on a leg of a multi-leg move other than its first (`R-{Q}W`, \
                     `[{Q}K]-W`; M55 runs `{Q}R-W`)",
                );
            }
        }
        if let [PPart::Leg(first), rest @ ..] = parts.as_slice() {
            if first.leg.pass && starts_relative(rest) {
                self.diagnostics.push(
                    Diagnostic::new(
                        first.span,
                        "a `-` leg after a first leg `O` (`O-K`): the null leg has no direction to turn from",
                    )
                    .with_help("write `O--K` (the next leg's own directions) or leave the `O` out (M57)"),
                );
            }
        }
        self.check_unload(&parts, m.span);
        self.check_borrow(&parts);
        self.check_suicide(&parts);
        self.check_setup_on_a_visit(&parts);
        self.check_unblocked(&parts);
        self.check_floods(&mut parts, true, false);
        self.check_explosion(&parts, m.span);
        self.check_offboard(&parts);
        if self.diagnostics.len() == errors {
            self.check_leg_modifiers(&parts, color, m.span);
        }
        let check_rule = self.move_check_rule(&parts);
        (self.diagnostics.len() == errors).then_some(PMove { parts, color, span: m.span, check_rule })
    }

    /// M82: the check rule of a multi-leg move, its legs' strongest (`k` over `kk`). (Only MBN
    /// writes `k` and `kk`, and MBN has no XBetza `x` or `u` leg to meet them.)
    fn move_check_rule(&self, parts: &[PPart]) -> Option<bool> {
        let mut steps = Vec::new();
        flat_steps(parts, &mut steps);
        steps.iter().filter_map(|s| s.leg.check_rule).min()
    }

    /// `(!dcyOK)0*` (M49): a maximal repeat whose every body is one `!` leg that only captures,
    /// by a single leap, in every direction of its atom (`d` on later rounds); `None` otherwise.
    fn explosion(&mut self, first: &[&Vec<Part>], later: &[&Vec<Part>], color: Color) -> Option<PExplode> {
        let leg_of = |body: &Vec<Part>| match body.as_slice() {
            [Part::Leg(leg)] => Some(Leg::clone(leg)),
            _ => None,
        };
        let plain = |leg: &Leg| {
            leg.setup
                && leg.reach == (Reach::Steps { min: 1, max: Some(1) })
                && leg.hop.is_none()
                && !leg.non_jumping
                && leg.extras.is_empty()
                && leg.origin.is_empty()
                && leg.destination.is_empty()
                && leg.conditions.is_empty()
                && leg.attackers.is_empty()
                && !leg.decisive
                && !leg.capabilities.is_empty()
                && leg.capabilities.iter().all(|c| matches!(c, Capability::Capture(_)))
        };
        let firsts: Vec<Leg> = first.iter().map(|b| leg_of(b)).collect::<Option<_>>()?;
        let laters: Vec<Leg> = later.iter().map(|b| leg_of(b)).collect::<Option<_>>()?;
        if !firsts.iter().chain(&laters).all(plain) {
            return None;
        }
        let mut atoms = Vec::new();
        let mut vectors = Vec::new();
        for leg in &firsts {
            let Directions::Absolute(v) = &leg.directions else { return None };
            let atom = v.first().map(|&(x, y)| {
                let (a, b) = (x.unsigned_abs(), y.unsigned_abs());
                (a.min(b), a.max(b))
            })?;
            // Every direction of the atom (`d`).
            let all = if atom == (0, 0) { vec![(0, 0)] } else { directions::leaper_vectors(atom.0, atom.1).ok()? };
            if v.len() != all.len() || !all.iter().all(|x| v.contains(x)) {
                return None;
            }
            atoms.push(atom);
            vectors.extend(v.iter().copied());
        }
        for leg in &laters {
            match &leg.directions {
                Directions::Relative { atom, modifiers } if modifiers == &["d".to_string()] && atoms.contains(atom) => {
                }
                _ => return None,
            }
        }
        let captures: Vec<PTargets> = firsts[0]
            .capabilities
            .iter()
            .filter_map(|c| match c {
                Capability::Capture(t) => {
                    Some(PTargets { side: t.side, only: t.only.iter().map(|s| self.set(s)).collect() })
                }
                _ => None,
            })
            .collect();
        let same = |leg: &Leg| leg.capabilities == firsts[0].capabilities;
        if !firsts.iter().chain(&laters).all(same) {
            return None;
        }
        let flip = |(x, y): (i32, i32)| if color == Color::White { (x, y) } else { (x, -y) };
        let itself = vectors.contains(&(0, 0));
        let mut board: Vec<(i32, i32)> = vectors.into_iter().filter(|&v| v != (0, 0)).map(flip).collect();
        board.sort_unstable();
        board.dedup();
        Some(PExplode { vectors: board, itself, captures })
    }

    fn parts(&mut self, parts: &[Part], color: Color, siblings: &Siblings) -> Vec<PPart> {
        parts.iter().filter_map(|p| self.part(p, color, siblings)).collect()
    }

    fn part(&mut self, part: &Part, color: Color, siblings: &Siblings) -> Option<PPart> {
        match part {
            Part::Leg(leg) => self.step(leg, color, siblings).map(|s| PPart::Leg(Box::new(s))),
            Part::Optional { kind, body, count, then } => {
                let mut compulsory = *kind == OptionalKind::WhenUnblocked;
                // `{...}` around several alternatives (`{cK-tK}`, M65): lowering's single time round
                // taking any of them, with no round to stop after: `{...}` keeps its meaning.
                let alternatives = matches!(body.as_slice(), [p] if crate::ir::one_of_alternatives(p));
                let body = self.parts(body, color, siblings);
                // `{(X)λ}`: a count of up to λ times leaves the piece free to stop after any time round
                // (the Rose); only `0*` forces it on, and that is the repeat's own rule.
                if let [PPart::Repeat(r)] = body.as_slice() {
                    compulsory &= r.maximal || alternatives;
                }
                if count.is_some() {
                    compulsory = false;
                }
                let body = match count {
                    None => body,
                    // `[P]λ`, `{P}λ`: P taken up to λ times; none at all is the optional's own choice.
                    // Later times round go on from the previous leg (M70), replaying the previous
                    // time round when they write no direction but straight on (M5).
                    Some(count) => {
                        let span = first_span(parts_of(part));
                        let replay = !then.is_empty() && then.iter().all(|b| straight_body(b));
                        let later = if then.is_empty() {
                            vec![body.clone()]
                        } else {
                            then.iter().map(|b| self.parts(b, color, siblings)).collect()
                        };
                        let mut repeat = self.repeat(vec![body], later, *count, replay, span)?;
                        if !self.free_turns(&mut repeat) {
                            return None;
                        }
                        vec![PPart::Repeat(Box::new(repeat))]
                    }
                };
                Some(PPart::Optional { compulsory, body })
            }
            Part::Repeat { first, then, first_alternatives, alternatives, count, origin, destination } => {
                let later_ir: Vec<&Vec<Part>> =
                    if alternatives.is_empty() { vec![then] } else { alternatives.iter().collect() };
                let first_ir: Vec<&Vec<Part>> =
                    if first_alternatives.is_empty() { vec![first] } else { first_alternatives.iter().collect() };
                if *count == Count::Maximal && origin.is_empty() && destination.is_empty() {
                    if let Some(x) = self.explosion(&first_ir, &later_ir, color) {
                        return Some(PPart::Explode(Box::new(x)));
                    }
                }
                let replay = later_ir.iter().all(|body| straight_body(body));
                let first = first_ir.iter().map(|body| self.parts(body, color, siblings)).collect();
                let later = later_ir.iter().map(|body| self.parts(body, color, siblings)).collect();
                let mut repeat = self.repeat(first, later, *count, replay, first_span(parts_of(part)))?;
                if repeat.first.iter().chain(&repeat.later).any(|body| stands_still(body)) {
                    // M108: decided for good, not planned work.
                    self.diagnostics.push(
                        Diagnostic::new(
                            repeat.span,
                            "a repeat whose time round is null legs only (`R-(O)2`, `R-(O)0*`) stands still \
                             every round (docs/SEMANTICS.md M108)",
                        )
                        .with_help("a null leg repeated is the null leg once: write `R-O`"),
                    );
                    return None;
                }
                repeat.origin = origin.iter().map(|r| self.range(r, color)).collect();
                repeat.destination = destination.iter().map(|r| self.range(r, color)).collect();
                if !self.free_turns(&mut repeat) {
                    return None;
                }
                Some(PPart::Repeat(Box::new(repeat)))
            }
        }
    }

    fn repeat(
        &mut self,
        first: Vec<Vec<PPart>>,
        later: Vec<Vec<PPart>>,
        count: Count,
        replay: bool,
        span: Span,
    ) -> Option<PRepeat> {
        let (min, max, maximal, edge) = match count {
            Count::Between { min, max } => (min, max, false, false),
            Count::Maximal => (1, None, true, false),
            // M56, M68: the edge is where one more time round, going the way the last went, would
            // leave the board; repeats that turn freely are refused by `free_turns`.
            Count::Edge => (1, None, false, true),
        };
        Some(PRepeat {
            first,
            later,
            min,
            max,
            maximal,
            edge,
            replay,
            origin: Vec::new(),
            destination: Vec::new(),
            flood: false,
            continued: false,
            span,
        })
    }

    /// An unlimited repeat that turns freely (M67, M68): marked `flood` when a flood fill runs it
    /// exactly; otherwise refused (reported), with the reason. `false` when refused.
    fn free_turns(&mut self, repeat: &mut PRepeat) -> bool {
        if repeat.max.is_some() || repeat.replay || !turns_freely(repeat) {
            return true;
        }
        let what = if repeat.maximal {
            "maximal complex riders `0*` that may turn every time round without capturing (`(dK)0*`: a \
             destination is the end of a self-avoiding path with no way on, which no flood fill decides, M68)"
        } else if repeat.min > 1 {
            "unlimited complex riders that may turn every time round and must go round more than once (M67)"
        } else if !repeat.first.iter().chain(&repeat.later).all(|b| flood_body(b)) {
            "unlimited complex riders that may turn every time round and capture, visit, swap or set up on the \
             way, or move only when unblocked (`u`) (`(daK)0`; M67 runs those that only move on the way, `(dK)0`)"
        } else if !repeat.later.iter().all(|b| memoryless(b)) && repeat.edge {
            "complex riders to the edge that may turn more than one way every time round, each way depending \
             on the previous round's direction (`(W-sF)*`: M68; `(dK)*`, whose rounds go any way, and one \
             way round, `((fr)K)*`, run)"
        } else if !repeat.later.iter().all(|b| memoryless(b)) {
            "unlimited complex riders whose ways round depend on the direction of the previous time round \
             (`(K-sK)0`, `(Q-sB)0`, `(K)v0`: their destinations are not the squares reachable by square and \
             direction, M67)"
        } else {
            repeat.flood = true;
            return true;
        };
        self.unsupported(repeat.span, what);
        false
    }

    /// M67, M79: a flood-fill repeat followed by more of its move is marked `continued`; one inside
    /// another repeat's body (whose later rounds read the path's directions) or before a `0*`
    /// (which reads every square the path landed on, a flood fill keeps none) is reported.
    /// `tail`: nothing follows `parts`; `maximal_after`: a `0*` follows them.
    fn check_floods(&mut self, parts: &mut [PPart], tail: bool, maximal_after: bool) {
        for i in 0..parts.len() {
            let last = tail && i + 1 == parts.len();
            let maximal_after = maximal_after || parts[i + 1..].iter().any(has_maximal);
            match &mut parts[i] {
                PPart::Leg(_) | PPart::Explode(_) => {}
                PPart::Optional { body, .. } => self.check_floods(body, last, maximal_after),
                PPart::Repeat(r) => {
                    if r.flood && maximal_after {
                        self.unsupported(
                            r.span,
                            "an unlimited complex rider that turns freely followed by a maximal rider `0*` \
                             (`(dK)0-(W-F)0*`: the `0*` never lands where the path landed, which a flood fill \
                             does not keep, M79)",
                        );
                    }
                    r.continued = r.flood && !last;
                    for body in r.first.iter_mut().chain(&mut r.later) {
                        self.check_nested_floods(body);
                    }
                }
            }
        }
    }

    /// M79: a flood-fill repeat inside the body of another repeat is reported.
    fn check_nested_floods(&mut self, parts: &[PPart]) {
        for part in parts {
            match part {
                PPart::Leg(_) | PPart::Explode(_) => {}
                PPart::Optional { body, .. } => self.check_nested_floods(body),
                PPart::Repeat(r) => {
                    if r.flood {
                        self.unsupported(
                            r.span,
                            "an unlimited complex rider that turns freely inside another repeat \
                             (`((dK)0-W)3`: the outer repeat's rounds would read the path's directions, \
                             which a flood fill does not keep, M79)",
                        );
                    }
                    for body in r.first.iter().chain(&r.later) {
                        self.check_nested_floods(body);
                    }
                }
            }
        }
    }

    /// A leg of a multi-leg move.
    fn step(&mut self, leg: &Leg, color: Color, siblings: &Siblings) -> Option<PStep> {
        let errors = self.diagnostics.len();
        let (vectors, relative) = match &leg.directions {
            Directions::Absolute(v) => (v.clone(), None),
            Directions::Relative { atom, modifiers } => {
                let turns = self.turns(modifiers, leg.span)?;
                let siblings = siblings.get(&(leg.span.start, leg.span.end)).cloned().unwrap_or_default();
                let vectors = directions::leaper_vectors(atom.0, atom.1).unwrap_or_default();
                let sibling_vectors =
                    siblings.iter().flat_map(|&(m, n)| directions::leaper_vectors(m, n).unwrap_or_default()).collect();
                (Vec::new(), Some(PRelative { atom: *atom, turns, vectors, sibling_vectors }))
            }
        };
        // M57: a null leg (`K-O`) stands still; prepared as a pass, `pass` marks it.
        let null = relative.as_ref().is_some_and(|r| r.atom == (0, 0)) || is_null(leg, &vectors);
        // `!` (M20): both back ends run it on the legs of a multi-leg move (with conditions and
        // attacker sets beside it on the same leg since M128).
        let setup = leg.setup && !leg.decisive;
        if leg.setup && !setup {
            self.unsupported(leg.span, "the setup operator `!` on a leg with `#`");
            return None;
        }
        // XBetza `x` and `u` (X27, X28) are kept as extras by the lowering: read them here.
        let (excite, unload) = (leg.extras.contains(&Extra::Excite), leg.extras.contains(&Extra::Unload));
        let offboard = leg.extras.contains(&Extra::OffBoard);
        let mut plain = leg.clone();
        plain.setup &= !setup;
        plain.extras.retain(|e| !matches!(e, Extra::Excite | Extra::Unload | Extra::OffBoard));
        let leg_p = if null { self.pass(&plain, color)? } else { self.leg(&plain, &vectors, color)? };
        if leg_p.wrap.is_some_and(|w| w.files != (0, self.geometry.files() - 1)) {
            self.unsupported(leg.span, "`o` with connected files (`o[b,g]`) on a leg of a multi-leg move");
            return None;
        }
        (self.diagnostics.len() == errors).then_some(PStep {
            leg: leg_p,
            relative,
            mode_written: leg.mode_written,
            setup,
            excite,
            unload,
            offboard,
            span: leg.span,
        })
    }

    /// The relative direction modifiers of a `-` leg, as written.
    fn turns(&mut self, modifiers: &[String], span: Span) -> Option<Vec<Turn>> {
        let turns = parse_turns(modifiers);
        if let Err(other) = &turns {
            self.unsupported(span, &format!("the relative direction `{other}`"));
        }
        turns.ok()
    }

    /// One leg: everything but how its directions are chosen. `vectors` are White's; they are
    /// mirrored for Black.
    fn leg(&mut self, leg: &Leg, vectors: &[(i32, i32)], color: Color) -> Option<PLeg> {
        {
            if vectors.contains(&(0, 0)) || leg.reach == (Reach::Steps { min: 0, max: Some(0) }) {
                self.unsupported(leg.span, "null moves (`O`, `00`) in castling");
                return None;
            }
            if leg.setup {
                // A piece's single `!` legs run as one-leg multi-leg moves (M61); a castling's do not.
                self.unsupported(leg.span, "the setup operator `!` in castling");
                return None;
            }
            let conditions = leg.conditions.iter().map(|c| self.condition(c, color)).collect::<Option<Vec<_>>>()?;
            let mut initial = false;
            let mut decaying = false;
            let mut visit = None;
            let mut swap = None;
            let mut borrow = false;
            let mut wrap = None;
            let mut unblocked = false;
            let mut check_rule = None;
            let mut flip = None;
            for e in &leg.extras {
                match e {
                    Extra::Initial { decaying: ii } => {
                        initial = true;
                        decaying |= *ii;
                    }
                    Extra::Cylindrical { both_axes, files } if wrap.is_none() => {
                        wrap = Some(self.wrap(*both_axes, files.as_ref())?);
                    }
                    Extra::Excite => borrow = true,
                    Extra::Unblocked => unblocked = true,
                    Extra::NoCheck { mate_only, pieces } => check_rule = self.check_rule(*mate_only, pieces.as_ref()),
                    // M81: the set forms combine as alternatives (`xxxW` is `xx` and `x`: `xyW`),
                    // as far as one side and set can say it (M120).
                    Extra::Other(text) if text.starts_with('x') => match kept_mode(text, 'x') {
                        Some(mode) if !mode.optional => {
                            let only = mode.set.as_ref().map(|s| self.set(s)).into_iter().collect();
                            let new = PSwap { targets: PTargets { side: mode_side(&mode), only }, span: leg.span };
                            match either_side(flip.take(), new) {
                                Ok(f) => flip = Some(f),
                                Err(()) => {
                                    self.unsupported(leg.span, &format!("the modifier `{text}` beside another `x`"))
                                }
                            }
                        }
                        _ => self.unsupported(leg.span, &format!("the modifier `{text}`")),
                    },
                    Extra::Other(text) if text.starts_with('j') => match self.visit(text) {
                        Some(v) => match visit.take() {
                            None => visit = Some(v),
                            Some(old) if old.optional == v.optional && old.only.is_none() && v.only.is_none() => {
                                visit = Some(PVisit { side: old.side.union(v.side), ..v });
                            }
                            Some(old) if old == v => visit = Some(v),
                            Some(_) => self.unsupported(leg.span, &format!("the modifier `{text}` beside another `j`")),
                        },
                        None => self.unsupported(leg.span, &format!("the modifier `{text}`")),
                    },
                    Extra::Other(text) if text.starts_with('w') => match self.swap(text, leg.span) {
                        Some(w) => match either_side(swap.take(), w) {
                            Ok(w) => swap = Some(w),
                            Err(()) => self.unsupported(leg.span, &format!("the modifier `{text}` beside another `w`")),
                        },
                        None => self.unsupported(leg.span, &format!("the modifier `{text}`")),
                    },
                    other => self.unsupported(leg.span, &format!("the modifier `{}`", extra_letters(other))),
                }
            }
            let mut moves = false;
            let mut move_allows_en_passant = false;
            let mut captures = Vec::new();
            let mut en_passant = None;
            for c in &leg.capabilities {
                match c {
                    Capability::Move { restriction: None, allows_en_passant } => {
                        moves = true;
                        move_allows_en_passant = *allows_en_passant;
                    }
                    Capability::Move { restriction: Some(_), .. } => {
                        // M75: decided for good, not planned work.
                        self.diagnostics.push(
                            Diagnostic::new(
                                leg.span,
                                "a piece set after `m` (`m{P}W`) has no meaning in the seed: a move onto an empty \
                                 square meets no piece for the set to choose; mbn does not run it \
                                 (docs/SEMANTICS.md M75)",
                            )
                            .with_help(
                                "write `m` alone for the quiet move; sets choose pieces after `c`, `p`, `j`, `w`",
                            ),
                        );
                        return None;
                    }
                    Capability::Capture(t) => {
                        captures.push(PTargets { side: t.side, only: t.only.iter().map(|s| self.set(s)).collect() })
                    }
                    Capability::EnPassant { pieces } => en_passant = Some(pieces.as_ref().map(|s| self.set(s))),
                }
            }
            if visit.is_some() && !leg.mode_written {
                // `j` alone: the leg neither moves nor captures; what follows decides.
                moves = false;
                captures.clear();
            }
            if swap.is_some() && !leg.mode_written {
                // `w` swaps instead of capturing (M24); a written mode keeps its captures.
                captures.clear();
            }
            if flip.is_some() && !leg.mode_written {
                // `x` flips instead of capturing (M34), as `w` swaps.
                captures.clear();
            }
            if unblocked {
                // `u` (M32): "this implies that the piece cannot capture".
                // M116: hops, passing over pieces and riders that stop on one square (`0*`, `*`,
                // `h`) test where they could capture as any leg does.
                // M118: swaps and flips of friends run; of enemies only, and e.p. captures, they
                // are refused for good.
                let enemies_only = |s: &Option<PSwap>| s.as_ref().is_some_and(|s| s.targets.side == Side::Enemy);
                if enemies_only(&swap) || enemies_only(&flip) {
                    self.diagnostics.push(
                        Diagnostic::new(
                            leg.span,
                            "`u` with a swap or flip of enemies (`uwK`, `uxN`, `uw{P}K`): an enemy where the leg \
                             could land stops it, so there is never one to swap with or flip (docs/SEMANTICS.md \
                             M118)",
                        )
                        .with_help("swap with or flip friends (`uwwK`, `uxxN`, `uxyN`), or leave out `u`"),
                    );
                    return None;
                }
                if en_passant.is_some() {
                    self.diagnostics.push(
                        Diagnostic::new(leg.span, "`u` on an en passant capture (`ucefF`): `u` forbids capturing")
                            .with_help("a `u` leg only moves: write the capture as a leg of its own (`umfW+cefF`)"),
                    );
                    return None;
                }
                // M122: visits of friends run; of enemies only they never could, as swaps cannot.
                if visit.as_ref().is_some_and(|v| v.side == Side::Enemy && !v.optional) {
                    self.diagnostics.push(
                        Diagnostic::new(
                            leg.span,
                            "`u` with a visit of enemies (`ujW-W`): an enemy where the leg could land stops it, \
                             so there is never one to visit (docs/SEMANTICS.md M122)",
                        )
                        .with_help("visit friends (`ujjW-W`), or leave out `u`"),
                    );
                    return None;
                }
                if !moves && visit.is_none() {
                    self.diagnostics.push(
                        Diagnostic::new(leg.span, "`u` on a leg that may not move (`cuR`): `u` forbids capturing")
                            .with_help("a `u` leg only moves, and only while no enemy blocks it: write `uR`"),
                    );
                    return None;
                }
                captures.clear();
            }
            if wrap.is_some() {
                let with = [(move_allows_en_passant, "en passant rights (`me`, XBetza `n`)"), (borrow, "XBetza `x`")];
                if let Some((_, what)) = with.iter().find(|(on, _)| *on) {
                    self.unsupported(leg.span, &format!("cylindrical moves (`o`) with {what}"));
                    return None;
                }
            }
            let mirror = |(x, y): (i32, i32)| if color == Color::White { (x, y) } else { (x, -y) };
            let vectors: Vec<(i32, i32)> = vectors.iter().copied().map(mirror).collect();
            Some(PLeg {
                unblocked_by: if unblocked { vectors.clone() } else { Vec::new() },
                vectors,
                reach: leg.reach,
                over: match &leg.over {
                    Over::Empty => POver::Empty,
                    Over::Anything => POver::Anything,
                    Over::Friends => POver::Friends,
                    Over::Set(s) => POver::Set(self.set(s)),
                },
                non_jumping: leg.non_jumping,
                moves,
                move_allows_en_passant,
                captures,
                en_passant,
                hop: leg.hop.as_ref().map(|h: &Hop| PHop {
                    many: h.many,
                    optional: h.optional,
                    hurdles: h.hurdles.as_ref().map(|s| self.set(s)),
                }),
                origin: leg.origin.iter().map(|r| self.range(r, color)).collect(),
                destination: leg.destination.iter().map(|r| self.range(r, color)).collect(),
                initial,
                decaying,
                visit,
                attackers: leg.attackers.iter().map(|s| self.set(s)).collect(),
                swap,
                conditions,
                borrow,
                pass: false,
                decisive: leg.decisive,
                wrap,
                unblocked,
                check_rule,
                flip,
            })
        }
    }

    /// `o`, `oo`, `o[b,g]` (M38-M40): the cylinder a leg moves on. A range names the connected
    /// files: the lowest and highest file it lists (`[b,g]`); it may list files only.
    fn wrap(&mut self, both_axes: bool, files: Option<&BoardRange>) -> Option<PWrap> {
        let last = self.geometry.files() - 1;
        let Some(range) = files else { return Some(PWrap { files: (0, last), ranks: both_axes }) };
        // Each item a file or a run of files, nothing else.
        let files_of = |item: &RangeItem| match item {
            RangeItem::Area(a) if a.ranks.is_none() && a.levels.is_none() && a.iterator.is_none() => a.files,
            _ => None,
        };
        let listed: Vec<u8> = match range.items.iter().map(files_of).collect::<Option<Vec<_>>>() {
            Some(runs) => runs.into_iter().flat_map(|(x, y)| [x, y]).collect(),
            None => Vec::new(),
        };
        let (lo, hi) = (listed.iter().min().copied(), listed.iter().max().copied());
        let refuse = |this: &mut Self, what: &str| {
            this.diagnostics.push(
                Diagnostic::new(range.span, format!("`o` with this range: {what}"))
                    .with_help("`o[b,g]` joins file b to file g; write the two files (docs/SEMANTICS.md M39)"),
            );
            None
        };
        match (lo, hi) {
            _ if range.complement || listed.is_empty() => refuse(self, "the range must list files only"),
            (Some(_), Some(hi)) if hi > last => {
                refuse(self, &format!("file {} is not on the board", char::from(b'a'.saturating_add(hi))))
            }
            (Some(lo), Some(hi)) if lo == hi => refuse(self, "one file cannot be joined to itself"),
            (Some(lo), Some(hi)) => Some(PWrap { files: (lo, hi), ranks: both_axes }),
            _ => refuse(self, "the range must list files only"),
        }
    }

    /// A condition `/.../` for `color` (M30): its squares counted from that side. Ranges that
    /// depend on the position (`[+]`, `[*]`, `[:]`) are refused.
    fn condition(&mut self, c: &Condition, color: Color) -> Option<PCondition> {
        let squares = match &c.squares {
            Some(r) => {
                let p = self.range(r, color);
                if p.threatened || p.unthreatened || p.unmoved {
                    self.unsupported(r.span, "threatened, unthreatened and unmoved squares in a condition");
                    return None;
                }
                p.squares.iter().map(|&s| s != p.complement).collect()
            }
            None => vec![true; self.geometry.num_squares()],
        };
        Some(PCondition { pieces: c.pieces.as_ref().map(|s| self.set(s)), squares })
    }

    /// `k`, `kk`, `k{...}` (M33): `Some(mate_only)`, or `None` when the set names no royal piece
    /// of the opponent (a void `k{}`, §3). A set naming some but not all of the variant's royal
    /// kinds is refused (a move's flag cannot say which royal pieces it may check).
    fn check_rule(&mut self, mate_only: bool, pieces: Option<&PieceSet>) -> Option<bool> {
        let Some(set) = pieces else { return Some(mate_only) };
        let set_p = self.set(set);
        let royal = self.royal.clone();
        let named = royal
            .iter()
            .filter(|&&r| set_p.members.iter().any(|&(l, side)| l == r && side != Some(true)) != set_p.complement)
            .count();
        if named == 0 {
            None
        } else if named == royal.len() {
            Some(mate_only)
        } else {
            self.unsupported(set.span, "`k{...}` naming some but not all of the royal kinds");
            None
        }
    }

    /// `j` as the lowering kept it (`Extra::Other("jy{K}")`): read back as a mode.
    fn visit(&mut self, text: &str) -> Option<PVisit> {
        let mode = kept_mode(text, 'j')?;
        let side = mode_side(&mode);
        Some(PVisit { side, optional: mode.optional, only: mode.set.as_ref().map(|s| self.set(s)) })
    }

    /// `w` as the lowering kept it (`Extra::Other("ww{R}")`): which pieces the leg swaps with.
    /// `w?` (an optional swap) is refused.
    fn swap(&mut self, text: &str, span: Span) -> Option<PSwap> {
        let mode = kept_mode(text, 'w').filter(|m| !m.optional)?;
        let only = mode.set.as_ref().map(|s| self.set(s)).into_iter().collect();
        Some(PSwap { targets: PTargets { side: mode_side(&mode), only }, span })
    }

    /// Refuses `w` on the legs of a multi-leg move or a castling (M24: swaps are single-leg moves).
    fn no_swap(&mut self, leg: &Leg, place: &str) -> bool {
        let swaps = leg.extras.iter().any(|e| matches!(e, Extra::Other(t) if t.starts_with('w')));
        if swaps {
            self.unsupported(leg.span, &format!("`w` (swap) {place}"));
        }
        !swaps
    }

    /// XBetza `u` (X27, X67) unloads the piece the last leg captures on the `u` leg's start square:
    /// no other leg of the move may capture (a relocation is a runtime swap, which takes nothing).
    fn check_unload(&mut self, parts: &[PPart], span: Span) {
        let mut steps = Vec::new();
        flat_steps(parts, &mut steps);
        let unloads = steps.iter().any(|s| s.unload);
        let last = steps.len().saturating_sub(1);
        let captures_on_the_way =
            steps.iter().take(last).any(|s| !s.unload && !s.leg.captures.is_empty() && s.mode_written);
        if unloads && !matches!(parts.last(), Some(PPart::Leg(_))) {
            self.unsupported(span, "XBetza `u` in a move that ends in a repeat or an optional part");
        }
        if unloads && captures_on_the_way {
            self.unsupported(span, "XBetza `u` in a move that also captures on the way");
        }
        if unloads && steps.iter().any(|s| s.excite) {
            self.unsupported(span, "XBetza `u` in an induced move (`x`)");
        }
    }

    /// M103: a path whose last leg visits (`j`) ends with the piece dying there (or, after a `!`
    /// leg, back on the setup square). Both back ends run it after plain legs, captures on the
    /// way, hops, `!` and e.p. rights; not in a move that also swaps, flips, unloads (`u`) or
    /// excites (XBetza `x`), nor on a leg that swaps, flips or leaves the board. Round a cylinder
    /// too (M123).
    fn check_suicide(&mut self, parts: &[PPart]) {
        let mut ends = Vec::new();
        last_steps(parts, &mut ends);
        let Some(end) = ends.into_iter().find(|s| s.leg.visit.is_some()) else { return };
        let mut steps = Vec::new();
        flat_steps(parts, &mut steps);
        let others = |s: &&PStep| s.excite || s.unload || s.leg.swap.is_some() || s.leg.flip.is_some() || s.offboard;
        if steps.iter().any(others) {
            self.unsupported(
                end.span,
                "a move that may end on a visit (`j`: the piece dies, M103) and swaps, flips, unloads (`u`), \
                 excites (XBetza `x`) or leaves the board",
            );
        }
    }

    /// M109: `u` on a leg of a multi-leg move runs beside plain legs, captures on the way, `!`,
    /// `#`, conditions and repeats, and (M113) swaps, flips and e.p. captures on the last leg,
    /// visits and e.p. rights; not in a move that swaps or takes en passant on the way, unloads
    /// or excites (XBetza `u`, `x`) or leaves the board, nor in an explosion.
    fn check_unblocked(&mut self, parts: &[PPart]) {
        let mut steps = Vec::new();
        flat_steps(parts, &mut steps);
        let Some(u) = steps.iter().find(|s| s.leg.unblocked) else { return };
        // M113: what happens at the end of the path (a swap, flip or e.p. capture on the last leg,
        // a visit, e.p. rights) leaves the board the `u` legs read as it was.
        let last = last_legs(parts);
        let on_the_way = |s: &PStep| !last.iter().any(|l| std::ptr::eq(*l, s));
        let others = |s: &&PStep| {
            let leg = &s.leg;
            s.excite || s.unload || s.offboard || (on_the_way(s) && (leg.swap.is_some() || leg.en_passant.is_some()))
        };
        if steps.iter().any(others) || has_explosion(parts) {
            self.unsupported(
                u.span,
                "`u` in a multi-leg move that also swaps or takes en passant on the way, unloads or excites \
                 (XBetza `u`, `x`), leaves the board or explodes",
            );
        }
    }

    /// M106: a `!` leg right after a leg that visits (`jW-!mW`) would set the piece up on the
    /// visited piece's square, and the move would end there on that piece, which no leg took.
    fn check_setup_on_a_visit(&mut self, parts: &[PPart]) {
        let mut steps = Vec::new();
        flat_steps(parts, &mut steps);
        for pair in steps.windows(2) {
            if pair[1].setup && pair[0].leg.visit.is_some() {
                self.unsupported(
                    pair[1].span,
                    "the setup operator `!` on a leg after a visit (`jW-!mW`: the piece would come back onto \
                     the visited piece, M106)",
                );
                return;
            }
        }
    }

    /// XBetza `x` on the last leg (X83: borrowing after a path, `mNaxN`): the move's own last leg,
    /// after legs that only move or hop (no capture, `x`, `u`, `!`, swap or off-board leg before
    /// it): the path only finds the lender, the piece does not go along it.
    fn check_borrow(&mut self, parts: &[PPart]) {
        let mut steps = Vec::new();
        flat_steps(parts, &mut steps);
        let Some(last) = steps.last() else { return };
        let own_last = matches!(parts.last(), Some(PPart::Leg(s)) if std::ptr::eq(&**s, *last));
        if !last.excite {
            return;
        }
        if !own_last {
            self.unsupported(last.span, "XBetza `x` on the last leg of a repeat or an optional part");
            return;
        }
        let before = &steps[..steps.len() - 1];
        let captures = |s: &PStep| s.mode_written && !s.leg.captures.is_empty();
        if before.iter().any(|s| captures(s) || s.excite || s.unload || s.setup || s.leg.swap.is_some() || s.offboard) {
            self.unsupported(
                last.span,
                "borrowing (XBetza `x` on the last leg) after a leg on the way that captures, excites (`x`), \
                 unloads (`u`), sets up (`!`), swaps or leaves the board: the path only finds the lender",
            );
        }
    }

    /// XBetza `o` on a leg on the way (X48): a plain slide or leap off the board, in the move's
    /// own sequence of legs (not in a repeat or an optional part), followed by a plain leg that
    /// comes back onto the board; both back ends run exactly this.
    fn check_offboard(&mut self, parts: &[PPart]) {
        let nested = |p: &PPart| {
            let mut steps = Vec::new();
            match p {
                PPart::Repeat(_) | PPart::Optional { .. } => flat_steps(std::slice::from_ref(p), &mut steps),
                _ => {}
            }
            steps.iter().find(|s| s.offboard).map(|s| s.span)
        };
        if let Some(span) = parts.iter().find_map(nested) {
            self.unsupported(span, "an off-board leg (XBetza `o`) in a repeat or an optional part");
            return;
        }
        for (i, part) in parts.iter().enumerate() {
            let PPart::Leg(s) = part else { continue };
            if !s.offboard {
                continue;
            }
            let leg = &s.leg;
            let plain = matches!(leg.reach, Reach::Steps { .. })
                && leg.hop.is_none()
                && leg.over == POver::Empty
                && !leg.non_jumping
                && leg.visit.is_none()
                && leg.swap.is_none()
                && leg.wrap.is_none()
                && leg.destination.is_empty()
                && !s.excite
                && !s.unload
                && !s.setup;
            if !plain {
                self.unsupported(s.span, "an off-board leg (XBetza `o`) that hops, visits, wraps or lands on a piece");
                continue;
            }
            let next = match parts.get(i + 1) {
                Some(PPart::Leg(n)) => n,
                _ => {
                    self.unsupported(s.span, "an off-board leg (XBetza `o`) with no leg after it that comes back");
                    continue;
                }
            };
            let back = &next.leg;
            let plain = !next.offboard
                && matches!(back.reach, Reach::Steps { .. })
                && back.hop.is_none()
                && back.over == POver::Empty
                && !back.non_jumping
                && back.wrap.is_none()
                && !next.unload
                && !next.setup
                && back.en_passant.is_none();
            if !plain {
                self.unsupported(
                    next.span,
                    "a leg after an off-board leg (XBetza `o`) that is off-board too, hops, wraps, unloads or \
                     captures en passant",
                );
            }
        }
    }

    /// An explosion (M49) ends its move, after a leg that is no `!` leg: it explodes where the
    /// piece stands.
    fn check_explosion(&mut self, parts: &[PPart], span: Span) {
        let inner = |p: &PPart| match p {
            PPart::Repeat(r) => r.first.iter().chain(&r.later).any(|b| has_explosion(b)),
            PPart::Optional { body, .. } => has_explosion(body),
            _ => false,
        };
        let misplaced = parts.iter().any(inner)
            || parts.iter().rev().skip(1).any(|p| matches!(p, PPart::Explode(_)))
            || (has_explosion(parts) && parts.iter().any(|p| matches!(p, PPart::Leg(s) if s.setup)));
        if misplaced {
            self.unsupported(span, "an explosion `(!dcyOK)0*` that does not end its move or follows another `!`");
        }
    }

    fn unsupported(&mut self, span: crate::syntax::ast::Span, what: &str) {
        self.diagnostics.push(
            Diagnostic::new(span, format!("{what}: not run by {} yet", self.back_end))
                .with_help("the notation is valid MBN; running it is planned work"),
        );
    }

    pub(crate) fn set(&mut self, set: &PieceSet) -> PSet {
        let mut members = Vec::new();
        for m in &set.members {
            match (&m.letter, m.prefixes.is_empty()) {
                (Letter::Single(c), true) => {
                    let side = set.by_colour.then_some(c.is_ascii_uppercase());
                    members.push((c.to_ascii_uppercase(), side));
                }
                _ => self.unsupported(m.span, "prefixed and compound letters in piece sets"),
            }
        }
        if set.royal {
            // XBetza `k`, `t` (X34, X35): the royal pieces of either side, by letter.
            members.extend(self.royal.iter().map(|&c| (c, None)));
        }
        PSet { complement: set.complement, members }
    }

    /// A board range for `color`: ranks are counted from that side.
    pub(crate) fn range(&mut self, range: &BoardRange, color: Color) -> PRange {
        let g = self.geometry;
        let mut r = PRange {
            squares: vec![false; g.num_squares()],
            threatened: false,
            unthreatened: false,
            unmoved: false,
            complement: range.complement,
        };
        for item in &range.items {
            match item {
                RangeItem::Special(SpecialRange::Threatened) => r.threatened = true,
                RangeItem::Special(SpecialRange::Unthreatened) => r.unthreatened = true,
                RangeItem::Special(SpecialRange::Unmoved) => r.unmoved = true,
                RangeItem::Special(s @ (SpecialRange::Edge | SpecialRange::Inner)) => {
                    for sq in g.squares() {
                        let (f, k) = (g.file_of(sq), g.rank_of(sq));
                        let edge = f == 0 || k == 0 || f + 1 == g.files() || k + 1 == g.ranks();
                        if edge == (*s == SpecialRange::Edge) {
                            r.squares[sq.index()] = true;
                        }
                    }
                }
                RangeItem::Area(area) => {
                    if area.levels.is_some() || area.rows.is_some() {
                        self.unsupported(range.span, "3D levels and 4D rows in board ranges");
                        continue;
                    }
                    for sq in g.squares() {
                        let f = g.file_of(sq);
                        let rank = u32::from(g.rank_of(sq)) + 1;
                        let rank = if color == Color::White { rank } else { u32::from(g.ranks()) + 1 - rank };
                        if area_contains(area, f, rank) {
                            r.squares[sq.index()] = true;
                        }
                    }
                }
            }
        }
        r
    }
}

/// A mode modifier kept as text by the lowering (`jy{K}`, `ww`), read back; `None` unless its
/// letter is `letter` and it has no board range.
fn kept_mode(text: &str, letter: char) -> Option<crate::syntax::ast::Mode> {
    let m = crate::syntax::parse_move(&format!("{text}W")).ok()?;
    let crate::syntax::ast::MoveKind::Partial(p) = m.kind else { return None };
    let [crate::syntax::ast::Modifier { kind: crate::syntax::ast::ModifierKind::Mode(mode), .. }] =
        p.modifiers.as_slice()
    else {
        return None;
    };
    (mode.letter == letter && mode.range.is_none()).then(|| mode.clone())
}

/// Two swap or flip forms on one leg as one (M120): the union of their sides when neither names
/// a set (`xx` and `x`: either side), the form itself when both are the same; `Err` otherwise
/// (`x{P}` and `xx`: no one side and set says it).
fn either_side(old: Option<PSwap>, new: PSwap) -> Result<PSwap, ()> {
    match old {
        None => Ok(new),
        Some(old) if old.targets.only.is_empty() && new.targets.only.is_empty() => {
            let side = old.targets.side.union(new.targets.side);
            Ok(PSwap { targets: PTargets { side, only: Vec::new() }, ..new })
        }
        Some(old) if old.targets == new.targets => Ok(new),
        Some(_) => Err(()),
    }
}

/// The side a mode letter names: single for enemies, doubled for friends, `y` for both.
fn mode_side(mode: &crate::syntax::ast::Mode) -> Side {
    match (mode.doubled, mode.any) {
        (false, false) => Side::Enemy,
        (true, false) => Side::Friend,
        (_, true) => Side::Any,
    }
}

/// Whether `parts` hold an explosion (M49), at any depth.
fn has_explosion(parts: &[PPart]) -> bool {
    parts.iter().any(|p| match p {
        PPart::Explode(_) => true,
        PPart::Leg(_) => false,
        PPart::Optional { body, .. } => has_explosion(body),
        PPart::Repeat(r) => r.first.iter().chain(&r.later).any(|b| has_explosion(b)),
    })
}

/// Every leg of `parts`, repeats and optional parts included.
pub(crate) fn flat_steps<'a>(parts: &'a [PPart], out: &mut Vec<&'a PStep>) {
    for p in parts {
        match p {
            PPart::Explode(_) => {}
            PPart::Leg(s) => out.push(s),
            PPart::Optional { body, .. } => flat_steps(body, out),
            PPart::Repeat(r) => r.first.iter().chain(&r.later).for_each(|b| flat_steps(b, out)),
        }
    }
}

/// The steps a path through `parts` may end on: the last leg, the last legs of a repeat or an
/// optional part at the end, and, where those may be left out, what comes before them.
pub(crate) fn last_steps<'a>(parts: &'a [PPart], out: &mut Vec<&'a PStep>) {
    for p in parts.iter().rev() {
        match p {
            PPart::Explode(_) => return,
            PPart::Leg(s) => {
                out.push(s);
                return;
            }
            PPart::Optional { body, .. } => last_steps(body, out),
            PPart::Repeat(r) => {
                r.first.iter().chain(&r.later).for_each(|b| last_steps(b, out));
                if r.min > 0 {
                    return;
                }
            }
        }
    }
}

/// Whether a written leg visits (`j`, `jj`, `jy`, `j?`, `j{...}`).
fn visits(leg: &Leg) -> bool {
    leg.extras.iter().any(|e| matches!(e, Extra::Other(t) if t.starts_with('j')))
}

/// A leg with both `x` and `w` (`xwwN`, M76): the leg as a flip leg (its quiet moves and
/// captures included), and the same leg that only swaps.
fn split_flip_swap(p: PLeg) -> (PLeg, Option<PLeg>) {
    if p.flip.is_none() || p.swap.is_none() {
        return (p, None);
    }
    let swap = PLeg {
        flip: None,
        moves: false,
        move_allows_en_passant: false,
        captures: Vec::new(),
        en_passant: None,
        ..p.clone()
    };
    (PLeg { swap: None, ..p }, Some(swap))
}

/// M90: a `u` leg is blocked by an enemy in any direction of the leg as written, so the `W` and
/// `F` legs of `uK` share their eight directions and `uW+uF` are two legs, blocked apart.
/// `written`: the span of each `u` leg's text and its index in `legs` (spans compare by position
/// here, as `Span`'s own equality ignores them).
fn widen_unblocked(legs: &mut [PLeg], written: &[(Span, usize)]) {
    for &(span, i) in written {
        let mut all: Vec<(i32, i32)> = Vec::new();
        for &(_, k) in written.iter().filter(|(s, _)| (s.start, s.end) == (span.start, span.end)) {
            for &v in &legs[k].vectors {
                if !all.contains(&v) {
                    all.push(v);
                }
            }
        }
        legs[i].unblocked_by = all;
    }
}

/// A swap or flip leg that also moves (`wwF` in `K+wwF`, M34: `xF` in `K+xF`) leaves its moves to another leg of the piece that
/// makes them all (the same reach along more vectors, no conditions), so that no back end lists a
/// move twice (M24). Decisive legs (`#`) keep their moves: the back ends make a move that a plain
/// and a decisive leg both make once, decisive (M31, M77).
fn drop_repeated_swap_moves(legs: &mut [PLeg]) {
    let plain = |l: &PLeg| {
        matches!(l.over, POver::Empty)
            && l.hop.is_none()
            && l.origin.is_empty()
            && l.destination.is_empty()
            && l.attackers.is_empty()
            && !l.initial
            && !l.move_allows_en_passant
            && !l.unblocked
            && l.check_rule.is_none()
            && !l.decisive
    };
    for i in 0..legs.len() {
        let (swap, moves) = (legs[i].swap.is_some() || legs[i].flip.is_some(), legs[i].moves);
        if !swap || !moves || !plain(&legs[i]) {
            continue;
        }
        let covered = legs.iter().enumerate().any(|(j, other)| {
            j != i
                && other.swap.is_none()
                && other.flip.is_none()
                && other.moves
                && plain(other)
                && other.reach == legs[i].reach
                && other.non_jumping == legs[i].non_jumping
                && legs[i].vectors.iter().all(|v| other.vectors.contains(v))
        });
        if covered {
            legs[i].moves = false;
        }
    }
}

/// The sides the legs of some multi-leg parts capture.
fn capture_sides(parts: &[PPart], out: &mut Vec<Side>) {
    for (i, part) in parts.iter().enumerate() {
        match part {
            // A `u` leg (X27) relocates, written `d1d5>d3`: no clash with a swap's `d1d5`. After a
            // `u` on the way (X67) the last leg relocates too ([`unload_swap_sides`]).
            PPart::Leg(step) if step.unload => {}
            PPart::Leg(_) if i + 1 == parts.len() && parts.iter().any(|p| matches!(p, PPart::Leg(s) if s.unload)) => {}
            // A leg with no mode written that a leg always follows only moves (M1): `K-wW`.
            PPart::Leg(step) if !step.mode_written && matches!(parts.get(i + 1), Some(PPart::Leg(_))) => {}
            PPart::Leg(step) => out.extend(step.leg.captures.iter().map(|c| c.side)),
            PPart::Explode(x) => out.extend(x.captures.iter().map(|c| c.side)),
            PPart::Repeat(r) => {
                for body in r.first.iter().chain(&r.later) {
                    capture_sides(body, out);
                }
            }
            PPart::Optional { body, .. } => capture_sides(body, out),
        }
    }
}

/// Whether a leg of `m` is an `ii` move (M52, M66).
pub(crate) fn has_decaying(m: &PMove) -> bool {
    let mut steps = Vec::new();
    flat_steps(&m.parts, &mut steps);
    steps.iter().any(|s| s.leg.decaying)
}

/// Whether a leg's squares depend on threats: a threatened or unthreatened range (`[+]`, `[*]`).
pub(crate) fn reads_threats(leg: &PLeg) -> bool {
    leg.origin.iter().chain(&leg.destination).any(PRange::reads_threats)
}

/// Whether a multi-leg move's squares depend on threats, on a leg or a repeat.
pub(crate) fn move_reads_threats(m: &PMove) -> bool {
    fn parts(ps: &[PPart]) -> bool {
        ps.iter().any(|p| match p {
            PPart::Leg(s) => reads_threats(&s.leg),
            PPart::Explode(_) => false,
            PPart::Optional { body, .. } => parts(body),
            PPart::Repeat(r) => {
                r.origin.iter().chain(&r.destination).any(PRange::reads_threats)
                    || r.first.iter().chain(&r.later).any(|b| parts(b))
            }
        })
    }
    parts(&m.parts)
}

/// X83: whether the multi-leg move `m` borrows: its own last leg is XBetza `x` (`mNaxN`), so its
/// paths only find the friends whose moves the piece makes from its square.
pub(crate) fn borrows(m: &PMove) -> bool {
    matches!(m.parts.last(), Some(PPart::Leg(s)) if s.excite)
}

/// Whether a multi-leg move may capture: a leg that captures (other than a leg on the way with no
/// mode written, M1), an explosion, a relocation (`u`) or an induced move (`x`).
pub(crate) fn move_captures(m: &PMove) -> bool {
    fn parts(ps: &[PPart]) -> bool {
        ps.iter().any(|p| match p {
            PPart::Leg(s) => s.excite || s.unload,
            PPart::Explode(_) => true,
            PPart::Optional { body, .. } => parts(body),
            PPart::Repeat(r) => r.first.iter().chain(&r.later).any(|b| parts(b)),
        })
    }
    if borrows(m) {
        // X83: its paths only find lenders; what the piece borrows is decided apart.
        return false;
    }
    let mut sides = Vec::new();
    capture_sides(&m.parts, &mut sides);
    !sides.is_empty() || parts(&m.parts)
}

/// Whether a multi-leg move has an attacker set (on its first leg, M55).
pub(crate) fn has_attackers(m: &PMove) -> bool {
    matches!(m.parts.first(), Some(PPart::Leg(s)) if !s.leg.attackers.is_empty())
}

/// Whether the first leg walked in `parts` may be a `-` leg (directions relative to the previous
/// leg).
fn starts_relative(parts: &[PPart]) -> bool {
    match parts.first() {
        Some(PPart::Leg(s)) => s.relative.is_some(),
        Some(PPart::Optional { body, .. }) => starts_relative(body) || starts_relative(&parts[1..]),
        Some(PPart::Repeat(r)) => r.first.iter().any(|b| starts_relative(b)),
        _ => false,
    }
}

/// Whether a leg goes nowhere: the zero leaper `O` (vector `(0, 0)`) or a count of exactly zero
/// steps (`W00`).
fn is_null(leg: &Leg, vectors: &[(i32, i32)]) -> bool {
    vectors.contains(&(0, 0)) || leg.reach == (Reach::Steps { min: 0, max: Some(0) })
}

/// The letters an [`Extra`] was written with, for messages.
fn extra_letters(extra: &Extra) -> String {
    match extra {
        Extra::Initial { decaying } => if *decaying { "ii" } else { "i" }.to_string(),
        Extra::NoCheck { mate_only, .. } => if *mate_only { "kk" } else { "k" }.to_string(),
        Extra::Cylindrical { both_axes, .. } => if *both_axes { "oo" } else { "o" }.to_string(),
        Extra::Unblocked => "u".to_string(),
        Extra::Excite => "x (XBetza)".to_string(),
        Extra::Unload => "u (XBetza)".to_string(),
        Extra::OffBoard => "o (XBetza, off-board)".to_string(),
        Extra::Other(text) => text.clone(),
    }
}

/// Does the area hold file `f` (0-based) and rank `rank` (1-based, the mover's view)?
pub(crate) fn area_contains(area: &crate::syntax::ast::Area, f: u8, rank: u32) -> bool {
    let in_files = |(a, b): (u8, u8)| (a.min(b)..=a.max(b)).contains(&f);
    let in_ranks = |(a, b): (u32, u32)| (a.min(b)..=a.max(b)).contains(&rank);
    match &area.iterator {
        None => area.files.is_none_or(in_files) && area.ranks.is_none_or(in_ranks),
        Some([df, dr]) => {
            let fits = |delta: i64, it: &crate::syntax::ast::Iteration| {
                let step = i64::from(it.step);
                delta == 0
                    || (step != 0
                        && delta % step == 0
                        && match it.sign {
                            Sign::Plus => delta > 0,
                            Sign::Minus => delta < 0,
                            Sign::Both => true,
                        })
            };
            let base_f = area.files.map_or(0, |x| x.0);
            let base_r = area.ranks.map_or(1, |x| x.0);
            fits(i64::from(f) - i64::from(base_f), df) && fits(i64::from(rank) - i64::from(base_r), dr)
        }
    }
}

/// The turns of a `-` leg's direction modifiers (M2); `Err` names a modifier that is none.
pub(crate) fn parse_turns(modifiers: &[String]) -> Result<Vec<Turn>, String> {
    if modifiers.is_empty() {
        return Ok(vec![Turn::Straight]);
    }
    let mut turns = Vec::new();
    for m in modifiers {
        match m.as_str() {
            "d" => turns.push(Turn::Any),
            "t" => turns.push(Turn::Back),
            "tt" => turns.push(Turn::NotBack),
            "z" => turns.push(Turn::Reflect),
            other => match directions::parse_mods(other) {
                Ok(mods) => turns.extend(mods.into_iter().map(Turn::Dir)),
                Err(_) => return Err(other.to_string()),
            },
        }
    }
    Ok(turns)
}

/// Atoms of the relative legs written at the same place, keyed by span offsets.
pub(crate) type Siblings = HashMap<(usize, usize), Vec<(u32, u32)>>;

/// For every place a relative leg was written, the atoms written there (`K`: W and F), and for the
/// legs of a repeated body, the atoms at the same position in its other alternatives.
pub(crate) fn sibling_atoms(set: &MoveSet) -> Siblings {
    let mut map: Siblings = HashMap::new();
    let mut groups: Vec<Vec<(usize, usize)>> = Vec::new();
    for m in &set.moves {
        collect_siblings(&m.parts, &mut map, &mut groups);
    }
    // Legs at the same position of a repeat's alternatives share their atoms.
    for group in groups {
        let mut atoms: Vec<(u32, u32)> = group.iter().flat_map(|k| map.get(k).cloned().unwrap_or_default()).collect();
        atoms.sort_unstable();
        atoms.dedup();
        for k in group {
            let entry = map.entry(k).or_default();
            entry.extend(atoms.iter().copied());
            entry.sort_unstable();
            entry.dedup();
        }
    }
    map
}

fn collect_siblings(parts: &[Part], map: &mut Siblings, groups: &mut Vec<Vec<(usize, usize)>>) {
    for part in parts {
        match part {
            Part::Leg(leg) => {
                let atom = match &leg.directions {
                    Directions::Relative { atom, .. } => *atom,
                    Directions::Absolute(v) => v.first().map_or((0, 0), |&(x, y)| {
                        let (a, b) = (x.unsigned_abs(), y.unsigned_abs());
                        (a.min(b), a.max(b))
                    }),
                };
                let entry = map.entry((leg.span.start, leg.span.end)).or_default();
                if !entry.contains(&atom) {
                    entry.push(atom);
                }
            }
            Part::Optional { body, then, .. } => {
                collect_siblings(body, map, groups);
                for alt in then {
                    collect_siblings(alt, map, groups);
                }
                push_groups(then, groups);
            }
            Part::Repeat { first, then, first_alternatives, alternatives, .. } => {
                collect_siblings(first, map, groups);
                for alt in first_alternatives {
                    collect_siblings(alt, map, groups);
                }
                collect_siblings(then, map, groups);
                for alt in alternatives {
                    collect_siblings(alt, map, groups);
                }
                push_groups(alternatives, groups);
            }
        }
    }
}

/// The legs at the same position of a repeat's alternatives, as groups sharing their atoms.
fn push_groups(alternatives: &[Vec<Part>], groups: &mut Vec<Vec<(usize, usize)>>) {
    let width = alternatives.iter().map(Vec::len).max().unwrap_or(0);
    for i in 0..width {
        let group = alternatives
            .iter()
            .filter_map(|alt| match alt.get(i) {
                Some(Part::Leg(leg)) => Some((leg.span.start, leg.span.end)),
                _ => None,
            })
            .collect();
        groups.push(group);
    }
}

/// A later time round that writes no direction but straight on (`f` or nothing) on plain legs.
fn straight_body(body: &[Part]) -> bool {
    body.iter().all(|p| match p {
        Part::Leg(leg) => match &leg.directions {
            Directions::Relative { modifiers, .. } => modifiers.iter().all(|m| m == "f"),
            Directions::Absolute(_) => false,
        },
        _ => false,
    })
}

/// Whether a later time round may choose among several directions without having to capture:
/// such an unlimited repeat walks every self-avoiding path of the board.
fn turns_freely(repeat: &PRepeat) -> bool {
    let must_capture = |body: &Vec<PPart>| {
        body.iter().any(|p| match p {
            PPart::Leg(s) => s.mode_written && !s.leg.moves && !s.leg.captures.is_empty(),
            _ => false,
        })
    };
    if repeat.later.iter().all(must_capture) {
        return false;
    }
    let free = || repeat.later.iter().filter(|body| !must_capture(body));
    let turns_any = free().any(|body| {
        body.iter().any(|p| match p {
            PPart::Leg(s) => s
                .relative
                .as_ref()
                .is_some_and(|r| r.turns.iter().any(|t| matches!(t, Turn::Any | Turn::NotBack)) || r.turns.len() > 1),
            _ => true,
        })
    });
    // More than one way round from some direction (`(K-sK)0`: two sideways turns; `(K)v0`), counted
    // over the bodies a round may take: the circular king's `((fr)K)0*` has one (from a W step only
    // its F body turns `fr`).
    let mut directions: Vec<(i32, i32)> = Vec::new();
    for body in repeat.first.iter().chain(&repeat.later) {
        for part in body {
            if let PPart::Leg(s) = part {
                directions.extend(s.relative.as_ref().map_or(&s.leg.vectors, |r| &r.vectors));
            }
        }
    }
    turns_any || directions.iter().any(|&p| free().map(|body| round_paths(body, p)).sum::<usize>() > 1)
}

/// The last legs of `parts`: its last leg, or the last legs of the `{...}` or `[...]` it ends with
/// (M80: a swap or an e.p. capture there ends the move when the part is taken). A leg before such
/// a part is not one: the move may go on from it.
pub(super) fn last_legs(parts: &[PPart]) -> Vec<&PStep> {
    match parts.last() {
        Some(PPart::Leg(s)) => vec![s],
        Some(PPart::Optional { body, .. }) => last_legs(body),
        _ => Vec::new(),
    }
}

/// Whether every way through a time round of `body` is null legs only, at least one (M108): it
/// stands still (`(O)2`, `([O])2`).
fn stands_still(body: &[PPart]) -> bool {
    fn nowhere(body: &[PPart], null: &mut bool) -> bool {
        body.iter().all(|p| match p {
            PPart::Leg(s) => {
                *null |= s.leg.pass;
                s.leg.pass
            }
            PPart::Optional { body, .. } => nowhere(body, null),
            PPart::Repeat(_) | PPart::Explode(_) => false,
        })
    }
    let mut null = false;
    nowhere(body, &mut null) && null
}

/// Whether `part` is or holds a maximal repeat `0*`.
fn has_maximal(part: &PPart) -> bool {
    match part {
        PPart::Leg(_) | PPart::Explode(_) => false,
        PPart::Optional { body, .. } => body.iter().any(has_maximal),
        PPart::Repeat(r) => r.maximal || r.first.iter().chain(&r.later).flatten().any(has_maximal),
    }
}

/// A time round a flood fill can take (M67): legs only, none of which captures, visits, swaps,
/// takes e.p., sets up, leaves the board, passes, ends the game or needs an attacker; so every
/// landing on the way is an empty square and no round changes the board.
fn flood_body(body: &[PPart]) -> bool {
    body.iter().all(|p| match p {
        PPart::Leg(s) => {
            let leg = &s.leg;
            (!s.mode_written || (leg.captures.is_empty() && leg.moves))
                && !s.setup
                && !s.excite
                && !s.unload
                && !s.offboard
                && leg.visit.is_none()
                && leg.swap.is_none()
                && leg.en_passant.is_none()
                && !leg.move_allows_en_passant
                && !leg.pass
                && !leg.decisive
                && !leg.unblocked
                && leg.attackers.is_empty()
        }
        _ => false,
    })
}

/// Whether a later time round takes the same ways whatever the previous round's direction (M67):
/// its first leg has its own directions (`--`) or any direction (`d`).
fn memoryless(body: &[PPart]) -> bool {
    match body.first() {
        Some(PPart::Leg(s)) => s.relative.as_ref().is_none_or(|r| r.turns.iter().all(|t| *t == Turn::Any)),
        _ => false,
    }
}

/// The ways one time round `body` may go when the previous leg went `p` (`usize::MAX`: parts other
/// than legs, not counted).
fn round_paths(body: &[PPart], p: (i32, i32)) -> usize {
    let mut ends: Vec<(i32, i32)> = vec![p];
    for part in body {
        let PPart::Leg(step) = part else { return usize::MAX };
        ends = match &step.relative {
            // A reflection is one way once the zigzag's axis is known (the Boyscout's `(zF)0`).
            Some(rel) if rel.turns.iter().all(|t| *t == Turn::Reflect) => ends,
            Some(rel) => ends
                .iter()
                .flat_map(|&d| crate::interp::multileg::relative_vectors(rel, d, None))
                .map(|(v, _)| v)
                .collect(),
            None => ends.iter().flat_map(|_| step.leg.vectors.iter().copied()).collect(),
        };
    }
    ends.len()
}

fn parts_of(part: &Part) -> &[Part] {
    match part {
        Part::Leg(_) => std::slice::from_ref(part),
        Part::Repeat { first, .. } => first,
        Part::Optional { body, .. } => body,
    }
}

/// Where the first leg of some parts was written.
fn first_span(parts: &[Part]) -> Span {
    match parts.first() {
        Some(Part::Leg(leg)) => leg.span,
        Some(Part::Repeat { first, .. }) => first_span(first),
        Some(Part::Optional { body, .. }) => first_span(body),
        None => Span::default(),
    }
}

impl Prep<'_> {
    /// A variant's castlings, prepared for both colours.
    pub(crate) fn castlings(&mut self, variant: &crate::variant::Variant) -> Vec<PCastling> {
        variant
            .castlings
            .iter()
            .map(|c| PCastling {
                kind: c.kind,
                royal: [self.move_set(&c.royal, Color::White), self.move_set(&c.royal, Color::Black)],
                partner: [self.move_set(&c.partner, Color::White), self.move_set(&c.partner, Color::Black)],
                beside: c.beside,
                next_closer: c.next_closer,
                partners: c.partners.as_ref().map(|set| self.set(set)),
            })
            .collect()
    }

    /// A variant's promotion zone for White and for Black (empty when it has none).
    pub(crate) fn zone(&mut self, variant: &crate::variant::Variant) -> [Vec<bool>; 2] {
        match &variant.promotion_zone {
            Some(r) => [self.range(r, Color::White).squares, self.range(r, Color::Black).squares],
            None => [Vec::new(), Vec::new()],
        }
    }
}

#[cfg(test)]
mod tests {
    //! Swaps in the plan (docs/SEMANTICS.md M24).
    use super::{Prep, INTERPRETER};
    use crate::diagnostic::Diagnostics;
    use crate::ir::{Extra, Side};
    use mbn_runtime::{Color, Geometry};

    /// A swap-only leg, as XBetza's `udQ` (swap with friends, never move or capture) would lower:
    /// a written mode with no capability and the kept `ww`. The plan runs it as such.
    #[test]
    fn a_swap_only_leg() {
        let mut set = crate::compile_move("wwQ").expect("parses");
        for m in &mut set.moves {
            let crate::ir::Part::Leg(leg) = &mut m.parts[0] else { panic!("single legs") };
            leg.capabilities.clear();
            leg.mode_written = true;
            assert_eq!(leg.extras, vec![Extra::Other("ww".to_string())]);
        }
        let mut d = Diagnostics::new();
        let mut prep =
            Prep { geometry: Geometry::CHESS, diagnostics: &mut d, back_end: INTERPRETER, royal: Vec::new() };
        let (legs, multi) = prep.moves(&set, Color::White);
        assert!(prep.diagnostics.is_empty() && multi.is_empty());
        assert!(!legs.is_empty());
        for leg in &legs {
            assert!(!leg.moves && leg.captures.is_empty());
            assert_eq!(leg.swap.as_ref().map(|w| w.targets.side), Some(Side::Friend));
        }
        // As written in MBN, `wwQ` also moves; in `K+wwK` the `K` legs make those moves.
        let (legs, _) = prep.moves(&crate::compile_move("wwQ").expect("parses"), Color::White);
        assert!(legs.iter().all(|l| l.moves && l.swap.is_some()));
        let (legs, _) = prep.moves(&crate::compile_move("K+wwK").expect("parses"), Color::White);
        assert!(legs.iter().all(|l| l.moves != l.swap.is_some()), "{legs:?}");
    }
}
