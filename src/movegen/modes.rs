//! The piece-mode test of the make-and-test generator: whether the position lets a
//! piece make a move its Betza moves allow (see `variant::parts::modes`). Asked before
//! the move is made, on the position it starts from.

use crate::board::Bitboard;
use crate::board::Square;
use crate::position::{kind_of, Move, MoveKind, MoveList, Position};
use crate::variant::parts::PieceMode;

impl<B: Bitboard> Position<B> {
    /// Whether every piece mode of the variant allows `m`.
    pub(super) fn modes_allow(&self, m: Move) -> bool {
        if matches!(m.kind(), MoveKind::Drop | MoveKind::Pass) {
            return true;
        }
        let rules = &*self.rules;
        let geo = rules.geo;
        let (from, to) = (m.from(), m.to());
        let kind = kind_of(self.piece_at(from));
        let us = self.side_to_move();
        let dx = geo.file_of(to) as i32 - geo.file_of(from) as i32;
        let dy = geo.rank_of(to) as i32 - geo.rank_of(from) as i32;
        rules.modes.iter().all(|mode| match mode {
            PieceMode::LoneAttackedSteps(kinds) => {
                if kinds >> kind & 1 == 0 || self.pieces_of(kind, us).more_than_one() {
                    return true;
                }
                let attacked = self.attackers(from, !us, self.occupied()).any();
                !attacked || (dx.abs() <= 1 && dy.abs() <= 1)
            }
            PieceMode::Pair {
                kinds,
                together,
                apart,
                alone,
            } => {
                let Some(i) = kinds.iter().position(|&k| k == kind) else {
                    return true;
                };
                let partners = self.pieces_of(kinds[1 - i], us);
                let reach = if partners.is_empty() {
                    alone
                } else if partners.squares().any(|p| {
                    geo.file_of(p).abs_diff(geo.file_of(from)) <= 1
                        && geo.rank_of(p).abs_diff(geo.rank_of(from)) <= 1
                }) {
                    together
                } else {
                    apart
                };
                reach.allows(dx, dy)
            }
            PieceMode::CheckedRoyalLines => {
                if !rules.kinds[kind].royal {
                    return true;
                }
                let checkers = self.attackers(from, !us, self.occupied());
                checkers.squares().all(|c| {
                    let cx = geo.file_of(from) as i32 - geo.file_of(c) as i32;
                    let cy = geo.rank_of(from) as i32 - geo.rank_of(c) as i32;
                    let move_diagonal = dx.abs() == dy.abs();
                    if cx.abs() == cy.abs() {
                        !move_diagonal
                    } else if cx == 0 || cy == 0 {
                        move_diagonal
                    } else {
                        false
                    }
                })
            }
            // The privilege adds moves (`gen_privileged_royal`); it takes none away.
            PieceMode::RoyalFirstMoveQueen(_) => true,
        })
    }
}

impl<B: Bitboard> Position<B> {
    /// Whether `m` (of the side to move) goes toward the opponent: its destination rank
    /// is strictly closer to the opponent's side. Castling and drops are not forward.
    pub(super) fn is_forward(&self, m: Move) -> bool {
        if matches!(m.kind(), MoveKind::Castle | MoveKind::Drop) {
            return false;
        }
        let geo = self.rules.geo;
        let (a, b) = (geo.rank_of(m.from()), geo.rank_of(m.to()));
        if self.side_to_move() == crate::variant::WHITE {
            b > a
        } else {
            b < a
        }
    }

    /// After a move: whether the piece that moved stands on a square another unit of
    /// its side attacks (castling: the king beside its rook always does).
    pub(super) fn destination_defended(&self) -> bool {
        let Some(m) = self.last_move() else {
            return true;
        };
        if m.kind() == MoveKind::Castle {
            return true;
        }
        let mover = !self.side_to_move();
        let to = m.to();
        (self.attackers(to, mover, self.occupied()) & !B::from_square(to)).any()
    }

    /// Whether the two royal pieces stand on one open rank, file or diagonal.
    pub(super) fn royals_see_each_other(&self) -> bool {
        let (Some(a), Some(b)) = (
            self.royal_square(crate::variant::WHITE),
            self.royal_square(crate::variant::BLACK),
        ) else {
            return false;
        };
        let t = &self.rules.tables;
        (t.orthogonal(a, self.occupied()) | t.diagonal(a, self.occupied())).has(b)
    }
}

impl<B: Bitboard> Position<B> {
    /// Whether the side to move has a FIDE-legal move: a pseudo-legal move that leaves
    /// its royal piece unattacked, with no other rule of the variant (the lookahead of
    /// the check rules, which must not recurse through themselves).
    pub(crate) fn fide_legal_exists(&mut self) -> bool {
        let mut list = MoveList::new();
        self.gen_pseudo_legal(&mut list);
        let us = self.side_to_move();
        list.as_slice().iter().any(|&m| {
            self.make_move(m);
            let ok = !self.royal_attacked(us);
            self.unmake_move();
            ok
        })
    }

    /// Whether a FIDE-legal move of the side to move captures on `sq`.
    fn fide_capture_on(&mut self, sq: Square) -> bool {
        let mut list = MoveList::new();
        self.gen_pseudo_legal(&mut list);
        let us = self.side_to_move();
        list.as_slice().iter().any(|&m| {
            let victim = if m.kind() == MoveKind::EnPassant {
                self.ep_victim(m.to(), us)
            } else {
                Some(m.to())
            };
            if victim != Some(sq) || !self.is_capture(m) {
                return false;
            }
            self.make_move(m);
            let ok = !self.royal_attacked(us);
            self.unmake_move();
            ok
        })
    }

    /// After a move (Moderation): a check by a side that had used its budget before
    /// the move is legal only when it is an orthodox mate.
    pub(super) fn check_within_budget(&mut self, budget: u32) -> bool {
        let mover = !self.side_to_move();
        let Some((_, before)) = self.last_move_record() else {
            return true;
        };
        if (before[mover] as u32) < budget || !self.in_check() {
            return true;
        }
        !self.fide_legal_exists()
    }

    /// After a move (Triple Check): a capturing check needs every checker safe (no
    /// FIDE-legal reply takes it) or supported (another unit of its side attacks it).
    pub(super) fn check_supported(&mut self) -> bool {
        let Some((captured, _)) = self.last_move_record() else {
            return true;
        };
        if !captured {
            return true;
        }
        let Some(k) = self.royal_square(self.side_to_move()) else {
            return true;
        };
        let mover = !self.side_to_move();
        let checkers = self.attackers(k, mover, self.occupied());
        checkers
            .squares()
            .all(|c| self.supported(c, mover) || !self.fide_capture_on(c))
    }

    /// Whether another unit of `side` attacks `sq` (geometric, pins ignored).
    fn supported(&self, sq: Square, side: crate::variant::Color) -> bool {
        (self.attackers(sq, side, self.occupied()) & !B::from_square(sq)).any()
    }

    /// At the start of a turn (Triple Check): the side to move is in check from a
    /// non-capturing last move whose checkers are all safe and supported.
    pub(crate) fn lost_to_safe_supported_check(&self) -> bool {
        let Some((captured, _)) = self.last_move_record() else {
            return false;
        };
        let Some(k) = self.royal_square(self.side_to_move()) else {
            return false;
        };
        let mover = !self.side_to_move();
        let checkers = self.attackers(k, mover, self.occupied());
        if captured || checkers.is_empty() {
            return false;
        }
        let mut scratch = self.clone();
        checkers
            .squares()
            .all(|c| self.supported(c, mover) && !scratch.fide_capture_on(c))
    }
}
