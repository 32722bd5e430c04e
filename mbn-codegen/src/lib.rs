//! The mbn compiler as a plain library: MBN text in; syntax tree, IR, canonical form and diagnostics out.
//!
//! The pipeline, one module per stage:
//! [`syntax`] (text -> AST) -> [`expand`] (macros, basic pieces) -> [`lower`] (AST -> [`ir`]) ->
//! [`ancp`] (canonical form and equality). [`diagnostic`] is shared by all stages.

pub mod ancp;
pub mod build;
pub mod diagnostic;
pub mod diagram;
pub mod emit;
pub mod expand;
pub mod interp;
pub mod ir;
pub mod lower;
mod plan;
pub mod syntax;
pub mod variant;

pub use diagnostic::{Diagnostic, Diagnostics};

use expand::ExpandedPiece;
use ir::MoveSet;

/// One piece of a definition list, compiled.
#[derive(Clone, Debug)]
pub struct CompiledPiece {
    /// The piece as defined, its body expanded.
    pub piece: ExpandedPiece,
    /// Its moves; `None` for a cancellation (`!X`).
    pub moves: Option<MoveSet>,
}

/// Parses, expands and lowers one move expression (`mfW+cefF`, `R4`, `:1,4:`).
pub fn compile_move(text: &str) -> Result<MoveSet, Vec<Diagnostic>> {
    let parsed = syntax::parse_move(text)?;
    let expanded = expand::expand_move(&parsed, &[])?;
    lower::lower_move(&expanded)
}

/// The notation a text is written in. MBN unless said otherwise; the dialect is never guessed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Dialect {
    /// MBN, the Modified Betza Notation (the default).
    #[default]
    Mbn,
    /// XBetza, H. G. Muller's extended Betza notation as XBoard and Fairy-Stockfish read it
    /// ([`syntax::xbetza`]).
    XBetza,
}

impl std::str::FromStr for Dialect {
    type Err = String;

    /// `mbn` or `xbetza` (any case).
    fn from_str(s: &str) -> Result<Dialect, String> {
        match s.to_ascii_lowercase().as_str() {
            "mbn" => Ok(Dialect::Mbn),
            "xbetza" => Ok(Dialect::XBetza),
            _ => Err(format!("unknown dialect `{s}` (expected `mbn` or `xbetza`)")),
        }
    }
}

/// Compiles one move expression written in `dialect` to the IR.
pub fn compile_move_in(dialect: Dialect, text: &str) -> Result<MoveSet, Vec<Diagnostic>> {
    match dialect {
        Dialect::Mbn => compile_move(text),
        Dialect::XBetza => syntax::xbetza::compile(text),
    }
}

/// Parses, expands and lowers a definition list (`PS=mfWcfF @X=N0 Q=RX`), collecting the
/// diagnostics of every piece.
pub fn compile_notation(text: &str) -> Result<Vec<CompiledPiece>, Vec<Diagnostic>> {
    let parsed = syntax::parse_notation(text)?;
    let expanded = expand::expand(&parsed)?;
    let mut diagnostics = Diagnostics::new();
    let mut pieces = Vec::new();
    for piece in expanded.pieces {
        let moves = match &piece.body {
            None => None,
            Some(body) => match lower::lower_move(body) {
                Ok(moves) => Some(moves),
                Err(errors) => {
                    diagnostics.extend(errors);
                    continue;
                }
            },
        };
        pieces.push(CompiledPiece { piece, moves });
    }
    diagnostics.finish(pieces)
}
