//! The move type: 32 bits holding the origin, the destination, the move kind, the
//! promotion kind and a gated kind (Seirawan gating: a piece from the hand placed on
//! the square the move leaves), or, for a compound turn, its second part's square. Castling is stored king-takes-rook (`to` is the rook's
//! square), as in Chess960 notation, so one encoding serves every castling rule. Moves
//! are listed in a [`MoveList`], inline up to a large capacity and on the heap past it.

use std::mem::MaybeUninit;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum MoveKind {
    Normal = 0,
    Promotion = 1,
    Castle = 2,
    EnPassant = 3,
    /// An initial multi-square leap that may leave an en-passant square behind.
    DoubleStep = 4,
    /// A piece from the hand onto an empty square: `to` is the square (and `from` the
    /// same square, so no move's origin is ever off the board), the promotion field
    /// holds the dropped kind.
    Drop = 5,
    /// No piece moves. The pass (`0000`): only where the variant's no-move rule says
    /// so, as the one legal move of a side that has no other
    /// ([`crate::variant::parts::NoMoveRule::Pass`]); `from` and `to` are square 0. Or
    /// a secret bomb's action on its square ([`Move::bomb`], `d1d1`): designating the
    /// unit there, or detonating it ([`crate::variant::parts::TurnRule::SecretBomb`]).
    Pass = 6,
    /// A turn of two parts, which the variant's turn rule reads
    /// ([`crate::variant::parts::TurnRule`]): a plain move from `from` to `to` (no
    /// promotion, castling or en passant) and a second part on the square
    /// [`Move::part`], Tyrant's placement of the captured monarch (UCI `d1d5@h8`); or
    /// Deadline's two-step answer to a check, one unit from `from` to [`Move::part`] and
    /// on to `to`, with [`Move::part_tag`] naming the promotion either step makes (UCI
    /// `a7a6,a6b5`).
    Compound = 7,
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Move(u32);

impl Move {
    pub const NONE: Move = Move(0);

    #[inline(always)]
    pub fn new(from: usize, to: usize, kind: MoveKind) -> Move {
        debug_assert!(from < 512 && to < 512);
        Move(from as u32 | (to as u32) << 9 | (kind as u32) << 18)
    }

    #[inline(always)]
    pub fn promotion(from: usize, to: usize, kind: u8) -> Move {
        Move(Move::new(from, to, MoveKind::Promotion).0 | (kind as u32) << 21)
    }

    #[inline(always)]
    pub fn from(self) -> usize {
        (self.0 & 511) as usize
    }

    #[inline(always)]
    pub fn to(self) -> usize {
        (self.0 >> 9 & 511) as usize
    }

    #[inline(always)]
    pub fn kind(self) -> MoveKind {
        match self.0 >> 18 & 7 {
            0 => MoveKind::Normal,
            1 => MoveKind::Promotion,
            2 => MoveKind::Castle,
            3 => MoveKind::EnPassant,
            5 => MoveKind::Drop,
            6 => MoveKind::Pass,
            7 => MoveKind::Compound,
            _ => MoveKind::DoubleStep,
        }
    }

    #[inline(always)]
    pub fn drop(kind: u8, to: usize) -> Move {
        Move(Move::new(to, to, MoveKind::Drop).0 | (kind as u32) << 21)
    }

    /// A drop of a piece of `kind` from the hand as the kind its shogi-style promotion
    /// makes, marked promoted ([`crate::variant::Hands::drop_promoted`]: Kyoto shogi's
    /// `+N@c3`): a drop with bit 31 set (the bit a gating castling move uses; a drop
    /// never gates).
    #[inline(always)]
    pub fn drop_promoted(kind: u8, to: usize) -> Move {
        Move(Move::drop(kind, to).0 | 1 << 31)
    }

    /// Whether this is a drop of a promoted piece (see [`Move::drop_promoted`]).
    #[inline(always)]
    pub fn is_promoted_drop(self) -> bool {
        self.kind() == MoveKind::Drop && self.0 >> 31 != 0
    }

    /// A compound turn (see [`MoveKind::Compound`]): the plain move `from`-`to`, then
    /// the second part on `part` (bits 21-29, where a promotion or gated kind would be).
    #[inline(always)]
    pub fn compound(from: usize, to: usize, part: usize) -> Move {
        debug_assert!(part < 512);
        Move(Move::new(from, to, MoveKind::Compound).0 | (part as u32) << 21)
    }

    /// The square of a compound turn's second part.
    #[inline(always)]
    pub fn part(self) -> usize {
        (self.0 >> 21 & 511) as usize
    }

    /// A two-step turn ([`crate::variant::parts::TurnRule::TwoStepEvasions`]): one unit
    /// from `from` to `mid`, then from `mid` to `to`. `tag` (0..4, bits 30-31) is the
    /// index, in the mover's promotion targets, of the kind a promotion on either step
    /// creates (0 where neither promotes): which step promotes follows from the board,
    /// since promotion there is compulsory and a promoted unit does not promote again.
    #[inline(always)]
    pub fn two_step(from: usize, mid: usize, to: usize, tag: usize) -> Move {
        debug_assert!(tag < 4);
        Move(Move::compound(from, to, mid).0 | (tag as u32) << 30)
    }

    /// The promotion index of a two-step turn (see [`Move::two_step`]).
    #[inline(always)]
    pub fn part_tag(self) -> usize {
        (self.0 >> 30) as usize
    }

    /// The pass (see [`MoveKind::Pass`]).
    pub const PASS: Move = Move(6 << 18);

    /// A secret bomb's action on `sq` (see [`MoveKind::Pass`]): from = to = `sq`, bit 21
    /// set so that no action equals the pass.
    #[inline(always)]
    pub fn bomb(sq: usize) -> Move {
        Move(Move::new(sq, sq, MoveKind::Pass).0 | 1 << 21)
    }

    /// Whether this is a secret bomb's designation or detonation.
    #[inline(always)]
    pub fn is_bomb(self) -> bool {
        self.kind() == MoveKind::Pass && self != Move::PASS
    }

    #[inline(always)]
    pub fn is_pass(self) -> bool {
        self == Move::PASS
    }

    #[inline(always)]
    pub fn is_drop(self) -> bool {
        self.kind() == MoveKind::Drop
    }

    /// The piece kind a promotion creates, or a drop places.
    #[inline(always)]
    pub fn promoted_kind(self) -> usize {
        (self.0 >> 21 & 31) as usize
    }

    /// This move with a piece of `kind` from the hand gated onto the square it leaves:
    /// for castling, the king's square, or the rook's when `on_rook` (bits 26-30 hold
    /// `kind + 1`, bit 31 the rook's square).
    #[inline(always)]
    pub fn with_gate(self, kind: u8, on_rook: bool) -> Move {
        debug_assert!(self.gate().is_none() && (kind as usize) < 31);
        Move(self.0 | (kind as u32 + 1) << 26 | (on_rook as u32) << 31)
    }

    /// The kind gated by this move, if any (a compound turn's part square shares the
    /// bits and gates nothing).
    #[inline(always)]
    pub fn gate(self) -> Option<usize> {
        match self.0 >> 26 & 31 {
            0 => None,
            _ if self.0 >> 18 & 7 == MoveKind::Compound as u32 => None,
            k => Some(k as usize - 1),
        }
    }

    /// Whether a castling move gates onto the rook's square (not the king's).
    #[inline(always)]
    pub fn gate_on_rook(self) -> bool {
        self.0 >> 31 != 0
    }

    /// The square a gated piece goes to: the origin, or the rook's square for a
    /// castling move that gates there.
    #[inline(always)]
    pub fn gate_square(self) -> usize {
        if self.gate_on_rook() {
            self.to()
        } else {
            self.from()
        }
    }

    /// The move without its gated piece.
    #[inline(always)]
    pub fn without_gate(self) -> Move {
        if self.gate().is_none() {
            return self;
        }
        Move(self.0 & ((1 << 26) - 1))
    }

    /// This move with a wall placed on `wall` after it (a walling game's turn,
    /// [`crate::variant::parts::TurnRule::Walling`]): bits 21-29 hold the square, or,
    /// for a promotion (whose kind is in bits 21-25), bits 26-31 (so walling games
    /// with promotions have at most 64 squares: `TurnRule::of` checks it). Walling
    /// games never gate, so the gate bits are free; [`Move::gate`] is read only where
    /// the variant gates.
    #[inline(always)]
    pub fn with_wall(self, wall: usize) -> Move {
        if self.kind() == MoveKind::Promotion {
            debug_assert!(wall < 64);
            Move(self.0 | (wall as u32) << 26)
        } else {
            debug_assert!(wall < 512 && self.0 >> 21 == 0);
            Move(self.0 | (wall as u32) << 21)
        }
    }

    /// The wall square of a walling game's move (see [`Move::with_wall`]).
    #[inline(always)]
    pub fn wall(self) -> usize {
        if self.kind() == MoveKind::Promotion {
            (self.0 >> 26) as usize
        } else {
            (self.0 >> 21 & 511) as usize
        }
    }

    /// The move without its wall (a walling game's piece move alone).
    #[inline(always)]
    pub fn without_wall(self) -> Move {
        if self.kind() == MoveKind::Promotion {
            Move(self.0 & ((1 << 26) - 1))
        } else {
            Move(self.0 & ((1 << 21) - 1))
        }
    }

    /// The raw bits (the transposition table stores them).
    #[inline(always)]
    pub fn bits(self) -> u32 {
        self.0
    }

    /// A move from raw bits written by [`Move::bits`].
    #[inline(always)]
    pub fn from_bits(bits: u32) -> Move {
        Move(bits)
    }
}

impl std::fmt::Debug for Move {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Move({}->{} {:?} {} gate {:?}{})",
            self.from(),
            self.to(),
            self.kind(),
            self.promoted_kind(),
            self.gate(),
            if self.gate().is_some() && self.gate_on_rook() {
                " on rook"
            } else {
                ""
            }
        )
    }
}

/// Moves a [`MoveList`] holds without touching the heap: above any ordinary chess
/// position's count (at most 218), so only large boards, full hands and compound turns
/// spill. Kept small because lists live in stack frames: the legality lookahead of
/// some rules nests them (Submission's check levels, two per level), every page of a
/// frame is touched on entry (stack probes), and at `Threads` 256 each kilobyte of a
/// thread's deepest chain of frames costs a quarter of a megabyte (docs/reliability.md,
/// "Memory"). 1024 cost 4 KB a list.
pub const INLINE_MOVES: usize = 256;

/// The legal (or pseudo-legal) moves of one position.
pub type MoveList = SpillList<Move, INLINE_MOVES>;

/// A list of `Copy` values kept inline, on the stack, up to `N`, and on the heap past
/// that: no allocation per node in any ordinary position, and no value ever lost. The
/// spill is one predictable branch in `push`, the same test a fixed-capacity list
/// needs for its bound.
pub struct SpillList<T: Copy, const N: usize> {
    inline: [MaybeUninit<T>; N],
    len: usize,
    /// Every value, once more than `N` were pushed (the inline ones copied over first);
    /// empty until then. Invariant: either `len <= N`, the values are the first `len`
    /// inline entries and `heap` is empty, or `len > N` and `heap.len() == len`.
    heap: Vec<T>,
}

impl<T: Copy, const N: usize> SpillList<T, N> {
    /// Values held without a heap allocation.
    pub const INLINE: usize = N;

    #[inline(always)]
    pub fn new() -> Self {
        // No initialisation: a list is created at every node, and only the first `len`
        // entries are ever read.
        SpillList {
            inline: [const { MaybeUninit::uninit() }; N],
            len: 0,
            heap: Vec::new(),
        }
    }

    #[inline(always)]
    pub fn push(&mut self, v: T) {
        if self.len < N {
            self.inline[self.len].write(v);
            self.len += 1;
        } else {
            self.spill(v);
        }
    }

    /// `push` past the inline capacity.
    #[cold]
    #[inline(never)]
    fn spill(&mut self, v: T) {
        if self.len == N {
            // Into the heap room a cleared list kept (no allocation when a reused list
            // spills again, as a search's generation list does at every node of a
            // game with more than `N` moves).
            // SAFETY: all `N` inline entries were written (`len == N`).
            let inline = unsafe { std::slice::from_raw_parts(self.inline.as_ptr() as *const T, N) };
            self.heap.clear();
            self.heap.reserve(2 * N);
            self.heap.extend_from_slice(inline);
        }
        self.heap.push(v);
        self.len += 1;
    }

    #[inline(always)]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Empties the list (keeping a spilled list's heap room for the next use).
    #[inline(always)]
    pub fn clear(&mut self) {
        self.len = 0;
        self.heap.clear();
    }

    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Whether the values have moved to the heap.
    #[inline(always)]
    pub fn spilled(&self) -> bool {
        self.len > N
    }

    #[inline(always)]
    pub fn as_slice(&self) -> &[T] {
        if self.spilled() {
            &self.heap
        } else {
            // SAFETY: entries below `len` (<= N) were written by `push` or `retain`.
            unsafe { std::slice::from_raw_parts(self.inline.as_ptr() as *const T, self.len) }
        }
    }

    #[inline(always)]
    pub fn as_mut_slice(&mut self) -> &mut [T] {
        if self.spilled() {
            &mut self.heap
        } else {
            // SAFETY: as in `as_slice`.
            unsafe { std::slice::from_raw_parts_mut(self.inline.as_mut_ptr() as *mut T, self.len) }
        }
    }

    /// Keeps the values `keep` accepts, in order. One loop over the values wherever
    /// they are, so `keep` has a single call site and inlines into it.
    #[inline]
    pub fn retain(&mut self, mut keep: impl FnMut(T) -> bool) {
        let values = self.as_mut_slice();
        let mut w = 0;
        for r in 0..values.len() {
            let v = values[r];
            if keep(v) {
                values[w] = v;
                w += 1;
            }
        }
        if self.spilled() {
            self.truncate_spilled(w);
        } else {
            self.len = w;
        }
    }

    /// Removes the first `n` values, keeping the others in order. An expansion that
    /// replaces each value by its forms appends the forms behind the values and then
    /// drops these: no second list (and no allocation per node where the list kept its
    /// heap room).
    pub fn drop_front(&mut self, n: usize) {
        let n = n.min(self.len);
        if self.spilled() {
            self.heap.drain(..n);
            self.truncate_spilled(self.heap.len());
        } else {
            self.inline.copy_within(n..self.len, 0);
            self.len -= n;
        }
    }

    /// Shortens a spilled list to `len` values, moving them back inline when they fit.
    #[cold]
    #[inline(never)]
    fn truncate_spilled(&mut self, len: usize) {
        self.heap.truncate(len);
        self.len = len;
        if len <= N {
            for (slot, &v) in self.inline.iter_mut().zip(&self.heap) {
                slot.write(v);
            }
            self.heap.clear();
        }
    }
}

impl<T: Copy, const N: usize> Default for SpillList<T, N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<'a, T: Copy, const N: usize> IntoIterator for &'a SpillList<T, N> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_round_trip() {
        let m = Move::promotion(360, 359, 13);
        assert_eq!(
            (m.from(), m.to(), m.kind(), m.promoted_kind()),
            (360, 359, MoveKind::Promotion, 13)
        );
        let c = Move::new(4, 7, MoveKind::Castle);
        assert_eq!((c.from(), c.to(), c.kind()), (4, 7, MoveKind::Castle));
        assert_ne!(c, Move::NONE);
        let d = Move::drop(4, 37);
        assert_eq!(
            (d.from(), d.to(), d.kind(), d.promoted_kind()),
            (37, 37, MoveKind::Drop, 4)
        );
        assert_eq!(d.gate(), None);
        let g = Move::new(1, 18, MoveKind::Normal).with_gate(15, false);
        assert_eq!(
            (g.from(), g.to(), g.kind(), g.gate()),
            (1, 18, MoveKind::Normal, Some(15))
        );
        assert_eq!(
            (g.gate_square(), g.without_gate()),
            (1, Move::new(1, 18, MoveKind::Normal))
        );
        let gc = Move::new(4, 7, MoveKind::Castle).with_gate(0, true);
        assert_eq!(
            (gc.kind(), gc.gate(), gc.gate_square()),
            (MoveKind::Castle, Some(0), 7)
        );
        assert_eq!(Move::from_bits(gc.bits()), gc);
    }

    /// A move list past its inline capacity keeps every move, in order, and `retain`
    /// works on both sides of the spill (moving back inline and spilling again).
    #[test]
    fn a_list_past_its_inline_capacity_keeps_every_move() {
        let n = 3 * MoveList::INLINE + 7;
        let moves: Vec<Move> = (0..n)
            .map(|i| Move::new(i % 512, i / 512, MoveKind::Normal))
            .collect();
        let mut list = MoveList::new();
        for &m in &moves {
            list.push(m);
        }
        assert!(list.spilled());
        assert_eq!(list.len(), n);
        assert_eq!(list.as_slice(), &moves[..]);
        let every = |step: usize, from: &[Move]| -> Vec<Move> {
            from.iter().copied().step_by(step).collect()
        };
        let mut i = 0;
        list.retain(|_| {
            i += 1;
            (i - 1) % 2 == 0
        });
        let halves = every(2, &moves);
        assert!(halves.len() > MoveList::INLINE && list.spilled());
        assert_eq!(list.as_slice(), &halves[..]);
        let mut i = 0;
        list.retain(|_| {
            i += 1;
            (i - 1) % 2 == 0
        });
        let quarters = every(4, &moves);
        assert!(quarters.len() <= MoveList::INLINE && !list.spilled());
        assert_eq!(list.as_slice(), &quarters[..]);
        let mut again = quarters.clone();
        for &m in &moves {
            list.push(m);
            again.push(m);
        }
        assert_eq!(list.len(), again.len());
        assert_eq!(list.as_slice(), &again[..]);
        list.as_mut_slice().reverse();
        again.reverse();
        assert_eq!((&list).into_iter().copied().collect::<Vec<_>>(), again);
    }

    /// A small inline capacity: the spill happens exactly one past it.
    #[test]
    fn spill_starts_one_past_the_inline_capacity() {
        let mut list: SpillList<u32, 4> = SpillList::new();
        for v in 0..4 {
            list.push(v);
        }
        assert!(!list.spilled());
        list.push(4);
        assert!(list.spilled());
        assert_eq!(list.as_slice(), &[0, 1, 2, 3, 4]);
        list.retain(|v| v != 2);
        assert!(!list.spilled());
        assert_eq!(list.as_slice(), &[0, 1, 3, 4]);
        list.retain(|v| v % 2 == 1);
        assert_eq!(list.as_slice(), &[1, 3]);
    }

    /// `drop_front` keeps the values behind the dropped ones in order: inline, spilled
    /// and still spilled after, and spilled then back inline.
    #[test]
    fn dropping_the_front_keeps_the_rest_in_order() {
        let mut list: SpillList<u32, 4> = SpillList::new();
        for v in 0..3 {
            list.push(v);
        }
        list.drop_front(1);
        assert_eq!(list.as_slice(), &[1, 2]);
        for v in 3..9 {
            list.push(v);
        }
        assert!(list.spilled());
        list.drop_front(2);
        assert!(list.spilled());
        assert_eq!(list.as_slice(), &[3, 4, 5, 6, 7, 8]);
        list.drop_front(3);
        assert!(!list.spilled());
        assert_eq!(list.as_slice(), &[6, 7, 8]);
        list.push(9);
        list.push(10);
        assert_eq!(list.as_slice(), &[6, 7, 8, 9, 10]);
        list.drop_front(9);
        assert!(list.is_empty());
    }
}
