//! Fairy-Stockfish's piece types as the `variants.ini` keys name them (`knight = n`,
//! `customPiece3 = a:BN`), and how a kind of a Protean variant answers to those names.

use crate::variant::{PieceKind, Variant};

/// Number of `customPieceN` slots Fairy-Stockfish offers.
pub const CUSTOM_SLOTS: usize = 25;

/// The predefined piece types and their moves (the list in the header of
/// Fairy-Stockfish's `variants.ini`). The pawn's double step, en passant and promotion
/// are variant rules (`doubleStep...`, `enPassant...`, `promotion...` keys), so its Betza
/// here is the single step and capture plus the initial double step those rules gate.
pub const PREDEFINED: &[(&str, &str)] = &[
    ("pawn", "fmWfcFifmnD"),
    ("knight", "N"),
    ("bishop", "B"),
    ("rook", "R"),
    ("queen", "Q"),
    ("fers", "F"),
    ("alfil", "A"),
    ("fersAlfil", "FA"),
    ("silver", "FfW"),
    ("aiwok", "RNF"),
    ("bers", "RF"),
    ("archbishop", "BN"),
    ("chancellor", "RN"),
    ("amazon", "QN"),
    ("knibis", "mNcB"),
    ("biskni", "mBcN"),
    ("kniroo", "mNcR"),
    ("rookni", "mRcN"),
    ("shogiPawn", "fW"),
    ("lance", "fR"),
    ("shogiKnight", "fN"),
    ("gold", "WfF"),
    ("dragonHorse", "BW"),
    ("clobber", "cW"),
    ("breakthrough", "fmWfF"),
    // No moves at all (`betza::parse_moves`): dropped, it stays where it stands.
    ("immobile", ""),
    ("cannon", "mRcpR"),
    ("janggiCannon", "pR"),
    ("soldier", SOLDIER_BETZA),
    ("horse", "nN"),
    ("elephant", "nA"),
    ("janggiElephant", "nZ"),
    ("banner", "RcpRnN"),
    ("wazir", "W"),
    ("commoner", "K"),
    ("centaur", "KN"),
    ("king", "K"),
];

/// The Xiangqi soldier (Fairy-Stockfish's `fsW`): a step forward, and sideways only from
/// the owner's `soldierPromotionRank` on (Xiangqi's river). The sideways step is an `i`
/// move, allowed on the ranks [`PieceKind::initial_ranks`] lists: the loader gives a
/// soldier the ranks from `soldierPromotionRank` to the last, for either side (relative
/// ranks), in place of the pawn's double-step ranks. So the rank test is the move
/// tables' (a leap from some squares only), not the generator's.
pub const SOLDIER_BETZA: &str = "fWisW";

/// Predefined types whose moves Protean cannot express as a Betza string of its own
/// (none now: the immobile type is the empty string).
const INEXPRESSIBLE: &[(&str, &str)] = &[];

/// What a piece key names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PieceSlot {
    /// A predefined type with its fixed Betza moves.
    Predefined(&'static str, &'static str),
    /// `customPieceN`: the Betza string comes with the letter.
    Custom(usize),
    /// A type Protean has no equivalent for; the reason.
    Inexpressible(&'static str),
}

/// The piece slot a key names, if the key is a piece key.
pub fn slot_of_key(key: &str) -> Option<PieceSlot> {
    if let Some(&(name, betza)) = PREDEFINED.iter().find(|(n, _)| *n == key) {
        return Some(PieceSlot::Predefined(name, betza));
    }
    if let Some(&(_, why)) = INEXPRESSIBLE.iter().find(|(n, _)| *n == key) {
        return Some(PieceSlot::Inexpressible(why));
    }
    let n: usize = key.strip_prefix("customPiece")?.parse().ok()?;
    (1..=CUSTOM_SLOTS)
        .contains(&n)
        .then_some(PieceSlot::Custom(n))
}

/// Every piece key in the order Fairy-Stockfish reads them (predefined types, then the
/// custom slots, the king last), so that removals and additions happen as there.
pub fn piece_keys() -> Vec<String> {
    let mut keys: Vec<String> = PREDEFINED
        .iter()
        .map(|(n, _)| n.to_string())
        .filter(|n| n != "king")
        .collect();
    keys.extend(INEXPRESSIBLE.iter().map(|(n, _)| n.to_string()));
    keys.extend((1..=CUSTOM_SLOTS).map(|n| format!("customPiece{n}")));
    keys.push("king".to_string());
    keys
}

/// The Fairy-Stockfish type name a kind of a Protean variant stands for, so that a child
/// section's `queen = -` or `king = k:N` finds the kind it inherits. Kinds made by this
/// loader carry the type name as their name; the built-ins use a few other names for the
/// same types (a non-royal king is Fairy-Stockfish's commoner).
pub fn type_name_of(kind: &PieceKind) -> String {
    match kind.name.as_str() {
        "king" | "general" if !kind.royal => "commoner".into(),
        "general" => "king".into(),
        "chariot" => "rook".into(),
        "advisor" => "fers".into(),
        "met" => "fers".into(),
        "khon" => "silver".into(),
        other => other.to_string(),
    }
}

/// The kinds of a variant (a bit per kind index) that stand for one Fairy-Stockfish
/// type name (`type_name_of`), for rule parts that name their pieces by type
/// (Makruk's counting, Cambodia's first moves).
pub fn kinds_of_type(variant: &Variant, ty: &str) -> u32 {
    variant
        .pieces
        .iter()
        .enumerate()
        .filter(|(_, p)| type_name_of(p) == ty)
        .fold(0u32, |m, (i, _)| m | 1 << i)
}

/// Whether the kind is Fairy-Stockfish's `soldier` type (its initial ranks are where it
/// steps sideways, from `soldierPromotionRank` on).
pub fn is_soldier_type(kind: &PieceKind) -> bool {
    type_name_of(kind) == "soldier" && kind.betza == SOLDIER_BETZA
}

/// The kinds that count as Fairy-Stockfish's `pawn` type.
pub fn is_pawn_type(kind: &PieceKind) -> bool {
    type_name_of(kind) == "pawn"
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::betza;

    #[test]
    fn every_predefined_betza_parses() {
        for (name, b) in PREDEFINED {
            assert!(betza::parse_moves(b).is_ok(), "{name}: {b}");
        }
    }

    #[test]
    fn slots() {
        assert_eq!(
            slot_of_key("queen"),
            Some(PieceSlot::Predefined("queen", "Q"))
        );
        assert_eq!(slot_of_key("customPiece25"), Some(PieceSlot::Custom(25)));
        assert_eq!(slot_of_key("customPiece26"), None);
        assert_eq!(slot_of_key("customPiece0"), None);
        assert_eq!(
            slot_of_key("soldier"),
            Some(PieceSlot::Predefined("soldier", "fWisW"))
        );
        assert_eq!(
            slot_of_key("immobile"),
            Some(PieceSlot::Predefined("immobile", ""))
        );
        assert_eq!(slot_of_key("maxRank"), None);
        assert_eq!(piece_keys().last().unwrap(), "king");
    }
}
