//! Observation mode for the hidden set-ups (issue 22; rule book §3.2, §4:
//! `hiddenscreen`, `hiddencrazyscreen`, `darkcrazyscreen`): our drops, `?` for the
//! opponent's, the board of our half with `hand=` (or the holdings), the opponent's hand
//! counted from its half-moves; after the set-up of an open game the opponent's moves
//! in UCI, in `darkcrazyscreen` the fog's tokens. Read back from seeded games it is the
//! referee's record, and `go nodes` prints the same lines in both modes.

use crate::common::observed::{
    assert_errors_keep_the_state, assert_reads_back, board_token, both_modes, mover_record,
};
use crate::common::uci_transcript as uci;
use crate::common::Rng;
use protean::engine::Game;
use protean::hidden::{Observation, ObservationHistory};
use protean::protocol::uci::PEEKING;

const GAMES: [&str; 3] = ["hiddenscreen", "hiddencrazyscreen", "darkcrazyscreen"];

/// A random game: random legal drops (a move where no drop is legal) to the end of the
/// set-up or before it, then random moves; cut at a random length or where it ends.
fn random_game(variant: &str, seed: u64) -> (Game, Vec<String>) {
    let mut rng = Rng(seed.wrapping_mul(0xD134_2543_DE82_EF95) | 1);
    let start = Game::by_name(variant, None).unwrap();
    let mut game = start.clone();
    let mut moves = Vec::new();
    // Half the games end in the set-up (32 drops), half in play after it.
    let plies = if seed.is_multiple_of(2) {
        rng.below(33)
    } else {
        32 + rng.below(24)
    };
    for _ in 0..plies {
        let legal = game.legal_moves_uci();
        if legal.is_empty() || game.outcome().is_some() {
            break;
        }
        let m = legal[rng.below(legal.len())].clone();
        game.play_uci(&m).unwrap();
        moves.push(m);
    }
    (start, moves)
}

/// Whether `o` was seen while a hand held units (its holdings show a unit).
fn in_setup(o: &Observation) -> bool {
    o.holdings.as_deref().is_some_and(|h| !h.is_empty())
}

/// The tokens of the referee's `record` of `moves`: during the set-up the board of
/// our half with our hand as `hand=` (`style` 0), as the holdings (1) or not at all
/// (2), `?` for the opponent's drops; after it the board field with `ep=` and `promo`,
/// and the opponent's moves in UCI where the game is open.
fn tokens(variant: &str, record: &ObservationHistory, moves: &[String], style: u64) -> Vec<String> {
    // `darkcrazyscreen` is fogged in play; the others are open after the set-up.
    let fog_in_play = variant == "darkcrazyscreen";
    let moved = moves
        .iter()
        .zip(std::iter::once(&record.first).chain(record.steps.iter().map(|s| &s.seen)))
        .any(|(m, before)| in_setup(before) && !m.contains('@'));
    let token = |o: &Observation| {
        if !in_setup(o) {
            return board_token(o);
        }
        let hand = o.holdings.clone().unwrap_or_default();
        let board = o.board_field();
        let board = board.split_once('[').map_or(board.as_str(), |(b, _)| b);
        // Where a side moved a unit during the set-up (no legal drop), only the
        // holdings tell the opponent's count (HS2): the hand's count is its half-moves.
        match if moved { 1 } else { style % 3 } {
            0 => format!("{board};hand={}", hand.replace('?', "")),
            1 => o.board_field(),
            _ => board.to_string(),
        }
    };
    let mut out = vec![token(&record.first)];
    let mut before = &record.first;
    for (m, step) in moves.iter().zip(&record.steps) {
        let open = !fog_in_play && !in_setup(before);
        out.push(match &step.own_move {
            Some(own) => own.clone(),
            None if open => m.clone(),
            None => "?".into(),
        });
        out.push(token(&step.seen));
        before = &step.seen;
    }
    out
}

/// The ordinary searcher's lines without their timings.
fn untimed(out: &str) -> String {
    out.lines()
        .map(|l| {
            let mut words: Vec<&str> = Vec::new();
            let mut it = l.split(' ');
            while let Some(w) = it.next() {
                if w == "time" || w == "nps" {
                    it.next();
                } else {
                    words.push(w);
                }
            }
            words.join(" ")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The same game, once as moves (referee mode) and once as the side to move's
/// observations: the tokens read back to the referee's record, and `go nodes` prints
/// the same lines (70 seeded games per variant, 210 in all; during the set-up, in open
/// play after it, and in `darkcrazyscreen`'s fog).
#[test]
fn setup_observations_read_back_and_play_alike() {
    for variant in GAMES {
        let (mut during, mut after) = (0, 0);
        for seed in 1..=70u64 {
            let (start, moves) = random_game(variant, seed);
            let record = mover_record(&start, &moves);
            let toks = tokens(variant, &record, &moves, seed / 2);
            assert_reads_back(
                &start,
                &toks,
                &record,
                &format!("{variant} seed {seed}: {moves:?}"),
            );
            if in_setup(record.last()) {
                during += 1;
            } else {
                after += 1;
            }
            let options = [
                format!("setoption name UCI_Variant value {variant}"),
                "setoption name WorldSamples value 3".into(),
                "setoption name BeliefCap value 200".into(),
                format!("setoption name Seed value {seed}"),
            ];
            let (referee, observed) =
                both_modes(&options, "startpos", &moves, &toks, "go nodes 600");
            assert_eq!(
                untimed(&referee),
                untimed(&observed),
                "{variant} seed {seed}: {moves:?}"
            );
            assert!(observed.contains("bestmove "), "{observed}");
            assert!(!observed.contains(PEEKING), "{observed}");
            assert!(
                !observed.contains("info string error:"),
                "{variant} seed {seed}: {observed}"
            );
        }
        assert!(during > 25 && after > 25, "{variant}: {during} / {after}");
    }
}

/// Malformed set-up tokens are errors naming the problem; the last good state stays.
/// White's views (rule book HS1-HS3): after `K@e1`, then after Black's hidden drop.
#[test]
fn bad_setup_tokens_keep_the_last_good_state() {
    let hidden = "????????/????????/????????/????????";
    let b0 = format!("{hidden}/8/8/8/8");
    let b1 = format!("{hidden}/8/8/8/4K3");
    let b2 = format!("{hidden}/8/8/8/3KK3");
    let good = format!("position startpos fog {b0} K@e1 {b1} ? {b1};hand=QRRBBNNPPPPPPPP");
    let bad: Vec<(String, &str)> = vec![
        (
            format!("position startpos fog {b0} K@e1 {b1} ? {b1};hand=QRRBBNNPPPPPPP"),
            "but our drops leave",
        ),
        (
            format!("position startpos fog {b0} K@e1 {b1} ? {b1}[QRRBBNNPPPPPPP???????????????]"),
            "where the drops leave",
        ),
        (
            format!("position startpos fog {b0} K@e1 {b1} k@e8 {b1}"),
            "unseen during the set-up",
        ),
        (
            format!("position startpos fog {b0} K@e5 {b1} ? {b1}"),
            "not on an empty square of our half",
        ),
        (
            format!("position startpos fog {b0} X@e1 {b1} ? {b1}"),
            "not a drop",
        ),
        (
            format!("position startpos fog {b0} K@e1 {b1} ? {b1} K@d1 {b2} ? {b2}"),
            "no 'K' in our hand",
        ),
        (
            format!("position startpos fog {b0} K@e1 {b1} ? 8/8/8/8/8/8/8/4K3"),
            "a5 is shown",
        ),
        (
            format!("position startpos fog {b0} K@e1 {b1} ? {hidden}/8/8/8/4?3"),
            "e1 is unseen",
        ),
        (
            format!("position startpos fog {b0} K@e1 {b1} ? {b1};ep=e3"),
            "during a hidden set-up",
        ),
        (
            format!("position startpos fog {b0} K@e1 {b1} ? {b1};frob"),
            "unknown extra",
        ),
        (
            format!("position fogfen {b1}[???????????????kqrrbbnnpppppppp] b - - - 1"),
            "hidden set-up",
        ),
    ];
    let base = [
        "setoption name UCI_Variant value hiddenscreen".to_string(),
        "setoption name FogInput value observation".into(),
        "setoption name Seed value 3".into(),
        good.clone(),
    ];
    let tail = ["d".to_string(), "go nodes 800".into()];
    let expected = uci(&[&base[..], &tail[..]].concat());
    assert!(
        expected.starts_with(&format!(
            "Observation: {b1}[QRRBBNNPPPPPPPP???????????????] w - - - 2\n"
        )),
        "{expected}"
    );
    assert!(expected.contains("\nbestmove "), "{expected}");
    assert_errors_keep_the_state(&base, &tail, &expected, &bad);
}
