//! The move generator's less-travelled paths: the `u128` and `Wide` instances, the
//! generic pseudo-legal-then-filter strategy, games without a royal piece, and the Betza
//! features no orthodox piece uses (limited riders, nightriders, cannons, grasshoppers,
//! lame leaps, initial-only moves, move-only and capture-only pieces) on boards from 5x5
//! to 19x19.
//!
//! Counts come from reference data or are worked out by hand: the chess suites of
//! `engine-tests/perft/` (Stockfish), the fairy suites of `engine-tests/generator/`
//! (Fairy-Stockfish on the same variants, see the README there), and hand counts, each
//! with its derivation next to it. The hand counts on boards up to 10x10 are depth 1 of
//! the Fairy-Stockfish data too, and agree with it; the 13x13 and 19x19 ones are beyond
//! the Fairy-Stockfish build used. Squares are written `(file, rank)` from 0 in the
//! derivations and by name (`a10`) in the move lists.

use crate::common;

use protean::board::{Bitboard, Wide};
use protean::movegen::perft::perft;
use protean::position::{Move, MoveKind, MoveList, Position};
use protean::variant::parts::WithRoyal;
use protean::variant::rules::Rules;
use protean::variant::{find_variant, PieceKind, Variant};
use std::sync::Arc;

/// Largest reference count checked per position on the slower instances and paths
/// (about 3 s for all five suites in `cargo test --release`).
const BUDGET: u64 = 1_000_000;

// ---------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------

fn compile<B: Bitboard>(variant: Variant) -> Arc<Rules<B>> {
    let name = variant.name.clone();
    Arc::new(Rules::<B>::new(Arc::new(variant)).unwrap_or_else(|e| panic!("{name}: {e}")))
}

/// Whether the generator plan takes the pin-aware generator where the side has its
/// royal piece.
fn is_pin_aware<B: Bitboard>(rules: &Rules<B>) -> bool {
    matches!(rules.plan.with_royal, WithRoyal::PinAware)
}

fn setup<B: Bitboard>(rules: &Arc<Rules<B>>, fen: &str) -> Position<B> {
    Position::from_fen(rules.clone(), fen)
        .unwrap_or_else(|e| panic!("{}: {fen}: {e}", rules.variant.name))
}

fn builtin(name: &str) -> Variant {
    (*find_variant(name).unwrap()).clone()
}

/// The royal king of the fairy variants below.
fn king() -> PieceKind {
    let mut k = PieceKind::new("king", 'K', "K");
    k.royal = true;
    k
}

fn piece(name: &str, letter: char, betza: &str) -> PieceKind {
    PieceKind::new(name, letter, betza)
}

/// A fairy variant: the given board and pieces, no castling, no promotion; every other
/// rule as in chess.
fn fairy(name: &str, files: usize, ranks: usize, pieces: Vec<PieceKind>, fen: &str) -> Variant {
    Variant {
        name: name.into(),
        aliases: vec![],
        description: format!("test variant {name}"),
        files,
        ranks,
        pieces,
        start_fen: fen.into(),
        castling: None,
        promotion: None,
        ..builtin("chess")
    }
}

/// The same variant with one more piece kind, a grasshopper that no test position
/// holds: its hopper capture switches the generator to the generic strategy.
fn with_grasshopper(mut v: Variant) -> Variant {
    let letter = ['G', 'Z']
        .into_iter()
        .find(|&l| v.kind_by_letter(l).is_none())
        .unwrap();
    v.name = if v.name == "chess" {
        "chess-grasshopper".into()
    } else {
        format!("{}+grasshopper", v.name)
    };
    v.pieces.push(PieceKind::new("grasshopper", letter, "gQ"));
    v
}

/// Every legal move in UCI notation, sorted; also checks that the bulk count used by
/// perft's last ply agrees with the list.
fn legal<B: Bitboard>(pos: &Position<B>) -> Vec<String> {
    let list = pos.legal_moves();
    let mut moves: Vec<String> = list
        .as_slice()
        .iter()
        .map(|&m| pos.move_to_uci(m))
        .collect();
    moves.sort();
    let mut copy = pos.clone();
    assert_eq!(
        perft(&mut copy, 1),
        moves.len() as u64,
        "perft 1 and the move list disagree: {}",
        pos.to_fen()
    );
    moves
}

/// The legal moves from one square, sorted.
fn legal_from<B: Bitboard>(pos: &Position<B>, from: &str) -> Vec<String> {
    let geo = pos.rules().geo;
    let sq = geo.parse_square(from).unwrap();
    let mut moves: Vec<String> = pos
        .legal_moves()
        .as_slice()
        .iter()
        .filter(|m| m.from() == sq)
        .map(|&m| pos.move_to_uci(m))
        .collect();
    moves.sort();
    moves
}

fn sorted(moves: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = moves.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// Asserts the exact legal move set of `fen`.
fn assert_legal<B: Bitboard>(rules: &Arc<Rules<B>>, fen: &str, expected: &[&str]) {
    let pos = setup(rules, fen);
    assert_eq!(legal(&pos), sorted(expected), "{fen}");
}

/// Asserts the moves of the piece on `from` and the total number of legal moves.
fn assert_piece<B: Bitboard>(
    rules: &Arc<Rules<B>>,
    fen: &str,
    from: &str,
    expected: &[&str],
    total: usize,
) {
    let pos = setup(rules, fen);
    assert_eq!(legal_from(&pos, from), sorted(expected), "{from} in {fen}");
    assert_eq!(legal(&pos).len(), total, "{fen}");
}

fn perft_of<B: Bitboard>(rules: &Arc<Rules<B>>, fen: &str, depth: u32) -> u64 {
    perft(&mut setup(rules, fen), depth)
}

/// Checks every listed count up to `BUDGET` of `<file>.perft`.
fn check_suite<B: Bitboard>(rules: &Arc<Rules<B>>, file: &str) {
    let cases = common::read_perft_file(&format!("{file}.perft"));
    assert!(cases.len() > 40, "{file}.perft: {} positions", cases.len());
    let mut failures = Vec::new();
    let mut checked = 0;
    for case in &cases {
        let mut pos = setup(rules, &case.fen);
        for &(depth, expected) in &case.counts {
            if expected > BUDGET && depth > 1 {
                continue;
            }
            checked += 1;
            let got = perft(&mut pos, depth);
            if got != expected {
                failures.push(format!(
                    "{file}.perft:{} depth {depth}: expected {expected}, got {got} ({})",
                    case.line, case.fen
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} on {}: {} mismatches:\n{}",
        rules.variant.name,
        std::any::type_name::<B>(),
        failures.len(),
        failures.join("\n")
    );
    // Every position has at least depths 1 and 2 within the budget.
    assert!(checked >= 2 * cases.len(), "{file}: only {checked} counts");
}

// ---------------------------------------------------------------------------------
// 1. The u128 and Wide instances count chess exactly as u64 does
// ---------------------------------------------------------------------------------

#[test]
fn chess_suite_on_u128() {
    let rules = compile::<u128>(builtin("chess"));
    assert!(is_pin_aware(&rules));
    check_suite(&rules, "chess");
}

#[test]
fn chess_suite_on_wide() {
    let rules = compile::<Wide>(builtin("chess"));
    assert!(is_pin_aware(&rules));
    check_suite(&rules, "chess");
}

#[test]
fn fischerandom_suite_on_u128() {
    check_suite(&compile::<u128>(builtin("fischerandom")), "fischerandom");
}

#[test]
fn fischerandom_suite_on_wide() {
    check_suite(&compile::<Wide>(builtin("fischerandom")), "fischerandom");
}

// ---------------------------------------------------------------------------------
// 2. The generic strategy, and games without a royal piece
// ---------------------------------------------------------------------------------

#[test]
fn generic_path_counts_the_chess_suite() {
    let rules = compile::<u64>(with_grasshopper(builtin("chess")));
    assert!(!is_pin_aware(&rules));
    assert!(rules.royalty.kind().is_some());
    check_suite(&rules, "chess");
}

#[test]
fn generic_path_counts_the_fischerandom_suite() {
    let rules = compile::<u64>(with_grasshopper(builtin("fischerandom")));
    assert!(!is_pin_aware(&rules));
    check_suite(&rules, "fischerandom");
}

/// Castling may not pass over a square that a walker (hopper, nightrider) attacks, even
/// though the square is empty: the attack test must see walkers' reach on empty squares.
#[test]
fn castling_through_a_square_attacked_by_a_walker() {
    // Black grasshopper f5 rides down the f-file over f4 and f3 to the screen f2 and
    // lands on f1: f1 is attacked, so O-O is illegal (and Kf1 too).
    // White: Ke1 d1 d2 e2 (f1 attacked, f2 own pawn) = 3; pawn f2 f3 f4 = 2;
    // rook h1 g1 f1 h2..h8 = 9; no castling. 14.
    let rules = compile::<u64>(test_variant("chess-grasshopper"));
    let fen = "4k3/8/8/5g2/8/8/5P2/4K2R w K - 0 1";
    let pos = setup(&rules, fen);
    let moves = legal(&pos);
    assert!(!moves.contains(&"e1g1".to_string()), "{moves:?}");
    assert_eq!(moves.len(), 14, "{moves:?}");
    // Remove the screen and the grasshopper attacks nothing on the first rank: O-O is
    // back. Ke1 d1 d2 e2 f1 f2 = 5; rook 9; O-O = 1. 15.
    let open = "4k3/8/8/5g2/8/8/8/4K2R w K - 0 1";
    assert!(legal(&setup(&rules, open)).contains(&"e1g1".to_string()));
    assert_eq!(legal(&setup(&rules, open)).len(), 15);

    // A black nightrider d5 reaches f1 through e3 (vector (1,-2) twice).
    // Nightrider targets from d5: e3 f1, c3 b1, f4 h3, b4, e7, c7, f6 h7, b6.
    // White: Ke1 d1 d2 e2 f2 (f1 attacked) = 4; rook h1 g1 f1 h2..h8 = 9; no O-O. 13.
    let rules = compile::<u64>(test_variant("chess-nightrider"));
    assert!(!is_pin_aware(&rules));
    let fen = "4k3/8/8/3s4/8/8/8/4K2R w K - 0 1";
    let moves = legal(&setup(&rules, fen));
    assert_eq!(moves.len(), 13, "{moves:?}");
    assert!(!moves.contains(&"e1g1".to_string()));
    assert!(!moves.contains(&"e1f1".to_string()));
}

fn chess_without_royalty() -> Variant {
    let mut v = builtin("chess");
    v.name = "chess-noroyal".into();
    let k = v.kind_by_letter('K').unwrap();
    v.pieces[k].royal = false;
    v.castling = None;
    v.start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1".into();
    v
}

#[test]
fn no_royal_piece() {
    let rules = compile::<u64>(chess_without_royalty());
    assert!(rules.royalty.kind().is_none());
    assert!(!is_pin_aware(&rules));
    let start = rules.variant.start_fen.clone();
    // No check can arise in the first three plies, so the tree is chess's.
    assert_eq!(perft_of(&rules, &start, 1), 20);
    assert_eq!(perft_of(&rules, &start, 2), 400);
    assert_eq!(perft_of(&rules, &start, 3), 8902);

    // White Ke1 "in check" from the rook a1, knight g1. Without royalty the king may
    // stay on or step into attacked squares: Ke1 d1 d2 e2 f1 f2 = 5, Ng1 e2 f3 h3 = 3.
    // In chess only Kd2 Ke2 Kf2 are legal (d1 and f1 are on the rook's rank, and the
    // knight cannot reach b1 c1 d1 to block).
    let fen = "4k3/8/8/8/8/8/8/r3K1N1 w - - 0 1";
    let pos = setup(&rules, fen);
    assert!(!pos.in_check());
    assert_legal(
        &rules,
        fen,
        &[
            "e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "g1e2", "g1f3", "g1h3",
        ],
    );
    let chess = compile::<u64>(builtin("nocastle"));
    assert_legal(&chess, fen, &["e1d2", "e1e2", "e1f2"]);

    // Capturing the king is a move like any other. White rook e2 (e3..e7, e8 takes the
    // king, a2..d2, f2..h2 = 13) and Ke1 (d1 d2 f1 f2 = 4): 17. Black answers each with
    // the five king moves d8 d7 e7 f7 f8 (e7 takes a rook there; attacked squares do
    // not matter), except after Rxe8, when Black has no piece left: 16 * 5 + 0 = 80.
    let fen = "4k3/8/8/8/8/8/4R3/4K3 w - - 0 1";
    let pos = setup(&rules, fen);
    assert!(legal(&pos).contains(&"e2e8".to_string()));
    assert_eq!(perft_of(&rules, fen, 1), 17);
    assert_eq!(perft_of(&rules, fen, 2), 80);
    // The same on u128 and Wide.
    assert_eq!(
        perft_of(&compile::<u128>(chess_without_royalty()), fen, 2),
        80
    );
    assert_eq!(
        perft_of(&compile::<Wide>(chess_without_royalty()), fen, 2),
        80
    );
}

// ---------------------------------------------------------------------------------
// 3. Fairy pieces, counted by hand
// ---------------------------------------------------------------------------------

/// A piece that only moves forward to an empty square and never captures: a neutral
/// blocker for the positions below.
fn blocker() -> PieceKind {
    piece("blocker", 'P', "mfW")
}

fn wazir() -> PieceKind {
    piece("wazir", 'W', "W")
}

/// The test variants, by the names of their files in `engine-tests/generator/`; each
/// matches its Fairy-Stockfish definition in `engine-tests/generator/variants.ini`.
fn test_variant(name: &str) -> Variant {
    let (files, ranks, pieces) = match name {
        "nightrider9x10" => (9, 10, vec![piece("nightrider", 'N', "NN"), blocker()]),
        "shortrook5x5" => (5, 5, vec![piece("short rook", 'T', "R2"), blocker()]),
        "cannon9x10" => (
            9,
            10,
            vec![piece("cannon", 'C', "mRcpR"), blocker(), wazir()],
        ),
        "grasshopper7x7" => (7, 7, vec![piece("grasshopper", 'G', "gQ"), wazir()]),
        "lame9x10" => (
            9,
            10,
            vec![
                piece("horse", 'H', "nN"),
                piece("elephant", 'E', "nA"),
                wazir(),
            ],
        ),
        "split7x7" => (
            7,
            7,
            vec![
                // Moves as a queen to empty squares, captures only by a knight's leap.
                piece("mover", 'M', "mQcN"),
                // Moves as a rook to empty squares, captures only as a bishop.
                piece("crosser", 'X', "mRcB"),
                wazir(),
            ],
        ),
        "leapers8x8" => (
            8,
            8,
            vec![
                piece("rook", 'R', "R"),
                piece("bishop", 'B', "B"),
                piece("dabbaba", 'D', "D"),
                piece("alfil", 'E', "A"),
            ],
        ),
        "initial10x10" => {
            // 'I' leaps as a knight, 'J' rides up to three squares straight forward, both
            // only from their initial rank and only to empty squares; both always step
            // as a wazir. The initial rank is the pawn's: the second rank seen from each
            // side (rank 2 for White, rank 9 for Black on ten ranks). The initial moves
            // are move-only because Fairy-Stockfish's never capture.
            let pawn_ranks = builtin("chess").pieces[0].initial_ranks.clone();
            let mut i = piece("initial knight", 'I', "WimN");
            i.initial_ranks = pawn_ranks.clone();
            let mut j = piece("initial runner", 'J', "WimfR3");
            j.initial_ranks = pawn_ranks;
            (10, 10, vec![i, j, wazir()])
        }
        "chess-grasshopper" => return with_grasshopper(builtin("chess")),
        "chess-nightrider" => {
            let mut v = builtin("chess");
            v.name = name.into();
            v.pieces.push(piece("nightrider", 'S', "NN"));
            return v;
        }
        _ => panic!("no test variant {name}"),
    };
    let mut all = vec![king()];
    all.extend(pieces);
    let empty_rank = files.to_string();
    let mut rows = vec![empty_rank; ranks];
    rows[0] = format!("{}k", files - 1);
    rows[ranks - 1] = format!("K{}", files - 1);
    fairy(
        name,
        files,
        ranks,
        all,
        &format!("{} w - - 0 1", rows.join("/")),
    )
}

#[test]
fn nightrider_on_9x10() {
    let rules = compile::<u128>(test_variant("nightrider9x10"));
    assert!(!is_pin_aware(&rules));
    // Nightrider e2 = (4,1) on a 9x10 board:
    //   (1,2):  f4 g6 h8 (black blocker, captured; the ride stops)
    //   (-1,2): d4 c6, then b8 is White's own blocker
    //   (2,1):  g3 i4;  (-2,1): c3 a4;  (2,-1): g1;  (-2,-1): c1;  (+-1,-2): off board.
    // Plus Ki1 h1 h2 i2 (no black piece attacks anything) and b8-b9: 11 + 3 + 1 = 15.
    assert_piece(
        &rules,
        "4k4/9/1P5p1/9/9/9/9/9/4N4/8K w - - 0 1",
        "e2",
        &[
            "e2f4", "e2g6", "e2h8", "e2d4", "e2c6", "e2g3", "e2i4", "e2c3", "e2a4", "e2g1", "e2c1",
        ],
        15,
    );
    // Black king a10 in check from the nightrider e2 along d4 c6 b8. Evasions: Ka9,
    // Kb9, Kb10 (none on a nightrider line from e2: the differences (-4,7), (-3,7),
    // (-3,8) are no multiples of a knight vector) and c7-c6, which blocks the ride;
    // h5-h4 does not.
    assert_legal(
        &rules,
        "k8/9/9/2p6/9/7p1/9/9/4N4/8K b - - 0 1",
        &["a10a9", "a10b9", "a10b10", "c7c6"],
    );
}

#[test]
fn limited_rook_on_5x5() {
    for betza in ["R2", "W2"] {
        let mut v = test_variant("shortrook5x5");
        v.pieces[1].betza = betza.into();
        let rules = compile::<u64>(v);
        assert!(!is_pin_aware(&rules), "{betza}");
        // Short rook c3: up c4 takes the blocker and stops; down c2 c1; left b3 a3
        // (two steps reach the edge); right d3 is White's own. Ka1 a2 b1 b2 (nothing
        // black captures), d3-d4: 5 + 3 + 1 = 9.
        assert_piece(
            &rules,
            "4k/2p2/2TP1/5/K4 w - - 0 1",
            "c3",
            &["c3c4", "c3c2", "c3c1", "c3b3", "c3a3"],
            9,
        );
        // Black short rook c5 checks Kc3 from two squares away. It attacks c4 c3 (two
        // steps down) and b5 a5 d5; the black king e5 covers d4. So Kc4 and Kd4 are
        // illegal, but Kc2 is legal: three squares away, out of the rook's range (a full
        // rook would still attack it). Kb2 Kb3 Kb4 Kc2 Kd2 Kd3.
        assert_legal(
            &rules,
            "2t1k/5/2K2/5/5 w - - 0 1",
            &["c3b2", "c3b3", "c3b4", "c3c2", "c3d2", "c3d3"],
        );
    }
}

#[test]
fn cannon_on_9x10() {
    let rules = compile::<u128>(test_variant("cannon9x10"));
    assert!(!is_pin_aware(&rules));
    // Cannon e2: up e3 e4, then the own blocker e5 is a screen and the first piece
    // behind it, e8, is captured; down e1; left d2, then c2 is a screen with nothing
    // behind it; right f2, then g2 is a screen (not capturable by moving) and i2 behind
    // it is captured across the empty h2. 7 moves. Ka1 a2 b1 b2, e5-e6, c2-c3: 12.
    assert_piece(
        &rules,
        "k8/9/4p4/9/9/4P4/9/9/2P1C1p1p/K8 w - - 0 1",
        "e2",
        &["e2e3", "e2e4", "e2e8", "e2e1", "e2d2", "e2f2", "e2i2"],
        12,
    );
    // A cannon check, answered in every way a cannon allows. Black cannon e6, white
    // screen (wazir) e3, Ke1: e5 e4 empty, screen e3, e2 empty, king e1 captured.
    // - King: d1 f1 d2 f2; e2 stays on the file behind the screen: attacked.
    // - Screen e3 leaves the file: d3, f3; e4 or e2 keeps it the only screen: illegal.
    // - Wazir d4-e4 adds a second screen: the cannon's capture then stops at e3.
    //   d4-c4, d4-d5, d4-d3 leave the check.
    // - Wazir f6 takes the cannon; its other moves leave the check.
    // 4 + 2 + 1 + 1 = 8.
    let fen = "4k4/9/9/9/4cW3/9/3W5/4W4/9/4K4 w - - 0 1";
    assert!(setup(&rules, fen).in_check());
    assert_legal(
        &rules,
        fen,
        &[
            "e1d1", "e1f1", "e1d2", "e1f2", "e3d3", "e3f3", "d4e4", "f6e6",
        ],
    );
}

#[test]
fn grasshopper_on_13x13_and_7x7() {
    let mut v = test_variant("grasshopper7x7");
    v.name = "grasshopper13x13".into();
    (v.files, v.ranks) = (13, 13);
    v.start_fen = "12k/13/13/13/13/13/13/13/13/13/13/13/K12 w - - 0 1".into();
    let rules = compile::<Wide>(v);
    assert!(!is_pin_aware(&rules));
    // Grasshopper g7 = (6,6) on 13x13: it rides to the first piece and lands just
    // behind it. Up: screen g9 (own wazir) -> g10. Right: screen j7 -> k7. Up-right:
    // h8, screen i9 -> j10, a black wazir: captured. Up-left f8..a13, right-down
    // h6..m1, left and down: no screen. Down-left f6..b2: the screen is the own king
    // a1, behind it is off the board. 3 moves.
    // Ka1 a2 b1 b2 (the black wazirs are far) and wazir g9 g10 g8 f9 h9: 3 + 3 + 4 = 10.
    assert_piece(
        &rules,
        "12k/13/13/9w3/6W1w4/13/6G2w3/13/13/13/13/13/K12 w - - 0 1",
        "g7",
        &["g7g10", "g7k7", "g7j10"],
        10,
    );

    // A grasshopper check on 7x7: black grasshopper d5, white screen d2 right in front
    // of Kd1, so the grasshopper lands on d1. Its other lines: over e5 to f5, over c4
    // to b3, nothing else. Evasions:
    // - King c1 e1 c2 e2 (not d1's neighbours on a grasshopper landing square).
    // - Screen d2: c2, e2 (no screen left on the file: the king itself becomes the
    //   screen) and d3 (screen no longer adjacent: the grasshopper lands on d2).
    // - Wazir c4-d4 becomes the first screen: the grasshopper lands on d3. Its other
    //   moves leave the check.
    // - Wazir e5 takes the grasshopper.
    // 4 + 3 + 1 + 1 = 9.
    let v = test_variant("grasshopper7x7");
    let fen = "6k/7/3gW2/2W4/7/3W3/3K3 w - - 0 1";
    let expected = [
        "d1c1", "d1e1", "d1c2", "d1e2", "d2c2", "d2e2", "d2d3", "c4d4", "e5d5",
    ];
    let rules = compile::<u64>(v.clone());
    assert!(setup(&rules, fen).in_check());
    assert_legal(&rules, fen, &expected);
    // The same on the other instances.
    assert_legal(&compile::<u128>(v.clone()), fen, &expected);
    assert_legal(&compile::<Wide>(v), fen, &expected);
}

#[test]
fn lame_leapers_on_9x10() {
    let rules = compile::<u128>(test_variant("lame9x10"));
    assert!(!is_pin_aware(&rules));
    // Horse e5 = (4,4): the leg of (+-1,2) is e6 (own wazir: blocked), of (2,+-1) is f5
    // (black wazir: blocked), of (+-1,-2) is e4 and of (-2,+-1) is d5 (both empty):
    // d3 f3 c4 c6. Ka1 a2 b1 b2 and wazir e6 e7 d6 f6: 4 + 3 + 3 = 10.
    assert_piece(
        &rules,
        "8k/9/9/9/4W4/4Hw3/9/9/9/K8 w - - 0 1",
        "e5",
        &["e5d3", "e5f3", "e5c4", "e5c6"],
        10,
    );
    // Elephant c1: to e3 the eye d2 is blocked by the own wazir; to a3 the eye b2 is
    // free and a black wazir is taken. Wazir d2 d1 d3 c2 e2, Ki1 h1 h2 i2: 1 + 4 + 3 = 8.
    assert_piece(
        &rules,
        "4k4/9/9/9/9/9/9/w8/3W5/2E5K w - - 0 1",
        "c1",
        &["c1a3"],
        8,
    );
    // A horse check answered by blocking the leg. Black horse f3 checks Ke1 over the
    // leg f2. The horse attacks g1 e1 (leg f2), h4 h2 (leg g3), d4 d2 (leg e3); g5 e5
    // are blocked by the white wazir f4.
    // - King d1 f1 e2 f2 (d2 is attacked).
    // - Wazir g2-f2 blocks the leg; g1 g3 h2 do not.
    // - Wazir f4 takes the horse; e4 g4 f5 do not help.
    // 4 + 1 + 1 = 6.
    let fen = "4k4/9/9/9/9/9/5W3/5h3/6W2/4K4 w - - 0 1";
    assert!(setup(&rules, fen).in_check());
    assert_legal(
        &rules,
        fen,
        &["e1d1", "e1f1", "e1e2", "e1f2", "g2f2", "f4f3"],
    );
    // The horse blocked at its leg gives no check: with a white wazir on f2 the same
    // placement is quiet, and the king may not step to d2 (still attacked over e3).
    let fen = "4k4/9/9/9/9/9/5W3/5h3/5W3/4K4 w - - 0 1";
    let pos = setup(&rules, fen);
    assert!(!pos.in_check());
    assert_eq!(
        legal_from(&pos, "e1"),
        sorted(&["e1d1", "e1e2", "e1f1"]),
        "{fen}"
    );
}

#[test]
fn initial_moves_on_10x10() {
    // 'I' (WimN) leaps as a knight only from its initial rank, 'J' (WimfR3) rides up to
    // three squares forward only from there, neither capturing; see `test_variant`.
    let rules = compile::<u128>(test_variant("initial10x10"));
    // No initial move captures, so the pin-aware strategy applies (with walkers and
    // special leaps among the quiet moves).
    assert!(is_pin_aware(&rules));
    let fen = "9k/2i3j3/10/10/10/10/4w5/7I2/2I1J5/K9";
    // White:
    // - I c2 (initial rank): wazir b2 d2 c1 c3; knight d4 b4 e3 a3 e1 (a1 is the own
    //   king, the rest is off the board) = 9.
    // - I h3 (not on it): wazir only, g3 i3 h2 h4 = 4.
    // - J e2: wazir d2 f2 e1 e3; forward ride e3, then e4 holds a black wazir, which it
    //   cannot take = 4.
    // - Ka1 a2 b1 b2 = 3.
    // 20.
    assert_legal(
        &rules,
        &format!("{fen} w - - 0 1"),
        &[
            "c2b2", "c2d2", "c2c1", "c2c3", "c2d4", "c2b4", "c2e3", "c2a3", "c2e1", "h3g3", "h3i3",
            "h3h2", "h3h4", "e2d2", "e2f2", "e2e1", "e2e3", "a1a2", "a1b1", "a1b2",
        ],
    );
    // Black, moving down the board:
    // - i c9 (Black's initial rank): wazir b9 d9 c10 c8; knight d7 b7 e10 a10 e8 a8 = 10.
    // - j g9: wazir f9 h9 g10 g8; forward (down) ride g8 g7 g6 = 6.
    // - k j10: i10 i9 j9 = 3.
    // - w e4: d4 f4 e3 e5 = 4.
    // 23.
    assert_legal(
        &rules,
        &format!("{fen} b - - 0 1"),
        &[
            "c9b9", "c9d9", "c9c10", "c9c8", "c9d7", "c9b7", "c9e10", "c9a10", "c9e8", "c9a8",
            "g9f9", "g9h9", "g9g10", "g9g8", "g9g7", "g9g6", "j10i10", "j10i9", "j10j9", "e4d4",
            "e4f4", "e4e3", "e4e5",
        ],
    );
}

#[test]
fn move_only_and_capture_only_pieces_on_7x7() {
    let v = test_variant("split7x7");
    let rules = compile::<u64>(v.clone());
    // Every capture is a leap or a full-line slide: the pin-aware strategy applies.
    assert!(is_pin_aware(&rules));
    // Mover d4 = (3,3): queen moves to empty squares only, captures by knight leaps.
    //   up d5 (d6 is a black crosser: no capture); down d3 d2 d1; left c4 b4 a4;
    //   right e4 f4 g4; up-right e5 f6 (g7 is the black king: no capture);
    //   up-left c5 b6 a7; down-right e3 f2 g1; down-left c3 b2 (a1 own) = 20 quiet;
    //   knight leap onto the black crosser f5 = 1.
    // Ka1: b1 is attacked by the crosser f5 along e4 d3 c2 (captures as a bishop);
    //   a2 and b2 are safe (the crosser d6 moves down the d-file but does not capture
    //   that way): 2. Total 23.
    assert_piece(
        &rules,
        "6k/3x3/5x1/3M3/7/7/K6 w - - 0 1",
        "d4",
        &[
            "d4d5", "d4d3", "d4d2", "d4d1", "d4c4", "d4b4", "d4a4", "d4e4", "d4f4", "d4g4", "d4e5",
            "d4f6", "d4c5", "d4b6", "d4a7", "d4e3", "d4f2", "d4g1", "d4c3", "d4b2", "d4f5",
        ],
        23,
    );
    // Pins follow capture lines only. The crosser g4 pins the mover e2 to Kd1 along
    // the diagonal: it may go to f3 (its only move on that line). The crosser d6 on
    // the d-file pins nothing (it does not capture orthogonally): the wazir d2 moves
    // freely to c2 d3. Kd1 c1 c2 e1 (d2 e2 own). 6.
    let fen = "k6/3x3/7/6x/7/3WM2/3K3 w - - 0 1";
    // A capture-only diagonal gives check: crosser g4 to Kd1 over f3 e2. Wazir d2-e2
    // blocks; the mover e5 blocks on e2 with a queen move or takes g4 with a knight
    // leap; Kd1 c1 c2 e1 (e2 is on the checking line). 6.
    let check = "k6/7/4M2/6x/7/3W3/3K3 w - - 0 1";
    for rules in [
        compile::<u64>(v.clone()),
        compile::<u64>(with_grasshopper(v.clone())),
    ] {
        assert_legal(
            &rules,
            fen,
            &["e2f3", "d2c2", "d2d3", "d1c1", "d1c2", "d1e1"],
        );
        assert!(setup(&rules, check).in_check());
        assert_legal(
            &rules,
            check,
            &["d2e2", "e5e2", "e5g4", "d1c1", "d1c2", "d1e1"],
        );
    }
}

/// Leapers whose jump runs along the pin line (dabbaba (2,0), alfil (2,2)) must stay
/// between the king and the pinner: jumping over the king, or over the pinner, leaves
/// the king attacked.
#[test]
fn pinned_leapers_cannot_jump_off_the_pin_segment() {
    let v = test_variant("leapers8x8");
    // Dabbaba e4 pinned by the rook e8 to Ke3: e6 stays on the line between them; e2
    // (over the king) and c4 g4 do not. Alfil f4 pinned by the bishop h6: h6 takes the
    // pinner; d2 (over the king), d6 and h2 do not. Ke3 d2 d3 d4 e2 f2 f3. 8.
    let fen1 = "k3r3/8/7b/8/4DE2/4K3/8/8 w - - 0 1";
    let expected1 = [
        "e4e6", "f4h6", "e3d2", "e3d3", "e3d4", "e3e2", "e3f2", "e3f3",
    ];
    // Dabbaba e6 pinned by the rook e7 to Ke1: e4 is fine, e8 (over the pinner) is
    // not. Ke1 d1 d2 e2 f1 f2. 6.
    let fen2 = "k7/4r3/4D3/8/8/8/8/4K3 w - - 0 1";
    let expected2 = ["e6e4", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2"];
    let pin_aware = compile::<u64>(v.clone());
    assert!(is_pin_aware(&pin_aware));
    let generic = compile::<u64>(with_grasshopper(v.clone()));
    assert!(!is_pin_aware(&generic));
    for (fen, expected) in [(fen1, &expected1[..]), (fen2, &expected2[..])] {
        assert_legal(&generic, fen, expected);
        assert_legal(&pin_aware, fen, expected);
        assert_legal(&compile::<Wide>(v.clone()), fen, expected);
    }
}

#[test]
fn pins_on_13x13() {
    let pieces = || {
        let mut p = builtin("chess").pieces;
        p.remove(0); // no pawns
        p
    };
    let fen = "r11q/13/13/13/13/13/12k/13/R12/3B9/13/13/KN10r w - - 0 1";
    let v = fairy("big13", 13, 13, pieces(), fen);
    let pin_aware = compile::<Wide>(v.clone());
    assert!(is_pin_aware(&pin_aware));
    let generic = compile::<Wide>(with_grasshopper(v));
    // White Ka1 with three pinned pieces:
    // - rook a5, pinned by the rook a13 on the a-file: a2 a3 a4, a6..a12, takes a13: 11;
    // - bishop d4, pinned by the queen m13 on the long diagonal: b2 c3, e5 f6 g7 h8
    //   i9 j10 k11 l12, takes m13: 11;
    // - knight b1, pinned by the rook m1 on the first rank: no move;
    // - Ka1 a2 b2 (both shielded by the pinned pieces; b1 is the knight's): 2.
    // 24.
    let mut expected = vec![
        "a1a2", "a1b2", "d4b2", "d4c3", "d4e5", "d4f6", "d4g7", "d4h8", "d4i9", "d4j10", "d4k11",
        "d4l12", "d4m13",
    ];
    let rook = [
        "a5a2", "a5a3", "a5a4", "a5a6", "a5a7", "a5a8", "a5a9", "a5a10", "a5a11", "a5a12", "a5a13",
    ];
    expected.extend(rook);
    assert_legal(&pin_aware, fen, &expected);
    assert_legal(&generic, fen, &expected);
    // Both strategies agree deeper too (no reference engine plays 13x13; the count is
    // the one both strategies and the 13x13 pin derivation above lead to).
    assert_eq!(perft_of(&pin_aware, fen, 3), 36365);
    assert_eq!(perft_of(&generic, fen, 3), 36365);
}

// ---------------------------------------------------------------------------------
// 4. 19x19 on Wide
// ---------------------------------------------------------------------------------

#[test]
fn rook_and_kings_on_19x19() {
    let fen = "18k/19/19/19/19/19/19/19/19/9R9/19/19/19/19/19/19/19/19/K18 w - - 0 1";
    let v = fairy("big19", 19, 19, vec![king(), piece("rook", 'R', "R")], fen);
    let pin_aware = compile::<Wide>(v.clone());
    assert!(is_pin_aware(&pin_aware));
    let generic = compile::<Wide>(with_grasshopper(v));
    for rules in [&pin_aware, &generic] {
        let pos = setup(rules, fen);
        assert_eq!(pos.to_fen(), fen);
        // Depth 1: rook j10 = (9,9) sees 18 squares on its file and 18 on its rank,
        // Ka1 a2 b1 b2: 39.
        let moves = legal(&pos);
        assert_eq!(moves.len(), 39);
        for m in ["j10j19", "j10j1", "j10a10", "j10s10", "a1b2"] {
            assert!(moves.contains(&m.to_string()), "{m}");
        }
        assert_eq!(perft_of(rules, fen, 1), 39);
        // Depth 2: Black's Ks19 has r19 r18 s18.
        // - After a king move the rook still covers file j and rank 10: 3 * 3 = 9.
        // - Rook along the file to j19: check along rank 19, r19 attacked: 2.
        //   To j18: r18 s18 attacked: 1. The other 16 squares: 3 each. 51.
        // - Rook along the rank to s10: check along the s-file, s18 attacked: 2. To r10:
        //   r19 r18 attacked: 1. The other 16: 3 each. 51.
        // 9 + 51 + 51 = 111.
        assert_eq!(perft_of(rules, fen, 2), 111);
    }
}

// ---------------------------------------------------------------------------------
// 5. Fairy-Stockfish's counts for the test variants, on every instance and strategy
// ---------------------------------------------------------------------------------

/// Checks every count of `engine-tests/generator/<name>.perft` on bitboard `B`; returns
/// the number of counts checked and pushes mismatches to `failures`.
fn check_reference<B: Bitboard>(v: &Variant, name: &str, failures: &mut Vec<String>) -> usize {
    let rules = compile::<B>(v.clone());
    let mut checked = 0;
    for case in common::read_perft_file(&format!("../generator/{name}.perft")) {
        let mut pos = setup(&rules, &case.fen);
        for &(depth, expected) in &case.counts {
            if expected > BUDGET && depth > 1 {
                continue;
            }
            checked += 1;
            let got = perft(&mut pos, depth);
            if got != expected {
                failures.push(format!(
                    "{name}.perft:{} {} on {} (pin-aware {}), depth {depth}: expected \
                     {expected}, got {got} ({})",
                    case.line,
                    v.name,
                    std::any::type_name::<B>(),
                    is_pin_aware(&rules),
                    case.fen
                ));
            }
        }
    }
    checked
}

#[test]
fn fairy_stockfish_counts_on_every_instance_and_strategy() {
    let dir = common::data_dir().join("generator");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter_map(|n| n.strip_suffix(".perft").map(str::to_string))
        .collect();
    names.sort();
    assert_eq!(names.len(), 10, "{names:?}");
    let mut failures = Vec::new();
    let mut runs = 0;
    for name in &names {
        let base = test_variant(name);
        let mut versions = vec![base.clone()];
        if is_pin_aware(&compile::<Wide>(base.clone())) {
            versions.push(with_grasshopper(base.clone()));
        }
        if name == "shortrook5x5" {
            let mut w2 = base.clone();
            w2.pieces[1].betza = "W2".into();
            versions.push(w2);
        }
        for v in &versions {
            let squares = v.files * v.ranks;
            let mut checked = check_reference::<Wide>(v, name, &mut failures);
            if squares <= 128 {
                checked += check_reference::<u128>(v, name, &mut failures);
            }
            if squares <= 64 {
                checked += check_reference::<u64>(v, name, &mut failures);
            }
            assert!(checked >= 4, "{name}: {checked} counts");
            runs += 1;
        }
    }
    assert!(
        failures.is_empty(),
        "{} mismatches:\n{}",
        failures.len(),
        failures.join("\n")
    );
    // split7x7, leapers8x8 and initial10x10 (its walker and special moves never
    // capture) are pin-aware and run a second time on the generic path; shortrook5x5
    // runs as R2 and as W2.
    assert_eq!(runs, 14);
}

// ---------------------------------------------------------------------------------
// Tactical generation (quiescence search's moves)
// ---------------------------------------------------------------------------------

/// The legal moves that capture or promote, in generation order.
fn tactical_of_legal<B: Bitboard>(pos: &mut Position<B>) -> Vec<Move> {
    let mut list = MoveList::new();
    pos.generate_legal(&mut list);
    let p = &*pos;
    list.as_slice()
        .iter()
        .copied()
        .filter(|&m| m.kind() == MoveKind::Promotion || p.is_capture(m))
        .collect()
}

/// From `pos`, walks `plies` seeded random moves, comparing `generate_tactical` with the
/// tactical part of `generate_legal` at every step; returns the positions compared.
fn compare_tactical_walk<B: Bitboard>(
    pos: &mut Position<B>,
    plies: usize,
    seed: &mut u64,
) -> usize {
    let mut compared = 0;
    for _ in 0..plies {
        let mut tactical = MoveList::new();
        pos.generate_tactical(&mut tactical);
        assert_eq!(
            tactical.as_slice(),
            tactical_of_legal(pos).as_slice(),
            "{} (pin-aware {}): {}",
            pos.rules().variant.name,
            is_pin_aware(pos.rules()),
            pos.to_fen()
        );
        compared += 1;
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        // Prefer captures half of the time, so walks reach tactical positions.
        let moves = legal.as_slice();
        let captures: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|&m| pos.is_capture(m))
            .collect();
        let pick = if seed.is_multiple_of(2) && !captures.is_empty() {
            captures[(*seed >> 8) as usize % captures.len()]
        } else {
            moves[(*seed >> 8) as usize % moves.len()]
        };
        pos.make_move(pick);
    }
    compared
}

#[test]
fn tactical_generation_is_the_tactical_part_of_the_legal_moves() {
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    let mut compared = 0;
    for (variant, fen) in common::all_perft_fens() {
        let v = builtin(&variant);
        for _ in 0..3 {
            compared += if v.files * v.ranks <= 64 {
                compare_tactical_walk(&mut setup(&compile::<u64>(v.clone()), &fen), 60, &mut seed)
            } else {
                compare_tactical_walk(&mut setup(&compile::<u128>(v.clone()), &fen), 60, &mut seed)
            };
        }
    }
    // The other instances and the fairy pieces (cannons, lame leapers, pins on 13x13).
    for name in [
        "cannon9x10",
        "lame9x10",
        "nightrider9x10",
        "grasshopper7x7",
        "split7x7",
        "leapers8x8",
    ] {
        let v = test_variant(name);
        let rules = compile::<Wide>(v.clone());
        for case in common::read_perft_file(&format!("../generator/{name}.perft")) {
            let mut pos = setup(&rules, &case.fen);
            compared += compare_tactical_walk(&mut pos, 40, &mut seed);
            if v.files * v.ranks <= 128 {
                let rules = compile::<u128>(v.clone());
                let mut pos = setup(&rules, &case.fen);
                compared += compare_tactical_walk(&mut pos, 40, &mut seed);
            }
        }
    }
    assert!(compared > 5_000, "{compared}");
}
