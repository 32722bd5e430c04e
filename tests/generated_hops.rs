//! The single legs the code generator walks square by square (docs/SEMANTICS.md M69): hops over
//! piece sets (the Bocksprung pawn `P=P+mp{!P}D`, a castling partner hopping a piece), limited,
//! exact, optional, maximal, edge and halfling hops, straight hopping riders (`pD0`), and leaping
//! sliders (`g`, `gg`, `g{S}`, the Universal Leaper `g(WF)0`). Hand-checked destination sets in
//! both back ends, then generated = interpreted on random playouts and at perft 1-3.

mod common;

use common::agree::{assert_agree, piece_moves, spec_interpreter, test_spec};
use common::{random_walk, test_variant};
use mbn::runtime::{perft, MoveGenerator, MoveList};

test_variant! {
    Leapers, leapers_interpreter,
    LEAPERS_START = "rnbukbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBUKBNR w - - 0 1",
    LEAPERS_PIECES = "P|Bocksprung Pawn|=P+mp{!P}D K|King| U|Universal Leaper|=g(WF)0 R|Friend Leaper|=ggR \
     B|Pawn Leaper|=g{P}B N|Leaping Nightrider|=gN0 Q|Queen| +P==URBNQ",
}

test_variant! {
    Hoppers, hoppers_interpreter,
    HOPPERS_START = "cdehkmdc/pppppppp/8/8/8/8/PPPPPPPP/CDEHKMDC w - - 0 1",
    HOPPERS_PIECES = "P|Pawn| K|King| C|Short Hopper|=pW3+cpF03 D|Straight Hopper|=pD0+p{!P}D E|Edge Hopper|=p?R+pF* \
     H|Half Hopper|=phQ+gW0* M|Far Hopper|=pW0*+g{!P}F3 +P==CDEHM",
}

test_variant! {
    HopCastling, hop_castling_interpreter,
    HOP_CASTLING_START = "rn2k2r/pppppppp/8/8/8/8/PPPPPPPP/RN2K2R w KQkq - 0 1",
    HOP_CASTLING_PIECES = "P|Pawn| K|King| R|Rook| N|Knight| O-O=[*]irR=ip{n}lD O-O-O=[*]ilR=ip{n}rD +P==RN",
    castling: "R",
}

#[test]
fn hand_checked_leaping_sliders_and_the_bocksprung() {
    let interp = leapers_interpreter();
    let at = |fen: &str, from: &str| piece_moves(&Leapers, &interp, &Leapers::position(fen).expect("fen"), from);
    // The Universal Leaper on d4 leaps along queen lines over anything, onto any square but a
    // friend's: d5 and e5 (friends) are leapt, d7 taken.
    assert_eq!(
        at("4k3/3p4/8/3PP3/3U4/8/8/4K3 w - - 0 1", "d4"),
        "a1 a4 a7 b2 b4 b6 c3 c4 c5 d1 d2 d3 d6 d8 e3 e4 f2 f4 f6 g1 g4 g7 h4 h8 xd7"
    );
    // The Bocksprung: d5 and e4 (friendly pawns) are jumped to d6 and f4; c5 is taken.
    assert_eq!(at("4k3/8/8/2pP4/3PP3/8/8/4K3 w - - 0 1", "d4"), "d6 f4 xc5");
    // An enemy pawn cannot be jumped (d5), nor a friend that is no pawn (c4); d3 can, onto d2.
    assert_eq!(at("4k3/8/8/3p4/2NP4/3P4/8/4K3 w - - 0 1", "d4"), "d2");
    // `ggR`: over friends (a2, c1, e1), not over enemies (a5 is taken and ends the ray).
    assert_eq!(at("4k3/8/8/r7/8/8/P7/R1N1K3 w - - 0 1", "a1"), "a3 a4 b1 d1 f1 g1 h1 xa5");
    // `g{P}B`: over pawns of both colours (b2, d2, e3), taking the black ones (a3, e3).
    assert_eq!(at("4k3/8/8/8/8/p3p3/1P1P4/2B1K3 w - - 0 1", "c1"), "f4 g5 h6 xa3 xe3");
    // `gN0`: every knight ride leaps over anything (f3).
    assert_eq!(at("4k3/8/8/8/8/5P2/8/4K1N1 w - - 0 1", "g1"), "a4 c3 d7 e2 e5 h3");
}

#[test]
fn hand_checked_hops() {
    let interp = hoppers_interpreter();
    let at = |fen: &str, from: &str| piece_moves(&Hoppers, &interp, &Hoppers::position(fen).expect("fen"), from);
    // `pW3`: up to three steps, beyond exactly one hurdle (d5 to d6, b3 to a3); `cpF03`: exactly
    // three steps over one hurdle (b5), capturing (a6).
    assert_eq!(at("4k3/8/p7/1P1p4/8/1P1C4/8/4K3 w - - 0 1", "d3"), "a3 d6 xa6");
    // `pD0`: a square between two landings holds a hurdle too: d2 is hopped to d3, d5 and d7
    // (which `p{!P}D` reaches as well, once); an enemy on the landing square d3 is hopped too.
    assert_eq!(at("4k3/8/8/8/8/8/3P3K/3D4 w - - 0 1", "d1"), "d3 d5 d7");
    assert_eq!(at("4k3/8/8/8/8/3p4/7K/3D4 w - - 0 1", "d1"), "d5 d7");
}

#[test]
fn hop_castling_hops_a_knight() {
    let interp = hop_castling_interpreter();
    let pos = HopCastling::start_position();
    // O-O-O: the King slides to d1 or c1 (b1 holds the Knight); the Rook hops the Knight from a1
    // to c1, so only the King's d1 leaves it a square. O-O: no Knight to hop on the King's side.
    let mut list = MoveList::new();
    HopCastling.legal_moves(&pos, &mut list);
    let castlings: Vec<String> = list
        .iter()
        .filter(|mv| mv.partner_from().is_some())
        .map(|mv| mv.to_uci(pos.geometry(), pos.table(), &[]))
        .collect();
    assert_eq!(castlings.len(), 1, "{castlings:?}");
    assert_eq!(perft(&HopCastling, &mut pos.clone(), 2), perft(&interp, &mut pos.clone(), 2));
}

#[test]
fn generated_leaping_sliders_agree_with_the_interpreter() {
    assert_agree("leapers", &Leapers, &leapers_interpreter(), Leapers::start_position());
    // The playouts meet Bocksprungs: sideways pawn moves (two files over a friendly pawn).
    let (start, mut sideways) = (Leapers::start_position(), 0);
    random_walk(&Leapers, &start, 10_000, 120, 0xb0c5, |pos, list| {
        let g = pos.geometry();
        sideways += list
            .iter()
            .filter(|mv| pos.piece_at(mv.from()).is_some_and(|p| p.kind.0 == 0))
            .filter(|mv| g.file_of(mv.from()).abs_diff(g.file_of(mv.to())) == 2)
            .count();
    });
    assert!(sideways > 100, "only {sideways} sideways Bocksprungs");
}

#[test]
fn generated_hops_agree_with_the_interpreter() {
    assert_agree("hoppers", &Hoppers, &hoppers_interpreter(), Hoppers::start_position());
}

#[test]
fn generated_hop_castling_agrees_with_the_interpreter() {
    assert_agree("hop castling", &HopCastling, &hop_castling_interpreter(), HopCastling::start_position());
}

/// The seed's Slide Shuffle castling (`O-O=[*]irR=ip{k}lD`, §13): the partner's leg sees the King
/// invisible (M53), so it never finds the King to hop, and there is no castling. (The code
/// generator accepts the rule: `back_ends_agree_on_support.rs`.)
#[test]
fn the_seeds_slide_shuffle_castling_never_castles() {
    let mut spec = test_spec(
        "slide shuffle",
        8,
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        "K|King| R|Rook| O-O=[*]irR=ip{k}lD O-O-O=[*]ilR=ip{k}rD",
        "K",
        "[8]",
    );
    spec.castling_partners = "R".to_string();
    let interp = spec_interpreter(&spec);
    let variant = mbn::codegen::variant::Variant::compile(&spec).expect("compiles");
    let pos = mbn::runtime::Position::<u64>::from_fen(&variant.table, variant.geometry, &spec.start_fen).expect("fen");
    let mut list = MoveList::new();
    interp.legal_moves(&pos, &mut list);
    assert!(list.len() > 20, "{}", list.len());
    assert!(list.iter().all(|mv| mv.partner_from().is_none()));
}

mbn::mbn! { piece LoneUniversal = "g(WF)0" on "8x8"; }
mbn::mbn! { piece LoneFriendLeaper = "ggR" on "8x8"; }
mbn::mbn! { piece LoneShortHopper = "pW3" on "8x8"; }

/// The squares named, as a mask.
fn squares(names: &str) -> u64 {
    let g = mbn::runtime::Geometry::CHESS;
    names.split_whitespace().fold(0, |b, n| b | 1u64 << g.parse_square(n).expect("square").index())
}

fn sq(name: &str) -> mbn::runtime::Square {
    mbn::runtime::Geometry::CHESS.parse_square(name).expect("square")
}

/// Lone pieces (`mbn! { piece ... }`): moves as in a variant; attacks see no friends, every other
/// piece counts as an enemy, so `gg` passes none.
#[test]
fn lone_walked_pieces() {
    let lines = "a1 a4 a7 b2 b4 b6 c3 c4 c5 d1 d2 d3 d5 d6 d7 d8 e3 e4 e5 f2 f4 f6 g1 g4 g7 h4 h8";
    let (quiet, captures) = LoneUniversal::moves(sq("d4"), squares("d5 e5"), squares("d7"));
    assert_eq!((quiet, captures), (squares(lines) & !squares("d5 e5 d7"), squares("d7")));
    assert_eq!(LoneUniversal::attacks(sq("d4"), squares("d5 e5 d7")), squares(lines));
    let (quiet, captures) = LoneFriendLeaper::moves(sq("a1"), squares("a2 c1 e1"), squares("a5"));
    assert_eq!((quiet, captures), (squares("a3 a4 b1 d1 f1 g1 h1"), squares("a5")));
    assert_eq!(LoneFriendLeaper::attacks(sq("a1"), squares("a2 c1 e1 a5")), squares("a2 b1 c1"));
    // `pW3` on d3: d5 hopped to d6; b3 hopped to a3; e3..g3 hold no hurdle.
    let (quiet, captures) = LoneShortHopper::moves(sq("d3"), squares("b3"), squares("d5"));
    assert_eq!((quiet, captures), (squares("a3 d6"), 0));
    assert_eq!(LoneShortHopper::attacks(sq("d3"), squares("b3 d5 d6")), squares("a3 d6"));
}
