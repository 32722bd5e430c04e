//! A misspelt key in a variant file: serde's message, with the closest key suggested.

// Paths are relative to the crate being compiled, which trybuild puts in target/tests/trybuild/mbn.
mbn::mbn! { variant Broken = "../../../../tests/ui/variant/file_unknown_key.toml"; }

fn main() {
    let mut position: mbn::runtime::Position<u64> = Broken::start_position();
    println!("{}: {}", Broken::NAME, mbn::perft(&Broken, &mut position, 1));
}
