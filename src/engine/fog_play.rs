//! Where the session hands a hidden-information game to the honest player. The
//! session (the referee) writes the side to move's observation history of the true
//! game with `hidden::view::record`; only that history, the options and the `go`
//! limits reach the belief and the planner (`hidden::belief`, `hidden::planner`).
//!
//! Which games the planner plays is rule data ([`planner_covers`]): fog in play or
//! secret bombs (without hands), or a hidden set-up. A game whose set-up was hidden
//! and whose play is open goes back to the ordinary searcher once the side to move
//! sees the whole position ([`sees_everything`]): the true position is then what it
//! observes. Other hidden games (a user's game with fog and hands in play) keep the
//! peeking searcher and its warning.
//!
//! The belief is kept between searches ([`FogMemory`]): a history that extends the one
//! the belief was built from is taken in step by step, any other is rebuilt from its
//! start. Both give the same belief, since each step depends only on the belief, the
//! step and the seed.

use super::game::{on_board, OnBoard};
use crate::hidden::belief::Belief;
use crate::hidden::planner::{self, Plan, PlanOptions};
use crate::hidden::{Cell, Observation, ObservationHistory};
use crate::search::{Control, Limits, Score, SearchMemory, Settings, TranspositionTable};
use crate::variant::rules::Rules;
use crate::variant::Variant;
use std::any::Any;
use std::sync::{Arc, Mutex};

/// The planner's own transposition table (MiB).
const PLANNER_HASH_MB: usize = 16;

/// Whether the honest player plays `variant`: a hidden set-up (`Fog::hidden_setup`,
/// with whatever fog follows it), or something hidden during play (fog, or the other
/// side's secret bomb: `TurnRule::SecretBomb`) in a game without hands (hands in
/// play under fog are not handled yet).
pub fn planner_covers(variant: &Variant) -> bool {
    let fog_in_play = variant.fog.as_ref().is_some_and(|f| f.play);
    let hidden_setup = variant.fog.as_ref().is_some_and(|f| f.hidden_setup);
    hidden_setup || ((fog_in_play || variant.secret_bomb) && variant.hands.is_none())
}

/// Whether an observation shows the whole position: no square unseen, no unit in
/// hand hidden, no bomb field. Then the ordinary searcher plays (after the hidden
/// set-up of an open game, rule book HS4): what it searches is what the side to move
/// sees.
pub fn sees_everything(seen: &Observation) -> bool {
    seen.cells.iter().all(|c| *c != Cell::Unseen)
        && seen.holdings.as_ref().is_none_or(|h| !h.contains('?'))
        && seen.bombs.is_none()
}

/// What the player keeps between searches: the belief and the history it was built
/// from, and its search tables (transposition table, move-ordering memory). The
/// tables are kept while the history extends the one searched before, as a session
/// keeps them over a game, and emptied otherwise; what they hold came from searches
/// of that history's prefixes, so it is a function of the observations.
pub struct FogMemory {
    history: Option<ObservationHistory>,
    belief: Option<Box<dyn Any + Send>>,
    tt: TranspositionTable,
    search: SearchMemory,
}

impl Default for FogMemory {
    fn default() -> Self {
        FogMemory {
            history: None,
            belief: None,
            tt: TranspositionTable::new(PLANNER_HASH_MB),
            search: SearchMemory::new(),
        }
    }
}

impl FogMemory {
    /// Forgets the belief (a new game).
    pub fn clear(&mut self) {
        self.history = None;
        self.belief = None;
    }
}

/// One search of the honest player.
pub struct PlanJob {
    pub history: ObservationHistory,
    pub belief_cap: usize,
    pub options: PlanOptions,
    pub memory: Arc<Mutex<FogMemory>>,
}

/// Runs the planner for `job` in `variant` under `limits`.
pub fn run(
    variant: &Arc<Variant>,
    job: &PlanJob,
    limits: &Limits,
    settings: &Settings,
    control: &Control,
) -> Plan {
    struct Work<'a> {
        job: &'a PlanJob,
        limits: &'a Limits,
        settings: &'a Settings,
        control: &'a Control,
    }
    impl OnBoard for Work<'_> {
        type Output = Plan;
        fn run<B: crate::board::Bitboard>(self, rules: Arc<Rules<B>>) -> Plan {
            let job = self.job;
            let mut memory = job.memory.lock().unwrap_or_else(|e| e.into_inner());
            let cached = memory
                .belief
                .take()
                .and_then(|b| b.downcast::<Belief<B>>().ok())
                .filter(|b| {
                    Arc::ptr_eq(b.rules(), &rules)
                        && b.has_settings(job.belief_cap, job.options.seed)
                        && memory
                            .history
                            .as_ref()
                            .is_some_and(|h| h.is_prefix_of(&job.history))
                });
            let mut belief = match cached {
                Some(b) => *b,
                None => {
                    // Another game, or a history that does not extend the last one: the
                    // tables start empty, so the answer depends on this history alone.
                    memory.tt.clear();
                    memory.search = SearchMemory::new();
                    Belief::start(
                        rules,
                        job.history.viewer,
                        &job.history.first,
                        job.belief_cap,
                        job.options.seed,
                    )
                }
            };
            for step in &job.history.steps[belief.steps()..] {
                belief.update(step);
            }
            belief.settle();
            let memory = &mut *memory;
            let plan = planner::plan(
                &belief,
                self.limits,
                self.settings,
                (&memory.tt, &mut memory.search),
                self.control,
                &job.options,
            );
            memory.history = Some(job.history.clone());
            memory.belief = Some(Box::new(belief));
            plan
        }
    }
    let work = Work {
        job,
        limits,
        settings,
        control,
    };
    on_board(variant, work).unwrap_or(Plan {
        best: None,
        score: Score::Cp(0),
        depth: 0,
        nodes: 0,
        belief: 0,
        sampled: 0,
        inconsistent_at: None,
    })
}
