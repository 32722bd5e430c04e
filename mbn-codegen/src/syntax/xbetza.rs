//! XBetza, H. G. Muller's extended Betza notation (seeds `001`, `002`), read into mbn's IR.
//!
//! XBetza is a second input dialect: [`parse`] reads a move string (`fmWfceFifmnD`) into a small
//! syntax tree of its own ([`XMove`]), and [`compile`] lowers that tree to the same
//! [`MoveSet`](crate::ir::MoveSet) MBN produces, so XBetza pieces share mbn's canonical form,
//! equality, interpreter and code generator. The direction rules are XBetza's, not MBN's
//! ([`directions`]); multi-leg moves (`a`) are unrolled into legs of absolute directions
//! (module `multileg`); what the IR cannot express yet is an error naming the construct
//! ("XBetza `u` is not supported yet"), never silently dropped. [`translate`] prints a lowered
//! single-leg piece back as MBN or XBetza text.
//!
//! The grammar read here (one move string, no white space):
//!
//! ```text
//! move      ::= part*
//! part      ::= leg ('a' leg)* atom range?   (a group `(…)n` of modifiers repeats 0..n times)
//! leg       ::= (direction | mode)*
//! direction ::= one or two of f b l r v s h, paired as XBoard pairs them (see `directions`)
//! mode      ::= m c d e p g n i j t o y x u q z k
//! atom      ::= W F D N A H C Z G L J K R B Q | U I O X @
//! range     ::= digits | the atom letter again (NN = N0)
//! ```

use crate::diagnostic::Diagnostic;
use crate::ir::MoveSet;
use crate::syntax::ast::Span;

pub mod directions;
mod lower;
mod multileg;
pub mod translate;

/// A parsed XBetza move string: the concatenation of its parts (`fmWfcF` = `fmW` + `fcF`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct XMove {
    /// The parts, in the order written.
    pub parts: Vec<XPart>,
}

/// One atom with its prefixes and range: `fmW`, `mafsW`, `N0`, `NN`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct XPart {
    /// The legs: the prefixes before the first `a`, then those between every further `a`. A
    /// single-leg part has one leg.
    pub legs: Vec<XLeg>,
    /// The atom letter (`W`, `N`, `K`, `R`, `@`, `O`...).
    pub atom: char,
    /// Where the atom was written.
    pub atom_span: Span,
    /// The range suffix.
    pub range: XRange,
    /// The whole part.
    pub span: Span,
}

/// The modifiers of one leg, as written.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct XLeg {
    /// Direction groups, each one or two letters as XBoard groups them (`lf`, `ff`, `f`).
    pub directions: Vec<Spanned>,
    /// Mode letters (`m`, `c`, `p`...), each on its own.
    pub modes: Vec<(char, Span)>,
}

/// A text with the place it was written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spanned {
    /// The text.
    pub text: String,
    /// Where.
    pub span: Span,
}

/// The range written after an atom.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum XRange {
    /// Nothing: a leap, or unlimited for `R`, `B`, `Q`.
    Default,
    /// A number: `0` is unlimited, `n` at most n steps (`W4`, and also `R4` = `W4`, `W03` = `W3`).
    Number(u32),
    /// The atom doubled (`NN`): old Betza's unlimited rider, `N0`.
    Doubled,
}

/// The direction letters.
const DIRECTIONS: &str = "fblrvsh";
/// The mode letters (everything lower case that is neither a direction nor `a`).
const MODES: &str = "mcdepgnijtoyxuqzk";
/// The atom letters.
const ATOMS: &str = "WFDNAHCZGLJKRBQUIOX@";

/// Letters XBoard pairs as a vertical (first of a pair or second).
const VERTICALS: &str = "fbvh";
/// Letters XBoard pairs as a horizontal.
const HORIZONTALS: &str = "rlsh";

/// Parses one XBetza move string.
pub fn parse(text: &str) -> Result<XMove, Vec<Diagnostic>> {
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let groups = repeat_groups(&chars)?;
    if groups.is_empty() {
        return parse_chars(text, &chars);
    }
    // `(caf)R`: the part with the group taken 0, 1, 2... times, each a part of its own.
    let mut parts: Vec<XPart> = Vec::new();
    for sequence in expansions(&chars, &groups) {
        for part in parse_chars(text, &sequence)?.parts {
            if !parts.contains(&part) {
                parts.push(part);
            }
        }
    }
    Ok(XMove { parts })
}

/// A parenthesised repeat group: the indices of `(` and `)` in the characters, the index after
/// its count, and the most times it may be taken.
struct Group {
    open: usize,
    close: usize,
    end: usize,
    max: u32,
}

/// How often an unbounded group is taken at most: every repetition moves at least one square.
const MAX_REPEATS: u32 = 15;

/// The repeat groups of a move string (seed 001: "(caf)R would be 'Juggernaut Rook' … A number
/// behind the closing parenthesis would put a maximum on the number of repeats"). At most two, of
/// modifiers only, not nested.
fn repeat_groups(chars: &[(usize, char)]) -> Result<Vec<Group>, Vec<Diagnostic>> {
    let span_of = |i: usize| Span::new(chars[i].0, chars[i].0 + chars[i].1.len_utf8());
    let mut groups = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if chars[i].1 != '(' {
            i += 1;
            continue;
        }
        let Some(len) = chars[i + 1..].iter().position(|&(_, c)| !c.is_ascii_lowercase()) else {
            return Err(vec![Diagnostic::new(span_of(i), "this `(` is never closed")]);
        };
        let close = i + 1 + len;
        if chars[close].1 != ')' {
            let message = format!("XBetza repeat groups hold modifiers only, not `{}`", chars[close].1);
            return Err(vec![Diagnostic::new(span_of(close), message)]);
        }
        let digits: String = chars[close + 1..].iter().map(|&(_, c)| c).take_while(char::is_ascii_digit).collect();
        let max =
            if digits.is_empty() { MAX_REPEATS } else { digits.parse::<u32>().unwrap_or(u32::MAX).min(MAX_REPEATS) };
        groups.push(Group { open: i, close, end: close + 1 + digits.len(), max });
        i = close + 1;
    }
    if groups.len() > 2 {
        let g = &groups[2];
        return Err(vec![Diagnostic::new(span_of(g.open), "XBetza `(` is not supported yet")
            .with_help("mbn reads at most two repeat groups in one move string")]);
    }
    Ok(groups)
}

/// The character sequences with every group taken 0 to its maximum times.
fn expansions(chars: &[(usize, char)], groups: &[Group]) -> Vec<Vec<(usize, char)>> {
    let mut out = vec![Vec::new()];
    let mut at = 0;
    for g in groups {
        let before = &chars[at..g.open];
        let body = &chars[g.open + 1..g.close];
        out = out
            .into_iter()
            .flat_map(|prefix| {
                (0..=g.max).map(move |k| {
                    let mut s = prefix.clone();
                    s.extend_from_slice(before);
                    for _ in 0..k {
                        s.extend_from_slice(body);
                    }
                    s
                })
            })
            .collect();
        at = g.end;
    }
    for s in &mut out {
        s.extend_from_slice(&chars[at..]);
    }
    out
}

/// Parses a move string given as characters with their positions in `text` (a repeat group's
/// characters may come several times).
fn parse_chars(text: &str, chars: &[(usize, char)]) -> Result<XMove, Vec<Diagnostic>> {
    let end_of = |i: usize| if i == 0 { 0 } else { chars[i - 1].0 + chars[i - 1].1.len_utf8() };
    let mut parts = Vec::new();
    let mut errors = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let start = chars[i].0;
        let mut legs = vec![XLeg::default()];
        // Prefixes up to the atom.
        while i < chars.len() && chars[i].1.is_ascii_lowercase() {
            let (p, c) = chars[i];
            let leg = legs.last_mut().expect("one leg at least");
            if c == 'a' {
                legs.push(XLeg::default());
                i += 1;
            } else if DIRECTIONS.contains(c) {
                let next = chars.get(i + 1).map(|&(_, c2)| c2);
                let len = match next {
                    Some(c2) if pairs(c, c2) => 2,
                    _ => 1,
                };
                let text: String = chars[i..i + len].iter().map(|&(_, c)| c).collect();
                leg.directions.push(Spanned { text, span: Span::new(p, end_of(i + len)) });
                i += len;
            } else if MODES.contains(c) {
                leg.modes.push((c, Span::new(p, end_of(i + 1))));
                i += 1;
            } else {
                errors.push(
                    Diagnostic::new(Span::new(p, end_of(i + 1)), format!("`{c}` is not an XBetza modifier"))
                        .with_help("XBetza modifiers are the directions f b l r v s h, `a` and the modes m c d e p g n i j t o y x u q z k"),
                );
                i += 1;
            }
        }
        let Some(&(p, atom)) = chars.get(i) else {
            errors.push(Diagnostic::new(
                Span::new(start, text.len()),
                "expected an atom (W, F, N, K, R...) after the modifiers",
            ));
            break;
        };
        if !ATOMS.contains(atom) {
            let message = match atom {
                '-' | '(' | ')' => format!("XBetza `{atom}` (repeat groups, Betza 2.0 chaining) is not supported yet"),
                _ => format!("`{atom}` is not an XBetza atom"),
            };
            errors.push(Diagnostic::new(Span::new(p, end_of(i + 1)), message));
            i += 1;
            continue;
        }
        let atom_span = Span::new(p, end_of(i + 1));
        i += 1;
        let range = if chars.get(i).is_some_and(|&(_, c)| c == atom) && atom.is_ascii_alphabetic() {
            i += 1;
            XRange::Doubled
        } else {
            let digits: String = chars[i..].iter().map(|&(_, c)| c).take_while(char::is_ascii_digit).collect();
            if digits.is_empty() {
                XRange::Default
            } else {
                let span = Span::new(end_of(i), end_of(i + digits.len()));
                i += digits.len();
                match digits.parse::<u32>() {
                    Ok(n) if n <= 999 => XRange::Number(n),
                    _ => {
                        errors.push(Diagnostic::new(span, format!("range `{digits}` is too large (at most 999)")));
                        XRange::Default
                    }
                }
            }
        };
        parts.push(XPart { legs, atom, atom_span, range, span: Span::new(start, end_of(i)) });
    }
    if errors.is_empty() {
        Ok(XMove { parts })
    } else {
        Err(errors)
    }
}

/// Whether XBoard reads the direction letters `c` `c2`, written side by side, as one group:
/// a doubled letter, or a vertical with a horizontal (either order; `h` is both).
fn pairs(c: char, c2: char) -> bool {
    c == c2
        || (VERTICALS.contains(c) && HORIZONTALS.contains(c2))
        || (HORIZONTALS.contains(c) && VERTICALS.contains(c2))
}

/// Parses and lowers one XBetza move string to mbn's IR.
pub fn compile(text: &str) -> Result<MoveSet, Vec<Diagnostic>> {
    let parsed = parse(text)?;
    lower::lower(&parsed)
}

/// Prints the parts as read, one after the other, with `a` between legs and a doubled atom as
/// its range `0` (`NN` prints `N0`, `W03` prints `W3`): the form `mbn parse --dialect xbetza`
/// shows.
impl std::fmt::Display for XMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (i, part) in self.parts.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            for (j, leg) in part.legs.iter().enumerate() {
                if j > 0 {
                    f.write_str("a")?;
                }
                for d in &leg.directions {
                    f.write_str(&d.text)?;
                }
                for (c, _) in &leg.modes {
                    write!(f, "{c}")?;
                }
            }
            write!(f, "{}", part.atom)?;
            match part.range {
                XRange::Default => {}
                XRange::Number(n) => write!(f, "{n}")?,
                XRange::Doubled => f.write_str("0")?,
            }
        }
        Ok(())
    }
}
