//! The data-driven perft suites: every position of `engine-tests/perft/<variant>.perft`
//! at every listed depth whose count fits the node budget. Counts come from Stockfish
//! and Fairy-Stockfish (see `engine-tests/perft/README.md`); the tafl games', which no
//! outside engine plays, from the independent reference `scripts/tafl-reference`.

use crate::common;

use protean::engine::Game;

/// Largest count checked per position in CI. `PROTEAN_PERFT_BUDGET=N` raises it (deep
/// runs: `PROTEAN_PERFT_BUDGET=1000000000 cargo test --release perft_suite::`).
fn node_budget() -> u64 {
    std::env::var("PROTEAN_PERFT_BUDGET")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(10_000_000)
}

fn run_suite(variant: &str) {
    let cases = common::read_perft_file(&format!("{variant}.perft"));
    assert!(!cases.is_empty(), "no positions for {variant}");
    let mut failures = Vec::new();
    let mut checked = 0;
    let budget = node_budget();
    for case in &cases {
        let mut game = Game::by_name(variant, Some(&case.fen))
            .unwrap_or_else(|e| panic!("{variant}.perft:{}: {e}", case.line));
        for &(depth, expected) in &case.counts {
            if expected > budget && depth > 1 {
                continue;
            }
            let got = game.perft(depth);
            checked += 1;
            if got != expected {
                failures.push(format!(
                    "{variant}.perft:{} depth {depth}: expected {expected}, got {got}  ({})",
                    case.line, case.fen
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} perft mismatches:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(checked >= cases.len(), "{variant}: too few counts checked");
}

/// One test per suite file, named after its variant.
macro_rules! suites {
    ($($test:ident => $variant:literal),* $(,)?) => {
        $(
            #[test]
            fn $test() {
                run_suite($variant);
            }
        )*

        /// Every `.perft` file has a test above: none is silently skipped.
        #[test]
        fn every_suite_file_is_run() {
            let known = [$($variant),*];
            for entry in std::fs::read_dir(common::data_dir().join("perft")).unwrap() {
                let name = entry.unwrap().file_name().into_string().unwrap();
                if let Some(variant) = name.strip_suffix(".perft") {
                    assert!(
                        known.contains(&variant),
                        "{name} has no test in perft_suite.rs"
                    );
                }
            }
        }
    };
}

suites! {
    chess => "chess",
    fischerandom => "fischerandom",
    nocastle => "nocastle",
    knightmate => "knightmate",
    grasshopper => "grasshopper",
    extinction => "extinction",
    fogofwar => "fogofwar",
    antichess => "antichess",
    giveaway => "giveaway",
    suicide => "suicide",
    horde => "horde",
    three_check => "3check",
    kingofthehill => "kingofthehill",
    upsidedown => "upsidedown",
    atomic => "atomic",
    massacre => "massacre",
    suicide_dhl => "suicide-dhl",
    kingscorner => "kingscorner",
    kingsfortress => "kingsfortress",
    blackhorde => "blackhorde",
    racingkings => "racingkings",
    capablanca => "capablanca",
    gothic => "gothic",
    caparandom => "caparandom",
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
    capahouse => "capahouse",
    grandhouse => "grandhouse",
    seirawan => "seirawan",
    shouse => "shouse",
    placement => "placement",
    screen => "screen",
    crazyscreen => "crazyscreen",
    darkcrazyscreen => "darkcrazyscreen",
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
