//! Xiangqi's repetition rules, which need move sequences (the game-end files hold
//! single FENs): perpetual check loses, other repetitions draw. Verdicts checked with
//! pyffish (`is_optional_game_end` after the same moves gives +32000 for Black in the
//! first case).

use protean::engine::Game;
use protean::position::{EndReason, GameResult};
use protean::variant::BLACK;

fn play(fen: &str, moves: &[&str]) -> Game {
    let mut g = Game::by_name("xiangqi", Some(fen)).unwrap();
    for m in moves {
        g.play_uci(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    g
}

#[test]
fn perpetual_check_loses() {
    // The chariot checks along the 10th and 9th ranks while the general steps between
    // d10 and d9: the third occurrence of the position ends the game, and White, who
    // checked with every move, loses.
    let fen = "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1";
    let moves = [
        "a1a10", "d10d9", "a10a9", "d9d10", "a9a10", "d10d9", "a10a9", "d9d10", "a9a10",
    ];
    assert!(
        play(fen, &moves[..5]).outcome().is_none(),
        "second occurrence only"
    );
    let end = play(fen, &moves).outcome().expect("third occurrence");
    assert_eq!(end.result, GameResult::Win(BLACK));
    assert_eq!(end.reason, EndReason::PerpetualCheck);
}

#[test]
fn repetition_without_checks_is_a_draw() {
    let fen = "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1";
    let moves = [
        "e1e2", "d10d9", "e2e1", "d9d10", "e1e2", "d10d9", "e2e1", "d9d10",
    ];
    let end = play(fen, &moves).outcome().expect("threefold");
    assert_eq!(end.result, GameResult::Draw);
    assert_eq!(end.reason, EndReason::Repetition);
}

#[test]
fn the_search_scores_a_perpetual_check_as_a_loss() {
    // One cycle into the chase, repeating the check (a9a10) repeats the position with
    // White having checked throughout: the search scores it as lost for White, where a
    // plain repetition would be 0.
    use protean::search::{Limits, Score, Settings, TranspositionTable};
    let fen = "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1";
    let g = play(fen, &["a1a10", "d10d9", "a10a9", "d9d10"]);
    let tt = TranspositionTable::new(4);
    let limits = Limits {
        searchmoves: vec!["a9a10".to_string()],
        ..Limits::depth(3)
    };
    let r = crate::common::search_once(&g, &limits, &Settings::default(), &tt);
    assert_eq!(r.best.as_deref(), Some("a9a10"));
    // A loss one ply away: reported as "mate 0" (mated at once), never a win or 0.
    assert!(matches!(r.score, Some(Score::Mate(n)) if n <= 0), "{r:?}");
}
