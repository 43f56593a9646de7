//! What the search keeps from one move to the next for the whole game: the
//! transposition table and the search memory (histories, killers, counter-moves). It is
//! cleared as one (`clear`, on a new game, a new variant, `Clear Hash`) and handed to
//! every search as one value; a clone shares the same tables, so a running search keeps
//! what it holds when the session resizes them.
//!
//! `clear` never waits for a running search: the table is emptied at once (as before),
//! and the memory, which the running search holds locked, is emptied when the next
//! search takes it.

use crate::search::{SearchMemory, TranspositionTable};
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::{Arc, Mutex, MutexGuard};

#[derive(Clone)]
pub struct SearchState {
    tt: Arc<TranspositionTable>,
    hash_mb: usize,
    memory: Arc<Mutex<SearchMemory>>,
    /// Set by `clear`: the memory is to be emptied before it is next used.
    forget: Arc<AtomicBool>,
}

impl SearchState {
    pub fn new(hash_mb: usize) -> SearchState {
        SearchState {
            tt: Arc::new(TranspositionTable::new(hash_mb)),
            hash_mb,
            memory: Arc::new(Mutex::new(SearchMemory::new())),
            forget: Arc::new(AtomicBool::new(false)),
        }
    }

    /// Forgets everything learnt: a new game starts.
    pub fn clear(&self) {
        self.tt.clear();
        self.forget.store(true, Relaxed);
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

    /// The game's search memory, for one search (held until the guard is dropped);
    /// emptied first when `clear` was called since it was last taken.
    pub fn memory(&self) -> MutexGuard<'_, SearchMemory> {
        let mut memory = self.memory.lock().unwrap_or_else(|e| e.into_inner());
        if self.forget.swap(false, Relaxed) {
            memory.clear();
        }
        memory
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clear_takes_effect_when_the_memory_is_next_taken() {
        let state = SearchState::new(1);
        assert!(!state.forget.load(Relaxed));
        state.clear();
        assert!(state.forget.load(Relaxed));
        drop(state.memory());
        assert!(
            !state.forget.load(Relaxed),
            "taking the memory empties it once"
        );
    }
}
