//! Copies of a position for the rules that look ahead, without an allocation per copy.
//!
//! Some end conditions and move filters try moves on a copy of the position (checker
//! mates, series and blunder mates, goals the second player may still answer, the
//! linkage check, ...), and the search asks them at every node. A fresh `clone` per
//! node allocated the copy's vectors and freed them again, the move history sized by
//! the game's length plus the ply (and grown again by the copy's first move): blocks
//! of many sizes, which glibc keeps in each thread's cache, so that 256 search threads
//! held megabytes of freed memory (docs/reliability.md, "Memory"). [`Position::with_copy`]
//! instead copies into a spare position kept by the thread, whose vectors keep their
//! capacity: once a thread's spares have grown to the longest history and the largest
//! board they served, a copy allocates nothing.

use super::Position;
use crate::board::Bitboard;
use std::any::Any;
use std::cell::RefCell;

thread_local! {
    /// This thread's spare positions, of any bitboard type (a copy in use is taken out,
    /// so a lookahead inside a lookahead takes a second one).
    static SPARES: RefCell<Vec<Box<dyn Any>>> = const { RefCell::new(Vec::new()) };
}

impl<B: Bitboard> Position<B> {
    /// Runs `f` on a copy of this position (equal to `self.clone()`), made in a spare
    /// position of this thread and kept for the next copy.
    pub(crate) fn with_copy<R>(&self, f: impl FnOnce(&mut Position<B>) -> R) -> R {
        let spare = SPARES.with(|s| {
            let mut s = s.borrow_mut();
            let at = s.iter().rposition(|p| p.is::<Position<B>>())?;
            s.swap_remove(at).downcast::<Position<B>>().ok()
        });
        let mut copy = match spare {
            Some(mut p) => {
                (*p).clone_from(self);
                p
            }
            None => Box::new(self.clone()),
        };
        let result = f(&mut copy);
        // A thread being torn down has no spares any more: the copy is dropped.
        let _ = SPARES.try_with(|s| s.borrow_mut().push(copy));
        result
    }
}

impl<B: Bitboard> Clone for Position<B> {
    fn clone(&self) -> Self {
        // Every field by name (no `..`): a new field must be added here.
        let Position {
            rules,
            board,
            by_color,
            by_kind,
            side,
            castling,
            castle_rooks,
            castle_clear,
            castle_kings,
            castle_paths,
            checks_given,
            ep,
            ep_to,
            ep_to_history,
            halfmove,
            fullmove,
            key,
            chess960,
            history,
            exploded,
            hand,
            promoted,
            origin,
            gates,
            gate_history,
            dirty,
            captured_kinds,
            landable,
            privilege,
            counting,
            bombs,
            bomb_history,
            walls,
            wall_history,
        } = self;
        Position {
            rules: rules.clone(),
            board: board.clone(),
            by_color: *by_color,
            by_kind: *by_kind,
            side: *side,
            castling: *castling,
            castle_rooks: *castle_rooks,
            castle_clear: castle_clear.clone(),
            castle_kings: *castle_kings,
            castle_paths: *castle_paths,
            checks_given: *checks_given,
            ep: *ep,
            ep_to: *ep_to,
            ep_to_history: ep_to_history.clone(),
            halfmove: *halfmove,
            fullmove: *fullmove,
            key: *key,
            chess960: *chess960,
            history: history.clone(),
            exploded: exploded.clone(),
            hand: *hand,
            promoted: *promoted,
            origin: origin.clone(),
            gates: *gates,
            gate_history: gate_history.clone(),
            dirty: *dirty,
            captured_kinds: *captured_kinds,
            landable: *landable,
            privilege: *privilege,
            counting: *counting,
            bombs: *bombs,
            bomb_history: bomb_history.clone(),
            walls: *walls,
            wall_history: wall_history.clone(),
        }
    }

    /// The same copy, into this position's vectors (no allocation where they are
    /// large enough already).
    fn clone_from(&mut self, source: &Self) {
        // Every field by name (no `..`): a new field must be added here.
        let Position {
            rules,
            board,
            by_color,
            by_kind,
            side,
            castling,
            castle_rooks,
            castle_clear,
            castle_kings,
            castle_paths,
            checks_given,
            ep,
            ep_to,
            ep_to_history,
            halfmove,
            fullmove,
            key,
            chess960,
            history,
            exploded,
            hand,
            promoted,
            origin,
            gates,
            gate_history,
            dirty,
            captured_kinds,
            landable,
            privilege,
            counting,
            bombs,
            bomb_history,
            walls,
            wall_history,
        } = source;
        self.rules.clone_from(rules);
        self.board.clone_from(board);
        self.by_color = *by_color;
        self.by_kind = *by_kind;
        self.side = *side;
        self.castling = *castling;
        self.castle_rooks = *castle_rooks;
        self.castle_clear.clone_from(castle_clear);
        self.castle_kings = *castle_kings;
        self.castle_paths = *castle_paths;
        self.checks_given = *checks_given;
        self.ep = *ep;
        self.ep_to = *ep_to;
        self.ep_to_history.clone_from(ep_to_history);
        self.halfmove = *halfmove;
        self.fullmove = *fullmove;
        self.key = *key;
        self.chess960 = *chess960;
        self.history.clone_from(history);
        self.exploded.clone_from(exploded);
        self.hand = *hand;
        self.promoted = *promoted;
        self.origin.clone_from(origin);
        self.gates = *gates;
        self.gate_history.clone_from(gate_history);
        self.dirty = *dirty;
        self.captured_kinds = *captured_kinds;
        self.landable = *landable;
        self.privilege = *privilege;
        self.counting = *counting;
        self.bombs = *bombs;
        self.bomb_history.clone_from(bomb_history);
        self.walls = *walls;
        self.wall_history.clone_from(wall_history);
    }
}

#[cfg(test)]
mod tests {
    use crate::position::Position;
    use crate::variant::registry::find_variant;
    use crate::variant::rules::Rules;
    use std::sync::Arc;

    /// A copy made into a spare that served another position (another variant, a longer
    /// game) equals a fresh clone: same FEN, key and history (it unmakes the same way).
    #[test]
    fn a_copy_into_a_used_spare_equals_a_clone() {
        let setups = [
            (
                "crazyhouse",
                &["e2e4", "d7d5", "e4d5", "d8d5", "b1c3", "d5a5"][..],
            ),
            ("chess", &["g1f3"][..]),
            ("atomic", &["e2e4", "d7d5", "e4d5"][..]),
            ("chess", &[][..]),
        ];
        for (name, moves) in setups {
            let v = find_variant(name).unwrap();
            let rules = Arc::new(Rules::<u64>::new(v.clone()).unwrap());
            let mut pos = Position::from_fen(rules, &v.start_fen).unwrap();
            for m in moves {
                let mv = pos.parse_uci_move(m).unwrap();
                pos.make_move(mv);
            }
            let clone = pos.clone();
            let (fen, key, len) = pos.with_copy(|c| {
                let seen = (c.to_fen(), c.key, c.history.len());
                // Back to the start, as the clone would.
                while !c.history.is_empty() {
                    c.unmake_move();
                }
                seen
            });
            assert_eq!(fen, clone.to_fen(), "{name}");
            assert_eq!(key, clone.key, "{name}");
            assert_eq!(len, clone.history.len(), "{name}");
            assert_eq!(
                pos.to_fen(),
                clone.to_fen(),
                "{name}: the original is unchanged"
            );
        }
    }
}
