//! The "-house" family: captured pieces change sides and go to the capturer's hand,
//! to be dropped instead of a move (see [`super::hands`]). Each is a base game plus
//! [`Hands`] data.

use super::builtin::{capablanca, chess, grand};
use super::{DrawRules, Hands, Variant};

/// Crazyhouse hands on a board with `ranks` ranks: pawns drop neither on the first
/// rank nor on the ranks where they promote (the last `promotion_ranks`).
fn house_hands(ranks: usize, promotion_ranks: usize, fen_order: &str) -> Hands {
    Hands {
        drops: true,
        gating: false,
        captures_to_hand: true,
        promoted_return_as: Some('P'),
        drop_ranks: vec![('P', (1..ranks - promotion_ranks).collect())],
        fen_order: fen_order.chars().collect(),
        must_drop: false,
        drop_limits: Vec::new(),
        castling_king_file: None,
    }
}

/// With pieces that can always come back from the hand, no material is ever
/// insufficient.
fn house_draws(base: &Variant) -> DrawRules {
    DrawRules {
        insufficient_material: false,
        ..base.draws.clone()
    }
}

/// Crazyhouse: chess where captured pieces join the capturer's hand; promoted pieces
/// go back as pawns; a pawn dropped on its second rank may double-step.
pub fn crazyhouse() -> Variant {
    let base = chess();
    Variant {
        name: "crazyhouse".into(),
        aliases: vec!["zh".into()],
        description: "Chess where captured pieces may be dropped back as your own".into(),
        start_fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1".into(),
        draws: house_draws(&base),
        hands: Some(house_hands(8, 1, "QRBNP")),
        ..base
    }
}

/// Capablanca chess with Crazyhouse drops.
pub fn capahouse() -> Variant {
    let base = capablanca();
    Variant {
        name: "capahouse".into(),
        aliases: vec![],
        description: "Capablanca chess with Crazyhouse drops".into(),
        start_fen: "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR[] w KQkq - 0 1".into(),
        draws: house_draws(&base),
        hands: Some(house_hands(8, 1, "CAQRBNP")),
        ..base
    }
}

/// Grand chess with Crazyhouse drops: pawns drop neither on the first rank nor on the
/// last three (where they may or must promote).
pub fn grandhouse() -> Variant {
    let base = grand();
    Variant {
        name: "grandhouse".into(),
        aliases: vec![],
        description: "Grand chess with Crazyhouse drops".into(),
        start_fen: "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R[] w - - 0 1"
            .into(),
        draws: house_draws(&base),
        hands: Some(house_hands(10, 3, "CAQRBNP")),
        ..base
    }
}
