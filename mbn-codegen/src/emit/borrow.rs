//! XBetza borrowing (`xK`, docs/SEMANTICS.md X29) in generated code: a piece whose `x` leg
//! reaches friends makes, from its own square, the moves of their kinds (their single legs but
//! their borrowing, their multi-leg moves but those they induce), promoting by its own rule.
//!
//! Moves: per borrower, the kinds lent by the friends its `x` legs reach, each kind's legs
//! generated from the borrower's square; the list is deduplicated afterwards (a move both owned
//! and borrowed is one move). Attacks: per borrower of the attacking side, the lenders' captures
//! from its square. Legality is then settled by making each move (`retain_legal`), as borrowed
//! lines are neither in the attack map nor in the pin test.

use super::{Counted, Gen, Shape};
use crate::plan::{flat_steps, PLeg, PMove};
use mbn_runtime::Color;
use proc_macro2::TokenStream;
use quote::quote;

/// Whether any piece of `color` borrows: by a one-leg `x` (X29) or after a path (X83).
pub(super) fn borrows(legs: &[[Vec<PLeg>; 2]], multi: &[[Vec<PMove>; 2]], color: Color) -> bool {
    legs.iter().any(|per_color| per_color[color.index()].iter().any(|l| l.borrow))
        || multi.iter().any(|per_color| per_color[color.index()].iter().any(crate::plan::borrows))
}

/// The multi-leg moves a kind lends: those it does not induce (X28).
fn lent(moves: &[PMove]) -> Vec<PMove> {
    moves
        .iter()
        .filter(|m| {
            let mut steps = Vec::new();
            flat_steps(&m.parts, &mut steps);
            !steps.iter().any(|s| s.excite)
        })
        .cloned()
        .collect()
}

impl Gen {
    /// The friends of `side` the `x` legs of a piece of `kind` on `from` reach (given `occ`), or
    /// `None` for a piece that does not borrow.
    fn lenders(&mut self, legs: &[PLeg], kind: usize, color: Color, side: TokenStream) -> Option<TokenStream> {
        let rt = self.rt.clone();
        let ty = self.tables.mask_type(&rt);
        let mut parts = Vec::new();
        // X83: the friends its borrowing paths (`mNaxN`) find, walked as its multi-leg moves are.
        let paths: Vec<PMove> = self
            .multi
            .get(kind)
            .map(|m| m[color.index()].iter().filter(|m| crate::plan::borrows(m)).cloned().collect())
            .unwrap_or_default();
        if !paths.is_empty() {
            let (walk, _) = self.multi_code(&paths, kind, color, super::multileg::Sink::Lenders)?;
            let ii = paths
                .iter()
                .any(crate::plan::has_decaying)
                .then(|| quote!(let ii = unmoved && !pos.decayed().test(from);));
            parts.push(quote! {{
                #[allow(unused_variables)]
                let own = pos.by_color(#side) & occ;
                #[allow(unused_variables)]
                let enemy = occ & !own;
                let occ0 = occ & !<#ty as Bitboard>::from_square(from);
                #[allow(unused_variables)]
                let unmoved = pos.unmoved().test(from);
                #ii
                #[allow(unused_variables, unused_mut)]
                let mut found = 0u32;
                let mut lent = <#ty as Bitboard>::EMPTY;
                #walk
                lent
            }});
        }
        for leg in legs.iter().filter(|l| l.borrow) {
            let shape = self.shape(leg)?;
            let targets = self.targets(leg, &shape, &quote!(from), &quote!(occ));
            let mut guards = vec![quote!(true)];
            if leg.initial {
                let ready = self.initial_mask(leg, true);
                guards.push(quote!(#ready.test(from)));
            }
            for r in &leg.origin {
                guards.push(self.range_test(r, &quote!(from), color));
            }
            let dest: Vec<TokenStream> =
                leg.destination.iter().map(|r| self.range_test(r, &quote!(to), color)).collect();
            let reached = if dest.is_empty() {
                quote!(#targets)
            } else {
                quote! {{
                    let mut kept = <#ty as Bitboard>::EMPTY;
                    let mut set = #targets;
                    while let Some(to) = set.pop_lowest() {
                        if #(#dest)&&* { kept |= <#ty as Bitboard>::from_square(to); }
                    }
                    kept
                }}
            };
            parts.push(quote!(if #(#guards)&&* { #reached } else { <#ty as Bitboard>::EMPTY }));
        }
        if parts.is_empty() {
            return None;
        }
        Some(quote!(((<#ty as Bitboard>::EMPTY #(| #parts)*) & pos.by_color(#side) & occ)))
    }

    /// The moves a piece of `kind` and `color` on `from` borrows (in the loop of `side`, after
    /// its own moves, which start at `start`), or `None` when it does not borrow.
    pub(super) fn borrowed_moves(&mut self, legs: &[[Vec<PLeg>; 2]], kind: usize, color: Color) -> Option<TokenStream> {
        let lenders = self.lenders(&legs[kind][color.index()], kind, color, quote!(us))?;
        let rt = self.rt.clone();
        let ty = self.tables.mask_type(&rt);
        let dedup = std::mem::replace(&mut self.dedup, false);
        let mut per_kind = Vec::new();
        for (lender, per_color) in legs.iter().enumerate() {
            let mut code: Vec<TokenStream> = Vec::new();
            // The moves are made as the lender's kind: its `e` takes a piece of that kind (X105).
            self.ep_kind = Some(lender);
            for leg in per_color[color.index()].iter().filter(|l| !l.borrow) {
                code.extend(self.leg_moves(leg, kind, color, false));
            }
            let moves = lent(&self.multi.get(lender).map(|m| m[color.index()].clone()).unwrap_or_default());
            if !moves.is_empty() {
                code.push(self.multi_moves(&moves, kind, color, true));
            }
            self.ep_kind = None;
            if code.is_empty() {
                continue;
            }
            let l = lender as u8;
            per_kind.push(quote! {
                if (lent & pos.pieces(PieceKind(#l), us)) != <#ty as Bitboard>::EMPTY {
                    #(#code)*
                }
            });
        }
        self.dedup = dedup;
        Some(quote! {{
            let lent = #lenders;
            if lent != <#ty as Bitboard>::EMPTY {
                #(#per_kind)*
            }
        }})
    }

    /// Statements of `attacked_in` returning `true` when a borrower of `color` captures on `sq`
    /// with a lent move (given `occ`, `exclude`); `plain`: without legs with attacker sets.
    pub(super) fn borrowed_attacks(&mut self, legs: &[[Vec<PLeg>; 2]], color: Color, counted: Counted) -> TokenStream {
        let plain = counted == Counted::Plain;
        let rt = self.rt.clone();
        let ty = self.tables.mask_type(&rt);
        let mut code = Vec::new();
        for kind in 0..legs.len() {
            let Some(lenders) = self.lenders(&legs[kind][color.index()], kind, color, quote!(by)) else { continue };
            let k = kind as u8;
            let mut per_kind = Vec::new();
            for (lender, per_color) in legs.iter().enumerate() {
                let lent_legs: Vec<PLeg> = per_color[color.index()].iter().filter(|l| !l.borrow).cloned().collect();
                let mut tests = self.foreign_leg_attacks(&lent_legs, kind, color, plain);
                let mut moves = lent(&self.multi.get(lender).map(|m| m[color.index()].clone()).unwrap_or_default());
                // M55, M78: as the lender's own moves in `attacked_in_plain` and `_threats`.
                moves.retain(|m| counted.counts(m));
                if !moves.is_empty() {
                    tests.extend(self.foreign_walk_attacks(&moves, kind, color));
                }
                if tests.is_empty() {
                    continue;
                }
                let l = lender as u8;
                per_kind.push(quote! {
                    if (lent & pos.pieces(PieceKind(#l), by) & !lend_exclude) != <#ty as Bitboard>::EMPTY {
                        #(#tests)*
                    }
                });
            }
            code.push(quote! {{
                #[allow(unused_variables)]
                let (us, them) = (by, !by);
                // A lent `gg` leg (M69) passes over the borrower's friends.
                #[allow(unused_variables)]
                let own = pos.by_color(by);
                let mut borrowers = pos.pieces(PieceKind(#k), by) & !exclude;
                while let Some(from) = borrowers.pop_lowest() {
                    let lent = #lenders & !lend_exclude;
                    if lent != <#ty as Bitboard>::EMPTY {
                        #(#per_kind)*
                    }
                }
            }});
        }
        quote!(#(#code)*)
    }

    /// Tests of `attacked_in` returning `true` when the single legs `legs` of another kind, made
    /// by a piece of `kind` and `color` on `from` (borrowed, X29, or imitated, X62), capture on
    /// `sq`; `plain`: without legs with attacker sets.
    pub(super) fn foreign_leg_attacks(
        &mut self,
        legs: &[PLeg],
        kind: usize,
        color: Color,
        plain: bool,
    ) -> Vec<TokenStream> {
        let mut tests = Vec::new();
        for leg in legs {
            if leg.captures.iter().all(|t| t.side == crate::ir::Side::Friend) || (plain && !leg.attackers.is_empty()) {
                continue;
            }
            let Some(shape) = self.shape(leg).map(Shape::capturing) else { continue };
            let forward = self.targets(leg, &shape, &quote!(from), &quote!(occ));
            let mut conditions = vec![quote!((#forward).test(sq)), self.victim_test(leg)];
            if leg.initial {
                let ready = self.initial_mask(leg, false);
                conditions.push(quote!(#ready.test(from)));
            }
            for r in &leg.origin {
                conditions.push(self.range_test(r, &quote!(from), color));
            }
            for r in &leg.destination {
                conditions.push(self.range_test(r, &quote!(sq), color));
            }
            conditions.extend(self.conditions_test(leg, quote!(by)));
            if !leg.attackers.is_empty() {
                conditions.push(self.escapes(leg, kind as u8, quote!(by), quote!(occ)));
            }
            tests.push(quote!(if #(#conditions)&&* { return true; }));
        }
        tests
    }

    /// A test of `attacked_in` returning `true` when the multi-leg moves `moves` of another kind,
    /// walked for a piece of `kind` and `color` on `from`, capture on `sq`; `None` when the walker
    /// does not run them (reported).
    pub(super) fn foreign_walk_attacks(&mut self, moves: &[PMove], kind: usize, color: Color) -> Option<TokenStream> {
        if moves.is_empty() {
            return None;
        }
        let (walk, _) = self.multi_code(moves, kind, color, super::multileg::Sink::Attack)?;
        let rt = self.rt.clone();
        let ty = self.tables.mask_type(&rt);
        // `ii` (M66): attacks while the right stands, in check or not.
        let ii =
            moves.iter().any(crate::plan::has_decaying).then(|| quote!(let ii = unmoved && !pos.decayed().test(from);));
        Some(quote! {{
            let own = pos.by_color(by) & occ & !lend_exclude;
            let occ_h = occ | <#ty as Bitboard>::from_square(sq);
            let enemy = occ_h & !own;
            let occ0 = occ_h & !<#ty as Bitboard>::from_square(from);
            let unmoved = pos.unmoved().test(from);
            #ii
            let mut found = 0u32;
            #walk
        }})
    }
}
