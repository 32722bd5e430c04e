//! The whole pipeline is total: for any MBN or XBetza string, compiling it, building a variant
//! with it, running the interpreter on three positions and generating code never panic, and every
//! diagnostic of the notation points inside it. (A scan of this kind found the bent riders of the
//! universal leaper, `zU`, unrolling into megabytes: docs/SEMANTICS.md X104.)

use mbn_codegen::emit::{emit_variant, EmitOptions};
use mbn_codegen::interp::Interpreter;
use mbn_codegen::variant::{Variant, VariantSpec};
use mbn_codegen::{compile_move_in, Dialect};
use mbn_runtime::{Geometry, MoveGenerator, MoveList, Position};
use proptest::collection::vec;
use proptest::prelude::*;
use proptest::sample::select;

/// Pieces of MBN moves: atoms, modifiers, brackets, ranges, sets, conditions, operators.
const MBN: &[&str] = &[
    "W", "F", "N", "K", "Q", "R", "B", "D", "A", "O", "C", "Z", ":1,3:", "(", ")", "[", "]", "{", "}", "-", "--", "+",
    "0", "1", "2", "3", "0*", "*", "f", "b", "l", "r", "v", "s", "d", "t", "z", "(fr)", "m", "c", "cc", "cy", "a", "e",
    "g", "gg", "h", "i", "ii", "j", "jj", "k", "kk", "n", "o", "oo", "p", "pp", "u", "w", "ww", "x", "xx", "y", "?",
    "[+]", "[*]", "[:]", "[#]", "[.]", "[2]", "[a1-h2]", "/Q/", "/Rh1/", "{Q}", "{!P}", "{P}", "!", "#", "<2>",
];

/// Letters of XBetza, boosts and the hidden-leg letters included.
const XBETZA: &[&str] = &[
    "W", "F", "N", "K", "Q", "R", "B", "D", "A", "C", "Z", "U", "X", "Y", "0", "2", "3", "f", "b", "l", "r", "v", "s",
    "h", "m", "c", "d", "e", "k", "t", "i", "ii", "n", "nn", "j", "p", "g", "o", "oo", "q", "z", "a", "a", "y", "u",
    "x", "(", ")", "-", "@",
];

/// Positions with the piece `X` for both sides, blockers, an e.p. square and castling rights.
const FENS: [&str; 3] = [
    "r3k2r/pppxpppp/8/8/3X4/8/PPPPPPPP/R3K2R w KQkq - 0 1",
    "4k3/8/2p1x3/3pP3/1P1X1p2/8/8/4K3 w - d6 0 1",
    "4k3/8/8/8/8/8/8/X3K3 b - - 0 1",
];

fn config() -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES").ok().and_then(|s| s.parse().ok()).unwrap_or(384);
    ProptestConfig { cases, failure_persistence: None, ..ProptestConfig::default() }
}

/// Runs `text` (in `dialect`) through every stage that accepts it.
fn run(dialect: Dialect, text: &str) -> Result<(), TestCaseError> {
    if let Err(list) = compile_move_in(dialect, text) {
        prop_assert!(!list.is_empty(), "`{}` fails without a diagnostic", text);
        for d in list {
            prop_assert!(d.span.start <= d.span.end && d.span.end <= text.len(), "`{}`: {}", text, d.message);
            prop_assert!(!d.message.trim().is_empty(), "`{}`: an empty message", text);
        }
        return Ok(());
    }
    let pieces = match dialect {
        Dialect::Mbn => format!("P R Q K X={text}"),
        Dialect::XBetza => "P R Q K X=W".to_string(),
    };
    let mut spec = VariantSpec::new("probe", 8, 8, FENS[0], &pieces);
    spec.royal = "K".into();
    spec.castling_partners = "R".into();
    spec.promotion_zone = Some("[8]".into());
    if dialect == Dialect::XBetza {
        spec.xbetza = vec![('X', text.to_string())];
    }
    let Ok(variant) = Variant::compile(&spec) else { return Ok(()) };
    if let Err(list) = emit_variant(&variant, "Probe", &EmitOptions::default()) {
        prop_assert!(list.iter().all(|d| !d.message.trim().is_empty()), "`{}`: an empty message", text);
    }
    if let Ok(interp) = Interpreter::new(&variant) {
        for fen in FENS {
            let pos = Position::<u64>::from_fen(&variant.table, Geometry::CHESS, fen).expect("a valid FEN");
            let mut list = MoveList::new();
            interp.legal_moves(&pos, &mut list);
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn any_mbn_move_compiles_runs_and_generates_or_is_an_error(tokens in vec(select(MBN), 1..8)) {
        run(Dialect::Mbn, &tokens.concat())?;
    }

    #[test]
    fn any_xbetza_move_compiles_runs_and_generates_or_is_an_error(tokens in vec(select(XBETZA), 1..8)) {
        run(Dialect::XBetza, &tokens.concat())?;
    }
}
