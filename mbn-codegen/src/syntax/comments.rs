//! Comments: `|...|` may stand anywhere, so they are taken out before parsing.
//!
//! [`strip`] returns the text without comments and a map from positions in that text back to the
//! original, so every span the parser makes points into what the user wrote.

use super::ast::{Span, Spanned};
use crate::diagnostic::Diagnostic;

/// Text with its comments taken out.
#[derive(Clone, Debug)]
pub struct Stripped {
    /// The text without comments.
    pub text: String,
    /// `origin[i]` is the original byte offset of byte `i` of `text`; one extra entry maps the end.
    origin: Vec<usize>,
    /// The comments, with their text (without bars) and their span (with bars) in the original.
    pub comments: Vec<Comment>,
}

/// One comment.
#[derive(Clone, Debug)]
pub struct Comment {
    /// Its text, without the bars.
    pub text: Spanned<String>,
    /// The offset in the stripped text where it stood.
    pub at: usize,
}

impl Stripped {
    /// The original span of the stripped range `start..end`.
    pub fn span(&self, start: usize, end: usize) -> Span {
        let map = |i: usize| self.origin[i.min(self.origin.len() - 1)];
        if end > start {
            // The end of a non-empty range is one past its last byte, which may precede a comment.
            Span::new(map(start), map(end - 1) + 1)
        } else {
            Span::new(map(start), map(start))
        }
    }

    /// The first comment that stood at a stripped offset in `start..=end`.
    pub fn comment_in(&self, start: usize, end: usize) -> Option<&Comment> {
        self.comments.iter().find(|c| (start..=end).contains(&c.at))
    }
}

/// Takes the comments out of `source`. An unterminated comment is an error.
pub fn strip(source: &str) -> Result<Stripped, Diagnostic> {
    let mut text = String::with_capacity(source.len());
    let mut origin = Vec::with_capacity(source.len() + 1);
    let mut comments = Vec::new();
    let mut rest = source.char_indices();
    while let Some((i, c)) = rest.next() {
        if c == '|' {
            let body_start = i + 1;
            let Some(close) = source[body_start..].find('|') else {
                return Err(Diagnostic::new(Span::new(i, i + 1), "unterminated comment: `|` has no closing `|`")
                    .with_help("comments are written `|text|` and may not contain `|`"));
            };
            let close = body_start + close;
            comments.push(Comment {
                text: Spanned { value: source[body_start..close].to_string(), span: Span::new(i, close + 1) },
                at: text.len(),
            });
            for _ in rest.by_ref().take_while(|&(j, _)| j < close) {}
            continue;
        }
        origin.extend(i..i + c.len_utf8());
        text.push(c);
    }
    origin.push(source.len());
    Ok(Stripped { text, origin, comments })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strips_and_maps_back() {
        let s = strip("B|Blue Whale|=vW+fF").unwrap();
        assert_eq!(s.text, "B=vW+fF");
        assert_eq!(s.comments[0].text.value, "Blue Whale");
        assert_eq!(s.comments[0].at, 1);
        // `=` is byte 1 of the stripped text and byte 13 of the original.
        assert_eq!(s.span(1, 2), Span::new(13, 14));
        assert_eq!(s.span(1, 2).start, 13);
    }

    #[test]
    fn comments_inside_moves_vanish() {
        let s = strip("mfW|step|+cfF").unwrap();
        assert_eq!(s.text, "mfW+cfF");
    }

    #[test]
    fn unterminated_comment_is_an_error() {
        let e = strip("K|King").unwrap_err();
        assert_eq!(e.span.start, 1);
        assert!(e.message.contains("unterminated"));
    }

    #[test]
    fn multibyte_text_maps_exactly() {
        let s = strip("|é|ä").unwrap();
        assert_eq!(s.text, "ä");
        assert_eq!(s.span(0, 2).start, 4);
        assert_eq!(s.span(0, 2).end, 6);
    }
}
