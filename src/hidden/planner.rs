//! The honest player of a hidden-information game: chooses a move from the belief
//! ([`super::belief`]) and nothing else. It imports nothing from the referee
//! (`super::view`) or the engine's game, so it has no path to the true position.
//!
//! 1. A seeded sample of `WorldSamples` worlds of the belief (all of them when fewer).
//! 2. Our legal moves are the same in every world (they depend only on what we see);
//!    each world is searched by the ordinary searcher with every root move as a MultiPV
//!    line, so each move gets a score in each world. The `go` budget (nodes or time) is
//!    shared out evenly; `depth` limits each world.
//! 3. A move's value is a risk-averse mix of its mean over the worlds and its mean over
//!    the worst quarter of them (`RiskAversion` %, 0 = the mean). Scores are clamped to
//!    +-2000 cp and a mate counts 3000 less its length, so a world in which our king
//!    can be taken weighs as heavily as the clamp allows.
//! 4. The best value wins (`MixSupport` 1); with 2-3 a seeded draw picks among that many
//!    best moves within 50 cp of the best, so the play is less predictable.
//!
//! The answer names only the root move: its expected score, `mate` only when a king
//! capture is forced in every sampled world, and no ponder move.

use super::belief::Belief;
use super::king_guard;
use crate::board::Bitboard;
use crate::position::Position;
use crate::search::{self, Control, Limits, Report, Score, SearchMemory, Settings};
use crate::search::{time, TranspositionTable};
use crate::tune::Rng;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

/// A cp score is clamped to this; a mate counts more.
const CLAMP_CP: i32 = 2000;
const MATE_VALUE: i32 = 3000;
/// The fewest nodes a world gets per root move, so that every move is scored a little
/// deeper than one ply; a small node budget searches fewer worlds rather than none well.
const MIN_NODES_PER_MOVE: u64 = 64;
/// Nodes per world when neither nodes nor time limit the search (`go infinite`).
const UNLIMITED_WORLD_NODES: u64 = 200_000;
/// A mixed choice takes moves at most this far below the best.
const MIX_WINDOW_CP: i32 = 50;

/// The planner's options (UCI `WorldSamples`, `RiskAversion`, `MixSupport`, `Seed`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlanOptions {
    pub world_samples: usize,
    /// 0..=100.
    pub risk_aversion: u32,
    /// 1 = deterministic.
    pub mix_support: usize,
    pub seed: u64,
}

impl Default for PlanOptions {
    fn default() -> Self {
        PlanOptions {
            world_samples: 64,
            risk_aversion: 30,
            mix_support: 1,
            seed: 0,
        }
    }
}

/// The planner's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// `None` only when no world has a legal move.
    pub best: Option<String>,
    pub score: Score,
    /// The shallowest depth completed in a sampled world.
    pub depth: u32,
    pub nodes: u64,
    /// Worlds in the belief, and how many were searched.
    pub belief: usize,
    pub sampled: usize,
    /// The ply at which even re-seeding found no world (the belief then holds none).
    pub inconsistent_at: Option<usize>,
}

impl Plan {
    /// The answer before any search: no move, no depth, the belief's size.
    pub(super) fn empty<B: Bitboard>(belief: &Belief<B>) -> Plan {
        Plan {
            best: None,
            score: Score::Cp(0),
            depth: 0,
            nodes: 0,
            belief: belief.len(),
            sampled: 0,
            inconsistent_at: belief.inconsistent_at(),
        }
    }
}

/// The worlds of `belief` in which the mover has a legal move, in belief order.
pub(super) fn playable_worlds<B: Bitboard>(belief: &Belief<B>) -> Vec<&Position<B>> {
    belief
        .worlds()
        .iter()
        .filter(|w| !w.legal_moves().is_empty())
        .collect()
}

/// A score as a number the mix can average.
pub(super) fn value(score: Score) -> i32 {
    match score {
        Score::Cp(c) => c.clamp(-CLAMP_CP, CLAMP_CP),
        Score::Mate(n) if n > 0 => MATE_VALUE - n,
        Score::Mate(n) => -MATE_VALUE - n,
    }
}

/// The mix of the mean and the mean of the worst quarter, `risk` % of the latter.
pub(super) fn risk_mix(values: &[i32], risk: u32) -> i32 {
    let mut sorted = values.to_vec();
    sorted.sort_unstable();
    let n = sorted.len().max(1) as i64;
    let mean = sorted.iter().map(|&v| v as i64).sum::<i64>() / n;
    let worst_n = sorted.len().div_ceil(4).max(1);
    let worst = sorted.iter().take(worst_n).map(|&v| v as i64).sum::<i64>() / worst_n as i64;
    let risk = risk.min(100) as i64;
    ((mean * (100 - risk) + worst * risk) / 100) as i32
}

/// The legal moves of `world` in UCI notation.
pub(super) fn moves_of<B: Bitboard>(world: &Position<B>) -> Vec<String> {
    world
        .legal_moves()
        .as_slice()
        .iter()
        .map(|&m| world.move_to_uci(m))
        .collect()
}

/// The worlds searched: a seeded partial shuffle of `playable` worlds, at most `wanted`
/// and, under a node limit, no more than leave each world `least` nodes; in belief order.
pub(crate) fn sample_worlds(
    rng: &mut Rng,
    playable: usize,
    wanted: usize,
    limits: &Limits,
    least: u64,
) -> Vec<usize> {
    let mut k = wanted.max(1).min(playable);
    if let Some(n) = limits.nodes {
        k = k.min((n / least.max(1)).max(1) as usize);
    }
    let mut index: Vec<usize> = (0..playable).collect();
    for i in 0..k {
        let j = i + rng.below(index.len() - i);
        index.swap(i, j);
    }
    index.truncate(k);
    index.sort_unstable();
    index
}

/// The search of the `done`-th of `of` sampled worlds (counted from 0).
pub(crate) struct WorldShare {
    pub done: usize,
    pub of: usize,
    /// The `go` command's time budget, if it has one.
    pub budget_ms: Option<u64>,
    /// Nodes of one world's search when `go` sets no limit at all.
    pub unlimited_nodes: u64,
}

impl WorldShare {
    /// Its limits: an equal share of the `go` node budget, or of the time left; depth
    /// and mate limits as given. None when the time is spent (after the first world).
    pub(crate) fn limits(
        &self,
        limits: &Limits,
        settings: &Settings,
        control: &Control,
    ) -> Option<Limits> {
        let mut limit = Limits {
            depth: limits.depth,
            mate: limits.mate,
            ..Limits::default()
        };
        match (limits.nodes, self.budget_ms) {
            (Some(n), _) => limit.nodes = Some((n / self.of as u64).max(1)),
            (None, Some(total)) if self.done > 0 && control.elapsed_ms() >= total => return None,
            (None, Some(total)) => {
                let left = (self.of - self.done) as u64;
                let share = total.saturating_sub(control.elapsed_ms()) / left;
                limit.movetime_ms = Some(share.max(1) + settings.move_overhead_ms);
            }
            (None, None) if limits.depth.is_none() && limits.mate.is_none() => {
                limit.nodes = Some(self.unlimited_nodes)
            }
            (None, None) => {}
        }
        Some(limit)
    }
}

/// Chooses a move from `belief` under the `go` limits. `tt` and `memory` are the
/// planner's own tables, which its caller keeps while the observation history extends
/// the one searched before and empties otherwise, so the answer depends on nothing but
/// the observations (and the earlier searches of their prefixes), the limits and the
/// seed.
pub fn plan<B: Bitboard>(
    belief: &Belief<B>,
    limits: &Limits,
    settings: &Settings,
    tables: (&TranspositionTable, &mut SearchMemory),
    control: &Control,
    options: &PlanOptions,
) -> Plan {
    if super::setup_plan::applies(belief) {
        return super::setup_plan::plan(belief, limits, settings, tables, control, options);
    }
    if super::bomb_plan::applies(belief) {
        return super::bomb_plan::plan(belief, limits, settings, tables, control, options);
    }
    let (tt, memory) = tables;
    let mut answer = Plan::empty(belief);
    let playable = playable_worlds(belief);
    let Some(first) = playable.first() else {
        return answer;
    };
    let root = moves_of(first);
    let salt = crate::variant::shuffle::splitmix(belief.steps() as u64);
    let mut rng = Rng::new(options.seed ^ salt);
    let least = MIN_NODES_PER_MOVE * root.len() as u64;
    let index = sample_worlds(
        &mut rng,
        playable.len(),
        options.world_samples,
        limits,
        least,
    );
    let k = index.len();
    let budget_ms = time::budget(limits, settings.move_overhead_ms).map(|b| b.optimum_ms);
    let mut per_world = Settings {
        multipv: root.len(),
        ..settings.clone()
    };
    per_world.multipv = per_world.multipv.max(1);
    let mut values: Vec<Vec<i32>> = vec![Vec::new(); root.len()];
    let mut mates: Vec<Option<i32>> = vec![Some(0); root.len()];
    let mut depth = u32::MAX;
    for (done, &i) in index.iter().enumerate() {
        if done > 0 && control.stopped() {
            break;
        }
        let world = playable[i];
        let moves = moves_of(world);
        debug_assert!(
            moves.len() == root.len() && moves.iter().all(|m| root.contains(m)),
            "our legal moves depend only on what we see"
        );
        let share = WorldShare {
            done,
            of: k,
            budget_ms,
            unlimited_nodes: UNLIMITED_WORLD_NODES,
        };
        let Some(limit) = share.limits(limits, settings, control) else {
            break;
        };
        let (scores, result) = score_moves(world, &root, &limit, &per_world, (tt, memory), control);
        answer.nodes += result.nodes;
        depth = depth.min(result.depth);
        answer.sampled += 1;
        let floor = scores
            .iter()
            .flatten()
            .map(|&s| value(s))
            .min()
            .unwrap_or(0);
        // A move that loses the king at once in this world is counted by the guard's
        // exact share below, not once more here.
        let exposed = king_guard::exposed_in(world, &root);
        for (m, s) in scores.iter().enumerate() {
            if !exposed[m] {
                values[m].push(s.map_or(floor, value));
            }
            mates[m] = match (mates[m], s) {
                (Some(longest), Some(Score::Mate(n))) if *n > 0 => Some(longest.max(*n)),
                _ => None,
            };
        }
    }
    if answer.sampled == 0 {
        return answer;
    }
    let (of, exposed) = king_guard::exposure(&playable, &root);
    let mixes: Vec<i32> = values
        .iter()
        .zip(&exposed)
        .map(|(v, &e)| {
            let mix = if v.is_empty() {
                value(Score::Mate(-1))
            } else {
                risk_mix(v, options.risk_aversion)
            };
            king_guard::guarded_value(mix, e, of, options.risk_aversion)
        })
        .collect();
    let (chosen, chosen_value) = choose(&mixes, options, &mut rng);
    answer.best = Some(root[chosen].clone());
    answer.score = match mates[chosen] {
        Some(n) if n > 0 && exposed[chosen] == 0 => Score::Mate(n),
        _ => Score::Cp(chosen_value),
    };
    answer.depth = if depth == u32::MAX { 0 } else { depth };
    answer
}

/// The move chosen from each move's value over the worlds (its risk mix, guarded), and
/// that value: the best (equal values in the world's move order); with `MixSupport` 2-3 a seeded
/// draw among that many best within [`MIX_WINDOW_CP`] of the best.
pub(super) fn choose(mixes: &[i32], options: &PlanOptions, rng: &mut Rng) -> (usize, i32) {
    let mut ranked: Vec<(i32, usize)> = mixes.iter().enumerate().map(|(m, &v)| (v, m)).collect();
    ranked.sort_by_key(|&(v, m)| (std::cmp::Reverse(v), m));
    let top = ranked[0].0;
    let support = ranked
        .iter()
        .take(options.mix_support.clamp(1, 3))
        .take_while(|(v, _)| *v >= top - MIX_WINDOW_CP)
        .count()
        .max(1);
    let (value, m) = ranked[rng.below(support)];
    (m, value)
}

/// Searches `world` under `limit` with `settings.multipv` lines: each root move's score
/// (`None`: not reached, or not among the lines of the last complete iteration), and
/// the search's result. Each world's search has its own
/// control (a search stops its control when it ends, and its clock starts with it);
/// `stop` from outside reaches it through a watcher.
pub(super) fn score_moves<B: Bitboard>(
    world: &Position<B>,
    root: &[String],
    limit: &Limits,
    settings: &Settings,
    (tt, memory): (&TranspositionTable, &mut SearchMemory),
    control: &Control,
) -> (Vec<Option<Score>>, search::SearchResult) {
    // Each move's latest score and the depth it was reported at.
    let mut latest: Vec<Option<(u32, Score)>> = vec![None; root.len()];
    let mut lines_at: Vec<usize> = Vec::new();
    let inner = Control::new(false);
    let finished = AtomicBool::new(false);
    let result = std::thread::scope(|scope| {
        scope.spawn(|| {
            while !finished.load(Relaxed) {
                if control.stopped() {
                    inner.stop();
                    return;
                }
                std::thread::sleep(std::time::Duration::from_millis(1));
            }
        });
        let mut report = |r: &Report| {
            if let Some(pos) = r.pv.first().and_then(|m| root.iter().position(|x| x == m)) {
                latest[pos] = Some((r.depth, r.score));
                let d = r.depth as usize;
                if lines_at.len() <= d {
                    lines_at.resize(d + 1, 0);
                }
                lines_at[d] += 1;
            }
        };
        let result = search::think(world, limit, settings, tt, &inner, memory, &mut report);
        finished.store(true, Relaxed);
        result
    });
    // With fewer lines than root moves, a move that left the best lines keeps the score
    // of a shallower iteration: only scores from the deepest iteration that reported all
    // its lines (or deeper) count.
    let lines = settings.multipv.clamp(1, root.len().max(1));
    let complete = (0..lines_at.len())
        .rev()
        .find(|&d| lines_at[d] >= lines)
        .unwrap_or(0) as u32;
    let scores = latest
        .iter()
        .map(|l| l.filter(|&(d, _)| d >= complete).map(|(_, s)| s))
        .collect();
    (scores, result)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_mix_weighs_the_worst_quarter() {
        let v = [100, 100, 100, -2999];
        assert_eq!(risk_mix(&v, 0), (300 - 2999) / 4);
        assert_eq!(risk_mix(&v, 100), -2999);
        assert_eq!(risk_mix(&v, 30), ((300 - 2999) / 4 * 70 - 2999 * 30) / 100);
        assert_eq!(value(Score::Mate(1)), 2999);
        assert_eq!(value(Score::Mate(-2)), -2998);
        assert_eq!(value(Score::Cp(5000)), 2000);
    }
}
