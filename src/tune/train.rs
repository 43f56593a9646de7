//! `protean train`: fits a network (see `eval::nnue`) to training positions on the CPU,
//! with rayon, and writes it quantised in the network file format. Deterministic for a
//! seed whatever the thread count: batches are cut into fixed chunks whose gradients are
//! summed in order.
//!
//! The float network mirrors the integer one: `y = b2 + w2 · [crelu(acc_us),
//! crelu(acc_them)]`, `acc = b1 + Σ w1[input]`, crelu clamping to `0..=1`, the score in
//! centipawns `SCALE · y`. The loss is the mean squared error between `σ(score / K)` and
//! `λ · σ(search score / K) + (1 − λ) · result` (both from the side to move, `K =
//! 400 / ln 10`, so 400 centipawns are 10:1 odds). Adam; the learning rate drops tenfold
//! for the last quarter of the epochs. The last `validation` share of the positions
//! (whole games: files keep a game's positions together) is held out, and the epoch
//! with the lowest held-out loss is the one written. Weights are clipped to what the
//! quantisation holds (`|w1|, |b1| ≤ 1.98`, `|w2| ≤ 500 / QB`).

use super::data::{self, Sample};
use super::Rng;
use crate::board::Bitboard;
use crate::engine::{on_board, OnBoard};
use crate::eval::nnue::network::{QA, QB, SCALE};
use crate::eval::nnue::{FeatureSet, Network};
use crate::position::{color_of, kind_of, GameResult, Position};
use crate::variant::rules::Rules;
use crate::variant::{Variant, BLACK, WHITE};
use rayon::prelude::*;
use std::path::PathBuf;
use std::sync::Arc;

/// Centipawns per unit of the sigmoid's argument.
pub const K: f32 = 173.717_8;
const CHUNK: usize = 512;
const W1_LIMIT: f32 = 1.98;

#[derive(Clone, Debug)]
pub struct Config {
    pub variant: Arc<Variant>,
    pub data: Vec<PathBuf>,
    /// The variant names written in the network's header.
    pub names: Vec<String>,
    pub hidden: usize,
    pub epochs: usize,
    pub batch: usize,
    pub rate: f32,
    pub lambda: f32,
    pub validation: f64,
    pub seed: u64,
    pub threads: usize,
    /// Also train on each training position mirrored left to right (files reversed),
    /// for variants whose rules look the same in a mirror ([`mirror_symmetric`]); the
    /// held-out positions stay as they are, so their loss still measures real games.
    pub mirror: bool,
}

/// What a training run did.
#[derive(Clone, Debug)]
pub struct Outcome {
    pub network: Network,
    pub positions: usize,
    pub duplicates: usize,
    pub train_loss: f32,
    pub valid_loss: f32,
    pub best_epoch: usize,
}

/// Reads the data, trains and returns the quantised network. `progress` gets a line per
/// epoch.
pub fn run(cfg: &Config, progress: &(dyn Fn(&str) + Sync)) -> Result<Outcome, String> {
    if cfg.hidden == 0 || cfg.hidden > crate::eval::nnue::file::MAX_HIDDEN {
        return Err(format!("--hidden {} is out of range", cfg.hidden));
    }
    if cfg.epochs == 0 || cfg.batch == 0 {
        return Err("train needs at least one epoch and a batch of one".into());
    }
    on_board(&cfg.variant, Train { cfg, progress })?
}

struct Train<'a> {
    cfg: &'a Config,
    progress: &'a (dyn Fn(&str) + Sync),
}

impl OnBoard for Train<'_> {
    type Output = Result<Outcome, String>;
    fn run<B: Bitboard>(self, rules: Arc<Rules<B>>) -> Result<Outcome, String> {
        let cfg = self.cfg;
        let features = FeatureSet::for_rules(&rules);
        let mut samples = Vec::new();
        for path in &cfg.data {
            samples.extend(load(&rules, path)?);
        }
        let before = samples.len();
        let mut seen = std::collections::HashSet::new();
        samples.retain(|s| seen.insert(identity(s)));
        let duplicates = before - samples.len();
        if samples.len() < 2 {
            return Err("train needs at least two distinct positions".into());
        }
        if cfg.mirror {
            mirror_symmetric(&rules.variant)?;
        }
        let n_valid = ((samples.len() as f64 * cfg.validation) as usize).min(samples.len() - 1);
        let valid = samples.split_off(samples.len() - n_valid);
        let originals = samples.len();
        if cfg.mirror {
            let files = rules.geo.files();
            let twins: Vec<Sample> = samples.iter().map(|s| mirrored(s, files)).collect();
            samples.extend(twins);
        }
        samples.extend(valid);
        let set = Dataset::new(&features, &samples, cfg.lambda);
        drop(samples);
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(cfg.threads.max(1))
            .build()
            .map_err(|e| format!("cannot start {} threads: {e}", cfg.threads))?;
        let n = set.len();
        let split = n - n_valid;
        let mut train_idx: Vec<usize> = (0..split).collect();
        let valid_idx: Vec<usize> = (split..n).collect();
        let mut rng = Rng::new(cfg.seed);
        let mut net = Float::new(features.count(), cfg.hidden, &mut rng);
        let mut adam = Adam::new(&net);
        let mut best = (f32::INFINITY, 0, net.clone(), 0.0);
        for epoch in 1..=cfg.epochs {
            let rate = if epoch * 4 > cfg.epochs * 3 {
                cfg.rate / 10.0
            } else {
                cfg.rate
            };
            for i in (1..train_idx.len()).rev() {
                train_idx.swap(i, rng.below(i + 1));
            }
            let mut total = 0.0f64;
            for batch in train_idx.chunks(cfg.batch) {
                let g = pool.install(|| gradient(&net, &set, batch));
                total += g.loss as f64;
                adam.step(&mut net, &g, batch.len() as f32, rate);
            }
            let train_loss = (total / train_idx.len() as f64) as f32;
            let valid_loss = if valid_idx.is_empty() {
                train_loss
            } else {
                pool.install(|| loss(&net, &set, &valid_idx))
            };
            (self.progress)(&format!(
                "epoch {epoch:>3}  train {train_loss:.6}  held-out {valid_loss:.6}"
            ));
            if valid_loss < best.0 {
                best = (valid_loss, epoch, net.clone(), train_loss);
            }
        }
        let letters = rules.kinds.iter().map(|k| k.letter).collect();
        Ok(Outcome {
            network: best.2.quantise(features, letters, cfg.names.clone()),
            positions: originals + n_valid,
            duplicates,
            train_loss: best.3,
            valid_loss: best.0,
            best_epoch: best.1,
        })
    }
}

/// Refuses `--mirror` for a variant whose rules tell left from right: a piece kind
/// with a left- or right-only move (Betza's `l` and `r`), or one confined to files that
/// are not placed evenly about the board's middle. Castling is not among the network's
/// inputs, so a mirrored position is as good a sample as its original.
pub fn mirror_symmetric(variant: &Variant) -> Result<(), String> {
    for kind in &variant.pieces {
        let chiral = |betza: &str| betza.chars().any(|c| c == 'l' || c == 'r');
        if chiral(&kind.betza) || chiral(&kind.line_moves) {
            return Err(format!(
                "--mirror: {}'s {} ({}) moves differently to the left and the right",
                variant.name, kind.name, kind.betza
            ));
        }
        if let Some(region) = &kind.region {
            if region.files.start() + region.files.end() != variant.files - 1 {
                return Err(format!(
                    "--mirror: {}'s {} is confined to files off the board's middle",
                    variant.name, kind.name
                ));
            }
        }
    }
    Ok(())
}

/// The sample with its files reversed (a1 <-> h1 on 8 files).
pub fn mirrored(s: &Sample, files: usize) -> Sample {
    let flip = |sq: usize| sq - sq % files + (files - 1 - sq % files);
    let mut pieces: Vec<_> = s
        .pieces
        .iter()
        .map(|&(sq, k, c)| (flip(sq), k, c))
        .collect();
    pieces.sort_unstable_by_key(|p| p.0);
    Sample {
        pieces,
        ..s.clone()
    }
}

/// What makes two samples the same position.
fn identity(s: &Sample) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    (s.side == WHITE, &s.pieces, s.hands).hash(&mut h);
    h.finish()
}

/// Reads one data file: the binary format if it starts with its magic, else text lines
/// `FEN | result | score`.
pub fn load<B: Bitboard>(
    rules: &Arc<Rules<B>>,
    path: &std::path::Path,
) -> Result<Vec<Sample>, String> {
    let shown = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|e| format!("{shown}: {e}"))?;
    if bytes.starts_with(data::MAGIC) {
        let (h, samples) = data::decode(&bytes, &shown)?;
        let fits = rules.variant.answers_to(&h.variant)
            && (h.files, h.ranks, h.kinds, h.hands)
                == (
                    rules.geo.files(),
                    rules.geo.ranks(),
                    rules.kinds.len(),
                    rules.hands.is_some(),
                );
        if !fits {
            return Err(format!(
                "{shown}: positions of {} ({}x{}), not of {}",
                h.variant, h.files, h.ranks, rules.variant.name
            ));
        }
        return Ok(samples);
    }
    let text = String::from_utf8(bytes).map_err(|_| format!("{shown}: neither data nor text"))?;
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let bad = |m: &str| format!("{shown} line {}: {m}", i + 1);
        let parts: Vec<&str> = line.split('|').map(str::trim).collect();
        let [fen, result, score] = parts[..] else {
            return Err(bad("expected 'FEN | result | score'"));
        };
        let pos = Position::from_fen(rules.clone(), fen).map_err(|e| bad(&e.to_string()))?;
        let result = match result {
            "1-0" => GameResult::Win(WHITE),
            "0-1" => GameResult::Win(BLACK),
            "1/2-1/2" => GameResult::Draw,
            _ => return Err(bad("the result is not 1-0, 0-1 or 1/2-1/2")),
        };
        let score: i32 = score
            .parse()
            .map_err(|_| bad("the score is not a number"))?;
        out.push(sample_of(&pos, score, result));
    }
    Ok(out)
}

/// A position as a training sample.
pub fn sample_of<B: Bitboard>(pos: &Position<B>, white_score: i32, result: GameResult) -> Sample {
    Sample {
        side: pos.side_to_move(),
        result: match result {
            GameResult::Win(WHITE) => 1,
            GameResult::Win(_) => -1,
            GameResult::Draw => 0,
        },
        score: white_score.clamp(-32000, 32000) as i16,
        pieces: pos
            .occupied()
            .squares()
            .map(|sq| {
                let p = pos.piece_at(sq);
                (sq, kind_of(p), color_of(p))
            })
            .collect(),
        hands: pos.hand,
    }
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// The samples as inputs: per sample, its side to move's inputs then the other side's.
struct Dataset {
    inputs: Vec<u32>,
    /// Sample `i`'s inputs are `inputs[start[i]..start[i + 1]]`, two equal halves.
    start: Vec<usize>,
    target: Vec<f32>,
}

impl Dataset {
    fn new(features: &FeatureSet, samples: &[Sample], lambda: f32) -> Dataset {
        let mut d = Dataset {
            inputs: Vec::new(),
            start: vec![0],
            target: Vec::with_capacity(samples.len()),
        };
        let mut buf = Vec::new();
        for s in samples {
            for persp in [s.side, !s.side] {
                features.active(persp, s.pieces.iter().copied(), &s.hands, &mut buf);
                d.inputs.extend(buf.iter().map(|&i| i as u32));
            }
            d.start.push(d.inputs.len());
            let sign = if s.side == WHITE { 1.0 } else { -1.0 };
            let score = sigmoid(sign * f32::from(s.score) / K);
            let result = (sign * f32::from(s.result) + 1.0) / 2.0;
            d.target.push(lambda * score + (1.0 - lambda) * result);
        }
        d
    }

    fn len(&self) -> usize {
        self.target.len()
    }

    fn halves(&self, i: usize) -> (&[u32], &[u32]) {
        let all = &self.inputs[self.start[i]..self.start[i + 1]];
        all.split_at(all.len() / 2)
    }
}

/// The float network.
#[derive(Clone)]
struct Float {
    hidden: usize,
    w1: Vec<f32>,
    b1: Vec<f32>,
    w2: Vec<f32>,
    b2: f32,
}

impl Float {
    fn new(inputs: usize, hidden: usize, rng: &mut Rng) -> Float {
        let mut uniform = |scale: f32| {
            let u = (rng.next_u64() >> 40) as f32 / (1u64 << 24) as f32;
            (2.0 * u - 1.0) * scale
        };
        let w1 = (0..inputs * hidden).map(|_| uniform(0.1)).collect();
        let w2 = (0..2 * hidden)
            .map(|_| uniform(1.0 / (hidden as f32).sqrt()))
            .collect();
        Float {
            hidden,
            w1,
            b1: vec![0.1; hidden],
            w2,
            b2: 0.0,
        }
    }

    /// Both accumulators of sample `i` (side to move first).
    fn accumulate(&self, us: &[u32], them: &[u32], acc: &mut [f32]) {
        let h = self.hidden;
        let (a_us, a_them) = acc.split_at_mut(h);
        for (a, inputs) in [(a_us, us), (a_them, them)] {
            a.copy_from_slice(&self.b1);
            for &i in inputs {
                let col = &self.w1[i as usize * h..(i as usize + 1) * h];
                for (x, w) in a.iter_mut().zip(col) {
                    *x += w;
                }
            }
        }
    }

    fn output(&self, acc: &[f32]) -> f32 {
        self.b2
            + acc
                .iter()
                .zip(&self.w2)
                .map(|(a, w)| a.clamp(0.0, 1.0) * w)
                .sum::<f32>()
    }

    fn quantise(&self, features: FeatureSet, letters: Vec<char>, names: Vec<String>) -> Network {
        let q = |v: f32, s: i32| (v * s as f32).round().clamp(-32767.0, 32767.0) as i16;
        Network {
            source: "trained".into(),
            variants: names,
            features,
            letters,
            hidden: self.hidden,
            w1: self.w1.iter().map(|&w| q(w, QA)).collect(),
            b1: self.b1.iter().map(|&w| q(w, QA)).collect(),
            w2: self.w2.iter().map(|&w| q(w, QB)).collect(),
            b2: (self.b2 * (QA * QB) as f32).round() as i32,
        }
    }
}

/// Summed gradients and loss of a set of samples.
struct Grad {
    w1: Vec<f32>,
    b1: Vec<f32>,
    w2: Vec<f32>,
    b2: f32,
    loss: f32,
}

impl Grad {
    fn zero(net: &Float) -> Grad {
        Grad {
            w1: vec![0.0; net.w1.len()],
            b1: vec![0.0; net.hidden],
            w2: vec![0.0; 2 * net.hidden],
            b2: 0.0,
            loss: 0.0,
        }
    }

    fn add(&mut self, o: &Grad) {
        for (a, b) in self.w1.iter_mut().zip(&o.w1) {
            *a += b;
        }
        for (a, b) in self.b1.iter_mut().zip(&o.b1) {
            *a += b;
        }
        for (a, b) in self.w2.iter_mut().zip(&o.w2) {
            *a += b;
        }
        self.b2 += o.b2;
        self.loss += o.loss;
    }
}

fn gradient(net: &Float, set: &Dataset, batch: &[usize]) -> Grad {
    let parts: Vec<Grad> = batch
        .par_chunks(CHUNK)
        .map(|chunk| chunk_gradient(net, set, chunk))
        .collect();
    let mut total = Grad::zero(net);
    for p in &parts {
        total.add(p);
    }
    total
}

fn chunk_gradient(net: &Float, set: &Dataset, chunk: &[usize]) -> Grad {
    let h = net.hidden;
    let mut g = Grad::zero(net);
    let mut acc = vec![0.0f32; 2 * h];
    let mut delta = vec![0.0f32; 2 * h];
    for &i in chunk {
        let (us, them) = set.halves(i);
        net.accumulate(us, them, &mut acc);
        let y = net.output(&acc);
        let p = sigmoid(y * SCALE as f32 / K);
        let t = set.target[i];
        g.loss += (p - t) * (p - t);
        let d = 2.0 * (p - t) * p * (1.0 - p) * SCALE as f32 / K;
        g.b2 += d;
        for j in 0..2 * h {
            let a = acc[j];
            g.w2[j] += d * a.clamp(0.0, 1.0);
            delta[j] = if a > 0.0 && a < 1.0 {
                d * net.w2[j]
            } else {
                0.0
            };
        }
        for (half, inputs) in [(0, us), (1, them)] {
            let dh = &delta[half * h..(half + 1) * h];
            for (b, x) in g.b1.iter_mut().zip(dh) {
                *b += x;
            }
            for &f in inputs {
                let col = &mut g.w1[f as usize * h..(f as usize + 1) * h];
                for (w, x) in col.iter_mut().zip(dh) {
                    *w += x;
                }
            }
        }
    }
    g
}

/// Mean loss over `idx`.
fn loss(net: &Float, set: &Dataset, idx: &[usize]) -> f32 {
    let parts: Vec<f64> = idx
        .par_chunks(CHUNK)
        .map(|chunk| {
            let mut acc = vec![0.0f32; 2 * net.hidden];
            chunk
                .iter()
                .map(|&i| {
                    let (us, them) = set.halves(i);
                    net.accumulate(us, them, &mut acc);
                    let p = sigmoid(net.output(&acc) * SCALE as f32 / K);
                    f64::from((p - set.target[i]).powi(2))
                })
                .sum()
        })
        .collect();
    (parts.iter().sum::<f64>() / idx.len() as f64) as f32
}

struct Adam {
    m: Vec<f32>,
    v: Vec<f32>,
    t: i32,
}

impl Adam {
    fn new(net: &Float) -> Adam {
        let n = net.w1.len() + net.b1.len() + net.w2.len() + 1;
        Adam {
            m: vec![0.0; n],
            v: vec![0.0; n],
            t: 0,
        }
    }

    fn step(&mut self, net: &mut Float, g: &Grad, count: f32, rate: f32) {
        const B1: f32 = 0.9;
        const B2: f32 = 0.999;
        self.t += 1;
        let c1 = 1.0 - B1.powi(self.t);
        let c2 = 1.0 - B2.powi(self.t);
        let w2_limit = 500.0 / QB as f32;
        let mut k = 0;
        let mut update = |w: &mut f32, grad: f32, limit: f32| {
            let grad = grad / count;
            self.m[k] = B1 * self.m[k] + (1.0 - B1) * grad;
            self.v[k] = B2 * self.v[k] + (1.0 - B2) * grad * grad;
            let step = rate * (self.m[k] / c1) / ((self.v[k] / c2).sqrt() + 1e-8);
            *w = (*w - step).clamp(-limit, limit);
            k += 1;
        };
        for (w, &d) in net.w1.iter_mut().zip(&g.w1) {
            update(w, d, W1_LIMIT);
        }
        for (w, &d) in net.b1.iter_mut().zip(&g.b1) {
            update(w, d, W1_LIMIT);
        }
        for (w, &d) in net.w2.iter_mut().zip(&g.w2) {
            update(w, d, w2_limit);
        }
        update(&mut net.b2, g.b2, 100.0);
    }
}

/// Float and integer outputs of a sample, for the tests (side to move's centipawns).
pub fn compare_sample(net: &Network, s: &Sample) -> (i32, i32) {
    let f = &net.features;
    let mut buf = Vec::new();
    let mut accs = [vec![0i16; net.hidden], vec![0i16; net.hidden]];
    for (persp, acc) in [s.side, !s.side].into_iter().zip(accs.iter_mut()) {
        f.active(persp, s.pieces.iter().copied(), &s.hands, &mut buf);
        acc.copy_from_slice(&net.b1);
        for &i in &buf {
            net.add(acc, i);
        }
    }
    let int = net.output(&accs[0], &accs[1]);
    let float: f32 = {
        let d = |v: i16, q: i32| f32::from(v) / q as f32;
        let h: Vec<f32> = accs
            .iter()
            .flat_map(|a| a.iter().map(|&x| d(x, QA).clamp(0.0, 1.0)))
            .collect();
        let y = net.b2 as f32 / (QA * QB) as f32
            + h.iter()
                .zip(&net.w2)
                .map(|(a, &w)| a * d(w, QB))
                .sum::<f32>();
        y * SCALE as f32
    };
    (float.round() as i32, int)
}
