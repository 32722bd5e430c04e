//! Variant files: the `[regions]` table's errors (docs/SEMANTICS.md V9), and the code generator's
//! errors on XBetza pieces located in their XBetza string (X55).

use mbn_codegen::emit::{emit_variant, EmitOptions};
use mbn_codegen::interp::Interpreter;
use mbn_codegen::variant::{Field, VariantFile};

const HEAD: &str = r#"name = "t"
board = "8x8"
start = "4k3/8/8/8/8/8/8/3QK3 w - - 0 1"
pieces = "K|King| Q|Queen| R|Rook|"
royal = "K"
"#;

/// The errors of the file `HEAD` + `tail`, as `line:col: message`.
fn errors(tail: &str) -> Vec<String> {
    let text = format!("{HEAD}{tail}");
    let result = VariantFile::parse(&text, "t.toml").and_then(|file| file.compile().map(|_| ()));
    result.err().unwrap_or_default().iter().map(|e| format!("{}:{}: {}", e.line, e.column, e.message)).collect()
}

#[test]
fn region_errors_point_into_the_file() {
    assert!(errors("\n[regions]\nK = \"[d-f1-3]\"\nR = '[1-4]'\n").is_empty());
    // Line 7 is `Z = "[1-4]"`: the string starts at column 6.
    let e = errors("\n[regions]\nZ = \"[1-4]\"\n");
    assert_eq!(e.len(), 1, "{e:?}");
    assert!(e[0].starts_with("8:6: `Z` has a region but is not a piece of `pieces`"), "{e:?}");
    // Not a board range: at the parser's error (the `-` after `d`), or the column of the string.
    let e = errors("\n[regions]\nK = \"d-f1-3\"\n");
    assert!(e[0].starts_with("8:7: region `d-f1-3` is not an MBN board range such as `[d-f1-3]`"), "{e:?}");
    let e = errors("\n[regions]\nK = \"[d-f1-3]W\"\n");
    assert!(e[0].contains("region `[d-f1-3]W` is not an MBN board range"), "{e:?}");
    let e = errors("\n[regions]\nK = \"[d-f1-3\"\n");
    assert!(e[0].starts_with("8:"), "{e:?}");
    assert!(e[0].contains("region `[d-f1-3` is not an MBN board range"), "{e:?}");
    // Squares that depend on the position are refused.
    let e = errors("\n[regions]\nK = \"[+]\"\n");
    assert!(e[0].contains("`+` depends on the position; a region is fixed squares"), "{e:?}");
    // Keys are piece letters.
    let e = errors("\n[regions]\nKR = \"[1-3]\"\n");
    assert!(e[0].starts_with("8:6: `[regions]` keys are piece letters"), "{e:?}");
    // A move ending in a choice is bounded apart (V14); one ending in `{...}` or a counted choice
    // cannot be, nor a choice whose squares depend on threats, nor a `k` in a choice after repeats only.
    let region = |rook: &str| {
        let text = HEAD.replace("R|Rook|", &format!("R|Rook|={rook}"));
        let file = VariantFile::parse(&format!("{text}\n[regions]\nR = \"[1-4]\"\n"), "t.toml").expect("parses");
        file.compile().err().unwrap_or_default().iter().map(|e| e.message.clone()).collect::<Vec<_>>()
    };
    for accepted in ["W-[fF]", "[W]", "K-[kK]", "W-[F-[W]]", "W[+]-[F[*]]", "K-[iK]", "mefW-[meW-[mW]]"] {
        assert_eq!(region(accepted), Vec::<String>::new(), "{accepted}");
    }
    for (refused, what) in [
        ("W-{fF}", "a move that ends in `{...}` or a counted `[...]` (it may end before it)"),
        ("W-[fF]2", "a move that ends in `{...}` or a counted `[...]` (it may end before it)"),
        ("W-[fF[+]]", "a move that ends in a choice `[...]` whose squares depend on threats (`[+]`, `[*]`)"),
        ("(W-F)2-[kW]", "a move that ends in a choice `[...]` with `k` after repeated parts only"),
    ] {
        let e = region(refused);
        assert_eq!(e, [format!("`R` has a region, but {what} cannot be bounded by one")], "{refused}");
    }
    // A misspelt table name is caught with the others.
    let e = errors("\n[region]\nK = \"[1-3]\"\n");
    assert!(e[0].contains("unknown field `region`"), "{e:?}");
}

#[test]
fn code_generator_errors_on_xbetza_pieces_point_at_the_xbetza_string() {
    // `caxafW` (X28 induction with a capture on the way) runs in the interpreter only. The Queen's
    // XBetza is on line 8; its `c` is at column 7 (`Q = "F` before it).
    let text = format!("{HEAD}\n[xbetza]\nQ = \"FcaxafW\"\n");
    let file = VariantFile::parse(&text, "t.toml").expect("parses");
    let variant = file.compile().expect("compiles");
    assert!(Interpreter::new(&variant).is_ok());
    let options = EmitOptions::default();
    let list = emit_variant(&variant, "T", &options).expect_err("not generated yet");
    let fields = variant.attribute(list, |v| emit_variant(v, "T", &options));
    assert!(fields.iter().all(|d| d.field == Field::XBetza('Q')), "{fields:?}");
    let located = file.locate_all(&fields);
    assert_eq!((located[0].line, located[0].column), (8, 7), "{located:?}");
    assert!(located[0].message.contains("XBetza `x` with captures on the way"), "{located:?}");
    // An MBN piece the code generator refuses (`u` on a non-jumping leap with an unmoved range,
    // M104): on `pieces`, at its leg `nuA[:]` (column 38 of line 4, its `u`).
    let text = HEAD.replace("R|Rook|", "R|Rook|=nuA[:]");
    let file = VariantFile::parse(&text, "t.toml").expect("parses");
    let variant = file.compile().expect("compiles");
    let list = emit_variant(&variant, "T", &options).expect_err("not generated yet");
    let fields = variant.attribute(list, |v| emit_variant(v, "T", &options));
    assert!(fields.iter().all(|d| d.field == Field::Pieces), "{fields:?}");
    let located = file.locate_all(&fields);
    assert_eq!((located[0].line, located[0].column), (4, 38), "{located:?}");
}
