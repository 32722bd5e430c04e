//! Variant files: a [`VariantSpec`] written in TOML, with every error located as `path:line:col`.
//!
//! ```toml
//! name = "chess"
//! board = "8x8"
//! start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
//! pieces = "P|Pawn| N|Knight| B|Bishop| R|Rook| Q|Queen| K|King| +P==QRBN"
//! royal = "K"
//! castling-partners = "R"
//! promotion-zone = "[8]"
//! ```
//!
//! The format is described field by field in `docs/VARIANTS.md`. Errors of the TOML itself
//! (syntax, unknown or missing keys, wrong types), of the board, of the start position and every
//! diagnostic of the MBN compiler become a [`FileError`]. A diagnostic's byte span inside the
//! `pieces` string (or another string field) is mapped back to the file through the string's own
//! span in the document: exactly for basic strings (escape sequences included), literal strings
//! and their multi-line forms. Should the mapping ever disagree with the decoded value, the error
//! points at the string's opening quote and the message says at which byte of the value it is.
//!
//! Lines and columns count from 1; columns count characters (Unicode scalar values), not bytes.
//! No input makes the loader panic.

use super::{Field, FieldDiagnostic, Variant, VariantSpec};
use crate::diagnostic::Diagnostic;
use mbn_runtime::{Bb256, FenOptions, Geometry, Position};
use serde::Deserialize;
use std::fmt;
use std::ops::Range;
use toml::Spanned;

/// An error in a variant file, located at `path:line:column`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileError {
    /// The file's path, as given to the loader.
    pub path: String,
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1, in characters.
    pub column: usize,
    /// What is wrong, in one line.
    pub message: String,
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}: {}", self.path, self.line, self.column, self.message)
    }
}

impl std::error::Error for FileError {}

/// The keys of a variant file, as serde reads them (every string keeps its span).
#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct Raw {
    name: Spanned<String>,
    board: Spanned<String>,
    start: Spanned<String>,
    pieces: Spanned<String>,
    #[serde(default)]
    royal: Option<Spanned<String>>,
    #[serde(default)]
    castling_partners: Option<Spanned<String>>,
    #[serde(default)]
    promotion_zone: Option<Spanned<String>>,
    #[serde(default)]
    promotion_mandatory: Option<bool>,
    #[serde(default)]
    drops: Option<bool>,
    #[serde(default)]
    captures_to_hand: Option<bool>,
    #[serde(default)]
    immobility_illegal: Option<bool>,
    #[serde(default)]
    drop_no_doubled: Option<Spanned<String>>,
    #[serde(default)]
    drop_mate_illegal: Option<Spanned<String>>,
    #[serde(default)]
    bikjang: Option<bool>,
    xbetza: Option<std::collections::BTreeMap<String, Spanned<String>>>,
    regions: Option<std::collections::BTreeMap<String, Spanned<String>>>,
}

/// Where the bytes of one string value are in the file.
#[derive(Clone, Debug)]
struct StringMap {
    /// The string token, quotes included.
    token: Range<usize>,
    /// For each byte of the decoded value, and one past its end, the file offset it came from;
    /// `None` when the mapping could not be made exact.
    offsets: Option<Vec<usize>>,
}

/// A parsed variant file: its spec, and what is needed to locate errors in it.
#[derive(Clone, Debug)]
pub struct VariantFile {
    /// What the file says.
    pub spec: VariantSpec,
    path: String,
    text: String,
    strings: Vec<(Field, StringMap)>,
}

impl VariantSpec {
    /// Reads a variant file. `path` is only used in the errors, which come as
    /// `path:line:col: message` (see [`FileError`]).
    pub fn from_toml(text: &str, path: &str) -> Result<VariantSpec, Vec<FileError>> {
        VariantFile::parse(text, path).map(|file| file.spec)
    }
}

impl Variant {
    /// Reads and compiles a variant file: [`VariantFile::parse`], then [`VariantFile::compile`].
    pub fn from_toml(text: &str, path: &str) -> Result<Variant, Vec<FileError>> {
        VariantFile::parse(text, path)?.compile()
    }
}

impl VariantFile {
    /// Reads a variant file: TOML syntax, keys, types and the board. The MBN is checked by
    /// [`VariantFile::compile`].
    pub fn parse(text: &str, path: &str) -> Result<VariantFile, Vec<FileError>> {
        let mut file = VariantFile {
            spec: VariantSpec::new("", 0, 0, "", ""),
            path: path.to_string(),
            text: text.to_string(),
            strings: Vec::new(),
        };
        let raw: Raw = match toml::from_str(text) {
            Ok(raw) => raw,
            Err(e) => {
                let at = e.span().map_or(0, |s| s.start);
                return Err(vec![file.error_at(at, suggest_key(e.message().trim_end()))]);
            }
        };
        let mut errors = Vec::new();
        let take = |file: &mut VariantFile, field: Field, value: Spanned<String>| -> String {
            let token = value.span();
            let value = value.into_inner();
            let map = map_string(text, token, &value);
            file.strings.push((field, map));
            value
        };
        let name = take(&mut file, Field::Name, raw.name);
        let board = take(&mut file, Field::Board, raw.board);
        let start = take(&mut file, Field::Start, raw.start);
        let pieces = take(&mut file, Field::Pieces, raw.pieces);
        let royal = raw.royal.map(|v| take(&mut file, Field::Royal, v)).unwrap_or_default();
        let partners = raw.castling_partners.map(|v| take(&mut file, Field::CastlingPartners, v)).unwrap_or_default();
        let zone = raw.promotion_zone.map(|v| take(&mut file, Field::PromotionZone, v));
        let no_doubled = raw.drop_no_doubled.map(|v| take(&mut file, Field::DropNoDoubled, v)).unwrap_or_default();
        let mate_illegal =
            raw.drop_mate_illegal.map(|v| take(&mut file, Field::DropMateIllegal, v)).unwrap_or_default();
        let mut xbetza = Vec::new();
        for (letter, value) in raw.xbetza.unwrap_or_default() {
            let mut chars = letter.chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) => xbetza.push((c, take(&mut file, Field::XBetza(c), value))),
                _ => errors.push(file.error_at(
                    value.span().start,
                    format!("`[xbetza]` keys are piece letters (`Q = \"F\"`), not `{letter}`"),
                )),
            }
        }
        let mut regions = Vec::new();
        for (letter, value) in raw.regions.unwrap_or_default() {
            let mut chars = letter.chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) => regions.push((c, take(&mut file, Field::Region(c), value))),
                _ => errors.push(file.error_at(
                    value.span().start,
                    format!("`[regions]` keys are piece letters (`K = \"[d-f1-3]\"`), not `{letter}`"),
                )),
            }
        }

        if name.trim().is_empty() {
            errors.push(file.field_error(Field::Name, 0, "the variant's name is empty".into()));
        }
        let (files, ranks) = match parse_board(&board) {
            Ok(size) => size,
            Err(message) => {
                errors.push(file.field_error(Field::Board, 0, message));
                (0, 0)
            }
        };
        file.spec = VariantSpec {
            name,
            files,
            ranks,
            start_fen: start,
            pieces,
            royal,
            castling_partners: partners,
            promotion_zone: zone,
            promotion_mandatory: raw.promotion_mandatory.unwrap_or(true),
            drops: raw.drops.unwrap_or(false),
            captures_to_hand: raw.captures_to_hand.unwrap_or(false),
            immobility_illegal: raw.immobility_illegal.unwrap_or(false),
            drop_no_doubled: no_doubled,
            drop_mate_illegal: mate_illegal,
            bikjang: raw.bikjang.unwrap_or(false),
            xbetza,
            regions,
        };
        if errors.is_empty() {
            Ok(file)
        } else {
            Err(errors)
        }
    }

    /// Compiles the spec ([`Variant::compile_fields`]) and reads its start position, locating
    /// every error in the file.
    pub fn compile(&self) -> Result<Variant, Vec<FileError>> {
        let variant = Variant::compile_fields(&self.spec)
            .map_err(|list| list.iter().map(|d| self.locate(d.field, &d.diagnostic)).collect::<Vec<_>>())?;
        let options = FenOptions { captures_to_hand: self.spec.captures_to_hand, ..FenOptions::default() };
        if let Err(e) =
            Position::<Bb256>::from_fen_with(variant.table.clone(), variant.geometry, &self.spec.start_fen, &options)
        {
            return Err(vec![self.field_error(Field::Start, e.column, format!("start position: {}", e.kind))]);
        }
        Ok(variant)
    }

    /// The file's path, as given to [`VariantFile::parse`].
    pub fn path(&self) -> &str {
        &self.path
    }

    /// Locates a diagnostic about one field (its span a byte range of that field's value), such
    /// as one of [`Variant::compile_fields`] or, for [`Field::Pieces`], of the interpreter.
    pub fn locate(&self, field: Field, diagnostic: &Diagnostic) -> FileError {
        let mut message = diagnostic.message.clone();
        for (span, text) in &diagnostic.labels {
            let (line, column) = self.field_position(field, span.start).0;
            message.push_str(&format!("; {line}:{column}: {text}"));
        }
        if let Some(help) = &diagnostic.help {
            message.push_str(&format!(" (help: {help})"));
        }
        self.field_error(field, diagnostic.span.start, message)
    }

    /// Locates a list of [`FieldDiagnostic`]s.
    pub fn locate_all(&self, list: &[FieldDiagnostic]) -> Vec<FileError> {
        list.iter().map(|d| self.locate(d.field, &d.diagnostic)).collect()
    }

    /// An error at byte `offset` of a field's value.
    fn field_error(&self, field: Field, offset: usize, message: String) -> FileError {
        let ((line, column), exact) = self.field_position(field, offset);
        let message = if exact {
            message
        } else {
            format!(
                "{message} (at byte {} of the `{}` value; the position inside the string is approximate)",
                offset + 1,
                field.key()
            )
        };
        FileError { path: self.path.clone(), line, column, message }
    }

    /// `(line, column)` of byte `offset` of a field's value, and whether it is exact.
    fn field_position(&self, field: Field, offset: usize) -> ((usize, usize), bool) {
        let Some((_, map)) = self.strings.iter().find(|(f, _)| *f == field) else {
            return (line_column(&self.text, 0), true);
        };
        match &map.offsets {
            Some(offsets) => {
                let at = offsets.get(offset).or(offsets.last()).copied().unwrap_or(map.token.start);
                (line_column(&self.text, at), true)
            }
            None => (line_column(&self.text, map.token.start), false),
        }
    }

    fn error_at(&self, offset: usize, message: String) -> FileError {
        let (line, column) = line_column(&self.text, offset);
        FileError { path: self.path.clone(), line, column, message }
    }
}

/// The keys of a variant file.
const KEYS: [&str; 16] = [
    "name",
    "board",
    "start",
    "pieces",
    "royal",
    "castling-partners",
    "promotion-zone",
    "promotion-mandatory",
    "drops",
    "captures-to-hand",
    "immobility-illegal",
    "drop-no-doubled",
    "drop-mate-illegal",
    "bikjang",
    "xbetza",
    "regions",
];

/// serde's "unknown field `x`, expected one of ..." with "did you mean `y`?" when a key is close.
fn suggest_key(message: &str) -> String {
    let unknown = message.strip_prefix("unknown field `").and_then(|rest| rest.split_once('`')).map(|(key, _)| key);
    match unknown.and_then(|key| crate::diagnostic::closest(key, KEYS)) {
        Some(key) => format!("{message} (did you mean `{key}`?)"),
        None => message.to_string(),
    }
}

/// `"8x8"` -> `(8, 8)`, checked against the runtime's board limits.
fn parse_board(text: &str) -> Result<(u8, u8), String> {
    let bad = || format!("board `{text}`: expected FILESxRANKS, such as `8x8` or `10x8`");
    let (f, r) = text.split_once('x').ok_or_else(bad)?;
    let number =
        |s: &str| if !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) { s.parse::<u8>().ok() } else { None };
    let (Some(files), Some(ranks)) = (number(f), number(r)) else { return Err(bad()) };
    Geometry::new(files, ranks).map_err(|e| format!("board `{text}`: {e}"))?;
    Ok((files, ranks))
}

/// 1-based line and column (in characters) of byte `offset` of `text`.
fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let before = &text[..offset];
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    (before.matches('\n').count() + 1, before[line_start..].chars().count() + 1)
}

/// Maps the decoded `value` of the string token at `token` back to file offsets.
fn map_string(text: &str, token: Range<usize>, value: &str) -> StringMap {
    let offsets = text
        .get(token.clone())
        .and_then(|raw| decode(raw, token.start))
        .and_then(|(decoded, offsets)| (decoded == value).then_some(offsets));
    StringMap { token, offsets }
}

/// Decodes one TOML string token (`"..."`, `'...'`, `"""..."""`, `'''...'''`) starting at file
/// offset `base`: the value, and for each of its bytes (and its end) the file offset it came from.
fn decode(raw: &str, base: usize) -> Option<(String, Vec<usize>)> {
    let (quote, multi) = if raw.starts_with("\"\"\"") {
        ('"', true)
    } else if raw.starts_with("'''") {
        ('\'', true)
    } else if raw.starts_with('"') {
        ('"', false)
    } else if raw.starts_with('\'') {
        ('\'', false)
    } else {
        return None;
    };
    let delimiter = if multi { 3 } else { 1 };
    if raw.len() < 2 * delimiter || !raw.ends_with(quote) {
        return None;
    }
    let mut start = delimiter;
    let end = raw.len() - delimiter;
    if multi {
        // A newline right after the opening delimiter is not part of the value.
        if raw[start..end].starts_with('\n') {
            start += 1;
        } else if raw[start..end].starts_with("\r\n") {
            start += 2;
        }
    }
    let content = raw.get(start..end)?;
    let mut decoded = String::with_capacity(content.len());
    let mut offsets = Vec::with_capacity(content.len() + 1);
    let push = |decoded: &mut String, offsets: &mut Vec<usize>, c: char, at: usize, advance: bool| {
        for k in 0..c.len_utf8() {
            offsets.push(base + start + at + if advance { k } else { 0 });
        }
        decoded.push(c);
    };
    let mut chars = content.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        if c != '\\' || quote == '\'' {
            push(&mut decoded, &mut offsets, c, i, true);
            continue;
        }
        let (_, e) = chars.next()?;
        let hex = |chars: &mut std::iter::Peekable<std::str::CharIndices<'_>>, n: usize| -> Option<char> {
            let mut v = 0u32;
            for _ in 0..n {
                v = v * 16 + chars.next()?.1.to_digit(16)?;
            }
            char::from_u32(v)
        };
        let out = match e {
            'b' => '\u{8}',
            't' => '\t',
            'n' => '\n',
            'f' => '\u{c}',
            'r' => '\r',
            'e' => '\u{1b}',
            '"' => '"',
            '\\' => '\\',
            'x' => hex(&mut chars, 2)?,
            'u' => hex(&mut chars, 4)?,
            'U' => hex(&mut chars, 8)?,
            ' ' | '\t' | '\r' | '\n' if multi => {
                // A line-ending backslash: trim whitespace up to the next non-whitespace.
                let mut saw_newline = e == '\n';
                while let Some(&(_, w)) = chars.peek() {
                    match w {
                        ' ' | '\t' | '\r' => {}
                        '\n' => saw_newline = true,
                        _ => break,
                    }
                    chars.next();
                }
                if !saw_newline {
                    return None;
                }
                continue;
            }
            _ => return None,
        };
        push(&mut decoded, &mut offsets, out, i, false);
    }
    offsets.push(base + end);
    Some((decoded, offsets))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn offsets_of(doc: &str) -> (String, Vec<usize>) {
        let v: toml::Table = toml::from_str(doc).unwrap();
        let _ = v;
        #[derive(Deserialize)]
        struct One {
            s: Spanned<String>,
        }
        let one: One = toml::from_str(doc).unwrap();
        let span = one.s.span();
        let map = map_string(doc, span, one.s.get_ref());
        (one.s.into_inner(), map.offsets.expect("exact"))
    }

    #[test]
    fn basic_and_literal_strings_map_exactly() {
        for doc in [
            "s = \"a\\tbc\"",
            "s = 'a\\tbc'",
            "s = \"\"\"\nab\\\n   c\"\"\"",
            "s = '''\nab\nc'''",
            "s = \"\\u00e9x\\U0001F600y\"",
            "s = \"é\\\"z\"",
        ] {
            let (value, offsets) = offsets_of(doc);
            assert_eq!(offsets.len(), value.len() + 1, "{doc}");
            // The last character of every value is a plain one: its offset holds that character.
            let last = value.char_indices().last().unwrap();
            assert!(doc[offsets[last.0]..].starts_with(last.1), "{doc}");
        }
    }

    #[test]
    fn line_columns_count_characters() {
        assert_eq!(line_column("ab\ncé d", 7), (2, 4));
        assert_eq!(line_column("", 5), (1, 1));
    }
}
