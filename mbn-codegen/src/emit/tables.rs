//! Square tables computed at generation time and written out as `static` arrays of bitboards.
//!
//! Bits are kept as `[u64; 4]` (up to 256 squares) while generating and written as the variant's
//! bitboard type: `u64` and `u128` as hex literals, `Bb256` as four words. Identical tables are
//! written once; names are given in the order tables are first asked for, so output is
//! deterministic.

use mbn_runtime::{Geometry, Square};
use proc_macro2::{Ident, Span, TokenStream};
use quote::{format_ident, quote};
use std::collections::BTreeMap;

/// A set of squares while generating.
pub(crate) type Bits = [u64; 4];

pub(crate) fn bit(sq: usize) -> Bits {
    let mut b = [0; 4];
    b[sq / 64] |= 1 << (sq % 64);
    b
}

pub(crate) fn or(a: Bits, b: Bits) -> Bits {
    [a[0] | b[0], a[1] | b[1], a[2] | b[2], a[3] | b[3]]
}

pub(crate) fn and(a: Bits, b: Bits) -> Bits {
    [a[0] & b[0], a[1] & b[1], a[2] & b[2], a[3] & b[3]]
}

pub(crate) fn is_empty(b: &Bits) -> bool {
    b.iter().all(|w| *w == 0)
}

/// The bitboard type of a board: how tables and masks are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Width {
    W64,
    W128,
    W256,
}

impl Width {
    pub(crate) fn of(geometry: Geometry) -> Width {
        match geometry.num_squares() {
            0..=64 => Width::W64,
            65..=128 => Width::W128,
            _ => Width::W256,
        }
    }

    /// The type, under the runtime path `rt`.
    pub(crate) fn ty(self, rt: &TokenStream) -> TokenStream {
        match self {
            Width::W64 => quote!(u64),
            Width::W128 => quote!(u128),
            Width::W256 => quote!(#rt::__private::Bb256),
        }
    }

    /// A literal of the type.
    pub(crate) fn literal(self, b: &Bits, rt: &TokenStream) -> TokenStream {
        match self {
            Width::W64 => {
                let lit = syn::LitInt::new(&format!("0x{:016x}_u64", b[0]), Span::call_site());
                quote!(#lit)
            }
            Width::W128 => {
                let v = u128::from(b[0]) | u128::from(b[1]) << 64;
                let lit = syn::LitInt::new(&format!("0x{v:032x}_u128"), Span::call_site());
                quote!(#lit)
            }
            Width::W256 => {
                let words = b.iter().map(|w| syn::LitInt::new(&format!("0x{w:016x}_u64"), Span::call_site()));
                quote!(#rt::__private::Bb256([#(#words),*]))
            }
        }
    }
}

/// The tables of one generated variant.
pub(crate) struct Tables {
    pub(crate) geometry: Geometry,
    width: Width,
    by_content: BTreeMap<Vec<Bits>, Ident>,
    ordered: Vec<(Ident, Vec<Bits>)>,
}

impl Tables {
    pub(crate) fn new(geometry: Geometry) -> Tables {
        Tables { geometry, width: Width::of(geometry), by_content: BTreeMap::new(), ordered: Vec::new() }
    }

    /// The name of a per-square table with this content (`prefix` says what it is).
    pub(crate) fn table(&mut self, prefix: &str, content: Vec<Bits>) -> Ident {
        if let Some(name) = self.by_content.get(&content) {
            return name.clone();
        }
        let name = format_ident!("{}_{}", prefix, self.ordered.len());
        self.by_content.insert(content.clone(), name.clone());
        self.ordered.push((name.clone(), content));
        name
    }

    /// The content of the table named `name`.
    pub(crate) fn content(&self, name: &str) -> Option<Vec<Bits>> {
        self.ordered.iter().find(|(n, _)| n == name).map(|(_, c)| c.clone())
    }

    /// A per-square table computed by `f`.
    pub(crate) fn per_square(&mut self, prefix: &str, f: impl Fn(usize) -> Bits) -> Ident {
        let content = (0..self.geometry.num_squares()).map(f).collect();
        self.table(prefix, content)
    }

    /// The squares `from + k*v` for k = 1, 2, ... while on the board.
    pub(crate) fn ray(&self, from: usize, v: (i32, i32)) -> Vec<usize> {
        let mut out = Vec::new();
        let mut sq = Square(from as u16);
        while let Some(next) = offset(self.geometry, sq, v) {
            out.push(next.index());
            sq = next;
        }
        out
    }

    /// Writes every table as a `static`, with `SQUARE_MASK`, what a square's index is masked with
    /// when it indexes a table.
    ///
    /// Tables are padded with empty sets to a power of two entries, so that the mask, which
    /// changes no square of the board, tells the compiler the index is in bounds: no bounds check.
    pub(crate) fn items(&self, rt: &TokenStream) -> TokenStream {
        let ty = self.width.ty(rt);
        let n = self.geometry.num_squares().next_power_of_two();
        let mask = n - 1;
        let empty = self.width.literal(&[0; 4], rt);
        let items = self.ordered.iter().map(|(name, content)| {
            let values = content.iter().map(|b| self.width.literal(b, rt));
            let padding = std::iter::repeat_n(&empty, n - content.len());
            quote!(static #name: [#ty; #n] = [#(#values,)* #(#padding),*];)
        });
        quote! {
            const SQUARE_MASK: usize = #mask;
            #(#items)*
        }
    }

    /// A mask literal.
    pub(crate) fn mask(&self, b: &Bits, rt: &TokenStream) -> TokenStream {
        self.width.literal(b, rt)
    }
}

/// `sq + v`, or `None` off the board.
pub(crate) fn offset(geometry: Geometry, sq: Square, v: (i32, i32)) -> Option<Square> {
    geometry.offset(sq, i8::try_from(v.0).ok()?, i8::try_from(v.1).ok()?)
}
