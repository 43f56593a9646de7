//! Set-up-phase games: both armies start in hand and are dropped, one piece a turn,
//! before (Placement) or instead of (Screen) an orthodox first position; then orthodox
//! play. Each is chess plus [`Hands`] data: a must-drop rule, drop ranks per kind and
//! per-kind drop limits (see [`super::hands`]).

use super::builtin::{chess, orthodox_pieces};
use super::hands::DropLimit;
use super::{Hands, PieceKind, Variant};

/// Holdings as Fairy-Stockfish writes them for the orthodox army.
const FEN_ORDER: &str = "KQRBNP";

/// Hands of a set-up phase: nothing captured goes to hand; every kind drops on
/// `ranks` (relative to the dropping side), pawns on `pawn_ranks`.
fn setup_hands(ranks: &[usize], pawn_ranks: &[usize], limits: Vec<(char, DropLimit)>) -> Hands {
    let drop_ranks = orthodox_pieces()
        .iter()
        .map(|p| {
            let r = if p.letter == 'P' { pawn_ranks } else { ranks };
            (p.letter, r.to_vec())
        })
        .collect();
    Hands {
        drops: true,
        gating: false,
        captures_to_hand: false,
        promoted_return_as: None,
        drop_ranks,
        fen_order: FEN_ORDER.chars().collect(),
        must_drop: true,
        drop_limits: limits,
        castling_king_file: None,
    }
}

/// Placement (Fairy-Stockfish's built-in): pawns stand as usual; the other pieces start
/// in hand and are dropped, alternately, on the own first rank, bishops on opposite
/// colours. A king dropped on e1/e8 and a rook on a corner of that rank may castle.
pub fn placement() -> Variant {
    let mut hands = setup_hands(&[0], &[], vec![('B', DropLimit::OppositeColors)]);
    hands.castling_king_file = Some(4);
    Variant {
        name: "placement".into(),
        aliases: vec![],
        description: "Chess where both sides first drop their back-rank pieces on their first rank"
            .into(),
        start_fen: "8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNkqrrbbnn] w - - 0 1".into(),
        hands: Some(hands),
        ..chess()
    }
}

/// The orthodox army with pawns that never capture en passant (Screen chess).
fn pieces_without_en_passant() -> Vec<PieceKind> {
    let mut pieces = orthodox_pieces();
    for p in &mut pieces {
        p.en_passant = false;
    }
    pieces
}

/// Screen chess (itsyourturn.com; our rules, see docs/variants.md): each side drops its
/// whole army, one unit a turn, on its own half (ranks 1-4 / 5-8); pawns on different
/// files and never on the own first rank, bishops on opposite colours; then orthodox
/// play with no castling and no en passant.
pub fn screen() -> Variant {
    let limits = vec![
        ('P', DropLimit::OnePerFile),
        ('B', DropLimit::OppositeColors),
    ];
    Variant {
        name: "screen".into(),
        aliases: vec![],
        description: "Both armies are dropped on their own halves of an empty board, then chess without castling or en passant".into(),
        pieces: pieces_without_en_passant(),
        start_fen: "8/8/8/8/8/8/8/8[KQRRBBNNPPPPPPPPkqrrbbnnpppppppp] w - - 0 1".into(),
        castling: None,
        en_passant_ranks: Vec::new(),
        hands: Some(setup_hands(&[0, 1, 2, 3], &[1, 2, 3], limits)),
        ..chess()
    }
}

/// Crazy Screen chess (itsyourturn.com; ours): Screen with no placement limits in the
/// own half. A pawn on its first rank steps one square; any pawn on its second rank may
/// double-step (the orthodox pawn's data already says both).
pub fn crazyscreen() -> Variant {
    let all = [0, 1, 2, 3];
    Variant {
        name: "crazyscreen".into(),
        description: "Screen chess with the armies dropped anywhere on their own halves".into(),
        hands: Some(setup_hands(&all, &all, Vec::new())),
        ..screen()
    }
}
