//! The decisions of `docs/SEMANTICS.md`, one test (or one table) per decision, named after it.
//!
//! Every example the document gives is asserted here through the public API: the canonical printer
//! (`Display` of the AST), the ANCP text (`Canonical::of(..).to_string()`), piece equality, or an
//! error message and its 1-based column. Examples that do not behave as documented are left out with
//! a `// REPORTED:` comment until the code follows the document.

use mbn_codegen::ancp::{equal, Canonical};
use mbn_codegen::diagram::{destinations, render, single_leg_destinations, Board};
use mbn_codegen::expand::expand_move;
use mbn_codegen::ir::Part;
use mbn_codegen::syntax::ast::{ItemKind, MoveKind, Notation, PieceName, Steps};
use mbn_codegen::syntax::{is_definition_list, parse_move, parse_notation};
use mbn_codegen::{compile_move, compile_notation, Diagnostic};

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

/// A move printed by the canonical printer.
fn printed(s: &str) -> String {
    parse_move(s).unwrap_or_else(|e| panic!("`{s}` does not parse: {e:?}")).to_string()
}

/// A definition list printed by the canonical printer.
fn printed_notation(s: &str) -> String {
    notation(s).to_string()
}

fn notation(s: &str) -> Notation {
    parse_notation(s).unwrap_or_else(|e| panic!("`{s}` does not parse: {e:?}"))
}

/// The ANCP text of a move.
fn ancp(s: &str) -> String {
    Canonical::of(&compile_move(s).unwrap_or_else(|e| panic!("`{s}` does not compile: {e:?}"))).to_string()
}

/// Do two moves denote the same piece?
fn same(a: &str, b: &str) -> bool {
    let lower = |s: &str| compile_move(s).unwrap_or_else(|e| panic!("`{s}` does not compile: {e:?}"));
    equal(&lower(a), &lower(b))
}

/// `(column, message)` of every diagnostic; the column is 1-based.
fn columns(diagnostics: Vec<Diagnostic>) -> Vec<(usize, String)> {
    diagnostics.into_iter().map(|d| (d.span.start + 1, d.message)).collect()
}

fn parse_errors(s: &str) -> Vec<(usize, String)> {
    columns(parse_move(s).expect_err(&format!("`{s}` should not parse")))
}

fn notation_errors(s: &str) -> Vec<(usize, String)> {
    columns(parse_notation(s).expect_err(&format!("`{s}` should not parse")))
}

fn compile_errors(s: &str) -> Vec<(usize, String)> {
    columns(compile_move(s).expect_err(&format!("`{s}` should not compile")))
}

fn notation_compile_errors(s: &str) -> Vec<(usize, String)> {
    columns(compile_notation(s).expect_err(&format!("`{s}` should not compile")))
}

/// Asserts that one of `errors` is at `column` and says `text`.
#[track_caller]
fn assert_error(what: &str, errors: &[(usize, String)], column: usize, text: &str) {
    assert!(
        errors.iter().any(|(c, m)| *c == column && m.contains(text)),
        "`{what}`: expected an error at column {column} containing {text:?}, got {errors:?}"
    );
}

/// The ANCP text of every piece of a definition list, `label = text`.
fn pieces(s: &str) -> Vec<String> {
    compile_notation(s)
        .unwrap_or_else(|e| panic!("`{s}` does not compile: {e:?}"))
        .iter()
        .map(|p| {
            let moves = p.moves.as_ref().map_or("-".to_string(), |m| Canonical::of(m).to_string());
            format!("{} = {moves}", p.piece.label())
        })
        .collect()
}

/// The first piece name of the first definition of a list.
fn first_piece_name(s: &str) -> PieceName {
    match &notation(s).items[0].kind {
        ItemKind::Piece(def) => def.head.pieces[0].clone(),
        ItemKind::Promotion(def) => def.head.pieces[0].clone(),
        other => panic!("`{s}`: not a piece definition: {other:?}"),
    }
}

/// The shape of a move's top node.
fn shape(s: &str) -> &'static str {
    match parse_move(s).unwrap_or_else(|e| panic!("`{s}` does not parse: {e:?}")).kind {
        MoveKind::Chain(_) => "chain",
        MoveKind::Combination(_) => "combination",
        MoveKind::Optional(_) => "optional",
        MoveKind::Partial(_) => "partial",
    }
}

// ---------------------------------------------------------------------------------------------
// Parsing
// ---------------------------------------------------------------------------------------------

#[test]
fn d01_white_space_separates_definitions_and_comments_go_first() {
    assert_eq!(notation("B|Bishop|=F0 R|Rook|=W0").items.len(), 2);
    // A comment may stand anywhere, even inside a step count.
    assert_eq!(printed_notation("B=F|x|0"), "B=F0");
    // No white space inside a definition.
    assert_error("B= F0", &notation_errors("B= F0"), 3, "unexpected white space");
    // The first comment of a head names the piece.
    match &notation("B|Bishop||x|=F0").items[0].kind {
        ItemKind::Piece(def) => assert_eq!(def.head.name.as_ref().map(|n| n.value.as_str()), Some("Bishop")),
        other => panic!("{other:?}"),
    }
    match &notation("@X|Explosion|=(!dcy{^P}OK)0*").items[0].kind {
        ItemKind::Macro(m) => assert_eq!(m.comment.as_ref().map(|n| n.value.as_str()), Some("Explosion")),
        other => panic!("{other:?}"),
    }
    // An unterminated `|` is an error at the bar.
    assert_error("B=F0 |x", &notation_errors("B=F0 |x"), 6, "unterminated comment");
    assert_error("B |x", &parse_errors("B |x"), 3, "unterminated comment");
}

#[test]
fn d02_what_is_a_definition_list() {
    let cases = [
        ("B=F0", true),
        ("Q #Q", true),
        ("+P", true),
        ("'P", true),
        ("@X=N0", true),
        ("?#K=[*]O", true),
        ("*KLWNCP==X", true),
        ("mfW+cefF", false),
        ("B", false),
        ("!c{R}R", false),
        ("#c{C}C", false),
        ("  mfW  ", false),
    ];
    for (text, list) in cases {
        assert_eq!(is_definition_list(text), list, "`{text}`");
    }
}

#[test]
fn d03_compound_letters() {
    // `+` is allowed after the first character: the seed's own Flying Gold Cannon.
    assert_eq!(printed_notation(":GC+:=mR+pRD+F"), ":GC+:=mR+pRD+F");
    // Case-insensitive identity: a duplicate.
    let e = notation_compile_errors(":Be:=W :BE:=F");
    assert_error(":Be:=W :BE:=F", &e, 8, "duplicate definition of `:BE:`");
    assert_eq!(pieces(":Be:=W :BF:=F").len(), 2);
    // At most three characters; the first a letter.
    assert_error(":ABCD:=W", &notation_errors(":ABCD:=W"), 5, "at most three characters");
    assert_error(":1A:=W", &notation_errors(":1A:=W"), 1, "expected a piece letter");
}

#[test]
fn d04_suffix_or_board_spec() {
    let r = first_piece_name("R<s>=lR");
    assert_eq!(r.suffix.map(|s| s.value), Some("s".to_string()));
    assert!(r.boards.is_none());
    let c = first_piece_name("C<2>=K+<1,3>O");
    assert!(c.suffix.is_none());
    assert!(c.boards.is_some());
    let s = first_piece_name("S<<5>>=T");
    assert!(s.suffix.is_none() && s.boards.is_some());
    assert_eq!(printed_notation("R<s>=lR C<2>=K+<1,3>O"), "R<s>=lR C<2>=K+<1,3>O");
}

#[test]
fn d05_side_by_side_partials_combine() {
    assert_eq!(printed("mfWcfF"), "mfW+cfF");
    assert!(same("mfWcfF", "mfW+cfF"));
    // Atoms side by side share the modifiers.
    assert_eq!(printed("mPQ"), "mPQ");
    assert!(same("mPQ", "mP+mQ"));
    assert!(!same("mPQ", "mP+Q"));
    assert!(same("K", "WF"));
}

#[test]
fn d06_optional_legs_versus_ranges_and_sets() {
    let cases = [
        // The seed's own example: a step count after the closing bracket, `-` after it.
        ("{jy{X}F}0-F", "chain"),
        ("gfF3-[B]", "chain"),
        ("[K]", "optional"),
        ("[K]--[K]--K", "chain"),
        // Followed by a letter: a board range.
        ("[1-2]mefW02", "partial"),
        ("[d-f1-3]pB[d-f1-3]", "partial"),
    ];
    for (text, expected) in cases {
        assert_eq!(shape(text), expected, "`{text}`");
        assert_eq!(printed(text), text);
    }
    match parse_move("{jy{X}F}0-F").unwrap().kind {
        MoveKind::Chain(legs) => match &legs[0].body.kind {
            MoveKind::Optional(o) => assert_eq!(o.steps.as_ref().map(|s| s.value), Some(Steps::Unlimited)),
            other => panic!("{other:?}"),
        },
        other => panic!("{other:?}"),
    }
    // `=` before and `]` after count: `[[a1]fR]` is an optional leg holding a range.
    let castle = "R<s>=[1-2](rW+(lR--[[a1]fR]))";
    assert_eq!(printed_notation(castle), castle);
    match &notation("B=[K]").items[0].kind {
        ItemKind::Piece(def) => assert!(matches!(def.body.as_ref().unwrap().kind, MoveKind::Optional(_))),
        other => panic!("{other:?}"),
    }
    // Followed by `+`: not an optional leg (`-` binds more loosely than `+`, D23), so the bracket
    // opens a piece set or a range, and the error's help brackets the chain.
    for (text, column, bracketed) in [
        ("W-{F}+N", 6, "`(W-{F})+N`"),
        ("N-{((rf)N)7}+W", 4, "`(N-{((rf)N)7})+W`"),
        ("W-[F]+N", 6, "`(W-[F])+N`"),
        ("fF-[W2]3+(cF-mF)", 5, "`(fF-[W2]3)+(cF-mF)`"),
        ("R+W-{F}+N+K", 8, "`(R+W-{F})+N+K`"),
        ("(W-{F}+N)R", 7, "`(W-{F})+N`"),
    ] {
        let errors = parse_move(text).expect_err(text);
        assert_eq!(errors.len(), 1, "{text}: {errors:?}");
        assert_eq!(errors[0].span.start + 1, column, "{text}: {errors:?}");
        let help = errors[0].help.as_deref().unwrap_or_default();
        assert!(help.contains("bracket the chain") && help.ends_with(bracketed), "{text}: {help}");
        let fixed = &bracketed[1..bracketed.len() - 1];
        assert!(parse_move(fixed).is_ok(), "{fixed}");
    }
    assert!(same("(W-{F})+N", "N+(W-{F})"));
    // No help where the bracket could not be an optional leg anyway.
    let errors = parse_move("W{F}+N").expect_err("W{F}+N");
    assert!(errors[0].help.is_none(), "{errors:?}");
}

#[test]
fn d07_step_suffixes() {
    assert_eq!(printed("W**"), "W0*");
    assert!(same("W**", "W0*"));
    assert!(same("W00", "O"));
    assert_eq!(printed("W#"), "W#");
    assert_error("W#", &compile_errors("W#"), 2, "never given a meaning");
}

#[test]
fn d08_files_are_letters_ranks_are_numbers() {
    let m = parse_move("W[a-c1]").unwrap();
    let MoveKind::Partial(p) = &m.kind else { panic!() };
    let range = p.destination.as_ref().unwrap();
    let mbn_codegen::syntax::ast::RangeItem::Area(area) = &range.items[0] else { panic!() };
    assert_eq!(area.files, Some((0, 2)));
    assert_eq!(area.ranks, Some((1, 1)));
    assert_eq!(printed("W[f-h6-8]"), "W[f-h6-8]");
    assert_error("W[3b]", &parse_errors("W[3b]"), 4, "unexpected `b`");
}

#[test]
fn d09_ranges_are_greedy() {
    assert_eq!(printed("W[1-4][5]F"), "W[1-4]+[5]F");
    assert!(same("W[1-4][5]F", "W[1-4]+[5]F"));
    assert_eq!(ancp("W[1-4][5]F"), "destination[1-4]:slide(0,1) & origin[5]:slide(1,1)");
}

#[test]
fn d10_hash_after_an_atom_is_a_step_count() {
    assert_eq!(printed("W#cR"), "W#+cR");
    assert_error("W#cR", &compile_errors("W#cR"), 2, "never given a meaning");
    assert_eq!(printed("W+#cR"), "W+#cR");
    assert_eq!(ancp("W+#cR"), "slide(0,1) & decisive:capture:slide*(0,1)");
}

#[test]
fn d11_circular_riders_need_parentheses() {
    assert_eq!(printed("(N)(rf)8"), "(N)(rf)8");
    assert_error("N(rf)8", &parse_errors("N(rf)8"), 5, "expected an atom");
}

#[test]
fn d12_conditions() {
    let m = parse_move("/Ta1/W").unwrap();
    let MoveKind::Partial(p) = &m.kind else { panic!() };
    let c = p.condition.as_ref().unwrap();
    assert_eq!(c.pieces.as_ref().unwrap().members.len(), 1);
    assert!(c.squares.is_some());
    for (text, has_pieces, has_squares) in [("/T/W", true, false), ("/a1/W", false, true)] {
        let m = parse_move(text).unwrap();
        let MoveKind::Partial(p) = &m.kind else { panic!() };
        let c = p.condition.as_ref().unwrap();
        assert_eq!((c.pieces.is_some(), c.squares.is_some()), (has_pieces, has_squares), "`{text}`");
    }
    assert_eq!(printed_notation("H=(/{T}[a1]/W)+(/{T}[a2]/D)"), "H=(/Ta1/W)+(/Ta2/D)");
    assert_eq!(ancp("/Ta1/W"), "if/Ta1/:slide(0,1)");
}

#[test]
fn d13_q_and_lone_y_are_errors() {
    assert_error("qW", &parse_errors("qW"), 1, "`q` is not an MBN modifier");
    assert_error("yW", &parse_errors("yW"), 1, "`y` is not a modifier on its own");
    assert_eq!(printed("cyW"), "cyW");
}

#[test]
fn d14_doubled_angle_brackets_reflect() {
    let s = first_piece_name("S<<5>>=T");
    assert!(s.boards.unwrap().reflected);
    assert!(!first_piece_name("S<5>=T").boards.unwrap().reflected);
    let text = "S<*>=mfW+<<+1>>mfW +S<<5>>=T";
    assert_eq!(printed_notation(text), text);
}

#[test]
fn d15_limits() {
    assert_eq!(printed("W999"), "W999");
    assert_error("W1000", &parse_errors("W1000"), 2, "number `1000` is too large (at most 999)");
    let deep = |n: usize| format!("{}W{}", "(".repeat(n), ")".repeat(n));
    assert!(parse_move(&deep(32)).is_ok());
    assert_error("33 levels", &parse_errors(&deep(33)), 33, "nesting too deep: at most 32 levels");
    let long = format!("W{}", "+W".repeat(32 * 1024));
    assert_error("65 KiB", &parse_errors(&long), 1, "notation too long");
}

#[test]
fn d16_order_inside_a_partial_move() {
    let text = "!#/T/[1]{C}mfW[8]";
    assert_eq!(printed(text), text);
    assert_eq!(ancp(text), "origin[1]:destination[8]:attacked{C}:if/T/:setup:decisive:move:slide!(0,1)");
    assert_error("{C}[1]W", &parse_errors("{C}[1]W"), 4, "unexpected `[`");
    assert_error("m!W", &parse_errors("m!W"), 2, "unexpected `!`");
}

// ---------------------------------------------------------------------------------------------
// Lowering
// ---------------------------------------------------------------------------------------------

#[test]
fn d17_modifiers_distribute_and_complex_riders_collapse() {
    let pairs = [
        ("f(W+F)", "fW+fF"),
        ("R4", "R"),
        ("(W0)4", "R"),
        ("(W)3", "W3"),
        ("(W3)2", "W6"),
        ("(D)3", "D3"),
        ("K0", "Q"),
        // A body with several alternatives: each alternative is repeated on its own.
        ("(WF)3", "W3F3"),
        ("I4", "B+N4"),
        ("(mfW)2", "mfW2"),
    ];
    for (a, b) in pairs {
        assert!(same(a, b), "`{a}` should equal `{b}`");
    }
    // Other complex riders stay repeats.
    assert_eq!(ancp("(cW)2"), "(mode:capture:slide(0,1) | mode:capture:f:slide(0,1))*2");
    assert_eq!(ancp("(D03)2"), "(leap+3(0,2) | f:leap+3(0,2))*2");
    assert!(!same("(aW)3", "W3"));
    // `(dK)3`: every step picks its own direction (seed §6), so it stays a repeat, unlike `K3`.
    let dk3 = compile_move("(dK)3").unwrap();
    assert!(dk3.moves.iter().all(|m| matches!(m.parts[..], [Part::Repeat { .. }])), "{dk3:?}");
    assert!(!equal(&dk3, &compile_move("K3").unwrap()));
    // Outer direction modifiers apply to the first time round only (ANCP 8.30): `sR4` is `sR`.
    assert!(equal(&compile_move("sR4").unwrap(), &compile_move("sR").unwrap()));
}

#[test]
fn d18_directions() {
    let texts = [
        ("fN", "leap!(-1,2)(1,2)"),
        ("ffN", "leap!(-1,2)(1,2)"),
        ("(lf)N", "leap!(-1,2)"),
        ("(fl)N", "leap!(-2,1)"),
        ("(sf)N", "leap!(-1,2)(1,2)"),
        ("(fs)N", "leap!(-2,1)(2,1)"),
        ("lfN", "leap!(-2,-1)(-2,1)(-1,2)(1,2)"),
        ("vW", "slide!(0,-1)(0,1)"),
        ("sW", "slide!(-1,0)(1,0)"),
        ("fsW", "slide!(-1,0)(0,1)(1,0)"),
        ("(lf):1,4:", "leap!(-1,4)"),
        ("fF", "slide!(-1,1)(1,1)"),
    ];
    for (text, expected) in texts {
        assert_eq!(ancp(text), expected, "`{text}`");
    }
    for (a, b) in [("fN", "(lf)N+(rf)N"), ("ffW", "fW"), ("lfN", "lN+fN"), ("(lf)F", "(fl)F"), ("fsW", "fW+sW")] {
        assert!(same(a, b), "`{a}` should equal `{b}`");
    }
    assert!(!same("(lf)N", "(fl)N"));
    assert!(!same("lfN", "(lf)N"));
    assert_error("(fb)W", &compile_errors("(fb)W"), 1, "`(fb)` pairs two letters of the same axis");
}

#[test]
fn d19_empty_selections() {
    assert_error("(lf)W", &compile_errors("(lf)W"), 1, "selects no direction");
    assert_error("ffF", &compile_errors("ffF"), 1, "selects no direction");
    assert_error("(sf)W", &compile_errors("(sf)W"), 1, "selects no direction");
    assert_error("fO", &compile_errors("fO"), 1, "selects no direction");
    // An atom of a partial that selects nothing is dropped when another atom remains.
    assert!(same("ffK", "fW"));
    assert!(same("ffWF", "fW"));
    // The groups a basic piece expands to drop their empty parts too: `ffQ` = `fR` (`ffB` is empty).
    assert!(equal(&compile_move("ffQ").unwrap(), &compile_move("fR").unwrap()));
}

#[test]
fn d20_relative_modifiers_on_a_first_leg() {
    for text in ["tW", "zW", "ttW"] {
        assert_error(text, &compile_errors(text), 1, "this is the first leg of its move");
    }
    assert!(same("dN", "N"));
    assert_eq!(ancp("W-tW"), "slide(0,1) + t:slide(0,1)");
}

#[test]
fn d21_modes() {
    let texts = [
        ("c{L}R", "capture{L}:slide*(0,1)"),
        ("a{L}R", "move+capture{L}:slide*(0,1)"),
        ("ccW", "capture!:slide(0,1)"),
        ("cyW", "capture*:slide(0,1)"),
        ("ceW", "capture+enpassant:slide(0,1)"),
        ("meW", "move:enpassant:slide(0,1)"),
        ("ceeW", "enpassant:slide(0,1)"),
        ("hR", "slide*half(0,1)"),
        ("gR", "jump:slide*(0,1)"),
    ];
    for (text, expected) in texts {
        assert_eq!(ancp(text), expected, "`{text}`");
    }
    for (a, b) in [("mW+cW", "W"), ("mcW", "W"), ("aW", "W"), ("gN", "N"), ("gW", "W"), ("nW", "W"), ("nF0", "B")] {
        assert!(same(a, b), "`{a}` should equal `{b}`");
    }
    assert!(!same("nN", "N"));
    assert!(!same("gR", "R"));
    assert_error("eW", &compile_errors("eW"), 1, "`e` (en passant) needs `c`");
    assert_error("hW", &compile_errors("hW"), 1, "`h` (halfling) applies to unlimited riders");
}

#[test]
fn d22_three_and_four_dimensional_moves_are_not_lowered() {
    for text in ["<>N", "<2d>N", "<3d>N", "<4d>N", "<3o>N", "<1>N", "<+-1>O"] {
        assert_eq!(printed(text), text);
        assert_error(text, &compile_errors(text), 1, "3D and 4D boards are not supported");
    }
}

#[test]
fn d23_chains() {
    assert!(same("W-W", "W-fW"));
    assert_eq!(ancp("W-fW"), "slide(0,1) + f:slide(0,1)");
    assert_eq!(ancp("N--N"), "leap(1,2) ++ leap(1,2)");
    assert_eq!(ancp("[1]W-fW"), "origin[1]:slide(0,1) + f:slide(0,1)");
    assert!(same("[1](W-fW)", "[1]W-fW"));
    // `-` binds more loosely than `+`.
    assert!(same("fF+fcF-mF", "(fF+fcF)-mF"));
    // A first leg with no written mode may only move (the IR records whether a mode was written).
    let mode_written = |s: &str| {
        let set = compile_move(s).unwrap();
        match &set.moves[0].parts[0] {
            Part::Leg(leg) => leg.mode_written,
            other => panic!("{other:?}"),
        }
    };
    assert!(!mode_written("W-fW"));
    assert!(mode_written("aW-fW"));
}

#[test]
fn d24_circular_riders() {
    assert!(same("(N)(rf)1", "N"));
    let rose = ancp("(N)(rf)8");
    assert!(rose.starts_with("leap(1,2) + {((rf):leap(1,2)"), "{rose}");
    // The circular rider and its definition in the seed are the same piece.
    assert!(equal(&compile_move("(N)(rf)8").unwrap(), &compile_move("N-{((rf)N)7}").unwrap()));
}

#[test]
fn d25_canonical_form_and_equality() {
    let texts = [
        ("N", "leap(1,2)"),
        ("B", "slide*(1,1)"),
        ("Q", "slide*(0,1)(1,1)"),
        ("E", "slide*(0,1) & leap(1,2)"),
        ("W3", "slide*3(0,1)"),
        ("W03", "slide+3(0,1)"),
        ("W0*", "slide*max(0,1)"),
        ("W*", "slide*edge(0,1)"),
        ("mfW+cfF", "move:slide!(0,1) & capture:slide!(-1,1)(1,1)"),
        ("imefW02", "initial:move:enpassant:slide!+2(0,1)"),
        ("iiN", "initial!:leap(1,2)"),
        ("nD", "slide(0,2)"),
        ("W-fW", "slide(0,1) + f:slide(0,1)"),
        ("N--N", "leap(1,2) ++ leap(1,2)"),
    ];
    for (text, expected) in texts {
        assert_eq!(ancp(text), expected, "`{text}`");
    }
    assert!(same("Q", "RB") && same("W+W02", "W2") && same("c{LR}R", "c{RL}R"));
    // Multi-leg moves compare by text, or by their paths (X73): equal pieces may be reported
    // different where repeats or optional parts differ.
    assert!(!same("K--fK", "K-dfK"), "the seed says these are equal; mbn cannot tell yet");
    assert!(same("mW-W", "W-W"), "equal (a first leg only moves): compared by their paths since X73");
    assert!(!same("aK--[K]", "(adK)2"), "the Lion: equal by §18, compared as text");
}

#[test]
fn d26_explain_diagrams() {
    let board = Board { files: 3, ranks: 3 };
    let set = compile_move("mfW+cfF").unwrap();
    let (marks, notes) = destinations(&set, board, (1, 0));
    assert!(notes.is_empty());
    assert_eq!(render(board, (1, 0), &marks), "  3 . . .\n  2 c m c\n  1 . X .\n    a b c\n");
    let (marks, _) = destinations(&compile_move("K").unwrap(), board, (1, 1));
    assert_eq!(render(board, (1, 1), &marks), "  3 * * *\n  2 * X *\n  1 * * *\n    a b c\n");
    let (_, notes) = destinations(&compile_move("pR").unwrap(), board, (1, 1));
    assert!(notes.iter().any(|n| n.contains("hopping moves")), "{notes:?}");
    let (_, notes) = destinations(&compile_move("W-fW").unwrap(), board, (1, 1));
    assert!(notes.iter().any(|n| n.contains("multi-leg moves are not drawn")), "{notes:?}");
    // `mbn explain` draws the multi-leg moves itself (by the interpreter): without that note, the
    // single legs' marks and notes are the same.
    let set = compile_move("(W-fW)+pR+F").unwrap();
    let ((marks, notes), (single, single_notes)) =
        (destinations(&set, board, (1, 1)), single_leg_destinations(&set, board, (1, 1)));
    assert_eq!(marks, single);
    assert_eq!(render(board, (1, 1), &single), "  3 * . *\n  2 . X .\n  1 * . *\n    a b c\n");
    assert_eq!(notes[0], "multi-leg moves are not drawn on the empty board");
    assert_eq!(notes[1..], single_notes);
    assert!(single_notes.iter().all(|n| !n.contains("multi-leg")) && !single_notes.is_empty(), "{single_notes:?}");
}

// ---------------------------------------------------------------------------------------------
// Expansion
// ---------------------------------------------------------------------------------------------

fn expanded(s: &str) -> String {
    expand_move(&parse_move(s).unwrap(), &[]).unwrap_or_else(|e| panic!("`{s}`: {e:?}")).to_string()
}

#[test]
fn d27_basic_pieces() {
    assert_eq!(expanded("mfN3"), "mf:1,2:3");
    assert_eq!(expanded("R4"), "(:0,1:0)4");
    assert_eq!(expanded("B"), "(:1,1:0)");
    for (old, new) in [("G", "T"), ("J", "Z"), ("L", "C")] {
        assert!(same(old, new), "`{old}` = `{new}`");
    }
    for (letter, text) in [("C", "leap(1,3)"), ("Z", "leap(2,3)"), ("T", "leap(3,3)"), ("H", "leap(0,3)")] {
        assert_eq!(ancp(letter), text);
    }
    assert!(same("E", "RN") && same("I", "BN") && same("V", "I") && same("U", "g(WF)0"));
}

#[test]
fn d28_marshall_is_rook_plus_knight() {
    assert!(same("M", "RN"));
    assert!(same("M", "E"));
    assert!(!same("M", "WF"));
}

#[test]
fn d29_berolina_pawn_moves_diagonally_forward() {
    assert_eq!(expanded("S"), "(mf:1,1:+cef:0,1:+[1-2]mef:1,1:02)");
    assert_eq!(ancp("mfsF"), "move:slide(1,1)", "fs combines: all four diagonals");
    assert!(same("S", "mfF+cefW+[1-2]mefF02"));
}

#[test]
fn d30_macros() {
    assert_eq!(pieces("I Z=QI @I=N0"), ["I = leap*(1,2)", "Z = leap*(0,1)(1,1)(1,2)"]);
    // Without the macro, `I` in a move is the basic Janus (the seed's "wrong" definition).
    assert_eq!(pieces("I|Nightrider|=N0 Z|Amazon-Rider|=QI"), ["I = leap*(1,2)", "Z = slide*(0,1)(1,1) & leap(1,2)"]);
    assert_eq!(
        pieces("@:NR:=N0 I|Nightrider|=:NR: Z|Amazon-Rider|=Q+:NR:"),
        ["I = leap*(1,2)", "Z = leap*(0,1)(1,1)(1,2)"]
    );
    assert_eq!(pieces("@B=BW B +B"), ["B = slide*(1,1) & slide(0,1)", "+B = slide*(1,1) & slide(0,1)"]);
}

#[test]
fn d31_macro_cycles() {
    assert_error("@A=B @B=A A", &notation_compile_errors("@A=B @B=A A"), 2, "macro cycle: @A -> @B -> @A");
}

#[test]
fn d32_compound_letters_need_macros() {
    assert_error("Z=Q+:NR:", &notation_compile_errors("Z=Q+:NR:"), 5, "`:NR:` is not defined");
    assert_error(":BM:", &notation_compile_errors(":BM:"), 1, "compound letters have no predefined move");
}

#[test]
fn d33_default_definitions() {
    assert_eq!(pieces("Q #Q"), ["Q = slide*(0,1)(1,1)", "#Q = slide*(0,1)(1,1)"]);
    assert_eq!(pieces("@R<s>=fR R<s>"), ["R<s> = slide!*(0,1)"]);
    assert_eq!(pieces("R=W0 R<l>=lR"), ["R = slide*(0,1)", "R<l> = slide!*(-1,0)"]);
    assert_eq!(pieces("p"), [format!("p = {}", ancp("P"))]);
    assert_eq!(pieces("!+G"), ["!+G = -"]);
    assert_eq!(pieces("PS=mfWcfF").len(), 2);
    assert_error("?X", &notation_compile_errors("?X"), 1, "a precondition rule has no default move");
    assert_error("PS", &notation_compile_errors("PS"), 1, "a definition of several pieces needs `=`");
}

#[test]
fn d34_duplicates() {
    assert_error("B B=F0", &notation_compile_errors("B B=F0"), 3, "duplicate definition of `B`");
    assert_eq!(pieces("+G +G/DragonResurrection/").len(), 2);
}

#[test]
fn d35_sets_and_ranges_keep_their_letters() {
    let n = notation("@C=(dWF)03 C=mC+c{C}C");
    let x = mbn_codegen::expand::expand(&n).unwrap();
    let body = x.pieces[0].body.as_ref().unwrap().to_string();
    assert!(body.contains("c{C}"), "{body}");
}

#[test]
fn d36_expansion_is_bounded() {
    let mut text = String::new();
    let letters: Vec<char> = ('A'..='U').collect();
    for w in letters.windows(2) {
        text.push_str(&format!("@{}={}{} ", w[0], w[1], w[1]));
    }
    text.push_str("@U=WW Z=A");
    let e = notation_compile_errors(&text);
    assert!(e.iter().any(|(_, m)| m.contains("expands to more than 100000 atoms")), "{e:?}");
}

// ---------------------------------------------------------------------------------------------
// Dialect clashes: what MBN reads
// ---------------------------------------------------------------------------------------------

#[test]
fn c01_to_c09_dialect_clashes_read_as_mbn() {
    // C1 `NN`: two Knights.
    assert!(same("NN", "N") && !same("NN", "N0"));
    // C2 `R4`: `(W0)4`, a Rook.
    assert!(same("R4", "R") && !same("R4", "W4"));
    // C3 `W03`: exactly three steps.
    assert_eq!(ancp("W03"), "slide+3(0,1)");
    assert!(!same("W03", "W3"));
    // C4 `lfN`, `frN`: combined letters; `(lf)N` is the amalgamated pair.
    assert!(same("lfN", "lN+fN") && same("frN", "fN+rN"));
    assert_eq!(ancp("(lf)N"), "leap!(-1,2)");
    // C5 `g`: a leaping slider, not a grasshopper.
    assert_eq!(ancp("gR"), "jump:slide*(0,1)");
    // C6 `a`: all (move or capture), not "again".
    assert!(same("aW", "W"));
    // C7 `h`: halfling.
    assert_eq!(ancp("hB"), "slide*half(1,1)");
    // C8 `t`: a turn relative to the previous leg.
    assert_eq!(ancp("W-tW"), "slide(0,1) + t:slide(0,1)");
    // C9 `C` = `L` = (1,3), `Z` = `J` = (2,3).
    assert!(same("C", ":1,3:") && same("L", "C") && same("Z", ":2,3:") && same("J", "Z"));
}

// ---------------------------------------------------------------------------------------------
// Seed typos and contradictions
// ---------------------------------------------------------------------------------------------

#[test]
fn s_seed_typos_are_read_as_decided() {
    // S1 ANCP 8.2 vs table 2: `ffN` has only (±1,2); `ffF` is empty; `ffW` = `fW`.
    assert_eq!(ancp("ffN"), "leap!(-1,2)(1,2)");
    assert!(same("ffW", "fW"));
    // S2 ANCP 8.3 names: ANCP `fl` is MBN `(lf)`.
    assert_eq!(ancp("(lf)N"), "leap!(-1,2)");
    // S3 ANCP 8.1 vs table 7: `fN` is two moves.
    assert_eq!(ancp("fN"), "leap!(-1,2)(1,2)");
    // S4 ANCP 8.19/8.22/8.23 `t` for `f`: `v` = `f` + `b`.
    assert!(same("vN", "fN+bN") && same("(vl)N", "(fl)N+(bl)N"));
    // S5 ANCP 9.5/9.8/9.9: the (1,2), (1,3), (2,3) leapers have eight distinct vectors.
    assert_eq!(ancp("N"), "leap(1,2)");
    assert_eq!(ancp("fN+bN+(fl)N+(fr)N+(bl)N+(br)N"), "leap(1,2)");
    assert_eq!(ancp("C"), "leap(1,3)");
    // S6 is tested in d27_basic_pieces.
    // S7 §6's translations: mbn computes the form.
    assert_eq!(ancp("imefW02"), "initial:move:enpassant:slide!+2(0,1)");
    assert_eq!(ancp("cefF"), "capture+enpassant:slide!(-1,1)(1,1)");
    assert_eq!(ancp("lB"), "slide!*(-1,-1)(-1,1)");
    assert_eq!(ancp("WF+iiN"), "slide(0,1)(1,1) & initial!:leap(1,2)");
    // S8 and S9 are tested in d28 and d29.
    // S10 §6 edge rider: `B*` from c1 ends on a3 or h6.
    let board = Board { files: 8, ranks: 8 };
    let (marks, _) = destinations(&compile_move("B*").unwrap(), board, (2, 0));
    assert_eq!(marks.keys().copied().collect::<Vec<_>>(), [(0, 2), (7, 5)]);
    let (marks, _) = destinations(&compile_move("W*").unwrap(), board, (2, 0));
    assert_eq!(marks.keys().copied().collect::<Vec<_>>(), [(0, 0), (2, 7), (7, 0)]);
    // S11 the circular king's expansion is unbalanced; its definition is not.
    assert!(parse_move("K-{(fr)K)}").is_err());
    assert_eq!(printed_notation(":CK:=K-{((fr)K)0*}"), ":CK:=K-{((fr)K)0*}");
    // S12 seed 003's garbled `[12]` is rank 12, not ranks 1-2; `F[(zF)0]` is an error.
    assert!(!same("[12]mefW02", "[1-2]mefW02"));
    assert_error("F[(zF)0]", &parse_errors("F[(zF)0]"), 3, "unexpected `(`");
    assert_eq!(printed("F-[(zF)0]"), "F-[(zF)0]");
    // S13 `k{Q}K+N)` is unbalanced; the balanced form parses.
    assert_error("k{Q}K+N)", &parse_errors("k{Q}K+N)"), 8, "unexpected `)`");
    assert_eq!(printed("k{Q}(K+k{K}N)"), "k{Q}(K+k{K}N)");
    // S14 is tested in d08.
    // S15 "(lf) cannot be replaced with (lf)": meant `(fl)`.
    assert!(!same("(lf)N", "(fl)N"));
    // S16 §16's explosion: the macro is a group, `**` = `0*`.
    assert_eq!(
        printed_notation("@X|Explosion|=(!dcy{^P}OK)** Q=mQ+(cQ--X)"),
        "@X|Explosion|=(!dcy{^P}OK)0* Q=mQ+(cQ--X)"
    );
    assert!(compile_notation("@X|Explosion|=(!dcy{^P}OK)** Q=mQ+(cQ--X)").is_ok());
    // S17 the BNF's condition needs both parts; the prose allows either.
    assert!(parse_move("/T/W").is_ok() && parse_move("/a1/W").is_ok() && parse_move("/:NR:a1/W").is_ok());
    // S18 mbn's own scope prefixes.
    assert_eq!(ancp("o[b,g]B"), "cylindrical[b,g]:slide*(1,1)");
    // (`xW` moves and flips: the flip replaces its captures, M34, M135.)
    assert_eq!(ancp("xW"), "modifier(x):move:slide(0,1)");
    // S19 the Pawn as both tables print it.
    assert_eq!(
        ancp("P"),
        "move:slide!(0,1) & capture+enpassant:slide!(-1,1)(1,1) & origin[1-2]:move:enpassant:slide!+2(0,1)"
    );
    // S21 the optional marker is `?`.
    assert_eq!(ancp("pp?{QRNP}B"), "hop!?{NPQR}:slide*(1,1)");
}

// ---------------------------------------------------------------------------------------------
// What mbn does not run
// ---------------------------------------------------------------------------------------------

#[test]
fn x_hexagonal_pieces_run_as_written_rectangular_definitions() {
    assert_eq!(pieces("R=F0+vD0"), ["R = leap*(1,1) & leap!*(0,-2)(0,2)"]);
    assert!(same("F0+vD0", "B+vD0"));
    // The letters keep their rectangular meaning.
    assert_eq!(pieces("Q=R+B"), ["Q = slide*(0,1)(1,1)"]);
}
