//! One test per rule of Reentrant Chess (rule book `GOAL-VARIANTS.md`, section 18), on
//! the book's positions and our own, with the derivation beside each case. Letters:
//! South (`w`) owns the black units on a-d and the white ones on e-h, North the
//! others; hands are `[south|north]`, each letter in the unit's colour. The reference
//! data is checked in `goal_reference.rs`.

use crate::common::{fen_after, game_after as after, game_at, has_move as has, sorted_moves};
use crate::common::{search_once, verdict, Rng};

use protean::engine::Game;
use protean::position::EndReason;
use std::sync::Arc;

const START: &str = "RNQ2knr/PPPPpppp/8/8/8/8/ppppPPPP/rnq2KNR[|] w - - 0 1";

fn moves_from(g: &Game, square: &str) -> Vec<String> {
    sorted_moves(g)
        .into_iter()
        .filter(|m| m.starts_with(square) && !m.contains('@'))
        .collect()
}

#[test]
fn reentrant_book_1_the_start_has_sixteen_moves() {
    // Pawn steps a3 b3 c3 d3 d1 e3 e1 f3 g3 h3 (a1, b1, c1 and f1, g1, h1 are taken,
    // e1 is free beside Kf1 and d1 beside Qc1), knights to a3 c3 f3 h3 (b1-d2 and
    // g1-e2 land on own pawns; nothing jumps to the other half), and the monarchs'
    // steps Qc1-d1 and Kf1-e1.
    let g = game_at("reentrant", START);
    assert_eq!(
        sorted_moves(&g),
        [
            "a2a3", "b1a3", "b1c3", "b2b3", "c1d1", "c2c3", "d2d1", "d2d3", "e2e1", "e2e3", "f1e1",
            "f2f3", "g1f3", "g1h3", "g2g3", "h2h3"
        ]
    );
}

#[test]
fn reentrant_book_2_no_attack_crosses_the_middle_line() {
    // South's black rook on a5 stands on the a-d half: it does not check North's king
    // on h5 along the fifth rank, and has exactly 10 moves, a1-a4, a6-a8, b5, c5, d5.
    let g = game_at("reentrant", "2Q5/8/8/r6k/8/8/8/2q2K2 w - - 0 1");
    let rook = moves_from(&g, "a5");
    assert_eq!(
        rook,
        ["a5a1", "a5a2", "a5a3", "a5a4", "a5a6", "a5a7", "a5a8", "a5b5", "a5c5", "a5d5"]
    );
    // With North to move, its king may step along the fifth rank to g5: the rook's
    // rank stops at d5.
    let north = game_at("reentrant", "2Q5/8/8/r6k/8/8/8/2q2K2 b - - 0 1");
    assert!(has(&north, "h5g5"));
    assert_eq!(verdict(&north), "ongoing");
}

/// Reentrant's drops: exactly `count` of them, all of the unit `letter`, all on the e-h
/// half (where the held unit's colour is the mover's).
fn assert_drops_on_east_half(g: &Game, letter: char, count: usize) {
    let drops: Vec<String> = sorted_moves(g)
        .into_iter()
        .filter(|m| m.contains('@'))
        .collect();
    assert_eq!(drops.len(), count, "{drops:?}");
    let prefix = format!("{letter}@");
    assert!(
        drops
            .iter()
            .all(|d| d.starts_with(&prefix) && ('e'..='h').contains(&d.chars().nth(2).unwrap())),
        "{drops:?}"
    );
}

#[test]
fn reentrant_book_3_a_captured_unit_drops_only_on_the_other_half() {
    // The same board with South holding a white rook (taken on the left half): 30
    // drops, one per empty e-h square (32 less f1 and h5), none on a-d.
    let g = game_at("reentrant", "2Q5/8/8/r6k/8/8/8/2q2K2[R|] w - - 0 1");
    assert_drops_on_east_half(&g, 'R', 30);
    // The 20 board moves of book test 2 stay: 10 rook, 5 queen and 5 king moves.
    assert_eq!(sorted_moves(&g).len(), 50);
}

#[test]
fn reentrant_pawns_step_orthogonally_and_capture_diagonally_every_way() {
    // Our own. South's black pawn on c5 steps to c6, c4, b5, d5 (never past d) and
    // takes diagonally backwards on b4 and d4, where North's white units stand; the
    // white pawn on e5 cannot take the black pawn on d4 across the line.
    let fen = "8/8/8/2p1P3/1P1P4/8/8/2q2K1k w - - 0 1";
    let g = game_at("reentrant", fen);
    assert_eq!(
        moves_from(&g, "c5"),
        ["c5b4", "c5b5", "c5c4", "c5c6", "c5d4", "c5d5"]
    );
    assert_eq!(moves_from(&g, "e5"), ["e5e4", "e5e6", "e5f5"]);
}

#[test]
fn reentrant_knights_and_rooks_stay_on_their_half() {
    // Our own. South's black knight on d4 reaches b3, b5, c2, c6 only (e2, e6, f3, f5
    // are across the line); South's white rook on e4 rides up to e8 (4), down to e1
    // (3) and right to h4 (3), never left past the line.
    let fen = "7r/8/8/8/3nR3/8/8/2q2K1k w - - 0 1";
    let g = game_at("reentrant", fen);
    assert_eq!(moves_from(&g, "d4"), ["d4b3", "d4b5", "d4c2", "d4c6"]);
    let rook = moves_from(&g, "e4");
    assert_eq!(rook.len(), 4 + 3 + 3, "{rook:?}");
    assert!(!rook
        .iter()
        .any(|m| m.ends_with('4') && m.as_bytes()[2] < b'e'));
}

#[test]
fn reentrant_both_monarchs_are_royal_with_no_exception() {
    // Our own. North's white rook on a8 (a-d army) attacks South's queen on a1; North's
    // black rook on h8 (e-h army) attacks South's king on h1. A king step leaves the
    // queen attacked and a queen step leaves the king attacked; unlike Separation no
    // exception lets one monarch stay in check: no legal move, and South is mated.
    let g = game_at("reentrant", "R3k2r/8/8/8/8/8/8/q6K w - - 0 1");
    assert!(sorted_moves(&g).is_empty());
    assert_eq!(verdict(&g), "loss");
    assert_eq!(g.outcome().map(|o| o.reason), Some(EndReason::Checkmate));
    // With the king's check gone, only queen moves off the a-file answer.
    let g = game_at("reentrant", "R3k3/8/8/8/8/8/8/q6K w - - 0 1");
    assert_eq!(sorted_moves(&g), ["a1b1", "a1b2"]);
}

#[test]
fn reentrant_a_monarch_may_not_step_into_attack() {
    // Our own. North's white knight on b4 (its a-d army) covers a2 and c2, so South's
    // queen on b1 steps only to a1, b2 and c1.
    let g = game_at("reentrant", "4k3/8/8/8/1N6/8/8/1q3K2 w - - 0 1");
    assert_eq!(moves_from(&g, "b1"), ["b1a1", "b1b2", "b1c1"]);
}

#[test]
fn reentrant_a_capture_goes_to_hand_in_its_colour() {
    // Our own. South's black rook takes North's white pawn on a7: South now holds a
    // white pawn, written `P` in its hand, and may drop it only on the e-h half, where
    // white units are South's. Its drop is a white pawn of South's there.
    let fen = "8/P7/8/r6k/8/8/8/2q2K2 w - - 0 1";
    assert_eq!(
        fen_after("reentrant", fen, &["a5a7"]),
        "8/r7/8/7k/8/8/8/2q2K2[P|] b - - 0 1"
    );
    let g = after("reentrant", fen, &["a5a7", "h5h4"]);
    // 32 e-h squares less f1 and h4.
    assert_drops_on_east_half(&g, 'P', 30);
    assert_eq!(
        fen_after("reentrant", fen, &["a5a7", "h5h4", "P@g3"]),
        "8/r7/8/8/7k/6P1/8/2q2K2[|] b - - 0 2"
    );
}

#[test]
fn reentrant_north_keeps_colours_in_its_hand_too() {
    // Our own. North's hand `[|Rp]`: a white rook (North's colour on a-d) and a black
    // pawn (North's on e-h). The rook drops on the 31 empty a-d squares (less c1, where
    // South's queen stands), the pawn on the 30 empty e-h ones.
    let g = game_at("reentrant", "8/8/8/7k/8/8/8/2q2K2[|Rp] b - - 0 1");
    let moves = sorted_moves(&g);
    let rook: Vec<&String> = moves.iter().filter(|m| m.starts_with("R@")).collect();
    let pawn: Vec<&String> = moves.iter().filter(|m| m.starts_with("P@")).collect();
    assert_eq!(rook.len(), 31);
    assert!(rook.iter().all(|d| d.as_bytes()[2] <= b'd'));
    assert_eq!(pawn.len(), 30);
    assert!(pawn.iter().all(|d| d.as_bytes()[2] >= b'e'));
    // North's king steps 5 ways from h5: 31 + 30 + 5.
    assert_eq!(moves.len(), 66);
}

#[test]
fn reentrant_a_drop_may_mate() {
    // Our own. North's queen on a8 (white, a-d army) has only a7, b7 and b8; South's
    // black rook on b1 covers b7 and b8. South drops its black rook (held as `r`) on
    // a1: the a-file rook covers a7 and attacks the queen, nothing blocks or takes it,
    // and North is mated. The UCI drop letter is upper case; lower case reads too.
    let fen = "Q6k/8/8/8/8/8/8/1r3K2[r|] w - - 0 1";
    let g = after("reentrant", fen, &["R@a1"]);
    assert_eq!(verdict(&g), "loss");
    assert_eq!(g.outcome().map(|o| o.reason), Some(EndReason::Checkmate));
    assert_eq!(g.fen(), "Q6k/8/8/8/8/8/8/rr3K2[|] b - - 0 1");
    let g = after("reentrant", fen, &["r@a1"]);
    assert_eq!(verdict(&g), "loss");
    // The search finds a mating drop.
    let g = game_at("reentrant", fen);
    let limits = protean::search::Limits {
        depth: Some(3),
        ..protean::search::Limits::default()
    };
    let tt = protean::search::TranspositionTable::new(1);
    let r = search_once(&g, &limits, &protean::search::Settings::default(), &tt);
    let best = r.best.expect("a move");
    let mated = after("reentrant", fen, &[best.as_str()]);
    assert_eq!(verdict(&mated), "loss", "{best}");
}

#[test]
fn reentrant_stalemate_is_a_draw() {
    // Our own. South's queen on a1 and king on h1 stand unattacked, but every step is
    // covered: b1, b2 by North's white rook on b8, a2 (and b1) by its white knight on
    // c3; g1, g2 by its black rook on g8, h2 by its black knight on f3. South has
    // nothing else: stalemate.
    let g = game_at("reentrant", "1R3kr1/8/8/8/8/2N2n2/8/q6K w - - 0 1");
    assert!(sorted_moves(&g).is_empty());
    assert_eq!(verdict(&g), "draw");
}

#[test]
fn reentrant_fen_letters_follow_the_half_and_bad_fens_fail() {
    // The start FEN reads back as written; a FEN without holdings has empty ones.
    assert_eq!(game_at("reentrant", START).fen(), START);
    assert_eq!(
        game_at("reentrant", "2Q5/8/8/r6k/8/8/8/2q2K2 w - - 0 1").fen(),
        "2Q5/8/8/r6k/8/8/8/2q2K2[|] w - - 0 1"
    );
    // Hands list upper case first, then lower case, R N P in each.
    let fen = "8/8/8/7k/8/8/8/2q2K2[pRrNP|nPRr] w - - 0 1";
    assert_eq!(
        game_at("reentrant", fen).fen(),
        "8/8/8/7k/8/8/8/2q2K2[RNPrp|RPrn] w - - 0 1"
    );
    for bad in [
        // A king on the a-d half, a queen on e-h: no kind written so stands there.
        "K7/8/8/7k/8/8/8/2q5 w - - 0 1",
        "8/8/8/7k/8/8/8/2q1QK2 w - - 0 1",
        // Holdings without the bar, a monarch in hand, an unknown letter.
        "8/8/8/7k/8/8/8/2q2K2[R] w - - 0 1",
        "8/8/8/7k/8/8/8/2q2K2[q|] w - - 0 1",
        "8/8/8/7k/8/8/8/2q2K2[B|] w - - 0 1",
        // The internal letters of the a-d army are not FEN letters.
        "8/8/8/7k/8/8/8/x1q2K2 w - - 0 1",
        // North's king in check by South's white rook on h1, South to move.
        "8/8/8/7k/8/8/8/2q2K1R w - - 0 1",
    ] {
        assert!(
            Game::by_name("reentrant", Some(bad)).is_err(),
            "{bad} should be refused"
        );
    }
}

#[test]
fn reentrant_notation_uci_and_san() {
    // A drop is `R@e5` in UCI and in SAN; a rook of the a-d army is an R in SAN; pawn
    // moves carry their letter (a pawn may take onto one square from two squares of
    // one file, which file-only pawn SAN cannot tell apart).
    let g = game_at("reentrant", "2Q5/8/8/r6k/8/8/8/2q2K2[R|] w - - 0 1");
    assert_eq!(
        g.san_line(&["R@e5".to_string(), "h5g6".to_string()]),
        ["R@e5+", "Kg6"]
    );
    assert_eq!(g.san_line(&["a5d5".to_string()]), ["Rd5"]);
    assert_eq!(g.san_line(&["R@h1".to_string()]), ["R@h1+"]);
    // A check or mate of the queen is marked as the king's is.
    let g = game_at("reentrant", "Q6k/8/8/8/8/8/8/1r3K2[r|] w - - 0 1");
    assert_eq!(
        g.san_line(&["R@a1".to_string(), "b1b2".to_string()]),
        ["R@a1#"]
    );
    assert_eq!(g.san_line(&["R@a3".to_string()]), ["R@a3#"]);
    assert_eq!(g.san_line(&["R@a7".to_string()]), ["R@a7+"]);
    let g = game_at("reentrant", START);
    assert_eq!(g.san_line(&["a2a3".to_string()]), ["Pa3"]);
    // A drop on the wrong half is refused and leaves the game as it was.
    let mut g = game_at("reentrant", "2Q5/8/8/r6k/8/8/8/2q2K2[R|] w - - 0 1");
    assert!(g.play_uci("R@b5").is_err());
    assert!(g.play_uci("N@e5").is_err());
    assert_eq!(g.fen(), "2Q5/8/8/r6k/8/8/8/2q2K2[R|] w - - 0 1");
}

#[test]
fn reentrant_section_is_written_and_read_back() {
    use protean::engine::variant_file::parse_variants;
    use protean::variant::ini::write::to_ini;
    let v = protean::variant::find_variant("reentrant").expect("built in");
    let text = to_ini(&v).expect("written");
    for key in [
        "proteanSecondRoyalStrict = true",
        "proteanOtherColorLetters = ",
        "proteanCapturesKeepColor = true",
        "mobilityRegionWhiteCustomPiece6",
    ] {
        assert!(text.contains(key), "{key} in\n{text}");
    }
    let back = parse_variants(&text, "reentrant.ini")
        .require_all()
        .expect("reads back");
    assert!(back.variants[0] == *v, "{text}");
    let mut g = Game::new(&Arc::new(back.variants[0].clone()), None).unwrap();
    assert_eq!(g.perft(2), 256);
}

#[test]
fn reentrant_xboard_draws_the_shared_letters_once() {
    // The a-d army shares its letters with the e-h one, so the piece table names R, N
    // and P once each; the start FEN goes as the book writes it.
    let v = protean::variant::find_variant("reentrant").unwrap();
    let lines = protean::protocol::xboard::variants::setup_commands(&v);
    assert!(lines[0].starts_with("setup ("), "{lines:?}");
    assert!(lines[0].ends_with(START), "{lines:?}");
    let table = &lines[0][7..lines[0].find(')').unwrap()];
    for l in ['X', 'Y', 'Z', 'x', 'y', 'z'] {
        assert!(!table.contains(l), "{table}");
    }
}

#[test]
fn reentrant_random_play_keeps_the_key_and_the_fen() {
    // Seeded random games: after every turn, drops included, the key made move by move
    // equals the key of the position read from its own FEN.
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let mut drops = 0;
    for _ in 0..30 {
        let mut g = game_at("reentrant", START);
        for _ in 0..150 {
            let moves = g.legal_moves_uci();
            if moves.is_empty() {
                break;
            }
            let m = &moves[rng.below(moves.len())];
            drops += m.contains('@') as usize;
            g.play_uci(m).unwrap();
            let fen = g.fen();
            assert_eq!(game_at("reentrant", &fen).key(), g.key(), "{fen} after {m}");
        }
    }
    assert!(drops > 0);
}
