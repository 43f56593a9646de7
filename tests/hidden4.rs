//! Observation mode (issue 22; rule book §3.2): the engine given only the observations,
//! as a redacting referee sends them, plays exactly as in referee mode; bad input is an
//! error that keeps the last good state; XBoard's `usermove`/`go` and a `setboard` with
//! `?` squares reach the honest player.

use crate::common::observed::{
    assert_errors_keep_the_state, assert_fogfen_shown, assert_reads_back, board_token, both_modes,
    mover_record, position_start,
};
use crate::common::Rng;
use protean::engine::Game;
use protean::hidden::ObservationHistory;
use protean::protocol::uci::PEEKING;
use protean::protocol::xboard::XBoard;

const GAMES: [&str; 2] = ["fogofwar", "darkchess"];

use crate::common::uci_transcript as uci;

fn xboard(lines: &[&str]) -> String {
    let mut x = XBoard::new(Vec::new());
    for l in lines {
        x.command(l);
    }
    String::from_utf8(x.into_output()).unwrap()
}

/// The observation-mode tokens of a referee's record (§3.2): the first observation's
/// board, then per half-move our move or `?` and the board with its extras.
fn tokens(history: &ObservationHistory) -> Vec<String> {
    let mut out = vec![board_token(&history.first)];
    for step in &history.steps {
        out.push(step.own_move.clone().unwrap_or_else(|| "?".into()));
        out.push(board_token(&step.seen));
    }
    out
}

/// Starts that exercise castling rights (moved and captured rooks, the king) and
/// promotions (darkchess announces them), beside the ordinary start.
const STARTS: [Option<&str>; 4] = [
    None,
    Some("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1"),
    Some("r3k2r/1P6/8/8/8/8/6p1/R3K2R b KQkq - 0 7"),
    Some("4k3/PPP5/8/8/8/8/5ppp/4K3 w - - 0 1"),
];

/// A random game from one of [`STARTS`], cut at a random length or where it ends.
fn random_game(variant: &str, seed: u64) -> (Option<&'static str>, Game, Vec<String>) {
    let mut rng = Rng(seed.wrapping_mul(0x2545_F491_4F6C_DD1D) | 1);
    let fen = STARTS[seed as usize % STARTS.len()];
    let start = Game::by_name(variant, fen).unwrap();
    let mut game = start.clone();
    let mut moves = Vec::new();
    let plies = rng.below(40);
    for _ in 0..plies {
        let legal = game.legal_moves_uci();
        if legal.is_empty() || game.outcome().is_some() {
            break;
        }
        // Castling and promotions first where they are legal, so they happen often.
        let special: Vec<&String> = legal
            .iter()
            .filter(|m| m.len() == 5 || m.starts_with("e1g1") || m.starts_with("e8c8"))
            .collect();
        let m = if !special.is_empty() && rng.below(2) == 0 {
            special[rng.below(special.len())].clone()
        } else {
            legal[rng.below(legal.len())].clone()
        };
        game.play_uci(&m).unwrap();
        moves.push(m);
    }
    (fen, start, moves)
}

/// The same game, once as moves (referee mode) and once as the side to move's
/// observations (observation mode): the tokens read back to the referee's record, and
/// `go nodes` prints byte-identical lines with a fixed seed (200 games per variant).
#[test]
fn referee_and_observation_modes_play_alike() {
    for variant in GAMES {
        let (mut castled, mut promoted, mut inconsistent) = (0, 0, 0);
        for seed in 1..=200u64 {
            let (fen, start, moves) = random_game(variant, seed);
            let record = mover_record(&start, &moves);
            let toks = tokens(&record);
            assert_reads_back(
                &start,
                &toks,
                &record,
                &format!("{variant} seed {seed}: {moves:?}"),
            );
            castled += usize::from(moves.iter().any(|m| m == "e1g1" || m == "e8c8"));
            promoted += usize::from(record.steps.iter().any(|s| !s.seen.events.is_empty()));
            let options = [
                format!("setoption name UCI_Variant value {variant}"),
                "setoption name BeliefCap value 60".into(),
                "setoption name WorldSamples value 3".into(),
                format!("setoption name Seed value {seed}"),
            ];
            let (referee, observed) = both_modes(
                &options,
                &position_start(fen),
                &moves,
                &toks,
                "go nodes 1500",
            );
            assert_eq!(referee, observed, "{variant} seed {seed}: {moves:?}");
            assert!(observed.contains("info string belief "), "{observed}");
            assert!(!observed.contains(PEEKING), "{observed}");
            assert!(!observed.contains("info string error:"), "{observed}");
            // The belief's own verdict, the same in both modes: with a cap of 60 worlds
            // the true one may be sampled away, and a re-seeding may find nothing.
            inconsistent += usize::from(observed.contains("observation inconsistent"));
            assert!(!observed.contains("ponder") && !observed.contains("check"));
        }
        assert!(castled > 10, "{variant}: {castled} games castled");
        assert!(
            inconsistent < 20,
            "{variant}: {inconsistent} games inconsistent"
        );
        if variant == "darkchess" {
            assert!(promoted > 5, "{promoted} games announced a promotion");
        }
    }
}

/// One observation FEN (`position fogfen`) is the history-free `position fen`: the
/// same lines, and `d` shows the observation (no true FEN in observation mode).
#[test]
fn a_fog_fen_is_one_observation() {
    for variant in GAMES {
        let fen = "4k3/8/8/3pP3/8/8/8/4K2R w K d6 0 1";
        let seen = Game::by_name(variant, Some(fen))
            .unwrap()
            .observation()
            .unwrap();
        let run = |lines: &[String]| {
            let mut all = vec![
                format!("setoption name UCI_Variant value {variant}"),
                "setoption name Seed value 5".into(),
            ];
            all.extend_from_slice(lines);
            all.push("go nodes 3000".into());
            uci(&all)
        };
        let referee = run(&[format!("position fen {fen}")]);
        let observed = run(&[
            "setoption name FogInput value observation".into(),
            format!("position fogfen {}", seen.fen()),
        ]);
        assert_eq!(referee, observed, "{variant}");
        // The clock as a number, `*` for unseen squares and both sides' castling
        // rights (another program's fog FEN) read the same.
        let other = seen
            .fen()
            .replace('?', "*")
            .replace(" K d6 - 1", " Kq d6 0 1");
        let observed = run(&[
            "setoption name FogInput value observation".into(),
            format!("position fogfen {other}"),
        ]);
        assert_eq!(referee, observed, "{variant}: {other}");
        assert_fogfen_shown(variant, &seen.fen());
    }
}

/// Bad observation-mode input is an error naming the problem; the engine keeps its
/// last good state (the same `d`, the same move) and never panics.
#[test]
fn bad_observation_input_keeps_the_last_good_state() {
    // The rule book's V1, V3 and V4: White's views of 1.e4 e5.
    let start_w = "????????/????????/????????/????????/8/8/PPPPPPPP/RNBQKBNR";
    let after_e4 = "????????/????????/1???????/?1??1??1/4P3/4?3/PPPP1PPP/RNBQKBNR";
    let after_e5 = "????????/????????/1???????/?1?????1/4P3/4?3/PPPP1PPP/RNBQKBNR";
    let good = format!("position startpos fog {start_w} e2e4 {after_e4} ? {after_e5}");
    let bad: Vec<(String, &str)> = vec![
        ("position startpos fog".into(), "at least the first observation"),
        (format!("position startpos fog {start_w} e2e4"), "no observation after it"),
        (format!("position startpos fog {start_w} ? {after_e4} ? {after_e5}"), "is ours"),
        (format!("position startpos fog {start_w} e2e4 {after_e4} e7e5 {after_e5}"), "opponent's"),
        (format!("position startpos fog {start_w} e2e9 {after_e4} ? {after_e5}"), "not a UCI move"),
        (format!("position startpos fog {start_w} e3e4 {after_e4} ? {after_e5}"), "no unit of ours"),
        (format!("position startpos fog {start_w} e2e4x {after_e4} ? {after_e5}"), "not a UCI move"),
        ("position startpos fog ????????/8/8/8/8/8/8".into(), "7 ranks"),
        ("position startpos fog 99999999999999999999999/8/8/8/8/8/8/8".into(), "empty run"),
        ("position startpos fog ???????/????????/????????/????????/8/8/PPPPPPPP/RNBQKBNR".into(), "squares"),
        ("position startpos fog ????????/????????/????????/????????/8/8/PPPPPPPP/RNBQKBNX".into(), "not a piece"),
        (format!("position startpos fog {start_w};promo"), "promo"),
        (format!("position startpos fog {start_w} e2e4 {after_e4};ep=e3 ? {after_e5}"), "'ep' only when"),
        (format!("position startpos fog {start_w};ep=z9"), "not a square"),
        (format!("position startpos fog {start_w};hand=Q"), "hidden set-ups"),
        (format!("position startpos fog {start_w};bomb=d1"), "secret bomb"),
        (format!("position startpos fog {start_w};boom=d1"), "secret bomb"),
        (format!("position startpos fog {start_w};material=QXZ"), "not piece letters"),
        (format!("position startpos fog {start_w};material=Q;material=Q"), "twice"),
        (format!("position startpos fog {start_w};frobnicate"), "unknown extra"),
        (format!("position startpos fog {start_w}[Q]"), "no hands"),
        (format!("position fen 8/8/8 w - - 0 1 fog {start_w}"), "3 ranks"),
        (format!("position startpos moves e2e4 fog {start_w}"), "observation mode needs"),
        ("position fogfen ????????/8/8/8/8/8/8 w - - - 1".into(), "7 ranks"),
        ("position fogfen ????????/????????/????????/????????/8/8/PPPPPPPP/RNBQKBNR x - - - 1".into(), "side to move"),
        ("position fogfen ????????/????????/????????/????????/8/8/PPPPPPPP/RNBQKBNR w - - - 1 {d1,?}".into(), "bomb"),
        ("position fogfen".into(), "observation mode needs"),
        ("position startpos moves e2e4".into(), "FogInput is observation"),
        ("position fen 4k3/8/8/8/8/8/8/4K3 w - - 0 1".into(), "FogInput is observation"),
    ];
    let base = [
        "setoption name UCI_Variant value fogofwar".to_string(),
        "setoption name FogInput value observation".into(),
        "setoption name Seed value 3".into(),
        good.clone(),
    ];
    let tail = ["d".to_string(), "go nodes 2000".into()];
    let expected = uci(&[&base[..], &tail[..]].concat());
    assert!(expected.starts_with("Observation: "), "{expected}");
    assert!(expected.contains("\nbestmove "), "{expected}");
    assert_errors_keep_the_state(&base, &tail, &expected, &bad);
    // Observations are read only with FogInput observation, and only in the games the
    // honest player plays.
    let out = uci(&[
        "setoption name UCI_Variant value fogofwar".into(),
        format!("position startpos fog {start_w}"),
    ]);
    assert!(out.contains("FogInput observation"), "{out}");
    let out = uci(&[
        "setoption name UCI_Variant value chess".into(),
        "setoption name FogInput value observation".into(),
        format!("position startpos fog {start_w}"),
        "position startpos moves e2e4".into(),
    ]);
    assert_eq!(out.matches("info string error").count(), 1, "{out}");
    assert!(
        out.contains("observations are read only in the games the honest player plays"),
        "{out}"
    );
    // Mangled input never panics.
    let mut rng = Rng(77);
    let alphabet: Vec<char> = "?*/;=12345678KQRBNPkqrbnpe2ep?x ".chars().collect();
    let mut lines = vec![
        "setoption name UCI_Variant value darkchess".to_string(),
        "setoption name FogInput value observation".into(),
    ];
    for _ in 0..400 {
        let mut text: Vec<char> = good.chars().collect();
        for _ in 0..1 + rng.below(4) {
            let i = 14 + rng.below(text.len() - 14);
            match rng.below(3) {
                0 => {
                    text.remove(i);
                }
                1 => text.insert(i, alphabet[rng.below(alphabet.len())]),
                _ => text[i] = alphabet[rng.below(alphabet.len())],
            }
        }
        lines.push(text.into_iter().collect());
    }
    lines.push("go depth 1".into());
    let out = uci(&lines);
    assert!(out.lines().last().unwrap().starts_with("bestmove"), "{out}");
}

/// An observation nothing fits is reported at `go`, with no panic; the next good
/// observations are played as usual.
#[test]
fn an_inconsistent_observation_is_reported() {
    let start_w = "????????/????????/????????/????????/8/8/PPPPPPPP/RNBQKBNR";
    // After 1.e4 White is shown a black pawn on its own first rank: no world fits,
    // even placed afresh.
    let out = uci(&[
        "setoption name UCI_Variant value fogofwar".into(),
        "setoption name FogInput value observation".into(),
        format!(
            "position startpos fog {start_w} e2e4 ????????/????????/1???????/?1??1??1/4P3/\
             4?3/PPPP1PPP/RNBQKBNR ? ????????/????????/1???????/?1?????1/4P3/4?3/PPPP1PPP/\
             RNBQKBNp"
        ),
        "go nodes 1000".into(),
        format!("position startpos fog {start_w}"),
        "go nodes 1000".into(),
    ]);
    assert!(
        out.contains("info string error observation inconsistent at ply 2"),
        "{out}"
    );
    let last: Vec<&str> = out.lines().rev().take(3).collect();
    assert!(
        last[0].starts_with("bestmove ") && last[0] != "bestmove (none)",
        "{out}"
    );
    assert!(!last.iter().any(|l| l.contains("inconsistent")), "{out}");
}

/// XBoard's `usermove` and `go` reach the honest player (the same move as UCI's for
/// the same history and node budget, and its thinking line with no time); a `setboard`
/// with `?` squares is a one-shot observation whose move is announced, and a user move
/// after it is refused.
#[test]
fn xboard_reaches_the_honest_player() {
    for variant in GAMES {
        let out = xboard(&[
            "new",
            &format!("variant {variant}"),
            "post",
            "st 1",
            "nps 3000",
            "usermove e2e4",
            "ping 1",
        ]);
        let reply = out
            .lines()
            .find_map(|l| l.strip_prefix("move "))
            .unwrap_or_else(|| panic!("{out}"));
        let planned = uci(&[
            format!("setoption name UCI_Variant value {variant}"),
            "position startpos moves e2e4".into(),
            "go nodes 3000".into(),
        ]);
        assert!(
            planned.ends_with(&format!("bestmove {reply}\n")),
            "{out}\n{planned}"
        );
        assert!(
            out.lines().any(|l| l.ends_with(&format!(" 0 0\t{reply}"))),
            "{out}"
        );
        // `go` with White to move: the engine plays White's move by the planner.
        let out = xboard(&[
            "new",
            &format!("variant {variant}"),
            "st 1",
            "nps 3000",
            "go",
            "ping 1",
        ]);
        let first = out.lines().find_map(|l| l.strip_prefix("move ")).unwrap();
        let planned = uci(&[
            format!("setoption name UCI_Variant value {variant}"),
            "position startpos".into(),
            "go nodes 3000".into(),
        ]);
        assert!(
            planned.ends_with(&format!("bestmove {first}\n")),
            "{out}\n{planned}"
        );
    }
    // A one-shot observation: the rule book's V5 as White sees it.
    let view = "????????/????????/???2???/???pP???/????????/????????/???3??/???1K1?? w - d6 - 1";
    let out = xboard(&[
        "new",
        "variant fogofwar",
        &format!("setboard {view}"),
        "d",
        "st 1",
        "nps 3000",
        "go",
        "ping 1",
        "usermove d7d5",
    ]);
    let planned = uci(&[
        "setoption name UCI_Variant value fogofwar".into(),
        "setoption name FogInput value observation".into(),
        format!("position fogfen {view}"),
        "go nodes 3000".into(),
    ]);
    let best = planned
        .lines()
        .last()
        .unwrap()
        .strip_prefix("bestmove ")
        .unwrap();
    assert!(out.contains(&format!("# Observation: {view}\n")), "{out}");
    assert!(
        out.contains(&format!("\nmove {best}\n")),
        "{out}\n{planned}"
    );
    assert!(out.ends_with("Illegal move: d7d5\n"), "{out}");
    let out = xboard(&["new", "variant chess", &format!("setboard {view}")]);
    assert!(out.starts_with("Error (illegal position"), "{out}");
}
