//! Multi-leg moves as generated code (docs/SEMANTICS.md, M11).
//!
//! The walk of the interpreter (`interp/multileg.rs`) is unrolled at generation time: every path
//! through the parts of a move, with every direction its legs may take, becomes nested code with
//! constant vectors. A relative leg's vectors are known once the previous leg's vector is, so only
//! the squares, the occupancy tests and the pieces captured on the way are left to run time. A
//! leg walks its ray through a per-square table of the next square along its vector. Repeats are
//! unrolled time round by time round; a path is cut where it must have left the board, or where it
//! would stand where it stood after an earlier time round (the repeat's own rule, decided at
//! generation time when the squares are known then). A move that unrolls into more than
//! [`BUDGET`] legs is generated again with the repeats that capture every round searched at run
//! time (an explicit stack of positions, M51, the Congo Monkey `(dcK-mK)0`; `0*`, M59); otherwise refused. XBetza `u` on the last leg pushes a relocation (X27); after an `x`
//! leg the move is the excited friend's (X28). Conditions on a leg are tested before it, `#` and
//! e.p. rights are known per path at generation time, and a last leg's swap or e.p. capture is
//! tested at the path's end (M41–M46).

use super::tables::{bit, or};
use super::{range_bits, Gen, KING_STEPS};
use crate::diagnostic::Diagnostic;
use crate::interp::multileg::{leg_directions, straight_on_is_a_siblings, Axis, Vector};
use crate::ir::{Reach, Side};
use crate::plan::{
    offboard, PExplode, PLeg, PMove, POver, PPart, PRange, PRepeat, PSet, PStep, PTargets, PVisit, PWrap,
};
use crate::syntax::ast::Span;
use mbn_runtime::{Color, Square};
use proc_macro2::{Ident, TokenStream};
use quote::{format_ident, quote};
use std::cell::RefCell;

/// The most legs one move may unroll into.
pub(super) const BUDGET: usize = 1024;
/// The most legs on one path.
const DEPTH: usize = 96;
/// The size of a piece's multi-leg code (bytes of token text) above which each move is
/// generated in a body of its own.
const LARGE: usize = 64 * 1024;

/// The length of `code` as text, each token followed by a space (a group's delimiters count as
/// tokens): counted token by token, so a build script and `mbn!` measure the same code alike,
/// where `to_string` prints it differently inside a proc-macro (M132).
pub(super) fn text_len(code: &TokenStream) -> usize {
    code.clone()
        .into_iter()
        .map(|token| match token {
            proc_macro2::TokenTree::Group(g) => 4 + text_len(&g.stream()),
            proc_macro2::TokenTree::Ident(i) => i.to_string().len() + 1,
            proc_macro2::TokenTree::Punct(_) => 2,
            proc_macro2::TokenTree::Literal(l) => l.to_string().len() + 1,
        })
        .sum()
}

/// What a completed path does in the generated code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Sink {
    /// A move of a position: landings without captures on the way go to `land` (pushed later),
    /// the others are pushed at once with their extra captures.
    Moves,
    /// `attacked_in`: `return true` when the path captures on `sq`.
    Attack,
    /// A lone piece: `quiet` and `captures` bitboards.
    Piece,
    /// X83: a borrowing path (`mNaxN`): the friends its `x` leg lands on, into `lent`.
    Lenders,
}

/// The position after a pending leg's landing, as the rest of the path sees it.
#[derive(Clone)]
struct Seen {
    sq: Ident,
    disp: Option<Vector>,
    count: Ident,
    cap: Option<Ident>,
}

/// A path under way, at generation time: runtime values are named by identifiers.
#[derive(Clone)]
struct St<'a> {
    /// The square the piece stands on now.
    sq: Ident,
    /// The pieces captured on the way so far (`None`: none can have been).
    cap: Option<Ident>,
    /// The board displacement from the start square, when known at generation time.
    disp: Option<Vector>,
    prev: Option<Vector>,
    zaxis: Option<Axis>,
    /// The last leg and whether its landing holds a piece.
    pending: Option<(&'a PStep, Ident)>,
    /// The square the last leg started from.
    leg_start: Ident,
    /// The start square of a `u` leg walked: where the piece the last leg captures goes (X27, X67).
    unload_at: Option<Ident>,
    /// XBetza `x` (X28): the square of the excited friend now making the move.
    actor: Option<Ident>,
    visited: Vec<(Ident, Option<Vector>)>,
    log: Vec<Vector>,
    replay: Option<Vec<Vector>>,
    /// `!` (M20): the setup square and its displacement, once a `!` leg marked it.
    setup: Option<(Ident, Option<Vector>)>,
    /// `#` on a leg taken (M42).
    decisive: bool,
    /// A leg with `me` (XBetza `n`) passed an empty square (M44).
    rights: bool,
    /// XBetza `o` (X48): the last leg left the board from `sq` along this vector with this reach;
    /// the next leg comes back from the point it landed on.
    off: Option<(Vector, Reach)>,
    /// M63: the pending landing of a `w` leg another leg follows is settled as a swap (this copy
    /// of the path) rather than as an empty square or a capture (the other copy).
    swapping: bool,
    /// M63: a swap on the way: the swap square (empty once the mover goes on) and the swapping
    /// leg's start square, where the swapped piece stands for the rest of the path.
    swapped: Option<(Ident, Ident)>,
    /// M126: the pending landing of an `x` leg another leg follows is settled as a flip (this copy
    /// of the path) rather than as an empty square or a capture (the other copy).
    flipping: bool,
    /// M126: a flip on the way: the square of the flipped piece, which stays there.
    flipped: Option<Ident>,
}

/// What remains to be walked (as in the interpreter).
enum Cont<'c, 'a> {
    Done,
    Parts(&'a [PPart], &'c Cont<'c, 'a>),
    Round {
        rep: &'a PRepeat,
        done: u32,
        log_start: usize,
        seen: Vec<Seen>,
        next: &'c Cont<'c, 'a>,
    },
    /// The end of a time round of a repeat searched at run time (M51): the position is pushed on
    /// its stack, with the index of its generation-time context in `contexts`.
    Push {
        contexts: &'c RefCell<Vec<Context<'a>>>,
        stack: Ident,
        done: Ident,
        /// `0*` (M59): the squares the path has landed on before this time round.
        landed: Option<Ident>,
        /// Whether the context keeps the directions of the round (a replay or `*`, M72).
        log: bool,
    },
    /// The end of a time round of a flood-fill repeat (M67): the path may stop here, and (`mark`)
    /// an empty square not reached before goes round again.
    Flood {
        rep: &'a PRepeat,
        /// Where the repeat started: no time round ends there.
        origin: Ident,
        reached: Ident,
        todo: Ident,
        /// The state the repeat started in, and where this time round started (`None`: the
        /// first round, from `origin`).
        start: &'c St<'a>,
        from: Option<Ident>,
        /// Whether the round's end is marked as reached (no stops are walked before all are,
        /// M68, M79, when `tree` decides them).
        mark: bool,
        /// M68, M79: the dominator tree of the rounds between empty squares; a round from `a`
        /// stops on an empty `b` only when `b` does not dominate `a`.
        tree: Option<Ident>,
        next: &'c Cont<'c, 'a>,
    },
    /// The end of a time round of a flood fill that only marks the empty squares it reaches, and
    /// the round from `from` to them in `successors` (M68, M79).
    Mark {
        origin: Ident,
        reached: Ident,
        todo: Ident,
        successors: Ident,
        from: Ident,
    },
}

/// What a repeat searched at run time (M51) keeps at generation time about a position on its
/// stack: the last leg (pending) and the state the rest of the path reads.
#[derive(Clone)]
struct Context<'a> {
    step: Option<&'a PStep>,
    prev: Option<Vector>,
    zaxis: Option<Axis>,
    decisive: bool,
    rights: bool,
    /// The directions the time round that just ended took (White's view), for a repeat that
    /// replays them or stops at the edge (M72); empty otherwise.
    round: Vec<Vector>,
}

impl PartialEq for Context<'_> {
    fn eq(&self, o: &Self) -> bool {
        let same = match (self.step, o.step) {
            (Some(a), Some(b)) => std::ptr::eq(a, b),
            (a, b) => a.is_none() && b.is_none(),
        };
        same && (self.prev, self.zaxis, self.decisive, self.rights) == (o.prev, o.zaxis, o.decisive, o.rights)
            && self.round == o.round
    }
}

/// Unrolls the multi-leg moves of one piece kind and colour.
pub(super) struct Unroll<'g> {
    g: &'g mut Gen,
    color: Color,
    sink: Sink,
    next_id: usize,
    legs: usize,
    over_budget: bool,
    /// Every landing's displacement, `None` once one is not known at generation time.
    touched: Option<Vec<Vector>>,
    /// Promotion info for pushed moves: the piece kind.
    kind: usize,
    /// The repeats searched at run time rather than unrolled (M51).
    runtime: Vec<*const PRepeat>,
}

impl Gen {
    /// Code running the multi-leg moves `moves` of `kind` for `color` with the runtime names of
    /// `sink` in scope (`from`, `occ0`: occupancy without `from`, `own`, `enemy`, `unmoved`,
    /// `found`), or `None` when a move cannot be generated (reported). Also returns every landing's
    /// displacement when all are known at generation time.
    pub(super) fn multi_code(
        &mut self,
        moves: &[PMove],
        kind: usize,
        color: Color,
        sink: Sink,
    ) -> Option<(TokenStream, Option<Vec<Vector>>)> {
        let mut code = Vec::new();
        let mut touched = Some(Vec::new());
        let mut bytes = 0;
        let before = (*self.code_size.entry(kind).or_insert(Some(0)))?;
        for m in moves {
            // A move that never captures attacks nothing; its ranges may read threats (M78).
            if sink == Sink::Attack && !crate::plan::move_captures(m) {
                continue;
            }
            // X83: a borrowing path only finds lenders (`Gen::lenders`).
            if (sink == Sink::Lenders) != crate::plan::borrows(m) {
                continue;
            }
            if !self.multi_supported(m) {
                return None;
            }
            let (body, over, touched_m) = self.unroll(m, kind, color, sink, Vec::new());
            // M51: over budget, the repeats that capture every round are searched at run time.
            let (body, over, touched_m) = if over {
                let mut runtime = Vec::new();
                outer_repeats(&m.parts, &mut |r| {
                    if searchable(r) {
                        runtime.push(r as *const PRepeat)
                    }
                });
                // M63, M126: a swap or flip on the way is not kept on a searched repeat's stack.
                if runtime.is_empty() || swaps_on_the_way(m) || flips_on_the_way(m) {
                    (body, over, touched_m)
                } else {
                    self.unroll(m, kind, color, sink, runtime)
                }
            } else {
                (body, over, touched_m)
            };
            if over {
                self.diagnostics.push(
                    Diagnostic::new(
                        m.span,
                        format!(
                            "this multi-leg move unrolls into more than {BUDGET} legs (a repeat turning freely \
                             without a bound that is not searched at run time: `{{...}}`, `!`, `x` or `u` \
                             in its rounds, like `(dcK-{{mK}})0`): not generated yet"
                        ),
                    )
                    .with_help("the interpreter runs it: `mbn perft <variant> <depth> --interpret`"),
                );
                return None;
            }
            bytes += text_len(&body);
            if before + bytes > self.piece_code_limit {
                self.code_size.insert(kind, None);
                let piece = self.letters.get(kind).map_or("this piece".into(), |c| format!("piece `{c}`"));
                self.diagnostics.push(
                    Diagnostic::new(
                        m.span,
                        format!(
                            "{piece}'s multi-leg moves unroll into more than {} of generated code, which \
                             rustc would take many minutes and gigabytes to compile (XBetza `zR` makes 1 MiB)",
                            size_text(self.piece_code_limit)
                        ),
                    )
                    .with_help(
                        "the interpreter runs it: `mbn perft <variant> <depth> --interpret`; or bound its \
                         continuation legs (fewer `a`, ranges on the riders); a build script may raise the \
                         limit (`Builder::piece_code_limit`)",
                    ),
                );
                return None;
            }
            touched = match (touched, touched_m) {
                (Some(mut a), Some(b)) => {
                    a.extend(b);
                    Some(a)
                }
                _ => None,
            };
            code.push(body);
        }
        // Large unrollings get a body each (a closure called at once): rustc's borrow checker
        // takes time growing faster than the size of a function body (docs/PERFORMANCE.md).
        self.code_size.insert(kind, Some(before + bytes));
        let large = bytes > LARGE;
        let code = code.into_iter().map(|body| match (large, sink) {
            (false, _) => quote!({ #body }),
            (true, Sink::Attack) => quote!(if (|| -> bool { #body false })() { return true; }),
            (true, _) => quote!((|| { #body })();),
        });
        Some((quote!(#(#code)*), touched))
    }

    /// Unrolls the move `m`, searching the repeats of `runtime` at run time: its code, whether it
    /// went over budget, and every landing's displacement when all are known.
    fn unroll(
        &mut self,
        m: &PMove,
        kind: usize,
        color: Color,
        sink: Sink,
        runtime: Vec<*const PRepeat>,
    ) -> (TokenStream, bool, Option<Vec<Vector>>) {
        {
            let mut u = Unroll {
                g: self,
                color,
                sink,
                next_id: 0,
                legs: 0,
                over_budget: false,
                touched: Some(Vec::new()),
                kind,
                runtime,
            };
            let start = format_ident!("from");
            let st = St {
                sq: start.clone(),
                cap: None,
                disp: Some((0, 0)),
                prev: None,
                zaxis: None,
                pending: None,
                leg_start: start.clone(),
                unload_at: None,
                actor: None,
                visited: vec![(start, Some((0, 0)))],
                log: Vec::new(),
                replay: None,
                setup: None,
                decisive: false,
                rights: false,
                off: None,
                swapping: false,
                swapped: None,
                flipping: false,
                flipped: None,
            };
            let body = u.run(st, &Cont::Parts(&m.parts, &Cont::Done));
            (body, u.over_budget, u.touched)
        }
    }

    /// Whether the generator runs every leg of `m`; reports what it does not.
    fn multi_supported(&mut self, m: &PMove) -> bool {
        let mut steps = Vec::new();
        walk_steps(&m.parts, &mut |s| steps.push(s.clone()), &mut |_| {});
        let mut ok = true;
        let induces = steps.iter().any(|s| s.excite);
        for (i, step) in steps.iter().enumerate() {
            let leg = &step.leg;
            if induces && step.mode_written && !step.excite && !leg.captures.is_empty() && i + 1 < steps.len() {
                self.diagnostics.push(
                    Diagnostic::new(
                        step.span,
                        "XBetza `x` with captures on the way in multi-leg moves: not generated yet",
                    )
                    .with_help("the interpreter runs it: `mbn perft <variant> <depth> --interpret`"),
                );
                ok = false;
            }
        }
        ok
    }

    /// Whether some multi-leg move that may capture reads threatened squares (`[+]`, `[*]`):
    /// `attacked_in_threats` then decides threats without them, and without the borrowed and
    /// imitated ones (M78, M95).
    pub(super) fn threat_captures(&self) -> bool {
        self.multi
            .iter()
            .flatten()
            .flatten()
            .any(|m| crate::plan::move_reads_threats(m) && crate::plan::move_captures(m))
    }

    /// The moves of a piece of `kind` on `from` (in the loop of `side`): multi-leg landings pushed
    /// after its single-leg moves, which start at `start`; `singles`: whether it has any. Moves
    /// with a check rule (`k`, `kk`, M82) are listed after the others, by rule, and flagged; the
    /// piece's list is merged by rule afterwards (`MoveList::merge_check_rules_from`).
    pub(super) fn multi_moves(&mut self, moves: &[PMove], kind: usize, color: Color, singles: bool) -> TokenStream {
        if moves.iter().all(|m| m.check_rule.is_none()) {
            return self.landings(moves, kind, color, singles);
        }
        let rt = self.rt.clone();
        let mut code = Vec::new();
        for rule in [None, Some(true), Some(false)] {
            let group: Vec<PMove> = moves.iter().filter(|m| m.check_rule == rule).cloned().collect();
            if group.is_empty() {
                continue;
            }
            let body = self.landings(&group, kind, color, singles || !code.is_empty());
            let flag = match rule {
                None => quote!(),
                Some(true) => quote!(out.add_flags_from(group, #rt::__private::MoveFlags::NO_MATE);),
                Some(false) => quote!(out.add_flags_from(group, #rt::__private::MoveFlags::NO_CHECK);),
            };
            code.push(quote! {{
                let group = out.len();
                #body
                #flag
            }});
        }
        quote!(#(#code)*)
    }

    /// [`Self::multi_moves`] of moves with one check rule (or none), unflagged.
    fn landings(&mut self, moves: &[PMove], kind: usize, color: Color, singles: bool) -> TokenStream {
        let Some((code, _)) = self.multi_code(moves, kind, color, Sink::Moves) else { return quote!() };
        let rt = self.rt.clone();
        let ty = self.tables.mask_type(&rt);
        let mv = quote!(if occ.test(to) { Move::capture(from, to) } else { Move::quiet(from, to) });
        let push = self.push(kind, color, quote!(mv));
        // M42: decisive landings without captures on the way, after the others: each marks the
        // same move listed before decisive, or is pushed.
        let (dland, decisive) = if moves.iter().any(has_decisive) {
            let push = self.push(kind, color, quote!(mv.decisive()));
            (
                quote!(let mut dland = <#ty as Bitboard>::EMPTY;),
                quote! {
                    if dland.test(from) {
                        // M61: back on its square with nothing captured: a pass.
                        let mv = Move::pass(from).decisive();
                        if !out.make_decisive(mv, &[], start) {
                            out.push(mv);
                        }
                    }
                    dland &= !<#ty as Bitboard>::from_square(from);
                    while let Some(to) = dland.pop_lowest() {
                        let mv = #mv;
                        if !out.make_decisive(mv, &[], start) {
                            #push
                        }
                    }
                },
            )
        } else {
            (quote!(), quote!())
        };
        let listed = match (singles, self.any_decisive) {
            // The same move made by a decisive single leg (M31) counts as listed.
            (true, true) => {
                quote!(out.lists_decisive_or_not(mv, &[], start))
            }
            (true, false) => quote!(out.lists(mv, &[], start)),
            (false, _) => quote!(false),
        };
        // `ii` (M66): as on single legs, `ii_ready` (not decayed, not a royal piece in check).
        let ii = moves.iter().any(crate::plan::has_decaying).then(|| quote!(let ii = ii_ready.test(from);));
        quote! {{
            let occ0 = occ & !<#ty as Bitboard>::from_square(from);
            let unmoved = pos.unmoved().test(from);
            #ii
            let mut found = 0u32;
            let mut land = <#ty as Bitboard>::EMPTY;
            let xstart = out.len();
            #dland
            #code
            if land.test(from) {
                // M61: back on its square with nothing captured: a pass.
                let mv = Move::pass(from);
                if !#listed {
                    out.push(mv);
                }
            }
            land &= !<#ty as Bitboard>::from_square(from);
            while let Some(to) = land.pop_lowest() {
                let mv = #mv;
                if !#listed {
                    #push
                }
            }
            #decisive
        }}
    }

    /// Statements of `attacked_in` returning `true` when a multi-leg move of `kind` captures on
    /// `sq` (given `occ`, `exclude`).
    pub(super) fn multi_attacks(&mut self, moves: &[PMove], kind: usize, color: Color) -> TokenStream {
        let Some((code, touched)) = self.multi_code(moves, kind, color, Sink::Attack) else { return quote!() };
        let rt = self.rt.clone();
        let ty = self.tables.mask_type(&rt);
        let k = kind as u8;
        // The squares an attacker may stand on: where a landing could reach `sq` from.
        let filter = touched.map(|disps| {
            let g = self.tables.geometry;
            let table = self.tables.per_square("ORIGINS", |sq| {
                disps
                    .iter()
                    .filter_map(|&(x, y)| super::tables::offset(g, Square(sq as u16), (-x, -y)))
                    .fold([0; 4], |b, s| or(b, bit(s.index())))
            });
            quote!(& #table[s & SQUARE_MASK])
        });
        // `ii` (M66): attacks while the right stands, in check or not.
        let ii =
            moves.iter().any(crate::plan::has_decaying).then(|| quote!(let ii = unmoved && !pos.decayed().test(from);));
        quote! {{
            let mut froms = pos.pieces(PieceKind(#k), by) & !exclude #filter;
            if froms != <#ty as Bitboard>::EMPTY {
                let own = pos.by_color(by) & occ & !exclude;
                #[allow(unused_variables)]
                let (us, them) = (by, !by);
                let occ_h = occ | <#ty as Bitboard>::from_square(sq);
                let enemy = occ_h & !own;
                while let Some(from) = froms.pop_lowest() {
                    let occ0 = occ_h & !<#ty as Bitboard>::from_square(from);
                    let unmoved = pos.unmoved().test(from);
                    #ii
                    let mut found = 0u32;
                    #code
                }
            }
        }}
    }

    /// Pushing `mv` with the extra captures `extra` (a slice), with promotions.
    fn push_with_captures(&self, kind: usize, color: Color) -> TokenStream {
        self.push_promoting_by(kind, color, quote!(mv), |mv| quote!(let _ = out.push_with_captures(#mv, extra);))
    }
}

/// Whether a multi-leg move restricts a capture, swap, flip, visit, hurdle or pass-over to a piece
/// set (which needs a position: a lone piece has none).
pub(super) fn has_piece_sets(m: &PMove) -> bool {
    let mut sets = explosion_sets(&m.parts);
    walk_steps(
        &m.parts,
        &mut |s| {
            let leg = &s.leg;
            // Swaps and flips on the way (M63, M126) read their sets on squares the path crosses.
            let touch_sets = [&leg.swap, &leg.flip].into_iter().flatten().any(|w| !w.targets.only.is_empty());
            sets |= leg.captures.iter().any(|t| !t.only.is_empty())
                || touch_sets
                || leg.visit.as_ref().is_some_and(|v| v.only.is_some())
                || matches!(leg.over, POver::Set(_))
                || leg.hop.as_ref().is_some_and(|h| h.hurdles.is_some());
        },
        &mut |_| {},
    );
    sets
}

/// Whether an explosion (M49) of `parts` restricts its captures to a piece set.
fn explosion_sets(parts: &[PPart]) -> bool {
    parts.iter().any(|p| match p {
        PPart::Explode(x) => x.captures.iter().any(|t| !t.only.is_empty()),
        PPart::Leg(_) => false,
        PPart::Optional { body, .. } => explosion_sets(body),
        PPart::Repeat(r) => r.first.iter().chain(&r.later).any(|b| explosion_sets(b)),
    })
}

/// Whether some leg of a multi-leg move has `#` (M42).
pub(super) fn has_decisive(m: &PMove) -> bool {
    let mut decisive = false;
    walk_steps(&m.parts, &mut |s| decisive |= s.leg.decisive, &mut |_| {});
    decisive
}

/// Whether a multi-leg move has conditions on its legs (M41): legality is then made and tested.
pub(super) fn has_conditions(m: &PMove) -> bool {
    let mut conditions = false;
    walk_steps(&m.parts, &mut |s| conditions |= !s.leg.conditions.is_empty(), &mut |_| {});
    conditions
}

/// Whether a multi-leg move needs a position (a lone piece has none): piece sets, conditions,
/// `#`, swaps, en passant captures and rights (M41–M45).
pub(super) fn needs_position(m: &PMove) -> bool {
    let mut needs = has_piece_sets(m);
    walk_steps(
        &m.parts,
        &mut |s| {
            let leg = &s.leg;
            needs |= !leg.conditions.is_empty()
                || !leg.attackers.is_empty()
                || leg.decisive
                || leg.swap.is_some()
                || leg.flip.is_some()
                || leg.unblocked
                || leg.en_passant.is_some()
                || leg.move_allows_en_passant;
        },
        &mut |_| {},
    );
    needs
}

/// Whether a multi-leg move flips a piece (on its last leg, `mW-xF`, M107, or on the way, M126).
pub(super) fn flips(m: &PMove) -> bool {
    let mut flips = false;
    walk_steps(&m.parts, &mut |s| flips |= s.leg.flip.is_some(), &mut |_| {});
    flips
}

/// Whether some leg of a multi-leg move leaves e.p. rights (`me`, M44).
pub(super) fn leaves_rights(m: &PMove) -> bool {
    let mut rights = false;
    walk_steps(&m.parts, &mut |s| rights |= s.leg.move_allows_en_passant, &mut |_| {});
    rights
}

/// Whether a multi-leg move swaps on the way (M63): a `w` leg that is not its last part.
fn swaps_on_the_way(m: &PMove) -> bool {
    let mut swaps = 0;
    walk_steps(&m.parts, &mut |s| swaps += usize::from(s.leg.swap.is_some()), &mut |_| {});
    let last_swaps = matches!(m.parts.last(), Some(PPart::Leg(s)) if s.leg.swap.is_some());
    swaps > usize::from(last_swaps)
}

/// Whether a multi-leg move flips on the way (M126): an `x` leg that is not its last part.
fn flips_on_the_way(m: &PMove) -> bool {
    let mut flips = 0;
    walk_steps(&m.parts, &mut |s| flips += usize::from(s.leg.flip.is_some()), &mut |_| {});
    let last_flips = matches!(m.parts.last(), Some(PPart::Leg(s)) if s.leg.flip.is_some());
    flips > usize::from(last_flips)
}

/// Whether a multi-leg move captures en passant on the way (M64): a `ce` leg that is not its last.
pub(super) fn en_passant_on_the_way(m: &PMove) -> bool {
    let mut takers = 0;
    walk_steps(&m.parts, &mut |s| takers += usize::from(s.leg.en_passant.is_some()), &mut |_| {});
    let last_takes = matches!(m.parts.last(), Some(PPart::Leg(s)) if s.leg.en_passant.is_some());
    takers > usize::from(last_takes)
}

/// Whether nothing remains to be walked after `k`: the leg before it is the move's last.
fn ends_here(k: &Cont<'_, '_>) -> bool {
    match k {
        Cont::Done => true,
        Cont::Parts([], next) => ends_here(next),
        _ => false,
    }
}

/// Whether a range needs a position.
fn dynamic(r: &PRange) -> bool {
    r.threatened || r.unthreatened || r.unmoved
}

/// Whether a multi-leg move has a range that depends on the position (`[+]`, `[*]`, `[:]`), on
/// a leg or a repeat.
pub(super) fn has_dynamic_ranges(m: &PMove) -> bool {
    has_ranges(m, dynamic)
}

/// Whether a multi-leg move has a range of `kind` on a leg or a repeat.
pub(super) fn has_ranges(m: &PMove, kind: fn(&PRange) -> bool) -> bool {
    let (mut legs, mut repeats) = (false, false);
    walk_steps(&m.parts, &mut |s| legs |= s.leg.origin.iter().chain(&s.leg.destination).any(kind), &mut |r| {
        repeats |= r.origin.iter().chain(&r.destination).any(kind)
    });
    legs || repeats
}

/// Calls `leg` on every leg and `rep` on every repeat of `parts`.
fn walk_steps(parts: &[PPart], leg: &mut dyn FnMut(&PStep), rep: &mut dyn FnMut(&PRepeat)) {
    for p in parts {
        match p {
            PPart::Leg(s) => leg(s),
            PPart::Explode(_) => {}
            PPart::Optional { body, .. } => walk_steps(body, leg, rep),
            PPart::Repeat(r) => {
                rep(r);
                for body in r.first.iter().chain(&r.later) {
                    walk_steps(body, leg, rep);
                }
            }
        }
    }
}

/// Calls `rep` on the repeats of `parts` that no other repeat holds (M72: a search inside the
/// unrolled rounds of another repeat would be unrolled once per round, deeper and deeper).
fn outer_repeats(parts: &[PPart], rep: &mut dyn FnMut(&PRepeat)) {
    for p in parts {
        match p {
            PPart::Leg(_) | PPart::Explode(_) => {}
            PPart::Optional { body, .. } => outer_repeats(body, rep),
            PPart::Repeat(r) => rep(r),
        }
    }
}

/// Whether a repeat may be searched at run time (M51, M72; `0*`: M59): every body legs without
/// `!`, `x` or `u`, and optional parts `[...]` of such legs. The search ends whatever the rounds
/// do, as a path never stands twice at the same (square, pieces captured). A round's end is
/// pushed, not walked on, so `{...}` (taken when the rest of the move completes) and flood fills
/// (M67) are not searched.
fn searchable(r: &PRepeat) -> bool {
    fn plain(parts: &[PPart]) -> bool {
        parts.iter().all(|p| match p {
            PPart::Leg(s) => !s.setup && !s.excite && !s.unload,
            PPart::Optional { compulsory: false, body } => plain(body),
            _ => false,
        })
    }
    !r.flood && r.first.iter().chain(&r.later).all(|body| plain(body))
}

/// The state a later time round of a flood fill starts in, on `at` (M67): its first leg takes
/// any direction or its own (plan), so `prev` is not read; the path's log and landings are not
/// read either.
fn later_round<'a>(st: &St<'a>, at: &Ident) -> St<'a> {
    St {
        sq: at.clone(),
        cap: st.cap.clone(),
        disp: None,
        prev: Some((0, 1)),
        zaxis: None,
        pending: None,
        leg_start: at.clone(),
        unload_at: None,
        actor: st.actor.clone(),
        visited: vec![(at.clone(), None)],
        log: Vec::new(),
        replay: None,
        setup: st.setup.clone().map(|(u, _)| (u, None)),
        decisive: st.decisive,
        rights: st.rights,
        off: None,
        swapping: false,
        swapped: st.swapped.clone(),
        flipping: false,
        flipped: st.flipped.clone(),
    }
}

/// Single legs and multi-leg moves, with the single legs the tables do not cover (non-jumping
/// leaps, `nA`; cylindrical legs, `oR`) moved to the multi-leg moves.
pub(super) fn split((legs, mut multi): (Vec<PLeg>, Vec<PMove>), color: Color) -> (Vec<PLeg>, Vec<PMove>) {
    let (walked, legs): (Vec<PLeg>, Vec<PLeg>) = legs.into_iter().partition(needs_walker);
    multi.extend(walked.into_iter().map(|leg| as_move(leg, color)));
    (legs, multi)
}

/// A single leg the table shapes do not cover (`nA`, `oR`), as a one-leg move.
fn as_move(leg: PLeg, color: Color) -> PMove {
    let check_rule = leg.check_rule;
    let step = PStep {
        leg,
        relative: None,
        mode_written: true,
        setup: false,
        excite: false,
        unload: false,
        offboard: false,
        span: Span::default(),
    };
    PMove { parts: vec![PPart::Leg(Box::new(step))], color, span: Span::default(), check_rule }
}

/// Whether a single leg needs the multi-leg walker: a non-jumping leap longer than a king step, a
/// cylindrical leg (M38), whose rays the blocker trick cannot walk, or hops over several (or
/// optional) hurdles restricted to a piece set (`pp{S}R`, M50), or a capture whose squares depend
/// on threats or unmoved pieces (`[+]cN`, `cR[:]`, M84).
fn needs_walker(leg: &PLeg) -> bool {
    // M104: a non-jumping leap that flips or moves only when unblocked is made as a single leg.
    let lame = leg.non_jumping && !super::lame_rule_leap(leg);
    let restricted_hops = leg.hop.as_ref().is_some_and(|h| h.hurdles.is_some() && (h.many || h.optional))
        && matches!(leg.reach, Reach::Steps { .. });
    let dynamic = leg.origin.iter().chain(&leg.destination).any(|r| r.threatened || r.unthreatened || r.unmoved);
    restricted_hops
        || (lame && leg.vectors.iter().any(|v| v.0.abs() > 1 || v.1.abs() > 1))
        || leg.wrap.is_some()
        || (dynamic && !leg.captures.is_empty())
}

impl<'a> Unroll<'_> {
    fn id(&mut self, prefix: &str) -> Ident {
        self.next_id += 1;
        format_ident!("{}{}", prefix, self.next_id)
    }

    fn ty(&self) -> TokenStream {
        self.g.tables.mask_type(&self.g.rt)
    }

    /// The occupancy a path sees: the start square and the pieces captured on the way are empty;
    /// after an `x` leg (X28) the excited friend's square is, and the start square is not.
    fn occ(&self, st: &St<'_>) -> TokenStream {
        let ty = self.ty();
        let base = match &st.actor {
            None => quote!(occ0),
            Some(a) => {
                quote!(((occ0 | <#ty as Bitboard>::from_square(from)) & !<#ty as Bitboard>::from_square(#a)))
            }
        };
        let base = match &st.cap {
            None => base,
            Some(c) => quote!((#base & !#c)),
        };
        match &st.swapped {
            // M63: the swap square is empty once the mover goes on; the swapped piece stands on
            // the swapping leg's start square.
            Some((w, u)) => quote! {
                ((#base & !<#ty as Bitboard>::from_square(#w)) | <#ty as Bitboard>::from_square(#u))
            },
            None => base,
        }
    }

    fn run(&mut self, st: St<'a>, k: &Cont<'_, 'a>) -> TokenStream {
        if self.over_budget {
            return quote!();
        }
        match k {
            Cont::Done => self.finish(&st),
            Cont::Parts([], next) => self.run(st, next),
            Cont::Parts([part, rest @ ..], next) => {
                let after = Cont::Parts(rest, next);
                match part {
                    PPart::Leg(step) => self.leg(st, step, &after),
                    PPart::Explode(x) => self.explode(st, x),
                    PPart::Optional { compulsory, body } => {
                        if *compulsory && straight_on_is_a_siblings(st.prev, body) {
                            // M21: the move is another atom's of the letter, not this one's.
                            return quote!();
                        }
                        let with = self.run(st.clone(), &Cont::Parts(body, &after));
                        let without = self.run(st, &after);
                        if *compulsory {
                            quote!({ let before = found; #with if found == before { #without } })
                        } else {
                            quote!(#with #without)
                        }
                    }
                    PPart::Repeat(rep) => {
                        let guard = self.ranges(&rep.origin, &st.sq);
                        let round =
                            Cont::Round { rep, done: 0, log_start: st.log.len(), seen: Vec::new(), next: &after };
                        let body = self.run(st, &round);
                        guarded(guard, body)
                    }
                }
            }
            Cont::Round { rep, done, log_start, seen, next } => self.round(st, rep, *done, *log_start, seen, next),
            Cont::Push { contexts, stack, done, landed, log } => {
                self.push_position(st, contexts, stack, done, landed.as_ref(), *log)
            }
            Cont::Flood { rep, origin, reached, todo, start, from, mark, tree, next } => {
                self.flood_end(st, rep, origin, reached, todo, start, from.as_ref(), *mark, tree.as_ref(), next)
            }
            Cont::Mark { origin, reached, todo, successors, from } => {
                let Some((_, t)) = &st.pending else { return quote!() };
                let (ty, sq) = (self.ty(), &st.sq);
                quote! {
                    if !#t && #sq != #origin {
                        #successors[#from.index() & SQUARE_MASK] |= <#ty as Bitboard>::from_square(#sq);
                        if !#reached.test(#sq) {
                            #reached |= <#ty as Bitboard>::from_square(#sq);
                            #todo |= <#ty as Bitboard>::from_square(#sq);
                        }
                    }
                }
            }
        }
    }

    /// After time round `done` of a repeat: another round, or on with the rest of the move.
    fn round(
        &mut self,
        st: St<'a>,
        rep: &'a PRepeat,
        done: u32,
        log_start: usize,
        seen: &[Seen],
        next: &Cont<'_, 'a>,
    ) -> TokenStream {
        if done == 0 && rep.flood {
            return self.flood(st, rep, next);
        }
        if done == 0 && self.runtime.contains(&(rep as *const PRepeat)) {
            return self.search(st, rep, next);
        }
        let count = self.id("n");
        let ty = self.ty();
        let captured = match &st.cap {
            None => quote!(0u32),
            Some(c) => quote!(<#ty as Bitboard>::count(#c)),
        };
        let pending = match &st.pending {
            Some((_, t)) => quote!(u32::from(#t)),
            None => quote!(0u32),
        };
        // A repeat stops before it reaches the same position twice.
        let mut stops = Vec::new();
        for e in seen {
            match (st.disp, e.disp) {
                (Some(a), Some(b)) if a != b => {}
                (Some(_), Some(_)) if e.cap == st.cap => return quote!(),
                (Some(_), Some(_)) => {
                    let n = &e.count;
                    stops.push(quote!(#count == #n));
                }
                _ => {
                    let (s, n, sq) = (&e.sq, &e.count, &st.sq);
                    stops.push(quote!((#sq == #s && #count == #n)));
                }
            }
        }
        // `0*` never lands twice on a square.
        if rep.maximal && done > 0 {
            for (v, d) in &st.visited[..st.visited.len() - 1] {
                match (st.disp, d) {
                    (Some(a), Some(b)) if a == *b => return quote!(),
                    (Some(a), Some(b)) if a != *b => {}
                    _ => {
                        let sq = &st.sq;
                        stops.push(quote!(#sq == #v));
                    }
                }
            }
        }
        let mut seen = seen.to_vec();
        seen.push(Seen { sq: st.sq.clone(), disp: st.disp, count: count.clone(), cap: st.cap.clone() });
        let mut more = Vec::new();
        if rep.max.is_none_or(|m| done < m) {
            let bodies = if done == 0 { &rep.first } else { &rep.later };
            let replay = (done > 0 && rep.replay).then(|| st.log[log_start..].to_vec());
            for body in bodies {
                let end = Cont::Round { rep, done: done + 1, log_start: st.log.len(), seen: seen.clone(), next };
                let mut st = st.clone();
                st.replay = replay.clone();
                more.push(self.run(st, &Cont::Parts(body.as_slice(), &end)));
            }
        }
        let stop = if done >= rep.min {
            let mut tests = self.ranges(&rep.destination, &st.sq);
            if rep.edge && done > 0 {
                // M56: only where one more time round the same way would leave the board.
                tests.push(self.at_edge(&st.sq, &st.log[log_start..]));
            }
            if rep.maximal {
                // `0*` stops only where it cannot go on.
                tests.insert(0, quote!(found == before));
            }
            let mut st = st;
            st.replay = None;
            let rest = self.run(st, next);
            guarded(tests, rest)
        } else {
            quote!()
        };
        let before = rep.maximal.then(|| quote!(let before = found;));
        let body = quote! {
            #before
            #(#more)*
            #stop
        };
        let body = if stops.is_empty() { body } else { quote!(if !(#(#stops)||*) { #body }) };
        quote! {{
            let #count: u32 = #captured + #pending;
            #body
        }}
    }

    /// An unlimited repeat that turns freely, as a flood fill (M67, `Walker::flood`): the first
    /// time round from where the repeat starts, then the later rounds from each empty square
    /// reached (a bitboard of squares to do), each square once. Every round's end may stop. To the
    /// edge (M68) and with more of the move after it (M79), stops need the dominator tree of the
    /// rounds: the rounds are walked twice, first marking (`Cont::Mark`), then stopping.
    fn flood(&mut self, st: St<'a>, rep: &'a PRepeat, next: &Cont<'_, 'a>) -> TokenStream {
        let none = if rep.min == 0 { self.run(st.clone(), next) } else { quote!() };
        // The landing before the repeat is settled once, before the first round: a capture there
        // (`cB-(dF)0`) is carried by the later rounds too, which start afresh from each square.
        let mut st = st;
        let Some((settle, guards)) = self.settle(&mut st) else { return none };
        let rounds = guarded(guards, self.flood_rounds(st, rep, next));
        quote! {
            #none
            {
                #settle
                #rounds
            }
        }
    }

    /// [`Self::flood`] from a settled path.
    fn flood_rounds(&mut self, st: St<'a>, rep: &'a PRepeat, next: &Cont<'_, 'a>) -> TokenStream {
        // The squares reached are not known at generation time: no origin filter.
        self.touched = None;
        let (ty, rt) = (self.ty(), self.g.rt.clone());
        let (reached, todo, at) = (self.id("reached"), self.id("todo"), self.id("at"));
        let origin = st.sq.clone();
        let here = later_round(&st, &at);
        let guarded = rep.edge || rep.continued;
        let tree = guarded.then(|| self.id("tree"));
        let flood = |from: Option<Ident>| Cont::Flood {
            rep,
            origin: origin.clone(),
            reached: reached.clone(),
            todo: todo.clone(),
            start: &st,
            from,
            mark: !guarded,
            tree: tree.clone(),
            next,
        };
        let mut first = Vec::new();
        for body in &rep.first {
            first.push(self.run(st.clone(), &Cont::Parts(body.as_slice(), &flood(None))));
        }
        let mut later = Vec::new();
        for body in &rep.later {
            later.push(self.run(here.clone(), &Cont::Parts(body.as_slice(), &flood(Some(at.clone())))));
        }
        let Some(tree) = tree else {
            return quote! {{
                let mut #reached = <#ty as Bitboard>::EMPTY;
                let mut #todo = <#ty as Bitboard>::EMPTY;
                #(#first)*
                while let Some(#at) = #todo.pop_lowest() {
                    #(#later)*
                }
            }};
        };
        let successors = self.id("successors");
        let mark = |from: &Ident| Cont::Mark {
            origin: origin.clone(),
            reached: reached.clone(),
            todo: todo.clone(),
            successors: successors.clone(),
            from: from.clone(),
        };
        let mut first_marks = Vec::new();
        for body in &rep.first {
            first_marks.push(self.run(st.clone(), &Cont::Parts(body.as_slice(), &mark(&origin))));
        }
        let mut later_marks = Vec::new();
        for body in &rep.later {
            later_marks.push(self.run(here.clone(), &Cont::Parts(body.as_slice(), &mark(&at))));
        }
        quote! {{
            let mut #reached = <#ty as Bitboard>::EMPTY;
            let mut #todo = <#ty as Bitboard>::EMPTY;
            let mut #successors = [<#ty as Bitboard>::EMPTY; SQUARE_MASK + 1];
            #(#first_marks)*
            while let Some(#at) = #todo.pop_lowest() {
                #(#later_marks)*
            }
            let #tree = #rt::__private::Dominators::new(#origin, &#successors);
            #(#first)*
            let mut #todo = #reached;
            while let Some(#at) = #todo.pop_lowest() {
                #(#later)*
            }
        }}
    }

    /// The end of a time round of a flood fill (M67): unless back where the repeat started, the
    /// path may stop here, and (`mark`) an empty square not reached before is to do. To the edge
    /// (M68) it stops only at the edge; there, and where more of the move follows (M79), on an
    /// empty square only when the square does not dominate the round's start (`tree`).
    #[allow(clippy::too_many_arguments)]
    fn flood_end(
        &mut self,
        st: St<'a>,
        rep: &'a PRepeat,
        origin: &Ident,
        reached: &Ident,
        todo: &Ident,
        start: &St<'a>,
        from: Option<&Ident>,
        mark: bool,
        tree: Option<&Ident>,
        next: &Cont<'_, 'a>,
    ) -> TokenStream {
        let Some((_, t)) = st.pending.clone() else { return quote!() };
        let ty = self.ty();
        let sq = st.sq.clone();
        let mut guards = self.ranges(&rep.destination, &sq);
        if rep.edge {
            let log_start = if from.is_none() { start.log.len() } else { 0 };
            guards.push(self.at_edge(&sq, &st.log[log_start..]));
        }
        if let (Some(from), Some(tree)) = (from, tree) {
            guards.push(quote!((#t || !#tree.stands_on(#from, #sq))));
        }
        let mut end = st;
        end.replay = None;
        let stop = guarded(guards, self.run(end, next));
        let mark = mark.then(|| {
            quote! {
                if !#t && !#reached.test(#sq) {
                    #reached |= <#ty as Bitboard>::from_square(#sq);
                    #todo |= <#ty as Bitboard>::from_square(#sq);
                }
            }
        });
        quote! {
            if #sq != #origin {
                #stop
                #mark
            }
        }
    }

    /// `(X)*` (M56): whether one more time round from `sq`, one step of each leg the way the
    /// last round went (`round`, White's view), would leave the board.
    fn at_edge(&mut self, sq: &Ident, round: &[Vector]) -> TokenStream {
        let mut at = quote!(Some(#sq));
        for &(x, y) in round {
            let board = if self.color == Color::White { (x, y) } else { (x, -y) };
            let table = self.g.leap_table(&[board]);
            at = quote!(#at.and_then(|e| #table[e.index() & SQUARE_MASK].lowest()));
        }
        quote!(#at.is_none())
    }

    /// A repeat searched at run time (M51), after its first time round: a depth-first search over
    /// the positions (square, pieces captured) the later rounds reach, on an explicit stack. Each
    /// round is unrolled once per generation-time context (the last leg and what the rest of the
    /// path reads of it); `hist` holds the path's positions after rounds 1, 2, … for the repeat's
    /// rule that a path never stands twice at the same position.
    // Not inlined into `round`, which recurses once per time round unrolled: its frame would grow
    // by this one's for every round (the unit tests' 2 MB stacks overflowed).
    #[inline(never)]
    fn search(&mut self, st: St<'a>, rep: &'a PRepeat, next: &Cont<'_, 'a>) -> TokenStream {
        let Some(first) = self.context(&st, false) else {
            self.over_budget = true;
            return quote!();
        };
        let ty = self.ty();
        let rt = self.g.rt.clone();
        let (stack, hist, done) = (self.id("stack"), self.id("hist"), self.id("done"));
        let (sq, cap, t, ctx) = (self.id("sq"), self.id("cap"), self.id("t"), self.id("ctx"));
        // `0*` (M59): each position also carries the squares landed on, and is visited twice: on
        // entry (its next time rounds pushed above an exit mark) and on exit, where the path stops
        // only when no next time round completed a move (`found` did not grow).
        let maximal = rep.maximal.then(|| (self.id("landed"), self.id("exit"), self.id("before")));
        let landed0 = {
            let bits = st.visited.iter().map(|(v, _)| quote!(<#ty as Bitboard>::from_square(#v)));
            quote!((<#ty as Bitboard>::EMPTY #(| #bits)*))
        };
        let cap0 = match &st.cap {
            Some(c) => quote!(#c),
            None => quote!(<#ty as Bitboard>::EMPTY),
        };
        let sq0 = &st.sq;
        let t0 = st.pending.as_ref().map_or(quote!(false), |(_, t)| quote!(#t));
        // The landings of later rounds are not known at generation time: no origin filter.
        self.touched = None;
        let contexts = RefCell::new(vec![first]);
        let mut arms = Vec::new();
        let mut i = 0;
        while i < contexts.borrow().len() {
            if self.over_budget {
                return quote!();
            }
            let c = contexts.borrow()[i].clone();
            let here = St {
                sq: sq.clone(),
                cap: Some(cap.clone()),
                disp: None,
                prev: c.prev,
                zaxis: c.zaxis,
                pending: c.step.map(|s| (s, t.clone())),
                leg_start: sq.clone(),
                unload_at: None,
                actor: None,
                visited: vec![(sq.clone(), None)],
                log: Vec::new(),
                replay: None,
                setup: None,
                decisive: c.decisive,
                rights: c.rights,
                off: None,
                swapping: false,
                swapped: None,
                flipping: false,
                flipped: None,
            };
            let count = self.id("n");
            let rounds = |bodies: &'a [Vec<PPart>], later: bool, me: &mut Self| {
                let mut code = Vec::new();
                for body in bodies {
                    let end = Cont::Push {
                        contexts: &contexts,
                        stack: stack.clone(),
                        done: done.clone(),
                        landed: maximal.as_ref().map(|m| m.0.clone()),
                        log: rep.replay || rep.edge,
                    };
                    let mut here = here.clone();
                    // M5: a later round of a replaying repeat goes the way the last one went.
                    if later && rep.replay {
                        here.replay = Some(c.round.clone());
                    }
                    code.push(me.run(here, &Cont::Parts(body.as_slice(), &end)));
                }
                quote!(#(#code)*)
            };
            // Only the first context is the position before the first round.
            let more = if i == 0 {
                let (first, later) = (rounds(&rep.first, false, self), rounds(&rep.later, true, self));
                quote!(if #done == 0 { #first } else { #later })
            } else {
                rounds(&rep.later, true, self)
            };
            let more = match rep.max {
                None => more,
                Some(m) => quote!(if #done < #m { #more }),
            };
            let min = rep.min;
            let mut guards = self.ranges(&rep.destination, &sq);
            if rep.edge {
                // M56: only where one more round the way this one went would leave the board (the
                // position before the first round has gone no way: not at the edge).
                guards.push(if c.round.is_empty() { quote!(false) } else { self.at_edge(&sq, &c.round) });
            }
            let rest = self.run(here, next);
            let stop = guarded(guards, rest);
            let k = i as u32;
            let arm = match &maximal {
                None => quote! {
                    let #count: u32 = <#ty as Bitboard>::count(#cap) + u32::from(#t);
                    let depth = #done as usize;
                    if !#hist[..depth.min(#hist.len())].contains(&(#sq, #count)) {
                        #hist.truncate(depth);
                        #hist.push((#sq, #count));
                        #more
                        if #done >= #min { #stop }
                    }
                },
                Some((landed, exit, before)) => quote! {
                    if #exit {
                        if found == #before && #done >= #min { #stop }
                    } else {
                        let #count: u32 = <#ty as Bitboard>::count(#cap) + u32::from(#t);
                        let depth = #done as usize;
                        if !#hist[..depth.min(#hist.len())].contains(&(#sq, #count)) {
                            #hist.truncate(depth);
                            #hist.push((#sq, #count));
                            #stack.push((#sq, #cap, #t, #ctx, #done, #landed, true, found));
                            #more
                        }
                    }
                },
            };
            arms.push(quote!(#k => { #arm }));
            i += 1;
        }
        if let Some((landed, exit, before)) = &maximal {
            return quote! {{
                let mut #stack: Vec<(#rt::__private::Square, #ty, bool, u32, u32, #ty, bool, u32)> = Vec::new();
                let mut #hist: Vec<(#rt::__private::Square, u32)> = Vec::new();
                #stack.push((#sq0, #cap0, #t0, 0u32, 0u32, #landed0, false, 0u32));
                while let Some((#sq, #cap, #t, #ctx, #done, #landed, #exit, #before)) = #stack.pop() {
                    match #ctx {
                        #(#arms)*
                        _ => {}
                    }
                }
            }};
        }
        quote! {{
            let mut #stack: Vec<(#rt::__private::Square, #ty, bool, u32, u32)> = Vec::new();
            let mut #hist: Vec<(#rt::__private::Square, u32)> = Vec::new();
            #stack.push((#sq0, #cap0, #t0, 0u32, 0u32));
            while let Some((#sq, #cap, #t, #ctx, #done)) = #stack.pop() {
                match #ctx {
                    #(#arms)*
                    _ => {}
                }
            }
        }}
    }

    /// The generation-time context of a position at the end of a time round searched at run time
    /// (M51); `None` when the path carries state the search does not keep (`!`, `x`, a replay).
    /// `log`: the context keeps the directions of the round that just ended (`st.log`: a round
    /// searched at run time starts with an empty log). A replay queue left over at a round's end
    /// is dropped, as the next round or the stop sets its own (`round`).
    fn context(&self, st: &St<'a>, log: bool) -> Option<Context<'a>> {
        if st.setup.is_some()
            || st.actor.is_some()
            || st.off.is_some()
            || st.swapping
            || st.swapped.is_some()
            || st.flipping
            || st.flipped.is_some()
        {
            return None;
        }
        let step = st.pending.as_ref().map(|(s, _)| *s);
        let round = if log { st.log.clone() } else { Vec::new() };
        Some(Context { step, prev: st.prev, zaxis: st.zaxis, decisive: st.decisive, rights: st.rights, round })
    }

    /// The end of a time round searched at run time (M51): its position goes on the stack.
    fn push_position(
        &mut self,
        st: St<'a>,
        contexts: &RefCell<Vec<Context<'a>>>,
        stack: &Ident,
        done: &Ident,
        landed: Option<&Ident>,
        log: bool,
    ) -> TokenStream {
        let Some(c) = self.context(&st, log) else {
            self.over_budget = true;
            return quote!();
        };
        let index = {
            let mut cs = contexts.borrow_mut();
            match cs.iter().position(|o| *o == c) {
                Some(i) => i,
                None => {
                    cs.push(c);
                    cs.len() - 1
                }
            }
        } as u32;
        let ty = self.ty();
        let cap = match &st.cap {
            Some(c) => quote!(#c),
            None => quote!(<#ty as Bitboard>::EMPTY),
        };
        let sq = &st.sq;
        let t = st.pending.as_ref().map_or(quote!(false), |(_, t)| quote!(#t));
        let Some(landed) = landed else {
            return quote!(#stack.push((#sq, #cap, #t, #index, #done + 1)););
        };
        // `0*` (M59): never landing on a square the path landed on (the start square included).
        // (A path of null legs, `R-(O)0*`, may have landed nowhere yet.)
        let on_the_way = st
            .visited
            .iter()
            .skip(1)
            .take(st.visited.len().saturating_sub(2))
            .map(|(v, _)| quote!(| <#ty as Bitboard>::from_square(#v)));
        quote! {
            let prior = #landed #(#on_the_way)*;
            if !prior.test(#sq) {
                #stack.push((#sq, #cap, #t, #index, #done + 1, prior | <#ty as Bitboard>::from_square(#sq), false, 0u32));
            }
        }
    }

    /// Settles the pending landing of `st` as a square on the way (empty, visited or captured):
    /// the statements doing it and the tests it must pass; `None` when it never can.
    fn settle(&mut self, st: &mut St<'a>) -> Option<(TokenStream, Vec<TokenStream>)> {
        let ty = self.ty();
        let mut settle = quote!();
        let mut guards = Vec::new();
        if let Some((_, t)) = st.pending.take_if(|(p, _)| p.excite) {
            // `x` (X28): a friend, which makes the rest of the move. A lone piece has none: the
            // moves it induces are not its own destinations.
            if self.sink == Sink::Piece {
                return None;
            }
            let sq = st.sq.clone();
            guards.push(quote!((#t && own.test(#sq))));
            st.actor = Some(sq);
        }
        if let Some((p, t)) = st.pending.take_if(|_| st.swapping) {
            // M63: this copy of the path swaps with the piece there (plan: no capture of it).
            let (sq, w) = (st.sq.clone(), p.leg.swap.as_ref()?);
            let test = self.targets_test(std::slice::from_ref(&w.targets), &sq);
            guards.push(quote!((#t && #test)));
            st.swapping = false;
            st.swapped = Some((sq, st.leg_start.clone()));
            return Some((settle, guards));
        }
        if let Some((p, t)) = st.pending.take_if(|_| st.flipping) {
            // M126: this copy of the path flips the piece there, never a royal one (plan: no
            // capture of it); the mover goes on from its square.
            let (sq, f) = (st.sq.clone(), p.leg.flip.as_ref()?);
            let test = self.targets_test(std::slice::from_ref(&f.targets), &sq);
            let royal = self.royal_test(&sq);
            guards.push(quote!((#t && #test && !#royal)));
            st.flipping = false;
            st.flipped = Some(sq);
            return Some((settle, guards));
        }
        if let Some((p, t)) = st.pending.take() {
            // The previous landing is a square on the way: empty, visited or captured. A leg with
            // `me` cannot capture there (plan): it passed an empty square (M44).
            st.rights |= p.leg.move_allows_en_passant;
            let sq = st.sq.clone();
            let can_capture = p.mode_written && !p.leg.captures.is_empty();
            let empty_ok = match &p.leg.visit {
                Some(v) => v.optional || (p.mode_written && p.leg.moves),
                None => !p.mode_written || p.leg.moves,
            };
            let mut ways = Vec::new();
            if empty_ok {
                ways.push(quote!(!#t));
            }
            let vis = self.id("v");
            if let Some(v) = &p.leg.visit {
                let test = self.visit_test(v, &sq);
                settle = quote!(let #vis = #t && #test;);
                ways.push(quote!(#vis));
            }
            let capd = self.id("x");
            if can_capture {
                let test = self.capture_test(p, &sq);
                let not_visited = p.leg.visit.as_ref().map(|_| quote!(!#vis &&));
                settle = quote! {
                    #settle
                    let #capd = #t && #not_visited #test;
                };
                ways.push(quote!(#capd));
            }
            let old = match &st.cap {
                Some(c) => quote!(#c),
                None => quote!(<#ty as Bitboard>::EMPTY),
            };
            // M64: an e.p. capture on the way takes the victim of the rights on this empty square.
            let epd = self.id("e");
            if let Some(pieces) = &p.leg.en_passant {
                let victim_ok = self.ep_victim_test(pieces);
                settle = quote! {
                    #settle
                    let #epd = if !#t && pos.ep_targets().test(#sq) {
                        pos.ep_victim().filter(|&victim_sq| {
                            !#old.test(victim_sq)
                                && pos.piece_at(victim_sq).is_some_and(|victim| victim.color != us && #victim_ok)
                        })
                    } else {
                        None
                    };
                };
                ways.push(quote!(#epd.is_some()));
            }
            if ways.is_empty() {
                return None;
            }
            guards.push(if ways.len() == 1 { ways.remove(0) } else { quote!((#(#ways)||*)) });
            if can_capture || p.leg.en_passant.is_some() {
                let c = self.id("c");
                let captured = can_capture.then(
                    || quote!(| if #capd { <#ty as Bitboard>::from_square(#sq) } else { <#ty as Bitboard>::EMPTY }),
                );
                let taken = p
                    .leg
                    .en_passant
                    .is_some()
                    .then(|| quote!(| #epd.map_or(<#ty as Bitboard>::EMPTY, <#ty as Bitboard>::from_square)));
                settle = quote! {
                    #settle
                    let #c = #old #captured #taken;
                };
                st.cap = Some(c);
            }
        }
        Some((settle, guards))
    }

    /// An explosion (M49, as `Walker::explode`): the piece stays where its last leg landed and
    /// captures every piece it may around it, and itself with `O`; possible when it captures one.
    fn explode(&mut self, mut st: St<'a>, x: &PExplode) -> TokenStream {
        let Some((settle, guards)) = self.settle(&mut st) else { return quote!() };
        // The squares around are not displacements of known landings: no origin filter.
        self.touched = None;
        let ty = self.ty();
        let (c, occ) = (st.sq.clone(), self.occ(&st));
        let prior = match &st.cap {
            Some(p) => quote!(#p),
            None => quote!(<#ty as Bitboard>::EMPTY),
        };
        let blown = self.id("blown");
        let mut around = Vec::new();
        for &v in &x.vectors {
            let table = self.g.leap_table(&[v]);
            let n = self.id("n");
            let capture = self.targets_test(&x.captures, &n);
            around.push(quote! {
                if let Some(#n) = #table[#c.index() & SQUARE_MASK].lowest() {
                    if #occ.test(#n) && #capture {
                        #blown |= <#ty as Bitboard>::from_square(#n);
                    }
                }
            });
        }
        let itself = self.explodes_itself(x).then(|| quote!(#blown |= <#ty as Bitboard>::from_square(#c);));
        let capture = self.id("capture");
        let sink = match self.sink {
            Sink::Moves => {
                let extra = quote!(((#prior & !<#ty as Bitboard>::from_square(#c)) | #blown));
                self.push_extras(&c, quote!(#capture), extra)
            }
            Sink::Attack => quote!(if (#prior | #blown).test(sq) { return true; }),
            // X83: a borrowing path ends on its `x` leg only (`finish_with`).
            Sink::Lenders => quote!(),
            Sink::Piece => quote! {
                if #c != from {
                    if #capture { captures |= <#ty as Bitboard>::from_square(#c); } else { quiet |= <#ty as Bitboard>::from_square(#c); }
                }
            },
        };
        let body = quote! {
            let mut #blown = <#ty as Bitboard>::EMPTY;
            #(#around)*
            #itself
            if #blown != <#ty as Bitboard>::EMPTY {
                #[allow(unused_variables)]
                let #capture = #prior.test(#c);
                found += 1;
                #sink
            }
        };
        let body = guarded(guards, body);
        quote! {{
            #settle
            #body
        }}
    }

    /// Whether an explosion's `O` captures the mover (of this unroll's kind): its legs capture
    /// friends and their sets hold its kind (as `Interpreter::may_capture`).
    fn explodes_itself(&self, x: &PExplode) -> bool {
        // An Imitator (X62) explodes as the kind it imitates.
        let letter = self.g.letters.get(self.g.ep_kind.unwrap_or(self.kind)).copied();
        let holds = |set: &PSet| {
            letter.is_some_and(|l| set.members.iter().any(|&(m, f)| m == l && f.is_none_or(|f| f)) != set.complement)
        };
        x.itself && x.captures.iter().any(|t| t.side != Side::Enemy && t.only.iter().all(holds))
    }

    /// One leg: settles the previous landing as a square on the way, then walks each direction.
    fn leg(&mut self, mut st: St<'a>, step: &'a PStep, after: &Cont<'_, 'a>) -> TokenStream {
        self.legs += 1;
        if self.legs > BUDGET || st.log.len() >= DEPTH {
            self.over_budget = true;
            return quote!();
        }
        let Some((settle, mut guards)) = self.settle(&mut st) else { return quote!() };
        if step.setup {
            // M20: the first `!` marks the setup square; a later one sets the piece back there first.
            match &st.setup {
                Some((sq, disp)) => {
                    st.sq = sq.clone();
                    st.disp = *disp;
                }
                None => st.setup = Some((st.sq.clone(), st.disp)),
            }
        }
        let leg = &step.leg;
        match (leg.initial, leg.decaying, self.sink) {
            (false, ..) => {}
            // `ii` (M66): `ii` is bound where the moves of a variant are generated or tested; a
            // lone piece is unmoved and has no checks.
            (true, true, Sink::Moves | Sink::Attack) => guards.push(quote!(ii)),
            (true, ..) => guards.push(quote!(unmoved)),
        }
        guards.extend(self.ranges(&leg.origin, &st.sq));
        // M41: conditions are read on the position before the move.
        guards.extend(self.g.conditions_test(leg, quote!(us)));
        if !leg.attackers.is_empty() {
            // M55: on a move's first leg only (plan): the piece's square, attacked before the move.
            guards.push(self.g.escapes(leg, self.kind as u8, quote!(us), quote!(occ)));
        }
        if leg.pass {
            return self.null_leg(st, step, after, settle, guards);
        }
        let occ = self.occ(&st);
        let g = self.g.tables.geometry;
        let mut code = Vec::new();
        let off = st.off.take();
        let replaying = st.replay.as_ref().is_some_and(|queue| !queue.is_empty());
        let directions = leg_directions(self.color, &mut st.replay, st.prev, st.zaxis, step);
        if leg.unblocked {
            // M109: no moves from here while an enemy stands where the leg could land, in any of
            // its directions, on the board as the path left it (no swaps beside it: plan).
            // A leg of absolute directions tests those of its whole written leg: a single leg
            // walked here (a cylinder's `ouQ`) is split by atom, each part keeping the written
            // leg's directions in `unblocked_by` (M90).
            let blockers: Vec<Vector> = match step.relative.is_none() && !replaying {
                true => leg.unblocked_by.clone(),
                false => directions.iter().map(|&(board, ..)| board).collect(),
            };
            let blocked = self.id("u");
            let mut walks = Vec::new();
            for &board in &blockers {
                let to = self.id("s");
                let body = quote!(if #occ.test(#to) && !own.test(#to) { #blocked = true; });
                walks.push(self.walk(leg, board, &st.sq, &occ, &to, body));
            }
            guards.push(quote!(({ let mut #blocked = false; #(#walks)* !#blocked })));
        }
        for (board, white, axis) in directions {
            if step.offboard {
                // X48: the squares the leg passes to the edge must be empty; where it lands off the
                // board is known per start square, and only the next leg's tables read it.
                self.touched = None;
                let ty = self.ty();
                let pass = self.g.tables.per_square("OFFPASS", |sq| {
                    offboard::exit(g, Square(sq as u16), board, leg.reach)
                        .map_or([0; 4], |(passed, _)| passed.iter().fold([0; 4], |b, s| or(b, bit(s.index()))))
                });
                let mut next = st.clone();
                next.off = Some((board, leg.reach));
                next.disp = None;
                next.prev = Some(white);
                next.log.push(white);
                next.zaxis = axis;
                next.decisive |= leg.decisive;
                let inner = self.run(next, after);
                let sq = &st.sq;
                code.push(quote!(if (#pass[#sq.index() & SQUARE_MASK] & #occ) == <#ty as Bitboard>::EMPTY { #inner }));
                continue;
            }
            // On a cylinder (M38) the displacement says nothing about the square.
            let leaper =
                leg.reach == (Reach::Steps { min: 1, max: Some(1) }) && leg.hop.is_none() && leg.wrap.is_none();
            let disp = if leaper { st.disp.map(|d| (d.0 + board.0, d.1 + board.1)) } else { None };
            if let Some(d) = disp {
                if d.0.unsigned_abs() >= u32::from(g.files()) || d.1.unsigned_abs() >= u32::from(g.ranks()) {
                    continue;
                }
            }
            match (&mut self.touched, disp) {
                (Some(t), Some(d)) => t.push(d),
                (t, None) => *t = None,
                _ => {}
            }
            let (to, t) = (self.id("s"), self.id("t"));
            let mut next = st.clone();
            next.sq = to.clone();
            next.disp = disp;
            next.prev = Some(white);
            next.log.push(white);
            next.visited.push((to.clone(), disp));
            next.pending = Some((step, t.clone()));
            next.leg_start = st.sq.clone();
            if step.unload {
                next.unload_at = Some(st.sq.clone());
            }
            next.zaxis = axis;
            next.decisive |= leg.decisive;
            let mut inner = self.run(next.clone(), after);
            if leg.swap.is_some() && !ends_here(after) {
                // M63: the path again, with this landing a swap on the way.
                let mut swap = next.clone();
                swap.swapping = true;
                let swap = self.run(swap, after);
                inner = quote!(#inner #swap);
            }
            if leg.flip.is_some() && !ends_here(after) {
                // M126: the path again, with this landing a flip on the way.
                next.flipping = true;
                let flip = self.run(next, after);
                inner = quote!(#inner #flip);
            }
            let mut dest = self.ranges(&leg.destination, &to);
            if let Some((_, u)) = &st.swapped {
                // M63: the swapped piece is not landed on again.
                dest.push(quote!(#to != #u));
            }
            if let Some(f) = &st.flipped {
                // M126: nor is the flipped piece.
                dest.push(quote!(#to != #f));
            }
            let inner = guarded(dest, inner);
            let body = quote! {
                let #t = #occ.test(#to);
                #inner
            };
            match off {
                Some(exit) => code.push(self.reenter(leg, exit, board, &st.sq, &occ, &to, body)),
                None => code.push(self.walk(leg, board, &st.sq, &occ, &to, body)),
            }
        }
        let code = guarded(guards, quote!(#(#code)*));
        quote! {{
            #settle
            #code
        }}
    }

    /// A null leg (M57): it stands still on its start square, which holds the mover only, and
    /// keeps the previous leg's direction.
    fn null_leg(
        &mut self,
        st: St<'a>,
        step: &'a PStep,
        after: &Cont<'_, 'a>,
        settle: TokenStream,
        mut guards: Vec<TokenStream>,
    ) -> TokenStream {
        match (&mut self.touched, st.disp) {
            (Some(t), Some(d)) => t.push(d),
            (t, None) => *t = None,
            _ => {}
        }
        guards.extend(self.ranges(&step.leg.destination, &st.sq));
        let t = self.id("t");
        let mut next = st.clone();
        next.pending = Some((step, t.clone()));
        next.leg_start = st.sq.clone();
        if step.unload {
            next.unload_at = Some(st.sq.clone());
        }
        next.decisive |= step.leg.decisive;
        let inner = self.run(next, after);
        let body = guarded(guards, inner);
        quote! {{
            #settle
            #[allow(unused_variables)]
            let #t = false;
            #body
        }}
    }

    /// The path ends: the last landing is the destination, allowed by the last leg's capabilities.
    fn finish(&mut self, st: &St<'a>) -> TokenStream {
        if let (Some((p, _)), Some(c), None, None) = (&st.pending, &st.cap, &st.setup, &st.actor) {
            if p.leg.pass {
                // M57: a capture on the way where a null leg ends the path (`cK-O`) is the
                // move's capture there, not an extra capture of its own square.
                let ty = self.ty();
                let (t, cap, s) = (self.id("t"), self.id("c"), st.sq.clone());
                let mut end = st.clone();
                end.pending = Some((p, t.clone()));
                end.cap = Some(cap.clone());
                let inner = self.finish_with(&end, Some(vec![quote!(true)]));
                return quote! {{
                    let #t = #c.test(#s);
                    let #cap = #c & !<#ty as Bitboard>::from_square(#s);
                    #inner
                }};
            }
        }
        self.finish_with(st, None)
    }

    /// [`Unroll::finish`], with `ends` (the ways the path may end) given or from the last leg.
    fn finish_with(&mut self, st: &St<'a>, ends: Option<Vec<TokenStream>>) -> TokenStream {
        let Some((p, t)) = &st.pending else { return quote!() };
        if st.off.is_some() {
            return quote!();
        }
        if let Some(u) = &st.unload_at {
            return self.finish_unload(st, p, t, u);
        }
        if p.excite {
            // X83: the friend a borrowing path finds (a path that induces ends on no `x` leg).
            if self.sink != Sink::Lenders {
                return quote!();
            }
            let ty = self.ty();
            let s = &st.sq;
            return quote!(if #t && own.test(#s) { lent |= <#ty as Bitboard>::from_square(#s); });
        }
        if let Some(a) = &st.actor {
            return self.finish_induced(st, p, t, a);
        }
        if let Some((u, _)) = &st.setup {
            return self.finish_setup(st, p, t, u);
        }
        let s = &st.sq;
        let dies = self.dies(st, p, t);
        let specials = self.special_ends(p, t, s, st.decisive);
        let specials = quote!(#dies #specials);
        let ends = ends.unwrap_or_else(|| self.ends(p, t, s));
        if ends.is_empty() {
            return specials;
        }
        let ty = self.ty();
        let listed = quote!(out.lists_decisive_or_not(mv, &[], start));
        if let (Sink::Moves, Some((w, u))) = (self.sink, &st.swapped) {
            // M63: a path that swapped on the way.
            let extra = st.cap.as_ref().map_or(quote!(<#ty as Bitboard>::EMPTY), |c| quote!(#c));
            let push = self.push_swapped(s, t, w, u, extra, st.decisive);
            return quote! {
                #specials
                if #(#ends)||* {
                    found += 1;
                    #push
                }
            };
        }
        if let (Sink::Moves, Some(f)) = (self.sink, &st.flipped) {
            // M126: a path that flipped on the way.
            let extra = st.cap.as_ref().map_or(quote!(<#ty as Bitboard>::EMPTY), |c| quote!(#c));
            let push = self.push_flipped(s, t, f, extra, st.decisive);
            return quote! {
                #specials
                if #(#ends)||* {
                    found += 1;
                    #push
                }
            };
        }
        // M137: a single leg walked as a one-leg move (`menD`, `cmeA[*]`) with `me` leaves rights
        // as a single leg does, beyond a king step (the plan refuses `me` on a longer path's last
        // leg, M44).
        let own_rights = !st.rights && p.leg.move_allows_en_passant;
        let near = own_rights.then(|| {
            let king = self.g.leap_table(&KING_STEPS);
            quote!(|| #king[from.index() & SQUARE_MASK].test(#s))
        });
        let sink = match self.sink {
            // M44: the quiet end of a path that passed a `me` leg is a double step (no captures on
            // the way beside it, plan).
            Sink::Moves if st.rights || own_rights => {
                let push = self.g.push(self.kind, self.color, quote!(mv));
                // M112: through a `#` leg the double step is decisive, marking the same move
                // listed before so, and the captures and passes at the end join the decisive ends.
                let (land, mv, listed) = match st.decisive {
                    true => (
                        quote!(dland),
                        quote!(Move::double_step(from, #s).decisive()),
                        quote!(out.make_decisive(mv, &[], start)),
                    ),
                    false => (quote!(land), quote!(Move::double_step(from, #s)), listed),
                };
                quote! {
                    // M61: back on its square, a pass (no e.p. rights).
                    if #t || #s == from #near {
                        #land |= <#ty as Bitboard>::from_square(#s);
                    } else {
                        {
                            let mv = #mv;
                            if !#listed {
                                #push
                            }
                        }
                    }
                }
            }
            Sink::Moves if st.decisive => match &st.cap {
                None => quote!(dland |= <#ty as Bitboard>::from_square(#s);),
                Some(c) => {
                    let push = self.g.push_with_captures(self.kind, self.color);
                    let list = self.extra_list(quote!(#c));
                    quote! {
                        {
                            if #c == <#ty as Bitboard>::EMPTY {
                                dland |= <#ty as Bitboard>::from_square(#s);
                            } else {
                                #list
                                let mv = if #s == from {
                                    Move::stay(from)
                                } else if #t {
                                    Move::capture(from, #s)
                                } else {
                                    Move::quiet(from, #s)
                                }
                                .decisive();
                                if !out.make_decisive(mv, extra, xstart) {
                                    if mv.is_stay() {
                                        let _ = out.push_with_captures(mv, extra);
                                    } else {
                                        #push
                                    }
                                }
                            }
                        }
                    }
                }
            },
            Sink::Moves => match &st.cap {
                None => quote!(land |= <#ty as Bitboard>::from_square(#s);),
                Some(c) => self.push_extras(s, quote!(#t), quote!(#c)),
            },
            Sink::Attack => {
                let on_the_way = st.cap.as_ref().map(|c| quote!(|| #c.test(sq)));
                quote!(if (#t && #s == sq) #on_the_way { return true; })
            }
            // X83: a borrowing path ends on its `x` leg only (`finish_with`).
            Sink::Lenders => quote!(),
            Sink::Piece => quote! {
                if #s != from {
                    if #t { captures |= <#ty as Bitboard>::from_square(#s); } else { quiet |= <#ty as Bitboard>::from_square(#s); }
                }
            },
        };
        quote! {
            #specials
            if #(#ends)||* {
                found += 1;
                #sink
            }
        }
    }

    /// Pushes the swap on the way (M63) to `to` (a capture when `capture`) whose swapped piece goes
    /// from `w` to `u`, with the extra captures of the bitboard `extra`, each such move once. It
    /// never promotes; a path back to the start square is not listed (M6).
    /// On a path through a `#` leg (M114) the move is decisive: it marks the same move listed
    /// before decisive, or is pushed so.
    fn push_swapped(
        &self,
        to: &Ident,
        capture: &Ident,
        w: &Ident,
        u: &Ident,
        extra: TokenStream,
        decisive: bool,
    ) -> TokenStream {
        let list = self.extra_list(extra);
        let (flag, listed) = self.listed_with_extras(decisive);
        quote! {
            if #to != from {
                #list
                let mv = Move::swap_on_the_way(from, #to, #capture, #w, #u) #flag;
                if !#listed {
                    let _ = out.push_with_captures(mv, extra);
                }
            }
        }
    }

    /// The flag of a move with extra captures (`extra`, listed from `xstart`) and the test that it
    /// is listed: on a path through a `#` leg, the same move listed before is marked decisive.
    fn listed_with_extras(&self, decisive: bool) -> (TokenStream, TokenStream) {
        match decisive {
            true => (quote!(.decisive()), quote!(out.make_decisive(mv, extra, xstart))),
            false => (quote!(), quote!(out.lists_decisive_or_not(mv, extra, xstart))),
        }
    }

    /// Pushes the flip on the way (M126) to `to` (a capture when `capture`) whose flipped piece
    /// stands on `f`, with the extra captures of the bitboard `extra`, as [`Unroll::push_swapped`].
    fn push_flipped(&self, to: &Ident, capture: &Ident, f: &Ident, extra: TokenStream, decisive: bool) -> TokenStream {
        let list = self.extra_list(extra);
        let (flag, listed) = self.listed_with_extras(decisive);
        quote! {
            if #to != from {
                #list
                let mv = Move::flip_on_the_way(from, #to, #capture, #f) #flag;
                if !#listed {
                    let _ = out.push_with_captures(mv, extra);
                }
            }
        }
    }

    /// Pushes the move to `to` (a capture when `capture`) with the extra captures of the bitboard
    /// `extra`: to `land` when there are none, else at once, each such move once; a move back to
    /// `from` with extra captures is a stationary capture (M61), which does not promote.
    fn push_extras(&self, to: &Ident, capture: TokenStream, extra: TokenStream) -> TokenStream {
        let ty = self.ty();
        let push = self.g.push_with_captures(self.kind, self.color);
        let list = self.extra_list(quote!(xs));
        quote! {
            let xs = #extra;
            if xs == <#ty as Bitboard>::EMPTY {
                land |= <#ty as Bitboard>::from_square(#to);
            } else {
                #list
                let twice = (xstart..out.len()).any(|i| {
                    out.get(i).is_some_and(|m| {
                        m.to() == #to && m.is_capture() == #capture && out.extra_captures(&m) == extra
                    })
                });
                if !twice {
                    if #to == from {
                        let _ = out.push_with_captures(Move::stay(from), extra);
                    } else {
                        let mv = if #capture { Move::capture(from, #to) } else { Move::quiet(from, #to) };
                        #push
                    }
                }
            }
        }
    }

    /// The end of a path after a `!` leg (M20): the piece goes back to the setup square `u`;
    /// what the last leg took is taken on the way (an extra capture), as every capture on the
    /// way. A move that comes back to its start square is a pass or a stationary capture (M61).
    fn finish_setup(&mut self, st: &St<'a>, p: &PStep, t: &Ident, u: &Ident) -> TokenStream {
        let s = &st.sq;
        let ty = self.ty();
        let before = match &st.cap {
            Some(c) => quote!(#c),
            None => quote!(<#ty as Bitboard>::EMPTY),
        };
        let mut ways = Vec::new();
        let ends = self.ends(p, t, s);
        if !ends.is_empty() {
            let extra = quote! {
                (#before | if #t { <#ty as Bitboard>::from_square(#s) } else { <#ty as Bitboard>::EMPTY })
            };
            ways.push((quote!(#(#ends)||*), extra));
        }
        // M103: a last leg that visits ends the path back on the setup square too.
        if let Some(v) = &p.leg.visit {
            ways.push((self.visit_end_test(v, p, t, s), before));
        }
        let mut code = quote!();
        for (test, extra) in ways {
            // M103: what a leg took on the setup square itself is the move's capture there.
            let sink = match self.sink {
                Sink::Moves => {
                    let push =
                        self.push_extras(u, quote!(xs0.test(#u)), quote!(xs0 & !<#ty as Bitboard>::from_square(#u)));
                    quote!(let xs0 = #extra; #push)
                }
                Sink::Attack => quote!(if #extra.test(sq) { return true; }),
                // X83: a borrowing path ends on its `x` leg only (`finish_with`).
                Sink::Lenders => quote!(),
                Sink::Piece => quote! {
                    if #u != from {
                        if #extra.test(#u) {
                            captures |= <#ty as Bitboard>::from_square(#u);
                        } else {
                            quiet |= <#ty as Bitboard>::from_square(#u);
                        }
                    }
                },
            };
            code = quote! {
                #code
                if #test {
                    found += 1;
                    #sink
                }
            };
        }
        code
    }

    /// M103: where the last leg of a path (with no `!` leg) visits, the piece dies there: the move
    /// is a stationary capture of its own square (and of what it took on the way). It attacks
    /// what it took on the way.
    fn dies(&mut self, st: &St<'a>, p: &PStep, t: &Ident) -> TokenStream {
        let Some(v) = &p.leg.visit else { return quote!() };
        if st.swapped.is_some() || st.flipped.is_some() {
            return quote!();
        }
        let ty = self.ty();
        let test = self.visit_end_test(v, p, t, &st.sq);
        let cap = match &st.cap {
            Some(c) => quote!(#c),
            None => quote!(<#ty as Bitboard>::EMPTY),
        };
        let sink = match self.sink {
            Sink::Moves => {
                let list = self.extra_list(quote!(xs));
                let decisive = st.decisive.then(|| quote!(.decisive()));
                let listed = match st.decisive {
                    true => quote!(out.make_decisive(mv, extra, xstart)),
                    false => quote! {
                        (xstart..out.len()).any(|i| {
                            out.get(i).is_some_and(|m| m.is_stay() && m.from() == from && out.extra_captures(&m) == extra)
                        })
                    },
                };
                quote! {
                    let xs = #cap | <#ty as Bitboard>::from_square(from);
                    #list
                    let mv = Move::stay(from) #decisive;
                    if !#listed {
                        let _ = out.push_with_captures(mv, extra);
                    }
                }
            }
            Sink::Attack => quote!(if #cap.test(sq) { return true; }),
            Sink::Lenders | Sink::Piece => quote!(),
        };
        quote! {
            if #test {
                found += 1;
                #sink
            }
        }
    }

    /// `let extra: &[Square]`: the squares of the bitboard `xs` (a generated expression), in a
    /// stack buffer, for `push_with_captures` and `make_decisive`.
    fn extra_list(&self, xs: TokenStream) -> TokenStream {
        let (ty, rt) = (self.ty(), &self.g.rt);
        quote! {
            let mut buf = [#rt::__private::Square(0); <#ty as Bitboard>::BITS];
            let mut len = 0;
            for x in <#ty as Bitboard>::squares(#xs) {
                buf[len] = x;
                len += 1;
            }
            let extra = &buf[..len];
        }
    }

    /// Whether the last leg of `p`, landing on `sq` (`t`: occupied), ends there as a visit (M103):
    /// on a piece it may visit, or (`j?` on a leg that does not move) on an empty square.
    fn visit_end_test(&self, v: &PVisit, p: &PStep, t: &Ident, sq: &Ident) -> TokenStream {
        let test = self.visit_test(v, sq);
        if v.optional && !p.leg.moves {
            quote!((!#t || #test))
        } else {
            quote!((#t && #test))
        }
    }

    /// Whether the piece on `sq` (known to be occupied) may be visited by `v`.
    fn visit_test(&self, v: &PVisit, sq: &Ident) -> TokenStream {
        let side = side_test(v.side, sq);
        match &v.only {
            None => side,
            Some(set) => {
                let only = self.in_set(set, sq);
                quote!((#side && #only))
            }
        }
    }

    /// The ends of a path as an en passant capture (M45), a swap (M43) or a flip (M107): counted as completed
    /// paths and, in a move list, pushed at once unless listed; neither attacks. On a path through
    /// a `#` leg (M89) the move is decisive: it marks the same move listed before decisive, or is
    /// pushed so.
    fn special_ends(&mut self, p: &PStep, t: &Ident, s: &Ident, decisive: bool) -> TokenStream {
        let moves = self.sink == Sink::Moves;
        let listed = if decisive {
            quote!(out.make_decisive(mv, &[], start))
        } else {
            quote!(out.lists_decisive_or_not(mv, &[], start))
        };
        let flag = decisive.then(|| quote!(.decisive()));
        let mut code = Vec::new();
        if let Some(pieces) = &p.leg.en_passant {
            let victim_ok = self.ep_victim_test(pieces);
            let push = self.g.push(self.kind, self.color, quote!(mv));
            let action = moves.then(|| quote!(let mv = Move::en_passant(from, #s) #flag; if !#listed { #push }));
            code.push(quote! {
                if !#t
                    && pos.ep_targets().test(#s)
                    && pos.ep_victim().is_some_and(|victim_sq| {
                        pos.piece_at(victim_sq).is_some_and(|victim| victim.color != us && #victim_ok)
                    })
                {
                    found += 1;
                    #action
                }
            });
        }
        if let Some(w) = &p.leg.swap {
            let test = self.targets_test(std::slice::from_ref(&w.targets), s);
            let action = moves.then(|| quote!(let mv = Move::swap(from, #s) #flag; if !#listed { out.push(mv); }));
            code.push(quote! {
                if #t && #test {
                    found += 1;
                    #action
                }
            });
        }
        if let Some(f) = &p.leg.flip {
            // M107: a flip on the last leg, never of a royal piece.
            let test = self.targets_test(std::slice::from_ref(&f.targets), s);
            let royal = self.royal_test(s);
            let action = moves.then(|| quote!(let mv = Move::flip(from, #s) #flag; if !#listed { out.push(mv); }));
            code.push(quote! {
                if #t && #test && !#royal {
                    found += 1;
                    #action
                }
            });
        }
        quote!(#(#code)*)
    }

    /// Whether the piece on `s` is of a royal kind.
    fn royal_test(&self, s: &Ident) -> TokenStream {
        let royal: Vec<u8> = (0..self.g.royal.len()).filter(|&k| self.g.royal[k]).map(|k| k as u8).collect();
        quote!(pos.piece_at(#s).is_some_and(|p| [#(#royal),*].contains(&p.kind.0)))
    }

    /// Whether `victim` on `victim_sq` may be taken en passant: of the mover's kind, or in the set.
    fn ep_victim_test(&self, pieces: &Option<PSet>) -> TokenStream {
        // An Imitator (X62) takes what the imitated kind would.
        let k = self.g.ep_kind.unwrap_or(self.kind) as u8;
        match pieces {
            None => quote!(victim.kind == PieceKind(#k)),
            Some(set) => {
                let mask = self.g.set_mask(set);
                quote!(#mask.test(victim_sq))
            }
        }
    }

    /// The end of a path with an XBetza `u` leg (X27, X67): a move to an empty square as usual,
    /// a capture as a relocation of the piece there to the `u` leg's start square `u`, which must be
    /// empty. A relocation attacks nothing; the plan leaves no capture on the way beside it.
    fn finish_unload(&mut self, st: &St<'a>, p: &PStep, t: &Ident, u: &Ident) -> TokenStream {
        let (s, ty) = (&st.sq, self.ty());
        let occ = self.occ(st);
        let capture = if p.leg.captures.is_empty() { quote!(false) } else { self.capture_test(p, s) };
        let (quiet, relocate) = match self.sink {
            Sink::Moves => (
                quote!(land |= <#ty as Bitboard>::from_square(#s);),
                quote! {
                    let mv = Move::relocate(from, #s, #u);
                    if !out.lists(mv, &[], xstart) {
                        out.push(mv);
                    }
                },
            ),
            Sink::Attack => (quote!(), quote!()),
            // X83: a borrowing path ends on its `x` leg only (`finish_with`).
            Sink::Lenders => (quote!(), quote!()),
            Sink::Piece => (quote!(if #s != from { quiet |= <#ty as Bitboard>::from_square(#s); }), quote!()),
        };
        let quiet = p.leg.moves.then(|| quote!(if !#t { found += 1; #quiet }));
        quote! {
            #quiet
            if #t && #capture && !#occ.test(#u) {
                found += 1;
                #relocate
            }
        }
    }

    /// The end of a path after an `x` leg (X28): the move is the excited friend's, from its square
    /// `a`, pushed with that friend's promotions (its kind is read at run time). An induced
    /// capture attacks. The move list is deduplicated after generation.
    fn finish_induced(&mut self, st: &St<'a>, p: &PStep, t: &Ident, a: &Ident) -> TokenStream {
        let s = &st.sq;
        let ends = self.ends(p, t, s);
        if ends.is_empty() {
            return quote!();
        }
        let sink = match self.sink {
            Sink::Moves => {
                let plain = quote!(out.push(mv);).to_string();
                let arms: Vec<TokenStream> = (0..self.g.promotions.len())
                    .filter_map(|k| {
                        let push = self.g.push(k, self.color, quote!(mv));
                        let k = k as u8;
                        (push.to_string() != plain).then(|| quote!(Some(#k) => { #push }))
                    })
                    .collect();
                quote! {
                    if #s != #a {
                        let mv = if #t { Move::capture(#a, #s) } else { Move::quiet(#a, #s) };
                        match pos.piece_at(#a).map(|p| p.kind.0) {
                            #(#arms)*
                            _ => out.push(mv),
                        }
                    } else {
                        // M62: the friend comes back to its square: its pass.
                        out.push(Move::pass(#a));
                    }
                }
            }
            Sink::Attack => quote!(if #t && #s == sq { return true; }),
            // X83: a borrowing path ends on its `x` leg only (`finish_with`).
            Sink::Lenders => quote!(),
            Sink::Piece => quote!(),
        };
        quote! {
            if #(#ends)||* {
                found += 1;
                #sink
            }
        }
    }

    /// The ways the last leg of `p` may end on `s` (`t`: whether it holds a piece): as a move to an
    /// empty square, as a capture; empty when neither.
    fn ends(&self, p: &PStep, t: &Ident, s: &Ident) -> Vec<TokenStream> {
        let mut ends = Vec::new();
        if p.leg.moves {
            ends.push(quote!(!#t));
        }
        if !p.leg.captures.is_empty() {
            let capture = self.capture_test(p, s);
            ends.push(quote!((#t && #capture)));
        }
        ends
    }

    /// Whether the leg of `p` may capture the piece on `sq` (known to be occupied).
    fn capture_test(&self, p: &PStep, sq: &Ident) -> TokenStream {
        self.targets_test(&p.leg.captures, sq)
    }

    /// Whether the piece on `sq` (known to be occupied) is among `targets`.
    fn targets_test(&self, targets: &[PTargets], sq: &Ident) -> TokenStream {
        if targets.iter().any(|t| t.side == Side::Any && t.only.is_empty()) {
            return quote!(true);
        }
        let mut tests: Vec<TokenStream> = targets
            .iter()
            .map(|t| {
                let side = side_test(t.side, sq);
                if t.only.is_empty() {
                    return side;
                }
                let sets = t.only.iter().map(|set| self.in_set(set, sq));
                quote!((#side #(&& #sets)*))
            })
            .collect();
        tests.dedup_by(|a, b| a.to_string() == b.to_string());
        if tests.len() == 1 {
            tests.remove(0)
        } else {
            quote!((#(#tests)||*))
        }
    }

    /// Whether the piece on `sq` (known to be occupied) is in `set`, read from the mover's side
    /// (`us`). In an attack test the square attacked, `sq`, holds a stand-in enemy of kind `victim`.
    fn in_set(&self, set: &PSet, sq: &Ident) -> TokenStream {
        let mask = self.g.set_mask(set);
        if self.sink != Sink::Attack {
            return quote!(#mask.test(#sq));
        }
        let kinds: Vec<TokenStream> = (self.g.letters.iter().enumerate())
            .filter(|(_, l)| set.members.iter().any(|&(m, f)| m == **l && f.is_none_or(|f| !f)) != set.complement)
            .map(|(k, _)| {
                let k = k as u8;
                quote!(PieceKind(#k))
            })
            .collect();
        let victim = if kinds.is_empty() { quote!(false) } else { quote!(matches!(victim, #(#kinds)|*)) };
        quote!((if #sq == sq { #victim } else { #mask.test(#sq) }))
    }

    /// The ranges, tested on `sq`: static squares as masks, unmoved (`[:]`), threatened and
    /// unthreatened squares (`[+]`, `[*]`: on moves that never capture, `multi_supported`) read
    /// from the position.
    fn ranges(&self, ranges: &[PRange], sq: &Ident) -> Vec<TokenStream> {
        ranges
            .iter()
            .map(|r| {
                if dynamic(r) {
                    return self.g.range_test(r, &quote!(#sq), self.color);
                }
                let mask = self.g.tables.mask(&range_bits(r), &self.g.rt);
                quote!(#mask.test(#sq))
            })
            .collect()
    }

    /// The landings of a leg from `from` along `v`: `body` runs for each with the square named `to`
    /// (as `Interpreter::walk`, with the leg's reach, path rule and hops as constants).
    fn walk(
        &mut self,
        leg: &PLeg,
        v: Vector,
        from: &Ident,
        occ: &TokenStream,
        to: &Ident,
        body: TokenStream,
    ) -> TokenStream {
        let ty = self.ty();
        let step = self.step_table(v, leg.wrap);
        let lame = self.lame(leg, v);
        // M38: a ray on a cylinder ends where it would come back to its start.
        let round = leg.wrap.map(|_| quote!(if #to == #from { break; }));
        let (end, friend_next) = match leg.wrap {
            Some(_) => (
                quote!(is_none_or(|n| n == #from)),
                quote!(is_none_or(|n| n == #from || (#occ.test(n) && own.test(n)))),
            ),
            None => (quote!(is_none()), quote!(is_none_or(|n| #occ.test(n) && own.test(n)))),
        };
        // Where a ride may stop (M25): every square in reach, or one square per ray.
        let (min, max, last) = match leg.reach {
            Reach::Steps { min, max } => (min, max, quote!(true)),
            // The first piece, the last empty square before a friend, or the last square.
            Reach::Maximal => {
                (1, None, quote!((#occ.test(#to) || #step[#to.index() & SQUARE_MASK].lowest().#friend_next)))
            }
            Reach::Edge => (1, None, quote!(#step[#to.index() & SQUARE_MASK].lowest().#end)),
            Reach::Halfling => {
                let g = self.g.tables.geometry;
                let rays: Vec<Vec<usize>> = (0..g.num_squares())
                    .map(|sq| match leg.wrap {
                        Some(w) => w.ray(g, Square(sq as u16), v).iter().map(|s| s.index()).collect(),
                        None => self.g.tables.ray(sq, v),
                    })
                    .collect();
                let half = self.g.tables.per_square("HALF", |sq| {
                    let ray = &rays[sq];
                    ray.get(ray.len().div_ceil(2).wrapping_sub(1)).map_or([0; 4], |&s| bit(s))
                });
                (1, None, quote!(#half[#from.index() & SQUARE_MASK].test(#to)))
            }
        };
        if max == Some(1) && leg.hop.is_none() {
            let open: Vec<TokenStream> = lame.map(|t| self.open(&t, from, occ)).into_iter().collect();
            let body = guarded(open, body);
            return quote! {
                if let Some(#to) = #step[#from.index() & SQUARE_MASK].lowest() {
                    #body
                }
            };
        }
        let (cur, k, hurdles) = (self.id("cur"), self.id("k"), self.id("h"));
        let limit = max.map(|m| quote!(if #k > #m { break; }));
        let open = lame.map(|t| {
            let t = self.open(&t, &cur, occ);
            quote!(if !#t { break; })
        });
        let (between, hop_ok, on_piece) = match &leg.hop {
            Some(h) => {
                let table = self.between_table(v, leg.wrap);
                // `p{...}`: a hurdle outside the set closes the direction.
                let (between_ok, hurdle_ok) = match &h.hurdles {
                    Some(set) => {
                        let (b, test) = (self.id("b"), self.in_set(set, to));
                        let between_test = self.in_set(set, &b);
                        (
                            quote! {
                                let mut between = #table[#cur.index() & SQUARE_MASK] & #occ;
                                let mut bad = false;
                                while let Some(#b) = between.pop_lowest() {
                                    if !#between_test { bad = true; }
                                }
                                if bad { break; }
                            },
                            quote!(if !#test { break; }),
                        )
                    }
                    None => (quote!(), quote!()),
                };
                let ok = match (h.many, h.optional) {
                    (false, false) => quote!(#hurdles == 1),
                    (true, false) => quote!(#hurdles >= 1),
                    (false, true) => quote!(#hurdles <= 1),
                    (true, true) => quote!(true),
                };
                let many = h.many;
                (
                    quote! {
                        #between_ok
                        #hurdles += <#ty as Bitboard>::count(#table[#cur.index() & SQUARE_MASK] & #occ);
                    },
                    ok,
                    quote! {
                        #hurdle_ok
                        #hurdles += 1;
                        if #hurdles > 1 && !#many { break; }
                    },
                )
            }
            None => {
                let pass = match &leg.over {
                    POver::Empty => quote!(break;),
                    POver::Anything => quote!(),
                    POver::Friends => quote!(if !own.test(#to) { break; }),
                    POver::Set(set) => {
                        let test = self.in_set(set, to);
                        quote!(if !#test { break; })
                    }
                };
                (quote!(), quote!(true), pass)
            }
        };
        quote! {{
            let mut #cur = #from;
            let mut #k = 0u32;
            let mut #hurdles = 0u32;
            while let Some(#to) = #step[#cur.index() & SQUARE_MASK].lowest() {
                #round
                #k += 1;
                #limit
                #open
                #between
                if #k >= #min && #hop_ok && #last { #body }
                if #occ.test(#to) { #on_piece }
                #cur = #to;
            }
        }}
    }

    /// A leg after an off-board leg (X48, as `Walker::reenter`): per number of steps to the first
    /// square of its line on the board, a table of that square for each start square `from` of
    /// the off-board leg (`exit`: its vector and reach); from there the leg slides on as usual.
    #[allow(clippy::too_many_arguments)]
    fn reenter(
        &mut self,
        leg: &PLeg,
        exit: (Vector, Reach),
        v: Vector,
        from: &Ident,
        occ: &TokenStream,
        to: &Ident,
        body: TokenStream,
    ) -> TokenStream {
        let Reach::Steps { min, max } = leg.reach else { return quote!() };
        let g = self.g.tables.geometry;
        let entries: Vec<Option<(Square, u32)>> = (0..g.num_squares())
            .map(|sq| {
                offboard::exit(g, Square(sq as u16), exit.0, exit.1)
                    .and_then(|(_, at)| offboard::entry(g, at, v))
                    .filter(|&(_, k)| max.is_none_or(|m| k <= m))
            })
            .collect();
        // Steps to the board matter only to a leg with a bounded reach or a least number of steps.
        let counted = max.is_some() || min > 1;
        let mut groups: Vec<u32> = entries.iter().flatten().map(|&(_, k)| if counted { k } else { 1 }).collect();
        groups.sort_unstable();
        groups.dedup();
        let step = self.g.leap_table(&[v]);
        let mut code = Vec::new();
        for k0 in groups {
            let table = self.g.tables.per_square("OFFIN", |sq| match entries[sq] {
                Some((s, k)) if !counted || k == k0 => bit(s.index()),
                _ => [0; 4],
            });
            if max == Some(1) {
                code.push(quote!(if let Some(#to) = #table[#from.index() & SQUARE_MASK].lowest() { #body }));
                continue;
            }
            let (next, k) = (self.id("next"), self.id("k"));
            let (count, limit, least) = if counted {
                let start = k0 - 1;
                (
                    Some(quote!(let mut #k = #start; )),
                    max.map(|m| quote!(if #k > #m { break; })),
                    Some(quote!(#k += 1;)),
                )
            } else {
                (None, None, None)
            };
            let reached = if min > 1 { quote!(#k >= #min) } else { quote!(true) };
            code.push(quote! {{
                #count
                let mut #next = #table[#from.index() & SQUARE_MASK].lowest();
                while let Some(#to) = #next {
                    #least
                    #limit
                    if #reached { #body }
                    if #occ.test(#to) { break; }
                    #next = #step[#to.index() & SQUARE_MASK].lowest();
                }
            }});
        }
        quote!(#(#code)*)
    }

    /// `n` on a leap longer than a king step: per king-step path to the leap's landing, a table
    /// of the squares it crosses (as `Interpreter::leap_open`); `None` for other legs.
    fn lame(&mut self, leg: &PLeg, v: Vector) -> Option<Vec<Ident>> {
        if !leg.non_jumping || (v.0.abs() <= 1 && v.1.abs() <= 1) {
            return None;
        }
        let g = self.g.tables.geometry;
        let wrap = leg.wrap;
        let mut tables = Vec::new();
        for path in king_paths(v) {
            tables.push(self.g.tables.per_square("LAME", |sq| {
                let from = Square(sq as u16);
                if offset_on(g, wrap, from, v).is_none() {
                    return [0; 4];
                }
                path.iter().filter_map(|&o| offset_on(g, wrap, from, o)).fold([0; 4], |b, s| or(b, bit(s.index())))
            }));
        }
        Some(tables)
    }

    /// The next square along `v` from each square: the leap table of `v`, on the leg's cylinder
    /// if any (M38).
    fn step_table(&mut self, v: Vector, wrap: Option<PWrap>) -> Ident {
        let g = self.g.tables.geometry;
        match wrap {
            None => self.g.leap_table(&[v]),
            Some(_) => self
                .g
                .tables
                .per_square("LEAP", |sq| offset_on(g, wrap, Square(sq as u16), v).map_or([0; 4], |s| bit(s.index()))),
        }
    }

    /// The squares strictly between a square and the square `v` from it, on a straight line, on
    /// the leg's cylinder if any (as `Interpreter::between`).
    fn between_table(&mut self, v: Vector, wrap: Option<PWrap>) -> Ident {
        let g = self.g.tables.geometry;
        if wrap.is_none() {
            return self.g.between_table(v);
        }
        let straight = v.0 == 0 || v.1 == 0 || v.0.abs() == v.1.abs();
        let (n, unit) = (v.0.abs().max(v.1.abs()), (v.0.signum(), v.1.signum()));
        self.g.tables.per_square("BETWEEN", |sq| {
            let from = Square(sq as u16);
            if !straight || offset_on(g, wrap, from, v).is_none() {
                return [0; 4];
            }
            (1..n)
                .filter_map(|j| offset_on(g, wrap, from, (unit.0 * j, unit.1 * j)))
                .fold([0; 4], |b, s| or(b, bit(s.index())))
        })
    }

    /// Whether some path of `tables` from `sq` crosses only empty squares of `occ`.
    fn open(&self, tables: &[Ident], sq: &Ident, occ: &TokenStream) -> TokenStream {
        let ty = self.ty();
        let tests = tables.iter().map(|t| quote!((#t[#sq.index() & SQUARE_MASK] & #occ) == <#ty as Bitboard>::EMPTY));
        quote!((#(#tests)||*))
    }
}

/// `sq + v`, on the cylinder `wrap` if any.
fn offset_on(g: mbn_runtime::Geometry, wrap: Option<PWrap>, sq: Square, v: Vector) -> Option<Square> {
    match wrap {
        Some(w) => w.offset(g, sq, v),
        None => super::tables::offset(g, sq, v),
    }
}

/// `body` under the conjunction of `tests` (none: always).
fn guarded(tests: Vec<TokenStream>, body: TokenStream) -> TokenStream {
    if tests.is_empty() {
        body
    } else {
        quote!(if #(#tests)&&* { #body })
    }
}

/// Whether the piece on `sq` is on `side` (the square is known to be occupied).
fn side_test(side: Side, sq: &Ident) -> TokenStream {
    match side {
        Side::Enemy => quote!(enemy.test(#sq)),
        Side::Friend => quote!(own.test(#sq)),
        Side::Any => quote!(true),
    }
}

/// Every king-step path from (0, 0) to `v` that never overshoots and shortens the rest by one
/// king step each time (as `Interpreter::leap_open`), as the squares strictly before the landing.
pub(super) fn king_paths(v: Vector) -> Vec<Vec<Vector>> {
    fn go(at: Vector, rest: Vector, path: &mut Vec<Vector>, out: &mut Vec<Vec<Vector>>) {
        if rest == (0, 0) {
            out.push(path[..path.len().saturating_sub(1)].to_vec());
            return;
        }
        let n = rest.0.abs().max(rest.1.abs());
        for s in [(rest.0.signum(), rest.1.signum()), (rest.0.signum(), 0), (0, rest.1.signum())] {
            let r = (rest.0 - s.0, rest.1 - s.1);
            if s == (0, 0) || r.0.signum() * rest.0.signum() < 0 || r.1.signum() * rest.1.signum() < 0 {
                continue;
            }
            if r.0.abs().max(r.1.abs()) != n - 1 {
                continue;
            }
            let next = (at.0 + s.0, at.1 + s.1);
            path.push(next);
            go(next, r, path, out);
            path.pop();
        }
    }
    let mut out = Vec::new();
    go((0, 0), v, &mut Vec::new(), &mut out);
    out.sort();
    out.dedup();
    out
}

/// `bytes` as text: whole mebibytes as `8 MiB`, else `1000 bytes`.
fn size_text(bytes: usize) -> String {
    match bytes % (1 << 20) {
        0 => format!("{} MiB", bytes >> 20),
        _ => format!("{bytes} bytes"),
    }
}

#[cfg(test)]
mod tests {
    //! What the generator refuses, and the path tables it builds (M11).
    use super::king_paths;
    use crate::emit::{emit_piece, emit_variant, EmitOptions};
    use crate::variant::{Variant, VariantSpec};
    use mbn_runtime::Geometry;

    fn errors(notation: &str) -> Vec<String> {
        let moves = crate::compile_move(notation).unwrap_or_else(|e| panic!("{notation}: {e:?}"));
        match emit_piece(&moves, Geometry::CHESS, "P", notation, &EmitOptions::default()) {
            Ok(_) => Vec::new(),
            Err(e) => e.into_iter().map(|d| d.message).collect(),
        }
    }

    /// The generator's errors on a variant whose piece `A` moves as `notation`.
    fn variant_errors(notation: &str) -> Vec<String> {
        let spec = VariantSpec::new("probe", 8, 8, "8/8/8/8/8/8/8/8 w - - 0 1", &format!("A={notation} K"));
        let variant = Variant::compile(&spec).unwrap_or_else(|e| panic!("{notation}: {e:?}"));
        match emit_variant(&variant, "Probe", &EmitOptions::default()) {
            Ok(_) => Vec::new(),
            Err(e) => e.into_iter().map(|d| d.message).collect(),
        }
    }

    #[test]
    fn threat_captures_beside_borrowed_and_imitated_moves_are_generated() {
        // M95: `attacked_in_threats` leaves out the borrowed (X29) and imitated (X62) moves
        // reading threats too (compared in tests/generated_threat_ranges.rs).
        for (a, b) in [("W-F[+]", "xK"), ("mK+cW[*]", "xK"), ("W-F[*]", "I")] {
            let mut spec = VariantSpec::new("probe", 8, 8, "8/8/8/8/8/8/8/8 w - - 0 1", &format!("A={a} K B"));
            spec.xbetza = vec![('B', b.to_string())];
            let variant = Variant::compile(&spec).unwrap_or_else(|e| panic!("{e:?}"));
            if let Err(e) = emit_variant(&variant, "Probe", &EmitOptions::default()) {
                panic!("{a} beside {b}: {e:?}");
            }
        }
    }

    /// The generated code of a variant whose piece `A` moves as `notation` (XBetza when `xbetza`).
    fn variant_code(notation: &str, xbetza: bool) -> String {
        let pieces = if xbetza { "A=W K".to_string() } else { format!("A={notation} K") };
        let mut spec = VariantSpec::new("probe", 8, 8, "8/8/8/8/8/8/8/8 w - - 0 1", &pieces);
        if xbetza {
            spec.xbetza = vec![('A', notation.to_string())];
        }
        let variant = Variant::compile(&spec).unwrap_or_else(|e| panic!("{notation}: {e:?}"));
        emit_variant(&variant, "Probe", &EmitOptions::default()).unwrap_or_else(|e| panic!("{e:?}")).to_string()
    }

    #[test]
    fn large_unrollings_get_a_body_per_move() {
        // docs/PERFORMANCE.md: the crooked Rook unrolls into a megabyte, the Lion's moves past
        // 64 KiB; the Xiangqi Horse and the Mao rider stay inline.
        let closures = |code: &str| code.matches("(|| {").count() + code.matches("(|| -> bool {").count();
        assert!(closures(&variant_code("zR", true)) > 100);
        assert!(closures(&variant_code("ADN(aK--[K])", false)) > 0);
        assert_eq!(closures(&variant_code("W-fF", false)), 0);
        assert_eq!(closures(&variant_code("(W-F)0", false)), 0);
    }

    #[test]
    fn worked_multileg_pieces_are_generated() {
        for notation in ["W-fF", "nA", "fmF+(fcF-mF)", "(W-F)0", "N--N", "(N)(rf)8", "F-[(zF)0]", "K-{((fr)K)0*}"] {
            assert_eq!(errors(notation), Vec::<String>::new(), "{notation}");
        }
        for notation in
            ["(aW)3", "jyQ-K", "gfF3-[B]", "ADN(aK--[K])", "(dK)3", "pcR-W", "j?W-W", "mQ-{!cK}", "mR-[!cW]"]
        {
            assert_eq!(errors(notation), Vec::<String>::new(), "{notation}");
        }
    }

    #[test]
    fn riders_to_the_edge_and_null_legs_are_generated() {
        // M56, M57 (compared with the interpreter in tests/generated_vs_interpreted.rs).
        for notation in ["(W-F)*", "(aW)*", "(cW)*", "K-O", "cK-O", "O--N", "aW-O-F", "W-O-W"] {
            assert_eq!(errors(notation), Vec::<String>::new(), "{notation}");
        }
        // M55: attacker sets on a first leg need a position, as M23's on single legs.
        let e = errors("{Q}R-W");
        assert!(e.iter().any(|m| m.contains("need a position")), "{e:?}");
    }

    #[test]
    fn optional_parts_of_several_atoms_and_decaying_legs_are_generated() {
        // M65: `{...}` around a letter standing for several atoms; M66: `ii` on a leg (a lone
        // piece is unmoved and never checked). Compared with the interpreter in
        // tests/generated_vs_interpreted.rs.
        for notation in ["R-{cK-tK}", "mQ-{cK-tK}", "K-{cK-tK}", "R-{(cW-tW)+(cF-tF)}", "WF+(iiW-fF)", "K+(W-iiW)"] {
            assert_eq!(errors(notation), Vec::<String>::new(), "{notation}");
        }
    }

    #[test]
    fn free_turning_unbounded_repeats_exceed_the_budget() {
        // Not searched at run time (M51, M72): `{...}` and `!` in the rounds.
        for notation in ["(dcK-{mK})0", "(dcK-!mK)0"] {
            let e = errors(notation);
            assert_eq!(e.len(), 1, "{notation}: {e:?}");
            assert!(e[0].contains("more than 1024 legs") && e[0].contains("not generated yet"), "{}", e[0]);
        }
    }

    #[test]
    fn pieces_over_the_code_budget_are_refused_and_interpreted() {
        // M115: XBetza `g(caf)aK` unrolls into about 13 MB in a variant, `aaaK` into 5.9 MB.
        let probe = |xbetza: &str| {
            let mut spec = VariantSpec::new("probe", 8, 8, "8/8/8/8/8/8/8/8 w - - 0 1", "A K");
            spec.xbetza = vec![('A', xbetza.to_string())];
            let variant = Variant::compile(&spec).unwrap_or_else(|e| panic!("{xbetza}: {e:?}"));
            assert!(crate::interp::Interpreter::new(&variant).is_ok(), "{xbetza}");
            match emit_variant(&variant, "Probe", &EmitOptions::default()) {
                Ok(_) => Vec::new(),
                Err(e) => e.into_iter().map(|d| (d.message, d.span.start, d.span.end)).collect(),
            }
        };
        let e = probe("g(caf)aK");
        assert_eq!(e.len(), 1, "{e:?}");
        assert!(e[0].0.starts_with("piece `A`'s multi-leg moves unroll into more than 8 MiB"), "{e:?}");
        assert_eq!((e[0].1, e[0].2), (0, 8));
        assert_eq!(probe("aaaK"), Vec::new());
    }

    #[test]
    fn code_is_measured_token_by_token() {
        // M132: each token and a space, a group's delimiters as two tokens; the layout plays no
        // part, so `mbn!` (whose `to_string` indents nested blocks) measures as a build script.
        use super::text_len;
        use quote::quote;
        assert_eq!(text_len(&quote!(a + b)), "a + b ".len());
        assert_eq!(
            text_len(&quote!({
                {
                    {
                        x
                    }
                }
            })),
            "{ { { x } } } ".len()
        );
        assert_eq!(text_len(&quote!(f(1u32, "s"))), "f ( 1u32 , \"s\" ) ".len());
        // Outside a proc-macro `to_string` prints one line, as the budget was set against (M115):
        // the two measures of a large piece differ by under 10%.
        let mut spec = VariantSpec::new("probe", 8, 8, "8/8/8/8/8/8/8/8 w - - 0 1", "A K");
        spec.xbetza = vec![('A', "zR".to_string())];
        let code = emit_variant(&Variant::compile(&spec).expect("compiles"), "Probe", &EmitOptions::default())
            .expect("generated");
        let (tokens, text) = (text_len(&code), code.to_string().len());
        assert!(text > 1_000_000 && tokens >= text && tokens < text + text / 10, "{tokens} {text}");
    }

    #[test]
    fn the_code_budget_is_an_option() {
        // M124: `EmitOptions::piece_code_limit` (a build script's `Builder::piece_code_limit`).
        let probe = |xbetza: &str, limit: usize| {
            let mut spec = VariantSpec::new("probe", 8, 8, "8/8/8/8/8/8/8/8 w - - 0 1", "A K");
            spec.xbetza = vec![('A', xbetza.to_string())];
            let variant = Variant::compile(&spec).unwrap_or_else(|e| panic!("{xbetza}: {e:?}"));
            let options = EmitOptions { piece_code_limit: limit, ..EmitOptions::default() };
            match emit_variant(&variant, "Probe", &options) {
                Ok(_) => Vec::new(),
                Err(e) => e.into_iter().map(|d| d.message).collect(),
            }
        };
        // `aaaK` (5.9 MB in all, more than 1 MiB of it multi-leg code) is over a 1 MiB limit and
        // one of 1,000,000 bytes, named as such.
        let e = probe("aaaK", 1 << 20);
        assert!(e.len() == 1 && e[0].starts_with("piece `A`'s multi-leg moves unroll into more than 1 MiB"), "{e:?}");
        let e = probe("aaaK", 1_000_000);
        assert!(e.len() == 1 && e[0].contains("more than 1000000 bytes of generated code"), "{e:?}");
        // `g(caf)aK` (about 13 MB) is generated under a 16 MiB limit.
        assert_eq!(probe("g(caf)aK", 16 << 20), Vec::<String>::new());
    }

    #[test]
    fn repeats_capturing_every_round_are_searched_at_run_time() {
        // M51: the Congo Monkey and its relatives, over budget when unrolled, are generated.
        // M59: the maximal Monkey `(dcK-mK)0*` too.
        for notation in ["(dcK-mK)0", "(cK-mK)0", "(dcK-mK)0-W", "(dcN-mW)5", "(dcK-mK)0*", "(dcK-mK)0*-W"] {
            assert_eq!(errors(notation), Vec::<String>::new(), "{notation}");
        }
        // M72: and every other repeat over budget whose rounds are legs and `[...]`: hops,
        // captures or visits to the edge, rounds that may capture or move (the seed's
        // `(dcKmK)0`), optional legs.
        for notation in ["p(WF)0", "pB*", "cB*", "pR*", "(dcKmK)0", "(dcKmK)0*", "(dcK-[mK])0"] {
            assert_eq!(errors(notation), Vec::<String>::new(), "{notation}");
        }
        // Visits to the edge end with the piece's death (M103), which only a variant makes.
        for notation in ["jB*", "jyB*"] {
            assert_eq!(variant_errors(notation), Vec::<String>::new(), "{notation}");
            assert!(errors(notation).iter().any(|e| e.contains("kills the piece")), "{notation}");
        }
    }

    #[test]
    fn free_turning_repeats_are_flood_fills() {
        // M67: unlimited repeats that turn freely and only move on the way, ending their move, are
        // generated as flood fills (compared with the interpreter in
        // tests/generated_vs_interpreted.rs); M68: a repeat to the edge with one way round, or whose
        // rounds go any way.
        for notation in
            ["(dK)0", "[K]0", "(dW-F)0", "mN--[K]0", "W-{(dK)0}", "(K)d0", "((fr)K)*", "(W-F)*", "(dK)*", "(dW-F)*"]
        {
            assert_eq!(errors(notation), Vec::<String>::new(), "{notation}");
        }
        // What stays refused, by both back ends (the plan): a direction-dependent round, `0*`, the
        // edge with turns that depend on the previous round, captures on the way, a flood followed
        // by a `0*` or inside another repeat (M79).
        for (notation, what) in [
            ("(K-sK)0", "depend on the direction of the previous time round"),
            ("(frW)0", "depend on the direction of the previous time round"),
            ("(dK)0*", "maximal complex riders `0*`"),
            ("(W-sF)*", "complex riders to the edge that may turn more than one way"),
            ("(daK)0", "capture, visit, swap or set up on the way"),
            ("(dK)0-(W-F)0*", "followed by a maximal rider `0*`"),
            ("((dK)0-W)3", "inside another repeat"),
        ] {
            let e = errors(notation);
            assert!(e.iter().any(|m| m.contains(what) && m.contains("not run by")), "{notation}: {e:?}");
        }
    }

    #[test]
    fn piece_sets_in_multileg_moves_need_a_variant() {
        // Generated in a variant (tests/generated_vs_interpreted.rs); a lone piece has no kinds.
        for notation in ["jy{K}Q-K", "W-c{K}F", "p{R}R-W", "g{!P}R-fW"] {
            let e = errors(notation);
            assert!(e.iter().any(|m| m.contains("piece sets") && m.contains("need a position")), "{notation}: {e:?}");
        }
    }

    #[test]
    fn leg_modifiers_need_a_variant() {
        // M46: conditions, `#`, swaps, e.p. captures and rights on legs are generated in a variant
        // (tests/generated_vs_interpreted.rs); a lone piece has no position.
        for notation in ["W-/a1/fF", "W-#F", "K-wW", "mefW-mW", "W-cefF"] {
            let e = errors(notation);
            assert!(e.iter().any(|m| m.contains("need a position")), "{notation}: {e:?}");
        }
    }

    #[test]
    fn far_hops_are_generated_and_dynamic_ranges_in_multileg_moves_are_refused() {
        // M72: maximal, edge and halfling hops on the legs of multi-leg moves are generated
        // (compared with the interpreter in tests/generated_complex_hops.rs).
        for notation in ["W-phR", "W-pR*", "mW-pW0*", "pR*-W", "phB-F"] {
            assert_eq!(errors(notation), Vec::<String>::new(), "{notation}");
        }
        // Threat ranges run in variants (M78): on moves that never capture the attack test leaves
        // them out; on moves that may capture `attacked_in_threats` decides the threats.
        for notation in
            ["W-mF[+]", "[*]W-mF", "mW[*]-mF", "(W-mF[+])3", "(W-mF)3[*]", "W-F[+]", "[*]W-F", "cW-mF[+]", "(W-F)3[*]"]
        {
            assert_eq!(variant_errors(notation), Vec::<String>::new(), "{notation}");
        }
        // Unmoved squares are generated in variants (tests/generated_unmoved_ranges.rs); a lone
        // piece has no position to read any of these from.
        assert_eq!(variant_errors("(W-F[:])+K"), Vec::<String>::new());
        for notation in ["W-F[+]", "W-F[:]"] {
            let e = errors(notation);
            assert!(e.iter().any(|m| m.contains("unmoved ranges need a position")), "{notation}: {e:?}");
        }
    }

    #[test]
    fn single_leg_setup_and_multileg_attacker_sets_are_refused() {
        // M61: a single `!` leg only ever ends on the piece's square, which a lone piece's moves
        // (destinations) cannot say; a variant runs it.
        let e = errors("!cK");
        assert!(e.iter().any(|m| m.contains("`!` on a single-leg move") && m.contains("use a variant")), "{e:?}");
        let e = errors("K-{C}W");
        assert!(
            e.iter().any(|m| m.contains("attacker sets") && m.contains("not run by mbn's code generator yet")),
            "{e:?}"
        );
    }

    #[test]
    fn lame_leaps_have_every_king_step_path() {
        // The Alfil's one path through the Ferz square; the Knight's two (orthogonal first or
        // diagonal first); the Dabbaba's one.
        assert_eq!(king_paths((2, 2)), vec![vec![(1, 1)]]);
        assert_eq!(king_paths((1, 2)), vec![vec![(0, 1)], vec![(1, 1)]]);
        assert_eq!(king_paths((0, -2)), vec![vec![(0, -1)]]);
    }
}
