//! A seeded fuzz of the UCI engine, run as a GUI runs it: the real binary as a child
//! process, fed over a pipe. Valid commands are mixed with mutated ones — byte flips,
//! truncations, garbage numbers, 100k-character lines, non-UTF-8 bytes. After every
//! command `isready` must be answered (nothing crashed or hung); at the end the last
//! good state must still be there, `bestmove`s on a known position must be legal, and
//! the process's peak memory (Linux: `VmHWM` in `/proc/<pid>/status`) must stay within
//! `Hash` + 48 MB.

use crate::common::mutate::{mutate, Mutations};
use crate::common::piped::Piped;
use crate::common::Rng;

use protean::engine::Game;

const HASH_MB: u64 = 16;
const COMMANDS: usize = 10_000;

const VALID: &[&str] = &[
    "uci",
    "isready",
    "ucinewgame",
    "position startpos",
    "position startpos moves e2e4 e7e5 g1f3",
    "position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1 moves a1a7",
    "position fen 8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "setoption name UCI_Variant value fischerandom",
    "setoption name UCI_Variant value chess",
    "setoption name UCI_Variant value antichess",
    "setoption name UCI_Variant value grasshopper",
    "setoption name UCI_Variant value 3check",
    "setoption name UCI_Chess960 value true",
    "setoption name MultiPV value 2",
    "setoption name Threads value 2",
    "setoption name Threads value 1",
    "setoption name Clear Hash",
    "setoption name Move Overhead value 30",
    "go depth 3",
    "go nodes 500",
    "go wtime 100 btime 100 winc 1 binc 1",
    "go movetime 5",
    "go depth 2 searchmoves e2e4 d2d4",
    "go ponder movetime 10",
    "go infinite",
    "go perft 2",
    "stop",
    "ponderhit",
    "d",
];

/// UCI lines get every mutation, random bytes included.
const MUTATIONS: Mutations = Mutations {
    junk: &[
        "-1",
        "99999999999999999999",
        "x",
        "",
        "0",
        "1e9",
        "\u{fffd}",
        "-",
        "moves",
    ],
    long_tail: 100_000,
    random_bytes: true,
    unchanged: 1,
};

/// A mutated line that could make the engine legitimately slow or big: a larger table,
/// a deep or long search, many threads. The fuzz is about bad input, not about load.
fn too_heavy(text: &str) -> bool {
    let lower = text.to_ascii_lowercase();
    if lower.contains("hash") && lower.contains("value") {
        return true;
    }
    if lower.contains("threads") {
        let n = lower
            .split_whitespace()
            .last()
            .and_then(|w| w.parse::<u64>().ok());
        if n.is_some_and(|n| n > 8) {
            return true;
        }
    }
    lower.contains("perft") && !lower.ends_with("perft 2")
}

#[test]
fn mutated_commands_never_break_the_engine() {
    let mut engine = Piped::start(&[]);
    engine.send(&format!("setoption name Hash value {HASH_MB}"));
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut sent = 0;
    let mut errors = 0;
    // Accepted `go` commands (perft aside): each must get exactly one `bestmove`.
    let mut searches = 0;
    while sent < COMMANDS {
        let line = VALID[rng.below(VALID.len())];
        let bytes = mutate(&mut rng, line, &MUTATIONS);
        let text = String::from_utf8_lossy(&bytes).to_string();
        if too_heavy(&text) || text.trim_start().starts_with("quit") {
            continue;
        }
        engine.send_bytes(&bytes);
        // Half of the time a search started by this line (or an earlier one) is
        // stopped at once; otherwise it runs on while the reader must still answer.
        if rng.below(2) == 0 {
            engine.send("stop");
        }
        engine.send("isready");
        let mut answer = engine.until("readyok");
        if text.split_whitespace().next() == Some("isready") {
            // The line was an `isready` itself: its answer came first.
            answer.extend(engine.until("readyok"));
        }
        let rejected = answer.iter().any(|l| l.starts_with("info string error"));
        errors += usize::from(rejected);
        let mut words = text.split_whitespace();
        if !rejected && words.next() == Some("go") && words.next() != Some("perft") {
            searches += 1;
        }
        sent += 1;
    }
    engine.send("stop");
    engine.send("isready");
    engine.until("readyok");
    assert!(
        errors > COMMANDS / 4,
        "{errors} errors for {COMMANDS} commands"
    );
    let bestmoves = engine
        .received
        .iter()
        .filter(|l| l.starts_with("bestmove"))
        .count();
    assert_eq!(bestmoves, searches, "one bestmove per accepted go");
    assert!(searches > COMMANDS / 40, "{searches} searches");

    // The last good state stays after bad input.
    for cmd in [
        "setoption name UCI_Variant value chess",
        "setoption name UCI_Chess960 value false",
        "position startpos moves e2e4",
        "position startpos moves e2e4 e7e5 e1e3",
        "position fen garbage",
        "setoption name UCI_Variant value nosuchgame",
        "d",
    ] {
        engine.send(cmd);
    }
    let out = engine.until("Fen: ");
    assert!(
        out.last()
            .unwrap()
            .ends_with("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"),
        "{out:?}"
    );

    // Every bestmove on a known position is legal.
    let game = Game::by_name("chess", None).unwrap();
    let legal = game.legal_moves_uci();
    for _ in 0..20 {
        engine.send("position startpos");
        engine.send("go nodes 300");
        let out = engine.until("bestmove");
        let mv = out
            .last()
            .unwrap()
            .split_whitespace()
            .nth(1)
            .unwrap()
            .to_string();
        assert!(legal.contains(&mv), "{out:?}");
    }

    // Memory: peak resident set within Hash + 48 MB.
    #[cfg(target_os = "linux")]
    {
        let kb = engine.peak_kb().expect("VmHWM in /proc/<pid>/status");
        let limit = (HASH_MB + 48) * 1024;
        assert!(kb <= limit, "peak memory {kb} kB, limit {limit} kB");
        eprintln!("peak memory {kb} kB (limit {limit} kB)");
    }
    engine.quit().unwrap();
}
