//! A small seeded fuzz of the XBoard loop (in process, a few seconds): valid commands
//! mixed with mutated ones — byte flips, truncations, garbage numbers, very long lines,
//! non-UTF-8 bytes. Nothing may panic or hang, and afterwards the engine still answers
//! and plays from a fresh game.

use crate::common::mutate::{mutate, Mutations};
use crate::common::Rng;
use protean::protocol::xboard::XBoard;
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

const VALID: &[&str] = &[
    "xboard",
    "protover 2",
    "new",
    "variant fischerandom",
    "variant grasshopper",
    "variant 3check",
    "variant normal",
    "force",
    "go",
    "playother",
    "white",
    "black",
    "level 40 0:01 0",
    "level 0 0:02 0.01",
    "st 0.01",
    "sd 2",
    "nps 5000",
    "time 100",
    "otim 100",
    "usermove e2e4",
    "usermove e7e5",
    "usermove g1f3",
    "usermove O-O",
    "d2d4",
    "?",
    "ping 1",
    "draw",
    "result 1-0 {White mates}",
    "setboard r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "setboard 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
    "undo",
    "remove",
    "hard",
    "easy",
    "post",
    "nopost",
    "analyze",
    "exit",
    ".",
    "memory 2",
    "cores 2",
    "option MultiPV=2",
    "option Move Overhead=5",
    "option Clear Hash",
    "exclude e2e4",
    "exclude all",
    "include all",
    "include d2d4",
    "hint",
    "bk",
    "d",
];

/// XBoard lines: no random-byte lines, and most lines stay valid so that games get
/// played between the mutations.
const MUTATIONS: Mutations = Mutations {
    junk: &[
        "-1",
        "99999999999999999999",
        "x",
        "",
        "0",
        "1e9",
        "\u{fffd}",
        "0:",
    ],
    long_tail: 50_000,
    random_bytes: false,
    unchanged: 5,
};

#[test]
fn mutated_commands_never_break_the_engine() {
    let out = Shared::default();
    let mut xb = XBoard::new(out.clone());
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    for _ in 0..4000 {
        let line = VALID[rng.below(VALID.len())];
        let text = String::from_utf8_lossy(&mutate(&mut rng, line, &MUTATIONS)).to_string();
        // Keep long searches and the exit out: `?` below ends any search on a move.
        if text.starts_with("quit") || text.contains("memory") && text.len() > 9 {
            continue;
        }
        xb.command(&text);
        xb.command("?");
    }
    for c in [
        "exit",
        "force",
        "new",
        "variant normal",
        "force",
        "usermove e2e4",
        "ping 77",
    ] {
        xb.command(c);
    }
    assert_eq!(
        xb.fen(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
    xb.command("sd 2");
    xb.command("st 1");
    xb.command("go");
    let text = String::from_utf8_lossy(&xb.into_output().0.lock().unwrap()).to_string();
    assert!(
        text.contains("pong 77\n"),
        "{}",
        &text[text.len().saturating_sub(2000)..]
    );
    let count = |p: &str| text.lines().filter(|l| l.starts_with(p)).count();
    println!(
        "moves {} errors {} illegal {} thinking {}",
        count("move "),
        count("Error"),
        count("Illegal"),
        count("1 ")
    );
    assert!(count("move ") > 20, "{}", count("move "));
    let last_move = text.lines().rev().find(|l| l.starts_with("move ")).unwrap();
    let mut game = protean::engine::Game::by_name("chess", None).unwrap();
    game.play_uci("e2e4").unwrap();
    assert!(
        game.legal_moves_uci().contains(&last_move[5..].to_string()),
        "{last_move}"
    );
}
