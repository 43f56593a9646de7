//! Protocol transcripts against the real binary over pipes, as a GUI drives it: the
//! reader answers `isready` while a search runs, `stop` ends an infinite search with a
//! legal move, pondering waits for `ponderhit`, bad input leaves the state unchanged.
//! Waits have generous limits that only guard against a hang; nothing asserts speed.

use crate::common::piped::Piped;

use protean::engine::Game;
use std::process::Command;

fn bestmove(lines: &[String]) -> String {
    let last = lines.last().unwrap();
    last.split_whitespace().nth(1).unwrap().to_string()
}

#[test]
fn isready_and_stop_during_an_infinite_search() {
    let mut e = Piped::start(&[]);
    e.send("uci");
    e.until("uciok");
    e.send("position startpos moves e2e4 e7e5");
    e.send("go infinite");
    e.send("isready");
    let before = e.until("readyok");
    assert!(
        !before.iter().any(|l| l.starts_with("bestmove")),
        "{before:?}"
    );
    e.send("stop");
    let lines = e.until("bestmove");
    let mv = bestmove(&lines);
    let mut game = Game::by_name("chess", None).unwrap();
    game.play_uci("e2e4").unwrap();
    game.play_uci("e7e5").unwrap();
    assert!(game.legal_moves_uci().contains(&mv), "{mv}");
    e.quit().unwrap();
}

#[test]
fn ponder_waits_for_ponderhit() {
    let mut e = Piped::start(&[]);
    e.send("setoption name Ponder value true");
    e.send("position startpos");
    e.send("go ponder wtime 2000 btime 2000 winc 10 binc 10");
    e.send("isready");
    let before = e.until("readyok");
    assert!(
        !before.iter().any(|l| l.starts_with("bestmove")),
        "{before:?}"
    );
    e.send("ponderhit");
    let lines = e.until("bestmove");
    let mv = bestmove(&lines);
    assert!(Game::by_name("chess", None)
        .unwrap()
        .legal_moves_uci()
        .contains(&mv));
    e.quit().unwrap();
}

#[test]
fn clock_search_and_new_position_while_searching() {
    let mut e = Piped::start(&[]);
    e.send("ucinewgame");
    e.send("position startpos");
    e.send("go wtime 1000 btime 1000 winc 10 binc 10");
    let lines = e.until("bestmove");
    assert!(
        lines.iter().any(|l| l.starts_with("info depth")),
        "{lines:?}"
    );
    // A new position during an infinite search ends it (with a bestmove) first.
    e.send("go infinite");
    e.send("position startpos moves d2d4");
    e.until("bestmove");
    e.send("go movetime 50");
    let lines = e.until("bestmove");
    let mut game = Game::by_name("chess", None).unwrap();
    game.play_uci("d2d4").unwrap();
    assert!(game.legal_moves_uci().contains(&bestmove(&lines)));
    e.quit().unwrap();
}

#[test]
fn bad_input_keeps_the_state() {
    let mut e = Piped::start(&[]);
    e.send("position startpos moves e2e4");
    for bad in [
        "position fen garbage",
        "position startpos moves e7e5 e2e4",
        "setoption name UCI_Variant value nosuchgame",
        "setoption name NoSuchOption value 1",
        "setoption name Hash value -1",
        "go depth",
        "go nodes many",
        "frobnicate",
    ] {
        e.send(bad);
        let lines = e.until("info string error: ");
        assert_eq!(lines.len(), 1, "{bad}: {lines:?}");
    }
    e.send("d");
    let lines = e.until("Key: ");
    assert!(
        lines[0].contains("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"),
        "{lines:?}"
    );
    e.send("go depth 2");
    let lines = e.until("bestmove");
    let mut game = Game::by_name("chess", None).unwrap();
    game.play_uci("e2e4").unwrap();
    assert!(game.legal_moves_uci().contains(&bestmove(&lines)));
    e.quit().unwrap();
}

#[test]
fn quit_during_a_search_exits() {
    let mut e = Piped::start(&[]);
    e.send("setoption name Threads value 2");
    e.send("go infinite");
    e.send("isready");
    e.until("readyok");
    e.quit().unwrap();
}

#[test]
fn chess960_and_variants_search() {
    let mut e = Piped::start(&[]);
    e.send("setoption name UCI_Variant value fischerandom");
    e.send("position fen 2rkr3/2p1p3/8/8/8/8/8/RK6 w A - 0 1");
    e.send("go depth 3");
    let lines = e.until("bestmove");
    assert_eq!(bestmove(&lines), "b1a1", "{lines:?}");
    e.send("setoption name UCI_Variant value nocastle");
    e.send("position startpos");
    e.send("go nodes 2000");
    e.until("bestmove");
    e.quit().unwrap();
}

/// `protean analyse` with its output on a pipe: plain lines (no status line, no
/// control characters), the line in SAN with move numbers, then the best move.
#[test]
fn analyse_writes_plain_san_lines_to_a_pipe() {
    let out = Command::new(env!("CARGO_BIN_EXE_protean"))
        .args([
            "analyse",
            "--depth",
            "6",
            "--fen",
            "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
        ])
        .output()
        .expect("run protean analyse");
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(!text.contains('\r') && !text.contains('\x1b'), "{text:?}");
    // Scholar's mate: the line is 4. Qxf7# and the best move is given in SAN and UCI.
    assert!(text.contains("  4. Qxf7#"), "{text}");
    assert!(text.contains("Best move: Qxf7# (h5f7, score #1"), "{text}");
    // Black to move: the first move is numbered `N...`.
    let out = Command::new(env!("CARGO_BIN_EXE_protean"))
        .args(["analyse", "--depth", "3", "--moves", "e2e4"])
        .output()
        .expect("run protean analyse");
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("  1... "), "{text}");
}
