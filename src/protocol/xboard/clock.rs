//! XBoard time controls and how they become search limits.
//!
//! - `level MPS BASE INC`: conventional (`MPS` moves per `BASE`) when `MPS > 0`,
//!   incremental otherwise; `BASE` is minutes or `minutes:seconds`, `INC` seconds
//!   (fractions allowed).
//! - `st SECONDS`: at most this long per move (fractions allowed); unused time is lost.
//! - `time N` / `otim N`: the engine's and the opponent's clocks in centiseconds; they
//!   may be negative.
//! - `sd DEPTH` limits the depth on top of any of these; `nps RATE` makes time virtual:
//!   the budget is converted to a node count at `RATE` nodes per second.

use crate::search::{time, Clock, Limits};

#[derive(Clone, Debug, PartialEq)]
pub enum Control {
    /// `level`: moves per session (0 = whole game), base, increment.
    Level { mps: u32, base_ms: u64, inc_ms: u64 },
    /// `st`: a fixed time per move.
    PerMove { ms: u64 },
}

#[derive(Clone, Debug)]
pub struct TimeControl {
    pub control: Control,
    /// The engine's clock (last `time`), in ms; `None` until a `time` after `level`.
    pub engine_ms: Option<u64>,
    pub opponent_ms: Option<u64>,
    pub depth: Option<u32>,
    /// Nodes per second of virtual time (`nps`); 0 or `None`: wall-clock time.
    pub nps: Option<u64>,
}

impl Default for TimeControl {
    /// XBoard's own default: 40 moves in 5 minutes.
    fn default() -> Self {
        TimeControl {
            control: Control::Level {
                mps: 40,
                base_ms: 300_000,
                inc_ms: 0,
            },
            engine_ms: None,
            opponent_ms: None,
            depth: None,
            nps: None,
        }
    }
}

/// Seconds with an optional fraction, to milliseconds; negative values are errors.
fn seconds_ms(text: &str) -> Option<u64> {
    let s: f64 = text.parse().ok()?;
    (s.is_finite() && (0.0..1e9).contains(&s)).then(|| (s * 1000.0).round() as u64)
}

/// `BASE` of `level`: minutes, or minutes:seconds; trailing junk after the number is
/// ignored as the protocol asks (`25+5`).
fn base_ms(text: &str) -> Option<u64> {
    let (min, sec) = match text.split_once(':') {
        Some((m, s)) => (m, leading_number(s)?),
        None => (leading_number(text)?, "0"),
    };
    let minutes = seconds_ms(min)? * 60;
    minutes.checked_add(seconds_ms(sec)?)
}

/// The longest leading part of `text` that reads as a decimal number.
fn leading_number(text: &str) -> Option<&str> {
    let end = text
        .char_indices()
        .find(|&(_, c)| !(c.is_ascii_digit() || c == '.'))
        .map_or(text.len(), |(i, _)| i);
    (end > 0).then(|| &text[..end])
}

impl TimeControl {
    /// `level MPS BASE INC`.
    pub fn level(&mut self, args: &[&str]) -> Result<(), String> {
        let [mps, base, inc] = args else {
            return Err("level needs MPS BASE INC".into());
        };
        let mps: u32 = mps
            .parse()
            .map_err(|_| format!("moves per session '{mps}' is not a number"))?;
        let base_ms = base_ms(base).ok_or_else(|| format!("base time '{base}' is not a time"))?;
        let inc_ms = seconds_ms(inc).ok_or_else(|| format!("increment '{inc}' is not a time"))?;
        self.control = Control::Level {
            mps: mps.min(10_000),
            base_ms,
            inc_ms,
        };
        self.engine_ms = None;
        self.opponent_ms = None;
        Ok(())
    }

    /// `st SECONDS`.
    pub fn per_move(&mut self, arg: &str) -> Result<(), String> {
        match seconds_ms(arg) {
            Some(ms) if ms > 0 => {
                self.control = Control::PerMove { ms };
                Ok(())
            }
            _ => Err(format!("'{arg}' is not a positive number of seconds")),
        }
    }

    /// A clock reading of `time` / `otim`: centiseconds, possibly negative.
    pub fn centiseconds(arg: &str) -> Result<u64, String> {
        arg.parse::<i64>()
            .map(|cs| cs.clamp(0, i64::MAX / 10) as u64 * 10)
            .map_err(|_| format!("'{arg}' is not a number of centiseconds"))
    }

    /// The engine's clock after it made its `moves_made + 1`-th move in `elapsed_ms`:
    /// what a ponder search assumes before the GUI's next `time`.
    pub fn after_engine_move(&mut self, moves_made: usize, elapsed_ms: u64) {
        if let Control::Level {
            mps,
            base_ms,
            inc_ms,
        } = self.control
        {
            let left = self.engine_ms.unwrap_or(base_ms).saturating_sub(elapsed_ms) + inc_ms;
            let new_session = mps > 0 && (moves_made + 1).is_multiple_of(mps as usize);
            self.engine_ms = Some(left + if new_session { base_ms } else { 0 });
        }
    }

    /// The limits of the engine's next search; `moves_made` is how many moves the side
    /// to move has made since the start of the game (for conventional controls).
    pub fn limits(&self, moves_made: usize) -> Limits {
        let mut limits = Limits {
            depth: self.depth,
            ..Limits::default()
        };
        match self.control {
            Control::PerMove { ms } => limits.movetime_ms = Some(ms),
            Control::Level {
                mps,
                base_ms,
                inc_ms,
            } => {
                let moves_to_go = (mps > 0).then(|| mps - (moves_made % mps as usize) as u32);
                limits.clock = Some(Clock {
                    time_ms: self.engine_ms.unwrap_or(base_ms),
                    inc_ms,
                    moves_to_go,
                });
            }
        }
        if let Some(nps) = self.nps.filter(|&n| n > 0) {
            // Virtual time: no transfer overhead, the whole budget is nodes.
            let ms = match self.control {
                Control::PerMove { ms } => ms,
                Control::Level { .. } => {
                    time::budget(&limits, 0).map_or(1000, |b| b.optimum_ms.max(1))
                }
            };
            limits.movetime_ms = None;
            limits.clock = None;
            limits.nodes =
                Some((ms as u128 * nps as u128 / 1000).clamp(1, u64::MAX as u128) as u64);
        }
        limits
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn level_forms() {
        let mut tc = TimeControl::default();
        tc.level(&["40", "5", "0"]).unwrap();
        assert_eq!(
            tc.control,
            Control::Level {
                mps: 40,
                base_ms: 300_000,
                inc_ms: 0
            }
        );
        tc.level(&["0", "2:30", "0.5"]).unwrap();
        assert_eq!(
            tc.control,
            Control::Level {
                mps: 0,
                base_ms: 150_000,
                inc_ms: 500
            }
        );
        tc.level(&["40", "25+5", "0"]).unwrap();
        assert!(tc.level(&["x", "1", "0"]).is_err());
        assert!(tc.level(&["40", "-1", "0"]).is_err());
        assert!(tc.level(&["40", "1"]).is_err());
        assert!(tc.per_move("0").is_err());
        tc.per_move("0.25").unwrap();
        assert_eq!(tc.control, Control::PerMove { ms: 250 });
        assert_eq!(TimeControl::centiseconds("-50").unwrap(), 0);
        assert_eq!(TimeControl::centiseconds("1234").unwrap(), 12_340);
    }

    #[test]
    fn limits_by_control() {
        let mut tc = TimeControl::default();
        tc.level(&["40", "1", "0"]).unwrap();
        tc.engine_ms = Some(30_000);
        let l = tc.limits(38);
        assert_eq!(
            l.clock,
            Some(Clock {
                time_ms: 30_000,
                inc_ms: 0,
                moves_to_go: Some(2)
            })
        );
        tc.per_move("2").unwrap();
        tc.depth = Some(7);
        let l = tc.limits(0);
        assert_eq!(
            (l.movetime_ms, l.depth, l.clock),
            (Some(2000), Some(7), None)
        );
        // python-chess's node limit: `nps 1` then `st N`.
        tc.nps = Some(1);
        tc.per_move("1000").unwrap();
        let l = tc.limits(0);
        assert_eq!((l.nodes, l.movetime_ms), (Some(1000), None));
    }
}
