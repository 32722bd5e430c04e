//! Probe boards: one piece under test, `A` (kind 0), on an empty 8x8 board with inert blockers
//! `Z` (kind 1, `mfW`), run by the interpreter; its moves written as the tests' expected sets are.

use mbn_codegen::interp::Interpreter;
use mbn_codegen::ir::MoveSet;
use mbn_codegen::variant::{Variant, VariantSpec};
use mbn_codegen::{compile_move_in, Diagnostic, Dialect};
use mbn_runtime::{Bitboard, Color, Geometry, Move, MoveList, Piece, PieceKind, Position};

/// `text` in `dialect`, compiled; a panic names it if it does not compile.
pub fn compile(dialect: Dialect, text: &str) -> MoveSet {
    compile_move_in(dialect, text).unwrap_or_else(|d| panic!("{dialect:?} `{text}`: {}", d[0].message))
}

/// The probe variant with `A` moving as `moves`.
pub fn probe_variant(moves: MoveSet) -> Variant {
    let mut spec = VariantSpec::new("probe", 8, 8, "8/8/8/8/8/8/8/8 w - - 0 1", "A=W Z=mfW");
    spec.promotion_zone = None;
    let mut variant = Variant::compile(&spec).unwrap_or_else(|d| panic!("{}", d[0].message));
    variant.moves[0] = [moves.clone(), moves];
    variant
}

/// A variant of XBetza pieces on an empty 8x8 board: `pieces` as a variant's `pieces` (letters,
/// names, promotions), each letter moving as `xbetza` says; `K` royal, promotion on the last rank
/// when `promotes`. With its interpreter, or the first message of the refusal of either.
pub fn xbetza_probe(pieces: &str, promotes: bool, xbetza: &[(char, &str)]) -> Result<(Variant, Interpreter), String> {
    let mut spec = VariantSpec::new("probe", 8, 8, "8/8/8/8/8/8/8/8 w - - 0 1", pieces);
    spec.royal = "K".to_string();
    spec.promotion_zone = promotes.then(|| "[8]".to_string());
    spec.xbetza = xbetza.iter().map(|&(c, s)| (c, s.to_string())).collect();
    let variant = Variant::compile(&spec).map_err(|e| e[0].message.clone())?;
    let interp = Interpreter::new(&variant).map_err(|e| e[0].message.clone())?;
    Ok((variant, interp))
}

/// [`probe_variant`] and its interpreter, or the interpreter's refusal.
pub fn probe(moves: MoveSet) -> Result<(Variant, Interpreter), Vec<Diagnostic>> {
    let variant = probe_variant(moves);
    let interp = Interpreter::new(&variant)?;
    Ok((variant, interp))
}

/// [`probe`] of `text` in `dialect`; a panic names it if the interpreter refuses it.
pub fn probe_of(dialect: Dialect, text: &str) -> (Variant, Interpreter) {
    probe(compile(dialect, text)).unwrap_or_else(|d| panic!("`{text}`: {}", d[0].message))
}

/// The empty probe board with `color`'s `A` on `from` (unmoved), blockers of its colour on
/// `friends` and of the other colour on `enemies` (square names apart by spaces).
pub fn board(variant: &Variant, color: Color, from: &str, friends: &str, enemies: &str) -> Position<u64> {
    let g = Geometry::CHESS;
    let mut pos = Position::<u64>::from_fen(&variant.table, g, "8/8/8/8/8/8/8/8 w - - 0 1").unwrap();
    let sq = |s: &str| g.parse_square(s).unwrap_or_else(|e| panic!("{s}: {e}"));
    for (list, c) in [(friends, color), (enemies, !color)] {
        for s in list.split_whitespace() {
            pos.put_piece(sq(s), Piece::new(PieceKind(1), c)).unwrap();
        }
    }
    pos.put_piece(sq(from), Piece::new(PieceKind(0), color)).unwrap();
    pos.set_unmoved(u64::from_square(sq(from)));
    pos
}

/// The interpreter's moves of the piece on `from` in `pos`.
pub fn piece_list<B: Bitboard>(interp: &Interpreter, pos: &Position<B>, from: &str) -> MoveList {
    let from = pos.geometry().parse_square(from).unwrap_or_else(|e| panic!("{from}: {e}"));
    let piece = pos.piece_at(from).unwrap_or_else(|| panic!("no piece on {from:?}"));
    let mut list = MoveList::new();
    interp.piece_moves(pos, from, piece, &mut list);
    list
}

/// `x` before a capture's destination, `w` before a swap's, nothing before a quiet move's.
pub fn mark(mv: &Move) -> &'static str {
    match (mv.is_capture(), mv.is_swap()) {
        (true, _) => "x",
        (_, true) => "w",
        _ => "",
    }
}

/// `mv` of `list` written as its destination after its [`mark`], then the squares it also
/// captures on the way, if any: `e6`, `xe6`, `we6`, `f6(xe5)`, `xf6(xd4,xe5)`.
pub fn write(g: Geometry, list: &MoveList, mv: &Move) -> String {
    let extra: Vec<String> = list.extra_captures(mv).iter().map(|&s| format!("x{}", g.square_name(s))).collect();
    let extra = if extra.is_empty() { String::new() } else { format!("({})", extra.join(",")) };
    format!("{}{}{extra}", mark(mv), g.square_name(mv.to()))
}

/// The moves of the piece on `from` in `pos`, each [`write`]n; sorted.
pub fn written<B: Bitboard>(interp: &Interpreter, pos: &Position<B>, from: &str) -> Vec<String> {
    let list = piece_list(interp, pos, from);
    let mut out: Vec<String> = list.iter().map(|mv| write(pos.geometry(), &list, mv)).collect();
    out.sort();
    out
}

/// The moves of White's piece `text` (in `dialect`) on `from` of a probe [`board`]: [`written`],
/// each once, apart by spaces.
pub fn moves_in(dialect: Dialect, text: &str, from: &str, friends: &str, enemies: &str) -> String {
    let (variant, interp) = probe_of(dialect, text);
    let mut out = written(&interp, &board(&variant, Color::White, from, friends, enemies), from);
    out.dedup();
    out.join(" ")
}

/// A square as (file, rank) from 0, for tests that compute destinations themselves.
pub type Coords = (i32, i32);

/// The name of a square given as [`Coords`].
pub fn square_name((x, y): Coords) -> String {
    format!("{}{}", (b'a' + x as u8) as char, y + 1)
}

/// A random probe board: the piece on a square drawn by `next`, each other square a friend with
/// chance 1/`one_in`, an enemy with the same chance, otherwise empty.
pub struct RandomBoard {
    pub from: Coords,
    pub friends: Vec<Coords>,
    pub enemies: Vec<Coords>,
    pub color: Color,
}

impl RandomBoard {
    /// The board for `color`, drawn by `next`.
    pub fn new(next: &mut impl FnMut() -> u64, color: Color, one_in: u64) -> Self {
        let from = ((next() % 8) as i32, (next() % 8) as i32);
        let (mut friends, mut enemies) = (Vec::new(), Vec::new());
        for s in (0..64).map(|i| (i % 8, i / 8)).filter(|&s| s != from) {
            match next() % one_in {
                0 => friends.push(s),
                1 => enemies.push(s),
                _ => {}
            }
        }
        RandomBoard { from, friends, enemies, color }
    }

    /// The interpreter's moves of the piece, [`written`].
    pub fn moves(&self, variant: &Variant, interp: &Interpreter) -> Vec<String> {
        let words = |v: &[Coords]| v.iter().map(|&s| square_name(s)).collect::<Vec<_>>().join(" ");
        let from = square_name(self.from);
        written(interp, &board(variant, self.color, &from, &words(&self.friends), &words(&self.enemies)), &from)
    }
}

impl std::fmt::Display for RandomBoard {
    /// `d4 (White), friends …, enemies …`, for assertion messages.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let words = |v: &[Coords]| v.iter().map(|&s| square_name(s)).collect::<Vec<_>>().join(" ");
        let (from, color) = (square_name(self.from), self.color);
        write!(f, "{from} ({color:?}), friends {}, enemies {}", words(&self.friends), words(&self.enemies))
    }
}
