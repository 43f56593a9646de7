//! Turns one section into a [`Variant`]: the parent's value (or Fairy-Stockfish's
//! template, chess without pieces), then the section's keys in the order Fairy-Stockfish
//! applies them: board size, piece types, then the rules.
//!
//! Square regions are kept in absolute ranks while keys apply, as Fairy-Stockfish keeps
//! them, and turned into Protean's relative ranks at the end, so that a child that
//! changes `maxRank` keeps its parent's regions where Fairy-Stockfish would.

use super::drops::DropView;
use super::keys::{class_of, Class};
use super::lexer::{clip, Entry, Section};
use super::pieces::{
    is_pawn_type, is_soldier_type, piece_keys, slot_of_key, type_name_of, PieceSlot,
};
use super::values::*;
use super::Diagnostic;
use crate::board::geometry::{MAX_FILES, MAX_RANKS};
use crate::variant::{
    betza, Capture, Castling, Color, DrawRules, EnclosingDrop, EndRules, Explosion, Extinction,
    Flip, Goal, KindPromotion, LineValue, PieceKind, Promotion, PseudoRoyalty, RepetitionValue,
    Setup, StalemateResult, Variant, BLACK, WHITE,
};
use std::collections::BTreeSet;

type Ranks = BTreeSet<usize>;

/// Fairy-Stockfish's default `castlingKingFile`: e.
const CASTLING_KING_FILE: usize = 4;

/// Builds the variant of `section` on `parent` (`None`: no parent given). Warnings go to
/// `warnings`; any error rejects the section. `validate` sets up the start position (a
/// layer above this one knows positions); its complaint is reported on the `startFen`
/// line, or on the section's line when the FEN is inherited.
pub fn build_variant(
    section: &Section,
    parent: Option<&Variant>,
    file: &str,
    validate: &dyn Fn(&Variant) -> Result<(), String>,
    warnings: &mut Vec<Diagnostic>,
) -> Result<Variant, Vec<Diagnostic>> {
    let mut b = Builder {
        section,
        file,
        errors: Vec::new(),
        warnings,
    };
    b.classify_keys();
    let v = b.build(parent, validate);
    if b.errors.is_empty() {
        Ok(v)
    } else {
        Err(b.errors)
    }
}

pub(super) struct Builder<'a> {
    section: &'a Section,
    file: &'a str,
    errors: Vec<Diagnostic>,
    warnings: &'a mut Vec<Diagnostic>,
}

/// Fairy-Stockfish's view of the rules whose meaning depends on the board size.
struct Regions {
    /// Absolute ranks of the promotion zone, per colour.
    promotion: [Ranks; 2],
    /// Per colour, the promotion zone as squares where it is not whole ranks
    /// (`promotionRegionWhite = a6 b8 c9 ...`); `promotion` is then not that colour's.
    promotion_squares: [Option<Squares>; 2],
    mandatory_promotion: bool,
    immobility_illegal: bool,
    double_step: bool,
    /// Absolute ranks from which pawns may double-step, per colour.
    double_step_ranks: [Ranks; 2],
    /// `soldierPromotionRank` less one: the first relative rank where a soldier also
    /// steps sideways (0: from its first rank, Fairy-Stockfish's default).
    soldier_rank: usize,
    /// The drop keys' view of the parent's hands: `None` without hands; `Some(None)`
    /// when no keys say them (a built-in's hands that the format cannot state).
    drops: Option<Option<DropView>>,
}

/// Keys that change the hands, so that a section that names none keeps its parent's.
const DROP_KEYS: &[&str] = &[
    "pieceDrops",
    "capturesToHand",
    "dropRegionWhite",
    "dropRegionBlack",
    "whiteDropRegion",
    "blackDropRegion",
    "firstRankPawnDrops",
    "promotionZonePawnDrops",
    "dropNoDoubled",
    "dropNoDoubledCount",
    "mustDrop",
    "mustDropType",
    "dropOppositeColoredBishop",
    "castlingDroppedPiece",
    "gating",
    "seirawanGating",
    "dropLoop",
    "twoBoards",
    "dropPromoted",
    "dropChecks",
    "freeDrops",
    "enclosingDrop",
    "enclosingDropStart",
];

fn absolute(relative: &[usize], color: Color, ranks: usize) -> Ranks {
    relative
        .iter()
        .map(|&r| if color == WHITE { r } else { ranks - 1 - r })
        .collect()
}

fn relative(absolute: &Ranks, color: Color, ranks: usize) -> Vec<usize> {
    let mut v: Vec<usize> = absolute
        .iter()
        .filter(|&&r| r < ranks)
        .map(|&r| if color == WHITE { r } else { ranks - 1 - r })
        .collect();
    v.sort_unstable();
    v
}

impl<'a> Builder<'a> {
    pub(super) fn error(&mut self, line: usize, message: String) {
        self.errors.push(Diagnostic::new(self.file, line, message));
    }

    pub(super) fn warn(&mut self, line: usize, message: String) {
        self.warnings
            .push(Diagnostic::new(self.file, line, message));
    }

    pub(super) fn section_entries(&self) -> impl Iterator<Item = &'a Entry> {
        self.section.entries.iter()
    }

    pub(super) fn get(&self, key: &str) -> Option<&'a Entry> {
        self.section.get(key)
    }

    /// Reads `key` with `parse`; a bad value is an error on its line.
    pub(super) fn read<T>(
        &mut self,
        key: &str,
        parse: impl Fn(&str) -> Result<T, String>,
    ) -> Option<T> {
        let e = self.get(key)?;
        match parse(&e.value) {
            Ok(v) => Some(v),
            Err(m) => {
                self.error(e.line, format!("{key}: {m}"));
                None
            }
        }
    }

    /// Warnings for keys that change nothing, errors for rules Protean lacks.
    fn classify_keys(&mut self) {
        let name = &self.section.name;
        for e in &self.section.entries {
            if slot_of_key(&e.key).is_some() {
                continue;
            }
            let value = e.value.as_str();
            match class_of(&e.key) {
                Some(Class::Rule) => {}
                Some(Class::Display) => self.warn(
                    e.line,
                    format!("'{}' only concerns display or evaluation; ignored", e.key),
                ),
                Some(Class::Unsupported(neutral)) | Some(Class::Hands(neutral))
                    if neutral.contains(&value) =>
                {
                    self.warn(
                        e.line,
                        format!(
                            "'{}' is not implemented; '{}' is its default, so the rules are unchanged",
                            e.key,
                            clip(value)
                        ),
                    )
                }
                Some(Class::Unsupported(_)) => self.error(
                    e.line,
                    format!(
                        "'{} = {}' needs a rule Protean does not implement; variant {name} rejected",
                        e.key,
                        clip(value)
                    ),
                ),
                Some(Class::Hands(_)) => self.error(
                    e.line,
                    format!(
                        "'{} = {}': this drop, hand or gating rule is not implemented yet; \
                         variant {name} rejected",
                        e.key,
                        clip(value)
                    ),
                ),
                None => self.warn(
                    e.line,
                    format!("unknown key '{}'; ignored", clip(&e.key)),
                ),
            }
        }
    }

    fn build(
        &mut self,
        parent: Option<&Variant>,
        validate: &dyn Fn(&Variant) -> Result<(), String>,
    ) -> Variant {
        let s = self.section;
        let mut v = match parent {
            Some(p) => p.clone(),
            None => template(),
        };
        v.name = s.name.clone();
        v.aliases = Vec::new();
        v.description = match &s.parent {
            Some(p) => format!("User-defined ({}, [{}:{p}])", self.file, s.name),
            None => format!("User-defined ({}, [{}])", self.file, s.name),
        };
        let mut regions = Regions::of(&v, parent.is_none());

        // Board size.
        let (old_files, old_ranks) = (v.files, v.ranks);
        if let Some(n) = self.read("maxRank", parse_rank) {
            v.ranks = n + 1;
        }
        if let Some(n) = self.read("maxFile", parse_file) {
            v.files = n + 1;
        }
        if !(1..=MAX_FILES).contains(&v.files) || !(1..=MAX_RANKS).contains(&v.ranks) {
            let line = self
                .get("maxFile")
                .or(self.get("maxRank"))
                .map_or(s.line, |e| e.line);
            self.error(
                line,
                format!(
                    "board {}x{} is outside 1x1..{MAX_FILES}x{MAX_RANKS}",
                    v.files, v.ranks
                ),
            );
            return v;
        }
        let resized = (v.files, v.ranks) != (old_files, old_ranks);
        if resized {
            regions.fit(v.files, v.ranks);
            if let Err(m) = fit_to_board(&mut v) {
                let line = self
                    .get("maxFile")
                    .or(self.get("maxRank"))
                    .map_or(s.line, |e| e.line);
                self.error(line, m);
                return v;
            }
        }

        let created = self.apply_pieces(&mut v);
        self.apply_mobility_regions(&mut v);
        if parent.is_none() {
            template_piece_rules(&mut v);
        }
        self.apply_pawn_rules(&mut v, &mut regions, &created, resized);
        self.apply_promotion(&mut v, &mut regions);
        let pieces_changed = s.entries.iter().any(|e| slot_of_key(&e.key).is_some());
        let promotion_changed = s
            .entries
            .iter()
            .any(|e| e.key.starts_with("promotionRegion") || e.key == "promotionRank");
        self.apply_drops(
            &mut v,
            &regions,
            resized || pieces_changed || promotion_changed,
        );
        self.apply_castling(&mut v);
        self.check_hands_need_castling(&v);
        self.apply_play_rules(&mut v);
        self.apply_end_rules(&mut v);
        self.apply_flip_keys(&mut v);
        self.void_drop_checks_with_blasts(&mut v);

        let fen_entry = self.get("startFen");
        if let Some(e) = fen_entry {
            v.start_fen = e.value.clone();
        }
        // A new start FEN under an inherited check count states the count anew
        // (`[5check:3check]` with `5+5`), as Fairy-Stockfish reads it from the FEN.
        let inherited = (fen_entry.is_some() && v.end.check_limit.is_some()).then_some(true);
        if let Some(on) = self.read("checkCounting", parse_bool).or(inherited) {
            v.end.check_limit = None;
            if on {
                match check_limit(&v.start_fen) {
                    Ok(n) => v.end.check_limit = Some(n),
                    Err(m) => {
                        // The start FEN's line, else the key's (one of them was given).
                        let line = fen_entry
                            .or(self.get("checkCounting"))
                            .map_or(s.line, |e| e.line);
                        self.error(line, m);
                    }
                }
            }
        }
        if fen_entry.is_some() || resized || pieces_changed {
            // Random setups rearrange the parent's array; a new army or board starts
            // from its own FEN, as in Fairy-Stockfish.
            v.setup = Setup::Fixed;
        }
        self.apply_protean_keys(&mut v);
        self.apply_goal_keys(&mut v);
        self.apply_fog_keys(&mut v);
        self.apply_wall_keys(&mut v);
        self.apply_palace_keys(&mut v);
        // The royal's first-move privilege (Cheshire Cat) and Cambodia's gate rights
        // are written in the castling field, so it stays.
        if v.castling.is_none() && !v.goal.royal_first_move_queen && !v.cambodian_moves {
            // Fairy-Stockfish reads castling rights only when castling is on; a FEN that
            // has them (often the parent's) then means the same position without them.
            if let Some(fen) = without_castling_rights(&v.start_fen) {
                let line = fen_entry.map_or(s.line, |e| e.line);
                self.warn(
                    line,
                    format!(
                        "castling is off in {}: the start FEN's castling rights are ignored",
                        s.name
                    ),
                );
                v.start_fen = fen;
            }
        }
        // A side may be without its royal piece when the start position says so, or
        // when an extinction rule can take it (the game is then over, but the position
        // can be written down).
        let royal_can_go = v.end.extinction.as_ref().is_some_and(|x| {
            x.count == 0
                && v.pieces
                    .iter()
                    .any(|p| p.royal && (x.kinds.is_empty() || x.kinds.contains(&p.letter)))
        });
        v.royal_optional |= royal_can_go || lacks_a_royal(&v);
        if self.errors.is_empty() {
            if let Err(e) = validate(&v) {
                match fen_entry {
                    Some(f) => self.error(f.line, format!("startFen: {e}")),
                    None => self.error(
                        s.line,
                        format!(
                            "the start position '{}' does not fit [{}]: {e}",
                            v.start_fen, s.name
                        ),
                    ),
                }
            }
        }
        v
    }

    /// Piece keys: removals, new letters and new moves. Returns the letters of kinds
    /// this section created (they take the variant's pawn rules below).
    fn apply_pieces(&mut self, v: &mut Variant) -> Vec<char> {
        // old letter -> new letter (None: removed), applied to every rule that names kinds.
        let mut renames: Vec<(char, Option<char>)> = Vec::new();
        let mut created = Vec::new();
        for key in piece_keys() {
            let Some(e) = self.get(&key) else { continue };
            let Some(slot) = slot_of_key(&key) else {
                continue;
            };
            let value = e.value.as_str();
            let Some(first) = value.chars().next() else {
                continue;
            };
            let existing = v.pieces.iter().position(|p| type_name_of(p) == key);
            if first == '-' {
                if let Some(i) = existing {
                    let old = v.pieces.remove(i);
                    renames.push((old.letter, None));
                }
                continue;
            }
            if !first.is_ascii_alphabetic() {
                self.error(e.line, format!("{key}: '{first}' is not a piece letter"));
                continue;
            }
            let letter = first.to_ascii_uppercase();
            let rest: String = value.chars().skip(1).collect();
            let betza = match slot {
                PieceSlot::Inexpressible(why) => {
                    self.error(
                        e.line,
                        format!("piece type '{key}' ({why}) is not implemented"),
                    );
                    continue;
                }
                PieceSlot::Predefined(name, moves) => {
                    if name == "king" && !rest.is_empty() {
                        match rest.strip_prefix(':') {
                            Some(b) => Some(b.to_string()),
                            None => {
                                self.error(
                                    e.line,
                                    format!(
                                        "king: expected 'k' or 'k:BETZA', found '{}'",
                                        clip(value)
                                    ),
                                );
                                continue;
                            }
                        }
                    } else if !rest.is_empty() {
                        self.error(
                            e.line,
                            format!("{key}: expected one letter, found '{}' (moves are fixed; use a customPiece)", clip(value)),
                        );
                        continue;
                    } else if existing.is_some() {
                        None
                    } else {
                        Some(moves.to_string())
                    }
                }
                PieceSlot::Custom(_) => match rest.strip_prefix(':') {
                    Some(b) if !b.is_empty() => Some(b.to_string()),
                    _ => {
                        self.error(
                            e.line,
                            format!("{key}: expected 'letter:BETZA', found '{}'", clip(value)),
                        );
                        continue;
                    }
                },
            };
            if let Some(b) = &betza {
                if let Err(err) = betza::parse_moves(b) {
                    self.error(e.line, format!("{key}: {err}"));
                    continue;
                }
            }
            // As in Fairy-Stockfish, a letter taken by another type removes that type.
            if let Some(i) = v
                .pieces
                .iter()
                .position(|p| p.letter == letter && type_name_of(p) != key)
            {
                let old = v.pieces.remove(i);
                renames.push((old.letter, None));
            }
            let existing = v.pieces.iter().position(|p| type_name_of(p) == key);
            match existing {
                Some(i) => {
                    let kind = &mut v.pieces[i];
                    if kind.letter != letter {
                        renames.push((kind.letter, Some(letter)));
                        kind.letter = letter;
                    }
                    if let Some(b) = betza {
                        kind.en_passant |= matches!(slot, PieceSlot::Custom(_)) && b.contains('e');
                        kind.custom = matches!(slot, PieceSlot::Custom(_));
                        kind.betza = b;
                    }
                }
                None => {
                    let b = betza.unwrap_or_else(|| "K".to_string());
                    let mut kind = PieceKind::new(&key, letter, &b);
                    kind.royal = key == "king";
                    kind.minor = key == "knight" || key == "bishop";
                    kind.en_passant =
                        key == "pawn" || (matches!(slot, PieceSlot::Custom(_)) && b.contains('e'));
                    kind.promotes = key == "pawn";
                    kind.custom = matches!(slot, PieceSlot::Custom(_));
                    v.pieces.push(kind);
                    created.push(letter);
                }
            }
        }
        rename_letters(v, &renames);
        // A letter may name only one kind.
        for (i, p) in v.pieces.iter().enumerate() {
            if let Some(q) = v.pieces[..i].iter().find(|q| q.letter == p.letter) {
                let line = self
                    .section
                    .entries
                    .iter()
                    .rev()
                    .find(|e| {
                        slot_of_key(&e.key).is_some()
                            && e.value.chars().next().map(|c| c.to_ascii_uppercase())
                                == Some(p.letter)
                    })
                    .map_or(self.section.line, |e| e.line);
                let msg = format!(
                    "letter '{}' names two piece types ({} and {})",
                    p.letter.to_ascii_lowercase(),
                    type_name_of(q),
                    type_name_of(p)
                );
                self.error(line, msg);
                break;
            }
        }
        if v.pieces.is_empty() {
            self.error(
                self.section.line,
                format!("[{}] has no pieces", self.section.name),
            );
        }
        created
    }

    /// Letters of a piece-set value, each of which must name a kind of `v`; `*` is every
    /// kind.
    pub(super) fn letters(&mut self, v: &Variant, key: &str) -> Option<Vec<char>> {
        let e = self.get(key)?;
        match parse_piece_set(&e.value) {
            Err(m) => {
                self.error(e.line, format!("{key}: {m}"));
                None
            }
            Ok(PieceSet::All) => Some(v.pieces.iter().map(|p| p.letter).collect()),
            Ok(PieceSet::Letters(ls)) => {
                if let Some(bad) = ls.iter().find(|&&l| v.kind_by_letter(l).is_none()) {
                    self.error(
                        e.line,
                        format!(
                            "{key}: no piece with letter '{}' in {}",
                            bad.to_ascii_lowercase(),
                            v.name
                        ),
                    );
                    return None;
                }
                Some(ls)
            }
        }
    }

    /// A key given as `key`, `keyWhite` and `keyBlack`: the per-colour values, which
    /// Protean needs equal; `None` when none is given.
    fn letters_both(&mut self, v: &Variant, key: &str) -> Option<Vec<char>> {
        let all = self.letters(v, key);
        let white = self.letters(v, &format!("{key}White"));
        let black = self.letters(v, &format!("{key}Black"));
        let w = white.or(all.clone());
        let b = black.or(all);
        match (w, b) {
            (None, None) => None,
            (Some(w), Some(b)) if sorted(&w) == sorted(&b) => Some(w),
            (w, b) => {
                // Name the line that makes the colours differ: with both given, Black's.
                let order = if w.is_some() && b.is_some() {
                    ["Black", "White"]
                } else {
                    ["White", "Black"]
                };
                let line = order
                    .iter()
                    .find_map(|c| self.get(&format!("{key}{c}")))
                    .unwrap()
                    .line;
                self.error(
                    line,
                    format!("{key}: different values for White and Black are not supported"),
                );
                w.or(b)
            }
        }
    }

    pub(super) fn region(&mut self, v: &Variant, key: &str) -> Option<(Squares, usize)> {
        let e = self.get(key)?;
        match parse_squares(&e.value, v.files, v.ranks) {
            Ok((s, off)) => {
                if !off.is_empty() {
                    self.warn(
                        e.line,
                        format!(
                            "{key}: {} not on the {}x{} board; left out",
                            off.join(" "),
                            v.files,
                            v.ranks
                        ),
                    );
                }
                Some((s, e.line))
            }
            Err(m) => {
                self.error(e.line, format!("{key}: {m}"));
                None
            }
        }
    }

    /// A region Protean keeps as whole ranks.
    fn rank_region(&mut self, v: &Variant, key: &str) -> Option<Ranks> {
        let (set, line) = self.region(v, key)?;
        match whole_ranks(&set, v.files) {
            Some(r) => Some(r),
            None => {
                self.error(
                    line,
                    format!("{key}: only whole ranks (like *8) are supported here"),
                );
                None
            }
        }
    }

    fn apply_pawn_rules(
        &mut self,
        v: &mut Variant,
        r: &mut Regions,
        created: &[char],
        resized: bool,
    ) {
        // pawnTypes is an alias that sets the promotion, en-passant and move-rule types.
        if let Some(ls) = self.letters(v, "pawnTypes") {
            for p in &mut v.pieces {
                p.promotes = ls.contains(&p.letter);
                p.en_passant = ls.contains(&p.letter);
                p.resets_clock = None;
            }
        }
        if let Some(ls) = self.letters_both(v, "enPassantTypes") {
            for p in &mut v.pieces {
                p.en_passant = ls.contains(&p.letter);
            }
        }
        if let Some(ls) = self.letters_both(v, "nMoveRuleTypes") {
            for p in &mut v.pieces {
                p.resets_clock = Some(ls.contains(&p.letter));
            }
        }
        let mut changed = resized;
        if let Some(on) = self.read("doubleStep", parse_bool) {
            r.double_step = on;
            changed = true;
        }
        for (c, key) in [
            (WHITE, "doubleStepRegionWhite"),
            (BLACK, "doubleStepRegionBlack"),
        ] {
            if let Some(ranks) = self.rank_region(v, key) {
                r.double_step_ranks[c] = ranks;
                changed = true;
            }
        }
        let steps = Color::both().map(|c| {
            if r.double_step {
                relative(&r.double_step_ranks[c], c, v.ranks)
            } else {
                Vec::new()
            }
        });
        if let Some(rank) = self.read("soldierPromotionRank", parse_rank) {
            r.soldier_rank = rank;
        }
        // A soldier's `i` step is its sideways step, from the soldier rank on.
        let sideways: Vec<usize> = (r.soldier_rank..v.ranks).collect();
        for p in &mut v.pieces {
            if is_soldier_type(p) {
                p.initial_ranks = [sideways.clone(), sideways.clone()];
            } else if is_pawn_type(p) || (created.contains(&p.letter) && p.betza.contains('i')) {
                // Kinds without initial moves keep none (the rule does not concern them).
                p.initial_ranks = steps.clone();
            }
        }
        if let Some(ranks) = self.rank_region(v, "enPassantRegion") {
            let mirrored: Ranks = ranks.iter().map(|&x| v.ranks - 1 - x).collect();
            if mirrored != ranks {
                let line = self.get("enPassantRegion").unwrap().line;
                self.error(
                    line,
                    "enPassantRegion: only regions symmetric between White and Black are supported"
                        .into(),
                );
            }
            v.en_passant_ranks = ranks.into_iter().collect();
        } else if changed {
            // Fairy-Stockfish's default: en passant wherever a double step passes.
            v.en_passant_ranks = (0..v.ranks).collect();
        }
    }

    fn apply_promotion(&mut self, v: &mut Variant, r: &mut Regions) {
        if let Some(rank) = self.read("promotionRank", parse_rank) {
            r.promotion = [[rank].into(), [v.ranks.saturating_sub(1 + rank)].into()];
            r.promotion_squares = [None, None];
        }
        for (c, key) in [
            (WHITE, "promotionRegionWhite"),
            (BLACK, "promotionRegionBlack"),
        ] {
            if let Some((set, _)) = self.region(v, key) {
                // Whole ranks where they are; any other set of squares as it is.
                match whole_ranks(&set, v.files) {
                    Some(ranks) => {
                        r.promotion[c] = ranks;
                        r.promotion_squares[c] = None;
                    }
                    None => r.promotion_squares[c] = Some(set),
                }
            }
        }
        if let Some(ls) = self.letters_both(v, "promotionPawnTypes") {
            for p in &mut v.pieces {
                p.promotes = ls.contains(&p.letter);
            }
        }
        let (mut targets, mut black_targets) = match &v.promotion {
            Some(p) => (p.targets.clone(), p.targets_of(BLACK).to_vec()),
            None => (Vec::new(), Vec::new()),
        };
        let all = self.letters(v, "promotionPieceTypes");
        let white = self.letters(v, "promotionPieceTypesWhite");
        let black = self.letters(v, "promotionPieceTypesBlack");
        if let Some(ls) = white.or(all.clone()) {
            targets = ls;
        }
        if let Some(ls) = black.or(all) {
            black_targets = ls;
        }
        let mut limits = match &v.promotion {
            Some(p) => p.limits.clone(),
            // A parent with piece promotions only keeps its limits there.
            None => kind_promotion_limits(v),
        };
        if let Some(counts) = self.read("promotionLimit", parse_counts) {
            let line = self.get("promotionLimit").unwrap().line;
            if let Some((l, _)) = counts.iter().find(|(l, _)| v.kind_by_letter(*l).is_none()) {
                self.error(
                    line,
                    format!(
                        "promotionLimit: no piece with letter '{}'",
                        l.to_ascii_lowercase()
                    ),
                );
            }
            limits = counts;
        }
        if let Some(m) = self.read("mandatoryPawnPromotion", parse_bool) {
            r.mandatory_promotion = m;
        }
        if let Some(m) = self.read("immobilityIllegal", parse_bool) {
            r.immobility_illegal = m;
        }
        let zone = relative(&r.promotion[WHITE], WHITE, v.ranks);
        let both: Vec<char> = targets.iter().chain(&black_targets).copied().collect();
        self.apply_kind_promotions(v, r, &both, &limits);
        if r.immobility_illegal {
            // Protean knows immobility only as a promotion rule: a forward-only piece that
            // does not promote would need the general rule.
            for p in &v.pieces {
                if !p.promotes && p.promotion.is_none() && forward_only(&p.betza).is_some() {
                    let line = self
                        .get("immobilityIllegal")
                        .map_or(self.section.line, |e| e.line);
                    self.error(line, format!("immobilityIllegal for the forward-only, non-promoting {} is not implemented", type_name_of(p)));
                }
            }
        }
        let n_ranks = v.ranks;
        let promoting: Vec<&PieceKind> = v.pieces.iter().filter(|p| p.promotes).collect();
        // A zone that is not whole ranks for a side, or whole ranks that are not the
        // mirror image of the other side's (Epic Atomic's): both zones as squares.
        let mirrored = zone == relative(&r.promotion[BLACK], BLACK, v.ranks);
        let by_squares = r.promotion_squares.iter().any(Option::is_some) || !mirrored;
        let square_zone = by_squares.then(|| {
            Color::both().map(|c| match &r.promotion_squares[c] {
                Some(set) => set.iter().copied().collect::<Vec<_>>(),
                None => r.promotion[c]
                    .iter()
                    .filter(|&&rank| rank < n_ranks)
                    .flat_map(|&rank| (0..v.files).map(move |f| (f, rank)))
                    .collect(),
            })
        });
        let zone_empty = match &square_zone {
            Some(z) => z.iter().all(Vec::is_empty),
            None => zone.is_empty(),
        };
        if zone_empty || promoting.is_empty() {
            v.promotion = None;
            return;
        }
        if both.is_empty() && promoting.iter().all(|p| p.promotion.is_some()) {
            // Pawns that promote shogi-style only (Shogun: promotionPieceTypes = -).
            v.promotion = None;
            return;
        }
        let region_line = self
            .get("promotionRegionBlack")
            .or(self.get("promotionRegionWhite"))
            .map_or(self.section.line, |e| e.line);
        if square_zone.is_some() && !r.mandatory_promotion {
            self.error(
                region_line,
                "mandatoryPawnPromotion = false with promotion regions that are not whole \
                 ranks, mirror images of each other, is not implemented"
                    .into(),
            );
            return;
        }
        if targets.is_empty() || black_targets.is_empty() {
            let line = self
                .get("promotionPieceTypes")
                .map_or(self.section.line, |e| e.line);
            self.error(
                line,
                "pawns promote but promotionPieceTypes is empty".into(),
            );
            return;
        }
        if let Some(t) = both.iter().find(|&&t| v.kind_by_letter(t).is_none()) {
            let line = self
                .get("promotionPieceTypes")
                .map_or(self.section.line, |e| e.line);
            self.error(
                line,
                format!(
                    "promotion to '{}', which is not a piece of {}",
                    t.to_ascii_lowercase(),
                    v.name
                ),
            );
            return;
        }
        let (ranks, optional_ranks) = if square_zone.is_some() {
            (Vec::new(), Vec::new())
        } else if r.mandatory_promotion {
            (zone, Vec::new())
        } else {
            // Where a pawn could never move again it must promote (when immobility is
            // illegal); elsewhere in the zone promotion is a choice.
            let stuck: Ranks = if r.immobility_illegal {
                promoting
                    .iter()
                    .filter_map(|p| forward_only(&p.betza))
                    .flat_map(|dy| (0..n_ranks).filter(move |&x| x + dy >= n_ranks))
                    .collect()
            } else {
                BTreeSet::new()
            };
            let ranks: Vec<usize> = zone.iter().copied().filter(|x| stuck.contains(x)).collect();
            let optional = zone
                .iter()
                .copied()
                .filter(|x| !stuck.contains(x))
                .collect();
            (ranks, optional)
        };
        let black_targets = (sorted(&black_targets) != sorted(&targets)).then_some(black_targets);
        v.promotion = Some(Promotion {
            ranks,
            optional_ranks,
            squares: square_zone.unwrap_or_default(),
            targets,
            black_targets,
            limits,
        });
    }

    /// A flag of the shogi-style promotions: the section's key where it has one, else
    /// what the parent's promotions say (on where any of them has it on).
    fn kind_promotion_flag(
        &mut self,
        v: &Variant,
        key: &str,
        flag: impl Fn(&KindPromotion) -> bool,
    ) -> bool {
        let inherited = v
            .pieces
            .iter()
            .any(|p| p.promotion.as_ref().is_some_and(&flag));
        self.read(key, parse_bool).unwrap_or(inherited)
    }

    /// `promotedPieceType`: shogi-style promotion of a kind into another
    /// ([`KindPromotion`]) by a move that starts or ends in the promotion zone, limited
    /// by `promotionLimit` on the promoted kind. Without the key a parent's promotions
    /// stay, with the zone and limits as they are now.
    fn apply_kind_promotions(
        &mut self,
        v: &mut Variant,
        r: &Regions,
        pawn_targets: &[char],
        limits: &[(char, u32)],
    ) {
        let entry = self.get("promotedPieceType");
        let line = entry.map_or(self.section.line, |e| e.line);
        let mandatory = self.kind_promotion_flag(v, "mandatoryPiecePromotion", |kp| kp.mandatory);
        let demotes = self.kind_promotion_flag(v, "pieceDemotion", |kp| kp.demotes);
        let on_capture = self.kind_promotion_flag(v, "piecePromotionOnCapture", |kp| kp.on_capture);
        if demotes && !pawn_targets.is_empty() && v.pieces.iter().any(|p| p.promotes) {
            // Fairy-Stockfish would also turn a piece a pawn promotion made back into a
            // pawn; Protean demotes only what a shogi-style promotion made.
            let line = self.get("pieceDemotion").map_or(line, |e| e.line);
            self.error(
                line,
                "pieceDemotion beside pawn promotions (promotionPieceTypes) is not implemented"
                    .into(),
            );
            return;
        }
        // As in Fairy-Stockfish, the key adds to (or changes) the parent's promotions:
        // `[gorogoroplus:gorogoro]` with `l:g n:g` keeps the pawn's and the silver's.
        let mut pairs: Vec<(char, char)> = v
            .pieces
            .iter()
            .filter_map(|p| p.promotion.as_ref().map(|kp| (p.letter, kp.to)))
            .collect();
        if entry.is_some() {
            let Some(given) = self.read("promotedPieceType", parse_letter_pairs) else {
                return;
            };
            for (from, to) in given {
                pairs.retain(|&(f, _)| !f.eq_ignore_ascii_case(&from));
                pairs.push((from, to));
            }
        }
        for p in &mut v.pieces {
            p.promotion = None;
        }
        if pairs.is_empty() {
            return;
        }
        for &(from, to) in &pairs {
            for l in [from, to] {
                if v.kind_by_letter(l).is_none() {
                    self.error(
                        line,
                        format!(
                            "promotedPieceType: no piece with letter '{}' in {}",
                            l.to_ascii_lowercase(),
                            v.name
                        ),
                    );
                    return;
                }
            }
            if pairs.iter().any(|&(f, _)| f == to) {
                self.error(
                    line,
                    format!(
                        "promotedPieceType: '{}' is a promoted type that promotes again, which \
                         Protean does not implement",
                        to.to_ascii_lowercase()
                    ),
                );
                return;
            }
        }
        let zone = relative(&r.promotion[WHITE], WHITE, v.ranks);
        if r.promotion_squares.iter().any(Option::is_some)
            || zone != relative(&r.promotion[BLACK], BLACK, v.ranks)
        {
            self.error(
                line,
                "piece promotion needs promotion zones of whole ranks, mirror images of each other"
                    .into(),
            );
            return;
        }
        // Only captures promote: the generator cuts the zone to the enemy pieces, which
        // says it all where the zone is the whole board (Micro shogi's, cetus's).
        if on_capture && (0..v.ranks).any(|r| !zone.contains(&r)) {
            let line = self.get("piecePromotionOnCapture").map_or(line, |e| e.line);
            self.error(
                line,
                "piecePromotionOnCapture with a promotion zone that is not the whole board is \
                 not implemented"
                    .into(),
            );
            return;
        }
        for &(from, _) in &pairs {
            let kind = v.kind_by_letter(from).unwrap();
            let p = &v.pieces[kind];
            if p.promotes && !pawn_targets.is_empty() {
                self.error(
                    line,
                    format!(
                        "promotedPieceType: the {} promotes both by promotionPieceTypes and \
                         shogi-style, which Protean does not implement",
                        type_name_of(p)
                    ),
                );
                return;
            }
            // Protean forces a promotion where the piece would have no move; Fairy-
            // Stockfish does so only with immobilityIllegal. A mandatory promotion
            // forces every move in the zone already (Kyoto shogi's, on the whole board).
            if !r.immobility_illegal && !mandatory && forward_only(&p.betza).is_some() {
                self.error(
                    line,
                    format!(
                        "promotedPieceType for the forward-only {} without 'immobilityIllegal = \
                         true' (a piece left without moves) is not implemented",
                        type_name_of(p)
                    ),
                );
                return;
            }
            // Where only captures promote, a mandatory promotion leaves a quiet move
            // onto a square without moves plain, which immobilityIllegal forbids.
            if r.immobility_illegal && mandatory && on_capture && forward_only(&p.betza).is_some() {
                let line = self.get("piecePromotionOnCapture").map_or(line, |e| e.line);
                self.error(
                    line,
                    format!(
                        "piecePromotionOnCapture with immobilityIllegal for the forward-only {} \
                         is not implemented",
                        type_name_of(p)
                    ),
                );
                return;
            }
        }
        for (from, to) in pairs {
            let limit = limits.iter().find(|(l, _)| *l == to).map(|&(_, n)| n);
            if mandatory && limit.is_some() {
                let line = self.get("mandatoryPiecePromotion").map_or(line, |e| e.line);
                self.error(
                    line,
                    format!(
                        "mandatoryPiecePromotion with a promotionLimit on '{}' is not implemented",
                        to.to_ascii_lowercase()
                    ),
                );
                return;
            }
            let kind = v.kind_by_letter(from).unwrap();
            v.pieces[kind].promotion = Some(KindPromotion {
                to,
                ranks: zone.clone(),
                limit,
                mandatory,
                demotes,
                on_capture,
            });
        }
    }

    /// Drop keys: pieces in hand (see [`DropView`]). `changed`: the board, the pieces or
    /// the promotion zone changed, so inherited hands are worked out again.
    fn apply_drops(&mut self, v: &mut Variant, r: &Regions, changed: bool) {
        // immobilityIllegal (a promotion key) also says where pieces drop. With
        // cambodianMoves, `gating` gives the gate rights of those moves, not a hand.
        let cambodian = self.cambodian_moves(v);
        let given = DROP_KEYS
            .iter()
            .any(|k| self.get(k).is_some() && !(cambodian && *k == "gating"))
            || (self.get("immobilityIllegal").is_some() && matches!(r.drops, Some(Some(_))));
        let inherited = match &r.drops {
            None => None,
            Some(Some(view)) => Some(view.clone()),
            Some(None) if !given && !changed => return,
            Some(None) => {
                let line = DROP_KEYS
                    .iter()
                    .find_map(|k| self.get(k))
                    .map_or(self.section.line, |e| e.line);
                self.error(
                    line,
                    "the parent's pieces in hand have no drop keys to change".into(),
                );
                return;
            }
        };
        if !given && !changed {
            return;
        }
        let mut view = inherited.unwrap_or_else(DropView::none);
        if let Some(b) = self.read("pieceDrops", parse_bool) {
            view.drops = b;
        }
        if let Some(b) = self.read("capturesToHand", parse_bool) {
            view.captures_to_hand = b;
        }
        if let Some(b) = self.read("firstRankPawnDrops", parse_bool) {
            view.first_rank_pawn_drops = b;
        }
        if let Some(b) = self.read("promotionZonePawnDrops", parse_bool) {
            view.promotion_zone_pawn_drops = b;
        }
        if let Some(b) = self.read("dropLoop", parse_bool) {
            view.drop_loop = b;
        }
        if let Some(b) = self.read("twoBoards", parse_bool) {
            view.two_boards = b;
        }
        if let Some(b) = self.read("dropPromoted", parse_bool) {
            view.drop_promoted = b;
        }
        if let Some(b) = self.read("dropChecks", parse_bool) {
            view.drop_checks = b;
        }
        self.read_set_up_keys(v, &mut view);
        self.read_gating_keys(&mut view, cambodian);
        // Regions: White's and Black's, each as ranks relative to its side.
        for (c, keys) in [
            (WHITE, ["whiteDropRegion", "dropRegionWhite"]),
            (BLACK, ["blackDropRegion", "dropRegionBlack"]),
        ] {
            for key in keys {
                if let Some(ranks) = self.rank_region(v, key) {
                    let rel = relative(&ranks, c, v.ranks);
                    view.region[c] = (rel.len() != v.ranks).then_some(rel);
                }
            }
        }
        self.read_no_doubled(v, &mut view);
        if !view.has_hands() {
            // An inherited capturesToHand goes with the drops (the hand would hold pieces
            // that never come back); one this section gives is refused.
            if view.captures_to_hand && self.get("capturesToHand").is_some() {
                let line = self
                    .get("capturesToHand")
                    .map_or(self.section.line, |e| e.line);
                self.error(
                    line,
                    "capturesToHand without pieceDrops (a hand that is never used) is not implemented"
                        .into(),
                );
            }
            v.hands = None;
            return;
        }
        if !view.drops {
            // Set-up rules without drops change nothing (Fairy-Stockfish reads them only
            // for drops); they go, so that the hands say what is played.
            view.must_drop = false;
            view.must_drop_type = None;
            view.opposite_colored_bishops = false;
            view.castling_dropped_piece = false;
            view.no_doubled = None;
            view.pawn_drop_mate_illegal = false;
            view.drop_checks = true;
        }
        if r.promotion_squares.iter().any(Option::is_some) {
            let line = self.get("pieceDrops").map_or(self.section.line, |e| e.line);
            self.error(
                line,
                "pieces in hand with a promotion region that is not whole ranks are not \
                 implemented"
                    .into(),
            );
            return;
        }
        let zone = relative(&r.promotion[WHITE], WHITE, v.ranks);
        let pawns = v.pieces.iter().any(is_pawn_type);
        if pawns
            && zone != relative(&r.promotion[BLACK], BLACK, v.ranks)
            && !view.promotion_zone_pawn_drops
        {
            let line = self.get("pieceDrops").map_or(self.section.line, |e| e.line);
            self.error(
                line,
                "pawn drops need promotion zones that are mirror images of each other".into(),
            );
        }
        // Worked out again below from this section's rules, not inherited.
        view.immobile_drops = false;
        let mut hands = view.hands(v, &zone);
        if !r.immobility_illegal && hands.drops {
            // Without immobilityIllegal a piece may be dropped where it could never
            // move (Kyoto shogi's pawn on the last rank); the hands say so only where
            // such a square exists, so that other games' hands stay as they were.
            let dead = v.pieces.iter().filter(|p| !p.royal).any(|p| {
                let all: Vec<usize> = (0..v.ranks).collect();
                // Either side's zone (each relative to its side).
                hands.drop_ranks.iter().any(|side| {
                    let ranks = side
                        .iter()
                        .find(|(l, _)| *l == p.letter)
                        .map_or(&all, |(_, r)| r);
                    has_dead_square(v, &p.betza, ranks)
                })
            });
            if dead {
                hands.immobile_drops = true;
            }
        }
        if hands.drop_promoted && !v.pieces.iter().any(|p| p.promotion.is_some()) {
            let line = self
                .get("dropPromoted")
                .map_or(self.section.line, |e| e.line);
            self.error(
                line,
                "dropPromoted without a piece promotion (promotedPieceType): nothing to drop \
                 promoted"
                    .into(),
            );
        }
        v.hands = Some(hands);
        // Pieces come back from the hand: no material is ever insufficient.
        v.draws.insufficient_material = false;
    }

    /// `mustDrop` and `mustDropType` (`*`, every kind, or one piece letter),
    /// `dropOppositeColoredBishop` and `castlingDroppedPiece`: the rules of a set-up
    /// phase (Placement) or of one kind that must be dropped (Koedem's kings).
    fn read_set_up_keys(&mut self, v: &Variant, view: &mut DropView) {
        if let Some(b) = self.read("mustDrop", parse_bool) {
            view.must_drop = b;
        }
        match self.get("mustDropType").map(|e| e.value.clone()) {
            Some(t) if t == "*" => view.must_drop_type = None,
            Some(_) => {
                if let Some(l) = self.letter(v, "mustDropType") {
                    view.must_drop_type = Some(l);
                }
            }
            None => {}
        }
        if let Some(b) = self.read("dropOppositeColoredBishop", parse_bool) {
            view.opposite_colored_bishops = b;
        }
        if let Some(b) = self.read("castlingDroppedPiece", parse_bool) {
            view.castling_dropped_piece = b;
        }
        if let Some(b) = self.read("shogiPawnDropMateIllegal", parse_bool) {
            view.pawn_drop_mate_illegal = b;
        }
        if let Some(b) = self.read("freeDrops", parse_bool) {
            view.free_drops = b;
        }
        if let Some(rule) = self.read("enclosingDrop", |s| match s {
            "" | "-" | "none" => Ok(None),
            "reversi" => Ok(Some(EnclosingDrop::Reversi)),
            "ataxx" => Ok(Some(EnclosingDrop::Ataxx)),
            other => Err(format!(
                "'{other}' needs a rule Protean does not implement (none, reversi and \
                 ataxx are)"
            )),
        }) {
            view.enclosing = rule;
        }
        if let Some((squares, _)) = self.region(v, "enclosingDropStart") {
            let mut squares: Vec<(usize, usize)> = squares.into_iter().collect();
            squares.sort_by_key(|&(f, r)| (r, f));
            view.enclosing_start = squares;
        }
    }

    /// Whether the section plays Fairy-Stockfish's `cambodianMoves` (its own key, else
    /// the parent's), which needs `gating = true` for its gate rights.
    fn cambodian_moves(&mut self, v: &Variant) -> bool {
        let on = self
            .read("cambodianMoves", parse_bool)
            .unwrap_or(v.cambodian_moves);
        if on && self.read("gating", parse_bool) == Some(false) {
            let line = self.get("gating").map_or(self.section.line, |e| e.line);
            self.error(
                line,
                format!(
                    "cambodianMoves needs 'gating = true' (its gate rights); variant {} rejected",
                    self.section.name
                ),
            );
        }
        on
    }

    /// `gating` and `seirawanGating`: Seirawan's gating, which needs both (with
    /// `cambodian`, `gating` alone gives the gate rights of Cambodia's first moves).
    fn read_gating_keys(&mut self, view: &mut DropView, cambodian: bool) {
        let gating = self.read("gating", parse_bool).filter(|_| !cambodian);
        let seirawan = self.read("seirawanGating", parse_bool);
        let (gating, seirawan) = (
            gating.unwrap_or(view.gating),
            seirawan.unwrap_or(view.gating),
        );
        if gating != seirawan {
            let line = self
                .get("seirawanGating")
                .or(self.get("gating"))
                .map_or(self.section.line, |e| e.line);
            let what = if gating {
                "'gating = true' without 'seirawanGating = true' (gating rights with no \
                 gating) is not implemented but with cambodianMoves"
            } else {
                "'seirawanGating = true' needs 'gating = true'"
            };
            self.error(
                line,
                format!("{what}; variant {} rejected", self.section.name),
            );
        }
        view.gating = gating && seirawan;
    }

    /// `dropNoDoubled` with `dropNoDoubledCount` (Fairy-Stockfish's default 1): a kind
    /// never dropped (count 0), or not onto a file that holds `count` of the side's
    /// pieces of it.
    fn read_no_doubled(&mut self, v: &Variant, view: &mut DropView) {
        let count = self.read("dropNoDoubledCount", parse_int);
        let mut kind = view.no_doubled.map(|(l, _)| l);
        if let Some(e) = self.get("dropNoDoubled") {
            kind = match e.value.as_str() {
                "" | "-" => None,
                _ => match self.letters(v, "dropNoDoubled") {
                    Some(ls) if ls.len() == 1 => Some(ls[0]),
                    Some(_) => {
                        self.error(
                            e.line,
                            format!("dropNoDoubled: one piece type, not '{}'", clip(&e.value)),
                        );
                        None
                    }
                    None => None,
                },
            };
        }
        let count = count.or(view.no_doubled.map(|(_, n)| n)).unwrap_or(1);
        view.no_doubled = kind
            .filter(|&l| v.kind_by_letter(l).is_some())
            .map(|l| (l, count));
    }

    /// Gating rights and castling after drops live in the castling rules.
    fn check_hands_need_castling(&mut self, v: &Variant) {
        let Some(h) = &v.hands else { return };
        if v.castling.is_some() {
            return;
        }
        for (needed, key, what) in [
            (
                h.gating,
                "gating",
                "gating (its rights share the FEN's castling field)",
            ),
            (
                h.castling_king_file.is_some(),
                "castlingDroppedPiece",
                "castlingDroppedPiece",
            ),
        ] {
            if needed {
                let line = self.get(key).map_or(self.section.line, |e| e.line);
                self.error(line, format!("{what} needs castling, which is off"));
            }
        }
    }

    /// `dropChecks = false` under explosions has no effect, as in Fairy-Stockfish:
    /// there a blast game's king is a pseudo-royal commoner (`atomic`), and its test
    /// of a check needs a `king`-type piece, so no drop counts as giving check (Atomic
    /// Zh's checking drops are legal in pyffish). Protean's blast games keep a royal
    /// king, so the restriction goes, with a warning where this section gives it.
    fn void_drop_checks_with_blasts(&mut self, v: &mut Variant) {
        let Some(hands) = v.hands.as_mut().filter(|h| !h.drop_checks) else {
            return;
        };
        if v.explosion.is_none() {
            return;
        }
        hands.drop_checks = true;
        if let Some(line) = self.get("dropChecks").map(|e| e.line) {
            self.warn(
                line,
                "dropChecks = false: no effect with blastOnCapture (no drop gives check to \
                 Fairy-Stockfish's atomic king)"
                    .into(),
            );
        }
    }

    fn apply_castling(&mut self, v: &mut Variant) {
        let mut on = v.castling.is_some();
        let opposite_before = v.castling.as_ref().is_some_and(|c| c.opposite);
        let (mut king_files, mut king, mut rooks, mut rank, mut king_file) = match &v.castling {
            Some(c) => (
                c.king_files,
                v.kind_by_letter(c.king_letter).map(|_| c.king_letter),
                c.rook_letters.clone(),
                c.rank,
                c.king_file,
            ),
            None => (
                [6, 2],
                v.pieces
                    .iter()
                    .find(|p| type_name_of(p) == "king")
                    .map(|p| p.letter),
                v.pieces
                    .iter()
                    .filter(|p| type_name_of(p) == "rook")
                    .map(|p| p.letter)
                    .collect(),
                0,
                CASTLING_KING_FILE,
            ),
        };
        if let Some(b) = self.read("castling", parse_bool) {
            on = b;
        }
        if let Some(f) = self.read("castlingKingsideFile", parse_file) {
            king_files[0] = f;
        }
        if let Some(f) = self.read("castlingQueensideFile", parse_file) {
            king_files[1] = f;
        }
        if let Some(f) = self.read("castlingKingFile", parse_file) {
            king_file = f;
        }
        // Fairy-Stockfish's castlingRank is White's; Black castles on its mirror image.
        if let Some(r) = self.read("castlingRank", parse_rank) {
            rank = r;
        }
        let wins = self
            .read("castlingWins", parse_castling_rights)
            .unwrap_or(0);
        let opposite = self
            .read("oppositeCastling", parse_bool)
            .unwrap_or(opposite_before);
        if let Some(ls) = self.letters_both(v, "castlingKingPiece") {
            if ls.len() != 1 {
                let line = self
                    .get("castlingKingPiece")
                    .or(self.get("castlingKingPieceWhite"))
                    .unwrap()
                    .line;
                self.error(line, "castlingKingPiece: expected one piece letter".into());
            }
            king = ls.first().copied();
        }
        if let Some(ls) = self.letters(v, "castlingRookPiece") {
            rooks = ls;
        }
        if let Some(ls) = self.letters_both(v, "castlingRookPieces") {
            rooks = ls;
        }
        if !on {
            v.castling = None;
            return;
        }
        let line = self.get("castling").map_or(self.section.line, |e| e.line);
        let Some(king) = king else {
            if self.get("castling").is_some() {
                self.error(line, "castling needs a king (castlingKingPiece)".into());
            }
            v.castling = None;
            return;
        };
        let [ks, qs] = king_files;
        let fits = ks < v.files && qs > 0 && ks >= 1 && qs + 1 < v.files;
        let castling_keys = self
            .section
            .entries
            .iter()
            .any(|e| e.key.starts_with("castling"));
        if !fits && !castling_keys {
            // Inherited castling on a board too small for it: Fairy-Stockfish keeps it
            // on, but no FEN can grant the rights, so it never happens.
            self.warn(
                line,
                format!(
                    "castling files {} and {} do not fit a board of {} files: castling is off",
                    file_letter(ks),
                    file_letter(qs),
                    v.files
                ),
            );
            v.castling = None;
            return;
        }
        if !fits {
            self.error(
                line,
                format!(
                    "castling files {} and {} do not fit a board of {} files",
                    file_letter(ks),
                    file_letter(qs),
                    v.files
                ),
            );
            return;
        }
        if rank >= v.ranks {
            let line = self.get("castlingRank").map_or(line, |e| e.line);
            self.error(
                line,
                format!(
                    "castlingRank {} is off a board of {} ranks",
                    rank + 1,
                    v.ranks
                ),
            );
            return;
        }
        v.castling = Some(Castling {
            king_letter: king,
            king_files,
            // The rook lands beside the king, on the side it came from.
            rook_files: [ks - 1, qs + 1],
            rook_letters: rooks,
            rank,
            wins,
            king_file,
            opposite,
        });
        // A dropped king gives the castling rights on the castling king's file.
        if let (Some(h), Some(c)) = (&mut v.hands, &v.castling) {
            if h.castling_king_file.is_some() {
                h.castling_king_file = Some(c.king_file);
            }
        }
    }

    fn apply_play_rules(&mut self, v: &mut Variant) {
        if let Some(b) = self.read("chess960", parse_bool) {
            v.chess960 = b;
        }
        if let Some(b) = self.read("checking", parse_bool) {
            v.checks_allowed = b;
        }
        if let Some(b) = self.read("mustCapture", parse_bool) {
            v.mandatory_capture = b;
        }
        if let Some(b) = self.read("flyingGeneral", parse_bool) {
            v.flying_royals = b;
        }
        if let Some(b) = self.read("makpongRule", parse_bool) {
            v.checked_royal_stays = b;
        }
        if let Some(b) = self.read("cambodianMoves", parse_bool) {
            v.cambodian_moves = b;
        }
        if let Some(b) = self.read("blastOnCapture", parse_bool) {
            // Fairy-Stockfish's blast spares pawns around the capture square.
            v.explosion = b.then(|| Explosion {
                immune: v
                    .pieces
                    .iter()
                    .filter(|p| is_pawn_type(p))
                    .map(|p| p.letter)
                    .collect(),
                // A child that turns blasts on again keeps its parent's immunity.
                blast_proof: v
                    .explosion
                    .as_ref()
                    .map_or_else(Vec::new, |x| x.blast_proof.clone()),
            });
        }
        if let Some(kinds) = self.letters(v, "blastImmuneTypes") {
            match &mut v.explosion {
                Some(x) => x.blast_proof = kinds,
                None if kinds.is_empty() => {}
                None => {
                    // Fairy-Stockfish accepts it and has no blast for it to change.
                    let line = self.get("blastImmuneTypes").map_or(0, |e| e.line);
                    self.warn(
                        line,
                        "blastImmuneTypes: no effect without blastOnCapture".into(),
                    );
                }
            }
        }
        if let Some(kinds) = self.letters(v, "mutuallyImmuneTypes") {
            v.mutually_immune = kinds;
        }
        if let Some(n) = self.read("nMoveRule", parse_int) {
            v.draws.move_rule_plies = 2 * n;
        }
        if let Some(n) = self.read("nFoldRule", parse_int) {
            v.draws.repetition = n;
        }
        let absolute = matches!(
            v.draws.repetition_value,
            RepetitionValue::WhiteWins | RepetitionValue::WhiteLoses
        );
        let absolute = self
            .read("nFoldValueAbsolute", parse_bool)
            .unwrap_or(absolute);
        let value = match v.draws.repetition_value {
            RepetitionValue::Draw => GameValue::Draw,
            RepetitionValue::Win | RepetitionValue::WhiteWins => GameValue::Win,
            RepetitionValue::Loss | RepetitionValue::WhiteLoses => GameValue::Loss,
        };
        let value = self.read("nFoldValue", parse_value).unwrap_or(value);
        v.draws.repetition_value = match (value, absolute) {
            (GameValue::Draw, _) => RepetitionValue::Draw,
            (GameValue::Win, false) => RepetitionValue::Win,
            (GameValue::Loss, false) => RepetitionValue::Loss,
            (GameValue::Win, true) => RepetitionValue::WhiteWins,
            (GameValue::Loss, true) => RepetitionValue::WhiteLoses,
            (GameValue::None, _) => {
                let line = self.get("nFoldValue").map_or(self.section.line, |e| e.line);
                self.error(line, "nFoldValue: 'none' is not implemented".into());
                RepetitionValue::Draw
            }
        };
        if let Some(b) = self.read("perpetualCheckIllegal", parse_bool) {
            v.draws.perpetual_check_loses = b;
        }
        if let Some(rule) = self.read("countingRule", parse_counting_rule) {
            v.draws.counting = rule;
        }
        if let Some(b) = self.read("shatarMateRule", parse_bool) {
            v.shatar_mate_rule = b;
        }
    }

    /// `flipEnclosedPieces` (the flipping capture rule, `variant::flip`) and
    /// `adjudicateFullBoard`.
    fn apply_flip_keys(&mut self, v: &mut Variant) {
        if let Some(flip) = self.read("flipEnclosedPieces", |s| match s {
            "" | "-" | "none" => Ok(None),
            "reversi" => Ok(Some(Flip::Reversi)),
            "ataxx" => Ok(Some(Flip::Ataxx)),
            "quadwrangle" => Ok(Some(Flip::Quadwrangle)),
            other => Err(format!("'{other}' is not a flipping rule")),
        }) {
            match (flip, &v.capture) {
                (Some(f), Capture::Replacement | Capture::Flip(_)) => v.capture = Capture::Flip(f),
                (None, Capture::Flip(_)) => v.capture = Capture::Replacement,
                (None, _) => {}
                (Some(_), Capture::Custodian(_)) => {
                    let line = self.get("flipEnclosedPieces").map_or(0, |e| e.line);
                    self.error(
                        line,
                        "flipping with custodian captures is not implemented".into(),
                    );
                }
            }
        }
        if let Some(b) = self.read("adjudicateFullBoard", parse_bool) {
            v.draws.full_board_ends = b;
        }
    }

    fn apply_end_rules(&mut self, v: &mut Variant) {
        // Stalemate.
        let (mut value, mut count) = match v.draws.stalemate {
            StalemateResult::Draw => (GameValue::Draw, false),
            StalemateResult::Win => (GameValue::Win, false),
            StalemateResult::Loss => (GameValue::Loss, false),
            StalemateResult::FewerPieces => (GameValue::Win, true),
            StalemateResult::MorePieces => (GameValue::Loss, true),
        };
        if let Some(x) = self.read("stalemateValue", parse_value) {
            value = x;
        }
        if let Some(x) = self.read("stalematePieceCount", parse_bool) {
            count = x;
        }
        v.draws.stalemate = match (value, count) {
            // Fairy-Stockfish counts with the stalemate value: the side with fewer
            // pieces gets it (a win in Suicide, a loss in Ataxx).
            (GameValue::Loss, true) => StalemateResult::MorePieces,
            (_, true) => StalemateResult::FewerPieces,
            (GameValue::Win, _) => StalemateResult::Win,
            (GameValue::Loss, _) => StalemateResult::Loss,
            (GameValue::Draw, _) => StalemateResult::Draw,
            (GameValue::None, _) => {
                let line = self.get("stalemateValue").unwrap().line;
                self.error(line, "stalemateValue: 'none' is not a result".into());
                StalemateResult::Draw
            }
        };
        if let Some(x) = self.read("checkmateValue", parse_value) {
            match x {
                GameValue::Loss => v.draws.checkmate_wins = false,
                GameValue::Win => v.draws.checkmate_wins = true,
                GameValue::Draw | GameValue::None => {
                    let line = self.get("checkmateValue").unwrap().line;
                    self.error(
                        line,
                        "checkmateValue: only 'loss' and 'win' (for the mated side) are \
                         implemented"
                            .into(),
                    );
                }
            }
        }

        // Extinction.
        let (mut value, mut kinds, mut counts) = match &v.end.extinction {
            Some(x) => (
                if x.draws {
                    GameValue::Draw
                } else if x.extinct_side_wins {
                    GameValue::Win
                } else {
                    GameValue::Loss
                },
                Some(x.kinds.clone()),
                (x.count, x.opponent_count, x.claim),
            ),
            None => match &v.pseudo_royalty {
                Some(p) => (GameValue::None, Some(p.kinds.clone()), (p.count, 0, false)),
                None => (GameValue::None, None, (0, 0, false)),
            },
        };
        if let Some(x) = self.read("extinctionValue", parse_value) {
            value = x;
        }
        if let Some(e) = self.get("extinctionPieceTypes") {
            kinds = match parse_piece_set(&e.value) {
                Ok(PieceSet::All) => Some(Vec::new()),
                Ok(PieceSet::Letters(ls)) if ls.is_empty() => None,
                Ok(PieceSet::Letters(ls)) => {
                    if let Some(bad) = ls.iter().find(|&&l| v.kind_by_letter(l).is_none()) {
                        self.error(
                            e.line,
                            format!(
                                "extinctionPieceTypes: no piece with letter '{}'",
                                bad.to_ascii_lowercase()
                            ),
                        );
                    }
                    Some(ls)
                }
                Err(m) => {
                    self.error(e.line, format!("extinctionPieceTypes: {m}"));
                    None
                }
            };
        }
        if let Some(n) = self.read("extinctionPieceCount", parse_int) {
            counts.0 = n;
        }
        if let Some(n) = self.read("extinctionOpponentPieceCount", parse_int) {
            counts.1 = n;
        }
        if let Some(b) = self.read("extinctionClaim", parse_bool) {
            counts.2 = b;
        }
        // Pseudo-royal kinds are the extinction kinds, counted alike.
        let mut pseudo = v.pseudo_royalty.is_some();
        let mut duple = v.pseudo_royalty.as_ref().is_some_and(|p| p.duple_check);
        if let Some(b) = self.read("extinctionPseudoRoyal", parse_bool) {
            pseudo = b;
        }
        if let Some(b) = self.read("dupleCheck", parse_bool) {
            duple = b;
        }
        v.pseudo_royalty = None;
        if pseudo {
            match &kinds {
                Some(ls) if !ls.is_empty() => {
                    v.pseudo_royalty = Some(PseudoRoyalty {
                        kinds: ls.clone(),
                        count: counts.0,
                        duple_check: duple,
                    })
                }
                _ => {
                    let line = self.get("extinctionPseudoRoyal").map_or(0, |e| e.line);
                    self.error(
                        line,
                        "extinctionPseudoRoyal: needs extinctionPieceTypes naming kinds \
                         ('*' is not implemented)"
                            .into(),
                    );
                }
            }
        } else if duple {
            let line = self.get("dupleCheck").map_or(0, |e| e.line);
            self.error(
                line,
                "dupleCheck: needs extinctionPseudoRoyal = true".into(),
            );
        }
        v.end.extinction = match (value, kinds) {
            (GameValue::Win | GameValue::Loss | GameValue::Draw, Some(kinds)) => Some(Extinction {
                kinds,
                extinct_side_wins: value == GameValue::Win,
                draws: value == GameValue::Draw,
                count: counts.0,
                opponent_count: counts.1,
                claim: counts.2,
            }),
            _ => None,
        };

        self.apply_line_rules(v);

        // Capture the flag.
        let (mut kinds, mut squares, mut replies, mut safe) = match &v.end.goal {
            Some(g) => (
                Some(g.kinds.clone()),
                g.squares.clone(),
                g.second_player_replies,
                g.safe,
            ),
            None => (None, [Vec::new(), Vec::new()], false, false),
        };
        let (mut count, mut blocked_wins) = v
            .end
            .goal
            .as_ref()
            .map_or((1, false), |g| (g.count, g.blocked_wins));
        for (c, keys) in [
            (WHITE, ["flagRegion", "flagRegionWhite", "whiteFlag"]),
            (BLACK, ["flagRegion", "flagRegionBlack", "blackFlag"]),
        ] {
            for key in keys {
                if let Some(list) = self.square_list(v, key) {
                    squares[c] = list;
                }
            }
        }
        // A side without a flag region has no flag piece to agree with the other's
        // (Fox and Hounds: only White's fox has a goal).
        let one_side = [WHITE, BLACK]
            .into_iter()
            .find(|&c| squares[!c].is_empty() && !squares[c].is_empty());
        let flag_kinds = match one_side {
            Some(c) => {
                let side = if c == WHITE { "White" } else { "Black" };
                let all = self.letters(v, "flagPiece");
                let other = if c == WHITE { "Black" } else { "White" };
                self.letters(v, &format!("flagPiece{other}"));
                self.letters(v, &format!("flagPiece{side}")).or(all)
            }
            None => self.letters_both(v, "flagPiece"),
        };
        if let Some(ls) = flag_kinds {
            kinds = Some(ls);
        }
        if let Some(b) = self.read("flagMove", parse_bool) {
            replies = b;
        }
        if let Some(b) = self.read("flagPieceSafe", parse_bool) {
            safe = b;
        }
        if let Some(n) = self.read("flagPieceCount", parse_int) {
            if n == 0 {
                let line = self.get("flagPieceCount").map_or(0, |e| e.line);
                self.error(line, "flagPieceCount: expected 1 or more, not 0".into());
                return;
            }
            count = n;
        }
        if let Some(b) = self.read("flagPieceBlockedWin", parse_bool) {
            blocked_wins = b;
        }
        let kinds = kinds.unwrap_or_else(|| v.pieces.iter().map(|p| p.letter).collect());
        // Racing Kings' rule (a royal flag piece with flagMove) lets Black answer only
        // by arriving with one move; Protean has it for one unguarded arrival only.
        let royal_flag = v
            .pieces
            .iter()
            .any(|p| p.royal && kinds.contains(&p.letter));
        if replies && royal_flag && (safe || count > 1 || blocked_wins) {
            let line = ["flagPieceSafe", "flagPieceCount", "flagPieceBlockedWin"]
                .into_iter()
                .find_map(|k| self.get(k))
                .map_or(self.section.line, |e| e.line);
            self.error(
                line,
                "flagMove with a royal flag piece and flagPieceSafe, flagPieceCount or \
                 flagPieceBlockedWin is not implemented"
                    .into(),
            );
            return;
        }
        v.end.goal = if squares[WHITE].is_empty() && squares[BLACK].is_empty() {
            None
        } else {
            Some(Goal {
                kinds,
                squares,
                second_player_replies: replies,
                safe,
                count,
                blocked_wins,
            })
        };
    }
}

impl Builder<'_> {
    /// The line goals (`connectN`, `connectNxN`, `collinearN` and the keys that shape
    /// them), each key on the parent's value.
    fn apply_line_rules(&mut self, v: &mut Variant) {
        let mut g = v.end.lines.clone();
        for (key, n) in [
            ("connectN", &mut g.run),
            ("connectNxN", &mut g.square),
            ("collinearN", &mut g.collinear),
        ] {
            if let Some(x) = self.read(key, parse_int) {
                *n = x;
            }
        }
        for (key, b) in [
            ("connectHorizontal", &mut g.horizontal),
            ("connectVertical", &mut g.vertical),
            ("connectDiagonal", &mut g.diagonal),
        ] {
            if let Some(x) = self.read(key, parse_bool) {
                *b = x;
            }
        }
        if let Some(x) = self.read("connectValue", parse_value) {
            g.value = match x {
                GameValue::Win => LineValue::Win,
                GameValue::Loss => LineValue::Loss,
                GameValue::Draw => LineValue::Draw,
                GameValue::None => {
                    let line = self.get("connectValue").unwrap().line;
                    self.error(line, "connectValue: 'none' is not a result".into());
                    g.value
                }
            };
        }
        if let Some(e) = self.get("connectPieceTypes") {
            match parse_piece_set(&e.value) {
                Ok(PieceSet::All) => g.kinds = Vec::new(),
                Ok(PieceSet::Letters(ls)) => g.kinds = ls,
                Err(m) => self.error(e.line, format!("connectPieceTypes: {m}")),
            }
        }
        // Letters that name no kind of the game stay (a section inheriting this one may
        // add the kind); the rules count only the kinds present, as Fairy-Stockfish does.
        v.end.lines = g;
    }
}

impl Regions {
    /// The regions as Fairy-Stockfish would hold them for `v`.
    /// Keeps the ranks that are on a board of `ranks` ranks (the parent's board was
    /// larger): Fairy-Stockfish's regions are squares, and squares off the board are none.
    fn fit(&mut self, files: usize, ranks: usize) {
        for c in Color::both() {
            self.promotion[c].retain(|&r| r < ranks);
            if let Some(s) = &mut self.promotion_squares[c] {
                s.retain(|&(f, r)| f < files && r < ranks);
            }
            self.double_step_ranks[c].retain(|&r| r < ranks);
        }
    }

    fn of(v: &Variant, template: bool) -> Regions {
        let last = v.ranks - 1;
        let kind_zone = v
            .pieces
            .iter()
            .find_map(|p| p.promotion.as_ref())
            .map(|kp| kp.ranks.clone());
        let promotion_squares = match &v.promotion {
            Some(p) if !template && p.squares.iter().any(|s| !s.is_empty()) => {
                Color::both().map(|c| Some(p.squares[c].iter().copied().collect()))
            }
            _ => [None, None],
        };
        let (promotion, mandatory, immobility) = match (&v.promotion, template) {
            // Piece promotions only: their zone, with immobility illegal (Protean forces
            // the promotion of a piece that would have no move).
            (None, false) if kind_zone.is_some() => {
                let zone = kind_zone.unwrap();
                (
                    [
                        absolute(&zone, WHITE, v.ranks),
                        absolute(&zone, BLACK, v.ranks),
                    ],
                    false,
                    true,
                )
            }
            (Some(p), false) => {
                let mut zone = p.ranks.clone();
                zone.extend(&p.optional_ranks);
                (
                    [
                        absolute(&zone, WHITE, v.ranks),
                        absolute(&zone, BLACK, v.ranks),
                    ],
                    p.optional_ranks.is_empty(),
                    !p.optional_ranks.is_empty() && !p.ranks.is_empty(),
                )
            }
            // Fairy-Stockfish's defaults: *8 for White, *1 for Black.
            _ => ([[last.min(7)].into(), [0].into()], true, false),
        };
        let pawn = v.pieces.iter().find(|p| is_pawn_type(p));
        let (double_step, double_step_ranks) = match pawn {
            Some(p) if !p.initial_ranks[WHITE].is_empty() || !p.initial_ranks[BLACK].is_empty() => {
                (
                    true,
                    [
                        absolute(&p.initial_ranks[WHITE], WHITE, v.ranks),
                        absolute(&p.initial_ranks[BLACK], BLACK, v.ranks),
                    ],
                )
            }
            // Fairy-Stockfish's defaults: *2 for White, *7 for Black.
            _ => (pawn.is_none(), [[1].into(), [6.min(last)].into()]),
        };
        // A soldier's first sideways rank; past the board when it has none there (the
        // parent's board ends before its soldierPromotionRank).
        let soldier_rank = v.pieces.iter().find(|p| is_soldier_type(p)).map_or(0, |p| {
            p.initial_ranks[WHITE]
                .iter()
                .copied()
                .min()
                .unwrap_or(v.ranks)
        });
        let drops = v.hands.as_ref().map(|h| {
            let zone: Vec<usize> = relative(&promotion[WHITE], WHITE, v.ranks);
            DropView::of(v, h, &zone)
        });
        Regions {
            drops,
            promotion,
            promotion_squares,
            mandatory_promotion: mandatory,
            immobility_illegal: immobility,
            double_step,
            double_step_ranks,
            soldier_rank,
        }
    }
}

/// Fairy-Stockfish's template: chess rules without pieces (8x8, the orthodox start FEN,
/// the 50-move rule and threefold repetition, stalemate a draw, en passant wherever a
/// double step passes). Castling and promotion come with the pieces
/// ([`template_piece_rules`]).
fn template() -> Variant {
    Variant {
        name: String::new(),
        aliases: Vec::new(),
        description: String::new(),
        files: 8,
        ranks: 8,
        pieces: Vec::new(),
        start_fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into(),
        castling: None,
        promotion: None,
        draws: DrawRules {
            stalemate: StalemateResult::Draw,
            repetition: 3,
            move_rule_plies: 100,
            // The FIDE material rule knows the orthodox pieces only.
            insufficient_material: false,
            perpetual_check_loses: false,
            repetition_value: RepetitionValue::Draw,
            checkmate_wins: false,
            draw_at_pieces: 0,
            counting: None,
            full_board_ends: false,
        },
        setup: Setup::Fixed,
        chess960: false,
        en_passant_ranks: (0..8).collect(),
        mandatory_capture: false,
        checks_allowed: true,
        royal_optional: false,
        flying_royals: false,
        checked_royal_stays: false,
        cambodian_moves: false,
        pseudo_royalty: None,
        shatar_mate_rule: false,
        explosion: None,
        mutually_immune: Vec::new(),
        capture: Capture::Replacement,
        end: EndRules::default(),
        hands: None,
        goal: Default::default(),
        fog: None,
        secret_bomb: false,
        walling: None,
        palace: Default::default(),
    }
}

/// The template's piece rules once its pieces exist: castling of the king with rooks,
/// promotion of pawns to queen, rook, bishop and knight.
fn template_piece_rules(v: &mut Variant) {
    let letter_of = |name: &str| {
        v.pieces
            .iter()
            .find(|p| type_name_of(p) == name)
            .map(|p| p.letter)
    };
    if let Some(king) = letter_of("king") {
        v.castling = Some(Castling {
            king_letter: king,
            king_files: [6, 2],
            rook_files: [5, 3],
            rook_letters: letter_of("rook").into_iter().collect(),
            rank: 0,
            wins: 0,
            king_file: CASTLING_KING_FILE,
            opposite: false,
        });
    }
    let targets: Vec<char> = ["queen", "rook", "bishop", "knight"]
        .iter()
        .filter_map(|n| letter_of(n))
        .collect();
    v.promotion = Some(Promotion::on(vec![v.ranks - 1], targets));
}

/// Applies letter changes and removals to every rule that names kinds by letter.
fn rename_letters(v: &mut Variant, renames: &[(char, Option<char>)]) {
    if renames.is_empty() {
        return;
    }
    let map = |l: char| -> Option<char> {
        match renames.iter().find(|(old, _)| *old == l) {
            Some(&(_, new)) => new,
            None => Some(l),
        }
    };
    let map_all = |ls: &mut Vec<char>| *ls = ls.iter().filter_map(|&l| map(l)).collect();
    if let Some(c) = &mut v.castling {
        map_all(&mut c.rook_letters);
        // A removed king type leaves castling on, as in Fairy-Stockfish, for a
        // `castlingKingPiece` to name another; `apply_castling` turns it off otherwise.
        // ('\0' names no kind.)
        c.king_letter = map(c.king_letter).unwrap_or('\0');
    }
    if let Some(p) = &mut v.promotion {
        map_all(&mut p.targets);
        if let Some(b) = &mut p.black_targets {
            map_all(b);
        }
        p.limits = p
            .limits
            .iter()
            .filter_map(|&(l, n)| map(l).map(|l| (l, n)))
            .collect();
    }
    for p in &mut v.pieces {
        if let Some(kp) = &p.promotion {
            p.promotion = map(kp.to).map(|to| KindPromotion { to, ..kp.clone() });
        }
    }
    if let Some(x) = &mut v.end.extinction {
        map_all(&mut x.kinds);
    }
    if let Some(g) = &mut v.end.goal {
        map_all(&mut g.kinds);
    }
    // A removed kind's letter stays in the line goal's list (it then counts nothing):
    // dropping it could leave the list empty, which means every kind.
    for l in &mut v.end.lines.kinds {
        if let Some(new) = map(*l) {
            *l = new;
        }
    }
    if let Some(x) = &mut v.explosion {
        map_all(&mut x.immune);
        map_all(&mut x.blast_proof);
    }
    map_all(&mut v.mutually_immune);
    // A random setup of the parent's army does not survive a new army (see `build`).
}

/// The smallest forward step of a kind that only moves forward (every move gains
/// rank), or `None` when it has any other move.
fn forward_only(b: &str) -> Option<usize> {
    let atoms = betza::parse_moves(b).ok()?;
    let min = atoms.iter().map(|a| a.dy).min()?;
    (min > 0).then_some(min as usize)
}

/// Whether a piece with the Betza moves `betza` would have no move at all, on an empty
/// board of `v`, from some square of the ranks `ranks` (relative to its owner; Black's
/// squares are White's turned half a circle, so White's side says it for both): a
/// forward-only piece on the last ranks, Gethenian's `lfrbB` in a corner.
fn has_dead_square(v: &Variant, betza: &str, ranks: &[usize]) -> bool {
    let Ok(atoms) = betza::parse_moves(betza) else {
        return false;
    };
    let on_board =
        |f: i32, r: i32| (0..v.files as i32).contains(&f) && (0..v.ranks as i32).contains(&r);
    ranks.iter().any(|&r| {
        (0..v.files).any(|f| {
            !atoms.iter().any(|a| {
                (a.can_move || a.can_capture)
                    && !a.initial_only
                    && on_board(f as i32 + a.dx as i32, r as i32 + a.dy as i32)
            })
        })
    })
}

/// The limits of a variant's piece promotions, by promoted kind.
fn kind_promotion_limits(v: &Variant) -> Vec<(char, u32)> {
    let mut limits: Vec<(char, u32)> = Vec::new();
    for kp in v.pieces.iter().filter_map(|p| p.promotion.as_ref()) {
        if let Some(n) = kp.limit {
            if !limits.iter().any(|&(l, _)| l == kp.to) {
                limits.push((kp.to, n));
            }
        }
    }
    limits
}

/// `fen` with `-` for castling rights, if it has any.
fn without_castling_rights(fen: &str) -> Option<String> {
    let mut fields: Vec<&str> = fen.split_whitespace().collect();
    let castling = fields.get(2)?;
    if *castling == "-" || !castling.chars().all(|c| c.is_ascii_alphabetic()) {
        return None;
    }
    fields[2] = "-";
    Some(fields.join(" "))
}

/// The checks each side needs, from a start FEN's `3+3` field; a start FEN without one
/// gives one check each, Fairy-Stockfish's default (Check-Shogi: the first check wins).
fn check_limit(fen: &str) -> Result<u32, String> {
    let Some(field) = fen.split_whitespace().skip(1).find(|f| f.contains('+')) else {
        return Ok(1);
    };
    let (w, b) = field.split_once('+').unwrap_or(("", ""));
    match (w.parse::<u32>(), b.parse::<u32>()) {
        (Ok(w), Ok(b)) if w == b && w > 0 => Ok(w),
        (Ok(_), Ok(_)) => Err(format!(
            "checkCounting: different check counts '{field}' are not supported"
        )),
        _ => Err(format!(
            "checkCounting: bad check field '{field}' in the start FEN"
        )),
    }
}

/// Whether the start position leaves a side without a royal piece (Fairy-Stockfish
/// plays on; Protean must be told that such a side cannot be checked).
fn lacks_a_royal(v: &Variant) -> bool {
    let Some(royal) = v.pieces.iter().find(|p| p.royal).map(|p| p.letter) else {
        return false;
    };
    let board = v.start_fen.split_whitespace().next().unwrap_or("");
    // In a set-up phase the royal pieces may start in hand.
    let set_up = v.hands.as_ref().is_some_and(|h| h.must_drop);
    let board = if set_up {
        board
    } else {
        board.split('[').next().unwrap_or("")
    };
    !(board.contains(royal) && board.contains(royal.to_ascii_lowercase()))
}

fn sorted(ls: &[char]) -> Vec<char> {
    let mut v = ls.to_vec();
    v.sort_unstable();
    v
}

/// A parent's board-bound data on a child's smaller (or larger) board: ranks off the
/// board are dropped and mobility regions cut to the board, as Fairy-Stockfish's square
/// sets are. A piece whose region would be empty cannot be set up: an error.
fn fit_to_board(v: &mut Variant) -> Result<(), String> {
    let (files, ranks) = (v.files, v.ranks);
    v.en_passant_ranks.retain(|&r| r < ranks);
    if let Some(p) = &mut v.promotion {
        p.ranks.retain(|&r| r < ranks);
        p.optional_ranks.retain(|&r| r < ranks);
        for s in &mut p.squares {
            s.retain(|&(f, r)| f < files && r < ranks);
        }
    }
    for p in &mut v.pieces {
        for c in Color::both() {
            p.initial_ranks[c].retain(|&r| r < ranks);
        }
        if let Some(kp) = &mut p.promotion {
            kp.ranks.retain(|&r| r < ranks);
        }
        if let Some(region) = &mut p.region {
            let f = *region.files.start()..=(*region.files.end()).min(files - 1);
            let r = *region.ranks.start()..=(*region.ranks.end()).min(ranks - 1);
            if f.is_empty() || r.is_empty() {
                return Err(format!(
                    "the board {files}x{ranks} leaves no square of the {}'s mobility region",
                    p.name
                ));
            }
            *region = crate::variant::Region { files: f, ranks: r };
        }
    }
    Ok(())
}
