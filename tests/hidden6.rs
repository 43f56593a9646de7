//! The honest player of the hidden set-ups (issue 22; rule book §4: `hiddenscreen`,
//! `hiddencrazyscreen`, `darkcrazyscreen`): during the set-up it is given only its own
//! half, its hand and the number of units in the other hand; two histories that differ
//! only in the opponent's placements print byte-identical `go` output (200 pairs per
//! game); its royal unit goes only where no placement of the opponent could attack it,
//! so every drop it makes is legal whatever the opponent placed; once the set-up of an
//! open game is complete the ordinary searcher plays the position everybody sees.

use crate::common::observed::side_to_move;
use crate::common::uci_transcript as uci;
use crate::common::Rng;
use protean::engine::Game;
use protean::protocol::uci::PEEKING;
use protean::variant::{BLACK, WHITE};

const GAMES: [&str; 3] = ["hiddenscreen", "hiddencrazyscreen", "darkcrazyscreen"];

/// Two set-ups with the same own drops of `viewer` and different opponent drops (its
/// units or squares), cut inside the set-up with `viewer` to move. The opponent's drops
/// are random and independent in the two games; an own drop is one legal in both (in a
/// game with check, a hidden unit can make a drop illegal in one of them). `None` when
/// the two did not grow apart or a side had no drop.
fn setup_twins(variant: &str, seed: u64) -> Option<(Vec<String>, Vec<String>)> {
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9) | 1);
    let viewer = if seed.is_multiple_of(2) { WHITE } else { BLACK };
    // Up to 30 half-moves: both hands still hold units (16 drops each).
    let plies = 2 * (1 + rng.below(14)) + usize::from(viewer == BLACK);
    let mut a = Game::by_name(variant, None).unwrap();
    let mut b = a.clone();
    let (mut ma, mut mb) = (Vec::new(), Vec::new());
    for _ in 0..plies {
        let (la, lb) = (a.legal_moves_uci(), b.legal_moves_uci());
        if side_to_move(&a) == viewer {
            let both: Vec<&String> = la.iter().filter(|m| lb.contains(m)).collect();
            if both.is_empty() {
                return None;
            }
            let m = both[rng.below(both.len())].clone();
            a.play_uci(&m).unwrap();
            b.play_uci(&m).unwrap();
            ma.push(m.clone());
            mb.push(m);
        } else {
            if la.is_empty() || lb.is_empty() {
                return None;
            }
            let (x, y) = (&la[rng.below(la.len())], &lb[rng.below(lb.len())]);
            a.play_uci(x).unwrap();
            b.play_uci(y).unwrap();
            ma.push(x.clone());
            mb.push(y.clone());
        }
    }
    let same_view = a.observation_of(viewer) == b.observation_of(viewer);
    (same_view && a.fen() != b.fen() && side_to_move(&a) == viewer).then_some((ma, mb))
}

fn go(variant: &str, seed: u64, moves: &[String], nodes: u32) -> String {
    uci(&[
        format!("setoption name UCI_Variant value {variant}"),
        "setoption name WorldSamples value 4".into(),
        format!("setoption name Seed value {seed}"),
        format!("position startpos moves {}", moves.join(" ")),
        format!("go nodes {nodes}"),
    ])
}

fn best(out: &str) -> String {
    out.lines()
        .find_map(|l| l.strip_prefix("bestmove "))
        .and_then(|rest| rest.split_whitespace().next())
        .unwrap_or_else(|| panic!("no bestmove: {out}"))
        .to_string()
}

/// Two histories that differ only in the opponent's hidden placements print
/// byte-identical lines for `go nodes` with a fixed seed (200 pairs per game).
#[test]
fn twin_setups_print_identical_output() {
    for variant in GAMES {
        let mut pairs = 0;
        let mut seed = 0;
        while pairs < 200 {
            seed += 1;
            assert!(seed < 2000, "{variant}: only {pairs} pairs");
            let Some((a, b)) = setup_twins(variant, seed) else {
                continue;
            };
            let (out_a, out_b) = (go(variant, seed, &a, 800), go(variant, seed, &b, 800));
            assert_eq!(out_a, out_b, "{variant} seed {seed}:\n{a:?}\n{b:?}");
            assert!(!out_a.contains(PEEKING), "{out_a}");
            assert!(out_a.contains("info string belief "), "{out_a}");
            assert!(!out_a.contains("ponder"), "{out_a}");
            pairs += 1;
        }
    }
}

/// Worked by hand. White has dropped pawns on f2 and g2. The king on g1 is shielded
/// whatever Black places on ranks 5-8: its file is closed by g2, its diagonals by f2
/// and by the board's edge after h2 (a line from g1 reaches no hidden square), and no
/// knight or pawn on ranks 5-8 reaches rank 1. Every other square of ranks 1-4 has a
/// file or a diagonal open to Black's half (f1: e2-d3-c4-b5; h1: the h-file; e1: the
/// e-file) or lies within a knight's or a pawn's reach of it. So g1 is the one square
/// where the royal (`hiddenscreen`) or the king whose capture loses (`darkcrazyscreen`)
/// may go, and it goes there as soon as it can: the move is K@g1 whatever Black placed.
#[test]
fn the_king_goes_where_no_hidden_unit_can_attack_it() {
    for variant in GAMES {
        for black in [["P@a7", "P@b7"], ["Q@g5", "R@f8"], ["N@h5", "B@b5"]] {
            let moves: Vec<String> = ["P@f2", black[0], "P@g2", black[1]]
                .iter()
                .map(|s| s.to_string())
                .collect();
            for seed in 0..3 {
                let out = go(variant, seed, &moves, 1000);
                assert_eq!(best(&out), "K@g1", "{variant} {moves:?}: {out}");
            }
        }
    }
}

/// Set-ups played to the end by the honest player against random set-up moves: every
/// move it chooses is legal in the true game (it never needs what it cannot see), and in
/// `hiddenscreen` and `hiddencrazyscreen` the position after the set-up, which both
/// sides see, is searched by the ordinary searcher (no belief, no warning). A side in
/// check during the set-up with no drop that answers it moves its king instead, as in
/// Fairy-Stockfish's `screen` (pyffish: `8/8/1k6/8/2N5/8/8/8[KQRRBBNPPPPPPPPqrrbbnnpppppppp]
/// b` has only king moves), so the set-up may take more than 32 plies.
#[test]
fn the_honest_setup_is_always_legal() {
    for variant in GAMES {
        for seed in 1..=4u64 {
            let mut rng = Rng(seed * 7919);
            let engine = if seed % 2 == 0 { WHITE } else { BLACK };
            let mut game = Game::by_name(variant, None).unwrap();
            let mut moves: Vec<String> = Vec::new();
            while game.fen().contains('[') && !game.fen().contains("[]") {
                let legal = game.legal_moves_uci();
                assert!(!legal.is_empty(), "{variant} {moves:?}");
                let m = if side_to_move(&game) == engine {
                    let m = best(&go(variant, seed, &moves, 400));
                    assert!(legal.contains(&m), "{variant} {moves:?}: {m} is illegal");
                    m
                } else {
                    legal[rng.below(legal.len())].clone()
                };
                game.play_uci(&m).unwrap();
                moves.push(m);
            }
            let drops = moves.iter().filter(|m| m.contains('@')).count();
            assert_eq!(drops, 32, "{variant} {moves:?}");
            let out = go(variant, seed, &moves, 2000);
            assert!(!out.contains(PEEKING), "{out}");
            if variant == "darkcrazyscreen" {
                assert!(out.contains("info string belief "), "{out}");
            } else {
                assert!(!out.contains("info string belief "), "{out}");
            }
            assert!(game.legal_moves_uci().contains(&best(&out)), "{out}");
        }
    }
}

/// Worked by hand (fog-match, game 8 of the measurement before the fix). White drops
/// K@h4 and B@b3, Black R@g5. Black sees only ranks 5-8: g8's diagonal f7-e6-d5-c4
/// runs into the hidden half (the b3 bishop does attack it), and no square of ranks
/// 5-8 has its file and both diagonals closed by one rook, so no square is shielded and
/// the king waits in hand. Before the fix the probes of hidden units took the sampled
/// world's hands, which lack White's king once it is dropped, so every probe was
/// refused as a position without a king and every square looked shielded: K@g8.
#[test]
fn the_king_stays_guarded_after_the_opponent_drops_its_own() {
    let moves: Vec<String> = ["K@h4", "R@g5", "B@b3"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    for variant in GAMES {
        for seed in 0..3 {
            let out = go(variant, seed, &moves, 1000);
            assert!(!best(&out).starts_with("K@"), "{variant} {moves:?}: {out}");
        }
    }
}

/// Worked by hand (fog-match, game 24 before the fix). White's king dropped on b4 is
/// checked by the rook Black drops on b5; no drop answers a check by an adjacent rook,
/// so White moves its king (b4c4, Fairy-Stockfish's `mustDrop`). Later Black's R@c6
/// checks it along the c-file and it takes the b5 rook. Black now sees a white king on
/// its own half and its rook gone: the set-up worlds put that king where it is seen
/// (before the fix they put every placed unit on hidden squares, no world showed the
/// view, and the engine answered no move). Its answer is a legal move.
#[test]
fn an_opponent_unit_on_our_half_is_placed_where_we_see_it() {
    let moves: Vec<String> = ["K@b4", "R@b5", "b4c4", "P@a5", "Q@g1", "R@c6", "c4b5"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    for variant in ["hiddenscreen", "hiddencrazyscreen"] {
        let mut game = Game::by_name(variant, None).unwrap();
        for m in &moves {
            game.play_uci(m).unwrap();
        }
        for seed in 0..3 {
            let out = go(variant, seed, &moves, 1000);
            let m = best(&out);
            assert!(game.legal_moves_uci().contains(&m), "{variant}: {m}: {out}");
        }
    }
}

/// Worked by hand. White has dropped everything but its queen as in Chess's start
/// (pawns on the second rank, the other pieces on the first, d1 empty), Black the same
/// on its half. The queen goes only where the fewest hidden placements could win it: d1
/// is closed on its file and both diagonals by the pawns d2, c2, e2 and out of a hidden
/// knight's reach; every square of ranks 3 and 4 can be attacked from the hidden half
/// (a knight on rank 5 reaches every square of ranks 3 and 4, a pawn on rank 5 every
/// square of rank 4) by a unit cheaper than the queen, which the pawns' defence does not
/// stop. So the queen goes to d1, whatever the seed.
#[test]
fn the_queen_goes_where_no_hidden_unit_can_win_it() {
    let white = [
        "K@e1", "P@a2", "P@b2", "P@c2", "P@d2", "P@e2", "P@f2", "P@g2", "P@h2", "R@a1", "R@h1",
        "N@b1", "N@g1", "B@c1", "B@f1",
    ];
    let black = [
        "K@e8", "P@a7", "P@b7", "P@c7", "P@d7", "P@e7", "P@f7", "P@g7", "P@h7", "R@a8", "R@h8",
        "N@b8", "N@g8", "B@c8", "B@f8",
    ];
    let moves: Vec<String> = white
        .iter()
        .zip(black.iter())
        .flat_map(|(w, b)| [w.to_string(), b.to_string()])
        .collect();
    for seed in 0..3 {
        let out = go("hiddenscreen", seed, &moves, 1000);
        assert_eq!(best(&out), "Q@d1", "seed {seed}: {out}");
    }
}

/// Two set-ups of `scripts/fog-match` (100 games against random set-ups, `go nodes
/// 4000`) in which the random side, with no legal drop, moved a unit onto our half and
/// checked our king: a knight from b5 to c3 against White's king on d1 (`hiddenscreen`,
/// game 97 of stop 39's run, Black's last pawn still in hand), and from e4 to f6 against
/// Black's king on e8 (`hiddencrazyscreen`, game 54 of stop 40's, White's pawns in hand).
/// The set-up worlds were built from a FEN with the opponent to move, which with our
/// king in check is no position: no world, and the engine answered no move. Its answer
/// is now a legal move of the true game.
#[test]
fn a_check_by_a_unit_seen_on_our_half_is_answered() {
    // (game, history, a capture of the checking knight, a quiet move the check forbids)
    let games = [
        (
            "hiddenscreen",
            "P@d4 B@d5 R@e2 P@d6 K@d1 B@b6 P@c4 R@b7 P@b3 Q@e7 P@e3 N@b5 P@f3 K@h8 P@h4 R@c7 \
             P@g3 P@e6 P@a3 N@d7 N@c1 P@f6 N@f2 P@c6 B@f1 P@a6 B@b2 P@h7 R@h2 P@g5 Q@g2 b5c3",
            "b2c3",
            "a3a4",
        ),
        (
            "hiddencrazyscreen",
            "P@c4 P@d5 P@h2 P@c6 B@b1 P@e5 N@e4 K@e8 R@d1 P@f7 R@e2 P@c5 B@f2 P@b5 N@b4 P@f5 \
             K@h4 P@g6 P@d3 N@d7 Q@g1 N@b6 P@e3 B@d8 e4f6",
            "d7f6",
            "g6g5",
        ),
    ];
    for (variant, history, takes, quiet) in games {
        let moves: Vec<String> = history.split_whitespace().map(String::from).collect();
        let mut game = Game::by_name(variant, None).unwrap();
        for m in &moves {
            game.play_uci(m).unwrap();
        }
        let legal = game.legal_moves_uci();
        assert!(legal.iter().any(|m| m == takes), "{variant}: {legal:?}");
        assert!(
            !legal.iter().any(|m| m == quiet),
            "{variant}: no check: {legal:?}"
        );
        for seed in 0..3 {
            let out = go(variant, seed, &moves, 1000);
            assert!(!out.contains("inconsistent"), "{variant}: {out}");
            let m = best(&out);
            assert!(legal.contains(&m), "{variant}: {m}: {out}");
        }
    }
}
