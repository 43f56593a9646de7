//! Fairy-Stockfish's drop keys and Protean's [`Hands`]: the loader and the writer share
//! one mapping, [`DropView::hands`], so that what the writer says is what the loader
//! builds.
//!
//! Fairy-Stockfish drops every kind on the squares of `dropRegionWhite/Black` (all
//! squares by default), except the `pawn` type, which also keeps off its first rank
//! (unless `firstRankPawnDrops`) and off its promotion zone (unless
//! `promotionZonePawnDrops`); `dropNoDoubled = x` forbids drops of kind `x` on a file
//! that already holds `dropNoDoubledCount` of them (1: one per file; 0: never dropped).
//! Protean keeps drop zones as ranks relative to the dropping side, so a region must be
//! whole ranks; each side has its own (Synochess's Black drops only on its fifth rank). The set-up keys (`mustDrop`,
//! `dropOppositeColoredBishop`, `castlingDroppedPiece`) and Seirawan gating (`gating`
//! with `seirawanGating`, whose gated pieces obey the same drop squares) map onto the
//! fields of [`Hands`] of the same meaning. `dropLoop` (Loop chess) sends a captured
//! promoted piece to hand as it stands, so no piece is marked promoted; `twoBoards`
//! (Bughouse, one board of it) keeps the partner's board out of the model but marks
//! promoted pieces (`~`) as Fairy-Stockfish does, though captures do not go to hand.
//! `dropChecks = false` makes a drop that gives check illegal ([`Hands::drop_checks`],
//! applied as the move filter `NoDropChecks`).

use super::pieces::{is_pawn_type, type_name_of, PREDEFINED};
use crate::variant::hands::DropLimit;
use crate::variant::{Color, EnclosingDrop, Hands, Variant, WHITE};

/// The piece type whose drops `shogiPawnDropMateIllegal` restricts.
const SHOGI_PAWN: &str = "shogiPawn";

/// The file of the king that `castlingDroppedPiece` needs (Fairy-Stockfish's default
/// `castlingKingFile`, e).
const DROPPED_CASTLING_KING_FILE: usize = 4;

/// The drop rules as Fairy-Stockfish's keys state them (ranks relative to the dropping
/// side).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DropView {
    /// `pieceDrops`: pieces in hand may be dropped.
    pub drops: bool,
    /// `gating` with `seirawanGating`: pieces in hand enter by gating (Seirawan).
    pub gating: bool,
    pub captures_to_hand: bool,
    /// Per side, the ranks (relative to it) every kind may be dropped on; `None`: the
    /// whole board.
    pub region: [Option<Vec<usize>>; 2],
    pub first_rank_pawn_drops: bool,
    pub promotion_zone_pawn_drops: bool,
    /// `dropNoDoubled` and `dropNoDoubledCount`: kind `x` may not be dropped on a file
    /// that holds this many of the side's `x` (0: never dropped; 1: one per file).
    pub no_doubled: Option<(char, u32)>,
    /// `mustDrop`: a set-up phase.
    pub must_drop: bool,
    /// `mustDropType`: the one kind that must be dropped; `None` for `*` (every kind).
    pub must_drop_type: Option<char>,
    /// `dropOppositeColoredBishop`: the `bishop` type's drops end on both colours.
    pub opposite_colored_bishops: bool,
    /// `castlingDroppedPiece`: a king dropped on the e-file and a corner rook give the
    /// castling right.
    pub castling_dropped_piece: bool,
    /// `shogiPawnDropMateIllegal`: a checkmate by a drop of the `shogiPawn` type loses
    /// (`Hands::drop_mate_loses`).
    pub pawn_drop_mate_illegal: bool,
    /// `dropLoop`: a captured promoted piece goes to hand unchanged (not as a pawn).
    pub drop_loop: bool,
    /// `twoBoards`: promoted pieces are marked (`~`) although captures do not go to
    /// hand (the partner's board, where they would go, is not modelled).
    pub two_boards: bool,
    /// `dropPromoted`: a piece in hand may be dropped promoted.
    pub drop_promoted: bool,
    /// `immobilityIllegal = false` where it allows drops on squares a piece could
    /// never leave (set by the loader from the promotion keys, which hold that key).
    pub immobile_drops: bool,
    /// `dropChecks`: a drop may give check.
    pub drop_checks: bool,
    /// `freeDrops`: drops take nothing from the hand.
    pub free_drops: bool,
    /// `enclosingDrop` (`reversi`, `ataxx`; `none`).
    pub enclosing: Option<EnclosingDrop>,
    /// `enclosingDropStart`: the opening phase's squares.
    pub enclosing_start: Vec<(usize, usize)>,
}

impl DropView {
    /// No drop keys at all (Fairy-Stockfish's defaults).
    pub fn none() -> DropView {
        DropView {
            drops: false,
            gating: false,
            captures_to_hand: false,
            region: [None, None],
            first_rank_pawn_drops: false,
            promotion_zone_pawn_drops: false,
            no_doubled: None,
            must_drop: false,
            must_drop_type: None,
            opposite_colored_bishops: false,
            castling_dropped_piece: false,
            pawn_drop_mate_illegal: false,
            drop_loop: false,
            two_boards: false,
            drop_promoted: false,
            immobile_drops: false,
            drop_checks: true,
            free_drops: false,
            enclosing: None,
            enclosing_start: Vec::new(),
        }
    }

    /// Whether these keys give the variant a hand at all.
    pub fn has_hands(&self) -> bool {
        self.drops || self.gating
    }

    /// The [`Hands`] these keys give on `v`, whose pawns promote on the relative ranks
    /// `promotion_zone` (Fairy-Stockfish's promotion region, whether or not a kind
    /// promotes). Royal kinds go to hand only in a set-up phase.
    pub fn hands(&self, v: &Variant, promotion_zone: &[usize]) -> Hands {
        let drop_ranks = Color::both().map(|c| self.side_drop_ranks(v, promotion_zone, c));
        let mut drop_limits = Vec::new();
        if let Some((l, n)) = self.no_doubled.filter(|&(_, n)| n > 0) {
            drop_limits.push((l, DropLimit::PerFile(n)));
        }
        if self.opposite_colored_bishops {
            if let Some(b) = v.pieces.iter().find(|p| type_name_of(p) == "bishop") {
                drop_limits.push((b.letter, DropLimit::OppositeColors));
            }
        }
        let pawn = v.pieces.iter().find(|p| is_pawn_type(p)).map(|p| p.letter);
        Hands {
            drops: self.drops,
            gating: self.gating,
            captures_to_hand: self.captures_to_hand,
            // A captured piece that a pawn promotion made goes back to hand as a pawn
            // (and is marked `~`), unless it loops back as it stands.
            promoted_return_as: if v.promotion.is_some()
                && ((self.captures_to_hand && !self.drop_loop) || self.two_boards)
            {
                pawn
            } else {
                None
            },
            drop_ranks,
            fen_order: fen_order(v, self.must_drop),
            must_drop: self.must_drop,
            must_drop_kind: self.must_drop_type.filter(|_| self.must_drop),
            drop_limits,
            castling_king_file: self
                .castling_dropped_piece
                .then_some(DROPPED_CASTLING_KING_FILE),
            drop_mate_loses: if self.pawn_drop_mate_illegal {
                v.pieces
                    .iter()
                    .filter(|p| is_shogi_pawn_type(p))
                    .map(|p| p.letter)
                    .collect()
            } else {
                Vec::new()
            },
            drop_promoted: self.drop_promoted,
            immobile_drops: self.immobile_drops,
            drop_checks: self.drop_checks,
            free_drops: self.free_drops,
            enclosing: self.enclosing,
            enclosing_start: self.enclosing_start.clone(),
        }
    }

    /// The kinds side `c` drops only on some ranks, and those ranks (relative to `c`).
    fn side_drop_ranks(
        &self,
        v: &Variant,
        promotion_zone: &[usize],
        c: Color,
    ) -> Vec<(char, Vec<usize>)> {
        let all: Vec<usize> = (0..v.ranks).collect();
        let region = self.region[c].clone().unwrap_or_else(|| all.clone());
        let never_dropped = match self.no_doubled {
            Some((l, 0)) => Some(l),
            _ => None,
        };
        let mut drop_ranks = Vec::new();
        for p in v.pieces.iter().filter(|p| self.must_drop || !p.royal) {
            let ranks: Vec<usize> = if never_dropped == Some(p.letter) {
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
        drop_ranks
    }

    /// The keys that give `hands` on `v`, if any do.
    pub fn of(v: &Variant, hands: &Hands, promotion_zone: &[usize]) -> Option<DropView> {
        // A kind without drop squares is either stated (dropNoDoubled with count 0) or
        // follows from the other keys (Placement's pawns): the plainer reading first.
        let empty = hands.drop_ranks[WHITE]
            .iter()
            .find(|(_, r)| r.is_empty())
            .map(|(l, _)| *l);
        let mut candidates = vec![None];
        if empty.is_some() {
            candidates.push(empty);
        }
        candidates
            .into_iter()
            .map(|never_dropped| Self::reading(v, hands, promotion_zone, never_dropped))
            .find(|view| view.hands(v, promotion_zone) == *hands)
    }

    /// The keys `hands` would have if `never_dropped` is the kind `dropNoDoubled`
    /// names with count 0.
    fn reading(
        v: &Variant,
        hands: &Hands,
        promotion_zone: &[usize],
        never_dropped: Option<char>,
    ) -> DropView {
        // White's lists give the pawn keys, which are the same for both sides.
        let ranks_of = |l: char, c: Color| {
            hands.drop_ranks[c]
                .iter()
                .find(|(k, _)| *k == l)
                .map(|(_, r)| r.clone())
        };
        let per_file = hands
            .drop_limits
            .iter()
            .find_map(|&(l, limit)| match limit {
                DropLimit::PerFile(n) => Some((l, n)),
                DropLimit::OppositeColors => None,
            });
        let other = v.pieces.iter().find(|p| {
            !is_pawn_type(p) && (hands.must_drop || !p.royal) && Some(p.letter) != never_dropped
        });
        let region = Color::both().map(|c| other.and_then(|p| ranks_of(p.letter, c)));
        let pawn = v.pieces.iter().find(|p| is_pawn_type(p));
        let marks_promotions = v.promotion.is_some() && pawn.is_some();
        let pawn_ranks = pawn
            .and_then(|p| ranks_of(p.letter, WHITE))
            .unwrap_or_else(|| (0..v.ranks).collect());
        DropView {
            drops: hands.drops,
            gating: hands.gating,
            captures_to_hand: hands.captures_to_hand,
            first_rank_pawn_drops: pawn_ranks.contains(&0),
            promotion_zone_pawn_drops: promotion_zone.iter().any(|r| pawn_ranks.contains(r)),
            region,
            no_doubled: never_dropped.map(|l| (l, 0)).or(per_file),
            must_drop: hands.must_drop,
            must_drop_type: hands.must_drop_kind,
            opposite_colored_bishops: hands
                .drop_limits
                .iter()
                .any(|(_, limit)| *limit == DropLimit::OppositeColors),
            castling_dropped_piece: hands.castling_king_file.is_some(),
            pawn_drop_mate_illegal: !hands.drop_mate_loses.is_empty(),
            drop_loop: marks_promotions
                && hands.captures_to_hand
                && hands.promoted_return_as.is_none(),
            two_boards: marks_promotions
                && !hands.captures_to_hand
                && hands.promoted_return_as.is_some(),
            drop_promoted: hands.drop_promoted,
            immobile_drops: hands.immobile_drops,
            drop_checks: hands.drop_checks,
            free_drops: hands.free_drops,
            enclosing: hands.enclosing,
            enclosing_start: hands.enclosing_start.clone(),
        }
    }
}

/// Whether `p` is Fairy-Stockfish's `shogiPawn` type: by its type name, or, for a kind
/// that `proteanPieceNames` renamed (Tori shogi's swallow), by its moves, since the
/// writer gives such a kind the predefined type with its moves.
fn is_shogi_pawn_type(p: &crate::variant::PieceKind) -> bool {
    let name = type_name_of(p);
    let shogi_pawn_moves = PREDEFINED
        .iter()
        .any(|&(n, b)| n == SHOGI_PAWN && b == p.betza);
    name == SHOGI_PAWN
        || (shogi_pawn_moves && !p.custom && !PREDEFINED.iter().any(|(n, _)| *n == name))
}

/// Fairy-Stockfish writes holdings strongest type first: by its piece-type order,
/// reversed (custom pieces after the predefined ones). Royal kinds go to hand only in
/// a set-up phase (`with_royals`). A kind with a name of its own (Seirawan's hawk)
/// ranks as the predefined type with its moves, which is how Fairy-Stockfish defines
/// those variants; one whose moves no predefined type has takes the next custom slot,
/// as the writer numbers them (Tori shogi's birds: `customPiece1` to `7` in the kinds'
/// order).
pub fn fen_order(v: &Variant, with_royals: bool) -> Vec<char> {
    let type_rank = |p: &crate::variant::PieceKind| -> Option<usize> {
        let name = type_name_of(p);
        let predefined = |i: usize| PREDEFINED[i].1 == p.betza || is_pawn_type(p) || p.royal;
        if let Some(i) = PREDEFINED.iter().position(|(n, _)| *n == name) {
            if predefined(i) {
                return Some(i);
            }
        }
        if let Some(n) = name
            .strip_prefix("customPiece")
            .and_then(|n| n.parse::<usize>().ok())
        {
            return Some(PREDEFINED.len() + n);
        }
        PREDEFINED.iter().position(|(_, b)| *b == p.betza)
    };
    let mut last_custom = PREDEFINED.len();
    let mut kinds: Vec<(usize, usize, char)> = Vec::new();
    for (i, p) in v.pieces.iter().enumerate() {
        let rank = type_rank(p).unwrap_or(last_custom + 1);
        if rank > PREDEFINED.len() {
            last_custom = last_custom.max(rank);
        }
        if with_royals || !p.royal {
            kinds.push((rank, i, p.letter));
        }
    }
    kinds.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    kinds.into_iter().map(|(_, _, l)| l).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::builtin::find_variant;

    #[test]
    fn the_house_builtins_are_crazyhouse_keys() {
        for name in ["crazyhouse", "capahouse", "grandhouse"] {
            let v = find_variant(name).unwrap();
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
                    drops: true,
                    captures_to_hand: true,
                    ..DropView::none()
                },
                "{}",
                v.name
            );
        }
    }

    /// Every built-in with a hand has drop keys that give its hand.
    #[test]
    fn every_builtin_hand_has_its_keys() {
        use crate::variant::builtin_variants;
        for v in builtin_variants() {
            let Some(h) = &v.hands else { continue };
            let mut zone: Vec<usize> = match &v.promotion {
                Some(p) => p.ranks.iter().chain(&p.optional_ranks).copied().collect(),
                None => v
                    .pieces
                    .iter()
                    .find_map(|p| p.promotion.as_ref())
                    .map(|kp| kp.ranks.clone())
                    .unwrap_or_default(),
            };
            zone.sort_unstable();
            let Some(view) = DropView::of(v, h, &zone) else {
                let view = DropView {
                    drops: h.drops,
                    gating: h.gating,
                    ..DropView::none()
                };
                panic!(
                    "{}: {h:?}\nfen order {:?}",
                    v.name,
                    view.hands(v, &zone).fen_order
                );
            };
            assert_eq!(view.hands(v, &zone), *h, "{}", v.name);
        }
    }
}
