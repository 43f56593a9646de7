//! The pin data of the screen-pin generator (`movegen::screen_pins`): per attacking
//! colour, which kinds capture along each board line as riders or as cannons (over one
//! screen), and which capture by table leaps or by lame leaps traced backwards. Built
//! once when the rules are compiled, where the generator plan ([`super::parts::plan`])
//! chooses this generator.

use super::betza::Hop;
use super::rules::KindRules;
use super::Color;
use crate::board::magic::DIRECTIONS;
use crate::board::Bitboard;

/// What attacks along the king's lines and legs look like, per attacking colour.
pub struct ScreenPins {
    /// `riders[c][d]`: kinds of colour `c` that, standing first on the line from a
    /// square in direction `d`, capture on that square (bit set).
    pub riders: [[u32; 8]; 2],
    /// `cannons[c][d]`: the same for captures over exactly one screen.
    pub cannons: [[u32; 8]; 2],
    /// Directions (bit `d`) with any rider or cannon, per colour.
    pub line_dirs: [u8; 2],
    /// Kinds with table leap captures, and kinds with lame leap captures (traced
    /// backwards with the kind's reverse tables).
    pub leapers: [Vec<usize>; 2],
    pub legs: [Vec<usize>; 2],
}

/// The direction opposite to `d` in [`DIRECTIONS`].
fn opposite(d: usize) -> usize {
    (d + 2) % 4 + if d >= 4 { 4 } else { 0 }
}

impl ScreenPins {
    /// The pin data for a game whose royal kind is `royal` (`royals_face`: royal
    /// pieces attack each other along an open file or rank), or `None` where some capture
    /// cannot be traced from the royal's square: every capture must be a table leap, a
    /// lame leap with reverse tables, or an unlimited ride or cannon hop along a board
    /// line (a grasshopper, a limited or odd-direction rider refuses). Whether the rules
    /// let the generator run at all is the generator plan's decision
    /// ([`super::parts::plan`]).
    pub fn build<B: Bitboard>(
        kinds: &[KindRules<B>],
        royal: usize,
        royals_face: bool,
    ) -> Option<ScreenPins> {
        let mut sp = ScreenPins {
            riders: [[0; 8]; 2],
            cannons: [[0; 8]; 2],
            line_dirs: [0; 2],
            leapers: [Vec::new(), Vec::new()],
            legs: [Vec::new(), Vec::new()],
        };
        for c in Color::both() {
            for (k, kind) in kinds.iter().enumerate() {
                let m = &kind.moves[c];
                let bit = 1u32 << k;
                for w in m.walkers.iter().filter(|w| w.capture) {
                    let unit = w.unit.filter(|_| w.max_steps == 0 && !w.initial)?;
                    // The attacker stands on the line from the target opposite to the
                    // way it moves.
                    let d = opposite(unit as usize);
                    match w.hop {
                        Hop::None => sp.riders[c][d] |= bit,
                        Hop::Cannon => sp.cannons[c][d] |= bit,
                        Hop::Grasshopper => return None,
                    }
                }
                for d in 0..8 {
                    let rides = if d < 4 {
                        m.capture_orthogonal
                    } else {
                        m.capture_diagonal
                    };
                    if rides {
                        sp.riders[c][d] |= bit;
                    }
                }
                if m.specials.iter().any(|s| s.capture) {
                    m.reverse.as_ref()?;
                    sp.legs[c].push(k);
                }
                if m.capture_leaps.iter().any(|b| b.any()) {
                    sp.leapers[c].push(k);
                }
            }
            if royals_face {
                // Royals see each other along a file or a rank: a rider along both.
                let orthogonal = DIRECTIONS
                    .iter()
                    .enumerate()
                    .filter(|(_, &(dx, dy))| dx == 0 || dy == 0);
                for (d, _) in orthogonal {
                    sp.riders[c][d] |= 1 << royal;
                }
            }
            sp.line_dirs[c] = (0..8)
                .filter(|&d| sp.riders[c][d] | sp.cannons[c][d] != 0)
                .fold(0, |m, d| m | 1 << d);
        }
        Some(sp)
    }
}
