//! The hidden set-up games of the rule book's §4 (`../shared/RULES-HIDDEN.md`):
//! `hiddenscreen`, `hiddencrazyscreen` and `darkcrazyscreen`, and §5's secret bomb,
//! `atomicbomb`. One test per rule, on positions worked by hand (the derivation beside
//! each expectation). The independent reference's files of these games run in
//! `hidden::reference_perft_suites` and `hidden::reference_observations`.

use crate::common::{game_after, game_at, sorted_moves};
use protean::engine::variant_file::parse_variants;
use protean::position::GameResult;
use protean::protocol::uci::PEEKING;
use protean::variant::{BLACK, WHITE};

const SETUP: &str = "8/8/8/8/8/8/8/8[KQRRBBNNPPPPPPPPkqrrbbnnpppppppp] w - - 0 1";
const HIDDEN: [&str; 3] = ["hiddenscreen", "hiddencrazyscreen", "darkcrazyscreen"];

/// The observation FEN of `viewer` after `moves`.
fn view_of(variant: &str, fen: &str, moves: &[&str], viewer: protean::variant::Color) -> String {
    game_after(variant, fen, moves)
        .observation_of(viewer)
        .unwrap_or_else(|| panic!("{variant}: no fog rule"))
        .fen()
}

/// The side to move's observation FEN after `moves`.
fn seen(variant: &str, fen: &str, moves: &[&str]) -> String {
    game_after(variant, fen, moves).observation().unwrap().fen()
}

// ---------------------------------------------------------------------------------
// §4.1: the moves are the open games' (H1-H3, S3)
// ---------------------------------------------------------------------------------

/// Every position of the open games' perft suites (pyffish's counts) has the same
/// count in the hidden form, and the open game's own count (hiddenness is no move rule).
#[test]
fn h1_h3_s3_hidden_setups_have_the_moves_and_perft_of_the_open_games() {
    let mut checked = 0;
    for (open, hidden) in [
        ("screen", "hiddenscreen"),
        ("crazyscreen", "hiddencrazyscreen"),
    ] {
        for case in crate::common::read_perft_file(&format!("{open}.perft")) {
            let mut h = game_at(hidden, &case.fen);
            let mut o = game_at(open, &case.fen);
            assert_eq!(sorted_moves(&h), sorted_moves(&o), "{hidden} {}", case.fen);
            for &(depth, expected) in case.counts.iter().filter(|c| c.1 <= 200_000) {
                assert_eq!(h.perft(depth), expected, "{hidden} {} d{depth}", case.fen);
                assert_eq!(o.perft(depth), expected, "{open} {} d{depth}", case.fen);
                checked += 1;
            }
        }
    }
    assert!(checked > 40, "only {checked} counts");
}

/// H3: the hidden games end where the open ones do: every position of `screen`'s and
/// `crazyscreen`'s game-end suites (mates in and after the set-up, pyffish's results)
/// has the same result for the side to move.
#[test]
fn h3_hidden_setups_end_as_the_open_games() {
    let mut checked = 0;
    for (open, hidden) in [
        ("screen", "hiddenscreen"),
        ("crazyscreen", "hiddencrazyscreen"),
    ] {
        let path = crate::common::data_dir()
            .join("game-end")
            .join(format!("{open}.txt"));
        for (n, line) in crate::common::reference::lines(&path) {
            let at = format!("{open}.txt:{n}");
            let parts: Vec<&str> = line.splitn(3, ';').map(str::trim).collect();
            let g = crate::common::reference::game(hidden, parts[0], &at, &[]).unwrap();
            assert_eq!(
                crate::common::verdict(&g),
                parts[1],
                "{hidden} {at}: {line}"
            );
            checked += 1;
        }
    }
    assert!(checked > 5, "only {checked} positions");
}

// ---------------------------------------------------------------------------------
// §4.2: what each side sees during the set-up (HS1-HS4)
// ---------------------------------------------------------------------------------

#[test]
fn hs1_hs3_a_side_sees_its_own_half_and_hand_and_counts_the_other_hand() {
    for variant in HIDDEN {
        // S1: Black to move after K@e1 sees its own ranks 5-8 (all empty: `8` each) and
        // nothing of ranks 1-4; the holdings: White's 15 units left as `?`, then Black's
        // own 16 by letter (White's part first).
        assert_eq!(
            seen(variant, SETUP, &["K@e1"]),
            "8/8/8/8/????????/????????/????????/????????[???????????????kqrrbbnnpppppppp] b - - - 1"
        );
        // White's view of the same position: its half with the king on e1, its 15 units
        // by letter, Black's 16 as `?`; castling, e.p. and clock `-` in the set-up.
        assert_eq!(
            view_of(variant, SETUP, &["K@e1"], WHITE),
            "????????/????????/????????/????????/8/8/8/4K3[QRRBBNNPPPPPPPP????????????????] b - - - 1"
        );
        // A black queen on d5 attacks down the d-file into White's half: the set-up view
        // is the half, not the pieces' reach (HS1), so d4 stays unseen for Black.
        let fen = "8/8/8/3q4/8/8/8/4K3[QRRBBNNPPPPPPPPkrrbbnnpppppppp] b - - 0 1";
        assert_eq!(
            seen(variant, fen, &[]),
            "8/8/8/3q4/????????/????????/????????/????????[???????????????krrbbnnpppppppp] b - - - 1"
        );
    }
}

#[test]
fn hs1_what_the_opponent_dropped_does_not_change_a_sides_view() {
    for variant in HIDDEN {
        // Black's king on e8 or f7, its rook on a8 or h6: White's view is the same.
        let a = view_of(variant, SETUP, &["K@e1", "K@e8", "Q@d1", "R@a8"], WHITE);
        let b = view_of(variant, SETUP, &["K@e1", "K@f7", "Q@d1", "R@h6"], WHITE);
        assert_eq!(a, b, "{variant}");
        assert_eq!(
            a,
            "????????/????????/????????/????????/8/8/8/3QK3[RRBBNNPPPPPPPP??????????????] w - - - 3"
        );
    }
}

#[test]
fn hs4_the_game_is_open_once_both_hands_are_empty() {
    for variant in ["hiddenscreen", "hiddencrazyscreen"] {
        let fen = "4k3/8/8/8/8/8/8/8[Kq] w - - 0 16";
        // One hand still holds the queen: Black sees its half and its own `q`; White's
        // hand is empty, so no `?`.
        assert_eq!(
            seen(variant, fen, &["K@e1"]),
            "4k3/8/8/8/????????/????????/????????/????????[q] b - - - 16"
        );
        // The last drop empties both hands: the observation is the true FEN, clock
        // included (a drop resets it to 0; Black's drop ends move 16).
        let g = game_after(variant, fen, &["K@e1", "Q@d8"]);
        assert_eq!(g.fen(), "3qk3/8/8/8/8/8/8/4K3[] w - - 0 17");
        for viewer in [WHITE, BLACK] {
            assert_eq!(g.observation_of(viewer).unwrap().fen(), g.fen());
        }
        // S2: an open position later in the game, clock 3.
        let fen = "3qk3/8/8/8/8/8/8/3QK3[] w - - 3 20";
        assert_eq!(seen(variant, fen, &[]), fen);
    }
}

// ---------------------------------------------------------------------------------
// §4.3: darkcrazyscreen (DC1-DC5)
// ---------------------------------------------------------------------------------

#[test]
fn dc1_the_dark_setup_has_no_check_and_a_king_in_hand_is_not_lost() {
    // White's king is the last unit to drop; Black's rook on h8 sweeps the h-file.
    // hiddencrazyscreen keeps screen's check rule: K@h1..h4 would stand in check, so
    // 32 - 4 = 28 drops. darkcrazyscreen has no check (DC2): all 32 squares of ranks
    // 1-4. The king still in hand is not extinct: the game goes on.
    let fen = "4k2r/8/8/8/8/8/8/8[K] w - - 0 16";
    assert_eq!(
        game_at("hiddencrazyscreen", fen).legal_moves_uci().len(),
        28
    );
    let dark = game_at("darkcrazyscreen", fen);
    assert_eq!(dark.legal_moves_uci().len(), 32);
    assert!(dark.outcome().is_none());
    assert!(game_at("darkcrazyscreen", SETUP).outcome().is_none());
    // A pawn may go on its own first rank: each of White's 6 kinds in hand on each of
    // the 32 empty squares of ranks 1-4 (P@a1 included): 6 x 32 = 192 drops.
    let start = game_at("darkcrazyscreen", SETUP);
    assert!(start.legal_moves_uci().contains(&"P@a1".to_string()));
    assert_eq!(start.legal_moves_uci().len(), 6 * 32);
}

#[test]
fn dc2_play_has_no_check_and_taking_the_king_wins() {
    // The king may step along the rook's lines and stay attacked (book H3): Ke1 to d1,
    // d2, f1, f2 (all attacked by the e2 rook) and e2 (taking it) = 5 moves.
    let g = game_at("darkcrazyscreen", "4k3/8/8/8/8/8/4r3/4K3[] w - - 0 1");
    assert_eq!(
        sorted_moves(&g),
        ["e1d1", "e1d2", "e1e2", "e1f1", "e1f2"].map(String::from)
    );
    // Re1xe8 takes the king: 1-0, and the finished position has no moves.
    let mut won = game_after(
        "darkcrazyscreen",
        "4k3/8/8/8/8/8/8/4R1K1[] w - - 0 1",
        &["e1e8"],
    );
    assert_eq!(won.outcome().unwrap().result, GameResult::Win(WHITE));
    assert_eq!((won.perft(1), won.perft(2)), (0, 0));
    // K v K plays on (no insufficient material, DC5 = M7).
    assert!(
        game_at("darkcrazyscreen", "4k3/8/8/8/8/8/8/4K3[] w - - 0 1")
            .outcome()
            .is_none()
    );
    // No castling (DC2): king e1 and rook h1 unmoved, yet no e1g1.
    let g = game_at("darkcrazyscreen", "4k3/8/8/8/8/8/8/4K2R[] w - - 0 1");
    assert!(!g.legal_moves_uci().contains(&"e1g1".to_string()));
}

#[test]
fn dc2_crazy_screen_pawns_and_en_passant_after_every_double_step() {
    // A pawn on its first rank steps one square: a1a2 only (no a1a3); with the king's
    // 5 moves, 6.
    let g = game_at("darkcrazyscreen", "4k3/8/8/8/8/8/8/P3K3[] w - - 0 1");
    assert!(g.legal_moves_uci().contains(&"a1a2".to_string()));
    assert!(!g.legal_moves_uci().contains(&"a1a3".to_string()));
    assert_eq!(g.legal_moves_uci().len(), 6);
    // a2-a4 passes a3 beside the black b4 pawn: e.p. b4xa3 is a move, and takes a4.
    let fen = "4k3/8/8/8/1p6/8/P7/4K3[] w - - 0 1";
    let g = game_after("darkcrazyscreen", fen, &["a2a4"]);
    assert_eq!(g.fen(), "4k3/8/8/8/Pp6/8/8/4K3[] b - a3 0 1");
    assert!(g.legal_moves_uci().contains(&"b4a3".to_string()));
    let g = game_after("darkcrazyscreen", fen, &["a2a4", "b4a3"]);
    assert_eq!(g.fen(), "4k3/8/8/8/8/p7/8/4K3[] w - - 0 2");
}

#[test]
fn dc3_dc4_play_is_seen_as_dark_chess_with_empty_holdings_kept() {
    // The a1 pawn sees a2 (its step and the square in front, V2 and V5) and b2 (its one
    // forward diagonal, V5); the king d1 d2 e2 f1 f2. Castling `-`, clock `-`, `[]`.
    assert_eq!(
        seen("darkcrazyscreen", "4k3/8/8/8/8/8/8/P3K3[] w - - 0 1", &[]),
        "????????/????????/????????/????????/????????/????????/2?3??/P??1K1??[] w - - - 1"
    );
    // The e.p. mover sees the target a3 and the passing pawn a4 (V3), and its pawn's
    // squares a3 (also its diagonal), b3 (front), c3 (diagonal); its king d8 d7 e7 f7 f8.
    assert_eq!(
        seen(
            "darkcrazyscreen",
            "4k3/8/8/8/1p6/8/P7/4K3[] w - - 0 1",
            &["a2a4"]
        ),
        "???1k1??/???3??/????????/????????/Pp??????/3?????/????????/????????[] b - a3 - 1"
    );
}

#[test]
fn dc3_a_promotion_is_announced_for_one_half_move() {
    let fen = "4k3/P7/8/8/8/8/8/4K3[] w - - 0 1";
    let g = game_after("darkcrazyscreen", fen, &["a7a8q"]);
    let o = g.observation().unwrap();
    assert_eq!(o.events_text(), "promo");
    // a8 is unseen by Black (its king sees d8 d7 e7 f7 f8).
    assert_eq!(
        o.fen(),
        "???1k1??/???3??/????????/????????/????????/????????/????????/????????[] b - - - 1"
    );
    let g = game_after("darkcrazyscreen", fen, &["a7a8q", "e8d7"]);
    assert_eq!(g.observation().unwrap().events_text(), "-");
}

// ---------------------------------------------------------------------------------
// Full citizens: UCI, XBoard, the ini keys
// ---------------------------------------------------------------------------------

use crate::common::uci_transcript as uci;

#[test]
fn uci_lists_the_games_d_prints_the_setup_view_and_go_plays_honestly() {
    let out = uci(&["uci"]);
    for name in HIDDEN {
        assert!(
            out.contains(&format!(" var {name}")),
            "{name} not in UCI_Variant"
        );
    }
    for name in HIDDEN {
        let set = format!("setoption name UCI_Variant value {name}");
        let out = uci(&[&set, "position startpos moves K@e1", "d", "go depth 2"]);
        assert!(out.contains(
            "Observation: 8/8/8/8/????????/????????/????????/????????[???????????????kqrrbbnnpppppppp] b - - - 1"
        ), "{name}: {out}");
        // The honest set-up player (tests/hidden6.rs), not the peeking searcher.
        assert!(!out.contains(PEEKING), "{name}: {out}");
        assert!(out.contains("info string belief "), "{name}: {out}");
        assert!(out.contains("bestmove "), "{name}: {out}");
    }
    let feature = protean::protocol::xboard::variants::variants_feature();
    for name in HIDDEN {
        assert!(feature.split(',').any(|n| n == name), "{name}: {feature}");
    }
}

#[test]
fn the_setup_key_loads_writes_back_and_bad_values_are_refused() {
    use protean::variant::ini::write::to_ini;
    let ok = parse_variants("[mine:crazyscreen]\nproteanFogSetup = true\n", "t.ini")
        .require_all()
        .unwrap();
    let fog = ok.variants[0].fog.clone().unwrap();
    assert!(fog.hidden_setup && !fog.play);
    let text = to_ini(&ok.variants[0]).unwrap();
    assert!(text.contains("proteanFogSetup = true") && !text.contains("proteanFog = "));
    let open = parse_variants("[open:hiddenscreen]\nproteanFogSetup = false\n", "t.ini")
        .require_all()
        .unwrap();
    assert!(open.variants[0].fog.is_none());
    // Fog in play alone, without the hidden set-up.
    let dark = parse_variants("[d:darkcrazyscreen]\nproteanFogSetup = false\n", "t.ini")
        .require_all()
        .unwrap();
    let fog = dark.variants[0].fog.clone().unwrap();
    assert!(fog.play && !fog.hidden_setup && fog.announce_promotion);
    for (text, why) in [
        (
            "[x:screen]\nproteanFogSetup = maybe\n",
            "expected true or false",
        ),
        (
            "[x:hiddenscreen]\nproteanFogSight = p:fW\n",
            "needs proteanFog = true",
        ),
    ] {
        let e = parse_variants(text, "t.ini")
            .require_all()
            .unwrap_err()
            .to_string();
        assert!(e.contains(why) && e.contains("t.ini:"), "{text}: {e}");
    }
}

// ---------------------------------------------------------------------------------
// §5: atomicbomb (AB1-AB10, the FEN's bomb field, the observation)
// ---------------------------------------------------------------------------------

const BOMB_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 {-,-}";

fn bomb_game(fen: &str, moves: &[&str]) -> protean::engine::Game {
    game_after("atomicbomb", fen, moves)
}

#[test]
fn ab1_ab2_each_side_first_designates_any_of_its_units() {
    // White's 16 units, each a designation `<sq><sq>` (the king and pawns included),
    // then Black's 16; the clock stays, the move number goes on (the book's example).
    let g = bomb_game(BOMB_START, &[]);
    let moves = sorted_moves(&g);
    assert_eq!(moves.len(), 16);
    assert!(moves.iter().all(|m| m[..2] == m[2..]));
    assert!(moves.contains(&"e1e1".to_string()) && moves.contains(&"a2a2".to_string()));
    let g = bomb_game(BOMB_START, &["d1d1"]);
    assert_eq!(g.legal_moves_uci().len(), 16);
    assert!(g.legal_moves_uci().contains(&"e8e8".to_string()));
    let g = bomb_game(BOMB_START, &["d1d1", "e8e8"]);
    assert_eq!(
        g.fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 2 {d1,e8}"
    );
    // Then chess's 20 moves and the d1 queen's detonation: its blast takes the own
    // king on e1, which is legal (and loses, AB4): 21.
    assert_eq!(g.legal_moves_uci().len(), 21);
}

#[test]
fn ab3_a_detonation_clears_the_bomb_and_its_eight_neighbours() {
    // The c2 knight blows up: b2 (black pawn), c3 (black pawn), d2 (white pawn) go with
    // it; the e1 king is two files away and stays. The clock resets.
    let g = bomb_game("4k3/8/8/8/8/2p5/1pNP4/4K3 w - - 7 5 {c2,e8}", &["c2c2"]);
    assert_eq!(g.fen(), "4k3/8/8/8/8/8/8/4K3 b - - 0 5 {x,e8}");
}

#[test]
fn ab4_the_kings_a_blast_destroys_decide_the_game() {
    // B3: the e2 knight between the kings destroys both: a draw.
    let both = bomb_game("8/8/8/8/8/4k3/4N3/4K3 w - - 0 3 {e2,e3}", &["e2e2"]);
    assert_eq!(both.outcome().unwrap().result, GameResult::Draw);
    // Only the enemy king (White's is on a1): White wins.
    let enemy = bomb_game("8/8/8/8/8/4k3/4N3/K7 w - - 0 3 {e2,e3}", &["e2e2"]);
    assert_eq!(enemy.outcome().unwrap().result, GameResult::Win(WHITE));
    // Only the own king: legal, and White loses.
    let own = bomb_game("8/8/8/8/8/8/4N3/4K2k w - - 0 3 {e2,h1}", &[]);
    assert!(own.legal_moves_uci().contains(&"e2e2".to_string()));
    let own = bomb_game("8/8/8/8/8/8/4N3/4K2k w - - 0 3 {e2,h1}", &["e2e2"]);
    assert_eq!(own.outcome().unwrap().result, GameResult::Win(BLACK));
}

#[test]
fn ab5_a_detonation_may_not_expose_the_king_but_may_answer_check() {
    // The c2 blast takes the c1 bishop that shields e1 from the a1 rook: illegal.
    let g = bomb_game("4k3/8/8/8/8/8/2P5/r1B1K3 w - - 0 5 {c2,e8}", &[]);
    assert!(!g.legal_moves_uci().contains(&"c2c2".to_string()));
    // B4: the f3 knight checks e1; the g2 blast takes it (e1 is not next to g2). The
    // other answers: Kd1, Ke2, Kf1, Kf2 (d2 is the knight's) and gxf3: 6 moves.
    let g = bomb_game("4k3/8/8/8/8/5n2/6P1/4K3 w - - 0 3 {g2,e8}", &[]);
    assert_eq!(
        sorted_moves(&g),
        ["e1d1", "e1e2", "e1f1", "e1f2", "g2f3", "g2g2"].map(String::from)
    );
}

#[test]
fn ab6_the_bomb_never_gives_check() {
    // Black's bomb, the d2 knight, stands next to White's king: White is not in check,
    // and has the same moves as with Black's bomb gone.
    let on = bomb_game("4k3/8/8/8/8/8/3n4/4K3 w - - 0 5 {x,d2}", &[]);
    let gone = bomb_game("4k3/8/8/8/8/8/3n4/4K3 w - - 0 5 {x,x}", &[]);
    assert_eq!(sorted_moves(&on), sorted_moves(&gone));
    assert!(on.legal_moves_uci().contains(&"e1d2".to_string()));
}

#[test]
fn ab7_capturing_the_bomb_removes_it_without_a_blast() {
    // The queen takes the d2 bomb knight: no blast (the e1 king stays); White's entry
    // is `x`; White sees `x`, Black (which took it unknowingly) keeps `?`.
    let fen = "4k3/8/8/3q4/8/8/3N4/4K3 b - - 0 5 {d2,e8}";
    let g = bomb_game(fen, &["d5d2"]);
    assert_eq!(g.fen(), "4k3/8/8/8/8/8/3q4/4K3 w - - 0 6 {x,e8}");
    assert_eq!(
        g.observation_of(WHITE).unwrap().fen(),
        "4k3/8/8/8/8/8/3q4/4K3 w - - 0 6 {x,?}"
    );
    assert_eq!(
        g.observation_of(BLACK).unwrap().fen(),
        "4k3/8/8/8/8/8/3q4/4K3 w - - 0 6 {?,e8}"
    );
}

#[test]
fn ab8_the_bomb_follows_its_unit() {
    // The h1 rook castles to f1, the a7 pawn promotes on a8: the bomb goes along.
    let g = bomb_game("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 5 {h1,a8}", &["e1g1"]);
    assert_eq!(g.fen(), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 5 {f1,a8}");
    let g = bomb_game("4k3/P7/8/8/8/8/8/4K3 w - - 0 5 {a7,e8}", &["a7a8q"]);
    assert_eq!(g.fen(), "Q3k3/8/8/8/8/8/8/4K3 b - - 0 5 {a8,e8}");
}

#[test]
fn ab9_mate_counts_the_detonation() {
    // Ra8+ against the g8 king behind its pawns: with Black's bomb on b7 the blast
    // takes the rook (a8 is next to b7), so it is not mate; with the bomb gone it is.
    let fen = "6k1/1p3ppp/8/8/8/8/8/R3K3 w - - 0 5";
    let g = bomb_game(&format!("{fen} {{e1,b7}}"), &["a1a8"]);
    assert!(g.outcome().is_none());
    assert_eq!(sorted_moves(&g), ["b7b7"]);
    let g = bomb_game(&format!("{fen} {{e1,x}}"), &["a1a8"]);
    assert_eq!(g.outcome().unwrap().result, GameResult::Win(WHITE));
}

#[test]
fn ab10_draws_as_in_chess() {
    let g = bomb_game("4k3/8/8/8/8/8/8/4K3 w - - 0 5 {x,x}", &[]);
    assert_eq!(g.outcome().unwrap().result, GameResult::Draw);
    let g = bomb_game("4k3/8/8/8/8/8/8/4K2R w - - 100 80 {h1,x}", &[]);
    assert_eq!(g.outcome().unwrap().result, GameResult::Draw);
}

#[test]
fn the_bomb_field_is_read_written_and_checked() {
    // Left out, neither bomb is designated.
    let g = game_at("atomicbomb", "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(g.fen(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1 {-,-}");
    for (fen, why) in [
        (
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1 {d1,-}",
            "not on one of its units",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1 {e8,-}",
            "not on one of its units",
        ),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 {e1}", "bomb field"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 {e1,?}", "bomb field"),
        // Designations come before any other move, so no check stands while a bomb is
        // still to be designated (the black rook on e2 checks; the fuzzer's case: every
        // designation would leave White in check).
        (
            "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1 {-,-}",
            "in check before both bombs are designated",
        ),
        (
            "4k3/8/8/8/8/8/4R3/4K3 b - - 0 1 {e1,-}",
            "in check before both bombs are designated",
        ),
    ] {
        let Err(e) = protean::engine::Game::by_name("atomicbomb", Some(fen)) else {
            panic!("{fen} is accepted");
        };
        assert!(e.contains(why), "{fen}: {e}");
    }
    // The key tells bombs apart.
    let a = game_at("atomicbomb", "4k3/8/8/8/8/8/3N4/4K3 w - - 0 5 {e1,e8}");
    let b = game_at("atomicbomb", "4k3/8/8/8/8/8/3N4/4K3 w - - 0 5 {d2,e8}");
    assert_ne!(a.key(), b.key());
}

#[test]
fn the_bomb_observation_hides_only_the_opponents_bomb() {
    // B2: White's view after d1d1 e8e8 is the true FEN with `{d1,?}`; Black's view of
    // White's designation is `?` while its own is still `-`.
    let g = bomb_game(BOMB_START, &["d1d1"]);
    assert_eq!(
        g.observation().unwrap().fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1 {?,-}"
    );
    let g = bomb_game(BOMB_START, &["d1d1", "e8e8"]);
    assert_eq!(
        g.observation().unwrap().fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 2 {d1,?}"
    );
    // Two designations Black cannot tell apart give it the same view.
    let a = bomb_game(BOMB_START, &["d1d1"]).observation().unwrap();
    let b = bomb_game(BOMB_START, &["h2h2"]).observation().unwrap();
    assert_eq!(a, b);
    // A detonation is public: `x` for both.
    let g = bomb_game("4k3/8/8/8/1N6/8/8/4K3 w - - 0 5 {b4,e8}", &["b4b4"]);
    assert_eq!(
        g.observation().unwrap().fen(),
        "4k3/8/8/8/8/8/8/4K3 b - - 0 5 {x,e8}"
    );
}

#[test]
fn atomicbomb_over_uci() {
    let out = uci(&["uci"]);
    assert!(out.contains(" var atomicbomb"));
    let out = uci(&[
        "setoption name UCI_Variant value atomicbomb",
        "position startpos moves d1d1",
        "d",
        "go depth 2",
    ]);
    assert!(
        out.contains("Observation: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1 {?,-}")
    );
    // The honest player (`bomb_plan`): every world of White's unseen designation.
    assert!(!out.contains(PEEKING), "{out}");
    assert!(out.contains("info string belief 16 sampled 16"), "{out}");
    let best = out
        .lines()
        .find_map(|l| l.strip_prefix("bestmove "))
        .and_then(|rest| rest.split_whitespace().next())
        .unwrap();
    // Black's turn is a designation of one of its units (ranks 7 and 8).
    assert!(
        best.len() == 4 && best[..2] == best[2..4] && matches!(&best[3..], "7" | "8"),
        "{best}"
    );
}
