//! The palace keys ([`crate::variant::palace`]), read into `Variant::palace` and the
//! kinds' `line_moves` and `shy_hops`, and written back so a section reads back equal:
//!
//! - Fairy-Stockfish's `diagonalLines` (squares), `pass`, `bikjangRule` and
//!   `materialCounting = janggi` (Janggi's points, by the piece types rook,
//!   janggiCannon, horse, janggiElephant, wazir and soldier);
//! - where Fairy-Stockfish's types say it: with `diagonalLines`, a rook slides, a
//!   janggiCannon hops and a wazir steps along the lines (`B`, `pB`, `F`), and a
//!   janggiCannon's hops are shy;
//! - Protean's own keys say it for any kind: `proteanLineMoves = r:B c:pB k:F`
//!   (Betza moves along the lines), `proteanShyHops = c` (letters; `-`: none),
//!   `proteanPoints = r:13 c:7` and `proteanKomi = 1.5` (Black's bonus);
//! - and, beside them, `proteanSanLetters = n:H b:E`: the letter SAN names a kind by,
//!   where it is not the FEN letter (as Fairy-Stockfish writes Janggi's SAN); `p:-`
//!   writes a custom pawn-like kind without a letter, as an orthodox pawn.

use super::build::Builder;
use super::pieces::type_name_of;
use super::values::parse_bool;
use crate::variant::palace::PointCount;
use crate::variant::Variant;

/// The palace keys of Protean's own, in the order the writer writes them.
pub const PALACE_KEYS: &[&str] = &[
    "proteanLineMoves",
    "proteanShyHops",
    "proteanPoints",
    "proteanKomi",
    "proteanSanLetters",
];

/// `r:13 c:7`: a letter and a number per item.
fn letter_values(s: &str) -> Result<Vec<(char, String)>, String> {
    s.split_whitespace()
        .filter(|t| *t != "-")
        .map(|t| {
            let (l, v) = t
                .split_once(':')
                .ok_or_else(|| format!("expected letter:value, not '{t}'"))?;
            let mut chars = l.chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) if c.is_ascii_alphabetic() => {
                    Ok((c.to_ascii_uppercase(), v.to_string()))
                }
                _ => Err(format!("expected one piece letter, not '{l}'")),
            }
        })
        .collect()
}

/// `1.5` as half points.
fn parse_halves(s: &str) -> Result<u32, String> {
    let x: f64 = s
        .parse()
        .map_err(|_| format!("expected a number, not '{s}'"))?;
    let halves = x * 2.0;
    if !(0.0..=10000.0).contains(&halves) || halves.fract() != 0.0 {
        return Err(format!("expected a multiple of 0.5 from 0, not '{s}'"));
    }
    Ok(halves as u32)
}

impl Builder<'_> {
    fn kind_letter(&mut self, v: &Variant, key: &str, l: char) -> Option<usize> {
        let k = v.kind_by_letter(l);
        if k.is_none() {
            let line = self.get(key).map_or(0, |e| e.line);
            self.error(
                line,
                format!("{key}: no piece with letter '{}'", l.to_ascii_lowercase()),
            );
        }
        k
    }

    /// Reads the palace keys over the parent's palace rules.
    pub(super) fn apply_palace_keys(&mut self, v: &mut Variant) {
        let type_letter = |v: &Variant, ty: &str| {
            v.pieces
                .iter()
                .find(|p| type_name_of(p) == ty)
                .map(|p| p.letter)
        };
        if let Some((squares, _)) = self.region(v, "diagonalLines") {
            let mut lines: Vec<usize> = squares.iter().map(|&(f, r)| r * v.files + f).collect();
            lines.sort_unstable();
            v.palace.diagonal_lines = lines;
            if self.get("proteanLineMoves").is_none() {
                for p in v.pieces.iter_mut() {
                    p.line_moves = match (type_name_of(p).as_str(), p.betza.as_str()) {
                        ("rook", "R") => "B".into(),
                        ("janggiCannon", "pR") => "pB".into(),
                        ("wazir", "W") => "F".into(),
                        _ => String::new(),
                    };
                }
            }
        }
        if self.get("proteanShyHops").is_none() {
            for p in v.pieces.iter_mut() {
                if type_name_of(p) == "janggiCannon" && p.betza == "pR" {
                    p.shy_hops = true;
                }
            }
        }
        if let Some(b) = self.read("pass", parse_bool) {
            v.palace.pass = b;
        }
        if let Some(b) = self.read("passOnStalemate", parse_bool) {
            v.palace.pass_on_stalemate = [b, b];
        }
        for (key, side) in [("passOnStalemateWhite", 0), ("passOnStalemateBlack", 1)] {
            if let Some(b) = self.read(key, parse_bool) {
                v.palace.pass_on_stalemate[side] = b;
            }
        }
        if let Some(b) = self.read("bikjangRule", parse_bool) {
            v.palace.bikjang = b;
        }
        if let Some(counting) = self.read("materialCounting", |s| Ok(s.to_string())) {
            v.palace.points = match counting.as_str() {
                "janggi" => Some(PointCount::janggi(
                    [
                        "rook",
                        "janggiCannon",
                        "horse",
                        "janggiElephant",
                        "wazir",
                        "soldier",
                    ]
                    .map(|ty| type_letter(v, ty)),
                )),
                // A piece is a point, whatever its kind (Ataxx, Reversi).
                "unweighted" => Some(PointCount {
                    values: v.pieces.iter().map(|p| (p.letter, 1)).collect(),
                    komi_halves: 0,
                }),
                _ => None,
            };
        }
        if let Some(items) = self.read("proteanLineMoves", letter_values) {
            for p in v.pieces.iter_mut() {
                p.line_moves.clear();
            }
            for (l, betza) in items {
                if let Some(k) = self.kind_letter(v, "proteanLineMoves", l) {
                    v.pieces[k].line_moves = betza;
                }
            }
        }
        if let Some(letters) = self.read("proteanShyHops", |s| {
            Ok(s.chars()
                .filter(|c| c.is_ascii_alphabetic())
                .map(|c| c.to_ascii_uppercase())
                .collect::<Vec<char>>())
        }) {
            for p in v.pieces.iter_mut() {
                p.shy_hops = false;
            }
            for l in letters {
                if let Some(k) = self.kind_letter(v, "proteanShyHops", l) {
                    v.pieces[k].shy_hops = true;
                }
            }
        }
        if let Some(items) = self.read("proteanPoints", letter_values) {
            let mut values = Vec::new();
            for (l, n) in items {
                match n.parse::<u32>() {
                    Ok(n) if self.kind_letter(v, "proteanPoints", l).is_some() => {
                        values.push((l, n))
                    }
                    Ok(_) => {}
                    Err(_) => {
                        let line = self.get("proteanPoints").map_or(0, |e| e.line);
                        self.error(line, format!("proteanPoints: '{n}' is not a number"));
                    }
                }
            }
            let komi = v.palace.points.as_ref().map_or(0, |p| p.komi_halves);
            v.palace.points = (!values.is_empty()).then_some(PointCount {
                values,
                komi_halves: komi,
            });
        }
        if let Some(items) = self.read("proteanSanLetters", letter_values) {
            for p in v.pieces.iter_mut() {
                p.san_letter = None;
            }
            for (l, san) in items {
                let mut chars = san.chars();
                match (chars.next(), chars.next()) {
                    (Some(c), None) if c.is_ascii_alphabetic() || c == '-' => {
                        if let Some(k) = self.kind_letter(v, "proteanSanLetters", l) {
                            v.pieces[k].san_letter = Some(c.to_ascii_uppercase());
                        }
                    }
                    _ => {
                        let line = self.get("proteanSanLetters").map_or(0, |e| e.line);
                        self.error(
                            line,
                            format!("proteanSanLetters: '{san}' is not one letter or '-'"),
                        );
                    }
                }
            }
        }
        if let Some(halves) = self.read("proteanKomi", parse_halves) {
            match v.palace.points.as_mut() {
                Some(p) => p.komi_halves = halves,
                None => {
                    let line = self.get("proteanKomi").map_or(0, |e| e.line);
                    self.error(line, "proteanKomi needs points (proteanPoints)".to_string());
                }
            }
        }
    }
}

/// The palace keys of `v` with their values (none where it has no palace rules).
pub fn palace_key_values(v: &Variant) -> Vec<(&'static str, String)> {
    let mut out = Vec::new();
    let p = &v.palace;
    if !p.diagonal_lines.is_empty() {
        let names: Vec<String> = p
            .diagonal_lines
            .iter()
            .map(|&sq| {
                format!(
                    "{}{}",
                    (b'a' + (sq % v.files) as u8) as char,
                    sq / v.files + 1
                )
            })
            .collect();
        out.push(("diagonalLines", names.join(" ")));
    }
    if p.pass {
        out.push(("pass", "true".to_string()));
    }
    for (key, on) in [
        ("passOnStalemateWhite", p.pass_on_stalemate[0]),
        ("passOnStalemateBlack", p.pass_on_stalemate[1]),
    ] {
        if on {
            out.push((key, "true".to_string()));
        }
    }
    if p.bikjang {
        out.push(("bikjangRule", "true".to_string()));
    }
    let lines: Vec<String> = v
        .pieces
        .iter()
        .filter(|k| !k.line_moves.is_empty())
        .map(|k| format!("{}:{}", k.letter.to_ascii_lowercase(), k.line_moves))
        .collect();
    if !p.diagonal_lines.is_empty() || !lines.is_empty() {
        out.push(("proteanLineMoves", or_dash(lines)));
    }
    if v.pieces.iter().any(|k| k.shy_hops || k.betza == "pR") {
        let shy: String = v
            .pieces
            .iter()
            .filter(|k| k.shy_hops)
            .map(|k| k.letter.to_ascii_lowercase())
            .collect();
        out.push((
            "proteanShyHops",
            if shy.is_empty() { "-".into() } else { shy },
        ));
    }
    let san: Vec<String> = v
        .pieces
        .iter()
        .filter_map(|k| {
            Some(format!(
                "{}:{}",
                k.letter.to_ascii_lowercase(),
                k.san_letter?
            ))
        })
        .collect();
    if !san.is_empty() {
        out.push(("proteanSanLetters", san.join(" ")));
    }
    if let Some(points) = &p.points {
        let items: Vec<String> = points
            .values
            .iter()
            .map(|(l, n)| format!("{}:{n}", l.to_ascii_lowercase()))
            .collect();
        out.push(("proteanPoints", or_dash(items)));
        let komi = f64::from(points.komi_halves) / 2.0;
        out.push(("proteanKomi", format!("{komi}")));
    }
    out
}

fn or_dash(items: Vec<String>) -> String {
    if items.is_empty() {
        "-".into()
    } else {
        items.join(" ")
    }
}
