//! IR -> Rust: a specialised move generator for a variant.
//!
//! The emitted code names the runtime by an absolute path (`::mbn_runtime` unless overridden) and
//! touches only its `__private` module. Everything about the notation is resolved here: each leg
//! becomes a per-square table (leapers) or precomputed rays walked with the blocker trick (riders
//! and hoppers: the first blocker on a ray is its lowest or highest bit, and the squares beyond it
//! are its own ray); directions, modes, ranges and promotions become constants. On boards the
//! runtime has slider tables for, rides along two or more orthogonal (or diagonal) unit vectors
//! are one table lookup (`mbn_runtime::Sliders`), masked per square for ranges and missing
//! directions. Attacks are found in reverse, from the attacked square. What cannot be generated
//! yet is reported, and the interpreter remains the way to run it.

mod borrow;
mod hops;
mod imitator;
mod multileg;
mod piece;
mod swap;
mod tables;

pub use piece::emit_piece;

use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::ir::{Reach, Side};
use crate::plan::imitation::Imitations;
use crate::plan::{castling_legs, PCastling, PLeg, PMove, POver, PRange, PSet, Prep};
use crate::syntax::ast::{CastlingKind, Span};
use crate::variant::Variant;
use mbn_runtime::{Color, Geometry, PieceKind, Sliders, Square};
use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use tables::{and, bit, is_empty, or, Bits, Tables};

/// How to write the generated code.
#[derive(Clone, Debug)]
pub struct EmitOptions {
    /// The path of the runtime crate (`::mbn_runtime`, or `::mbn::runtime` through the facade).
    pub runtime: TokenStream,
    /// The most bytes of token text one piece's multi-leg moves may generate, all purposes
    /// together; a piece over it is an error (M115). Default [`PIECE_CODE_LIMIT`] (8 MiB): rustc
    /// takes about two minutes and 2.5 GB on 6 MB (docs/PERFORMANCE.md).
    pub piece_code_limit: usize,
}

/// The eight king steps: a move with `me` to one of them leaves no e.p. rights.
const KING_STEPS: [(i32, i32); 8] = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)];

/// The default [`EmitOptions::piece_code_limit`]: 8 MiB.
pub const PIECE_CODE_LIMIT: usize = 8 << 20;

impl Default for EmitOptions {
    fn default() -> Self {
        EmitOptions { runtime: quote!(::mbn_runtime), piece_code_limit: PIECE_CODE_LIMIT }
    }
}

/// Joins single legs that differ only in their directions into one leg, whose moves are the union
/// of theirs: the King's `W` and `F` become one table lookup, the Queen's two ride families one
/// count of the union.
fn merge_legs(legs: Vec<PLeg>) -> Vec<PLeg> {
    let undirected = |leg: &PLeg| PLeg { vectors: Vec::new(), ..leg.clone() };
    let mut merged: Vec<PLeg> = Vec::new();
    for leg in legs {
        let shape = undirected(&leg);
        match merged.iter_mut().find(|m| undirected(m) == shape) {
            Some(m) => {
                for v in leg.vectors {
                    if !m.vectors.contains(&v) {
                        m.vectors.push(v);
                    }
                }
            }
            None => merged.push(leg),
        }
    }
    merged
}

/// A generated attack test `name(pos, sq, by, occ, exclude, victim) -> bool`: the statements of
/// `[white, black]` (each `return true` on an attack) for the attacking side `by`.
fn attack_test(
    name: &proc_macro2::Ident,
    doc: &str,
    rt: &TokenStream,
    ty: &TokenStream,
    sliders: Option<TokenStream>,
    lend_exclude: TokenStream,
    [white, black]: [TokenStream; 2],
) -> TokenStream {
    quote! {
        #[doc = #doc]
        #[doc(hidden)]
        pub fn #name(
            pos: &#rt::__private::Position<#ty>,
            sq: #rt::__private::Square,
            by: #rt::__private::Color,
            occ: #ty,
            exclude: #ty,
            victim: #rt::__private::PieceKind,
        ) -> bool {
            use #rt::__private::{Bitboard, Color, PieceKind};
            let s = sq.index();
            // Friends that lend moves (X29) or stand in a lent move's way, unless removed.
            #[allow(unused_variables)]
            let lend_exclude: #ty = #lend_exclude;
            #sliders
            match by {
                Color::White => { #white }
                Color::Black => { #black }
            }
            false
        }
    }
}

/// Formats generated code for reading (build scripts, snapshots).
pub fn format(tokens: &TokenStream) -> Result<String, String> {
    let file: syn::File = syn::parse2(tokens.clone()).map_err(|e| format!("generated code does not parse: {e}"))?;
    Ok(prettyplease::unparse(&file))
}

/// Emits `pub struct <name>;` implementing the runtime's `MoveGenerator` for `variant`, with
/// associated items for its board, piece table and start position.
pub fn emit_variant(variant: &Variant, name: &str, options: &EmitOptions) -> Result<TokenStream, Vec<Diagnostic>> {
    let mut diagnostics = Diagnostics::new();
    let geometry = variant.geometry;
    let royal = variant.table.iter().filter(|(_, info)| info.royal).map(|(_, info)| info.letter).collect();
    let mut prep = Prep { geometry, diagnostics: &mut diagnostics, back_end: "mbn's code generator", royal };
    // Single legs go to tables; multi-leg moves (and legs the tables do not cover) to the walker.
    let (legs, multi): (Vec<[Vec<PLeg>; 2]>, Vec<ByColor<PMove>>) = variant
        .moves
        .iter()
        .map(|[w, b]| {
            let [w, b] = [(w, Color::White), (b, Color::Black)].map(|(set, c)| multileg::split(prep.moves(set, c), c));
            ([w.0, b.0], [w.1, b.1])
        })
        .unzip();
    // Passes (M26) are a move of their own, apart from the tables: they neither go nor attack.
    let passes: Vec<ByColor<PLeg>> =
        legs.iter().map(|per_color| per_color.clone().map(|l| l.into_iter().filter(|l| l.pass).collect())).collect();
    let legs: Vec<[Vec<PLeg>; 2]> = legs
        .into_iter()
        .map(|per_color| per_color.map(|l| merge_legs(l.into_iter().filter(|l| !l.pass).collect())))
        .collect();
    let castlings = prep.castlings(variant);
    let zone = prep.zone(variant);
    let imitations = prep.imitations(variant);
    let mut g = Gen {
        rt: options.runtime.clone(),
        tables: Tables::new(geometry),
        letters: variant.table.iter().map(|(_, info)| info.letter).collect(),
        royal: variant.table.iter().map(|(_, info)| info.royal).collect(),
        promotions: variant
            .promotions
            .iter()
            .map(|p| p.as_ref().map(|p| p.targets.iter().map(|k| k.0).collect()))
            .collect(),
        zone,
        mandatory: variant.spec.promotion_mandatory,
        immobile: Vec::new(),
        drop_forbidden: Vec::new(),
        drops: None,
        diagnostics: Diagnostics::new(),
        sliders: Sliders::supports(geometry),
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
        multi,
        passes,
        imitations,
        ep_kind: None,
        code_size: Default::default(),
        piece_code_limit: options.piece_code_limit,
    };
    g.drop_rules(variant);
    // Attacker sets (M23) and conditions (M30) make legality a make-and-test question.
    // Piece sets in multi-leg moves (M11) ask what stands on squares other than the one attacked,
    // which the quick legality test (the old position with new occupancy) cannot tell.
    g.any_decisive = legs.iter().chain(&g.passes).flatten().flatten().any(|leg| leg.decisive)
        || castlings.iter().flat_map(castling_legs).any(|leg| leg.decisive)
        || g.multi.iter().flatten().flatten().any(multileg::has_decisive);
    // `k`, `kk` (M33): the moves they flag are made and tested, and nothing is counted unlisted.
    let check_rules = legs.iter().chain(&g.passes).flatten().flatten().any(|leg| leg.check_rule.is_some())
        || g.multi.iter().flatten().flatten().any(|m| m.check_rule.is_some());
    g.check_rules = check_rules;
    // Flips (M34) and flips on the way (M126) are made and tested, like swaps.
    let flip_moves = (legs.iter().flatten().flatten().any(|leg| leg.flip.is_some())
        || g.multi.iter().flatten().flatten().any(multileg::flips))
    .then(|| quote!(|| mv.is_flip() || mv.flipped().is_some()));
    // M64: a double step opens e.p. captures on the way that may go on to a royal piece, so
    // double steps are made and tested.
    let ep_way_moves =
        g.multi.iter().flatten().flatten().any(multileg::en_passant_on_the_way).then(|| quote!(|| mv.is_double_step()));
    g.escaping = legs
        .iter()
        .chain(&g.passes)
        .flatten()
        .flatten()
        .any(|leg| !leg.attackers.is_empty() || !leg.conditions.is_empty())
        || g.multi
            .iter()
            .flatten()
            .flatten()
            .any(|m| multileg::has_piece_sets(m) || multileg::has_conditions(m) || crate::plan::has_attackers(m));
    // Hurdle sets: the fast legality tests see the board before the move (a Cannon that moved is
    // a Cannon still on its old square), so every move is made and tested instead.
    let hurdle_sets = legs
        .iter()
        .flatten()
        .flatten()
        .any(|leg| !leg.captures.is_empty() && hops::reads_pieces(leg))
        .then(|| quote!(|| true));
    g.plain_attacks = [Color::White, Color::Black].map(|c| g.plain_attacks(&legs, c));
    // XBetza `xK` (X29): borrowed moves may repeat the borrower's own; legality is made and tested.
    // XBetza `I` (X62): the same for imitated moves.
    let foreign = borrow::borrows(&legs, &g.multi, Color::White)
        || borrow::borrows(&legs, &g.multi, Color::Black)
        || g.imitates();
    // Before any code that tests a range: threats are read by `is_square_threatened` then (M78).
    g.threat_captures = g.threat_captures();
    let generate = [Color::White, Color::Black].map(|c| g.side(&legs, &castlings, c, false));
    let [count_white, count_black] = [Color::White, Color::Black].map(|c| g.side(&legs, &castlings, c, true));
    // Pieces that may be pinned against White's royal pieces by Black's riders, and vice versa.
    let pins_white = g.pins(&legs, Color::Black);
    let pins_black = g.pins(&legs, Color::White);
    let royal_kind = variant.table.iter().position(|(_, info)| info.royal).unwrap_or(0) as u8;
    // The royal pieces of the side to move, from the kinds known now.
    let royal_kinds: Vec<u8> = variant.table.iter().filter(|(_, info)| info.royal).map(|(k, _)| k.0).collect();
    let royals_us = {
        let rt = &g.rt;
        let ty = g.tables.mask_type(rt);
        quote!((<#ty as #rt::__private::Bitboard>::EMPTY #(| pos.pieces(#rt::__private::PieceKind(#royal_kinds), us))*))
    };
    let attacked = [Color::White, Color::Black].map(|c| g.attacks(&legs, c, Counted::All));
    // With attacker sets (M23): the attacks of the legs without them, which those sets ask about.
    let plain_attacked_in = if g.escaping {
        let [white, black] = [Color::White, Color::Black].map(|c| g.attacks(&legs, c, Counted::Plain));
        let rt = &g.rt;
        let ty = g.tables.mask_type(rt);
        let sliders = g.uses_sliders.then(|| quote!(let sliders = SLIDERS.get();));
        let name = format_ident!("attacked_in_plain");
        // Called by `escapes` only, whose `exclude` leaves out the pieces outside an attacker
        // set as attackers: they still lend moves and block (nothing is removed).
        let none = quote!(<#ty as #rt::__private::Bitboard>::EMPTY);
        attack_test(&name, "`attacked_in` by the legs without attacker sets.", rt, &ty, sliders, none, [white, black])
    } else {
        quote!()
    };
    // M78: threats decided without the moves whose ranges read threats.
    let threats_attacked_in = if g.threat_captures {
        let [white, black] = [Color::White, Color::Black].map(|c| g.attacks(&legs, c, Counted::Threats));
        let rt = &g.rt;
        let ty = g.tables.mask_type(rt);
        let sliders = g.uses_sliders.then(|| quote!(let sliders = SLIDERS.get();));
        let name = format_ident!("attacked_in_threats");
        let doc = "`attacked_in` by the moves whose ranges do not read threats (M78).";
        let test = attack_test(&name, doc, rt, &ty, sliders, quote!(exclude), [white, black]);
        quote! {
            #test

            /// Whether `by` threatens `sq` (`[+]`, `[*]`; M78).
            #[doc(hidden)]
            pub fn is_square_threatened(
                pos: &#rt::__private::Position<#ty>,
                sq: #rt::__private::Square,
                by: #rt::__private::Color,
            ) -> bool {
                use #rt::__private::{Bitboard, PieceKind};
                // A side never threatens a square its own piece stands on.
                if pos.by_color(by).test(sq) {
                    return false;
                }
                // An empty square is tested as the interpreter tests it, with a royal victim on it.
                let victim = pos.piece_at(sq).map_or(PieceKind(#royal_kind), |p| p.kind);
                let occ = pos.occupied() | <#ty as Bitboard>::from_square(sq);
                Self::attacked_in_threats(pos, sq, by, occ, <#ty as Bitboard>::EMPTY, victim)
            }
        }
    } else {
        quote!()
    };
    let escaping = g.escaping;
    // XBetza `x` (X28): induced moves may repeat other pieces' moves; the list is deduplicated and
    // counted from it.
    let induced = g.multi.iter().flatten().flatten().filter(|m| !crate::plan::borrows(m)).any(|m| {
        let mut steps = Vec::new();
        crate::plan::flat_steps(&m.parts, &mut steps);
        steps.iter().any(|s| s.excite)
    });
    // Borrowed and imitated moves (X29, X62) and threat ranges on captures (M78): legality is
    // made and tested.
    let borrowing = foreign || g.threat_captures;
    // M96: a capture onto `[:]` asks whether its victim is unmoved, and a royal piece that moves
    // has moved: its moves are made and tested, not read from the position before them.
    let unmoved_captures = legs
        .iter()
        .flatten()
        .flatten()
        .any(|l| !l.captures.is_empty() && l.destination.iter().any(|r| r.unmoved))
        || g.multi.iter().flatten().flatten().any(|m| multileg::has_dynamic_ranges(m) && crate::plan::move_captures(m));
    // M131: a move from or onto a square with an unmoved mark (or a castling) clears marks that
    // the opponent's unmoved ranges (`[:]`) read anywhere on their paths; it is made and tested.
    let reads_unmoved =
        legs.iter().flatten().flatten().any(|l| l.origin.iter().chain(&l.destination).any(|r| r.unmoved))
            || g.multi.iter().flatten().flatten().any(|m| multileg::has_ranges(m, |r| r.unmoved));
    let unmoved_marks = reads_unmoved
        .then(|| quote!(|| mv.is_castle() || pos.unmoved().test(mv.from()) || pos.unmoved().test(mv.to())));
    // V13: a promotion into a royal kind, or of a royal piece, changes which pieces are royal; it
    // is made and tested.
    let royal = |kind| variant.table.is_royal(kind);
    let has_royal_promotions = variant
        .promotions
        .iter()
        .enumerate()
        .filter_map(|(kind, p)| Some((PieceKind(kind as u8), p.as_ref()?)))
        .any(|(kind, p)| royal(kind) || p.targets.iter().any(|&t| royal(t)));
    let (royal_promotions, royal_promotions_count) =
        if has_royal_promotions { (quote!(|| mv.is_promotion()), quote!(|| true)) } else { (quote!(), quote!()) };
    let induced = induced || borrowing;
    // M100: after that, a move made with and without e.p. rights (own, lent, imitated) is made
    // once, without.
    let dedup_induced = induced.then(|| quote!(out.dedup_from(first); out.drop_double_steps_made_quietly_from(first);));
    // Whether the royal piece is in check: from the attack map (with it lifted: an attack on a
    // square does not depend on what stands there) when the map always exists, as the map is
    // then needed by most positions anyway; else by one attack test.
    let in_check = {
        let rt = &g.rt;
        let ty = g.tables.mask_type(rt);
        if g.attack_map_total(&legs, Color::White) && g.attack_map_total(&legs, Color::Black) {
            quote! {
                attack_map.get_or_insert_with(|| Self::attack_map(pos, them, occ & !royals)).is_none_or(|m| (m & royals) != <#ty as Bitboard>::EMPTY)
            }
        } else {
            quote! {
                royals.squares().any(|k| Self::attacked_in(pos, k, them, occ, <#ty as Bitboard>::EMPTY, kind_at(k)))
            }
        }
    };
    let [map_white, map_black] = [Color::White, Color::Black].map(|c| g.attack_map(&legs, c));
    // `ii` (M52): the pieces whose `ii` moves may be made now (`ii_ready`: not decayed, not a royal
    // piece in check), and moves made in check flagged so that the royal pieces' rights decay.
    let decaying = legs
        .iter()
        .chain(&g.passes)
        .flatten()
        .flatten()
        .chain(castlings.iter().flat_map(castling_legs))
        .any(|l| l.decaying)
        || g.multi.iter().flatten().flatten().any(crate::plan::has_decaying);
    let (ii_moves, ii_flag, ii_count) = if decaying {
        let rt = &g.rt;
        let ty = g.tables.mask_type(rt);
        (
            quote! {
                let ii_attacked = {
                    let us = pos.side_to_move();
                    let royals = #royals_us;
                    let mut checked = <#ty as Bitboard>::EMPTY;
                    if (royals & pos.unmoved() & !pos.decayed()) != <#ty as Bitboard>::EMPTY {
                        for k in royals.squares() {
                            let kind = pos.piece_at(k).map_or(PieceKind(#royal_kind), |p| p.kind);
                            if Self::attacked_in(pos, k, !us, occ, <#ty as Bitboard>::EMPTY, kind) {
                                checked |= <#ty as Bitboard>::from_square(k);
                            }
                        }
                    }
                    checked
                };
                let ii_ready = pos.unmoved() & !pos.decayed() & !ii_attacked;
            },
            quote! {
                if ii_attacked != <#ty as Bitboard>::EMPTY {
                    out.add_flags_from(first, #rt::__private::MoveFlags::CHECKED);
                }
            },
            // Counting runs only when no royal piece is in check.
            quote!(let ii_ready = pos.unmoved() & !pos.decayed();),
        )
    } else {
        (quote!(), quote!(), quote!())
    };
    diagnostics.extend(g.diagnostics.clone());
    if !diagnostics.is_empty() {
        return Err(diagnostics.into_sorted());
    }
    let rt = &g.rt;
    let ty = g.tables.mask_type(rt);
    let ident = format_ident!("{}", name);
    let tables = g.tables.items(rt);
    let files = geometry.files();
    let ranks = geometry.ranks();
    // The runtime's slider tables for this board, and the binding functions use them by.
    let (sliders_static, sliders) = if g.uses_sliders {
        (
            quote!(static SLIDERS: #rt::__private::SliderCache = #rt::__private::SliderCache::new(#files, #ranks);),
            quote!(let sliders = SLIDERS.get();),
        )
    } else {
        (quote!(), quote!())
    };
    let generate = per_side(&quote!(pos.side_to_move()), generate);
    let count = per_side(&quote!(us), [count_white, count_black]);
    let attacked_in = {
        let doc = "Whether `by` attacks `sq` if the board were `occ`, the pieces on `exclude` gone, \
                   and a piece of kind `victim` stood on `sq`.";
        let ty = g.tables.mask_type(rt);
        attack_test(&format_ident!("attacked_in"), doc, rt, &ty, Some(sliders.clone()), quote!(exclude), attacked)
    };
    let fen = &variant.spec.start_fen;
    let variant_name = &variant.spec.name;
    let piece_infos = variant.table.iter().map(|(_, info)| {
        let (name, letter, plus, royal, partner, resets) =
            (&info.name, info.letter, info.plus, info.royal, info.castling_partner, info.resets_clock);
        let imitator = info.imitator.then(|| quote!(imitator: true,));
        let demoted = info.promoted_from.map(|k| {
            let k = k.0;
            quote!(promoted_from: Some(#rt::__private::PieceKind(#k)),)
        });
        quote! {
            let _ = table.add(#rt::__private::PieceInfo {
                plus: #plus, royal: #royal, castling_partner: #partner, resets_clock: #resets, #imitator #demoted
                ..#rt::__private::PieceInfo::new(#name, #letter)
            });
        }
    });
    let read_fen = if variant.spec.captures_to_hand {
        quote! {
            let options = #rt::__private::FenOptions { captures_to_hand: true, ..::core::default::Default::default() };
            #rt::__private::Position::from_fen_with(::std::sync::Arc::new(Self::piece_table()), Self::geometry(), fen, &options)
        }
    } else {
        quote!(#rt::__private::Position::from_fen(&Self::piece_table(), Self::geometry(), fen))
    };
    let (_, mate_illegal) = g.drops.clone().unwrap_or_default();
    let (check_rule_moves, keeps_check_rule, check_rules_only, check_rules_count) = if check_rules {
        (
            quote!(|| mv.has_check_rule()),
            quote!(&& #rt::__private::keeps_check_rule(self, scratch, mv, extra)),
            quote! {
                let mut scratch = pos.clone();
                out.retain_from(start, |mv, extra| #rt::__private::keeps_check_rule(self, &mut scratch, mv, extra));
            },
            quote!(|| true),
        )
    } else {
        (quote!(), quote!(), quote!(), quote!())
    };
    let legal_drop = if g.drops.is_some() {
        quote!(if mv.is_drop() {
            let scratch = scratch.get_or_insert_with(|| pos.clone());
            return #rt::__private::drop_is_legal(self, scratch, mv, #mate_illegal);
        })
    } else {
        quote!()
    };
    // V13: a side without royal pieces may still drop one or promote into one, which must then not
    // be left attacked; and its drops keep their mate rule.
    let legal_promotion = has_royal_promotions.then(|| {
        quote!(if mv.is_promotion() {
            let scratch = scratch.get_or_insert_with(|| pos.clone());
            return #rt::__private::leaves_royals_safe(self, scratch, mv, extra);
        })
    });
    let without_royals = (has_royal_promotions || g.drops.is_some()).then(|| {
        quote! {
            let mut scratch = None;
            out.retain_from(start, |mv, extra| {
                #legal_drop
                #legal_promotion
                true
            });
        }
    });
    // Bikjang (SEMANTICS.md V8): with the royal pieces facing each other, the moves are filtered by
    // the runtime's rule instead of the fast paths.
    let (bikjang_legal, bikjang_facing) = if variant.spec.bikjang {
        let drop_legal = g.drops.is_some().then(
            || quote!(if mv.is_drop() { return #rt::__private::drop_is_legal(self, scratch, mv, #mate_illegal); }),
        );
        (
            quote! {
                if #rt::__private::royals_face(pos) {
                    #rt::__private::retain_bikjang(pos, out, start, |scratch, mv, extra| {
                        #drop_legal
                        #rt::__private::leaves_royals_safe(self, scratch, mv, extra) #keeps_check_rule
                    });
                    return;
                }
            },
            quote!(|| #rt::__private::royals_face(pos)),
        )
    } else {
        (quote!(), quote!())
    };
    // Read by the mate test's replies (`rules::has_reply`, M127).
    let bikjang_rule = variant.spec.bikjang;
    // Passes (M27, V8): after two in a row, or one with the royal pieces facing, the game is over;
    // so it is after a decisive move (M31). A multi-leg move may pass too (M62).
    let passes = g.passes.iter().flatten().any(|p| !p.is_empty()) || g.multi.iter().flatten().any(|m| !m.is_empty());
    let (passes_end_moves, passes_end_count) = if passes || g.any_decisive {
        let bikjang = variant.spec.bikjang;
        (
            quote!(if #rt::__private::game_over(pos, #bikjang) { return; }),
            quote!(if #rt::__private::game_over(pos, #bikjang) { return 0; }),
        )
    } else {
        (quote!(), quote!())
    };
    let doc = format!("The `{variant_name}` variant: a move generator produced by mbn from its MBN definition.");
    Ok(quote! {
        #[doc = #doc]
        #[derive(Clone, Copy, Debug, Default)]
        pub struct #ident;

        const _: () = {
            #tables
            #sliders_static

            impl #ident {
                /// The variant's name.
                pub const NAME: &'static str = #variant_name;
                /// The start position.
                pub const START_FEN: &'static str = #fen;

                /// The board.
                pub fn geometry() -> #rt::__private::Geometry {
                    match #rt::__private::Geometry::new(#files, #ranks) {
                        Ok(g) => g,
                        Err(_) => unreachable!(),
                    }
                }

                /// The piece kinds, in the order of the variant's definitions.
                pub fn piece_table() -> #rt::__private::PieceTable {
                    let mut table = #rt::__private::PieceTable::new();
                    #(#piece_infos)*
                    table
                }

                /// A position from FEN.
                pub fn position(fen: &str) -> Result<#rt::__private::Position<#ty>, #rt::FenError> {
                    #read_fen
                }

                /// The start position.
                pub fn start_position() -> #rt::__private::Position<#ty> {
                    match Self::position(Self::START_FEN) {
                        Ok(p) => p,
                        Err(e) => panic!("the start position of {} was checked when generating: {e}", Self::NAME),
                    }
                }
            }

            #[allow(unused_variables, unused_mut, unused_parens, unused_imports, unused_assignments, unreachable_code, clippy::all)]
            impl #rt::__private::MoveGenerator<#ty> for #ident {
                fn pseudo_legal_moves(&self, pos: &#rt::__private::Position<#ty>, out: &mut #rt::__private::MoveList) {
                    use #rt::__private::{Bitboard, Color, Move, PieceKind};
                    let occ = pos.occupied();
                    #sliders
                    let mut attack_map: Option<Option<#ty>> = None;
                    let first = out.len();
                    #ii_moves
                    #generate
                    #dedup_induced
                    #ii_flag
                }

                fn bikjang(&self) -> bool {
                    #bikjang_rule
                }

                fn is_square_attacked(&self, pos: &#rt::__private::Position<#ty>, sq: #rt::__private::Square, by: #rt::__private::Color) -> bool {
                    use #rt::__private::{Bitboard, PieceKind};
                    // An empty square holds a royal victim, as in the interpreter: a path that
                    // would pass over it and come back is stopped there (M102).
                    let victim = pos.piece_at(sq).map_or(PieceKind(#royal_kind), |p| p.kind);
                    let occ = pos.occupied() | <#ty as Bitboard>::from_square(sq);
                    Self::attacked_in(pos, sq, by, occ, <#ty as Bitboard>::EMPTY, victim)
                }

                fn legal_moves(&self, pos: &#rt::__private::Position<#ty>, out: &mut #rt::__private::MoveList) {
                    #passes_end_moves
                    let start = out.len();
                    self.pseudo_legal_moves(pos, out);
                    #bikjang_legal
                    self.retain_legal(pos, out, start, None, None);
                }

                fn count_legal_moves(&self, pos: &#rt::__private::Position<#ty>, scratch: &mut #rt::__private::MoveList) -> u64 {
                    use #rt::__private::{Bitboard, Color, Move, PieceKind};
                    scratch.clear();
                    #passes_end_count
                    let us = pos.side_to_move();
                    let them = !us;
                    let royals = #royals_us;
                    let occ = pos.occupied();
                    let kind_at = |sq| pos.piece_at(sq).map_or(PieceKind(#royal_kind), |p| p.kind);
                    let mut attack_map: Option<Option<#ty>> = None;
                    if #escaping #hurdle_sets || #induced #check_rules_count #royal_promotions_count || !royals.is_single() #bikjang_facing || #in_check {
                        self.legal_moves(pos, scratch);
                        return scratch.len() as u64;
                    }
                    let own = pos.by_color(us);
                    #ii_count
                    #sliders
                    let mut pinned = <#ty as Bitboard>::EMPTY;
                    for k in royals.squares() {
                        match us {
                            Color::White => { #pins_white }
                            Color::Black => { #pins_black }
                        }
                    }
                    let risky = pinned | royals;
                    let mut n: u64 = 0;
                    {
                        let out = &mut *scratch;
                        #count
                    }
                    if scratch.is_empty() {
                        return n;
                    }
                    self.retain_legal(pos, scratch, 0, Some((false, pinned)), attack_map);
                    n + scratch.len() as u64
                }
            }

            #[allow(unused_variables, unused_mut, unused_parens, unused_imports, unused_assignments, unreachable_code, clippy::all)]
            impl #ident {
                /// Keeps the moves of `out` from `start` on that leave every royal piece unattacked;
                /// `known`: whether in check, and the possibly pinned pieces, if the caller knows;
                /// `attack_map`: the opponent's attack map with the royal piece lifted, if computed.
                #[doc(hidden)]
                pub fn retain_legal(
                    &self,
                    pos: &#rt::__private::Position<#ty>,
                    out: &mut #rt::__private::MoveList,
                    start: usize,
                    known: Option<(bool, #ty)>,
                    mut attack_map: Option<Option<#ty>>,
                ) {
                    use #rt::__private::{Bitboard, Color, PieceKind};
                    let us = pos.side_to_move();
                    let them = !us;
                    let royals = #royals_us;
                    if royals == <#ty as Bitboard>::EMPTY {
                        #without_royals
                        #check_rules_only
                        return;
                    }
                    let occ = pos.occupied();
                    let kind_at = |sq| pos.piece_at(sq).map_or(PieceKind(#royal_kind), |p| p.kind);
                    let own = pos.by_color(us);
                    #sliders
                    let (in_check, pinned) = match known {
                        Some(known) => known,
                        None => {
                            let in_check = royals
                                .squares()
                                .any(|k| Self::attacked_in(pos, k, them, occ, <#ty as Bitboard>::EMPTY, kind_at(k)));
                            // Pieces that could uncover an attack on a royal piece by moving.
                            let mut pinned = <#ty as Bitboard>::EMPTY;
                            for k in royals.squares() {
                                match us {
                                    Color::White => { #pins_white }
                                    Color::Black => { #pins_black }
                                }
                            }
                            (in_check, pinned)
                        }
                    };
                    let single_royal = royals.is_single();
                    let mut scratch = None;
                    out.retain_from(start, |mv, extra| {
                        #legal_drop
                        // A capture of one's own royal piece (`ccW` next to the King) is never legal.
                        if mv.is_capture() && !mv.is_swap() && !mv.is_en_passant() && mv.from() != mv.to() && royals.test(mv.to()) {
                            return false;
                        }
                        if #escaping #hurdle_sets || #borrowing || (#unmoved_captures && royals.test(mv.from())) #unmoved_marks || mv.is_drop() || mv.is_swap() || mv.swapped().is_some() #flip_moves #ep_way_moves #royal_promotions || !extra.is_empty() #check_rule_moves {
                            let scratch = scratch.get_or_insert_with(|| pos.clone());
                            return #rt::__private::leaves_royals_safe(self, scratch, mv, extra) #keeps_check_rule;
                        }
                        let (from, to) = (mv.from(), mv.to());
                        if let (Some(pf), Some(pt)) = (mv.partner_from(), mv.partner_to()) {
                            // Castling: both pieces move, nothing is captured.
                            let after = (occ & !<#ty as Bitboard>::from_square(from) & !<#ty as Bitboard>::from_square(pf))
                                | <#ty as Bitboard>::from_square(to)
                                | <#ty as Bitboard>::from_square(pt);
                            let mover = kind_at(from);
                            let guarded = (royals & !<#ty as Bitboard>::from_square(from)) | <#ty as Bitboard>::from_square(to);
                            return guarded.squares().all(|k| {
                                let kind = if k == to { mover } else { kind_at(k) };
                                !Self::attacked_in(pos, k, them, after, <#ty as Bitboard>::EMPTY, kind)
                            });
                        }
                        let moving_royal = royals.test(from);
                        if !in_check && !moving_royal && !mv.is_en_passant() && !pinned.test(from) {
                            return true;
                        }
                        if moving_royal && single_royal && !mv.is_en_passant() {
                            // The attack map with the royal piece lifted covers its destinations.
                            let map = *attack_map.get_or_insert_with(|| Self::attack_map(pos, them, occ & !royals));
                            if let Some(m) = map {
                                return !m.test(to);
                            }
                        }
                        let mut after = (occ & !<#ty as Bitboard>::from_square(from)) | <#ty as Bitboard>::from_square(to);
                        let mut exclude = <#ty as Bitboard>::from_square(to);
                        if mv.is_en_passant() {
                            if let Some(v) = pos.ep_victim() {
                                after &= !<#ty as Bitboard>::from_square(v);
                                exclude |= <#ty as Bitboard>::from_square(v);
                            }
                        }
                        let mover = kind_at(from);
                        let mut guarded = royals;
                        if moving_royal {
                            guarded = (guarded & !<#ty as Bitboard>::from_square(from)) | <#ty as Bitboard>::from_square(to);
                        }
                        guarded.squares().all(|k| {
                            let kind = if k == to && moving_royal { mover } else { kind_at(k) };
                            !Self::attacked_in(pos, k, them, after, exclude, kind)
                        })
                    });
                }

                /// Every square `by` attacks (could capture a royal piece on) if the board were `occ`;
                /// `None` when some capture depends on more than the square (then test each square).
                #[doc(hidden)]
                pub fn attack_map(
                    pos: &#rt::__private::Position<#ty>,
                    by: #rt::__private::Color,
                    occ: #ty,
                ) -> Option<#ty> {
                    use #rt::__private::{Bitboard, Color, PieceKind};
                    let mut map = <#ty as Bitboard>::EMPTY;
                    #sliders
                    match by {
                        Color::White => { #map_white }
                        Color::Black => { #map_black }
                    }
                    Some(map)
                }

                #attacked_in

                #plain_attacked_in

                #threats_attacked_in
            }
        };
    })
}

/// White's and Black's.
type ByColor<T> = [Vec<T>; 2];

/// Generation state for one variant.
struct Gen {
    rt: TokenStream,
    tables: Tables,
    letters: Vec<char>,
    royal: Vec<bool>,
    promotions: Vec<Option<Vec<u8>>>,
    zone: [Vec<bool>; 2],
    mandatory: bool,
    /// Per kind, White's and Black's squares where it could never move again (`immobility-illegal`).
    immobile: Vec<[Bits; 2]>,
    /// With drops: each kind's limits (`drop-no-doubled`, XBetza `@`), and the kinds (as bits)
    /// whose drop may not mate.
    drops: Option<(Vec<mbn_runtime::drops::DropLimits>, u64)>,
    /// Per kind, White's and Black's squares it may not be dropped on: `immobile` and those
    /// outside its drop zone (XBetza `@`, X31).
    drop_forbidden: Vec<[Bits; 2]>,
    diagnostics: Diagnostics,
    /// Whether orthogonal and diagonal rides may use the runtime's slider tables (`sliders`, a
    /// `&Sliders` every generated function that generates or tests moves binds).
    sliders: bool,
    /// Whether the code uses them (then the `SLIDERS` static is written).
    uses_sliders: bool,
    /// While set, `leg_moves` counts to the destinations this expression makes of `targets`.
    only: Option<TokenStream>,
    /// While set, a square expression (as text) known not to be attacked by the opponent.
    unattacked: Option<String>,
    /// Per colour: whether its every capture is a leap or a slide (`plain_attacks`).
    plain_attacks: [bool; 2],
    /// Whether some leg has attacker sets (M23): legality by making each move, no counting
    /// shortcuts, no attack maps.
    escaping: bool,
    /// Whether some multi-leg move that may capture reads threatened squares (`[+]`, `[*]`, M78):
    /// threats are then decided by `attacked_in_threats`, which leaves such moves out, and
    /// legality by making each move (the threat is read on the position after it).
    threat_captures: bool,
    /// The leg being listed is decisive (`#`, M31): its moves are pushed with the flag.
    decisive: bool,
    /// Some single leg of the variant is decisive.
    any_decisive: bool,
    /// Whether any move of the variant has a check rule (`k`, `kk`): each piece's moves that
    /// differ only in their rule are then merged (M82).
    check_rules: bool,
    /// The leg being listed has a check rule (`k`, `kk`, M33): `Some(mate_only)`.
    check_rule: Option<bool>,
    /// While set, the legs of the piece being generated may reach the same squares: `leg_moves`
    /// skips the squares in `seen` and adds its own.
    dedup: bool,
    /// Each kind's multi-leg moves for White and Black (`multileg`).
    multi: Vec<ByColor<PMove>>,
    /// Each kind's passes (`O`, M26) for White and Black.
    passes: Vec<ByColor<PLeg>>,
    /// Each Imitator kind's imitations (XBetza `I`, X62; `imitator`).
    imitations: Imitations,
    /// While set, the kind an en passant capture without a piece set takes (an Imitator's `e`
    /// takes what the imitated kind would).
    ep_kind: Option<usize>,
    /// Per kind, the bytes of multi-leg code generated so far (`None` once over
    /// `piece_code_limit` and reported).
    code_size: std::collections::HashMap<usize, Option<usize>>,
    /// [`EmitOptions::piece_code_limit`].
    piece_code_limit: usize,
}

/// Which moves an attack test counts (the interpreter's `Counted`).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Counted {
    All,
    /// Not the legs and moves with attacker sets, which ask about these attacks (M23, M55).
    Plain,
    /// Not the multi-leg moves whose ranges read threats, which ask about these attacks (M78).
    Threats,
}

impl Counted {
    /// Whether the multi-leg move `m` counts.
    pub(super) fn counts(self, m: &PMove) -> bool {
        match self {
            Counted::All => true,
            Counted::Plain => !crate::plan::has_attackers(m),
            Counted::Threats => !crate::plan::move_reads_threats(m),
        }
    }
}

/// Attack tests sharing their attackers: (the attackers as text, the attacker sets, the tests,
/// the tests' keys).
type AttackGroup = (String, Vec<TokenStream>, Vec<TokenStream>, Vec<String>);

/// A slide by the runtime's tables: the `Sliders` method of the family (`orthogonal`,
/// `diagonal`) and the per-square table of the squares kept (`None`: all).
type Slide = (proc_macro2::Ident, Option<proc_macro2::Ident>);

/// How a leg is generated.
#[derive(Clone, Copy)]
enum Shape {
    /// One table lookup.
    Leap,
    /// Rays, each walked to its first blocker.
    Ray { min: u32, max: Option<u32> },
    /// Rays with hurdles: `p` lands beyond exactly one piece, `pp` beyond at least one. A `p`
    /// whose hurdles are a set (the Janggi Cannon's `p{^C}`) needs its hurdle in the set.
    Hop { many: bool },
    /// A leap over hurdles on the squares between (the Flying Gold Cannon's `pD`).
    HopLeap { many: bool, optional: bool },
    /// A ride that stops at one square of each ray (docs/SEMANTICS.md, D-entries of `*`, `0*`,
    /// `h`): `Edge` at the edge, `Halfling` half way to it, `Maximal` as far as it can go.
    Far(Reach),
    /// Non-jumping leaps longer than a king step that flip or move only when unblocked (`nuA`,
    /// `nxN`, M104): each leap where some king-step path to it is empty (the multi-leg walker
    /// makes the other non-jumping leaps).
    Lame,
    /// Each direction walked square by square (docs/SEMANTICS.md M69, `hops`): hops over piece
    /// sets, limited, exact, optional and far hops, leaping sliders (`g`). `capturing`: a
    /// maximal ride reaches every square it could capture on.
    Walk { capturing: bool },
}

/// A non-jumping single leap (no ride, no hop) with `u` or `x`: made as a single leg (M104).
pub(crate) fn lame_rule_leap(leg: &PLeg) -> bool {
    leg.hop.is_none() && leg.reach == (Reach::Steps { min: 1, max: Some(1) }) && (leg.unblocked || leg.flip.is_some())
}

impl Shape {
    /// The shape whose captures are this shape's: a maximal rider captures, like a rider, the
    /// first piece on its way (for attack tests and maps, which see no friends).
    fn capturing(self) -> Shape {
        match self {
            Shape::Far(Reach::Maximal) => Shape::Ray { min: 1, max: None },
            Shape::Walk { .. } => Shape::Walk { capturing: true },
            other => other,
        }
    }
}

impl Gen {
    /// Reads the drop and immobility rules of `variant` (SEMANTICS.md V4-V7). The squares where a
    /// piece could never move again come from the interpreter, the reference for them.
    fn drop_rules(&mut self, variant: &Variant) {
        let kinds = variant.table.len();
        self.immobile = vec![[[0; 4]; 2]; kinds];
        if variant.spec.immobility_illegal {
            match crate::interp::Interpreter::new(variant) {
                Ok(interp) => {
                    for (k, per_color) in self.immobile.iter_mut().enumerate() {
                        for c in Color::ALL {
                            let squares = interp.immobile(mbn_runtime::PieceKind(k as u8), c);
                            per_color[c.index()] =
                                squares.iter().enumerate().filter(|(_, b)| **b).fold([0; 4], |b, (i, _)| or(b, bit(i)));
                        }
                    }
                }
                Err(_) => self.unsupported("`immobility-illegal` in a variant the interpreter cannot run"),
            }
        }
        self.drop_forbidden = self
            .immobile
            .iter()
            .enumerate()
            .map(|(k, per_color)| {
                Color::ALL.map(|c| {
                    let outside = variant.outside_drop_zone(mbn_runtime::PieceKind(k as u8), c);
                    outside
                        .iter()
                        .enumerate()
                        .filter(|(_, b)| **b)
                        .fold(per_color[c.index()], |b, (i, _)| or(b, bit(i)))
                })
            })
            .collect();
        if variant.spec.drops {
            self.drops = Some((variant.drop_limits(), variant.kind_bits(&variant.spec.drop_mate_illegal)));
        }
    }

    /// The drops of the side `color` (nothing without drops).
    fn drops(&self, color: Color) -> TokenStream {
        let Some((limits, _)) = &self.drops else { return quote!() };
        let rt = &self.rt;
        let ty = self.tables.mask_type(rt);
        let limits = limits.iter().map(|l| {
            let (file, color, board) = (l.file, l.color, l.board);
            quote!(#rt::__private::DropLimits { file: #file, color: #color, board: #board })
        });
        let arms =
            self.drop_forbidden.iter().enumerate().filter(|(_, m)| !is_empty(&m[color.index()])).map(|(k, m)| {
                let k = k as u8;
                let mask = self.tables.mask(&m[color.index()], rt);
                quote!(#k => #mask,)
            });
        quote! {
            #rt::__private::push_drops(
                pos,
                |k: PieceKind| match k.0 { #(#arms)* _ => <#ty as Bitboard>::EMPTY },
                &[#(#limits),*],
                out,
            );
        }
    }

    /// Whether the promotion choices of `kind` depend on more than the destination: optional
    /// promotion (a move starting in the zone promotes too) or squares it may not stay on.
    fn promotion_needs_from(&self, kind: usize, color: Color) -> bool {
        let zone = self.zone[color.index()].iter().any(|b| *b);
        let promotes = self.promotions.get(kind).is_some_and(|p| p.is_some()) && zone;
        (promotes && !self.mandatory) || self.immobile.get(kind).is_some_and(|m| !is_empty(&m[color.index()]))
    }

    /// `(does it promote, may it stay unpromoted)` for a move of `kind` from `from` to `to`
    /// (Square expressions), as boolean expressions (SEMANTICS.md V4, V5).
    fn promotion_tests(&self, kind: usize, color: Color) -> (TokenStream, TokenStream) {
        let rt = &self.rt;
        let zone: Bits =
            self.zone[color.index()].iter().enumerate().filter(|(_, b)| **b).fold([0; 4], |b, (i, _)| or(b, bit(i)));
        let promotes = match self.promotions.get(kind).and_then(|p| p.as_ref()) {
            Some(_) if !is_empty(&zone) => {
                let mask = self.tables.mask(&zone, rt);
                if self.mandatory {
                    quote!(#rt::__private::Bitboard::test(#mask, to))
                } else {
                    quote!((#rt::__private::Bitboard::test(#mask, to) || #rt::__private::Bitboard::test(#mask, from)))
                }
            }
            _ => quote!(false),
        };
        let immobile = self.immobile.get(kind).map(|m| m[color.index()]).unwrap_or_default();
        let mobile = if is_empty(&immobile) {
            quote!(true)
        } else {
            let mask = self.tables.mask(&immobile, rt);
            quote!(!#rt::__private::Bitboard::test(#mask, to))
        };
        let stays = if self.mandatory { quote!((!#promotes && #mobile)) } else { mobile };
        (promotes, stays)
    }

    fn unsupported(&mut self, what: &str) {
        self.diagnostics.push(
            Diagnostic::new(Span::default(), format!("{what}: not generated yet"))
                .with_help("the interpreter runs it: `mbn perft <variant> <depth> --interpret`"),
        );
    }

    fn shape(&mut self, leg: &PLeg) -> Option<Shape> {
        let unit = leg.vectors.iter().all(|v| v.0.abs() <= 1 && v.1.abs() <= 1);
        if leg.non_jumping && !unit {
            if lame_rule_leap(leg) {
                return Some(Shape::Lame);
            }
            self.unsupported("non-jumping leaps (`n`)");
            return None;
        }
        match (&leg.hop, leg.reach) {
            (None, Reach::Steps { min: 1, max: Some(1) }) => Some(Shape::Leap),
            (None, Reach::Steps { min, max }) if min >= 1 && matches!(leg.over, POver::Empty) => {
                Some(Shape::Ray { min, max })
            }
            // M69: a straight leap longer than a step (`pD0`) has hurdles between its landings too,
            // which the rays of landing squares do not see: walked.
            (Some(h), Reach::Steps { min: 1, max: None })
                if (h.hurdles.is_none() || !h.many) && !h.optional && leg.vectors.iter().all(|&v| !skips(v)) =>
            {
                Some(Shape::Hop { many: h.many })
            }
            (Some(h), Reach::Steps { min: 1, max: Some(1) }) if h.hurdles.is_none() => {
                Some(Shape::HopLeap { many: h.many, optional: h.optional })
            }
            (None, reach @ (Reach::Maximal | Reach::Edge | Reach::Halfling)) if matches!(leg.over, POver::Empty) => {
                Some(Shape::Far(reach))
            }
            // M69: the other hops and leaping sliders, square by square.
            _ => Some(Shape::Walk { capturing: false }),
        }
    }

    /// The squares a leg reaches from `from` (a `Square` expression) given the blockers `occ`.
    /// `EMPTY | f(v1) | f(v2) | ...`: the union of a bitboard expression over the vectors of a leg.
    fn union_over(
        &mut self,
        vectors: &[(i32, i32)],
        mut f: impl FnMut(&mut Self, (i32, i32)) -> TokenStream,
    ) -> TokenStream {
        let parts: Vec<TokenStream> = vectors.iter().map(|&v| f(self, v)).collect();
        let rt = &self.rt;
        let ty = self.tables.mask_type(rt);
        quote!((<#ty as #rt::__private::Bitboard>::EMPTY #(| #parts)*))
    }

    /// Splits the vectors of a ride (`min..=max` steps) into the slider families the runtime's
    /// tables cover (at least two of a family's four unit vectors; the family's method name and
    /// the per-square mask of the reachable squares, `None` for the whole unlimited family) and
    /// the vectors left to walk.
    fn slides(&mut self, vectors: &[(i32, i32)], min: u32, max: Option<u32>) -> (Vec<Slide>, Vec<(i32, i32)>) {
        if !self.sliders {
            return (Vec::new(), vectors.to_vec());
        }
        let mut slides = Vec::new();
        let mut rest: Vec<(i32, i32)> = vectors.to_vec();
        for (name, diagonal) in [("orthogonal", false), ("diagonal", true)] {
            let family =
                |v: &(i32, i32)| v.0.abs() <= 1 && v.1.abs() <= 1 && *v != (0, 0) && (v.0 * v.1 != 0) == diagonal;
            let mine: Vec<(i32, i32)> = rest.iter().copied().filter(family).collect();
            if mine.len() < 2 {
                continue;
            }
            rest.retain(|v| !family(v));
            self.uses_sliders = true;
            let mask = (mine.len() < 4 || min > 1 || max.is_some()).then(|| {
                let rays: Vec<Bits> = (0..self.tables.geometry.num_squares())
                    .map(|sq| {
                        mine.iter()
                            .flat_map(|&v| {
                                let ray = self.tables.ray(sq, v);
                                let take = max.map_or(usize::MAX, |m| m as usize);
                                ray.into_iter().take(take).skip(min as usize - 1)
                            })
                            .fold([0; 4], |b, sq| or(b, bit(sq)))
                    })
                    .collect();
                self.tables.table("SLIDE", rays)
            });
            slides.push((format_ident!("{}", name), mask));
        }
        (slides, rest)
    }

    fn targets(&mut self, leg: &PLeg, shape: &Shape, from: &TokenStream, occ: &TokenStream) -> TokenStream {
        let rt = self.rt.clone();
        let ty = self.tables.mask_type(&rt);
        match shape {
            Shape::Leap => {
                let vectors = leg.vectors.clone();
                let table = self.leap_table(&vectors);
                quote!(#table[#from.index() & SQUARE_MASK])
            }
            Shape::Ray { min, max } => {
                let (slides, rest) = self.slides(&leg.vectors, *min, *max);
                let slides: Vec<TokenStream> = slides
                    .into_iter()
                    .map(|(family, mask)| {
                        let mask = mask.map(|m| quote!(& #m[#from.index() & SQUARE_MASK]));
                        quote!((sliders.#family(#from, #occ) #mask))
                    })
                    .collect();
                let walked = self.union_over(&rest, |this, v| {
                        let full = this.ray_table(v, None);
                        let lim = this.ray_table(v, *max);
                        let first = first_blocker(this.tables.geometry, v);
                        let near = if *min > 1 {
                            let near = this.ray_table(v, Some(min - 1));
                            quote!(& !#near[#from.index() & SQUARE_MASK])
                        } else {
                            quote!()
                        };
                        quote! {{
                            let ray = #lim[#from.index() & SQUARE_MASK];
                            (match (ray & #occ).#first() {
                                Some(b) => ray & !#full[b.index() & SQUARE_MASK],
                                None => ray,
                            }) #near
                        }}
                    });
                if slides.is_empty() {
                    walked
                } else {
                    quote!((#walked #(| #slides)*))
                }
            }
            Shape::HopLeap { many, optional } => {
                self.union_over(&leg.vectors, |this, v| {
                        let leap = this.leap_table(&[v]);
                        let between = this.between_table(v);
                        let count = hurdle_count(*many, *optional);
                        quote!((if #count((#between[#from.index() & SQUARE_MASK] & #occ).count()) { #leap[#from.index() & SQUARE_MASK] } else { <#ty as #rt::__private::Bitboard>::EMPTY }))
                    })
            }
            Shape::Far(reach) => {
                let reach = *reach;
                self.union_over(&leg.vectors, |this, v| this.far_targets(v, reach, from, occ))
            }
            Shape::Lame => {
                let g = self.tables.geometry;
                self.union_over(&leg.vectors, |this, v| {
                    let leap = this.leap_table(&[v]);
                    let open: Vec<TokenStream> = multileg::king_paths(v)
                        .iter()
                        .map(|path| {
                            let crossed = this.tables.per_square("LAME", |sq| {
                                let from = Square(sq as u16);
                                if tables::offset(g, from, v).is_none() {
                                    return [0; 4];
                                }
                                let squares = path.iter().filter_map(|&o| tables::offset(g, from, o));
                                squares.fold([0; 4], |b, s| tables::or(b, tables::bit(s.index())))
                            });
                            quote!((#crossed[#from.index() & SQUARE_MASK] & #occ) == <#ty as #rt::__private::Bitboard>::EMPTY)
                        })
                        .collect();
                    quote! {
                        (if #(#open)||* {
                            #leap[#from.index() & SQUARE_MASK]
                        } else {
                            <#ty as #rt::__private::Bitboard>::EMPTY
                        })
                    }
                })
            }
            Shape::Walk { capturing } => self.walk_targets(leg, *capturing, from, occ),
            Shape::Hop { many } => {
                let hurdle_ok = self.hurdle_test(leg, quote!(us)).map(|t| quote!(if #t));
                let otherwise = if hurdle_ok.is_some() { quote!(_) } else { quote!(None) };
                self.union_over(&leg.vectors, |this, v| {
                        let full = this.ray_table(v, None);
                        let first = first_blocker(this.tables.geometry, v);
                        let beyond = if *many {
                            quote!(beyond)
                        } else {
                            quote! {
                                match (beyond & #occ).#first() {
                                    Some(b2) => beyond & !#full[b2.index() & SQUARE_MASK],
                                    None => beyond,
                                }
                            }
                        };
                        quote! {{
                            match (#full[#from.index() & SQUARE_MASK] & #occ).#first() {
                                Some(b1) #hurdle_ok => { let beyond = #full[b1.index() & SQUARE_MASK]; #beyond }
                                #otherwise => <#ty as #rt::__private::Bitboard>::EMPTY,
                            }
                        }}
                    })
            }
        }
    }

    fn leap_table(&mut self, vectors: &[(i32, i32)]) -> proc_macro2::Ident {
        let g = self.tables.geometry;
        self.tables.per_square("LEAP", |sq| {
            vectors
                .iter()
                .filter_map(|&v| tables::offset(g, mbn_runtime::Square(sq as u16), v))
                .fold([0; 4], |b, to| or(b, bit(to.index())))
        })
    }

    /// The squares strictly between `from` and `from + v` on a straight line (none for oblique
    /// vectors, or when `from + v` is off the board).
    fn between_table(&mut self, v: (i32, i32)) -> proc_macro2::Ident {
        let g = self.tables.geometry;
        let straight = v.0 == 0 || v.1 == 0 || v.0.abs() == v.1.abs();
        let n = v.0.abs().max(v.1.abs());
        let unit = (v.0.signum(), v.1.signum());
        self.tables.per_square("BETWEEN", |sq| {
            let from = mbn_runtime::Square(sq as u16);
            if !straight || tables::offset(g, from, v).is_none() {
                return [0; 4];
            }
            (1..n)
                .filter_map(|j| tables::offset(g, from, (unit.0 * j, unit.1 * j)))
                .fold([0; 4], |b, s| or(b, bit(s.index())))
        })
    }

    /// The one square a `Far` ride along `v` from `from` stops on, given the blockers `occ`
    /// (a bitboard expression). `Maximal` needs `own`, the mover's pieces, in scope.
    fn far_targets(&mut self, v: (i32, i32), reach: Reach, from: &TokenStream, occ: &TokenStream) -> TokenStream {
        let rt = self.rt.clone();
        let ty = self.tables.mask_type(&rt);
        let first = first_blocker(self.tables.geometry, v);
        let full = self.ray_table(v, None);
        let squares = self.tables.geometry.num_squares();
        let rays: Vec<Vec<usize>> = (0..squares).map(|sq| self.tables.ray(sq, v)).collect();
        let upto = |rays: &[Vec<usize>], stop: &dyn Fn(usize) -> usize, less: usize| -> Vec<Bits> {
            rays.iter()
                .map(|ray| ray.iter().take(stop(ray.len()).saturating_sub(less)).fold([0; 4], |b, &sq| or(b, bit(sq))))
                .collect()
        };
        match reach {
            Reach::Maximal => {
                // The last square before a friend, the first enemy, or the edge.
                let g = self.tables.geometry;
                let behind = self.tables.per_square("BEHIND", |sq| {
                    tables::offset(g, mbn_runtime::Square(sq as u16), (-v.0, -v.1)).map_or([0; 4], |b| bit(b.index()))
                });
                let edge =
                    self.tables.table("EDGE", rays.iter().map(|r| r.last().map_or([0; 4], |&sq| bit(sq))).collect());
                quote! {{
                    let ray = #full[#from.index() & SQUARE_MASK];
                    match (ray & #occ).#first() {
                        Some(b) => <#ty as #rt::__private::Bitboard>::from_square(b)
                            | (if #rt::__private::Bitboard::test(own, b) { ray & #behind[b.index() & SQUARE_MASK] } else { <#ty as #rt::__private::Bitboard>::EMPTY }),
                        None => ray & #edge[#from.index() & SQUARE_MASK],
                    }
                }}
            }
            _ => {
                // Exactly `stop` steps (the ray's length, or half of it rounded up) over empty squares.
                let stop: &dyn Fn(usize) -> usize =
                    if reach == Reach::Edge { &|len| len } else { &|len: usize| len.div_ceil(2) };
                let lim = self.tables.table("RAY", upto(&rays, stop, 0));
                let near = self.tables.table("RAY", upto(&rays, stop, 1));
                quote! {{
                    let ray = #lim[#from.index() & SQUARE_MASK];
                    (match (ray & #occ).#first() {
                        Some(b) => ray & !#full[b.index() & SQUARE_MASK],
                        None => ray,
                    }) & !#near[#from.index() & SQUARE_MASK]
                }}
            }
        }
    }

    /// Squares `from + k*v` for k = 1..=max (all for `None`).
    fn ray_table(&mut self, v: (i32, i32), max: Option<u32>) -> proc_macro2::Ident {
        let rays: Vec<Vec<usize>> = (0..self.tables.geometry.num_squares()).map(|sq| self.tables.ray(sq, v)).collect();
        let content = rays
            .iter()
            .map(|ray| ray.iter().take(max.map_or(usize::MAX, |m| m as usize)).fold([0; 4], |b, &sq| or(b, bit(sq))))
            .collect();
        self.tables.table("RAY", content)
    }

    /// A test of a board range on square `sq` for the side `color` (static squares become a mask).
    fn range_test(&self, r: &PRange, sq: &TokenStream, color: Color) -> TokenStream {
        let rt = &self.rt;
        let squares: Bits = r.squares.iter().enumerate().filter(|(_, b)| **b).fold([0; 4], |b, (i, _)| or(b, bit(i)));
        let mask = self.tables.mask(&squares, rt);
        let mut terms = vec![quote!(#rt::__private::Bitboard::test(#mask, #sq))];
        let them = if color == Color::White { quote!(Color::Black) } else { quote!(Color::White) };
        let attacked = if self.unattacked.as_ref() == Some(&sq.to_string()) {
            quote!(false)
        } else if self.threat_captures {
            quote!(Self::is_square_threatened(pos, #sq, #them))
        } else {
            // A side never threatens a square its own piece stands on.
            quote!((!pos.by_color(#them).test(#sq) && self.is_square_attacked(pos, #sq, #them)))
        };
        if r.threatened {
            terms.push(attacked.clone());
        }
        if r.unthreatened {
            terms.push(quote!(!#attacked));
        }
        if r.unmoved {
            terms.push(quote!(pos.unmoved().test(#sq)));
        }
        let complement = r.complement;
        quote!(((#(#terms)||*) != #complement))
    }

    /// Whether the square `b1` holds a hurdle a hopping leg of a piece of colour `side` (a `Color`
    /// expression) may hop, when its hurdles are a set (`p{^C}`); `None` when any piece will do.
    fn hurdle_test(&self, leg: &PLeg, side: TokenStream) -> Option<TokenStream> {
        let set = leg.hop.as_ref()?.hurdles.as_ref()?;
        let mask = self.set_mask(set);
        Some(quote!({ let (us, them) = (#side, !#side); #mask }.test(b1)))
    }

    /// The pieces of a set, as a bitboard expression, for the mover `us`.
    fn set_mask(&self, set: &PSet) -> TokenStream {
        let mut parts = Vec::new();
        for (k, letter) in self.letters.iter().enumerate() {
            let kind = k as u8;
            for (friend, side) in [(true, quote!(us)), (false, quote!(them))] {
                let hit = set.members.iter().any(|&(l, f)| l == *letter && f.is_none_or(|f| f == friend));
                if hit != set.complement {
                    parts.push(quote!(pos.pieces(PieceKind(#kind), #side)));
                }
            }
        }
        let ty = self.tables.mask_type(&self.rt);
        let rt = &self.rt;
        quote!((<#ty as #rt::__private::Bitboard>::EMPTY #(| #parts)*))
    }

    /// What a leg may capture: a bitboard expression. Never one's own royal pieces (M91: `ccW`
    /// beside the King takes other friends only).
    fn capturable(&self, leg: &PLeg) -> Option<TokenStream> {
        let pieces = self.pieces_of(&leg.captures)?;
        let friends = leg.captures.iter().any(|t| t.side != Side::Enemy);
        let royal: Vec<u8> = (0..self.royal.len()).filter(|&k| self.royal[k]).map(|k| k as u8).collect();
        if !friends || royal.is_empty() {
            return Some(pieces);
        }
        let rt = &self.rt;
        Some(quote!((#pieces & !(#(pos.pieces(#rt::__private::PieceKind(#royal), us))|*))))
    }

    /// The pieces some targets name (captures, swaps): a bitboard expression, `None` for none.
    fn pieces_of(&self, targets: &[crate::plan::PTargets]) -> Option<TokenStream> {
        let parts: Vec<TokenStream> = targets
            .iter()
            .map(|t| {
                let side = match t.side {
                    Side::Enemy => quote!(enemy),
                    Side::Friend => quote!(own),
                    Side::Any => quote!(occ),
                };
                let sets = t.only.iter().map(|s| self.set_mask(s));
                if t.only.is_empty() {
                    side
                } else {
                    quote!((#side #(& #sets)*))
                }
            })
            .collect();
        match parts.as_slice() {
            [] => None,
            [one] => Some(one.clone()),
            _ => Some(quote!((#(#parts)|*))),
        }
    }

    /// Counting a plain leap leg for all `free` pieces of a kind at once: per vector, the pieces
    /// that stay on the board shifted by the vector's index offset (en passant captures are not
    /// counted: see `en_passant_listed`). `None` when the leg needs the per-piece path (dynamic
    /// ranges, more than two vectors, promotion choices depending on the start square).
    fn leap_count(&mut self, leg: &PLeg, kind: usize, color: Color) -> Option<TokenStream> {
        // Unsupported shapes were reported when the leg was listed (duplicates are merged).
        // Shifting costs per vector, a table lookup per piece: worth it for few vectors (pawns).
        // Short rides (a pawn's double step) are stepped: the squares reached with the path so
        // far empty, shifted once more per step.
        let (min, max) = match self.shape(leg)? {
            Shape::Leap => (1, 1),
            Shape::Ray { min, max: Some(max) } if max <= 4 => (min, max),
            _ => return None,
        };
        if leg.vectors.len() > 2 || leg.swap.is_some() || !leg.attackers.is_empty() || !leg.conditions.is_empty() {
            return None;
        }
        if leg.unblocked || leg.flip.is_some() || leg.check_rule.is_some() {
            return None;
        }
        if self.promotion_needs_from(kind, color) {
            return None;
        }
        if leg.origin.iter().chain(&leg.destination).any(|r| r.threatened || r.unthreatened || r.unmoved) {
            return None;
        }
        let rt = self.rt.clone();
        let pieces = self.leg_pieces(leg, quote!(free), true);
        let dest = leg.destination.iter().map(|r| self.tables.mask(&range_bits(r), &rt)).collect::<Vec<_>>();
        let capturable = self.capturable(leg);
        let mut code = Vec::new();
        for &v in &leg.vectors {
            let shifted = self.shifted(quote!(path), v);
            // Quiet moves go to empty squares, captures to occupied ones: one count for both.
            let mut actions = Vec::new();
            match (leg.moves, &capturable) {
                (true, Some(c)) => actions.push(self.count(kind, color, quote!(to & (!occ | #c) #(& #dest)*), &[])),
                (true, None) => actions.push(self.count(kind, color, quote!(to & !occ #(& #dest)*), &[])),
                (false, Some(c)) => actions.push(self.count(kind, color, quote!(to & #c #(& #dest)*), &[])),
                (false, None) => {}
            }
            let steps = (1..=max).map(|step| {
                let actions = (step >= min).then(|| quote!(#(#actions)*));
                let next = (step < max).then(|| quote!(let path = to & !occ;));
                quote! {
                    let to = #shifted;
                    #actions
                    #next
                }
            });
            code.push(quote! {{
                let path = #pieces;
                #(#steps)*
            }});
        }
        Some(quote!(#(#code)*))
    }

    /// Adding to `n` the number of moves to the squares `set` (a bitboard expression), each
    /// counted once per promotion choice in the zone.
    fn count(&self, kind: usize, color: Color, set: TokenStream, dest: &[TokenStream]) -> TokenStream {
        if self.promotion_needs_from(kind, color) {
            // Per square: the promotions, and the unpromoted move where allowed.
            let (promotes, stays) = self.promotion_tests(kind, color);
            let per = self.promotions.get(kind).and_then(|p| p.as_ref()).map_or(0, |t| t.len() as u64);
            let dest_ok = if dest.is_empty() { quote!(true) } else { quote!(#(#dest)&&*) };
            return quote! {{
                let mut set = #set;
                while let Some(to) = set.pop_lowest() {
                    if #dest_ok {
                        if #promotes { n += #per; }
                        if #stays { n += 1; }
                    }
                }
            }};
        }
        let zone: Bits =
            self.zone[color.index()].iter().enumerate().filter(|(_, b)| **b).fold([0; 4], |b, (i, _)| or(b, bit(i)));
        let weight = match &self.promotions[kind] {
            Some(targets) if !is_empty(&zone) => {
                let per = targets.len() as u64 + u64::from(!self.mandatory);
                Some((self.tables.mask(&zone, &self.rt), per))
            }
            _ => None,
        };
        if dest.is_empty() {
            return match weight {
                None => quote!(n += (#set).count() as u64;),
                // Promotions are rare: the zone is counted only when reached.
                Some((zone, per)) if per >= 2 => {
                    let extra = per - 1;
                    quote! {{
                        let set = #set;
                        let promoting = set & #zone;
                        n += set.count() as u64;
                        if promoting != <_ as Bitboard>::EMPTY {
                            n += promoting.count() as u64 * #extra;
                        }
                    }}
                }
                Some((zone, per)) => quote! {{
                    let set = #set;
                    n += (set & !#zone).count() as u64 + (set & #zone).count() as u64 * #per;
                }},
            };
        }
        let per_square = match weight {
            None => quote!(1),
            Some((zone, per)) => quote!(if #zone.test(to) { #per } else { 1 }),
        };
        quote! {{
            let mut set = #set;
            while let Some(to) = set.pop_lowest() {
                if #(#dest)&&* { n += #per_square; }
            }
        }}
    }

    /// Pushing `mv` (a `Move` expression whose destination is `to`), with promotions.
    fn push(&self, kind: usize, color: Color, mv: TokenStream) -> TokenStream {
        let mv = if self.decisive { quote!((#mv).decisive()) } else { mv };
        let mv = match self.check_rule {
            Some(mate_only) => quote!((#mv).no_check(#mate_only)),
            None => mv,
        };
        self.push_promoting(kind, color, mv)
    }

    /// Pushing `mv` (a move of `kind`, flags set) with the kind's promotions in its zone.
    fn push_promoting(&self, kind: usize, color: Color, mv: TokenStream) -> TokenStream {
        self.push_promoting_by(kind, color, mv, |mv| quote!(out.push(#mv);))
    }

    /// Pushing `mv` (a move of `kind`, flags set) by `push`, once for each way it ends: unpromoted
    /// unless it must promote or could never move again, promoted to each choice where it may
    /// (SEMANTICS.md V4, V5).
    pub(super) fn push_promoting_by(
        &self,
        kind: usize,
        color: Color,
        mv: TokenStream,
        push: impl Fn(TokenStream) -> TokenStream,
    ) -> TokenStream {
        let plain = push(quote!(mv));
        if self.promotion_needs_from(kind, color) {
            let (promotes, stays) = self.promotion_tests(kind, color);
            let targets = self.promotions.get(kind).cloned().flatten().unwrap_or_default();
            let promoted = targets.iter().map(|t| push(quote!(mv.with_promotion(PieceKind(#t)))));
            return quote! {{
                let mv = #mv;
                let (from, to) = (mv.from(), mv.to());
                if #stays {
                    #plain
                }
                if #promotes {
                    #(#promoted)*
                }
            }};
        }
        let Some(targets) = &self.promotions[kind] else { return push(mv) };
        let zone: Bits =
            self.zone[color.index()].iter().enumerate().filter(|(_, b)| **b).fold([0; 4], |b, (i, _)| or(b, bit(i)));
        if is_empty(&zone) {
            return push(mv);
        }
        let mask = self.tables.mask(&zone, &self.rt);
        let rt = &self.rt;
        let keep = (!self.mandatory).then(|| plain.clone());
        let promoted = targets.iter().map(|t| push(quote!(mv.with_promotion(PieceKind(#t)))));
        quote! {{
            let mv = #mv;
            if #rt::__private::Bitboard::test(#mask, mv.to()) {
                #keep
                #(#promoted)*
            } else {
                #plain
            }
        }}
    }

    /// `{...}` before a leg of kind `kind` whose piece of colour `side` stands on `from` (M23):
    /// its square is attacked by an enemy in each set, by legs without attacker sets, on the
    /// board `occ`.
    fn escapes(&self, leg: &PLeg, kind: u8, side: TokenStream, occ: TokenStream) -> TokenStream {
        let tests = leg.attackers.iter().map(|set| {
            let members = self.set_mask(set);
            quote! {{
                let (us, them) = (#side, !#side);
                Self::attacked_in_plain(pos, from, them, #occ, pos.by_color(them) & !#members, PieceKind(#kind))
            }}
        });
        quote!((true #(&& #tests)*))
    }

    /// `/.../` on a leg (M30): some square of each condition holds a piece of its set, read from
    /// the side `side`; `None` without conditions.
    fn conditions_test(&self, leg: &PLeg, side: TokenStream) -> Option<TokenStream> {
        if leg.conditions.is_empty() {
            return None;
        }
        let rt = &self.rt;
        let ty = self.tables.mask_type(rt);
        let tests: Vec<TokenStream> = leg
            .conditions
            .iter()
            .map(|c| {
                let squares = c.squares.iter().enumerate().filter(|(_, b)| **b).fold([0; 4], |b, (i, _)| or(b, bit(i)));
                let mask = self.tables.mask(&squares, rt);
                let pieces = c.pieces.as_ref().map_or(quote!(pos.occupied()), |set| self.set_mask(set));
                quote!(((#pieces & #mask) != <#ty as #rt::__private::Bitboard>::EMPTY))
            })
            .collect();
        Some(quote!({
            #[allow(unused_variables)]
            let (us, them) = (#side, !#side);
            #(#tests)&&*
        }))
    }

    /// Whether two single legs of a piece may reach the same square from some square (the
    /// Crocodile's `K` and `fR`): then each piece's moves are made once (`dedup`).
    fn legs_overlap(&self, legs: &[PLeg]) -> bool {
        let g = self.tables.geometry;
        // Per leg and square: the squares it can ever reach from there.
        let reach: Vec<Vec<Bits>> = legs
            .iter()
            .map(|leg| {
                (0..g.num_squares())
                    .map(|sq| {
                        leg.vectors.iter().fold([0; 4], |b, &v| {
                            let ray = self.tables.ray(sq, v);
                            let (lo, hi) = match leg.reach {
                                Reach::Steps { min, max } => {
                                    (min.max(1) as usize, max.map_or(ray.len(), |m| m as usize))
                                }
                                _ => (1, ray.len()),
                            };
                            ray.iter().take(hi).skip(lo - 1).fold(b, |b, &s| or(b, bit(s)))
                        })
                    })
                    .collect()
            })
            .collect();
        (0..legs.len()).any(|i| {
            (i + 1..legs.len()).any(|j| (0..g.num_squares()).any(|sq| !is_empty(&and(reach[i][sq], reach[j][sq]))))
        })
    }

    /// The moves of the side `color`.
    ///
    /// With `count`, the moves of pieces not on `risky` (royal or possibly pinned) are counted
    /// into `n`; the others are listed, for an exact test.
    fn side(&mut self, legs: &[[Vec<PLeg>; 2]], castlings: &[PCastling], color: Color, count: bool) -> TokenStream {
        let mut body = Vec::new();
        for (kind, per_color) in legs.iter().enumerate() {
            let k = kind as u8;
            let mut listed = Vec::new();
            let mut counted = Vec::new();
            let mut setwise = Vec::new();
            // The royal piece's moves, counted to the squares the opponent does not attack (not
            // for royal pieces capturing en passant: the victim may have attacked the square).
            let mut royal = Vec::new();
            let royal_counted = count
                && self.royal[kind]
                && per_color[color.index()].iter().all(|l| l.en_passant.is_none())
                && self.attack_map_total(legs, !color);
            let rt = self.rt.clone();
            let ty = self.tables.mask_type(&rt);
            self.dedup = self.legs_overlap(&per_color[color.index()]);
            for leg in &per_color[color.index()] {
                if let Some(code) = self.leg_moves(leg, kind, color, false) {
                    listed.push(code);
                }
                if royal_counted {
                    // The map is computed once, when a royal piece first has somewhere to go.
                    self.only = Some(quote! {
                        if (targets & !own) != <#ty as Bitboard>::EMPTY {
                            targets & !attack_map
                                .get_or_insert_with(|| Self::attack_map(pos, them, occ & !royals))
                                .unwrap_or(!<#ty as Bitboard>::EMPTY)
                        } else {
                            targets
                        }
                    });
                    royal.extend(self.leg_moves(leg, kind, color, true));
                    self.only = None;
                }
                if count {
                    if let Some(code) = self.leap_count(leg, kind, color).filter(|_| !self.dedup) {
                        setwise.push(code);
                        setwise.extend(self.en_passant_listed(leg, kind, color));
                    } else if let Some(code) = self.leg_moves(leg, kind, color, true) {
                        counted.push(code);
                    }
                }
            }
            if let Some(pass) = self.pass_moves(kind, color, false) {
                listed.push(pass);
            }
            if count {
                if let Some(pass) = self.pass_moves(kind, color, true) {
                    counted.push(pass.clone());
                    if !royal.is_empty() {
                        royal.push(pass);
                    }
                }
            }
            let moves = self.multi.get(kind).map(|m| m[color.index()].clone()).unwrap_or_default();
            if !moves.is_empty() {
                // Multi-leg landings are pushed after the piece's single legs, never twice.
                let singles = !listed.is_empty();
                listed.insert(0, quote!(let start = out.len();));
                listed.push(self.multi_moves(&moves, kind, color, singles));
                // M94: a multi-leg move with e.p. rights beside another making the same move
                // without them (single-leg moves alone are ordered so, M93).
                if moves.iter().any(multileg::leaves_rights)
                    || per_color[color.index()].iter().any(|l| l.move_allows_en_passant)
                {
                    listed.push(quote!(out.drop_double_steps_made_quietly_from(start);));
                }
                if count {
                    counted.clone_from(&listed);
                    setwise.clear();
                }
            }
            if let Some(imitated) = self.imitated_moves(kind, color) {
                // Imitated moves (X62) follow the piece's own; the list is deduplicated at the end.
                listed.push(imitated);
                if count {
                    counted.clone_from(&listed);
                    setwise.clear();
                }
            }
            if let Some(borrowed) = self.borrowed_moves(legs, kind, color) {
                // Borrowed moves (X29) follow the piece's own; the list is deduplicated at the end.
                if moves.is_empty() {
                    listed.insert(0, quote!(let start = out.len();));
                }
                listed.push(borrowed);
                if count {
                    counted.clone_from(&listed);
                    setwise.clear();
                }
            }
            if listed.is_empty() {
                continue;
            }
            if self.check_rules {
                // M82: a move made by legs with different check rules is listed once.
                listed.insert(0, quote!(let merge = out.len();));
                listed.push(quote!(out.merge_check_rules_from(merge);));
                if count {
                    counted.clone_from(&listed);
                    setwise.clear();
                }
            }
            // Swaps and flips, made once each too (`seen_swaps`, `seen_flips`).
            let seen = self.dedup.then(|| {
                quote! {
                    let mut seen = <#ty as Bitboard>::EMPTY;
                    let mut seen_swaps = <#ty as Bitboard>::EMPTY;
                    let mut seen_flips = <#ty as Bitboard>::EMPTY;
                }
            });
            if count {
                // Pieces whose every counted leg is a leap only need the loop when risky.
                let only_risky = counted.is_empty().then(|| quote!(froms &= risky;));
                // With one royal piece, not in check, and an attack map (never `None` here): the
                // royal piece's moves are legal where the map (royal piece lifted) does not reach.
                let royal = (!royal.is_empty()).then(|| {
                    quote! {
                        if royals.test(from) {
                            #(#royal)*
                            continue;
                        }
                    }
                });
                body.push(quote! {
                    let free = pos.pieces(PieceKind(#k), us) & !risky;
                    #(#setwise)*
                    let mut froms = pos.pieces(PieceKind(#k), us);
                    #only_risky
                    while let Some(from) = froms.pop_lowest() {
                        #seen
                        #royal
                        if risky.test(from) { #(#listed)* } else { #(#counted)* }
                    }
                });
            } else {
                body.push(quote! {
                    let mut froms = pos.pieces(PieceKind(#k), us);
                    while let Some(from) = froms.pop_lowest() {
                        #seen
                        #(#listed)*
                    }
                });
            }
        }
        self.dedup = false;
        for c in castlings {
            body.push(self.castling(c, color, count));
        }
        body.push(self.drops(color));
        quote!(#(#body)*)
    }

    /// The passes (M26) of a piece of `kind` on `from`: one, when the guards of any of its pass legs
    /// hold. With `count` it is counted: counting runs with one royal piece not in check, where a
    /// pass, which changes nothing on the board, is legal.
    ///
    /// The legs come sorted as [`Prep::moves`] leaves them, so the first whose guards hold (a
    /// decisive one before a plain one, M31) gives the pass its flags (M99).
    fn pass_moves(&self, kind: usize, color: Color, count: bool) -> Option<TokenStream> {
        let legs = self.passes.get(kind).map(|p| &p[color.index()]).filter(|l| !l.is_empty())?;
        let branches = legs.iter().map(|leg| {
            let mut guards = vec![quote!(true)];
            if leg.initial {
                let ready = self.initial_mask(leg, true);
                guards.push(quote!(#ready.test(from)));
            }
            if !leg.attackers.is_empty() {
                guards.push(self.escapes(leg, kind as u8, quote!(us), quote!(occ)));
            }
            guards.extend(self.conditions_test(leg, quote!(us)));
            for r in leg.origin.iter().chain(&leg.destination) {
                guards.push(self.range_test(r, &quote!(from), color));
            }
            let mut mv = quote!(Move::pass(from));
            if leg.decisive {
                mv = quote!(#mv.decisive());
            }
            if let Some(mate_only) = leg.check_rule {
                mv = quote!(#mv.no_check(#mate_only));
            }
            let action = if count { quote!(n += 1;) } else { quote!(out.push(#mv);) };
            quote!(if #(#guards)&&* { #action })
        });
        Some(quote!(#(#branches)else*))
    }

    /// The moves of one leg of a piece on `from`.
    /// With `count`, quiet moves and captures are counted into `n` instead of listed (en passant
    /// captures, which may uncover a royal piece, are still listed).
    fn leg_moves(&mut self, leg: &PLeg, kind: usize, color: Color, count: bool) -> Option<TokenStream> {
        self.decisive = leg.decisive;
        self.check_rule = leg.check_rule;
        let code = self.leg_moves_of(leg, kind, color, count);
        self.decisive = false;
        self.check_rule = None;
        code
    }

    /// [`Gen::leg_moves`], with `self.decisive` set for the leg.
    fn leg_moves_of(&mut self, leg: &PLeg, kind: usize, color: Color, count: bool) -> Option<TokenStream> {
        // `u` tests the leg's own targets: its directions must be the written leg's (M90; legs
        // merge only with the same `unblocked_by`, so `uK`'s W and F legs are one leg here).
        if leg.unblocked
            && !(leg.vectors.iter().all(|v| leg.unblocked_by.contains(v))
                && leg.unblocked_by.iter().all(|v| leg.vectors.contains(v)))
        {
            self.unsupported("`u` on a leg the code generator splits from the rest of its written leg");
            return None;
        }
        let shape = self.shape(leg)?;
        let targets = self.targets(leg, &shape, &quote!(from), &quote!(occ));
        let mut guards = Vec::new();
        if leg.initial {
            let ready = self.initial_mask(leg, true);
            guards.push(quote!(#ready.test(from)));
        }
        if !leg.attackers.is_empty() {
            guards.push(self.escapes(leg, kind as u8, quote!(us), quote!(occ)));
        }
        guards.extend(self.conditions_test(leg, quote!(us)));
        for r in &leg.origin {
            guards.push(self.range_test(r, &quote!(from), color));
        }
        let dest: Vec<TokenStream> = leg.destination.iter().map(|r| self.range_test(r, &quote!(to), color)).collect();
        let dest_ok = |push: TokenStream| if dest.is_empty() { push } else { quote!(if #(#dest)&&* { #push }) };
        let mut actions = Vec::new();
        if leg.moves {
            let mv = if leg.move_allows_en_passant {
                let king = self.leap_table(&KING_STEPS);
                quote! {
                    if #king[from.index() & SQUARE_MASK].test(to) { Move::quiet(from, to) } else { Move::double_step(from, to) }
                }
            } else {
                quote!(Move::quiet(from, to))
            };
            if count {
                // Captures, on occupied squares, are counted with the quiet moves.
                let set = match self.capturable(leg) {
                    Some(c) => quote!(targets & (!occ | #c)),
                    None => quote!(targets & !occ),
                };
                actions.push(self.count(kind, color, set, &dest));
            } else {
                let push = dest_ok(self.push(kind, color, mv));
                actions.push(quote! {
                    let mut quiet = targets & !occ;
                    while let Some(to) = quiet.pop_lowest() {
                        #push
                    }
                });
            }
        }
        if let Some(capturable) = self.capturable(leg) {
            if count && leg.moves {
                // Counted with the quiet moves.
            } else if count {
                actions.push(self.count(kind, color, quote!(targets & #capturable), &dest));
            } else {
                let push = dest_ok(self.push(kind, color, quote!(Move::capture(from, to))));
                actions.push(quote! {
                    let mut hits = targets & #capturable;
                    while let Some(to) = hits.pop_lowest() {
                        #push
                    }
                });
            }
        }
        let en_passant = leg
            .en_passant
            .as_ref()
            .map(|pieces| self.en_passant(pieces, kind, dest_ok(self.en_passant_push(leg, kind, color))));
        let only = self.only.clone().filter(|_| count).map(|only| quote!(let targets = #only;));
        // Swaps and flips are listed even when counting (the exact test makes them), from all
        // targets.
        let swaps = self.swap_moves(leg, dest_ok);
        let flips = self.flip_moves(leg, dest_ok);
        let swaps = quote!(#swaps #flips);
        // `u` (M32): no moves while an enemy stands where the leg could capture it.
        let blocked = leg.unblocked.then(|| {
            let rt = &self.rt;
            let ty = self.tables.mask_type(rt);
            quote! {
                let targets = if (targets & enemy) != <#ty as Bitboard>::EMPTY { <#ty as Bitboard>::EMPTY } else { targets };
            }
        });
        let body = if self.dedup {
            // Another leg of the piece may reach the same squares: each move once (the squares
            // an earlier leg made a quiet move or capture to are `seen`).
            let rt = &self.rt;
            let ty = self.tables.mask_type(rt);
            let made = match (leg.moves, self.capturable(leg)) {
                (true, Some(c)) => quote!(targets & (!occ | #c)),
                (true, None) => quote!(targets & !occ),
                (false, Some(c)) => quote!(targets & #c),
                (false, None) => quote!(<#ty as Bitboard>::EMPTY),
            };
            let record = if dest.is_empty() {
                quote!(seen |= #made;)
            } else {
                quote! {
                    let mut made = #made;
                    while let Some(to) = made.pop_lowest() {
                        if #(#dest)&&* { seen |= <#ty as Bitboard>::from_square(to); }
                    }
                }
            };
            quote! {
                let targets = #targets;
                #blocked
                #swaps
                #en_passant
                let targets = targets & !seen;
                #record
                #only
                #(#actions)*
            }
        } else {
            quote! {
                let targets = #targets;
                #blocked
                #swaps
                #only
                #(#actions)*
                #en_passant
            }
        };
        Some(if guards.is_empty() { quote!({ #body }) } else { quote!(if #(#guards)&&* { #body }) })
    }

    /// Pushing the en passant capture `from`-`to` of `leg`, decisive (`#`, M31), with its check
    /// rule (`k`, `kk`, M33) and promoting in the zone (M139) as the leg's other moves.
    fn en_passant_push(&self, leg: &PLeg, kind: usize, color: Color) -> TokenStream {
        let decisive = leg.decisive.then(|| quote!(.decisive()));
        let rule = leg.check_rule.map(|mate_only| quote!(.no_check(#mate_only)));
        self.push_promoting(kind, color, quote!(Move::en_passant(from, to) #decisive #rule))
    }

    /// Pushing the en passant captures of a leg whose `targets` from `from` are known, with `push`
    /// (the push of `Move::en_passant(from, to)` under the leg's destination tests).
    fn en_passant(&self, pieces: &Option<PSet>, kind: usize, push: TokenStream) -> TokenStream {
        let k = self.ep_kind.unwrap_or(kind) as u8;
        let victim_ok = match pieces {
            None => quote!(victim.kind == PieceKind(#k)),
            Some(set) => {
                let mask = self.set_mask(set);
                quote!(#mask.test(victim_sq))
            }
        };
        quote! {
            let mut passed = targets & pos.ep_targets() & !occ;
            if let Some(victim_sq) = pos.ep_victim() {
                if let Some(victim) = pos.piece_at(victim_sq) {
                    if victim.color == them && #victim_ok {
                        while let Some(to) = passed.pop_lowest() {
                            #push
                        }
                    }
                }
            }
        }
    }

    /// The en passant captures of a leg for the `free` pieces of a kind whose other moves were
    /// counted all at once (`leap_count`): listed, for the exact test, and only when there is an
    /// en passant square.
    fn en_passant_listed(&mut self, leg: &PLeg, kind: usize, color: Color) -> Option<TokenStream> {
        let pieces = leg.en_passant.as_ref()?;
        let shape = self.shape(leg)?;
        let targets = self.targets(leg, &shape, &quote!(from), &quote!(occ));
        let mut guards = Vec::new();
        if leg.initial {
            let ready = self.initial_mask(leg, true);
            guards.push(quote!(#ready.test(from)));
        }
        for r in &leg.origin {
            guards.push(self.range_test(r, &quote!(from), color));
        }
        let dest: Vec<TokenStream> = leg.destination.iter().map(|r| self.range_test(r, &quote!(to), color)).collect();
        let push = self.en_passant_push(leg, kind, color);
        let push = if dest.is_empty() { push } else { quote!(if #(#dest)&&* { #push }) };
        let ep = self.en_passant(pieces, kind, push);
        let rt = &self.rt;
        let ty = self.tables.mask_type(rt);
        Some(quote! {
            if pos.ep_targets() != <#ty as Bitboard>::EMPTY {
                let mut froms = free;
                while let Some(from) = froms.pop_lowest() {
                    if true #(&& #guards)* {
                        let targets = #targets;
                        #ep
                    }
                }
            }
        })
    }

    /// One castling rule for the side `color`: the royal's move with the partner invisible, the
    /// partner's with the royal invisible; the royal may not start, pass or end attacked.
    ///
    /// With `count` (one royal piece, not in check), the castlings are counted into `n` after
    /// the test `retain_legal` would make.
    fn castling(&mut self, c: &PCastling, color: Color, count: bool) -> TokenStream {
        let g = self.tables.geometry;
        let files = i32::from(g.files());
        let side = match c.kind {
            CastlingKind::Short => quote!(pf > rf),
            CastlingKind::Long => quote!(pf < rf),
            CastlingKind::Vertical => {
                self.unsupported("vertical castling (`O-O-O-O`)");
                return quote!();
            }
        };
        // Counting, the royal piece is known not to be in check.
        self.unattacked = count.then(|| quote!(r).to_string());
        let royal: Vec<TokenStream> = c.royal[color.index()]
            .clone()
            .iter()
            .filter_map(|leg| self.castling_leg(leg, color, quote!(r), quote!(occ_r)))
            .collect();
        self.unattacked = None;
        let partner: Vec<TokenStream> = c.partner[color.index()]
            .clone()
            .iter()
            .filter_map(|leg| self.castling_leg(leg, color, quote!(p), quote!(occ_p)))
            .collect();
        // `#` on a castling leg (M53): the castlings reaching a destination of such a leg are
        // decisive (listed only; counting does not need it).
        let decisive = |this: &mut Self, legs: &[PLeg], from: TokenStream, occ: TokenStream| {
            let reach: Vec<TokenStream> = legs
                .iter()
                .filter(|leg| leg.decisive)
                .filter_map(|leg| this.castling_leg(leg, color, from.clone(), occ.clone()))
                .collect();
            (!count && !reach.is_empty()).then_some(reach)
        };
        let royal_decisive = decisive(self, &c.royal[color.index()], quote!(r), quote!(occ_r));
        let partner_decisive = decisive(self, &c.partner[color.index()], quote!(p), quote!(occ_p));
        let them = if color == Color::White { quote!(Color::Black) } else { quote!(Color::White) };
        let rt = &self.rt;
        let ty = self.tables.mask_type(rt);
        // XBetza `O` (X30): the partner lands beside the royal piece, on the side it came from
        // (the royal piece moves along the rank, so that square is on the board).
        let beside = c.beside.then(|| {
            quote!(& <#ty as Bitboard>::from_square(#rt::__private::Square((kt.index() as i32 + if pf > rf { -1 } else { 1 }) as u16)))
        });
        // XBetza `jO` (X61): the partner is the piece beside the right's, toward the royal piece.
        let next_closer = c.next_closer.then(|| {
            quote! {
                let p = #rt::__private::Square((p.index() as i32 + if pf > rf { -1 } else { 1 }) as u16);
                if p == r || !own.test(p) {
                    continue;
                }
            }
        });
        // `O-O{C}=…` (M87): only partners of the set.
        let partner_set = c.partners.as_ref().map(|set| {
            let mask = self.set_mask(set);
            quote!(if !#mask.test(p) { continue; })
        });
        let royal_kinds = self.royal.iter().enumerate().filter(|(_, r)| **r).map(|(k, _)| k as u8);
        let royals = quote!((<#ty as Bitboard>::EMPTY #(| pos.pieces(PieceKind(#royal_kinds), us))*));
        let royal_kind = self.royal.iter().position(|&r| r).unwrap_or(0) as u8;
        // The path is tested on the board before the castling, the royal piece on its square (a
        // hopper may hop it, a lame leap be blocked by it). The attack map lifts the royal
        // pieces, which changes no attack on the path when the opponent only leaps and slides:
        // a slide through the royal piece's square attacks that square too.
        let map = if self.plain_attacks[(!color).index()] {
            quote!(let map = *attack_map.get_or_insert_with(|| Self::attack_map(pos, #them, occ & !royals));)
        } else {
            quote!(let map: Option<#ty> = None;)
        };
        let add = if count {
            // As `retain_legal` tests a castling: the royal piece safe on its destination with
            // both pieces moved.
            let exact = quote! {
                let after = (occ & !<#ty as Bitboard>::from_square(r) & !<#ty as Bitboard>::from_square(p))
                    | <#ty as Bitboard>::from_square(kt)
                    | <#ty as Bitboard>::from_square(pt);
                let mover = pos.piece_at(r).map_or(PieceKind(#royal_kind), |piece| piece.kind);
                if !Self::attacked_in(pos, kt, #them, after, <#ty as Bitboard>::EMPTY, mover) {
                    n += 1;
                }
            };
            if self.sliders && self.plain_attacks[(!color).index()] {
                self.uses_sliders = true;
                // The map (royal piece lifted) found `kt` safe. With leaps and slides only, the
                // move changes that only by the partner leaving `p` (the pieces arriving block):
                // the exact test only when an enemy stands where the lines from `kt` now reach.
                quote! {
                    let lifted = occ & !royals;
                    let without_p = lifted & !<#ty as Bitboard>::from_square(p);
                    let opened = (sliders.orthogonal(kt, without_p) & !sliders.orthogonal(kt, lifted))
                        | (sliders.diagonal(kt, without_p) & !sliders.diagonal(kt, lifted));
                    if map.is_some() && (opened & pos.by_color(#them)) == <#ty as Bitboard>::EMPTY {
                        n += 1;
                    } else {
                        #exact
                    }
                }
            } else {
                exact
            }
        } else if royal_decisive.is_some() || partner_decisive.is_some() {
            let tests =
                [(&royal_decisive, quote!(kt)), (&partner_decisive, quote!(pt))].map(|(reach, sq)| match reach {
                    Some(reach) => quote!(((<#ty as Bitboard>::EMPTY #(| #reach)*).test(#sq))),
                    None => quote!(false),
                });
            let [royal_test, partner_test] = tests;
            quote! {
                let mv = Move::castle(r, kt, p, pt);
                out.push(if #royal_test || #partner_test { mv.decisive() } else { mv });
            }
        } else {
            quote!(out.push(Move::castle(r, kt, p, pt));)
        };
        quote! {{
            let rights = pos.castling_rights() & own;
            let royals = #royals;
            let mut each_royal = if rights == <#ty as Bitboard>::EMPTY { <#ty as Bitboard>::EMPTY } else { royals };
            while let Some(r) = each_royal.pop_lowest() {
                let mut partners = rights;
                while let Some(p) = partners.pop_lowest() {
                    let (rf, pf) = (r.index() as i32 % #files, p.index() as i32 % #files);
                    if r.index() as i32 / #files != p.index() as i32 / #files || !(#side) {
                        continue;
                    }
                    #next_closer
                    #partner_set
                    let occ_r = occ & !<#ty as Bitboard>::from_square(p);
                    let mut royal_to = <#ty as Bitboard>::EMPTY #(| #royal)*;
                    while let Some(kt) = royal_to.pop_lowest() {
                        // The royal piece may not start, pass or end attacked.
                        let (step, count) = {
                            let (df, dr) = (kt.index() as i32 % #files - rf, kt.index() as i32 / #files - r.index() as i32 / #files);
                            (df.signum() + dr.signum() * #files, df.abs().max(dr.abs()))
                        };
                        #map
                        let safe = (0..=count).all(|j| {
                            let at = #rt::__private::Square((r.index() as i32 + j * step) as u16);
                            match map {
                                Some(m) => !m.test(at),
                                None => !self.is_square_attacked(pos, at, #them),
                            }
                        });
                        if !safe {
                            continue;
                        }
                        let occ_p = occ & !<#ty as Bitboard>::from_square(r) & !<#ty as Bitboard>::from_square(p) & !<#ty as Bitboard>::from_square(kt);
                        let mut partner_to = (<#ty as Bitboard>::EMPTY #(| #partner)*) & !<#ty as Bitboard>::from_square(kt) #beside;
                        while let Some(pt) = partner_to.pop_lowest() {
                            #add
                        }
                    }
                }
            }
        }}
    }

    /// The empty destinations of one castling leg from `from`, with blockers `occ`.
    fn castling_leg(&mut self, leg: &PLeg, color: Color, from: TokenStream, occ: TokenStream) -> Option<TokenStream> {
        let shape = self.shape(leg)?;
        let targets = self.targets(leg, &shape, &from, &occ);
        let mut guards = Vec::new();
        if leg.initial {
            let ready = self.initial_mask(leg, true);
            guards.push(quote!(#ready.test(#from)));
        }
        // M53: conditions on a castling leg, read on the position before the castling.
        guards.extend(self.conditions_test(leg, quote!(us)));
        for r in &leg.origin {
            guards.push(self.range_test(r, &from, color));
        }
        let rt = &self.rt;
        let ty = self.tables.mask_type(rt);
        if leg.destination.iter().all(|r| !(r.threatened || r.unthreatened || r.unmoved)) {
            // Static destination ranges: masks.
            let masks = leg.destination.iter().map(|r| self.tables.mask(&range_bits(r), rt));
            return Some(quote! {
                (if true #(&& #guards)* { #targets & !#occ #(& #masks)* } else { <#ty as Bitboard>::EMPTY })
            });
        }
        let dest: Vec<TokenStream> = leg.destination.iter().map(|r| self.range_test(r, &quote!(to), color)).collect();
        Some(quote! {
            (if true #(&& #guards)* {
                let mut all = #targets & !#occ;
                let mut kept = <#ty as Bitboard>::EMPTY;
                while let Some(to) = all.pop_lowest() {
                    if true #(&& #dest)* { kept |= <#ty as Bitboard>::from_square(to); }
                }
                kept
            } else {
                <#ty as Bitboard>::EMPTY
            })
        })
    }

    /// Whether `by` = `color` attacks `sq`: every capturing leg looked at in reverse. Legs of
    /// different kinds that test the same thing (the Rook's and the Queen's orthogonal rays) are
    /// tested once, with the union of their pieces as attackers.
    fn attacks(&mut self, legs: &[[Vec<PLeg>; 2]], color: Color, counted: Counted) -> TokenStream {
        let plain = counted == Counted::Plain;
        let rt = self.rt.clone();
        let ty = self.tables.mask_type(&rt);
        // What is tested (as text, for grouping) -> (the test given `attackers`, the attacker sets).
        let mut groups: Vec<(String, TokenStream, Vec<TokenStream>)> = Vec::new();
        for (kind, per_color) in legs.iter().enumerate() {
            let k = kind as u8;
            for leg in &per_color[color.index()] {
                if leg.captures.is_empty() || leg.captures.iter().all(|t| t.side == Side::Friend) {
                    continue;
                }
                if plain && !leg.attackers.is_empty() {
                    continue;
                }
                let Some(shape) = self.shape(leg).map(Shape::capturing) else { continue };
                if leg.origin.iter().chain(&leg.destination).any(|r| r.threatened || r.unthreatened || r.unmoved) {
                    self.unsupported("threatened/unthreatened/unmoved ranges on capturing moves");
                    continue;
                }
                let attackers = self.leg_pieces(leg, quote!(pos.pieces(PieceKind(#k), by)), false);
                let mut conditions = Vec::new();
                for r in &leg.destination {
                    let mask = self.tables.mask(&range_bits(r), &rt);
                    conditions.push(quote!(#mask.test(sq)));
                }
                conditions.push(self.victim_test(leg));
                conditions.extend(self.conditions_test(leg, quote!(by)));
                let condition = quote!(#(#conditions)&&*);
                let reverse: Vec<(i32, i32)> = leg.vectors.iter().map(|v| (-v.0, -v.1)).collect();
                let mut tests: Vec<(String, TokenStream)> = Vec::new();
                if !leg.attackers.is_empty() {
                    // Seen from each attacker, which may make the leg only while attacked itself.
                    let forward = self.targets(leg, &shape, &quote!(from), &quote!(occ));
                    // A hurdle set is read from the mover's side (`hurdle_test`).
                    let forward = if hops::reads_pieces(leg) {
                        quote!({ let (us, them) = (by, !by); let own = pos.by_color(by); #forward })
                    } else {
                        forward
                    };
                    let escapes = self.escapes(leg, k, quote!(by), quote!(occ));
                    tests.push((
                        format!("escaping {forward} {escapes}"),
                        quote!({
                            let mut froms = attackers;
                            let mut hit = false;
                            while let Some(from) = froms.pop_lowest() {
                                if (#forward).test(sq) && #escapes {
                                    hit = true;
                                    break;
                                }
                            }
                            hit
                        }),
                    ));
                    for (key, test) in tests {
                        let key = format!("{key} if {condition}");
                        groups.push((key, quote!(if #condition && (#test) { return true; }), vec![attackers.clone()]));
                    }
                    continue;
                }
                match shape {
                    Shape::Walk { .. } => {
                        // Seen from the attackers, like `Far`.
                        let test = self.walk_attack(leg);
                        tests.push((format!("walk {test}"), test));
                    }
                    Shape::Lame => {
                        // Only legs that never capture (`u`, `x`) have this shape (M104).
                        self.unsupported("capturing non-jumping leaps outside the multi-leg walker");
                        continue;
                    }
                    Shape::Far(reach) => {
                        // Seen from the attackers: few pieces ride like this.
                        let forward = self.union_over(&leg.vectors, |this, v| {
                            this.far_targets(v, reach, &quote!(from), &quote!(occ))
                        });
                        tests.push((
                            format!("far {forward}"),
                            quote!({
                                let mut froms = attackers;
                                let mut hit = false;
                                while let Some(from) = froms.pop_lowest() {
                                    if (#forward).test(sq) {
                                        hit = true;
                                        break;
                                    }
                                }
                                hit
                            }),
                        ));
                    }
                    Shape::Leap => {
                        let table = self.leap_table(&reverse);
                        tests.push((
                            format!("leap {table}"),
                            quote!((#table[s & SQUARE_MASK] & attackers) != <#ty as Bitboard>::EMPTY),
                        ));
                    }
                    Shape::Ray { min, max } => {
                        let (slides, rest) = self.slides(&reverse, min, max);
                        for (family, mask) in slides {
                            let masked = mask.as_ref().map(|m| quote!(& #m[s & SQUARE_MASK]));
                            let mask = mask.map_or(String::new(), |m| m.to_string());
                            tests.push((
                                format!("slide {family} {mask}"),
                                quote!((sliders.#family(sq, occ) #masked & attackers) != <#ty as Bitboard>::EMPTY),
                            ));
                        }
                        for &v in &rest {
                            let lim = self.ray_table(v, max);
                            let first = first_blocker(self.tables.geometry, v);
                            let near = if min > 1 {
                                let near = self.ray_table(v, Some(min - 1));
                                quote!(&& !#near[s & SQUARE_MASK].test(b))
                            } else {
                                quote!()
                            };
                            tests.push((
                                format!("ray {lim} {min}"),
                                quote!((#lim[s & SQUARE_MASK] & occ).#first().is_some_and(|b| attackers.test(b) #near)),
                            ));
                        }
                    }
                    Shape::HopLeap { many, optional } => {
                        for &v in &reverse {
                            let leap = self.leap_table(&[v]);
                            let between = self.between_table(v);
                            let count = hurdle_count(many, optional);
                            tests.push((
                                format!("hopleap {leap} {many} {optional}"),
                                quote!(#count((#between[s & SQUARE_MASK] & occ).count()) && (#leap[s & SQUARE_MASK] & attackers) != <#ty as Bitboard>::EMPTY),
                            ));
                        }
                    }
                    Shape::Hop { many } => {
                        let hurdle_ok = self.hurdle_test(leg, quote!(by)).map(|t| quote!(.filter(|&b1| #t)));
                        for &v in &reverse {
                            let full = self.ray_table(v, None);
                            let first = first_blocker(self.tables.geometry, v);
                            let test = if many {
                                quote!((#full[s & SQUARE_MASK] & occ).#first().is_some_and(|b1| (#full[b1.index() & SQUARE_MASK] & attackers) != <#ty as Bitboard>::EMPTY))
                            } else {
                                quote!((#full[s & SQUARE_MASK] & occ).#first() #hurdle_ok .and_then(|b1| (#full[b1.index() & SQUARE_MASK] & occ).#first()).is_some_and(|b2| attackers.test(b2)))
                            };
                            let hurdles = hurdle_ok.as_ref().map_or(String::new(), |t| format!(" {t}"));
                            tests.push((format!("hop {full} {many}{hurdles}"), test));
                        }
                    }
                }
                for (key, test) in tests {
                    let key = format!("{key} if {condition}");
                    let test = quote!(if #condition && (#test) { return true; });
                    match groups.iter_mut().find(|(k, _, _)| *k == key) {
                        Some((_, _, sets)) => sets.push(attackers.clone()),
                        None => groups.push((key, test, vec![attackers.clone()])),
                    }
                }
            }
        }
        // Cheap table lookups first, then rays; tests with the same attackers share one
        // `attackers` and, for rays, one quick rejection: no such piece on any of the rays.
        groups.sort_by_key(|(key, _, _)| !key.starts_with("leap"));
        let mut by_attackers: Vec<AttackGroup> = Vec::new();
        for (key, test, sets) in groups {
            let text = sets.iter().map(|t| t.to_string()).collect::<Vec<_>>().join("|");
            match by_attackers.iter_mut().find(|(t, _, _, _)| *t == text) {
                Some((_, _, tests, keys)) => {
                    tests.push(test);
                    keys.push(key);
                }
                None => by_attackers.push((text, sets, vec![test], vec![key])),
            }
        }
        let checks: Vec<TokenStream> = by_attackers
            .into_iter()
            .map(|(_, sets, tests, keys)| {
                let reach = self.reach_union(&keys);
                let quick =
                    reach.map(|table| quote!((#table[s & SQUARE_MASK] & attackers) != <#ty as Bitboard>::EMPTY));
                let quick = quick.unwrap_or(quote!(true));
                quote! {{
                    let attackers = (#(#sets)|*) & !exclude;
                    if attackers != <#ty as Bitboard>::EMPTY && #quick {
                        #(#tests)*
                    }
                }}
            })
            .collect();
        let multi: Vec<TokenStream> = (0..self.multi.len())
            .map(|kind| {
                // M55: `attacked_in_plain` leaves out the moves with attacker sets; M78:
                // `attacked_in_threats` the moves whose ranges read threats.
                let mut moves = self.multi[kind][color.index()].clone();
                moves.retain(|m| counted.counts(m));
                if moves.is_empty() {
                    quote!()
                } else {
                    self.multi_attacks(&moves, kind, color)
                }
            })
            .collect();
        let borrowed = self.borrowed_attacks(legs, color, counted);
        let imitated = self.imitated_attacks(color, counted);
        quote!(#(#checks)* #(#multi)* #borrowed #imitated)
    }

    /// Statements adding to `map` every square the pieces of `attacker` could capture a royal
    /// piece on, given the blockers `occ` (forward, piece by piece); `return None` when a capture
    /// depends on more than the square (dynamic ranges, restricted victims).
    fn attack_map(&mut self, legs: &[[Vec<PLeg>; 2]], attacker: Color) -> TokenStream {
        let rt = self.rt.clone();
        let ty = self.tables.mask_type(&rt);
        let mut code = Vec::new();
        if self.multi.iter().any(|m| !m[attacker.index()].is_empty())
            || self.escaping
            || borrow::borrows(legs, &self.multi, attacker)
            || self.imitates()
        {
            // Multi-leg captures depend on more than the square (a hurdle, a leg's block), and
            // so do legs with attacker sets and borrowed moves (X29).
            return quote!(return None;);
        }
        // What a piece attacks (as text, for grouping) -> (that expression, the pieces): the
        // Rook's and the Queen's orthogonal rides are one loop over both.
        let mut groups: Vec<(String, TokenStream, Vec<TokenStream>)> = Vec::new();
        for (kind, per_color) in legs.iter().enumerate() {
            let k = kind as u8;
            for leg in &per_color[attacker.index()] {
                if leg.captures.is_empty() || leg.captures.iter().all(|t| t.side == Side::Friend) {
                    continue;
                }
                let dynamic =
                    leg.origin.iter().chain(&leg.destination).any(|r| r.threatened || r.unthreatened || r.unmoved);
                let restricted = leg.captures.iter().any(|t| !t.only.is_empty()) || hops::reads_pieces(leg);
                let Some(shape) = self.shape(leg).map(Shape::capturing) else { continue };
                if dynamic || restricted {
                    return quote!(return None;);
                }
                let pieces = self.leg_pieces(leg, quote!(pos.pieces(PieceKind(#k), by)), false);
                let dest: Vec<TokenStream> =
                    leg.destination.iter().map(|r| self.tables.mask(&range_bits(r), &rt)).collect();
                if matches!(shape, Shape::Leap) && leg.vectors.len() <= 2 {
                    // Few vectors (a pawn's captures): all pieces at once, shifted per vector.
                    let shifts = leg.vectors.iter().map(|&v| self.shifted(quote!(pieces), v));
                    code.push(quote! {
                        let pieces = #pieces;
                        map |= (<#ty as Bitboard>::EMPTY #(| #shifts)*) #(& #dest)*;
                    });
                    continue;
                }
                for part in self.families(leg, &shape) {
                    let targets = self.targets(&part, &shape, &quote!(from), &quote!(occ));
                    let targets = quote!(#targets #(& #dest)*);
                    let key = targets.to_string();
                    match groups.iter_mut().find(|g| g.0 == key) {
                        Some(g) => g.2.push(pieces.clone()),
                        None => groups.push((key, targets, vec![pieces.clone()])),
                    }
                }
            }
        }
        for (_, targets, pieces) in groups {
            code.push(quote! {
                let mut froms = #(#pieces)|*;
                while let Some(from) = froms.pop_lowest() {
                    map |= #targets;
                }
            });
        }
        quote!(#(#code)*)
    }

    /// A plain ride split by slider family (orthogonal unit vectors, diagonal ones, the rest), so
    /// the parts can be shared between kinds; other legs whole.
    fn families(&self, leg: &PLeg, shape: &Shape) -> Vec<PLeg> {
        if !matches!(shape, Shape::Ray { .. }) {
            return vec![leg.clone()];
        }
        let family = |v: &(i32, i32)| match (v.0.abs(), v.1.abs()) {
            (0, 1) | (1, 0) => 0,
            (1, 1) => 1,
            _ => 2,
        };
        let mut parts: Vec<PLeg> = Vec::new();
        for f in 0..3 {
            let vectors: Vec<(i32, i32)> = leg.vectors.iter().copied().filter(|v| family(v) == f).collect();
            if !vectors.is_empty() {
                parts.push(PLeg { vectors, ..leg.clone() });
            }
        }
        parts
    }

    /// `pieces` (a bitboard expression) moved by the vector `v`, those that would leave the
    /// board dropped.
    fn shifted(&self, pieces: TokenStream, v: (i32, i32)) -> TokenStream {
        let g = self.tables.geometry;
        let stays: Bits = (0..g.num_squares())
            .filter(|&sq| tables::offset(g, mbn_runtime::Square(sq as u16), v).is_some())
            .fold([0; 4], |b, sq| or(b, bit(sq)));
        let stays = self.tables.mask(&stays, &self.rt);
        let delta = v.1 * i32::from(g.files()) + v.0;
        if delta >= 0 {
            let d = delta as u32;
            quote!((#pieces & #stays).shift_up(#d))
        } else {
            let d = (-delta) as u32;
            quote!((#pieces & #stays).shift_down(#d))
        }
    }

    /// Whether every capture of `attacker` is a leap or a slide (no hop, no multi-leg move):
    /// then a piece leaving a square changes attacks only along the lines through it.
    fn plain_attacks(&mut self, legs: &[[Vec<PLeg>; 2]], attacker: Color) -> bool {
        if self.multi.iter().any(|m| !m[attacker.index()].is_empty())
            || borrow::borrows(legs, &self.multi, attacker)
            || self.imitates()
        {
            return false;
        }
        legs.iter().flat_map(|per_color| &per_color[attacker.index()]).all(|leg| {
            let leap = leg.reach == Reach::Steps { min: 1, max: Some(1) };
            let unit = leg.vectors.iter().all(|v| v.0.abs() <= 1 && v.1.abs() <= 1);
            leg.captures.is_empty()
                || leg.hop.is_none()
                    && leg.conditions.is_empty()
                    && matches!(leg.over, POver::Empty)
                    && !leg.non_jumping
                    && leg.visit.is_none()
                    && (leap || unit)
        })
    }

    /// Whether `attack_map` for `attacker` always gives a map (no capture depends on more than
    /// the square): the same test as there.
    fn attack_map_total(&mut self, legs: &[[Vec<PLeg>; 2]], attacker: Color) -> bool {
        if self.escaping || borrow::borrows(legs, &self.multi, attacker) || self.imitates() {
            return false;
        }
        legs.iter().flat_map(|per_color| &per_color[attacker.index()]).all(|leg| {
            if leg.captures.is_empty() || leg.captures.iter().all(|t| t.side == Side::Friend) {
                return true;
            }
            let dynamic =
                leg.origin.iter().chain(&leg.destination).any(|r| r.threatened || r.unthreatened || r.unmoved);
            let restricted = leg.captures.iter().any(|t| !t.only.is_empty()) || hops::reads_pieces(leg);
            !(dynamic || restricted)
        })
    }

    /// The pieces whose initial moves (`leg.initial`) may be made now: the unmoved ones; for
    /// `ii` (M52) those whose right has not decayed and, when `moving`, not a royal piece in
    /// check (`ii_ready`, bound where moves are generated). An `ii` leg attacks in check too.
    fn initial_mask(&self, leg: &PLeg, moving: bool) -> TokenStream {
        match (leg.decaying, moving) {
            (false, _) => quote!(pos.unmoved()),
            (true, true) => quote!(ii_ready),
            (true, false) => quote!((pos.unmoved() & !pos.decayed())),
        }
    }

    /// The pieces among `pieces` that may make `leg` (`moving`) or attack by it: unmoved ones for
    /// an initial move ([`Gen::initial_mask`]), those on the leg's (static) origin ranges.
    fn leg_pieces(&self, leg: &PLeg, mut pieces: TokenStream, moving: bool) -> TokenStream {
        if leg.initial {
            let ready = self.initial_mask(leg, moving);
            pieces = quote!((#pieces & #ready));
        }
        for r in &leg.origin {
            let mask = self.tables.mask(&range_bits(r), &self.rt);
            pieces = quote!((#pieces & #mask));
        }
        pieces
    }

    /// For a group of ray tests (keys `ray <table> <min> if ...`), the union of their ray tables:
    /// a square from which no attacker can be seen on any of them is not attacked by the group.
    fn reach_union(&mut self, keys: &[String]) -> Option<proc_macro2::Ident> {
        if keys.len() < 2 {
            return None;
        }
        let mut tables = Vec::new();
        for key in keys {
            let mut words = key.split_whitespace();
            if words.next() != Some("ray") {
                return None;
            }
            tables.push(words.next()?.to_string());
        }
        let contents: Vec<Vec<Bits>> = tables.iter().map(|t| self.tables.content(t)).collect::<Option<_>>()?;
        let n = self.tables.geometry.num_squares();
        let union = (0..n).map(|sq| contents.iter().fold([0; 4], |b, c| or(b, c[sq]))).collect();
        Some(self.tables.table("REACH", union))
    }

    /// Statements that add to `pinned` the pieces of `own` that may be pinned against the royal
    /// piece on `k` by the riders of `attacker`: the first piece on a ray from `k` when the next
    /// piece beyond it is such a rider (ranges and limits ignored: a superset, which the exact test
    /// then settles). With hoppers, which a piece moving anywhere can arm, every piece counts.
    fn pins(&mut self, legs: &[[Vec<PLeg>; 2]], attacker: Color) -> TokenStream {
        let rt = self.rt.clone();
        let ty = self.tables.mask_type(&rt);
        let mut by_vector: Vec<((i32, i32), Vec<u8>)> = Vec::new();
        if self.multi.iter().any(|m| !m[attacker.index()].is_empty()) {
            // A piece moving anywhere may open a multi-leg path (a Horse's leg, a hurdle).
            return quote!(pinned = !<#ty as Bitboard>::EMPTY;);
        }
        for (kind, per_color) in legs.iter().enumerate() {
            for leg in &per_color[attacker.index()] {
                if leg.captures.is_empty() {
                    continue;
                }
                // M69: a leg passing over friends or a set may be opened by any piece moving.
                if leg.hop.is_some() || !matches!(leg.reach, Reach::Steps { .. }) || hops::passes_by_kind(leg) {
                    return quote!(pinned = !<#ty as Bitboard>::EMPTY;);
                }
                if leg.reach == (Reach::Steps { min: 1, max: Some(1) }) {
                    continue;
                }
                for v in &leg.vectors {
                    let v = (-v.0, -v.1);
                    match by_vector.iter_mut().find(|(w, _)| *w == v) {
                        Some((_, kinds)) if kinds.contains(&(kind as u8)) => {}
                        Some((_, kinds)) => kinds.push(kind as u8),
                        None => by_vector.push((v, vec![kind as u8])),
                    }
                }
            }
        }
        // Families of slides: the riders of any of their directions, seen from `k` through our
        // pieces; a sniper pins when exactly one piece (ours) stands between.
        let mut families = Vec::new();
        if self.sliders {
            for (name, diagonal) in [("orthogonal", false), ("diagonal", true)] {
                let family = |v: &(i32, i32)| v.0.abs() <= 1 && v.1.abs() <= 1 && (v.0 * v.1 != 0) == diagonal;
                if by_vector.iter().filter(|(v, _)| family(v)).count() < 2 {
                    continue;
                }
                let mut kinds: Vec<u8> =
                    by_vector.iter().filter(|(v, _)| family(v)).flat_map(|(_, k)| k.clone()).collect();
                kinds.sort_unstable();
                kinds.dedup();
                by_vector.retain(|(v, _)| !family(v));
                self.uses_sliders = true;
                let family = format_ident!("{}", name);
                families.push(quote! {
                    let mut snipers = sliders.#family(k, pos.by_color(them)) & (#(pos.pieces(PieceKind(#kinds), them))|*);
                    while let Some(s) = snipers.pop_lowest() {
                        let line = sliders.between(k, s) & occ;
                        if line.is_single() {
                            pinned |= line & own;
                        }
                    }
                });
            }
        }
        let checks = by_vector.into_iter().map(|(v, kinds)| {
            let full = self.ray_table(v, None);
            let first = first_blocker(self.tables.geometry, v);
            quote! {
                if let Some(b1) = (#full[k.index() & SQUARE_MASK] & occ).#first() {
                    if own.test(b1) {
                        if let Some(b2) = (#full[b1.index() & SQUARE_MASK] & occ).#first() {
                            if (#(pos.pieces(PieceKind(#kinds), them))|*).test(b2) {
                                pinned |= <#ty as Bitboard>::from_square(b1);
                            }
                        }
                    }
                }
            }
        });
        quote!(#(#families)* #(#checks)*)
    }

    /// Whether the leg may capture a piece of kind `victim` on `sq`.
    fn victim_test(&self, leg: &PLeg) -> TokenStream {
        let restricted = leg.captures.iter().any(|t| !t.only.is_empty());
        if !restricted {
            return quote!(true);
        }
        let royal = self.royal.iter().position(|&r| r).unwrap_or(0) as u8;
        let tests: Vec<TokenStream> = leg
            .captures
            .iter()
            .filter(|t| t.side != Side::Friend)
            .map(|t| {
                let sets: Vec<TokenStream> = t
                    .only
                    .iter()
                    .map(|set| {
                        let letters: Vec<TokenStream> = self
                            .letters
                            .iter()
                            .enumerate()
                            .filter(|(_, l)| {
                                let hit = set.members.iter().any(|&(m, f)| m == **l && f.is_none_or(|f| !f));
                                hit != set.complement
                            })
                            .map(|(k, _)| {
                                let k = k as u8;
                                quote!(PieceKind(#k))
                            })
                            .collect();
                        if letters.is_empty() {
                            quote!(false)
                        } else {
                            quote!(matches!(victim, #(#letters)|*))
                        }
                    })
                    .collect();
                quote!(true #(&& #sets)*)
            })
            .collect();
        let _ = royal;
        quote!((false #(|| #tests)*))
    }
}

/// `match side { White => white, Black => black }`, each arm with `us`, `them`, `own` and `enemy`.
fn per_side(side: &TokenStream, [white, black]: [TokenStream; 2]) -> TokenStream {
    quote! {
        match #side {
            Color::White => {
                let (us, them) = (Color::White, Color::Black);
                let own = pos.by_color(us);
                let enemy = pos.by_color(them);
                #white
            }
            Color::Black => {
                let (us, them) = (Color::Black, Color::White);
                let own = pos.by_color(us);
                let enemy = pos.by_color(them);
                #black
            }
        }
    }
}

/// The test on the number of hurdles of a hopping leap: `p` one, `pp` at least one, `p?` at most one.
fn hurdle_count(many: bool, optional: bool) -> TokenStream {
    match (many, optional) {
        (false, false) => quote!((|n: u32| n == 1)),
        (true, false) => quote!((|n: u32| n >= 1)),
        (false, true) => quote!((|n: u32| n <= 1)),
        (true, true) => quote!((|_: u32| true)),
    }
}

/// The squares of a range (no dynamic parts), complement applied.
fn range_bits(r: &PRange) -> Bits {
    r.squares.iter().enumerate().filter(|(_, b)| **b != r.complement).fold([0; 4], |b, (i, _)| or(b, bit(i)))
}

/// Whether a straight leap longer than one step (`D`, `H`) passes squares between its landings.
fn skips(v: (i32, i32)) -> bool {
    (v.0 == 0 || v.1 == 0 || v.0.abs() == v.1.abs()) && v.0.abs().max(v.1.abs()) > 1
}

/// `lowest` for rays whose squares grow in index, else `highest`.
fn first_blocker(geometry: Geometry, v: (i32, i32)) -> TokenStream {
    if v.1 * i32::from(geometry.files()) + v.0 > 0 {
        quote!(lowest)
    } else {
        quote!(highest)
    }
}

impl Tables {
    fn mask_type(&self, rt: &TokenStream) -> TokenStream {
        tables::Width::of(self.geometry).ty(rt)
    }
}
