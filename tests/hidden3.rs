//! The honest player of `fogofwar` and `darkchess` (issue 22; rule book §3.1, §3.4):
//! the belief holds the true position (checked here, from outside, with the referee's
//! view of the true game), our legal moves are the same in every world, two histories
//! that differ only in what the mover cannot see print byte-identical `go` output, a
//! single observation re-seeds the belief, and the belief and planner modules import
//! nothing of the referee.

use crate::common::observed::side_to_move;
use crate::common::Rng;
use protean::board::Bitboard;
use protean::engine::{on_board, Game, OnBoard};
use protean::hidden::belief::Belief;
use protean::hidden::{view, Observation};
use protean::position::Position;
use protean::protocol::uci::PEEKING;
use protean::variant::rules::Rules;
use protean::variant::{Color, BLACK, WHITE};
use std::sync::Arc;

const GAMES: [&str; 2] = ["fogofwar", "darkchess"];

use crate::common::uci_transcript as uci;

pub(crate) fn position(game: &Game) -> &Position<u64> {
    match game {
        Game::Small(p) => p,
        _ => panic!("an 8x8 game"),
    }
}

/// The compiled rules the game's positions share (the engine's cache).
pub(crate) fn rules(game: &Game) -> Arc<Rules<u64>> {
    struct Grab;
    impl OnBoard for Grab {
        type Output = Option<Arc<Rules<u64>>>;
        fn run<B: Bitboard>(self, rules: Arc<Rules<B>>) -> Self::Output {
            let any: Arc<dyn std::any::Any + Send + Sync> = rules;
            any.downcast::<Rules<u64>>().ok()
        }
    }
    on_board(game.variant(), Grab)
        .unwrap()
        .expect("an 8x8 game")
}

/// Whether `world` gives `viewer` the observation `seen` (events aside: a re-seeded
/// world has no last move), by the referee's own computation.
fn shows(world: &Position<u64>, viewer: Color, seen: &Observation) -> bool {
    let o = view::observe(world, viewer).unwrap();
    o.cells == seen.cells
        && o.en_passant == seen.en_passant
        && o.castling == seen.castling
        && o.side_to_move == seen.side_to_move
}

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

fn world_moves(world: &Position<u64>) -> Vec<String> {
    let list = world.legal_moves();
    sorted(
        list.as_slice()
            .iter()
            .map(|&m| world.move_to_uci(m))
            .collect(),
    )
}

/// Random games of both variants, the belief of the side to move taken in step by
/// step: while the belief is exact it holds the true position; always, every world
/// shows the latest observation and has exactly the true position's legal moves.
#[test]
fn the_belief_holds_the_true_position_on_random_games() {
    let mut exact_checks = 0;
    for variant in GAMES {
        for seed in 1..=6u64 {
            let mut rng = Rng(seed * 7919);
            let start = Game::by_name(variant, None).unwrap();
            let viewer = if seed.is_multiple_of(2) { WHITE } else { BLACK };
            let mut game = start.clone();
            let mut moves: Vec<String> = Vec::new();
            let first = start.observation_of(viewer).unwrap();
            let mut belief = Belief::start(rules(&start), viewer, &first, 3000, seed);
            assert!(belief.is_exact(), "the start position is public");
            for _ in 0..14 {
                let legal = game.legal_moves_uci();
                if legal.is_empty() {
                    break;
                }
                let m = legal[rng.below(legal.len())].clone();
                game.play_uci(&m).unwrap();
                moves.push(m);
                let history = start.observation_history(&moves, viewer).unwrap().unwrap();
                belief.update(history.steps.last().unwrap());
                let seen = history.last();
                assert!(!belief.is_empty(), "{variant} {moves:?}");
                assert_eq!(belief.inconsistent_at(), None, "{variant} {moves:?}");
                let truth = position(&game);
                if belief.is_exact() {
                    assert!(
                        belief.worlds().iter().any(|w| w.key() == truth.key()),
                        "{variant} {moves:?}: the true position is not in the belief"
                    );
                    exact_checks += 1;
                }
                let our_turn = side_to_move(&game) == viewer;
                let true_moves = sorted(game.legal_moves_uci());
                for w in belief.worlds() {
                    assert!(
                        shows(w, viewer, seen),
                        "{variant} {moves:?}: {}",
                        w.to_fen()
                    );
                    if our_turn && game.outcome().is_none() {
                        assert_eq!(world_moves(w), true_moves, "{variant} {moves:?}");
                    }
                }
            }
        }
    }
    assert!(exact_checks > 40, "{exact_checks}");
}

/// The same belief whether it is built at once or step by step, and a cap keeps it
/// small by a seeded sample that still shows the observation.
#[test]
fn the_belief_is_capped_and_reproducible() {
    let moves: Vec<String> = ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    for variant in GAMES {
        let start = Game::by_name(variant, None).unwrap();
        let history = start.observation_history(&moves, WHITE).unwrap().unwrap();
        let a = Belief::build(rules(&start), &history, 50, 9);
        let b = Belief::build(rules(&start), &history, 50, 9);
        assert_eq!(a.len(), 50, "{variant}");
        assert!(!a.is_exact());
        let keys = |x: &Belief<u64>| x.worlds().iter().map(|w| w.key()).collect::<Vec<_>>();
        assert_eq!(keys(&a), keys(&b));
        for w in a.worlds() {
            assert!(shows(w, WHITE, history.last()));
        }
    }
}

/// Plays a pair of games that differ only in what `viewer` cannot see: the same own
/// moves, and opponent moves chosen so that `viewer`'s observations stay equal. Both
/// end with `viewer` to move; `None` when no such pair grew from this seed.
pub(crate) fn twin_pair(variant: &str, seed: u64) -> Option<(Vec<String>, Vec<String>)> {
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9) | 1);
    let viewer = if seed.is_multiple_of(2) { WHITE } else { BLACK };
    let plies = 4 + 2 * (seed as usize % 3) + usize::from(viewer == BLACK);
    let mut a = Game::by_name(variant, None).unwrap();
    let mut b = a.clone();
    let (mut ma, mut mb) = (Vec::new(), Vec::new());
    for _ in 0..plies {
        let legal = a.legal_moves_uci();
        if legal.is_empty() || b.legal_moves_uci().is_empty() {
            return None;
        }
        if side_to_move(&a) == viewer {
            assert_eq!(sorted(legal.clone()), sorted(b.legal_moves_uci()));
            let offset = rng.below(legal.len());
            let found = (0..legal.len())
                .map(|i| &legal[(i + offset) % legal.len()])
                .find(|m| {
                    let (mut x, mut y) = (a.clone(), b.clone());
                    x.play_uci(m).unwrap();
                    y.play_uci(m).unwrap();
                    x.observation_of(viewer) == y.observation_of(viewer)
                })?;
            let m = found.clone();
            a.play_uci(&m).unwrap();
            b.play_uci(&m).unwrap();
            ma.push(m.clone());
            mb.push(m);
        } else {
            let m = legal[rng.below(legal.len())].clone();
            a.play_uci(&m).unwrap();
            let seen = a.observation_of(viewer);
            let twins: Vec<(String, Game)> = b
                .legal_moves_uci()
                .into_iter()
                .filter_map(|x| {
                    let mut y = b.clone();
                    y.play_uci(&x).unwrap();
                    (y.observation_of(viewer) == seen).then_some((x, y))
                })
                .collect();
            let differing: Vec<&(String, Game)> =
                twins.iter().filter(|(_, y)| y.fen() != a.fen()).collect();
            let (x, y) = if differing.is_empty() {
                twins.get(rng.below(twins.len()).min(twins.len().saturating_sub(1)))?
            } else {
                differing[rng.below(differing.len())]
            };
            ma.push(m);
            mb.push(x.clone());
            b = y.clone();
        }
    }
    (a.fen() != b.fen() && side_to_move(&a) == viewer).then_some((ma, mb))
}

/// Two histories that differ only in what the side to move cannot see print
/// byte-identical lines for `go nodes` with a fixed seed (200 pairs per game).
#[test]
fn twin_histories_print_identical_output() {
    for variant in GAMES {
        let mut pairs = 0;
        let mut seed = 0;
        while pairs < 200 {
            seed += 1;
            assert!(seed < 5000, "{variant}: only {pairs} pairs");
            let Some((a, b)) = twin_pair(variant, seed) else {
                continue;
            };
            let run = |moves: &[String]| {
                uci(&[
                    format!("setoption name UCI_Variant value {variant}"),
                    "setoption name BeliefCap value 60".into(),
                    "setoption name WorldSamples value 3".into(),
                    format!("setoption name Seed value {seed}"),
                    format!("position startpos moves {}", moves.join(" ")),
                    "go nodes 1500".into(),
                ])
            };
            let (out_a, out_b) = (run(&a), run(&b));
            assert_eq!(out_a, out_b, "{variant} seed {seed}:\n{a:?}\n{b:?}");
            assert!(!out_a.contains(PEEKING), "{out_a}");
            assert!(out_a.contains("info string belief "), "{out_a}");
            assert!(out_a.contains("\nbestmove "), "{out_a}");
            assert!(!out_a.contains("ponder") && !out_a.contains("check"));
            pairs += 1;
        }
    }
}

/// A history-free observation (a `position fen`, a fog FEN) re-seeds the belief: the
/// opponent's units are placed on unseen squares so that every world shows the view,
/// pawns never on the first or last rank, one king each.
#[test]
fn a_single_observation_reseeds_the_belief() {
    // Rule book V1 (the start as White sees it, but the game's 10th move) and V5 (White
    // sees its king and pawn, the passing pawn and d6; darkchess's pawn also sees f6).
    let start_view = "????????/????????/????????/????????/8/8/PPPPPPPP/RNBQKBNR w KQ - - 10";
    let views = [
        (
            "fogofwar",
            "????????/????????/???2???/???pP???/????????/????????/???3??/???1K1?? w - d6 - 1",
        ),
        (
            "darkchess",
            "????????/????????/???3??/???pP???/????????/????????/???3??/???1K1?? w - d6 - 1",
        ),
    ];
    for (variant, ep_view) in views {
        let start = Game::by_name(variant, None).unwrap();
        for fen in [ep_view, start_view] {
            let seen = Observation::from_fen(fen, position(&start).rules().geo).unwrap();
            let belief = Belief::start(rules(&start), WHITE, &seen, 500, 3);
            assert!(!belief.is_exact());
            assert!(belief.len() > 10, "{variant} {fen}: {}", belief.len());
            for w in belief.worlds() {
                assert!(shows(w, WHITE, &seen), "{variant}: {}", w.to_fen());
                let board = w.to_fen().split_whitespace().next().unwrap().to_string();
                assert_eq!(board.matches('k').count(), 1, "{}", w.to_fen());
                let ranks: Vec<&str> = board.split('/').collect();
                assert!(!ranks[0].contains('p') && !ranks[7].contains('p'));
            }
        }
        // Through UCI: a FEN without moves is one observation.
        let out = uci(&[
            format!("setoption name UCI_Variant value {variant}"),
            "position fen 4k3/8/8/8/8/8/8/4R1K1 w - - 0 1".into(),
            "go nodes 3000".into(),
        ]);
        assert!(!out.contains(PEEKING), "{out}");
        assert!(!out.contains("inconsistent"), "{out}");
        assert!(out.contains("info string belief "), "{out}");
        assert!(out.ends_with("bestmove e1e8\n"), "{out}");
    }
}

/// An observation no placement fits is reported, with no world and no panic.
#[test]
fn an_impossible_observation_is_reported() {
    let start = Game::by_name("fogofwar", None).unwrap();
    // A black pawn shown on White's first rank.
    let seen = Observation::from_fen(
        "????????/????????/????????/????????/8/8/PPPPPPPP/RNBQKBNp w - - - 1",
        position(&start).rules().geo,
    )
    .unwrap();
    let belief = Belief::start(rules(&start), WHITE, &seen, 100, 0);
    assert!(belief.is_empty());
    assert_eq!(belief.inconsistent_at(), Some(0));
}

/// The options exist, `FogInput` takes its two modes (`tests/hidden4.rs` plays
/// observation mode) and nothing else, and `Debug_Peek` brings the peeking searcher
/// back with its warnings.
#[test]
fn options_and_the_peeking_player() {
    let out = uci(&["uci"]);
    for option in [
        "option name FogInput type combo default referee var referee var observation",
        "option name BeliefCap type spin default 20000",
        "option name WorldSamples type spin default 64",
        "option name RiskAversion type spin default 30 min 0 max 100",
        "option name MixSupport type spin default 1 min 1 max 3",
        "option name Seed type spin default 0",
        "option name Debug_Peek type check default false",
    ] {
        assert!(out.contains(option), "{option}\n{out}");
    }
    let out = uci(&[
        "setoption name FogInput value observation",
        "setoption name FogInput value sideways",
        "setoption name FogInput value referee",
    ]);
    assert_eq!(out.matches("info string error").count(), 1, "{out}");
    assert!(out.contains("sideways"), "{out}");
    let out = uci(&[
        "setoption name UCI_Variant value fogofwar",
        "setoption name Debug_Peek value true",
        "isready",
        "position startpos moves e2e4",
        "go depth 2",
    ]);
    assert!(out.contains(protean::protocol::uci::PEEK_ON), "{out}");
    assert!(out.contains(PEEKING), "{out}");
    assert!(!out.contains("info string belief"), "{out}");
}

/// With several moves in support, the seed picks among the best ones; with one, the
/// choice is the same for every seed.
#[test]
fn mix_support_samples_among_the_best_moves() {
    let run = |support: u32, seed: u32| {
        let out = uci(&[
            "setoption name UCI_Variant value darkchess".into(),
            format!("setoption name MixSupport value {support}"),
            format!("setoption name Seed value {seed}"),
            "setoption name WorldSamples value 4".into(),
            "position startpos".into(),
            "go nodes 4000".into(),
        ]);
        out.lines().last().unwrap().to_string()
    };
    // From the start the belief is one world, so the seed changes nothing but the mix.
    let fixed: std::collections::HashSet<String> = (0..4).map(|s| run(1, s)).collect();
    assert_eq!(fixed.len(), 1, "{fixed:?}");
    let mixed: std::collections::HashSet<String> = (0..12).map(|s| run(3, s)).collect();
    assert!(mixed.len() > 1, "{mixed:?}");
    for b in &mixed {
        assert!(b.starts_with("bestmove "), "{b}");
    }
}

/// The belief and the planner have no path to the true game: their sources import
/// nothing of the referee (`hidden::view`) or the engine.
#[test]
fn belief_and_planner_import_nothing_of_the_referee() {
    let root = env!("CARGO_MANIFEST_DIR");
    for file in [
        "src/hidden/belief.rs",
        "src/hidden/planner.rs",
        "src/hidden/bomb_plan.rs",
        "src/hidden/designation.rs",
        "src/hidden/king_guard.rs",
        "src/hidden/record.rs",
    ] {
        let text = std::fs::read_to_string(format!("{root}/{file}")).unwrap();
        for line in text.lines().filter(|l| l.trim_start().starts_with("use ")) {
            // Whole names: `GameResult` (a position's outcome) is not the engine's `Game`.
            let names: Vec<&str> = line
                .split(|c: char| !c.is_alphanumeric() && c != '_')
                .collect();
            for banned in ["view", "engine", "protocol", "Game"] {
                assert!(!names.contains(&banned), "{file}: {line}");
            }
        }
        assert!(!text.contains("super::view::") && !text.contains("crate::engine"));
    }
}
