//! `bench`: a fixed list of positions from every built-in variant, each searched to a
//! fixed depth by one thread with a cleared table. The total node count is a signature
//! of the search's behaviour (equal on every run and machine); any change to search or
//! evaluation that changes it is visible at once, as with Stockfish's `bench`.

use super::Game;
use crate::search::{Control, Limits, SearchMemory, Settings, TranspositionTable};
use std::time::Instant;

/// (variant, FEN or `None` for the variant's start position, plies less than the bench
/// depth): openings, middlegames with tactics, endgames, then every other built-in
/// variant's start. Slow-generating variants (hoppers walk square by square) search a
/// little shallower so each position costs about the same.
pub const BENCH_POSITIONS: &[(&str, Option<&str>, u32)] = &[
    ("chess", None, 0),
    (
        "chess",
        Some("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
        0,
    ),
    (
        "chess",
        Some("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4"),
        0,
    ),
    (
        "chess",
        Some("r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10"),
        0,
    ),
    (
        "chess",
        Some("2r3k1/pp3ppp/4p3/3pP3/3P4/P4N2/1P3PPP/2R3K1 w - - 0 25"),
        0,
    ),
    (
        "chess",
        Some("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"),
        0,
    ),
    ("chess", Some("8/8/8/4k3/8/8/4P3/4K3 w - - 0 1"), 0),
    ("chess", Some("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1"), 0),
    (
        "fischerandom",
        Some("bqnbrnkr/pppppppp/8/8/8/8/PPPPPPPP/BQNBRNKR w HEhe - 0 1"),
        0,
    ),
    (
        "fischerandom",
        Some("nrbkqbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBKQBRN w GBgb - 0 1"),
        0,
    ),
    ("nocastle", None, 0),
    ("knightmate", None, 0),
    ("extinction", None, 0),
    ("antichess", None, 0),
    ("giveaway", None, 0),
    ("suicide", None, 0),
    ("horde", None, 0),
    ("3check", None, 0),
    ("kingofthehill", None, 0),
    ("grasshopper", None, 6),
    ("upsidedown", None, 0),
    // Tafl: custodian captures, a king racing for his goal squares. The 9x9 games
    // branch widely (70-80 rook moves a side), so they search shallower.
    ("tablut", None, 4),
    (
        "tablut",
        Some("2M1M4/3M5/3mm4/M8/MM1mk4/M7M/4m3M/1Mm1M4/3M1M3 b - - 0 1"),
        4,
    ),
    ("brandubh", None, 0),
    (
        "brandubh2",
        Some("3m3/7/2m4/mM1K2m/3M3/3m3/3m3 w - - 0 1"),
        0,
    ),
    ("ardri", None, 0),
    ("longship", None, 5),
];

pub const DEFAULT_BENCH_DEPTH: u32 = 12;

#[derive(Clone, Debug)]
pub struct BenchResult {
    /// Nodes per position, in `BENCH_POSITIONS` order.
    pub per_position: Vec<u64>,
    pub nodes: u64,
    pub millis: u64,
}

/// Runs the bench; `each` is told every position's node count as it finishes.
pub fn bench(depth: u32, mut each: impl FnMut(usize, &str, u64)) -> Result<BenchResult, String> {
    let tt = TranspositionTable::new(16);
    let settings = Settings::default();
    let start = Instant::now();
    let mut per_position = Vec::new();
    for (i, &(variant, fen, less)) in BENCH_POSITIONS.iter().enumerate() {
        let game = Game::by_name(variant, fen)?;
        tt.clear();
        let control = Control::new(false);
        let limits = Limits::depth(depth.saturating_sub(less).max(1));
        // Each position starts from empty tables, like a new game: the count must not
        // depend on the positions before it.
        let mut memory = SearchMemory::new();
        let r = game.search(&limits, &settings, &tt, &control, &mut memory, &mut |_| {});
        each(i, variant, r.nodes);
        per_position.push(r.nodes);
    }
    Ok(BenchResult {
        nodes: per_position.iter().sum(),
        per_position,
        millis: start.elapsed().as_millis() as u64,
    })
}
