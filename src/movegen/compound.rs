//! Compound turns in the generator: after any generator has listed the legal moves,
//! the turn rule ([`crate::variant::parts::TurnRule`]) expands a move into its compound
//! forms ([`crate::position::MoveKind::Compound`]). Tyrant: a capture of a placed kind
//! becomes one turn per empty square where the captured piece may be put back (none of
//! the capturer's pieces of the placed kinds attacks it after the capture), and no turn
//! at all where there is no such square. Deadline: a side in check keeps only its
//! royal's moves and gains its two-step answers. Donnybrook: a side with a unit in its
//! pool places it, then moves another unit. Concurrent: a side may mirror a unit, then
//! make any legal move. Games without a compound turn never come here
//! (`GeneratorPlan::expands`).

use crate::board::Bitboard;
use crate::position::{kind_of, Move, MoveKind, MoveList, Position};

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
        // The new turns go behind the moves, which then go.
        let moves = list.len();
        for i in 0..moves {
            let m = list.as_slice()[i];
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
        list.drop_front(moves);
    }

    /// The legal turns of a side in check under two-step evasions (Deadline), in place
    /// of `list` (its legal moves by the plain rules): the royal's moves (castling was
    /// never legal in check), then, per first step of another unit after which the own
    /// royal is still in check and the enemy royal is not attacked, every second step
    /// of that unit (never en passant) that leaves the own royal safe. The second step
    /// never lands where the first took a pawn en passant (only a pawn moving backward
    /// could), so `unmake_move`'s order of restoring stays sound.
    #[cold]
    #[inline(never)]
    pub(super) fn two_step_evasions(&mut self, list: &mut MoveList) {
        let royal = self.rules.royalty.kind();
        list.retain(|m| {
            m.kind() != MoveKind::Castle
                && m.kind() != MoveKind::Drop
                && Some(kind_of(self.board[m.from()])) == royal
        });
        let us = self.side;
        let mut firsts = MoveList::new();
        self.gen_pseudo_legal(&mut firsts);
        let mut seconds = MoveList::new();
        for &first in firsts.as_slice() {
            if matches!(
                first.kind(),
                MoveKind::Castle | MoveKind::Drop | MoveKind::Pass
            ) || Some(kind_of(self.board[first.from()])) == royal
            {
                continue;
            }
            let taken_en_passant = (first.kind() == MoveKind::EnPassant)
                .then(|| self.ep_victim(first.to(), us))
                .flatten();
            let tag = match first.kind() {
                MoveKind::Promotion => self.promotion_index(first.promoted_kind()),
                _ => 0,
            };
            self.make_move(first);
            if self.royal_attacked(us) && !self.royal_attacked(!us) {
                // The same side moves again: a null move passes back and clears the
                // en-passant square, so the second step is never en passant.
                self.make_null_move();
                seconds.retain(|_| false);
                self.gen_pseudo_legal(&mut seconds);
                for &second in seconds.as_slice() {
                    if second.from() != first.to()
                        || matches!(second.kind(), MoveKind::Castle | MoveKind::Drop)
                        || Some(second.to()) == taken_en_passant
                    {
                        continue;
                    }
                    self.make_move(second);
                    let safe = !self.royal_attacked(us);
                    self.unmake_move();
                    if safe {
                        let tag = match second.kind() {
                            MoveKind::Promotion => self.promotion_index(second.promoted_kind()),
                            _ => tag,
                        };
                        list.push(Move::two_step(first.from(), first.to(), second.to(), tag));
                    }
                }
                self.unmake_null_move();
            }
            self.unmake_move();
        }
    }

    /// The index of `kind` in the promotion targets of the side to move (0 where it is
    /// not one).
    fn promotion_index(&self, kind: usize) -> usize {
        self.rules.promotion.as_ref().map_or(0, |p| {
            p.targets[self.side]
                .iter()
                .position(|&k| k as usize == kind)
                .unwrap_or(0)
        })
    }

    /// The turns of a side whose pool holds a unit of `kind` (Donnybrook), in place of
    /// `list`: per empty square, the placement there and then each legal move of
    /// another unit (the placed one may not move on that turn), in square order. A
    /// square after which no move is legal gives no turn; a placement on the square an
    /// en-passant capture would land on leaves no such capture.
    #[cold]
    #[inline(never)]
    pub(super) fn pool_turns(&mut self, list: &mut MoveList, kind: usize) {
        list.retain(|_| false);
        let tag = |pos: &Self, m: Move| match m.kind() {
            MoveKind::Promotion => pos.promotion_index(m.promoted_kind()),
            _ => 0,
        };
        let mut after = MoveList::new();
        for sq in (self.landable & !self.occupied()).squares() {
            self.pool_trial(kind, sq, true);
            after.retain(|_| false);
            self.generate_ignoring_end(&mut after);
            for &m in after.as_slice() {
                // Nothing may land on the placed unit: en passant onto the square
                // passed, where the unit now stands, is gone.
                if m.from() != sq
                    && m.to() != sq
                    && !matches!(m.kind(), MoveKind::Drop | MoveKind::Pass)
                {
                    list.push(Move::two_step(m.from(), sq, m.to(), tag(self, m)));
                }
            }
            self.pool_trial(kind, sq, false);
        }
    }

    /// The mirror turns of the side to move (Concurrent), after `list`'s plain moves:
    /// per unit of the `kinds` (a bit set) whose mirrored square is empty, if from
    /// there it attacks no opposing royal, each legal move of the mirrored position
    /// (royal safety judged after the whole turn) except a capture of a royal that the
    /// mirror discovered, in square order. A mirror after which no move is legal gives
    /// no turn.
    #[cold]
    #[inline(never)]
    pub(super) fn mirror_turns(&mut self, list: &mut MoveList, kinds: u32) {
        let us = self.side;
        let mut royal_kinds = 0u32;
        if let Some(k) = self.rules.royalty.kind() {
            royal_kinds |= 1 << k;
        }
        if let Some(k) = self.rules.filters.second_royal() {
            royal_kinds |= 1 << k;
        }
        let monarchs = self.kinds_set(royal_kinds) & self.by_color[!us];
        let units = self.kinds_set(kinds) & self.by_color[us];
        let mut after = MoveList::new();
        for src in units.squares() {
            let dst = self.mirror_square(src);
            if dst == src || !(self.landable & !self.occupied()).has(dst) {
                continue;
            }
            self.mirror_trial(src, dst);
            let occ = self.occupied();
            let checks = monarchs
                .squares()
                .any(|m| self.attackers(m, us, occ).has(dst));
            if !checks {
                after.retain(|_| false);
                self.generate_plain(&mut after);
                for &m in after.as_slice() {
                    // A mirror may discover a check; the move after it may not take
                    // the checked monarch (no move ever captures a royal).
                    if !matches!(m.kind(), MoveKind::Drop | MoveKind::Pass | MoveKind::Castle)
                        && !monarchs.has(m.to())
                    {
                        let tag = match m.kind() {
                            MoveKind::Promotion => self.promotion_index(m.promoted_kind()),
                            _ => 0,
                        };
                        list.push(Move::two_step(m.from(), src, m.to(), tag));
                    }
                }
            }
            self.mirror_trial(dst, src);
        }
    }
}
