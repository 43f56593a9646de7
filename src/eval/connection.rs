//! Evaluation for games won by connecting every piece into one group (Lines of
//! Action and its set-ups): material tables say little there, so the terms measure
//! how close each side is to one group. Per side:
//! - groups: every group beyond the first costs, the fewer pieces the more it costs
//!   (with few pieces a stray one is the whole game);
//! - concentration: the pieces' summed king-step distance to their centre of mass,
//!   less the least that many pieces can have (Winands' concentration);
//! - centralisation: a bonus by distance from the board's centre (central pieces reach
//!   every group and block the opponent's);
//! - contacts: pieces with an own neighbour (stragglers are the ones to connect);
//! - a small material term (a capture takes away one of the opponent's blockers, but
//!   also a piece it would have had to connect, so it is worth little).
//!
//! Built from the variant's data where an end condition is the connection goal; not
//! parameterised (the tuner does not fit it). Scores are White's, turned to the side to
//! move's view.

use crate::board::{Bitboard, Geometry};
use crate::position::Position;
use crate::variant::rules::Rules;
use crate::variant::{Color, WHITE};

/// Per group beyond the first.
const EXTRA_GROUP: i32 = 28;
/// Per group beyond the first, again, divided by the side's piece count.
const EXTRA_GROUP_FEW: i32 = 240;
/// Per step of summed distance to the centre of mass beyond the least possible.
const CONCENTRATION: i32 = 6;
/// Per piece, by king steps from the centre (0 in the middle four squares on 8x8).
const CENTRE: [i32; 10] = [16, 10, 4, 0, -6, -10, -14, -18, -22, -26];
/// Per piece with at least one own neighbour.
const CONTACT: i32 = 5;
/// Per piece.
const MATERIAL: i32 = 12;
const TEMPO: i32 = 8;

pub struct ConnectionEval {
    geo: Geometry,
    /// Per square, king steps from the board's centre.
    centre_distance: Vec<usize>,
}

impl ConnectionEval {
    /// The terms, where the variant is won by connection.
    pub fn new<B: Bitboard>(rules: &Rules<B>) -> Option<ConnectionEval> {
        rules.end.connection()?;
        let geo = rules.geo;
        // Twice the coordinates, so the centre of an even board is a whole number.
        let (cx, cy) = (geo.files() - 1, geo.ranks() - 1);
        let centre_distance = (0..geo.squares())
            .map(|sq| {
                let dx = (2 * geo.file_of(sq)).abs_diff(cx);
                let dy = (2 * geo.rank_of(sq)).abs_diff(cy);
                dx.max(dy) / 2
            })
            .collect();
        Some(ConnectionEval {
            geo,
            centre_distance,
        })
    }

    pub fn evaluate<B: Bitboard>(&self, pos: &Position<B>) -> i32 {
        let Some(conn) = pos.rules().end.connection() else {
            return 0;
        };
        let mut white = 0;
        for side in Color::both() {
            let pieces = pos.pieces(side);
            let n = pieces.count() as i32;
            if n == 0 {
                continue;
            }
            let mut score = MATERIAL * n;
            // Groups: flood fills from each piece not yet reached.
            let mut left = pieces;
            let mut groups = 0;
            while left.any() {
                let group = conn.group_of(left.lsb(), pieces);
                left &= !group;
                groups += 1;
            }
            score -= (groups - 1) * (EXTRA_GROUP + EXTRA_GROUP_FEW / n);
            // Concentration, centralisation, contacts.
            let (mut sx, mut sy) = (0, 0);
            for sq in pieces.squares() {
                sx += self.geo.file_of(sq) as i32;
                sy += self.geo.rank_of(sq) as i32;
                score += CENTRE[self.centre_distance[sq].min(CENTRE.len() - 1)];
                if (conn.around[sq] & pieces).any() {
                    score += CONTACT;
                }
            }
            let (mx, my) = ((sx + n / 2) / n, (sy + n / 2) / n);
            let spread: i32 = pieces
                .squares()
                .map(|sq| {
                    let dx = (self.geo.file_of(sq) as i32 - mx).abs();
                    let dy = (self.geo.rank_of(sq) as i32 - my).abs();
                    dx.max(dy)
                })
                .sum();
            score -= CONCENTRATION * (spread - least_spread(n)).max(0);
            white += if side == WHITE { score } else { -score };
        }
        white += if pos.side_to_move() == WHITE {
            TEMPO
        } else {
            -TEMPO
        };
        if pos.side_to_move() == WHITE {
            white
        } else {
            -white
        }
    }
}

/// The least summed king-step distance `n` pieces can have to one square: 8 at
/// distance 1, 16 at distance 2, and so on, after the one on the square itself.
fn least_spread(n: i32) -> i32 {
    let (mut left, mut ring, mut sum) = (n - 1, 1, 0);
    while left > 0 {
        let here = left.min(8 * ring);
        sum += here * ring;
        left -= here;
        ring += 1;
    }
    sum
}

#[cfg(test)]
mod tests {
    use super::least_spread;

    #[test]
    fn least_spread_fills_rings_outward() {
        assert_eq!(least_spread(1), 0);
        assert_eq!(least_spread(9), 8);
        // 9 on the first ring and the square, 3 more on the second.
        assert_eq!(least_spread(12), 8 + 3 * 2);
    }
}
