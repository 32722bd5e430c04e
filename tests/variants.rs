//! The bundled variants: every file loads, and perft from every reference position matches
//! Fairy-Stockfish. Also: errors in variant files are located at `path:line:col`.

use mbn::codegen::interp::Interpreter;
use mbn::codegen::variant::{FileError, Variant, VariantSpec};
use mbn::runtime::{perft, Bb256, Bitboard, Color, FenOptions, MoveGenerator, Position};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// `(variant, position, counts at depths 1.., reference depth, reference nodes)`.
///
/// The reference depth and nodes are those of `shared/reference/perft/fairy-stockfish-perft.txt`
/// (`startpos` is the variant's start position). The shallow counts (depth 1 to 3, or to the
/// reference depth if smaller) are Fairy-Stockfish's too, counted with pyffish 0.0.90; for chess
/// they are the published per-depth totals.
#[rustfmt::skip]
const REFERENCE: &[(&str, &str, &[u64], u32, u64)] = &[
    ("chess", "startpos", &[20, 400, 8902], 5, 4865609),
    ("chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -", &[48, 2039, 97862], 5, 193690690),
    ("chess", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -", &[14, 191, 2812], 6, 11030083),
    ("chess", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", &[6, 264, 9467], 5, 15833292),
    ("chess", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", &[44, 1486, 62379], 5, 89941194),
    ("chess", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", &[46, 2079, 89890], 5, 164075551),
    ("losalamos", "startpos", &[10, 100, 1212], 5, 191846),
    ("losalamos", "6/2P3/6/1K1k2/6/6 w - - 0 1", &[8, 49, 508], 6, 187431),
    ("makruk", "startpos", &[23, 529, 12012], 4, 273026),
    ("asean", "startpos", &[23, 529, 12012], 4, 273026),
    ("almost", "startpos", &[22, 484, 11895], 3, 11895),
    ("almost", "8/1k5P/8/8/8/3K4/p7/8 b - - 0 1", &[12, 140], 2, 140),
    ("shatar", "startpos", &[20, 400, 8426], 4, 177344),
    ("shatranj", "startpos", &[16, 256, 4176], 4, 68122),
    ("amazon", "startpos", &[22, 484, 12483], 4, 318185),
    ("nightrider", "startpos", &[24, 576, 15586], 4, 419019),
    ("hoppelpoppel", "startpos", &[20, 400, 9034], 4, 202459),
    ("newzealand", "startpos", &[20, 400, 8976], 4, 200310),
    ("capablanca", "startpos", &[28, 784, 25228], 4, 805128),
    ("embassy", "startpos", &[28, 784, 25281], 4, 809539),
    ("janus", "startpos", &[28, 782, 24747], 4, 772074),
    ("modern", "startpos", &[24, 576, 15831], 4, 433729),
    ("chancellor", "startpos", &[24, 576, 15896], 4, 436656),
    ("courier", "startpos", &[26, 678, 18406], 4, 500337),
    ("xiangqi", "startpos", &[44, 1920, 79666], 4, 3290240),
    ("xiangqi", "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1", &[49, 2265, 100326], 4, 4485547),
    ("xiangqi", "4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 0 1", &[13, 272, 3707], 4, 92741),
    ("grasshopper", "startpos", &[28, 782, 22314], 4, 635298),
    // Janggi's shallow counts keep the move history (`legal_moves(fen, moves)`): two passes in a
    // row, or a pass while the Generals face each other, end the game (SEMANTICS.md M27, V8).
    ("janggi", "startpos", &[32, 1024, 33000], 4, 1065277),
    ("janggi", "1n1kaabn1/cr2N4/5C1c1/p1pNp3p/9/9/P1PbP1P1P/3r1p3/4A4/R1BA1KB1R b - - 0 1", &[2, 61, 2644], 4, 76763),
    ("janggi", "1Pbcka3/3nNn1c1/N2CaC3/1pB6/9/9/5P3/9/4K4/9 w - - 0 23", &[25, 378, 8835], 4, 151202),
    ("minishogi", "startpos", &[14, 181, 2512, 35401], 5, 533203),
    ("shogi", "startpos", &[30, 900, 25470], 4, 719731),
    // Not in the reference file: counted with pyffish 0.0.90. A Pawn drop that mates (P@a4) is
    // among the 26 moves, no Pawn drop on the d-file (nifu) or the last rank.
    ("minishogi", "k4/2S2/1G2p/3P1/4K[Pp] w - - 0 1", &[26, 291, 5484], 3, 5484),
    // The Silver on c5 may promote when it leaves the zone; Gold and Silver drops.
    ("minishogi", "1rS1k/1b2p/2+p2/P1B2/K1G1+r[GSp] w - - 0 1", &[42, 1021, 32695], 3, 32695),
    // Knight, Lance and Bishop drops; every file holds a White Pawn.
    ("shogi", "lnsgk2nl/1r4gs1/p1pppp1pp/1p4p2/7P1/2P6/PP1PPPP1P/1SG4R1/LN1GKGSNL[BNLPbnlp] w - - 0 1", &[151, 21472, 2483033], 3, 2483033),
];

/// Deeper Fairy-Stockfish counts from the reference file's `[deeper]` section.
const DEEPER: &[(&str, &str, u32, u64)] = &[
    ("nightrider", "startpos", 5, 12_273_896),
    ("capablanca", "startpos", 5, 28_741_319),
    ("xiangqi", "startpos", 5, 133_312_995),
    ("shogi", "startpos", 5, 19_861_490),
    ("janggi", "startpos", 5, 35_243_995),
];

fn load(name: &str) -> (Variant, Interpreter) {
    let text = mbn::variants::find(name).unwrap_or_else(|| panic!("`{name}` is not bundled"));
    let variant = Variant::from_toml(text, &format!("variants/{name}.toml")).unwrap_or_else(|e| panic!("{e:?}"));
    let interp = Interpreter::new(&variant).unwrap_or_else(|e| panic!("{name}: {e:?}"));
    (variant, interp)
}

/// Perft from `fen` (or `startpos`) at `depth`, with the narrowest bitboard that fits.
fn count(variant: &Variant, interp: &Interpreter, fen: &str, depth: u32) -> u64 {
    fn run<B: Bitboard>(variant: &Variant, interp: &Interpreter, fen: &str, depth: u32) -> u64 {
        let fen = if fen == "startpos" { variant.spec.start_fen.as_str() } else { fen };
        let options = FenOptions { captures_to_hand: variant.spec.captures_to_hand, ..FenOptions::default() };
        let mut pos = Position::<B>::from_fen_with(variant.table.clone(), variant.geometry, fen, &options)
            .unwrap_or_else(|e| panic!("{}: {fen}: {e}", variant.spec.name));
        perft(interp, &mut pos, depth)
    }
    match variant.geometry.num_squares() {
        0..=64 => run::<u64>(variant, interp, fen, depth),
        65..=128 => run::<u128>(variant, interp, fen, depth),
        _ => run::<Bb256>(variant, interp, fen, depth),
    }
}

#[test]
fn every_bundled_file_loads() {
    assert!(mbn::variants::BUNDLED.len() >= 7);
    for &(name, text) in mbn::variants::BUNDLED {
        let spec = VariantSpec::from_toml(text, name).unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(spec.name, name, "a bundled file's `name` is its file name");
        let (variant, interp) = load(name);
        assert!(count(&variant, &interp, "startpos", 1) > 0, "{name}");
    }
    let names: Vec<&str> = mbn::variants::names().collect();
    assert!(names.windows(2).all(|w| w[0] < w[1]), "sorted: {names:?}");
    assert!(mbn::variants::find("chess").is_some());
    assert!(mbn::variants::find("no-such-variant").is_none());
}

#[test]
fn every_bundled_variant_has_reference_numbers() {
    for name in mbn::variants::names() {
        assert!(REFERENCE.iter().any(|r| r.0 == name), "no reference perft for `{name}`");
    }
}

#[test]
fn perft_matches_fairy_stockfish_at_small_depth() {
    for name in mbn::variants::names() {
        let (variant, interp) = load(name);
        for (_, fen, counts, _, _) in REFERENCE.iter().filter(|r| r.0 == name) {
            for (depth, &nodes) in counts.iter().enumerate() {
                let depth = depth as u32 + 1;
                assert_eq!(count(&variant, &interp, fen, depth), nodes, "{name} {fen} depth {depth}");
            }
        }
    }
}

/// Perft with the generated code of `name`, if it is generated.
fn count_generated(name: &str, fen: &str, depth: u32) -> Option<u64> {
    struct Perft(u32);
    impl mbn::generated::Visitor for Perft {
        type Output = u64;
        fn visit<B: Bitboard, G: MoveGenerator<B>>(self, generator: &G, mut position: Position<B>) -> u64 {
            perft(generator, &mut position, self.0)
        }
    }
    let fen = (fen != "startpos").then_some(fen);
    mbn::generated::visit(name, fen, Perft(depth)).map(|r| r.unwrap_or_else(|e| panic!("{name}: {fen:?}: {e}")))
}

#[test]
fn generated_code_matches_fairy_stockfish_at_small_depth() {
    for name in mbn::generated::GENERATED {
        for (_, fen, counts, _, _) in REFERENCE.iter().filter(|r| r.0 == *name) {
            for (depth, &nodes) in counts.iter().enumerate().take(3) {
                let depth = depth as u32 + 1;
                assert_eq!(count_generated(name, fen, depth), Some(nodes), "{name} {fen} depth {depth}");
            }
        }
    }
    for name in ["shogi", "minishogi"] {
        assert!(mbn::generated::GENERATED.contains(&name), "{name} is generated");
    }
}

/// Every reference position at its full reference depth, on all cores. Slow: run it with
/// `cargo test --release --test variants -- --ignored --nocapture`.
#[test]
#[ignore]
fn perft_matches_fairy_stockfish_at_reference_depth() {
    let mut cases: Vec<(&str, &str, u32, u64)> = REFERENCE
        .iter()
        .map(|&(v, fen, _, depth, nodes)| (v, fen, depth, nodes))
        .chain(DEEPER.iter().copied())
        .collect();
    // Largest first, so that the cores finish together.
    cases.sort_by_key(|c| std::cmp::Reverse(c.3));
    let next = AtomicUsize::new(0);
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    let failures = Mutex::new(Vec::new());
    let start = Instant::now();
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                while let Some(&(name, fen, depth, nodes)) = cases.get(next.fetch_add(1, Ordering::Relaxed)) {
                    let (variant, interp) = load(name);
                    let t = Instant::now();
                    let got = count(&variant, &interp, fen, depth);
                    let verdict = if got == nodes { "ok" } else { "MISMATCH" };
                    eprintln!("{name} {fen} depth {depth}: {got} {verdict} ({:.1} s)", t.elapsed().as_secs_f64());
                    if got != nodes {
                        failures.lock().unwrap().push(format!("{name} {fen} depth {depth}: {got}, expected {nodes}"));
                    }
                    let t = Instant::now();
                    if let Some(got) = count_generated(name, fen, depth) {
                        let verdict = if got == nodes { "ok" } else { "MISMATCH" };
                        eprintln!(
                            "{name} {fen} depth {depth} generated: {got} {verdict} ({:.1} s)",
                            t.elapsed().as_secs_f64()
                        );
                        if got != nodes {
                            failures
                                .lock()
                                .unwrap()
                                .push(format!("{name} {fen} depth {depth} generated: {got}, expected {nodes}"));
                        }
                    }
                }
            });
        }
    });
    eprintln!("{} positions in {:.1} s", cases.len(), start.elapsed().as_secs_f64());
    let failures = failures.into_inner().unwrap();
    assert!(failures.is_empty(), "{failures:#?}");
}

// --- Errors in variant files ---

const GOOD: &str = r#"name = "broken"
board = "8x8"
start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
pieces = "P N B R Q K +P==QRBN"
royal = "K"
castling-partners = "R"
promotion-zone = "[8]"
"#;

/// The same file with its `pieces` value (quotes included) replaced.
fn with_pieces(value: &str) -> String {
    GOOD.replace("\"P N B R Q K +P==QRBN\"", value)
}

/// The errors of compiling `text` as `broken.toml`.
fn errors(text: &str) -> Vec<FileError> {
    match Variant::from_toml(text, "broken.toml") {
        Ok(_) => panic!("expected an error in:\n{text}"),
        Err(e) => e,
    }
}

/// `(line, column)` of the first occurrence of `needle` in `text` (1-based, characters).
fn position_of(text: &str, needle: &str) -> (usize, usize) {
    let at = text.find(needle).unwrap_or_else(|| panic!("`{needle}` not in the text"));
    let before = &text[..at];
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    (before.matches('\n').count() + 1, before[line_start..].chars().count() + 1)
}

/// The error is at the first character of `needle` in `text`, and says so as `path:line:col: `.
fn assert_at(error: &FileError, text: &str, needle: &str) {
    let (line, column) = position_of(text, needle);
    assert_eq!((error.line, error.column), (line, column), "{error}\nin:\n{text}");
    assert!(error.to_string().starts_with(&format!("broken.toml:{line}:{column}: ")), "{error}");
}

#[test]
fn the_good_file_compiles() {
    let variant = Variant::from_toml(GOOD, "broken.toml").unwrap();
    assert_eq!((variant.spec.files, variant.spec.ranks), (8, 8));
    assert!(variant.spec.promotion_mandatory && !variant.spec.drops && !variant.spec.captures_to_hand);
}

#[test]
fn an_mbn_error_points_inside_a_basic_string() {
    let text = with_pieces("\"P N B R Q=mfWQq K +P==QRBN\"");
    let e = errors(&text);
    assert_at(&e[0], &text, "q K");
    assert!(e[0].message.contains("`q`"), "{}", e[0]);
}

#[test]
fn an_mbn_error_points_inside_a_string_with_escapes() {
    // `\t` and `\u0052` (R) before the error: the value's byte offset differs from the file's.
    let text = with_pieces(r#""P\tN B \u0052 Q=mfWQq K +P==QRBN""#);
    let e = errors(&text);
    assert_at(&e[0], &text, "q K");
}

#[test]
fn an_mbn_error_points_inside_literal_and_multi_line_strings() {
    for value in [
        "'P N B R Q=mfWQq K +P==QRBN'",
        "\"\"\"\nP N B R\nQ=mfWQq K +P==QRBN\"\"\"",
        "'''\nP N B R\n  Q=mfWQq K +P==QRBN'''",
        "\"\"\"P N \\\n    B R Q=mfWQq K +P==QRBN\"\"\"",
        "\"P N B R Z|\u{e9}t\u{e9}| Q=mfWQq K +P==QRBN\"",
    ] {
        let text = with_pieces(value);
        assert_at(&errors(&text)[0], &text, "q K");
    }
}

#[test]
fn unknown_keys_are_errors() {
    let text = GOOD.replace("royal = ", "castling = true\nroyal = ");
    let e = errors(&text);
    assert_at(&e[0], &text, "castling = true");
    assert!(e[0].message.contains("unknown field `castling`"), "{}", e[0]);
}

#[test]
fn missing_fields_are_errors() {
    for key in ["name", "board", "start", "pieces"] {
        let text: String = GOOD.lines().filter(|l| !l.starts_with(key)).map(|l| format!("{l}\n")).collect();
        let e = errors(&text);
        assert!(e[0].message.contains(&format!("missing field `{key}`")), "{}", e[0]);
        assert!(e[0].to_string().starts_with("broken.toml:1:1: "), "{}", e[0]);
    }
}

#[test]
fn bad_boards_are_errors() {
    for board in ["8y8", "x8", "8x", "20x8", "0x8", "-1x8", "8x8x8", "", "8 x 8"] {
        let text = GOOD.replace("\"8x8\"", &format!("\"{board}\""));
        let e = errors(&text);
        assert_eq!(e.len(), 1, "{board}: {e:?}");
        // Inside the quotes: one column after `board = "`.
        let (line, column) = position_of(&text, "board = ");
        assert_eq!((e[0].line, e[0].column), (line, column + "board = \"".len()), "{}", e[0]);
        assert!(e[0].message.contains("board"), "{}", e[0]);
    }
}

#[test]
fn toml_syntax_and_type_errors_are_located() {
    let text = GOOD.replace("royal = \"K\"", "royal = \"K");
    assert_eq!(errors(&text)[0].line, position_of(&text, "royal").0, "{}", errors(&text)[0]);
    let text = GOOD.replace("royal = \"K\"", "royal = K");
    assert_eq!(errors(&text)[0].line, position_of(&text, "royal").0, "{}", errors(&text)[0]);
    let text = GOOD.to_string() + "drops = \"yes\"\n";
    let e = errors(&text);
    assert_at(&e[0], &text, "\"yes\"");
}

#[test]
fn rule_fields_are_located() {
    let text = GOOD.replace("royal = \"K\"", "royal = \"KX\"");
    assert_at(&errors(&text)[0], &text, "X\"");
    let text = GOOD.replace("\"[8]\"", "\"[8\"");
    let e = errors(&text);
    assert_at(&e[0], &text, "[8\"");
    assert!(e[0].message.contains("promotion zone"), "{}", e[0]);
    let text = GOOD.replace("w KQkq", "w KQkz");
    let e = errors(&text);
    assert_at(&e[0], &text, "z - 0 1");
    assert!(e[0].message.contains("start position"), "{}", e[0]);
    let text = GOOD.replace("promotion-zone = \"[8]\"\n", "");
    assert_at(&errors(&text)[0], &text, "P==QRBN");
    let text = GOOD.to_string() + "drop-no-doubled = \"PZ\"\n";
    assert_at(&errors(&text)[0], &text, "Z\"");
    let text = GOOD.to_string() + "drop-mate-illegal = \"Y\"\n";
    assert_at(&errors(&text)[0], &text, "Y\"");
    let text = with_pieces("\"P N B R Q K +P==QRBN +Z=WfF\"");
    let e = errors(&text);
    assert_at(&e[0], &text, "+Z=WfF");
    assert!(e[0].message.contains("`Z` is not a piece"), "{}", e[0]);
}

// --- Shogi's rules (SEMANTICS.md V3-V7) ---

/// The sorted legal moves of the interpreter in `fen`.
fn legal_moves(variant: &Variant, interp: &Interpreter, fen: &str) -> Vec<String> {
    let options = FenOptions { captures_to_hand: variant.spec.captures_to_hand, ..FenOptions::default() };
    let pos = Position::<u128>::from_fen_with(variant.table.clone(), variant.geometry, fen, &options).unwrap();
    let mut list = mbn::runtime::MoveList::new();
    interp.legal_moves(&pos, &mut list);
    let mut text: Vec<String> = list.iter().map(|m| pos.uci(*m, list.extra_captures(m))).collect();
    text.sort();
    text
}

#[test]
fn promoted_pieces_are_kinds_that_demote() {
    let (variant, _) = load("shogi");
    let kind = |plus: bool, c: char| variant.table.kind_of_symbol(plus, c).unwrap();
    for c in ['P', 'L', 'N', 'S', 'B', 'R'] {
        // `+P=WfF` defines the kind `+P`, `P` promotes to it and it goes to hand as `P`.
        let promoted = kind(true, c);
        assert_eq!(variant.table.get(promoted).unwrap().promoted_from, Some(kind(false, c)), "{c}");
        let targets = &variant.promotions[kind(false, c).index()].as_ref().unwrap().targets;
        assert_eq!(targets, &vec![promoted], "{c}");
    }
    for c in ['G', 'K'] {
        assert!(variant.promotions[kind(false, c).index()].is_none(), "{c}");
        assert!(variant.table.kind_of_symbol(true, c).is_none(), "{c}");
    }
    // As for other pieces, a lower-case `+p=...` gives Black's promoted piece moves of its own.
    let mut spec = VariantSpec::new("t", 5, 5, "4k/5/5/5/K4 w - - 0 1", "K P=fW +P=WfF +p=WbF");
    spec.promotion_zone = Some("[5]".into());
    let own = Variant::compile(&spec).unwrap();
    let tokin = own.table.kind_of_symbol(true, 'P').unwrap().index();
    assert_ne!(own.moves[tokin][0], own.moves[tokin][1]);
    spec.pieces = "K P=fW +P=WfF".into();
    let mirrored = Variant::compile(&spec).unwrap();
    assert_eq!(mirrored.moves[tokin][0], mirrored.moves[tokin][1]);
}

#[test]
fn pieces_are_never_left_where_they_cannot_move() {
    let (variant, interp) = load("shogi");
    let g = variant.geometry;
    let kind = |c: char| variant.table.kind_of_symbol(false, c).unwrap();
    let ranks = |c: char, color: Color| -> Vec<u8> {
        let immobile = interp.immobile(kind(c), color);
        let mut r: Vec<u8> = g.squares().filter(|s| immobile[s.index()]).map(|s| g.rank_of(s) + 1).collect();
        r.dedup();
        r
    };
    assert_eq!(ranks('P', Color::White), [9]);
    assert_eq!(ranks('L', Color::White), [9]);
    assert_eq!(ranks('N', Color::White), [8, 9]);
    assert_eq!(ranks('N', Color::Black), [1, 2]);
    assert!(ranks('S', Color::White).is_empty() && ranks('G', Color::Black).is_empty());
    // A Knight reaching the 8th rank must promote; Pawn drops avoid the
    // 9th rank and the files of the own unpromoted Pawns (b), not of the Tokin (a).
    let moves = legal_moves(&variant, &interp, "4k4/9/9/1N3N3/9/+P8/1P7/9/4K4[P] w - - 0 1");
    for want in ["b6a8+", "b6c8+", "f6e8+", "f6g8+", "P@a8", "P@c8", "P@a5"] {
        assert!(moves.contains(&want.to_string()), "{want} in {moves:?}");
    }
    for unwanted in ["b6a8", "f6e8", "P@b5", "P@c9", "P@a9"] {
        assert!(!moves.contains(&unwanted.to_string()), "{unwanted} in {moves:?}");
    }
}

#[test]
fn a_pawn_drop_mate_is_a_move_unless_the_variant_forbids_it() {
    let fen = "k4/2S2/1G2p/3P1/4K[Pp] w - - 0 1";
    let (variant, interp) = load("minishogi");
    let moves = legal_moves(&variant, &interp, fen);
    // Fairy-Stockfish's 26 moves include the mate P@a4.
    assert_eq!(moves.len(), 26);
    assert!(moves.contains(&"P@a4".to_string()));
    let text = mbn::variants::find("minishogi").unwrap().to_string() + "drop-mate-illegal = \"P\"\n";
    let variant = Variant::from_toml(&text, "minishogi.toml").unwrap();
    let interp = Interpreter::new(&variant).unwrap();
    let moves = legal_moves(&variant, &interp, fen);
    assert_eq!(moves.len(), 25);
    assert!(!moves.contains(&"P@a4".to_string()));
    // A Pawn drop that checks without mating stays: from b3 the Gold no longer guards a4.
    let moves = legal_moves(&variant, &interp, "k4/2S2/5/1G1P1/4K[Pp] w - - 0 1");
    assert!(moves.contains(&"P@a4".to_string()), "{moves:?}");
}

#[test]
fn several_errors_are_all_reported() {
    let text = with_pieces("\"P N B R Q=mfWQq K=zz +P==QRBN\"");
    assert!(errors(&text).len() >= 2, "{:?}", errors(&text));
}

/// No input makes the loader panic: every prefix of some bundled files, and mangled ones.
#[test]
fn truncated_and_mangled_files_do_not_panic() {
    for name in ["chess", "capablanca"] {
        let text = mbn::variants::find(name).unwrap();
        for (i, _) in text.char_indices() {
            let _ = Variant::from_toml(&text[..i], "cut.toml");
        }
    }
    for junk in ["", "=", "[", "name = 1", "pieces = \"\"\"", "board = \"255x255\"", "\u{feff}name = \"\u{e9}\""] {
        let _ = Variant::from_toml(junk, "junk.toml");
        let _ = Variant::from_toml(&format!("{GOOD}{junk}"), "junk.toml");
    }
    let _ = Variant::from_toml(&with_pieces(r#""\u00e9\q""#), "junk.toml");
    let _ = Variant::from_toml(&with_pieces("\"\""), "junk.toml");
}

#[test]
fn the_cli_runs_shogi_on_both_back_ends() {
    for engine in [&[][..], &["--interpret"][..]] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_mbn"))
            .args(["perft", "shogi", "3"])
            .args(engine)
            .output()
            .expect("the mbn binary runs");
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "{engine:?}: {text}{}", String::from_utf8_lossy(&out.stderr));
        assert!(text.lines().any(|l| l == "nodes: 25470"), "{engine:?}: {text}");
    }
}

// Minishogi written inline in `mbn!`, with the drop keys (`drops`, `captures_to_hand`,
// `immobility_illegal`, `drop_no_doubled`): the bundled file's (Fairy-Stockfish's) perft.
mbn::mbn! {
    variant InlineMinishogi {
        board: "5x5",
        start: "rbsgk/4p/5/P4/KGSBR[-] w - - 0 1",
        pieces: "P|Pawn|=fW S|Silver|=FfW G|Gold|=WfF B|Bishop| R|Rook| K|King|
            +P|Tokin|=WfF +S|PromotedSilver|=WfF +B|Horse|=BW +R|Dragon|=RF",
        royal: "K",
        promotion_zone: "[5]",
        promotion_mandatory: false,
        immobility_illegal: true,
        drops: true,
        captures_to_hand: true,
        drop_no_doubled: "P",
    }
}

#[test]
fn inline_minishogi_with_the_drop_keys() {
    for (depth, nodes) in [(1, 14), (2, 181), (3, 2512)] {
        assert_eq!(perft(&InlineMinishogi, &mut InlineMinishogi::start_position(), depth), nodes);
    }
    // Pawns in hand, one on d2 already: no Pawn drop on the d-file (`drop_no_doubled`).
    let mut pos = InlineMinishogi::position("k4/2S2/1G2p/3P1/4K[Pp] w - - 0 1").expect("the position loads");
    for (depth, nodes) in [(1, 26), (2, 291)] {
        assert_eq!(perft(&InlineMinishogi, &mut pos, depth), nodes);
    }
}
