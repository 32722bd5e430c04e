//! Expansion: AST -> AST, resolving piece letters. Macros are dissolved, basic pieces replaced by
//! their definitions, default definitions filled in. After expansion no [`AtomKind::Letter`]
//! remains in a move: every atom is a [`AtomKind::Leaper`] or a [`AtomKind::Group`]. Piece sets and
//! board ranges are left as written.
//!
//! # Rules
//!
//! **Basic leapers.** `O` (0,0), `W` (0,1), `F` (1,1), `D` (0,2), `N` (1,2), `A` (2,2), `H` (0,3),
//! `C` (1,3), `Z` (2,3) and `T` (3,3) become the leaper `:m,n:`, keeping the atom's step count;
//! the old letters `G`, `J` and `L` are `T`, `Z` and `C`. `mfN3` expands to `mf:1,2:3`.
//!
//! **Other basic pieces** are defined by MBN text (§12, §14): `B` = `F0`, `R` = `W0`, `Q` = `RB`,
//! `K` = `WF`, `E` = `RN`, `I` = `BN`, `V` = `BN`, `M` = `RN`, `P` = `mfW+cefF+[1-2]mefW02`,
//! `S` = `mfF+cefW+[1-2]mefF02`, `U` = `g(WF)0`, `X` = `(!dcy{^P}OK)0*`, `Y` = `F-[(zF)0]`. A
//! letter atom standing for such a text becomes a group holding the expanded text, with the
//! atom's step count: `R4` is `(W0)4`, printed `(:0,1:0)4` (a plain Rook, as §18 says), and `B`
//! alone is `(:1,1:0)` (grouping is transparent). Every node produced for a letter carries the
//! span of the letter as written, so that later errors point at the user's text. Two entries of
//! the seed's table are fixed: `M` (Marshall) is printed `WF` but the seed's own note says
//! Marshall = Empress = Chancellor, so `M` = `RN`; the Berolina pawn `S` is printed
//! `mfsF+cefW+[1-2]mefF02`, where `fs` would be the union `fF+sF` (all four diagonals) by MBN's
//! own rule for combined direction letters, while a Berolina pawn moves diagonally forward, so
//! `S` = `mfF+cefW+[1-2]mefF02`. [`basic_piece`] gives the text of every letter.
//!
//! **Macros.** `@X=...`, `@:NR:=...` (and `@R<s>=...`) define notation macros. The definitions may
//! come in any order: a macro may be used before it is defined. A single-letter macro overrides
//! the basic piece of that letter everywhere except inside its own body, where the letter still
//! means the basic piece: in `I Z=QI @I=N0` both `I` and `Z` use the Nightrider, and `@B=BW B +B`
//! gives `B` = `+B` = `F0` + `W`. Macros may use macros (`@:NR:=N0 @Z=Q:NR:`). A macro used in a
//! move becomes a group, like a basic piece defined by text, every node of which carries the span
//! of the letter that used the macro (not of the macro's definition). A cycle (`@A=B @B=A`,
//! `@:X:=:Y: @:Y:=:X:`) is an error naming the cycle from its first member in sorted order
//! (`macro cycle: @A -> @B -> @A`), labelled at each member's definition. A compound letter in a
//! move must be a macro: `Q+:NR:` without `@:NR:=...` is an error. A second definition of a macro
//! is an error labelled "first defined here" (the first one counts; errors in the body of the
//! second are reported too). Piece sets and board ranges are not expanded:
//! `@C=(dWF)03 C=mC+c{C}C` keeps `{C}`. The size of an expansion is bounded: a move or macro body
//! of more than [`MAX_ATOMS`] atoms or more than [`MAX_NESTING`] levels of brackets, or a notation
//! of more than [`MAX_TOTAL_ATOMS`] atoms in all, is an error naming the macro that grew too
//! large (`@A=BB @B=CC ...`, doubling at each level), never a hang or a stack overflow.
//!
//! A suffixed macro such as `@R<s>=lR` cannot be written in a move (atoms take no suffix); it is
//! the default move of the piece `R<s>` (see below), and in its body `R` means the macro `@R` if
//! there is one, else the basic Rook.
//!
//! **Default definitions.** A piece definition without a body (`B`, `+B`, `#Q`, `I|Nightrider|`)
//! moves like its letter, resolved like an atom, so macros apply: `@B=BW B` gives `B` = `F0` + `W`.
//! Prefixed pieces and side-movers move like the unprefixed letter (`Q #Q`: `#Q` = `Q`; `+B` =
//! `B`; `'P` = `P`, rotated by a later stage), suffixed ones like the macro of the same suffix if
//! there is one (`@R<s>=fR R<s>`) else like the letter, and a lower-case letter like its
//! upper-case one (`p` is the black piece moving like the basic Pawn, or like `@P` if defined).
//! The default body is a single atom written at the piece's name: `B` prints `(:1,1:0)`, `N`
//! prints `:1,2:`. A compound letter has no predefined move: `:BM:` alone is an error
//! (`compound letters have no predefined move: write :BM:=...`) unless a macro `@:BM:=...`
//! gives it one. A precondition `?X` has no default and needs a body. A cancellation `!X` (or
//! `!PS`) without a body has no move at all: its body is `None` and it is not a default. Several
//! letters without a body (`PS`) are an error: a definition of several pieces needs `=` and a
//! move. `PS=mfWcfF` yields one piece for each letter, with the same body.
//!
//! **Duplicates.** Two definitions of the same piece (same side-mover mark, prefixes, letter —
//! compound letters compare upper-cased —, suffix, boards and announcement) are an error labelled
//! "first defined here": `B B=F0` is an error, `+G +G/DragonResurrection/` is not. Promotion rules
//! are not piece definitions: `+Q==q +Q=Q` defines both a promotion and a move.
//!
//! **Castlings** (`O-O=royal=partner`) have both moves expanded like piece bodies; their partner
//! sets are kept. Promotion and drop rules, and the macros themselves, are kept as written.
//!
//! **Diagnostics** carry spans of the original text and are all collected: one wrong definition
//! does not hide the next.

mod basic;
mod macros;
mod walk;

pub use basic::{basic_leaper, basic_piece};

use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::syntax::ast::*;
use macros::Expander;
use std::collections::HashMap;

/// The most atoms a single expanded move (or macro body) may hold.
pub const MAX_ATOMS: usize = 100_000;
/// The most atoms a whole notation may expand to.
pub const MAX_TOTAL_ATOMS: usize = 1_000_000;
/// The deepest nesting of brackets (groups and optional legs) in an expanded move.
pub const MAX_NESTING: usize = 128;

/// A notation with its letters resolved.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Expanded {
    /// One entry per piece letter of every piece definition, in the order written.
    pub pieces: Vec<ExpandedPiece>,
    /// Promotion and drop rules, as written.
    pub promotions: Vec<PromotionDef>,
    /// Castlings, with their royal and partner moves expanded.
    pub castlings: Vec<CastlingDef>,
    /// The macro definitions, as written.
    pub macros: Vec<MacroDef>,
}

/// The definition of one piece, its move expanded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExpandedPiece {
    /// `'`: a side-mover.
    pub side_mover: bool,
    /// The prefixes, in the order written.
    pub prefixes: Vec<Prefix>,
    /// The piece: letter, suffix and boards.
    pub name: PieceName,
    /// `/Name/`: the announcement under which the definition applies.
    pub announcement: Option<String>,
    /// `|Bishop|`: the comment naming the piece.
    pub display_name: Option<String>,
    /// The expanded move; `None` only for a cancellation (`!+G`).
    pub body: Option<Move>,
    /// Was the move filled in from the piece's letter (`B`, `+B`) rather than written?
    pub is_default: bool,
    /// The whole definition.
    pub span: Span,
}

impl ExpandedPiece {
    /// The piece as written in a head: `'+R<s>/Name/`.
    pub fn label(&self) -> String {
        let prefixes: String = self.prefixes.iter().map(|p| p.as_char()).collect();
        let mut s = format!("{}{prefixes}{}", if self.side_mover { "'" } else { "" }, self.name);
        if let Some(a) = &self.announcement {
            s.push_str(&format!("/{a}/"));
        }
        s
    }
}

/// Expands every definition of `notation`: see the [module documentation](self) for the rules.
pub fn expand(notation: &Notation) -> Result<Expanded, Vec<Diagnostic>> {
    let macros = notation.items.iter().filter_map(|item| match &item.kind {
        ItemKind::Macro(m) => Some(m),
        _ => None,
    });
    let mut ex = Expander::new(macros);
    ex.resolve_all();
    let mut out = Expanded::default();
    for item in &notation.items {
        match &item.kind {
            ItemKind::Piece(def) => piece_def(&mut ex, def, item.span, &mut out.pieces),
            ItemKind::Promotion(p) => out.promotions.push(p.clone()),
            ItemKind::Macro(m) => out.macros.push(m.clone()),
            ItemKind::Castling(c) => out.castlings.push(castling(&mut ex, c)),
        }
    }
    check_duplicates(&out.pieces, &mut ex.diags);
    ex.diags.finish(out)
}

/// Expands a standalone move with `macros` (none, or those of a notation): `expand_move(B4, [])`
/// is `(:1,1:0)4`.
pub fn expand_move(m: &Move, macros: &[MacroDef]) -> Result<Move, Vec<Diagnostic>> {
    let mut ex = Expander::new(macros);
    let body = ex.expand_body(m, || "the move".to_string());
    ex.diags.finish(body)
}

fn castling(ex: &mut Expander<'_>, c: &CastlingDef) -> CastlingDef {
    let kind = c.kind.as_str();
    CastlingDef {
        kind: c.kind,
        partners: c.partners.clone(),
        royal: ex.expand_body(&c.royal, || format!("the royal move of `{kind}`")),
        partner: ex.expand_body(&c.partner, || format!("the partner's move of `{kind}`")),
    }
}

/// `'+PS/Name/`: the head without its comment, for messages.
fn head_label(head: &Head) -> String {
    let mut s = String::new();
    if head.side_mover {
        s.push('\'');
    }
    s.extend(head.prefixes.iter().map(|p| p.value.as_char()));
    s.extend(head.pieces.iter().map(ToString::to_string));
    if let Some(a) = &head.announcement {
        s.push_str(&format!("/{}/", a.value));
    }
    s
}

/// Expands one piece definition into one [`ExpandedPiece`] per letter.
fn piece_def(ex: &mut Expander<'_>, def: &PieceDef, span: Span, out: &mut Vec<ExpandedPiece>) {
    let head = &def.head;
    let has = |p: Prefix| head.prefixes.iter().any(|x| x.value == p);
    let label = head_label(head);
    let bodies: Vec<Option<Move>> = match &def.body {
        Some(body) => {
            let m = ex.expand_body(body, || format!("the move of `{label}`"));
            let atoms = count_atoms(&m);
            for _ in 1..head.pieces.len() {
                ex.charge(atoms, head.span);
            }
            vec![Some(m); head.pieces.len()]
        }
        None if has(Prefix::Cancel) => vec![None; head.pieces.len()],
        None => match default_body(ex, head, &label) {
            Some(m) => vec![Some(m)],
            None => return,
        },
    };
    let is_default = def.body.is_none() && !has(Prefix::Cancel);
    for (name, body) in head.pieces.iter().zip(bodies) {
        out.push(ExpandedPiece {
            side_mover: head.side_mover,
            prefixes: head.prefixes.iter().map(|p| p.value).collect(),
            name: name.clone(),
            announcement: head.announcement.as_ref().map(|a| a.value.clone()),
            display_name: head.name.as_ref().map(|n| n.value.clone()),
            body,
            is_default,
            span,
        });
    }
}

/// The default move of a head without a body, or `None` after reporting why it has none.
fn default_body(ex: &mut Expander<'_>, head: &Head, label: &str) -> Option<Move> {
    if head.pieces.len() > 1 {
        let first = &head.pieces[0].letter;
        let help = match first {
            // `NN`: XBetza's Nightrider, a list of two pieces here.
            Letter::Single(c) if c.is_ascii_uppercase() && head.pieces.iter().all(|p| p.letter == *first) => format!(
                "in a definition list `{label}` names {} pieces; the XBetza rider `{label}` is `{c}0` in MBN (`{c}={c}0`)",
                head.pieces.len()
            ),
            _ => format!("write `{label}=...`, or define each piece on its own"),
        };
        let d = Diagnostic::new(head.span, "a definition of several pieces needs `=` and a move").with_help(help);
        ex.diags.push(d);
        return None;
    }
    let name = head.pieces.first()?;
    if head.prefixes.iter().any(|p| p.value == Prefix::Precondition) {
        let d = Diagnostic::new(head.span, "a precondition rule has no default move")
            .with_help(format!("write `{label}=...` with the move that must be possible"));
        ex.diags.push(d);
        return None;
    }
    let body = ex.default_body(name);
    if body.is_none() {
        let letter = &name.letter;
        let d = Diagnostic::new(name.span, format!("compound letters have no predefined move: write `{label}=...`"))
            .with_help(format!("give `{letter}` a move, or define a macro `@{letter}=...`"));
        ex.diags.push(d);
    }
    body
}

/// The identity of a piece definition, for duplicates.
#[derive(PartialEq, Eq, Hash)]
struct PieceKey {
    side_mover: bool,
    prefixes: Vec<Prefix>,
    letter: Letter,
    suffix: Option<String>,
    boards: Option<String>,
    announcement: Option<String>,
}

impl PieceKey {
    fn of(p: &ExpandedPiece) -> Self {
        PieceKey {
            side_mover: p.side_mover,
            prefixes: p.prefixes.clone(),
            letter: p.name.letter.key(),
            suffix: p.name.suffix.as_ref().map(|s| s.value.clone()),
            boards: p.name.boards.as_ref().map(ToString::to_string),
            announcement: p.announcement.clone(),
        }
    }
}

/// Reports every piece defined twice, labelling its first definition.
fn check_duplicates(pieces: &[ExpandedPiece], diags: &mut Diagnostics) {
    let mut first: HashMap<PieceKey, Span> = HashMap::new();
    for p in pieces {
        match first.get(&PieceKey::of(p)) {
            Some(&at) => diags.push(
                Diagnostic::new(p.name.span, format!("duplicate definition of `{}`", p.label()))
                    .with_label(at, "first defined here"),
            ),
            None => {
                first.insert(PieceKey::of(p), p.name.span);
            }
        }
    }
}

/// How many atoms `m` holds, at every depth.
fn count_atoms(m: &Move) -> usize {
    match &m.kind {
        MoveKind::Chain(legs) => legs.iter().map(|l| count_atoms(&l.body)).sum(),
        MoveKind::Combination(parts) => parts.iter().map(count_atoms).sum(),
        MoveKind::Optional(o) => count_atoms(&o.body),
        MoveKind::Partial(p) => p
            .atoms
            .iter()
            .map(|a| match &a.kind {
                AtomKind::Group { body, .. } => 1 + count_atoms(body),
                _ => 1,
            })
            .sum(),
    }
}
