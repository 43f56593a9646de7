//! The game being played: its first position and the moves played since (UCI
//! notation), and the position they lead to. Every change of position goes through
//! here: a new start, a move, a take-back (replayed from the start, so the position's
//! own record of earlier positions, which repetition reads, is exact), the Chess960
//! notation switch. A failed change leaves everything as it was.

use super::error::SessionError;
use super::game::Game;

#[derive(Clone)]
pub struct History {
    start: Game,
    moves: Vec<String>,
    current: Game,
    /// Counts changes of position, so a front end can tell whether something it noted
    /// about a position (XBoard's excluded moves) still applies.
    generation: u64,
    /// The reply the engine expects to its last move (for a hint), until the position
    /// is set up anew or a move is taken back.
    expected: Option<String>,
}

impl History {
    pub fn new(start: Game) -> History {
        History {
            current: start.clone(),
            start,
            moves: Vec::new(),
            generation: 0,
            expected: None,
        }
    }

    /// A new game from `start`, then `moves`; on an illegal move nothing changes.
    pub fn set(&mut self, start: Game, moves: &[&str]) -> Result<(), SessionError> {
        let mut current = start.clone();
        for m in moves {
            current.play_uci(m).map_err(SessionError::BadMove)?;
        }
        self.start = start;
        self.current = current;
        self.moves = moves.iter().map(|m| m.to_string()).collect();
        self.expected = None;
        self.generation += 1;
        Ok(())
    }

    pub fn game(&self) -> &Game {
        &self.current
    }

    /// The first position.
    pub fn start(&self) -> &Game {
        &self.start
    }

    /// The moves played since the start (UCI notation).
    pub fn moves(&self) -> &[String] {
        &self.moves
    }

    pub fn generation(&self) -> u64 {
        self.generation
    }

    pub fn expected_reply(&self) -> Option<&str> {
        self.expected.as_deref()
    }

    /// Plays a move given in UCI notation.
    pub fn play(&mut self, text: &str) -> Result<(), SessionError> {
        self.current.play_uci(text).map_err(SessionError::BadMove)?;
        self.moves.push(text.to_string());
        self.generation += 1;
        Ok(())
    }

    /// Plays the engine's move, and notes the reply it expects.
    pub fn play_engine_move(&mut self, text: &str, expected: Option<String>) {
        // The search found the move legal in this very position.
        let _ = self.play(text);
        self.expected = expected;
    }

    /// Takes back the last `plies` moves.
    pub fn undo(&mut self, plies: usize) -> Result<(), SessionError> {
        let keep = self
            .moves
            .len()
            .checked_sub(plies)
            .ok_or(SessionError::NothingToTakeBack)?;
        let mut game = self.start.clone();
        for m in &self.moves[..keep] {
            // Each was legal when it was played from the same start.
            game.play_uci(m).map_err(SessionError::BadMove)?;
        }
        self.current = game;
        self.moves.truncate(keep);
        self.expected = None;
        self.generation += 1;
        Ok(())
    }

    /// Writes castling king-takes-rook (or not) from now on, in every position kept.
    pub fn set_chess960(&mut self, on: bool) {
        self.start.set_chess960(on);
        self.current.set_chess960(on);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chess() -> History {
        History::new(Game::by_name("chess", None).unwrap())
    }

    #[test]
    fn moves_and_take_backs_replay_from_the_start() {
        let mut h = chess();
        h.play("e2e4").unwrap();
        h.play("e7e5").unwrap();
        h.play_engine_move("g1f3", Some("b8c6".into()));
        assert_eq!(h.expected_reply(), Some("b8c6"));
        assert!(matches!(h.play("e1e3"), Err(SessionError::BadMove(_))));
        assert_eq!(h.moves().len(), 3);
        h.undo(2).unwrap();
        assert_eq!(
            h.game().fen(),
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
        );
        assert_eq!(h.expected_reply(), None);
        assert_eq!(h.undo(2), Err(SessionError::NothingToTakeBack));
        assert_eq!(h.moves(), ["e2e4"]);
    }

    #[test]
    fn a_bad_move_list_changes_nothing() {
        let mut h = chess();
        h.play("d2d4").unwrap();
        let before = h.generation();
        let start = Game::by_name("chess", None).unwrap();
        assert!(h.set(start, &["e2e4", "e2e4"]).is_err());
        assert_eq!(h.generation(), before);
        assert_eq!(h.moves(), ["d2d4"]);
    }

    #[test]
    fn repetition_is_seen_through_the_history() {
        let mut h = chess();
        for _ in 0..2 {
            for m in ["g1f3", "g8f6", "f3g1", "f6g8"] {
                h.play(m).unwrap();
            }
        }
        assert!(h.game().outcome().is_some(), "threefold repetition");
        h.undo(1).unwrap();
        assert!(h.game().outcome().is_none());
    }
}
