//! Inside an inline variant, `piece N = ...` takes the XBetza dialect: MBN pieces go in `pieces`.

mbn::mbn! {
    variant Mini {
        board: "5x5",
        start: "rnbqk/ppppp/5/PPPPP/RNBQK w - - 0 1",
        pieces: "P=mfW+cfF N B R Q K +P==QRBN",
        royal: "K",
        piece N = mbn "N0",
    }
}

fn main() {
    let mut position = Mini::start_position();
    println!("{}: {}", Mini::NAME, mbn::perft(&Mini, &mut position, 1));
}
