//! The XBetza Imitator `I` (docs/SEMANTICS.md X62) in both back ends: hand-checked moves after a
//! Knight move, a Pawn push (with en passant), for `bI` (flipped) and the modes (`mI`, `cI`,
//! `kI`), checks, what the position records (make/unmake, FEN, castling, drops), a tiny variant's
//! perft worked out by hand, and generated = interpreted on random positions and perft 1–3.

mod common;

use common::agree::assert_agree;
use common::test_variant;
use mbn::codegen::interp::Interpreter;
use mbn::runtime::perft::perft;
use mbn::runtime::{Color, Geometry, Move, MoveFlags, MoveGenerator, MoveList, PieceKind, Position};

test_variant! {
    /// Chess with Imitators: `I` imitates, `J` imitates flipped (`bI`), `M` only the moves (`mI`),
    /// `C` only the captures (`cI`), `X` only the royal captures (`kI`: checks, no captures).
    Imitation, interpreter,
    START = "rjmqkxir/pppppppp/8/8/8/8/PPPPPPPP/RJMQKCIR w KQkq - 0 1",
    PIECES = "K|King| Q|Queen| R|Rook| N|Knight| P|Pawn| I|Imitator| J|Reverser| M|Mover| C|Capturer| X|Checker| +P==Q",
    castling: "R",
    xbetza: K = "KisO2", P = "fmWfceFifmnD", N = "N", I = "I", J = "bI", M = "mI", C = "cI", X = "kI",
}

/// The legal moves of `generator` as UCI text, sorted; each listed once.
fn legal<G: MoveGenerator<u64>>(generator: &G, pos: &Position<u64>) -> Vec<String> {
    let mut list = MoveList::new();
    generator.legal_moves(pos, &mut list);
    let mut out: Vec<String> = list.iter().map(|mv| pos.uci(*mv, list.extra_captures(mv))).collect();
    let n = out.len();
    out.sort();
    out.dedup();
    assert_eq!(out.len(), n, "a move listed twice in {}", pos.to_fen());
    out
}

/// The legal moves from `from`, in both back ends (asserted equal).
fn from_square(interp: &Interpreter, pos: &Position<u64>, from: &str) -> Vec<String> {
    let mut got = legal(&Imitation, pos);
    got.retain(|m| m.starts_with(from));
    let mut want = legal(interp, pos);
    want.retain(|m| m.starts_with(from));
    assert_eq!(got, want, "generated vs interpreted from {from} in {}", pos.to_fen());
    got
}

/// `from` followed by each square of `squares`, sorted.
fn set(from: &str, squares: &str) -> Vec<String> {
    let mut v: Vec<String> = squares.split_whitespace().map(|s| format!("{from}{s}")).collect();
    v.sort();
    v
}

/// Makes the legal move written `uci`.
fn play(pos: &mut Position<u64>, uci: &str) -> Move {
    let mut list = MoveList::new();
    Imitation.legal_moves(pos, &mut list);
    let mv = *list
        .iter()
        .find(|mv| pos.uci(**mv, &[]) == uci)
        .unwrap_or_else(|| panic!("{uci} is not legal in {}: {:?}", pos.to_fen(), legal(&Imitation, pos)));
    let _ = pos.make(mv);
    mv
}

fn kind(pos: &Position<u64>, letter: char) -> PieceKind {
    pos.table().kind_of_symbol(false, letter).expect("a kind")
}

fn at(square: &str) -> mbn::runtime::Square {
    Geometry::CHESS.parse_square(square).expect("a square")
}

/// After a Knight move the Imitator moves as a Knight (capturing the Knight too), and after its
/// own move the imitated kind stays the Knight; nothing is imitated from FEN.
#[test]
fn after_a_knight_move_the_imitator_moves_as_a_knight() {
    let interp = interpreter();
    let mut pos = Imitation::position("1n2k3/8/8/8/3I4/8/8/4K3 b - - 0 1").expect("loads");
    assert_eq!(pos.imitated(), None);
    play(&mut pos, "e8d8");
    // The King moved: the Imitator steps as a King.
    assert_eq!(from_square(&interp, &pos, "d4"), set("d4", "c3 c4 c5 d3 d5 e3 e4 e5"));
    play(&mut pos, "e1e2");
    play(&mut pos, "b8c6");
    assert_eq!(pos.imitated(), Some(kind(&pos, 'N')));
    assert_eq!(from_square(&interp, &pos, "d4"), set("d4", "b3 b5 c2 c6 e6 f3 f5"));
    play(&mut pos, "d4e6");
    assert_eq!(pos.imitated(), Some(kind(&pos, 'N')), "an Imitator's move keeps the imitated kind");
    // Nothing to imitate in a position read from FEN.
    let fresh = Imitation::position(&pos.to_fen()).expect("loads");
    assert_eq!(fresh.imitated(), None);
    assert_eq!(from_square(&interp, &fresh, "e6"), Vec::<String>::new());
}

/// After a Pawn push the Imitator moves as a Pawn of its own colour: forward, capturing
/// diagonally forward and en passant (the imitated kind's victim), and it does not promote; `J`
/// (`bI`) moves as the opponent's Pawn: backward.
#[test]
fn after_a_pawn_push_the_imitator_moves_as_a_pawn() {
    let interp = interpreter();
    let mut pos = Imitation::position("4k3/4p3/8/3I4/8/8/8/4K3 b - - 0 1").expect("loads");
    play(&mut pos, "e7e5");
    assert_eq!(from_square(&interp, &pos, "d5"), set("d5", "d6 e6"));
    play(&mut pos, "d5e6");
    assert!(pos.piece_at(at("e5")).is_none(), "taken en passant");
    // On the seventh rank: one step to the last, without promoting; a capture diagonally.
    let mut pos = Imitation::position("1r2k3/1pI4p/8/8/8/8/8/4K3 b - - 0 1").expect("loads");
    play(&mut pos, "h7h6");
    assert_eq!(from_square(&interp, &pos, "c7"), set("c7", "b8 c8"));
    let mut list = MoveList::new();
    Imitation.legal_moves(&pos, &mut list);
    assert!(list.iter().all(|mv| mv.promotion().is_none()), "the Imitator keeps its kind");
    // `bI`: the Reverser d5 moves down the board and captures diagonally backward.
    let mut pos = Imitation::position("4k3/7p/8/3J4/2n5/8/8/4K3 b - - 0 1").expect("loads");
    play(&mut pos, "h7h6");
    assert_eq!(from_square(&interp, &pos, "d5"), set("d5", "c4 d4"));
    // An unmoved Imitator has the Pawn's double step; the e.p. right it leaves is for a Pawn's
    // victim of its own kind: Black's Pawn e4 may not take the Imitator en passant.
    let mut pos = Imitation::position("4k3/7p/8/8/4p3/8/3I4/4K3 b - - 0 1").expect("loads");
    play(&mut pos, "h7h6");
    assert_eq!(from_square(&interp, &pos, "d2"), set("d2", "d3 d4"));
    play(&mut pos, "d2d4");
    assert_eq!(from_square(&interp, &pos, "e4"), set("e4", "e3"));
}

/// The modes: `mI` only moves, `cI` only captures, `kI` only attacks a royal piece (it gives check
/// but captures nothing); the plain and `c` Imitators give check, `m` does not.
#[test]
fn modes_select_the_imitated_moves() {
    let interp = interpreter();
    // Black's Rook moved: White's Imitators on row 4 imitate a Rook; enemies d7 and h4.
    let start = "r3k3/3n4/8/8/M2C3n/8/8/4K3 b - - 0 1";
    let mut pos = Imitation::position(start).expect("loads");
    play(&mut pos, "a8b8");
    assert_eq!(from_square(&interp, &pos, "a4"), set("a4", "a1 a2 a3 a5 a6 a7 a8 b4 c4"));
    assert_eq!(from_square(&interp, &pos, "d4"), set("d4", "d7 h4"));
    // `kI` has no move; it checks the King along the file, as `I` and `cI` do; `mI` does not.
    for (fen, check) in [
        ("4k3/8/8/8/4X3/8/8/r2K4 w - - 0 1", true),
        ("4k3/8/8/8/4I3/8/8/r2K4 w - - 0 1", true),
        ("4k3/8/8/8/4C3/8/8/r2K4 w - - 0 1", true),
        ("4k3/8/8/8/4M3/8/8/r2K4 w - - 0 1", false),
    ] {
        let mut pos = Imitation::position(fen).expect("loads");
        pos.set_imitated(Some(kind(&pos, 'R')));
        let e8 = at("e8");
        assert_eq!(Imitation.is_square_attacked(&pos, e8, Color::White), check, "{fen}");
        assert_eq!(interp.is_square_attacked(&pos, e8, Color::White), check, "{fen}");
        if fen.contains('X') {
            assert_eq!(from_square(&interp, &pos, "e4"), Vec::<String>::new());
        }
    }
    // Black's Rook shielding its King from an imitated Rook may only move along the file.
    let mut pos = Imitation::position("4k3/4r3/8/8/4I3/8/8/3K4 b - - 0 1").expect("loads");
    pos.set_imitated(Some(kind(&pos, 'R')));
    assert_eq!(from_square(&interp, &pos, "e7"), set("e7", "e4 e5 e6"));
    // A move makes its own kind the imitated one: while White's Imitator stands on the open file
    // of Black's King, no Black Rook may move (the Imitator would give check as a Rook).
    let mut pos = Imitation::position("4k3/8/8/8/4I3/8/r7/3K4 b - - 0 1").expect("loads");
    pos.set_imitated(Some(kind(&pos, 'K')));
    assert_eq!(from_square(&interp, &pos, "a2"), Vec::<String>::new());
    assert_eq!(from_square(&interp, &pos, "e8"), set("e8", "d7 d8 e7 f7 f8"));
}

/// What the position records: the kind that made the last move (the King's for a castling, the
/// Pawn's when it promotes), restored exactly by unmake; an Imitator's move changes nothing.
#[test]
fn the_position_records_the_last_moved_kind() {
    let mut pos = Imitation::position("r3k3/1P6/8/8/8/8/8/R3K2R w KQq - 0 1").expect("loads");
    let before = pos.clone();
    let mut list = MoveList::new();
    Imitation.legal_moves(&pos, &mut list);
    for mv in list.iter() {
        let mut p = pos.clone();
        let undo = p.make(*mv);
        let mover = pos.piece_at(mv.from()).expect("a mover").kind;
        assert_eq!(p.imitated(), Some(mover), "{}", pos.uci(*mv, &[]));
        p.unmake(*mv, undo);
        assert_eq!(p, before, "unmake of {}", pos.uci(*mv, &[]));
    }
    let castle = play(&mut pos, "e1g1");
    assert!(castle.is_castle());
    assert_eq!(pos.imitated(), Some(kind(&pos, 'K')));
    play(&mut pos, "e8d8");
    play(&mut pos, "b7b8q");
    assert_eq!(pos.imitated(), Some(kind(&pos, 'P')), "the Pawn moved, though it is a Queen now");
    let k = kind(&pos, 'I');
    pos.set_imitated(Some(k));
    assert_eq!(pos.imitated(), None, "an Imitator kind is never imitated");
}

/// Perft of a tiny variant worked out by hand: 5x5, White King a1, Knight c1, Imitator e1; Black
/// King a5, Imitator e5. At the start nothing is imitated (the Imitators have no move): 3 King and
/// 4 Knight moves. After a King move Black's Imitator steps as a King (3) beside the King's 3
/// steps; after a Knight move it leaps as a Knight (c4, d3) and White's Imitator e1 attacks c2
/// and d3 as one: Na2 (a4 b5, c4 d3) 4, Nb3 (check: a4 b4 b5) 3, Nd3 (a4 b5, c4 xd3) 4, Ne2 (a4 b4
/// b5, c4 d3) 5. Depth 2: 3 x 6 + 16 = 34.
#[test]
fn perft_of_a_tiny_variant_by_hand() {
    common::twin_variant! {
        Tiny, tiny {
            board: "5x5",
            start: "k3i/5/5/5/K1N1I w - - 0 1",
            pieces: "K|King| N|Knight| I|Imitator|",
            royal: "K",
        }
        xbetza { N = "N", I = "I" }
    }
    let interp = tiny();
    for depth in 1..=2 {
        let mut pos = Tiny::start_position();
        let want = [7, 34][depth as usize - 1];
        assert_eq!(perft(&interp, &mut pos, depth), want, "interpreted, depth {depth}");
        assert_eq!(perft(&Tiny, &mut pos, depth), want, "generated, depth {depth}");
    }
}

/// An imitated multi-leg move keeps its check rule (M82): after the Yak `K-kK` (two steps straight
/// on, never checking) moves, Black's Imitator on d5 takes its two steps but those that would check
/// the King on d1 (b3, d3, f3), each flagged as a move that may not check; the interpreter dropped
/// the rule from imitated multi-leg moves.
#[test]
fn an_imitated_move_keeps_its_check_rule() {
    common::twin_variant! {
        Yaks, yaks {
            board: "8x8",
            start: "7k/8/8/3i4/8/8/8/Y2K4 w - - 0 1",
            pieces: "K|King| Y|Yak|=K-kK I|Imitator|",
            royal: "K",
        }
        xbetza { I = "I" }
    }
    let interp = yaks();
    let mut pos = Yaks::start_position();
    common::agree::play(&Yaks, &mut pos, &["a1a3"]);
    let moves = |generator: &dyn Fn(&Position<u64>, &mut MoveList)| {
        let mut list = MoveList::new();
        generator(&pos, &mut list);
        let mut out: Vec<String> = list
            .iter()
            .filter(|mv| pos.geometry().square_name(mv.from()) == "d5")
            .map(|mv| {
                format!("{}{}", pos.uci(*mv, &[]), if mv.flags().contains(MoveFlags::NO_CHECK) { "k" } else { "" })
            })
            .collect();
        out.sort();
        out.join(" ")
    };
    let want = "d5b5k d5b7k d5d7k d5f5k d5f7k";
    assert_eq!(moves(&|p, l| Yaks.legal_moves(p, l)), want, "generated");
    assert_eq!(moves(&|p, l| interp.legal_moves(p, l)), want, "interpreted");
    common::agree::assert_agree("yaks", &Yaks, &interp, Yaks::start_position());
}

/// Generated = interpreted on 10,000 random positions from the start and at perft 1–3; the
/// walk reaches many positions where Imitators move.
#[test]
fn generated_imitators_agree_with_the_interpreter() {
    let start = Imitation::start_position();
    let interp = interpreter();
    assert_agree("imitation", &Imitation, &interp, start.clone());
    let imitators: Vec<PieceKind> = "IJMCX".chars().map(|c| kind(&start, c)).collect();
    let mut moving = 0;
    common::random_walk(&Imitation, &start, 2_000, 120, 7, |pos, list| {
        let by_imitator = |mv: &Move| pos.piece_at(mv.from()).is_some_and(|p| imitators.contains(&p.kind));
        moving += usize::from(list.iter().any(by_imitator));
    });
    assert!(moving > 500, "Imitators moved in {moving} of 2,000 positions");
    // At the start: 16 Pawn moves, nothing imitated yet; then Black's 16 Pawn moves, its
    // Imitators imitating a Pawn blocked by their own Pawns (`bI` off the board).
    let mut pos = start;
    assert_eq!(perft(&Imitation, &mut pos, 1), 16);
    assert_eq!(perft(&Imitation, &mut pos, 2), 256);
}
