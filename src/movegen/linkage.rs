//! Linkage (rule book section 15, `attack.extra-check`): a unit of the attacker that
//! moves to a square `s` links the victim's royal piece when, after the move, the
//! maximal unbroken run of occupied squares through `s` along one rank, file or
//! diagonal is exactly `run` long and holds that royal. Threats are pseudo-legal, like
//! checks (pinned units threaten; en passant and castling with its conditions count,
//! and either piece of a castling can complete a run).
//!
//! A cheap test first (some window of `run` squares through the royal already holds
//! `run - 1` pieces, with room at both ends); only then do the attacker's pseudo-legal
//! moves go to a [`Sink`] that tests the destinations within `run - 1` squares of the
//! royal on its eight lines, against the occupancy after that move; no move list is
//! built.

use super::Sink;
use crate::board::{Bitboard, Square};
use crate::position::{Move, MoveKind, Position};
use crate::variant::Color;

/// Tests each generated move of the attacker for a linkage of the royal on `king`.
struct LinkageSink<'a, B: Bitboard> {
    pos: &'a Position<B>,
    king: Square,
    /// The squares within `run - 1` steps of `king` on its lines.
    zone: B,
    occ: B,
    run: u32,
    found: bool,
}

impl<B: Bitboard> LinkageSink<'_, B> {
    #[inline]
    fn land(&mut self, from: Square, to: Square) {
        if !self.found && self.zone.has(to) {
            let occ = (self.occ & !B::from_square(from)) | B::from_square(to);
            self.found = self.pos.links(self.king, to, occ, self.run);
        }
    }

    fn each(&mut self, from: Square, targets: B) {
        for to in (targets & self.zone).squares() {
            self.land(from, to);
        }
    }
}

impl<B: Bitboard> Sink<B> for LinkageSink<'_, B> {
    fn targets(&mut self, from: Square, targets: B) {
        self.each(from, targets);
    }
    fn promotions(&mut self, from: Square, targets: B, _: &[u8]) {
        self.each(from, targets);
    }
    fn push(&mut self, mv: Move) {
        if self.found {
            return;
        }
        let (from, to) = (mv.from(), mv.to());
        let sq = B::from_square;
        match mv.kind() {
            MoveKind::Normal | MoveKind::Promotion | MoveKind::DoubleStep => self.land(from, to),
            MoveKind::Castle => {
                let (kto, rto) = self.pos.castling_destinations(from, to);
                let occ = (self.occ & !sq(from) & !sq(to)) | sq(kto) | sq(rto);
                self.found = [kto, rto]
                    .into_iter()
                    .any(|s| self.zone.has(s) && self.pos.links(self.king, s, occ, self.run));
            }
            MoveKind::EnPassant => {
                let mover = self.pos.side_to_move();
                let Some(victim) = self.pos.ep_victim(to, mover) else {
                    return;
                };
                let occ = (self.occ & !sq(from) & !sq(victim)) | sq(to);
                self.found = self.zone.has(to) && self.pos.links(self.king, to, occ, self.run);
            }
            MoveKind::Drop => {
                let occ = self.occ | sq(to);
                self.found = self.zone.has(to) && self.pos.links(self.king, to, occ, self.run);
            }
            MoveKind::Compound => {
                let part = mv.part();
                let occ = (self.occ & !sq(from)) | sq(to) | sq(part);
                self.found = [to, part]
                    .into_iter()
                    .any(|s| self.zone.has(s) && self.pos.links(self.king, s, occ, self.run));
            }
            MoveKind::Pass => {}
        }
    }
    fn shifted(&mut self, targets: B, delta: isize, _: MoveKind) {
        for to in (targets & self.zone).squares() {
            self.land((to as isize - delta) as Square, to);
        }
    }
    fn shifted_promotions(&mut self, targets: B, delta: isize, _: &[u8]) {
        self.shifted(targets, delta, MoveKind::Promotion);
    }
    fn drops(&mut self, _: u8, targets: B) {
        for to in (targets & self.zone).squares() {
            if !self.found {
                let occ = self.occ | B::from_square(to);
                self.found = self.pos.links(self.king, to, occ, self.run);
            }
        }
    }
}

impl<B: Bitboard> Position<B> {
    /// Whether the side to move (the attacker) has a pseudo-legal move that links the
    /// royal piece of `victim` in a run of exactly `run` (see the module comment).
    pub(crate) fn linkage_threat(&self, victim: Color, run: u32) -> bool {
        let Some(king) = self.royal_square(victim) else {
            return false;
        };
        if !self.linkage_window_open(king, victim, run) {
            return false;
        }
        let geo = self.rules.geo;
        let mut zone = B::EMPTY;
        for (dx, dy) in [
            (1, 0),
            (-1, 0),
            (0, 1),
            (0, -1),
            (1, 1),
            (1, -1),
            (-1, 1),
            (-1, -1),
        ] {
            let mut at = king;
            for _ in 1..run {
                match geo.offset(at, dx, dy) {
                    Some(n) => {
                        zone |= B::from_square(n);
                        at = n;
                    }
                    None => break,
                }
            }
        }
        let mut sink = LinkageSink {
            pos: self,
            king,
            zone,
            occ: self.occupied(),
            run,
            found: false,
        };
        self.gen_pseudo_legal(&mut sink);
        sink.found
    }

    /// A necessary condition for a linkage, cheap enough to ask before generating the
    /// attacker's moves: some window of `run` squares on a line through `king` holds at
    /// least `run - 1` pieces now (one move adds at most one and removes none inside the
    /// window, since the mover's origin must not be in it), and each square just beyond
    /// its two ends is off the board, empty, or holds an attacker's unit (which could be
    /// the one that moves away).
    fn linkage_window_open(&self, king: Square, victim: Color, run: u32) -> bool {
        let geo = self.rules.geo;
        let occ = self.occupied();
        let attackers = self.by_color[!victim];
        let run = run as i32;
        let clear = |q: Option<Square>| q.is_none_or(|q| !occ.has(q) || attackers.has(q));
        for (dx, dy) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
            let at = |i: i32| geo.offset(king, dx * i, dy * i);
            // The window from `king - t` to `king - t + run - 1` steps along the line.
            'window: for t in 0..run {
                let mut pieces = 0;
                for i in -t..run - t {
                    match at(i) {
                        Some(q) => pieces += i32::from(occ.has(q)),
                        None => continue 'window,
                    }
                }
                if pieces >= run - 1 && clear(at(-t - 1)) && clear(at(run - t)) {
                    return true;
                }
            }
        }
        false
    }

    /// Whether, with occupancy `occ`, the maximal run of occupied squares through `s`
    /// along its line to `king` (within `run - 1` steps of it) holds `king` and is
    /// exactly `run` long.
    fn links(&self, king: Square, s: Square, occ: B, run: u32) -> bool {
        let geo = self.rules.geo;
        let df = geo.file_of(s) as i32 - geo.file_of(king) as i32;
        let dr = geo.rank_of(s) as i32 - geo.rank_of(king) as i32;
        let (dx, dy) = (df.signum(), dr.signum());
        let dist = df.abs().max(dr.abs()) as u32;
        let count = |dx: i32, dy: i32| {
            let (mut at, mut n) = (king, 0u32);
            while let Some(next) = geo.offset(at, dx, dy).filter(|&q| occ.has(q)) {
                n += 1;
                if n >= run {
                    break;
                }
                at = next;
            }
            n
        };
        let ahead = count(dx, dy);
        ahead >= dist && 1 + ahead + count(-dx, -dy) == run
    }
}
