//! `u` on the legs of multi-leg moves: a leg moves on only while no enemy stands where it could
//! land, in any of its directions there (docs/SEMANTICS.md M109), in both back ends.

mod common;

use common::agree::{assert_agree, piece_moves};
use common::test_variant;

test_variant! {
    /// The Timid Horse `W-uF` steps orthogonally, then diagonally on only while neither diagonal
    /// square ahead holds an enemy; the Cautious Rook `uR-W` slides while no enemy is first on
    /// any of its four lines, then takes one step straight on, moving or capturing; the Mugger
    /// `mK+(cK-uK)` steps, or takes a neighbour and steps on while no enemy is next to it then.
    Timid, timid_interpreter,
    TIMID_START = "rnbqkbnr/pppppppp/2htm3/8/8/2HTM3/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    TIMID_PIECES = "P|Pawn| N|Knight| B|Bishop| R|Rook| Q|Queen| K|King| H|Horse|=W-uF T|Tower|=uR-W \
        M|Mugger|=mK+(cK-uK) +P==QRBNHTM",
    castling: "R",
}

/// The destinations of White's piece on `from` in `fen`, both back ends agreeing.
fn by_hand(fen: &str, from: &str) -> String {
    let pos = Timid::position(fen).expect("the position loads");
    piece_moves(&Timid, &timid_interpreter(), &pos, from)
}

#[test]
fn a_horse_that_stops_short_of_enemies() {
    // On d4 alone: the Xiangqi Horse's eight squares.
    assert_eq!(by_hand("4k3/8/8/8/3H4/8/8/4K3 w - - 0 1", "d4"), "b3 b5 c2 c6 e2 e6 f3 f5");
    // An enemy on e6: from d5 neither c6 nor e6 (the leg could land on e6); from e4 f5 and f3
    // stay, and the enemy is never taken.
    assert_eq!(by_hand("4k3/8/4p3/8/3H4/8/8/4K3 w - - 0 1", "d4"), "b3 b5 c2 e2 f3 f5");
    // A friend on e6 blocks only itself.
    assert_eq!(by_hand("4k3/8/4P3/8/3H4/8/8/4K3 w - - 0 1", "d4"), "b3 b5 c2 c6 e2 f3 f5");
}

#[test]
fn a_rook_leg_that_waits_for_open_lines() {
    // On d4 with an enemy first on its line to the right (h4): the slide has no moves at all.
    assert_eq!(by_hand("4k3/8/8/8/3T3p/8/8/4K3 w - - 0 1", "d4"), "");
    // Friends on b4 and f4 first on the lines left and right: the slides up and down, then one
    // step straight on (c4 and e4 lead onto the friends).
    assert_eq!(by_hand("4k3/8/8/8/1P1T1P2/8/8/4K3 w - - 0 1", "d4"), "d1 d2 d6 d7 d8");
    // With an enemy behind the friend on f4 (h4) it is the same: only the first piece counts.
    assert_eq!(by_hand("4k3/8/8/8/1P1T1P1p/8/8/4K3 w - - 0 1", "d4"), "d1 d2 d6 d7 d8");
}

#[test]
fn a_step_after_a_capture() {
    // The Mugger on d4 takes d5 and steps on to d6 while no enemy stands there.
    assert_eq!(by_hand("4k3/8/8/3p4/3M4/8/8/4K3 w - - 0 1", "d4"), "c3 c4 c5 d3 d6(xd5) e3 e4 e5");
    // An enemy on d6: the `u` step could land on it, so there is no step at all (and no capture
    // of d6 either: the `u` leg only moves).
    assert_eq!(by_hand("4k3/8/3p4/3p4/3M4/8/8/4K3 w - - 0 1", "d4"), "c3 c4 c5 d3 e3 e4 e5");
}

#[test]
fn generated_unblocked_legs_agree_with_the_interpreter() {
    let interp = timid_interpreter();
    let start = Timid::position(TIMID_START).expect("start");
    assert_agree("Timid", &Timid, &interp, start.clone());
    // Random games meet Horses whose diagonal step is closed by an enemy: an empty orthogonal
    // square next to the Horse with an enemy on one of the two diagonal squares beyond it.
    let mut closed = 0;
    common::random_walk(&Timid, &start, 3000, 120, 11, |pos, _| {
        let (g, us) = (pos.geometry(), pos.side_to_move());
        for sq in g.squares() {
            let Some(horse) =
                pos.piece_at(sq).filter(|p| p.color == us && pos.table().get(p.kind).is_some_and(|i| i.letter == 'H'))
            else {
                continue;
            };
            let at = |f: i32, r: i32| {
                let (f, r) = (i32::from(g.file_of(sq)) + f, i32::from(g.rank_of(sq)) + r);
                g.square(u8::try_from(f).ok()?, u8::try_from(r).ok()?)
            };
            for (f, r) in [(0, 1), (1, 0), (0, -1), (-1, 0)] {
                if at(f, r).is_none_or(|w| pos.piece_at(w).is_some()) {
                    continue;
                }
                let beyond = [(2 * f + r, 2 * r + f), (2 * f - r, 2 * r - f)];
                if beyond
                    .iter()
                    .any(|&(x, y)| at(x, y).and_then(|s| pos.piece_at(s)).is_some_and(|p| p.color != horse.color))
                {
                    closed += 1;
                }
            }
        }
    });
    assert!(closed > 100, "{closed}");
}

test_variant! {
    /// M113: `u` beside what happens at the end of a path. The Shy Hypnotist `mK+(uW-xF)` steps
    /// orthogonally while no enemy is orthogonally next to it, then moves or flips diagonally
    /// on; the Shy Swapper `mK+(uF-wwW)` steps diagonally while no enemy is diagonally next to
    /// it, then swaps with a friend straight on; the Shy Raider `mK+(uW-ce{P}fF)` steps
    /// orthogonally the same way, then takes a Pawn en passant diagonally on.
    Shy, shy_interpreter,
    SHY_START = "rnbqkbnr/pppppppp/2hwe3/8/8/2HWE3/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    SHY_PIECES = "P|Pawn| N|Knight| B|Bishop| R|Rook| Q|Queen| K|King| H|Hypnotist|=mK+(uW-xF) \
        W|Swapper|=mK+(uF-wwW) E|Raider|=mK+(uW-ce{P}fF) +P==QRBNHWE",
    castling: "R",
}

/// White's moves from `from` in `fen` after Black's `moves` (`~sq` a flip, `wsq` a swap, `e.p.`
/// an en passant capture).
fn shy_by_hand(fen: &str, moves: &[&str], from: &str) -> String {
    let mut pos = Shy::position(fen).expect("the position loads");
    common::agree::play(&Shy, &mut pos, moves);
    let g = pos.geometry();
    common::agree::piece_moves_by(&Shy, &shy_interpreter(), &pos, from, |_, mv| {
        let mark = if mv.is_flip() {
            "~"
        } else if mv.is_swap() {
            "w"
        } else {
            ""
        };
        let ep = if mv.is_en_passant() { "e.p." } else { "" };
        format!("{mark}{}{ep}", g.square_name(mv.to()))
    })
}

#[test]
fn unblocked_legs_before_flips_swaps_and_en_passant() {
    // The Hypnotist on d4, an enemy on e6: over d5 it flips e6, and moves to c6.
    assert_eq!(
        shy_by_hand("4k3/8/4p3/8/3H4/8/8/4K3 w - - 0 1", &[], "d4"),
        "b3 b5 c2 c3 c4 c5 c6 d3 d5 e2 e3 e4 e5 f3 f5 ~e6"
    );
    // An enemy on c4 closes the orthogonal step in every direction (it could land on c4): the
    // King steps only, and c4 is not taken (`m`).
    assert_eq!(shy_by_hand("4k3/8/4p3/8/2pH4/8/8/4K3 w - - 0 1", &[], "d4"), "c3 c5 d3 d5 e3 e4 e5");
    // The Swapper on d4, friends on e6 and b3: it swaps with e6 over e5 and with b3 over c3 (the
    // step straight on after the diagonal one goes outward), and moves to the other squares the
    // path reaches (`ww` replaces the capture only); an enemy on c5 closes every diagonal step.
    assert_eq!(
        shy_by_hand("4k3/8/4P3/8/3W4/1P6/8/4K3 w - - 0 1", &[], "d4"),
        "b5 c2 c3 c4 c5 c6 d3 d5 e2 e3 e4 e5 f3 f5 wb3 we6"
    );
    assert_eq!(shy_by_hand("4k3/8/4P3/2p5/3W4/1P6/8/4K3 w - - 0 1", &[], "d4"), "c3 c4 d3 d5 e3 e4 e5");
    // The Raider on d4 after Black's e7e5: over d5 it takes e5 en passant on e6; with an enemy on
    // c4 its orthogonal step is closed, and so is the capture.
    assert_eq!(shy_by_hand("4k3/4p3/8/8/3E4/8/8/4K3 b - - 0 1", &["e7e5"], "d4"), "c3 c4 c5 d3 d5 e3 e4 e6e.p.");
    assert_eq!(shy_by_hand("4k3/4p3/8/8/2pE4/8/8/4K3 b - - 0 1", &["e7e5"], "d4"), "c3 c5 d3 d5 e3 e4");
}

#[test]
fn generated_shy_pieces_agree_with_the_interpreter() {
    let start = Shy::position(SHY_START).expect("start");
    assert_agree("Shy", &Shy, &shy_interpreter(), start.clone());
    let (mut flips, mut swaps) = (0, 0);
    common::random_walk(&Shy, &start, 3000, 120, 13, |_, list| {
        flips += list.iter().filter(|mv| mv.is_flip()).count();
        swaps += list.iter().filter(|mv| mv.is_swap()).count();
    });
    assert!(flips > 50 && swaps > 50, "{flips} {swaps}");
}
