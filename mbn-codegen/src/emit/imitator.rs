//! XBetza Imitators (`I`, docs/SEMANTICS.md X62) in generated code: an Imitator makes, from its
//! own square, the single legs its imitation of the position's `imitated()` kind allows (one
//! `match` arm per imitable kind), promoting by its own rule and capturing en passant what the
//! imitated kind would. Attacks: per Imitator of the attacking side, the imitated captures from
//! its square. As with borrowing (X44), every move's legality is made and tested and the move list
//! deduplicated; imitated multi-leg moves are refused (the interpreter runs them).

use super::{multileg, Gen, Shape};
use crate::ir::Side;
use mbn_runtime::Color;
use proc_macro2::TokenStream;
use quote::quote;

impl Gen {
    /// Whether the variant has an Imitator.
    pub(super) fn imitates(&self) -> bool {
        self.imitations.iter().any(Option::is_some)
    }

    /// Refuses what the generated code does not imitate: imitated moves that need the multi-leg
    /// walker.
    pub(super) fn check_imitations(&mut self) {
        let mut refused = Vec::new();
        for per_color in self.imitations.iter().flatten() {
            for (c, per_kind) in per_color.iter().enumerate() {
                for (k, imitated) in per_kind.iter().enumerate() {
                    let color = Color::ALL[c];
                    let (_, walked) = multileg::split((imitated.legs.clone(), Vec::new()), color);
                    if !imitated.multi.is_empty() || !walked.is_empty() {
                        refused.push((imitated.span, k));
                    }
                }
            }
        }
        refused.sort_by_key(|&(span, k)| (span.start, k));
        refused.dedup_by_key(|&mut (span, k)| (span.start, k));
        for (span, k) in refused {
            let letter = self.letters.get(k).copied().unwrap_or('?');
            self.diagnostics.push(
                crate::diagnostic::Diagnostic::new(
                    span,
                    format!(
                        "XBetza `I` imitating `{letter}`, whose moves need the multi-leg walker: not generated yet"
                    ),
                )
                .with_help("mbn's interpreter runs it (`mbn perft`); the code generator imitates single legs"),
            );
        }
    }

    /// The moves of an Imitator of `kind` and `color` on `from` (in the loop of `us`), or `None`
    /// for a kind that does not imitate.
    pub(super) fn imitated_moves(&mut self, kind: usize, color: Color) -> Option<TokenStream> {
        let per_kind = self.imitations.get(kind)?.as_ref()?[color.index()].clone();
        let dedup = std::mem::replace(&mut self.dedup, false);
        let mut arms = Vec::new();
        for (k, imitated) in per_kind.iter().enumerate() {
            self.ep_kind = Some(k);
            let code: Vec<TokenStream> =
                imitated.legs.iter().filter_map(|leg| self.leg_moves(leg, kind, color, false)).collect();
            self.ep_kind = None;
            if !code.is_empty() {
                let k = k as u8;
                arms.push(quote!(Some(PieceKind(#k)) => { #(#code)* }));
            }
        }
        self.dedup = dedup;
        Some(quote! {
            match pos.imitated() {
                #(#arms)*
                _ => {}
            }
        })
    }

    /// Statements of `attacked_in` returning `true` when an Imitator of `color` captures on `sq`
    /// by its imitation (given `occ`, `exclude`); `plain`: without legs with attacker sets.
    pub(super) fn imitated_attacks(&mut self, color: Color, plain: bool) -> TokenStream {
        let rt = self.rt.clone();
        let ty = self.tables.mask_type(&rt);
        let mut code = Vec::new();
        for (kind, per_color) in self.imitations.clone().iter().enumerate() {
            let Some(per_color) = per_color else { continue };
            let mut arms = Vec::new();
            for (k, imitated) in per_color[color.index()].iter().enumerate() {
                let mut tests = Vec::new();
                for leg in &imitated.legs {
                    if leg.captures.iter().all(|t| t.side == Side::Friend) || (plain && !leg.attackers.is_empty()) {
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
                if !tests.is_empty() {
                    let k = k as u8;
                    arms.push(quote! {
                        Some(PieceKind(#k)) => {
                            while let Some(from) = imitators.pop_lowest() {
                                #(#tests)*
                            }
                        }
                    });
                }
            }
            if arms.is_empty() {
                continue;
            }
            let i = kind as u8;
            code.push(quote! {{
                #[allow(unused_variables)]
                let (us, them) = (by, !by);
                let mut imitators = pos.pieces(PieceKind(#i), by) & !exclude;
                if imitators != <#ty as Bitboard>::EMPTY {
                    match pos.imitated() {
                        #(#arms)*
                        _ => {}
                    }
                }
            }});
        }
        quote!(#(#code)*)
    }
}
