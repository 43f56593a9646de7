//! Legal move generation for every variant, from the compiled [`Rules`].
//!
//! Strategies, chosen per variant by the generator plan the rules derive from their
//! parts ([`crate::variant::parts::plan`]); this module only reads it:
//! - pin-aware: when every capture is a plain leap or a full-line slide and there is
//!   one royal king, legal moves come straight from the checkers, the pinned pieces and
//!   attack tests on the king's destinations (how the fastest chess engines do it);
//! - screen pins ([`screen_pins`]): the same with cannons, lame leapers, partial-line
//!   riders and flying royals, whose pins are read off screens and legs;
//! - generic: pseudo-legal moves, each kept if it leaves no royal piece attacked.
//!
//! Moves go to a [`Sink`] in batches (one origin, a set of destinations), so perft can
//! count the last ply without building moves.

mod bomb;
mod compound;
mod drops;
mod linkage;
mod lookahead;
mod modes;
pub mod perft;
pub mod screen_pins;
mod walls;

use crate::board::{Bitboard, Square};
use crate::position::{kind_of, Move, MoveKind, MoveList, Position};
use crate::variant::kind_promotion::KindPromotionRules;
use crate::variant::parts::{CaptureRule, ListRule, MoveFilter, NoRoyal, TurnRule, WithRoyal};
use crate::variant::rules::{KindMoves, Shift, MAX_KINDS};
use crate::variant::screen_pins::ScreenPins;

/// Receives generated moves.
pub trait Sink<B: Bitboard> {
    /// Plain moves from `from` to each square of `targets`.
    fn targets(&mut self, from: Square, targets: B);
    /// Promotions from `from` to each square of `targets`, one per promotion kind.
    fn promotions(&mut self, from: Square, targets: B, kinds: &[u8]);
    fn push(&mut self, mv: Move);
    /// Moves of kind `kind` to each square of `targets` from `target - delta`.
    fn shifted(&mut self, targets: B, delta: isize, kind: MoveKind);
    /// Promotions to each square of `targets` from `target - delta`.
    fn shifted_promotions(&mut self, targets: B, delta: isize, kinds: &[u8]);
    /// Drops of a piece of `kind` from the hand onto each square of `targets`.
    fn drops(&mut self, kind: u8, targets: B);
    /// Promotions and demotions of a piece that flips with its moves (Kyoto shogi,
    /// `KindPromotionRules::demotes`): promotions, but tactical only as captures (in
    /// such a game nearly every move is one).
    #[inline(always)]
    fn flips(&mut self, from: Square, targets: B, kinds: &[u8]) {
        self.promotions(from, targets, kinds);
    }
}

/// Counts moves without building them: perft's last ply.
pub struct CountSink(pub u64);

impl<B: Bitboard> Sink<B> for CountSink {
    #[inline(always)]
    fn targets(&mut self, _: Square, targets: B) {
        self.0 += targets.count() as u64;
    }
    #[inline(always)]
    fn promotions(&mut self, _: Square, targets: B, kinds: &[u8]) {
        self.0 += targets.count() as u64 * kinds.len() as u64;
    }
    #[inline(always)]
    fn push(&mut self, _: Move) {
        self.0 += 1;
    }
    #[inline(always)]
    fn shifted(&mut self, targets: B, _: isize, _: MoveKind) {
        self.0 += targets.count() as u64;
    }
    #[inline(always)]
    fn shifted_promotions(&mut self, targets: B, _: isize, kinds: &[u8]) {
        self.0 += targets.count() as u64 * kinds.len() as u64;
    }
    #[inline(always)]
    fn drops(&mut self, _: u8, targets: B) {
        self.0 += targets.count() as u64;
    }
}

impl<B: Bitboard> Sink<B> for MoveList {
    #[inline(always)]
    fn targets(&mut self, from: Square, targets: B) {
        for to in targets.squares() {
            self.push(Move::new(from, to, MoveKind::Normal));
        }
    }
    #[inline(always)]
    fn promotions(&mut self, from: Square, targets: B, kinds: &[u8]) {
        for to in targets.squares() {
            for &k in kinds {
                self.push(Move::promotion(from, to, k));
            }
        }
    }
    #[inline(always)]
    fn push(&mut self, mv: Move) {
        MoveList::push(self, mv);
    }
    #[inline(always)]
    fn shifted(&mut self, targets: B, delta: isize, kind: MoveKind) {
        for to in targets.squares() {
            self.push(Move::new((to as isize - delta) as usize, to, kind));
        }
    }
    #[inline(always)]
    fn shifted_promotions(&mut self, targets: B, delta: isize, kinds: &[u8]) {
        for to in targets.squares() {
            for &k in kinds {
                self.push(Move::promotion((to as isize - delta) as usize, to, k));
            }
        }
    }
    #[inline(always)]
    fn drops(&mut self, kind: u8, targets: B) {
        for to in targets.squares() {
            self.push(Move::drop(kind, to));
        }
    }
}

/// Passes on only the tactical moves (captures, en passant, promotions) of what a
/// generator emits: quiescence search's moves without building the quiet ones.
struct TacticalSink<'a, B> {
    list: &'a mut MoveList,
    enemy: B,
}

impl<B: Bitboard> Sink<B> for TacticalSink<'_, B> {
    #[inline(always)]
    fn targets(&mut self, from: Square, targets: B) {
        self.list.targets(from, targets & self.enemy);
    }
    #[inline(always)]
    fn promotions(&mut self, from: Square, targets: B, kinds: &[u8]) {
        Sink::<B>::promotions(self.list, from, targets, kinds);
    }
    #[inline(always)]
    fn push(&mut self, mv: Move) {
        let tactical = match mv.kind() {
            MoveKind::EnPassant | MoveKind::Promotion => true,
            MoveKind::Castle | MoveKind::Pass => false,
            _ => self.enemy.has(mv.to()),
        };
        if tactical {
            MoveList::push(self.list, mv);
        }
    }
    #[inline(always)]
    fn shifted(&mut self, targets: B, delta: isize, kind: MoveKind) {
        let t = if kind == MoveKind::EnPassant {
            targets
        } else {
            targets & self.enemy
        };
        self.list.shifted(t, delta, kind);
    }
    #[inline(always)]
    fn shifted_promotions(&mut self, targets: B, delta: isize, kinds: &[u8]) {
        Sink::<B>::shifted_promotions(self.list, targets, delta, kinds);
    }
    /// Drops are quiet moves.
    #[inline(always)]
    fn drops(&mut self, _: u8, _: B) {}
    /// A flip is tactical where it captures, as in Fairy-Stockfish's quiescence.
    #[inline(always)]
    fn flips(&mut self, from: Square, targets: B, kinds: &[u8]) {
        Sink::<B>::promotions(self.list, from, targets & self.enemy, kinds);
    }
}

/// Adds to the moves a generator emits their gated forms (Seirawan): a piece from the
/// hand on the square a move from a gate leaves. Used where moves are only counted
/// (perft's last ply); move lists get them from `Position::add_gated_moves`.
struct GatingSink<'a, B: Bitboard, S> {
    pos: &'a Position<B>,
    inner: S,
    /// [`Position::active_gates`].
    gates: B,
}

impl<B: Bitboard, S: Sink<B>> GatingSink<'_, B, S> {
    #[inline]
    fn gated(&mut self, m: Move) {
        let inner = &mut self.inner;
        self.pos.for_each_gated(m, self.gates, |g| inner.push(g));
    }
}

impl<B: Bitboard, S: Sink<B>> Sink<B> for GatingSink<'_, B, S> {
    #[inline(always)]
    fn targets(&mut self, from: Square, targets: B) {
        self.inner.targets(from, targets);
        if self.gates.has(from) {
            for to in targets.squares() {
                self.gated(Move::new(from, to, MoveKind::Normal));
            }
        }
    }
    #[inline(always)]
    fn promotions(&mut self, from: Square, targets: B, kinds: &[u8]) {
        self.inner.promotions(from, targets, kinds);
        if self.gates.has(from) {
            for to in targets.squares() {
                for &k in kinds {
                    self.gated(Move::promotion(from, to, k));
                }
            }
        }
    }
    #[inline(always)]
    fn push(&mut self, mv: Move) {
        self.inner.push(mv);
        if mv.kind() == MoveKind::Castle || self.gates.has(mv.from()) {
            self.gated(mv);
        }
    }
    #[inline(always)]
    fn shifted(&mut self, targets: B, delta: isize, kind: MoveKind) {
        self.inner.shifted(targets, delta, kind);
        for to in (targets & shift_by(self.gates, delta)).squares() {
            self.gated(Move::new((to as isize - delta) as usize, to, kind));
        }
    }
    #[inline(always)]
    fn shifted_promotions(&mut self, targets: B, delta: isize, kinds: &[u8]) {
        self.inner.shifted_promotions(targets, delta, kinds);
        for to in (targets & shift_by(self.gates, delta)).squares() {
            for &k in kinds {
                self.gated(Move::promotion((to as isize - delta) as usize, to, k));
            }
        }
    }
    #[inline(always)]
    fn drops(&mut self, kind: u8, targets: B) {
        self.inner.drops(kind, targets);
    }
}

/// `set` with every square moved by `delta` (an index difference).
#[inline(always)]
fn shift_by<B: Bitboard>(set: B, delta: isize) -> B {
    if delta >= 0 {
        set.shl(delta as u32)
    } else {
        set.shr((-delta) as u32)
    }
}

impl<B: Bitboard> Position<B> {
    /// Destinations of one piece, except its special leaps. `filters[code]` is the set
    /// of squares a move of that code may end on: 1 quiet (empty), 2 capture (enemy),
    /// 3 both.
    #[inline(always)]
    fn piece_targets(&self, m: &KindMoves<B>, from: Square, occ: B, filters: &[B; 4]) -> B {
        let tables = &self.rules.tables;
        let mut t = match m.leap_code {
            0 => B::EMPTY,
            // Same squares for moves and captures (knight, king): one table.
            3 => m.quiet_leaps[from] & filters[3],
            _ => (m.quiet_leaps[from] & filters[1]) | (m.capture_leaps[from] & filters[2]),
        };
        if m.orthogonal_code != 0 {
            t |= tables.orthogonal(from, occ) & filters[m.orthogonal_code as usize];
        }
        if m.diagonal_code != 0 {
            t |= tables.diagonal(from, occ) & filters[m.diagonal_code as usize];
        }
        if m.slow {
            if m.line_dirs != 0 {
                let lines = self.rules.line_count.as_ref().expect("line-count tables");
                let enemy = self.by_color[!self.side];
                t |= lines.targets(tables, from, m.line_dirs, occ, enemy, filters[3]);
            }
            for w in &m.walkers {
                if w.initial && !m.initial_zone.has(from) {
                    continue;
                }
                let shy = if w.shy {
                    self.kinds_set(self.rules.shy_kinds)
                } else {
                    B::EMPTY
                };
                let (quiet, hits) = self.rules.walk(w, from, occ, shy);
                if w.quiet {
                    t |= quiet & filters[1];
                }
                if w.capture {
                    t |= hits & filters[2] & !shy;
                }
            }
        }
        t
    }

    /// Kind `k`'s limits under a capture rule that has them: tafl's squares it may not
    /// stop on (`mask`) or pass over (`occ`), and the enemy pieces it may take.
    #[cold]
    #[inline(never)]
    fn kind_limits(&self, k: usize, mask: B, occ: B, enemies: B) -> (B, B, B) {
        match &self.rules.capture {
            CaptureRule::Replacement | CaptureRule::CrossRays | CaptureRule::Flip(_) => {
                (mask, occ, enemies)
            }
            CaptureRule::Custodian(c) => (mask & c.stops[k], occ | c.blockers[k], enemies),
            CaptureRule::Permitted(_) | CaptureRule::Explosion(_) => {
                (mask, occ, self.capturable(k, !self.side))
            }
        }
    }

    /// Generates every move of the side to move's non-royal pieces (and, when
    /// `include_royal`, the royal's too) restricted to `mask` and, for pinned pieces, to
    /// `pin_limit(from)`, over the occupancy `occ` (the pieces, and the walls of a
    /// walling game: the callers that serve such games add them).
    #[inline(always)]
    fn gen_pieces<S: Sink<B>>(
        &self,
        sink: &mut S,
        occ: B,
        mask: B,
        pinned: B,
        pin_limit: impl Fn(Square) -> B,
        include_royal: bool,
    ) {
        let rules = &*self.rules;
        let us = self.side;
        // Vanished squares (Cheshire Cat) and walls are neither empty nor enemy:
        // nothing lands.
        let empty = !occ & self.landable;
        let enemy = self.by_color[!us];
        // Promotion squares (compulsory, optional) and the kinds allowed now.
        let mut allowed = [0u8; MAX_KINDS];
        let (promo_zone, promo_optional, promo_kinds): (B, B, &[u8]) = match &rules.promotion {
            None => (B::EMPTY, B::EMPTY, &[]),
            Some(p) => match &p.limits {
                None => (p.zone[us], p.optional[us], &p.targets[us]),
                Some(limits) => {
                    let mut n = 0;
                    for (&k, &limit) in p.targets[us].iter().zip(&limits[us]) {
                        if self.pieces_of(k as usize, us).count() < limit {
                            allowed[n] = k;
                            n += 1;
                        }
                    }
                    (p.zone[us], p.optional[us], &allowed[..n])
                }
            },
        };
        let all_enemies = enemy;
        let filters = [B::EMPTY, empty, enemy, empty | enemy];
        for (k, kind) in rules.kinds.iter().enumerate() {
            if kind.royal && !include_royal {
                continue;
            }
            let pieces = self.pieces_of(k, us);
            if pieces.is_empty() {
                continue;
            }
            let m = &kind.moves[us];
            if m.plain {
                // One set of squares for moves and captures, no promotion, no limits of
                // the capture rule: what `piece_targets` gives such a kind, without its
                // other tests. The shape (leaps, lines) is chosen once per kind, not per
                // piece.
                let land = filters[3] & mask;
                let t = &rules.tables;
                let shape = (
                    m.leap_code != 0,
                    m.orthogonal_code != 0,
                    m.diagonal_code != 0,
                );
                let pins = (pinned, &pin_limit);
                match shape {
                    (true, false, false) => {
                        plain_moves(sink, pieces, land, pins, |f| m.quiet_leaps[f])
                    }
                    (false, true, false) => {
                        plain_moves(sink, pieces, land, pins, |f| t.orthogonal(f, occ))
                    }
                    (false, false, true) => {
                        plain_moves(sink, pieces, land, pins, |f| t.diagonal(f, occ))
                    }
                    (false, true, true) => plain_moves(sink, pieces, land, pins, |f| {
                        t.orthogonal(f, occ) | t.diagonal(f, occ)
                    }),
                    _ => plain_moves(sink, pieces, land, pins, |f| {
                        let mut s = if shape.0 { m.quiet_leaps[f] } else { B::EMPTY };
                        if shape.1 {
                            s |= t.orthogonal(f, occ);
                        }
                        if shape.2 {
                            s |= t.diagonal(f, occ);
                        }
                        s
                    }),
                }
                continue;
            }
            // Tafl: squares the kind may not stop on, or not pass over. Capture
            // permissions: the enemy pieces this kind may take. Tested here, on the long
            // path only (plain kinds have no limits), and out of line, so the common
            // capture rules cost one predictable branch per long-path kind (chess
            // perft): `Rules::kinds_limited` is read here each time, since a flag kept
            // across the loop cost chess a register spill.
            let kind_filters;
            let (mask, occ, filters) = if rules.kinds_limited {
                let (mask, occ, enemy) = self.kind_limits(k, mask, occ, all_enemies);
                kind_filters = [B::EMPTY, empty, enemy, empty | enemy];
                (mask, occ, &kind_filters)
            } else {
                (mask, occ, &filters)
            };
            let enemy = filters[2];
            let has_specials = !m.specials.is_empty();
            // This kind's promotions: squares where a move must promote, squares where
            // it may, squares from which any move may (a shogi-style zone), squares from
            // which any move must (a mandatory one), the kinds.
            let (forced, may, from_zone, forced_from, targets): (B, B, B, B, &[u8]) =
                if let Some(p) = &kind.promotion {
                    self.piece_promotion_zones(p, enemy)
                } else if kind.promotes {
                    (
                        promo_zone,
                        promo_zone | promo_optional,
                        B::EMPTY,
                        B::EMPTY,
                        promo_kinds,
                    )
                } else {
                    (B::EMPTY, B::EMPTY, B::EMPTY, B::EMPTY, &[])
                };
            let promoting = may.any();
            let mut pieces = pieces;
            if let Some(shift) = &m.shift {
                let free = pieces & !pinned;
                pieces &= pinned;
                // Promotions decided by where a move starts (a shogi-style zone): none
                // for chess-like pawns, which then skip two shifts per vector.
                let by_origin = (forced_from | from_zone).any();
                let mut emit = |t: B, s: &Shift<B>| {
                    let t = t & mask;
                    if !promoting {
                        return sink.shifted(t, s.delta, MoveKind::Normal);
                    }
                    let (forced, may) = if by_origin {
                        (forced | s.apply(forced_from), may | s.apply(from_zone))
                    } else {
                        (forced, may)
                    };
                    sink.shifted(t & !forced, s.delta, MoveKind::Normal);
                    let z = t & may;
                    if z.any() && !targets.is_empty() {
                        sink.shifted_promotions(z, s.delta, targets);
                    }
                };
                for q in &shift.quiet {
                    emit(q.apply(free) & empty, q);
                }
                for c in &shift.capture {
                    emit(c.apply(free) & enemy, c);
                }
                if let Some(d) = &shift.double {
                    // The square passed may have vanished; the one landed on not.
                    let once = d.apply(free & m.initial_zone) & !occ & rules.tables.board;
                    let twice = d.apply(once) & empty & mask;
                    // A listed double step makes an en-passant square whatever its kind
                    // captures (Fairy-Stockfish's custom pieces).
                    let kind_of_move = if kind.en_passant || kind.custom {
                        MoveKind::DoubleStep
                    } else {
                        MoveKind::Normal
                    };
                    if shift.double_promotes {
                        let zones = [forced, may, from_zone, forced_from];
                        double_steps_promoting(sink, d, twice, kind_of_move, zones, targets);
                    } else {
                        sink.shifted(twice, 2 * d.delta, kind_of_move);
                    }
                }
            }
            for from in pieces.squares() {
                let mut limit = mask;
                if pinned.has(from) {
                    limit &= pin_limit(from);
                }
                let mut t = self.piece_targets(m, from, occ, filters);
                if has_specials {
                    let (start, end) = m.special_index[from];
                    let in_zone = m.initial_zone.has(from);
                    for s in &m.specials[start as usize..end as usize] {
                        let to = s.to as usize;
                        if (s.initial && !in_zone)
                            || (s.path & occ).any()
                            || !limit.has(to)
                            || !((s.quiet && empty.has(to)) || (s.capture && enemy.has(to)))
                        {
                            continue;
                        }
                        if (kind.en_passant || kind.custom)
                            && s.initial
                            && s.path.any()
                            && !may.has(to)
                        {
                            sink.push(Move::new(from, to, MoveKind::DoubleStep));
                        } else {
                            t |= B::from_square(to);
                        }
                    }
                }
                t &= limit;
                if kind.demotes && self.promoted.has(from) {
                    self.demotions(sink, from, t);
                    continue;
                }
                if promoting {
                    if !forced_from.has(from) {
                        sink.targets(from, t & !forced);
                    }
                    let z = if from_zone.has(from) { t } else { t & may };
                    if z.any() && !targets.is_empty() {
                        // Kyoto shogi's pieces flip with their moves.
                        if kind.promotion.as_ref().is_some_and(|p| p.demotes) {
                            sink.flips(from, z, targets);
                        } else {
                            sink.promotions(from, z, targets);
                        }
                    }
                } else {
                    sink.targets(from, t);
                }
            }
        }
    }

    /// A shogi-style promotion's squares for the side to move, as the generator's
    /// per-kind loop takes them: where a move must promote, where it may, from where
    /// any move may, from where any move must, and the kinds (none past the limit).
    /// Out of line: games without such promotions (chess) never call it.
    #[inline(never)]
    fn piece_promotion_zones<'a>(
        &self,
        p: &'a KindPromotionRules<B>,
        enemy: B,
    ) -> (B, B, B, B, &'a [u8]) {
        let us = self.side;
        let allowed =
            p.limit == u32::MAX || self.pieces_of(p.target[0] as usize, us).count() < p.limit;
        let targets: &[u8] = if allowed { &p.target } else { &[] };
        if p.on_capture {
            // Only captures promote (Micro shogi; the zone is the whole board, so the
            // zone of origin adds nothing). A quiet move onto a square without moves
            // stays plain only with a mandatory promotion (the loader's condition).
            let up = p.zone[us] & enemy;
            let forced = if allowed && p.mandatory {
                up
            } else {
                p.forced[us]
            };
            (forced, up, B::EMPTY, B::EMPTY, targets)
        } else if allowed && p.mandatory {
            (p.zone[us], p.zone[us], p.zone[us], p.zone[us], targets)
        } else {
            (p.forced[us], p.zone[us], p.zone[us], B::EMPTY, targets)
        }
    }

    /// The moves of the promoted piece on `from` to the squares `t`, where its kind
    /// demotes ([`crate::variant::rules::KindRules::demotes`]): as the kind it came from
    /// would promote, it turns back into that kind (a promotion move to it, UCI `-`),
    /// on a move that starts or ends in that kind's zone, by force where that
    /// promotion is mandatory.
    /// Only captures demote where that kind's promotion is by capture (`t` holds only
    /// the captures the capture rule allows).
    #[inline(never)]
    fn demotions<S: Sink<B>>(&self, sink: &mut S, from: Square, t: B) {
        let rules = &*self.rules;
        let k = kind_of(self.board[from]);
        let origin = match self.origin.get(from) {
            Some(&o) => o as usize,
            None => rules.kinds[k].unpromoted.expect("a promoted kind"),
        };
        let Some(p) = &rules.kinds[origin].promotion else {
            return sink.targets(from, t);
        };
        let zone = p.zone[self.side];
        let mut back = if zone.has(from) { t } else { t & zone };
        if p.on_capture {
            back &= self.by_color[!self.side];
        }
        let plain = if p.mandatory { t & !back } else { t };
        sink.targets(from, plain);
        if back.any() {
            sink.flips(from, back, &[origin as u8]);
        }
    }

    /// En-passant captures, each checked by simulating the capture (it removes two
    /// pieces from the board, which no pin test covers).
    #[inline(always)]
    fn gen_en_passant<S: Sink<B>>(&self, sink: &mut S, check_legality: bool) {
        if let Some(ep) = self.en_passant() {
            self.gen_en_passant_to(sink, ep, check_legality);
        }
    }

    /// [`Position::gen_en_passant`] with an en-passant square; out of line, so that
    /// the generator pays one test where there is none.
    #[inline(never)]
    fn gen_en_passant_to<S: Sink<B>>(&self, sink: &mut S, ep: Square, check_legality: bool) {
        let rules = &*self.rules;
        let us = self.side;
        let Some(victim) = self.ep_victim(ep, us) else {
            return;
        };
        // A wall may stand on the square passed (the duck).
        if !self.landable.has(ep) {
            return;
        }
        for (k, kind) in rules.kinds.iter().enumerate() {
            if !kind.en_passant {
                continue;
            }
            if self.rules.capture.victims(k) >> kind_of(self.board[victim]) & 1 == 0 {
                continue;
            }
            let from_set = kind.moves[us].capture_leaps_from[ep] & self.pieces_of(k, us);
            for from in from_set.squares() {
                if check_legality {
                    if let Some(ksq) = self.royal_square(us) {
                        let occ = (self.occupied() ^ B::from_square(from) ^ B::from_square(victim))
                            | B::from_square(ep);
                        let att = self.attackers(ksq, !us, occ) & !B::from_square(victim);
                        if att.any() {
                            continue;
                        }
                    }
                }
                sink.push(Move::new(from, ep, MoveKind::EnPassant));
            }
        }
    }

    /// Castling moves; the king may not be in check, pass over or land on an attacked
    /// square, and every square either piece crosses must be empty.
    #[inline(always)]
    fn gen_castling<S: Sink<B>>(&self, sink: &mut S) {
        let rights = self.castling >> (2 * self.side.index()) & 3;
        if rights == 0 {
            return;
        }
        // The rights whose squares between king and rook are empty (no wall either):
        // most positions with rights have none, and pay only these tests.
        let occ = self.occupied() | self.walls;
        let base = 2 * self.side.index();
        let mut open = 0u8;
        for side in 0..2 {
            if (self.castle_paths[base + side] & occ).is_empty() {
                open |= 1 << side;
            }
        }
        let open = open & rights;
        if open != 0 {
            self.gen_castling_with(sink, open);
        }
    }

    /// [`Position::gen_castling`] for the side to move's castling rights with empty
    /// paths (`open`: two bits, not both clear); out of line.
    #[inline(never)]
    fn gen_castling_with<S: Sink<B>>(&self, sink: &mut S, open: u8) {
        let us = self.side;
        let ksq = self.castle_kings[us] as Square;
        let check_attacks = self.rules.castling.as_ref().is_some_and(|c| {
            c.king_royal || (c.king_pseudo_royal && self.is_pseudo_royal(c.king_kind, us))
        });
        // Where a royal may move into check, castling may end in check (the move
        // filter judges the destination like any royal move).
        let into_check = self.rules.castling.as_ref().is_some_and(|c| c.into_check);
        let tables = &self.rules.tables;
        let occ = self.occupied();
        for side in 0..2 {
            if open >> side & 1 == 0 {
                continue;
            }
            let right = 2 * us.index() + side;
            let rook = self.castle_rooks[right] as Square;
            let attacked = check_attacks && {
                let (kto, _) = self.castling_destinations(ksq, rook);
                let rest = occ ^ B::from_square(ksq) ^ B::from_square(rook);
                let king_path = if into_check {
                    tables.between(ksq, kto)
                } else {
                    tables.between(ksq, kto) | B::from_square(kto)
                };
                (king_path | B::from_square(ksq))
                    .squares()
                    .any(|s| self.checked_on(s, us, rest))
            };
            if !attacked {
                sink.push(Move::new(ksq, rook, MoveKind::Castle));
            }
        }
    }

    /// Legal moves straight from checkers and pins.
    fn gen_pin_aware<S: Sink<B>>(&self, sink: &mut S) {
        let rules = &*self.rules;
        let us = self.side;
        let them = !us;
        let royal = rules
            .royalty
            .kind()
            .expect("pin-aware generation needs a royal kind");
        let Some(ksq) = self.royal_square(us) else {
            return;
        };
        let occ = self.occupied();
        let own = self.by_color[us];
        let enemy = self.by_color[them];
        let their_sliders = self.sliders(them);
        // A leaper's check (a knight, or a dabbaba two squares away on a line) cannot
        // be blocked: only a rider's check leaves squares between to interpose on.
        let leap_checkers = self.leap_attackers(ksq, them);
        let checkers = leap_checkers | self.far_attackers(ksq, them, occ, &their_sliders);
        // The king: every destination tested with the king off the board, so sliders
        // see through the square it leaves.
        let km = &rules.kinds[royal].moves[us];
        let empty = !occ & self.landable;
        let candidates =
            (km.quiet_leaps[ksq] & empty) | (km.capture_leaps[ksq] & self.capturable(royal, them));
        let without_king = occ ^ B::from_square(ksq);
        let mut king_targets = B::EMPTY;
        for t in candidates.squares() {
            // The leapers first: where one attacks, no line lookup.
            if self.leap_attackers(t, them).is_empty()
                && self
                    .far_attackers(t, them, without_king, &their_sliders)
                    .is_empty()
            {
                king_targets |= B::from_square(t);
            }
        }
        sink.targets(ksq, king_targets);
        if checkers.more_than_one() {
            return;
        }
        let mask = if leap_checkers.any() {
            checkers
        } else if checkers.any() {
            rules.tables.between(ksq, checkers.lsb()) | checkers
        } else {
            rules.tables.board
        };
        let snipers = (rules.tables.orthogonal(ksq, enemy) & their_sliders.orthogonal)
            | (rules.tables.diagonal(ksq, enemy) & their_sliders.diagonal);
        let mut pinned = B::EMPTY;
        for s in snipers.squares() {
            let between = rules.tables.between(ksq, s) & occ;
            if between.any() && !between.more_than_one() && (between & own).any() {
                pinned |= between;
            }
        }
        // A pinned piece stays between the king and the pinner (or takes it): a leap
        // along the line (dabbaba, alfil) may not jump over either.
        let t = &rules.tables;
        let pin_line = |from| (t.orthogonal(from, occ) | t.diagonal(from, occ)) & t.line(ksq, from);
        // No walls here: walling games have no royal piece.
        self.gen_pieces(sink, occ, mask, pinned, pin_line, false);
        self.gen_drops(sink, mask);
        self.gen_en_passant(sink, true);
        if checkers.is_empty() {
            self.gen_castling(sink);
        }
    }

    /// Pseudo-legal moves (royal pieces may end attacked); castling is checked fully.
    fn gen_pseudo_legal<S: Sink<B>>(&self, sink: &mut S) {
        let board = self.rules.tables.board;
        // Walls block every line (empty outside walling games).
        let occ = self.occupied() | self.walls;
        self.gen_pieces(sink, occ, board, B::EMPTY, |_| board, true);
        self.gen_drops(sink, board);
        self.gen_en_passant(sink, false);
        if !self.in_check() {
            self.gen_castling(sink);
        }
        if self.privilege != 0 {
            self.gen_privileged_royal(sink);
        }
        if self.gates[self.side].any() {
            self.gen_gate_moves(sink);
        }
    }

    /// Cambodia's first moves from the side to move's gate squares
    /// ([`crate::variant::parts::PieceMode::GateMoves`]): the royal's sideways knight
    /// leaps one rank forward when not in check, the met's jump two squares straight
    /// forward, each to an empty square. Pseudo-legal: the make-and-test generator
    /// tests each.
    fn gen_gate_moves<S: Sink<B>>(&self, sink: &mut S) {
        let Some((royal, jumpers, _)) = self.rules.modes.gate_moves() else {
            return;
        };
        let us = self.side;
        let geo = self.rules.geo;
        let forward: i32 = if us == crate::variant::WHITE { 1 } else { -1 };
        let empty = !self.occupied() & self.landable;
        for from in self.gates[us].squares() {
            let p = self.piece_at(from);
            if p == crate::position::NO_PIECE || crate::position::color_of(p) != us {
                continue;
            }
            let kind = kind_of(p);
            let leaps: &[(i32, i32)] = if kind == royal {
                if self.in_check() {
                    continue;
                }
                &[(-2, 1), (2, 1)]
            } else if jumpers >> kind & 1 != 0 {
                &[(0, 2)]
            } else {
                continue;
            };
            let (file, rank) = (geo.file_of(from) as i32, geo.rank_of(from) as i32);
            let mut targets = B::EMPTY;
            for &(dx, dy) in leaps {
                let (f, r) = (file + dx, rank + dy * forward);
                if (0..geo.files() as i32).contains(&f) && (0..geo.ranks() as i32).contains(&r) {
                    targets |= B::from_square(geo.square(f as usize, r as usize));
                }
            }
            sink.targets(from, targets & empty);
        }
    }

    /// The queen moves of a royal that keeps its first-move privilege (Cheshire Cat):
    /// along the eight lines over empty and vanished squares, to an empty square that
    /// has not vanished or onto the first enemy piece; its plain steps come from its
    /// own moves. Pseudo-legal: the make-and-test generator tests each.
    fn gen_privileged_royal<S: Sink<B>>(&self, sink: &mut S) {
        let us = self.side;
        if !self.has_privilege(us) {
            return;
        }
        let Some(k) = self.rules.modes.first_move_queen() else {
            return;
        };
        let Some(from) = self.royal_square(us) else {
            return;
        };
        let t = &self.rules.tables;
        let occ = self.occupied();
        let m = &self.rules.kinds[k].moves[us];
        let steps = m.quiet_leaps[from] | m.capture_leaps[from];
        let lines = t.orthogonal(from, occ) | t.diagonal(from, occ);
        let land = (!occ & self.landable) | self.by_color[!us];
        sink.targets(from, lines & land & !steps);
    }

    /// How this position's legal moves are found: the rules' generator plan, for a side
    /// with or without its royal piece on the board.
    #[inline(always)]
    fn strategy(&self) -> Strategy<'_> {
        let rules = &*self.rules;
        let royals = match rules.royalty.kind() {
            Some(k) => self.pieces_of(k, self.side),
            None => B::EMPTY,
        };
        if royals.is_empty() {
            return match rules.plan.without_royal {
                NoRoyal::Pseudo => Strategy::Pseudo,
                NoRoyal::Filtered => Strategy::Filtered,
            };
        }
        match &rules.plan.with_royal {
            WithRoyal::PinAware => Strategy::PinAware,
            WithRoyal::PinAwareNoChecks => Strategy::PinAwareNoChecks,
            // The screen pins follow one royal piece.
            WithRoyal::Screened(sp) if !royals.more_than_one() => Strategy::Screened(sp),
            WithRoyal::Screened(_) | WithRoyal::Filtered => Strategy::Filtered,
        }
    }

    /// Whether a pin-aware legal move attacks the enemy royal afterwards, without making
    /// it: the moved (or promoted) piece from its new square, or a slider it uncovers.
    /// Exact when every capture is a plain leap or a full-line slide; castling and en
    /// passant are made and tested.
    fn gives_check(&self, m: &Move) -> bool {
        let Some(ek) = self.royal_square(!self.side) else {
            return false;
        };
        if matches!(m.kind(), MoveKind::Castle | MoveKind::EnPassant) {
            return self.with_copy(|p| {
                p.make_move(*m);
                p.in_check()
            });
        }
        let rules = &*self.rules;
        let t = &rules.tables;
        let us = self.side;
        let (from, to) = (m.from(), m.to());
        let kind = if m.kind() == MoveKind::Drop {
            self.placed_kind(*m)
        } else if m.kind() == MoveKind::Promotion {
            m.promoted_kind()
        } else {
            crate::position::kind_of(self.piece_at(from))
        };
        let occ = (self.occupied() & !B::from_square(from)) | B::from_square(to);
        let km = &rules.kinds[kind].moves[us];
        if km.capture_leaps[to].has(ek)
            || (km.capture_orthogonal && t.orthogonal(to, occ).has(ek))
            || (km.capture_diagonal && t.diagonal(to, occ).has(ek))
        {
            return true;
        }
        let sliders = self.sliders(us);
        let moved = !B::from_square(from);
        (t.orthogonal(ek, occ) & sliders.orthogonal & moved).any()
            || (t.diagonal(ek, occ) & sliders.diagonal & moved).any()
    }

    /// Squares where moving a piece away or onto could let the enemy attack our royal on
    /// `king`: the full lines through it (sliders, cannon screens, a flying general) and
    /// the blocking squares of lame leaps into it. The whole board when an enemy kind
    /// captures along other paths (grasshoppers, odd-direction riders).
    fn exposure_squares(&self, king: Square) -> B {
        let rules = &*self.rules;
        let t = &rules.tables;
        let them = !self.side;
        let mut s = t.orthogonal(king, B::EMPTY) | t.diagonal(king, B::EMPTY);
        for &k in &rules.complex_capturers {
            if self.pieces_of(k, them).is_empty() {
                continue;
            }
            let Some(rev) = &rules.kinds[k].moves[them].reverse else {
                return t.board;
            };
            if rev.walkers.iter().any(|w| w.unit.is_none()) {
                return t.board;
            }
            let (start, end) = rev.special_index[king];
            for &(_, path) in &rev.specials[start as usize..end as usize] {
                s |= path;
            }
        }
        s
    }

    /// Whether the side that just moved left its royal piece safe.
    fn mover_is_safe(&self) -> bool {
        let mover = !self.side;
        match self.rules.capture {
            CaptureRule::Replacement
            | CaptureRule::Custodian(_)
            | CaptureRule::Permitted(_)
            | CaptureRule::CrossRays
            | CaptureRule::Flip(_) => {}
            CaptureRule::Explosion(_) => {
                // A move may not explode the mover's royal piece; one that explodes the
                // enemy's wins at once, whatever else it leaves attacked.
                let royals = self.royals();
                if (royals & self.by_color[mover]).is_empty() {
                    return false;
                }
                if (royals & self.by_color[self.side]).is_empty() {
                    return true;
                }
            }
        }
        !self.royal_attacked(mover)
    }

    /// Whether the move just made passes the variant's move filters (beyond royal
    /// safety, which `mover_is_safe` tests).
    #[inline]
    fn move_filters_pass(&mut self) -> bool {
        // By index: the lookahead filters need the position mutably.
        let mut i = 0;
        while let Some(f) = self.rules.filters.at(i) {
            i += 1;
            let pass = match f {
                // Judged on the whole list afterwards.
                MoveFilter::CompulsoryCapture => true,
                MoveFilter::NoGivingCheck => !self.in_check(),
                MoveFilter::NoDropChecks => {
                    !(self.last_move().is_some_and(|m| m.is_drop()) && self.in_check())
                }
                // Part of the royal attack test (`Position::checked_on`).
                MoveFilter::RoyalsMayNotFace => true,
                MoveFilter::IntrudersMustGo => {
                    let mover = !self.side_to_move();
                    (self.rules.intrusion[mover] & self.pieces(self.side_to_move())).is_empty()
                }
                MoveFilter::DefendedDestination => self.destination_defended(),
                MoveFilter::RoyalsMayNotSee => !self.royals_see_each_other(),
                // Judged on the whole list afterwards.
                MoveFilter::ForwardIfAny => true,
                MoveFilter::CheckBudget(budget) => self.check_within_budget(budget),
                MoveFilter::SupportedChecks => self.check_supported(),
                MoveFilter::CheckLevels(levels) => {
                    !self.in_check() || self.has_level_move(levels - 1)
                }
                MoveFilter::SelfCheck(not_by) => self.self_check_legal(not_by),
                MoveFilter::GiftPromotion(kind) => self.gift_promotion_legal(kind),
                MoveFilter::SecondRoyal(kind, strict) => self.second_royal_legal(kind, strict),
                MoveFilter::QuadrantsApart(kinds) => !self.in_one_quadrant(kinds, !self.side),
                MoveFilter::CheckedRoyalStays => !self.royal_left_check(),
                MoveFilter::Linkage(run) => !self.linkage_threat(!self.side, run),
                MoveFilter::MatedRoyalWins(kind) => !self.second_royal_attacked(kind, !self.side),
                MoveFilter::Bikjang => self.bikjang_parted(),
                MoveFilter::PseudoRoyal(p) => self.pseudo_royals_safe(p),
            };
            if !pass {
                return false;
            }
        }
        true
    }

    /// Whether the game is already over by a rule of the position alone; such a
    /// position has no legal moves (as in Fairy-Stockfish).
    #[inline(always)]
    fn ended(&self) -> bool {
        !self.rules.end.is_empty() && self.variant_end().is_some()
    }

    /// All legal moves.
    pub fn generate_legal(&mut self, list: &mut MoveList) {
        if self.ended() {
            return;
        }
        self.generate_ignoring_end(list);
    }

    /// Legal moves as if the game were not over (used by end rules that look one move
    /// ahead).
    pub(crate) fn generate_ignoring_end(&mut self, list: &mut MoveList) {
        self.generate_ungated(list);
        self.add_gated_moves(list);
    }

    /// Legal moves without their gated forms (Seirawan), which are added afterwards:
    /// a gated move is legal exactly when its plain form is.
    fn generate_ungated(&mut self, list: &mut MoveList) {
        self.generate_plain(list);
        self.finish_list(list);
    }

    /// The legal moves the strategy's generator finds, before the turn rule's
    /// compound turns and the list rules.
    #[inline(always)]
    fn generate_plain(&mut self, list: &mut MoveList) {
        match self.strategy() {
            Strategy::PinAware => self.gen_pin_aware(list),
            Strategy::PinAwareNoChecks => {
                self.gen_pin_aware(list);
                let this = &*self;
                list.retain(|m| !this.gives_check(&m));
            }
            Strategy::Screened(sp) => self.gen_screened(list, sp),
            Strategy::Pseudo => self.gen_pseudo_legal(list),
            Strategy::Filtered => {
                self.gen_pseudo_legal(list);
                let rules = &*self.rules;
                // Where a royal may move into check, the self-check filter judges royal
                // safety in place of `mover_is_safe`.
                let check_royal = rules.royalty.kind().is_some() && !rules.filters.self_check();
                // Out of check, a plain move touching no square from which our royal
                // can be exposed or newly attacked is legal without being tried.
                let king = self.royal_square(self.side);
                let exposed = match king {
                    Some(k) if rules.plan.exposure_shortcut && !self.in_check() => {
                        self.exposure_squares(k)
                    }
                    _ => rules.tables.board,
                };
                let modes = !rules.modes.is_empty();
                // Kept in place: no second list, no copy.
                list.retain(|m| {
                    if modes && !self.modes_allow(m) {
                        return false;
                    }
                    let plain = matches!(
                        m.kind(),
                        MoveKind::Normal
                            | MoveKind::Promotion
                            | MoveKind::DoubleStep
                            | MoveKind::Drop
                    );
                    if plain
                        && Some(m.from()) != king
                        && !exposed.has(m.from())
                        && !exposed.has(m.to())
                    {
                        return true;
                    }
                    self.make_move(m);
                    let ok = (!check_royal || self.mover_is_safe()) && self.move_filters_pass();
                    self.unmake_move();
                    ok
                });
            }
        }
    }

    /// The turn rule's compound turns and the list rules, after the generator.
    #[inline(always)]
    fn finish_list(&mut self, list: &mut MoveList) {
        if self.rules.plan.expands {
            match self.rules.turn {
                TurnRule::PlaceCaptured(placed) => self.expand_placements(list, placed),
                TurnRule::SecretBomb => self.add_bomb_actions(list),
                TurnRule::Walling(rule) => self.expand_walls(list, rule),
                TurnRule::TwoStepEvasions => {
                    if self.in_check() {
                        self.two_step_evasions(list);
                    }
                }
                TurnRule::PlaceFromPool => {
                    if let Some(kind) = self.pool_kind(self.side) {
                        self.pool_turns(list, kind);
                    }
                }
                TurnRule::Mirror(kinds) => self.mirror_turns(list, kinds),
                TurnRule::OneMove => {}
            }
        }
        match self.rules.plan.list_rule {
            ListRule::None => {}
            ListRule::CapturesIfAny => {
                let this = &*self;
                if list.as_slice().iter().any(|&m| this.is_capture(m)) {
                    list.retain(|m| this.is_capture(m));
                }
            }
            ListRule::RoyalMateIfAny => {
                if let Some(kind) = self.rules.filters.mated_royal_wins() {
                    self.keep_royal_mates(list, kind);
                }
            }
            ListRule::ForwardIfAny => {
                let this = &*self;
                if list.as_slice().iter().any(|&m| this.is_forward(m)) {
                    list.retain(|m| this.is_forward(m));
                }
            }
        }
        if self.must_drop_now() {
            self.keep_compulsory_drops(list);
        }
        if self.rules.plan.pass_if_none
            && list.is_empty()
            && !self.in_check()
            && self.passes_when_stuck()
        {
            list.push(Move::PASS);
        }
        // The pass is refused in check, except to kings that face each other
        // (bikjang): passing then ends the game, as in Fairy-Stockfish.
        if self.rules.plan.pass_always
            && (!self.in_check()
                || (self.rules.filters.has(MoveFilter::Bikjang) && self.royals_face()))
        {
            list.push(Move::PASS);
        }
    }

    /// A set-up turn: the side to move holds pieces (of the kind that must be dropped,
    /// where one is named) and must drop one if it can. Its moves come from the whole
    /// legal list, like compulsory captures.
    #[inline(always)]
    fn must_drop_now(&self) -> bool {
        match &self.rules.hands {
            Some(h) if h.must_drop => match h.must_drop_kind {
                Some(k) => self.hand[self.side][k] != 0,
                None => self.hand[self.side].iter().any(|&n| n != 0),
            },
            _ => false,
        }
    }

    /// On a set-up turn: no drop of a kind other than the compulsory one
    /// ([`crate::variant::Hands::must_drop_kind`]), and only drops if one is left.
    fn keep_compulsory_drops(&self, list: &mut MoveList) {
        if let Some(k) = self.rules.hands.as_ref().and_then(|h| h.must_drop_kind) {
            list.retain(|m| m.kind() != MoveKind::Drop || m.promoted_kind() == k);
        }
        if list.as_slice().iter().any(|m| m.kind() == MoveKind::Drop) {
            list.retain(|m| m.kind() == MoveKind::Drop);
        }
    }

    /// The legal captures (en passant and custodian captures included) and promotions,
    /// in the order `generate_legal` lists them: what quiescence search plays. Where
    /// moves come straight from the generator (pin-aware, or pseudo-legal moves that
    /// are all legal) and capture by replacement, no quiet move is built; where they
    /// are filtered (hoppers, explosions, compulsory captures and whatever rules are
    /// added there) or capture without landing on the victim (custodian capture), the
    /// tactical moves are taken from the full legal list, so every rule applies
    /// without a copy.
    pub fn generate_tactical(&mut self, list: &mut MoveList) {
        if self.ended() {
            return;
        }
        let enemy = self.by_color[!self.side];
        let strategy = if self.must_drop_now() || !self.rules.capture.takes_on_destination() {
            Strategy::Filtered
        } else {
            self.strategy()
        };
        match strategy {
            Strategy::PinAware => self.gen_pin_aware(&mut TacticalSink { list, enemy }),
            Strategy::Screened(sp) => self.gen_screened(&mut TacticalSink { list, enemy }, sp),
            Strategy::Pseudo if self.rules.plan.lists_final() => {
                self.gen_pseudo_legal(&mut TacticalSink { list, enemy })
            }
            _ => {
                self.generate_ungated(list);
                let this = &*self;
                list.retain(|m| m.kind() == MoveKind::Promotion || this.is_capture(m));
            }
        }
        // The gated forms of captures and promotions are captures and promotions too.
        self.add_gated_moves(list);
    }

    /// The number of legal moves, without building them where the variant allows.
    pub fn count_legal(&mut self) -> u64 {
        self.count_legal_in(&mut MoveList::new())
    }

    /// [`Position::count_legal`], building the moves (where they must be built) in
    /// `list`, which is left empty: a search lends its kept list, so that a large
    /// board's moves (Amazons' thousands) do not spill a fresh list to the heap at
    /// every node.
    pub fn count_legal_in(&mut self, list: &mut MoveList) -> u64 {
        if self.ended() {
            return 0;
        }
        let gates = self.active_gates();
        if gates.any() {
            let mut c = GatingSink {
                pos: &*self,
                inner: CountSink(0),
                gates,
            };
            if self.count_direct(&mut c) {
                return c.inner.0;
            }
        } else {
            let mut c = CountSink(0);
            if self.count_direct(&mut c) {
                return c.0;
            }
        }
        list.clear();
        self.generate_ignoring_end(list);
        let n = list.len() as u64;
        list.clear();
        n
    }

    /// Counts into `c` where the strategy gives legal moves straight from the generator;
    /// false where they must be listed and filtered.
    #[inline(always)]
    fn count_direct<S: Sink<B>>(&self, c: &mut S) -> bool {
        if self.must_drop_now() {
            return false;
        }
        match self.strategy() {
            Strategy::PinAware => self.gen_pin_aware(c),
            Strategy::Screened(sp) => self.gen_screened(c, sp),
            Strategy::Pseudo if self.rules.plan.lists_final() => self.gen_pseudo_legal(c),
            _ => return false,
        }
        true
    }

    /// Legal moves of a position that is not to be changed (clones it if needed).
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        if self.ended() {
            return list;
        }
        let strategy = if self.must_drop_now() || !self.rules.capture.takes_on_destination() {
            Strategy::Filtered
        } else {
            self.strategy()
        };
        match strategy {
            Strategy::PinAware => self.gen_pin_aware(&mut list),
            Strategy::Screened(sp) => self.gen_screened(&mut list, sp),
            Strategy::Pseudo if self.rules.plan.lists_final() => self.gen_pseudo_legal(&mut list),
            _ => return self.with_copy(|p| p.generate_on_copy()),
        }
        self.add_gated_moves(&mut list);
        list
    }

    /// Every legal move, gated ones included, of a copy.
    fn generate_on_copy(&mut self) -> MoveList {
        let mut list = MoveList::new();
        self.generate_ignoring_end(&mut list);
        list
    }
}

/// How legal moves are found in a position (see the module comment): the generator
/// plan's choice for the side to move.
#[derive(Clone, Copy)]
enum Strategy<'a> {
    /// From checkers and pins: the side has its one royal king and plain captures.
    PinAware,
    /// The same, dropping moves that give check (Racing Kings).
    PinAwareNoChecks,
    /// From pins through cannon screens, lame-leap legs and lines, with exact tests in
    /// check (see [`screen_pins`]), with the rules' pin data.
    Screened(&'a ScreenPins),
    /// Pseudo-legal moves are legal: the side has no royal piece to expose.
    Pseudo,
    /// Pseudo-legal moves, each made and tested.
    Filtered,
}

/// The moves of `pieces`, a plain kind's (see `KindMoves::plain`): each piece's
/// `targets` on the squares of `land`, a pinned one's (`pins`: the pinned pieces and
/// their lines) only along its pin line.
#[inline(always)]
fn plain_moves<B: Bitboard, S: Sink<B>>(
    sink: &mut S,
    pieces: B,
    land: B,
    pins: (B, &impl Fn(Square) -> B),
    targets: impl Fn(Square) -> B,
) {
    let (pinned, pin_limit) = pins;
    for from in pieces.squares() {
        let mut t = targets(from) & land;
        if pinned.has(from) {
            t &= pin_limit(from);
        }
        sink.targets(from, t);
    }
}

/// Double steps of a kind whose double step can land where it promotes (Torpedo's pawns
/// double-step from any rank): split like single steps into plain moves and
/// promotions. `zones`: squares where a move must promote, where it may, from which
/// any move may, from which any move must. Out of line, so that the common generator
/// pays only the test of `ShiftMoves::double_promotes`.
#[cold]
#[inline(never)]
fn double_steps_promoting<B: Bitboard, S: Sink<B>>(
    sink: &mut S,
    d: &Shift<B>,
    twice: B,
    kind_of_move: MoveKind,
    zones: [B; 4],
    targets: &[u8],
) {
    let [forced, may, from_zone, forced_from] = zones;
    let twice_ahead = |b: B| d.apply(d.apply(b));
    let z = twice & (may | twice_ahead(from_zone));
    sink.shifted(
        twice & !(forced | twice_ahead(forced_from)),
        2 * d.delta,
        kind_of_move,
    );
    if z.any() && !targets.is_empty() {
        sink.shifted_promotions(z, 2 * d.delta, targets);
    }
}
