//! Cylinder boards (docs/SEMANTICS.md M38-M40, X39-X40): `o` joins the side edges, `oo` the top
//! and bottom edges too, `o[b,g]` joins files b and g. Hand-checked destination sets on an empty
//! board and with blockers, in both back ends (`mbn!` lone pieces and the interpreter); the
//! generated pieces against the interpreter on random boards, moves and attacks; the seeds'
//! examples in both dialects; what is refused.

mod common;

use common::lone::{set, sq, Attacks, Lone, Moves};
use common::Xorshift;
use mbn::codegen::interp::Interpreter;
use mbn::codegen::variant::{Variant, VariantSpec};
use mbn::codegen::{compile_move_in, Dialect};
use mbn::runtime::{Color, Geometry, MoveGenerator, MoveList, Piece, PieceKind, Position};

macro_rules! pieces {
    ($($name:ident = $notation:literal),* $(,)?) => {
        $(mbn::mbn! { piece $name = $notation on "8x8"; })*
        /// `(notation, generated moves, generated attacks)` for every piece.
        const PIECES: &[(&str, Moves, Attacks)] = &[$(($notation, $name::moves, $name::attacks)),*];
    };
}

pieces! {
    CylRook = "oR", CylBishop = "oB", CylKnight = "oN", TorusQueen = "ooQ", BandBishop = "o[b,g]B",
    CylKing = "oK", CylCannon = "omR+opcR", CylMaximal = "oW0*", CylEdge = "oB*", CylHalfling = "ohR",
    CylLameAlfil = "onA", CylLameKnight = "onN", TorusNightrider = "ooN0", CylShortRook = "oW3",
    CylExactRook = "oW03", CylFlyingCannon = "opD", CylPawn = "ofmW+ocfF", TorusPawn = "oofmW",
    CylHorse = "oW-ofF", CylStepThenRook = "oW-oR", BandKnight = "o[c,f]N", TorusLeaper = "oo:0,8:",
    CylGrasshop = "ogR", BandTorusRook = "oo[b,g]R", CylHorseEnd = "W-oF", TorusHorseEnd = "W-ooF",
    TorusHorseStart = "ooW-F",
}

// X88: XBetza's `o` and `oo` on the last leg, the same pieces as `W-oF` and `W-ooF`.
mbn::mbn! { piece XCylHorse = xbetza "mafsoW" on "8x8"; }
mbn::mbn! { piece XTorusHorse = xbetza "W-ooF" on "8x8"; }
// X91: XBetza's `oo` on a leg on the way, the same piece as `ooW-F`.
mbn::mbn! { piece XTorusStart = xbetza "ooafsW" on "8x8"; }

/// The destinations (sorted names) of `notation` in `dialect` alone on `from` of an empty
/// `files` x `ranks` board, or the first error.
fn destinations(dialect: Dialect, notation: &str, files: u8, ranks: u8, from: &str) -> Result<Vec<String>, String> {
    let moves = compile_move_in(dialect, notation).map_err(|e| e[0].message.clone())?;
    let spec = VariantSpec::new("probe", files, ranks, "", "A=W Z=mfW");
    let mut variant = Variant::compile(&spec).map_err(|e| e[0].message.clone())?;
    variant.moves[0] = [moves.clone(), moves];
    let interp = Interpreter::new(&variant).map_err(|e| e[0].message.clone())?;
    let g = variant.geometry;
    let mut pos = Position::<u64>::new(variant.table.clone(), g).map_err(|e| e.to_string())?;
    let from = g.parse_square(from).map_err(|e| e.to_string())?;
    let piece = Piece::new(PieceKind(0), Color::White);
    pos.put_piece(from, piece).map_err(|e| e.to_string())?;
    let mut list = MoveList::new();
    interp.piece_moves(&pos, from, piece, &mut list);
    let mut out: Vec<String> = list.iter().map(|m| g.square_name(m.to())).collect();
    out.sort();
    Ok(out)
}

/// The worked examples of M38-M40, checked by hand: `(piece, from, friends, enemies, quiet
/// destinations, captures)`; the first board of each piece is empty, the second has blockers.
const HAND: &[(&str, &str, &str, &str, &str, &str)] = &[
    // M38: a rook goes round its rank, stopping before its own square or at a piece.
    ("oR", "d4", "", "", "a4 b4 c4 e4 f4 g4 h4 d1 d2 d3 d5 d6 d7 d8", ""),
    ("oR", "d4", "c4 d6", "b4", "e4 f4 g4 h4 a4 d5 d3 d2 d1", "b4"),
    // The bishop from c1 crosses the side edge once each way (g5 is reached both ways, listed once).
    ("oB", "c1", "", "", "d2 e3 f4 g5 h6 a7 b8 b2 a3 h4 f6 e7 d8", ""),
    ("oB", "c1", "e7", "f4", "d2 e3 b2 a3 h4 g5 f6", "f4"),
    ("oN", "a1", "", "", "b3 c2 h3 g2", ""),
    ("oN", "a1", "h3", "g2", "b3 c2", "g2"),
    // M40: `oo` is a torus; a queen on a1 reaches both long diagonals' wrapped halves.
    ("ooQ", "a1", "", "", "a2 a3 a4 a5 a6 a7 a8 b1 c1 d1 e1 f1 g1 h1 b2 c3 d4 e5 f6 g7 h8 h2 g3 f4 d6 c7 b8", ""),
    ("ooQ", "a1", "h8 e1", "a5", "b1 c1 d1 h1 g1 f1 a2 a3 a4 a8 a7 a6 b2 c3 d4 e5 f6 g7 h2 g3 f4 d6 c7 b8", "a5"),
    // M39, the seed's example: files b and g joined; the plain bishop's moves stay.
    ("o[b,g]B", "g2", "", "", "h1 h3 f1 f3 e4 d5 c6 b7 a8 b3 c4 e6 f7 g8 b1", ""),
    ("o[b,g]B", "g2", "b3", "h3", "h1 f1 f3 e4 d5 c6 b7 a8 b1 g8", "h3"),
    // On file a the piece is not on the cylinder: a plain bishop.
    ("o[b,g]B", "a1", "", "", "b2 c3 d4 e5 f6 g7 h8", ""),
    // A leaper that wraps onto its own square has no move there (8 files: `oo:0,8:` goes nowhere).
    ("oo:0,8:", "d4", "", "", "", ""),
    // `o` joins only the side edges: a forward step never wraps, `oo` steps from the last rank to the first.
    ("ofmW+ocfF", "a7", "", "h8 b8", "a8", "h8 b8"),
    ("oofmW", "c8", "", "", "c1", ""),
    // Only the last leg wraps: the Horse's W step left from a4 leaves the board, its F steps from
    // a5 and a3 wrap to h6 and h2; with `oo` the F step down from b1 wraps to c8.
    ("W-oF", "a4", "", "", "b2 b6 c3 c5 h2 h6", ""),
    ("W-oF", "a4", "a5", "h2", "b2 c3 c5", "h2"),
    ("W-ooF", "a1", "", "", "b3 c2 c8 h3", ""),
    ("W-ooF", "a1", "b1", "h3", "b3", "h3"),
    // Only the first leg wraps: down from a1 to a8, left to h1; the F steps do not.
    ("ooW-F", "a1", "", "", "b3 b7 c2 g2", ""),
    ("ooW-F", "a1", "a8", "c2", "b3 g2", "c2"),
];

#[test]
fn hand_checked_destinations_in_both_back_ends() {
    for &(notation, from, friends, enemies, quiet, captures) in HAND {
        let (from, friends, enemies) = (sq(from), set(friends), set(enemies));
        let want = (set(quiet), set(captures));
        assert_eq!(Lone::new(notation).moves(from, friends, enemies), want, "interpreted `{notation}` from {from:?}");
        let (_, generated, _) = PIECES.iter().find(|p| p.0 == notation).expect("the piece is generated");
        assert_eq!(generated(from, friends, enemies), want, "generated `{notation}` from {from:?}");
    }
}

#[test]
fn generated_cylinder_pieces_agree_with_the_interpreter_on_random_boards() {
    let mut rng = Xorshift(0x5eed_c71d_0b0a_4d5e);
    for &(notation, generated, _) in PIECES {
        let moved = Lone::new(notation).agree_on_random_boards(generated, &mut rng, 300, |i, rng| {
            if i % 2 == 0 {
                rng.next() & rng.next()
            } else {
                rng.next() & (rng.next() | rng.next())
            }
        });
        // `oo:0,8:` wraps onto its own square from everywhere: it never moves (M38).
        let idle = notation == "oo:0,8:";
        assert!(idle || moved > 25, "`{notation}`: the boards hardly test it ({moved} of 300 with moves)");
    }
}

/// X88, X91: the generated XBetza pieces move as the generated MBN pieces they equal, on random
/// boards.
#[test]
fn generated_xbetza_last_leg_cylinders_are_the_mbn_pieces() {
    let mut rng = Xorshift(0x88c7_11d3_0f0a_1e55);
    let pairs: [(&str, Moves, Moves); 3] = [
        ("mafsoW", XCylHorse::moves, CylHorseEnd::moves),
        ("W-ooF", XTorusHorse::moves, TorusHorseEnd::moves),
        ("ooafsW", XTorusStart::moves, TorusHorseStart::moves),
    ];
    for (notation, xbetza, mbn) in pairs {
        let mut moved = 0;
        for _ in 0..300 {
            let from = mbn::runtime::Square((rng.next() % 64) as u16);
            let occupied = (rng.next() & rng.next()) & !(1u64 << from.0);
            let friends = occupied & rng.next();
            let enemies = occupied & !friends;
            let got = xbetza(from, friends, enemies);
            assert_eq!(got, mbn(from, friends, enemies), "`{notation}` from {from:?}");
            moved += usize::from(got != (0, 0));
        }
        assert!(moved > 100, "`{notation}`: {moved} of 300 boards with moves");
    }
}

#[test]
fn generated_cylinder_attacks_agree_with_the_interpreter() {
    let mut rng = Xorshift(0x0c71_17de_5a11_0a57);
    for &(notation, _, attacks) in PIECES {
        Lone::new(notation).attacks_agree_on_random_boards(attacks, &mut rng, 40, |rng| rng.next() & rng.next());
    }
}

/// A cylindrical piece gives check around the edge: legality sees it.
#[test]
fn checks_around_the_edge() {
    let mut spec = VariantSpec::new("cyl", 8, 8, "8/8/8/8/8/8/8/8 w - - 0 1", "K|King|=oK R|Rook|=oR N|Knight|=oN");
    spec.royal = "K".to_string();
    spec.promotion_zone = None;
    let variant = Variant::compile(&spec).expect("compiles");
    let interp = Interpreter::new(&variant).expect("runs");
    // The rook on a1 attacks h1 round the edge: the black king there is in check. Its steps: g1
    // (still on the rook's rank), h2 and a1 (next to the white king on a2, round the edge), a2
    // (the white king, guarded by the rook): only g2 is legal.
    let pos = Position::<u64>::from_fen(&variant.table, Geometry::CHESS, "8/8/8/8/8/8/K7/R6k b - - 0 1").unwrap();
    assert!(interp.is_square_attacked(&pos, sq("h1"), Color::White));
    let mut list = MoveList::new();
    interp.legal_moves(&pos, &mut list);
    let mut got: Vec<String> = list.iter().map(|m| m.to_uci(pos.geometry(), pos.table(), &[])).collect();
    got.sort();
    assert_eq!(got, vec!["h1g2"]);
}

/// The seeds in XBetza (X39, X40): `o` wraps the side edges (XBoard 4.9.1 gives a1 a3 c1 c3 for
/// `oN` on b2 of a 3x3 board), `oo` wraps all four edges (seed 001).
#[test]
fn xbetza_cylinders() {
    let probe = |betza: &str, files: u8, ranks: u8, from: &str| {
        destinations(Dialect::XBetza, betza, files, ranks, from).unwrap_or_else(|e| panic!("{betza}: {e}"))
    };
    assert_eq!(probe("oN", 3, 3, "b2"), ["a1", "a3", "c1", "c3"]);
    // The conformance case `oR2` (X39): a range-2 rook on a 5x1 board reaches both ends.
    assert_eq!(probe("oR2", 5, 1, "a1"), ["b1", "c1", "d1", "e1"]);
    assert_eq!(probe("oN", 8, 8, "a1"), ["b3", "c2", "g2", "h3"]);
    assert_eq!(probe("ooN", 8, 8, "a1"), ["b3", "b7", "c2", "c8", "g2", "g8", "h3", "h7"]);
    // Translated both ways; MBN's connected files have no XBetza form.
    use mbn::codegen::syntax::xbetza::translate::{to_mbn, to_xbetza};
    assert_eq!(to_mbn(&compile_move_in(Dialect::XBetza, "ooN").unwrap()).unwrap(), "ooN");
    assert_eq!(to_xbetza(&compile_move_in(Dialect::Mbn, "oN").unwrap()).unwrap(), "oN");
    let e = to_xbetza(&compile_move_in(Dialect::Mbn, "o[b,g]B").unwrap()).unwrap_err();
    assert!(e.contains("no connected files"), "{e}");
    // XBetza `o` and `oo` are MBN's; on the last leg of a multi-leg move or chain (X88) too.
    let legs = [
        ("mafsoW", "W-oF"),
        ("W-oF", "W-oF"),
        ("mafsooW", "W-ooF"),
        ("afoW", "W-oW"),
        ("mafsocR", "W0-ocF0"),
        ("ooafsW", "ooW-F"),
        ("ooW-F", "ooW-F"),
        ("ooafsooW", "ooW-ooF"),
    ];
    for (x, m) in legs {
        assert_eq!(to_mbn(&compile_move_in(Dialect::XBetza, x).unwrap()).unwrap(), m, "`{x}`");
    }
    for (x, m) in [("oQ", "oQ"), ("ooQ", "ooQ"), ("oN0", "oN0"), ("ooK", "ooK")].into_iter().chain(legs) {
        for from in ["a1", "d4", "h7"] {
            assert_eq!(probe(x, 8, 8, from), destinations(Dialect::Mbn, m, 8, 8, from).unwrap(), "{x} from {from}");
        }
    }
}

#[test]
fn what_is_refused_says_so() {
    let refused = |notation: &str, dialect: Dialect| match destinations(dialect, notation, 8, 8, "d4") {
        Ok(d) => panic!("`{notation}` runs: {d:?}"),
        Err(e) => e,
    };
    for (notation, what) in [
        ("omfeW", "cylindrical moves (`o`) with en passant rights (`me`, XBetza `n`)"),
        // `u` and flips `x` on a cylinder run since M117 (tests/cylinder_unblocked_flips.rs),
        // visits `j` since M123 (tests/cylinder_visits.rs).
        ("o[b2,g]B", "`o` with this range: the range must list files only"),
        ("o[b]B", "one file cannot be joined to itself"),
        ("o[b,z]B", "is not on the board"),
        ("W-o[b,g]F", "`o` with connected files (`o[b,g]`) on a leg of a multi-leg move"),
    ] {
        let e = refused(notation, Dialect::Mbn);
        assert!(e.contains(what), "`{notation}`: {e}");
    }
    // XBetza `o` on a leg on the way means "off the board" (seed 001, X48); on the last leg it is
    // the cylinder (X88), but not with a hop there, tripled, or after an off-board leg.
    for notation in ["mafsopW", "mafsoooW", "oafsoW", "ooqaN"] {
        let e = refused(notation, Dialect::XBetza);
        assert!(e.contains("`o`"), "`{notation}`: {e}");
    }
    assert_eq!(destinations(Dialect::XBetza, "oabsW", 8, 8, "h4"), Ok(vec!["h3".to_string(), "h5".to_string()]));
}

/// A rider on a cylinder's rank goes round both ways: each move is generated once, in a variant too.
#[test]
fn generated_moves_are_listed_once() {
    mbn::mbn! {
        variant Ring {
            board: "8x8",
            start: "8/8/8/8/8/8/8/3R3k w - - 0 1",
            pieces: "R|Rook|=oR K|King|=oK",
            royal: "K",
        }
    }
    let pos = Ring::start_position();
    let mut list = MoveList::new();
    Ring.legal_moves(&pos, &mut list);
    let mut got: Vec<String> = list.iter().map(|m| m.to_uci(pos.geometry(), pos.table(), &[])).collect();
    got.sort();
    let before = got.len();
    got.dedup();
    assert_eq!(got.len(), before, "{got:?}");
    // d1-e1, f1, g1 (h1 is the black king: capture), a1 b1 c1 round the other way, and d2-d8.
    assert_eq!(got.len(), 3 + 1 + 3 + 7, "{got:?}");
}
