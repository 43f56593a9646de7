//! The variant data model. A [`Variant`] is a plain value: board size, piece kinds with
//! their Betza moves, start position, castling, en passant, promotion, royalty and draw
//! rules. Nothing downstream branches on a variant's name; [`rules::Rules`] compiles the
//! value into tables for one bitboard instance.

pub mod betza;
pub mod builtin;
pub mod chess960;
pub mod color;
pub mod custodian;
pub mod flip;
pub mod fog;
pub mod goal;
pub mod hands;
pub mod ini;
pub mod kind_bits;
pub mod kind_promotion;
pub mod line_count;
pub mod marks;
pub mod palace;
pub mod parts;
pub mod reach;
pub mod registry;
pub mod rules;
pub mod screen_pins;
pub mod shape;
pub mod shuffle;
pub mod walls;

pub use builtin::builtin_variants;
pub use color::{Color, BLACK, WHITE};
pub use custodian::{Capture, Custodian, KingCapture};
pub use flip::{EnclosingDrop, Flip};
pub use fog::Fog;
pub use goal::GoalRules;
pub use hands::Hands;
pub use registry::{all_variants, find_variant};

/// One kind of piece.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceKind {
    pub name: String,
    /// FEN letter, upper case (White's); Black's is the lower case.
    pub letter: char,
    /// Moves in Betza notation, as seen by White (forward = up).
    pub betza: String,
    /// Checkmating or capturing a royal piece ends the game; a royal piece may not be
    /// left attacked.
    pub royal: bool,
    /// Per colour, relative ranks (0 = the owner's first rank) on which the kind's `i`
    /// (initial) moves are allowed: a pawn's double step from its second rank.
    pub initial_ranks: [Vec<usize>; 2],
    /// The kind's initial lame moves create an en-passant square, and the kind captures
    /// en passant with its capture moves.
    pub en_passant: bool,
    /// A Fairy-Stockfish custom piece (`customPieceN`, moves of its own) rather than one
    /// of its predefined types. As there, its double steps (initial lame two-square
    /// leaps) give an en-passant square whether or not anything can capture there,
    /// written as the square passed and the one reached (`e3e4`; the orthodox pawn's
    /// single square only appears where a capture is possible), and SAN names it by its
    /// letter even where it promotes (`Pac4`, `Pxb3`).
    pub custom: bool,
    /// The kind promotes on reaching the promotion ranks.
    pub promotes: bool,
    /// Whether the kind's moves reset the move-rule clock (Fairy-Stockfish's
    /// `nMoveRuleTypes`); `None`: where it promotes (the pawn types).
    pub resets_clock: Option<bool>,
    /// With only its king, this kind cannot force mate (knight, bishop): used by the
    /// insufficient-material rule.
    pub minor: bool,
    /// The squares the kind may stand on, if confined (Xiangqi's palace and river).
    pub region: Option<Region>,
    /// Shogi-style promotion into one kind of its own (Shogun's bishop to archbishop);
    /// independent of the variant's [`Promotion`], which lists a pawn's choices.
    pub promotion: Option<KindPromotion>,
    /// Betza moves the kind has besides its own on the variant's diagonal lines
    /// (`palace::PalaceRules::diagonal_lines`): from a square of the lines to squares
    /// of the lines only (Janggi's chariot `B`, cannon `pB`, king and advisor `F`,
    /// soldier `fF`). Empty: none.
    pub line_moves: String,
    /// The kind's hops neither jump over nor capture a piece of a shy kind (Janggi's
    /// cannon: never a cannon as the screen, never a cannon taken).
    pub shy_hops: bool,
    /// The letter SAN names the kind by, where it is not the FEN letter (Fairy-Stockfish
    /// writes Janggi's horse `H` and elephant `E`, FEN `n` and `b`).
    pub san_letter: Option<char>,
}

/// A kind's shogi-style promotion: a move that starts or ends in the zone may turn the
/// piece into the kind `to`; where it would otherwise stand with no move at all (a pawn
/// on the last rank) it must, and with `mandatory` every move that may promote must.
/// Pieces so promoted are marked, written `+` and their
/// unpromoted letter in FEN (`+F`), and return to hand unpromoted when captured.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KindPromotion {
    /// Letter of the promoted kind.
    pub to: char,
    /// The zone: ranks relative to the piece's owner (0 = its first rank).
    pub ranks: Vec<usize>,
    /// The promotion is allowed only while the side has fewer than this many pieces of
    /// kind `to` on the board (Shogun: one of each promoted major piece).
    pub limit: Option<u32>,
    /// A move that may promote must (Fairy-Stockfish's `mandatoryPiecePromotion`), while
    /// the limit allows the promotion.
    pub mandatory: bool,
    /// A piece promoted from this kind turns back into it by the moves that could
    /// promote it (Fairy-Stockfish's `pieceDemotion`: Kyoto shogi's pieces flip with
    /// every move), in the same zone and, with `mandatory`, by force.
    pub demotes: bool,
    /// Only captures promote (and demote) (Fairy-Stockfish's `piecePromotionOnCapture`:
    /// Micro shogi's pieces flip when they capture); other moves keep the piece as it is.
    pub on_capture: bool,
}

/// A rectangle of the board seen from the piece's owner: absolute files, ranks
/// relative to the owner (0 = its first rank).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Region {
    pub files: std::ops::RangeInclusive<usize>,
    pub ranks: std::ops::RangeInclusive<usize>,
}

impl PieceKind {
    pub fn new(name: &str, letter: char, betza: &str) -> PieceKind {
        PieceKind {
            name: name.to_string(),
            letter: letter.to_ascii_uppercase(),
            betza: betza.to_string(),
            royal: false,
            initial_ranks: [Vec::new(), Vec::new()],
            en_passant: false,
            custom: false,
            promotes: false,
            resets_clock: None,
            minor: false,
            region: None,
            promotion: None,
            line_moves: String::new(),
            shy_hops: false,
            san_letter: None,
        }
    }
}

/// Castling: the royal piece and a rook-kind piece on the castling rank (the first
/// rank, or Fairy-Stockfish's `castlingRank`) swap sides. Works for the orthodox array
/// and every Chess960 array (any king and rook files).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Castling {
    /// Letter of the kind that castles as the king (royal or not: Extinction and
    /// Giveaway castle with a king that can be captured).
    pub king_letter: char,
    /// Files the king ends on: [king side (toward higher files), queen side].
    pub king_files: [usize; 2],
    /// Files the rook ends on, same order.
    pub rook_files: [usize; 2],
    /// Letters of the kinds that may castle with the king.
    pub rook_letters: Vec<char>,
    /// The rank the king and rook castle on, counted from their owner's side (0: its
    /// first rank; 1 in Omicron and Shako, whose back rows stand on the second rank).
    pub rank: usize,
    /// The file of the castling king where several pieces of its kind stand on the
    /// castling rank (Fairy-Stockfish's `castlingKingFile`, e by default): a FEN's
    /// castling rights are that one's (Koedem's dropped kings).
    pub king_file: usize,
    /// The castlings that win, and whose rights lost otherwise lose (Fairy-Stockfish's
    /// `castlingWins`): bit `2 * colour + side` (side 0: the king's side, 1: the
    /// queen's), as the position keeps the rights; 0 in every other game.
    pub wins: u8,
    /// A castling takes away the opponent's castling on the same wing (Fairy-Stockfish's
    /// `oppositeCastling`: the two sides may not castle on the same side).
    pub opposite: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Promotion {
    /// Relative ranks on which a promoting kind must promote.
    pub ranks: Vec<usize>,
    /// Relative ranks on which it may promote or stay as it is (Grand's 8th and 9th).
    pub optional_ranks: Vec<usize>,
    /// Per colour, squares `(file, rank)` (rank 0: White's first) on which a promoting
    /// kind must promote, where the zone is not whole ranks (Troitzky's last square of
    /// each file, Legan's corner); then `ranks` and `optional_ranks` are empty.
    pub squares: [Vec<(usize, usize)>; 2],
    /// Letters of the kinds it may promote to.
    pub targets: Vec<char>,
    /// Black's choices where they differ from White's `targets` (Fairy-Stockfish's
    /// `promotionPieceTypesBlack`: Chigorin, Sort-of-almost).
    pub black_targets: Option<Vec<char>>,
    /// At most this many of a target kind per side on the board: a promotion to a kind
    /// at its limit is not allowed (Grand: only to a kind the player has lost). Where
    /// promotion is compulsory and no kind is allowed, the piece may not move there.
    pub limits: Vec<(char, u32)>,
}

impl Promotion {
    /// Compulsory promotion on `ranks` to `targets`, no limits.
    pub fn on(ranks: Vec<usize>, targets: Vec<char>) -> Promotion {
        Promotion {
            ranks,
            optional_ranks: Vec::new(),
            squares: [Vec::new(), Vec::new()],
            targets,
            black_targets: None,
            limits: Vec::new(),
        }
    }

    /// The kinds `color` may promote to.
    pub fn targets_of(&self, color: Color) -> &[char] {
        match &self.black_targets {
            Some(b) if color == BLACK => b,
            _ => &self.targets,
        }
    }
}

/// What an n-fold repetition gives (Fairy-Stockfish's `nFoldValue`, read from the side
/// to move, or from White's side with `nFoldValueAbsolute`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RepetitionValue {
    Draw,
    /// The side to move when the position repeats wins.
    Win,
    /// The side to move when the position repeats loses.
    Loss,
    /// White wins, whoever is to move.
    WhiteWins,
    /// White loses, whoever is to move (Minishogi's sennichite: the first player loses).
    WhiteLoses,
}

/// How a game ends when the side to move has no legal move and is not in check.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StalemateResult {
    Draw,
    /// The stalemated side wins (antichess-like games).
    Win,
    /// The stalemated side loses (Xiangqi).
    Loss,
    /// The side with fewer pieces wins, equal counts draw (FICS suicide).
    FewerPieces,
    /// The side with more pieces wins, equal counts draw (Fairy-Stockfish's
    /// `stalematePieceCount` with `stalemateValue = loss`: Ataxx, Flipersi).
    MorePieces,
}

/// Losing every piece of a set of kinds ends the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Extinction {
    /// Letters of the kinds; empty means all pieces together (a side with no pieces).
    pub kinds: Vec<char>,
    /// The extinct side wins (antichess) rather than loses (Extinction chess).
    pub extinct_side_wins: bool,
    /// Extinction draws instead (`extinctionValue = draw`: Shatar's bare king); then
    /// `extinct_side_wins` is false.
    pub draws: bool,
    /// A side counts as extinct in a kind with this many pieces of it or fewer
    /// (Fairy-Stockfish's `extinctionPieceCount`: 1 with all pieces is a bare king).
    pub count: u32,
    /// ... but only while the other side has at least this many pieces of that kind
    /// (`extinctionOpponentPieceCount`: 2 lets a bare king against a bare king play on).
    pub opponent_count: u32,
    /// The side to move is judged against one more opponent piece (`extinctionClaim`):
    /// a bare king to move may still bare the other king (shatranj's bare-king rule).
    pub claim: bool,
}

/// A piece of these kinds reaching its side's goal squares wins.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Goal {
    pub kinds: Vec<char>,
    /// Goal squares by name, for White and for Black.
    pub squares: [Vec<String>; 2],
    /// When White arrives first, Black gets one more move and draws by arriving too
    /// (Racing Kings).
    pub second_player_replies: bool,
    /// Exactly `count` pieces on the goal squares win only while no enemy piece attacks
    /// any of them (Fairy-Stockfish's `flagPieceSafe`: Dobutsu's try rule; an arrival
    /// under attack wins at a later turn once the attack is gone). More than `count`
    /// there win anyway, as in Fairy-Stockfish (one capture cannot take two), and so
    /// do fewer that make a blocked win (`blocked_wins`). With
    /// `second_player_replies` only the arrival of the side that just moved is judged:
    /// a safe one wins at once, an unsafe one gives the other side its reply (Alapo).
    /// Safe means attacked by no enemy piece, as pyffish 0.0.90 judges it: a pinned
    /// piece or a king that may not take there still attacks (Squatter).
    pub safe: bool,
    /// How many flag pieces must stand on the goal squares together (Fairy-Stockfish's
    /// `flagPieceCount`: Kono's seven pawns on the seven squares they started from).
    pub count: u32,
    /// One flag piece there also wins once every goal square is occupied, by pieces of
    /// either side (`flagPieceBlockedWin`: the opponent cannot keep its pieces there to
    /// block the count).
    pub blocked_wins: bool,
}

/// Game ends beyond mate, stalemate and the draw rules.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EndRules {
    pub extinction: Option<Extinction>,
    pub goal: Option<Goal>,
    /// The side that gives this many checks wins (3 in three-check).
    pub check_limit: Option<u32>,
    /// Lines of pieces that end the game (tic-tac-toe, Teeko, Three Musketeers); off
    /// unless one of its lengths is set.
    pub lines: LineGoal,
}

/// Fairy-Stockfish's line goals (`connectN`, `connectNxN`, `collinearN`): after a move,
/// the side that made it gets `value` when its pieces of `kinds` hold `run` squares in a
/// row along an allowed direction, fill a `square` x `square` block, or stand `collinear`
/// on one line of an allowed direction with anything (or nothing) between them. Only the
/// mover's pieces count, as in Fairy-Stockfish: a line of the side to move ends nothing.
/// A length of 0 turns its form off.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineGoal {
    /// Letters of the kinds that count; empty means every kind.
    pub kinds: Vec<char>,
    pub run: u32,
    pub square: u32,
    pub collinear: u32,
    /// The directions `run` and `collinear` look along (ranks, files, both diagonals).
    pub horizontal: bool,
    pub vertical: bool,
    pub diagonal: bool,
    /// What the line gives the side that made it.
    pub value: LineValue,
}

/// What a line gives the side that made it (`connectValue`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineValue {
    Win,
    Loss,
    Draw,
}

impl Default for LineGoal {
    /// Off, with Fairy-Stockfish's defaults for the other keys.
    fn default() -> Self {
        LineGoal {
            kinds: Vec::new(),
            run: 0,
            square: 0,
            collinear: 0,
            horizontal: true,
            vertical: true,
            diagonal: true,
            value: LineValue::Win,
        }
    }
}

impl LineGoal {
    /// Whether any form of the goal is on.
    pub fn active(&self) -> bool {
        self.run > 0 || self.square > 0 || self.collinear > 0
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DrawRules {
    pub stalemate: StalemateResult,
    /// A position occurring this many times is a draw (3 for threefold); 0 = off.
    pub repetition: u32,
    /// Plies without a capture or a promoting-kind move after which the game is drawn
    /// (100 for the 50-move rule); 0 = off.
    pub move_rule_plies: u32,
    /// Draw when neither side can mate with any series of legal moves, in the FIDE
    /// cases: bare kings, a single minor piece, bishops all on one square colour.
    pub insufficient_material: bool,
    /// In a repetition, a side that gave check with every one of its moves of the cycle
    /// loses (Xiangqi's perpetual check); other repetitions follow `repetition`.
    pub perpetual_check_loses: bool,
    /// What a repetition gives where nobody checked throughout.
    pub repetition_value: RepetitionValue,
    /// A checkmated side wins instead of losing (Fairy-Stockfish's `checkmateValue =
    /// win`: Misère chess, Losers).
    pub checkmate_wins: bool,
    /// A position with this many pieces or fewer on the board (both sides together) is
    /// a draw, unless another rule ended the game first; 0 = off.
    pub draw_at_pieces: u32,
    /// Makruk's counting rules (Fairy-Stockfish's `countingRule`): once the pawns are
    /// gone or a side is bare, the game is drawn after a number of moves that depends on
    /// the material (see `parts::counting`); `None` = off.
    pub counting: Option<CountingRule>,
    /// A board with no empty square ends the game, decided by points where the variant
    /// counts them (`PalaceRules::points`), else drawn (Fairy-Stockfish's
    /// `adjudicateFullBoard`: Ataxx, Reversi).
    pub full_board_ends: bool,
}

/// Which counting rules a variant plays (Fairy-Stockfish's `countingRule` values).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CountingRule {
    /// Thai Makruk: the board's honour (64 moves once the pawns are gone) and the
    /// pieces' honour (8 to 64 moves by the stronger side's material, counting from the
    /// pieces on the board, once a side is bare).
    Makruk,
    /// The ASEAN rules: only the pieces' honour, from 0, by rook, khon or knight.
    Asean,
    /// Cambodian (Ouk Chatrang) counting as Fairy-Stockfish plays it: Makruk's rules,
    /// but the board's honour (63 moves) counts a side left with two or three pieces,
    /// pawns or not, and the pieces' honour limits are Makruk's less one move.
    Cambodian,
}

/// How `startpos` and random setups are produced. Every kind's default `startpos` is
/// `start_fen`; the random kinds rearrange its pieces (see [`shuffle`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Setup {
    /// Always `start_fen`.
    Fixed,
    /// Chess960: the back rank is one of 960 arrays (standard Scharnagl numbering); the
    /// default `startpos` is `start_fen` (number 518, the orthodox array).
    Chess960,
    /// White's first-rank pieces, except those of the `fixed` kinds, change places;
    /// Black's first rank is White's image under `black`.
    ShuffledBackRank {
        fixed: Vec<char>,
        /// Two pieces of this kind stand on squares of opposite colours.
        opposite_colors: Option<char>,
        /// The first kind stands between two pieces of the second (king between rooks,
        /// so that both castlings exist, as in Chess960).
        between: Option<(char, char)>,
        black: Symmetry,
    },
    /// Every piece of the start position, of either colour, changes places with any
    /// other over the occupied squares (Massacre).
    ShuffledBoard,
}

/// How Black's setup follows White's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Symmetry {
    /// Same files (Chess960).
    Mirror,
    /// Turned half a circle about the centre: Black's a-file piece matches White's
    /// last-file piece (King's Corner).
    PointSymmetric,
}

/// Captures that explode (Atomic): the capturer, the captured piece and every piece on
/// the squares around the capture square leave the board, except the `immune` kinds
/// around it and the `blast_proof` kinds anywhere.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explosion {
    /// Kinds that survive a blast beside them (Fairy-Stockfish's blast spares pawns).
    pub immune: Vec<char>,
    /// Kinds no blast removes, not even a capturer of the kind at the blast's centre
    /// (Fairy-Stockfish's `blastImmuneTypes`; Atomar's kings).
    pub blast_proof: Vec<char>,
}

/// Pieces of some kinds are treated like royal pieces while a side has few of them
/// (Fairy-Stockfish's `extinctionPseudoRoyal`, read with `extinctionPieceTypes` and
/// `extinctionPieceCount`): a move may not leave one of them attacked; with none left
/// a side has no check to answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PseudoRoyalty {
    /// Letters of the kinds (each counted on its own).
    pub kinds: Vec<char>,
    /// A side's pieces of a kind are pseudo-royal while it has at most `count + 1` of
    /// them (Fairy-Stockfish's `extinctionPieceCount`: 0, only the last one; Coregal's
    /// 64, every queen).
    pub count: u32,
    /// `dupleCheck` (Spartan): a side may not leave all its pieces of the kinds
    /// attacked at once, however many it has.
    pub duple_check: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variant {
    /// Fairy-Stockfish's name.
    pub name: String,
    pub aliases: Vec<String>,
    pub description: String,
    pub files: usize,
    pub ranks: usize,
    pub pieces: Vec<PieceKind>,
    pub start_fen: String,
    pub castling: Option<Castling>,
    pub promotion: Option<Promotion>,
    pub draws: DrawRules,
    pub setup: Setup,
    /// Castling is written king-takes-rook in UCI and Shredder-style in FEN by default.
    pub chess960: bool,
    /// Relative ranks (of the side that double-steps) on which a passed square becomes
    /// an en-passant square: [2] in chess. Horde's first-rank double steps pass rank
    /// index 1 and so give none, as lichess and Fairy-Stockfish rule.
    pub en_passant_ranks: Vec<usize>,
    /// When a capture is possible, only captures are legal (antichess family).
    pub mandatory_capture: bool,
    /// Moves that give check are legal (false in Racing Kings).
    pub checks_allowed: bool,
    /// A side may have no royal piece (Horde): it then cannot be checked, and the end
    /// rules decide its fate.
    pub royal_optional: bool,
    /// Royal pieces may not face each other on an open file or rank (Xiangqi's flying
    /// general, along ranks too as in Fairy-Stockfish): a royal piece counts as
    /// attacking along its file and rank up to the first piece.
    pub flying_royals: bool,
    /// A royal piece in check may move only to capture its one checker (Makpong,
    /// Fairy-Stockfish's `makpongRule`): it may not step out of check.
    pub checked_royal_stays: bool,
    /// Fairy-Stockfish's `cambodianMoves` (Ouk Chatrang): a royal piece on one of its
    /// side's gate squares may leap like a knight two files sideways and one rank
    /// forward when not in check, and a `fers`-type piece (the met) there may jump two
    /// squares straight forward; both moves are quiet, and a gate goes when its piece
    /// leaves it or is taken on it (`Position::gates`, the FEN's `DEde`).
    pub cambodian_moves: bool,
    /// Pseudo-royal kinds ([`PseudoRoyalty`]); `None` in most games.
    pub pseudo_royalty: Option<PseudoRoyalty>,
    /// Fairy-Stockfish's `shatarMateRule` (Shatar): a checkmate by knights alone is won
    /// by the mated side, and one after a run of checks none of which came from a
    /// knight, rook or bers is a draw (`position::mate_rule`).
    pub shatar_mate_rule: bool,
    /// Captures explode (Atomic). A move may not explode the mover's own royal piece;
    /// exploding the enemy's wins by the extinction rule; royal pieces never give check
    /// (their captures would explode themselves), and neither does any piece while the
    /// two royals stand side by side.
    pub explosion: Option<Explosion>,
    /// Kinds of which none may capture another (Fairy-Stockfish's
    /// `mutuallyImmuneTypes`; Atomar's kings).
    pub mutually_immune: Vec<char>,
    /// How moves capture: replacement (the default) or custodian (tafl).
    pub capture: Capture,
    pub end: EndRules,
    /// Pieces in hand and drops (see [`hands`]); `None` for games without hands.
    pub hands: Option<Hands>,
    /// Goal rules: material and capture-event wins, capture permissions, movement that
    /// follows the position (see [`goal`]); all off by default.
    pub goal: GoalRules,
    /// What each side sees, in a game of hidden information (see [`fog`]); `None`:
    /// both sides see the whole board.
    pub fog: Option<Fog>,
    /// Each side secretly designates one of its units as a bomb before the first move
    /// and may detonate it as a whole move (itsyourturn's Atomic; see
    /// [`parts::TurnRule::SecretBomb`]).
    pub secret_bomb: bool,
    /// Every turn is a move and then a wall (see [`walls`]); `None` in other games.
    pub walling: Option<walls::Walling>,
    /// Palace lines, passing, bikjang and counting points (see [`palace`]).
    pub palace: palace::PalaceRules,
}

impl Variant {
    pub fn kind_by_letter(&self, letter: char) -> Option<usize> {
        let up = letter.to_ascii_uppercase();
        self.pieces.iter().position(|p| p.letter == up)
    }

    pub fn answers_to(&self, name: &str) -> bool {
        self.name.eq_ignore_ascii_case(name)
            || self.aliases.iter().any(|a| a.eq_ignore_ascii_case(name))
    }
}
