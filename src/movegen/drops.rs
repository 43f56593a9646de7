//! Drops: a piece from the side to move's hand onto an empty square of its kind's drop
//! zone. A drop only adds a blocker, so it never exposes the dropper's royal piece;
//! in check it is legal exactly when it lands between a lone slider checker and the
//! king (an interposition), which the caller's `mask` says.

use super::Sink;
use crate::board::Bitboard;
use crate::position::Position;

impl<B: Bitboard> Position<B> {
    /// Drops of the side to move onto the empty squares of `mask`.
    #[inline]
    pub(super) fn gen_drops<S: Sink<B>>(&self, sink: &mut S, mask: B) {
        let Some(hands) = self.rules.hands.as_ref().filter(|h| h.drops) else {
            return;
        };
        let us = self.side;
        let empty = mask & !self.occupied() & self.rules.tables.board;
        if empty.is_empty() {
            return;
        }
        for (kind, zone) in hands.drop_zone.iter().enumerate() {
            if self.hand[us][kind] != 0 {
                let targets = empty & zone[us];
                if targets.any() {
                    sink.drops(kind as u8, targets);
                }
            }
        }
    }
}
