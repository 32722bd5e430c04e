//! The mbn compiler as a plain library: MBN text in; syntax tree, IR, canonical form and diagnostics out.
//!
//! The pipeline, one module per stage:
//! [`syntax`] (text -> AST) -> [`expand`] (macros, basic pieces) -> [`lower`] (AST -> [`ir`]) ->
//! [`ancp`] (canonical form and equality). [`diagnostic`] is shared by all stages.

pub mod diagnostic;
pub mod lower;
pub mod syntax;

pub use diagnostic::{Diagnostic, Diagnostics};
