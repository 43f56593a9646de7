//! Drops: a piece from the side to move's hand onto an empty square of its kind's drop
//! zone, within the kind's drop limits. A drop only adds a blocker, so it never exposes
//! the dropper's royal piece; in check it is legal exactly when it lands between a lone
//! slider checker and the king (an interposition), which the caller's `mask` says. A
//! royal piece dropped from the hand (a set-up phase) may not land on an attacked square.

use super::Sink;
use crate::board::Bitboard;
use crate::position::{Move, Position};
use crate::variant::hands::{DropLimit, HandRules};

impl<B: Bitboard> Position<B> {
    /// Drops of the side to move onto the empty squares of `mask`.
    #[inline(always)]
    pub(super) fn gen_drops<S: Sink<B>>(&self, sink: &mut S, mask: B) {
        if let Some(hands) = self.rules.hands.as_ref().filter(|h| h.drops) {
            self.gen_drops_with(sink, mask, hands);
        }
    }

    /// [`Position::gen_drops`] in a game with drops; out of line, so that games
    /// without pay one test.
    #[inline(never)]
    fn gen_drops_with<S: Sink<B>>(&self, sink: &mut S, mask: B, hands: &HandRules<B>) {
        let us = self.side;
        let mut empty = mask & !self.occupied() & self.rules.tables.board;
        if hands.enclosing.is_some() {
            empty = self.enclosing_targets(hands, empty);
        }
        if empty.is_empty() {
            return;
        }
        // Squares other kinds must leave free for pieces still to be split by colour.
        let room = hands
            .colour_split_kinds
            .iter()
            .fold(self.rules.tables.board, |r, &k| {
                r & self.room_for_colour_split(k)
            });
        for (kind, zone) in hands.drop_zone.iter().enumerate() {
            if self.hand[us][kind] != 0 || hands.free_drops {
                let mut targets = empty & zone[us];
                if !hands.drop_limits[kind].is_empty() {
                    targets &= self.drop_limits_allow(kind);
                }
                if !hands.colour_split_kinds.contains(&kind) {
                    targets &= room;
                }
                if self.rules.kinds[kind].royal {
                    let occ = self.occupied();
                    for sq in targets.squares() {
                        if self.checked_on(sq, us, occ) {
                            targets &= !B::from_square(sq);
                        }
                    }
                }
                if targets.any() {
                    sink.drops(kind as u8, targets);
                    if hands.promoted_drop[kind].is_some() {
                        for sq in targets.squares() {
                            sink.push(Move::drop_promoted(kind as u8, sq));
                        }
                    }
                }
            }
        }
    }

    /// Where other kinds may be dropped while pieces of `kind` ([`DropLimit::OppositeColors`])
    /// wait in hand: a square colour that holds none of the side's pieces of the kind
    /// keeps one free square of the kind's zone for them, once the side has two or more
    /// (on the board and in hand together). With none left, nothing else is dropped.
    /// Fairy-Stockfish's `dropOppositeColoredBishop` does the same.
    fn room_for_colour_split(&self, kind: usize) -> B {
        let hands = self.rules.hands.as_ref().expect("hands");
        let us = self.side;
        let own = self.pieces_of(kind, us);
        let in_hand = self.hand[us][kind] as u32;
        if in_hand == 0 || own.count() + in_hand < 2 {
            return self.rules.tables.board;
        }
        let free = hands.drop_zone[kind][us] & !self.occupied();
        let mut room = self.rules.tables.board;
        for colour in [hands.dark, !hands.dark & self.rules.tables.board] {
            if (own & colour).any() {
                continue;
            }
            let left = free & colour;
            if left.is_empty() {
                return B::EMPTY;
            }
            if !left.more_than_one() {
                room &= !left;
            }
        }
        room
    }

    /// The squares the side to move's drop limits leave open to a drop of `kind`.
    fn drop_limits_allow(&self, kind: usize) -> B {
        let hands = self.rules.hands.as_ref().expect("hands");
        let tables = &self.rules.tables;
        let us = self.side;
        let own = self.pieces_of(kind, us);
        let mut allowed = tables.board;
        for limit in &hands.drop_limits[kind] {
            match limit {
                &DropLimit::PerFile(n) => {
                    for sq in own.squares() {
                        let file = tables.files[tables.geo.file_of(sq)];
                        if n == 1 || (own & file).count() >= n {
                            allowed &= !file;
                        }
                    }
                }
                DropLimit::OppositeColors => {
                    let dark = (own & hands.dark).count() as usize;
                    let light = own.count() as usize - dark;
                    let in_hand = self.hand[us][kind] as usize;
                    if dark >= light + in_hand {
                        allowed &= !hands.dark;
                    }
                    if light >= dark + in_hand {
                        allowed &= hands.dark;
                    }
                }
            }
        }
        allowed
    }
}
