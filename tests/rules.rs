//! MBN's rule modifiers (docs/SEMANTICS.md M32-M34): `u` (only when unblocked), `k`/`kk`/`k{...}`
//! (no check, no mate) and `x`/`xx`/`xy` (flips). Every expected set is worked out by hand from the
//! position; both back ends must give it. The random-position comparison of the same pieces is in
//! `tests/generated_vs_interpreted.rs` (`generated_rule_modifiers_agree_with_the_interpreter`).

use mbn::codegen::interp::Interpreter;
use mbn::codegen::variant::{Variant, VariantSpec};
use mbn::runtime::{MoveGenerator, MoveList, Position};

const PIECES: &str =
    "K|King| P|Pawn|=mfW+cfF U|Usher|=uR+W C|Courier|=kN+W H|Herald|=kkR+F X|Xenos|=xN+mK Y|Yeoman|=xyD+mK";
const START: &str = "ucxhkycu/pppppppp/8/8/8/8/PPPPPPPP/UCXHKYCU w - - 0 1";

mbn::mbn! {
    variant Rules {
        board: "8x8",
        start: "ucxhkycu/pppppppp/8/8/8/8/PPPPPPPP/UCXHKYCU w - - 0 1",
        pieces: "K|King| P|Pawn|=mfW+cfF U|Usher|=uR+W C|Courier|=kN+W H|Herald|=kkR+F X|Xenos|=xN+mK Y|Yeoman|=xyD+mK",
        royal: "K",
        promotion_zone: "[8]",
        promotion_mandatory: true,
    }
}

fn interpreter() -> Interpreter {
    let mut spec = VariantSpec::new("rules", 8, 8, START, PIECES);
    spec.royal = "K".to_string();
    spec.promotion_zone = Some("[8]".to_string());
    spec.promotion_mandatory = true;
    Interpreter::new(&Variant::compile(&spec).expect("compiles")).expect("the interpreter runs it")
}

/// The legal moves of the piece on `from` as sorted destinations, a flip written `~e6`, from both
/// back ends (which must agree).
fn destinations(fen: &str, from: &str) -> String {
    let interp = interpreter();
    let pos = Rules::position(fen).expect("the position loads");
    let mut sets = Vec::new();
    for generated in [true, false] {
        let mut list = MoveList::new();
        if generated {
            Rules.legal_moves(&pos, &mut list);
        } else {
            interp.legal_moves(&pos, &mut list);
        }
        let mut to: Vec<String> = list
            .iter()
            .filter(|mv| pos.geometry().square_name(mv.from()) == from)
            .map(|mv| {
                let name = pos.geometry().square_name(mv.to());
                if mv.is_flip() {
                    format!("~{name}")
                } else {
                    name
                }
            })
            .collect();
        to.sort();
        sets.push(to.join(" "));
    }
    assert_eq!(sets[0], sets[1], "generated vs interpreted on {fen}");
    sets.remove(0)
}

/// Whether the side to move is in check after the move `from`-`to` of the piece on `from`.
fn checks_after(pos: &Position<u64>, from: &str, to: &str) -> bool {
    let mut list = MoveList::new();
    Rules.legal_moves(pos, &mut list);
    let g = pos.geometry();
    let mv = *list
        .iter()
        .find(|mv| g.square_name(mv.from()) == from && g.square_name(mv.to()) == to)
        .unwrap_or_else(|| panic!("{from}{to} is legal"));
    let mut after = pos.clone();
    let _ = after.make(mv);
    Rules.in_check(&after)
}

#[test]
fn unblocked_by_hand() {
    // The Usher `uR+W` on d4: all rook squares while no enemy is first on a rook line.
    let rook = "a4 b4 c4 d1 d2 d3 d5 d6 d7 d8 e4 f4 g4 h4";
    assert_eq!(destinations("7k/8/8/8/3U4/8/8/K7 w - - 0 1", "d4"), rook);
    // An enemy Pawn on d6: no rook move at all, only the Wazir steps.
    assert_eq!(destinations("7k/8/3p4/8/3U4/8/8/K7 w - - 0 1", "d4"), "c4 d3 d5 e4");
    // A friend on d6 blocks as usual; the enemy on h4 is first on its line: Wazir steps only.
    assert_eq!(destinations("7k/8/3P4/8/3U3p/8/8/K7 w - - 0 1", "d4"), "c4 d3 d5 e4");
    // An enemy behind the friend does not count; neither does one off the lines.
    assert_eq!(destinations("3p3k/8/3P4/7p/3U4/8/8/K7 w - - 0 1", "d4"), "a4 b4 c4 d1 d2 d3 d5 e4 f4 g4 h4");
    // The Wazir captures the adjacent enemy; the rook leg is stopped by it.
    assert_eq!(destinations("7k/8/8/3p4/3U4/8/8/K7 w - - 0 1", "d4"), "c4 d3 d5 e4");
}

#[test]
fn no_check_by_hand() {
    // The Courier `kN+W` on c6, the enemy King on e8: its Knight moves to d8 and e7 would check
    // (by the Wazir from there), so they are not made; its Wazir steps c7 and d6 check (by the
    // Knight from there) and are made: the `k` belongs to the Knight leg.
    let fen = "4k3/8/2C5/8/8/8/8/K7 w - - 0 1";
    assert_eq!(destinations(fen, "c6"), "a5 a7 b4 b6 b8 c5 c7 d4 d6 e5");
    let pos = Rules::position(fen).expect("loads");
    assert!(checks_after(&pos, "c6", "c7") && checks_after(&pos, "c6", "d6"));
    assert!(!checks_after(&pos, "c6", "e5"));
    // Without the King nearby every Knight move is made.
    assert_eq!(destinations("7k/8/2C5/8/8/8/8/K7 w - - 0 1", "c6"), "a5 a7 b4 b6 b8 c5 c7 d4 d6 d8 e5 e7");
    // A discovered check counts: the Herald on e1 stands behind the Courier on e4 on the King's
    // file. Every Knight move opens the file (not made); the Wazir steps aside (d4, f4) are plain.
    assert_eq!(destinations("4k3/8/8/8/4C3/8/8/K3H3 w - - 0 1", "e4"), "d4 e3 e5 f4");
}

#[test]
fn no_mate_by_hand() {
    // The Herald `kkR+F` on a1 against the King on h8 behind its Pawns g7 h7: a8 would mate.
    let rook = "a2 a3 a4 a5 a6 a7 b1 b2 c1 d1 e1 f1 g1";
    assert_eq!(destinations("7k/6pp/8/8/8/8/8/H6K w - - 0 1", "a1"), rook);
    // Without the Pawn on g7 the King escapes to g7: a8 checks and is made.
    assert_eq!(destinations("7k/7p/8/8/8/8/8/H6K w - - 0 1", "a1"), "a2 a3 a4 a5 a6 a7 a8 b1 b2 c1 d1 e1 f1 g1");
    let pos = Rules::position("7k/7p/8/8/8/8/8/H6K w - - 0 1").expect("loads");
    assert!(checks_after(&pos, "a1", "a8"));
    // M125: a reply that checks back by `kk` is a reply; its own mate test is not run. The
    // Herald on c5 checks from c8; Black's one reply, its Herald on a8 taking c8, would mate the
    // King on c1 (Pawns on b1 b2 d1 d2, c2 on the open file), yet c8 is made.
    let fen = "h6k/6pp/8/2H5/8/8/1P1P4/1PKP4 w - - 0 1";
    assert_eq!(destinations(fen, "c5"), "a5 b4 b5 b6 c2 c3 c4 c6 c7 c8 d4 d5 d6 e5 f5 g5 h5");
}

// M127: a `kk` Knight in a variant with the bikjang rule (V8), whose Kings may pass.
const BIKJANG_PIECES: &str = "K|King|=K+O P|Pawn|=mfW+cfF B|Bishop|=B N|Nightmare|=kkN";

mbn::mbn! {
    variant BikjangMates {
        board: "8x8",
        start: "3pkp2/3p1p2/8/8/4N2B/8/8/4K3 w - - 0 1",
        pieces: "K|King|=K+O P|Pawn|=mfW+cfF B|Bishop|=B N|Nightmare|=kkN",
        royal: "K",
        bikjang: true,
    }
}

/// M127: while the Kings face each other, a pass is a reply to check (V8), so a `kk` move that
/// leaves the opponent only that pass does not mate. The Nightmare `kkN` on e4, Black's King on e8
/// walled in by its Pawns d8 f8 d7 f7 and e7 covered by the Bishop on h4: leaving the e-file opens it, and
/// `d6` checks. Black may pass, so `d6` is made (both back ends; before M127 the mate test did not
/// count the pass and refused it). With a Pawn on e2 the Kings do not face: `d6` mates and is not
/// made.
#[test]
fn a_pass_under_bikjang_is_a_reply() {
    let mut spec = VariantSpec::new("bikjang", 8, 8, "3pkp2/3p1p2/8/8/4N2B/8/8/4K3 w - - 0 1", BIKJANG_PIECES);
    spec.royal = "K".to_string();
    spec.bikjang = true;
    let interp = Interpreter::new(&Variant::compile(&spec).expect("compiles")).expect("runs");
    let knight = |fen: &str| {
        let pos = BikjangMates::position(fen).expect("loads");
        let moves = |g: &dyn MoveGenerator<u64>| {
            let mut list = MoveList::new();
            g.legal_moves(&pos, &mut list);
            let mut to: Vec<String> = list
                .iter()
                .filter(|mv| pos.geometry().square_name(mv.from()) == "e4")
                .map(|mv| pos.geometry().square_name(mv.to()))
                .collect();
            to.sort();
            to.join(" ")
        };
        let generated = moves(&BikjangMates);
        assert_eq!(generated, moves(&interp), "{fen}");
        generated
    };
    assert_eq!(knight("3pkp2/3p1p2/8/8/4N2B/8/8/4K3 w - - 0 1"), "c3 c5 d2 d6 f2 f6 g3 g5");
    assert_eq!(knight("3pkp2/3p1p2/8/8/4N2B/8/4P3/4K3 w - - 0 1"), "c3 c5 d2 f2 f6 g3 g5");
    // After `d6` Black's pass is its one legal move, and it ends the game (V8).
    let mut pos = BikjangMates::position("3pkp2/3p1p2/8/8/4N2B/8/8/4K3 w - - 0 1").expect("loads");
    let (mv, extra) = mbn::runtime::rules::parse_move(&BikjangMates, &pos, "e4d6").expect("legal");
    let _ = pos.make_with(mv, &extra);
    let mut list = MoveList::new();
    BikjangMates.legal_moves(&pos, &mut list);
    let replies: Vec<String> = list.iter().map(|mv| pos.uci(*mv, &[])).collect();
    assert_eq!(replies, ["e8e8"]);
}

#[test]
fn flips_by_hand() {
    // The Xenos `xN+mK` on d4: King steps, quiet Knight leaps, and flips of the enemy Usher on e6;
    // the enemy King on f5 is never flipped, the friend on c6 not by `x`.
    let fen = "8/8/2P1u3/5k2/3X4/8/8/K7 w - - 0 1";
    assert_eq!(destinations(fen, "d4"), "b3 b5 c2 c3 c4 c5 d3 d5 e2 e3 e4 e5 f3 ~e6");
    // Made and unmade: the Usher turns White and back.
    let mut pos = Rules::position(fen).expect("loads");
    let before = pos.to_fen();
    let mut list = MoveList::new();
    Rules.legal_moves(&pos, &mut list);
    let flip = *list.iter().find(|mv| mv.is_flip()).expect("a flip");
    // M129: the flip's text names the mover's square twice, as it stays, then the flipped one.
    assert_eq!(pos.uci(flip, &[]), "d4d4~e6");
    assert_eq!(mbn::runtime::rules::parse_move(&Rules, &pos, "d4d4~e6").expect("legal").0, flip);
    let undo = pos.make(flip);
    assert_eq!(pos.to_fen(), "8/8/2P1U3/5k2/3X4/8/8/K7 b - - 0 1");
    pos.unmake(flip, undo);
    assert_eq!(pos.to_fen(), before);
    // The Yeoman `xyD+mK` on d1 (quiet Dabbaba leaps, King steps) flips a piece of either side;
    // flipping the own Courier on d3 would let it check the own King on c1, so that flip is not
    // made; the own Usher there may be flipped.
    assert_eq!(destinations("7k/8/8/8/8/3C4/8/2KY4 w - - 0 1", "d1"), "b1 c2 d2 e1 e2 f1");
    assert_eq!(destinations("7k/8/8/8/8/3U4/8/2KY4 w - - 0 1", "d1"), "b1 c2 d2 e1 e2 f1 ~d3");
    // An enemy on f1 is flipped too (xy); the own King on b1 never is.
    assert_eq!(destinations("7k/8/8/8/8/8/8/1K1Y1p2 w - - 0 1", "d1"), "c1 c2 d2 d3 e1 e2 ~f1");
}

#[test]
fn start_position_perft_both_back_ends() {
    let interp = interpreter();
    for depth in 1..=3 {
        let mut pos = Rules::start_position();
        let generated = mbn::runtime::perft(&Rules, &mut pos, depth);
        assert_eq!(generated, mbn::runtime::perft(&interp, &mut pos, depth), "perft {depth}");
        eprintln!("Rules perft {depth}: {generated}");
    }
}

/// The random playouts of the differential test reach what these rules decide: flips, and `k`/`kk`
/// moves both made and refused by their rule (so agreeing there means something).
#[test]
fn random_playouts_exercise_the_rules() {
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut pos = Rules::start_position();
    let (mut flips, mut ruled, mut refused, mut unblocked_rides) = (0, 0, 0, 0);
    for ply in 0..3000 {
        let mut legal = MoveList::new();
        Rules.legal_moves(&pos, &mut legal);
        let mut pseudo = MoveList::new();
        Rules.pseudo_legal_moves(&pos, &mut pseudo);
        let mut scratch = pos.clone();
        for mv in pseudo.iter() {
            if mbn::runtime::rules::leaves_royals_safe(&Rules, &mut scratch, *mv, &[])
                && !mbn::runtime::rules::keeps_check_rule(&Rules, &mut scratch, *mv, &[])
            {
                refused += 1;
            }
        }
        flips += legal.iter().filter(|mv| mv.is_flip()).count();
        ruled += legal.iter().filter(|mv| mv.has_check_rule()).count();
        let g = pos.geometry();
        unblocked_rides += legal
            .iter()
            .filter(|mv| {
                let usher =
                    pos.piece_at(mv.from()).is_some_and(|p| pos.table().get(p.kind).is_some_and(|i| i.letter == 'U'));
                let far = g.file_of(mv.from()).abs_diff(g.file_of(mv.to()))
                    + g.rank_of(mv.from()).abs_diff(g.rank_of(mv.to()));
                usher && far > 1
            })
            .count();
        if legal.is_empty() || ply % 100 == 99 {
            pos = Rules::start_position();
            continue;
        }
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        let pick = (state.wrapping_mul(0x2545_f491_4f6c_dd1d) % legal.len() as u64) as usize;
        let _ = pos.make(legal.get(pick).expect("in range"));
    }
    eprintln!("flips {flips}, k/kk moves {ruled}, refused by their rule {refused}, Usher rides {unblocked_rides}");
    assert!(
        flips > 100 && ruled > 100 && refused > 10 && unblocked_rides > 100,
        "{flips} {ruled} {refused} {unblocked_rides}"
    );
}

/// The error messages of both back ends for a variant with the piece `A` (royal `K`).
fn refusals(notation: &str) -> (Vec<String>, Vec<String>) {
    let mut spec = VariantSpec::new("probe", 8, 8, "4k3/8/8/8/8/8/8/4K3 w - - 0 1", &format!("A={notation} K"));
    spec.royal = "K".to_string();
    let variant = Variant::compile(&spec).unwrap_or_else(|e| panic!("{notation}: {e:?}"));
    let interp = Interpreter::new(&variant).err().unwrap_or_default().into_iter().map(|d| d.message).collect();
    let generated = mbn::codegen::emit::emit_variant(&variant, "Probe", &Default::default())
        .err()
        .unwrap_or_default()
        .into_iter()
        .map(|d| d.message)
        .collect();
    (interp, generated)
}

#[test]
fn what_is_refused() {
    for (notation, message) in [
        ("cuR", "`u` on a leg that may not move"),
        // M116: `u` on hops and riders that stop on one square runs; beside a visit, swap, flip or
        // en passant capture it is refused.
        ("umjR", "`u` with a visit of enemies"),
        ("ujR-W", "`u` with a visit of enemies"),
        ("uj{P}R-W", "`u` with a visit of enemies"),
        // M118: swaps and flips of friends run; of enemies, and e.p. captures, never.
        ("uwK", "`u` with a swap or flip of enemies"),
        ("umxN", "`u` with a swap or flip of enemies"),
        ("uw{P}K", "`u` with a swap or flip of enemies"),
        ("mfW+ucefF", "`u` on an en passant capture (`ucefF`): `u` forbids capturing"),
        // M109: `u` runs on the legs of multi-leg moves, but not in a complex rider that turns
        // freely; M113: beside swaps, flips, visits and e.p. at the end of the path, not on the way.
        ("wK-uW-W", "`u` in a multi-leg move that also swaps or takes en passant on the way"),
        ("uW-cefF-W", "`u` in a multi-leg move that also swaps or takes en passant on the way"),
        ("(duK)0", "or move only when unblocked (`u`)"),
        // M107: a multi-leg move flips on its last leg, and not what the piece captures or swaps
        // with (`k` on such moves runs since M111); M126: or once on the way, on a leg another
        // leg always follows.
        ("K-{xW}-W", "`x` (flip) on a leg in a repeat, a `{...}` another leg follows or a counted `[...]`"),
        ("(xW-W)2", "two flips (`x`) in one move: a flipping rider or repeat flips on every round"),
        ("K-xR4", "two flips (`x`) in one move: a flipping rider or repeat flips on every round"),
        ("xW-xW", "two flips (`x`) in one move (M126)"),
        ("xK-{W}", "`x` (flip) on a leg the move may end on without it being the last leg"),
        ("xW-wW", "a swap (`w`) and a flip (`x`) in one move"),
        ("wW-xW", "a swap (`w`) and a flip (`x`) in one move"),
        ("xjW-W", "a leg that may both visit (`j`) and flip on the way"),
        ("xW-!W", "a flip on the way (`x`, M126) in a move with `!`"),
        ("xW-mefW-W", "en passant (`e`) in a move with a flip on the way"),
        ("xW-p{P}R", "hops over piece sets (`p{P}`) after a flip on the way"),
        ("cW-xF", "flips (`x`) and en passant (`e`) in a move that also captures on the way"),
        // M108: a repeat of null legs only stands still (the code generator panicked on
        // `R-(O[*])0*` and recursed without end on `R-(O)0*`; the interpreter made no move of
        // `R-(O)2`).
        ("R-(O)2", "a repeat whose time round is null legs only"),
        ("R-(O[*])0*", "a repeat whose time round is null legs only"),
        ("Z--#R-(O-[O])0*", "a repeat whose time round is null legs only"),
        ("R-([O])2", "a repeat whose time round is null legs only"),
        ("m{P}N", "a piece set after `m` (`m{P}W`) has no meaning in the seed"),
        // M128: `!` runs beside conditions and attacker sets, not beside `#`.
        ("!#W-cW", "the setup operator `!` on a leg with `#`"),
    ] {
        let (interp, generated) = refusals(notation);
        for errors in [&interp, &generated] {
            assert!(errors.iter().any(|m| m.contains(message)), "{notation}: {errors:?}");
        }
    }
    assert_eq!(refusals("upR+uR0*+uB*+uhQ+ugR+uppB+W-uR0*"), (Vec::new(), Vec::new()));
    assert_eq!(refusals("uwwK+uwyR"), (Vec::new(), Vec::new()));
    assert_eq!(refusals("uxxN+uxyB+mK"), (Vec::new(), Vec::new()));
    // M122: visits of friends (and of empty squares, `j?`) run.
    assert_eq!(refusals("ujjR-W+umjyB-F+uj?N-W+jj{P}W-uF"), (Vec::new(), Vec::new()));
    // `u` on the legs of multi-leg moves runs in both back ends (M109).
    assert_eq!(refusals("uW-W+W-uF+(cK-uK)+(uK)3+R-!uW+#kW-uF"), (Vec::new(), Vec::new()));
    assert_eq!(refusals("(!/a1/W-cW)+(!{Q}F-cF)+(mR-[!/{!P}e2/cW])"), (Vec::new(), Vec::new()));
    // M108 refuses only rounds that always stand still.
    assert_eq!(refusals("R-{Q}"), (Vec::new(), Vec::new()));
    assert_eq!(refusals("(K-O)2+([K])3+W-(W-O)0*"), (Vec::new(), Vec::new()));
    // Flips on the last leg of a multi-leg move run in both back ends (M107), and so do flips on
    // the way (M126), with captures on the way, `k`, `kk`, `#`, hops and cylinders beside them.
    assert_eq!(refusals("mW-xF"), (Vec::new(), Vec::new()));
    assert_eq!(
        refusals("(xW-W)+(cW-xxW-mW)+(K-[xyW]-W)+(kxF-F)+(kkxR-W)+(#xN-W)+(xpR-W)+(oxW-oW)"),
        (Vec::new(), Vec::new())
    );
    // A flip on the way is written `d4d6~d5`: the piece may capture what it flips on the way.
    assert_eq!(refusals("cK+(xW-W)"), (Vec::new(), Vec::new()));
    // M129: a capture (`d4e5`), a swap (`d4e5>d4`) and a flip (`d4d4~e5`) of the same piece are
    // three moves.
    assert_eq!(refusals("cN+(mW-xF)+mK+(mW-xxF)+(W-wwF)"), (Vec::new(), Vec::new()));
    assert_eq!(refusals("N+xN+cxN+xwN+K+wK"), (Vec::new(), Vec::new()));
    // M130: and on the way, a leg may take or swap with (or flip) the same piece.
    assert_eq!(refusals("(cwK-W)+(cxW-W)+(cwyR-mW)"), (Vec::new(), Vec::new()));
    // A last leg may both flip and swap (M76); only a swap or flip on the way is alone in its move.
    assert_eq!(refusals("mW-xwwF"), (Vec::new(), Vec::new()));
    assert_eq!(refusals("mK+(mF-[xxF])+xN"), (Vec::new(), Vec::new()));
    // `k` on multi-leg moves and on pieces with multi-leg moves runs in both back ends (M82).
    assert_eq!(refusals("kW-W"), (Vec::new(), Vec::new()));
    assert_eq!(refusals("kN+(W-fF)"), (Vec::new(), Vec::new()));
    assert_eq!(refusals("kk(W-F)0+(#kK-W)"), (Vec::new(), Vec::new()));
    // `#` on en passant captures runs in both back ends (M83).
    assert_eq!(refusals("mfW+#cefF"), (Vec::new(), Vec::new()));
    // `#` with `k` runs in both back ends (M77).
    assert_eq!(refusals("#kN+W"), (Vec::new(), Vec::new()));
    // `ii` on the legs of multi-leg moves runs in both back ends (M66).
    assert_eq!(refusals("iiW-F"), (Vec::new(), Vec::new()));
    // `k{...}` names the royal pieces that may not be checked: a set without the King is void.
    assert_eq!(refusals("k{Q}N+W"), (Vec::new(), Vec::new()));
    assert_eq!(refusals("k{K}N+W"), (Vec::new(), Vec::new()));
    // A lone piece has no enemies, check or colours.
    for notation in ["uR", "kN", "kkN", "xN", "kW-W", "mW-xF", "W-uF"] {
        let moves = mbn::codegen::compile_move(notation).expect("parses");
        let e =
            mbn::codegen::emit::emit_piece(&moves, mbn::runtime::Geometry::CHESS, "P", notation, &Default::default())
                .expect_err("refused");
        assert!(e.iter().any(|d| d.message.contains("need a position")), "{notation}: {e:?}");
    }
    // `u` and `x` on non-jumping leaps run in both back ends (M104), but for the code generator
    // not with ranges read at run time, nor on non-jumping riders; the interpreter runs those too.
    assert_eq!(refusals("nuA"), (Vec::new(), Vec::new()));
    assert_eq!(refusals("mK+nxN"), (Vec::new(), Vec::new()));
    for notation in ["nuA[:]", "nuN0", "mK+nxN0"] {
        let (interp, generated) = refusals(notation);
        assert!(
            interp.is_empty() && generated.iter().any(|m| m.contains("on non-jumping")),
            "{notation}: {generated:?}"
        );
    }
}

mbn::mbn! {
    variant Overlaps {
        board: "8x8",
        start: "zagkgaz1/pppppppp/8/8/8/8/PPPPPPPP/ZAGKGAZ1 w - - 0 1",
        pieces: "K|King| P|Pawn|=mfW+cfF G|Guard|=K+kR A|Archer|=W+kkQ Z|Zealot|=K+xxF",
        royal: "K",
        promotion_zone: "[8]",
        promotion_mandatory: true,
    }
}

/// Where a plain leg and a `k`/`kk`/`x` leg reach the same square, the move is made once, by the
/// plain leg (M33, M34): both back ends, by hand and on random positions.
#[test]
fn overlapping_rules_make_each_move_once() {
    let mut spec = VariantSpec::new(
        "overlaps",
        8,
        8,
        "zagkgaz1/pppppppp/8/8/8/8/PPPPPPPP/ZAGKGAZ1 w - - 0 1",
        "K|King| P|Pawn|=mfW+cfF G|Guard|=K+kR A|Archer|=W+kkQ Z|Zealot|=K+xxF",
    );
    spec.royal = "K".to_string();
    spec.promotion_zone = Some("[8]".to_string());
    spec.promotion_mandatory = true;
    let interp = Interpreter::new(&Variant::compile(&spec).expect("compiles")).expect("runs");
    // The Guard `K+kR` on d4, the enemy King on e8: the King steps e3 e4 e5 check (along the e
    // file) and are made, unflagged; the Rook moves d7 (a King's attack from there) and d8 would
    // check and are not.
    let pos = Overlaps::position("4k3/8/8/8/3G4/8/8/K7 w - - 0 1").expect("loads");
    let mut lists = Vec::new();
    for generated in [true, false] {
        let mut list = MoveList::new();
        if generated {
            Overlaps.legal_moves(&pos, &mut list);
        } else {
            interp.legal_moves(&pos, &mut list);
        }
        let mut text: Vec<String> = list
            .iter()
            .filter(|mv| pos.geometry().square_name(mv.from()) == "d4")
            .map(|mv| format!("{}{}", pos.geometry().square_name(mv.to()), if mv.has_check_rule() { "k" } else { "" }))
            .collect();
        text.sort();
        lists.push(text.join(" "));
    }
    assert_eq!(lists[0], lists[1]);
    assert_eq!(lists[0], "a4k b4k c3 c4 c5 d1k d2k d3 d5 d6k e3 e4 e5 f4k g4k h4k");
    // Random positions: the same moves, flags included, and the same counts.
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut pos = Overlaps::start_position();
    for ply in 0..2000 {
        let (mut a, mut b) = (MoveList::new(), MoveList::new());
        Overlaps.legal_moves(&pos, &mut a);
        interp.legal_moves(&pos, &mut b);
        let text = |l: &MoveList| {
            let mut t: Vec<String> = l.iter().map(|mv| format!("{}{:?}", pos.uci(*mv, &[]), mv.flags())).collect();
            t.sort();
            t
        };
        assert_eq!(text(&a), text(&b), "{}", pos.to_fen());
        assert_eq!(Overlaps.count_legal_moves(&pos, &mut MoveList::new()), a.len() as u64, "{}", pos.to_fen());
        if a.is_empty() || ply % 80 == 79 {
            pos = Overlaps::start_position();
            continue;
        }
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        let pick = (state.wrapping_mul(0x2545_f491_4f6c_dd1d) % a.len() as u64) as usize;
        let _ = pos.make(a.get(pick).expect("in range"));
    }
    for depth in 1..=3 {
        let mut pos = Overlaps::start_position();
        assert_eq!(
            mbn::runtime::perft(&Overlaps, &mut pos, depth),
            mbn::runtime::perft(&interp, &mut pos, depth),
            "perft {depth}"
        );
    }
}
