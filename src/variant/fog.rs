//! The fog rule of a game of hidden information, as data: what each side sees of the
//! board during the set-up and during play beyond the squares its pieces stand on and
//! could move to, and what it is told about the other side's moves. The rule book is
//! `../shared/RULES-HIDDEN.md` §2 and §4; `docs/hidden-information.md` says how the
//! engine uses it. A variant without a fog rule is open: both sides see everything.

/// What each side sees in a game of hidden information (`Variant::fog`).
///
/// In play with [`Fog::play`], every side sees the squares its pieces stand on and the
/// squares they could move to if it were to move now (captures only onto an enemy
/// piece; en passant, with the passing pawn, only for the side to move). `sight` adds
/// squares per kind. Without it the game is open once any hidden set-up is over.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Fog {
    /// Fog during play (Dark chess, Fog of war).
    pub play: bool,
    /// The set-up is hidden (hidden Screen): while either hand holds units, each side
    /// sees the squares it may drop on (its own half), with their content, and none of
    /// the rest; of the other side's hand only the number of units.
    pub hidden_setup: bool,
    /// Kinds that see more than their moves reach: the kind's letter and the extra
    /// squares as Betza leaps from the owner's side (`fWfF`: the square in front and
    /// the two forward diagonals, whatever stands there: Dark chess pawns). Leaps only.
    pub sight: Vec<(char, String)>,
    /// The opponent of a side that has just promoted is told that a promotion happened,
    /// not where and not to what.
    pub announce_promotion: bool,
}
