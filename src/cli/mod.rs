//! Command-line interface: one module per group of commands.

/// `print!`/`println!` that never panic: when standard output is closed (`mbn explain N | head -1`)
/// the process ends quietly with status 141, as a process killed by `SIGPIPE` would; on another
/// write error with status 74 (`EX_IOERR`).
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if let Err(e) = write!(std::io::stdout(), $($arg)*) {
            $crate::cli::output_failed(e)
        }
    }};
}

/// [`out!`] with a newline.
macro_rules! outln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if let Err(e) = writeln!(std::io::stdout(), $($arg)*) {
            $crate::cli::output_failed(e)
        }
    }};
}

/// `eprint!`/`eprintln!` that never panic: a closed standard error loses the message.
macro_rules! err {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = write!(std::io::stderr(), $($arg)*);
    }};
}

/// [`err!`] with a newline.
macro_rules! errln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

mod notation;
mod perft;
mod translate;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// mbn: compile fairy-chess piece notation (MBN) into move generators.
#[derive(Parser, Debug)]
#[command(name = "mbn", version, about)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Parse a notation and print its canonical form (exit 1 on errors).
    Parse(notation::ParseArgs),
    /// Print the canonical algebraic form (ANCP) of a notation.
    Ancp(notation::AncpArgs),
    /// Exit 0 when two notations denote the same piece, 1 when they differ, 2 on an error.
    Equal(notation::EqualArgs),
    /// Draw where a piece can go from one square of an empty board.
    Explain(notation::ExplainArgs),
    /// Count the leaf nodes of a variant's legal move tree (bundled name or variant file).
    Perft(perft::PerftArgs),
    /// List where a White piece given by its notation can go, with blockers (`~e6`: a flip, MBN
    /// `x`: the piece on e6 changes colour and the mover stays; `e5>d4`: a swap, MBN `w`).
    Moves(perft::MovesArgs),
    /// Print a piece in the other dialect (`--from xbetza --to mbn NN` prints `N0`).
    Translate(translate::TranslateArgs),
}

impl Cli {
    /// Runs the command.
    pub fn run(self) -> ExitCode {
        match self.command {
            Command::Parse(args) => notation::parse(args),
            Command::Ancp(args) => notation::ancp(args),
            Command::Equal(args) => notation::equal(args),
            Command::Explain(args) => notation::explain(args),
            Command::Perft(args) => perft::perft_command(args),
            Command::Moves(args) => perft::moves_command(args),
            Command::Translate(args) => translate::translate(args),
        }
    }
}

/// Ends the process after a failed write to standard output (see [`out!`]).
fn output_failed(e: std::io::Error) -> ! {
    std::process::exit(if e.kind() == std::io::ErrorKind::BrokenPipe { 141 } else { 74 })
}
