//! Training positions from self-play: games of the engine against itself at a fixed
//! node count, spread over threads (rayon), each from the variant's start (a seeded
//! random setup for random-setup variants) and a few seeded random plies, so every run
//! with the same arguments writes the same games.
//!
//! Each line of the output is one position, then the game's result and the search's
//! score, both from White's side:
//!
//! ```text
//! rnbqkb1r/pp2pppp/5n2/2pp4/3P4/2P2N2/PP2PPPP/RNBQKB1R w KQkq - 0 4 | 1/2-1/2 | 31
//! ```
//!
//! With `binary` the positions go in the compact format of [`super::data`] instead, each
//! position once per run (the first game to finish with it keeps it; which one that is
//! depends on the threads' timing, the set of positions does not).
//!
//! Only quiet positions are kept (Texel's method fits a static evaluation, which cannot
//! see a capture in flight): not in check, and the move the search chose is neither a
//! capture nor a promotion. Lines of one game are written together, so a file split
//! by lines is split by games.

use super::Rng;
use crate::board::Bitboard;
use crate::engine::{on_board, OnBoard};
use crate::eval::ParamFile;
use crate::position::{GameResult, MoveKind, Position};
use crate::search::{
    self, Control, Limits, Score, SearchMemory, Settings, TranspositionTable, MATE_BOUND,
};
use crate::variant::rules::Rules;
use crate::variant::{Setup, Variant, BLACK, WHITE};
use rayon::prelude::*;
use std::io::Write;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::{Arc, Mutex};

/// Scores written for a found mate (White's side).
pub const MATE_SCORE: i32 = 3000;

#[derive(Clone, Debug)]
pub struct Config {
    pub variant: Arc<Variant>,
    pub nodes: u64,
    pub games: usize,
    pub threads: usize,
    pub seed: u64,
    /// Random plies from the start before the engine plays (and before any position is
    /// kept).
    pub random_plies: usize,
    /// A game still running after this many plies is a draw.
    pub max_plies: usize,
    /// Transposition table per thread, in MiB.
    pub hash_mb: usize,
    pub eval_file: Option<Arc<ParamFile>>,
    /// A network to play with (its variants only).
    pub eval_net: Option<Arc<crate::eval::nnue::Network>>,
    /// Write the binary format of `tune::data` (deduplicated) instead of text lines.
    pub binary: bool,
    /// Start no game after this long (the games in flight finish, so the output holds
    /// whole games only): a time budget instead of a game count.
    pub time_limit: Option<std::time::Duration>,
}

/// Totals of a run.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    pub games: u64,
    pub white_wins: u64,
    pub black_wins: u64,
    pub draws: u64,
    /// Games decided by a score adjudication rather than by the rules.
    pub adjudicated: u64,
    pub positions: u64,
    pub plies: u64,
}

/// One finished game: kept positions (FEN, binary record, key) with White's score, and
/// White's result.
struct Record {
    positions: Vec<(String, Vec<u8>, u64, i32)>,
    result: GameResult,
    adjudicated: bool,
    plies: usize,
}

/// Plays the games and writes their positions to `out` as they finish (in the order
/// they finish; the set of lines does not depend on the thread count). `progress` is
/// told the totals now and then.
pub fn run(
    cfg: &Config,
    out: &mut (dyn Write + Send),
    progress: &(dyn Fn(&Stats) + Sync),
) -> Result<Stats, String> {
    if cfg.nodes == 0 || cfg.games == 0 {
        return Err("selfplay needs at least one game and one node per move".into());
    }
    on_board(
        &cfg.variant,
        Run {
            cfg,
            out: Mutex::new(out),
            progress,
        },
    )?
}

struct Run<'a> {
    cfg: &'a Config,
    out: Mutex<&'a mut (dyn Write + Send)>,
    progress: &'a (dyn Fn(&Stats) + Sync),
}

impl OnBoard for Run<'_> {
    type Output = Result<Stats, String>;

    fn run<B: Bitboard>(self, rules: Arc<Rules<B>>) -> Result<Stats, String> {
        let cfg = self.cfg;
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(cfg.threads.max(1))
            .build()
            .map_err(|e| format!("cannot start {} threads: {e}", cfg.threads))?;
        let stats = Mutex::new(Stats::default());
        let failure = Mutex::new(None::<String>);
        let every = (cfg.games as u64 / 20).max(1);
        let seen = Mutex::new(std::collections::HashSet::<u64>::new());
        if cfg.binary {
            let header = super::data::Header {
                variant: rules.variant.name.clone(),
                files: rules.geo.files(),
                ranks: rules.geo.ranks(),
                kinds: rules.kinds.len(),
                hands: rules.hands.is_some(),
            };
            let mut out = self.out.lock().unwrap_or_else(|p| p.into_inner());
            out.write_all(&header.write())
                .map_err(|e| format!("cannot write positions: {e}"))?;
        }
        let done = AtomicU64::new(0);
        let deadline = cfg.time_limit.map(|t| std::time::Instant::now() + t);
        pool.install(|| {
            (0..cfg.games).into_par_iter().for_each_init(
                || TranspositionTable::new(cfg.hash_mb.max(1)),
                |tt, index| {
                    if deadline.is_some_and(|d| std::time::Instant::now() >= d) {
                        return;
                    }
                    let record = match play(&rules, cfg, index, tt) {
                        Ok(r) => r,
                        Err(e) => {
                            failure
                                .lock()
                                .unwrap_or_else(|p| p.into_inner())
                                .get_or_insert(e);
                            return;
                        }
                    };
                    let label = match record.result {
                        GameResult::Win(WHITE) => "1-0",
                        GameResult::Win(_) => "0-1",
                        GameResult::Draw => "1/2-1/2",
                    };
                    let mut text = Vec::new();
                    let mut kept = 0u64;
                    if cfg.binary {
                        let result = match record.result {
                            GameResult::Win(WHITE) => 2u8,
                            GameResult::Win(_) => 0,
                            GameResult::Draw => 1,
                        };
                        let mut seen = seen.lock().unwrap_or_else(|p| p.into_inner());
                        for (_, bytes, key, _) in &record.positions {
                            if seen.insert(*key) {
                                text.push(bytes[0] & 1 | result << 1);
                                text.extend_from_slice(&bytes[1..]);
                                kept += 1;
                            }
                        }
                    } else {
                        for (fen, _, _, score) in &record.positions {
                            text.extend(format!("{fen} | {label} | {score}\n").bytes());
                            kept += 1;
                        }
                    }
                    let written = {
                        let mut out = self.out.lock().unwrap_or_else(|p| p.into_inner());
                        out.write_all(&text).and_then(|_| out.flush())
                    };
                    if let Err(e) = written {
                        failure
                            .lock()
                            .unwrap_or_else(|p| p.into_inner())
                            .get_or_insert(format!("cannot write positions: {e}"));
                        return;
                    }
                    let snapshot = {
                        let mut s = stats.lock().unwrap_or_else(|p| p.into_inner());
                        s.games += 1;
                        match record.result {
                            GameResult::Win(WHITE) => s.white_wins += 1,
                            GameResult::Win(_) => s.black_wins += 1,
                            GameResult::Draw => s.draws += 1,
                        }
                        s.adjudicated += u64::from(record.adjudicated);
                        s.positions += kept;
                        s.plies += record.plies as u64;
                        s.clone()
                    };
                    if (done.fetch_add(1, Relaxed) + 1).is_multiple_of(every) {
                        (self.progress)(&snapshot);
                    }
                },
            )
        });
        if let Some(e) = failure.into_inner().unwrap_or_else(|p| p.into_inner()) {
            return Err(e);
        }
        Ok(stats.into_inner().unwrap_or_else(|p| p.into_inner()))
    }
}

/// The start FEN of game `index`.
fn start_fen(variant: &Variant, seed: u64) -> Result<String, String> {
    match variant.setup {
        Setup::Fixed => Ok(variant.start_fen.clone()),
        _ => crate::engine::start_fen(variant, None, Some(seed)),
    }
}

/// Plays game `index` to its end.
fn play<B: Bitboard>(
    rules: &Arc<Rules<B>>,
    cfg: &Config,
    index: usize,
    tt: &TranspositionTable,
) -> Result<Record, String> {
    let mut rng = Rng::new(cfg.seed ^ (index as u64).wrapping_mul(0xA076_1D64_78BD_642F));
    let fen = start_fen(&rules.variant, rng.next_u64())?;
    let mut pos = Position::from_fen(rules.clone(), &fen).map_err(|e| e.to_string())?;
    // Random opening plies; a line that ends the game is drawn again.
    'opening: for _attempt in 0..100 {
        let mut p = pos.clone();
        for _ in 0..cfg.random_plies {
            let moves = p.legal_moves();
            if moves.is_empty() || p.outcome().is_some() {
                continue 'opening;
            }
            p.make_move(moves.as_slice()[rng.below(moves.len())]);
        }
        if p.outcome().is_none() && !p.legal_moves().is_empty() {
            pos = p;
            break;
        }
    }
    tt.clear();
    let settings = Settings {
        threads: 1,
        eval_file: cfg.eval_file.clone(),
        eval_net: cfg.eval_net.clone(),
        ..Settings::default()
    };
    let limits = Limits::nodes(cfg.nodes);
    let mut positions = Vec::new();
    let mut winning_streak = 0i32;
    let mut quiet_streak = 0;
    let mut plies = 0;
    let mut memory = SearchMemory::new();
    let (result, adjudicated) = loop {
        if let Some(o) = pos.outcome() {
            break (o.result, false);
        }
        if plies >= cfg.max_plies {
            break (GameResult::Draw, true);
        }
        let control = Control::new(false);
        let r = search::think(
            &pos,
            &limits,
            &settings,
            tt,
            &control,
            &mut memory,
            &mut |_| {},
        );
        let Some(best) = r.best else {
            return Err(format!("no move in {}", pos.to_fen()));
        };
        let mv = pos.parse_uci_move(&best)?;
        let us = pos.side_to_move();
        let white = |s: i32| if us == WHITE { s } else { -s };
        let score = match r.score {
            Some(Score::Cp(c)) => c,
            Some(Score::Mate(m)) if m > 0 => MATE_SCORE,
            Some(Score::Mate(_)) => -MATE_SCORE,
            None => 0,
        };
        // A found mate ends the game: the searcher's mates are proofs.
        if let Some(Score::Mate(m)) = r.score {
            let winner = if m > 0 { us } else { !us };
            break (GameResult::Win(winner), true);
        }
        let quiet = !pos.in_check()
            && mv.kind() != MoveKind::Promotion
            && !pos.is_capture(mv)
            && score.abs() < MATE_BOUND;
        if quiet {
            let w = white(score);
            let bytes = super::data::encode(&pos, w, GameResult::Draw);
            positions.push((pos.to_fen(), bytes, pos.key(), w));
        }
        // Both sides agreeing on a large score for eight plies decide the game; a long
        // game with scores near zero is a draw.
        let w = white(score);
        winning_streak = match (w >= 1000, w <= -1000) {
            (true, _) => winning_streak.max(0) + 1,
            (_, true) => winning_streak.min(0) - 1,
            _ => 0,
        };
        if winning_streak.abs() >= 8 {
            let winner = if winning_streak > 0 { WHITE } else { BLACK };
            break (GameResult::Win(winner), true);
        }
        quiet_streak = if w.abs() <= 15 { quiet_streak + 1 } else { 0 };
        if plies >= 120 && quiet_streak >= 20 {
            break (GameResult::Draw, true);
        }
        pos.make_move(mv);
        plies += 1;
    };
    Ok(Record {
        positions,
        result,
        adjudicated,
        plies,
    })
}
