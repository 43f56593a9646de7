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
            ExchangeRule::Blast => match self.blast(pos, m) {
                BlastOutcome::Material(v) => v >= threshold,
                BlastOutcome::Wins => true,
                BlastOutcome::Loses => false,
            },
            ExchangeRule::Off => threshold <= 0,
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
        let (from, to) = (m.from(), m.to());
        let us = pos.side_to_move();
        // The board when the blast goes off: the capturer on `to` (it goes whatever its
        // kind), the victim gone; around `to`, every piece but the immune kinds goes.
        let left = pos.occupied() ^ B::from_square(from) ^ B::from_square(victim_square);
        let around = blast.around[to] & left & !pos.kinds_set(blast.immune);
        let gone = around | B::from_square(from) | B::from_square(victim_square);
        let extinct = |side| self.extinct(pos, side, gone);
        if (gone & pos.pieces(us) & self.royal_set(pos)).any() {
            return BlastOutcome::Loses;
        }
        if let Some(extinct_side_wins) = extinct(us) {
            return if extinct_side_wins {
                BlastOutcome::Wins
            } else {
                BlastOutcome::Loses
            };
        }
        if (gone & pos.pieces(!us) & self.royal_set(pos)).any() {
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
                let p = pos.piece_at(sq);
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

    /// The squares of both sides' royal pieces.
    fn royal_set<B: Bitboard>(&self, pos: &Position<B>) -> B {
        pos.kinds_set(self.royal_kinds)
    }

    /// Whether taking `gone` off the board leaves `side` without every piece of a kind
    /// an extinction rule counts (or without any piece): `Some(whether the extinct side
    /// wins)`.
    fn extinct<B: Bitboard>(&self, pos: &Position<B>, side: Color, gone: B) -> Option<bool> {
        let (kinds, extinct_side_wins) = pos.rules().end.extinction()?;
        let wiped = |b: B| b.any() && (b & !gone).is_empty();
        let last = if kinds == 0 {
            wiped(pos.pieces(side))
        } else {
            (0..pos.rules().kinds.len())
                .filter(|&k| kinds >> k & 1 != 0)
                .any(|k| wiped(pos.pieces_of(k, side)))
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
        // Quiet moves count as even.
        let pos = position("atomic", "4k3/8/3p4/4p3/8/8/8/4RK2 w - - 0 1");
        assert_eq!(see(&pos, "e1e4"), 0);
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

    /// `Exchange::blast` against making the move: in seeded random games of every
    /// built-in variant whose captures explode, each legal capture changes the material
    /// on the board by exactly its blast value, or ends the game as it says.
    #[test]
    fn blast_values_are_what_the_capture_takes() {
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let (mut checked, mut decided) = (0, 0);
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
                    let us = pos.side_to_move();
                    for &m in moves.as_slice() {
                        if !pos.is_capture(m) {
                            assert_eq!(ex.blast(&pos, m), BlastOutcome::Material(0));
                            continue;
                        }
                        let outcome = ex.blast(&pos, m);
                        let before = pos.board.clone();
                        let material = material_against(&ex, &pos, us);
                        pos.make_move(m);
                        let (ours, theirs) = (
                            lost_the_game(&pos, &before, us),
                            lost_the_game(&pos, &before, !us),
                        );
                        let fen = || format!("{} {:?}", v.name, m);
                        match outcome {
                            BlastOutcome::Material(gain) => {
                                assert!(!ours && !theirs, "{}", fen());
                                assert_eq!(
                                    material_against(&ex, &pos, us) - material,
                                    -gain,
                                    "{}",
                                    fen()
                                );
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
                    pos.make_move(random_move(&mut seed, moves.as_slice()));
                }
            }
        }
        assert!(variants >= 2, "{variants}");
        assert!(checked > 2_000 && decided > 20, "{checked} {decided}");
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
