//! The board's shape: a game whose start position marks squares `*` (Fairy-Stockfish's
//! walls: Gustav III's, Troitzky's and Omicron's boards) plays on the rectangle less
//! those squares. They belong to no one, are never landed on and stop every slide and
//! lame leap, as the board's edge does; leapers jump over them. `Rules` builds its
//! tables without them (`Tables::shaped`), so the move generators, attack tests and
//! evaluation see the shape with no test of their own; the FEN gives them as `*`.
//! In games that place walls (`Variant::walling`) or make squares vanish, a `*` of the
//! start position is one of those instead.

use super::Variant;

/// The walls of `v`'s board, as (file, rank) pairs: the `*` squares of its start
/// position (none where `*` means a placed wall or a vanished square).
pub fn board_walls(v: &Variant) -> Vec<(usize, usize)> {
    if v.walling.is_some() || v.goal.vanishing_squares {
        return Vec::new();
    }
    let placement = v.start_fen.split_whitespace().next().unwrap_or("");
    let placement = placement.split('[').next().unwrap_or("");
    let mut walls = Vec::new();
    for (i, row) in placement.split('/').enumerate() {
        let Some(rank) = v.ranks.checked_sub(1 + i) else {
            break;
        };
        let mut file = 0;
        let mut run = 0;
        for c in row.chars() {
            if let Some(d) = c.to_digit(10) {
                run = run * 10 + d as usize;
                continue;
            }
            file += run;
            run = 0;
            match c {
                '*' => {
                    walls.push((file, rank));
                    file += 1;
                }
                // A promoted piece's prefix and suffix take no square.
                '+' | '~' => {}
                _ => file += 1,
            }
        }
    }
    walls.retain(|&(f, _)| f < v.files);
    walls
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::registry::find_variant;

    #[test]
    fn gustav3s_walls_are_the_a_and_j_files_between_the_back_ranks() {
        let v = find_variant("gustav3").unwrap();
        let mut walls = board_walls(&v);
        walls.sort();
        let expected: Vec<(usize, usize)> = [0, 9]
            .iter()
            .flat_map(|&f| (1..7).map(move |r| (f, r)))
            .collect();
        assert_eq!(walls, expected);
        assert!(board_walls(&find_variant("chess").unwrap()).is_empty());
    }
}
