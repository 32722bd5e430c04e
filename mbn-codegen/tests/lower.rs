//! Lowering of single-leg moves: every atom, rider kind, direction and mode, and the errors.

use mbn_codegen::compile_move;
use mbn_codegen::ir::*;

/// The single leg of a one-move notation.
fn leg(s: &str) -> Leg {
    let set = compile_move(s).unwrap_or_else(|e| panic!("`{s}`: {e:?}"));
    assert_eq!(set.moves.len(), 1, "`{s}` has {} moves", set.moves.len());
    set.moves[0].single_leg().unwrap_or_else(|| panic!("`{s}` is not single-leg")).clone()
}

fn vectors(s: &str) -> Vec<Vector> {
    match leg(s).directions {
        Directions::Absolute(mut v) => {
            v.sort();
            v
        }
        other => panic!("{other:?}"),
    }
}

fn error(s: &str) -> String {
    let e = compile_move(s).expect_err(s);
    e.iter().map(|d| d.message.clone()).collect::<Vec<_>>().join("\n")
}

#[test]
fn every_atom_has_its_vectors() {
    let count = |s: &str| vectors(s).len();
    for (atom, n) in [("W", 4), ("F", 4), ("D", 4), ("N", 8), ("A", 4), ("H", 4), ("C", 8), ("Z", 8), ("T", 4)] {
        assert_eq!(count(atom), n, "{atom}");
    }
    assert_eq!(vectors("O"), [(0, 0)]);
    assert_eq!(count(":1,4:"), 8);
    assert_eq!(count(":0,5:"), 4);
    assert_eq!(vectors(":2,3:"), vectors("Z"));
}

#[test]
fn riders_and_their_reach() {
    assert_eq!(leg("W").reach, Reach::LEAP);
    assert_eq!(leg("W0").reach, Reach::RIDE);
    assert_eq!(leg("W3").reach, Reach::Steps { min: 1, max: Some(3) });
    assert_eq!(leg("W03").reach, Reach::Steps { min: 3, max: Some(3) });
    assert_eq!(leg("W00").reach, Reach::Steps { min: 0, max: Some(0) });
    assert_eq!(leg("W0*").reach, Reach::Maximal);
    assert_eq!(leg("W**").reach, Reach::Maximal);
    assert_eq!(leg("W*").reach, Reach::Edge);
    assert_eq!(leg("hW0").reach, Reach::Halfling);
    assert_eq!(leg("(W)0*").reach, Reach::Maximal);
    assert_eq!(leg("(W0)03").reach, Reach::Steps { min: 3, max: None });
}

#[test]
fn directions_follow_the_mbn_tables() {
    assert_eq!(vectors("fW"), [(0, 1)]);
    assert_eq!(vectors("fF"), [(-1, 1), (1, 1)]);
    assert_eq!(vectors("fN"), [(-1, 2), (1, 2)]);
    assert_eq!(vectors("sN"), [(-2, -1), (-2, 1), (2, -1), (2, 1)]);
    assert_eq!(vectors("(lf)N"), [(-1, 2)]);
    assert_eq!(vectors("(fl)N"), [(-2, 1)]);
    assert_eq!(vectors("ffN"), [(-1, 2), (1, 2)]);
    assert_eq!(vectors("lfW"), [(-1, 0), (0, 1)]);
    assert_eq!(vectors("(lf)F"), [(-1, 1)]);
    assert_eq!(vectors("f:1,4:"), [(-1, 4), (1, 4)]);
    assert_eq!(vectors("(rb):1,4:"), [(1, -4)]);
    assert_eq!(vectors("dN").len(), 8);
}

#[test]
fn modes() {
    let plain_move = Capability::Move { restriction: None, allows_en_passant: false };
    let capture = |side| Capability::Capture(Targets { side, only: Vec::new() });
    assert_eq!(leg("mW").capabilities, std::slice::from_ref(&plain_move));
    assert_eq!(leg("cW").capabilities, [capture(Side::Enemy)]);
    assert_eq!(leg("ccW").capabilities, [capture(Side::Friend)]);
    assert_eq!(leg("cyW").capabilities, [capture(Side::Any)]);
    assert_eq!(leg("W").capabilities, [plain_move.clone(), capture(Side::Enemy)]);
    assert!(!leg("W").mode_written);
    assert!(leg("aW").mode_written);
    let ep = leg("cefF").capabilities;
    assert!(ep.contains(&capture(Side::Enemy)) && ep.contains(&Capability::EnPassant { pieces: None }));
    assert_eq!(leg("ceefF").capabilities, [Capability::EnPassant { pieces: None }]);
    assert_eq!(leg("imefW02").capabilities, [Capability::Move { restriction: None, allows_en_passant: true }]);
    assert_eq!(leg("imefW02").extras, [Extra::Initial { decaying: false }]);
    match &leg("c{L}R").capabilities[..] {
        [Capability::Capture(Targets { side: Side::Enemy, only })] => assert_eq!(only[0].to_string(), "{L}"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn paths_hops_and_extras() {
    assert_eq!(leg("gB").over, Over::Anything);
    assert_eq!(leg("ggB").over, Over::Friends);
    assert!(matches!(leg("g{P}B").over, Over::Set(_)));
    assert!(leg("nN").non_jumping);
    assert_eq!(leg("pR").hop, Some(Hop { many: false, optional: false, hurdles: None }));
    assert_eq!(leg("ppR").hop.map(|h| h.many), Some(true));
    assert_eq!(leg("pp?{QRNP}B").hop.map(|h| (h.many, h.optional)), Some((true, true)));
    assert_eq!(leg("kW").extras, [Extra::NoCheck { mate_only: false, pieces: None }]);
    assert_eq!(leg("iiN").extras, [Extra::Initial { decaying: true }]);
    assert_eq!(leg("uR").extras, [Extra::Unblocked]);
    assert!(matches!(&leg("o[b,g]B").extras[..], [Extra::Cylindrical { both_axes: false, files: Some(_) }]));
    assert_eq!(leg("wW").extras, [Extra::Other("w".into())]);
    assert_eq!(leg("xxW").extras, [Extra::Other("xx".into())]);
}

#[test]
fn ranges_and_scope_go_on_the_leg() {
    let l = leg("[1-2]mefW02");
    assert_eq!(l.origin.len(), 1);
    assert_eq!(l.origin[0].to_string(), "[1-2]");
    let l = leg("W[d-f1-3]");
    assert_eq!(l.destination[0].to_string(), "[d-f1-3]");
    assert!(leg("!c{R}R").setup);
    assert!(leg("#c{C}C").decisive);
    assert_eq!(leg("/Ta1/W").conditions.len(), 1);
    assert_eq!(leg("{C}W2").attackers.len(), 1);
}

#[test]
fn several_moves_and_legs() {
    assert_eq!(compile_move("Q").unwrap().moves.len(), 2);
    assert_eq!(compile_move("P").unwrap().moves.len(), 3);
    let chain = compile_move("W-fF").unwrap();
    assert_eq!(chain.moves.len(), 1);
    match &chain.moves[0].parts[..] {
        [Part::Leg(first), Part::Leg(second)] => {
            assert_eq!(first.link, LegLink::First);
            assert_eq!(second.link, LegLink::Chain);
            assert_eq!(second.directions, Directions::Relative { atom: (1, 1), modifiers: vec!["f".into()] });
        }
        other => panic!("{other:?}"),
    }
    let seq = compile_move("N--N").unwrap();
    match &seq.moves[0].parts[..] {
        [_, Part::Leg(second)] => assert_eq!(second.link, LegLink::Sequence),
        other => panic!("{other:?}"),
    }
    assert!(matches!(compile_move("(aW)3").unwrap().moves[0].parts[..], [Part::Repeat { .. }]));
    assert!(matches!(compile_move("gfF3-[B]").unwrap().moves[0].parts[..], [Part::Leg(_), Part::Optional { .. }]));
    // `(N)(rf)8` = N-{((rf)N)7}
    assert!(matches!(compile_move("(N)(rf)8").unwrap().moves[0].parts[..], [Part::Leg(_), Part::Optional { .. }]));
}

#[test]
fn errors_say_what_and_where() {
    assert!(error(":4,2:").contains("first ordinate must not exceed the second"));
    assert!(error("(lf)W").contains("selects no direction"));
    assert!(error("tW").contains("relative to a previous leg"));
    assert!(error("W#").contains("never given a meaning"));
    assert!(error("efF").contains("`e` (en passant) needs `c`"));
    assert!(error("hW").contains("halfling"));
    assert!(error("<2>F").contains("3D and 4D boards are not supported"));
    assert!(error("<>P").contains("not supported"));
    assert!(error("(fb)N").contains("same axis"));
    let e = compile_move("K+:4,2:").unwrap_err();
    assert_eq!((e[0].span.start, e[0].span.end), (2, 7));
}

#[test]
fn an_empty_atom_in_a_group_is_dropped() {
    // ffB selects nothing, ffR is fR: ffQ is fR.
    assert_eq!(vectors("ffQ"), [(0, 1)]);
}

/// docs/SEMANTICS.md M81: `g p h n u i k o` set one property of a leg each and are written once;
/// `hh`, `nn`, `uu` have no doubled form. Before, `pppQ` read as `pQ` and `hhR` as `hR`.
#[test]
fn modifiers_that_set_one_property_are_written_once() {
    for (s, at) in
        [("pppQ", "`p`"), ("gggQ", "`g`"), ("iiiW", "`i`"), ("kkkW", "`k`"), ("oooW", "`o`"), ("p(pW-F)", "`p`")]
    {
        let e = error(s);
        assert!(e.starts_with(at) && e.contains("is given twice on one leg"), "`{s}`: {e}");
    }
    for s in ["hhR", "nnQ", "uuQ"] {
        assert!(error(s).contains("cannot be doubled"), "`{s}`: {}", error(s));
    }
    // The doubled forms the seed defines, and capabilities side by side, still read.
    for s in ["ppQ", "ggQ", "ooQ", "iiW", "kkK", "cccQ", "pgR", "hR", "nN0", "uQ"] {
        assert!(compile_move(s).is_ok(), "`{s}`: {}", error(s));
    }
}
