//! The canonical form of a piece (ANCP, the Algebraic Notation of Chess Pieces) and piece equality.
//!
//! A single-leg move is taken apart into atomic moves: one direction vector, one capability (move,
//! capture, en passant), one reach, one path rule and one scope (ranges, conditions, extras). Two
//! notations denote the same piece when their sets of atomic moves are equal after normalisation:
//! the reaches of otherwise equal atomic moves are merged (`W` + `W02` = `W2`), a single leap passes
//! over nothing (so `g` and the path rule do not matter for it), and for one-square vectors leaping
//! and sliding are the same (ANCP 2.2). Multi-leg moves are compared by their canonical text.
//!
//! The printed form follows seed 004: `move:`, `capture:`, `enpassant:` prefixes, `leap`/`slide`,
//! `(m,n)` for every direction of an atom and `!(x,y)` for chosen directions, `&` between
//! alternatives, `+` between chained legs and `++` between sequenced legs. Riders are written in
//! ASCII: `*` for ANCP's ⋆ (`slide*(0,1)` is the Rook), `*3` for at most three steps, `+3` for
//! exactly three (ANCP's trooper), `*max`, `*edge` and `*half` for `0*`, `*` and `h`.

pub mod paths;

use crate::ir::*;
use crate::lower::directions::{is_oblique, leaper_vectors};
use crate::syntax::ast::{BoardRange, Condition, OptionalKind, PieceSet, RangeItem};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::{self, Write as _};

/// The canonical form of a piece's moves.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Canonical {
    /// The atomic moves of all single-leg moves.
    pub atoms: BTreeSet<Atomic>,
    /// The canonical text of each multi-leg move.
    pub complex: BTreeSet<String>,
}

/// One direction, one capability, one reach.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Atomic {
    /// Everything but the vector, the capability and the reach.
    pub key: Key,
    /// What it may do on its last square.
    pub capability: Capability,
    /// The direction.
    pub vector: Vector,
    /// How far.
    pub reach: Reach,
}

/// The parts of an atomic move that decide whether two reaches may be merged.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Key {
    /// Where it may start.
    pub origin: Vec<BoardRange>,
    /// Where it may end.
    pub destination: Vec<BoardRange>,
    /// Attacked by.
    pub attackers: Vec<PieceSet>,
    /// Conditions.
    pub conditions: Vec<Condition>,
    /// `!`.
    pub setup: bool,
    /// `#`.
    pub decisive: bool,
    /// Other modifiers.
    pub extras: Vec<Extra>,
    /// Hurdles.
    pub hop: Option<Hop>,
    /// What the squares passed over must hold.
    pub over: Over,
    /// `n`.
    pub non_jumping: bool,
}

impl Canonical {
    /// The canonical form of a move set.
    pub fn of(moves: &MoveSet) -> Canonical {
        let mut reaches: BTreeMap<(Key, Capability, Vector), Vec<Reach>> = BTreeMap::new();
        let mut complex = BTreeSet::new();
        // M90: a `u` leg is one piece of the move as written (`uK` is not `uW+uF`), so its
        // vectors stay together: by the leg's text, its scope, reach and path rule.
        let mut unblocked: BTreeMap<(usize, usize, String, Reach, bool), BTreeSet<Vector>> = BTreeMap::new();
        let siblings = crate::plan::sibling_atoms(moves);
        for m in &moves.moves {
            match m.single_leg() {
                Some(leg) if leg.link == LegLink::First => {
                    if let Directions::Absolute(vectors) = &leg.directions {
                        // A swap (`w`) or flip (`x`) with no mode written replaces the leg's
                        // captures (M24, M34): `wQ` moves and swaps, as `mwQ` does (X45).
                        let swaps = replaces_captures(leg);
                        // A visit (`j`) with no mode written neither moves nor captures (M136).
                        let capabilities: Vec<&Capability> = if visits_alone(leg) {
                            Vec::new()
                        } else {
                            leg.capabilities
                                .iter()
                                .filter(|c| leg.mode_written || !swaps || !matches!(c, Capability::Capture(_)))
                                .collect()
                        };
                        if leg.extras.contains(&Extra::Unblocked) {
                            // `u` only moves (M32): the modes written do not matter.
                            let key = leg_key(leg, normal_over(&leg.over), leg.non_jumping);
                            let at = (leg.span.start, leg.span.end, key_prefix(&key), leg.reach, leg.non_jumping);
                            unblocked.entry(at).or_default().extend(vectors.iter().copied());
                            continue;
                        }
                        if capabilities.is_empty() {
                            // A leg that neither moves nor captures: what it does is an extra (the
                            // swap of XBetza's swapper `udQ`), so it has no atomic moves.
                            complex.insert(idle_leg_text(leg, vectors));
                            continue;
                        }
                        for &v in vectors {
                            for &cap in &capabilities {
                                for (vector, reach, key) in atomic_parts(leg, v) {
                                    reaches.entry((key, normal_capability(cap), vector)).or_default().push(reach);
                                }
                            }
                        }
                        continue;
                    }
                    complex.insert(parts_text(&m.parts, &siblings));
                }
                _ => {
                    complex.insert(parts_text(&m.parts, &siblings));
                }
            }
        }
        for ((_, _, prefix, reach, non_jumping), vectors) in unblocked {
            complex.insert(format!("{prefix}{}", atom_text(&vectors, &reach, non_jumping)));
        }
        let mut atoms = BTreeSet::new();
        for ((key, capability, vector), list) in reaches {
            for reach in merge_reaches(list) {
                atoms.insert(Atomic { key: key.clone(), capability: capability.clone(), vector, reach });
            }
        }
        Canonical { atoms, complex }
    }
}

/// The atomic parts of one vector of a leg: a null move and/or a proper one, normalised.
fn atomic_parts(leg: &Leg, v: Vector) -> Vec<(Vector, Reach, Key)> {
    let unit = v.0.abs() <= 1 && v.1.abs() <= 1;
    let null = ((0, 0), Reach::LEAP, leg_key(leg, Over::Empty, false));
    let key = |over: Over| leg_key(leg, over, leg.non_jumping && !unit);
    match leg.reach {
        _ if v == (0, 0) => vec![null],
        Reach::Steps { min: 0, max: Some(0) } => vec![null],
        Reach::Steps { min, max } if max.is_some_and(|m| m < min) => Vec::new(),
        Reach::Steps { min: 0, max } => vec![null, (v, Reach::Steps { min: 1, max }, key(normal_over(&leg.over)))],
        // A single leap passes over no square: its path rule does not matter.
        Reach::Steps { min: 1, max: Some(1) } => vec![(v, Reach::LEAP, key(Over::Empty))],
        reach => vec![(v, reach, key(normal_over(&leg.over)))],
    }
}

/// The scope of a leg in canonical order.
fn leg_key(leg: &Leg, over: Over, non_jumping: bool) -> Key {
    Key {
        origin: sorted(&leg.origin),
        destination: sorted(&leg.destination),
        attackers: sorted(&leg.attackers.iter().map(normal_set).collect::<Vec<_>>()),
        conditions: sorted(&leg.conditions),
        setup: leg.setup,
        decisive: leg.decisive,
        extras: sorted(&leg.extras),
        hop: leg.hop.clone().map(|h| Hop { hurdles: h.hurdles.as_ref().map(normal_set), ..h }),
        over,
        non_jumping,
    }
}

fn sorted<T: Ord + Clone>(list: &[T]) -> Vec<T> {
    list.iter().cloned().collect::<BTreeSet<_>>().into_iter().collect()
}

/// A piece set with its members sorted: `{RQ}` is `{QR}`.
fn normal_set(set: &PieceSet) -> PieceSet {
    let mut set = set.clone();
    set.members.sort();
    set.members.dedup();
    set
}

fn normal_over(over: &Over) -> Over {
    match over {
        Over::Set(set) => Over::Set(normal_set(set)),
        other => other.clone(),
    }
}

fn normal_capability(cap: &Capability) -> Capability {
    match cap {
        Capability::Move { restriction, allows_en_passant } => Capability::Move {
            restriction: restriction.as_ref().map(normal_set),
            allows_en_passant: *allows_en_passant,
        },
        Capability::Capture(t) => Capability::Capture(Targets {
            side: t.side,
            only: sorted(&t.only.iter().map(normal_set).collect::<Vec<_>>()),
        }),
        Capability::EnPassant { pieces } => Capability::EnPassant { pieces: pieces.as_ref().map(normal_set) },
    }
}

/// Merges overlapping and adjacent step ranges; other reaches are kept as they are.
fn merge_reaches(list: Vec<Reach>) -> Vec<Reach> {
    let mut ranges: Vec<(u32, Option<u32>)> = Vec::new();
    let mut others = BTreeSet::new();
    for r in list {
        match r {
            Reach::Steps { min, max } => ranges.push((min, max)),
            other => {
                others.insert(other);
            }
        }
    }
    ranges.sort_by_key(|&(min, max)| (min, max.map_or(u64::MAX, u64::from)));
    let mut merged: Vec<(u32, Option<u32>)> = Vec::new();
    for (min, max) in ranges {
        match merged.last_mut() {
            Some((_, last_max)) if last_max.is_none_or(|m| u64::from(min) <= u64::from(m) + 1) => {
                *last_max = match (*last_max, max) {
                    (Some(a), Some(b)) => Some(a.max(b)),
                    _ => None,
                };
            }
            _ => merged.push((min, max)),
        }
    }
    merged.into_iter().map(|(min, max)| Reach::Steps { min, max }).chain(others).collect()
}

/// Do two move sets denote the same piece? Their canonical forms are equal, or they differ only in
/// how their multi-leg moves are split and they have the same paths ([`paths`], X73), each
/// uncounted `[...]` taken as the moves with and without it (M4, X80).
pub fn equal(a: &MoveSet, b: &MoveSet) -> bool {
    Prepared::new(b).equals(a)
}

/// One side of [`equal`] made once, for comparing many move sets with it (a translation's letter
/// search compares hundreds of spellings with one move): its canonical forms, and its paths when
/// a comparison first needs them.
pub struct Prepared {
    /// The canonical form of the moves as they are.
    canonical: Canonical,
    /// The moves with their choices, swaps, hops and unloads taken apart.
    apart: MoveSet,
    /// The canonical form of [`Prepared::apart`].
    apart_canonical: Canonical,
    /// Whether [`Prepared::apart`] holds a circular rider ([`paths::has_circular`]).
    circular: bool,
    /// The single-leg moves of [`Prepared::apart`] and its paths.
    paths: std::cell::OnceCell<(Canonical, Option<BTreeSet<Vec<String>>>)>,
    /// Its moves but the straight repeats, and all its paths (X89, X97).
    with_repeats: std::cell::OnceCell<Option<(Canonical, BTreeSet<Vec<String>>)>>,
}

impl Prepared {
    /// `moves` made ready for comparisons.
    pub fn new(moves: &MoveSet) -> Prepared {
        let apart = apart(moves);
        Prepared {
            canonical: Canonical::of(moves),
            apart_canonical: Canonical::of(&apart),
            circular: paths::has_circular(&apart),
            apart,
            paths: std::cell::OnceCell::new(),
            with_repeats: std::cell::OnceCell::new(),
        }
    }

    /// Whether `other` denotes the same piece ([`equal`]).
    pub fn equals(&self, other: &MoveSet) -> bool {
        if Canonical::of(other) == self.canonical {
            return true;
        }
        let other = &apart(other);
        let canonical = Canonical::of(other);
        if canonical == self.apart_canonical {
            return true;
        }
        if canonical.atoms != self.apart_canonical.atoms && !self.circular && !paths::has_circular(other) {
            return false;
        }
        let (single, texts) = self.paths.get_or_init(|| (single_legs(&self.apart), paths::texts(&self.apart)));
        let theirs = (single_legs(other), paths::texts(other));
        if *single == theirs.0 && texts.is_some() && theirs.1 == *texts {
            return true;
        }
        // X89: straight repeats compared by their paths too (`fnN0` = `(fW-fF)0`); X97: circular
        // riders as their first leap and chains (`(N)(rf)7` = `N+(N-(rf)N)+…`).
        let mine = self.with_repeats.get_or_init(|| with_repeats(&self.apart, (single.clone(), texts.clone())));
        mine.is_some() && with_repeats(other, theirs) == *mine
    }
}

/// The moves with their choices, swaps, hops and unloads taken apart, as [`equal`] compares them.
fn apart(moves: &MoveSet) -> MoveSet {
    let moves = check_rule_on_first_leg(rights_on_the_way(unloads_as_swaps(moves)));
    initial_on_first_leg(&hops_apart(&swaps_apart(&choices_apart(&moves))))
}

/// X96: a leg on the way with no mode written only moves (M1), its capture capability unused; one
/// that creates e.p. rights (XBetza's `n` there, X41: `fnafsmW`) is MBN's `me` on that leg, which
/// the printed modes would otherwise spell `mec`, a capture on the way. [`equal`] compares them so
/// too.
pub fn rights_on_the_way(mut moves: MoveSet) -> MoveSet {
    let rights = Capability::Move { restriction: None, allows_en_passant: true };
    for m in &mut moves.moves {
        let on_the_way = m.parts.len().saturating_sub(1);
        for part in m.parts.iter_mut().take(on_the_way) {
            if let Part::Leg(leg) = part {
                if !leg.mode_written && leg.capabilities.contains(&rights) {
                    leg.capabilities = vec![rights.clone()];
                    leg.mode_written = true;
                }
            }
        }
    }
    moves
}

/// Multi-leg moves with `i` (or `ii`) on their first leg when a leg of theirs has it, and no weaker
/// one on later legs: written on any leg it makes the whole move an initial move (M66), so
/// `N-i(rf)N` is `iN-(rf)N`, and `(iN)(rf)7`, whose every leap has it (D24), is XBetza's `iqN`
/// chains' `iN-(rf)N-…` (X102). Legs inside repeated or optional parts do not move it to the first
/// leg (such a part may not be taken), but lose it when the first leg has it.
fn initial_on_first_leg(moves: &MoveSet) -> MoveSet {
    fn strip(parts: &mut [Part], decaying: bool) {
        let weaker = |e: &Extra| matches!(e, Extra::Initial { decaying: d } if !d || decaying);
        crate::ir::each_leg_mut(parts, &mut |leg| leg.extras.retain(|e| !weaker(e)));
    }
    let moves = moves
        .moves
        .iter()
        .map(|m| {
            let initial = |leg: &Leg| {
                leg.extras.iter().find_map(|e| match e {
                    Extra::Initial { decaying } => Some(*decaying),
                    _ => None,
                })
            };
            // The strongest `i` on a leg that is always taken (`ii` is `i` and more).
            let legs = m.parts.iter().filter_map(|p| match p {
                Part::Leg(leg) => Some(leg),
                _ => None,
            });
            let (Some(Part::Leg(_)), Some(decaying)) = (m.parts.first(), legs.filter_map(|l| initial(l)).max()) else {
                return m.clone();
            };
            let mut m = m.clone();
            strip(&mut m.parts, decaying);
            if let Some(Part::Leg(first)) = m.parts.first_mut() {
                first.extras.push(Extra::Initial { decaying });
            }
            m
        })
        .collect();
    MoveSet { moves }
}

/// M82: `k` or `kk` on any leg of a multi-leg move restricts every move it makes, the paths that
/// leave out an optional part included, so the strongest (`k` over `kk`) is compared on the
/// first leg and none on later ones, before choices are taken apart: `W-kW` is `kW-W`, `kW-kkW`
/// is `kW-W`, `K-[kK]` is `kK-[K]`.
fn check_rule_on_first_leg(mut moves: MoveSet) -> MoveSet {
    fn rules(parts: &mut [Part], found: &mut Vec<Extra>) {
        crate::ir::each_leg_mut(parts, &mut |leg| {
            found.extend(leg.extras.iter().filter(|e| matches!(e, Extra::NoCheck { .. })).cloned());
            leg.extras.retain(|e| !matches!(e, Extra::NoCheck { .. }));
        });
    }
    for m in moves.moves.iter_mut().filter(|m| m.parts.len() > 1 && matches!(m.parts.first(), Some(Part::Leg(_)))) {
        let mut found = Vec::new();
        rules(&mut m.parts, &mut found);
        let strongest = found.into_iter().min_by_key(|e| matches!(e, Extra::NoCheck { mate_only: true, .. }));
        if let (Some(rule), Some(Part::Leg(first))) = (strongest, m.parts.first_mut()) {
            first.extras.push(rule);
        }
    }
    moves
}

/// The single-leg moves: their atoms, and the text of those that are not split into atoms.
fn single_legs(moves: &MoveSet) -> Canonical {
    let moves = moves.moves.iter().filter(|m| m.parts.len() < 2).cloned().collect();
    Canonical::of(&MoveSet { moves })
}

/// The moves but their straight repeats as single legs, and all their paths (X89, X97), given
/// the single legs and paths of the moves as they are (`plain`), which they are when no move is
/// a straight repeat.
fn with_repeats(
    moves: &MoveSet,
    plain: (Canonical, Option<BTreeSet<Vec<String>>>),
) -> Option<(Canonical, BTreeSet<Vec<String>>)> {
    let (rest, mut texts) = paths::repeats_apart(moves)?;
    if rest == *moves && texts.is_empty() {
        return Some((plain.0, plain.1?));
    }
    texts.extend(paths::texts(&rest)?);
    Some((single_legs(&rest), texts))
}

/// Every move with its uncounted `[...]` parts taken and left out (M4): `W-[F]` is `W+(W-F)`.
fn choices_apart(moves: &MoveSet) -> MoveSet {
    MoveSet { moves: moves.moves.iter().flat_map(crate::plan::split_counted_choices).collect() }
}

/// Single legs that swap (`w`, `ww`, `wy`, M24) and also move or capture, taken apart into the leg
/// without its swap and a leg that only swaps (X75): `wwQ` is `mQ` and XBetza's swapper `udQ`.
fn swaps_apart(moves: &MoveSet) -> MoveSet {
    let mut out = MoveSet::default();
    for m in &moves.moves {
        let swap = |e: &Extra| matches!(e, Extra::Other(t) if matches!(t.as_str(), "w" | "ww" | "wy"));
        match m.single_leg() {
            Some(leg) if leg.link == LegLink::First && leg.extras.iter().any(swap) => {
                let capabilities: Vec<Capability> = leg
                    .capabilities
                    .iter()
                    .filter(|c| leg.mode_written || !matches!(c, Capability::Capture(_)))
                    .cloned()
                    .collect();
                if !capabilities.is_empty() {
                    let mut plain = leg.clone();
                    plain.extras.retain(|e| !swap(e));
                    plain.capabilities = capabilities;
                    plain.mode_written = true;
                    out.moves.push(Move { parts: vec![Part::Leg(Box::new(plain))], span: m.span });
                }
                let only = Leg { capabilities: Vec::new(), mode_written: true, ..leg.clone() };
                out.moves.push(Move { parts: vec![Part::Leg(Box::new(only))], span: m.span });
            }
            _ => out.moves.push(m.clone()),
        }
    }
    out
}

/// XBetza's `u` on the first leg of a multi-leg move unloads what the last leg captures on the
/// mover's own square (X67): where that last leg moves or takes an enemy with no mode written, the
/// move is MBN's `w` on its last leg (M43: move, or swap with an enemy), the `u` dropped (X92):
/// `upR` = `jyW0-wW0`.
pub fn unloads_as_swaps(moves: &MoveSet) -> MoveSet {
    let default = move_or_capture();
    let mut out = moves.clone();
    for m in &mut out.moves {
        let all_legs = m.parts.iter().all(|p| matches!(p, Part::Leg(_)));
        let mut legs: Vec<&mut Leg> =
            m.parts.iter_mut().filter_map(|p| if let Part::Leg(l) = p { Some(&mut **l) } else { None }).collect();
        let unloads = |l: &Leg| l.extras.contains(&Extra::Unload);
        let swap_free = |l: &Leg| !l.extras.iter().any(|e| matches!(e, Extra::Other(t) if t.starts_with('w')));
        let parts = legs.len();
        let fits = parts >= 2
            && all_legs
            && unloads(legs[0])
            && !legs[1..].iter().any(|l| unloads(l))
            && legs.iter().all(|l| swap_free(l))
            && !legs[parts - 1].mode_written
            && legs[parts - 1].capabilities == default;
        if fits {
            legs[0].extras.retain(|e| *e != Extra::Unload);
            legs[parts - 1].extras.push(Extra::Other("w".to_string()));
        }
    }
    out
}

/// A leg's capabilities when no mode is written: move, or take an enemy.
fn move_or_capture() -> Vec<Capability> {
    vec![
        Capability::Move { restriction: None, allows_en_passant: false },
        Capability::Capture(Targets { side: Side::Enemy, only: Vec::new() }),
    ]
}

/// Single legs that hop one hurdle (`p`) along a line, taken apart into their legs (seed 002: `pR` =
/// `pafR`; X87): per direction, a leg onto the hurdle (MBN's `jy`) and a leg on from it, the same
/// way. A range bounds the whole hop (X5): `pW4` is one move per distance h < 4 of the hurdle,
/// onto it exactly h steps and on at most 4 - h (as X85 builds `tpR4`). Hops with more to them
/// (`pp`, `p?`, hurdle sets, ranges or conditions, `g`, straight leaps longer than a step) are kept.
fn hops_apart(moves: &MoveSet) -> MoveSet {
    let mut out = MoveSet::default();
    for m in &moves.moves {
        let plain_hop = |leg: &Leg| {
            leg.link == LegLink::First
                && leg.hop == Some(Hop { many: false, optional: false, hurdles: None })
                && leg.over == Over::Empty
                && !leg.non_jumping
                && !leg.setup
                && !leg.decisive
                && leg.origin.is_empty()
                && leg.destination.is_empty()
                && leg.attackers.is_empty()
                && leg.conditions.is_empty()
                && leg.extras.iter().all(|e| matches!(e, Extra::Initial { .. }))
        };
        let (Some(leg), true) = (m.single_leg(), m.single_leg().is_some_and(plain_hop)) else {
            out.moves.push(m.clone());
            continue;
        };
        let (Directions::Absolute(vectors), Reach::Steps { min: 1, max }) = (&leg.directions, leg.reach) else {
            out.moves.push(m.clone());
            continue;
        };
        // (onto the hurdle, on from it) for each distance of the hurdle.
        let splits: Vec<(Reach, Reach)> = match max {
            None => vec![(Reach::RIDE, Reach::RIDE)],
            Some(n) if n > 1 => (1..n)
                .map(|h| (Reach::Steps { min: h, max: Some(h) }, Reach::Steps { min: 1, max: Some(n - h) }))
                .collect(),
            Some(_) => {
                out.moves.push(m.clone());
                continue;
            }
        };
        // A hop along a straight leap longer than a step also counts the squares between two
        // landings (M69: `pD0` hops a piece on d2 from d1), which a leg onto a landing does not.
        let long_straight = |&(x, y): &Vector| (x == 0 || y == 0 || x.abs() == y.abs()) && x.abs().max(y.abs()) > 1;
        if vectors.iter().any(long_straight) {
            out.moves.push(m.clone());
            continue;
        }
        for &v in vectors {
            for &(onto, on) in &splits {
                let mut first =
                    Leg::new(LegLink::First, Directions::Absolute(vec![v]), onto, move_or_capture(), leg.span);
                first.extras = leg.extras.clone();
                first.extras.push(Extra::Other("jy".to_string()));
                let then = Leg {
                    link: LegLink::Sequence,
                    directions: Directions::Absolute(vec![v]),
                    reach: on,
                    hop: None,
                    extras: Vec::new(),
                    ..leg.clone()
                };
                out.moves
                    .push(Move { parts: vec![Part::Leg(Box::new(first)), Part::Leg(Box::new(then))], span: m.span });
            }
        }
    }
    out
}

impl fmt::Display for Canonical {
    /// The ANCP text: alternatives joined by ` & `, in canonical order.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut terms: Vec<String> = Vec::new();
        // Group by everything but the vector; then print each group's vectors together.
        let mut groups: BTreeMap<(&Key, Vec<&Capability>, &Reach), BTreeSet<Vector>> = BTreeMap::new();
        let mut by_vector: BTreeMap<(&Key, Vector, &Reach), Vec<&Capability>> = BTreeMap::new();
        for a in &self.atoms {
            by_vector.entry((&a.key, a.vector, &a.reach)).or_default().push(&a.capability);
        }
        for ((key, vector, reach), caps) in by_vector {
            groups.entry((key, caps, reach)).or_default().insert(vector);
        }
        for ((key, caps, reach), vectors) in groups {
            let mut prefix = key_prefix(key);
            prefix.push_str(&capabilities_prefix(&caps));
            terms.push(format!("{prefix}{}", atom_text(&vectors, reach, key.non_jumping)));
        }
        terms.extend(self.complex.iter().cloned());
        if terms.is_empty() {
            return f.write_str("slide!(0,0)");
        }
        f.write_str(&terms.join(" & "))
    }
}

/// `origin[..]:destination[..]:...` for the scope of an atomic move.
fn key_prefix(key: &Key) -> String {
    let mut s = String::new();
    for r in &key.origin {
        let _ = write!(s, "origin{}:", range_text(r));
    }
    for r in &key.destination {
        let _ = write!(s, "destination{}:", range_text(r));
    }
    for a in &key.attackers {
        let _ = write!(s, "attacked{a}:");
    }
    for c in &key.conditions {
        let _ = write!(s, "if{c}:");
    }
    if key.setup {
        s.push_str("setup:");
    }
    if key.decisive {
        s.push_str("decisive:");
    }
    for e in &key.extras {
        s.push_str(&extra_text(e));
    }
    if let Some(h) = &key.hop {
        s.push_str(if h.many { "hop!" } else { "hop" });
        if h.optional {
            s.push('?');
        }
        if let Some(set) = &h.hurdles {
            let _ = write!(s, "{set}");
        }
        s.push(':');
    }
    match &key.over {
        Over::Empty => {}
        Over::Anything => s.push_str("jump:"),
        Over::Friends => s.push_str("jump!:"),
        Over::Set(set) => {
            let _ = write!(s, "jump{set}:");
        }
    }
    s
}

fn range_text(r: &BoardRange) -> String {
    let mut r = r.clone();
    r.items.sort_by_key(|i| match i {
        RangeItem::Special(s) => (0, s.as_char().to_string()),
        RangeItem::Area(a) => (1, a.to_string()),
    });
    r.to_string()
}

fn extra_text(e: &Extra) -> String {
    match e {
        Extra::Initial { decaying: false } => "initial:".into(),
        Extra::Initial { decaying: true } => "initial!:".into(),
        Extra::NoCheck { mate_only, pieces } => {
            format!(
                "nocheck{}{}:",
                if *mate_only { "!" } else { "" },
                pieces.as_ref().map(|p| p.to_string()).unwrap_or_default()
            )
        }
        Extra::Cylindrical { both_axes, files } => format!(
            "cylindrical{}{}:",
            if *both_axes { "!" } else { "" },
            files.as_ref().map(range_text).unwrap_or_default()
        ),
        Extra::Unblocked => "unblocked:".into(),
        Extra::Excite => "excite:".into(),
        Extra::Unload => "unload:".into(),
        Extra::OffBoard => "offboard:".into(),
        Extra::Other(text) => format!("modifier({text}):"),
    }
}

/// The prefix for a set of capabilities of the same vectors: none for "move or capture".
fn capabilities_prefix(caps: &[&Capability]) -> String {
    let plain_move = Capability::Move { restriction: None, allows_en_passant: false };
    let plain_capture = Capability::Capture(Targets { side: Side::Enemy, only: Vec::new() });
    let both = caps.contains(&&plain_move) && caps.contains(&&plain_capture);
    let rest: Vec<String> = caps
        .iter()
        .filter(|c| !(both && (***c == plain_move || ***c == plain_capture)))
        .map(|c| capability_text(c))
        .collect();
    if rest.is_empty() {
        String::new()
    } else if both {
        format!("all+{}:", rest.join("+"))
    } else {
        format!("{}:", rest.join("+"))
    }
}

fn capability_text(c: &Capability) -> String {
    match c {
        Capability::Move { restriction, allows_en_passant } => format!(
            "move{}{}",
            restriction.as_ref().map(|r| r.to_string()).unwrap_or_default(),
            if *allows_en_passant { ":enpassant" } else { "" }
        ),
        Capability::Capture(t) => {
            let side = match t.side {
                Side::Enemy => "",
                Side::Friend => "!",
                Side::Any => "*",
            };
            let sets: String = t.only.iter().map(|s| s.to_string()).collect();
            format!("capture{side}{sets}")
        }
        Capability::EnPassant { pieces } => {
            format!("enpassant{}", pieces.as_ref().map(|p| p.to_string()).unwrap_or_default())
        }
    }
}

/// `slide*(0,1)(1,1)` or `leap!(-1,2)(1,2)`: full symmetric sets of an atom undirected, the rest
/// directed.
fn atom_text(vectors: &BTreeSet<Vector>, reach: &Reach, non_jumping: bool) -> String {
    let unit = vectors.iter().all(|v| v.0.abs() <= 1 && v.1.abs() <= 1);
    let kind = if unit || non_jumping { "slide" } else { "leap" };
    let reach = match *reach {
        Reach::Steps { min: 1, max: Some(1) } => String::new(),
        Reach::Steps { min: 1, max: None } => "*".into(),
        Reach::Steps { min: 1, max: Some(k) } => format!("*{k}"),
        Reach::Steps { min, max: Some(max) } if min == max => format!("+{min}"),
        Reach::Steps { min, max: Some(max) } => format!("*{min}..{max}"),
        Reach::Steps { min, max: None } => format!("*{min}.."),
        Reach::Maximal => "*max".into(),
        Reach::Edge => "*edge".into(),
        Reach::Halfling => "*half".into(),
    };
    // Split the vectors into the atoms they belong to.
    let mut classes: BTreeMap<(u32, u32), BTreeSet<Vector>> = BTreeMap::new();
    for &v in vectors {
        let (a, b) = (v.0.unsigned_abs(), v.1.unsigned_abs());
        classes.entry((a.min(b), a.max(b))).or_default().insert(v);
    }
    let mut full = String::new();
    let mut directed = String::new();
    for ((m, n), vs) in classes {
        let all: BTreeSet<Vector> = leaper_vectors(m, n).unwrap_or_default().into_iter().collect();
        if vs == all {
            let _ = write!(full, "({m},{n})");
        } else {
            for (x, y) in vs {
                let _ = write!(directed, "({x},{y})");
            }
        }
    }
    match (full.is_empty(), directed.is_empty()) {
        (false, true) => format!("{kind}{reach}{full}"),
        (true, false) => format!("{kind}!{reach}{directed}"),
        _ => format!("{kind}{reach}{full} & {kind}!{reach}{directed}"),
    }
}

/// A single leg with no capability: `idle:`, its scope and its vectors.
fn idle_leg_text(leg: &Leg, vectors: &[Vector]) -> String {
    let key = leg_key(leg, normal_over(&leg.over), leg.non_jumping);
    let vectors: BTreeSet<Vector> = vectors.iter().copied().collect();
    format!("idle:{}{}", key_prefix(&key), atom_text(&vectors, &leg.reach, leg.non_jumping))
}

/// The canonical text of a multi-leg move; `siblings`: the atoms written at each `-` leg's place.
fn parts_text(parts: &[Part], siblings: &crate::plan::Siblings) -> String {
    let mut s = String::new();
    for (i, part) in parts.iter().enumerate() {
        match part {
            Part::Leg(leg) => {
                if i > 0 {
                    s.push_str(match leg.link {
                        LegLink::Sequence => " ++ ",
                        _ => " + ",
                    });
                }
                let at = siblings.get(&(leg.span.start, leg.span.end)).map_or(&[][..], Vec::as_slice);
                s.push_str(&leg_text(leg, straight_is_not_f(&leg.directions, at)));
            }
            Part::Repeat { first, then, count, origin, destination, .. } => {
                if i > 0 {
                    s.push_str(" + ");
                }
                for r in origin {
                    let _ = write!(s, "origin{}:", range_text(r));
                }
                for r in destination {
                    let _ = write!(s, "destination{}:", range_text(r));
                }
                let _ = write!(
                    s,
                    "({} | {}){}",
                    parts_text(first, siblings),
                    parts_text(then, siblings),
                    count_text(*count)
                );
            }
            Part::Optional { kind, body, count, .. } => {
                if i > 0 {
                    s.push_str(" + ");
                }
                let (open, close) = match kind {
                    OptionalKind::Choice => ('[', ']'),
                    OptionalKind::WhenUnblocked => ('{', '}'),
                };
                let _ = write!(
                    s,
                    "{open}{}{close}{}",
                    parts_text(body, siblings),
                    count.map(count_text).unwrap_or_default()
                );
            }
        }
    }
    s
}

fn count_text(count: Count) -> String {
    match count {
        Count::Between { min: 1, max: None } => "*".into(),
        Count::Between { min: 1, max: Some(k) } => format!("*{k}"),
        Count::Between { min, max: Some(max) } if min == max => format!("+{min}"),
        Count::Between { min, max: Some(max) } => format!("*{min}..{max}"),
        Count::Between { min, max: None } => format!("*{min}.."),
        Count::Maximal => "*max".into(),
        Count::Edge => "*edge".into(),
    }
}

/// The most leg texts [`leg_text`] keeps.
const LEG_TEXTS_KEPT: usize = 4096;

thread_local! {
    /// Leg texts made, by leg: comparing paths makes the same few texts over and over.
    static LEG_TEXTS: std::cell::RefCell<std::collections::HashMap<(Leg, bool), String>> = Default::default();
}

/// Whether a leg swaps (`w`, M24) or flips (`x`, M34), which replace its captures when no mode is
/// written (`xW` moves and flips, `xmcW` also captures).
pub(crate) fn replaces_captures(leg: &Leg) -> bool {
    leg.extras.iter().any(|e| matches!(e, Extra::Other(t) if t.starts_with(['w', 'x'])))
}

/// Whether a leg visits (`j`) with no mode written: both back ends make it neither move nor
/// capture (M136: `jW` only visits, `jaW` also moves and captures).
pub(crate) fn visits_alone(leg: &Leg) -> bool {
    !leg.mode_written && visits(leg)
}

/// Whether a leg visits (`j`, `jj`, `jy`, ...).
pub(crate) fn visits(leg: &Leg) -> bool {
    leg.extras.iter().any(|e| matches!(e, Extra::Other(t) if t.starts_with('j')))
}

/// Whether a `-` leg with no direction written, `straight` on (M2), may go where the same leg with
/// `f` written does not (M133): an oblique atom continuing its own line reads `f` as three compass
/// points (`N-fN` is not `N-N`), and a place written with atoms of several kinds goes straight on
/// with the one atom that can, where `f` turns every atom (`R-fK` is not `R-K`).
fn straight_is_not_f(directions: &Directions, siblings: &[(u32, u32)]) -> bool {
    match directions {
        Directions::Relative { atom, modifiers } if modifiers.is_empty() => {
            is_oblique(*atom) || siblings.iter().any(|s| s != atom)
        }
        _ => false,
    }
}

/// One leg of a multi-leg move: `mode:` marks a written mode, which matters on legs that are not
/// last; `straight`: a `-` leg with no direction written that is not its `f` ([`straight_is_not_f`]),
/// printed `straight:`.
fn leg_text(leg: &Leg, straight: bool) -> String {
    let key = (leg.clone(), straight);
    if let Some(text) = LEG_TEXTS.with(|texts| texts.borrow().get(&key).cloned()) {
        return text;
    }
    let text = make_leg_text(leg, straight);
    LEG_TEXTS.with(|texts| {
        let mut texts = texts.borrow_mut();
        if texts.len() >= LEG_TEXTS_KEPT {
            texts.clear();
        }
        texts.insert(key, text.clone());
    });
    text
}

/// [`leg_text`], made.
fn make_leg_text(leg: &Leg, straight: bool) -> String {
    let mode = if leg.mode_written { "mode:" } else { "" };
    match &leg.directions {
        Directions::Absolute(_) => {
            let first = Leg { link: LegLink::First, ..leg.clone() };
            let single = MoveSet { moves: vec![Move { parts: vec![Part::Leg(Box::new(first))], span: leg.span }] };
            format!("{mode}{}", Canonical::of(&single))
        }
        Directions::Relative { atom: (m, n), modifiers } => {
            let turn = match (modifiers.is_empty(), straight) {
                (true, true) => "straight".to_string(),
                (true, false) => "f".to_string(),
                _ => modifiers.join(""),
            };
            let caps: Vec<&Capability> = leg.capabilities.iter().collect();
            let vectors = leaper_vectors(*m, *n).unwrap_or_default().into_iter().collect();
            let key = leg_key(leg, normal_over(&leg.over), leg.non_jumping);
            format!(
                "{mode}{}{}{turn}:{}",
                key_prefix(&key),
                capabilities_prefix(&caps),
                atom_text(&vectors, &leg.reach, leg.non_jumping)
            )
        }
    }
}
