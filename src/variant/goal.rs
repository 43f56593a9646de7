//! Goal rules: the data of the rules that change how a game is won, what may capture
//! and how a piece's movement follows the position (seed 002's GOAL variants, rule book
//! `GOAL-VARIANTS.md`). Plain data on the [`Variant`](super::Variant), read from
//! `protean...` keys by the ini loader and written back by its writer; the rule parts
//! under [`super::parts`] compile it. Every field's default is "off", so a variant that
//! sets none of them is unchanged.

use super::Color;

/// One term of a material clause: the side has at most `max` pieces of the kinds
/// `letters` together.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MaterialTerm {
    pub letters: Vec<char>,
    pub max: u32,
}

/// A capture event that wins for the capturer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CaptureEvent {
    /// The capture removed the last piece of the victim's side of one of these classes
    /// (kinds taken together): Twilight's last pawn, last minor, last major.
    LastOfClass(Vec<Vec<char>>),
    /// The capture took a piece of one of the `victims` kinds that stood next to (the
    /// eight squares around) a piece of kind `leader` of its own side: Entourage.
    NextToLeader { leader: char, victims: Vec<char> },
}

/// How a piece of a [`PairMoves`] pair moves in one situation: a subset of the kind's
/// Betza moves, picked by the vector of the move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reach {
    /// Along a rank, file or diagonal (a queen's move).
    Line,
    /// A knight's leap.
    Knight,
    /// One square in any direction (a king's step).
    Step,
}

/// Two kinds of one side whose movement depends on each other (Dynastic's monarchs):
/// next to each other, apart, or one of them alone on the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairMoves {
    pub letters: [char; 2],
    pub together: Reach,
    pub apart: Reach,
    pub alone: Reach,
}

/// When a check by a kind is already mate (Ultimate), judged on the checked side's legal
/// replies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CheckMate {
    /// Only an orthodox mate (no legal reply).
    Orthodox,
    /// Always.
    Always,
    /// When the checked side has exactly one legal reply.
    OneReply,
    /// When every legal reply is a royal move and none takes the checker.
    RoyalMovesNotTaking,
    /// When every legal reply is a royal move to a square with no unit of its own side
    /// next to it.
    RoyalMovesIsolated,
    /// When the checked side has exactly one legal reply and it is a royal move that
    /// captures nothing (Submission).
    OneQuietRoyalReply,
}

/// The goal rules of a variant (see the module comment).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GoalRules {
    /// A side loses when one of these clauses holds for its material (every term of
    /// the clause): `n<=0 | k<=0 n<=1` (Junta).
    pub material_loss: Vec<Vec<MaterialTerm>>,
    /// Captures that win at once.
    pub capture_events: Vec<CaptureEvent>,
    /// The side that has captured pieces of this many distinct kinds wins (Zoo); the
    /// kinds each side has captured are kept in the position, its key and its FEN.
    /// 0: off.
    pub captured_kinds_win: u32,
    /// White wins when the fullmove number passes this limit and White is not mated
    /// (Spartan), and at the move rule; `(limit, winner)`.
    pub move_limit: Option<(u32, Color)>,
    /// Every drawn ending (stalemate, the move rule, repetition) is a win for this side.
    pub draws_win_for: Option<Color>,
    /// A capture must involve a piece of one of these kinds, as capturer or victim
    /// (Society: a pawn). Empty: every capture is allowed.
    pub capture_needs: Vec<char>,
    /// A side with no legal move loses (rather than being stalemated) when a capture
    /// that `capture_needs` forbids would be legal otherwise (Society).
    pub forbidden_capture_loses: bool,
    /// A side's only piece of one of these kinds, while an enemy piece attacks it,
    /// moves one square only (Clerical's last bishop).
    pub lone_attacked_steps: Vec<char>,
    /// Two kinds whose movement depends on each other (Dynastic).
    pub pair_moves: Option<PairMoves>,
    /// Per kind letter, when its check is already mate (Ultimate); kinds not listed
    /// mate in the orthodox way.
    pub check_mates: Vec<(char, CheckMate)>,
    /// White's intrusion squares (Black's are their mirror image): an enemy unit there
    /// is a check that must be answered by capturing it (Xenophobic).
    pub intrusion: Vec<String>,
    /// A piece of kind `.0` that arrives by a non-promoting move on its owner's relative
    /// rank `.1` (0 = first) and is still there at its owner's next turn wins, unless
    /// that side is mated (Glory).
    pub arrival: Option<(char, usize)>,
    /// Every move must end on a square another own unit attacks after the move
    /// (Prop); castling always does (the rook guards the king).
    pub defended_destinations: bool,
    /// If a move toward the opponent (destination rank strictly closer) is legal, only
    /// such moves are (Prop).
    pub forward_if_any: bool,
    /// The move clock counts plies since the last capture only (pawn moves do not reset
    /// it) and the game is drawn when it reaches this many plies, unless the side to
    /// move has no legal move (Prop). 0: off.
    pub capture_clock: u32,
    /// The two royal pieces may not stand on one open rank, file or diagonal (Regent;
    /// Xiangqi's flying general on every line).
    pub royals_may_not_see: bool,
    /// A royal piece in check may not move along the lines it is checked on: not
    /// diagonally when checked on a diagonal, not orthogonally when checked on a rank or
    /// file, not at all when checked by a leap (Regent).
    pub checked_royal_lines: bool,
    /// Each side may give this many checks; after that a check is legal only when it
    /// is an orthodox mate (Moderation). The checks left are in the key and the FEN
    /// (`3+3`). 0: off.
    pub check_budget: u32,
    /// A capturing check is legal only if each checker is safe (no FIDE-legal reply
    /// takes it) or supported (another unit of its side attacks its square); a
    /// non-capturing check by safe and supported checkers wins at once; a side whose
    /// FIDE-legal moves are all such illegal checks loses (Triple Check).
    pub supported_checks: bool,
    /// A checking move is legal only when the opponent has a reply of one level lower;
    /// level 0 is plain FIDE legality, level k removes every checking move after which
    /// the opponent has no level k-1 move, and the legal moves are level `check_levels`
    /// (Submission: 8, its recursive mate cut at eight plies). 0: off.
    pub check_levels: u32,
    /// A royal piece not in check may move onto an attacked square ("self-check") when
    /// no attacker is of these kinds, but not on two consecutive own turns; only the
    /// royal may, castling included (Contravention). The opponent's next move must
    /// clear the check, and a royal is never captured. Whether each side's last turn was
    /// a self-check is in the key and the FEN (`0+0`). `None`: off.
    pub self_check: Option<Vec<char>>,
    /// While the opponent has no piece of this kind, a side's promotions are to this
    /// kind in the opponent's colour and to nothing else; the new piece may not stand
    /// attacked by the promoting side. Once the opponent has one, promotions to it are
    /// not allowed (Kingmaker's king: a player's first promotion). `None`: off.
    pub gift_promotion: Option<char>,
    /// A side whose legal moves are all moves of its royal piece loses (Kingmaker:
    /// "forced to move the King").
    pub royal_moves_only_lose: bool,
    /// Kind `.0` moves, and attacks, like the first of the kinds `.1` its side has on
    /// the board (single moves only: no initial double step), and not at all without
    /// any; a move it makes along a line may not pass a square where it would be
    /// attacked (Dowager's queen: `q:krbnp`). `None`: off.
    pub borrowed_moves: Option<(char, Vec<char>)>,
    /// Kinds no piece may capture (Separation's queen). Attacks on them stay
    /// geometric.
    pub uncapturable: Vec<char>,
    /// A second royal kind: a move may not leave a piece of it attacked, unless both
    /// royal kinds of the mover were attacked before the move; its being attacked
    /// is check (Separation's queen, beside the king).
    pub second_royal: Option<char>,
    /// Two kinds of a side that may never stand in one quadrant of the board (files
    /// and ranks halved): a move may not put them there, a side whose two stand there
    /// has lost, and a side with no legal move loses, rather than being stalemated,
    /// when a move was ruled out by this rule alone (Separation's monarchs).
    pub quadrants_apart: Option<[char; 2]>,
    /// Kinds that move along a line exactly as many squares as there are pieces (both
    /// sides, the mover included) on the whole line moved along, jumping their own
    /// pieces but never an enemy one, and capturing by landing (Lines of Action). Their
    /// Betza moves name the lines: unlimited riders only (`Q`: all eight).
    pub line_count_moves: Vec<char>,
    /// A side whose pieces form one 8-connected group wins (Lines of Action); the value
    /// says what a move that connects both sides at once gives. `None`: off.
    pub connection: Option<BothConnected>,
    /// A side with no legal move (and not in check) passes (`0000`) rather than being
    /// stalemated (Lines of Action).
    pub pass_when_stuck: bool,
    /// A square vanishes when a piece leaves it: nothing may land there again, but
    /// pieces, double steps and attacks pass over it (Cheshire Cat). The vanished
    /// squares are in the position, its key and its FEN (`*`).
    pub vanishing_squares: bool,
    /// A royal piece that has not moved yet may move like a queen (any distance along
    /// the eight lines, capturing the first enemy met) and attacks so; its first move,
    /// either kind, spends the privilege (Cheshire Cat). The privilege is in the key and
    /// the FEN's castling field (`Kk`), so the game has no castling.
    pub royal_first_move_queen: bool,
    /// A capture along a line also removes the first unit (of either side) on each ray
    /// of the other line kind from the square moved to: orthogonal rays after a
    /// diagonal capture, diagonal rays after an orthogonal one; a leap removes nothing
    /// more, and the capturer always stays (Shrapnel). En passant counts as a diagonal
    /// capture on the square the pawn lands on.
    pub cross_ray_captures: bool,
    /// Only pieces of these kinds may capture (Tyrant: king and queen); attacks stay
    /// geometric. Empty: every kind captures.
    pub capturers: Vec<char>,
    /// A captured piece of one of these kinds is put straight back, as part of the same
    /// turn, by the capturer on an empty square that none of the capturer's pieces of
    /// these kinds attacks after the capture; a capture with no such square is illegal
    /// (Tyrant's monarchs, UCI `d1d5@h8`). Empty: off.
    pub placed_captures: Vec<char>,
    /// After a move, the mover wins at once when the side to move could checkmate it
    /// with one move, or with two moves in a row (the mover passing in between) of
    /// which the first gives no check; the opponent's moves are legal by the plain
    /// rules (Series Helpmate). Judged only after a move played (a FEN alone is a game
    /// in progress), never after a null move.
    pub series_mate: bool,
    /// At the start of its turn a side not checkmated wins when, in the position before
    /// the opponent's last move, the opponent had another legal move after which this
    /// side would have had a mate in one (Blunder-Mate's claim; needs the last move, so
    /// never from a FEN alone).
    pub blunder_mate: bool,
    /// An enemy unit that moves to a square whose maximal run of occupied squares along
    /// a rank, file or diagonal, through that square, is exactly this long and holds
    /// the royal piece, captures it (Linkage: 4): a move may not leave the mover's
    /// royal open to that, and being open to it is a check. Threats are pseudo-legal,
    /// like checks. 0: off.
    pub linkage_run: u32,
    /// A second royal kind whose mate wins for its owner (Counselor's queen): no move
    /// may leave a piece of it attacked; a side with no legal move while one stands
    /// attacked wins (whatever its king); and when a legal move would leave the
    /// opponent so, only such moves are legal. `None`: off.
    pub mated_royal_wins: Option<char>,
    /// A side in check answers only with a move of its royal piece or with two
    /// consecutive moves of one other unit, made as one turn: after the first its
    /// royal must still be in check and the opponent's royal not attacked, after the
    /// second its royal must be safe. The first may capture (en passant too), promote
    /// or double-step; the second is never en passant, and no en-passant square is left
    /// after such a turn (Deadline, UCI `a7a6,a6b5`).
    pub two_step_evasions: bool,
    /// Captured pieces of these kinds go back to their owner's pool, each (`.1`) only
    /// while the owner still has a piece of that kind on the board right after the
    /// capture; other kinds leave the game. A side whose pool holds a unit must place it
    /// on an empty square at the start of its turn and then move another unit, one
    /// turn (Donnybrook: `r b:q n:k`, UCI `N@e4,e1e2`). The pool is the FEN's hand, in
    /// the owner's colour, at most one unit. Empty: off.
    pub pool_returns: Vec<(char, Option<char>)>,
    // Reentrant's rules (issue 21): two armies per side, each confined to its half
    // (mobility regions), whose colour shows the half rather than the owner.
    /// The second royal kind ([`GoalRules::second_royal`]) admits no exception: a move
    /// may never leave a piece of it attacked, even when both royals were (Reentrant's
    /// queen, a monarch as the king is).
    pub second_royal_strict: bool,
    /// Kinds written with another kind's letter in the opponent's case: `(kind, letter)`
    /// (Reentrant's a-d army: `x:r` is a rook of South written `r`, of North `R`). The
    /// FEN's board, its holdings (then `[south|north]`, as the owner is no longer the
    /// case), UCI drops and SAN use the written letter; a FEN letter that two kinds
    /// share is the one whose mobility region holds the square.
    pub other_color_letters: Vec<(char, char)>,
    /// A captured piece joins the capturer's hand in the colour it had on the board:
    /// as the kind written with the same letter in that case for the capturer (with
    /// [`GoalRules::other_color_letters`]: Reentrant's rook taken on a-d is dropped on
    /// e-h). Off: the kind captured, in the capturer's colour (Crazyhouse).
    pub captures_keep_color: bool,
    // Concurrent's rules (issue 21).
    /// Before its regular move, a side may mirror one unit of these kinds: move it to
    /// the empty square of its rank at the same distance from the other edge (file
    /// `f` to `files - 1 - f`), from where it may not attack an opposing royal (either
    /// royal kind); then one regular move, by any unit, one turn, with royal safety
    /// judged after the whole turn (Concurrent, UCI `c6f6,a8b7`). Empty: off.
    pub mirror: Vec<char>,
    /// The lame leaps of these kinds also need the square where they turn: the whole
    /// straight leg along the longer axis must be empty, not just the squares
    /// Fairy-Stockfish's `n` path crosses (Concurrent's camel `nC`: three squares
    /// straight, then one aside). Empty: off.
    pub lame_corners: Vec<char>,
}

/// What a position in which both sides are connected means (Lines of Action's
/// simultaneous connection): it can only arise from the move just made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BothConnected {
    /// The side that made the move wins (Soucie's correction of the NOST rules).
    MoverWins,
    /// A draw (the MSO and mindsports form).
    Draw,
}
