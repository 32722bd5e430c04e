//! The basic pieces A-Z of §14: the ten basic leapers and the pieces defined by MBN text, expanded
//! once into a static table.

use super::walk::{Expansion, Resolve, Resolved, Walker};
use crate::syntax::ast::{Letter, Span};
use crate::syntax::parse_move;
use std::sync::{Arc, OnceLock};

/// The MBN text of every basic piece, `A` to `Z` (§12, §14, with the fixes described in
/// [`super`]).
const TEXTS: [&str; 26] = [
    ":2,2:",                // A Alfil
    "F0",                   // B Bishop
    ":1,3:",                // C Camel
    ":0,2:",                // D Dabbaba
    "RN",                   // E Empress
    ":1,1:",                // F Ferz
    "T",                    // G (old) Tripper
    ":0,3:",                // H Threeleaper
    "BN",                   // I Janus
    "Z",                    // J (old) Zebra
    "WF",                   // K King
    "C",                    // L (old) Camel
    "RN",                   // M Marshall (the seed prints `WF`, a typo)
    ":1,2:",                // N Knight
    ":0,0:",                // O Zero
    "mfW+cefF+[1-2]mefW02", // P Pawn
    "RB",                   // Q Queen
    "W0",                   // R Rook
    "mfF+cefW+[1-2]mefF02", // S Berolina Pawn
    ":3,3:",                // T Tripper
    "g(WF)0",               // U Universal Leaper
    "BN",                   // V Vizir
    ":0,1:",                // W Wazir
    "(!dcy{^P}OK)0*",       // X Explosion
    "F-[(zF)0]",            // Y Boyscout
    ":2,3:",                // Z Zebra
];

/// The MBN text of the basic piece `letter` (`'A'..='Z'`), as mbn reads it: `B` is `F0`, `N` is
/// `:1,2:`, `G` is `T`. `None` for anything but an upper-case ASCII letter.
pub fn basic_piece(letter: char) -> Option<&'static str> {
    index(letter).map(|i| TEXTS[i])
}

/// The leap `(m, n)` of a basic leaper letter (`O W F D N A H C Z T` and the old letters
/// `G = T`, `J = Z`, `L = C`); `None` for the other letters.
pub fn basic_leaper(letter: char) -> Option<(u32, u32)> {
    Some(match letter {
        'O' => (0, 0),
        'W' => (0, 1),
        'F' => (1, 1),
        'D' => (0, 2),
        'N' => (1, 2),
        'A' => (2, 2),
        'H' => (0, 3),
        'C' | 'L' => (1, 3),
        'Z' | 'J' => (2, 3),
        'T' | 'G' => (3, 3),
        _ => return None,
    })
}

fn index(letter: char) -> Option<usize> {
    letter.is_ascii_uppercase().then(|| (letter as u8 - b'A') as usize)
}

/// What the basic piece `letter` stands for: a leaper, or the expansion of its text.
pub(super) fn resolve_basic(letter: char) -> Resolved {
    if let Some((m, n)) = basic_leaper(letter) {
        return Resolved::Leaper(m, n);
    }
    match index(letter).and_then(|i| table()[i].clone()) {
        Some(e) => Resolved::Body(e),
        None => Resolved::Failed,
    }
}

/// The expanded texts of the non-leaper basic pieces, built on first use.
fn table() -> &'static [Option<Arc<Expansion>>; 26] {
    static TABLE: OnceLock<[Option<Arc<Expansion>>; 26]> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut builder = Builder { memo: Default::default(), active: [false; 26] };
        for c in 'A'..='Z' {
            if basic_leaper(c).is_none() {
                let _ = builder.build(c);
            }
        }
        builder.memo
    })
}

/// Expands the basic texts, in which every letter is a basic piece.
struct Builder {
    memo: [Option<Arc<Expansion>>; 26],
    active: [bool; 26],
}

impl Builder {
    fn build(&mut self, letter: char) -> Resolved {
        let Some(i) = index(letter) else { return Resolved::Failed };
        if let Some(e) = &self.memo[i] {
            return Resolved::Body(e.clone());
        }
        // The table has no cycle (a test checks that every letter expands); this only keeps a
        // mistake in it from recursing forever.
        if self.active[i] {
            return Resolved::Failed;
        }
        let Ok(body) = parse_move(TEXTS[i]) else { return Resolved::Failed };
        self.active[i] = true;
        let mut walker = Walker::new(self);
        let body = walker.walk(&body);
        let ok = walker.ok();
        let expansion = Arc::new(Expansion { atoms: walker.atoms(), depth: walker.depth(), body });
        self.active[i] = false;
        if !ok {
            return Resolved::Failed;
        }
        self.memo[i] = Some(expansion.clone());
        Resolved::Body(expansion)
    }
}

impl Resolve for Builder {
    fn resolve(&mut self, letter: &Letter, _span: Span) -> Resolved {
        match letter {
            Letter::Single(c) => match basic_leaper(*c) {
                Some((m, n)) => Resolved::Leaper(m, n),
                None => self.build(*c),
            },
            Letter::Compound(_) => Resolved::Failed,
        }
    }
}
