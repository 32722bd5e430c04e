//! A board larger than the runtime supports, in a variant file.

// Paths are relative to the crate being compiled, which trybuild puts in target/tests/trybuild/mbn.
mbn::mbn! { variant Broken = "../../../../tests/ui/variant/file_bad_board.toml"; }

fn main() {
    let mut position: mbn::runtime::Position<mbn::runtime::Bb256> = Broken::start_position();
    println!("{}: {}", Broken::NAME, mbn::perft(&Broken, &mut position, 1));
}
