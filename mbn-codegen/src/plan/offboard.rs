//! XBetza `o` on a leg on the way (docs/SEMANTICS.md X48): the leg leaves the board and the next
//! leg comes back onto it. Square arithmetic shared by both back ends: the interpreter calls these
//! at run time, the code generator builds its per-square tables with them.

use crate::ir::Reach;
use mbn_runtime::{Geometry, Square};

/// A point of the plane around the board: (file, rank), 0-based, possibly off the board.
pub(crate) type Point = (i32, i32);

/// An off-board leg from `sq` along `v` with `reach`: the on-board squares it passes (they must be
/// empty) and the point it lands on, the first point of its line off the board. `None` when the
/// line leaves the board outside the leg's reach (`W3` from d4 eastward: h4 is still on it).
pub(crate) fn exit(g: Geometry, sq: Square, v: (i32, i32), reach: Reach) -> Option<(Vec<Square>, Point)> {
    let Reach::Steps { min, max } = reach else { return None };
    let start = (i32::from(g.file_of(sq)), i32::from(g.rank_of(sq)));
    let mut passed = Vec::new();
    let mut k = 1u32;
    loop {
        if max.is_some_and(|m| k > m) {
            return None;
        }
        let at = (start.0 + v.0 * k as i32, start.1 + v.1 * k as i32);
        match on_board(g, at) {
            Some(s) => passed.push(s),
            None => return (k >= min).then_some((passed, at)),
        }
        k += 1;
    }
}

/// The leg after an off-board leg, from the point `at` along `v`: the first square of its line on
/// the board and the number of steps to it (the points before are off the board, passed as
/// empty). `None` when the line never comes onto the board.
pub(crate) fn entry(g: Geometry, at: Point, v: (i32, i32)) -> Option<(Square, u32)> {
    // A line that has not come onto the board after this many steps never will: the point is
    // at most one leap off the board and every step moves at least one file or rank.
    let bound = 2 * (u32::from(g.files()) + u32::from(g.ranks())) + 64;
    (1..=bound).find_map(|j| on_board(g, (at.0 + v.0 * j as i32, at.1 + v.1 * j as i32)).map(|s| (s, j)))
}

/// The square at `p`, if it is on the board.
fn on_board(g: Geometry, p: Point) -> Option<Square> {
    g.square(u8::try_from(p.0).ok()?, u8::try_from(p.1).ok()?)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        Geometry::CHESS.parse_square(name).unwrap()
    }

    #[test]
    fn a_slide_lands_on_the_first_point_past_the_edge() {
        let g = Geometry::CHESS;
        let (passed, at) = exit(g, sq("c1"), (1, 1), Reach::RIDE).unwrap();
        assert_eq!(passed, ["d2", "e3", "f4", "g5", "h6"].map(sq));
        assert_eq!(at, (8, 6));
        // From the edge itself: one step off, nothing passed.
        assert_eq!(exit(g, sq("h6"), (1, 1), Reach::RIDE), Some((Vec::new(), (8, 6))));
        // Out of reach: `W3` eastward from d4 stops on g4.
        assert_eq!(exit(g, sq("d4"), (1, 0), Reach::Steps { min: 1, max: Some(3) }), None);
        // A leap lands off the board or not at all.
        assert_eq!(exit(g, sq("g1"), (1, -2), Reach::LEAP), Some((Vec::new(), (7, -2))));
        assert_eq!(exit(g, sq("d4"), (1, 2), Reach::LEAP), None);
    }

    #[test]
    fn the_next_leg_comes_back_on_its_first_square_on_the_board() {
        let g = Geometry::CHESS;
        assert_eq!(entry(g, (8, 6), (-1, 1)), Some((sq("h8"), 1)));
        assert_eq!(entry(g, (8, 6), (1, -1)), None);
        assert_eq!(entry(g, (10, 3), (-1, 0)), Some((sq("h4"), 3)));
        assert_eq!(entry(g, (7, -2), (-1, 2)), Some((sq("g1"), 1)));
    }
}
