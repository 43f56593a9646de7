//! Lazy SMP and the main thread's decisions. `Threads` workers search the same root
//! with the same iterative deepening, sharing the transposition table and, beyond as
//! many threads as the history budget holds, their history tables in groups (see
//! `history`; helpers start one ply deeper on odd ids, so the threads spread over
//! depths). The main thread alone reports, watches the clock, decides when to stop and
//! picks the move.

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
    let root_moves: Vec<RootMove> = list.as_slice().iter().map(|&m| RootMove::new(m)).collect();
    if root_moves.is_empty() {
        wait_for_release(limits, control);
        return SearchResult::default();
    }
    tt.new_search();
    let eval = Eval::select(pos.rules(), settings.eval_file.as_deref());
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
    std::thread::scope(|scope| {
        let mut helpers = Vec::new();
        for (id, mem) in (1..threads).zip(helper_mems.iter_mut()) {
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
            let h = std::thread::Builder::new()
                .stack_size(STACK_BYTES)
                .spawn_scoped(scope, move || helper_loop(worker, limits))
                .expect("spawn a search thread");
            helpers.push(h);
        }
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
        let counters_ref = &counters;
        let result = std::thread::Builder::new()
            .stack_size(STACK_BYTES)
            .spawn_scoped(scope, move || {
                main_loop(main, limits, settings, budget, counters_ref, report)
            })
            .expect("spawn the main search thread")
            .join()
            .expect("the main search thread panicked");
        control.stop();
        for h in helpers {
            let _ = h.join();
        }
        let mut result = result;
        result.nodes = counters.iter().map(|c| c.0.load(Relaxed)).sum();
        result
    })
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
    let best = w.root_moves[0].clone();
    let mut result = SearchResult {
        best: Some(w.pos.move_to_uci(best.mv)),
        ponder: None,
        score: Some(Score::from_internal(best.shown_score())),
        depth: completed.max(1) as u32,
        nodes: 0,
    };
    let ponder = best.line().get(1).copied().or_else(|| {
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
    let mut pos = w.pos.clone();
    let mut pv = Vec::with_capacity(rm.line().len());
    for &m in rm.line() {
        // Only legal moves are shown (a line can be cut by a racing helper's entry).
        if !pos.legal_moves().as_slice().contains(&m) {
            break;
        }
        pv.push(pos.move_to_uci(m));
        pos.make_move(m);
    }
    Report {
        depth: depth as u32,
        seldepth: rm.seldepth.max(depth as usize) as u32,
        multipv: idx + 1,
        score: Score::from_internal(rm.shown_score()),
        bound: if rm.score == -INFINITE {
            None
        } else {
            rm.bound.filter(|&b| b != Bound::Exact)
        },
        nodes,
        nps: nodes * 1000 / ms.max(1),
        hashfull: tt.hashfull(),
        time_ms: ms,
        pv,
    }
}
