//! The six games of `../shared/RULES-MORE.md` (Lines of Action, Scrambled Eggs, Cheshire
//! Cat, Scottish Hnefatafl, Longship 13x13, Alea Evangelii) against the independent
//! Python reference (`scripts/more-reference`, written from that rule book by another
//! author than the Rust code): the suites of `engine-tests/more/` (see
//! `common::reference`).

use crate::common::reference::{check, Refused};

/// Set-up FENs of the reference data that Protean refuses. None.
const REFUSED: &[Refused] = &[];

macro_rules! more_games {
    ($($test:ident => $variant:literal),* $(,)?) => {
        $(
            #[test]
            fn $test() {
                check("more", $variant, REFUSED);
            }
        )*
    };
}

more_games! {
    loa => "loa",
    scrambledeggs => "scrambledeggs",
    cheshirecat => "cheshirecat",
    scottishtafl => "scottishtafl",
    longship13 => "longship13",
    aleaevangelii => "aleaevangelii",
}
