//! Pieces of the specification's tables (§6, §12, §14, §15), compiled by `mbn!` into single-piece
//! generators, give the same destinations as the reference interpreter on random boards.

use mbn::codegen::interp::Interpreter;
use mbn::codegen::variant::{Variant, VariantSpec};
use mbn::runtime::{Bitboard, Color, Geometry, MoveList, Piece, PieceKind, Position, Square};

macro_rules! pieces {
    ($($name:ident = $notation:literal),* $(,)?) => {
        $(mbn::mbn! { piece $name = $notation on "8x8"; })*
        /// `(notation, generated moves)` for every piece.
        const PIECES: &[(&str, fn(Square, u64, u64) -> (u64, u64))] = &[$(($notation, $name::moves)),*];
    };
}

pieces! {
    Wazir = "W", Ferz = "F", Dabbaba = "D", Knight = "N", Alfil = "A", Threeleaper = "H", Camel = "C",
    Zebra = "Z", Tripper = "T", Bishop = "B", Rook = "R", Queen = "Q", King = "K", Empress = "E",
    Janus = "I", Marshall = "M", Vizir = "V", OldTripper = "G", OldZebra = "J", OldCamel = "L",
    ShortRook = "W4", Nightrider = "N0", ExactDabbaba = "D03", ForwardPawnStep = "mfW", CaptureDiagonal = "cfF",
    StrictKnight = "ffN", LeftForward = "(lf)N", HexRook = "F0+vD0", HexBishop = "sC0+vD0",
    HexKnight = "vC+s:1,5:+s:2,4:", LongLeaper = ":1,4:", Cannon = "mR+pcR", FlyingGoldCannon = "mR+pRD+F",
    Crocodile = "K+fR[1-4]+bR[4]", Dolphin = "[1-5]fW+[6]bB", Grasshopperish = "ppQ", Rampant = "R4",
    Amazon = "QN", KnightRook = "fsW2+bN",
}

/// Destinations of the interpreter: the piece on `from`, White friends and Black enemies elsewhere.
fn interpreted(notation: &str, from: Square, friends: u64, enemies: u64) -> (u64, u64) {
    let mut spec = VariantSpec::new("probe", 8, 8, "8/8/8/8/8/8/8/8 w - - 0 1", &format!("A={notation} Z=mfW"));
    spec.promotion_zone = None;
    let variant = Variant::compile(&spec).unwrap_or_else(|e| panic!("{notation}: {e:?}"));
    let interp = Interpreter::new(&variant).unwrap_or_else(|e| panic!("{notation}: {e:?}"));
    let mut pos = Position::<u64>::from_fen(&variant.table, Geometry::CHESS, "8/8/8/8/8/8/8/8 w - - 0 1").unwrap();
    for (set, color) in [(friends, Color::White), (enemies, Color::Black)] {
        for sq in set.squares() {
            pos.put_piece(sq, Piece::new(PieceKind(1), color)).unwrap();
        }
    }
    let piece = Piece::new(PieceKind(0), Color::White);
    pos.put_piece(from, piece).unwrap();
    pos.set_unmoved(u64::from_square(from));
    let mut list = MoveList::new();
    interp.piece_moves(&pos, from, piece, &mut list);
    let (mut quiet, mut captures) = (0u64, 0u64);
    for mv in list.iter() {
        if mv.is_capture() {
            captures.set(mv.to());
        } else {
            quiet.set(mv.to());
        }
    }
    (quiet, captures)
}

#[test]
fn generated_pieces_agree_with_the_interpreter_on_random_boards() {
    let mut state = 0x1234_5678_9abc_def0_u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for &(notation, generated) in PIECES {
        for _ in 0..200 {
            let from = Square((next() % 64) as u16);
            let occupied = next() & next() & !u64::from_square(from);
            let friends = occupied & next();
            let enemies = occupied & !friends;
            let got = generated(from, friends, enemies);
            let want = interpreted(notation, from, friends, enemies);
            assert_eq!(got, want, "`{notation}` from {from:?}, friends {friends:#x}, enemies {enemies:#x}");
        }
    }
}
