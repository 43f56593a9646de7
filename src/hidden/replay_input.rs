//! Observation mode's input where every half-move is seen (rule book §3.2): games with
//! secret bombs (§5), where only the opponent's designation is hidden, and play after
//! the set-up of an open game (`hiddenscreen`, `hiddencrazyscreen`: HS4). The
//! opponent's moves come in UCI and the whole observation follows from the moves.
//! Read into the same [`ObservationHistory`] that the referee writes (`view::record`).
//!
//! - `<halfmove>`: our move in UCI (our designation `d1d1` and detonation included); the
//!   opponent's move in UCI, its designation as `?` (its square is the secret), its
//!   detonation as `<sq><sq>` or as `?` with `boom=<sq>`.
//! - `<obs>`: the board field, with `bomb=<sq>` (where our bomb stands, while it
//!   stands), `boom=<sq>` (the half-move just played detonated there: public), and the
//!   optional `ep=<sq>` and `material=<letters>`, checked.
//!
//! What a token does not carry (both sides' castling rights, the e.p. square, the
//! clock, the bomb field) comes from a *public replay*: the start position with every
//! move played, and the opponent's designation made on a stand-in unit. The stand-in
//! changes nothing that either side sees (the opponent's entry reads `?` whether its
//! bomb stands or went unseen, and the bomb never gives check, AB6), and where the
//! opponent detonates its bomb is put on that square first, so the replay's
//! observations are the referee's. Each token is checked against them: a board, bomb or
//! boom that the moves do not give is an error that names the square.

use super::input::{clip, read_material, split_tokens, InputError};
use super::observation::{Cell, Observation};
use super::record::{ObservationHistory, Step};
use super::sight;
use crate::board::{Bitboard, Square};
use crate::position::bomb::Bomb;
use crate::position::{Move, Position};
use crate::variant::rules::Rules;
use crate::variant::Color;

fn err<T>(message: impl Into<String>) -> Result<T, InputError> {
    Err(InputError(message.into()))
}

/// One `<obs>` token's parts.
struct Token {
    cells: Vec<Cell>,
    /// The holdings, where the board field carries them (`[]`).
    holdings: Option<String>,
    bomb: Option<Square>,
    boom: Option<Square>,
    ep: Option<Square>,
}

/// The history given by `fog`'s tokens after the public start position `start`, in a
/// game with secret bombs.
pub fn history_from_tokens<B: Bitboard>(
    start: &Position<B>,
    tokens: &[&str],
) -> Result<ObservationHistory, InputError> {
    let (first, rest, viewer) = split_tokens(start.side_to_move(), tokens)?;
    let mut replay = start.clone();
    let first = observation(&replay, viewer, first, 0)?;
    let mut steps: Vec<Step> = Vec::with_capacity(rest.len() / 2);
    replay_steps(&mut replay, viewer, rest, 0, &mut steps)?;
    Ok(ObservationHistory {
        viewer,
        first,
        steps,
    })
}

/// `viewer`'s observation of `replay` after half-move `ply`, once the token `text`
/// agrees with it.
pub(super) fn observation<B: Bitboard>(
    replay: &Position<B>,
    viewer: Color,
    text: &str,
    ply: usize,
) -> Result<Observation, InputError> {
    checked(
        replay,
        viewer,
        read_token(replay.rules(), text, ply)?,
        ply,
        None,
    )
}

/// The half-move pairs `pairs`, the first of them half-move `done + 1`, played on
/// `replay` and appended to `steps`.
pub(super) fn replay_steps<B: Bitboard>(
    replay: &mut Position<B>,
    viewer: Color,
    pairs: &[&str],
    done: usize,
    steps: &mut Vec<Step>,
) -> Result<(), InputError> {
    for (i, pair) in pairs.chunks(2).enumerate() {
        let ply = done + i + 1;
        let (half, text) = (pair[0], pair[1]);
        let token = read_token(replay.rules(), text, ply)?;
        let (own_move, detonated) = if replay.side_to_move() == viewer {
            if half == "?" {
                return err(format!("half-move {ply} is ours: give our move, not '?'"));
            }
            let m = legal(replay, half, ply, "our move")?;
            (Some(half.to_string()), play(replay, m))
        } else {
            let m = opponent_move(replay, half, token.boom, ply)?;
            (None, play(replay, m))
        };
        let seen = checked(replay, viewer, token, ply, detonated)?;
        steps.push(Step { own_move, seen });
    }
    Ok(())
}

/// Reads one token: the board field and its extras.
fn read_token<B: Bitboard>(rules: &Rules<B>, text: &str, ply: usize) -> Result<Token, InputError> {
    let at = |why: String| InputError(format!("observation {ply}: {why}"));
    let mut parts = text.split(';');
    let board = parts.next().unwrap_or("");
    let read =
        Observation::from_fen(&format!("{board} w - - - 1"), rules.geo).map_err(|e| at(e.0))?;
    let mut token = Token {
        cells: read.cells,
        holdings: read.holdings,
        bomb: None,
        boom: None,
        ep: None,
    };
    let mut material = false;
    for extra in parts {
        let (key, value) = extra.split_once('=').unwrap_or((extra, ""));
        let square = || {
            rules
                .geo
                .parse_square(value)
                .ok_or_else(|| at(format!("'{key}={}' is not a square", clip(value))))
        };
        let slot = match key {
            "bomb" | "boom" if rules.bomb_blast.is_empty() => {
                return Err(at(format!("'{key}' is for games with secret bombs")))
            }
            "bomb" => &mut token.bomb,
            "boom" => &mut token.boom,
            "ep" => &mut token.ep,
            "material" => {
                read_material(rules, value, &mut material).map_err(&at)?;
                continue;
            }
            "hand" => return Err(at("'hand' is for hidden set-ups".into())),
            "promo" => return Err(at("'promo' in a game that announces none".into())),
            _ => return Err(at(format!("unknown extra '{}'", clip(extra)))),
        };
        if slot.replace(square()?).is_some() {
            return Err(at(format!("'{key}' given twice")));
        }
    }
    Ok(token)
}

/// The legal move `text` in `pos`, or an error naming it as `whose`.
fn legal<B: Bitboard>(
    pos: &Position<B>,
    text: &str,
    ply: usize,
    whose: &str,
) -> Result<Move, InputError> {
    pos.parse_uci_move(text).map_err(|why| {
        InputError(format!(
            "half-move {ply}: {whose} '{}' is not legal here ({why})",
            clip(text)
        ))
    })
}

/// The opponent's half-move `half` (UCI, or `?`) in the replay: its designation on a
/// stand-in unit, its detonation with the bomb put where it blew, or an ordinary move.
fn opponent_move<B: Bitboard>(
    replay: &mut Position<B>,
    half: &str,
    boom: Option<Square>,
    ply: usize,
) -> Result<Move, InputError> {
    let them = replay.side_to_move();
    let geo = replay.rules().geo;
    if !replay.has_bombs() {
        if half == "?" {
            return err(format!(
                "half-move {ply} is the opponent's: its move in UCI (every move is seen)"
            ));
        }
        return legal(replay, half, ply, "the opponent's move");
    }
    if replay.bomb(them) == Bomb::Unset {
        if half != "?" {
            return err(format!(
                "half-move {ply} is the opponent's designation, which is secret: '?', not \
                 '{}'",
                clip(half)
            ));
        }
        // Any unit will do: the replay shows the opponent's bomb as `?` wherever it
        // stands, and puts it where it blows before a detonation.
        let Some(stand_in) = replay.pieces(them).squares().next() else {
            return err(format!(
                "half-move {ply}: the opponent has no unit to designate"
            ));
        };
        return Ok(Move::bomb(stand_in));
    }
    // A detonation: `?` with `boom=`, or `<sq><sq>` in UCI.
    let blast = match (half, boom) {
        ("?", None) => {
            return err(format!(
                "half-move {ply} is the opponent's: its move in UCI (or '?' with boom=)"
            ))
        }
        ("?", Some(sq)) => Some(sq),
        _ => geo
            .parse_square_prefix(half)
            .filter(|&(_, n)| half[n..] == half[..n])
            .map(|(sq, _)| sq),
    };
    if let Some(sq) = blast {
        if replay.bomb(them) == (Bomb::Gone { detonated: true }) {
            return err(format!(
                "half-move {ply}: the opponent's bomb was detonated already"
            ));
        }
        if !replay.place_bomb(them, sq) {
            return err(format!(
                "half-move {ply}: a detonation on {}, where no unit of the opponent's stands",
                geo.square_name(sq)
            ));
        }
        return legal(
            replay,
            &format!("{0}{0}", geo.square_name(sq)),
            ply,
            "the opponent's detonation",
        );
    }
    legal(replay, half, ply, "the opponent's move")
}

/// Plays `m`; the square it detonated on, if it was a detonation.
fn play<B: Bitboard>(replay: &mut Position<B>, m: Move) -> Option<Square> {
    let us = replay.side_to_move();
    let was_set = !matches!(replay.bomb(us), Bomb::Unset);
    replay.make_move(m);
    (m.is_bomb() && was_set).then_some(m.from())
}

/// The replay's observation by `viewer`, once `token` agrees with it: the same board,
/// `bomb=` where our bomb stands (and only then), `boom=` on the square just detonated
/// (and only then), `ep=` (if given) the e.p. square.
fn checked<B: Bitboard>(
    replay: &Position<B>,
    viewer: Color,
    token: Token,
    ply: usize,
    detonated: Option<Square>,
) -> Result<Observation, InputError> {
    let at = |why: String| InputError(format!("observation {ply}: {why}"));
    let geo = replay.rules().geo;
    let name = |sq: Square| geo.square_name(sq);
    let seen =
        sight::observe(replay, viewer).ok_or_else(|| at("the game has no observation".into()))?;
    let text = |cell: &Cell| match cell {
        Cell::Unseen => "unseen".to_string(),
        Cell::Empty => "empty".to_string(),
        Cell::Piece(p) => format!("'{p}'"),
    };
    if let Some(sq) = (0..geo.squares()).find(|&sq| token.cells[sq] != seen.cells[sq]) {
        return Err(at(format!(
            "{} is {} where the moves leave it {}",
            name(sq),
            text(&token.cells[sq]),
            text(&seen.cells[sq])
        )));
    }
    if let Some(hand) = token.holdings.filter(|h| Some(h) != seen.holdings.as_ref()) {
        return Err(at(format!(
            "holdings [{}], where the moves leave [{}]",
            clip(&hand),
            seen.holdings.as_deref().unwrap_or("")
        )));
    }
    match (token.bomb, replay.bomb(viewer)) {
        (None, Bomb::On(ours)) => {
            return Err(at(format!(
                "our bomb stands on {0}: the observation needs bomb={0}",
                name(ours)
            )))
        }
        (Some(sq), _) if token.cells[sq] == Cell::Empty => {
            return Err(at(format!("bomb={}, an empty square", name(sq))))
        }
        (Some(sq), _) if !owned_by(&token.cells[sq], viewer) => {
            return Err(at(format!("bomb={}, the opponent's unit", name(sq))))
        }
        (Some(sq), Bomb::On(ours)) if sq != ours => {
            return Err(at(format!(
                "bomb={}, but our bomb stands on {}",
                name(sq),
                name(ours)
            )))
        }
        (Some(sq), Bomb::Unset) => {
            return Err(at(format!("bomb={}, but we designated none", name(sq))))
        }
        (Some(sq), Bomb::Gone { .. }) => {
            return Err(at(format!("bomb={}, but our bomb is gone", name(sq))))
        }
        _ => {}
    }
    match (token.boom, detonated) {
        (Some(sq), None) => {
            return Err(at(format!(
                "boom={}, but half-move {ply} detonated nothing",
                name(sq)
            )))
        }
        (Some(sq), Some(blast)) if sq != blast => {
            return Err(at(format!(
                "boom={}, but half-move {ply} detonated on {}",
                name(sq),
                name(blast)
            )))
        }
        (None, Some(blast)) => {
            return Err(at(format!(
                "half-move {ply} detonated on {0}: the observation needs boom={0}",
                name(blast)
            )))
        }
        _ => {}
    }
    if let Some(sq) = token.ep.filter(|&sq| seen.en_passant != Some(sq)) {
        return Err(at(format!(
            "ep={}, but the moves leave {}",
            name(sq),
            seen.en_passant.map_or("none".into(), name)
        )));
    }
    Ok(seen)
}

/// Whether `cell` shows a unit of `side`.
fn owned_by(cell: &Cell, side: Color) -> bool {
    match cell {
        Cell::Piece(p) => p.chars().any(|c| {
            c.is_ascii_alphabetic() && (c.is_ascii_uppercase() == (side == crate::variant::WHITE))
        }),
        _ => false,
    }
}

/// One observation FEN of a game with secret bombs (`position fogfen`): the whole
/// position, every square seen, with our bomb on one of our units (or `-`, `x`) and the
/// opponent's entry `?`, `-` or `x` (a missing bomb field is `{-,-}`, as a FEN's).
pub fn history_from_fen<B: Bitboard>(
    rules: &Rules<B>,
    text: &str,
) -> Result<ObservationHistory, InputError> {
    let mut obs = Observation::from_fen(text, rules.geo).map_err(|e| InputError(e.0))?;
    let viewer = obs.side_to_move;
    if obs.cells.contains(&Cell::Unseen) {
        return err("an unseen square, in a game where every square is seen");
    }
    let bombs = obs.bombs.get_or_insert_with(|| "{-,-}".into()).clone();
    let inner = bombs.trim_start_matches('{').trim_end_matches('}');
    let (white, black) = inner.split_once(',').unwrap_or(("-", "-"));
    let (ours, theirs) = if viewer == crate::variant::WHITE {
        (white, black)
    } else {
        (black, white)
    };
    if !matches!(theirs, "?" | "-" | "x") {
        return err(format!(
            "the opponent's bomb is secret: '?' (or '-', 'x'), not '{}'",
            clip(theirs)
        ));
    }
    if ours == "?" {
        return err("our own bomb is known: its square (or '-', 'x'), not '?'");
    }
    if let Some(sq) = rules.geo.parse_square(ours) {
        if !owned_by(&obs.cells[sq], viewer) {
            return err(format!("our bomb on {ours} is not on one of our units"));
        }
    }
    obs.events.clear();
    Ok(ObservationHistory {
        viewer,
        first: obs,
        steps: Vec::new(),
    })
}
