//! `piece Name = xbetza "notation" on "FxR";`: the dialect is explicit. XBetza's `FX` is the
//! Giraffe, a (1,4) leaper; XBetza's `NN` is the Nightrider (MBN's `N0`; MBN reads `NN` as `N`).

use mbn::runtime::{Bitboard, Geometry};

mbn::mbn! { piece Giraffe = xbetza "FX" on "8x8"; }
mbn::mbn! { piece XNightrider = xbetza "NN" on "8x8"; }
mbn::mbn! { piece MbnKnight = mbn "NN" on "8x8"; }

fn main() {
    let geometry = Geometry::CHESS;
    let square = |name: &str| geometry.parse_square(name).unwrap();
    let (quiet, captures) = Giraffe::moves(square("d4"), 0, u64::from_square(square("e8")));
    let names = |b: u64| b.squares().map(|s| geometry.square_name(s)).collect::<Vec<_>>().join(" ");
    assert_eq!(names(quiet), "h3 h5 c8");
    assert_eq!(names(captures), "e8");
    assert_eq!(XNightrider::attacks(square("b1"), 0).count(), 7);
    assert_eq!(MbnKnight::attacks(square("b1"), 0).count(), 3);
}
