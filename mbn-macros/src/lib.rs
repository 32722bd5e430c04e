//! The `mbn!` procedural macro: MBN text in your source, a specialised move generator out.
//!
//! A thin shim: it reads its input, calls `mbn_codegen`, and turns diagnostics into
//! `compile_error!` on the string literal (with the column and a caret excerpt in the message, since
//! a span cannot point inside a literal on stable Rust). On error it still emits the items the code
//! refers to, with their real signatures and `unreachable!()` bodies, so the only errors shown are
//! mbn's.
//!
//! ```text
//! mbn! { piece Nightrider = "N0" on "8x8"; }
//! mbn! { piece Giraffe = xbetza "FX" on "8x8"; }
//! mbn! { variant Chess = "variants/chess.toml"; }
//! mbn! { variant Mini { board: "5x5", start: "...", pieces: "K R P", royal: "K" } }
//! mbn! { variant Mini { board: "5x5", start: "...", pieces: "K R N P", royal: "K", piece N = xbetza "NN" } }
//! mbn! { variant Mini { board: "5x5", start: "...", pieces: "K R P", royal: "K", region K = "[b-d1-2]" } }
//! mbn! { crate = ::mbn_runtime; piece Knight = "N" on "8x8"; }
//! ```

use mbn_codegen::diagnostic::{closest, Diagnostic};
use mbn_codegen::emit::{emit_piece, emit_variant, EmitOptions};
use mbn_codegen::syntax::ast::Span as TextSpan;
use mbn_codegen::variant::{Field, Variant, VariantFile, VariantSpec};
use mbn_codegen::Dialect;
use mbn_runtime::{Bb256, FenOptions, Position};
use proc_macro2::{Span, TokenStream};
use quote::quote;
use syn::parse::{Parse, ParseStream};
use syn::{braced, Ident, LitBool, LitStr, Token};

/// Compiles MBN piece or variant definitions into Rust items. See the crate documentation.
#[proc_macro]
pub fn mbn(input: proc_macro::TokenStream) -> proc_macro::TokenStream {
    match syn::parse::<Input>(input) {
        Ok(input) => input.expand().into(),
        Err(e) => e.to_compile_error().into(),
    }
}

/// The macro's input: an optional runtime path, then one item.
struct Input {
    runtime: TokenStream,
    item: Item,
}

enum Item {
    /// `piece Name = "notation" on "FxR";`, or `= xbetza "notation"` for the XBetza dialect.
    Piece { name: Ident, dialect: Dialect, notation: LitStr, board: LitStr },
    /// `variant Name = "path.toml";`
    VariantFile { name: Ident, path: LitStr },
    /// `variant Name { field: value, ..., piece N = xbetza "NN", region K = "[d-f1-3]", ... }`
    VariantInline { name: Ident, fields: Vec<(Ident, Value)>, pieces: Vec<InlinePiece>, brace: Span },
}

/// `piece N = xbetza "NN"` inside an inline variant: the move of the piece `N` of `pieces`, written
/// in XBetza (a variant file's `[xbetza]` table).
struct InlinePiece {
    letter: Ident,
    notation: LitStr,
    /// `region K = "[d-f1-3]"`: the piece's mobility region (a file's `[regions]`, V9) rather
    /// than its XBetza move.
    region: bool,
}

enum Value {
    Str(LitStr),
    Bool(LitBool),
}

/// The fields of an inline variant: `(name, takes a string)`.
const FIELDS: [(&str, bool); 13] = [
    ("board", true),
    ("start", true),
    ("pieces", true),
    ("royal", true),
    ("castling_partners", true),
    ("promotion_zone", true),
    ("promotion_mandatory", false),
    ("drops", false),
    ("captures_to_hand", false),
    ("immobility_illegal", false),
    ("drop_no_doubled", true),
    ("drop_mate_illegal", true),
    ("bikjang", false),
];

impl Parse for Input {
    fn parse(input: ParseStream<'_>) -> syn::Result<Self> {
        let mut runtime = quote!(::mbn::runtime);
        if input.peek(Token![crate]) {
            input.parse::<Token![crate]>()?;
            input.parse::<Token![=]>()?;
            let path: syn::Path = input.parse()?;
            input.parse::<Token![;]>()?;
            runtime = quote!(#path);
        }
        let keyword: Ident = input.parse()?;
        let name: Ident = input.parse()?;
        let item = match keyword.to_string().as_str() {
            "piece" => {
                input.parse::<Token![=]>()?;
                // The dialect is explicit: MBN unless `xbetza` (or `mbn`) precedes the string.
                let dialect = if input.peek(Ident) {
                    let word: Ident = input.parse()?;
                    match word.to_string().as_str() {
                        "xbetza" => Dialect::XBetza,
                        "mbn" => Dialect::Mbn,
                        _ => {
                            return Err(syn::Error::new(
                                word.span(),
                                "expected the notation as a string, or its dialect before it: `xbetza \"...\"`, `mbn \"...\"`",
                            ))
                        }
                    }
                } else {
                    Dialect::Mbn
                };
                let notation: LitStr = input.parse()?;
                let on: Ident = input.parse()?;
                if on != "on" {
                    return Err(syn::Error::new(on.span(), "expected `on \"FILESxRANKS\"`"));
                }
                let board: LitStr = input.parse()?;
                Item::Piece { name, dialect, notation, board }
            }
            "variant" if input.peek(Token![=]) => {
                input.parse::<Token![=]>()?;
                Item::VariantFile { name, path: input.parse()? }
            }
            "variant" => {
                let content;
                let brace = braced!(content in input);
                let mut fields = Vec::new();
                let mut pieces = Vec::new();
                while !content.is_empty() {
                    let key: Ident = content.parse()?;
                    if (key == "piece" || key == "region") && content.peek(Ident) {
                        pieces.push(if key == "piece" {
                            parse_inline_piece(&content)?
                        } else {
                            parse_inline_region(&content)?
                        });
                        if content.is_empty() {
                            break;
                        }
                        content.parse::<Token![,]>()?;
                        continue;
                    }
                    content.parse::<Token![:]>()?;
                    let value = if content.peek(LitBool) {
                        Value::Bool(content.parse()?)
                    } else {
                        Value::Str(content.parse()?)
                    };
                    fields.push((key, value));
                    if content.is_empty() {
                        break;
                    }
                    content.parse::<Token![,]>()?;
                }
                Item::VariantInline { name, fields, pieces, brace: brace.span.join() }
            }
            _ => return Err(syn::Error::new(keyword.span(), "expected `piece` or `variant`")),
        };
        let _ = input.parse::<Option<Token![;]>>()?;
        if !input.is_empty() {
            return Err(input.error("expected the end of the `mbn!` input: one item per macro call"));
        }
        Ok(Input { runtime, item })
    }
}

/// After `piece` in an inline variant: `N = xbetza "notation"`.
fn parse_inline_piece(content: ParseStream<'_>) -> syn::Result<InlinePiece> {
    let letter: Ident = content.parse()?;
    let text = letter.to_string();
    if text.chars().count() != 1 || !text.chars().all(|c| c.is_ascii_uppercase()) {
        let message = format!("expected a piece letter of `pieces` (`piece N = xbetza \"NN\"`), not `{text}`");
        return Err(syn::Error::new(letter.span(), message));
    }
    content.parse::<Token![=]>()?;
    if !content.peek(Ident) {
        return Err(content.error("expected the dialect before the notation: `xbetza \"...\"`"));
    }
    let dialect: Ident = content.parse()?;
    match dialect.to_string().as_str() {
        "xbetza" => {}
        "mbn" => {
            return Err(syn::Error::new(
                dialect.span(),
                "a variant's MBN pieces are written in `pieces`; `piece N = ...` takes `xbetza \"...\"`",
            ))
        }
        _ => return Err(syn::Error::new(dialect.span(), "expected the dialect `xbetza` before the notation")),
    }
    Ok(InlinePiece { letter, notation: content.parse()?, region: false })
}

/// After `region` in an inline variant: `K = "[d-f1-3]"`.
fn parse_inline_region(content: ParseStream<'_>) -> syn::Result<InlinePiece> {
    let letter: Ident = content.parse()?;
    let text = letter.to_string();
    if text.chars().count() != 1 || !text.chars().all(|c| c.is_ascii_uppercase()) {
        let message = format!("expected a piece letter of `pieces` (`region K = \"[d-f1-3]\"`), not `{text}`");
        return Err(syn::Error::new(letter.span(), message));
    }
    content.parse::<Token![=]>()?;
    Ok(InlinePiece { letter, notation: content.parse()?, region: true })
}

impl Input {
    fn expand(self) -> TokenStream {
        let options = EmitOptions { runtime: self.runtime.clone(), ..EmitOptions::default() };
        let rt = &self.runtime;
        match &self.item {
            Item::Piece { name, dialect, notation, board } => {
                let text = notation.value();
                let board_size = parse_board(&board.value());
                let fallback = |errors: TokenStream| {
                    let items = piece_fallback(name, &text, &bitboard_type(board_size.unwrap_or((8, 8)), rt), rt);
                    quote! { #errors #items }
                };
                let Some((files, ranks)) = board_size else {
                    let message = format!("`{}` is not a board: expected FILESxRANKS, such as \"8x8\"", board.value());
                    return fallback(error_at(board.span(), &message));
                };
                let geometry = match mbn_codegen::variant::geometry(files, ranks) {
                    Ok(g) => g,
                    Err(e) => return fallback(error_at(board.span(), &e)),
                };
                let result = mbn_codegen::compile_move_in(*dialect, &text)
                    .and_then(|moves| emit_piece(&moves, geometry, &name.to_string(), &text, &options));
                match result {
                    Ok(tokens) => tokens,
                    Err(diagnostics) => fallback(render(notation.span(), &text, &diagnostics)),
                }
            }
            Item::VariantFile { name, path } => {
                let root = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_default();
                let full = std::path::Path::new(&root).join(path.value());
                let fallback = |board: Option<(u8, u8)>, errors: TokenStream| {
                    let items = variant_fallback(name, &bitboard_type(board.unwrap_or((8, 8)), rt), rt);
                    quote! { #errors #items }
                };
                let text = match std::fs::read_to_string(&full) {
                    Ok(t) => t,
                    Err(e) => {
                        let message = format!(
                            "cannot read `{}`: {e}\n  = note: the path is relative to the package root (looked for `{}`)",
                            path.value(),
                            full.display()
                        );
                        return fallback(None, error_at(path.span(), &message));
                    }
                };
                let shown = path.value();
                let file_errors = |errors: &[mbn_codegen::variant::FileError]| {
                    let errors = errors.iter().map(|e| error_at(path.span(), &e.to_string()));
                    quote!(#(#errors)*)
                };
                let file = match VariantFile::parse(&text, &shown) {
                    Ok(file) => file,
                    Err(errors) => return fallback(board_of_toml(&text), file_errors(&errors)),
                };
                let board = Some((file.spec.files, file.spec.ranks));
                let variant = match file.compile() {
                    Ok(v) => v,
                    Err(errors) => return fallback(board, file_errors(&errors)),
                };
                let full_path = full.display().to_string();
                match emit_variant(&variant, &name.to_string(), &options) {
                    Ok(tokens) => quote! {
                        #tokens
                        const _: &str = include_str!(#full_path);
                    },
                    Err(diagnostics) => {
                        // Each error in the string it is about: `pieces` or a piece's XBetza (X55).
                        let name = name.to_string();
                        let list = variant.attribute(diagnostics, |v| emit_variant(v, &name, &options));
                        fallback(board, file_errors(&file.locate_all(&list)))
                    }
                }
            }
            Item::VariantInline { name, fields, pieces, brace } => {
                let (spec, literals, errors) = inline_spec(name, fields, pieces, *brace);
                let items = variant_fallback(name, &bitboard_type((spec.files, spec.ranks), rt), rt);
                let fallback = |errors: TokenStream| quote! { #errors #items };
                if !errors.is_empty() {
                    return fallback(quote!(#(#errors)*));
                }
                let errors = |list: Vec<(Field, Diagnostic)>| {
                    let literal = |field: &Field| literals.iter().find(|(f, _)| f == field).map(|(_, lit)| lit);
                    let errors = list.iter().map(|(field, d)| match literal(field) {
                        Some(lit) if *field != Field::Board => {
                            render(lit.span(), &lit.value(), std::slice::from_ref(d))
                        }
                        Some(lit) => error_at(lit.span(), &d.message),
                        None => error_at(name.span(), &d.message),
                    });
                    quote!(#(#errors)*)
                };
                let variant = match Variant::compile_fields(&spec) {
                    Ok(v) => v,
                    Err(list) => return fallback(errors(list.into_iter().map(|d| (d.field, d.diagnostic)).collect())),
                };
                let options_fen = FenOptions { captures_to_hand: spec.captures_to_hand, ..FenOptions::default() };
                if let Err(e) = Position::<Bb256>::from_fen_with(
                    variant.table.clone(),
                    variant.geometry,
                    &spec.start_fen,
                    &options_fen,
                ) {
                    let span = TextSpan::new(e.column, e.column + 1);
                    let d = Diagnostic::new(span, format!("start position: {}", e.kind));
                    return fallback(errors(vec![(Field::Start, d)]));
                }
                let name = name.to_string();
                match emit_variant(&variant, &name, &options) {
                    Ok(tokens) => tokens,
                    Err(list) => {
                        let list = variant.attribute(list, |v| emit_variant(v, &name, &options));
                        fallback(errors(list.into_iter().map(|d| (d.field, d.diagnostic)).collect()))
                    }
                }
            }
        }
    }
}

/// The spec an inline variant describes, the literal of each field, and the errors in its fields.
fn inline_spec(
    name: &Ident,
    fields: &[(Ident, Value)],
    pieces: &[InlinePiece],
    brace: Span,
) -> (VariantSpec, Vec<(Field, LitStr)>, Vec<TokenStream>) {
    let mut spec = VariantSpec::new(&name.to_string(), 8, 8, "", "");
    let mut literals: Vec<(Field, LitStr)> = Vec::new();
    let mut errors = Vec::new();
    let mut seen: Vec<&Ident> = Vec::new();
    // Fields suggested for unknown ones: not reported missing as well.
    let mut suggested: Vec<&str> = Vec::new();
    for (key, value) in fields {
        let key_text = key.to_string();
        if seen.contains(&key) {
            errors.push(error_at(key.span(), &format!("duplicate field `{key}`: it is given above already")));
            continue;
        }
        seen.push(key);
        let Some(&(_, wants_string)) = FIELDS.iter().find(|(f, _)| *f == key_text) else {
            let names = FIELDS.map(|(f, _)| f);
            let guess = closest(&key_text, names);
            suggested.extend(guess);
            let guess = guess.map_or(String::new(), |g| format!(": did you mean `{g}`?"));
            let message = format!("mbn: unknown field `{key}`{guess} (the fields are {})", names.join(", "));
            errors.push(error_at(key.span(), &message));
            continue;
        };
        match (value, wants_string) {
            (Value::Str(lit), true) => {
                let text = lit.value();
                let field = match key_text.as_str() {
                    "board" => match parse_board(&text) {
                        Some((f, r)) => {
                            (spec.files, spec.ranks) = (f, r);
                            Field::Board
                        }
                        None => {
                            let message = format!("`{text}` is not a board: expected FILESxRANKS, such as \"8x8\"");
                            errors.push(error_at(lit.span(), &message));
                            continue;
                        }
                    },
                    "start" => {
                        spec.start_fen = text;
                        Field::Start
                    }
                    "pieces" => {
                        spec.pieces = text;
                        Field::Pieces
                    }
                    "royal" => {
                        spec.royal = text;
                        Field::Royal
                    }
                    "castling_partners" => {
                        spec.castling_partners = text;
                        Field::CastlingPartners
                    }
                    "drop_no_doubled" => {
                        spec.drop_no_doubled = text;
                        Field::DropNoDoubled
                    }
                    "drop_mate_illegal" => {
                        spec.drop_mate_illegal = text;
                        Field::DropMateIllegal
                    }
                    _ => {
                        spec.promotion_zone = Some(text);
                        Field::PromotionZone
                    }
                };
                literals.push((field, lit.clone()));
            }
            (Value::Bool(b), false) => match key_text.as_str() {
                "promotion_mandatory" => spec.promotion_mandatory = b.value,
                "drops" => spec.drops = b.value,
                "immobility_illegal" => spec.immobility_illegal = b.value,
                "bikjang" => spec.bikjang = b.value,
                _ => spec.captures_to_hand = b.value,
            },
            (Value::Str(lit), false) => {
                errors.push(error_at(lit.span(), &format!("mbn: `{key}` takes a boolean: `true` or `false`")))
            }
            (Value::Bool(b), true) => {
                errors.push(error_at(b.span, &format!("mbn: `{key}` takes a string (`{key}: \"...\"`)")))
            }
        }
    }
    for InlinePiece { letter, notation, region } in pieces {
        let c = letter.to_string().chars().next().unwrap_or('?');
        if *region {
            if spec.regions.iter().any(|(k, _)| *k == c) {
                errors.push(error_at(letter.span(), &format!("duplicate region of `{c}`: it is given above already")));
                continue;
            }
            spec.regions.push((c, notation.value()));
            literals.push((Field::Region(c), notation.clone()));
            continue;
        }
        if spec.xbetza.iter().any(|(k, _)| *k == c) {
            errors.push(error_at(
                letter.span(),
                &format!("duplicate piece `{c}`: its XBetza move is given above already"),
            ));
            continue;
        }
        spec.xbetza.push((c, notation.value()));
        literals.push((Field::XBetza(c), notation.clone()));
    }
    for (field, what) in [("pieces", "the pieces in MBN"), ("start", "the start position in FEN")] {
        if !seen.iter().any(|k| *k == field) && !suggested.contains(&field) {
            errors.push(error_at(brace, &format!("mbn: missing field `{field}`: {what}")));
        }
    }
    (spec, literals, errors)
}

/// The items a piece's user code names, with `unreachable!()` bodies, next to the errors.
fn piece_fallback(name: &Ident, notation: &str, ty: &TokenStream, rt: &TokenStream) -> TokenStream {
    quote! {
        /// Placeholder emitted next to mbn's errors: the piece could not be compiled.
        #[derive(Clone, Copy, Debug, Default)]
        pub struct #name;

        #[allow(dead_code, unused_variables, clippy::all)]
        impl #name {
            /// The notation it was to be generated from.
            pub const NOTATION: &'static str = #notation;

            /// Not generated: see the errors.
            pub fn moves(from: #rt::__private::Square, friends: #ty, enemies: #ty) -> (#ty, #ty) {
                unreachable!()
            }

            /// Not generated: see the errors.
            pub fn attacks(from: #rt::__private::Square, occupied: #ty) -> #ty {
                unreachable!()
            }
        }
    }
}

/// The items a variant's user code names, with `unreachable!()` bodies, next to the errors.
fn variant_fallback(name: &Ident, ty: &TokenStream, rt: &TokenStream) -> TokenStream {
    let variant_name = name.to_string();
    quote! {
        /// Placeholder emitted next to mbn's errors: the variant could not be compiled.
        #[derive(Clone, Copy, Debug, Default)]
        pub struct #name;

        #[allow(dead_code, unused_variables, clippy::all)]
        impl #name {
            /// The variant's name.
            pub const NAME: &'static str = #variant_name;
            /// The start position (not generated: see the errors).
            pub const START_FEN: &'static str = "";

            /// Not generated: see the errors.
            pub fn geometry() -> #rt::__private::Geometry {
                unreachable!()
            }

            /// Not generated: see the errors.
            pub fn piece_table() -> #rt::__private::PieceTable {
                unreachable!()
            }

            /// Not generated: see the errors.
            pub fn position(fen: &str) -> Result<#rt::__private::Position<#ty>, #rt::FenError> {
                unreachable!()
            }

            /// Not generated: see the errors.
            pub fn start_position() -> #rt::__private::Position<#ty> {
                unreachable!()
            }
        }

        #[allow(unused_variables, clippy::all)]
        impl #rt::__private::MoveGenerator<#ty> for #name {
            fn pseudo_legal_moves(&self, pos: &#rt::__private::Position<#ty>, out: &mut #rt::__private::MoveList) {
                unreachable!()
            }

            fn is_square_attacked(
                &self,
                pos: &#rt::__private::Position<#ty>,
                sq: #rt::__private::Square,
                by: #rt::__private::Color,
            ) -> bool {
                unreachable!()
            }
        }
    }
}

/// The bitboard type generated code uses on a board (as `mbn_codegen::emit` chooses it).
fn bitboard_type((files, ranks): (u8, u8), rt: &TokenStream) -> TokenStream {
    match usize::from(files) * usize::from(ranks) {
        0..=64 => quote!(u64),
        65..=128 => quote!(u128),
        _ => quote!(#rt::__private::Bb256),
    }
}

/// `compile_error!` for each diagnostic, on the literal, with the column and a caret excerpt.
fn render(span: Span, text: &str, diagnostics: &[Diagnostic]) -> TokenStream {
    let errors = diagnostics.iter().map(|d| {
        // (`Span`'s `==` ignores positions, as the syntax tree's equality must.)
        let unlocated = d.span.start == 0 && d.span.end == 0 && d.labels.is_empty() && !text.is_empty();
        let located = !unlocated;
        let message = if located {
            let (line, column) = d.line_column(text);
            let at =
                if text.contains('\n') { format!("line {line}, column {column}") } else { format!("column {column}") };
            format!("mbn: {} ({at})\n{}", d.message, d.render_excerpts(text))
        } else {
            // Not located inside the text (a limit of the code generator): name the whole of it.
            let help = d.help.as_ref().map_or(String::new(), |h| format!("\n  = help: {h}"));
            format!("mbn: {}\n  | {text}{help}", d.message)
        };
        error_at(span, message.trim_end())
    });
    quote!(#(#errors)*)
}

fn error_at(span: Span, message: &str) -> TokenStream {
    let message = if message.starts_with("mbn: ") { message.to_string() } else { format!("mbn: {message}") };
    syn::Error::new(span, message).to_compile_error()
}

fn parse_board(s: &str) -> Option<(u8, u8)> {
    let (f, r) = s.split_once(['x', 'X'])?;
    Some((f.trim().parse().ok()?, r.trim().parse().ok()?))
}

/// The board of a variant file that does not load, to give the placeholder the right bitboard type.
fn board_of_toml(text: &str) -> Option<(u8, u8)> {
    let table: toml::Table = toml::from_str(text).ok()?;
    parse_board(table.get("board")?.as_str()?)
}
