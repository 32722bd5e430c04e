//! docs/SEMANTICS.md X85: one-leg `p` hoppers with a range whose hop is built as its legs, `tpR4`
//! (hops friends only, X35) and `upR4` (its captures swap, X67). The range bounds the whole hop,
//! hurdle included, as on `pR4` (X5): the moves are exactly those of the unlimited hopper (`tpR`,
//! `upR`) that land at most that many steps away. Checked by hand, against that definition on
//! random boards, against the MBN spelling and in translation. `g` keeps its per-leg range (`tgR4`
//! = `jjW4-W`, as `gR4` = `jyW4-W`).
//!
//! Results: `e6` a quiet move, `xe6` a capture, `we6` a swap with the piece on e6.

mod common;

use common::probe::{board, moves_in, probe_of, written};
use common::xorshift;
use mbn_codegen::ancp;
use mbn_codegen::syntax::xbetza::translate::to_mbn;
use mbn_codegen::{compile_move, compile_move_in, Dialect};
use mbn_runtime::Color;

fn xbetza(text: &str, from: &str, friends: &str, enemies: &str) -> String {
    moves_in(Dialect::XBetza, text, from, friends, enemies)
}

#[test]
fn friend_hoppers_with_a_range_by_hand() {
    // d1, a friend on d3 two steps up: d4, and d5 four steps away; an enemy there is taken.
    assert_eq!(xbetza("tpR4", "d1", "d3", ""), "d4 d5");
    assert_eq!(xbetza("tpR4", "d1", "d3", "d5"), "d4 xd5");
    // A friend next to it: up to d5, not d6.
    assert_eq!(xbetza("tpR4", "d1", "d2", ""), "d3 d4 d5");
    // A friend four steps away leaves no square within the range behind it.
    assert_eq!(xbetza("tpR4", "d1", "d5", ""), "");
    // An enemy is no mount: nothing behind it, and no capture of it.
    assert_eq!(xbetza("tpR4", "d1", "d3", "d2"), "");
    // Every direction on d4: friends d5 (adjacent), b4 (two away), g4 (three away), d1 (three away);
    // an enemy on d7 is taken, the piece behind b4 lands on a4 (the edge), g4's leaves h4.
    assert_eq!(xbetza("tpR4", "d4", "d5 b4 g4 d1", "d7"), "a4 d6 h4 xd7");
    // A diagonal hopper of range 3, and the Queen's of range 2: land right behind an adjacent friend.
    assert_eq!(xbetza("tpB3", "c1", "d2 b2", "f4"), "a3 e3 xf4");
    assert_eq!(xbetza("tpQ2", "d4", "d5 e5 c3 e4", "f6 d6"), "b2 f4 xd6 xf6");
    // `pR4` hops anything; with friends only as mounts the two agree.
    assert_eq!(xbetza("pR4", "d1", "d3", "d5"), xbetza("tpR4", "d1", "d3", "d5"));
}

#[test]
fn swapping_hoppers_with_a_range_by_hand() {
    // `upR` on d4 with a friend d6, enemies d8 f4 h4 d2: `d1 d7 g4 wd8 wh4` (X67); within 3 steps
    // the swaps with d8 and h4, four steps away, are left out.
    assert_eq!(xbetza("upR", "d4", "d6", "d8 f4 h4 d2"), "d1 d7 g4 wd8 wh4");
    assert_eq!(xbetza("upR3", "d4", "d6", "d8 f4 h4 d2"), "d1 d7 g4");
    assert_eq!(xbetza("upR4", "d4", "d6", "d8 f4 h4 d2"), "d1 d7 g4 wd8 wh4");
    // Black on d5 with a friend d3 and enemies d1 e5 f5: over d3 to d2 (d1 is four steps away),
    // over e5 onto f5, a swap.
    let (variant, interp) = probe_of(Dialect::XBetza, "upR3");
    let black = written(&interp, &board(&variant, Color::Black, "d5", "d3", "d1 e5 f5"), "d5");
    assert_eq!(black, ["d2", "wf5"]);
}

/// The grasshopper's range stays a range of its legs (X5's `gR4` = `jyW4-W`): onto a friend at
/// most four steps away, then one step.
#[test]
fn tame_grasshoppers_keep_the_range_of_their_legs() {
    assert_eq!(xbetza("tgR4", "d1", "d5", "d7"), "d6");
    assert_eq!(xbetza("tgR4", "d1", "d6", ""), "");
    assert_eq!(xbetza("tgR4", "d1", "d4", "d5"), "xd5");
    assert_eq!(xbetza("tgR4", "d1", "", "d4"), "");
    assert_eq!(to_mbn(&compile("tgR4")).as_deref(), Ok("jjW4-W"));
}

fn compile(text: &str) -> mbn_codegen::ir::MoveSet {
    compile_move_in(Dialect::XBetza, text).unwrap_or_else(|d| panic!("`{text}`: {}", d[0].message))
}

/// One move per distance of the mount: onto it exactly, off it for the rest of the range.
#[test]
fn the_mbn_spelling_is_one_chain_per_mount_distance() {
    let cases = [
        ("tpR4", "(jjW-W3)+(jjW02-W2)+(jjW03-W)"),
        ("tpW3", "(jjW-W2)+(jjW02-W)"),
        ("tpN3", "(jjN-N2)+(jjN02-N)"),
        ("tpR2", "jjW-W"),
    ];
    for (x, m) in cases {
        assert_eq!(to_mbn(&compile(x)).as_deref(), Ok(m), "`{x}`");
        let mbn = compile_move(m).unwrap_or_else(|d| panic!("`{m}`: {}", d[0].message));
        assert!(ancp::equal(&compile(x), &mbn), "`{x}` = `{m}`");
    }
    assert!(!ancp::equal(&compile("tpR4"), &compile("tpR")));
    assert!(!ancp::equal(&compile("tpR4"), &compile("tpR3")));
}

/// The chebyshev distance between two squares written `e6`, `xe6` or `we6`.
fn distance(from: &str, to: &str) -> u32 {
    let square = |s: &str| {
        let s = s.trim_start_matches(['x', 'w']).as_bytes();
        (i32::from(s[0]), i32::from(s[1]))
    };
    let (a, b) = (square(from), square(to));
    (a.0 - b.0).unsigned_abs().max((a.1 - b.1).unsigned_abs())
}

/// The definition: a ranged hopper's moves are its unlimited hopper's within the range, on random
/// boards of both colours (a quarter of the squares occupied, half friends).
#[test]
fn a_ranged_hop_is_the_unlimited_hop_within_its_range() {
    let pairs = [("tpR4", "tpR", 4), ("tpB3", "tpB", 3), ("tpQ5", "tpQ", 5), ("tpW2", "tpR", 2), ("upR4", "upR", 4)];
    let mut next = xorshift(0x5851_f42d_4c95_7f2du64);
    let names: Vec<String> = (0..64).map(|i| format!("{}{}", (b'a' + i % 8) as char, i / 8 + 1)).collect();
    for (bounded, unlimited, n) in pairs {
        let (bv, bi) = probe_of(Dialect::XBetza, bounded);
        let (uv, ui) = probe_of(Dialect::XBetza, unlimited);
        let mut seen = 0;
        for round in 0..150 {
            let from = (next() % 64) as usize;
            let (mut friends, mut enemies) = (Vec::new(), Vec::new());
            for (i, name) in names.iter().enumerate() {
                match next() % 8 {
                    _ if i == from => {}
                    0 => friends.push(name.as_str()),
                    1 => enemies.push(name.as_str()),
                    _ => {}
                }
            }
            let color = if round % 2 == 0 { Color::White } else { Color::Black };
            let (friends, enemies) = (friends.join(" "), enemies.join(" "));
            let from = names[from].as_str();
            let got = written(&bi, &board(&bv, color, from, &friends, &enemies), from);
            let mut want = written(&ui, &board(&uv, color, from, &friends, &enemies), from);
            want.retain(|to| distance(from, to) <= n);
            assert_eq!(got, want, "`{bounded}` on {from} ({color:?}), friends {friends}, enemies {enemies}");
            seen += got.len();
        }
        assert!(seen > 50, "`{bounded}`: only {seen} moves on the random boards");
    }
}
