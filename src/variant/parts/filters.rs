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
    /// A drop may not give check (Atomic Zh, Supply: [`crate::variant::Hands::drop_checks`]).
    NoDropChecks,
    /// Royal pieces may not face each other along an open file or rank (Xiangqi's
    /// flying general): a royal counts as attacking along its file and rank up to the
    /// first piece, so
    /// a move that leaves the two facing leaves the mover's royal attacked.
    RoyalsMayNotFace,
    /// An enemy unit on the mover's intrusion squares (`Rules::intrusion`) is a check
    /// that the move must answer by capturing it (Xenophobic): after a move no enemy
    /// unit stands on the mover's intrusion squares.
    IntrudersMustGo,
    /// The mover's piece must end on a square another of its side's units attacks
    /// (Prop); castling always does.
    DefendedDestination,
    /// The two royal pieces may not stand on one open line of any direction (Regent).
    RoyalsMayNotSee,
    /// When moves toward the opponent exist, only they are legal (Prop): a rule on the
    /// whole legal list, applied after any generator.
    ForwardIfAny,
    /// Once a side has given its budget of checks, a check is legal only when it is an
    /// orthodox mate (Moderation).
    CheckBudget(u32),
    /// A capturing check needs every checker safe or supported (Triple Check).
    SupportedChecks,
    /// A checking move is legal only when the opponent keeps a reply of one level
    /// lower, down to FIDE legality at level 0 (Submission's recursive mate: no check
    /// may leave the opponent without a permitted reply).
    CheckLevels(u32),
    /// A royal not in check may move into a check by none of the kinds in the mask
    /// (bit per kind), not on two consecutive own turns; a royal standing in such a
    /// check must be cleared by the opponent's move, and is never captured
    /// (Contravention). Replaces the plain royal-safety test.
    SelfCheck(u32),
    /// Promotions to this kind give the piece to the opponent and are the only ones
    /// while the opponent has none of it, which it must then not stand attacked;
    /// afterwards they are not allowed (Kingmaker).
    GiftPromotion(usize),
    /// A second royal kind: a move may not leave the mover's piece of it attacked,
    /// unless both the mover's royals were attacked before the move (Separation); with
    /// the flag set, not even then (Reentrant's queen).
    SecondRoyal(usize, bool),
    /// Two kinds of a side may not end a move in one quadrant (Separation).
    QuadrantsApart([usize; 2]),
    /// A royal piece in check may move only to capture its one checker (Makpong).
    CheckedRoyalStays,
    /// No enemy unit may be able to link the mover's royal piece after the move: move
    /// to a square whose maximal run of occupied squares along a line, through that
    /// square and the royal, is exactly this long (Linkage: 4). Being so linked is a
    /// check (`Position::in_extra_check`).
    Linkage(u32),
    /// A second royal kind that may never be left attacked, and whose mate wins for
    /// its owner (Counselor's queen); when a move would so mate the opponent's, only
    /// such moves are legal (a rule on the whole list, applied after any generator).
    MatedRoyalWins(usize),
    /// Bikjang (Janggi): when the royals face each other on an open file at the
    /// start of the turn, a move (the pass aside) must part them.
    Bikjang,
    /// Pseudo-royal kinds (Fairy-Stockfish's `extinctionPseudoRoyal`: Coregal's queens,
    /// the commoner kings of Spartan, Sho-shogi, Two Kings).
    PseudoRoyal(PseudoRoyals),
}

/// The compiled pseudo-royalty ([`crate::variant::PseudoRoyalty`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PseudoRoyals {
    /// Bit per kind.
    pub kinds: u32,
    /// A side's pieces of a kind are pseudo-royal while it has at most this many of
    /// them (`extinctionPieceCount + 1`).
    pub limit: u32,
    /// A side may not leave every piece of the kinds attacked (`dupleCheck`).
    pub duple_check: bool,
}

impl PseudoRoyals {
    const NONE: PseudoRoyals = PseudoRoyals {
        kinds: 0,
        limit: 0,
        duple_check: false,
    };
}

impl MoveFilter {
    /// The filter's bit in [`MoveFilters`]' set.
    const fn bit(self) -> u32 {
        match self {
            MoveFilter::CompulsoryCapture => 1,
            MoveFilter::NoGivingCheck => 2,
            MoveFilter::RoyalsMayNotFace => 4,
            MoveFilter::IntrudersMustGo => 8,
            MoveFilter::DefendedDestination => 16,
            MoveFilter::RoyalsMayNotSee => 32,
            MoveFilter::ForwardIfAny => 64,
            MoveFilter::CheckBudget(_) => 128,
            MoveFilter::SupportedChecks => 256,
            MoveFilter::CheckLevels(_) => 512,
            MoveFilter::SelfCheck(_) => 1024,
            MoveFilter::GiftPromotion(_) => 2048,
            MoveFilter::SecondRoyal(..) => 4096,
            MoveFilter::QuadrantsApart(_) => 8192,
            MoveFilter::CheckedRoyalStays => 16384,
            MoveFilter::Linkage(_) => 32768,
            MoveFilter::MatedRoyalWins(_) => 65536,
            MoveFilter::Bikjang => 131072,
            MoveFilter::PseudoRoyal(_) => 262144,
            MoveFilter::NoDropChecks => 524288,
        }
    }
}

/// A variant's move filters (empty in chess), as a list to walk and a bit set to test.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveFilters {
    list: Vec<MoveFilter>,
    bits: u32,
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
        if variant
            .hands
            .as_ref()
            .is_some_and(|h| h.drops && !h.drop_checks)
        {
            list.push(MoveFilter::NoDropChecks);
        }
        if variant.flying_royals {
            list.push(MoveFilter::RoyalsMayNotFace);
        }
        let goal = &variant.goal;
        if !goal.intrusion.is_empty() {
            list.push(MoveFilter::IntrudersMustGo);
        }
        if goal.defended_destinations {
            list.push(MoveFilter::DefendedDestination);
        }
        if goal.royals_may_not_see {
            list.push(MoveFilter::RoyalsMayNotSee);
        }
        if goal.forward_if_any {
            list.push(MoveFilter::ForwardIfAny);
        }
        if goal.check_budget > 0 {
            list.push(MoveFilter::CheckBudget(goal.check_budget));
        }
        if goal.supported_checks {
            list.push(MoveFilter::SupportedChecks);
        }
        if goal.check_levels > 0 {
            list.push(MoveFilter::CheckLevels(goal.check_levels));
        }
        if let Some(kinds) = &goal.self_check {
            let mask = kinds
                .iter()
                .filter_map(|&l| variant.kind_by_letter(l))
                .fold(0, |m, k| m | 1 << k);
            list.push(MoveFilter::SelfCheck(mask));
        }
        if let Some(kind) = goal.gift_promotion.and_then(|l| variant.kind_by_letter(l)) {
            list.push(MoveFilter::GiftPromotion(kind));
        }
        if let Some(kind) = goal.second_royal.and_then(|l| variant.kind_by_letter(l)) {
            list.push(MoveFilter::SecondRoyal(kind, goal.second_royal_strict));
        }
        if let Some([a, b]) = goal.quadrants_apart {
            if let (Some(a), Some(b)) = (variant.kind_by_letter(a), variant.kind_by_letter(b)) {
                list.push(MoveFilter::QuadrantsApart([a, b]));
            }
        }
        if variant.checked_royal_stays {
            list.push(MoveFilter::CheckedRoyalStays);
        }
        if goal.linkage_run > 0 {
            list.push(MoveFilter::Linkage(goal.linkage_run));
        }
        if let Some(kind) = goal
            .mated_royal_wins
            .and_then(|l| variant.kind_by_letter(l))
        {
            list.push(MoveFilter::MatedRoyalWins(kind));
        }
        if variant.palace.bikjang {
            list.push(MoveFilter::Bikjang);
        }
        if let Some(p) = &variant.pseudo_royalty {
            let kinds = p
                .kinds
                .iter()
                .filter_map(|&l| variant.kind_by_letter(l))
                .fold(0, |m, k| m | 1 << k);
            list.push(MoveFilter::PseudoRoyal(PseudoRoyals {
                kinds,
                limit: p.count.saturating_add(1),
                duple_check: p.duple_check,
            }));
        }
        let bits = list.iter().fold(0, |b, f| b | f.bit());
        MoveFilters { list, bits }
    }

    /// The second royal kind (`SecondRoyal`), if any.
    #[inline(always)]
    pub fn second_royal(&self) -> Option<usize> {
        if self.bits & MoveFilter::SecondRoyal(0, false).bit() == 0 {
            return None;
        }
        self.list.iter().find_map(|f| match *f {
            MoveFilter::SecondRoyal(k, _) => Some(k),
            _ => None,
        })
    }

    /// The second royal kind and whether it is strict (`SecondRoyal`), if any.
    pub fn second_royal_rule(&self) -> Option<(usize, bool)> {
        self.list.iter().find_map(|f| match *f {
            MoveFilter::SecondRoyal(k, strict) => Some((k, strict)),
            _ => None,
        })
    }

    /// The two kinds kept in different quadrants (`QuadrantsApart`), if any.
    pub fn quadrants_apart(&self) -> Option<[usize; 2]> {
        self.list.iter().find_map(|f| match *f {
            MoveFilter::QuadrantsApart(k) => Some(k),
            _ => None,
        })
    }

    /// The royal kind whose mate wins (`MatedRoyalWins`), if any.
    #[inline(always)]
    pub fn mated_royal_wins(&self) -> Option<usize> {
        if self.bits & MoveFilter::MatedRoyalWins(0).bit() == 0 {
            return None;
        }
        self.list.iter().find_map(|f| match *f {
            MoveFilter::MatedRoyalWins(k) => Some(k),
            _ => None,
        })
    }

    /// The run length of the linkage rule (`Linkage`), if any.
    #[inline(always)]
    pub fn linkage(&self) -> Option<u32> {
        if self.bits & MoveFilter::Linkage(0).bit() == 0 {
            return None;
        }
        self.list.iter().find_map(|f| match *f {
            MoveFilter::Linkage(run) => Some(run),
            _ => None,
        })
    }

    /// The pseudo-royal kinds (`PseudoRoyal`), if any.
    #[inline(always)]
    pub fn pseudo_royals(&self) -> Option<PseudoRoyals> {
        if self.bits & MoveFilter::PseudoRoyal(PseudoRoyals::NONE).bit() == 0 {
            return None;
        }
        self.list.iter().find_map(|f| match *f {
            MoveFilter::PseudoRoyal(p) => Some(p),
            _ => None,
        })
    }

    /// Whether a royal may move into check (`SelfCheck`).
    #[inline(always)]
    pub fn self_check(&self) -> bool {
        self.bits & MoveFilter::SelfCheck(0).bit() != 0
    }

    #[inline(always)]
    pub fn has(&self, f: MoveFilter) -> bool {
        self.bits & f.bit() != 0
    }

    /// The `i`th filter of the list.
    #[inline(always)]
    pub fn at(&self, i: usize) -> Option<MoveFilter> {
        self.list.get(i).copied()
    }

    #[inline(always)]
    pub fn iter(&self) -> impl Iterator<Item = MoveFilter> + '_ {
        self.list.iter().copied()
    }
}
