//! The MBN parser (winnow): text -> [`ast`](super::ast).
//!
//! One function per production, with the production quoted above it. The grammar is §17 of the MBN
//! specification plus what the prose describes and the BNF leaves out; `docs/SEMANTICS.md` lists the
//! choices made where the two disagree.
//!
//! Comments are taken out first ([`super::comments`]); definitions are separated by white space and
//! parsed one by one, so an error in one definition does not hide errors in the next. Within a
//! definition the parser reports the farthest position it reached and everything it expected there.

use super::ast::*;
use super::comments::{strip, Stripped};
use crate::diagnostic::{Diagnostic, Diagnostics};
use std::cell::{Cell, RefCell};
use std::fmt;
use winnow::error::{ContextError, ErrMode, ParserError};
use winnow::stream::{LocatingSlice, Location, Stateful, Stream};
use winnow::ModalResult;

/// The deepest nesting of brackets accepted.
pub const MAX_DEPTH: usize = 32;
/// The largest number accepted anywhere in a notation (step counts, ordinates, ranks, boards).
pub const MAX_NUMBER: u32 = 999;
/// The longest notation text accepted, in bytes.
pub const MAX_LEN: usize = 64 * 1024;

type Input<'s> = Stateful<LocatingSlice<&'s str>, &'s State<'s>>;
type PResult<T> = ModalResult<T>;

/// Parser state shared by all productions: the span map, the nesting depth and what went wrong.
struct State<'s> {
    stripped: &'s Stripped,
    depth: Cell<usize>,
    /// The farthest stripped offset at which something was expected, and what.
    farthest: RefCell<(usize, Vec<&'static str>)>,
    /// Errors that do not stop parsing (a number too large, ...).
    errors: RefCell<Vec<Diagnostic>>,
    /// A suggestion or a note for a failure at a given stripped offset, used if the parse fails
    /// there.
    hint: RefCell<Option<Hint>>,
    /// The stripped offset just after the last letter reported as not a modifier (`q`, a lone `y`).
    not_modifier_end: Cell<Option<usize>>,
}

/// What to add to the diagnostic of a failure at `at`.
#[derive(Clone, Debug, Default)]
struct Hint {
    at: usize,
    help: Option<String>,
    label: Option<(Span, String)>,
    /// The failure follows from an error reported already (`Kq`: no atom after the `q`).
    reported: bool,
}

impl fmt::Debug for State<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("State")
    }
}

impl State<'_> {
    fn span(&self, start: usize, end: usize) -> Span {
        self.stripped.span(start, end)
    }
}

/// Parses a definition list: `PS=mfWcfF +P==QRBN @X=N0 O-O=[*]isR[g]=isR[f]`.
pub fn parse_notation(source: &str) -> Result<Notation, Vec<Diagnostic>> {
    let stripped = checked_strip(source)?;
    let state = new_state(&stripped);
    let mut items = Vec::new();
    let mut diagnostics = Diagnostics::new();
    let text = stripped.text.as_str();
    let mut offset = 0;
    for chunk in text.split(|c: char| c.is_ascii_whitespace()) {
        let start = offset;
        offset += chunk.len() + 1;
        if chunk.is_empty() {
            continue;
        }
        match run(&state, start, start + chunk.len(), item) {
            Ok(i) => items.push(i),
            Err(d) => diagnostics.extend(d),
        }
    }
    diagnostics.extend(state.errors.take());
    diagnostics.finish(Notation { items })
}

/// Parses one move expression: `mfW+cefF+[1-2]mefW02`.
pub fn parse_move(source: &str) -> Result<Move, Vec<Diagnostic>> {
    let stripped = checked_strip(source)?;
    let state = new_state(&stripped);
    let text = stripped.text.as_str();
    let start = text.len() - text.trim_start().len();
    let end = text.trim_end().len();
    let mut diagnostics = Diagnostics::new();
    let result = if start >= end {
        diagnostics.error(Span::new(0, source.len()), "empty notation: expected a move");
        None
    } else {
        match run(&state, start, end, move_expr) {
            Ok(m) => Some(m),
            Err(d) => {
                diagnostics.extend(d);
                None
            }
        }
    };
    diagnostics.extend(state.errors.take());
    match result {
        Some(m) if diagnostics.is_empty() => Ok(m),
        _ => Err(diagnostics.into_sorted()),
    }
}

fn checked_strip(source: &str) -> Result<Stripped, Vec<Diagnostic>> {
    if source.len() > MAX_LEN {
        return Err(vec![Diagnostic::new(
            Span::new(0, 0),
            format!("notation too long: {} bytes (at most {MAX_LEN})", source.len()),
        )]);
    }
    strip(source).map_err(|d| vec![d])
}

fn new_state(stripped: &Stripped) -> State<'_> {
    State {
        stripped,
        depth: Cell::new(0),
        farthest: RefCell::new((0, Vec::new())),
        errors: RefCell::new(Vec::new()),
        hint: RefCell::new(None),
        not_modifier_end: Cell::new(None),
    }
}

/// Runs `parser` on the stripped text `start..end`, which it must consume entirely.
fn run<'s, O>(
    state: &'s State<'s>,
    start: usize,
    end: usize,
    mut parser: impl FnMut(&mut Input<'s>) -> PResult<O>,
) -> Result<O, Option<Diagnostic>> {
    let text = &state.stripped.text[..end];
    let mut input = Input { input: LocatingSlice::new(text), state };
    let _ = input.next_slice(start);
    *state.farthest.borrow_mut() = (start, Vec::new());
    *state.hint.borrow_mut() = None;
    state.depth.set(0);
    match parser(&mut input) {
        Ok(o) if input.eof_offset() == 0 => Ok(o),
        Ok(_) => {
            let after_count = input.state.stripped.text[..pos(&input)].ends_with(['*', '#']);
            if after_count && peek(&input).is_some_and(|c| c.is_ascii_digit()) {
                let help = "`*`, `**`, `0*` and `#` take no number: write `W3` (at most 3 steps) or `W03` (exactly 3)";
                hint(&input, pos(&input), Some(help.into()), None);
            }
            if let Some(close @ (')' | ']' | '}' | '>')) = peek(&input) {
                let open = match close {
                    ')' => '(',
                    ']' => '[',
                    '}' => '{',
                    _ => '<',
                };
                let help = format!("this `{close}` closes nothing: remove it, or add the `{open}` it closes");
                hint(&input, pos(&input), Some(help), None);
            }
            expected(&input, "the end of the definition");
            Err(failure(state))
        }
        // A cut has reported its own error (nesting too deep).
        Err(ErrMode::Cut(_)) => Err(None),
        Err(_) => Err(failure(state)),
    }
}

/// The diagnostic for a failed parse: the farthest position reached and what was expected there.
/// `None` when the failure only follows from an error reported already.
fn failure(state: &State<'_>) -> Option<Diagnostic> {
    let (at, expected) = state.farthest.borrow().clone();
    let text = &state.stripped.text;
    let found = text[at..].chars().next();
    let span = state.span(at, at + found.map_or(0, char::len_utf8));
    let what = match found {
        Some(c) if c.is_ascii_whitespace() => "unexpected white space".to_string(),
        Some(c) => format!("unexpected `{c}`"),
        None => "unexpected end of the notation".to_string(),
    };
    let mut expected = expected;
    expected.sort_unstable();
    expected.dedup();
    let message = match expected.as_slice() {
        [] => what,
        [one] => format!("{what}: expected {one}"),
        [init @ .., last] => format!("{what}: expected {} or {last}", init.join(", ")),
    };
    let mut diagnostic = Diagnostic::new(span, message);
    if let Some(hint) = state.hint.take().filter(|h| h.at == at) {
        if hint.reported {
            return None;
        }
        if let Some((span, text)) = hint.label {
            diagnostic = diagnostic.with_label(span, text);
        }
        if let Some(help) = hint.help {
            diagnostic = diagnostic.with_help(help);
        }
    }
    Some(diagnostic)
}

/// Records a help or a label for a failure at stripped offset `at` (the first one given wins).
fn hint(input: &Input<'_>, at: usize, help: Option<String>, label: Option<(Span, String)>) {
    let mut hint = input.state.hint.borrow_mut();
    if hint.as_ref().is_none_or(|h| h.at < at) {
        *hint = Some(Hint { at, help, label, reported: false });
    }
}

/// Consumes the bracket `close` or fails expecting `what`, pointing at the bracket opened at
/// stripped offset `open`.
fn expect_closing(input: &mut Input<'_>, close: char, what: &'static str, open: usize) -> PResult<()> {
    if eat(input, close) {
        return Ok(());
    }
    let text = &input.state.stripped.text;
    let opened = text[open..].chars().next().unwrap_or(' ');
    let label = (input.state.span(open, open + opened.len_utf8()), format!("`{opened}` opened here"));
    hint(input, pos(input), None, Some(label));
    Err(expected(input, what))
}

/// Records that `what` was expected at the current position, and fails.
fn expected<'s>(input: &Input<'s>, what: &'static str) -> ErrMode<ContextError> {
    let at = input.current_token_start();
    let mut farthest = input.state.farthest.borrow_mut();
    if at > farthest.0 {
        *farthest = (at, vec![what]);
    } else if at == farthest.0 {
        farthest.1.push(what);
    }
    ErrMode::Backtrack(ContextError::from_input(input))
}

/// A hard error that does not stop parsing.
fn report(input: &Input<'_>, start: usize, end: usize, message: String) {
    let span = input.state.span(start, end);
    input.state.errors.borrow_mut().push(Diagnostic::new(span, message));
}

fn peek(input: &Input<'_>) -> Option<char> {
    input.chars().next()
}

fn peek2(input: &Input<'_>) -> Option<char> {
    input.chars().nth(1)
}

fn pos(input: &Input<'_>) -> usize {
    input.current_token_start()
}

fn span_from(input: &Input<'_>, start: usize) -> Span {
    input.state.span(start, pos(input))
}

/// Consumes `c` if it is next.
fn eat(input: &mut Input<'_>, c: char) -> bool {
    if peek(input) == Some(c) {
        let _ = input.next_token();
        true
    } else {
        false
    }
}

/// Consumes `c` or fails expecting `what`.
fn expect(input: &mut Input<'_>, c: char, what: &'static str) -> PResult<()> {
    if eat(input, c) {
        Ok(())
    } else {
        Err(expected(input, what))
    }
}

/// Consumes the next character if `pred` holds for it.
fn eat_if(input: &mut Input<'_>, pred: impl Fn(char) -> bool) -> Option<char> {
    match peek(input) {
        Some(c) if pred(c) => {
            let _ = input.next_token();
            Some(c)
        }
        _ => None,
    }
}

/// Runs `f` one nesting level deeper, failing beyond [`MAX_DEPTH`].
fn nested<'s, O>(input: &mut Input<'s>, f: impl FnOnce(&mut Input<'s>) -> PResult<O>) -> PResult<O> {
    let depth = input.state.depth.get();
    if depth >= MAX_DEPTH {
        // The opening bracket was just read: point at it.
        let at = pos(input).saturating_sub(1);
        report(input, at, at + 1, format!("nesting too deep: at most {MAX_DEPTH} levels of brackets"));
        return Err(ErrMode::Cut(ContextError::from_input(input)));
    }
    input.state.depth.set(depth + 1);
    let result = f(input);
    input.state.depth.set(depth);
    result
}

// ---------------------------------------------------------------------------------------------
// Definitions
// ---------------------------------------------------------------------------------------------

/// `Item ::= Castling | '@' MacroDef | Head ( '==' Targets | '=' Move )?`
fn item(input: &mut Input<'_>) -> PResult<Item> {
    let start = pos(input);
    let result = item_kind(input);
    if result.is_err()
        && ["0-0", "o-o", "O-0", "0-O"].iter().any(|typo| input.state.stripped.text[start..].starts_with(typo))
    {
        let at = input.state.farthest.borrow().0;
        hint(input, at, Some("castling is written with the capital letter O: `O-O=...`, `O-O-O=...`".into()), None);
    }
    Ok(Item { kind: result?, span: span_from(input, start) })
}

fn item_kind(input: &mut Input<'_>) -> PResult<ItemKind> {
    let start = pos(input);
    let kind = if input.starts_with("O-O") {
        ItemKind::Castling(castling(input)?)
    } else if eat(input, '@') {
        ItemKind::Macro(macro_def(input, start)?)
    } else {
        let head = head(input)?;
        if input.starts_with("==") {
            let _ = input.next_slice(2);
            ItemKind::Promotion(PromotionDef { head, targets: targets(input)? })
        } else if eat(input, '=') {
            ItemKind::Piece(PieceDef { head, body: Some(move_expr(input)?) })
        } else {
            if peek(input).is_some() {
                return Err(expected(input, "`=`, `==` or the end of the definition"));
            }
            ItemKind::Piece(PieceDef { head, body: None })
        }
    };
    Ok(kind)
}

/// `Castling ::= 'O-O' ( '-O' ){0,2} PieceSet? '=' Move '=' Move`
fn castling(input: &mut Input<'_>) -> PResult<CastlingDef> {
    let _ = input.next_slice(3);
    let mut kind = CastlingKind::Short;
    for next in [CastlingKind::Long, CastlingKind::Vertical] {
        if input.starts_with("-O") {
            let _ = input.next_slice(2);
            kind = next;
        }
    }
    let partners = if peek(input) == Some('{') { Some(piece_set(input)?) } else { None };
    expect(input, '=', "`=` and the royal piece's move")?;
    let royal = move_expr(input)?;
    expect(input, '=', "`=` and the partner's move")?;
    let partner = move_expr(input)?;
    Ok(CastlingDef { kind, partners, royal, partner })
}

/// `MacroDef ::= PieceName '=' Move` (after `@`)
fn macro_def(input: &mut Input<'_>, start: usize) -> PResult<MacroDef> {
    if peek(input).is_some_and(|c| Prefix::from_char(c).is_some()) {
        return Err(expected(input, "a macro name (macro names take no prefix)"));
    }
    let name = piece_name(input)?;
    let comment = input.state.stripped.comment_in(start, pos(input)).map(|c| c.text.clone());
    expect(input, '=', "`=` and the macro's body")?;
    let body = move_expr(input)?;
    Ok(MacroDef { name, comment, body })
}

/// `Head ::= "'"? Prefix* PieceName+ ( '/' Announcement '/' )?`
fn head(input: &mut Input<'_>) -> PResult<Head> {
    let start = pos(input);
    let side_mover = eat(input, '\'');
    let mut prefixes = Vec::new();
    loop {
        let at = pos(input);
        match peek(input).and_then(Prefix::from_char) {
            Some(p) => {
                let _ = input.next_token();
                prefixes.push(Spanned { value: p, span: span_from(input, at) });
            }
            None => break,
        }
    }
    let mut pieces = vec![piece_name(input)?];
    while peek(input).is_some_and(|c| c.is_ascii_alphabetic() || c == ':') {
        pieces.push(piece_name(input)?);
    }
    let announcement = if peek(input) == Some('/') {
        let at = pos(input);
        let _ = input.next_token();
        let name =
            input.next_slice(input.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '-').count());
        if name.is_empty() {
            return Err(expected(input, "an announcement name"));
        }
        let name = name.to_string();
        expect(input, '/', "`/` closing the announcement")?;
        Some(Spanned { value: name, span: span_from(input, at) })
    } else {
        None
    };
    let name = input.state.stripped.comment_in(start, pos(input)).map(|c| c.text.clone());
    Ok(Head { side_mover, prefixes, pieces, announcement, name, span: span_from(input, start) })
}

/// `PieceName ::= Letter Suffix? BoardSpec?` with `Suffix ::= '<' [A-Za-z] [A-Za-z0-9]* '>'`
fn piece_name(input: &mut Input<'_>) -> PResult<PieceName> {
    let start = pos(input);
    let letter = letter(input)?;
    let suffix = if peek(input) == Some('<') && peek2(input).is_some_and(|c| c.is_ascii_alphabetic()) {
        let at = pos(input);
        let _ = input.next_token();
        let text = input.next_slice(input.chars().take_while(char::is_ascii_alphanumeric).count()).to_string();
        expect(input, '>', "`>` closing the suffix")?;
        Some(Spanned { value: text, span: span_from(input, at) })
    } else {
        None
    };
    let boards = if peek(input) == Some('<') { Some(board_spec(input)?) } else { None };
    Ok(PieceName { letter, suffix, boards, span: span_from(input, start) })
}

/// `Letter ::= [A-Za-z] | ':' [A-Za-z] [A-Za-z0-9+]{0,2} ':'`
fn letter(input: &mut Input<'_>) -> PResult<Letter> {
    if let Some(c) = eat_if(input, |c| c.is_ascii_alphabetic()) {
        return Ok(Letter::Single(c));
    }
    if peek(input) == Some(':') && peek2(input).is_some_and(|c| c.is_ascii_alphabetic()) {
        let _ = input.next_token();
        let body: String = input.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '+').take(4).collect();
        if body.len() > 3 {
            let _ = input.next_slice(3);
            return Err(expected(input, "`:` (compound letters have at most three characters)"));
        }
        let _ = input.next_slice(body.len());
        expect(input, ':', "`:` closing the compound letter")?;
        return Ok(Letter::Compound(body));
    }
    Err(expected(input, "a piece letter"))
}

/// `Targets ::= PieceSet | PieceRef+`
fn targets(input: &mut Input<'_>) -> PResult<PromotionTargets> {
    if peek(input) == Some('{') {
        return Ok(PromotionTargets::Set(piece_set(input)?));
    }
    let mut list = vec![piece_ref(input, true)?];
    while peek(input).is_some_and(|c| c.is_ascii_alphabetic() || c == ':' || c == '@' || Prefix::from_char(c).is_some())
    {
        list.push(piece_ref(input, true)?);
    }
    Ok(PromotionTargets::List(list))
}

/// `PieceRef ::= '@'? Prefix* Letter` (`@` only in drop rules)
fn piece_ref(input: &mut Input<'_>, allow_drop: bool) -> PResult<PieceRef> {
    let start = pos(input);
    let drop = allow_drop && eat(input, '@');
    let mut prefixes = Vec::new();
    while let Some(p) = peek(input).and_then(Prefix::from_char) {
        // `^` and `!` at the start of a set are handled by the set itself.
        let _ = input.next_token();
        prefixes.push(p);
    }
    let letter = letter(input)?;
    Ok(PieceRef { drop, prefixes, letter, span: span_from(input, start) })
}

// ---------------------------------------------------------------------------------------------
// Moves
// ---------------------------------------------------------------------------------------------

/// `Move ::= Element ( ( '--' | '-' ) Element )*`
fn move_expr(input: &mut Input<'_>) -> PResult<Move> {
    let start = pos(input);
    let first = element(input)?;
    let mut legs = vec![Leg { link: None, body: first }];
    while peek(input) == Some('-') {
        let link = if input.starts_with("--") {
            let _ = input.next_slice(2);
            Link::Sequence
        } else {
            let _ = input.next_token();
            Link::Chain
        };
        let rest: &str = input;
        let joined = optional_len(input).filter(|&len| rest[len..].starts_with('+'));
        let chain_end = pos(input);
        match element(input) {
            Ok(body) => legs.push(Leg { link: Some(link), body }),
            Err(e) => {
                if let Some(len) = joined {
                    let chain = &input.state.stripped.text[start..chain_end + len];
                    explain_joined_optional(input, chain, &rest[len..]);
                }
                return Err(e);
            }
        }
    }
    if legs.len() == 1 {
        return Ok(legs.pop().expect("one leg").body);
    }
    Ok(Move { kind: MoveKind::Chain(legs), span: span_from(input, start) })
}

/// `Element ::= Optional | Combination`
fn element(input: &mut Input<'_>) -> PResult<Move> {
    if starts_optional(input) {
        optional(input)
    } else {
        combination(input)
    }
}

/// The rule of §17 that tells an optional leg from a range or a piece set: the bracket opens at the
/// start of the expression or after `(` or `-`, and its partner closes at the end or before `)` or
/// `-`. mbn extends "start" and "end" to the inside of another optional leg (`[`, `{`, `]`, `}`)
/// and to the `=` of a definition, and allows a step count after the closing bracket
/// (`{jy{X}F}0-F`).
fn starts_optional(input: &Input<'_>) -> bool {
    let rest: &str = input;
    optional_len(input)
        .is_some_and(|len| matches!(rest[len..].chars().next(), None | Some(')' | '-' | '=' | ']' | '}')))
}

/// The length of the optional leg opening here (up to its closing bracket and step count), if a
/// `[` or `{` stands where an optional leg may open. Whether it is one depends on what follows
/// ([`starts_optional`]).
fn optional_len(input: &Input<'_>) -> Option<usize> {
    let open = peek(input)?;
    if open != '[' && open != '{' {
        return None;
    }
    let at = pos(input);
    let text = input.state.stripped.text.as_bytes();
    let before = at.checked_sub(1).map(|i| text[i]);
    if !matches!(before, None | Some(b'(' | b'-' | b'=' | b'[' | b'{' | b' ' | b'\t' | b'\n' | b'\r')) {
        return None;
    }
    let rest: &str = input;
    let close = matching_bracket(rest)?;
    let after = rest[close + 1..].trim_start_matches(|c: char| c.is_ascii_digit() || c == '*' || c == '#');
    Some(rest.len() - after.len())
}

/// Adds a help to the failure of a chain leg that would be an optional leg but for the `+` after it
/// (`W-{F}+N`, D6): `-` binds more loosely than `+` (D23), so the bracket opened a piece set or a
/// board range. The help brackets `chain` (up to the optional leg's end) and repeats the move that
/// follows it in `tail`.
fn explain_joined_optional(input: &Input<'_>, chain: &str, tail: &str) {
    let mut depth = 0usize;
    let tail_end = tail
        .char_indices()
        .find_map(|(i, c)| match c {
            '(' | '[' | '{' => {
                depth += 1;
                None
            }
            ')' | ']' | '}' if depth == 0 => Some(i),
            ')' | ']' | '}' => {
                depth -= 1;
                None
            }
            c if c.is_ascii_whitespace() => Some(i),
            _ => None,
        })
        .unwrap_or(tail.len());
    let help = format!(
        "an optional leg ends its chain, and `-` binds more loosely than `+`, so this reads as a piece set or \
         a board range joined to what follows; to join a move to the chain, bracket the chain: `({chain}){}`",
        &tail[..tail_end]
    );
    let at = input.state.farthest.borrow().0;
    let mut hint = input.state.hint.borrow_mut();
    match hint.as_mut() {
        Some(h) if h.at == at => {
            if h.help.is_none() {
                h.help = Some(help);
            }
        }
        _ => *hint = Some(Hint { at, help: Some(help), label: None, reported: false }),
    }
}

/// The index of the bracket closing the one at the start of `s`, counting all kinds of bracket.
fn matching_bracket(s: &str) -> Option<usize> {
    let mut depth = 0usize;
    for (i, c) in s.char_indices() {
        match c {
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some(i);
                }
            }
            c if c.is_ascii_whitespace() => return None,
            _ => {}
        }
    }
    None
}

/// `Optional ::= ( '[' Move ']' | '{' Move '}' ) Steps?`
fn optional(input: &mut Input<'_>) -> PResult<Move> {
    let start = pos(input);
    let (kind, close, what) = if eat(input, '[') {
        (OptionalKind::Choice, ']', "`]` closing the optional leg")
    } else {
        let _ = input.next_token();
        (OptionalKind::WhenUnblocked, '}', "`}` closing the optional leg")
    };
    let body = nested(input, move_expr)?;
    expect_closing(input, close, what, start)?;
    let steps = opt_steps(input)?;
    Ok(Move { kind: MoveKind::Optional(Optional { kind, body: Box::new(body), steps }), span: span_from(input, start) })
}

/// `Combination ::= Partial+ ( '+' Partial+ )*` (partials written side by side combine like `+`)
fn combination(input: &mut Input<'_>) -> PResult<Move> {
    let start = pos(input);
    let mut parts = vec![partial(input)?];
    loop {
        if eat(input, '+') || starts_partial(input) {
            parts.push(partial(input)?);
        } else {
            break;
        }
    }
    if parts.len() == 1 {
        return Ok(parts.pop().expect("one part"));
    }
    Ok(Move { kind: MoveKind::Combination(parts), span: span_from(input, start) })
}

/// Can a partial move start here (for moves written side by side)?
fn starts_partial(input: &Input<'_>) -> bool {
    match peek(input) {
        Some(c) => c.is_ascii_alphabetic() || matches!(c, '(' | ':' | '!' | '#' | '<' | '/' | '[' | '{'),
        None => false,
    }
}

/// `Partial ::= '!'? '#'? Transition? Condition? Range? PieceSet* Modifier* Atom+ Range?`
fn partial(input: &mut Input<'_>) -> PResult<Move> {
    let start = pos(input);
    let setup = marker(input, '!');
    let decisive = marker(input, '#');
    let transition = if peek(input) == Some('<') { Some(transition(input)?) } else { None };
    let condition = if peek(input) == Some('/') { Some(condition(input)?) } else { None };
    let origin = if peek(input) == Some('[') { Some(board_range(input)?) } else { None };
    let mut attackers = Vec::new();
    while peek(input) == Some('{') {
        attackers.push(piece_set(input)?);
    }
    let mut modifiers = Vec::new();
    while let Some(m) = modifier(input)? {
        modifiers.push(m);
    }
    let Some(first) = opt_atom(input)? else {
        atom_hint(input, start, &modifiers);
        return Err(expected(input, "an atom (a piece letter such as `W`, `:m,n:` or `(`)"));
    };
    let mut atoms = vec![first];
    while let Some(a) = opt_atom(input)? {
        atoms.push(a);
    }
    let destination = if peek(input) == Some('[') { Some(board_range(input)?) } else { None };
    let partial = Partial {
        setup,
        decisive,
        transition,
        condition,
        origin,
        attackers,
        modifiers,
        atoms,
        destination,
        span: span_from(input, start),
    };
    Ok(Move { span: partial.span, kind: MoveKind::Partial(Box::new(partial)) })
}

fn marker(input: &mut Input<'_>, c: char) -> Option<Span> {
    let at = pos(input);
    eat(input, c).then(|| span_from(input, at))
}

const DIRECTIONS: &str = "bdflrstvz";
const MODES: &str = "aceghijkmnopquwx";

/// `Modifier ::= '(' Dir Dir ')' | Dir Dir? | ModeLetter ModeLetter? 'y'? '?'? PieceSet? BoardRange?`
fn modifier(input: &mut Input<'_>) -> PResult<Option<Modifier>> {
    let start = pos(input);
    let Some(c) = peek(input) else { return Ok(None) };
    if c == '(' {
        let s: &str = input;
        let b = s.as_bytes();
        let is_dir = |i: usize| b.get(i).is_some_and(|&x| DIRECTIONS.contains(x as char));
        if b.len() >= 4 && is_dir(1) && is_dir(2) && b[3] == b')' {
            let (x, y) = (b[1] as char, b[2] as char);
            let _ = input.next_slice(4);
            let kind = if x == y { ModifierKind::Doubled(x) } else { ModifierKind::Pair(x, y) };
            return Ok(Some(Modifier { kind, span: span_from(input, start) }));
        }
        return Ok(None);
    }
    if DIRECTIONS.contains(c) {
        let _ = input.next_token();
        let kind = if eat(input, c) { ModifierKind::Doubled(c) } else { ModifierKind::Direction(c) };
        return Ok(Some(Modifier { kind, span: span_from(input, start) }));
    }
    if c == 'y' {
        let _ = input.next_token();
        report(
            input,
            start,
            start + 1,
            "`y` is not a modifier on its own: it follows `c`, `j`, `w` or `x` (`cy`: any piece)".into(),
        );
        input.state.not_modifier_end.set(Some(pos(input)));
        return Ok(Some(Modifier { kind: ModifierKind::Mode(mode('c')), span: span_from(input, start) }));
    }
    if !MODES.contains(c) {
        return Ok(None);
    }
    let _ = input.next_token();
    if c == 'q' {
        report(
            input,
            start,
            start + 1,
            "`q` is not an MBN modifier (the letter is unused in MBN; in XBetza it means a circular move)".into(),
        );
    }
    let mut m = mode(c);
    m.doubled = eat(input, c);
    m.any = eat(input, 'y');
    m.optional = eat(input, '?');
    if peek(input) == Some('{') {
        m.set = Some(piece_set(input)?);
    }
    if c == 'o' && peek(input) == Some('[') {
        m.range = Some(board_range(input)?);
    }
    if c == 'q' {
        input.state.not_modifier_end.set(Some(pos(input)));
    }
    Ok(Some(Modifier { kind: ModifierKind::Mode(m), span: span_from(input, start) }))
}

fn mode(letter: char) -> Mode {
    Mode { letter, doubled: false, any: false, optional: false, set: None, range: None }
}

/// When a partial that started at `start` has modifiers but no atom: the last modifier was maybe
/// meant as an atom (atoms are upper-case: `mfw` for `mfW`), or the modifiers as those of the atom
/// before them (`Wf` for `fW`).
fn atom_hint(input: &Input<'_>, start: usize, modifiers: &[Modifier]) {
    let at = pos(input);
    let text = &input.state.stripped.text;
    let Some(last) = modifiers.last() else { return };
    let written = &text[start..at];
    if input.state.not_modifier_end.get() == Some(at) {
        // Reported as not being modifiers; an atom was maybe not meant to follow.
        *input.state.hint.borrow_mut() = Some(Hint { at, reported: true, ..Hint::default() });
        return;
    }
    let Some(c) = written.chars().last().filter(char::is_ascii_lowercase) else {
        return;
    };
    if input.state.span(at - 1, at).end != last.span.end {
        return;
    }
    let upper = format!("{}{}", &written[..written.len() - 1], c.to_ascii_uppercase());
    // The atom just before, when this partial was written side by side with it (`Wf`).
    let before = &text[..start];
    let steps = before.len() - before.trim_end_matches(|c: char| c.is_ascii_digit() || c == '*' || c == '#').len();
    let atom_start = before.len() - steps;
    let previous = before[..atom_start]
        .chars()
        .last()
        .filter(char::is_ascii_uppercase)
        .map(|a| &before[atom_start - a.len_utf8()..]);
    let help = match previous {
        Some(atom) if written.chars().all(|c| c.is_ascii_lowercase()) => format!(
            "modifiers come before their atom and atoms are upper-case: did you mean `{written}{atom}` or `{atom}{upper}`?"
        ),
        _ => format!("`{c}` is read as a modifier, and a modifier needs an atom after it: did you mean `{upper}`?"),
    };
    hint(input, at, Some(help), None);
}

/// `AtomBody ::= [A-Z] | ':' Letter ':' | ':' Number ',' Number ':' | '(' Move ')' Circular?`
fn opt_atom(input: &mut Input<'_>) -> PResult<Option<Atom>> {
    let start = pos(input);
    let kind = match peek(input) {
        Some(c) if c.is_ascii_uppercase() => {
            let _ = input.next_token();
            AtomKind::Letter(Letter::Single(c))
        }
        Some(':') if peek2(input).is_some_and(|c| c.is_ascii_digit()) => {
            let _ = input.next_token();
            let m = number(input)?;
            expect(input, ',', "`,` between the two ordinates of `:m,n:`")?;
            let n = number(input)?;
            expect(input, ':', "`:` closing the leaper `:m,n:`")?;
            AtomKind::Leaper(m, n)
        }
        Some(':') => AtomKind::Letter(letter(input)?),
        Some('(') => {
            let _ = input.next_token();
            let body = nested(input, move_expr)?;
            expect_closing(input, ')', "`)`", start)?;
            let circular = circular(input)?;
            AtomKind::Group { body: Box::new(body), circular }
        }
        _ => return Ok(None),
    };
    let steps = opt_steps(input)?;
    Ok(Some(Atom { kind, steps, span: span_from(input, start) }))
}

/// `Circular ::= ( '(' Dir Dir ')' | Dir Dir? )` when followed by steps: the turn of a circular rider.
fn circular(input: &mut Input<'_>) -> PResult<Option<Modifier>> {
    let checkpoint = input.checkpoint();
    let Some(m) = modifier(input)? else { return Ok(None) };
    if matches!(m.kind, ModifierKind::Mode(_))
        || !peek(input).is_some_and(|c| c.is_ascii_digit() || c == '*' || c == '#')
    {
        input.reset(&checkpoint);
        return Ok(None);
    }
    Ok(Some(m))
}

/// `Steps ::= '0' ( '*' | Number )? | '*' '*'? | '#' | Number`
fn opt_steps(input: &mut Input<'_>) -> PResult<Option<Spanned<Steps>>> {
    let start = pos(input);
    let steps = match peek(input) {
        Some('0') => {
            let _ = input.next_token();
            if eat(input, '*') {
                Steps::Maximal
            } else if peek(input).is_some_and(|c| c.is_ascii_digit()) {
                Steps::Exactly(number(input)?)
            } else {
                Steps::Unlimited
            }
        }
        Some('*') => {
            let _ = input.next_token();
            if eat(input, '*') {
                Steps::Maximal
            } else {
                Steps::Edge
            }
        }
        Some('#') => {
            let _ = input.next_token();
            Steps::Hash
        }
        Some(c) if c.is_ascii_digit() => Steps::UpTo(number(input)?),
        _ => return Ok(None),
    };
    Ok(Some(Spanned { value: steps, span: span_from(input, start) }))
}

/// `Number ::= [0-9]+`, at most [`MAX_NUMBER`].
fn number(input: &mut Input<'_>) -> PResult<u32> {
    let start = pos(input);
    let digits = input.chars().take_while(char::is_ascii_digit).count();
    if digits == 0 {
        return Err(expected(input, "a number"));
    }
    let text = input.next_slice(digits);
    match text.parse::<u32>() {
        Ok(n) if n <= MAX_NUMBER => Ok(n),
        _ => {
            report(input, start, start + digits, format!("number `{text}` is too large (at most {MAX_NUMBER})"));
            Ok(MAX_NUMBER)
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Boards, transitions, ranges, sets, conditions
// ---------------------------------------------------------------------------------------------

/// `Transition ::= '<>' | '<2d>' | '<3d>' | '<4d>' | '<3o>' | BoardSpec`
fn transition(input: &mut Input<'_>) -> PResult<Transition> {
    let start = pos(input);
    for op in [
        MoveOperator::Triagonal,
        MoveOperator::Diagonal2,
        MoveOperator::Triagonal3,
        MoveOperator::Quadrogonal4,
        MoveOperator::Orthogonal3,
    ] {
        if input.starts_with(op.as_str()) {
            let _ = input.next_slice(op.as_str().len());
            return Ok(Transition::Operator(Spanned { value: op, span: span_from(input, start) }));
        }
    }
    Ok(Transition::Boards(board_spec(input)?))
}

/// `BoardSpec ::= '<' '<' Axis ( ';' Axis )? '>' '>' | '<' AxisR ( ';' AxisR )? '>'`
/// with `AxisR ::= '<' Axis '>' | Axis`.
fn board_spec(input: &mut Input<'_>) -> PResult<BoardSpec> {
    let start = pos(input);
    expect(input, '<', "`<`")?;
    let mut axes = Vec::new();
    let mut reflected = false;
    if eat(input, '<') {
        let first = axis_terms(input)?;
        if eat(input, ';') {
            // `<<a;b>>`: the whole spec is reflected.
            reflected = true;
            axes.push(BoardAxis { reflected: false, terms: first });
            axes.push(BoardAxis { reflected: false, terms: axis_terms(input)? });
            expect(input, '>', "`>>` closing the reflected boards")?;
        } else {
            expect(input, '>', "`>`")?;
            axes.push(BoardAxis { reflected: true, terms: first });
            if eat(input, ';') {
                axes.push(reflected_axis(input)?);
            }
        }
    } else {
        axes.push(BoardAxis { reflected: false, terms: axis_terms(input)? });
        if eat(input, ';') {
            axes.push(reflected_axis(input)?);
        }
    }
    expect(input, '>', "`>` closing the boards")?;
    // `<<5>>` is written for one axis; say it as a reflection of the whole spec.
    if axes.len() == 1 && axes[0].reflected {
        axes[0].reflected = false;
        reflected = true;
    }
    Ok(BoardSpec { reflected, axes, span: span_from(input, start) })
}

fn reflected_axis(input: &mut Input<'_>) -> PResult<BoardAxis> {
    if eat(input, '<') {
        let terms = axis_terms(input)?;
        expect(input, '>', "`>`")?;
        Ok(BoardAxis { reflected: true, terms })
    } else {
        Ok(BoardAxis { reflected: false, terms: axis_terms(input)? })
    }
}

/// `Axis ::= '*' | ( BoardTerm ( ',' BoardTerm )* )?`
fn axis_terms(input: &mut Input<'_>) -> PResult<AxisTerms> {
    if eat(input, '*') {
        return Ok(AxisTerms::Any);
    }
    if !peek(input).is_some_and(|c| c.is_ascii_digit() || c == '+' || c == '-') {
        return Ok(AxisTerms::Same);
    }
    let mut terms = vec![board_term(input)?];
    while eat(input, ',') {
        terms.push(board_term(input)?);
    }
    Ok(AxisTerms::List(terms))
}

/// `BoardTerm ::= Number | ( '+-' | '+' | '-' ) Number?`
fn board_term(input: &mut Input<'_>) -> PResult<BoardTerm> {
    let sign = if input.starts_with("+-") {
        let _ = input.next_slice(2);
        Some(Sign::Both)
    } else if eat(input, '+') {
        Some(Sign::Plus)
    } else if eat(input, '-') {
        Some(Sign::Minus)
    } else {
        None
    };
    let has_number = peek(input).is_some_and(|c| c.is_ascii_digit());
    match (sign, has_number) {
        (None, _) => Ok(BoardTerm::Absolute(number(input)?)),
        (Some(s), true) => Ok(BoardTerm::Relative(s, Some(number(input)?))),
        (Some(s), false) => Ok(BoardTerm::Relative(s, None)),
    }
}

/// `Condition ::= '/' ( PieceSet | PieceLetter )? ( BoardRange | Square )? '/'`
fn condition(input: &mut Input<'_>) -> PResult<Condition> {
    let start = pos(input);
    expect(input, '/', "`/`")?;
    let pieces = match peek(input) {
        Some('{') => Some(piece_set(input)?),
        Some(c) if c.is_ascii_uppercase() || c == ':' => {
            let r = piece_ref(input, false)?;
            Some(PieceSet { by_colour: false, complement: false, span: r.span, members: vec![r], royal: false })
        }
        _ => None,
    };
    let squares = match peek(input) {
        Some('[') => Some(board_range(input)?),
        Some(c) if c.is_ascii_lowercase() => {
            let at = pos(input);
            let area = area(input)?;
            Some(BoardRange { complement: false, items: vec![RangeItem::Area(area)], span: span_from(input, at) })
        }
        _ => None,
    };
    if pieces.is_none() && squares.is_none() {
        return Err(expected(input, "a piece, a piece set, a square or a board range"));
    }
    expect(input, '/', "`/` closing the condition")?;
    Ok(Condition { pieces, squares, span: span_from(input, start) })
}

/// `PieceSet ::= '{' '!'? '^'? PieceRef* '}'`
fn piece_set(input: &mut Input<'_>) -> PResult<PieceSet> {
    let start = pos(input);
    expect(input, '{', "`{`")?;
    nested(input, |input| {
        let by_colour = eat(input, '!');
        let complement = eat(input, '^');
        let mut members = Vec::new();
        while !eat(input, '}') {
            if peek(input).is_some_and(|c| c.is_ascii_alphabetic() || c == ':' || Prefix::from_char(c).is_some()) {
                members.push(piece_ref(input, false)?);
            } else {
                let label = (input.state.span(start, start + 1), "`{` opened here".to_string());
                hint(input, pos(input), None, Some(label));
                return Err(expected(input, "a piece letter or `}`"));
            }
        }
        Ok(PieceSet { by_colour, complement, members, royal: false, span: span_from(input, start) })
    })
}

/// `BoardRange ::= '[' '^'? ( RangeItem ( ',' RangeItem )* )? ']'`
fn board_range(input: &mut Input<'_>) -> PResult<BoardRange> {
    let start = pos(input);
    expect(input, '[', "`[`")?;
    nested(input, |input| {
        let complement = eat(input, '^');
        let mut items = Vec::new();
        if !eat(input, ']') {
            loop {
                items.push(range_item(input)?);
                if eat(input, ']') {
                    break;
                }
                if peek(input) != Some(',') {
                    let label = (input.state.span(start, start + 1), "`[` opened here".to_string());
                    let help = (peek(input) == Some('-'))
                        .then(|| "a `-` joins two files or two ranks: `[a-c]`, `[2-7]`, `[a1-3]`".to_string());
                    hint(input, pos(input), help, Some(label));
                }
                expect(input, ',', "`,` or `]`")?;
            }
        }
        Ok(BoardRange { complement, items, span: span_from(input, start) })
    })
}

/// `RangeItem ::= '#' | '.' | '+' | '*' | ':' | Area`
fn range_item(input: &mut Input<'_>) -> PResult<RangeItem> {
    let special = match peek(input) {
        Some('#') => Some(SpecialRange::Edge),
        Some('.') => Some(SpecialRange::Inner),
        Some('+') => Some(SpecialRange::Threatened),
        Some('*') => Some(SpecialRange::Unthreatened),
        Some(':') => Some(SpecialRange::Unmoved),
        _ => None,
    };
    if let Some(s) = special {
        let _ = input.next_token();
        return Ok(RangeItem::Special(s));
    }
    Ok(RangeItem::Area(area(input)?))
}

/// `Area ::= Files? Ranks? Levels? Rows? Iterator?` (at least one of files, ranks, levels)
/// with `Files ::= [a-z] ( '-' [a-z] )?`, `Ranks ::= Number ( '-' Number )?`,
/// `Levels ::= [A-H] ( '-' [A-H] )?`, `Rows ::= [1-8] ( '-' [1-8] )?`,
/// `Iterator ::= '(' Iteration ',' Iteration ')'`.
fn area(input: &mut Input<'_>) -> PResult<Area> {
    let files = interval(input, |c| c.is_ascii_lowercase())?.map(|(a, b)| (a as u8 - b'a', b as u8 - b'a'));
    let ranks = if peek(input).is_some_and(|c| c.is_ascii_digit()) {
        let first = number(input)?;
        let last = if peek(input) == Some('-') && peek2(input).is_some_and(|c| c.is_ascii_digit()) {
            let _ = input.next_token();
            number(input)?
        } else {
            first
        };
        Some((first, last))
    } else {
        None
    };
    let levels = interval(input, |c| ('A'..='H').contains(&c))?;
    let rows = if levels.is_some() {
        interval(input, |c| ('1'..='8').contains(&c))?.map(|(a, b)| (a as u8 - b'0', b as u8 - b'0'))
    } else {
        None
    };
    if files.is_none() && ranks.is_none() && levels.is_none() {
        return Err(expected(input, "a file letter, a rank number or one of `# . + * :`"));
    }
    let iterator = if eat(input, '(') {
        let file = iteration(input)?;
        expect(input, ',', "`,` between the file and rank steps")?;
        let rank = iteration(input)?;
        expect(input, ')', "`)` closing the iterator")?;
        Some([file, rank])
    } else {
        None
    };
    Ok(Area { files, ranks, levels, rows, iterator })
}

/// `c ( '-' c )?` for characters matching `class`.
fn interval(input: &mut Input<'_>, class: impl Fn(char) -> bool) -> PResult<Option<(char, char)>> {
    let Some(first) = eat_if(input, &class) else { return Ok(None) };
    if peek(input) == Some('-') && peek2(input).is_some_and(&class) {
        let _ = input.next_token();
        let last = eat_if(input, &class).expect("checked");
        return Ok(Some((first, last)));
    }
    Ok(Some((first, first)))
}

/// `Iteration ::= ( '+-' | '+' | '-' ) Number`
fn iteration(input: &mut Input<'_>) -> PResult<Iteration> {
    let sign = if input.starts_with("+-") {
        let _ = input.next_slice(2);
        Sign::Both
    } else if eat(input, '+') {
        Sign::Plus
    } else if eat(input, '-') {
        Sign::Minus
    } else {
        return Err(expected(input, "`+`, `-` or `+-` and a step"));
    };
    Ok(Iteration { sign, step: number(input)? })
}
