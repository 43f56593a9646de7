//! Search speed: a fixed-depth search of bench positions, one thread, cleared table
//! (node counts are deterministic, so time per iteration is comparable between builds).
//! `protean bench` reports the same work as `Nodes/second`.

use criterion::{criterion_group, criterion_main, Criterion};
use protean::engine::Game;
use protean::search::{Control, Limits, SearchMemory, Settings, TranspositionTable};
use std::hint::black_box;

fn search(c: &mut Criterion) {
    let tt = TranspositionTable::new(16);
    let positions = [
        (
            "startpos",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ),
        (
            "kiwipete",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        ),
        ("endgame", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"),
    ];
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    for (name, fen) in positions {
        let game = Game::by_name("chess", Some(fen)).unwrap();
        group.bench_function(format!("{name} depth 7"), |b| {
            b.iter(|| {
                tt.clear();
                let control = Control::new(false);
                let r = game.search(
                    &Limits::depth(7),
                    &Settings::default(),
                    &tt,
                    &control,
                    &mut SearchMemory::new(),
                    &mut |_| {},
                );
                black_box(r.nodes)
            })
        });
    }
    group.finish();
}

criterion_group!(benches, search);
criterion_main!(benches);
