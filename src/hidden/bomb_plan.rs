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
//! 1. For every root move and every world, the opponent's detonation in reply is
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
//! 3. When some root move is threatened, the first search has two thirds of the
//!    budget; if its best move is threatened, the rest goes to the best safe move
//!    (`searchmoves`), played when its value beats the best move's risk mix.
//!
//! One line per search: `MixSupport` does not apply here.
//!
//! Like the planner, this module reads the belief and nothing else.

use super::belief::Belief;
use super::planner::{self, Plan, PlanOptions};
use crate::board::Bitboard;
use crate::position::bomb::Bomb;
use crate::position::{color_of, kind_of, GameResult, Move, Position, NO_PIECE};
use crate::search::{time, Control, Limits, Score, SearchMemory, Settings, TranspositionTable};

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

    /// Whether it may cost us something, whatever the move's value.
    fn harms(self) -> bool {
        match self {
            Threat::None => false,
            Threat::Loss | Threat::Draw => true,
            Threat::Material(gain) => gain < 0,
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
    let worlds = planner::playable_worlds(belief);
    let Some(first) = worlds.first() else {
        return answer;
    };
    let root = planner::moves_of(first);
    let rules = first.rules();
    let kind_values = crate::eval::material::derived_values(&rules.variant, rules.geo);
    // threats[m][w]: the detonation in reply to root move m in world w.
    let threats: Vec<Vec<Threat>> = root
        .iter()
        .map(|m| worlds.iter().map(|w| threat(w, m, &kind_values)).collect())
        .collect();
    answer.sampled = worlds.len();
    let safe: Vec<String> = root
        .iter()
        .zip(&threats)
        .filter(|(_, t)| !t.iter().any(|t| t.harms()))
        .map(|(m, _)| m.clone())
        .collect();
    let base = bomb_free(first);
    let single = Settings {
        multipv: 1,
        ..settings.clone()
    };
    // All moves first; a third of the budget is kept for the safe moves where some
    // move is threatened.
    let reserve = !safe.is_empty() && safe.len() < root.len();
    let all = share_of(limits, settings, if reserve { 2 } else { 3 }, 3);
    let (scores, result) =
        planner::score_moves(&base, &root, &all, &single, (tt, &mut *memory), control);
    answer.nodes = result.nodes;
    answer.depth = result.depth;
    let Some(best) = result
        .best
        .as_ref()
        .and_then(|b| root.iter().position(|m| m == b))
    else {
        return answer;
    };
    // The search's own score of its best move (a move's line score may be of an
    // older iteration than the one that chose it).
    let best_score = result.score.or(scores[best]).unwrap_or(Score::Cp(0));
    let best_value = planner::value(best_score);
    let best_mix = {
        let values: Vec<i32> = threats[best].iter().map(|t| t.value(best_value)).collect();
        planner::risk_mix(&values, options.risk_aversion)
    };
    answer.best = Some(root[best].clone());
    answer.score = match best_score {
        Score::Mate(n) if best_mix == best_value => Score::Mate(n),
        _ => Score::Cp(best_mix),
    };
    if !reserve || safe.contains(&root[best]) || control.stopped() {
        return answer;
    }
    // The best move may be blown up in some world: the best of the safe moves instead,
    // where it is worth more than the risk mix of the best.
    let guarded = Limits {
        searchmoves: safe,
        ..share_of(limits, settings, 1, 3)
    };
    let (scores, result) =
        planner::score_moves(&base, &root, &guarded, &single, (tt, &mut *memory), control);
    answer.nodes += result.nodes;
    answer.depth = answer.depth.min(result.depth);
    let alternative = result
        .best
        .as_ref()
        .and_then(|b| root.iter().position(|m| m == b))
        .and_then(|m| result.score.or(scores[m]).map(|s| (m, s)));
    if let Some((m, score)) = alternative {
        if planner::value(score) > best_mix {
            answer.best = Some(root[m].clone());
            answer.score = score;
        }
    }
    answer
}
