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
//! games the planner plays that count is known exactly). Games with secret bombs and
//! open play after a hidden set-up, where every move but a designation is seen, are
//! read by [`super::replay_input`] (`bomb=`, `boom=`, the opponent's moves in UCI); a
//! hidden set-up by [`super::setup_input`] (`hand=`). A `<halfmove>` is our move in
//! UCI, or `?` for an opponent half-move; they alternate from the start's side to
//! move, and the observer is the side to move after the last one. The fields a
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
/// Checks a `material=` token (rule book §3.2): piece letters of the variant, given
/// once. Both observation readers (fog and secret bomb) read it this way.
pub(super) fn read_material<B: Bitboard>(
    rules: &Rules<B>,
    value: &str,
    seen: &mut bool,
) -> Result<(), String> {
    let bad = value
        .chars()
        .find(|&c| rules.variant.kind_by_letter(c).is_none());
    if value.is_empty() || bad.is_some() {
        return Err(format!("'material={}' is not piece letters", clip(value)));
    }
    if std::mem::replace(seen, true) {
        return Err("'material' given twice".into());
    }
    Ok(())
}

pub(super) fn clip(text: &str) -> String {
    const MAX: usize = 16;
    match text.char_indices().nth(MAX) {
        Some((i, _)) => format!("{}...", &text[..i]),
        None => text.to_string(),
    }
}

/// One observation FEN (`?` or `*` unseen, the clock a number or `-`) as a history of
/// no half-moves, observed by its side to move. Castling letters of the other side (a
/// fog FEN that prints both sides' rights) are dropped: the observer does not know them.
pub fn history_from_fen<B: Bitboard>(
    rules: &Rules<B>,
    text: &str,
) -> Result<ObservationHistory, InputError> {
    if !rules.bomb_blast.is_empty() {
        return super::replay_input::history_from_fen(rules, text);
    }
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

/// `fog`'s tokens split into the first observation and the half-move pairs after it,
/// with the observer: the side to move after the last half-move.
pub(super) fn split_tokens<'t>(
    start_side: Color,
    tokens: &'t [&'t str],
) -> Result<(&'t str, &'t [&'t str], Color), InputError> {
    let Some((first, rest)) = tokens.split_first() else {
        return err("'fog' needs at least the first observation");
    };
    if rest.len() % 2 != 0 {
        return err(format!(
            "half-move {} has no observation after it",
            rest.len().div_ceil(2)
        ));
    }
    let viewer = if rest.len() / 2 % 2 == 0 {
        start_side
    } else {
        !start_side
    };
    Ok((first, rest, viewer))
}

/// The history given by `fog`'s tokens after the public start position `start`.
pub fn history_from_tokens<B: Bitboard>(
    start: &Position<B>,
    tokens: &[&str],
) -> Result<ObservationHistory, InputError> {
    let rules = start.rules();
    if super::setup_input::in_setup(start) {
        return super::setup_input::history_from_tokens(start, tokens);
    }
    // Every move is seen: secret bombs, or an open game after its hidden set-up.
    let open = rules.vision.as_ref().is_some_and(|v| !v.play);
    if !rules.bomb_blast.is_empty() || open {
        return super::replay_input::history_from_tokens(start, tokens);
    }
    let (first, rest, viewer) = split_tokens(start.side_to_move(), tokens)?;
    let mut reader = FogReader::new(start, viewer, start.side_to_move(), start.fullmove_number());
    let first = reader.observation(first, 0)?;
    let mut steps: Vec<Step> = Vec::with_capacity(rest.len() / 2);
    reader.steps(rest, 0, &first, &mut steps)?;
    Ok(ObservationHistory {
        viewer,
        first,
        steps,
    })
}

/// Reads the tokens of a game with fog in play: our moves (from a square that showed
/// our unit), `?` for the opponent's, and the observations after them.
pub(super) struct FogReader<'a, B: Bitboard> {
    rules: &'a Rules<B>,
    viewer: Color,
    /// The side to move and the full-move number of the next observation read.
    side: Color,
    fullmove: u32,
    castling: CastlingTracker<B>,
}

impl<'a, B: Bitboard> FogReader<'a, B> {
    /// A reader from `start` (its castling rights), with `side` to move at move
    /// `fullmove` (the start's own, or those after a hidden set-up).
    pub(super) fn new(
        start: &'a Position<B>,
        viewer: Color,
        side: Color,
        fullmove: u32,
    ) -> FogReader<'a, B> {
        FogReader {
            rules: start.rules(),
            viewer,
            side,
            fullmove,
            castling: CastlingTracker::new(start, viewer),
        }
    }

    /// The observation `token`, read after half-move `ply`. A game with hands shows
    /// its holdings (`[]` after a hidden set-up, DC4) whether or not the token does.
    pub(super) fn observation(
        &mut self,
        token: &str,
        ply: usize,
    ) -> Result<Observation, InputError> {
        let mut seen = read_token(
            self.rules,
            token,
            ply,
            self.side,
            self.viewer,
            self.fullmove,
        )?;
        seen.castling = self.castling.after(&seen);
        if self.rules.hands.is_some() && seen.holdings.is_none() {
            seen.holdings = Some(String::new());
        }
        Ok(seen)
    }

    /// The half-move pairs `pairs`, the first of them half-move `done + 1`, after the
    /// observation `last`, appended to `steps`.
    pub(super) fn steps(
        &mut self,
        pairs: &[&str],
        done: usize,
        last: &Observation,
        steps: &mut Vec<Step>,
    ) -> Result<(), InputError> {
        for (i, pair) in pairs.chunks(2).enumerate() {
            let ply = done + i + 1;
            let (half, token) = (pair[0], pair[1]);
            let own_move = if self.side == self.viewer {
                if half == "?" {
                    return err(format!("half-move {ply} is ours: give our move, not '?'"));
                }
                let before = steps.last().map_or(last, |s| &s.seen);
                let (from, to) = own_move_squares(self.rules, before, self.viewer, half, ply)?;
                self.castling.moved(from, to);
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
            if self.side != WHITE {
                self.fullmove += 1;
            }
            self.side = !self.side;
            let seen = self.observation(token, ply)?;
            steps.push(Step { own_move, seen });
        }
        Ok(())
    }
}

pub(super) fn is_own(c: char, viewer: Color) -> bool {
    if viewer == WHITE {
        c.is_ascii_uppercase()
    } else {
        c.is_ascii_lowercase()
    }
}

/// Every piece shown is one of the variant's kinds; no holdings or bombs in a game
/// without them.
pub(super) fn check_contents<B: Bitboard>(
    rules: &Rules<B>,
    obs: &Observation,
) -> Result<(), InputError> {
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
                read_material(rules, value, &mut material).map_err(&at)?;
            }
            "hand" => return Err(at("'hand' is for hidden set-ups".into())),
            "bomb" | "boom" => return Err(at(format!("'{key}' is for games with secret bombs"))),
            _ => return Err(at(format!("unknown extra '{}'", clip(extra)))),
        }
    }
    Ok(obs)
}

/// The squares of our move `text` (UCI: two squares, an optional promotion letter),
/// which must start on a square that showed one of our units.
pub(super) fn own_move_squares<B: Bitboard>(
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
