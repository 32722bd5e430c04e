//! Command-line interface: one module per group of commands.

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
    /// `x`: the piece on e6 changes colour and the mover stays).
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
