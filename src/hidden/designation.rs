//! Which of our units carries our secret bomb (rule book §5, AB1-AB2): the honest
//! player's designation. The bomb wins the game when its unit stands where its blast
//! takes the enemy king (and not ours) at our turn, so each unit is weighed by how
//! likely it is to get there and stay there, from the variant's data and the board we
//! see (the whole board; nothing of the opponent's bomb):
//!
//! - *reach*: the fewest moves of the unit, as its kind moves (Betza atoms, oriented for
//!   its side), to a square whose blast holds the enemy king and not ours. The board
//!   stands still: the enemy's units block rides and may be captured, ours are taken as
//!   out of the way (they will move). Each move needed costs [`REACH_DECAY`].
//! - *quiet*: the share of those squares from which the kind does not attack the enemy
//!   king. A unit that gives check from next to the king is taken or chased away at
//!   once, one that does not is left there by an opponent who cannot know it is the
//!   bomb (a knight never checks from next to the king, a queen always does).
//! - *mobility*: the kind's empty-board mobility (the evaluation's, from the same
//!   data), square-rooted: a mobile unit goes more places, the enemy king's among them.
//!
//! Royal units are never chosen (their blast takes our own king). The choice is a
//! seeded draw (the `Seed` option and the ply) weighted by the scores among the units
//! that score at least [`DRAW_SHARE`] of the best, so the opponent cannot tell which
//! of the likely units it is. Where no unit can reach such a square the caller falls
//! back to its search.
//!
//! Like the planner, this module reads the belief's world (what we see) and nothing
//! else.

use crate::board::{Bitboard, Square};
use crate::position::{color_of, kind_of, Move, Position, NO_PIECE};
use crate::tune::Rng;
use crate::variant::betza::{self, Atom, Hop};
use crate::variant::{Color, WHITE};

/// The weight a unit keeps per move it needs to reach the enemy king's side.
const REACH_DECAY: f64 = 0.6;
/// Units that need more moves than this are not considered.
const MAX_REACH: usize = 6;
/// Units scoring at least this share of the best unit's score are drawn from.
const DRAW_SHARE: f64 = 0.5;

/// One unit's score and what it is made of (for the tests and the docs' figures).
#[derive(Clone, Debug, PartialEq)]
pub struct Candidate {
    pub square: Square,
    /// Moves to a square whose blast holds the enemy king (`None`: not within reach).
    pub reach: Option<usize>,
    pub quiet: f64,
    pub score: f64,
}

/// The squares where our bomb's blast would take `them`'s king and not `us`'s.
fn strike_squares<B: Bitboard>(world: &Position<B>, us: Color) -> Vec<Square> {
    let (Some(theirs), Some(ours)) = (world.royal_square(!us), world.royal_square(us)) else {
        return Vec::new();
    };
    let blast = &world.rules().bomb_blast;
    (0..blast.len())
        .filter(|&t| t != theirs && blast[t].has(theirs) && !blast[t].has(ours))
        .collect()
}

/// An atom's step from `sq`, `k` times, oriented for `us` (Black's board is turned).
fn step<B: Bitboard>(
    world: &Position<B>,
    us: Color,
    sq: Square,
    a: &Atom,
    k: i32,
) -> Option<Square> {
    let flip = if us == WHITE { 1 } else { -1 };
    world
        .rules()
        .geo
        .offset(sq, a.dx as i32 * k * flip, a.dy as i32 * k * flip)
}

/// The fewest moves of a unit of `atoms` from `from` to one of `targets` (see the
/// module comment: enemy units block and may be captured, our own are out of the way).
fn reach<B: Bitboard>(
    world: &Position<B>,
    us: Color,
    from: Square,
    atoms: &[Atom],
    targets: &[Square],
) -> Option<usize> {
    let n = world.rules().geo.squares();
    let mut seen = vec![false; n];
    seen[from] = true;
    let mut frontier = vec![from];
    for moves in 1..=MAX_REACH {
        let mut next = Vec::new();
        for &sq in &frontier {
            for a in atoms
                .iter()
                .filter(|a| a.hop == Hop::None && !a.initial_only)
            {
                let mut k = 1;
                while let Some(t) = step(world, us, sq, a, k) {
                    let p = world.piece_at(t);
                    let enemy = p != NO_PIECE && color_of(p) != us;
                    if (enemy && a.can_capture) || (!enemy && a.can_move) {
                        if targets.contains(&t) {
                            return Some(moves);
                        }
                        if !seen[t] {
                            seen[t] = true;
                            next.push(t);
                        }
                    }
                    if enemy || (a.max_steps != 0 && k >= a.max_steps as i32) {
                        break;
                    }
                    k += 1;
                }
            }
        }
        frontier = next;
    }
    None
}

/// Every non-royal unit of the side to move, scored (see the module comment).
pub fn candidates<B: Bitboard>(world: &Position<B>) -> Vec<Candidate> {
    let us = world.side_to_move();
    let rules = world.rules();
    let targets = strike_squares(world, us);
    let Some(theirs) = world.royal_square(!us) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for sq in world.pieces(us).squares() {
        let p = world.piece_at(sq);
        let Some(kind) = rules.variant.pieces.get(kind_of(p)) else {
            continue;
        };
        if kind.royal {
            continue;
        }
        let atoms = betza::parse(&kind.betza).unwrap_or_default();
        let checks = |t: &Square| {
            atoms.iter().any(|a| {
                a.can_capture && a.hop == Hop::None && step(world, us, *t, a, 1) == Some(theirs)
            })
        };
        let quiet = if targets.is_empty() {
            0.0
        } else {
            targets.iter().filter(|t| !checks(t)).count() as f64 / targets.len() as f64
        };
        let mobility = crate::eval::material::empty_board_mobility(kind, rules.geo);
        let mobility = mobility.iter().sum::<f64>() / mobility.len().max(1) as f64;
        let reach = reach(world, us, sq, &atoms, &targets);
        let score = reach.map_or(0.0, |r| {
            quiet * mobility.sqrt() * REACH_DECAY.powi(r as i32)
        });
        out.push(Candidate {
            square: sq,
            reach,
            quiet,
            score,
        });
    }
    out
}

/// Our designation in `world` (the side to move has not designated yet): a seeded draw
/// among the best-scored units, weighted by score. `None` where no unit scores above 0.
pub fn choose<B: Bitboard>(world: &Position<B>, seed: u64) -> Option<Move> {
    let all = candidates(world);
    let best = all.iter().map(|c| c.score).fold(0.0, f64::max);
    if best <= 0.0 {
        return None;
    }
    let drawn: Vec<&Candidate> = all
        .iter()
        .filter(|c| c.score >= DRAW_SHARE * best)
        .collect();
    let total: f64 = drawn.iter().map(|c| c.score).sum();
    let mut rng = Rng::new(seed);
    let mut x = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64 * total;
    for c in &drawn {
        if x < c.score {
            return Some(Move::bomb(c.square));
        }
        x -= c.score;
    }
    drawn.last().map(|c| Move::bomb(c.square))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::rules::Rules;
    use std::collections::BTreeSet;
    use std::sync::Arc;

    fn bomb_game(fen: &str) -> Position<u64> {
        let v = crate::variant::find_variant("atomicbomb").unwrap();
        Position::from_fen(Arc::new(Rules::new(v).unwrap()), fen).unwrap()
    }

    fn name(sq: Square) -> String {
        crate::board::Geometry::new(8, 8).unwrap().square_name(sq)
    }

    /// Worked by hand: the knight on a1 reaches d7 (next to the king on e8, two files
    /// from ours on e1) in three moves (b3, c5, d7), and a knight checks from none of
    /// the five squares next to e8 (d7 e7 f7 d8 f8): quiet 1.
    #[test]
    fn a_lone_knight_reaches_the_king_in_three_moves_and_never_checks_there() {
        let c = candidates(&bomb_game("4k3/8/8/8/8/8/8/N3K3 w - - 0 1 {-,-}"));
        assert_eq!(c.len(), 1, "{c:?}");
        assert_eq!((name(c[0].square), c[0].reach), ("a1".into(), Some(3)));
        assert_eq!(c[0].quiet, 1.0);
        assert!(c[0].score > 0.0);
    }

    /// A queen checks from every square next to the king (quiet 0): where it is the
    /// only unit there is nothing to draw among, and the caller searches.
    #[test]
    fn a_unit_that_always_checks_from_next_to_the_king_is_not_drawn() {
        let w = bomb_game("4k3/8/8/8/8/8/8/Q3K3 w - - 0 1 {-,-}");
        let c = candidates(&w);
        assert_eq!((c.len(), c[0].quiet, c[0].score), (1, 0.0, 0.0));
        assert_eq!(choose(&w, 7), None);
    }

    /// Worked by hand at the start (White; the five squares next to e8): a rook needs
    /// two moves (a1-d1-d7 through our own units, which will move) and checks from
    /// three of the five (quiet 0.4), a bishop two (c1-g5-e7; quiet 0.6), a knight
    /// three (quiet 1), a pawn five (e3 e4 e5 e6, then takes d7 or f7), the queen one but
    /// it always checks. Scores: bishop 0.6 * sqrt(5.9) * 0.6^2 = 0.52, knight
    /// sqrt(5.25) * 0.6^3 = 0.49, rook 0.4 * sqrt(8.0) * 0.6^2 = 0.41, pawns 0.05, so
    /// the draw is among the six pieces, each of them drawn in 300 seeds, as White and
    /// as Black.
    #[test]
    fn at_the_start_the_draw_is_among_rooks_knights_and_bishops() {
        let white = bomb_game("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 {-,-}");
        let c = candidates(&white);
        let reach = |sq: &str| c.iter().find(|c| name(c.square) == sq).unwrap().reach;
        assert_eq!(c.len(), 15, "the king is never a candidate");
        assert_eq!(
            [
                reach("a1"),
                reach("c1"),
                reach("b1"),
                reach("e2"),
                reach("d1")
            ],
            [Some(2), Some(2), Some(3), Some(5), Some(1)]
        );
        let black = bomb_game("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1 {d1,-}");
        for (w, pieces) in [(white, "a1 b1 c1 f1 g1 h1"), (black, "a8 b8 c8 f8 g8 h8")] {
            let drawn: BTreeSet<String> = (0..300u64)
                .map(|seed| name(choose(&w, seed).unwrap().from()))
                .collect();
            let expected: BTreeSet<String> = pieces.split(' ').map(String::from).collect();
            assert_eq!(drawn, expected);
        }
    }
}
