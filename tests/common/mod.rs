//! Readers for the data files under `engine-tests/`, and small game helpers the rule
//! tests share.
#![allow(dead_code)]

pub mod mutate;
pub mod observed;
pub mod piped;
pub mod reference;

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};

/// Starts the `protean` binary with `args`; a thread forwards its output line by line.
pub fn spawn_protean(args: &[&str]) -> (Child, ChildStdin, Receiver<String>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_protean"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("start protean");
    let input = child.stdin.take().unwrap();
    let stdout = child.stdout.take().unwrap();
    let (tx, lines) = channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    (child, input, lines)
}

pub fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("engine-tests")
}

/// One line of a `.perft` file: `FEN ;D1 n ;D2 n ...`.
pub struct PerftCase {
    pub line: usize,
    pub fen: String,
    pub counts: Vec<(u32, u64)>,
}

pub fn read_perft_file(name: &str) -> Vec<PerftCase> {
    read_perft(&data_dir().join("perft").join(name))
}

/// A `.perft` file anywhere (the ini tests keep theirs under `engine-tests/ini/`).
pub fn read_perft(path: &Path) -> Vec<PerftCase> {
    let name = path.display();
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{name}: {e}"));
    let mut cases = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut parts = line.split(';');
        let fen = parts.next().unwrap().trim().to_string();
        let counts = parts
            .map(|p| {
                let p = p.trim();
                let (d, n) = p
                    .strip_prefix('D')
                    .and_then(|r| r.split_once(' '))
                    .unwrap_or_else(|| panic!("{name}:{}: bad field '{p}'", i + 1));
                (d.parse().unwrap(), n.trim().parse().unwrap())
            })
            .collect();
        cases.push(PerftCase {
            line: i + 1,
            fen,
            counts,
        });
    }
    cases
}

/// Every FEN of every perft file of a built variant, with the variant its file is
/// named after.
pub fn all_perft_fens() -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut files: Vec<_> = std::fs::read_dir(data_dir().join("perft"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.ends_with(".perft"))
        .collect();
    files.sort();
    for f in files {
        let variant = f.trim_end_matches(".perft").to_string();
        for c in read_perft_file(&f) {
            out.push((variant.clone(), c.fen));
        }
    }
    out
}

/// The game of `variant` at `fen` (panics with the FEN if it is refused).
pub fn game_at(variant: &str, fen: &str) -> protean::engine::Game {
    protean::engine::Game::by_name(variant, Some(fen)).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The game of `variant` after playing the UCI `moves` from `fen`.
pub fn game_after(variant: &str, fen: &str, moves: &[&str]) -> protean::engine::Game {
    let mut g = game_at(variant, fen);
    for m in moves {
        g.play_uci(m).unwrap_or_else(|e| panic!("{fen} {m}: {e}"));
    }
    g
}

/// The FEN after playing the UCI `moves` from `fen` in `variant`.
pub fn fen_after(variant: &str, fen: &str, moves: &[&str]) -> String {
    game_after(variant, fen, moves).fen()
}

/// The game's result for the side to move: "win", "loss", "draw" or "ongoing".
pub fn verdict(g: &protean::engine::Game) -> &'static str {
    use protean::position::GameResult;
    let stm = protean::variant::Color::white_if(g.white_to_move());
    match g.outcome().map(|o| o.result) {
        None => "ongoing",
        Some(GameResult::Draw) => "draw",
        Some(GameResult::Win(c)) if c == stm => "win",
        Some(GameResult::Win(_)) => "loss",
    }
}

/// Whether `m` (UCI) is a legal move of `g`.
pub fn has_move(g: &protean::engine::Game, m: &str) -> bool {
    g.legal_moves_uci().iter().any(|x| x == m)
}

/// A seeded xorshift generator for the fuzz tests (reproducible, no dependency).
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number below `n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// One search of `game` as a new game would start it: a fresh control and search
/// memory, no progress reports.
pub fn search_once(
    game: &protean::engine::Game,
    limits: &protean::search::Limits,
    settings: &protean::search::Settings,
    tt: &protean::search::TranspositionTable,
) -> protean::search::SearchResult {
    let control = protean::search::Control::new(false);
    let mut memory = protean::search::SearchMemory::new();
    game.search(limits, settings, tt, &control, &mut memory, &mut |_| {})
}

/// The legal moves in UCI, sorted.
pub fn sorted_moves(g: &protean::engine::Game) -> Vec<String> {
    let mut v = g.legal_moves_uci();
    v.sort();
    v
}

/// The legal moves (UCI) that start from `square`, sorted.
pub fn moves_from(g: &protean::engine::Game, square: &str) -> Vec<String> {
    sorted_moves(g)
        .into_iter()
        .filter(|m| m.starts_with(square))
        .collect()
}

/// What the UCI front end prints for `lines`, run in this process (no child engine).
pub fn uci_transcript<S: AsRef<str>>(lines: &[S]) -> String {
    let mut u = protean::protocol::uci::Uci::new(Vec::new());
    for l in lines {
        u.command(l.as_ref());
    }
    String::from_utf8(u.into_output()).unwrap()
}

/// The `Best move: ...` line of `protean analyse --variant VARIANT --fen FEN --depth
/// DEPTH`, run as a child process (a failed run or a missing line fails the test with
/// the output).
pub fn analyse_best_move(variant: &str, fen: &str, depth: u32) -> String {
    let depth = depth.to_string();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_protean"))
        .args([
            "analyse",
            "--variant",
            variant,
            "--fen",
            fen,
            "--depth",
            &depth,
        ])
        .output()
        .expect("run protean analyse");
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8(out.stdout).unwrap();
    text.lines()
        .find(|l| l.starts_with("Best move: "))
        .unwrap_or_else(|| panic!("{text}"))
        .to_string()
}
