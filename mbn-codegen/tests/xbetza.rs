//! XBetza as a second dialect: each clashing string read both ways (MBN's reading, decisions C1–C9
//! of docs/SEMANTICS.md, against XBetza's, section "XBetza"), the direction tables, the
//! unsupported constructs and the translations.

use mbn_codegen::ancp::{equal, Canonical};
use mbn_codegen::ir::MoveSet;
use mbn_codegen::syntax::xbetza::translate::{to_mbn, to_xbetza};
use mbn_codegen::{compile_move, compile_move_in, Dialect};

fn mbn(text: &str) -> MoveSet {
    compile_move_in(Dialect::Mbn, text).unwrap_or_else(|d| panic!("MBN `{text}`: {}", d[0].message))
}

fn xb(text: &str) -> MoveSet {
    compile_move_in(Dialect::XBetza, text).unwrap_or_else(|d| panic!("XBetza `{text}`: {}", d[0].message))
}

fn xb_error(text: &str) -> String {
    match compile_move_in(Dialect::XBetza, text) {
        Ok(m) => panic!("XBetza `{text}` compiled: {}", Canonical::of(&m)),
        Err(d) => d[0].message.clone(),
    }
}

/// `a` and `b` denote the same piece.
fn same(a: &MoveSet, b: &MoveSet) -> bool {
    equal(a, b)
}

#[test]
fn mbn_is_the_default_dialect() {
    assert_eq!(Dialect::default(), Dialect::Mbn);
    assert_eq!(compile_move_in(Dialect::Mbn, "NN").unwrap(), compile_move("NN").unwrap());
    assert_eq!("xbetza".parse::<Dialect>(), Ok(Dialect::XBetza));
    assert!("betza".parse::<Dialect>().is_err());
}

#[test]
fn c1_nn_two_knights_or_nightrider() {
    assert!(same(&mbn("NN"), &mbn("N")));
    assert!(same(&xb("NN"), &mbn("N0")));
    assert!(!same(&xb("NN"), &mbn("NN")));
}

#[test]
fn c2_r4_rook_or_range_four() {
    assert!(same(&mbn("R4"), &mbn("R")));
    assert!(same(&xb("R4"), &mbn("W4")));
    assert!(same(&xb("R4"), &xb("W4")));
}

#[test]
fn c3_w03_exactly_three_or_range_three() {
    assert!(!same(&mbn("W03"), &mbn("W3")));
    assert!(same(&xb("W03"), &mbn("W3")));
}

#[test]
fn c4_lfn_union_or_one_move() {
    assert!(same(&mbn("lfN"), &mbn("lN+fN")));
    assert!(same(&xb("lfN"), &mbn("(lf)N")));
    assert!(same(&xb("flN"), &mbn("(fl)N")));
    assert!(same(&xb("frN"), &mbn("(fr)N")));
}

#[test]
fn c5_g_leaping_slider_or_grasshopper() {
    assert!(!same(&mbn("gR"), &mbn("R")));
    let grasshopper = "pD+(fW0--pfD)+(lW0--plD)+(rW0--prD)+(bW0--pbD)";
    assert!(same(&xb("gR"), &mbn(grasshopper)));
    assert!(!same(&xb("gR"), &mbn("gR")));
}

#[test]
fn c6_a_all_or_again() {
    assert!(same(&mbn("aW"), &mbn("W")));
    // XBetza `a` chains legs (X11): `mafsW` is the Xiangqi Horse, as `nN`.
    assert!(same(&xb("mafsW"), &xb("nN")));
    assert!(same(&xb("afsW"), &mbn("(fW--fF)+(bW--bF)+(rW--rF)+(lW--lF)")));
    assert!(same(&xb("afW"), &mbn("(fW--fW)+(bW--bW)+(rW--rW)+(lW--lW)")));
    assert!(!same(&xb("aW"), &mbn("W")));
}

#[test]
fn c7_h_halfling_or_half_plane_and_chiral() {
    assert!(compile_move("hR").is_ok());
    assert!(compile_move("hN").is_err());
    assert!(same(&xb("hrN"), &mbn("(rf)N+(fl)N+(lb)N+(br)N")));
    assert!(same(&xb("hlN"), &mbn("(lf)N+(fr)N+(rb)N+(bl)N")));
    assert!(same(&xb("fhN"), &mbn("fN+(fl)N+(fr)N")));
    assert!(xb_error("hR").contains("selects no direction"));
}

#[test]
fn c8_t_turn_or_tame() {
    assert!(compile_move("W-tW").is_ok());
    // XBetza's tame `t` (X35): a capture of anything but a royal piece, as `kc`.
    assert!(same(&xb("tcR"), &xb("kcR")));
}

#[test]
fn c9_atom_letters() {
    // C = L = (1,3), Z = J = (2,3), G = (3,3), as MBN's C, Z, T.
    assert!(same(&xb("C"), &mbn("C")));
    assert!(same(&xb("L"), &mbn("C")));
    assert!(same(&xb("Z"), &mbn("Z")));
    assert!(same(&xb("J"), &mbn("Z")));
    assert!(same(&xb("G"), &mbn("T")));
    assert!(same(&xb("K"), &mbn("K")));
    assert!(same(&xb("Q"), &mbn("Q")));
}

#[test]
fn xbetza_direction_tables() {
    assert!(same(&xb("fN"), &mbn("fN")));
    assert!(same(&xb("ffN"), &mbn("fN")));
    assert!(same(&xb("vN"), &mbn("vN")));
    assert!(same(&xb("sN"), &mbn("sN")));
    assert!(same(&xb("fbN"), &mbn("vN")));
    assert!(same(&xb("ffrrN"), &mbn("fN+rrN")));
    assert!(same(&xb("fsC"), &mbn("(fl)C+(fr)C")));
    assert!(same(&xb("vZ"), &mbn("vvZ")));
    assert!(same(&xb("fsW"), &mbn("fW+sW")));
    assert!(same(&xb("sfW"), &mbn("fW+sW")));
    assert!(same(&xb("frlR"), &mbn("fR+sR")));
    assert!(same(&xb("frB"), &mbn("(rf)B")));
    assert!(same(&xb("lB"), &mbn("lB")));
    assert!(same(&xb("vrN"), &mbn("(fr)N+(br)N")));
}

#[test]
fn xbetza_modes_and_pawns() {
    assert!(same(&xb("fmWfcF"), &mbn("mfW+cfF")));
    assert!(same(&xb("fmWfceFifmnD"), &mbn("mfW+cefF+imefW02")) || same(&xb("fmWfceFifmnD"), &mbn("mfW+cefF+inmefD")));
    assert!(same(&xb("mRcpR"), &mbn("mR+cpR")));
    assert!(same(&xb("pR"), &mbn("pR")));
    assert!(same(&xb("nA"), &mbn("nA")));
    assert!(same(&xb("nN"), &mbn("(fW--fF)+(bW--bF)+(rW--rF)+(lW--lF)")));
    assert!(!same(&xb("nN"), &mbn("nN")));
}

#[test]
fn unsupported_constructs_are_errors() {
    for (text, x) in [("nzZ", "z"), ("aU", "a")] {
        assert_eq!(xb_error(text), format!("XBetza `{x}` is not supported yet"), "{text}");
    }
    // What the seeds give no meaning is said so, not "yet" (X6, X63–X66).
    for (text, x) in [("jqN", "jq"), ("yW", "y")] {
        assert_eq!(xb_error(text), format!("XBetza `{x}` has no meaning in the seeds"), "{text}");
    }
    // Read since X63 (`xmN` = `xNmN`) and X65 (`jN` jumps its orthogonal neighbour).
    for text in ["jN", "xmN"] {
        assert!(compile_move_in(Dialect::XBetza, text).is_ok(), "{text}");
    }
    // `O` and `@` are variant rules, read in a variant file's `[xbetza]` table (X30, X31).
    assert!(xb_error("isO2").contains("XBetza `O` (castling) is a rule of a variant"));
    assert!(xb_error("@").contains("XBetza `@` (a drop) is a rule of a variant"));
    // So is the Imitator `I` (X62, `tests/xbetza_imitator.rs`).
    assert!(xb_error("I").contains("only a variant's piece has it"));
    // Betza 2.0 chaining is read (X20, `tests/xbetza_chain.rs`); what it does not read is named.
    assert!(same(&xb("W-F"), &mbn("W-fF")));
    assert_eq!(xb_error("Rcd0"), "XBetza `d` is not supported yet");
    assert!(xb_error("w").contains("not an XBetza modifier"));
    assert!(xb_error("fm").contains("expected an atom"));
}

#[test]
fn translations() {
    assert_eq!(to_mbn(&xb("NN")).unwrap(), "N0");
    assert_eq!(to_mbn(&xb("R4")).unwrap(), "W4");
    assert_eq!(to_mbn(&xb("lfN")).unwrap(), "(lf)N");
    assert_eq!(to_mbn(&xb("fmWfcF")).unwrap(), "mfW+cfF");
    assert_eq!(to_xbetza(&mbn("N0")).unwrap(), "N0");
    assert_eq!(to_xbetza(&mbn("(lf)N")).unwrap(), "lfN");
    assert_eq!(to_xbetza(&mbn("mfW+cfF")).unwrap(), "fmWfcF");
    for text in ["hrN", "fhN", "ffrrN", "mRcpR", "fmWfceFifmnD", "gQ", "nN", "FfrlW", "fsC", "mafsW", "pafsR", "fcafmF"]
    {
        let back = to_mbn(&xb(text)).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert!(same(&mbn(&back), &xb(text)), "{text} -> {back}");
    }
    assert!(to_xbetza(&mbn(":5,6:")).is_err());
    // Chains translate (X46), and repeats (X75).
    assert_eq!(to_mbn(&mbn("W-fW")).unwrap(), "W-fW");
    assert_eq!(to_mbn(&mbn("(W-F)0")).as_deref(), Ok("(W-F)0"));
}
