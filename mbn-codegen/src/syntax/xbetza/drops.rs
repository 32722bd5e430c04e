//! XBetza `@`: dropping a piece from hand (seed 002, "Drops"; docs/SEMANTICS.md X31).
//!
//! The number after `@` is the depth of the drop zone in ranks from the side's back rank
//! (default 1), `j` exempts the back rank itself; `f` refuses a file already holding a piece of
//! this type, `s` a square of the colour of one, `b` any square while one is on the board, each
//! doubled to allow up to two: shogi's Pawn is `f@8`, crazyhouse's Pawn `j@7`.

use super::lower::unsupported;
use super::{XPart, XRange};
use crate::diagnostic::Diagnostic;
use crate::syntax::ast::Span;
use mbn_runtime::drops::DropLimits;

/// Where and how a piece is dropped, as its `@` says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct XDrop {
    /// The zone's depth in ranks from the back rank (`@7`: 7); may exceed the board.
    pub depth: u32,
    /// `j`: not on the back rank itself.
    pub skip_back_rank: bool,
    /// `f`, `s`, `b` (doubled: 2).
    pub limits: DropLimits,
    /// Where the `@` was written.
    pub span: Span,
}

impl XDrop {
    /// The ranks (0-based, counted from the side's own back rank, inclusive) of the zone on a
    /// board of `ranks` ranks; `None` when the zone holds no rank.
    pub fn ranks(&self, ranks: u8) -> Option<(u8, u8)> {
        let first = u8::from(self.skip_back_rank);
        let last = self.depth.min(u32::from(ranks)) as u8;
        (last > first).then(|| (first, last - 1))
    }
}

/// Reads one `@` part.
pub fn read(part: &XPart) -> Result<XDrop, Vec<Diagnostic>> {
    let mut errors = Vec::new();
    if part.legs.len() > 1 || part.count_modifiers.is_some() {
        errors.push(
            unsupported(part.span, "@").with_help("XBetza `@` (drop) is not a move: no `a` legs, no range modifiers"),
        );
    }
    let leg = &part.legs[0];
    let mut skip_back_rank = false;
    for &(c, span) in &leg.modes {
        if c == 'j' {
            skip_back_rank = true;
        } else {
            errors.push(Diagnostic::new(span, format!("`{c}` means nothing on a drop `@`")).with_help(
                "XBetza `@` takes `j` (not on the back rank) and `f`, `s`, `b` (limits), each at most doubled",
            ));
        }
    }
    let mut counts = [0u8; 3];
    for group in &leg.directions {
        for c in group.text.chars() {
            match "fsb".find(c) {
                Some(i) => counts[i] = counts[i].saturating_add(1),
                None => {
                    errors.push(
                        Diagnostic::new(group.span, format!("`{c}` means nothing on a drop `@`")).with_help(
                            "seed 002: `f` no piece of this type on the file, `s` on squares of that colour, `b` on the board",
                        ),
                    );
                    break;
                }
            }
        }
    }
    for (letter, &n) in "fsb".chars().zip(&counts) {
        if n > 2 {
            let mut groups = leg.directions.iter().filter(|g| g.text.contains(letter)).map(|g| g.span);
            let first = groups.next().unwrap_or(part.span);
            let span = Span::new(first.start, groups.next_back().unwrap_or(first).end);
            errors
                .push(Diagnostic::new(span, format!("`{letter}` on `@` is written once or twice (up to two pieces)")));
        }
    }
    let depth = match part.range {
        XRange::Default => 1,
        XRange::Number(n) if n > 0 => n,
        _ => {
            errors.push(
                Diagnostic::new(part.span, "a drop zone `@0` holds no rank")
                    .with_help("`@n`: the n ranks from the back rank"),
            );
            0
        }
    };
    if !errors.is_empty() {
        return Err(errors);
    }
    let limits = DropLimits { file: counts[0], color: counts[1], board: counts[2] };
    Ok(XDrop { depth, skip_back_rank, limits, span: part.atom_span })
}
