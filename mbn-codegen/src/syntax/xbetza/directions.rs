//! XBetza's direction modifiers: which vectors of an atom a group of letters selects.
//!
//! The tables are those of XBoard's `Betza.html` (seed `002`, table 2), as Fairy-Stockfish
//! implements them (its `from_betza`), generalised the way seed `001` describes:
//!
//! * Letters are grouped left to right: a letter pairs with the next one when both are the same
//!   or one is a vertical (`f b v h`) and the other a horizontal (`r l s h`): `ffrrN` = `ff`,`rr`;
//!   `frlR` = `fr`,`l`; `fbN` = `f`,`b`. A single letter means the same as doubled (`f` = `ff`).
//! * For an atom `(a, b)` (a ≥ b, e.g. N = (2, 1)) each of its 8 vectors carries these tags
//!   (`dx` right, `dy` forward):
//!
//! ```text
//!   ( b,  a)  ff rf fh rh hr        ( a,  b)  rr fr fh rh hl
//!   (-b, -a)  bb lb bh lh hr        (-a, -b)  ll bl bh lh hl
//!   ( a, -b)  rr br bh rh hr        ( b, -a)  bb rb bh rh hl
//!   (-a,  b)  ll fl fh lh hr        (-b,  a)  ff lf fh lh hl
//! ```
//!
//!   so on N: `ff` = (±1,2), `rr` = (2,±1), `lf` = (−1,2), `fl` = (−2,1), `fh` = the four moves
//!   with a forward component, `hr` = the right-handed (chiral) set (1,2), (2,−1), (−1,−2), (−2,1).
//! * `v` and `s` distribute (seed `001`: "vr means fr or br"): `vv` = `ff`+`bb`, `ss` = `ll`+`rr`,
//!   `fs` = `fl`+`fr`, `rv` = `rf`+`rb`, `vr` = `fr`+`br`, `sf` = `lf`+`rf`, `vh` = `fh`+`bh`.
//! * On an orthogonal atom (W, D, H, R and the W of K and Q) a group of two different letters
//!   is split into its letters doubled (`fsW` = `ffW`+`ssW` = forward and sideways, a Shogi
//!   soldier; `frR` = forward and right).
//!
//! A group whose tags select nothing on an atom is an error when no group of the part selects
//! anything (`hN` alone); see [`select`].

use crate::ir::Vector;

/// The 8 vectors of the atom `(m, n)` (m ≤ n, MBN order) with their XBetza tags.
fn tagged(m: u32, n: u32) -> [(Vector, [&'static str; 5]); 8] {
    let (a, b) = (n as i32, m as i32);
    [
        ((b, a), ["ff", "rf", "fh", "rh", "hr"]),
        ((-b, -a), ["bb", "lb", "bh", "lh", "hr"]),
        ((a, -b), ["rr", "br", "bh", "rh", "hr"]),
        ((-a, b), ["ll", "fl", "fh", "lh", "hr"]),
        ((a, b), ["rr", "fr", "fh", "rh", "hl"]),
        ((-a, -b), ["ll", "bl", "bh", "lh", "hl"]),
        ((b, -a), ["bb", "rb", "bh", "rh", "hl"]),
        ((-b, a), ["ff", "lf", "fh", "lh", "hl"]),
    ]
}

/// `v` is `f` and `b`, `s` is `l` and `r`; any other letter is itself.
fn distribute(c: char) -> &'static [char] {
    match c {
        'v' => &['f', 'b'],
        's' => &['l', 'r'],
        'f' => &['f'],
        'b' => &['b'],
        'l' => &['l'],
        'r' => &['r'],
        _ => &['h'],
    }
}

/// The tags a written group stands for on an atom (`orthogonal`: a W-like atom, whose mixed
/// groups split into doubled letters). A single letter is read doubled.
pub fn tags_of(group: &str, orthogonal: bool) -> Vec<String> {
    let letters: Vec<char> = group.chars().collect();
    let (x, y) = match letters.as_slice() {
        [x] => (*x, *x),
        [x, y] => (*x, *y),
        _ => return Vec::new(),
    };
    if x != y && orthogonal {
        let mut out = tags_of(&x.to_string(), true);
        out.extend(tags_of(&y.to_string(), true));
        return out;
    }
    let mut out = Vec::new();
    if x == y {
        for &d in distribute(x) {
            out.push(format!("{d}{d}"));
        }
        return out;
    }
    for &p in distribute(x) {
        for &q in distribute(y) {
            out.push(format!("{p}{q}"));
        }
    }
    out
}

/// The vectors of the atom `(m, n)` (m ≤ n) that at least one of `groups` selects; all of them
/// when `groups` is empty. Sorted and without duplicates.
pub fn select(m: u32, n: u32, groups: &[&str]) -> Vec<Vector> {
    let orthogonal = m == 0;
    let wanted: Vec<String> = groups.iter().flat_map(|g| tags_of(g, orthogonal)).collect();
    let mut out: Vec<Vector> = tagged(m, n)
        .into_iter()
        .filter(|(_, tags)| groups.is_empty() || tags.iter().any(|t| wanted.iter().any(|w| w == t)))
        .map(|(v, _)| v)
        .collect();
    out.sort_by_key(|&(dx, dy)| (std::cmp::Reverse(dy), dx));
    out.dedup();
    out
}

/// The group that selects exactly the vector `v` of the atom `(m, n)`, as XBetza writes it:
/// `f`, `r`... on orthogonal atoms, a pair (`fr`, `lf`...) otherwise.
pub fn group_of(m: u32, n: u32, v: Vector) -> Option<String> {
    let candidates = ["f", "b", "l", "r", "fr", "fl", "br", "bl", "rf", "lf", "rb", "lb"];
    candidates.iter().find(|g| select(m, n, &[g]) == vec![v]).map(|g| g.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn knight_tables_of_seed_002() {
        assert_eq!(select(1, 2, &["f"]), vec![(-1, 2), (1, 2)]);
        assert_eq!(select(1, 2, &["lf"]), vec![(-1, 2)]);
        assert_eq!(select(1, 2, &["fl"]), vec![(-2, 1)]);
        assert_eq!(select(1, 2, &["fh"]).len(), 4);
        assert_eq!(select(1, 2, &["hr"]), vec![(1, 2), (-2, 1), (2, -1), (-1, -2)]);
        assert_eq!(select(1, 2, &["fs"]), vec![(-2, 1), (2, 1)]);
        assert_eq!(select(1, 2, &["vr"]), vec![(2, 1), (2, -1)]);
        assert_eq!(select(0, 1, &["fs"]), vec![(0, 1), (-1, 0), (1, 0)]);
        assert_eq!(select(1, 1, &["l"]), vec![(-1, 1), (-1, -1)]);
        assert!(select(1, 2, &["hh"]).is_empty());
    }
}
