//! The honest player's plan where all that is hidden is the other side's secret bomb
//! (`TurnRule::SecretBomb`; rule book §5). The board is seen whole, so the belief's
//! worlds differ only in where the opponent's bomb is: one world per unit that may
//! carry it (at most sixteen, one per unit it could have designated; fewer once some
//! are gone) and one where it went unseen with a captured unit. Every world is taken,
//! none sampled.
//!
//! Searching each world as deeply as one search would cost the candidates' count in
//! depth, yet the worlds agree on everything but one reply: the detonation. So:
//!
//! 1. The worlds in which the opponent let a detonation that would have won it the
//!    game go by are set aside ([`plausible`]): a unit that stood next to our king at
//!    its turn, and was not blown, is not its bomb (unless no world is left: an
//!    opponent that does not play to win). Each world weighs the designations it
//!    stands for ([`designations_behind`]: the world with the bomb gone, one per unit
//!    lost). For every root move and every remaining world, the opponent's detonation
//!    in reply is
//!    played out exactly ([`threat`]): a blast that ends the game (our king destroyed:
//!    the value of a lost game; both kings: a draw) or that costs us more material
//!    than the opponent (by the kinds' data-derived values). The opponent detonates
//!    only where that is worse for us than the move's value without the bomb. A move
//!    is *safe* when no world has such a reply.
//! 2. The *bomb-free world* (a world with the opponent's bomb taken as gone, the same
//!    from every world) is searched by the ordinary searcher, one line, for the best
//!    move and its value `v`; its value over the worlds is the planner's risk mix
//!    (`RiskAversion`) of `v` and of `v` after each world's detonation, so a move that
//!    lets one candidate blow up our king weighs heavily.
//! 3. Only the root moves whose *risk* (the risk mix of what the detonations in reply
//!    take, 0 for a safe move) is within [`RISK_WINDOW_CP`] of the least risky move's
//!    are searched, with the whole budget (in place of two thirds for all moves and a
//!    third for the safe ones).
//!
//! 0. Before that, our own bomb: the opponent cannot know which of our units carries
//!    it, so a root move that brings its blast onto the opponent's king is a *strike*
//!    when the opponent's reply, predicted by a search of the world where neither bomb
//!    is known (what the opponent can reason about), leaves our detonation winning
//!    ([`strike`]). In the ordinary search the opponent's replies see our bomb and flee
//!    it, so such a move looks useless there. A strike that one world's detonation in
//!    reply would answer by destroying our king (or both kings) is not tried; each
//!    prediction takes [`STRIKE_SHARE`] of the budget, the search below the rest, and
//!    the strike is played unless that search finds a forced win of its own.
//!
//! Our designation (while our bomb is not designated) is not searched: every unit
//! scores the same there. [`designation`] draws it, seeded, among the units likeliest
//! to come next to the enemy king.
//!
//! One line: `MixSupport` does not apply here.
//!
//! Like the planner, this module reads the belief and nothing else.

use super::belief::Belief;
use super::designation;
use super::planner::{self, Plan, PlanOptions};
use crate::board::Bitboard;
use crate::position::bomb::Bomb;
use crate::position::{color_of, kind_of, GameResult, Move, Position, NO_PIECE};
use crate::search::{time, Control, Limits, Score, SearchMemory, Settings, TranspositionTable};

/// Root moves whose risk is within this of the least risky move's are searched.
const RISK_WINDOW_CP: i32 = 150;
/// The share (1 of this many parts) of the budget that predicting the opponent's reply
/// to one strike candidate takes, and the most candidates predicted per move.
const STRIKE_SHARE: u64 = 8;
const MAX_STRIKE_CANDIDATES: usize = 2;
/// Keeps the designation's draw apart from other seeded draws of the same ply.
const DESIGNATION_SALT: u64 = 0xb0b;
/// Nodes for the bomb-free world when neither nodes nor time limit the search.
const UNLIMITED_NODES: u64 = 1_000_000;

/// Whether the belief's worlds are games with secret bombs (rule data).
pub fn applies<B: Bitboard>(belief: &Belief<B>) -> bool {
    belief.worlds().first().is_some_and(|w| w.has_bombs())
}

/// `world` with the opponent of the side to move's bomb taken as gone.
fn bomb_free<B: Bitboard>(world: &Position<B>) -> Position<B> {
    let mut w = world.clone();
    let them = !w.side_to_move();
    if let Bomb::On(_) = w.bomb(them) {
        w.set_bomb_gone(them, false);
    }
    w
}

/// What the opponent's detonation in reply to one of our moves does to us.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Threat {
    /// It has no live bomb, or would not detonate (not legal, or it loses the game).
    None,
    /// It destroys our king (and not the opponent's).
    Loss,
    /// It destroys both kings.
    Draw,
    /// It destroys units of both sides: our material balance changes by this much.
    Material(i32),
}

impl Threat {
    /// Our value after our move if the opponent detonates where that is worse for us
    /// than `base` (the move's value without the bomb).
    fn value(self, base: i32) -> i32 {
        match self {
            Threat::None => base,
            Threat::Loss => planner::value(Score::Mate(-1)),
            Threat::Draw => base.min(0),
            Threat::Material(gain) => base.min(base + gain),
        }
    }
}

/// The opponent's detonation in reply to our move `m` in `world`, exactly: the blast's
/// units by their values (`values`, per kind) and the game's end it brings.
fn threat<B: Bitboard>(world: &Position<B>, m: &str, values: &[i32]) -> Threat {
    let mut w = world.clone();
    let Ok(mv) = w.parse_uci_move(m) else {
        return Threat::None;
    };
    let us = w.side_to_move();
    w.make_move(mv);
    if w.outcome().is_some() {
        return Threat::None;
    }
    let Bomb::On(at) = w.bomb(!us) else {
        return Threat::None;
    };
    let detonation = Move::bomb(at);
    if !w.legal_moves().as_slice().contains(&detonation) {
        return Threat::None;
    }
    let mut gain = 0;
    for sq in (w.rules().bomb_blast[at] & w.occupied()).squares() {
        let p = w.piece_at(sq);
        if p == NO_PIECE {
            continue;
        }
        let v = values.get(kind_of(p)).copied().unwrap_or(0);
        gain += if color_of(p) == us { -v } else { v };
    }
    w.make_move(detonation);
    match w.outcome().map(|o| o.result) {
        Some(GameResult::Win(c)) if c == us => Threat::None,
        Some(GameResult::Win(_)) => Threat::Loss,
        Some(GameResult::Draw) => Threat::Draw,
        None => Threat::Material(gain),
    }
}

/// How many of the opponent's designations `world` stands for: one where its bomb is on
/// a unit (each unit was one designation), and where the bomb went unseen with a
/// captured or blown-up unit, one per opponent unit lost since the start of the
/// world's history (any of them may have carried it; the belief merges those worlds
/// into one). So a bomb-free world weighs what it is worth: with ten of sixteen units
/// gone, each live unit is the bomb one time in sixteen, not one in seven.
fn designations_behind<B: Bitboard>(world: &Position<B>) -> usize {
    let them = !world.side_to_move();
    if let Bomb::On(_) = world.bomb(them) {
        return 1;
    }
    let now = world.pieces(them).count() as usize;
    let mut w = world.clone();
    while w.last_move().is_some() {
        w.unmake_move();
    }
    (w.pieces(them).count() as usize).saturating_sub(now).max(1)
}

/// `values` (one per world) with each repeated as often as its world's `weights`, so
/// that the risk mix weighs every designation the same, not every world.
fn weighted(values: &[i32], weights: &[usize]) -> Vec<i32> {
    values
        .iter()
        .zip(weights)
        .flat_map(|(&v, &n)| std::iter::repeat_n(v, n))
        .collect()
}

/// The root moves searched (step 3 of the module comment): those whose risk, the risk
/// mix over the designations (`aversion`; `weights`, per world) of what the detonations
/// in reply take (0: safe), is within [`RISK_WINDOW_CP`] of the least risky move's.
/// Never empty while `root` is not.
fn least_risky(
    root: &[String],
    threats: &[Vec<Threat>],
    weights: &[usize],
    aversion: u32,
) -> Vec<String> {
    let risks: Vec<i32> = threats
        .iter()
        .map(|t| {
            let lost: Vec<i32> = t.iter().map(|t| t.value(0)).collect();
            -planner::risk_mix(&weighted(&lost, weights), aversion)
        })
        .collect();
    let least = risks.iter().copied().min().unwrap_or(0);
    root.iter()
        .zip(&risks)
        .filter(|&(_, &r)| r <= least + RISK_WINDOW_CP)
        .map(|(m, _)| m.clone())
        .collect()
}

/// Whether `w`'s side to move wins the game by detonating its bomb now.
fn detonation_wins<B: Bitboard>(w: &Position<B>) -> bool {
    let us = w.side_to_move();
    let Bomb::On(at) = w.bomb(us) else {
        return false;
    };
    let detonation = Move::bomb(at);
    if w.outcome().is_some() || !w.legal_moves().as_slice().contains(&detonation) {
        return false;
    }
    let mut after = w.clone();
    after.make_move(detonation);
    matches!(after.outcome().map(|o| o.result), Some(GameResult::Win(c)) if c == us)
}

/// Whether the opponent, in `world` (its bomb where the world has it), let a
/// detonation that would have won it the game go by at one of its turns: it then did
/// not have its bomb there, if it plays to win.
fn passed_a_winning_detonation<B: Bitboard>(world: &Position<B>) -> bool {
    let them = !world.side_to_move();
    let mut w = world.clone();
    while w.last_move().is_some() {
        w.unmake_move();
        // Had it detonated, the game would be over: it played another move.
        if w.side_to_move() == them && detonation_wins(&w) {
            return true;
        }
    }
    false
}

/// The worlds in which the opponent never let a winning detonation go by (the belief
/// weighed by what its play says of where its bomb is; step 1 of the module comment);
/// all of them where none is left (an opponent that does not play to win).
fn plausible<B: Bitboard>(worlds: Vec<&Position<B>>) -> Vec<&Position<B>> {
    let kept: Vec<&Position<B>> = worlds
        .iter()
        .copied()
        .filter(|w| !passed_a_winning_detonation(w))
        .collect();
    if kept.is_empty() {
        worlds
    } else {
        kept
    }
}

/// Whether our root move `m` in `base` (our bomb known, the opponent's set aside) puts
/// the opponent's king inside our bomb's blast and not our own: a strike candidate.
/// Returns the position after `m`.
fn strike_candidate<B: Bitboard>(base: &Position<B>, m: &str) -> Option<Position<B>> {
    let mut w = base.clone();
    let us = w.side_to_move();
    let mv = w.parse_uci_move(m).ok()?;
    if mv
        == Move::bomb(match w.bomb(us) {
            Bomb::On(at) => at,
            _ => return None,
        })
    {
        return None;
    }
    w.make_move(mv);
    if w.outcome().is_some() {
        return None;
    }
    let Bomb::On(at) = w.bomb(us) else {
        return None;
    };
    let blast = w.rules().bomb_blast[at];
    let theirs = w.royal_square(!us)?;
    let ours = w.royal_square(us)?;
    (blast.has(theirs) && !blast.has(ours)).then_some(w)
}

/// Step 0 of the module comment: after our move (`after`, the opponent to move, our
/// bomb known) the opponent's `reply`, chosen without knowing our bomb; whether our
/// detonation then wins.
fn strike<B: Bitboard>(after: &Position<B>, reply: &str) -> bool {
    let mut w = after.clone();
    let Ok(mv) = w.parse_uci_move(reply) else {
        return false;
    };
    w.make_move(mv);
    detonation_wins(&w)
}

/// The limits of one search of the bomb-free world: `share` (of `parts`) of the `go`
/// budget, nodes or time; depth and mate limits as given.
fn share_of(limits: &Limits, settings: &Settings, share: u64, parts: u64) -> Limits {
    let mut limit = Limits {
        depth: limits.depth,
        mate: limits.mate,
        ..Limits::default()
    };
    match (
        limits.nodes,
        time::budget(limits, settings.move_overhead_ms),
    ) {
        (Some(n), _) => limit.nodes = Some((n * share / parts).max(1)),
        (None, Some(b)) => {
            limit.movetime_ms =
                Some((b.optimum_ms * share / parts).max(1) + settings.move_overhead_ms)
        }
        (None, None) if limits.depth.is_none() && limits.mate.is_none() => {
            limit.nodes = Some(UNLIMITED_NODES * share / parts)
        }
        (None, None) => {}
    }
    limit
}

/// Chooses a move from `belief` (a game with secret bombs) under the `go` limits.
pub fn plan<B: Bitboard>(
    belief: &Belief<B>,
    limits: &Limits,
    settings: &Settings,
    (tt, memory): (&TranspositionTable, &mut SearchMemory),
    control: &Control,
    options: &PlanOptions,
) -> Plan {
    let mut answer = Plan::empty(belief);
    let worlds = plausible(planner::playable_worlds(belief));
    let Some(first) = worlds.first() else {
        return answer;
    };
    let root = planner::moves_of(first);
    // Our own designation is a weighted draw among the units likeliest to come next to
    // the enemy king (`designation`), not a search: every designation scores the same.
    if first.bomb(first.side_to_move()) == Bomb::Unset {
        let salt = crate::variant::shuffle::splitmix(belief.steps() as u64 ^ DESIGNATION_SALT);
        if let Some(mv) = designation::choose(first, options.seed ^ salt) {
            let uci = first.move_to_uci(mv);
            debug_assert!(root.contains(&uci));
            answer.best = Some(uci);
            answer.sampled = worlds.len();
            return answer;
        }
    }
    let rules = first.rules();
    let kind_values = crate::eval::material::derived_values(&rules.variant, rules.geo);
    // threats[m][w]: the detonation in reply to root move m in world w.
    let threats: Vec<Vec<Threat>> = root
        .iter()
        .map(|m| worlds.iter().map(|w| threat(w, m, &kind_values)).collect())
        .collect();
    answer.sampled = worlds.len();
    let weights: Vec<usize> = worlds.iter().map(|w| designations_behind(w)).collect();
    let searched = least_risky(&root, &threats, &weights, options.risk_aversion);
    let base = bomb_free(first);
    let single = Settings {
        multipv: 1,
        ..settings.clone()
    };
    // Step 0: our strikes, tried where no world's detonation in reply ends the game.
    let mut predicted = 0;
    let mut struck = None;
    let candidates: Vec<(usize, Position<B>)> = root
        .iter()
        .enumerate()
        .filter(|(i, _)| {
            !threats[*i]
                .iter()
                .any(|t| matches!(t, Threat::Loss | Threat::Draw))
        })
        .filter_map(|(i, m)| strike_candidate(&base, m).map(|w| (i, w)))
        .take(MAX_STRIKE_CANDIDATES)
        .collect();
    for (i, after) in candidates {
        let mut ignorant = after.clone();
        ignorant.set_bomb_gone(!ignorant.side_to_move(), false);
        let replies = planner::moves_of(&ignorant);
        let limit = share_of(limits, settings, 1, STRIKE_SHARE);
        let (_, result) = planner::score_moves(
            &ignorant,
            &replies,
            &limit,
            &single,
            (tt, &mut *memory),
            control,
        );
        predicted += result.nodes;
        if result.best.as_deref().is_some_and(|r| strike(&after, r)) {
            struck = Some(i);
            break;
        }
    }
    let mut all = share_of(limits, settings, 1, 1);
    if let Some(n) = all.nodes.as_mut() {
        *n = n.saturating_sub(predicted).max(1);
    }
    if searched.len() < root.len() {
        all.searchmoves = searched;
    }
    let (scores, result) =
        planner::score_moves(&base, &root, &all, &single, (tt, &mut *memory), control);
    answer.nodes = predicted + result.nodes;
    answer.depth = result.depth;
    let Some(best) = result
        .best
        .as_ref()
        .and_then(|b| root.iter().position(|m| m == b))
    else {
        if let Some(i) = struck {
            answer.best = Some(root[i].clone());
            answer.score = Score::Mate(2);
        }
        return answer;
    };
    // The search's own score of its best move (a move's line score may be of an
    // older iteration than the one that chose it).
    let best_score = result.score.or(scores[best]).unwrap_or(Score::Cp(0));
    let best_value = planner::value(best_score);
    let best_mix = {
        let values: Vec<i32> = threats[best].iter().map(|t| t.value(best_value)).collect();
        planner::risk_mix(&weighted(&values, &weights), options.risk_aversion)
    };
    answer.best = Some(root[best].clone());
    answer.score = match best_score {
        Score::Mate(n) if best_mix == best_value => Score::Mate(n),
        _ => Score::Cp(best_mix),
    };
    // A strike unless the search found a forced win that no detonation in reply spoils.
    if let Some(i) = struck {
        if !matches!(answer.score, Score::Mate(n) if n > 0) {
            answer.best = Some(root[i].clone());
            answer.score = Score::Mate(2);
        }
    }
    answer
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::rules::Rules;
    use crate::variant::BLACK;
    use std::sync::Arc;

    fn small(variant: &str, fen: &str) -> Position<u64> {
        let v = crate::variant::find_variant(variant).unwrap();
        Position::from_fen(Arc::new(Rules::new(v).unwrap()), fen).unwrap()
    }

    /// Worked by hand. White's bomb is the knight on g5, Black's the rook on h2 (set
    /// aside, as the planner's bomb-free world does). Nh7 puts Black's king on g8 inside
    /// the blast (g6 h6 g7 h7 g8 h8; White's king on c1 is far): a strike candidate;
    /// Ne6 (blast d5-f7) and a2a3 do not, nor does the detonation itself.
    #[test]
    fn a_move_that_brings_our_blast_onto_their_king_is_a_strike_candidate() {
        let base = bomb_free(&small(
            "atomicbomb",
            "6k1/5pp1/8/6N1/8/8/P6r/2K5 w - - 0 1 {g5,h2}",
        ));
        assert!(strike_candidate(&base, "g5h7").is_some());
        for m in ["g5e6", "a2a3", "g5g5"] {
            assert!(strike_candidate(&base, m).is_none(), "{m}");
        }
    }

    /// Worked by hand, after Nh7 of the test above: a reply that does not know the bomb
    /// (the rook takes the pawn on a2) leaves the detonation on h7 destroying the king on
    /// g8: the strike holds. Kf8 steps out of the blast (f8 is two files from h7), and
    /// Rxh7 takes the bomb's unit (gone without a blast): it fails.
    #[test]
    fn a_strike_holds_only_where_the_reply_leaves_the_king_in_the_blast() {
        let base = bomb_free(&small(
            "atomicbomb",
            "6k1/5pp1/8/6N1/8/8/P6r/2K5 w - - 0 1 {g5,h2}",
        ));
        let after = strike_candidate(&base, "g5h7").unwrap();
        assert!(strike(&after, "h2a2"));
        assert!(!strike(&after, "g8f8"));
        assert!(!strike(&after, "h2h7"));
    }

    /// Worked by hand. Black to move, its knight on f2 next to White's king on e1 (and
    /// two files from its own on e8): detonating it would win. Black plays Ra7
    /// instead, so in the world where the knight is Black's bomb Black let a winning
    /// detonation go by; in the world where the rook (now a7) is, nothing was missed.
    #[test]
    fn a_unit_left_unblown_next_to_our_king_is_not_the_bomb() {
        let after = |fen: &str| {
            let mut w = small("atomicbomb", fen);
            let m = w.parse_uci_move("a8a7").unwrap();
            w.make_move(m);
            w
        };
        let knight = after("r3k3/8/8/8/8/8/5n2/R3K3 b - - 0 1 {a1,f2}");
        let rook = after("r3k3/8/8/8/8/8/5n2/R3K3 b - - 0 1 {a1,a8}");
        assert!(passed_a_winning_detonation(&knight));
        assert!(!passed_a_winning_detonation(&rook));
        let keys = |ws: Vec<&Position<u64>>| ws.iter().map(|w| w.key()).collect::<Vec<_>>();
        assert_eq!(keys(plausible(vec![&knight, &rook])), [rook.key()]);
        assert_eq!(keys(plausible(vec![&knight])), [knight.key()]);
    }

    fn names(moves: &[&str]) -> Vec<String> {
        moves.iter().map(|m| m.to_string()).collect()
    }

    /// Worked by hand, 16 worlds, `RiskAversion` 30. A move after which one candidate's
    /// detonation destroys our king: its losses are -2999 (a lost game) in one world and
    /// 0 in 15, mean -187, worst quarter -749, risk 0.7 * 187 + 0.3 * 749 = 355, beyond
    /// 150 of the safe move's 0: not searched. A move that loses a pawn (-100) in four
    /// worlds: mean -25, worst quarter -100, risk 47: searched.
    #[test]
    fn a_move_one_candidate_blows_our_king_up_after_is_not_searched() {
        let root = names(&["safe", "king", "pawn"]);
        let mut king = vec![Threat::None; 16];
        king[3] = Threat::Loss;
        let mut pawn = vec![Threat::None; 16];
        for t in pawn.iter_mut().take(4) {
            *t = Threat::Material(-100);
        }
        let threats = vec![vec![Threat::None; 16], king, pawn];
        let weights = [1; 16];
        assert_eq!(
            least_risky(&root, &threats, &weights, 30),
            names(&["safe", "pawn"])
        );
    }

    /// Worked by hand. Black's bomb on the d7 pawn; 1.e4 d5 2.exd5 takes it unseen,
    /// 2...Nf6 3.Nc3 Nxd5 4.Nxd5 c6: Black has lost two units, either of which may have
    /// carried the bomb, so the world with it gone stands for two designations; a world
    /// with the bomb on the c6 pawn stands for one.
    #[test]
    fn a_world_whose_bomb_went_unseen_weighs_one_per_unit_lost() {
        let play = |fen: &str| {
            let mut w = small("atomicbomb", fen);
            for m in [
                "e2e4", "d7d5", "e4d5", "g8f6", "b1c3", "f6d5", "c3d5", "c7c6",
            ] {
                let mv = w.parse_uci_move(m).unwrap();
                w.make_move(mv);
            }
            w
        };
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 2";
        let gone = play(&format!("{start} {{b1,d7}}"));
        let on_c6 = play(&format!("{start} {{b1,c7}}"));
        assert_eq!(gone.bomb(BLACK), Bomb::Gone { detonated: false });
        assert_eq!(designations_behind(&gone), 2);
        assert_eq!(designations_behind(&on_c6), 1);
    }

    /// Worked by hand, `RiskAversion` 30. Two live candidates, each of whose detonations
    /// after the move `near` costs us 400, and the world with the bomb gone, which
    /// stands for the fourteen units lost. By designation: 2 of 16 at -400, mean -50,
    /// worst quarter (4) -200, risk 0.7 * 50 + 0.3 * 200 = 95: searched. By world (the
    /// three counted the same): mean -266, worst quarter (1) -400, risk 306: not.
    #[test]
    fn the_window_weighs_each_designation_not_each_world() {
        let root = names(&["safe", "near"]);
        let near = vec![Threat::Material(-400), Threat::Material(-400), Threat::None];
        let threats = vec![vec![Threat::None; 3], near];
        assert_eq!(least_risky(&root, &threats, &[1, 1, 14], 30), root);
        assert_eq!(
            least_risky(&root, &threats, &[1, 1, 1], 30),
            names(&["safe"])
        );
    }

    /// Worked by hand: where every move is that risky (355 each, as above), the least
    /// risky are all searched, so there is always a move to play.
    #[test]
    fn where_every_move_is_risky_the_least_risky_are_searched() {
        let root = names(&["a", "b"]);
        let mut risky = vec![Threat::None; 16];
        risky[0] = Threat::Loss;
        let threats = vec![risky.clone(), risky];
        assert_eq!(least_risky(&root, &threats, &[1; 16], 30), root);
    }
}
