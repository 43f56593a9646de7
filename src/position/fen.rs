//! FEN in and out, Fairy-Stockfish style: ranks over 9 files wide use multi-digit empty
//! counts, castling as X-FEN in every game, Chess960 included (KQkq for the outermost
//! rook on a side, its file letter for an inner one, as cutechess, lichess and most GUIs
//! write it); Shredder-FEN rook files are read too. Parsing validates the
//! position and reports which rule a bad FEN breaks; nothing half-built escapes.

use super::bomb::Bomb;
use super::{color_of, kind_of, piece_code, Position, NO_PIECE, NO_SQUARE};
use crate::board::{Bitboard, Square};
use crate::variant::parts::Royalty;
use crate::variant::rules::Rules;
use crate::variant::{Color, BLACK, WHITE};
use std::fmt;
use std::sync::Arc;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FenError(pub String);

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad FEN: {}", self.0)
    }
}

impl std::error::Error for FenError {}

fn err<T>(msg: impl Into<String>) -> Result<T, FenError> {
    Err(FenError(msg.into()))
}

/// A FEN board field: ranks from the top, files from the left, `/` between ranks, a
/// run of empty cells written as its count (several digits on boards over 9 files
/// wide). `cell(file, rank, out)` appends the text of one cell to `out`, or nothing for
/// an empty cell. Every writer of a board (positions, observations, sampled worlds,
/// shuffled start positions) goes through here, so their run lengths agree.
pub fn board_field(
    files: usize,
    ranks: usize,
    mut cell: impl FnMut(usize, usize, &mut String),
) -> String {
    let mut out = String::new();
    let mut text = String::new();
    for rank in (0..ranks).rev() {
        let mut empty = 0;
        for file in 0..files {
            text.clear();
            cell(file, rank, &mut text);
            if text.is_empty() {
                empty += 1;
                continue;
            }
            if empty > 0 {
                out += &empty.to_string();
                empty = 0;
            }
            out += &text;
        }
        if empty > 0 {
            out += &empty.to_string();
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out
}

impl<B: Bitboard> Position<B> {
    pub fn from_fen(rules: Arc<Rules<B>>, fen: &str) -> Result<Position<B>, FenError> {
        let mut pos = Position::empty(rules);
        let mut fields = fen.split_whitespace();
        let placement = fields.next().ok_or_else(|| FenError("empty FEN".into()))?;
        let (placement, holdings) = pos.split_holdings(placement)?;
        pos.parse_placement(placement)?;
        pos.parse_holdings(holdings)?;
        pos.side = match fields.next() {
            None | Some("w") => WHITE,
            Some("b") => BLACK,
            Some(other) => return err(format!("side to move '{other}' is not 'w' or 'b'")),
        };
        pos.check_royals()?;
        pos.check_custodian_setup()?;
        pos.check_pools()?;
        if pos.rules.end.connection().is_some() {
            // A side reduced to one piece is connected and has won: a side with none
            // cannot arise (Lines of Action).
            if let Some(c) = Color::both()
                .into_iter()
                .find(|&c| pos.by_color[c].is_empty())
            {
                return err(format!("{} has no pieces", c.name()));
            }
        }
        let mut fields = fields.peekable();
        // Fairy-Stockfish's start FENs of games without castling or en passant may leave
        // both fields out (`PpPpP/... w 0 1`): a number (or `3+3`) where the castling
        // field goes is a counter, since castling rights are letters.
        let short = fields.peek().is_some_and(|f| is_counter_field(f));
        if !short {
            pos.parse_castling(fields.next().unwrap_or("-"))?;
            let counting = pos.rules.counting.is_some();
            // Under a counting rule Fairy-Stockfish writes a running count's limit (in
            // plies) where the en-passant square goes, and the plies counted in place of
            // the halfmove clock. Elsewhere a number there means the en-passant field was
            // left out (Petty's `w - 0 1`): it is the halfmove clock, read below.
            if let Some(ep) = fields.next_if(|f| counting || !is_counter_field(f)) {
                match ep.parse::<u16>() {
                    Ok(limit) if counting => pos.counting.0 = limit,
                    _ => pos.parse_ep(ep)?,
                }
            }
        }
        if let Some(limit) = pos.rules.end.counted_checks() {
            // Fairy-Stockfish writes the checks each side still needs: `3+3`.
            if let Some(field) = fields.peek().filter(|f| f.contains('+')) {
                pos.checks_given = parse_checks(field, limit)?;
                fields.next();
            }
        }
        if pos.rules.end.self_checks() {
            // The self-check flags: `1` where that side's last turn moved its royal
            // into check.
            if let Some(field) = fields.peek().filter(|f| f.contains('+')) {
                pos.checks_given = parse_flags(field)?;
                fields.next();
            }
        }
        pos.halfmove = parse_counter(fields.next(), "halfmove clock", 0)?;
        pos.fullmove = parse_counter(fields.next(), "fullmove number", 1)?.max(1);
        if pos.counting.0 > 0 {
            pos.counting.1 = u16::try_from(pos.halfmove)
                .map_err(|_| FenError(format!("count {} is too large", pos.halfmove)))?;
            pos.halfmove = 0;
        }
        if pos.has_bombs() {
            // The secret bombs `{<white>,<black>}`; left out, neither is designated.
            if let Some(field) = fields.next_if(|f| f.starts_with('{')) {
                pos.parse_bombs(field)?;
            }
        }
        if let Some(extra) = fields.next() {
            return err(format!(
                "unexpected field '{extra}' after the move counters"
            ));
        }
        // A finished game (an exploded or captured royal) may leave the other in check;
        // with self-checks, the flag of the side not to move says whether it is.
        let not_to_move = !pos.side;
        // A strict second royal (Reentrant's and Concurrent's queen) is in check too.
        let attacked = pos.royal_attacked(not_to_move)
            || pos
                .rules
                .filters
                .second_royal_rule()
                .is_some_and(|(k, strict)| strict && pos.second_royal_attacked(k, not_to_move));
        if pos.rules.end.self_checks() {
            if attacked != (pos.checks_given[not_to_move] != 0) {
                return err("the self-check flag of the side not to move disagrees with the board");
            }
        } else if attacked && pos.variant_end().is_none() {
            return err("the side not to move is in check");
        }
        // Secret bombs are designated before any other move (the only moves of a side
        // without one), so no check can stand while one is still to be designated; the
        // designation would leave it standing (the fuzzer's atomicbomb positions).
        if pos.has_bombs()
            && [WHITE, BLACK].iter().any(|&c| pos.bomb(c) == Bomb::Unset)
            && pos.royal_attacked(pos.side)
        {
            return err("a side is in check before both bombs are designated");
        }
        pos.key = pos.compute_key();
        Ok(pos)
    }

    fn parse_placement(&mut self, placement: &str) -> Result<(), FenError> {
        let geo = self.rules.geo;
        let rows: Vec<&str> = placement.split('/').collect();
        if rows.len() != geo.ranks() {
            return err(format!(
                "{} ranks given, the board has {}",
                rows.len(),
                geo.ranks()
            ));
        }
        // The board's own walls, which the placement must give as `*` and nothing else.
        let shape = B::first_n(geo.squares()) & !self.rules.tables.board;
        let mut stars = B::EMPTY;
        for (i, row) in rows.iter().enumerate() {
            let rank = geo.ranks() - 1 - i;
            let mut file = 0usize;
            let mut chars = row.chars().peekable();
            while let Some(c) = chars.next() {
                if c.is_ascii_digit() {
                    let mut n = c.to_digit(10).unwrap() as usize;
                    while let Some(d) = chars.peek().and_then(|d| d.to_digit(10)) {
                        n = n * 10 + d as usize;
                        chars.next();
                        if n > geo.files() {
                            break;
                        }
                    }
                    if n == 0 {
                        return err(format!("rank {}: empty-square count 0", rank + 1));
                    }
                    file += n;
                } else if c == '*'
                    && (self.rules.vanishing
                        || self.rules.variant.walling.is_some()
                        || (file < geo.files() && shape.has(geo.square(file, rank))))
                {
                    // A vanished square (Cheshire Cat), a placed wall, or one of the
                    // board's own walls (Gustav III), which are no squares of it.
                    if file >= geo.files() {
                        return err(format!(
                            "rank {} is longer than {} files",
                            rank + 1,
                            geo.files()
                        ));
                    }
                    let bit = B::from_square(geo.square(file, rank));
                    stars |= bit;
                    if shape.has(geo.square(file, rank)) {
                        file += 1;
                        continue;
                    }
                    self.landable &= !bit;
                    if self.rules.variant.walling.is_some() {
                        self.walls |= bit;
                    }
                    file += 1;
                } else {
                    let mut origin = 0;
                    let piece = if c == '+' {
                        let letter = chars.next().ok_or_else(|| {
                            FenError(format!("rank {}: '+' without a piece letter", rank + 1))
                        })?;
                        let (piece, kind) = self.promoted_piece(letter)?;
                        origin = kind;
                        piece
                    } else {
                        let sq = (file < geo.files()).then(|| geo.square(file, rank));
                        let (kind, color) = self.board_letter(c, sq)?;
                        piece_code(kind, color)
                    };
                    if file >= geo.files() {
                        return err(format!(
                            "rank {} is longer than {} files",
                            rank + 1,
                            geo.files()
                        ));
                    }
                    let sq = geo.square(file, rank);
                    self.put(sq, piece);
                    if c == '+' && self.rules.marks.is_some() {
                        self.promoted |= B::from_square(sq);
                        self.set_origin(sq, origin);
                    } else if chars.next_if_eq(&'~').is_some() {
                        self.mark_promoted(sq)?;
                    }
                    file += 1;
                }
                if file > geo.files() {
                    return err(format!(
                        "rank {} is longer than {} files",
                        rank + 1,
                        geo.files()
                    ));
                }
            }
            if file != geo.files() {
                return err(format!(
                    "rank {} has {} squares, the board has {} files",
                    rank + 1,
                    file,
                    geo.files()
                ));
            }
        }
        if let Some(sq) = (shape & !stars).squares().next() {
            return err(format!(
                "{} is a wall of this board: '*' expected there",
                geo.square_name(sq)
            ));
        }
        // A promoting piece can never stand on a square where it must promote.
        if let Some(promo) = &self.rules.promotion {
            for c in Color::both() {
                for (k, kind) in self.rules.kinds.iter().enumerate() {
                    if kind.promotes && (self.pieces_of(k, c) & promo.zone[c]).any() {
                        return err(format!(
                            "a {} on its promotion rank",
                            self.rules.variant.pieces[k].name
                        ));
                    }
                }
            }
        }
        Ok(())
    }

    /// The kind and colour of the board letter `c` on `sq`. Where kinds are written in
    /// the opponent's case (`GoalRules::other_color_letters`), a letter names the kind
    /// written with it whose mobility region, for the owner that case gives, holds
    /// the square (Reentrant: `r` on a1 is South's a-d rook, on h8 North's e-h rook).
    fn board_letter(&self, c: char, sq: Option<Square>) -> Result<(usize, Color), FenError> {
        let rules = &self.rules;
        let case = if c.is_ascii_uppercase() { WHITE } else { BLACK };
        let unknown = || {
            FenError(format!(
                "unknown piece letter '{c}' for variant {}",
                rules.variant.name
            ))
        };
        if !rules.kinds.iter().any(|k| k.other_case) {
            let kind = rules.variant.kind_by_letter(c).ok_or_else(unknown)?;
            return Ok((kind, case));
        }
        let upper = c.to_ascii_uppercase();
        let mut written = rules
            .kinds
            .iter()
            .enumerate()
            .filter(|(_, k)| k.written == upper)
            .map(|(i, k)| (i, if k.other_case { !case } else { case }))
            .peekable();
        written.peek().ok_or_else(unknown)?;
        let mut fits =
            written.filter(|&(k, color)| sq.is_none_or(|s| rules.kinds[k].region[color].has(s)));
        fits.next().ok_or_else(|| {
            let at = sq.map_or(String::new(), |s| {
                format!(" on {}", rules.geo.square_name(s))
            });
            FenError(format!("no piece written '{c}' may stand{at}"))
        })
    }

    /// The board part and the holdings of a FEN's first field: `board[holdings]`, or,
    /// in a variant with hands, the lichess form with holdings as one more rank.
    fn split_holdings<'a>(&self, placement: &'a str) -> Result<(&'a str, &'a str), FenError> {
        if let Some(open) = placement.find('[') {
            return match placement[open + 1..].strip_suffix(']') {
                Some(inner) if !inner.contains(['[', ']']) => Ok((&placement[..open], inner)),
                _ => err(format!(
                    "holdings in '{placement}' are not one [...] at the end"
                )),
            };
        }
        let ranks = self.rules.geo.ranks();
        if self.rules.hands.is_some() && placement.matches('/').count() == ranks {
            let (board, holdings) = placement.rsplit_once('/').expect("a '/'");
            if holdings
                .chars()
                .all(|c| c.is_ascii_alphabetic() || c == '-')
            {
                return Ok((board, holdings));
            }
        }
        Ok((placement, ""))
    }

    fn check_royals(&self) -> Result<(), FenError> {
        let (k, required) = match self.rules.royalty {
            Royalty::None => return Ok(()),
            Royalty::One(k) => (k, true),
            Royalty::Optional(k) => (k, false),
        };
        let name = &self.rules.variant.pieces[k].name;
        // A royal that a blast sent to hand is the other side's, taken: it is none of
        // the holder's royals (Atomic Zh's game over, `[k]` in Black's hand).
        let blasted_royals = self.rules.capture.blasts_to_hand();
        for c in Color::both() {
            let side = c.name();
            // A set-up phase may hold the royal piece in hand.
            let in_hand = if blasted_royals {
                0
            } else {
                self.hand_count(c, k)
            };
            match self.pieces_of(k, c).count() + in_hand {
                0 if !required => {}
                0 => return err(format!("{side} has no {name}")),
                1 => {}
                n => return err(format!("{side} has {n} {name}s")),
            }
        }
        Ok(())
    }

    fn parse_castling(&mut self, field: &str) -> Result<(), FenError> {
        if field == "-" {
            return Ok(());
        }
        if self.rules.modes.first_move_queen().is_some() {
            return self.parse_privilege(field);
        }
        if self.rules.modes.gate_moves().is_some() {
            return self.parse_gate_field(field);
        }
        if self.rules.castling.is_none() {
            return err(format!(
                "castling rights '{field}' in variant {}, which has no castling",
                self.rules.variant.name
            ));
        }
        if self.has_gating() {
            return self.parse_gating_castling(field);
        }
        for c in field.chars() {
            self.parse_castling_right(c)?;
        }
        Ok(())
    }

    /// One castling right (`K`, `Q`, or a rook's file letter, either case): sets it and
    /// returns the king's and the rook's squares.
    pub(super) fn parse_castling_right(&mut self, c: char) -> Result<(Square, Square), FenError> {
        let Some(rules) = &self.rules.castling else {
            return err(format!(
                "castling right '{c}' in variant {}, which has no castling",
                self.rules.variant.name
            ));
        };
        let rook_kinds = rules.rook_kinds;
        let king_kind = rules.king_kind;
        let geo = self.rules.geo;
        let color = if c.is_ascii_uppercase() { WHITE } else { BLACK };
        let rank = if color == WHITE {
            rules.rank
        } else {
            geo.ranks() - 1 - rules.rank
        };
        // The castling king: the one piece of its kind on the castling rank, or where
        // several stand there (Koedem's dropped kings), the one on the castling king's
        // file (Fairy-Stockfish's castlingKingFile, e by default).
        let king_file = rules.king_file;
        let mut on_rank = self.pieces_of(king_kind, color) & self.rules.tables.ranks[rank];
        if on_rank.more_than_one() {
            on_rank &= match king_file < geo.files() {
                true => B::from_square(geo.square(king_file, rank)),
                false => B::EMPTY,
            };
        }
        if on_rank.is_empty() {
            return err(format!(
                "castling right '{c}' but the king is not on its castling rank ({})",
                rank + 1
            ));
        }
        let king = on_rank.lsb();
        let king_file = geo.file_of(king);
        let is_rook = |file: usize| {
            let p = self.board[geo.square(file, rank)];
            p != NO_PIECE && color_of(p) == color && rook_kinds >> kind_of(p) & 1 != 0
        };
        let lower = c.to_ascii_lowercase();
        let rook_file = match lower {
            // X-FEN: the outermost rook on that side.
            'k' => (king_file + 1..geo.files()).rev().find(|&f| is_rook(f)),
            'q' => (0..king_file).find(|&f| is_rook(f)),
            'a'..='z' if ((lower as u8 - b'a') as usize) < geo.files() => {
                Some((lower as u8 - b'a') as usize).filter(|&f| is_rook(f) && f != king_file)
            }
            _ => return err(format!("castling field: unexpected '{c}'")),
        };
        let Some(rook_file) = rook_file else {
            return err(format!("castling right '{c}' has no rook to castle with"));
        };
        let side = usize::from(rook_file < king_file);
        if self.castling >> (2 * color.index() + side) & 1 != 0 {
            return err(format!("castling right '{c}' given twice"));
        }
        let rook = geo.square(rook_file, rank);
        self.add_castling_right(color, king, rook);
        Ok((king, rook))
    }

    /// Gives `color` the right to castle its king on `king` with the rook on `rook`
    /// (the key is the caller's to update).
    pub(super) fn add_castling_right(&mut self, color: Color, king: Square, rook: Square) {
        let geo = self.rules.geo;
        let bit = 2 * color.index() + usize::from(geo.file_of(rook) < geo.file_of(king));
        self.castle_kings[color] = king as u16;
        self.castling |= 1 << bit;
        self.castle_rooks[bit] = rook as u16;
        let (kto, rto) = self.castling_destinations(king, rook);
        let t = &self.rules.tables;
        let crossed = t.between(king, kto) | t.between(rook, rto);
        let ends = B::from_square(kto) | B::from_square(rto);
        self.castle_paths[bit] = (crossed | ends) & !(B::from_square(king) | B::from_square(rook));
        self.castle_clear[rook] |= 1 << bit;
        self.castle_clear[king] |= 1 << bit;
    }

    /// The en-passant field: `-`, the orthodox pawn's square (`e3`), or Fairy-Stockfish's
    /// list for a custom piece's double step, the square passed and the one reached in
    /// board order (`e3e4`, `g3h4`; see [`crate::variant::PieceKind::custom`]).
    fn parse_ep(&mut self, field: &str) -> Result<(), FenError> {
        if field == "-" {
            return Ok(());
        }
        let geo = self.rules.geo;
        let mut squares = Vec::new();
        let mut rest = field;
        while !rest.is_empty() && squares.len() < 3 {
            let (sq, used) = geo.parse_square_prefix(rest).ok_or_else(|| {
                FenError(format!("en-passant square '{field}' is not on the board"))
            })?;
            squares.push(sq);
            rest = &rest[used..];
        }
        match squares[..] {
            [sq] => self.parse_ep_square(field, sq),
            [a, b] if rest.is_empty() => self.parse_ep_list(field, a, b),
            _ => err(format!(
                "en-passant field '{field}' is not a square or a square passed and the one reached"
            )),
        }
    }

    fn parse_ep_square(&mut self, field: &str, sq: Square) -> Result<(), FenError> {
        let geo = self.rules.geo;
        let us = self.side;
        let them = !us;
        // The enemy just double-stepped over `sq`: it is empty, the piece stands in
        // front of it (seen from us) and the square it came from is empty.
        let victim = self.ep_victim(sq, us);
        let origin = geo.offset(sq, 0, Self::forward(us));
        // The victim's kind double-steps from `origin`, which must be empty now.
        let valid = self.rules.en_passant_zone[them].has(sq)
            && self.board[sq] == NO_PIECE
            && origin.is_some_and(|o| self.board[o] == NO_PIECE)
            && victim.is_some_and(|v| {
                let p = self.board[v];
                p != NO_PIECE && color_of(p) == them && {
                    let kind = &self.rules.kinds[kind_of(p)];
                    kind.en_passant && origin.is_some_and(|o| kind.moves[them].initial_zone.has(o))
                }
            });
        if !valid {
            return err(format!("impossible en-passant square {field}"));
        }
        let victim = victim.expect("checked above");
        if self.rules.kinds[kind_of(self.board[victim])].custom {
            // A kind that lists its double steps: as after the real move.
            self.ep = sq as u16;
            self.ep_to = victim as u16;
            return Ok(());
        }
        // Keep it only if some piece of ours can capture there (as after a real move).
        let capturable = self.rules.kinds.iter().enumerate().any(|(k, kr)| {
            kr.en_passant && (kr.moves[us].capture_leaps_from[sq] & self.pieces_of(k, us)).any()
        });
        if capturable {
            self.ep = sq as u16;
        }
        Ok(())
    }

    /// A listed double step (in either order; Fairy-Stockfish writes board order): one
    /// square empty (the one passed), the other holding the
    /// enemy piece that made it, of a kind that lists its double steps, whose start
    /// square (as far beyond the passed square as the piece is before it) is empty and
    /// one it double-steps from.
    fn parse_ep_list(&mut self, field: &str, a: Square, b: Square) -> Result<(), FenError> {
        let geo = self.rules.geo;
        let them = !self.side;
        let (passed, victim) = if self.board[a] == NO_PIECE {
            (a, b)
        } else {
            (b, a)
        };
        let p = self.board[victim];
        let origin = geo.offset(
            passed,
            geo.file_of(passed) as i32 - geo.file_of(victim) as i32,
            geo.rank_of(passed) as i32 - geo.rank_of(victim) as i32,
        );
        let valid = self.board[passed] == NO_PIECE
            && self.landable.has(passed)
            && self.rules.en_passant_zone[them].has(passed)
            && p != NO_PIECE
            && color_of(p) == them
            && self.rules.kinds[kind_of(p)].custom
            && origin.is_some_and(|o| {
                self.board[o] == NO_PIECE
                    && self.rules.kinds[kind_of(p)].moves[them].initial_zone.has(o)
            });
        if !valid {
            return err(format!("impossible en-passant squares {field}"));
        }
        self.ep = passed as u16;
        self.ep_to = victim as u16;
        Ok(())
    }

    pub fn to_fen(&self) -> String {
        let geo = self.rules.geo;
        let mut out = board_field(geo.files(), geo.ranks(), |file, rank, text| {
            let sq = geo.square(file, rank);
            if !self.landable.has(sq) {
                text.push('*');
            } else if self.board[sq] != NO_PIECE {
                self.piece_text(sq, text);
            }
        });
        out += &self.holdings_field();
        out.push(' ');
        out.push(if self.side == WHITE { 'w' } else { 'b' });
        out.push(' ');
        out += &self.castling_field();
        out.push(' ');
        let (count_limit, counted) = self.counting;
        match self.en_passant() {
            _ if count_limit > 0 => out += &count_limit.to_string(),
            Some(sq) if self.ep_to != NO_SQUARE => {
                // Fairy-Stockfish's list: the square passed and the one reached.
                let to = self.ep_to as usize;
                out += &geo.square_name(sq.min(to));
                out += &geo.square_name(sq.max(to));
            }
            Some(sq) => out += &geo.square_name(sq),
            None => out.push('-'),
        }
        if let Some(limit) = self.rules.end.counted_checks() {
            let left = |c: Color| limit.saturating_sub(self.checks_given[c] as u32);
            out += &format!(" {}+{}", left(WHITE), left(BLACK));
        }
        if self.rules.end.self_checks() {
            let flags = self.checks_given;
            out += &format!(" {}+{}", flags[WHITE], flags[BLACK]);
        }
        let clock = if count_limit > 0 {
            u32::from(counted)
        } else {
            self.halfmove
        };
        out += &format!(" {} {}", clock, self.fullmove);
        if self.has_bombs() {
            out.push(' ');
            out += &self.bombs_field(None);
        }
        out
    }

    /// The FEN letter of piece `p`: its kind's written letter, in its owner's case or,
    /// for a kind written in the opponent's case, in the other one.
    pub fn piece_char(&self, p: super::PieceCode) -> char {
        let kind = &self.rules.kinds[kind_of(p)];
        if (color_of(p) == WHITE) != kind.other_case {
            kind.written
        } else {
            kind.written.to_ascii_lowercase()
        }
    }

    /// The royals' first-move privileges in the castling field (Cheshire Cat): `K`
    /// White's, `k` Black's; an orthodox `Q`/`q` reads as `K`/`k`, so a chess FEN
    /// loads. A privilege needs its royal on the board.
    fn parse_privilege(&mut self, field: &str) -> Result<(), FenError> {
        for c in field.chars() {
            let color = match c {
                'K' | 'Q' => WHITE,
                'k' | 'q' => BLACK,
                _ => {
                    return err(format!(
                        "'{c}' in the castling field: only the royal's privilege (K, k) is \
                         written in variant {}",
                        self.rules.variant.name
                    ))
                }
            };
            if self.royal_square(color).is_none() {
                return err(format!("a privilege for {}, who has no king", color.name()));
            }
            self.privilege |= 1 << color.index();
        }
        Ok(())
    }

    fn castling_field(&self) -> String {
        if self.rules.modes.first_move_queen().is_some() {
            let s: String = [(WHITE, 'K'), (BLACK, 'k')]
                .into_iter()
                .filter(|&(c, _)| self.has_privilege(c))
                .map(|(_, l)| l)
                .collect();
            return if s.is_empty() { "-".into() } else { s };
        }
        let geo = self.rules.geo;
        let mut s = String::new();
        for color in Color::both() {
            for side in 0..2 {
                let bit = 2 * color.index() + side;
                if self.castling >> bit & 1 == 0 {
                    continue;
                }
                let rook = self.castle_rooks[bit] as Square;
                let c = if !self.is_outermost_rook(color, rook, side) {
                    (b'a' + geo.file_of(rook) as u8) as char
                } else if side == 0 {
                    'k'
                } else {
                    'q'
                };
                s.push(if color == WHITE {
                    c.to_ascii_uppercase()
                } else {
                    c
                });
            }
            if self.has_gating() || self.rules.modes.gate_moves().is_some() {
                s += &self.gate_letters(color);
            }
        }
        if s.is_empty() {
            s.push('-');
        }
        s
    }

    /// No other castling-kind rook of ours lies beyond `rook` on its side of the king.
    pub(super) fn is_outermost_rook(&self, color: Color, rook: Square, side: usize) -> bool {
        let geo = self.rules.geo;
        let rook_kinds = self.rules.castling.as_ref().map_or(0, |c| c.rook_kinds);
        let rank = geo.rank_of(rook);
        let beyond: Vec<usize> = if side == 0 {
            (geo.file_of(rook) + 1..geo.files()).collect()
        } else {
            (0..geo.file_of(rook)).collect()
        };
        beyond.into_iter().all(|f| {
            let p = self.board[geo.square(f, rank)];
            p == NO_PIECE || color_of(p) != color || rook_kinds >> kind_of(p) & 1 == 0
        })
    }
}

/// `W+B`: the checks White and Black still need, each at most the limit.
fn parse_checks(field: &str, limit: u32) -> Result<[u8; 2], FenError> {
    let bad = || {
        FenError(format!(
            "check counters '{field}' are not two numbers 0..{limit} as in 3+3"
        ))
    };
    let (w, b) = field.split_once('+').ok_or_else(bad)?;
    let remaining = |s: &str| s.parse::<u32>().ok().filter(|&n| n <= limit);
    let (w, b) = (remaining(w).ok_or_else(bad)?, remaining(b).ok_or_else(bad)?);
    Ok([(limit - w) as u8, (limit - b) as u8])
}

/// Self-check flags `W+B`, each `0` or `1`.
fn parse_flags(field: &str) -> Result<[u8; 2], FenError> {
    let flag = |s: &str| match s {
        "0" => Some(0),
        "1" => Some(1),
        _ => None,
    };
    match field.split_once('+').map(|(w, b)| (flag(w), flag(b))) {
        Some((Some(w), Some(b))) => Ok([w, b]),
        _ => Err(FenError(format!(
            "self-check flags '{field}' are not two digits 0 or 1 as in 0+0"
        ))),
    }
}

/// A move counter or a check count (`3+3`): digits and plus signs only, never castling
/// rights or an en-passant square.
fn is_counter_field(field: &str) -> bool {
    field.bytes().all(|b| b.is_ascii_digit() || b == b'+')
}

fn parse_counter(field: Option<&str>, what: &str, default: u32) -> Result<u32, FenError> {
    match field {
        None => Ok(default),
        Some(s) => s
            .parse::<u32>()
            .ok()
            .filter(|&n| n < 1_000_000)
            .ok_or_else(|| FenError(format!("{what} '{s}' is not a number"))),
    }
}

#[cfg(test)]
mod tests {
    use super::board_field;

    #[test]
    fn board_field_counts_runs_across_wide_ranks_and_long_cells() {
        // 12 files, 2 ranks: the top rank holds "+P" on file 0 and '?' on file 11 (a
        // run of 10 between them); the bottom rank is empty (one run of 12).
        let field = board_field(12, 2, |file, rank, out| match (file, rank) {
            (0, 1) => out.push_str("+P"),
            (11, 1) => out.push('?'),
            _ => {}
        });
        assert_eq!(field, "+P10?/12");
        // Each cell written on its own: no counts at all.
        assert_eq!(
            board_field(3, 1, |f, _, out| out.push((b'a' + f as u8) as char)),
            "abc"
        );
    }
}
