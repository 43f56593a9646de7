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
use crate::eval::ParamFile;
use crate::variant::rules::Rules;
use std::sync::OnceLock;

/// (path, bytes) of every network compiled in from `nets/`: a net is embedded once it
/// beats its variant's table in games at a clock (nets/README.md gives each one's data,
/// training and result).
pub const EMBEDDED: &[(&str, &[u8])] = &[
    (
        "nets/chess-3.nnue",
        include_bytes!("../../../nets/chess-3.nnue"),
    ),
    (
        "nets/crazyhouse-1.nnue",
        include_bytes!("../../../nets/crazyhouse-1.nnue"),
    ),
    (
        "nets/xiangqi-1.nnue",
        include_bytes!("../../../nets/xiangqi-1.nnue"),
    ),
];

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
/// the variant; none if a loaded parameter file (`table`) names the variant (a table
/// chosen by hand beats an embedded net, so the two can be matched in one binary); else
/// an embedded one that fits; else none (the tables evaluate).
pub fn select<'a, B: Bitboard>(
    rules: &Rules<B>,
    loaded: Option<&'a Network>,
    table: Option<&ParamFile>,
) -> Option<&'a Network> {
    let usable = |n: &&Network| n.applies_to(&rules.variant) && n.fits(rules).is_ok();
    if let Some(n) = loaded.filter(usable) {
        return Some(n);
    }
    if table.is_some_and(|f| f.applies_to(&rules.variant)) {
        return None;
    }
    embedded().iter().find(usable)
}
