//! Text -> abstract syntax tree, and back.
//!
//! [`parse_notation`] reads a definition list (`PS=mfWcfF +P==QRBN`), [`parse_move`] one move
//! expression (`mfW+cefF`). The printer is the `Display` implementation of every node.

pub mod ast;
mod comments;
mod parser;
mod printer;
pub mod xbetza;

pub use parser::{parse_move, parse_notation, MAX_DEPTH, MAX_LEN, MAX_NUMBER};

/// Does `text` read as a definition list rather than a single move?
///
/// A move never contains `=` or white space and never starts with a piece prefix other than the
/// setup `!` and decision `#` operators, so a text that does any of these is a definition list:
/// `B=F0`, `Q #Q`, `+P`, `'P`, `@X=N0`. Everything else (`mfW+cefF`, `B`, `!c{R}R`) is a move.
pub fn is_definition_list(text: &str) -> bool {
    let text = text.trim_start();
    text.contains('=')
        || text.trim_end().contains(char::is_whitespace)
        || text.starts_with(['\'', '@', '+', '-', '*', '$', '%', '&', '?'])
}
