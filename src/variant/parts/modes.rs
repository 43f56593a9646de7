//! Piece modes: pieces whose movement depends on the position (the rule book's
//! `gen.dynamic-piece`). The kind's Betza moves are the union of everything it can ever
//! do; a mode keeps, before the move is made, the part the position allows. The
//! generators that trust the geometry alone (pin-aware, screen pins, pseudo-legal) do
//! not know modes, so [`super::plan`] sends a variant with modes to the make-and-test
//! generator, which asks `movegen`'s `modes_allow` about every move.

use super::super::goal::Reach;
use super::super::ini::pieces::kinds_of_type;
use super::super::rules::{kinds_mask, RulesError};
use super::super::Variant;

/// One position-dependent movement rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PieceMode {
    /// A side's only piece of these kinds (a bit set), while an enemy piece attacks it
    /// (its capture pattern, pins ignored), moves one square only (Clerical).
    LoneAttackedSteps(u32),
    /// Two kinds of one side: next to each other (the eight squares around), each moves
    /// by `together`; apart, by `apart`; one alone on the board, by `alone`
    /// (Dynastic's monarchs).
    Pair {
        kinds: [usize; 2],
        together: Reach,
        apart: Reach,
        alone: Reach,
    },
    /// A royal piece in check may not move along the lines it is checked on (Regent;
    /// see `GoalRules::checked_royal_lines`).
    CheckedRoyalLines,
    /// `kind` moves and attacks like the first kind of `donors` (kind indices in
    /// order, `NO_DONOR` after the last) its side has on the board, and not at all
    /// without one; a move along a line may not pass an attacked square (Dowager).
    Borrowed { kind: usize, donors: [u8; 8] },
    /// The royal kind's first move may be a queen's move, and while it may the royal
    /// attacks along its queen lines (Cheshire Cat; `GoalRules::royal_first_move_queen`).
    /// The moves come from the generator's privilege step, so the mode filters nothing.
    RoyalFirstMoveQueen(usize),
    /// Cambodia's first moves (`Variant::cambodian_moves`): from a gate square of its
    /// side (`Position::gates`), the `royal` kind leaps two files sideways and one rank
    /// forward when not in check, and the `jumpers` (a bit set: the `fers`-type kinds)
    /// jump two squares straight forward; both only to an empty square. An enemy
    /// `rooks` piece (a bit set: the `rook`-type kinds) moving onto the royal's rank or
    /// file takes the royal's gate away (the "rook's aim" of pychess's rules). The moves
    /// come from the generator's gate step, so the mode filters nothing.
    GateMoves {
        royal: usize,
        jumpers: u32,
        rooks: u32,
    },
}

/// The end of [`PieceMode::Borrowed`]'s donor list.
pub const NO_DONOR: u8 = u8::MAX;

/// A variant's piece modes (empty in chess).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PieceModes {
    list: Vec<PieceMode>,
}

impl PieceModes {
    /// The modes of `variant`'s goal rules.
    pub fn of(variant: &Variant) -> Result<PieceModes, RulesError> {
        let goal = &variant.goal;
        let mut list = Vec::new();
        if !goal.lone_attacked_steps.is_empty() {
            list.push(PieceMode::LoneAttackedSteps(kinds_mask(
                variant,
                &goal.lone_attacked_steps,
            )?));
        }
        if let Some(p) = &goal.pair_moves {
            let a = kinds_mask(variant, &[p.letters[0]])?.trailing_zeros() as usize;
            let b = kinds_mask(variant, &[p.letters[1]])?.trailing_zeros() as usize;
            if a == b {
                return Err(RulesError(format!(
                    "variant {}: a piece pair needs two different kinds",
                    variant.name
                )));
            }
            list.push(PieceMode::Pair {
                kinds: [a, b],
                together: p.together,
                apart: p.apart,
                alone: p.alone,
            });
        }
        if goal.checked_royal_lines {
            list.push(PieceMode::CheckedRoyalLines);
        }
        if let Some((l, ls)) = &goal.borrowed_moves {
            let kind = kinds_mask(variant, &[*l])?.trailing_zeros() as usize;
            let mut donors = [NO_DONOR; 8];
            if ls.len() > donors.len() {
                return Err(RulesError(format!(
                    "variant {}: more than {} kinds to borrow moves from",
                    variant.name,
                    donors.len()
                )));
            }
            for (d, &l) in donors.iter_mut().zip(ls) {
                *d = kinds_mask(variant, &[l])?.trailing_zeros() as u8;
            }
            list.push(PieceMode::Borrowed { kind, donors });
        }
        if goal.royal_first_move_queen {
            let royal = royal_kind(variant, "a royal first move")?;
            if variant.castling.is_some() {
                return Err(RulesError(format!(
                    "variant {}: the royal's first-move privilege takes the castling field: \
                     no castling with it",
                    variant.name
                )));
            }
            list.push(PieceMode::RoyalFirstMoveQueen(royal));
        }
        if variant.cambodian_moves {
            let royal = royal_kind(variant, "cambodianMoves")?;
            let of_type = |ty: &str| kinds_of_type(variant, ty);
            list.push(PieceMode::GateMoves {
                royal,
                jumpers: of_type("fers"),
                rooks: of_type("rook"),
            });
        }
        Ok(PieceModes { list })
    }

    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    pub fn iter(&self) -> impl Iterator<Item = PieceMode> + '_ {
        self.list.iter().copied()
    }

    /// The kind that borrows its moves and its donors (`Borrowed`), if any.
    pub fn borrowed(&self) -> Option<(usize, [u8; 8])> {
        self.list.iter().find_map(|m| match *m {
            PieceMode::Borrowed { kind, donors } => Some((kind, donors)),
            _ => None,
        })
    }

    /// Cambodia's gate moves: the royal kind, the jumping kinds and the aiming kinds
    /// (bit sets), if any.
    pub fn gate_moves(&self) -> Option<(usize, u32, u32)> {
        self.list.iter().find_map(|m| match *m {
            PieceMode::GateMoves {
                royal,
                jumpers,
                rooks,
            } => Some((royal, jumpers, rooks)),
            _ => None,
        })
    }

    /// The royal kind with the queen's-move privilege on its first move, if any.
    pub fn first_move_queen(&self) -> Option<usize> {
        self.list.iter().find_map(|m| match *m {
            PieceMode::RoyalFirstMoveQueen(k) => Some(k),
            _ => None,
        })
    }
}

impl Reach {
    /// Whether a move by `(dx, dy)` (files, ranks) is of this reach. Line moves are
    /// only judged by direction: the generator has already checked the squares between.
    pub fn allows(self, dx: i32, dy: i32) -> bool {
        let (ax, ay) = (dx.abs(), dy.abs());
        match self {
            Reach::Line => ax == 0 || ay == 0 || ax == ay,
            Reach::Knight => (ax == 1 && ay == 2) || (ax == 2 && ay == 1),
            Reach::Step => ax <= 1 && ay <= 1,
        }
    }
}

/// The variant's royal kind, which the rule named `rule` needs.
fn royal_kind(variant: &Variant, rule: &str) -> Result<usize, RulesError> {
    variant.pieces.iter().position(|p| p.royal).ok_or_else(|| {
        RulesError(format!(
            "variant {}: {rule} needs a royal piece",
            variant.name
        ))
    })
}
