//! FEN text as the ecosystem writes it: every FEN of engine-tests/fen/pyffish.txt
//! (pyffish's start positions and random-play positions of every variant both know,
//! written by scripts/gen-fen-data) is read and written back exactly as Fairy-Stockfish
//! writes it (holdings in its piece order), Chess960 castling as X-FEN; and X-FEN's
//! file letters where `KQkq` would be ambiguous.

use crate::common;

use protean::engine::Game;

struct Case {
    line: usize,
    variant: String,
    chess960: bool,
    theirs: String,
    expected: String,
}

fn cases() -> Vec<Case> {
    let path = common::data_dir().join("fen").join("pyffish.txt");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let f: Vec<&str> = line.split(';').collect();
        assert_eq!(f.len(), 4, "line {}: {line}", i + 1);
        out.push(Case {
            line: i + 1,
            variant: f[0].to_string(),
            chess960: f[1] == "1",
            theirs: f[2].to_string(),
            expected: f[3].to_string(),
        });
    }
    out
}

fn game(variant: &str, fen: &str, chess960: bool) -> Game {
    let mut g = Game::by_name(variant, Some(fen)).unwrap_or_else(|e| panic!("{fen}: {e}"));
    g.set_chess960(chess960);
    g
}

#[test]
fn fens_are_written_as_fairy_stockfish_writes_them() {
    let cases = cases();
    let variants: std::collections::BTreeSet<&str> =
        cases.iter().map(|c| c.variant.as_str()).collect();
    assert!(variants.len() >= 25, "only {} variants", variants.len());
    let mut hands = 0;
    for c in &cases {
        let ours = game(&c.variant, &c.theirs, c.chess960);
        assert_eq!(
            ours.fen(),
            c.expected,
            "line {} ({}): read {}",
            c.line,
            c.variant,
            c.theirs
        );
        let again = game(&c.variant, &c.expected, c.chess960);
        assert_eq!(again.key(), ours.key(), "line {}", c.line);
        hands += usize::from(c.expected.contains('[') && !c.expected.contains("[]"));
    }
    assert!(hands > 100, "only {hands} FENs with pieces in hand");
}

/// The first FEN of each variant is its start position as Fairy-Stockfish writes it
/// (for Seirawan `[EHeh]`, whatever its `startFen` text says).
#[test]
fn start_positions_are_written_as_fairy_stockfish_writes_them() {
    let mut seen = std::collections::HashSet::new();
    for c in cases() {
        if c.chess960 || !seen.insert(c.variant.clone()) {
            continue;
        }
        let start = Game::by_name(&c.variant, None).unwrap();
        assert_eq!(start.fen(), c.expected, "{}", c.variant);
    }
    assert!(seen.contains("seirawan") && seen.contains("shouse"));
}

/// X-FEN: the outermost rook on a side is K or Q; an inner rook with the right gets its
/// file letter, as Fairy-Stockfish reads it; Shredder letters read the same.
#[test]
fn chess960_castling_is_x_fen_with_file_letters_only_where_ambiguous() {
    let cases = [
        // Outermost rooks: KQkq, whatever letters came in.
        (
            "fischerandom",
            "bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1",
            "bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w KQkq - 0 1",
        ),
        (
            "caparandom",
            "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w JAja - 0 1",
            "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
        ),
        // The rook with the right is not the outermost on its side: its file letter.
        (
            "fischerandom",
            "rr2k2r/8/8/8/8/8/8/RR2K2R w HBhb - 0 1",
            "rr2k2r/8/8/8/8/8/8/RR2K2R w KBkb - 0 1",
        ),
        (
            "fischerandom",
            "1r2k1r1/8/8/8/8/8/8/1R2K1RR w GBgb - 0 1",
            "1r2k1r1/8/8/8/8/8/8/1R2K1RR w GQkq - 0 1",
        ),
        // One right on a side where another rook stands further out, the other side
        // unambiguous; Black's rights alone.
        (
            "fischerandom",
            "r1r1k3/8/8/8/8/8/8/4K3 b c - 0 1",
            "r1r1k3/8/8/8/8/8/8/4K3 b c - 0 1",
        ),
        (
            "caparandom",
            "r2rk4r/10/10/10/10/10/10/R2RK4R w DJdj - 0 1",
            "r2rk4r/10/10/10/10/10/10/R2RK4R w KDkd - 0 1",
        ),
    ];
    for (variant, input, xfen) in cases {
        let g = game(variant, input, true);
        assert_eq!(g.fen(), xfen, "{variant}: {input}");
        let back = game(variant, xfen, true);
        assert_eq!(back.key(), g.key(), "{xfen}");
        assert_eq!(back.fen(), xfen);
    }
}
