//! Evaluation terms for the tafl family (custodian capture, a king who wins on goal
//! squares): material with each side's men weighted so that the unequal armies start
//! level, the king's distance and free paths to his goal squares, and the attackers
//! around him. Built from the variant's data, so every tafl game gets it.
//!
//! Scores are computed for the king's side and turned to the side to move's view.

use crate::board::{Bitboard, Geometry};
use crate::position::Position;
use crate::variant::custodian::ORTHOGONAL;
use crate::variant::rules::Rules;
use crate::variant::Color;

/// Centipawns of a man for the side with more men; the other side's are worth more in
/// proportion, so material starts level.
const MAN: i32 = 100;
/// Per step of distance from the king to his nearest goal square.
const GOAL_DISTANCE: i32 = 12;
/// Goal squares the king reaches in one move: with the king's side to move the game is
/// won, with the attackers to move two paths cannot both be closed.
const FREE_PATH_TO_MOVE: i32 = 900;
const TWO_FREE_PATHS: i32 = 700;
const ONE_FREE_PATH: i32 = 120;
/// Per square the king reaches in one move from which a goal square is open.
const SECOND_MOVE_PATH: i32 = 20;
/// Penalty by the number of the king's four sides closed (attackers, empty hostile
/// squares, the edge where it counts), where he must be enclosed to be captured.
const ENCLOSURE: [i32; 5] = [0, 10, 35, 140, 0];
/// Penalty per attacker (or empty hostile square) beside a king captured like a man,
/// with the square across him open for a second attacker.
const SANDWICH_THREAT: i32 = 60;
/// Per attacker near the king (within three steps), a small pull toward him.
const NEAR_KING: i32 = 3;
const TEMPO: i32 = 10;

pub struct TaflEval {
    king: usize,
    king_side: Color,
    /// Value of one man per colour.
    man_value: [i32; 2],
    /// Per square: whether it is one of the king's goal squares, and the number of
    /// orthogonal steps to the nearest one.
    goal: Vec<bool>,
    goal_distance: Vec<i32>,
    /// The king slides like a rook (else he steps one square).
    king_rides: bool,
    geo: Geometry,
}

impl TaflEval {
    /// The tafl terms, where the variant captures by custodian and has a king's goal.
    pub fn new<B: Bitboard>(rules: &Rules<B>) -> Option<TaflEval> {
        let c = rules.capture.custodian()?;
        let zones = &rules.end.goal()?.zones;
        let geo = rules.geo;
        let n = geo.squares();
        let goal: Vec<bool> = (0..n).map(|sq| zones[c.king_side].has(sq)).collect();
        let goal_distance = (0..n)
            .map(|sq| {
                (0..n)
                    .filter(|&g| goal[g])
                    .map(|g| {
                        (geo.file_of(sq).abs_diff(geo.file_of(g))
                            + geo.rank_of(sq).abs_diff(geo.rank_of(g)))
                            as i32
                    })
                    .min()
                    .unwrap_or(0)
            })
            .collect();
        // Men at the start, per colour, from the start FEN.
        let mut men = [0i32; 2];
        let placement = rules
            .variant
            .start_fen
            .split_whitespace()
            .next()
            .unwrap_or("");
        for ch in placement.chars().filter(|c| c.is_ascii_alphabetic()) {
            if rules.variant.kind_by_letter(ch) != Some(c.king) {
                men[usize::from(ch.is_ascii_lowercase())] += 1;
            }
        }
        let most = men[0].max(men[1]).max(1);
        let man_value = men.map(|m| MAN * most / m.max(1));
        Some(TaflEval {
            king: c.king,
            king_side: c.king_side,
            man_value,
            goal,
            goal_distance,
            king_rides: rules.kinds[c.king].moves[c.king_side].quiet_orthogonal,
            geo,
        })
    }

    /// Empty squares the king reaches in one move from `sq`.
    fn king_reach<B: Bitboard>(&self, pos: &Position<B>, sq: usize, occ: B) -> B {
        let rules = pos.rules();
        let m = &rules.kinds[self.king].moves[self.king_side];
        let reach = if self.king_rides {
            rules.tables.orthogonal(sq, occ)
        } else {
            m.quiet_leaps[sq]
        };
        let stops = rules
            .capture
            .custodian()
            .map_or(rules.tables.board, |c| c.stops[self.king]);
        reach & !occ & stops
    }

    fn goals_in(&self, set: impl Iterator<Item = usize>) -> i32 {
        set.filter(|&s| self.goal[s]).count() as i32
    }

    pub fn evaluate<B: Bitboard>(&self, pos: &Position<B>) -> i32 {
        let rules = pos.rules();
        let c = rules
            .capture
            .custodian()
            .expect("tafl evaluation needs custodian rules");
        let defenders = self.king_side;
        let attackers = !defenders;
        let occ = pos.occupied();
        let mut score = 0;
        for side in [defenders, attackers] {
            let men = (pos.pieces(side) & !pos.pieces_of(self.king, side)).count() as i32;
            let sign = if side == defenders { 1 } else { -1 };
            score += sign * men * self.man_value[side];
        }
        let Some(king) = pos.pieces_of(self.king, defenders).squares().next() else {
            return self.for_side_to_move(pos, score);
        };
        score -= GOAL_DISTANCE * self.goal_distance[king];
        // Free paths to the goal, now and after one more move.
        let reach = self.king_reach(pos, king, occ);
        let open = self.goals_in(reach.squares());
        let defenders_to_move = pos.side_to_move() == defenders;
        score += match open {
            0 => 0,
            _ if defenders_to_move => FREE_PATH_TO_MOVE,
            1 => ONE_FREE_PATH,
            _ => TWO_FREE_PATHS,
        };
        let lifted = occ & !B::from_square(king);
        let second: i32 = reach
            .squares()
            .filter(|&s| !self.goal[s])
            .map(|s| {
                self.goals_in(self.king_reach(pos, s, lifted).squares())
                    .min(1)
            })
            .sum();
        score += SECOND_MOVE_PATH * second.min(8);
        // Attackers around the king.
        let theirs = pos.pieces(attackers);
        let closed = |s: Option<usize>| match s {
            None => c.edge_counts,
            Some(s) => theirs.has(s) || (!occ.has(s) && c.hostile.has(s)),
        };
        if c.enclosed_on[c.king].has(king) {
            let n = (0..4).filter(|&d| closed(c.neighbour(king, d))).count();
            score -= ENCLOSURE[n];
        } else {
            for d in 0..4 {
                let beside = c.neighbour(king, d);
                let across = c.neighbour(king, d ^ 1);
                let anvil = |s: usize| theirs.has(s) || (!occ.has(s) && c.hostile.has(s));
                if beside.is_some_and(anvil) && across.is_some_and(|s| !occ.has(s)) {
                    score -= SANDWICH_THREAT;
                }
            }
        }
        let near = theirs
            .squares()
            .filter(|&s| {
                self.geo.file_of(s).abs_diff(self.geo.file_of(king))
                    + self.geo.rank_of(s).abs_diff(self.geo.rank_of(king))
                    <= 3
            })
            .count() as i32;
        score -= NEAR_KING * near;
        self.for_side_to_move(pos, score)
    }

    /// A score for the king's side, seen from the side to move, with the tempo bonus.
    fn for_side_to_move<B: Bitboard>(&self, pos: &Position<B>, score: i32) -> i32 {
        if pos.side_to_move() == self.king_side {
            score + TEMPO
        } else {
            -score + TEMPO
        }
    }

    /// A man's value for move ordering and margins (the larger of the two sides').
    pub fn piece_value(&self, kind: usize) -> i32 {
        if kind == self.king {
            0
        } else {
            self.man_value[0].max(self.man_value[1])
        }
    }

    /// A man's value on his side (the evaluation's weight); the king's is 0 (his
    /// capture ends the game).
    pub fn side_value(&self, kind: usize, color: Color) -> i32 {
        if kind == self.king {
            0
        } else {
            self.man_value[color]
        }
    }
}

// `ORTHOGONAL` fixes the neighbour order the sandwich test relies on: opposite
// directions differ in the lowest bit (up/down, right/left).
const _: () = assert!(ORTHOGONAL[0].1 == -ORTHOGONAL[1].1 && ORTHOGONAL[2].0 == -ORTHOGONAL[3].0);
