//! The GOAL variants against the independent Python reference (`scripts/goal-reference`,
//! written from the rule book `../shared/GOAL-VARIANTS.md` by another author): the
//! suites of `engine-tests/goal/` (see `common::reference`).

use crate::common::reference::{check, Refused};

/// Set-up FENs of the reference data that Protean refuses (the lines are reported to the
/// reference's author and fixed there). None now: two Ultimate set-ups (commit 91e9c42)
/// and a Dowager one had the side not to move in check, and were replaced.
const REFUSED: &[Refused] = &[];

macro_rules! goal_games {
    ($($test:ident => $variant:literal),* $(,)?) => {
        $(
            #[test]
            fn $test() {
                check("goal", $variant, REFUSED);
            }
        )*
    };
}

goal_games! {
    decastellation => "decastellation",
    zoo => "zoo",
    junta => "junta",
    clerical => "clerical",
    entourage => "entourage",
    twilight => "twilight",
    spartan_goal => "spartan-goal",
    society => "society",
    dynastic => "dynastic",
    ultimate => "ultimate",
    xenophobic => "xenophobic",
    glory => "glory",
    prop => "prop",
    regent => "regent",
    moderation => "moderation",
    triplecheck => "triplecheck",
    submission => "submission",
    contravention => "contravention",
    kingmaker => "kingmaker",
    dowager => "dowager",
    separation => "separation",
    // Part 2 (issue 21); the data comes from the reference's branch `goalref3`.
    shrapnel => "shrapnel",
    tyrant => "tyrant",
    // Batch 4: the lookahead rules.
    serieshelpmate => "serieshelpmate",
    blundermate => "blundermate",
    linkage => "linkage",
    counselor => "counselor",
    // Batch 3, the rest: compound turns.
    deadline => "deadline",
    donnybrook => "donnybrook",
    // Batch 3: drops across two confined armies.
    reentrant => "reentrant",
    // Batch 3: the mirror turn, two royal kinds, lame riders.
    concurrent => "concurrent",
}
