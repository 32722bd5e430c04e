//! Which squares every path of a graph on the board stands on: the dominator tree.
//!
//! Generated code and the interpreter use it for the flood fills of complex riders that turn
//! freely (docs/SEMANTICS.md M68, M79): a time round from `a` onto `b` may end a path only when
//! some path reaches `a` without standing on `b`, that is when `b` does not dominate `a`.
//! The tree is computed by Cooper, Harvey and Kennedy's iterative algorithm ("A Simple, Fast
//! Dominance Algorithm", 2001), which on graphs of a board's size converges in a few passes.

use crate::bitboard::Bitboard;
use crate::geometry::Square;

/// The dominator tree of the squares reachable from a root square.
#[derive(Clone, Debug)]
pub struct Dominators {
    root: usize,
    /// The immediate dominator of each square reached (the root's is itself); `NONE` elsewhere.
    idom: Vec<usize>,
}

const NONE: usize = usize::MAX;

impl Dominators {
    /// The tree of the graph whose edges go from each square to the squares of its entry in
    /// `successors` (indexed by square; squares beyond its end have no edges).
    pub fn new<B: Bitboard>(root: Square, successors: &[B]) -> Self {
        let n = successors.len().max(root.index() + 1);
        let edges = |i: usize| successors.get(i).copied().unwrap_or(B::EMPTY);
        // Depth-first postorder from the root, without recursion.
        let mut post = vec![NONE; n];
        let mut order = Vec::new();
        let mut seen = B::from_square(root);
        let mut stack = vec![(root.index(), edges(root.index()))];
        while let Some((node, rest)) = stack.last_mut() {
            let node = *node;
            match rest.pop_lowest() {
                Some(next) if next.index() < n && !seen.test(next) => {
                    seen |= B::from_square(next);
                    stack.push((next.index(), edges(next.index())));
                }
                Some(_) => {}
                None => {
                    post[node] = order.len();
                    order.push(node);
                    stack.pop();
                }
            }
        }
        let mut preds = vec![Vec::new(); n];
        for &node in &order {
            let mut next = edges(node);
            while let Some(s) = next.pop_lowest() {
                if s.index() < n && post[s.index()] != NONE {
                    preds[s.index()].push(node);
                }
            }
        }
        let mut idom = vec![NONE; n];
        idom[root.index()] = root.index();
        let intersect = |idom: &[usize], mut a: usize, mut b: usize| {
            while a != b {
                while post[a] < post[b] {
                    a = idom[a];
                }
                while post[b] < post[a] {
                    b = idom[b];
                }
            }
            a
        };
        let mut changed = true;
        while changed {
            changed = false;
            for &node in order.iter().rev().skip(1) {
                let mut new = NONE;
                for &p in &preds[node] {
                    if idom[p] != NONE {
                        new = if new == NONE { p } else { intersect(&idom, p, new) };
                    }
                }
                if idom[node] != new {
                    idom[node] = new;
                    changed = true;
                }
            }
        }
        Dominators { root: root.index(), idom }
    }

    /// Whether every path from the root to `to` stands on `on` (so does `to` itself, and the
    /// root); `false` when `to` is not reached.
    pub fn stands_on(&self, to: Square, on: Square) -> bool {
        let mut at = to.index();
        if self.idom.get(at).is_none_or(|&d| d == NONE) {
            return false;
        }
        loop {
            if at == on.index() {
                return true;
            }
            if at == self.root {
                return false;
            }
            at = self.idom[at];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Edges from `(from, to)` pairs, as bitboards.
    fn graph(n: usize, edges: &[(u16, u16)]) -> Vec<u64> {
        let mut g = vec![0u64; n];
        for &(a, b) in edges {
            g[a as usize] |= 1 << b;
        }
        g
    }

    /// Whether `to` is reached from `root` without standing on `on`, by search.
    fn avoids(g: &[u64], root: usize, to: usize, on: usize) -> bool {
        if to == on {
            return false;
        }
        // `on` beyond the graph: plain reachability.
        let (mut seen, mut todo) = (1u64 << root, vec![root]);
        while let Some(a) = todo.pop() {
            for b in 0..g.len() {
                if g[a] >> b & 1 == 1 && b != on && seen >> b & 1 == 0 {
                    seen |= 1 << b;
                    todo.push(b);
                }
            }
        }
        seen >> to & 1 == 1
    }

    #[test]
    fn a_corridor_and_a_ring() {
        // 0 -> 1 -> 2 -> 3 and 1 -> 4 -> 3: 1 stands on every path past 0; 2 and 4 on none to 3.
        let g = graph(5, &[(0, 1), (1, 2), (2, 3), (1, 4), (4, 3), (3, 1)]);
        let d = Dominators::new(Square(0), &g);
        assert!(d.stands_on(Square(3), Square(1)));
        assert!(d.stands_on(Square(3), Square(0)));
        assert!(d.stands_on(Square(3), Square(3)));
        assert!(!d.stands_on(Square(3), Square(2)));
        assert!(!d.stands_on(Square(3), Square(4)));
        assert!(!d.stands_on(Square(1), Square(3)));
        // Not reached: stands on nothing.
        let d = Dominators::new(Square(2), &g);
        assert!(!d.stands_on(Square(0), Square(2)));
    }

    #[test]
    fn agrees_with_search_on_random_graphs() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for _ in 0..300 {
            let n = 2 + (next() % 40) as usize;
            let g: Vec<u64> = (0..n).map(|_| next() & next() & next() & ((1u64 << n) - 1)).collect();
            let root = (next() % n as u64) as usize;
            let d = Dominators::new(Square(root as u16), &g);
            for to in 0..n {
                let reached = avoids(&g, root, to, usize::MAX);
                for on in 0..n {
                    // The root and `to` itself are on every path; any other square when no
                    // search around it reaches `to`.
                    let want = reached && (on == root || on == to || !avoids(&g, root, to, on));
                    assert_eq!(d.stands_on(Square(to as u16), Square(on as u16)), want, "{g:?} {root} {to} {on}");
                }
            }
        }
    }
}
