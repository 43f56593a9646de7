//! The rule-verdict cache: answers of the lookahead end rules (Series Helpmate's "a
//! series mate is open", Blunder-Mate's "which moves of this position allow a mate in
//! one"), keyed by the position's key, shared by every thread that plays the variant.
//!
//! The search asks for a node's verdict twice (at node entry and again when it
//! generates the moves) and reaches the same positions through transpositions and
//! iterations; a lookahead costs about a depth-2 search, a hit one probe. Lock-free
//! like a transposition table: each slot holds the key xor the data and the data, so a
//! slot torn by two writers reads as a miss (Hyatt's lockless hashing). The table is
//! allocated on its first use, so a variant without these rules pays nothing.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;

/// Slots (a power of two): 1 MiB of memory per variant that uses a lookahead rule.
const SLOTS: usize = 1 << 16;

/// Set in every stored value, so that an empty slot never reads as a verdict.
const PRESENT: u64 = 1 << 63;

/// The cache (see the module comment).
#[derive(Default)]
pub struct VerdictCache {
    slots: OnceLock<Box<[[AtomicU64; 2]]>>,
}

impl VerdictCache {
    fn table(&self) -> &[[AtomicU64; 2]] {
        self.slots.get_or_init(|| {
            (0..SLOTS)
                .map(|_| [AtomicU64::new(0), AtomicU64::new(0)])
                .collect()
        })
    }

    /// The value stored for `key`, if any.
    #[inline]
    pub fn get(&self, key: u64) -> Option<u64> {
        let slot = &self.table()[key as usize & (SLOTS - 1)];
        let data = slot[1].load(Ordering::Relaxed);
        let check = slot[0].load(Ordering::Relaxed);
        (data & PRESENT != 0 && check ^ data == key).then_some(data & !PRESENT)
    }

    /// Stores `value` (its top bit is dropped) for `key`, replacing the slot's entry.
    #[inline]
    pub fn put(&self, key: u64, value: u64) {
        let slot = &self.table()[key as usize & (SLOTS - 1)];
        let data = value | PRESENT;
        slot[0].store(key ^ data, Ordering::Relaxed);
        slot[1].store(data, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stored_values_read_back_and_other_keys_miss() {
        let c = VerdictCache::default();
        assert_eq!(c.get(12345), None);
        c.put(12345, 7);
        assert_eq!(c.get(12345), Some(7));
        // Same slot, other key: a miss, then the newer entry wins.
        let other = 12345 + SLOTS as u64;
        assert_eq!(c.get(other), None);
        c.put(other, 0);
        assert_eq!(c.get(other), Some(0));
        assert_eq!(c.get(12345), None);
    }
}
