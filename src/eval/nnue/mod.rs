//! Network evaluation (NNUE): an efficiently updatable network per variant or family,
//! used in place of the parameter tables where one is loaded (`EvalFile`) or embedded
//! from `nets/`. docs/eval.md describes the network, its file and its training.
//!
//! - [`features`]: the inputs, sized from the variant's board and kinds (and hands);
//! - [`network`]: the quantised weights and the integer inference;
//! - [`file`]: the versioned binary file format, with its checks;
//! - [`accumulator`]: the search's per-ply accumulators, updated from the position's
//!   dirty-piece record.

pub mod accumulator;
pub mod features;
pub mod file;
pub mod network;

pub use accumulator::Accumulators;
pub use features::FeatureSet;
pub use network::Network;

use crate::board::Bitboard;
use crate::variant::rules::Rules;
use std::sync::OnceLock;

/// (path, bytes) of every network compiled in from `nets/` (none yet: a net is embedded
/// once it beats its variant's table in games; see nets/README.md).
pub const EMBEDDED: &[(&str, &[u8])] = &[];

/// The embedded networks, parsed once (the tests make sure each parses).
pub fn embedded() -> &'static [Network] {
    static PARSED: OnceLock<Vec<Network>> = OnceLock::new();
    PARSED.get_or_init(|| {
        EMBEDDED
            .iter()
            .filter_map(|(path, bytes)| file::parse(bytes, path).ok())
            .collect()
    })
}

/// The network a search of this variant uses: `loaded` (`EvalFile`) if it names and fits
/// the variant, else an embedded one that does, else none (the tables evaluate).
pub fn select<'a, B: Bitboard>(
    rules: &Rules<B>,
    loaded: Option<&'a Network>,
) -> Option<&'a Network> {
    let usable = |n: &&Network| n.applies_to(&rules.variant) && n.fits(rules).is_ok();
    loaded
        .filter(usable)
        .or_else(|| embedded().iter().find(usable))
}
