//! Castling is written with the letter O, not the digit 0.

mbn::mbn! {
    variant Mini {
        board: "5x5",
        start: "rnbqk/ppppp/5/PPPPP/RNBQK w - - 0 1",
        pieces: "P=mfW+cfF N B R Q K +P==QRBN 0-0=isR[g]=isR[f]",
        royal: "K",
        promotion_zone: "[5]",
    }
}

fn main() {
    let mut position = Mini::start_position();
    println!("{}: {}", Mini::NAME, mbn::perft(&Mini, &mut position, 1));
}
