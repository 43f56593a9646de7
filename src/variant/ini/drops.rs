//! Fairy-Stockfish's drop keys and Protean's [`Hands`]: the loader and the writer share
//! one mapping, [`DropView::hands`], so that what the writer says is what the loader
//! builds.
//!
//! Fairy-Stockfish drops every kind on the squares of `dropRegionWhite/Black` (all
//! squares by default), except the `pawn` type, which also keeps off its first rank
//! (unless `firstRankPawnDrops`) and off its promotion zone (unless
//! `promotionZonePawnDrops`); `dropNoDoubled = x` with `dropNoDoubledCount = 0` forbids
//! drops of kind `x` on every file (a file always holds at least 0 of them). Protean keeps
//! drop zones as ranks relative to the dropping side, so a region must be whole ranks and
//! Black's the mirror image of White's.

use super::pieces::{is_pawn_type, type_name_of, PREDEFINED};
use crate::variant::{Hands, Variant};

/// The drop rules as Fairy-Stockfish's keys state them (ranks relative to the dropping
/// side).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DropView {
    pub captures_to_hand: bool,
    /// Ranks every kind may be dropped on; `None`: the whole board.
    pub region: Option<Vec<usize>>,
    pub first_rank_pawn_drops: bool,
    pub promotion_zone_pawn_drops: bool,
    /// A kind never dropped (`dropNoDoubled` with `dropNoDoubledCount = 0`).
    pub never_dropped: Option<char>,
}

impl DropView {
    /// The [`Hands`] these keys give on `v`, whose pawns promote on the relative ranks
    /// `promotion_zone` (Fairy-Stockfish's promotion region, whether or not a kind
    /// promotes).
    pub fn hands(&self, v: &Variant, promotion_zone: &[usize]) -> Hands {
        let all: Vec<usize> = (0..v.ranks).collect();
        let region = self.region.clone().unwrap_or_else(|| all.clone());
        let mut drop_ranks = Vec::new();
        for p in &v.pieces {
            let ranks: Vec<usize> = if self.never_dropped == Some(p.letter) {
                Vec::new()
            } else if is_pawn_type(p) {
                region
                    .iter()
                    .copied()
                    .filter(|&r| self.first_rank_pawn_drops || r != 0)
                    .filter(|r| self.promotion_zone_pawn_drops || !promotion_zone.contains(r))
                    .collect()
            } else {
                region.clone()
            };
            if ranks != all {
                drop_ranks.push((p.letter, ranks));
            }
        }
        let pawn = v.pieces.iter().find(|p| is_pawn_type(p)).map(|p| p.letter);
        Hands {
            drops: true,
            // Gating (gating, seirawanGating) has no keys here yet: `of` finds no view.
            gating: false,
            captures_to_hand: self.captures_to_hand,
            // A captured promoted piece goes back to hand as a pawn.
            promoted_return_as: if self.captures_to_hand { pawn } else { None },
            drop_ranks,
            fen_order: fen_order(v),
            // Set-up phases have no keys here yet (mustDrop, dropOppositeColoredBishop,
            // castlingDroppedPiece stay rejected): `of` finds no view for them.
            must_drop: false,
            drop_limits: Vec::new(),
            castling_king_file: None,
        }
    }

    /// The keys that give `hands` on `v`, if any do.
    pub fn of(v: &Variant, hands: &Hands, promotion_zone: &[usize]) -> Option<DropView> {
        let ranks_of = |l: char| {
            hands
                .drop_ranks
                .iter()
                .find(|(k, _)| *k == l)
                .map(|(_, r)| r.clone())
        };
        let never_dropped = hands
            .drop_ranks
            .iter()
            .find(|(_, r)| r.is_empty())
            .map(|(l, _)| *l);
        let other = v
            .pieces
            .iter()
            .find(|p| !is_pawn_type(p) && Some(p.letter) != never_dropped);
        let region = other.and_then(|p| ranks_of(p.letter));
        let pawn = v.pieces.iter().find(|p| is_pawn_type(p));
        let pawn_ranks = pawn
            .and_then(|p| ranks_of(p.letter))
            .unwrap_or_else(|| (0..v.ranks).collect());
        let view = DropView {
            captures_to_hand: hands.captures_to_hand,
            first_rank_pawn_drops: pawn_ranks.contains(&0),
            promotion_zone_pawn_drops: promotion_zone.iter().any(|r| pawn_ranks.contains(r)),
            region,
            never_dropped,
        };
        let rebuilt = view.hands(v, promotion_zone);
        (rebuilt == *hands).then_some(view)
    }
}

/// Fairy-Stockfish writes holdings strongest type first: by its piece-type order,
/// reversed (custom pieces after the predefined ones). Royal kinds never go to hand.
pub fn fen_order(v: &Variant) -> Vec<char> {
    let rank = |name: &str| -> usize {
        if let Some(i) = PREDEFINED.iter().position(|(n, _)| *n == name) {
            return i;
        }
        match name
            .strip_prefix("customPiece")
            .and_then(|n| n.parse::<usize>().ok())
        {
            Some(n) => PREDEFINED.len() + n,
            None => PREDEFINED.len(),
        }
    };
    let mut kinds: Vec<(usize, usize, char)> = v
        .pieces
        .iter()
        .enumerate()
        .filter(|(_, p)| !p.royal)
        .map(|(i, p)| (rank(&type_name_of(p)), i, p.letter))
        .collect();
    kinds.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    kinds.into_iter().map(|(_, _, l)| l).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::house;

    #[test]
    fn the_house_builtins_are_crazyhouse_keys() {
        for v in [house::crazyhouse(), house::capahouse(), house::grandhouse()] {
            let zone: Vec<usize> = {
                let p = v.promotion.as_ref().unwrap();
                let mut z = p.ranks.clone();
                z.extend(&p.optional_ranks);
                z
            };
            let view = DropView::of(&v, v.hands.as_ref().unwrap(), &zone).unwrap();
            assert_eq!(
                view,
                DropView {
                    captures_to_hand: true,
                    region: None,
                    first_rank_pawn_drops: false,
                    promotion_zone_pawn_drops: false,
                    never_dropped: None,
                },
                "{}",
                v.name
            );
        }
    }
}
