//! A complex rider that may turn freely every time round and is not searched at run time (a
//! Congo Monkey whose second leg is taken when it completes a move, `(dcK-{mK})0`; the interpreter runs it) unrolls
//! into more legs than the code generator allows (M11, M51).
//! The user code below still compiles: the macro emits `Piece` with its real signatures.

use mbn::runtime::Geometry;

mbn::mbn! { piece Piece = "(dcK-{mK})0" on "8x8"; }

fn main() {
    let from = Geometry::CHESS.square(0, 0).unwrap();
    let (_quiet, _captures): (u64, u64) = Piece::moves(from, Default::default(), Default::default());
    let _attacks: u64 = Piece::attacks(from, Default::default());
    println!("{}", Piece::NOTATION);
}
