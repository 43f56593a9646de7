//! No heap allocation per search node, by construction: a search thread's allocations
//! between its first and last report must not grow with the nodes it searched.
//!
//! Why it matters (docs/reliability.md, "Memory"): glibc keeps the blocks a thread
//! frees in that thread's cache, a few of every size, so a search that allocates and
//! frees at its nodes (a position copied per node, each copy's history sized by its
//! ply) leaves every one of 256 threads holding freed blocks of many sizes, and the
//! peak memory then depends on luck. What a search may still allocate: the buffers of
//! a new ply or a larger node than before (they keep their capacity), the reports, and
//! a new iteration's root work; all of them grow with the depth, not the nodes.
//!
//! Counted per thread (a thread-local counter in this binary's allocator), so the other
//! tests running beside these do not count; the counts are read in the report callback,
//! which the main search thread calls, and a one-thread search does all its work there.

use protean::engine::Game;
use protean::search::{Control, Limits, SearchMemory, Settings, TranspositionTable};
use protean::variant::builtin::builtin_variants;
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

struct CountingAllocator;

thread_local! {
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

fn count_one() {
    // `try_with`: a thread being torn down has no counter any more.
    let _ = ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
}

unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count_one();
        System.alloc(layout)
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count_one();
        System.alloc_zeroed(layout)
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count_one();
        System.realloc(ptr, layout, new_size)
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout)
    }
}

#[global_allocator]
static GLOBAL: CountingAllocator = CountingAllocator;

fn this_thread_allocations() -> u64 {
    ALLOCATIONS.with(Cell::get)
}

/// (allocations, nodes) of the search thread between its first and its last report, in
/// a one-thread search of `nodes` nodes from the start position.
fn allocations_between_reports(variant: &str, nodes: u64) -> Option<(u64, u64)> {
    let game = Game::by_name(variant, None).ok()?;
    if game.legal_moves_uci().is_empty() {
        return None;
    }
    let tt = TranspositionTable::new(16);
    let limits = Limits {
        nodes: Some(nodes),
        ..Limits::default()
    };
    let mut first: Option<(u64, u64)> = None;
    let mut last = (0, 0);
    game.search(
        &limits,
        &Settings::default(),
        &tt,
        &Control::new(false),
        &mut SearchMemory::new(),
        &mut |r| {
            let at = (this_thread_allocations(), r.nodes);
            first.get_or_insert(at);
            last = at;
        },
    );
    let first = first?;
    Some((last.0 - first.0, last.1 - first.1))
}

/// At most one allocation per this many nodes between the first and the last report
/// (the reports themselves allocate: the PV as text, the root moves' order). Before the
/// look-ahead rules copied into spare positions, Blunder-Mate allocated 4.5 times per
/// node, Series Helpmate 2.4, Amazons 0.9 (a list per node for its arrows), Submission
/// 0.36, and nine more once per 40 nodes or more; after, the most is one per 45 nodes
/// (Snail Trail), most variants one per 100.
const NODES_PER_ALLOCATION: u64 = 40;

/// Every built-in variant: a search of 40,000 nodes allocates (almost) nothing per node.
#[test]
fn a_search_allocates_nothing_per_node() {
    let mut over = Vec::new();
    for v in builtin_variants() {
        let Some((allocations, nodes)) = allocations_between_reports(&v.name, 40_000) else {
            continue;
        };
        println!("{allocations:>8} allocations {nodes:>8} nodes {}", v.name);
        if allocations * NODES_PER_ALLOCATION > nodes.max(10_000) {
            over.push(format!(
                "{}: {allocations} allocations in {nodes} nodes",
                v.name
            ));
        }
    }
    assert!(over.is_empty(), "allocations per node: {over:#?}");
}
