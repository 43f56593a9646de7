//! Variants as XBoard knows them: names, and the `setup` and `piece` commands that
//! describe a variant the GUI does not know, all derived from the [`Variant`] data.
//!
//! **Names.** XBoard has a fixed list of variants whose rules it knows
//! ([`XBOARD_VARIANTS`], from XBoard 4.9.1). A variant is offered under the first of its
//! name and aliases that is on that list (`chess` has the alias `normal`), otherwise
//! under its own name. That list is the only name table here: it is XBoard's, not ours.
//!
//! **Engine-defined variants.** For a name XBoard does not know, the engine answers
//! `variant NAME` with
//!
//! ```text
//! setup (PIECETOCHAR) WxH+S_PARENT START-FEN
//! piece X& BETZA      (one per piece kind XBoard would otherwise move differently)
//! ```
//!
//! - PIECETOCHAR assigns each of our piece kinds to one of XBoard's piece types
//!   ([`SLOTS`], in XBoard's order; the last character of each half is the king). A kind
//!   takes the type with its own letter when that is free (`G` grasshopper, `M` man),
//!   else a type that moves the same, else any free type; unused types are `.`.
//! - `piece` gives the kind's Betza moves (our Fairy-Stockfish dialect; the `L`/`J`
//!   letters are read the other way round by some XBoard texts) whenever the type's
//!   own moves differ. Initial-only moves (`i`) are left out for a kind that has no
//!   initial ranks, since XBoard reads `i` as "not moved yet" rather than "on its first
//!   ranks".
//! - S, the holdings size, is 0 without hands, else enough of XBoard's types to hold
//!   every non-royal kind; PARENT is the XBoard variant whose general rules apply:
//!   `giveaway` when captures are compulsory, `crazyhouse` when captures go to hand,
//!   else `fairy`.

use crate::variant::{all_variants, betza, PieceKind, Variant};
use std::sync::Arc;

/// The variant names XBoard 4.9.1 knows the rules of.
pub const XBOARD_VARIANTS: &[&str] = &[
    "normal",
    "wildcastle",
    "nocastle",
    "fischerandom",
    "bughouse",
    "crazyhouse",
    "losers",
    "suicide",
    "giveaway",
    "twokings",
    "kriegspiel",
    "atomic",
    "3check",
    "shatranj",
    "shogi",
    "courier",
    "gothic",
    "capablanca",
    "knightmate",
    "fairy",
    "cylinder",
    "falcon",
    "caparandom",
    "berolina",
    "janus",
    "super",
    "great",
    "twilight",
    "makruk",
    "seirawan",
    "grand",
    "spartan",
    "xiangqi",
    "asean",
    "elven",
];

/// XBoard's piece types in its own order (the king, always last in a PIECETOCHAR half,
/// is separate), with the letter XBoard gives each by default and, for the orthodox
/// ones, their moves in our Betza dialect. Every other type gets a `piece` command: in
/// an engine-defined variant XBoard 4.9.1 did not move its built-in grasshopper type
/// the way `gQ` does, so only the orthodox moves are taken for granted.
pub const SLOTS: &[(char, Option<&str>)] = &[
    ('P', Some("fmWfcFifmnD")),
    ('N', Some("N")),
    ('B', Some("B")),
    ('R', Some("R")),
    ('Q', Some("Q")),
    ('F', None),
    ('E', None),
    ('A', None),
    ('C', None),
    ('W', None),
    ('M', None),
    ('O', None),
    ('H', None),
    ('I', None),
    ('J', None),
    ('G', None),
    ('D', None),
    ('V', None),
    ('L', None),
    ('S', None),
    ('U', None),
];
const KING_BETZA: &str = "K";

/// The name XBoard should use for `variant`.
pub fn xboard_name(v: &Variant) -> String {
    std::iter::once(&v.name)
        .chain(&v.aliases)
        .find(|n| XBOARD_VARIANTS.contains(&n.as_str()))
        .unwrap_or(&v.name)
        .clone()
}

/// Whether XBoard knows this variant's rules (no `setup` needed).
pub fn xboard_knows(v: &Variant) -> bool {
    XBOARD_VARIANTS.contains(&xboard_name(v).as_str())
}

/// The `variants` feature: every variant (built in or loaded) by its XBoard name.
pub fn variants_feature() -> String {
    let names: Vec<String> = all_variants().iter().map(|v| xboard_name(v)).collect();
    names.join(",")
}

/// Finds a variant by the name XBoard sends, with or without a
/// `WxH+S_` board prefix (which must then match the variant's board).
pub fn find_by_xboard_name(text: &str) -> Result<Arc<Variant>, String> {
    let (size, name) = match text.split_once('_') {
        Some((size, name)) if size.contains('x') && size.contains('+') => (Some(size), name),
        _ => (None, text),
    };
    let v = all_variants()
        .into_iter()
        .find(|v| xboard_name(v) == name || v.answers_to(name))
        .ok_or_else(|| format!("unknown variant {name}"))?;
    if let Some(size) = size {
        let ours = format!("{}x{}+{}", v.files, v.ranks, holdings_size(&v));
        if size != ours {
            return Err(format!("{name} is played on {ours}, not {size}"));
        }
    }
    Ok(v)
}

/// Same moves: equal sets of move vectors.
fn same_moves(a: &str, b: &str) -> bool {
    match (betza::parse_moves(a), betza::parse_moves(b)) {
        (Ok(mut x), Ok(mut y)) => {
            x.sort();
            x.dedup();
            y.sort();
            y.dedup();
            x == y
        }
        _ => false,
    }
}

/// The kind's Betza string as XBoard should read it: without initial-only groups when
/// the kind has no initial ranks.
fn betza_for_xboard(kind: &PieceKind) -> String {
    if kind.initial_ranks.iter().any(|r| !r.is_empty()) {
        return kind.betza.clone();
    }
    // Groups are `modifiers* ATOM+ digits*`; drop those whose modifiers include `i`.
    let mut groups: Vec<String> = Vec::new();
    let mut current = String::new();
    let mut in_atom = false;
    for c in kind.betza.chars() {
        if c.is_ascii_lowercase() && in_atom {
            groups.push(std::mem::take(&mut current));
            in_atom = false;
        }
        if c.is_ascii_uppercase() {
            in_atom = true;
        }
        current.push(c);
    }
    groups.push(current);
    groups
        .into_iter()
        .filter(|g| {
            !g.chars()
                .take_while(|c| c.is_ascii_lowercase())
                .any(|c| c == 'i')
        })
        .collect()
}

/// Whether a piece kind may take `SLOTS[i]` in one pass of the assignment.
type SlotTest = dyn Fn(&PieceKind, usize) -> bool;

/// Which XBoard type each piece kind takes: `Some(i)` for `SLOTS[i]`, `None` for the
/// king type. `None` overall when the kinds do not fit.
fn assign_slots(v: &Variant) -> Option<Vec<Option<usize>>> {
    let mut taken = vec![false; SLOTS.len()];
    let king = v
        .pieces
        .iter()
        .position(|k| k.letter == 'K')
        .or_else(|| v.pieces.iter().position(|k| k.royal));
    let mut slot: Vec<Option<Option<usize>>> = vec![None; v.pieces.len()];
    if let Some(k) = king {
        slot[k] = Some(None);
    }
    // By letter first, then by moves, then anything free.
    let passes: [&SlotTest; 3] = [
        &|kind, i| SLOTS[i].0 == kind.letter,
        &|kind, i| {
            SLOTS[i]
                .1
                .is_some_and(|b| same_moves(b, &betza_for_xboard(kind)))
        },
        &|_, _| true,
    ];
    for pass in passes {
        for (k, kind) in v.pieces.iter().enumerate() {
            if slot[k].is_some() {
                continue;
            }
            if let Some(i) = (0..SLOTS.len()).find(|&i| !taken[i] && pass(kind, i)) {
                taken[i] = true;
                slot[k] = Some(Some(i));
            }
        }
    }
    slot.into_iter().collect()
}

/// The lines to send after `variant` for a variant XBoard does not know: `setup`, then
/// XBoard's holdings size: how many of its piece types (in PIECETOCHAR order) the
/// holdings show, so every non-royal kind's type is among them; 0 without hands.
pub fn holdings_size(v: &Variant) -> usize {
    if v.hands.is_none() {
        return 0;
    }
    let Some(slots) = assign_slots(v) else {
        return 0;
    };
    v.pieces
        .iter()
        .zip(&slots)
        .filter(|(k, _)| !k.royal)
        .filter_map(|(_, slot)| slot.map(|i| i + 1))
        .max()
        .unwrap_or(0)
}

/// The variant as a CECP GUI can draw it: kinds written with another kind's letter
/// (`GoalRules::other_color_letters`, Reentrant's a-d army) are left out of the piece
/// table, so the GUI draws them as the kind whose letter they share. It takes a
/// letter's case for the owner, so it can neither judge such a game's moves nor read
/// its per-owner holdings (`[south|north]`); moves and drops pass through as written.
fn drawn_kinds(v: &Variant) -> Variant {
    let relettered = |k: &PieceKind| {
        v.goal
            .other_color_letters
            .iter()
            .any(|&(l, w)| l == k.letter && w != k.letter)
    };
    let mut drawn = v.clone();
    drawn.pieces.retain(|k| !relettered(k));
    drawn
}

/// `piece` commands. Empty when XBoard knows the variant (or our pieces do not fit its
/// types, when the GUI has to be told by hand).
pub fn setup_commands(v: &Variant) -> Vec<String> {
    if xboard_knows(v) {
        return Vec::new();
    }
    let drawn = drawn_kinds(v);
    let v = &drawn;
    let Some(slots) = assign_slots(v) else {
        return Vec::new();
    };
    let used = slots.iter().flatten().max().map_or(0, |&m| m + 1).max(5);
    let mut white = vec!['.'; used + 1];
    let mut pieces = Vec::new();
    for (kind, slot) in v.pieces.iter().zip(&slots) {
        let (index, default) = match slot {
            Some(i) => (*i, SLOTS[*i].1),
            None => (used, Some(KING_BETZA)),
        };
        white[index] = kind.letter;
        let moves = betza_for_xboard(kind);
        if !default.is_some_and(|d| same_moves(d, &moves)) {
            pieces.push(format!("piece {}& {}", kind.letter, moves));
        }
    }
    let white: String = white.into_iter().collect();
    let black = white.to_ascii_lowercase();
    let parent = if v.mandatory_capture {
        "giveaway"
    } else if v.hands.as_ref().is_some_and(|h| h.captures_to_hand) {
        "crazyhouse"
    } else {
        "fairy"
    };
    let mut lines = vec![format!(
        "setup ({white}{black}) {}x{}+{}_{parent} {}",
        v.files,
        v.ranks,
        holdings_size(v),
        v.start_fen
    )];
    lines.extend(pieces);
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::find_variant;

    #[test]
    fn names_follow_xboard() {
        let name = |n: &str| xboard_name(&find_variant(n).unwrap());
        assert_eq!(name("chess"), "normal");
        assert_eq!(name("fischerandom"), "fischerandom");
        assert_eq!(name("3check"), "3check");
        assert_eq!(name("kingofthehill"), "kingofthehill");
        let feature = variants_feature();
        assert!(
            feature.starts_with("normal,fischerandom,nocastle,"),
            "{feature}"
        );
        assert_eq!(find_by_xboard_name("normal").unwrap().name, "chess");
        assert_eq!(find_by_xboard_name("8x8+0_horde").unwrap().name, "horde");
        assert!(find_by_xboard_name("10x8+0_horde").is_err());
        assert!(find_by_xboard_name("nosuchgame").is_err());
    }

    #[test]
    fn known_variants_need_no_setup() {
        for n in ["chess", "fischerandom", "knightmate", "suicide", "3check"] {
            assert!(setup_commands(&find_variant(n).unwrap()).is_empty(), "{n}");
        }
    }

    #[test]
    fn setup_from_piece_data() {
        let lines = setup_commands(&find_variant("grasshopper").unwrap());
        assert_eq!(
            lines[0],
            "setup (PNBRQ..........GKpnbrq..........gk) 8x8+0_fairy \
             rnbqkbnr/gggggggg/pppppppp/8/8/PPPPPPPP/GGGGGGGG/RNBQKBNR w KQkq - 0 1"
        );
        // The pawn has no double step here; the grasshopper is described too.
        assert_eq!(
            lines[1..],
            ["piece P& fmWfcF".to_string(), "piece G& gQ".to_string()]
        );
        let lines = setup_commands(&find_variant("horde").unwrap());
        assert!(
            lines[0].starts_with("setup (PNBRQKpnbrqk) 8x8+0_fairy "),
            "{lines:?}"
        );
        assert_eq!(lines.len(), 1, "{lines:?}");
        let lines = setup_commands(&find_variant("antichess").unwrap());
        assert!(
            lines[0].starts_with("setup (PNBRQKpnbrqk) 8x8+0_giveaway "),
            "{lines:?}"
        );
    }

    #[test]
    fn betza_without_initial_moves() {
        let mut pawn = PieceKind::new("pawn", 'P', "fmWfcFifmnD");
        assert_eq!(betza_for_xboard(&pawn), "fmWfcF");
        pawn.initial_ranks = [vec![1], vec![1]];
        assert_eq!(betza_for_xboard(&pawn), "fmWfcFifmnD");
        assert_eq!(
            betza_for_xboard(&PieceKind::new("c", 'C', "mRcpR")),
            "mRcpR"
        );
    }
}
