//! Where promotion is optional, a move that starts or ends in the zone may promote, and one that
//! ends where the piece could never move again must (docs/SEMANTICS.md V4, V5): en passant captures
//! and moves with captures on the way too (M139). Both back ends, by hand and on random positions.

mod common;

use common::agree::{assert_agree, piece_moves_by, play};

common::twin_variant! {
    Zone, interpreter {
        board: "8x8",
        start: "4k3/ppcpplpp/8/8/8/8/PPCPPLPP/4K3 w - - 0 1",
        pieces: "K|King| P|Pawn| Q|Queen| C|Checker|=cW-mW L|Leaper|=fcW-mW +P==Q +C==Q +L==Q",
        royal: "K",
        promotion_zone: "[6-8]",
        promotion_mandatory: false,
        immobility_illegal: true,
    }
}

/// The moves of the piece on `from` after `ucis` from `fen`, in UCI with the squares captured on
/// the way (`xe5`) and `:ep` after an en passant capture.
fn after(fen: &str, ucis: &[&str], from: &str) -> String {
    let mut pos = Zone::position(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    play(&Zone, &mut pos, ucis);
    piece_moves_by(&Zone, &interpreter(), &pos, from, |list, mv| {
        let ep = if mv.is_en_passant() { ":ep" } else { "" };
        pos.uci(*mv, list.extra_captures(mv)) + ep
    })
}

/// After d7-d5 the Pawn on e5 takes en passant on d6, in the zone: as its step to e6, the capture
/// may stay a Pawn or promote (generated code listed it unpromoted only).
#[test]
fn an_en_passant_capture_in_the_zone_may_promote() {
    assert_eq!(after("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1", &["d7d5"], "e5"), "e5d6:ep e5d6q:ep e5e6 e5e6q");
}

/// The Checker on e6 jumps the Pawn on e5 to e4: the move starts in the zone, so it may promote
/// (generated code listed only the plain move when captures on the way ended it outside).
#[test]
fn a_capture_on_the_way_out_of_the_zone_may_promote() {
    assert_eq!(after("4k3/8/4C3/4p3/8/8/8/4K3 w - - 0 1", &[], "e6"), "e6e4qxe5 e6e4xe5");
}

/// The Leaper `fcW-mW` jumps forward only: from d4 over d5 to d6 it may promote; from e5 over e6
/// to e7 it must, since it could never move from the seventh rank (generated code also listed the
/// plain move, to a square it could not leave).
#[test]
fn a_capture_on_the_way_to_a_dead_square_must_promote() {
    assert_eq!(after("4k3/8/4p3/3pL3/3L4/8/8/4K3 w - - 0 1", &[], "d4"), "d4d6qxd5 d4d6xd5");
    assert_eq!(after("4k3/8/4p3/3pL3/3L4/8/8/4K3 w - - 0 1", &[], "e5"), "e5e7qxe6");
}

/// Both back ends on random positions (flags and captures on the way included) and perft 1-3.
#[test]
fn generated_zone_promotions_agree_with_the_interpreter() {
    assert_agree("zone", &Zone, &interpreter(), Zone::start_position());
}
