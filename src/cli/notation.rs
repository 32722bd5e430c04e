//! `parse`, `ancp`, `equal` and `explain`: the notation commands.
//!
//! Each takes a notation: one move (`mfW+cefF`) or a definition list (`B=F0 +P==QRBN`); see
//! `is_definition_list` for how they are told apart. Errors are printed with their column and a
//! caret excerpt.

use clap::Args;
use mbn::codegen::ancp::{self, Canonical};
use mbn::codegen::diagram::{self, Board};
use mbn::codegen::ir::MoveSet;
use mbn::codegen::syntax::xbetza;
use mbn::codegen::syntax::{is_definition_list, parse_move, parse_notation};
use mbn::codegen::{compile_move, compile_notation, Diagnostic, Dialect};
use std::process::ExitCode;

/// Arguments of `mbn parse`.
#[derive(Args, Debug)]
pub struct ParseArgs {
    /// The notation (put `--` before a notation that starts with `-`).
    notation: String,
    /// The notation's dialect: `mbn` (default) or `xbetza` (XBoard / Fairy-Stockfish Betza).
    #[arg(long, default_value = "mbn")]
    dialect: Dialect,
}

/// Arguments of `mbn ancp`.
#[derive(Args, Debug)]
pub struct AncpArgs {
    /// The notation.
    notation: String,
    /// The notation's dialect: `mbn` (default) or `xbetza` (XBoard / Fairy-Stockfish Betza).
    #[arg(long, default_value = "mbn")]
    dialect: Dialect,
}

/// Arguments of `mbn equal`.
#[derive(Args, Debug)]
pub struct EqualArgs {
    /// The first piece in MBN (a move, or a definition list defining one piece).
    a: Option<String>,
    /// The second piece in MBN.
    b: Option<String>,
    /// A piece in XBetza (`mbn equal --xbetza NN --mbn N0`); with the positional pieces and
    /// `--mbn`, two pieces in all.
    #[arg(long)]
    xbetza: Vec<String>,
    /// A piece in MBN, given as an option (`--xbetza R4 --mbn W4`).
    #[arg(long)]
    mbn: Vec<String>,
}

/// Arguments of `mbn explain`.
#[derive(Args, Debug)]
pub struct ExplainArgs {
    /// The notation.
    notation: String,
    /// The notation's dialect: `mbn` (default) or `xbetza` (XBoard / Fairy-Stockfish Betza).
    #[arg(long, default_value = "mbn")]
    dialect: Dialect,
    /// Board size, files x ranks.
    #[arg(long, default_value = "9x9", value_parser = parse_board)]
    board: Board,
    /// The piece's square (default: the centre of the board).
    #[arg(long)]
    from: Option<String>,
}

fn parse_board(s: &str) -> Result<Board, String> {
    let (f, r) = s.split_once(['x', 'X']).ok_or("expected FILESxRANKS, e.g. 8x8")?;
    let files: u8 = f.trim().parse().map_err(|_| format!("`{f}` is not a number of files"))?;
    let ranks: u8 = r.trim().parse().map_err(|_| format!("`{r}` is not a number of ranks"))?;
    if !(1..=26).contains(&files) || !(1..=99).contains(&ranks) {
        return Err("a board has 1 to 26 files and 1 to 99 ranks".into());
    }
    Ok(Board { files, ranks })
}

/// `e4` -> (4, 3), checked against the board.
fn parse_square(s: &str, board: Board) -> Result<(u8, u8), String> {
    let mut chars = s.chars();
    let file = chars.next().filter(char::is_ascii_lowercase).ok_or(format!("`{s}` is not a square such as e4"))?;
    let rank: u8 = chars.as_str().parse().map_err(|_| format!("`{s}` is not a square such as e4"))?;
    let (f, r) = (file as u8 - b'a', rank.wrapping_sub(1));
    if f >= board.files || r >= board.ranks {
        return Err(format!("`{s}` is not on a {}x{} board", board.files, board.ranks));
    }
    Ok((f, r))
}

fn report(source: &str, diagnostics: &[Diagnostic]) {
    for d in diagnostics {
        err!("{}", d.render(source));
    }
}

/// `mbn parse`.
pub fn parse(args: ParseArgs) -> ExitCode {
    let text = &args.notation;
    let printed = if args.dialect == Dialect::XBetza {
        xbetza::parse(text).map(|m| m.to_string())
    } else if is_definition_list(text) {
        parse_notation(text).map(|n| n.to_string())
    } else {
        parse_move(text).map(|m| m.to_string())
    };
    match printed {
        Ok(s) => {
            outln!("{s}");
            ExitCode::SUCCESS
        }
        Err(d) => {
            report(text, &d);
            ExitCode::from(1)
        }
    }
}

/// The pieces of a notation with their moves: one unnamed piece for a move expression.
fn compile(text: &str, dialect: Dialect) -> Result<Vec<(String, MoveSet)>, Vec<Diagnostic>> {
    if dialect == Dialect::XBetza {
        return xbetza::compile(text).map(|m| vec![(String::new(), m)]);
    }
    if !is_definition_list(text) {
        return compile_move(text).map(|m| vec![(String::new(), m)]);
    }
    let pieces = compile_notation(text)?;
    Ok(pieces
        .into_iter()
        .filter_map(|p| {
            let prefixes: String = p.piece.prefixes.iter().map(|x| x.as_char()).collect();
            let name = format!("{}{prefixes}{}", if p.piece.side_mover { "'" } else { "" }, p.piece.name);
            p.moves.map(|m| (name, m))
        })
        .collect())
}

/// `mbn ancp`.
pub fn ancp(args: AncpArgs) -> ExitCode {
    match compile(&args.notation, args.dialect) {
        Ok(pieces) => {
            for (name, moves) in pieces {
                let form = Canonical::of(&moves);
                if name.is_empty() {
                    outln!("{form}");
                } else {
                    outln!("{name}: {form}");
                }
            }
            ExitCode::SUCCESS
        }
        Err(d) => {
            report(&args.notation, &d);
            ExitCode::from(1)
        }
    }
}

/// The one piece a notation of `mbn equal` denotes.
fn one_piece(text: &str, dialect: Dialect) -> Result<MoveSet, ExitCode> {
    match compile(text, dialect) {
        Ok(mut pieces) if pieces.len() == 1 => Ok(pieces.remove(0).1),
        Ok(pieces) => {
            errln!("error: `{text}` defines {} pieces; `equal` compares one piece with one piece", pieces.len());
            Err(ExitCode::from(2))
        }
        Err(d) => {
            report(text, &d);
            Err(ExitCode::from(2))
        }
    }
}

/// `mbn equal`.
pub fn equal(args: EqualArgs) -> ExitCode {
    let mut given: Vec<(String, Dialect)> = args.a.into_iter().chain(args.b).map(|t| (t, Dialect::Mbn)).collect();
    given.extend(args.mbn.into_iter().map(|t| (t, Dialect::Mbn)));
    given.extend(args.xbetza.into_iter().map(|t| (t, Dialect::XBetza)));
    if given.len() != 2 {
        errln!("error: `equal` compares two pieces, {} given (positional MBN, `--mbn X`, `--xbetza X`)", given.len());
        return ExitCode::from(2);
    }
    let (a, b) = match (one_piece(&given[0].0, given[0].1), one_piece(&given[1].0, given[1].1)) {
        (Ok(a), Ok(b)) => (a, b),
        (Err(code), _) | (_, Err(code)) => return code,
    };
    let label = |(text, dialect): &(String, Dialect)| match dialect {
        Dialect::Mbn => text.clone(),
        Dialect::XBetza => format!("{text} (XBetza)"),
    };
    // The comparison is of the notation (docs/SEMANTICS.md X73); a piece the move generators
    // refuse is still compared, with a note saying so.
    for ((text, _), piece) in given.iter().zip([&a, &b]) {
        if let Some(d) = super::perft::refusal(piece) {
            errln!("note: mbn's move generators refuse `{text}`: {}", d.message);
        }
    }
    if ancp::equal(&a, &b) {
        outln!("equal");
        ExitCode::SUCCESS
    } else {
        outln!("different");
        outln!("  {}: {}", label(&given[0]), Canonical::of(&a));
        outln!("  {}: {}", label(&given[1]), Canonical::of(&b));
        ExitCode::from(1)
    }
}

/// Adds the marks of the moves `diagram::single_leg_destinations` leaves out (multi-leg and
/// cylindrical moves), run by the interpreter on the empty board, and a note saying how they were
/// drawn.
fn draw_interpreted_moves(
    moves: &MoveSet,
    board: Board,
    from: (u8, u8),
    marks: &mut std::collections::BTreeMap<(u8, u8), diagram::Marks>,
    notes: &mut Vec<String>,
) {
    let left = MoveSet { moves: moves.moves.iter().filter(|m| diagram::left_to_the_interpreter(m)).cloned().collect() };
    if left.moves.is_empty() {
        return;
    }
    let kinds = diagram::interpreted_kinds(&left);
    let geometry = mbn::runtime::Geometry::new(board.files, board.ranks);
    let (Ok(geometry), Some(sq)) = (geometry, geometry.ok().and_then(|g| g.square(from.0, from.1))) else {
        notes.push(format!("{kinds} are not drawn on a board of this size"));
        return;
    };
    match super::perft::multi_leg_marks(&left, geometry, sq) {
        Ok(found) => {
            for (sq, m) in found {
                let at = marks.entry((geometry.file_of(sq), geometry.rank_of(sq))).or_default();
                at.moves |= m.moves;
                at.captures |= m.captures;
                at.swaps |= m.swaps;
                at.flips |= m.flips;
            }
            notes.push(format!(
                "{kinds} drawn by the interpreter: captures with one enemy on the square and nothing else on the \
                 board (no hurdle to hop)"
            ));
        }
        Err(e) => notes.push(format!("{kinds} are not drawn: {e}")),
    }
}

/// The legend under a diagram: the swap and flip marks only where they are drawn.
fn legend(marks: &std::collections::BTreeMap<(u8, u8), diagram::Marks>) -> String {
    let mut legend = String::from("X piece, * move or capture, m move only, c capture only");
    let (swaps, flips) = (marks.values().any(|m| m.swaps), marks.values().any(|m| m.flips));
    if swaps {
        legend.push_str(", w move or swap, s swap only");
    }
    if flips {
        legend.push_str(", f move or flip, x flip only");
    }
    legend.push_str(match (swaps, flips) {
        (true, false) => ", + capture or swap",
        (false, true) => ", + capture or flip",
        (true, true) => ", + two or more of capture, swap and flip",
        (false, false) => "",
    });
    legend
}

/// `mbn explain`.
pub fn explain(args: ExplainArgs) -> ExitCode {
    let board = args.board;
    let from = match &args.from {
        Some(s) => match parse_square(s, board) {
            Ok(sq) => sq,
            Err(e) => {
                errln!("error: {e}");
                return ExitCode::from(2);
            }
        },
        None => ((board.files - 1) / 2, (board.ranks - 1) / 2),
    };
    let pieces = match compile(&args.notation, args.dialect) {
        Ok(p) => p,
        Err(d) => {
            report(&args.notation, &d);
            return ExitCode::from(1);
        }
    };
    for (name, moves) in pieces {
        if !name.is_empty() {
            outln!("{name}");
        }
        outln!("ANCP: {}", Canonical::of(&moves));
        let (mut marks, mut notes) = diagram::single_leg_destinations(&moves, board, from);
        draw_interpreted_moves(&moves, board, from, &mut marks, &mut notes);
        out!("{}", diagram::render(board, from, &marks));
        outln!("{} ({} destinations)", legend(&marks), marks.len());
        // The diagram is of the notation (as `equal` compares it, X112); a piece the move
        // generators refuse says so, once (M141).
        if let Some(d) = super::perft::refusal(&moves).filter(|d| !notes.iter().any(|n| n.contains(&d.message))) {
            notes.push(format!("mbn's move generators refuse this piece: {}", d.message));
        }
        for note in notes {
            outln!("note: {note}");
        }
    }
    ExitCode::SUCCESS
}
