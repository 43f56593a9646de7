//! Perft: the number of leaf nodes of the legal move tree, the standard correctness
//! check of a move generator. The last ply is counted in bulk, without making moves.

use crate::board::Bitboard;
use crate::position::{Move, MoveList, Position};

pub fn perft<B: Bitboard>(pos: &mut Position<B>, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal(),
        _ => {
            let mut list = MoveList::new();
            pos.generate_legal(&mut list);
            let mut nodes = 0;
            for &m in list.as_slice() {
                pos.make_move(m);
                nodes += perft(pos, depth - 1);
                pos.unmake_move();
            }
            nodes
        }
    }
}

/// Perft split by root move, in generation order.
pub fn divide<B: Bitboard>(pos: &mut Position<B>, depth: u32) -> Vec<(Move, u64)> {
    let mut list = MoveList::new();
    pos.generate_legal(&mut list);
    list.as_slice()
        .iter()
        .map(|&m| {
            pos.make_move(m);
            let n = if depth <= 1 { 1 } else { perft(pos, depth - 1) };
            pos.unmake_move();
            (m, n)
        })
        .collect()
}
