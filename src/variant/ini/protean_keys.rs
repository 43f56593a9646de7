//! Keys for what Protean's variants have and Fairy-Stockfish's format cannot say, all
//! named `protean...` (no Fairy-Stockfish key starts so; Fairy-Stockfish ignores them),
//! and Fairy-Stockfish's per-piece `mobilityRegion...` keys. With them every built-in
//! is a section (`protean variants --ini`), and reading it back gives the built-in
//! field for field. `docs/variant-config.md` lists them.

use super::build::Builder;
use super::pieces::type_name_of;
use super::values::*;
use crate::variant::{
    Capture, Color, Custodian, KingCapture, Region, Setup, Symmetry, Variant, BLACK, WHITE,
};

/// Protean's own keys, in the order the writer writes them.
pub const PROTEAN_KEYS: &[&str] = &[
    "proteanDescription",
    "proteanAliases",
    "proteanPieceNames",
    "proteanPieceOrder",
    "proteanMinorPieces",
    "proteanInsufficientMaterial",
    "proteanDrawPieceCount",
    "proteanEnPassantRanks",
    "proteanSetup",
    "proteanShuffleFixed",
    "proteanShuffleOppositeColors",
    "proteanShuffleBetween",
    "proteanShuffleBlack",
    "proteanCustodianCapture",
    "proteanCustodianKing",
    "proteanCustodianKingSide",
    "proteanCustodianKingCaptures",
    "proteanCustodianRestricted",
    "proteanCustodianRestrictedPassable",
    "proteanCustodianKingBarred",
    "proteanCustodianHostile",
    "proteanCustodianKingCapture",
    "proteanCustodianKingEnclosedOn",
    "proteanCustodianGuards",
];

/// The key of a kind's mobility region: `mobilityRegionWhiteFers`,
/// `mobilityRegionBlackCustomPiece3` (the type name with a capital).
pub fn mobility_key(color: Color, type_name: &str) -> String {
    let mut chars = type_name.chars();
    let capital: String = chars
        .next()
        .map(|c| c.to_ascii_uppercase())
        .into_iter()
        .chain(chars)
        .collect();
    format!("mobilityRegion{}{capital}", color.name())
}

fn one_letter(v: &str) -> Result<char, String> {
    let mut chars = v.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if c.is_ascii_alphabetic() => Ok(c.to_ascii_uppercase()),
        _ => Err(format!("expected one piece letter, not '{v}'")),
    }
}

fn parse_color(v: &str) -> Result<Color, String> {
    match v {
        "white" => Ok(WHITE),
        "black" => Ok(BLACK),
        _ => Err(format!("expected white or black, not '{v}'")),
    }
}

/// `3 4`: relative ranks counted from 1; `-`: none.
fn parse_ranks(v: &str) -> Result<Vec<usize>, String> {
    v.split_whitespace()
        .filter(|t| *t != "-")
        .map(parse_rank)
        .collect()
}

impl Builder<'_> {
    /// A square list in the order written, squares off the board left out with a
    /// warning.
    pub(super) fn square_list(&mut self, v: &Variant, key: &str) -> Option<Vec<String>> {
        let e = self.get(key)?;
        match parse_square_list(&e.value, v.files, v.ranks) {
            Ok((list, off)) => {
                if !off.is_empty() {
                    self.warn(
                        e.line,
                        format!("{key}: {} not on the board; left out", off.join(" ")),
                    );
                }
                Some(list.iter().map(|&(f, r)| square_name(f, r)).collect())
            }
            Err(m) => {
                self.error(e.line, format!("{key}: {m}"));
                None
            }
        }
    }

    pub(super) fn letter(&mut self, v: &Variant, key: &str) -> Option<char> {
        let l = self.read(key, one_letter)?;
        if v.kind_by_letter(l).is_none() {
            let line = self.get(key).unwrap().line;
            self.error(
                line,
                format!("{key}: no piece with letter '{}'", l.to_ascii_lowercase()),
            );
            return None;
        }
        Some(l)
    }

    /// `mobilityRegionWhite<Type>` / `...Black<Type>`: the squares a kind may stand on.
    /// Protean keeps a rectangle seen from the owner, so White's region must be a
    /// rectangle and Black's its mirror image; a side the section does not name keeps
    /// the region it had (its parent's), as in Fairy-Stockfish.
    pub(super) fn apply_mobility_regions(&mut self, v: &mut Variant) {
        // The side, the key as written (its type's first letter may be in either case)
        // and its line, with the type name as `type_name_of` spells it.
        let keys: Vec<(Color, String, usize, String)> = self
            .section_entries()
            .filter_map(|e| {
                let rest = e.key.strip_prefix("mobilityRegion")?;
                let (c, ty) = match rest.strip_prefix("White") {
                    Some(t) => (WHITE, t),
                    None => (BLACK, rest.strip_prefix("Black")?),
                };
                let mut chars = ty.chars();
                let first = chars.next()?.to_ascii_lowercase();
                let ty = std::iter::once(first).chain(chars).collect();
                Some((c, e.key.clone(), e.line, ty))
            })
            .collect();
        for (c, key, line, ty) in &keys {
            if !v.pieces.iter().any(|p| type_name_of(p) == *ty) {
                self.error(*line, format!("{key}: no piece of type {ty}"));
            } else if *key != mobility_key(*c, ty) {
                self.error(
                    *line,
                    format!(
                        "{key}: write it {} (the type's first letter is a capital)",
                        mobility_key(*c, ty)
                    ),
                );
            }
        }
        for i in 0..v.pieces.len() {
            let ty = type_name_of(&v.pieces[i]);
            let [wk, bk] = Color::both().map(|c| mobility_key(c, &ty));
            if self.get(&wk).is_none() && self.get(&bk).is_none() {
                continue;
            }
            let line = self.get(&bk).or(self.get(&wk)).unwrap().line;
            // A side whose key the section leaves out keeps its parent's region
            // (Crowded Xiangqi moves Black's palace only), the whole board if none.
            let inherited = inherited_region(v, i);
            let mut regions = [None, None];
            for (c, k) in [(WHITE, &wk), (BLACK, &bk)] {
                regions[c.index()] = match self.get(k) {
                    Some(_) => self.region(v, k).map(|(set, _)| set),
                    None => Some(inherited[c].clone()),
                };
            }
            // A bad value has been reported.
            let [Some(white), Some(black)] = regions else {
                continue;
            };
            if white.is_empty() && black.is_empty() {
                v.pieces[i].region = None;
                continue;
            }
            let mirrored: Squares = black.iter().map(|&(f, r)| (f, v.ranks - 1 - r)).collect();
            let rect = rectangle(&white);
            match rect {
                Some(region) if mirrored == white => v.pieces[i].region = Some(region),
                Some(_) => self.error(
                    line,
                    format!(
                        "{ty}: mobility regions that are not mirror images of each other are not supported"
                    ),
                ),
                None => self.error(
                    line,
                    format!(
                        "{ty}: only rectangular mobility regions (like d1 e1 f1 d2 e2 f2 d3 e3 f3) are supported"
                    ),
                ),
            }
        }
    }

    /// Protean's own keys (see [`PROTEAN_KEYS`]).
    pub(super) fn apply_protean_keys(&mut self, v: &mut Variant) {
        if let Some(e) = self.get("proteanDescription") {
            v.description = e.value.clone();
        }
        if let Some(e) = self.get("proteanAliases") {
            v.aliases = e
                .value
                .split_whitespace()
                .filter(|a| *a != "-")
                .map(str::to_string)
                .collect();
        }
        if let Some(ls) = self.letters(v, "proteanMinorPieces") {
            for p in &mut v.pieces {
                p.minor = ls.contains(&p.letter);
            }
        }
        if let Some(b) = self.read("proteanInsufficientMaterial", parse_bool) {
            v.draws.insufficient_material = b;
        }
        if let Some(n) = self.read("proteanDrawPieceCount", parse_int) {
            v.draws.draw_at_pieces = n;
        }
        if let Some(r) = self.read("proteanEnPassantRanks", parse_ranks) {
            v.en_passant_ranks = r;
        }
        self.apply_setup(v);
        self.apply_custodian(v);
        if let Some(e) = self.get("proteanPieceNames") {
            for item in e.value.split_whitespace() {
                let named = item
                    .split_once(':')
                    .filter(|(_, n)| !n.is_empty())
                    .and_then(|(l, n)| Some((one_letter(l).ok()?, n)));
                match named.and_then(|(l, n)| Some((v.kind_by_letter(l)?, n))) {
                    Some((k, n)) => v.pieces[k].name = n.to_string(),
                    None => {
                        self.error(
                            e.line,
                            format!(
                                "proteanPieceNames: expected letter:name of a piece, not '{item}'"
                            ),
                        );
                        break;
                    }
                }
            }
        }
        if let Some(e) = self.get("proteanPieceOrder") {
            let order: Vec<char> = e.value.chars().map(|c| c.to_ascii_uppercase()).collect();
            let mut sorted = order.clone();
            sorted.sort_unstable();
            let mut have: Vec<char> = v.pieces.iter().map(|p| p.letter).collect();
            have.sort_unstable();
            if sorted == have {
                let rank = |l: char| order.iter().position(|&o| o == l);
                v.pieces.sort_by_key(|p| rank(p.letter));
                // The hand's per-kind lists follow the kinds' order.
                if let Some(h) = &mut v.hands {
                    for side in &mut h.drop_ranks {
                        side.sort_by_key(|(l, _)| rank(*l));
                    }
                    h.drop_limits.sort_by_key(|(l, _)| rank(*l));
                }
            } else {
                self.error(
                    e.line,
                    "proteanPieceOrder: expected every piece letter once".into(),
                );
            }
        }
    }

    fn apply_setup(&mut self, v: &mut Variant) {
        let Some(e) = self.get("proteanSetup") else {
            return;
        };
        v.setup = match e.value.as_str() {
            "fixed" => Setup::Fixed,
            "chess960" => Setup::Chess960,
            "shuffledBoard" => Setup::ShuffledBoard,
            "shuffledBackRank" => {
                let fixed = self.letters(v, "proteanShuffleFixed").unwrap_or_default();
                let opposite = self.letters(v, "proteanShuffleOppositeColors");
                let between = self.letters(v, "proteanShuffleBetween");
                let black = self.read("proteanShuffleBlack", |s| match s {
                    "mirror" => Ok(Symmetry::Mirror),
                    "pointSymmetric" => Ok(Symmetry::PointSymmetric),
                    _ => Err(format!("expected mirror or pointSymmetric, not '{s}'")),
                });
                let line = e.line;
                let opposite_colors = match opposite.as_deref() {
                    None | Some([]) => None,
                    Some([l]) => Some(*l),
                    Some(_) => {
                        self.error(line, "proteanShuffleOppositeColors: one letter".into());
                        None
                    }
                };
                let between = match between.as_deref() {
                    None | Some([]) => None,
                    Some([a, b]) => Some((*a, *b)),
                    Some(_) => {
                        self.error(line, "proteanShuffleBetween: two letters".into());
                        None
                    }
                };
                Setup::ShuffledBackRank {
                    fixed,
                    opposite_colors,
                    between,
                    black: black.unwrap_or(Symmetry::Mirror),
                }
            }
            other => {
                self.error(
                    e.line,
                    format!(
                        "proteanSetup: expected fixed, chess960, shuffledBoard or shuffledBackRank, not '{}'",
                        super::lexer::clip(other)
                    ),
                );
                return;
            }
        };
    }

    fn apply_custodian(&mut self, v: &mut Variant) {
        let Some(on) = self.read("proteanCustodianCapture", parse_bool) else {
            return;
        };
        if !on {
            v.capture = Capture::Replacement;
            return;
        }
        let line = self.get("proteanCustodianCapture").unwrap().line;
        let Some(king) = self.letter(v, "proteanCustodianKing") else {
            if self.get("proteanCustodianKing").is_none() {
                self.error(line, "custodian capture needs proteanCustodianKing".into());
            }
            return;
        };
        let list = |b: &mut Self, key: &str| b.square_list(v, key).unwrap_or_default();
        let restricted = list(self, "proteanCustodianRestricted");
        let king_barred = list(self, "proteanCustodianKingBarred");
        let hostile = list(self, "proteanCustodianHostile");
        let enclosed_on = list(self, "proteanCustodianKingEnclosedOn");
        let king_capture = match self
            .get("proteanCustodianKingCapture")
            .map(|e| (e.value.as_str(), e.line))
        {
            None | Some(("man", _)) => KingCapture::AsMan,
            Some(("enclosed", _)) => KingCapture::Enclosed { edge_counts: false },
            Some(("enclosedOrEdge", _)) => KingCapture::Enclosed { edge_counts: true },
            Some(("enclosedOn", _)) => KingCapture::EnclosedOn(enclosed_on),
            Some((other, l)) => {
                let msg = format!(
                    "proteanCustodianKingCapture: expected man, enclosed, enclosedOrEdge or enclosedOn, not '{}'",
                    super::lexer::clip(other)
                );
                self.error(l, msg);
                KingCapture::AsMan
            }
        };
        v.capture = Capture::Custodian(Custodian {
            king,
            king_side: self
                .read("proteanCustodianKingSide", parse_color)
                .unwrap_or(WHITE),
            king_captures: self
                .read("proteanCustodianKingCaptures", parse_bool)
                .unwrap_or(true),
            restricted,
            others_pass_restricted: self
                .read("proteanCustodianRestrictedPassable", parse_bool)
                .unwrap_or(false),
            king_barred,
            hostile,
            king_capture,
            guards: self
                .letters(v, "proteanCustodianGuards")
                .unwrap_or_default(),
        });
    }
}

/// The rectangle a square set fills, if it fills one.
/// The squares kind `i` of `v` may stand on now, per colour (absolute ranks): its
/// region seen from each side, or the whole board.
fn inherited_region(v: &Variant, i: usize) -> [Squares; 2] {
    Color::both().map(|c| {
        let all = (0..v.files).flat_map(|f| (0..v.ranks).map(move |r| (f, r)));
        match &v.pieces[i].region {
            None => all.collect(),
            Some(region) => all
                .filter(|&(f, r)| {
                    let rel = if c == WHITE { r } else { v.ranks - 1 - r };
                    region.files.contains(&f) && region.ranks.contains(&rel)
                })
                .collect(),
        }
    })
}

fn rectangle(set: &Squares) -> Option<Region> {
    let files = set.iter().map(|&(f, _)| f);
    let ranks = set.iter().map(|&(_, r)| r);
    let (f0, f1) = (files.clone().min()?, files.max()?);
    let (r0, r1) = (ranks.clone().min()?, ranks.max()?);
    ((f1 - f0 + 1) * (r1 - r0 + 1) == set.len()).then_some(Region {
        files: f0..=f1,
        ranks: r0..=r1,
    })
}
