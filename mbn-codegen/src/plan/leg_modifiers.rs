//! Modifiers on the legs of multi-leg moves (docs/SEMANTICS.md M41–M46): conditions `/.../`, the
//! decision `#`, swaps `w`, en passant captures `ce` and the e.p. rights of `me` (XBetza `e`, `n`).
//! Both back ends run what passes these checks; the rest is refused here, with its column.

use super::{flat_steps, last_legs, PLeg, PPart, PStep, PSwap, Prep};
use crate::interp::multileg::{leg_directions, Axis, Vector};
use crate::ir::Reach;
use crate::syntax::ast::Span;
use mbn_runtime::Color;

impl Prep<'_> {
    /// Checks the leg modifiers of one multi-leg move (its prepared `parts`, written at `span`):
    /// a swap, a flip or an en passant capture ends the move (M43, M45, M107), e.p. rights lie on the line from
    /// the start to the destination (M44), `#` is not on such moves (M42).
    pub(super) fn check_leg_modifiers(&mut self, parts: &[PPart], color: Color, span: Span) {
        let mut steps = Vec::new();
        flat_steps(parts, &mut steps);
        let last = last_legs(parts);
        let is_last = |s: &PStep| last.iter().any(|l| std::ptr::eq(*l, s));
        let ends_special = |s: &PStep| s.leg.swap.is_some() || s.leg.en_passant.is_some() || s.leg.flip.is_some();
        // M126: a swap or flip on the way is the move's only one (a last leg may do both, M76).
        let swap = steps.iter().find(|s| s.leg.swap.is_some());
        let on_the_way = steps.iter().any(|s| (s.leg.swap.is_some() || s.leg.flip.is_some()) && !is_last(s));
        if let Some(s) = steps.iter().find(|s| s.leg.flip.is_some()).filter(|_| swap.is_some() && on_the_way) {
            self.unsupported(s.span, "a swap (`w`) and a flip (`x`) in one move (M126)");
            return;
        }
        for touch in [Touch::Swap, Touch::Flip] {
            if steps.iter().any(|s| touch.of(&s.leg).is_some() && !is_last(s)) {
                self.check_touch_on_the_way(touch, parts, &steps, span);
                return;
            }
        }
        if steps.iter().any(|s| s.leg.en_passant.is_some() && !is_last(s)) {
            self.check_en_passant_on_the_way(parts, &steps, span);
            return;
        }
        let setup = steps.iter().any(|s| s.setup) || super::has_explosion(parts);
        if let Some(s) = steps.iter().find(|s| s.leg.decisive).filter(|_| setup) {
            self.unsupported(s.span, "the decision operator `#` in a move with the setup operator `!`");
            return;
        }
        let special = steps.iter().any(|s| ends_special(s));
        let rights = steps.iter().any(|s| s.leg.move_allows_en_passant);
        if !special && !rights {
            return;
        }
        if steps.iter().any(|s| s.setup || s.excite || s.unload) {
            self.unsupported(
                span,
                "swaps (`w`), flips (`x`) and en passant (`e`) in a move with `!`, XBetza `x` or XBetza `u`",
            );
            return;
        }
        // M89: `#` runs with a swap or an en passant capture on the last leg; M112: with e.p.
        // rights on the way.
        let captures_on_the_way = steps.iter().any(|s| !is_last(s) && s.mode_written && !s.leg.captures.is_empty());
        if captures_on_the_way {
            self.unsupported(
                span,
                "swaps (`w`), flips (`x`) and en passant (`e`) in a move that also captures on the way",
            );
            return;
        }
        if rights {
            self.check_rights(parts, &steps, color, span);
        }
    }

    /// `w` or `x` on a leg another leg follows (M63, M126): one swap or flip per move, on a leg of
    /// the move's own sequence (not in a repeat or an optional part) that a leg always follows, in
    /// a move without `!`, XBetza `x`/`u`, explosions, e.p. captures or rights; the leg may not
    /// also capture what it swaps with or flips, and the legs after it may not hop over piece sets
    /// (the swapped or flipped piece stands on a square, or in a colour, the plan's set tests would
    /// read from the position before the move).
    fn check_touch_on_the_way(&mut self, touch: Touch, parts: &[PPart], steps: &[&PStep], span: Span) {
        let (w, noun, decision) = (touch.letter(), touch.noun(), touch.decision());
        let touches: Vec<&&PStep> = steps.iter().filter(|s| touch.of(&s.leg).is_some()).collect();
        if let Some(second) = touches.get(1) {
            // A rider that swaps is a repeat of steps that each swap (`K-wwR4`): one written leg.
            let at = |s: &PStep| (s.span.start, s.span.end);
            let what = if touches.iter().all(|s| at(s) == at(second)) {
                format!(
                    "two {noun}s (`{w}`) in one move: a {noun}ping rider or repeat {noun}s on every round \
                     (`{w}R4` = `({w}W0)4`, `K-{w}{w}R4`, `K-({w}{w}W)2`; {decision})"
                )
            } else {
                format!("two {noun}s (`{w}`) in one move ({decision})")
            };
            self.unsupported(second.span, &what);
            return;
        }
        let Some(at) = parts.iter().position(|p| matches!(p, PPart::Leg(s) if touch.of(&s.leg).is_some())) else {
            self.unsupported(
                touches[0].span,
                &format!(
                    "`{w}` ({noun}) on a leg in a repeat, a `{{...}}` another leg follows or a counted `[...]` \
                     (`K-{{{w}W}}-W`, `({w}K)2-W`, `K-[{w}W]2-W`): only a leg of the move's own sequence, or of \
                     an uncounted `[...]` (M74), {noun}s on the way ({decision})"
                ),
            );
            return;
        };
        let followed = parts[at + 1..].iter().any(|p| matches!(p, PPart::Leg(_)));
        let PPart::Leg(toucher) = &parts[at] else { return };
        if !followed {
            self.unsupported(
                toucher.span,
                &format!(
                    "`{w}` ({noun}) on a leg the move may end on without it being the last leg (`{w}K-{{W}}`): \
                     only a leg another leg always follows {noun}s on the way ({decision})"
                ),
            );
            return;
        }
        if steps.iter().any(|s| s.setup || s.excite || s.unload) || super::has_explosion(parts) {
            self.unsupported(
                span,
                &format!("a {noun} on the way (`{w}`, {decision}) in a move with `!`, an explosion, XBetza `x` or `u`"),
            );
            return;
        }
        // M114: `#` runs with a swap or flip on the way.
        if let Some(s) = steps.iter().find(|s| s.leg.en_passant.is_some() || s.leg.move_allows_en_passant) {
            self.unsupported(
                s.span,
                &format!("en passant (`e`) in a move with a {noun} on the way (`{w}`, {decision})"),
            );
            return;
        }
        // M130: a leg that may capture what it swaps with or flips makes both paths.
        // The interpreter settles a landing as a visit before it would flip there.
        if matches!(touch, Touch::Flip) && toucher.leg.visit.is_some() {
            self.unsupported(toucher.span, "a leg that may both visit (`j`) and flip on the way (`xjK-W`, M126)");
            return;
        }
        let mut after = Vec::new();
        flat_steps(&parts[at + 1..], &mut after);
        let set_hops = |s: &&&PStep| {
            s.leg.hop.as_ref().is_some_and(|h| h.hurdles.is_some()) || matches!(s.leg.over, super::POver::Set(_))
        };
        if let Some(s) = after.iter().find(set_hops) {
            self.unsupported(
                s.span,
                &format!("hops over piece sets (`p{{P}}`) after a {noun} on the way (`{w}`, {decision})"),
            );
        }
    }

    /// `ce` on a leg another leg follows (M64): one e.p. capture per move, on a leg of the move's
    /// own sequence that another leg always follows and that may not also move there, in a move
    /// without swaps, `!`, XBetza `x`/`u`, explosions, `#` or e.p. rights.
    fn check_en_passant_on_the_way(&mut self, parts: &[PPart], steps: &[&PStep], span: Span) {
        let takers: Vec<&&PStep> = steps.iter().filter(|s| s.leg.en_passant.is_some()).collect();
        if let Some(second) = takers.get(1) {
            self.unsupported(second.span, "two en passant captures (`ce`) in one move (M64)");
            return;
        }
        let at = parts.iter().position(|p| matches!(p, PPart::Leg(s) if s.leg.en_passant.is_some()));
        let taker = match at.map(|i| (i, &parts[i])) {
            Some((i, PPart::Leg(s))) if parts[i + 1..].iter().any(|p| matches!(p, PPart::Leg(_))) => s,
            _ => {
                self.unsupported(
                    takers[0].span,
                    "an en passant capture (`ce`) in a repeat, a `{...}` another leg follows or a counted `[...]`, or on a leg \
                     the move may end on without it being the last leg (`cefK-{W}`): only a leg another leg \
                     always follows, in the move's own sequence or an uncounted `[...]` (M74), captures en \
                     passant on the way (M64)",
                );
                return;
            }
        };
        if steps.iter().any(|s| s.setup || s.excite || s.unload) || super::has_explosion(parts) {
            self.unsupported(
                span,
                "an en passant capture on the way (M64) in a move with `!`, an explosion, XBetza `x` or `u`",
            );
            return;
        }
        // M114: `#` runs with an e.p. capture on the way.
        if taker.leg.moves {
            self.unsupported(taker.span, "a leg that may both move and capture en passant on the way (`mcefK-W`, M64)");
            return;
        }
        if let Some(s) = steps.iter().find(|s| s.leg.move_allows_en_passant) {
            self.unsupported(s.span, "en passant rights (`me`) in a move with an en passant capture on the way (M64)");
            return;
        }
        // M140: a swap or flip ending the move, as after any capture on the way (M107).
        if let Some(s) = steps.iter().find(|s| s.leg.swap.is_some() || s.leg.flip.is_some()) {
            self.unsupported(
                s.span,
                "swaps (`w`), flips (`x`) and en passant (`e`) in a move that also captures on the way \
                 (an en passant capture on the way is one, M140)",
            );
        }
    }

    /// `me` (XBetza `n`) on legs of a multi-leg move (M44): the squares where its legs land on the
    /// way get e.p. rights. The runtime keeps the rights of one move on the line from its start to
    /// its destination only, so every path of the move must put them on exactly the squares
    /// strictly between those two: a move of one-step legs only, no repeats or optional parts.
    fn check_rights(&mut self, parts: &[PPart], steps: &[&PStep], color: Color, span: Span) {
        let refuse = |p: &mut Self, at: Span, what: &str| {
            p.unsupported(at, &format!("en passant rights (`me`, XBetza `n`) {what}"));
        };
        if parts.iter().any(|p| !matches!(p, PPart::Leg(_))) {
            return refuse(self, span, "in a move with `{...}`, a counted `[...]` or a complex rider");
        }
        if let Some(s) = steps.iter().find(|s| s.leg.reach != Reach::LEAP || s.leg.hop.is_some()) {
            return refuse(self, s.span, "in a move with legs longer than one step (write each step as a leg)");
        }
        if let Some(s) = steps.iter().find(|s| s.leg.visit.is_some()) {
            return refuse(self, s.span, "in a move with `j` legs");
        }
        if let Some(s) = steps.last().filter(|s| s.leg.move_allows_en_passant) {
            return refuse(
                self,
                s.span,
                "on the last leg of a multi-leg move: it ends on the destination and passes no square \
                 (write `me` on the legs leading to the squares passed)",
            );
        }
        let (mut bent, mut budget) = (false, PATHS);
        paths(steps, color, None, None, (0, 0), &mut Vec::new(), &mut |rights, end| {
            bent |= !on_the_line(rights, end);
            budget = budget.saturating_sub(1);
            budget > 0
        });
        if budget == 0 {
            return refuse(self, span, &format!("in a move with more than {PATHS} paths"));
        }
        if bent {
            refuse(
                self,
                span,
                "that do not fill the straight line from the start to the destination (a bent path, \
                 XBetza `fnasmW`, or a square passed without rights, `mefW-W-W`): the runtime keeps \
                 the rights of one move on the squares of that line (of a knight's leap: on the \
                 orthogonal square along its longer side, `fnafsmW`, X68)",
            );
        }
    }
}

/// The most paths of a move with e.p. rights the plan checks.
const PATHS: usize = 4096;

/// Calls `done(rights, end)` for every path of the one-step legs `steps` while it returns true:
/// the displacements (board view) of the squares given e.p. rights, and the destination's.
fn paths(
    steps: &[&PStep],
    color: Color,
    prev: Option<Vector>,
    zaxis: Option<Axis>,
    at: Vector,
    rights: &mut Vec<Vector>,
    done: &mut dyn FnMut(&[Vector], Vector) -> bool,
) -> bool {
    let Some((step, rest)) = steps.split_first() else {
        return done(rights, at);
    };
    for (board, white, axis) in leg_directions(color, &mut None, prev, zaxis, step) {
        let to = (at.0 + board.0, at.1 + board.1);
        let marked = step.leg.move_allows_en_passant;
        if marked {
            rights.push(to);
        }
        let more = paths(rest, color, Some(white), axis, to, rights, done);
        if marked {
            rights.pop();
        }
        if !more {
            return false;
        }
    }
    true
}

/// Whether `rights` are exactly the squares strictly between the start and `end` on their line,
/// as the runtime's double step sets them.
fn on_the_line(rights: &[Vector], end: Vector) -> bool {
    fn gcd(a: i32, b: i32) -> i32 {
        if b == 0 {
            a
        } else {
            gcd(b, a % b)
        }
    }
    let n = gcd(end.0.abs(), end.1.abs());
    // X68: a knight's leap leaves them on the orthogonal square along its longer side (the runtime).
    let between: Vec<Vector> = match (end.0.abs(), end.1.abs()) {
        (1, 2) => vec![(0, end.1.signum())],
        (2, 1) => vec![(end.0.signum(), 0)],
        _ if n < 2 => Vec::new(),
        _ => (1..n).map(|k| (k * end.0 / n, k * end.1 / n)).collect(),
    };
    let mut sorted = rights.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    let mut expected = between;
    expected.sort_unstable();
    sorted == expected && sorted.len() == rights.len()
}

/// What a leg another leg follows may do to the piece it lands on besides capturing it.
#[derive(Clone, Copy)]
enum Touch {
    /// `w` (M63): the piece goes to the leg's start square.
    Swap,
    /// `x` (M126): the piece turns colour where it stands.
    Flip,
}

impl Touch {
    fn of(self, leg: &PLeg) -> Option<&PSwap> {
        match self {
            Touch::Swap => leg.swap.as_ref(),
            Touch::Flip => leg.flip.as_ref(),
        }
    }

    fn letter(self) -> char {
        match self {
            Touch::Swap => 'w',
            Touch::Flip => 'x',
        }
    }

    fn noun(self) -> &'static str {
        match self {
            Touch::Swap => "swap",
            Touch::Flip => "flip",
        }
    }

    fn decision(self) -> &'static str {
        match self {
            Touch::Swap => "M63",
            Touch::Flip => "M126",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::on_the_line;
    use crate::diagnostic::Diagnostics;
    use crate::plan::{Prep, INTERPRETER};
    use mbn_runtime::{Color, Geometry};

    /// The messages the plan gives for `notation` (none: it runs).
    fn refusals(notation: &str) -> Vec<String> {
        let set = crate::compile_move(notation).unwrap_or_else(|e| panic!("{notation}: {e:?}"));
        let mut d = Diagnostics::new();
        let mut prep =
            Prep { geometry: Geometry::CHESS, diagnostics: &mut d, back_end: INTERPRETER, royal: Vec::new() };
        for color in [Color::White, Color::Black] {
            prep.moves(&set, color);
        }
        d.into_iter().map(|d| d.message).collect()
    }

    #[test]
    fn what_runs() {
        for notation in [
            "/Ta1/W-F",
            "W-/{!Q}/fF",
            "W-#F",
            "K-wW",
            "K-wwW",
            "mefW-W",
            "mefF-F",
            "W-cefF",
            "mefW-cW",
            // M63: swaps on the way.
            "wK-W",
            "K-wW-W",
            "aK-wwR-W",
            "cK-wW-W",
            "wW-tR",
            "wK-W-[W]",
            // M74: swaps and e.p. captures in or before an uncounted `[...]`.
            "K-[wwW]",
            "K-[wW]-W",
            "wwK-[W]",
            "[wK]-W",
            "cefK-[W]",
            "K-[cefW]-W",
            "K-[wW-[W]]-W",
            // M64: en passant captures on the way.
            "cefK-W",
            "ce{P}K-W",
            "cefK-aW-W",
        ] {
            assert_eq!(refusals(notation), Vec::<String>::new(), "{notation}");
        }
    }

    #[test]
    fn what_is_refused() {
        for (notation, what) in [
            ("cefK-cefW", "two en passant captures (`ce`) in one move"),
            (
                "cefK-{W}",
                "in a repeat, a `{...}` another leg follows or a counted `[...]`, or on a leg the move may end on",
            ),
            (
                "K-{cefW}-W",
                "in a repeat, a `{...}` another leg follows or a counted `[...]`, or on a leg the move may end on",
            ),
            // A counted part is a chain (M70): taken twice, it captures en passant twice.
            ("K-[cefW]2-W", "two en passant captures (`ce`) in one move"),
            ("mcefK-W", "may both move and capture en passant on the way"),
            ("cefK-mefW-W", "en passant rights (`me`) in a move with an en passant capture on the way"),
            ("wK-cefW-W", "en passant (`e`) in a move with a swap on the way"),
            ("K-{wW}-W", "in a repeat, a `{...}` another leg follows or a counted `[...]`"),
            ("(wW-W)2", "two swaps (`w`) in one move"),
            ("K-[wW]2-W", "two swaps (`w`) in one move"),
            ("K-[wW-[wW]]-W", "two swaps (`w`) in one move"),
            ("wK-wW-W", "two swaps (`w`) in one move"),
            ("wK-K-wW", "two swaps (`w`) in one move"),
            ("K-wwR4", "a swapping rider or repeat swaps on every round (`wR4` = `(wW0)4`, `K-wwR4`"),
            ("K-(wwW)2", "a swapping rider or repeat swaps on every round"),
            // MBN `R4` is `(W0)4` (C2): four rides, each ending in a swap.
            ("wR4", "a swapping rider or repeat swaps on every round"),
            ("wK-{W}", "the move may end on without it being the last leg"),
            ("wK-mefW-W", "en passant (`e`) in a move with a swap on the way"),
            ("wK-p{P}R", "hops over piece sets"),
            ("!wK-W", "a swap on the way (`w`, M63) in a move with `!`"),
            ("aK-wW", "captures on the way"),
            // M89: `W-#wW` runs; M112: `mefW-#W` runs.
            ("W-mefW", "on the last leg"),
            ("mefW-fR", "legs longer than one step"),
            // M142: a choice `[...]` is taken apart (`mefW-[W]` runs), `{...}` is not.
            ("mefW-{W}", "in a move with `{...}`, a counted `[...]` or a complex rider"),
            ("mefW-[W]2", "in a move with `{...}`, a counted `[...]` or a complex rider"),
            ("(mefW-W)2", "in a move with `{...}`, a counted `[...]` or a complex rider"),
            // Taken apart, each move keeps M44's rules: `me` written on a last leg, a bent path.
            ("mefF-[mefF]", "on the last leg"),
            ("mefK-[mW]", "fill the straight line"),
            ("mefW-sW", "fill the straight line"),
            ("mefW-W-W", "fill the straight line"),
            ("mefW-dW-dW-dW-dW-dW-dW-dW-mW", "more than 4096 paths"),
            ("amefW-W", "may both move and capture en passant on the way"),
            ("cW-mefW-W", "captures on the way"),
            // M140: an e.p. capture on the way is a capture on the way.
            ("cefF-xW", "in a move that also captures on the way (an en passant capture on the way is one"),
            ("cefF-wW", "in a move that also captures on the way (an en passant capture on the way is one"),
            ("ceF-mW-xxW", "in a move that also captures on the way (an en passant capture on the way is one"),
        ] {
            let e = refusals(notation);
            assert!(e.iter().any(|m| m.contains(what)), "{notation}: {e:?}");
        }
        // M89: `#` with a swap or an e.p. capture on the last leg runs; M112: with e.p. rights;
        // M114: with a swap or an e.p. capture on the way.
        // M130: a leg on the way that may capture and swap with (or flip) the same piece.
        // M142: e.p. rights in a move with a choice.
        for notation in [
            "W-#wW",
            "#W-cefF",
            "mefW-#W",
            "#mefW-mW",
            "cefK-#W",
            "wK-#W",
            "#wK-W",
            "cwK-W",
            "cxW-W",
            "mefW-[W]",
            "mefW-[imW]",
            "[mefW]-mW",
        ] {
            assert_eq!(refusals(notation), Vec::<String>::new(), "{notation}");
        }
    }

    #[test]
    fn rights_must_fill_the_line() {
        assert!(on_the_line(&[(0, 1)], (0, 2)));
        assert!(on_the_line(&[(0, 1), (0, 2)], (0, 3)));
        assert!(!on_the_line(&[(0, 1)], (0, 3)));
        // X68: a knight's leap, on the orthogonal square along its longer side only.
        assert!(on_the_line(&[(0, 1)], (1, 2)));
        assert!(on_the_line(&[(-1, 0)], (-2, 1)));
        assert!(!on_the_line(&[(1, 1)], (1, 2)));
        assert!(!on_the_line(&[(0, 1)], (1, 1)));
        assert!(!on_the_line(&[(0, 1), (0, 1)], (0, 2)));
        assert!(on_the_line(&[(1, 1)], (2, 2)));
    }
}
