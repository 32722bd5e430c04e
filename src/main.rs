//! The `mbn` command-line tool: parse and explain notations, compare pieces, draw move diagrams.

mod cli;

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    cli::Cli::parse().run()
}
