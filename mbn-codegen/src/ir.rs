//! The intermediate representation: what a piece can do, with every direction a concrete vector.
//!
//! A piece's moves are a [`MoveSet`]: the union of [`Move`]s. A move is a sequence of [`Part`]s: legs,
//! repeated groups of legs (complex riders) and optional legs. Most pieces have single-leg moves: one
//! [`Leg`] with absolute directions, a [`Reach`], a path rule ([`Over`]) and the [`Capability`]s of its
//! last square. Multi-leg moves keep the directions of later legs relative to the previous leg
//! ([`Directions::Relative`]); the back ends resolve them as they walk.
//!
//! Modifiers whose meaning belongs to later stages (initial moves, check rules, swaps...) are kept
//! as [`Extra`]s, never dropped. Board ranges, piece sets and conditions stay symbolic: they are
//! resolved against a board by the back ends.

use crate::syntax::ast::{BoardRange, Condition, OptionalKind, PieceSet, Span};

/// A direction vector: files to the right, ranks forward (White's view).
pub type Vector = (i32, i32);

/// Everything a piece can do.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct MoveSet {
    /// The alternatives.
    pub moves: Vec<Move>,
}

/// One alternative.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    /// The parts, walked in order. A single-leg move has one [`Part::Leg`].
    pub parts: Vec<Part>,
    /// Where it was written.
    pub span: Span,
}

impl Move {
    /// The leg of a single-leg move.
    pub fn single_leg(&self) -> Option<&Leg> {
        match self.parts.as_slice() {
            [Part::Leg(leg)] => Some(leg),
            _ => None,
        }
    }
}

/// A part of a move.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Part {
    /// One leg.
    Leg(Box<Leg>),
    /// A complex rider that could not be reduced to one leg: its body taken `count` times. The first
    /// time the body's first leg goes where its modifiers say (White's view); every later time it
    /// goes relative to the previous leg (straight on unless its modifiers say otherwise), so the
    /// body is kept twice: as `first` and as `then`.
    Repeat {
        /// The body the first time.
        first: Vec<Part>,
        /// The body every later time.
        then: Vec<Part>,
        /// Every alternative of the body as taken the first time (`first` among them): a body written
        /// with several atoms (`((fr)K)0*`, `(dK)3`) may take any of them each time round. Empty when
        /// the body has one alternative only. A move holds one repeat per alternative of `first` (the
        /// canonical form lists them); each of them carries all alternatives.
        first_alternatives: Vec<Vec<Part>>,
        /// Every alternative of the body as taken on later times (`then` among them); empty when the
        /// body has one alternative only.
        alternatives: Vec<Vec<Part>>,
        /// How often.
        count: Count,
        /// Where the whole repeated part may start.
        origin: Vec<BoardRange>,
        /// Where the whole repeated part may end.
        destination: Vec<BoardRange>,
    },
    /// An optional leg `[...]` or `{...}`.
    Optional {
        /// Which kind.
        kind: OptionalKind,
        /// The optional parts.
        body: Vec<Part>,
        /// A repetition of the optional part (`{...}0`).
        count: Option<Count>,
        /// With a count: every alternative of the body as a later time round takes it, going on
        /// from the previous leg (a counted optional part is a complex rider resolved into a chain,
        /// docs/SEMANTICS.md M70: `{jy{X}F}0` jumps along one line). Empty without a count.
        then: Vec<Vec<Part>>,
    },
}

impl Part {
    /// The bodies a repeated or optional part holds: each alternative, the first time and later
    /// times round; none for a leg.
    pub fn bodies(&self) -> Vec<&[Part]> {
        match self {
            Part::Leg(_) => Vec::new(),
            Part::Repeat { first, then, first_alternatives, alternatives, .. } => {
                [first, then].into_iter().chain(first_alternatives).chain(alternatives).map(Vec::as_slice).collect()
            }
            Part::Optional { body, then, .. } => std::iter::once(body).chain(then).map(Vec::as_slice).collect(),
        }
    }

    /// [`Part::bodies`], to change.
    pub fn bodies_mut(&mut self) -> Vec<&mut Vec<Part>> {
        match self {
            Part::Leg(_) => Vec::new(),
            Part::Repeat { first, then, first_alternatives, alternatives, .. } => {
                [first, then].into_iter().chain(first_alternatives.iter_mut()).chain(alternatives.iter_mut()).collect()
            }
            Part::Optional { body, then, .. } => std::iter::once(body).chain(then.iter_mut()).collect(),
        }
    }
}

/// Visits every leg of `parts`, those inside repeated and optional parts included.
pub fn each_leg<'a>(parts: &'a [Part], visit: &mut impl FnMut(&'a Leg)) {
    for part in parts {
        match part {
            Part::Leg(leg) => visit(leg),
            part => part.bodies().into_iter().for_each(|body| each_leg(body, visit)),
        }
    }
}

/// [`each_leg`], to change the legs.
pub fn each_leg_mut(parts: &mut [Part], visit: &mut impl FnMut(&mut Leg)) {
    for part in parts {
        match part {
            Part::Leg(leg) => visit(leg),
            part => part.bodies_mut().into_iter().for_each(|body| each_leg_mut(body, visit)),
        }
    }
}

/// How often a repeated part is taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Count {
    /// Between `min` and `max` times (`max` `None`: unlimited).
    Between {
        /// At least.
        min: u32,
        /// At most.
        max: Option<u32>,
    },
    /// As often as possible (`0*`).
    Maximal,
    /// To the edge of the board (`*`).
    Edge,
}

/// One leg.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Leg {
    /// How this leg follows the previous one.
    pub link: LegLink,
    /// Where it may go.
    pub directions: Directions,
    /// How far.
    pub reach: Reach,
    /// What the squares passed over must hold.
    pub over: Over,
    /// `n`: the leap itself is a slide through intermediate squares (only matters for non-unit
    /// vectors such as the knight's).
    pub non_jumping: bool,
    /// What the leg may do on its last square. When no mode was written this is the default of a
    /// final leg (move or capture an enemy); a leg that is not last then may only move.
    pub capabilities: Vec<Capability>,
    /// Whether `m`, `c` or `a` was written (`aW-fW` may capture twice, `W-fW` only at the end).
    pub mode_written: bool,
    /// `p`: hurdles to hop over.
    pub hop: Option<Hop>,
    /// Where the leg may start (all must hold).
    pub origin: Vec<BoardRange>,
    /// Where the leg may end (all must hold).
    pub destination: Vec<BoardRange>,
    /// The leg is possible only while the piece is attacked by one of these (all must hold).
    pub attackers: Vec<PieceSet>,
    /// Conditions on the position (all must hold).
    pub conditions: Vec<Condition>,
    /// `!`: the setup operator.
    pub setup: bool,
    /// `#`: the move is decisive.
    pub decisive: bool,
    /// Modifiers kept for later stages.
    pub extras: Vec<Extra>,
    /// Where it was written.
    pub span: Span,
}

impl Leg {
    /// A leg with nothing but its directions, reach and capabilities: it passes over empty squares,
    /// hops nothing, has no ranges, conditions or extras, and its mode counts as not written.
    pub fn new(link: LegLink, directions: Directions, reach: Reach, capabilities: Vec<Capability>, span: Span) -> Leg {
        Leg {
            link,
            directions,
            reach,
            over: Over::Empty,
            non_jumping: false,
            capabilities,
            mode_written: false,
            hop: None,
            origin: Vec::new(),
            destination: Vec::new(),
            attackers: Vec::new(),
            conditions: Vec::new(),
            setup: false,
            decisive: false,
            extras: Vec::new(),
            span,
        }
    }
}

/// How a leg follows the previous one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum LegLink {
    /// The first leg of a move.
    First,
    /// `-`: directions relative to the previous leg (default: straight on).
    Chain,
    /// `--`: directions independent of the previous leg.
    Sequence,
}

/// The directions of a leg.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Directions {
    /// Concrete vectors, White's view (Black mirrors ranks).
    Absolute(Vec<Vector>),
    /// An atom `(m, n)` whose directions are chosen relative to the previous leg by the direction
    /// modifiers as written (`f` straight on, `d` any, `t` back, `z` reflected, `(rf)` ...).
    Relative {
        /// The atom.
        atom: (u32, u32),
        /// The direction modifiers, as written; empty means straight on.
        modifiers: Vec<String>,
    },
}

/// How far a leg goes along each of its directions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Reach {
    /// Between `min` and `max` repetitions of the vector (`max` `None`: unlimited). A leaper is
    /// `1..=1`, a rider `1..`, `W3` is `1..=3`, `W03` is `3..=3`, `W00` is `0..=0`.
    Steps {
        /// At least.
        min: u32,
        /// At most.
        max: Option<u32>,
    },
    /// `0*`: as far as possible: to the last empty square, or onto the first enemy.
    Maximal,
    /// `*`: to the edge of the board.
    Edge,
    /// `h`: half the way to the edge, rounded up.
    Halfling,
}

impl Reach {
    /// A single leap.
    pub const LEAP: Reach = Reach::Steps { min: 1, max: Some(1) };
    /// An unlimited rider.
    pub const RIDE: Reach = Reach::Steps { min: 1, max: None };
}

/// What the squares a rider passes over must hold.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Over {
    /// Empty (the default).
    Empty,
    /// `g`: anything (a leaping slider).
    Anything,
    /// `gg`: empty or friendly pieces.
    Friends,
    /// `g{...}`: empty or these pieces.
    Set(PieceSet),
}

/// One thing a leg may do on its last square.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Capability {
    /// Move to an empty square. With `allows_en_passant` (`me`), the opponent may capture en
    /// passant on the squares passed.
    Move {
        /// `m{...}`: a piece set restricting the move, as written.
        restriction: Option<PieceSet>,
        /// `me`.
        allows_en_passant: bool,
    },
    /// Capture a piece on the last square.
    Capture(Targets),
    /// `ce`: capture en passant.
    EnPassant {
        /// `ce{PS}`: the pieces that may be captured so (default: a piece of the mover's kind).
        pieces: Option<PieceSet>,
    },
}

/// Which pieces a capture may take.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Targets {
    /// `c`: enemies; `cc`: friends; `cy`: both.
    pub side: Side,
    /// `c{...}`: only these (all sets must match).
    pub only: Vec<PieceSet>,
}

/// Whose pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// The opponent's.
    Enemy,
    /// One's own.
    Friend,
    /// Anyone's.
    Any,
}

impl Side {
    /// The side that covers both: `Any` unless they are the same.
    pub fn union(self, other: Side) -> Side {
        if self == other {
            self
        } else {
            Side::Any
        }
    }

    /// Whether the two sides share a piece.
    pub fn meets(self, other: Side) -> bool {
        self == other || self == Side::Any || other == Side::Any
    }
}

/// `p`: hop over hurdles.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Hop {
    /// `p`: exactly one hurdle; `pp`: at least one.
    pub many: bool,
    /// `p?`: the hurdle may be absent.
    pub optional: bool,
    /// `p{...}`: the hurdles must be among these.
    pub hurdles: Option<PieceSet>,
}

/// Modifiers whose meaning is implemented by later stages. Kept as written.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Extra {
    /// `i`: only as the piece's first move; `ii`: the right decays with the first check.
    Initial {
        /// `ii`.
        decaying: bool,
    },
    /// `k`: may not give check; `kk`: may not give mate.
    NoCheck {
        /// `kk`.
        mate_only: bool,
        /// `k{...}`.
        pieces: Option<PieceSet>,
    },
    /// `o`: cylindrical (`oo`: also top and bottom).
    Cylindrical {
        /// `oo`.
        both_axes: bool,
        /// `o[b,g]`: the connected files.
        files: Option<BoardRange>,
    },
    /// `u`: only when no enemy blocks any of the move's directions.
    Unblocked,
    /// XBetza `x` (excite): on a leg another leg follows, the friend it lands on makes the rest
    /// of the move (docs/SEMANTICS.md X28); on a one-leg move, borrowing (X29).
    Excite,
    /// XBetza `u` on the last leg of a multi-leg move: the piece it captures goes to the leg's
    /// start square instead of leaving the board (docs/SEMANTICS.md X27).
    Unload,
    /// XBetza `o` on a leg another leg follows: the leg ends on the first square of its line off
    /// the board and the next leg comes back onto it (docs/SEMANTICS.md X48).
    OffBoard,
    /// Any other modifier letter with its decorations, as written (`w`, `x`, `j`, ...).
    Other(String),
}

/// The parts with the alternative a repeat takes blanked out where the repeat carries all of them.
pub(crate) fn without_chosen_alternative(parts: &[Part]) -> Vec<Part> {
    parts
        .iter()
        .map(|p| match p {
            Part::Repeat { first_alternatives, alternatives, count, origin, destination, first, then }
                if !first_alternatives.is_empty() || !alternatives.is_empty() =>
            {
                Part::Repeat {
                    first: if first_alternatives.is_empty() { first.clone() } else { Vec::new() },
                    then: if alternatives.is_empty() { then.clone() } else { Vec::new() },
                    first_alternatives: first_alternatives.clone(),
                    alternatives: alternatives.clone(),
                    count: *count,
                    origin: origin.clone(),
                    destination: destination.clone(),
                }
            }
            Part::Optional { kind, body, count, then } => Part::Optional {
                kind: *kind,
                body: without_chosen_alternative(body),
                count: *count,
                then: then.clone(),
            },
            other => other.clone(),
        })
        .collect()
}

/// Whether `part` is lowering's one optional part of several alternatives (`{cK-tK}`,
/// docs/SEMANTICS.md M65): a single time round that may take any of them, with no later round.
pub(crate) fn one_of_alternatives(part: &Part) -> bool {
    matches!(part, Part::Repeat { then, alternatives, first_alternatives, count, .. }
        if then.is_empty()
            && alternatives.is_empty()
            && !first_alternatives.is_empty()
            && *count == (Count::Between { min: 1, max: Some(1) }))
}
