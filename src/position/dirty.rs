//! What the last `make_move` changed on the board, piece by piece: every piece a move
//! took off a square and every piece it put on one, in order (captures, promotions,
//! castling, drops, explosions, custodian captures, gating). Filled where the Zobrist key
//! is updated piece by piece (`Position::put` / `remove`), so no capture rule can be
//! missed; an incremental evaluation (the network's accumulator) reads it right after
//! the move. More changes than [`Dirty::CAPACITY`] mark the record overflowed: the reader
//! must then rebuild from the position. Hands are not recorded here (read them from the
//! position). Null moves and `unmake` leave the record alone.

use super::PieceCode;

/// One piece change: `piece` left (`added == false`) or arrived on `square`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DirtyPiece {
    pub square: u16,
    pub piece: PieceCode,
    pub added: bool,
}

/// The piece changes of the last move made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dirty {
    len: u8,
    overflowed: bool,
    items: [DirtyPiece; Dirty::CAPACITY],
}

impl Default for Dirty {
    fn default() -> Dirty {
        Dirty {
            len: 0,
            overflowed: false,
            items: [DirtyPiece::default(); Dirty::CAPACITY],
        }
    }
}

impl Dirty {
    /// An atomic capture with a gate removes at most 12 pieces and adds 2; custodian
    /// captures take at most one piece per direction.
    pub const CAPACITY: usize = 16;

    #[inline(always)]
    pub(super) fn clear(&mut self) {
        self.len = 0;
        self.overflowed = false;
    }

    #[inline(always)]
    pub(super) fn push(&mut self, square: usize, piece: PieceCode, added: bool) {
        let n = self.len as usize;
        if n < Self::CAPACITY {
            self.items[n] = DirtyPiece {
                square: square as u16,
                piece,
                added,
            };
            self.len += 1;
        } else {
            self.overflowed = true;
        }
    }

    /// The changes in the order they happened (empty when overflowed).
    pub fn items(&self) -> &[DirtyPiece] {
        if self.overflowed {
            &[]
        } else {
            &self.items[..self.len as usize]
        }
    }

    /// Whether some changes were not recorded (rebuild from the position).
    pub fn overflowed(&self) -> bool {
        self.overflowed
    }
}
