//! The `build.rs` API: variant files in, one formatted Rust file of move generators out.
//!
//! ```text
//! // build.rs
//! fn main() {
//!     let out = std::path::PathBuf::from(std::env::var_os("OUT_DIR").unwrap()).join("variants.rs");
//!     mbn_codegen::build::Builder::new("variants").runtime("::mbn_runtime").write(out);
//! }
//! // lib.rs: include!(concat!(env!("OUT_DIR"), "/variants.rs"));
//! ```
//!
//! Every input file is announced with `cargo::rerun-if-changed`. A file with an error is reported as
//! `cargo::error=path:line:col: message` (the build fails, nothing panics). A variant the code
//! generator cannot handle yet is skipped with a `cargo::warning` and listed in
//! [`Output::interpreted`]; the interpreter still runs it.

use crate::emit::{emit_variant, format, EmitOptions, PIECE_CODE_LIMIT};
use crate::variant::VariantFile;
use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};

/// Compiles a directory of variant files.
#[derive(Clone, Debug)]
pub struct Builder {
    dir: PathBuf,
    runtime: String,
    emit_cargo: bool,
    piece_code_limit: usize,
}

/// What a build produced.
#[derive(Clone, Debug, Default)]
pub struct Output {
    /// `(variant name, type name)` of each generated variant, sorted by name.
    pub generated: Vec<(String, String)>,
    /// Variants left to the interpreter, with the reason.
    pub interpreted: Vec<(String, String)>,
    /// Errors, as `path:line:col: message`.
    pub errors: Vec<String>,
    /// The Rust source.
    pub source: String,
}

impl Builder {
    /// Compiles every `*.toml` file of `dir` (relative to the current directory, which is the
    /// package root in a build script).
    pub fn new(dir: impl AsRef<Path>) -> Builder {
        Builder {
            dir: dir.as_ref().to_path_buf(),
            runtime: "::mbn_runtime".into(),
            emit_cargo: true,
            piece_code_limit: PIECE_CODE_LIMIT,
        }
    }

    /// The most bytes of token text one piece's multi-leg moves may generate (default
    /// [`PIECE_CODE_LIMIT`], 8 MiB; docs/SEMANTICS.md M115, M124). A variant with a piece over it
    /// is left to the interpreter ([`Output::interpreted`], with the reason); raise the limit for
    /// pieces worth a long build.
    pub fn piece_code_limit(mut self, bytes: usize) -> Builder {
        self.piece_code_limit = bytes;
        self
    }

    /// The path generated code uses for the runtime crate (default `::mbn_runtime`).
    pub fn runtime(mut self, path: &str) -> Builder {
        self.runtime = path.to_string();
        self
    }

    /// Whether to print `cargo::` instructions (default: yes; off for tests).
    pub fn cargo_instructions(mut self, on: bool) -> Builder {
        self.emit_cargo = on;
        self
    }

    /// Compiles the directory and returns the output without writing it.
    pub fn compile(&self) -> Output {
        let mut output = Output::default();
        let runtime: TokenStream = match self.runtime.parse() {
            Ok(t) => t,
            Err(_) => {
                output.errors.push(format!("`{}` is not a path", self.runtime));
                return output;
            }
        };
        let options = EmitOptions { runtime: runtime.clone(), piece_code_limit: self.piece_code_limit };
        self.cargo(&format!("rerun-if-changed={}", self.dir.display()));
        let mut files: Vec<PathBuf> = match fs::read_dir(&self.dir) {
            Ok(entries) => {
                entries.flatten().map(|e| e.path()).filter(|p| p.extension().is_some_and(|e| e == "toml")).collect()
            }
            Err(e) => {
                output.errors.push(format!("{}: cannot read the directory: {e}", self.dir.display()));
                Vec::new()
            }
        };
        files.sort();
        let mut items = Vec::new();
        let mut arms = Vec::new();
        for path in files {
            self.cargo(&format!("rerun-if-changed={}", path.display()));
            let shown = path.display().to_string();
            let text = match fs::read_to_string(&path) {
                Ok(t) => t,
                Err(e) => {
                    output.errors.push(format!("{shown}: cannot read: {e}"));
                    continue;
                }
            };
            let compiled = VariantFile::parse(&text, &shown).and_then(|file| Ok((file.compile()?, file)));
            let (variant, file) = match compiled {
                Ok(v) => v,
                Err(errors) => {
                    output.errors.extend(errors.iter().map(|e| e.to_string()));
                    continue;
                }
            };
            let name = variant.spec.name.clone();
            let type_name = type_name(&name);
            match emit_variant(&variant, &type_name, &options) {
                Ok(tokens) => {
                    let ident = format_ident!("{}", type_name);
                    items.push(tokens);
                    arms.push(quote! {
                        #name => Some(match fen {
                            Some(fen) => #ident::position(fen),
                            None => Ok(#ident::start_position()),
                        }.map(|pos| visitor.visit(&#ident, pos))),
                    });
                    output.generated.push((name, type_name));
                }
                Err(diagnostics) => {
                    // Located in the string it is about: `pieces` or a piece's XBetza (X55).
                    let list = variant.attribute(diagnostics, |v| emit_variant(v, &type_name, &options));
                    let located = file.locate_all(&list);
                    let reason = located.first().map_or(String::new(), |e| e.message.clone());
                    let at = located.first().map_or(shown.clone(), |e| format!("{shown}:{}:{}", e.line, e.column));
                    self.cargo(&format!("warning={at}: not generated ({reason}); the interpreter runs it"));
                    output.interpreted.push((name, reason));
                }
            }
        }
        for e in &output.errors {
            self.cargo(&format!("error={e}"));
        }
        let names: Vec<&str> = output.generated.iter().map(|(n, _)| n.as_str()).collect();
        let tokens = quote! {
            #(#items)*

            /// Something to do with a generated variant, whatever its bitboard type.
            pub trait Visitor {
                /// What it returns.
                type Output;
                /// Does it with the variant's generator and a position.
                fn visit<B: #runtime::__private::Bitboard, G: #runtime::__private::MoveGenerator<B>>(
                    self,
                    generator: &G,
                    position: #runtime::__private::Position<B>,
                ) -> Self::Output;
            }

            /// The names of the generated variants.
            pub const GENERATED: &[&str] = &[#(#names),*];

            /// Runs `visitor` on the generated variant `name` at `fen` (its start position if
            /// `None`); `None` if `name` was not generated.
            pub fn visit<V: Visitor>(name: &str, fen: Option<&str>, visitor: V) -> Option<Result<V::Output, #runtime::FenError>> {
                match name {
                    #(#arms)*
                    _ => None,
                }
            }
        };
        match format(&tokens) {
            Ok(source) => output.source = source,
            Err(e) => output.errors.push(e),
        }
        output
    }

    /// Compiles the directory and writes the Rust source to `out` (only if it changed).
    pub fn write(&self, out: impl AsRef<Path>) -> Output {
        let output = self.compile();
        let out = out.as_ref();
        if fs::read_to_string(out).ok().as_deref() != Some(output.source.as_str()) {
            if let Err(e) = fs::write(out, &output.source) {
                self.cargo(&format!("error=cannot write {}: {e}", out.display()));
            }
        }
        output
    }

    fn cargo(&self, instruction: &str) {
        if self.emit_cargo {
            println!("cargo::{instruction}");
        }
    }
}

/// `chess` -> `Chess`, `berolina-chess` -> `BerolinaChess`.
fn type_name(name: &str) -> String {
    let mut out = String::new();
    for part in name.split(|c: char| !c.is_ascii_alphanumeric()).filter(|p| !p.is_empty()) {
        let mut chars = part.chars();
        if let Some(first) = chars.next() {
            let _ = write!(out, "{}{}", first.to_ascii_uppercase(), chars.as_str());
        }
    }
    if out.is_empty() || out.starts_with(|c: char| c.is_ascii_digit()) {
        out.insert(0, 'V');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{type_name, Builder};
    use std::fs;

    #[test]
    fn type_names() {
        assert_eq!(type_name("chess"), "Chess");
        assert_eq!(type_name("berolina-chess"), "BerolinaChess");
        assert_eq!(type_name("5x5"), "V5x5");
    }

    #[test]
    fn the_piece_code_limit_reaches_the_generator() {
        // M124: a variant whose XBetza `aaaK` unrolls into more than 1 MiB of multi-leg code (and
        // less than the default 8 MiB).
        let dir = std::env::temp_dir().join(format!("mbn-build-limit-{}", std::process::id()));
        fs::create_dir_all(&dir).expect("a temporary directory");
        let text = "name = \"limit\"\nboard = \"8x8\"\nstart = \"4k3/8/8/8/8/8/8/A3K3 w - - 0 1\"\n\
            pieces = \"A|Aaa|=W K|King|\"\nroyal = \"K\"\n\n[xbetza]\nA = \"aaaK\"\n";
        fs::write(dir.join("limit.toml"), text).expect("the variant file is written");
        let small = Builder::new(&dir).cargo_instructions(false).piece_code_limit(1 << 20).compile();
        let default = Builder::new(&dir).cargo_instructions(false).compile();
        let _ = fs::remove_dir_all(&dir);
        // Over the limit the variant is left to the interpreter, with the reason.
        assert!(small.generated.is_empty(), "{:?}", small.generated);
        assert!(
            small.interpreted.len() == 1 && small.interpreted[0].1.contains("more than 1 MiB of generated code"),
            "{:?}",
            small.interpreted
        );
        assert_eq!(default.generated, vec![("limit".to_string(), "Limit".to_string())]);
        assert!(default.interpreted.is_empty() && default.errors.is_empty(), "{:?}", default.interpreted);
    }
}
