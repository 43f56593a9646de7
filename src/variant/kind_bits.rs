//! Walking a set of piece kinds given as a bit mask (bit `k` set for kind `k`), the form
//! rule parts store kind lists in.

/// The kinds whose bits are set in `mask`, lowest first.
#[inline(always)]
pub fn kinds_in(mask: u32) -> KindBits {
    KindBits(mask)
}

/// Iterator over the set bits of a kind mask; see [`kinds_in`].
#[derive(Clone, Copy, Debug)]
pub struct KindBits(u32);

impl Iterator for KindBits {
    type Item = usize;

    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let k = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(k)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for KindBits {}

#[cfg(test)]
mod tests {
    use super::kinds_in;

    #[test]
    fn yields_each_set_bit_lowest_first() {
        assert_eq!(kinds_in(0).collect::<Vec<_>>(), Vec::<usize>::new());
        assert_eq!(kinds_in(0b1010_0001).collect::<Vec<_>>(), vec![0, 5, 7]);
        assert_eq!(kinds_in(1 << 31).collect::<Vec<_>>(), vec![31]);
        assert_eq!(kinds_in(u32::MAX).len(), 32);
    }
}
