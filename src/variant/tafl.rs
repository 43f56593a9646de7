//! The tafl games as data (rules and decisions: `docs/tafl.md`): custodian capture,
//! squares only the king may use, hostile squares, and a king who wins on his goal
//! squares and loses when captured.

use super::custodian::{Capture, Custodian, KingCapture};
use super::{DrawRules, EndRules, Goal, PieceKind, StalemateResult, Variant, BLACK, WHITE};
use crate::board::Geometry;

/// A man and a king, both moving orthogonally onto empty squares: like a rook (`mR`)
/// or one square at a time (`mW`, Ard Ri).
fn tafl_pieces(betza: &str) -> Vec<PieceKind> {
    vec![
        PieceKind::new("man", 'M', betza),
        PieceKind::new("king", 'K', betza),
    ]
}

/// Decisions for every tafl game: a side without a legal move loses; threefold
/// repetition draws; no move-count rule and no material rule.
fn tafl_draws() -> DrawRules {
    DrawRules {
        stalemate: StalemateResult::Loss,
        repetition: 3,
        move_rule_plies: 0,
        insufficient_material: false,
        perpetual_check_loses: false,
        draw_at_pieces: 0,
    }
}

fn names(squares: &[&str]) -> Vec<String> {
    squares.iter().map(|s| s.to_string()).collect()
}

/// The four corners and the centre of an odd square board.
fn corners_and_centre(size: usize) -> Vec<String> {
    let geo = Geometry::new(size, size).expect("tafl board size");
    let last = size - 1;
    let mid = size / 2;
    [(0, 0), (0, last), (last, 0), (last, last), (mid, mid)]
        .iter()
        .map(|&(f, r)| geo.square_name(geo.square(f, r)))
        .collect()
}

fn corners(size: usize) -> Vec<String> {
    corners_and_centre(size)[..4].to_vec()
}

fn centre(size: usize) -> String {
    corners_and_centre(size)[4].clone()
}

/// Every square on the edge of a square board.
fn edge(size: usize) -> Vec<String> {
    let geo = Geometry::new(size, size).expect("tafl board size");
    (0..size * size)
        .filter(|&sq| {
            let (f, r) = (geo.file_of(sq), geo.rank_of(sq));
            f == 0 || r == 0 || f == size - 1 || r == size - 1
        })
        .map(|sq| geo.square_name(sq))
        .collect()
}

/// The king's side wins when the king reaches `squares`.
fn king_goal(king_side: usize, squares: Vec<String>) -> EndRules {
    let mut per_side = [Vec::new(), Vec::new()];
    per_side[king_side] = squares;
    EndRules {
        goal: Some(Goal {
            kinds: vec!['K'],
            squares: per_side,
            second_player_replies: false,
        }),
        ..EndRules::default()
    }
}

fn tafl_variant(
    name: &str,
    description: &str,
    size: usize,
    betza: &str,
    start_fen: &str,
    custodian: Custodian,
    goal: Vec<String>,
) -> Variant {
    let king_side = custodian.king_side;
    Variant {
        name: name.into(),
        aliases: vec![],
        description: description.into(),
        files: size,
        ranks: size,
        pieces: tafl_pieces(betza),
        start_fen: start_fen.into(),
        castling: None,
        promotion: None,
        draws: tafl_draws(),
        en_passant_ranks: vec![],
        capture: Capture::Custodian(custodian),
        end: king_goal(king_side, goal),
        ..super::builtin::chess()
    }
}

/// Tablut as itsyourturn.com plays it: White (16 men) moves first; Black's king escapes
/// to a corner; the centre and corners are the king's alone and hostile to both sides;
/// the king is captured on four sides, three at an edge, a dark square standing in.
pub fn tablut() -> Variant {
    tafl_variant(
        "tablut",
        "Tablut (itsyourturn): Black's king escapes to a corner; captured on four sides",
        9,
        "mR",
        "3MMM3/4M4/4m4/M3m3M/MMmmkmmMM/M3m3M/4m4/4M4/3MMM3 w - - 0 1",
        Custodian {
            king: 'K',
            king_side: BLACK,
            king_captures: true,
            restricted: corners_and_centre(9),
            others_pass_restricted: true,
            king_barred: vec![],
            hostile: corners_and_centre(9),
            king_capture: KingCapture::Enclosed { edge_counts: true },
        },
        corners(9),
    )
}

fn brandubh_custodian(king_barred: Vec<String>, king_capture: KingCapture) -> Custodian {
    Custodian {
        king: 'K',
        king_side: WHITE,
        king_captures: true,
        restricted: corners_and_centre(7),
        others_pass_restricted: true,
        king_barred,
        hostile: corners_and_centre(7),
        king_capture,
    }
}

const BRANDUBH_FEN: &str = "3m3/3m3/3M3/mmMKMmm/3M3/3m3/3m3 b - - 0 1";

/// Brandubh, version 1: 7x7, Black moves first; the king is captured like a man and
/// wins on a corner.
pub fn brandubh() -> Variant {
    tafl_variant(
        "brandubh",
        "Brandubh v.1: 7x7 tafl; the king is captured like a man and escapes to a corner",
        7,
        "mR",
        BRANDUBH_FEN,
        brandubh_custodian(vec![], KingCapture::AsMan),
        corners(7),
    )
}

/// Brandubh, version 2: the king may not return to the throne; on it he is captured by
/// four, beside it by three and the throne, elsewhere by two.
pub fn brandubh2() -> Variant {
    let throne_and_beside = names(&["d4", "d5", "d3", "c4", "e4"]);
    tafl_variant(
        "brandubh2",
        "Brandubh v.2: the king may not return to the throne and is harder to capture near it",
        7,
        "mR",
        BRANDUBH_FEN,
        brandubh_custodian(vec![centre(7)], KingCapture::EnclosedOn(throne_and_beside)),
        corners(7),
    )
}

/// Ard Ri: 7x7, every piece steps one square; the centre is the king's alone once he
/// has left it; he is captured by four attackers and wins on any edge square.
pub fn ardri() -> Variant {
    tafl_variant(
        "ardri",
        "Ard Ri: 7x7 tafl, one-square moves; the king escapes to any edge square",
        7,
        "mW",
        "2mmm2/3m3/m1MMM1m/mmMKMmm/m1MMM1m/3m3/2mmm2 b - - 0 1",
        Custodian {
            king: 'K',
            king_side: WHITE,
            king_captures: true,
            restricted: vec![centre(7)],
            others_pass_restricted: true,
            king_barred: vec![],
            hostile: vec![],
            king_capture: KingCapture::Enclosed { edge_counts: false },
        },
        edge(7),
    )
}

/// Longship Tafl: 9x9, no special squares; the treasure ship (king) takes no part in
/// captures, is captured by four ships and wins on any edge square.
pub fn longship() -> Variant {
    tafl_variant(
        "longship",
        "Longship Tafl: 9x9, no special squares; the treasure ship escapes to any edge",
        9,
        "mR",
        "3mmm3/4m4/4M4/m3M3m/mmMMKMMmm/m3M3m/4M4/4m4/3mmm3 b - - 0 1",
        Custodian {
            king: 'K',
            king_side: WHITE,
            king_captures: false,
            restricted: vec![],
            others_pass_restricted: true,
            king_barred: vec![],
            hostile: vec![],
            king_capture: KingCapture::Enclosed { edge_counts: false },
        },
        edge(9),
    )
}
