//! Evaluation terms for the tafl family (custodian capture, a king who wins on goal
//! squares): material with each side's men weighted so that the unequal armies start
//! level, the king's distance and free paths to his goal squares, and the attackers
//! around him. Built from the variant's data, so every tafl game gets it.
//!
//! The terms are parameters of the variant's layout (`tafl-*` sections, nothing else but
//! the tempo), counted through [`Acc`] like the other terms, so the tuner fits them;
//! [`default_params`] gives the hand-set values. Each term counts for the king's side.

use super::layout::{Layout, Pair, Section, NONE, TAFL_ENCLOSURE_LEN};
use super::terms::Acc;
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
/// Counted second-move squares at most.
const SECOND_MOVE_CAP: i32 = 8;
/// Penalty by the number of the king's four sides closed (attackers, empty hostile
/// squares, the edge where it counts), where he must be enclosed to be captured.
const ENCLOSURE: [i32; TAFL_ENCLOSURE_LEN] = [0, 10, 35, 140, 0];
/// Penalty per attacker (or empty hostile square) beside a king captured like a man,
/// with the square across him open for a second attacker.
const SANDWICH_THREAT: i32 = 60;
/// Per attacker near the king (within three steps), a small pull toward him.
const NEAR_KING: i32 = 3;
/// Orthogonal steps within which an attacker counts as near the king.
const NEAR: usize = 3;

/// Whether a variant gets the tafl terms: custodian capture and a king's goal.
pub fn applies<B: Bitboard>(rules: &Rules<B>) -> bool {
    rules.capture.custodian().is_some() && rules.end.goal().is_some()
}

/// Men at the start, per colour (the king not counted), from the start FEN.
fn start_men<B: Bitboard>(rules: &Rules<B>, king: usize) -> [i32; 2] {
    let mut men = [0i32; 2];
    let placement = rules
        .variant
        .start_fen
        .split_whitespace()
        .next()
        .unwrap_or("");
    for ch in placement.chars().filter(|c| c.is_ascii_alphabetic()) {
        if rules.variant.kind_by_letter(ch) != Some(king) {
            men[usize::from(ch.is_ascii_lowercase())] += 1;
        }
    }
    men
}

/// The hand-set values of the tafl sections (where the layout has them): a man of the
/// larger army is worth `MAN`, the other side's more in proportion.
pub fn default_params<B: Bitboard>(rules: &Rules<B>, layout: &Layout, p: &mut [Pair]) {
    let Some(c) = rules.capture.custodian() else {
        return;
    };
    let men = start_men(rules, c.king);
    let most = men[0].max(men[1]).max(1);
    let value = men.map(|m| MAN * most / m.max(1));
    let (own, other) = (value[c.king_side], value[!c.king_side]);
    let mut set = |section: Section, values: &[i32]| {
        if let Some(e) = layout.find(section, None) {
            for (i, &v) in values.iter().enumerate().take(e.len) {
                p[e.offset + i] = Pair::new(v, v);
            }
        }
    };
    set(Section::TaflMen, &[own, other]);
    set(Section::TaflGoalDistance, &[-GOAL_DISTANCE]);
    set(
        Section::TaflFreePaths,
        &[FREE_PATH_TO_MOVE, ONE_FREE_PATH, TWO_FREE_PATHS],
    );
    set(Section::TaflSecondPaths, &[SECOND_MOVE_PATH]);
    set(Section::TaflEnclosure, &ENCLOSURE.map(|v| -v));
    set(Section::TaflSandwich, &[-SANDWICH_THREAT]);
    set(Section::TaflNearKing, &[-NEAR_KING]);
}

/// Where the tafl sections sit in the parameter vector.
struct Offsets {
    men: usize,
    goal_distance: usize,
    free_paths: usize,
    second_paths: usize,
    enclosure: usize,
    sandwich: usize,
    near_king: usize,
}

pub struct TaflEval {
    king: usize,
    king_side: Color,
    offsets: Offsets,
    /// Per square: whether it is one of the king's goal squares, and the number of
    /// orthogonal steps to the nearest one.
    goal: Vec<bool>,
    goal_distance: Vec<i32>,
    /// The king slides like a rook (else he steps one square).
    king_rides: bool,
    geo: Geometry,
}

impl TaflEval {
    /// The tafl terms, where the variant captures by custodian and has a king's goal,
    /// at the offsets of `layout` (which has them where [`applies`] holds).
    pub fn new<B: Bitboard>(rules: &Rules<B>, layout: &Layout) -> Option<TaflEval> {
        if !applies(rules) {
            return None;
        }
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
        let at = |s: Section| layout.offset(s, None);
        let offsets = Offsets {
            men: at(Section::TaflMen),
            goal_distance: at(Section::TaflGoalDistance),
            free_paths: at(Section::TaflFreePaths),
            second_paths: at(Section::TaflSecondPaths),
            enclosure: at(Section::TaflEnclosure),
            sandwich: at(Section::TaflSandwich),
            near_king: at(Section::TaflNearKing),
        };
        if offsets.men == NONE || offsets.near_king == NONE {
            return None;
        }
        Some(TaflEval {
            king: c.king,
            king_side: c.king_side,
            offsets,
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

    /// Counts each tafl term for the king's side (the tempo is the caller's).
    pub fn terms<B: Bitboard, A: Acc>(&self, pos: &Position<B>, acc: &mut A) {
        let rules = pos.rules();
        let c = rules
            .capture
            .custodian()
            .expect("tafl evaluation needs custodian rules");
        let o = &self.offsets;
        let defenders = self.king_side;
        let attackers = !defenders;
        let occ = pos.occupied();
        for (i, side) in [defenders, attackers].into_iter().enumerate() {
            let men = (pos.pieces(side) & !pos.pieces_of(self.king, side)).count() as i32;
            acc.add(o.men + i, side, men);
        }
        let Some(king) = pos.pieces_of(self.king, defenders).squares().next() else {
            return;
        };
        acc.add(o.goal_distance, defenders, self.goal_distance[king]);
        // Free paths to the goal, now and after one more move.
        let reach = self.king_reach(pos, king, occ);
        let open = self.goals_in(reach.squares());
        if open > 0 {
            let entry = if pos.side_to_move() == defenders {
                0
            } else {
                open.min(2) as usize
            };
            acc.add(o.free_paths + entry, defenders, 1);
        }
        let lifted = occ & !B::from_square(king);
        let second: i32 = reach
            .squares()
            .filter(|&s| !self.goal[s])
            .map(|s| {
                self.goals_in(self.king_reach(pos, s, lifted).squares())
                    .min(1)
            })
            .sum();
        acc.add(o.second_paths, defenders, second.min(SECOND_MOVE_CAP));
        // Attackers around the king.
        let theirs = pos.pieces(attackers);
        let closed = |s: Option<usize>| match s {
            None => c.edge_counts,
            Some(s) => theirs.has(s) || (!occ.has(s) && c.hostile.has(s)),
        };
        if c.enclosed_on[c.king].has(king) {
            let n = (0..4).filter(|&d| closed(c.neighbour(king, d))).count();
            acc.add(o.enclosure + n, defenders, 1);
        } else {
            let anvil = |s: usize| theirs.has(s) || (!occ.has(s) && c.hostile.has(s));
            let threats = (0..4)
                .filter(|&d| {
                    let beside = c.neighbour(king, d);
                    let across = c.neighbour(king, d ^ 1);
                    beside.is_some_and(anvil) && across.is_some_and(|s| !occ.has(s))
                })
                .count() as i32;
            acc.add(o.sandwich, defenders, threats);
        }
        let near = theirs
            .squares()
            .filter(|&s| {
                self.geo.file_of(s).abs_diff(self.geo.file_of(king))
                    + self.geo.rank_of(s).abs_diff(self.geo.rank_of(king))
                    <= NEAR
            })
            .count() as i32;
        acc.add(o.near_king, defenders, near);
    }

    /// A man's value on his side (the middlegame value of `params`); the king's is 0
    /// (his capture ends the game).
    pub fn side_value(&self, params: &[Pair], kind: usize, color: Color) -> i32 {
        if kind == self.king {
            0
        } else {
            let i = usize::from(color != self.king_side);
            params[self.offsets.men + i].mg
        }
    }

    /// A man's value for move ordering and margins (the larger of the two sides').
    pub fn piece_value(&self, params: &[Pair], kind: usize) -> i32 {
        Color::both()
            .map(|c| self.side_value(params, kind, c))
            .into_iter()
            .max()
            .unwrap_or(0)
    }
}

// `ORTHOGONAL` fixes the neighbour order the sandwich test relies on: opposite
// directions differ in the lowest bit (up/down, right/left).
const _: () = assert!(ORTHOGONAL[0].1 == -ORTHOGONAL[1].1 && ORTHOGONAL[2].0 == -ORTHOGONAL[3].0);
