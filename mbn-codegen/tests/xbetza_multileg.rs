//! XBetza multi-leg moves (`a`) and the case studies of seed `001` (docs/SEMANTICS.md X11–X17):
//! each piece compiled from XBetza, put on a board set up by hand and its destinations compared
//! with sets worked out by hand from the seed's text (a diagram in a comment where it helps).
//!
//! Notation of results: `e6` a quiet move, `xe6` a capture on e6, `f6(xe5)` a move to f6 that
//! captures on e5 on the way; `landings` also lists the moves that end on the start square.

mod common;

use common::probe::{board, moves_in, probe, probe_of, written};
use mbn_codegen::{compile_move_in, Dialect};
use mbn_runtime::{Color, Geometry};

/// The moves of White's `xbetza` piece on `from` of a probe board, sorted, each once.
fn moves(xbetza: &str, from: &str, friends: &str, enemies: &str) -> String {
    moves_in(Dialect::XBetza, xbetza, from, friends, enemies)
}

/// The landings of the multi-leg moves that end on the start square (rifle captures, passes).
fn returns(xbetza: &str, from: &str, friends: &str, enemies: &str) -> String {
    let (variant, interp) = probe_of(Dialect::XBetza, xbetza);
    let pos = board(&variant, Color::White, from, friends, enemies);
    let g = Geometry::CHESS;
    let sq = g.parse_square(from).unwrap();
    let mut out: Vec<String> = interp
        .piece_landings(&pos, sq, pos.piece_at(sq).unwrap())
        .into_iter()
        .filter(|l| l.to == sq)
        .map(|l| {
            let names: Vec<String> = l.extra.iter().map(|e| format!("x{}", g.square_name(*e))).collect();
            if names.is_empty() {
                g.square_name(l.to)
            } else {
                format!("{}({})", g.square_name(l.to), names.join(","))
            }
        })
        .collect();
    out.sort();
    out.dedup();
    out.join(" ")
}

fn count(s: &str) -> usize {
    s.split_whitespace().count()
}

fn error(xbetza: &str) -> (String, usize) {
    let d = compile_move_in(Dialect::XBetza, xbetza).expect_err(xbetza);
    (d[0].message.clone(), d[0].span.start)
}

#[test]
fn falcon_ncnz_is_blocked_only_when_every_path_is() {
    // Empty board: the 8 camel and 8 zebra squares.
    assert_eq!(moves("nC", "d4", "", ""), "a3 a5 c1 c7 e1 e7 g3 g5");
    assert_eq!(count(&moves("nCnZ", "d4", "", "")), 16);
    // Friends on d5 and e5 (W and F squares ahead-right):
    //   8 . . . . . . . .   e7 (1,3) has the paths d5-d6, e5-e6, d5-e6: all blocked.
    //   7 . . x . x x . .   f7 (2,3) has e5-f6, d5-e6, e5-e6: all blocked.
    //   6 . . . . . . . .   c7 goes c5-c6, g6 goes e4-f5: open.
    //   5 . . . Z Z . . .
    //   4 . . . A . . . .
    assert_eq!(moves("nCnZ", "d4", "d5 e5", ""), "a2 a3 a5 a6 b1 b7 c1 c7 e1 f1 g2 g3 g5 g6");
    // Unblocking d6 is not enough for e7 (d5 still blocks its first two paths, e5 the second).
    assert_eq!(moves("fnC", "d4", "d5 e5", ""), "c7");
}

#[test]
fn sissa_aivsq_turns_and_goes_as_far_again() {
    // From a1, the first leg k steps along a queen line, then k steps turned 45° or 135°.
    // Empty board: a2-a8, b1-h1 (straight and round the corner), b3 c5 d7, c2 e3 g4.
    let empty = moves("aivsQ", "a1", "", "");
    assert_eq!(empty, "a2 a3 a4 a5 a6 a7 a8 b1 b3 c1 c2 c5 d1 d7 e1 e3 f1 g1 g4 h1");
    // Friends on b2 and a3:
    //   8 . . . . . . . .   the diagonal is closed; up the a-file only a2 (k = 1) then b3, b1;
    //   4 . . . . . . . .   along rank 1 then back up-left: k = 1 a2, 2 a3 (friend), 3 a4 ... 7 a8;
    //   3 Z . . . . . . .   and up-right: c2, e3, g4.
    //   2 . Z . . . . . .
    //   1 A . . . . . . .
    assert_eq!(moves("aivsQ", "a1", "b2 a3", ""), "a2 a4 a5 a6 a7 a8 b1 b3 c2 e3 g4");
}

#[test]
fn griffon_fyafsf_steps_then_slides_outwards() {
    // d4, empty: the four F squares and the rook lines away from each: 4 + 20.
    assert_eq!(count(&moves("FyafsF", "d4", "", "")), 24);
    // Enemies e5, b3; a friend on c6: e5 is captured by the F step and nothing goes through it.
    assert_eq!(moves("FyafsF", "d4", "c6", "e5 b3"), "a5 b5 c1 c2 c3 c5 e1 e2 e3 f3 g3 h3 xb3 xe5");
    // The Picket yafF: a bishop that cannot stop on or capture with its first step.
    assert_eq!(moves("yafF", "d4", "", "e5 b6"), "a1 b2 f2 g1 xb6");
}

#[test]
fn hook_mover_rasr_turns_one_corner() {
    assert_eq!(count(&moves("RasR", "d4", "", "")), 63);
    // A friend on d5, an enemy on c4: the rook moves d1-d3, e4-h4, xc4; turning off d1-d3 the
    // ranks 1-3 (21 squares), off e4-h4 the files e-h (28, of which 12 on ranks 1-3 again): 45.
    let m = moves("RasR", "d4", "d5", "c4");
    assert_eq!(count(&m), 45);
    for absent in ["a4", "b4", "d5", "d6", "d7", "d8"] {
        assert!(!m.split(' ').any(|s| s.ends_with(absent)), "{absent} in {m}");
    }
    assert!(m.contains("xc4") && m.contains("a3") && m.contains("h8"));
}

#[test]
fn lion_knadcakmcabk_captures_twice_igui_and_passes() {
    // d4 with an enemy on d5: K N A D leaps, and after capturing d5 a second king step.
    let m = moves("KNADcaKmcabK", "d4", "", "d5");
    assert_eq!(
        m,
        "b2 b3 b4 b5 b6 c2 c3 c4 c4(xd5) c5 c5(xd5) c6 c6(xd5) d2 d3 d4 d4(xd5) d6 d6(xd5) e2 e3 e4 e4(xd5) e5 \
         e5(xd5) e6 e6(xd5) f2 f3 f4 f5 f6 xd5"
    );
    // Moving out and back is the pass; capturing and stepping back is igui: moves (M61).
    assert_eq!(returns("KNADcaKmcabK", "d4", "", "d5"), "d4 d4(xd5)");
    // A lone Lion has only the pass; one hemmed in by friends nothing.
    assert_eq!(returns("KNADcaKmcabK", "a1", "", ""), "a1");
    assert_eq!(returns("KNADcaKmcabK", "a1", "a2 b1 b2", ""), "");
}

#[test]
fn checker_fmffcafmf_jumps_over_its_victim() {
    assert_eq!(moves("fmFfcafmF", "d4", "", "c5 e5"), "b6(xc5) f6(xe5)");
    assert_eq!(moves("fmFfcafmF", "d4", "f6", "c5 e5"), "b6(xc5)");
    assert_eq!(moves("fmFfcafmF", "d4", "", ""), "c5 e5");
}

#[test]
fn rifle_rook_caibr_captures_without_moving() {
    // Stationary captures (M61): the Rook stays on d4 and takes d6 or g4.
    assert_eq!(moves("caibR", "d4", "b4", "d6 d7 g4"), "d4(xd6) d4(xg4)");
    assert_eq!(returns("caibR", "d4", "b4", "d6 d7 g4"), "d4(xd6) d4(xg4)");
    assert_eq!(moves("caibR", "d4", "", ""), "");
}

#[test]
fn collider_gabyabsr_turns_before_the_obstacle() {
    // d4, a friend on d7: slide to it, back to d6, then diagonally on: c7 b8 and e7 f8.
    assert_eq!(moves("gabyabsR", "d4", "d7", ""), "b8 c7 e7 f8");
    assert_eq!(moves("gabyabsR", "d4", "d7", "f8"), "b8 c7 e7 xf8");
    // An adjacent obstacle: back to the start square (empty: the piece left it), then on.
    assert_eq!(moves("gabyabsR", "d4", "d5", ""), "a7 b6 c5 e5 f6 g7 h8");
    assert_eq!(moves("gabyabsR", "d4", "", ""), "");
}

#[test]
fn valkyrie_and_relay_knight_are_read() {
    // Seed 001's case studies compile (X27, X28); `xbetza_induction.rs` runs them.
    for text in ["QudQafudQ", "mNxaN"] {
        assert!(compile_move_in(Dialect::XBetza, text).is_ok(), "{text}");
    }
}

#[test]
fn fide_pawn_fmwfcefifmnd() {
    assert_eq!(moves("fmWfceFifmnD", "e2", "", "d3"), "e3 e4 xd3");
    assert_eq!(moves("fmWfceFifmnD", "e2", "", "e3"), "");
}

#[test]
fn seed_examples_agree_with_their_single_leg_equivalents() {
    let boards: [(&str, &str, &str); 4] =
        [("d4", "", ""), ("d4", "d5 e5", "c3 f6"), ("b2", "b3", "c2 a1"), ("g7", "f7 h8", "g6 e5")];
    for (xbetza, same) in [("mafsW", "nN"), ("mpafsK", "N"), ("pafR", "pR"), ("mRpafcR", "mRcpR"), ("mafF", "nA")] {
        for (from, friends, enemies) in boards {
            let a = moves(xbetza, from, friends, enemies);
            let b = moves(same, from, friends, enemies);
            assert_eq!(a, b, "{xbetza} vs {same} from {from}");
        }
    }
    // `afafsW` is one of the three camel paths: less than `nC` on some board.
    assert_ne!(moves("afafsW", "d4", "d5", ""), moves("nC", "d4", "d5", ""));
}

#[test]
fn continuation_legs_default_to_every_way_but_back() {
    // aK: two king steps, never straight back: 24 squares of the 5x5 around d4 minus d4 itself.
    assert_eq!(count(&moves("aK", "d4", "", "")), 24);
    // camK: capture, then move on (not back): e5 captured, e6 f6 f5 f4 d6 e4 d5? d4 is back.
    assert_eq!(moves("camK", "d4", "", "e5"), "d5(xe5) d6(xe5) e4(xe5) e6(xe5) f4(xe5) f5(xe5) f6(xe5)");
    // masR: two perpendicular rook moves, the first to an empty square.
    assert_eq!(count(&moves("masR", "a1", "", "")), 49);
}

#[test]
fn range_toggles_g_and_y() {
    // gafK (time-reversed grasshopper): over an adjacent piece, then slide on.
    assert_eq!(moves("gafK", "d4", "d5", "d8"), "d6 d7 xd8");
    // pafK = nA plus nD hops: land right behind an adjacent piece.
    assert_eq!(moves("pafK", "d4", "d5 e5", ""), "d6 f6");
    // gafsW0: W0 toggles to a bishop-like slide behind the mount (seed 002), gafsR to a step.
    assert_eq!(moves("gafsW0", "d4", "d6", ""), "b8 c7 e7 f8");
    assert_eq!(moves("gafsR", "d4", "d6", ""), "c7 e7");
    // yafsW: a W step to an empty square, then a bishop move (seed 002).
    assert_eq!(moves("yafsW", "d4", "d5 c4 e4", "d3"), "");
    // From a1: a2 then up-right, b1 then up-right (down-right is off the board); c2 an enemy.
    assert_eq!(moves("yafsW", "a1", "", "c2"), "b3 c4 d5 e6 f7 g8 xc2");
}

#[test]
fn j_must_jump_or_skis() {
    // jD must leap over a piece (XBoard): from c3, c1 only over a piece on c2.
    assert_eq!(moves("jD", "c3", "c2", ""), "c1");
    assert_eq!(moves("jD", "c3", "", ""), "");
    // jB, the Ski-Bishop: the first step is doubled, whatever the square skipped holds.
    assert_eq!(moves("jB", "d4", "", ""), "a1 a7 b2 b6 f2 f6 g1 g7 h8");
    assert_eq!(moves("jB", "d4", "e5", "f6"), "a1 a7 b2 b6 f2 g1 xf6");
    // `jN` jumps its orthogonal neighbour (X65, `xbetza_rest.rs`); `j` on another oblique leap
    // has no meaning in the seeds (X66).
    assert!(error("jC").0.contains("`j` has no meaning"));
}

#[test]
fn u_the_universal_leaper_reaches_every_square() {
    let all = moves("U", "d4", "e4", "h8");
    assert_eq!(count(&all), 62);
    assert!(all.contains("xh8") && !all.contains("e4"));
    assert_eq!(moves("fU", "a8", "", ""), "");
}

#[test]
fn unrolling_is_bounded() {
    let (message, _) = error("aaaaaaaaaaaaaaaaaaaaK");
    assert!(message.contains("too many paths"), "{message}");
    // Seed 002's `mamaK`: three king steps (8·7·7 paths) reach the 7x7 square around d4, d4 itself
    // by a detour (X11) a pass (M61).
    let area = moves("mamaK", "d4", "", "");
    assert_eq!(count(&area), 49);
    assert!(area.split(' ').any(|m| m == "d4"), "{area}");
}

#[test]
fn z_crooked_and_q_circular_riders() {
    // zB on d4: the eight zig-zags, as MBN's Boyscout `F-[(zF)0]` (docs/SEMANTICS.md M2).
    let crooked = moves("zB", "d4", "", "");
    assert_eq!(crooked, "a3 a5 b4 c1 c3 c5 c7 d2 d6 d8 e1 e3 e5 e7 f4 g3 g5 h4");
    assert_eq!(moves("zB", "d4", "d6", "f4"), "a3 a5 b4 c1 c3 c5 d2 e1 e3 e5 xf4");
    // qN, the Rose, on e1: the squares of MBN's clockwise `(N)(rf)8` (M7) and, turning the other
    // way, a1 (e1-c2-a1) and a5 (e1-f3-e5-c6-a5).
    assert_eq!(moves("qN", "e1", "", ""), "a1 a5 b4 c2 c6 d3 e5 e7 f3 g2 g6 h4");
    // c6 a friend, d3 an enemy: a5 is cut off at c6; e5 e7 g6 still come counter-clockwise
    // (e1-f3-e5, e1-g2-h4-g6-e7).
    assert_eq!(moves("qN", "e1", "c6", "d3"), "a1 b4 c2 e5 e7 f3 g2 g6 h4 xd3");
    // A range limits the steps: qN2 is one knight leap and the next either way round.
    assert_eq!(moves("qN2", "e1", "", ""), "a1 b4 c2 d3 e5 f3 g2 h4");
}

#[test]
fn repeat_groups_juggernaut_rook() {
    // (caf)R on a1, enemies a3 a5, a friend a7: up the file it captures any number of enemies on
    // its way (a4 after taking a3, a6 after taking both); along rank 1 a plain rook.
    assert_eq!(moves("(caf)R", "a1", "a7", "a3 a5"), "a2 a4(xa3) a6(xa3,xa5) b1 c1 d1 e1 f1 g1 h1 xa3 xa5(xa3)");
    // A count bounds the repeats: (caf)1R takes at most one piece on the way.
    assert_eq!(moves("(caf)1R", "a1", "a7", "a3 a5"), "a2 a4(xa3) b1 c1 d1 e1 f1 g1 h1 xa3 xa5(xa3)");
    assert_eq!(error("(caf").0, "this `(` is never closed");
    // X90: more than two groups, while they expand to at most 256 strings: three groups taken at
    // most once each are one group taken at most three times.
    let three = moves("(caf)1(caf)1(caf)1R", "a1", "a8", "a3 a5 a7");
    assert_eq!(three, "a2 a4(xa3) a6(xa3,xa5) b1 c1 d1 e1 f1 g1 h1 xa3 xa5(xa3) xa7(xa3,xa5)");
    assert_eq!(three, moves("(caf)3R", "a1", "a8", "a3 a5 a7"));
    assert_eq!(moves("(caf)1(caf)1(caf)1R", "a1", "", "a2 a3 a4 a5"), moves("(caf)3R", "a1", "", "a2 a3 a4 a5"));
    // Three groups without counts would be 4,096 strings: refused at the group that goes over.
    assert_eq!(error("(caf)(caf)(caf)R"), ("XBetza `(` is not supported yet".into(), 10));
    assert_eq!(error("(caf)7(caf)7(caf)4R"), ("XBetza `(` is not supported yet".into(), 12));
    assert!(compile_move_in(Dialect::XBetza, "(caf)7(caf)7(caf)3R").is_ok(), "256 strings");
    // A group holding an atom is a Betza 2.0 group (X23), here an incomplete one.
    assert!(error("(cWf)R").0.contains("expected an atom"));
}

mod total {
    //! No XBetza string makes the reader, the lowering or the interpreter panic; every diagnostic
    //! points inside the string.
    use super::*;
    use proptest::prelude::*;
    use proptest::sample::select;

    const ALPHABET: &[char] = &[
        'f', 'b', 'l', 'r', 'v', 's', 'h', 'm', 'c', 'd', 'e', 'p', 'g', 'n', 'i', 'j', 't', 'o', 'y', 'x', 'u', 'q',
        'z', 'k', 'a', 'a', 'a', 'W', 'F', 'D', 'N', 'A', 'C', 'Z', 'K', 'R', 'B', 'Q', 'U', 'O', '0', '2', '(', ')',
        '-',
    ];

    proptest! {
        #![proptest_config(ProptestConfig { cases: 256, failure_persistence: None, ..ProptestConfig::default() })]

        #[test]
        fn any_string_compiles_or_is_an_error_inside_it(chars in proptest::collection::vec(select(ALPHABET), 0..10)) {
            let text: String = chars.into_iter().collect();
            match compile_move_in(Dialect::XBetza, &text) {
                Ok(moves) => {
                    if let Ok((variant, interp)) = probe(moves) {
                        let _ = written(&interp, &board(&variant, Color::White, "d4", "d5 e4", "c3 f6"), "d4");
                    }
                }
                Err(list) => {
                    prop_assert!(!list.is_empty());
                    for d in list {
                        prop_assert!(d.span.start <= d.span.end && d.span.end <= text.len(), "`{}`: {}", text, d.message);
                    }
                }
            }
        }
    }
}
