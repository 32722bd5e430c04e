//! `piece N = xbetza "..."` inside an inline variant: that piece's move is XBetza (a variant
//! file's `[xbetza]` table). The Nightrider variant with its Knight, King and Pawn in XBetza has the
//! perft of the bundled MBN file (`variants/nightrider.toml`: 24, 576, 15586).

mbn::mbn! {
    variant XNightrider {
        board: "8x8",
        start: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        pieces: "P N B R Q K +P==QRBN",
        royal: "K",
        castling_partners: "R",
        promotion_zone: "[8]",
        piece N = xbetza "NN",
        piece K = xbetza "KisO2",
        piece P = xbetza "fmWfceFifmnD",
    }
}

fn main() {
    let mut position = XNightrider::start_position();
    let mut bundled = mbn::generated::Nightrider::start_position();
    for depth in 1..=3 {
        let ours = mbn::perft(&XNightrider, &mut position, depth);
        assert_eq!(ours, mbn::perft(&mbn::generated::Nightrider, &mut bundled, depth));
        assert_eq!(ours, [24, 576, 15586][depth as usize - 1]);
    }
    // Kiwipete-like middle game with castling both ways: the two agree there too.
    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let mut ours = XNightrider::position(fen).unwrap();
    let mut theirs = mbn::generated::Nightrider::position(fen).unwrap();
    assert_eq!(mbn::perft(&XNightrider, &mut ours, 2), mbn::perft(&mbn::generated::Nightrider, &mut theirs, 2));
}
