//! One piece on a board, without a variant: `pub struct <Name>` with `moves` and `attacks`.
//!
//! The piece is White's (forward is up); it is taken to be unmoved (initial moves count) and there
//! is no en passant. Ranges must be fixed square sets: the threatened/unthreatened/unmoved ranges
//! need a position, which a lone piece does not have.

use super::{Gen, Shape};
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::ir::{MoveSet, Side};
use crate::plan::{PMove, POver, PRange, Prep};
use crate::syntax::ast::Span;
use mbn_runtime::{Color, Geometry};
use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use super::multileg::{has_dynamic_ranges, needs_position, Sink};
use super::tables::{bit, or, Bits, Tables};
use super::EmitOptions;

/// Emits `pub struct <name>;` with `moves(from, friends, enemies) -> (quiet, captures)` and
/// `attacks(from, occupied) -> squares` for one piece on `geometry`.
pub fn emit_piece(
    moves: &MoveSet,
    geometry: Geometry,
    name: &str,
    notation: &str,
    options: &EmitOptions,
) -> Result<TokenStream, Vec<Diagnostic>> {
    let mut diagnostics = Diagnostics::new();
    let (legs, mut multi) = super::multileg::split(
        Prep { geometry, diagnostics: &mut diagnostics, back_end: "mbn's code generator", royal: Vec::new() }
            .moves(moves, Color::White),
        Color::White,
    );
    let mut g = Gen {
        rt: options.runtime.clone(),
        tables: Tables::new(geometry),
        letters: Vec::new(),
        royal: Vec::new(),
        promotions: Vec::new(),
        zone: [Vec::new(), Vec::new()],
        mandatory: true,
        immobile: Vec::new(),
        drop_forbidden: Vec::new(),
        drops: None,
        diagnostics: Diagnostics::new(),
        sliders: false,
        uses_sliders: false,
        only: None,
        unattacked: None,
        plain_attacks: [false; 2],
        dedup: false,
        escaping: false,
        threat_captures: false,
        decisive: false,
        any_decisive: false,
        check_rules: false,
        check_rule: None,
        multi: Vec::new(),
        passes: Vec::new(),
        imitations: Vec::new(),
        ep_kind: None,
        code_size: Default::default(),
        piece_code_limit: super::PIECE_CODE_LIMIT,
    };
    let rt = g.rt.clone();
    let ty = g.tables.mask_type(&rt);
    let mut quiet = Vec::new();
    let mut captures = Vec::new();
    let mut attacks = Vec::new();
    for leg in &legs {
        if leg.pass {
            g.diagnostics.push(Diagnostic::new(
                Span::default(),
                "a pass (`O`) needs a position (a lone piece's moves go to other squares): use a variant",
            ));
            continue;
        }
        if leg.borrow {
            g.diagnostics.push(Diagnostic::new(
                Span::default(),
                "XBetza borrowing (`xK`) lends the moves of friends' kinds: use a variant",
            ));
            continue;
        }
        let Some(shape) = g.shape(leg) else { continue };
        if leg.unblocked || leg.check_rule.is_some() || leg.flip.is_some() {
            g.diagnostics.push(Diagnostic::new(
                Span::default(),
                "`u`, `k`, `kk` and `x` need a position (enemies, check, colours): use a variant",
            ));
            continue;
        }
        if leg.swap.is_some() {
            g.diagnostics.push(Diagnostic::new(
                Span::default(),
                "swaps (`w`) need a position (a lone piece's moves are quiet moves and captures): use a variant",
            ));
            continue;
        }
        // Hurdle sets and pieces passed over by set (`g{S}`) name kinds a lone piece does not know.
        let hurdle_set = leg.hop.as_ref().is_some_and(|h| h.hurdles.is_some())
            || (super::hops::passes_by_kind(leg) && matches!(leg.over, POver::Set(_)));
        if leg.en_passant.is_some()
            || leg.captures.iter().any(|t| !t.only.is_empty())
            || !leg.attackers.is_empty()
            || !leg.conditions.is_empty()
            || leg.decisive
            || hurdle_set
        {
            g.diagnostics.push(Diagnostic::new(
                Span::default(),
                "en passant, piece sets, attacker sets, conditions and `#` need a position: use a variant",
            ));
            continue;
        }
        let (origin, dest) = match (static_mask(&leg.origin), static_mask(&leg.destination)) {
            (Some(o), Some(d)) => (o, d),
            _ => {
                g.diagnostics.push(Diagnostic::new(
                    Span::default(),
                    "threatened, unthreatened and unmoved ranges need a position: use a variant",
                ));
                continue;
            }
        };
        let dest = dest.map(|m| g.tables.mask(&m, &rt)).map(|m| quote!(& #m)).unwrap_or_default();
        let origin = origin.map(|m| g.tables.mask(&m, &rt));
        let mut reach_of = |shape: &Shape| {
            let targets = g.targets(leg, shape, &quote!(from), &quote!(occ));
            match &origin {
                None => quote!((#targets #dest)),
                Some(m) => quote! {
                    (if #rt::__private::Bitboard::test(#m, from) { #targets #dest } else { <#ty as #rt::__private::Bitboard>::EMPTY })
                },
            }
        };
        let reach = reach_of(&shape);
        let attack_reach = reach_of(&shape.capturing());
        if leg.moves {
            quiet.push(quote!((#reach) & !occ));
        }
        let mut sides = Vec::new();
        for t in &leg.captures {
            sides.push(match t.side {
                Side::Enemy => quote!(enemies),
                Side::Friend => quote!(friends),
                Side::Any => quote!(occ),
            });
        }
        if !sides.is_empty() {
            captures.push(quote!((#reach) & (#(#sides)|*)));
            attacks.push(attack_reach);
        }
    }
    // M61: a single leg with `!` only ever ends on the piece's own square, which a lone piece's
    // moves (destinations) cannot say; a multi-leg move's stationary moves are left to its attacks.
    if moves.moves.iter().filter_map(|m| m.single_leg()).any(|l| l.setup) {
        g.diagnostics.push(Diagnostic::new(
            Span::default(),
            "the setup operator `!` on a single-leg move (`!cK`) ends on the piece's own square (a lone piece's \
             moves go to other squares): use a variant",
        ));
        multi.clear();
    }
    // X83: a borrowing path finds friends of other kinds, which a lone piece has none of.
    if multi.iter().any(crate::plan::borrows) {
        g.diagnostics.push(Diagnostic::new(
            Span::default(),
            "XBetza borrowing after a path (`mNaxN`) lends the moves of friends' kinds: use a variant",
        ));
        multi.retain(|m| !crate::plan::borrows(m));
    }
    // A death (a last leg that visits, M103) is no destination.
    let dies = |m: &PMove| {
        let mut ends = Vec::new();
        crate::plan::last_steps(&m.parts, &mut ends);
        ends.iter().any(|s| s.leg.visit.is_some())
    };
    if multi.iter().any(dies) {
        g.diagnostics.push(Diagnostic::new(
            Span::default(),
            "a move whose last leg visits (`j`) kills the piece (M103), which a lone piece's destinations \
             cannot say: use a variant",
        ));
        multi.retain(|m| !dies(m));
    }
    // Multi-leg moves: the walker, unrolled, with the lone piece's own squares as `own`.
    if multi.iter().any(needs_position) {
        g.diagnostics.push(Diagnostic::new(
            Span::default(),
            "en passant, piece sets, attacker sets, conditions and `#` need a position: use a variant",
        ));
        multi.retain(|m| !needs_position(m));
    }
    if multi.iter().any(|m| m.check_rule.is_some()) {
        g.diagnostics.push(Diagnostic::new(
            Span::default(),
            "`u`, `k`, `kk` and `x` need a position (enemies, check, colours): use a variant",
        ));
        multi.retain(|m| m.check_rule.is_none());
    }
    if multi.iter().any(has_dynamic_ranges) {
        g.diagnostics.push(Diagnostic::new(
            Span::default(),
            "threatened, unthreatened and unmoved ranges need a position: use a variant",
        ));
        multi.retain(|m| !has_dynamic_ranges(m));
    }
    let multi_moves = match multi.is_empty() {
        true => quote!(),
        false => g.multi_code(&multi, 0, Color::White, Sink::Piece).map(|(c, _)| c).unwrap_or_default(),
    };
    let multi_attacks = match multi.is_empty() {
        true => quote!(),
        false => g.multi_code(&multi, 0, Color::White, Sink::Attack).map(|(c, _)| c).unwrap_or_default(),
    };
    diagnostics.extend(g.diagnostics.clone());
    if !diagnostics.is_empty() {
        return Err(diagnostics.into_sorted());
    }
    let ident = format_ident!("{}", name);
    let tables = g.tables.items(&rt);
    let doc = format!("The piece `{notation}` on a {}x{} board, generated by mbn.", geometry.files(), geometry.ranks());
    // Attacks see no friends: every other piece counts as an enemy (a `gg` leg passes none).
    let no_friends = legs
        .iter()
        .any(|l| matches!(l.over, POver::Friends))
        .then(|| quote!(let own = <#ty as #rt::__private::Bitboard>::EMPTY;));
    let attacks_occ = quote!(let occ = occupied; #no_friends);
    let (moves_body, attacks_body) = if multi.is_empty() {
        (
            quote! {
                let occ = friends | enemies;
                let own = friends;
                (<#ty as #rt::__private::Bitboard>::EMPTY #(| #quiet)*, <#ty as #rt::__private::Bitboard>::EMPTY #(| #captures)*)
            },
            quote! {
                #attacks_occ
                <#ty as #rt::__private::Bitboard>::EMPTY #(| #attacks)*
            },
        )
    } else {
        let squares = geometry.num_squares() as u16;
        (
            quote! {
                use #rt::__private::Bitboard;
                let occ = friends | enemies;
                let own = friends;
                let mut quiet = <#ty as Bitboard>::EMPTY #(| #quiet)*;
                let mut captures = <#ty as Bitboard>::EMPTY #(| #captures)*;
                {
                    let (occ0, own, enemy) = (occ & !<#ty as Bitboard>::from_square(from), friends, enemies);
                    let (unmoved, mut found) = (true, 0u32);
                    #multi_moves
                }
                (quiet, captures)
            },
            quote! {
                use #rt::__private::Bitboard;
                #attacks_occ
                let mut att = <#ty as Bitboard>::EMPTY #(| #attacks)*;
                // Multi-leg captures, square by square: every other piece counts as an enemy, and
                // the attacked square as occupied.
                let hit = |sq: #rt::__private::Square| -> bool {
                    let occ_h = occ | <#ty as Bitboard>::from_square(sq);
                    let (occ0, own, enemy) = (occ_h & !<#ty as Bitboard>::from_square(from), <#ty as Bitboard>::EMPTY, occ_h);
                    let (unmoved, mut found) = (true, 0u32);
                    #multi_attacks
                    false
                };
                for i in 0..#squares {
                    let sq = #rt::__private::Square(i);
                    if sq != from && hit(sq) {
                        att |= <#ty as Bitboard>::from_square(sq);
                    }
                }
                att
            },
        )
    };
    let allow = if multi.is_empty() {
        quote!(#[allow(unused_variables, unused_parens, clippy::all)])
    } else {
        quote!(#[allow(unused_variables, unused_mut, unused_parens, unused_assignments, clippy::all)])
    };
    Ok(quote! {
        #[doc = #doc]
        #[derive(Clone, Copy, Debug, Default)]
        pub struct #ident;

        const _: () = {
            #tables

            #allow
            impl #ident {
                /// The notation it was generated from.
                pub const NOTATION: &'static str = #notation;

                /// The destinations of this piece (White's, unmoved) on `from` among `friends` and
                /// `enemies`: `(quiet moves, captures)`.
                pub fn moves(from: #rt::__private::Square, friends: #ty, enemies: #ty) -> (#ty, #ty) {
                    #moves_body
                }

                /// The squares this piece on `from` attacks (could capture on) given the `occupied` squares.
                pub fn attacks(from: #rt::__private::Square, occupied: #ty) -> #ty {
                    #attacks_body
                }
            }
        };
    })
}

/// The fixed squares of all ranges (their intersection), or `None` when one needs a position.
/// `Some(None)` means no range at all.
fn static_mask(ranges: &[PRange]) -> Option<Option<Bits>> {
    let mut mask: Option<Bits> = None;
    for r in ranges {
        if r.threatened || r.unthreatened || r.unmoved {
            return None;
        }
        let squares =
            r.squares.iter().enumerate().filter(|(_, b)| **b != r.complement).fold([0; 4], |b, (i, _)| or(b, bit(i)));
        mask = Some(match mask {
            None => squares,
            Some(m) => [m[0] & squares[0], m[1] & squares[1], m[2] & squares[2], m[3] & squares[3]],
        });
    }
    Some(mask)
}
