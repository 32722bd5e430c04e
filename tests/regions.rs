//! Mobility regions (`[regions]`, docs/SEMANTICS.md V9–V10, V14) in both back ends, and the XBetza twin
//! of Xiangqi that they make possible (X54–X56): hand-checked destinations, Fairy-Stockfish's perft
//! numbers, and the generated code against the interpreter.

mod common;

use mbn::codegen::interp::Interpreter;
use mbn::codegen::variant::Variant;
use mbn::runtime::{perft, Bitboard, MoveGenerator, MoveList, Position};

mbn::mbn! { variant Regions = "tests/data/regions.toml"; }
mbn::mbn! { variant XiangqiTwin = "tests/data/xiangqi-twin-xbetza.toml"; }

fn interpreter(path: &str) -> Interpreter {
    let full = format!("{}/{path}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{full}: {e}"));
    let variant = Variant::from_toml(&text, &full).unwrap_or_else(|e| panic!("{}", e[0]));
    Interpreter::new(&variant).unwrap_or_else(|e| panic!("{}", e[0].message))
}

/// The legal moves of `generator` from `from` (every move with `None`) as `to` or `xto` (drops as
/// `N@to`), sorted.
fn listed<B: Bitboard, G: MoveGenerator<B>>(generator: &G, pos: &Position<B>, from: Option<&str>) -> String {
    let g = pos.geometry();
    let mut list = MoveList::new();
    generator.legal_moves(pos, &mut list);
    let mut out: Vec<String> = list
        .iter()
        .filter(|mv| !mv.is_drop() && from.is_none_or(|f| g.square_name(mv.from()) == f))
        .map(|mv| {
            let x = if mv.is_capture() { "x" } else { "" };
            let at = if from.is_none() { g.square_name(mv.from()) } else { String::new() };
            format!("{at}{x}{}", g.square_name(mv.to()))
        })
        .collect();
    out.sort();
    out.join(" ")
}

/// The squares `generator` drops on, sorted.
fn drops<B: Bitboard, G: MoveGenerator<B>>(generator: &G, pos: &Position<B>) -> String {
    let g = pos.geometry();
    let mut list = MoveList::new();
    generator.legal_moves(pos, &mut list);
    let mut out: Vec<String> = list.iter().filter(|mv| mv.is_drop()).map(|mv| g.square_name(mv.to())).collect();
    out.sort();
    out.join(" ")
}

/// Both back ends, asserted equal.
fn both<B: Bitboard, G: MoveGenerator<B>>(
    generated: &G,
    interp: &Interpreter,
    pos: &Position<B>,
    from: Option<&str>,
) -> String {
    let got = listed(generated, pos, from);
    assert_eq!(got, listed(interp, pos, from), "generated vs interpreted: {}", pos.to_fen());
    got
}

#[test]
fn regions_bound_every_kind_of_move_by_hand() {
    let interp = interpreter("tests/data/regions.toml");
    let at = |fen: &str, from: &str| both(&Regions, &interp, &Regions::position(fen).expect("loads"), Some(from));
    // The Rook `[1-4]`: it rides through d5-d8 but stops only on ranks 1-4; with blockers it
    // takes d4 and f2, not d6 (outside its region).
    assert_eq!(at("4k3/8/8/8/8/8/3R4/4K3 w - - 0 1", "d2"), "a2 b2 c2 d1 d3 d4 e2 f2 g2 h2");
    assert_eq!(at("4k3/8/3p4/8/3p4/8/1P1R1n2/4K3 w - - 0 1", "d2"), "c2 d1 d3 e2 xd4 xf2");
    assert_eq!(at("4k3/8/3p4/8/8/3R4/8/4K3 w - - 0 1", "d3"), "a3 b3 c3 d1 d2 d4 e3 f3 g3 h3");
    // Black's Rook: ranks 5-8 (mirrored).
    assert_eq!(at("4k3/3r4/8/8/8/8/8/4K3 b - - 0 1", "d7"), "a7 b7 c7 d5 d6 d8 e7 f7 g7 h7");
    // The Knight `[a-d]`: from c3 not e2 or e4; with an enemy on b5 and a friend on d5.
    assert_eq!(at("4k3/8/8/8/8/2N5/8/4K3 w - - 0 1", "c3"), "a2 a4 b1 b5 d1 d5");
    assert_eq!(at("4k3/8/8/1p1P4/8/2N5/8/4K3 w - - 0 1", "c3"), "a2 a4 b1 d1 xb5");
    // The Horse `W-fF` `[1-5]` (a multi-leg move): from d4 not c6 or e6; from e4 with d4 blocked
    // not c3 or c5 either.
    assert_eq!(at("4k3/8/8/8/3H4/8/8/4K3 w - - 0 1", "d4"), "b3 b5 c2 e2 f3 f5");
    assert_eq!(at("4k3/8/8/8/3pH3/8/8/K7 w - - 0 1", "e4"), "d2 f2 g3 g5");
    // The XBetza Ferz `[c-f1-4]`: from d4 only c3 and e3; from b2, outside its region, only back in.
    assert_eq!(at("4k3/8/8/8/3F4/8/8/K7 w - - 0 1", "d4"), "c3 e3");
    assert_eq!(at("4k3/8/8/8/8/8/1F6/7K w - - 0 1", "b2"), "c1 c3");
    // The XBetza King `[b-g1-3]`: from b1 not a1 or a2.
    assert_eq!(at("4k3/8/8/8/8/8/8/1K6 w - - 0 1", "b1"), "b2 c1 c2");
    // In check from a Pawn on c2: b2, c1 or taking it, not a1 or a2.
    assert_eq!(at("4k3/8/8/8/8/8/2p5/1K6 w - - 0 1", "b1"), "b2 c1 xc2");
}

#[test]
fn a_piece_attacks_nothing_outside_its_region() {
    let interp = interpreter("tests/data/regions.toml");
    // White's Knight on d5 attacks b4 b6 c3 c7 only: Black's King on f7 may step to e7 and f6
    // (Fairy-Stockfish: a piece gives no check outside its mobility region).
    let pos = Regions::position("8/5k2/8/3N4/8/8/8/K7 b - - 0 1").expect("loads");
    assert_eq!(both(&Regions, &interp, &pos, Some("f7")), "e6 e7 e8 f6 f8 g6 g7 g8");
    // A Rook on d4 with Black's King on d6 (its region: ranks 6-8): the Rook stops on neither d6
    // nor d7 (rank 6, 7), so no check and d7 is safe.
    let pos = Regions::position("8/8/3k4/8/3R4/8/8/K7 b - - 0 1").expect("loads");
    assert_eq!(both(&Regions, &interp, &pos, Some("d6")), "c6 c7 d7 e6 e7");
}

#[test]
fn drops_stay_in_the_region() {
    let interp = interpreter("tests/data/regions.toml");
    // A Knight in hand: files a-d only, for both sides.
    let pos = Regions::position("4k3/8/8/8/8/8/8/4K3[Nn] w - - 0 1").expect("loads");
    let files_a_to_d: Vec<String> =
        "abcd".chars().flat_map(|f| (1..=8).map(move |r| format!("{f}{r}"))).collect::<Vec<_>>();
    let mut want = files_a_to_d.clone();
    want.sort();
    assert_eq!(drops(&Regions, &pos), want.join(" "));
    assert_eq!(drops(&interp, &pos), want.join(" "));
    // A Rook in hand for Black: ranks 5-8 but e8 (its King).
    let pos = Regions::position("4k3/8/8/8/8/8/8/4K3[r] b - - 0 1").expect("loads");
    let mut want: Vec<String> =
        "abcdefgh".chars().flat_map(|f| (5..=8).map(move |r| format!("{f}{r}"))).filter(|s| s != "e8").collect();
    want.sort();
    assert_eq!(drops(&Regions, &pos), want.join(" "));
    assert_eq!(drops(&interp, &pos), want.join(" "));
}

/// Fairy-Stockfish (pyffish 0.0.90), the same pieces with `mobilityRegion…` for the King, Rook,
/// Knight, Horse and Ferz, drops and captures to hand, no castling or double step: perft 1-3.
const FAIRY_STOCKFISH_REGIONS: [(&str, [u64; 3]); 4] = [
    ("rnbqkfhr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKFHR[] w - - 0 1", [10, 100, 1250]),
    ("r3k2r/1pp1fp2/2n1h3/p3p1Np/3P4/2H1F3/PPP2PPP/R3K2R[NQnp] w - - 0 1", [83, 6837, 430_978]),
    ("4k3/8/2N5/3r4/8/5h2/1F6/4K3[RNHFPrnhfp] b - - 0 1", [184, 32_175, 4_661_002]),
    ("8/2k5/8/3R4/8/8/6K1/8[Nn] w - - 0 1", [39, 1335, 26_073]),
];

#[test]
fn regions_have_fairy_stockfish_perft_in_both_back_ends() {
    let interp = interpreter("tests/data/regions.toml");
    for (fen, want) in FAIRY_STOCKFISH_REGIONS {
        let start = Regions::position(fen).expect("loads");
        // Depth 3 of the drop-heavy position takes long in a debug build: the interpreter stops at 2.
        for depth in 1..=3 {
            let generated = perft(&Regions, &mut start.clone(), depth);
            assert_eq!(generated, want[depth as usize - 1], "generated perft {depth}: {fen}");
            if want[depth as usize - 1] < 1_000_000 {
                assert_eq!(perft(&interp, &mut start.clone(), depth), generated, "interpreted perft {depth}: {fen}");
            }
        }
    }
}

/// A crossed Soldier is an `S` in the twin's FEN (X56): White's `P` on ranks 6-10 and Black's `p`
/// on ranks 1-5 are rewritten.
fn twin_fen(fen: &str) -> String {
    let (board, rest) = fen.split_once(' ').expect("a FEN");
    let rows: Vec<String> = board
        .split('/')
        .enumerate()
        .map(|(i, row)| {
            let rank = 10 - i;
            row.chars()
                .map(|c| match c {
                    'P' if rank >= 6 => 'S',
                    'p' if rank <= 5 => 's',
                    c => c,
                })
                .collect()
        })
        .collect();
    format!("{} {rest}", rows.join("/"))
}

/// Fairy-Stockfish's Xiangqi perft (`shared/reference/perft/fairy-stockfish-perft.txt`, depth 4;
/// depths 1-3 from `tests/variants.rs`).
const FAIRY_STOCKFISH_XIANGQI: [(&str, [u64; 3]); 3] = [
    ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", [44, 1920, 79_666]),
    ("1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1", [49, 2265, 100_326]),
    ("4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 0 1", [13, 272, 3707]),
];

struct Perft(u32);

impl mbn::generated::Visitor for Perft {
    type Output = u64;
    fn visit<B: Bitboard, G: MoveGenerator<B>>(self, generator: &G, mut pos: Position<B>) -> u64 {
        perft(generator, &mut pos, self.0)
    }
}

#[test]
fn xiangqi_twin_has_the_perft_of_xiangqi_in_both_back_ends() {
    let interp = interpreter("tests/data/xiangqi-twin-xbetza.toml");
    for (fen, want) in FAIRY_STOCKFISH_XIANGQI {
        let twin = twin_fen(fen);
        let start = XiangqiTwin::position(&twin).expect("loads");
        for depth in 1..=3 {
            let generated = perft(&XiangqiTwin, &mut start.clone(), depth);
            assert_eq!(generated, want[depth as usize - 1], "generated perft {depth}: {twin}");
            assert_eq!(perft(&interp, &mut start.clone(), depth), generated, "interpreted perft {depth}: {twin}");
            // The bundled MBN Xiangqi, on the FEN with `P`.
            let mbn = mbn::generated::visit("xiangqi", Some(fen), Perft(depth)).expect("generated").expect("loads");
            assert_eq!(mbn, generated, "variants/xiangqi.toml perft {depth}: {fen}");
        }
    }
}

/// Fairy-Stockfish's depth 4 (`shared/reference/perft/fairy-stockfish-perft.txt`) in the generated
/// code (bulk counting: under two seconds in a debug build), and in the interpreter for the
/// smallest count.
#[test]
fn xiangqi_twin_has_fairy_stockfish_perft_at_depth_4() {
    let interp = interpreter("tests/data/xiangqi-twin-xbetza.toml");
    let want = [3_290_240, 4_485_547, 92_741];
    for ((fen, _), want) in FAIRY_STOCKFISH_XIANGQI.iter().zip(want) {
        let start = XiangqiTwin::position(&twin_fen(fen)).expect("loads");
        assert_eq!(perft(&XiangqiTwin, &mut start.clone(), 4), want, "generated perft 4: {fen}");
        if want < 100_000 {
            assert_eq!(perft(&interp, &mut start.clone(), 4), want, "interpreted perft 4: {fen}");
        }
    }
}

#[test]
fn xiangqi_twin_by_hand() {
    let interp = interpreter("tests/data/xiangqi-twin-xbetza.toml");
    let at =
        |fen: &str, from: &str| both(&XiangqiTwin, &interp, &XiangqiTwin::position(fen).expect("loads"), Some(from));
    // The General in its palace: from f1 not g1 (outside) nor e1 (facing Black's General on the
    // open e-file: the flying general, `fkR`, which the region does not bound).
    assert_eq!(at("4k4/9/9/9/9/9/9/9/9/5K3 w - - 0 1", "f1"), "f2");
    // With a Soldier between the Generals the e-file is closed: e1 is legal.
    assert_eq!(at("4k4/9/9/9/4p4/9/9/9/9/5K3 w - - 0 1", "f1"), "e1 f2");
    // Advisor: the palace diagonals only (e2 from d1; from e2 all four corners).
    assert_eq!(at("3k5/9/9/9/9/9/9/9/9/3AK4 w - - 0 1", "d1"), "e2");
    assert_eq!(at("3k5/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1", "e2"), "d1 d3 f1 f3");
    // Elephant: a lame Alfil on its side of the river: from e5 c3 and g3, not c7 or g7; blocked
    // on f4.
    assert_eq!(at("3k5/9/9/9/9/4B4/9/9/9/4K4 w - - 0 1", "e5"), "c3 g3");
    assert_eq!(at("3k5/9/9/9/9/4B4/5p3/9/9/4K4 w - - 0 1", "e5"), "c3");
    // Soldier: forward only before the river; crossing promotes to the Crossed Soldier, which
    // also steps sideways.
    assert_eq!(at("3k5/9/9/9/9/4P4/9/9/9/4K4 w - - 0 1", "e5"), "e6");
    assert_eq!(at("3k5/9/9/9/4S4/9/9/9/9/4K4 w - - 0 1", "e6"), "d6 e7 f6");
    let pos = XiangqiTwin::position("3k5/9/9/9/9/4P4/9/9/9/4K4 w - - 0 1").expect("loads");
    let mut list = MoveList::new();
    XiangqiTwin.legal_moves(&pos, &mut list);
    let cross = list.iter().find(|m| pos.geometry().square_name(m.from()) == "e5").expect("e5e6");
    let letter = cross.promotion().and_then(|k| pos.table().get(k)).map(|info| info.letter);
    assert_eq!(letter, Some('S'), "the Soldier crossing the river becomes the Crossed Soldier");
}

common::twin_variant! {
    InlineRegions, inline_interpreter {
        board: "8x8",
        start: "4k3/8/8/8/8/8/3R4/4K3 w - - 0 1",
        pieces: "K|King| R|Rook|",
        royal: "K",
    }
    regions { R = "[1-4]", K = "[b-g1-3]" }
}

#[test]
fn inline_variants_take_regions() {
    let interp = inline_interpreter();
    let pos = InlineRegions::start_position();
    assert_eq!(both(&InlineRegions, &interp, &pos, Some("d2")), "a2 b2 c2 d1 d3 d4 e2 f2 g2 h2");
    // Black's King has no region here: e8 to every neighbour.
    let pos = InlineRegions::position("4k3/8/8/8/8/8/3R4/4K3 b - - 0 1").expect("loads");
    assert_eq!(both(&InlineRegions, &interp, &pos, Some("e8")), "d7 d8 e7 f7 f8");
    for depth in 1..=3 {
        let start = InlineRegions::start_position();
        assert_eq!(perft(&InlineRegions, &mut start.clone(), depth), perft(&interp, &mut start.clone(), depth));
    }
}

common::twin_variant! {
    /// V14: moves ending in a choice `[...]`, bounded by regions: the Horse `W-[fF]` `[1-5]`
    /// (Fairy-Stockfish's `WnN`), the Lion `K-[kK]` `[c-f]` (its King steps may not check either,
    /// M82), the Tower `kkF-[W-[kW]]` `[2-7]` (a choice ending a choice; its
    /// `k` is the stronger rule, M82) and the Triple `cefF+(mefW-[imeW-[mW]])` `[1-4]` (M142).
    ChoiceRegions, choice_regions_interpreter {
        board: "8x8",
        start: "rtbqklhr/ppeppepp/8/8/8/8/PPEPPEPP/RTBQKLHR w - - 0 1",
        pieces: "P|Pawn|=mfW+cfF N|Knight| B|Bishop| R|Rook| Q|Queen| K|King| H|Horse|=W-[fF] L|Lion|=K-[kK] \
                 T|Tower|=kkF-[W-[kW]] E|Triple|=cefF+(mefW-[imeW-[mW]]) +P==NBRQ",
        royal: "K",
        promotion_zone: "[8]",
    }
    regions { H = "[1-5]", L = "[c-f]", T = "[2-7]", E = "[1-4]" }
}

/// [`ChoiceRegions`]' spec with other pieces and regions, for the interpreter.
fn choice_regions_spec(pieces: &str, regions: &[(char, &str)]) -> mbn::codegen::variant::VariantSpec {
    let start = ChoiceRegions::start_position().to_fen();
    let pieces = format!("P|Pawn|=mfW+cfF N|Knight| B|Bishop| R|Rook| Q|Queen| K|King| {pieces} +P==NBRQ");
    let mut spec = common::agree::test_spec("choice-regions", 8, &start, &pieces, "K", "[8]");
    spec.regions = regions.iter().map(|&(c, r)| (c, r.to_string())).collect();
    spec
}

/// Positions where the three pieces check, block and meet their regions' edges.
const CHOICE_POSITIONS: [&str; 4] = [
    "rtbqklhr/ppeppepp/8/8/8/8/PPEPPEPP/RTBQKLHR w - - 0 1",
    "r1b1k2r/pe1pl1pp/2t2h2/2p1p3/2L1P3/2HT4/PEP2PEP/R1B1K2R w - - 0 1",
    "4k3/3t4/2L5/4l3/8/3T4/8/4K3 b - - 0 1",
    "8/3k4/8/2LT4/3tl3/8/8/4K3 w - - 0 1",
];

#[test]
fn moves_ending_in_a_choice_are_bounded_by_hand() {
    let interp = choice_regions_interpreter();
    let at = |fen: &str, from: &str| {
        both(&ChoiceRegions, &interp, &ChoiceRegions::position(fen).expect("loads"), Some(from))
    };
    // The Horse `W-[fF]` `[1-5]`: its steps, and the Xiangqi Horse's leaps but c6 and e6; from d5
    // not d6 and no leap through it.
    assert_eq!(at("4k3/8/8/8/3H4/8/8/4K3 w - - 0 1", "d4"), "b3 b5 c2 c4 d3 d5 e2 e4 f3 f5");
    assert_eq!(at("4k3/8/8/3H4/8/8/8/4K3 w - - 0 1", "d5"), "b4 c3 c5 d4 e3 e5 f4");
    // The Lion `K-[kK]` `[c-f]`: a step, or two straight on (no b2 b4 b6, outside).
    assert_eq!(at("8/8/8/8/3L4/8/8/k3K3 w - - 0 1", "d4"), "c3 c4 c5 d2 d3 d5 d6 e3 e4 e5 f2 f4 f6");
    // With Black's King on f7 neither its two steps to f6 nor its step to d5 may check (M82: the
    // `k` of the choice restricts the whole move).
    assert_eq!(at("8/5k2/8/8/3L4/8/8/4K3 w - - 0 1", "d4"), "c3 c4 c5 d2 d3 d6 e3 e4 e5 f2 f4");
    // The Tower `kkF-[W-[kW]]` `[2-7]`: from b2 not a1 or c1 (rank 1).
    assert_eq!(at("7k/8/8/8/8/8/1T6/4K3 w - - 0 1", "b2"), "a3 a4 a5 c3 c4 c5 d3 e3");
    // The Triple `cefF+(mefW-[imeW-[mW]])` `[1-4]` on f2: one or two steps, not three (f5); its two
    // steps leave rights on f3 only (M142: the `me` of its step to f4 is for the third).
    assert_eq!(at("4k3/8/8/8/8/8/5E2/4K3 w - - 0 1", "f2"), "f3 f4");
    let start = ChoiceRegions::position("4k3/8/8/8/8/8/5E2/4K3 w - - 0 1").expect("loads");
    let f3 = Bitboard::from_square(start.geometry().parse_square("f3").expect("a square"));
    let mut pos = start.clone();
    common::agree::play(&ChoiceRegions, &mut pos, &["f2f4"]);
    assert_eq!(pos.ep_targets(), f3, "generated");
    let mut pos = start.clone();
    common::agree::play(&interp, &mut pos, &["f2f4"]);
    assert_eq!(pos.ep_targets(), f3, "interpreted");
}

/// Fairy-Stockfish (pyffish 0.0.90): chess without castling or double steps, and the Horse
/// `customPiece1 = h:WnN` with `mobilityRegionWhiteCustomPiece1` ranks 1-5 (Black's 4-8): perft 1-3.
const FAIRY_STOCKFISH_CHOICE_REGIONS: [(&str, [u64; 3]); 4] = [
    ("rnbqkbhr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBHR w - - 0 1", [10, 100, 1330]),
    ("r1bqk2r/pp1p1ppp/2n2h2/2p1p3/2B1P3/2HP1N2/PPP2PPP/R1BQK2R w - - 0 1", [32, 822, 27_342]),
    ("4k3/2h1p3/8/3PH3/1h6/4p3/8/R3K3 b - - 0 1", [21, 395, 7440]),
    ("3k4/8/3h4/8/2H1H3/8/4p3/4K3 w - - 0 1", [23, 399, 7702]),
];

#[test]
fn a_choice_bounded_by_a_region_has_fairy_stockfish_perft_in_both_back_ends() {
    let interp = choice_regions_interpreter();
    for (fen, want) in FAIRY_STOCKFISH_CHOICE_REGIONS {
        let start = ChoiceRegions::position(fen).expect("loads");
        for depth in 1..=3 {
            let generated = perft(&ChoiceRegions, &mut start.clone(), depth);
            assert_eq!(generated, want[depth as usize - 1], "generated perft {depth}: {fen}");
            assert_eq!(perft(&interp, &mut start.clone(), depth), generated, "interpreted perft {depth}: {fen}");
        }
    }
}

#[test]
fn moves_ending_in_a_choice_with_regions_agree_with_the_interpreter() {
    let interp = choice_regions_interpreter();
    for fen in CHOICE_POSITIONS {
        let start = ChoiceRegions::position(fen).expect("loads");
        common::agree::assert_agree_on(fen, &ChoiceRegions, &interp, start, 300);
    }
}

#[test]
fn a_choice_bounded_by_a_region_moves_as_the_moves_it_stands_for() {
    let written = "H|Horse|=W-[fF] L|Lion|=K-[kK] T|Tower|=kkF-[W-[kW]] E|Triple|=cefF+(mefW-[imeW-[mW]])";
    let spelled = "H|Horse|=W+(W-fF) L|Lion|=kK+(kK-K) T|Tower|=kF+(kF-W)+(F-W-kW) \
                   E|Triple|=cefF+mfW+(imefW-mW)+(imefW-meW-mW)";
    let regions = [('H', "[1-5]"), ('L', "[c-f]"), ('T', "[2-7]"), ('E', "[1-4]")];
    let whole = [('H', "[a-h1-8]"), ('L', "[a-h1-8]"), ('T', "[a-h1-8]"), ('E', "[a-h1-8]")];
    let interp =
        |pieces: &str, regions: &[(char, &str)]| common::agree::spec_interpreter(&choice_regions_spec(pieces, regions));
    // The moves written out (M4, M82: the `k` rules of the choice on both; M142: the rights of a
    // leg before a choice for the longer move only), with the same regions.
    let (with_regions, written_out) = (interp(written, &regions), interp(spelled, &regions));
    // A region of the whole board bounds nothing: as without regions (where no split is made).
    let (whole_board, none) = (interp(written, &whole), interp(written, &[]));
    for fen in CHOICE_POSITIONS {
        let start = ChoiceRegions::position(fen).expect("loads");
        for depth in 1..=3 {
            let count = |g: &Interpreter| perft(g, &mut start.clone(), depth);
            assert_eq!(count(&with_regions), count(&written_out), "written out, perft {depth}: {fen}");
            assert_eq!(count(&whole_board), count(&none), "whole board, perft {depth}: {fen}");
        }
    }
}
