//! `mbn translate`: a piece from one dialect to the other, when the target can express it.
//!
//! The piece is compiled in its dialect and printed back from the IR by
//! [`mbn::codegen::syntax::xbetza::translate`]; every translation is compiled again and checked
//! equal to the piece, so what is printed denotes the same piece. Exit 0 with the text, 1 when
//! the notation does not compile or the target dialect cannot express it (yet).

use clap::Args;
use mbn::codegen::syntax::xbetza::translate::{to_mbn, to_xbetza};
use mbn::codegen::{compile_move_in, Dialect};
use std::process::ExitCode;

/// Arguments of `mbn translate`.
#[derive(Args, Debug)]
pub struct TranslateArgs {
    /// The dialect of the notation: `mbn` or `xbetza`.
    #[arg(long)]
    from: Dialect,
    /// The dialect to print: `mbn` or `xbetza`.
    #[arg(long)]
    to: Dialect,
    /// The piece: one move expression.
    notation: String,
}

/// `mbn translate`.
pub fn translate(args: TranslateArgs) -> ExitCode {
    let text = &args.notation;
    let moves = match compile_move_in(args.from, text) {
        Ok(m) => m,
        Err(d) => {
            for x in d {
                err!("{}", x.render(text));
            }
            return ExitCode::from(1);
        }
    };
    let printed = match args.to {
        Dialect::Mbn => to_mbn(&moves),
        Dialect::XBetza => to_xbetza(&moves),
    };
    match printed {
        Ok(s) => {
            outln!("{s}");
            if s.is_empty() {
                // `W-tF`: `t` after a W names no F step. An empty line alone would look like a failure.
                errln!("note: `{text}` has no moves; XBetza writes such a piece as the empty string");
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            let to = match args.to {
                Dialect::Mbn => "MBN",
                Dialect::XBetza => "XBetza",
            };
            errln!("error: `{text}` has no {to} translation: {e}");
            ExitCode::from(1)
        }
    }
}
