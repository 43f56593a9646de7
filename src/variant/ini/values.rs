//! Values of `variants.ini` keys as Fairy-Stockfish writes them: booleans, files, ranks,
//! square sets (`*8`, `d4 e4 d5 e5`, `-`), piece sets (`nbrq`, `*`), per-type counts
//! (`q:1 r:2`) and game results (`win`, `loss`, `draw`).

use crate::variant::CountingRule;
use std::collections::BTreeSet;

/// A set of squares, `(file, rank)` with rank 0 = White's first rank.
pub type Squares = BTreeSet<(usize, usize)>;

/// Squares in the order written.
pub type SquareList = Vec<(usize, usize)>;

pub fn parse_bool(v: &str) -> Result<bool, String> {
    match v {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(format!("expected true or false, not '{v}'")),
    }
}

pub fn parse_int(v: &str) -> Result<u32, String> {
    v.parse()
        .map_err(|_| format!("expected a whole number, not '{v}'"))
}

/// A file: a letter (`a` = the first file) or a number counted from 1.
pub fn parse_file(v: &str) -> Result<usize, String> {
    let mut chars = v.chars();
    match (chars.next(), chars.next()) {
        (Some(c @ 'a'..='z'), None) => Ok(c as usize - 'a' as usize),
        _ => match v.parse::<usize>() {
            Ok(n) if n >= 1 => Ok(n - 1),
            _ => Err(format!("expected a file (a letter or 1..), not '{v}'")),
        },
    }
}

/// A rank counted from 1; returned 0-based.
pub fn parse_rank(v: &str) -> Result<usize, String> {
    match v.parse::<usize>() {
        Ok(n) if n >= 1 => Ok(n - 1),
        _ => Err(format!("expected a rank (1..), not '{v}'")),
    }
}

/// Castling rights as Fairy-Stockfish writes them (`KQkq`, any subset, `-` for none):
/// bit `2 * colour + side` (side 0: the king's side, 1: the queen's).
pub fn parse_castling_rights(v: &str) -> Result<u8, String> {
    if v == "-" {
        return Ok(0);
    }
    v.chars().try_fold(0, |bits, c| {
        let bit = match c {
            'K' => 0,
            'Q' => 1,
            'k' => 2,
            'q' => 3,
            _ => return Err(format!("expected castling rights (KQkq or -), not '{v}'")),
        };
        Ok(bits | 1 << bit)
    })
}

/// The text of castling rights (see [`parse_castling_rights`]).
pub fn castling_rights_text(bits: u8) -> String {
    let text: String = "KQkq"
        .chars()
        .enumerate()
        .filter(|&(i, _)| bits >> i & 1 != 0)
        .map(|(_, c)| c)
        .collect();
    if text.is_empty() {
        "-".into()
    } else {
        text
    }
}

/// A square set: space-separated `<file><rank>` tokens where either part may be `*`
/// (every file / every rank); `-` or nothing is the empty set. Squares off the board are
/// left out, as Fairy-Stockfish leaves them out (a parent's regions may be larger than a
/// child's board); the second value lists the tokens that named any, for a warning.
pub fn parse_squares(
    v: &str,
    files: usize,
    ranks: usize,
) -> Result<(Squares, Vec<String>), String> {
    let mut set = Squares::new();
    let mut off_board = Vec::new();
    for token in v.split_whitespace() {
        if token == "-" {
            continue;
        }
        let mut chars = token.chars();
        let file_part = chars.next().unwrap_or('?');
        let rank_part: String = chars.collect();
        let file_list: Vec<usize> = match file_part {
            '*' => (0..files).collect(),
            c @ 'a'..='z' => vec![c as usize - 'a' as usize],
            _ => return Err(format!("bad square '{token}'")),
        };
        let rank_list: Vec<usize> = match rank_part.as_str() {
            "*" => (0..ranks).collect(),
            r => match r.parse::<usize>() {
                Ok(n) if n >= 1 => vec![n - 1],
                _ => return Err(format!("bad square '{token}'")),
            },
        };
        if file_list.iter().any(|&f| f >= files) || rank_list.iter().any(|&r| r >= ranks) {
            off_board.push(token.to_string());
        }
        for &f in file_list.iter().filter(|&&f| f < files) {
            for &r in rank_list.iter().filter(|&&r| r < ranks) {
                set.insert((f, r));
            }
        }
    }
    Ok((set, off_board))
}

/// A square set as a list in the order written (each token's squares file by file,
/// repeats left out), for rules that keep their squares as a list; otherwise as
/// [`parse_squares`].
pub fn parse_square_list(
    v: &str,
    files: usize,
    ranks: usize,
) -> Result<(SquareList, Vec<String>), String> {
    let mut list = Vec::new();
    let mut off_board = Vec::new();
    for token in v.split_whitespace() {
        let (set, mut off) = parse_squares(token, files, ranks)?;
        off_board.append(&mut off);
        for sq in set {
            if !list.contains(&sq) {
                list.push(sq);
            }
        }
    }
    Ok((list, off_board))
}

pub fn file_letter(f: usize) -> char {
    (b'a' + f as u8) as char
}

pub fn square_name(f: usize, r: usize) -> String {
    format!("{}{}", file_letter(f), r + 1)
}

/// The ranks a square set covers, when it is a union of whole ranks.
pub fn whole_ranks(set: &Squares, files: usize) -> Option<BTreeSet<usize>> {
    let ranks: BTreeSet<usize> = set.iter().map(|&(_, r)| r).collect();
    ranks
        .iter()
        .all(|&r| (0..files).all(|f| set.contains(&(f, r))))
        .then_some(ranks)
}

/// A set of piece letters (`nbrq`, upper or lower case), `*` for every piece, `-` or
/// nothing for none. Letters are returned upper case, in order, without repeats.
pub enum PieceSet {
    All,
    Letters(Vec<char>),
}

pub fn parse_piece_set(v: &str) -> Result<PieceSet, String> {
    let mut letters = Vec::new();
    for c in v.chars().filter(|c| !c.is_whitespace()) {
        match c {
            '*' => return Ok(PieceSet::All),
            '-' => {}
            c if c.is_ascii_alphabetic() => {
                let up = c.to_ascii_uppercase();
                if !letters.contains(&up) {
                    letters.push(up);
                }
            }
            _ => return Err(format!("'{c}' is not a piece letter")),
        }
    }
    Ok(PieceSet::Letters(letters))
}

/// One piece letter (`q`), as Protean keeps it (upper case).
fn piece_letter(l: &str) -> Result<char, String> {
    let mut chars = l.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if c.is_ascii_alphabetic() => Ok(c.to_ascii_uppercase()),
        _ => Err(format!("'{l}' is not a piece letter")),
    }
}

/// `q:1 r:2`: a count per piece letter.
pub fn parse_counts(v: &str) -> Result<Vec<(char, u32)>, String> {
    v.split_whitespace()
        .map(|item| {
            let (l, n) = item
                .split_once(':')
                .ok_or_else(|| format!("expected letter:count, not '{item}'"))?;
            Ok((piece_letter(l)?, parse_int(n)?))
        })
        .collect()
}

/// `p:g s:g`: pairs of piece letters (`promotedPieceType`); `-` or nothing: none.
pub fn parse_letter_pairs(v: &str) -> Result<Vec<(char, char)>, String> {
    if v.trim() == "-" {
        return Ok(Vec::new());
    }
    v.split_whitespace()
        .map(|item| {
            let (a, b) = item
                .split_once(':')
                .ok_or_else(|| format!("expected letter:letter, not '{item}'"))?;
            Ok((piece_letter(a)?, piece_letter(b)?))
        })
        .collect()
}

/// A game result as seen by the side the rule applies to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameValue {
    Win,
    Loss,
    Draw,
    None,
}

pub fn parse_value(v: &str) -> Result<GameValue, String> {
    match v {
        "win" => Ok(GameValue::Win),
        "loss" => Ok(GameValue::Loss),
        "draw" => Ok(GameValue::Draw),
        "none" => Ok(GameValue::None),
        _ => Err(format!("expected win, loss, draw or none, not '{v}'")),
    }
}

/// Fairy-Stockfish's `countingRule` values that Protean plays (`none` = off).
pub fn parse_counting_rule(v: &str) -> Result<Option<CountingRule>, String> {
    match v {
        "none" => Ok(None),
        "makruk" => Ok(Some(CountingRule::Makruk)),
        "asean" => Ok(Some(CountingRule::Asean)),
        "cambodian" => Ok(Some(CountingRule::Cambodian)),
        _ => Err(format!(
            "'{v}' is not a counting rule (makruk, cambodian, asean, none)"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares() {
        let (s, off) = parse_squares("*8", 8, 8).unwrap();
        assert_eq!(s.len(), 8);
        assert!(off.is_empty());
        assert_eq!(
            whole_ranks(&s, 8).unwrap().into_iter().collect::<Vec<_>>(),
            vec![7]
        );
        let (s, _) = parse_squares("d4 e4 d5 e5", 8, 8).unwrap();
        assert!(s.contains(&(3, 3)) && s.contains(&(4, 4)));
        assert!(whole_ranks(&s, 8).is_none());
        assert!(parse_squares("-", 8, 8).unwrap().0.is_empty());
        let (s, off) = parse_squares("*8 *9", 8, 8).unwrap();
        assert_eq!((s.len(), off), (8, vec!["*9".to_string()]));
        assert_eq!(parse_squares("i1", 8, 8).unwrap().1, vec!["i1".to_string()]);
        assert!(parse_squares("#1", 8, 8).is_err());
        assert!(parse_squares("a0", 8, 8).is_err());
        assert_eq!(parse_squares("*10", 10, 10).unwrap().0.len(), 10);
    }

    #[test]
    fn scalars() {
        assert_eq!(parse_file("g"), Ok(6));
        assert_eq!(parse_file("10"), Ok(9));
        assert!(parse_file("G").is_err());
        assert_eq!(parse_rank("1"), Ok(0));
        assert!(parse_bool("yes").is_err());
        assert_eq!(parse_counts("q:1 r:2").unwrap(), vec![('Q', 1), ('R', 2)]);
        assert!(parse_counts("q1").is_err());
        assert!(matches!(parse_piece_set("*"), Ok(PieceSet::All)));
        assert!(
            matches!(parse_piece_set("nbrq"), Ok(PieceSet::Letters(l)) if l == vec!['N','B','R','Q'])
        );
        assert_eq!(parse_value("loss"), Ok(GameValue::Loss));
    }
}
