//! The search's accumulators, one per ply: after each `make_move` the searcher pushes
//! the position's dirty-piece record (and hands); the accumulator of a ply is computed
//! lazily, when that ply is evaluated, from the nearest computed ply below it by adding
//! and subtracting the changed inputs' columns, or rebuilt from the position when the
//! record overflowed or the changes outnumber the pieces on the board. Popping a ply is
//! free. Both perspectives are kept; `evaluate` reads them in side-to-move order.

use super::features::Hands;
use super::network::Network;
use crate::board::Bitboard;
use crate::position::{Dirty, Position};
use crate::variant::{BLACK, WHITE};

/// Plies a stack has room for at first, and how many more it takes each time the
/// search goes deeper: growing by a step, not by doubling, a thread holds about the
/// plies it reached (with doubling, a thread that reached ply 16 held 32, at 32 it held 64).
const FIRST_PLIES: usize = 16;
const MORE_PLIES: usize = 8;

pub struct Accumulators<'n> {
    net: &'n Network,
    /// Ply `i` holds White's perspective at `[2i·h..]`, Black's at `[(2i+1)·h..]`.
    acc: Vec<i16>,
    dirty: Vec<Dirty>,
    hands: Vec<Hands>,
    computed: Vec<bool>,
    top: usize,
    scratch: Vec<usize>,
}

impl<'n> Accumulators<'n> {
    /// A stack whose bottom ply is `pos`, computed from scratch.
    pub fn new<B: Bitboard>(net: &'n Network, pos: &Position<B>) -> Accumulators<'n> {
        let mut a = Accumulators {
            net,
            acc: Vec::new(),
            dirty: Vec::new(),
            hands: Vec::new(),
            computed: Vec::new(),
            top: 0,
            scratch: Vec::new(),
        };
        // Room for 16 plies to start with, more as the search goes deeper: each search
        // thread has a stack of its own, and most searches stay shallow.
        a.grow(FIRST_PLIES);
        a.hands[0] = pos.hand;
        a.refresh_top(pos);
        a
    }

    pub fn network(&self) -> &'n Network {
        self.net
    }

    /// The plies the stack has room for now (it grows as the search goes deeper).
    pub fn plies_held(&self) -> usize {
        self.computed.len()
    }

    /// Room for `plies` plies, exactly: `resize` alone would double the capacity (a
    /// kilobyte a ply at 256 hidden units, in every thread).
    fn grow(&mut self, plies: usize) {
        let h = self.net.hidden;
        self.acc.reserve_exact(plies * 2 * h - self.acc.len());
        self.dirty.reserve_exact(plies - self.dirty.len());
        self.hands.reserve_exact(plies - self.hands.len());
        self.computed.reserve_exact(plies - self.computed.len());
        self.acc.resize(plies * 2 * h, 0);
        self.dirty.resize(plies, Dirty::default());
        self.hands
            .resize(plies, [[0; crate::variant::rules::MAX_KINDS]; 2]);
        self.computed.resize(plies, false);
    }

    /// After `pos.make_move(..)`.
    #[inline]
    pub fn push<B: Bitboard>(&mut self, pos: &Position<B>) {
        self.push_record(*pos.dirty(), pos.hand);
    }

    /// After `pos.make_null_move()`: nothing changed.
    #[inline]
    pub fn push_null(&mut self) {
        let hands = self.hands[self.top];
        self.push_record(Dirty::default(), hands);
    }

    #[inline]
    fn push_record(&mut self, dirty: Dirty, hands: Hands) {
        self.top += 1;
        if self.top >= self.computed.len() {
            self.grow(self.computed.len() + MORE_PLIES);
        }
        self.dirty[self.top] = dirty;
        self.hands[self.top] = hands;
        self.computed[self.top] = false;
    }

    /// After `unmake_move` or `unmake_null_move`.
    #[inline]
    pub fn pop(&mut self) {
        debug_assert!(self.top > 0, "pop below the root");
        self.top -= 1;
    }

    /// The score of `pos` (the position at the top ply) for its side to move.
    pub fn evaluate<B: Bitboard>(&mut self, pos: &Position<B>) -> i32 {
        self.update(pos);
        let (w, b) = self.top_pair();
        if pos.side_to_move() == WHITE {
            self.net.output(w, b)
        } else {
            self.net.output(b, w)
        }
    }

    /// The top ply's (White, Black) accumulators after bringing them up to date.
    pub fn current<B: Bitboard>(&mut self, pos: &Position<B>) -> (&[i16], &[i16]) {
        self.update(pos);
        self.top_pair()
    }

    fn top_pair(&self) -> (&[i16], &[i16]) {
        let h = self.net.hidden;
        let base = 2 * self.top * h;
        let (w, b) = self.acc[base..base + 2 * h].split_at(h);
        (w, b)
    }

    /// Brings the top ply up to date: incrementally from the nearest computed ply, or
    /// from scratch when that is cheaper or the record is incomplete.
    fn update<B: Bitboard>(&mut self, pos: &Position<B>) {
        if self.computed[self.top] {
            return;
        }
        let mut from = self.top;
        let mut changes = 0;
        let limit = pos.occupied().count() as usize;
        while !self.computed[from] {
            if self.dirty[from].overflowed() {
                return self.refresh_top(pos);
            }
            changes += self.dirty[from].items().len();
            from -= 1;
        }
        if changes > limit {
            return self.refresh_top(pos);
        }
        for ply in from + 1..=self.top {
            self.apply(ply);
        }
    }

    /// Ply `ply` from ply `ply - 1` and the record between them.
    fn apply(&mut self, ply: usize) {
        let net = self.net;
        let f = &net.features;
        let h = net.hidden;
        let (below, above) = self.acc.split_at_mut(2 * ply * h);
        let prev = &below[2 * (ply - 1) * h..];
        let now = &mut above[..2 * h];
        now.copy_from_slice(prev);
        let (white, black) = now.split_at_mut(h);
        for (persp, acc) in [(WHITE, white), (BLACK, black)] {
            for d in self.dirty[ply].items() {
                let i = f.code(persp, d.piece, d.square as usize);
                if d.added {
                    net.add(acc, i);
                } else {
                    net.sub(acc, i);
                }
            }
            if f.hand_slots == 0 {
                continue;
            }
            let (old, new) = (&self.hands[ply - 1], &self.hands[ply]);
            for color in [WHITE, BLACK] {
                for kind in 0..f.kinds {
                    let a = (old[color][kind] as usize).min(f.hand_slots);
                    let b = (new[color][kind] as usize).min(f.hand_slots);
                    for s in b..a {
                        net.sub(acc, f.hand(persp, color, kind, s));
                    }
                    for s in a..b {
                        net.add(acc, f.hand(persp, color, kind, s));
                    }
                }
            }
        }
        self.computed[ply] = true;
    }

    fn refresh_top<B: Bitboard>(&mut self, pos: &Position<B>) {
        let h = self.net.hidden;
        let base = 2 * self.top * h;
        let (white, black) = self.acc[base..base + 2 * h].split_at_mut(h);
        self.net.refresh(pos, WHITE, white, &mut self.scratch);
        self.net.refresh(pos, BLACK, black, &mut self.scratch);
        self.computed[self.top] = true;
    }
}
