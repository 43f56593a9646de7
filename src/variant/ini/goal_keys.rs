//! The `protean...` keys of the goal rules ([`crate::variant::goal`]): their values read
//! into a [`GoalRules`] and written back, so a variant's section reads back equal. Each
//! value has one text form; `docs/variant-config.md` lists them.

use super::build::Builder;
use super::values::{parse_bool, parse_int};
use crate::variant::goal::{
    BothConnected, CaptureEvent, CheckMate, MaterialTerm, PairMoves, Reach,
};
use crate::variant::hands::Hands;
use crate::variant::{Color, GoalRules, Variant, BLACK, WHITE};

/// The goal keys, in the order the writer writes them.
pub const GOAL_KEYS: &[&str] = &[
    "proteanMaterialLoss",
    "proteanCaptureLastOf",
    "proteanCaptureNextTo",
    "proteanCapturedKindsWin",
    "proteanMoveLimit",
    "proteanDrawsWinFor",
    "proteanCaptureNeeds",
    "proteanForbiddenCaptureLoses",
    "proteanLoneAttackedSteps",
    "proteanPairMoves",
    "proteanCheckMates",
    "proteanIntrusionSquares",
    "proteanArrival",
    "proteanDefendedDestinations",
    "proteanForwardIfAny",
    "proteanCaptureClock",
    "proteanRoyalsMayNotSee",
    "proteanCheckedRoyalLines",
    "proteanCheckBudget",
    "proteanSupportedChecks",
    "proteanCheckLevels",
    "proteanSelfCheck",
    "proteanGiftPromotion",
    "proteanRoyalMovesOnlyLose",
    "proteanBorrowedMoves",
    "proteanUncapturable",
    "proteanSecondRoyal",
    "proteanQuadrantsApart",
    "proteanLineCountMoves",
    "proteanConnection",
    "proteanPassWhenStuck",
    "proteanVanishingSquares",
    "proteanRoyalFirstMoveQueen",
    "proteanCrossRayCaptures",
    "proteanCapturers",
    "proteanPlaceCaptured",
    "proteanSeriesMate",
    "proteanBlunderMate",
    "proteanLinkageRun",
    "proteanMatedRoyalWins",
    "proteanTwoStepEvasions",
    "proteanReturnToOwner",
    // Reentrant (issue 21).
    "proteanSecondRoyalStrict",
    "proteanOtherColorLetters",
    "proteanCapturesKeepColor",
    // Concurrent (issue 21).
    "proteanMirror",
    "proteanLameCorners",
];

fn upper(s: &str) -> Vec<char> {
    s.chars().map(|c| c.to_ascii_uppercase()).collect()
}

fn lower(ls: &[char]) -> String {
    ls.iter().map(|c| c.to_ascii_lowercase()).collect()
}

fn letters_only(s: &str) -> Result<Vec<char>, String> {
    if s.is_empty() || !s.chars().all(|c| c.is_ascii_alphabetic()) {
        return Err(format!("expected piece letters, not '{s}'"));
    }
    Ok(upper(s))
}

/// One piece letter, or `-` for none.
fn one_letter(s: &str) -> Result<Option<char>, String> {
    if s == "-" {
        return Ok(None);
    }
    match letters_only(s)?[..] {
        [l] => Ok(Some(l)),
        _ => Err(format!("expected one piece letter, not '{s}'")),
    }
}

/// `n<=0 | k<=0 n<=1`: clauses separated by `|`, each a list of `letters<=count`.
fn parse_material(v: &str) -> Result<Vec<Vec<MaterialTerm>>, String> {
    v.split('|')
        .map(|clause| {
            let terms: Vec<MaterialTerm> = clause
                .split_whitespace()
                .map(|t| {
                    let (ls, n) = t
                        .split_once("<=")
                        .ok_or_else(|| format!("expected letters<=count, not '{t}'"))?;
                    Ok(MaterialTerm {
                        letters: letters_only(ls)?,
                        max: parse_int(n)?,
                    })
                })
                .collect::<Result<_, String>>()?;
            if terms.is_empty() {
                return Err("an empty clause".into());
            }
            Ok(terms)
        })
        .collect()
}

fn write_material(clauses: &[Vec<MaterialTerm>]) -> String {
    clauses
        .iter()
        .map(|c| {
            c.iter()
                .map(|t| format!("{}<={}", lower(&t.letters), t.max))
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join(" | ")
}

fn parse_color(v: &str) -> Result<Color, String> {
    match v {
        "white" => Ok(WHITE),
        "black" => Ok(BLACK),
        _ => Err(format!("expected white or black, not '{v}'")),
    }
}

fn parse_reach(v: &str) -> Result<Reach, String> {
    match v {
        "line" => Ok(Reach::Line),
        "knight" => Ok(Reach::Knight),
        "step" => Ok(Reach::Step),
        _ => Err(format!("expected line, knight or step, not '{v}'")),
    }
}

fn reach_name(r: Reach) -> &'static str {
    match r {
        Reach::Line => "line",
        Reach::Knight => "knight",
        Reach::Step => "step",
    }
}

/// `kq line knight step`: the two letters, then the reach together, apart, alone.
fn parse_pair(v: &str) -> Result<PairMoves, String> {
    let words: Vec<&str> = v.split_whitespace().collect();
    let [pair, together, apart, alone] = words[..] else {
        return Err(format!(
            "expected two letters and three reaches (kq line knight step), not '{v}'"
        ));
    };
    let ls = letters_only(pair)?;
    let [a, b] = ls[..] else {
        return Err(format!("expected two piece letters, not '{pair}'"));
    };
    Ok(PairMoves {
        letters: [a, b],
        together: parse_reach(together)?,
        apart: parse_reach(apart)?,
        alone: parse_reach(alone)?,
    })
}

const CHECK_MATES: &[(&str, CheckMate)] = &[
    ("orthodox", CheckMate::Orthodox),
    ("always", CheckMate::Always),
    ("onereply", CheckMate::OneReply),
    ("royalmovesnottaking", CheckMate::RoyalMovesNotTaking),
    ("royalmovesisolated", CheckMate::RoyalMovesIsolated),
    ("onequietroyalreply", CheckMate::OneQuietRoyalReply),
];

/// `p:always n:onereply`: per kind letter, when its check is mate.
fn parse_check_mates(v: &str) -> Result<Vec<(char, CheckMate)>, String> {
    v.split_whitespace()
        .filter(|w| *w != "-")
        .map(|w| {
            let (l, m) = w
                .split_once(':')
                .ok_or_else(|| format!("expected letter:rule, not '{w}'"))?;
            let l = letters_only(l)?;
            let [l] = l[..] else {
                return Err(format!("expected one letter in '{w}'"));
            };
            let m = CHECK_MATES
                .iter()
                .find(|(n, _)| *n == m)
                .map(|&(_, m)| m)
                .ok_or_else(|| {
                    format!(
                        "'{m}' is not one of {}",
                        CHECK_MATES
                            .iter()
                            .map(|c| c.0)
                            .collect::<Vec<_>>()
                            .join(", ")
                    )
                })?;
            Ok((l, m))
        })
        .collect()
}

/// `mover` or `draw`: what both sides connected at once gives; `-`: no connection
/// rule.
fn parse_connection(v: &str) -> Result<Option<BothConnected>, String> {
    match v {
        "-" => Ok(None),
        "mover" => Ok(Some(BothConnected::MoverWins)),
        "draw" => Ok(Some(BothConnected::Draw)),
        _ => Err(format!("expected mover, draw or -, not '{v}'")),
    }
}

fn connection_name(c: BothConnected) -> &'static str {
    match c {
        BothConnected::MoverWins => "mover",
        BothConnected::Draw => "draw",
    }
}

/// `p 7`: the kind's letter and the relative rank counted from 1.
fn parse_arrival(v: &str) -> Result<(char, usize), String> {
    let (l, r) = v
        .split_once(' ')
        .ok_or_else(|| format!("expected a letter and a rank, not '{v}'"))?;
    let l = letters_only(l)?;
    let [l] = l[..] else {
        return Err(format!("expected one letter, not '{v}'"));
    };
    let r = parse_int(r.trim())?;
    if r == 0 {
        return Err("ranks count from 1".into());
    }
    Ok((l, r as usize - 1))
}

/// `60 white`: the last fullmove number allowed, and who wins past it.
fn parse_limit(v: &str) -> Result<(u32, Color), String> {
    let (n, c) = v
        .split_once(' ')
        .ok_or_else(|| format!("expected a fullmove number and a colour, not '{v}'"))?;
    Ok((parse_int(n)?, parse_color(c.trim())?))
}

/// `k:qrbn`: the leader's letter, then the victims' letters.
fn parse_next_to(v: &str) -> Result<(char, Vec<char>), String> {
    let (l, vs) = v
        .split_once(':')
        .ok_or_else(|| format!("expected leader:victims (k:qrbn), not '{v}'"))?;
    let l = letters_only(l)?;
    let [leader] = l[..] else {
        return Err(format!("expected one leader letter, not '{v}'"));
    };
    Ok((leader, letters_only(vs)?))
}

/// `x:r y:n`: per kind letter, the letter it is written with in the opponent's case.
fn parse_other_color_letters(v: &str) -> Result<Vec<(char, char)>, String> {
    v.split_whitespace()
        .filter(|w| *w != "-")
        .map(|w| {
            let pair = w
                .split_once(':')
                .map(|(a, b)| (letters_only(a), letters_only(b)));
            match pair {
                Some((Ok(a), Ok(b))) if a.len() == 1 && b.len() == 1 => Ok((a[0], b[0])),
                _ => Err(format!("expected kind:letter (x:r), not '{w}'")),
            }
        })
        .collect()
}

impl Builder<'_> {
    /// Reads the goal keys into `v.goal`, checking that every letter names a piece.
    pub(super) fn apply_goal_keys(&mut self, v: &mut Variant) {
        let mut g = v.goal.clone();
        if let Some(x) = self.read("proteanMaterialLoss", |s| {
            if s == "-" {
                Ok(Vec::new())
            } else {
                parse_material(s)
            }
        }) {
            g.material_loss = x;
        }
        let mut events = Vec::new();
        let mut had_event_key = false;
        if let Some(x) = self.read("proteanCaptureLastOf", |s| {
            s.split_whitespace()
                .filter(|w| *w != "-")
                .map(letters_only)
                .collect::<Result<Vec<_>, _>>()
        }) {
            had_event_key = true;
            if !x.is_empty() {
                events.push(CaptureEvent::LastOfClass(x));
            }
        }
        if let Some(x) = self.read("proteanCaptureNextTo", |s| {
            if s == "-" {
                Ok(None)
            } else {
                parse_next_to(s).map(Some)
            }
        }) {
            had_event_key = true;
            if let Some((leader, victims)) = x {
                events.push(CaptureEvent::NextToLeader { leader, victims });
            }
        }
        if had_event_key {
            g.capture_events = events;
        }
        if let Some(n) = self.read("proteanCapturedKindsWin", parse_int) {
            g.captured_kinds_win = n;
        }
        if let Some(x) = self.read("proteanMoveLimit", |s| {
            if s == "-" {
                Ok(None)
            } else {
                parse_limit(s).map(Some)
            }
        }) {
            g.move_limit = x;
        }
        // Fairy-Stockfish's `materialCounting = blackdrawodds` (Armageddon) and
        // `whitedrawodds` are the same rule: every drawn ending is that side's win. Its
        // other countings are not played.
        if let Some(x) = self.read("materialCounting", |s| match s {
            // Janggi's points are palace rules (`palace_keys.rs`).
            // Janggi's and the unweighted count are palace rules (`palace_keys.rs`).
            "" | "-" | "none" | "janggi" | "unweighted" => Ok(None),
            "blackdrawodds" => Ok(Some(BLACK)),
            "whitedrawodds" => Ok(Some(WHITE)),
            other => Err(format!(
                "'{other}' needs a rule Protean does not implement (none, janggi, \
                 unweighted, whitedrawodds and blackdrawodds are)"
            )),
        }) {
            g.draws_win_for = x;
        }
        if let Some(x) = self.read("proteanDrawsWinFor", |s| {
            if s == "-" {
                Ok(None)
            } else {
                parse_color(s).map(Some)
            }
        }) {
            g.draws_win_for = x;
        }
        if let Some(ls) = self.letters(v, "proteanCaptureNeeds") {
            g.capture_needs = ls;
        }
        if let Some(b) = self.read("proteanForbiddenCaptureLoses", parse_bool) {
            g.forbidden_capture_loses = b;
        }
        if let Some(ls) = self.letters(v, "proteanLoneAttackedSteps") {
            g.lone_attacked_steps = ls;
        }
        if let Some(x) = self.read("proteanPairMoves", |s| {
            if s == "-" {
                Ok(None)
            } else {
                parse_pair(s).map(Some)
            }
        }) {
            g.pair_moves = x;
        }
        if let Some(x) = self.read("proteanCheckMates", parse_check_mates) {
            g.check_mates = x;
        }
        if let Some(x) = self.square_list(v, "proteanIntrusionSquares") {
            g.intrusion = x;
        }
        if let Some(x) = self.read("proteanArrival", |s| {
            if s == "-" {
                Ok(None)
            } else {
                parse_arrival(s).map(Some)
            }
        }) {
            g.arrival = x;
        }
        for (key, field) in [
            ("proteanDefendedDestinations", &mut g.defended_destinations),
            ("proteanForwardIfAny", &mut g.forward_if_any),
            ("proteanRoyalsMayNotSee", &mut g.royals_may_not_see),
            ("proteanCheckedRoyalLines", &mut g.checked_royal_lines),
        ] {
            if let Some(b) = self.read(key, parse_bool) {
                *field = b;
            }
        }
        if let Some(n) = self.read("proteanCaptureClock", parse_int) {
            g.capture_clock = n;
        }
        if let Some(n) = self.read("proteanCheckBudget", parse_int) {
            g.check_budget = n;
        }
        if let Some(b) = self.read("proteanSupportedChecks", parse_bool) {
            g.supported_checks = b;
        }
        if let Some(n) = self.read("proteanCheckLevels", parse_int) {
            g.check_levels = n;
        }
        if let Some(n) = self.read("proteanLinkageRun", |s| match parse_int(s)? {
            n @ (0 | 2..=19) => Ok(n),
            n => Err(format!("a linkage run is 2..19 squares (0: off), not {n}")),
        }) {
            g.linkage_run = n;
        }
        if let Some(x) = self.read("proteanSelfCheck", |s| {
            if s == "-" {
                Ok(Vec::new())
            } else {
                letters_only(s)
            }
        }) {
            g.self_check = Some(x);
        }
        if let Some(x) = self.read("proteanGiftPromotion", one_letter) {
            g.gift_promotion = x;
        }
        if let Some(b) = self.read("proteanRoyalMovesOnlyLose", parse_bool) {
            g.royal_moves_only_lose = b;
        }
        if let Some(x) = self.read("proteanBorrowedMoves", |s| {
            if s == "-" {
                return Ok(None);
            }
            let (l, ds) = s
                .split_once(':')
                .ok_or_else(|| format!("expected letter:letters (q:krbnp), not '{s}'"))?;
            match letters_only(l)?[..] {
                [l] => Ok(Some((l, letters_only(ds)?))),
                _ => Err(format!("expected one letter before ':' in '{s}'")),
            }
        }) {
            g.borrowed_moves = x;
        }
        if let Some(ls) = self.letters(v, "proteanCapturers") {
            g.capturers = ls;
        }
        if let Some(ls) = self.letters(v, "proteanPlaceCaptured") {
            g.placed_captures = ls;
        }
        if let Some(ls) = self.letters(v, "proteanUncapturable") {
            g.uncapturable = ls;
        }
        if let Some(x) = self.read("proteanSecondRoyal", one_letter) {
            g.second_royal = x;
        }
        if let Some(x) = self.read("proteanMatedRoyalWins", one_letter) {
            g.mated_royal_wins = x;
        }
        if let Some(x) = self.read("proteanQuadrantsApart", |s| {
            if s == "-" {
                return Ok(None);
            }
            match letters_only(s)?[..] {
                [a, b] if a != b => Ok(Some([a, b])),
                _ => Err(format!("expected two different piece letters, not '{s}'")),
            }
        }) {
            g.quadrants_apart = x;
        }
        if let Some(ls) = self.letters(v, "proteanLineCountMoves") {
            g.line_count_moves = ls;
        }
        if let Some(c) = self.read("proteanConnection", parse_connection) {
            g.connection = c;
        }
        for (key, field) in [
            ("proteanPassWhenStuck", &mut g.pass_when_stuck),
            ("proteanVanishingSquares", &mut g.vanishing_squares),
            ("proteanRoyalFirstMoveQueen", &mut g.royal_first_move_queen),
            ("proteanCrossRayCaptures", &mut g.cross_ray_captures),
            ("proteanSeriesMate", &mut g.series_mate),
            ("proteanBlunderMate", &mut g.blunder_mate),
            ("proteanTwoStepEvasions", &mut g.two_step_evasions),
        ] {
            if let Some(b) = self.read(key, parse_bool) {
                *field = b;
            }
        }
        if let Some(x) = self.read("proteanReturnToOwner", parse_returns) {
            g.pool_returns = x;
        }
        // Reentrant (issue 21).
        if let Some(b) = self.read("proteanSecondRoyalStrict", parse_bool) {
            g.second_royal_strict = b;
        }
        if let Some(x) = self.read("proteanOtherColorLetters", parse_other_color_letters) {
            g.other_color_letters = x;
        }
        if let Some(b) = self.read("proteanCapturesKeepColor", parse_bool) {
            g.captures_keep_color = b;
        }
        // Concurrent (issue 21).
        if let Some(ls) = self.letters(v, "proteanMirror") {
            g.mirror = ls;
        }
        if let Some(ls) = self.letters(v, "proteanLameCorners") {
            g.lame_corners = ls;
        }
        let mut used: Vec<char> = g
            .material_loss
            .iter()
            .flatten()
            .flat_map(|t| t.letters.iter().copied())
            .collect();
        for e in &g.capture_events {
            match e {
                CaptureEvent::LastOfClass(cs) => used.extend(cs.iter().flatten()),
                CaptureEvent::NextToLeader { leader, victims } => {
                    used.push(*leader);
                    used.extend(victims);
                }
            }
        }
        if let Some(p) = &g.pair_moves {
            used.extend(p.letters);
        }
        used.extend(g.check_mates.iter().map(|c| c.0));
        used.extend(g.arrival.iter().map(|a| a.0));
        used.extend(g.self_check.iter().flatten());
        used.extend(g.gift_promotion);
        if let Some((l, ds)) = &g.borrowed_moves {
            used.push(*l);
            used.extend(ds);
        }
        used.extend(&g.uncapturable);
        used.extend(&g.capturers);
        used.extend(&g.placed_captures);
        used.extend(g.second_royal);
        used.extend(g.mated_royal_wins);
        for (l, needs) in &g.pool_returns {
            used.push(*l);
            used.extend(needs);
        }
        used.extend(g.quadrants_apart.iter().flatten());
        used.extend(g.other_color_letters.iter().flat_map(|&(k, l)| [k, l]));
        used.extend(&g.mirror);
        used.extend(&g.lame_corners);
        if let Some(bad) = used.iter().find(|&&l| v.kind_by_letter(l).is_none()) {
            let line = GOAL_KEYS
                .iter()
                .find_map(|k| self.get(k))
                .map_or(0, |e| e.line);
            self.error(
                line,
                format!(
                    "goal rules: no piece with letter '{}' in {}",
                    bad.to_ascii_lowercase(),
                    v.name
                ),
            );
            return;
        }
        v.goal = g;
        if !v.goal.pool_returns.is_empty() && v.hands.is_none() {
            // The pools are hands that only the turn rule fills and empties: no drops,
            // no captures to the capturer's hand. The FEN lists them as holdings.
            v.hands = Some(Hands {
                drops: false,
                gating: false,
                captures_to_hand: false,
                promoted_return_as: None,
                drop_ranks: [Vec::new(), Vec::new()],
                fen_order: super::drops::fen_order(v, false),
                must_drop: false,
                must_drop_kind: None,
                drop_limits: Vec::new(),
                castling_king_file: None,
                drop_mate_loses: Vec::new(),
                drop_promoted: false,
                immobile_drops: false,
                drop_checks: true,
                free_drops: false,
                enclosing: None,
                enclosing_start: Vec::new(),
            });
        }
    }
}

/// The goal keys of `g` that differ from the default, as (key, value) in
/// [`GOAL_KEYS`] order.
pub fn goal_key_values(g: &GoalRules) -> Vec<(&'static str, String)> {
    let mut out = Vec::new();
    if !g.material_loss.is_empty() {
        out.push(("proteanMaterialLoss", write_material(&g.material_loss)));
    }
    for e in &g.capture_events {
        match e {
            CaptureEvent::LastOfClass(cs) => out.push((
                "proteanCaptureLastOf",
                cs.iter().map(|c| lower(c)).collect::<Vec<_>>().join(" "),
            )),
            CaptureEvent::NextToLeader { leader, victims } => out.push((
                "proteanCaptureNextTo",
                format!("{}:{}", leader.to_ascii_lowercase(), lower(victims)),
            )),
        }
    }
    if g.captured_kinds_win != 0 {
        out.push(("proteanCapturedKindsWin", g.captured_kinds_win.to_string()));
    }
    if let Some((n, c)) = g.move_limit {
        out.push((
            "proteanMoveLimit",
            format!("{n} {}", c.name().to_lowercase()),
        ));
    }
    if let Some(c) = g.draws_win_for {
        out.push(("proteanDrawsWinFor", c.name().to_lowercase()));
    }
    if !g.capture_needs.is_empty() {
        out.push(("proteanCaptureNeeds", lower(&g.capture_needs)));
    }
    if g.forbidden_capture_loses {
        out.push(("proteanForbiddenCaptureLoses", "true".into()));
    }
    if !g.lone_attacked_steps.is_empty() {
        out.push(("proteanLoneAttackedSteps", lower(&g.lone_attacked_steps)));
    }
    if let Some(p) = &g.pair_moves {
        out.push((
            "proteanPairMoves",
            format!(
                "{} {} {} {}",
                lower(&p.letters),
                reach_name(p.together),
                reach_name(p.apart),
                reach_name(p.alone)
            ),
        ));
    }
    if !g.check_mates.is_empty() {
        let name = |m: CheckMate| CHECK_MATES.iter().find(|c| c.1 == m).map_or("?", |c| c.0);
        out.push((
            "proteanCheckMates",
            g.check_mates
                .iter()
                .map(|&(l, m)| format!("{}:{}", l.to_ascii_lowercase(), name(m)))
                .collect::<Vec<_>>()
                .join(" "),
        ));
    }
    if !g.intrusion.is_empty() {
        out.push(("proteanIntrusionSquares", g.intrusion.join(" ")));
    }
    if let Some((l, r)) = g.arrival {
        out.push((
            "proteanArrival",
            format!("{} {}", l.to_ascii_lowercase(), r + 1),
        ));
    }
    for (key, on) in [
        ("proteanDefendedDestinations", g.defended_destinations),
        ("proteanForwardIfAny", g.forward_if_any),
    ] {
        if on {
            out.push((key, "true".into()));
        }
    }
    if g.capture_clock != 0 {
        out.push(("proteanCaptureClock", g.capture_clock.to_string()));
    }
    for (key, on) in [
        ("proteanRoyalsMayNotSee", g.royals_may_not_see),
        ("proteanCheckedRoyalLines", g.checked_royal_lines),
    ] {
        if on {
            out.push((key, "true".into()));
        }
    }
    if g.check_budget != 0 {
        out.push(("proteanCheckBudget", g.check_budget.to_string()));
    }
    if g.supported_checks {
        out.push(("proteanSupportedChecks", "true".into()));
    }
    if g.check_levels != 0 {
        out.push(("proteanCheckLevels", g.check_levels.to_string()));
    }
    if let Some(kinds) = &g.self_check {
        let v = if kinds.is_empty() {
            "-".into()
        } else {
            lower(kinds)
        };
        out.push(("proteanSelfCheck", v));
    }
    if let Some(l) = g.gift_promotion {
        out.push(("proteanGiftPromotion", l.to_ascii_lowercase().to_string()));
    }
    if g.royal_moves_only_lose {
        out.push(("proteanRoyalMovesOnlyLose", "true".into()));
    }
    if let Some((l, ds)) = &g.borrowed_moves {
        out.push((
            "proteanBorrowedMoves",
            format!("{}:{}", l.to_ascii_lowercase(), lower(ds)),
        ));
    }
    if !g.uncapturable.is_empty() {
        out.push(("proteanUncapturable", lower(&g.uncapturable)));
    }
    if let Some(l) = g.second_royal {
        out.push(("proteanSecondRoyal", l.to_ascii_lowercase().to_string()));
    }
    if let Some(ks) = g.quadrants_apart {
        out.push(("proteanQuadrantsApart", lower(&ks)));
    }
    if !g.line_count_moves.is_empty() {
        out.push(("proteanLineCountMoves", lower(&g.line_count_moves)));
    }
    if let Some(c) = g.connection {
        out.push(("proteanConnection", connection_name(c).into()));
    }
    for (key, on) in [
        ("proteanPassWhenStuck", g.pass_when_stuck),
        ("proteanVanishingSquares", g.vanishing_squares),
        ("proteanRoyalFirstMoveQueen", g.royal_first_move_queen),
        ("proteanCrossRayCaptures", g.cross_ray_captures),
    ] {
        if on {
            out.push((key, "true".into()));
        }
    }
    if !g.capturers.is_empty() {
        out.push(("proteanCapturers", lower(&g.capturers)));
    }
    if !g.placed_captures.is_empty() {
        out.push(("proteanPlaceCaptured", lower(&g.placed_captures)));
    }
    if let Some(l) = g.mated_royal_wins {
        out.push(("proteanMatedRoyalWins", l.to_ascii_lowercase().to_string()));
    }
    if g.linkage_run > 0 {
        out.push(("proteanLinkageRun", g.linkage_run.to_string()));
    }
    for (key, on) in [
        ("proteanSeriesMate", g.series_mate),
        ("proteanBlunderMate", g.blunder_mate),
        ("proteanTwoStepEvasions", g.two_step_evasions),
    ] {
        if on {
            out.push((key, "true".into()));
        }
    }
    if !g.pool_returns.is_empty() {
        out.push(("proteanReturnToOwner", write_returns(&g.pool_returns)));
    }
    // Reentrant (issue 21).
    if g.second_royal_strict {
        out.push(("proteanSecondRoyalStrict", "true".into()));
    }
    if !g.other_color_letters.is_empty() {
        let pairs: Vec<String> = g
            .other_color_letters
            .iter()
            .map(|&(k, l)| format!("{}:{}", k.to_ascii_lowercase(), l.to_ascii_lowercase()))
            .collect();
        out.push(("proteanOtherColorLetters", pairs.join(" ")));
    }
    if g.captures_keep_color {
        out.push(("proteanCapturesKeepColor", "true".into()));
    }
    // Concurrent (issue 21).
    if !g.mirror.is_empty() {
        out.push(("proteanMirror", lower(&g.mirror)));
    }
    if !g.lame_corners.is_empty() {
        out.push(("proteanLameCorners", lower(&g.lame_corners)));
    }
    out
}

/// `r b:q n:k`: the kinds that return to their owner's pool, each with the kind its
/// owner must still have (`-`: none return).
fn parse_returns(s: &str) -> Result<Vec<(char, Option<char>)>, String> {
    if s == "-" {
        return Ok(Vec::new());
    }
    let mut out = Vec::new();
    for word in s.split_whitespace() {
        let (l, needs) = match word.split_once(':') {
            Some((l, n)) => (l, Some(n)),
            None => (word, None),
        };
        let one = |t: &str| match letters_only(t)?[..] {
            [c] => Ok(c),
            _ => Err(format!("expected one piece letter, not '{t}' in '{s}'")),
        };
        let l = one(l)?;
        let needs = needs.map(one).transpose()?;
        if out.iter().any(|&(o, _)| o == l) {
            return Err(format!(
                "'{}' is listed twice in '{s}'",
                l.to_ascii_lowercase()
            ));
        }
        out.push((l, needs));
    }
    if out.is_empty() {
        return Err("expected kinds (r b:q n:k) or '-'".into());
    }
    Ok(out)
}

fn write_returns(rs: &[(char, Option<char>)]) -> String {
    rs.iter()
        .map(|(l, n)| match n {
            Some(n) => format!("{}:{}", l.to_ascii_lowercase(), n.to_ascii_lowercase()),
            None => l.to_ascii_lowercase().to_string(),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn material_clauses_read_and_write_back() {
        let c = parse_material("n<=0 | k<=0 n<=1").unwrap();
        assert_eq!(c.len(), 2);
        assert_eq!(c[1][1].letters, vec!['N']);
        assert_eq!(c[1][1].max, 1);
        assert_eq!(write_material(&c), "n<=0 | k<=0 n<=1");
        assert!(parse_material("n<0").is_err());
        assert!(parse_material("n<=x").is_err());
        assert!(parse_material("n<=0 |").is_err());
    }

    #[test]
    fn pairs_and_limits_parse_or_fail_clearly() {
        let p = parse_pair("kq line knight step").unwrap();
        assert_eq!(p.letters, ['K', 'Q']);
        assert_eq!(p.apart, Reach::Knight);
        assert!(parse_pair("kq line knight").is_err());
        assert!(parse_pair("kqr line knight step").is_err());
        assert_eq!(parse_limit("60 white").unwrap(), (60, WHITE));
        assert!(parse_limit("60").is_err());
        assert_eq!(
            parse_next_to("k:qrbn").unwrap(),
            ('K', vec!['Q', 'R', 'B', 'N'])
        );
        assert!(parse_next_to("kq:r").is_err());
    }
}
