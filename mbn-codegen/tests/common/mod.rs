//! Helpers shared by the integration tests: variant files (`xbetza_castling.rs`,
//! `xbetza_drops.rs`) here, probe boards in [`probe`]. Each test binary uses its own part of them.
#![allow(dead_code)]

pub mod probe;

use mbn_codegen::interp::Interpreter;
use mbn_codegen::variant::Variant;
use mbn_runtime::{perft, Bb256, Bitboard, FenOptions, Position};

/// A file of the repository, by its path from the workspace root.
pub fn read(path: &str) -> String {
    let full = format!("{}/../{path}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{full}: {e}"))
}

/// A variant file's text, compiled, with its interpreter.
pub fn load_text(text: &str) -> (Variant, Interpreter) {
    let variant = Variant::from_toml(text, "test.toml").unwrap_or_else(|e| panic!("{}", e[0]));
    let interp = Interpreter::new(&variant).unwrap_or_else(|e| panic!("{}", e[0].message));
    (variant, interp)
}

/// [`load_text`] of the file at `path`.
pub fn load(path: &str) -> (Variant, Interpreter) {
    load_text(&read(path))
}

/// A position of `variant` (pieces in hand where it captures to hand).
pub fn position<B: Bitboard>(variant: &Variant, fen: &str) -> Position<B> {
    let options = FenOptions { captures_to_hand: variant.spec.captures_to_hand, ..FenOptions::default() };
    Position::from_fen_with(variant.table.clone(), variant.geometry, fen, &options)
        .unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The interpreter's perft from `fen` (`startpos`: the variant's start position).
pub fn count((variant, interp): &(Variant, Interpreter), fen: &str, depth: u32) -> u64 {
    let fen = if fen == "startpos" { variant.spec.start_fen.clone() } else { fen.to_string() };
    perft(interp, &mut position::<Bb256>(variant, &fen), depth)
}

/// The first error of a variant text: its message and (line, column).
pub fn error(text: &str) -> (String, usize, usize) {
    let e = Variant::from_toml(text, "t.toml").unwrap_err();
    (e[0].message.clone(), e[0].line, e[0].column)
}

/// A xorshift generator from `seed`, for random boards (deterministic, so failures reproduce).
pub fn xorshift(mut seed: u64) -> impl FnMut() -> u64 {
    move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    }
}
