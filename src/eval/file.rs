//! The text format of evaluation parameter files (`nets/*.txt`, UCI `EvalFile`).
//!
//! ```text
//! # comments run from '#' to the end of the line
//! protean-eval 1                     first line: the format and its version
//! variant chess fischerandom         the variants (names or aliases) the file is for
//! tempo 10 10                        section, then middlegame/endgame pairs
//! material N 320 300                 per-kind sections name the kind by FEN letter
//! rank P 0 0  5 10  ...              one pair per relative rank (first rank first)
//! ```
//!
//! Sections and their lengths follow the variant's data (see [`super::layout`]); a
//! section or kind the variant does not have, a wrong count of numbers, a number that is
//! not an integer in ±[`MAX_VALUE`] or a repeated line is an error naming the line.
//! Parameters a file leaves out keep their generic value (derived from the variant's
//! data), so a file may hold only what was tuned, and old files load after new terms are
//! added. docs/eval.md documents every section.

use super::layout::{Layout, Pair, Section};
use crate::variant::Variant;
use std::fmt::Write as _;
use std::path::Path;

/// The first line of every parameter file.
pub const MAGIC: &str = "protean-eval";
pub const VERSION: u32 = 1;
/// Largest magnitude of a parameter, in centipawns.
pub const MAX_VALUE: i32 = 10_000;
/// Files larger than this are refused before reading.
pub const MAX_FILE_BYTES: u64 = 1 << 20;

/// One parameter line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParamLine {
    /// 1-based line number in the file.
    pub line: usize,
    pub section: Section,
    pub letter: Option<char>,
    pub values: Vec<i32>,
}

/// A parameter file, checked for syntax; [`ParamFile::apply`] checks it against a
/// variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParamFile {
    /// Where it came from, for messages (a path, or `nets/chess.txt`).
    pub source: String,
    pub variants: Vec<String>,
    pub lines: Vec<ParamLine>,
}

impl ParamFile {
    pub fn parse(text: &str, source: &str) -> Result<ParamFile, String> {
        let mut version_seen = false;
        let mut variants: Option<Vec<String>> = None;
        let mut lines: Vec<ParamLine> = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let n = i + 1;
            let content = raw.split('#').next().unwrap_or("");
            let mut words = content.split_whitespace();
            let Some(key) = words.next() else { continue };
            let err = |msg: String| Err(format!("{source} line {n}: {msg}"));
            if !version_seen {
                if key != MAGIC {
                    return err(format!(
                        "expected '{MAGIC} {VERSION}' first, found '{}'",
                        clip(key)
                    ));
                }
                match words.next().map(str::parse::<u32>) {
                    Some(Ok(VERSION)) if words.next().is_none() => {}
                    _ => return err(format!("only '{MAGIC} {VERSION}' is understood")),
                }
                version_seen = true;
                continue;
            }
            if key == "variant" {
                if variants.is_some() {
                    return err("a second 'variant' line".into());
                }
                let names: Vec<String> = words.map(str::to_string).collect();
                if names.is_empty() {
                    return err("'variant' needs at least one variant name".into());
                }
                variants = Some(names);
                continue;
            }
            let Some(section) = Section::from_name(key) else {
                return err(format!("unknown section '{}'", clip(key)));
            };
            let letter = if section.per_kind() {
                let Some(word) = words.next() else {
                    return err(format!("'{key}' needs a piece letter"));
                };
                let mut chars = word.chars();
                match (chars.next(), chars.next()) {
                    (Some(c), None) if c.is_ascii_alphabetic() => Some(c.to_ascii_uppercase()),
                    _ => return err(format!("'{}' is not a piece letter", clip(word))),
                }
            } else {
                None
            };
            let mut values = Vec::new();
            for w in words {
                match w.parse::<i32>() {
                    Ok(v) if v.abs() <= MAX_VALUE => values.push(v),
                    _ => {
                        return err(format!(
                            "'{}' is not an integer in -{MAX_VALUE}..{MAX_VALUE}",
                            clip(w)
                        ))
                    }
                }
            }
            if values.is_empty() || values.len() % 2 != 0 {
                return err(format!(
                    "'{}' needs middlegame/endgame pairs, got {} numbers",
                    label(section, letter),
                    values.len()
                ));
            }
            if let Some(first) = lines
                .iter()
                .find(|l| l.section == section && l.letter == letter)
            {
                return err(format!(
                    "'{}' repeats line {}",
                    label(section, letter),
                    first.line
                ));
            }
            lines.push(ParamLine {
                line: n,
                section,
                letter,
                values,
            });
        }
        if !version_seen {
            return Err(format!("{source}: empty (no '{MAGIC} {VERSION}' line)"));
        }
        let Some(variants) = variants else {
            return Err(format!("{source}: no 'variant' line"));
        };
        Ok(ParamFile {
            source: source.to_string(),
            variants,
            lines,
        })
    }

    /// Reads and parses a file; refuses large and non-UTF-8 files.
    pub fn read(path: &Path) -> Result<ParamFile, String> {
        let shown = path.display().to_string();
        let meta = std::fs::metadata(path).map_err(|e| format!("{}: {e}", clip(&shown)))?;
        if !meta.is_file() {
            return Err(format!("{}: not a file", clip(&shown)));
        }
        if meta.len() > MAX_FILE_BYTES {
            return Err(format!(
                "{}: {} bytes, more than a parameter file's limit of {MAX_FILE_BYTES}",
                clip(&shown),
                meta.len()
            ));
        }
        let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", clip(&shown)))?;
        let text =
            String::from_utf8(bytes).map_err(|_| format!("{}: not UTF-8 text", clip(&shown)))?;
        ParamFile::parse(&text, &shown)
    }

    /// Whether the file names this variant (by name or alias).
    pub fn applies_to(&self, variant: &Variant) -> bool {
        self.variants.iter().any(|n| variant.answers_to(n))
    }

    /// Writes the file's values over `params` (laid out by `layout`); on error `params`
    /// is unchanged.
    pub fn apply(&self, layout: &Layout, params: &mut [Pair]) -> Result<(), String> {
        let mut out = params.to_vec();
        for l in &self.lines {
            let err = |msg: String| Err(format!("{} line {}: {msg}", self.source, l.line));
            let kind = match l.letter {
                None => None,
                Some(c) => match layout.letters.iter().position(|&x| x == c) {
                    Some(k) => Some(k),
                    None => return err(format!("the variant has no piece '{c}'")),
                },
            };
            let Some(entry) = layout.find(l.section, kind) else {
                return err(format!(
                    "'{}' is not a parameter of this variant",
                    label(l.section, l.letter)
                ));
            };
            if l.values.len() != 2 * entry.len {
                return err(format!(
                    "'{}' needs {} pairs ({} numbers) on this {}x{} board, got {} numbers",
                    label(l.section, l.letter),
                    entry.len,
                    2 * entry.len,
                    layout.files,
                    layout.ranks,
                    l.values.len()
                ));
            }
            for (i, pair) in l.values.chunks(2).enumerate() {
                out[entry.offset + i] = Pair::new(pair[0], pair[1]);
            }
        }
        params.copy_from_slice(&out);
        Ok(())
    }
}

fn label(section: Section, letter: Option<char>) -> String {
    match letter {
        Some(c) => format!("{} {c}", section.name()),
        None => section.name().to_string(),
    }
}

/// Writes a complete parameter file: `comments` (without '#') first, then the header
/// and every parameter of the layout, each section under a line that describes it.
pub fn write(layout: &Layout, params: &[Pair], variants: &[String], comments: &[String]) -> String {
    let mut s = String::new();
    for c in comments {
        let _ = writeln!(s, "# {c}");
    }
    let _ = writeln!(s, "{MAGIC} {VERSION}");
    let _ = writeln!(s, "variant {}", variants.join(" "));
    let mut last = None;
    for e in &layout.entries {
        if last != Some(e.section) {
            let _ = writeln!(s, "\n# {}: {}", e.section.name(), e.section.describe());
            last = Some(e.section);
        }
        let mut line = e.section.name().to_string();
        if let Some(k) = e.kind {
            line.push(' ');
            line.push(layout.letters[k]);
        }
        let mut line = format!("{line:<16}");
        let cells: Vec<String> = params[e.offset..e.offset + e.len]
            .iter()
            .map(|p| format!("{:>5} {:>5}", p.mg, p.eg))
            .collect();
        line += &cells.join("  ");
        let _ = writeln!(s, "{}", line.trim_end());
    }
    s
}

/// Echoes at most 40 characters of untrusted text.
fn clip(text: &str) -> String {
    if text.chars().count() <= 40 {
        text.to_string()
    } else {
        format!("{}...", text.chars().take(40).collect::<String>())
    }
}
