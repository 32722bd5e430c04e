//! Every notation string of the specification (seeds 000, 003, 004), with the expected outcome.
//!
//! `tests/data/seed_examples.txt` lists them; [`is_definition_list`] tells a definition list from one
//! move expression. Each string that parses must also survive a round trip through
//! the canonical printer.

use mbn_codegen::syntax::{is_definition_list, parse_move, parse_notation};

/// Parses `s` the way the fixture means it, and prints the result canonically.
fn parse(s: &str) -> Result<String, String> {
    let render = |ds: Vec<mbn_codegen::Diagnostic>| ds.iter().map(|d| d.render(s)).collect::<String>();
    if is_definition_list(s) {
        let first = parse_notation(s).map_err(render)?;
        let printed = first.to_string();
        let second = parse_notation(&printed).map_err(|e| format!("reprint `{printed}` fails: {e:?}"))?;
        assert_eq!(first, second, "round trip of `{s}` through `{printed}`");
        Ok(printed)
    } else {
        let first = parse_move(s).map_err(render)?;
        let printed = first.to_string();
        let second = parse_move(&printed).map_err(|e| format!("reprint `{printed}` fails: {e:?}"))?;
        assert_eq!(first, second, "round trip of `{s}` through `{printed}`");
        Ok(printed)
    }
}

#[test]
fn every_seed_example_has_its_expected_outcome() {
    let data = include_str!("data/seed_examples.txt");
    let mut failures = Vec::new();
    let mut count = 0;
    for (n, line) in data.lines().enumerate() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split('\t').collect();
        let [expect, notation, source, note] = fields[..] else {
            panic!("line {}: expected 4 tab-separated fields", n + 1);
        };
        count += 1;
        match (expect, parse(notation)) {
            ("parses", Ok(_)) | ("error", Err(_)) => {}
            ("parses", Err(e)) => failures.push(format!("line {}: `{notation}` ({source}) should parse:\n{e}", n + 1)),
            ("error", Ok(p)) => failures
                .push(format!("line {}: `{notation}` ({source}) should fail ({note}) but parsed as `{p}`", n + 1)),
            (other, _) => panic!("line {}: unknown expectation `{other}`", n + 1),
        }
    }
    assert!(count > 90, "only {count} examples");
    assert!(failures.is_empty(), "{} of {count} examples disagree:\n{}", failures.len(), failures.join("\n"));
}
