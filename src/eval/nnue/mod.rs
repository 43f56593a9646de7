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
    (
        "nets/atomic-2.nnue",
        include_bytes!("../../../nets/atomic-2.nnue"),
    ),
    (
        "nets/antichess-1.nnue",
        include_bytes!("../../../nets/antichess-1.nnue"),
    ),
];

/// Every embedded network that parses (the tests make sure each does).
pub fn embedded() -> Vec<&'static Network> {
    (0..EMBEDDED.len()).filter_map(embedded_net).collect()
}

/// Embedded network `i`, parsed when first asked for: a variant's search reads the
/// headers and parses only a network named for it, so a variant without one keeps
/// no parsed weights (about two megabytes for the four nets) and touches no page
/// of the embedded files beyond their headers.
fn embedded_net(i: usize) -> Option<&'static Network> {
    static PARSED: [OnceLock<Option<Network>>; EMBEDDED.len()] =
        [const { OnceLock::new() }; EMBEDDED.len()];
    let (path, bytes) = EMBEDDED[i];
    PARSED[i]
        .get_or_init(|| file::parse(bytes, path).ok())
        .as_ref()
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
    let named = |i: &usize| {
        file::variant_names(EMBEDDED[*i].1)
            .is_some_and(|names| names.iter().any(|n| rules.variant.answers_to(n)))
    };
    (0..EMBEDDED.len())
        .filter(named)
        .filter_map(embedded_net)
        .find(usable)
}
