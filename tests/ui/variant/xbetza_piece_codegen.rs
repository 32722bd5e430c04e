//! An inline variant's XBetza piece that the interpreter runs but the code generator refuses
//! (`x` induction with a capture on the way, X28): the error points into the XBetza literal, not
//! at `pieces` (X55).

mbn::mbn! {
    variant Mini {
        board: "5x5",
        start: "rnbqk/ppppp/5/PPPPP/RNBQK w - - 0 1",
        pieces: "P=mfW+cfF N B R Q K +P==QRBN",
        royal: "K",
        promotion_zone: "[5]",
        piece Q = xbetza "FcaxafW",
    }
}

fn main() {
    let mut position = Mini::start_position();
    println!("{}: {}", Mini::NAME, mbn::perft(&Mini, &mut position, 1));
}
