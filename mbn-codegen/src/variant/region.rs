//! Mobility regions (`[regions]`, docs/SEMANTICS.md V9): where a kind of piece may go.
//!
//! A region is an MBN board range in White's view (`K = "[d-f1-3]"`, Black's mirrored), read like a
//! destination range written after every atom of the piece: each of its moves must end in the region,
//! so it neither moves, captures nor gives check outside it, and it is not dropped outside it
//! (Fairy-Stockfish's `mobilityRegion…`). A capture that takes royal pieces only (XBetza `k`, MBN
//! `c{K}` with `K` royal) is not bounded: such a capture is never made (V1), it states where royal
//! pieces may not stand, and so the General's `fkR` stays the flying-general rule (V10).
//! A move ending in a choice `[...]` is bounded as the moves it stands for (V14).

use crate::diagnostic::Diagnostic;
use crate::ir::{Capability, Extra, Move, MoveSet, Part};
use crate::syntax::ast::{self, BoardRange, Letter, OptionalKind, PieceSet, RangeItem, Span, SpecialRange};

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
/// except a capture of royal pieces only. A move ending in a choice `[...]` is first taken apart
/// into the move without it and the move with it (V14). `Err` names what cannot be bounded: a move
/// ending in any other optional part, which may end before it or after it.
pub(crate) fn bound(set: &mut MoveSet, region: &BoardRange, royal: &str) -> Result<(), String> {
    let mut moves = Vec::with_capacity(set.moves.len());
    for m in std::mem::take(&mut set.moves) {
        final_choices_apart(m, &mut moves)?;
    }
    for m in &mut moves {
        match m.parts.last_mut() {
            Some(Part::Leg(leg)) if !royal_only(&leg.capabilities, royal) => leg.destination.push(region.clone()),
            Some(Part::Leg(_)) => {}
            Some(Part::Repeat { destination, .. }) => destination.push(region.clone()),
            Some(Part::Optional { .. }) => {
                return Err("a move that ends in `{...}` or a counted `[...]` (it may end before it)".into())
            }
            None => {}
        }
    }
    set.moves = moves;
    Ok(())
}

/// V14: a move ending in an uncounted choice `[...]` is the move without it and the move with it
/// (M4: `W-[fF]` is `W+(W-fF)`), each bounded apart; a choice ending the body is taken apart in
/// turn. The rules that belong to the whole move stay with both: a `k` or `kk` in the body restricts
/// the shorter move too (M82: `K-[kK]` is `kK+(kK-K)`), and a body whose squares depend on threats,
/// which leaves the whole move out of the threat test (M78), is refused unless the shorter move
/// depends on them too; e.p. rights on the leg before the choice are left to the longer move
/// (M142). A choice alone (`[W]`) is its body: without it nothing moves.
fn final_choices_apart(mut m: Move, out: &mut Vec<Move>) -> Result<(), String> {
    let Some(Part::Optional { kind: OptionalKind::Choice, count: None, body, .. }) = m.parts.last().cloned() else {
        out.push(m);
        return Ok(());
    };
    m.parts.pop();
    let mut longer = m.clone();
    longer.parts.extend(body.iter().cloned());
    if !m.parts.is_empty() {
        if reads_threats(&body) && !reads_threats(&m.parts) {
            return Err("a move that ends in a choice `[...]` whose squares depend on threats (`[+]`, `[*]`)".into());
        }
        let mut rules = Vec::new();
        check_rules(&body, &mut rules);
        if !rules.is_empty() {
            let Some(Part::Leg(leg)) = m.parts.iter_mut().rev().find(|p| matches!(p, Part::Leg(_))) else {
                return Err("a move that ends in a choice `[...]` with `k` after repeated parts only".into());
            };
            // One rule per leg, the strongest (`k` over `kk`), as M82 reads them across legs.
            rules.extend(leg.extras.iter().filter(|e| matches!(e, Extra::NoCheck { .. })).cloned());
            leg.extras.retain(|e| !matches!(e, Extra::NoCheck { .. }));
            leg.extras.extend(rules.into_iter().min_by_key(|e| matches!(e, Extra::NoCheck { mate_only: true, .. })));
        }
        crate::plan::choices::cut_before_choice(&mut m.parts);
        final_choices_apart(m, out)?;
    }
    final_choices_apart(longer, out)
}

/// The `k` and `kk` rules written on the legs of `parts` (M82).
fn check_rules(parts: &[Part], found: &mut Vec<Extra>) {
    crate::ir::each_leg(parts, &mut |leg| {
        found.extend(leg.extras.iter().filter(|e| matches!(e, Extra::NoCheck { .. })).cloned())
    });
}

/// Whether a square of `parts` depends on threats: a threatened or unthreatened range (M78).
fn reads_threats(parts: &[Part]) -> bool {
    let threat = |ranges: &[BoardRange]| {
        ranges
            .iter()
            .flat_map(|r| &r.items)
            .any(|item| matches!(item, RangeItem::Special(SpecialRange::Threatened | SpecialRange::Unthreatened)))
    };
    parts.iter().any(|p| match p {
        Part::Leg(leg) => threat(&leg.origin) || threat(&leg.destination),
        Part::Repeat { origin, destination, .. } if threat(origin) || threat(destination) => true,
        p => p.bodies().into_iter().any(reads_threats),
    })
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
