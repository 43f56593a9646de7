//! What a [`Session`](super::Session) call can refuse, as one enum: front ends branch on
//! the kind where their protocol words it differently (XBoard's `memory` error, UCI's
//! "position unchanged"), and otherwise print [`Display`](std::fmt::Display)'s one line.
//! A refused call leaves the session as it was. Input echoed in a message is clipped
//! ([`clip`]) so a hostile line cannot flood the output.

use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SessionError {
    /// No option by this name.
    UnknownOption(String),
    /// A spin option's value is not a number in `min..=max` (`option` as it was
    /// spelt).
    OutOfRange {
        option: String,
        min: u64,
        max: u64,
        value: String,
    },
    /// A check option's value is neither `true` nor `false`.
    NotABool {
        option: &'static str,
        value: String,
    },
    UnknownVariant(String),
    /// A FEN the variant cannot set up (the reason).
    BadPosition(String),
    /// A move that is not legal (or not a move) where it was to be played: the reason,
    /// as the position gives it (it starts with `illegal` for a well-formed move that
    /// is not legal).
    BadMove(String),
    /// Fewer moves played than a take-back asks for.
    NothingToTakeBack,
    /// A `VariantPath` file that did not load (every error, `file:line: message`).
    VariantFile(String),
    /// An `EvalFile` that did not load or fit; `kept` names the table still in use.
    EvalFile {
        message: String,
        kept: String,
    },
    /// The search thread could not be started.
    Spawn(String),
    /// A combo option's value that is not one of its choices, or not offered yet (the
    /// reason).
    BadChoice(String),
}

impl fmt::Display for SessionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SessionError::UnknownOption(name) => write!(f, "unknown option '{}'", clip(name)),
            SessionError::OutOfRange {
                option,
                min,
                max,
                value,
            } => write!(
                f,
                "option {option} takes a number in {min}..{max}, not '{}'",
                clip(value)
            ),
            SessionError::NotABool { option, value } => {
                write!(f, "{option} takes true or false, not '{}'", clip(value))
            }
            SessionError::UnknownVariant(name) => write!(f, "unknown variant '{}'", clip(name)),
            SessionError::BadPosition(reason) | SessionError::BadMove(reason) => {
                write!(f, "{}", clip(reason))
            }
            SessionError::NothingToTakeBack => write!(f, "no move to take back"),
            SessionError::VariantFile(message) => write!(f, "{message}"),
            SessionError::EvalFile { message, kept } => {
                write!(
                    f,
                    "EvalFile: {} (keeping {})",
                    clip_long(message),
                    clip(kept)
                )
            }
            SessionError::Spawn(e) => write!(f, "cannot start the search: {e}"),
            SessionError::BadChoice(reason) => write!(f, "{}", clip(reason)),
        }
    }
}

impl std::error::Error for SessionError {}

/// Echoes at most 80 characters of untrusted input in a message.
pub fn clip(text: &str) -> String {
    clip_to(text, 80)
}

/// An error that quotes a file name and a line: at most 200 characters.
pub fn clip_long(text: &str) -> String {
    clip_to(text, 200)
}

fn clip_to(text: &str, chars: usize) -> String {
    if text.chars().count() <= chars {
        text.to_string()
    } else {
        let head: String = text.chars().take(chars).collect();
        format!("{head}...")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_input_is_clipped() {
        let long = "x".repeat(300);
        assert_eq!(clip(&long).len(), 83);
        assert_eq!(clip_long(&long).len(), 203);
        assert_eq!(clip("short"), "short");
        let e = SessionError::UnknownVariant(long);
        assert!(e.to_string().ends_with("...'"), "{e}");
    }
}
