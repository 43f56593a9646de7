//! The observation-mode tests of the hidden games (`hidden4`: fog, `hidden7`: the
//! secret bomb, `hidden8`: the hidden set-ups) share these: the referee's record of a
//! game as its mover sees it, the tokens read back to that record, one `go` in both
//! modes, and bad lines that must leave the last good state.

use super::uci_transcript as uci;
use protean::engine::Game;
use protean::hidden::{Observation, ObservationHistory};
use protean::variant::Color;

pub fn side_to_move(game: &Game) -> Color {
    Color::white_if(game.white_to_move())
}

/// The start of a `position` command: `startpos`, or `fen FEN`.
pub fn position_start(fen: Option<&str>) -> String {
    fen.map_or("startpos".into(), |f| format!("fen {f}"))
}

/// The referee's record of `moves` from `start`, seen by the side to move after them.
pub fn mover_record(start: &Game, moves: &[String]) -> ObservationHistory {
    let mut end = start.clone();
    for m in moves {
        end.play_uci(m).unwrap();
    }
    start
        .observation_history(moves, side_to_move(&end))
        .unwrap()
        .unwrap()
}

/// Asserts that the observation-mode `tokens` read back to the referee's `record`.
pub fn assert_reads_back(
    start: &Game,
    tokens: &[String],
    record: &ObservationHistory,
    context: &str,
) {
    let words: Vec<&str> = tokens.iter().map(|t| t.as_str()).collect();
    assert_eq!(
        start.observed_history(&words).as_ref(),
        Ok(record),
        "{context}\n{tokens:?}"
    );
}

/// The token of an observation of play (not of a hidden set-up): the board field, the
/// e.p. square as `ep=` and the events (`promo`).
pub fn board_token(o: &Observation) -> String {
    let mut t = o.board_field();
    if let Some(sq) = o.en_passant {
        t += &format!(";ep={}", o.geo.square_name(sq));
    }
    for e in &o.events {
        t += &format!(";{}", e.token());
    }
    t
}

/// What `go` prints after `options` in referee mode (`position START moves ...`) and
/// in observation mode (`FogInput` observation, `position START fog TOKENS`).
pub fn both_modes(
    options: &[String],
    start: &str,
    moves: &[String],
    tokens: &[String],
    go: &str,
) -> (String, String) {
    let referee = uci(&[
        options,
        &[
            format!("position {start} moves {}", moves.join(" ")),
            go.into(),
        ],
    ]
    .concat());
    let observed = uci(&[
        options,
        &[
            "setoption name FogInput value observation".into(),
            format!("position {start} fog {}", tokens.join(" ")),
            go.into(),
        ],
    ]
    .concat());
    (referee, observed)
}

/// Asserts, for each `(line, why)` of `bad`, that the line sent after `base` is one
/// error (`info string error: ...` naming `why`) and that `tail` then prints
/// `expected`, what it prints after `base` alone: the last good state stays.
pub fn assert_errors_keep_the_state(
    base: &[String],
    tail: &[String],
    expected: &str,
    bad: &[(String, &str)],
) {
    for (line, why) in bad {
        let out = uci(&[base, std::slice::from_ref(line), tail].concat());
        let (first, rest) = out.split_once('\n').unwrap();
        assert!(
            first.starts_with("info string error: ") && first.contains(why),
            "{line}: {first}"
        );
        assert_eq!(rest, expected, "{line}: the state changed");
    }
}

/// Asserts that `d` after `position fogfen FEN` (observation mode) prints that
/// observation back, in the rule book's format.
pub fn assert_fogfen_shown(variant: &str, fen: &str) {
    let shown = uci(&[
        format!("setoption name UCI_Variant value {variant}"),
        "setoption name FogInput value observation".into(),
        format!("position fogfen {fen}"),
        "d".into(),
    ]);
    assert_eq!(shown, format!("Observation: {fen}\n"));
}
