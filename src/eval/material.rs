//! Material and piece-square evaluation computed from the variant's data alone, so a
//! variant added tomorrow gets sensible values with no table written for it.
//!
//! - A kind's value comes from its *mobility*: the average number of squares it reaches
//!   from every square of an empty board, where a rider's k-th step counts `0.7^(k-1)`
//!   (on a real board far squares are often blocked) and a move that only moves or only
//!   captures counts half. Value = `52 * mobility^1.1`; on 8x8 this gives knight 320,
//!   bishop 366, rook 515, queen 945.
//! - Pawn-like kinds (those that promote) are the unit, 100, plus an advancement bonus
//!   growing toward the promotion zone.
//! - Piece-square terms: each non-pawn kind gets a bonus for squares where its own
//!   mobility is above its average (knights in the centre, not on the rim); royal kinds
//!   keep to their own back rank while material is on the board and centralise in the
//!   endgame (tapered by the remaining non-pawn material).
//! - Where a side that loses all its pieces wins (the antichess family, from the
//!   variant's extinction rule), material counts against its owner.

use super::Evaluator;
use crate::board::{Bitboard, Geometry};
use crate::position::{color_of, kind_of, Position, NO_PIECE};
use crate::variant::betza::{self, Hop};
use crate::variant::rules::{Rules, MAX_KINDS};
use crate::variant::{PieceKind, BLACK, WHITE};

/// Decay per extra rider step in the mobility estimate.
const RIDER_DECAY: f64 = 0.7;
const PAWN_VALUE: i32 = 100;

pub struct MaterialEval {
    values: [i32; MAX_KINDS],
    /// `pst[kind][sq]` from White's side (middlegame, endgame); Black mirrors ranks.
    pst_mg: Vec<Vec<i32>>,
    pst_eg: Vec<Vec<i32>>,
    geo: Geometry,
    /// Non-pawn, non-royal material of both sides at the start: the phase scale.
    full_phase: i32,
    /// -1 where losing all one's pieces wins (antichess family): material is a burden.
    material_sign: i32,
    /// The tafl family's own terms, which replace these where the variant has them.
    tafl: Option<super::tafl::TaflEval>,
}

/// Mobility of a kind from each square of an empty board (White's orientation).
pub fn empty_board_mobility(kind: &PieceKind, geo: Geometry) -> Vec<f64> {
    let atoms = betza::parse(&kind.betza).unwrap_or_default();
    (0..geo.squares())
        .map(|sq| {
            let mut total = 0.0;
            for a in &atoms {
                if a.initial_only {
                    continue;
                }
                let weight = match (a.can_move, a.can_capture) {
                    (true, true) => 1.0,
                    (false, false) => 0.0,
                    _ => 0.5,
                };
                // Hoppers need a screen; on an empty board they count a little.
                let weight = if a.hop == Hop::None {
                    weight
                } else {
                    weight * 0.5
                };
                let mut step_weight = 1.0;
                let mut k = 1;
                while let Some(_t) = geo.offset(sq, a.dx as i32 * k, a.dy as i32 * k) {
                    total += weight * step_weight;
                    if a.max_steps != 0 && k as u32 >= a.max_steps as u32 {
                        break;
                    }
                    step_weight *= RIDER_DECAY;
                    k += 1;
                }
            }
            total
        })
        .collect()
}

impl MaterialEval {
    pub fn new<B: Bitboard>(rules: &Rules<B>) -> MaterialEval {
        let geo = rules.geo;
        let variant = &rules.variant;
        let n = geo.squares();
        let mut values = [0; MAX_KINDS];
        let mut pst_mg = vec![vec![0; n]; MAX_KINDS];
        let mut pst_eg = vec![vec![0; n]; MAX_KINDS];
        let promo_ranks: Vec<usize> = variant
            .promotion
            .as_ref()
            .map(|p| p.ranks.clone())
            .unwrap_or_default();
        let last_rank = geo.ranks() - 1;
        let goal_rank = promo_ranks.iter().copied().min().unwrap_or(last_rank);
        for (k, kind) in variant.pieces.iter().enumerate().take(MAX_KINDS) {
            let mobility = empty_board_mobility(kind, geo);
            let avg = mobility.iter().sum::<f64>() / n as f64;
            if kind.royal {
                // Back rank in the middlegame, centre in the endgame.
                for sq in 0..n {
                    let rank = geo.rank_of(sq) as i32;
                    pst_mg[k][sq] = -12 * rank.min(3);
                    pst_eg[k][sq] = ((mobility[sq] - avg) * 6.0).round() as i32;
                }
                continue;
            }
            if kind.promotes {
                values[k] = PAWN_VALUE;
                for sq in 0..n {
                    let rank = geo.rank_of(sq);
                    let file = geo.file_of(sq) as f64;
                    let centre = (geo.files() as f64 - 1.0) / 2.0;
                    // Steps taken toward the promotion zone, out of the steps needed.
                    let start = 1.min(goal_rank);
                    let progress = rank.saturating_sub(start) as f64
                        / (goal_rank.saturating_sub(start)).max(1) as f64;
                    let central = 1.0 - (file - centre).abs() / centre.max(1.0);
                    pst_mg[k][sq] = (progress * progress * 60.0 + central * 10.0) as i32;
                    pst_eg[k][sq] = (progress * progress * 120.0) as i32;
                }
                continue;
            }
            values[k] = (52.0 * avg.powf(1.1)).round() as i32;
            for sq in 0..n {
                let bonus = ((mobility[sq] - avg) * 4.0).round() as i32;
                pst_mg[k][sq] = bonus;
                pst_eg[k][sq] = bonus / 2;
            }
        }
        // Phase: non-pawn material in the variant's start position.
        let start_phase = Self::start_phase(variant.start_fen.as_str(), variant, &values);
        MaterialEval {
            values,
            pst_mg,
            pst_eg,
            geo,
            full_phase: start_phase.max(1),
            material_sign: if variant
                .end
                .extinction
                .as_ref()
                .is_some_and(|e| e.extinct_side_wins && e.kinds.is_empty())
            {
                -1
            } else {
                1
            },
            tafl: super::tafl::TaflEval::new(rules),
        }
    }

    /// Non-pawn, non-royal material in a FEN's board field.
    fn start_phase(fen: &str, variant: &crate::variant::Variant, values: &[i32]) -> i32 {
        let board = fen.split_whitespace().next().unwrap_or("");
        let board = board.split('[').next().unwrap_or("");
        board
            .chars()
            .filter(|c| c.is_ascii_alphabetic())
            .filter_map(|c| variant.kind_by_letter(c))
            .filter(|&k| !variant.pieces[k].promotes)
            .map(|k| values[k])
            .sum()
    }

    fn relative(&self, sq: usize, color: usize) -> usize {
        if color == WHITE {
            sq
        } else {
            self.geo.flip_rank(sq)
        }
    }
}

impl<B: Bitboard> Evaluator<B> for MaterialEval {
    fn evaluate(&self, pos: &Position<B>) -> i32 {
        if let Some(t) = &self.tafl {
            return t.evaluate(pos);
        }
        let mut mg = [0i32; 2];
        let mut eg = [0i32; 2];
        let mut phase = 0;
        let occ = pos.occupied();
        for sq in occ.squares() {
            let p = pos.piece_at(sq);
            if p == NO_PIECE {
                continue;
            }
            let (k, c) = (kind_of(p), color_of(p));
            let rel = self.relative(sq, c);
            let v = self.values[k];
            if !pos.rules().kinds[k].promotes {
                phase += v;
            }
            let v = v * self.material_sign;
            mg[c] += v + self.pst_mg[k][rel];
            eg[c] += v + self.pst_eg[k][rel];
        }
        let phase = phase.min(self.full_phase);
        let mg_score = mg[WHITE] - mg[BLACK];
        let eg_score = eg[WHITE] - eg[BLACK];
        let white = (mg_score * phase + eg_score * (self.full_phase - phase)) / self.full_phase;
        // A small bonus for the move keeps scores from flipping between plies.
        let tempo = 10;
        if pos.side_to_move() == WHITE {
            white + tempo
        } else {
            -white + tempo
        }
    }

    fn piece_value(&self, kind: usize) -> i32 {
        match &self.tafl {
            Some(t) => t.piece_value(kind),
            None => self.values[kind],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::find_variant;

    #[test]
    fn orthodox_values_are_sensible() {
        let rules = Rules::<u64>::new(find_variant("chess").unwrap()).unwrap();
        let e = MaterialEval::new(&rules);
        let v = |l: char| {
            <MaterialEval as Evaluator<u64>>::piece_value(
                &e,
                rules.variant.kind_by_letter(l).unwrap(),
            )
        };
        assert_eq!(v('P'), 100);
        assert!((290..350).contains(&v('N')), "{}", v('N'));
        assert!(v('B') >= v('N') && v('B') < 400, "{}", v('B'));
        assert!((460..560).contains(&v('R')), "{}", v('R'));
        assert!((880..1000).contains(&v('Q')), "{}", v('Q'));
        assert_eq!(v('K'), 0);
    }

    #[test]
    fn start_position_is_balanced() {
        let rules = std::sync::Arc::new(Rules::<u64>::new(find_variant("chess").unwrap()).unwrap());
        let e = MaterialEval::new(&*rules);
        let pos = Position::from_fen(rules.clone(), &rules.variant.start_fen).unwrap();
        assert_eq!(e.evaluate(&pos), 10);
    }
}
