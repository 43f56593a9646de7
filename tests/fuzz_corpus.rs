//! The fuzz corpus, replayed on stable Rust: every input the coverage-guided fuzzer
//! kept (fuzz/corpus/TARGET/) and every crash it ever found (fuzz/regressions/TARGET/)
//! goes through the same harness as in `scripts/fuzz` (fuzz/src/lib.rs), followed by a
//! short seeded mutation run from each kept input. A panic anywhere fails the test
//! with the input's file name (docs/reliability.md).

#[path = "../fuzz/src/lib.rs"]
#[allow(dead_code)]
mod harness;

use crate::common::Rng;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};

/// Mutations tried from each kept input (the coverage-guided run is `scripts/fuzz`).
const MUTATIONS: usize = 4;

/// A byte flip, a deleted run, a duplicated run or a truncation.
fn mutate(rng: &mut Rng, input: &[u8]) -> Vec<u8> {
    let mut b = input.to_vec();
    if b.is_empty() {
        return vec![rng.next() as u8];
    }
    let at = rng.below(b.len());
    match rng.below(4) {
        0 => b[at] ^= 1 << rng.below(8),
        1 => {
            let end = (at + 1 + rng.below(8)).min(b.len());
            b.drain(at..end);
        }
        2 => {
            let end = (at + 1 + rng.below(16)).min(b.len());
            let run = b[at..end].to_vec();
            b.splice(at..at, run);
        }
        _ => b.truncate(at),
    }
    b
}

fn files(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    v.sort();
    v
}

fn replay(target: &str, harness: fn(&[u8])) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz");
    let kept = files(&root.join("corpus").join(target));
    assert!(!kept.is_empty(), "fuzz/corpus/{target} is empty");
    let crashes = files(&root.join("regressions").join(target));
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut failures = Vec::new();
    let mut inputs = 0;
    // Kept inputs with their mutations, then the crashes as they are.
    let runs = kept.iter().map(|p| (p, MUTATIONS));
    for (path, mutations) in runs.chain(crashes.iter().map(|p| (p, 0))) {
        let input = std::fs::read(path).unwrap();
        let mut tries = vec![input.clone()];
        tries.extend((0..mutations).map(|_| mutate(&mut rng, &input)));
        for (i, bytes) in tries.iter().enumerate() {
            inputs += 1;
            if let Err(e) = catch_unwind(AssertUnwindSafe(|| harness(bytes))) {
                let why = e
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_default();
                let what = if i == 0 {
                    "as kept".to_string()
                } else {
                    format!("mutation {i}")
                };
                failures.push(format!("{} ({what}): {why}", path.display()));
            }
        }
    }
    println!(
        "{target}: {inputs} inputs, {} kept, {} crashes replayed",
        kept.len(),
        crashes.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn fen_corpus() {
    replay("fen", harness::fen);
}

#[test]
fn uci_corpus() {
    replay("uci", harness::uci);
}

#[test]
fn xboard_corpus() {
    replay("xboard", harness::xboard);
}

#[test]
fn variants_ini_corpus() {
    replay("variants_ini", harness::variants_ini);
}

#[test]
fn eval_file_corpus() {
    replay("eval_file", harness::eval_file);
}

#[test]
fn network_file_corpus() {
    replay("network_file", harness::network_file);
}
