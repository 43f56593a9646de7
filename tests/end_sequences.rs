//! Game ends that need the moves leading to a position (Shogi's sennichite and perpetual
//! check, a first player who loses every repetition, the mated side winning after a
//! mate by a pawn drop) against pyffish: every line of `engine-tests/sequences/<variant>.txt`
//! (`FEN ; MOVES ; FEN AFTER ; RESULT ; note`, from scripts/gen-sequence-end-data) is set
//! up from its FEN, its moves are played, and Protean's FEN and verdict (for the side to
//! move) must equal pyffish's.

use crate::common;

use protean::engine::Game;
use protean::position::GameResult;
use protean::variant::Color;

fn verdict(game: &Game) -> &'static str {
    let side = Color::white_if(game.fen().split_whitespace().nth(1) == Some("w"));
    match game.outcome().map(|o| o.result) {
        None => "ongoing",
        Some(GameResult::Draw) => "draw",
        Some(GameResult::Win(c)) if c == side => "win",
        Some(GameResult::Win(_)) => "loss",
    }
}

/// Runs a file; returns the number of lines whose game has ended.
fn run(variant: &str) -> usize {
    let path = common::data_dir()
        .join("sequences")
        .join(format!("{variant}.txt"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut failures = Vec::new();
    let mut ended = 0;
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = format!("{variant}.txt:{}", i + 1);
        let f: Vec<&str> = line.splitn(5, ';').map(str::trim).collect();
        let (fen, moves, after, expected) = (f[0], f[1], f[2], f[3]);
        let mut game = Game::by_name(variant, Some(fen)).unwrap_or_else(|e| panic!("{at}: {e}"));
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
        let got = verdict(&game);
        if got != expected {
            failures.push(format!(
                "{at}: expected {expected}, got {got} ({:?})",
                game.outcome()
            ));
        }
        ended += usize::from(got != "ongoing");
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    ended
}

#[test]
fn shogi_sennichite_perpetual_check_and_pawn_drop_mate_match_pyffish() {
    assert!(run("shogi") >= 6);
}

#[test]
fn minishogi_repetition_loses_for_the_first_player_as_in_pyffish() {
    assert!(run("minishogi") >= 4);
}

#[test]
fn torishogi_fourth_repetition_wins_for_the_side_to_move_as_in_pyffish() {
    assert!(run("torishogi") >= 4);
}

#[test]
fn shatar_mates_follow_the_checks_before_them_as_in_pyffish() {
    assert!(run("shatar") >= 2);
}

/// Walling games: random games to their end (the FEN with its walls after every move
/// sequence, the king taken in duck chess, no move left), and duck chess's repetition.
#[test]
fn walling_games_end_as_in_pyffish() {
    assert!(run("duck") >= 4);
    for variant in ["amazons", "isolation", "snailtrail", "joust"] {
        assert!(run(variant) >= 1, "{variant}");
    }
}

/// The Janggi games: bikjang (kings facing, parted or not), passes in a row, the move
/// rule and repetition, decided by points or drawn as each flavour says, and a pass
/// that bikjang allows in check.
#[test]
fn janggi_bikjang_passes_and_counting_match_pyffish() {
    assert!(run("janggi") >= 14);
    assert!(run("janggitraditional") >= 12);
    assert!(run("janggimodern") >= 5);
    assert!(run("janggicasual") >= 6);
}
