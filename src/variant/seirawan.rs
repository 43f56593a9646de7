//! The Seirawan family: the hawk (bishop + knight) and the elephant (rook + knight)
//! start in hand and enter only by gating, onto the square a first-rank piece leaves
//! on its first move (see [`super::hands::Hands::gating`]). Each is chess plus
//! [`Hands`] data.

use super::builtin::{chess, orthodox_pieces};
use super::{DrawRules, Hands, PieceKind, Promotion, Variant};

fn seirawan_pieces() -> Vec<PieceKind> {
    let mut pieces = orthodox_pieces();
    pieces.insert(4, PieceKind::new("hawk", 'H', "BN"));
    pieces.insert(5, PieceKind::new("elephant", 'E', "RN"));
    pieces
}

/// Fairy-Stockfish's holdings order: elephant, hawk, then the orthodox pieces.
const FEN_ORDER: &str = "EHQRBNP";

/// Seirawan chess: chess where the hawk and the elephant wait in hand to be gated in.
pub fn seirawan() -> Variant {
    let base = chess();
    Variant {
        name: "seirawan".into(),
        aliases: vec![],
        description: "Chess where a hawk and an elephant enter by gating".into(),
        pieces: seirawan_pieces(),
        start_fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[HEhe] w KQBCDFGkqbcdfg - 0 1"
            .into(),
        promotion: Some(Promotion::on(vec![7], vec!['Q', 'E', 'H', 'R', 'B', 'N'])),
        hands: Some(Hands {
            drops: false,
            gating: true,
            captures_to_hand: false,
            promoted_return_as: None,
            // Only gating uses these: a pawn in hand (from a FEN) gates on no square,
            // as Fairy-Stockfish keeps pawns off their first rank.
            drop_ranks: vec![('P', (1..7).collect())],
            fen_order: FEN_ORDER.chars().collect(),
            must_drop: false,
            drop_limits: Vec::new(),
            castling_king_file: None,
        }),
        ..base
    }
}

/// Seirawan chess with Crazyhouse drops: captured pieces (promoted ones as pawns) go
/// to hand; every piece in hand may be dropped (pawns not on the first or last rank)
/// or gated.
pub fn shouse() -> Variant {
    let base = seirawan();
    Variant {
        name: "shouse".into(),
        aliases: vec![],
        description: "Seirawan chess with Crazyhouse drops".into(),
        draws: DrawRules {
            insufficient_material: false,
            ..base.draws.clone()
        },
        // Seirawan's hand, whose pawn squares now serve drops as well as gating.
        hands: base.hands.clone().map(|h| Hands {
            drops: true,
            captures_to_hand: true,
            promoted_return_as: Some('P'),
            ..h
        }),
        ..base
    }
}
