//! The searcher, shared by every variant: iterative deepening with aspiration windows,
//! principal variation search, quiescence, a lock-free transposition table and Lazy SMP.
//! One concept per file:
//!
//! - [`tt`]: the shared transposition table;
//! - [`facts`]: the rule facts the search reads, gathered in one place;
//! - [`history`]: what the search learns about moves during a game ([`SearchMemory`]);
//! - [`correction`]: the correction history of the static evaluation, by pawn structure
//!   and by each colour's other pieces;
//! - [`movepick`]: move ordering (TT move, MVV-LVA, killers, history);
//! - [`see`]: static exchange evaluation, by the variant's capture rules;
//! - [`search`]: one thread's alpha-beta (the worker);
//! - [`time`]: how long to think under a clock;
//! - [`thread`]: Lazy SMP, the main thread's decisions and the UCI-facing reports.
//!
//! `docs/search.md` explains the design and the choices.

pub mod correction;
pub mod facts;
pub mod history;
pub mod movepick;
#[allow(clippy::module_inception)]
pub mod search;
pub mod see;
pub mod thread;
pub mod time;
pub mod tt;

pub use history::SearchMemory;
pub use thread::think;
pub use tt::TranspositionTable;

use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering::Relaxed};
use std::time::Instant;

/// Scores are centipawns; a mate in `n` plies from the root is `MATE - n`.
pub const MATE: i32 = 32_000;
pub const INFINITE: i32 = 32_001;
/// The deepest a search goes (plies from the root, extensions included).
pub const MAX_PLY: usize = 128;
/// Scores at or beyond this are mates.
pub const MATE_BOUND: i32 = MATE - MAX_PLY as i32;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The true score is at most this (fail low).
    Upper,
    /// The true score is at least this (fail high).
    Lower,
    Exact,
}

/// The side to move's clock (UCI `wtime`/`winc` or `btime`/`binc`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    pub time_ms: u64,
    pub inc_ms: u64,
    pub moves_to_go: Option<u32>,
}

/// What ends a search (UCI `go` arguments). Nothing set: search until `stop`.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    /// Stop once a mate in at most this many moves is found.
    pub mate: Option<u32>,
    pub movetime_ms: Option<u64>,
    pub clock: Option<Clock>,
    /// Search until `stop` (or `ponderhit` for a ponder search).
    pub infinite: bool,
    /// Root moves to consider, in UCI notation (empty: all).
    pub searchmoves: Vec<String>,
}

impl Limits {
    pub fn depth(d: u32) -> Limits {
        Limits {
            depth: Some(d),
            ..Limits::default()
        }
    }

    pub fn nodes(n: u64) -> Limits {
        Limits {
            nodes: Some(n),
            ..Limits::default()
        }
    }
}

/// Search-wide settings that are not limits.
#[derive(Clone, Debug)]
pub struct Settings {
    pub threads: usize,
    pub multipv: usize,
    pub move_overhead_ms: u64,
    /// Evaluation parameters loaded at run time (UCI `EvalFile`): used for the variants
    /// the file names; others keep their embedded or generic tables.
    pub eval_file: Option<std::sync::Arc<crate::eval::ParamFile>>,
    /// A network loaded at run time (UCI `EvalFile`): evaluates the variants it names
    /// and fits; others keep their embedded network or table.
    pub eval_net: Option<std::sync::Arc<crate::eval::nnue::Network>>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            threads: 1,
            multipv: 1,
            move_overhead_ms: 10,
            eval_file: None,
            eval_net: None,
        }
    }
}

/// Signals from the outside world to a running search.
pub struct Control {
    pub stop: AtomicBool,
    /// While set, the clock does not run out: a ponder search waits for `ponderhit`.
    pub pondering: AtomicBool,
    /// When `go` arrived: the clock runs from here, pondering included.
    pub started: Instant,
    /// For a progress display: the depth being searched and the nodes searched so far
    /// (all threads; updated by the main thread every 1024 of its nodes).
    pub progress_depth: AtomicU32,
    pub progress_nodes: AtomicU64,
}

impl Control {
    pub fn new(pondering: bool) -> Control {
        Control {
            stop: AtomicBool::new(false),
            pondering: AtomicBool::new(pondering),
            started: Instant::now(),
            progress_depth: AtomicU32::new(0),
            progress_nodes: AtomicU64::new(0),
        }
    }

    pub fn stop(&self) {
        self.stop.store(true, Relaxed);
    }

    pub fn stopped(&self) -> bool {
        self.stop.load(Relaxed)
    }

    /// The opponent played the expected move: the search now runs on the clock. As in
    /// Stockfish, the time spent pondering counts as spent (the clock values came with
    /// `go ponder`, before the opponent's move, so a fresh budget could overrun them):
    /// a ponder search that already used its budget answers at once.
    pub fn ponderhit(&self) {
        self.pondering.store(false, Relaxed);
    }

    pub fn elapsed_ms(&self) -> u64 {
        self.started.elapsed().as_millis() as u64
    }
}

/// A score as UCI writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    Cp(i32),
    /// Moves to mate: positive when the side to move mates.
    Mate(i32),
}

impl Score {
    pub fn from_internal(s: i32) -> Score {
        if s >= MATE_BOUND {
            Score::Mate((MATE - s + 1) / 2)
        } else if s <= -MATE_BOUND {
            Score::Mate(-(MATE + s) / 2)
        } else {
            Score::Cp(s)
        }
    }
}

impl std::fmt::Display for Score {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Score::Cp(c) => write!(f, "cp {c}"),
            Score::Mate(m) => write!(f, "mate {m}"),
        }
    }
}

/// One line of a finished (or interrupted) iteration, for `info` output.
#[derive(Clone, Debug)]
pub struct Report {
    pub depth: u32,
    pub seldepth: u32,
    pub multipv: usize,
    pub score: Score,
    /// `Some` when the score is only a bound (aspiration fail high/low).
    pub bound: Option<Bound>,
    pub nodes: u64,
    pub nps: u64,
    pub hashfull: u32,
    pub time_ms: u64,
    pub pv: Vec<String>,
}

/// The search's answer.
#[derive(Clone, Debug, Default)]
pub struct SearchResult {
    /// `None` only when the root has no legal move.
    pub best: Option<String>,
    pub ponder: Option<String>,
    pub score: Option<Score>,
    pub depth: u32,
    pub nodes: u64,
}
