//! The text layer of a `variants.ini` file: sections, `key = value` lines and comments,
//! each remembered with its line number. Nothing here knows what a key means.
//!
//! A malformed line belongs to the section it stands in (which then does not load); only
//! lines before the first section belong to none. One bad line never costs the file.

use super::Diagnostic;

/// One `key = value` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub key: String,
    pub value: String,
    pub line: usize,
}

/// `[name]` or `[name:parent]` and the entries under it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Section {
    pub name: String,
    pub parent: Option<String>,
    pub line: usize,
    pub entries: Vec<Entry>,
    /// Malformed lines of this section (a bad header included): it does not load.
    pub errors: Vec<Diagnostic>,
}

/// A file split into sections, and the malformed lines before the first one.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Lexed {
    pub sections: Vec<Section>,
    pub stray: Vec<Diagnostic>,
}

impl Section {
    /// The entry for `key` (exact spelling, as Fairy-Stockfish matches keys); the last one
    /// when a key is repeated.
    pub fn get(&self, key: &str) -> Option<&Entry> {
        self.entries.iter().rev().find(|e| e.key == key)
    }
}

/// Splits `text` into sections. Lines starting with `#` or `;` are comments; blank lines
/// are skipped. Errors, each kept with its section: a line that is neither a section
/// header nor `key = value`, a bad header (its section is kept, under the header's text,
/// so that its lines are not taken for the previous section's), a bad key. An entry
/// before the first section is a stray error. A repeated key is a warning (the last value
/// wins, as in Fairy-Stockfish).
pub fn read_sections(text: &str, file: &str, warnings: &mut Vec<Diagnostic>) -> Lexed {
    let mut sections: Vec<Section> = Vec::new();
    let mut stray = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let at = |message: String| Diagnostic::new(file, line, message);
        let trimmed = raw.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') || trimmed.starts_with(';') {
            continue;
        }
        if let Some(rest) = trimmed.strip_prefix('[') {
            let (name, parent, errors) = match parse_header(rest) {
                Ok((name, parent)) => (name, parent, Vec::new()),
                Err(message) => {
                    let name = clip(rest.split(']').next().unwrap_or(rest).trim());
                    (name, None, vec![at(message)])
                }
            };
            sections.push(Section {
                name,
                parent,
                line,
                entries: Vec::new(),
                errors,
            });
            continue;
        }
        let entry = match trimmed.split_once('=') {
            None => Err(format!(
                "expected '[name]', '[name:parent]' or 'key = value', found '{}'",
                clip(trimmed)
            )),
            Some((key, value)) => {
                let key = key.trim();
                if key.is_empty() || key.contains(char::is_whitespace) {
                    Err(format!("bad key '{}'", clip(key)))
                } else {
                    Ok((key, value.trim()))
                }
            }
        };
        let Some(section) = sections.last_mut() else {
            let message = match entry {
                Ok((key, _)) => format!("'{key}' appears before the first [section]"),
                Err(message) => message,
            };
            stray.push(at(message));
            continue;
        };
        let (key, value) = match entry {
            Ok(key_value) => key_value,
            Err(message) => {
                section.errors.push(at(message));
                continue;
            }
        };
        if let Some(earlier) = section.get(key) {
            warnings.push(at(format!(
                "'{key}' repeats line {} of [{}]; the last value counts",
                earlier.line, section.name
            )));
        }
        section.entries.push(Entry {
            key: key.to_string(),
            value: value.to_string(),
            line,
        });
    }
    Lexed { sections, stray }
}

/// `name]` or `name:parent]` (the text after `[`).
fn parse_header(rest: &str) -> Result<(String, Option<String>), String> {
    let Some(inner) = rest.strip_suffix(']') else {
        return Err(format!("section header '[{}' lacks its ']'", clip(rest)));
    };
    let (name, parent) = match inner.split_once(':') {
        Some((n, p)) => (n.trim(), Some(p.trim())),
        None => (inner.trim(), None),
    };
    let valid = |s: &str| {
        !s.is_empty()
            && s.chars()
                .all(|c| c.is_ascii_alphanumeric() || "-_+.".contains(c))
    };
    if !valid(name) {
        return Err(format!(
            "bad variant name '{}' (letters, digits and - _ + . only)",
            clip(name)
        ));
    }
    if let Some(p) = parent {
        if !valid(p) {
            return Err(format!("bad parent name '{}'", clip(p)));
        }
    }
    Ok((name.to_string(), parent.map(str::to_string)))
}

/// A piece of user text short enough to quote in a message.
pub fn clip(text: &str) -> String {
    if text.chars().count() > 60 {
        format!("{}...", text.chars().take(60).collect::<String>())
    } else {
        text.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sections_entries_and_comments() {
        let text = "# comment\n[a:chess]\nmaxRank = 6\n; other comment\n\n[b]\nking = k\n";
        let mut w = Vec::new();
        let lexed = read_sections(text, "f.ini", &mut w);
        assert!(lexed.stray.is_empty());
        let s = lexed.sections;
        assert_eq!(s.len(), 2);
        assert_eq!(s[0].name, "a");
        assert_eq!(s[0].parent.as_deref(), Some("chess"));
        assert_eq!(s[0].line, 2);
        assert_eq!(s[0].get("maxRank").unwrap().value, "6");
        assert_eq!(s[0].get("maxRank").unwrap().line, 3);
        assert_eq!(s[1].parent, None);
        assert!(w.is_empty());
    }

    #[test]
    fn malformed_lines_name_their_line() {
        let mut w = Vec::new();
        let s = read_sections(
            "[a]\nthis is not a key\n[b\nx = 1\n[c]\ny = 2\n",
            "f.ini",
            &mut w,
        )
        .sections;
        assert_eq!(s.len(), 3);
        // Each error stays with its section; the bad header's lines stay with it.
        assert_eq!(s[0].errors.len(), 1);
        assert_eq!(s[0].errors[0].line, 2);
        assert!(
            s[0].errors[0].message.contains("expected"),
            "{}",
            s[0].errors[0]
        );
        assert_eq!(s[1].name, "b");
        assert_eq!(s[1].errors[0].line, 3);
        assert!(
            s[1].errors[0].message.contains("lacks its ']'"),
            "{}",
            s[1].errors[0]
        );
        assert_eq!(s[1].entries[0].key, "x");
        assert!(s[2].errors.is_empty() && s[0].entries.is_empty());
        let lexed = read_sections("maxRank = 5\n[a]\n", "g.ini", &mut w);
        assert_eq!(
            lexed.stray[0].to_string(),
            "g.ini:1: 'maxRank' appears before the first [section]"
        );
        assert!(lexed.sections[0].errors.is_empty());
    }

    #[test]
    fn repeated_key_warns_and_last_wins() {
        let mut w = Vec::new();
        let s = read_sections("[a]\nmaxRank = 6\nmaxRank = 7\n", "f.ini", &mut w).sections;
        assert_eq!(s[0].get("maxRank").unwrap().value, "7");
        assert_eq!(w.len(), 1);
        assert_eq!(w[0].line, 3);
    }
}
