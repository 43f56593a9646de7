//! Observation mode's input (rule book §3.2): what a redacting referee sends, read into
//! the same [`ObservationHistory`] that referee mode writes from the true game
//! (`view::record`), so that both modes feed the belief the same data and print the
//! same move.
//!
//! - `position startpos|fen <start> fog <obs0> [<halfmove> <obs>]...`:
//!   [`history_from_tokens`], given the public start position;
//! - `position fogfen <observation FEN>` (XBoard: `setboard` with `?` squares):
//!   [`history_from_fen`], one observation.
//!
//! An `<obs>` token is an observation FEN's board field with `;`-separated extras:
//! `ep=<sq>` (we may capture en passant there), `promo` (the opponent promoted) and
//! `material=<letters>` (a hint of the opponent's units, checked and not used: in the
//! games the planner plays that count is known exactly). `hand=`, `bomb=` and `boom=`
//! are refused: the planner does not play the hidden set-ups, and games with secret
//! bombs are refused as a whole (their observation carries fields a token does not). A `<halfmove>` is our
//! move in UCI, or `?` for an opponent half-move; they alternate from the start's side
//! to move, and the observer is the side to move after the last one. The fields a
//! token does not carry are derived as the referee derives them: side to move and
//! full-move number from the start and the count of half-moves, the clock unknown
//! (`-`), our castling rights from the start's, less each right whose king or rook
//! square one of our moves left or reached, or that no longer shows our piece (we see
//! all our units, so a rook taken on its corner shows).
//!
//! Bad input is an [`InputError`] naming the token and the reason; nothing is
//! half-read, and whether the observations fit together is the belief's judgement
//! (`info string error observation inconsistent at ply N`).

use super::observation::{Cell, Event, Observation};
use super::record::{ObservationHistory, Step};
use crate::board::{Bitboard, Square};
use crate::position::Position;
use crate::variant::rules::Rules;
use crate::variant::{Color, WHITE};
use std::fmt;

/// Why observation-mode input was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputError(pub String);

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl std::error::Error for InputError {}

fn err<T>(message: impl Into<String>) -> Result<T, InputError> {
    Err(InputError(message.into()))
}

/// The part of a token an error echoes (a front end clips whole messages, so they are
/// short, the reason first).
fn clip(text: &str) -> String {
    const MAX: usize = 16;
    match text.char_indices().nth(MAX) {
        Some((i, _)) => format!("{}...", &text[..i]),
        None => text.to_string(),
    }
}

/// One observation FEN (`?` or `*` unseen, the clock a number or `-`) as a history of
/// no half-moves, observed by its side to move. Castling letters of the other side (a
/// fog FEN that prints both sides' rights) are dropped: the observer does not know them.
/// Observation mode does not read games with secret bombs yet: their observation is the
/// whole FEN (both sides' castling rights, the clock), which a token does not carry.
fn refuse_bombs<B: Bitboard>(rules: &Rules<B>) -> Result<(), InputError> {
    if rules.bomb_blast.is_empty() {
        Ok(())
    } else {
        err("observation mode does not read games with secret bombs yet (use referee mode)")
    }
}

pub fn history_from_fen<B: Bitboard>(
    rules: &Rules<B>,
    text: &str,
) -> Result<ObservationHistory, InputError> {
    refuse_bombs(rules)?;
    let mut obs = Observation::from_fen(text, rules.geo).map_err(|e| InputError(e.0))?;
    check_contents(rules, &obs)?;
    let viewer = obs.side_to_move;
    let own: String = obs
        .castling
        .chars()
        .filter(|&c| c != '-' && is_own(c, viewer))
        .collect();
    obs.castling = if own.is_empty() { "-".into() } else { own };
    Ok(ObservationHistory {
        viewer,
        first: obs,
        steps: Vec::new(),
    })
}

/// The history given by `fog`'s tokens after the public start position `start`.
pub fn history_from_tokens<B: Bitboard>(
    start: &Position<B>,
    tokens: &[&str],
) -> Result<ObservationHistory, InputError> {
    let rules = start.rules();
    refuse_bombs(rules)?;
    let Some((first, rest)) = tokens.split_first() else {
        return err("'fog' needs at least the first observation");
    };
    if rest.len() % 2 != 0 {
        return err(format!(
            "half-move {} has no observation after it",
            rest.len().div_ceil(2)
        ));
    }
    let plies = rest.len() / 2;
    let mut side = start.side_to_move();
    let viewer = if plies % 2 == 0 { side } else { !side };
    let mut fullmove = start.fullmove_number();
    let mut castling = CastlingTracker::new(start, viewer);
    let mut first = read_token(rules, first, 0, side, viewer, fullmove)?;
    first.castling = castling.after(&first);
    let mut steps: Vec<Step> = Vec::with_capacity(plies);
    for (i, pair) in rest.chunks(2).enumerate() {
        let ply = i + 1;
        let (half, token) = (pair[0], pair[1]);
        let own_move = if side == viewer {
            if half == "?" {
                return err(format!("half-move {ply} is ours: give our move, not '?'"));
            }
            let before = steps.last().map_or(&first, |s| &s.seen);
            let (from, to) = own_move_squares(rules, before, viewer, half, ply)?;
            castling.moved(from, to);
            Some(half.to_string())
        } else {
            if half != "?" {
                return err(format!(
                    "half-move {ply} is the opponent's: '?', not '{}'",
                    clip(half)
                ));
            }
            None
        };
        if side != WHITE {
            fullmove += 1;
        }
        side = !side;
        let mut seen = read_token(rules, token, ply, side, viewer, fullmove)?;
        seen.castling = castling.after(&seen);
        steps.push(Step { own_move, seen });
    }
    Ok(ObservationHistory {
        viewer,
        first,
        steps,
    })
}

fn is_own(c: char, viewer: Color) -> bool {
    if viewer == WHITE {
        c.is_ascii_uppercase()
    } else {
        c.is_ascii_lowercase()
    }
}

/// Every piece shown is one of the variant's kinds; no holdings or bombs in a game
/// without them.
fn check_contents<B: Bitboard>(rules: &Rules<B>, obs: &Observation) -> Result<(), InputError> {
    for cell in &obs.cells {
        if let Cell::Piece(text) = cell {
            let letter = text
                .chars()
                .find(|c| c.is_ascii_alphabetic())
                .unwrap_or('?');
            if rules.variant.kind_by_letter(letter).is_none() {
                return err(format!("'{}' is not a piece of this game", clip(text)));
            }
        }
    }
    if obs.holdings.is_some() && rules.hands.is_none() {
        return err("holdings, in a game with no hands");
    }
    if obs.bombs.is_some() {
        return err("a bomb field, in a game with no secret bombs");
    }
    Ok(())
}

/// One `<obs>` token: the board field and its extras, observed after half-move `ply`
/// with `side` to move.
fn read_token<B: Bitboard>(
    rules: &Rules<B>,
    token: &str,
    ply: usize,
    side: Color,
    viewer: Color,
    fullmove: u32,
) -> Result<Observation, InputError> {
    let at = |why: String| InputError(format!("observation {ply}: {why}"));
    let mut parts = token.split(';');
    let board = parts.next().unwrap_or("");
    let stm = if side == WHITE { 'w' } else { 'b' };
    let mut obs = Observation::from_fen(&format!("{board} {stm} - - - {fullmove}"), rules.geo)
        .map_err(|e| at(e.0))?;
    check_contents(rules, &obs).map_err(|e| at(e.0))?;
    let to_move = side == viewer;
    let mut material = false;
    for extra in parts {
        let (key, value) = extra.split_once('=').unwrap_or((extra, ""));
        match key {
            "promo" if !value.is_empty() => return Err(at("'promo' takes no value".into())),
            "promo" => {
                let announced = rules.vision.as_ref().is_some_and(|v| v.announce_promotion);
                if !announced {
                    return Err(at("'promo' in a game that announces none".into()));
                }
                if !to_move || ply == 0 {
                    return Err(at("'promo' only after an opponent's half-move".into()));
                }
                if !obs.events.is_empty() {
                    return Err(at("'promo' given twice".into()));
                }
                obs.events.push(Event::Promotion);
            }
            "ep" => {
                let Some(sq) = rules.geo.parse_square(value) else {
                    return Err(at(format!("'ep={}' is not a square", clip(value))));
                };
                if !to_move {
                    return Err(at("'ep' only when we are to move".into()));
                }
                if obs.en_passant.replace(sq).is_some() {
                    return Err(at("'ep' given twice".into()));
                }
            }
            "material" => {
                let bad = value
                    .chars()
                    .find(|&c| rules.variant.kind_by_letter(c).is_none());
                if value.is_empty() || bad.is_some() {
                    return Err(at(format!(
                        "'material={}' is not piece letters",
                        clip(value)
                    )));
                }
                if std::mem::replace(&mut material, true) {
                    return Err(at("'material' given twice".into()));
                }
            }
            "hand" | "bomb" | "boom" => {
                return Err(at(format!(
                    "'{key}' is for hidden set-ups and the secret bomb"
                )))
            }
            _ => return Err(at(format!("unknown extra '{}'", clip(extra)))),
        }
    }
    Ok(obs)
}

/// The squares of our move `text` (UCI: two squares, an optional promotion letter),
/// which must start on a square that showed one of our units.
fn own_move_squares<B: Bitboard>(
    rules: &Rules<B>,
    before: &Observation,
    viewer: Color,
    text: &str,
    ply: usize,
) -> Result<(Square, Square), InputError> {
    let geo = rules.geo;
    let squares = geo.parse_square_prefix(text).and_then(|(from, n)| {
        geo.parse_square_prefix(&text[n..]).and_then(|(to, m)| {
            let rest = &text[n + m..];
            let promotion = rest.len() == 1
                && rest
                    .chars()
                    .all(|c| c.is_ascii_lowercase() && rules.variant.kind_by_letter(c).is_some());
            (rest.is_empty() || promotion).then_some((from, to))
        })
    });
    let Some((from, to)) = squares else {
        return err(format!(
            "half-move {ply}: '{}' is not a UCI move",
            clip(text)
        ));
    };
    let ours = match &before.cells[from] {
        Cell::Piece(p) => p
            .chars()
            .any(|c| c.is_ascii_alphabetic() && is_own(c, viewer)),
        _ => false,
    };
    if !ours {
        return err(format!(
            "half-move {ply}: no unit of ours on {}",
            geo.square_name(from)
        ));
    }
    Ok((from, to))
}

/// Our castling rights along the history, as the referee's view writes them: the
/// start's rights, cleared by the squares our moves leave and reach (as a move clears
/// them in the position) and by a king or rook square that no longer shows the unit it
/// started with.
struct CastlingTracker<B: Bitboard> {
    shadow: Position<B>,
    viewer: Color,
    /// Our units on squares that carry castling rights, as the start shows them.
    watched: Vec<(Square, Cell)>,
}

impl<B: Bitboard> CastlingTracker<B> {
    fn new(start: &Position<B>, viewer: Color) -> CastlingTracker<B> {
        let geo = start.rules().geo;
        let watched = (0..geo.squares())
            .filter(|&sq| start.castle_clear[sq] != 0)
            .filter(|&sq| start.piece_at(sq) != crate::position::NO_PIECE)
            .filter_map(|sq| {
                let mut text = String::new();
                start.piece_text(sq, &mut text);
                text.chars()
                    .any(|c| c.is_ascii_alphabetic() && is_own(c, viewer))
                    .then_some((sq, Cell::Piece(text)))
            })
            .collect();
        CastlingTracker {
            shadow: start.clone(),
            viewer,
            watched,
        }
    }

    fn moved(&mut self, from: Square, to: Square) {
        let cleared = self.shadow.castle_clear[from] | self.shadow.castle_clear[to];
        self.shadow.clear_castling(cleared, 0);
    }

    /// Our rights once `seen` is observed, as the FEN writes them (`KQ`, `k`, `-`).
    fn after(&mut self, seen: &Observation) -> String {
        let mut cleared = 0;
        for (sq, unit) in &self.watched {
            if seen.cells[*sq] != *unit {
                cleared |= self.shadow.castle_clear[*sq];
            }
        }
        self.shadow.clear_castling(cleared, 0);
        let fen = self.shadow.to_fen();
        let own: String = fen
            .split_whitespace()
            .nth(2)
            .unwrap_or("-")
            .chars()
            .filter(|&c| c != '-' && is_own(c, self.viewer))
            .collect();
        if own.is_empty() {
            "-".into()
        } else {
            own
        }
    }
}
