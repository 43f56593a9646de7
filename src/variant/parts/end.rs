//! End conditions: the rules that end a game from the position (and the move that led
//! to it: capture events), checked in one place (`Position::variant_end`) before any
//! move is generated; a position they end has no legal moves. Mate, stalemate and the draw rules that need the move list or
//! the history (repetition, the move rule) are decided in `position::outcome`.

use super::super::goal::{BothConnected, CaptureEvent, CheckMate};
use super::super::rules::{kinds_mask, RulesError};
use super::super::{Color, Variant};
use super::capture::CaptureRule;
use super::lines::LineRule;
use super::verdicts::VerdictCache;
use crate::board::{Bitboard, Geometry};

/// One end condition.
pub enum EndCondition<B> {
    /// A side that has lost every piece of some kind of `kinds` (a bit set; 0: all its
    /// pieces together) loses, or wins where `extinct_side_wins` (antichess).
    Extinction { kinds: u32, extinct_side_wins: bool },
    /// Both sides have lost every piece of some kind of `kinds` (a bit set): a draw,
    /// judged before [`EndCondition::Extinction`] (a secret bomb's blast that destroys
    /// both kings, rule book §5 AB4).
    MutualExtinction(u32),
    /// Extinction by counts (Fairy-Stockfish's extinction rule in full): a side with at
    /// most `count` pieces of a kind of `kinds` (0: all its pieces together) while the
    /// other side has at least `opponent_count` of it (one more against the side to
    /// move where `claim`) loses, or wins where `extinct_side_wins`. Shatranj's bare
    /// king: all pieces, 1, 2, claim (the bare king to move may still bare back).
    ExtinctionCount(ExtinctionCount),
    /// A side that has lost its piece of `kind` loses: the tafl king, which only
    /// `side` has.
    KingLost { kind: usize, side: Color },
    /// A piece of these kinds on its side's goal squares wins.
    Goal(GoalSquares<B>),
    /// The side that has given this many checks wins (1..=15).
    CheckLimit(u32),
    /// A draw with this many pieces or fewer on the board (both sides together).
    DrawAtPieces(u32),
    /// A side loses when one of the clauses holds for its material: every `(kinds,
    /// max)` term of it, at most `max` pieces of the kinds (a bit set) together.
    Material(Vec<Vec<(u32, u32)>>),
    /// The last move captured the last piece of its side of one of these classes (bit
    /// sets of kinds): the capturer wins (Twilight).
    CaptureLastOf(Vec<u32>),
    /// The last move captured a piece of the `victims` kinds that stood next to a piece
    /// of kind `leader` of its side: the capturer wins (Entourage).
    CaptureNextTo { leader: usize, victims: u32 },
    /// The side that has captured pieces of this many distinct kinds wins (Zoo).
    CapturedKinds(u32),
    /// Past this fullmove number `winner` wins, unless the side to move is checkmated
    /// (Spartan).
    MoveLimit { fullmove: u32, winner: Color },
    /// Per kind, when a check by it is already mate, judged on the checked side's legal
    /// moves at the start of its turn (Ultimate).
    CheckerMates(Vec<CheckMate>),
    /// A piece of `kinds` that arrived on the owner's relative `rank` with the owner's
    /// last move and still stands there wins at the owner's turn, unless the owner is
    /// mated (Glory). The pending arrival is in the key.
    Arrival { kinds: u32, rank: usize },
    /// A draw when the move clock, which counts plies since the last capture, reaches
    /// this many, unless the side to move has no legal move (Prop).
    CaptureClock(u32),
    /// The side to move is in check from a non-capturing last move whose checkers are
    /// all safe and supported: the mover wins (Triple Check; from the moves played).
    SafeSupportedCheck,
    /// The side to move has legal moves, all of them moves of its royal piece: it
    /// loses (Kingmaker's "forced to move the King").
    OnlyRoyalMoves,
    /// A side whose pieces of the two kinds stand in one quadrant has lost (the side
    /// to move first: Separation's joined monarchs).
    QuadrantsJoined([usize; 2]),
    /// A side whose pieces form one group of 8-neighbours wins (Lines of Action). If
    /// only the side to move is connected it wins; if both are, `both` decides
    /// (the side that just moved wins, or a draw).
    Connection(Connection<B>),
    /// The side that just moved has a line of its pieces (Fairy-Stockfish's `connectN`,
    /// `connectNxN`, `collinearN`): it gets the rule's value.
    Line(LineRule<B>),
    /// After a move played, the side to move could checkmate the mover with one move,
    /// or with two in a row (the first giving no check): the mover wins (Series
    /// Helpmate). A lookahead, cached by key (`EndConditions::verdicts`).
    SeriesMate,
    /// The side to move, not checkmated, wins when in the position before the last
    /// move the opponent had another legal move after which it would have had a mate
    /// in one (Blunder-Mate's claim). A lookahead, cached by the earlier position's key.
    BlunderMate,
    /// Bikjang: the royals faced each other on an open file before the last move and
    /// still do (the last move did not part them: a pass): the game ends, decided by
    /// points where the variant counts them, else drawn.
    RoyalsStillFace,
    /// The last two moves were passes: the game ends, decided by points where the
    /// variant counts them, else drawn.
    TwoPasses,
    /// No empty square is left: the game ends, decided by points where the variant
    /// counts them, else drawn (Fairy-Stockfish's `adjudicateFullBoard`).
    FullBoard,
    /// Castling with one of these rights wins; a side that has lost all of its rights
    /// among them otherwise loses, the side that just moved judged first
    /// (Fairy-Stockfish's `castlingWins`; bits as [`crate::variant::Castling::wins`]).
    CastlingWins(u8),
}

/// Compiled counted extinction rule (see [`EndCondition::ExtinctionCount`]).
pub struct ExtinctionCount {
    pub kinds: u32,
    pub count: u32,
    pub opponent_count: u32,
    pub claim: bool,
    pub extinct_side_wins: bool,
    /// Extinction is a draw (`extinctionValue = draw`).
    pub draws: bool,
}

/// Compiled connection goal: the rule for both sides connected at once, and per square
/// its (up to) eight neighbours, for the flood fill.
pub struct Connection<B> {
    pub both: BothConnected,
    pub around: Vec<B>,
}

impl<B: Bitboard> Connection<B> {
    /// Whether `pieces` (not empty) form one 8-connected group: a flood fill from one
    /// piece through the neighbour table, one lookup per piece reached.
    #[inline]
    pub fn connected(&self, pieces: B) -> bool {
        self.group_of(pieces.lsb(), pieces) == pieces
    }

    /// The group of `pieces` that holds the piece on `start`.
    #[inline]
    pub fn group_of(&self, start: usize, pieces: B) -> B {
        let mut reached = B::from_square(start);
        let mut frontier = reached;
        while frontier.any() {
            let mut next = B::EMPTY;
            for sq in frontier.squares() {
                next |= self.around[sq];
            }
            frontier = next & pieces & !reached;
            reached |= frontier;
        }
        reached
    }
}

/// Compiled goal rule (see [`crate::variant::Goal`]).
pub struct GoalSquares<B> {
    /// Bit set of the kinds that win by arriving.
    pub kinds: u32,
    /// Goal squares per colour.
    pub zones: [B; 2],
    /// When White arrives first, Black may answer by arriving too (a draw).
    pub second_player_replies: bool,
    /// Exactly `count` arrivals count only while no enemy piece attacks one of them
    /// (`Goal::safe`).
    pub safe: bool,
    /// Flag pieces needed on the goal squares together (`Goal::count`).
    pub count: u32,
    /// One arrival also wins once every goal square is occupied (`Goal::blocked_wins`).
    pub blocked_wins: bool,
    /// With `second_player_replies`, flag pieces that are not royal (Jeson Mor's
    /// knights, Alapo's pieces): as in Fairy-Stockfish, an arrival of either side then
    /// wins at that side's next turn, if the piece is still there (the other side may
    /// take it first), and with `safe` at once where no enemy piece attacks it. A royal
    /// flag piece keeps Racing Kings' rule: only Black answers, and only where it can
    /// arrive.
    pub wins_next_turn: bool,
}

/// A variant's end conditions, in the order they are checked.
pub struct EndConditions<B> {
    list: Vec<EndCondition<B>>,
    /// The check limit of the `CheckLimit` condition, if any: the position counts
    /// checks (in its key and FEN) only then.
    check_limit: Option<u32>,
    /// Whether the position keeps the kinds each side has captured (`CapturedKinds`).
    tracks_captured: bool,
    /// The fullmove limit, where the fullmove number is part of the key (`MoveLimit`).
    move_limit: Option<u32>,
    /// Whether a pending arrival is part of the key (`Arrival`).
    arrival: bool,
    /// Whether only captures reset the move clock (`CaptureClock`).
    capture_clock: bool,
    /// Any of `tracks_captured`, `move_limit`, `arrival`.
    position_state: bool,
    /// The checks each side may give, where the position counts them (the check limit,
    /// or a check budget).
    counted_checks: Option<u32>,
    /// Whether the position keeps a flag per side, "its last turn was a self-check"
    /// (Contravention), in the counters of `counted_checks` (they exclude each other).
    self_checks: bool,
    /// The lookahead conditions' answers, by key (empty until a lookahead runs).
    verdicts: VerdictCache,
}

impl<B: Bitboard> EndConditions<B> {
    /// The end conditions of `variant`, with the one its capture rule brings (the tafl
    /// king's loss).
    pub fn compile(
        variant: &Variant,
        geo: Geometry,
        capture: &CaptureRule<B>,
    ) -> Result<Self, RulesError> {
        let end = &variant.end;
        let mut list = Vec::new();
        // Pseudo-royal pieces are never captured, so their extinction is no rule
        // (Fairy-Stockfish), except where captures explode.
        let extinction = end
            .extinction
            .as_ref()
            .filter(|_| variant.pseudo_royalty.is_none() || variant.explosion.is_some());
        if let Some(e) = extinction {
            let kinds = kinds_mask(variant, &e.kinds)?;
            if variant.secret_bomb && kinds != 0 {
                list.push(EndCondition::MutualExtinction(kinds));
            }
            // Pieces in hand count against extinction, as in Fairy-Stockfish: in a game
            // with hands the counted arm (which adds them) decides even at count 0
            // (Anti-Minishogi: a side with no piece on the board but one in hand plays on).
            // A draw by extinction takes the counted form too, which says draws.
            let plain = e.count == 0 && e.opponent_count == 0 && !e.claim && !e.draws;
            list.push(if plain && variant.hands.is_none() {
                EndCondition::Extinction {
                    kinds,
                    extinct_side_wins: e.extinct_side_wins,
                }
            } else {
                EndCondition::ExtinctionCount(ExtinctionCount {
                    kinds,
                    count: e.count,
                    opponent_count: e.opponent_count,
                    claim: e.claim,
                    extinct_side_wins: e.extinct_side_wins,
                    draws: e.draws,
                })
            });
        }
        match capture {
            CaptureRule::Custodian(c) => list.push(EndCondition::KingLost {
                kind: c.king,
                side: c.king_side,
            }),
            CaptureRule::Replacement
            | CaptureRule::Explosion(_)
            | CaptureRule::Permitted(_)
            | CaptureRule::CrossRays
            | CaptureRule::Flip(_) => {}
        }
        if let Some(g) = &end.goal {
            if g.count == 0 {
                return Err(RulesError(format!(
                    "variant {}: flagPieceCount must be 1 or more",
                    variant.name
                )));
            }
            let mut zones = [B::EMPTY; 2];
            for (zone, names) in zones.iter_mut().zip(&g.squares) {
                for name in names {
                    let sq = geo.parse_square(name).ok_or_else(|| {
                        RulesError(format!(
                            "variant {}: goal square '{name}' is off the board",
                            variant.name
                        ))
                    })?;
                    *zone |= B::from_square(sq);
                }
            }
            let goal_kinds = kinds_mask(variant, &g.kinds)?;
            let wins_next_turn = g.second_player_replies
                && (0..variant.pieces.len())
                    .all(|k| goal_kinds >> k & 1 == 0 || !variant.pieces[k].royal);
            if g.second_player_replies
                && !wins_next_turn
                && (g.safe || g.count > 1 || g.blocked_wins)
            {
                return Err(RulesError(format!(
                    "variant {}: flagMove with a royal flag piece and flagPieceSafe, \
                     flagPieceCount or flagPieceBlockedWin is not implemented",
                    variant.name
                )));
            }
            list.push(EndCondition::Goal(GoalSquares {
                kinds: goal_kinds,
                zones,
                second_player_replies: g.second_player_replies,
                safe: g.safe,
                count: g.count,
                blocked_wins: g.blocked_wins,
                wins_next_turn,
            }));
        }
        if let Some(n) = end.check_limit {
            if n == 0 || n >= 16 {
                return Err(RulesError(format!(
                    "variant {}: check limit must be 1..15",
                    variant.name
                )));
            }
            list.push(EndCondition::CheckLimit(n));
        }
        if variant.draws.draw_at_pieces > 0 {
            list.push(EndCondition::DrawAtPieces(variant.draws.draw_at_pieces));
        }
        if let Some(wins) = variant
            .castling
            .as_ref()
            .map(|c| c.wins)
            .filter(|&w| w != 0)
        {
            list.push(EndCondition::CastlingWins(wins));
        }
        let goal = &variant.goal;
        if !goal.material_loss.is_empty() {
            let clauses = goal
                .material_loss
                .iter()
                .map(|c| {
                    c.iter()
                        .map(|t| Ok((kinds_mask(variant, &t.letters)?, t.max)))
                        .collect::<Result<Vec<_>, RulesError>>()
                })
                .collect::<Result<Vec<_>, _>>()?;
            list.push(EndCondition::Material(clauses));
        }
        for e in &goal.capture_events {
            list.push(match e {
                CaptureEvent::LastOfClass(classes) => EndCondition::CaptureLastOf(
                    classes
                        .iter()
                        .map(|c| kinds_mask(variant, c))
                        .collect::<Result<_, _>>()?,
                ),
                CaptureEvent::NextToLeader { leader, victims } => EndCondition::CaptureNextTo {
                    leader: kinds_mask(variant, &[*leader])?.trailing_zeros() as usize,
                    victims: kinds_mask(variant, victims)?,
                },
            });
        }
        let tracks_captured = goal.captured_kinds_win > 0;
        if tracks_captured {
            if variant.pieces.len() > 8 {
                return Err(RulesError(format!(
                    "variant {}: captured kinds are counted for at most 8 kinds",
                    variant.name
                )));
            }
            list.push(EndCondition::CapturedKinds(goal.captured_kinds_win));
        }
        if let Some((fullmove, winner)) = goal.move_limit {
            list.push(EndCondition::MoveLimit { fullmove, winner });
        }
        if !goal.check_mates.is_empty() {
            let mut per_kind = vec![CheckMate::Orthodox; variant.pieces.len()];
            for &(l, m) in &goal.check_mates {
                per_kind[kinds_mask(variant, &[l])?.trailing_zeros() as usize] = m;
            }
            list.push(EndCondition::CheckerMates(per_kind));
        }
        if let Some((l, rank)) = goal.arrival {
            if rank >= variant.ranks {
                return Err(RulesError(format!(
                    "variant {}: arrival rank {} is off the board",
                    variant.name,
                    rank + 1
                )));
            }
            list.push(EndCondition::Arrival {
                kinds: kinds_mask(variant, &[l])?,
                rank,
            });
        }
        if goal.supported_checks {
            list.push(EndCondition::SafeSupportedCheck);
        }
        if goal.check_budget > 0 && end.check_limit.is_some() {
            return Err(RulesError(format!(
                "variant {}: a check budget and a check limit together",
                variant.name
            )));
        }
        if goal.capture_clock > 0 {
            list.push(EndCondition::CaptureClock(goal.capture_clock));
        }
        if goal.royal_moves_only_lose {
            list.push(EndCondition::OnlyRoyalMoves);
        }
        if let Some([a, b]) = goal.quadrants_apart {
            let kind = |l| kinds_mask(variant, &[l]).map(|m| m.trailing_zeros() as usize);
            list.push(EndCondition::QuadrantsJoined([kind(a)?, kind(b)?]));
        }
        let self_checks = goal.self_check.is_some();
        if self_checks && (end.check_limit.is_some() || goal.check_budget > 0) {
            return Err(RulesError(format!(
                "variant {}: self-checks with a check limit or budget",
                variant.name
            )));
        }
        if let Some(both) = goal.connection {
            let around = (0..geo.squares())
                .map(|sq| {
                    let mut b = B::EMPTY;
                    for dx in -1..=1 {
                        for dy in -1..=1 {
                            if let Some(n) = geo.offset(sq, dx, dy).filter(|&n| n != sq) {
                                b |= B::from_square(n);
                            }
                        }
                    }
                    b
                })
                .collect();
            list.push(EndCondition::Connection(Connection { both, around }));
        }
        if end.lines.active() {
            // Letters naming no kind of the game count nothing, as in Fairy-Stockfish.
            let kinds = (!end.lines.kinds.is_empty()).then(|| {
                end.lines
                    .kinds
                    .iter()
                    .filter_map(|&l| variant.kind_by_letter(l))
                    .fold(0u32, |m, k| m | 1 << k)
            });
            list.push(EndCondition::Line(LineRule::compile(
                &end.lines, geo, kinds,
            )));
        }
        if goal.series_mate {
            list.push(EndCondition::SeriesMate);
        }
        if goal.blunder_mate {
            list.push(EndCondition::BlunderMate);
        }
        if variant.palace.bikjang {
            list.push(EndCondition::RoyalsStillFace);
        }
        if variant.draws.full_board_ends {
            list.push(EndCondition::FullBoard);
        }
        if variant.palace.passes_on_a_square() {
            list.push(EndCondition::TwoPasses);
        }
        Ok(EndConditions {
            position_state: tracks_captured
                || goal.move_limit.is_some()
                || goal.arrival.is_some()
                || self_checks,
            self_checks,
            counted_checks: end
                .check_limit
                .or((goal.check_budget > 0).then_some(goal.check_budget)),
            capture_clock: goal.capture_clock > 0,
            list,
            check_limit: end.check_limit,
            tracks_captured,
            move_limit: goal.move_limit.map(|l| l.0),
            arrival: goal.arrival.is_some(),
            verdicts: VerdictCache::default(),
        })
    }
}

impl<B> EndConditions<B> {
    /// Whether no condition can end the game from the position alone.
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    pub fn iter(&self) -> std::slice::Iter<'_, EndCondition<B>> {
        self.list.iter()
    }

    /// The check limit, where checks are counted.
    #[inline(always)]
    pub fn check_limit(&self) -> Option<u32> {
        self.check_limit
    }

    /// Whether the position keeps the kinds each side has captured.
    #[inline(always)]
    pub fn tracks_captured(&self) -> bool {
        self.tracks_captured
    }

    /// The fullmove limit, where the fullmove number is part of the key.
    #[inline(always)]
    pub fn move_limit(&self) -> Option<u32> {
        self.move_limit
    }

    /// Where the position counts checks (in its key and FEN, `3+3` = checks left): the
    /// check limit or the check budget.
    #[inline(always)]
    pub fn counted_checks(&self) -> Option<u32> {
        self.counted_checks
    }

    /// The cache of the lookahead conditions' verdicts.
    #[inline(always)]
    pub fn verdicts(&self) -> &VerdictCache {
        &self.verdicts
    }

    /// Whether the position keeps the per-side self-check flags (`0+0` in the FEN).
    #[inline(always)]
    pub fn self_checks(&self) -> bool {
        self.self_checks
    }

    /// Whether the position keeps goal-rule state that moves update (captured kinds,
    /// the fullmove number in the key, a pending arrival).
    #[inline(always)]
    pub fn position_state(&self) -> bool {
        self.position_state
    }

    /// Whether only captures reset the move clock.
    #[inline(always)]
    pub fn capture_clock(&self) -> bool {
        self.capture_clock
    }

    /// The arrival rule, where a pending arrival is part of the key: (kinds, rank).
    pub fn arrival(&self) -> Option<(u32, usize)> {
        if !self.arrival {
            return None;
        }
        self.list.iter().find_map(|c| match *c {
            EndCondition::Arrival { kinds, rank } => Some((kinds, rank)),
            _ => None,
        })
    }

    /// Whether a condition reads the last move (a capture event): the verdict then
    /// comes from `position ... moves`, never from a FEN alone.
    pub fn reads_last_move(&self) -> bool {
        self.list.iter().any(|c| {
            matches!(
                c,
                EndCondition::CaptureLastOf(_)
                    | EndCondition::CaptureNextTo { .. }
                    | EndCondition::SeriesMate
                    | EndCondition::BlunderMate
                    | EndCondition::RoyalsStillFace
                    | EndCondition::TwoPasses
            )
        })
    }

    /// The connection goal, if any (a position where a side has no piece cannot arise
    /// under it).
    pub fn connection(&self) -> Option<&Connection<B>> {
        self.list.iter().find_map(|c| match c {
            EndCondition::Connection(c) => Some(c),
            _ => None,
        })
    }

    /// The goal rule, if any.
    pub fn goal(&self) -> Option<&GoalSquares<B>> {
        self.list.iter().find_map(|c| match c {
            EndCondition::Goal(g) => Some(g),
            _ => None,
        })
    }

    /// The extinction rule, if any: (kinds, whether the extinct side wins).
    pub fn extinction(&self) -> Option<(u32, bool)> {
        self.list.iter().find_map(|c| match *c {
            EndCondition::Extinction {
                kinds,
                extinct_side_wins,
            } => Some((kinds, extinct_side_wins)),
            _ => None,
        })
    }
}
