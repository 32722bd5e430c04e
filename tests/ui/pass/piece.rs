//! `piece Name = "notation" on "FxR";`: the Nightrider of examples/piece.rs.

use mbn::runtime::{Bitboard, Geometry};

mbn::mbn! { piece Nightrider = "N0" on "8x8"; }

fn main() {
    let geometry = Geometry::CHESS;
    let square = |name: &str| geometry.parse_square(name).unwrap();
    let (quiet, captures) =
        Nightrider::moves(square("b1"), u64::from_square(square("c3")), u64::from_square(square("f3")));
    assert_eq!(quiet.count(), 2);
    assert_eq!(captures, u64::from_square(square("f3")));
    assert_eq!(Nightrider::attacks(square("b1"), 0).count(), 7);
    assert_eq!(Nightrider::NOTATION, "N0");
}
