//! XBetza `q` and `z` on the continuation legs of multi-leg moves (docs/SEMANTICS.md X58; seed
//! `001`: "q in leg after s or oblique leap breaks symmetry stands for l or r in same direction as
//! previous bend", `z` "in opposit direction"). Each piece is put on an empty board and on one
//! with blockers and its destinations compared with sets worked out by hand; each is also equal
//! (`ancp::equal`) to its spelling without `q`/`z`, one part per side, and to its MBN translation.
//!
//! Notation of results: `e6` a quiet move, `xe6` a capture on e6.

mod common;

use common::probe::{compile, moves_in};
use mbn_codegen::ancp;
use mbn_codegen::ir::MoveSet;
use mbn_codegen::syntax::xbetza::translate::to_mbn;
use mbn_codegen::{compile_move, compile_move_in, Dialect};

fn xbetza(text: &str) -> MoveSet {
    compile(Dialect::XBetza, text)
}

/// The moves of White's XBetza piece on `from` of a probe board, sorted.
fn moves(text: &str, from: &str, friends: &str, enemies: &str) -> String {
    moves_in(Dialect::XBetza, text, from, friends, enemies)
}

/// The first error of `text`: message and byte column.
fn error(text: &str) -> (String, usize) {
    let d = compile_move_in(Dialect::XBetza, text).expect_err(text);
    (d[0].message.clone(), d[0].span.start)
}

/// `text` and `same` are one piece, and `text`'s MBN translation is too.
fn assert_same(text: &str, same: &str) {
    assert!(ancp::equal(&xbetza(text), &xbetza(same)), "`{text}` and `{same}`");
    let mbn = to_mbn(&xbetza(text)).unwrap_or_else(|e| panic!("`{text}` translates: {e}"));
    let back = compile_move(&mbn).unwrap_or_else(|d| panic!("`{mbn}`: {}", d[0].message));
    assert!(ancp::equal(&back, &xbetza(text)), "`{text}` and its translation `{mbn}`");
}

#[test]
fn after_a_sideways_step_q_turns_the_same_way_and_z_back() {
    // `s` then `q`: right then right (e4-e3), left then left (c4-c3); `z`: e4-e5, c4-c5.
    assert_eq!(moves("saqW", "d4", "", ""), "c3 e3");
    assert_eq!(moves("sazW", "d4", "", ""), "c5 e5");
    // A friend on e4 blocks the right side; an enemy on c3 is captured, one on c5 too.
    assert_eq!(moves("saqW", "d4", "e4", "c3"), "xc3");
    assert_eq!(moves("sazW", "d4", "e4", "c5"), "xc5");
    assert_same("saqW", "rarWlalW");
    assert_same("sazW", "ralWlarW");
    // MBN spelled by hand: absolute legs.
    assert!(ancp::equal(&xbetza("saqW"), &compile_move("(rW--bW)+(lW--bW)").unwrap()));
    assert!(ancp::equal(&xbetza("sazW"), &compile_move("(rW--fW)+(lW--fW)").unwrap()));
}

#[test]
fn riders_turn_the_same_way() {
    // Slide sideways, then on down the board on either side: every square of ranks 1-3 off the
    // d-file (the continuation leg inherits the range).
    let q = "a1 a2 a3 b1 b2 b3 c1 c2 c3 e1 e2 e3 f1 f2 f3 g1 g2 g3 h1 h2 h3";
    assert_eq!(moves("saqR", "d4", "", ""), q);
    // A friend on f4 stops the slide right at e4, an enemy on b2 ends the b-file leg.
    assert_eq!(moves("saqR", "d4", "f4", "b2"), "a1 a2 a3 b3 c1 c2 c3 e1 e2 e3 xb2");
    assert_same("saqR", "rarRlalR");
}

#[test]
fn after_an_oblique_leap_q_turns_to_its_chirality() {
    // Clockwise leaps (seed 001's `hr`: (1,2) (2,-1) (-1,-2) (-2,1)) turn 90° clockwise, the others
    // anticlockwise: on an empty board both reach the 8 camel squares.
    let camel = "a3 a5 c1 c7 e1 e7 g3 g5";
    assert_eq!(moves("aqN", "d4", "", ""), camel);
    assert_eq!(moves("azN", "d4", "", ""), camel);
    // Friends e6 f3 and enemies c6 f5 block four first leaps; the other four end apart:
    // q: e2-g3, c2-a3, b3-c1, b5-c7; z: e2-c1, c2-e1, b3-a5, b5-a3.
    assert_eq!(moves("aqN", "d4", "e6 f3", "c6 f5"), "a3 c1 c7 g3");
    assert_eq!(moves("azN", "d4", "e6 f3", "c6 f5"), "a3 a5 c1 e1");
    assert_same("aqN", "hrarNhlalN");
    assert_same("azN", "hralNhlarN");
}

#[test]
fn after_a_45_degree_turn_q_bends_on_the_same_side() {
    // F, then 45° right or left (a W step), then 90° on the same side (q) or the other (z).
    assert_eq!(moves("afsaqF", "d4", "", ""), "b4 d2 d6 f4");
    assert_eq!(moves("afsazF", "d4", "", ""), "b2 b6 f2 f6");
    // Friends f5 c2 and an enemy b3 block the middle squares e5-f5, c3-c2, c3-b3; an enemy on d6.
    assert_eq!(moves("afsaqF", "d4", "f5 c2", "b3 d6"), "b4 d2 f4 xd6");
    assert_eq!(moves("afsazF", "d4", "f5 c2", "b3 d6"), "b6 f2 f6");
    assert_same("afsaqF", "afrarFaflalF");
    assert_same("afsazF", "afralFaflarF");
    // `fq` is the 45° turn on the side of the previous bend: e4-e3 then right again (d2), c4-c3
    // then left again (d2); `fz` turns the other way: f2, b2.
    assert_eq!(moves("saqafqW", "d4", "", ""), "d2");
    assert_eq!(moves("saqafzW", "d4", "", ""), "b2 f2");
    assert_same("saqafqW", "rarafrWlalaflW");
    assert_same("saqafzW", "raraflWlalafrW");
}

#[test]
fn q_and_z_need_a_previous_bend() {
    // `aqW`: the first W leg may go straight forward or back, which bends to no side.
    assert_eq!(error("aqW"), ("XBetza `q` after a leg that breaks no symmetry".to_string(), 1));
    assert_eq!(error("sWaqW"), ("XBetza `q` after a leg that breaks no symmetry".to_string(), 3));
    assert_eq!(error("aqK").1, 1);
    // A continuation leg with no direction may go straight on.
    assert_eq!(error("saazW"), ("XBetza `z` after a leg that breaks no symmetry".to_string(), 3));
    // A horizontal letter next to `q`: the side is `q`'s.
    assert_eq!(error("sasqW"), ("XBetza `s` next to `q` on a continuation leg".to_string(), 2));
    assert_eq!(error("saqrW").1, 3);
    // On a first leg, both on one leg and on a boosted atom they are read (X59,
    // `xbetza_qz_more.rs`); doubled they are refused.
    assert_eq!(error("saqqW"), ("XBetza `qq` has no meaning in the seeds".to_string(), 2));
}
