//! Fuzz target `parse`: arbitrary UTF-8 through `parse_notation` and `parse_move`.
//!
//! Neither may panic. Every diagnostic must have a span inside the input, on character boundaries,
//! and a non-empty message, and must render. Whatever parses must survive the canonical printer:
//! `parse(print(parse(s))) == parse(s)`.

#![no_main]

use libfuzzer_sys::fuzz_target;
use mbn_codegen::syntax::{parse_move, parse_notation};
use mbn_codegen::Diagnostic;
use std::fmt::{Debug, Display};

fn check<T: Debug + Display + PartialEq>(input: &str, parse: fn(&str) -> Result<T, Vec<Diagnostic>>) {
    match parse(input) {
        Ok(tree) => {
            let printed = tree.to_string();
            match parse(&printed) {
                Ok(again) => assert!(again == tree, "`{input}` prints as `{printed}`, which reads back as `{again}`"),
                Err(e) => panic!("`{input}` prints as `{printed}`, which does not parse: {e:?}"),
            }
        }
        Err(diagnostics) => {
            assert!(!diagnostics.is_empty(), "`{input}` fails without a diagnostic");
            for d in &diagnostics {
                let spans = std::iter::once(&d.span).chain(d.labels.iter().map(|(s, _)| s));
                for s in spans {
                    assert!(s.start <= s.end && s.end <= input.len(), "span {s:?} outside `{input}`: {d:?}");
                    assert!(
                        input.is_char_boundary(s.start) && input.is_char_boundary(s.end),
                        "span {s:?} splits a character of `{input}`: {d:?}"
                    );
                }
                assert!(!d.message.trim().is_empty(), "empty message for `{input}`: {d:?}");
                let _ = d.render(input);
            }
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(input) = std::str::from_utf8(data) else { return };
    check(input, parse_notation);
    check(input, parse_move);
});
