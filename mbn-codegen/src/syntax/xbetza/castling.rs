//! XBetza `O`: castling (seed 002: "the following number indicates the number of steps the piece
//! having this move takes in the direction of the corner. It implies that the corner piece then has
//! to swing around it"; docs/SEMANTICS.md X30).
//!
//! `isO2` is chess castling (`isjO2` Omega Chess's, with the piece next to the corner, X61): the
//! royal piece steps 2 squares toward its castling partner along the rank, and the partner lands on
//! the square right beside it, on the side it came from. The
//! castling is a variant rule: [`read`] checks the notation, the variant turns it into castlings
//! ([`XCastling::royal_move`], [`XCastling::partner_move`]) with their partner placed beside the
//! royal piece.

use super::lower::{meaningless, unsupported};
use super::{directions, XPart, XRange};
use crate::diagnostic::Diagnostic;
use crate::ir::{Capability, Directions, Extra, Leg, LegLink, Move, MoveSet, Part, Reach};
use crate::syntax::ast::{CastlingKind, Span};

/// One castling an `O` states: a side and the royal piece's step count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct XCastling {
    /// `Short` toward the higher files (`rO`), `Long` toward the lower (`lO`).
    pub kind: CastlingKind,
    /// How many squares the royal piece goes (`O2`: 2).
    pub steps: u32,
    /// Where the `O` was written (its atom).
    pub span: Span,
    /// `jO` (seed 001: "the castling partner is not the farthest piece, but the next closer one",
    /// X61): the partner is the piece beside the one holding the castling right, toward the royal
    /// piece.
    pub next_closer: bool,
}

/// Reads one `O` part: its sides (`s`, `l`, `r`, none: both), its step count and `i`.
pub fn read(part: &XPart) -> Result<Vec<XCastling>, Vec<Diagnostic>> {
    let mut errors = Vec::new();
    if part.legs.len() > 1 || part.count_modifiers.is_some() {
        errors.push(
            unsupported(part.span, "O")
                .with_help("XBetza `O` (castling) is a single move: no `a` legs, no range modifiers"),
        );
    }
    let leg = &part.legs[0];
    let mut next_closer = false;
    for &(c, span) in &leg.modes {
        let help = match c {
            'i' => continue,
            'j' if !next_closer => {
                next_closer = true;
                continue;
            }
            // X66: the seeds name these without rules.
            'j' => {
                errors.push(meaningless(
                    span,
                    "jjO",
                    "seed 001 gives `j` on castling one meaning, the next-closer partner (`isjO2`, docs/SEMANTICS.md \
                     X61); a doubled `j` is not defined",
                ));
                continue;
            }
            'p' => {
                errors.push(meaningless(
                    span,
                    "pO",
                    "seed 001 only names it (\"The special case pO is used to denote 'fast castling'\"): neither seed \
                     says which pieces go where, so there is nothing to run (docs/SEMANTICS.md X66)",
                ));
                continue;
            }
            _ => {
                "the seeds give castling (`O`) the directions `s`, `l`, `r` and the modifiers `i`, `j` (and name \
                 `pO`) only (docs/SEMANTICS.md X30, X66)"
            }
        };
        errors.push(meaningless(span, &format!("{c}O"), help));
    }
    let steps = match part.range {
        XRange::Number(n) if n > 0 => n,
        _ => {
            errors.push(
                Diagnostic::new(part.span, "XBetza `O` needs the royal piece's step count: `O2` (chess), `O3`")
                    .with_help("seed 002: \"the following number indicates the number of steps\""),
            );
            0
        }
    };
    let mut kinds = Vec::new();
    if leg.directions.is_empty() {
        kinds = vec![CastlingKind::Short, CastlingKind::Long];
    }
    for group in &leg.directions {
        for v in directions::select(0, 1, &[group.text.as_str()]) {
            let kind = match v {
                (1, 0) => CastlingKind::Short,
                (-1, 0) => CastlingKind::Long,
                _ => {
                    errors.push(
                        Diagnostic::new(
                            group.span,
                            format!("castling goes along the rank: `{}` is not sideways", group.text),
                        )
                        .with_help("XBetza castling directions: `s` (both sides), `l`, `r`"),
                    );
                    continue;
                }
            };
            if !kinds.contains(&kind) {
                kinds.push(kind);
            }
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok(kinds.into_iter().map(|kind| XCastling { kind, steps, span: part.atom_span, next_closer }).collect())
}

impl XCastling {
    /// The royal piece's move: exactly `steps` squares toward the partner, to an empty square,
    /// unmoved.
    pub fn royal_move(&self) -> MoveSet {
        let dx = if self.kind == CastlingKind::Short { 1 } else { -1 };
        let reach = Reach::Steps { min: self.steps, max: Some(self.steps) };
        self.single(vec![(dx, 0)], reach)
    }

    /// The partner's move: a slide along the rank, unmoved. The variant keeps only the destination
    /// beside the royal piece's ([`crate::variant::Castling::beside`]).
    pub fn partner_move(&self) -> MoveSet {
        self.single(vec![(1, 0), (-1, 0)], Reach::RIDE)
    }

    fn single(&self, vectors: Vec<(i32, i32)>, reach: Reach) -> MoveSet {
        let moves = vec![Capability::Move { restriction: None, allows_en_passant: false }];
        let mut leg = Leg::new(LegLink::First, Directions::Absolute(vectors), reach, moves, self.span);
        leg.mode_written = true;
        leg.extras.push(Extra::Initial { decaying: false });
        MoveSet { moves: vec![Move { parts: vec![Part::Leg(Box::new(leg))], span: self.span }] }
    }
}
