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
//! Loading goes section by section, as Fairy-Stockfish's does: a section with an error
//! is rejected (with every error found in it, each with its file and line), and so is a
//! section whose parent was rejected; the others load. [`Loaded::require_all`] turns any
//! rejection into an error, for files that must load whole (the built-ins' own).

pub mod build;
pub mod drops;
pub mod fog_keys;
pub mod goal_keys;
pub mod keys;
pub mod lexer;
pub mod palace_keys;
pub mod pieces;
pub mod protean_keys;
pub mod values;
pub mod wall_keys;
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

/// What reading a file gave: the variants that loaded, the sections that did not, the
/// malformed lines outside any section, and the warnings.
#[derive(Debug)]
pub struct Loaded {
    pub variants: Vec<Variant>,
    pub rejected: Vec<Rejected>,
    pub stray: Vec<Diagnostic>,
    pub warnings: Vec<Diagnostic>,
}

/// A section that did not load: its name, the line of its header and why (every error
/// found in it, in line order).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rejected {
    pub name: String,
    pub file: String,
    pub line: usize,
    pub errors: Vec<Diagnostic>,
}

impl fmt::Display for Rejected {
    /// One line: `file:line: [name] not loaded: why; why (line n)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let reasons: Vec<String> = self
            .errors
            .iter()
            .map(|e| match e.line == self.line {
                true => e.message.clone(),
                false => format!("{} (line {})", e.message, e.line),
            })
            .collect();
        write!(
            f,
            "{}:{}: [{}] not loaded: {}",
            self.file,
            self.line,
            self.name,
            reasons.join("; ")
        )
    }
}

impl Loaded {
    /// The file whole, or every error in it: for files that are part of the program.
    pub fn require_all(self) -> Result<Loaded, LoadError> {
        if self.rejected.is_empty() && self.stray.is_empty() {
            return Ok(self);
        }
        let mut errors = self.stray;
        errors.extend(self.rejected.into_iter().flat_map(|r| r.errors));
        errors.sort_by_key(|e| e.line);
        Err(LoadError {
            errors,
            warnings: self.warnings,
        })
    }
}

/// Why a file that had to load whole did not: every error found, in file order.
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
/// position. Every section that can load does.
pub fn load_text(
    text: &str,
    file: &str,
    parent_of: &dyn Fn(&str) -> Option<Arc<Variant>>,
    validate: &dyn Fn(&Variant) -> Result<(), String>,
) -> Loaded {
    let mut warnings = Vec::new();
    let lexer::Lexed { sections, stray } = lexer::read_sections(text, file, &mut warnings);
    let mut rejected: Vec<Rejected> = Vec::new();
    let mut reject = |section: &lexer::Section, mut errors: Vec<Diagnostic>| {
        errors.sort_by_key(|e| e.line);
        rejected.push(Rejected {
            name: section.name.clone(),
            file: file.to_string(),
            line: section.line,
            errors,
        });
    };
    let mut variants: Vec<Variant> = Vec::new();
    // Sections that failed, so their children say so instead of "unknown parent".
    let mut failed: Vec<&str> = Vec::new();
    for (i, section) in sections.iter().enumerate() {
        if !section.errors.is_empty() {
            reject(section, section.errors.clone());
            failed.push(&section.name);
            continue;
        }
        if let Some(earlier) = sections[..i].iter().find(|s| s.name == section.name) {
            let error = Diagnostic::new(
                file,
                section.line,
                format!(
                    "variant {} is defined twice (first on line {})",
                    section.name, earlier.line
                ),
            );
            reject(section, vec![error]);
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
                        reject(section, vec![Diagnostic::new(file, section.line, why)]);
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
            Err(e) => {
                reject(section, e);
                failed.push(&section.name);
            }
        }
    }
    Loaded {
        variants,
        rejected,
        stray,
        warnings,
    }
}
