//! The network evaluation: file format (round trip, every malformed case refused),
//! `EvalFile` with a network, the incremental accumulator against a full refresh in
//! seeded random games of several variants, colour symmetry, the training data format
//! and a short deterministic training run.

use protean::board::Bitboard;
use protean::engine::{check_network, on_board, OnBoard, Session};
use protean::eval::nnue::{self, file, Accumulators, FeatureSet, Network};
use protean::position::{GameResult, Position};
use protean::search::{think, Control, Limits, SearchMemory, Settings, TranspositionTable};
use protean::tune::{data, selfplay, train, Rng};
use protean::variant::rules::Rules;
use protean::variant::{find_variant, WHITE};
use std::sync::Arc;

/// A network of seeded random weights for a variant's rules.
fn random_net<B: Bitboard>(rules: &Rules<B>, hidden: usize, seed: u64) -> Network {
    let features = FeatureSet::for_rules(rules);
    let mut rng = Rng::new(seed);
    let mut small = |r: i64| (rng.next_u64() % (2 * r as u64 + 1)) as i64 as i16 - r as i16;
    Network {
        source: "random".into(),
        variants: vec![rules.variant.name.clone()],
        features,
        letters: rules.kinds.iter().map(|k| k.letter).collect(),
        hidden,
        w1: (0..features.count() * hidden).map(|_| small(60)).collect(),
        b1: (0..hidden).map(|_| small(100) + 100).collect(),
        w2: (0..2 * hidden).map(|_| small(50)).collect(),
        b2: 1234,
    }
}

struct RandomNet(usize, u64);
impl OnBoard for RandomNet {
    type Output = Network;
    fn run<B: Bitboard>(self, rules: Arc<Rules<B>>) -> Network {
        random_net(&rules, self.0, self.1)
    }
}

fn net_for(variant: &str, hidden: usize, seed: u64) -> Network {
    on_board(&find_variant(variant).unwrap(), RandomNet(hidden, seed)).unwrap()
}

// ---- the file ----

#[test]
fn network_file_round_trips() {
    for v in ["chess", "crazyhouse", "xiangqi", "tablut", "grand"] {
        let net = net_for(v, 16, 3);
        let bytes = file::write(&net);
        let back = file::parse(&bytes, "random").unwrap();
        assert_eq!(back, net, "{v}");
        assert_eq!(check_network(&back).unwrap(), vec![v.to_string()]);
    }
}

fn refused(bytes: &[u8]) -> String {
    file::parse(bytes, "x.nnue").unwrap_err()
}

/// Rewrites the checksum after an edit, so the edit itself is what is caught.
fn resum(mut b: Vec<u8>) -> Vec<u8> {
    let n = b.len();
    let sum = file::checksum(&b[..n - 4]);
    b[n - 4..].copy_from_slice(&sum.to_le_bytes());
    b
}

#[test]
fn malformed_network_files_are_refused() {
    let net = net_for("chess", 8, 5);
    let good = file::write(&net);
    // Header offsets: magic 0..8, version 8..12, names length 12..14, "chess" 14..19,
    // files 19..21, ranks 21..23, feature set 23..25, kinds 25..27, letters 27..33,
    // hand slots 33..35, inputs 35..39, hidden 39..43, outputs 43..47, quantisation
    // 47..53.
    assert!(refused(&good[..5]).contains("truncated"));
    assert!(refused(&good[..40]).contains("truncated"));
    assert!(refused(&good[..good.len() - 1]).contains("truncated"));
    let mut long = good.clone();
    long.push(0);
    assert!(refused(&long).contains("1 bytes after"));
    let mut magic = good.clone();
    magic[0] = b'X';
    assert!(refused(&magic).contains("bad magic"));
    let mut version = good.clone();
    version[8] = 9;
    assert!(refused(&version).contains("format version 9"));
    let mut corrupt = good.clone();
    corrupt[200] ^= 1;
    assert!(refused(&corrupt).contains("checksum"));
    let mut set = good.clone();
    set[23] = 7;
    assert!(refused(&resum(set)).contains("feature set 7"));
    let mut inputs = good.clone();
    inputs[35] ^= 1;
    assert!(refused(&resum(inputs)).contains("inputs, but"));
    let mut hidden = good.clone();
    hidden[39] = 9;
    assert!(refused(&resum(hidden)).contains("truncated"));
    let mut hidden0 = good.clone();
    hidden0[39] = 0;
    assert!(refused(&resum(hidden0)).contains("hidden layer of 0"));
    let mut outputs = good.clone();
    outputs[43] = 2;
    assert!(refused(&resum(outputs)).contains("2 outputs"));
    let mut quant = good.clone();
    quant[47] = 1;
    assert!(refused(&resum(quant)).contains("quantisation"));
    let mut board = good.clone();
    board[19] = 0;
    assert!(refused(&resum(board)).contains("x.nnue"));

    // Well formed, but for another variant or board.
    let mut other = net.clone();
    other.variants = vec!["xiangqi".into()];
    let e = check_network(&other).unwrap_err();
    assert!(e.contains("8x8 board, xiangqi is played on 9x10"), "{e}");
    other.variants = vec!["knightmate".into()];
    let e = check_network(&other).unwrap_err();
    assert!(e.contains("pieces are"), "{e}");
    other.variants = vec!["crazyhouse".into()];
    let e = check_network(&other).unwrap_err();
    assert!(e.contains("hands"), "{e}");
    other.variants = vec!["nosuchgame".into()];
    assert!(check_network(&other)
        .unwrap_err()
        .contains("unknown variant"));
}

#[test]
fn eval_file_loads_a_network_and_keeps_the_last_good_one() {
    let dir = std::env::temp_dir().join(format!("protean-nnue-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("chess.nnue");
    std::fs::write(&good, file::write(&net_for("chess", 8, 1))).unwrap();
    let mut bad_bytes = file::write(&net_for("chess", 8, 1));
    bad_bytes.truncate(100);
    let bad = dir.join("bad.nnue");
    std::fs::write(&bad, bad_bytes).unwrap();

    let mut s = Session::new();
    let ok = s.set_option("EvalFile", good.to_str().unwrap()).unwrap();
    assert!(
        matches!(&ok, protean::engine::Applied::EvalFileLoaded { variants } if variants == &["chess"]),
        "{ok:?}"
    );
    let e = s
        .set_option("EvalFile", bad.to_str().unwrap())
        .unwrap_err()
        .to_string();
    assert!(e.contains("truncated"), "{e}");
    assert!(e.contains("keeping") && e.contains("chess.nnue"), "{e}");
    // `<embedded>` goes back to the built-in evaluation.
    assert!(matches!(
        s.set_option("EvalFile", "<embedded>").unwrap(),
        protean::engine::Applied::EvalFileEmbedded
    ));
    let _ = std::fs::remove_dir_all(&dir);
}

// ---- the accumulator ----

struct IncrementalCheck {
    seed: u64,
    games: usize,
    plies: usize,
    /// Check the network a search of the variant would use (embedded) instead of a
    /// random one.
    embedded: bool,
}

/// What a search thread's accumulator stack holds grows with the plies it reaches, in
/// steps of 8 past the first 16 (a kilobyte a ply at 256 hidden units, in each of up to
/// 256 threads): a thread that reached ply 16 holds 24 plies, not the 32 that doubling
/// gave, and one that reached ply 32 holds 40, not 64.
struct AccumulatorRoom;
impl OnBoard for AccumulatorRoom {
    type Output = Vec<usize>;
    fn run<B: Bitboard>(self, rules: Arc<Rules<B>>) -> Vec<usize> {
        let net = random_net(&rules, 16, 1);
        let mut pos = Position::from_fen(rules.clone(), &rules.variant.start_fen).unwrap();
        let mut acc = Accumulators::new(&net, &pos);
        let mut held = vec![acc.plies_held()];
        for ply in 1..=40 {
            // Knights out and back: a line as long as wanted.
            let m = ["g1f3", "g8f6", "f3g1", "f6g8"][(ply - 1) % 4];
            pos.make_move(pos.parse_uci_move(m).unwrap());
            acc.push(&pos);
            if [15, 16, 23, 24, 32, 33, 40].contains(&ply) {
                held.push(acc.plies_held());
            }
        }
        assert_eq!(acc.evaluate(&pos), net.evaluate(&pos));
        held
    }
}

#[test]
fn accumulators_grow_by_steps_not_by_doubling() {
    let held = on_board(&find_variant("chess").unwrap(), AccumulatorRoom).unwrap();
    // Room at the start, then after plies 15, 16, 23, 24, 32, 33 and 40 (ply p needs
    // p + 1 entries, the root's included).
    assert_eq!(held, vec![16, 16, 24, 24, 32, 40, 40, 48]);
}

/// Plays seeded random games; after every make (evaluated at once, or a few plies
/// later, so lazy multi-ply updates run too) and every unmake, the accumulators equal
/// a refresh from scratch.
impl OnBoard for IncrementalCheck {
    type Output = usize;
    fn run<B: Bitboard>(self, rules: Arc<Rules<B>>) -> usize {
        let net = match self.embedded {
            true => nnue::select(&rules, None, None)
                .expect("an embedded network")
                .clone(),
            false => random_net(&rules, 24, self.seed),
        };
        let mut rng = Rng::new(self.seed);
        let mut checked = 0;
        let fresh = |pos: &Position<B>| {
            let mut w = vec![0i16; net.hidden];
            let mut b = vec![0i16; net.hidden];
            let mut scratch = Vec::new();
            net.refresh(pos, WHITE, &mut w, &mut scratch);
            net.refresh(pos, !WHITE, &mut b, &mut scratch);
            (w, b)
        };
        for _ in 0..self.games {
            let start = rules.variant.start_fen.clone();
            let mut pos = Position::from_fen(rules.clone(), &start).unwrap();
            let mut acc = Accumulators::new(&net, &pos);
            let mut made = 0;
            for _ in 0..self.plies {
                let moves = pos.legal_moves();
                if moves.is_empty() || pos.outcome().is_some() {
                    break;
                }
                if rng.below(10) == 0 && !pos.in_check() {
                    pos.make_null_move();
                    acc.push_null();
                } else {
                    pos.make_move(moves.as_slice()[rng.below(moves.len())]);
                    acc.push(&pos);
                }
                made += 1;
                if rng.below(3) != 0 {
                    let (w, b) = fresh(&pos);
                    let (aw, ab) = acc.current(&pos);
                    assert_eq!((aw, ab), (&w[..], &b[..]), "after a move: {}", pos.to_fen());
                    assert_eq!(acc.evaluate(&pos), net.evaluate(&pos));
                    checked += 1;
                }
            }
            while made > 0 {
                if pos.last_move() == Some(protean::position::Move::NONE) {
                    pos.unmake_null_move();
                } else {
                    pos.unmake_move();
                }
                acc.pop();
                made -= 1;
                let (w, b) = fresh(&pos);
                let (aw, ab) = acc.current(&pos);
                assert_eq!((aw, ab), (&w[..], &b[..]), "after unmake: {}", pos.to_fen());
                checked += 1;
            }
        }
        checked
    }
}

#[test]
fn incremental_accumulator_equals_a_refresh() {
    // Captures and promotions, drops, explosions, gating, the river and palace, custodian
    // captures, a 10x10 and an 11x11 board.
    for v in [
        "chess",
        "crazyhouse",
        "atomic",
        "seirawan",
        "xiangqi",
        "tablut",
        "grand",
        "ardri",
    ] {
        let variant = find_variant(v).unwrap();
        let checked = on_board(
            &variant,
            IncrementalCheck {
                seed: 7,
                games: 6,
                plies: 160,
                embedded: false,
            },
        )
        .unwrap();
        assert!(checked > 200, "{v}: only {checked} checks");
    }
}

/// Colour-mirrors a FEN, holdings (`[...]`) included.
fn mirror_with_hands(fen: &str) -> String {
    let (board, rest) = fen.split_once(' ').unwrap();
    let (board, hands) = match board.split_once('[') {
        Some((b, h)) => (b, Some(h.trim_end_matches(']'))),
        None => (board, None),
    };
    let m = super::eval::mirror(&format!("{board} {rest}"));
    match hands {
        None => m,
        Some(h) => {
            let swapped: String = h
                .chars()
                .map(|c| {
                    if c.is_ascii_uppercase() {
                        c.to_ascii_lowercase()
                    } else {
                        c.to_ascii_uppercase()
                    }
                })
                .collect();
            let (b, r) = m.split_once(' ').unwrap();
            format!("{b}[{swapped}] {r}")
        }
    }
}

/// FENs whose colour-mirrored twins must score the same; with `true`, by the network a
/// search of the variant would use (embedded) instead of a random one.
struct Symmetry(Vec<String>, bool);
impl OnBoard for Symmetry {
    type Output = ();
    fn run<B: Bitboard>(self, rules: Arc<Rules<B>>) {
        let net = match self.1 {
            true => nnue::select(&rules, None, None)
                .expect("an embedded network")
                .clone(),
            false => random_net(&rules, 32, 11),
        };
        for fen in &self.0 {
            let pos = Position::from_fen(rules.clone(), fen).unwrap();
            let m = mirror_with_hands(fen);
            let mirrored = Position::from_fen(rules.clone(), &m).unwrap();
            assert_eq!(net.evaluate(&pos), net.evaluate(&mirrored), "{fen} / {m}");
        }
    }
}

#[test]
fn a_mirrored_position_scores_the_same_for_the_other_side() {
    let cases: &[(&str, &[&str])] = &[
        (
            "chess",
            &[
                "r1bqk2r/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R1BQK2R w KQkq - 0 7",
                "6k1/pp3ppp/8/3P4/8/8/PP3PPP/6K1 b - - 0 30",
            ],
        ),
        (
            "crazyhouse",
            &["r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R[Pp] w KQkq - 2 4"],
        ),
        (
            "xiangqi",
            &["rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1"],
        ),
    ];
    for (v, fens) in cases {
        let fens = fens.iter().map(|f| f.to_string()).collect();
        on_board(&find_variant(v).unwrap(), Symmetry(fens, false)).unwrap();
    }
}

/// The score of a FEN by the network a search of the variant would use, for the side
/// to move.
struct NetScore(&'static str);
impl OnBoard for NetScore {
    type Output = i32;
    fn run<B: Bitboard>(self, rules: Arc<Rules<B>>) -> i32 {
        let pos = Position::from_fen(rules.clone(), self.0).unwrap();
        nnue::select(&rules, None, None).unwrap().evaluate(&pos)
    }
}

#[test]
fn every_embedded_network_updates_incrementally_is_symmetric_and_sees_material() {
    assert!(!nnue::EMBEDDED.is_empty());
    for net in nnue::embedded() {
        for name in &net.variants {
            let variant = find_variant(name).unwrap();
            let checks = IncrementalCheck {
                seed: 3,
                games: 4,
                plies: 160,
                embedded: true,
            };
            let checked = on_board(&variant, checks).unwrap();
            assert!(checked > 150, "{name}: only {checked} checks");
        }
    }
    let chess = find_variant("chess").unwrap();
    let fens = [
        "r1bqk2r/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R1BQK2R w KQkq - 0 7",
        "6k1/pp3ppp/8/3P4/8/8/PP3PPP/6K1 b - - 0 30",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ];
    on_board(&chess, Symmetry(fens.map(String::from).to_vec(), true)).unwrap();
    // A trained net, not a random one: the start is near level, and a queen more is
    // worth several pawns to whichever side has it.
    let start = on_board(&chess, NetScore(fens[2])).unwrap();
    assert!(start.abs() < 100, "start position {start}");
    let queen_up = "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let up = on_board(&chess, NetScore(queen_up)).unwrap();
    assert!(up > 400, "a queen up scores {up}");
    let queen_up_black_to_move = "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1";
    let down = on_board(&chess, NetScore(queen_up_black_to_move)).unwrap();
    assert!(down < -400, "a queen down scores {down}");
    // The crazyhouse net reads the hands: a queen in hand is worth a lot to its owner.
    let zh = find_variant("crazyhouse").unwrap();
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1";
    let level = on_board(&zh, NetScore(start)).unwrap();
    assert!(level.abs() < 150, "crazyhouse start {level}");
    let in_hand = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Q] w KQkq - 0 1";
    let up = on_board(&zh, NetScore(in_hand)).unwrap();
    assert!(up > 400, "a queen in hand scores {up}");
    let in_hand_black = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[q] w KQkq - 0 1";
    let down = on_board(&zh, NetScore(in_hand_black)).unwrap();
    assert!(down < -400, "the opponent's queen in hand scores {down}");
    // The xiangqi net on its 9x10 board: level at the start, a chariot worth a lot.
    let xq = find_variant("xiangqi").unwrap();
    let start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
    let level = on_board(&xq, NetScore(start)).unwrap();
    assert!(level.abs() < 150, "xiangqi start {level}");
    let chariot_up = "1nbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
    let up = on_board(&xq, NetScore(chariot_up)).unwrap();
    assert!(up > 300, "a chariot up scores {up}");
    let chariot_down = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/1NBAKABNR w - - 0 1";
    let down = on_board(&xq, NetScore(chariot_down)).unwrap();
    assert!(down < -300, "a chariot down scores {down}");
    // The atomic net: colour-symmetric, and a queen is worth a lot to its owner (the
    // start is not level: White wins two games in three of the self-play it learnt from).
    let atomic = find_variant("atomic").unwrap();
    on_board(&atomic, Symmetry(fens.map(String::from).to_vec(), true)).unwrap();
    let up = on_board(&atomic, NetScore(queen_up)).unwrap();
    assert!(up > 400, "atomic: a queen up scores {up}");
    let down = on_board(&atomic, NetScore(queen_up_black_to_move)).unwrap();
    assert!(down < -400, "atomic: a queen down scores {down}");
    // The antichess net (also suicide's): colour-symmetric, and material is a burden: a
    // lone king against a whole army is close to winning for the king's side, to move or not.
    let anti = find_variant("antichess").unwrap();
    let anti_fens = [
        "rnbqkbnr/pppppppp/8/8/8/4P3/PPPP1PPP/RNBQKBNR b - - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/8/7K w - - 0 1",
        "r1b1k2r/pp3ppp/2n5/8/2B5/8/PP3PPP/R3K2R w - - 0 12",
    ];
    on_board(&anti, Symmetry(anti_fens.map(String::from).to_vec(), true)).unwrap();
    let lone = on_board(&anti, NetScore(anti_fens[1])).unwrap();
    assert!(
        lone > 1000,
        "antichess: a lone king against an army scores {lone}"
    );
    let army = on_board(&anti, NetScore("7k/8/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1")).unwrap();
    assert!(
        army < -1000,
        "antichess: an army against a lone king scores {army}"
    );
}

#[test]
fn a_table_loaded_for_the_variant_takes_the_place_of_the_embedded_network() {
    let chess = find_variant("chess").unwrap();
    let game = protean::engine::Game::new(&chess, None).unwrap();
    let (source, _, _) = game.network_eval(None, None).expect("chess has a net");
    assert!(source.starts_with("nets/"), "{source}");
    let table = protean::eval::ParamFile::read(std::path::Path::new("nets/chess.txt")).unwrap();
    assert_eq!(game.network_eval(None, Some(&table)), None);
    // A table for another variant leaves the net in place.
    let other = protean::eval::ParamFile::read(std::path::Path::new("nets/xiangqi.txt")).unwrap();
    assert!(game.network_eval(None, Some(&other)).is_some());
}

// ---- data and training ----

#[test]
fn a_selfplay_time_budget_stops_new_games_and_keeps_whole_records() {
    let cfg = |limit: std::time::Duration| selfplay::Config {
        variant: find_variant("chess").unwrap(),
        nodes: 300,
        games: 1_000_000,
        threads: 2,
        seed: 9,
        random_plies: 6,
        max_plies: 60,
        hash_mb: 1,
        eval_file: None,
        eval_net: None,
        binary: true,
        time_limit: Some(limit),
    };
    // A spent budget starts no game: the file is the header alone.
    let mut out = Vec::new();
    let stats = selfplay::run(&cfg(std::time::Duration::ZERO), &mut out, &|_| {}).unwrap();
    assert_eq!((stats.games, stats.positions), (0, 0));
    let (_, samples) = data::decode(&out, "empty").unwrap();
    assert!(samples.is_empty());
    // A short budget ends a run of a million games early, with every record whole.
    let mut out = Vec::new();
    let limit = std::time::Duration::from_millis(300);
    let stats = selfplay::run(&cfg(limit), &mut out, &|_| {}).unwrap();
    assert!(
        stats.games > 0 && stats.games < 1_000_000,
        "{} games",
        stats.games
    );
    let (_, samples) = data::decode(&out, "budget").unwrap();
    assert_eq!(samples.len() as u64, stats.positions);
}

#[test]
fn training_data_round_trips_and_a_short_training_run_is_deterministic() {
    let chess = find_variant("chess").unwrap();
    let cfg = selfplay::Config {
        variant: chess.clone(),
        nodes: 200,
        games: 4,
        threads: 2,
        seed: 5,
        random_plies: 6,
        max_plies: 80,
        hash_mb: 1,
        eval_file: None,
        eval_net: None,
        binary: true,
        time_limit: None,
    };
    let mut out = Vec::new();
    let stats = selfplay::run(&cfg, &mut out, &|_| {}).unwrap();
    let (header, samples) = data::decode(&out, "selfplay").unwrap();
    assert_eq!((header.files, header.ranks, header.kinds), (8, 8, 6));
    assert_eq!(samples.len() as u64, stats.positions);
    assert!(samples.len() > 40, "{} positions", samples.len());
    for s in &samples {
        assert!(s.pieces.len() >= 3 && s.pieces.len() <= 32);
    }
    // A record decodes to the position it was written from.
    struct Encode;
    impl OnBoard for Encode {
        type Output = ();
        fn run<B: Bitboard>(self, rules: Arc<Rules<B>>) {
            let fen = "r1bqk2r/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R1BQK2R b KQkq - 0 7";
            let pos = Position::from_fen(rules.clone(), fen).unwrap();
            let h = data::Header {
                variant: "chess".into(),
                files: 8,
                ranks: 8,
                kinds: 6,
                hands: false,
            };
            let mut bytes = h.write();
            bytes.extend(data::encode(&pos, -37, GameResult::Win(WHITE)));
            let (_, back) = data::decode(&bytes, "one").unwrap();
            assert_eq!(
                back,
                vec![train::sample_of(&pos, -37, GameResult::Win(WHITE))]
            );
            assert!(data::decode(&bytes[..bytes.len() - 1], "cut")
                .unwrap_err()
                .contains("truncated"));
        }
    }
    on_board(&chess, Encode).unwrap();

    let dir = std::env::temp_dir().join(format!("protean-train-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("d.bin");
    std::fs::write(&path, &out).unwrap();
    let tcfg = |threads| train::Config {
        variant: chess.clone(),
        data: vec![path.clone()],
        names: vec!["chess".into()],
        hidden: 8,
        epochs: 6,
        batch: 64,
        rate: 0.01,
        lambda: 0.7,
        validation: 0.2,
        seed: 3,
        threads,
        mirror: false,
    };
    let lines = std::sync::Mutex::new(Vec::new());
    let a = train::run(&tcfg(1), &|l| lines.lock().unwrap().push(l.to_string())).unwrap();
    let b = train::run(&tcfg(2), &|_| {}).unwrap();
    assert_eq!(
        a.network, b.network,
        "the same net whatever the thread count"
    );
    // Mirrored copies join the training part only: the same positions are counted and
    // held out, and the net learns from twice the samples.
    let m = train::run(
        &train::Config {
            mirror: true,
            ..tcfg(2)
        },
        &|_| {},
    )
    .unwrap();
    assert_eq!(m.positions, a.positions);
    assert_ne!(m.network, a.network);
    let lines = lines.into_inner().unwrap();
    let loss = |l: &str| -> f32 { l.split_whitespace().nth(3).unwrap().parse().unwrap() };
    assert!(
        loss(&lines[lines.len() - 1]) < loss(&lines[0]),
        "training loss should fall: {lines:?}"
    );
    // The written file loads, and the integer inference follows the float network.
    let net = file::parse(&file::write(&a.network), "trained").unwrap();
    check_network(&net).unwrap();
    for s in samples.iter().take(50) {
        let (float, int) = train::compare_sample(&net, s);
        assert!((float - int).abs() <= 2, "float {float}, integer {int}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

struct SearchWith(Network);
impl OnBoard for SearchWith {
    type Output = (Option<String>, u64);
    fn run<B: Bitboard>(self, rules: Arc<Rules<B>>) -> (Option<String>, u64) {
        let start = rules.variant.start_fen.clone();
        let pos = Position::from_fen(rules, &start).unwrap();
        let settings = Settings {
            eval_net: Some(Arc::new(self.0)),
            ..Settings::default()
        };
        let tt = TranspositionTable::new(1);
        let r = think(
            &pos,
            &Limits::depth(5),
            &settings,
            &tt,
            &Control::new(false),
            &mut SearchMemory::new(),
            &mut |_| {},
        );
        (r.best, r.nodes)
    }
}

#[test]
fn a_search_evaluates_with_the_network_it_is_given() {
    for v in ["chess", "crazyhouse", "atomic"] {
        let variant = find_variant(v).unwrap();
        let net = net_for(v, 16, 2);
        let (best, nodes) = on_board(&variant, SearchWith(net.clone())).unwrap();
        assert!(best.is_some(), "{v}");
        // Another network searches another tree.
        let (_, other) = on_board(&variant, SearchWith(net_for(v, 16, 9))).unwrap();
        assert_ne!(nodes, other, "{v}: the network does not steer the search");
    }
    assert!(
        nnue::embedded().len() == nnue::EMBEDDED.len(),
        "every embedded net parses"
    );
}

#[test]
fn mirrored_samples_are_the_positions_with_files_reversed() {
    // The mirror of a sample is the sample of the mirrored position (written by hand:
    // each rank's FEN string reversed), and mirroring twice gives the sample back.
    let chess = find_variant("chess").unwrap();
    struct Mirror;
    impl OnBoard for Mirror {
        type Output = ();
        fn run<B: Bitboard>(self, rules: Arc<Rules<B>>) {
            let fen = "r1bqk2r/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R1BQK2R b - - 0 7";
            let flipped = "r2kqb1r/pppb2pp/2np1n2/4pp2/4P3/2NPBP2/PPP1N1PP/R2KQB1R b - - 0 7";
            let sample = |f: &str| {
                let pos = Position::from_fen(rules.clone(), f).unwrap();
                train::sample_of(&pos, 55, GameResult::Draw)
            };
            let (a, b) = (sample(fen), sample(flipped));
            assert_eq!(train::mirrored(&a, 8), b);
            assert_eq!(train::mirrored(&b, 8), a);
        }
    }
    on_board(&chess, Mirror).unwrap();
    // Chess and Xiangqi (its palace, files d-f of nine, is centred) look the same in a
    // mirror; a piece that moves only to its left, or is kept to the queen's side, does
    // not.
    assert!(train::mirror_symmetric(&chess).is_ok());
    assert!(train::mirror_symmetric(&find_variant("xiangqi").unwrap()).is_ok());
    let mut lefty = (*chess).clone();
    lefty.pieces[1].betza = "lWfR".into();
    let err = train::mirror_symmetric(&lefty).unwrap_err();
    assert!(err.contains("left and the right"), "{err}");
    let mut confined = (*chess).clone();
    confined.pieces[1].region = Some(protean::variant::Region {
        files: 0..=3,
        ranks: 0..=7,
    });
    let err = train::mirror_symmetric(&confined).unwrap_err();
    assert!(err.contains("off the board's middle"), "{err}");
}
