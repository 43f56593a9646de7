//! The engine's options in one table: name, type, default and range, read by UCI to
//! announce them (`option name ... type ...`) and by XBoard for the ones it offers as
//! `feature option="..."`. [`parse`] validates a value given as text into a typed
//! [`Setting`]; the session applies it. Names match without regard to case, as UCI
//! asks.

use super::error::SessionError;
use crate::variant::all_variants;

pub const DEFAULT_HASH_MB: u64 = 16;
pub const MAX_HASH_MB: u64 = 65536;
pub const MAX_THREADS: u64 = 256;
pub const MAX_MULTIPV: u64 = 256;
pub const DEFAULT_MOVE_OVERHEAD_MS: u64 = 10;
pub const MAX_MOVE_OVERHEAD_MS: u64 = 5000;
/// `EvalFile`'s default: the parameter files compiled in from `nets/`.
pub const EMBEDDED: &str = "<embedded>";
/// `VariantPath`'s default: no file.
pub const NO_FILE: &str = "<empty>";
/// `FogInput`'s choices (rule book §3.1, §3.2): the GUI sends real moves and the engine
/// referees them, or (not offered yet) the GUI sends observations.
pub const FOG_REFEREE: &str = "referee";
pub const FOG_OBSERVATION: &str = "observation";
/// The hidden-information player's defaults (rule book §3.4).
pub const DEFAULT_BELIEF_CAP: u64 = 20_000;
pub const DEFAULT_WORLD_SAMPLES: u64 = 64;
pub const DEFAULT_RISK_AVERSION: u64 = 30;

/// Which option (the session matches on it, so a new option is a new arm).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionId {
    Variant,
    Chess960,
    VariantPath,
    Hash,
    Threads,
    MultiPv,
    Ponder,
    MoveOverhead,
    ClearHash,
    EvalFile,
    FogInput,
    BeliefCap,
    WorldSamples,
    RiskAversion,
    MixSupport,
    Seed,
    DebugPeek,
}

/// An option's type as UCI names them, with its default.
#[derive(Clone, Copy, Debug)]
pub enum Kind {
    Check {
        default: bool,
    },
    Spin {
        default: u64,
        min: u64,
        max: u64,
    },
    /// One of a list known at run time (the variants, built in and loaded).
    Combo {
        default: &'static str,
        choices: fn() -> Vec<String>,
    },
    String {
        default: &'static str,
    },
    Button,
}

#[derive(Clone, Copy, Debug)]
pub struct OptionSpec {
    pub id: OptionId,
    pub name: &'static str,
    pub kind: Kind,
}

fn variant_names() -> Vec<String> {
    all_variants().iter().map(|v| v.name.clone()).collect()
}

fn fog_inputs() -> Vec<String> {
    vec![FOG_REFEREE.to_string(), FOG_OBSERVATION.to_string()]
}

/// Every option, in the order UCI announces them.
pub const OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        id: OptionId::Variant,
        name: "UCI_Variant",
        kind: Kind::Combo {
            default: "chess",
            choices: variant_names,
        },
    },
    OptionSpec {
        id: OptionId::Chess960,
        name: "UCI_Chess960",
        kind: Kind::Check { default: false },
    },
    OptionSpec {
        id: OptionId::VariantPath,
        name: "VariantPath",
        kind: Kind::String { default: NO_FILE },
    },
    OptionSpec {
        id: OptionId::Hash,
        name: "Hash",
        kind: Kind::Spin {
            default: DEFAULT_HASH_MB,
            min: 1,
            max: MAX_HASH_MB,
        },
    },
    OptionSpec {
        id: OptionId::Threads,
        name: "Threads",
        kind: Kind::Spin {
            default: 1,
            min: 1,
            max: MAX_THREADS,
        },
    },
    OptionSpec {
        id: OptionId::MultiPv,
        name: "MultiPV",
        kind: Kind::Spin {
            default: 1,
            min: 1,
            max: MAX_MULTIPV,
        },
    },
    OptionSpec {
        id: OptionId::Ponder,
        name: "Ponder",
        kind: Kind::Check { default: false },
    },
    OptionSpec {
        id: OptionId::MoveOverhead,
        name: "Move Overhead",
        kind: Kind::Spin {
            default: DEFAULT_MOVE_OVERHEAD_MS,
            min: 0,
            max: MAX_MOVE_OVERHEAD_MS,
        },
    },
    OptionSpec {
        id: OptionId::ClearHash,
        name: "Clear Hash",
        kind: Kind::Button,
    },
    OptionSpec {
        id: OptionId::EvalFile,
        name: "EvalFile",
        kind: Kind::String { default: EMBEDDED },
    },
    // The hidden-information player's options (rule book §3.4): they change the play
    // of games with a fog rule only.
    OptionSpec {
        id: OptionId::FogInput,
        name: "FogInput",
        kind: Kind::Combo {
            default: FOG_REFEREE,
            choices: fog_inputs,
        },
    },
    OptionSpec {
        id: OptionId::BeliefCap,
        name: "BeliefCap",
        kind: Kind::Spin {
            default: DEFAULT_BELIEF_CAP,
            min: 1,
            max: 1_000_000,
        },
    },
    OptionSpec {
        id: OptionId::WorldSamples,
        name: "WorldSamples",
        kind: Kind::Spin {
            default: DEFAULT_WORLD_SAMPLES,
            min: 1,
            max: 4096,
        },
    },
    OptionSpec {
        id: OptionId::RiskAversion,
        name: "RiskAversion",
        kind: Kind::Spin {
            default: DEFAULT_RISK_AVERSION,
            min: 0,
            max: 100,
        },
    },
    OptionSpec {
        id: OptionId::MixSupport,
        name: "MixSupport",
        kind: Kind::Spin {
            default: 1,
            min: 1,
            max: 3,
        },
    },
    OptionSpec {
        id: OptionId::Seed,
        name: "Seed",
        kind: Kind::Spin {
            default: 0,
            min: 0,
            max: u32::MAX as u64,
        },
    },
    OptionSpec {
        id: OptionId::DebugPeek,
        name: "Debug_Peek",
        kind: Kind::Check { default: false },
    },
];

/// The option called `name` (any case).
pub fn find(name: &str) -> Option<&'static OptionSpec> {
    OPTIONS.iter().find(|o| o.name.eq_ignore_ascii_case(name))
}

/// A validated value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    Bool(bool),
    Number(u64),
    /// Text as given, trimmed (a combo's choice, a path).
    Text(String),
    /// A button was pressed.
    Press,
}

/// An option and a value that fits it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setting {
    pub id: OptionId,
    pub value: Value,
}

/// Validates `value` for the option called `name`. Combo choices are checked by the
/// session (a variant name resolves through the registry, aliases included).
pub fn parse(name: &str, value: &str) -> Result<Setting, SessionError> {
    let spec = find(name).ok_or_else(|| SessionError::UnknownOption(name.to_string()))?;
    let value = value.trim();
    let value = match spec.kind {
        Kind::Check { .. } => match value {
            "true" => Value::Bool(true),
            "false" => Value::Bool(false),
            _ => {
                return Err(SessionError::NotABool {
                    option: spec.name,
                    value: value.to_string(),
                })
            }
        },
        Kind::Spin { min, max, .. } => value
            .parse::<u64>()
            .ok()
            .filter(|v| (min..=max).contains(v))
            .map(Value::Number)
            .ok_or_else(|| SessionError::OutOfRange {
                option: name.to_string(),
                min,
                max,
                value: value.to_string(),
            })?,
        Kind::Combo { .. } | Kind::String { .. } => Value::Text(value.to_string()),
        Kind::Button => Value::Press,
    };
    Ok(Setting { id: spec.id, value })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_checked_against_the_table() {
        assert_eq!(
            parse("hash", "32"),
            Ok(Setting {
                id: OptionId::Hash,
                value: Value::Number(32)
            })
        );
        assert_eq!(
            parse("Threads", "0").unwrap_err().to_string(),
            "option Threads takes a number in 1..256, not '0'"
        );
        assert!(parse("Move Overhead", "-5").is_err());
        // Named as the user spelt it.
        assert_eq!(
            parse("threads", "x").unwrap_err().to_string(),
            "option threads takes a number in 1..256, not 'x'"
        );
        assert_eq!(
            parse("Ponder", "maybe").unwrap_err().to_string(),
            "Ponder takes true or false, not 'maybe'"
        );
        assert_eq!(parse("clear hash", "").unwrap().value, Value::Press);
        assert_eq!(
            parse("Nonsense", "1"),
            Err(SessionError::UnknownOption("Nonsense".into()))
        );
    }

    #[test]
    fn defaults_match_the_search_defaults() {
        let d = crate::search::Settings::default();
        let p = crate::hidden::planner::PlanOptions::default();
        for o in OPTIONS {
            match (o.id, o.kind) {
                (OptionId::Threads, Kind::Spin { default, .. }) => {
                    assert_eq!(default as usize, d.threads)
                }
                (OptionId::MultiPv, Kind::Spin { default, .. }) => {
                    assert_eq!(default as usize, d.multipv)
                }
                (OptionId::MoveOverhead, Kind::Spin { default, .. }) => {
                    assert_eq!(default, d.move_overhead_ms)
                }
                (OptionId::WorldSamples, Kind::Spin { default, .. }) => {
                    assert_eq!(default as usize, p.world_samples)
                }
                (OptionId::RiskAversion, Kind::Spin { default, .. }) => {
                    assert_eq!(default as u32, p.risk_aversion)
                }
                _ => {}
            }
        }
    }
}
