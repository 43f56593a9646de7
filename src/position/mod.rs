//! Position state: piece placement, side to move, castling rights, en passant, move
//! counters and the incremental Zobrist key, with make/unmake.

pub mod bomb;
mod custodian;
pub mod dirty;
pub mod fen;
mod flip;
mod gating;
pub mod hand;
mod marks;
mod mate_rule;
mod mirror;
pub mod moves;
pub mod notation;
pub mod outcome;
mod palace;
mod pool;
mod pseudo_royal;
pub mod san;
mod scratch;
mod two_step;

pub use dirty::{Dirty, DirtyPiece};
pub use fen::FenError;
pub use moves::{Move, MoveKind, MoveList};
pub use outcome::{EndReason, GameResult, Outcome};

use crate::board::{Bitboard, Square};
use crate::variant::kind_bits::kinds_in;
use crate::variant::parts::{CaptureRule, MoveFilter, TurnRule};
use crate::variant::rules::{Rules, MAX_KINDS};
use crate::variant::walls::WallingRule;
use crate::variant::{Color, BLACK, WHITE};
use std::sync::Arc;

/// A piece on a square: 0 is empty, otherwise `1 + kind + MAX_KINDS * color`.
pub type PieceCode = u8;
pub const NO_PIECE: PieceCode = 0;
pub const NO_SQUARE: u16 = u16::MAX;

#[inline(always)]
pub fn piece_code(kind: usize, color: Color) -> PieceCode {
    (1 + kind + MAX_KINDS * color.index()) as PieceCode
}

#[inline(always)]
pub fn kind_of(p: PieceCode) -> usize {
    (p as usize - 1) % MAX_KINDS
}

#[inline(always)]
pub fn color_of(p: PieceCode) -> Color {
    Color::white_if((p as usize) <= MAX_KINDS)
}

/// One side's full-line sliders (orthogonal and diagonal capturers).
pub(crate) struct Sliders<B> {
    pub orthogonal: B,
    pub diagonal: B,
}

/// What `unmake` needs to restore.
#[derive(Clone, Copy, Debug)]
struct Undo {
    mv: Move,
    moved: PieceCode,
    captured: PieceCode,
    castling: u8,
    ep: u16,
    halfmove: u32,
    key: u64,
    checks_given: [u8; 2],
    /// Pieces this move exploded or took by custodian capture, on top of
    /// `Position::exploded`.
    exploded: u8,
    /// With hands or promotion marks: bit 0, the captured piece was a promoted one; bit 1, the mover was;
    /// bit 2 ([`gating::GATES_CHANGED`]), the gating rights changed; bits 4..8, the
    /// captured promoted piece's origin kind (where the position tracks origins).
    hand_flags: u8,
    /// The kinds each side had captured (Zoo).
    captured_kinds: [u8; 2],
    /// The royals' first-move privileges (Cheshire Cat).
    privilege: u8,
    /// The count of the counting rule (Makruk): (limit, ply).
    counting: (u16, u16),
}

/// A piece a capture rule took off the board besides its victim (an explosion,
/// shrapnel, a custodian capture, a bomb), recorded for `unmake`.
#[derive(Clone, Copy, Debug)]
struct Removed {
    sq: u16,
    piece: PieceCode,
    /// 0 for an unmarked piece; for one marked promoted, whose marker went with it
    /// (`Position::removed_after_move`), 1 + the kind it came from where the position
    /// tracks origins, else 1.
    mark: u8,
}

/// `Clone` is written out (below) for `clone_from`, which keeps the copy's vectors.
pub struct Position<B: Bitboard> {
    pub(crate) rules: Arc<Rules<B>>,
    pub(crate) board: Vec<PieceCode>,
    pub(crate) by_color: [B; 2],
    pub(crate) by_kind: [B; MAX_KINDS],
    pub(crate) side: Color,
    /// Castling rights: bit `2 * color.index() + side` (side 0 = toward higher files).
    pub(crate) castling: u8,
    /// The rook square of each castling right.
    pub(crate) castle_rooks: [u16; 4],
    /// Rights lost when a move starts or ends on a square.
    pub(crate) castle_clear: Vec<u8>,
    /// The castling king's square per colour (valid while that colour has a right).
    pub(crate) castle_kings: [u16; 2],
    /// Per castling right, the squares king and rook cross or land on, but their own:
    /// all must be empty (set with the right, so the generator needs no geometry).
    pub(crate) castle_paths: [B; 4],
    /// Checks each side has given (n-check variants).
    pub(crate) checks_given: [u8; 2],
    pub(crate) ep: u16,
    /// With `ep`, where the en-passant square came from a double step that
    /// Fairy-Stockfish writes as a list (a custom piece's initial lame leap: the square
    /// passed and the one reached, `e3e4`, `g3h4`): the square reached, whose piece an
    /// en-passant capture takes. `NO_SQUARE` for the orthodox pawn's single square,
    /// whose victim stands behind it. Meaningless while `ep` is unset. Not in `Undo`
    /// (which chess copies every move): its earlier values are on `ep_to_history`.
    pub(crate) ep_to: u16,
    /// `(ply, ep_to before)` for each ply that changed `ep_to`, for `unmake` (games
    /// with a kind that lists its double steps only, `Rules::tracks_departures`).
    ep_to_history: Vec<(u32, u16)>,
    pub(crate) halfmove: u32,
    pub(crate) fullmove: u32,
    pub(crate) key: u64,
    /// Write castling moves king-takes-rook and FEN castling with rook files.
    pub(crate) chess960: bool,
    history: Vec<Undo>,
    /// Pieces removed by explosions (Atomic) or custodian captures (tafl), for
    /// `unmake`.
    exploded: Vec<Removed>,
    /// Pieces in hand per colour and kind (see `hand.rs`); all zero without hands.
    pub(crate) hand: [[u8; MAX_KINDS]; 2],
    /// Squares of pieces created by promotion, where the variant marks them (`~`).
    pub(crate) promoted: B,
    /// Per square, the kind a promoted piece there returns to hand as, where several
    /// kinds promote into one (`HandRules::tracks_origin`; empty elsewhere). Read only
    /// on the squares of `promoted`.
    pub(crate) origin: Vec<u8>,
    /// Gating rights per colour (Seirawan; see `gating.rs`); empty without gating.
    pub(crate) gates: [B; 2],
    /// The gating rights before each move that changed them, for `unmake`.
    gate_history: Vec<[B; 2]>,
    /// The pieces the last move took off and put on (see `dirty.rs`).
    dirty: Dirty,
    /// Per side, the set of kinds (bit per kind) it has captured, where the variant
    /// counts them (Zoo; see `EndConditions::tracks_captured`); in the key and the FEN.
    pub(crate) captured_kinds: [u8; 2],
    /// The squares a piece may still land on: the board less the vanished squares
    /// (Cheshire Cat; the whole board in every other game). The generator's empty
    /// squares are the empty ones of this set.
    pub(crate) landable: B,
    /// Bit per colour (`1 << color.index()`): its royal has not moved and keeps the
    /// first-move privilege (Cheshire Cat; 0 elsewhere). In the key and the FEN's
    /// castling field.
    pub(crate) privilege: u8,
    /// The count of the variant's counting rule (Makruk; see `parts::counting`): its
    /// limit and the plies counted, both in plies; limit 0 = no count running. In the
    /// FEN (in place of the en-passant square and the halfmove clock while a count
    /// runs), not in the key (as in Fairy-Stockfish).
    pub(crate) counting: (u16, u16),
    /// Per colour, its secret bomb (see `bomb.rs`; `BOMB_UNSET` in games without).
    pub(crate) bombs: [u16; 2],
    /// The bombs before each move, for `unmake` (games with bombs only).
    bomb_history: Vec<[u16; 2]>,
    /// The walls (walling games; empty elsewhere): no piece lands on them (they are out
    /// of `landable`) and they block every line (the generator adds them to the
    /// occupancy). In the key as vanished squares and in the FEN as `*`.
    pub(crate) walls: B,
    /// The walls before each move, for `unmake` (walling games only).
    wall_history: Vec<B>,
}

impl<B: Bitboard> Position<B> {
    /// An empty board with White to move; FEN parsing fills it.
    pub(crate) fn empty(rules: Arc<Rules<B>>) -> Position<B> {
        let n = rules.geo.squares();
        let chess960 = rules.variant.chess960;
        Position {
            board: vec![NO_PIECE; n],
            by_color: [B::EMPTY; 2],
            by_kind: [B::EMPTY; MAX_KINDS],
            side: WHITE,
            castling: 0,
            castle_rooks: [NO_SQUARE; 4],
            castle_clear: vec![0; n],
            castle_kings: [NO_SQUARE; 2],
            castle_paths: [B::EMPTY; 4],
            checks_given: [0; 2],
            ep: NO_SQUARE,
            ep_to: NO_SQUARE,
            ep_to_history: Vec::new(),
            halfmove: 0,
            fullmove: 1,
            key: 0,
            chess960,
            history: Vec::with_capacity(256),
            exploded: Vec::new(),
            hand: [[0; MAX_KINDS]; 2],
            promoted: B::EMPTY,
            origin: if rules.marks.as_ref().is_some_and(|m| m.tracks_origin) {
                vec![0; n]
            } else {
                Vec::new()
            },
            gates: [B::EMPTY; 2],
            gate_history: Vec::new(),
            dirty: Dirty::default(),
            captured_kinds: [0; 2],
            counting: (0, 0),
            landable: rules.tables.board,
            privilege: 0,
            bombs: [bomb::BOMB_UNSET; 2],
            bomb_history: Vec::new(),
            walls: B::EMPTY,
            wall_history: Vec::new(),
            rules,
        }
    }

    #[inline(always)]
    pub fn rules(&self) -> &Rules<B> {
        &self.rules
    }

    #[inline(always)]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    #[inline(always)]
    pub fn key(&self) -> u64 {
        self.key
    }

    #[inline(always)]
    pub fn piece_at(&self, sq: Square) -> PieceCode {
        self.board[sq]
    }

    /// The piece that makes the (non-drop) move `m`: the one on its origin, or, for a
    /// mirror turn whose regular part is the mirrored unit's, that unit (its origin is
    /// empty until the mirror is made).
    #[inline(always)]
    pub fn moving_piece(&self, m: Move) -> PieceCode {
        match self.board[m.from()] {
            NO_PIECE if m.kind() == MoveKind::Compound => self.mirrored_mover(m),
            p => p,
        }
    }

    #[inline(always)]
    pub fn occupied(&self) -> B {
        self.by_color[WHITE] | self.by_color[BLACK]
    }

    #[inline(always)]
    pub fn pieces(&self, color: Color) -> B {
        self.by_color[color]
    }

    #[inline(always)]
    pub fn pieces_of(&self, kind: usize, color: Color) -> B {
        self.by_kind[kind] & self.by_color[color]
    }

    pub fn en_passant(&self) -> Option<Square> {
        (self.ep != NO_SQUARE).then_some(self.ep as usize)
    }

    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    pub fn chess960(&self) -> bool {
        self.chess960
    }

    pub fn set_chess960(&mut self, on: bool) {
        self.chess960 = on;
    }

    /// Plies played since this position object was set up.
    pub fn game_ply(&self) -> usize {
        self.history.len()
    }

    /// The royal piece's square, if the side has exactly one.
    #[inline(always)]
    pub fn royal_square(&self, color: Color) -> Option<Square> {
        let k = self.rules.royalty.kind()?;
        let b = self.pieces_of(k, color);
        (b.any() && !b.more_than_one()).then(|| b.lsb())
    }

    #[inline(always)]
    fn put(&mut self, sq: Square, p: PieceCode) {
        self.place(sq, p);
        self.key ^= self.piece_key(p, sq);
        self.dirty.push(sq, p, true);
    }

    #[inline(always)]
    fn remove(&mut self, sq: Square) -> PieceCode {
        let p = self.lift(sq);
        self.key ^= self.piece_key(p, sq);
        self.dirty.push(sq, p, false);
        p
    }

    /// `put` without the key update (`unmake` restores the key from its record).
    #[inline(always)]
    fn place(&mut self, sq: Square, p: PieceCode) {
        let bit = B::from_square(sq);
        self.board[sq] = p;
        self.by_color[color_of(p)] |= bit;
        self.by_kind[kind_of(p)] |= bit;
    }

    /// `remove` without the key update.
    #[inline(always)]
    fn lift(&mut self, sq: Square) -> PieceCode {
        let p = self.board[sq];
        let bit = B::from_square(sq);
        self.board[sq] = NO_PIECE;
        self.by_color[color_of(p)] ^= bit;
        self.by_kind[kind_of(p)] ^= bit;
        p
    }

    #[inline(always)]
    fn piece_key(&self, p: PieceCode, sq: Square) -> u64 {
        self.rules.zobrist.pieces[p as usize * self.rules.geo.squares() + sq]
    }

    fn castling_key(&self, rights: u8) -> u64 {
        let n = self.rules.geo.squares();
        (0..4)
            .filter(|i| rights >> i & 1 != 0)
            .map(|i| self.rules.zobrist.castling[(i / 2) * n + self.castle_rooks[i] as usize])
            .fold(0, |a, b| a ^ b)
    }

    /// The key of the en-passant square `ep` (its file's), without a listed field's
    /// second square (`ep_to_key`).
    fn ep_key(&self, ep: u16) -> u64 {
        if ep == NO_SQUARE {
            0
        } else {
            self.rules.zobrist.en_passant[self.rules.geo.file_of(ep as usize)]
        }
    }

    /// The key a listed en-passant field adds to `ep_key`: as Fairy-Stockfish keys
    /// it, one file key per listed square, so that a list of two squares on one file
    /// (`e3e4`) keys as no en passant at all (which its repetition rule shows). Zero
    /// where `ep` is unset or a single square. Kept apart from `ep_key` so that chess's
    /// moves never look at `ep_to`: games with listed fields add and remove it in
    /// `departed`.
    fn ep_to_key(&self) -> u64 {
        if self.ep == NO_SQUARE || self.ep_to == NO_SQUARE {
            0
        } else {
            self.rules.zobrist.en_passant[self.rules.geo.file_of(self.ep_to as usize)]
        }
    }

    /// The key computed from scratch; equals `key()` after any sequence of moves.
    pub fn compute_key(&self) -> u64 {
        let mut k = 0;
        for sq in 0..self.rules.geo.squares() {
            if self.board[sq] != NO_PIECE {
                k ^= self.piece_key(self.board[sq], sq);
            }
        }
        k ^= self.castling_key(self.castling);
        k ^= self.ep_key(self.ep) ^ self.ep_to_key();
        k ^= self.checks_key(WHITE) ^ self.checks_key(BLACK);
        k ^= self.hands_key() ^ self.marks_key();
        k ^= self.gates_key();
        k ^= self.captured_key(WHITE) ^ self.captured_key(BLACK);
        k ^= self.fullmove_key(self.fullmove);
        k ^= self.arrival_key(self.history.last());
        k ^= self.departures_key();
        k ^= self.bombs_key();
        if self.side == BLACK {
            k ^= self.rules.zobrist.side;
        }
        k
    }

    /// One rank forward for `color`, as a (dx, dy) step.
    #[inline(always)]
    pub(crate) fn forward(color: Color) -> i32 {
        if color == WHITE {
            1
        } else {
            -1
        }
    }

    /// The square of the piece captured by an en-passant capture landing on `ep`: the
    /// square a listed double step reached, else the one behind `ep`.
    #[inline(always)]
    pub(crate) fn ep_victim(&self, ep: Square, capturer: Color) -> Option<Square> {
        if self.ep_to != NO_SQUARE {
            return Some(self.ep_to as usize);
        }
        let files = self.rules.geo.files();
        if capturer == WHITE {
            ep.checked_sub(files)
        } else {
            Some(ep + files).filter(|&v| v < self.rules.geo.squares())
        }
    }

    /// Where king and rook end up for a castling move (king square, rook square).
    pub(crate) fn castling_destinations(&self, king: Square, rook: Square) -> (Square, Square) {
        let geo = self.rules.geo;
        let c = self
            .rules
            .castling
            .as_ref()
            .expect("castling move without castling rules");
        let side = usize::from(geo.file_of(rook) < geo.file_of(king));
        let rank = geo.rank_of(king);
        (
            geo.square(c.king_files[side], rank),
            geo.square(c.rook_files[side], rank),
        )
    }

    /// What every ply (a move or a null move) starts with: the record `unmake` needs,
    /// then the en-passant square cleared and the move clock advanced.
    #[inline(always)]
    fn begin_ply(&mut self, mv: Move, moved: PieceCode) -> Undo {
        let undo = Undo {
            mv,
            moved,
            captured: NO_PIECE,
            castling: self.castling,
            ep: self.ep,
            halfmove: self.halfmove,
            key: self.key,
            checks_given: self.checks_given,
            exploded: 0,
            hand_flags: 0,
            captured_kinds: self.captured_kinds,
            privilege: self.privilege,
            counting: self.counting,
        };
        self.key ^= self.ep_key(self.ep);
        self.ep = NO_SQUARE;
        self.halfmove += 1;
        undo
    }

    pub fn make_move(&mut self, mv: Move) {
        let us = self.side;
        let them = !us;
        let (from, to) = (mv.from(), mv.to());
        self.dirty.clear();
        let mut undo = self.begin_ply(mv, self.board[from]);
        let mut mv = mv;
        match mv.kind() {
            MoveKind::Drop => self.make_drop(mv, &mut undo),
            // Nothing moves; square 0 is neither left nor entered.
            MoveKind::Pass => {
                undo.moved = NO_PIECE;
                if mv.is_pass() {
                    self.pass_clock();
                }
            }
            MoveKind::Castle => {
                let (kto, rto) = self.castling_destinations(from, to);
                let king = self.remove(from);
                let rook = self.remove(to);
                self.put(kto, king);
                self.put(rto, rook);
                if self.rules.castling.as_ref().is_some_and(|c| c.opposite) {
                    // The opponent may no longer castle on this wing (bit 2 * colour +
                    // wing, wing 1 where the rook stands on the queen's side).
                    let geo = self.rules.geo;
                    let wing = usize::from(geo.file_of(to) < geo.file_of(from));
                    self.clear_castling(1 << (2 * them.index() + wing), 0);
                }
            }
            MoveKind::Compound if self.rules.turn == TurnRule::TwoStepEvasions => {
                self.make_two_step(mv, &mut undo);
            }
            // A pool turn (Donnybrook): the placement, then the regular part, which
            // the rest of `make_move` sees as the plain move it is.
            MoveKind::Compound if self.rules.turn == TurnRule::PlaceFromPool => {
                mv = self.make_pool_turn(mv, &mut undo);
            }
            // A mirror turn (Concurrent): the mirror, then the regular part, which the
            // rest of `make_move` sees as the plain move it is.
            MoveKind::Compound if matches!(self.rules.turn, TurnRule::Mirror(_)) => {
                mv = self.make_mirror_turn(mv, &mut undo);
            }
            MoveKind::Compound => {
                // A capture whose victim the capturer puts back on the part's square
                // (Tyrant); nothing else changes on such a capture.
                undo.captured = self.remove(to);
                let p = self.remove(from);
                self.put(to, p);
                self.put(mv.part(), undo.captured);
                self.halfmove = 0;
            }
            MoveKind::EnPassant => self.make_en_passant(mv, &mut undo),
            kind => self.make_plain(mv, kind, &mut undo),
        }
        // Every game with hands marks promotions: one test for the games with neither.
        if self.rules.marks.is_some() {
            if mv.kind() != MoveKind::Drop {
                self.marks_after_move(mv, &mut undo);
            }
            if let Some(hands) = &self.rules.hands {
                let gating = hands.gating;
                if mv.kind() != MoveKind::Drop {
                    self.hands_after_move(&mut undo);
                }
                if gating {
                    self.gate_after_move(mv, &mut undo);
                }
            }
            if undo.exploded > 0 {
                self.removed_after_move(undo.exploded as usize);
            }
        }
        // A drop lands on an empty square and moves nothing off one: it takes no
        // castling right away (it may give one, in `make_drop`).
        let cleared = if matches!(mv.kind(), MoveKind::Drop | MoveKind::Pass) {
            0
        } else {
            self.castle_clear[from] | self.castle_clear[to]
        };
        self.clear_castling(cleared, undo.exploded as usize);
        if us == BLACK {
            self.fullmove += 1;
        }
        if self.rules.end.position_state() {
            self.goal_state_after_move(&undo, us);
        }
        if self.rules.tracks_departures {
            self.departed(&mut undo, us);
        }
        self.side = them;
        self.key ^= self.rules.zobrist.side;
        if let Some(limit) = self.rules.end.counted_checks() {
            if self.royal_attacked(them) {
                self.key ^= self.checks_key(us);
                self.checks_given[us] = self.checks_given[us].saturating_add(1).min(limit as u8);
                self.key ^= self.checks_key(us);
            }
        }
        if self.rules.counting.is_some() {
            self.count_after_move(&undo, us);
        }
        self.history.push(undo);
    }

    /// The counting rule's count after a move by `us` (Makruk): one more ply, and a
    /// new count where the move starts one.
    fn count_after_move(&mut self, undo: &Undo, us: Color) {
        let Some(counting) = &self.rules.counting else {
            return;
        };
        let took = undo.captured != NO_PIECE;
        let took_pawn = took && counting.pawns >> kind_of(undo.captured) & 1 != 0;
        let promoted = undo.mv.kind() == MoveKind::Promotion;
        let (limit, ply) = self.counting;
        self.counting = counting.after_move(
            self,
            us,
            took_pawn,
            took || promoted,
            (limit, ply.saturating_add(1)),
        );
    }

    /// Whether the last move took the mover's royal piece out of check other than by
    /// capturing its one checker (what Makpong forbids): judged after the move, from
    /// the attacks on the royal's old square with the board as it was.
    pub(crate) fn royal_left_check(&self) -> bool {
        let Some(u) = self.history.last() else {
            return false;
        };
        if u.mv == Move::NONE || u.mv.kind() == MoveKind::Drop || u.moved == NO_PIECE {
            return false;
        }
        if Some(kind_of(u.moved)) != self.rules.royalty.kind() {
            return false;
        }
        let (from, to) = (u.mv.from(), u.mv.to());
        let mut occ = self.occupied() | B::from_square(from);
        if u.captured == NO_PIECE {
            occ &= !B::from_square(to);
        }
        // The enemy's pieces are those of before the move but the one it took.
        self.attackers(from, self.side, occ).any()
    }

    /// The count of the counting rule (Makruk): `(limit, plies counted)`, limit 0
    /// when no count runs.
    pub fn counting(&self) -> (u16, u16) {
        self.counting
    }

    /// Whether the count of the counting rule has passed its limit: a draw, unless the
    /// side to move is mated.
    pub fn count_expired(&self) -> bool {
        let (limit, ply) = self.counting;
        limit > 0 && ply > limit
    }

    /// The goal rules' state after a move by `us` (one branch in `make_move` for games
    /// without it): the fullmove number in the key under a move limit, a pending
    /// arrival's key, the self-check flag, the kinds each side has captured.
    #[cold]
    fn goal_state_after_move(&mut self, undo: &Undo, us: Color) {
        if us == BLACK && self.rules.end.move_limit().is_some() {
            self.key ^= self.fullmove_key(self.fullmove - 1) ^ self.fullmove_key(self.fullmove);
        }
        if self.rules.end.arrival().is_some() {
            self.key ^= self.arrival_key(self.history.last()) ^ self.arrival_key(Some(undo));
        }
        if self.rules.end.self_checks() {
            let flag = self.royal_attacked(us) as u8;
            if flag != self.checks_given[us] {
                self.key ^= self.checks_key(us);
                self.checks_given[us] = flag;
                self.key ^= self.checks_key(us);
            }
        }
        if undo.captured != NO_PIECE && self.rules.end.tracks_captured() {
            self.key ^= self.captured_key(us);
            self.captured_kinds[us] |= 1 << kind_of(undo.captured);
            self.key ^= self.captured_key(us);
        }
    }

    /// What leaving a square does beyond moving (one branch in `make_move` for games
    /// without it): the square vanishes, a royal's first move spends its privilege,
    /// a secret bomb is designated, detonated, or follows its unit, and a reversible
    /// pawn step keeps the move clock. Drops and passes leave no square.
    #[cold]
    fn departed(&mut self, undo: &mut Undo, us: Color) {
        let (mv, moved) = (undo.mv, undo.moved);
        if self.rules.lists_ep {
            self.listed_ep_after_move(undo);
        }
        if self.has_bombs() {
            if mv.is_bomb() {
                self.bomb_action(mv, undo);
            }
            self.bombs_after_move(mv, us);
        }
        if matches!(mv.kind(), MoveKind::Drop | MoveKind::Pass) {
            return;
        }
        // A quiet step its kind can also make backwards keeps the move clock (Pawn
        // Sideways, Pawnback), which `make_plain` reset as for any pawn move.
        let kr = &self.rules.kinds[kind_of(moved)];
        if !kr.reversible.is_empty()
            && mv.kind() == MoveKind::Normal
            && undo.captured == NO_PIECE
            && self.reversible(kr, mv.from(), mv.to())
        {
            self.halfmove = undo.halfmove + 1;
        }
        if let TurnRule::Walling(rule) = self.rules.turn {
            self.place_wall(mv.wall(), rule);
        }
        let from = mv.from();
        if self.rules.vanishing {
            self.landable &= !B::from_square(from);
            self.key ^= self.rules.zobrist.vanished[from];
        }
        if self.rules.hands.is_none() && (self.gates[WHITE].any() || self.gates[BLACK].any()) {
            self.gates_after_departure(mv, undo);
        }
        let bit = 1 << us.index();
        if self.privilege & bit != 0 && Some(kind_of(moved)) == self.rules.modes.first_move_queen()
        {
            self.privilege &= !bit;
            self.key ^= self.rules.zobrist.privilege[us.index()];
        }
    }

    /// A walling turn's wall on `wall` (the duck leaves its square), recorded for
    /// `unmake_move`; walls are keyed as vanished squares.
    fn place_wall(&mut self, wall: Square, rule: WallingRule) {
        self.wall_history.push(self.walls);
        let z = &self.rules.zobrist;
        let mut gone = B::EMPTY;
        if rule == WallingRule::Duck {
            gone = self.walls;
        }
        let mut key = 0;
        for sq in gone.squares() {
            key ^= z.vanished[sq];
        }
        key ^= z.vanished[wall];
        // A wall on the square a double step passed takes the en-passant capture away
        // (the FEN then has none, as Fairy-Stockfish writes it).
        if self.ep as usize == wall {
            key ^= self.ep_key(self.ep) ^ self.ep_to_key();
            self.ep = NO_SQUARE;
        }
        self.key ^= key;
        self.walls = (self.walls & !gone) | B::from_square(wall);
        self.landable = self.rules.tables.board & !self.walls;
    }

    /// The walls (walling games; empty elsewhere).
    pub fn walls(&self) -> B {
        self.walls
    }

    /// Key of the vanished squares and the privileges (0 in games without them).
    fn departures_key(&self) -> u64 {
        let z = &self.rules.zobrist;
        let mut k = 0;
        for sq in (self.rules.tables.board & !self.landable).squares() {
            k ^= z.vanished[sq];
        }
        for c in Color::both() {
            if self.privilege >> c.index() & 1 != 0 {
                k ^= z.privilege[c.index()];
            }
        }
        k
    }

    /// The squares that have vanished (Cheshire Cat; empty elsewhere).
    pub fn vanished(&self) -> B {
        self.rules.tables.board & !self.landable
    }

    /// Whether `color`'s royal keeps its first-move privilege (Cheshire Cat).
    pub fn has_privilege(&self, color: Color) -> bool {
        self.privilege >> color.index() & 1 != 0
    }

    /// The capture rule's step after the moving piece has landed on `to` (`took`: it
    /// took a piece there or en passant): the pieces it removes besides the victim, each
    /// recorded for `unmake_move`; returns how many went.
    #[inline(always)]
    fn capture_effects(&mut self, from: Square, to: Square, took: bool) -> u8 {
        match self.rules.capture {
            CaptureRule::Replacement | CaptureRule::Permitted(_) => 0,
            CaptureRule::Explosion(_) if took => self.explode(to),
            CaptureRule::Explosion(_) => 0,
            CaptureRule::CrossRays if took => self.shrapnel(from, to),
            CaptureRule::CrossRays => 0,
            CaptureRule::Flip(_) => self.flip_after(to, false),
            CaptureRule::Custodian(_) => {
                let n = self.custodian_captures(to);
                if n > 0 {
                    self.halfmove = 0;
                }
                n
            }
        }
    }

    /// A capture on `at` explodes: the piece now there and every piece around it that
    /// is not immune leave the board. Returns how many pieces went.
    fn explode(&mut self, at: Square) -> u8 {
        let blast = self
            .rules
            .capture
            .blast()
            .expect("explosions in this variant");
        let centre = if blast.blast_proof >> kind_of(self.board[at]) & 1 == 0 {
            B::from_square(at)
        } else {
            B::EMPTY
        };
        let victims = (blast.around[at] & self.occupied() & !self.kinds_set(blast.immune)) | centre;
        self.remove_recorded(victims)
    }

    /// Puts back the last `n` pieces the capture rule took off (`unmake`), first
    /// undoing what [`Position::removed_after_move`] did with their markers and hands.
    #[cold]
    #[inline(never)]
    fn put_back_removed(&mut self, n: usize) {
        if self.rules.marks.is_some() {
            self.removed_before_unmake(n);
        }
        for _ in 0..n {
            let r = self.exploded.pop().expect("exploded pieces recorded");
            // A flipped piece stands where the removed one goes back.
            if self.board[r.sq as usize] != NO_PIECE {
                self.lift(r.sq as usize);
            }
            self.place(r.sq as usize, r.piece);
        }
    }

    /// Takes every piece of `victims` off the board, each recorded for `unmake_move`
    /// (as explosions are). Returns how many went.
    pub(super) fn remove_recorded(&mut self, victims: B) -> u8 {
        let mut n = 0;
        for sq in victims.squares() {
            let p = self.remove(sq);
            self.exploded.push(Removed {
                sq: sq as u16,
                piece: p,
                mark: 0,
            });
            n += 1;
        }
        n
    }

    /// A capture from `from` landed on `to` (the victim is gone): the first unit on
    /// each ray of the other line kind goes too (see [`CaptureRule::CrossRays`]).
    /// Returns how many pieces went.
    #[cold]
    #[inline(never)]
    fn shrapnel(&mut self, from: Square, to: Square) -> u8 {
        let geo = self.rules.geo;
        let dx = geo.file_of(to) as i32 - geo.file_of(from) as i32;
        let dy = geo.rank_of(to) as i32 - geo.rank_of(from) as i32;
        let occ = self.occupied();
        let rays = if dx == 0 || dy == 0 {
            self.rules.tables.diagonal(to, occ)
        } else if dx.abs() == dy.abs() {
            self.rules.tables.orthogonal(to, occ)
        } else {
            return 0;
        };
        self.remove_recorded(rays & occ)
    }

    /// Key of `color`'s current check count (0 when the variant counts no checks).
    fn checks_key(&self, color: Color) -> u64 {
        if self.rules.end.counted_checks().is_none() && !self.rules.end.self_checks() {
            return 0;
        }
        self.rules.zobrist.checks[color.index() * 16 + self.checks_given[color] as usize]
    }

    /// Key of the kinds `color` has captured (0 where they are not counted).
    fn captured_key(&self, color: Color) -> u64 {
        self.rules.zobrist.captured[color.index() * 256 + self.captured_kinds[color] as usize]
    }

    /// Key of the fullmove number, where a move limit makes it part of the position
    /// (0 elsewhere).
    #[inline]
    fn fullmove_key(&self, n: u32) -> u64 {
        if self.rules.end.move_limit().is_none() {
            return 0;
        }
        let keys = &self.rules.zobrist.fullmove;
        keys[(n as usize).min(keys.len() - 1)]
    }

    /// Key of a pending arrival (Glory): `undo` records a move that arrived (0 where
    /// the variant has no arrival rule).
    fn arrival_key(&self, undo: Option<&Undo>) -> u64 {
        match undo {
            Some(u) if self.is_arrival(u) => self.rules.zobrist.arrival[u.mv.to()],
            _ => 0,
        }
    }

    /// Whether the move `undo` records is an arrival under the variant's arrival rule:
    /// a non-promoting move of a piece of its kinds onto its owner's arrival rank.
    fn is_arrival(&self, undo: &Undo) -> bool {
        let Some((kinds, rank)) = self.rules.end.arrival() else {
            return false;
        };
        if undo.mv == Move::NONE || undo.moved == NO_PIECE || undo.mv.kind() == MoveKind::Promotion
        {
            return false;
        }
        let owner = color_of(undo.moved);
        let geo = self.rules.geo;
        let r = geo.rank_of(undo.mv.to());
        let relative = if owner == WHITE {
            r
        } else {
            geo.ranks() - 1 - r
        };
        kinds >> kind_of(undo.moved) & 1 != 0 && relative == rank
    }

    /// The square of the piece of the side to move that arrived with its last move and
    /// still stands there (Glory), if any: from the moves played since set-up.
    pub(crate) fn surviving_arrival(&self) -> Option<Square> {
        let n = self.history.len();
        let undo = self.history.get(n.checked_sub(2)?)?;
        if color_of(undo.moved) != self.side || !self.is_arrival(undo) {
            return None;
        }
        let to = undo.mv.to();
        (self.board[to] == undo.moved).then_some(to)
    }

    /// The set of kinds (a bit per kind) `color` has captured, where the variant counts
    /// them.
    pub fn captured_kinds(&self, color: Color) -> u8 {
        self.captured_kinds[color]
    }

    /// Whether the last move made captured, and the checks each side had given before
    /// it (`None` without a last move: a FEN alone has none).
    pub(crate) fn last_move_record(&self) -> Option<(bool, [u8; 2])> {
        let u = self.history.last()?;
        (u.mv != Move::NONE).then_some((u.captured != NO_PIECE, u.checks_given))
    }

    /// The last move made, the piece that made it and the piece it captured
    /// (`NO_PIECE`: none), if a move was made since the position was set up.
    pub(crate) fn last_move_pieces(&self) -> Option<(Move, PieceCode, PieceCode)> {
        let u = self.history.last()?;
        (u.mv != Move::NONE).then_some((u.mv, u.moved, u.captured))
    }

    /// Checks each side has given so far (n-check variants).
    pub fn checks_given(&self) -> [u8; 2] {
        self.checks_given
    }

    /// After a double step, the passed square becomes the en-passant square, but only
    /// when an enemy piece could capture there (as Stockfish and Fairy-Stockfish do, so
    /// equal positions get equal keys and FENs). A kind that lists its double steps
    /// (`PieceKind::custom`) sets it whether or not anything can capture there, as
    /// Fairy-Stockfish does for its custom pieces, straight or slanting (Berolina's
    /// `imfnA`).
    fn set_ep_after_double_step(&mut self, from: Square, to: Square, us: Color) {
        // Two ranks straight ahead: the passed square is midway in index order.
        if from.abs_diff(to) != 2 * self.rules.geo.files() {
            return;
        }
        let passed = (from + to) / 2;
        // A vanished passed square cannot be landed on, so no en passant there.
        if !(self.rules.en_passant_zone[us] & self.landable).has(passed) {
            return;
        }
        let them = !us;
        // Only capturers the capture rule lets take the pawn (Tyrant's pawns take
        // nothing).
        let pawn = kind_of(self.board[to]);
        let capture = &self.rules.capture;
        let capturers = self
            .rules
            .kinds
            .iter()
            .enumerate()
            .filter(|&(k, rules)| rules.en_passant && capture.victims(k) >> pawn & 1 != 0)
            .any(|(k, rules)| {
                (rules.moves[them].capture_leaps_from[passed] & self.pieces_of(k, them)).any()
            });
        if capturers {
            self.ep = passed as u16;
            self.key ^= self.ep_key(self.ep);
        }
    }

    /// The en-passant field after a move, in games with a kind that lists its double
    /// steps (from `departed`, so chess's moves never look at `ep_to`): the field the
    /// move cleared loses its listed square's key (`begin_ply` took the first), a
    /// double step of such a kind lists the square passed, capturable or not, and the
    /// square reached (replacing what `set_ep_after_double_step` made of it), and a
    /// single square keeps `ep_to` unset.
    fn listed_ep_after_move(&mut self, undo: &Undo) {
        if undo.ep != NO_SQUARE && self.ep_to != NO_SQUARE {
            self.key ^= self.rules.zobrist.en_passant[self.rules.geo.file_of(self.ep_to as usize)];
        }
        let mv = undo.mv;
        let lists =
            mv.kind() == MoveKind::DoubleStep && self.rules.kinds[kind_of(undo.moved)].custom;
        if !lists {
            if self.ep != NO_SQUARE {
                self.set_ep_to(NO_SQUARE);
            }
            return;
        }
        self.key ^= self.ep_key(self.ep);
        self.ep = NO_SQUARE;
        let (from, to) = (mv.from(), mv.to());
        let Some(passed) = midpoint(self.rules.geo, from, to) else {
            return;
        };
        if !(self.rules.en_passant_zone[self.side] & self.landable).has(passed) {
            return;
        }
        self.ep = passed as u16;
        self.set_ep_to(to as u16);
        self.key ^= self.ep_key(self.ep) ^ self.ep_to_key();
    }

    /// Sets `ep_to`, recording the value it replaces for `unmake` where it changes
    /// (only in games whose kinds list their double steps: elsewhere it stays
    /// `NO_SQUARE`).
    #[inline(always)]
    fn set_ep_to(&mut self, sq: u16) {
        if sq != self.ep_to {
            debug_assert!(self.rules.tracks_departures);
            self.ep_to_history
                .push((self.history.len() as u32, self.ep_to));
            self.ep_to = sq;
        }
    }

    /// Whether the move `from`-`to` of the side to move is one of the reversible steps
    /// of its kind `kr` (which keep the move clock).
    fn reversible(
        &self,
        kr: &crate::variant::rules::KindRules<B>,
        from: Square,
        to: Square,
    ) -> bool {
        let geo = self.rules.geo;
        // Black's moves are White's turned half a circle (`variant::rules`).
        let dx = (geo.file_of(to) as i32 - geo.file_of(from) as i32) * Self::forward(self.side);
        let dy = (geo.rank_of(to) as i32 - geo.rank_of(from) as i32) * Self::forward(self.side);
        kr.reversible
            .iter()
            .any(|&(x, y)| (x as i32, y as i32) == (dx, dy))
    }

    /// Whether kind `k` promotes or demotes with its moves (Kyoto shogi's flips, Fairy-
    /// Stockfish's `pieceDemotion`): such a promotion keeps the move clock, as in
    /// Fairy-Stockfish, where every other promotion resets it.
    #[inline]
    fn flips(&self, k: usize) -> bool {
        let kr = &self.rules.kinds[k];
        kr.demotes || kr.promotion.as_ref().is_some_and(|p| p.demotes)
    }

    /// `make_move`'s en-passant capture (also a pool turn's regular part).
    #[inline(always)]
    fn make_en_passant(&mut self, mv: Move, undo: &mut Undo) {
        let (from, to) = (mv.from(), mv.to());
        let victim = self
            .ep_victim(to, self.side)
            .expect("en passant victim on board");
        undo.captured = self.remove(victim);
        let p = self.remove(from);
        self.put(to, p);
        self.halfmove = 0;
        undo.exploded = self.capture_effects(from, to, true);
    }

    /// `make_move`'s plain move of kind `kind` (normal, promotion, double step), a
    /// capture on `to` included (also a pool turn's regular part).
    #[inline(always)]
    fn make_plain(&mut self, mv: Move, kind: MoveKind, undo: &mut Undo) {
        let (from, to) = (mv.from(), mv.to());
        let us = self.side;
        if self.board[to] != NO_PIECE {
            undo.captured = self.remove(to);
            self.halfmove = 0;
        }
        let p = self.remove(from);
        // Pawn-like moves and every promotion (Shogun's bishop too, as in
        // Fairy-Stockfish) reset the move clock.
        // (A kind's reversible quiet steps keep the clock: `departed` puts it back.)
        if (self.rules.kinds[kind_of(p)].resets_clock
            || (kind == MoveKind::Promotion && !self.flips(kind_of(p))))
            && !self.rules.end.capture_clock()
        {
            self.halfmove = 0;
        }
        if kind == MoveKind::Promotion {
            let new = mv.promoted_kind();
            let owner = if self.rules.gift_kind == Some(new) {
                !us
            } else {
                us
            };
            self.put(to, piece_code(new, owner));
        } else {
            self.put(to, p);
        }
        if kind == MoveKind::DoubleStep {
            self.set_ep_after_double_step(from, to, us);
        }
        undo.exploded = self.capture_effects(from, to, undo.captured != NO_PIECE);
    }

    /// `unmake_move`'s en-passant capture (also a pool turn's regular part).
    #[inline(always)]
    fn unmake_en_passant(&mut self, from: Square, to: Square, captured: PieceCode) {
        let p = self.lift(to);
        self.place(from, p);
        let victim = self
            .ep_victim(to, self.side)
            .expect("en passant victim on board");
        self.place(victim, captured);
    }

    /// `unmake_move`'s plain move (also a pool turn's regular part).
    #[inline(always)]
    fn unmake_plain(&mut self, from: Square, to: Square, undo: &Undo) {
        self.lift(to);
        self.place(from, undo.moved);
        if undo.captured != NO_PIECE {
            self.place(to, undo.captured);
        }
    }

    pub fn unmake_move(&mut self) {
        let undo = self.history.pop().expect("unmake without a move");
        let mv = undo.mv;
        let (from, to) = (mv.from(), mv.to());
        self.side = !self.side;
        let us = self.side;
        if us == BLACK {
            self.fullmove -= 1;
        }
        if undo.exploded > 0 {
            self.put_back_removed(undo.exploded as usize);
        }
        if self.rules.marks.is_some() {
            if self.rules.hands.is_some() {
                self.ungate(&undo);
                if mv.kind() != MoveKind::Drop {
                    self.hands_before_unmake(&undo);
                }
            }
            if mv.kind() != MoveKind::Drop {
                self.marks_before_unmake(&undo);
            }
        }
        match mv.kind() {
            MoveKind::Drop => {
                self.remove(to);
                if !self.rules.hands.as_ref().is_some_and(|h| h.free_drops) {
                    self.hand[us][mv.promoted_kind()] += 1;
                }
                if mv.is_promoted_drop() {
                    self.promoted &= !B::from_square(to);
                }
            }
            MoveKind::Pass => {}
            MoveKind::Castle => {
                let (kto, rto) = self.castling_destinations(from, to);
                let king = self.lift(kto);
                let rook = self.lift(rto);
                self.place(from, king);
                self.place(to, rook);
            }
            MoveKind::Compound if self.rules.turn == TurnRule::TwoStepEvasions => {
                self.unmake_two_step(&undo);
            }
            MoveKind::Compound if self.rules.turn == TurnRule::PlaceFromPool => {
                self.unmake_pool_turn(&undo);
            }
            MoveKind::Compound if matches!(self.rules.turn, TurnRule::Mirror(_)) => {
                self.unmake_mirror_turn(&undo);
            }
            MoveKind::Compound => {
                self.lift(mv.part());
                self.lift(to);
                self.place(from, undo.moved);
                self.place(to, undo.captured);
            }
            MoveKind::EnPassant => self.unmake_en_passant(from, to, undo.captured),
            _ => self.unmake_plain(from, to, &undo),
        }
        self.castling = undo.castling;
        self.ep = undo.ep;
        self.halfmove = undo.halfmove;
        self.key = undo.key;
        self.checks_given = undo.checks_given;
        self.captured_kinds = undo.captured_kinds;
        if self.rules.tracks_departures {
            // A piece stood on the square it left, so it had not vanished before.
            if self.rules.vanishing && !matches!(mv.kind(), MoveKind::Drop | MoveKind::Pass) {
                self.landable |= B::from_square(from);
            }
            self.privilege = undo.privilege;
            if self.rules.hands.is_none() {
                self.ungate_departure(&undo);
            }
            if let Some(&(ply, ep_to)) = self.ep_to_history.last() {
                if ply as usize == self.history.len() {
                    self.ep_to = ep_to;
                    self.ep_to_history.pop();
                }
            }
            self.bombs_before_unmake();
            if let Some(w) = self.wall_history.pop() {
                self.walls = w;
                self.landable = self.rules.tables.board & !w;
            }
        }
        self.counting = undo.counting;
    }

    /// Passes the turn (for null-move pruning): only the side, the key and the
    /// en-passant square change. Undone by `unmake_null_move`.
    pub fn make_null_move(&mut self) {
        // A listed field's second square leaves the key with it.
        self.key ^= self.ep_to_key();
        let undo = self.begin_ply(Move::NONE, NO_PIECE);
        if self.rules.end.arrival().is_some() {
            self.key ^= self.arrival_key(self.history.last());
        }
        self.history.push(undo);
        self.side = !self.side;
        self.key ^= self.rules.zobrist.side;
    }

    pub fn unmake_null_move(&mut self) {
        let undo = self
            .history
            .pop()
            .expect("unmake_null_move without a null move");
        debug_assert_eq!(undo.mv, Move::NONE);
        self.side = !self.side;
        self.ep = undo.ep;
        self.halfmove = undo.halfmove;
        self.key = undo.key;
    }

    /// Whether a legal move of this position captures something: the piece on the
    /// square it moves to, en passant, or (custodian capture) the pieces it encloses.
    #[inline]
    pub fn is_capture(&self, mv: Move) -> bool {
        match mv.kind() {
            MoveKind::EnPassant => true,
            MoveKind::Castle | MoveKind::Pass => false,
            // A compound turn's regular part may land where the mover's own unit stood
            // before the turn (a mirror's square, a two-step's origin).
            MoveKind::Compound => self.by_color[!self.side].has(mv.to()),
            _ => {
                self.board[mv.to()] != NO_PIECE
                    || self.custodian_victim(mv.from(), mv.to()) != NO_PIECE
            }
        }
    }

    /// The piece a legal move captures (`NO_PIECE` if none); of the pieces a custodian
    /// capture takes, the king if he is among them, else the first.
    #[inline]
    pub fn captured_piece(&self, mv: Move) -> PieceCode {
        match mv.kind() {
            MoveKind::EnPassant => self
                .ep_victim(mv.to(), self.side)
                .map_or(NO_PIECE, |v| self.board[v]),
            MoveKind::Castle | MoveKind::Pass => NO_PIECE,
            MoveKind::Compound if !self.by_color[!self.side].has(mv.to()) => NO_PIECE,
            _ => match self.board[mv.to()] {
                NO_PIECE => self.custodian_victim(mv.from(), mv.to()),
                p => p,
            },
        }
    }

    /// The side that gave check with every one of its moves since the current position
    /// first occurred (since the last irreversible move), when exactly one side did:
    /// under the perpetual-check rule that side loses the repetition.
    pub fn perpetual_checker(&self) -> Option<Color> {
        let n = self.history.len();
        let window = &self.history[n - (self.halfmove as usize).min(n)..];
        let start = window
            .iter()
            .position(|u| u.key == self.key && u.mv != Move::NONE)?;
        // Which moves gave check is found by stepping back through the cycle on a copy
        // (rare: only at a repetition), not recorded by every move made.
        let cycle = window.len() - start;
        let always = self.with_copy(|back| {
            let mut always = [true, true];
            for _ in 0..cycle {
                let mover = !back.side;
                if back.last_move() == Some(Move::NONE) {
                    always[mover] = false;
                    back.unmake_null_move();
                } else {
                    always[mover] &= back.in_check();
                    back.unmake_move();
                }
            }
            always
        });
        match always {
            [true, false] => Some(WHITE),
            [false, true] => Some(BLACK),
            _ => None,
        }
    }

    /// The pieces the last `make_move` took off and put on the board.
    #[inline(always)]
    pub fn dirty(&self) -> &Dirty {
        &self.dirty
    }

    /// The last move made, if any.
    pub fn last_move(&self) -> Option<Move> {
        self.history.last().map(|u| u.mv)
    }

    /// Keys of earlier positions, most recent first, back to the last irreversible move.
    pub fn previous_keys(&self) -> impl Iterator<Item = u64> + '_ {
        let reversible = self.halfmove as usize;
        self.history.iter().rev().take(reversible).map(|u| u.key)
    }

    /// Squares of `color`'s pieces that capture on `sq` with occupancy `occ`.
    #[inline(always)]
    pub fn attackers(&self, sq: Square, color: Color, occ: B) -> B {
        self.attackers_with(sq, color, occ, &self.sliders(color))
    }

    /// `color`'s full-line sliders, gathered once for several attack queries.
    #[inline(always)]
    pub(crate) fn sliders(&self, color: Color) -> Sliders<B> {
        let rules = &*self.rules;
        let their = self.by_color[color];
        Sliders {
            orthogonal: self.kinds_set(rules.orthogonal_capturers) & their,
            diagonal: self.kinds_set(rules.diagonal_capturers) & their,
        }
    }

    /// Takes away the castling rights of the squares in `cleared` and of the last
    /// `exploded` recorded removals (explosions, shrapnel, a bomb), keeping the key in step.
    #[inline(always)]
    pub(crate) fn clear_castling(&mut self, mut cleared: u8, exploded: usize) {
        for r in &self.exploded[self.exploded.len() - exploded..] {
            cleared |= self.castle_clear[r.sq as usize];
        }
        if self.castling & cleared != 0 {
            self.key ^= self.castling_key(self.castling);
            self.castling &= !cleared;
            self.key ^= self.castling_key(self.castling);
        }
    }

    /// As [`Position::attackers`], with the attacker's sliders already gathered.
    #[inline(always)]
    pub(crate) fn attackers_with(
        &self,
        sq: Square,
        color: Color,
        occ: B,
        sliders: &Sliders<B>,
    ) -> B {
        self.leap_attackers(sq, color) | self.far_attackers(sq, color, occ, sliders)
    }

    /// `color`'s pieces that capture on `sq` by a plain leap (the part of an attack
    /// test that does not depend on the occupancy).
    #[inline(always)]
    pub(crate) fn leap_attackers(&self, sq: Square, color: Color) -> B {
        let rules = &*self.rules;
        let n = rules.leap_capturers.len();
        let row = &rules.leap_attacks[color][sq * n..sq * n + n];
        let mut att = B::EMPTY;
        for (&from, &k) in row.iter().zip(&rules.leap_capturers) {
            // Kinds are below MAX_KINDS (the rules refuse more): no bounds test.
            att |= from & self.by_kind[k % MAX_KINDS];
        }
        att & self.by_color[color]
    }

    /// `color`'s pieces that capture on `sq` along lines (full-line sliders, with the
    /// given occupancy) or by the general walk (hoppers, lame leapers, limited riders).
    #[inline(always)]
    pub(crate) fn far_attackers(
        &self,
        sq: Square,
        color: Color,
        occ: B,
        sliders: &Sliders<B>,
    ) -> B {
        let rules = &*self.rules;
        let mut att = B::EMPTY;
        if sliders.orthogonal.any() {
            att |= rules.tables.orthogonal(sq, occ) & sliders.orthogonal;
        }
        if sliders.diagonal.any() {
            att |= rules.tables.diagonal(sq, occ) & sliders.diagonal;
        }
        if !rules.complex_capturers.is_empty() {
            att |= self.complex_attackers(sq, color, occ);
        }
        att
    }

    /// The general-walk part of [`Position::far_attackers`]; out of line, so that
    /// games without such capturers pay one test.
    #[inline(never)]
    fn complex_attackers(&self, sq: Square, color: Color, occ: B) -> B {
        let rules = &*self.rules;
        let mut att = B::EMPTY;
        let shy = self.kinds_set(rules.shy_kinds);
        for &k in &rules.complex_capturers {
            let mine = self.pieces_of(k, color);
            if mine.is_empty() {
                continue;
            }
            let m = &rules.kinds[k].moves[color];
            match &m.reverse {
                Some(rev) => {
                    let (start, end) = rev.special_index[sq];
                    for &(from, path) in &rev.specials[start as usize..end as usize] {
                        if mine.has(from as usize) && (path & occ).is_empty() {
                            att |= B::from_square(from as usize);
                        }
                    }
                    for w in &rev.walkers {
                        let zone = if w.initial {
                            m.initial_zone
                        } else {
                            rules.tables.board
                        };
                        if w.shy && shy.has(sq) {
                            continue;
                        }
                        att |= rules.walk(w, sq, occ, shy).1 & mine & zone;
                    }
                }
                None => {
                    for from in mine.squares() {
                        if rules
                            .complex_captures_among(k, color, from, occ, shy)
                            .has(sq)
                        {
                            att |= B::from_square(from);
                        }
                    }
                }
            }
        }
        att
    }

    #[inline(always)]
    pub(crate) fn kinds_set(&self, mask: u32) -> B {
        kinds_in(mask).fold(B::EMPTY, |b, k| b | self.by_kind[k])
    }

    /// The pieces of `victim_side` that a piece of kind `kind` may capture (all of them
    /// unless the capture rule restricts who takes whom).
    #[inline(always)]
    pub(crate) fn capturable(&self, kind: usize, victim_side: Color) -> B {
        if self.rules.victims_restricted {
            self.by_color[victim_side] & self.kinds_set(self.rules.capture.victims(kind))
        } else {
            self.by_color[victim_side]
        }
    }

    /// Whether `color`'s royal piece is attacked (false in games without check).
    #[inline]
    pub fn royal_attacked(&self, color: Color) -> bool {
        match self.royal_square(color) {
            Some(k) => self.checked_on(k, color, self.occupied()),
            None => false,
        }
    }

    /// Whether `color`'s royal piece would be in check on `sq` with occupancy `occ`.
    /// With explosions a royal piece cannot capture (it would explode itself), and
    /// no piece can while the two royals stand side by side.
    #[inline]
    pub(crate) fn checked_on(&self, sq: Square, color: Color, occ: B) -> bool {
        if self.rules.special_checks {
            return self.specially_checked_on(sq, color, occ);
        }
        self.checked_by(sq, color, self.attackers(sq, !color, occ))
    }

    /// [`Position::checked_on`] where checks are more than geometric attacks: royals
    /// facing on a file or a rank (flying general), pieces that attack like another kind.
    #[inline]
    fn specially_checked_on(&self, sq: Square, color: Color, occ: B) -> bool {
        if self.rules.filters.has(MoveFilter::RoyalsMayNotFace) {
            if let Some(theirs) = self.royal_square(!color) {
                let geo = self.rules.geo;
                // Fairy-Stockfish's flying general sees along ranks too (Empire's kings
                // on one rank); the palaces of Xiangqi never share one.
                let in_line = geo.file_of(theirs) == geo.file_of(sq)
                    || geo.rank_of(theirs) == geo.rank_of(sq);
                if in_line && (self.rules.tables.between(sq, theirs) & occ).is_empty() {
                    return true;
                }
            }
        }
        if self.privilege != 0 && self.privileged_royal_attacks(sq, !color, occ) {
            return true;
        }
        let mut attackers = self.attackers(sq, !color, occ);
        if let Some((kind, donors)) = self.rules.borrowed {
            for q in (attackers & self.pieces_of(kind, !color)).squares() {
                let reaches = self
                    .borrowed_donor(&donors, !color)
                    .is_some_and(|d| self.donor_reaches(d, !color, q, sq, occ, true));
                if !reaches {
                    attackers &= !B::from_square(q);
                }
            }
        }
        self.checked_by(sq, color, attackers)
    }

    /// The kind a borrowing piece of `color` moves like now: the first of `donors` its
    /// side has on the board.
    pub(crate) fn borrowed_donor(&self, donors: &[u8; 8], color: Color) -> Option<usize> {
        donors
            .iter()
            .take_while(|&&d| d != crate::variant::parts::NO_DONOR)
            .map(|&d| d as usize)
            .find(|&d| self.pieces_of(d, color).any())
    }

    /// Whether a piece of kind `donor` and `color` on `from` reaches `to` by one of its
    /// single moves (leaps and full-line slides; no initial moves), capturing or not.
    pub(crate) fn donor_reaches(
        &self,
        donor: usize,
        color: Color,
        from: Square,
        to: Square,
        occ: B,
        capture: bool,
    ) -> bool {
        let km = &self.rules.kinds[donor].moves[color];
        let t = &self.rules.tables;
        let (leaps, orth, diag) = if capture {
            (
                &km.capture_leaps,
                km.capture_orthogonal,
                km.capture_diagonal,
            )
        } else {
            (&km.quiet_leaps, km.quiet_orthogonal, km.quiet_diagonal)
        };
        leaps[from].has(to)
            || (orth && t.orthogonal(from, occ).has(to))
            || (diag && t.diagonal(from, occ).has(to))
    }

    /// Whether `color`'s royal on `sq` is in check from `attackers` (its enemies that
    /// attack the square), under the capture rule.
    #[inline(always)]
    fn checked_by(&self, sq: Square, color: Color, attackers: B) -> bool {
        match &self.rules.capture {
            // Attacks are geometric: a piece that may not take the royal still checks it.
            CaptureRule::Replacement
            | CaptureRule::Custodian(_)
            | CaptureRule::Permitted(_)
            | CaptureRule::CrossRays
            | CaptureRule::Flip(_) => attackers.any(),
            CaptureRule::Explosion(blast) => {
                let royal = self.royals();
                let their_royal = royal & self.by_color[!color];
                (attackers & !royal).any() && (blast.around[sq] & their_royal).is_empty()
            }
        }
    }

    /// Whether `color`'s royal, keeping its first-move privilege, attacks `sq` along a
    /// queen line with occupancy `occ` (vanished squares are not in it, so the line
    /// passes over them).
    #[cold]
    fn privileged_royal_attacks(&self, sq: Square, color: Color, occ: B) -> bool {
        if !self.has_privilege(color) {
            return false;
        }
        let Some(k) = self.royal_square(color) else {
            return false;
        };
        let t = &self.rules.tables;
        k != sq && (t.orthogonal(sq, occ) | t.diagonal(sq, occ)).has(k)
    }

    /// Both sides' royal pieces (none without a royal kind).
    #[inline(always)]
    pub(crate) fn royals(&self) -> B {
        self.rules
            .royalty
            .kind()
            .map_or(B::EMPTY, |k| self.by_kind[k])
    }

    /// Whether the side to move is in check.
    pub fn in_check(&self) -> bool {
        self.royal_attacked(self.side)
    }

    /// Whether the side to move is in check by a rule beyond attacks on its royal
    /// piece: an enemy unit on its intrusion squares (Xenophobic), its second royal
    /// kind attacked (Separation, Counselor), a pseudo-royal piece attacked (Coregal,
    /// Spartan), or an enemy move that would link its royal (Linkage). With no legal
    /// move this is mate.
    pub fn in_extra_check(&self) -> bool {
        self.extra_check(true)
    }

    /// Whether the side to move is in a check that SAN marks with `+`: a check on its
    /// royal piece or by a rule, but not a pseudo-royal piece attacked (pyffish marks
    /// only the mate of one, with `#`).
    pub(crate) fn in_marked_check(&self) -> bool {
        self.in_check() || self.extra_check(false)
    }

    /// [`Position::in_extra_check`], the pseudo-royal pieces counted where `pseudo`.
    fn extra_check(&self, pseudo: bool) -> bool {
        (self.rules.filters.has(MoveFilter::IntrudersMustGo)
            && (self.rules.intrusion[self.side] & self.by_color[!self.side]).any())
            || self
                .rules
                .filters
                .second_royal()
                .is_some_and(|k| self.second_royal_attacked(k, self.side))
            || self
                .rules
                .filters
                .mated_royal_wins()
                .is_some_and(|k| self.second_royal_attacked(k, self.side))
            || (pseudo && self.pseudo_royal_checked(self.side))
            || self.rules.filters.linkage().is_some_and(|run| {
                self.with_copy(|p| {
                    p.make_null_move();
                    p.linkage_threat(self.side, run)
                })
            })
    }

    /// Whether a piece of kind `kind` (a second royal kind) of `color` is attacked.
    pub(crate) fn second_royal_attacked(&self, kind: usize, color: Color) -> bool {
        let occ = self.occupied();
        self.pieces_of(kind, color)
            .squares()
            .any(|s| self.attackers(s, !color, occ).any())
    }

    /// Whether `color`'s pieces of the two `kinds` stand in one quadrant (the board's
    /// files and ranks halved).
    pub(crate) fn in_one_quadrant(&self, kinds: [usize; 2], color: Color) -> bool {
        let geo = self.rules.geo;
        let quadrant = |s: Square| {
            (
                geo.file_of(s) * 2 >= geo.files(),
                geo.rank_of(s) * 2 >= geo.ranks(),
            )
        };
        let (a, b) = (
            self.pieces_of(kinds[0], color),
            self.pieces_of(kinds[1], color),
        );
        a.squares()
            .any(|x| b.squares().any(|y| quadrant(x) == quadrant(y)))
    }
}

impl<B: Bitboard> crate::variant::parts::counting::Material for Position<B> {
    fn count(&self, kinds: u32, side: Color) -> u32 {
        kinds_in(kinds)
            .map(|k| self.pieces_of(k, side).count())
            .sum()
    }

    fn count_all(&self, side: Color) -> u32 {
        self.by_color[side].count()
    }
}

/// The square midway between `a` and `b`, where there is one (an even number of files
/// and of ranks apart): the square a lame two-step leap passes.
pub(crate) fn midpoint(geo: crate::board::Geometry, a: Square, b: Square) -> Option<Square> {
    let (fa, fb) = (geo.file_of(a), geo.file_of(b));
    let (ra, rb) = (geo.rank_of(a), geo.rank_of(b));
    ((fa + fb) % 2 == 0 && (ra + rb) % 2 == 0).then(|| geo.square((fa + fb) / 2, (ra + rb) / 2))
}
