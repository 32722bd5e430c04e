//! The canonical printer: [`ast`](super::ast) -> text, via `Display`.
//!
//! The output parses back to an equal tree (`parse(print(ast)) == ast`). It is canonical: side by side
//! partial moves are joined with `+`, conditions use their short forms where they exist, `**` is
//! written `0*`, `(ff)` is written `ff`, and comments other than piece names are dropped.

use super::ast::*;
use std::fmt::{self, Display, Formatter, Write as _};

impl Display for Notation {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        for (i, item) in self.items.iter().enumerate() {
            if i > 0 {
                f.write_char(' ')?;
            }
            write!(f, "{item}")?;
        }
        Ok(())
    }
}

impl Display for Item {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match &self.kind {
            ItemKind::Piece(def) => {
                write!(f, "{}", def.head)?;
                match &def.body {
                    Some(body) => write!(f, "={body}"),
                    None => Ok(()),
                }
            }
            ItemKind::Promotion(def) => write!(f, "{}=={}", def.head, def.targets),
            ItemKind::Macro(def) => {
                write!(f, "@{}", def.name)?;
                if let Some(c) = &def.comment {
                    write!(f, "|{}|", c.value)?;
                }
                write!(f, "={}", def.body)
            }
            ItemKind::Castling(def) => {
                f.write_str(def.kind.as_str())?;
                if let Some(set) = &def.partners {
                    write!(f, "{set}")?;
                }
                write!(f, "={}={}", def.royal, def.partner)
            }
        }
    }
}

impl Display for Head {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        if self.side_mover {
            f.write_char('\'')?;
        }
        for p in &self.prefixes {
            f.write_char(p.value.as_char())?;
        }
        for piece in &self.pieces {
            write!(f, "{piece}")?;
        }
        if let Some(a) = &self.announcement {
            write!(f, "/{}/", a.value)?;
        }
        if let Some(name) = &self.name {
            write!(f, "|{}|", name.value)?;
        }
        Ok(())
    }
}

impl Display for PieceName {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter)?;
        if let Some(s) = &self.suffix {
            write!(f, "<{}>", s.value)?;
        }
        if let Some(b) = &self.boards {
            write!(f, "{b}")?;
        }
        Ok(())
    }
}

impl Display for PieceRef {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        if self.drop {
            f.write_char('@')?;
        }
        for p in &self.prefixes {
            f.write_char(p.as_char())?;
        }
        write!(f, "{}", self.letter)
    }
}

impl Display for PromotionTargets {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            PromotionTargets::Set(set) => write!(f, "{set}"),
            PromotionTargets::List(list) => list.iter().try_for_each(|r| write!(f, "{r}")),
        }
    }
}

impl Display for Move {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match &self.kind {
            MoveKind::Chain(legs) => {
                for leg in legs {
                    match leg.link {
                        None => {}
                        Some(Link::Chain) => f.write_char('-')?,
                        Some(Link::Sequence) => f.write_str("--")?,
                    }
                    write!(f, "{}", leg.body)?;
                }
                Ok(())
            }
            MoveKind::Combination(parts) => {
                for (i, part) in parts.iter().enumerate() {
                    if i > 0 {
                        f.write_char('+')?;
                    }
                    write!(f, "{part}")?;
                }
                Ok(())
            }
            MoveKind::Optional(opt) => {
                let (open, close) = match opt.kind {
                    OptionalKind::Choice => ('[', ']'),
                    OptionalKind::WhenUnblocked => ('{', '}'),
                };
                write!(f, "{open}{}{close}", opt.body)?;
                if let Some(steps) = &opt.steps {
                    write!(f, "{}", steps.value)?;
                }
                Ok(())
            }
            MoveKind::Partial(p) => write!(f, "{p}"),
        }
    }
}

impl Display for Partial {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        if self.setup.is_some() {
            f.write_char('!')?;
        }
        if self.decisive.is_some() {
            f.write_char('#')?;
        }
        if let Some(t) = &self.transition {
            write!(f, "{t}")?;
        }
        if let Some(c) = &self.condition {
            write!(f, "{c}")?;
        }
        if let Some(r) = &self.origin {
            write!(f, "{r}")?;
        }
        for set in &self.attackers {
            write!(f, "{set}")?;
        }
        let mut previous: Option<&ModifierKind> = None;
        for m in &self.modifiers {
            match (previous, &m.kind) {
                // `f` then `ff` must not read back as `ff` then `f`.
                (Some(ModifierKind::Direction(a)), ModifierKind::Doubled(b)) if a == b => write!(f, "({b}{b})")?,
                _ => write!(f, "{m}")?,
            }
            previous = Some(&m.kind);
        }
        for a in &self.atoms {
            write!(f, "{a}")?;
        }
        if let Some(r) = &self.destination {
            write!(f, "{r}")?;
        }
        Ok(())
    }
}

impl Display for Modifier {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match &self.kind {
            ModifierKind::Direction(c) => f.write_char(*c),
            ModifierKind::Doubled(c) => write!(f, "{c}{c}"),
            ModifierKind::Pair(a, b) => write!(f, "({a}{b})"),
            ModifierKind::Mode(m) => write!(f, "{m}"),
        }
    }
}

impl Display for Mode {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        f.write_char(self.letter)?;
        if self.doubled {
            f.write_char(self.letter)?;
        }
        if self.any {
            f.write_char('y')?;
        }
        if self.optional {
            f.write_char('?')?;
        }
        if let Some(set) = &self.set {
            write!(f, "{set}")?;
        }
        if let Some(range) = &self.range {
            write!(f, "{range}")?;
        }
        Ok(())
    }
}

impl Display for Atom {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match &self.kind {
            AtomKind::Letter(l) => write!(f, "{l}")?,
            AtomKind::Leaper(m, n) => write!(f, ":{m},{n}:")?,
            AtomKind::Group { body, circular } => {
                write!(f, "({body})")?;
                if let Some(c) = circular {
                    write!(f, "{c}")?;
                }
            }
        }
        if let Some(steps) = &self.steps {
            write!(f, "{}", steps.value)?;
        }
        Ok(())
    }
}

impl Display for Steps {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            Steps::Unlimited => f.write_char('0'),
            Steps::UpTo(n) => write!(f, "{n}"),
            Steps::Exactly(n) => write!(f, "0{n}"),
            Steps::Maximal => f.write_str("0*"),
            Steps::Edge => f.write_char('*'),
            Steps::Hash => f.write_char('#'),
        }
    }
}

impl Display for Transition {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            Transition::Boards(b) => write!(f, "{b}"),
            Transition::Operator(op) => f.write_str(op.value.as_str()),
        }
    }
}

impl Display for BoardSpec {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        f.write_str(if self.reflected { "<<" } else { "<" })?;
        for (i, axis) in self.axes.iter().enumerate() {
            if i > 0 {
                f.write_char(';')?;
            }
            if axis.reflected {
                write!(f, "<{}>", axis.terms)?;
            } else {
                write!(f, "{}", axis.terms)?;
            }
        }
        f.write_str(if self.reflected { ">>" } else { ">" })
    }
}

impl Display for AxisTerms {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            AxisTerms::Same => Ok(()),
            AxisTerms::Any => f.write_char('*'),
            AxisTerms::List(terms) => {
                for (i, t) in terms.iter().enumerate() {
                    if i > 0 {
                        f.write_char(',')?;
                    }
                    match t {
                        BoardTerm::Absolute(n) => write!(f, "{n}")?,
                        BoardTerm::Relative(sign, n) => {
                            f.write_str(sign.as_str())?;
                            if let Some(n) = n {
                                write!(f, "{n}")?;
                            }
                        }
                    }
                }
                Ok(())
            }
        }
    }
}

impl Display for Condition {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        f.write_char('/')?;
        if let Some(set) = &self.pieces {
            match short_piece(set) {
                Some(r) => write!(f, "{r}")?,
                None => write!(f, "{set}")?,
            }
        }
        if let Some(range) = &self.squares {
            match range.items.as_slice() {
                [RangeItem::Area(area)] if !range.complement && area.files.is_some() => write!(f, "{area}")?,
                _ => write!(f, "{range}")?,
            }
        }
        f.write_char('/')
    }
}

/// The one piece of a set that can be written without braces in a condition.
fn short_piece(set: &PieceSet) -> Option<&PieceRef> {
    match set.members.as_slice() {
        [r] if !set.by_colour && !set.complement && !set.royal && r.prefixes.is_empty() && !r.drop => match &r.letter {
            Letter::Single(c) if c.is_ascii_uppercase() => Some(r),
            Letter::Compound(_) => Some(r),
            Letter::Single(_) => None,
        },
        _ => None,
    }
}

impl Display for PieceSet {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        f.write_char('{')?;
        if self.by_colour {
            f.write_char('!')?;
        }
        if self.complement {
            f.write_char('^')?;
        }
        for m in &self.members {
            write!(f, "{m}")?;
        }
        if self.royal {
            f.write_str("(royal)")?;
        }
        f.write_char('}')
    }
}

impl Display for BoardRange {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        f.write_char('[')?;
        if self.complement {
            f.write_char('^')?;
        }
        for (i, item) in self.items.iter().enumerate() {
            if i > 0 {
                f.write_char(',')?;
            }
            match item {
                RangeItem::Special(s) => f.write_char(s.as_char())?,
                RangeItem::Area(a) => write!(f, "{a}")?,
            }
        }
        f.write_char(']')
    }
}

impl Display for Area {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        if let Some((a, b)) = self.files {
            write_interval(f, char::from(b'a' + a), char::from(b'a' + b))?;
        }
        if let Some((a, b)) = self.ranks {
            write!(f, "{a}")?;
            if a != b {
                write!(f, "-{b}")?;
            }
        }
        if let Some((a, b)) = self.levels {
            write_interval(f, a, b)?;
        }
        if let Some((a, b)) = self.rows {
            write_interval(f, char::from(b'0' + a), char::from(b'0' + b))?;
        }
        if let Some([file, rank]) = &self.iterator {
            write!(f, "({}{},{}{})", file.sign.as_str(), file.step, rank.sign.as_str(), rank.step)?;
        }
        Ok(())
    }
}

fn write_interval(f: &mut Formatter<'_>, a: char, b: char) -> fmt::Result {
    f.write_char(a)?;
    if a != b {
        write!(f, "-{b}")?;
    }
    Ok(())
}
