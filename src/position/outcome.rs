//! The end of a game, decided in one place from the variant's rules: checkmate,
//! stalemate (draw, win or loss by the variant's data), the n-move rule, Makruk's
//! counting rule, n-fold repetition and insufficient material.

use super::mate_rule::ShatarMate;
use super::{kind_of, Move, MoveKind, Position, NO_PIECE};
use crate::board::{Bitboard, Square};
use crate::variant::goal::{BothConnected, CheckMate};
use crate::variant::kind_bits::kinds_in;
use crate::variant::parts::{EndCondition, GoalSquares, NoMoveRule};
use crate::variant::{Color, LineValue, RepetitionValue, StalemateResult, BLACK, WHITE};
use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    Win(Color),
    Draw,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndReason {
    Checkmate,
    /// The side to move is checkmated and wins (`checkmateValue = win`: Misère).
    CheckmatedWins,
    /// Checkmated by a drop that may not mate (Shogi's pawn-drop mate): the mated
    /// side wins.
    DropMate,
    Stalemate,
    MoveRule,
    Repetition,
    InsufficientMaterial,
    /// A side lost every piece of a kind (or all its pieces) that the variant counts.
    Extinction,
    /// A piece reached its goal squares (king of the hill, racing kings).
    Goal,
    /// The check limit was reached (three-check).
    CheckLimit,
    /// Too few pieces left on the board to play on (the variant's piece-count draw).
    FewPieces,
    /// A repetition in which one side checked with every move: that side loses.
    PerpetualCheck,
    /// The tafl king was captured.
    KingCaptured,
    /// A side's material met the variant's losing condition (no rook, no knights...).
    Material,
    /// A capture the variant makes decisive (the last of a class, a piece next to its
    /// king, the kinds captured).
    CaptureGoal,
    /// The move limit passed (Spartan).
    MoveLimit,
    /// The side to move could only make captures the variant forbids (Society).
    ForbiddenCapture,
    /// The side to move could only move its royal piece (Kingmaker).
    OnlyRoyalMoves,
    /// A side's pieces form one connected group (Lines of Action); a draw when both
    /// sides connected at once under the draw form of the rule.
    Connection,
    /// The last mover made a line of its pieces (`connectN`, `connectNxN`,
    /// `collinearN`): a win or a loss for it, or a draw, by the variant's value.
    Line,
    /// The count of the counting rule passed its limit (Makruk).
    Counting,
    /// A side castled with a right that wins, or lost every such right it had
    /// (`castlingWins`).
    Castling,
    /// A checkmate after a run of checks without one by a knight, rook or bers
    /// (`shatarMateRule`): a draw.
    MateWithoutShak,
    /// A checkmate by knights alone, which `shatarMateRule` forbids: the mated side
    /// wins.
    KnightMate,
    /// The side to move could have mated the last mover in one move or two in a row:
    /// the last mover wins (Series Helpmate).
    SeriesMate,
    /// The opponent's last move was not its only move allowing a mate in one: the
    /// side to move wins (Blunder-Mate).
    BlunderMate,
    /// The royals faced each other on an open file before the last move and still
    /// do (bikjang): drawn, or decided by points.
    Bikjang,
    /// Two passes in a row: drawn, or decided by points.
    TwoPasses,
    /// No empty square is left (Fairy-Stockfish's `adjudicateFullBoard`).
    FullBoard,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub result: GameResult,
    pub reason: EndReason,
}

impl Outcome {
    /// PGN-style score: `1-0`, `0-1` or `1/2-1/2`.
    pub fn score(&self) -> &'static str {
        match self.result {
            GameResult::Win(WHITE) => "1-0",
            GameResult::Win(_) => "0-1",
            GameResult::Draw => "1/2-1/2",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match (self.reason, self.result) {
            (EndReason::Checkmate, GameResult::Win(c)) => format!("{} mates", c.name()),
            (EndReason::CheckmatedWins, GameResult::Win(c)) => {
                format!("{} is checkmated and wins", c.name())
            }
            (EndReason::DropMate, GameResult::Win(c)) => {
                format!("{} wins: mate by a forbidden drop", c.name())
            }
            (EndReason::Stalemate, GameResult::Win(c)) => format!("{} wins by stalemate", c.name()),
            (EndReason::Stalemate, _) => "Stalemate".to_string(),
            (EndReason::MoveRule, GameResult::Win(c)) => {
                format!("{} wins on points at the move rule", c.name())
            }
            (EndReason::MoveRule, _) => "Draw by the move rule".to_string(),
            (EndReason::Counting, _) => "Draw by the counting rule".to_string(),
            (EndReason::MateWithoutShak, _) => "Draw: a checkmate without a shak".to_string(),
            (EndReason::KnightMate, GameResult::Win(c)) => {
                format!("{} wins: mate by knights alone", c.name())
            }
            (EndReason::Repetition, GameResult::Win(c)) => {
                format!("{} wins at the repetition", c.name())
            }
            (EndReason::Repetition, _) => "Draw by repetition".to_string(),
            (EndReason::InsufficientMaterial, _) => "Draw by insufficient material".to_string(),
            (EndReason::Extinction, GameResult::Win(c)) => {
                format!("{} wins by extinction", c.name())
            }
            (EndReason::Extinction, GameResult::Draw) => "Draw: both sides extinct".to_string(),
            (EndReason::Goal, GameResult::Win(c)) => format!("{} reaches the goal", c.name()),
            (EndReason::CheckLimit, GameResult::Win(c)) => format!("{} wins by checks", c.name()),
            (EndReason::FewPieces, _) => "Draw by too few pieces".to_string(),
            (EndReason::KingCaptured, GameResult::Win(c)) => {
                format!("{} captures the king", c.name())
            }
            (EndReason::Material, GameResult::Win(c)) => {
                format!("{} wins on material", c.name())
            }
            (EndReason::CaptureGoal, GameResult::Win(c)) => {
                format!("{} wins by a decisive capture", c.name())
            }
            (EndReason::MoveLimit, GameResult::Win(c)) => {
                format!("{} wins at the move limit", c.name())
            }
            (EndReason::ForbiddenCapture, GameResult::Win(c)) => {
                format!("{} wins: only forbidden captures were left", c.name())
            }
            (EndReason::OnlyRoyalMoves, GameResult::Win(c)) => {
                format!("{} wins: only king moves were left", c.name())
            }
            (EndReason::Connection, GameResult::Win(c)) => {
                format!("{} connects its pieces", c.name())
            }
            (EndReason::Connection, GameResult::Draw) => "Both sides connected".to_string(),
            (EndReason::Line, GameResult::Win(c)) => {
                format!("{} wins by the line rule", c.name())
            }
            (EndReason::Line, GameResult::Draw) => "Draw by the line rule".to_string(),
            (EndReason::SeriesMate, GameResult::Win(c)) => {
                format!("{} wins: a series mate was open", c.name())
            }
            (EndReason::BlunderMate, GameResult::Win(c)) => {
                format!("{} wins by blunder-mate", c.name())
            }
            (EndReason::Bikjang, GameResult::Win(c)) => {
                format!("{} wins on points after bikjang", c.name())
            }
            (EndReason::Bikjang, GameResult::Draw) => "Draw by bikjang".to_string(),
            (EndReason::Castling, GameResult::Win(c)) => {
                format!("{} wins by the castling rule", c.name())
            }
            (EndReason::TwoPasses, GameResult::Win(c)) => {
                format!("{} wins on points after two passes", c.name())
            }
            (EndReason::TwoPasses, GameResult::Draw) => "Draw: both sides passed".to_string(),
            (EndReason::FullBoard, GameResult::Win(c)) => {
                format!("{} has more pieces on the full board", c.name())
            }
            (EndReason::FullBoard, GameResult::Draw) => "Draw: the board is full".to_string(),
            (EndReason::PerpetualCheck, GameResult::Win(c)) => {
                format!("{} wins: perpetual check by {}", c.name(), (!c).name())
            }
            (reason, result) => format!("{reason:?} {result:?}"),
        };
        write!(f, "{} {{{}}}", self.score(), text)
    }
}

impl<B: Bitboard> Position<B> {
    /// The game's end in this position, if it has ended. A mate or stalemate on the
    /// move that also completes the move rule counts as mate or stalemate.
    pub fn outcome(&self) -> Option<Outcome> {
        let mut o = self.outcome_by_rules()?;
        // Counted points decide the endings that are otherwise drawn (Janggi); a
        // stalemate, where the pass is allowed, cannot happen.
        if o.result == GameResult::Draw
            && matches!(o.reason, EndReason::MoveRule | EndReason::Repetition)
        {
            if let Some(r) = self.points_result() {
                o.result = r;
            }
        }
        // A variant where every drawn ending is a win for one side (Spartan).
        Some(match (o.result, self.rules.variant.goal.draws_win_for) {
            (GameResult::Draw, Some(c)) => Outcome {
                result: GameResult::Win(c),
                ..o
            },
            _ => o,
        })
    }

    /// [`Position::outcome`] before draws are turned into wins.
    fn outcome_by_rules(&self) -> Option<Outcome> {
        if let Some(o) = self.variant_end() {
            return Some(o);
        }
        let us = self.side;
        let draws = &self.rules.variant.draws;
        if self.legal_moves().is_empty() {
            let end = |result, reason| Some(Outcome { result, reason });
            // A mated royal whose mate wins (Counselor's queen) decides first.
            if let Some(k) = self.rules.filters.mated_royal_wins() {
                if self.second_royal_attacked(k, us) {
                    return end(GameResult::Win(us), EndReason::CheckmatedWins);
                }
            }
            if self.in_check() || self.in_extra_check() {
                if draws.checkmate_wins {
                    return end(GameResult::Win(us), EndReason::CheckmatedWins);
                }
                if self.mated_by_forbidden_drop() {
                    return end(GameResult::Win(us), EndReason::DropMate);
                }
                if self.rules.variant.shatar_mate_rule {
                    match self.shatar_mate() {
                        ShatarMate::Wins => {}
                        ShatarMate::ByKnights => {
                            return end(GameResult::Win(us), EndReason::KnightMate)
                        }
                        ShatarMate::WithoutShak => {
                            return end(GameResult::Draw, EndReason::MateWithoutShak)
                        }
                    }
                }
                return end(GameResult::Win(!us), EndReason::Checkmate);
            }
            match self.rules.no_move {
                // A side not in check that may pass has the pass: the list is empty
                // only in check (mate above) or for a side without the pass.
                NoMoveRule::Stalemate | NoMoveRule::Pass => {}
                NoMoveRule::ForbiddenCaptureLoses => {
                    if self.has_forbidden_capture() {
                        return end(GameResult::Win(!us), EndReason::ForbiddenCapture);
                    }
                }
                NoMoveRule::IllegalChecksLose => {
                    if self.with_copy(|p| p.fide_legal_exists()) {
                        return end(GameResult::Win(!us), EndReason::ForbiddenCapture);
                    }
                }
                NoMoveRule::QuadrantRuleLoses => {
                    if self.with_copy(|p| p.quadrant_rule_only_bar()) {
                        return end(GameResult::Win(!us), EndReason::ForbiddenCapture);
                    }
                }
            }
            let result = match draws.stalemate {
                StalemateResult::Draw => GameResult::Draw,
                StalemateResult::Win => GameResult::Win(us),
                StalemateResult::Loss => GameResult::Win(!us),
                StalemateResult::FewerPieces | StalemateResult::MorePieces => {
                    let (mut mine, mut theirs) =
                        (self.by_color[us].count(), self.by_color[!us].count());
                    if draws.stalemate == StalemateResult::MorePieces {
                        std::mem::swap(&mut mine, &mut theirs);
                    }
                    match mine.cmp(&theirs) {
                        std::cmp::Ordering::Less => GameResult::Win(us),
                        std::cmp::Ordering::Greater => GameResult::Win(!us),
                        std::cmp::Ordering::Equal => GameResult::Draw,
                    }
                }
            };
            return end(result, EndReason::Stalemate);
        }
        let draw = |reason| {
            Some(Outcome {
                result: GameResult::Draw,
                reason,
            })
        };
        if draws.move_rule_plies > 0 && self.halfmove >= draws.move_rule_plies {
            return draw(EndReason::MoveRule);
        }
        if self.count_expired() {
            return draw(EndReason::Counting);
        }
        if draws.repetition > 1 && self.repetitions() + 1 >= draws.repetition as usize {
            if draws.perpetual_check_loses {
                if let Some(checker) = self.perpetual_checker() {
                    return Some(Outcome {
                        result: GameResult::Win(!checker),
                        reason: EndReason::PerpetualCheck,
                    });
                }
            }
            let winner = match draws.repetition_value {
                RepetitionValue::Draw => return draw(EndReason::Repetition),
                RepetitionValue::Win => us,
                RepetitionValue::Loss => !us,
                RepetitionValue::WhiteWins => WHITE,
                RepetitionValue::WhiteLoses => BLACK,
            };
            return Some(Outcome {
                result: GameResult::Win(winner),
                reason: EndReason::Repetition,
            });
        }
        if draws.insufficient_material && self.insufficient_material() {
            return draw(EndReason::InsufficientMaterial);
        }
        None
    }

    /// A game end decided by the position alone (extinction, a goal reached, the
    /// check limit), before any move generation: such a position has no legal moves.
    /// The variant's end conditions are tried in order; the first that ends the game
    /// decides.
    #[inline]
    pub fn variant_end(&self) -> Option<Outcome> {
        if self.rules.end.is_empty() {
            return None;
        }
        self.first_end()
    }

    /// The first of the variant's end conditions that ends the game here. Out of line,
    /// so that a variant without any does not enter its frame (the search asks at
    /// every node).
    #[inline(never)]
    fn first_end(&self) -> Option<Outcome> {
        self.rules.end.iter().find_map(|c| self.ended_by(c))
    }

    /// Whether one end condition ends the game here, and how.
    fn ended_by(&self, condition: &EndCondition<B>) -> Option<Outcome> {
        let win = |c: Color, reason| {
            Some(Outcome {
                result: GameResult::Win(c),
                reason,
            })
        };
        let draw = |reason| {
            Some(Outcome {
                result: GameResult::Draw,
                reason,
            })
        };
        // The side that just moved first: its achievement came last.
        let order = [!self.side, self.side];
        match condition {
            &EndCondition::CastlingWins(wins) => {
                let geo = self.rules.geo;
                if let Some((mv, _, _)) = self.last_move_pieces() {
                    let side = usize::from(geo.file_of(mv.to()) < geo.file_of(mv.from()));
                    let right = 2 * (!self.side).index() + side;
                    if mv.kind() == MoveKind::Castle && wins >> right & 1 != 0 {
                        return win(!self.side, EndReason::Castling);
                    }
                }
                let own = |c: Color| wins & 0b11 << (2 * c.index());
                order
                    .into_iter()
                    .find(|&c| own(c) != 0 && self.castling & own(c) == 0)
                    .and_then(|c| win(!c, EndReason::Castling))
            }
            EndCondition::Connection(c) => {
                let (mover, us) = (!self.side, self.side);
                let connected = |side: Color| {
                    let pieces = self.by_color[side];
                    pieces.any() && c.connected(pieces)
                };
                match (connected(mover), connected(us)) {
                    (true, true) => match c.both {
                        BothConnected::MoverWins => win(mover, EndReason::Connection),
                        BothConnected::Draw => draw(EndReason::Connection),
                    },
                    (true, false) => win(mover, EndReason::Connection),
                    (false, true) => win(us, EndReason::Connection),
                    (false, false) => None,
                }
            }
            EndCondition::Line(l) => {
                // Only the mover's line counts, as in Fairy-Stockfish.
                let mover = !self.side;
                let pieces = match l.kinds {
                    None => self.by_color[mover],
                    Some(k) => self.by_color[mover] & self.kinds_set(k),
                };
                if !l.made_by(pieces) {
                    return None;
                }
                match l.value {
                    LineValue::Win => win(mover, EndReason::Line),
                    LineValue::Loss => win(!mover, EndReason::Line),
                    LineValue::Draw => draw(EndReason::Line),
                }
            }
            &EndCondition::MutualExtinction(kinds) => {
                if Color::both()
                    .into_iter()
                    .all(|c| self.some_kind_missing(kinds, c))
                {
                    return draw(EndReason::Extinction);
                }
                None
            }
            &EndCondition::Extinction {
                kinds,
                extinct_side_wins,
            } => {
                for c in order {
                    let extinct = if kinds == 0 {
                        self.by_color[c].is_empty()
                    } else {
                        self.some_kind_missing(kinds, c)
                    };
                    if extinct {
                        let winner = if extinct_side_wins { c } else { !c };
                        return win(winner, EndReason::Extinction);
                    }
                }
                None
            }
            EndCondition::ExtinctionCount(x) => {
                // Fairy-Stockfish's order: the side that just moved first, each kind;
                // pieces in hand count as Fairy-Stockfish counts them.
                let in_hand = |c: Color| self.hand[c].iter().map(|&n| u32::from(n)).sum::<u32>();
                for c in order {
                    let need = x.opponent_count + u32::from(x.claim && c == self.side);
                    let extinct = |have: u32, other: u32| have <= x.count && other >= need;
                    let hit = if x.kinds == 0 {
                        extinct(
                            self.by_color[c].count() + in_hand(c),
                            self.by_color[!c].count() + in_hand(!c),
                        )
                    } else {
                        kinds_in(x.kinds).any(|k| {
                            let n = |s: Color| {
                                self.pieces_of(k, s).count() + u32::from(self.hand[s][k])
                            };
                            extinct(n(c), n(!c))
                        })
                    };
                    if hit {
                        if x.draws {
                            return draw(EndReason::Extinction);
                        }
                        let winner = if x.extinct_side_wins { c } else { !c };
                        return win(winner, EndReason::Extinction);
                    }
                }
                None
            }
            &EndCondition::KingLost { kind, side } => {
                if self.pieces_of(kind, side).is_empty() {
                    return win(!side, EndReason::KingCaptured);
                }
                None
            }
            EndCondition::Goal(g) => {
                let (mover, us) = (!self.side, self.side);
                if g.wins_next_turn {
                    // An arrival that survived the other side's reply wins; with
                    // `safe`, one that no enemy piece attacks wins at once.
                    if self.goal_reached(g, us) {
                        return win(us, EndReason::Goal);
                    }
                    if g.safe && self.goal_reached(g, mover) && self.goal_safe(g, mover) {
                        return win(mover, EndReason::Goal);
                    }
                    return None;
                }
                if g.safe {
                    // Both sides are judged: an arrival under attack waits (the try
                    // rule), and wins at a later turn once the attack is gone.
                    let arrived = |c: Color| self.goal_reached(g, c) && self.goal_safe(g, c);
                    return match (arrived(mover), arrived(us)) {
                        (true, true) => draw(EndReason::Goal),
                        (true, false) => win(mover, EndReason::Goal),
                        (false, true) => win(us, EndReason::Goal),
                        (false, false) => None,
                    };
                }
                if !g.second_player_replies {
                    // Only the side that just moved is judged, as in Fairy-Stockfish:
                    // the other side's move may complete its goal (filling the last
                    // goal square of a blocked win), which counts after its own move.
                    return if self.goal_reached(g, mover) {
                        win(mover, EndReason::Goal)
                    } else {
                        None
                    };
                }
                match (self.goal_reached(g, mover), self.goal_reached(g, us)) {
                    (true, true) => draw(EndReason::Goal),
                    // The second player may answer the first player's arrival by
                    // arriving too (a draw); the game goes on while that is possible.
                    (true, false)
                        if mover == WHITE && self.can_reach_goal(g.kinds, g.zones[us]) =>
                    {
                        None
                    }
                    (true, false) => win(mover, EndReason::Goal),
                    (false, true) => win(us, EndReason::Goal),
                    (false, false) => None,
                }
            }
            &EndCondition::CheckLimit(limit) => {
                for c in order {
                    if self.checks_given[c] as u32 >= limit {
                        return win(c, EndReason::CheckLimit);
                    }
                }
                None
            }
            &EndCondition::DrawAtPieces(n) => {
                if self.occupied().count() <= n {
                    return draw(EndReason::FewPieces);
                }
                None
            }
            // The side to move first: with legal play only it can have lost material
            // (the mover's captures take none of its own), and in a set-up position
            // where both sides meet a clause it is the loser (the other side captured
            // last).
            EndCondition::Material(clauses) => {
                for c in [self.side, !self.side] {
                    let holds = |clause: &Vec<(u32, u32)>| {
                        clause.iter().all(|&(kinds, max)| {
                            (self.kinds_set(kinds) & self.by_color[c]).count() <= max
                        })
                    };
                    if clauses.iter().any(holds) {
                        return win(!c, EndReason::Material);
                    }
                }
                None
            }
            EndCondition::CaptureLastOf(classes) => {
                let (kind, _) = self.last_capture()?;
                let victim_side = self.side;
                classes
                    .iter()
                    .find(|&&class| {
                        class >> kind & 1 != 0
                            && (self.kinds_set(class) & self.by_color[victim_side]).is_empty()
                    })
                    .and_then(|_| win(!victim_side, EndReason::CaptureGoal))
            }
            &EndCondition::CaptureNextTo { leader, victims } => {
                let (kind, at) = self.last_capture()?;
                if victims >> kind & 1 == 0 {
                    return None;
                }
                let geo = self.rules.geo;
                let next_to = self.pieces_of(leader, self.side).squares().any(|l| {
                    geo.file_of(l).abs_diff(geo.file_of(at)) <= 1
                        && geo.rank_of(l).abs_diff(geo.rank_of(at)) <= 1
                });
                if next_to {
                    return win(!self.side, EndReason::CaptureGoal);
                }
                None
            }
            &EndCondition::CapturedKinds(n) => {
                for c in order {
                    if self.captured_kinds[c].count_ones() >= n {
                        return win(c, EndReason::CaptureGoal);
                    }
                }
                None
            }
            &EndCondition::MoveLimit { fullmove, winner } => {
                if self.fullmove <= fullmove {
                    return None;
                }
                // A mate on the last allowed move stands: mate is decided by
                // `outcome` from the empty move list.
                if self.in_check() && self.no_move_ignoring_end() {
                    return None;
                }
                win(winner, EndReason::MoveLimit)
            }
            EndCondition::CheckerMates(per_kind) => self.checker_mates(per_kind),
            EndCondition::SafeSupportedCheck => {
                if self.lost_to_safe_supported_check() {
                    return win(!self.side, EndReason::CheckLimit);
                }
                None
            }
            &EndCondition::QuadrantsJoined(kinds) => {
                for c in [self.side, !self.side] {
                    if self.in_one_quadrant(kinds, c) {
                        return win(!c, EndReason::Material);
                    }
                }
                None
            }
            EndCondition::OnlyRoyalMoves => {
                if !self.only_royal_moves()? {
                    return None;
                }
                win(!self.side, EndReason::OnlyRoyalMoves)
            }
            &EndCondition::CaptureClock(n) => {
                if self.halfmove < n {
                    return None;
                }
                // Having no legal move loses first.
                if self.no_move_ignoring_end() {
                    return None;
                }
                draw(EndReason::MoveRule)
            }
            EndCondition::SeriesMate => {
                if self.series_mate_open()? {
                    return win(!self.side, EndReason::SeriesMate);
                }
                None
            }
            EndCondition::BlunderMate => {
                if self.blunder_mate_claim()? {
                    return win(self.side, EndReason::BlunderMate);
                }
                None
            }
            EndCondition::RoyalsStillFace => self.royals_still_face().then(|| Outcome {
                result: self.points_result().unwrap_or(GameResult::Draw),
                reason: EndReason::Bikjang,
            }),
            EndCondition::FullBoard => {
                (self.landable & !self.occupied())
                    .is_empty()
                    .then(|| Outcome {
                        result: self.points_result().unwrap_or(GameResult::Draw),
                        reason: EndReason::FullBoard,
                    })
            }
            EndCondition::TwoPasses => self.two_passes().then(|| Outcome {
                result: self.points_result().unwrap_or(GameResult::Draw),
                reason: EndReason::TwoPasses,
            }),
            EndCondition::Arrival { .. } => {
                self.surviving_arrival()?;
                // Only a checkmate comes first.
                if self.in_check() && self.no_move_ignoring_end() {
                    return None;
                }
                win(self.side, EndReason::Goal)
            }
        }
    }

    // The end conditions that generate moves do it out of line, each in a function of
    // its own: `ended_by` runs at every search node, and a move list and a position copy
    // in its own frame would be stack that every thread touches at every node, for
    // every variant (docs/reliability.md, "Memory").

    /// Whether the side to move has no legal move, the game's end rules aside.
    #[inline(never)]
    fn no_move_ignoring_end(&self) -> bool {
        let mut list = crate::position::MoveList::new();
        self.with_copy(|p| p.generate_ignoring_end(&mut list));
        list.is_empty()
    }

    /// Whether the side to move, having legal moves, can move only its royal piece
    /// (`None` without one).
    #[inline(never)]
    fn only_royal_moves(&self) -> Option<bool> {
        let ksq = self.royal_square(self.side)?;
        let mut list = crate::position::MoveList::new();
        self.with_copy(|p| p.generate_ignoring_end(&mut list));
        let moves = list.as_slice();
        Some(!moves.is_empty() && moves.iter().all(|m| m.from() == ksq))
    }

    /// `EndCondition::CheckerMates`: the side to move is mated by the rule of one of
    /// its checkers' kinds.
    #[inline(never)]
    fn checker_mates(&self, per_kind: &[CheckMate]) -> Option<Outcome> {
        let us = self.side;
        let ksq = self.royal_square(us)?;
        let checkers = self.attackers(ksq, !us, self.occupied());
        if checkers.is_empty() {
            return None;
        }
        let mut list = crate::position::MoveList::new();
        self.with_copy(|p| p.generate_ignoring_end(&mut list));
        let replies = list.as_slice();
        let royal_moves = || replies.iter().all(|m| m.from() == ksq);
        let geo = self.rules.geo;
        let mated = checkers
            .squares()
            .any(|c| match per_kind[kind_of(self.board[c])] {
                CheckMate::Orthodox => false,
                CheckMate::Always => true,
                CheckMate::OneReply => replies.len() == 1,
                CheckMate::RoyalMovesNotTaking => {
                    royal_moves() && replies.iter().all(|m| m.to() != c)
                }
                CheckMate::RoyalMovesIsolated => {
                    let own = self.by_color[us] & !B::from_square(ksq);
                    royal_moves()
                        && replies.iter().all(|m| {
                            own.squares().all(|o| {
                                geo.file_of(o).abs_diff(geo.file_of(m.to())) > 1
                                    || geo.rank_of(o).abs_diff(geo.rank_of(m.to())) > 1
                            })
                        })
                }
                CheckMate::OneQuietRoyalReply => {
                    replies.len() == 1 && replies[0].from() == ksq && !self.is_capture(replies[0])
                }
            });
        if mated {
            return Some(Outcome {
                result: GameResult::Win(!us),
                reason: EndReason::Checkmate,
            });
        }
        None
    }

    /// The kind and square of the piece the last move captured, if it captured (from
    /// the moves played since the position was set up: a FEN alone has no last move).
    fn last_capture(&self) -> Option<(usize, Square)> {
        let undo = self.history.last()?;
        if undo.captured == NO_PIECE {
            return None;
        }
        let at = if undo.mv.kind() == MoveKind::EnPassant {
            self.ep_victim(undo.mv.to(), !self.side)?
        } else {
            undo.mv.to()
        };
        Some((kind_of(undo.captured), at))
    }

    /// Whether the side to move has a capture that the capture permissions forbid and
    /// that would otherwise be legal (its royal piece not left attacked).
    fn has_forbidden_capture(&self) -> bool {
        let us = self.side;
        let occ = self.occupied();
        self.with_copy(|scratch| {
            for to in self.by_color[!us].squares() {
                let victim = kind_of(self.board[to]);
                for from in self.attackers(to, us, occ).squares() {
                    let kind = kind_of(self.board[from]);
                    if self.rules.capture.victims(kind) >> victim & 1 != 0 {
                        continue;
                    }
                    scratch.make_move(Move::new(from, to, MoveKind::Normal));
                    let legal = !scratch.royal_attacked(us);
                    scratch.unmake_move();
                    if legal {
                        return true;
                    }
                }
            }
            false
        })
    }

    /// Whether `color` has no piece of some kind in the bit set `kinds`, on the board or
    /// in hand (a king still to be dropped in a set-up is not extinct, as in
    /// Fairy-Stockfish).
    #[inline(always)]
    fn some_kind_missing(&self, kinds: u32, color: Color) -> bool {
        kinds_in(kinds)
            .any(|kind| self.pieces_of(kind, color).is_empty() && self.hand_count(color, kind) == 0)
    }

    /// Whether the side to move has a legal move that puts a piece of `kinds` on `zone`.
    #[inline(never)]
    /// Whether `c` has reached its goal: `count` flag pieces on its goal squares, or
    /// with `blocked_wins` one there and every goal square occupied.
    fn goal_reached(&self, g: &GoalSquares<B>, c: Color) -> bool {
        let there = self.kinds_set(g.kinds) & self.by_color[c] & g.zones[c];
        there.any()
            && (there.count() >= g.count
                || g.blocked_wins && (g.zones[c] & !self.occupied()).is_empty())
    }

    /// Whether `c`'s arrival is safe (`flagPieceSafe`): exactly `count` flag pieces on
    /// its goal squares are while no enemy piece attacks one of them; more than
    /// `count` (one capture cannot take two) or fewer (a blocked win) are, as in
    /// pyffish 0.0.90.
    fn goal_safe(&self, g: &GoalSquares<B>, c: Color) -> bool {
        let there = self.kinds_set(g.kinds) & self.by_color[c] & g.zones[c];
        there.count() != g.count
            || there
                .squares()
                .all(|sq| self.attackers(sq, !c, self.occupied()).is_empty())
    }

    fn can_reach_goal(&self, kinds: u32, zone: B) -> bool {
        let us = self.side;
        self.with_copy(|scratch| {
            let mut list = crate::position::MoveList::new();
            scratch.generate_ignoring_end(&mut list);
            list.as_slice().iter().any(|&m| {
                scratch.make_move(m);
                let there = (scratch.kinds_set(kinds) & scratch.by_color[us] & zone).any();
                scratch.unmake_move();
                there
            })
        })
    }

    /// How many earlier positions of this game (since the last irreversible move)
    /// equal the current one.
    pub fn repetitions(&self) -> usize {
        // Same side to move: every second earlier position.
        self.previous_keys()
            .skip(1)
            .step_by(2)
            .filter(|&k| k == self.key)
            .count()
    }

    /// Neither side can ever mate (the FIDE dead positions the rule covers): no piece
    /// but royals and at most one minor piece, or only minor pieces that all move on one
    /// square colour and stand on the same colour.
    pub fn insufficient_material(&self) -> bool {
        if self.hand.iter().flatten().any(|&n| n != 0) {
            // A piece in hand can still be dropped.
            return false;
        }
        let rules = &*self.rules;
        // A piece in hand can still come in (Seirawan's gating).
        if self.hand.iter().flatten().any(|&n| n > 0) {
            return false;
        }
        let geo = rules.geo;
        let mut others = 0;
        let mut colors = [false; 2];
        let mut all_colorbound = true;
        for (k, kind) in rules.kinds.iter().enumerate() {
            if kind.royal {
                continue;
            }
            let pieces = self.by_kind[k] & (self.by_color[WHITE] | self.by_color[BLACK]);
            if pieces.is_empty() {
                continue;
            }
            if !kind.minor {
                return false;
            }
            all_colorbound &= kind.colorbound;
            for sq in pieces.squares() {
                others += 1;
                colors[(geo.file_of(sq) + geo.rank_of(sq)) % 2] = true;
            }
        }
        others <= 1 || (all_colorbound && !(colors[0] && colors[1]))
    }
}
