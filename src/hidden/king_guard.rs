//! The fog planner's guard of the unit whose loss loses the game (the king of the fog
//! games: a commoner whose capture is extinction).
//!
//! The planner searches a few sampled worlds (at `go nodes 4000` about two, since each
//! needs [`super::planner`]'s minimum nodes per root move), so a king step next to a
//! unit that stands there in one world of ten is seen in no searched world most of the
//! time. Yet whether the opponent can take our king right after a move is cheap to
//! tell exactly: one make, one attack test. [`exposure`] counts it over the belief's
//! worlds (all of them, or an evenly spaced [`GUARD_WORLDS`] of a larger belief), and
//! the planner weighs each move's searched value with that share of lost games
//! ([`guarded_value`]).
//!
//! Like the planner, this reads the belief's worlds and nothing else.

use super::planner;
use crate::board::Bitboard;
use crate::position::{Move, Position};
use crate::search::Score;
use crate::variant::kind_bits::kinds_in;
use crate::variant::parts::end::EndCondition;
use crate::variant::Color;

/// The most worlds checked per move choice (about 5 ms at 30 root moves).
pub const GUARD_WORLDS: usize = 1024;

/// The kinds of which a side that has lost every unit loses the game (a bit set; 0
/// where no end condition says so).
fn vital_kinds<B: Bitboard>(world: &Position<B>) -> u32 {
    world
        .rules()
        .end
        .iter()
        .map(|c| match c {
            &EndCondition::Extinction {
                kinds,
                extinct_side_wins: false,
            } => kinds,
            EndCondition::ExtinctionCount(x)
                if x.count == 0 && x.opponent_count == 0 && !x.extinct_side_wins && !x.draws =>
            {
                x.kinds
            }
            _ => 0,
        })
        .fold(0, |a, k| a | k)
}

/// Whether in `world` (`color` having just moved, the opponent to move) the opponent
/// can capture `color`'s last unit of a vital kind (`kinds`), none of it in hand.
fn vital_unit_attacked<B: Bitboard>(world: &Position<B>, color: Color, kinds: u32) -> bool {
    kinds_in(kinds).any(|kind| {
        let units = world.pieces_of(kind, color);
        !units.is_empty()
            && !units.more_than_one()
            && world.hand_count(color, kind) == 0
            && world.attackers(units.lsb(), !color, world.occupied()).any()
    })
}

/// The worlds checked: all of `worlds`, or [`GUARD_WORLDS`] evenly spaced ones.
fn checked<'a, B: Bitboard>(worlds: &[&'a Position<B>]) -> Vec<&'a Position<B>> {
    let n = worlds.len();
    if n <= GUARD_WORLDS {
        return worlds.to_vec();
    }
    (0..GUARD_WORLDS)
        .map(|i| worlds[i * n / GUARD_WORLDS])
        .collect()
}

/// For each root move (UCI, our legal moves in `world`), whether the opponent can
/// capture our vital unit right after it. All false in a game without such a unit.
pub fn exposed_in<B: Bitboard>(world: &Position<B>, root: &[String]) -> Vec<bool> {
    let mut exposed = vec![false; root.len()];
    let kinds = vital_kinds(world);
    if kinds == 0 {
        return exposed;
    }
    let mut w = world.clone();
    let us = w.side_to_move();
    let moves: Vec<Move> = w.legal_moves().as_slice().to_vec();
    for mv in moves {
        let uci = w.move_to_uci(mv);
        let Some(i) = root.iter().position(|m| *m == uci) else {
            continue;
        };
        w.make_move(mv);
        exposed[i] = w.outcome().is_none() && vital_unit_attacked(&w, us, kinds);
        w.unmake_move();
    }
    exposed
}

/// For each root move, in how many of the worlds checked (all of `worlds`, or
/// [`GUARD_WORLDS`] evenly spaced ones; their count is returned first) the opponent can
/// capture our vital unit right after it.
pub fn exposure<B: Bitboard>(worlds: &[&Position<B>], root: &[String]) -> (usize, Vec<usize>) {
    let mut exposed = vec![0; root.len()];
    let worlds = checked(worlds);
    for world in &worlds {
        for (count, hit) in exposed.iter_mut().zip(exposed_in(world, root)) {
            *count += usize::from(hit);
        }
    }
    (worlds.len(), exposed)
}

/// A move's value given its searched risk mix `mix` and the share `exposed / of` of
/// worlds where it loses the king at once: the lost games weigh as the mix does (mean
/// and, `risk` %, the worst quarter): the mean's share is `p`, the worst quarter's
/// `min(4p, 1)`.
pub fn guarded_value(mix: i32, exposed: usize, of: usize, risk: u32) -> i32 {
    if exposed == 0 || of == 0 {
        return mix;
    }
    let lost = planner::value(Score::Mate(-1)) as i64;
    let p = exposed as i64 * 1000 / of as i64;
    let worst = (4 * p).min(1000);
    let risk = risk.min(100) as i64;
    let share = (p * (100 - risk) + worst * risk) / 100; // per mille
    ((mix as i64 * (1000 - share) + lost * share) / 1000) as i32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::rules::Rules;
    use std::sync::Arc;

    fn small(variant: &str, fen: &str) -> Position<u64> {
        let v = crate::variant::find_variant(variant).unwrap();
        Position::from_fen(Arc::new(Rules::new(v).unwrap()), fen).unwrap()
    }

    fn names(moves: &[&str]) -> Vec<String> {
        moves.iter().map(|m| m.to_string()).collect()
    }

    /// Worked by hand (`darkchess`, a world of the belief: Black's rook on e8, our king
    /// on d1, our pawn on a2). Ke2 and Ke1 step onto the rook's file: exposed; Kc1,
    /// Kc2, Kd2 and a3 are not. Chess has a royal king and no extinction rule: the
    /// guard has nothing to guard there.
    #[test]
    fn a_king_step_onto_an_enemy_line_is_exposed() {
        let world = small("darkchess", "4r2k/8/8/8/8/8/P7/3K4 w - - 0 1");
        let root = names(&["d1e2", "d1e1", "d1c1", "d1c2", "d1d2", "a2a3"]);
        assert_eq!(
            exposed_in(&world, &root),
            [true, true, false, false, false, false]
        );
        let (of, counts) = exposure(&[&world, &world], &root);
        assert_eq!((of, counts), (2, vec![2, 2, 0, 0, 0, 0]));
        let chess = small("chess", "4r2k/8/8/8/8/8/P7/3K4 w - - 0 1");
        assert_eq!(exposed_in(&chess, &root), [false; 6]);
    }

    /// Worked by hand (`RiskAversion` 30; a lost game is worth -2999, `Mate(-1)`): a
    /// move exposed in 1 of 20 worlds: p = 50 per mille, worst quarter 200, share
    /// 0.7 * 50 + 0.3 * 200 = 95; from +100: (100 * 905 - 2999 * 95) / 1000 = -194.
    /// One in 1000: share 0.7 + 1.2 = 1 (integer), (100 * 999 - 2999) / 1000 = 96.
    /// Never exposed: the mix itself.
    #[test]
    fn exposure_weighs_as_a_lost_game() {
        assert_eq!(planner::value(Score::Mate(-1)), -2999);
        assert_eq!(guarded_value(100, 1, 20, 30), -194);
        assert_eq!(guarded_value(100, 1, 1000, 30), 96);
        assert_eq!(guarded_value(100, 0, 20, 30), 100);
        assert_eq!(guarded_value(100, 20, 20, 30), -2999);
    }
}
