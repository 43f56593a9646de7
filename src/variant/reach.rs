//! Where a compiled piece reaches by stepping square by square: walkers (limited
//! riders, riders in odd directions, hoppers, confined riders) and a piece's complex captures (walkers
//! plus lame and initial leaps), the part of its moves that no attack table covers.
//!
//! Pure functions of the compiled [`Rules`] and an occupancy: the move generator, the
//! position's attack queries and the evaluation's mobility all read them here.

use super::betza::Hop;
use super::rules::{Rules, Walker};
use super::Color;
use crate::board::{Bitboard, Square};

impl<B: Bitboard> Rules<B> {
    /// Squares a walker reaches from `from`: (empty squares it may move to, occupied
    /// squares it attacks). `shy` holds the pieces of shy kinds: a shy walker's screen
    /// is never one of them (its hits may be; a caller walking forward drops those
    /// victims, one walking a turned-round walker back from a target finds the shy
    /// attacker there). A line walker starts and lands on the palace lines only.
    #[inline]
    pub fn walk(&self, w: &Walker, from: Square, occ: B, shy: B) -> (B, B) {
        if !w.lines && !w.shy && w.region.is_none() {
            return self.walk_plain(w, from, occ);
        }
        self.walk_palace(w, from, occ, shy)
    }

    /// [`Rules::walk`] for line walkers, shy hoppers (Fairy-Stockfish's rule: the
    /// squares reached over the full occupancy and over the one without shy pieces
    /// agree, and lie on the lines) and confined walkers (from and within their
    /// region: a rectangle, which a ray never re-enters).
    #[cold]
    #[inline(never)]
    fn walk_palace(&self, w: &Walker, from: Square, occ: B, shy: B) -> (B, B) {
        if w.lines && !self.diagonal_lines.has(from) {
            return (B::EMPTY, B::EMPTY);
        }
        if let Some(r) = w.region {
            let region = self.walk_regions[r as usize];
            if !region.has(from) {
                return (B::EMPTY, B::EMPTY);
            }
            let (quiet, hits) = self.walk_plain(w, from, occ);
            return (quiet & region, hits & region);
        }
        let (mut quiet, mut hits) = self.walk_plain(w, from, occ);
        if w.shy && shy.any() {
            let (q, h) = self.walk_plain(w, from, occ & !shy);
            quiet &= q | h;
            hits &= q | h;
        }
        if w.lines {
            quiet &= self.diagonal_lines;
            hits &= self.diagonal_lines;
        }
        (quiet, hits)
    }

    #[inline]
    fn walk_plain(&self, w: &Walker, from: Square, occ: B) -> (B, B) {
        if let Some(d) = w.unit {
            return self.ray_walk(w, d as usize, from, occ);
        }
        let geo = self.geo;
        let (mut quiet, mut hits) = (B::EMPTY, B::EMPTY);
        let mut sq = from;
        let mut steps = 0;
        let mut jumped = false;
        while let Some(next) = geo.offset(sq, w.dx, w.dy) {
            sq = next;
            steps += 1;
            let occupied = occ.has(sq);
            match w.hop {
                Hop::None => {
                    if w.max_steps != 0 && steps > w.max_steps {
                        break;
                    }
                    if occupied {
                        hits |= B::from_square(sq);
                        break;
                    }
                    quiet |= B::from_square(sq);
                }
                Hop::Cannon => {
                    if !jumped {
                        jumped = occupied;
                    } else if occupied {
                        hits |= B::from_square(sq);
                        break;
                    } else {
                        quiet |= B::from_square(sq);
                    }
                }
                Hop::Grasshopper => {
                    if !jumped {
                        jumped = occupied;
                    } else {
                        if occupied {
                            hits |= B::from_square(sq);
                        } else {
                            quiet |= B::from_square(sq);
                        }
                        break;
                    }
                }
            }
        }
        (quiet, hits)
    }

    /// [`Rules::walk`] along an unlimited unit line, from the ray tables: the first
    /// piece on the ray is the blocker (or a hopper's screen), the next one the
    /// hopper's target.
    #[inline]
    fn ray_walk(&self, w: &Walker, d: usize, from: Square, occ: B) -> (B, B) {
        let rays = &self.tables.rays;
        let reach = rays.ray_attacks(d, from, occ);
        let first = reach & occ;
        match w.hop {
            Hop::None => (reach & !occ, first),
            _ if first.is_empty() => (B::EMPTY, B::EMPTY),
            Hop::Cannon => {
                let beyond = rays.ray_attacks(d, first.lsb(), occ);
                (beyond & !occ, beyond & occ)
            }
            Hop::Grasshopper => {
                let screen = first.lsb();
                match self.geo.offset(screen, w.dx, w.dy) {
                    None => (B::EMPTY, B::EMPTY),
                    Some(t) if occ.has(t) => (B::EMPTY, B::from_square(t)),
                    Some(t) => (B::from_square(t), B::EMPTY),
                }
            }
        }
    }

    /// Squares the walkers and lame/initial leaps of one piece of `kind` and `color` on
    /// `from` attack (capture moves only, empty squares included): the part of a
    /// kind's attacks that no table covers.
    /// Shy hoppers are walked as if no piece were shy (the evaluation's mobility); the
    /// position's attack tests use [`Rules::complex_captures_among`].
    pub fn complex_captures(&self, kind: usize, color: Color, from: Square, occ: B) -> B {
        self.complex_captures_among(kind, color, from, occ, B::EMPTY)
    }

    /// [`Rules::complex_captures`] with the pieces of shy kinds in `shy`: a shy
    /// hopper neither jumps nor attacks them.
    pub fn complex_captures_among(
        &self,
        kind: usize,
        color: Color,
        from: Square,
        occ: B,
        shy: B,
    ) -> B {
        let m = self.moves(kind, color);
        let mut att = B::EMPTY;
        for w in &m.walkers {
            if w.capture && (!w.initial || m.initial_zone.has(from)) {
                // Attacked squares include empty ones the piece could capture on if an
                // enemy stood there (a king may not cross them when castling).
                let (reach, hits) = self.walk(w, from, occ, shy);
                att |= reach | hits;
                if w.shy {
                    att &= !shy;
                }
            }
        }
        let (start, end) = m.special_index[from];
        for s in &m.specials[start as usize..end as usize] {
            if s.capture && (!s.initial || m.initial_zone.has(from)) && (s.path & occ).is_empty() {
                att |= B::from_square(s.to as usize);
            }
        }
        att
    }
}
