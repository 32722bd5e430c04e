//! XBetza Imitators (`I`, docs/SEMANTICS.md X62) in generated code: an Imitator makes, from its
//! own square, the moves its imitation of the position's `imitated()` kind allows (one `match` arm
//! per imitable kind): single legs from the tables, multi-leg moves (and single legs the tables do
//! not cover) by the multi-leg walker, promoting by its own rule and capturing en passant what the
//! imitated kind would. Attacks: per Imitator of the attacking side, the imitated captures from
//! its square. As with borrowing (X44), every move's legality is made and tested and the move list
//! deduplicated (X76: moves with captures on the way as the interpreter does, by their squares).

use super::{multileg, Counted, Gen};
use crate::plan::imitation::PImitated;
use crate::plan::PMove;
use mbn_runtime::Color;
use proc_macro2::TokenStream;
use quote::quote;

/// An imitation's single legs for the tables and its walked moves, grouped by the colour they
/// were prepared for (`b` imitations: the other colour's, X62).
fn split(imitated: &PImitated, color: Color) -> (Vec<crate::plan::PLeg>, Vec<(Color, Vec<PMove>)>) {
    let (legs, walked) = multileg::split((imitated.legs.clone(), imitated.multi.clone()), color);
    let groups = Color::ALL
        .into_iter()
        .map(|c| (c, walked.iter().filter(|m| m.color == c).cloned().collect::<Vec<_>>()))
        .filter(|(_, moves)| !moves.is_empty())
        .collect();
    (legs, groups)
}

impl Gen {
    /// Whether the variant has an Imitator.
    pub(super) fn imitates(&self) -> bool {
        self.imitations.iter().any(Option::is_some)
    }

    /// Runs `f` for moves prepared for `oriented` made by a piece of `kind` and `color`: the
    /// walker orients them as `oriented`'s, while promotion and immobility stay `color`'s.
    fn oriented<T>(&mut self, kind: usize, color: Color, oriented: Color, f: impl FnOnce(&mut Self) -> T) -> T {
        if oriented == color {
            return f(self);
        }
        let (c, o) = (color.index(), oriented.index());
        let zone = self.zone[o].clone();
        self.zone[o] = self.zone[c].clone();
        let immobile = self.immobile.get(kind).map(|m| m[o]);
        if let Some(m) = self.immobile.get_mut(kind) {
            m[o] = m[c];
        }
        let out = f(self);
        self.zone[o] = zone;
        if let (Some(m), Some(saved)) = (self.immobile.get_mut(kind), immobile) {
            m[o] = saved;
        }
        out
    }

    /// The moves of an Imitator of `kind` and `color` on `from` (in the loop of `us`), or `None`
    /// for a kind that does not imitate.
    pub(super) fn imitated_moves(&mut self, kind: usize, color: Color) -> Option<TokenStream> {
        let per_kind = self.imitations.get(kind)?.as_ref()?[color.index()].clone();
        let dedup = std::mem::replace(&mut self.dedup, false);
        let mut arms = Vec::new();
        for (k, imitated) in per_kind.iter().enumerate() {
            self.ep_kind = Some(k);
            let (legs, walked) = split(imitated, color);
            let mut code: Vec<TokenStream> =
                legs.iter().filter_map(|leg| self.leg_moves(leg, kind, color, false)).collect();
            let singles = !code.is_empty();
            for (oriented, moves) in walked {
                code.push(self.oriented(kind, color, oriented, |g| g.multi_moves(&moves, kind, oriented, singles)));
            }
            self.ep_kind = None;
            if !code.is_empty() {
                let k = k as u8;
                // Multi-leg landings are pushed once (`start`); moves with captures on the way
                // made both ways (`vI`) once too, as the interpreter lists them.
                arms.push(quote!(Some(PieceKind(#k)) => {
                    let start = out.len();
                    #(#code)*
                    out.dedup_captures_from(start);
                }));
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
    /// by its imitation (given `occ`, `exclude`); `plain`: without legs and moves with attacker
    /// sets.
    pub(super) fn imitated_attacks(&mut self, color: Color, counted: Counted) -> TokenStream {
        let plain = counted == Counted::Plain;
        let rt = self.rt.clone();
        let ty = self.tables.mask_type(&rt);
        let mut code = Vec::new();
        for (kind, per_color) in self.imitations.clone().iter().enumerate() {
            let Some(per_color) = per_color else { continue };
            let mut arms = Vec::new();
            for (k, imitated) in per_color[color.index()].iter().enumerate() {
                self.ep_kind = Some(k);
                let (legs, walked) = split(imitated, color);
                let mut tests = self.foreign_leg_attacks(&legs, kind, color, plain);
                for (oriented, mut moves) in walked {
                    moves.retain(|m| counted.counts(m));
                    let walk = self.oriented(kind, color, oriented, |g| g.foreign_walk_attacks(&moves, kind, oriented));
                    tests.extend(walk);
                }
                self.ep_kind = None;
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
                // An imitated `gg` leg (M69) passes over the Imitator's friends.
                #[allow(unused_variables)]
                let own = pos.by_color(by);
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
