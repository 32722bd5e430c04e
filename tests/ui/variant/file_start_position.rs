//! A start position that does not fit the pieces, in a variant file.

// Paths are relative to the crate being compiled, which trybuild puts in target/tests/trybuild/mbn.
mbn::mbn! { variant Broken = "../../../../tests/ui/variant/file_start_position.toml"; }

fn main() {
    let mut position: mbn::runtime::Position<u64> = Broken::start_position();
    println!("{}: {}", Broken::NAME, mbn::perft(&Broken, &mut position, 1));
}
