//! XBetza `ii` (seed 001: "as above, but 'initial' is defined as being on a square where a piece
//! of the same type started"). A piece of a variant makes an `ii` move from the squares where its
//! kind stands in the variant's start position, moved or not: the move's first leg gets those
//! squares as its origin range (docs/SEMANTICS.md X57). Without a start position (`mbn moves`, a
//! standalone `mbn!` piece) `ii` is an error; so is `ii` where mbn does not read it.

use super::{XLeg, XMove, XPart};
use crate::diagnostic::Diagnostic;
use crate::ir::{MoveSet, Part};
use crate::syntax::ast::{BoardRange, Span};

/// Seed 001's meaning of `ii`, for help lines.
const MEANING: &str = "seed 001: `ii` is `i` where 'initial' means being on a square where a piece of the same type \
                       started";

/// The span of a leg's repeated `i`, from its first `i` to its last, if the leg has two or more.
/// On a leg of a chain (`chain`) the `i` of seed 002's `di` (written right after the `d`, X53) is
/// not one; on a single leg `di` is `d` and `i`.
fn repeated_on(leg: &XLeg, chain: bool) -> Option<Span> {
    let mut spans = initials(leg, chain).map(|k| leg.modes[k].1);
    let first = spans.next()?;
    let last = spans.last()?;
    Some(first.to(last))
}

/// The indices of a leg's `i` modes, but for the `i` of `di` on a leg of a chain.
fn initials(leg: &XLeg, chain: bool) -> impl Iterator<Item = usize> + '_ {
    let di =
        move |k: usize| chain && k > 0 && leg.modes[k - 1].0 == 'd' && leg.modes[k - 1].1.end == leg.modes[k].1.start;
    (0..leg.modes.len()).filter(move |&k| leg.modes[k].0 == 'i' && !di(k))
}

/// Removes the `i`s of `ii` from a leg (not the `i` of a chain's `di`, which stays refused).
fn strip(leg: &mut XLeg, chain: bool) {
    let drop: Vec<usize> = initials(leg, chain).collect();
    let mut k = 0;
    leg.modes.retain(|_| {
        k += 1;
        !drop.contains(&(k - 1))
    });
}

/// [`repeated_on`] a leg of a part.
fn repeated(leg: &XLeg) -> Option<Span> {
    repeated_on(leg, false)
}

/// [`repeated_on`] a leg of a chain.
fn repeated_in_chain(leg: &XLeg) -> Option<Span> {
    repeated_on(leg, true)
}

/// "XBetza `ii` is not supported yet" at `span`, with seed 001's meaning and `why`.
fn unsupported(span: Span, why: &str) -> Diagnostic {
    Diagnostic::new(span, "XBetza `ii` is not supported yet").with_help(format!("{MEANING}; {why}"))
}

/// The repeated `i`s of a parsed move string: on the parts' legs and range counts, the chains' legs.
fn every_repeated(parsed: &XMove) -> impl Iterator<Item = Span> + '_ {
    let parts = parsed.parts.iter().flat_map(legs).filter_map(repeated);
    parts.chain(parsed.chains.iter().flat_map(|c| c.legs.iter()).flat_map(legs).filter_map(repeated_in_chain))
}

/// A part's legs and range count.
fn legs(part: &XPart) -> impl Iterator<Item = &XLeg> {
    part.legs.iter().chain(part.count_modifiers.iter())
}

/// Outside a variant: an error on every `ii` of `parsed`, as there is no start position.
pub(super) fn refuse(parsed: &XMove) -> Result<(), Vec<Diagnostic>> {
    let why = "there is no start position here: mbn runs `ii` for the pieces of a variant (a variant file's \
               `[xbetza]` table, an `mbn!` variant) whose start position loads (docs/SEMANTICS.md X57)";
    sorted(every_repeated(parsed).map(|span| unsupported(span, why)).collect())
}

/// `Err` with `errors` sorted, unless there are none.
fn sorted(mut errors: Vec<Diagnostic>) -> Result<(), Vec<Diagnostic>> {
    if errors.is_empty() {
        return Ok(());
    }
    errors.sort_by_key(|d| (d.span.start, d.span.end));
    errors.dedup_by_key(|d| d.span);
    Err(errors)
}

/// Errors on the `ii` of `part`'s later legs and range count (`first`: its first leg is the
/// move's first; `chain`: a leg of a chain).
fn later_legs(part: &XPart, first: bool, chain: bool, errors: &mut Vec<Diagnostic>) {
    let skip = usize::from(first);
    for leg in part.legs.iter().skip(skip) {
        if let Some(span) = repeated_on(leg, chain) {
            errors.push(unsupported(span, "mbn reads `ii` on the first leg of a move only"));
        }
    }
    if let Some(span) = part.count_modifiers.as_ref().and_then(|leg| repeated_on(leg, chain)) {
        errors.push(unsupported(span, "mbn reads `ii` on the first leg of a move, not on a range count"));
    }
}

/// Whether the first leg may take `ii` (else an error): not on castling, a drop or with `n`.
fn readable(part: &XPart, span: Span, errors: &mut Vec<Diagnostic>) -> bool {
    let why = match part.atom {
        'O' => "castling `O` is the royal piece's initial move already (X30)",
        '@' => "a drop `@` has no start square",
        _ if part.legs.iter().take(1).flat_map(|l| &l.modes).any(|m| m.0 == 'n') => {
            "`ii` with `n`: the e.p. rights of a lame initial move (X36) are read with `i` only"
        }
        _ => return true,
    };
    errors.push(unsupported(span, why));
    false
}

/// In a variant: moves the parts and chains of `parsed` with `ii` on their first leg to the
/// returned move string, their `i`s removed; errors on every `ii` elsewhere.
pub(super) fn split(parsed: &mut XMove) -> Result<XMove, Vec<Diagnostic>> {
    let mut errors = Vec::new();
    let mut out = XMove { parts: Vec::new(), chains: Vec::new() };
    for mut part in std::mem::take(&mut parsed.parts) {
        later_legs(&part, true, false, &mut errors);
        match part.legs.first().and_then(repeated) {
            Some(span) if readable(&part, span, &mut errors) => {
                part.legs.iter_mut().take(1).for_each(|leg| strip(leg, false));
                out.parts.push(part);
            }
            _ => parsed.parts.push(part),
        }
    }
    for mut chain in std::mem::take(&mut parsed.chains) {
        for (k, part) in chain.legs.iter().enumerate() {
            later_legs(part, k == 0, true, &mut errors);
        }
        let first = chain.legs.first_mut();
        match first.as_ref().and_then(|p| p.legs.first()).and_then(repeated_in_chain) {
            Some(span) if chain.repeat.is_some() => errors.push(unsupported(
                span,
                "mbn reads `ii` on a chain without a repeat count only (`iiW-F`, not `(iiW-F)0`)",
            )),
            Some(span) if first.as_ref().is_some_and(|p| readable(p, span, &mut errors)) => {
                first.into_iter().flat_map(|p| p.legs.iter_mut().take(1)).for_each(|leg| strip(leg, true));
                out.chains.push(chain);
            }
            _ => parsed.chains.push(chain),
        }
    }
    sorted(errors).map(|()| out)
}

/// The lowered `ii` moves with `origin` (the start squares of the piece's kind, ranks counted
/// from its side) on their first leg.
pub(super) fn restrict(moves: MoveSet, origin: &BoardRange) -> Result<Vec<crate::ir::Move>, Vec<Diagnostic>> {
    let mut out = Vec::new();
    let mut errors = Vec::new();
    for mut m in moves.moves {
        match m.parts.first_mut() {
            Some(Part::Leg(leg)) => {
                leg.origin.push(BoardRange { span: leg.span, ..origin.clone() });
                out.push(m);
            }
            _ => errors.push(unsupported(m.span, "mbn reads `ii` on a move that starts with a leg only")),
        }
    }
    sorted(errors).map(|()| out)
}
