//! The capture rule as data: replacement (chess, the default) or custodian capture
//! (the tafl family), with the tafl rules that come with it: squares only the king may
//! stop on, hostile squares, which pieces capture, and how the king is taken.
//!
//! [`Capture`] is the variant's value; [`CustodianRules`] is its compiled form for one
//! bitboard instance. The position applies the captures after a move
//! (`position::custodian`); the move generator only reads [`CustodianRules::stops`] and
//! [`CustodianRules::blockers`].

use super::{Color, Variant};
use crate::board::{Bitboard, Geometry, Square};
use crate::variant::rules::RulesError;

/// How a move captures.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Capture {
    /// By moving onto the victim's square (chess; explosions come on top of it).
    #[default]
    Replacement,
    /// By enclosing: see [`Custodian`].
    Custodian(Custodian),
    /// As replacement, and a move or drop turns some enemy pieces into the mover's
    /// (see [`super::Flip`]).
    Flip(super::Flip),
}

/// Custodian capture (tafl). After a move, each enemy man orthogonally next to the
/// square moved to whose opposite neighbour on that line is a capturing friendly piece
/// or an empty hostile square leaves the board. Only the side that moved captures, and
/// only next to the square it moved to, so a piece may move safely between two enemies.
/// Pieces move onto empty squares only (their Betza moves are `m` moves).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Custodian {
    /// Letter of the king. He is not royal in the chess sense (there is no check): his
    /// side loses when he is captured and wins when he reaches a goal square
    /// (`EndRules::goal`).
    pub king: char,
    /// The side that has the king (the defenders); the other side has none.
    pub king_side: Color,
    /// The king captures when he moves and is the far side of his men's sandwiches.
    pub king_captures: bool,
    /// Squares only the king may stop on (throne, corners).
    pub restricted: Vec<String>,
    /// Other pieces may pass over an empty restricted square.
    pub others_pass_restricted: bool,
    /// Squares the king may not stop on (Brandubh v.2's throne: he starts on it, so any
    /// move onto it is a return). He may pass over them.
    pub king_barred: Vec<String>,
    /// Squares that, while empty, act as an enemy piece for both sides: the far side of
    /// a sandwich, and a side of the king's enclosure.
    pub hostile: Vec<String>,
    pub king_capture: KingCapture,
    /// Letters of the guards: other pieces of the king's side that are captured as the
    /// king is ([`Custodian::king_capture`]), not as men (Alea Evangelii). Only the
    /// king's side may have them; they take part in captures and stop where men do.
    pub guards: Vec<char>,
}

/// How the king is captured (always by the move of an attacker next to him).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KingCapture {
    /// Like a man: two attackers on a line, or one and an empty hostile square.
    AsMan,
    /// Only when all four sides are attackers or empty hostile squares; with
    /// `edge_counts`, a side off the board counts too (three suffice at an edge).
    Enclosed { edge_counts: bool },
    /// Enclosed (as above, the edge not counting) while he stands on one of these
    /// squares, like a man elsewhere (Brandubh v.2: on and beside the throne).
    EnclosedOn(Vec<String>),
}

/// [`Custodian`] compiled for one bitboard instance.
pub struct CustodianRules<B> {
    pub king: usize,
    pub king_side: Color,
    pub king_captures: bool,
    /// Per kind, the squares a piece of that kind may end a move on.
    pub stops: Vec<B>,
    /// Per kind, squares that block its slides although empty (restricted squares it
    /// may not pass over); empty for most kinds.
    pub blockers: Vec<B>,
    pub hostile: B,
    /// Per kind, the squares on which a piece of that kind is captured only by
    /// enclosure on four sides (the king's, and his guards'); empty for men.
    pub enclosed_on: Vec<B>,
    /// Per kind, only the king's side may have it (the king and his guards).
    pub kings_side_only: Vec<bool>,
    pub edge_counts: bool,
    /// Per square, its orthogonal neighbours (up, down, right, left), `None` off board.
    pub neighbours: Vec<[Option<u16>; 4]>,
}

/// The four orthogonal steps, in the order of [`CustodianRules::neighbours`].
pub const ORTHOGONAL: [(i32, i32); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];

fn square_set<B: Bitboard>(
    geo: Geometry,
    variant: &Variant,
    names: &[String],
    what: &str,
) -> Result<B, RulesError> {
    names.iter().try_fold(B::EMPTY, |b, name| {
        geo.parse_square(name)
            .map(|sq| b | B::from_square(sq))
            .ok_or_else(|| {
                RulesError(format!(
                    "variant {}: {what} square '{name}' is off the board",
                    variant.name
                ))
            })
    })
}

impl<B: Bitboard> CustodianRules<B> {
    pub fn new(
        variant: &Variant,
        c: &Custodian,
        geo: Geometry,
        board: B,
    ) -> Result<Self, RulesError> {
        let king = variant.kind_by_letter(c.king).ok_or_else(|| {
            RulesError(format!(
                "variant {}: no king piece '{}'",
                variant.name, c.king
            ))
        })?;
        let restricted: B = square_set(geo, variant, &c.restricted, "restricted")?;
        let barred: B = square_set(geo, variant, &c.king_barred, "king-barred")?;
        let hostile = square_set(geo, variant, &c.hostile, "hostile")?;
        let (enclosed_on, edge_counts) = match &c.king_capture {
            KingCapture::AsMan => (B::EMPTY, false),
            KingCapture::Enclosed { edge_counts } => (board, *edge_counts),
            KingCapture::EnclosedOn(names) => {
                (square_set(geo, variant, names, "enclosure")?, false)
            }
        };
        let n = variant.pieces.len();
        let mut kings_side_only = vec![false; n];
        kings_side_only[king] = true;
        for &g in &c.guards {
            let k = variant.kind_by_letter(g).ok_or_else(|| {
                RulesError(format!("variant {}: no guard piece '{g}'", variant.name))
            })?;
            if k == king {
                return Err(RulesError(format!(
                    "variant {}: the king '{g}' is not a guard",
                    variant.name
                )));
            }
            kings_side_only[k] = true;
        }
        let enclosed_on = kings_side_only
            .iter()
            .map(|&k| if k { enclosed_on } else { B::EMPTY })
            .collect();
        let stops = (0..n)
            .map(|k| {
                if k == king {
                    board & !barred
                } else {
                    board & !restricted
                }
            })
            .collect();
        let blockers = (0..n)
            .map(|k| {
                if k == king || c.others_pass_restricted {
                    B::EMPTY
                } else {
                    restricted
                }
            })
            .collect();
        let neighbours = (0..geo.squares())
            .map(|sq| ORTHOGONAL.map(|(dx, dy)| geo.offset(sq, dx, dy).map(|t| t as u16)))
            .collect();
        Ok(CustodianRules {
            king,
            king_side: c.king_side,
            king_captures: c.king_captures,
            stops,
            blockers,
            hostile,
            enclosed_on,
            kings_side_only,
            edge_counts,
            neighbours,
        })
    }

    /// The neighbour of `sq` in direction `d` (an index into [`ORTHOGONAL`]).
    #[inline(always)]
    pub fn neighbour(&self, sq: Square, d: usize) -> Option<Square> {
        self.neighbours[sq][d].map(|t| t as usize)
    }
}
