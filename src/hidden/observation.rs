//! One side's observation of a game of hidden information: the squares it sees (with
//! their content) and does not see, the public fields (side to move, full-move
//! number), its own castling rights, the en-passant square when it may capture there,
//! and the events it was told on the last half-move. It is plain data that holds
//! nothing of the true position, so code that receives only observations cannot learn
//! what the rules hide. The text form is the rule book's observation FEN (§2.3):
//!
//! ```text
//! <board with ?>[holdings]  <side to move>  <own castling rights>  <e.p.>  <clock>  <full-move>  [{bombs}]
//! ```
//!
//! each unseen square one `?` (runs never merged into digits), visible empty squares
//! counted with digits, the clock `-` where the side cannot know it. Games with hands
//! add the holdings as the side knows them: its own units by letter, one `?` per unit
//! of the other side (§4, HS3).

use crate::board::{Geometry, Square};
use crate::position::fen::board_field;
use crate::variant::{Color, BLACK, WHITE};
use std::fmt;

/// One square as a side sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cell {
    /// Not seen: anything may stand there.
    Unseen,
    /// Seen, and empty.
    Empty,
    /// Seen, with this piece: its FEN text (`P`, `q`, `Q~`, `+p`).
    Piece(String),
}

/// What a side is told about the other side's last half-move, beside the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// The opponent promoted (not where, not to what).
    Promotion,
}

impl Event {
    /// The event's token (`promo`), as the `d` command and the observation protocol
    /// write it.
    pub fn token(self) -> &'static str {
        match self {
            Event::Promotion => "promo",
        }
    }
}

/// What one side knows after a half-move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Observation {
    pub geo: Geometry,
    /// Per square (`rank * files + file`, a1 = 0).
    pub cells: Vec<Cell>,
    /// Whose turn it is (public).
    pub side_to_move: Color,
    /// The holdings as the observer knows them, without the brackets: its own units
    /// by letter, one `?` per unit in the other side's hand (`None`: no hands).
    pub holdings: Option<String>,
    /// The observer's own castling rights as the FEN writes them (`KQ`, `k`), or `-`.
    pub castling: String,
    /// The en-passant square, only when the observer is to move and may capture there.
    pub en_passant: Option<Square>,
    /// The half-move clock where the observer can know it; `None` is written `-`.
    pub clock: Option<u32>,
    pub fullmove: u32,
    /// What the observer was told on the last half-move.
    pub events: Vec<Event>,
    /// The secret bombs as the observer knows them, a seventh field (`{d1,?}`; §5).
    pub bombs: Option<String>,
}

/// Why an observation FEN was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ObservationError(pub String);

impl fmt::Display for ObservationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad observation FEN: {}", self.0)
    }
}

impl std::error::Error for ObservationError {}

fn err<T>(message: impl Into<String>) -> Result<T, ObservationError> {
    Err(ObservationError(message.into()))
}

impl Observation {
    /// The board field: ranks from the top, `?` per unseen square.
    pub fn board_field(&self) -> String {
        let geo = self.geo;
        let mut out = board_field(geo.files(), geo.ranks(), |file, rank, text| {
            match &self.cells[geo.square(file, rank)] {
                Cell::Unseen => text.push('?'),
                Cell::Piece(piece) => *text += piece,
                Cell::Empty => {}
            }
        });
        if let Some(hand) = &self.holdings {
            out.push('[');
            out += hand;
            out.push(']');
        }
        out
    }

    /// The observation FEN (six fields).
    pub fn fen(&self) -> String {
        let side = if self.side_to_move == WHITE { 'w' } else { 'b' };
        let ep = self
            .en_passant
            .map_or("-".to_string(), |sq| self.geo.square_name(sq));
        let clock = self.clock.map_or("-".to_string(), |c| c.to_string());
        let mut fen = format!(
            "{} {side} {} {ep} {clock} {}",
            self.board_field(),
            self.castling,
            self.fullmove
        );
        if let Some(bombs) = &self.bombs {
            fen.push(' ');
            fen += bombs;
        }
        fen
    }

    /// The events as their tokens, space-separated (`promo`), or `-` for none.
    pub fn events_text(&self) -> String {
        if self.events.is_empty() {
            return "-".to_string();
        }
        let tokens: Vec<&str> = self.events.iter().map(|e| e.token()).collect();
        tokens.join(" ")
    }

    /// Reads an observation FEN on a board of `geo`'s size. `?` or `*` is an unseen
    /// square; a piece is a letter with an optional `~` after it or `+` before it (the
    /// letters are not checked against a variant here); holdings `[...]` after the board
    /// hold letters and `?`; the clock is a number or `-`; a seventh field holds the
    /// secret bombs (`{d1,?}`: a square, `-`, `x` or `?` each).
    /// Events are not part of the FEN and come back empty.
    pub fn from_fen(text: &str, geo: Geometry) -> Result<Observation, ObservationError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.len() != 6 && fields.len() != 7 {
            return err(format!(
                "expected 6 fields (7 with secret bombs), found {}",
                fields.len()
            ));
        }
        let bombs = match fields.get(6) {
            None => None,
            Some(b) => {
                let inner = b
                    .strip_prefix('{')
                    .and_then(|b| b.strip_suffix('}'))
                    .filter(|i| i.split(',').count() == 2)
                    .ok_or_else(|| ObservationError(format!("bomb field '{b}'")))?;
                for entry in inner.split(',') {
                    if !matches!(entry, "-" | "x" | "?") && geo.parse_square(entry).is_none() {
                        return err(format!("bomb field '{b}'"));
                    }
                }
                Some(b.to_string())
            }
        };
        let (board, holdings) = match fields[0].split_once('[') {
            Some((board, rest)) => {
                let hand = rest
                    .strip_suffix(']')
                    .filter(|h| h.chars().all(|c| c.is_ascii_alphabetic() || c == '?'))
                    .ok_or_else(|| ObservationError(format!("holdings '[{rest}'")))?;
                (board, Some(hand.to_string()))
            }
            None => (fields[0], None),
        };
        let cells = parse_board(board, geo)?;
        let side_to_move = match fields[1] {
            "w" => WHITE,
            "b" => BLACK,
            other => return err(format!("side to move '{other}' is not w or b")),
        };
        let castling = fields[2];
        if castling != "-" && !castling.chars().all(|c| c.is_ascii_alphabetic()) {
            return err(format!("castling field '{castling}'"));
        }
        let en_passant = match fields[3] {
            "-" => None,
            name => Some(
                geo.parse_square(name)
                    .ok_or_else(|| ObservationError(format!("en-passant square '{name}'")))?,
            ),
        };
        let clock = match fields[4] {
            "-" => None,
            n => Some(
                n.parse()
                    .map_err(|_| ObservationError(format!("half-move clock '{n}'")))?,
            ),
        };
        let fullmove = fields[5]
            .parse()
            .ok()
            .filter(|&n| n > 0)
            .ok_or_else(|| ObservationError(format!("full-move number '{}'", fields[5])))?;
        Ok(Observation {
            geo,
            cells,
            side_to_move,
            holdings,
            castling: castling.to_string(),
            en_passant,
            clock,
            fullmove,
            events: Vec::new(),
            bombs,
        })
    }
}

/// The board field, ranks from the top, to cells indexed by square.
fn parse_board(field: &str, geo: Geometry) -> Result<Vec<Cell>, ObservationError> {
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != geo.ranks() {
        return err(format!(
            "{} ranks in the board field, the board has {}",
            ranks.len(),
            geo.ranks()
        ));
    }
    let mut cells = vec![Cell::Empty; geo.squares()];
    for (i, text) in ranks.iter().enumerate() {
        let rank = geo.ranks() - 1 - i;
        let mut row: Vec<Cell> = Vec::new();
        let mut chars = text.chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                '?' | '*' => row.push(Cell::Unseen),
                '0'..='9' => {
                    let mut n = c.to_digit(10).unwrap_or(0) as usize;
                    while let Some(d) = chars.peek().and_then(|d| d.to_digit(10)) {
                        n = n.saturating_mul(10).saturating_add(d as usize);
                        chars.next();
                    }
                    if n == 0 || n > geo.files() {
                        return err(format!("empty run {n} in rank '{text}'"));
                    }
                    row.extend(std::iter::repeat_n(Cell::Empty, n));
                }
                '+' => match chars.next() {
                    Some(l) if l.is_ascii_alphabetic() => row.push(Cell::Piece(format!("+{l}"))),
                    _ => return err(format!("'+' without a piece letter in rank '{text}'")),
                },
                l if l.is_ascii_alphabetic() => {
                    let mut piece = l.to_string();
                    if chars.peek() == Some(&'~') {
                        piece.push('~');
                        chars.next();
                    }
                    row.push(Cell::Piece(piece));
                }
                other => return err(format!("'{other}' in rank '{text}'")),
            }
            if row.len() > geo.files() {
                return err(format!(
                    "rank '{text}' is longer than {} files",
                    geo.files()
                ));
            }
        }
        if row.len() != geo.files() {
            return err(format!(
                "rank '{text}' has {} squares, not {}",
                row.len(),
                geo.files()
            ));
        }
        for (file, cell) in row.into_iter().enumerate() {
            cells[geo.square(file, rank)] = cell;
        }
    }
    Ok(cells)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn geo() -> Geometry {
        Geometry::new(8, 8).unwrap()
    }

    #[test]
    fn observation_fens_read_back_as_written() {
        for fen in [
            "????????/????????/????????/????????/8/8/PPPPPPPP/RNBQKBNR w KQ - - 1",
            "????????/????????/???2???/???pP???/????????/????????/???3??/???1K1?? w - d6 - 1",
            "4R3/????1???/????1???/????1???/????1???/????1???/????4/????2K1 b - - - 1",
            "Q~7/8/8/8/8/8/8/4K2k b - - 12 40",
            "8/8/8/8/????????/????????/????????/????????[???kqp] b - - - 1",
            "????????/????????/????????/????????/????????/????????/???3??/???1K1??[] w - - - 17",
            "4k3/8/8/8/8/8/8/4K3 w - - 0 5 {d1,?}",
        ] {
            let o = Observation::from_fen(fen, geo()).unwrap();
            assert_eq!(o.fen(), fen);
        }
        let o = Observation::from_fen("*******k/8/8/8/8/8/8/7K w - - 0 1", geo()).unwrap();
        assert_eq!(o.board_field(), "???????k/8/8/8/8/8/8/7K");
        assert_eq!(o.clock, Some(0));
    }

    #[test]
    fn bad_observation_fens_are_refused_with_a_reason() {
        for (fen, why) in [
            ("8/8/8/8/8/8/8/8 w - - - 1 {-,-} x", "6 fields"),
            ("8/8/8/8/8/8/8/8 w - - - 1 x", "bomb field"),
            ("8/8/8/8/8/8/8 w - - - 1", "ranks"),
            ("9/8/8/8/8/8/8/8 w - - - 1", "empty run"),
            ("???????/8/8/8/8/8/8/8 w - - - 1", "squares"),
            ("8/8/8/8/8/8/8/8 x - - - 1", "side"),
            ("8/8/8/8/8/8/8/8 w - z9 - 1", "en-passant"),
            ("8/8/8/8/8/8/8/8 w - - x 1", "clock"),
            ("8/8/8/8/8/8/8/8 w - - - 0", "full-move"),
            ("8/8/8/8/8/8/8/7+ w - - - 1", "'+'"),
            ("8/8/8/8/8/8/8/7! w - - - 1", "'!'"),
            ("8/8/8/8/8/8/8/8[Q w - - - 1", "holdings"),
            ("8/8/8/8/8/8/8/8[Q1] w - - - 1", "holdings"),
            ("8/8/8/8/8/8/8/8 w - - - 1 {d1}", "bomb field"),
            ("8/8/8/8/8/8/8/8 w - - - 1 {z9,?}", "bomb field"),
        ] {
            let e = Observation::from_fen(fen, geo()).unwrap_err();
            assert!(e.to_string().contains(why), "{fen}: {e}");
        }
    }
}
