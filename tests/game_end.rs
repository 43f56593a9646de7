//! Game-end suites: for each variant, positions that are won, lost, drawn or still
//! going under its rules, with the verdict Fairy-Stockfish (pyffish) gives, from
//! `engine-tests/game-end/<variant>.txt` (`FEN ; RESULT ; note`, RESULT for the side
//! to move).

use crate::common;

use protean::engine::Game;
use protean::position::{EndReason, GameResult};
use protean::variant::Color;

/// Our verdict in the file's terms. One documented difference: pyffish's
/// `game_result` leaves dead positions (bare kings, a lone minor piece) to its separate
/// `has_insufficient_material`, while we end them as FIDE does (the rule itself is
/// tested in `tests/outcome.rs`); those compare as "ongoing" here.
fn verdict(game: &Game) -> &'static str {
    let side = Color::white_if(game.fen().split_whitespace().nth(1) == Some("w"));
    match game.outcome() {
        None => "ongoing",
        Some(o) if o.reason == EndReason::InsufficientMaterial => "ongoing",
        Some(o) => match o.result {
            GameResult::Draw => "draw",
            GameResult::Win(c) if c == side => "win",
            GameResult::Win(_) => "loss",
        },
    }
}

fn run(variant: &str) -> usize {
    let path = common::data_dir()
        .join("game-end")
        .join(format!("{variant}.txt"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut failures = Vec::new();
    let mut n = 0;
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let parts: Vec<&str> = line.splitn(3, ';').map(str::trim).collect();
        let (fen, expected) = (parts[0], parts[1]);
        let game = Game::by_name(variant, Some(fen))
            .unwrap_or_else(|e| panic!("{variant}.txt:{}: {e}", i + 1));
        let got = verdict(&game);
        if got != expected {
            failures.push(format!(
                "{variant}.txt:{}: expected {expected}, got {got} ({line})",
                i + 1
            ));
        }
        n += 1;
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    n
}

macro_rules! game_end_suites {
    ($($test:ident => $variant:literal),* $(,)?) => {
        $(
            #[test]
            fn $test() {
                assert!(run($variant) >= 4, "too few game-end cases for {}", $variant);
            }
        )*

        #[test]
        fn every_game_end_file_is_run() {
            let known = [$($variant),*];
            for entry in std::fs::read_dir(common::data_dir().join("game-end")).unwrap() {
                let name = entry.unwrap().file_name().into_string().unwrap();
                if let Some(variant) = name.strip_suffix(".txt") {
                    assert!(
                        known.contains(&variant),
                        "{name} has no test in game_end.rs"
                    );
                }
            }
        }
    };
}

game_end_suites! {
    knightmate => "knightmate",
    extinction => "extinction",
    fogofwar => "fogofwar",
    antichess => "antichess",
    giveaway => "giveaway",
    suicide => "suicide",
    horde => "horde",
    three_check => "3check",
    kingofthehill => "kingofthehill",
    grasshopper => "grasshopper",
    upsidedown => "upsidedown",
    racingkings => "racingkings",
    atomic => "atomic",
    massacre => "massacre",
    suicide_dhl => "suicide-dhl",
    kingscorner => "kingscorner",
    kingsfortress => "kingsfortress",
    blackhorde => "blackhorde",
    grand => "grand",
    xiangqi => "xiangqi",
    makruk => "makruk",
    makpong => "makpong",
    ai_wok => "ai-wok",
    asean => "asean",
    shatranj => "shatranj",
    chaturanga => "chaturanga",
    courier => "courier",
    // Regional games (issue 24).
    minixiangqi => "minixiangqi",
    manchu => "manchu",
    janggi => "janggi",
    janggitraditional => "janggitraditional",
    janggimodern => "janggimodern",
    janggicasual => "janggicasual",
    shatar => "shatar",
    five_check => "5check",
    armageddon => "armageddon",
    misere => "misere",
    losers => "losers",
    codrus => "codrus",
    kinglet => "kinglet",
    threekings => "threekings",
    nocheckatomic => "nocheckatomic",
    almost => "almost",
    sortofalmost => "sortofalmost",
    chigorin => "chigorin",
    amazon => "amazon",
    georgian => "georgian",
    perfect => "perfect",
    nightrider => "nightrider",
    hoppelpoppel => "hoppelpoppel",
    newzealand => "newzealand",
    paradigm => "paradigm",
    fairy => "fairy",
    torpedo => "torpedo",
    raazuvaa => "raazuvaa",
    pocketknight => "pocketknight",
    dragon => "dragon",
    opulent => "opulent",
    tencubed => "tencubed",
    janus => "janus",
    embassy => "embassy",
    centaur => "centaur",
    modern => "modern",
    chancellor => "chancellor",
    gardner => "gardner",
    losalamos => "losalamos",
    clobber => "clobber",
    clobber10 => "clobber10",
    breakthrough => "breakthrough",
    fox_and_hounds => "fox-and-hounds",
    crazyhouse => "crazyhouse",
    seirawan => "seirawan",
    shouse => "shouse",
    placement => "placement",
    screen => "screen",
    crazyscreen => "crazyscreen",
    shogun => "shogun",
    shogi => "shogi",
    minishogi => "minishogi",
    judkins => "judkins",
    gorogoro => "gorogoro",
    euroshogi => "euroshogi",
    yarishogi => "yarishogi",
    okisakishogi => "okisakishogi",
    checkshogi => "checkshogi",
    bughouse => "bughouse",
    loop_chess => "loop",
    chessgi => "chessgi",
    tablut => "tablut",
    brandubh => "brandubh",
    brandubh2 => "brandubh2",
    ardri => "ardri",
    longship => "longship",
    duck => "duck",
    amazons => "amazons",
    isolation => "isolation",
    isolation7x7 => "isolation7x7",
    snailtrail => "snailtrail",
    joust => "joust",
    pawnsideways => "pawnsideways",
    berolina => "berolina",
    pawnback => "pawnback",
    gustav3 => "gustav3",
    troitzky => "troitzky",
    omicron => "omicron",
    shako => "shako",
    legan => "legan",
    coregal => "coregal",
    spartan => "spartan",
    shoshogi => "shoshogi",
    torishogi => "torishogi",
    kyotoshogi => "kyotoshogi",
    dobutsu => "dobutsu",
    micro => "micro",
    jesonmor => "jesonmor",
    cambodian => "cambodian",
    karouk => "karouk",
    koedem => "koedem",
    atomar => "atomar",
    ataxx => "ataxx",
}
