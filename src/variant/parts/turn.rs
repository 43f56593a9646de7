//! The turn rule: what a player does in one turn. Most games have one move per turn;
//! a compound turn adds a second part to a move, carried in the same move value
//! ([`crate::position::MoveKind::Compound`]): the generator expands a move into its
//! compound forms (`movegen`'s `expand_turns`), and the position makes and unmakes the
//! part. Each arm decides in [`super::plan`] which generators stay exact.

use super::super::rules::{kinds_mask, RulesError};
use super::super::walls::WallingRule;
use super::super::Variant;

/// What one turn is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TurnRule {
    /// One move (a piece move, a drop, castling), then the other side moves.
    OneMove,
    /// A capture of a piece of these kinds (a bit set) puts it back at once, on an
    /// empty square the capturer chooses that none of its pieces of these kinds attacks
    /// after the capture; with no such square the capture is illegal (Tyrant's
    /// monarchs, [`crate::variant::GoalRules::placed_captures`]).
    PlaceCaptured(u32),
    /// A secret bomb per side (itsyourturn's Atomic, rule book §5): each side's first
    /// turn designates one of its units (`d1d1`, White first); later, detonating it is
    /// a whole turn (`<square><square>` on the bomb's square) that removes the unit and
    /// every unit on the squares around it. The bomb follows its unit and is gone when
    /// the unit is captured or blown up. A detonation is legal when it destroys the
    /// enemy king, or the own king, or leaves the own king unattacked; the bomb never
    /// gives check. The bombs are in the position, its key and its FEN.
    SecretBomb,
    /// A move, then a wall on a square the rule allows
    /// ([`crate::variant::walls::WallingRule`]), both one move value
    /// ([`crate::position::Move::with_wall`]; UCI `e2e4,e4d5`). The walls are in the
    /// position, its key and its FEN (`*`); they block every move and nothing lands on
    /// them. With no square for the wall, the move is not legal.
    Walling(WallingRule),
    /// A side in check answers with a royal move or with two consecutive moves of one
    /// other unit, one compound turn (Deadline, [`crate::variant::GoalRules::two_step_evasions`]):
    /// the generator replaces a checked side's list by its royal moves and these turns.
    /// The promotion either step makes is two bits of the move, an index into the
    /// mover's promotion targets, so there are at most four, and promotion is
    /// compulsory (a step onto the zone always promotes).
    TwoStepEvasions,
    /// A side whose pool (its hand) holds a unit places it on an empty square and then
    /// moves another unit, one compound turn (Donnybrook,
    /// [`crate::variant::GoalRules::pool_returns`]): the placement square in the part
    /// field, the regular move's promotion as an index into the mover's targets in
    /// bits 30-31 (at most four, compulsory); the placed kind is the pool's one unit.
    PlaceFromPool,
    /// Before its regular move a side may mirror one unit of these kinds (a bit set) to
    /// the empty square of its rank at the mirrored file, if from there that unit
    /// attacks no opposing royal; then one regular move by any unit (the mirrored one
    /// too), one compound turn judged for royal safety as a whole (Concurrent,
    /// [`crate::variant::GoalRules::mirror`]): the mirrored unit's square in the part
    /// field, the regular move's promotion as an index into the mover's targets in
    /// bits 30-31. A turn without a mirror is a plain move.
    Mirror(u32),
}

impl TurnRule {
    /// The turn rule of `variant`. A placement is written where a promotion or a gated
    /// kind would be, so no capture of a placed kind may promote, gate or be taken en
    /// passant: placed kinds may not be pawn-like, and the variant may not gate.
    pub fn of(variant: &Variant) -> Result<TurnRule, RulesError> {
        let placed = &variant.goal.placed_captures;
        let err = |why: &str| Err(RulesError(format!("variant {}: {why}", variant.name)));
        if let Some(w) = &variant.walling {
            if variant.secret_bomb || !placed.is_empty() {
                return err("walls cannot be combined with a secret bomb or placed captures");
            }
            if variant.hands.is_some() {
                return err("walls need a game without hands");
            }
            // Attack tests do not see walls, so no piece may be royal.
            if variant.pieces.iter().any(|p| p.royal) {
                return err("walls need a game without royal pieces (checks do not see walls)");
            }
            let promotes =
                variant.promotion.is_some() || variant.pieces.iter().any(|p| p.promotion.is_some());
            if promotes && variant.files * variant.ranks > 64 {
                return err("walls with promotions need a board of at most 64 squares");
            }
            return Ok(TurnRule::Walling(w.rule));
        }
        if variant.secret_bomb {
            if !placed.is_empty() {
                return err("a secret bomb and placed captures cannot be combined");
            }
            if variant.hands.is_some() {
                return err("a secret bomb needs a game without hands");
            }
            return Ok(TurnRule::SecretBomb);
        }
        if variant.goal.two_step_evasions {
            if !placed.is_empty()
                || !variant.goal.pool_returns.is_empty()
                || !variant.goal.mirror.is_empty()
            {
                return err("two-step evasions cannot be combined with another compound turn");
            }
            if variant.hands.is_some() {
                return err("two-step evasions need a game without hands");
            }
            if !promotion_fits_compound(variant) {
                return err("two-step evasions allow at most four promotion targets, compulsory and unlimited");
            }
            if !variant.pieces.iter().any(|k| k.royal) {
                return err("two-step evasions need a royal kind");
            }
            if variant.pieces.iter().any(|k| k.promotion.is_some()) {
                return err("two-step evasions cannot be combined with a kind's own promotion");
            }
            return Ok(TurnRule::TwoStepEvasions);
        }
        if !variant.goal.pool_returns.is_empty() {
            if !placed.is_empty()
                || variant.goal.two_step_evasions
                || !variant.goal.mirror.is_empty()
            {
                return err("a pool cannot be combined with another compound turn");
            }
            if variant.hands.as_ref().is_some_and(|h| h.drops || h.gating) {
                return err("a pool needs a game without drops or gating");
            }
            if variant.castling.is_some() {
                return err("a pool needs a game without castling");
            }
            if !promotion_fits_compound(variant) {
                return err(
                    "a pool allows at most four promotion targets, compulsory and unlimited",
                );
            }
            if variant
                .pieces
                .iter()
                .any(|k| k.promotion.is_some() || k.royal)
            {
                return err(
                    "a pool cannot be combined with a kind's own promotion or a royal kind",
                );
            }
            return Ok(TurnRule::PlaceFromPool);
        }
        if !variant.goal.mirror.is_empty() {
            if !placed.is_empty() {
                return err("a mirror cannot be combined with another compound turn");
            }
            if variant.hands.is_some() {
                return err("a mirror needs a game without hands");
            }
            if variant.castling.is_some() {
                return err("a mirror needs a game without castling");
            }
            if variant.pieces.iter().any(|k| k.en_passant) {
                return err("a mirror needs a game without en passant");
            }
            if !promotion_fits_compound(variant)
                || variant.pieces.iter().any(|k| k.promotion.is_some())
            {
                return err(
                    "a mirror allows at most four promotion targets, compulsory and unlimited, \
                     and no kind's own promotion",
                );
            }
            return Ok(TurnRule::Mirror(kinds_mask(variant, &variant.goal.mirror)?));
        }
        if placed.is_empty() {
            return Ok(TurnRule::OneMove);
        }
        let kinds = kinds_mask(variant, placed)?;
        if variant
            .pieces
            .iter()
            .enumerate()
            .any(|(k, p)| kinds >> k & 1 != 0 && (p.promotes || p.en_passant))
        {
            return err("a placed capture cannot be of a pawn-like kind");
        }
        if variant.hands.as_ref().is_some_and(|h| h.gating) {
            return err("placed captures and gating cannot be combined");
        }
        let promoting_capturer = variant.pieces.iter().any(|p| {
            (p.promotes || p.promotion.is_some())
                && (variant.goal.capturers.is_empty()
                    || variant
                        .goal
                        .capturers
                        .iter()
                        .any(|&c| c.eq_ignore_ascii_case(&p.letter)))
        });
        if promoting_capturer {
            return err("with placed captures, promoting kinds may not capture");
        }
        Ok(TurnRule::PlaceCaptured(kinds))
    }

    /// The kinds a capture puts back (none where turns are one move).
    #[inline(always)]
    pub fn placed(self) -> u32 {
        match self {
            TurnRule::OneMove
            | TurnRule::SecretBomb
            | TurnRule::Walling(_)
            | TurnRule::TwoStepEvasions
            | TurnRule::PlaceFromPool
            | TurnRule::Mirror(_) => 0,
            TurnRule::PlaceCaptured(kinds) => kinds,
        }
    }
}

/// Whether the promotion rules fit a compound move's promotion field (Deadline's and
/// Donnybrook's turns: two bits for the target): at most four targets, compulsory and
/// without limits.
fn promotion_fits_compound(variant: &Variant) -> bool {
    variant.promotion.as_ref().is_none_or(|p| {
        let targets = p
            .black_targets
            .as_ref()
            .map_or(0, Vec::len)
            .max(p.targets.len());
        targets <= 4 && p.optional_ranks.is_empty() && p.limits.is_empty()
    })
}
