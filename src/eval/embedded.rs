//! The parameter files under `nets/`, compiled into the binary. A variant's table is
//! found by the names on the files' `variant` lines (data lookup); a variant no file
//! names plays with the generic parameters derived from its rules.

use super::file::ParamFile;
use crate::variant::Variant;
use std::sync::OnceLock;

/// (path, text) of every embedded parameter file. A file added to `nets/` is listed
/// here; `tests/eval.rs` checks that every `nets/*.txt` is, and that each parses and
/// fits every variant it names.
pub const FILES: &[(&str, &str)] = &[
    (
        "nets/aleaevangelii.txt",
        include_str!("../../nets/aleaevangelii.txt"),
    ),
    (
        "nets/antichess.txt",
        include_str!("../../nets/antichess.txt"),
    ),
    ("nets/ardri.txt", include_str!("../../nets/ardri.txt")),
    ("nets/atomic.txt", include_str!("../../nets/atomic.txt")),
    (
        "nets/capablanca.txt",
        include_str!("../../nets/capablanca.txt"),
    ),
    ("nets/brandubh.txt", include_str!("../../nets/brandubh.txt")),
    ("nets/chess.txt", include_str!("../../nets/chess.txt")),
    (
        "nets/crazyhouse.txt",
        include_str!("../../nets/crazyhouse.txt"),
    ),
    ("nets/grand.txt", include_str!("../../nets/grand.txt")),
    (
        "nets/longship13.txt",
        include_str!("../../nets/longship13.txt"),
    ),
    ("nets/seirawan.txt", include_str!("../../nets/seirawan.txt")),
    ("nets/tablut.txt", include_str!("../../nets/tablut.txt")),
    ("nets/xiangqi.txt", include_str!("../../nets/xiangqi.txt")),
];

/// The embedded files, parsed once. A file that does not parse is left out (the tests
/// make sure none is).
pub fn files() -> &'static [ParamFile] {
    static PARSED: OnceLock<Vec<ParamFile>> = OnceLock::new();
    PARSED.get_or_init(|| {
        FILES
            .iter()
            .filter_map(|(path, text)| ParamFile::parse(text, path).ok())
            .collect()
    })
}

/// The embedded file for a variant, if one names it.
pub fn for_variant(variant: &Variant) -> Option<&'static ParamFile> {
    files().iter().find(|f| f.applies_to(variant))
}
