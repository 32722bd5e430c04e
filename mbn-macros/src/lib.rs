//! The `mbn!` procedural macro: MBN text in your source, a specialised move generator out.
//!
//! A thin shim: it reads its input, calls `mbn_codegen`, and turns diagnostics into
//! `compile_error!` on the string literal (with the column and a caret excerpt in the message, since
//! a span cannot point inside a literal on stable Rust). On error it still emits the item the code
//! refers to, so the only errors shown are mbn's.
//!
//! ```text
//! mbn! { piece Nightrider = "N0" on "8x8"; }
//! mbn! { variant Chess = "variants/chess.toml"; }
//! mbn! { variant Mini { board: "5x5", start: "...", pieces: "K R P", royal: "K" } }
//! mbn! { crate = ::mbn_runtime; piece Knight = "N" on "8x8"; }
//! ```

use mbn_codegen::diagnostic::Diagnostic;
use mbn_codegen::emit::{emit_piece, emit_variant, EmitOptions};
use mbn_codegen::variant::{Variant, VariantSpec};
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
    /// `piece Name = "notation" on "FxR";`
    Piece { name: Ident, notation: LitStr, board: LitStr },
    /// `variant Name = "path.toml";`
    VariantFile { name: Ident, path: LitStr },
    /// `variant Name { field: value, ... }`
    VariantInline { name: Ident, fields: Vec<(Ident, Value)>, brace: Span },
}

enum Value {
    Str(LitStr),
    Bool(LitBool),
}

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
                let notation: LitStr = input.parse()?;
                let on: Ident = input.parse()?;
                if on != "on" {
                    return Err(syn::Error::new(on.span(), "expected `on \"FILESxRANKS\"`"));
                }
                let board: LitStr = input.parse()?;
                Item::Piece { name, notation, board }
            }
            "variant" if input.peek(Token![=]) => {
                input.parse::<Token![=]>()?;
                Item::VariantFile { name, path: input.parse()? }
            }
            "variant" => {
                let content;
                let brace = braced!(content in input);
                let mut fields = Vec::new();
                while !content.is_empty() {
                    let key: Ident = content.parse()?;
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
                Item::VariantInline { name, fields, brace: brace.span.join() }
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

impl Input {
    fn expand(self) -> TokenStream {
        let options = EmitOptions { runtime: self.runtime.clone() };
        match &self.item {
            Item::Piece { name, notation, board } => {
                let Some((files, ranks)) = parse_board(&board.value()) else {
                    return error_at(board.span(), "expected a board such as \"8x8\" (1 to 16 files and ranks)");
                };
                let geometry = match mbn_codegen::variant::geometry(files, ranks) {
                    Ok(g) => g,
                    Err(e) => return error_at(board.span(), &e),
                };
                let text = notation.value();
                let result = mbn_codegen::compile_move(&text)
                    .and_then(|moves| emit_piece(&moves, geometry, &name.to_string(), &text, &options));
                match result {
                    Ok(tokens) => tokens,
                    Err(diagnostics) => {
                        let errors = render(notation, &text, &diagnostics);
                        quote! {
                            #errors
                            /// Placeholder emitted next to the errors above.
                            pub struct #name;
                        }
                    }
                }
            }
            Item::VariantFile { name, path } => {
                let root = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_default();
                let full = std::path::Path::new(&root).join(path.value());
                let text = match std::fs::read_to_string(&full) {
                    Ok(t) => t,
                    Err(e) => return error_at(path.span(), &format!("cannot read `{}`: {e}", full.display())),
                };
                let shown = path.value();
                let variant = match Variant::from_toml(&text, &shown) {
                    Ok(v) => v,
                    Err(errors) => {
                        let messages = errors.iter().map(|e| e.to_string()).collect::<Vec<_>>().join("\n");
                        return placeholder(name, error_at(path.span(), &messages));
                    }
                };
                let full_path = full.display().to_string();
                match emit_variant(&variant, &name.to_string(), &options) {
                    Ok(tokens) => quote! {
                        #tokens
                        const _: &str = include_str!(#full_path);
                    },
                    Err(diagnostics) => placeholder(name, render(path, &variant.spec.pieces, &diagnostics)),
                }
            }
            Item::VariantInline { name, fields, brace } => {
                let mut spec = VariantSpec::new(&name.to_string(), 8, 8, "", "");
                let mut pieces_lit = None;
                for (key, value) in fields {
                    let (text, flag) = match value {
                        Value::Str(s) => (Some(s.value()), None),
                        Value::Bool(b) => (None, Some(b.value)),
                    };
                    let is_str = text.is_some();
                    let bad = || {
                        error_at(key.span(), &format!("`{key}` takes a {}", if is_str { "boolean" } else { "string" }))
                    };
                    match (key.to_string().as_str(), text, flag) {
                        ("board", Some(t), _) => match parse_board(&t) {
                            Some((f, r)) => (spec.files, spec.ranks) = (f, r),
                            None => return error_at(key.span(), "expected a board such as \"8x8\""),
                        },
                        ("start", Some(t), _) => spec.start_fen = t,
                        ("pieces", Some(t), _) => {
                            spec.pieces = t;
                            if let Value::Str(s) = value {
                                pieces_lit = Some(s.clone());
                            }
                        }
                        ("royal", Some(t), _) => spec.royal = t,
                        ("castling_partners", Some(t), _) => spec.castling_partners = t,
                        ("promotion_zone", Some(t), _) => spec.promotion_zone = Some(t),
                        ("promotion_mandatory", _, Some(b)) => spec.promotion_mandatory = b,
                        ("drops", _, Some(b)) => spec.drops = b,
                        ("captures_to_hand", _, Some(b)) => spec.captures_to_hand = b,
                        ("board" | "start" | "pieces" | "royal" | "castling_partners" | "promotion_zone", None, _)
                        | ("promotion_mandatory" | "drops" | "captures_to_hand", _, None) => return bad(),
                        (other, _, _) => {
                            return error_at(key.span(), &format!("unknown field `{other}`: expected board, start, pieces, royal, castling_partners, promotion_zone, promotion_mandatory, drops or captures_to_hand"));
                        }
                    }
                }
                let Some(pieces_lit) = pieces_lit else {
                    return placeholder(name, error_at(*brace, "missing field `pieces`"));
                };
                let result = Variant::compile(&spec).and_then(|v| emit_variant(&v, &name.to_string(), &options));
                match result {
                    Ok(tokens) => tokens,
                    Err(diagnostics) => placeholder(name, render(&pieces_lit, &spec.pieces, &diagnostics)),
                }
            }
        }
    }
}

/// The struct a variant's user code names, next to the errors.
fn placeholder(name: &Ident, errors: TokenStream) -> TokenStream {
    quote! {
        #errors
        /// Placeholder emitted next to the errors above.
        #[derive(Clone, Copy, Debug, Default)]
        pub struct #name;
    }
}

/// `compile_error!` for each diagnostic, on the literal, with the column and a caret excerpt.
fn render(literal: &LitStr, text: &str, diagnostics: &[Diagnostic]) -> TokenStream {
    let errors = diagnostics.iter().map(|d| {
        let message = format!("mbn: {} (column {})\n{}", d.message, d.span.start + 1, d.render(text));
        syn::Error::new(literal.span(), message).to_compile_error()
    });
    quote!(#(#errors)*)
}

fn error_at(span: Span, message: &str) -> TokenStream {
    syn::Error::new(span, message).to_compile_error()
}

fn parse_board(s: &str) -> Option<(u8, u8)> {
    let (f, r) = s.split_once(['x', 'X'])?;
    Some((f.trim().parse().ok()?, r.trim().parse().ok()?))
}
