//! The abstract syntax tree of MBN, as written.
//!
//! Every node carries the byte range it was parsed from ([`Span`]), measured in the *original* text
//! (comments included). Spans never take part in equality: two trees are equal when they say the same
//! thing, wherever it was written. This is what `parse(print(ast)) == ast` relies on.
//!
//! The tree keeps the notation as written: piece letters are not resolved, macros not expanded,
//! defaults not filled in. Those are later stages (`expand`, `lower`).

use std::fmt;

/// A byte range in the original notation text. Compares equal to every other span (and hashes and
/// orders accordingly), so that trees compare by what they say.
#[derive(Clone, Copy, Default, Debug, Eq)]
pub struct Span {
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

impl Span {
    /// The span `start..end`.
    pub const fn new(start: usize, end: usize) -> Self {
        Span { start, end }
    }

    /// The smallest span covering both.
    pub fn to(self, other: Span) -> Span {
        Span::new(self.start.min(other.start), self.end.max(other.end))
    }
}

impl PartialEq for Span {
    fn eq(&self, _: &Span) -> bool {
        true
    }
}

impl std::hash::Hash for Span {
    fn hash<H: std::hash::Hasher>(&self, _: &mut H) {}
}

impl PartialOrd for Span {
    fn partial_cmp(&self, other: &Span) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Span {
    fn cmp(&self, _: &Span) -> std::cmp::Ordering {
        std::cmp::Ordering::Equal
    }
}

/// A value with the span it was written at.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Spanned<T> {
    /// The value.
    pub value: T,
    /// Where it was written.
    pub span: Span,
}

/// A whole notation string: definitions separated by white space.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Notation {
    /// The definitions, in the order written.
    pub items: Vec<Item>,
}

/// One definition of a notation string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Item {
    /// What it defines.
    pub kind: ItemKind,
    /// The whole definition.
    pub span: Span,
}

/// The kinds of definition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ItemKind {
    /// `PS=mfWcfF`, `B`, `+B`, `!+G/DragonResurrection/`: the move of one or more pieces, or their
    /// default move when the body is absent.
    Piece(PieceDef),
    /// `+P==QRBN`, `$K==@k@K`: a promotion or drop rule.
    Promotion(PromotionDef),
    /// `@X=...`: a notation macro.
    Macro(MacroDef),
    /// `O-O=[*]isR[g]=isR[f]`: the moves of a castling.
    Castling(CastlingDef),
}

/// The left-hand side of a piece, promotion or drop definition: `'+PS<s>/Name/|comment|`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Head {
    /// `'`: the piece is a side-mover (its moves rotated by 90 degrees clockwise).
    pub side_mover: bool,
    /// Prefixes in the order written (`##Q` has two).
    pub prefixes: Vec<Spanned<Prefix>>,
    /// The piece letters; the definition applies to each.
    pub pieces: Vec<PieceName>,
    /// `/Name/`: the definition applies when this announcement is active.
    pub announcement: Option<Spanned<String>>,
    /// A comment written right after the letters: the piece's name, e.g. `B|Bishop|`.
    pub name: Option<Spanned<String>>,
    /// The whole head.
    pub span: Span,
}

/// A piece prefix.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Prefix {
    /// `+`: promoted piece.
    Promoted,
    /// `-`: piece before promotion.
    Unpromoted,
    /// `#`: prefix for rules defined by the board rules.
    Hash,
    /// `*`.
    Star,
    /// `$`.
    Dollar,
    /// `%`.
    Percent,
    /// `&`.
    Ampersand,
    /// `?`: a precondition rule.
    Precondition,
    /// `!`: cancels a definition.
    Cancel,
}

impl Prefix {
    /// Every prefix, in canonical order.
    pub const ALL: [Prefix; 9] = [
        Prefix::Promoted,
        Prefix::Unpromoted,
        Prefix::Hash,
        Prefix::Star,
        Prefix::Dollar,
        Prefix::Percent,
        Prefix::Ampersand,
        Prefix::Precondition,
        Prefix::Cancel,
    ];

    /// The character that writes it.
    pub const fn as_char(self) -> char {
        match self {
            Prefix::Promoted => '+',
            Prefix::Unpromoted => '-',
            Prefix::Hash => '#',
            Prefix::Star => '*',
            Prefix::Dollar => '$',
            Prefix::Percent => '%',
            Prefix::Ampersand => '&',
            Prefix::Precondition => '?',
            Prefix::Cancel => '!',
        }
    }

    /// The prefix written by `c`.
    pub fn from_char(c: char) -> Option<Prefix> {
        Prefix::ALL.into_iter().find(|p| p.as_char() == c)
    }
}

/// A piece letter: `K`, `k` or a compound letter `:BM:`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Letter {
    /// One ASCII letter; lowercase letters name black pieces.
    Single(char),
    /// `:BM:`: one to three letters or digits, the first a letter. Stored as written; two compound
    /// letters are the same piece when their upper-case forms are equal ([`Letter::key`]).
    Compound(String),
}

impl Letter {
    /// The identity of the letter: compound letters compare by their upper-case form.
    pub fn key(&self) -> Letter {
        match self {
            Letter::Single(c) => Letter::Single(*c),
            Letter::Compound(s) => Letter::Compound(s.to_ascii_uppercase()),
        }
    }

    /// Is this a lowercase single letter (a black-only definition)?
    pub fn is_black(&self) -> bool {
        matches!(self, Letter::Single(c) if c.is_ascii_lowercase())
    }
}

impl fmt::Display for Letter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Letter::Single(c) => write!(f, "{c}"),
            Letter::Compound(s) => write!(f, ":{s}:"),
        }
    }
}

/// A piece letter as defined: letter, suffix and board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceName {
    /// The letter.
    pub letter: Letter,
    /// `<s>`: the piece-group suffix.
    pub suffix: Option<Spanned<String>>,
    /// `<2>`, `<*>`, `<1;2>`: the boards (3D/4D) this definition is for.
    pub boards: Option<BoardSpec>,
    /// The whole name.
    pub span: Span,
}

/// A reference to a piece inside a piece set, a promotion rule or a condition: `+D`, `#Q`, `k`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PieceRef {
    /// `@`: a drop of this piece (only in drop rules).
    pub drop: bool,
    /// Prefixes in the order written.
    pub prefixes: Vec<Prefix>,
    /// The letter.
    pub letter: Letter,
    /// The whole reference.
    pub span: Span,
}

/// `heads=body`, or `heads` alone for the default definition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceDef {
    /// The pieces defined.
    pub head: Head,
    /// Their move; `None` for the default definition (`B` means `B=B`).
    pub body: Option<Move>,
}

/// `heads==targets`: a promotion rule, or a drop rule when the targets are drops.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PromotionDef {
    /// The pieces the rule is for.
    pub head: Head,
    /// What they promote to, or the drops that follow.
    pub targets: PromotionTargets,
}

/// The right-hand side of `==`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PromotionTargets {
    /// `{QRBN}`.
    Set(PieceSet),
    /// `QRBN`, `q`, `+D`: the short form of a set.
    List(Vec<PieceRef>),
}

/// `@name=body`: a notation macro.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MacroDef {
    /// The macro's name (with its optional suffix).
    pub name: PieceName,
    /// A comment right after the name.
    pub comment: Option<Spanned<String>>,
    /// What the name stands for.
    pub body: Move,
}

/// `O-O{set}=royal=partner`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CastlingDef {
    /// Which castling.
    pub kind: CastlingKind,
    /// An optional piece set naming the castling partners.
    pub partners: Option<PieceSet>,
    /// The royal piece's move.
    pub royal: Move,
    /// The partner's move, relative to the position after the royal piece moved.
    pub partner: Move,
}

/// The castlings MBN names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CastlingKind {
    /// `O-O`: castling to the right.
    Short,
    /// `O-O-O`: castling to the left.
    Long,
    /// `O-O-O-O`: castling forward.
    Vertical,
}

impl CastlingKind {
    /// How it is written.
    pub const fn as_str(self) -> &'static str {
        match self {
            CastlingKind::Short => "O-O",
            CastlingKind::Long => "O-O-O",
            CastlingKind::Vertical => "O-O-O-O",
        }
    }
}

/// A move expression.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    /// What kind of expression.
    pub kind: MoveKind,
    /// The whole expression.
    pub span: Span,
}

/// Move expressions, from the loosest binding to the tightest.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveKind {
    /// `A-B--C`: legs joined by chaining (`-`) or sequencing (`--`); at least two legs.
    Chain(Vec<Leg>),
    /// `A+B`, or `AB` written side by side: the piece may move as any of them; at least two.
    Combination(Vec<Move>),
    /// `[A]` or `{A}`: an optional leg, possibly repeated (`{A}0`).
    Optional(Optional),
    /// A single modified move: prefixes, ranges, modifiers and atoms.
    Partial(Box<Partial>),
}

/// One leg of a chain and how it is joined to the previous one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Leg {
    /// `None` for the first leg.
    pub link: Option<Link>,
    /// The leg.
    pub body: Move,
}

/// How a leg follows the previous one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Link {
    /// `-`: continue; directions are relative to the previous leg.
    Chain,
    /// `--`: then; directions are independent of the previous leg.
    Sequence,
}

/// `[A]` or `{A}`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Optional {
    /// Which brackets.
    pub kind: OptionalKind,
    /// The optional part.
    pub body: Box<Move>,
    /// A repetition written after the brackets (`{jy{X}F}0`).
    pub steps: Option<Spanned<Steps>>,
}

/// The two kinds of optional leg.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OptionalKind {
    /// `[A]`: the player chooses whether the leg belongs to the move.
    Choice,
    /// `{A}`: the leg belongs to the move exactly when it is not blocked.
    WhenUnblocked,
}

/// A modified move: `!#<2>/Ta1/[a1]{C}mfW[b2]`, in that order; every part but the atoms is optional.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Partial {
    /// `!`: the setup operator.
    pub setup: Option<Span>,
    /// `#`: the decision operator.
    pub decisive: Option<Span>,
    /// `<...>`: a board transition or a 3D/4D move operator.
    pub transition: Option<Transition>,
    /// `/.../`: a condition.
    pub condition: Option<Condition>,
    /// `[...]` before the move: where the move may start.
    pub origin: Option<BoardRange>,
    /// `{...}` before the modifiers: the move is possible only when the piece is attacked by these.
    pub attackers: Vec<PieceSet>,
    /// The modifiers, in the order written.
    pub modifiers: Vec<Modifier>,
    /// The atoms; several atoms side by side share the modifiers (`mPQ` is `mP+mQ`).
    pub atoms: Vec<Atom>,
    /// `[...]` after the move: where the move may end.
    pub destination: Option<BoardRange>,
    /// The whole partial move.
    pub span: Span,
}

/// A modifier prefix.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Modifier {
    /// Which modifier.
    pub kind: ModifierKind,
    /// Where it was written.
    pub span: Span,
}

/// Directional modifiers and the others.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ModifierKind {
    /// One direction letter: `f b l r v s d t z`.
    Direction(char),
    /// A doubled direction letter: `ff` (strict forward) or `tt` (no turn); `(ff)` is the same.
    Doubled(char),
    /// An amalgamated pair of different letters: `(lf)`.
    Pair(char, char),
    /// Any other modifier letter, with its decorations.
    Mode(Mode),
}

/// A non-directional modifier: `a c e g h i j k m n o p q u w x` with `cc`, `cy`, `c?`, `c{...}`...
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mode {
    /// The letter.
    pub letter: char,
    /// Written twice (`cc`).
    pub doubled: bool,
    /// Followed by `y` ("any": `cy`).
    pub any: bool,
    /// Followed by `?` (optional).
    pub optional: bool,
    /// A piece set restricting it (`c{L}`).
    pub set: Option<PieceSet>,
    /// A board range (`o[b,g]`: the connected files of a cylindrical move).
    pub range: Option<BoardRange>,
}

/// An atom with its step count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Atom {
    /// The atom.
    pub kind: AtomKind,
    /// `0`, `3`, `03`, `0*`, `*`, `#`; none for a single leap.
    pub steps: Option<Spanned<Steps>>,
    /// The whole atom including steps.
    pub span: Span,
}

/// What an atom names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AtomKind {
    /// A piece letter: a basic piece (`W`, `N`, `Q`) or a macro (`:NR:`).
    Letter(Letter),
    /// `:m,n:`: an extended leaper.
    Leaper(u32, u32),
    /// `(...)`: a group; with steps it is a complex rider, with a direction a circular rider
    /// (`(N)(rf)8`).
    Group {
        /// The grouped move.
        body: Box<Move>,
        /// The turn of a circular rider.
        circular: Option<Modifier>,
    },
}

/// The step suffix of an atom.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Steps {
    /// `0`: an unlimited rider.
    Unlimited,
    /// `λ`: a rider limited to at most λ steps.
    UpTo(u32),
    /// `0λ`: exactly λ steps (`00` is the null move).
    Exactly(u32),
    /// `0*` (also written `**`): as many steps as possible.
    Maximal,
    /// `*`: to the edge of the board.
    Edge,
    /// `#`: listed by the grammar of §17 without a meaning.
    Hash,
}

/// `<...>` before a move: a board transition, or one of the 3D/4D move operators.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Transition {
    /// `<2>`, `<+-1>`, `<<+1>>`, `<+-1;+-1>`.
    Boards(BoardSpec),
    /// `<>`, `<2d>`, `<3d>`, `<4d>`, `<3o>`.
    Operator(Spanned<MoveOperator>),
}

/// The 3D/4D move operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveOperator {
    /// `<>`: the triagonal move operator.
    Triagonal,
    /// `<2d>`.
    Diagonal2,
    /// `<3d>`.
    Triagonal3,
    /// `<4d>`: quadrogonal.
    Quadrogonal4,
    /// `<3o>`: orthogonal.
    Orthogonal3,
}

impl MoveOperator {
    /// How it is written.
    pub const fn as_str(self) -> &'static str {
        match self {
            MoveOperator::Triagonal => "<>",
            MoveOperator::Diagonal2 => "<2d>",
            MoveOperator::Triagonal3 => "<3d>",
            MoveOperator::Quadrogonal4 => "<4d>",
            MoveOperator::Orthogonal3 => "<3o>",
        }
    }
}

/// Boards of a 3D/4D game: `<1,3>`, `<*>`, `<+-1;2>`, `<<5>>`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardSpec {
    /// `<<...>>`: reflected for Black.
    pub reflected: bool,
    /// One axis (3D) or two (4D, separated by `;`).
    pub axes: Vec<BoardAxis>,
    /// The whole spec.
    pub span: Span,
}

/// One axis of a [`BoardSpec`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardAxis {
    /// `<...>` around this axis alone: reflected for Black.
    pub reflected: bool,
    /// What it says.
    pub terms: AxisTerms,
}

/// The boards named on one axis.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AxisTerms {
    /// Nothing: this axis does not change (`<;+1>`).
    Same,
    /// `*`: every board.
    Any,
    /// A comma-separated list.
    List(Vec<BoardTerm>),
}

/// A board number or a relative move along an axis.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BoardTerm {
    /// `2`: board number 2.
    Absolute(u32),
    /// `+1`, `-1`, `+-1`, `+` (any other board).
    Relative(Sign, Option<u32>),
}

/// The sign of a relative amount.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Sign {
    /// `+`.
    Plus,
    /// `-`.
    Minus,
    /// `+-`: both.
    Both,
}

impl Sign {
    /// How it is written.
    pub const fn as_str(self) -> &'static str {
        match self {
            Sign::Plus => "+",
            Sign::Minus => "-",
            Sign::Both => "+-",
        }
    }
}

/// `/{T}[a1]/`: a condition on the position.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Condition {
    /// Pieces that must be present (`T` is short for `{T}`).
    pub pieces: Option<PieceSet>,
    /// Squares that must hold them (`a1` is short for `[a1]`).
    pub squares: Option<BoardRange>,
    /// The whole condition.
    pub span: Span,
}

/// `{QRBN}`, `{^C}`, `{!Qb}`: a set of pieces.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PieceSet {
    /// `!`: the colour form: upper case means friendly, lower case enemy.
    pub by_colour: bool,
    /// `^`: every piece except the members.
    pub complement: bool,
    /// The members.
    pub members: Vec<PieceRef>,
    /// Also the variant's royal pieces, whatever their letters: XBetza's `k` and `t` (capture a
    /// royal piece only, or anything else; docs/SEMANTICS.md X34, X35). MBN has no spelling for it;
    /// it prints as `{(royal)}`, and is resolved against the variant's `royal` letters.
    pub royal: bool,
    /// The whole set.
    pub span: Span,
}

/// `[a-c1,#]`: a set of squares.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BoardRange {
    /// `^`: every square except those listed.
    pub complement: bool,
    /// The union of these.
    pub items: Vec<RangeItem>,
    /// The whole range.
    pub span: Span,
}

/// One comma-separated part of a [`BoardRange`].
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RangeItem {
    /// `#`, `.`, `+`, `*`, `:`.
    Special(SpecialRange),
    /// Files and/or ranks, optionally 3D levels and 4D rows, optionally an iterator.
    Area(Area),
}

/// Named square sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SpecialRange {
    /// `#`: edge squares.
    Edge,
    /// `.`: inner squares.
    Inner,
    /// `+`: threatened squares.
    Threatened,
    /// `*`: unthreatened squares.
    Unthreatened,
    /// `:`: squares holding unmoved pieces.
    Unmoved,
}

impl SpecialRange {
    /// How it is written.
    pub const fn as_char(self) -> char {
        match self {
            SpecialRange::Edge => '#',
            SpecialRange::Inner => '.',
            SpecialRange::Threatened => '+',
            SpecialRange::Unthreatened => '*',
            SpecialRange::Unmoved => ':',
        }
    }
}

/// `f-h6-8`, `a`, `1-4`, `a2(+-2,+-2)`, `a1B`: a rectangle of squares.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Area {
    /// Files, 0 = `a`; `None` for every file.
    pub files: Option<(u8, u8)>,
    /// Ranks, 1-based as written; `None` for every rank.
    pub ranks: Option<(u32, u32)>,
    /// 3D levels `A`-`H`.
    pub levels: Option<(char, char)>,
    /// 4D rows `1`-`8` (after a level).
    pub rows: Option<(u8, u8)>,
    /// `(+-2,+-2)`: repeat the area by these file and rank steps.
    pub iterator: Option<[Iteration; 2]>,
}

/// One coordinate of an iterator: `+2`, `-1`, `+-2`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Iteration {
    /// The direction(s).
    pub sign: Sign,
    /// The step.
    pub step: u32,
}
