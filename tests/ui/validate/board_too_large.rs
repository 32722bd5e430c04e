//! Boards have at most 16 files and 16 ranks.
//! The user code below still compiles: the macro emits `Piece` with its real signatures.

use mbn::runtime::Geometry;

mbn::mbn! { piece Piece = "N0" on "20x20"; }

fn main() {
    let from = Geometry::CHESS.square(0, 0).unwrap();
    let (_quiet, _captures): (mbn::runtime::Bb256, mbn::runtime::Bb256) =
        Piece::moves(from, Default::default(), Default::default());
    let _attacks: mbn::runtime::Bb256 = Piece::attacks(from, Default::default());
    println!("{}", Piece::NOTATION);
}
