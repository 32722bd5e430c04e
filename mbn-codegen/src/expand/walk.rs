//! The tree walk shared by the basic-piece table and the macro expander: copies a move, replacing
//! every letter atom by what a [`Resolve`] says it stands for, within the size limits.

use super::{MAX_ATOMS, MAX_NESTING};
use crate::syntax::ast::*;
use std::sync::Arc;

/// A fully expanded move with its size.
#[derive(Debug)]
pub(super) struct Expansion {
    /// The move: leapers and groups only.
    pub body: Move,
    /// How many atoms it holds, at every depth.
    pub atoms: usize,
    /// Its deepest nesting of brackets (groups and optional legs).
    pub depth: usize,
}

/// What a letter stands for.
pub(super) enum Resolved {
    /// A basic leaper.
    Leaper(u32, u32),
    /// A move, substituted as a group.
    Body(Arc<Expansion>),
    /// Nothing: the reason has been reported (or, for the basic table, cannot happen).
    Failed,
}

/// Says what letters stand for.
pub(super) trait Resolve {
    /// The meaning of `letter`, written at `span`.
    fn resolve(&mut self, letter: &Letter, span: Span) -> Resolved;
}

/// Why a walk stopped copying.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Overflow {
    /// More than [`MAX_ATOMS`] atoms.
    Atoms,
    /// More than [`MAX_NESTING`] levels of brackets.
    Depth,
}

/// One walk over one move.
pub(super) struct Walker<'r, R: ?Sized> {
    resolver: &'r mut R,
    atoms: usize,
    level: usize,
    depth: usize,
    failed: bool,
    overflow: Option<Overflow>,
}

impl<'r, R: Resolve + ?Sized> Walker<'r, R> {
    /// A walk resolving letters with `resolver`.
    pub fn new(resolver: &'r mut R) -> Self {
        Walker { resolver, atoms: 0, level: 0, depth: 0, failed: false, overflow: None }
    }

    /// Atoms produced so far.
    pub fn atoms(&self) -> usize {
        self.atoms
    }

    /// The deepest nesting produced so far.
    pub fn depth(&self) -> usize {
        self.depth
    }

    /// Did the walk stop early because the result grew too large?
    pub fn overflow(&self) -> Option<Overflow> {
        self.overflow
    }

    /// Did every letter resolve, within the limits?
    pub fn ok(&self) -> bool {
        !self.failed && self.overflow.is_none()
    }

    /// The expansion of `m`. Once a limit is exceeded the rest is replaced by placeholders.
    pub fn walk(&mut self, m: &Move) -> Move {
        if self.overflow.is_some() {
            return placeholder(m.span);
        }
        let kind = match &m.kind {
            MoveKind::Chain(legs) => {
                MoveKind::Chain(legs.iter().map(|leg| Leg { link: leg.link, body: self.walk(&leg.body) }).collect())
            }
            MoveKind::Combination(parts) => MoveKind::Combination(parts.iter().map(|p| self.walk(p)).collect()),
            MoveKind::Optional(o) => MoveKind::Optional(Optional {
                kind: o.kind,
                body: Box::new(self.nested(|w| w.walk(&o.body))),
                steps: o.steps.clone(),
            }),
            MoveKind::Partial(p) => MoveKind::Partial(Box::new(self.partial(p))),
        };
        Move { kind, span: m.span }
    }

    fn partial(&mut self, p: &Partial) -> Partial {
        Partial {
            setup: p.setup,
            decisive: p.decisive,
            transition: p.transition.clone(),
            condition: p.condition.clone(),
            origin: p.origin.clone(),
            attackers: p.attackers.clone(),
            modifiers: p.modifiers.clone(),
            atoms: p.atoms.iter().map(|a| self.atom(a)).collect(),
            destination: p.destination.clone(),
            span: p.span,
        }
    }

    fn atom(&mut self, a: &Atom) -> Atom {
        let kind = match &a.kind {
            AtomKind::Letter(letter) => {
                let span = letter_span(a);
                let resolved = self.resolver.resolve(letter, span);
                self.substitute(resolved, span)
            }
            AtomKind::Leaper(m, n) => {
                self.atoms += 1;
                AtomKind::Leaper(*m, *n)
            }
            AtomKind::Group { body, circular } => {
                self.atoms += 1;
                AtomKind::Group { body: Box::new(self.nested(|w| w.walk(body))), circular: circular.clone() }
            }
        };
        self.check_atoms();
        Atom { kind, steps: a.steps.clone(), span: a.span }
    }

    /// The atom standing for a resolved letter written at `span`: a leaper, or a group holding the
    /// substituted move with every span set to `span`.
    pub fn substitute(&mut self, resolved: Resolved, span: Span) -> AtomKind {
        self.atoms += 1;
        match resolved {
            Resolved::Leaper(m, n) => AtomKind::Leaper(m, n),
            Resolved::Body(e) => {
                let depth = self.level + 1 + e.depth;
                if self.atoms + e.atoms > MAX_ATOMS {
                    self.overflow = Some(Overflow::Atoms);
                } else if depth > MAX_NESTING {
                    self.overflow = Some(Overflow::Depth);
                }
                if self.overflow.is_some() {
                    return AtomKind::Leaper(0, 0);
                }
                self.atoms += e.atoms;
                self.depth = self.depth.max(depth);
                let mut body = e.body.clone();
                respan_move(&mut body, span);
                AtomKind::Group { body: Box::new(body), circular: None }
            }
            Resolved::Failed => {
                self.failed = true;
                AtomKind::Leaper(0, 0)
            }
        }
    }

    fn nested(&mut self, f: impl FnOnce(&mut Self) -> Move) -> Move {
        if self.level >= MAX_NESTING {
            self.overflow = Some(Overflow::Depth);
            return placeholder(Span::default());
        }
        self.level += 1;
        self.depth = self.depth.max(self.level);
        let m = f(self);
        self.level -= 1;
        m
    }

    fn check_atoms(&mut self) {
        if self.atoms > MAX_ATOMS && self.overflow.is_none() {
            self.overflow = Some(Overflow::Atoms);
        }
    }
}

/// The span of the letter of a letter atom: the atom without its step count.
fn letter_span(a: &Atom) -> Span {
    match &a.steps {
        Some(steps) if steps.span.start > a.span.start => Span::new(a.span.start, steps.span.start),
        _ => a.span,
    }
}

/// A one-atom move standing in for what could not be expanded (the expansion fails anyway).
pub(super) fn placeholder(span: Span) -> Move {
    atom_move(AtomKind::Leaper(0, 0), span)
}

/// The move made of the single atom `kind`, written at `span`.
pub(super) fn atom_move(kind: AtomKind, span: Span) -> Move {
    let atom = Atom { kind, steps: None, span };
    let partial = Partial {
        setup: None,
        decisive: None,
        transition: None,
        condition: None,
        origin: None,
        attackers: Vec::new(),
        modifiers: Vec::new(),
        atoms: vec![atom],
        destination: None,
        span,
    };
    Move { kind: MoveKind::Partial(Box::new(partial)), span }
}

// ---------------------------------------------------------------------------------------------
// Respanning: every node of a substituted move points at the letter it came from.
// ---------------------------------------------------------------------------------------------

/// Sets every span in `m` to `s`.
pub(super) fn respan_move(m: &mut Move, s: Span) {
    m.span = s;
    match &mut m.kind {
        MoveKind::Chain(legs) => legs.iter_mut().for_each(|leg| respan_move(&mut leg.body, s)),
        MoveKind::Combination(parts) => parts.iter_mut().for_each(|p| respan_move(p, s)),
        MoveKind::Optional(o) => {
            respan_move(&mut o.body, s);
            if let Some(steps) = &mut o.steps {
                steps.span = s;
            }
        }
        MoveKind::Partial(p) => respan_partial(p, s),
    }
}

fn respan_partial(p: &mut Partial, s: Span) {
    p.span = s;
    for marker in [&mut p.setup, &mut p.decisive].into_iter().flatten() {
        *marker = s;
    }
    match &mut p.transition {
        Some(Transition::Boards(b)) => b.span = s,
        Some(Transition::Operator(op)) => op.span = s,
        None => {}
    }
    if let Some(c) = &mut p.condition {
        c.span = s;
        c.pieces.iter_mut().for_each(|set| respan_set(set, s));
        c.squares.iter_mut().for_each(|r| r.span = s);
    }
    for range in [&mut p.origin, &mut p.destination].into_iter().flatten() {
        range.span = s;
    }
    p.attackers.iter_mut().for_each(|set| respan_set(set, s));
    p.modifiers.iter_mut().for_each(|m| respan_modifier(m, s));
    for atom in &mut p.atoms {
        atom.span = s;
        if let Some(steps) = &mut atom.steps {
            steps.span = s;
        }
        if let AtomKind::Group { body, circular } = &mut atom.kind {
            respan_move(body, s);
            circular.iter_mut().for_each(|m| respan_modifier(m, s));
        }
    }
}

fn respan_modifier(m: &mut Modifier, s: Span) {
    m.span = s;
    if let ModifierKind::Mode(mode) = &mut m.kind {
        mode.set.iter_mut().for_each(|set| respan_set(set, s));
        mode.range.iter_mut().for_each(|r| r.span = s);
    }
}

fn respan_set(set: &mut PieceSet, s: Span) {
    set.span = s;
    set.members.iter_mut().for_each(|r| r.span = s);
}
