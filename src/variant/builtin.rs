//! The registry of built-in variants, each a data definition.

use super::house;
use super::{
    Capture, Castling, DrawRules, EndRules, Explosion, Extinction, Goal, PieceKind, Promotion,
    Region, Setup, StalemateResult, Symmetry, Variant, BLACK, WHITE,
};
use std::sync::{Arc, OnceLock};

/// The orthodox army: pawn, knight, bishop, rook, queen and the royal king.
pub fn orthodox_pieces() -> Vec<PieceKind> {
    let mut pawn = PieceKind::new("pawn", 'P', "fmWfcFifmnD");
    pawn.initial_ranks = [vec![1], vec![1]];
    pawn.en_passant = true;
    pawn.promotes = true;
    let mut knight = PieceKind::new("knight", 'N', "N");
    knight.minor = true;
    let mut bishop = PieceKind::new("bishop", 'B', "B");
    bishop.minor = true;
    let mut king = PieceKind::new("king", 'K', "K");
    king.royal = true;
    vec![
        pawn,
        knight,
        bishop,
        PieceKind::new("rook", 'R', "R"),
        PieceKind::new("queen", 'Q', "Q"),
        king,
    ]
}

fn orthodox_draws() -> DrawRules {
    DrawRules {
        stalemate: StalemateResult::Draw,
        repetition: 3,
        move_rule_plies: 100,
        insufficient_material: true,
        perpetual_check_loses: false,
        draw_at_pieces: 0,
    }
}

pub fn chess() -> Variant {
    Variant {
        name: "chess".into(),
        aliases: vec!["standard".into(), "normal".into()],
        description: "Orthodox chess (FIDE rules)".into(),
        files: 8,
        ranks: 8,
        pieces: orthodox_pieces(),
        start_fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into(),
        castling: Some(Castling {
            king_letter: 'K',
            king_files: [6, 2],
            rook_files: [5, 3],
            rook_letters: vec!['R'],
        }),
        promotion: Some(Promotion::on(vec![7], vec!['Q', 'R', 'B', 'N'])),
        draws: orthodox_draws(),
        setup: Setup::Fixed,
        chess960: false,
        en_passant_ranks: vec![2],
        mandatory_capture: false,
        checks_allowed: true,
        royal_optional: false,
        flying_royals: false,
        explosion: None,
        capture: Capture::Replacement,
        end: EndRules::default(),
        hands: None,
    }
}

pub fn fischerandom() -> Variant {
    Variant {
        name: "fischerandom".into(),
        aliases: vec!["chess960".into(), "fischerrandom".into()],
        description: "Chess960: orthodox rules from one of 960 shuffled back ranks".into(),
        setup: Setup::Chess960,
        chess960: true,
        ..chess()
    }
}

pub fn nocastle() -> Variant {
    Variant {
        name: "nocastle".into(),
        aliases: vec![],
        description: "Orthodox chess without castling".into(),
        start_fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1".into(),
        castling: None,
        ..chess()
    }
}

/// Orthodox pieces with a capturable, non-royal king that promotion may create.
fn pieces_with_common_king() -> Vec<PieceKind> {
    let mut pieces = orthodox_pieces();
    for p in &mut pieces {
        p.royal = false;
        p.minor = false;
    }
    pieces
}

fn orthodox_promotion_plus(extra: &[char]) -> Option<Promotion> {
    let mut targets = vec!['Q', 'R', 'B', 'N'];
    targets.extend_from_slice(extra);
    Some(Promotion::on(vec![7], targets))
}

/// End rules of a game decided by extinction alone: losing every piece of `kinds`
/// (every piece at all when empty) wins or loses.
fn extinction_end(kinds: &[char], extinct_side_wins: bool) -> EndRules {
    EndRules {
        extinction: Some(Extinction {
            kinds: kinds.to_vec(),
            extinct_side_wins,
        }),
        ..EndRules::default()
    }
}

/// Draw rules of games without check: no dead positions by the FIDE material rule.
fn draws_without_material_rule(stalemate: StalemateResult) -> DrawRules {
    DrawRules {
        stalemate,
        insufficient_material: false,
        ..orthodox_draws()
    }
}

pub fn knightmate() -> Variant {
    let mut pieces = orthodox_pieces();
    // The royal piece moves as a knight; the knights' place is taken by commoners
    // (non-royal kings).
    pieces.retain(|p| p.letter != 'N');
    let king = pieces.iter_mut().find(|p| p.letter == 'K').unwrap();
    king.betza = "N".into();
    let mut commoner = PieceKind::new("commoner", 'M', "K");
    commoner.minor = false;
    pieces.insert(1, commoner);
    Variant {
        name: "knightmate".into(),
        aliases: vec![],
        description: "The royal piece moves as a knight; commoners replace the knights".into(),
        pieces,
        start_fen: "rmbqkbmr/pppppppp/8/8/8/8/PPPPPPPP/RMBQKBMR w KQkq - 0 1".into(),
        promotion: Some(Promotion::on(vec![7], vec!['Q', 'R', 'B', 'M'])),
        draws: draws_without_material_rule(StalemateResult::Draw),
        ..chess()
    }
}

pub fn extinction() -> Variant {
    Variant {
        name: "extinction".into(),
        aliases: vec![],
        description: "No check; losing every piece of any one kind loses".into(),
        pieces: pieces_with_common_king(),
        promotion: orthodox_promotion_plus(&['K']),
        draws: draws_without_material_rule(StalemateResult::Draw),
        end: extinction_end(&['K', 'Q', 'R', 'B', 'N', 'P'], false),
        ..chess()
    }
}

pub fn antichess() -> Variant {
    Variant {
        name: "antichess".into(),
        aliases: vec![],
        description: "Captures are compulsory; losing every piece or having no move wins".into(),
        pieces: pieces_with_common_king(),
        start_fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1".into(),
        castling: None,
        promotion: orthodox_promotion_plus(&['K']),
        draws: draws_without_material_rule(StalemateResult::Win),
        mandatory_capture: true,
        end: extinction_end(&[], true),
        ..chess()
    }
}

pub fn giveaway() -> Variant {
    Variant {
        name: "giveaway".into(),
        aliases: vec![],
        description: "Antichess with castling".into(),
        start_fen: chess().start_fen,
        castling: chess().castling,
        ..antichess()
    }
}

pub fn suicide() -> Variant {
    Variant {
        name: "suicide".into(),
        aliases: vec![],
        description: "Antichess (FICS): a stalemated side wins with fewer pieces".into(),
        draws: draws_without_material_rule(StalemateResult::FewerPieces),
        ..antichess()
    }
}

/// Suicide as the Dragonheel's Lair site plays it: giveaway, and a draw when only two
/// pieces are left on the board.
pub fn suicide_dhl() -> Variant {
    let mut draws = draws_without_material_rule(StalemateResult::Win);
    draws.draw_at_pieces = 2;
    Variant {
        name: "suicide-dhl".into(),
        aliases: vec![],
        description: "Giveaway with castling; two pieces left on the board draw".into(),
        draws,
        ..giveaway()
    }
}

/// Massacre: a board full of pieces that move only by capturing.
pub fn massacre() -> Variant {
    let pieces = vec![
        PieceKind::new("knight", 'N', "cN"),
        PieceKind::new("bishop", 'B', "cB"),
        PieceKind::new("rook", 'R', "cR"),
        PieceKind::new("queen", 'Q', "cQ"),
    ];
    Variant {
        name: "massacre".into(),
        aliases: vec![],
        description: "Every square filled; every move captures; no capture or no pieces loses"
            .into(),
        pieces,
        start_fen:
            "rBbnbqNn/bQrnQRRr/rrqbNqQb/bBNqbNBN/bNRrrrBQ/QRQqRnNB/qBRnnqNQ/BBQnqnRR w - - 0 1"
                .into(),
        castling: None,
        promotion: None,
        draws: draws_without_material_rule(StalemateResult::Loss),
        setup: Setup::ShuffledBoard,
        mandatory_capture: false,
        end: extinction_end(&[], false),
        ..chess()
    }
}

/// Atomic (lichess rules): captures explode.
pub fn atomic() -> Variant {
    Variant {
        name: "atomic".into(),
        aliases: vec![],
        description: "Captures explode the pieces around them; exploding the enemy king wins"
            .into(),
        draws: draws_without_material_rule(StalemateResult::Draw),
        // A side whose king has exploded has lost; the position stays readable.
        royal_optional: true,
        explosion: Some(Explosion { immune: vec!['P'] }),
        end: extinction_end(&['K'], false),
        ..chess()
    }
}

/// King's Corner (itsyourturn.com): a random back rank with the king in its owner's
/// right-hand corner, Black's the point image of White's, no castling.
pub fn kingscorner() -> Variant {
    Variant {
        name: "kingscorner".into(),
        aliases: vec![],
        description: "Random back rank, king in the right-hand corner, no castling".into(),
        start_fen: "krbnqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQNBRK w - - 0 1".into(),
        castling: None,
        setup: Setup::ShuffledBackRank {
            fixed: vec!['K'],
            opposite_colors: Some('B'),
            between: None,
            black: Symmetry::PointSymmetric,
        },
        ..chess()
    }
}

/// King's Fortress (itsyourturn.com): King's Corner with three more pawns in front of
/// each king (they have no double step).
pub fn kingsfortress() -> Variant {
    Variant {
        name: "kingsfortress".into(),
        aliases: vec![],
        description: "King's Corner with three extra pawns before each king".into(),
        start_fen: "krbnqbnr/pppppppp/ppp5/8/8/5PPP/PPPPPPPP/RNBQNBRK w - - 0 1".into(),
        ..kingscorner()
    }
}

/// Horde as itsyourturn.com plays it: Black is the horde of 32 pawns without double
/// steps; White wins by taking every black piece, Black by checkmate.
pub fn blackhorde() -> Variant {
    let mut pieces = orthodox_pieces();
    pieces[0].initial_ranks[BLACK] = vec![];
    debug_assert!(pieces[0].initial_ranks[WHITE] == vec![1]);
    Variant {
        name: "blackhorde".into(),
        aliases: vec![],
        description: "Black's 32 pawns without double steps against the orthodox army".into(),
        pieces,
        start_fen: "ppp2ppp/pppppppp/pppppppp/pppppppp/3pp3/8/PPPPPPPP/RNBQKBNR w KQ - 0 1".into(),
        draws: draws_without_material_rule(StalemateResult::Draw),
        royal_optional: true,
        end: extinction_end(&[], false),
        ..chess()
    }
}

pub fn horde() -> Variant {
    let mut pieces = orthodox_pieces();
    // White's pawns may also double-step from the first rank.
    pieces[0].initial_ranks = [vec![0, 1], vec![1]];
    Variant {
        name: "horde".into(),
        aliases: vec![],
        description: "White's 36 pawns against the orthodox army (lichess rules)".into(),
        pieces,
        start_fen: "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1"
            .into(),
        draws: draws_without_material_rule(StalemateResult::Draw),
        royal_optional: true,
        end: extinction_end(&[], false),
        ..chess()
    }
}

pub fn three_check() -> Variant {
    Variant {
        name: "3check".into(),
        aliases: vec!["threecheck".into()],
        description: "Giving the third check wins".into(),
        start_fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1".into(),
        end: EndRules {
            check_limit: Some(3),
            ..EndRules::default()
        },
        ..chess()
    }
}

pub fn kingofthehill() -> Variant {
    let hill: Vec<String> = ["d4", "e4", "d5", "e5"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    Variant {
        name: "kingofthehill".into(),
        aliases: vec!["koth".into()],
        description: "A king reaching a centre square wins".into(),
        // A bare king can still walk to the hill: no dead positions by material.
        draws: draws_without_material_rule(StalemateResult::Draw),
        end: EndRules {
            goal: Some(Goal {
                kinds: vec!['K'],
                squares: [hill.clone(), hill],
                second_player_replies: false,
            }),
            ..EndRules::default()
        },
        ..chess()
    }
}

pub fn grasshopper() -> Variant {
    let mut pieces = orthodox_pieces();
    // No pawn double step.
    pieces[0].initial_ranks = [vec![], vec![]];
    pieces.insert(5, PieceKind::new("grasshopper", 'G', "gQ"));
    Variant {
        name: "grasshopper".into(),
        aliases: vec![],
        description: "Grasshoppers jump along queen lines and land just behind the hurdle".into(),
        pieces,
        start_fen: "rnbqkbnr/gggggggg/pppppppp/8/8/PPPPPPPP/GGGGGGGG/RNBQKBNR w KQkq - 0 1".into(),
        promotion: orthodox_promotion_plus(&['G']),
        ..chess()
    }
}

pub fn upsidedown() -> Variant {
    Variant {
        name: "upsidedown".into(),
        aliases: vec![],
        description: "Each army starts on the other side of the board".into(),
        start_fen: "RNBKQBNR/PPPPPPPP/8/8/8/8/pppppppp/rnbkqbnr w - - 0 1".into(),
        ..chess()
    }
}

pub fn racingkings() -> Variant {
    let eighth: Vec<String> = (b'a'..=b'h').map(|f| format!("{}8", f as char)).collect();
    let mut pieces = orthodox_pieces();
    pieces.retain(|p| p.letter != 'P');
    Variant {
        name: "racingkings".into(),
        aliases: vec![],
        description: "No checks allowed; the first king on the eighth rank wins".into(),
        pieces,
        start_fen: "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1".into(),
        castling: None,
        promotion: None,
        draws: draws_without_material_rule(StalemateResult::Draw),
        checks_allowed: false,
        end: EndRules {
            goal: Some(Goal {
                kinds: vec!['K'],
                squares: [eighth.clone(), eighth],
                second_player_replies: true,
            }),
            ..EndRules::default()
        },
        ..chess()
    }
}

/// The orthodox army plus the archbishop (bishop + knight) and the chancellor (rook +
/// knight) of the 10-file games.
fn capablanca_pieces() -> Vec<PieceKind> {
    let mut pieces = orthodox_pieces();
    pieces.insert(4, PieceKind::new("archbishop", 'A', "BN"));
    pieces.insert(5, PieceKind::new("chancellor", 'C', "RN"));
    pieces
}

/// Capablanca chess: 10x8, the king castles three files.
pub fn capablanca() -> Variant {
    Variant {
        name: "capablanca".into(),
        aliases: vec!["capa".into()],
        description: "10x8 with archbishop and chancellor".into(),
        files: 10,
        ranks: 8,
        pieces: capablanca_pieces(),
        start_fen: "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1".into(),
        castling: Some(Castling {
            king_letter: 'K',
            king_files: [8, 2],
            rook_files: [7, 3],
            rook_letters: vec!['R'],
        }),
        promotion: Some(Promotion::on(vec![7], vec!['Q', 'C', 'A', 'R', 'B', 'N'])),
        ..chess()
    }
}

/// Gothic chess: Capablanca rules from another start array (chancellor beside the queen).
pub fn gothic() -> Variant {
    Variant {
        name: "gothic".into(),
        aliases: vec![],
        description: "Capablanca chess from the Gothic start array".into(),
        start_fen: "rnbqckabnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQCKABNR w KQkq - 0 1".into(),
        ..capablanca()
    }
}

/// Capablanca chess from a random back rank: bishops on opposite colours, the king
/// between the rooks, Black's rank mirroring White's, Chess960 castling.
pub fn caparandom() -> Variant {
    Variant {
        name: "caparandom".into(),
        aliases: vec!["capablanca960".into()],
        description: "Capablanca chess from a random Chess960-style back rank".into(),
        setup: Setup::ShuffledBackRank {
            fixed: vec![],
            opposite_colors: Some('B'),
            between: Some(('K', 'R')),
            black: Symmetry::Mirror,
        },
        chess960: true,
        ..capablanca()
    }
}

/// Grand chess: 10x10, pawns on the third rank, promotion optional on the 8th and 9th
/// ranks and compulsory on the 10th, only to a kind the player has lost.
pub fn grand() -> Variant {
    let mut pieces = capablanca_pieces();
    pieces[0].initial_ranks = [vec![2], vec![2]];
    let limits = [('Q', 1), ('A', 1), ('C', 1), ('R', 2), ('B', 2), ('N', 2)];
    Variant {
        name: "grand".into(),
        aliases: vec![],
        description: "10x10; promotion only to lost pieces; no castling".into(),
        files: 10,
        ranks: 10,
        pieces,
        start_fen: "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1"
            .into(),
        castling: None,
        promotion: Some(Promotion {
            ranks: vec![9],
            optional_ranks: vec![7, 8],
            targets: vec!['Q', 'C', 'A', 'R', 'B', 'N'],
            limits: limits.to_vec(),
        }),
        en_passant_ranks: vec![3],
        ..chess()
    }
}

/// Xiangqi (Chinese chess) on 9x10: the general and advisors stay in the palace, the
/// elephants on their own side of the river, soldiers move sideways once across it;
/// generals may not face each other on an open file; stalemate and perpetual check lose.
pub fn xiangqi() -> Variant {
    let palace = Region {
        files: 3..=5,
        ranks: 0..=2,
    };
    let mut general = PieceKind::new("general", 'K', "W");
    general.royal = true;
    general.region = Some(palace.clone());
    let mut advisor = PieceKind::new("advisor", 'A', "F");
    advisor.region = Some(palace);
    let mut elephant = PieceKind::new("elephant", 'B', "nA");
    elephant.region = Some(Region {
        files: 0..=8,
        ranks: 0..=4,
    });
    // Sideways steps are the soldier's `i` moves, allowed once it stands across the
    // river (its relative ranks 5..9).
    let mut soldier = PieceKind::new("soldier", 'P', "fWisW");
    soldier.initial_ranks = [(5..10).collect(), (5..10).collect()];
    Variant {
        name: "xiangqi".into(),
        aliases: vec!["chinese".into()],
        description: "Chinese chess: palace, river, cannons, flying general".into(),
        files: 9,
        ranks: 10,
        pieces: vec![
            soldier,
            PieceKind::new("horse", 'N', "nN"),
            elephant,
            PieceKind::new("chariot", 'R', "R"),
            PieceKind::new("cannon", 'C', "mRcpR"),
            advisor,
            general,
        ],
        start_fen: "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1".into(),
        castling: None,
        promotion: None,
        draws: DrawRules {
            stalemate: StalemateResult::Loss,
            repetition: 3,
            move_rule_plies: 100,
            insufficient_material: false,
            perpetual_check_loses: true,
            draw_at_pieces: 0,
        },
        en_passant_ranks: vec![],
        flying_royals: true,
        ..chess()
    }
}

/// Every built-in variant, in the order `protean variants` lists them.
pub fn builtin_variants() -> &'static [Arc<Variant>] {
    static ALL: OnceLock<Vec<Arc<Variant>>> = OnceLock::new();
    ALL.get_or_init(|| {
        [
            chess(),
            fischerandom(),
            nocastle(),
            knightmate(),
            extinction(),
            antichess(),
            giveaway(),
            suicide(),
            suicide_dhl(),
            horde(),
            blackhorde(),
            three_check(),
            kingofthehill(),
            grasshopper(),
            upsidedown(),
            racingkings(),
            atomic(),
            massacre(),
            kingscorner(),
            kingsfortress(),
            capablanca(),
            gothic(),
            caparandom(),
            grand(),
            xiangqi(),
            house::crazyhouse(),
            house::capahouse(),
            house::grandhouse(),
            super::seirawan::seirawan(),
            super::seirawan::shouse(),
            super::placement::placement(),
            super::placement::screen(),
            super::placement::crazyscreen(),
            super::shogun::shogun(),
            super::tafl::tablut(),
            super::tafl::brandubh(),
            super::tafl::brandubh2(),
            super::tafl::ardri(),
            super::tafl::longship(),
        ]
        .into_iter()
        .map(Arc::new)
        .collect()
    })
}

/// A built-in variant by name or alias, ignoring case.
pub fn find_variant(name: &str) -> Option<Arc<Variant>> {
    builtin_variants()
        .iter()
        .find(|v| v.answers_to(name))
        .cloned()
}

/// The built-in games as data: `builtins.ini`, embedded in the binary.
pub const BUILTINS_INI: &str = include_str!("builtins.ini");

/// The name of the embedded file in the loader's messages.
pub const BUILTINS_FILE: &str = "src/variant/builtins.ini";

/// Reads the embedded file with the loader users' files go through. The built-ins have
/// no parents outside the file, and their start positions are checked by the tests (a
/// layer above this one sets positions up), not at every start.
pub fn load_embedded() -> Result<super::ini::Loaded, super::ini::LoadError> {
    super::ini::load_text(BUILTINS_INI, BUILTINS_FILE, &|_| None, &|_| Ok(()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first lines where two values' debug forms differ.
    fn differences(a: &Variant, b: &Variant) -> String {
        let (a, b) = (format!("{a:#?}"), format!("{b:#?}"));
        a.lines()
            .zip(b.lines())
            .filter(|(x, y)| x != y)
            .take(6)
            .map(|(x, y)| format!("  file: {}\n  rust: {}", x.trim(), y.trim()))
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// Every game of the embedded file equals the Rust-constructed built-in of the same
    /// place in the list, field for field, and the file loads without a warning.
    #[test]
    fn the_embedded_file_gives_the_rust_built_ins() {
        let loaded = match load_embedded() {
            Ok(l) => l,
            Err(e) => panic!("{e}"),
        };
        let warnings: Vec<String> = loaded.warnings.iter().map(|w| w.to_string()).collect();
        assert!(warnings.is_empty(), "{}", warnings.join("\n"));
        let names = |vs: &mut dyn Iterator<Item = String>| vs.collect::<Vec<_>>();
        assert_eq!(
            names(&mut loaded.variants.iter().map(|v| v.name.clone())),
            names(&mut builtin_variants().iter().map(|v| v.name.clone()))
        );
        let mut failures = Vec::new();
        for (file, rust) in loaded.variants.iter().zip(builtin_variants()) {
            if file != rust.as_ref() {
                failures.push(format!("{}:\n{}", rust.name, differences(file, rust)));
            }
        }
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    }
}
