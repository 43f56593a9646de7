//! Static exchange evaluation (SEE): what a capture wins or loses when both sides then
//! recapture on its square, each with its least valuable attacker and each free to stop.
//! Move ordering puts losing captures after the quiet moves, and quiescence search skips
//! them.
//!
//! The exchange follows the variant's capture rules, as compiled into
//! [`ExchangeRule`]: attackers come from `Position::attackers` with the occupancy of
//! the moment, recomputed after every capture. That is exact for sliders (a piece that
//! leaves uncovers the slider behind it) and also for the pieces an x-ray update gets
//! wrong: a grasshopper or cannon loses its attack when its hurdle is the piece that
//! just captured, a lame leaper gains one when its blocker leaves. Where material does
//! not decide an exchange (compulsory captures, recaptures made illegal by a no-check
//! rule) the rule is `Off` and every capture counts as even.
//!
//! Custodian capture (tafl, `ExchangeRule::Custodian`) has no exchange on one square:
//! a piece is taken by being enclosed, by a move next to it. There the exchange is
//! one answer deep: what the move takes, less what the opponent's best immediate
//! answer that encloses the moved piece takes back (that piece and whatever else the
//! answer encloses), read from the position's own capture test
//! (`Position::custodian_answers`). Taking the king, or the king reaching his goal,
//! ends the game and always passes; an answer that takes the king always fails.
//!
//! Like every SEE it is a static guess: pins, checks and what else the recaptures
//! leave hanging are ignored. Two game rules are taken into account: a royal piece
//! recaptures only when nothing can take it back, and a capture of the last piece an
//! extinction rule counts ends the game, so it always passes (or always fails, where
//! the extinct side wins).

use crate::board::Bitboard;
use crate::eval::Evaluator;
use crate::position::{color_of, kind_of, piece_code, Move, MoveKind, Position, NO_PIECE};
use crate::variant::parts::BlastRules;
use crate::variant::rules::{ExchangeRule, Rules, MAX_KINDS};
use crate::variant::{Color, BLACK, WHITE};

/// What an answer that takes the king costs: the game (more than any threshold).
const GAME: i32 = 32_000;

/// What a capture gains where captures explode (`Exchange::blast`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BlastOutcome {
    /// The material the blast takes from the opponent less what it takes from the
    /// mover.
    Material(i32),
    /// The blast takes the opponent's royal piece or ends the game for the mover.
    Wins,
    /// The blast takes the mover's own royal piece (never chosen by SEE), or the game.
    Loses,
}

/// A variant's exchange data: piece values and the order in which attackers recapture.
pub struct Exchange {
    rule: ExchangeRule,
    values: [i32; MAX_KINDS],
    /// Per side, its pieces' values (`Evaluator::side_value`): the custodian exchange
    /// weighs each side's losses with them.
    side_values: [[i32; MAX_KINDS]; 2],
    /// Kinds from least to most valuable, royal kinds last (they recapture only when
    /// nothing can take them back).
    order: Vec<usize>,
    royal: [bool; MAX_KINDS],
    /// Bit set of the royal kinds.
    royal_kinds: u32,
}

impl Exchange {
    pub fn new<B: Bitboard>(rules: &Rules<B>, eval: &dyn Evaluator<B>) -> Exchange {
        let n = rules.kinds.len();
        let mut values = [0; MAX_KINDS];
        let mut side_values = [[0; MAX_KINDS]; 2];
        let mut royal = [false; MAX_KINDS];
        for k in 0..n {
            values[k] = eval.piece_value(k);
            side_values[WHITE][k] = eval.side_value(k, WHITE);
            side_values[BLACK][k] = eval.side_value(k, BLACK);
            royal[k] = rules.kinds[k].royal;
        }
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by_key(|&k| (royal[k], values[k]));
        Exchange {
            rule: rules.exchange,
            values,
            side_values,
            order,
            royal,
            royal_kinds: (0..n).filter(|&k| royal[k]).fold(0, |m, k| m | 1 << k),
        }
    }

    /// Whether legal move `m` wins at least `threshold` centipawns by static exchange.
    /// Moves that are not plain captures or quiet moves (castling, en passant,
    /// promotions) count as even, as in Stockfish.
    pub fn see_ge<B: Bitboard>(&self, pos: &Position<B>, m: Move, threshold: i32) -> bool {
        match self.rule {
            ExchangeRule::Material => self.material_see_ge(pos, m, threshold),
            ExchangeRule::Custodian => self.custodian_see_ge(pos, m, threshold),
            ExchangeRule::Blast => match self.blast_exchange(pos, m) {
                BlastOutcome::Material(v) => v >= threshold,
                BlastOutcome::Wins => true,
                BlastOutcome::Loses => false,
            },
            ExchangeRule::Off => threshold <= 0,
        }
    }

    /// What move `m` gains or risks where captures explode: a capture its blast
    /// ([`Exchange::blast`]), any other move what the opponent's best capture answering
    /// it blows up ([`Exchange::answered_blast`]).
    pub fn blast_exchange<B: Bitboard>(&self, pos: &Position<B>, m: Move) -> BlastOutcome {
        if m.kind() == MoveKind::EnPassant || pos.piece_at(m.to()) != NO_PIECE {
            self.blast(pos, m)
        } else {
            self.answered_blast(pos, m)
        }
    }

    /// What capture `m` gains where captures explode: the material of the blast (what
    /// the opponent loses less what the mover loses), or the game where the blast
    /// takes a royal piece or the last piece an extinction rule counts. Moves that
    /// capture nothing, and gated ones, count as even.
    pub fn blast<B: Bitboard>(&self, pos: &Position<B>, m: Move) -> BlastOutcome {
        let Some(blast) = pos.rules().capture.blast() else {
            return BlastOutcome::Material(0);
        };
        let victim_square = match m.kind() {
            MoveKind::EnPassant => pos.ep_victim(m.to(), pos.side_to_move()),
            MoveKind::Normal | MoveKind::Promotion if pos.piece_at(m.to()) != NO_PIECE => {
                Some(m.to())
            }
            _ => None,
        };
        let Some(victim_square) = victim_square.filter(|_| m.gate().is_none()) else {
            return BlastOutcome::Material(0);
        };
        let board = Board::now(pos);
        self.blast_on(
            &board,
            blast,
            pos.side_to_move(),
            m.from(),
            victim_square,
            m.to(),
        )
    }

    /// What quiet move `m` risks where captures explode: the opponent's best capture
    /// whose blast takes the moved piece (a capture of it, or, unless its kind is
    /// immune, of one of our pieces beside it), valued as [`Exchange::blast`] values
    /// it for the opponent and never below nothing (the opponent may decline).
    /// `Material(-gain)`, or `Loses` where such a capture takes our royal piece (or
    /// our last piece of an extinction kind). Moves that are neither captures nor
    /// plain quiet moves (castling, promotions, gated moves) count as even, and so do
    /// captures (see [`Exchange::blast`]).
    pub fn answered_blast<B: Bitboard>(&self, pos: &Position<B>, m: Move) -> BlastOutcome {
        let (mut best, mut decisive) = (0, false);
        self.blast_answers(pos, m, |_, _, outcome| match outcome {
            BlastOutcome::Material(v) => best = best.max(v),
            BlastOutcome::Wins => decisive = true,
            BlastOutcome::Loses => {}
        });
        if decisive {
            BlastOutcome::Loses
        } else {
            BlastOutcome::Material(-best)
        }
    }

    /// The opponent's captures that would answer quiet move `m` by blowing up the
    /// moved piece, each as `f(capturer's square, capture square, what it gains the
    /// opponent)`: on the board after `m`, every opponent piece that captures on the
    /// destination, on a square beside it that holds one of our pieces (unless the
    /// moved kind is immune to blasts), or en passant behind a double step. Like every
    /// SEE it reads attacks, not legality: a pinned piece's capture is listed.
    pub fn blast_answers<B: Bitboard>(
        &self,
        pos: &Position<B>,
        m: Move,
        mut f: impl FnMut(usize, usize, BlastOutcome),
    ) {
        let Some(blast) = pos.rules().capture.blast() else {
            return;
        };
        let kind = m.kind();
        let quiet = matches!(
            kind,
            MoveKind::Normal | MoveKind::DoubleStep | MoveKind::Drop
        ) && m.gate().is_none()
            && pos.piece_at(m.to()) == NO_PIECE;
        if !quiet {
            return;
        }
        let (from, to) = (m.from(), m.to());
        let us = pos.side_to_move();
        let them = !us;
        let piece = if kind == MoveKind::Drop {
            piece_code(m.promoted_kind(), us)
        } else {
            pos.piece_at(from)
        };
        let board = Board::after(pos, (kind != MoveKind::Drop).then_some(from), to, piece);
        let occ = board.occupied();
        let mut targets = B::from_square(to);
        if blast.immune >> kind_of(piece) & 1 == 0 {
            targets |= blast.around[to] & board.pieces(us);
        }
        for target in targets.squares() {
            for capturer in (pos.attackers(target, them, occ) & pos.pieces(them)).squares() {
                f(
                    capturer,
                    target,
                    self.blast_on(&board, blast, them, capturer, target, target),
                );
            }
        }
        if kind == MoveKind::DoubleStep {
            let Some(passed) = en_passant_square(pos, from, to, piece) else {
                return;
            };
            let rules = pos.rules();
            for (k, kr) in rules.kinds.iter().enumerate() {
                if !kr.en_passant || rules.capture.victims(k) >> kind_of(piece) & 1 == 0 {
                    continue;
                }
                let capturers = kr.moves[them].capture_leaps_from[passed] & pos.pieces_of(k, them);
                for capturer in capturers.squares() {
                    f(
                        capturer,
                        passed,
                        self.blast_on(&board, blast, them, capturer, to, passed),
                    );
                }
            }
        }
    }

    /// A capture's blast on `board` by `mover`: the piece on `capturer` takes the one
    /// on `victim` (the same square, or en passant's pawn) and the blast goes off
    /// around `centre`, taking the capturer, the victim and every piece around that is
    /// not of an immune kind.
    fn blast_on<B: Bitboard>(
        &self,
        board: &Board<B>,
        blast: &BlastRules<B>,
        mover: Color,
        capturer: usize,
        victim: usize,
        centre: usize,
    ) -> BlastOutcome {
        let us = mover;
        // The board when the blast goes off: the capturer on `centre` (it goes unless
        // blast-proof), the victim gone; around `centre`, every piece but the immune
        // kinds goes.
        let left = board.occupied() ^ B::from_square(capturer) ^ B::from_square(victim);
        let around = blast.around[centre] & left & !board.kinds_set(blast.immune);
        // A blast-proof capturer survives its own blast (Atomar's king).
        let capturer_goes = blast.blast_proof >> kind_of(board.piece_at(capturer)) & 1 == 0;
        let gone = around
            | B::from_square(victim)
            | if capturer_goes {
                B::from_square(capturer)
            } else {
                B::EMPTY
            };
        let royal = board.kinds_set(self.royal_kinds);
        let extinct = |side| self.extinct(board, side, gone);
        if (gone & board.pieces(us) & royal).any() {
            return BlastOutcome::Loses;
        }
        if let Some(extinct_side_wins) = extinct(us) {
            return if extinct_side_wins {
                BlastOutcome::Wins
            } else {
                BlastOutcome::Loses
            };
        }
        if (gone & board.pieces(!us) & royal).any() {
            return BlastOutcome::Wins;
        }
        if let Some(extinct_side_wins) = extinct(!us) {
            return if extinct_side_wins {
                BlastOutcome::Loses
            } else {
                BlastOutcome::Wins
            };
        }
        let value = gone
            .squares()
            .map(|sq| {
                let p = board.piece_at(sq);
                let v = self.values[kind_of(p)];
                if color_of(p) == us {
                    -v
                } else {
                    v
                }
            })
            .sum();
        BlastOutcome::Material(value)
    }

    /// Whether taking `gone` off `board` leaves `side` without every piece of a kind
    /// an extinction rule counts (or without any piece): `Some(whether the extinct side
    /// wins)`.
    fn extinct<B: Bitboard>(&self, board: &Board<B>, side: Color, gone: B) -> Option<bool> {
        let pos = board.pos;
        let (kinds, extinct_side_wins) = pos.rules().end.extinction()?;
        let wiped = |b: B| b.any() && (b & !gone).is_empty();
        let last = if kinds == 0 {
            wiped(board.pieces(side))
        } else {
            (0..pos.rules().kinds.len())
                .filter(|&k| kinds >> k & 1 != 0)
                .any(|k| wiped(board.pieces_of(k, side)))
        };
        last.then_some(extinct_side_wins)
    }

    /// `see_ge` where captures replace their victim: the exchange on the square.
    fn material_see_ge<B: Bitboard>(&self, pos: &Position<B>, m: Move, threshold: i32) -> bool {
        let drop = m.kind() == MoveKind::Drop;
        if !(drop || matches!(m.kind(), MoveKind::Normal | MoveKind::DoubleStep)) {
            return threshold <= 0;
        }
        let (from, to) = (m.from(), m.to());
        let victim = pos.piece_at(to);
        if victim != NO_PIECE {
            if let Some(extinct_side_wins) = ends_game_by_extinction(pos, victim) {
                return !extinct_side_wins;
            }
        }
        let value = |p| {
            if p == NO_PIECE {
                0
            } else {
                self.values[kind_of(p)]
            }
        };
        // `swap` is what the side to move still needs to gain for the exchange to reach
        // the threshold; `res` flips with each capture (1: the mover is ahead).
        let mut swap = value(victim) - threshold;
        if swap < 0 {
            return false;
        }
        // A drop puts a piece from the hand on an empty square: it captures nothing,
        // uncovers nothing, and the exchange that may follow is on the same terms.
        let mover = if drop {
            piece_code(m.promoted_kind(), pos.side_to_move())
        } else {
            pos.piece_at(from)
        };
        swap = value(mover) - swap;
        if swap <= 0 {
            return true;
        }
        // A gated move leaves the gated piece on its origin: nothing is uncovered there.
        let mut occ = if drop || m.gate().is_some() {
            pos.occupied()
        } else {
            pos.occupied() ^ B::from_square(from)
        };
        let mut stm = color_of(mover);
        let mut attackers = all_attackers(pos, to, occ);
        let mut res = 1;
        loop {
            stm = !stm;
            attackers &= occ;
            let ours = attackers & pos.pieces(stm);
            if ours.is_empty() {
                break;
            }
            res ^= 1;
            let (kind, sq) = self.least_valuable(pos, ours);
            if self.royal[kind] {
                // A royal piece may only take when nothing can take it back.
                let theirs = attackers & pos.pieces(!stm);
                return if theirs.any() { res ^ 1 == 1 } else { res == 1 };
            }
            swap = self.values[kind] - swap;
            if swap < res {
                break;
            }
            occ ^= B::from_square(sq);
            attackers = all_attackers(pos, to, occ);
        }
        res == 1
    }

    /// `see_ge` where captures enclose: what `m` takes less the most that an answer
    /// enclosing the moved piece takes back.
    fn custodian_see_ge<B: Bitboard>(&self, pos: &Position<B>, m: Move, threshold: i32) -> bool {
        let Some(c) = pos.rules().capture.custodian() else {
            return threshold <= 0;
        };
        if m.kind() != MoveKind::Normal {
            return threshold <= 0;
        }
        let (from, to) = (m.from(), m.to());
        let mover = pos.piece_at(from);
        let (taken, n) = pos.custodian_takes(from, to);
        let taken = &taken[..n];
        let king_taken = taken
            .iter()
            .any(|&v| kind_of(pos.piece_at(v as usize)) == c.king);
        let king_home = pos.rules().end.goal().is_some_and(|g| {
            g.kinds >> kind_of(mover) & 1 != 0 && g.zones[color_of(mover)].has(to)
        });
        if king_taken || king_home {
            return true;
        }
        let them = &self.side_values[!color_of(mover)];
        let ours = &self.side_values[color_of(mover)];
        let gain: i32 = taken
            .iter()
            .map(|&v| them[kind_of(pos.piece_at(v as usize))])
            .sum();
        if gain < threshold {
            return false;
        }
        let mut worst = 0;
        pos.custodian_answers(from, to, taken, |lost| {
            let loss = lost
                .iter()
                .map(|&v| {
                    let p = if v as usize == to {
                        mover
                    } else {
                        pos.piece_at(v as usize)
                    };
                    if kind_of(p) == c.king {
                        GAME
                    } else {
                        ours[kind_of(p)]
                    }
                })
                .sum();
            worst = worst.max(loss);
        });
        gain - worst >= threshold
    }

    /// The least valuable piece in `set` (royal kinds last): its kind and square.
    #[inline]
    fn least_valuable<B: Bitboard>(&self, pos: &Position<B>, set: B) -> (usize, usize) {
        for &k in &self.order {
            let b = set & pos.pieces_of(k, WHITE) | set & pos.pieces_of(k, BLACK);
            if b.any() {
                return (k, b.lsb());
            }
        }
        unreachable!("a non-empty attacker set holds a piece of some kind")
    }
}

/// The board a blast goes off on: the position, or the position after one quiet move
/// of its side to move (the moved piece off its origin and on its destination).
struct Board<'a, B: Bitboard> {
    pos: &'a Position<B>,
    /// The square the move left (empty for a drop, or no move).
    vacated: B,
    /// The square the move reached (empty for no move).
    reached: B,
    /// The moved piece (`NO_PIECE` for no move).
    piece: u8,
}

impl<'a, B: Bitboard> Board<'a, B> {
    /// The position as it stands.
    fn now(pos: &'a Position<B>) -> Self {
        Board {
            pos,
            vacated: B::EMPTY,
            reached: B::EMPTY,
            piece: NO_PIECE,
        }
    }

    /// The position after `piece` moved from `from` (none for a drop) to the empty
    /// square `to`.
    fn after(pos: &'a Position<B>, from: Option<usize>, to: usize, piece: u8) -> Self {
        Board {
            pos,
            vacated: from.map_or(B::EMPTY, B::from_square),
            reached: B::from_square(to),
            piece,
        }
    }

    /// `set`, a set of pieces, with the moved piece moved when `holds(it)` says it is
    /// among them.
    fn moved_if(&self, set: B, holds: impl FnOnce(u8) -> bool) -> B {
        if self.piece != NO_PIECE && holds(self.piece) {
            (set & !self.vacated) | self.reached
        } else {
            set
        }
    }

    fn piece_at(&self, sq: usize) -> u8 {
        if self.reached.has(sq) {
            self.piece
        } else if self.vacated.has(sq) {
            NO_PIECE
        } else {
            self.pos.piece_at(sq)
        }
    }

    fn occupied(&self) -> B {
        self.moved_if(self.pos.occupied(), |_| true)
    }

    fn pieces(&self, color: Color) -> B {
        self.moved_if(self.pos.pieces(color), |p| color_of(p) == color)
    }

    fn pieces_of(&self, kind: usize, color: Color) -> B {
        self.moved_if(self.pos.pieces_of(kind, color), |p| {
            kind_of(p) == kind && color_of(p) == color
        })
    }

    /// Both sides' pieces of the kinds in bit set `mask`.
    fn kinds_set(&self, mask: u32) -> B {
        self.moved_if(self.pos.kinds_set(mask), |p| mask >> kind_of(p) & 1 != 0)
    }
}

/// The square a double step of `piece` from `from` to `to` passes, where an enemy
/// piece may then take it en passant (as `Position` sets it: a straight step of two
/// ranks, the passed square in the mover's en-passant zone and landable). Kinds that
/// list their double steps (Berolina's slanting ones) are not traced: no variant whose
/// captures explode has them.
fn en_passant_square<B: Bitboard>(
    pos: &Position<B>,
    from: usize,
    to: usize,
    piece: u8,
) -> Option<usize> {
    let rules = pos.rules();
    if rules.kinds[kind_of(piece)].custom || from.abs_diff(to) != 2 * rules.geo.files() {
        return None;
    }
    let passed = (from + to) / 2;
    (rules.en_passant_zone[color_of(piece)] & pos.landable)
        .has(passed)
        .then_some(passed)
}

/// Both sides' pieces that capture on `sq` with occupancy `occ` (pieces off `occ`
/// excluded).
#[inline]
fn all_attackers<B: Bitboard>(pos: &Position<B>, sq: usize, occ: B) -> B {
    (pos.attackers(sq, WHITE, occ) | pos.attackers(sq, BLACK, occ)) & occ
}

/// When capturing `victim` removes the last piece its side has of a kind (or the last
/// piece at all) that an extinction rule counts, the game ends whatever the material:
/// `Some(whether the extinct side wins)`.
fn ends_game_by_extinction<B: Bitboard>(pos: &Position<B>, victim: u8) -> Option<bool> {
    let (kinds, extinct_side_wins) = pos.rules().end.extinction()?;
    let side = color_of(victim);
    let kind = kind_of(victim);
    let last = if kinds == 0 {
        !pos.pieces(side).more_than_one()
    } else {
        kinds >> kind & 1 != 0 && !pos.pieces_of(kind, side).more_than_one()
    };
    last.then_some(extinct_side_wins)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::MaterialEval;
    use crate::variant::builtin_variants;
    use std::sync::Arc;

    /// The next move of a seeded random game (xorshift64 on `seed`).
    fn random_move(seed: &mut u64, moves: &[Move]) -> Move {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        moves[*seed as usize % moves.len()]
    }

    fn position(variant: &str, fen: &str) -> Position<u64> {
        let v = crate::variant::find_variant(variant).unwrap();
        Position::from_fen(Arc::new(Rules::new(v).unwrap()), fen).unwrap()
    }

    fn exchange(pos: &Position<u64>) -> Exchange {
        Exchange::new(pos.rules(), &MaterialEval::new(pos.rules()))
    }

    /// The exchange value of `uci`: the largest threshold `see_ge` passes.
    fn see(pos: &Position<u64>, uci: &str) -> i32 {
        let ex = exchange(pos);
        let m = pos.parse_uci_move(uci).unwrap();
        let mut v = -5000;
        while ex.see_ge(pos, m, v + 1) {
            v += 1;
            assert!(v < 5000);
        }
        v
    }

    fn value(pos: &Position<u64>, letter: char) -> i32 {
        let k = pos.rules().variant.kind_by_letter(letter).unwrap();
        Evaluator::<u64>::piece_value(&MaterialEval::new(pos.rules()), k)
    }

    #[test]
    fn chess_exchanges() {
        // A pawn defended by a pawn: the rook is lost for it.
        let pos = position("chess", "4k3/8/3p4/4p3/8/8/8/4RK2 w - - 0 1");
        let (p, r) = (value(&pos, 'P'), value(&pos, 'R'));
        assert_eq!(see(&pos, "e1e5"), p - r);
        // An undefended pawn.
        let pos = position("chess", "4k3/8/8/4p3/8/8/8/4RK2 w - - 0 1");
        assert_eq!(see(&pos, "e1e5"), p);
        // Two rooks against rook and bishop on the file: x-rays on both sides.
        // RxP RxR RxR BxR: white wins a pawn and a rook, loses two rooks.
        let pos = position("chess", "4r1k1/8/8/4p3/3b4/8/4R3/4RK2 w - - 0 1");
        let b = value(&pos, 'B');
        assert!(b < r);
        // Black bishop d4 also defends e5. Sequence: Rxe5 (+p) Bxe5 (-r): black stops the
        // exchange where it is best for it.
        assert_eq!(see(&pos, "e2e5"), p - r);
        // The king recaptures only when nothing takes it back.
        let pos = position("chess", "8/8/8/3kp3/8/8/8/4RK2 w - - 0 1");
        assert_eq!(see(&pos, "e1e5"), p - r);
        let pos = position("chess", "8/8/8/3kp3/8/8/4R3/4RK2 w - - 0 1");
        assert_eq!(see(&pos, "e2e5"), p);
        // Quiet moves: a queen moved to a square a pawn attacks.
        let pos = position("chess", "3k4/8/3p4/8/8/8/8/4QK2 w - - 0 1");
        assert_eq!(see(&pos, "e1e5"), -value(&pos, 'Q'));
        // En passant and promotions count as even.
        let pos = position("chess", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
        assert_eq!(see(&pos, "e5d6"), 0);
    }

    #[test]
    fn grasshoppers_recapture_only_while_they_have_a_hurdle() {
        // Rxe5: the black pawn f6 recaptures, and it is also the hurdle over which the
        // grasshopper g7 lands on e5. Once it has taken, the grasshopper's first piece
        // on the diagonal is on e5 itself and it lands on d4: it no longer attacks e5.
        // Rxe5 fxe5 Nxe5 wins two pawns for the rook. An SEE that only adds x-rays and
        // kept the grasshopper would play on with Gxe5 and score it p - r.
        let pos = position("grasshopper", "6k1/6g1/5p2/4p3/8/5N2/8/4RK2 w - - 0 1");
        let (p, r) = (value(&pos, 'P'), value(&pos, 'R'));
        assert_eq!(see(&pos, "e1e5"), 2 * p - r);
        // A hurdle that stays (the white pawn f6): the grasshopper h8 lands on e5 and
        // takes the rook back.
        let pos = position("grasshopper", "6kg/8/5P2/4p3/8/8/8/4RK2 w - - 0 1");
        assert_eq!(see(&pos, "e1e5"), p - r);
        // Without the hurdle it attacks nothing on that diagonal.
        let pos = position("grasshopper", "6kg/8/8/4p3/8/8/8/4RK2 w - - 0 1");
        assert_eq!(see(&pos, "e1e5"), p);
    }

    #[test]
    fn exchanges_are_off_where_material_does_not_decide() {
        for (variant, fen, uci) in [
            // Compulsory captures.
            ("antichess", "4k3/8/3p4/4p3/8/8/8/4R3 w - - 0 1", "e1e5"),
            // No checks (a recapture that gives check is illegal).
            ("racingkings", "8/8/8/8/7k/3n4/4b3/K3R3 w - - 0 1", "e1e2"),
        ] {
            let pos = position(variant, fen);
            assert_eq!(pos.rules().exchange, ExchangeRule::Off, "{variant}");
            assert_eq!(see(&pos, uci), 0, "{variant}");
        }
    }

    /// The blast's outcome for `uci`.
    fn blast(pos: &Position<u64>, uci: &str) -> BlastOutcome {
        exchange(pos).blast(pos, pos.parse_uci_move(uci).unwrap())
    }

    #[test]
    fn blast_exchanges() {
        // Every capture square below has eight neighbours; a pawn next to it survives
        // (immune), any other piece goes, and so do the capturer and the victim.
        let pos = position("atomic", "4k3/8/3p4/4p3/8/8/8/4RK2 w - - 0 1");
        assert_eq!(pos.rules().exchange, ExchangeRule::Blast);
        let (p, n, b) = (value(&pos, 'P'), value(&pos, 'N'), value(&pos, 'B'));
        let (r, q) = (value(&pos, 'R'), value(&pos, 'Q'));
        // Rxe5: the pawn d6 next to e5 is immune; rook and pawn go.
        assert_eq!(see(&pos, "e1e5"), p - r);
        // Rxe5 with a knight d6 and a queen e6 beside it: they go too.
        let pos = position("atomic", "4k3/8/3nq3/4p3/8/8/8/4RK2 w - - 0 1");
        assert_eq!(see(&pos, "e1e5"), p + n + q - r);
        // The mover's own pieces in the blast are lost: Nc3xd5 takes the bishop e4
        // with it (p - n - b); Be4xd5 has nothing of White's beside d5 (p - b).
        let pos = position("atomic", "4k3/8/8/3p4/4B3/2N5/8/4K3 w - - 0 1");
        assert_eq!(see(&pos, "c3d5"), p - n - b);
        assert_eq!(see(&pos, "e4d5"), p - b);
        // A capturing pawn goes whatever its immunity: exd5 loses the pawn e4, takes
        // the pawn d5 and the knight c6.
        let pos = position("atomic", "4k3/8/2n5/3p4/4P3/8/8/4K3 w - - 0 1");
        assert_eq!(see(&pos, "e4d5"), n);
        // En passant: the victim d5 is not on d6, the blast is around d6 (knight c7).
        let pos = position("atomic", "4k3/2n5/8/3pP3/8/8/8/4K3 w - d6 0 1");
        assert_eq!(see(&pos, "e5d6"), n);
        // A promotion that captures: the pawn is what White loses (the queen never
        // stands), the knight b8 and the rook c8 beside it what Black loses.
        let pos = position("atomic", "1nr1k3/P7/8/8/8/8/8/4K3 w - - 0 1");
        assert_eq!(see(&pos, "a7b8q"), n + r - p);
    }

    #[test]
    fn blasts_that_take_a_king_decide() {
        // Rxe5 explodes the king d6 beside it: won, whatever the threshold.
        let pos = position("atomic", "8/8/3k4/4p3/8/8/8/4RK2 w - - 0 1");
        assert_eq!(blast(&pos, "e1e5"), BlastOutcome::Wins);
        let m = pos.parse_uci_move("e1e5").unwrap();
        assert!(exchange(&pos).see_ge(&pos, m, GAME));
        // Without check the king is an ordinary piece of the extinction kind: the same
        // blast wins, and one that takes the mover's own king loses (Rxd2 beside e1;
        // Kxd2, the king capturing).
        let pos = position("nocheckatomic", "8/8/3k4/4p3/8/8/8/4RK2 w - - 0 1");
        assert_eq!(pos.rules().exchange, ExchangeRule::Blast);
        assert_eq!(blast(&pos, "e1e5"), BlastOutcome::Wins);
        let pos = position("nocheckatomic", "4k3/8/8/8/8/8/3p4/3RK3 w - - 0 1");
        assert_eq!(blast(&pos, "d1d2"), BlastOutcome::Loses);
        assert_eq!(blast(&pos, "e1d2"), BlastOutcome::Loses);
        let m = pos.parse_uci_move("d1d2").unwrap();
        assert!(!exchange(&pos).see_ge(&pos, m, -GAME));
        // Both kings in one blast (Rxd7: the king e8 and the own king c6 are both
        // beside d7): the mover's own loss decides.
        let pos = position("nocheckatomic", "4k3/3p4/2K5/8/8/8/8/3R4 w - - 0 1");
        assert_eq!(blast(&pos, "d1d7"), BlastOutcome::Loses);
        // A quiet move that no capture answers is even (the pawns d6 and e5 take on
        // c5, e5, d4 and f4, not on e4).
        let pos = position("atomic", "4k3/8/3p4/4p3/8/8/8/4RK2 w - - 0 1");
        assert_eq!(see(&pos, "e1e4"), 0);
    }

    /// The answers `blast_answers` lists for `uci`: (capturer, capture square) in
    /// algebraic notation, sorted.
    fn answers(pos: &Position<u64>, uci: &str) -> Vec<String> {
        let name = |sq: usize| {
            let geo = pos.rules().geo;
            format!(
                "{}{}",
                (b'a' + geo.file_of(sq) as u8) as char,
                geo.rank_of(sq) + 1
            )
        };
        let mut listed = Vec::new();
        exchange(pos).blast_answers(pos, pos.parse_uci_move(uci).unwrap(), |a, s, _| {
            listed.push(format!("{}x{}", name(a), name(s)));
        });
        listed.sort();
        listed
    }

    #[test]
    fn quiet_moves_lose_what_the_answering_blast_takes() {
        // Nc3-d5 stands where the pawn e6 takes: exd5 blows up the knight (the
        // victim) and the pawn (the capturer), nothing else is around d5: Black gains
        // n - p. On a4 nothing takes it.
        let pos = position("atomic", "4k3/8/4p3/8/8/2N5/8/4K3 w - - 0 1");
        let (p, n, b) = (value(&pos, 'P'), value(&pos, 'N'), value(&pos, 'B'));
        let r = value(&pos, 'R');
        assert!(n > p);
        assert_eq!(answers(&pos, "c3d5"), ["e6xd5"]);
        assert_eq!(see(&pos, "c3d5"), p - n);
        assert_eq!(see(&pos, "c3a4"), 0);
        // Next to the blast: the rook e8 takes the bishop e4 only at a loss (b - r).
        // Nb2-d3 puts the knight beside e4, so Rxe4 blows it up too: Black gains
        // b + n - r, which is more than nothing. Nb2-c4 is not beside e4.
        let pos = position("atomic", "4r1k1/8/8/8/4B3/8/1N6/6K1 w - - 0 1");
        assert!(b + n > r);
        assert_eq!(answers(&pos, "b2d3"), ["e8xe4"]);
        assert_eq!(see(&pos, "b2d3"), r - b - n);
        assert_eq!(see(&pos, "b2c4"), 0);
        // An immune kind beside the blast survives it: the pawn d2-d3 or d2-d4 stands
        // beside e4, Rxe4 leaves it, and nothing takes on d3 or d4.
        let pos = position("atomic", "4r1k1/8/8/8/4B3/8/3P4/6K1 w - - 0 1");
        assert!(answers(&pos, "d2d3").is_empty());
        assert_eq!(see(&pos, "d2d3"), 0);
        assert_eq!(see(&pos, "d2d4"), 0);
        // The opponent may decline: Nxd3 after d2-d3 takes a pawn for the knight.
        let pos = position("atomic", "4k3/8/8/2n5/8/8/3P4/4K3 w - - 0 1");
        assert_eq!(answers(&pos, "d2d3"), ["c5xd3"]);
        assert_eq!(see(&pos, "d2d3"), 0);
        // No positive threshold passes for a quiet move.
        let m = pos.parse_uci_move("d2d3").unwrap();
        assert!(!exchange(&pos).see_ge(&pos, m, 1));
        // En passant behind a double step: e2-e4 is answered by dxe3 e.p., which takes
        // the pawn e4 and blows up around e3: the knight f3 goes (the pawn f2 is
        // immune), and so does the capturer: Black gains p + n - p = n.
        let pos = position("atomic", "7k/8/8/8/3p4/5N2/4PP2/7K w - - 0 1");
        assert_eq!(answers(&pos, "e2e4"), ["d4xe3"]);
        assert_eq!(see(&pos, "e2e4"), -n);
    }

    #[test]
    fn quiet_moves_that_let_a_blast_take_the_king_always_fail() {
        // Atomic: d2-d3 puts the pawn where the knight c5 takes, and d3 is beside the
        // king e2: Nxd3 explodes him. Lost, whatever the threshold; d2-d4 is safe.
        let pos = position("atomic", "4k3/8/8/2n5/8/8/3PK3/8 w - - 0 1");
        let ex = exchange(&pos);
        assert_eq!(
            ex.answered_blast(&pos, pos.parse_uci_move("d2d3").unwrap()),
            BlastOutcome::Loses
        );
        assert!(!ex.see_ge(&pos, pos.parse_uci_move("d2d3").unwrap(), -GAME));
        assert_eq!(see(&pos, "d2d4"), 0);
        // A capture that would blow up the capturer's own king is no answer: Nc2-d4
        // stands where the king d5 and the pawn e5 both take, but either capture
        // explodes the black king (the capturer, or beside d4).
        let pos = position("atomic", "8/8/8/3kp3/8/8/2N5/4K3 w - - 0 1");
        assert_eq!(answers(&pos, "c2d4"), ["d5xd4", "e5xd4"]);
        assert_eq!(see(&pos, "c2d4"), 0);
        // Without check the king is the extinction kind: Kf1-e2 or Kf1-e1 stands
        // beside d1, which the rook d8 takes, exploding him; g2 and f2 are not beside d1
        // and nothing takes there.
        let pos = position("nocheckatomic", "3r3k/8/8/8/8/8/8/3R1K2 w - - 0 1");
        let ex = exchange(&pos);
        for uci in ["f1e2", "f1e1"] {
            let m = pos.parse_uci_move(uci).unwrap();
            assert_eq!(ex.answered_blast(&pos, m), BlastOutcome::Loses, "{uci}");
        }
        assert_eq!(see(&pos, "f1g2"), 0);
        assert_eq!(see(&pos, "f1f2"), 0);
    }

    /// The material of the pieces on the board, for `us`: ours count minus, theirs
    /// plus (so that what a move takes from the board is its gain).
    fn material_against(ex: &Exchange, pos: &Position<u64>, us: Color) -> i32 {
        (0..pos.board.len())
            .filter(|&s| pos.board[s] != NO_PIECE)
            .map(|s| {
                let p = pos.board[s];
                let v = ex.values[kind_of(p)];
                if color_of(p) == us {
                    -v
                } else {
                    v
                }
            })
            .sum()
    }

    /// Whether `side` has lost a royal piece, or every piece of a kind an extinction
    /// rule counts, between `before` and `pos`.
    fn lost_the_game(pos: &Position<u64>, before: &[u8], side: Color) -> bool {
        let rules = pos.rules();
        let counted = rules.end.extinction().map_or(0, |(kinds, _)| kinds);
        (0..rules.kinds.len())
            .filter(|&k| rules.kinds[k].royal || counted >> k & 1 != 0)
            .any(|k| {
                let code = piece_code(k, side);
                before.contains(&code) && !pos.board.contains(&code)
            })
    }

    /// Walks seeded random games (20 of up to 200 plies) in every built-in variant on
    /// 64 squares or fewer whose captures explode, calling `visit` with each position
    /// and its legal moves before the random move; returns how many variants it walked.
    fn walk_blast_games(
        seed: &mut u64,
        mut visit: impl FnMut(&str, &Exchange, &mut Position<u64>, &[Move]),
    ) -> usize {
        let mut variants = 0;
        for v in builtin_variants() {
            if v.files * v.ranks > 64 {
                continue;
            }
            let rules = Arc::new(Rules::<u64>::new(v.clone()).unwrap());
            if rules.capture.blast().is_none() {
                continue;
            }
            assert_eq!(rules.exchange, ExchangeRule::Blast, "{}", v.name);
            variants += 1;
            let ex = Exchange::new(&rules, &MaterialEval::new(&rules));
            for _ in 0..20 {
                let mut pos = Position::from_fen(rules.clone(), &v.start_fen).unwrap();
                for _ in 0..200 {
                    let moves = pos.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    visit(&v.name, &ex, &mut pos, moves.as_slice());
                    pos.make_move(random_move(seed, moves.as_slice()));
                }
            }
        }
        variants
    }

    /// `Exchange::blast` against making the move: in seeded random games of every
    /// built-in variant whose captures explode, each legal capture changes the material
    /// on the board by exactly its blast value, or ends the game as it says.
    #[test]
    fn blast_values_are_what_the_capture_takes() {
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let (mut checked, mut decided) = (0, 0);
        let variants = walk_blast_games(&mut seed, |name, ex, pos, moves| {
            let us = pos.side_to_move();
            for &m in moves {
                if !pos.is_capture(m) {
                    assert_eq!(ex.blast(pos, m), BlastOutcome::Material(0));
                    continue;
                }
                let outcome = ex.blast(pos, m);
                let before = pos.board.clone();
                let material = material_against(ex, pos, us);
                pos.make_move(m);
                let (ours, theirs) = (
                    lost_the_game(pos, &before, us),
                    lost_the_game(pos, &before, !us),
                );
                let fen = || format!("{} {:?}", name, m);
                match outcome {
                    BlastOutcome::Material(gain) => {
                        assert!(!ours && !theirs, "{}", fen());
                        assert_eq!(material_against(ex, pos, us) - material, -gain, "{}", fen());
                    }
                    BlastOutcome::Wins => {
                        assert!(theirs && !ours, "{}", fen());
                        decided += 1;
                    }
                    BlastOutcome::Loses => {
                        assert!(ours, "{}", fen());
                        decided += 1;
                    }
                }
                pos.unmake_move();
                checked += 1;
            }
        });
        assert!(variants >= 2, "{variants}");
        assert!(checked > 2_000 && decided > 20, "{checked} {decided}");
    }

    /// What reply `r` (a capture) does, played out, from the replying side's view:
    /// whether it blows up the piece on `watched`, and its outcome as
    /// `Exchange::blast` would say it.
    fn play_out(
        ex: &Exchange,
        pos: &mut Position<u64>,
        r: Move,
        watched: usize,
    ) -> (bool, BlastOutcome) {
        let them = pos.side_to_move();
        let before = pos.board.clone();
        let material = material_against(ex, pos, them);
        pos.make_move(r);
        // Gone from its square: blown up, or taken by a capturer that no blast removes
        // (atomar's king stands where it took).
        let took_it = pos.board[watched] != before[watched];
        let outcome = if lost_the_game(pos, &before, them) {
            BlastOutcome::Loses
        } else if lost_the_game(pos, &before, !them) {
            BlastOutcome::Wins
        } else {
            BlastOutcome::Material(material - material_against(ex, pos, them))
        };
        pos.unmake_move();
        (took_it, outcome)
    }

    /// `Exchange::answered_blast` against playing the answers out: in seeded random
    /// games of every built-in variant whose captures explode, after each legal quiet
    /// move every legal reply that blows up the moved piece is among the answers
    /// `blast_answers` lists, with the outcome that playing it shows; every listed
    /// answer that is legal blows it up; and where every listed answer is legal, the
    /// verdict is exactly the best of the replies (the opponent's best gain, nothing
    /// where none gains, lost where one takes our king). A listed answer that is not
    /// legal (a pinned piece, a capture that leaves a check unanswered) can only make
    /// the verdict worse than the truth, never better.
    #[test]
    fn answered_blasts_are_the_replies_played_out() {
        let mut seed = 0x5DEE_CE66_D1CE_4E5Bu64;
        let (mut quiet, mut answered, mut decisive, mut exact, mut pessimistic) = (0, 0, 0, 0, 0);
        let variants = walk_blast_games(&mut seed, |name, ex, pos, moves| {
            for &m in moves {
                if pos.is_capture(m)
                    || m.gate().is_some()
                    || !matches!(
                        m.kind(),
                        MoveKind::Normal | MoveKind::DoubleStep | MoveKind::Drop
                    )
                {
                    continue;
                }
                let mut listed = Vec::new();
                ex.blast_answers(pos, m, |a, s, o| listed.push((a, s, o)));
                let verdict = ex.answered_blast(pos, m);
                pos.make_move(m);
                let replies = pos.legal_moves();
                // (capturer, capture square) of the legal captures and what
                // each does, played out.
                let mut legal = Vec::new();
                let (mut best, mut lost) = (0, false);
                for &r in replies.as_slice() {
                    if !pos.is_capture(r) {
                        continue;
                    }
                    let (took_it, outcome) = play_out(ex, pos, r, m.to());
                    legal.push((r.from(), r.to(), took_it));
                    if !took_it {
                        continue;
                    }
                    let entry = listed.iter().find(|e| (e.0, e.1) == (r.from(), r.to()));
                    assert_eq!(
                        entry.map(|e| e.2),
                        Some(outcome),
                        "{} {} {m:?} {r:?}",
                        name,
                        pos.to_fen()
                    );
                    match outcome {
                        BlastOutcome::Material(g) => best = best.max(g),
                        BlastOutcome::Wins => lost = true,
                        BlastOutcome::Loses => {}
                    }
                }
                pos.unmake_move();
                let mut all_legal = true;
                for &(a, s, _) in &listed {
                    match legal.iter().find(|l| (l.0, l.1) == (a, s)) {
                        Some(l) => {
                            assert!(l.2, "{} {} {m:?} {a} {s}", name, pos.to_fen())
                        }
                        None => all_legal = false,
                    }
                }
                let truth = if lost {
                    BlastOutcome::Loses
                } else {
                    BlastOutcome::Material(-best)
                };
                let rank = |o: BlastOutcome| match o {
                    BlastOutcome::Loses => i32::MIN,
                    BlastOutcome::Material(v) => v,
                    BlastOutcome::Wins => i32::MAX,
                };
                if all_legal {
                    assert_eq!(verdict, truth, "{} {} {m:?}", name, pos.to_fen());
                    exact += 1;
                } else {
                    assert!(rank(verdict) <= rank(truth), "{} {m:?}", pos.to_fen());
                    pessimistic += usize::from(verdict != truth);
                }
                quiet += 1;
                answered += usize::from(truth != BlastOutcome::Material(0));
                decisive += usize::from(truth == BlastOutcome::Loses);
            }
        });
        eprintln!(
            "{variants} variants: {quiet} quiet moves, {answered} answered at a loss, \
             {decisive} decisively, {exact} exact, {pessimistic} judged worse"
        );
        assert!(variants >= 2, "{variants}");
        assert!(
            quiet > 5_000 && answered > 500 && decisive > 50,
            "{quiet} {answered} {decisive}"
        );
    }

    #[test]
    fn the_last_piece_of_an_extinction_kind_is_always_worth_taking() {
        // Extinction chess: Rxd5 loses the rook to exd5 by material, but when the
        // knight is Black's last one the capture ends the game.
        let pos = position(
            "extinction",
            "rnbqkb1r/pppp1ppp/4p3/3n4/8/3R4/PPPPPPPP/RNBQKBN1 w Qkq - 0 1",
        );
        let (n, r) = (value(&pos, 'N'), value(&pos, 'R'));
        assert_eq!(see(&pos, "d3d5"), n - r);
        let pos = position(
            "extinction",
            "r1bqkb1r/pppp1ppp/4p3/3n4/8/3R4/PPPPPPPP/RNBQKBN1 w Qkq - 0 1",
        );
        let ex = exchange(&pos);
        let m = pos.parse_uci_move("d3d5").unwrap();
        assert!(ex.see_ge(&pos, m, 10_000));
    }

    #[test]
    fn custodian_exchanges() {
        // Brandubh: the centre d4 and the corners are hostile to both sides while
        // empty. Black's eight men and White's four are weighted so that the armies
        // start level: a White man is worth two Black ones.
        let pos = position("brandubh", "7/2m4/2M4/m6/7/5K1/4M2 b - - 0 1");
        assert_eq!(pos.rules().exchange, ExchangeRule::Custodian);
        let man = pos.rules().variant.kind_by_letter('M').unwrap();
        let eval = MaterialEval::new(pos.rules());
        let (w, b) = (eval.side_value(man, WHITE), eval.side_value(man, BLACK));
        assert_eq!(w, 2 * b);
        // a4-c4 takes c5 against c6; nothing White has can close b4-d4 or c3-c5.
        assert_eq!(see(&pos, "a4c4"), w);
        // A quiet move that no answer punishes is even.
        assert_eq!(see(&pos, "a4a5"), 0);
        // White's man on b1 answers b1-b4, taking c4 against the empty hostile centre.
        let pos = position("brandubh", "7/2m4/2M4/m6/7/5K1/1M5 b - - 0 1");
        assert_eq!(see(&pos, "a4c4"), w - b);
        // ... and here that answer also takes b5 against b6: two Black men for one.
        let pos = position("brandubh", "7/1Mm4/1mM4/m6/7/5K1/1M5 b - - 0 1");
        assert_eq!(see(&pos, "a4c4"), w - 2 * b);
        // The same exchange with the colours swapped: a White man for a Black one.
        let pos = position("brandubh", "7/2M4/2m4/M6/7/5K1/1m5 w - - 0 1");
        assert_eq!(see(&pos, "a4c4"), b - w);
    }

    #[test]
    fn custodian_exchanges_end_the_game() {
        // The armed Brandubh king takes c5 on c4, and Black's b1 man then takes him
        // against the hostile centre: the game, whatever the threshold.
        let pos = position("brandubh", "7/2M4/2m4/K6/7/7/1m5 w - - 0 1");
        let ex = exchange(&pos);
        let m = pos.parse_uci_move("a4c4").unwrap();
        assert!(!ex.see_ge(&pos, m, -GAME / 2));
        // Taking the king always passes, and so does the king reaching a corner.
        let pos = position("brandubh", "7/7/7/2K4/7/7/1m5 b - - 0 1");
        let ex = exchange(&pos);
        assert!(ex.see_ge(&pos, pos.parse_uci_move("b1b4").unwrap(), GAME));
        let pos = position("brandubh", "7/7/7/7/7/K5m/7 w - - 0 1");
        let ex = exchange(&pos);
        assert!(ex.see_ge(&pos, pos.parse_uci_move("a2a1").unwrap(), GAME));
    }

    /// The pieces of the side that moved which `reply` takes, found by playing it.
    fn lost_to<B: Bitboard>(pos: &mut Position<B>, reply: Move) -> Vec<u16> {
        let us = !pos.side_to_move();
        let before = pos.board.clone();
        pos.make_move(reply);
        let mut lost: Vec<u16> = (0..before.len())
            .filter(|&s| {
                before[s] != NO_PIECE && color_of(before[s]) == us && pos.board[s] == NO_PIECE
            })
            .map(|s| s as u16)
            .collect();
        pos.unmake_move();
        lost.sort_unstable();
        lost
    }

    /// `Position::custodian_answers` against the replies themselves: after every move
    /// of seeded random games, the answers it lists (what each takes) are exactly the
    /// legal replies that take the moved piece.
    fn answers_match_the_replies<B: Bitboard>(variant: &str, games: usize) -> usize {
        let v = crate::variant::find_variant(variant).unwrap();
        let rules = Arc::new(Rules::<B>::new(v.clone()).unwrap());
        assert_eq!(rules.exchange, ExchangeRule::Custodian, "{variant}");
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let mut checked = 0;
        for _ in 0..games {
            let mut pos = Position::from_fen(rules.clone(), &v.start_fen).unwrap();
            for _ in 0..150 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                for &m in moves.as_slice() {
                    let (taken, n) = pos.custodian_takes(m.from(), m.to());
                    let mut claimed = Vec::new();
                    pos.custodian_answers(m.from(), m.to(), &taken[..n], |lost| {
                        let mut lost = lost.to_vec();
                        lost.sort_unstable();
                        claimed.push(lost);
                    });
                    pos.make_move(m);
                    let replies = pos.legal_moves();
                    let mut real = Vec::new();
                    for &r in replies.as_slice() {
                        let lost = lost_to(&mut pos, r);
                        if lost.contains(&(m.to() as u16)) {
                            real.push(lost);
                        }
                    }
                    pos.unmake_move();
                    if replies.is_empty() {
                        continue;
                    }
                    claimed.sort();
                    real.sort();
                    assert_eq!(claimed, real, "{variant} {} {:?}", pos.to_fen(), m);
                    checked += real.len();
                }
                pos.make_move(random_move(&mut seed, moves.as_slice()));
            }
        }
        checked
    }

    #[test]
    fn custodian_answers_are_the_replies_that_take_the_moved_piece() {
        let mut checked = 0;
        for variant in ["brandubh", "brandubh2", "ardri", "scottishtafl"] {
            checked += answers_match_the_replies::<u64>(variant, 6);
        }
        for variant in ["tablut", "longship"] {
            checked += answers_match_the_replies::<u128>(variant, 3);
        }
        assert!(checked > 500, "{checked}");
    }

    /// The assumption behind `ExchangeRule::Material`: a capture takes the victim off
    /// its square and puts the capturer there, nothing else. Checked by playing every
    /// capture of seeded random games in every built-in variant that judges exchanges;
    /// a capture rule that removes more (explosions) or puts the victim elsewhere fails
    /// here until the rule turns SEE off for it.
    #[test]
    fn captures_replace_the_victim_where_exchanges_are_judged() {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut checked = 0;
        for v in builtin_variants() {
            if v.files * v.ranks > 64 {
                continue;
            }
            let rules = Arc::new(Rules::<u64>::new(v.clone()).unwrap());
            if rules.exchange != ExchangeRule::Material {
                continue;
            }
            for _ in 0..10 {
                let mut pos = Position::from_fen(rules.clone(), &v.start_fen).unwrap();
                for _ in 0..200 {
                    let moves = pos.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    for &m in moves.as_slice() {
                        if !matches!(m.kind(), MoveKind::Normal | MoveKind::Promotion)
                            || !pos.is_capture(m)
                        {
                            continue;
                        }
                        let before = pos.board.clone();
                        pos.make_move(m);
                        let mut expected = before.clone();
                        expected[m.to()] = if m.kind() == MoveKind::Promotion {
                            crate::position::piece_code(
                                m.promoted_kind(),
                                color_of(before[m.from()]),
                            )
                        } else {
                            before[m.from()]
                        };
                        // A gated move leaves the gated piece on its origin.
                        expected[m.from()] = m.gate().map_or(NO_PIECE, |k| {
                            crate::position::piece_code(k, color_of(before[m.from()]))
                        });
                        assert_eq!(pos.board, expected, "{}: {:?}", v.name, m);
                        pos.unmake_move();
                        checked += 1;
                    }
                    pos.make_move(random_move(&mut seed, moves.as_slice()));
                }
            }
        }
        assert!(checked > 10_000, "{checked}");
    }
}
