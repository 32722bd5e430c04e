//! Unrolled multi-leg moves rolled back into MBN chains `-` (docs/SEMANTICS.md X74).
//!
//! The XBetza reader unrolls `a` moves into absolute legs (`--`), one move per direction of every
//! leg on the way (X11). Taken apart into paths of single-direction legs ([`crate::ancp::paths`]),
//! they are grouped again: first legs alike whose later legs turn alike become one chain; each later
//! leg gets the MBN relative directions (M2) that choose exactly its vectors after every direction
//! of the leg before it (`mafsW` → `W-F`, `caK`'s W step → `cW-ttW+cW-dF`).

use crate::ancp::paths::{only_move, resolve, template, Step};
use crate::interp::multileg::atom_of;
use crate::ir::{Directions, Extra, Leg, LegLink, Vector};
use crate::lower::directions::{is_oblique, leaper_vectors};
use std::collections::{BTreeMap, BTreeSet};

/// What a leg does, its directions aside: the key legs are grouped by.
fn key(leg: &Leg) -> String {
    format!("{:?}", template(leg))
}

/// A step of a path with its leg's key numbered and its turn from the step before: both are
/// compared far more often than made (a key costs a formatted leg, a turn a sorted ring), so every
/// step's are made once.
#[derive(Clone, Copy)]
struct Keyed<'a> {
    key: usize,
    leg: &'a Leg,
    v: Vector,
    /// The turn from the step before (a first step's is never read).
    turn: Turn,
}

/// The paths' steps keyed: equal keys, equal numbers.
fn keyed(paths: &[Vec<Step>]) -> Vec<Vec<Keyed<'_>>> {
    let mut keys: BTreeMap<String, usize> = BTreeMap::new();
    paths
        .iter()
        .map(|p| {
            let mut prev: Option<Vector> = None;
            p.iter()
                .map(|(leg, v)| {
                    let n = keys.len();
                    let turn = prev.map_or(Turn::Frame(0, 1), |p| turn(p, *v));
                    prev = Some(*v);
                    Keyed { key: *keys.entry(key(leg)).or_insert(n), leg, v: *v, turn }
                })
                .collect()
        })
        .collect()
}

/// How a leg turns from the leg before it: an oblique atom after itself by its place on its
/// clockwise ring (M2), any other by the direction of `v` in `p`'s frame.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Turn {
    Ring(usize),
    Frame(i32, i32),
}

/// The way `v` turns from `p`, the same for every rotation of the pair.
fn turn(p: Vector, v: Vector) -> Turn {
    let (a, b) = (atom_of(p), atom_of(v));
    if a == b && is_oblique(b) {
        let mut ring = leaper_vectors(b.0, b.1).unwrap_or_default();
        ring.sort_by(|x, y| bearing(*x).total_cmp(&bearing(*y)));
        let at = |w: Vector| ring.iter().position(|&r| r == w).unwrap_or(0);
        return Turn::Ring((at(v) + 8 - at(p)) % 8);
    }
    let (x, y) = (v.0 * p.1 - v.1 * p.0, v.0 * p.0 + v.1 * p.1);
    let g = gcd(x.unsigned_abs(), y.unsigned_abs()).max(1) as i32;
    Turn::Frame(x / g, y / g)
}

fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

fn bearing((x, y): Vector) -> f64 {
    let a = f64::from(x).atan2(f64::from(y));
    if a < 0.0 {
        a + std::f64::consts::TAU
    } else {
        a
    }
}

/// The shape of paths after a leg: for each path, every later leg's key, atom and turn.
type Shape = BTreeSet<Vec<(usize, (u32, u32), Turn)>>;

/// A group of legs: their key, their atom and the shape of what follows them.
type Class = (usize, (u32, u32), Shape);

/// The shape of the paths after a leg: every later leg's key, atom and turn (each rest follows
/// the step it was cut from, so its steps' turns are the ones made in [`keyed`]).
fn shape(rests: &[&[Keyed]]) -> Shape {
    rests.iter().map(|rest| rest.iter().map(|s| (s.key, atom_of(s.v), s.turn)).collect()).collect()
}

/// Relative direction modifiers, simplest first: nothing (straight on), `d` (any), single
/// letters, pairs, `tt` (all but back); `t` (back) last, as `b` says it too.
const TURNS: [&str; 21] = [
    "", "d", "f", "b", "l", "r", "v", "s", "(fr)", "(fl)", "(br)", "(bl)", "(rf)", "(lf)", "(rb)", "(lb)", "ff", "bb",
    "ll", "rr", "tt",
];

/// The modifiers of an `atom` leg choosing exactly `wanted[i].1` after each `wanted[i].0`: one
/// modifier, or a union of two or three.
pub(super) fn modifiers(atom: (u32, u32), wanted: &[(Vector, BTreeSet<Vector>)]) -> Option<Vec<String>> {
    let fits = |mods: &[&str]| {
        let leg = relative_leg(atom, mods);
        let none = Default::default();
        wanted.iter().all(|(p, set)| {
            resolve(&leg, Some(*p), &none).is_some_and(|got| got.iter().copied().collect::<BTreeSet<_>>() == *set)
        })
    };
    let own = |mods: &[&str]| Some(mods.iter().map(|m| m.to_string()).collect());
    let singles: Vec<&str> = TURNS.iter().copied().chain(["t"]).collect();
    if let Some(m) = singles.iter().find(|m| fits(&[m])) {
        return own(&[m]);
    }
    let parts: Vec<&str> = singles.iter().copied().filter(|m| !m.is_empty() && *m != "d").collect();
    for (i, a) in parts.iter().enumerate() {
        for b in &parts[i + 1..] {
            if fits(&[a, b]) {
                return own(&[a, b]);
            }
        }
    }
    for (i, a) in parts.iter().enumerate() {
        for (j, b) in parts.iter().enumerate().skip(i + 1) {
            for c in &parts[j + 1..] {
                if fits(&[a, b, c]) {
                    return own(&[a, b, c]);
                }
            }
        }
    }
    None
}

fn relative_leg(atom: (u32, u32), mods: &[&str]) -> Leg {
    let modifiers = mods.iter().filter(|m| !m.is_empty()).map(|m| m.to_string()).collect();
    let mut leg = Leg::new(
        LegLink::Chain,
        Directions::Relative { atom, modifiers },
        crate::ir::Reach::LEAP,
        Vec::new(),
        crate::syntax::ast::Span::new(0, 0),
    );
    leg.link = LegLink::Chain;
    leg
}

/// A chain rolled up: its first leg (with all its directions) and its later legs (relative).
pub(super) type Chain = Vec<Leg>;

/// Rolls paths (each with at least two legs) into chains, or `None` when some later leg's
/// directions are no MBN relative directions.
pub(super) fn chains(paths: &[Vec<Step>]) -> Option<Vec<Chain>> {
    let paths = keyed(paths);
    // First legs by what they do and their atom, then by the shape of what follows.
    let mut groups: BTreeMap<Class, Vec<Vector>> = BTreeMap::new();
    let mut order = Vec::new();
    let mut seen = Vec::new();
    let mut rests: BTreeMap<(usize, Vector), Vec<&[Keyed]>> = BTreeMap::new();
    let mut legs: BTreeMap<usize, &Leg> = BTreeMap::new();
    for p in &paths {
        let (first, rest) = p.split_first()?;
        legs.entry(first.key).or_insert(first.leg);
        if !rests.contains_key(&(first.key, first.v)) {
            seen.push((first.key, first.v));
        }
        rests.entry((first.key, first.v)).or_default().push(rest);
    }
    // In the order the paths come (the XBetza string's order).
    for (k, v) in &seen {
        let list = &rests[&(*k, *v)];
        let g = (*k, atom_of(*v), shape(list));
        if !groups.contains_key(&g) {
            order.push(g.clone());
        }
        groups.entry(g).or_default().push(*v);
    }
    let mut out = Vec::new();
    for g in order {
        let vectors = &groups[&g];
        let mut first = legs[&g.0].clone();
        first.directions = Directions::Absolute(vectors.clone());
        let nodes: Vec<(Vector, Vec<&[Keyed]>)> = vectors.iter().map(|v| (*v, rests[&(g.0, *v)].clone())).collect();
        for tail in tails(&nodes)? {
            let mut chain = vec![first.clone()];
            chain.extend(tail);
            out.push(chain);
        }
    }
    Some(out)
}

/// The later legs after each `(p, rests)`: legs taken in direction `p`, the paths that follow.
/// Every node has the same shape; an empty tail is a path that ends there.
fn tails(nodes: &[(Vector, Vec<&[Keyed]>)]) -> Option<Vec<Vec<Leg>>> {
    let mut out = Vec::new();
    let (_, first_rests) = nodes.first()?;
    if first_rests.iter().any(|r| r.is_empty()) {
        out.push(Vec::new());
    }
    // The next legs of the first node, by key, atom and the shape after them.
    let class_of = |rests: &[&[Keyed]], w: Vector, k: usize| -> Class {
        let after: Vec<&[Keyed]> =
            rests.iter().filter(|r| r.first().is_some_and(|s| s.v == w && s.key == k)).map(|r| &r[1..]).collect();
        (k, atom_of(w), shape(&after))
    };
    let mut classes: Vec<(Class, &Leg)> = Vec::new();
    for r in first_rests.iter().filter(|r| !r.is_empty()) {
        let c = class_of(first_rests, r[0].v, r[0].key);
        if !classes.iter().any(|(x, _)| *x == c) {
            classes.push((c, r[0].leg));
        }
    }
    for (class, leg) in classes {
        let mut wanted = Vec::new();
        let mut next = Vec::new();
        for (p, rests) in nodes {
            let ws: BTreeSet<Vector> = rests
                .iter()
                .filter(|r| !r.is_empty())
                .filter(|r| class_of(rests, r[0].v, r[0].key) == class)
                .map(|r| r[0].v)
                .collect();
            for &w in &ws {
                let after = rests.iter().filter(|r| r.first().is_some_and(|s| s.v == w && s.key == class.0));
                next.push((w, after.map(|r| &r[1..]).collect::<Vec<_>>()));
            }
            wanted.push((*p, ws));
        }
        let mods = modifiers(class.1, &wanted)?;
        let mut rel = leg.clone();
        rel.link = LegLink::Chain;
        rel.directions =
            Directions::Relative { atom: class.1, modifiers: mods.into_iter().filter(|m| !m.is_empty()).collect() };
        for tail in tails(&next)? {
            let mut t = vec![rel.clone()];
            t.extend(tail);
            out.push(t);
        }
    }
    Some(out)
}

/// A circular rider found among chains (X97): its first leap, its turn (`(rf)`), its count
/// (the most leaps, `7` in `(N)(rf)7`) and the atom of its first turned leap (the first leap's, or
/// the other atom of a circle that turns 45° a leap, `qW`'s F, X101).
pub(super) type Circle = (Leg, String, usize, (u32, u32));

/// The chains that are circular riders (docs/SEMANTICS.md X97, D24): a first leap followed by 1 to
/// k leaps (k at least 2) of the same atom and modes, each turned alike from the one before
/// (`N-(fr)N`, `N-(fr)N-(fr)N`, ... every length present), gathered as `(N)(fr)λ` with λ = k + 1; and the
/// chains left. Chains whose last leap alone has `m` written (`N-m(fr)N`, `N-(fr)N-m(fr)N`, ...)
/// are a rider of `m` leaps, `(mN)(fr)λ` (a leap on the way only moves either way, D23, X100);
/// later leaps of two atoms by turns are a compound's (`qW`, X101); the first leap may have `i`
/// (X102). Whether the rider is the same piece is for the caller's check to say.
pub(super) fn circles(chains: &[Chain]) -> (Vec<Circle>, Vec<Chain>) {
    // (first leg, later leg) and the lengths of the chains of that shape.
    let mut families: Vec<((Leg, Leg), BTreeSet<usize>)> = Vec::new();
    for chain in chains.iter().flat_map(one_turn_each) {
        let Some((shape, _)) = circle_shape(&chain) else { continue };
        match families.iter_mut().find(|(s, _)| *s == shape) {
            Some((_, lengths)) => {
                lengths.insert(chain.len());
            }
            None => families.push((shape, BTreeSet::from([chain.len()]))),
        }
    }
    // Every length from two leaps, and at least two turns: a leap and one turned leap is a
    // chain (the Lion's `W-bW`, not a "circle" `(W)b2`).
    let whole = |lengths: &BTreeSet<usize>| lengths.len() > 1 && lengths.iter().copied().eq(2..=lengths.len() + 1);
    let mut out = Vec::new();
    for ((first, later), lengths) in &families {
        if let (true, Directions::Relative { modifiers, atom }) = (whole(lengths), &later.directions) {
            out.push((first.clone(), modifiers.concat(), lengths.len() + 1, *atom));
        }
    }
    let circled = |chain: &Chain| {
        circle_shape(chain).is_some_and(|((f, l), _)| {
            out.iter().any(|(first, turn, _, turned)| {
                *first == f
                    && matches!(&l.directions, Directions::Relative { modifiers, atom }
                        if modifiers.concat() == *turn && atom == turned)
            })
        })
    };
    let mut others = Vec::new();
    for chain in chains {
        let turns = one_turn_each(chain);
        if turns.iter().any(circled) {
            others.extend(turns.into_iter().filter(|c| !circled(c)));
        } else {
            others.push(chain.clone());
        }
    }
    (out, others)
}

/// A chain whose last leg turns several ways as one chain per way: `N-m(fr)(fl)N` (the two-leap
/// chains of `mqN`, one leg because nothing follows either) is `N-m(fr)N` and `N-m(fl)N`.
fn one_turn_each(chain: &Chain) -> Vec<Chain> {
    match chain.last().map(|l| &l.directions) {
        Some(Directions::Relative { atom, modifiers }) if modifiers.len() > 1 => modifiers
            .iter()
            .map(|m| {
                let mut one = chain.clone();
                let last = one.last_mut().expect("a last leg");
                last.directions = Directions::Relative { atom: *atom, modifiers: vec![m.clone()] };
                one
            })
            .collect(),
        _ => vec![chain.clone()],
    }
}

/// A chain's first leg and later leg when every later leg is that one, turned (not straight on),
/// and it is the first leg's leap with the same modes: the shape of a circular rider's chain. When
/// only the last leg has a mode written, and it is `m`, both legs are given that mode (`N-(fr)N-m(fr)N`
/// is a chain of `(mN)(fr)λ`). The later legs may also take the first leg's atom and another by
/// turns (`W-(fr)F-(fr)W-(fr)F`: a circle of `qW`, X101); the later leg returned is the first of them.
fn circle_shape(chain: &Chain) -> Option<((Leg, Leg), usize)> {
    let (first, rest) = chain.split_first()?;
    let (last, between) = rest.split_last()?;
    let Directions::Absolute(first_vectors) = &first.directions else { return None };
    let first_atom = atom_of(*first_vectors.first()?);
    // Every later leg with the atom of the first later leg (the atoms alternate, X101).
    let one_atom = |l: &Leg| match (&l.directions, &rest[0].directions) {
        (Directions::Relative { modifiers, atom }, Directions::Relative { atom: turned, .. })
            if *atom == first_atom || atom == turned =>
        {
            Leg { directions: Directions::Relative { atom: *turned, modifiers: modifiers.clone() }, ..l.clone() }
        }
        _ => l.clone(),
    };
    let alternating = rest.iter().enumerate().all(|(i, l)| match (&l.directions, &rest[0].directions) {
        (Directions::Relative { atom, .. }, Directions::Relative { atom: turned, .. }) => {
            *atom == if i % 2 == 0 { *turned } else { first_atom }
        }
        _ => false,
    });
    if !alternating {
        return None;
    }
    let (last, between): (Leg, Vec<Leg>) = (one_atom(last), between.iter().map(one_atom).collect());
    let only_move = only_move();
    let moves_only = !first.mode_written && last.mode_written && last.capabilities == only_move;
    let later = if moves_only {
        Leg { mode_written: false, capabilities: first.capabilities.clone(), ..last.clone() }
    } else {
        last.clone()
    };
    let turned = matches!(&later.directions, Directions::Relative { modifiers, .. }
        if !modifiers.is_empty() && modifiers.iter().any(|m| m != "f"))
        && first_vectors.iter().all(|&x| atom_of(x) == first_atom);
    // The first leap may also have `i` (X102: `iN-(fr)N-…` is `(iN)(fr)λ`).
    let initial = |e: &Extra| matches!(e, Extra::Initial { .. });
    let extras: Vec<Extra> = first.extras.iter().filter(|e| !initial(e)).cloned().collect();
    let alike = later.extras == extras
        && Leg {
            link: first.link,
            directions: first.directions.clone(),
            extras: first.extras.clone(),
            ..later.clone()
        } == *first;
    if !(turned && alike && between.iter().all(|l| *l == later)) {
        return None;
    }
    let moded = |l: &Leg| {
        if moves_only {
            Leg { mode_written: true, capabilities: only_move.clone(), ..l.clone() }
        } else {
            l.clone()
        }
    };
    Some(((moded(first), moded(&later)), chain.len()))
}

/// Whether a circular rider with first leap `first` says the one-leg move of `leg`: the same leap
/// and modes, in directions among its own.
pub(super) fn says(first: &Leg, leg: &Leg) -> bool {
    let (Directions::Absolute(own), Directions::Absolute(wanted)) = (&first.directions, &leg.directions) else {
        return false;
    };
    wanted.iter().all(|v| own.contains(v)) && Leg { directions: first.directions.clone(), ..template(leg) } == *first
}
