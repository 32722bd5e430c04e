//! Threatened and unthreatened ranges (`[+]`, `[*]`) on multi-leg moves, in generated code
//! (docs/SEMANTICS.md M11, M78): hand-checked sets in both back ends, then generated =
//! interpreted on random playouts and at perft 1-3. Threats are decided without the moves whose
//! ranges read threats (M78), so both sides' Hunters and Raiders do not ask each other back.

mod common;

use common::agree::{assert_agree, piece_moves};
use common::test_variant;

test_variant! {
    /// The Sentry is a King that also goes a Xiangqi Horse's way to squares the enemy does not
    /// attack (`[*]` on the last leg); the Escaper is a King that may also go the Horse's way while
    /// it stands attacked (`[+]` on its first leg's origin); the Prowler rides up to three Mao
    /// leaps along a knight line quietly and stops on unattacked squares only (`[*]` on the whole
    /// repeat), or steps as a King. Their multi-leg moves never capture. The Hunter goes the
    /// Horse's way, moving or capturing, to squares the enemy does not attack (`[*]`), or steps
    /// as a King; the Raider goes it to squares the enemy attacks (`[+]`) or steps as a King
    /// without capturing.
    Threats, interpreter,
    START = "rhtskewr/pppppppp/8/8/8/8/PPPPPPPP/RHTSKEWR w - - 0 1",
    PIECES = "P|Pawn| N|Knight| B|Bishop| R|Rook| K|King| S|Sentry|=(W-mF[*])+K E|Escaper|=([+]mW-mF)+K \
        W|Prowler|=(W-mF)3[*]+K H|Hunter|=(W-F[*])+K T|Raider|=(W-F[+])+mK +P==NBRSEWHT",
}

test_variant! {
    /// M95: the same Hunter and Raider, and the Sniper `mK+cW[*]` (a King that captures
    /// orthogonally onto unattacked squares only), beside the Borrower (XBetza `xK`: the moves of
    /// the friends next to it) and the Imitator (`I`: the moves of the piece the opponent moved
    /// last). Threats are decided without the borrowed and imitated moves that read them too.
    Lending, lending_interpreter,
    LENDING_START = "rhzxkitr/pppppppp/8/8/8/8/PPPPPPPP/RHZXKITR w - - 0 1",
    LENDING_PIECES = "P|Pawn| N|Knight| B|Bishop| R|Rook| K|King| H|Hunter|=(W-F[*])+K T|Raider|=(W-F[+])+mK \
        Z|Sniper|=mK+cW[*] X|Borrower|=W I|Imitator|=W +P==NBRHTZ",
    xbetza: X = "xK", I = "I",
}

/// The moves of the piece on `from` in both back ends (asserted equal, with the whole position's).
fn moves(fen: &str, from: &str) -> String {
    piece_moves(&Threats, &interpreter(), &Threats::position(fen).expect("fen"), from)
}

#[test]
fn the_sentry_leaps_to_unattacked_squares_only() {
    // d4, a Black Rook on h6 sweeping the sixth rank: the Horse's c6 and e6 are attacked.
    assert_eq!(moves("4k3/8/7r/8/3S4/8/8/4K3 w - - 0 1", "d4"), "b3 b5 c2 c3 c4 c5 d3 d5 e2 e3 e4 e5 f3 f5");
    // No Rook: all eight Horse squares.
    assert_eq!(moves("4k3/8/8/8/3S4/8/8/4K3 w - - 0 1", "d4"), "b3 b5 c2 c3 c4 c5 c6 d3 d5 e2 e3 e4 e5 e6 f3 f5");
    // A Black pawn on e6 is no destination (the Horse's leg only moves), and the pawn attacks d5
    // and f5: f5 is left out, d5 stays a King's step (captures and steps need no range).
    assert_eq!(moves("4k3/8/4p3/8/3S4/8/8/4K3 w - - 0 1", "d4"), "b3 b5 c2 c3 c4 c5 c6 d3 d5 e2 e3 e4 e5 f3");
}

#[test]
fn the_escaper_leaps_while_attacked() {
    // Attacked along the fourth rank by the Rook on h4: the King's steps and the Horse's leaps.
    assert_eq!(moves("4k3/8/8/8/3E3r/8/8/4K3 w - - 0 1", "d4"), "b3 b5 c2 c3 c4 c5 c6 d3 d5 e2 e3 e4 e5 e6 f3 f5");
    // Not attacked: the King's steps only.
    assert_eq!(moves("4k3/8/8/8/3E4/8/8/4K3 w - - 0 1", "d4"), "c3 c4 c5 d3 d5 e3 e4 e5");
}

#[test]
fn the_prowler_stops_on_unattacked_squares_only() {
    // a1: its Mao rider goes along two knight lines, b3 c5 d7 and c2 e3 g4 (later rounds go on
    // the way the first went, M5). d7 is attacked by the Black King on e8: not a stop.
    assert_eq!(moves("4k3/8/8/8/8/8/8/W3K3 w - - 0 1", "a1"), "a2 b1 b2 b3 c2 c5 e3 g4");
    // A Black Rook on h3 sweeps the third rank: b3 and e3 are passed (c5 and g4 stay), not
    // stopped on.
    assert_eq!(moves("4k3/8/8/8/8/7r/8/W3K3 w - - 0 1", "a1"), "a2 b1 b2 c2 c5 g4");
}

#[test]
fn the_hunter_and_the_raider_read_threats_on_captures() {
    // d4, a Black Rook on c1 sweeping the c-file and the first rank: the Hunter's Horse squares
    // but c2 and c6 (M78's example), the Raider's only c2 and c6; both step as Kings.
    let board = |piece: char| format!("k7/8/8/8/3{piece}4/7K/8/2r5 w - - 0 1");
    assert_eq!(moves(&board('H'), "d4"), "b3 b5 c3 c4 c5 d3 d5 e2 e3 e4 e5 e6 f3 f5");
    assert_eq!(moves(&board('T'), "d4"), "c2 c3 c4 c5 c6 d3 d5 e3 e4 e5");
    // Black Rooks on c6 and e6 too: a square Black's own piece stands on is never threatened by
    // Black, so the Hunter takes both Rooks, the Raider neither; e2 is attacked down the e-file.
    let board = |piece: char| format!("k7/8/2r1r3/8/3{piece}4/7K/8/2r5 w - - 0 1");
    assert_eq!(moves(&board('H'), "d4"), "b3 b5 c3 c4 c5 d3 d5 e3 e4 e5 f3 f5 xc6 xe6");
    assert_eq!(moves(&board('T'), "d4"), "c2 c3 c4 c5 d3 d5 e2 e3 e4 e5");
}

/// M95: the Borrower on d4 next to its Hunter on d3 goes the Horse's way as the Hunter does, to
/// squares Black does not attack: a Black Rook on h6 takes away c6 and e6. The White Hunter on
/// d4 goes to e6 though Black's Borrower on f8 could go there by its Hunter's Horse move: that
/// move reads threats itself, so it threatens nothing (M78), borrowed or not.
#[test]
fn borrowed_threat_ranges_are_generated() {
    let cases = [
        ("4k3/8/8/8/3X4/3H4/8/4K3 w - - 0 1", "b3 b5 c3 c4 c5 c6 d5 e3 e4 e5 e6 f3 f5"),
        ("4k3/8/7r/8/3X4/3H4/8/4K3 w - - 0 1", "b3 b5 c3 c4 c5 d5 e3 e4 e5 f3 f5"),
        ("k4xh1/8/8/8/3H4/8/8/4K3 w - - 0 1", "b3 b5 c2 c3 c4 c5 c6 d3 d5 e2 e3 e4 e5 e6 f3 f5"),
    ];
    for (fen, expected) in cases {
        let pos = Lending::position(fen).unwrap();
        assert_eq!(piece_moves(&Lending, &lending_interpreter(), &pos, "d4"), expected, "{fen}");
    }
}

#[test]
fn generated_threat_ranges_agree_with_the_interpreter() {
    assert_agree("lending", &Lending, &lending_interpreter(), Lending::start_position());
    assert_agree("threat ranges", &Threats, &interpreter(), Threats::start_position());
}
