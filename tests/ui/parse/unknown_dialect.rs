//! The word before a piece's notation names its dialect: `xbetza` or `mbn`.

mbn::mbn! { piece Piece = betza "N" on "8x8"; }

fn main() {}
