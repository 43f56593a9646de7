//! Pieces in hand: the second axis of the variant model (after board size). A variant
//! with [`Hands`] gives each side a reserve of pieces, counted per kind, that it may
//! drop onto an empty square instead of moving (Crazyhouse and its relatives), or gate
//! onto the square a first-rank piece leaves on its first move (Seirawan).
//! [`HandRules`] is the compiled form the position and the move generator read.

use super::kind_promotion::immobile;
use super::parts::capture::neighbours;
use super::rules::{relative_ranks, KindRules, RulesError, MAX_KINDS};
use super::{Color, EnclosingDrop, Variant};
use crate::board::{Bitboard, Tables};

/// Pieces in hand, as data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hands {
    /// A piece in hand may be dropped onto an empty square of its drop zone instead of
    /// a move (Crazyhouse); false where hand pieces only enter by gating (Seirawan).
    pub drops: bool,
    /// Seirawan gating: when a piece leaves a square whose gating right its side still
    /// holds (the first-rank pieces of the start position; rights in the FEN's
    /// castling field), a piece from the hand whose drop zone holds that square may be
    /// placed there as part of the same move; castling gates on the king's or the
    /// rook's square. A right is lost when its piece leaves or is captured, and, where
    /// captures do not go to hand, all of a side's rights go when its hand empties.
    pub gating: bool,
    /// A captured piece goes to the capturer's hand, changing colour (Crazyhouse).
    /// Otherwise hands hold only what the FEN puts there.
    pub captures_to_hand: bool,
    /// Pieces created by the variant's [`super::Promotion`] are marked (`~` in FEN) and
    /// return to hand as this kind when captured (the pawn in Crazyhouse). Pieces
    /// created by a kind's shogi-style promotion ([`super::KindPromotion`]) are marked
    /// whatever this says (`+` in FEN) and return as the kind that promoted.
    pub promoted_return_as: Option<char>,
    /// Per side (White's, Black's), the kinds it drops only on some ranks, relative to
    /// the dropping side (0 = its first rank); kinds not listed drop on any empty
    /// square. The two lists are the same where the sides' drop zones mirror each
    /// other (Crazyhouse); Synochess's Black drops only on its fourth rank.
    pub drop_ranks: [Vec<(char, Vec<usize>)>; 2],
    /// The order in which FEN holdings list the kinds (Fairy-Stockfish's, strongest
    /// first); kinds not listed follow in reverse declaration order.
    pub fen_order: Vec<char>,
    /// A set-up phase (Placement, Screen): while the side to move holds pieces it must
    /// drop one if any drop is legal (otherwise it moves as usual, as in
    /// Fairy-Stockfish), and royal pieces may start in hand.
    pub must_drop: bool,
    /// With [`Hands::must_drop`], the one kind whose pieces in hand must be dropped
    /// (Fairy-Stockfish's `mustDropType`; Koedem's kings): while the side to move holds
    /// one, it drops one if it can and drops no other kind; without one in hand it
    /// plays as usual. `None`: every kind (`mustDropType = *`).
    pub must_drop_kind: Option<char>,
    /// Per-kind limits on where drops may go, beyond [`Hands::drop_ranks`].
    pub drop_limits: Vec<(char, DropLimit)>,
    /// A king dropped on this file of its first rank and a castling rook dropped on a
    /// corner of that rank, in either order, give that side the castling right on the
    /// rook's side (Placement); otherwise rights come only from the FEN.
    pub castling_king_file: Option<usize>,
    /// Kinds whose drop may not mate (Shogi's uchifuzume): a side checkmated by such a
    /// drop wins. As in Fairy-Stockfish (`shogiPawnDropMateIllegal`), the drop is a
    /// move like any other and the game end says it was not allowed, so perft counts it.
    pub drop_mate_loses: Vec<char>,
    /// A piece in hand may also be dropped as the kind its shogi-style promotion makes
    /// (Fairy-Stockfish's `dropPromoted`: Kyoto shogi's `+N@c3`, a promoted knight, a
    /// gold that demotes to a knight), marked promoted as if it had promoted.
    pub drop_promoted: bool,
    /// Pieces may be dropped where they could never move (Fairy-Stockfish's
    /// `immobilityIllegal = false` in a game with such drops: Kyoto shogi's pawn on the
    /// last rank). Otherwise no such drop is generated.
    pub immobile_drops: bool,
    /// A drop may give check (as in Crazyhouse). Where not, a drop after which the
    /// opponent's royal piece stands attacked is illegal (Fairy-Stockfish's
    /// `dropChecks = false`: Supply, Xiangqi House); other moves may still check.
    pub drop_checks: bool,
    /// Drops take nothing from the hand: every kind may be dropped whatever the hand
    /// holds, and the FEN has no holdings (Fairy-Stockfish's `freeDrops`: Ataxx's clone).
    pub free_drops: bool,
    /// Where drops may go beyond their zones (Fairy-Stockfish's `enclosingDrop`).
    pub enclosing: Option<EnclosingDrop>,
    /// With [`Hands::enclosing`], the opening phase: while any of these squares is
    /// empty, drops go there instead (Fairy-Stockfish's `enclosingDropStart`:
    /// Flipersi's four centre squares), as (file, rank), kept where a child resizes
    /// the board (Annexation inherits Flipello's).
    pub enclosing_start: Vec<(usize, usize)>,
}

/// Where a kind's drops may not go, given the dropping side's pieces of that kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DropLimit {
    /// Not on a file that already holds this many (1: Screen's pawns, shogi's nifu;
    /// 2: Tori shogi's swallows). Fairy-Stockfish's `dropNoDoubledCount`.
    PerFile(u32),
    /// The side's pieces of the kind end up split between the two square colours:
    /// a drop may not go on a colour that already holds at least as many more of them
    /// than the other colour as the side still holds in hand (two bishops: the second
    /// goes on the other colour). Fairy-Stockfish's `dropOppositeColoredBishop`.
    OppositeColors,
}

/// Hands compiled for one bitboard instance.
pub struct HandRules<B> {
    pub drops: bool,
    pub gating: bool,
    pub captures_to_hand: bool,
    /// Per kind and colour, the squares it may be dropped on.
    pub drop_zone: Vec<[B; 2]>,
    /// Kinds in FEN holdings order.
    pub fen_order: Vec<usize>,
    pub must_drop: bool,
    /// The kind [`Hands::must_drop_kind`] names; `None`: every kind.
    pub must_drop_kind: Option<usize>,
    /// Per kind, its drop limits (empty for most).
    pub drop_limits: Vec<Vec<DropLimit>>,
    /// The dark squares (a1's colour), for [`DropLimit::OppositeColors`].
    pub dark: B,
    /// The kinds with [`DropLimit::OppositeColors`] (other kinds leave them room).
    pub colour_split_kinds: Vec<usize>,
    pub castling_king_file: Option<usize>,
    /// Bit per kind: a checkmate by a drop of the kind loses ([`Hands::drop_mate_loses`]).
    pub drop_mate_loses: u32,
    /// Per kind, whether a captured piece of it goes back to its owner's pool: `None`,
    /// it leaves the game; `Some(None)`, always; `Some(Some(k))`, while the owner
    /// still has a piece of kind `k` on the board after the capture
    /// ([`crate::variant::GoalRules::pool_returns`]). All `None` elsewhere.
    pub returns_to_owner: Vec<Option<Option<usize>>>,
    /// Per kind, the kind a captured piece of it joins the capturer's hand as: itself,
    /// or with `GoalRules::captures_keep_color` the kind written with the same letter
    /// in the same colour for the capturer (Reentrant).
    pub captured_as: Vec<usize>,
    /// Holdings are written per owner, `[south|north]` (White's, a bar, Black's),
    /// because some kind is written in the opponent's case
    /// (`GoalRules::other_color_letters`).
    pub per_owner_fen: bool,
    /// Per kind, the kind a promoted drop of it places ([`Hands::drop_promoted`]), if
    /// it may be dropped promoted.
    pub promoted_drop: Vec<Option<usize>>,
    /// [`Hands::free_drops`].
    pub free_drops: bool,
    /// [`Hands::enclosing`].
    pub enclosing: Option<EnclosingDrop>,
    /// [`Hands::enclosing_start`] as a set.
    pub enclosing_start: B,
    /// Per square, the eight around it (read by the enclosing rules only).
    pub around: Vec<B>,
}

/// The most pieces of one kind a hand may hold (the size of the Zobrist table).
pub const MAX_IN_HAND: usize = 64;

impl<B: Bitboard> HandRules<B> {
    pub fn new(
        variant: &Variant,
        tables: &Tables<B>,
        kinds: &[KindRules<B>],
    ) -> Result<Option<HandRules<B>>, RulesError> {
        let Some(h) = &variant.hands else {
            return Ok(None);
        };
        let kind = |l: char| {
            variant
                .kind_by_letter(l)
                .ok_or_else(|| RulesError(format!("variant {}: no piece '{l}'", variant.name)))
        };
        // A confined kind drops only into its mobility region.
        let mut drop_zone: Vec<[B; 2]> = kinds.iter().map(|k| k.region).collect();
        for c in Color::both() {
            for (letter, ranks) in &h.drop_ranks[c] {
                let k = kind(*letter)?;
                drop_zone[k][c] &= relative_ranks(tables, ranks, c);
            }
        }
        // No piece is dropped where it could never move (Fairy-Stockfish's
        // immobilityIllegal), unless the variant says so.
        for (k, zone) in drop_zone.iter_mut().enumerate() {
            if h.immobile_drops {
                break;
            }
            for c in Color::both() {
                for sq in zone[c].squares() {
                    if immobile(tables, &kinds[k].moves[c], sq) {
                        zone[c] &= !B::from_square(sq);
                    }
                }
            }
        }
        // A royal reaches a hand unlisted only by a blast (Atomic Zh, the game's last
        // move): Fairy-Stockfish writes its king type first.
        let unlisted_royals = (0..variant.pieces.len())
            .filter(|&k| kinds[k].royal && !h.fen_order.contains(&variant.pieces[k].letter));
        let mut fen_order: Vec<usize> = unlisted_royals.collect();
        for &l in &h.fen_order {
            fen_order.push(kind(l)?);
        }
        for k in (0..variant.pieces.len()).rev() {
            if !fen_order.contains(&k) {
                fen_order.push(k);
            }
        }
        let mut drop_limits = vec![Vec::new(); variant.pieces.len()];
        for &(letter, limit) in &h.drop_limits {
            drop_limits[kind(letter)?].push(limit);
        }
        let colour_split_kinds = (0..variant.pieces.len())
            .filter(|&k| drop_limits[k].contains(&DropLimit::OppositeColors))
            .collect();
        let geo = tables.geo;
        let dark = (0..geo.squares())
            .filter(|&sq| (geo.file_of(sq) + geo.rank_of(sq)).is_multiple_of(2))
            .fold(B::EMPTY, |b, sq| b | B::from_square(sq));
        if let Some(file) = h.castling_king_file {
            if variant.castling.is_none() || file >= variant.files {
                return Err(RulesError(format!(
                    "variant {}: castling after drops needs castling rules and a king file on the board",
                    variant.name
                )));
            }
        }
        let mut returns_to_owner = vec![None; variant.pieces.len()];
        for &(l, needs) in &variant.goal.pool_returns {
            returns_to_owner[kind(l)?] = Some(needs.map(kind).transpose()?);
        }
        debug_assert!(variant.pieces.len() <= MAX_KINDS);
        if h.gating && variant.castling.is_none() {
            return Err(RulesError(format!(
                "variant {}: gating rights live in the castling field, so gating needs castling rules",
                variant.name
            )));
        }
        // Keeping its colour, a captured piece is written for the capturer in the case
        // it had for its owner: the kind with its letter and the other case flag.
        let mut captured_as: Vec<usize> = (0..kinds.len()).collect();
        if variant.goal.captures_keep_color {
            for (k, slot) in captured_as.iter_mut().enumerate() {
                // Royals never reach a hand.
                if kinds[k].royal || variant.goal.second_royal == Some(kinds[k].letter) {
                    continue;
                }
                *slot = (0..kinds.len())
                    .find(|&o| {
                        kinds[o].written == kinds[k].written
                            && kinds[o].other_case != kinds[k].other_case
                    })
                    .ok_or_else(|| {
                        RulesError(format!(
                            "variant {}: a captured '{}' keeps its colour, but no kind is \
                             written so for the capturer",
                            variant.name,
                            kinds[k].written.to_ascii_lowercase()
                        ))
                    })?;
            }
        }
        let promoted_drop = kinds
            .iter()
            .map(|k| {
                k.promotion
                    .as_ref()
                    .filter(|_| h.drop_promoted)
                    .map(|p| p.target[0] as usize)
            })
            .collect();
        let enclosing_start = h
            .enclosing_start
            .iter()
            .filter(|&&(f, r)| f < tables.geo.files() && r < tables.geo.ranks())
            .fold(B::EMPTY, |b, &(f, r)| {
                b | B::from_square(tables.geo.square(f, r))
            })
            & tables.board;
        Ok(Some(HandRules {
            free_drops: h.free_drops,
            enclosing: h.enclosing,
            enclosing_start,
            around: if h.enclosing.is_some() {
                neighbours(tables.geo, tables.board)
            } else {
                Vec::new()
            },
            promoted_drop,
            captured_as,
            per_owner_fen: kinds.iter().any(|k| k.other_case),
            drops: h.drops,
            gating: h.gating,
            captures_to_hand: h.captures_to_hand,
            drop_zone,
            fen_order,
            must_drop: h.must_drop,
            must_drop_kind: h.must_drop_kind.map(kind).transpose()?,
            drop_limits,
            dark,
            colour_split_kinds,
            castling_king_file: h.castling_king_file,
            drop_mate_loses: h
                .drop_mate_loses
                .iter()
                .map(|&l| kind(l))
                .try_fold(0u32, |m, k| k.map(|k| m | 1 << k))?,
            returns_to_owner,
        }))
    }
}
