//! User-defined variants from `variants.ini` files (src/variant/ini): the built-ins' own
//! file loads as a user's file would and gives the built-ins; Fairy-Stockfish's sections
//! of games we have built in give the built-ins' perft counts, and its other sections
//! pyffish's counts; bad files give errors with file and line; `VariantPath` adds
//! variants over UCI and survives a bad file; replacing a built-in re-points its aliases.

use crate::common;

use protean::engine::variant_file::parse_variants;
use protean::engine::Game;
use protean::variant::ini::Loaded;
use protean::variant::{find_variant, Variant, BLACK, WHITE};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Largest count checked per position (the ini suites are smaller than the main ones).
const BUDGET: u64 = 300_000;

fn without_castling_rights(fen: &str) -> String {
    let mut fields: Vec<&str> = fen.split_whitespace().collect();
    if fields.len() > 2 && fields[2].chars().all(|c| c.is_ascii_alphabetic()) {
        fields[2] = "-";
    }
    fields.join(" ")
}

fn load(path: &Path) -> Vec<Variant> {
    let text = std::fs::read_to_string(path).unwrap();
    match parse_variants(&text, &path.display().to_string()).require_all() {
        Ok(loaded) => loaded.variants,
        Err(e) => panic!("{} did not load: {e}", path.display()),
    }
}

/// Perft of `variant` on every position of `file` at each depth within the budget;
/// returns the mismatches and the number of counts checked.
fn check_suite(variant: &Variant, file: &Path) -> (Vec<String>, usize) {
    let arc = Arc::new(variant.clone());
    let mut failures = Vec::new();
    let mut checked = 0;
    for case in common::read_perft(file) {
        // pyffish writes castling rights into FENs of variants without castling (see
        // river, antiantichess); Protean's FEN reader refuses them, so they go.
        // Cambodia's gate rights are in that field too and stay.
        let fen = if variant.castling.is_none() && !variant.cambodian_moves {
            without_castling_rights(&case.fen)
        } else {
            case.fen.clone()
        };
        let mut game = match Game::new(&arc, Some(&fen)) {
            Ok(g) => g,
            Err(e) => {
                failures.push(format!("{}:{}: {e}", file.display(), case.line));
                continue;
            }
        };
        for &(depth, expected) in &case.counts {
            if expected > BUDGET && depth > 1 {
                continue;
            }
            checked += 1;
            let got = game.perft(depth);
            if got != expected {
                failures.push(format!(
                    "{} {}:{} depth {depth}: expected {expected}, got {got} ({})",
                    variant.name,
                    file.display(),
                    case.line,
                    case.fen
                ));
            }
        }
    }
    (failures, checked)
}

/// Every section of the copied Fairy-Stockfish sections that defines a game we have built
/// in loads, and the loaded variant gives the built-in's perft counts on that variant's
/// whole suite. (Our own games are defined by src/variant/builtins.ini itself, which is
/// what the suites run.)
#[test]
fn fairy_stockfish_definitions_of_builtins_match_their_suites() {
    let dir = common::data_dir();
    let mut failures = Vec::new();
    let mut names = Vec::new();
    for file in ["fsf-variants.ini", "fsf-house-variants.ini"] {
        for v in load(&dir.join(file)) {
            let suite = dir.join("perft").join(format!("{}.perft", v.name));
            assert!(suite.exists(), "{file}: [{}] has no suite", v.name);
            assert!(find_variant(&v.name).is_some(), "{} is built in", v.name);
            let (mut f, checked) = check_suite(&v, &suite);
            assert!(checked > 0, "{}: nothing checked", v.name);
            failures.append(&mut f);
            names.push(v.name.clone());
        }
    }
    assert_eq!(names, ["upsidedown", "massacre", "grandhouse", "shogun"]);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Sections of Fairy-Stockfish's own variants.ini beyond the built-ins: each loads and
/// matches pyffish's counts (engine-tests/ini/perft, from scripts/gen-ini-perft-data).
#[test]
fn fairy_stockfish_sections_match_pyffish() {
    let dir = common::data_dir().join("ini");
    let variants = load(&dir.join("fsf-sections.ini"));
    let mut failures = Vec::new();
    let mut suites = 0;
    for entry in std::fs::read_dir(dir.join("perft")).unwrap() {
        let path: PathBuf = entry.unwrap().path();
        let name = path.file_stem().unwrap().to_str().unwrap().to_string();
        let v = variants
            .iter()
            .find(|v| v.name == name)
            .unwrap_or_else(|| panic!("{name}: no section in fsf-sections.ini"));
        let (mut f, checked) = check_suite(v, &path);
        assert!(checked > 0, "{name}: nothing checked");
        failures.append(&mut f);
        suites += 1;
    }
    assert!(suites >= 20, "only {suites} suites");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The errors of `text` (as file `bad.ini`), as `line: message`.
fn errors(text: &str) -> Vec<String> {
    match parse_variants(text, "bad.ini").require_all() {
        Ok(l) => panic!(
            "loaded {:?}",
            l.variants.iter().map(|v| &v.name).collect::<Vec<_>>()
        ),
        Err(e) => e
            .errors
            .iter()
            .map(|d| {
                assert_eq!(d.file, "bad.ini");
                format!("{}: {}", d.line, d.message)
            })
            .collect(),
    }
}

fn assert_error(text: &str, line: usize, part: &str) {
    let errs = errors(text);
    assert!(
        errs.iter()
            .any(|e| e.starts_with(&format!("{line}: ")) && e.contains(part)),
        "expected line {line} '{part}' in {errs:?}"
    );
}

/// The one variant of a file holding one section that loads.
fn one_section(text: &str) -> Variant {
    parse_variants(text, "t.ini")
        .require_all()
        .unwrap()
        .variants[0]
        .clone()
}

/// `v` written as a section has each of `key_lines`, and reads back equal.
fn assert_written_back(v: &Variant, key_lines: &[&str]) {
    let written = protean::variant::ini::write::to_ini(v).unwrap();
    for line in key_lines {
        assert!(written.contains(line), "{line}: {written}");
    }
    let back = parse_variants(&written, "w.ini").require_all().unwrap();
    assert!(back.variants[0] == *v, "{written}");
}

#[test]
fn malformed_file() {
    assert_error("[a:chess]\nmaxRank 6\n", 2, "expected '[name]'");
    assert_error("# x\n[a:chess\n", 2, "lacks its ']'");
    assert_error("maxRank = 6\n[a:chess]\n", 1, "before the first [section]");
    assert_error("[a:chess]\n[a:chess]\n", 2, "defined twice");
    assert_error("[a:chess]\nmaxRank = six\n", 2, "maxRank: expected a rank");
    assert_error(
        "[a:chess]\ncastling = yes\n",
        2,
        "castling: expected true or false",
    );
}

#[test]
fn unknown_parent() {
    assert_error("[a:nosuchgame]\n", 1, "unknown parent variant nosuchgame");
    assert_error("[b:a]\n[a:chess]\n", 1, "must come before it");
    // A child of a section that failed says so.
    assert_error(
        "[a:chess]\ncustomPiece1 = x:Y\n[b:a]\n",
        3,
        "parent variant a of [b] did not load",
    );
}

/// A file loads section by section: a bad section (and a child of it) is rejected with
/// its lines, the others load, lines before the first section are ignored.
#[test]
fn a_file_that_half_loads_still_loads() {
    let text = "maxRank = 6\n\
                [good1:chess]\nmaxRank = 8\n\
                [bad:chess]\nmaxRank = six\ncustomPiece1 = a:Y\n\
                [child:bad]\n\
                [broken:chess\nmaxRank = 5\n\
                [good2:good1]\n";
    let loaded = parse_variants(text, "half.ini");
    let names: Vec<&str> = loaded.variants.iter().map(|v| v.name.as_str()).collect();
    assert_eq!(names, ["good1", "good2"]);
    let rejected: Vec<String> = loaded.rejected.iter().map(|r| r.to_string()).collect();
    assert_eq!(
        rejected,
        [
            "half.ini:4: [bad] not loaded: maxRank: expected a rank (1..), not 'six' (line 5); \
             customPiece1: bad Betza string 'Y' at 0: unknown atom 'Y' (line 6)",
            "half.ini:7: [child] not loaded: parent variant bad of [child] did not load",
            "half.ini:8: [broken:chess] not loaded: section header '[broken:chess' lacks its ']'",
        ],
        "{rejected:#?}"
    );
    assert_eq!(loaded.stray.len(), 1);
    assert_eq!(loaded.stray[0].line, 1);
    // Files that must load whole (the built-ins') turn any of it into an error.
    let err = parse_variants(text, "half.ini").require_all().unwrap_err();
    let lines: Vec<usize> = err.errors.iter().map(|e| e.line).collect();
    assert_eq!(lines, [1, 5, 6, 7, 8]);
}

/// The sections of Fairy-Stockfish's own variants.ini that Protean plays (see
/// docs/variant-config.md, "Which sections of Fairy-Stockfish's file load"), in file order.
const FSF_LOADING: [&str; 122] = [
    "allwayspawns",
    "3check-crazyhouse",
    "atomic-giveaway",
    "atomic-giveaway-hill",
    "coffeehouse",
    "makhouse",
    "janggihouse",
    "anti-losalamos",
    "indiangreat",
    "centaurking",
    "maharajah",
    "maharajah2",
    "upsidedown",
    "peasant",
    "weak",
    "semitorpedo",
    "gemini",
    "pawnsonly",
    "pawnsking",
    "tictactoe",
    "grandhouse",
    "shogun",
    "caught-in-a-snag",
    "minihouse",
    "rookmate",
    "orda",
    "ordamirror",
    "gothhouse",
    "synochess",
    "capture",
    "doublearmy",
    "pawnsmassacre",
    "screen",
    "crossing",
    "4x5chess",
    "4x6chess",
    "5x6chess",
    "active",
    "advancedpawn",
    "captureall",
    "cornerrook",
    "diana",
    "microchess",
    "empire",
    "shinobi",
    "breakthrough5",
    "breakthrough6",
    "breakthrough7",
    "mansindam",
    "crossderby",
    "elimination",
    "antiatomic",
    "atomiczh",
    "chak",
    "chennis",
    "gorogoroplus",
    "dragonfly",
    "kamikazerooks",
    "mounted",
    "racingchess",
    "shinobimirror",
    "twokings2",
    "antiantichess",
    "antiminishogi",
    "antihouse",
    "coffeerace",
    "epicatomic",
    "checkmateless",
    "sixthrank",
    "fullmoon",
    "crowdedxiangqi",
    "massacre",
    "backrank",
    "cetus",
    "chessvshp",
    "ordavsempire",
    "kono",
    "xhess",
    "knights-halma",
    "allexplodeatomic",
    "hexapawn",
    "1d-chess",
    "tuktuk",
    "aralzaa",
    "bajr",
    "lewthwaite",
    "picaria",
    "nineholes",
    "tictacchess",
    "asimplegame",
    "alapo",
    "rooksquare",
    "allqueenschess",
    "capturethequeen",
    "river",
    "cowboys",
    "dragon-chess",
    "nim",
    "roll-ing-to-four",
    "quadwrangle",
    "quadwrangle7x7",
    "crusade",
    "blackletter",
    "castle",
    "squatter",
    "opposite-castling",
    "gethenian",
    "ajax-orthodox",
    "petty",
    "teeko",
    "haynie",
    "la-mancha-squeez",
    "la-mancha-duel",
    "argess",
    "quasi-shatranj",
    "symphony",
    "three-musketeers",
    "muje",
    "andersgiveaway",
    "andersanti",
    "leaperhouse",
    "mandala",
];

/// Fairy-Stockfish's whole variants.ini (engine-tests/ini/fairy-stockfish-variants.ini,
/// unchanged): every section is either loaded or rejected with its header's line and a
/// reason, the ones Protean plays load, and a section whose parent was rejected says so.
#[test]
fn fairy_stockfish_whole_variants_ini_loads_what_it_can() {
    let path = common::data_dir()
        .join("ini")
        .join("fairy-stockfish-variants.ini");
    let text = std::fs::read_to_string(&path).unwrap();
    let loaded = parse_variants(&text, "variants.ini");
    let headers: Vec<(usize, String)> = text
        .lines()
        .enumerate()
        .filter_map(|(i, l)| {
            let inner = l.trim().strip_prefix('[')?.strip_suffix(']')?;
            Some((i + 1, inner.split(':').next().unwrap().trim().to_string()))
        })
        .collect();
    assert_eq!(headers.len(), 143);
    let names: Vec<&str> = loaded.variants.iter().map(|v| v.name.as_str()).collect();
    assert_eq!(names, FSF_LOADING);
    assert!(loaded.stray.is_empty(), "{:?}", loaded.stray);
    for (line, name) in &headers {
        let is_loaded = names.contains(&name.as_str());
        let rejected = loaded.rejected.iter().find(|r| r.name == *name);
        match (is_loaded, rejected) {
            (true, None) => {}
            (false, Some(r)) => {
                assert_eq!(r.line, *line, "{r}");
                assert!(
                    !r.errors.is_empty() && r.errors.iter().all(|e| e.line >= *line),
                    "{r}"
                );
            }
            _ => panic!("[{name}] (line {line}): loaded {is_loaded}, rejected {rejected:?}"),
        }
    }
    assert_eq!(names.len() + loaded.rejected.len(), headers.len());
    // A child of a rejected section names its parent.
    let child = loaded
        .rejected
        .iter()
        .find(|r| r.name == "cfour-misere")
        .unwrap();
    assert!(
        child.to_string().contains("parent variant cfour"),
        "{child}"
    );

    // Over UCI: one `info string rejected:` line per rejected section, the loaded ones
    // playable; from the command line the same report goes to stderr.
    let input = format!(
        "uci\nsetoption name VariantPath value {}\n\
         setoption name UCI_Variant value haynie\nposition startpos\ngo perft 1\nquit\n",
        path.display()
    );
    let (out, _, _) = run_binary(&["uci"], &input);
    let rejected_lines = out
        .lines()
        .filter(|l| l.starts_with("info string rejected: "))
        .count();
    assert_eq!(rejected_lines, loaded.rejected.len(), "{out}");
    assert!(
        out.contains(&format!(
            "info string loaded {} variant(s) from {}, {} section(s) rejected",
            FSF_LOADING.len(),
            path.display(),
            loaded.rejected.len()
        )),
        "{out}"
    );
    assert!(out.contains("Nodes searched: "), "{out}");
    assert!(!out.contains("info string error"), "{out}");
    let path_arg = path.to_str().unwrap();
    let (out, err, ok) = run_binary(
        &[
            "--variants-file",
            path_arg,
            "perft",
            "1",
            "--variant",
            "haynie",
        ],
        "",
    );
    assert!(ok && out.contains("Nodes searched: "), "{out}{err}");
    let stderr_rejected = err.lines().filter(|l| l.starts_with("rejected: ")).count();
    assert_eq!(stderr_rejected, loaded.rejected.len(), "{err}");
}

#[test]
fn bad_betza() {
    assert_error("[a:chess]\ncustomPiece1 = a:Y\n", 2, "bad Betza string 'Y'");
    assert_error(
        "[a:chess]\ncustomPiece1 = a\n",
        2,
        "expected 'letter:BETZA'",
    );
    assert_error("[a:chess]\nking = k:jQ\n", 2, "bad Betza string");
}

#[test]
fn fen_that_does_not_fit() {
    // Too many squares on a rank, for its own FEN and for an inherited one.
    assert_error(
        "[a:chess]\nmaxFile = 7\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1\ncastling = false\n",
        3,
        "startFen: bad FEN",
    );
    assert_error("[a:chess]\nmaxRank = 6\n", 1, "does not fit [a]");
    // Unknown piece letters in the FEN and in rules.
    assert_error(
        "[a:chess]\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNZ w KQkq - 0 1\n",
        2,
        "startFen: bad FEN",
    );
    assert_error(
        "[a:chess]\npromotionPieceTypes = qz\n",
        2,
        "no piece with letter 'z'",
    );
    assert_error(
        "[a:chess]\nextinctionPieceTypes = z\n",
        2,
        "no piece with letter 'z'",
    );
}

#[test]
fn rules_we_lack_are_rejected_not_ignored() {
    // Racing Kings' reply rule is for one unguarded royal arrival only.
    assert_error(
        "[a:racingkings]\nflagPieceSafe = true\n",
        2,
        "flagMove with a royal flag piece and flagPieceSafe, flagPieceCount or \
         flagPieceBlockedWin is not implemented",
    );
    assert_error(
        "[a:kingofthehill]\nflagPieceCount = 0\n",
        2,
        "flagPieceCount: expected 1 or more, not 0",
    );
    // Promotion only by captures, on a zone that is not the whole board.
    assert_error(
        "[a:micro]\npromotionRegionWhite = *5\npromotionRegionBlack = *1\n",
        1,
        "piecePromotionOnCapture with a promotion zone that is not the whole board",
    );
    assert_error(
        "[a:crazyhouse]\ndropOnTop = true\n",
        2,
        "'dropOnTop = true': this drop, hand or gating rule is not implemented yet",
    );
    assert_error(
        "[a:chess]\ngating = true\n",
        2,
        "'gating = true' without 'seirawanGating = true'",
    );
    assert_error(
        "[a:chess]\nseirawanGating = true\n",
        2,
        "'seirawanGating = true' needs 'gating = true'",
    );
    assert_error(
        "[a:placement]\nmustDropType = z\n",
        2,
        "mustDropType: no piece with letter 'z'",
    );
    assert_error(
        "[a:crazyhouse]\npieceDemotion = true\n",
        2,
        "pieceDemotion beside pawn promotions (promotionPieceTypes) is not implemented",
    );
    assert_error(
        "[a:crazyhouse]\ndropPromoted = true\n",
        2,
        "dropPromoted without a piece promotion",
    );
    assert_error(
        "[a:shogun]\nmandatoryPiecePromotion = true\n",
        2,
        "mandatoryPiecePromotion with a promotionLimit on 'g' is not implemented",
    );
    assert_error(
        "[a:chess]\nconnectRegion1White = *1\n",
        2,
        "'connectRegion1White = *1' needs a rule Protean does not implement",
    );
    // A piece without moves is the `immobile` type; a custom piece needs its Betza.
    assert_error(
        "[a:chess]\ncustomPiece1 = i:\n",
        2,
        "expected 'letter:BETZA'",
    );
    assert_error("[a:chess]\ncheckmateValue = draw\n", 2, "only 'loss'");
    assert_error(
        "[a:chess]\ncastlingRank = 11\n",
        2,
        "castlingRank 11 is off a board of 8 ranks",
    );
    assert_error(
        "[a:chess]\npromotionRegionWhite = a8 b8\nmandatoryPawnPromotion = false\n",
        2,
        "promotion regions that are not whole ranks",
    );
}

/// Each side has its own drop region, as ranks relative to it: both on White's first
/// rank, and Black's alone (Synochess's `dropRegionBlack = *5`, White's whole board
/// kept); the writer states both sides' regions and they read back equal.
#[test]
fn drop_regions_per_side_load_and_write_back() {
    let both_on_rank_1 =
        one_section("[a:chess]\npieceDrops = true\ndropRegionWhite = *1\ndropRegionBlack = *1\n");
    let h = both_on_rank_1.hands.as_ref().unwrap();
    // Pawns never drop on their first rank, so White's pawn has no drop square.
    assert_eq!(h.drop_ranks[WHITE][0], ('P', vec![]));
    assert_eq!(h.drop_ranks[WHITE][1], ('N', vec![0]));
    // Black's first rank is its pawns' promotion rank.
    assert_eq!(h.drop_ranks[BLACK][0], ('P', vec![]));
    assert_eq!(h.drop_ranks[BLACK][1], ('N', vec![7]));
    assert_written_back(
        &both_on_rank_1,
        &["dropRegionWhite = *1\n", "dropRegionBlack = *1\n"],
    );

    let black_only = one_section("[a:crazyhouse]\ndropRegionBlack = *5\n");
    let h = black_only.hands.as_ref().unwrap();
    let pawn_ranks: Vec<usize> = (1..7).collect();
    assert_eq!(h.drop_ranks[WHITE], [('P', pawn_ranks)]);
    assert!(h.drop_ranks[BLACK].iter().all(|(_, r)| *r == [3]));
    assert_written_back(
        &black_only,
        &[
            "dropRegionWhite = *1 *2 *3 *4 *5 *6 *7 *8\n",
            "dropRegionBlack = *5\n",
        ],
    );
}

#[test]
fn drop_and_region_values_protean_cannot_represent_are_errors() {
    assert_error(
        "[a:crazyhouse]\ndropRegionWhite = a1 b1\n",
        2,
        "only whole ranks",
    );
    assert_error(
        "[a:crazyhouse]\npromotedPieceType = n:x\n",
        2,
        "promotedPieceType: no piece with letter 'x'",
    );
    assert_error(
        "[a:crazyhouse]\ncommoner = c\npromotedPieceType = n:c c:q\nimmobilityIllegal = true\n",
        3,
        "'c' is a promoted type that promotes again",
    );
    assert_error(
        "[a:shogun]\nimmobilityIllegal = false\n",
        1,
        "without 'immobilityIllegal = true'",
    );
    assert_error(
        "[a:crazyhouse]\ncommoner = c\npromotedPieceType = p:c\nimmobilityIllegal = true\n",
        3,
        "promotes both by promotionPieceTypes and shogi-style",
    );
    assert_error(
        "[a:seirawan]\ncastling = false\n",
        1,
        "gating (its rights share the FEN's castling field) needs castling",
    );
    assert_error(
        "[a:chess]\ncapturesToHand = true\n",
        2,
        "capturesToHand without pieceDrops",
    );
    assert_error(
        "[a:xiangqi]\nmobilityRegionWhiteFers = d1 e2\nmobilityRegionBlackFers = d10 e9\n",
        3,
        "only rectangular mobility regions",
    );
    // A side the section leaves out keeps its region (here the whole board): Black's
    // queen is then no mirror image of White's.
    assert_error(
        "[a:chess]\nmobilityRegionWhiteQueen = *1 *2\n",
        2,
        "mobility regions that are not mirror images",
    );
    assert_error(
        "[a:chess]\nmobilityRegionWhiteAmazon = *1\nmobilityRegionBlackAmazon = *8\n",
        2,
        "no piece of type amazon",
    );
    // Found by the fuzzer: a new start FEN under an inherited check count states the
    // count anew (it used to keep the parent's and not read back once written); one
    // without a check field gives one check each, Fairy-Stockfish's default.
    let loaded = parse_variants(
        "[ate:3check]\nstartFen = RNBKQBNR/PPPPPPPP/8/8/8/8/pppppppp/rnbkqbnr w - - 0 1\n",
        "ate.ini",
    )
    .require_all()
    .expect("loads");
    assert_eq!(loaded.variants[0].end.check_limit, Some(1));
    // Found by the fuzzer: a type written with a small first letter used to panic.
    assert_error(
        "[a:chess]\nmobilityRegionWhitep2/1p = *1\n",
        2,
        "no piece of type p2/1p",
    );
    assert_error(
        "[a:chess]\nmobilityRegionWhitequeen = *1\nmobilityRegionBlackQueen = *8\n",
        2,
        "write it mobilityRegionWhiteQueen",
    );
    // Drops of a confined kind go into its mobility region (Reentrant's halves), as
    // Fairy-Stockfish's drop squares do: Xiangqi with drops loads.
    parse_variants("[a:xiangqi]\npieceDrops = true\n", "a.ini")
        .require_all()
        .expect("confined kinds drop into their regions");
    assert_error(
        "[a:chess]\nproteanSetup = random\n",
        2,
        "proteanSetup: expected fixed",
    );
    assert_error(
        "[a:chess]\nproteanPieceOrder = pnbrq\n",
        2,
        "proteanPieceOrder: expected every piece letter once",
    );
}

/// The drop keys on chess give the built-in crazyhouse, and Fairy-Stockfish's grandhouse
/// section (engine-tests/fsf-variants.ini) the built-in grandhouse, field for field
/// (the name and the describing text aside); a child of crazyhouse changes its hands.
#[test]
fn drop_keys_give_the_house_builtins() {
    let strip = |v: &Variant| Variant {
        name: String::new(),
        aliases: vec![],
        description: String::new(),
        ..v.clone()
    };
    let text = "[zh:chess]\npieceDrops = true\ncapturesToHand = true\n\
                startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1\n\
                [zh1:crazyhouse]\nfirstRankPawnDrops = true\n[nozh:crazyhouse]\npieceDrops = false\n";
    let loaded = parse_variants(text, "t.ini")
        .require_all()
        .unwrap()
        .variants;
    let zh = find_variant("crazyhouse").unwrap();
    assert_eq!(strip(&loaded[0]), strip(&zh));
    let hands = loaded[1].hands.as_ref().unwrap();
    let pawn_ranks = vec![('P', (0..7).collect::<Vec<usize>>())];
    assert_eq!(hands.drop_ranks, [pawn_ranks.clone(), pawn_ranks]);
    assert!(loaded[2].hands.is_none());
    let fsf = load(&common::data_dir().join("fsf-variants.ini"));
    let grandhouse = fsf.iter().find(|v| v.name == "grandhouse").unwrap();
    assert_eq!(
        strip(grandhouse),
        strip(&find_variant("grandhouse").unwrap())
    );
}

#[test]
fn defaults_and_display_keys_only_warn() {
    let text = "[a:chess]\ndropOnTop = false\npieceToCharTable = PNBRQ\nnoSuchKey = 1\n";
    let loaded = parse_variants(text, "ok.ini").require_all().unwrap();
    assert_eq!(loaded.variants.len(), 1);
    let w: Vec<String> = loaded.warnings.iter().map(|d| d.to_string()).collect();
    assert!(
        w[0].starts_with("ok.ini:2: 'dropOnTop' is not implemented"),
        "{w:?}"
    );
    assert!(
        w[1].starts_with("ok.ini:3: 'pieceToCharTable' only concerns display"),
        "{w:?}"
    );
    assert!(
        w[2].starts_with("ok.ini:4: unknown key 'noSuchKey'"),
        "{w:?}"
    );
}

/// A section builds the same rules as the built-in it restates: the loaded variant
/// equals the built-in field for field where Fairy-Stockfish's format can say it.
#[test]
fn a_child_that_changes_nothing_equals_its_parent() {
    for parent in [
        "chess",
        "capablanca",
        "grand",
        "atomic",
        "xiangqi",
        "antichess",
        "3check",
    ] {
        let text = format!("[copy:{parent}]\n");
        let v = &parse_variants(&text, "t.ini")
            .require_all()
            .unwrap()
            .variants[0];
        let b = find_variant(parent).unwrap();
        let strip = |v: &Variant| Variant {
            name: String::new(),
            aliases: vec![],
            description: String::new(),
            ..v.clone()
        };
        assert_eq!(strip(v), strip(&b), "{parent}");
    }
}

/// A user variant from scratch (no parent): Fairy-Stockfish's template is chess rules
/// without pieces.
#[test]
fn a_variant_without_parent() {
    let text = "[mini]\nmaxRank = 5\nmaxFile = 5\npawn = p\nrook = r\nking = k\n\
                startFen = 1rk2/ppppp/5/PPPPP/1RK2 w - - 0 1\npromotionRegionWhite = *5\n\
                promotionRegionBlack = *1\ndoubleStep = false\ncastling = false\n";
    let v = &parse_variants(text, "t.ini")
        .require_all()
        .unwrap()
        .variants[0];
    assert_eq!((v.files, v.ranks), (5, 5));
    assert_eq!(v.promotion.as_ref().unwrap().ranks, vec![4]);
    assert_eq!(v.promotion.as_ref().unwrap().targets, vec!['R']);
    let mut g = Game::new(&Arc::new(v.clone()), None).unwrap();
    // By hand: five pawn steps (rank 3 is empty, nothing to capture), the rook's one
    // step to a1 (its other neighbours are its own pieces), the king's one step to d1.
    assert_eq!(g.perft(1), 7);
}

/// `dropChecks = false` (Atomic Zh, Supply): a drop may not give check, other moves may;
/// the key is written back and read back equal.
#[test]
fn drop_checks_false_forbids_checking_drops_only() {
    let v = one_section("[nodropchecks:crazyhouse]\ndropChecks = false\n");
    assert!(!v.hands.as_ref().unwrap().drop_checks);
    assert_written_back(&v, &["dropChecks = false"]);
    let fen = "4k3/8/8/8/8/8/8/R3K3[Q] w - - 0 1";
    // By hand, in Crazyhouse: 61 queen drops, the rook's 10 moves, the king's 5.
    assert_eq!(Game::by_name("crazyhouse", Some(fen)).unwrap().perft(1), 76);
    // Without checking drops: not the 20 squares from which a queen sees e8 (e2-e7,
    // the rest of rank 8, d7 c6 b5 a4, f7 g6 h5); the rook's check Ra8 stays.
    let g = Game::new(&Arc::new(v), Some(fen)).unwrap();
    let moves = g.legal_moves_uci();
    assert_eq!(moves.len(), 56, "{moves:?}");
    assert!(moves.iter().any(|m| m == "a1a8"), "{moves:?}");
    for checking in ["Q@e2", "Q@e7", "Q@a8", "Q@h8", "Q@a4", "Q@h5"] {
        assert!(
            !moves.iter().any(|m| m == checking),
            "{checking}: {moves:?}"
        );
    }
    assert!(moves.iter().any(|m| m == "Q@d6"), "{moves:?}");
}

/// Runs the binary with `args`, feeds it `input`, returns (stdout, stderr, success).
fn run_binary(args: &[&str], input: &str) -> (String, String, bool) {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_protean"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start protean");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.success(),
    )
}

fn temp_file(name: &str, text: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("protean-{}-{name}", std::process::id()));
    std::fs::write(&path, text).unwrap();
    path
}

const GOOD: &str = "# Chess with an amazon (queen + knight) for the queen.\n\
                    [amazonchess:chess]\nqueen = -\namazon = q\npromotionPieceTypes = qrbn\n";

#[test]
fn uci_variant_path_adds_variants_and_survives_bad_files() {
    let good = temp_file("good.ini", GOOD);
    let bad = temp_file("bad.ini", "[broken:chess]\ncustomPiece1 = a:XYZ\n");
    let input = format!(
        "uci\n\
         setoption name VariantPath value {}\n\
         setoption name VariantPath value {}\n\
         setoption name VariantPath value /no/such/file.ini\n\
         setoption name UCI_Variant value amazonchess\n\
         position startpos moves d1c3\n\
         go perft 1\n\
         setoption name UCI_Variant value broken\n\
         isready\n\
         quit\n",
        good.display(),
        bad.display()
    );
    let (out, _, _) = run_binary(&["uci"], &input);
    let lines: Vec<&str> = out.lines().collect();
    let combos: Vec<&&str> = lines
        .iter()
        .filter(|l| l.starts_with("option name UCI_Variant"))
        .collect();
    // Announced at `uci`, again after the good file, not after the bad ones.
    assert_eq!(combos.len(), 2, "{out}");
    assert!(!combos[0].contains("var amazonchess"));
    assert!(combos[1].contains("var chess") && combos[1].ends_with(" var amazonchess"));
    assert!(out.contains("info string loaded 1 variant(s)"), "{out}");
    let errors: Vec<&&str> = lines
        .iter()
        .filter(|l| l.starts_with("info string error:"))
        .collect();
    assert_eq!(errors.len(), 2, "{out}");
    // The bad file's one section is rejected, with its line and why; nothing else.
    assert!(
        out.contains("info string rejected: ")
            && out.contains("bad.ini:1: [broken] not loaded: customPiece1: bad Betza string")
            && out.contains("(line 2)"),
        "{out}"
    );
    assert!(
        out.contains("info string loaded 0 variant(s) from ")
            && out.contains(", 1 section(s) rejected"),
        "{out}"
    );
    assert!(
        errors[0].contains("cannot read variants file /no/such/file.ini"),
        "{out}"
    );
    assert!(errors[1].contains("unknown variant 'broken'"), "{out}");
    // The amazon leapt to c3 as a knight (a queen could not). Black's replies: the 20 of
    // chess (nothing changed on its side) plus its own amazon's leaps to c6 and e6.
    let nodes: u64 = lines
        .iter()
        .find_map(|l| l.strip_prefix("Nodes searched: "))
        .expect("perft answered")
        .trim()
        .parse()
        .unwrap();
    let fen = "rnbqkbnr/pppppppp/8/8/8/2Q5/PPPPPPPP/RNB1KBNR b KQkq - 1 1";
    let chess_replies = Game::by_name("chess", Some(fen)).unwrap().perft(1);
    assert_eq!(nodes, chess_replies + 2, "{out}");
    assert!(out.contains("readyok"));
    std::fs::remove_file(good).ok();
    std::fs::remove_file(bad).ok();
}

#[test]
fn variants_file_flag_works_for_commands() {
    let good = temp_file("flag.ini", GOOD);
    let path = good.to_str().unwrap();
    let (out, err, ok) = run_binary(&["--variants-file", path, "variants"], "");
    assert!(ok, "{err}");
    assert!(out.lines().any(|l| l.starts_with("amazonchess ")), "{out}");
    // White's amazon on d1 behind its pawns adds the knight leaps to c3 and e3 (b2 and
    // f2 hold its own pawns) to the 20 moves of chess.
    let (out, err, ok) = run_binary(
        &[
            "perft",
            "1",
            "--variant",
            "amazonchess",
            "--variants-file",
            path,
        ],
        "",
    );
    assert!(ok, "{err}");
    assert!(out.contains("Nodes searched: 22"), "{out}");
    let bad = temp_file("flag-bad.ini", "[x:nosuch]\n");
    let (_, err, ok) = run_binary(
        &["--variants-file", bad.to_str().unwrap(), "perft", "1"],
        "",
    );
    // A rejected section is reported and the command goes on with what did load.
    assert!(ok, "{err}");
    assert!(
        err.contains("rejected: ")
            && err.contains("flag-bad.ini:1: [x] not loaded: unknown parent variant nosuch"),
        "{err}"
    );
    // A file that cannot be read stops a one-shot command.
    let (_, err, ok) = run_binary(&["--variants-file", "/no/such.ini", "perft", "1"], "");
    assert!(
        !ok && err.contains("cannot read variants file /no/such.ini"),
        "{err}"
    );
    std::fs::remove_file(good).ok();
    std::fs::remove_file(bad).ok();
}

/// The lines where the pretty-printed values of `a` and `b` differ (with the field path
/// above them), so that a failed comparison names the fields.
fn field_differences(a: &Variant, b: &Variant) -> Vec<String> {
    let (a, b) = (format!("{a:#?}"), format!("{b:#?}"));
    let (a, b): (Vec<&str>, Vec<&str>) = (a.lines().collect(), b.lines().collect());
    let mut out = Vec::new();
    for (i, (x, y)) in a.iter().zip(&b).enumerate() {
        if x != y {
            let context = a[..i]
                .iter()
                .rev()
                .find(|l| l.trim_end().ends_with('{'))
                .unwrap_or(&"");
            out.push(format!(
                "{} ... {} != {}",
                context.trim(),
                x.trim(),
                y.trim()
            ));
        }
    }
    if a.len() != b.len() {
        out.push(format!("{} lines != {} lines", a.len(), b.len()));
    }
    out.truncate(8);
    out
}

/// Round trip: every built-in written out as a self-contained section
/// (`variant::ini::write`) and read back is the built-in field for field, and gives the
/// built-in's counts on its suite.
#[test]
fn every_builtin_written_out_and_read_back_is_the_builtin() {
    use protean::variant::builtin_variants;
    use protean::variant::ini::write::to_ini;
    let dir = common::data_dir().join("perft");
    let mut failures = Vec::new();
    let mut suites = 0;
    for b in builtin_variants() {
        let text = match to_ini(b) {
            Ok(text) => text,
            Err(why) => {
                failures.push(format!("{} is not written: {why}", b.name));
                continue;
            }
        };
        let loaded = match parse_variants(&text, &format!("{}.ini", b.name)).require_all() {
            Ok(l) => l.variants,
            Err(e) => {
                failures.push(format!("{} does not read back: {e}\n{text}", b.name));
                continue;
            }
        };
        assert_eq!(loaded.len(), 1);
        if loaded[0] != **b {
            failures.push(format!(
                "{} reads back different: {:?}",
                b.name,
                field_differences(&loaded[0], b)
            ));
        }
        let suite = dir.join(format!("{}.perft", b.name));
        if suite.exists() {
            let (mut f, checked) = check_suite(&loaded[0], &suite);
            assert!(checked > 0, "{}: nothing checked", b.name);
            failures.append(&mut f);
            suites += 1;
        }
    }
    assert!(suites >= 30, "only {suites} suites");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// `protean variants --ini` prints the built-ins' own file (src/variant/builtins.ini,
/// embedded), and that file, loaded as a user's file would be (start positions set up,
/// each section replacing the built-in of its name), gives every built-in field for
/// field, in order, without a warning.
#[test]
fn variants_ini_prints_the_builtins_file_which_loads_as_the_builtins() {
    use protean::variant::builtin::BUILTINS_INI;
    use protean::variant::builtin_variants;
    let (printed, err, ok) = run_binary(&["variants", "--ini"], "");
    assert!(ok, "{err}");
    assert!(
        printed == BUILTINS_INI,
        "`variants --ini` is not builtins.ini"
    );
    let loaded = match parse_variants(BUILTINS_INI, "builtins.ini").require_all() {
        Ok(l) => l,
        Err(e) => panic!("{e}"),
    };
    assert!(loaded.warnings.is_empty(), "{:?}", loaded.warnings);
    let builtins = builtin_variants();
    assert_eq!(loaded.variants.len(), builtins.len());
    for (v, b) in loaded.variants.iter().zip(builtins) {
        assert!(v == b.as_ref(), "{}: {:?}", b.name, field_differences(v, b));
    }
    // One variant by name (an alias works too), as a self-contained section.
    let (one, err, ok) = run_binary(&["variants", "--ini", "zh"], "");
    assert!(ok, "{err}");
    assert!(
        one.contains("\n[crazyhouse]\n") && !one.contains("[chess]"),
        "{one}"
    );
    let (_, err, ok) = run_binary(&["variants", "--ini", "nosuch"], "");
    assert!(!ok && err.contains("unknown variant 'nosuch'"), "{err}");
}

/// `protean --variants-file FILE perft 1 --variant NAME`: the node count, or the error.
fn perft1_with(file: &Path, variant: &str) -> Result<u64, String> {
    let (out, err, ok) = run_binary(
        &[
            "--variants-file",
            file.to_str().unwrap(),
            "perft",
            "1",
            "--variant",
            variant,
        ],
        "",
    );
    if !ok {
        return Err(err);
    }
    Ok(out
        .lines()
        .find_map(|l| l.strip_prefix("Nodes searched: "))
        .unwrap_or_else(|| panic!("no node count: {out}"))
        .trim()
        .parse()
        .unwrap())
}

/// A file that redefines a built-in takes its aliases along: `chess960` and
/// `fischerrandom` name the new `fischerandom` (bare kings: 5 moves, not chess's 20),
/// from the command line, over UCI and as a parent in the same file; a section that
/// names its own aliases drops the old ones.
#[test]
fn replacing_a_builtin_repoints_its_aliases() {
    let kept = temp_file(
        "alias-kept.ini",
        "[fischerandom:chess]\nstartFen = 4k3/8/8/8/8/8/8/4K3 w - - 0 1\n\
         proteanDescription = bare kings\n\
         [child:chess960]\nproteanDescription = a child of the new one\n",
    );
    for name in ["fischerandom", "chess960", "FischerRandom", "child"] {
        assert_eq!(perft1_with(&kept, name), Ok(5), "{name}");
    }
    assert_eq!(perft1_with(&kept, "chess"), Ok(20));
    let (list, err, ok) = run_binary(&["--variants-file", kept.to_str().unwrap(), "variants"], "");
    assert!(ok, "{err}");
    let lines: Vec<&str> = list.lines().collect();
    let fischer: Vec<&&str> = lines
        .iter()
        .filter(|l| l.starts_with("fischerandom "))
        .collect();
    assert_eq!(fischer.len(), 1, "{list}");
    assert!(
        fischer[0].contains("bare kings (also: chess960, fischerrandom)"),
        "{list}"
    );
    // In the built-in's place: second, after chess.
    assert!(lines[1].starts_with("fischerandom "), "{list}");

    let own = temp_file(
        "alias-own.ini",
        "[fischerandom:chess]\nstartFen = 4k3/8/8/8/8/8/8/4K3 w - - 0 1\nproteanAliases = fr\n",
    );
    assert_eq!(perft1_with(&own, "fr"), Ok(5));
    let err = perft1_with(&own, "chess960").unwrap_err();
    assert!(err.contains("unknown variant 'chess960'"), "{err}");

    let input = format!(
        "uci\nsetoption name VariantPath value {}\n\
         setoption name UCI_Variant value chess960\nposition startpos\ngo perft 1\nquit\n",
        kept.display()
    );
    let (out, _, _) = run_binary(&["uci"], &input);
    assert!(out.contains("Nodes searched: 5"), "{out}");
    std::fs::remove_file(kept).ok();
    std::fs::remove_file(own).ok();
}

/// Alea Evangelii's guards in a user's file: `proteanCustodianGuards` is written and read
/// back; a copy of the game whose guards are men (`-`) plays differently (two attackers
/// on a line take the piece on j11 there, never the guard: RULES-MORE.md AE5a); a letter
/// that names no piece is an error on its line.
#[test]
fn custodian_guards_are_written_and_read_back() {
    use protean::variant::ini::write::to_ini;
    let alea = find_variant("aleaevangelii").unwrap();
    let text = to_ini(&alea).unwrap();
    assert!(text.contains("\nproteanCustodianGuards = g\n"), "{text}");
    let loaded = parse_variants(&text, "alea.ini").require_all().unwrap();
    assert!(loaded.variants[0] == *alea);

    let custodian = "proteanCustodianCapture = true\nproteanCustodianKing = k\n\
        proteanCustodianKingSide = white\n\
        proteanCustodianRestricted = a1 b1 a2 b2 r1 s1 r2 s2 a18 b18 a19 b19 r18 s18 r19 s19 j10\n\
        proteanCustodianHostile = a1 b1 a2 b2 r1 s1 r2 s2 a18 b18 a19 b19 r18 s18 r19 s19 j10\n\
        proteanCustodianKingCapture = enclosedOrEdge\n";
    let fen = "19/19/19/19/19/19/10m8/19/8mG9/19/19/19/19/19/4K14/19/19/19/19 b - - 0 1";
    let taken_on_j11 = |guards: &str| {
        let text =
            format!("[aleamen:aleaevangelii]\n{custodian}proteanCustodianGuards = {guards}\n");
        let v = parse_variants(&text, "men.ini").require_all().unwrap();
        let v = Arc::new(v.variants.into_iter().next().unwrap());
        let mut g = Game::new(&v, Some(fen)).unwrap();
        g.play_uci("k13k11").unwrap();
        !g.fen().contains("8mG")
    };
    assert!(!taken_on_j11("g"));
    assert!(taken_on_j11("-"));

    assert_error(
        &format!("[x:aleaevangelii]\n{custodian}proteanCustodianGuards = q\n"),
        8,
        "no piece with letter 'q'",
    );
}

/// Found by the fuzzer: a child that shrinks its parent's board kept the parent's
/// off-board ranks and regions, and the writer then wrote squares such as `*0`. The
/// parent's board-bound data is cut to the new board, so the section writes out and
/// reads back as itself.
#[test]
fn a_smaller_board_cuts_the_parents_regions() {
    use protean::variant::ini::write::to_ini;
    let text = "[cr:xiangqi]\nmaxRank = 6\nmaxFile = f\ncustomPiece1 = w:mR\n\
                startFen = wwwwww/6/6/6/6/WWWWWW w - - 0 1\n";
    let loaded = parse_variants(text, "cr.ini").require_all().unwrap();
    let v = &loaded.variants[0];
    for p in &v.pieces {
        if let Some(r) = &p.region {
            assert!(
                *r.files.end() < 6 && *r.ranks.end() < 6,
                "{}: {r:?}",
                p.name
            );
        }
    }
    let written = to_ini(v).unwrap();
    let back = parse_variants(&written, "written.ini")
        .require_all()
        .unwrap_or_else(|e| panic!("{e}\n{written}"));
    assert!(back.variants[0] == *v, "{written}");
    // A region that the new board leaves empty is refused, with the reason.
    assert_error(
        "[tiny:xiangqi]\nmaxRank = 2\nmaxFile = c\nstartFen = 3/3/3 w - - 0 1\n",
        3,
        "leaves no square of the",
    );
}

#[test]
fn lookahead_rule_keys_refuse_bad_values() {
    // The batch-4 GOAL keys: a linkage run is 2..19 squares, the others one letter or a
    // boolean; each bad value is a clear error on its line.
    assert_error(
        "[a:chess]\nproteanLinkageRun = 1\n",
        2,
        "a linkage run is 2..19",
    );
    assert_error("[a:chess]\nproteanLinkageRun = x\n", 2, "proteanLinkageRun");
    assert_error(
        "[a:chess]\nproteanSeriesMate = maybe\n",
        2,
        "proteanSeriesMate",
    );
    assert_error(
        "[a:chess]\nproteanBlunderMate = 2\n",
        2,
        "proteanBlunderMate",
    );
    assert_error(
        "[a:chess]\nproteanMatedRoyalWins = qr\n",
        2,
        "one piece letter",
    );
    assert_error(
        "[a:chess]\nproteanMatedRoyalWins = z\n",
        2,
        "no piece with letter 'z'",
    );
}

#[test]
fn two_step_evasions_key_reads_back_and_refuses_what_it_cannot_encode() {
    // Deadline's rule on a user's game: written out and read back equal, and its book
    // position 2 gives the same 15 turns.
    let text = "[mydeadline:chess]\nproteanTwoStepEvasions = true\n";
    let v = one_section(text);
    assert!(v.goal.two_step_evasions);
    assert_written_back(&v, &["proteanTwoStepEvasions = true"]);
    let mut g = Game::new(&Arc::new(v), Some("4r2k/8/8/8/8/8/R7/4K3 w - - 0 1")).unwrap();
    assert_eq!(g.perft(1), 15);
    assert_error(
        "[a:chess]\nproteanTwoStepEvasions = often\n",
        2,
        "proteanTwoStepEvasions",
    );
    // The promotion either step makes is two bits of the move: more than four targets,
    // or optional promotion, cannot be encoded, and the loader refuses such a game when
    // it checks the start position against the compiled rules.
    assert_error(
        "[b:chess]\nproteanTwoStepEvasions = true\npromotionPieceTypes = qrbnk\n",
        1,
        "at most four promotion targets",
    );
}

#[test]
fn return_to_owner_key_reads_back_and_refuses_bad_values() {
    // Donnybrook's pool on a user's game: written out and read back equal, and the
    // book's test 2 (a knight to place, then a step of K or Q) gives the same 472 turns.
    let text = "[mybrook:chess]\nking = -\ncommoner = k\nqueen = -\ncustomPiece1 = q:K\n\
                castling = false\npromotionPieceTypes = rbn\nproteanMaterialLoss = kq<=0\n\
                proteanReturnToOwner = r b:q n:k\n";
    let v = one_section(text);
    assert_eq!(
        v.goal.pool_returns,
        [('R', None), ('B', Some('Q')), ('N', Some('K'))]
    );
    assert_written_back(&v, &["proteanReturnToOwner = r b:q n:k"]);
    let mut g = Game::new(&Arc::new(v), Some("3qk3/8/8/8/8/8/8/3QK3[N] w - - 0 1")).unwrap();
    assert_eq!(g.perft(1), 472);
    assert_error("[a:chess]\nproteanReturnToOwner = r r\n", 2, "listed twice");
    assert_error(
        "[a:chess]\nproteanReturnToOwner = rb:q\n",
        2,
        "one piece letter",
    );
    assert_error(
        "[a:chess]\nproteanReturnToOwner = z\n",
        2,
        "no piece with letter 'z'",
    );
    // The pool turn is one compound move: no castling, no drops beside it.
    assert_error(
        "[a:chess]\nproteanReturnToOwner = r\n",
        1,
        "without castling",
    );
}

/// The game of the loaded section `name` from `fen` after `moves` (UCI), each of which
/// must be legal.
fn play_loaded(loaded: &Loaded, name: &str, fen: &str, moves: &[&str]) -> Game {
    let v = loaded.variants.iter().find(|v| v.name == name).unwrap();
    let mut g = Game::new(&Arc::new(v.clone()), Some(fen)).unwrap();
    for m in moves {
        g.play_uci(m).unwrap();
    }
    g
}

/// `passOnStalemate` (Fairy-Stockfish's `andersanti` and `andersgiveaway` sections, and
/// the per-colour keys): a side with no legal move that is not in check passes, written
/// as a piece's move to its own square (the royal's, else the lowest-numbered piece's:
/// `a2a2` with pawns on a2 and h3); a pawn's pass resets the move clock; two passes in a
/// row draw. Every legal list, FEN, SAN and result below is pyffish 0.0.90's
/// (`legal_moves`, `get_fen`, `get_san`, `game_result` on the same sections, 2026-11-27).
#[test]
fn pass_on_stalemate_as_fairy_stockfish() {
    use protean::position::outcome::GameResult;
    let text = "[andersanti:antichess]\npassOnStalemate = true\n\n\
                [andersgiveaway:giveaway]\npassOnStalemate = true\n\n\
                [passw:chess]\npassOnStalemateWhite = true\n\n\
                [passb:chess]\npassOnStalemateBlack = true\n";
    let loaded = parse_variants(text, "pass.ini").require_all().unwrap();
    let game = |name: &str, fen: &str, moves: &[&str]| play_loaded(&loaded, name, fen, moves);
    let moves = |g: &Game| g.legal_moves_uci();
    // The lowest-numbered pawn passes: a2 (square 8) before h3 (square 23).
    let g = game("andersanti", "8/8/8/8/7p/p6P/P7/8 w - - 5 9", &[]);
    assert_eq!(moves(&g), ["a2a2"]);
    // White blocks the last pawn; Black, stuck, passes with a4; a pawn's pass resets the
    // clock (7 -> 0); White passes; the second pass in a row ends the game drawn.
    let start = "8/8/8/8/p6p/P7/7P/8 w - - 7 1";
    let g = game("andersanti", start, &["h2h3"]);
    assert_eq!(moves(&g), ["a4a4"]);
    assert_eq!(g.san_line(&["a4a4".to_string()]), ["a4"]);
    let g = game("andersanti", start, &["h2h3", "a4a4"]);
    assert_eq!(g.fen(), "8/8/8/8/p6p/P6P/8/8 w - - 0 2");
    assert_eq!(moves(&g), ["a3a3"]);
    let g = game("andersanti", start, &["h2h3", "a4a4", "a3a3"]);
    assert_eq!(g.fen(), "8/8/8/8/p6p/P6P/8/8 b - - 0 2");
    assert!(moves(&g).is_empty());
    assert_eq!(g.outcome().map(|o| o.result), Some(GameResult::Draw));
    // A side with no piece has won (antichess), it does not pass.
    let g = game("andersanti", "8/8/8/8/8/8/8/7k w - - 0 1", &[]);
    assert!(moves(&g).is_empty());
    assert_eq!(
        g.outcome().map(|o| o.result),
        Some(GameResult::Win(protean::variant::WHITE))
    );
    // Giveaway's king is not royal: the lowest-numbered piece passes, here the pawn.
    let g = game("andersgiveaway", "1k6/p7/P7/8/8/8/8/8 w - - 0 1", &["a6a6"]);
    assert_eq!(g.fen(), "1k6/p7/P7/8/8/8/8/8 b - - 0 1");
    assert_eq!(moves(&g).len(), 4);
    // With a royal king the king passes (`Ka8`) and the clock runs on (3 -> 4).
    let stuck_white = "K7/2q5/8/8/8/8/8/7k w - - 3 20";
    let g = game("passw", stuck_white, &[]);
    assert_eq!(moves(&g), ["a8a8"]);
    assert_eq!(g.san_line(&["a8a8".to_string()]), ["Ka8"]);
    let g = game("passw", stuck_white, &["a8a8"]);
    assert_eq!(g.fen(), "K7/2q5/8/8/8/8/8/7k b - - 4 20");
    assert_eq!(moves(&g).len(), 26);
    // The other colour is stalemated as in chess.
    let g = game("passb", stuck_white, &[]);
    assert!(moves(&g).is_empty());
    assert_eq!(g.outcome().map(|o| o.result), Some(GameResult::Draw));
    let g = game("passw", "7k/5Q2/8/8/8/8/8/K7 b - - 3 20", &[]);
    assert!(moves(&g).is_empty());
    let g = game("passb", "7k/5Q2/8/8/8/8/8/K7 b - - 3 20", &["h8h8"]);
    assert_eq!(g.fen(), "7k/5Q2/8/8/8/8/8/K7 w - - 4 21");
    // Counts through passes, each pyffish's perft.
    for (name, fen, counts) in [
        (
            "andersanti",
            "8/8/8/1p6/1P4p1/6P1/8/4B3 b - - 0 1",
            &[1u64, 3, 3, 23, 23][..],
        ),
        (
            "andersgiveaway",
            "k7/p7/P7/8/8/8/6p1/6K1 w - - 0 1",
            &[1, 2, 9, 34, 175, 747],
        ),
        (
            "passw",
            "k7/p7/P7/8/8/8/8/K1q5 w - - 0 1",
            &[1, 22, 70, 1546],
        ),
        (
            "passw",
            "7k/8/5KQ1/8/8/8/8/8 w - - 0 1",
            &[23, 15, 373, 840],
        ),
    ] {
        for (d, &n) in counts.iter().enumerate() {
            assert_eq!(
                game(name, fen, &[]).perft(d as u32 + 1),
                n,
                "{name} {fen} depth {}",
                d + 1
            );
        }
    }
}

/// `castlingWins` (Fairy-Stockfish's `castle` section wins with Black's long castling
/// only): castling with a listed right wins; a side with none of its listed rights left
/// loses, the side that just moved judged first. Each verdict below is pyffish 0.0.90's
/// (`is_immediate_game_end` and `game_result` on the same sections, 2026-11-26).
#[test]
fn castling_wins_decides_as_fairy_stockfish() {
    use protean::position::outcome::GameResult;
    let text = "[castle:chess]\ncastlingWins = q\n\n[castle2:chess]\ncastlingWins = Qq\n\n\
                [castle3:chess]\ncastlingWins = KQkq\n";
    let loaded = parse_variants(text, "castle.ini").require_all().unwrap();
    let game = |name: &str, fen: &str, moves: &[&str]| {
        play_loaded(&loaded, name, fen, moves)
            .outcome()
            .map(|o| o.result)
    };
    let start = "r3k2r/p7/8/8/8/8/P7/R3K2R w KQkq - 0 1";
    let white = Some(GameResult::Win(protean::variant::WHITE));
    let black = Some(GameResult::Win(protean::variant::BLACK));
    // Only Black's long castling counts: White's castlings and rook moves end nothing.
    assert_eq!(game("castle", start, &["e1c1"]), None);
    assert_eq!(game("castle", start, &["a1b1"]), None);
    assert_eq!(game("castle", start, &["e1g1", "e8c8"]), black);
    // Black castles short or moves the king: its long castling right is gone.
    assert_eq!(game("castle", start, &["e1c1", "e8g8"]), white);
    assert_eq!(game("castle", start, &["e1c1", "h8h7"]), None);
    // Set up without the right: lost from the start, whoever is to move.
    assert_eq!(
        game("castle", "r3k2r/p7/8/8/8/8/P7/R3K2R b KQk - 0 1", &[]),
        white
    );
    assert_eq!(
        game("castle", "2kr3r/p7/8/8/8/8/P7/R3K2R w KQ - 0 1", &[]),
        white
    );
    // Both sides without their listed rights: the side not to move loses.
    assert_eq!(
        game("castle2", "r3k2r/p7/8/8/8/8/P7/R3K2R w Kk - 0 1", &[]),
        white
    );
    assert_eq!(
        game("castle2", "r3k2r/p7/8/8/8/8/P7/R3K2R b Kk - 0 1", &[]),
        black
    );
    assert_eq!(
        game("castle2", "r3k2r/p7/8/8/8/8/P7/R3K2R w Kq - 0 1", &[]),
        black
    );
    // A side loses only when all of its listed rights are gone.
    assert_eq!(game("castle3", start, &["h1h2"]), None);
    assert_eq!(game("castle3", start, &["e1g1"]), white);
    // A capture that takes the rook takes the right.
    let open = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    assert_eq!(game("castle", open, &["a1a8"]), white);
    assert_error(
        "[c:chess]\ncastlingWins = Kx\n",
        2,
        "expected castling rights",
    );
}

/// `dropNoDoubledCount` above 1 (Tori shogi's two swallows a file) on a user's game:
/// written out and read back equal; a pawn drops on a file holding one of the side's
/// pawns but not on one holding two. Counts are pyffish 0.0.90's for the same section.
#[test]
fn drop_no_doubled_count_above_one_as_fairy_stockfish() {
    let text = "[twopawnhouse:crazyhouse]\ndropNoDoubled = p\ndropNoDoubledCount = 2\n";
    let v = one_section(text);
    assert_written_back(&v, &["dropNoDoubledCount = 2"]);
    let v = Arc::new(v);
    for (fen, legal) in [
        // Two pawns on the a-file, one on the e-file: no drop on a3-a7, five on e3-e7.
        ("4k3/8/8/8/8/P7/P3P3/4K3[Pp] w - - 0 1", 48),
        ("4k3/p3p3/p7/8/8/8/8/4K3[Pp] b - - 0 1", 48),
    ] {
        let mut g = Game::new(&v, Some(fen)).unwrap();
        assert_eq!(g.perft(1), legal, "{fen}");
        let moves = g.legal_moves_uci();
        let drops_on = |file: char| {
            moves
                .iter()
                .filter(|m| m.contains('@') && m.chars().nth(2) == Some(file))
                .count()
        };
        assert_eq!((drops_on('a'), drops_on('e')), (0, 5), "{fen}");
    }
}

/// The moves of `g`, sorted, in one string.
fn moves_text(g: &Game) -> String {
    let mut m = g.legal_moves_uci();
    m.sort();
    m.join(" ")
}

#[test]
fn castling_king_file_d_writes_a_castle_to_a_king_step_as_king_takes_rook() {
    // With the king on d1 (`castlingKingFile = d`), the long castle's destination c1 is
    // also a plain king step: Fairy-Stockfish writes the castle `d1a1` (king takes rook)
    // and keeps `d1c1` for the step; the short castle stays `d1g1`. Expected moves and
    // FENs: pyffish 0.0.90 with this section loaded (`legal_moves`, `get_fen`).
    let text = "[dkingchess:chess]\n\
        startFen = rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w KQkq - 0 1\n\
        castlingKingFile = d\n";
    let v = Arc::new(
        parse_variants(text, "t.ini")
            .require_all()
            .unwrap()
            .variants[0]
            .clone(),
    );
    let fen = "r2k3r/pppppppp/8/8/8/8/PPPPPPPP/R2K3R w KQkq - 0 1";
    let g = Game::new(&v, Some(fen)).unwrap();
    assert_eq!(
        moves_text(&g),
        "a1b1 a1c1 a2a3 a2a4 b2b3 b2b4 c2c3 c2c4 d1a1 d1c1 d1e1 d1g1 d2d3 d2d4 e2e3 e2e4 \
         f2f3 f2f4 g2g3 g2g4 h1e1 h1f1 h1g1 h2h3 h2h4"
    );
    for (moves, after) in [
        (
            &["d1a1"][..],
            "r2k3r/pppppppp/8/8/8/8/PPPPPPPP/2KR3R b kq - 1 1",
        ),
        (
            &["d1c1"][..],
            "r2k3r/pppppppp/8/8/8/8/PPPPPPPP/R1K4R b kq - 1 1",
        ),
        (
            &["d1g1"][..],
            "r2k3r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 b kq - 1 1",
        ),
        (
            &["d1a1", "d8a8"][..],
            "2kr3r/pppppppp/8/8/8/8/PPPPPPPP/2KR3R w - - 2 2",
        ),
    ] {
        let mut g = Game::new(&v, Some(fen)).unwrap();
        for m in moves {
            g.play_uci(m).unwrap();
        }
        assert_eq!(g.fen(), after, "{moves:?}");
    }
    let mut g = Game::new(&v, Some(fen)).unwrap();
    g.play_uci("d1a1").unwrap();
    assert_eq!(
        moves_text(&g),
        "a7a5 a7a6 a8b8 a8c8 b7b5 b7b6 c7c5 c7c6 d7d5 d7d6 d8a8 d8c8 d8e8 d8g8 e7e5 e7e6 \
         f7f5 f7f6 g7g5 g7g6 h7h5 h7h6 h8e8 h8f8 h8g8"
    );
}

#[test]
fn atomar_kings_survive_blasts_and_may_not_take_each_other() {
    // pyffish 0.0.90's atomar: legal moves and the FEN after the move named.
    for (fen, moves, mv, after) in [
        // The capturing king stays on e4; the knight beside the blast goes.
        (
            "4k3/8/8/3n1K2/4r3/8/8/8 w - - 0 1",
            "f5e4 f5e5 f5e6 f5f4 f5f6 f5g4 f5g5 f5g6",
            "f5e4",
            "4k3/8/8/8/4K3/8/8/8 b - - 0 1",
        ),
        // Kxd4 is no move; Kxd5 leaves the black king beside the blast.
        (
            "8/8/8/3r4/2Kk4/8/8/8 w - - 0 1",
            "c4b3 c4b4 c4b5 c4c3 c4c5 c4d3 c4d5",
            "c4d5",
            "8/8/8/3K4/3k4/8/8/8 b - - 0 1",
        ),
        // A queen's capture blows up the queen but not the king beside it.
        (
            "8/8/3k4/3r4/8/3Q4/8/K7 w - - 0 1",
            "a1a2 a1b1 a1b2 d3a3 d3a6 d3b1 d3b3 d3b5 d3c2 d3c3 d3c4 d3d1 d3d2 d3d4 d3d5 \
             d3e2 d3e3 d3e4 d3f1 d3f3 d3f5 d3g3 d3g6 d3h3 d3h7",
            "d3d5",
            "8/8/3k4/8/8/8/8/K7 b - - 0 1",
        ),
        // Kxd1 blows up its own queen e1; the pawn d2 is immune as ever.
        (
            "4k3/8/8/8/8/8/3PK3/3qQ3 w - - 0 1",
            "d2d3 d2d4 e1d1 e1f1 e1f2 e1g1 e1g3 e1h1 e1h4 e2d1 e2d3 e2e3 e2f1 e2f2 e2f3",
            "e2d1",
            "4k3/8/8/8/8/8/3P4/3K4 b - - 0 1",
        ),
    ] {
        let mut g = Game::by_name("atomar", Some(fen)).unwrap();
        assert_eq!(
            moves_text(&g),
            moves.split_whitespace().collect::<Vec<_>>().join(" "),
            "{fen}"
        );
        g.play_uci(mv).unwrap();
        assert_eq!(g.fen(), after, "{fen} {mv}");
    }
}

#[test]
fn blast_and_mutual_immunity_keys_read_back_and_refuse_what_they_cannot_mean() {
    let text = "[myatomar:nocheckatomic]\nblastImmuneTypes = k\nmutuallyImmuneTypes = k\n";
    let v = one_section(text);
    assert_written_back(&v, &["blastImmuneTypes = k", "mutuallyImmuneTypes = k"]);
    // The same game as the built-in: the start position's perft 3 (8902, pyffish).
    let mut g = Game::new(&Arc::new(v), None).unwrap();
    assert_eq!(g.perft(3), 8902);
    // Mutual immunity under replacement captures: a queen may not take the checking
    // queen, the king may (pyffish 0.0.90 with this section: `e1d2 e1f1`; chess adds
    // `d1d2`).
    let queens = "[myqueens:chess]\nmutuallyImmuneTypes = q\n";
    let v = parse_variants(queens, "t.ini")
        .require_all()
        .unwrap()
        .variants[0]
        .clone();
    let g = Game::new(&Arc::new(v), Some("4k3/8/8/8/8/8/3q4/3QK3 w - - 0 1")).unwrap();
    assert_eq!(moves_text(&g), "e1d2 e1f1");
    assert_error("[a:chess]\nblastImmuneTypes = x\n", 2, "blastImmuneTypes");
}

/// Atomic Zh (`blastOnCapture` with `capturesToHand`): the victim goes to the
/// capturer's hand, and every piece the blast removes, the capturer included, to the
/// hand of its owner's opponent, a promoted one as a pawn; a blasted king too (the game
/// is over). The FENs after each move are pyffish 0.0.90's (`get_fen` after
/// `load_variant_config` of engine-tests/ini/fsf-sections.ini). Make and unmake keep
/// the key equal to the one computed afresh and to that of the FEN read back.
#[test]
fn atomiczh_blasts_send_pieces_to_hands() {
    use protean::position::{MoveList, Position};
    use protean::variant::rules::Rules;
    let variants = load(&common::data_dir().join("ini").join("fsf-sections.ini"));
    let v = variants.iter().find(|v| v.name == "atomiczh").unwrap();
    // Its `dropChecks = false` has no effect under explosions, as in Fairy-Stockfish.
    assert!(v.hands.as_ref().unwrap().drop_checks);
    let rules = Arc::new(Rules::<u64>::new(Arc::new(v.clone())).unwrap());
    let cases = [
        // A pawn takes a pawn: each side gets a pawn.
        (
            "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR[] w - - 0 2",
            "e4d5",
            "rnbqkbnr/ppp1pppp/8/8/8/8/PPPP1PPP/RNBQKBNR[Pp] b - - 0 2",
        ),
        // The queen takes on a2: the pawn to Black, the queen and the rook beside to
        // their opponents' hands (the pawn on b2 stays).
        (
            "rnb1kbnr/ppp1pppp/8/3q4/8/2N5/PPPP1PPP/R1BQKBNR[Pp] b - - 2 3",
            "d5a2",
            "rnb1kbnr/ppp1pppp/8/8/8/2N5/1PPP1PPP/2BQKBNR[QPrpp] w - - 0 4",
        ),
        // A promoted capturer goes to Black's hand as a pawn.
        (
            "4k3/8/8/3p4/8/1Q~6/8/4K3[] w - - 0 1",
            "b3d5",
            "4k3/8/8/8/8/8/8/4K3[Pp] b - - 0 1",
        ),
        // Promoted pieces beside the blast, White's and Black's, go as pawns.
        (
            "4k3/8/2R~5/3p4/8/1Q6/8/4K3[] w - - 0 1",
            "b3d5",
            "4k3/8/8/8/8/8/8/4K3[Pqp] b - - 0 1",
        ),
        (
            "4k3/8/2r~5/3p4/8/1Q6/8/4K3[] w - - 0 1",
            "b3d5",
            "4k3/8/8/8/8/8/8/4K3[PPq] b - - 0 1",
        ),
        // A captured promoted piece goes to the capturer as a pawn.
        (
            "4k3/8/8/3q~4/8/1Q6/8/4K3[] w - - 0 1",
            "b3d5",
            "4k3/8/8/8/8/8/8/4K3[Pq] b - - 0 1",
        ),
        // A promotion that captures: the new queen explodes and goes as a pawn.
        (
            "1r2k3/P7/8/8/8/8/8/4K3[] w - - 0 1",
            "a7b8q",
            "4k3/8/8/8/8/8/8/4K3[Rp] b - - 0 1",
        ),
        // En passant: the blast is around the square moved to (c5 is not beside e6).
        (
            "4k3/8/8/2nPp3/8/8/8/4K3[] w - e6 0 1",
            "d5e6",
            "4k3/8/8/2n5/8/8/8/4K3[Pp] b - - 0 1",
        ),
        // The blast takes the king: it goes to White's hand and the game is over.
        (
            "4k3/3n4/1N6/8/8/8/8/4K3[Q] w - - 0 1",
            "b6d7",
            "8/8/8/8/8/8/8/4K3[KQNn] b - - 0 1",
        ),
    ];
    for (fen, mv, after) in cases {
        let mut pos = Position::from_fen(rules.clone(), fen).unwrap();
        let key = pos.key();
        let m = pos.parse_uci_move(mv).unwrap();
        pos.make_move(m);
        assert_eq!(pos.to_fen(), after, "{fen} {mv}");
        assert_eq!(pos.key(), pos.compute_key(), "{fen} {mv}");
        let reread = Position::from_fen(rules.clone(), after).unwrap();
        assert_eq!(reread.key(), pos.key(), "{after}");
        pos.unmake_move();
        assert_eq!(pos.to_fen(), fen);
        assert_eq!(pos.key(), key, "{fen} {mv} unmade");
    }
    assert_eq!(
        Game::new(&Arc::new(v.clone()), Some(cases[8].2))
            .unwrap()
            .perft(1),
        0
    );
    // Random games: every position's key is the one computed afresh, and unmaking
    // every move gives back every FEN.
    let mut seed = 0x2545_f491_4f6c_dd1d_u64;
    let mut blasts_to_hand = 0;
    for _ in 0..60 {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w - - 0 1";
        let mut pos = Position::from_fen(rules.clone(), start).unwrap();
        let mut fens = vec![pos.to_fen()];
        for _ in 0..150 {
            let mut list = MoveList::new();
            pos.generate_legal(&mut list);
            if list.is_empty() {
                break;
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let m = list.as_slice()[(seed % list.len() as u64) as usize];
            let in_hand = |p: &Position<u64>| p.to_fen().split(['[', ']']).nth(1).unwrap().len();
            let before = in_hand(&pos);
            let capture = pos.is_capture(m);
            pos.make_move(m);
            if capture && in_hand(&pos) > before + 2 {
                blasts_to_hand += 1;
            }
            assert_eq!(
                pos.key(),
                pos.compute_key(),
                "after {:?} in {}",
                m,
                fens.last().unwrap()
            );
            let reread = Position::from_fen(rules.clone(), &pos.to_fen()).unwrap();
            assert_eq!(reread.key(), pos.key(), "{}", pos.to_fen());
            fens.push(pos.to_fen());
        }
        while fens.len() > 1 {
            pos.unmake_move();
            fens.pop();
            assert_eq!(&pos.to_fen(), fens.last().unwrap());
            assert_eq!(pos.key(), pos.compute_key());
        }
    }
    assert!(
        blasts_to_hand > 100,
        "{blasts_to_hand} blasts with more than two pieces"
    );
}

/// The line goals (`connectN`, `connectNxN`, `collinearN`, with `connectDiagonal`,
/// `connectPieceTypes` and `connectValue`) and the `immobile` piece type, on Fairy-
/// Stockfish's own sections (engine-tests/ini/fsf-sections.ini). Only the line of the side
/// that just moved counts: one of the side to move ends nothing, and where both have one
/// the mover's decides. Every verdict and legal-move count below is pyffish 0.0.90's
/// (`legal_moves`, `game_result` on the same sections, 2026-11-28).
#[test]
fn line_goals_decide_as_fairy_stockfish() {
    use protean::position::outcome::{EndReason, GameResult};
    let text =
        std::fs::read_to_string(common::data_dir().join("ini").join("fsf-sections.ini")).unwrap();
    let loaded = parse_variants(&text, "fsf-sections.ini")
        .require_all()
        .unwrap();
    let white = Some(GameResult::Win(WHITE));
    let black = Some(GameResult::Win(BLACK));
    // (section, FEN, moves, result, legal moves where the game goes on)
    type Case<'a> = (&'a str, &'a str, &'a [&'a str], Option<GameResult>, usize);
    let cases: &[Case] = &[
        // Three in a row along the first rank, made by White's last drop.
        (
            "tictactoe",
            "3/3/3[PPPPPpppp] w - - 0 1",
            &["P@a1", "P@a2", "P@b1", "P@b2", "P@c1"],
            white,
            0,
        ),
        // The same line with White to move: a line of the side to move ends nothing.
        ("tictactoe", "PPP/pp1/3[PPpp] w - - 0 1", &[], None, 4),
        ("tictactoe", "PPP/pp1/3[PPpp] b - - 0 1", &[], white, 0),
        // Both sides have a line: the side that just moved (Black) wins.
        ("tictactoe", "PPP/ppp/3[PPpp] w - - 0 1", &[], black, 0),
        // Both diagonals count.
        ("tictactoe", "P2/pP1/p1P[PPpp] b - - 0 1", &[], white, 0),
        ("tictactoe", "2P/pP1/P1p[PPpp] b - - 0 1", &[], white, 0),
        // A broken line ends nothing.
        ("tictactoe", "P1P/pp1/1P1[Ppp] b - - 0 1", &[], None, 4),
        // A full board without a line: stalemate, a draw.
        (
            "tictactoe",
            "PpP/PpP/pPp[] w - - 0 1",
            &[],
            Some(GameResult::Draw),
            0,
        ),
        // `connectDiagonal = false`: the diagonal is no line in nine holes.
        ("nineholes", "P2/pP1/p1P[Pp] b - - 0 1", &[], None, 4),
        // Teeko: four in a row, or a filled 2x2 square (`connectNxN = 2`), anywhere.
        ("teeko", "5/5/5/5/PPPP1[pppp] b - - 0 1", &[], white, 0),
        ("teeko", "5/5/5/5/PPP1P[pppp] b - - 0 1", &[], None, 21),
        ("teeko", "5/5/1PP2/1PP2/p4[pppP] b - - 0 1", &[], white, 0),
        ("teeko", "5/5/5/PP3/PP3[pppp] b - - 0 1", &[], white, 0),
        ("teeko", "5/5/1PP2/2P2/pP3[pppP] b - - 0 1", &[], None, 20),
        // Symphony: five in a row on 8x8.
        (
            "symphony",
            "8/8/8/8/8/8/8/PPPP4[PPpppppp] w - - 0 1",
            &["P@e1"],
            white,
            0,
        ),
        // Three musketeers: White's three musketeers on one rank or file, gaps and
        // pawns between allowed, lose (`collinearN = 3`, `connectValue = loss`); only
        // musketeers count (`connectPieceTypes = m`), and no diagonal.
        (
            "three-musketeers",
            "M4/5/pM3/5/M3p w - - 0 1",
            &["b3a3"],
            black,
            0,
        ),
        ("three-musketeers", "5/5/5/5/MpMpM b - - 0 1", &[], black, 0),
        ("three-musketeers", "5/5/5/5/MpMpM w - - 0 1", &[], None, 4),
        (
            "three-musketeers",
            "M4/1p3/2M2/5/4M b - - 0 1",
            &[],
            None,
            4,
        ),
        (
            "three-musketeers",
            "pppMp/5/M4/5/M4 w - - 0 1",
            &[],
            None,
            2,
        ),
        // Cetus: five in a row of any kinds.
        (
            "cetus",
            "9/9/9/1b7/9/9/9/2B6/NNNNN4[PPHSDOppnnhhssdo] b - - 0 1",
            &[],
            white,
            0,
        ),
        (
            "cetus",
            "9/9/9/1b7/9/9/9/2B6/NNNN1N3[PPHSDOppnnhhssdo] b - - 0 1",
            &[],
            None,
            462,
        ),
    ];
    for &(name, fen, moves, result, legal) in cases {
        let mut g = play_loaded(&loaded, name, fen, moves);
        let outcome = g.outcome();
        assert_eq!(outcome.map(|o| o.result), result, "{name} {fen} {moves:?}");
        if result.is_some_and(|r| r != GameResult::Draw) {
            assert_eq!(outcome.unwrap().reason, EndReason::Line, "{name} {fen}");
        }
        assert_eq!(g.perft(1), legal as u64, "{name} {fen} {moves:?}");
    }
    // The immobile piece has no moves: dropped, it stays.
    let v = loaded
        .variants
        .iter()
        .find(|v| v.name == "tictactoe")
        .unwrap();
    assert_eq!(v.pieces.len(), 1);
    assert_eq!(v.pieces[0].betza, "");
    assert_written_back(
        v,
        &[
            "immobile = p",
            "connectN = 3",
            "connectDiagonal = true",
            "connectValue = win",
        ],
    );
    let musketeers = loaded
        .variants
        .iter()
        .find(|v| v.name == "three-musketeers")
        .unwrap();
    assert_written_back(
        musketeers,
        &[
            "collinearN = 3",
            "connectDiagonal = false",
            "connectPieceTypes = m",
            "connectValue = loss",
        ],
    );
    assert_error("[l:chess]\nconnectN = three\n", 2, "connectN");
    assert_error("[l:chess]\nconnectValue = none\n", 2, "connectValue");
}
/// Flag wins as pyffish 0.0.90 decides them (`game_result`, `legal_moves` and `get_fen`
/// on the same sections, 2026-11-28): `flagPieceCount` pieces on the flag region win,
/// and with `flagPieceBlockedWin` one there with every region square occupied; without
/// `flagPieceSafe` only the side that just moved is judged, so a goal the opponent's
/// move completes (Black filling White's last Kono square) counts after the owner's
/// next move.
#[test]
fn flag_piece_count_and_blocked_win_as_fairy_stockfish() {
    use protean::position::outcome::GameResult;
    let loaded = parse_variants(FLAG_SECTIONS, "flags.ini")
        .require_all()
        .unwrap();
    let result = |name: &str, fen: &str, moves: &[&str]| {
        play_loaded(&loaded, name, fen, moves)
            .outcome()
            .map(|o| o.result)
    };
    let legal = |name: &str, fen: &str, moves: &[&str]| {
        play_loaded(&loaded, name, fen, moves)
            .legal_moves_uci()
            .len()
    };
    let white = Some(GameResult::Win(WHITE));
    let black = Some(GameResult::Win(BLACK));
    // Seven white pawns on White's seven flag squares: the mover wins; the same board
    // with White to move plays on (6 moves).
    assert_eq!(
        result("kono", "PPPPP/P3P/1ppp1/1p1p1/5 b - - 0 1", &[]),
        white
    );
    assert_eq!(
        result("kono", "PPPPP/P3P/1ppp1/1p1p1/5 w - - 0 1", &[]),
        None
    );
    assert_eq!(legal("kono", "PPPPP/P3P/1ppp1/1p1p1/5 w - - 0 1", &[]), 6);
    // Six of them and a black pawn on c5 fill the region: blocked, White wins.
    assert_eq!(
        result("kono", "PPpPP/P3P/1p1p1/1p1p1/5 b - - 0 1", &[]),
        white
    );
    // Black's d3e4 fills White's last flag square: White to move plays on (5 moves);
    // a White move that keeps the region full wins, one that leaves it does not.
    let before = "PPpPP/P4/1p1pP/1p1p1/5 b - - 0 1";
    assert_eq!(result("kono", before, &["d3e4"]), None);
    assert_eq!(legal("kono", before, &["d3e4"]), 5);
    assert_eq!(result("kono", before, &["d3e4", "e3d4"]), white);
    assert_eq!(result("kono", before, &["d3e4", "a5b4"]), None);
    // Aralzaa (three knights on the far rank): both there, the mover wins.
    assert_eq!(result("aralzaa", "NNN/3/nnn w - - 0 1", &[]), black);
    assert_eq!(result("aralzaa", "NNN/3/nnn b - - 0 1", &[]), white);
    // A plain flag (King of the Hill) judges the mover only too: White's king on e4
    // with White to move plays on (8 moves), as in pyffish.
    let hill = "8/8/8/8/4K3/8/8/k7 w - - 0 1";
    let koth = Arc::new(find_variant("kingofthehill").unwrap());
    let g = Game::new(&koth, Some(hill)).unwrap();
    assert_eq!(
        (g.outcome().map(|o| o.result), g.legal_moves_uci().len()),
        (None, 8)
    );
    let v = loaded.variants.iter().find(|v| v.name == "kono").unwrap();
    assert_written_back(v, &["flagPieceCount = 7", "flagPieceBlockedWin = true"]);
}

/// `flagPieceSafe` with `flagMove` (Alapo: only an unsafe arrival gives the other side
/// its reply; an arrival that survived the reply wins whatever attacks it; both sides
/// there, the side to move wins) and with a royal king (Squatter: safe means attacked
/// by no enemy piece, a king that may not take there and a pinned piece included), as
/// pyffish 0.0.90 decides them (`game_result` on the same sections, 2026-11-28).
#[test]
fn flag_piece_safe_with_flag_move_and_royal_kings_as_fairy_stockfish() {
    use protean::position::outcome::GameResult;
    let loaded = parse_variants(FLAG_SECTIONS, "flags.ini")
        .require_all()
        .unwrap();
    let result = |name: &str, fen: &str| {
        play_loaded(&loaded, name, fen, &[])
            .outcome()
            .map(|o| o.result)
    };
    let white = Some(GameResult::Win(WHITE));
    let black = Some(GameResult::Win(BLACK));
    assert_eq!(result("alapo", "R5/6/2k3/6/6/3K2 b - - 0 1"), white);
    assert_eq!(result("alapo", "Rr4/6/2k3/6/6/3K2 b - - 0 1"), None);
    assert_eq!(result("alapo", "Rr4/6/2k3/6/6/3K2 w - - 0 1"), white);
    assert_eq!(result("alapo", "R5/1k4/6/6/6/3K2 b - - 0 1"), None);
    assert_eq!(result("alapo", "R5/6/6/6/6/2k2K w - - 0 1"), white);
    assert_eq!(result("alapo", "R5/6/6/6/6/2k2K b - - 0 1"), black);
    assert_eq!(result("alapo", "6/6/6/6/1Kk3/r5 w - - 0 1"), None);
    assert_eq!(result("alapo", "6/6/6/6/2k3/r4K w - - 0 1"), black);
    // Squatter: the rook on a8 is attacked by the king on b7 (guarded by the a1 rook,
    // so the king may not take it) or by a pinned knight: no win; unattacked, it wins
    // at either side's turn.
    assert_eq!(result("squatter", "R7/1k6/8/8/8/8/8/R3K3 b - - 0 1"), None);
    assert_eq!(
        result("squatter", "R7/B7/1n6/8/3k4/8/8/4K3 b - - 0 1"),
        None
    );
    assert_eq!(result("squatter", "R7/8/1k6/8/8/8/8/4K3 b - - 0 1"), white);
    assert_eq!(result("squatter", "R7/8/1k6/8/8/8/8/4K3 w - - 0 1"), white);
    assert_eq!(result("squatter", "8/8/1k6/8/8/8/8/4K2r w - - 0 1"), black);
}

/// `oppositeCastling`: a castling takes the opponent's castling on the same wing away
/// (FEN `q` after White's O-O); castling rights written in a FEN stand as they are.
/// FENs and king moves as pyffish 0.0.90's `get_fen` and `legal_moves` (2026-11-28).
#[test]
fn opposite_castling_as_fairy_stockfish() {
    let loaded = parse_variants(FLAG_SECTIONS, "flags.ini")
        .require_all()
        .unwrap();
    let start = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
    let king_moves = |moves: &[&str]| {
        let g = play_loaded(&loaded, "opposite-castling", start, moves);
        let mut m: Vec<String> = g
            .legal_moves_uci()
            .into_iter()
            .filter(|m| m.starts_with("e8") || m.starts_with("e1"))
            .collect();
        m.sort();
        (g.fen(), m.join(" "))
    };
    assert_eq!(
        king_moves(&["e1g1"]),
        (
            "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 b q - 1 1".to_string(),
            "e8c8 e8d8 e8f8".to_string()
        )
    );
    assert_eq!(
        king_moves(&["e1c1"]),
        (
            "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/2KR3R b k - 1 1".to_string(),
            "e8d8 e8f8 e8g8".to_string()
        )
    );
    assert_eq!(
        king_moves(&["h1g1", "e8g8"]),
        (
            "r4rk1/pppppppp/8/8/8/8/PPPPPPPP/R3K1R1 w Q - 2 2".to_string(),
            "e1c1 e1d1 e1f1".to_string()
        )
    );
    let g = play_loaded(
        &loaded,
        "opposite-castling",
        "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 b kq - 0 1",
        &[],
    );
    let mut m: Vec<String> = g
        .legal_moves_uci()
        .into_iter()
        .filter(|m| m.starts_with("e8"))
        .collect();
    m.sort();
    assert_eq!(m, ["e8c8", "e8d8", "e8f8", "e8g8"]);
    let v = loaded
        .variants
        .iter()
        .find(|v| v.name == "opposite-castling")
        .unwrap();
    assert_written_back(v, &["oppositeCastling = true"]);
}

/// Fairy-Stockfish's sections for the flag and castling tests above, unchanged.
const FLAG_SECTIONS: &str = "\
[kono]
maxRank = 5
maxFile = e
customPiece1 = p:mF
startFen = ppppp/p3p/5/P3P/PPPPP w - - 0 1
flagPiece = p
flagRegionWhite = a5 b5 c5 d5 e5 a4 e4
flagRegionBlack = a1 b1 c1 d1 e1 a2 e2
flagPieceCount = 7
flagPieceBlockedWin = true
nFoldRule = 0
nMoveRule = 0

[aralzaa]
maxRank = 3
maxFile = c
customPiece1 = n:mN
startFen = nnn/3/NNN w
flagPiece = n
flagRegionWhite = *3
flagRegionBlack = *1
flagPieceCount = 3
nFoldRule=0
nMoveRule=0

[alapo:chess]
pieceToCharTable = ..BRQ.........FW.....K..brq.........fw.....k
maxRank = 6
maxFile = f
wazir = w
fers = f
king = -
commoner = k
startFen = rbqqbr/wfkkfw/6/6/WFKKFW/RBQQBR
flagRegionWhite = *6
flagRegionBlack = *1
flagPieceSafe = true
flagMove = true
stalemateValue = loss
nMoveRule = 0
nFoldRule = 0

[squatter:chess]
flagRegionWhite = *8
flagRegionBlack = *1
flagPieceSafe = true

[opposite-castling:chess]
oppositeCastling = true
";
