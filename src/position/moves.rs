//! The move type: 32 bits holding the origin, the destination, the move kind and the
//! promotion kind. Castling is stored king-takes-rook (`to` is the rook's square), as in
//! Chess960 notation, so one encoding serves every castling rule.

use std::mem::MaybeUninit;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum MoveKind {
    Normal = 0,
    Promotion = 1,
    Castle = 2,
    EnPassant = 3,
    /// An initial multi-square leap that may leave an en-passant square behind.
    DoubleStep = 4,
    /// A piece from the hand onto an empty square: `to` is the square (and `from` the
    /// same square, so no move's origin is ever off the board), the promotion field
    /// holds the dropped kind.
    Drop = 5,
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Move(u32);

impl Move {
    pub const NONE: Move = Move(0);

    #[inline(always)]
    pub fn new(from: usize, to: usize, kind: MoveKind) -> Move {
        debug_assert!(from < 512 && to < 512);
        Move(from as u32 | (to as u32) << 9 | (kind as u32) << 18)
    }

    #[inline(always)]
    pub fn promotion(from: usize, to: usize, kind: u8) -> Move {
        Move(Move::new(from, to, MoveKind::Promotion).0 | (kind as u32) << 21)
    }

    #[inline(always)]
    pub fn from(self) -> usize {
        (self.0 & 511) as usize
    }

    #[inline(always)]
    pub fn to(self) -> usize {
        (self.0 >> 9 & 511) as usize
    }

    #[inline(always)]
    pub fn kind(self) -> MoveKind {
        match self.0 >> 18 & 7 {
            0 => MoveKind::Normal,
            1 => MoveKind::Promotion,
            2 => MoveKind::Castle,
            3 => MoveKind::EnPassant,
            5 => MoveKind::Drop,
            _ => MoveKind::DoubleStep,
        }
    }

    #[inline(always)]
    pub fn drop(kind: u8, to: usize) -> Move {
        Move(Move::new(to, to, MoveKind::Drop).0 | (kind as u32) << 21)
    }

    #[inline(always)]
    pub fn is_drop(self) -> bool {
        self.kind() == MoveKind::Drop
    }

    /// The piece kind a promotion creates, or a drop places.
    #[inline(always)]
    pub fn promoted_kind(self) -> usize {
        (self.0 >> 21 & 31) as usize
    }
}

impl std::fmt::Debug for Move {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Move({}->{} {:?} {})",
            self.from(),
            self.to(),
            self.kind(),
            self.promoted_kind()
        )
    }
}

/// A fixed-capacity move list on the stack: no heap allocation per node.
pub struct MoveList {
    moves: [MaybeUninit<Move>; MoveList::CAPACITY],
    len: usize,
}

impl MoveList {
    pub const CAPACITY: usize = 1024;

    #[inline(always)]
    pub fn new() -> MoveList {
        // No initialisation: a list is created at every node, and only the first `len`
        // entries are ever read.
        MoveList {
            moves: [const { MaybeUninit::uninit() }; MoveList::CAPACITY],
            len: 0,
        }
    }

    #[inline(always)]
    pub fn push(&mut self, m: Move) {
        // Capacity is far above any position's move count; a full list drops moves in
        // release builds rather than corrupting memory.
        debug_assert!(self.len < Self::CAPACITY);
        if self.len < Self::CAPACITY {
            self.moves[self.len].write(m);
            self.len += 1;
        }
    }

    #[inline(always)]
    pub fn len(&self) -> usize {
        self.len
    }

    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    #[inline(always)]
    pub fn as_slice(&self) -> &[Move] {
        // SAFETY: entries below `len` were written by `push` or `retain`.
        unsafe { std::slice::from_raw_parts(self.moves.as_ptr() as *const Move, self.len) }
    }

    pub fn retain(&mut self, mut keep: impl FnMut(Move) -> bool) {
        let mut w = 0;
        for r in 0..self.len {
            let m = self.as_slice()[r];
            if keep(m) {
                self.moves[w].write(m);
                w += 1;
            }
        }
        self.len = w;
    }
}

impl Default for MoveList {
    fn default() -> Self {
        Self::new()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_round_trip() {
        let m = Move::promotion(360, 359, 13);
        assert_eq!(
            (m.from(), m.to(), m.kind(), m.promoted_kind()),
            (360, 359, MoveKind::Promotion, 13)
        );
        let c = Move::new(4, 7, MoveKind::Castle);
        assert_eq!((c.from(), c.to(), c.kind()), (4, 7, MoveKind::Castle));
        assert_ne!(c, Move::NONE);
        let d = Move::drop(4, 37);
        assert_eq!(
            (d.from(), d.to(), d.kind(), d.promoted_kind()),
            (37, 37, MoveKind::Drop, 4)
        );
    }
}
