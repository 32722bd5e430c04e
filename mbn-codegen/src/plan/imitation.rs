//! XBetza Imitators (`I`, docs/SEMANTICS.md X62) prepared for a board: for each Imitator kind,
//! colour and imitated kind, the legs and multi-leg moves the Imitator makes while the position's
//! [`imitated`](mbn_runtime::Position::imitated) kind is that kind.
//!
//! What is imitated: the kind's moves as prepared for the Imitator's colour (`f`) or for the other
//! colour (`b`, "like the opponent would move it"), but its borrowing (`xK`), the moves it
//! induces (`x`), its passes, castling and drops; an Imitator is never imitated. With modes
//! written (`mI`, `cI`...), each move keeps the capabilities of its last leg that are of those
//! modes ([`keep_modes`]).

use super::{flat_steps, PLeg, PMove, Prep};
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::ir::{Capability, Extra, MoveSet, Part, Side, Targets};
use crate::syntax::ast::{PieceSet, Span};
use crate::syntax::xbetza::imitator::XImitation;
use crate::variant::Variant;
use mbn_runtime::Color;

/// What an Imitator does while imitating one kind.
#[derive(Clone, Debug, Default)]
pub(crate) struct PImitated {
    /// Single legs, oriented for the colour they were prepared for.
    pub(crate) legs: Vec<PLeg>,
    /// Multi-leg moves.
    pub(crate) multi: Vec<PMove>,
}

/// By Imitator kind (`None`: not an Imitator), White's and Black's, by imitated kind.
pub(crate) type Imitations = Vec<Option<[Vec<PImitated>; 2]>>;

impl Prep<'_> {
    /// Every Imitator's imitations in `variant`; what cannot be imitated is reported at the `I`.
    pub(crate) fn imitations(&mut self, variant: &Variant) -> Imitations {
        let kinds = variant.moves.len();
        let letter = |k: usize| variant.table.iter().nth(k).map_or('?', |(_, info)| info.letter);
        let mut out = Vec::new();
        for (i, list) in variant.imitations.iter().enumerate() {
            let Some(first) = list.first() else {
                out.push(None);
                continue;
            };
            if variant.regions.get(i).is_some_and(Option::is_some) {
                self.diagnostics.push(
                    Diagnostic::new(first.span, format!("`{}` imitates (`I`) and has a region", letter(i)))
                        .with_help("the imitated moves are another kind's: no region bounds them"),
                );
            }
            let per_color = Color::ALL.map(|c| {
                (0..kinds)
                    .map(|k| {
                        if variant.imitations[k].is_empty() {
                            self.imitated(variant, list, k, c, letter(k))
                        } else {
                            PImitated::default()
                        }
                    })
                    .collect()
            });
            out.push(Some(per_color));
        }
        out
    }

    /// What an Imitator of colour `c` with the `I` parts `list` does while imitating kind `k`.
    fn imitated(&mut self, variant: &Variant, list: &[XImitation], k: usize, c: Color, letter: char) -> PImitated {
        let mut out = PImitated::default();
        for x in list {
            let side = if x.backward { !c } else { c };
            let set = match keep_modes(&variant.moves[k][side.index()], &x.modes, x.span) {
                Some(set) => set,
                None => {
                    if c == Color::White {
                        self.diagnostics.push(
                            Diagnostic::new(
                                x.span,
                                format!(
                                    "XBetza `I` with modes imitating `{letter}`, one of whose moves ends in a repeated or optional part: not run by {} yet",
                                    self.back_end
                                ),
                            )
                            .with_help("the modes select by the last leg of each imitated move"),
                        );
                    }
                    continue;
                }
            };
            let mut scratch = Diagnostics::new();
            let (legs, multi) = {
                let mut prep = Prep {
                    geometry: self.geometry,
                    diagnostics: &mut scratch,
                    back_end: self.back_end,
                    royal: self.royal.clone(),
                };
                prep.moves(&set, side)
            };
            if let (Some(first), Color::White) = (scratch.into_sorted().first(), c) {
                self.diagnostics.push(
                    Diagnostic::new(x.span, format!("XBetza `I` cannot imitate `{letter}`: {}", first.message))
                        .with_help("the Imitator makes the imitated kind's moves, which must run"),
                );
            }
            out.legs.extend(legs.into_iter().filter(|l| !l.borrow && !l.pass));
            out.multi.extend(multi.into_iter().filter(|m| {
                let mut steps = Vec::new();
                flat_steps(&m.parts, &mut steps);
                !steps.iter().any(|s| s.excite)
            }));
        }
        out
    }
}

/// `set` with only the moves of `modes` (all of them when none is written): each move keeps the
/// capabilities of its last leg of those modes, and is dropped when none is left. `m` keeps
/// moves to empty squares, `c` captures of enemies (royal pieces included unless the capture is
/// tame), `d` captures of friends, `e` en passant captures, `k` captures of enemy royal pieces
/// (XBetza `k` captures, and any capture of an enemy, restricted to royal pieces: "c implies k").
/// Swaps and flips are of no mode: kept only without modes. `None` when modes are written and
/// some move's last part is not a leg (a complex rider, an optional leg). `span`: the `I`.
pub(crate) fn keep_modes(set: &MoveSet, modes: &[char], span: Span) -> Option<MoveSet> {
    if modes.is_empty() {
        return Some(set.clone());
    }
    let has = |c: char| modes.contains(&c);
    let royal = PieceSet { by_colour: false, complement: false, members: Vec::new(), royal: true, span };
    let mut out = MoveSet::default();
    for m in &set.moves {
        let mut m = m.clone();
        let Some(Part::Leg(leg)) = m.parts.last_mut() else { return None };
        let mut kept = Vec::new();
        for cap in &leg.capabilities {
            match cap {
                Capability::Move { .. } if has('m') => kept.push(cap.clone()),
                Capability::EnPassant { .. } if has('e') => kept.push(cap.clone()),
                Capability::Capture(t) => {
                    let royal_only = t.only.iter().any(|s| s.royal && !s.complement);
                    let tame = t.only.iter().any(|s| s.royal && s.complement);
                    if matches!(t.side, Side::Friend | Side::Any) && has('d') {
                        kept.push(Capability::Capture(Targets { side: Side::Friend, only: t.only.clone() }));
                    }
                    if matches!(t.side, Side::Enemy | Side::Any) {
                        let enemy = Targets { side: Side::Enemy, only: t.only.clone() };
                        if (royal_only && has('k')) || (!royal_only && has('c')) {
                            kept.push(Capability::Capture(enemy));
                        } else if !royal_only && !tame && has('k') {
                            let mut only = enemy.only;
                            only.push(royal.clone());
                            kept.push(Capability::Capture(Targets { side: Side::Enemy, only }));
                        }
                    }
                }
                _ => {}
            }
        }
        let captures = kept.iter().any(|c| matches!(c, Capability::Capture(_)));
        leg.extras.retain(|e| match e {
            Extra::Other(t) => !t.starts_with('w') && !t.starts_with('x'),
            Extra::Unload => captures,
            _ => true,
        });
        leg.capabilities = kept;
        if !leg.capabilities.is_empty() {
            out.moves.push(m);
        }
    }
    Some(out)
}
