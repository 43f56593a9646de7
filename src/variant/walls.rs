//! Walls: squares that belong to nobody, block every move and are never landed on,
//! placed as the second part of a turn (Fairy-Stockfish's `wallingRule`). The variant
//! states the rule and where each side may place a wall; the turn rule
//! ([`super::parts::TurnRule::Walling`]) carries it to the generator, which expands
//! every move into its walled forms (`movegen/walls.rs`), and the position keeps the
//! walls (`Position::walls`, `*` in FEN, keyed like vanished squares).

/// Where the wall of a turn goes (Fairy-Stockfish's `WallingRule` values that Protean
/// plays; `edge` and `wallOrMove` are not implemented).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WallingRule {
    /// On a square the moved piece could move to from where it landed (Amazons'
    /// arrow, shot over the square it left).
    Arrow,
    /// The one wall (the duck) moves to another empty square every turn; before the
    /// first turn it is off the board (Duck chess).
    Duck,
    /// On the square the piece left (Snailtrail, Joust).
    Past,
    /// On any empty square; walls stay (Isolation).
    Static,
}

impl WallingRule {
    /// Fairy-Stockfish's name for the rule.
    pub fn name(self) -> &'static str {
        match self {
            WallingRule::Arrow => "arrow",
            WallingRule::Duck => "duck",
            WallingRule::Past => "past",
            WallingRule::Static => "static",
        }
    }

    /// The rule Fairy-Stockfish names `name` (`None` for `none`); `edge` and unknown
    /// names are errors.
    pub fn parse(name: &str) -> Result<Option<WallingRule>, String> {
        Ok(Some(match name {
            "arrow" => WallingRule::Arrow,
            "duck" => WallingRule::Duck,
            "past" => WallingRule::Past,
            "static" => WallingRule::Static,
            "none" | "-" | "" => return Ok(None),
            "edge" => return Err("'edge' walling (Atlantis) is not implemented".into()),
            _ => {
                return Err(format!(
                    "expected arrow, duck, past, static or none, not '{name}'"
                ))
            }
        }))
    }
}

/// A walling game's walls: every turn is a move and then a wall.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Walling {
    pub rule: WallingRule,
    /// Per colour (White, Black), the squares where that side may place a wall, by
    /// name in the order written; `None`: every square.
    pub region: [Option<Vec<String>>; 2],
}
