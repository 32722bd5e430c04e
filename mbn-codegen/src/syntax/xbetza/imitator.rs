//! XBetza `I`: the Imitator (seed 001, "The Imitator"; docs/SEMANTICS.md X62).
//!
//! `I` stands for "all moves of the most recently moved (or imitated) piece type": a rule of a
//! game, run by a variant's back ends, not a fixed move. Its directions are `f` (the default) and
//! `b` (the imitated moves flipped, as the opponent would make them; `v` is both); its modes `m`,
//! `c`, `e`, `k` and `d` keep the imitated moves of those modes only. Anything else on an `I` is
//! an error at its letter: the seed gives it no meaning.

use super::{XPart, XRange};
use crate::diagnostic::Diagnostic;
use crate::syntax::ast::Span;

/// One `I` part of a piece: which way the imitated moves go and which of them it keeps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct XImitation {
    /// `b`: the imitated kind's moves as the opponent makes them (ranks mirrored).
    pub backward: bool,
    /// The modes written, each once, in the order `m c d e k` (empty: every move).
    pub modes: Vec<char>,
    /// Where the `I` was written.
    pub span: Span,
}

/// The modes an `I` takes.
const MODES: &str = "mcdek";

/// Reads one `I` part: one imitation per direction written (`vI` = `fI` + `bI`).
pub fn read(part: &XPart) -> Result<Vec<XImitation>, Vec<Diagnostic>> {
    let mut errors = Vec::new();
    if part.legs.len() > 1 {
        errors.push(
            Diagnostic::new(part.span, "XBetza `I` in a multi-leg move: the Imitator has no legs of its own")
                .with_help("seed 001 gives `I` the directions `f`, `b` and the modes m, c, e, k, d only"),
        );
    }
    if part.boost.is_some() || part.range != XRange::Default || part.count_modifiers.is_some() {
        errors.push(
            Diagnostic::new(part.atom_span.to(part.span), "XBetza `I` takes no range or boost")
                .with_help("the Imitator moves as far as the imitated piece does"),
        );
    }
    let leg = &part.legs[0];
    let (mut forward, mut backward) = (false, false);
    for group in &leg.directions {
        match group.text.as_str() {
            "f" | "ff" => forward = true,
            "b" | "bb" => backward = true,
            "v" | "vv" => (forward, backward) = (true, true),
            other => errors.push(
                Diagnostic::new(group.span, format!("XBetza `{other}` on the Imitator `I`"))
                    .with_help("seed 001 limits the Imitator's directions to `f` (the default) and `b` (flipped)"),
            ),
        }
    }
    let mut modes = Vec::new();
    for &(c, span) in &leg.modes {
        if MODES.contains(c) {
            modes.push(c);
        } else {
            errors.push(
                Diagnostic::new(span, format!("XBetza `{c}` on the Imitator `I`"))
                    .with_help("seed 001 gives the Imitator the modes m, c, e, k and d only"),
            );
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    modes.sort_by_key(|c| MODES.find(*c));
    modes.dedup();
    let forward = forward || !backward;
    let make = |backward: bool| XImitation { backward, modes: modes.clone(), span: part.atom_span };
    Ok([(forward, false), (backward, true)].into_iter().filter(|&(on, _)| on).map(|(_, b)| make(b)).collect())
}
