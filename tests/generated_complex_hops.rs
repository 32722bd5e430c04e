//! Complex riders the code generator searches at run time whatever their rounds do
//! (docs/SEMANTICS.md M72): repeats of hops, of captures or of plain steps to the edge, and the
//! seed's `(dcKmK)0`, whose rounds may capture or move. Hand-checked destination sets in both back
//! ends, then generated = interpreted on random playouts and at perft 1-3.

mod common;

use common::agree::{assert_agree, piece_moves};
use common::test_variant;

test_variant! {
    /// The Mad Monkey is the seed's `(dcKmK)0` (each round a capture in any direction or a step
    /// straight on), the Greedy Monkey its maximal form; the Edge Taker captures every piece of a
    /// diagonal to the edge, the Edge Hopper hops one piece per round to the edge.
    ComplexHops, interpreter,
    START = "hemqkgeh/pppppppp/8/8/8/8/PPPPPPPP/HEMQKGEH w - - 0 1",
    PIECES = "P|Pawn| K|King| Q|Queen| M|Mad Monkey|=(dcKmK)0 G|Greedy Monkey|=(dcKmK)0* \
        E|Edge Taker|=cB*+mF H|Edge Hopper|=pR*+pB* +P==QMGEH",
}

/// The moves of the piece on `from` in both back ends (asserted equal, with the whole position's).
fn moves(fen: &str, from: &str) -> String {
    piece_moves(&ComplexHops, &interpreter(), &ComplexHops::position(fen).expect("fen"), from)
}

#[test]
fn the_edge_taker_captures_every_piece_of_its_line_to_the_edge() {
    // d4: NE e5 (taken), f6 empty, g7 and h8 taken, h8 at the edge; SW c3 taken, b2 empty, a1
    // taken at the edge; NW b6 taken, but a7 beyond it holds nothing to take; SE e3 a friend.
    // `mF`: c5 only.
    assert_eq!(moves("7q/6p1/1p6/4p3/k2E4/2p1P3/8/hK6 w - - 0 1", "d4"), "c5 xa1(xc3) xh8(xe5,xg7)");
    // Friends on f6 and b2 close both chains.
    assert_eq!(moves("7q/6p1/1p3P2/4p3/k2E4/2p1P3/1P6/hK6 w - - 0 1", "d4"), "c5");
}

#[test]
fn the_edge_hopper_hops_one_piece_a_round_to_the_edge() {
    // d4: N over d6 to d7 (not the edge) or onto d8 (taken); S over d3 to d1; E over f4 to h4;
    // W no hurdle; NE over e5 to f6, then over g7 to h8 (two rounds); NW over b6 to a7; SW over
    // c3 to a1; SE no hurdle.
    assert_eq!(moves("3q4/6p1/1p1P4/4P3/3H1p2/2Pp4/8/2K4k w - - 0 1", "d4"), "a1 a7 d1 h4 h8 xd8");
    // A friend on a1 closes SW; an enemy on h4 is taken.
    assert_eq!(moves("3q4/6p1/1p1P4/4P3/3H1p1p/2Pp4/8/Q1K4k w - - 0 1", "d4"), "a7 d1 h8 xd8 xh4");
}

#[test]
fn the_mad_monkey_captures_and_goes_on_straight() {
    // a1 behind friends a2 b1: b2, then c3 taken from b2 (NE), then on NE from c3 to h8.
    assert_eq!(moves("k7/8/8/8/8/2p5/P7/MQ5K w - - 0 1", "a1"), "b2 d4(xc3) e5(xc3) f6(xc3) g7(xc3) h8(xc3) xc3");
    // An enemy on e5 stops the slide at d4, is taken from there, and the path goes on NE.
    assert_eq!(
        moves("k7/8/8/4p3/8/2p5/P7/MQ5K w - - 0 1", "a1"),
        "b2 d4(xc3) f6(xc3,xe5) g7(xc3,xe5) h8(xc3,xe5) xc3 xe5(xc3)"
    );
    // The Greedy Monkey `(dcKmK)0*` goes on while it can: b2, c3 and d4 always have a way on,
    // so each path ends at h8 only.
    assert_eq!(moves("k7/8/8/8/8/2p5/P7/GQ5K w - - 0 1", "a1"), "h8(xc3)");
    assert_eq!(moves("k7/8/8/4p3/8/2p5/P7/GQ5K w - - 0 1", "a1"), "h8(xc3,xe5)");
}

common::twin_variant! {
    /// The same riders on 6x6 for the random playouts and perft, with the Monkey bounded to four
    /// rounds: the unbounded `(dcKmK)0` eats a cluster of enemies in every order, which both back
    /// ends enumerate (M72), too slowly for thousands of crowded positions. The Far Hopper's legs are
    /// maximal, edge and halfling hops in multi-leg moves.
    ComplexHops6, interpreter6 {
        board: "6x6",
        start: "hemkfh/pppppp/6/6/PPPPPP/HEMKFH w - - 0 1",
        pieces: "P|Pawn| K|King| M|Mad Monkey|=(dcKmK)4 E|Edge Taker|=cB*+mF H|Edge Hopper|=pR*+pB* \
            F|Far Hopper|=mW-phR+mF-pB*+pW0*-mW +P==MEHF",
        royal: "K",
        promotion_zone: "[6]",
        promotion_mandatory: true,
    }
}

#[test]
fn generated_complex_hops_agree_with_the_interpreter() {
    let interp = interpreter6();
    assert_agree("complex hops", &ComplexHops6, &interp, ComplexHops6::start_position());
}

/// Perft 4 from the 6x6 start in both back ends, timed (docs/SEMANTICS.md M72 reports the numbers):
/// `cargo test --test generated_complex_hops -- --ignored --nocapture`.
#[test]
#[ignore = "a timing, run by hand"]
fn perft_timing() {
    let interp = interpreter6();
    let start = ComplexHops6::start_position();
    let t = std::time::Instant::now();
    let generated = mbn::runtime::perft(&ComplexHops6, &mut start.clone(), 4);
    let g = t.elapsed();
    let t = std::time::Instant::now();
    let interpreted = mbn::runtime::perft(&interp, &mut start.clone(), 4);
    let i = t.elapsed();
    assert_eq!(generated, interpreted);
    println!("perft 4 = {generated}: generated {g:?}, interpreted {i:?}");
}
