//! Diagnostics: what went wrong, where (as byte ranges of the notation text), and how to fix it.
//!
//! Every stage pushes to a [`Diagnostics`] accumulator and keeps going where it can; the front end
//! sorts and renders them. Rendering shows the byte column and a caret excerpt, since a span inside a
//! string literal cannot be pointed at by the compiler on stable Rust.

use crate::syntax::ast::Span;
use std::fmt::{self, Write as _};

/// One problem found in a notation string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// Where: a byte range of the notation text.
    pub span: Span,
    /// What is wrong, in one line.
    pub message: String,
    /// Further places that explain it ("first defined here").
    pub labels: Vec<(Span, String)>,
    /// A suggested fix.
    pub help: Option<String>,
}

impl Diagnostic {
    /// A diagnostic at `span`.
    pub fn new(span: Span, message: impl Into<String>) -> Self {
        Diagnostic { span, message: message.into(), labels: Vec::new(), help: None }
    }

    /// Adds a secondary label.
    pub fn with_label(mut self, span: Span, text: impl Into<String>) -> Self {
        self.labels.push((span, text.into()));
        self
    }

    /// Adds a suggestion.
    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    /// Renders the diagnostic against the text it was found in:
    ///
    /// ```text
    /// error: unexpected `Q` at column 4: expected a modifier or an atom
    ///   |
    ///   | mfWQq
    ///   |     ^
    /// ```
    pub fn render(&self, source: &str) -> String {
        format!("error: {}\n{}", self.message, self.render_excerpts(source))
    }

    /// What [`Diagnostic::render`] writes below the message: the caret excerpt, one more for each
    /// label, and the help.
    pub fn render_excerpts(&self, source: &str) -> String {
        let mut out = String::new();
        excerpt(&mut out, source, self.span, "");
        for (span, text) in &self.labels {
            excerpt(&mut out, source, *span, text);
        }
        if let Some(help) = &self.help {
            let _ = writeln!(out, "  = help: {help}");
        }
        out
    }

    /// The 1-based line and column (in characters) of the start of the span in `source`.
    pub fn line_column(&self, source: &str) -> (usize, usize) {
        let start = floor_char_boundary(source, self.span.start.min(source.len()));
        let before = &source[..start];
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        (before.matches('\n').count() + 1, before[line_start..].chars().count() + 1)
    }

    /// The message with its 1-based byte column, for one-line output (`cargo::error=`, `compile_error!`).
    pub fn one_line(&self) -> String {
        let mut s = format!("column {}: {}", self.span.start + 1, self.message);
        for (span, text) in &self.labels {
            let _ = write!(s, "; column {}: {text}", span.start + 1);
        }
        if let Some(help) = &self.help {
            let _ = write!(s, " (help: {help})");
        }
        s
    }
}

/// Writes the line of `source` holding `span` with carets under the span.
fn excerpt(out: &mut String, source: &str, span: Span, label: &str) {
    let start = floor_char_boundary(source, span.start.min(source.len()));
    let end = floor_char_boundary(source, span.end.clamp(start, source.len()));
    let line_start = source[..start].rfind('\n').map_or(0, |i| i + 1);
    let line_end = source[start..].find('\n').map_or(source.len(), |i| start + i);
    let line = &source[line_start..line_end];
    let pad = source[line_start..start].chars().count();
    let width = source[start..end.min(line_end)].chars().count().max(1);
    let _ = writeln!(out, "  |\n  | {line}");
    let _ = write!(out, "  | {}{}", " ".repeat(pad), "^".repeat(width));
    if label.is_empty() {
        out.push('\n');
    } else {
        let _ = writeln!(out, " {label}");
    }
}

/// The candidate closest to `word` by edit distance, if it is close enough to be a likely typo
/// (for "did you mean ...?").
pub fn closest<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let limit = (word.chars().count() / 3).max(1);
    candidates
        .into_iter()
        .map(|c| (edit_distance(&word.to_ascii_lowercase(), &c.to_ascii_lowercase()), c))
        .filter(|(d, _)| *d <= limit)
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c)
}

/// Levenshtein distance, in characters.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let next = (row[j + 1] + 1).min(row[j] + 1).min(diagonal + usize::from(ca != *cb));
            diagonal = row[j + 1];
            row[j + 1] = next;
        }
    }
    row[b.len()]
}

fn floor_char_boundary(s: &str, mut i: usize) -> usize {
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.one_line())
    }
}

impl std::error::Error for Diagnostic {}

/// An accumulator of diagnostics, shared by all stages.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Diagnostics {
    list: Vec<Diagnostic>,
}

impl Diagnostics {
    /// An empty accumulator.
    pub fn new() -> Self {
        Self::default()
    }

    /// Records a diagnostic.
    pub fn push(&mut self, diagnostic: Diagnostic) {
        self.list.push(diagnostic);
    }

    /// Records an error at `span`.
    pub fn error(&mut self, span: Span, message: impl Into<String>) {
        self.push(Diagnostic::new(span, message));
    }

    /// Are there none?
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// How many.
    pub fn len(&self) -> usize {
        self.list.len()
    }

    /// Sorted by position, duplicates removed.
    pub fn into_sorted(mut self) -> Vec<Diagnostic> {
        self.list.sort_by_key(|d| (d.span.start, d.span.end));
        self.list.dedup_by(|a, b| a.span.start == b.span.start && a.message == b.message);
        self.list
    }

    /// Renders all of them against `source`, in order.
    pub fn render(&self, source: &str) -> String {
        self.clone().into_sorted().iter().map(|d| d.render(source)).collect::<Vec<_>>().join("\n")
    }

    /// `Ok(value)` when there are no diagnostics, else the sorted list.
    pub fn finish<T>(self, value: T) -> Result<T, Vec<Diagnostic>> {
        if self.is_empty() {
            Ok(value)
        } else {
            Err(self.into_sorted())
        }
    }
}

impl Extend<Diagnostic> for Diagnostics {
    fn extend<I: IntoIterator<Item = Diagnostic>>(&mut self, iter: I) {
        self.list.extend(iter);
    }
}

impl IntoIterator for Diagnostics {
    type Item = Diagnostic;
    type IntoIter = std::vec::IntoIter<Diagnostic>;

    fn into_iter(self) -> Self::IntoIter {
        self.into_sorted().into_iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn closest_finds_typos_only() {
        let fields = ["board", "start", "pieces", "promotion_zone", "castling_partners"];
        assert_eq!(closest("peices", fields), Some("pieces"));
        assert_eq!(closest("promotion-zone", fields), Some("promotion_zone"));
        assert_eq!(closest("castling_partner", fields), Some("castling_partners"));
        assert_eq!(closest("Board", fields), Some("board"));
        assert_eq!(closest("royal", fields), None);
    }

    #[test]
    fn line_column_counts_characters() {
        let d = Diagnostic::new(Span::new(7, 8), "x");
        assert_eq!(d.line_column("ab\ncé d"), (2, 4));
    }
}
