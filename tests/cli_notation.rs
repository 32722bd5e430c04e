//! The notation commands of the `mbn` binary: output, exit codes, and notations starting with `-`.

use std::process::{Command, Output, Stdio};

fn mbn(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mbn")).args(args).output().expect("run mbn")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn parse_prints_the_canonical_form() {
    let o = mbn(&["parse", "PS=mfWcfF"]);
    assert!(o.status.success());
    assert_eq!(stdout(&o).trim(), "PS=mfW+cfF");
}

#[test]
fn parse_errors_are_located_with_a_caret() {
    let o = mbn(&["parse", "mfW+(cF"]);
    assert_eq!(o.status.code(), Some(1));
    let e = stderr(&o);
    assert!(e.contains("unexpected end of the notation: expected `)`"), "{e}");
    assert!(e.contains("  | mfW+(cF\n  |        ^"), "{e}");
}

#[test]
fn several_errors_are_reported() {
    let o = mbn(&["parse", "A=qW B=W( C=:4"]);
    assert_eq!(o.status.code(), Some(1));
    let e = stderr(&o);
    assert_eq!(e.matches("error:").count(), 3, "{e}");
}

#[test]
fn notations_starting_with_a_dash_work_after_double_dash() {
    let o = mbn(&["parse", "--", "-Q=fQ Q"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o).trim(), "-Q=fQ Q");
    let o = mbn(&["ancp", "--", "+P==QRBN +P"]);
    assert!(o.status.success(), "{}", stderr(&o));
}

#[test]
fn ancp_prints_the_canonical_algebraic_form() {
    let o = mbn(&["ancp", "B"]);
    assert_eq!(stdout(&o).trim(), "slide*(1,1)");
    let o = mbn(&["ancp", "K|King| I|Nightrider| @I=N0"]);
    assert_eq!(stdout(&o), "K: slide(0,1)(1,1)\nI: leap*(1,2)\n");
}

#[test]
fn equal_exit_codes() {
    assert_eq!(mbn(&["equal", "Q", "RB"]).status.code(), Some(0));
    assert_eq!(mbn(&["equal", "NN", "N"]).status.code(), Some(0));
    assert_eq!(mbn(&["equal", "W4", "R"]).status.code(), Some(1));
    assert_eq!(mbn(&["equal", "W4", "R("]).status.code(), Some(2));
    assert_eq!(mbn(&["equal", "P=W Q=F", "W"]).status.code(), Some(2));
}

/// X112: the comparison is of the notation; a piece the move generators refuse is still compared,
/// with a note on stderr saying why it does not run.
#[test]
fn equal_notes_a_piece_that_does_not_run() {
    // M32: `u` only moves, so its modes do not matter to the notation; `cuW` runs nowhere.
    let o = mbn(&["equal", "cuW", "uW"]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(stdout(&o), "equal\n");
    assert_eq!(
        stderr(&o),
        "note: mbn's move generators refuse `cuW`: `u` on a leg that may not move (`cuR`): `u` forbids capturing\n"
    );
    // Pieces that run get no note.
    let o = mbn(&["equal", "uW", "W"]);
    assert_eq!((o.status.code(), stderr(&o).as_str()), (Some(1), ""));
}

#[test]
fn explain_draws_the_destinations() {
    let o = mbn(&["explain", "mfW+cefF", "--board", "5x5", "--from", "c2"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let board: Vec<&str> = out.lines().skip(1).take(6).collect();
    assert_eq!(
        board,
        ["  5 . . . . .", "  4 . . . . .", "  3 . c m c .", "  2 . . X . .", "  1 . . . . .", "    a b c d e"]
    );
}

#[test]
fn explain_marks_move_and_capture() {
    let o = mbn(&["explain", "K", "--board", "3x3"]);
    let out = stdout(&o);
    assert!(out.contains("  3 * * *\n  2 * X *\n  1 * * *\n"), "{out}");
    assert!(out.contains("(8 destinations)"));
}

/// Multi-leg moves are drawn by the interpreter: a quiet landing moves, a landing on a lone enemy
/// captures; what the interpreter refuses is a note.
#[test]
fn explain_draws_multi_leg_moves() {
    // The Xiangqi Horse `W-fF` on c3 of a 5x5 board; the Checker's jump `fcF-mF` needs an enemy on
    // the way, so only its step shows (`m`).
    let o = mbn(&["explain", "W-fF", "--board", "5x5", "--from", "c3"]);
    let out = stdout(&o);
    let board: Vec<&str> = out.lines().skip(1).take(6).collect();
    assert_eq!(
        board,
        ["  5 . * . * .", "  4 * . . . *", "  3 . . X . .", "  2 * . . . *", "  1 . * . * .", "    a b c d e"]
    );
    assert!(out.contains("(8 destinations)") && out.contains("drawn by the interpreter"), "{out}");
    let out = stdout(&mbn(&["explain", "fmF+(fcF-mF)", "--board", "5x5", "--from", "c3"]));
    assert!(out.contains("  4 . m . m .\n") && out.contains("(2 destinations)"), "{out}");
    // What the interpreter refuses is a note.
    let out = stdout(&mbn(&["explain", "(K-sK)0", "--board", "5x5"]));
    assert!(out.contains("multi-leg moves are not drawn: unlimited complex riders"), "{out}");
}

/// The diagram of a 5x5 board from `mbn explain NOTATION --board 5x5` (from c3), and its text.
fn explained(notation: &str) -> (Vec<String>, String) {
    let out = stdout(&mbn(&["explain", notation, "--board", "5x5"]));
    (out.lines().skip(1).take(5).map(str::to_string).collect(), out)
}

/// M141: a `u` leg only moves (M32), so it is drawn `m` whatever mode is written, and a piece the
/// move generators refuse (`cuC`) says so under the diagram.
#[test]
fn explain_draws_u_legs_as_moves_and_notes_refused_pieces() {
    let (board, out) = explained("uR");
    assert_eq!(board, ["  5 . . m . .", "  4 . . m . .", "  3 m m X m m", "  2 . . m . .", "  1 . . m . ."]);
    assert!(!out.contains("note:"), "{out}");
    // `uR+W` keeps its Wazir steps, which capture.
    assert!(explained("uR+W").1.contains("  3 m * X * m\n"));
    let (board, out) = explained("cuC");
    assert_eq!(board[0], "  5 . . . . .");
    assert!(
        out.ends_with("note: mbn's move generators refuse this piece: `u` on a leg that may not move (`cuR`): `u` forbids capturing\n"),
        "{out}"
    );
    // A refusal the multi-leg drawing already notes is not said twice.
    assert_eq!(explained("(K-sK)0").1.matches("not run by mbn's interpreter yet").count(), 1);
}

/// M141: a flip (`x`, M34) is drawn with marks of its own, as a swap is (X45): `xN` moves and flips,
/// `cxN` captures and flips; multi-leg flips and swaps are drawn so too (`mR-xW`, `mR-wW`).
#[test]
fn explain_draws_flips_with_their_own_marks() {
    let (board, out) = explained("xN");
    assert_eq!(board, ["  5 . f . f .", "  4 f . . . f", "  3 . . X . .", "  2 f . . . f", "  1 . f . f ."]);
    assert!(out.contains("f move or flip, x flip only, + capture or flip (8 destinations)"), "{out}");
    assert_eq!(explained("cxN").0[0], "  5 . + . + .");
    assert_eq!(explained("K+xxF").0[1], "  4 . + * + .");
    let (board, out) = explained("mR-xW");
    assert_eq!(board, ["  5 . . f . .", "  4 . . . . .", "  3 f . X . f", "  2 . . . . .", "  1 . . f . ."]);
    assert!(out.contains("drawn by the interpreter"), "{out}");
    assert_eq!(explained("mR-wW").0[2], "  3 w . X . w");
    // `cx` captures and flips (M129): no quiet step at the end.
    assert_eq!(explained("mR-cxW").0[0], "  5 . . + . .");
}

/// M141: a cylindrical leg (`o`, M38) goes round the edge, so the interpreter draws it, as it
/// draws multi-leg moves.
#[test]
fn explain_draws_cylindrical_moves_round_the_edge() {
    let o = mbn(&["explain", "ombF3", "--board", "8x8", "--from", "g7"]);
    let out = stdout(&o);
    let board: Vec<&str> = out.lines().skip(2).take(4).collect();
    assert_eq!(board, ["  7 . . . . . . X .", "  6 . . . . . m . m", "  5 m . . . m . . .", "  4 . m . m . . . ."]);
    assert!(out.contains("note: cylindrical moves (`o`) drawn by the interpreter"), "{out}");
    // A rook on a cylinder: its whole rank, each square once.
    assert!(explained("oR").1.contains("  3 * * X * *\n"));
}

#[test]
fn explain_rejects_a_square_off_the_board() {
    let o = mbn(&["explain", "K", "--board", "3x3", "--from", "e5"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("not on a 3x3 board"));
}

/// Output closed early (`mbn explain Q | head -1`): no panic ("failed printing to stdout"), the
/// process ends quietly with status 141 as after `SIGPIPE` (or 0, had it written everything into
/// the pipe before it closed).
#[test]
fn closed_output_ends_quietly() {
    for args in [&["explain", "Q", "--board", "16x16", "--from", "h8"][..], &["equal", "W-[F]", "W-F"]] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_mbn"))
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("run mbn");
        drop(child.stdout.take());
        let o = child.wait_with_output().expect("wait for mbn");
        assert!(!stderr(&o).contains("panicked"), "{args:?}: {}", stderr(&o));
        assert!(matches!(o.status.code(), Some(141 | 0 | 1)), "{args:?}: {:?}", o.status);
    }
}

/// The README's sessions (`$ mbn ...` in its text blocks) print what the README shows: every line
/// it lists, in order, up to a line `...` (the rest cut short) or the end of the block; the timing
/// lines of `perft` are not listed.
#[test]
fn readme_sessions_print_what_the_readme_shows() {
    let readme = include_str!("../README.md");
    let mut sessions = 0;
    let mut lines = readme.lines().peekable();
    while let Some(line) = lines.next() {
        let Some(command) = line.strip_prefix("$ mbn ") else { continue };
        let mut shown = Vec::new();
        while let Some(next) = lines.peek() {
            if next.starts_with("$ ") || next.starts_with("```") {
                break;
            }
            shown.push(lines.next().unwrap_or_default());
        }
        let args = words(command);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let o = mbn(&args);
        let printed = stdout(&o) + &stderr(&o);
        let mut printed = printed.lines();
        for want in shown.iter().take_while(|l| l.trim() != "...") {
            assert_eq!(printed.next(), Some(*want), "`mbn {command}` in the README");
        }
        sessions += 1;
    }
    assert!(sessions >= 6, "only {sessions} README sessions found");
}

/// A README command line's words: `'...'` quotes a word, an unquoted `#` starts a comment.
fn words(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word: Option<String> = None;
    let mut quoted = false;
    for c in line.chars() {
        match c {
            '\'' => {
                quoted = !quoted;
                word.get_or_insert_with(String::new);
            }
            '#' if !quoted => break,
            c if c.is_whitespace() && !quoted => out.extend(word.take()),
            c => word.get_or_insert_with(String::new).push(c),
        }
    }
    out.extend(word);
    out
}
