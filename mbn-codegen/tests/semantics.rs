use mbn_codegen::ancp::Canonical;
use mbn_codegen::syntax::{parse_move, parse_notation, is_definition_list};
use mbn_codegen::compile_move;

fn show_parse(s: &str) -> String {
    match parse_move(s) {
        Ok(m) => format!("OK {m}"),
        Err(e) => format!("ERR {}", e.iter().map(|d| d.one_line()).collect::<Vec<_>>().join(" || ")),
    }
}
fn show_notation(s: &str) -> String {
    match parse_notation(s) {
        Ok(n) => format!("OK {n}"),
        Err(e) => format!("ERR {}", e.iter().map(|d| d.one_line()).collect::<Vec<_>>().join(" || ")),
    }
}
fn show_ancp(s: &str) -> String {
    match compile_move(s) {
        Ok(m) => format!("OK {}", Canonical::of(&m)),
        Err(e) => format!("ERR {}", e.iter().map(|d| d.one_line()).collect::<Vec<_>>().join(" || ")),
    }
}

#[test]
fn probe() {
    let text = std::fs::read_to_string("/tmp/probe/in.txt").unwrap();
    for line in text.lines() {
        let (kind, s) = line.split_once(' ').unwrap();
        let out = match kind {
            "p" => show_parse(s),
            "n" => show_notation(s),
            "a" => show_ancp(s),
            "d" => format!("{}", is_definition_list(s)),
            _ => "?".into(),
        };
        println!("{kind} {s:30} => {out}");
    }
}
