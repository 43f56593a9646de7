//! Fuzz harnesses: one function per kind of input a user or GUI can hand the engine
//! (FEN in every built-in variant, UCI and XBoard command streams, `variants.ini` text,
//! evaluation parameter files, network files). Each takes arbitrary bytes and must
//! return without panicking, whatever they are; where the input is accepted, it also
//! checks that what was accepted is usable (a FEN written back reads back the same, a
//! loaded variant plays and round-trips through the `variants.ini` writer).
//!
//! Shared by the libFuzzer targets (fuzz/fuzz_targets/, run with `scripts/fuzz` on a
//! nightly toolchain) and the stable replay of the committed corpus in CI
//! (tests/fuzz_corpus.rs includes this file by path). docs/reliability.md says how.

use protean::engine::variant_file::parse_variants;
use protean::engine::{check_eval_file, check_network, Game};
use protean::eval::nnue::file as network_file_format;
use protean::eval::ParamFile;
use protean::protocol::uci::Uci;
use protean::protocol::xboard::variants::{holdings_size, setup_commands, xboard_name};
use protean::protocol::xboard::XBoard;
use protean::variant::builtin_variants;
use protean::variant::ini::write::to_ini;
use std::sync::Arc;

/// At most this many command lines of one input are played: longer inputs only
/// repeat what shorter ones reach, and slowly.
const MAX_LINES: usize = 64;
/// At most this many moves of an accepted position are played and checked.
const MAX_MOVES: usize = 12;

/// FEN: the first byte picks a built-in variant, the rest is the FEN text. An accepted
/// FEN is written back, and the written FEN must read back to itself; the legal moves
/// must play, each leaving a position whose FEN reads back too; perft 1 must count the
/// legal moves; SAN must be writable for them.
pub fn fen(data: &[u8]) {
    let Some((&pick, text)) = data.split_first() else {
        return;
    };
    let variants = builtin_variants();
    let variant = &variants[pick as usize % variants.len()];
    let text = String::from_utf8_lossy(text);
    let Ok(mut game) = Game::new(variant, Some(&text)) else {
        return;
    };
    let written = game.fen();
    let again = Game::new(variant, Some(&written)).unwrap_or_else(|e| {
        panic!(
            "{}: '{text}' was accepted and written as '{written}', which is refused: {e}",
            variant.name
        )
    });
    assert_eq!(
        again.fen(),
        written,
        "{}: '{written}' does not read back to itself",
        variant.name
    );
    let moves = game.legal_moves_uci();
    assert_eq!(
        game.perft(1),
        moves.len() as u64,
        "{}: perft 1 differs from the legal moves of '{written}'",
        variant.name
    );
    let shown = &moves[..moves.len().min(MAX_MOVES)];
    for m in shown {
        assert_eq!(
            game.san_line(std::slice::from_ref(m)).len(),
            1,
            "SAN of {m}"
        );
        let mut after = game.clone();
        after.play_uci(m).unwrap_or_else(|e| {
            panic!(
                "{}: legal move {m} of '{written}' refused: {e}",
                variant.name
            )
        });
        let fen = after.fen();
        Game::new(variant, Some(&fen)).unwrap_or_else(|e| {
            panic!(
                "{}: '{fen}' (after {m} from '{written}') does not read back: {e}",
                variant.name
            )
        });
        let _ = after.outcome();
    }
}

/// A UCI command line that could make the engine legitimately slow or big (a large
/// table, a deep perft, a bench, many threads) or reach outside the process (files
/// such as /dev/zero): the fuzz is about bad input, not about load.
fn too_heavy(text: &str) -> bool {
    let lower = text.to_ascii_lowercase();
    if lower.contains("hash") && lower.contains("value") {
        return true;
    }
    if lower.contains("memory") || lower.contains("bench") || lower.contains('/') {
        return true;
    }
    if lower.contains("threads") || lower.contains("cores") {
        let n = lower
            .split_whitespace()
            .last()
            .and_then(|w| w.parse::<u64>().ok());
        if n.is_none_or(|n| n > 4) {
            return true;
        }
    }
    lower.contains("perft") && !(lower.ends_with("perft 1") || lower.ends_with("perft 2"))
}

fn lines(data: &[u8]) -> impl Iterator<Item = String> + '_ {
    data.split(|&b| b == b'\n')
        .take(MAX_LINES)
        .map(|l| String::from_utf8_lossy(l).into_owned())
        .filter(|l| !too_heavy(l))
}

/// UCI: the input's lines are commands to one engine session (a search started by one
/// line is aborted by the next, as a GUI's `stop` would). Afterwards the engine must
/// still answer `isready`.
pub fn uci(data: &[u8]) {
    let mut engine = Uci::new(Vec::new());
    for line in lines(data) {
        if line.trim_start().starts_with("quit") {
            break;
        }
        engine.command(&line);
    }
    engine.command("stop");
    engine.command("isready");
    let out = String::from_utf8_lossy(&engine.into_output()).into_owned();
    assert!(out.lines().any(|l| l == "readyok"), "no readyok at the end");
}

/// XBoard: the input's lines are commands to one engine; after each, `?` makes a
/// thinking engine move at once. Afterwards it must still answer `ping`.
pub fn xboard(data: &[u8]) {
    let mut engine = XBoard::new(Vec::new());
    for line in lines(data) {
        if line.trim_start().starts_with("quit") {
            break;
        }
        engine.command(&line);
        engine.command("?");
    }
    engine.command("ping 4242");
    let out = String::from_utf8_lossy(&engine.into_output()).into_owned();
    assert!(out.lines().any(|l| l == "pong 4242"), "no pong at the end");
}

/// `variants.ini` text: every section that loads must set up its start position, play
/// its first legal move, give XBoard its `setup` and `piece` lines, and be written back
/// by the writer into a section that loads as the same variant.
pub fn variants_ini(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let loaded = parse_variants(&text, "fuzz.ini");
    for v in loaded.variants {
        let name = v.name.clone();
        let v = Arc::new(v);
        let mut game = Game::new(&v, None)
            .unwrap_or_else(|e| panic!("[{name}] loaded but its start position fails: {e}"));
        let moves = game.legal_moves_uci();
        assert_eq!(game.perft(1), moves.len() as u64, "[{name}] perft 1");
        if let Some(m) = moves.first() {
            game.play_uci(m)
                .unwrap_or_else(|e| panic!("[{name}] legal move {m} refused: {e}"));
        }
        let _ = (xboard_name(&v), setup_commands(&v), holdings_size(&v));
        let Ok(written) = to_ini(&v) else { continue };
        let back = parse_variants(&written, "written.ini")
            .require_all()
            .unwrap_or_else(|e| panic!("[{name}] written back does not load: {e}\n{written}"));
        assert_eq!(back.variants.len(), 1, "[{name}] written as one section");
        assert!(
            back.variants[0] == *v,
            "[{name}] reads back as a different variant\n{written}"
        );
    }
}

/// An evaluation parameter file: parsed, then checked against the variants it names.
pub fn eval_file(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    if let Ok(file) = ParamFile::parse(&text, "fuzz.txt") {
        let _ = check_eval_file(&file);
    }
}

/// A network file's bytes: parsed, then checked against the variants it names. The
/// bytes are also tried with their checksum appended, so that the fuzzer reaches the
/// checks past the checksum (a random input almost never carries a right one).
pub fn network_file(data: &[u8]) {
    let mut sealed = data.to_vec();
    sealed.extend_from_slice(&network_file_format::checksum(data).to_le_bytes());
    for bytes in [data, &sealed] {
        if let Ok(net) = network_file_format::parse(bytes, "fuzz.nnue") {
            let _ = check_network(&net);
        }
    }
}
