//! User-defined variants from a file in Fairy-Stockfish's `variants.ini` format.
//!
//! A file is a list of sections, `[name]` or `[name:parent]`, each followed by
//! `key = value` lines; `#` and `;` start comment lines. A parent is an earlier section of
//! the same file, a variant loaded before, or a built-in. Without a parent a section
//! starts from Fairy-Stockfish's template: chess rules with no pieces. A section with the
//! name of a variant known before (which replaces it) keeps that variant's aliases unless
//! it gives `proteanAliases`.
//!
//! The layers: [`lexer`] (text to sections with line numbers), [`keys`] (what each key
//! is: an implemented rule, display only, or a rule Protean lacks), [`pieces`]
//! (Fairy-Stockfish's piece types), [`values`] (value syntax) and [`build`] (a section on
//! its parent to a [`Variant`]). `docs/variant-config.md` lists the keys.
//!
//! Loading is all or nothing: any error in a file rejects the whole file, and every error
//! is reported with its file name and line.

pub mod build;
pub mod drops;
pub mod goal_keys;
pub mod keys;
pub mod lexer;
pub mod pieces;
pub mod protean_keys;
pub mod values;
pub mod write;

use crate::variant::Variant;
use std::fmt;
use std::sync::Arc;

/// A message about one line of a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub file: String,
    pub line: usize,
    pub message: String,
}

impl Diagnostic {
    pub fn new(file: &str, line: usize, message: String) -> Diagnostic {
        Diagnostic {
            file: file.to_string(),
            line,
            message,
        }
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.file, self.line, self.message)
    }
}

/// The variants of a file that loaded, with the warnings about it.
#[derive(Debug)]
pub struct Loaded {
    pub variants: Vec<Variant>,
    pub warnings: Vec<Diagnostic>,
}

/// Why a file was rejected: every error found, in file order.
#[derive(Debug)]
pub struct LoadError {
    pub errors: Vec<Diagnostic>,
    pub warnings: Vec<Diagnostic>,
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let lines: Vec<String> = self.errors.iter().map(|e| e.to_string()).collect();
        write!(f, "{}", lines.join("; "))
    }
}

impl std::error::Error for LoadError {}

/// Reads the variants of `text` (named `file` in messages). `parent_of` finds a parent
/// that is not a section of this file (loaded before, or built in), and the variant a
/// section of the same name replaces; `validate` checks a finished variant's start
/// position.
pub fn load_text(
    text: &str,
    file: &str,
    parent_of: &dyn Fn(&str) -> Option<Arc<Variant>>,
    validate: &dyn Fn(&Variant) -> Result<(), String>,
) -> Result<Loaded, LoadError> {
    let mut warnings = Vec::new();
    let sections = match lexer::read_sections(text, file, &mut warnings) {
        Ok(s) => s,
        Err(errors) => return Err(LoadError { errors, warnings }),
    };
    let mut errors = Vec::new();
    let mut variants: Vec<Variant> = Vec::new();
    // Sections that failed, so their children say so instead of "unknown parent".
    let mut failed: Vec<&str> = Vec::new();
    for (i, section) in sections.iter().enumerate() {
        if let Some(earlier) = sections[..i].iter().find(|s| s.name == section.name) {
            errors.push(Diagnostic::new(
                file,
                section.line,
                format!(
                    "variant {} is defined twice (first on line {})",
                    section.name, earlier.line
                ),
            ));
            failed.push(&section.name);
            continue;
        }
        let parent: Option<Arc<Variant>> = match &section.parent {
            None => None,
            Some(p) => {
                // Names before aliases, this file's sections before what is known: a
                // section redefining `fischerandom` is the parent `chess960` names.
                let outside = parent_of(p);
                let outside_by_name = outside
                    .as_ref()
                    .is_some_and(|o| o.name.eq_ignore_ascii_case(p));
                let here = variants.iter().find(|v| v.name == *p).or_else(|| {
                    (!outside_by_name)
                        .then(|| variants.iter().rev().find(|v| v.answers_to(p)))
                        .flatten()
                });
                match here.cloned().map(Arc::new).or(outside) {
                    Some(v) => Some(v),
                    None => {
                        let why = if failed.contains(&p.as_str()) {
                            format!("parent variant {p} of [{}] did not load", section.name)
                        } else if sections[i + 1..].iter().any(|s| s.name == *p) {
                            format!(
                                "parent variant {p} of [{}] must come before it",
                                section.name
                            )
                        } else {
                            format!("unknown parent variant {p} of [{}]", section.name)
                        };
                        errors.push(Diagnostic::new(file, section.line, why));
                        failed.push(&section.name);
                        continue;
                    }
                }
            }
        };
        match build::build_variant(section, parent.as_deref(), file, validate, &mut warnings) {
            Ok(mut v) => {
                // A section that redefines a variant known before keeps that variant's
                // aliases, unless it gives its own: `chess960` follows a new
                // `[fischerandom]`.
                if section.get("proteanAliases").is_none() {
                    if let Some(old) =
                        parent_of(&section.name).filter(|o| o.name.eq_ignore_ascii_case(&v.name))
                    {
                        v.aliases = old.aliases.clone();
                    }
                }
                variants.push(v)
            }
            Err(mut e) => {
                errors.append(&mut e);
                failed.push(&section.name);
            }
        }
    }
    if errors.is_empty() {
        Ok(Loaded { variants, warnings })
    } else {
        errors.sort_by_key(|e| e.line);
        Err(LoadError { errors, warnings })
    }
}
