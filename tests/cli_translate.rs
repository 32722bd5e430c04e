//! `mbn translate` and `mbn equal` between the dialects (docs/SEMANTICS.md X73–X75): chains and
//! repeats both ways, the exit codes, and errors that say why MBN cannot say a piece.

use std::process::{Command, Output};

fn mbn(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mbn")).args(args).output().expect("run mbn")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).trim().to_string()
}

fn translate(from: &str, to: &str, text: &str) -> Output {
    mbn(&["translate", "--from", from, "--to", to, text])
}

#[test]
fn case_studies_translate_to_chains() {
    for (x, m) in [
        ("KNADcaKmcabK", "W+F+N+A+D+(cW-dW)+(cW-dF)+(cF-dF)+(cF-dW)+(W-bW)+(F-bF)"),
        ("FyafsF", "F+(F-W0)"),
        ("nZ", "(F-F-W)+(F-(fr)W-(fl)F)+(F-(fl)W-(fr)F)+(W-F-F)"),
        ("(W-F)0", "(W-F)0"),
        ("Nrf0", "(N)(rf)0"),
    ] {
        let o = translate("xbetza", "mbn", x);
        assert!(o.status.success(), "`{x}`: {}", String::from_utf8_lossy(&o.stderr));
        assert_eq!(stdout(&o), m, "`{x}`");
        // And the two are one piece for `mbn equal`.
        assert_eq!(mbn(&["equal", "--xbetza", x, "--mbn", m]).status.code(), Some(0), "`{x}` = `{m}`");
    }
}

#[test]
fn mbn_chains_and_repeats_translate_to_betza_2() {
    for (m, x) in [
        ("(W-F)0", "(W-F)0"),
        ("(W-F)3", "(W-F)3"),
        ("(N)(rf)0", "Nrf0"),
        ("(aW)0", "Wc0"),
        ("mW-F", "mW-F"),
        ("W-F", "W-F"),
        // X79: no one XBetza group spells a diagonal any way after a diagonal step.
        ("F-dF", "(F-vF)(F-sF)"),
        // X81: the Double Knight's sequence, with searched letters.
        ("N--N", "(N-vN)(N-sN)"),
        ("mW--fF", "(fmW-F)(bmW-bF)(lmW-rF)(rmW-lF)"),
    ] {
        let o = translate("mbn", "xbetza", m);
        assert!(o.status.success(), "`{m}`: {}", String::from_utf8_lossy(&o.stderr));
        assert_eq!(stdout(&o), x, "`{m}`");
    }
}

#[test]
fn the_pawn_still_equals_its_mbn() {
    assert_eq!(mbn(&["equal", "--xbetza", "fmWfceFifmnD", "--mbn", "mfW+cefF+imefW02"]).status.code(), Some(0));
    let o = translate("xbetza", "mbn", "fmWfceFifmnD");
    assert_eq!(stdout(&o), "mfW+cefF+imefW02");
}

#[test]
fn what_mbn_cannot_say_exits_1_saying_why() {
    for (x, why) in [("QudQafudQ", "relocation"), ("mNxaN", "induction"), ("udQ", "only swaps")] {
        let o = translate("xbetza", "mbn", x);
        assert_eq!(o.status.code(), Some(1), "`{x}`");
        let e = String::from_utf8_lossy(&o.stderr);
        assert!(e.contains(why) && e.contains("has no MBN translation"), "`{x}`: {e}");
    }
    // And the other way, naming the dialect as the seeds spell it.
    let o = translate("mbn", "xbetza", "(fr)F--fD");
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("`(fr)F--fD` has no XBetza translation"));
    // MBN's flips (`x`, M34, M126) are no XBetza mode: the message names the letter as written.
    for mbn in ["xN", "mF+(xF-mF)"] {
        let o = translate("mbn", "xbetza", mbn);
        assert_eq!(o.status.code(), Some(1));
        let e = String::from_utf8_lossy(&o.stderr);
        assert!(e.contains("has no XBetza translation: XBetza has no modifier for MBN's `x`"), "`{mbn}`: {e}");
    }
}

/// A piece without moves (`W-tF`: `t`, straight back, names no F step after a W) is XBetza's empty
/// string: printed as an empty line, with a note on stderr saying why.
#[test]
fn a_piece_without_moves_is_the_empty_string_with_a_note() {
    let o = translate("mbn", "xbetza", "W-tF");
    assert!(o.status.success());
    assert_eq!(stdout(&o), "");
    assert!(String::from_utf8_lossy(&o.stderr).contains("has no moves"));
}
