//! The differential test's tools: random playouts comparing a generated move generator with the
//! reference interpreter, and the small test variants' specs. Each test binary uses part of them.
#![allow(dead_code)]

use mbn::codegen::interp::Interpreter;
use mbn::codegen::variant::{Variant, VariantSpec};
use mbn::generated::Visitor;
use mbn::runtime::{perft, Bitboard, Move, MoveGenerator, MoveList, Position};

/// Positions compared per variant.
pub const POSITIONS: usize = 10_000;
/// Plies before a playout starts again from the start position.
pub const MAX_PLIES: usize = 120;

/// A small deterministic generator (xorshift64*), so failures reproduce.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
}

/// The legal moves of `generator` as sorted text with their flags.
pub fn moves<B: Bitboard, G: MoveGenerator<B>>(generator: &G, pos: &Position<B>) -> (MoveList, Vec<String>) {
    let mut list = MoveList::new();
    generator.legal_moves(pos, &mut list);
    let mut text: Vec<String> = list
        .iter()
        .map(|mv| format!("{}{:?}", mv.to_uci(pos.geometry(), pos.table(), list.extra_captures(mv)), mv.flags()))
        .collect();
    text.sort();
    (list, text)
}

/// The legal moves of `generator` in UCI that start with `prefix` (`c7`, `A@`), sorted, apart by
/// spaces.
pub fn moves_starting<B: Bitboard, G: MoveGenerator<B>>(generator: &G, pos: &Position<B>, prefix: &str) -> String {
    let (list, _) = moves(generator, pos);
    let mut out: Vec<String> =
        list.iter().map(|mv| mv.to_uci(pos.geometry(), pos.table(), &[])).filter(|m| m.starts_with(prefix)).collect();
    out.sort();
    out.join(" ")
}

/// The moves of the piece on `from`, each written by `write` (from the move list and the move),
/// sorted, apart by spaces; the two back ends must list the same moves of the whole position
/// ([`moves`]: flags and extra captures included).
pub fn piece_moves_by<B: Bitboard, G: MoveGenerator<B>>(
    generated: &G,
    interp: &Interpreter,
    pos: &Position<B>,
    from: &str,
    write: impl Fn(&MoveList, &Move) -> String,
) -> String {
    let (list, got) = moves(generated, pos);
    let (_, want) = moves(interp, pos);
    assert_eq!(got, want, "generated vs interpreted in {}", pos.to_fen());
    let g = pos.geometry();
    let mut to: Vec<String> =
        list.iter().filter(|mv| g.square_name(mv.from()) == from).map(|mv| write(&list, mv)).collect();
    to.sort();
    to.join(" ")
}

/// [`piece_moves_by`] with each move written by its destination, a flip (MBN `x`) as `~sq`, the
/// square of the piece it turns.
pub fn piece_moves_with_flips<B: Bitboard, G: MoveGenerator<B>>(
    generated: &G,
    interp: &Interpreter,
    pos: &Position<B>,
    from: &str,
) -> String {
    let g = pos.geometry();
    piece_moves_by(generated, interp, pos, from, |_, mv| {
        format!("{}{}", if mv.is_flip() { "~" } else { "" }, g.square_name(mv.to()))
    })
}

/// [`piece_moves_by`] with each move written by its destination, a swap (MBN `w`) as `wsq` and a
/// flip as `~sq`.
pub fn piece_moves_with_swaps_and_flips<B: Bitboard, G: MoveGenerator<B>>(
    generated: &G,
    interp: &Interpreter,
    pos: &Position<B>,
    from: &str,
) -> String {
    let g = pos.geometry();
    piece_moves_by(generated, interp, pos, from, |_, mv| {
        let mark = if mv.is_swap() {
            "w"
        } else if mv.is_flip() {
            "~"
        } else {
            ""
        };
        format!("{mark}{}", g.square_name(mv.to()))
    })
}

/// [`piece_moves_by`] with each move written as its destination (`x` before it for a capture
/// there), then `x` and each square taken on the way, `/` and the squares of a piece swapped on the
/// way (M63), `~` and the square of a piece turned on the way (M126): `d7xd5~d6`, `g4/f4d4`.
pub fn piece_moves_on_the_way<B: Bitboard, G: MoveGenerator<B>>(
    generated: &G,
    interp: &Interpreter,
    pos: &Position<B>,
    from: &str,
) -> String {
    let g = pos.geometry();
    piece_moves_by(generated, interp, pos, from, |list, mv| {
        let mut text = format!("{}{}", if mv.is_capture() { "x" } else { "" }, g.square_name(mv.to()));
        for &sq in list.extra_captures(mv) {
            text.push_str(&format!("x{}", g.square_name(sq)));
        }
        if let Some((s, t)) = mv.swapped() {
            text.push_str(&format!("/{}{}", g.square_name(s), g.square_name(t)));
        }
        if let Some(f) = mv.flipped() {
            text.push_str(&format!("~{}", g.square_name(f)));
        }
        text
    })
}

/// [`piece_moves_by`] with each move written `to`, `xto` or `to(xa,xb)` with its extra captures.
pub fn piece_moves<B: Bitboard, G: MoveGenerator<B>>(
    generated: &G,
    interp: &Interpreter,
    pos: &Position<B>,
    from: &str,
) -> String {
    let g = pos.geometry();
    piece_moves_by(generated, interp, pos, from, |list, mv| {
        let extra: Vec<String> = list.extra_captures(mv).iter().map(|&s| format!("x{}", g.square_name(s))).collect();
        let extra = if extra.is_empty() { String::new() } else { format!("({})", extra.join(",")) };
        format!("{}{}{extra}", if mv.is_capture() { "x" } else { "" }, g.square_name(mv.to()))
    })
}

/// Plays the moves `ucis` (UCI text) on `pos`, each as `generator` lists it.
pub fn play<B: Bitboard, G: MoveGenerator<B>>(generator: &G, pos: &mut Position<B>, ucis: &[&str]) {
    for uci in ucis {
        let mut list = MoveList::new();
        generator.legal_moves(pos, &mut list);
        let mv = *list.iter().find(|mv| pos.uci(**mv, &[]) == *uci).unwrap_or_else(|| panic!("{uci} is legal"));
        let _ = pos.make(mv);
    }
}

/// Generated = interpreted on [`POSITIONS`] random positions from `start`, and at perft 1-3.
pub fn assert_agree<B: Bitboard, G: MoveGenerator<B>>(
    name: &str,
    generated: &G,
    interp: &Interpreter,
    start: Position<B>,
) {
    assert_agree_on(name, generated, interp, start, POSITIONS);
}

/// [`assert_agree`] on `positions` random positions (for variants whose interpreter is slow).
pub fn assert_agree_on<B: Bitboard, G: MoveGenerator<B>>(
    name: &str,
    generated: &G,
    interp: &Interpreter,
    start: Position<B>,
    positions: usize,
) {
    let checked = Compare { name, interp, positions }.visit(generated, start.clone());
    assert_eq!(checked, positions);
    for depth in 1..=3 {
        let mut pos = start.clone();
        assert_eq!(perft(generated, &mut pos, depth), perft(interp, &mut pos, depth), "{name}: perft {depth}");
    }
}

/// The spec of a square test variant (`size` files and ranks) with the royal pieces `royal` ("" for
/// none) and promotions, mandatory, in `zone`: for specs a test builds without an `mbn!` twin.
pub fn test_spec(name: &str, size: u8, start: &str, pieces: &str, royal: &str, zone: &str) -> VariantSpec {
    let mut spec = VariantSpec::new(name, size, size, start, pieces);
    spec.royal = royal.to_string();
    spec.promotion_zone = Some(zone.to_string());
    spec.promotion_mandatory = true;
    spec
}

/// A field of an inline `mbn!` variant (`royal: "K"`, `drops: true`), set on a spec as the macro
/// sets it (`common::twin_variant!`). The macro has refused unknown fields before this runs.
pub trait SpecField {
    fn set_on(self, spec: &mut VariantSpec, key: &str);
}

/// The letter a piece is named by in `twin_variant!` (`P` of `P = "fmW"`).
pub fn letter(name: &str) -> char {
    name.chars().next().expect("a letter")
}

impl SpecField for &str {
    fn set_on(self, spec: &mut VariantSpec, key: &str) {
        let text = self.to_string();
        match key {
            "board" => {
                let size = |n: &str| n.parse().unwrap_or_else(|_| panic!("board `{self}`"));
                let (files, ranks) = self.split_once('x').unwrap_or_else(|| panic!("board `{self}`"));
                (spec.files, spec.ranks) = (size(files), size(ranks));
            }
            "start" => spec.start_fen = text,
            "pieces" => spec.pieces = text,
            "royal" => spec.royal = text,
            "castling_partners" => spec.castling_partners = text,
            "promotion_zone" => spec.promotion_zone = Some(text),
            "drop_no_doubled" => spec.drop_no_doubled = text,
            "drop_mate_illegal" => spec.drop_mate_illegal = text,
            _ => panic!("`{key}` is not a text field of a variant"),
        }
    }
}

impl SpecField for bool {
    fn set_on(self, spec: &mut VariantSpec, key: &str) {
        match key {
            "promotion_mandatory" => spec.promotion_mandatory = self,
            "drops" => spec.drops = self,
            "captures_to_hand" => spec.captures_to_hand = self,
            "immobility_illegal" => spec.immobility_illegal = self,
            "bikjang" => spec.bikjang = self,
            _ => panic!("`{key}` is not a flag of a variant"),
        }
    }
}

pub fn spec_interpreter(spec: &VariantSpec) -> Interpreter {
    let variant = Variant::compile(spec).expect("the test variant compiles");
    Interpreter::new(&variant).expect("the interpreter runs it")
}

/// Compares the generated code with `interp` on `positions` random positions (and perft 1-2).
pub struct Compare<'a> {
    pub name: &'a str,
    pub interp: &'a Interpreter,
    pub positions: usize,
}

impl Visitor for Compare<'_> {
    type Output = usize;

    fn visit<B: Bitboard, G: MoveGenerator<B>>(self, generated: &G, start: Position<B>) -> usize {
        for depth in 1..=2 {
            let mut pos = start.clone();
            assert_eq!(
                perft(generated, &mut pos, depth),
                perft(self.interp, &mut pos, depth),
                "{} perft {depth}",
                self.name
            );
        }
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15 ^ self.name.len() as u64);
        let mut pos = start.clone();
        let mut plies = 0;
        for checked in 0..self.positions {
            let (list, got) = moves(generated, &pos);
            let (_, want) = moves(self.interp, &pos);
            assert_eq!(got, want, "{}: position {checked}: {}", self.name, pos.to_fen());
            // Bulk counting (the last ply of perft) counts what it does not list.
            let mut scratch = MoveList::new();
            let counted = generated.count_legal_moves(&pos, &mut scratch);
            assert_eq!(counted, want.len() as u64, "{}: count at position {checked}: {}", self.name, pos.to_fen());
            if list.is_empty() || plies >= MAX_PLIES {
                pos = start.clone();
                plies = 0;
                continue;
            }
            let mv = list.get((rng.next() % list.len() as u64) as usize).expect("in range");
            let extra = list.extra_captures(&mv).to_vec();
            let _ = pos.make_with(mv, &extra);
            plies += 1;
        }
        self.positions
    }
}
