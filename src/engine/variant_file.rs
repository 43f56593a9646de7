//! Loading user-defined variants (`variants.ini`) into the process: the text layer is
//! `variant::ini`; this layer checks each variant's start position by setting it up and
//! registers every section that loads (a rejected one is reported, never fatal: a user's
//! copy of Fairy-Stockfish's whole `variants.ini` gives everything Protean can play).

use super::Game;
use crate::variant::ini::{self, Diagnostic, Rejected};
use crate::variant::{registry, Variant};
use std::path::Path;
use std::sync::Arc;

/// What a loaded file added.
#[derive(Debug)]
pub struct LoadReport {
    /// The variants registered, in file order.
    pub names: Vec<String>,
    /// The sections that did not load, each with why.
    pub rejected: Vec<Rejected>,
    /// Malformed lines outside any section (ignored).
    pub stray: Vec<Diagnostic>,
    pub warnings: Vec<Diagnostic>,
}

impl LoadReport {
    /// Every message about the file, one line each: warnings, ignored lines, rejected
    /// sections, in that order.
    pub fn messages(&self) -> Vec<String> {
        let warnings = self.warnings.iter().map(|w| format!("warning: {w}"));
        let stray = self.stray.iter().map(|d| format!("ignored: {d}"));
        let rejected = self.rejected.iter().map(|r| format!("rejected: {r}"));
        warnings.chain(stray).chain(rejected).collect()
    }
}

/// Parses `text` (called `file` in messages) without registering anything: the variants
/// that load and the sections that do not, each with its errors' lines.
pub fn parse_variants(text: &str, file: &str) -> ini::Loaded {
    let validate = |v: &Variant| Game::new(&Arc::new(v.clone()), None).map(|_| ());
    ini::load_text(text, file, &registry::find_variant, &validate)
}

/// Loads a file and registers every variant of it that loads. The error is a file that
/// cannot be read; rejected sections are in the report.
pub fn load_variants_file(path: &Path) -> Result<LoadReport, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read variants file {}: {e}", path.display()))?;
    let loaded = parse_variants(&text, &path.display().to_string());
    let names = loaded.variants.iter().map(|v| v.name.clone()).collect();
    registry::register(loaded.variants);
    Ok(LoadReport {
        names,
        rejected: loaded.rejected,
        stray: loaded.stray,
        warnings: loaded.warnings,
    })
}
