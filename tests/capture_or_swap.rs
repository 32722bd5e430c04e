//! A piece that may capture, swap with or flip the same piece (docs/SEMANTICS.md M129): each is
//! its own move with its own text (`d4c3`, `d4c3>d4`, `d4d4~c3`), in both back ends.

mod common;

use common::agree::{assert_agree, piece_moves_by, piece_moves_on_the_way};
use common::test_variant;
use mbn::runtime::rules::parse_move;

test_variant! {
    /// The Guard `K+wK` captures an enemy next to it or swaps with it; the Turncoat `K+xK`
    /// captures or turns it; the Mixer `wK+xK` swaps with or turns it; the Swindler `mN+cwN`
    /// captures or swaps with an enemy a knight's leap away; the Leaper `mN+(mW-cwW)` steps to an
    /// empty square and on, to capture or swap with an enemy there; the Valkyrie `QucQ` (XBetza:
    /// `u` unloads the piece taken on the queen's square) captures or swaps with an enemy on its
    /// lines.
    CaptureOrSwap, capture_or_swap_interpreter,
    START = "rnbqkbnr/pppppppp/2gtm3/2slv3/2SLV3/2GTM3/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    PIECES = "P|Pawn| N|Knight| B|Bishop| R|Rook| Q|Queen| K|King| G|Guard|=K+wK T|Turncoat|=K+xK \
        M|Mixer|=wK+xK S|Swindler|=mN+cwN L|Leaper|=mN+(mW-cwW) V|Valkyrie| +P==QRBNGTMSLV",
    castling: "R",
    xbetza: V = "QucQ",
}

/// The moves of White's piece on `from` in `fen`, both back ends agreeing: each its UCI text
/// after the origin (`c3>d4` a swap, `d4~c3` a flip), `x` before a capture.
fn by_hand(fen: &str, from: &str) -> String {
    let interp = capture_or_swap_interpreter();
    let pos = CaptureOrSwap::position(fen).expect("the position loads");
    piece_moves_by(&CaptureOrSwap, &interp, &pos, from, |list, mv| {
        let text = pos.uci(*mv, list.extra_captures(mv));
        format!("{}{}", if mv.is_capture() { "x" } else { "" }, &text[2..])
    })
}

/// The piece on d4 among friendly Knights on d5 and e4 and enemy knights on c3, c5 and e3.
fn among_knights(piece: char) -> String {
    by_hand(&format!("4k3/8/8/2nN4/3{piece}N3/2n1n3/8/4K3 w - - 0 1"), "d4")
}

#[test]
fn capture_swap_and_flip_of_the_same_piece_are_three_moves() {
    assert_eq!(among_knights('G'), "c3>d4 c4 c5>d4 d3 e3>d4 e5 xc3 xc5 xe3");
    assert_eq!(among_knights('T'), "c4 d3 d4~c3 d4~c5 d4~e3 e5 xc3 xc5 xe3");
    assert_eq!(among_knights('M'), "c3>d4 c4 c5>d4 d3 d4~c3 d4~c5 d4~e3 e3>d4 e5");
    assert_eq!(among_knights('V'), "a4 b4 c3>d4 c4 c5>d4 d1 d2 d3 e3>d4 e5 f6 g7 h8 xc3 xc5 xe3");
    // No knight stands a leap from the Swindler: its quiet leaps only.
    assert_eq!(among_knights('S'), "b3 b5 c2 c6 e2 e6 f3 f5");
}

#[test]
fn the_last_leg_of_a_multi_leg_move_captures_or_swaps() {
    // The Leaper on d4 steps to the empty c4 and on to b4's pawn: takes it or swaps with it (the
    // pawn lands on d4, the Leaper's square); north and east friends block; south d3 and d2 are
    // empty, so no move ends there.
    let fen = "4k3/8/8/3N4/1p1LN3/8/8/4K3 w - - 0 1";
    assert_eq!(by_hand(fen, "d4"), "b3 b4>d4 b5 c2 c6 e2 e6 f3 f5 xb4");
    // The Swindler on d4 takes or swaps with the enemy a leap away, not with the friend.
    assert_eq!(by_hand("4k3/8/4n3/8/3S4/5N2/8/4K3 w - - 0 1", "d4"), "b3 b5 c2 c6 e2 e6>d4 f5 xe6");
}

#[test]
fn a_swap_that_would_leave_the_king_in_check_is_not_listed_beside_its_capture() {
    // The Guard on e2 shields the King on e1 from the rook on e8: a swap with the bishop on d3
    // puts the bishop on e2, which blocks the file, but the capture of d3 leaves it open; of the
    // steps only e3 stays on the file.
    assert_eq!(by_hand("4r2k/8/8/8/8/3b4/4G3/4K3 w - - 0 1", "e2"), "d3>e2 e3");
}

/// Every move's text reads back as that move, also where a capture, a swap and a flip of the same
/// piece stand side by side; both back ends agree on random positions and perft 1-3.
#[test]
fn generated_capture_or_swap_agrees_with_the_interpreter() {
    let interp = capture_or_swap_interpreter();
    assert_agree("capture-or-swap", &CaptureOrSwap, &interp, CaptureOrSwap::start_position());
    let (mut swaps, mut flips, mut beside) = (0, 0, 0);
    common::random_walk(&CaptureOrSwap, &CaptureOrSwap::start_position(), 2000, 80, 0x5a129, |pos, list| {
        for mv in list.iter() {
            let extra = list.extra_captures(mv);
            let text = pos.uci(*mv, extra);
            let (back, back_extra) = parse_move(&CaptureOrSwap, pos, &text).expect("the text reads back");
            assert_eq!((back, back_extra.as_slice()), (*mv, extra), "{text} in {}", pos.to_fen());
            swaps += usize::from(mv.is_swap());
            flips += usize::from(mv.is_flip());
            let same_piece = |m: &mbn::runtime::Move| m.is_capture() && m.from() == mv.from() && m.to() == mv.to();
            beside += usize::from((mv.is_swap() || mv.is_flip()) && list.iter().any(same_piece));
        }
    });
    assert!(swaps > 500 && flips > 500 && beside > 500, "met: {swaps} swaps, {flips} flips, {beside} beside a capture");
}

test_variant! {
    /// On the way (M130): the Hangman `mK+(cwK-mW)` steps, or takes or swaps with an enemy next to
    /// it and goes on one step; the Judas `mK+(cxW-mW)` takes or turns an orthogonal enemy and
    /// steps beyond it; the Lasso `mR+(cwR-mW)` slides, or takes or swaps with the first enemy on
    /// its line and stops one step beyond.
    OnTheWay, on_the_way_interpreter,
    WAY_START = "rnbqkbnr/pppppppp/3hjl2/8/8/3HJL2/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    WAY_PIECES = "P|Pawn| N|Knight| B|Bishop| R|Rook| Q|Queen| K|King| H|Hangman|=mK+(cwK-mW) \
        J|Judas|=mK+(cxW-mW) L|Lasso|=mR+(cwR-mW) +P==QRBNHJL",
    castling: "R",
}

/// The moves of White's piece on `from` in `fen`, both back ends agreeing, as
/// [`piece_moves_on_the_way`] writes them (`g4/f4d4`: to g4, the piece on f4 swapped to d4).
fn on_the_way_by_hand(fen: &str, from: &str) -> String {
    let pos = OnTheWay::position(fen).expect("the position loads");
    piece_moves_on_the_way(&OnTheWay, &on_the_way_interpreter(), &pos, from)
}

#[test]
fn a_capture_and_a_swap_or_flip_on_the_way_are_two_paths() {
    // The Hangman on d4, friends d6 c4, enemies d5 e5 c3: over d5 the friend on d6 stops it; over
    // e5 and c3 (diagonal steps, then a W step turned 45°) it takes the enemy or swaps it to d4.
    let fen = "4k3/8/3N4/3pp3/2NH4/2n5/8/4K3 w - - 0 1";
    assert_eq!(on_the_way_by_hand(fen, "d4"), "b3/c3d4 b3xc3 c2/c3d4 c2xc3 c5 d3 e3 e4 e6/e5d4 e6xe5 f5/e5d4 f5xe5");
    // The Judas on d4, enemies d5 c4: it takes or turns either and steps beyond.
    let fen = "4k3/8/8/3p4/2pJ4/8/8/4K3 w - - 0 1";
    assert_eq!(on_the_way_by_hand(fen, "d4"), "b4xc4 b4~c4 c3 c5 d3 d6xd5 d6~d5 e3 e4 e5");
    // The Lasso on d4, an enemy f4, a friend d6: east it takes f4 or swaps it to d4 and stops on
    // g4; north the friend stops it.
    let fen = "4k3/8/3N4/8/3L1p2/8/8/4K3 w - - 0 1";
    assert_eq!(on_the_way_by_hand(fen, "d4"), "a4 b4 c4 d1 d2 d3 d5 e4 g4/f4d4 g4xf4");
}

/// Both back ends on random positions and perft 1-3; the walk meets swaps and flips on the way
/// beside the capture of the same piece on the same path.
#[test]
fn generated_on_the_way_agrees_with_the_interpreter() {
    assert_agree("on-the-way", &OnTheWay, &on_the_way_interpreter(), OnTheWay::start_position());
    let (mut swaps, mut flips) = (0, 0);
    common::random_walk(&OnTheWay, &OnTheWay::start_position(), 2000, 80, 0x5a130, |_, list| {
        for mv in list.iter() {
            let touched = mv.swapped().map(|(s, _)| s).or(mv.flipped());
            let captured_instead = |m: &mbn::runtime::Move| {
                m.from() == mv.from()
                    && m.to() == mv.to()
                    && touched.is_some_and(|t| list.extra_captures(m).contains(&t))
            };
            if list.iter().any(captured_instead) {
                swaps += usize::from(mv.swapped().is_some());
                flips += usize::from(mv.flipped().is_some());
            }
        }
    });
    assert!(swaps > 100 && flips > 100, "met beside a capture: {swaps} swaps, {flips} flips");
}
