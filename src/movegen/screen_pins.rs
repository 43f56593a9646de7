//! Legal moves from pins when captures go through screens and legs: cannons (a capture
//! over exactly one piece), lame leapers (a leap whose path must be empty), riders on
//! some or all lines and royals that attack each other along an open file or rank.
//!
//! Out of check, a move can expose the royal piece only by emptying a square or by
//! filling one; both are read off the king's lines and the legs of the leapers aimed at
//! it, once per position:
//! - along each line from the king, with the pieces on it in order s1, s2, s3: a rider
//!   at s2 pins s1 to the segment up to it (as in chess); a cannon at s3 has two screens
//!   and pins both to the empty squares before it (or taking it), since either leaving
//!   would open the capture; a cannon at s1 forbids every move onto the squares between
//!   (a new screen);
//! - a lame leaper whose path to the king holds exactly one piece pins that piece to the
//!   rest of the path or to taking the leaper.
//!
//! Pins of one square combine by intersection. In check, and for en passant and
//! castling, each move is tested exactly against the occupancy it leaves, without making
//! it. The pin data ([`ScreenPins`]) is built with the rules; any capture it cannot trace
//! (a grasshopper, a limited or odd-direction rider, an explosion) leaves the variant on
//! the make-and-test generator.

use super::Sink;
use crate::board::{Bitboard, Square};
use crate::position::{kind_of, Move, MoveKind, Position};
use crate::variant::screen_pins::ScreenPins;
use crate::variant::Color;

/// Most pin entries one position records; more sends the side to exact tests.
const MAX_PINS: usize = 24;

/// Pinned squares with the destinations each pin allows.
struct Pins<B> {
    set: B,
    entries: [(u16, B); MAX_PINS],
    len: usize,
    overflow: bool,
}

impl<B: Bitboard> Pins<B> {
    #[inline(always)]
    fn add(&mut self, sq: Square, allowed: B) {
        if self.len == MAX_PINS {
            self.overflow = true;
            return;
        }
        self.set |= B::from_square(sq);
        self.entries[self.len] = (sq as u16, allowed);
        self.len += 1;
    }

    /// Destinations every pin on `sq` allows.
    #[inline(always)]
    fn limit(&self, sq: Square) -> B {
        self.entries[..self.len]
            .iter()
            .filter(|e| e.0 as usize == sq)
            .fold(!B::EMPTY, |acc, e| acc & e.1)
    }
}

impl<B: Bitboard> Position<B> {
    /// The piece nearest to the ray's origin among `blockers` (on ray `d`).
    #[inline(always)]
    fn nearest(&self, d: usize, blockers: B) -> Square {
        if self.rules.tables.rays.ascending[d] {
            blockers.lsb()
        } else {
            blockers.msb()
        }
    }

    /// Whether a piece of `them` not in `gone` captures on `sq` with occupancy `occ`
    /// (`gone`: a piece the move being tested takes).
    #[inline]
    fn screened_attack(&self, sp: &ScreenPins, sq: Square, them: Color, occ: B, gone: B) -> bool {
        let rules = &*self.rules;
        let enemy = self.by_color[them] & !gone;
        for &k in &sp.leapers[them] {
            if (rules.kinds[k].moves[them].capture_leaps_from[sq] & self.by_kind[k] & enemy).any() {
                return true;
            }
        }
        for &k in &sp.legs[them] {
            let mine = self.by_kind[k] & enemy;
            if mine.is_empty() {
                continue;
            }
            let Some(rev) = &rules.kinds[k].moves[them].reverse else {
                continue;
            };
            let (start, end) = rev.special_index[sq];
            for &(from, path) in &rev.specials[start as usize..end as usize] {
                if mine.has(from as usize) && (path & occ).is_empty() {
                    return true;
                }
            }
        }
        let rays = &rules.tables.rays;
        let mut dirs = sp.line_dirs[them];
        while dirs != 0 {
            let d = dirs.trailing_zeros() as usize;
            dirs &= dirs - 1;
            let mut blockers = rays.rays[d][sq] & occ;
            if blockers.is_empty() {
                continue;
            }
            let s1 = self.nearest(d, blockers);
            if enemy.has(s1) && sp.riders[them][d] >> kind_of(self.board[s1]) & 1 != 0 {
                return true;
            }
            if sp.cannons[them][d] != 0 {
                blockers &= rays.rays[d][s1];
                if blockers.any() {
                    let s2 = self.nearest(d, blockers);
                    if enemy.has(s2) && sp.cannons[them][d] >> kind_of(self.board[s2]) & 1 != 0 {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// The pins on the side to move's pieces around its royal on `ksq` (not in check),
    /// and the squares no move may fill.
    fn screen_pins(&self, sp: &ScreenPins, ksq: Square, pins: &mut Pins<B>) -> B {
        let rules = &*self.rules;
        let t = &rules.tables;
        let them = !self.side;
        let occ = self.occupied();
        let own = self.by_color[self.side];
        let enemy = self.by_color[them];
        let mut forbidden = B::EMPTY;
        let is = |mask: u32, sq: Square| enemy.has(sq) && mask >> kind_of(self.board[sq]) & 1 != 0;
        let mut dirs = sp.line_dirs[them];
        while dirs != 0 {
            let d = dirs.trailing_zeros() as usize;
            dirs &= dirs - 1;
            let (riders, cannons) = (sp.riders[them][d], sp.cannons[them][d]);
            let mut blockers = t.rays.rays[d][ksq] & occ;
            if blockers.is_empty() {
                continue;
            }
            let s1 = self.nearest(d, blockers);
            if is(cannons, s1) {
                forbidden |= t.between(ksq, s1);
            }
            blockers &= t.rays.rays[d][s1];
            if blockers.is_empty() {
                continue;
            }
            let s2 = self.nearest(d, blockers);
            if own.has(s1) && is(riders, s2) {
                pins.add(s1, t.between(ksq, s2) | B::from_square(s2));
            }
            if cannons == 0 {
                continue;
            }
            blockers &= t.rays.rays[d][s2];
            if blockers.is_empty() {
                continue;
            }
            let s3 = self.nearest(d, blockers);
            if is(cannons, s3) {
                let allowed = (t.between(ksq, s3) & !occ) | B::from_square(s3);
                for s in [s1, s2] {
                    if own.has(s) {
                        pins.add(s, allowed);
                    }
                }
            }
        }
        for &k in &sp.legs[them] {
            let theirs = self.by_kind[k] & enemy;
            if theirs.is_empty() {
                continue;
            }
            let Some(rev) = &rules.kinds[k].moves[them].reverse else {
                continue;
            };
            let (start, end) = rev.special_index[ksq];
            for &(from, path) in &rev.specials[start as usize..end as usize] {
                let on_path = path & occ;
                if theirs.has(from as usize)
                    && on_path.any()
                    && !on_path.more_than_one()
                    && (on_path & own).any()
                {
                    pins.add(on_path.lsb(), (path & !occ) | B::from_square(from as usize));
                }
            }
        }
        forbidden
    }

    /// Legal moves of a side with its royal on the board (see the module comment).
    pub(super) fn gen_screened<S: Sink<B>>(&self, sink: &mut S, sp: &ScreenPins) {
        let rules = &*self.rules;
        let royal = rules.royalty.kind().expect("a royal kind");
        let us = self.side;
        let them = !us;
        let Some(ksq) = self.royal_square(us) else {
            return;
        };
        let board = rules.tables.board;
        let occ = self.occupied();
        let enemy = self.by_color[them];
        let km = &rules.kinds[royal].moves[us];
        let candidates = (km.quiet_leaps[ksq] & !occ & board) | (km.capture_leaps[ksq] & enemy);
        let without_king = occ ^ B::from_square(ksq);
        let mut king_targets = B::EMPTY;
        for t in candidates.squares() {
            let bit = B::from_square(t);
            if !self.screened_attack(sp, t, them, without_king | bit, bit) {
                king_targets |= bit;
            }
        }
        sink.targets(ksq, king_targets);
        let mut tested = Tested {
            pos: self,
            sp,
            sink,
            ksq,
            occ,
        };
        if self.screened_attack(sp, ksq, them, occ, B::EMPTY) {
            self.gen_pieces(&mut tested, occ, board, B::EMPTY, |_| board, false);
            self.gen_en_passant(&mut tested, false);
            return;
        }
        let mut pins = Pins {
            set: B::EMPTY,
            entries: [(0, B::EMPTY); MAX_PINS],
            len: 0,
            overflow: false,
        };
        let forbidden = self.screen_pins(sp, ksq, &mut pins);
        if pins.overflow {
            self.gen_pieces(&mut tested, occ, board, B::EMPTY, |_| board, false);
        } else {
            let limit = |sq| pins.limit(sq);
            self.gen_pieces(
                &mut *tested.sink,
                occ,
                board & !forbidden,
                pins.set,
                limit,
                false,
            );
        }
        self.gen_en_passant(&mut tested, false);
        self.gen_castling(&mut tested);
    }
}

/// Passes on the moves that leave the royal on `ksq` unattacked, each tested against
/// the occupancy it leaves.
struct Tested<'a, B: Bitboard, S> {
    pos: &'a Position<B>,
    sp: &'a ScreenPins,
    sink: &'a mut S,
    ksq: Square,
    occ: B,
}

impl<B: Bitboard, S: Sink<B>> Tested<'_, B, S> {
    /// Whether a plain move from `from` to `to` leaves the royal safe.
    #[inline(always)]
    fn safe(&self, from: Square, to: Square) -> bool {
        let to_bit = B::from_square(to);
        let occ = (self.occ ^ B::from_square(from)) | to_bit;
        let them = !self.pos.side;
        !self
            .pos
            .screened_attack(self.sp, self.ksq, them, occ, to_bit)
    }

    #[inline(always)]
    fn safe_targets(&self, from: Square, targets: B) -> B {
        targets
            .squares()
            .filter(|&to| self.safe(from, to))
            .fold(B::EMPTY, |b, to| b | B::from_square(to))
    }

    #[inline(always)]
    fn safe_shifted(&self, targets: B, delta: isize) -> B {
        targets
            .squares()
            .filter(|&to| self.safe((to as isize - delta) as usize, to))
            .fold(B::EMPTY, |b, to| b | B::from_square(to))
    }
}

impl<B: Bitboard, S: Sink<B>> Sink<B> for Tested<'_, B, S> {
    /// A dropped piece can become a cannon's screen: each target is tested on the board
    /// it leaves. (`build` refuses variants with hands, so this is for completeness.)
    fn drops(&mut self, kind: u8, targets: B) {
        let pos = self.pos;
        let them = !pos.side;
        let safe = targets
            .squares()
            .filter(|&to| {
                let occ = self.occ | B::from_square(to);
                !pos.screened_attack(self.sp, self.ksq, them, occ, B::EMPTY)
            })
            .fold(B::EMPTY, |b, to| b | B::from_square(to));
        self.sink.drops(kind, safe);
    }
    fn targets(&mut self, from: Square, targets: B) {
        let t = self.safe_targets(from, targets);
        self.sink.targets(from, t);
    }
    fn promotions(&mut self, from: Square, targets: B, kinds: &[u8]) {
        let t = self.safe_targets(from, targets);
        self.sink.promotions(from, t, kinds);
    }
    fn flips(&mut self, from: Square, targets: B, kinds: &[u8]) {
        let t = self.safe_targets(from, targets);
        self.sink.flips(from, t, kinds);
    }
    fn push(&mut self, mv: Move) {
        let pos = self.pos;
        let them = !pos.side;
        let (from, to) = (mv.from(), mv.to());
        let ok = match mv.kind() {
            MoveKind::Castle => {
                // Both pieces land; the king's own path was tested by the generator.
                let (kto, rto) = pos.castling_destinations(from, to);
                let occ = (self.occ ^ B::from_square(from) ^ B::from_square(to))
                    | B::from_square(kto)
                    | B::from_square(rto);
                !pos.screened_attack(self.sp, kto, them, occ, B::EMPTY)
            }
            MoveKind::EnPassant => match pos.ep_victim(to, pos.side) {
                Some(victim) => {
                    let gone = B::from_square(victim);
                    let occ = (self.occ ^ B::from_square(from) ^ gone) | B::from_square(to);
                    !pos.screened_attack(self.sp, self.ksq, them, occ, gone)
                }
                None => false,
            },
            _ => self.safe(from, to),
        };
        if ok {
            self.sink.push(mv);
        }
    }
    fn shifted(&mut self, targets: B, delta: isize, kind: MoveKind) {
        let t = self.safe_shifted(targets, delta);
        self.sink.shifted(t, delta, kind);
    }
    fn shifted_promotions(&mut self, targets: B, delta: isize, kinds: &[u8]) {
        let t = self.safe_shifted(targets, delta);
        self.sink.shifted_promotions(t, delta, kinds);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movegen::CountSink;
    use crate::position::MoveList;
    use crate::variant::builtin::orthodox_pieces;
    use crate::variant::parts::WithRoyal;
    use crate::variant::rules::Rules;
    use crate::variant::{find_variant, Variant};
    use std::sync::Arc;

    fn key(m: Move) -> (usize, usize, String) {
        let promoted = if m.kind() == MoveKind::Promotion {
            m.promoted_kind()
        } else {
            0
        };
        (m.from(), m.to(), format!("{:?}{promoted}", m.kind()))
    }

    /// Legal moves by making every pseudo-legal move and testing the mover's royal.
    fn made_and_tested<B: Bitboard>(pos: &mut Position<B>) -> Vec<(usize, usize, String)> {
        let mut list = MoveList::new();
        pos.gen_pseudo_legal(&mut list);
        let mut legal = Vec::new();
        for &m in list.as_slice() {
            pos.make_move(m);
            if !pos.royal_attacked(!pos.side) {
                legal.push(key(m));
            }
            pos.unmake_move();
        }
        legal.sort_unstable();
        legal
    }

    /// Plays seeded random games and compares the two generators in every position
    /// where the side to move has its royal; returns how many positions were compared.
    fn compare_random_games<B: Bitboard>(variant: Variant, fen: &str, games: u64) -> usize {
        let rules = Arc::new(Rules::<B>::new(Arc::new(variant)).unwrap());
        let WithRoyal::Screened(sp) = &rules.plan.with_royal else {
            panic!("{} takes this path", rules.variant.name);
        };
        let mut compared = 0;
        for game in 0..games {
            let mut pos = Position::from_fen(rules.clone(), fen).unwrap();
            let mut seed = 0x9E37_79B9_7F4A_7C15u64 ^ game;
            for _ in 0..120 {
                if pos.royal_square(pos.side).is_none() {
                    break;
                }
                let mut list = MoveList::new();
                pos.gen_screened(&mut list, sp);
                let mut got: Vec<_> = list.as_slice().iter().map(|&m| key(m)).collect();
                got.sort_unstable();
                let want = made_and_tested(&mut pos);
                assert_eq!(got, want, "{}: {}", rules.variant.name, pos.to_fen());
                let mut count = CountSink(0);
                pos.gen_screened(&mut count, sp);
                assert_eq!(count.0 as usize, want.len(), "{}", pos.to_fen());
                compared += 1;
                if list.is_empty() {
                    break;
                }
                seed = seed
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                // Prefer captures: they open the lines and screens under test.
                let captures: Vec<Move> = list
                    .as_slice()
                    .iter()
                    .copied()
                    .filter(|&m| pos.is_capture(m))
                    .collect();
                let pick = if !captures.is_empty() && seed >> 60 < 6 {
                    captures[(seed >> 33) as usize % captures.len()]
                } else {
                    list.as_slice()[(seed >> 33) as usize % list.len()]
                };
                pos.make_move(pick);
            }
        }
        compared
    }

    #[test]
    fn xiangqi_matches_make_and_test() {
        let v = (*find_variant("xiangqi").unwrap()).clone();
        let fen = v.start_fen.clone();
        assert!(compare_random_games::<u128>(v, &fen, 60) > 3000);
    }

    /// Chess with castling, en passant and promotion, where the knight is a lame horse,
    /// the bishop a diagonal cannon, the queen a cannon on all eight lines and the kings
    /// may not face each other along files and ranks.
    #[test]
    fn cannons_horses_and_flying_kings_match_make_and_test() {
        let mut pieces = orthodox_pieces();
        for p in pieces.iter_mut() {
            match p.letter {
                'N' => p.betza = "nN".into(),
                'B' => p.betza = "mBcpB".into(),
                'Q' => p.betza = "mQcpQ".into(),
                _ => {}
            }
        }
        let v = Variant {
            name: "screen-test".into(),
            pieces,
            flying_royals: true,
            ..(*find_variant("chess").unwrap()).clone()
        };
        let fen = v.start_fen.clone();
        assert!(compare_random_games::<u64>(v, &fen, 80) > 3000);
    }

    /// Riders on some lines only (forward and sideways rook, backward bishop), a lame
    /// alfil-ferz and a capture-only cannon rook beside ordinary pieces.
    #[test]
    fn partial_riders_and_lame_leaps_match_make_and_test() {
        let mut pieces = orthodox_pieces();
        for p in pieces.iter_mut() {
            match p.letter {
                'B' => p.betza = "FnA".into(),
                'R' => p.betza = "fsRbB".into(),
                'N' => p.betza = "NcpR".into(),
                _ => {}
            }
        }
        let v = Variant {
            name: "screen-test-2".into(),
            pieces,
            castling: None,
            ..(*find_variant("chess").unwrap()).clone()
        };
        let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1";
        assert!(compare_random_games::<u64>(v, fen, 80) > 3000);
    }
}
