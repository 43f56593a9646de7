//! Compound turns in the generator: after any generator has listed the legal moves,
//! the turn rule ([`crate::variant::parts::TurnRule`]) expands a move into its compound
//! forms ([`crate::position::MoveKind::Compound`]). Tyrant: a capture of a placed kind
//! becomes one turn per empty square where the captured piece may be put back (none of
//! the capturer's pieces of the placed kinds attacks it after the capture), and no turn
//! at all where there is no such square. Games without a compound turn never come here
//! (`GeneratorPlan::expands`).

use crate::board::Bitboard;
use crate::position::{Move, MoveKind, MoveList, Position};

impl<B: Bitboard> Position<B> {
    /// Replaces every plain capture of a piece of the `placed` kinds in `list` by its
    /// placements, in place of the capture and in square order.
    #[cold]
    #[inline(never)]
    pub(super) fn expand_placements(&mut self, list: &mut MoveList, placed: u32) {
        let victims = self.kinds_set(placed) & self.by_color[!self.side];
        let placing = |m: &Move| m.kind() == MoveKind::Normal && victims.has(m.to());
        if !list.as_slice().iter().any(placing) {
            return;
        }
        let moves = list.as_slice().to_vec();
        list.retain(|_| false);
        for m in moves {
            if !placing(&m) {
                list.push(m);
                continue;
            }
            // The capture alone: the victim leaves, the capturer lands.
            self.make_move(m);
            let us = !self.side;
            let occ = self.occupied();
            let guards = self.kinds_set(placed) & self.by_color[us];
            let mut safe = B::EMPTY;
            for sq in (self.landable & !occ).squares() {
                // A piece on `sq` blocks no line to `sq`: the empty board's attacks are
                // the placed piece's.
                if (self.attackers(sq, us, occ) & guards).is_empty() {
                    safe |= B::from_square(sq);
                }
            }
            self.unmake_move();
            for sq in safe.squares() {
                list.push(Move::compound(m.from(), m.to(), sq));
            }
        }
    }
}
