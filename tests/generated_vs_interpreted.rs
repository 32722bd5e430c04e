//! One IR, two back ends: for every bundled variant, the generated move generator and the reference
//! interpreter give the same legal moves (and the generated bulk count their number) on positions
//! reached by seeded random playouts, and the same perft counts from the start position.

use mbn::codegen::interp::Interpreter;
use mbn::codegen::variant::Variant;
use mbn::runtime::{perft, Bitboard, MoveGenerator, MoveList, Position};

/// Positions compared per variant.
const POSITIONS: usize = 10_000;
/// Plies before a playout starts again from the start position.
const MAX_PLIES: usize = 120;

/// A small deterministic generator (xorshift64*), so failures reproduce.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
}

/// The legal moves of `generator` as sorted text with their flags.
fn moves<B: Bitboard, G: MoveGenerator<B>>(generator: &G, pos: &Position<B>) -> (MoveList, Vec<String>) {
    let mut list = MoveList::new();
    generator.legal_moves(pos, &mut list);
    let mut text: Vec<String> = list
        .iter()
        .map(|mv| format!("{}{:?}", mv.to_uci(pos.geometry(), pos.table(), list.extra_captures(mv)), mv.flags()))
        .collect();
    text.sort();
    (list, text)
}

struct Compare<'a> {
    name: &'a str,
    interp: &'a Interpreter,
}

impl mbn::generated::Visitor for Compare<'_> {
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
        for checked in 0..POSITIONS {
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
        POSITIONS
    }
}

#[test]
fn every_bundled_variant_agrees_with_the_interpreter() {
    assert!(!mbn::generated::GENERATED.is_empty());
    let names: Vec<&str> = mbn::generated::GENERATED.to_vec();
    // Two threads: the machine has two cores.
    let chunks: Vec<Vec<&str>> =
        vec![names.iter().step_by(2).copied().collect(), names.iter().skip(1).step_by(2).copied().collect()];
    std::thread::scope(|s| {
        for chunk in &chunks {
            s.spawn(move || {
                for &name in chunk {
                    let text = mbn::variants::find(name).expect("generated variants are bundled");
                    let variant = Variant::from_toml(text, name).expect("bundled variants load");
                    let interp = Interpreter::new(&variant).expect("the interpreter runs bundled variants");
                    let checked = mbn::generated::visit(name, None, Compare { name, interp: &interp })
                        .expect("generated")
                        .expect("start position");
                    assert_eq!(checked, POSITIONS);
                }
            });
        }
    });
}
