//! Move filters: legality rules beyond "a move may not leave the mover's royal piece
//! attacked". Each is one arm of [`MoveFilter`]; a variant's filters are a short list.
//! [`super::plan`] decides per arm which generators apply it exactly, and the
//! make-and-test generator applies every arm (`movegen`'s `move_filters_pass`).

use super::super::Variant;

/// One legality rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveFilter {
    /// When a capture is possible, only captures are legal (the antichess family): a
    /// rule on the whole legal list, applied after any generator.
    CompulsoryCapture,
    /// A move may not give check (Racing Kings).
    NoGivingCheck,
    /// Royal pieces may not face each other along an open file (Xiangqi's flying
    /// general): a royal counts as attacking along its file up to the first piece, so
    /// a move that leaves the two facing leaves the mover's royal attacked.
    RoyalsMayNotFace,
}

impl MoveFilter {
    /// The filter's bit in [`MoveFilters`]' set.
    const fn bit(self) -> u8 {
        match self {
            MoveFilter::CompulsoryCapture => 1,
            MoveFilter::NoGivingCheck => 2,
            MoveFilter::RoyalsMayNotFace => 4,
        }
    }
}

/// A variant's move filters (empty in chess), as a list to walk and a bit set to test.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveFilters {
    list: Vec<MoveFilter>,
    bits: u8,
}

impl MoveFilters {
    /// The filters of `variant`.
    pub fn of(variant: &Variant) -> MoveFilters {
        let mut list = Vec::new();
        if variant.mandatory_capture {
            list.push(MoveFilter::CompulsoryCapture);
        }
        if !variant.checks_allowed {
            list.push(MoveFilter::NoGivingCheck);
        }
        if variant.flying_royals {
            list.push(MoveFilter::RoyalsMayNotFace);
        }
        let bits = list.iter().fold(0, |b, f| b | f.bit());
        MoveFilters { list, bits }
    }

    #[inline(always)]
    pub fn has(&self, f: MoveFilter) -> bool {
        self.bits & f.bit() != 0
    }

    #[inline(always)]
    pub fn iter(&self) -> impl Iterator<Item = MoveFilter> + '_ {
        self.list.iter().copied()
    }
}
