//! The lookahead rules (rule book batch 4): Series Helpmate's series mate,
//! Blunder-Mate's claim and Counselor's compulsory queen mate. Each is a small search on the plain rules: the moves
//! `generate_ignoring_end` lists (legal moves with the end conditions aside, so the
//! search never recurses through the rule it serves), and a checkmate is a check with
//! no such move. The answers are cached by key (`parts::verdicts`), so a position asked
//! twice (node entry and move generation, transpositions, iterations) pays once.

use crate::board::Bitboard;
use crate::position::{Move, MoveList, Position};

/// Mixed into a key so that the two rules' entries never meet.
const SERIES_SALT: u64 = 0x5e41_e5c0_ffee_0001;
const BLUNDER_SALT: u64 = 0xb1a9_de40_7a7e_0002;
const ROYAL_MATE_SALT: u64 = 0xc0c5_e102_0a7e_0003;

impl<B: Bitboard> Position<B> {
    /// Series Helpmate's verdict, taken right after a move: whether the side to move
    /// could checkmate the side that just moved with one move, or with two moves in a
    /// row of which the first gives no check. `None` without a move played (a FEN
    /// alone, or a null move of the search): the game goes on.
    // Out of line: it copies the position, and `ended_by` runs at every search node.
    #[inline(never)]
    pub(crate) fn series_mate_open(&self) -> Option<bool> {
        self.last_move_pieces()?;
        let cache = self.rules.end.verdicts();
        let key = self.key ^ SERIES_SALT;
        if let Some(v) = cache.get(key) {
            return Some(v != 0);
        }
        let open = self.with_copy(|p| p.series_mate_search());
        cache.put(key, u64::from(open));
        Some(open)
    }

    /// Blunder-Mate's claim at the start of the turn: the side to move is not
    /// checkmated, and in the position before the last move the opponent had a legal
    /// move other than the one played after which this side would have had a mate in
    /// one. `None` without a move played.
    // Out of line: it copies the position, and `ended_by` runs at every search node.
    #[inline(never)]
    pub(crate) fn blunder_mate_claim(&self) -> Option<bool> {
        let (played, _, _) = self.last_move_pieces()?;
        // A checkmate on the board stands (the rule book's order: mate, claim,
        // stalemate).
        if self.in_check() && self.with_copy(|p| p.plain_moves_none()) {
            return Some(false);
        }
        let allowing = self.with_copy(|before| {
            before.unmake_move();
            let cache = self.rules.end.verdicts();
            let key = before.key ^ BLUNDER_SALT;
            match cache.get(key) {
                Some(v) => v,
                None => {
                    let v = before.moves_allowing_mate();
                    cache.put(key, v);
                    v
                }
            }
        });
        let (count, first) = (allowing >> 32, Move::from_bits(allowing as u32));
        Some(count >= 2 || (count == 1 && first != played))
    }

    /// The side to move's moves after which the opponent has a mate in one, as a
    /// count cut at 2 (bits 32..) and the first such move (bits 0..32): all a claim
    /// after any of them needs to know.
    fn moves_allowing_mate(&mut self) -> u64 {
        let mut list = MoveList::new();
        self.generate_ignoring_end(&mut list);
        let mut count = 0u64;
        let mut first = Move::NONE;
        for &m in list.as_slice() {
            self.make_move(m);
            let allows = self.mates_in_one();
            self.unmake_move();
            if allows {
                if count == 0 {
                    first = m;
                }
                count += 1;
                if count == 2 {
                    break;
                }
            }
        }
        count << 32 | u64::from(first.bits())
    }

    /// The search behind [`Position::series_mate_open`]: mates in one first (the cheap
    /// half), then every non-checking move followed by the other side passing and a
    /// mate in one.
    fn series_mate_search(&mut self) -> bool {
        let mut list = MoveList::new();
        self.generate_ignoring_end(&mut list);
        let mut quiet = MoveList::new();
        for &m in list.as_slice() {
            self.make_move(m);
            let check = self.in_check();
            let mate = check && self.plain_moves_none();
            self.unmake_move();
            if mate {
                return true;
            }
            if !check {
                quiet.push(m);
            }
        }
        quiet.as_slice().iter().any(|&m| {
            self.make_move(m);
            self.make_null_move();
            let mate = self.mates_in_one();
            self.unmake_null_move();
            self.unmake_move();
            mate
        })
    }

    /// Counselor's rule 4 on the whole legal `list`: when some move leaves the
    /// opponent's piece of the royal `kind` mated (attacked, with no legal move), only
    /// such moves are legal.
    pub(super) fn keep_royal_mates(&mut self, list: &mut MoveList, kind: usize) {
        let mut mates = MoveList::new();
        for &m in list.as_slice() {
            self.make_move(m);
            let mated = self.royal_mated(kind);
            self.unmake_move();
            if mated {
                mates.push(m);
            }
        }
        if !mates.is_empty() {
            *list = mates;
        }
    }

    /// Whether the side to move's piece of `kind` stands attacked and the side has no
    /// move legal before the list rule (rule 4 only narrows a list that is not empty),
    /// cached by key.
    fn royal_mated(&mut self, kind: usize) -> bool {
        if !self.second_royal_attacked(kind, self.side_to_move()) {
            return false;
        }
        let cache = &self.rules.end.verdicts();
        let key = self.key ^ ROYAL_MATE_SALT;
        if let Some(v) = cache.get(key) {
            return v != 0;
        }
        let mated = !self.legal_before_list_rule_exists();
        self.rules.end.verdicts().put(key, u64::from(mated));
        mated
    }

    /// Whether the side to move has a move that passes royal safety, the piece modes
    /// and the move filters (the make-and-test generator's tests, without the list
    /// rule).
    fn legal_before_list_rule_exists(&mut self) -> bool {
        let mut list = MoveList::new();
        self.gen_pseudo_legal(&mut list);
        let rules = &*self.rules;
        let check_royal = rules.royalty.kind().is_some() && !rules.filters.self_check();
        let modes = !rules.modes.is_empty();
        list.as_slice().iter().any(|&m| {
            if modes && !self.modes_allow(m) {
                return false;
            }
            self.make_move(m);
            let ok = (!check_royal || self.mover_is_safe()) && self.move_filters_pass();
            self.unmake_move();
            ok
        })
    }

    /// Whether the side to move has a move that checkmates.
    fn mates_in_one(&mut self) -> bool {
        let mut list = MoveList::new();
        self.generate_ignoring_end(&mut list);
        list.as_slice().iter().any(|&m| {
            self.make_move(m);
            let mate = self.in_check() && self.plain_moves_none();
            self.unmake_move();
            mate
        })
    }

    /// Whether the side to move has no move by the plain rules.
    fn plain_moves_none(&mut self) -> bool {
        let mut list = MoveList::new();
        self.generate_ignoring_end(&mut list);
        list.is_empty()
    }
}
