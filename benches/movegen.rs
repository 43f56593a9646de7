//! Move generation and make/unmake throughput on standard positions.

use criterion::{criterion_group, criterion_main, Criterion};
use protean::movegen::perft::perft;
use protean::position::{MoveList, Position};
use protean::variant::find_variant;
use protean::variant::rules::Rules;
use std::hint::black_box;
use std::sync::Arc;

const POSITIONS: [(&str, &str); 4] = [
    (
        "start",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ),
    ("endgame", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"),
    (
        "promotions",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    ),
];

fn positions() -> Vec<(&'static str, Position<u64>)> {
    let rules = Arc::new(Rules::<u64>::new(find_variant("chess").unwrap()).unwrap());
    POSITIONS
        .iter()
        .map(|&(name, fen)| (name, Position::from_fen(rules.clone(), fen).unwrap()))
        .collect()
}

fn bench_generate(c: &mut Criterion) {
    for (name, mut pos) in positions() {
        c.bench_function(&format!("generate_legal/{name}"), |b| {
            b.iter(|| {
                let mut list = MoveList::new();
                pos.generate_legal(&mut list);
                black_box(list.len())
            })
        });
        c.bench_function(&format!("count_legal/{name}"), |b| {
            b.iter(|| black_box(pos.count_legal()))
        });
    }
}

fn bench_make_unmake(c: &mut Criterion) {
    for (name, mut pos) in positions() {
        let mut list = MoveList::new();
        pos.generate_legal(&mut list);
        c.bench_function(&format!("make_unmake_all/{name}"), |b| {
            b.iter(|| {
                for &m in list.as_slice() {
                    pos.make_move(m);
                    black_box(pos.key());
                    pos.unmake_move();
                }
            })
        });
    }
}

fn bench_perft(c: &mut Criterion) {
    for (name, mut pos) in positions() {
        c.bench_function(&format!("perft3/{name}"), |b| {
            b.iter(|| black_box(perft(&mut pos, 3)))
        });
    }
}

criterion_group!(benches, bench_generate, bench_make_unmake, bench_perft);
criterion_main!(benches);
