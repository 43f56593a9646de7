//! Custodian captures (tafl), applied after a move by `make_move` and undone by
//! `unmake_move` through the same stack as Atomic's explosions.

use super::{color_of, kind_of, piece_code, PieceCode, Position, Removed, NO_PIECE};
use crate::board::{Bitboard, Square};
use crate::variant::custodian::CustodianRules;
use crate::variant::Color;

impl<B: Bitboard> Position<B> {
    /// Removes the pieces that the piece just moved to `to` captures by enclosing them
    /// (see [`crate::variant::Custodian`]); returns how many went, each recorded for
    /// `unmake_move`.
    pub(super) fn custodian_captures(&mut self, to: Square) -> u8 {
        let Some(c) = self.rules.capture.custodian() else {
            return 0;
        };
        let (victims, n) = self.custodian_victims::<false>(c, to, to);
        for &v in &victims[..n] {
            let p = self.remove(v as usize);
            self.exploded.push(Removed {
                sq: v,
                piece: p,
                mark: 0,
            });
        }
        n as u8
    }

    /// The first piece legal move `mv` (from `from` to the empty square `to`) would
    /// take by custodian capture, the king before any other; `NO_PIECE` when it takes
    /// none or the variant captures otherwise. Asked before the move is made (the
    /// search orders and selects captures by it).
    #[inline]
    pub(super) fn custodian_victim(&self, from: Square, to: Square) -> PieceCode {
        let Some(c) = self.rules.capture.custodian() else {
            return NO_PIECE;
        };
        if self.board[from] == NO_PIECE || self.board[to] != NO_PIECE {
            return NO_PIECE;
        }
        let (victims, n) = self.custodian_victims::<true>(c, from, to);
        victims[..n]
            .iter()
            .map(|&v| self.board[v as usize])
            .find(|&p| kind_of(p) == c.king)
            .unwrap_or_else(|| {
                victims[..n]
                    .first()
                    .map_or(NO_PIECE, |&v| self.board[v as usize])
            })
    }

    /// The squares of the pieces a piece moving from `from` to `to` encloses, read on
    /// the board as it is after the move: `BEFORE`, the move is not made yet (`from`
    /// counts as empty and `to` as holding the mover); otherwise it is (`from == to`
    /// names the moved piece where it stands, and make_move's test reads the board
    /// directly, at no cost for the view).
    #[inline]
    fn custodian_victims<const BEFORE: bool>(
        &self,
        c: &CustodianRules<B>,
        from: Square,
        to: Square,
    ) -> ([u16; 4], usize) {
        let mover = self.board[from];
        let at = |s: Square| {
            if BEFORE && s == to {
                mover
            } else if BEFORE && s == from {
                NO_PIECE
            } else {
                self.board[s]
            }
        };
        Self::victims_on(c, mover, to, &at)
    }

    /// The squares of the pieces `mover`, just arrived on `to`, encloses on the board
    /// `at` describes.
    #[inline(always)]
    fn victims_on(
        c: &CustodianRules<B>,
        mover: PieceCode,
        to: Square,
        at: &impl Fn(Square) -> PieceCode,
    ) -> ([u16; 4], usize) {
        let us = color_of(mover);
        let mut victims = [0u16; 4];
        let mut n = 0;
        if kind_of(mover) == c.king && !c.king_captures {
            return (victims, n);
        }
        for d in 0..4 {
            let Some(v) = c.neighbour(to, d) else {
                continue;
            };
            let p = at(v);
            if p == NO_PIECE || color_of(p) == us {
                continue;
            }
            let taken = if c.enclosed_on[kind_of(p)].has(v) {
                Self::enclosed(c, v, us, at)
            } else {
                // The far side of the sandwich, on the line from the mover through
                // the victim.
                c.neighbour(v, d)
                    .is_some_and(|far| Self::is_anvil(c, at(far), far, us))
            };
            if taken {
                victims[n] = v as u16;
                n += 1;
            }
        }
        (victims, n)
    }

    /// The squares of every piece legal move `from`-`to` takes by custodian capture
    /// (none where the variant captures otherwise). Asked before the move is made.
    pub(crate) fn custodian_takes(&self, from: Square, to: Square) -> ([u16; 4], usize) {
        match self.rules.capture.custodian() {
            Some(c) if self.board[from] != NO_PIECE && self.board[to] == NO_PIECE => {
                self.custodian_victims::<true>(c, from, to)
            }
            _ => ([0; 4], 0),
        }
    }

    /// The opponent's immediate answers to legal move `from`-`to` (which takes the
    /// pieces on `taken`) that capture the moved piece: for each, `answer` gets the
    /// squares of everything that answer takes, read on the board after both moves.
    /// Only a move next to the moved piece can take it, so only the empty neighbours
    /// of `to` are tried, each with every enemy piece that can move there. Kinds whose
    /// moves the backward test does not read (special leaps, walkers, line counts)
    /// never count as arriving: the answer errs toward the move being safe.
    pub(crate) fn custodian_answers(
        &self,
        from: Square,
        to: Square,
        taken: &[u16],
        mut answer: impl FnMut(&[u16]),
    ) {
        let Some(c) = self.rules.capture.custodian() else {
            return;
        };
        let mover = self.board[from];
        let them = !color_of(mover);
        let mut gone = B::from_square(from);
        for &v in taken {
            gone |= B::from_square(v as usize);
        }
        let occ = (self.occupied() & !gone) | B::from_square(to);
        let tables = &self.rules.tables;
        for d in 0..4 {
            let Some(s) = c.neighbour(to, d) else {
                continue;
            };
            if occ.has(s) {
                continue;
            }
            for (k, kind) in self.rules.kinds.iter().enumerate() {
                let theirs = self.pieces_of(k, them) & !gone;
                if theirs.is_empty() || !c.stops[k].has(s) || (k == c.king && !c.king_captures) {
                    continue;
                }
                let m = &kind.moves[them];
                if m.slow {
                    continue;
                }
                let lines = occ | c.blockers[k];
                let mut arrive = B::EMPTY;
                if m.quiet_orthogonal {
                    arrive |= tables.orthogonal(s, lines) & theirs;
                }
                if m.quiet_diagonal {
                    arrive |= tables.diagonal(s, lines) & theirs;
                }
                if m.leap_code & 1 != 0 {
                    for f in theirs.squares() {
                        if m.quiet_leaps[f].has(s) {
                            arrive |= B::from_square(f);
                        }
                    }
                }
                let hammer = piece_code(k, them);
                for f in arrive.squares() {
                    let at = |x: Square| {
                        if x == s {
                            hammer
                        } else if x == to {
                            mover
                        } else if x == f || gone.has(x) {
                            NO_PIECE
                        } else {
                            self.board[x]
                        }
                    };
                    let (victims, n) = Self::victims_on(c, hammer, s, &at);
                    if victims[..n].contains(&(to as u16)) {
                        answer(&victims[..n]);
                    }
                }
            }
        }
    }

    /// Whether `p` on `sq` closes a sandwich for `us`: a piece of ours that captures
    /// (the king only where he takes part in captures), or an empty hostile square.
    #[inline]
    fn is_anvil(c: &CustodianRules<B>, p: PieceCode, sq: Square, us: Color) -> bool {
        if p == NO_PIECE {
            c.hostile.has(sq)
        } else {
            color_of(p) == us && (kind_of(p) != c.king || c.king_captures)
        }
    }

    /// Whether the piece on `victim` (the king, or a guard) is shut in on all four
    /// sides by `us`'s pieces, empty hostile squares and, where the rule says so, the
    /// board's edge.
    fn enclosed(
        c: &CustodianRules<B>,
        victim: Square,
        us: Color,
        at: &impl Fn(Square) -> PieceCode,
    ) -> bool {
        (0..4).all(|d| match c.neighbour(victim, d) {
            None => c.edge_counts,
            Some(s) => {
                let p = at(s);
                if p == NO_PIECE {
                    c.hostile.has(s)
                } else {
                    color_of(p) == us
                }
            }
        })
    }
}

impl<B: Bitboard> Position<B> {
    /// FEN checks of the custodian rules: only the king's side has a king, and at most
    /// one (none after he was captured), and no piece stands where it may not stop.
    pub(super) fn check_custodian_setup(&self) -> Result<(), super::FenError> {
        let Some(c) = self.rules.capture.custodian() else {
            return Ok(());
        };
        let err = |m: String| Err(super::FenError(m));
        let variant = &self.rules.variant;
        let name = &variant.pieces[c.king].name;
        for (k, _) in c.kings_side_only.iter().enumerate().filter(|&(_, &o)| o) {
            if self.pieces_of(k, !c.king_side).any() {
                return err(format!(
                    "{} has a {}; only {} has one",
                    (!c.king_side).name(),
                    variant.pieces[k].name,
                    c.king_side.name()
                ));
            }
        }
        if self.pieces_of(c.king, c.king_side).more_than_one() {
            return err(format!("{} has more than one {name}", c.king_side.name()));
        }
        // The king may stand where he may not return to (Brandubh v.2's throne).
        for (k, &stops) in c.stops.iter().enumerate().filter(|&(k, _)| k != c.king) {
            let misplaced = self.by_kind[k] & !stops;
            if misplaced.any() {
                let sq = self.rules.geo.square_name(misplaced.lsb());
                return err(format!(
                    "a {} on {sq}, where it may not stand",
                    variant.pieces[k].name
                ));
            }
        }
        Ok(())
    }
}
