//! mbn compiles fairy-chess piece definitions written in Betza-family notation (MBN, Modified Betza
//! Notation) into move generators.
//!
//! This crate is the facade: [`codegen`] is the compiler (parser, macro expansion, IR, canonical
//! form), [`runtime`] the board crate generated code links against, [`variants`] the variant files
//! bundled with mbn. The `mbn` binary is the command-line tool.

pub use mbn_codegen as codegen;
pub use mbn_runtime as runtime;

/// Compiles MBN into a specialised move generator at compile time: `mbn! { piece Nightrider = "N0"
/// on "8x8"; }` or `mbn! { variant Chess = "variants/chess.toml"; }`. See `examples/`.
pub use mbn_macros::mbn;
/// Perft (with bulk counting), perft without, and divide, for any move generator.
pub use mbn_runtime::{divide, perft, perft_no_bulk};

pub mod variants;

/// Move generators compiled from the bundled variant files by `build.rs`: one type per variant
/// (`generated::Chess`, `generated::Capablanca`, ...), and [`generated::visit`] to run one by name.
pub mod generated {
    include!(concat!(env!("OUT_DIR"), "/generated_variants.rs"));
}
