//! The generator plan: which move generator gives exactly the legal moves of a variant
//! (and, beside it, whether static exchanges hold), derived once from the rule parts when the rules
//! are compiled. `movegen` only reads the plan (plus, per position, whether the side to
//! move has its royal piece on the board).
//!
//! Each part gives a [`Verdict`] by an exhaustive `match` over its arms (no catch-all),
//! and the verdicts are combined: a generator is used only where every part leaves it
//! exact. A new arm in any part is a compile error here until its verdict is written.
//! Generators, fastest first:
//! - pin-aware (`movegen::gen_pin_aware`): legal moves straight from checkers and pins;
//!   exact when the royal moves by plain leaps and every capture is a plain leap or a
//!   full-line slide that takes only the piece on its square;
//! - pin-aware without checks: the same, dropping the moves that give check;
//! - screen pins (`movegen::screen_pins`): pins through cannon screens, lame-leap legs
//!   and partial lines;
//! - pseudo: with no royal piece on the board, every pseudo-legal move is legal;
//! - filtered: pseudo-legal moves, each made and tested against every rule. Always
//!   exact; the fallback.

use super::super::hands::HandRules;
use super::super::rules::KindRules;
use super::super::screen_pins::ScreenPins;
use super::{
    CaptureRule, MoveFilter, MoveFilters, NoMoveRule, PieceMode, PieceModes, Royalty, TurnRule,
};
use crate::board::Bitboard;

/// The generator for positions where the side to move has its royal piece.
pub enum WithRoyal {
    PinAware,
    /// Pin-aware moves minus those that give check (Racing Kings).
    PinAwareNoChecks,
    /// Pins read off screens and legs, with the pin data (used while the side has
    /// exactly one royal piece; otherwise its moves are filtered).
    Screened(Box<ScreenPins>),
    Filtered,
}

/// The generator for positions where the side to move has no royal piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoRoyal {
    Pseudo,
    Filtered,
}

/// Rules that judge a move against the rest of the legal list, applied to the whole
/// list after any generator: where there is one, a generator's moves are candidates,
/// never counted or searched straight from the generator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ListRule {
    /// Every move the generator gives stands on its own.
    None,
    /// When the list holds a capture, only captures are legal.
    CapturesIfAny,
    /// When the list holds a move toward the opponent, only such moves are legal.
    ForwardIfAny,
    /// When the list holds a move that mates the opponent's royal of the
    /// `MatedRoyalWins` kind, only such moves are legal (Counselor's rule 4).
    RoyalMateIfAny,
}

/// Whether static exchange evaluation (SEE) can judge a capture by the material that
/// changes hands on its square, decided from the rule parts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExchangeRule {
    /// Captures replace the victim, either side may stop recapturing, and any recapture
    /// that does not expose a royal piece is legal: the exchange on one square is a
    /// material sum. Attackers are recomputed from the occupancy after each capture, so
    /// hoppers that lose their hurdle and lame leapers that are freed are followed.
    Material,
    /// Captures enclose (tafl): the capturer stands beside its victims, and what it
    /// risks is being enclosed in turn by the opponent's next move, not a recapture on
    /// one square. The exchange is the material the move takes less the most the
    /// opponent's best answer that takes the moved piece takes back (`search::see`).
    Custodian,
    /// Captures explode (Atomic): the capturer and the pieces around the square go
    /// with the victim, so nothing is left to exchange on it. A capture is worth the
    /// material of its blast, or the game where the blast takes a royal piece or the
    /// last of an extinction kind (`search::see`).
    Blast,
    /// Material does not decide: captures are compulsory (a side may not stop, and
    /// losing material can be the aim), a recapture that gives check is illegal, or
    /// a capture removes pieces no exchange follows (shrapnel). Every capture counts
    /// as even.
    Off,
}

/// How legal moves are found, for the whole game.
pub struct GeneratorPlan {
    pub with_royal: WithRoyal,
    pub without_royal: NoRoyal,
    pub list_rule: ListRule,
    /// A side with no legal move and not in check passes: the pass is added to an
    /// empty list after any generator (so no generator's count is final).
    pub pass_if_none: bool,
    /// A side not in check may always pass (`PalaceRules::pass`): the pass is added
    /// after any generator (so no generator's count is final).
    pub pass_always: bool,
    /// The turn rule expands moves into compound turns after any generator (so no
    /// generator's count is final).
    pub expands: bool,
    /// Out of check, in the filtered generator, a plain move that touches no line
    /// through the royal nor a leg of a leap into it cannot expose it, and is legal
    /// without being made (false where a rule looks further than the royal's
    /// attackers: a move that may not give check, explosions, custodian captures).
    pub exposure_shortcut: bool,
}

/// How the pin-aware generator fares under one part.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum PinAware {
    Unsafe,
    /// Exact once the moves that give check are dropped.
    DropChecks,
    Exact,
}

/// What one part leaves exact. The plan is the meet of every part's verdict.
#[derive(Clone, Copy, Debug)]
struct Verdict {
    pin_aware: PinAware,
    /// The screen-pin generator's moves are legal (where its data traces every
    /// capture).
    screened: bool,
    /// With no royal piece of the side to move on the board, every pseudo-legal move
    /// is legal.
    pseudo: bool,
    list_rule: ListRule,
    pass_if_none: bool,
    expands: bool,
    exposure_shortcut: bool,
}

impl Verdict {
    /// A part that changes nothing a generator assumes.
    const NEUTRAL: Verdict = Verdict {
        pin_aware: PinAware::Exact,
        screened: true,
        pseudo: true,
        list_rule: ListRule::None,
        pass_if_none: false,
        expands: false,
        exposure_shortcut: true,
    };

    fn meet(self, o: Verdict) -> Verdict {
        Verdict {
            pin_aware: self.pin_aware.min(o.pin_aware),
            screened: self.screened && o.screened,
            pseudo: self.pseudo && o.pseudo,
            list_rule: match (self.list_rule, o.list_rule) {
                (ListRule::None, r) | (r, ListRule::None) => r,
                (a, b) if a == b => a,
                // No variant has both; one list rule at a time is what the generator
                // applies.
                (a, _) => a,
            },
            pass_if_none: self.pass_if_none || o.pass_if_none,
            expands: self.expands || o.expands,
            exposure_shortcut: self.exposure_shortcut && o.exposure_shortcut,
        }
    }
}

/// Whether `kind` moves and captures by plain leaps only (a king): the pin-aware and
/// screen-pin generators test its destinations one by one, with it off the board.
fn plain_leaper<B: Bitboard>(kinds: &[KindRules<B>], kind: usize) -> bool {
    kinds[kind].moves.iter().all(|m| {
        !m.quiet_orthogonal
            && !m.quiet_diagonal
            && !m.capture_orthogonal
            && !m.capture_diagonal
            && m.walkers.is_empty()
            && m.line_dirs == 0
            && m.specials.is_empty()
    })
}

fn royalty_verdict<B: Bitboard>(royalty: Royalty, kinds: &[KindRules<B>]) -> Verdict {
    match royalty {
        // Nothing to pin to: the generators built on a royal never run.
        Royalty::None => Verdict {
            pin_aware: PinAware::Unsafe,
            screened: false,
            ..Verdict::NEUTRAL
        },
        Royalty::One(k) | Royalty::Optional(k) if plain_leaper(kinds, k) => Verdict::NEUTRAL,
        // A sliding or hopping royal's own moves need make-and-test.
        Royalty::One(_) | Royalty::Optional(_) => Verdict {
            pin_aware: PinAware::Unsafe,
            screened: false,
            ..Verdict::NEUTRAL
        },
    }
}

fn capture_verdict<B>(capture: &CaptureRule<B>) -> Verdict {
    match capture {
        CaptureRule::Replacement => Verdict::NEUTRAL,
        // A move may not explode its own royal, and one that explodes the enemy's wins
        // whatever it leaves attacked: only make-and-test sees that.
        CaptureRule::Explosion(_) => Verdict {
            pin_aware: PinAware::Unsafe,
            screened: false,
            pseudo: false,
            exposure_shortcut: false,
            ..Verdict::NEUTRAL
        },
        // Enclosing can remove an enemy piece that shielded the mover's royal from
        // an enemy rider, which no pin test sees.
        CaptureRule::Custodian(_) => Verdict {
            pin_aware: PinAware::Unsafe,
            screened: false,
            exposure_shortcut: false,
            ..Verdict::NEUTRAL
        },
        // The generators drop forbidden captures where they emit captures (pieces, the
        // king's own, en passant); safety stays geometric. The screen-pin generator
        // has no such step.
        CaptureRule::Permitted(_) => Verdict {
            screened: false,
            ..Verdict::NEUTRAL
        },
        // Shrapnel can remove the mover's own royal or a piece shielding it, which no
        // pin test sees; without a royal, every pseudo-legal move stays legal.
        CaptureRule::CrossRays => Verdict {
            pin_aware: PinAware::Unsafe,
            screened: false,
            exposure_shortcut: false,
            ..Verdict::NEUTRAL
        },
        // A flip turns pieces that may have shielded the mover's royal into its own,
        // which changes the lines no pin test follows; the flipping games have none.
        CaptureRule::Flip(_) => Verdict {
            pin_aware: PinAware::Unsafe,
            screened: false,
            exposure_shortcut: false,
            ..Verdict::NEUTRAL
        },
    }
}

fn mode_verdict(mode: PieceMode) -> Verdict {
    match mode {
        // The mode is asked before a move is made, in the make-and-test generator only;
        // it never concerns royal safety, so the exposure shortcut (taken after the
        // mode test) stays.
        // The privileged royal's queen moves and attacks are outside the pin tests.
        PieceMode::LoneAttackedSteps(_)
        | PieceMode::Pair { .. }
        | PieceMode::CheckedRoyalLines
        | PieceMode::RoyalFirstMoveQueen(_)
        | PieceMode::GateMoves { .. } => Verdict {
            pin_aware: PinAware::Unsafe,
            screened: false,
            pseudo: false,
            ..Verdict::NEUTRAL
        },
        // The piece's attacks follow its side's material, so a move that touches no
        // line of the mover's royal can still leave it attacked (by capturing what an
        // enemy borrowing piece moved like): every move is tried.
        PieceMode::Borrowed { .. } => Verdict {
            pin_aware: PinAware::Unsafe,
            screened: false,
            pseudo: false,
            exposure_shortcut: false,
            ..Verdict::NEUTRAL
        },
    }
}

fn filter_verdict(filter: MoveFilter) -> Verdict {
    match filter {
        // Judged on the whole list, so the direct generators' lists are not final.
        MoveFilter::CompulsoryCapture => Verdict {
            pin_aware: PinAware::Unsafe,
            screened: false,
            list_rule: ListRule::CapturesIfAny,
            ..Verdict::NEUTRAL
        },
        MoveFilter::ForwardIfAny => Verdict {
            pin_aware: PinAware::Unsafe,
            screened: false,
            pseudo: false,
            list_rule: ListRule::ForwardIfAny,
            ..Verdict::NEUTRAL
        },
        // A rule on the position after the move, and one on the whole list.
        MoveFilter::MatedRoyalWins(_) => Verdict {
            pin_aware: PinAware::Unsafe,
            screened: false,
            pseudo: false,
            exposure_shortcut: false,
            list_rule: ListRule::RoyalMateIfAny,
            ..Verdict::NEUTRAL
        },
        MoveFilter::NoGivingCheck => Verdict {
            pin_aware: PinAware::DropChecks,
            screened: false,
            pseudo: false,
            exposure_shortcut: false,
            ..Verdict::NEUTRAL
        },
        // The screen-pin data counts each royal as a rider along its file.
        MoveFilter::RoyalsMayNotFace => Verdict {
            pin_aware: PinAware::Unsafe,
            ..Verdict::NEUTRAL
        },
        // Rules on the position after the move that no pin test sees.
        MoveFilter::IntrudersMustGo
        | MoveFilter::DefendedDestination
        | MoveFilter::RoyalsMayNotSee
        | MoveFilter::CheckBudget(_)
        | MoveFilter::SupportedChecks
        | MoveFilter::CheckLevels(_)
        | MoveFilter::SelfCheck(_)
        | MoveFilter::GiftPromotion(_)
        | MoveFilter::SecondRoyal(..)
        | MoveFilter::QuadrantsApart(_)
        | MoveFilter::CheckedRoyalStays
        | MoveFilter::Bikjang
        | MoveFilter::PseudoRoyal(_)
        | MoveFilter::NoDropChecks
        | MoveFilter::Linkage(_) => Verdict {
            pin_aware: PinAware::Unsafe,
            screened: false,
            pseudo: false,
            exposure_shortcut: false,
            ..Verdict::NEUTRAL
        },
    }
}

fn turn_verdict(turn: TurnRule) -> Verdict {
    match turn {
        TurnRule::OneMove => Verdict::NEUTRAL,
        // Captures are expanded into their placements after the generator; a placed
        // piece can block or open a line to a royal, which no pin test sees.
        TurnRule::PlaceCaptured(_) => Verdict {
            pin_aware: PinAware::Unsafe,
            screened: false,
            expands: true,
            exposure_shortcut: false,
            ..Verdict::NEUTRAL
        },
        // The designations replace the list on a side's first turn, and a detonation
        // joins it after the generator (judged by making it), so no direct count is
        // final; the plain moves are filtered as usual.
        TurnRule::SecretBomb => Verdict {
            pin_aware: PinAware::Unsafe,
            screened: false,
            expands: true,
            ..Verdict::NEUTRAL
        },
        // Every move is expanded into its walled forms after the generator; a wall
        // blocks lines that no pin test sees (walling games have no royal piece).
        TurnRule::Walling(_) => Verdict {
            pin_aware: PinAware::Unsafe,
            screened: false,
            expands: true,
            exposure_shortcut: false,
            ..Verdict::NEUTRAL
        },
        // In check, the list is replaced after the generator (royal moves and two-step
        // turns, each made to be judged), so no direct count is final; the direct
        // generators would count the single evasions the rule forbids.
        TurnRule::TwoStepEvasions => Verdict {
            pin_aware: PinAware::Unsafe,
            screened: false,
            expands: true,
            ..Verdict::NEUTRAL
        },
        // With a unit in the pool the list is replaced by placements and the moves
        // after each (no royal: the game has no check), so no direct count is final.
        TurnRule::PlaceFromPool => Verdict {
            pin_aware: PinAware::Unsafe,
            screened: false,
            expands: true,
            ..Verdict::NEUTRAL
        },
        // Mirror turns join the list after the generator (each mirror followed by the
        // legal moves of the mirrored position), so no direct count is final; the
        // plain moves are the generator's own.
        TurnRule::Mirror(_) => Verdict {
            expands: true,
            ..Verdict::NEUTRAL
        },
    }
}

fn no_move_verdict(no_move: NoMoveRule) -> Verdict {
    match no_move {
        // Decided by `Position::outcome` on an empty list: no generator is concerned.
        NoMoveRule::Stalemate
        | NoMoveRule::ForbiddenCaptureLoses
        | NoMoveRule::IllegalChecksLose
        | NoMoveRule::QuadrantRuleLoses => Verdict::NEUTRAL,
        // The pass joins an empty list after the generator, so the direct generators'
        // counts are not final; the pin-aware one counts without a list.
        NoMoveRule::Pass => Verdict {
            pin_aware: PinAware::Unsafe,
            screened: false,
            pass_if_none: true,
            ..Verdict::NEUTRAL
        },
    }
}

fn hands_verdict<B>(hands: Option<&HandRules<B>>) -> Verdict {
    match hands {
        None => Verdict::NEUTRAL,
        // Drops come from the hand with the pin-aware masks; the screen-pin generator
        // has no drops.
        Some(_) => Verdict {
            screened: false,
            ..Verdict::NEUTRAL
        },
    }
}

impl GeneratorPlan {
    /// The plan from the parts and the compiled kinds (`complex_capturers`: kinds whose
    /// captures are not plain leaps or full-line slides).
    #[allow(clippy::too_many_arguments)]
    pub fn derive<B: Bitboard>(
        royalty: Royalty,
        capture: &CaptureRule<B>,
        filters: &MoveFilters,
        turn: TurnRule,
        hands: Option<&HandRules<B>>,
        modes: &PieceModes,
        no_move: NoMoveRule,
        kinds: &[KindRules<B>],
        complex_capturers: &[usize],
        pass_always: bool,
    ) -> GeneratorPlan {
        // The pieces' own captures: the pin-aware generator traces plain leaps and
        // full-line slides only; palace-line moves and shy hoppers only the
        // make-and-test generator follows, every move made.
        let palace = kinds.iter().any(|k| {
            k.moves
                .iter()
                .any(|m| m.walkers.iter().any(|w| w.lines || w.shy))
        });
        let pieces = Verdict {
            pin_aware: if complex_capturers.is_empty() && !palace {
                PinAware::Exact
            } else {
                PinAware::Unsafe
            },
            screened: !palace,
            exposure_shortcut: !palace,
            ..Verdict::NEUTRAL
        };
        // The pass joins the list after the generator, so no direct count is final.
        let passing = if pass_always {
            Verdict {
                pin_aware: PinAware::Unsafe,
                screened: false,
                ..Verdict::NEUTRAL
            }
        } else {
            Verdict::NEUTRAL
        };
        let v = filters
            .iter()
            .map(filter_verdict)
            .chain(modes.iter().map(mode_verdict))
            .fold(
                royalty_verdict(royalty, kinds)
                    .meet(capture_verdict(capture))
                    .meet(turn_verdict(turn))
                    .meet(hands_verdict(hands))
                    .meet(no_move_verdict(no_move))
                    .meet(passing)
                    .meet(pieces),
                Verdict::meet,
            );
        let screen_pins = || {
            let royal = royalty.kind()?;
            let faces = filters.has(MoveFilter::RoyalsMayNotFace);
            ScreenPins::build(kinds, royal, faces)
        };
        let with_royal = match v.pin_aware {
            PinAware::Exact => WithRoyal::PinAware,
            PinAware::DropChecks => WithRoyal::PinAwareNoChecks,
            PinAware::Unsafe => match v.screened.then(screen_pins).flatten() {
                Some(sp) => WithRoyal::Screened(Box::new(sp)),
                None => WithRoyal::Filtered,
            },
        };
        GeneratorPlan {
            with_royal,
            without_royal: if v.pseudo {
                NoRoyal::Pseudo
            } else {
                NoRoyal::Filtered
            },
            list_rule: v.list_rule,
            pass_if_none: v.pass_if_none,
            pass_always,
            expands: v.expands,
            exposure_shortcut: v.exposure_shortcut,
        }
    }

    /// Whether the generator's moves are the final legal list (no rule judges a move
    /// against the others).
    #[inline(always)]
    pub fn lists_final(&self) -> bool {
        match self.list_rule {
            ListRule::None => !self.pass_if_none && !self.pass_always && !self.expands,
            ListRule::CapturesIfAny | ListRule::ForwardIfAny | ListRule::RoyalMateIfAny => false,
        }
    }
}

impl ExchangeRule {
    /// Static exchanges assume replacement captures that either side may decline and
    /// recaptures limited only by royal safety. `search::see`'s test of that
    /// assumption over every built-in variant fails for a rule that breaks it until its
    /// arm here says `Off`.
    pub fn derive<B>(
        capture: &CaptureRule<B>,
        filters: &MoveFilters,
        turn: TurnRule,
        modes: &PieceModes,
        line_count: bool,
    ) -> Self {
        let by_capture = match capture {
            CaptureRule::Replacement => ExchangeRule::Material,
            CaptureRule::Custodian(_) => ExchangeRule::Custodian,
            // A recapture may be forbidden.
            CaptureRule::Permitted(_) => ExchangeRule::Off,
            // The blast is the whole exchange.
            CaptureRule::Explosion(_) => ExchangeRule::Blast,
            // More pieces go than the victim, along lines no exchange follows.
            CaptureRule::CrossRays => ExchangeRule::Off,
            // Pieces change sides around the square: no exchange of material.
            CaptureRule::Flip(_) => ExchangeRule::Off,
        };
        let filters_ok = filters.iter().all(|f| match f {
            // A side may not stop capturing.
            MoveFilter::CompulsoryCapture => false,
            // A recapture that gives check is illegal.
            MoveFilter::NoGivingCheck => false,
            MoveFilter::RoyalsMayNotFace => true,
            // Exchanges are captures on the board, never drops.
            MoveFilter::NoDropChecks => true,
            // A recapture may be forced elsewhere, or be illegal.
            MoveFilter::IntrudersMustGo
            | MoveFilter::DefendedDestination
            | MoveFilter::RoyalsMayNotSee
            | MoveFilter::ForwardIfAny
            | MoveFilter::CheckBudget(_)
            | MoveFilter::SupportedChecks
            | MoveFilter::CheckLevels(_)
            | MoveFilter::SelfCheck(_)
            | MoveFilter::GiftPromotion(_)
            | MoveFilter::SecondRoyal(..)
            | MoveFilter::QuadrantsApart(_)
            | MoveFilter::CheckedRoyalStays
            | MoveFilter::Linkage(_)
            | MoveFilter::Bikjang
            | MoveFilter::PseudoRoyal(_)
            | MoveFilter::MatedRoyalWins(_) => false,
        });
        let turn_ok = match turn {
            TurnRule::OneMove => true,
            // The victim comes back onto the board.
            TurnRule::PlaceCaptured(_) => false,
            // A hidden bomb may blow up the square at any turn.
            TurnRule::SecretBomb => false,
            // A wall may block a recapture.
            TurnRule::Walling(_) => false,
            // In check a recapture may not be a single move: the exchange differs.
            TurnRule::TwoStepEvasions => false,
            // A captured piece comes back to its owner's pool.
            TurnRule::PlaceFromPool => false,
            // A mirror may open or block a recapture's line.
            TurnRule::Mirror(_) => false,
        };
        // A piece's captures depend on the position, not on its kind alone.
        let modes_ok = modes.iter().all(|m| match m {
            PieceMode::LoneAttackedSteps(_)
            | PieceMode::Pair { .. }
            | PieceMode::CheckedRoyalLines
            | PieceMode::Borrowed { .. }
            | PieceMode::RoyalFirstMoveQueen(_) => false,
            // Cambodia's gate moves are quiet: captures are the kinds' own.
            PieceMode::GateMoves { .. } => true,
        });
        // Line-count captures are not among the attacks an exchange is read from.
        if filters_ok && turn_ok && modes_ok && !line_count {
            by_capture
        } else {
            ExchangeRule::Off
        }
    }
}
