//! Lazy SMP with many threads: a search under a clock answers soon after its time is up,
//! however many threads it starts. The bound is generous (the test machine may be
//! loaded, and every thread must be scheduled once to see the stop), but far below what
//! starting the threads cost when each new helper searched at once while the next was
//! being made: seconds at 256 threads on two busy cores, before the main thread's first
//! look at the clock.

use protean::engine::Game;
use protean::search::{Control, Limits, SearchMemory, Settings, TranspositionTable};
use std::time::Instant;

/// Milliseconds from the start of a `movetime` search with `threads` threads to its
/// answer, which must be a legal move.
fn answer_ms(variant: &str, threads: usize, movetime_ms: u64) -> u64 {
    let game = Game::by_name(variant, None).unwrap();
    let tt = TranspositionTable::new(16);
    let settings = Settings {
        threads,
        ..Settings::default()
    };
    let limits = Limits {
        movetime_ms: Some(movetime_ms),
        ..Limits::default()
    };
    let start = Instant::now();
    let r = game.search(
        &limits,
        &settings,
        &tt,
        &Control::new(false),
        &mut SearchMemory::new(),
        &mut |_| {},
    );
    let ms = start.elapsed().as_millis() as u64;
    let best = r.best.expect("a move");
    assert!(game.legal_moves_uci().contains(&best), "{variant}: {best}");
    ms
}

/// The best of three searches, so that one burst of load elsewhere does not decide.
#[test]
fn many_threads_answer_soon_after_the_movetime() {
    for (variant, threads) in [("brandubh", 64), ("chess", 256)] {
        let times: Vec<u64> = (0..3).map(|_| answer_ms(variant, threads, 100)).collect();
        let best = *times.iter().min().unwrap();
        assert!(
            best < 2000,
            "{variant}, {threads} threads, movetime 100: answered after {times:?} ms"
        );
    }
}
