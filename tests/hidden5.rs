//! The honest player of `atomicbomb` (issue 22; rule book §5, §3.1): the belief holds
//! one world per unit that may carry the opponent's secret bomb, and nothing else
//! hidden; a detonation shows where it was; two histories that differ only in the
//! opponent's bomb print byte-identical `go` output (200 pairs from seeded games).

use crate::common::uci_transcript as uci;
use crate::common::Rng;
use crate::hidden3::{position, rules, twin_pair};
use protean::engine::fog_play::{self, FogMemory, PlanJob};
use protean::engine::Game;
use protean::hidden::belief::Belief;
use protean::hidden::planner::PlanOptions;
use protean::position::bomb::Bomb;
use protean::protocol::uci::PEEKING;
use protean::search::{Control, Limits, Settings};
use protean::variant::{Color, BLACK, WHITE};
use std::sync::{Arc, Mutex};

fn moves(text: &str) -> Vec<String> {
    text.split_whitespace().map(str::to_string).collect()
}

fn belief_after(text: &str, viewer: Color) -> Belief<u64> {
    let start = Game::by_name("atomicbomb", None).unwrap();
    let history = start
        .observation_history(&moves(text), viewer)
        .unwrap()
        .unwrap();
    Belief::build(rules(&start), &history, 20000, 1)
}

/// Where the opponent's bomb is in each world of the belief (`None`: gone).
fn bomb_squares(belief: &Belief<u64>, opponent: Color) -> Vec<Option<usize>> {
    let mut v: Vec<Option<usize>> = belief
        .worlds()
        .iter()
        .map(|w| match w.bomb(opponent) {
            Bomb::On(sq) => Some(sq),
            _ => None,
        })
        .collect();
    v.sort();
    v
}

/// The candidates, worked by hand: after Black's designation White's belief has one
/// world per black unit (16); a unit captured by us leaves its world with the bomb
/// gone, and a second capture merges two such worlds (15); Black's detonation leaves
/// the one world where the bomb was (and after it, its entry is `x` in all of them).
#[test]
fn the_belief_holds_one_world_per_bomb_candidate() {
    let b = belief_after("e2e2 d8d8", WHITE);
    assert!(b.is_exact());
    let squares = bomb_squares(&b, BLACK);
    assert_eq!(squares.len(), 16);
    assert!(
        squares.iter().all(|s| s.is_some_and(|sq| sq >= 48)),
        "{squares:?}"
    );
    // 1.e4 d5 2.exd5 c6 3.dxc6 Nxc6: two black pawns taken, and the two worlds where
    // one of them was the bomb are now the same (the bomb gone).
    let b = belief_after("e2e2 d8d8 e2e4 d7d5 e4d5 c7c6 d5c6 b8c6", WHITE);
    let squares = bomb_squares(&b, BLACK);
    assert_eq!(squares.len(), 15, "{squares:?}");
    assert_eq!(squares.iter().filter(|s| s.is_none()).count(), 1);
    // Black's bomb is the e-pawn: 1.d4 e5 2.d5 e4 3.d6, and 3...e4e4 detonates it;
    // only the world with the bomb there can show that blast.
    let b = belief_after("a2a2 e7e7 d2d4 e7e5 d4d5 e5e4 d5d6 e4e4", WHITE);
    assert_eq!(b.len(), 1);
    assert_eq!(b.worlds()[0].bomb(BLACK), Bomb::Gone { detonated: true });
}

/// Random games, either side observing: the belief stays exact, holds the true
/// position, and at our turn every world has the true position's legal moves (they
/// depend only on what we see: rule AB6).
#[test]
fn the_belief_holds_the_true_position() {
    for seed in 1..=12u64 {
        let mut rng = Rng(seed * 7919);
        let viewer = if seed % 2 == 0 { WHITE } else { BLACK };
        let start = Game::by_name("atomicbomb", None).unwrap();
        let mut game = start.clone();
        let mut played: Vec<String> = Vec::new();
        for _ in 0..30 {
            let legal = game.legal_moves_uci();
            if legal.is_empty() || game.outcome().is_some() {
                break;
            }
            let m = legal[rng.below(legal.len())].clone();
            game.play_uci(&m).unwrap();
            played.push(m);
            let history = start.observation_history(&played, viewer).unwrap().unwrap();
            let b = Belief::build(rules(&start), &history, 20000, seed);
            assert!(b.is_exact() && b.len() <= 16, "{played:?}: {}", b.len());
            let truth = position(&game);
            assert!(
                b.worlds().iter().any(|w| w.key() == truth.key()),
                "{played:?}"
            );
            if Color::white_if(game.white_to_move()) == viewer && game.outcome().is_none() {
                let mut want = game.legal_moves_uci();
                want.sort();
                for w in b.worlds() {
                    let list = w.legal_moves();
                    let mut got: Vec<String> =
                        list.as_slice().iter().map(|&m| w.move_to_uci(m)).collect();
                    got.sort();
                    assert_eq!(got, want, "{played:?}");
                }
            }
        }
    }
}

/// Two histories that differ only in the opponent's bomb (its designation and so
/// where it stands) print byte-identical lines for `go nodes` (200 pairs).
#[test]
fn twin_histories_print_identical_output() {
    let mut pairs = 0;
    let mut seed = 0;
    while pairs < 200 {
        seed += 1;
        assert!(seed < 2000, "only {pairs} pairs");
        let Some((a, b)) = twin_pair("atomicbomb", seed) else {
            continue;
        };
        let run = |moves: &[String]| {
            uci(&[
                "setoption name UCI_Variant value atomicbomb".into(),
                format!("setoption name Seed value {seed}"),
                format!("position startpos moves {}", moves.join(" ")),
                "go nodes 600".into(),
            ])
        };
        let (out_a, out_b) = (run(&a), run(&b));
        assert_eq!(out_a, out_b, "seed {seed}:\n{a:?}\n{b:?}");
        assert!(!out_a.contains(PEEKING), "{out_a}");
        assert!(out_a.contains("info string belief "), "{out_a}");
        assert!(out_a.contains("\nbestmove ") && !out_a.contains("ponder"));
        pairs += 1;
    }
}

/// The planner keeps its tables while the history extends (`fog_play::FogMemory`), so
/// the twins are also searched as in a game: one memory, a search at each of the
/// mover's turns; every plan is the same for both (100 pairs).
#[test]
fn twin_histories_searched_as_a_game_give_identical_plans() {
    let mut pairs = 0;
    let mut seed = 0;
    while pairs < 100 {
        seed += 1;
        assert!(seed < 2000, "only {pairs} pairs");
        let Some((a, b)) = twin_pair("atomicbomb", seed) else {
            continue;
        };
        let start = Game::by_name("atomicbomb", None).unwrap();
        let viewer = if a.len() % 2 == 0 { WHITE } else { BLACK };
        let play = |moves: &[String]| {
            let memory = Arc::new(Mutex::new(FogMemory::default()));
            let limits = Limits {
                nodes: Some(600),
                ..Limits::default()
            };
            (moves.len() % 2..=moves.len())
                .step_by(2)
                .map(|end| {
                    let history = start
                        .observation_history(&moves[..end], viewer)
                        .unwrap()
                        .unwrap();
                    let job = PlanJob {
                        history,
                        belief_cap: 20000,
                        options: PlanOptions {
                            seed,
                            ..PlanOptions::default()
                        },
                        memory: memory.clone(),
                    };
                    let control = Control::new(false);
                    fog_play::run(
                        start.variant(),
                        &job,
                        &limits,
                        &Settings::default(),
                        &control,
                    )
                })
                .collect::<Vec<_>>()
        };
        let (plans_a, plans_b) = (play(&a), play(&b));
        assert_eq!(plans_a, plans_b, "seed {seed}:\n{a:?}\n{b:?}");
        assert!(plans_a.iter().all(|p| p.best.is_some()), "{plans_a:?}");
        pairs += 1;
    }
}

/// A history-free `position fen` re-seeds the belief: one world per unit of the
/// opponent (16 here), and a world with the bomb gone once it has lost a unit (15
/// units: 16 worlds). The referee's true bomb does not change the answer.
#[test]
fn a_position_fen_gives_one_world_per_candidate() {
    let fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2";
    let lost = "rnbqkbnr/pppp1ppp/8/8/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 0 2";
    for (board, worlds) in [(fen, 16), (lost, 16)] {
        let out = |white_bomb: &str| {
            uci(&[
                "setoption name UCI_Variant value atomicbomb".into(),
                format!("position fen {board} {{{white_bomb},d8}}"),
                "go nodes 2000".into(),
            ])
        };
        let a = out("e4");
        assert!(
            a.contains(&format!("info string belief {worlds} sampled {worlds}")),
            "{a}"
        );
        assert_eq!(a, out("f3"));
    }
}

/// The bomb player spends the whole node budget on one search (stop 42): main gave the
/// first search two thirds where some root move was threatened and kept the rest for
/// the safe moves, which it searched only when the best move was threatened, so here
/// (every black unit a candidate, some White moves threatened, the best one not) it
/// printed `nodes 6666` of 10,000 while the blind baseline searched all 10,000. No
/// root move brings White's bomb (the knight on b5) next to Black's king, so no strike
/// prediction takes a share either.
#[test]
fn the_bomb_player_searches_with_the_whole_budget() {
    let out = uci(&[
        "setoption name UCI_Variant value atomicbomb",
        "position startpos moves b1b1 d7d7 b1c3 g8h6 e2e3 e7e6 d2d4 d8h4 c3b5 h4d8",
        "go nodes 10000",
    ]);
    let info = out
        .lines()
        .rev()
        .find(|l| l.starts_with("info depth"))
        .unwrap_or_default();
    assert!(info.contains(" nodes 10000 "), "{out}");
}
