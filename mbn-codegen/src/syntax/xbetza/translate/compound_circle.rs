//! Circular riders of several atoms (docs/SEMANTICS.md X98): MBN's `(K)(fr)2` and Betza 2.0's
//! `Kfr2`, 45° right each step, W and F by turns. Lowering (D24) makes one move per first atom and
//! first turned atom, each carrying every turned atom as an alternative; printed, they are one
//! rider again.

use crate::ir::{Count, Directions, Leg, Move, Part};

/// A circular rider of several atoms found among a piece's moves.
pub(super) struct CompoundCircle<'a> {
    /// Which of the moves it is made of.
    pub moves: Vec<usize>,
    /// Its first leaps, one per atom.
    pub firsts: Vec<&'a Leg>,
    /// The turn of every later leap, as written (`(fr)`).
    pub turn: String,
    /// The count of the turned leaps (D24: one less than the rider's).
    pub count: Count,
}

/// One move of such a rider: its index among the piece's moves, its first leap, its first turned
/// body, the alternatives of its later rounds and its count.
struct Found<'a> {
    index: usize,
    first: &'a Leg,
    round: &'a Vec<Part>,
    alternatives: &'a Vec<Vec<Part>>,
    count: Count,
}

/// Move `index` as a circular rider taking any of several atoms each time round.
fn found(index: usize, m: &Move) -> Option<Found<'_>> {
    let [Part::Leg(first), Part::Optional { body, count: None, .. }] = m.parts.as_slice() else { return None };
    let [Part::Repeat { first: round, first_alternatives, alternatives, count, origin, destination, .. }] =
        body.as_slice()
    else {
        return None;
    };
    let plain = origin.is_empty() && destination.is_empty() && first_alternatives == alternatives;
    (plain && alternatives.len() > 1).then_some(Found { index, first, round, alternatives, count: *count })
}

/// The circular riders of several atoms among `moves`: the moves alike in alternatives and count,
/// where every pair of a first atom and a first turned atom is there and every turned leap turns
/// alike.
pub(super) fn find(moves: &[Move]) -> Vec<CompoundCircle<'_>> {
    let mut groups: Vec<Vec<Found>> = Vec::new();
    for f in moves.iter().enumerate().filter_map(|(i, m)| found(i, m)) {
        match groups.iter_mut().find(|g| g[0].alternatives == f.alternatives && g[0].count == f.count) {
            Some(g) => g.push(f),
            None => groups.push(vec![f]),
        }
    }
    groups.iter().filter_map(|g| circle(g)).collect()
}

/// One group of [`find`] as a rider, if it is complete.
fn circle<'a>(group: &[Found<'a>]) -> Option<CompoundCircle<'a>> {
    let (alternatives, count) = (group.first()?.alternatives, group.first()?.count);
    let mut firsts: Vec<&Leg> = Vec::new();
    for f in group {
        if !firsts.contains(&f.first) {
            firsts.push(f.first);
        }
    }
    let pairs = |first: &Leg, body: &Vec<Part>| group.iter().any(|f| f.first == first && f.round == body);
    let complete = group.len() == firsts.len() * alternatives.len()
        && firsts.iter().all(|f| alternatives.iter().all(|body| pairs(f, body)));
    let turns: Vec<String> = alternatives
        .iter()
        .map(|body| match body.as_slice() {
            [Part::Leg(leg)] => match &leg.directions {
                Directions::Relative { modifiers, .. } => Some(modifiers.concat()),
                Directions::Absolute(_) => None,
            },
            _ => None,
        })
        .collect::<Option<_>>()?;
    let turn = turns.first()?.clone();
    (complete && turns.iter().all(|t| *t == turn)).then(|| CompoundCircle {
        moves: group.iter().map(|f| f.index).collect(),
        firsts,
        turn,
        count,
    })
}
