//! The evaluation: the parameter-file format (good and bad files), `EvalFile` over UCI,
//! each variant term moving the score the right way on a position built for it,
//! colour symmetry, the traced linear form the tuner fits, the generic parameters of
//! every built-in variant, the embedded tables, and the self-play and fitting tools.

use protean::engine::{check_eval_file, Game, OnBoard};
use protean::eval::{embedded, file, Eval, Evaluator, Layout, Pair, ParamFile, Section};
use protean::position::Position;
use protean::protocol::uci::Uci;
use protean::tune::{fit, selfplay};
use protean::variant::rules::Rules;
use protean::variant::{builtin_variants, find_variant, Setup, WHITE};
use std::path::PathBuf;
use std::sync::Arc;

/// A scratch file under the system's temporary directory, removed on drop.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str, contents: &[u8]) -> Scratch {
        let path = std::env::temp_dir().join(format!("protean-eval-{}-{name}", std::process::id()));
        std::fs::write(&path, contents).unwrap();
        Scratch(path)
    }

    fn path(&self) -> &str {
        self.0.to_str().unwrap()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// White's static score of a position with the given parameters (None: the variant's
/// own table, embedded or generic).
fn white_eval(variant: &str, fen: &str, file: Option<&ParamFile>) -> i32 {
    Game::by_name(variant, Some(fen))
        .unwrap_or_else(|e| panic!("{variant} {fen}: {e}"))
        .static_eval(file)
        .white
}

/// A file naming `variant` with no parameter lines: the generic evaluation.
fn generic(variant: &str) -> ParamFile {
    ParamFile::parse(&format!("protean-eval 1\nvariant {variant}\n"), "generic").unwrap()
}

/// The generic evaluation with every parameter of `section` set to zero.
fn without(variant: &str, section: Section) -> ParamFile {
    let v = find_variant(variant).unwrap();
    let layout = fit::layout_of(&v).unwrap();
    let mut text = format!("protean-eval 1\nvariant {variant}\n");
    for e in layout.entries.iter().filter(|e| e.section == section) {
        text += section.name();
        if let Some(k) = e.kind {
            text += &format!(" {}", layout.letters[k]);
        }
        text += &" 0 0".repeat(e.len);
        text += "\n";
    }
    ParamFile::parse(&text, "test").unwrap()
}

/// How much a section adds to White's score in a position (generic parameters).
fn term_effect(variant: &str, fen: &str, section: Section) -> i32 {
    white_eval(variant, fen, Some(&generic(variant)))
        - white_eval(variant, fen, Some(&without(variant, section)))
}

// ---- the file format ----

#[test]
fn a_written_file_reads_back_to_the_same_parameters() {
    for name in [
        "chess",
        "atomic",
        "3check",
        "kingofthehill",
        "capablanca",
        "grand",
        "tablut",
        "aleaevangelii",
    ] {
        let v = find_variant(name).unwrap();
        let layout = fit::layout_of(&v).unwrap();
        // Every parameter distinct, so a swapped or shifted entry would show.
        let params: Vec<Pair> = (0..layout.size as i32)
            .map(|i| Pair::new(i - 50, 3 * i % 97))
            .collect();
        let text = file::write(&layout, &params, &[name.to_string()], &["a comment".into()]);
        let parsed = ParamFile::parse(&text, "written").unwrap();
        assert_eq!(parsed.variants, [name]);
        let mut back = vec![Pair::default(); layout.size];
        parsed.apply(&layout, &mut back).unwrap();
        assert_eq!(back, params, "{name}");
    }
}

#[test]
fn a_partial_file_keeps_the_generic_values_elsewhere() {
    let f = ParamFile::parse(
        "# only the knight\nprotean-eval 1\nvariant chess chess960\nmaterial n 400 380 # trailing comment\n",
        "partial",
    )
    .unwrap();
    let v = find_variant("chess").unwrap();
    assert!(f.applies_to(&v));
    assert!(f.applies_to(&find_variant("fischerandom").unwrap()));
    assert!(!f.applies_to(&find_variant("atomic").unwrap()));
    let rules = Rules::<u64>::new(v).unwrap();
    let generic = Eval::new(&rules);
    let tuned = Eval::from_file(&rules, &f).unwrap();
    let layout = tuned.layout();
    let knight = layout.find(Section::Material, Some(1)).unwrap().offset;
    for i in 0..layout.size {
        if i == knight {
            assert_eq!(tuned.params()[i], Pair::new(400, 380));
        } else {
            assert_eq!(
                tuned.params()[i],
                generic.params()[i],
                "{}",
                layout.describe(i)
            );
        }
    }
    assert_eq!(Evaluator::<u64>::piece_value(&tuned, 1), 390);
}

#[test]
fn bad_files_are_refused_with_the_line() {
    let head = "protean-eval 1\nvariant chess\n";
    let cases: &[(&str, &str)] = &[
        ("", "empty"),
        ("variant chess\n", "expected 'protean-eval 1' first"),
        ("protean-eval 2\nvariant chess\n", "only 'protean-eval 1'"),
        ("protean-eval 1\n", "no 'variant' line"),
        ("protean-eval 1\nvariant\n", "needs at least one variant"),
        (
            "protean-eval 1\nvariant chess\nvariant atomic\n",
            "line 3: a second 'variant'",
        ),
        (
            "protean-eval 1\nvariant chess\nsparkle 1 2\n",
            "line 3: unknown section 'sparkle'",
        ),
        (
            "protean-eval 1\nvariant chess\nmaterial 100 100\n",
            "'100' is not a piece letter",
        ),
        (
            "protean-eval 1\nvariant chess\nmaterial\n",
            "needs a piece letter",
        ),
        ("protean-eval 1\nvariant chess\ntempo 10\n", "got 1 numbers"),
        ("protean-eval 1\nvariant chess\ntempo\n", "got 0 numbers"),
        (
            "protean-eval 1\nvariant chess\ntempo 10 x\n",
            "'x' is not an integer",
        ),
        (
            "protean-eval 1\nvariant chess\ntempo 10 99999\n",
            "'99999' is not an integer",
        ),
        (
            "protean-eval 1\nvariant chess\ntempo 1 2\ntempo 3 4\n",
            "line 4: 'tempo' repeats line 3",
        ),
    ];
    for (text, expected) in cases {
        let err = ParamFile::parse(text, "bad.txt").unwrap_err();
        assert!(err.contains(expected), "{text:?}: {err}");
        assert!(err.starts_with("bad.txt"), "{err}");
    }
    // Syntax is fine, but the file does not fit the variant.
    let v = find_variant("chess").unwrap();
    let layout = fit::layout_of(&v).unwrap();
    let misfits: &[(&str, &str)] = &[
        (
            "rank P 1 1 2 2\n",
            "'rank P' needs 8 pairs (16 numbers) on this 8x8 board, got 4",
        ),
        ("material Z 1 1\n", "the variant has no piece 'Z'"),
        (
            "checks-given 1 1 2 2 3 3\n",
            "'checks-given' is not a parameter of this variant",
        ),
        ("mobility K 1 1\n", "'mobility K' is not a parameter"),
    ];
    for (body, expected) in misfits {
        let f = ParamFile::parse(&format!("{head}{body}"), "misfit.txt").unwrap();
        let mut params = vec![Pair::new(7, 7); layout.size];
        let err = f.apply(&layout, &mut params).unwrap_err();
        assert!(err.contains(expected), "{body:?}: {err}");
        assert!(err.starts_with("misfit.txt line 3: "), "{err}");
        assert!(
            params.iter().all(|&p| p == Pair::new(7, 7)),
            "unchanged on error"
        );
    }
    // The variant line must name known variants that the lines fit.
    let f = ParamFile::parse("protean-eval 1\nvariant nosuchgame\n", "v.txt").unwrap();
    assert!(check_eval_file(&f)
        .unwrap_err()
        .contains("unknown variant 'nosuchgame'"));
    let f = ParamFile::parse("protean-eval 1\nvariant chess capablanca\nrank P 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\nfile P 0 0 0 0 0 0 0 0\n", "v.txt").unwrap();
    let err = check_eval_file(&f).unwrap_err();
    assert!(err.contains("'file P' needs 5 pairs"), "{err}");
}

#[test]
fn unreadable_files_are_errors() {
    let missing = std::env::temp_dir().join("protean-eval-no-such-file.txt");
    assert!(ParamFile::read(&missing).is_err());
    assert!(ParamFile::read(&std::env::temp_dir())
        .unwrap_err()
        .contains("not a file"));
    let binary = Scratch::new("binary.txt", &[0xff, 0xfe, 0x00, 0x80]);
    assert!(ParamFile::read(&binary.0)
        .unwrap_err()
        .contains("not UTF-8"));
    let big = Scratch::new("big.txt", &vec![b'#'; (file::MAX_FILE_BYTES + 1) as usize]);
    assert!(ParamFile::read(&big.0).unwrap_err().contains("limit"));
}

// ---- EvalFile over UCI ----

fn transcript(commands: &[String]) -> String {
    let mut uci = Uci::new(Vec::new());
    for c in commands {
        uci.command(c);
    }
    String::from_utf8(uci.into_output()).unwrap()
}

/// The score of the last `info` line.
fn last_cp(out: &str) -> i32 {
    let line = out.lines().rfind(|l| l.contains(" score cp ")).unwrap();
    let after = line.split(" score cp ").nth(1).unwrap();
    after.split_whitespace().next().unwrap().parse().unwrap()
}

#[test]
fn eval_file_option_loads_replaces_and_keeps_the_last_good_table() {
    let heavy = Scratch::new(
        "heavy-pawns.txt",
        b"protean-eval 1\nvariant chess\nmaterial P 900 900\n",
    );
    let bad = Scratch::new(
        "bad.txt",
        b"protean-eval 1\nvariant chess\nmaterial P 900\n",
    );
    // White is a pawn up (Black has no d-pawn), White to move.
    let position =
        "position fen rnbqkbnr/ppp1pppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".to_string();
    let go = "go depth 1".to_string();
    let set = |v: &str| format!("setoption name EvalFile value {v}");
    let out = transcript(&["uci".into(), position.clone(), go.clone()]);
    assert!(
        out.contains("option name EvalFile type string default <embedded>"),
        "{out}"
    );
    let normal = last_cp(&out);
    assert!((0..400).contains(&normal), "{out}");

    let out = transcript(&[set(heavy.path()), position.clone(), go.clone()]);
    assert!(
        out.contains("info string EvalFile ") && out.contains(" loaded for chess"),
        "{out}"
    );
    let heavy_score = last_cp(&out);
    assert!(
        heavy_score > normal + 400,
        "{normal} vs {heavy_score}: {out}"
    );

    // A bad file: an error, and the heavy table stays.
    let out = transcript(&[
        set(heavy.path()),
        set(bad.path()),
        set("/no/such/file.txt"),
        position.clone(),
        go.clone(),
    ]);
    let errors: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("info string error: EvalFile"))
        .collect();
    assert_eq!(errors.len(), 2, "{out}");
    assert!(
        errors[0].contains("line 3") && errors[0].contains("keeping"),
        "{out}"
    );
    assert_eq!(last_cp(&out), heavy_score, "{out}");

    // Back to the embedded tables; another variant is not affected by a chess file.
    let out = transcript(&[
        set(heavy.path()),
        set("<embedded>"),
        position.clone(),
        go.clone(),
    ]);
    assert_eq!(last_cp(&out), normal, "{out}");
    let out = transcript(&[
        "setoption name UCI_Variant value 3check".into(),
        "position startpos moves e2e4 d7d5 e4d5".into(),
        go.clone(),
    ]);
    let three_check = last_cp(&out);
    let out = transcript(&[
        set(heavy.path()),
        "setoption name UCI_Variant value 3check".into(),
        "position startpos moves e2e4 d7d5 e4d5".into(),
        go,
    ]);
    assert_eq!(last_cp(&out), three_check, "{out}");
}

// ---- variant terms ----

#[test]
fn checks_given_favour_the_checking_side() {
    // Same position; White has given one check (2 left) or none.
    let fen = |counts: &str| {
        format!("rnbqkbnr/ppp2ppp/8/3pp3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - {counts} 0 3")
    };
    let given = white_eval("3check", &fen("2+3"), None);
    let none = white_eval("3check", &fen("3+3"), None);
    assert!(given > none + 30, "{given} vs {none}");
    assert!(term_effect("3check", &fen("2+3"), Section::ChecksGiven) > 0);
    assert!(term_effect("3check", &fen("3+1"), Section::ChecksGiven) < 0);
}

#[test]
fn nearness_to_the_goal_counts() {
    // King of the hill: White's king a step from the centre, Black's at home.
    let koth = "rnbq1bnr/ppppkppp/8/8/8/3K4/PPPPPPPP/RNBQ1BNR w - - 0 1";
    assert!(term_effect("kingofthehill", koth, Section::GoalDistance) > 0);
    let further = "rnbq1bnr/ppppkppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1";
    assert!(
        term_effect("kingofthehill", koth, Section::GoalDistance)
            > term_effect("kingofthehill", further, Section::GoalDistance)
    );
    // Racing kings: White's king on the sixth rank, Black's on the second.
    let race = "8/8/2K5/8/8/8/krbnNBR1/qrbnNBRQ b - - 0 1";
    assert!(term_effect("racingkings", race, Section::GoalDistance) > 0);
    assert!(white_eval("racingkings", race, None) > 0);
}

/// The tafl terms are parameters: a table changes them, and each one counts where the
/// rules say. Tablut's king side is Black (lowercase `k` and eight `m`).
#[test]
fn tafl_terms_are_parameters() {
    let start = find_variant("tablut").unwrap().start_fen.clone();
    let table = |line: &str| {
        ParamFile::parse(&format!("protean-eval 1\nvariant tablut\n{line}\n"), "t").unwrap()
    };
    let generic_start = white_eval("tablut", &start, Some(&generic("tablut")));
    // Eight defenders at 300 instead of 200: 800 more for Black.
    let dearer = table("tafl-men 300 300 100 100");
    assert_eq!(
        white_eval("tablut", &start, Some(&dearer)),
        generic_start - 800
    );
    // Black's king on c3, four orthogonal steps from a1: the distance term (-12 a step
    // for his side) is +48 for White; one White man on c5, two steps from him, is near
    // (-3 for his side, +3 for White); on h9 he is not.
    let near = "9/9/9/9/2M6/9/2k6/9/9 w - - 0 1";
    assert_eq!(term_effect("tablut", near, Section::TaflGoalDistance), 48);
    assert_eq!(term_effect("tablut", near, Section::TaflNearKing), 3);
    let far = "7M1/9/9/9/9/9/2k6/9/9 w - - 0 1";
    assert_eq!(term_effect("tablut", far, Section::TaflNearKing), 0);
    // Sliding from c3 he reaches three squares from which a corner is open: c1 (a1,
    // i1), a3 (a1, a9) and i3 (i1, i9); b3, c2, c4 and d3-h3 open none (c5 blocks his
    // way up). +20 each for his side: -60 for White.
    assert_eq!(term_effect("tablut", near, Section::TaflSecondPaths), -60);
}

#[test]
fn blast_threats_next_to_the_king() {
    // The knight on g5 attacks f7, next to Black's king: taking it explodes the king.
    let fen = "rnbqkbnr/pppppppp/8/6N1/8/8/PPPPPPPP/RNBQKB1R w KQkq - 0 1";
    assert!(term_effect("atomic", fen, Section::BlastKing) > 0);
    // The same threat against White: the score turns.
    let mirrored = "rnbqkb1r/pppppppp/8/8/6n1/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1";
    assert!(term_effect("atomic", mirrored, Section::BlastKing) < 0);
}

#[test]
fn the_last_pieces_a_material_loss_hangs_on_are_worth_more() {
    // Clerical (no bishop loses): Black has lost a bishop, so its last one is the game.
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1";
    let one = "rn1qkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1";
    let reserve = term_effect("clerical", one, Section::Reserve);
    assert!(reserve >= 300, "{reserve}");
    assert_eq!(term_effect("clerical", start, Section::Reserve), 0);
    let bishop = white_eval("clerical", one, None) - white_eval("clerical", start, None);
    let chess = white_eval("chess", one, None) - white_eval("chess", start, None);
    assert!(bishop > chess + 300, "clerical {bishop}, chess {chess}");
    // Decastellation (no king or no rook loses): the king's clause is the same for
    // both sides; Black's last rook is the other clause's last piece.
    // (Two clauses share the table: a side loses only once.)
    let rook = "1nbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQk - 0 1";
    assert!(term_effect("decastellation", rook, Section::Reserve) >= 150);
    // Junta (no knight, or no king and at most one knight): a lost king is a step
    // toward the second clause.
    let kingless = "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1";
    assert!(term_effect("junta", kingless, Section::Reserve) >= 150);
    // Dynastic (no king and no queen loses): the last monarch.
    let queenless = "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1";
    assert!(term_effect("dynastic", queenless, Section::Reserve) >= 300);
}

#[test]
fn attacked_pieces_whose_capture_alone_loses() {
    // Decastellation: the king's clause is one capture away, so an attacked king is
    // exposed (Black's rook on e8 attacks White's king on e1); two exposed pieces (the
    // king and the last rook, h1, attacked by h5) are worse than one.
    let king = "4r1k1/8/8/8/8/8/8/R3K2R w - - 0 1";
    let both = "4r1k1/8/8/7r/8/8/8/4K2R w - - 0 1";
    let one = term_effect("decastellation", king, Section::Exposed);
    assert!(one < 0, "{one}");
    let two = term_effect("decastellation", both, Section::Exposed);
    assert!(two < one - 100, "{one} {two}");
    // Two rooks: no rook is fatal yet, and an unattacked king is not exposed.
    let quiet = "1r4k1/8/8/8/8/8/8/R3K2R w - - 0 1";
    assert_eq!(term_effect("decastellation", quiet, Section::Exposed), 0);
}

#[test]
fn the_last_of_a_class_counts_only_while_the_class_is_on_the_board() {
    // Twilight (taking the last pawn wins): White's last pawn is a liability...
    let last = "4k3/pp6/8/8/8/8/P7/4K3 w - - 0 1";
    assert!(term_effect("twilight", last, Section::Reserve) < 0);
    // ...but a side with no pawn left (promoted away) cannot lose that way.
    let none = "4k3/p7/8/8/8/8/8/4K3 w - - 0 1";
    assert!(term_effect("twilight", none, Section::Reserve) > 0);
}

#[test]
fn progress_to_a_captured_kinds_goal_counts() {
    // Zoo (four captured kinds win): three kinds taken is close to the goal.
    let fen =
        |taken: &str| format!("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[{taken}] w - - 0 1");
    let one = term_effect("zoo", &fen("P"), Section::CapturedKinds);
    let three = term_effect("zoo", &fen("PNB"), Section::CapturedKinds);
    assert!(one > 0 && three > 2 * one, "{one} {three}");
    assert!(term_effect("zoo", &fen("pnb"), Section::CapturedKinds) < 0);
    assert_eq!(term_effect("zoo", &fen("PNbn"), Section::CapturedKinds), 0);
}

#[test]
fn pieces_whose_capture_beside_the_leader_loses() {
    // Entourage (taking a non-pawn next to its king wins): White's rook beside its
    // king is a target, attacked by Black's rook a threat.
    let quiet = "4k3/8/8/8/8/8/3R4/4K3 w - - 0 1";
    let attacked = "4k3/8/8/b7/8/8/3R4/4K3 w - - 0 1";
    let q = term_effect("entourage", quiet, Section::LeaderGuard);
    let a = term_effect("entourage", attacked, Section::LeaderGuard);
    assert!(q < 0 && a < q - 100, "{q} {a}");
    // A pawn beside the king is no such target.
    let pawn = "4k3/8/8/8/8/8/3P4/4K3 w - - 0 1";
    assert_eq!(term_effect("entourage", pawn, Section::LeaderGuard), 0);
}

#[test]
fn material_is_a_burden_where_losing_everything_wins() {
    // White has an extra knight.
    let fen = "rnbqkb1r/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1";
    assert!(white_eval("chess", fen, Some(&generic("chess"))) > 200);
    for variant in ["antichess", "giveaway", "suicide"] {
        assert!(
            white_eval(variant, fen, Some(&generic(variant))) < -200,
            "{variant}"
        );
    }
}

#[test]
fn pawn_storms_in_horde() {
    // White's pawns close on Black's king.
    let fen = "rnbq1bnr/ppp3pp/3k4/3PPP2/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP b - - 0 1";
    assert!(term_effect("horde", fen, Section::Storm) > 0);
}

#[test]
fn king_safety_passed_pawns_and_mobility() {
    // Queen (f7) and bishop (h7) bear on Black's castled king.
    let attack = "r1b2rk1/ppp2ppp/2n5/8/8/3B1Q2/PPP2PPP/4R1K1 w - - 0 1";
    assert!(term_effect("chess", attack, Section::KingAttack) > 0);
    assert!(term_effect("chess", attack, Section::KingAttackers) > 0);
    // A passed pawn on the sixth rank.
    let passer = "6k1/5ppp/3P4/8/8/8/5PPP/6K1 w - - 0 1";
    assert!(term_effect("chess", passer, Section::Passed) > 0);
    // A knight in the corner reaches less than one in the centre.
    let corner = "4k3/8/8/8/8/8/8/N3K3 w - - 0 1";
    let centre = "4k3/8/8/8/3N4/8/8/4K3 w - - 0 1";
    assert!(
        term_effect("chess", centre, Section::Mobility)
            > term_effect("chess", corner, Section::Mobility)
    );
    // The same on a 10x10 board.
    let grand_centre = "10/4k5/10/10/10/5N4/10/10/4K5/10 w - - 0 1";
    let grand_corner = "10/4k5/10/10/10/10/10/10/4K5/N9 w - - 0 1";
    assert!(white_eval("grand", grand_centre, None) > white_eval("grand", grand_corner, None));
}

// ---- symmetry ----

/// The same position with colours swapped and the board turned over.
pub(crate) fn mirror(fen: &str) -> String {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let swap = |s: &str| -> String {
        s.chars()
            .map(|c| {
                if c.is_ascii_uppercase() {
                    c.to_ascii_lowercase()
                } else {
                    c.to_ascii_uppercase()
                }
            })
            .collect()
    };
    let ranks: Vec<&str> = fields[0].split('/').collect();
    let board: Vec<String> = ranks.iter().rev().map(|r| swap(r)).collect();
    let side = if fields[1] == "w" { "b" } else { "w" };
    let castling = if fields[2] == "-" {
        "-".to_string()
    } else {
        swap(fields[2])
    };
    let ep = if fields[3] == "-" {
        "-".to_string()
    } else {
        let (file, rank) = fields[3].split_at(1);
        format!("{file}{}", ranks.len() + 1 - rank.parse::<usize>().unwrap())
    };
    let mut out = vec![board.join("/"), side.to_string(), castling, ep];
    for f in &fields[4..] {
        match f.split_once('+') {
            Some((w, b)) => out.push(format!("{b}+{w}")),
            None => out.push(f.to_string()),
        }
    }
    out.join(" ")
}

#[test]
fn mirrored_positions_score_the_negation() {
    let cases: &[(&str, &str)] = &[
        (
            "chess",
            "r1bqk2r/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R1BQK2R w KQkq - 0 7",
        ),
        ("chess", "6k1/pp3ppp/8/3P4/8/8/PP3PPP/6K1 b - - 0 30"),
        (
            "chess",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        ),
        (
            "chess",
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        ),
        (
            "atomic",
            "rnbqkb1r/ppppp1pp/5n2/5pN1/8/8/PPPPPPPP/RNBQKB1R w KQkq - 0 1",
        ),
        (
            "antichess",
            "rnbqkbnr/p1pppppp/8/1p6/8/4P3/PPPP1PPP/RNBQKBNR w - - 0 2",
        ),
        (
            "3check",
            "rnbqkbnr/ppp2ppp/8/3pp3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 2+3 0 3",
        ),
        (
            "clerical",
            "rn1qkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
        ),
        (
            "junta",
            "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB1R w - - 0 1",
        ),
        ("entourage", "4k3/8/8/b7/8/8/3R4/4K3 w - - 0 1"),
        (
            "kingofthehill",
            "rnbq1bnr/ppppkppp/8/8/8/3K4/PPPPPPPP/RNBQ1BNR w - - 0 1",
        ),
        (
            "knightmate",
            "rmbqkbmr/pppppppp/8/8/4P3/8/PPPP1PPP/RMBQKBMR b KQkq - 0 1",
        ),
        (
            "extinction",
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2",
        ),
        (
            "capablanca",
            "rnabqkbcnr/pppp1ppppp/10/4p5/4P5/5N4/PPPP1PPPPP/RNABQKBC1R b KQkq - 1 2",
        ),
        (
            "grand",
            "r8r/1nbqkcabn1/pppp1ppppp/4p5/10/4P5/10/PPPP1PPPPP/1NBQKCABN1/R8R w - - 0 2",
        ),
        (
            "grasshopper",
            "rnbqkbnr/gggg1ggg/ppppgppp/8/4P3/PPPP1PPP/GGGGGGGG/RNBQKBNR b KQkq - 0 2",
        ),
    ];
    for (variant, fen) in cases {
        let m = mirror(fen);
        let a = white_eval(variant, fen, None);
        let b = white_eval(variant, &m, None);
        assert_eq!(
            a, -b,
            "{variant}: {fen} scores {a}, its mirror {m} scores {b}"
        );
        // With the generic parameters too (a tuned table could hide a broken term).
        let g = generic(variant);
        assert_eq!(
            white_eval(variant, fen, Some(&g)),
            -white_eval(variant, &m, Some(&g)),
            "{variant} generic: {fen}"
        );
    }
}

// ---- the trace the tuner fits ----

struct TraceCheck(Vec<String>);

impl OnBoard for TraceCheck {
    type Output = ();
    fn run<B: protean::board::Bitboard>(self, rules: Arc<Rules<B>>) {
        let eval = Eval::select(&rules, None);
        for fen in &self.0 {
            let pos = Position::from_fen(rules.clone(), fen).unwrap();
            let (net, phase) = eval.trace(&pos);
            let rho = phase as f64 / eval.full_phase() as f64;
            let linear: f64 = net
                .iter()
                .zip(eval.params())
                .map(|(&n, p)| n as f64 * (rho * p.mg as f64 + (1.0 - rho) * p.eg as f64))
                .sum();
            let score = eval.evaluate(&pos);
            let white = if pos.side_to_move() == WHITE {
                score
            } else {
                -score
            };
            assert!(
                (linear - white as f64).abs() <= 1.0,
                "{fen}: traced {linear}, evaluated {white}"
            );
        }
    }
}

#[test]
fn the_traced_linear_form_is_the_evaluation() {
    let fens = |list: &[&str]| list.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    let cases: &[(&str, Vec<String>)] = &[
        (
            "chess",
            fens(&[
                "r1bqk2r/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R1BQK2R w KQkq - 0 7",
                "6k1/pp3ppp/8/3P4/8/8/PP3PPP/6K1 b - - 0 30",
                "r1b2rk1/ppp2ppp/2n5/8/8/3B1Q2/PPP2PPP/4R1K1 w - - 0 1",
            ]),
        ),
        (
            "atomic",
            fens(&["rnbqkb1r/ppppp1pp/5n2/5pN1/8/8/PPPPPPPP/RNBQKB1R w KQkq - 0 1"]),
        ),
        (
            "3check",
            fens(&["rnbqkbnr/ppp2ppp/8/3pp3/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 1+3 0 3"]),
        ),
        (
            "junta",
            fens(&["rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB1R w - - 0 1"]),
        ),
        (
            "zoo",
            fens(&["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB1R[PNb] b - - 0 1"]),
        ),
        ("entourage", fens(&["4k3/8/8/b7/8/8/3R4/4K3 w - - 0 1"])),
        (
            "horde",
            fens(&["rnbq1bnr/ppp3pp/3k4/3PPP2/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP b - - 0 1"]),
        ),
        (
            "grand",
            fens(&["r8r/1nbqkcabn1/pppp1ppppp/4p5/10/4P5/10/PPPP1PPPPP/1NBQKCABN1/R8R w - - 0 2"]),
        ),
        // The tafl terms (their own sections), from self-play: the king hemmed in, with
        // free paths, and on the widest board.
        (
            "tablut",
            fens(&[
                "3MMM3/3M5/2m6/M7M/MMmmkmm1M/M2M3M1/9/4m2M1/4MM3 b - - 2 6",
                "3MMM3/3M5/5m3/M2m4M/MMm1kM2M/M6M1/9/4m2M1/4M1m2 w - - 4 10",
            ]),
        ),
        (
            "brandubh",
            fens(&["3m3/2m4/3M3/mmMK1mm/7/5m1/4M2 b - - 2 6"]),
        ),
        (
            "scottishtafl",
            fens(&[
                "3m3/3m3/3MMm1/mmMK1m1/6M/4m2/3m3 b - - 8 5",
                "3m3/3m3/3MM2/1mMKmm1/m6/3m2M/7 w - - 3 8",
            ]),
        ),
        (
            "aleaevangelii",
            fens(&[
                "2m9mm2m2/19/m4m7m4m/7m1m1m7/6m1MM2m6/m1m2m7m2m1m/4m4M4m4/3m4M1M4m3/\
                    4M2M1G1M2M4/3m2M1GKG1M2m3/3M3M1G1M2M4/3m4M1M4m3/4m4M4m4/m8m6m1m/\
                    6m5m6/7m1m3m5/m4m5m1m4m/19/3m1m7m2m2 w - - 2 7",
            ]),
        ),
    ];
    for (variant, list) in cases {
        protean::engine::on_board(&find_variant(variant).unwrap(), TraceCheck(list.clone()))
            .unwrap();
    }
}

// ---- generic fallback and embedded tables ----

struct GenericCheck;

impl OnBoard for GenericCheck {
    type Output = ();
    fn run<B: protean::board::Bitboard>(self, rules: Arc<Rules<B>>) {
        let v = &rules.variant;
        let eval = Eval::new(&rules);
        assert_eq!(eval.source(), "generic");
        assert_eq!(eval.params().len(), Layout::new(&rules).size);
        for (k, kind) in rules.kinds.iter().enumerate() {
            let value = Evaluator::<B>::piece_value(&eval, k);
            // A tafl king is not royal in the chess sense (he is captured, not mated),
            // but like a royal he is never traded: no value either.
            let tafl_king = rules.capture.custodian().is_some_and(|c| c.king == k);
            if kind.royal || tafl_king {
                assert_eq!(value, 0, "{}: royal {}", v.name, kind.letter);
            } else {
                // The least mobile kind so far: Xiangqi's soldier (one step forward
                // until the river, then three ways), 46 from its mobility.
                assert!(
                    (30..3000).contains(&value),
                    "{}: {} = {value}",
                    v.name,
                    kind.letter
                );
            }
        }
        let seed = (v.setup != Setup::Fixed).then_some(7);
        let fen = protean::engine::start_fen(v, None, seed).unwrap();
        let pos = Position::from_fen(rules.clone(), &fen).unwrap();
        let score = eval.evaluate(&pos);
        // Horde armies are balanced by play, not by count: only a loose bound. Spartan
        // (GOAL) gives White three pieces fewer by design: its compensation is the
        // move limit, which the search sees, not the evaluation. Where the two armies
        // are of different kinds (Manchu's banner against chariots, horses and
        // cannons) the count of material says nothing of the balance: no bound there.
        let board = fen.split_whitespace().next().unwrap_or("");
        let army = |white: bool| {
            let mut a: Vec<char> = board
                .chars()
                .filter(|c| c.is_ascii_alphabetic() && c.is_ascii_uppercase() == white)
                .map(|c| c.to_ascii_lowercase())
                .collect();
            a.sort_unstable();
            a
        };
        // Each side has a kind the other lacks (Horde's pawns are a subset of Black's
        // army, so Horde keeps its bound).
        let different_armies = {
            let (w, b) = (army(true), army(false));
            w.iter().any(|k| !b.contains(k)) && b.iter().any(|k| !w.contains(k))
        };
        assert!(
            score.abs() < 1000 || v.goal.move_limit.is_some() || different_armies,
            "{}: start position scores {score}",
            v.name
        );
        // A game played on a few plies keeps a finite, bounded score.
        let mut p = pos.clone();
        for i in 0..12 {
            let moves = p.legal_moves();
            if moves.is_empty() || p.outcome().is_some() {
                break;
            }
            p.make_move(moves.as_slice()[(i * 7) % moves.len()]);
            assert!(eval.evaluate(&p).abs() < 5000, "{}: {}", v.name, p.to_fen());
        }
    }
}

#[test]
fn every_builtin_variant_has_a_generic_evaluation() {
    for v in builtin_variants() {
        protean::engine::on_board(v, GenericCheck).unwrap();
    }
    // Colour-symmetric start positions score only the side to move's tempo.
    for name in [
        "chess",
        "capablanca",
        "grand",
        "atomic",
        "3check",
        "kingofthehill",
    ] {
        let v = find_variant(name).unwrap();
        let r = Game::new(&v, None)
            .unwrap()
            .static_eval(Some(&generic(name)));
        assert_eq!(r.white, 10, "{name}");
    }
}

#[test]
fn every_net_file_is_embedded_and_fits_its_variants() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("nets");
    let mut on_disk: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.ends_with(".txt"))
        .map(|n| format!("nets/{n}"))
        .collect();
    on_disk.sort();
    let mut listed: Vec<String> = embedded::FILES.iter().map(|(p, _)| p.to_string()).collect();
    listed.sort();
    assert_eq!(on_disk, listed, "nets/*.txt and embedded::FILES differ");
    assert_eq!(
        embedded::files().len(),
        embedded::FILES.len(),
        "an embedded file does not parse"
    );
    for f in embedded::files() {
        let names = check_eval_file(f).unwrap_or_else(|e| panic!("{e}"));
        for name in names {
            let v = find_variant(&name).unwrap();
            assert_eq!(
                embedded::for_variant(&v).unwrap().source,
                f.source,
                "{name} named twice"
            );
            let r = Game::new(&v, None).unwrap().static_eval(None);
            assert_eq!(r.source, f.source);
        }
    }
}

// ---- the tools ----

#[test]
fn selfplay_is_reproducible_and_fit_lowers_the_error() {
    let cfg = |threads: usize| selfplay::Config {
        variant: find_variant("chess").unwrap(),
        nodes: 300,
        games: 6,
        threads,
        seed: 11,
        random_plies: 6,
        max_plies: 120,
        hash_mb: 1,
        eval_file: None,
        eval_net: None,
        binary: false,
        time_limit: None,
    };
    let play = |threads: usize| {
        let mut out = Vec::new();
        let stats = selfplay::run(&cfg(threads), &mut out, &|_| {}).unwrap();
        let mut lines: Vec<String> = String::from_utf8(out)
            .unwrap()
            .lines()
            .map(String::from)
            .collect();
        lines.sort();
        (stats, lines)
    };
    let (stats, one) = play(1);
    let (stats2, two) = play(2);
    assert_eq!(one, two, "the same games whatever the thread count");
    assert_eq!(stats, stats2);
    assert_eq!(stats.games, 6);
    assert_eq!(stats.positions as usize, one.len());
    assert!(one.len() > 50, "{} positions", one.len());
    for line in &one {
        let (fen, _, score) = fit::parse_line(line).unwrap_or_else(|| panic!("{line}"));
        assert!(score.is_some());
        Game::by_name("chess", Some(fen)).unwrap();
    }
    // Fit a few epochs on them: the training error must fall and the file must load.
    let text = one.join("\n");
    let fit_cfg = fit::Config {
        variant: find_variant("chess").unwrap(),
        data: vec![("selfplay".into(), text)],
        init: fit::Init::Generic,
        k: None,
        epochs: 60,
        rate: 2.0,
        lambda: 1.0,
        l2: 0.0,
        validation: 0.0,
        threads: 2,
        variants: vec!["chess".into(), "fischerandom".into()],
        comments: vec!["test".into()],
    };
    let r = fit::run(&fit_cfg, &|_| {}).unwrap();
    assert!(
        r.final_loss.0 < r.initial_loss.0,
        "{:?} -> {:?}",
        r.initial_loss,
        r.final_loss
    );
    assert!(r.k > 0.02 && r.k < 20.0);
    let parsed = ParamFile::parse(&r.text, "fitted").unwrap();
    assert_eq!(check_eval_file(&parsed).unwrap(), ["chess", "fischerandom"]);
}

#[test]
fn eval_file_over_the_binary() {
    use std::io::{BufRead, BufReader, Write};
    use std::process::{Command, Stdio};
    let bad = Scratch::new(
        "pipe-bad.txt",
        b"protean-eval 1\nvariant chess\nrank P 1 2\n",
    );
    let good = Scratch::new(
        "pipe-good.txt",
        b"protean-eval 1\nvariant atomic\ntempo 20 20\n",
    );
    let mut child = Command::new(env!("CARGO_BIN_EXE_protean"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    for line in [
        format!("setoption name EvalFile value {}", bad.path()),
        format!("setoption name EvalFile value {}", good.path()),
        "setoption name UCI_Variant value atomic".into(),
        "go depth 2".into(),
        "quit".into(),
    ] {
        writeln!(input, "{line}").unwrap();
    }
    drop(input);
    let lines: Vec<String> = BufReader::new(child.stdout.take().unwrap())
        .lines()
        .map(Result::unwrap)
        .collect();
    assert!(child.wait().unwrap().success());
    assert!(
        lines[0].starts_with("info string error: EvalFile: ")
            && lines[0].contains("line 3: 'rank P' needs 8 pairs")
            && lines[0].ends_with("(keeping <embedded>)"),
        "{lines:?}"
    );
    assert!(lines[1].ends_with(" loaded for atomic"), "{lines:?}");
    assert!(lines.last().unwrap().starts_with("bestmove "), "{lines:?}");
}
