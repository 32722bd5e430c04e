//! A variant file that does not exist.

mbn::mbn! { variant Missing = "../../../../tests/ui/variant/no_such_file.toml"; }

fn main() {
    let mut position = Missing::start_position();
    println!("{}: {}", Missing::NAME, mbn::perft(&Missing, &mut position, 1));
}
