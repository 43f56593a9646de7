//! Loading user-defined variants (`variants.ini`) into the process: the text layer is
//! `variant::ini`; this layer checks each variant's start position by setting it up and
//! registers the file's variants when the whole file is good.

use super::Game;
use crate::variant::ini::{self, Diagnostic};
use crate::variant::{registry, Variant};
use std::path::Path;
use std::sync::Arc;

/// What a loaded file added.
#[derive(Debug)]
pub struct LoadReport {
    pub names: Vec<String>,
    pub warnings: Vec<Diagnostic>,
}

/// Parses `text` (called `file` in messages) without registering anything: the
/// variants, or every error with its line.
pub fn parse_variants(text: &str, file: &str) -> Result<ini::Loaded, ini::LoadError> {
    let validate = |v: &Variant| Game::new(&Arc::new(v.clone()), None).map(|_| ());
    ini::load_text(text, file, &registry::find_variant, &validate)
}

/// Loads a file and registers its variants. On any error nothing is registered, and the
/// message lists every error as `file:line: message`.
pub fn load_variants_file(path: &Path) -> Result<LoadReport, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read variants file {}: {e}", path.display()))?;
    let loaded = parse_variants(&text, &path.display().to_string()).map_err(|e| e.to_string())?;
    let names = loaded.variants.iter().map(|v| v.name.clone()).collect();
    registry::register(loaded.variants);
    Ok(LoadReport {
        names,
        warnings: loaded.warnings,
    })
}
