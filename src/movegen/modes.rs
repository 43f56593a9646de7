//! The piece-mode test of the make-and-test generator: whether the position lets a
//! piece make a move its Betza moves allow (see `variant::parts::modes`). Asked before
//! the move is made, on the position it starts from.

use crate::board::Bitboard;
use crate::board::Square;
use crate::position::{kind_of, Move, MoveKind, MoveList, Position, NO_PIECE};
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
            PieceMode::Borrowed { kind: k, donors } => {
                if k != kind {
                    return true;
                }
                let Some(donor) = self.borrowed_donor(&donors, us) else {
                    return false;
                };
                let occ = self.occupied();
                let capture = self.pieces(!us).has(to);
                if !self.donor_reaches(donor, us, from, to, occ, capture) {
                    return false;
                }
                // Not through a square where it would be attacked.
                let rest = occ ^ B::from_square(from);
                rules
                    .tables
                    .between(from, to)
                    .squares()
                    .all(|s| !self.checked_on(s, us, rest))
            }
            // The privilege adds moves (`gen_privileged_royal`); it takes none away.
            PieceMode::RoyalFirstMoveQueen(_) => true,
            // So do Cambodia's gate moves (`gen_gate_moves`).
            PieceMode::GateMoves { .. } => true,
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

    /// Whether the side to move has a move of `level` (Submission's recursive mate):
    /// level 0 is a FIDE-legal move; at a higher level a checking move counts only when
    /// the opponent then has a move of the level below. Quiet moves are tried first, so
    /// the test goes a level deeper only while every FIDE-legal move gives check.
    pub(crate) fn has_level_move(&mut self, level: u32) -> bool {
        let mut list = MoveList::new();
        self.gen_pseudo_legal(&mut list);
        let us = self.side_to_move();
        let mut checks = MoveList::new();
        for &m in list.as_slice() {
            self.make_move(m);
            let legal = !self.royal_attacked(us);
            let check = legal && self.in_check();
            self.unmake_move();
            if legal && (level == 0 || !check) {
                return true;
            }
            if check {
                checks.push(m);
            }
        }
        checks.as_slice().iter().any(|&m| {
            self.make_move(m);
            let ok = self.has_level_move(level - 1);
            self.unmake_move();
            ok
        })
    }

    /// After a move (Contravention, in place of the plain royal-safety test): the move
    /// took no royal; it cleared the enemy royal's self-check if it stood in one (its
    /// flag); and the mover's royal is unattacked, or it moved there itself, out of no
    /// check, not after a self-check on its last turn, attacked by none of `not_by`.
    pub(super) fn self_check_legal(&mut self, not_by: u32) -> bool {
        let (Some((m, moved, captured)), Some((_, before))) =
            (self.last_move_pieces(), self.last_move_record())
        else {
            return true;
        };
        let them = self.side_to_move();
        let mover = !them;
        let royal =
            |p: crate::position::PieceCode| p != NO_PIECE && self.rules.kinds[kind_of(p)].royal;
        if royal(captured) || (before[them] != 0 && self.royal_attacked(them)) {
            return false;
        }
        let Some(k) = self.royal_square(mover) else {
            return true;
        };
        let attackers = self.attackers(k, them, self.occupied());
        if attackers.is_empty() {
            return true;
        }
        if !royal(moved) || before[mover] != 0 {
            return false;
        }
        let forbidden = (0..self.rules.kinds.len())
            .filter(|&kind| not_by >> kind & 1 != 0)
            .any(|kind| (attackers & self.by_kind[kind]).any());
        if forbidden {
            return false;
        }
        self.unmake_move();
        let was_in_check = self.in_check();
        self.make_move(m);
        !was_in_check
    }

    /// After a move (Kingmaker): a promotion to the gift `kind` made the opponent's
    /// first piece of it, which the mover does not attack; any other promotion came
    /// after the opponent had one.
    pub(super) fn gift_promotion_legal(&self, kind: usize) -> bool {
        let Some((m, _, _)) = self.last_move_pieces() else {
            return true;
        };
        if m.kind() != MoveKind::Promotion {
            return true;
        }
        let them = self.side_to_move();
        let theirs = self.pieces_of(kind, them);
        if m.promoted_kind() != kind {
            return theirs.any();
        }
        !theirs.more_than_one() && !self.attackers(m.to(), !them, self.occupied()).any()
    }

    /// After a move (Separation): the mover's pieces of the second royal `kind` are
    /// unattacked, or, unless `strict` (Reentrant), both its royals were attacked
    /// before the move (the move is unmade to ask).
    pub(crate) fn second_royal_legal(&mut self, kind: usize, strict: bool) -> bool {
        let mover = !self.side_to_move();
        if !self.second_royal_attacked(kind, mover) {
            return true;
        }
        if strict {
            return false;
        }
        let Some((m, _, _)) = self.last_move_pieces() else {
            return true;
        };
        self.unmake_move();
        let both = self.in_check() && self.second_royal_attacked(kind, mover);
        self.make_move(m);
        both
    }

    /// Whether the side to move has a move that only the quadrant rule forbids: it
    /// leaves the royals as the rules want them but puts the two kinds of
    /// `QuadrantsApart` in one quadrant (Separation's forced separation).
    pub(crate) fn quadrant_rule_only_bar(&mut self) -> bool {
        let Some(kinds) = self.rules.filters.quadrants_apart() else {
            return false;
        };
        let second = self.rules.filters.second_royal_rule();
        let mut list = MoveList::new();
        self.gen_pseudo_legal(&mut list);
        let us = self.side_to_move();
        list.as_slice().iter().any(|&m| {
            self.make_move(m);
            let barred = !self.royal_attacked(us)
                && second.is_none_or(|(k, strict)| self.second_royal_legal(k, strict))
                && self.in_one_quadrant(kinds, us);
            self.unmake_move();
            barred
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
    // Out of line: it copies the position, and `ended_by` runs at every search node.
    #[inline(never)]
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
        self.with_copy(|scratch| {
            checkers
                .squares()
                .all(|c| self.supported(c, mover) && !scratch.fide_capture_on(c))
        })
    }
}
