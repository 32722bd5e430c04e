//! An inline variant's XBetza piece that mbn refuses: the error points into its literal.

mbn::mbn! {
    variant Mini {
        board: "5x5",
        start: "rnbqk/ppppp/5/PPPPP/RNBQK w - - 0 1",
        pieces: "P=mfW+cfF N B R Q K +P==QRBN",
        royal: "K",
        promotion_zone: "[5]",
        piece N = xbetza "mNnqC",
    }
}

fn main() {
    let mut position = Mini::start_position();
    println!("{}: {}", Mini::NAME, mbn::perft(&Mini, &mut position, 1));
}
