//! The fog rule compiled for one bitboard instance: whether play is fogged and the
//! set-up hidden, per kind and colour the extra squares a piece sees from each square
//! (`Fog::sight`), and whether promotions are announced. `hidden::view` reads it to compute what a side sees; nothing in move
//! generation or search does.

use super::super::betza;
use super::super::fog::Fog;
use super::super::rules::RulesError;
use super::super::{Color, Variant};
use crate::board::{Bitboard, Geometry};

/// Compiled [`Fog`].
pub struct VisionRules<B> {
    /// Fog during play ([`Fog::play`]); otherwise play is open.
    pub play: bool,
    /// The set-up is hidden ([`Fog::hidden_setup`]).
    pub hidden_setup: bool,
    /// Kinds with extra sight: (kind, per colour a table square -> squares seen).
    pub sight: Vec<(usize, [Vec<B>; 2])>,
    pub announce_promotion: bool,
}

impl<B: Bitboard> VisionRules<B> {
    /// Compiles `fog`; a sight that is not a set of leaps, or names no piece of the
    /// variant, is an error.
    pub fn compile(fog: &Fog, variant: &Variant, geo: Geometry) -> Result<Self, RulesError> {
        let mut sight = Vec::new();
        for (letter, text) in &fog.sight {
            let kind = variant.kind_by_letter(*letter).ok_or_else(|| {
                RulesError(format!(
                    "variant {}: sight of no piece '{letter}'",
                    variant.name
                ))
            })?;
            let atoms = betza::parse(text).map_err(|e| RulesError(e.to_string()))?;
            if atoms.iter().any(|a| a.max_steps != 1 || a.lame) {
                return Err(RulesError(format!(
                    "variant {}: the sight '{text}' of '{letter}' must be plain leaps",
                    variant.name
                )));
            }
            let table = |color: Color| -> Vec<B> {
                let up = if color == super::super::WHITE { 1 } else { -1 };
                (0..geo.squares())
                    .map(|sq| {
                        atoms
                            .iter()
                            .filter_map(|a| {
                                geo.offset(sq, i32::from(a.dx) * up, i32::from(a.dy) * up)
                            })
                            .fold(B::EMPTY, |seen, to| seen | B::from_square(to))
                    })
                    .collect()
            };
            sight.push((kind, Color::both().map(table)));
        }
        Ok(VisionRules {
            play: fog.play,
            hidden_setup: fog.hidden_setup,
            sight,
            announce_promotion: fog.announce_promotion,
        })
    }
}
