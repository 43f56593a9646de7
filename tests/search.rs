//! The searcher: mates found within a node budget (chess and Chess960), the bench
//! signature, MultiPV, searchmoves, several threads and game ends inside the search.
//! No assertion depends on timing: every search here is limited by nodes or depth.

use protean::engine::bench::bench;
use protean::engine::Game;
use protean::search::{
    Control, Limits, Score, SearchMemory, SearchResult, Settings, TranspositionTable,
};

fn search(variant: &str, fen: &str, limits: Limits, settings: Settings) -> SearchResult {
    let game = Game::by_name(variant, Some(fen)).unwrap();
    let tt = TranspositionTable::new(16);
    crate::common::search_once(&game, &limits, &settings, &tt)
}

fn mate_search(variant: &str, fen: &str, moves: u32) -> SearchResult {
    let limits = Limits {
        nodes: Some(2_000_000),
        mate: Some(moves),
        ..Limits::default()
    };
    search(variant, fen, limits, Settings::default())
}

/// (variant, FEN, mate in, the mating first move when it is the only one).
const MATES: &[(&str, &str, i32, Option<&str>)] = &[
    // Back-rank mate.
    (
        "chess",
        "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
        1,
        Some("a1a8"),
    ),
    // Scholar's mate: Qxf7#.
    (
        "chess",
        "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
        1,
        Some("h5f7"),
    ),
    // Black to move mates: ...Qxf2# style (the same pattern mirrored).
    (
        "chess",
        "rnb1k1nr/pppp1ppp/8/2b1p3/4P2q/2N5/PPPP1PPP/R1BQKBNR b KQkq - 3 3",
        1,
        Some("h4f2"),
    ),
    // 1.Nf6+ gxf6 2.Bxf7#.
    (
        "chess",
        "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1",
        2,
        Some("d5f6"),
    ),
    // Queen sacrifice then back-rank mate: 1.Qd8+ Rxd8 2.Rxd8#.
    (
        "chess",
        "2r3k1/5ppp/8/8/8/8/3Q1PPP/3R2K1 w - - 0 1",
        2,
        Some("d2d8"),
    ),
    // Ladder mate with two rooks: 1.Ra7 Kg8 2.Rb8#.
    ("chess", "7k/8/8/8/8/8/8/RR4K1 w - - 0 1", 2, None),
    // 1...Bc5+ 2.Kxc5 Qb6+ 3.Kd5 Qd6#.
    (
        "chess",
        "r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1",
        3,
        Some("f8c5"),
    ),
    // Chess960: castling queen side (king b1, rook a1) is the only mate: the rook lands
    // on d1 and checks along the open d-file.
    (
        "fischerandom",
        "2rkr3/2p1p3/8/8/8/8/8/RK6 w A - 0 1",
        1,
        Some("b1a1"),
    ),
    (
        "fischerandom",
        "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
        1,
        Some("a1a8"),
    ),
    (
        "fischerandom",
        "2r3k1/5ppp/8/8/8/8/3Q1PPP/3R2K1 w - - 0 1",
        2,
        Some("d2d8"),
    ),
    // Drop mates: a rook from the hand on the back rank (any of a8..e8).
    ("crazyhouse", "6k1/5ppp/8/8/8/8/8/4K3[R] w - - 0 1", 1, None),
    ("crazyhouse", "4k3/8/8/8/8/8/5PPP/6K1[r] b - - 0 1", 1, None),
    // A queen dropped next to the cornered king, guarded by the other king.
    ("crazyhouse", "k7/2K5/8/8/8/8/8/8[Q] w - - 0 1", 1, None),
];

#[test]
fn finds_mates_within_a_node_budget() {
    for &(variant, fen, n, best) in MATES {
        let r = mate_search(variant, fen, n as u32);
        assert_eq!(r.score, Some(Score::Mate(n)), "{variant} {fen}: {r:?}");
        if let Some(b) = best {
            assert_eq!(r.best.as_deref(), Some(b), "{variant} {fen}: {r:?}");
        }
        let game = Game::by_name(variant, Some(fen)).unwrap();
        assert!(game.legal_moves_uci().contains(r.best.as_ref().unwrap()));
    }
}

#[test]
fn avoids_stalemating_a_lone_king() {
    // Qf7?? stalemates the king in the corner; any sensible move keeps the win.
    let fen = "7k/8/8/5Q2/8/8/8/K7 w - - 0 1";
    let r = search("chess", fen, Limits::depth(6), Settings::default());
    assert_ne!(r.best.as_deref(), Some("f5f7"), "{r:?}");
    match r.score {
        Some(Score::Cp(c)) => assert!(c > 500, "{r:?}"),
        Some(Score::Mate(m)) => assert!(m > 0, "{r:?}"),
        None => panic!("no score"),
    }
    // Stalemate on the board: no move to search.
    let fen = "7k/5Q2/8/8/8/8/8/K7 b - - 0 1";
    assert!(Game::by_name("chess", Some(fen))
        .unwrap()
        .outcome()
        .is_some());
    let r = search("chess", fen, Limits::depth(3), Settings::default());
    assert_eq!(r.best, None);
}

#[test]
fn the_move_rule_is_a_draw_inside_the_search() {
    // A rook up, but every move completes the 50-move rule (no capture, no pawn).
    let fen = "8/8/8/4k3/8/8/8/R3K3 w - - 99 80";
    let r = search("chess", fen, Limits::depth(4), Settings::default());
    assert_eq!(r.score, Some(Score::Cp(0)), "{r:?}");
    // The same position with a fresh clock is winning.
    let fen = "8/8/8/4k3/8/8/8/R3K3 w - - 0 80";
    let r = search("chess", fen, Limits::depth(4), Settings::default());
    assert!(matches!(r.score, Some(Score::Cp(c)) if c > 300), "{r:?}");
}

#[test]
fn a_mate_that_completes_the_move_rule_stands_inside_the_search() {
    // Every White move completes the 50-move rule, but Ra8 also mates (the king on g6
    // covers g7 and h7, the rook the eighth rank): the mate stands, as in FIDE and
    // `Position::outcome`, so the search must score it as a mate, not as the draw.
    // Makruk's expired count is judged on the same path (`draw_score`).
    let fen = "7k/8/6K1/8/8/8/8/R7 w - - 99 80";
    let r = search("chess", fen, Limits::depth(3), Settings::default());
    assert_eq!(r.score, Some(Score::Mate(1)), "{r:?}");
    assert_eq!(r.best.as_deref(), Some("a1a8"), "{r:?}");
}

#[test]
fn bench_signature_is_stable() {
    let a = bench(5, |_, _, _| {}).unwrap();
    let b = bench(5, |_, _, _| {}).unwrap();
    assert_eq!(a.per_position, b.per_position);
    assert!(a.per_position.iter().all(|&n| n > 0));
}

#[test]
fn multipv_gives_distinct_lines() {
    let game = Game::by_name("chess", None).unwrap();
    let tt = TranspositionTable::new(16);
    let control = Control::new(false);
    let settings = Settings {
        multipv: 3,
        ..Settings::default()
    };
    let mut last: Vec<(usize, String)> = Vec::new();
    game.search(
        &Limits::depth(5),
        &settings,
        &tt,
        &control,
        &mut SearchMemory::new(),
        &mut |r| {
            if r.depth == 5 {
                last.push((r.multipv, r.pv[0].clone()));
            }
        },
    );
    assert_eq!(last.len(), 3, "{last:?}");
    let mut firsts: Vec<&String> = last.iter().map(|(_, m)| m).collect();
    firsts.sort();
    firsts.dedup();
    assert_eq!(firsts.len(), 3, "{last:?}");
}

#[test]
fn searchmoves_restricts_the_root() {
    let limits = Limits {
        depth: Some(4),
        searchmoves: vec!["a2a3".into(), "h2h3".into()],
        ..Limits::default()
    };
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let r = search("chess", fen, limits, Settings::default());
    assert!(matches!(r.best.as_deref(), Some("a2a3" | "h2h3")), "{r:?}");
}

#[test]
fn several_threads_agree_on_a_forced_mate() {
    let settings = Settings {
        threads: 3,
        ..Settings::default()
    };
    let limits = Limits {
        depth: Some(8),
        ..Limits::default()
    };
    let fen = "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1";
    let r = search("chess", fen, limits, settings);
    assert_eq!(r.score, Some(Score::Mate(2)), "{r:?}");
    assert_eq!(r.best.as_deref(), Some("d5f6"));
    assert!(r.nodes > 0);
}

#[test]
fn a_stopped_search_still_answers_a_legal_move() {
    let game = Game::by_name("chess", None).unwrap();
    let tt = TranspositionTable::new(1);
    let control = Control::new(false);
    control.stop();
    let r = game.search(
        &Limits::default(),
        &Settings::default(),
        &tt,
        &control,
        &mut SearchMemory::new(),
        &mut |_| {},
    );
    assert!(game.legal_moves_uci().contains(&r.best.unwrap()));
}

#[test]
fn repetition_is_a_draw_inside_the_search() {
    // After 1.Nf3 Nf6 2.Ng1 Ng8 3.Nf3 Nf6 4.Ng1, Black can repeat with 4...Ng8; a
    // search from here scores the repeating line as a draw, so the score stays small.
    let mut game = Game::by_name("chess", None).unwrap();
    for m in ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"] {
        game.play_uci(m).unwrap();
    }
    let tt = TranspositionTable::new(16);
    let control = Control::new(false);
    let limits = Limits {
        depth: Some(5),
        searchmoves: vec!["f6g8".into()],
        ..Limits::default()
    };
    let r = game.search(
        &limits,
        &Settings::default(),
        &tt,
        &control,
        &mut SearchMemory::new(),
        &mut |_| {},
    );
    assert_eq!(r.score, Some(Score::Cp(0)), "{r:?}");
}

#[test]
fn every_builtin_variant_searches_to_a_legal_move() {
    for v in protean::variant::builtin_variants() {
        let game = Game::new(v, None).unwrap();
        let tt = TranspositionTable::new(4);
        let r =
            crate::common::search_once(&game, &Limits::nodes(20_000), &Settings::default(), &tt);
        let best = r.best.unwrap_or_else(|| panic!("{}: no move", v.name));
        assert!(game.legal_moves_uci().contains(&best), "{}: {best}", v.name);
    }
}

#[test]
fn variant_game_ends_are_seen_by_the_search() {
    // King of the hill: Kd4 or Ke4 reaches the centre and wins at once.
    let r = mate_search("kingofthehill", "4k3/8/8/8/8/3K4/8/7R w - - 0 1", 1);
    assert_eq!(r.score, Some(Score::Mate(1)), "{r:?}");
    assert!(matches!(r.best.as_deref(), Some("d3d4" | "d3e4")), "{r:?}");
}

#[test]
fn one_memory_serves_a_whole_game_and_a_change_of_variant() {
    // The memory is kept from move to move (killers shifted by the plies played), and a
    // search in a variant with another board starts from fresh tables of its size.
    let mut memory = SearchMemory::new();
    let tt = TranspositionTable::new(4);
    let mut game = Game::by_name("chess", None).unwrap();
    for _ in 0..6 {
        let control = Control::new(false);
        let r = game.search(
            &Limits::nodes(5_000),
            &Settings::default(),
            &tt,
            &control,
            &mut memory,
            &mut |_| {},
        );
        let best = r.best.unwrap();
        assert!(game.legal_moves_uci().contains(&best), "{best}");
        game.play_uci(&best).unwrap();
    }
    for (variant, threads) in [("xiangqi", 2), ("crazyhouse", 1), ("chess", 3)] {
        let game = Game::by_name(variant, None).unwrap();
        tt.clear();
        let control = Control::new(false);
        let settings = Settings {
            threads,
            ..Settings::default()
        };
        let r = game.search(
            &Limits::nodes(5_000),
            &settings,
            &tt,
            &control,
            &mut memory,
            &mut |_| {},
        );
        let best = r.best.unwrap();
        assert!(game.legal_moves_uci().contains(&best), "{variant}: {best}");
        memory.clear();
    }
}
