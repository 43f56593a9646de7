//! The walling keys of Fairy-Stockfish's format ([`crate::variant::walls`]): read into
//! `Variant::walling` and written back, so a variant's section reads back equal.
//!
//! - `wallingRule = arrow | duck | past | static | none`: where each turn's wall goes
//!   (`edge`, Atlantis, is not implemented: an error);
//! - `wallingRegionWhite`, `wallingRegionBlack`: the squares where that side may place
//!   a wall (default: every square).
//!
//! `wallOrMove` (a wall instead of a move) stays unsupported (`keys.rs`).

use super::build::Builder;
use crate::variant::walls::{Walling, WallingRule};
use crate::variant::{Variant, BLACK, WHITE};

/// The walling keys, in the order the writer writes them.
pub const WALL_KEYS: &[&str] = &["wallingRule", "wallingRegionWhite", "wallingRegionBlack"];

fn square_name(file: usize, rank: usize) -> String {
    format!("{}{}", (b'a' + file as u8) as char, rank + 1)
}

impl Builder<'_> {
    /// Reads the walling keys over the parent's walls.
    pub(super) fn apply_wall_keys(&mut self, v: &mut Variant) {
        if let Some(rule) = self.read("wallingRule", WallingRule::parse) {
            v.walling = rule.map(|rule| Walling {
                rule,
                region: v
                    .walling
                    .as_ref()
                    .map_or([None, None], |w| w.region.clone()),
            });
        }
        for (color, key) in [(WHITE, "wallingRegionWhite"), (BLACK, "wallingRegionBlack")] {
            let Some((squares, line)) = self.region(v, key) else {
                continue;
            };
            let Some(walling) = v.walling.as_mut() else {
                self.error(line, format!("{key} needs a wallingRule"));
                continue;
            };
            let mut squares: Vec<(usize, usize)> = squares.into_iter().collect();
            squares.sort_by_key(|&(f, r)| (r, f));
            walling.region[color] = Some(squares.iter().map(|&(f, r)| square_name(f, r)).collect());
        }
    }
}

/// The walling keys of `v` with their values, in [`WALL_KEYS`] order (none without
/// walls).
pub fn wall_key_values(v: &Variant) -> Vec<(&'static str, String)> {
    let Some(w) = &v.walling else {
        return Vec::new();
    };
    let mut out = vec![("wallingRule", w.rule.name().to_string())];
    for (i, key) in WALL_KEYS[1..].iter().enumerate() {
        if let Some(names) = &w.region[i] {
            let text = if names.is_empty() {
                "-".to_string()
            } else {
                names.join(" ")
            };
            out.push((key, text));
        }
    }
    out
}
