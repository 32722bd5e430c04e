//! `variant Name { field: value, ... }`: Gardner's minichess, as in examples/variant.rs.

mbn::mbn! {
    variant MiniChess {
        board: "5x5",
        start: "rnbqk/ppppp/5/PPPPP/RNBQK w - - 0 1",
        pieces: "P|Pawn|=mfW+cfF N|Knight| B|Bishop| R|Rook| Q|Queen| K|King| +P==QRBN",
        royal: "K",
        promotion_zone: "[5]",
        promotion_mandatory: true,
    }
}

fn main() {
    let mut position = MiniChess::start_position();
    assert_eq!(mbn::perft(&MiniChess, &mut position, 2), 53);
    assert_eq!(MiniChess::NAME, "MiniChess");
}
