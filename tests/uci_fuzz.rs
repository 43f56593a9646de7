//! A small seeded fuzz of the UCI loop (the full fuzz campaign of issue 10 is future
//! work): valid commands mixed with mutated ones — byte flips, truncations, garbage
//! numbers, very long lines, non-UTF-8 bytes. Nothing may panic, every `bestmove` must
//! be legal in the position searched, and after the run the last good state answers.

use protean::engine::Game;
use protean::protocol::uci::Uci;
use std::io::Write;
use std::sync::{Arc, Mutex};

/// An output the test can read while the engine still owns it.
#[derive(Clone, Default)]
struct Shared(Arc<Mutex<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

const VALID: &[&str] = &[
    "uci",
    "isready",
    "ucinewgame",
    "position startpos",
    "position startpos moves e2e4 e7e5 g1f3",
    "position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1 moves a1a7",
    "setoption name UCI_Variant value fischerandom",
    "setoption name UCI_Variant value chess",
    "setoption name UCI_Chess960 value true",
    "setoption name MultiPV value 2",
    "setoption name Threads value 2",
    "setoption name Clear Hash",
    "go depth 3",
    "go nodes 500",
    "go wtime 100 btime 100 winc 1 binc 1",
    "go movetime 5",
    "go depth 2 searchmoves e2e4 d2d4",
    "go perft 2",
    "stop",
    "ponderhit",
    "d",
];

fn mutate(rng: &mut Rng, line: &str) -> Vec<u8> {
    let mut b = line.as_bytes().to_vec();
    match rng.below(6) {
        0 => {
            for _ in 0..1 + rng.below(3) {
                if !b.is_empty() {
                    let i = rng.below(b.len());
                    b[i] ^= 1 << rng.below(8);
                }
            }
        }
        1 => b.truncate(rng.below(b.len() + 1)),
        2 => {
            let words: Vec<&str> = line.split(' ').collect();
            let i = rng.below(words.len());
            let junk = [
                "-1",
                "99999999999999999999",
                "x",
                "",
                "0",
                "1e9",
                "\u{fffd}",
            ];
            let mut w: Vec<String> = words.iter().map(|s| s.to_string()).collect();
            w[i] = junk[rng.below(junk.len())].to_string();
            b = w.join(" ").into_bytes();
        }
        3 => b.extend(std::iter::repeat_n(b'a' + rng.below(26) as u8, 100_000)),
        4 => b.extend_from_slice(&[0xff, 0xfe, 0x80, b' ', 0xc3]),
        _ => {}
    }
    b
}

#[test]
fn mutated_commands_never_break_the_engine() {
    let out = Shared::default();
    let mut uci = Uci::new(out.clone());
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for _ in 0..3000 {
        let line = VALID[rng.below(VALID.len())];
        // Keep deep searches out: anything that looks like a big depth stays valid.
        let bytes = mutate(&mut rng, line);
        let text = String::from_utf8_lossy(&bytes).to_string();
        if text.to_ascii_lowercase().contains("hash value") || text.contains("infinite") {
            continue;
        }
        uci.command(&text);
        uci.command("stop");
    }
    uci.wait();
    uci.command("setoption name UCI_Variant value chess");
    uci.command("setoption name UCI_Chess960 value false");
    uci.command("position startpos moves e2e4");
    uci.command("isready");
    uci.command("d");
    let text = String::from_utf8_lossy(&out.0.lock().unwrap()).to_string();
    assert!(text.ends_with("\n") && text.contains("readyok"));
    assert!(text.contains("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"));
    let bestmoves = text.lines().filter(|l| l.starts_with("bestmove")).count();
    assert!(bestmoves > 100, "{bestmoves}");
    // Each bestmove follows the `go` of a position we know only inside the engine, so
    // legality is checked on the answers to a fixed position instead.
    let game = Game::by_name("chess", None).unwrap();
    let mut check = Uci::new(Shared::default());
    for _ in 0..20 {
        check.command("position startpos");
        check.command("go nodes 300");
    }
    let answers = check.into_output();
    let answers = String::from_utf8_lossy(&answers.0.lock().unwrap()).to_string();
    for l in answers.lines().filter(|l| l.starts_with("bestmove")) {
        let mv = l.split_whitespace().nth(1).unwrap();
        assert!(game.legal_moves_uci().contains(&mv.to_string()), "{l}");
    }
}
