//! The macro expander: macro table, lazy and memoised macro bodies, cycle detection, size limits.

use super::basic::resolve_basic;
use super::walk::{atom_move, placeholder, Expansion, Overflow, Resolve, Resolved, Walker};
use super::{MAX_ATOMS, MAX_NESTING, MAX_TOTAL_ATOMS};
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::syntax::ast::*;
use std::collections::BTreeMap;
use std::sync::Arc;

/// The identity of a macro: its letter (compound letters upper-cased), suffix and boards.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct MacroKey {
    letter: Letter,
    suffix: Option<String>,
    boards: Option<String>,
}

impl MacroKey {
    fn of(name: &PieceName) -> Self {
        MacroKey {
            letter: name.letter.key(),
            suffix: name.suffix.as_ref().map(|s| s.value.clone()),
            boards: name.boards.as_ref().map(ToString::to_string),
        }
    }

    /// The key an atom refers to: the bare letter.
    fn bare(letter: &Letter) -> Self {
        MacroKey { letter: letter.key(), suffix: None, boards: None }
    }
}

/// Where a macro's expansion stands.
enum State {
    Unvisited,
    /// On the stack: its body is being expanded.
    Active,
    Done(Arc<Expansion>),
    /// It could not be expanded; the reason has been reported.
    Failed,
}

/// Expands moves against a set of macros, collecting diagnostics.
pub(super) struct Expander<'a> {
    defs: Vec<&'a MacroDef>,
    index: BTreeMap<MacroKey, usize>,
    state: Vec<State>,
    /// The macros whose bodies are being expanded, outermost first.
    stack: Vec<usize>,
    /// Atoms produced so far by every expansion.
    total: usize,
    /// The problems found.
    pub diags: Diagnostics,
}

impl<'a> Expander<'a> {
    /// An expander for these macros; a second definition of a macro is reported and ignored.
    pub fn new(macros: impl IntoIterator<Item = &'a MacroDef>) -> Self {
        let mut ex = Expander {
            defs: Vec::new(),
            index: BTreeMap::new(),
            state: Vec::new(),
            stack: Vec::new(),
            total: 0,
            diags: Diagnostics::new(),
        };
        for def in macros {
            ex.register(def);
        }
        ex
    }

    /// Adds a macro. A second definition is reported; it is kept apart (never used) so that
    /// [`Expander::resolve_all`] still reports the errors in its body.
    fn register(&mut self, def: &'a MacroDef) {
        let key = MacroKey::of(&def.name);
        if let Some(&first) = self.index.get(&key) {
            let d = Diagnostic::new(def.name.span, format!("duplicate macro `{}`", self.name(first)))
                .with_label(self.defs[first].name.span, "first defined here");
            self.diags.push(d);
        } else {
            self.index.insert(key, self.defs.len());
        }
        self.defs.push(def);
        self.state.push(State::Unvisited);
    }

    /// Expands every macro, used or not (and second definitions too), so that errors in unused
    /// macros are reported as well.
    pub fn resolve_all(&mut self) {
        let mut order: Vec<usize> = self.index.values().copied().collect();
        let mut first = vec![false; self.defs.len()];
        order.iter().for_each(|&i| first[i] = true);
        order.extend((0..self.defs.len()).filter(|&i| !first[i]));
        for i in order {
            let span = self.defs[i].name.span;
            let _ = self.expand_macro(i, span);
        }
    }

    /// The expansion of a piece or castling move; `what` names it in errors ("the move of `Q`").
    pub fn expand_body(&mut self, m: &Move, what: impl FnOnce() -> String) -> Move {
        if self.total > MAX_TOTAL_ATOMS {
            return placeholder(m.span);
        }
        let mut walker = Walker::new(self);
        let body = walker.walk(m);
        let (atoms, overflow) = (walker.atoms(), walker.overflow());
        if let Some(o) = overflow {
            self.report_overflow(o, m.span, &what());
        }
        self.charge(atoms, m.span);
        body
    }

    /// The default move of the piece `name` (written without a body): its letter resolved like
    /// an atom, looking first for a macro with the same suffix and boards. `None` for a compound
    /// letter without a macro.
    pub fn default_body(&mut self, name: &PieceName) -> Option<Move> {
        let resolved = match self.default_macro(name) {
            Some(i) => self.expand_macro(i, name.span),
            None => match &name.letter {
                Letter::Single(c) => resolve_basic(c.to_ascii_uppercase()),
                Letter::Compound(_) => return None,
            },
        };
        let mut walker = Walker::new(self);
        let kind = walker.substitute(resolved, name.span);
        let (atoms, overflow) = (walker.atoms(), walker.overflow());
        if let Some(o) = overflow {
            self.report_overflow(o, name.span, &format!("the default move of `{name}`"));
        }
        self.charge(atoms, name.span);
        Some(atom_move(kind, name.span))
    }

    /// The macro a default definition of `name` uses: `R<s><2>`, then `R<s>`, then `R` (for a
    /// black letter `r`: `r<s><2>`, `r<s>`, `r`, then `R`).
    fn default_macro(&self, name: &PieceName) -> Option<usize> {
        let exact = MacroKey::of(name);
        let unboarded = MacroKey { boards: None, ..exact.clone() };
        let bare = MacroKey::bare(&name.letter);
        let upper = match &name.letter {
            Letter::Single(c) => MacroKey::bare(&Letter::Single(c.to_ascii_uppercase())),
            Letter::Compound(_) => bare.clone(),
        };
        [exact, unboarded, bare, upper].iter().find_map(|k| self.index.get(k).copied())
    }

    /// Adds `atoms` to the total, reporting (once) when the whole expansion grows too large.
    pub fn charge(&mut self, atoms: usize, span: Span) {
        let before = self.total;
        self.total = self.total.saturating_add(atoms);
        if before <= MAX_TOTAL_ATOMS && self.total > MAX_TOTAL_ATOMS {
            self.diags.push(
                Diagnostic::new(span, format!("the notation expands to more than {MAX_TOTAL_ATOMS} atoms in all"))
                    .with_help("use fewer or smaller macros"),
            );
        }
    }

    fn report_overflow(&mut self, overflow: Overflow, span: Span, what: &str) {
        let d = match overflow {
            Overflow::Atoms => Diagnostic::new(span, format!("{what} expands to more than {MAX_ATOMS} atoms"))
                .with_help("each use of a macro copies its body: macros using macros several times grow exponentially"),
            Overflow::Depth => {
                Diagnostic::new(span, format!("{what} nests more than {MAX_NESTING} levels of brackets once expanded"))
                    .with_help("each use of a macro adds a level of brackets")
            }
        };
        self.diags.push(d);
    }

    /// `@A`, `@:NR:`, `@R<s>`.
    fn name(&self, i: usize) -> String {
        format!("@{}", self.defs[i].name)
    }

    /// The expansion of macro `i`, used at `span`.
    fn expand_macro(&mut self, i: usize, span: Span) -> Resolved {
        match &self.state[i] {
            State::Done(e) => return Resolved::Body(e.clone()),
            State::Failed => return Resolved::Failed,
            State::Active => {
                self.report_cycle(i);
                return Resolved::Failed;
            }
            State::Unvisited => {}
        }
        if self.total > MAX_TOTAL_ATOMS {
            self.state[i] = State::Failed;
            return Resolved::Failed;
        }
        if self.stack.len() >= MAX_NESTING {
            let d = Diagnostic::new(
                span,
                format!("macros nested too deeply: `{}` is used more than {MAX_NESTING} macros deep", self.name(i)),
            );
            self.diags.push(d);
            self.state[i] = State::Failed;
            return Resolved::Failed;
        }
        self.state[i] = State::Active;
        self.stack.push(i);
        let def = self.defs[i];
        let mut walker = Walker::new(self);
        let body = walker.walk(&def.body);
        let (ok, atoms, depth, overflow) = (walker.ok(), walker.atoms(), walker.depth(), walker.overflow());
        self.stack.pop();
        if let Some(o) = overflow {
            let what = format!("macro `{}`", self.name(i));
            self.report_overflow(o, def.name.span, &what);
        }
        self.charge(atoms, def.name.span);
        if !ok {
            self.state[i] = State::Failed;
            return Resolved::Failed;
        }
        let e = Arc::new(Expansion { body, atoms, depth });
        self.state[i] = State::Done(e.clone());
        Resolved::Body(e)
    }

    /// Reports the cycle closed by using macro `i`, which is on the stack. The cycle is named from
    /// its first member in sorted order, so the message does not depend on the order of
    /// definitions.
    fn report_cycle(&mut self, i: usize) {
        let from = self.stack.iter().position(|&j| j == i).unwrap_or(0);
        let mut members = self.stack[from..].to_vec();
        if members.is_empty() {
            members.push(i);
        }
        let names: Vec<String> = members.iter().map(|&j| self.name(j)).collect();
        let first = (0..members.len()).min_by_key(|&k| &names[k]).unwrap_or(0);
        members.rotate_left(first);
        let mut names: Vec<String> = members.iter().map(|&j| self.name(j)).collect();
        names.push(names[0].clone());
        let mut d = Diagnostic::new(self.defs[members[0]].name.span, format!("macro cycle: {}", names.join(" -> ")))
            .with_help("a macro cannot use itself, directly or through other macros");
        for (&j, name) in members.iter().zip(&names).skip(1) {
            d = d.with_label(self.defs[j].name.span, format!("`{name}` is defined here"));
        }
        self.diags.push(d);
    }
}

impl Resolve for Expander<'_> {
    /// A letter is the macro of that name, except that inside a macro's own body a single letter
    /// means the basic piece; otherwise a basic piece. Compound letters must be macros.
    fn resolve(&mut self, letter: &Letter, span: Span) -> Resolved {
        let key = MacroKey::bare(letter);
        let own = self.stack.last().is_some_and(|&i| MacroKey::of(&self.defs[i].name) == key);
        match (letter, self.index.get(&key).copied()) {
            (Letter::Compound(_), Some(i)) => self.expand_macro(i, span),
            (Letter::Single(_), Some(i)) if !own => self.expand_macro(i, span),
            (Letter::Single(c), _) => match resolve_basic(*c) {
                Resolved::Failed => {
                    self.diags.error(span, format!("`{c}` is not a piece letter: basic pieces are `A` to `Z`"));
                    Resolved::Failed
                }
                r => r,
            },
            (Letter::Compound(_), None) => {
                let d = Diagnostic::new(
                    span,
                    format!("`{letter}` is not defined: compound letters need a macro `@{letter}=...`"),
                );
                self.diags.push(d);
                Resolved::Failed
            }
        }
    }
}
