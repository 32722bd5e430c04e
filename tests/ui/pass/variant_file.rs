//! `variant Name = "path.toml";`: the bundled chess file (the path is relative to the crate being
//! compiled, which trybuild puts in target/tests/trybuild/mbn).

mbn::mbn! { variant Chess = "../../../../variants/chess.toml"; }

fn main() {
    let mut position = Chess::start_position();
    assert_eq!(mbn::perft(&Chess, &mut position, 2), 400);
    assert_eq!(Chess::NAME, "chess");
}
