//! The secret bombs of itsyourturn's Atomic (`TurnRule::SecretBomb`; rule book
//! `../shared/RULES-HIDDEN.md` §5) in the position: per side the bomb's state (not
//! designated, on a square, gone), its Zobrist key, the FEN's seventh field
//! `{<white>,<black>}` (`-`, a square, `x`), and the state after each move: a
//! designation sets it, a detonation clears the blast, the bomb follows its unit
//! (castling rook and promoting pawn included) and is gone with it.

use super::fen::FenError;
use super::{Move, MoveKind, Position, NO_PIECE, NO_SQUARE};
use crate::board::{Bitboard, Square};
use crate::variant::{Color, BLACK, WHITE};

/// Not designated yet (`-`).
pub const BOMB_UNSET: u16 = NO_SQUARE;
/// Gone: its unit was captured or blown up, or the FEN says `x`.
pub const BOMB_GONE: u16 = NO_SQUARE - 1;
/// Gone by its own detonation, which both sides saw (written `x` as well).
pub const BOMB_DETONATED: u16 = NO_SQUARE - 2;

/// What one side's bomb is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bomb {
    Unset,
    On(Square),
    /// Gone; `detonated`: by its owner's detonation (public), else captured or blown up
    /// by the opponent, or written `x` in a FEN (which does not say how).
    Gone {
        detonated: bool,
    },
}

impl Bomb {
    fn of(code: u16) -> Bomb {
        match code {
            BOMB_UNSET => Bomb::Unset,
            BOMB_GONE => Bomb::Gone { detonated: false },
            BOMB_DETONATED => Bomb::Gone { detonated: true },
            sq => Bomb::On(sq as usize),
        }
    }
}

impl<B: Bitboard> Position<B> {
    /// Whether the game has secret bombs.
    #[inline(always)]
    pub fn has_bombs(&self) -> bool {
        !self.rules.bomb_blast.is_empty()
    }

    /// `color`'s bomb.
    pub fn bomb(&self, color: Color) -> Bomb {
        Bomb::of(self.bombs[color])
    }

    /// The key of `color`'s bomb state (0 while not designated).
    fn bomb_key(&self, color: Color, code: u16) -> u64 {
        let n = self.rules.geo.squares();
        let slot = match code {
            BOMB_UNSET => return 0,
            BOMB_GONE | BOMB_DETONATED => n,
            sq => sq as usize,
        };
        self.rules.zobrist.bomb[color.index() * (n + 1) + slot]
    }

    /// Key of both bombs (0 in games without them).
    pub(super) fn bombs_key(&self) -> u64 {
        if !self.has_bombs() {
            return 0;
        }
        self.bomb_key(WHITE, self.bombs[WHITE]) ^ self.bomb_key(BLACK, self.bombs[BLACK])
    }

    fn set_bomb(&mut self, color: Color, code: u16) {
        self.key ^= self.bomb_key(color, self.bombs[color]) ^ self.bomb_key(color, code);
        self.bombs[color] = code;
    }

    /// A detonation by the side to move on `at`: the unit there and every unit around
    /// it leave the board, recorded for `unmake` as explosions are. Returns how many.
    fn detonate(&mut self, at: Square) -> u8 {
        self.remove_recorded(self.rules.bomb_blast[at] & self.occupied())
    }

    /// The board part of a bomb action `mv` (a [`Move::bomb`], made as a pass) by the
    /// side to move, from `make_move`'s departure step, so that chess's path through
    /// `make_move` is untouched: a designation changes nothing on the board and leaves
    /// the move clock as it was; a detonation clears the blast (with the castling
    /// rights of the squares it empties) and resets the clock.
    #[cold]
    #[inline(never)]
    pub(super) fn bomb_action(&mut self, mv: Move, undo: &mut super::Undo) {
        if self.bombs[self.side] == BOMB_UNSET {
            self.halfmove = undo.halfmove;
            return;
        }
        undo.exploded = self.detonate(mv.from());
        self.halfmove = 0;
        self.clear_castling(0, undo.exploded as usize);
    }

    /// The bombs after the move `mv` by `us` (the board already changed): a
    /// designation, a detonation, or a bomb that moved with its unit or went with it.
    /// The state before is kept for `unmake`.
    #[cold]
    #[inline(never)]
    pub(super) fn bombs_after_move(&mut self, mv: Move, us: Color) {
        self.bomb_history.push(self.bombs);
        let them = !us;
        if mv.is_bomb() {
            if self.bombs[us] == BOMB_UNSET {
                self.set_bomb(us, mv.from() as u16);
            } else {
                self.set_bomb(us, BOMB_DETONATED);
            }
        } else if let Bomb::On(at) = self.bomb(us) {
            let (from, to) = (mv.from(), mv.to());
            let now = match mv.kind() {
                MoveKind::Castle => {
                    let (king_to, rook_to) = self.castling_destinations(from, to);
                    if at == from {
                        king_to
                    } else if at == to {
                        rook_to
                    } else {
                        at
                    }
                }
                MoveKind::Drop | MoveKind::Pass => at,
                _ if at == from => to,
                _ => at,
            };
            if now != at {
                self.set_bomb(us, now as u16);
            }
        }
        // A bomb whose square no longer holds its owner's unit went with it (captured,
        // taken en passant, or blown up).
        for c in [them, us] {
            if let Bomb::On(at) = self.bomb(c) {
                let p = self.board[at];
                if p == NO_PIECE || super::color_of(p) != c {
                    self.set_bomb(c, BOMB_GONE);
                }
            }
        }
    }

    /// Undoes [`Position::bombs_after_move`] (the key is restored with the rest).
    pub(super) fn bombs_before_unmake(&mut self) {
        if let Some(b) = self.bomb_history.pop() {
            self.bombs = b;
        }
    }

    /// Reads the FEN's bomb field `{<white>,<black>}`: each `-`, `x` or the square of
    /// one of that side's units.
    pub(super) fn parse_bombs(&mut self, field: &str) -> Result<(), FenError> {
        let bad = || FenError(format!("bomb field '{field}' is not {{<white>,<black>}}"));
        let inner = field
            .strip_prefix('{')
            .and_then(|f| f.strip_suffix('}'))
            .ok_or_else(bad)?;
        let (w, b) = inner.split_once(',').ok_or_else(bad)?;
        for (color, text) in [(WHITE, w), (BLACK, b)] {
            self.bombs[color] = match text {
                "-" => BOMB_UNSET,
                "x" => BOMB_GONE,
                name => {
                    let sq = self.rules.geo.parse_square(name).ok_or_else(bad)?;
                    let p = self.board[sq];
                    if p == NO_PIECE || super::color_of(p) != color {
                        return Err(FenError(format!(
                            "{}'s bomb on {name} is not on one of its units",
                            color.name()
                        )));
                    }
                    sq as u16
                }
            };
        }
        Ok(())
    }

    /// Sets `color`'s bomb gone (`detonated`: by its owner's detonation, which a FEN's
    /// `x` does not say), for the honest player's worlds: one built from an observation
    /// that shows the detonation, or one where the opponent's bomb is set aside.
    pub fn set_bomb_gone(&mut self, color: Color, detonated: bool) {
        self.set_bomb(color, if detonated { BOMB_DETONATED } else { BOMB_GONE });
    }

    /// Puts `color`'s bomb on `sq`, which must hold one of its units (`false`, nothing
    /// changed, if not). For observation mode's public replay (`hidden::replay_input`),
    /// which learns where the opponent's bomb stood only when it detonates. Not undone
    /// by `unmake_move`: for a position that is only played forward.
    pub fn place_bomb(&mut self, color: Color, sq: Square) -> bool {
        let p = self.board[sq];
        if p == NO_PIECE || super::color_of(p) != color {
            return false;
        }
        self.set_bomb(color, sq as u16);
        true
    }

    /// The FEN's bomb field. With `hidden`, that side's entry as its opponent knows
    /// it: `-` before the designation, `x` once it was detonated (public), else `?`
    /// (where it is, or that it went unseen).
    pub fn bombs_field(&self, hidden: Option<Color>) -> String {
        let entry = |c: Color| match self.bomb(c) {
            Bomb::Unset => "-".to_string(),
            Bomb::Gone { detonated: true } => "x".to_string(),
            _ if hidden == Some(c) => "?".to_string(),
            Bomb::On(sq) => self.rules.geo.square_name(sq),
            Bomb::Gone { detonated: false } => "x".to_string(),
        };
        format!("{{{},{}}}", entry(WHITE), entry(BLACK))
    }
}
