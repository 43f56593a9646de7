//! Wins the 8x8 variants' own rules allow, found by the search within a node budget:
//! explosions, extinction, the piece-count draw. Limited by nodes, never by time.

use protean::engine::Game;
use protean::search::{Limits, Score, SearchResult, Settings, TranspositionTable};

fn search(variant: &str, fen: &str, mate: Option<u32>, depth: Option<u32>) -> SearchResult {
    let game = Game::by_name(variant, Some(fen)).unwrap();
    let tt = TranspositionTable::new(16);
    let limits = Limits {
        nodes: Some(2_000_000),
        mate,
        depth,
        ..Limits::default()
    };
    crate::common::search_once(&game, &limits, &Settings::default(), &tt)
}

/// (variant, FEN, the only winning first move, why).
const WINS_IN_ONE: &[(&str, &str, &str, &str)] = &[
    (
        "atomic",
        "rnbqkbnr/pppppppp/8/6N1/8/8/PPPPPPPP/RNBQKB1R w KQkq - 0 1",
        "g5f7",
        "Nxf7 explodes the king on e8 next to f7",
    ),
    (
        "blackhorde",
        "8/8/8/8/8/8/1p6/K7 w - - 0 1",
        "a1b2",
        "taking the horde's last pawn wins by extinction",
    ),
    (
        "massacre",
        "8/8/8/8/8/8/8/Qq6 w - - 0 1",
        "a1b1",
        "taking Black's last piece wins",
    ),
];

#[test]
fn immediate_variant_wins_are_found() {
    for &(variant, fen, best, why) in WINS_IN_ONE {
        assert_mate_in_one(variant, fen, best, why, Some(1), None);
    }
}

#[test]
fn atomic_king_never_captures() {
    // The rook on e2 checks the king on e1. Taking it would explode White's own king, and
    // d2/f2 stay on the rook's rank: only Kd1 and Kf1 are legal, and the search picks one.
    let fen = "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1";
    let game = Game::by_name("atomic", Some(fen)).unwrap();
    let mut legal = game.legal_moves_uci();
    legal.sort();
    assert_eq!(legal, ["e1d1", "e1f1"]);
    let r = search("atomic", fen, None, Some(6));
    let best = r.best.expect("a move");
    assert!(legal.contains(&best), "{best}");
}

#[test]
fn suicide_dhl_sees_the_two_piece_draw() {
    // White must capture b2 (compulsory), leaving two pieces: a draw, score 0.
    let r = search(
        "suicide-dhl",
        "8/8/8/8/8/8/1p6/K6k w - - 0 1",
        None,
        Some(4),
    );
    assert_eq!(r.best.as_deref(), Some("a1b2"));
    assert_eq!(r.score, Some(Score::Cp(0)), "{r:?}");
}

/// (variant, FEN, the mating move, why): checks beyond an attack on the king, which the
/// search must treat as check (answered in quiescence by every legal move; none is
/// mate). Searched to depth 1, so the reply node is a quiescence node.
const EXTRA_CHECK_MATES: &[(&str, &str, &str, &str)] = &[
    (
        "xenophobic",
        "6bk/8/8/8/8/8/8/2R1K3 w - - 0 1",
        "c1c8",
        "the rook intrudes on c8 (no ordinary check: g8 blocks) and nothing can take it",
    ),
    (
        "separation",
        "q6k/2p5/1p6/7Q/8/8/8/1R2K3 w - - 0 1",
        "b1a1",
        "the rook checks the queen on a8, whose knight moves b6 and c7 are blocked",
    ),
];

#[test]
fn checks_beyond_the_king_are_seen_in_quiescence() {
    for &(variant, fen, best, why) in EXTRA_CHECK_MATES {
        assert_mate_in_one(variant, fen, best, why, None, Some(1));
    }
}

/// The search (a mate search of `mate` moves, or `depth` plies) scores a mate in one and
/// plays `best`.
fn assert_mate_in_one(
    variant: &str,
    fen: &str,
    best: &str,
    why: &str,
    mate: Option<u32>,
    depth: Option<u32>,
) {
    let r = search(variant, fen, mate, depth);
    assert_eq!(
        r.score,
        Some(Score::Mate(1)),
        "{variant} {fen} ({why}): {r:?}"
    );
    assert_eq!(
        r.best.as_deref(),
        Some(best),
        "{variant} {fen} ({why}): {r:?}"
    );
}
