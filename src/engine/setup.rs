//! Start positions: a variant's fixed array, or one of its numbered or seeded random
//! setups (Chess960, shuffle variants), as a FEN.

use crate::variant::{chess960, Setup, Variant};

/// The start FEN of a variant's setup `index`, or of a seeded random setup.
pub fn start_fen(
    variant: &Variant,
    index: Option<u32>,
    seed: Option<u64>,
) -> Result<String, String> {
    match &variant.setup {
        Setup::ShuffledBackRank { .. } | Setup::ShuffledBoard => {
            crate::variant::shuffle::shuffled_fen(variant, index, seed)
        }
        Setup::Fixed => {
            if index.is_some() || seed.is_some() {
                Err(format!(
                    "variant {} has a fixed start position",
                    variant.name
                ))
            } else {
                Ok(variant.start_fen.clone())
            }
        }
        Setup::Chess960 => {
            let index = match (index, seed) {
                (Some(i), _) => i,
                (None, Some(s)) => (crate::variant::shuffle::splitmix(s) % 960) as u32,
                (None, None) => 518,
            };
            chess960::start_fen(index)
                .ok_or_else(|| format!("Chess960 index {index} is not in 0..959"))
        }
    }
}
