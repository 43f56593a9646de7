//! The registry of built-in variants, each a data definition.

use super::{Castling, DrawRules, PieceKind, Promotion, Setup, StalemateResult, Variant};
use std::sync::{Arc, OnceLock};

/// The orthodox army: pawn, knight, bishop, rook, queen and the royal king.
pub fn orthodox_pieces() -> Vec<PieceKind> {
    let mut pawn = PieceKind::new("pawn", 'P', "fmWfcFifmnD");
    pawn.initial_ranks = vec![1];
    pawn.en_passant = true;
    pawn.promotes = true;
    let mut knight = PieceKind::new("knight", 'N', "N");
    knight.minor = true;
    let mut bishop = PieceKind::new("bishop", 'B', "B");
    bishop.minor = true;
    let mut king = PieceKind::new("king", 'K', "K");
    king.royal = true;
    vec![
        pawn,
        knight,
        bishop,
        PieceKind::new("rook", 'R', "R"),
        PieceKind::new("queen", 'Q', "Q"),
        king,
    ]
}

fn orthodox_draws() -> DrawRules {
    DrawRules {
        stalemate: StalemateResult::Draw,
        repetition: 3,
        move_rule_plies: 100,
        insufficient_material: true,
    }
}

pub fn chess() -> Variant {
    Variant {
        name: "chess".into(),
        aliases: vec!["standard".into(), "normal".into()],
        description: "Orthodox chess (FIDE rules)".into(),
        files: 8,
        ranks: 8,
        pieces: orthodox_pieces(),
        start_fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into(),
        castling: Some(Castling {
            king_files: [6, 2],
            rook_files: [5, 3],
            rook_letters: vec!['R'],
        }),
        promotion: Some(Promotion {
            ranks: vec![7],
            targets: vec!['Q', 'R', 'B', 'N'],
        }),
        draws: orthodox_draws(),
        setup: Setup::Fixed,
        chess960: false,
    }
}

pub fn fischerandom() -> Variant {
    Variant {
        name: "fischerandom".into(),
        aliases: vec!["chess960".into(), "fischerrandom".into()],
        description: "Chess960: orthodox rules from one of 960 shuffled back ranks".into(),
        setup: Setup::Chess960,
        chess960: true,
        ..chess()
    }
}

pub fn nocastle() -> Variant {
    Variant {
        name: "nocastle".into(),
        aliases: vec![],
        description: "Orthodox chess without castling".into(),
        start_fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1".into(),
        castling: None,
        ..chess()
    }
}

/// Every built-in variant, in the order `protean variants` lists them.
pub fn builtin_variants() -> &'static [Arc<Variant>] {
    static ALL: OnceLock<Vec<Arc<Variant>>> = OnceLock::new();
    ALL.get_or_init(|| {
        [chess(), fischerandom(), nocastle()]
            .into_iter()
            .map(Arc::new)
            .collect()
    })
}

/// A built-in variant by name or alias, ignoring case.
pub fn find_variant(name: &str) -> Option<Arc<Variant>> {
    builtin_variants()
        .iter()
        .find(|v| v.answers_to(name))
        .cloned()
}
