//! Texel's tuning method: choose the evaluation parameters that best predict game
//! results from positions.
//!
//! The evaluation is linear in its parameters: White's score of a position is
//! `Σ_j n_j · (ρ · mg_j + (1 - ρ) · eg_j)`, where `n_j` is how often parameter `j`
//! counted (White's uses minus Black's, from [`Eval::trace`]) and `ρ` the phase. A
//! score becomes an expected result through `σ(s) = 1 / (1 + 10^(-K s / 400))`. The
//! fitter
//!
//! 1. traces every position once (the counts do not depend on the parameters);
//! 2. fits `K` alone with the starting parameters (golden-section search), which fixes
//!    what a centipawn means, so the fitted values stay on the search's scale;
//! 3. minimises the mean squared error `(t - σ(s))²` over all parameters with Adam on
//!    full batches, where the target `t` is the game result, or with `--lambda` a blend
//!    of the result and `σ(search score)`, plus an optional pull toward the starting
//!    values (`--l2`);
//! 4. keeps the parameters that best predict the results of a held-out part of the
//!    data (the last lines of the file: whole games, since self-play writes a game's
//!    lines together).

use crate::board::Bitboard;
use crate::engine::{on_board, OnBoard};
use crate::eval::{file, Eval, Layout, Pair, ParamFile};
use crate::position::Position;
use crate::variant::rules::Rules;
use crate::variant::Variant;
use rayon::prelude::*;
use std::sync::Arc;

/// Where the parameters start.
#[derive(Clone, Debug)]
pub enum Init {
    /// The generic parameters derived from the variant's data.
    Generic,
    /// Generic parameters overwritten by a file's (the embedded table, or any file).
    File(Arc<ParamFile>),
}

#[derive(Clone, Debug)]
pub struct Config {
    pub variant: Arc<Variant>,
    /// The data files' contents, each with its name.
    pub data: Vec<(String, String)>,
    pub init: Init,
    /// Use this `K` instead of fitting it (keeps a variant's scores on another
    /// variant's scale).
    pub k: Option<f64>,
    pub epochs: usize,
    /// Adam's step size, in centipawns.
    pub rate: f64,
    /// Weight of the game result in the target; the rest is the search score.
    pub lambda: f64,
    /// Pull toward the starting values, per squared centipawn.
    pub l2: f64,
    /// Share of the data (from the end) held out for validation.
    pub validation: f64,
    pub threads: usize,
    /// Names for the output file's `variant` line (default: the tuned variant).
    pub variants: Vec<String>,
    /// Comment lines for the output file.
    pub comments: Vec<String>,
}

/// What a fit produced.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// The parameter file's text.
    pub text: String,
    pub positions: usize,
    pub validation_positions: usize,
    pub skipped_lines: usize,
    pub k: f64,
    pub initial_loss: (f64, f64),
    pub final_loss: (f64, f64),
    pub best_epoch: usize,
    /// Parameters that moved most: (name, start, end).
    pub largest_changes: Vec<(String, Pair, Pair)>,
}

/// One position: result and score targets, phase, and its counts in `Data::counts`.
#[derive(Clone, Copy, Debug)]
struct Sample {
    result: f32,
    score: f32,
    rho: f32,
    start: u32,
    len: u32,
}

struct Data {
    samples: Vec<Sample>,
    counts: Vec<(u32, i32)>,
}

/// Parses one data line: `FEN | result | score` (the score may be missing).
pub fn parse_line(line: &str) -> Option<(&str, f32, Option<f32>)> {
    let mut parts = line.split('|').map(str::trim);
    let fen = parts.next()?;
    let result = match parts.next()? {
        "1-0" | "1" | "1.0" => 1.0,
        "0-1" | "0" | "0.0" => 0.0,
        "1/2-1/2" | "0.5" => 0.5,
        _ => return None,
    };
    let score = parts.next().and_then(|s| s.parse::<f32>().ok());
    (!fen.is_empty()).then_some((fen, result, score))
}

pub fn run(cfg: &Config, progress: &(dyn Fn(&str) + Sync)) -> Result<Outcome, String> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(cfg.threads.max(1))
        .build()
        .map_err(|e| format!("cannot start {} threads: {e}", cfg.threads))?;
    pool.install(|| on_board(&cfg.variant, Fit { cfg, progress }))?
}

struct Fit<'a> {
    cfg: &'a Config,
    progress: &'a (dyn Fn(&str) + Sync),
}

impl OnBoard for Fit<'_> {
    type Output = Result<Outcome, String>;

    fn run<B: Bitboard>(self, rules: Arc<Rules<B>>) -> Result<Outcome, String> {
        let cfg = self.cfg;
        let start = match &cfg.init {
            Init::Generic => Eval::new(&rules),
            Init::File(f) => Eval::from_file(&rules, f)?,
        };
        let layout = start.layout().clone();
        let (data, skipped) = load(&rules, &start, &cfg.data)?;
        if data.samples.len() < 10 {
            return Err(format!(
                "only {} usable positions in the data",
                data.samples.len()
            ));
        }
        let n = data.samples.len();
        let n_valid = ((n as f64 * cfg.validation.clamp(0.0, 0.5)) as usize).min(n - 1);
        let (train, valid) = data.samples.split_at(n - n_valid);
        (self.progress)(&format!(
            "{} positions ({} for training, {} held out), {} lines skipped, {} parameters",
            n,
            train.len(),
            valid.len(),
            skipped,
            2 * layout.size
        ));
        let theta0: Vec<f64> = start
            .params()
            .iter()
            .flat_map(|p| [p.mg as f64, p.eg as f64])
            .collect();
        let fitted = fit_k(train, &data.counts, &theta0);
        let k = cfg.k.unwrap_or(fitted);
        (self.progress)(&format!("K = {k:.4} (fitted: {fitted:.4})"));
        let loss =
            |set: &[Sample], theta: &[f64]| mean_loss(set, &data.counts, theta, k, cfg.lambda);
        // Epochs are judged by how well they predict the held-out games' results,
        // whatever the training target.
        let held_out = |theta: &[f64]| {
            let set = if valid.is_empty() { train } else { valid };
            mean_loss(set, &data.counts, theta, k, 1.0)
        };
        let initial_loss = (loss(train, &theta0), held_out(&theta0));
        (self.progress)(&format!(
            "start: training error {:.6}, validation error {:.6}",
            initial_loss.0, initial_loss.1
        ));
        let mut theta = theta0.clone();
        let mut best = (theta.clone(), held_out(&theta), 0usize);
        let (mut m, mut v) = (vec![0.0; theta.len()], vec![0.0; theta.len()]);
        let (beta1, beta2, eps) = (0.9f64, 0.999f64, 1e-8);
        let check_every = 10;
        for epoch in 1..=cfg.epochs {
            let mut g = gradient(train, &data.counts, &theta, k, cfg.lambda);
            for (j, gj) in g.iter_mut().enumerate() {
                *gj += 2.0 * cfg.l2 * (theta[j] - theta0[j]);
            }
            let t = epoch as i32;
            for j in 0..theta.len() {
                m[j] = beta1 * m[j] + (1.0 - beta1) * g[j];
                v[j] = beta2 * v[j] + (1.0 - beta2) * g[j] * g[j];
                let mh = m[j] / (1.0 - beta1.powi(t));
                let vh = v[j] / (1.0 - beta2.powi(t));
                theta[j] -= cfg.rate * mh / (vh.sqrt() + eps);
                theta[j] = theta[j].clamp(-(file::MAX_VALUE as f64), file::MAX_VALUE as f64);
            }
            if epoch % check_every == 0 || epoch == cfg.epochs {
                let rounded: Vec<f64> = theta.iter().map(|x| x.round()).collect();
                let vl = held_out(&rounded);
                if vl < best.1 {
                    best = (rounded, vl, epoch);
                }
                if epoch % (check_every * 10) == 0 || epoch == cfg.epochs {
                    (self.progress)(&format!(
                        "epoch {epoch}: training error {:.6}, validation error {vl:.6}",
                        loss(train, &theta)
                    ));
                }
            }
        }
        let (theta, _, best_epoch) = best;
        let final_loss = (loss(train, &theta), held_out(&theta));
        let params: Vec<Pair> = theta
            .chunks(2)
            .map(|c| Pair::new(c[0] as i32, c[1] as i32))
            .collect();
        let mut changes: Vec<(String, Pair, Pair)> = (0..layout.size)
            .map(|i| (layout.describe(i), start.params()[i], params[i]))
            .collect();
        let moved = |(_, a, b): &(String, Pair, Pair)| (a.mg - b.mg).abs() + (a.eg - b.eg).abs();
        changes.sort_by_key(|c| std::cmp::Reverse(moved(c)));
        changes.truncate(12);
        let mut comments = cfg.comments.clone();
        comments.push(format!(
            "{} positions ({} held out), K = {k:.4}, lambda = {}, {} epochs (best {best_epoch})",
            n, n_valid, cfg.lambda, cfg.epochs
        ));
        comments.push(format!(
            "error: training {:.6} -> {:.6}, validation {:.6} -> {:.6}",
            initial_loss.0, final_loss.0, initial_loss.1, final_loss.1
        ));
        let variants = if cfg.variants.is_empty() {
            vec![rules.variant.name.clone()]
        } else {
            cfg.variants.clone()
        };
        Ok(Outcome {
            text: file::write(&layout, &params, &variants, &comments),
            positions: n,
            validation_positions: n_valid,
            skipped_lines: skipped,
            k,
            initial_loss,
            final_loss,
            best_epoch,
            largest_changes: changes,
        })
    }
}

/// Parses and traces every data line; returns the data and the count of lines skipped
/// (malformed, or a FEN this variant rejects).
fn load<B: Bitboard>(
    rules: &Arc<Rules<B>>,
    eval: &Eval<B>,
    files: &[(String, String)],
) -> Result<(Data, usize), String> {
    let lines: Vec<&str> = files
        .iter()
        .flat_map(|(_, text)| text.lines())
        .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .collect();
    let full = eval.full_phase() as f32;
    let traced: Vec<Option<Traced>> = lines
        .par_iter()
        .map(|line| {
            let (fen, result, score) = parse_line(line)?;
            let pos = Position::from_fen(rules.clone(), fen).ok()?;
            let (net, phase) = eval.trace(&pos);
            let counts: Vec<(u32, i32)> = net
                .iter()
                .enumerate()
                .filter(|(_, &c)| c != 0)
                .map(|(i, &c)| (i as u32, c))
                .collect();
            Some((
                Sample {
                    result,
                    score: score.unwrap_or(f32::NAN),
                    rho: phase as f32 / full,
                    start: 0,
                    len: counts.len() as u32,
                },
                counts,
            ))
        })
        .collect();
    let mut data = Data {
        samples: Vec::with_capacity(traced.len()),
        counts: Vec::new(),
    };
    let mut skipped = 0;
    for t in traced {
        match t {
            Some((mut s, counts)) => {
                s.start = data.counts.len() as u32;
                data.counts.extend(counts);
                data.samples.push(s);
            }
            None => skipped += 1,
        }
    }
    if data.counts.len() > u32::MAX as usize {
        return Err("too much data for one fit".into());
    }
    Ok((data, skipped))
}

/// A traced data line: the sample and its parameter counts.
type Traced = (Sample, Vec<(u32, i32)>);

const LN10_OVER_400: f64 = std::f64::consts::LN_10 / 400.0;

#[inline]
fn sigmoid(score: f64, k: f64) -> f64 {
    1.0 / (1.0 + (-k * LN10_OVER_400 * score).exp())
}

/// White's linear score of a sample under `theta` (mg, eg interleaved).
#[inline]
fn score(s: &Sample, counts: &[(u32, i32)], theta: &[f64]) -> f64 {
    let rho = s.rho as f64;
    let mut total = 0.0;
    for &(j, n) in &counts[s.start as usize..(s.start + s.len) as usize] {
        let j = j as usize * 2;
        total += n as f64 * (rho * theta[j] + (1.0 - rho) * theta[j + 1]);
    }
    total
}

#[inline]
fn target(s: &Sample, k: f64, lambda: f64) -> f64 {
    if lambda >= 1.0 || s.score.is_nan() {
        s.result as f64
    } else {
        lambda * s.result as f64 + (1.0 - lambda) * sigmoid(s.score as f64, k)
    }
}

fn mean_loss(set: &[Sample], counts: &[(u32, i32)], theta: &[f64], k: f64, lambda: f64) -> f64 {
    if set.is_empty() {
        return 0.0;
    }
    let total: f64 = set
        .par_iter()
        .map(|s| {
            let e = target(s, k, lambda) - sigmoid(score(s, counts, theta), k);
            e * e
        })
        .sum();
    total / set.len() as f64
}

fn gradient(set: &[Sample], counts: &[(u32, i32)], theta: &[f64], k: f64, lambda: f64) -> Vec<f64> {
    let kk = k * LN10_OVER_400;
    let n = set.len().max(1) as f64;
    set.par_chunks(4096)
        .map(|chunk| {
            let mut g = vec![0.0; theta.len()];
            for s in chunk {
                let p = sigmoid(score(s, counts, theta), k);
                let d = -2.0 * (target(s, k, lambda) - p) * p * (1.0 - p) * kk / n;
                let rho = s.rho as f64;
                for &(j, c) in &counts[s.start as usize..(s.start + s.len) as usize] {
                    let j = j as usize * 2;
                    g[j] += d * c as f64 * rho;
                    g[j + 1] += d * c as f64 * (1.0 - rho);
                }
            }
            g
        })
        .reduce(
            || vec![0.0; theta.len()],
            |mut a, b| {
                for (x, y) in a.iter_mut().zip(b) {
                    *x += y;
                }
                a
            },
        )
}

/// The `K` that makes the starting parameters predict the results best (golden-section
/// search on a log scale; the error is unimodal in `K`).
fn fit_k(set: &[Sample], counts: &[(u32, i32)], theta: &[f64]) -> f64 {
    let err = |log_k: f64| mean_loss(set, counts, theta, log_k.exp(), 1.0);
    let (mut a, mut b) = ((0.02f64).ln(), (20.0f64).ln());
    let phi = (5f64.sqrt() - 1.0) / 2.0;
    let mut c = b - phi * (b - a);
    let mut d = a + phi * (b - a);
    let (mut fc, mut fd) = (err(c), err(d));
    for _ in 0..60 {
        if fc < fd {
            b = d;
            d = c;
            fd = fc;
            c = b - phi * (b - a);
            fc = err(c);
        } else {
            a = c;
            c = d;
            fc = fd;
            d = a + phi * (b - a);
            fd = err(d);
        }
    }
    ((a + b) / 2.0).exp()
}

/// The layout of a variant (for callers that print or check parameters).
pub fn layout_of(variant: &Arc<Variant>) -> Result<Layout, String> {
    struct L;
    impl OnBoard for L {
        type Output = Layout;
        fn run<B: Bitboard>(self, rules: Arc<Rules<B>>) -> Layout {
            Layout::new(&rules)
        }
    }
    on_board(variant, L)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn data_lines() {
        let (fen, r, s) = parse_line("8/8/8/8/8/8/8/K6k w - - 0 1 | 1/2-1/2 | -12").unwrap();
        assert_eq!(
            (fen, r, s),
            ("8/8/8/8/8/8/8/K6k w - - 0 1", 0.5, Some(-12.0))
        );
        assert_eq!(parse_line("x | 1-0").unwrap().1, 1.0);
        assert!(parse_line("x | won").is_none());
        assert!(parse_line("no separator").is_none());
    }

    #[test]
    fn k_is_found_on_a_known_curve() {
        // Positions whose results follow σ with K = 1.3 exactly: 100 copies of a score
        // s with results matching σ(s) in proportion.
        let mut samples = Vec::new();
        let mut counts = Vec::new();
        for (i, s) in [-300.0f64, -100.0, 0.0, 100.0, 300.0].iter().enumerate() {
            let p = sigmoid(*s, 1.3);
            let wins = (p * 1000.0).round() as usize;
            for j in 0..1000 {
                samples.push(Sample {
                    result: if j < wins { 1.0 } else { 0.0 },
                    score: f32::NAN,
                    rho: 1.0,
                    start: i as u32,
                    len: 1,
                });
            }
            counts.push((i as u32, 1));
        }
        let theta: Vec<f64> = [-300.0, -100.0, 0.0, 100.0, 300.0]
            .iter()
            .flat_map(|&s| [s, s])
            .collect();
        let k = fit_k(&samples, &counts, &theta);
        assert!((k - 1.3).abs() < 0.02, "{k}");
    }
}
