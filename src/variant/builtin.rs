//! The built-in variants. They are data: the games of `builtins.ini`, embedded in the
//! binary and read once, at the first use, by the loader that reads users' files
//! ([`super::ini`]), so a built-in is exactly what a user could write. What is code
//! rather than data (the Chess960 numbering, the random set-ups) the file names with
//! `proteanSetup`, and [`super::chess960`] and [`super::shuffle`] carry out.
//!
//! The file is part of the program: a section that does not load is a bug, which the
//! tests catch (every built-in loads, without a warning, and sets up its start
//! position); should one slip through, the first use stops the process with the
//! loader's message, naming the file and line.

use super::ini::{self, LoadError, Loaded};
use super::Variant;
use std::sync::{Arc, LazyLock};

/// The built-in games as one `variants.ini` file (what `protean variants --ini` prints).
pub const BUILTINS_INI: &str = include_str!("builtins.ini");

/// The name of the embedded file in the loader's messages.
pub const BUILTINS_FILE: &str = "src/variant/builtins.ini";

/// Reads the embedded file. Its sections have no parents outside the file, and their
/// start positions are checked by the tests (a layer above this one sets positions up),
/// not at every start.
pub fn load_embedded() -> Result<Loaded, LoadError> {
    ini::load_text(BUILTINS_INI, BUILTINS_FILE, &|_| None, &|_| Ok(()))
}

static BUILTINS: LazyLock<Vec<Arc<Variant>>> = LazyLock::new(|| match load_embedded() {
    Ok(loaded) => loaded.variants.into_iter().map(Arc::new).collect(),
    Err(e) => panic!("bug: the built-in variants do not load: {e}"),
});

/// Every built-in variant, in the order of the file (the order `protean variants` lists
/// them).
pub fn builtin_variants() -> &'static [Arc<Variant>] {
    &BUILTINS
}

/// A built-in variant by name or alias, ignoring case.
pub fn find_variant(name: &str) -> Option<Arc<Variant>> {
    builtin_variants()
        .iter()
        .find(|v| v.answers_to(name))
        .cloned()
}

/// The orthodox army (chess's pieces), for tests that build variants around it.
#[cfg(test)]
pub(crate) fn orthodox_pieces() -> Vec<super::PieceKind> {
    find_variant("chess")
        .expect("chess is built in")
        .pieces
        .clone()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_file_loads_without_a_warning() {
        let loaded = load_embedded().unwrap_or_else(|e| panic!("{e}"));
        let warnings: Vec<String> = loaded.warnings.iter().map(|w| w.to_string()).collect();
        assert!(warnings.is_empty(), "{}", warnings.join("\n"));
        assert_eq!(loaded.variants.len(), builtin_variants().len());
    }

    #[test]
    fn names_and_aliases_find_the_built_ins() {
        assert_eq!(builtin_variants()[0].name, "chess");
        assert_eq!(find_variant("Chess960").unwrap().name, "fischerandom");
        assert_eq!(find_variant("zh").unwrap().name, "crazyhouse");
        assert!(find_variant("nosuch").is_none());
    }
}
