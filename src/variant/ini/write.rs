//! Writes a [`Variant`] as a self-contained `variants.ini` section (no parent), in the
//! keys the loader reads: Fairy-Stockfish's keys for every rule they can say, then
//! Protean's own `protean...` keys (see [`super::protean_keys`]) for the rest, so that
//! reading the section back gives the variant field for field. `protean variants --ini
//! NAME...` prints variants this way (the built-ins themselves are written by hand, with
//! parents: src/variant/builtins.ini).

use super::drops::DropView;
use super::pieces::{is_soldier_type, slot_of_key, type_name_of, PieceSlot, PREDEFINED};
use super::protean_keys::mobility_key;
use super::values::{castling_rights_text, file_letter};
use crate::board::Geometry;
use crate::variant::{
    Capture, Color, CountingRule, EnclosingDrop, Flip, KindPromotion, KingCapture, LineGoal,
    LineValue, PieceKind, RepetitionValue, Setup, StalemateResult, Symmetry, Variant, BLACK, WHITE,
};

/// Lines of a section.
struct Out(String);

impl Out {
    fn line(&mut self, s: String) {
        self.0.push_str(&s);
        self.0.push('\n');
    }

    fn key(&mut self, key: &str, value: impl std::fmt::Display) {
        self.line(format!("{key} = {value}"));
    }
}

fn lower(ls: &[char]) -> String {
    let s: String = ls.iter().map(|l| l.to_ascii_lowercase()).collect();
    if s.is_empty() {
        "-".into()
    } else {
        s
    }
}

fn or_dash(items: Vec<String>) -> String {
    if items.is_empty() {
        "-".into()
    } else {
        items.join(" ")
    }
}

/// `*3 *6`: whole ranks, counted from 1.
fn whole_ranks(ranks: &[usize]) -> String {
    or_dash(ranks.iter().map(|r| format!("*{}", r + 1)).collect())
}

/// Relative ranks of `color` as absolute ranks.
fn absolute(ranks: &[usize], color: Color, n: usize) -> Vec<usize> {
    let mut a: Vec<usize> = ranks
        .iter()
        .map(|&r| if color == WHITE { r } else { n - 1 - r })
        .collect();
    a.sort_unstable();
    a
}

/// The section for `v`, or what the format cannot express.
pub fn to_ini(v: &Variant) -> Result<String, String> {
    let mut out = Out(String::new());
    out.line(format!("[{}]", v.name));
    out.key("maxRank", v.ranks);
    out.key("maxFile", v.files);
    let type_keys = write_pieces(&mut out, v)?;
    out.key("startFen", &v.start_fen);
    out.key("chess960", v.chess960);
    write_pawn_rules(&mut out, v)?;
    write_regions(&mut out, v, &type_keys)?;
    write_promotion(&mut out, v)?;
    write_drops(&mut out, v)?;
    write_castling(&mut out, v)?;
    out.key("checking", v.checks_allowed);
    out.key("mustCapture", v.mandatory_capture);
    out.key("flyingGeneral", v.flying_royals);
    out.key("makpongRule", v.checked_royal_stays);
    if v.cambodian_moves {
        out.key("gating", true);
    }
    out.key("cambodianMoves", v.cambodian_moves);
    match &v.explosion {
        None => out.key("blastOnCapture", false),
        Some(x) => {
            let pawns: Vec<char> = v
                .pieces
                .iter()
                .filter(|p| type_name_of(p) == "pawn")
                .map(|p| p.letter)
                .collect();
            if x.immune != pawns {
                return Err("blast immunity other than the pawns'".into());
            }
            out.key("blastOnCapture", true);
            if !x.blast_proof.is_empty() {
                out.key("blastImmuneTypes", lower(&x.blast_proof));
            }
        }
    }
    if !v.mutually_immune.is_empty() {
        out.key("mutuallyImmuneTypes", lower(&v.mutually_immune));
    }
    write_end_rules(&mut out, v)?;
    write_protean_keys(&mut out, v, &type_keys)?;
    for (key, value) in super::goal_keys::goal_key_values(&v.goal) {
        out.key(key, value);
    }
    for (key, value) in super::fog_keys::fog_key_values(v) {
        out.key(key, value);
    }
    for (key, value) in super::wall_keys::wall_key_values(v) {
        out.key(key, value);
    }
    for (key, value) in super::palace_keys::palace_key_values(v) {
        out.key(key, value);
    }
    Ok(out.0)
}

/// Piece keys; returns the type name the loader gives each kind (in `v.pieces` order).
fn write_pieces(out: &mut Out, v: &Variant) -> Result<Vec<String>, String> {
    let mut custom = 0;
    let mut used: Vec<String> = Vec::new();
    let mut type_keys = Vec::new();
    // Types that kinds take by their own name.
    let reserved: Vec<&str> = v
        .pieces
        .iter()
        .filter(|p| !p.royal)
        .filter_map(|p| match slot_of_key(&type_name_of(p)) {
            Some(PieceSlot::Predefined(name, betza)) if betza == p.betza => Some(name),
            _ => None,
        })
        .collect();
    for p in &v.pieces {
        let letter = p.letter.to_ascii_lowercase();
        let ty = type_name_of(p);
        // A kind with a name of its own takes the predefined type with its moves, if
        // one is free (Seirawan's hawk is Fairy-Stockfish's archbishop); its name
        // follows in proteanPieceNames.
        let by_name = slot_of_key(&ty).filter(|slot| match slot {
            PieceSlot::Predefined(_, betza) => *betza == p.betza,
            _ => true,
        });
        let slot = by_name.or_else(|| {
            PREDEFINED
                .iter()
                .find(|(name, betza)| {
                    *betza == p.betza
                        && !matches!(*name, "king" | "pawn")
                        && !used.iter().any(|u| u == name)
                        && !reserved.contains(name)
                })
                .map(|&(name, betza)| PieceSlot::Predefined(name, betza))
        });
        let key = match slot {
            _ if p.royal => {
                out.key("king", format!("{letter}:{}", p.betza));
                "king".to_string()
            }
            // A custom piece stays one (its en passant and SAN differ).
            Some(PieceSlot::Predefined(name, betza))
                if betza == p.betza
                    && name != "king"
                    && !p.custom
                    && !used.iter().any(|u| u == name) =>
            {
                out.key(name, letter);
                name.to_string()
            }
            _ => {
                custom += 1;
                let key = format!("customPiece{custom}");
                out.key(&key, format!("{letter}:{}", p.betza));
                key
            }
        };
        if used.contains(&key) {
            return Err(format!("two kinds of type {key}"));
        }
        used.push(key.clone());
        type_keys.push(key);
    }
    Ok(type_keys)
}

/// Initial moves: the loader gives the variant's double-step ranks to the pawn type and
/// to kinds with `i` moves, none to the others.
fn write_pawn_rules(out: &mut Out, v: &Variant) -> Result<(), String> {
    let mut double_step: Option<&[Vec<usize>; 2]> = None;
    let mut soldier_rank: Option<usize> = None;
    for p in &v.pieces {
        if is_soldier_type(p) {
            // Its `i` moves are its sideways step: ranks from soldierPromotionRank on.
            let first = p.initial_ranks[WHITE]
                .iter()
                .copied()
                .min()
                .unwrap_or(v.ranks);
            let sideways: Vec<usize> = (first..v.ranks).collect();
            if p.initial_ranks != [sideways.clone(), sideways] {
                return Err(format!(
                    "{}: soldier ranks that are not from one rank to the last",
                    p.name
                ));
            }
            match soldier_rank {
                Some(r) if r != first => return Err("two soldier ranks".into()),
                _ => soldier_rank = Some(first),
            }
        } else if p.betza.contains('i') || type_name_of(p) == "pawn" {
            match double_step {
                None => double_step = Some(&p.initial_ranks),
                Some(d) if *d == p.initial_ranks => {}
                Some(_) => return Err("kinds with different initial-move ranks".into()),
            }
        } else if p.initial_ranks.iter().any(|r| !r.is_empty()) {
            return Err(format!(
                "{}: initial-move ranks without initial moves",
                p.name
            ));
        }
    }
    match double_step {
        Some(d) if !d[WHITE].is_empty() || !d[BLACK].is_empty() => {
            out.key("doubleStep", true);
            for (c, key) in [
                (WHITE, "doubleStepRegionWhite"),
                (BLACK, "doubleStepRegionBlack"),
            ] {
                out.key(key, whole_ranks(&absolute(&d[c], c, v.ranks)));
            }
        }
        _ => out.key("doubleStep", false),
    }
    if let Some(r) = soldier_rank {
        out.key("soldierPromotionRank", r + 1);
    }
    let mut ep: Vec<usize> = v.en_passant_ranks.clone();
    ep.extend(v.en_passant_ranks.iter().map(|&r| v.ranks - 1 - r));
    ep.sort_unstable();
    ep.dedup();
    out.key("enPassantRegion", whole_ranks(&ep));
    let letters = |f: fn(&PieceKind) -> bool| -> Vec<char> {
        v.pieces.iter().filter(|p| f(p)).map(|p| p.letter).collect()
    };
    out.key("enPassantTypes", lower(&letters(|p| p.en_passant)));
    out.key("promotionPawnTypes", lower(&letters(|p| p.promotes)));
    if v.pieces.iter().any(|p| p.resets_clock.is_some()) {
        out.key(
            "nMoveRuleTypes",
            lower(&letters(|p| p.resets_clock.unwrap_or(p.promotes))),
        );
    }
    Ok(())
}

/// `d1 e1 f1 ...` for a rectangle of `color`, whole ranks as `*1`.
fn region_squares(v: &Variant, r: &crate::variant::Region, color: Color) -> String {
    let ranks: Vec<usize> = absolute(&r.ranks.clone().collect::<Vec<_>>(), color, v.ranks);
    if *r.files.start() == 0 && *r.files.end() == v.files - 1 {
        return whole_ranks(&ranks);
    }
    let mut squares = Vec::new();
    for rank in ranks {
        for f in r.files.clone() {
            squares.push(format!("{}{}", file_letter(f), rank + 1));
        }
    }
    squares.join(" ")
}

fn write_regions(out: &mut Out, v: &Variant, type_keys: &[String]) -> Result<(), String> {
    for (p, ty) in v.pieces.iter().zip(type_keys) {
        if let Some(r) = &p.region {
            for c in Color::both() {
                out.key(&mobility_key(c, ty), region_squares(v, r, c));
            }
        }
    }
    Ok(())
}

/// Fairy-Stockfish's promotion zone of White, relative ranks (empty without
/// promotion): one zone for pawn promotion and every piece promotion.
fn promotion_zone(v: &Variant) -> Result<Vec<usize>, String> {
    let mut zones: Vec<Vec<usize>> = Vec::new();
    if let Some(p) = &v.promotion {
        let mut zone = p.ranks.clone();
        zone.extend(&p.optional_ranks);
        zones.push(zone);
    }
    zones.extend(
        v.pieces
            .iter()
            .filter_map(|p| p.promotion.as_ref())
            .map(|kp| kp.ranks.clone()),
    );
    for z in &mut zones {
        z.sort_unstable();
    }
    match zones.split_first() {
        None => Ok(Vec::new()),
        Some((first, rest)) if rest.iter().all(|z| z == first) => Ok(first.clone()),
        Some(_) => Err("promotions with different zones".into()),
    }
}

/// A flag that variants.ini gives once for all shogi-style promotions: the value they
/// share (off without any), or an error naming the two values where they differ.
fn uniform_flag(
    v: &Variant,
    flag: impl Fn(&KindPromotion) -> bool,
    both: &str,
) -> Result<bool, String> {
    let mut flags = v
        .pieces
        .iter()
        .filter_map(|p| p.promotion.as_ref().map(&flag));
    let first = flags.next().unwrap_or(false);
    if flags.any(|f| f != first) {
        return Err(format!("piece promotions both {both}"));
    }
    Ok(first)
}

fn write_promotion(out: &mut Out, v: &Variant) -> Result<(), String> {
    let squares = v
        .promotion
        .as_ref()
        .map(|p| &p.squares)
        .filter(|s| s.iter().any(|s| !s.is_empty()));
    if let Some(squares) = squares {
        // A zone that is not whole ranks (Troitzky, Legan): its squares.
        for (c, key) in [
            (WHITE, "promotionRegionWhite"),
            (BLACK, "promotionRegionBlack"),
        ] {
            let names: Vec<String> = squares[c]
                .iter()
                .map(|&(f, r)| format!("{}{}", file_letter(f), r + 1))
                .collect();
            out.key(key, or_dash(names));
        }
    } else {
        let zone = promotion_zone(v)?;
        out.key(
            "promotionRegionWhite",
            whole_ranks(&absolute(&zone, WHITE, v.ranks)),
        );
        out.key(
            "promotionRegionBlack",
            whole_ranks(&absolute(&zone, BLACK, v.ranks)),
        );
    }
    // Piece promotions (promotedPieceType) and their limits, on the promoted kind.
    let mut pairs = Vec::new();
    let mut limits: Vec<(char, u32)> = v
        .promotion
        .as_ref()
        .map(|p| p.limits.clone())
        .unwrap_or_default();
    for p in &v.pieces {
        let Some(kp) = &p.promotion else { continue };
        pairs.push(format!(
            "{}:{}",
            p.letter.to_ascii_lowercase(),
            kp.to.to_ascii_lowercase()
        ));
        let pawn_limit = limits.iter().find(|(l, _)| *l == kp.to).map(|&(_, n)| n);
        match (kp.limit, pawn_limit) {
            (a, b) if a == b => {}
            (Some(n), None) if v.promotion.is_none() => limits.push((kp.to, n)),
            _ => return Err("pawn and piece promotions with different limits".into()),
        }
    }
    if !limits.is_empty() {
        let limits: Vec<String> = limits
            .iter()
            .map(|(l, n)| format!("{}:{n}", l.to_ascii_lowercase()))
            .collect();
        out.key("promotionLimit", limits.join(" "));
    }
    if !pairs.is_empty() {
        out.key("promotedPieceType", pairs.join(" "));
        let mandatory = uniform_flag(v, |kp| kp.mandatory, "mandatory and optional")?;
        out.key("mandatoryPiecePromotion", mandatory);
        if uniform_flag(v, |kp| kp.demotes, "with and without demotion")? {
            out.key("pieceDemotion", true);
        }
        if uniform_flag(v, |kp| kp.on_capture, "on captures only and on any move")? {
            out.key("piecePromotionOnCapture", true);
        }
    }
    // Drops where a piece could never move (Protean's hands say so only where such a
    // square exists).
    let immobile_drops = v.hands.as_ref().is_some_and(|h| h.immobile_drops);
    match &v.promotion {
        Some(p) => {
            match &p.black_targets {
                None => out.key("promotionPieceTypes", lower(&p.targets)),
                Some(b) => {
                    out.key("promotionPieceTypesWhite", lower(&p.targets));
                    out.key("promotionPieceTypesBlack", lower(b));
                }
            }
            let optional = !p.optional_ranks.is_empty();
            out.key("mandatoryPawnPromotion", !optional);
            // Protean never drops a piece where it could not move again, which the
            // loader accepts only with immobilityIllegal (Makhouse's pawn drops in the
            // zone); with compulsory promotion the key changes nothing else.
            let drops = v.hands.as_ref().is_some_and(|h| h.drops);
            let immobility_illegal = (optional && !p.ranks.is_empty()) || (!optional && drops);
            if !pairs.is_empty() && !immobility_illegal {
                return Err(
                    "piece promotions beside a pawn promotion without immobilityIllegal".into(),
                );
            }
            if immobile_drops {
                return Err("drops where a piece cannot move beside a pawn promotion".into());
            }
            out.key("immobilityIllegal", immobility_illegal);
        }
        None if !pairs.is_empty() => {
            out.key("promotionPieceTypes", "-");
            // Protean forces the promotion of a piece that would have no move (which
            // the loader accepts without immobilityIllegal only where the promotion is
            // mandatory anyway).
            out.key("immobilityIllegal", !immobile_drops);
        }
        None if immobile_drops => out.key("immobilityIllegal", false),
        None => {}
    }
    Ok(())
}

fn write_drops(out: &mut Out, v: &Variant) -> Result<(), String> {
    let Some(h) = &v.hands else {
        out.key("pieceDrops", false);
        return Ok(());
    };
    if !h.drops && !h.gating && !v.goal.pool_returns.is_empty() {
        // The pools of `proteanReturnToOwner`, which makes them again.
        out.key("pieceDrops", false);
        return Ok(());
    }
    let view = DropView::of(v, h, &promotion_zone(v)?)
        .ok_or("pieces in hand whose rules the drop keys cannot state")?;
    out.key("pieceDrops", view.drops);
    out.key("capturesToHand", view.captures_to_hand);
    if view.region.iter().any(Option::is_some) {
        let all: Vec<usize> = (0..v.ranks).collect();
        for (c, key) in [(WHITE, "dropRegionWhite"), (BLACK, "dropRegionBlack")] {
            let r = view.region[c].as_ref().unwrap_or(&all);
            out.key(key, whole_ranks(&absolute(r, c, v.ranks)));
        }
    }
    out.key("firstRankPawnDrops", view.first_rank_pawn_drops);
    if !view.drop_checks {
        out.key("dropChecks", false);
    }
    out.key("promotionZonePawnDrops", view.promotion_zone_pawn_drops);
    if let Some((l, count)) = view.no_doubled {
        out.key("dropNoDoubled", l.to_ascii_lowercase());
        out.key("dropNoDoubledCount", count);
    }
    if view.must_drop {
        out.key("mustDrop", true);
    }
    if let Some(l) = view.must_drop_type {
        out.key("mustDropType", l.to_ascii_lowercase());
    }
    if view.opposite_colored_bishops {
        out.key("dropOppositeColoredBishop", true);
    }
    if view.castling_dropped_piece {
        out.key("castlingDroppedPiece", true);
    }
    if view.pawn_drop_mate_illegal {
        out.key("shogiPawnDropMateIllegal", true);
    }
    if view.drop_promoted {
        out.key("dropPromoted", true);
    }
    if view.drop_loop {
        out.key("dropLoop", true);
    }
    if view.two_boards {
        out.key("twoBoards", true);
    }
    if view.gating {
        out.key("gating", true);
        out.key("seirawanGating", true);
    }
    if view.free_drops {
        out.key("freeDrops", true);
    }
    if let Some(rule) = view.enclosing {
        let name = match rule {
            EnclosingDrop::Reversi => "reversi",
            EnclosingDrop::Ataxx => "ataxx",
        };
        out.key("enclosingDrop", name);
    }
    if !view.enclosing_start.is_empty() {
        let names: Vec<String> = view
            .enclosing_start
            .iter()
            .map(|&(f, r)| format!("{}{}", (b'a' + f as u8) as char, r + 1))
            .collect();
        out.key("enclosingDropStart", names.join(" "));
    }
    Ok(())
}

fn write_castling(out: &mut Out, v: &Variant) -> Result<(), String> {
    let Some(c) = &v.castling else {
        out.key("castling", false);
        return Ok(());
    };
    if c.rook_files != [c.king_files[0] - 1, c.king_files[1] + 1] {
        return Err("a rook that does not land beside the king".into());
    }
    out.key("castling", true);
    out.key("castlingKingsideFile", file_letter(c.king_files[0]));
    out.key("castlingQueensideFile", file_letter(c.king_files[1]));
    out.key("castlingKingPiece", c.king_letter.to_ascii_lowercase());
    out.key("castlingRookPieces", lower(&c.rook_letters));
    if c.rank != 0 {
        out.key("castlingRank", c.rank + 1);
    }
    if c.wins != 0 {
        out.key("castlingWins", castling_rights_text(c.wins));
    }
    if c.king_file != 4 {
        out.key("castlingKingFile", file_letter(c.king_file));
    }
    if c.opposite {
        out.key("oppositeCastling", true);
    }
    Ok(())
}

fn write_end_rules(out: &mut Out, v: &Variant) -> Result<(), String> {
    out.key("nMoveRule", v.draws.move_rule_plies / 2);
    if !v.draws.move_rule_plies.is_multiple_of(2) {
        return Err("a move rule of an odd number of plies".into());
    }
    out.key("nFoldRule", v.draws.repetition);
    out.key("perpetualCheckIllegal", v.draws.perpetual_check_loses);
    let (value, absolute) = match v.draws.repetition_value {
        RepetitionValue::Draw => ("draw", false),
        RepetitionValue::Win => ("win", false),
        RepetitionValue::Loss => ("loss", false),
        RepetitionValue::WhiteWins => ("win", true),
        RepetitionValue::WhiteLoses => ("loss", true),
    };
    out.key("nFoldValue", value);
    if absolute {
        out.key("nFoldValueAbsolute", true);
    }
    out.key(
        "checkmateValue",
        if v.draws.checkmate_wins {
            "win"
        } else {
            "loss"
        },
    );
    out.key(
        "countingRule",
        match v.draws.counting {
            None => "none",
            Some(CountingRule::Makruk) => "makruk",
            Some(CountingRule::Asean) => "asean",
            Some(CountingRule::Cambodian) => "cambodian",
        },
    );
    out.key("shatarMateRule", v.shatar_mate_rule);
    let (value, count) = match v.draws.stalemate {
        StalemateResult::Draw => ("draw", false),
        StalemateResult::Win => ("win", false),
        StalemateResult::Loss => ("loss", false),
        StalemateResult::FewerPieces => ("win", true),
        StalemateResult::MorePieces => ("loss", true),
    };
    out.key("stalemateValue", value);
    out.key("stalematePieceCount", count);
    if v.draws.full_board_ends {
        out.key("adjudicateFullBoard", true);
    }
    if let Capture::Flip(f) = v.capture {
        let name = match f {
            Flip::Reversi => "reversi",
            Flip::Ataxx => "ataxx",
            Flip::Quadwrangle => "quadwrangle",
        };
        out.key("flipEnclosedPieces", name);
    }
    if let Some(p) = &v.pseudo_royalty {
        // The pseudo-royal kinds and count share the extinction keys.
        if let Some(x) = &v.end.extinction {
            if x.kinds != p.kinds || x.count != p.count {
                return Err("pseudo-royal kinds other than the extinction kinds".into());
            }
        } else {
            out.key("extinctionPieceTypes", lower(&p.kinds));
            out.key("extinctionPieceCount", p.count);
        }
        out.key("extinctionPseudoRoyal", true);
        out.key("dupleCheck", p.duple_check);
    }
    match &v.end.extinction {
        None => out.key("extinctionValue", "none"),
        Some(x) => {
            out.key(
                "extinctionValue",
                match (x.draws, x.extinct_side_wins) {
                    (true, _) => "draw",
                    (false, true) => "win",
                    (false, false) => "loss",
                },
            );
            let kinds = if x.kinds.is_empty() {
                "*".into()
            } else {
                lower(&x.kinds)
            };
            out.key("extinctionPieceTypes", kinds);
            out.key("extinctionPieceCount", x.count);
            out.key("extinctionOpponentPieceCount", x.opponent_count);
            out.key("extinctionClaim", x.claim);
        }
    }
    match &v.end.goal {
        None => out.key("flagRegion", "-"),
        Some(g) => {
            out.key("flagPiece", lower(&g.kinds));
            out.key("flagRegionWhite", or_dash(g.squares[WHITE].clone()));
            out.key("flagRegionBlack", or_dash(g.squares[BLACK].clone()));
            out.key("flagMove", g.second_player_replies);
            out.key("flagPieceSafe", g.safe);
            out.key("flagPieceCount", g.count);
            out.key("flagPieceBlockedWin", g.blocked_wins);
        }
    }
    out.key("checkCounting", v.end.check_limit.is_some());
    let l = &v.end.lines;
    if *l != LineGoal::default() {
        out.key("connectN", l.run);
        out.key("connectNxN", l.square);
        out.key("collinearN", l.collinear);
        out.key("connectHorizontal", l.horizontal);
        out.key("connectVertical", l.vertical);
        out.key("connectDiagonal", l.diagonal);
        let kinds = if l.kinds.is_empty() {
            "*".into()
        } else {
            lower(&l.kinds)
        };
        out.key("connectPieceTypes", kinds);
        out.key(
            "connectValue",
            match l.value {
                LineValue::Win => "win",
                LineValue::Loss => "loss",
                LineValue::Draw => "draw",
            },
        );
    }
    Ok(())
}

fn write_protean_keys(out: &mut Out, v: &Variant, type_keys: &[String]) -> Result<(), String> {
    out.line("# Protean's own keys (Fairy-Stockfish has none for these; it ignores them)".into());
    out.key("proteanDescription", &v.description);
    out.key("proteanAliases", or_dash(v.aliases.clone()));
    let names: Vec<String> = v
        .pieces
        .iter()
        .zip(type_keys)
        .filter(|(p, ty)| p.name != **ty)
        .map(|(p, _)| format!("{}:{}", p.letter.to_ascii_lowercase(), p.name))
        .collect();
    if !names.is_empty() {
        out.key("proteanPieceNames", names.join(" "));
    }
    let order: Vec<char> = v.pieces.iter().map(|p| p.letter).collect();
    out.key("proteanPieceOrder", lower(&order));
    let minor: Vec<char> = v
        .pieces
        .iter()
        .filter(|p| p.minor)
        .map(|p| p.letter)
        .collect();
    out.key("proteanMinorPieces", lower(&minor));
    out.key("proteanInsufficientMaterial", v.draws.insufficient_material);
    if v.draws.draw_at_pieces != 0 {
        out.key("proteanDrawPieceCount", v.draws.draw_at_pieces);
    }
    let ep: Vec<String> = v
        .en_passant_ranks
        .iter()
        .map(|r| (r + 1).to_string())
        .collect();
    out.key("proteanEnPassantRanks", or_dash(ep));
    match &v.setup {
        Setup::Fixed => {}
        Setup::Chess960 => out.key("proteanSetup", "chess960"),
        Setup::ShuffledBoard => out.key("proteanSetup", "shuffledBoard"),
        Setup::ShuffledBackRank {
            fixed,
            opposite_colors,
            between,
            black,
        } => {
            out.key("proteanSetup", "shuffledBackRank");
            out.key("proteanShuffleFixed", lower(fixed));
            out.key(
                "proteanShuffleOppositeColors",
                lower(&opposite_colors.iter().copied().collect::<Vec<_>>()),
            );
            let between: Vec<char> = between.iter().flat_map(|&(a, b)| [a, b]).collect();
            out.key("proteanShuffleBetween", lower(&between));
            let black = match black {
                Symmetry::Mirror => "mirror",
                Symmetry::PointSymmetric => "pointSymmetric",
            };
            out.key("proteanShuffleBlack", black);
        }
    }
    if let Capture::Custodian(c) = &v.capture {
        // Square names must be on the board to be read back.
        let geo = Geometry::new(v.files, v.ranks).map_err(|e| e.to_string())?;
        let all = [&c.restricted, &c.king_barred, &c.hostile];
        if let Some(bad) = all
            .iter()
            .flat_map(|l| l.iter())
            .find(|s| geo.parse_square(s).is_none())
        {
            return Err(format!("custodian square '{bad}' is off the board"));
        }
        out.key("proteanCustodianCapture", true);
        out.key("proteanCustodianKing", c.king.to_ascii_lowercase());
        out.key(
            "proteanCustodianKingSide",
            if c.king_side == WHITE {
                "white"
            } else {
                "black"
            },
        );
        out.key("proteanCustodianKingCaptures", c.king_captures);
        out.key("proteanCustodianRestricted", or_dash(c.restricted.clone()));
        out.key(
            "proteanCustodianRestrictedPassable",
            c.others_pass_restricted,
        );
        out.key("proteanCustodianKingBarred", or_dash(c.king_barred.clone()));
        out.key("proteanCustodianHostile", or_dash(c.hostile.clone()));
        match &c.king_capture {
            KingCapture::AsMan => out.key("proteanCustodianKingCapture", "man"),
            KingCapture::Enclosed { edge_counts: false } => {
                out.key("proteanCustodianKingCapture", "enclosed")
            }
            KingCapture::Enclosed { edge_counts: true } => {
                out.key("proteanCustodianKingCapture", "enclosedOrEdge")
            }
            KingCapture::EnclosedOn(squares) => {
                out.key("proteanCustodianKingCapture", "enclosedOn");
                out.key("proteanCustodianKingEnclosedOn", or_dash(squares.clone()));
            }
        }
        if !c.guards.is_empty() {
            out.key("proteanCustodianGuards", lower(&c.guards));
        }
    }
    Ok(())
}

/// `variants` as one `variants.ini` file of self-contained sections (what `protean
/// variants --ini NAME...` prints). A variant whose rules the keys cannot say is left
/// out with a comment that says why; tests/variants_ini.rs makes sure no built-in is.
pub fn variants_ini(variants: &[&Variant]) -> String {
    let mut text = String::from(
        "# Variants in Fairy-Stockfish's variants.ini format, each section self-contained,\n\
         # written by `protean variants --ini NAME...`. Edit a copy and load it with\n\
         # VariantPath (UCI) or --variants-file: a section with a known variant's name\n\
         # replaces that variant.\n\
         # Keys named protean... are Protean's own (docs/variant-config.md).\n",
    );
    for v in variants {
        text.push('\n');
        match to_ini(v) {
            Ok(section) => text.push_str(&section),
            Err(why) => text.push_str(&format!("# [{}] is not written: {why}\n", v.name)),
        }
    }
    text
}
