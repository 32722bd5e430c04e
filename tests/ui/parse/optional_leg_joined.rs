//! An optional leg joined to another move by `+`: `-` binds more loosely than `+`, so `{F}` opens
//! a piece set, and the help brackets the chain.
//! The user code below still compiles: the macro emits `Piece` with its real signatures.

use mbn::runtime::Geometry;

mbn::mbn! { piece Piece = "W-{F}+N" on "8x8"; }

fn main() {
    let from = Geometry::CHESS.square(0, 0).unwrap();
    let (_quiet, _captures): (u64, u64) = Piece::moves(from, Default::default(), Default::default());
    let _attacks: u64 = Piece::attacks(from, Default::default());
    println!("{}", Piece::NOTATION);
}
