//! The reference suites of games no outside engine plays (`engine-tests/goal/`, from
//! `scripts/goal-reference`; `engine-tests/more/`, from `scripts/more-reference`: Python
//! implementations written from the rule books by other authors than the Rust code):
//! every line of `<suite>/perft/<variant>.perft` (`FEN[ moves ...] ;D1 n ;D2 n ;D3 n`) and
//! `<suite>/game-end/<variant>.txt` (`FEN[ moves ...] ; RESULT ; note`, RESULT for the
//! side to move after the moves). The moves are played as `position fen ... moves ...`
//! plays them, so the history rules see them.

use protean::engine::Game;
use protean::position::GameResult;
use protean::variant::Color;

/// A set-up FEN of a suite that Protean refuses: (variant, FEN, why). The rule book
/// decides; each must still be refused, so a line that starts to load is noticed.
pub type Refused = (&'static str, &'static str, &'static str);

/// The position of a data line: its FEN, then its moves (`None`: a refused FEN of
/// `refused`).
pub fn game(variant: &str, spec: &str, at: &str, refused: &[Refused]) -> Option<Game> {
    let (fen, moves) = match spec.split_once(" moves ") {
        Some((f, m)) => (f, m.split_whitespace().collect()),
        None => (spec, Vec::new()),
    };
    if let Some(&(_, _, why)) = refused.iter().find(|r| r.0 == variant && r.1 == fen) {
        assert!(
            Game::by_name(variant, Some(fen)).is_err(),
            "{at}: the FEN is accepted now ({why})"
        );
        return None;
    }
    let fen = (fen != "startpos").then_some(fen);
    let mut g = Game::by_name(variant, fen).unwrap_or_else(|e| panic!("{at}: {e}"));
    for m in moves {
        g.play_uci(m).unwrap_or_else(|e| panic!("{at}: {m}: {e}"));
    }
    Some(g)
}

pub fn lines(path: &std::path::Path) -> Vec<(usize, String)> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim().to_string()))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
        .collect()
}

pub fn perft_file(suite: &str, variant: &str, refused: &[Refused]) -> Vec<String> {
    let dir = super::data_dir().join(suite).join("perft");
    let mut failures = Vec::new();
    for (n, line) in lines(&dir.join(format!("{variant}.perft"))) {
        let at = format!("{variant}.perft:{n}");
        let mut fields = line.split(';');
        let spec = fields.next().unwrap().trim();
        let Some(mut g) = game(variant, spec, &at, refused) else {
            continue;
        };
        for f in fields {
            let (d, count) = f
                .trim()
                .strip_prefix('D')
                .and_then(|r| r.split_once(' '))
                .unwrap_or_else(|| panic!("{at}: bad field '{f}'"));
            let (d, count): (u32, u64) = (d.parse().unwrap(), count.trim().parse().unwrap());
            let got = g.perft(d);
            if got != count {
                failures.push(format!("{at} D{d}: expected {count}, got {got} ({spec})"));
            }
        }
    }
    failures
}

fn game_end_file(suite: &str, variant: &str, refused: &[Refused]) -> Vec<String> {
    let dir = super::data_dir().join(suite).join("game-end");
    let mut failures = Vec::new();
    for (n, line) in lines(&dir.join(format!("{variant}.txt"))) {
        let at = format!("{variant}.txt:{n}");
        let parts: Vec<&str> = line.splitn(3, ';').map(str::trim).collect();
        let Some(g) = game(variant, parts[0], &at, refused) else {
            continue;
        };
        let side_white = g.white_to_move();
        let got = match g.outcome().map(|o| o.result) {
            None => "ongoing",
            Some(GameResult::Draw) => "draw",
            Some(GameResult::Win(c)) if c == Color::white_if(side_white) => "win",
            Some(GameResult::Win(_)) => "loss",
        };
        if got != parts[1] {
            failures.push(format!("{at}: expected {}, got {got} ({line})", parts[1]));
        }
    }
    failures
}

/// Compares Protean with every line of `engine-tests/<suite>/perft/<variant>.perft` and
/// `engine-tests/<suite>/game-end/<variant>.txt`; fails with the list of disagreements.
pub fn check(suite: &str, variant: &str, refused: &[Refused]) {
    let mut failures = perft_file(suite, variant, refused);
    failures.extend(game_end_file(suite, variant, refused));
    assert!(
        failures.is_empty(),
        "{} disagreements with the reference:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
