//! Writes a [`Variant`] as a self-contained `variants.ini` section (no parent), in the
//! keys the loader reads, so that a variant can be read back and compared (the round
//! trip of tests/variants_ini.rs). Rules the format cannot say are refused by name.

use super::pieces::{slot_of_key, type_name_of, PieceSlot};
use super::values::file_letter;
use crate::variant::{Setup, StalemateResult, Variant, BLACK, WHITE};

/// The section for `v`, or what the format cannot express. Random setups are written
/// as their start FEN (a loaded variant always starts from it).
pub fn to_ini(v: &Variant) -> Result<String, String> {
    let mut out = String::new();
    let mut line = |s: String| {
        out.push_str(&s);
        out.push('\n');
    };
    line(format!("[{}]", v.name));
    line(format!("maxRank = {}", v.ranks));
    line(format!("maxFile = {}", v.files));
    if v.draws.draw_at_pieces != 0 {
        return Err("a draw by piece count has no key".into());
    }
    if v.capture != crate::variant::Capture::Replacement {
        return Err("custodian capture has no key".into());
    }
    if v.hands.is_some() {
        return Err("pieces in hand have no keys yet".into());
    }
    let mut custom = 0;
    let mut double_step: Option<[Vec<usize>; 2]> = None;
    for p in &v.pieces {
        if p.region.is_some() {
            return Err(format!("{}: piece regions have no key", p.name));
        }
        let letter = p.letter.to_ascii_lowercase();
        let ty = type_name_of(p);
        match slot_of_key(&ty) {
            Some(PieceSlot::Predefined("king", _)) => line(format!("king = {letter}:{}", p.betza)),
            Some(PieceSlot::Predefined(name, betza)) if betza == p.betza && !p.royal => {
                line(format!("{name} = {letter}"))
            }
            _ if p.royal => line(format!("king = {letter}:{}", p.betza)),
            _ => {
                custom += 1;
                line(format!("customPiece{custom} = {letter}:{}", p.betza));
            }
        }
        // Pawn types and custom pieces share the variant's double-step ranks.
        let has_initial = p.betza.contains('i');
        if has_initial || ty == "pawn" {
            match &double_step {
                None => double_step = Some(p.initial_ranks.clone()),
                Some(d) if *d == p.initial_ranks => {}
                Some(_) => return Err("kinds with different initial-move ranks".into()),
            }
        }
    }
    let letters = |pred: &dyn Fn(&crate::variant::PieceKind) -> bool| -> String {
        let s: String = v
            .pieces
            .iter()
            .filter(|p| pred(p))
            .map(|p| p.letter.to_ascii_lowercase())
            .collect();
        if s.is_empty() {
            "-".into()
        } else {
            s
        }
    };
    line(format!("startFen = {}", v.start_fen));
    if !matches!(v.setup, Setup::Fixed) {
        line("# (a random setup in Protean; written as its default start position)".into());
    }
    line(format!("chess960 = {}", v.chess960));
    match &double_step {
        Some(d) if !d[WHITE].is_empty() || !d[BLACK].is_empty() => {
            line("doubleStep = true".into());
            for (c, key) in [
                (WHITE, "doubleStepRegionWhite"),
                (BLACK, "doubleStepRegionBlack"),
            ] {
                let ranks: Vec<String> = d[c]
                    .iter()
                    .map(|&r| format!("*{}", if c == WHITE { r + 1 } else { v.ranks - r }))
                    .collect();
                line(format!(
                    "{key} = {}",
                    if ranks.is_empty() {
                        "-".into()
                    } else {
                        ranks.join(" ")
                    }
                ));
            }
        }
        _ => line("doubleStep = false".into()),
    }
    let mut ep: Vec<usize> = v.en_passant_ranks.clone();
    ep.extend(v.en_passant_ranks.iter().map(|&r| v.ranks - 1 - r));
    ep.sort_unstable();
    ep.dedup();
    let ep: Vec<String> = ep.iter().map(|r| format!("*{}", r + 1)).collect();
    line(format!(
        "enPassantRegion = {}",
        if ep.is_empty() {
            "-".into()
        } else {
            ep.join(" ")
        }
    ));
    line(format!("enPassantTypes = {}", letters(&|p| p.en_passant)));
    line(format!("promotionPawnTypes = {}", letters(&|p| p.promotes)));
    match &v.promotion {
        None => {
            line("promotionRegionWhite = -".into());
            line("promotionRegionBlack = -".into());
        }
        Some(p) => {
            let mut zone = p.ranks.clone();
            zone.extend(&p.optional_ranks);
            zone.sort_unstable();
            let white: Vec<String> = zone.iter().map(|r| format!("*{}", r + 1)).collect();
            let black: Vec<String> = zone.iter().map(|r| format!("*{}", v.ranks - r)).collect();
            line(format!("promotionRegionWhite = {}", white.join(" ")));
            line(format!("promotionRegionBlack = {}", black.join(" ")));
            let targets: String = p.targets.iter().map(|t| t.to_ascii_lowercase()).collect();
            line(format!("promotionPieceTypes = {targets}"));
            if !p.limits.is_empty() {
                let limits: Vec<String> = p
                    .limits
                    .iter()
                    .map(|(l, n)| format!("{}:{n}", l.to_ascii_lowercase()))
                    .collect();
                line(format!("promotionLimit = {}", limits.join(" ")));
            }
            let optional = !p.optional_ranks.is_empty();
            line(format!("mandatoryPawnPromotion = {}", !optional));
            line(format!(
                "immobilityIllegal = {}",
                optional && !p.ranks.is_empty()
            ));
        }
    }
    match &v.castling {
        None => line("castling = false".into()),
        Some(c) => {
            if c.rook_files != [c.king_files[0] - 1, c.king_files[1] + 1] {
                return Err("a rook that does not land beside the king".into());
            }
            line("castling = true".into());
            line(format!(
                "castlingKingsideFile = {}",
                file_letter(c.king_files[0])
            ));
            line(format!(
                "castlingQueensideFile = {}",
                file_letter(c.king_files[1])
            ));
            line(format!(
                "castlingKingPiece = {}",
                c.king_letter.to_ascii_lowercase()
            ));
            let rooks: String = c
                .rook_letters
                .iter()
                .map(|l| l.to_ascii_lowercase())
                .collect();
            line(format!("castlingRookPieces = {rooks}"));
        }
    }
    line(format!("checking = {}", v.checks_allowed));
    line(format!("mustCapture = {}", v.mandatory_capture));
    line(format!("flyingGeneral = {}", v.flying_royals));
    match &v.explosion {
        None => line("blastOnCapture = false".into()),
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
            line("blastOnCapture = true".into());
        }
    }
    line(format!("nMoveRule = {}", v.draws.move_rule_plies / 2));
    line(format!("nFoldRule = {}", v.draws.repetition));
    line(format!(
        "perpetualCheckIllegal = {}",
        v.draws.perpetual_check_loses
    ));
    let (value, count) = match v.draws.stalemate {
        StalemateResult::Draw => ("draw", false),
        StalemateResult::Win => ("win", false),
        StalemateResult::Loss => ("loss", false),
        StalemateResult::FewerPieces => ("win", true),
    };
    line(format!("stalemateValue = {value}"));
    line(format!("stalematePieceCount = {count}"));
    match &v.end.extinction {
        None => line("extinctionValue = none".into()),
        Some(x) => {
            line(format!(
                "extinctionValue = {}",
                if x.extinct_side_wins { "win" } else { "loss" }
            ));
            let kinds: String = x.kinds.iter().map(|l| l.to_ascii_lowercase()).collect();
            line(format!(
                "extinctionPieceTypes = {}",
                if kinds.is_empty() { "*".into() } else { kinds }
            ));
        }
    }
    match &v.end.goal {
        None => line("flagRegion = -".into()),
        Some(g) => {
            let kinds: String = g.kinds.iter().map(|l| l.to_ascii_lowercase()).collect();
            line(format!("flagPiece = {kinds}"));
            line(format!("flagRegionWhite = {}", g.squares[WHITE].join(" ")));
            line(format!("flagRegionBlack = {}", g.squares[BLACK].join(" ")));
            line(format!("flagMove = {}", g.second_player_replies));
        }
    }
    line(format!("checkCounting = {}", v.end.check_limit.is_some()));
    Ok(out)
}
