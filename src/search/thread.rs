//! Lazy SMP and the main thread's decisions. `Threads` workers search the same root
//! with the same iterative deepening, sharing the transposition table and, beyond as
//! many threads as the history budget holds, their history tables in groups (see
//! `history`; helpers start one ply deeper on odd ids, so the threads spread over
//! depths). The main thread alone reports, watches the clock, decides when to stop and
//! picks the move; the thread that starts the workers also sleeps until the clock's hard
//! limit and stops them then (among hundreds of busy threads the main thread may get the
//! CPU too late to look at the clock in time).

use super::history::SearchMemory;
use super::search::{HardLimits, RootMove, Worker};
use super::time::{self, TimeBudget};
use super::tt::TranspositionTable;
use super::{
    Bound, Control, Limits, Report, Score, SearchResult, Settings, INFINITE, MATE, MATE_BOUND,
    MAX_PLY,
};
use crate::board::Bitboard;
use crate::eval::{Eval, Evaluator};
use crate::position::{Move, Position};
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::{Condvar, Mutex, MutexGuard};

/// A node counter on its own cache line, so threads do not slow each other down.
#[repr(align(64))]
#[derive(Default)]
pub struct Counter(pub AtomicU64);

/// Deep recursion (128 plies, quiescence included) needs more than the default 2 MB
/// stack on the largest boards. This is address space: only the pages a search reaches
/// are resident, a few kilobytes a ply (the nodes' move lists are on the heap).
const STACK_BYTES: usize = 64 << 20;

/// Searches `pos` under `limits`. `report` receives the main thread's `info` lines.
/// Returns when a limit is reached or `control` is stopped; a ponder or infinite search
/// returns only after `stop` (or, for ponder, `ponderhit` and then its limits).
/// `memory` carries move-ordering statistics from the game's earlier searches to this
/// one and on to the next.
pub fn think<B: Bitboard>(
    pos: &Position<B>,
    limits: &Limits,
    settings: &Settings,
    tt: &TranspositionTable,
    control: &Control,
    memory: &mut SearchMemory,
    report: &mut (dyn FnMut(&Report) + Send),
) -> SearchResult {
    let mut list = pos.legal_moves();
    if !limits.searchmoves.is_empty() {
        let wanted: Vec<Move> = limits
            .searchmoves
            .iter()
            .filter_map(|t| pos.parse_uci_move(t).ok())
            .collect();
        if !wanted.is_empty() {
            list.retain(|m| wanted.contains(&m));
        }
    }
    let mut root_moves: Vec<RootMove> = list.as_slice().iter().map(|&m| RootMove::new(m)).collect();
    if root_moves.is_empty() {
        wait_for_release(limits, control);
        return SearchResult::default();
    }
    tt.new_search();
    let eval = Eval::select(pos.rules(), settings.eval_file.as_deref());
    order_root(&mut root_moves, pos, tt, &eval);
    let net = crate::eval::nnue::select(
        pos.rules(),
        settings.eval_net.as_deref(),
        settings.eval_file.as_deref(),
    );
    let threads = settings.threads.clamp(1, 1024);
    let counters: Vec<Counter> = (0..threads).map(|_| Counter::default()).collect();
    let budget = time::budget(limits, settings.move_overhead_ms);
    let hard = HardLimits {
        nodes: limits.nodes,
        maximum_ms: budget.map(|b| b.maximum_ms),
    };
    let eval_ref: &dyn Evaluator<B> = &eval;
    let (main_mem, helper_mems) = memory
        .prepare(pos, threads)
        .split_first_mut()
        .expect("at least one search thread");
    let main_done = Signal::default();
    let helpers_go = Signal::default();
    std::thread::scope(|scope| {
        // The main thread first: it searches, and watches its limits, while the helpers
        // are being made.
        let mut main = Worker::new(
            pos.clone(),
            0,
            tt,
            control,
            eval_ref,
            &counters,
            hard,
            root_moves.clone(),
            main_mem,
        );
        if let Some(n) = net {
            main.use_network(n);
        }
        let (counters_ref, done) = (&counters, &main_done);
        let main = std::thread::Builder::new()
            .stack_size(STACK_BYTES)
            .spawn_scoped(scope, move || {
                let result = main_loop(main, limits, settings, budget, counters_ref, report);
                done.set();
                result
            })
            .expect("spawn the main search thread");
        // Helpers wait at `helpers_go` until all are made: a helper that searched at
        // once would take the CPU from the thread still making the others, and on a
        // loaded machine with hundreds of threads that made the start quadratic (seconds
        // at 256 threads on 2 cores, all before the main thread's first clock check).
        let mut helpers = Vec::new();
        for (id, mem) in (1..threads).zip(helper_mems.iter_mut()) {
            if main_done.is_set() || control.stopped() || past(control, budget) {
                break;
            }
            let mut worker = Worker::new(
                pos.clone(),
                id,
                tt,
                control,
                eval_ref,
                &counters,
                HardLimits::default(),
                root_moves.clone(),
                mem,
            );
            if let Some(n) = net {
                worker.use_network(n);
            }
            let go = &helpers_go;
            let spawned = std::thread::Builder::new()
                .stack_size(STACK_BYTES)
                .spawn_scoped(scope, move || {
                    go.wait();
                    helper_loop(worker, limits)
                });
            match spawned {
                Ok(h) => helpers.push(h),
                // The system refused another thread: search with those there are.
                Err(_) => break,
            }
        }
        helpers_go.set();
        watch_clock(control, budget, &main_done);
        let result = main.join().expect("the main search thread panicked");
        control.stop();
        for h in helpers {
            let _ = h.join();
        }
        let mut result = result;
        result.nodes = counters.iter().map(|c| c.0.load(Relaxed)).sum();
        result
    })
}

/// A one-way flag that threads can sleep on.
#[derive(Default)]
struct Signal {
    set: Mutex<bool>,
    changed: Condvar,
}

impl Signal {
    fn set(&self) {
        *lock(&self.set) = true;
        self.changed.notify_all();
    }

    fn is_set(&self) -> bool {
        *lock(&self.set)
    }

    fn wait(&self) {
        let mut set = lock(&self.set);
        while !*set {
            set = self.changed.wait(set).unwrap_or_else(|e| e.into_inner());
        }
    }

    /// Waits at most `ms` milliseconds; whether the flag is set.
    fn wait_ms(&self, ms: u64) -> bool {
        let set = lock(&self.set);
        if *set {
            return true;
        }
        let timeout = std::time::Duration::from_millis(ms);
        let (set, _) = self
            .changed
            .wait_timeout(set, timeout)
            .unwrap_or_else(|e| e.into_inner());
        *set
    }
}

fn lock(m: &Mutex<bool>) -> MutexGuard<'_, bool> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// Whether a clock budget's hard limit has passed (never while pondering).
fn past(control: &Control, budget: Option<TimeBudget>) -> bool {
    budget.is_some_and(|b| !control.pondering.load(Relaxed) && control.elapsed_ms() >= b.maximum_ms)
}

/// Until the main thread is done: raises the stop flag when the clock's hard limit
/// passes. The main thread checks the clock too, but only every 1024 of its own nodes:
/// among hundreds of busy threads on a few cores it gets a small share of the CPU, and a
/// thread that sleeps until the deadline is woken on time.
fn watch_clock(control: &Control, budget: Option<TimeBudget>, main_done: &Signal) {
    let Some(b) = budget else { return };
    // While pondering, look again now and then: `ponderhit` starts the clock.
    const PONDER_POLL_MS: u64 = 5;
    loop {
        if past(control, budget) {
            control.stop();
            return;
        }
        let wait = if control.pondering.load(Relaxed) {
            PONDER_POLL_MS
        } else {
            b.maximum_ms.saturating_sub(control.elapsed_ms()).max(1)
        };
        if main_done.wait_ms(wait) {
            return;
        }
    }
}

/// A ponder or infinite search may not answer before `stop` (or `ponderhit`).
fn wait_for_release(limits: &Limits, control: &Control) {
    while !control.stopped() && (limits.infinite || control.pondering.load(Relaxed)) {
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
}

fn max_depth(limits: &Limits) -> i32 {
    limits.depth.map_or(MAX_PLY as i32 - 8, |d| {
        (d as i32).clamp(1, MAX_PLY as i32 - 8)
    })
}

fn helper_loop<B: Bitboard>(mut w: Worker<'_, B>, limits: &Limits) {
    let max = max_depth(limits);
    let mut depth = 1 + (w.id % 2) as i32;
    while depth <= max && !w.stopped {
        iterate(&mut w, depth, 1, None);
        depth += 1;
    }
}

/// Told about a fail-high or fail-low of MultiPV line `usize` (main thread reports).
type BoundHook<'h, 'w, B> = &'h mut dyn FnMut(&Worker<'w, B>, usize);

/// One iteration of iterative deepening: every MultiPV line with an aspiration window.
/// `on_bound` is told about fail-high/fail-low results (main thread, long searches).
fn iterate<'w, B: Bitboard>(
    w: &mut Worker<'w, B>,
    depth: i32,
    multipv: usize,
    mut on_bound: Option<BoundHook<'_, 'w, B>>,
) {
    for rm in &mut w.root_moves {
        rm.prev_score = rm.shown_score();
        rm.score = -INFINITE;
    }
    let lines = multipv.min(w.root_moves.len());
    for pv_idx in 0..lines {
        let prev = w.root_moves[pv_idx].prev_score;
        let mut delta = 25;
        let (mut alpha, mut beta) = if depth >= 4 && prev.abs() < MATE_BOUND {
            (prev - delta, prev + delta)
        } else {
            (-INFINITE, INFINITE)
        };
        loop {
            let score = w.root_search(depth, alpha, beta, pv_idx);
            sort_from(&mut w.root_moves, pv_idx);
            if w.stopped {
                break;
            }
            if score <= alpha {
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-INFINITE);
            } else if score >= beta {
                beta = (score + delta).min(INFINITE);
            } else {
                break;
            }
            if let Some(f) = on_bound.as_mut() {
                f(w, pv_idx);
            }
            delta += delta / 2;
            if delta > 1000 {
                alpha = -INFINITE;
                beta = INFINITE;
            }
        }
        let done = pv_idx + 1;
        sort_from(&mut w.root_moves[..done], 0);
        if w.stopped {
            break;
        }
    }
}

/// Best first: this iteration's proven scores, then last iteration's order.
fn sort_from(moves: &mut [RootMove], from: usize) {
    moves[from..].sort_by_key(|m| std::cmp::Reverse((m.score, m.prev_score)));
}

fn main_loop<B: Bitboard>(
    mut w: Worker<'_, B>,
    limits: &Limits,
    settings: &Settings,
    budget: Option<TimeBudget>,
    counters: &[Counter],
    report: &mut (dyn FnMut(&Report) + Send),
) -> SearchResult {
    let max = max_depth(limits);
    let multipv = settings.multipv.max(1);
    let mut completed = 0;
    let total_nodes = |c: &[Counter]| c.iter().map(|c| c.0.load(Relaxed)).sum::<u64>();
    for depth in 1..=max {
        w_control(&w).progress_depth.store(depth as u32, Relaxed);
        {
            let tt = w_tt(&w);
            let mut bound_report = |w: &Worker<'_, B>, idx: usize| {
                let ms = w_control(w).elapsed_ms();
                if ms > 1000 {
                    report(&make_report(w, depth, idx, total_nodes(counters), ms, tt));
                }
            };
            iterate(&mut w, depth, multipv, Some(&mut bound_report));
        }
        // A stopped iteration still counts when its first line was searched fully: a
        // move that beat the previous best in it is better.
        let first_done = w.root_moves[0].score != -INFINITE;
        if w.stopped && !first_done {
            break;
        }
        if !w.stopped {
            completed = depth;
        }
        let ms = w_control(&w).elapsed_ms();
        let nodes = total_nodes(counters);
        for idx in 0..multipv.min(w.root_moves.len()) {
            if w.root_moves[idx].score == -INFINITE && w.root_moves[idx].prev_score == -INFINITE {
                continue;
            }
            let mut r = make_report(&w, depth, idx, nodes, ms, w_tt(&w));
            if w.stopped {
                r.bound = None;
            }
            report(&r);
        }
        if w.stopped {
            break;
        }
        let best = w.root_moves[0].score;
        if let Some(mate) = limits.mate {
            if best >= MATE - 2 * mate as i32 {
                break;
            }
        }
        // A single legal move needs no thought under a clock.
        if budget.is_some() && w.root_moves.len() == 1 && depth >= 4 {
            break;
        }
        if let Some(b) = budget {
            let control = w_control(&w);
            if !control.pondering.load(Relaxed) {
                // The next iteration takes longer than all before it: do not start one
                // that cannot finish within the target.
                if control.elapsed_ms() * 10 >= b.optimum_ms * 6 {
                    break;
                }
            }
        }
    }
    let control = w_control(&w);
    wait_for_release(limits, control);
    let best = w.root_moves[0];
    let mut result = SearchResult {
        best: Some(w.pos.move_to_uci(best.mv)),
        ponder: None,
        score: Some(Score::from_internal(best.shown_score())),
        depth: completed.max(1) as u32,
        nodes: 0,
    };
    let ponder = w.line(&best).get(1).copied().or_else(|| {
        // No second move in the line (a search stopped very early): take the table's
        // reply to the best move, else the first legal reply, so a GUI that ponders
        // always has a move to ponder on while the game goes on.
        w.pos.make_move(best.mv);
        let legal = w.pos.legal_moves();
        let reply = w_tt(&w).probe(w.pos.key(), 1).map(|h| h.mv);
        let pick = reply
            .filter(|m| legal.as_slice().contains(m))
            .or_else(|| legal.as_slice().first().copied());
        w.pos.unmake_move();
        pick
    });
    if let Some(p) = ponder {
        w.pos.make_move(w.root_moves[0].mv);
        result.ponder = Some(w.pos.move_to_uci(p));
        w.pos.unmake_move();
    }
    result
}

fn w_tt<'a, B: Bitboard>(w: &Worker<'a, B>) -> &'a TranspositionTable {
    w.tt()
}

fn w_control<'a, B: Bitboard>(w: &Worker<'a, B>) -> &'a Control {
    w.control()
}

/// The `info` line for MultiPV line `idx`.
fn make_report<B: Bitboard>(
    w: &Worker<'_, B>,
    depth: i32,
    idx: usize,
    nodes: u64,
    ms: u64,
    tt: &TranspositionTable,
) -> Report {
    let rm = &w.root_moves[idx];
    let line = w.line(rm);
    let recorded = w.root_line(rm.mv);
    let mut pos = w.pos.clone();
    let mut pv = Vec::with_capacity(line.len());
    for &m in line {
        // Only legal moves are shown (a line can be cut by a racing helper's entry).
        if !pos.legal_moves().as_slice().contains(&m) {
            break;
        }
        pv.push(pos.move_to_uci(m));
        pos.make_move(m);
    }
    Report {
        depth: depth as u32,
        seldepth: recorded.map_or(0, |l| l.seldepth).max(depth as usize) as u32,
        multipv: idx + 1,
        score: Score::from_internal(rm.shown_score()),
        bound: if rm.score == -INFINITE {
            None
        } else {
            recorded
                .and_then(|l| l.bound)
                .filter(|&b| b != Bound::Exact)
        },
        nodes,
        nps: nodes * 1000 / ms.max(1),
        hashfull: tt.hashfull(),
        time_ms: ms,
        pv,
    }
}

/// The first iteration's order of the root moves: the table's move, then captures and
/// promotions by MVV-LVA, then the rest in generation order. A search stopped inside
/// its first iteration plays the best of the moves searched so far.
fn order_root<B: Bitboard>(
    moves: &mut [RootMove],
    pos: &Position<B>,
    tt: &TranspositionTable,
    eval: &dyn Evaluator<B>,
) {
    use crate::position::{kind_of, NO_PIECE};
    let tt_move = tt.probe(pos.key(), 0).map(|h| h.mv);
    let key = |m: Move| -> i64 {
        if Some(m) == tt_move {
            return i64::MAX;
        }
        let gain = i64::from(super::movepick::material_gained(pos, eval, m));
        if gain == 0 {
            return 0;
        }
        let mover = pos.piece_at(m.from());
        let attacker = if mover == NO_PIECE {
            0
        } else {
            i64::from(eval.piece_value(kind_of(mover)))
        };
        1_000_000 + 16 * gain - attacker
    };
    moves.sort_by_key(|rm| std::cmp::Reverse(key(rm.mv)));
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn limit(maximum_ms: u64) -> Option<TimeBudget> {
        Some(TimeBudget {
            optimum_ms: maximum_ms,
            maximum_ms,
        })
    }

    #[test]
    fn the_clock_watch_stops_the_search_at_the_hard_limit() {
        // No main thread ever says it is done (one starved of the CPU, say): the watch
        // alone raises the stop flag, on time.
        let control = Control::new(false);
        watch_clock(&control, limit(30), &Signal::default());
        assert!(control.stopped());
        assert!(control.elapsed_ms() >= 30, "{}", control.elapsed_ms());
    }

    #[test]
    fn the_clock_watch_ends_with_the_main_thread() {
        let control = Control::new(false);
        let done = Signal::default();
        std::thread::scope(|s| {
            s.spawn(|| {
                std::thread::sleep(Duration::from_millis(20));
                done.set();
            });
            watch_clock(&control, limit(60_000), &done);
        });
        assert!(!control.stopped());
        assert!(control.elapsed_ms() < 60_000);
        // Without a clock there is nothing to watch.
        let control = Control::new(false);
        watch_clock(&control, None, &Signal::default());
        assert!(!control.stopped());
    }

    #[test]
    fn a_ponder_search_is_not_stopped_before_ponderhit() {
        let control = Control::new(true);
        std::thread::scope(|s| {
            s.spawn(|| {
                std::thread::sleep(Duration::from_millis(40));
                assert!(!control.stopped(), "stopped while pondering");
                control.ponderhit();
            });
            // The budget is long spent when the hit comes: the search stops at once.
            watch_clock(&control, limit(10), &Signal::default());
        });
        assert!(control.stopped());
        assert!(control.elapsed_ms() >= 40);
    }

    #[test]
    fn helpers_wait_for_the_signal() {
        let go = Signal::default();
        let started = AtomicU64::new(0);
        std::thread::scope(|s| {
            for _ in 0..4 {
                s.spawn(|| {
                    go.wait();
                    started.fetch_add(1, Relaxed);
                });
            }
            std::thread::sleep(Duration::from_millis(20));
            assert_eq!(started.load(Relaxed), 0);
            assert!(!go.wait_ms(1));
            go.set();
            assert!(go.is_set() && go.wait_ms(1));
        });
        assert_eq!(started.load(Relaxed), 4);
    }
}
