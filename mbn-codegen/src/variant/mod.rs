//! Variants: a board, a start position, pieces in MBN and the rules MBN leaves to the board rules.
//!
//! A [`VariantSpec`] is what a variant file says (see `docs/VARIANTS.md`); [`Variant::compile`]
//! turns it into a piece table for the runtime and the IR of every piece, ready for the
//! interpreter ([`crate::interp`]) or the code generator. Errors carry byte spans into the MBN text
//! of the spec's `pieces` (or name the field), so a file loader can point at `file:line:col`.

use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::expand::ExpandedPiece;
use crate::ir::MoveSet;
use crate::syntax::ast::{self, BoardRange, CastlingKind, Letter, Prefix, PromotionTargets, Span};
use crate::syntax::xbetza::imitator::XImitation;
use mbn_runtime::drops::DropLimits;
use mbn_runtime::{Bb256, Color, FenOptions, Geometry, Piece, PieceInfo, PieceKind, PieceTable, Position};
use std::sync::Arc;

mod attribute;
pub mod file;
mod region;

pub use file::{FileError, VariantFile};

/// What a variant file says, before compilation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantSpec {
    /// Its name (`chess`).
    pub name: String,
    /// Number of files.
    pub files: u8,
    /// Number of ranks.
    pub ranks: u8,
    /// The start position in FEN.
    pub start_fen: String,
    /// The pieces as one MBN definition list: one single-letter piece per FEN letter, names in
    /// comments (`K|King|`), promotions (`+P==QRBN`), castling (`O-O=...`).
    pub pieces: String,
    /// Letters of the royal pieces: they may not be left attacked.
    pub royal: String,
    /// Letters of the pieces that can be castling partners (the Rook): castling rights in the FEN
    /// name their squares.
    pub castling_partners: String,
    /// Where pieces with a promotion rule promote: an MBN board range, White's view (`[8]`).
    pub promotion_zone: Option<String>,
    /// Whether promotion is compulsory on entering the zone (otherwise optional).
    pub promotion_mandatory: bool,
    /// Whether pieces can be dropped from hand.
    pub drops: bool,
    /// Whether captured pieces go to the capturer's hand (crazyhouse, shogi).
    pub captures_to_hand: bool,
    /// Whether no move or drop may leave a piece where it could never move again (shogi): such a
    /// move must promote, such a drop is not allowed.
    pub immobility_illegal: bool,
    /// Letters of the pieces that may not be dropped on a file holding one of their own kind and
    /// side (shogi's Pawn).
    pub drop_no_doubled: String,
    /// Letters of the pieces whose drop may not checkmate (shogi's Pawn).
    pub drop_mate_illegal: String,
    /// Janggi's bikjang rule: while the royal pieces face each other, a pass is legal even in
    /// check and every other move must end the facing (docs/SEMANTICS.md, V8).
    pub bikjang: bool,
    /// Pieces whose move is written in XBetza (a variant file's `[xbetza]` table): each replaces
    /// the letter's MBN move (docs/VARIANTS.md).
    pub xbetza: Vec<(char, String)>,
    /// Mobility regions (a variant file's `[regions]` table): where each listed piece may go, an
    /// MBN board range in White's view, Black's mirrored (docs/SEMANTICS.md V9).
    pub regions: Vec<(char, String)>,
}

impl VariantSpec {
    /// A spec with the usual defaults: no promotion zone, compulsory promotion, no drops.
    pub fn new(name: &str, files: u8, ranks: u8, start_fen: &str, pieces: &str) -> Self {
        VariantSpec {
            name: name.to_string(),
            files,
            ranks,
            start_fen: start_fen.to_string(),
            pieces: pieces.to_string(),
            royal: String::new(),
            castling_partners: String::new(),
            promotion_zone: None,
            promotion_mandatory: true,
            drops: false,
            captures_to_hand: false,
            immobility_illegal: false,
            drop_no_doubled: String::new(),
            drop_mate_illegal: String::new(),
            bikjang: false,
            xbetza: Vec::new(),
            regions: Vec::new(),
        }
    }
}

/// A compiled variant.
#[derive(Clone, Debug)]
pub struct Variant {
    /// The spec it was compiled from.
    pub spec: VariantSpec,
    /// The board.
    pub geometry: Geometry,
    /// The piece kinds, in the order of the `pieces` definitions.
    pub table: Arc<PieceTable>,
    /// The moves of each kind, indexed by [`PieceKind`]: White's, then Black's (a lowercase
    /// definition gives Black a move of its own).
    pub moves: Vec<[MoveSet; 2]>,
    /// The promotion rule of each kind, indexed by [`PieceKind`].
    pub promotions: Vec<Option<Promotion>>,
    /// The castlings, each with the royal's and the partner's move.
    pub castlings: Vec<Castling>,
    /// The promotion zone.
    pub promotion_zone: Option<BoardRange>,
    /// How each kind is dropped, indexed by [`PieceKind`] (all default without drops).
    pub drop_rules: Vec<DropRule>,
    /// Each kind's mobility region, indexed by [`PieceKind`] (V9): its moves and drops end there.
    pub regions: Vec<Option<BoardRange>>,
    /// Each kind's XBetza `I` parts, indexed by [`PieceKind`] (X62): empty for a kind that is no
    /// Imitator.
    pub imitations: Vec<Vec<XImitation>>,
}

/// Where and how one kind is dropped (docs/SEMANTICS.md V6, X31): `drop-no-doubled` and a
/// piece's XBetza `@`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DropRule {
    /// The ranks it may be dropped on, counted from the side's own back rank (0-based,
    /// inclusive, none when the first is past the last; Black's mirrored); `None`: every rank.
    pub ranks: Option<(u8, u8)>,
    /// How many of its own kind may stand on the file, colour or board.
    pub limits: DropLimits,
}

/// Where and to what a piece promotes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Promotion {
    /// The kinds it may become.
    pub targets: Vec<PieceKind>,
}

/// One castling rule (`O-O=royal=partner`).
#[derive(Clone, Debug)]
pub struct Castling {
    /// Which castling.
    pub kind: CastlingKind,
    /// The royal piece's move.
    pub royal: MoveSet,
    /// The partner's move, made after the royal piece's.
    pub partner: MoveSet,
    /// XBetza's `O` (X30): the partner lands only on the square beside the royal piece's
    /// destination, on the side the royal piece came from.
    pub beside: bool,
    /// XBetza's `jO` (X61): the partner is not the piece holding the castling right but the one
    /// beside it, toward the royal piece.
    pub next_closer: bool,
    /// `O-O{C}=…` (seed 000 §13): the partners it castles with, when written (M87).
    pub partners: Option<ast::PieceSet>,
}

/// The predefined castling of MBN §13, used when the pieces define none.
pub const DEFAULT_CASTLING: &str = "O-O=[*]isR[g]=isR[f] O-O-O=[*]isR[c]=isR[d]";

/// Which field of a [`VariantSpec`] a diagnostic is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Field {
    /// `name`.
    Name,
    /// `board` (as the text `FILESxRANKS`).
    Board,
    /// `start`, the start position's FEN.
    Start,
    /// `pieces`, the MBN text.
    Pieces,
    /// `royal`.
    Royal,
    /// `castling-partners`.
    CastlingPartners,
    /// `promotion-zone`.
    PromotionZone,
    /// `drop-no-doubled`.
    DropNoDoubled,
    /// `drop-mate-illegal`.
    DropMateIllegal,
    /// The piece's XBetza move in the `[xbetza]` table.
    XBetza(char),
    /// The piece's mobility region in the `[regions]` table.
    Region(char),
}

impl Field {
    /// The field's key in a variant file (`castling-partners`).
    pub fn key(self) -> &'static str {
        match self {
            Field::Name => "name",
            Field::Board => "board",
            Field::Start => "start",
            Field::Pieces => "pieces",
            Field::Royal => "royal",
            Field::CastlingPartners => "castling-partners",
            Field::PromotionZone => "promotion-zone",
            Field::DropNoDoubled => "drop-no-doubled",
            Field::DropMateIllegal => "drop-mate-illegal",
            Field::XBetza(_) => "xbetza",
            Field::Region(_) => "regions",
        }
    }
}

/// A diagnostic about one field of a spec: its span is a byte range of that field's text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldDiagnostic {
    /// The field.
    pub field: Field,
    /// What is wrong, with a span into the field's text.
    pub diagnostic: Diagnostic,
}

impl Variant {
    /// Compiles a spec: the pieces' MBN, the piece table, promotions and castlings.
    ///
    /// Diagnostics about the `pieces` carry byte spans into that text; those about another field
    /// (the board, the royal letters, the promotion zone) have the empty span `0..0` and name the
    /// field in their message. [`Variant::compile_fields`] says which field each one is about.
    pub fn compile(spec: &VariantSpec) -> Result<Variant, Vec<Diagnostic>> {
        Variant::compile_fields(spec).map_err(|list| {
            list.into_iter()
                .map(|d| match d.field {
                    Field::Pieces => d.diagnostic,
                    _ => Diagnostic { span: Span::new(0, 0), ..d.diagnostic },
                })
                .collect()
        })
    }

    /// Like [`Variant::compile`], but each diagnostic says which field of the spec it is about and
    /// its span is a byte range of that field's text, so a file loader can point at it.
    pub fn compile_fields(spec: &VariantSpec) -> Result<Variant, Vec<FieldDiagnostic>> {
        let pieces = |list: Vec<Diagnostic>| -> Vec<FieldDiagnostic> {
            list.into_iter().map(|diagnostic| FieldDiagnostic { field: Field::Pieces, diagnostic }).collect()
        };
        let mut diagnostics = Diagnostics::new();
        let mut other: Vec<FieldDiagnostic> = Vec::new();
        let at = |field: Field, span: Span, message: String| FieldDiagnostic {
            field,
            diagnostic: Diagnostic::new(span, message),
        };
        let geometry = match Geometry::new(spec.files, spec.ranks) {
            Ok(g) => g,
            Err(e) => {
                let text_len = format!("{}x{}", spec.files, spec.ranks).len();
                return Err(vec![at(
                    Field::Board,
                    Span::new(0, text_len),
                    format!("board {}x{}: {e}", spec.files, spec.ranks),
                )]);
            }
        };
        let parsed = crate::syntax::parse_notation(&spec.pieces).map_err(pieces)?;
        let expanded = crate::expand::expand(&parsed).map_err(pieces)?;

        // Piece kinds: every plain single-letter upper-case definition, in order, then every
        // promoted one (`+P=WfF`, whose kind demotes to `P` when captured into a hand).
        let mut table = PieceTable::new();
        let mut kinds: Vec<(bool, char, &ExpandedPiece)> = Vec::new();
        for piece in &expanded.pieces {
            match (&piece.name.letter, piece.prefixes.as_slice(), piece.side_mover) {
                (Letter::Single(c), [], false) if c.is_ascii_uppercase() => {
                    let info = PieceInfo {
                        royal: spec.royal.contains(*c),
                        castling_partner: spec.castling_partners.contains(*c),
                        ..PieceInfo::new(piece.display_name.as_deref().unwrap_or(""), *c)
                    };
                    match table.add(info) {
                        Ok(_) => kinds.push((false, *c, piece)),
                        Err(e) => diagnostics.error(piece.span, format!("piece `{c}`: {e}")),
                    }
                }
                (Letter::Single(c), [], false) if c.is_ascii_lowercase() => {}
                // Promoted pieces with moves of their own; `+P` alone is a promotion rule.
                (Letter::Single(_), [Prefix::Promoted], false) if !piece.is_default => {}
                _ => diagnostics.push(
                    Diagnostic::new(piece.span, format!("`{}`: variants run single-letter pieces only", piece.label()))
                        .with_help("prefixed, side-moving and compound-letter pieces parse, but the runtime has no FEN letter for them"),
                ),
            }
        }
        for piece in &expanded.pieces {
            let (Letter::Single(c), [Prefix::Promoted], false, false) =
                (&piece.name.letter, piece.prefixes.as_slice(), piece.side_mover, piece.is_default)
            else {
                continue;
            };
            if !c.is_ascii_uppercase() {
                continue;
            }
            let Some(base) = kinds.iter().position(|(plus, k, _)| !plus && k == c) else {
                diagnostics.error(piece.span, format!("`+{c}` is defined, but `{c}` is not a piece of this variant"));
                continue;
            };
            let info = PieceInfo {
                plus: true,
                promoted_from: Some(PieceKind(base as u8)),
                ..PieceInfo::new(piece.display_name.as_deref().unwrap_or(""), *c)
            };
            match table.add(info) {
                Ok(_) => kinds.push((true, *c, piece)),
                Err(e) => diagnostics.error(piece.span, format!("piece `+{c}`: {e}")),
            }
        }
        for (field, text) in [
            (Field::Royal, &spec.royal),
            (Field::CastlingPartners, &spec.castling_partners),
            (Field::DropNoDoubled, &spec.drop_no_doubled),
            (Field::DropMateIllegal, &spec.drop_mate_illegal),
        ] {
            for (i, c) in text.char_indices() {
                if !kinds.iter().any(|(plus, k, _)| !plus && *k == c) {
                    let span = Span::new(i, i + c.len_utf8());
                    let defined: Vec<String> =
                        kinds.iter().filter(|(plus, _, _)| !plus).map(|(_, k, _)| k.to_string()).collect();
                    let message = format!(
                        "`{c}` is named in `{}` but is not a piece of `pieces` (its pieces are {})",
                        field.key(),
                        defined.join(" ")
                    );
                    other.push(at(field, span, message));
                }
            }
        }
        let kind_of = |c: char| kinds.iter().position(|(plus, k, _)| !plus && *k == c).map(|i| PieceKind(i as u8));

        // Moves: each kind's definition; a lowercase definition is Black's own.
        let mut moves = Vec::new();
        for (plus, c, piece) in &kinds {
            let white = lower_piece(piece, &mut diagnostics);
            let black_piece = expanded.pieces.iter().find(|p| {
                p.prefixes == if *plus { &[Prefix::Promoted][..] } else { &[] }
                    && !p.is_default
                    && p.name.letter == Letter::Single(c.to_ascii_lowercase())
            });
            let black = match black_piece {
                Some(p) => lower_piece(p, &mut diagnostics),
                None => white.clone(),
            };
            moves.push([white, black]);
        }
        // `[xbetza]`: pieces whose move is written in XBetza replace their MBN move; their `O`
        // and `@` become castlings and drop rules (X30, X31).
        let mut xbetza_castlings = Vec::new();
        let mut xbetza_drops = Vec::new();
        let mut imitations = vec![Vec::new(); kinds.len()];
        let start = start_position(spec, &table, geometry);
        for (c, text) in &spec.xbetza {
            let field = Field::XBetza(*c);
            // `ii` (X57): each colour's moves start from its own start squares.
            let origins = kind_of(*c).zip(start.as_ref()).map(|(k, pos)| Color::ALL.map(|s| start_squares(pos, k, s)));
            let compile = |side: usize| {
                crate::syntax::xbetza::compile_piece_from(text, origins.as_ref().map(|o: &[BoardRange; 2]| &o[side]))
            };
            match (kind_of(*c), compile(0)) {
                (Some(kind), Ok(piece)) => {
                    let black = match (&origins, piece.moves.moves.iter().any(has_origin)) {
                        (Some([white, black]), true) if white != black => match compile(1) {
                            Ok(p) => p.moves,
                            Err(list) => {
                                other.extend(list.into_iter().map(|diagnostic| FieldDiagnostic { field, diagnostic }));
                                piece.moves.clone()
                            }
                        },
                        _ => piece.moves.clone(),
                    };
                    moves[kind.0 as usize] = [piece.moves, black];
                    let mut refuse = |span: Span, message: String, help: &str| {
                        let diagnostic = Diagnostic::new(span, message).with_help(help.to_string());
                        other.push(FieldDiagnostic { field, diagnostic })
                    };
                    if let Some(first) = piece.castlings.first() {
                        let royals = kinds.iter().filter(|(plus, k, _)| !plus && spec.royal.contains(*k)).count();
                        if !spec.royal.contains(*c) {
                            refuse(
                                first.span,
                                format!("`{c}` castles (`O`), but it is not royal"),
                                "mbn castles the royal pieces (`royal`) with their partners",
                            );
                        } else if spec.castling_partners.is_empty() {
                            refuse(
                                first.span,
                                format!("`{c}` castles (`O`), but the variant has no castling partners"),
                                "name the pieces it castles with: `castling-partners = \"R\"`",
                            );
                        } else if royals > 1 {
                            refuse(
                                first.span,
                                format!("`{c}` castles (`O`), but the variant has {royals} royal kinds"),
                                "mbn's castling moves every royal piece alike: `O` is read with one royal kind",
                            );
                        } else {
                            xbetza_castlings.extend(piece.castlings);
                        }
                    }
                    imitations[kind.0 as usize].clone_from(&piece.imitations);
                    if let Some(drop) = piece.drop {
                        if spec.drops {
                            xbetza_drops.push((kind, drop));
                        } else {
                            refuse(
                                drop.span,
                                format!("`{c}` is dropped (`@`), but the variant has no drops"),
                                "set `drops = true` (and `captures-to-hand = true` to fill the hands)",
                            );
                        }
                    }
                }
                (None, _) => other.push(at(
                    field,
                    Span::new(0, text.len()),
                    format!("`{c}` has an XBetza move but is not a piece of `pieces`"),
                )),
                (_, Err(list)) => {
                    other.extend(list.into_iter().map(|diagnostic| FieldDiagnostic { field, diagnostic }))
                }
            }
        }

        // `[regions]` (V9): each move of the piece ends in its region (its XBetza move too).
        let mut regions = vec![None; kinds.len()];
        for (c, text) in &spec.regions {
            let field = Field::Region(*c);
            let Some(kind) = kind_of(*c) else {
                let message = format!("`{c}` has a region but is not a piece of `pieces`");
                other.push(at(field, Span::new(0, text.len()), message));
                continue;
            };
            match region::parse(text) {
                Ok(range) => {
                    let [white, black] = &mut moves[kind.0 as usize];
                    let bounded = region::bound(white, &range, &spec.royal);
                    if let Err(what) = bounded.and(region::bound(black, &range, &spec.royal)) {
                        let message = format!("`{c}` has a region, but {what} cannot be bounded by one");
                        other.push(at(field, Span::new(0, text.len()), message));
                    }
                    regions[kind.0 as usize] = Some(range);
                }
                Err(diagnostic) => other.push(FieldDiagnostic { field, diagnostic }),
            }
        }

        // Promotions: `+P==QRBN`, or `+P` alone (any non-royal other piece).
        let mut promotions = vec![None; kinds.len()];
        for rule in &expanded.promotions {
            let ast::PromotionDef { head, targets } = rule;
            for name in &head.pieces {
                let Letter::Single(c) = name.letter else { continue };
                let Some(kind) = kind_of(c) else {
                    diagnostics.error(name.span, format!("promotion of `{c}`, which is not a piece of this variant"));
                    continue;
                };
                let members: Vec<&ast::PieceRef> = match targets {
                    PromotionTargets::Set(set) => set.members.iter().collect(),
                    PromotionTargets::List(list) => list.iter().collect(),
                };
                let mut list = Vec::new();
                for m in members {
                    match (&m.letter, m.prefixes.is_empty(), m.drop) {
                        (Letter::Single(t), true, false) if kind_of(*t).is_some() => {
                            list.push(kind_of(*t).expect("checked"))
                        }
                        _ => diagnostics.error(m.span, format!("`{m}` is not a piece of this variant")),
                    }
                }
                promotions[kind.0 as usize] = Some(Promotion { targets: list });
            }
        }
        for piece in &expanded.pieces {
            // `+P` without `==`: the default promotion to any other non-royal piece.
            if let (Letter::Single(c), [Prefix::Promoted], true) =
                (&piece.name.letter, piece.prefixes.as_slice(), piece.is_default)
            {
                if let Some(kind) = kind_of(*c) {
                    let targets = kinds
                        .iter()
                        .enumerate()
                        .filter(|(i, (plus, k, _))| *i != kind.0 as usize && !plus && !spec.royal.contains(*k))
                        .map(|(i, _)| PieceKind(i as u8))
                        .collect();
                    promotions[kind.0 as usize] = Some(Promotion { targets });
                }
            }
        }
        // MBN §2: when both `P` and `+P` are defined, `P` promotes to `+P`.
        for (i, (plus, c, _)) in kinds.iter().enumerate() {
            if let (true, Some(base)) = (*plus, kind_of(*c)) {
                let slot = &mut promotions[base.0 as usize];
                if slot.is_none() {
                    *slot = Some(Promotion { targets: vec![PieceKind(i as u8)] });
                }
            }
        }
        let promotion_zone = match &spec.promotion_zone {
            None => None,
            Some(text) => match crate::syntax::parse_move(&format!("{text}O")) {
                Ok(ast::Move { kind: ast::MoveKind::Partial(p), .. }) if p.origin.is_some() => p.origin.clone(),
                _ => {
                    let message = format!("promotion zone `{text}` is not an MBN board range such as `[8]`");
                    other.push(at(Field::PromotionZone, Span::new(0, text.len()), message));
                    None
                }
            },
        };
        if spec.promotion_zone.is_none() {
            // Point at the first promotion rule.
            let rule = expanded.promotions.iter().flat_map(|r| r.head.pieces.iter()).map(|n| n.span).next();
            let default_rule = expanded.pieces.iter().find(|p| p.is_default && p.prefixes == [Prefix::Promoted]);
            if let Some(span) = rule.or(default_rule.map(|p| p.span)) {
                diagnostics.push(
                    Diagnostic::new(span, "pieces promote, but the variant has no promotion zone")
                        .with_help("give the zone as an MBN board range: `promotion-zone = \"[8]\"` in a variant file, `promotion_zone: \"[8]\"` in `mbn!`"),
                );
            }
        }

        // Castlings: those defined, or MBN's predefined ones; a royal piece's XBetza `O` replaces
        // them (seed 002: "Not writing a castling move on the King makes it keep its original
        // castling").
        let mut castlings = Vec::new();
        let defaults;
        let castling_defs = if expanded.castlings.is_empty() && !spec.castling_partners.is_empty() {
            let parsed = crate::syntax::parse_notation(DEFAULT_CASTLING).map_err(pieces)?;
            defaults = crate::expand::expand(&parsed).map_err(pieces)?;
            &defaults.castlings
        } else {
            &expanded.castlings
        };
        for def in castling_defs {
            if def.kind == CastlingKind::Vertical {
                // M86: never silently left out.
                diagnostics.push(
                    Diagnostic::new(def.royal.span, "vertical castling `O-O-O-O` (forward, with a promoted Rook): not run by mbn yet")
                        .with_help("seed 000 §13 gives it a castling right that a promotion on the royal piece's file creates, which mbn's runtime does not keep; the notation parses, and `O-O`, `O-O-O` run"),
                );
                continue;
            }
            let royal = crate::lower::lower_move(&def.royal);
            let partner = crate::lower::lower_move(&def.partner);
            match (royal, partner) {
                (Ok(royal), Ok(partner)) => {
                    let partners = def.partners.clone();
                    castlings.push(Castling {
                        kind: def.kind,
                        royal,
                        partner,
                        beside: false,
                        next_closer: false,
                        partners,
                    })
                }
                (r, p) => {
                    diagnostics.extend(r.err().into_iter().flatten());
                    diagnostics.extend(p.err().into_iter().flatten());
                }
            }
        }
        if !xbetza_castlings.is_empty() {
            castlings = xbetza_castlings
                .iter()
                .map(|x| Castling {
                    kind: x.kind,
                    royal: x.royal_move(),
                    partner: x.partner_move(),
                    beside: true,
                    next_closer: x.next_closer,
                    partners: None,
                })
                .collect();
        }
        // Drops: `drop-no-doubled` is a file limit of one; an XBetza `@` sets the kind's zone and
        // limits (of two file limits on one kind, the stricter holds).
        let mut drop_rules = vec![DropRule::default(); kinds.len()];
        for (i, (plus, k, _)) in kinds.iter().enumerate() {
            if !plus && spec.drop_no_doubled.contains(*k) {
                drop_rules[i].limits.file = 1;
            }
        }
        for (kind, drop) in xbetza_drops {
            let rule = &mut drop_rules[kind.0 as usize];
            rule.ranks = Some(drop.ranks(spec.ranks).unwrap_or((1, 0)));
            let file = match (rule.limits.file, drop.limits.file) {
                (0, n) | (n, 0) => n,
                (a, b) => a.min(b),
            };
            rule.limits = DropLimits { file, ..drop.limits };
        }
        for (k, list) in imitations.iter().enumerate() {
            if !list.is_empty() {
                table.set_imitator(PieceKind(k as u8));
            }
        }
        let variant = Variant {
            spec: spec.clone(),
            geometry,
            table: Arc::new(table),
            moves,
            promotions,
            castlings,
            promotion_zone,
            drop_rules,
            regions,
            imitations,
        };
        other.extend(pieces(diagnostics.into_sorted()));
        if other.is_empty() {
            Ok(variant)
        } else {
            Err(other)
        }
    }
}

impl Variant {
    /// The unpromoted kinds written with one of `letters` (`drop-no-doubled = "P"`), as bits:
    /// bit `k` for kind `k` (kinds from 64 on are left out; a table holds at most 52).
    pub fn kind_bits(&self, letters: &str) -> u64 {
        self.table
            .iter()
            .filter(|(k, info)| !info.plus && letters.contains(info.letter) && k.index() < 64)
            .fold(0, |bits, (k, _)| bits | 1 << k.index())
    }
}

impl Variant {
    /// The squares (by index) where a piece of `kind` and `color` may not be dropped because they
    /// lie outside its drop zone (X31) or its region (V9); all `false` when it has neither.
    pub fn outside_drop_zone(&self, kind: PieceKind, color: Color) -> Vec<bool> {
        let g = self.geometry;
        let ranks = self.drop_rules.get(kind.index()).and_then(|r| r.ranks);
        let region = self.region_squares(kind, color);
        g.squares()
            .map(|sq| {
                let outside_region = region.as_ref().is_some_and(|r| !r[sq.index()]);
                let Some((first, last)) = ranks else { return outside_region };
                let r = if color == Color::White { g.rank_of(sq) } else { g.ranks() - 1 - g.rank_of(sq) };
                r < first || r > last || outside_region
            })
            .collect()
    }

    /// The squares (by index) of the region of a piece of `kind` and `color` (V9); `None` when it
    /// has none.
    pub fn region_squares(&self, kind: PieceKind, color: Color) -> Option<Vec<bool>> {
        let range = self.regions.get(kind.index())?.as_ref()?;
        let mut diagnostics = Diagnostics::new();
        let mut prep = crate::plan::Prep {
            geometry: self.geometry,
            diagnostics: &mut diagnostics,
            back_end: crate::plan::INTERPRETER,
            royal: Vec::new(),
        };
        let r = prep.range(range, color);
        Some(r.squares.iter().map(|&b| b != r.complement).collect())
    }

    /// Each kind's drop limits, indexed by [`PieceKind`].
    pub fn drop_limits(&self) -> Vec<DropLimits> {
        self.drop_rules.iter().map(|r| r.limits).collect()
    }
}

fn lower_piece(piece: &ExpandedPiece, diagnostics: &mut Diagnostics) -> MoveSet {
    match &piece.body {
        Some(body) => crate::lower::lower_move(body).unwrap_or_else(|e| {
            diagnostics.extend(e);
            MoveSet::default()
        }),
        None => MoveSet::default(),
    }
}

/// A board of `files` x `ranks`, or a message saying why not.
pub fn geometry(files: u8, ranks: u8) -> Result<mbn_runtime::Geometry, String> {
    mbn_runtime::Geometry::new(files, ranks).map_err(|e| format!("board {files}x{ranks}: {e}"))
}

/// The start position of `spec`, if it loads (a variant file reports why not).
fn start_position(spec: &VariantSpec, table: &PieceTable, geometry: Geometry) -> Option<Position<Bb256>> {
    let options = FenOptions { captures_to_hand: spec.captures_to_hand, ..FenOptions::default() };
    Position::from_fen_with(Arc::new(table.clone()), geometry, &spec.start_fen, &options).ok()
}

/// The squares where `side`'s pieces of `kind` stand in `start`, as a board range with ranks
/// counted from `side` (XBetza `ii`, docs/SEMANTICS.md X57).
fn start_squares(start: &Position<Bb256>, kind: PieceKind, side: Color) -> BoardRange {
    let g = start.geometry();
    let items = g
        .squares()
        .filter(|&sq| start.piece_at(sq) == Some(Piece::new(kind, side)))
        .map(|sq| {
            let rank = u32::from(g.rank_of(sq)) + 1;
            let rank = if side == Color::White { rank } else { u32::from(g.ranks()) + 1 - rank };
            let file = g.file_of(sq);
            ast::RangeItem::Area(ast::Area {
                files: Some((file, file)),
                ranks: Some((rank, rank)),
                levels: None,
                rows: None,
                iterator: None,
            })
        })
        .collect();
    BoardRange { complement: false, items, span: Span::default() }
}

/// Whether a move's first leg has an origin range (an XBetza `ii` move, X57).
fn has_origin(m: &crate::ir::Move) -> bool {
    matches!(m.parts.first(), Some(crate::ir::Part::Leg(leg)) if !leg.origin.is_empty())
}
