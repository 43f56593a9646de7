//! What a side sees of a position, by the variant's fog rule (`parts::vision`; rule
//! book §2): a pure function of a position and a side, with no notion of which
//! position is true. The referee ([`super::view`]) applies it to the true game; the
//! belief ([`super::belief`]) applies it to the worlds it imagines, to keep those whose
//! view matches what was observed. A side sees
//! - the squares its pieces stand on (V1);
//! - the squares its pieces could move to if it were to move now (V2): its legal moves
//!   in the position, with the turn passed to it where it is not to move (a pass
//!   clears the en-passant square, so only the side to move sees through en passant);
//!   castling shows the king's destination, en passant the target and the passing
//!   pawn (V3);
//! - the squares of its kinds' extra sight (`Fog::sight`, V5).
//!
//! Vision belongs to the pieces (V4): a finished game (a king taken) is seen by the
//! same rule, its moves generated as if it went on.
//!
//! With secret bombs (§5) everything is seen but the other side's bomb.
//!
//! A hidden set-up (§4) comes first: while either hand holds units, a side sees the
//! squares it may drop on (its own half) and nothing else, and of the other side's hand
//! only the number of units (HS1-HS3). Once both hands are empty, play is fogged as
//! above or, without fog in play, open: the observation is the true FEN (HS4).

use super::observation::{Cell, Event, Observation};
use crate::board::{Bitboard, Square};
use crate::position::{MoveKind, MoveList, Position};
use crate::variant::Color;

/// The squares `viewer` sees in `pos`, or `None` in an open game (no fog rule).
pub fn visible<B: Bitboard>(pos: &Position<B>, viewer: Color) -> Option<B> {
    sight(pos, viewer).map(|(seen, _)| seen)
}

/// Whether a hidden set-up is going on: the variant hides it and a hand holds units.
fn in_hidden_setup<B: Bitboard>(pos: &Position<B>) -> bool {
    let rules = pos.rules();
    rules.vision.as_ref().is_some_and(|v| v.hidden_setup)
        && Color::both()
            .into_iter()
            .any(|c| (0..rules.kinds.len()).any(|k| pos.hand_count(c, k) > 0))
}

/// The squares `viewer` may drop on (any kind): its half in Screen.
fn setup_squares<B: Bitboard>(pos: &Position<B>, viewer: Color) -> B {
    pos.rules().hands.as_ref().map_or(B::EMPTY, |h| {
        h.drop_zone
            .iter()
            .fold(B::EMPTY, |all, zone| all | zone[viewer])
    })
}

/// The squares `viewer` sees, and the en-passant square it may capture on now.
fn sight<B: Bitboard>(pos: &Position<B>, viewer: Color) -> Option<(B, Option<Square>)> {
    if pos.has_bombs() {
        // Every square is seen; only the other side's bomb is hidden (§5).
        return Some((pos.rules().tables.board, pos.en_passant()));
    }
    let vision = pos.rules().vision.as_ref()?;
    if in_hidden_setup(pos) {
        return Some((setup_squares(pos, viewer) & pos.rules().tables.board, None));
    }
    if !vision.play {
        return Some((pos.rules().tables.board, pos.en_passant()));
    }
    let mut seen = pos.pieces(viewer);
    let mut en_passant = None;
    let mut p = pos.clone();
    if p.side_to_move() != viewer {
        p.make_null_move();
    }
    let mut moves = MoveList::new();
    p.generate_ignoring_end(&mut moves);
    for &m in moves.as_slice() {
        match m.kind() {
            MoveKind::Castle => {
                let (king_to, _) = p.castling_destinations(m.from(), m.to());
                seen |= B::from_square(king_to);
            }
            MoveKind::EnPassant => {
                en_passant = Some(m.to());
                seen |= B::from_square(m.to());
                if let Some(victim) = p.ep_victim(m.to(), viewer) {
                    seen |= B::from_square(victim);
                }
            }
            // A drop places a piece from the hand: no piece on the board sees there.
            MoveKind::Drop | MoveKind::Pass => {}
            MoveKind::Normal | MoveKind::Promotion | MoveKind::DoubleStep | MoveKind::Compound => {
                seen |= B::from_square(m.to());
            }
        }
    }
    for (kind, table) in &vision.sight {
        for sq in pos.pieces_of(*kind, viewer).squares() {
            seen |= table[viewer][sq];
        }
    }
    Some((seen & pos.rules().tables.board, en_passant))
}

/// `viewer`'s observation of `pos` after the half-move that led to it (the last move of
/// `pos`'s history, for the events), or `None` in an open game.
pub fn observe<B: Bitboard>(pos: &Position<B>, viewer: Color) -> Option<Observation> {
    if pos.has_bombs() {
        // Everything is seen but the other side's bomb (§5): the true FEN with that
        // entry hidden.
        let fen = pos.to_fen();
        let (fields, _) = fen.rsplit_once(' ')?;
        let text = format!("{fields} {}", pos.bombs_field(Some(!viewer)));
        return Observation::from_fen(&text, pos.rules().geo).ok();
    }
    let vision = pos.rules().vision.as_ref()?;
    let setup = in_hidden_setup(pos);
    let fen = pos.to_fen();
    if !setup && !vision.play {
        // An open game after its hidden set-up: the observation is the true FEN.
        return Observation::from_fen(&fen, pos.rules().geo).ok();
    }
    let (seen, en_passant) = sight(pos, viewer)?;
    let geo = pos.rules().geo;
    let cells = (0..geo.squares())
        .map(|sq| {
            if !seen.has(sq) {
                Cell::Unseen
            } else if pos.piece_at(sq) == crate::position::NO_PIECE {
                Cell::Empty
            } else {
                let mut text = String::new();
                pos.piece_text(sq, &mut text);
                Cell::Piece(text)
            }
        })
        .collect();
    let own_case = |c: char| {
        if viewer == crate::variant::WHITE {
            c.is_ascii_uppercase()
        } else {
            c.is_ascii_lowercase()
        }
    };
    let own: String = fen
        .split_whitespace()
        .nth(2)
        .filter(|_| !setup)
        .unwrap_or("-")
        .chars()
        .filter(|&c| own_case(c))
        .collect();
    // Own units by letter, the other side's as one `?` each (HS3), in the FEN's order.
    let holdings = fen
        .split_whitespace()
        .next()
        .and_then(|board| board.split_once('['))
        .map(|(_, hand)| {
            hand.trim_end_matches(']')
                .chars()
                .map(|c| if own_case(c) { c } else { '?' })
                .collect()
        });
    let to_move = pos.side_to_move() == viewer;
    let mut events = Vec::new();
    // The side to move was told about the other side's last half-move.
    if vision.announce_promotion
        && to_move
        && pos
            .last_move()
            .is_some_and(|m| m.kind() == MoveKind::Promotion)
    {
        events.push(Event::Promotion);
    }
    Some(Observation {
        geo,
        cells,
        side_to_move: pos.side_to_move(),
        castling: if own.is_empty() { "-".into() } else { own },
        holdings,
        en_passant,
        clock: None,
        fullmove: pos.fullmove_number(),
        events,
        bombs: None,
    })
}
