//! Shogi-style promotion ([`KindPromotion`]) compiled for one bitboard instance: per
//! kind, the one kind it promotes to, its zone, the squares where it must promote, and
//! the limit on pieces of the promoted kind.

use super::rules::{relative_ranks, KindMoves, KindRules, RulesError};
use super::{Color, Variant};
use crate::board::{Bitboard, Square, Tables};

/// A kind's shogi-style promotion, compiled.
pub struct KindPromotionRules<B> {
    /// The promoted kind, as a one-element list for the generator's promotion sinks.
    pub target: [u8; 1],
    /// Per colour: a move that starts or ends here may promote.
    pub zone: [B; 2],
    /// Per colour: squares of the zone where the piece would have no move at all, so a
    /// move there must promote (a pawn on the last rank).
    pub forced: [B; 2],
    /// The most pieces of the promoted kind a side may have on the board for the
    /// promotion to be allowed (`u32::MAX`: no limit).
    pub limit: u32,
    /// Every move that may promote must (while the limit allows it).
    pub mandatory: bool,
    /// A piece promoted from this kind demotes back to it (Fairy-Stockfish's
    /// `pieceDemotion`), by the moves that could promote it: in the zone, and with
    /// `mandatory` by force. The promoted kind's [`KindRules::demotes`] says so.
    pub demotes: bool,
    /// Only captures promote or demote (`KindPromotion::on_capture`): the generator
    /// cuts the zone to the enemy pieces; the zone is the whole board (the loader's
    /// condition), so where a move starts does not matter.
    pub on_capture: bool,
}

/// Whether a piece with moves `m` has none at all from `sq` on an empty board.
pub(crate) fn immobile<B: Bitboard>(tables: &Tables<B>, m: &KindMoves<B>, sq: Square) -> bool {
    let in_initial = m.initial_zone.has(sq);
    let rides = (m.orthogonal_code != 0 && tables.orthogonal(sq, B::EMPTY).any())
        || (m.diagonal_code != 0 && tables.diagonal(sq, B::EMPTY).any());
    let (start, end) = m.special_index[sq];
    let specials = m.specials[start as usize..end as usize]
        .iter()
        .any(|s| !s.initial || in_initial);
    let walkers = m
        .walkers
        .iter()
        .any(|w| (!w.initial || in_initial) && tables.geo.offset(sq, w.dx, w.dy).is_some());
    (m.quiet_leaps[sq] | m.capture_leaps[sq]).is_empty() && !rides && !specials && !walkers
}

/// Fills in each kind's [`KindRules::promotion`] and [`KindRules::unpromoted`].
pub(crate) fn compile<B: Bitboard>(
    variant: &Variant,
    tables: &Tables<B>,
    kinds: &mut [KindRules<B>],
) -> Result<(), RulesError> {
    for (k, piece) in variant.pieces.iter().enumerate() {
        let Some(p) = &piece.promotion else {
            continue;
        };
        let target = variant.kind_by_letter(p.to).ok_or_else(|| {
            RulesError(format!(
                "variant {}: {} promotes to '{}', which is no piece of it",
                variant.name, piece.name, p.to
            ))
        })?;
        if target == k || variant.pieces[target].royal || piece.royal {
            return Err(RulesError(format!(
                "variant {}: {} may not promote to '{}'",
                variant.name, piece.name, p.to
            )));
        }
        // Several kinds may promote into one (Shogi's gold): the first names it in
        // `unpromoted`, and the position remembers each promoted piece's own kind.
        kinds[target].unpromoted.get_or_insert(k);
        if p.demotes {
            if kinds[target].promotion.is_some() || variant.pieces[target].promotion.is_some() {
                return Err(RulesError(format!(
                    "variant {}: demotion of '{}', a kind that also promotes, is not implemented",
                    variant.name, p.to
                )));
            }
            kinds[target].demotes = true;
            // Both kinds take the generator's per-piece loop, where flips are told
            // apart from other promotions (`Sink::flips`).
            for t in [target, k] {
                for m in &mut kinds[t].moves {
                    m.shift = None;
                }
            }
        }
        let zone = Color::both().map(|c| relative_ranks(tables, &p.ranks, c));
        let forced = Color::both().map(|c| {
            zone[c]
                .squares()
                .filter(|&sq| immobile(tables, &kinds[k].moves[c], sq))
                .fold(B::EMPTY, |b, sq| b | B::from_square(sq))
        });
        kinds[k].promotion = Some(KindPromotionRules {
            target: [target as u8],
            zone,
            forced,
            limit: p.limit.unwrap_or(u32::MAX),
            mandatory: p.mandatory,
            demotes: p.demotes,
            on_capture: p.on_capture,
        });
    }
    Ok(())
}
