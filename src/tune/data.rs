//! Training positions in a compact binary file (`protean selfplay --out F.bin`, read by
//! `protean train`). All numbers little-endian; docs/eval.md has the same table.
//!
//! ```text
//! header   magic "PROTDATA", u32 version (1), u16 n + n bytes variant name,
//!          u16 files, u16 ranks, u16 kinds, u8 hands (0 or 1)
//! record   u8 flags: bit 0 Black to move; bits 1-2 the result, White's side
//!             (0 Black won, 1 draw, 2 White won)
//!          i16 the search score, centipawns, White's side
//!          ceil(files·ranks / 8) bytes: occupied squares (bit i of byte i/8 is square i,
//!             a1 = 0, files first)
//!          1 byte per occupied square, in square order: 16·colour + kind
//!          with hands: 2·kinds bytes, White's counts per kind, then Black's
//! ```
//!
//! A record is 3 + 8 + pieces bytes for chess (about 43). The trainer also reads the
//! text lines of `selfplay --out F.txt` (`FEN | result | score`).

use crate::board::Bitboard;
use crate::eval::nnue::features::Hands;
use crate::position::{color_of, kind_of, GameResult, Position};
use crate::variant::rules::MAX_KINDS;
use crate::variant::{Color, BLACK, WHITE};

pub const MAGIC: &[u8; 8] = b"PROTDATA";
pub const VERSION: u32 = 1;

/// What a data file holds positions of.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    pub variant: String,
    pub files: usize,
    pub ranks: usize,
    pub kinds: usize,
    pub hands: bool,
}

/// One training position, decoded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sample {
    pub side: Color,
    /// White's result: 1 win, 0 draw, -1 loss.
    pub result: i8,
    /// White's search score.
    pub score: i16,
    /// (square, kind, colour) of every piece.
    pub pieces: Vec<(usize, usize, Color)>,
    pub hands: Hands,
}

impl Header {
    pub fn write(&self) -> Vec<u8> {
        let mut b = MAGIC.to_vec();
        b.extend_from_slice(&VERSION.to_le_bytes());
        b.extend_from_slice(&(self.variant.len() as u16).to_le_bytes());
        b.extend_from_slice(self.variant.as_bytes());
        for v in [self.files, self.ranks, self.kinds] {
            b.extend_from_slice(&(v as u16).to_le_bytes());
        }
        b.push(u8::from(self.hands));
        b
    }

    fn squares(&self) -> usize {
        self.files * self.ranks
    }
}

/// One record of `pos` with its White score and the game's result.
pub fn encode<B: Bitboard>(pos: &Position<B>, white_score: i32, result: GameResult) -> Vec<u8> {
    let squares = pos.rules().geo.squares();
    let result = match result {
        GameResult::Win(WHITE) => 2u8,
        GameResult::Win(_) => 0,
        GameResult::Draw => 1,
    };
    let mut b = vec![u8::from(pos.side_to_move() == BLACK) | result << 1];
    b.extend_from_slice(&(white_score.clamp(-32000, 32000) as i16).to_le_bytes());
    b.extend(board_bytes(pos, squares));
    b
}

/// The occupancy map, pieces and hands of `pos` (the part of a record that identifies
/// the position for deduplication, with the side to move).
pub fn board_bytes<B: Bitboard>(pos: &Position<B>, squares: usize) -> Vec<u8> {
    let mut map = vec![0u8; squares.div_ceil(8)];
    let mut pieces = Vec::with_capacity(40);
    for sq in pos.occupied().squares() {
        map[sq / 8] |= 1 << (sq % 8);
        let p = pos.piece_at(sq);
        pieces.push((16 * color_of(p).index() + kind_of(p)) as u8);
    }
    map.extend(pieces);
    if pos.rules().hands.is_some() {
        let kinds = pos.rules().kinds.len();
        for c in [WHITE, BLACK] {
            map.extend_from_slice(&pos.hand[c][..kinds]);
        }
    }
    map
}

/// Reads a data file: its header and every record. Errors name the file and the fault.
pub fn decode(bytes: &[u8], source: &str) -> Result<(Header, Vec<Sample>), String> {
    let err = |m: &str| format!("{source}: {m}");
    let short = || err("truncated");
    if bytes.len() < 14 || &bytes[..8] != MAGIC {
        return Err(err("not a training data file (bad magic)"));
    }
    let version = u32::from_le_bytes(bytes[8..12].try_into().map_err(|_| short())?);
    if version != VERSION {
        return Err(err(&format!(
            "data version {version}, this build reads {VERSION}"
        )));
    }
    let n = u16::from_le_bytes([bytes[12], bytes[13]]) as usize;
    let mut at = 14 + n;
    let rest = bytes.get(14..at + 7).ok_or_else(short)?;
    let variant = String::from_utf8(rest[..n].to_vec()).map_err(|_| err("bad variant name"))?;
    let num = |i: usize| u16::from_le_bytes([rest[n + 2 * i], rest[n + 2 * i + 1]]) as usize;
    let header = Header {
        variant,
        files: num(0),
        ranks: num(1),
        kinds: num(2),
        hands: rest[n + 6] != 0,
    };
    at += 7;
    if header.kinds == 0 || header.kinds > MAX_KINDS || header.squares() == 0 {
        return Err(err("bad board or kinds in the header"));
    }
    let map_len = header.squares().div_ceil(8);
    let mut samples = Vec::new();
    while at < bytes.len() {
        let fixed = bytes.get(at..at + 3 + map_len).ok_or_else(short)?;
        let flags = fixed[0];
        let score = i16::from_le_bytes([fixed[1], fixed[2]]);
        let map = &fixed[3..];
        let count: usize = map.iter().map(|b| b.count_ones() as usize).sum();
        at += 3 + map_len;
        let codes = bytes.get(at..at + count).ok_or_else(short)?;
        at += count;
        let mut pieces = Vec::with_capacity(count);
        let squares = (0..header.squares()).filter(|&sq| map[sq / 8] >> (sq % 8) & 1 != 0);
        for (sq, &code) in squares.zip(codes) {
            let kind = (code % 16) as usize;
            if kind >= header.kinds || code >= 32 {
                return Err(err(&format!("bad piece byte {code}")));
            }
            pieces.push((sq, kind, Color::white_if(code < 16)));
        }
        let mut hands = [[0u8; MAX_KINDS]; 2];
        if header.hands {
            let h = bytes.get(at..at + 2 * header.kinds).ok_or_else(short)?;
            at += 2 * header.kinds;
            hands[0][..header.kinds].copy_from_slice(&h[..header.kinds]);
            hands[1][..header.kinds].copy_from_slice(&h[header.kinds..]);
        }
        let result = match flags >> 1 & 3 {
            2 => 1,
            1 => 0,
            0 => -1,
            _ => return Err(err("bad result bits")),
        };
        samples.push(Sample {
            side: Color::white_if(flags & 1 == 0),
            result,
            score,
            pieces,
            hands,
        });
    }
    Ok((header, samples))
}
