//! Random setups made by rearranging the pieces of a variant's default start FEN:
//! shuffled back ranks (King's Corner) and shuffled boards (Massacre).
//!
//! Back-rank setups are numbered: every distinct arrangement that keeps the fixed
//! pieces in place and satisfies the colour rule, in lexicographic order of White's
//! first rank, so `--index N` names one and `--seed S` picks one reproducibly.
//! Whole-board shuffles are too many to number; a seed drives a Fisher-Yates shuffle.

use super::{Setup, Symmetry, Variant};
use crate::position::fen::board_field;

/// A board as rows of cells, FEN order (the last rank first); `None` is empty.
type Grid = Vec<Vec<Option<char>>>;

/// The start FEN of back-rank arrangement `index`, a seeded random one, or the
/// default (`start_fen`) when neither is given.
pub fn shuffled_fen(
    variant: &Variant,
    index: Option<u32>,
    seed: Option<u64>,
) -> Result<String, String> {
    if index.is_none() && seed.is_none() {
        return Ok(variant.start_fen.clone());
    }
    let (placement, rest) = variant
        .start_fen
        .split_once(' ')
        .unwrap_or((&variant.start_fen, ""));
    let mut grid = parse_grid(placement, variant.files)?;
    match &variant.setup {
        Setup::ShuffledBackRank {
            fixed,
            opposite_colors,
            between,
            black,
        } => {
            let white_row = grid.len() - 1;
            let ranks = back_ranks(&grid[white_row], fixed, *opposite_colors, *between);
            let count = ranks.len() as u64;
            let index = match (index, seed) {
                (Some(i), _) if (i as u64) < count => i as usize,
                (Some(i), _) => {
                    return Err(format!(
                        "variant {}: setup {i} is not in 0..{}",
                        variant.name,
                        count - 1
                    ))
                }
                (None, Some(s)) => (splitmix(s) % count) as usize,
                (None, None) => unreachable!("handled above"),
            };
            let white = &ranks[index];
            let files = white.len();
            grid[0] = (0..files)
                .map(|f| {
                    let source = match black {
                        Symmetry::Mirror => f,
                        Symmetry::PointSymmetric => files - 1 - f,
                    };
                    white[source].map(|c| c.to_ascii_lowercase())
                })
                .collect();
            grid[white_row] = white.clone();
            if let Some(castling) = &variant.castling {
                let rest = with_castling_field(rest, &grid, &castling.rook_letters);
                return Ok(format!("{} {rest}", write_grid(&grid)));
            }
        }
        Setup::ShuffledBoard => {
            let Some(seed) = seed else {
                return Err(format!(
                    "variant {}: whole-board setups are not numbered; give a seed",
                    variant.name
                ));
            };
            let mut pieces: Vec<char> = grid.iter().flatten().flatten().copied().collect();
            let mut state = seed;
            for i in (1..pieces.len()).rev() {
                state = splitmix(state);
                pieces.swap(i, (state % (i as u64 + 1)) as usize);
            }
            let mut next = pieces.into_iter();
            for cell in grid.iter_mut().flatten().filter(|c| c.is_some()) {
                *cell = next.next();
            }
        }
        Setup::Fixed | Setup::Chess960 => {
            return Err(format!("variant {} has no shuffled setup", variant.name))
        }
    }
    Ok(format!("{} {rest}", write_grid(&grid))
        .trim_end()
        .to_string())
}

/// The FEN fields after the placement with castling rights for every first-rank piece
/// of a castling kind, in Shredder form (rook files: `JAja` for rooks on a and j).
fn with_castling_field(rest: &str, grid: &Grid, rook_letters: &[char]) -> String {
    let file_letter = |f: usize| (b'a' + f as u8) as char;
    let mut field = String::new();
    for (row, upper) in [(grid.len() - 1, true), (0, false)] {
        let mut files: Vec<usize> = (0..grid[row].len())
            .filter(|&f| {
                grid[row][f].is_some_and(|c| {
                    c.is_ascii_uppercase() == upper
                        && rook_letters.contains(&c.to_ascii_uppercase())
                })
            })
            .collect();
        files.reverse();
        for f in files {
            let l = file_letter(f);
            field.push(if upper { l.to_ascii_uppercase() } else { l });
        }
    }
    if field.is_empty() {
        field.push('-');
    }
    let mut fields: Vec<&str> = rest.split_whitespace().collect();
    if fields.len() >= 2 {
        fields[1] = &field;
    }
    fields.join(" ")
}

/// How many numbered setups the variant has (None: fixed, or not numbered).
pub fn setup_count(variant: &Variant) -> Option<usize> {
    let Setup::ShuffledBackRank {
        fixed,
        opposite_colors,
        between,
        ..
    } = &variant.setup
    else {
        return None;
    };
    let placement = variant.start_fen.split(' ').next()?;
    let grid = parse_grid(placement, variant.files).ok()?;
    Some(back_ranks(grid.last()?, fixed, *opposite_colors, *between).len())
}

/// Every distinct arrangement of `rank`'s movable pieces, in lexicographic order.
fn back_ranks(
    rank: &[Option<char>],
    fixed: &[char],
    opposite: Option<char>,
    between: Option<(char, char)>,
) -> Vec<Vec<Option<char>>> {
    let is_fixed = |c: &Option<char>| c.is_none_or(|l| fixed.contains(&l));
    let free: Vec<usize> = (0..rank.len()).filter(|&f| !is_fixed(&rank[f])).collect();
    let mut movable: Vec<char> = free.iter().filter_map(|&f| rank[f]).collect();
    movable.sort_unstable();
    let mut out = Vec::new();
    let mut used = vec![false; movable.len()];
    let mut current = rank.to_vec();
    permute(&movable, &mut used, &free, 0, &mut current, &mut out);
    out.retain(|r| match opposite {
        None => true,
        Some(letter) => {
            let colours: Vec<usize> = (0..r.len())
                .filter(|&f| r[f] == Some(letter))
                .map(|f| f % 2)
                .collect();
            colours.len() != 2 || colours[0] != colours[1]
        }
    });
    if let Some((inner, outer)) = between {
        out.retain(|r| {
            let files = |l: char| (0..r.len()).filter(move |&f| r[f] == Some(l));
            match files(inner).next() {
                Some(k) => files(outer).any(|f| f < k) && files(outer).any(|f| f > k),
                None => true,
            }
        });
    }
    out
}

/// Distinct permutations of the sorted multiset `items` onto the `slots`, in order.
fn permute(
    items: &[char],
    used: &mut [bool],
    slots: &[usize],
    depth: usize,
    current: &mut Vec<Option<char>>,
    out: &mut Vec<Vec<Option<char>>>,
) {
    if depth == slots.len() {
        out.push(current.clone());
        return;
    }
    for i in 0..items.len() {
        // Skip a repeat of the letter just tried at this depth: no duplicate ranks.
        if used[i] || (i > 0 && items[i] == items[i - 1] && !used[i - 1]) {
            continue;
        }
        used[i] = true;
        current[slots[depth]] = Some(items[i]);
        permute(items, used, slots, depth + 1, current, out);
        used[i] = false;
    }
}

fn parse_grid(placement: &str, files: usize) -> Result<Grid, String> {
    placement
        .split('/')
        .map(|row| {
            let mut cells = Vec::new();
            let mut run = 0usize;
            for c in row.chars() {
                if let Some(d) = c.to_digit(10) {
                    run = run * 10 + d as usize;
                    continue;
                }
                cells.extend(std::iter::repeat_n(None, run));
                run = 0;
                if !c.is_ascii_alphabetic() {
                    return Err(format!("cannot shuffle a start position with '{c}'"));
                }
                cells.push(Some(c));
            }
            cells.extend(std::iter::repeat_n(None, run));
            if cells.len() != files {
                return Err(format!("start row '{row}' is not {files} files wide"));
            }
            Ok(cells)
        })
        .collect()
}

fn write_grid(grid: &Grid) -> String {
    let files = grid.first().map_or(0, Vec::len);
    board_field(files, grid.len(), |file, rank, text| {
        if let Some(c) = grid[grid.len() - 1 - rank][file] {
            text.push(c);
        }
    })
}

/// A seeded, reproducible 64-bit mix (SplitMix64).
pub fn splitmix(seed: u64) -> u64 {
    let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::find_variant;

    #[test]
    fn kings_corner_has_360_setups_with_the_default_among_them() {
        let v = find_variant("kingscorner").unwrap();
        // Dark bishop on one of a1, c1, e1, g1, light on b1, d1 or f1, then the
        // remaining R, R, N, N, Q on five squares: 4 * 3 * 5!/(2! 2!) = 360.
        assert_eq!(setup_count(&v), Some(360));
        let all: Vec<String> = (0..360)
            .map(|i| shuffled_fen(&v, Some(i), None).unwrap())
            .collect();
        assert!(all.contains(&v.start_fen));
        let mut unique = all.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), 360);
        assert!(shuffled_fen(&v, Some(360), None).is_err());
    }

    #[test]
    fn kings_corner_ranks_are_point_symmetric_with_the_king_in_the_corner() {
        let v = find_variant("kingsfortress").unwrap();
        for seed in 0..50 {
            let fen = shuffled_fen(&v, None, Some(seed)).unwrap();
            let rows: Vec<&str> = fen.split(' ').next().unwrap().split('/').collect();
            let (black, white) = (rows[0], rows[7]);
            assert!(white.ends_with('K') && black.starts_with('k'), "{fen}");
            let turned: String = white
                .chars()
                .rev()
                .map(|c| c.to_ascii_lowercase())
                .collect();
            assert_eq!(black, turned, "{fen}");
            let bishops: Vec<usize> = white.match_indices('B').map(|(i, _)| i % 2).collect();
            assert_eq!(bishops.len(), 2);
            assert_ne!(bishops[0], bishops[1], "{fen}");
            assert_eq!(rows[2], "ppp5");
            assert_eq!(rows[5], "5PPP");
            assert!(fen.ends_with(" w - - 0 1"));
        }
        assert_eq!(
            shuffled_fen(&v, None, Some(7)),
            shuffled_fen(&v, None, Some(7))
        );
    }

    #[test]
    fn massacre_shuffle_keeps_every_piece_and_fills_the_board() {
        let v = find_variant("massacre").unwrap();
        let count = |fen: &str| {
            let mut letters: Vec<char> = fen
                .split(' ')
                .next()
                .unwrap()
                .chars()
                .filter(|c| c.is_ascii_alphabetic())
                .collect();
            letters.sort_unstable();
            letters
        };
        let shuffled = shuffled_fen(&v, None, Some(3)).unwrap();
        assert_ne!(shuffled, v.start_fen);
        assert_eq!(count(&shuffled), count(&v.start_fen));
        assert_eq!(count(&shuffled).len(), 64);
        assert!(shuffled_fen(&v, Some(1), None).is_err());
    }
}
