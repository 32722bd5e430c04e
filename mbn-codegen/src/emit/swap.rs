//! Swaps (MBN `w`, docs/SEMANTICS.md M24): the mover and the piece on the destination exchange
//! squares. They are always listed, never counted: the second piece moving (a royal, a pinned
//! piece, an enemy that attacks from its new square) escapes the counting shortcuts, so every
//! swap goes through the exact make-and-test legality check of `retain_legal`.

use super::Gen;
use crate::plan::PLeg;
use proc_macro2::TokenStream;
use quote::quote;

impl Gen {
    /// Pushing the swaps of `leg` from `from` to the squares of `targets` (in scope) that hold a
    /// piece it swaps with; `dest_ok` wraps a push in the leg's destination tests.
    pub(super) fn swap_moves(&self, leg: &PLeg, dest_ok: impl Fn(TokenStream) -> TokenStream) -> Option<TokenStream> {
        let swap = leg.swap.as_ref()?;
        let partners = self.pieces_of(std::slice::from_ref(&swap.targets))?;
        // `#` (M77): the swaps of a decisive leg end the game; `k`, `kk` (M33, M83): they carry
        // the leg's check rule.
        let decisive = self.decisive.then(|| quote!(.decisive()));
        let rule = self.check_rule.map(|mate_only| quote!(.no_check(#mate_only)));
        // Another leg of the piece may make the same swap (`dedup`): once.
        let ty = self.tables.mask_type(&self.rt);
        let (unseen, record) = match self.dedup {
            true => (quote!(&!seen_swaps), quote!(seen_swaps |= <#ty as Bitboard>::from_square(to);)),
            false => (quote!(), quote!()),
        };
        let push = dest_ok(quote!(out.push(Move::swap(from, to) #decisive #rule); #record));
        Some(quote! {
            let mut swaps = targets & #partners #unseen;
            while let Some(to) = swaps.pop_lowest() {
                #push
            }
        })
    }

    /// Pushing the flips (MBN `x`, docs/SEMANTICS.md M34) of `leg` from `from` to the squares of
    /// `targets` (in scope) that hold a piece it flips, never a royal one; listed and tested
    /// exactly, like swaps.
    pub(super) fn flip_moves(&self, leg: &PLeg, dest_ok: impl Fn(TokenStream) -> TokenStream) -> Option<TokenStream> {
        let flip = leg.flip.as_ref()?;
        let pieces = self.pieces_of(std::slice::from_ref(&flip.targets))?;
        let royal: Vec<u8> = (0..self.royal.len()).filter(|&k| self.royal[k]).map(|k| k as u8).collect();
        // `#` (M77) and `k`, `kk` (M111) as on swaps.
        let decisive = self.decisive.then(|| quote!(.decisive()));
        let rule = self.check_rule.map(|mate_only| quote!(.no_check(#mate_only)));
        let ty = self.tables.mask_type(&self.rt);
        let (unseen, record) = match self.dedup {
            true => (quote!(&!seen_flips), quote!(seen_flips |= <#ty as Bitboard>::from_square(to);)),
            false => (quote!(), quote!()),
        };
        let push = dest_ok(quote!(out.push(Move::flip(from, to) #decisive #rule); #record));
        Some(quote! {
            let mut flips = targets & #pieces #unseen #(& !pos.pieces(PieceKind(#royal), Color::White) & !pos.pieces(PieceKind(#royal), Color::Black))*;
            while let Some(to) = flips.pop_lowest() {
                #push
            }
        })
    }
}

#[cfg(test)]
mod tests {
    //! What the generator does with swaps (M24); their moves are compared with the interpreter's
    //! in `tests/generated_vs_interpreted.rs` and `tests/generated_pieces.rs`.
    use crate::emit::{emit_piece, emit_variant, EmitOptions};
    use crate::variant::{Variant, VariantSpec};
    use mbn_runtime::Geometry;

    /// The generated code of a variant with the piece `A`, or its error messages.
    fn variant(notation: &str) -> Result<String, Vec<String>> {
        let mut spec = VariantSpec::new("probe", 8, 8, "8/8/8/8/8/8/8/8 w - - 0 1", &format!("A={notation} K"));
        spec.royal = "K".to_string();
        spec.promotion_zone = None;
        let variant = Variant::compile(&spec).unwrap_or_else(|e| panic!("{notation}: {e:?}"));
        emit_variant(&variant, "Probe", &EmitOptions::default())
            .map(|t| t.to_string())
            .map_err(|e| e.into_iter().map(|d| d.message).collect())
    }

    #[test]
    fn swaps_are_listed_and_tested_exactly() {
        let code = variant("wK").expect("generated");
        assert!(code.contains("Move :: swap (from , to)"), "{code}");
        assert!(code.contains("mv . is_swap ()"), "the exact legality test takes swaps");
    }

    #[test]
    fn what_the_generator_refuses() {
        // M85: swaps on a non-jumping leap are walked as one-leg moves.
        let code = variant("nwA").expect("generated");
        assert!(code.contains("Move :: swap (from ,"), "{code}");
        assert!(variant("wnF").is_ok(), "a non-jumping king step is a plain leap");
        // M129: a capture and a swap of the same piece are two moves.
        let code = variant("K+wK").expect("generated");
        assert!(code.contains("Move :: swap (from , to)") && code.contains("Move :: capture (from , to)"), "{code}");
        let moves = crate::compile_move("wK").expect("parses");
        let e = emit_piece(&moves, Geometry::CHESS, "P", "wK", &EmitOptions::default()).expect_err("refused");
        assert!(e.iter().any(|d| d.message.contains("swaps (`w`) need a position")), "{e:?}");
    }
}
