//! Variant files whose pieces move in XBetza (the `[xbetza]` table, docs/VARIANTS.md): the XBetza
//! twin of the bundled Shatranj has the same perft, and table errors point into the file.

use mbn_codegen::interp::Interpreter;
use mbn_codegen::variant::Variant;
use mbn_runtime::{perft, Position};

fn read(path: &str) -> (String, String) {
    let full = format!("{}/../{path}", env!("CARGO_MANIFEST_DIR"));
    (std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{full}: {e}")), full)
}

fn perft_of(path: &str, depth: u32) -> u64 {
    let (text, full) = read(path);
    let variant = Variant::from_toml(&text, &full).unwrap_or_else(|e| panic!("{}", e[0]));
    let interp = Interpreter::new(&variant).unwrap_or_else(|e| panic!("{}", e[0].message));
    let fen = text.lines().find_map(|l| l.strip_prefix("start = ")).expect("a start line").trim_matches('"');
    let mut pos = Position::<u64>::from_fen(&variant.table, variant.geometry, fen).unwrap();
    perft(&interp, &mut pos, depth)
}

#[test]
fn shatranj_in_xbetza_has_shatranj_perft() {
    for depth in 1..=3 {
        let mbn = perft_of("variants/shatranj.toml", depth);
        let xbetza = perft_of("tests/data/shatranj-xbetza.toml", depth);
        assert_eq!(xbetza, mbn, "depth {depth}");
    }
    // Fairy-Stockfish: shatranj | startpos | 4 | 68122 (shared/reference/perft).
    assert_eq!(perft_of("tests/data/shatranj-xbetza.toml", 4), 68_122);
}

#[test]
fn xbetza_table_errors_point_into_the_file() {
    let (text, _) = read("tests/data/shatranj-xbetza.toml");
    // `x` with `p` (with `m`, `c`, `d`, `e` it is read: X63, X69).
    let bad = text.replace("Q = \"F\"", "Q = \"fxpF\"");
    let e = Variant::from_toml(&bad, "s.toml").unwrap_err();
    assert!(e[0].message.contains("`x`"), "{}", e[0]);
    let line = bad.lines().position(|l| l.starts_with("Q = ")).unwrap() + 1;
    assert_eq!((e[0].line, e[0].column), (line, 7), "{}", e[0]);
    let unknown = text.replace("K = \"K\"", "K = \"K\"\nE = \"W\"");
    assert!(Variant::from_toml(&unknown, "s.toml").unwrap_err()[0].message.contains("not a piece of `pieces`"));
    let long = text.replace("K = \"K\"", "K = \"K\"\nKK = \"W\"");
    assert!(Variant::from_toml(&long, "s.toml").unwrap_err()[0].message.contains("piece letters"));
}
