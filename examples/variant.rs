//! A whole variant compiled at build time, inline and from a variant file, driven by `mbn::perft`.
//!
//! Run with `cargo run --release --example variant`.

mbn::mbn! {
    variant MiniChess {
        board: "5x5",
        start: "rnbqk/ppppp/5/PPPPP/RNBQK w - - 0 1",
        pieces: "P|Pawn|=mfW+cfF N|Knight| B|Bishop| R|Rook| Q|Queen| K|King| +P==QRBN",
        royal: "K",
        promotion_zone: "[5]",
    }
}

mbn::mbn! { variant Chess = "variants/chess.toml"; }

fn main() {
    // Gardner's minichess; the counts are Fairy-Stockfish's (variant `gardner`).
    let mut mini = MiniChess::start_position();
    for (depth, expected) in [(1, 7), (2, 53), (3, 506), (4, 4775)] {
        let nodes = mbn::perft(&MiniChess, &mut mini, depth);
        println!("{} perft {depth}: {nodes}", MiniChess::NAME);
        assert_eq!(nodes, expected);
    }
    let mut chess = Chess::start_position();
    let nodes = mbn::perft(&Chess, &mut chess, 4);
    println!("{} perft 4: {nodes}", Chess::NAME);
    assert_eq!(nodes, 197_281);
}
