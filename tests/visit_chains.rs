//! Chains of visits (docs/SEMANTICS.md M70): seed §6's `F={jy{X}F}0-F` "jumps over an arbitrary
//! number of consecutive pieces of type X, inclusively a jump over zero pieces, before it moves as a
//! Ferz", and its family. A counted optional part is a complex rider resolved into a chain, so every
//! jump goes on along the line of the first one, and the last step too; with no jump the last step
//! is a plain Ferz (Wazir) move. Every expected set is worked out by hand; both back ends must give
//! it, and they agree on random positions (`generated_visit_chains_agree_with_the_interpreter`).

mod common;

use common::agree::{assert_agree, piece_moves, test_spec};
use common::{assert_make_unmake, random_walk};
use mbn::codegen::interp::Interpreter;
use mbn::codegen::variant::Variant;
use mbn::runtime::{perft, MoveGenerator, Position};

common::twin_variant! {
    /// The Uhlan is the seed's piece; the Vaulter its orthogonal twin, the Yeoman jumps friendly X
    /// only, the Elk any piece, the Springer (not in the start position) jumps at least one piece. X is
    /// a Wazir, the hurdle the others may jump.
    VisitChains, interpreter {
        board: "8x8",
        start: "xuvqkeyx/ppxppxpp/8/8/8/8/PPXPPXPP/XUVQKEYX w - - 0 1",
        pieces: "P|Pawn| Q|Queen| K|King| X|Xpiece|=W U|Uhlan|={jy{X}F}0-F V|Vaulter|={jy{X}W}0-W \
            Y|Yeoman|={jj{X}F}0-F E|Elk|=[jyF]0-F S|Springer|=(jyF)0-F +P==QUVYE",
        royal: "K",
        promotion_zone: "[8]",
        promotion_mandatory: true,
    }
}

fn load(fen: &str) -> Position<u64> {
    VisitChains::position(fen).expect("the position loads")
}

/// The moves of the piece on `from` in both back ends (asserted equal).
fn moves(fen: &str, from: &str) -> String {
    piece_moves(&VisitChains, &interpreter(), &load(fen), from)
}

/// Board 1, White to move, the piece `p` on d4. Diagonals: e5 X (White), f6 x (Black), g7 h8 empty;
/// c5 a Black Pawn; e3 a White Queen; c3 x, b2 X, a1 empty. Lines: d5 x, d6 X, d7 a Black Pawn; e4
/// and beyond empty; c4 X, b4 a1 empty; d3 x, d2 x, d1 empty.
fn board1(p: char) -> String {
    format!("k7/3p4/3X1x2/2pxX3/2X{p}4/2xxQ3/1X1x4/7K w - - 0 1")
}

#[test]
fn the_seeds_piece_jumps_along_one_line() {
    // NE: e5 is a friend (no plain step); over e5 it takes f6, over e5 and f6 it lands on g7.
    // NW: it takes the Pawn c5, which is no X to jump. SE: the Queen e3 blocks. SW: it takes c3,
    // over c3 it meets the friend b2, over c3 and b2 it lands on a1.
    assert_eq!(moves(&board1('U'), "d4"), "a1 g7 xc3 xc5 xf6");
    // Friendly X only: over e5 to f6, but never over the enemy c3 or f6.
    assert_eq!(moves(&board1('Y'), "d4"), "xc3 xc5 xf6");
    // Any piece: also over the Pawn c5 to b6 and over the Queen e3 to f2.
    assert_eq!(moves(&board1('E'), "d4"), "a1 b6 f2 g7 xc3 xc5 xf6");
    // Orthogonally: N takes d5, over d5 meets the friend d6, over d5 and d6 takes the Pawn d7; E a
    // plain step to e4 (nothing to jump); W over c4 to b4; S takes d3, over d3 takes d2, over both
    // lands on d1.
    assert_eq!(moves(&board1('V'), "d4"), "b4 d1 e4 xd2 xd3 xd5 xd7");
}

#[test]
fn a_jump_never_turns() {
    // X on e5 and f4: over e5 the last step goes on to f6. A chain free to turn after each jump
    // would also go d4-e5-f4 and step on to g3 (or from e5 back down to f4's neighbours).
    let fen = "k7/8/8/4X3/3U1X2/8/8/7K w - - 0 1";
    assert_eq!(moves(fen, "d4"), "c3 c5 e3 f6");
}

#[test]
fn a_complex_rider_of_visits_jumps_adjacent_pieces() {
    // `(jyF)0` visits a piece on every landing: pieces two squares away cannot be jumped (the
    // one-leg slide `jyF0` would go to the first piece of the line and jump f6 and b2).
    assert_eq!(moves("k7/8/5x2/8/3S4/8/1X6/7K w - - 0 1", "d4"), "");
    assert_eq!(moves("k7/8/8/4x3/3S4/2X5/8/7K w - - 0 1", "d4"), "b2 f6");
    // Over two pieces, and no plain Ferz move (at least one time round).
    assert_eq!(moves("k7/8/5X2/4x3/3S4/8/8/7K w - - 0 1", "d4"), "g7");
}

/// Board 2, Black to move, the piece `p` on b7: c8 a White Queen; a8 empty; a6 x (Black, its own);
/// down to the right c6 X (White), d5 x (Black), e4 X (White), f3 a White Pawn, g2 empty.
fn board2(p: char) -> String {
    format!("2Q5/1{p}6/x1X4k/3x4/4X3/5P2/8/7K b - - 0 1")
}

#[test]
fn black_jumps_too() {
    // The Uhlan takes c6 and c8, over c6 and d5 takes e4, over c6 d5 e4 takes the Pawn f3 (no X to
    // jump on); a8 is a plain step; over its own a6 it would leave the board.
    assert_eq!(moves(&board2('u'), "b7"), "a8 xc6 xc8 xe4 xf3");
    // The Elk also jumps the Pawn f3 and lands on g2.
    assert_eq!(moves(&board2('e'), "b7"), "a8 g2 xc6 xc8 xe4 xf3");
}

#[test]
fn a_jump_gives_check() {
    // The Black King on g7, behind e5 and f6 as seen from d4: in check; without the X on e5 not.
    let interp = interpreter();
    let checked = load("8/3p2k1/3X1x2/2pxX3/2XU4/2xxQ3/1X1x4/7K b - - 0 1");
    assert!(VisitChains.in_check(&checked) && interp.in_check(&checked));
    let free = load("8/3p2k1/3X1x2/2px4/2XU4/2xxQ3/1X1x4/7K b - - 0 1");
    assert!(!VisitChains.in_check(&free) && !interp.in_check(&free));
}

#[test]
fn generated_visit_chains_agree_with_the_interpreter() {
    // By hand at depth 1: six Pawns, one or two steps (12); the X on c2 and f2 one step each (2);
    // the Uhlan over c2 to d3, the Vaulter over c2 to c3, the Elk over e2 to d3 and over g2 to h3,
    // the Yeoman over f2 to e3 (5).
    assert_eq!(perft(&VisitChains, &mut VisitChains::start_position(), 1), 19);
    assert_eq!(perft(&VisitChains, &mut VisitChains::start_position(), 2), 361);
    assert_eq!(perft(&VisitChains, &mut VisitChains::start_position(), 3), 7_486);
    assert_agree("visitchains", &VisitChains, &interpreter(), VisitChains::start_position());
    // The playouts jump: moves of the jumpers that go further than one step (over at least one
    // piece), and make/unmake restores every position.
    let mut jumps = 0;
    random_walk(&VisitChains, &VisitChains::start_position(), 3_000, 100, 0x2545_f491_4f6c_dd1d, |pos, list| {
        let g = pos.geometry();
        assert_make_unmake(pos, list, |pos, mv| {
            let symbol = pos.piece_at(mv.from()).map(|p| pos.table().symbol(p).to_ascii_uppercase());
            let jumper = matches!(symbol.as_deref(), Some("U" | "V" | "Y" | "E"));
            let (files, ranks) =
                (g.file_of(mv.from()).abs_diff(g.file_of(mv.to())), g.rank_of(mv.from()).abs_diff(g.rank_of(mv.to())));
            let far = files.max(ranks);
            jumps += usize::from(jumper && far > 1);
        });
    });
    eprintln!("{jumps} jumps");
    assert!(jumps > 500, "{jumps} jumps");
}

/// The error messages of both back ends for a chess variant with the castlings `castlings`.
fn castling_refusals(castlings: &str) -> (Vec<String>, Vec<String>) {
    let pieces = format!("P|Pawn| N|Knight| B|Bishop| R|Rook| Q|Queen| K|King| {castlings} +P==QRBN");
    let mut spec = test_spec("castling", 8, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", &pieces, "K", "[8]");
    spec.castling_partners = "R".to_string();
    let variant = Variant::compile(&spec).unwrap_or_else(|e| panic!("{castlings}: {e:?}"));
    let interp = Interpreter::new(&variant).err().unwrap_or_default().into_iter().map(|d| d.message).collect();
    let generated = mbn::codegen::emit::emit_variant(&variant, "Probe", &Default::default())
        .err()
        .unwrap_or_default()
        .into_iter()
        .map(|d| d.message)
        .collect();
    (interp, generated)
}

/// M71: a castling whose royal or partner move has several legs is refused for good, in both back
/// ends; single-leg castlings run.
#[test]
fn multi_leg_castlings_are_refused() {
    for castlings in [
        // Seed §15, both hexagonal sets.
        "O-O=[*]ir(F02-[F])=ij{k}lF0-F O-O-O=[*]il(F02-[F])=ij{k}rF0-F",
        "O-O=[*]irD02=ij{k}lD0-D O-O-O=[*]ilD03=ij{k}rD0-D",
        // A King's move of two legs with a plain Rook move.
        "O-O=[*]isW-W=isR[f]",
    ] {
        let (interp, generated) = castling_refusals(castlings);
        for errors in [&interp, &generated] {
            assert!(!errors.is_empty(), "{castlings}: runs");
            for m in errors.iter() {
                assert!(m.contains("castling move with several legs") && m.contains("M71"), "{castlings}: {m}");
                assert!(!m.contains("yet"), "{castlings}: {m}");
            }
        }
    }
    assert_eq!(castling_refusals("O-O=[*]isR[g]=isR[f] O-O-O=[*]isR[c]=isR[d]"), (Vec::new(), Vec::new()));
}
