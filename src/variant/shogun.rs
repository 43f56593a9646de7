//! Shogun chess (Fairy-Stockfish's `[shogun:crazyhouse]`): Crazyhouse on 8x8 with
//! shogi-style promotions. Every piece but the king and the queen promotes, by a move
//! that starts or ends in the last three ranks, into a kind of its own: pawn to captain
//! (moves as a king), knight to general (knight + king), bishop to archbishop (bishop +
//! knight), rook to mortar (rook + knight), duchess (fers) to queen. The queen starts
//! as a promoted duchess (`+F` in FEN). A side may have one general, archbishop,
//! mortar and queen on the board at a time. Captured pieces return to hand unpromoted
//! and drop on the dropper's first five ranks.

use super::builtin::chess;
use super::{DrawRules, Hands, KindPromotion, PieceKind, Variant};

/// The ranks (relative to the owner) of the promotion zone and of the drop region.
const ZONE: [usize; 3] = [5, 6, 7];
const DROP_RANKS: std::ops::Range<usize> = 0..5;

fn promoting(mut kind: PieceKind, to: char, limit: Option<u32>) -> PieceKind {
    kind.promotion = Some(KindPromotion {
        to,
        ranks: ZONE.to_vec(),
        limit,
        mandatory: false,
    });
    kind
}

fn pieces() -> Vec<PieceKind> {
    let mut pawn = PieceKind::new("pawn", 'P', "fmWfcFifmnD");
    pawn.initial_ranks = [vec![1], vec![1]];
    pawn.en_passant = true;
    // Pawn-like (the move clock, evaluation, SAN); its promotion is its own.
    pawn.promotes = true;
    let mut king = PieceKind::new("king", 'K', "K");
    king.royal = true;
    vec![
        promoting(pawn, 'C', None),
        promoting(PieceKind::new("knight", 'N', "N"), 'G', Some(1)),
        promoting(PieceKind::new("bishop", 'B', "B"), 'A', Some(1)),
        promoting(PieceKind::new("rook", 'R', "R"), 'M', Some(1)),
        promoting(PieceKind::new("duchess", 'F', "F"), 'Q', Some(1)),
        king,
        PieceKind::new("captain", 'C', "K"),
        PieceKind::new("general", 'G', "KN"),
        PieceKind::new("archbishop", 'A', "BN"),
        PieceKind::new("mortar", 'M', "RN"),
        PieceKind::new("queen", 'Q', "Q"),
    ]
}

pub fn shogun() -> Variant {
    let base = chess();
    let pieces = pieces();
    let drop_ranks = pieces
        .iter()
        .filter(|p| !p.royal)
        .map(|p| (p.letter, DROP_RANKS.collect()))
        .collect();
    Variant {
        name: "shogun".into(),
        aliases: vec![],
        description: "Crazyhouse with shogi-style promotions on the last three ranks".into(),
        pieces,
        start_fen: "rnb+fkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB+FKBNR[] w KQkq - 0 1".into(),
        promotion: None,
        draws: DrawRules {
            insufficient_material: false,
            ..base.draws.clone()
        },
        hands: Some(Hands {
            drops: true,
            gating: false,
            captures_to_hand: true,
            promoted_return_as: None,
            drop_ranks,
            // Fairy-Stockfish's holdings order.
            fen_order: "GCMAFQRBNP".chars().collect(),
            must_drop: false,
            drop_limits: Vec::new(),
            castling_king_file: None,
        }),
        ..base
    }
}
