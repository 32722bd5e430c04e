//! XBetza conformance: the destination sets of `tests/data/xbetza-cases/*.jsonl` (copied from
//! `shared/reference/xbetza-cases`), as XBoard 4.9.1 and Fairy-Stockfish read the strings.
//!
//! Every case whose dialect is `standard` (or not given) runs: the XBetza string is compiled with
//! [`Dialect::XBetza`], put as White's piece `A` on its square of an otherwise empty board with
//! the blockers (an inert piece `Z`, White's for friendly squares, Black's for enemy ones), and
//! the interpreter's destinations are checked against the case's assertion (`exact`, `count`,
//! `includes`, `excludes` and their combinations). A case is skipped, with its reason, when mbn
//! does not lower the string yet ("XBetza `x` is not supported yet"), or when the source's own assertion does not hold
//! in XBoard 4.9.1 nor in Fairy-Stockfish (`test_assertion_holds_in` all false), or when it needs a
//! board topology mbn lacks (its `topology`, e.g. wrapped ranks). No case may
//! fail. Run with `--nocapture` to see the counts and the skip reasons.

use mbn::codegen::interp::Interpreter;
use mbn::codegen::ir::MoveSet;
use mbn::codegen::variant::{Variant, VariantSpec};
use mbn::codegen::{compile_move_in, Dialect};
use mbn::runtime::{Bb256, Bitboard, Color, MoveList, Piece, PieceKind, Position, Square};
use serde_json::Value;
use std::collections::BTreeMap;

const FILES: &[&str] = &[
    "abstractplay_betza.jsonl",
    "betza_visualizer_unittests.jsonl",
    "consensus_blockers.jsonl",
    "consensus_empty_board.jsonl",
];

/// One case, as read from its line.
struct Case {
    betza: String,
    files: u8,
    ranks: u8,
    from: String,
    friendly: Vec<String>,
    enemy: Vec<String>,
    assert: String,
    expected: Vec<String>,
    excludes: Vec<String>,
    count: Option<usize>,
    holds_in_references: bool,
    /// A board topology other than the plain rectangle (`board.wrapRanks = true`).
    topology: Option<String>,
    /// Squares whose blocker is a royal piece (`tcR`, docs/SEMANTICS.md X35).
    royal: Vec<String>,
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array().map(|a| a.iter().filter_map(|s| s.as_str().map(str::to_string)).collect()).unwrap_or_default()
}

/// The case on a line, `None` when its dialect is not standard XBetza.
fn read(line: &str) -> Option<Case> {
    let v: Value = serde_json::from_str(line).expect("a JSON line");
    let dialect = v.get("dialect").and_then(Value::as_str).unwrap_or("standard");
    if dialect != "standard" {
        return None;
    }
    let holds = v.get("test_assertion_holds_in").and_then(Value::as_object);
    Some(Case {
        betza: v["betza"].as_str().expect("betza").to_string(),
        files: v["board"][0].as_u64().expect("files") as u8,
        ranks: v["board"][1].as_u64().expect("ranks") as u8,
        from: v["from"].as_str().expect("from").to_string(),
        friendly: strings(&v["blockers"]["friendly"]),
        enemy: strings(&v["blockers"]["enemy"]),
        assert: v["assert"].as_str().expect("assert").to_string(),
        expected: strings(&v["expected"]),
        excludes: strings(&v["excludes"]),
        count: v.get("expected_count").and_then(Value::as_u64).map(|n| n as usize),
        holds_in_references: holds.is_none_or(|h| h.values().any(|b| b.as_bool() == Some(true))),
        topology: v.get("topology").and_then(Value::as_str).map(str::to_string),
        royal: strings(&v["royal"]),
    })
}

/// Where White's piece with `moves` can go in the case's position.
fn destinations(moves: &MoveSet, case: &Case) -> Result<Vec<String>, String> {
    let mut spec = VariantSpec::new("xbetza", case.files, case.ranks, "", "A=W Z|Blocker|=mfW K|Royal|=mfW");
    spec.promotion_mandatory = false;
    spec.royal = "K".to_string();
    let mut variant = Variant::compile(&spec).map_err(|d| d[0].message.clone())?;
    variant.moves[0] = [moves.clone(), moves.clone()];
    let interp = Interpreter::new(&variant).map_err(|d| d[0].message.clone())?;
    let n = variant.geometry.num_squares();
    if n <= 64 {
        run::<u64>(&variant, &interp, case)
    } else if n <= 128 {
        run::<u128>(&variant, &interp, case)
    } else {
        run::<Bb256>(&variant, &interp, case)
    }
}

fn run<B: Bitboard>(variant: &Variant, interp: &Interpreter, case: &Case) -> Result<Vec<String>, String> {
    let geometry = variant.geometry;
    let square = |s: &str| -> Result<Square, String> { geometry.parse_square(s).map_err(|e| e.to_string()) };
    let mut pos = Position::<B>::new(variant.table.clone(), geometry).map_err(|e| e.to_string())?;
    for (list, color) in [(&case.friendly, Color::White), (&case.enemy, Color::Black)] {
        for s in list {
            let kind = if case.royal.contains(s) { PieceKind(2) } else { PieceKind(1) };
            pos.put_piece(square(s)?, Piece::new(kind, color)).map_err(|e| e.to_string())?;
        }
    }
    let from = square(&case.from)?;
    let piece = Piece::new(PieceKind(0), Color::White);
    pos.put_piece(from, piece).map_err(|e| e.to_string())?;
    pos.set_unmoved(B::from_square(from));
    pos.set_side_to_move(Color::White);
    let mut list = MoveList::new();
    interp.piece_moves(&pos, from, piece, &mut list);
    let mut out: Vec<String> = list.iter().map(|m| geometry.square_name(m.to())).collect();
    out.sort();
    out.dedup();
    Ok(out)
}

/// Whether `got` satisfies the case's assertion; the reason when not.
fn check(case: &Case, got: &[String]) -> Result<(), String> {
    let parts: Vec<&str> = case.assert.split('+').collect();
    for p in &parts {
        match *p {
            "exact" => {
                let mut want = case.expected.clone();
                want.sort();
                if want != got {
                    return Err(format!("expected {want:?}"));
                }
            }
            "count" => {
                let n = case.count.unwrap_or(case.expected.len());
                if got.len() != n {
                    return Err(format!("expected {n} destinations"));
                }
            }
            "includes" => {
                if let Some(s) = case.expected.iter().find(|s| !got.contains(s)) {
                    return Err(format!("expected to include {s}"));
                }
            }
            "excludes" => {
                if let Some(s) = case.excludes.iter().find(|s| got.contains(s)) {
                    return Err(format!("expected to exclude {s}"));
                }
            }
            other => return Err(format!("unknown assertion `{other}`")),
        }
    }
    Ok(())
}

#[test]
fn xbetza_conformance() {
    let (mut passed, mut failed) = (0, Vec::new());
    let mut skipped: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for file in FILES {
        let path = format!("{}/tests/data/xbetza-cases/{file}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        for (i, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
            let Some(case) = read(line) else { continue };
            let label = format!("{file}:{} `{}` from {}", i + 1, case.betza, case.from);
            if let Some(topology) = &case.topology {
                skipped
                    .entry(format!("needs a board topology mbn's boards lack ({topology})"))
                    .or_default()
                    .push(label);
                continue;
            }
            let moves = match compile_move_in(Dialect::XBetza, &case.betza) {
                Ok(m) => m,
                Err(d) => {
                    skipped.entry(d[0].message.clone()).or_default().push(label);
                    continue;
                }
            };
            let outcome =
                destinations(&moves, &case).and_then(|got| check(&case, &got).map_err(|e| format!("{e}, got {got:?}")));
            match outcome {
                Ok(()) => passed += 1,
                Err(_) if !case.holds_in_references => skipped
                    .entry("the source's assertion fails in XBoard 4.9.1 and Fairy-Stockfish too".into())
                    .or_default()
                    .push(label),
                Err(e) => failed.push(format!("{label}: {e}")),
            }
        }
    }
    let skipped_count: usize = skipped.values().map(Vec::len).sum();
    println!("XBetza conformance: {passed} passed, {skipped_count} skipped, {} failed", failed.len());
    for (reason, cases) in &skipped {
        println!("  skipped ({}): {reason}", cases.len());
        for c in cases {
            println!("    {c}");
        }
    }
    assert!(failed.is_empty(), "{} failed:\n{}", failed.len(), failed.join("\n"));
}
