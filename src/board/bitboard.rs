//! Square sets. One trait, three instances chosen by board size: `u64` (<= 64 squares),
//! `u128` (<= 128) and [`Wide`] (<= 384, enough for 19x19). Positions and the move
//! generator are generic over it, so each board size gets its own monomorphised code.

use super::magic::{RaySliders, Sliders};
use std::fmt::Debug;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

pub trait Bitboard:
    Copy
    + Eq
    + Default
    + Debug
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
{
    /// How many squares the type can hold.
    const CAPACITY: usize;
    const EMPTY: Self;
    /// Slider attack back end: magic lookups for `u64`, ray scans for the others.
    type Sliders: Sliders<Self>;

    fn from_square(sq: usize) -> Self;
    fn is_empty(self) -> bool;
    fn count(self) -> u32;
    /// Lowest set square; the set must not be empty.
    fn lsb(self) -> usize;
    /// Highest set square; the set must not be empty.
    fn msb(self) -> usize;
    fn shl(self, n: u32) -> Self;
    fn shr(self, n: u32) -> Self;
    /// A 64-bit digest of the set, mixed with `seed`: equal sets give equal digests,
    /// and different seeds independent ones (for keys built from a few sets, such as
    /// the search's pawn-structure key).
    fn digest(self, seed: u64) -> u64;

    #[inline(always)]
    fn any(self) -> bool {
        !self.is_empty()
    }
    #[inline(always)]
    fn has(self, sq: usize) -> bool {
        (self & Self::from_square(sq)).any()
    }
    #[inline(always)]
    fn more_than_one(self) -> bool {
        self.count() > 1
    }
    #[inline(always)]
    fn pop_lsb(&mut self) -> usize {
        let sq = self.lsb();
        *self ^= Self::from_square(sq);
        sq
    }
    #[inline(always)]
    fn squares(self) -> Squares<Self> {
        Squares(self)
    }
    /// All squares `0..n`.
    fn first_n(n: usize) -> Self {
        let mut b = Self::EMPTY;
        for sq in 0..n {
            b |= Self::from_square(sq);
        }
        b
    }
}

/// SplitMix64's finalizer: every bit of `x` reaches every bit of the result.
#[inline(always)]
pub fn mix64(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Iterator over the squares of a set, lowest first.
pub struct Squares<B>(pub B);

impl<B: Bitboard> Iterator for Squares<B> {
    type Item = usize;
    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        if self.0.is_empty() {
            None
        } else {
            Some(self.0.pop_lsb())
        }
    }
}

macro_rules! primitive_bitboard {
    ($t:ty, $sliders:ty) => {
        impl Bitboard for $t {
            const CAPACITY: usize = <$t>::BITS as usize;
            const EMPTY: Self = 0;
            type Sliders = $sliders;

            #[inline(always)]
            fn from_square(sq: usize) -> Self {
                debug_assert!(sq < Self::CAPACITY);
                1 << sq
            }
            #[inline(always)]
            fn is_empty(self) -> bool {
                self == 0
            }
            #[inline(always)]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline(always)]
            fn lsb(self) -> usize {
                debug_assert!(self != 0);
                self.trailing_zeros() as usize
            }
            #[inline(always)]
            fn msb(self) -> usize {
                debug_assert!(self != 0);
                (<$t>::BITS - 1 - self.leading_zeros()) as usize
            }
            #[inline(always)]
            fn shl(self, n: u32) -> Self {
                self.checked_shl(n).unwrap_or(0)
            }
            #[inline(always)]
            fn shr(self, n: u32) -> Self {
                self.checked_shr(n).unwrap_or(0)
            }
            #[inline(always)]
            fn digest(self, seed: u64) -> u64 {
                (0..<$t>::BITS / 64).fold(seed, |h, i| mix64(h ^ (self >> (64 * i)) as u64))
            }
            #[inline(always)]
            fn more_than_one(self) -> bool {
                self & self.wrapping_sub(1) != 0
            }
            #[inline(always)]
            fn pop_lsb(&mut self) -> usize {
                let sq = self.trailing_zeros() as usize;
                *self &= self.wrapping_sub(1);
                sq
            }
        }
    };
}

primitive_bitboard!(u64, super::magic::Magics);
primitive_bitboard!(u128, RaySliders);

const WIDE_WORDS: usize = 6;

/// A square set for boards up to 384 squares (19x19 needs 361), as six 64-bit words.
#[derive(Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct Wide(pub [u64; WIDE_WORDS]);

impl Debug for Wide {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Wide(")?;
        for (i, sq) in self.squares().enumerate() {
            if i > 0 {
                write!(f, ",")?;
            }
            write!(f, "{sq}")?;
        }
        write!(f, ")")
    }
}

macro_rules! wide_binop {
    ($trait:ident, $method:ident, $assign_trait:ident, $assign_method:ident, $op:tt, $assign_op:tt) => {
        impl $trait for Wide {
            type Output = Wide;
            #[inline(always)]
            fn $method(self, rhs: Wide) -> Wide {
                let mut out = self.0;
                for (o, r) in out.iter_mut().zip(rhs.0) {
                    *o $assign_op r;
                }
                Wide(out)
            }
        }
        impl $assign_trait for Wide {
            #[inline(always)]
            fn $assign_method(&mut self, rhs: Wide) {
                for (o, r) in self.0.iter_mut().zip(rhs.0) {
                    *o $assign_op r;
                }
            }
        }
    };
}

wide_binop!(BitAnd, bitand, BitAndAssign, bitand_assign, &, &=);
wide_binop!(BitOr, bitor, BitOrAssign, bitor_assign, |, |=);
wide_binop!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^, ^=);

impl Not for Wide {
    type Output = Wide;
    #[inline(always)]
    fn not(self) -> Wide {
        Wide(self.0.map(|w| !w))
    }
}

impl Bitboard for Wide {
    const CAPACITY: usize = 64 * WIDE_WORDS;
    const EMPTY: Self = Wide([0; WIDE_WORDS]);
    type Sliders = RaySliders;

    #[inline(always)]
    fn from_square(sq: usize) -> Self {
        debug_assert!(sq < Self::CAPACITY);
        let mut w = [0; WIDE_WORDS];
        w[sq / 64] = 1 << (sq % 64);
        Wide(w)
    }
    #[inline(always)]
    fn is_empty(self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }
    #[inline(always)]
    fn count(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    #[inline(always)]
    fn lsb(self) -> usize {
        for (i, &w) in self.0.iter().enumerate() {
            if w != 0 {
                return i * 64 + w.trailing_zeros() as usize;
            }
        }
        debug_assert!(false, "lsb of an empty set");
        0
    }
    #[inline(always)]
    fn msb(self) -> usize {
        for (i, &w) in self.0.iter().enumerate().rev() {
            if w != 0 {
                return i * 64 + 63 - w.leading_zeros() as usize;
            }
        }
        debug_assert!(false, "msb of an empty set");
        0
    }
    #[inline(always)]
    fn has(self, sq: usize) -> bool {
        self.0[sq / 64] >> (sq % 64) & 1 != 0
    }
    #[inline(always)]
    fn digest(self, seed: u64) -> u64 {
        self.0.iter().fold(seed, |h, &w| mix64(h ^ w))
    }
    fn shl(self, n: u32) -> Self {
        let n = n as usize;
        if n >= Self::CAPACITY {
            return Self::EMPTY;
        }
        let (words, bits) = (n / 64, n % 64);
        let mut out = [0u64; WIDE_WORDS];
        for i in (words..WIDE_WORDS).rev() {
            let src = i - words;
            out[i] = self.0[src] << bits;
            if bits > 0 && src > 0 {
                out[i] |= self.0[src - 1] >> (64 - bits);
            }
        }
        Wide(out)
    }
    fn shr(self, n: u32) -> Self {
        let n = n as usize;
        if n >= Self::CAPACITY {
            return Self::EMPTY;
        }
        let (words, bits) = (n / 64, n % 64);
        let mut out = [0u64; WIDE_WORDS];
        for (i, o) in out.iter_mut().enumerate().take(WIDE_WORDS - words) {
            let src = i + words;
            *o = self.0[src] >> bits;
            if bits > 0 && src + 1 < WIDE_WORDS {
                *o |= self.0[src + 1] << (64 - bits);
            }
        }
        Wide(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set_of<B: Bitboard>(squares: &[usize]) -> B {
        squares.iter().fold(B::EMPTY, |b, &s| b | B::from_square(s))
    }

    fn basic_ops<B: Bitboard>(top: usize) {
        let b: B = set_of(&[0, 5, top]);
        assert_eq!(b.count(), 3);
        assert_eq!(b.lsb(), 0);
        assert_eq!(b.msb(), top);
        assert!(b.has(5) && !b.has(6));
        assert_eq!(b.squares().collect::<Vec<_>>(), vec![0, 5, top]);
        assert!(b.more_than_one());
        assert!(!B::from_square(top).more_than_one());
        let mut c = b;
        assert_eq!(c.pop_lsb(), 0);
        assert_eq!(c, set_of(&[5, top]));
        assert_eq!(set_of::<B>(&[3]).shl(top as u32 - 3), B::from_square(top));
        assert_eq!(B::from_square(top).shr(top as u32), B::from_square(0));
        assert_eq!(B::from_square(B::CAPACITY - 1).shl(1), B::EMPTY);
        assert_eq!(B::from_square(0).shr(1), B::EMPTY);
        assert_eq!(B::first_n(top + 1).count() as usize, top + 1);
        assert_eq!((!B::EMPTY & B::first_n(3)), set_of(&[0, 1, 2]));
        // A digest is the set's and the seed's: the highest square counts as well.
        assert_eq!(b.digest(7), set_of::<B>(&[top, 5, 0]).digest(7));
        assert_ne!(b.digest(7), b.digest(8));
        assert_ne!(b.digest(7), set_of::<B>(&[0, 5]).digest(7));
        assert_ne!(B::EMPTY.digest(7), B::from_square(top).digest(7));
    }

    #[test]
    fn u64_ops() {
        basic_ops::<u64>(63);
    }

    #[test]
    fn u128_ops() {
        basic_ops::<u128>(127);
    }

    #[test]
    fn wide_ops() {
        basic_ops::<Wide>(360);
        // Shifts that cross word boundaries by every amount.
        for from in [0usize, 63, 64, 100, 200, 300] {
            for n in [1usize, 7, 19, 63, 64, 65, 130] {
                let up = Wide::from_square(from).shl(n as u32);
                if from + n < Wide::CAPACITY {
                    assert_eq!(up, Wide::from_square(from + n), "{from} << {n}");
                }
                let down = Wide::from_square(from).shr(n as u32);
                if from >= n {
                    assert_eq!(down, Wide::from_square(from - n), "{from} >> {n}");
                } else {
                    assert!(down.is_empty());
                }
            }
        }
    }
}
