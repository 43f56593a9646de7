//! Chess960 start arrays by the standard (Scharnagl) numbering 0..959, where 518 is the
//! orthodox array `RNBQKBNR`.

/// The back rank (White's, upper case) of Chess960 start position `index` (0..959).
pub fn back_rank(index: u32) -> Option<[char; 8]> {
    if index >= 960 {
        return None;
    }
    let mut rank = [' '; 8];
    let mut n = index as usize;
    // Light-squared bishop on b, d, f or h; dark-squared on a, c, e or g.
    let light = n % 4;
    n /= 4;
    rank[light * 2 + 1] = 'B';
    let dark = n % 4;
    n /= 4;
    rank[dark * 2] = 'B';
    // Queen on the (n % 6)-th empty square.
    let queen = n % 6;
    n /= 6;
    place_on_empty(&mut rank, queen, 'Q');
    // The knights: one of the ten ways to choose 2 of the 5 remaining squares.
    const KNIGHTS: [(usize, usize); 10] = [
        (0, 1),
        (0, 2),
        (0, 3),
        (0, 4),
        (1, 2),
        (1, 3),
        (1, 4),
        (2, 3),
        (2, 4),
        (3, 4),
    ];
    let (first, second) = KNIGHTS[n];
    // Place the second knight first so the first knight's index is still valid.
    place_on_empty(&mut rank, second, 'N');
    place_on_empty(&mut rank, first, 'N');
    // Rook, king, rook on the last three squares, in that order.
    for piece in ['R', 'K', 'R'] {
        place_on_empty(&mut rank, 0, piece);
    }
    Some(rank)
}

fn place_on_empty(rank: &mut [char; 8], nth: usize, piece: char) {
    let sq = rank
        .iter()
        .enumerate()
        .filter(|(_, &c)| c == ' ')
        .nth(nth)
        .map(|(i, _)| i)
        .expect("a Chess960 array always has room");
    rank[sq] = piece;
}

/// The full FEN of start position `index`, castling rights in Shredder style.
pub fn start_fen(index: u32) -> Option<String> {
    let rank = back_rank(index)?;
    let white: String = rank.iter().collect();
    let black = white.to_ascii_lowercase();
    let rook_files: Vec<char> = rank
        .iter()
        .enumerate()
        .filter(|(_, &c)| c == 'R')
        .map(|(i, _)| (b'a' + i as u8) as char)
        .collect();
    // Shredder castling: the king-side rook file first, upper case for White.
    let castling = format!(
        "{}{}{}{}",
        rook_files[1].to_ascii_uppercase(),
        rook_files[0].to_ascii_uppercase(),
        rook_files[1],
        rook_files[0]
    );
    Some(format!(
        "{black}/pppppppp/8/8/8/8/PPPPPPPP/{white} w {castling} - 0 1"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_positions() {
        assert_eq!(
            back_rank(518).unwrap().iter().collect::<String>(),
            "RNBQKBNR"
        );
        assert_eq!(back_rank(0).unwrap().iter().collect::<String>(), "BBQNNRKR");
        assert_eq!(
            back_rank(959).unwrap().iter().collect::<String>(),
            "RKRNNQBB"
        );
        assert!(back_rank(960).is_none());
    }

    #[test]
    fn every_array_is_valid_and_distinct() {
        let mut seen = std::collections::HashSet::new();
        for i in 0..960 {
            let r = back_rank(i).unwrap();
            let s: String = r.iter().collect();
            assert!(seen.insert(s.clone()), "duplicate {s}");
            let bishops: Vec<usize> = (0..8).filter(|&f| r[f] == 'B').collect();
            assert_eq!(bishops.len(), 2);
            assert_ne!(bishops[0] % 2, bishops[1] % 2, "{s}: bishops on one colour");
            let rooks: Vec<usize> = (0..8).filter(|&f| r[f] == 'R').collect();
            let king = (0..8).find(|&f| r[f] == 'K').unwrap();
            assert!(
                rooks[0] < king && king < rooks[1],
                "{s}: king not between rooks"
            );
        }
    }
}
