//! A piece whose multi-leg moves unroll into more code than rustc compiles in reasonable time
//! (M115): XBetza `g(caf)aK`, a King that hops as a grasshopper and then goes on turning as it
//! likes, unrolls into about 13 MB of token text in a variant (`aaaK`, 5.9 MB, takes rustc two
//! minutes and 2.5 GB). The interpreter runs it.

mbn::mbn! {
    variant Hopper {
        board: "8x8",
        start: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        pieces: "P N B R Q K X +P==QRBN",
        royal: "K",
        promotion_zone: "[8]",
        piece X = xbetza "g(caf)aK",
    }
}

fn main() {}
