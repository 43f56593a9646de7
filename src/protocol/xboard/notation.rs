//! Moves as XBoard writes them, and the conversion to and from our UCI notation.
//!
//! XBoard's coordinate notation is UCI's with two differences:
//!
//! - **Ranks on 10-rank boards count from 0** (`a0` .. `a9`), so that every rank is one
//!   digit; on every other board height ranks count from 1, as ours do (`a10`, `a11`
//!   on taller boards). Xiangqi (9x10) is the common case: our `e1e2` is XBoard's
//!   `e0e1`.
//! - **Chess960 castling is `O-O` / `O-O-O`**; we also accept the king-takes-rook and
//!   king-two-squares forms, which is what XBoard sends in other castling variants.
//!
//! Drops (`P@e4`) keep their form (on 10-rank boards their square's rank shifts like
//! any other); multi-leg moves pass through unchanged. A pass (our `0000`, the one
//! legal move of a stuck side where the variant's no-move rule is a pass: Lines of
//! Action) is XBoard's null move `@@@@`, both ways.

use crate::engine::Game;

/// Whether XBoard numbers this board's ranks from 0.
fn ranks_from_zero(ranks: usize) -> bool {
    ranks == 10
}

/// Rewrites every square name in `text` (letters, then a rank number) by `map` on the
/// rank number; everything else is copied.
fn map_ranks(text: &str, map: impl Fn(u32) -> Option<u32>) -> Option<String> {
    let mut out = String::with_capacity(text.len() + 2);
    let mut chars = text.chars().peekable();
    let mut after_letter = false;
    while let Some(c) = chars.next() {
        if c.is_ascii_digit() && after_letter {
            let mut digits = c.to_string();
            while let Some(&d) = chars.peek().filter(|d| d.is_ascii_digit()) {
                digits.push(d);
                chars.next();
            }
            let n: u32 = digits.parse().ok()?;
            out += &map(n)?.to_string();
            after_letter = false;
        } else {
            after_letter = c.is_ascii_lowercase();
            out.push(c);
        }
    }
    Some(out)
}

/// Our UCI move `uci`, legal in `game`, as XBoard writes it.
pub fn to_xboard(game: &Game, uci: &str) -> String {
    // A castling move that gates (`e1h1h`) keeps its coordinate form: `O-O` has no room
    // for the gated piece.
    if uci == "0000" {
        return "@@@@".to_string();
    }
    let gated = uci.ends_with(|c: char| c.is_ascii_lowercase());
    if game.chess960() && !gated && game.is_castling(uci) {
        return castling_text(uci).to_string();
    }
    if ranks_from_zero(game.variant().ranks) {
        if let Some(text) = map_ranks(uci, |r| r.checked_sub(1)) {
            return text;
        }
    }
    uci.to_string()
}

/// `O-O` when the king goes toward the higher files (king takes its rook on that side).
fn castling_text(uci: &str) -> &'static str {
    let files: Vec<u8> = uci.bytes().filter(|b| b.is_ascii_lowercase()).collect();
    if files.len() >= 2 && files[1] > files[0] {
        "O-O"
    } else {
        "O-O-O"
    }
}

/// An XBoard move for `game` in our UCI notation. Only the notation is converted;
/// whether the move is legal is for [`Game::play_uci`] to say.
pub fn from_xboard(game: &Game, text: &str) -> Result<String, String> {
    // A trailing `+` is a shogi-style promotion (`b7c8+`) when that move is legal,
    // otherwise a check mark like `#`, `!` and `?`.
    let annotated = text.trim_end_matches(['#', '!', '?']);
    if annotated.ends_with('+') {
        if let Ok(promotion) = from_xboard_bare(game, annotated, text) {
            if game.legal_moves_uci().contains(&promotion) {
                return Ok(promotion);
            }
        }
    }
    from_xboard_bare(game, text.trim_end_matches(['+', '#', '!', '?']), text)
}

/// [`from_xboard`] of `bare`, the move without check or annotation marks; errors quote
/// `text`, the move as it came.
fn from_xboard_bare(game: &Game, bare: &str, text: &str) -> Result<String, String> {
    if bare == "@@@@" {
        return Ok("0000".to_string());
    }
    let castle = match bare {
        "O-O" | "0-0" => Some(true),
        "O-O-O" | "0-0-0" => Some(false),
        _ => None,
    };
    if let Some(kingside) = castle {
        return game
            .legal_moves_uci()
            .into_iter()
            .find(|m| game.is_castling(m) && (castling_text(m) == "O-O") == kingside)
            .ok_or_else(|| format!("illegal move {text}"));
    }
    // Promotion suffixes may come in either case, with or without `=`.
    let mut uci = bare.replace('=', "");
    if let Some(last) = uci.pop() {
        uci.push(if last.is_ascii_uppercase() && uci.len() >= 4 {
            last.to_ascii_lowercase()
        } else {
            last
        });
    }
    if ranks_from_zero(game.variant().ranks) {
        uci = map_ranks(&uci, |r| Some(r + 1)).ok_or_else(|| format!("malformed move '{text}'"))?;
    }
    Ok(uci)
}

/// A principal variation in XBoard notation: each move is converted in the position it
/// is played in.
pub fn pv_to_xboard(game: &Game, pv: &[String]) -> String {
    let mut g = game.clone();
    let mut out = Vec::with_capacity(pv.len());
    for m in pv {
        out.push(to_xboard(&g, m));
        if g.play_uci(m).is_err() {
            break;
        }
    }
    out.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_shift_only_on_ten_rank_boards() {
        assert_eq!(
            map_ranks("e1e10", |r| r.checked_sub(1)),
            Some("e0e9".to_string())
        );
        assert_eq!(
            map_ranks("e0e9q", |r| Some(r + 1)),
            Some("e1e10q".to_string())
        );
        assert_eq!(map_ranks("P@e4", |r| Some(r + 1)), Some("P@e5".to_string()));
        assert_eq!(map_ranks("a0", |r| r.checked_sub(1)), None);
        assert!(ranks_from_zero(10) && !ranks_from_zero(8) && !ranks_from_zero(12));
    }

    #[test]
    fn drops_on_ten_rank_boards_shift_both_ways() {
        let game = Game::by_name("grandhouse", None).unwrap();
        assert_eq!(to_xboard(&game, "P@e2"), "P@e1");
        assert_eq!(from_xboard(&game, "P@e1").unwrap(), "P@e2");
        let zh = Game::by_name("crazyhouse", None).unwrap();
        assert_eq!(from_xboard(&zh, "N@f7").unwrap(), "N@f7");
    }

    #[test]
    fn chess_moves_pass_through() {
        let game = Game::by_name("chess", None).unwrap();
        assert_eq!(to_xboard(&game, "e2e4"), "e2e4");
        assert_eq!(from_xboard(&game, "e2e4").unwrap(), "e2e4");
        assert_eq!(from_xboard(&game, "e7e8Q").unwrap(), "e7e8q");
        assert_eq!(from_xboard(&game, "e7e8=q").unwrap(), "e7e8q");
        assert_eq!(from_xboard(&game, "e2e4+").unwrap(), "e2e4");
    }

    #[test]
    fn shogi_style_promotions_keep_their_plus() {
        let game = Game::by_name("shogun", Some("4k3/1B6/8/8/8/8/8/4K3[] w - - 0 1")).unwrap();
        assert_eq!(to_xboard(&game, "b7c8+"), "b7c8+");
        assert_eq!(from_xboard(&game, "b7c8+").unwrap(), "b7c8+");
        assert_eq!(from_xboard(&game, "b7c8").unwrap(), "b7c8");
        // From the zone, a move out of it promotes too; where no promotion is legal
        // the `+` is a check mark.
        assert_eq!(from_xboard(&game, "b7h1+").unwrap(), "b7h1+");
        assert_eq!(from_xboard(&game, "e1d1+").unwrap(), "e1d1");
    }

    #[test]
    fn chess960_castling_is_o_o() {
        // King b1 between rooks a1 and h1: both castlings are legal.
        let fen = "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1";
        let game = Game::by_name("fischerandom", Some(fen)).unwrap();
        assert!(game.chess960());
        assert_eq!(to_xboard(&game, "b1h1"), "O-O");
        assert_eq!(to_xboard(&game, "b1a1"), "O-O-O");
        assert_eq!(from_xboard(&game, "O-O").unwrap(), "b1h1");
        assert_eq!(from_xboard(&game, "0-0-0").unwrap(), "b1a1");
        assert_eq!(to_xboard(&game, "a2a4"), "a2a4");
        let chess = Game::by_name("chess", None).unwrap();
        assert!(from_xboard(&chess, "O-O").is_err());
        assert_eq!(to_xboard(&chess, "e2e4"), "e2e4");
    }
}
