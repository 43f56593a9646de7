//! The rule facts the search depends on, read from the compiled [`Rules`] in this one
//! place (so that a change in how the rules are represented touches only this file).
//! Nothing here looks at a variant's name: every fact is derived from rule data.

use crate::board::Bitboard;
use crate::variant::parts::filters::MoveFilter;
use crate::variant::rules::Rules;
use crate::variant::{Color, DrawRules, StalemateResult};

pub struct RuleFacts {
    /// The draw rules the search recognises inside the tree.
    pub draws: DrawRules,
    /// Kinds other than royal and promoting (pawn-like) ones, as a bit set: a side with
    /// none of them is zugzwang-prone and gets no null move.
    pub null_ok_kinds: u32,
    /// The pawns, as the evaluation groups them: the promoting kinds that are not
    /// royal, as a bit set. The pawn correction table's key; none (0): no pawn table.
    pub pawn_kinds: u32,
    /// Every other kind, the royal ones included: the non-pawn correction tables' keys.
    pub non_pawn_kinds: u32,
    /// Having no legal move is not a draw (antichess wins, Xiangqi loses): quiescence
    /// must notice it.
    pub stalemate_decides: bool,
    /// Which captures that lose material by static exchange quiescence still searches
    /// when they give check.
    pub losing_checks: LosingChecks,
    /// A side that can capture must (the antichess family): such nodes are searched
    /// without the pruning that assumes a free choice of moves.
    pub captures_compulsory: bool,
    /// Checks drive the game (a check-count end rule, or drops from the hand, where a
    /// check is often the start of a mating attack): quiescence's first ply searches
    /// the quiet checks that do not lose material as well as the captures.
    pub quiet_checks_in_quiescence: bool,
    /// Every drawn ending is a win for this side (Spartan-goal): the draws the search
    /// recognises score as that side's win.
    pub draws_win_for: Option<Color>,
    /// The move rule and repetition are decided by counting points (Janggi's
    /// `materialCounting`): the draws the search recognises score as a win for the side
    /// `Position::points_result` names.
    pub draws_counted: bool,
    /// Check is more than an attack on the royal piece: a second royal kind attacked
    /// (Separation's queen) or an enemy unit on the side's intrusion squares
    /// (Xenophobic). The search then asks `Position::in_extra_check` too, so that such a
    /// check is extended, answered in quiescence by every legal move (none: mate) and
    /// never met by a null move. Linkage's threat (a copy of the position per test) and
    /// a royal whose mate wins (Counselor) are left to the move generator.
    pub extra_check: bool,
}

impl RuleFacts {
    pub fn new<B: Bitboard>(rules: &Rules<B>) -> RuleFacts {
        let draws = rules.variant.draws.clone();
        let null_ok_kinds = rules
            .kinds
            .iter()
            .enumerate()
            .filter(|(_, k)| !k.royal && !k.promotes)
            .fold(0u32, |m, (i, _)| m | 1 << i);
        let pawn_kinds = rules
            .kinds
            .iter()
            .enumerate()
            .filter(|(_, k)| k.promotes && !k.royal)
            .fold(0u32, |m, (i, _)| m | 1 << i);
        let all_kinds = (0..rules.kinds.len()).fold(0u32, |m, i| m | 1 << i);
        RuleFacts {
            pawn_kinds,
            non_pawn_kinds: all_kinds & !pawn_kinds,
            stalemate_decides: draws.stalemate != StalemateResult::Draw,
            losing_checks: LosingChecks::from_rules(rules),
            captures_compulsory: rules.filters.has(MoveFilter::CompulsoryCapture),
            quiet_checks_in_quiescence: rules.end.check_limit().is_some()
                || rules.hands.as_ref().is_some_and(|h| h.drops),
            draws_win_for: rules.variant.goal.draws_win_for,
            draws_counted: rules.variant.palace.points.is_some(),
            extra_check: (rules.filters.second_royal().is_some()
                || rules.filters.pseudo_royals().is_some()
                || rules.filters.has(MoveFilter::IntrudersMustGo))
                && rules.filters.linkage().is_none()
                && rules.filters.mated_royal_wins().is_none(),
            draws,
            null_ok_kinds,
        }
    }
}

/// Quiescence skips a capture that loses material by static exchange, unless it gives
/// check and the rules make such a check worth more than the material.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LosingChecks {
    /// Material decides (chess): every losing capture is skipped.
    Skipped,
    /// Every losing capture that gives check is searched: each check counts toward the
    /// win (n-check).
    All,
    /// A losing capture that gives check is searched when it loses no more than this:
    /// where pieces are dropped from the hand, the captured piece goes there and drops
    /// follow the check into the opened king (a sacrifice on the king's cover is the
    /// usual attack in crazyhouse). Fairy-Stockfish's bound in drop games, 500.
    UpTo(i32),
}

/// Fairy-Stockfish counts a checking capture as good down to this loss in drop games.
const DROP_GAME_CHECK_LOSS: i32 = 500;

impl LosingChecks {
    fn from_rules<B: Bitboard>(rules: &Rules<B>) -> LosingChecks {
        if rules.end.check_limit().is_some() {
            LosingChecks::All
        } else if rules.hands.as_ref().is_some_and(|h| h.drops) {
            LosingChecks::UpTo(DROP_GAME_CHECK_LOSS)
        } else {
            LosingChecks::Skipped
        }
    }
}
