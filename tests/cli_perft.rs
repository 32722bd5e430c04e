//! The `perft` and `moves` commands, run as the built binary.

use std::process::{Command, Output};

fn mbn(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mbn")).args(args).output().expect("the mbn binary runs")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn perft_chess_3() {
    let out = mbn(&["perft", "chess", "3"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.lines().any(|l| l == "nodes: 8902"), "{text}");
    assert!(text.contains("engine: generated code"), "{text}");
    assert!(text.contains("nodes/s: "), "{text}");
    let out = mbn(&["perft", "chess", "3", "--interpret"]);
    let text = stdout(&out);
    assert!(text.contains("nodes: 8902"), "{text}");
    assert!(text.contains("engine: interpreter"), "{text}");
}

#[test]
fn perft_divide_lists_the_root_moves() {
    let out = mbn(&["perft", "chess", "2", "--divide"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let moves: Vec<(&str, u64)> = text
        .lines()
        .filter_map(|l| l.split_once(": "))
        .filter(|(m, _)| m.len() == 4 && m.as_bytes()[1].is_ascii_digit())
        .map(|(m, n)| (m, n.parse().unwrap()))
        .collect();
    assert_eq!(moves.len(), 20, "{text}");
    assert!(moves.contains(&("e2e4", 20)), "{text}");
    assert!(moves.windows(2).all(|w| w[0].0 < w[1].0), "sorted: {text}");
    assert_eq!(moves.iter().map(|m| m.1).sum::<u64>(), 400);
    assert!(text.contains("nodes: 400"), "{text}");
}

#[test]
fn perft_from_a_fen_and_a_file() {
    let out = mbn(&["perft", "chess", "2", "--fen", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"]);
    assert!(stdout(&out).contains("nodes: 191"), "{}{}", stdout(&out), stderr(&out));
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/variants/capablanca.toml");
    let out = mbn(&["perft", path, "2"]);
    assert!(stdout(&out).contains("nodes: 784"), "{}{}", stdout(&out), stderr(&out));
}

#[test]
fn unknown_variants_are_refused_helpfully() {
    let out = mbn(&["perft", "no-such-variant", "3"]);
    assert!(!out.status.success());
    let err = stderr(&out);
    assert!(err.contains("unknown variant `no-such-variant`"), "{err}");
    assert!(err.contains("chess") && err.contains("capablanca"), "lists the bundled variants: {err}");
    let out = mbn(&["perft", "missing/file.toml", "3"]);
    assert!(!out.status.success());
    assert!(stderr(&out).contains("cannot read"), "{}", stderr(&out));
}

#[test]
fn bad_fens_and_bad_files_are_errors_not_panics() {
    let out = mbn(&["perft", "chess", "2", "--fen", "rnbqkbnr/ppppzppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("invalid FEN"), "{}", stderr(&out));
    let dir = std::env::temp_dir().join(format!("mbn-cli-perft-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("broken.toml");
    std::fs::write(
        &path,
        "name = \"broken\"\nboard = \"8x8\"\nstart = \"8/8/8/8/8/8/8/K7 w - - 0 1\"\npieces = \"K=WFq\"\n",
    )
    .unwrap();
    let out = mbn(&["perft", path.to_str().unwrap(), "1"]);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(err.starts_with(&format!("{}:4:15: ", path.display())), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

fn moves(args: &[&str]) -> String {
    let mut all = vec!["moves"];
    all.extend_from_slice(args);
    let out = mbn(&all);
    assert!(out.status.success(), "{}", stderr(&out));
    stdout(&out).trim_end().to_string()
}

#[test]
fn moves_of_a_knight() {
    assert_eq!(moves(&["N", "--board", "8x8", "--from", "d4"]), "b3 b5 c2 c6 e2 e6 f3 f5");
    assert_eq!(moves(&["N", "--board", "8x8", "--from", "a1"]), "b3 c2");
    assert_eq!(
        moves(&["N", "--board", "8x8", "--from", "d4", "--json"]),
        r#"{"destinations":["b3","b5","c2","c6","e2","e6","f3","f5"]}"#
    );
}

#[test]
fn moves_of_a_rook_stop_at_blockers() {
    // A friendly piece on d6 stops the Rook before it; an enemy on f4 is captured; the rest is open.
    let line = moves(&["R", "--board", "8x8", "--from", "d4", "--friendly", "d6", "--enemy", "f4,b4"]);
    assert_eq!(line, "b4 c4 d1 d2 d3 d5 e4 f4");
    let line = moves(&["mR", "--from", "d4", "--enemy", "f4"]);
    assert!(!line.contains("f4") && line.contains("e4") && !line.contains("g4"), "{line}");
}

#[test]
fn moves_on_a_large_board_and_errors() {
    assert_eq!(moves(&["W", "--board", "10x10", "--from", "j10"]), "i10 j9");
    let out = mbn(&["moves", "mfWq", "--from", "d4"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("`q`"), "{}", stderr(&out));
    let out = mbn(&["moves", "N", "--from", "z9"]);
    assert_eq!(out.status.code(), Some(2));
}

/// `mbn moves` lists the piece's own destinations: the Relay Knight's (X28) quiet leaps, not the
/// leaps it induces in the friend on b5; the Valkyrie's (X27) relocations go to the friend's
/// square, `>` and the square the friend goes to (M129).
#[test]
fn moves_of_the_relay_knight_and_the_valkyrie() {
    let relay = ["--dialect", "xbetza", "mNxaN", "--from", "d4", "--friendly", "b5", "--enemy", "e6"];
    assert_eq!(moves(&relay), "b3 c2 c6 e2 f3 f5");
    let valkyrie = ["--dialect", "xbetza", "afudQ", "--from", "d4", "--friendly", "d7,b2"];
    assert_eq!(moves(&valkyrie), "b2>c3 d7>d5 d7>d6");
    // M129: the Guard `K+wK` captures or swaps with the enemy on e5.
    assert_eq!(moves(&["K+wK", "--from", "d4", "--enemy", "e5"]), "c3 c4 c5 d3 d5 e3 e4 e5 e5>d4");
}

/// `mbn moves` shows a swap on the way (M63) as its destination, `/` and the swapped piece's
/// squares: the Guard `wK-W` on d4 swaps the enemy on e5 to d4 and goes on to e6 or f5.
#[test]
fn moves_with_a_swap_on_the_way() {
    let guard = ["wK-W", "--from", "d4", "--enemy", "e5", "--friendly", "d3"];
    assert_eq!(moves(&guard), "b3 b4 b5 c2 c6 d6 e2 e6/e5d4 f3 f4 f5/e5d4");
    let json = moves(&["wK-W", "--from", "d4", "--enemy", "e5", "--json"]);
    assert!(json.contains("\"e6/e5d4\"") && json.contains("\"f5/e5d4\""), "{json}");
}

/// `mbn moves` shows a flip on the way (M126) as its destination, `~` and the flipped piece's
/// square: the Lariat `xR-mW` on d4 turns the enemy on d6 and stops on d7; the friend on f4 is
/// neither turned nor passed.
#[test]
fn moves_with_a_flip_on_the_way() {
    let lariat = ["xR-mW", "--from", "d4", "--enemy", "d6", "--friendly", "f4"];
    assert_eq!(moves(&lariat), "a4 b4 d1 d2 d7~d6");
    let json = moves(&["xR-mW", "--from", "d4", "--enemy", "d6", "--json"]);
    assert!(json.contains("\"d7~d6\""), "{json}");
}

/// A flip (MBN `x`, docs/SEMANTICS.md M34) is printed `~` and the square of the piece it turns:
/// the mover stays, so the square is no destination.
#[test]
fn moves_print_flips_with_a_tilde() {
    // The Xenos `xN+mK` on d4: King steps, quiet Knight leaps, and the flip of the enemy on e6.
    let line = moves(&["xN+mK", "--from", "d4", "--enemy", "e6"]);
    assert_eq!(line, "b3 b5 c2 c3 c4 c5 c6 d3 d5 e2 e3 e4 e5 ~e6 f3 f5");
    // `xx` flips friends only: the friend on c6 is flipped, the enemy on e6 is neither taken nor flipped.
    let line = moves(&["xxN", "--from", "d4", "--friendly", "c6", "--enemy", "e6"]);
    assert_eq!(line, "b3 b5 c2 ~c6 e2 f3 f5");
    assert_eq!(moves(&["xN", "--from", "a1", "--enemy", "b3", "--json"]), r#"{"destinations":["~b3","c2"]}"#);
}

/// A stationary capture (docs/SEMANTICS.md M61) is printed as the piece's square, `x` and the
/// square it takes; a pass (M62) as the piece's square.
#[test]
fn moves_print_stationary_captures_and_passes() {
    let line = moves(&["ADN(aK--[K])", "--from", "d4", "--enemy", "d5"]);
    assert_eq!(line, "b2 b3 b4 b5 b6 c2 c3 c4 c5 c6 d2 d3 d4 d4xd5 d5 d6 e2 e3 e4 e5 e6 f2 f3 f4 f5 f6");
    assert_eq!(moves(&["!cK", "--from", "a1", "--enemy", "a2,b2", "--json"]), r#"{"destinations":["a1xa2","a1xb2"]}"#);
    assert_eq!(moves(&["!mW", "--from", "d4"]), "d4");
    assert_eq!(moves(&["--dialect", "xbetza", "caibR", "--from", "d4", "--enemy", "d6,g4"]), "d4xd6 d4xg4");
}
