//! AST -> IR.

pub mod directions;
