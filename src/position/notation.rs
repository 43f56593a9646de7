//! UCI move notation, as Fairy-Stockfish writes it: `e2e4`, `e7e8q`, shogi-style
//! promotions with `+` (`b7c8+`; the same move without it does not promote), ranks over 9 as
//! numbers (`a10`), castling as king-to-destination (`e1g1`) or, in Chess960 mode,
//! king-takes-rook (`e1h1`); king-takes-rook in both modes where king-to-destination
//! would also be a plain move of the king (`castlingKingFile = d`: `d1a1`, not `d1c1`). Seirawan gating appends the gated kind's letter (`b1c3h`);
//! castling that gates on the king's square is the castling move plus the letter
//! (`e1g1h`, `e1h1h` in Chess960 mode), on the rook's square the rook's square, the
//! king's square and the letter in both modes (`h1e1h`). A compound turn's second part
//! follows its move after `@` (Tyrant's placement: `d1d5@h8`). A walling turn is the
//! move, a comma, the square its piece landed on and the wall's square (`e2e4,e4d5`),
//! as Fairy-Stockfish writes it. A two-step turn is its two steps joined by a comma, a
//! promotion's letter on the step that promotes (Deadline: `a7a6,a6b5`, `b7b8q,b8e8`).
//! A pool turn is the placement as a drop, a comma and the regular move (Donnybrook:
//! `N@e4,e1e2`). A pass is `0000`, or the royal's square twice where passing is a move
//! of the game (`PalaceRules::pass`: Janggi's `e2e2`).

use super::{kind_of, Move, MoveKind, Position};
use crate::board::{Bitboard, Square};
use crate::variant::parts::TurnRule;

impl<B: Bitboard> Position<B> {
    /// The move in UCI notation for the current castling convention.
    pub fn move_to_uci(&self, mv: Move) -> String {
        self.move_to_uci_as(mv, self.chess960)
    }

    fn move_to_uci_as(&self, mv: Move, chess960: bool) -> String {
        if matches!(self.rules.turn, TurnRule::Walling(_)) && !mv.is_pass() {
            // The move, then where its piece landed and the wall: `e2e4,e4d5`,
            // `e1g1,g1a1` (castling: the king's square), `a7a8q,a8b8`.
            let geo = self.rules.geo;
            let base = mv.without_wall();
            let landed = if base.kind() == MoveKind::Castle {
                self.castling_destinations(base.from(), base.to()).0
            } else {
                base.to()
            };
            let mut s = self.plain_move_to_uci(base, chess960);
            s.push(',');
            geo.push_square_name(&mut s, landed);
            geo.push_square_name(&mut s, mv.wall());
            return s;
        }
        self.plain_move_to_uci(mv, chess960)
    }

    fn plain_move_to_uci(&self, mv: Move, chess960: bool) -> String {
        let geo = self.rules.geo;
        if mv.is_pass() {
            // Where passing is a move of the game (Janggi, `passOnStalemate`),
            // Fairy-Stockfish writes it as a piece's square twice.
            return match self.pass_square() {
                Some(sq) => geo.square_name(sq) + &geo.square_name(sq),
                None => "0000".to_string(),
            };
        }
        if mv.kind() == MoveKind::Compound && self.rules.turn == TurnRule::TwoStepEvasions {
            return self.two_step_to_uci(mv);
        }
        if mv.kind() == MoveKind::Compound && matches!(self.rules.turn, TurnRule::Mirror(_)) {
            return self.mirror_to_uci(mv);
        }
        if mv.kind() == MoveKind::Compound && self.rules.turn == TurnRule::PlaceFromPool {
            let Some(kind) = self.pool_kind(self.side) else {
                return "0000".to_string();
            };
            let regular = self.pool_regular_move(mv, self.ep);
            return format!(
                "{}@{},{}",
                self.rules.kinds[kind].letter.to_ascii_uppercase(),
                geo.square_name(mv.part()),
                self.move_to_uci_as(regular, chess960)
            );
        }
        if mv.kind() == MoveKind::Drop {
            let letter = self.rules.kinds[mv.promoted_kind()].written;
            // A promoted drop: `+` and the letter of the kind in hand (`+N@c3`).
            let plus = if mv.is_promoted_drop() { "+" } else { "" };
            return format!("{plus}{letter}@{}", geo.square_name(mv.to()));
        }
        let (from, to) = if mv.kind() == MoveKind::Castle && mv.gate_on_rook() {
            (mv.to(), mv.from())
        } else if mv.kind() == MoveKind::Castle && !chess960 {
            let king_to = self.castling_destinations(mv.from(), mv.to()).0;
            if self.king_steps_there(mv.from(), king_to) {
                // King-to-destination would name the king's plain move too (the king
                // on d1 castling to c1): king-takes-rook, as Fairy-Stockfish writes it.
                (mv.from(), mv.to())
            } else {
                (mv.from(), king_to)
            }
        } else {
            (mv.from(), mv.to())
        };
        // Room for the longest text of this form (`a10b10+,b10c10` on 19x19) so that
        // the walling form's tail and a promotion letter are added without a new block.
        let mut s = String::with_capacity(16);
        geo.push_square_name(&mut s, from);
        geo.push_square_name(&mut s, to);
        let letter = |k: usize| self.rules.kinds[k].letter.to_ascii_lowercase();
        if mv.kind() == MoveKind::Promotion {
            // A shogi-style promotion is `+`, a demotion `-`; a choice among kinds
            // names the kind.
            let moving = &self.rules.kinds[kind_of(self.board[mv.from()])];
            if moving.demotes && self.is_promoted(mv.from()) {
                s.push('-');
            } else if moving
                .promotion
                .as_ref()
                .is_some_and(|p| p.target[0] as usize == mv.promoted_kind())
            {
                s.push('+');
            } else {
                s.push(letter(mv.promoted_kind()));
            }
        }
        if let Some(k) = mv.gate() {
            s.push(letter(k));
        }
        if mv.kind() == MoveKind::Compound {
            s.push('@');
            geo.push_square_name(&mut s, mv.part());
        }
        s
    }

    /// Whether the piece on `from` has a legal plain move to `to` (a castling king
    /// whose destination is one of its own steps).
    fn king_steps_there(&self, from: Square, to: Square) -> bool {
        self.legal_moves()
            .as_slice()
            .iter()
            .any(|m| m.kind() == MoveKind::Normal && m.from() == from && m.to() == to)
    }

    /// A two-step turn in UCI: `a7a6,a6b5`, the new kind's letter after the step that
    /// promotes.
    fn two_step_to_uci(&self, mv: Move) -> String {
        let geo = self.rules.geo;
        let (from, mid, to) = (mv.from(), mv.part(), mv.to());
        let moving = self.board[from];
        let after_first = self.two_step_piece(mv, moving, mid);
        let after_second = self.two_step_piece(mv, after_first, to);
        let letter = |p: u8| self.rules.kinds[kind_of(p)].letter.to_ascii_lowercase();
        let mut s = geo.square_name(from) + &geo.square_name(mid);
        if after_first != moving {
            s.push(letter(after_first));
        }
        s.push(',');
        s += &geo.square_name(mid);
        s += &geo.square_name(to);
        if after_second != after_first {
            s.push(letter(after_second));
        }
        s
    }

    /// Finds the legal move written `text`. Castling is accepted in both conventions
    /// when that is unambiguous.
    pub fn parse_uci_move(&self, text: &str) -> Result<Move, String> {
        let legal = self.legal_moves();
        let find = |chess960: bool| {
            legal
                .as_slice()
                .iter()
                .copied()
                .find(|&m| self.move_to_uci_as(m, chess960) == text)
        };
        if let Some(m) = find(self.chess960) {
            return Ok(m);
        }
        if let Some(m) = find(!self.chess960).filter(|m| m.kind() == MoveKind::Castle) {
            return Ok(m);
        }
        if let Some((letter, square)) = text.split_once('@').filter(|(l, _)| l.len() == 1) {
            // Drops: the piece letter in either case (Fairy-Stockfish writes upper case).
            let written = format!("{}@{square}", letter.to_ascii_uppercase());
            let drop =
                legal.as_slice().iter().copied().find(|&m| {
                    m.kind() == MoveKind::Drop && self.move_to_uci_as(m, false) == written
                });
            if let Some(m) = drop {
                return Ok(m);
            }
            let known = letter.len() == 1
                && self
                    .rules
                    .variant
                    .kind_by_letter(letter.chars().next().unwrap_or(' '))
                    .is_some();
            let on_board = self.rules.geo.parse_square(square).is_some();
            return Err(if known && on_board {
                format!("illegal move {text}")
            } else {
                format!("malformed move '{text}'")
            });
        }
        let well_formed = {
            let geo = self.rules.geo;
            // A compound turn's part (`d1d5@h8`) is one more square.
            // A two-step turn (`a7a6,a6b5`) is judged by its first step.
            let text = text.split_once(',').map_or(text, |(first, _)| first);
            let text = match text.split_once('@') {
                Some((main, part)) if geo.parse_square(part).is_some() => main,
                Some(_) => "",
                None => text,
            };
            geo.parse_square_prefix(text).is_some_and(|(_, n)| {
                geo.parse_square_prefix(&text[n..]).is_some_and(|(_, m)| {
                    let rest = &text[n + m..];
                    rest.is_empty()
                        || (rest.len() == 1
                            && rest.chars().all(|c| c.is_ascii_lowercase() || c == '+'))
                })
            })
        };
        if well_formed {
            Err(format!("illegal move {text}"))
        } else {
            Err(format!("malformed move '{text}'"))
        }
    }
}
