//! What the loader does with each key of Fairy-Stockfish's `variants.ini` format.
//!
//! Every key Fairy-Stockfish reads is in [`KEYS`] (piece keys are recognised by
//! [`super::pieces::slot_of_key`]). A key is either applied ([`Class::Rule`]), ignored
//! with a warning because it only concerns display or evaluation ([`Class::Display`]), or
//! not implemented ([`Class::Unsupported`], [`Class::Hands`]): then a value equal to
//! Fairy-Stockfish's default (which is also what every Protean parent does) only warns,
//! and any other value rejects the variant, naming the line. The drop, hand and gating
//! keys that need rules still missing are their own class ([`Class::Hands`]).

/// How the loader treats a key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    /// Applied to the variant (see `build.rs`).
    Rule,
    /// Only affects display, GUIs or evaluation: ignored with a warning.
    Display,
    /// A rule Protean does not implement. The values listed leave the rules as Fairy-
    /// Stockfish's defaults have them (a warning); anything else is an error.
    Unsupported(&'static [&'static str]),
    /// Drop, hand and gating rules Protean does not implement yet: as `Unsupported`.
    Hands(&'static [&'static str]),
}

const FALSE: &[&str] = &["false"];
const NONE: &[&str] = &["", "-", "none"];
const NOTHING: &[&str] = &[];

pub const KEYS: &[(&str, Class)] = &[
    // Board and setup.
    ("maxRank", Class::Rule),
    ("maxFile", Class::Rule),
    ("startFen", Class::Rule),
    ("chess960", Class::Rule),
    // Promotion.
    ("promotionRegionWhite", Class::Rule),
    ("promotionRegionBlack", Class::Rule),
    ("promotionRank", Class::Rule),
    ("pawnTypes", Class::Rule),
    ("promotionPawnTypes", Class::Rule),
    ("promotionPawnTypesWhite", Class::Rule),
    ("promotionPawnTypesBlack", Class::Rule),
    ("promotionPieceTypes", Class::Rule),
    ("promotionPieceTypesWhite", Class::Rule),
    ("promotionPieceTypesBlack", Class::Rule),
    ("promotionLimit", Class::Rule),
    ("mandatoryPawnPromotion", Class::Rule),
    ("immobilityIllegal", Class::Rule),
    ("sittuyinPromotion", Class::Unsupported(FALSE)),
    ("promotedPieceType", Class::Rule),
    ("piecePromotionOnCapture", Class::Rule),
    ("mandatoryPiecePromotion", Class::Rule),
    ("pieceDemotion", Class::Rule),
    // Pawn steps and en passant.
    ("doubleStep", Class::Rule),
    ("doubleStepRegionWhite", Class::Rule),
    ("doubleStepRegionBlack", Class::Rule),
    ("doubleStepRank", Class::Unsupported(NOTHING)),
    ("doubleStepRankMin", Class::Unsupported(NOTHING)),
    ("tripleStepRegionWhite", Class::Unsupported(NONE)),
    ("tripleStepRegionBlack", Class::Unsupported(NONE)),
    ("enPassantRegion", Class::Rule),
    ("enPassantRegionWhite", Class::Unsupported(NOTHING)),
    ("enPassantRegionBlack", Class::Unsupported(NOTHING)),
    ("enPassantTypes", Class::Rule),
    ("enPassantTypesWhite", Class::Rule),
    ("enPassantTypesBlack", Class::Rule),
    // Captures.
    ("blastOnCapture", Class::Rule),
    ("blastImmuneTypes", Class::Rule),
    ("mutuallyImmuneTypes", Class::Rule),
    ("petrifyOnCaptureTypes", Class::Unsupported(NONE)),
    ("petrifyBlastPieces", Class::Unsupported(FALSE)),
    ("mustCapture", Class::Rule),
    // Castling.
    ("castling", Class::Rule),
    ("castlingKingsideFile", Class::Rule),
    ("castlingQueensideFile", Class::Rule),
    ("castlingRank", Class::Rule),
    ("castlingKingPiece", Class::Rule),
    ("castlingKingPieceWhite", Class::Rule),
    ("castlingKingPieceBlack", Class::Rule),
    ("castlingRookPieces", Class::Rule),
    ("castlingRookPiecesWhite", Class::Rule),
    ("castlingRookPiecesBlack", Class::Rule),
    ("castlingRookPiece", Class::Rule),
    ("castlingKingFile", Class::Rule),
    ("castlingRookKingsideFile", Class::Unsupported(NOTHING)),
    ("castlingRookQueensideFile", Class::Unsupported(NOTHING)),
    ("oppositeCastling", Class::Rule),
    ("castlingWins", Class::Rule),
    // Check and royalty.
    ("checking", Class::Rule),
    ("flyingGeneral", Class::Rule),
    ("makpongRule", Class::Rule),
    ("shatarMateRule", Class::Rule),
    ("bikjangRule", Class::Rule),
    ("dupleCheck", Class::Rule),
    ("soldierPromotionRank", Class::Rule),
    ("diagonalLines", Class::Rule),
    // Passing and walls.
    ("pass", Class::Rule),
    ("passWhite", Class::Unsupported(FALSE)),
    ("passBlack", Class::Unsupported(FALSE)),
    ("passOnStalemate", Class::Rule),
    ("passOnStalemateWhite", Class::Rule),
    ("passOnStalemateBlack", Class::Rule),
    ("wallingRule", Class::Rule),
    ("wallingRegion", Class::Unsupported(NOTHING)),
    ("wallingRegionWhite", Class::Rule),
    ("wallingRegionBlack", Class::Rule),
    ("wallOrMove", Class::Unsupported(FALSE)),
    ("cambodianMoves", Class::Rule),
    ("flipEnclosedPieces", Class::Rule),
    // Game end.
    ("nMoveRule", Class::Rule),
    ("nFoldRule", Class::Rule),
    ("nFoldValue", Class::Rule),
    ("nFoldValueAbsolute", Class::Rule),
    ("nMoveRuleTypes", Class::Rule),
    ("nMoveRuleTypesWhite", Class::Rule),
    ("nMoveRuleTypesBlack", Class::Rule),
    ("perpetualCheckIllegal", Class::Rule),
    ("moveRepetitionIllegal", Class::Unsupported(FALSE)),
    ("chasingRule", Class::Unsupported(NONE)),
    ("stalemateValue", Class::Rule),
    ("stalematePieceCount", Class::Rule),
    ("checkmateValue", Class::Rule),
    ("extinctionValue", Class::Rule),
    ("extinctionPieceTypes", Class::Rule),
    ("extinctionPieceCount", Class::Rule),
    ("extinctionOpponentPieceCount", Class::Rule),
    ("extinctionClaim", Class::Rule),
    ("extinctionPseudoRoyal", Class::Rule),
    ("flagPiece", Class::Rule),
    ("flagPieceWhite", Class::Rule),
    ("flagPieceBlack", Class::Rule),
    ("flagRegion", Class::Rule),
    ("flagRegionWhite", Class::Rule),
    ("flagRegionBlack", Class::Rule),
    ("whiteFlag", Class::Rule),
    ("blackFlag", Class::Rule),
    ("flagMove", Class::Rule),
    ("flagPieceCount", Class::Rule),
    ("flagPieceBlockedWin", Class::Rule),
    ("flagPieceSafe", Class::Rule),
    ("checkCounting", Class::Rule),
    ("connectN", Class::Rule),
    ("connectPieceTypes", Class::Rule),
    ("connectVertical", Class::Rule),
    ("connectHorizontal", Class::Rule),
    ("connectDiagonal", Class::Rule),
    ("connectRegion1White", Class::Unsupported(NONE)),
    ("connectRegion2White", Class::Unsupported(NONE)),
    ("connectRegion1Black", Class::Unsupported(NONE)),
    ("connectRegion2Black", Class::Unsupported(NONE)),
    ("connectNxN", Class::Rule),
    ("collinearN", Class::Rule),
    ("connectValue", Class::Rule),
    ("materialCounting", Class::Rule),
    ("adjudicateFullBoard", Class::Rule),
    ("countingRule", Class::Rule),
    // Drops, hands and gating (see drops.rs for those that are rules).
    ("pieceDrops", Class::Rule),
    ("capturesToHand", Class::Rule),
    ("twoBoards", Class::Rule),
    ("dropLoop", Class::Rule),
    ("mustDrop", Class::Rule),
    ("mustDropType", Class::Rule),
    ("dropChecks", Class::Rule),
    ("firstRankPawnDrops", Class::Rule),
    ("promotionZonePawnDrops", Class::Rule),
    ("enclosingDrop", Class::Rule),
    ("enclosingDropStart", Class::Rule),
    ("freeDrops", Class::Rule),
    ("dropOnTop", Class::Hands(FALSE)),
    ("dropRegionWhite", Class::Rule),
    ("dropRegionBlack", Class::Rule),
    ("whiteDropRegion", Class::Rule),
    ("blackDropRegion", Class::Rule),
    ("sittuyinRookDrop", Class::Hands(FALSE)),
    ("dropOppositeColoredBishop", Class::Rule),
    ("dropPromoted", Class::Rule),
    ("dropNoDoubled", Class::Rule),
    ("dropNoDoubledCount", Class::Rule),
    ("shogiPawnDropMateIllegal", Class::Rule),
    ("castlingDroppedPiece", Class::Rule),
    ("gating", Class::Rule),
    ("seirawanGating", Class::Rule),
    // Display and evaluation only.
    ("variantTemplate", Class::Display),
    ("pieceToCharTable", Class::Display),
    ("pocketSize", Class::Display),
    ("pieceValueMg", Class::Display),
    ("pieceValueEg", Class::Display),
];

/// The class of `key`, or `None` for a key Fairy-Stockfish does not know either (a
/// typo: warned about). Per-piece mobility regions (`mobilityRegionWhiteKing`, ...) and
/// Protean's own keys (`protean...`) are rules.
pub fn class_of(key: &str) -> Option<Class> {
    if let Some(&(_, class)) = KEYS.iter().find(|(k, _)| *k == key) {
        return Some(class);
    }
    if key.starts_with("mobilityRegionWhite") || key.starts_with("mobilityRegionBlack") {
        return Some(Class::Rule);
    }
    if super::protean_keys::PROTEAN_KEYS.contains(&key)
        || super::goal_keys::GOAL_KEYS.contains(&key)
        || super::fog_keys::FOG_KEYS.contains(&key)
        || super::palace_keys::PALACE_KEYS.contains(&key)
    {
        return Some(Class::Rule);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_listed_once() {
        for (i, (k, _)) in KEYS.iter().enumerate() {
            assert!(
                !KEYS[i + 1..].iter().any(|(other, _)| other == k),
                "{k} listed twice"
            );
            assert!(
                super::super::pieces::slot_of_key(k).is_none(),
                "{k} is a piece key"
            );
        }
    }
}
