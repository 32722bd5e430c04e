//! IR on a board: the legs of every piece oriented for each colour, with board ranges resolved to
//! square sets and piece sets to letters. Both back ends start from this: the interpreter walks it,
//! the code generator turns it into tables and code. What neither back end runs is reported here.

use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::ir::{Capability, Directions, Extra, Hop, LegLink, MoveSet, Over, Reach, Side};
use crate::syntax::ast::{BoardRange, CastlingKind, Letter, PieceSet, RangeItem, Sign, SpecialRange};
use mbn_runtime::{Color, Geometry};

/// A leg prepared for one colour.
#[derive(Clone, Debug)]
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
}

#[derive(Clone, Debug)]
pub(crate) enum POver {
    Empty,
    Anything,
    Friends,
    Set(PSet),
}

#[derive(Clone, Debug)]
pub(crate) struct PTargets {
    pub(crate) side: Side,
    pub(crate) only: Vec<PSet>,
}

#[derive(Clone, Debug)]
pub(crate) struct PHop {
    pub(crate) many: bool,
    pub(crate) optional: bool,
    pub(crate) hurdles: Option<PSet>,
}

/// A piece set as a test on (kind letter, is-friend).
#[derive(Clone, Debug)]
pub(crate) struct PSet {
    pub(crate) complement: bool,
    /// `(letter, Some(friend))` for the colour form, `(letter, None)` for either colour.
    pub(crate) members: Vec<(char, Option<bool>)>,
}

/// A board range for one colour: a static square set and the dynamic parts.
#[derive(Clone, Debug)]
pub(crate) struct PRange {
    pub(crate) squares: Vec<bool>,
    pub(crate) threatened: bool,
    pub(crate) unthreatened: bool,
    pub(crate) unmoved: bool,
    pub(crate) complement: bool,
}

#[derive(Clone, Debug)]
pub(crate) struct PCastling {
    pub(crate) kind: CastlingKind,
    pub(crate) royal: [Vec<PLeg>; 2],
    pub(crate) partner: [Vec<PLeg>; 2],
}

/// Turns the IR into prepared legs, reporting what the interpreter cannot run.
pub(crate) struct Prep<'d> {
    pub(crate) geometry: Geometry,
    pub(crate) diagnostics: &'d mut Diagnostics,
}

impl Prep<'_> {
    pub(crate) fn move_set(&mut self, set: &MoveSet, color: Color) -> Vec<PLeg> {
        let mut legs = Vec::new();
        for m in &set.moves {
            let Some(leg) = m.single_leg() else {
                self.unsupported(m.span, "multi-leg moves (chains, sequences, optional legs, complex riders)");
                continue;
            };
            if leg.link != LegLink::First {
                continue;
            }
            let Directions::Absolute(vectors) = &leg.directions else { continue };
            if vectors.contains(&(0, 0)) || leg.reach == (Reach::Steps { min: 0, max: Some(0) }) {
                self.unsupported(leg.span, "null moves (`O`, `00`)");
                continue;
            }
            if leg.setup || leg.decisive || !leg.conditions.is_empty() || !leg.attackers.is_empty() {
                self.unsupported(leg.span, "the setup `!` and decision `#` operators, conditions and attacker sets");
                continue;
            }
            let mut initial = false;
            for e in &leg.extras {
                match e {
                    Extra::Initial { decaying: false } => initial = true,
                    other => self.unsupported(leg.span, &format!("the modifier {other:?}")),
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
                    Capability::Move { restriction: Some(_), .. } => self.unsupported(leg.span, "piece sets after `m`"),
                    Capability::Capture(t) => {
                        captures.push(PTargets { side: t.side, only: t.only.iter().map(|s| self.set(s)).collect() })
                    }
                    Capability::EnPassant { pieces } => en_passant = Some(pieces.as_ref().map(|s| self.set(s))),
                }
            }
            let flip = |(x, y): (i32, i32)| if color == Color::White { (x, y) } else { (x, -y) };
            legs.push(PLeg {
                vectors: vectors.iter().copied().map(flip).collect(),
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
            });
        }
        legs
    }

    fn unsupported(&mut self, span: crate::syntax::ast::Span, what: &str) {
        self.diagnostics.push(
            Diagnostic::new(span, format!("{what}: not run by mbn's interpreter yet"))
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
