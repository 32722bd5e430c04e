//! The canonical printer and the parser agree: `parse(print(ast)) == ast` for generated trees.
//!
//! The strategies below build [`Move`]s and [`Notation`]s covering every node of the AST: chains
//! (`-`, `--`), combinations, optional legs (`[..]`, `{..}`, with steps), partial moves with every
//! optional part, atoms with every step kind, circular riders, heads, promotions, drops, macros and
//! castlings. Moves go through [`parse_move`], notations through [`parse_notation`]. `Span` compares
//! equal to every span, so the comparison is structural.
//!
//! Some trees cannot be printed unambiguously; the parser never produces them, and the generator
//! avoids them:
//!
//! - **Shape.** A chain has at least two legs, the first without a link and the others with one, and
//!   no leg is itself a chain. A combination has at least two members, all partial moves. An
//!   optional leg appears only as a chain leg, as the whole body of a definition, or as the body of
//!   an optional leg or a group, never as a member of a combination.
//! - **Numbers** (steps, leaper ordinates, ranks, boards, iterator steps) are at most `MAX_NUMBER`;
//!   `Steps::UpTo(n)` has `n >= 1` (`0` starts `Steps::Unlimited` / `Steps::Exactly`).
//! - **Atoms.** A single-letter atom is upper case (lower case letters are modifiers). A group has a
//!   circular direction only when it has steps (`(N)rf` would read `rf` as the next partial's
//!   modifiers), and that direction is a direction, a doubled direction or a pair, never a mode.
//! - **Modifiers.** No `q` mode and no `y` mode letter (both are errors). A pair has two different
//!   letters (`(ff)` is the doubled `ff`). A single direction letter is not followed by the same
//!   single letter, and a bare mode letter (not doubled, no `y`, `?`, set or range) is not followed
//!   by a mode with the same letter: either would read as a doubled modifier. Only the `o` mode
//!   carries a board range.
//! - **Board specs.** One or two axes; an axis list is not empty. A spec with one axis is never
//!   reflected on the axis (`<<5>>` is read as a reflection of the whole spec), and a reflected
//!   whole spec has no reflected axes (`<<a;<b>>>` does not parse). In a transition, a spec with one
//!   unreflected `AxisTerms::Same` axis would print `<>`, the triagonal operator (in a piece name it
//!   is fine).
//! - **Areas** name at least one of files, ranks or levels; rows only follow a level.
//! - **Piece sets.** A set that is neither colour (`!`) nor complement (`^`) does not start with a
//!   member prefixed `!` (`{!Q}` is the colour set of `Q`). Only promotion target lists hold drops
//!   (`@`).
//! - **Conditions** name a piece set, a board range or both.
//! - **Heads.** Suffixes are `[A-Za-z][A-Za-z0-9]*`, announcements `[A-Za-z0-9_-]+`, comments
//!   (piece and macro names) contain no `|`. Macro names take no prefix (the AST has no place for one).

use mbn_codegen::syntax::ast::*;
use mbn_codegen::syntax::{parse_move, parse_notation, MAX_NUMBER};
use proptest::collection::vec;
use proptest::option;
use proptest::prelude::*;
use proptest::sample::select;

/// `cases` test cases, or `PROPTEST_CASES` when set.
fn config(cases: u32) -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES").ok().and_then(|s| s.parse().ok()).unwrap_or(cases);
    ProptestConfig { cases, failure_persistence: None, ..ProptestConfig::default() }
}

fn spanned<T>(value: T) -> Spanned<T> {
    Spanned { value, span: Span::default() }
}

fn partial_move(p: Partial) -> Move {
    Move { kind: MoveKind::Partial(Box::new(p)), span: Span::default() }
}

// ---------------------------------------------------------------------------------------------
// Letters, pieces, sets
// ---------------------------------------------------------------------------------------------

/// A number, mostly small, sometimes the largest accepted.
fn number() -> impl Strategy<Value = u32> + Clone {
    prop_oneof![6 => 0..10u32, 2 => 0..=MAX_NUMBER, 1 => Just(MAX_NUMBER)]
}

fn ascii_letter() -> impl Strategy<Value = char> + Clone {
    select(('A'..='Z').chain('a'..='z').collect::<Vec<_>>())
}

fn compound() -> impl Strategy<Value = String> + Clone {
    "[A-Za-z][A-Za-z0-9+]{0,2}"
}

/// Any piece letter (heads, sets, promotion targets).
fn letter() -> impl Strategy<Value = Letter> + Clone {
    prop_oneof![3 => ascii_letter().prop_map(Letter::Single), 1 => compound().prop_map(Letter::Compound)]
}

/// A letter that can stand as an atom: upper case, or compound.
fn atom_letter() -> impl Strategy<Value = Letter> + Clone {
    prop_oneof![
        4 => select(('A'..='Z').collect::<Vec<_>>()).prop_map(Letter::Single),
        1 => compound().prop_map(Letter::Compound),
    ]
}

fn prefix() -> impl Strategy<Value = Prefix> + Clone {
    select(Prefix::ALL.to_vec())
}

fn piece_ref(allow_drop: bool) -> impl Strategy<Value = PieceRef> + Clone {
    let drop = if allow_drop { any::<bool>().boxed() } else { Just(false).boxed() };
    (drop, vec(prefix(), 0..3), letter()).prop_map(|(drop, prefixes, letter)| PieceRef {
        drop,
        prefixes,
        letter,
        span: Span::default(),
    })
}

fn piece_set() -> impl Strategy<Value = PieceSet> + Clone {
    (any::<bool>(), any::<bool>(), vec(piece_ref(false), 0..4)).prop_map(|(by_colour, complement, mut members)| {
        // `{!Q}` is the colour set of `Q`, not the set of `!Q`.
        if !by_colour && !complement {
            if let Some(first) = members.first_mut() {
                while first.prefixes.first() == Some(&Prefix::Cancel) {
                    first.prefixes.remove(0);
                }
            }
        }
        PieceSet { by_colour, complement, members, royal: false, span: Span::default() }
    })
}

// ---------------------------------------------------------------------------------------------
// Boards and ranges
// ---------------------------------------------------------------------------------------------

fn sign() -> impl Strategy<Value = Sign> + Clone {
    select(vec![Sign::Plus, Sign::Minus, Sign::Both])
}

fn board_term() -> impl Strategy<Value = BoardTerm> + Clone {
    prop_oneof![
        number().prop_map(BoardTerm::Absolute),
        (sign(), option::of(number())).prop_map(|(s, n)| BoardTerm::Relative(s, n)),
    ]
}

fn axis_terms() -> impl Strategy<Value = AxisTerms> + Clone {
    prop_oneof![
        1 => Just(AxisTerms::Same),
        1 => Just(AxisTerms::Any),
        3 => vec(board_term(), 1..4).prop_map(AxisTerms::List),
    ]
}

/// A board spec; `in_transition` when it stands where `<>` would be the triagonal operator.
fn board_spec(in_transition: bool) -> impl Strategy<Value = BoardSpec> + Clone {
    (any::<bool>(), vec((any::<bool>(), axis_terms()), 1..=2)).prop_map(move |(mut reflected, axes)| {
        let mut axes: Vec<BoardAxis> =
            axes.into_iter().map(|(reflected, terms)| BoardAxis { reflected, terms }).collect();
        // `<<5>>`: one reflected axis is a reflected spec.
        if axes.len() == 1 && axes[0].reflected {
            axes[0].reflected = false;
            reflected = true;
        }
        // `<<a;<b>>>` does not parse: a reflected spec has no reflected axes.
        if reflected {
            axes.iter_mut().for_each(|a| a.reflected = false);
        }
        // `<>` in a transition is the triagonal operator.
        if in_transition && !reflected && axes.len() == 1 && axes[0].terms == AxisTerms::Same {
            axes[0].terms = AxisTerms::Any;
        }
        BoardSpec { reflected, axes, span: Span::default() }
    })
}

fn transition() -> impl Strategy<Value = Transition> + Clone {
    let ops = vec![
        MoveOperator::Triagonal,
        MoveOperator::Diagonal2,
        MoveOperator::Triagonal3,
        MoveOperator::Quadrogonal4,
        MoveOperator::Orthogonal3,
    ];
    prop_oneof![
        2 => board_spec(true).prop_map(Transition::Boards),
        1 => select(ops).prop_map(|op| Transition::Operator(spanned(op))),
    ]
}

fn iteration() -> impl Strategy<Value = Iteration> + Clone {
    (sign(), number()).prop_map(|(sign, step)| Iteration { sign, step })
}

fn area() -> impl Strategy<Value = Area> + Clone {
    let level = || select(('A'..='H').collect::<Vec<_>>());
    (
        option::of((0..26u8, 0..26u8)),
        option::of((number(), number())),
        option::of((level(), level())),
        option::of((1..=8u8, 1..=8u8)),
        option::of((iteration(), iteration())),
    )
        .prop_map(|(files, ranks, levels, rows, iterator)| {
            // An area names files, ranks or levels.
            let files = if files.is_none() && ranks.is_none() && levels.is_none() { Some((0, 0)) } else { files };
            // Rows are read only after a level.
            let rows = levels.and(rows);
            Area { files, ranks, levels, rows, iterator: iterator.map(|(f, r)| [f, r]) }
        })
}

fn range_item() -> impl Strategy<Value = RangeItem> + Clone {
    let specials = vec![
        SpecialRange::Edge,
        SpecialRange::Inner,
        SpecialRange::Threatened,
        SpecialRange::Unthreatened,
        SpecialRange::Unmoved,
    ];
    prop_oneof![1 => select(specials).prop_map(RangeItem::Special), 3 => area().prop_map(RangeItem::Area)]
}

fn board_range() -> impl Strategy<Value = BoardRange> + Clone {
    (any::<bool>(), vec(range_item(), 0..4)).prop_map(|(complement, items)| BoardRange {
        complement,
        items,
        span: Span::default(),
    })
}

fn condition() -> impl Strategy<Value = Condition> + Clone {
    // A condition names pieces, squares or both.
    prop_oneof![
        (piece_set(), option::of(board_range())).prop_map(|(p, s)| (Some(p), s)),
        board_range().prop_map(|s| (None, Some(s))),
    ]
    .prop_map(|(pieces, squares)| Condition { pieces, squares, span: Span::default() })
}

// ---------------------------------------------------------------------------------------------
// Modifiers, steps, atoms
// ---------------------------------------------------------------------------------------------

fn direction() -> impl Strategy<Value = char> + Clone {
    select("bdflrstvz".chars().collect::<Vec<_>>())
}

/// A direction modifier: single, doubled or an amalgamated pair.
fn direction_modifier() -> impl Strategy<Value = ModifierKind> + Clone {
    prop_oneof![
        3 => direction().prop_map(ModifierKind::Direction),
        1 => direction().prop_map(ModifierKind::Doubled),
        // `(ff)` is the doubled `ff`: a pair has two different letters.
        1 => (direction(), direction()).prop_map(|(a, b)| if a == b { ModifierKind::Doubled(a) } else { ModifierKind::Pair(a, b) }),
    ]
}

fn mode() -> impl Strategy<Value = Mode> + Clone {
    // No `q` (not an MBN modifier) and no `y` (only after `c`, `j`, `w`, `x`).
    let letters = "aceghijkmnopuwx".chars().collect::<Vec<_>>();
    (select(letters), any::<bool>(), any::<bool>(), any::<bool>(), option::of(piece_set()), option::of(board_range()))
        .prop_map(|(letter, doubled, any, optional, set, range)| Mode {
            letter,
            doubled,
            any,
            optional,
            set,
            // Only `o` takes a board range.
            range: range.filter(|_| letter == 'o'),
        })
}

fn modifier_kind() -> impl Strategy<Value = ModifierKind> + Clone {
    prop_oneof![2 => direction_modifier(), 1 => mode().prop_map(ModifierKind::Mode)]
}

/// Would `next` written right after `prev` read as one doubled modifier?
fn merges(prev: &ModifierKind, next: &ModifierKind) -> bool {
    match (prev, next) {
        (ModifierKind::Direction(a), ModifierKind::Direction(b)) => a == b,
        (ModifierKind::Mode(a), ModifierKind::Mode(b)) => {
            a.letter == b.letter && !a.doubled && !a.any && !a.optional && a.set.is_none() && a.range.is_none()
        }
        _ => false,
    }
}

fn modifiers() -> impl Strategy<Value = Vec<Modifier>> + Clone {
    vec(modifier_kind(), 0..4).prop_map(|kinds| {
        let mut out: Vec<ModifierKind> = Vec::new();
        for k in kinds {
            // Adjacent equal letters would read as one doubled modifier: drop the second.
            if out.last().is_some_and(|prev| merges(prev, &k)) {
                continue;
            }
            out.push(k);
        }
        out.into_iter().map(|kind| Modifier { kind, span: Span::default() }).collect()
    })
}

fn steps() -> impl Strategy<Value = Steps> + Clone {
    prop_oneof![
        Just(Steps::Unlimited),
        // `0` starts `Steps::Unlimited` and `Steps::Exactly`: `UpTo` counts at least one step.
        number().prop_map(|n| Steps::UpTo(n.max(1))),
        number().prop_map(Steps::Exactly),
        Just(Steps::Maximal),
        Just(Steps::Edge),
        Just(Steps::Hash),
    ]
}

/// An atom; a group atom when `body` is given.
fn atom(body: Option<BoxedStrategy<Move>>) -> BoxedStrategy<Atom> {
    let simple = prop_oneof![
        3 => atom_letter().prop_map(AtomKind::Letter),
        1 => (number(), number()).prop_map(|(m, n)| AtomKind::Leaper(m, n)),
    ]
    .boxed();
    let kind_and_steps = match body {
        None => (simple, option::of(steps())).boxed(),
        Some(body) => {
            // A circular direction is only read in front of steps.
            let group = (body, option::of((option::of(direction_modifier()), steps()))).prop_map(|(body, tail)| {
                let (circular, steps) = match tail {
                    Some((c, s)) => (c.map(|kind| Modifier { kind, span: Span::default() }), Some(s)),
                    None => (None, None),
                };
                (AtomKind::Group { body: Box::new(body), circular }, steps)
            });
            prop_oneof![
                2 => (simple, option::of(steps())),
                1 => group,
            ]
            .boxed()
        }
    };
    kind_and_steps.prop_map(|(kind, steps)| Atom { kind, steps: steps.map(spanned), span: Span::default() }).boxed()
}

// ---------------------------------------------------------------------------------------------
// Moves
// ---------------------------------------------------------------------------------------------

fn partial(atom: BoxedStrategy<Atom>) -> BoxedStrategy<Move> {
    let marker = || option::weighted(0.2, Just(Span::default()));
    (
        (marker(), marker(), option::weighted(0.2, transition()), option::weighted(0.2, condition())),
        (option::weighted(0.2, board_range()), vec(piece_set(), 0..2), modifiers()),
        (vec(atom, 1..3), option::weighted(0.2, board_range())),
    )
        .prop_map(|((setup, decisive, transition, condition), (origin, attackers, modifiers), (atoms, destination))| {
            partial_move(Partial {
                setup,
                decisive,
                transition,
                condition,
                origin,
                attackers,
                modifiers,
                atoms,
                destination,
                span: Span::default(),
            })
        })
        .boxed()
}

fn optional_kind() -> impl Strategy<Value = OptionalKind> + Clone {
    select(vec![OptionalKind::Choice, OptionalKind::WhenUnblocked])
}

fn link() -> impl Strategy<Value = Link> + Clone {
    select(vec![Link::Chain, Link::Sequence])
}

/// Any move expression.
fn move_expr() -> BoxedStrategy<Move> {
    partial(atom(None))
        .prop_recursive(5, 48, 4, |inner| {
            let partial = partial(atom(Some(inner.clone())));
            // Combination members are partial moves.
            let combination = vec(partial.clone(), 2..4)
                .prop_map(|parts| Move { kind: MoveKind::Combination(parts), span: Span::default() })
                .boxed();
            let optional = (optional_kind(), inner, option::of(steps()))
                .prop_map(|(kind, body, steps)| Move {
                    kind: MoveKind::Optional(Optional { kind, body: Box::new(body), steps: steps.map(spanned) }),
                    span: Span::default(),
                })
                .boxed();
            // Chain legs are anything but chains.
            let element = prop_oneof![partial.clone(), combination.clone(), optional.clone()];
            let chain = (element.clone(), vec((link(), element), 1..3)).prop_map(|(first, rest)| {
                let mut legs = vec![Leg { link: None, body: first }];
                legs.extend(rest.into_iter().map(|(link, body)| Leg { link: Some(link), body }));
                Move { kind: MoveKind::Chain(legs), span: Span::default() }
            });
            prop_oneof![2 => partial, 1 => combination, 1 => optional, 1 => chain]
        })
        .boxed()
}

// ---------------------------------------------------------------------------------------------
// Definitions
// ---------------------------------------------------------------------------------------------

/// A comment's text: anything but `|`.
fn comment() -> impl Strategy<Value = String> + Clone {
    "[^|]{0,12}"
}

fn piece_name() -> impl Strategy<Value = PieceName> + Clone {
    (letter(), option::weighted(0.2, "[A-Za-z][A-Za-z0-9]{0,3}"), option::weighted(0.2, board_spec(false))).prop_map(
        |(letter, suffix, boards)| PieceName { letter, suffix: suffix.map(spanned), boards, span: Span::default() },
    )
}

fn head() -> impl Strategy<Value = Head> + Clone {
    (
        any::<bool>(),
        vec(prefix(), 0..3),
        vec(piece_name(), 1..4),
        option::weighted(0.2, "[A-Za-z0-9_-]{1,8}"),
        option::weighted(0.3, comment()),
    )
        .prop_map(|(side_mover, prefixes, pieces, announcement, name)| Head {
            side_mover,
            prefixes: prefixes.into_iter().map(spanned).collect(),
            pieces,
            announcement: announcement.map(spanned),
            name: name.map(spanned),
            span: Span::default(),
        })
}

fn item() -> impl Strategy<Value = Item> {
    let piece =
        (head(), option::weighted(0.8, move_expr())).prop_map(|(head, body)| ItemKind::Piece(PieceDef { head, body }));
    let targets = prop_oneof![
        piece_set().prop_map(PromotionTargets::Set),
        vec(piece_ref(true), 1..4).prop_map(PromotionTargets::List),
    ];
    let promotion = (head(), targets).prop_map(|(head, targets)| ItemKind::Promotion(PromotionDef { head, targets }));
    let macro_def = (piece_name(), option::weighted(0.3, comment()), move_expr())
        .prop_map(|(name, comment, body)| ItemKind::Macro(MacroDef { name, comment: comment.map(spanned), body }));
    let castling = (
        select(vec![CastlingKind::Short, CastlingKind::Long, CastlingKind::Vertical]),
        option::weighted(0.3, piece_set()),
        move_expr(),
        move_expr(),
    )
        .prop_map(|(kind, partners, royal, partner)| {
            ItemKind::Castling(CastlingDef { kind, partners, royal, partner })
        });
    prop_oneof![4 => piece, 1 => promotion, 1 => macro_def, 1 => castling]
        .prop_map(|kind| Item { kind, span: Span::default() })
}

fn notation() -> impl Strategy<Value = Notation> {
    vec(item(), 0..4).prop_map(|items| Notation { items })
}

// ---------------------------------------------------------------------------------------------
// Properties
// ---------------------------------------------------------------------------------------------

proptest! {
    #![proptest_config(config(5_000))]

    /// `parse_move(m.to_string()) == m`.
    #[test]
    fn moves_round_trip(m in move_expr()) {
        let printed = m.to_string();
        match parse_move(&printed) {
            Ok(parsed) => prop_assert!(parsed == m, "`{}` reads back as `{}`: {:?}", printed, parsed, parsed),
            Err(e) => prop_assert!(false, "`{}` does not parse: {:?}", printed, e),
        }
    }
}

proptest! {
    #![proptest_config(config(2_000))]

    /// `parse_notation(n.to_string()) == n`.
    #[test]
    fn notations_round_trip(n in notation()) {
        let printed = n.to_string();
        match parse_notation(&printed) {
            Ok(parsed) => prop_assert!(parsed == n, "`{}` reads back as `{}`: {:?}", printed, parsed, parsed),
            Err(e) => prop_assert!(false, "`{}` does not parse: {:?}", printed, e),
        }
    }
}

/// The modifiers `f` then `ff` (from `f(ff)W`) print as `f(ff)W`, not `fffW` (which reads back as
/// `ff` then `f`); found by fuzzing.
#[test]
fn direction_then_its_doubled_form() {
    for input in ["f(ff)W", "Wf(ff)F", "r(rr)(N)3"] {
        let tree = parse_move(input).expect("parses");
        let printed = tree.to_string();
        assert_eq!(parse_move(&printed).as_ref(), Ok(&tree), "`{input}` prints as `{printed}`");
    }
}
