//! Every Betza string of Fairy-Stockfish's `variants.ini` (`tests/data/fairy-stockfish-betza.tsv`)
//! compiles as XBetza, and moves as Fairy-Stockfish moves it: the destinations of the piece on d4
//! in two positions (`tests/data/fairy-stockfish-destinations.tsv`, made with pyffish) are
//! compared with the interpreter's. No string may fail to compile, and no destination set may
//! differ except the deliberate differences listed in [`DEVIATIONS`] with their reason.

mod common;

use common::probe::probe;
use mbn_codegen::{compile_move_in, Dialect};
use mbn_runtime::{Color, Geometry, MoveList, Piece, PieceKind, Position};

/// Betza strings whose destinations differ from Fairy-Stockfish's on purpose (docs/SEMANTICS.md).
const DEVIATIONS: &[(&str, &str)] = &[(
    "nZ",
    "X12: seed 001's lame zebra (the Falcon's `nZ`) is blocked only when all three of its paths are; \
     Fairy-Stockfish's `nZ` is the Janggi elephant, blocked on its one W-F-F path",
)];

fn data(name: &str) -> String {
    let path = format!("{}/../tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn rows(name: &str) -> Vec<Vec<String>> {
    data(name)
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|l| l.split('\t').map(str::to_string).collect())
        .collect()
}

#[test]
fn every_fairy_stockfish_betza_string_compiles() {
    let rows = rows("fairy-stockfish-betza.tsv");
    assert!(rows.len() > 150, "{} definitions", rows.len());
    let failures: Vec<String> = rows
        .iter()
        .filter_map(|r| {
            compile_move_in(Dialect::XBetza, &r[3])
                .err()
                .map(|d| format!("{} {} `{}`: {}", r[0], r[1], r[3], d[0].message))
        })
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The destinations of White's `A` on `from` in `fen` (`A` the piece, `Z`/`z`/`K`/`k` blockers),
/// without a8 (Black's king in the reference data).
fn destinations(betza: &str, fen: &str, from: &str) -> Result<String, String> {
    let moves = compile_move_in(Dialect::XBetza, betza).map_err(|d| d[0].message.clone())?;
    let (variant, interp) = probe(moves).map_err(|d| d[0].message.clone())?;
    let g = Geometry::CHESS;
    let mut pos = Position::<u64>::from_fen(&variant.table, g, "8/8/8/8/8/8/8/8 w - - 0 1").unwrap();
    let board = fen.split(' ').next().unwrap_or_default();
    for (r, row) in board.split('/').enumerate() {
        let mut file = 0u8;
        for c in row.chars() {
            if let Some(n) = c.to_digit(10) {
                file += n as u8;
                continue;
            }
            let name = format!("{}{}", (b'a' + file) as char, 8 - r);
            let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
            let kind = if c == 'A' { 0 } else { 1 };
            pos.put_piece(g.parse_square(&name).unwrap(), Piece::new(PieceKind(kind), color)).unwrap();
            file += 1;
        }
    }
    let sq = g.parse_square(from).unwrap();
    let mut list = MoveList::new();
    interp.piece_moves(&pos, sq, pos.piece_at(sq).unwrap(), &mut list);
    let mut out: Vec<String> = list.iter().map(|m| g.square_name(m.to())).filter(|s| s != "a8").collect();
    out.sort();
    out.dedup();
    Ok(out.join(" "))
}

#[test]
fn fairy_stockfish_destinations() {
    let rows = rows("fairy-stockfish-destinations.tsv");
    assert!(rows.len() > 200, "{} cases", rows.len());
    let mut failures = Vec::new();
    let mut deviations = 0;
    for r in &rows {
        let (betza, fen, from) = (&r[0], &r[1], &r[2]);
        let want = r.get(3).cloned().unwrap_or_default();
        let got = destinations(betza, fen, from).unwrap_or_else(|e| format!("error: {e}"));
        if got != want {
            if DEVIATIONS.iter().any(|(b, _)| b == betza) {
                println!("  deviation `{betza}` in {fen}: Fairy-Stockfish [{want}], mbn [{got}]");
                deviations += 1;
            } else {
                failures.push(format!("`{betza}` in {fen}: Fairy-Stockfish [{want}], mbn [{got}]"));
            }
        }
    }
    println!(
        "Fairy-Stockfish destinations: {} cases, {} equal, {deviations} deliberate deviations",
        rows.len(),
        rows.len() - deviations - failures.len()
    );
    assert!(failures.is_empty(), "{} differ:\n{}", failures.len(), failures.join("\n"));
}
