//! How long to think. Two budgets: `optimum`, after which no new iteration starts, and
//! `maximum`, the hard stop checked inside the search. Both leave `Move Overhead` for the
//! GUI and the pipe, and `maximum` never exceeds a fraction of the clock, so the engine
//! does not lose on time even at 1 s + 0.01 s per move.

use super::{Clock, Limits};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeBudget {
    pub optimum_ms: u64,
    pub maximum_ms: u64,
}

/// Moves we assume are left when the GUI does not say (sudden death or increment).
const DEFAULT_MOVES_TO_GO: u64 = 30;

/// The budget for `limits`, or `None` when time does not limit the search.
pub fn budget(limits: &Limits, overhead_ms: u64) -> Option<TimeBudget> {
    if let Some(mt) = limits.movetime_ms {
        let t = mt.saturating_sub(overhead_ms).max(1);
        return Some(TimeBudget {
            optimum_ms: t,
            maximum_ms: t,
        });
    }
    limits.clock.map(|c| clock_budget(c, overhead_ms))
}

fn clock_budget(c: Clock, overhead_ms: u64) -> TimeBudget {
    let mtg = c
        .moves_to_go
        .map_or(DEFAULT_MOVES_TO_GO, |m| (m as u64).clamp(1, 50));
    // What we may spend in all: the clock less the overhead of every move still to come
    // before the next time control (at most a few), so the last move is never starved.
    let reserve = overhead_ms * mtg.min(5);
    let safe = c.time_ms.saturating_sub(reserve).max(1);
    // Each increment arrives after the move's own overhead has been paid: only what is
    // left of it may be spent, or a low clock drains by the difference on every move.
    let optimum = safe / mtg + c.inc_ms.saturating_sub(overhead_ms) * 3 / 4;
    // Never more than a share of the clock in one move: everything on the last move
    // before a control, otherwise at most a fifth of it.
    let cap = if mtg == 1 { safe * 9 / 10 } else { safe / 5 }.max(1);
    let maximum = (optimum * 4).min(cap).max(1);
    TimeBudget {
        optimum_ms: optimum.min(maximum),
        maximum_ms: maximum,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock(time_ms: u64, inc_ms: u64, moves_to_go: Option<u32>) -> Limits {
        Limits {
            clock: Some(Clock {
                time_ms,
                inc_ms,
                moves_to_go,
            }),
            ..Limits::default()
        }
    }

    #[test]
    fn budgets_stay_inside_the_clock() {
        for (t, inc, mtg) in [
            (1000, 10, None),
            (50, 10, None),
            (1, 0, None),
            (60_000, 0, Some(1)),
            (60_000, 1000, Some(40)),
            (300_000, 3000, None),
        ] {
            let b = budget(&clock(t, inc, mtg), 10).unwrap();
            assert!(b.optimum_ms <= b.maximum_ms, "{t} {inc} {mtg:?} {b:?}");
            assert!(b.maximum_ms >= 1);
            assert!(b.maximum_ms < t.max(2), "{t} {inc} {mtg:?} {b:?}");
        }
        assert_eq!(
            budget(
                &Limits {
                    movetime_ms: Some(500),
                    ..Limits::default()
                },
                10
            ),
            Some(TimeBudget {
                optimum_ms: 490,
                maximum_ms: 490
            })
        );
        assert_eq!(budget(&Limits::depth(5), 10), None);
    }

    /// A game at 1 s + 0.01 s where every move costs its whole `optimum` plus 9 ms of
    /// pipes and GUI, just under `Move Overhead`: the clock settles near 100 ms. Were the
    /// whole increment spendable, it would sink to about 50 ms, half the margin against
    /// a late answer.
    #[test]
    fn low_clocks_keep_a_margin() {
        let (inc, overhead, real) = (10, 10, 9);
        let mut clock: i64 = 1000;
        let mut lowest = clock;
        for _ in 0..500 {
            let b = budget(&clock_limits(clock as u64, inc), overhead).unwrap();
            clock -= (b.optimum_ms + real) as i64;
            lowest = lowest.min(clock);
            clock += inc as i64;
        }
        assert!(lowest >= 90, "{lowest}");
    }

    fn clock_limits(time_ms: u64, inc_ms: u64) -> Limits {
        clock(time_ms, inc_ms, None)
    }
}
