//! AST -> IR: concrete directions, reaches, path rules and capabilities.
//!
//! Input is an *expanded* move ([`crate::expand`]): every atom is a leaper `:m,n:` or a group.
//! Modifiers written before a group apply to every leg inside it (`mPQ` is `mP+mQ`, `f(W+F)` is
//! `fW+fF`). A complex rider `(X)λ` whose body is one plain leg becomes that leg with a longer reach
//! (`(W0)4` is the Rook, `(W)3` is `W3`); any other complex rider stays a [`Part::Repeat`].
//! Everything that is not lowered yet is an error that says what and where, never a silent drop.

pub mod directions;

use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::ir::*;
use crate::syntax::ast::{self, AtomKind, Link, ModifierKind, MoveKind, OptionalKind, Span, Steps};
use directions::{Dir, DirMod};

/// Lowers an expanded move to the IR.
pub fn lower_move(m: &ast::Move) -> Result<MoveSet, Vec<Diagnostic>> {
    let mut lowerer = Lowerer { diagnostics: Diagnostics::new() };
    let alternatives = lowerer.alternatives(m, &Scope::default(), LegLink::First);
    let moves = alternatives.into_iter().map(|parts| Move { parts, span: m.span }).collect();
    lowerer.diagnostics.finish(MoveSet { moves })
}

/// One alternative under construction: its parts.
type Parts = Vec<Part>;

/// What a partial move hands down to the legs inside its atoms.
#[derive(Clone, Default)]
struct Scope<'a> {
    modifiers: Vec<&'a ast::Modifier>,
    origin: Vec<ast::BoardRange>,
    destination: Vec<ast::BoardRange>,
    attackers: Vec<ast::PieceSet>,
    conditions: Vec<ast::Condition>,
    setup: bool,
    decisive: bool,
}

struct Lowerer {
    diagnostics: Diagnostics,
}

impl Lowerer {
    /// The alternatives of `m`, each a list of parts; `link` is how its first leg follows what
    /// came before.
    fn alternatives<'a>(&mut self, m: &'a ast::Move, scope: &Scope<'a>, link: LegLink) -> Vec<Parts> {
        match &m.kind {
            MoveKind::Combination(parts) => parts.iter().flat_map(|p| self.alternatives(p, scope, link)).collect(),
            MoveKind::Partial(p) => self.partial(p, scope, link),
            MoveKind::Chain(legs) => self.chain(legs, scope, link),
            MoveKind::Optional(opt) => {
                let count = opt.steps.as_ref().and_then(|s| self.count(s.value, s.span));
                let bodies = self.alternatives(&opt.body, scope, link);
                if opt.kind == OptionalKind::WhenUnblocked && count.is_none() && several(&bodies) {
                    return one_optional_part(bodies);
                }
                // M70: with a count, a complex rider resolved into a chain: later times round go on
                // from the previous leg (straight on unless the body says otherwise), as `(P)λ`'s.
                let then = match count {
                    Some(_) => self.alternatives(&opt.body, &modes_only(scope), LegLink::Chain),
                    None => Vec::new(),
                };
                bodies
                    .into_iter()
                    .map(|body| vec![Part::Optional { kind: opt.kind, body, count, then: then.clone() }])
                    .collect()
            }
        }
    }

    /// `A-B--C`: every combination of the legs' alternatives, in order.
    fn chain<'a>(&mut self, legs: &'a [ast::Leg], scope: &Scope<'a>, link: LegLink) -> Vec<Parts> {
        let mut result: Vec<Parts> = vec![Vec::new()];
        for (i, leg) in legs.iter().enumerate() {
            let leg_link = match (i, leg.link) {
                (0, _) => link,
                (_, Some(Link::Sequence)) => LegLink::Sequence,
                _ => LegLink::Chain,
            };
            // The scope of the enclosing partial belongs to the first leg only.
            let leg_scope = if i == 0 { scope.clone() } else { Scope::default() };
            let options = self.alternatives(&leg.body, &leg_scope, leg_link);
            result = result
                .into_iter()
                .flat_map(|prefix| {
                    options.iter().map(move |o| {
                        let mut parts = prefix.clone();
                        parts.extend(o.iter().cloned());
                        parts
                    })
                })
                .collect();
        }
        result
    }

    /// A partial move: its scope is added to the inherited one and applied to each atom.
    fn partial<'a>(&mut self, p: &'a ast::Partial, outer: &Scope<'a>, link: LegLink) -> Vec<Parts> {
        if let Some(t) = &p.transition {
            let span = match t {
                ast::Transition::Boards(b) => b.span,
                ast::Transition::Operator(op) => op.span,
            };
            self.diagnostics.push(
                Diagnostic::new(span, format!("`{t}`: 3D and 4D boards are not supported by mbn's move generators"))
                    .with_help("mbn runs moves on 2D boards; the notation parses, but cannot be lowered"),
            );
            return Vec::new();
        }
        let mut scope = outer.clone();
        scope.modifiers.extend(p.modifiers.iter());
        scope.origin.extend(p.origin.iter().cloned());
        scope.destination.extend(p.destination.iter().cloned());
        scope.attackers.extend(p.attackers.iter().cloned());
        scope.conditions.extend(p.condition.iter().cloned());
        scope.setup |= p.setup.is_some();
        scope.decisive |= p.decisive.is_some();
        let errors_before = self.diagnostics.len();
        let result: Vec<Parts> = p.atoms.iter().flat_map(|a| self.atom(a, &scope, link)).collect();
        // Report where the directions were written; a group's inner part that selects nothing
        // (ffB inside ffQ) is dropped, and the partial that wrote `ff` decides.
        let wrote_directions = p.modifiers.iter().any(|m| !matches!(m.kind, ModifierKind::Mode(_)));
        if result.is_empty() && wrote_directions && self.diagnostics.len() == errors_before {
            self.diagnostics.push(
                Diagnostic::new(p.span, "this move selects no direction: its direction modifiers exclude every direction of its atoms")
                    .with_help("check the direction tables in docs/SEMANTICS.md (e.g. `(lf)W` is empty: a wazir has no left-forward move)"),
            );
        }
        result
    }

    fn atom<'a>(&mut self, a: &'a ast::Atom, scope: &Scope<'a>, link: LegLink) -> Vec<Parts> {
        match &a.kind {
            AtomKind::Leaper(m, n) => {
                let reach = match &a.steps {
                    None => Some(Reach::LEAP),
                    Some(s) => self.count(s.value, s.span).map(Count::reach),
                };
                let Some(reach) = reach else { return Vec::new() };
                self.leg(*m, *n, reach, a.span, scope, link)
                    .map(|leg| vec![vec![Part::Leg(Box::new(leg))]])
                    .unwrap_or_default()
            }
            AtomKind::Letter(l) => {
                self.diagnostics.error(a.span, format!("internal: `{l}` reached lowering unexpanded"));
                Vec::new()
            }
            AtomKind::Group { body, circular: None } => match &a.steps {
                None => self.alternatives(body, scope, link),
                Some(steps) => {
                    let Some(count) = self.count(steps.value, steps.span) else { return Vec::new() };
                    self.complex_rider(body, count, scope, link)
                }
            },
            AtomKind::Group { body, circular: Some(turn) } => {
                let Some(steps) = &a.steps else {
                    self.diagnostics.error(turn.span, "a circular rider needs a step count after its turn");
                    return Vec::new();
                };
                self.circular_rider(body, turn, steps, scope, link)
            }
        }
    }

    /// `(X)λ`: one leg with a longer reach when `X` is a plain leg, else a [`Part::Repeat`].
    ///
    /// Modifiers written before the rider apply to the legs inside it, but direction modifiers only
    /// to the first time round (ANCP 8.30: `Δ:Σ+λ = Δ:Σ+(λ-1) ⊕ Σ`); later times go relative to the
    /// previous leg as the body itself says (straight on unless it says otherwise). Each alternative
    /// of the body repeats itself: `(W+F)0` is `W0+F0`, since an F step cannot continue a W step.
    fn complex_rider<'a>(&mut self, body: &'a ast::Move, count: Count, scope: &Scope<'a>, link: LegLink) -> Vec<Parts> {
        let inner = Scope { modifiers: scope.modifiers.clone(), ..Scope::default() };
        let modes_only = modes_only(scope);
        let first = self.alternatives(body, &inner, link);
        let then = self.alternatives(body, &modes_only, LegLink::Chain);
        // Later times may take any alternative of the body (`((fr)K)0*` turns from a W step to an F step).
        let alternatives = if then.len() > 1 { then.clone() } else { Vec::new() };
        let first_alternatives = if first.len() > 1 { first.clone() } else { Vec::new() };
        first
            .into_iter()
            .enumerate()
            .map(|(i, first)| {
                // The same alternative as it continues: the one written at the same places with the same
                // atoms (`K` is written once but lowers to a W and an F alternative).
                let at = signature(&first);
                let next = then.iter().find(|t| signature(t) == at).or(then.get(i)).cloned().unwrap_or_default();
                match collapse(&first, &next, count) {
                    Some(mut leg) => {
                        apply_scope(&mut leg, scope);
                        vec![Part::Leg(Box::new(leg))]
                    }
                    None => vec![Part::Repeat {
                        first,
                        then: next,
                        first_alternatives: first_alternatives.clone(),
                        alternatives: alternatives.clone(),
                        count,
                        origin: scope.origin.clone(),
                        destination: scope.destination.clone(),
                    }],
                }
            })
            .collect()
    }

    /// `(P)mλ := P-{(mP)(λ-1)}`: the piece's move, then turns by `m` while unblocked.
    fn circular_rider<'a>(
        &mut self,
        body: &'a ast::Move,
        turn: &'a ast::Modifier,
        steps: &ast::Spanned<Steps>,
        scope: &Scope<'a>,
        link: LegLink,
    ) -> Vec<Parts> {
        let Some(count) = self.count(steps.value, steps.span) else { return Vec::new() };
        // `(P)m8` is `P-{(mP)7}`, `(P)m0` is `P-{(mP)0}`, `(P)m03` is `P-{(mP)02}`.
        let later = match count {
            Count::Between { min, max } => {
                Count::Between { min: min.saturating_sub(1).max(1), max: max.map(|m| m.saturating_sub(1)) }
            }
            other => other,
        };
        let inner = Scope { modifiers: scope.modifiers.clone(), ..Scope::default() };
        let mut turned = inner.clone();
        turned.modifiers.push(turn);
        let firsts = self.alternatives(body, scope, link);
        let turns = self.alternatives(body, &turned, LegLink::Chain);
        let alternatives = if turns.len() > 1 { turns.clone() } else { Vec::new() };
        let mut result = Vec::new();
        for first in &firsts {
            for t in &turns {
                let mut parts = first.clone();
                if later != (Count::Between { min: 1, max: Some(0) }) {
                    parts.push(Part::Optional {
                        kind: OptionalKind::WhenUnblocked,
                        body: vec![Part::Repeat {
                            first: t.clone(),
                            then: t.clone(),
                            first_alternatives: alternatives.clone(),
                            alternatives: alternatives.clone(),
                            count: later,
                            origin: Vec::new(),
                            destination: Vec::new(),
                        }],
                        count: None,
                        then: Vec::new(),
                    });
                }
                result.push(parts);
            }
        }
        result
    }

    /// The count of a step suffix.
    fn count(&mut self, steps: Steps, span: Span) -> Option<Count> {
        Some(match steps {
            Steps::Unlimited => Count::Between { min: 1, max: None },
            Steps::UpTo(n) => Count::Between { min: 1, max: Some(n) },
            Steps::Exactly(n) => Count::Between { min: n, max: Some(n) },
            Steps::Maximal => Count::Maximal,
            Steps::Edge => Count::Edge,
            Steps::Hash => {
                self.diagnostics.push(
                    Diagnostic::new(
                        span,
                        "the step count `#` is listed by the grammar of §17 but never given a meaning",
                    )
                    .with_help("write `0` (unlimited), a number (at most), `0` and a number (exactly), `0*` or `*`"),
                );
                return None;
            }
        })
    }

    /// One leg of the leaper `(m, n)`.
    fn leg(&mut self, m: u32, n: u32, reach: Reach, span: Span, scope: &Scope<'_>, link: LegLink) -> Option<Leg> {
        if m > n {
            self.diagnostics.push(
                Diagnostic::new(span, format!("`:{m},{n}:`: the first ordinate must not exceed the second"))
                    .with_help(format!("write `:{n},{m}:` (MBN requires m <= n in `:m,n:`)")),
            );
            return None;
        }
        let mut leg = Leg::new(link, Directions::Absolute(Vec::new()), reach, Vec::new(), span);
        leg.directions = self.directions(m, n, &scope.modifiers, link)?;
        self.modes(&mut leg, &scope.modifiers);
        apply_scope(&mut leg, scope);
        match &leg.directions {
            Directions::Absolute(v) if v.is_empty() => None,
            _ => Some(leg),
        }
    }

    /// The directions of a leg: concrete vectors, or the modifiers as written for a relative leg.
    fn directions(&mut self, m: u32, n: u32, modifiers: &[&ast::Modifier], link: LegLink) -> Option<Directions> {
        let directional: Vec<&ast::Modifier> =
            modifiers.iter().copied().filter(|m| !matches!(m.kind, ModifierKind::Mode(_))).collect();
        if link == LegLink::Chain {
            return Some(Directions::Relative {
                atom: (m, n),
                modifiers: directional.iter().map(|m| m.to_string()).collect(),
            });
        }
        let mut mods = Vec::new();
        let mut any = directional.is_empty();
        for modifier in &directional {
            let dir_mod = match modifier.kind {
                ModifierKind::Direction('d') => {
                    any = true;
                    continue;
                }
                ModifierKind::Direction(c @ ('t' | 'z')) | ModifierKind::Doubled(c @ ('t' | 'z' | 'd')) => {
                    self.diagnostics.push(
                        Diagnostic::new(modifier.span, format!("`{modifier}` turns relative to a previous leg, but this is the first leg of its move (`{c}` needs `-` before it)"))
                            .with_help(if c == 't' {
                                "use `t`, `z` and `tt` only after `-`, e.g. `cK-tK` (MBN's `t` is a turn, not XBetza's `t`)"
                            } else {
                                "use `t`, `z` and `tt` only after `-`, e.g. `cK-tK`"
                            }),
                    );
                    return None;
                }
                ModifierKind::Direction(c) => Dir::from_char(c).map(DirMod::One),
                ModifierKind::Doubled(c) => Dir::from_char(c).map(DirMod::Double),
                ModifierKind::Pair(a, b) => match (Dir::from_char(a), Dir::from_char(b)) {
                    (Some(a), Some(b)) => Some(DirMod::Pair(a, b)),
                    _ => None,
                },
                ModifierKind::Mode(_) => continue,
            };
            let Some(dir_mod) = dir_mod else {
                self.diagnostics.error(
                    modifier.span,
                    format!("`{modifier}` is not a direction of MBN (amalgamated pairs use f b l r v s)"),
                );
                return None;
            };
            mods.push(dir_mod);
        }
        let result = if any { directions::select(m, n, &[]) } else { directions::select(m, n, &mods) };
        match result {
            Ok(v) => Some(Directions::Absolute(v)),
            Err(e) => {
                let span = directional.first().map_or(Span::default(), |m| m.span);
                self.diagnostics.error(span, e.to_string());
                None
            }
        }
    }

    /// Modes and the other non-directional modifiers.
    fn modes(&mut self, leg: &mut Leg, modifiers: &[&ast::Modifier]) {
        let mut may_move = false;
        let mut capture: Vec<Capability> = Vec::new();
        let mut en_passant: Option<&ast::Mode> = None;
        let mut move_restriction = None;
        // M81: a modifier that sets one property of the leg is written once; the second would
        // silently replace the first (`pppR` read as `pR`).
        let mut set_once: Vec<char> = Vec::new();
        for modifier in modifiers {
            let ModifierKind::Mode(mode) = &modifier.kind else { continue };
            if matches!(mode.letter, 'g' | 'p' | 'h' | 'n' | 'u' | 'i' | 'k' | 'o') {
                if set_once.contains(&mode.letter) {
                    self.diagnostics.error(
                        modifier.span,
                        format!(
                            "`{modifier}`: `{0}` is given twice on one leg, where it sets one property: write it \
                             once (doubled, `{0}{0}`, where the doubling has a meaning)",
                            mode.letter
                        ),
                    );
                }
                set_once.push(mode.letter);
            }
            match mode.letter {
                'm' => {
                    may_move = true;
                    leg.mode_written = true;
                    move_restriction = mode.set.clone();
                    self.no_decoration(modifier, mode.doubled || mode.any);
                }
                'c' => {
                    leg.mode_written = true;
                    let side = match (mode.doubled, mode.any) {
                        (false, false) => Side::Enemy,
                        (true, false) => Side::Friend,
                        (_, true) => Side::Any,
                    };
                    capture.push(Capability::Capture(Targets { side, only: mode.set.iter().cloned().collect() }));
                }
                'a' => {
                    leg.mode_written = true;
                    may_move = true;
                    self.no_decoration(modifier, mode.doubled || mode.any);
                    capture.push(Capability::Capture(Targets {
                        side: Side::Enemy,
                        only: mode.set.iter().cloned().collect(),
                    }));
                }
                'e' => en_passant = Some(mode),
                'g' => {
                    leg.over = match (&mode.set, mode.doubled) {
                        (Some(set), _) => Over::Set(set.clone()),
                        (None, true) => Over::Friends,
                        (None, false) => Over::Anything,
                    }
                }
                'n' => {
                    self.no_decoration(modifier, mode.doubled || mode.any);
                    leg.non_jumping = true;
                }
                'p' => leg.hop = Some(Hop { many: mode.doubled, optional: mode.optional, hurdles: mode.set.clone() }),
                'h' if mode.doubled || mode.any => self.no_decoration(modifier, true),
                'h' => match leg.reach {
                    Reach::Steps { min: 1, max: None } => leg.reach = Reach::Halfling,
                    _ => self.diagnostics.push(
                        Diagnostic::new(
                            modifier.span,
                            "`h` (halfling) applies to unlimited riders such as `hR` or `hN0`",
                        )
                        .with_help("MBN's `h` is the halfling, not XBetza's `h` (chiral or half-plane moves)"),
                    ),
                },
                'i' => leg.extras.push(Extra::Initial { decaying: mode.doubled }),
                'k' => leg.extras.push(Extra::NoCheck { mate_only: mode.doubled, pieces: mode.set.clone() }),
                'o' => leg.extras.push(Extra::Cylindrical { both_axes: mode.doubled, files: mode.range.clone() }),
                'u' => {
                    self.no_decoration(modifier, mode.doubled || mode.any);
                    leg.extras.push(Extra::Unblocked);
                }
                _ => leg.extras.push(Extra::Other(modifier.to_string())),
            }
        }
        if let Some(e) = en_passant {
            if capture.is_empty() && !may_move {
                let span = modifiers.iter().find(|m| matches!(&m.kind, ModifierKind::Mode(x) if x.letter == 'e'));
                self.diagnostics.push(
                    Diagnostic::new(
                        span.map_or(leg.span, |m| m.span),
                        "`e` (en passant) needs `c` (capture en passant) or `m` (a move that allows en passant)",
                    )
                    .with_help("write `cefF` for the pawn's capture, `imefW02` for its double step"),
                );
            }
            if !capture.is_empty() {
                if e.doubled {
                    capture.clear();
                }
                capture.push(Capability::EnPassant { pieces: e.set.clone() });
            }
        }
        if may_move {
            leg.capabilities
                .push(Capability::Move { restriction: move_restriction, allows_en_passant: en_passant.is_some() });
        }
        leg.capabilities.extend(capture);
        if !leg.mode_written {
            leg.capabilities = vec![
                Capability::Move { restriction: None, allows_en_passant: false },
                Capability::Capture(Targets { side: Side::Enemy, only: Vec::new() }),
            ];
        }
        leg.capabilities.sort();
        leg.capabilities.dedup();
    }

    fn no_decoration(&mut self, modifier: &ast::Modifier, decorated: bool) {
        if decorated {
            self.diagnostics
                .error(modifier.span, format!("`{modifier}`: this modifier cannot be doubled or followed by `y`"));
        }
    }
}

/// The scope later times round of a complex rider inherit: the mode modifiers only (direction
/// modifiers apply to the first time round, ANCP 8.30).
fn modes_only<'a>(scope: &Scope<'a>) -> Scope<'a> {
    Scope {
        modifiers: scope.modifiers.iter().copied().filter(|m| matches!(m.kind, ModifierKind::Mode(_))).collect(),
        ..Scope::default()
    }
}

/// Puts the ranges, attackers, conditions and operators of a partial on the leg it produced.
fn apply_scope(leg: &mut Leg, scope: &Scope<'_>) {
    leg.origin.extend(scope.origin.iter().cloned());
    leg.destination.extend(scope.destination.iter().cloned());
    leg.attackers.extend(scope.attackers.iter().cloned());
    leg.conditions.extend(scope.conditions.iter().cloned());
    leg.setup |= scope.setup;
    leg.decisive |= scope.decisive;
}

impl Count {
    /// The reach of a leaper repeated this often.
    fn reach(self) -> Reach {
        match self {
            Count::Between { min, max } => Reach::Steps { min, max },
            Count::Maximal => Reach::Maximal,
            Count::Edge => Reach::Edge,
        }
    }
}

/// `(X)λ` as one leg, when `X` is one plain leg whose repetition is again a rider: the legs go on
/// in the same direction and land on empty squares, which is what a rider does. `(W0)4` is `W0`,
/// `(W)3` is `W3`, `(W3)2` is `W6`, `(D)3` is `D3` (reaches count whole leaps); `(D03)2` (three or
/// six leaps, nothing between) is not one range and stays a repeat. After another leg the first
/// time round goes as it says and later ones straight on, so `W-R0*` is `W-W0*` (M121).
fn collapse(parts: &[Part], then: &[Part], count: Count) -> Option<Leg> {
    let [Part::Leg(leg)] = parts else { return None };
    // Later times round must go straight on.
    match then {
        [Part::Leg(next)] => match &next.directions {
            Directions::Relative { modifiers, .. } if modifiers.iter().all(|m| m == "f") => {}
            _ => return None,
        },
        _ => return None,
    }
    let plain = leg.hop.is_none()
        && leg.origin.is_empty()
        && leg.destination.is_empty()
        && leg.attackers.is_empty()
        && leg.conditions.is_empty()
        && !leg.setup
        && !leg.decisive
        // M121: after another leg too, but a null leg repeated there stays an error (M108).
        && !matches!(leg.directions, Directions::Relative { atom: (0, 0), .. })
        // A visit, swap or flip on every landing is not one at the end of a slide (M70: `(jyF)0`
        // visits consecutive pieces, `jyF0` the first piece of a line).
        // M119: a swap or flip at the end of a maximal or edge repeat is the maximal or edge
        // rider's (`xR0*` is `xW0*`): every time round but the last lands on an empty square.
        && !leg.extras.iter().any(|e| match e {
            Extra::Other(text) => !(matches!(count, Count::Maximal | Count::Edge) && text.starts_with(['w', 'x'])),
            Extra::Excite | Extra::Unload | Extra::OffBoard => true,
            _ => false,
        })
        // A written mode other than move-only changes what the intermediate legs may do.
        && (!leg.mode_written || leg.capabilities.iter().all(|c| matches!(c, Capability::Move { .. })));
    if !plain {
        return None;
    }
    let Reach::Steps { min: a, max: b } = leg.reach else { return None };
    let reach = match count {
        Count::Maximal if (a, b) == (1, Some(1)) || (a, b) == (1, None) => Reach::Maximal,
        Count::Edge if (a, b) == (1, Some(1)) || (a, b) == (1, None) => Reach::Edge,
        Count::Maximal | Count::Edge => return None,
        // Each leg takes 1..=b steps: k legs take k..=k*b, and these ranges leave no gaps.
        Count::Between { min, max } if a == 1 => Reach::Steps { min, max: b.zip(max).map(|(b, k)| b * k) },
        // Each leg takes exactly a steps: only one count keeps the result a single range.
        Count::Between { min, max: Some(max) } if Some(a) == b && min == max => {
            Reach::Steps { min: a * min, max: Some(a * max) }
        }
        Count::Between { .. } if (a, b) == (0, Some(0)) => Reach::Steps { min: 0, max: Some(0) },
        Count::Between { .. } => return None,
    };
    Some(Leg { reach, ..(**leg).clone() })
}

/// Where the legs of an alternative were written and their atoms, in order (spans compare equal, so
/// compare offsets): pairs the first time round of a complex rider with the same alternative as it
/// continues.
fn signature(parts: &[Part]) -> Vec<(usize, usize, (u32, u32))> {
    let mut out = Vec::new();
    for part in parts {
        match part {
            Part::Leg(leg) => out.push((leg.span.start, leg.span.end, leg_atom(leg))),
            Part::Repeat { first, .. } => out.extend(signature(first)),
            Part::Optional { body, .. } => out.extend(signature(body)),
        }
    }
    out
}

/// The atom `(m, n)` of a leg (`m <= n`).
fn leg_atom(leg: &Leg) -> (u32, u32) {
    match &leg.directions {
        Directions::Relative { atom, .. } => *atom,
        Directions::Absolute(v) => v.first().map_or((0, 0), |&(x, y)| {
            let (a, b) = (x.unsigned_abs(), y.unsigned_abs());
            (a.min(b), a.max(b))
        }),
    }
}

/// Whether `bodies` differ other than in the alternative a repeat takes (a complex rider's
/// alternatives already carry each other: `{((fr)K)0*}`).
fn several(bodies: &[Parts]) -> bool {
    bodies.iter().any(|b| without_chosen_alternative(b) != without_chosen_alternative(&bodies[0]))
}

/// `{P}` where `P` has several alternatives (`{cK-tK}`: the W and F bodies, M65): one optional
/// part whose body takes any of them, a repeat of exactly one time round carrying them all, so
/// that the move goes on without `P` only when no alternative completes a move. One move per
/// alternative, as a complex rider's (plan walks each such set once).
fn one_optional_part(bodies: Vec<Parts>) -> Vec<Parts> {
    let once = Count::Between { min: 1, max: Some(1) };
    bodies
        .iter()
        .map(|body| {
            let repeat = Part::Repeat {
                first: body.clone(),
                // No later time round (and no sibling atoms across the bodies: M2's straight-on
                // rule keeps reading each leg's own letter).
                then: Vec::new(),
                first_alternatives: bodies.clone(),
                alternatives: Vec::new(),
                count: once,
                origin: Vec::new(),
                destination: Vec::new(),
            };
            vec![Part::Optional {
                kind: OptionalKind::WhenUnblocked,
                body: vec![repeat],
                count: None,
                then: Vec::new(),
            }]
        })
        .collect()
}
