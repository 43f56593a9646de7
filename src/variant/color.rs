//! The two sides. [`Color`] is a two-valued enum, not an integer: the other side is
//! `!c` (or `c.flip()`), never `!c` on a number that might be a square or a kind.
//! Per-side data lives in `[T; 2]` arrays indexed by a colour directly (`by_color[us]`);
//! the enum's two values let the compiler drop the bounds check, so this costs no more
//! than indexing by `usize` did. Flat tables (Zobrist keys, piece codes) use
//! [`Color::index`].

use std::ops::{Index, IndexMut, Not};

/// A side: White moves "up" the board (towards higher ranks), Black "down".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Color {
    White = 0,
    Black = 1,
}

/// The short names the code uses for the two sides.
pub const WHITE: Color = Color::White;
pub const BLACK: Color = Color::Black;

impl Color {
    /// Both sides, White first: `for c in Color::both()`, `Color::both().map(..)` to
    /// build a `[T; 2]` indexed by colour.
    #[inline(always)]
    pub const fn both() -> [Color; 2] {
        [WHITE, BLACK]
    }

    /// The other side.
    #[inline(always)]
    pub const fn flip(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// 0 for White, 1 for Black: the offset into a flat table with a block per side.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The side whose `index` is `i` (0 or 1); anything else is a caller's bug.
    #[inline(always)]
    pub const fn from_index(i: usize) -> Color {
        debug_assert!(i < 2, "a colour index is 0 or 1");
        if i == 0 {
            Color::White
        } else {
            Color::Black
        }
    }

    /// White if `white`, else Black.
    #[inline(always)]
    pub const fn white_if(white: bool) -> Color {
        if white {
            Color::White
        } else {
            Color::Black
        }
    }

    /// "White" or "Black", as game results and messages write the side.
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "White",
            Color::Black => "Black",
        }
    }
}

impl Not for Color {
    type Output = Color;

    #[inline(always)]
    fn not(self) -> Color {
        self.flip()
    }
}

impl<T> Index<Color> for [T; 2] {
    type Output = T;

    #[inline(always)]
    fn index(&self, c: Color) -> &T {
        &self[c as usize]
    }
}

impl<T> IndexMut<Color> for [T; 2] {
    #[inline(always)]
    fn index_mut(&mut self, c: Color) -> &mut T {
        &mut self[c as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flip_and_index() {
        assert_eq!(!WHITE, BLACK);
        assert_eq!(BLACK.flip(), WHITE);
        assert_eq!(!!BLACK, BLACK);
        assert_eq!((WHITE.index(), BLACK.index()), (0, 1));
        assert_eq!(Color::both().map(Color::index), [0, 1]);
        assert_eq!(Color::from_index(1), BLACK);
        assert_eq!(Color::white_if(true), WHITE);
    }

    #[test]
    fn arrays_index_by_colour() {
        let mut a = [10, 20];
        a[BLACK] += 1;
        assert_eq!((a[WHITE], a[BLACK]), (10, 21));
        assert_eq!(Color::both().map(|c| a[c]), a);
    }
}
