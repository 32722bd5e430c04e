//! XBetza's royal captures `k`, the tame `t`, the boosts `X` `Y` and `nn` e.p. rights
//! (docs/SEMANTICS.md X33–X36) in generated code: `tests/data/modes-xbetza.toml` and
//! `tests/data/xiangqi-xbetza.toml` compiled by `mbn!` and run by the interpreter give the
//! hand-checked legal moves, the same moves on random playouts and the same perft; the XBetza
//! General `WfkR` has the perft of its MBN spelling `W+fc{K}R`.

use mbn::codegen::interp::Interpreter;
use mbn::codegen::variant::Variant;
use mbn::runtime::{perft, Bitboard, Geometry, MoveGenerator, MoveList, Position};

mod common;

mbn::mbn! { variant Modes = "tests/data/modes-xbetza.toml"; }
mbn::mbn! { variant XiangqiX = "tests/data/xiangqi-xbetza.toml"; }

fn read(path: &str) -> (String, String) {
    let full = format!("{}/{path}", env!("CARGO_MANIFEST_DIR"));
    (std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{full}: {e}")), full)
}

fn interpreter(text: &str, path: &str) -> (Variant, Interpreter) {
    let variant = Variant::from_toml(text, path).unwrap_or_else(|e| panic!("{}", e[0]));
    let interp = Interpreter::new(&variant).unwrap_or_else(|e| panic!("{}", e[0].message));
    (variant, interp)
}

/// The legal moves of `generator` in `pos` as `from` `x`? `to` (`:ep` for en passant), sorted.
fn listed<B: Bitboard, G: MoveGenerator<B>>(generator: &G, pos: &Position<B>, from: Option<&str>) -> Vec<String> {
    let g = pos.geometry();
    let mut list = MoveList::new();
    generator.legal_moves(pos, &mut list);
    let mut out: Vec<String> = list
        .iter()
        .filter(|mv| from.is_none_or(|f| g.square_name(mv.from()) == f))
        .map(|mv| {
            let x = if mv.is_capture() && !mv.is_en_passant() { "x" } else { "" };
            let ep = if mv.is_en_passant() { ":ep" } else { "" };
            format!("{}{x}{}{ep}", g.square_name(mv.from()), g.square_name(mv.to()))
        })
        .collect();
    out.sort();
    out
}

fn words(text: &str) -> Vec<String> {
    let mut v: Vec<String> = text.split_whitespace().map(str::to_string).collect();
    v.sort();
    v
}

/// Random playouts from `start`: both back ends list the same legal moves all the way.
fn playouts<B: Bitboard, G: MoveGenerator<B>>(generated: &G, interp: &Interpreter, start: &Position<B>, plies: usize) {
    common::random_walk(generated, start, plies, 80, 0x9e37_79b9_7f4a_7c15, |pos, _| {
        assert_eq!(listed(generated, pos, None), listed(interp, pos, None), "{}", pos.to_fen());
    });
}

#[test]
fn modes_army_in_both_back_ends() {
    let (text, path) = read("tests/data/modes-xbetza.toml");
    let (_, interp) = interpreter(&text, &path);
    // By hand: White's General on d4 facing Black's King on d8 across the open d-file gives check
    // (`fkR`): the King leaves the file. The tame Rook on h8 and the `kc` Bishop on a5 do not
    // attack it: c7, c8 and e8 are safe.
    let fen = "3k3T/8/8/B7/3G4/8/8/4K3 b - - 0 1";
    let pos = Modes::position(fen).expect("the position loads");
    let want = words("d8c7 d8c8 d8e7 d8e8");
    assert_eq!(listed(&Modes, &pos, None), want);
    assert_eq!(listed(&interp, &pos, None), want);
    // The General's own moves: W steps and the capture of the King only when it is there.
    let white = "3p4/8/8/8/3G4/8/8/4K3 w - - 0 1";
    let pos = Modes::position(white).expect("the position loads");
    let want = words("d4c4 d4d3 d4d5 d4e4 e1d1 e1d2 e1e2 e1f1 e1f2");
    assert_eq!(listed(&Modes, &pos, None), want);
    assert_eq!(listed(&interp, &pos, None), want);
    // The Giraffe and the Di-Knight leap: from d4, c8 e8 h3 h5 and b8 f8 h2 h6 (f8 captures).
    let pos = Modes::position("5p1k/8/8/8/3F4/8/8/K7 w - - 0 1").expect("loads");
    assert_eq!(listed(&Modes, &pos, Some("d4")), words("d4c8 d4e8 d4h3 d4h5"));
    let pos = Modes::position("5p1k/8/8/8/3D4/8/8/K7 w - - 0 1").expect("loads");
    assert_eq!(listed(&Modes, &pos, Some("d4")), words("d4b8 d4h2 d4h6 d4xf8"));
    assert_eq!(listed(&interp, &pos, Some("d4")), words("d4b8 d4h2 d4h6 d4xf8"));
    // Metamachy's Pawn: a double step from e3 (not an initial move), taken en passant from d5.
    let mut pos = Modes::position("4k3/8/8/3p4/8/4P3/8/4K3 w - - 0 1").expect("loads");
    let mut list = MoveList::new();
    Modes.legal_moves(&pos, &mut list);
    let push = *list.iter().find(|m| m.is_double_step()).expect("e3e5 sets rights");
    let _ = pos.make(push);
    let want = words("d5d3 d5d4 d5e4:ep e8d7 e8d8 e8e7 e8f7 e8f8");
    assert_eq!(listed(&Modes, &pos, None), want);
    assert_eq!(listed(&interp, &pos, None), want);
    let start = Modes::start_position();
    for depth in 1..=3 {
        let mut pos = start.clone();
        let generated = perft(&Modes, &mut pos, depth);
        println!("modes-xbetza perft {depth}: {generated}");
        assert_eq!(generated, perft(&interp, &mut pos, depth), "perft {depth}");
    }
    playouts(&Modes, &interp, &start, 1500);
}

#[test]
fn xbetza_general_has_the_perft_of_its_mbn_spelling() {
    let (text, path) = read("tests/data/xiangqi-xbetza.toml");
    let (variant, interp) = interpreter(&text, &path);
    // The MBN twin: the same pieces written in MBN, the General as `W+fc{K}R`.
    let mbn_text = text.split("[xbetza]").next().expect("the header").replace(
        "pieces = \"K|General| A|Advisor| B|Elephant| N|Horse| R|Chariot| C|Cannon| P|Soldier|\"",
        "pieces = \"K|General|=W+fc{K}R A|Advisor|=F B|Elephant|=nA N|Horse|=W-fF R|Chariot| C|Cannon|=mR+pcR P|Soldier|=fW+sW\"",
    );
    assert_ne!(mbn_text, text, "the twin is written in MBN");
    let (_, twin) = interpreter(&mbn_text, "xiangqi-mbn.toml");
    let start = XiangqiX::start_position();
    let generated: Vec<u64> = (1..=3).map(|d| perft(&XiangqiX, &mut start.clone(), d)).collect();
    let interpreted: Vec<u64> = (1..=3).map(|d| perft(&interp, &mut start.clone(), d)).collect();
    let mbn: Vec<u64> = (1..=3).map(|d| perft(&twin, &mut start.clone(), d)).collect();
    println!("xiangqi-xbetza perft 1-3: generated {generated:?}, interpreted {interpreted:?}, MBN twin {mbn:?}");
    assert_eq!(generated, interpreted);
    assert_eq!(interpreted, mbn);
    // The flying general in play: Black's General on e10, the e-file open: White's may not step
    // onto it.
    let g = Geometry::new(9, 10).expect("9x10");
    let fen = "4k4/9/9/9/9/9/9/9/9/5K3 w - - 0 1";
    let pos = Position::<u128>::from_fen(&variant.table, g, fen).expect("loads");
    let want = words("f1f2 f1g1");
    assert_eq!(listed(&XiangqiX, &pos, None), want);
    assert_eq!(listed(&interp, &pos, None), want);
    playouts(&XiangqiX, &interp, &start, 1000);
}
