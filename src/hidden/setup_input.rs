//! Observation mode's input for a hidden set-up (rule book §3.2, §4: `hiddenscreen`,
//! `hiddencrazyscreen`, `darkcrazyscreen`). While a hand holds units a side sees its own
//! half and hand, and of the other hand only how many units it holds (HS1-HS3):
//!
//! - `<halfmove>`: our drop (`P@e2`) or, with no legal drop, our move in UCI; `?` for
//!   each of the opponent's, which we do not see;
//! - `<obs>`: the board field (`?` outside our half), with `hand=<letters>` (our hand,
//!   checked) or the observation FEN's holdings `[...]` (checked as well); neither is
//!   needed, since our hand is the start's less our drops.
//!
//! The holdings are written as the referee writes them: our units by letter in the
//! FEN's order, one `?` per unit of the other hand, counted as the start's less one for
//! each of the opponent's half-moves (a side drops at every turn while it can). A side
//! with no legal drop moves a unit instead, which this count cannot see: there the
//! token's holdings `[...]` give the count (HS2: the referee tells it).
//!
//! Once both hands are empty, play follows: in an open game (HS4) every move is seen,
//! the opponent's in UCI ([`super::replay_input`], on the position that the first
//! observation of play shows, with the clock at 0 after the last drop); with fog in play
//! (`darkcrazyscreen`) as `fogofwar`'s tokens ([`super::input::FogReader`]).

use super::input::{check_contents, clip, own_move_squares, split_tokens, FogReader, InputError};
use super::observation::{Cell, Observation};
use super::record::{ObservationHistory, Step};
use super::replay_input;
use crate::board::Bitboard;
use crate::position::{piece_code, Position};
use crate::variant::{Color, WHITE};

fn err<T>(message: impl Into<String>) -> Result<T, InputError> {
    Err(InputError(message.into()))
}

/// Whether `pos` is in a hidden set-up: the variant hides it and a hand holds units.
pub fn in_setup<B: Bitboard>(pos: &Position<B>) -> bool {
    let rules = pos.rules();
    rules.vision.as_ref().is_some_and(|v| v.hidden_setup)
        && Color::both()
            .into_iter()
            .any(|c| (0..rules.kinds.len()).any(|k| pos.hand_count(c, k) > 0))
}

/// What the observer knows during the set-up.
struct Setup<'a, B: Bitboard> {
    start: &'a Position<B>,
    viewer: Color,
    /// Our hand, per kind.
    ours: Vec<u32>,
    /// How many units the opponent holds.
    theirs: u32,
    /// The squares we see: our drop zone.
    seen: B,
    side: Color,
    fullmove: u32,
}

impl<B: Bitboard> Setup<'_, B> {
    fn over(&self) -> bool {
        self.theirs == 0 && self.ours.iter().all(|&n| n == 0)
    }

    /// The holdings as the referee writes them: White's part first, in the FEN's
    /// order; ours by letter, the opponent's one `?` a unit.
    fn holdings(&self) -> String {
        let mut s = String::new();
        for c in Color::both() {
            if c == self.viewer {
                let order: &[usize] = self
                    .start
                    .rules()
                    .hands
                    .as_ref()
                    .map_or(&[], |h| &h.fen_order);
                for &k in order {
                    let letter = self.start.piece_char(piece_code(k, c));
                    s.extend(std::iter::repeat_n(letter, self.ours[k] as usize));
                }
            } else {
                s.extend(std::iter::repeat_n('?', self.theirs as usize));
            }
        }
        s
    }

    /// Our own half-move `half` (half-move `ply`), after the observation `before`.
    fn own_move(&mut self, half: &str, ply: usize, before: &Observation) -> Result<(), InputError> {
        if half == "?" {
            return err(format!("half-move {ply} is ours: give our move, not '?'"));
        }
        let Some((letter, square)) = half.split_once('@') else {
            // No legal drop: a unit moves (`mustDrop`).
            own_move_squares(self.start.rules(), before, self.viewer, half, ply)?;
            return Ok(());
        };
        let rules = self.start.rules();
        let kind = letter
            .chars()
            .next()
            .filter(|_| letter.chars().count() == 1)
            .and_then(|l| rules.variant.kind_by_letter(l));
        let (Some(kind), Some(sq)) = (kind, rules.geo.parse_square(square)) else {
            return err(format!("half-move {ply}: '{}' is not a drop", clip(half)));
        };
        if self.ours[kind] == 0 {
            return err(format!(
                "half-move {ply}: no '{letter}' in our hand for '{}'",
                clip(half)
            ));
        }
        if !self.seen.has(sq) || before.cells[sq] != Cell::Empty {
            return err(format!(
                "half-move {ply}: '{}' is not on an empty square of our half",
                clip(half)
            ));
        }
        self.ours[kind] -= 1;
        Ok(())
    }

    /// The observation `token` during the set-up, read after half-move `ply`.
    fn observation(&self, token: &str, ply: usize) -> Result<Observation, InputError> {
        let at = |why: String| InputError(format!("observation {ply}: {why}"));
        let rules = self.start.rules();
        let geo = rules.geo;
        let mut parts = token.split(';');
        let board = parts.next().unwrap_or("");
        let stm = if self.side == WHITE { 'w' } else { 'b' };
        let mut obs = Observation::from_fen(&format!("{board} {stm} - - - {}", self.fullmove), geo)
            .map_err(|e| at(e.0))?;
        check_contents(rules, &obs).map_err(|e| at(e.0))?;
        let holdings = self.holdings();
        for extra in parts {
            let (key, value) = extra.split_once('=').unwrap_or((extra, ""));
            match key {
                "hand" => {
                    let mut given: Vec<char> =
                        value.chars().map(|c| c.to_ascii_lowercase()).collect();
                    let mut ours: Vec<char> = holdings
                        .chars()
                        .filter(|&c| c != '?')
                        .map(|c| c.to_ascii_lowercase())
                        .collect();
                    given.sort_unstable();
                    ours.sort_unstable();
                    if given != ours {
                        return Err(at(format!(
                            "hand={}, but our drops leave '{}'",
                            clip(value),
                            holdings.replace('?', "")
                        )));
                    }
                }
                "material" => {}
                "ep" | "promo" | "bomb" | "boom" => {
                    return Err(at(format!("'{key}' during a hidden set-up")))
                }
                _ => return Err(at(format!("unknown extra '{}'", clip(extra)))),
            }
        }
        if let Some(given) = obs.holdings.as_ref().filter(|&h| *h != holdings) {
            return Err(at(format!(
                "holdings [{}], where the drops leave [{holdings}]",
                clip(given)
            )));
        }
        // During the set-up we see exactly our half (HS1).
        if let Some(sq) =
            (0..geo.squares()).find(|&sq| self.seen.has(sq) == (obs.cells[sq] == Cell::Unseen))
        {
            return Err(at(format!(
                "{} is {} during the set-up, where we see {}",
                geo.square_name(sq),
                if obs.cells[sq] == Cell::Unseen {
                    "unseen"
                } else {
                    "shown"
                },
                if self.seen.has(sq) {
                    "it"
                } else {
                    "only our half"
                }
            )));
        }
        obs.holdings = Some(holdings);
        Ok(obs)
    }
}

/// The history given by `fog`'s tokens after the public start `start`, a position in a
/// hidden set-up.
pub fn history_from_tokens<B: Bitboard>(
    start: &Position<B>,
    tokens: &[&str],
) -> Result<ObservationHistory, InputError> {
    let rules = start.rules();
    let (first, rest, viewer) = split_tokens(start.side_to_move(), tokens)?;
    let kinds = rules.kinds.len();
    let zone = rules.hands.as_ref().map_or(B::EMPTY, |h| {
        h.drop_zone
            .iter()
            .fold(B::EMPTY, |all, zone| all | zone[viewer])
    });
    let mut setup = Setup {
        start,
        viewer,
        ours: (0..kinds).map(|k| start.hand_count(viewer, k)).collect(),
        theirs: (0..kinds).map(|k| start.hand_count(!viewer, k)).sum(),
        seen: zone & rules.tables.board,
        side: start.side_to_move(),
        fullmove: start.fullmove_number(),
    };
    let first = setup.observation(first, 0)?;
    let mut steps: Vec<Step> = Vec::with_capacity(rest.len() / 2);
    let mut pairs = rest.chunks(2).enumerate();
    for (i, pair) in pairs.by_ref() {
        let ply = i + 1;
        let (half, token) = (pair[0], pair[1]);
        let own_move = if setup.side == viewer {
            let before = steps.last().map_or(&first, |s| &s.seen);
            setup.own_move(half, ply, before)?;
            Some(half.to_string())
        } else {
            if half != "?" {
                return err(format!(
                    "half-move {ply} is the opponent's, unseen during the set-up: '?', not '{}'",
                    clip(half)
                ));
            }
            setup.theirs = setup.theirs.saturating_sub(1);
            // The holdings, where the token carries them, say how many units the
            // opponent holds: it may have moved a unit instead of dropping one.
            if let Some(count) = given_count(token) {
                setup.theirs = count;
            }
            None
        };
        if setup.side != WHITE {
            setup.fullmove += 1;
        }
        setup.side = !setup.side;
        if setup.over() {
            play_after_setup(&setup, token, ply, &rest[2 * ply..], &mut steps, own_move)?;
            break;
        }
        let seen = setup.observation(token, ply)?;
        steps.push(Step { own_move, seen });
    }
    Ok(ObservationHistory {
        viewer,
        first,
        steps,
    })
}

/// How many `?` the holdings of the token `token` show (the opponent's hand), if it
/// carries holdings.
fn given_count(token: &str) -> Option<u32> {
    let board = token.split(';').next().unwrap_or("");
    let (_, hand) = board.split_once('[')?;
    Some(hand.chars().filter(|&c| c == '?').count() as u32)
}

/// Play after the set-up: the first observation of play `token` (after half-move
/// `ply`, our `own_move` or the opponent's), then the half-move pairs `pairs`, appended
/// to `steps`.
fn play_after_setup<B: Bitboard>(
    setup: &Setup<'_, B>,
    token: &str,
    ply: usize,
    pairs: &[&str],
    steps: &mut Vec<Step>,
    own_move: Option<String>,
) -> Result<(), InputError> {
    let start = setup.start;
    let viewer = setup.viewer;
    let fog_in_play = start.rules().vision.as_ref().is_some_and(|v| v.play);
    if fog_in_play {
        let mut reader = FogReader::new(start, viewer, setup.side, setup.fullmove);
        let seen = reader.observation(token, ply)?;
        let last = seen.clone();
        steps.push(Step { own_move, seen });
        return reader.steps(pairs, ply, &last, steps);
    }
    // An open game: the first observation of play is the whole position (HS4), the
    // clock 0 after the last drop.
    let board = token.split(';').next().unwrap_or("");
    let board = board.split_once('[').map_or(board, |(b, _)| b);
    if board.contains(['?', '*']) {
        return err(format!(
            "observation {ply}: an unseen square once both hands are empty (the game is open)"
        ));
    }
    let stm = if setup.side == WHITE { 'w' } else { 'b' };
    let fen = format!("{board}[] {stm} - - 0 {}", setup.fullmove);
    let mut replay = Position::from_fen(start.rules.clone(), &fen)
        .map_err(|e| InputError(format!("observation {ply}: {e}")))?;
    let seen = replay_input::observation(&replay, viewer, token, ply)?;
    steps.push(Step { own_move, seen });
    replay_input::replay_steps(&mut replay, viewer, pairs, ply, steps)
}

/// In an open game after its hidden set-up (HS4): the position that the first
/// observation of play shows (its FEN, the clock 0 after the last drop) and every
/// half-move since (ours and the opponent's, in UCI, from `tokens`), so that the
/// session can search the game as referee mode does. `None` while any observation of
/// `history` hides something.
pub fn open_game(history: &ObservationHistory, tokens: &[&str]) -> Option<(String, Vec<String>)> {
    let open = |o: &Observation| {
        !o.cells.contains(&Cell::Unseen)
            && o.holdings.as_deref().is_none_or(str::is_empty)
            && o.bombs.is_none()
            && o.clock.is_some()
    };
    if !open(history.last()) {
        return None;
    }
    let first_open = std::iter::once(&history.first)
        .chain(history.steps.iter().map(|s| &s.seen))
        .position(open)?;
    let fen = if first_open == 0 {
        history.first.fen()
    } else {
        history.steps[first_open - 1].seen.fen()
    };
    let moves = tokens
        .iter()
        .skip(2 * first_open + 1)
        .step_by(2)
        .map(|t| t.to_string())
        .collect();
    Some((fen, moves))
}
