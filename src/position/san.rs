//! Standard algebraic notation (SAN) for people: `Nf3`, `exd5`, `R1e2`, `O-O-O`,
//! `e8=Q+`, `Qh7#`, written from the variant's data so every game gets it.
//!
//! - Piece letters are the kinds' FEN letters, upper case; kinds that promote (the
//!   pawns) have no letter, and their captures start with the file they leave.
//! - Disambiguation as in the PGN standard and python-chess: when another piece of the
//!   same kind can make a legal move to the same square, the origin's file, else its
//!   rank, else both.
//! - Castling is `O-O` toward the higher files and `O-O-O` toward the lower ones, in
//!   every array (Chess960 included).
//! - Drops are the kind's letter, `@` and the square (`N@f7+`, `P@e4`), as
//!   Fairy-Stockfish writes them.
//! - Promotions append `=` and the new kind's letter (`=Q`, and `=K` where kings are
//!   promotion targets).
//! - A compound turn's second part follows after `@` (Tyrant's placement:
//!   `Qxd5@h8`); a two-step turn is its two steps joined by a comma, the second
//!   named by the unit's letter (Deadline: `Bxa6,Bb5`, `b8=Q,Qxe8+`); a pool turn is
//!   its placement as a drop, a comma and the regular move (Donnybrook: `N@e4,Ke2`);
//!   a mirror turn is the mirrored unit's letter (none for a pawn) and both squares, a
//!   comma and the regular move in the mirrored position (Concurrent: `c6f6,Kb7`).
//! - A walling turn appends `,` and the wall's square (`e4,d5`, `Qda1,b1`).
//! - Seirawan gating appends `/` and the gated kind's letter (`Nc3/H`), for castling
//!   also the square it goes to (`O-O/He1`, `O-O/Hh1`), as Fairy-Stockfish writes it.
//! - `+` when the move leaves the opponent's royal piece attacked, `#` when it is also
//!   checkmate: no legal reply by the move rules alone. This is Fairy-Stockfish's rule
//!   for every variant: where no piece is royal (antichess, extinction, the horde side)
//!   nothing is ever check, and a game won by another rule (a king on the hill, a goal
//!   rank, the third check) is written without `#` unless it is also a checkmate.
//!   python-chess writes `#` for those variant wins; Fairy-Stockfish's notation is
//!   the convention we follow for variants.

use super::{kind_of, Move, MoveKind, MoveList, Position, NO_PIECE};
use crate::board::Bitboard;
use crate::variant::parts::TurnRule;

impl<B: Bitboard> Position<B> {
    /// The legal move `mv` in SAN.
    pub fn move_to_san(&self, mv: Move) -> String {
        if matches!(self.rules.turn, TurnRule::Walling(_)) && !mv.is_pass() {
            // The move, a comma and the wall's square (`e4,d5`, `O-O,a1`), as
            // Fairy-Stockfish writes it; walling games have no royal piece to check.
            let san = self.san_without_suffix(mv.without_wall());
            return format!("{san},{}", self.rules.geo.square_name(mv.wall()));
        }
        let two_step =
            mv.kind() == MoveKind::Compound && self.rules.turn == TurnRule::TwoStepEvasions;
        let pool = mv.kind() == MoveKind::Compound && self.rules.turn == TurnRule::PlaceFromPool;
        let mirror =
            mv.kind() == MoveKind::Compound && matches!(self.rules.turn, TurnRule::Mirror(_));
        let mut san = if two_step {
            self.two_step_san(mv)
        } else if pool {
            self.pool_san(mv)
        } else if mirror {
            self.mirror_san(mv)
        } else {
            self.san_without_suffix(mv.without_gate())
        };
        if mv.kind() == MoveKind::Compound && !two_step && !pool && !mirror {
            san.push('@');
            san += &self.rules.geo.square_name(mv.part());
        }
        if let Some(k) = mv.gate() {
            san.push('/');
            san.push(self.rules.kinds[k].letter.to_ascii_uppercase());
            if mv.kind() == MoveKind::Castle {
                san += &self.rules.geo.square_name(mv.gate_square());
            }
        }
        let mut after = self.clone();
        after.make_move(mv);
        // A check by a rule (a second royal attacked: Reentrant's and Separation's
        // queen) is a check too; a pseudo-royal piece attacked (Coregal's queen) is
        // marked only when it is mate, as pyffish writes it.
        let marked = after.in_marked_check();
        if marked || after.in_extra_check() {
            let mut replies = MoveList::new();
            after.generate_ignoring_end(&mut replies);
            if replies.is_empty() {
                san.push('#');
            } else if marked {
                san.push('+');
            }
        }
        san
    }

    /// A two-step turn without its check suffix: the first step as a move of this
    /// position (disambiguated among the two-step turns whose first step lands there),
    /// a comma, and the second as the unit's letter (none for a pawn), `x` where it
    /// captures, the square and a promotion.
    fn two_step_san(&self, mv: Move) -> String {
        let geo = self.rules.geo;
        let (from, mid, to) = (mv.from(), mv.part(), mv.to());
        let moving = self.board[from];
        let after_first = self.two_step_piece(mv, moving, mid);
        let after_second = self.two_step_piece(mv, after_first, to);
        let kind = |p: u8| &self.rules.kinds[kind_of(p)];
        let file = |sq| (b'a' + geo.file_of(sq) as u8) as char;
        let second_takes = to != from && self.board[to] != NO_PIECE;
        let first_takes = self.board[mid] != NO_PIECE
            || (kind(moving).promotes && geo.file_of(mid) != geo.file_of(from));
        let mut san = String::new();
        if kind(moving).promotes {
            if first_takes {
                san.push(file(from));
            }
        } else {
            san.push(kind(moving).letter.to_ascii_uppercase());
            let others: Vec<usize> = self
                .legal_moves()
                .as_slice()
                .iter()
                .filter(|m| {
                    m.kind() == MoveKind::Compound
                        && m.part() == mid
                        && m.from() != from
                        && self.board[m.from()] == moving
                })
                .map(|m| m.from())
                .collect();
            if others.iter().any(|&o| geo.file_of(o) == geo.file_of(from)) {
                if others.iter().any(|&o| geo.rank_of(o) == geo.rank_of(from)) {
                    san += &geo.square_name(from);
                } else {
                    san += &(geo.rank_of(from) + 1).to_string();
                }
            } else if !others.is_empty() {
                san.push(file(from));
            }
        }
        if first_takes {
            san.push('x');
        }
        san += &geo.square_name(mid);
        if after_first != moving {
            san.push('=');
            san.push(kind(after_first).letter.to_ascii_uppercase());
        }
        san.push(',');
        if !kind(after_first).promotes {
            san.push(kind(after_first).letter.to_ascii_uppercase());
        } else if second_takes {
            san.push(file(mid));
        }
        if second_takes {
            san.push('x');
        }
        san += &geo.square_name(to);
        if after_second != after_first {
            san.push('=');
            san.push(kind(after_second).letter.to_ascii_uppercase());
        }
        san
    }

    /// A pool turn without its check suffix: `N@e4,Ke2`, the regular move named in the
    /// position after the placement.
    fn pool_san(&self, mv: Move) -> String {
        let Some(kind) = self.pool_kind(self.side) else {
            return "--".into();
        };
        let regular = self.pool_regular_move(mv, self.ep);
        let mut placed = self.clone();
        placed.pool_trial(kind, mv.part(), true);
        format!(
            "{}@{},{}",
            self.rules.kinds[kind].letter.to_ascii_uppercase(),
            self.rules.geo.square_name(mv.part()),
            placed.san_without_suffix(regular)
        )
    }

    pub(crate) fn san_without_suffix(&self, mv: Move) -> String {
        let geo = self.rules.geo;
        let (from, to) = (mv.from(), mv.to());
        if mv.is_pass() {
            // Where passing is a move of the game (Janggi, `passOnStalemate`)
            // Fairy-Stockfish writes a piece's move to its own square (`Ke2`, a pawn's
            // `h2`); elsewhere PGN's null move.
            return match self.pass_square() {
                Some(sq) => {
                    let kind = &self.rules.kinds[kind_of(self.board[sq])];
                    let letter = if kind.san_without_letter {
                        String::new()
                    } else {
                        kind.san_letter.to_string()
                    };
                    letter + &geo.square_name(sq)
                }
                None => "--".into(),
            };
        }
        if mv.kind() == MoveKind::Castle {
            // King-takes-rook: the rook's side of the king names the castling.
            return if geo.file_of(to) > geo.file_of(from) {
                "O-O".into()
            } else {
                "O-O-O".into()
            };
        }
        if mv.kind() == MoveKind::Drop {
            // Fairy-Stockfish's form: the letter (pawns too; of the promoted kind for
            // a promoted drop), `@`, the square.
            let letter = self.rules.kinds[self.placed_kind(mv)].written;
            return format!("{letter}@{}", geo.square_name(to));
        }
        let file = |sq| (b'a' + geo.file_of(sq) as u8) as char;
        let kind = kind_of(self.board[from]);
        let capture = self.is_capture(mv);
        let mut san = String::new();
        // Fairy-Stockfish's custom pawns are written as pieces, by their letter, unless
        // the variant says otherwise (`KindRules::san_without_letter`).
        if self.rules.kinds[kind].san_without_letter {
            if capture {
                san.push(file(from));
            }
        } else {
            san.push(self.rules.kinds[kind].san_letter);
            let mut others = B::EMPTY;
            // A mirror turn's regular part is another position's move.
            let mirrors = matches!(self.rules.turn, TurnRule::Mirror(_));
            for m in self.legal_moves().as_slice() {
                if m.to() == to
                    && m.from() != from
                    && !matches!(m.kind(), MoveKind::Castle | MoveKind::Drop)
                    && !(mirrors && m.kind() == MoveKind::Compound)
                    && kind_of(self.board[m.from()]) == kind
                {
                    others |= B::from_square(m.from());
                }
            }
            if others.any() {
                let same_file = others
                    .squares()
                    .any(|s| geo.file_of(s) == geo.file_of(from));
                let same_rank = others
                    .squares()
                    .any(|s| geo.rank_of(s) == geo.rank_of(from));
                if !same_file {
                    san.push(file(from));
                } else if !same_rank {
                    san.push_str(&(geo.rank_of(from) + 1).to_string());
                } else {
                    san.push_str(&geo.square_name(from));
                }
            }
        }
        if capture {
            san.push('x');
        }
        san.push_str(&geo.square_name(to));
        if mv.kind() == MoveKind::Promotion {
            san.push('=');
            san.push(
                self.rules.kinds[mv.promoted_kind()]
                    .letter
                    .to_ascii_uppercase(),
            );
        }
        san
    }
}

#[cfg(test)]
mod tests {
    use crate::position::Position;
    use crate::variant::find_variant;
    use crate::variant::rules::Rules;
    use std::sync::Arc;

    fn san(variant: &str, fen: &str, uci: &str) -> String {
        thread_local! {
            static RULES: std::cell::RefCell<Vec<Arc<Rules<u64>>>> = Default::default();
        }
        let rules = RULES.with(|r| {
            let mut r = r.borrow_mut();
            if let Some(x) = r.iter().find(|x| x.variant.name == variant) {
                return x.clone();
            }
            let x = Arc::new(Rules::new(find_variant(variant).unwrap()).unwrap());
            r.push(x.clone());
            x
        });
        let pos = Position::<u64>::from_fen(rules, fen).unwrap();
        let m = pos.parse_uci_move(uci).unwrap();
        pos.move_to_san(m)
    }

    /// Every line of `engine-tests/san/chess.txt` (`FEN;variant;uci;san`, written by
    /// python-chess: `scripts/gen-san-data`) agrees.
    #[test]
    fn agrees_with_python_chess() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/engine-tests/san/chess.txt");
        let text = std::fs::read_to_string(path).unwrap();
        let mut checked = 0;
        let mut failures = Vec::new();
        for line in text
            .lines()
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
        {
            let f: Vec<&str> = line.split(';').collect();
            let (fen, variant, uci, expected) = (f[0], f[1], f[2], f[3]);
            let got = san(variant, fen, uci);
            if got != expected {
                failures.push(format!("{fen} {uci}: expected {expected}, got {got}"));
            }
            checked += 1;
        }
        assert!(failures.is_empty(), "{}", failures.join("\n"));
        assert!(checked > 3000, "{checked}");
    }

    #[test]
    fn variant_conventions() {
        // Knightmate: the royal piece is the knight-moving 'K'; commoners are 'M'.
        let fen = "4k3/8/8/8/8/8/8/1M2K3 w - - 0 1";
        assert_eq!(san("knightmate", fen, "b1b2"), "Mb2");
        assert_eq!(san("knightmate", fen, "e1d3"), "Kd3");
        // A commoner next to the royal knight, which cannot step out of reach: mate.
        assert_eq!(
            san("knightmate", "k7/8/1M6/8/8/8/8/4K3 w - - 0 1", "b6b7"),
            "Mb7#"
        );
        // Antichess: no royal piece, so no check; promotion to a king.
        assert_eq!(
            san("antichess", "8/P7/8/8/8/8/8/4k3 w - - 0 1", "a7a8k"),
            "a8=K"
        );
        assert_eq!(
            san("antichess", "4k3/8/8/8/8/8/8/Q7 w - - 0 1", "a1b2"),
            "Qb2"
        );
        // King of the hill: reaching the centre wins but is no checkmate.
        assert_eq!(
            san("kingofthehill", "4k3/8/8/8/8/4K3/8/8 w - - 0 1", "e3e4"),
            "Ke4"
        );
        // Three-check: the third check ends the game; written as a check.
        assert_eq!(
            san("3check", "4k3/8/8/8/8/8/8/R3K3 w - - 1+3 0 1", "a1a8"),
            "Ra8+"
        );
    }
}
