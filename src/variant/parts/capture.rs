//! The capture rule: what a capture removes besides (or instead of) the piece on the
//! square moved to. The position applies it after each move (`make_move`), the
//! generators read the custodian rule's stops and blockers, and [`super::plan`] decides
//! per arm which generators stay exact.

use super::super::custodian::CustodianRules;
use super::super::rules::{kinds_mask, RulesError, MAX_KINDS};
use super::super::{Capture, Flip, Variant};
use crate::board::{Bitboard, Geometry};

/// How a move captures. `repr(u8)`: an explicit tag, so the hot paths' tests of the
/// variant (`capturable`, `victims`) stay one byte compare each, whatever the fields.
#[repr(u8)]
pub enum CaptureRule<B> {
    /// The mover takes the piece on the square it moves to (chess).
    Replacement,
    /// As replacement, and the capture explodes: the capturer and the pieces around
    /// the square go too, but immune kinds next to it (Atomic; see
    /// [`crate::variant::Explosion`]).
    Explosion(BlastRules<B>),
    /// Captures by enclosing (tafl), with its restricted and hostile squares; nothing
    /// is taken on the square moved to.
    Custodian(CustodianRules<B>),
    /// As replacement, but only some (capturer, victim) pairs may capture at all
    /// (Society: a pawn on either side). Attacks stay geometric: a piece that may not
    /// take the enemy royal still checks it.
    Permitted(CapturePermissions),
    /// As replacement, and a capture along a line throws shrapnel: a diagonal capture
    /// removes the first unit (of either side) on each of the four orthogonal rays from
    /// the square moved to, an orthogonal one the first on each diagonal ray; a leap
    /// removes nothing more (Shrapnel, [`crate::variant::GoalRules::cross_ray_captures`]).
    CrossRays,
    /// As replacement, and after a move or a drop enemy pieces near the square reached
    /// change colour (Reversi, Ataxx: see [`crate::variant::Flip`]).
    Flip(FlipRules<B>),
}

/// Compiled flipping rule (see [`crate::variant::Flip`]).
pub struct FlipRules<B> {
    pub rule: Flip,
    /// Per square, the eight squares around it.
    pub around: Vec<B>,
}

/// Which kinds each kind may capture.
pub struct CapturePermissions {
    /// Per capturing kind, the bit set of kinds it may take.
    pub victims: [u32; MAX_KINDS],
}

/// Compiled explosion rule (see [`crate::variant::Explosion`]).
pub struct BlastRules<B> {
    /// Per square, the squares around it that a capture there explodes.
    pub around: Vec<B>,
    /// Bit set of kinds that survive an explosion next to them (the blast-proof
    /// kinds included).
    pub immune: u32,
    /// Bit set of kinds that survive any explosion, their own capture's too.
    pub blast_proof: u32,
    /// Who may take whom, where some kinds may not take each other (Atomar's kings);
    /// `None` where every capture is allowed.
    pub permissions: Option<CapturePermissions>,
    /// Where captured pieces go to hand: every piece the blast removes, the capturer
    /// included, joins the hand of its owner's opponent (a promoted one as the kind it
    /// came from), as Fairy-Stockfish does with `blastOnCapture` and `capturesToHand`
    /// (Atomic Zh); the victim goes to the capturer's hand as in any capture.
    pub to_hand: bool,
}

impl<B: Bitboard> CaptureRule<B> {
    /// The capture rule of `variant` on `geo`; explosions and custodian captures
    /// together are an error.
    pub fn compile(variant: &Variant, geo: Geometry, board: B) -> Result<Self, RulesError> {
        let mut rule = Self::compile_arm(variant, geo, board)?;
        if variant.mutually_immune.is_empty() {
            return Ok(rule);
        }
        let mutual = kinds_mask(variant, &variant.mutually_immune)?;
        let all = (1u32 << variant.pieces.len()) - 1;
        // Every capture but those between two mutually immune kinds.
        let mut allowed = CapturePermissions {
            victims: [all; MAX_KINDS],
        };
        for (k, v) in allowed.victims.iter_mut().enumerate() {
            if mutual >> k & 1 != 0 {
                *v &= !mutual;
            }
        }
        match &mut rule {
            CaptureRule::Replacement => rule = CaptureRule::Permitted(allowed),
            CaptureRule::Permitted(p) => {
                for (v, a) in p.victims.iter_mut().zip(allowed.victims) {
                    *v &= a;
                }
            }
            CaptureRule::Explosion(b) => b.permissions = Some(allowed),
            CaptureRule::Custodian(_) | CaptureRule::CrossRays | CaptureRule::Flip(_) => {
                return Err(RulesError(format!(
                    "variant {}: mutuallyImmuneTypes needs replacement or exploding captures",
                    variant.name
                )))
            }
        }
        Ok(rule)
    }

    /// The capture rule before mutual immunity.
    fn compile_arm(variant: &Variant, geo: Geometry, board: B) -> Result<Self, RulesError> {
        let needs = &variant.goal.capture_needs;
        let untouchable = &variant.goal.uncapturable;
        let capturers = &variant.goal.capturers;
        if !needs.is_empty() || !untouchable.is_empty() || !capturers.is_empty() {
            if !matches!(
                (&variant.capture, &variant.explosion),
                (Capture::Replacement, None)
            ) {
                return Err(RulesError(format!(
                    "variant {}: capture permissions need plain replacement captures",
                    variant.name
                )));
            }
            let all = (1u32 << variant.pieces.len()) - 1;
            let involved = if needs.is_empty() {
                all
            } else {
                kinds_mask(variant, needs)?
            };
            let spared = kinds_mask(variant, untouchable)?;
            let takers = if capturers.is_empty() {
                all
            } else {
                kinds_mask(variant, capturers)?
            };
            let mut victims = [0; MAX_KINDS];
            for (k, v) in victims.iter_mut().enumerate().take(variant.pieces.len()) {
                *v = if takers >> k & 1 == 0 {
                    0
                } else if involved >> k & 1 != 0 {
                    all
                } else {
                    involved
                } & !spared;
            }
            return Ok(CaptureRule::Permitted(CapturePermissions { victims }));
        }
        if variant.goal.cross_ray_captures {
            return match (&variant.capture, &variant.explosion) {
                (Capture::Replacement, None) => Ok(CaptureRule::CrossRays),
                _ => Err(RulesError(format!(
                    "variant {}: cross-ray captures need plain replacement captures",
                    variant.name
                ))),
            };
        }
        match (&variant.capture, &variant.explosion) {
            (Capture::Replacement, None) => Ok(CaptureRule::Replacement),
            (Capture::Flip(rule), None) => Ok(CaptureRule::Flip(FlipRules {
                rule: *rule,
                around: neighbours(geo, board),
            })),
            (Capture::Flip(_), Some(_)) => Err(RulesError(format!(
                "variant {}: flipping captures cannot also explode",
                variant.name
            ))),
            (Capture::Replacement, Some(e)) => {
                let around = neighbours(geo, B::first_n(geo.squares()));
                let blast_proof = kinds_mask(variant, &e.blast_proof)?;
                Ok(CaptureRule::Explosion(BlastRules {
                    around,
                    immune: kinds_mask(variant, &e.immune)? | blast_proof,
                    blast_proof,
                    permissions: None,
                    to_hand: variant.hands.as_ref().is_some_and(|h| h.captures_to_hand),
                }))
            }
            (Capture::Custodian(c), None) => Ok(CaptureRule::Custodian(CustodianRules::new(
                variant, c, geo, board,
            )?)),
            (Capture::Custodian(_), Some(_)) => Err(RulesError(format!(
                "variant {}: custodian captures cannot also explode",
                variant.name
            ))),
        }
    }

    /// The flipping rule, where moves turn enemy pieces.
    #[inline(always)]
    pub fn flip(&self) -> Option<&FlipRules<B>> {
        match self {
            CaptureRule::Flip(f) => Some(f),
            CaptureRule::Replacement
            | CaptureRule::Explosion(_)
            | CaptureRule::Custodian(_)
            | CaptureRule::Permitted(_)
            | CaptureRule::CrossRays => None,
        }
    }

    /// The explosion data, where captures explode.
    #[inline(always)]
    pub fn blast(&self) -> Option<&BlastRules<B>> {
        match self {
            CaptureRule::Explosion(b) => Some(b),
            CaptureRule::Replacement
            | CaptureRule::Custodian(_)
            | CaptureRule::Permitted(_)
            | CaptureRule::CrossRays
            | CaptureRule::Flip(_) => None,
        }
    }

    /// Whether a blast sends what it removes to hand
    /// ([`BlastRules::to_hand`]): the one place that question is answered, for
    /// make/unmake, the FEN reader and writer.
    #[inline]
    pub fn blasts_to_hand(&self) -> bool {
        self.blast().is_some_and(|b| b.to_hand)
    }

    /// The custodian data, where pieces capture by enclosing.
    #[inline(always)]
    pub fn custodian(&self) -> Option<&CustodianRules<B>> {
        match self {
            CaptureRule::Custodian(c) => Some(c),
            CaptureRule::Replacement
            | CaptureRule::Explosion(_)
            | CaptureRule::Permitted(_)
            | CaptureRule::CrossRays
            | CaptureRule::Flip(_) => None,
        }
    }

    /// Whether every capture takes a piece on the square moved to (or en passant), so
    /// that captures are the moves onto enemy pieces; custodian captures take pieces
    /// beside it instead, and only the position can tell whether a move captures
    /// (`Position::is_capture`).
    #[inline(always)]
    pub fn takes_on_destination(&self) -> bool {
        match self {
            CaptureRule::Replacement
            | CaptureRule::Explosion(_)
            | CaptureRule::Permitted(_)
            | CaptureRule::CrossRays
            | CaptureRule::Flip(_) => true,
            CaptureRule::Custodian(_) => false,
        }
    }

    /// The kinds a piece of kind `kind` may capture, as a bit set (all where every
    /// capture is allowed).
    #[inline(always)]
    pub fn victims(&self, kind: usize) -> u32 {
        match self {
            CaptureRule::Permitted(p) => p.victims[kind],
            CaptureRule::Explosion(b) => {
                b.permissions.as_ref().map_or(u32::MAX, |p| p.victims[kind])
            }
            CaptureRule::Replacement
            | CaptureRule::Custodian(_)
            | CaptureRule::CrossRays
            | CaptureRule::Flip(_) => u32::MAX,
        }
    }

    /// Whether some kinds may not capture some others, so that the generators filter
    /// captures per kind ([`CaptureRule::Permitted`], or explosions with mutual
    /// immunity).
    #[inline(always)]
    pub fn restricts_victims(&self) -> bool {
        match self {
            CaptureRule::Permitted(_) => true,
            CaptureRule::Explosion(b) => b.permissions.is_some(),
            CaptureRule::Replacement
            | CaptureRule::Custodian(_)
            | CaptureRule::CrossRays
            | CaptureRule::Flip(_) => false,
        }
    }

    /// Whether the generators limit each kind's moves by its own data: tafl's squares a
    /// kind may not stop on or pass over, or the enemy pieces it may take. No kind of
    /// such a rule takes the generator's short loop for plain movers.
    pub fn limits_kinds(&self) -> bool {
        match self {
            CaptureRule::Custodian(_) => true,
            CaptureRule::Permitted(_) | CaptureRule::Explosion(_) => self.restricts_victims(),
            CaptureRule::Replacement | CaptureRule::CrossRays | CaptureRule::Flip(_) => false,
        }
    }
}

/// Per square of `board`, the squares of `board` among the eight around it.
pub fn neighbours<B: Bitboard>(geo: Geometry, board: B) -> Vec<B> {
    (0..geo.squares())
        .map(|sq| {
            let mut b = B::EMPTY;
            for dx in -1..=1 {
                for dy in -1..=1 {
                    if let Some(t) = geo.offset(sq, dx, dy).filter(|&t| t != sq) {
                        b |= B::from_square(t);
                    }
                }
            }
            b & board
        })
        .collect()
}
