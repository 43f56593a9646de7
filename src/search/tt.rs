//! The transposition table, shared by every search thread without locks.
//!
//! Each entry is two `AtomicU64`s: `check = key ^ data` and `data`. A reader accepts an
//! entry only when `check ^ data` equals its key, so a torn write (another thread
//! storing between our two loads) reads as a miss, never as a wrong move (the classic
//! "lockless hashing" of Hyatt and Mann). A move from the table is still checked for
//! legality against the generated move list before it is played.
//!
//! Entries sit in buckets of four (64 bytes, one cache line). Replacement: the same key
//! is overwritten unless the new search is shallower and not exact; otherwise the entry
//! with the lowest `depth - 8 * age_distance` goes (stale entries from older searches
//! first, then shallow ones).

use crate::position::Move;
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering::Relaxed};

use super::{Bound, MATE_BOUND};

const BUCKET: usize = 4;

struct Entry {
    check: AtomicU64,
    data: AtomicU64,
}

/// What a probe returns.
#[derive(Clone, Copy, Debug)]
pub struct TtHit {
    pub mv: Move,
    /// Already adjusted to the probing ply (mate scores count from the root).
    pub score: i32,
    pub depth: i32,
    pub bound: Bound,
}

pub struct TranspositionTable {
    entries: Vec<Entry>,
    buckets: usize,
    age: AtomicU8,
}

// `data`: move 32 bits | score 16 | depth + 1 8 | bound 2 | age 6. The bound bits are
// never 0, so an empty slot (all zero) is never mistaken for an entry.
const MOVE_BITS: u32 = 32;
const SCORE_SHIFT: u32 = 32;
const DEPTH_SHIFT: u32 = 48;
const BOUND_SHIFT: u32 = 56;
const AGE_SHIFT: u32 = 58;

fn encode_move(m: Move) -> u64 {
    m.bits() as u64
}

fn decode_move(bits: u64) -> Move {
    Move::from_bits(bits as u32)
}

/// Mate scores are stored relative to the node (distance to mate from here) and read
/// back relative to the root.
pub fn score_to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

pub fn score_from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// `n` empty entries from zeroed memory: the operating system maps its pages only when
/// they are first written, so a large `Hash` costs memory only as the search fills it
/// (and start-up does not pay for touching every page).
fn zeroed_entries(n: usize) -> Vec<Entry> {
    let layout = std::alloc::Layout::array::<Entry>(n).expect("table size fits in memory");
    // SAFETY: `Entry` is two `AtomicU64`, for which all-zero bytes are a valid value
    // (an empty entry); the buffer comes from the global allocator with exactly the
    // layout of `n` entries, which is what `Vec::from_raw_parts` requires.
    unsafe {
        let ptr = std::alloc::alloc_zeroed(layout) as *mut Entry;
        if ptr.is_null() {
            std::alloc::handle_alloc_error(layout);
        }
        Vec::from_raw_parts(ptr, n, n)
    }
}

impl TranspositionTable {
    /// A table of `mb` mebibytes (at least one bucket).
    pub fn new(mb: usize) -> TranspositionTable {
        let bytes = mb.max(1) * 1024 * 1024;
        let buckets = (bytes / (BUCKET * std::mem::size_of::<Entry>())).max(1);
        let entries = zeroed_entries(buckets * BUCKET);
        TranspositionTable {
            entries,
            buckets,
            age: AtomicU8::new(0),
        }
    }

    /// Empties every entry (`Clear Hash`, `ucinewgame`). Entries already empty are not
    /// written, so pages never used stay unmapped.
    pub fn clear(&self) {
        for e in &self.entries {
            if e.data.load(Relaxed) != 0 || e.check.load(Relaxed) != 0 {
                e.check.store(0, Relaxed);
                e.data.store(0, Relaxed);
            }
        }
        self.age.store(0, Relaxed);
    }

    /// A new search begins: older entries become preferred victims.
    pub fn new_search(&self) {
        let a = self.age.load(Relaxed);
        self.age.store((a + 1) & 63, Relaxed);
    }

    fn bucket(&self, key: u64) -> &[Entry] {
        // Multiply-shift maps the key onto any bucket count without a modulo.
        let i = ((key as u128 * self.buckets as u128) >> 64) as usize;
        &self.entries[i * BUCKET..(i + 1) * BUCKET]
    }

    pub fn probe(&self, key: u64, ply: usize) -> Option<TtHit> {
        for e in self.bucket(key) {
            let data = e.data.load(Relaxed);
            if data != 0 && e.check.load(Relaxed) ^ data == key {
                let score = (data >> SCORE_SHIFT & 0xFFFF) as u16 as i16 as i32;
                return Some(TtHit {
                    mv: decode_move(data & ((1 << MOVE_BITS) - 1)),
                    score: score_from_tt(score, ply),
                    depth: (data >> DEPTH_SHIFT & 0xFF) as i32 - 1,
                    bound: match data >> BOUND_SHIFT & 3 {
                        1 => Bound::Upper,
                        2 => Bound::Lower,
                        _ => Bound::Exact,
                    },
                });
            }
        }
        None
    }

    /// Stores a search result. `depth` is in plies (quiescence stores -1); `score` is
    /// relative to the root and converted here.
    pub fn store(&self, key: u64, mv: Move, score: i32, depth: i32, bound: Bound, ply: usize) {
        let age = self.age.load(Relaxed) as u64;
        let bucket = self.bucket(key);
        let mut victim = 0;
        let mut victim_worth = i32::MAX;
        for (i, e) in bucket.iter().enumerate() {
            let data = e.data.load(Relaxed);
            if data == 0 {
                victim = i;
                break;
            }
            if e.check.load(Relaxed) ^ data == key {
                let old_depth = (data >> DEPTH_SHIFT & 0xFF) as i32 - 1;
                let old_age = data >> AGE_SHIFT & 63;
                // Keep a deeper result of this search unless ours is exact.
                if bound != Bound::Exact && old_age == age && old_depth > depth + 2 {
                    return;
                }
                // Keep the old move when we have none.
                let mv_bits = if mv == Move::NONE {
                    data & ((1 << MOVE_BITS) - 1)
                } else {
                    encode_move(mv)
                };
                return self.write(e, key, mv_bits, score, depth, bound, ply, age);
            }
            let old_depth = (data >> DEPTH_SHIFT & 0xFF) as i32 - 1;
            let old_age = data >> AGE_SHIFT & 63;
            let stale = ((age + 64 - old_age) & 63) as i32;
            let worth = old_depth - 8 * stale;
            if worth < victim_worth {
                victim_worth = worth;
                victim = i;
            }
        }
        self.write(
            &bucket[victim],
            key,
            encode_move(mv),
            score,
            depth,
            bound,
            ply,
            age,
        );
    }

    #[allow(clippy::too_many_arguments)]
    fn write(
        &self,
        e: &Entry,
        key: u64,
        mv_bits: u64,
        score: i32,
        depth: i32,
        bound: Bound,
        ply: usize,
        age: u64,
    ) {
        let score = score_to_tt(score, ply).clamp(i16::MIN as i32, i16::MAX as i32) as i16;
        let bound_bits = match bound {
            Bound::Exact => 3,
            Bound::Upper => 1,
            Bound::Lower => 2,
        };
        let data = mv_bits
            | (score as u16 as u64) << SCORE_SHIFT
            | ((depth + 1).clamp(0, 255) as u64) << DEPTH_SHIFT
            | bound_bits << BOUND_SHIFT
            | age << AGE_SHIFT;
        e.check.store(key ^ data, Relaxed);
        e.data.store(data, Relaxed);
    }

    /// Permille of the first 1000 entries used by the current search (UCI `hashfull`).
    pub fn hashfull(&self) -> u32 {
        let age = self.age.load(Relaxed) as u64;
        let sample = self.entries.len().min(1000);
        let used = self.entries[..sample]
            .iter()
            .filter(|e| {
                let d = e.data.load(Relaxed);
                d != 0 && d >> AGE_SHIFT & 63 == age
            })
            .count();
        (used * 1000 / sample.max(1)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::MATE;

    #[test]
    fn store_and_probe_round_trip() {
        let tt = TranspositionTable::new(1);
        let m = Move::promotion(52, 60, 4);
        tt.store(0xDEAD_BEEF, m, -123, 7, Bound::Lower, 3);
        let hit = tt.probe(0xDEAD_BEEF, 3).unwrap();
        assert_eq!(
            (hit.mv, hit.score, hit.depth, hit.bound),
            (m, -123, 7, Bound::Lower)
        );
        // Every bit of a move survives, a castling move's gate on the rook included.
        let gated = Move::new(4, 7, crate::position::MoveKind::Castle).with_gate(15, true);
        tt.store(0xBEEF, gated, -32768, 254, Bound::Exact, 0);
        let hit = tt.probe(0xBEEF, 0).unwrap();
        assert_eq!((hit.mv, hit.score, hit.depth), (gated, -32768, 254));
        assert!(tt.probe(0xDEAD_BEEE, 3).is_none());
        // A mate 5 plies below a node at ply 3 is a mate 6 plies below one at ply 4.
        tt.store(42, Move::NONE, MATE - 8, 2, Bound::Exact, 3);
        assert_eq!(tt.probe(42, 4).unwrap().score, MATE - 9);
        assert!(tt.hashfull() <= 1000);
        tt.clear();
        assert!(tt.probe(42, 4).is_none());
    }
}
