//! The transposition table, shared by every search thread without locks.
//!
//! Each entry is two `AtomicU64`s. `data` holds the move, the score, the depth, the
//! bound and the age; `extra` holds the static evaluation, the PV flag, an "occupied"
//! bit and, in its high 32 bits, a check word: the low 32 bits of the key XOR both
//! words' other bits. A reader accepts an entry only when the check word matches, so a
//! torn write (another thread storing between our two loads) reads as a miss, never as
//! a wrong move (the "lockless hashing" of Hyatt and Mann, over 32 bits of the key; the
//! bucket index comes from the key's high bits). A move from the table is still
//! checked against the generated move list before it is played.
//!
//! Entries sit in buckets of four (64 bytes, one cache line). Replacement: the same key
//! is overwritten unless the new search is shallower and not exact; otherwise the entry
//! with the lowest `depth - 8 * age_distance` goes (stale entries from older searches
//! first, then shallow ones). An entry may hold only a static evaluation (no bound), as
//! Stockfish stores at a node's first visit.

use crate::position::Move;
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering::Relaxed};

use super::{Bound, MATE_BOUND};

const BUCKET: usize = 4;

struct Entry {
    extra: AtomicU64,
    data: AtomicU64,
}

/// What a probe returns.
#[derive(Clone, Copy, Debug)]
pub struct TtHit {
    pub mv: Move,
    /// Already adjusted to the probing ply (mate scores count from the root).
    /// Meaningless when `bound` is `None`.
    pub score: i32,
    pub depth: i32,
    /// `None`: the entry holds only a static evaluation.
    pub bound: Option<Bound>,
    /// The static evaluation of the position, when one was stored.
    pub eval: Option<i32>,
    /// The position was on a principal variation when it was stored.
    pub pv: bool,
}

impl TtHit {
    /// Whether the stored score proves `score >= beta` (a lower bound at or above it),
    /// or `score <= alpha` (an upper bound at or below it).
    #[inline]
    pub fn cuts(&self, alpha: i32, beta: i32) -> bool {
        match self.bound {
            Some(Bound::Exact) => true,
            Some(Bound::Lower) => self.score >= beta,
            Some(Bound::Upper) => self.score <= alpha,
            None => false,
        }
    }
}

/// What a search stores about a node.
#[derive(Clone, Copy, Debug)]
pub struct TtStore {
    pub mv: Move,
    /// Relative to the root (converted to the node here).
    pub score: i32,
    /// In plies; quiescence stores -1.
    pub depth: i32,
    /// `None`: only `eval` is worth keeping.
    pub bound: Option<Bound>,
    pub eval: Option<i32>,
    pub pv: bool,
}

pub struct TranspositionTable {
    entries: Vec<Entry>,
    buckets: usize,
    age: AtomicU8,
}

// `data`: move 32 bits | score 16 | depth + 2 8 | bound 2 | age 6.
const MOVE_BITS: u32 = 32;
const SCORE_SHIFT: u32 = 32;
const DEPTH_SHIFT: u32 = 48;
const BOUND_SHIFT: u32 = 56;
const AGE_SHIFT: u32 = 58;
// `extra`: eval 16 bits | has eval 1 | pv 1 | occupied 1 | unused | check 32.
const HAS_EVAL: u64 = 1 << 16;
const PV: u64 = 1 << 17;
const OCCUPIED: u64 = 1 << 18;
const CHECK_SHIFT: u32 = 32;

/// The check word of an entry: 32 key bits mixed with every other stored bit.
#[inline]
fn check_word(key: u64, data: u64, extra_low: u64) -> u64 {
    (key ^ data ^ data >> 32 ^ extra_low) & 0xFFFF_FFFF
}

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
            if e.data.load(Relaxed) != 0 || e.extra.load(Relaxed) != 0 {
                e.extra.store(0, Relaxed);
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

    /// The entry's two words if it holds `key`.
    #[inline]
    fn read(e: &Entry, key: u64) -> Option<(u64, u64)> {
        let extra = e.extra.load(Relaxed);
        let data = e.data.load(Relaxed);
        let low = extra & 0xFFFF_FFFF;
        (low & OCCUPIED != 0 && extra >> CHECK_SHIFT == check_word(key, data, low))
            .then_some((data, extra))
    }

    pub fn probe(&self, key: u64, ply: usize) -> Option<TtHit> {
        self.bucket(key).iter().find_map(|e| {
            let (data, extra) = Self::read(e, key)?;
            let score = (data >> SCORE_SHIFT & 0xFFFF) as u16 as i16 as i32;
            Some(TtHit {
                mv: decode_move(data & ((1 << MOVE_BITS) - 1)),
                score: score_from_tt(score, ply),
                depth: (data >> DEPTH_SHIFT & 0xFF) as i32 - 2,
                bound: match data >> BOUND_SHIFT & 3 {
                    1 => Some(Bound::Upper),
                    2 => Some(Bound::Lower),
                    3 => Some(Bound::Exact),
                    _ => None,
                },
                eval: (extra & HAS_EVAL != 0).then_some(extra as u16 as i16 as i32),
                pv: extra & PV != 0,
            })
        })
    }

    /// Stores a search result (see [`TtStore`]) from a node at `ply`.
    pub fn store(&self, key: u64, mut new: TtStore, ply: usize) {
        let age = self.age.load(Relaxed) as u64;
        let bucket = self.bucket(key);
        let mut victim = 0;
        let mut victim_worth = i32::MAX;
        for (i, e) in bucket.iter().enumerate() {
            if let Some((data, extra)) = Self::read(e, key) {
                let old_depth = (data >> DEPTH_SHIFT & 0xFF) as i32 - 2;
                let old_age = data >> AGE_SHIFT & 63;
                let old_bound = data >> BOUND_SHIFT & 3;
                // Keep a deeper result of this search unless ours is exact; never let an
                // evaluation-only store replace a result.
                if (new.bound != Some(Bound::Exact) && old_age == age && old_depth > new.depth + 2)
                    || (new.bound.is_none() && old_bound != 0)
                {
                    return;
                }
                // Keep the old move and evaluation when we have none.
                if new.mv == Move::NONE {
                    new.mv = decode_move(data & ((1 << MOVE_BITS) - 1));
                }
                if new.eval.is_none() && extra & HAS_EVAL != 0 {
                    new.eval = Some(extra as u16 as i16 as i32);
                }
                return self.write(e, key, new, ply, age);
            }
            let data = e.data.load(Relaxed);
            if e.extra.load(Relaxed) & OCCUPIED == 0 {
                victim = i;
                break;
            }
            let old_depth = (data >> DEPTH_SHIFT & 0xFF) as i32 - 2;
            let old_age = data >> AGE_SHIFT & 63;
            let stale = ((age + 64 - old_age) & 63) as i32;
            let worth = old_depth - 8 * stale;
            if worth < victim_worth {
                victim_worth = worth;
                victim = i;
            }
        }
        self.write(&bucket[victim], key, new, ply, age);
    }

    fn write(&self, e: &Entry, key: u64, new: TtStore, ply: usize, age: u64) {
        let score = score_to_tt(new.score, ply).clamp(i16::MIN as i32, i16::MAX as i32) as i16;
        let bound_bits = match new.bound {
            None => 0,
            Some(Bound::Upper) => 1,
            Some(Bound::Lower) => 2,
            Some(Bound::Exact) => 3,
        };
        let data = encode_move(new.mv)
            | (score as u16 as u64) << SCORE_SHIFT
            | ((new.depth + 2).clamp(0, 255) as u64) << DEPTH_SHIFT
            | bound_bits << BOUND_SHIFT
            | age << AGE_SHIFT;
        let mut low = OCCUPIED;
        if let Some(v) = new.eval {
            low |= HAS_EVAL | v.clamp(i16::MIN as i32, i16::MAX as i32) as i16 as u16 as u64;
        }
        if new.pv {
            low |= PV;
        }
        let extra = check_word(key, data, low) << CHECK_SHIFT | low;
        e.extra.store(extra, Relaxed);
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
                e.extra.load(Relaxed) & OCCUPIED != 0 && d >> AGE_SHIFT & 63 == age
            })
            .count();
        (used * 1000 / sample.max(1)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::MATE;

    fn result(mv: Move, score: i32, depth: i32, bound: Bound) -> TtStore {
        TtStore {
            mv,
            score,
            depth,
            bound: Some(bound),
            eval: None,
            pv: false,
        }
    }

    #[test]
    fn store_and_probe_round_trip() {
        let tt = TranspositionTable::new(1);
        let m = Move::promotion(52, 60, 4);
        tt.store(0xDEAD_BEEF, result(m, -123, 7, Bound::Lower), 3);
        let hit = tt.probe(0xDEAD_BEEF, 3).unwrap();
        assert_eq!(
            (hit.mv, hit.score, hit.depth, hit.bound, hit.eval, hit.pv),
            (m, -123, 7, Some(Bound::Lower), None, false)
        );
        // Every bit of a move survives, a castling move's gate on the rook included.
        let gated = Move::new(4, 7, crate::position::MoveKind::Castle).with_gate(15, true);
        let deep = TtStore {
            eval: Some(-32768),
            pv: true,
            ..result(gated, -32768, 253, Bound::Exact)
        };
        tt.store(0xBEEF, deep, 0);
        let hit = tt.probe(0xBEEF, 0).unwrap();
        assert_eq!(
            (hit.mv, hit.score, hit.depth, hit.eval, hit.pv),
            (gated, -32768, 253, Some(-32768), true)
        );
        assert!(tt.probe(0xDEAD_BEEE, 3).is_none());
        // A mate 5 plies below a node at ply 3 is a mate 6 plies below one at ply 4.
        tt.store(42, result(Move::NONE, MATE - 8, 2, Bound::Exact), 3);
        assert_eq!(tt.probe(42, 4).unwrap().score, MATE - 9);
        assert!(tt.hashfull() <= 1000);
        tt.clear();
        assert!(tt.probe(42, 4).is_none());
    }

    #[test]
    fn evaluations_alone_and_torn_entries() {
        let tt = TranspositionTable::new(1);
        let eval_only = TtStore {
            mv: Move::NONE,
            score: 0,
            depth: -2,
            bound: None,
            eval: Some(57),
            pv: false,
        };
        tt.store(7, eval_only, 0);
        let hit = tt.probe(7, 0).unwrap();
        assert_eq!((hit.bound, hit.eval, hit.mv), (None, Some(57), Move::NONE));
        assert!(!hit.cuts(-INFINITE_TEST, INFINITE_TEST));
        // A result replaces the evaluation-only entry and keeps its evaluation; an
        // evaluation-only store does not replace a result.
        let m = Move::new(12, 28, crate::position::MoveKind::DoubleStep);
        tt.store(7, result(m, 30, 5, Bound::Upper), 0);
        tt.store(
            7,
            TtStore {
                eval: Some(99),
                ..eval_only
            },
            0,
        );
        let hit = tt.probe(7, 0).unwrap();
        assert_eq!(
            (hit.bound, hit.eval, hit.mv),
            (Some(Bound::Upper), Some(57), m)
        );
        assert!(hit.cuts(40, 41) && !hit.cuts(20, 21));
        // Words from two different writes (a torn store) do not read as an entry.
        tt.store(0x1234_5678_9ABC, result(m, 10, 3, Bound::Exact), 0);
        let e = tt
            .bucket(0x1234_5678_9ABC)
            .iter()
            .find(|e| TranspositionTable::read(e, 0x1234_5678_9ABC).is_some())
            .unwrap();
        e.data
            .store(e.data.load(Relaxed) ^ 1 << SCORE_SHIFT, Relaxed);
        assert!(tt.probe(0x1234_5678_9ABC, 0).is_none());
    }

    const INFINITE_TEST: i32 = crate::search::INFINITE;
}
