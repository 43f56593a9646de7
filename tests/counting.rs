//! Counting rules (Makruk's board's and pieces' honour, the ASEAN rules) against
//! pyffish: every line of `engine-tests/counting/<variant>.txt` (`FEN ; MOVES ; FEN
//! AFTER ; RESULT ; note`, from scripts/gen-counting-data) is set up from its FEN, its
//! moves are played, and the FEN Protean writes must equal pyffish's (the count in the
//! en-passant and halfmove fields) and the verdict pyffish's (a count past its limit is a
//! draw). The FEN before the moves must read back to itself as well.

use crate::common;

use protean::engine::Game;
use protean::position::{EndReason, GameResult};
use protean::variant::Color;

fn verdict(game: &Game) -> (&'static str, Option<EndReason>) {
    let side = Color::white_if(game.fen().split_whitespace().nth(1) == Some("w"));
    match game.outcome() {
        None => ("ongoing", None),
        Some(o) => (
            match o.result {
                GameResult::Draw => "draw",
                GameResult::Win(c) if c == side => "win",
                GameResult::Win(_) => "loss",
            },
            Some(o.reason),
        ),
    }
}

/// Runs a file; returns (lines, lines ending by the count).
fn run(variant: &str) -> (usize, usize) {
    let path = common::data_dir()
        .join("counting")
        .join(format!("{variant}.txt"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut failures = Vec::new();
    let (mut n, mut counted) = (0, 0);
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = format!("{variant}.txt:{}", i + 1);
        let f: Vec<&str> = line.splitn(5, ';').map(str::trim).collect();
        let (fen, moves, after, expected) = (f[0], f[1], f[2], f[3]);
        let mut game = Game::by_name(variant, Some(fen)).unwrap_or_else(|e| panic!("{at}: {e}"));
        if game.fen() != fen {
            failures.push(format!("{at}: FEN reads back as {}", game.fen()));
        }
        for m in moves.split_whitespace() {
            game.play_uci(m)
                .unwrap_or_else(|e| panic!("{at}: {m}: {e}"));
        }
        if game.fen() != after {
            failures.push(format!(
                "{at}: after the moves {} (pyffish {after})",
                game.fen()
            ));
        }
        let (got, reason) = verdict(&game);
        if got != expected {
            failures.push(format!("{at}: expected {expected}, got {got} ({reason:?})"));
        }
        counted += usize::from(reason == Some(EndReason::Counting));
        n += 1;
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    (n, counted)
}

#[test]
fn makruk_counting_matches_pyffish() {
    let (n, counted) = run("makruk");
    assert!(
        n >= 20 && counted >= 3,
        "{n} lines, {counted} counting draws"
    );
}

#[test]
fn ai_wok_counting_matches_pyffish() {
    let (n, counted) = run("ai-wok");
    assert!(
        n >= 20 && counted >= 3,
        "{n} lines, {counted} counting draws"
    );
}

/// Cambodia's counting: the board's honour starts while pawns remain, for a side
/// down to two or three pieces, and the pieces' honour limits are Makruk's less one.
#[test]
fn cambodian_counting_matches_pyffish() {
    let (n, counted) = run("cambodian");
    assert!(
        n >= 20 && counted >= 3,
        "{n} lines, {counted} counting draws"
    );
}

#[test]
fn asean_counting_matches_pyffish() {
    let (n, counted) = run("asean");
    assert!(
        n >= 20 && counted >= 3,
        "{n} lines, {counted} counting draws"
    );
}

#[test]
fn makpong_counting_matches_pyffish() {
    let (n, counted) = run("makpong");
    assert!(
        n >= 20 && counted >= 3,
        "{n} lines, {counted} counting draws"
    );
}
