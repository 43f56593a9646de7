//! What the search keeps from one move to the next for the whole game: today the
//! transposition table. It is cleared as one (`clear`, on a new game, a new variant,
//! `Clear Hash`) and handed to every search as one value; a clone shares the same
//! tables, so a running search keeps what it holds when the session resizes them.

use crate::search::TranspositionTable;
use std::sync::Arc;

#[derive(Clone)]
pub struct SearchState {
    tt: Arc<TranspositionTable>,
    hash_mb: usize,
}

impl SearchState {
    pub fn new(hash_mb: usize) -> SearchState {
        SearchState {
            tt: Arc::new(TranspositionTable::new(hash_mb)),
            hash_mb,
        }
    }

    /// Forgets everything learnt: a new game starts.
    pub fn clear(&self) {
        self.tt.clear();
    }

    /// A transposition table of `mb` MiB (emptied) unless it has that size already.
    pub fn resize_tt(&mut self, mb: usize) {
        if mb != self.hash_mb {
            // Free the old table before allocating the new one (a running search keeps
            // its own reference until it ends).
            self.tt = Arc::new(TranspositionTable::new(1));
            self.tt = Arc::new(TranspositionTable::new(mb));
            self.hash_mb = mb;
        }
    }

    pub fn tt(&self) -> &TranspositionTable {
        &self.tt
    }
}
