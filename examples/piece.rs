//! One piece compiled at build time: the Nightrider on an 8x8 board.
//!
//! Run with `cargo run --example piece`.

use mbn::runtime::{Bitboard, Geometry, Square};

mbn::mbn! { piece Nightrider = "N0" on "8x8"; }

fn main() {
    let geometry = Geometry::CHESS;
    let from = geometry.square(1, 0).expect("b1 is on the board"); // b1
    let friends = u64::from_square(geometry.square(2, 2).expect("c3")); // a friendly piece on c3
    let enemies = u64::from_square(geometry.square(5, 2).expect("f3")); // an enemy on f3
    let (quiet, captures) = Nightrider::moves(from, friends, enemies);
    let names = |b: u64| b.squares().map(|s: Square| geometry.square_name(s)).collect::<Vec<_>>().join(" ");
    println!("{}: moves to {}", Nightrider::NOTATION, names(quiet));
    println!("{}: captures on {}", Nightrider::NOTATION, names(captures));
    // b1-c3 is blocked by the friend; b1-d2-f3 stops on the enemy it captures; b1-a3 is free.
    assert_eq!(names(quiet), "d2 a3");
    assert_eq!(names(captures), "f3");
}
