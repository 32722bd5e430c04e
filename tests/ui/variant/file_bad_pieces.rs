//! An MBN error inside a variant file's multi-line `pieces`: reported as `path:line:col`, on the path.
//! The 10x8 board gives the placeholder the bitboard type `u128`, which the code below names.

// Paths are relative to the crate being compiled, which trybuild puts in target/tests/trybuild/mbn.
mbn::mbn! { variant Broken = "../../../../tests/ui/variant/file_bad_pieces.toml"; }

fn main() {
    let mut position: mbn::runtime::Position<u128> = Broken::start_position();
    println!("{}: {}", Broken::NAME, mbn::perft(&Broken, &mut position, 1));
}
