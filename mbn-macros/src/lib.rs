//! The `mbn!` procedural macro. A thin shim: all logic lives in `mbn-codegen`.
//!
//! The macro itself lands with the code-generation work; this crate exists so the workspace layout is final.
