//! Observation mode for `atomicbomb` (issue 22; rule book §3.2, §5): the opponent's
//! moves in UCI (its designation `?`), `bomb=` for our bomb and `boom=` for a public
//! detonation; what a token does not carry (both sides' castling rights, the e.p.
//! square, the clock, the bomb field) follows from the moves. Read back from seeded
//! games it is the referee's record, `go nodes` prints the same lines in both modes, and
//! malformed tokens are errors that keep the last good state.

use crate::common::observed::{
    assert_errors_keep_the_state, assert_fogfen_shown, assert_reads_back, both_modes, mover_record,
    position_start,
};
use crate::common::uci_transcript as uci;
use crate::common::Rng;
use protean::engine::Game;
use protean::hidden::ObservationHistory;
use protean::protocol::uci::PEEKING;
use protean::variant::{Color, WHITE};

/// Starts with castling rights, promotions and en passant near, beside the ordinary one.
const STARTS: [Option<&str>; 4] = [
    None,
    Some("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1"),
    Some("r3k2r/1P6/8/8/8/8/6p1/R3K2R b KQkq - 0 7"),
    Some("r3k3/2p1p3/8/3P1P2/2p1p3/8/3P1P2/4K2R w Kq - 0 1"),
];

/// A move `sqsq` by a side whose bomb is designated: a detonation.
fn is_square_pair(m: &str) -> bool {
    m.len() == 4 && m[..2] == m[2..]
}

/// A random game from one of [`STARTS`], cut at a random length or where it ends:
/// castling, promotions, double steps and (once both bombs are set) detonations are
/// chosen often, so that the fields a token does not carry change.
fn random_game(seed: u64) -> (Option<&'static str>, Game, Vec<String>) {
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let fen = STARTS[seed as usize % STARTS.len()];
    let start = Game::by_name("atomicbomb", fen).unwrap();
    let mut game = start.clone();
    let mut moves: Vec<String> = Vec::new();
    for _ in 0..rng.below(44) {
        let legal = game.legal_moves_uci();
        if legal.is_empty() || game.outcome().is_some() {
            break;
        }
        let designated = moves.len() >= 2;
        let special: Vec<&String> = legal
            .iter()
            .filter(|m| {
                m.len() == 5
                    || (designated && is_square_pair(m) && rng.below(3) == 0)
                    || ["e1g1", "e8c8", "e1c1", "e8g8"].contains(&m.as_str())
                    || ["d2d4", "f2f4", "c7c5", "e7e5"].contains(&m.as_str())
            })
            .collect();
        let m = if !special.is_empty() && rng.below(3) == 0 {
            special[rng.below(special.len())].clone()
        } else {
            legal[rng.below(legal.len())].clone()
        };
        game.play_uci(&m).unwrap();
        moves.push(m);
    }
    (fen, start, moves)
}

/// The observation-mode tokens of the game `moves` from `start` as the referee's
/// `record` saw it: the board with `bomb=` (our bomb, while it stands) and `boom=`
/// (after a detonation), our moves and the opponent's in UCI, its designation `?`.
/// `style` varies what the rule book leaves open: an opponent's detonation as `?` with
/// `boom=` (odd), and `ep=` written where the moves give one (a multiple of 3).
fn tokens(start: &Game, moves: &[String], record: &ObservationHistory, style: u64) -> Vec<String> {
    let token = |o: &protean::hidden::Observation, boom: Option<&str>| {
        let mut t = o.board_field();
        let bombs = o.bombs.as_deref().unwrap_or("{-,-}");
        let (w, b) = bombs[1..bombs.len() - 1].split_once(',').unwrap();
        let ours = if record.viewer == WHITE { w } else { b };
        if ours.len() == 2 {
            t += &format!(";bomb={ours}");
        }
        if let Some(sq) = boom {
            t += &format!(";boom={sq}");
        }
        if let Some(sq) = o.en_passant.filter(|_| style.is_multiple_of(3)) {
            t += &format!(";ep={}", o.geo.square_name(sq));
        }
        t
    };
    let mut out = vec![token(&record.first, None)];
    let mut set = [false, false];
    let mut side = Color::white_if(start.white_to_move());
    for (m, step) in moves.iter().zip(&record.steps) {
        let detonation = is_square_pair(m) && set[side.index()];
        let designation = is_square_pair(m) && !set[side.index()];
        set[side.index()] = true;
        let half = match &step.own_move {
            Some(own) => own.clone(),
            None if designation => "?".into(),
            None if detonation && style % 2 == 1 => "?".into(),
            None => m.clone(),
        };
        out.push(half);
        out.push(token(&step.seen, detonation.then(|| &m[..2])));
        side = !side;
    }
    out
}

/// The same game, once as moves (referee mode) and once as the side to move's
/// observations: the tokens read back to the referee's record, and `go nodes` prints
/// byte-identical lines with a fixed seed (200 seeded games, both observers).
#[test]
fn bomb_observations_read_back_and_play_alike() {
    let (mut castled, mut detonated, mut passant, mut promoted) = (0, 0, 0, 0);
    let mut viewers = [0, 0];
    for seed in 1..=200u64 {
        let (fen, start, moves) = random_game(seed);
        let record = mover_record(&start, &moves);
        let toks = tokens(&start, &moves, &record, seed);
        assert_reads_back(&start, &toks, &record, &format!("seed {seed}: {moves:?}"));
        viewers[record.viewer.index()] += 1;
        castled += usize::from(
            moves
                .iter()
                .any(|m| ["e1g1", "e8c8", "e1c1", "e8g8"].contains(&m.as_str())),
        );
        detonated += usize::from(toks.iter().any(|t| t.contains("boom=")));
        passant += usize::from(record.steps.iter().any(|s| s.seen.en_passant.is_some()));
        promoted += usize::from(moves.iter().any(|m| m.len() == 5));
        let options = [
            "setoption name UCI_Variant value atomicbomb".to_string(),
            format!("setoption name Seed value {seed}"),
        ];
        let (referee, observed) = both_modes(
            &options,
            &position_start(fen),
            &moves,
            &toks,
            "go nodes 600",
        );
        assert_eq!(referee, observed, "seed {seed}: {moves:?}");
        assert!(observed.contains("bestmove "), "{observed}");
        assert!(!observed.contains(PEEKING), "{observed}");
        assert!(
            !observed.contains("info string error"),
            "seed {seed}: {observed}"
        );
    }
    assert!(viewers.iter().all(|&n| n > 50), "{viewers:?}");
    assert!(castled > 10, "{castled} games castled");
    assert!(detonated > 20, "{detonated} games detonated");
    assert!(passant > 10, "{passant} games had an e.p. square");
    assert!(promoted > 5, "{promoted} games promoted");
}

/// One observation FEN (`position fogfen`) is the history-free `position fen` of
/// referee mode: the same lines; `d` shows it.
#[test]
fn a_bomb_fog_fen_is_one_observation() {
    let fen = "r3k2r/pppp1ppp/8/3Pp3/8/8/PPP2PPP/R3K2R w KQkq e6 0 9 {e1,d7}";
    let seen = Game::by_name("atomicbomb", Some(fen))
        .unwrap()
        .observation()
        .unwrap();
    assert_eq!(
        seen.fen(),
        "r3k2r/pppp1ppp/8/3Pp3/8/8/PPP2PPP/R3K2R w KQkq e6 0 9 {e1,?}"
    );
    let run = |line: String| {
        uci(&[
            "setoption name UCI_Variant value atomicbomb".into(),
            "setoption name Seed value 4".into(),
            "setoption name FogInput value referee".into(),
            line,
            "go nodes 1500".into(),
        ])
    };
    let referee = run(format!("position fen {fen}"));
    let observed = uci(&[
        "setoption name UCI_Variant value atomicbomb".into(),
        "setoption name Seed value 4".into(),
        "setoption name FogInput value observation".into(),
        format!("position fogfen {}", seen.fen()),
        "go nodes 1500".into(),
    ]);
    assert_eq!(referee, observed);
    assert!(observed.contains("info string belief"), "{observed}");
    assert_fogfen_shown("atomicbomb", &seen.fen());
}

/// Malformed tokens are errors naming the problem, and the engine keeps its last good
/// state (the same `d`, the same move). The game, White observing: 1.d1d1 (bomb on the
/// queen) ...? (Black's secret designation) 2.e4 e5 3.Qh5 Nc6, then Black's f-pawn
/// detonates in some lines below (blast f7: e8, g8, e7, g7, f8, e6, f6, g6).
#[test]
fn bad_bomb_tokens_keep_the_last_good_state() {
    let b0 = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    let b1 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR";
    let b2 = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR";
    let b3 = "rnbqkbnr/pppp1ppp/8/4p2Q/4P3/8/PPPP1PPP/RNB1KBNR";
    let b4 = "r1bqkbnr/pppp1ppp/2n5/4p2Q/4P3/8/PPPP1PPP/RNB1KBNR";
    let head = format!(
        "position startpos fog {b0} d1d1 {b0};bomb=d1 ? {b0};bomb=d1 e2e4 {b1};bomb=d1 e7e5 \
         {b2};bomb=d1"
    );
    let good = format!("{head} d1h5 {b3};bomb=h5 b8c6 {b4};bomb=h5");
    // Black's f7 pawn blows up its own king (and e8, f8, g8, g7): Black lost.
    let blown = "rnbq3r/pppp3p/8/4p2Q/4P3/8/PPPP1PPP/RNB1KBNR";
    let bad: Vec<(String, &str)> = vec![
        (
            format!("{head} d1h5 {b3};bomb=h5 b8c6 {b4}"),
            "needs bomb=h5",
        ),
        (
            format!("{head} d1h5 {b3};bomb=d1 b8c6 {b4};bomb=h5"),
            "empty square",
        ),
        (
            format!("{head} d1h5 {b3};bomb=h5 b8c6 {b4};bomb=c6"),
            "the opponent's unit",
        ),
        (
            format!("{head} d1h5 {b3};bomb=h5 b8c6 {b4};bomb=e4"),
            "but our bomb stands on h5",
        ),
        (
            format!("{head} d1h5 {b3};bomb=h5;bomb=h5 b8c6 {b4};bomb=h5"),
            "given twice",
        ),
        (
            format!("{head} d1h5 {b3};bomb=h5 b8c6 {b4};bomb=h5;boom=c6"),
            "detonated nothing",
        ),
        (
            format!("{head} d1h5 {b3};bomb=h5 ? {blown};bomb=h5;boom=e4"),
            "where no unit of the opponent's",
        ),
        (
            format!("{head} d1h5 {b3};bomb=h5 ? {blown};bomb=h5;boom=c3"),
            "where no unit of the opponent's",
        ),
        (
            format!("{head} d1h5 {b3};bomb=h5 ? {blown};bomb=h5"),
            "'?' with boom=",
        ),
        (
            format!("{head} d1h5 {b3};bomb=h5 f7f7 {blown};bomb=h5"),
            "needs boom=f7",
        ),
        (
            format!("{head} d1h5 {b3};bomb=h5 f7f7 {blown};bomb=h5;boom=f6"),
            "detonated on f7",
        ),
        (
            format!("{head} d1h5 {b3};bomb=h5 f7f7 {b4};bomb=h5;boom=f7"),
            "where the moves leave it",
        ),
        (
            format!("{head} d1h5 {b3};boom=z9 b8c6 {b4};bomb=h5"),
            "not a square",
        ),
        (
            format!("{head} d1h5 {b3};bomb=h5 b8c6 {b4};bomb=h5;hand=Q"),
            "hidden set-ups",
        ),
        (
            format!("{head} d1h5 {b3};bomb=h5 b8c6 {b4};bomb=h5;promo"),
            "announces none",
        ),
        (
            format!("{head} d1h5 {b3};bomb=h5 b8c6 {b4};bomb=h5;ep=e3"),
            "ep=e3",
        ),
        (
            format!("{head} d1h5 {b3};bomb=h5 b8b6 {b4};bomb=h5"),
            "not legal",
        ),
        (
            format!("{head} d1h6 {b3};bomb=h5 b8c6 {b4};bomb=h5"),
            "our move",
        ),
        (
            format!("{head} d1h5 {b3};bomb=h5 b8c6 ????????{};bomb=h5", &b4[8..]),
            "a8 is unseen",
        ),
        (
            format!("position startpos fog {b0} d1d1 {b0};bomb=d1 e8e8 {b0};bomb=d1"),
            "secret",
        ),
        (
            format!("position startpos fog {b0} ? {b0};bomb=d1 ? {b0}"),
            "is ours",
        ),
        (
            format!("position startpos fog {b0} d1d1 {b0};bomb=d1 ? {b0};bomb=d1;boom=e8"),
            "detonated nothing",
        ),
        (
            format!("position startpos fog {b0} d1d1 {b0};bomb=e2 ? {b0};bomb=d1"),
            "but our bomb stands on d1",
        ),
        (
            format!("position startpos fog {b0};bomb=e1"),
            "we designated none",
        ),
        (
            "position fogfen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 2 {d1,e8}"
                .into(),
            "secret",
        ),
        (
            "position fogfen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 2 {?,?}".into(),
            "our own bomb",
        ),
        (
            "position fogfen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 2 {e4,?}"
                .into(),
            "not on one of our units",
        ),
        (
            "position fogfen rnbqkbnr/pppppppp/8/8/8/8/??PPPPPP/RNBQKBNR w KQkq - 0 2 {d1,?}"
                .into(),
            "unseen",
        ),
    ];
    let base = [
        "setoption name UCI_Variant value atomicbomb".to_string(),
        "setoption name FogInput value observation".into(),
        "setoption name Seed value 3".into(),
        good.clone(),
    ];
    let tail = ["d".to_string(), "go nodes 1500".into()];
    let expected = uci(&[&base[..], &tail[..]].concat());
    assert!(
        expected.starts_with(&format!("Observation: {b4} w KQkq - 2 4 {{h5,?}}\n")),
        "{expected}"
    );
    assert!(expected.contains("\nbestmove "), "{expected}");
    assert_errors_keep_the_state(&base, &tail, &expected, &bad);
    // The detonation itself, both ways, reads as Black's lost game: the blast took its
    // own king (AB4) and the entry shows `x`.
    for half in ["f7f7", "?"] {
        let line = format!("{head} d1h5 {b3};bomb=h5 {half} {blown};bomb=h5;boom=f7");
        let out = uci(&[&base[..3], &[line, "d".into()]].concat());
        assert_eq!(
            out,
            format!("Observation: {blown} w KQ - 0 4 {{h5,x}}\n"),
            "{half}"
        );
    }
}
