//! Counting rules (Fairy-Stockfish's `countingRule`): Makruk's board's honour and
//! pieces' honour, Cambodia's variant of them, and the ASEAN rules. A count starts when the pawns are gone or a side
//! is bare; it has a limit (in plies) that depends on the material, and the game is
//! drawn once the count passes it. This module owns the limits and the moment a count
//! starts, transcribed from Fairy-Stockfish's `count_limit` and `do_move` so that the
//! count in the FEN (the limit in the en-passant field, the count in the halfmove
//! field) is the one Fairy-Stockfish writes. The position keeps the count
//! (`Position::counting`); `position::outcome` and the search declare the draw.
//!
//! The kinds are found by their Fairy-Stockfish piece type: `rook`, `silver` (the
//! khon), `knight` and `pawn`.

use super::super::ini::pieces::kinds_of_type;
use super::super::{Color, CountingRule, Variant};

/// A variant's compiled counting rule: the rule and the kinds it counts, as bit sets.
pub struct Counting {
    pub rule: CountingRule,
    pub pawns: u32,
    rooks: u32,
    khons: u32,
    knights: u32,
}

/// What the counting rule reads of a position: how many pieces of some kinds (a bit
/// set) a side has, and how many pieces a side has in all.
pub trait Material {
    fn count(&self, kinds: u32, side: Color) -> u32;
    fn count_all(&self, side: Color) -> u32;
}

impl Counting {
    /// The variant's counting rule, if it has one.
    pub fn of(variant: &Variant) -> Option<Counting> {
        let rule = variant.draws.counting?;
        let mask = |ty: &str| kinds_of_type(variant, ty);
        Some(Counting {
            rule,
            pawns: mask("pawn"),
            rooks: mask("rook"),
            khons: mask("silver"),
            knights: mask("knight"),
        })
    }

    /// The limit in full moves of a count for `side` (Fairy-Stockfish's
    /// `count_limit(sideToCount)`); 0: no count for that side.
    pub fn limit(&self, m: &impl Material, side: Color) -> u32 {
        let pawns = m.count(self.pawns, side) + m.count(self.pawns, !side);
        let strong = !side;
        match self.rule {
            CountingRule::Makruk | CountingRule::Cambodian => {
                let cambodian = self.rule == CountingRule::Cambodian;
                if m.count_all(strong) == 1 {
                    return 0;
                }
                let own = m.count_all(side);
                if own > 1 {
                    // The board's honour: Makruk's once the pawns are gone; Cambodia's
                    // for a side down to two or three pieces, pawns or not.
                    return match cambodian {
                        false if pawns == 0 => 64,
                        true if own <= 3 => 63,
                        _ => 0,
                    };
                }
                if pawns > 0 {
                    return 0;
                }
                // The pieces' honour, by the stronger side's material (Cambodia's
                // limits are Makruk's less one move).
                let limit = match () {
                    _ if m.count(self.rooks, strong) > 1 => 8,
                    _ if m.count(self.rooks, strong) == 1 => 16,
                    _ if m.count(self.khons, strong) > 1 => 22,
                    _ if m.count(self.knights, strong) > 1 => 32,
                    _ if m.count(self.khons, strong) == 1 => 44,
                    _ => 64,
                };
                limit - u32::from(cambodian)
            }
            CountingRule::Asean => {
                if pawns > 0 || m.count_all(side) > 1 {
                    return 0;
                }
                match () {
                    _ if m.count(self.rooks, strong) > 0 => 16,
                    _ if m.count(self.khons, strong) > 0 => 44,
                    _ if m.count(self.knights, strong) > 0 => 64,
                    _ => 0,
                }
            }
        }
    }

    /// The count after a move by `mover` (`captured_pawn`: it took a pawn;
    /// `captured_or_promoted`: it took a piece or promoted), from the count before it,
    /// `(limit, ply)` in plies; `ply` has already been advanced by this move.
    pub fn after_move(
        &self,
        m: &impl Material,
        mover: Color,
        captured_pawn: bool,
        captured_or_promoted: bool,
        (mut limit, mut ply): (u16, u16),
    ) -> (u16, u16) {
        let to_move = !mover;
        let all = m.count_all(mover) + m.count_all(to_move);
        let no_pawns = m.count(self.pawns, mover) + m.count(self.pawns, to_move) == 0;
        if self.rule != CountingRule::Asean && captured_pawn && m.count_all(mover) == 1 && no_pawns
        {
            let l = self.limit(m, mover);
            if l > 0 {
                limit = (2 * l) as u16;
                ply = (2 * all - 1) as u16;
            }
        }
        if limit == 0 || (captured_or_promoted && m.count_all(to_move) == 1) {
            let l = self.limit(m, to_move);
            if l > 0 {
                limit = (2 * l) as u16;
                ply = if self.rule == CountingRule::Asean || m.count_all(to_move) > 1 {
                    0
                } else {
                    (2 * all) as u16
                };
            }
        }
        (limit, ply)
    }
}
