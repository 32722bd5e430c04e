//! The parser is total: no input makes [`parse_notation`] or [`parse_move`] panic.
//!
//! For every input, each diagnostic has a span inside the input (`start <= end <= len`, on character
//! boundaries) and a non-empty message, and rendering it never panics. Whatever parses also survives
//! the canonical printer: `parse(print(parse(s))) == parse(s)`.
//!
//! Inputs: strings over MBN's alphabet, sequences of MBN tokens, mutated seed examples, arbitrary
//! Unicode, and the limits: nesting beyond `MAX_DEPTH`, numbers beyond `MAX_NUMBER` and texts beyond
//! `MAX_LEN`.

use mbn_codegen::syntax::{parse_move, parse_notation, MAX_DEPTH, MAX_LEN};
use mbn_codegen::Diagnostic;
use proptest::collection::vec;
use proptest::prelude::*;
use proptest::sample::select;
use std::fmt::Debug;

/// `cases` test cases, or `PROPTEST_CASES` when set.
fn config(cases: u32) -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES").ok().and_then(|s| s.parse().ok()).unwrap_or(cases);
    ProptestConfig { cases, failure_persistence: None, ..ProptestConfig::default() }
}

/// Checks one diagnostic against the text it was found in.
fn check_diagnostic(input: &str, d: &Diagnostic) -> Result<(), TestCaseError> {
    let spans = std::iter::once(&d.span).chain(d.labels.iter().map(|(s, _)| s));
    for s in spans {
        prop_assert!(
            s.start <= s.end && s.end <= input.len(),
            "span {}..{} outside `{}` ({} bytes): {}",
            s.start,
            s.end,
            input,
            input.len(),
            d.message
        );
        prop_assert!(
            input.is_char_boundary(s.start) && input.is_char_boundary(s.end),
            "span {}..{} splits a character of `{}`: {}",
            s.start,
            s.end,
            input,
            d.message
        );
    }
    prop_assert!(!d.message.trim().is_empty(), "empty message for `{}` at {:?}", input, d.span);
    let rendered = d.render(input);
    prop_assert!(rendered.contains(&d.message));
    Ok(())
}

/// Parses `input` with `parse`; on success, checks the round trip through the printer, on failure
/// the diagnostics.
fn check_with<T: Debug + PartialEq + ToString>(
    input: &str,
    parse: fn(&str) -> Result<T, Vec<Diagnostic>>,
) -> Result<(), TestCaseError> {
    match parse(input) {
        Ok(tree) => {
            let printed = tree.to_string();
            match parse(&printed) {
                Ok(again) => prop_assert!(
                    again == tree,
                    "`{}` prints as `{}`, which reads back as `{}`",
                    input,
                    printed,
                    again.to_string()
                ),
                Err(e) => prop_assert!(false, "`{}` prints as `{}`, which does not parse: {:?}", input, printed, e),
            }
        }
        Err(diagnostics) => {
            prop_assert!(!diagnostics.is_empty(), "`{}` fails without a diagnostic", input);
            for d in &diagnostics {
                check_diagnostic(input, d)?;
            }
        }
    }
    Ok(())
}

/// Both entry points on `input`.
fn check(input: &str) -> Result<(), TestCaseError> {
    check_with(input, parse_notation)?;
    check_with(input, parse_move)
}

/// The diagnostics of both entry points, which must both fail.
fn errors(input: &str) -> Vec<Diagnostic> {
    let mut all = parse_notation(input).expect_err("parse_notation should fail");
    all.extend(parse_move(input).expect_err("parse_move should fail"));
    for d in &all {
        check_diagnostic(input, d).unwrap();
    }
    all
}

/// Pieces of MBN: atoms, modifiers, brackets, operators, ranges, sets, definitions.
const TOKENS: &[&str] = &[
    "W",
    "F",
    "N",
    "Q",
    "K",
    "B",
    "R",
    "O",
    "P",
    "X",
    "q",
    "k",
    "p",
    ":AB:",
    ":a+:",
    ":1,2:",
    ":0,999:",
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    "<",
    ">",
    "<>",
    "<2d>",
    "<3o>",
    "<<",
    ">>",
    "<s>",
    "<1;2>",
    "<+-1>",
    "<*>",
    "-",
    "--",
    "+",
    "+-",
    "!",
    "#",
    "*",
    "**",
    "0",
    "1",
    "3",
    "03",
    "00",
    "0*",
    "999",
    "1000",
    "f",
    "b",
    "l",
    "r",
    "v",
    "s",
    "d",
    "t",
    "z",
    "ff",
    "(lf)",
    "(ff)",
    "(rf)",
    "m",
    "c",
    "cc",
    "cy",
    "c?",
    "y",
    "o",
    "a",
    "e",
    "g",
    "h",
    "i",
    "j",
    "n",
    "p",
    "u",
    "w",
    "x",
    "[a1]",
    "[a-c1-3]",
    "[^#]",
    "[.,+,*,:]",
    "a1",
    "b2(+1,-2)",
    "A-H",
    ",",
    ";",
    "/",
    "/Q/",
    "/a1/",
    "{Q}",
    "{!Q}",
    "{^Q}",
    "{!^q}",
    "^",
    "@",
    "=",
    "==",
    "'",
    "O-O",
    "O-O-O",
    "$",
    "%",
    "&",
    "?",
    "|c|",
    "|",
    " ",
    "\n",
    ".",
    "é",
    "\u{0}",
];

/// A sequence of MBN tokens.
fn token_soup() -> impl Strategy<Value = String> {
    vec(select(TOKENS), 0..24).prop_map(|t| t.concat())
}

/// The notation strings of the specification (`tests/data/seed_examples.txt`).
fn seeds() -> Vec<&'static str> {
    include_str!("data/seed_examples.txt")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .filter_map(|l| l.split('\t').nth(1))
        .collect()
}

/// One edit of a string: replace the byte range `at..at+len` (clamped to character boundaries) by a
/// token.
#[derive(Clone, Debug)]
struct Edit {
    at: usize,
    len: usize,
    token: &'static str,
}

fn apply(s: &str, edits: &[Edit]) -> String {
    let mut s = s.to_string();
    for e in edits {
        let floor = |mut i: usize| {
            i = i.min(s.len());
            while !s.is_char_boundary(i) {
                i -= 1;
            }
            i
        };
        let start = floor(e.at % (s.len() + 1));
        let end = floor(start + e.len);
        s.replace_range(start..end, e.token);
    }
    s
}

/// A seed example with a few edits: mostly one character or token away from a valid notation.
fn mutated_seed() -> impl Strategy<Value = String> {
    let edit = (
        any::<usize>(),
        prop_oneof![2 => Just(0usize), 2 => 1..3usize, 1 => 0..10usize],
        prop_oneof![
            1 => Just(""),
            3 => select(TOKENS),
        ],
    )
        .prop_map(|(at, len, token)| Edit { at, len, token });
    (select(seeds()), vec(edit, 1..4)).prop_map(|(seed, edits)| apply(seed, &edits))
}

proptest! {
    #![proptest_config(config(50_000))]

    /// Strings over MBN's alphabet.
    #[test]
    fn alphabet_strings(s in "[A-Za-z0-9:;,<>()\\[\\]{}+\\-!#*^/|@'=?.$%& ]{0,40}") {
        check(&s)?;
    }
}

proptest! {
    #![proptest_config(config(20_000))]

    /// Sequences of MBN tokens.
    #[test]
    fn token_sequences(s in token_soup()) {
        check(&s)?;
    }

    /// Seed examples with a few edits.
    #[test]
    fn mutated_seeds(s in mutated_seed()) {
        check(&s)?;
    }
}

proptest! {
    #![proptest_config(config(10_000))]

    /// Arbitrary Unicode, control characters included.
    #[test]
    fn arbitrary_strings(s in any::<String>()) {
        check(&s)?;
    }
}

#[test]
fn deep_nesting_is_an_error_not_a_stack_overflow() {
    let depth = 200;
    for (open, close) in [("(", ")"), ("[", "]"), ("{", "}"), ("(W+(", "))")] {
        let nested = format!("{}W{}", open.repeat(depth), close.repeat(depth));
        // Unclosed, only a group nests: an unclosed `[` or `{` is a range or a set, which holds no `[`/`{`.
        let unclosed = if open.starts_with('(') { open.repeat(depth) } else { nested.clone() };
        for input in [nested.clone(), format!("B={nested}"), unclosed] {
            let errors = errors(&input);
            assert!(errors.iter().any(|d| d.message.contains("nesting too deep")), "`{}...`: {errors:?}", &input[..20]);
        }
    }
    // Exactly at the limit still parses.
    let at_limit = format!("{}W{}", "(".repeat(MAX_DEPTH), ")".repeat(MAX_DEPTH));
    parse_move(&at_limit).expect("MAX_DEPTH groups parse");
}

/// The nesting error points at the bracket one level too deep, inside the input, even when that
/// bracket is the last character (found by fuzzing), and it is the only error.
#[test]
fn nesting_error_at_the_end() {
    for input in
        ["(".repeat(MAX_DEPTH + 1), format!("B={}", "(".repeat(MAX_DEPTH + 1)), format!("{}W-[", "(".repeat(MAX_DEPTH))]
    {
        let found =
            if input.contains('=') { parse_notation(&input) } else { parse_move(&input).map(|_| Default::default()) }
                .expect_err("too deep");
        assert_eq!(found.len(), 1, "`{input}`: {found:?}");
        assert!(found[0].message.starts_with("nesting too deep"));
        assert!(["(", "["].contains(&&input[found[0].span.start..found[0].span.end]), "`{input}`: {found:?}");
        errors(&input);
    }
}

#[test]
fn huge_numbers_are_errors() {
    for input in ["W99999999999", "W4294967296", "W1000", ":1000,1:", "W099999999999999999999", "[a99999999999]W"] {
        let errors = errors(input);
        assert!(errors.iter().any(|d| d.message.contains("too large")), "`{input}`: {errors:?}");
    }
    let long_number = format!("W{}", "9".repeat(10_000));
    assert!(errors(&long_number).iter().any(|d| d.message.contains("too large")));
}

#[test]
fn overlong_notation_is_an_error() {
    for len in [MAX_LEN + 1, 2 * MAX_LEN, 1 << 20] {
        let input = "W".repeat(len);
        let errors = errors(&input);
        assert!(errors.iter().any(|d| d.message.contains("too long")), "{len} bytes: {errors:?}");
    }
    // A long but admissible notation parses.
    let items = vec!["B=F0"; (MAX_LEN - 1) / 5].join(" ");
    assert!(items.len() <= MAX_LEN);
    parse_notation(&items).expect("a long notation within MAX_LEN parses");
}

#[test]
fn empty_and_blank_inputs() {
    for input in ["", " ", "\t\n", "||", "|comment|", " |a| |b| "] {
        check(input).unwrap();
    }
    assert!(parse_move("").is_err());
    assert_eq!(parse_notation("").map(|n| n.items.len()), Ok(0));
}
