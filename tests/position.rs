//! Positions: FEN round trips, clear errors for bad FENs, make/unmake and the
//! incremental Zobrist key against a full recompute over random games.

use crate::common;

use protean::engine::{start_fen, Game};
use protean::variant::find_variant;

#[test]
fn fen_round_trip_of_every_suite_position() {
    let fens = common::all_perft_fens();
    assert!(fens.len() > 60, "only {} suite positions", fens.len());
    for (variant, fen) in fens {
        let game = Game::by_name(&variant, Some(&fen)).unwrap();
        let written = game.fen();
        let again = Game::by_name(&variant, Some(&written)).unwrap();
        assert_eq!(again.fen(), written, "{variant}: {fen}");
        assert_eq!(again.key(), game.key(), "{variant}: {fen}");
    }
}

#[test]
fn canonical_fens_are_written_back_unchanged() {
    let cases = [
        (
            "chess",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ),
        (
            "chess",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        ),
        (
            "chess",
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        ),
        ("chess", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"),
        ("chess", "4k3/8/8/8/8/8/8/4K2R w K - 12 40"),
        // X-FEN: a file letter when the castling rook is not the outermost one.
        ("chess", "4k3/8/8/8/8/8/8/R1R1K2R w KC - 0 1"),
        (
            "nocastle",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
        ),
        // Chess960 is X-FEN too: the outermost rooks are KQkq.
        (
            "fischerandom",
            "bqnb1rkr/pppppppp/8/8/8/8/PPPPPPPP/BQNB1RKR w KQkq - 0 1",
        ),
        ("fischerandom", "rk2r3/8/8/8/8/8/8/RK2R3 b KQkq - 3 9"),
        ("fischerandom", "rk2r2r/8/8/8/8/8/8/RK2R2R b Ekq - 3 9"),
    ];
    for (variant, fen) in cases {
        let game = Game::by_name(variant, Some(fen)).unwrap();
        assert_eq!(game.fen(), fen, "{variant}");
    }
}

#[test]
fn castling_field_forms_are_equivalent() {
    // Shredder letters, X-FEN letters and KQkq name the same rights.
    let a = Game::by_name("chess", Some("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")).unwrap();
    let b = Game::by_name("chess", Some("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1")).unwrap();
    assert_eq!(a.key(), b.key());
    assert_eq!(b.fen(), a.fen());
    let mut c =
        Game::by_name("fischerandom", Some("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")).unwrap();
    assert_eq!(c.fen(), "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let d = Game::by_name("fischerandom", Some("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1")).unwrap();
    assert_eq!(d.key(), c.key());
    c.set_chess960(false);
    assert_eq!(c.fen(), "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
}

#[test]
fn left_out_fen_fields_are_read_as_counters() {
    // Fairy-Stockfish's start FENs may leave out the castling and en-passant fields
    // (`w 0 1`) or only the en-passant field (Petty's `w - 0 1`): a number where either
    // goes is the halfmove clock. Fairy-Stockfish itself reads Petty's FEN as halfmove 1
    // (it takes the `0` for a failed en-passant square); Protean reads the plain meaning.
    let full = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 7 9";
    for short in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 7 9",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - 7 9",
    ] {
        let game = Game::by_name("chess", Some(short)).unwrap();
        assert_eq!(game.fen(), full, "{short}");
    }
    let castling = Game::by_name("chess", Some("r3k2r/8/8/8/8/8/8/R3K2R w KQkq 3 20")).unwrap();
    assert_eq!(castling.fen(), "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 3 20");
    // The check counts of three-check may follow the castling field directly.
    let three = Game::by_name(
        "3check",
        Some("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq 2+3 0 1"),
    )
    .unwrap();
    let with_ep = Game::by_name(
        "3check",
        Some("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2+3 0 1"),
    )
    .unwrap();
    assert_eq!(three.fen(), with_ep.fen());
    assert_eq!(three.key(), with_ep.key());
}

#[test]
fn uncapturable_en_passant_square_is_dropped() {
    let game = Game::by_name(
        "chess",
        Some("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"),
    )
    .unwrap();
    assert_eq!(
        game.fen(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
}

#[test]
fn bad_fens_get_clear_errors() {
    let cases = [
        ("", "empty FEN"),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
            "7 ranks given, the board has 8",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1",
            "rank 1 has 7 squares",
        ),
        (
            "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "rank 6 is longer than 8 files",
        ),
        (
            "rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "rank 7 is longer than 8 files",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
            "unknown piece letter 'X'",
        ),
        (
            "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1",
            "Black has no king",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKKNR w KQkq - 0 1",
            "White has 2 kings",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
            "side to move 'x'",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1",
            "castling right 'K' has no rook",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w KQkq - 0 1",
            "White has no king",
        ),
        ("4k3/8/8/8/8/8/8/R3K2R w KQZ - 0 1", "unexpected 'Z'"),
        (
            "4k3/8/8/8/8/8/4K3/R6R w K - 0 1",
            "the king is not on its castling rank (1)",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e4 0 1",
            "impossible en-passant square e4",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1",
            "impossible en-passant square e6",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq z9 0 1",
            "en-passant square 'z9' is not on the board",
        ),
        (
            "4k3/8/8/8/8/8/8/4K2R w K - x 1",
            "halfmove clock 'x' is not a number",
        ),
        (
            "4k3/8/8/8/8/8/8/4K2R w K - 0 -1",
            "fullmove number '-1' is not a number",
        ),
        (
            "4k3/4Q3/8/8/8/8/8/4K3 w - - 0 1",
            "the side not to move is in check",
        ),
        (
            "P3k3/8/8/8/8/8/8/4K3 w - - 0 1",
            "a pawn on its promotion rank",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra",
            "unexpected field 'extra'",
        ),
        ("4k3/8/8/8/8/8/8/0K6 w - - 0 1", "empty-square count 0"),
    ];
    for (fen, expected) in cases {
        match Game::by_name("chess", Some(fen)) {
            Ok(g) => panic!("accepted bad FEN '{fen}' as {}", g.fen()),
            Err(e) => assert!(
                e.contains(expected),
                "FEN '{fen}': error '{e}' lacks '{expected}'"
            ),
        }
    }
    let e = Game::by_name("nocastle", Some("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"))
        .err()
        .unwrap();
    assert!(e.contains("which has no castling"), "{e}");
}

#[test]
fn garbage_fens_never_panic() {
    let mut seed = 7u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let base = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let alphabet: Vec<char> = "pnbrqkPNBRQK12345678910/ -wbKQkqabcdefgh~[]+"
        .chars()
        .collect();
    for _ in 0..20_000 {
        let mut chars: Vec<char> = base.chars().collect();
        for _ in 0..(next() % 4 + 1) {
            let i = (next() as usize) % chars.len();
            match next() % 3 {
                0 => chars[i] = alphabet[(next() as usize) % alphabet.len()],
                1 => {
                    chars.remove(i);
                }
                _ => chars.insert(i, alphabet[(next() as usize) % alphabet.len()]),
            }
        }
        let fen: String = chars.into_iter().collect();
        for variant in protean::variant::builtin_variants()
            .iter()
            .map(|v| v.name.as_str())
        {
            if let Ok(mut g) = Game::by_name(variant, Some(&fen)) {
                // Whatever is accepted must be a position the generator can handle (two
                // plies where that is cheap: a duck chess position has a thousand moves).
                if g.perft(1) <= 200 {
                    g.perft(2);
                }
                let again = Game::by_name(variant, Some(&g.fen())).unwrap();
                assert_eq!(again.fen(), g.fen());
            }
        }
    }
}

/// Plays seeded random games, checking the incremental key against a recompute after
/// every move and every unmake, and that unmake restores the exact FEN.
#[test]
fn zobrist_keys_match_recompute_over_random_games() {
    use protean::position::{MoveList, Position};
    use protean::variant::rules::Rules;
    use std::sync::Arc;
    let mut seed = 0x1234_5678u64;
    let mut rand = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut games = 0;
    let cases = [
        ("chess", None),
        ("nocastle", None),
        ("fischerandom", Some(0)),
        ("fischerandom", Some(959)),
        ("fischerandom", Some(300)),
        ("3check", None),
        ("horde", None),
        ("antichess", None),
        ("giveaway", None),
        ("extinction", None),
        ("racingkings", None),
        ("kingofthehill", None),
        ("knightmate", None),
        ("grasshopper", None),
        ("atomic", None),
        ("massacre", None),
        ("blackhorde", None),
        ("kingscorner", Some(17)),
        ("kingsfortress", Some(300)),
        ("suicide-dhl", None),
        ("crazyhouse", None),
        ("seirawan", None),
        ("shouse", None),
        ("placement", None),
        ("screen", None),
        ("crazyscreen", None),
        ("shogun", None),
        ("minishogi", None),
        ("judkins", None),
        ("gorogoro", None),
        ("euroshogi", None),
        ("yarishogi", None),
        ("bughouse", None),
        ("loop", None),
        ("chessgi", None),
        ("shrapnel", None),
        ("duck", None),
        ("isolation", None),
        ("snailtrail", None),
        ("joust", None),
    ];
    for (variant, index) in cases {
        let v = find_variant(variant).unwrap();
        let rules = Arc::new(Rules::<u64>::new(v.clone()).unwrap());
        for _ in 0..40 {
            let fen = start_fen(&v, index, None).unwrap();
            let mut pos = Position::from_fen(rules.clone(), &fen).unwrap();
            let mut fens = vec![pos.to_fen()];
            for _ in 0..200 {
                let mut list = MoveList::new();
                pos.generate_legal(&mut list);
                if list.is_empty() {
                    break;
                }
                let m = list.as_slice()[(rand() as usize) % list.len()];
                pos.make_move(m);
                assert_eq!(
                    pos.key(),
                    pos.compute_key(),
                    "after {} in {}",
                    pos.move_to_uci(m),
                    fens.last().unwrap()
                );
                fens.push(pos.to_fen());
                // The key also equals that of the same position read from its FEN.
                let reread = Position::from_fen(rules.clone(), &pos.to_fen()).unwrap();
                assert_eq!(reread.key(), pos.key(), "{}", pos.to_fen());
            }
            while fens.len() > 1 {
                pos.unmake_move();
                fens.pop();
                assert_eq!(&pos.to_fen(), fens.last().unwrap());
                assert_eq!(pos.key(), pos.compute_key());
            }
            games += 1;
        }
    }
    assert_eq!(games, 40 * cases.len());
}

#[test]
fn chess960_numbering_matches_reference_table() {
    let path = common::data_dir().join("chess960-starts.txt");
    let text = std::fs::read_to_string(&path).unwrap();
    let v = find_variant("fischerandom").unwrap();
    let mut n = 0;
    for line in text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
    {
        let (index, fen) = line.split_once(' ').unwrap();
        let index: u32 = index.parse().unwrap();
        let ours = start_fen(&v, Some(index), None).unwrap();
        // Compare placement and castling rights through our own FEN writer.
        let reference = Game::by_name("fischerandom", Some(fen)).unwrap();
        let mine = Game::by_name("fischerandom", Some(&ours)).unwrap();
        assert_eq!(mine.fen(), reference.fen(), "index {index}");
        n += 1;
    }
    assert_eq!(n, 960);
}

#[test]
fn seeded_chess960_setups_are_reproducible() {
    let v = find_variant("chess960").unwrap();
    let a = start_fen(&v, None, Some(42)).unwrap();
    assert_eq!(a, start_fen(&v, None, Some(42)).unwrap());
    let distinct: std::collections::HashSet<String> = (0..50)
        .map(|s| start_fen(&v, None, Some(s)).unwrap())
        .collect();
    assert!(distinct.len() > 40);
    assert_eq!(
        start_fen(&v, None, None).unwrap(),
        start_fen(&v, Some(518), None).unwrap()
    );
    assert!(start_fen(&v, Some(960), None).is_err());
    assert!(start_fen(&find_variant("chess").unwrap(), Some(3), None).is_err());
}

#[test]
fn null_move_round_trip() {
    use protean::position::Position;
    use protean::variant::rules::Rules;
    use std::sync::Arc;
    let rules = Arc::new(Rules::<u64>::new(find_variant("chess").unwrap()).unwrap());
    let fen = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3";
    let mut pos = Position::from_fen(rules.clone(), fen).unwrap();
    pos.make_null_move();
    assert_eq!(
        pos.to_fen(),
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR b KQkq - 1 3"
    );
    assert_eq!(pos.key(), pos.compute_key());
    pos.unmake_null_move();
    assert_eq!(pos.to_fen(), fen);
    assert_eq!(pos.key(), pos.compute_key());
    let ep = pos.parse_uci_move("e5f6").unwrap();
    assert!(pos.is_capture(ep));
    assert_eq!(pos.piece_char(pos.captured_piece(ep)), 'p');
    assert!(!pos.is_capture(pos.parse_uci_move("g1f3").unwrap()));
}
