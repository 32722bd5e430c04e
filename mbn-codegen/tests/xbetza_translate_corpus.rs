//! `mbn translate --from xbetza --to mbn` over every XBetza string mbn reads from its sources
//! (docs/SEMANTICS.md X73–X75): seed 001's case studies with their expected MBN, every
//! Fairy-Stockfish string (`tests/data/fairy-stockfish-betza.tsv`) and every `standard` case of
//! `tests/data/xbetza-cases/`. Each translation must compile, be equal to the XBetza piece
//! (`ancp::equal`), and move as it does when both are run by the interpreter on probe boards.

mod common;

use common::probe::{board, probe, written};
use mbn_codegen::ancp;
use mbn_codegen::ir::MoveSet;
use mbn_codegen::syntax::xbetza::translate::to_mbn;
use mbn_codegen::{compile_move, compile_move_in, Dialect};
use mbn_runtime::Color;

fn xbetza(text: &str) -> MoveSet {
    compile_move_in(Dialect::XBetza, text).unwrap_or_else(|d| panic!("`{text}`: {}", d[0].message))
}

/// Probe boards: the piece's square, friends, enemies.
const BOARDS: [(&str, &str, &str); 6] = [
    ("d4", "", ""),
    ("a1", "", ""),
    ("d4", "c5 d6 f4", "d5 e5 b3 e3 d2"),
    ("e5", "e6 c3", "d5 f6 e3 g7 b5"),
    ("c3", "d3 b4", "c4 d4 e5 c6 a5"),
    ("h8", "g7", "h6 f8"),
];

/// The moves of `a` and `b` on every probe board, White and Black, when the interpreter runs both;
/// `Err` names the first board where they differ.
fn same_moves(a: &MoveSet, b: &MoveSet) -> Result<(), String> {
    let (Ok((va, ia)), Ok((vb, ib))) = (probe(a.clone()), probe(b.clone())) else { return Ok(()) };
    for (from, friends, enemies) in BOARDS {
        for color in [Color::White, Color::Black] {
            let x = written(&ia, &board(&va, color, from, friends, enemies), from);
            let y = written(&ib, &board(&vb, color, from, friends, enemies), from);
            if x != y {
                return Err(format!("{color:?} on {from} ({friends} / {enemies}): {x:?} vs {y:?}"));
            }
        }
    }
    Ok(())
}

/// The translation of `x`, checked: compiles as MBN, equal, same moves.
fn translated(x: &str) -> Result<String, String> {
    let piece = xbetza(x);
    let m = to_mbn(&piece)?;
    let back = compile_move(&m).map_err(|d| format!("`{m}` does not compile: {}", d[0].message))?;
    if !ancp::equal(&back, &piece) {
        return Err(format!("`{m}` is not equal"));
    }
    same_moves(&piece, &back).map_err(|e| format!("`{m}` moves differently: {e}"))?;
    Ok(m)
}

fn data(name: &str) -> String {
    let path = format!("{}/../tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The `betza` strings of the `standard` cases of a conformance file.
fn cases(name: &str) -> Vec<String> {
    data(&format!("xbetza-cases/{name}"))
        .lines()
        .filter(|l| !l.contains("\"dialect\"") || l.contains("\"dialect\": \"standard\""))
        .filter_map(|l| {
            let rest = &l[l.find("\"betza\": \"")? + 10..];
            Some(rest[..rest.find('"')?].to_string())
        })
        .collect()
}

/// Seed 001's case studies (and the pieces it spells out) with their MBN, hand-checked in
/// docs/SEMANTICS.md X74.
const CASE_STUDIES: [(&str, &str); 12] = [
    ("fmWfceFifmnD", "mfW+cefF+imefW02"),
    ("mafsW", "W-F"),
    ("nZ", "(F-F-W)+(F-(fr)W-(fl)F)+(F-(fl)W-(fr)F)+(W-F-F)"),
    ("FyafsF", "F+(F-W0)"),
    ("RasR", "W0+(W0-sW0)"),
    ("KNADcaKmcabK", "W+F+N+A+D+(cW-dW)+(cW-dF)+(cF-dF)+(cF-dW)+(W-bW)+(F-bF)"),
    ("fmFfcafmF", "mfF+(cfF-mF)"),
    ("gabyabsR", "jyW0-bW-bF0"),
    ("mpafsK", "(W-F)+(jyW-F)+(F-W)+(jyF-W)"),
    ("pafR", "jyW0-W0"),
    ("(W-F)0", "(W-F)0"),
    ("Nrf0", "(N)(rf)0"),
];

/// Case studies rolled into chains but not into one: the lame camel's paths, and one chain per
/// length where MBN has no leg as long as another (XBetza's `i` on a continuation leg) or the
/// repeat is one of captures on the way (`(caf)R`, whose MBN `(aW)0` is no path of the same legs).
/// Their chains, counted (parenthesised alternatives; `(caf)R` has its plain `W0` besides).
const ENUMERATED: [(&str, &str, usize); 4] = [
    ("nCnZ", "(W-W-F)+(W-(fr)F-(fl)W)+", 10),
    ("aivsQ", "(W-dF)+(W02-dF02)+(W03-dF03)+", 30),
    ("caibR", "(cW-bW)+(cW02-bW02)+", 15),
    ("(caf)R", "W0+(cW0-W0)+(cW0-cW0-W0)+", 15),
];

/// What MBN cannot say, with the reason the error gives (docs/SEMANTICS.md X75).
const UNTRANSLATABLE: [(&str, &str); 5] = [
    ("QudQafudQ", "a relocation (XBetza `u` on a last leg that captures"),
    ("mNxaN", "XBetza's `x` (induction"),
    ("udQ", "a leg that only swaps"),
    ("tcR", "XBetza's `k` and `t` name the royal pieces"),
    ("", "a piece without moves"),
];

#[test]
fn case_studies_translate_as_written() {
    for (x, m) in CASE_STUDIES {
        assert_eq!(translated(x).unwrap_or_else(|e| panic!("`{x}`: {e}")), m, "`{x}`");
    }
    for (x, start, chains) in ENUMERATED {
        let m = translated(x).unwrap_or_else(|e| panic!("`{x}`: {e}"));
        assert!(m.starts_with(start), "`{x}`: {m}");
        assert_eq!(m.matches('(').count() - m.matches("(fr)").count() - m.matches("(fl)").count(), chains, "{m}");
    }
}

#[test]
fn what_mbn_cannot_say_is_an_error_saying_why() {
    for (x, why) in UNTRANSLATABLE {
        let e = to_mbn(&xbetza(x)).expect_err(x);
        assert!(e.contains(why), "`{x}`: {e}");
    }
    // The swapper's leg has a spelling where the piece moves there anyway.
    assert_eq!(translated("QudQ").as_deref(), Ok("W0+F0+wwW0+wwF0"));
}

/// The equality the translations are checked with (X73): the paths of multi-leg moves, not how
/// they are split into moves; swaps apart from the moves of their legs.
#[test]
fn equality_of_paths_and_swaps() {
    let mbn = |t: &str| compile_move(t).unwrap_or_else(|d| panic!("`{t}`: {}", d[0].message));
    assert!(ancp::equal(&mbn("fW--(fW+lW)"), &mbn("(fW--fW)+(fW--lW)")));
    assert!(ancp::equal(&mbn("W-F"), &xbetza("mafsW")));
    assert!(ancp::equal(&mbn("mW-F"), &mbn("W-F")));
    assert!(ancp::equal(&mbn("Q+wwQ"), &xbetza("QudQ")));
    assert!(!ancp::equal(&mbn("W-bF"), &xbetza("mafsW")));
    assert!(!ancp::equal(&mbn("cW-F"), &mbn("W-F")));
    assert!(!ancp::equal(&mbn("fW--fW"), &mbn("(fW--fW)+(fW--lW)")));
    assert!(!ancp::equal(&mbn("wwQ"), &xbetza("udQ")));
    assert!(!ancp::equal(&mbn("jyW-F"), &mbn("W-F")));
}

/// X87: a single leg that hops one hurdle is its two legs (seed 002: `pR` = `pafR`), a range on it
/// bounding the whole hop; equal pieces move alike on the probe boards (where the interpreter runs
/// both), and the hops that differ do not compare equal.
#[test]
fn a_hop_equals_its_legs() {
    let mbn = |t: &str| compile_move(t).unwrap_or_else(|d| panic!("`{t}`: {}", d[0].message));
    let equal = [
        (xbetza("pR"), xbetza("pafR")),
        (mbn("pW0"), mbn("jyW0-W0")),
        (xbetza("pR"), mbn("jyW0-W0")),
        (xbetza("cpR"), xbetza("pafcR")),
        (xbetza("mRcpR"), xbetza("mRpafcR")),
        (xbetza("ipQ"), xbetza("ipafQ")),
        (xbetza("pN0"), xbetza("pafN0")),
        (xbetza("pB2"), mbn("jyF-F")),
        (xbetza("pR4"), mbn("(jyW-W3)+(jyW02-W2)+(jyW03-W)")),
    ];
    for (i, (a, b)) in equal.iter().enumerate() {
        assert!(ancp::equal(a, b), "pair {i}");
        // `same_moves` passes where the interpreter refuses a piece: here it must run both.
        assert!(probe(a.clone()).is_ok() && probe(b.clone()).is_ok(), "pair {i}: the interpreter runs both");
        assert_eq!(same_moves(a, b), Ok(()), "pair {i}");
    }
    let different = [
        (xbetza("pR4"), mbn("(jyW-W3)+(jyW02-W2)")),
        (xbetza("pR4"), xbetza("pafR4")),
        (xbetza("pR"), xbetza("tpR")),
        (xbetza("cpR"), xbetza("pafR")),
        (mbn("ppW0"), mbn("jyW0-W0")),
        (mbn("p?W0"), mbn("jyW0-W0")),
        (mbn("pW0"), mbn("jyW0-F0")),
        // M69: a hop along a straight leap longer than a step counts the squares between landings.
        (xbetza("pD0"), xbetza("pafD0")),
    ];
    for (i, (a, b)) in different.iter().enumerate() {
        assert!(!ancp::equal(a, b), "pair {i}");
        // The probe boards have no hurdle three steps from the piece with the fourth square free.
        if i > 0 {
            assert!(same_moves(a, b).is_err(), "pair {i}: the same moves on every probe board");
        }
    }
    let pr4 = probe(xbetza("pR4")).unwrap();
    let short = probe(mbn("(jyW-W3)+(jyW02-W2)")).unwrap();
    let moves = |(v, i): &(_, _)| written(i, &board(v, Color::White, "d1", "d4", ""), "d1");
    assert_eq!(moves(&pr4), ["d5"]);
    assert!(moves(&short).is_empty());
    // `pD0` from d1 hops a piece on d2 (between two landings); `pafD0` lands on d3 first.
    let (pd0, pafd0) = (probe(xbetza("pD0")).unwrap(), probe(xbetza("pafD0")).unwrap());
    let moves = |(v, i): &(_, _)| written(i, &board(v, Color::White, "d1", "d2", ""), "d1");
    assert_eq!(moves(&pd0), ["d3", "d5", "d7"]);
    assert!(moves(&pafd0).is_empty());
}

#[test]
fn corpus() {
    let mut all: Vec<String> =
        CASE_STUDIES.iter().map(|c| c.0).chain(ENUMERATED.map(|c| c.0)).map(String::from).collect();
    for line in data("fairy-stockfish-betza.tsv").lines().filter(|l| !l.starts_with('#') && !l.is_empty()) {
        all.push(line.split('\t').nth(3).unwrap_or_default().to_string());
    }
    for f in ["abstractplay_betza.jsonl", "consensus_blockers.jsonl", "consensus_empty_board.jsonl"] {
        all.extend(cases(f));
    }
    all.sort();
    all.dedup();
    let mut failures = Vec::new();
    let mut translated_count = 0;
    let mut longest = (0, String::new());
    let mut longest_multi = (0, String::new());
    for x in &all {
        if let Some((_, why)) = UNTRANSLATABLE.iter().find(|u| u.0 == x) {
            let e = to_mbn(&xbetza(x)).expect_err(x);
            assert!(e.contains(why), "`{x}`: {e}");
            continue;
        }
        match translated(x) {
            Ok(m) => {
                translated_count += 1;
                assert!(!m.contains("--"), "`{x}` -> `{m}`: a sequence where a chain says it");
                let entry = (m.len(), format!("`{x}` -> `{m}`"));
                if m.contains('-') && m.len() > longest_multi.0 {
                    longest_multi = entry.clone();
                }
                if m.len() > longest.0 {
                    longest = entry;
                }
            }
            Err(e) => failures.push(format!("`{x}`: {e}")),
        }
    }
    eprintln!("{} strings, {translated_count} translated", all.len());
    eprintln!("longest: {} chars: {}", longest.0, longest.1);
    eprintln!("longest multi-leg: {} chars: {}", longest_multi.0, longest_multi.1);
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n"));
    assert_eq!(translated_count + 2, all.len(), "all but `` and `tcR`");
    // `U` (every leaper up to 15 squares) is the longest (875 characters); the crooked bishop `zB`
    // the longest multi-leg one (765: its zig-zags, one chain per length; MBN's `z` turn is not
    // rolled).
    assert!(longest.0 <= 900 && longest_multi.0 <= 800, "{longest:?} {longest_multi:?}");
}
