//! Helpers shared by the integration tests. Each test binary uses part of them.
#![allow(dead_code)]

pub mod agree;
pub mod lone;

use mbn::runtime::{Bitboard, Move, MoveGenerator, MoveList, Position};

/// A test variant written once: its generated move generator `$name` (the inline `mbn!` variant
/// of the fields given) and `$interp()`, the reference interpreter of a spec built from the same
/// fields as `mbn!` builds it ([`agree::SpecField`]), so the two back ends cannot be handed two
/// different variants. Pieces written in XBetza and mobility regions follow in their own groups:
/// `xbetza { P = "fmWfcF" }`, `regions { K = "[d-f1-3]" }`.
#[allow(unused_macros)]
macro_rules! twin_variant {
    (
        $(#[$doc:meta])*
        $name:ident, $interp:ident {
            $($key:ident: $value:literal),+ $(,)?
        }
        $(xbetza { $($letter:ident = $notation:literal),+ $(,)? })?
        $(regions { $($region_of:ident = $region:literal),+ $(,)? })?
    ) => {
        mbn::mbn! {
            variant $name {
                $($key: $value,)+
                $($(piece $letter = xbetza $notation,)+)?
                $($(region $region_of = $region,)+)?
            }
        }

        $(#[$doc])*
        fn $interp() -> mbn::codegen::interp::Interpreter {
            let mut spec = mbn::codegen::variant::VariantSpec::new(stringify!($name), 8, 8, "", "");
            $($crate::common::agree::SpecField::set_on($value, &mut spec, stringify!($key));)+
            $($(spec.xbetza.push(($crate::common::agree::letter(stringify!($letter)), $notation.to_string()));)+)?
            $($(spec.regions.push(($crate::common::agree::letter(stringify!($region_of)), $region.to_string()));)+)?
            $crate::common::agree::spec_interpreter(&spec)
        }
    };
}
#[allow(unused_imports)]
pub(crate) use twin_variant;

/// An 8x8 test variant with King `K` and promotion, mandatory, on the last rank, from one text:
/// the constants holding its start and pieces, and the [`twin_variant!`] of those fields (its
/// generated move generator `$name` and `$interp()`, the reference interpreter of the same
/// variant). Castling partners follow `castling:`, pieces written in XBetza `xbetza:` (X43).
#[allow(unused_macros)]
macro_rules! test_variant {
    (
        $(#[$doc:meta])*
        $name:ident, $interp:ident,
        $start_const:ident = $start:tt,
        $pieces_const:ident = $pieces:tt,
        $(castling: $partners:tt,)?
        $(xbetza: $($letter:ident = $notation:tt),+ ,)?
    ) => {
        #[allow(dead_code)]
        const $start_const: &str = $start;
        $(#[$doc])*
        #[allow(dead_code)]
        const $pieces_const: &str = $pieces;

        $crate::common::twin_variant! {
            $name, $interp {
                board: "8x8",
                start: $start,
                pieces: $pieces,
                royal: "K",
                promotion_zone: "[8]",
                promotion_mandatory: true,
                $(castling_partners: $partners,)?
            }
            $(xbetza { $($letter = $notation),+ })?
        }
    };
}
#[allow(unused_imports)]
pub(crate) use test_variant;

/// A xorshift64 generator (13, 7, 17), so failures reproduce.
pub struct Xorshift(pub u64);

impl Xorshift {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// Plays `steps` random legal moves of `generator` from `start`, calling `visit` with each
/// position reached and its legal moves before the next move is drawn; the walk starts again
/// from `start` when a side has no move or after `restart` plies. Moves are drawn by xorshift
/// from `seed`, so a failure reproduces.
pub fn random_walk<B: Bitboard, G: MoveGenerator<B>>(
    generator: &G,
    start: &Position<B>,
    steps: usize,
    restart: usize,
    seed: u64,
    mut visit: impl FnMut(&Position<B>, &MoveList),
) {
    let (mut pos, mut plies, mut rng) = (start.clone(), 0, Xorshift(seed));
    for _ in 0..steps {
        let mut list = MoveList::new();
        generator.legal_moves(&pos, &mut list);
        visit(&pos, &list);
        if list.is_empty() || plies >= restart {
            (pos, plies) = (start.clone(), 0);
            continue;
        }
        let mv = list.get((rng.next() % list.len() as u64) as usize).expect("in range");
        let extra = list.extra_captures(&mv).to_vec();
        let _ = pos.make_with(mv, &extra);
        plies += 1;
    }
}

/// Makes and takes back each move of `list` in `pos`: every one must leave a consistent position
/// and be taken back exactly; `visit` sees each move with the position before it.
pub fn assert_make_unmake<B: Bitboard>(pos: &Position<B>, list: &MoveList, mut visit: impl FnMut(&Position<B>, Move)) {
    let mut pos = pos.clone();
    for mv in list.iter().copied() {
        let before = pos.clone();
        let undo = pos.make(mv);
        pos.check_consistency().unwrap_or_else(|e| panic!("{} in {}: {e}", before.uci(mv, &[]), before.to_fen()));
        pos.unmake(mv, undo);
        assert_eq!(pos, before, "{} in {}", pos.uci(mv, &[]), pos.to_fen());
        visit(&pos, mv);
    }
}

/// Random games of `generator` from `start` (`random_walk`'s `steps`, `restart`, `seed`), with
/// every listed move made and unmade: how many flips with a check rule (`k`, `kk`) were listed,
/// and how many pseudo-legal flips that leave the mover's royal pieces safe their rule refused.
/// Panics if a refused flip is listed.
pub fn flip_rule_tally<B: Bitboard, G: MoveGenerator<B>>(
    generator: &G,
    start: &Position<B>,
    (steps, restart, seed): (usize, usize, u64),
) -> (usize, usize) {
    use mbn::runtime::rules;
    let (mut ruled, mut refused) = (0, 0);
    random_walk(generator, start, steps, restart, seed, |pos, list| {
        ruled += list.iter().filter(|mv| mv.is_flip() && mv.has_check_rule()).count();
        let mut pseudo = MoveList::new();
        generator.pseudo_legal_moves(pos, &mut pseudo);
        let mut scratch = pos.clone();
        for mv in pseudo.iter().filter(|mv| mv.is_flip()) {
            if rules::leaves_royals_safe(generator, &mut scratch, *mv, &[])
                && !rules::keeps_check_rule(generator, &mut scratch, *mv, &[])
            {
                refused += 1;
                assert!(!list.iter().any(|m| m == mv), "{mv:?} is refused by its rule");
            }
        }
        assert_make_unmake(pos, list, |_, _| {});
    });
    (ruled, refused)
}
