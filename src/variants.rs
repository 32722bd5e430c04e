//! The variants bundled with mbn: the files of `variants/`, built in by `build.rs`.
//!
//! ```
//! let chess = mbn::variants::find("chess").expect("chess is bundled");
//! assert!(chess.contains("board = \"8x8\""));
//! assert!(mbn::variants::names().any(|name| name == "chess"));
//! ```

include!(concat!(env!("OUT_DIR"), "/bundled_variants.rs"));

/// The TOML text of the bundled variant `name` (its file's stem: `chess`, `capablanca`).
pub fn find(name: &str) -> Option<&'static str> {
    BUNDLED.iter().find(|(n, _)| *n == name).map(|(_, text)| *text)
}

/// The names of the bundled variants, sorted.
pub fn names() -> impl Iterator<Item = &'static str> {
    BUNDLED.iter().map(|(name, _)| *name)
}
