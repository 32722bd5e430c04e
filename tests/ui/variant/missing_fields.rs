//! `pieces` and `start` are required.

mbn::mbn! {
    variant Mini {
        board: "5x5",
        royal: "K",
    }
}

fn main() {
    let mut position = Mini::start_position();
    println!("{}: {}", Mini::NAME, mbn::perft(&Mini, &mut position, 1));
}
