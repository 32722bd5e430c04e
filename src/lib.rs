//! mbn compiles fairy-chess piece definitions written in Betza-family notation (MBN, Modified Betza
//! Notation) into move generators.
//!
//! This crate is the facade: [`codegen`] is the compiler (parser, macro expansion, IR, canonical
//! form), [`runtime`] the board crate generated code links against. The `mbn` binary is the
//! command-line tool.

pub use mbn_codegen as codegen;
pub use mbn_runtime as runtime;
