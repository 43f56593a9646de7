//! The referee's side of the boundary: the only code that applies [`super::sight`] to
//! the *true* game. It writes the observation a side has of the true position (`d`,
//! the match tools) and the whole observation history a side has of a game played
//! from a start position ([`record`]), which is all the planner is given (rule book
//! §3.1). The belief and the planner never import this module.

use super::observation::Observation;
use super::record::{ObservationHistory, Step};
use super::sight;
use crate::board::Bitboard;
use crate::position::Position;
use crate::variant::Color;

/// The squares `viewer` sees in the true position `pos` (`None`: an open game).
pub fn visible<B: Bitboard>(pos: &Position<B>, viewer: Color) -> Option<B> {
    sight::visible(pos, viewer)
}

/// `viewer`'s observation of the true position `pos` after the half-move that led to
/// it, or `None` in an open game.
pub fn observe<B: Bitboard>(pos: &Position<B>, viewer: Color) -> Option<Observation> {
    sight::observe(pos, viewer)
}

/// What `viewer` observed of the game that starts at `start` and goes on with `moves`
/// (UCI notation): the first observation, then one step per half-move. `None` in an
/// open game; an error names a move that is not legal where it is played.
pub fn record<B: Bitboard>(
    start: &Position<B>,
    moves: &[String],
    viewer: Color,
) -> Result<Option<ObservationHistory>, String> {
    let Some(first) = observe(start, viewer) else {
        return Ok(None);
    };
    let mut pos = start.clone();
    let mut steps = Vec::with_capacity(moves.len());
    for text in moves {
        let own = pos.side_to_move() == viewer;
        let m = pos.parse_uci_move(text)?;
        pos.make_move(m);
        let seen = observe(&pos, viewer).ok_or("the fog rule ended mid-game")?;
        steps.push(Step {
            own_move: own.then(|| text.clone()),
            seen,
        });
    }
    Ok(Some(ObservationHistory {
        viewer,
        first,
        steps,
    }))
}
