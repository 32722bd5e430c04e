//! XBetza, H. G. Muller's extended Betza notation (seeds `001`, `002`), read into mbn's IR.
//!
//! XBetza is a second input dialect: [`parse`] reads a move string (`fmWfceFifmnD`) into a small
//! syntax tree of its own ([`XMove`]), and [`compile`] lowers that tree to the same
//! [`MoveSet`] MBN produces, so XBetza pieces share mbn's canonical form,
//! equality, interpreter and code generator. The direction rules are XBetza's, not MBN's
//! ([`directions`]); multi-leg moves (`a`) are unrolled into legs of absolute directions
//! (module `multileg`); Betza 2.0 chains (`mW-F`, `(W-F)0`, `Nrf0`) become MBN's `-` legs
//! (module `chain`); what the IR cannot express yet is an error naming the construct
//! ("XBetza `u` is not supported yet"), never silently dropped. [`translate`] prints a lowered
//! single-leg piece back as MBN or XBetza text. Castling `O` and drops `@` are rules of a variant:
//! [`compile_piece`] reads them ([`castling`], [`drops`]) for a variant file's `[xbetza]` table;
//! [`compile`] refuses them.
//!
//! The grammar read here (one move string, no white space):
//!
//! ```text
//! move      ::= item*
//! item      ::= part ('-' part)* | '(' part ('-' part)* ')' digits?     (Betza 2.0 chains)
//! part      ::= leg ('a' leg)* atom (leg digits | range)?
//!               (a group `(…)n` of modifiers repeats 0..n times; `leg digits` is a range count
//!               with modifiers, `Nrf0`)
//! leg       ::= (direction | mode)*
//! direction ::= one or two of f b l r v s h, paired as XBoard pairs them (see `directions`)
//! mode      ::= m c d e p g n i j t o y x u q z k
//! atom      ::= (W F D N A H C Z G L J K S T) boost? | R B Q | U I O @
//! boost     ::= X | Y                                          (FX = Giraffe, DY = Di-Knight)
//! range     ::= digits | the atom letter again (NN = N0)
//! ```

use crate::diagnostic::Diagnostic;
use crate::ir::MoveSet;
use crate::syntax::ast::{BoardRange, Span};

pub mod castling;
mod chain;
pub mod directions;
pub mod drops;
pub mod imitator;
mod initial_square;
mod lower;
mod multileg;
pub mod translate;

/// A parsed XBetza move string: the concatenation of its parts (`fmWfcF` = `fmW` + `fcF`) and
/// of its Betza 2.0 chains (`mW-F`, `(W-F)0`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct XMove {
    /// The parts, in the order written.
    pub parts: Vec<XPart>,
    /// The Betza 2.0 chains, in the order written.
    pub chains: Vec<XChain>,
}

/// A Betza 2.0 chain (seed `002`, "Betza 2.0"): legs joined by `-`, each a part of its own
/// (`pR-cR`), perhaps in parentheses with a repeat count (`(W-F)0`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct XChain {
    /// The legs, in order; at least one.
    pub legs: Vec<XPart>,
    /// The count written after `)`: the whole chain repeated (`(W-F)0`, the Mao rider).
    pub repeat: Option<XRange>,
    /// The whole chain, parentheses and count included.
    pub span: Span,
}

/// One atom with its prefixes and range: `fmW`, `mafsW`, `N0`, `NN`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct XPart {
    /// The legs: the prefixes before the first `a`, then those between every further `a`. A
    /// single-leg part has one leg.
    pub legs: Vec<XLeg>,
    /// The atom letter (`W`, `N`, `K`, `R`, `@`, `O`...).
    pub atom: char,
    /// Where the atom was written (with its boost).
    pub atom_span: Span,
    /// `X` or `Y` after a leaper atom (seed 001): its leaps boosted by 3 orthogonal steps (`FX`,
    /// the Giraffe) or a 2-step diagonal (`DY`, the Di-Knight); docs/SEMANTICS.md X33.
    pub boost: Option<char>,
    /// The range suffix.
    pub range: XRange,
    /// Modifiers written on the range count (`Nrf0`, `Rc0`, seed `002` "Quirky stuff"): the
    /// directions and modes of the repeated steps.
    pub count_modifiers: Option<XLeg>,
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
const ATOMS: &str = "WFDNAHCZGLJKSTRBQUIO@";

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
    let mut out = XMove { parts: Vec::new(), chains: Vec::new() };
    for sequence in expansions(&chars, &groups) {
        let m = parse_chars(text, &sequence)?;
        for part in m.parts {
            if !out.parts.contains(&part) {
                out.parts.push(part);
            }
        }
        for chain in m.chains {
            if !out.chains.contains(&chain) {
                out.chains.push(chain);
            }
        }
    }
    Ok(out)
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

/// The most strings a move's repeat groups expand to: two unbounded groups (16 × 16).
const MAX_EXPANSIONS: u32 = 256;

/// The repeat groups of a move string (seed 001: "(caf)R would be 'Juggernaut Rook' … A number
/// behind the closing parenthesis would put a maximum on the number of repeats"), of modifiers
/// only, not nested; as many as expand to at most [`MAX_EXPANSIONS`] strings (X19, X90). A group
/// holding anything but modifiers (`(W-F)0`) is a Betza 2.0 group, read by [`parse_chars`].
fn repeat_groups(chars: &[(usize, char)]) -> Result<Vec<Group>, Vec<Diagnostic>> {
    let span_of = |i: usize| Span::new(chars[i].0, chars[i].0 + chars[i].1.len_utf8());
    let mut groups = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if chars[i].1 != '(' {
            i += 1;
            continue;
        }
        let Some(len) = chars[i + 1..].iter().position(|&(_, c)| c == ')') else {
            return Err(vec![Diagnostic::new(span_of(i), "this `(` is never closed")]);
        };
        let close = i + 1 + len;
        if chars[i + 1..close].iter().any(|&(_, c)| !c.is_ascii_lowercase()) {
            i = close + 1;
            continue;
        }
        let digits: String = chars[close + 1..].iter().map(|&(_, c)| c).take_while(char::is_ascii_digit).collect();
        let max =
            if digits.is_empty() { MAX_REPEATS } else { digits.parse::<u32>().unwrap_or(u32::MAX).min(MAX_REPEATS) };
        groups.push(Group { open: i, close, end: close + 1 + digits.len(), max });
        i = close + 1;
    }
    let mut expansions = 1u32;
    for g in &groups {
        expansions = expansions.saturating_mul(g.max + 1);
        if expansions > MAX_EXPANSIONS {
            return Err(vec![Diagnostic::new(span_of(g.open), "XBetza `(` is not supported yet").with_help(format!(
                "mbn reads a move's repeat groups as the strings with each group taken 0 to its count times, \
                 at most {MAX_EXPANSIONS} strings (two groups without counts); give the groups counts, as in \
                 `(caf)3(maf)3(caf)3R` (docs/SEMANTICS.md X90)"
            ))]);
        }
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
    let mut reader = Reader { text, chars, errors: Vec::new() };
    let mut out = XMove { parts: Vec::new(), chains: Vec::new() };
    let mut i = 0;
    while i < chars.len() {
        reader.item(&mut i, &mut out);
    }
    if reader.errors.is_empty() {
        Ok(out)
    } else {
        Err(reader.errors)
    }
}

/// The characters being read and the errors found so far.
struct Reader<'t> {
    text: &'t str,
    chars: &'t [(usize, char)],
    errors: Vec<Diagnostic>,
}

impl Reader<'_> {
    /// The byte offset just after character `i - 1` (0 for `i == 0`).
    fn end_of(&self, i: usize) -> usize {
        if i == 0 {
            0
        } else {
            self.chars[i - 1].0 + self.chars[i - 1].1.len_utf8()
        }
    }

    /// The span of character `i`.
    fn span_at(&self, i: usize) -> Span {
        Span::new(self.chars[i].0, self.end_of(i + 1))
    }

    fn char_at(&self, i: usize) -> Option<char> {
        self.chars.get(i).map(|&(_, c)| c)
    }

    /// `item ::= '(' chain ')' digits? | part ('-' part)*`: one item from `i`, added to `out`.
    fn item(&mut self, i: &mut usize, out: &mut XMove) {
        match self.char_at(*i) {
            Some('(') => self.group(i, out),
            Some(')') => {
                self.errors.push(Diagnostic::new(self.span_at(*i), "this `)` has no `(`"));
                *i += 1;
            }
            Some('-') => {
                self.errors.push(
                    Diagnostic::new(self.span_at(*i), "`-` joins two legs: an atom must come before it")
                        .with_help("a Betza 2.0 chain is written `mW-F`, `pR-cR`"),
                );
                *i += 1;
            }
            _ => {
                let start = *i;
                let Some(first) = self.part(i) else { return };
                if self.char_at(*i) != Some('-') {
                    out.parts.push(first);
                    return;
                }
                let mut legs = vec![first];
                while self.char_at(*i) == Some('-') {
                    let dash = *i;
                    *i += 1;
                    match self.char_at(*i) {
                        None | Some('(' | ')' | '-') => {
                            self.errors.push(
                                Diagnostic::new(self.span_at(dash), "`-` must be followed by a leg (`mW-F`)")
                                    .with_help("mbn reads no parentheses inside a Betza 2.0 chain"),
                            );
                            return;
                        }
                        _ => {}
                    }
                    let Some(leg) = self.part(i) else { return };
                    legs.push(leg);
                }
                let span = Span::new(self.chars[start].0, self.end_of(*i));
                out.chains.push(XChain { legs, repeat: None, span });
            }
        }
    }

    /// `'(' chain ')' digits?` (seed 002: parentheses "for readability, but also to turn a complex
    /// path into an atom, on which a range can be specified").
    fn group(&mut self, i: &mut usize, out: &mut XMove) {
        let open = *i;
        let rest = &self.chars[open + 1..];
        let Some(len) = rest.iter().position(|&(_, c)| c == ')') else {
            self.errors.push(Diagnostic::new(self.span_at(open), "this `(` is never closed"));
            *i = self.chars.len();
            return;
        };
        let close = open + 1 + len;
        if let Some(nested) = rest[..len].iter().position(|&(_, c)| c == '(') {
            self.errors.push(unsupported_at(self.span_at(open + 1 + nested), "(", "nested parentheses"));
            *i = close + 1;
            return;
        }
        let mut inner = XMove { parts: Vec::new(), chains: Vec::new() };
        let mut j = open + 1;
        while j < close {
            self.item(&mut j, &mut inner);
        }
        *i = close + 1;
        let digits: String = self.chars[*i..].iter().map(|&(_, c)| c).take_while(char::is_ascii_digit).collect();
        let count_span = Span::new(self.end_of(*i), self.end_of(*i + digits.len()));
        *i += digits.len();
        let span = Span::new(self.chars[open].0, self.end_of(*i));
        let legs = match (inner.parts.len(), inner.chains.len()) {
            (1, 0) => inner.parts,
            (0, 1) if inner.chains[0].repeat.is_none() => inner.chains.remove(0).legs,
            _ => {
                if self.errors.is_empty() {
                    self.errors.push(
                        Diagnostic::new(span, "a group `( )` holds one leg or one chain (`(W-F)0`)")
                            .with_help("write the moves of a piece side by side, outside the parentheses"),
                    );
                }
                return;
            }
        };
        let repeat = if digits.is_empty() {
            None
        } else {
            match digits.parse::<u32>() {
                Ok(n) if n <= 999 => Some(XRange::Number(n)),
                _ => {
                    self.errors
                        .push(Diagnostic::new(count_span, format!("range `{digits}` is too large (at most 999)")));
                    return;
                }
            }
        };
        if self.char_at(*i) == Some('-') {
            self.errors.push(unsupported_at(self.span_at(*i), "-", "a chain continuing after a group `( )`"));
            *i += 1;
            return;
        }
        out.chains.push(XChain { legs, repeat, span });
    }

    /// `part ::= leg ('a' leg)* atom (count-modifiers? range)?`; `None` after an error.
    fn part(&mut self, i: &mut usize) -> Option<XPart> {
        let chars = self.chars;
        let start = chars[*i].0;
        let mut legs = vec![XLeg::default()];
        let errors_before = self.errors.len();
        // Prefixes up to the atom.
        while *i < chars.len() && chars[*i].1.is_ascii_lowercase() {
            let c = chars[*i].1;
            if c == 'a' {
                legs.push(XLeg::default());
                *i += 1;
            } else {
                let leg = legs.last_mut().expect("one leg at least");
                *i = self.modifier(*i, leg);
            }
        }
        let Some(&(p, atom)) = chars.get(*i) else {
            self.errors.push(Diagnostic::new(
                Span::new(start, self.text.len()),
                "expected an atom (W, F, N, K, R...) after the modifiers",
            ));
            return None;
        };
        if !ATOMS.contains(atom) {
            let diagnostic = match atom {
                'X' | 'Y' => Diagnostic::new(
                    self.span_at(*i),
                    format!("XBetza `{atom}` is a suffix: it boosts the leaper atom written before it"),
                )
                .with_help("`FX` is the Giraffe (1,4), `DY` the Di-Knight (2,4)"),
                '-' => Diagnostic::new(self.span_at(*i), "`-` joins two legs: an atom must come before it")
                    .with_help("a Betza 2.0 chain is written `mW-F`, `pR-cR`"),
                '(' => unsupported_at(self.span_at(*i), "(", "modifiers before a group `( )`"),
                ')' => Diagnostic::new(self.span_at(*i), "expected an atom (W, F, N, K, R...) before `)`"),
                _ => Diagnostic::new(self.span_at(*i), format!("`{atom}` is not an XBetza atom")),
            };
            self.errors.push(diagnostic);
            *i += 1;
            return None;
        }
        *i += 1;
        let boost = chars.get(*i).map(|&(_, c)| c).filter(|c| matches!(c, 'X' | 'Y'));
        if boost.is_some() {
            *i += 1;
        }
        let atom_span = Span::new(p, self.end_of(*i));
        let mut count_modifiers = None;
        let doubled = boost.is_none() && chars.get(*i).is_some_and(|&(_, c)| c == atom);
        let range = if doubled && atom.is_ascii_alphabetic() {
            *i += 1;
            XRange::Doubled
        } else {
            // Modifiers on the range count: lower case letters followed by a digit (`Nrf0`).
            let run = chars[*i..].iter().take_while(|&&(_, c)| c.is_ascii_lowercase()).count();
            if run > 0 && chars.get(*i + run).is_some_and(|&(_, c)| c.is_ascii_digit()) {
                let mut leg = XLeg::default();
                let end = *i + run;
                while *i < end {
                    if chars[*i].1 == 'a' {
                        self.errors.push(unsupported_at(self.span_at(*i), "a", "`a` on a range count"));
                        *i += 1;
                    } else {
                        *i = self.modifier(*i, &mut leg).min(end);
                    }
                }
                count_modifiers = Some(leg);
            }
            self.range(i)
        };
        (self.errors.len() == errors_before).then(|| XPart {
            legs,
            atom,
            atom_span,
            boost,
            range,
            count_modifiers,
            span: Span::new(start, self.end_of(*i)),
        })
    }

    /// Reads the modifier at `i` (a direction group or a mode) into `leg`; the index after it.
    fn modifier(&mut self, i: usize, leg: &mut XLeg) -> usize {
        let (p, c) = self.chars[i];
        if DIRECTIONS.contains(c) {
            let len = match self.char_at(i + 1) {
                Some(c2) if pairs(c, c2) => 2,
                _ => 1,
            };
            let text: String = self.chars[i..i + len].iter().map(|&(_, c)| c).collect();
            leg.directions.push(Spanned { text, span: Span::new(p, self.end_of(i + len)) });
            i + len
        } else if MODES.contains(c) {
            leg.modes.push((c, self.span_at(i)));
            i + 1
        } else {
            self.errors.push(
                Diagnostic::new(self.span_at(i), format!("`{c}` is not an XBetza modifier"))
                    .with_help("XBetza modifiers are the directions f b l r v s h, `a` and the modes m c d e p g n i j t o y x u q z k"),
            );
            i + 1
        }
    }

    /// The range digits at `i`, if any.
    fn range(&mut self, i: &mut usize) -> XRange {
        let digits: String = self.chars[*i..].iter().map(|&(_, c)| c).take_while(char::is_ascii_digit).collect();
        if digits.is_empty() {
            return XRange::Default;
        }
        let span = Span::new(self.end_of(*i), self.end_of(*i + digits.len()));
        *i += digits.len();
        match digits.parse::<u32>() {
            Ok(n) if n <= 999 => XRange::Number(n),
            _ => {
                self.errors.push(Diagnostic::new(span, format!("range `{digits}` is too large (at most 999)")));
                XRange::Default
            }
        }
    }
}

/// "XBetza `x` is not supported yet" at `span`, with help.
fn unsupported_at(span: Span, what: &str, help: &str) -> Diagnostic {
    Diagnostic::new(span, format!("XBetza `{what}` is not supported yet")).with_help(help.to_string())
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
    initial_square::refuse(&parsed)?;
    lower::lower(&parsed)
}

/// A piece's XBetza move string read whole: its moves and the variant rules it states, castling
/// (`O`, X30), drops (`@`, X31) and imitation (`I`, X62), which only a variant can run.
#[derive(Clone, Debug, Default)]
pub struct XPiece {
    /// The moves of every other part.
    pub moves: MoveSet,
    /// The castlings of its `O` parts.
    pub castlings: Vec<castling::XCastling>,
    /// Its `@` part.
    pub drop: Option<drops::XDrop>,
    /// Its `I` parts (X62): what it imitates.
    pub imitations: Vec<imitator::XImitation>,
}

/// Parses and lowers a piece's XBetza move string, castling `O` and drops `@` included; `ii` is
/// an error (there is no start position: see [`compile_piece_from`]).
pub fn compile_piece(text: &str) -> Result<XPiece, Vec<Diagnostic>> {
    compile_piece_from(text, None)
}

/// [`compile_piece`] for a piece of a variant: `origin` is where its kind stands in the start
/// position (ranks counted from its side), the squares its `ii` moves start from (X57).
pub fn compile_piece_from(text: &str, origin: Option<&BoardRange>) -> Result<XPiece, Vec<Diagnostic>> {
    let mut parsed = parse(text)?;
    let initial = match origin {
        Some(_) => initial_square::split(&mut parsed)?,
        None => {
            initial_square::refuse(&parsed)?;
            XMove { parts: Vec::new(), chains: Vec::new() }
        }
    };
    let mut piece = XPiece::default();
    let mut errors = Vec::new();
    for part in &parsed.parts {
        match part.atom {
            'O' => match castling::read(part) {
                Ok(list) => piece.castlings.extend(list),
                Err(e) => errors.extend(e),
            },
            '@' if piece.drop.is_some() => errors.push(
                Diagnostic::new(part.atom_span, "a second drop `@`")
                    .with_help("a piece has one drop zone: write its modifiers on one `@`"),
            ),
            '@' => match drops::read(part) {
                Ok(d) => piece.drop = Some(d),
                Err(e) => errors.extend(e),
            },
            'I' => match imitator::read(part) {
                Ok(list) => piece.imitations.extend(list),
                Err(e) => errors.extend(e),
            },
            _ => {}
        }
    }
    parsed.parts.retain(|p| !matches!(p.atom, 'O' | '@' | 'I'));
    match lower::lower(&parsed) {
        Ok(moves) => piece.moves = moves,
        Err(e) => errors.extend(e),
    }
    if let Some(origin) = origin {
        match lower::lower(&initial).and_then(|m| initial_square::restrict(m, origin)) {
            Ok(moves) => piece.moves.moves.extend(moves),
            Err(e) => errors.extend(e),
        }
    }
    if errors.is_empty() {
        Ok(piece)
    } else {
        errors.sort_by_key(|d| (d.span.start, d.span.end));
        Err(errors)
    }
}

/// Prints the parts as read, one after the other, with `a` between legs and a doubled atom as
/// its range `0` (`NN` prints `N0`, `W03` prints `W3`), then the chains (`mW-F`, `(W-F)0`): the
/// form `mbn parse --dialect xbetza` shows.
impl std::fmt::Display for XMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut first = true;
        let mut gap =
            |f: &mut std::fmt::Formatter<'_>| if std::mem::take(&mut first) { Ok(()) } else { f.write_str(" ") };
        for part in &self.parts {
            gap(f)?;
            write!(f, "{part}")?;
        }
        for chain in &self.chains {
            gap(f)?;
            let open = chain.repeat.is_some();
            if open {
                f.write_str("(")?;
            }
            for (i, leg) in chain.legs.iter().enumerate() {
                if i > 0 {
                    f.write_str("-")?;
                }
                write!(f, "{leg}")?;
            }
            if let Some(range) = chain.repeat {
                f.write_str(")")?;
                write_range(f, range)?;
            }
        }
        Ok(())
    }
}

impl std::fmt::Display for XLeg {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for d in &self.directions {
            f.write_str(&d.text)?;
        }
        for (c, _) in &self.modes {
            write!(f, "{c}")?;
        }
        Ok(())
    }
}

impl std::fmt::Display for XPart {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (j, leg) in self.legs.iter().enumerate() {
            if j > 0 {
                f.write_str("a")?;
            }
            write!(f, "{leg}")?;
        }
        write!(f, "{}", self.atom)?;
        if let Some(boost) = self.boost {
            write!(f, "{boost}")?;
        }
        if let Some(modifiers) = &self.count_modifiers {
            write!(f, "{modifiers}")?;
        }
        write_range(f, self.range)
    }
}

/// A range as printed: a doubled atom as `0`.
fn write_range(f: &mut std::fmt::Formatter<'_>, range: XRange) -> std::fmt::Result {
    match range {
        XRange::Default => Ok(()),
        XRange::Number(n) => write!(f, "{n}"),
        XRange::Doubled => f.write_str("0"),
    }
}
