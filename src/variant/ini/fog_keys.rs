//! The `protean...` keys of the fog rule ([`crate::variant::Fog`]): read into
//! `Variant::fog` and written back, so a variant's section reads back equal.
//! `docs/variant-config.md` lists them.
//!
//! - `proteanFog = true`: fog during play; each side sees only what the fog rule shows
//!   it (`false`, the default: both see the whole board once any set-up is over);
//! - `proteanFogSetup = true`: the set-up is hidden; while either hand holds units each
//!   side sees only its own drop squares and the number of the other's units in hand
//!   (`false`, the default: an open set-up);
//! - `proteanFogSight = p:fWfF`: per kind letter, extra squares seen, as Betza leaps
//!   (`-`: none);
//! - `proteanFogAnnounce = promotion`: the events told to the other side (`-`: none);
//! - `proteanSecretBomb = true`: each side secretly designates one unit as its bomb and
//!   may detonate it (`Variant::secret_bomb`; `false`, the default: no bomb).

use super::build::Builder;
use super::values::parse_bool;
use crate::variant::Variant;

/// The fog keys, in the order the writer writes them.
pub const FOG_KEYS: &[&str] = &[
    "proteanFog",
    "proteanFogSight",
    "proteanFogAnnounce",
    "proteanFogSetup",
    "proteanSecretBomb",
];

/// `p:fWfF n:...`: letter and Betza per kind.
fn parse_sight(v: &str) -> Result<Vec<(char, String)>, String> {
    v.split_whitespace()
        .filter(|t| *t != "-")
        .map(|item| {
            let (letter, betza) = item
                .split_once(':')
                .ok_or_else(|| format!("expected letter:betza, not '{item}'"))?;
            let mut chars = letter.chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) if c.is_ascii_alphabetic() && !betza.is_empty() => {
                    Ok((c.to_ascii_uppercase(), betza.to_string()))
                }
                _ => Err(format!("expected letter:betza, not '{item}'")),
            }
        })
        .collect()
}

/// `promotion` or `-`: whether promotions are announced.
fn parse_announce(v: &str) -> Result<bool, String> {
    let mut promotion = false;
    for word in v.split_whitespace() {
        match word {
            "promotion" => promotion = true,
            "-" => {}
            _ => return Err(format!("expected promotion or -, not '{word}'")),
        }
    }
    Ok(promotion)
}

impl Builder<'_> {
    /// Reads the fog keys over the parent's fog rule.
    pub(super) fn apply_fog_keys(&mut self, v: &mut Variant) {
        if let Some(on) = self.read("proteanSecretBomb", parse_bool) {
            v.secret_bomb = on;
        }
        let mut fog = v.fog.clone().unwrap_or_default();
        if let Some(on) = self.read("proteanFog", parse_bool) {
            fog.play = on;
        }
        if let Some(on) = self.read("proteanFogSetup", parse_bool) {
            fog.hidden_setup = on;
        }
        if !fog.play {
            // Sight and events belong to the fog of play.
            fog.sight.clear();
            fog.announce_promotion = false;
        }
        v.fog = (fog.play || fog.hidden_setup).then_some(fog);
        let sight = self.read("proteanFogSight", parse_sight);
        let announce = self.read("proteanFogAnnounce", parse_announce);
        let (Some(fog), given) = (v.fog.as_mut().filter(|f| f.play), (sight, announce)) else {
            for key in &FOG_KEYS[1..3] {
                if let Some(e) = self.get(key) {
                    self.error(e.line, format!("{key} needs proteanFog = true"));
                }
            }
            return;
        };
        if let Some(sight) = given.0 {
            for (letter, _) in &sight {
                if v.pieces.iter().all(|p| p.letter != *letter) {
                    let line = self.get("proteanFogSight").map_or(0, |e| e.line);
                    self.error(
                        line,
                        format!(
                            "proteanFogSight: no piece with letter '{}'",
                            letter.to_ascii_lowercase()
                        ),
                    );
                }
            }
            fog.sight = sight;
        }
        if let Some(announce) = given.1 {
            fog.announce_promotion = announce;
        }
    }
}

/// The fog keys of `v` with their values, in [`FOG_KEYS`] order (none for an open
/// game).
pub fn fog_key_values(v: &Variant) -> Vec<(&'static str, String)> {
    let bomb = v
        .secret_bomb
        .then(|| ("proteanSecretBomb", "true".to_string()));
    let Some(fog) = &v.fog else {
        return bomb.into_iter().collect();
    };
    let mut out = Vec::new();
    if fog.play {
        out.push(("proteanFog", "true".to_string()));
    }
    if !fog.sight.is_empty() {
        let items: Vec<String> = fog
            .sight
            .iter()
            .map(|(l, b)| format!("{}:{b}", l.to_ascii_lowercase()))
            .collect();
        out.push(("proteanFogSight", items.join(" ")));
    }
    if fog.announce_promotion {
        out.push(("proteanFogAnnounce", "promotion".to_string()));
    }
    if fog.hidden_setup {
        out.push(("proteanFogSetup", "true".to_string()));
    }
    out.extend(bomb);
    out
}
