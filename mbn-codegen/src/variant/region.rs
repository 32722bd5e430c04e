//! Mobility regions (`[regions]`, docs/SEMANTICS.md V9): where a kind of piece may go.
//!
//! A region is an MBN board range in White's view (`K = "[d-f1-3]"`, Black's mirrored), read like a
//! destination range written after every atom of the piece: each of its moves must end in the region,
//! so it neither moves, captures nor gives check outside it, and it is not dropped outside it
//! (Fairy-Stockfish's `mobilityRegion…`). A capture that takes royal pieces only (XBetza `k`, MBN
//! `c{K}` with `K` royal) is not bounded: such a capture is never made (V1), it states where royal
//! pieces may not stand, and so the General's `fkR` stays the flying-general rule (V10).

use crate::diagnostic::Diagnostic;
use crate::ir::{Capability, MoveSet, Part};
use crate::syntax::ast::{self, BoardRange, Letter, PieceSet, RangeItem, Span, SpecialRange};

/// Reads a region: an MBN board range such as `[d-f1-3]`, static squares only.
pub(crate) fn parse(text: &str) -> Result<BoardRange, Diagnostic> {
    let bad = |span: Span| {
        Diagnostic::new(span, format!("region `{text}` is not an MBN board range such as `[d-f1-3]`"))
            .with_help("write the squares in White's view: `[d-f1-3]`, `[1-5]`, `[a1,c3]`; Black's are mirrored")
    };
    let whole = Span::new(0, text.len());
    let range = match crate::syntax::parse_move(&format!("{text}O")) {
        Ok(ast::Move { kind: ast::MoveKind::Partial(p), .. })
            if p.modifiers.is_empty()
                && p.atoms.len() == 1
                && p.attackers.is_empty()
                && p.destination.is_none()
                && p.condition.is_none()
                && p.setup.is_none()
                && p.decisive.is_none()
                && p.transition.is_none() =>
        {
            match p.origin {
                Some(range) => range,
                None => return Err(bad(whole)),
            }
        }
        Ok(_) => return Err(bad(whole)),
        Err(list) => {
            let at = list.first().map(|d| d.span).filter(|s| s.start < text.len());
            return Err(bad(at.unwrap_or(whole)));
        }
    };
    if range.span.end != text.len() {
        return Err(bad(whole));
    }
    for item in &range.items {
        match item {
            RangeItem::Special(s @ (SpecialRange::Threatened | SpecialRange::Unthreatened | SpecialRange::Unmoved)) => {
                let message =
                    format!("region `{text}`: `{}` depends on the position; a region is fixed squares", s.as_char());
                return Err(Diagnostic::new(whole, message)
                    .with_help("list files and ranks: `[d-f1-3]`; the edge `#` and inner squares `.` are fixed too"));
            }
            RangeItem::Area(area) if area.levels.is_some() || area.rows.is_some() => {
                let message = format!("region `{text}`: 3D levels and 4D rows have no square on a flat board");
                return Err(Diagnostic::new(whole, message));
            }
            _ => {}
        }
    }
    Ok(range)
}

/// Bounds every move of `set` by `region`: its last leg (or last repeated part) may only end there,
/// except a capture of royal pieces only. `Err` names what cannot be bounded: a move ending in an
/// optional part, which may end before it or after it.
pub(crate) fn bound(set: &mut MoveSet, region: &BoardRange, royal: &str) -> Result<(), String> {
    for m in &mut set.moves {
        match m.parts.last_mut() {
            Some(Part::Leg(leg)) if !royal_only(&leg.capabilities, royal) => leg.destination.push(region.clone()),
            Some(Part::Leg(_)) => {}
            Some(Part::Repeat { destination, .. }) => destination.push(region.clone()),
            Some(Part::Optional { .. }) => {
                return Err("a move that ends in an optional part `[...]` or `{...}` (it may end before it)".into())
            }
            None => {}
        }
    }
    Ok(())
}

/// Whether a leg only captures, and only royal pieces (XBetza `k`, MBN `c{K}` with `K` royal).
fn royal_only(capabilities: &[Capability], royal: &str) -> bool {
    let royal_set = |s: &PieceSet| {
        !s.complement
            && (s.royal || !s.members.is_empty())
            && s.members.iter().all(|m| {
                matches!(m.letter, Letter::Single(c) if m.prefixes.is_empty() && royal.contains(c.to_ascii_uppercase()))
            })
    };
    !capabilities.is_empty()
        && capabilities.iter().all(|c| matches!(c, Capability::Capture(t) if t.only.iter().any(royal_set)))
}
