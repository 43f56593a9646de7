//! Secret bombs in the generator ([`crate::variant::parts::TurnRule::SecretBomb`];
//! rule book `../shared/RULES-HIDDEN.md` §5), after the plain moves are listed: a side
//! whose bomb is not designated yet has only its designations (one per unit, AB1-AB2);
//! a side whose bomb stands may also detonate it, where the blast destroys the enemy
//! king, or its own (AB4: legal, and lost or drawn), or leaves its king unattacked
//! (AB5). The bomb never gives check (AB6): plain moves are judged as in chess.

use crate::board::Bitboard;
use crate::position::bomb::Bomb;
use crate::position::{Move, MoveList, Position};

impl<B: Bitboard> Position<B> {
    /// Adds the side to move's bomb actions to its legal `list` (see the module).
    #[cold]
    #[inline(never)]
    pub(super) fn add_bomb_actions(&mut self, list: &mut MoveList) {
        let us = self.side;
        match self.bomb(us) {
            Bomb::Unset => {
                list.retain(|_| false);
                for sq in self.by_color[us].squares() {
                    list.push(Move::bomb(sq));
                }
            }
            Bomb::On(at) => {
                let mv = Move::bomb(at);
                self.make_move(mv);
                let kings = self.royal_square(us).zip(self.royal_square(!us));
                let legal = kings.is_none() || !self.royal_attacked(us);
                self.unmake_move();
                if legal {
                    list.push(mv);
                }
            }
            Bomb::Gone { .. } => {}
        }
    }
}
