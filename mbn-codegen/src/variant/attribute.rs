//! Which field a back end's diagnostic is about (docs/SEMANTICS.md X55).
//!
//! The interpreter and the code generator report spans into the text a move was written in: the
//! MBN `pieces`, or a piece's XBetza string (`[xbetza]`, `piece N = xbetza "..."`). A span alone
//! does not say which, so the back end is run again on one XBetza piece at a time (the other
//! kinds without moves): a diagnostic it reports again belongs to that piece's string; any other
//! to `pieces`.

use super::{Field, FieldDiagnostic, Variant};
use crate::diagnostic::Diagnostic;
use crate::ir::MoveSet;

impl Variant {
    /// Attributes the diagnostics `list` of a back end (`run`, which reported them on this
    /// variant) to the fields they are about: the XBetza string of the piece whose moves alone
    /// make `run` report them again, else `pieces`.
    pub fn attribute<T>(
        &self,
        list: Vec<Diagnostic>,
        run: impl Fn(&Variant) -> Result<T, Vec<Diagnostic>>,
    ) -> Vec<FieldDiagnostic> {
        let same = |a: &Diagnostic, b: &Diagnostic| {
            (a.span.start, a.span.end, &a.message) == (b.span.start, b.span.end, &b.message)
        };
        let mut by_piece: Vec<(Field, Vec<Diagnostic>)> = Vec::new();
        for (c, _) in &self.spec.xbetza {
            let Some(kind) = self.table.iter().position(|(_, info)| !info.plus && info.letter == *c) else { continue };
            let mut alone = self.clone();
            for (i, moves) in alone.moves.iter_mut().enumerate() {
                if i != kind {
                    *moves = [MoveSet::default(), MoveSet::default()];
                }
            }
            // Castlings come from `pieces`, or from the royal piece's XBetza `O` (X30).
            let royal = self.table.iter().nth(kind).is_some_and(|(_, info)| info.royal);
            alone.castlings.retain(|castling| castling.beside && royal);
            // Imitations (`I`, X62) are the Imitator's: what it alone adds to the whole variant.
            for (i, imitations) in alone.imitations.iter_mut().enumerate() {
                if i != kind {
                    imitations.clear();
                }
            }
            let mut found = run(&alone).err().unwrap_or_default();
            if self.imitations.get(kind).is_some_and(|list| !list.is_empty()) {
                let mut with = self.clone();
                for (i, imitations) in with.imitations.iter_mut().enumerate() {
                    if i != kind {
                        imitations.clear();
                    }
                }
                let mut without = with.clone();
                without.imitations[kind].clear();
                let base = run(&without).err().unwrap_or_default();
                let added = run(&with).err().unwrap_or_default();
                found.extend(added.into_iter().filter(|d| !base.iter().any(|b| same(b, d))));
            }
            by_piece.push((Field::XBetza(*c), found));
        }
        list.into_iter()
            .flat_map(|diagnostic| {
                let fields: Vec<Field> = by_piece
                    .iter()
                    .filter(|(_, found)| found.iter().any(|d| same(d, &diagnostic)))
                    .map(|(field, _)| *field)
                    .collect();
                let fields = if fields.is_empty() { vec![Field::Pieces] } else { fields };
                fields.into_iter().map(move |field| FieldDiagnostic { field, diagnostic: diagnostic.clone() })
            })
            .collect()
    }
}
