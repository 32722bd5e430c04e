//! Single legs the table shapes do not cover, walked square by square (docs/SEMANTICS.md M69):
//! hops over piece sets (the Bocksprung pawn's `mp{!P}D`, the castling partner's `ip{k}lD`),
//! limited, exact, optional, maximal, edge and halfling hops (`pW3`, `p?R`, `pR*`), and leaping
//! sliders (`g`, `gg`, `g{S}`, the Universal Leaper `g(WF)0`) of any reach.
//!
//! Each direction is one loop over the squares `from + k*v`, as the interpreter's `walk` does:
//! hurdles between two landing squares of a straight leap count (`pD`), a hurdle or a piece passed
//! over outside its set closes the direction, and a ride stops where its reach says. A plain
//! leaping slider (`gR`: over anything, a number of steps) needs no loop: its squares are a table.

use super::tables::bit;
use super::Gen;
use crate::ir::Reach;
use crate::plan::{PLeg, POver};
use proc_macro2::TokenStream;
use quote::quote;

/// Whether a leg's moves depend on which pieces stand where, not only on the occupancy: hurdles
/// of a set (`p{S}`), passing over friends (`gg`) or over a set (`g{S}`). Its captures are then
/// tested by making the move, and it is left out of the attack map and the pin test.
pub(super) fn reads_pieces(leg: &PLeg) -> bool {
    leg.hop.as_ref().is_some_and(|h| h.hurdles.is_some()) || passes_by_kind(leg)
}

/// Whether a leg passes over some pieces but not others (`gg`, `g{S}`) on its way: a single leap
/// (`ggN`) passes no square.
pub(super) fn passes_by_kind(leg: &PLeg) -> bool {
    matches!(leg.over, POver::Friends | POver::Set(_)) && leg.reach != (Reach::Steps { min: 1, max: Some(1) })
}

/// Whether a leg reads the mover's pieces (`own`): passing over friends, or stopping before one
/// (`0*`, unless `capturing`, where the square ahead holds a piece anyway).
fn reads_own(leg: &PLeg, capturing: bool) -> bool {
    matches!(leg.over, POver::Friends) || (leg.reach == Reach::Maximal && !capturing)
}

impl Gen {
    /// The squares `leg` reaches from `from` (a `Square` expression) given the blockers `occ`,
    /// walked square by square. `pos`, `us`, `them` (for piece sets) and `own` (for friends) must
    /// be in scope where the leg reads them. With `capturing`, a maximal ride (`0*`) reaches, like
    /// a rider, every square it could capture on.
    pub(super) fn walk_targets(
        &mut self,
        leg: &PLeg,
        capturing: bool,
        from: &TokenStream,
        occ: &TokenStream,
    ) -> TokenStream {
        let vectors = leg.vectors.clone();
        self.union_over(&vectors, |this, v| this.walk_one(leg, capturing, v, from, occ))
    }

    /// One direction of [`Gen::walk_targets`].
    fn walk_one(
        &mut self,
        leg: &PLeg,
        capturing: bool,
        v: (i32, i32),
        from: &TokenStream,
        occ: &TokenStream,
    ) -> TokenStream {
        let rt = self.rt.clone();
        let ty = self.tables.mask_type(&rt);
        let reach = match leg.reach {
            Reach::Maximal if capturing => Reach::Steps { min: 1, max: None },
            r => r,
        };
        // Over anything, a number of steps: the squares do not depend on the board.
        if leg.hop.is_none() && leg.over == POver::Anything {
            if let Reach::Steps { min, max } = reach {
                let lim = self.ray_table(v, max);
                let near = (min > 1).then(|| {
                    let near = self.ray_table(v, Some(min - 1));
                    quote!(& !#near[#from.index() & SQUARE_MASK])
                });
                return quote!((#lim[#from.index() & SQUARE_MASK] #near));
            }
        }
        let step = self.leap_table(&[v]);
        // Trait calls spelled out: a lone piece's code does not import `Bitboard`.
        let bb = quote!(<#ty as #rt::__private::Bitboard>);
        let (min, max, last) = match reach {
            Reach::Steps { min, max } => (min, max, quote!(true)),
            Reach::Maximal => (
                1,
                None,
                quote!((#bb::test(#occ, to) || #bb::lowest(#step[to.index() & SQUARE_MASK]).is_none_or(|n| #bb::test(#occ, n) && #bb::test(own, n)))),
            ),
            Reach::Edge => (1, None, quote!(#bb::lowest(#step[to.index() & SQUARE_MASK]).is_none())),
            Reach::Halfling => {
                let rays: Vec<Vec<usize>> =
                    (0..self.tables.geometry.num_squares()).map(|sq| self.tables.ray(sq, v)).collect();
                let half = self.tables.per_square("HALF", |sq| {
                    let ray = &rays[sq];
                    ray.get(ray.len().div_ceil(2).wrapping_sub(1)).map_or([0; 4], |&s| bit(s))
                });
                (1, None, quote!(#bb::test(#half[start.index() & SQUARE_MASK], to)))
            }
        };
        let limit = max.map(|m| quote!(if k > #m { break; }));
        let mut outside = None;
        let (between, hop_ok, on_piece) = match &leg.hop {
            Some(h) => {
                let table = self.between_table(v);
                // `p{S}`: a hurdle outside the set closes the direction.
                let (between_ok, hurdle_ok) = match &h.hurdles {
                    Some(set) => {
                        let mask = self.set_mask(set);
                        outside = Some(quote!(let outside = !#mask;));
                        (
                            quote!(if (between & outside) != <#ty as #rt::__private::Bitboard>::EMPTY { break; }),
                            quote!(if #bb::test(outside, to) {
                                break;
                            }),
                        )
                    }
                    None => (quote!(), quote!()),
                };
                let ok = match (h.many, h.optional) {
                    (false, false) => quote!(hurdles == 1),
                    (true, false) => quote!(hurdles >= 1),
                    (false, true) => quote!(hurdles <= 1),
                    (true, true) => quote!(true),
                };
                let many = h.many;
                (
                    quote! {
                        let between = #table[cur.index() & SQUARE_MASK] & #occ;
                        #between_ok
                        hurdles += #bb::count(between);
                    },
                    ok,
                    quote! {
                        #hurdle_ok
                        hurdles += 1;
                        if hurdles > 1 && !#many { break; }
                    },
                )
            }
            None => {
                let pass = match &leg.over {
                    POver::Empty => quote!(break;),
                    POver::Anything => quote!(),
                    POver::Friends => quote!(if !#bb::test(own, to) {
                        break;
                    }),
                    POver::Set(set) => {
                        let mask = self.set_mask(set);
                        quote!(if !#bb::test(#mask, to) { break; })
                    }
                };
                (quote!(), quote!(true), pass)
            }
        };
        quote! {{
            let start = #from;
            let mut reached = #bb::EMPTY;
            let mut cur = start;
            let mut k = 0u32;
            let mut hurdles = 0u32;
            // The pieces a hurdle may not be (`p{S}`), read once.
            #outside
            while let Some(to) = #bb::lowest(#step[cur.index() & SQUARE_MASK]) {
                k += 1;
                #limit
                #between
                if k >= #min && #hop_ok && #last {
                    reached |= #bb::from_square(to);
                }
                if #bb::test(#occ, to) { #on_piece }
                cur = to;
            }
            reached
        }}
    }

    /// A walked leg's attack on `sq` by the pieces `attackers` of the side `by` (in scope): each
    /// attacker's walk, with a piece on `sq`, reaches it.
    pub(super) fn walk_attack(&mut self, leg: &PLeg) -> TokenStream {
        let rt = self.rt.clone();
        let ty = self.tables.mask_type(&rt);
        let forward = self.walk_targets(leg, true, &quote!(from), &quote!(occ_h));
        let own = reads_own(leg, true).then(|| quote!(let own = pos.by_color(by);));
        let sides = reads_pieces(leg).then(|| quote!(let (us, them) = (by, !by);));
        quote!({
            #own
            #sides
            let occ_h = occ | <#ty as #rt::__private::Bitboard>::from_square(sq);
            let mut froms = attackers;
            let mut hit = false;
            while let Some(from) = froms.pop_lowest() {
                if (#forward).test(sq) {
                    hit = true;
                    break;
                }
            }
            hit
        })
    }
}
