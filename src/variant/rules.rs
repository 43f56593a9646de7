//! A [`Variant`] compiled for one bitboard instance: attack tables per piece kind and
//! colour, promotion zones, castling data, Zobrist keys, the rule parts (royalty,
//! capture rule, move filters, turn rule, end conditions; see [`super::parts`]) and the
//! generator plan derived from them.

use super::betza::{self, Atom, Hop};
use super::hands::{HandRules, MAX_IN_HAND};
use super::kind_promotion::{self, KindPromotionRules};
use super::line_count::{self, LineCount};
use super::marks::PromotionMarks;
pub use super::parts::ExchangeRule;
use super::parts::{
    CaptureRule, Counting, EndConditions, GeneratorPlan, MoveFilters, NoMoveRule, PieceModes,
    Royalty, TurnRule, VisionRules,
};
use super::{Color, Variant, BLACK, WHITE};
use crate::board::{Bitboard, Geometry, Tables};
use std::fmt;
use std::sync::Arc;

/// Most piece kinds a variant may have (a piece code keeps the kind in four bits).
pub const MAX_KINDS: usize = 16;

/// A lame or initial-only leap, precomputed per square: the destination and the squares
/// that must be empty on the way.
#[derive(Clone, Copy, Debug)]
pub struct SpecialLeap<B> {
    pub to: u16,
    pub path: B,
    pub quiet: bool,
    pub capture: bool,
    pub initial: bool,
}

/// A move vector walked square by square: limited riders, riders in odd directions
/// (nightrider), hoppers. Slow but fully general; the common pieces never use it.
#[derive(Clone, Copy, Debug)]
pub struct Walker {
    pub dx: i32,
    pub dy: i32,
    /// 0 = unlimited.
    pub max_steps: u32,
    pub quiet: bool,
    pub capture: bool,
    pub hop: Hop,
    pub initial: bool,
    /// Index into the board's unit directions when the walker rides an unlimited
    /// unit line (the ray tables then answer it without stepping).
    pub unit: Option<u8>,
    /// A palace-line move ([`crate::variant::PieceKind::line_moves`]): only from, and
    /// only to, squares of [`Rules::diagonal_lines`].
    pub lines: bool,
    /// A shy hopper ([`crate::variant::PieceKind::shy_hops`]): no piece of a shy kind
    /// is its screen or its victim.
    pub shy: bool,
    /// A confined piece's walker (a rider in a mobility region): the index of its
    /// region in [`Rules::walk_regions`]; it starts and lands only there.
    pub region: Option<u8>,
}

impl Walker {
    /// The walker of one atom of a kind's moves, already turned to the colour's
    /// direction (`dx`, `dy`); `unit` is the atom's index among the unit directions,
    /// kept only for an unlimited ride. Not a line move, not shy, not confined.
    fn from_atom(a: &Atom, dx: i32, dy: i32, unit: Option<usize>) -> Walker {
        Walker {
            dx,
            dy,
            max_steps: a.max_steps as u32,
            quiet: a.can_move,
            capture: a.can_capture,
            hop: a.hop,
            initial: a.initial_only,
            unit: unit.filter(|_| a.max_steps == 0).map(|d| d as u8),
            lines: false,
            shy: false,
            region: None,
        }
    }
}

/// The moves of one kind for one colour, split by how the generator handles them.
pub struct KindMoves<B> {
    /// Single leaps to empty squares / onto enemies, per square.
    pub quiet_leaps: Vec<B>,
    pub capture_leaps: Vec<B>,
    /// Inverse of `capture_leaps`: the squares from which this kind captures on a square.
    pub capture_leaps_from: Vec<B>,
    /// Unlimited riders on all four orthogonal / diagonal lines.
    pub quiet_orthogonal: bool,
    pub capture_orthogonal: bool,
    pub quiet_diagonal: bool,
    pub capture_diagonal: bool,
    /// The same facts as codes for the generator's hot loop: 0 none, 1 quiet moves
    /// only, 2 captures only, 3 both. `leap_code` 3 also means the quiet and capture
    /// leap tables are identical.
    pub leap_code: u8,
    pub orthogonal_code: u8,
    pub diagonal_code: u8,
    /// Per square, the index range into `specials`.
    pub special_index: Vec<(u32, u32)>,
    pub specials: Vec<SpecialLeap<B>>,
    pub walkers: Vec<Walker>,
    /// The directions (bits in [`super::line_count::DIRECTIONS`] order) the kind
    /// moves along by line count (see [`super::line_count`]); 0 for other kinds.
    pub line_dirs: u8,
    /// `walkers` is not empty or `line_dirs` is not: the generator's one test for the
    /// slow paths.
    pub slow: bool,
    /// Every move is a plain leap with one table for moves and captures, or a
    /// full-line ride that moves and captures (knights, bishops, rooks, queens and
    /// their compounds), the kind does not promote and the capture rule sets it no
    /// limits of its own: the generator's short loop, one set of squares per piece. Set
    /// once the kinds and the capture rule are complete.
    pub plain: bool,
    /// Squares where `initial` moves are allowed.
    pub initial_zone: B,
    /// Set-wise form of the same moves, when the kind has only a few single-square
    /// leaps (pawn-like kinds): whole sets of pieces move by one shift.
    pub shift: Option<ShiftMoves<B>>,
    /// Attack queries answered from the target square, when every capture of the
    /// kind can be traced backwards (`None`: walk each piece's moves instead).
    pub reverse: Option<ReverseCaptures<B>>,
}

impl<B> KindMoves<B> {
    /// Whether every move is a same-table leap or a full-line ride that both moves and
    /// captures: nothing special, slow, set-wise or split by moves and captures.
    fn only_plain_moves(&self) -> bool {
        [self.leap_code, self.orthogonal_code, self.diagonal_code]
            .iter()
            .all(|&c| c == 0 || c == 3)
            && !self.slow
            && self.specials.is_empty()
            && self.shift.is_none()
    }
}

/// A kind's complex captures seen from the captured square: per target square the
/// origins of capturing special leaps with the squares that must be empty, and the
/// capturing walkers turned round (a rider's or cannon's line reads the same both
/// ways; a grasshopper's does not, so a kind with one has no reverse form).
pub struct ReverseCaptures<B> {
    pub special_index: Vec<(u32, u32)>,
    pub specials: Vec<(u16, B)>,
    /// Turned-round capturing walkers, and whether each needs its origin in the
    /// initial zone.
    pub walkers: Vec<Walker>,
}

/// One leap vector as a shift of a whole set: squares in `sources` stay on the board
/// when moved by `delta` (an index difference).
#[derive(Clone, Copy, Debug)]
pub struct Shift<B> {
    pub delta: isize,
    pub sources: B,
}

impl<B: Bitboard> Shift<B> {
    #[inline(always)]
    pub fn apply(&self, set: B) -> B {
        let s = set & self.sources;
        if self.delta >= 0 {
            s.shl(self.delta as u32)
        } else {
            s.shr((-self.delta) as u32)
        }
    }
}

/// Moves of a pawn-like kind in set-wise form.
#[derive(Clone, Debug)]
pub struct ShiftMoves<B> {
    pub quiet: Vec<Shift<B>>,
    pub capture: Vec<Shift<B>>,
    /// An initial double step along the (single) quiet vector, from `initial_zone`,
    /// through an empty square: the en-passant-making move.
    pub double: Option<Shift<B>>,
    /// Whether the double step can land where the kind promotes (Torpedo's pawns
    /// double-step from any rank): only then does the generator look for promotions
    /// among double steps.
    pub double_promotes: bool,
}

pub struct KindRules<B> {
    pub letter: char,
    /// The kind's letter in SAN (upper case): `PieceKind::san_letter`, else `letter`.
    pub san_letter: char,
    pub royal: bool,
    pub promotes: bool,
    pub en_passant: bool,
    /// See [`PieceKind::custom`].
    pub custom: bool,
    /// SAN writes the kind's moves without a letter (captures from the file left): the
    /// promoting kinds, except Fairy-Stockfish's custom pieces unless their SAN letter
    /// is `-` (`proteanSanLetters = p:-`).
    pub san_without_letter: bool,
    /// Its irreversible moves reset the move-rule clock ([`PieceKind::resets_clock`],
    /// the pawn types by default). `make_move` resets it on every move of the kind and
    /// `Position::departed` puts it back after a `reversible` step, so chess reads
    /// one flag.
    pub resets_clock: bool,
    /// The kind's reversible steps, as seen by White: plain quiet leaps it can also
    /// make backwards (Pawn Sideways' `sW`, Pawnback's `fbW`). A quiet move along one
    /// can be undone, so, as in Fairy-Stockfish, it keeps the move clock. Empty for the
    /// orthodox pawn.
    pub reversible: Vec<(i8, i8)>,
    pub minor: bool,
    /// Every move vector lands on a square of the starting square's colour.
    pub colorbound: bool,
    pub moves: [KindMoves<B>; 2],
    /// Captures only by plain leaps and full-line riders (checks can be blocked on the
    /// line or answered by capturing the checker).
    pub simple_captures: bool,
    /// Shogi-style promotion into a kind of its own (see [`super::kind_promotion`]).
    pub promotion: Option<KindPromotionRules<B>>,
    /// The kind whose shogi-style promotion this kind is (FEN `+` and that kind's letter);
    /// the first such kind where several promote into this one (Shogi's gold), whose
    /// promoted pieces then remember their own kind (`PromotionMarks::tracks_origin`).
    pub unpromoted: Option<usize>,
    /// Its promoted pieces (marked) demote to the kind they came from by the moves
    /// that kind's [`KindPromotionRules::demotes`] allows (Kyoto shogi).
    pub demotes: bool,
    /// Per colour, the squares the kind may stand on (its mobility region; the board
    /// when it is not confined).
    pub region: [B; 2],
    /// The letter the kind is written with (upper case): its own, or the one
    /// `GoalRules::other_color_letters` gives it.
    pub written: char,
    /// The kind is written in the opponent's case (`GoalRules::other_color_letters`).
    pub other_case: bool,
}

pub struct CastlingRules {
    pub king_kind: usize,
    /// The castling king is royal: it may not castle out of, through or into check.
    pub king_royal: bool,
    /// The castling king's kind is pseudo-royal: while it is, the king may not castle
    /// out of or through check either (the filter judges where it lands).
    pub king_pseudo_royal: bool,
    /// The castling king may end in check (a royal may move into check: Contravention);
    /// it still may not castle out of or through check.
    pub into_check: bool,
    pub king_files: [usize; 2],
    pub rook_files: [usize; 2],
    /// Bit set of kinds that may castle with the king.
    pub rook_kinds: u32,
    /// The castling rank, counted from the owner's side ([`super::Castling::rank`]).
    pub rank: usize,
    /// The castling king's file where several of its kind stand on the castling rank
    /// ([`super::Castling::king_file`]).
    pub king_file: usize,
    /// A castling takes away the opponent's castling on the same wing
    /// ([`super::Castling::opposite`]).
    pub opposite: bool,
}

pub struct PromotionRules<B> {
    /// Per colour, squares on which a promoting kind must promote.
    pub zone: [B; 2],
    /// Per colour, squares on which it may promote or not.
    pub optional: [B; 2],
    /// Per colour, the kinds a pawn may promote to.
    pub targets: [Vec<u8>; 2],
    /// Per colour and target (same order), the most pieces of that kind a side may have
    /// for a promotion to it to be allowed; `None` when the variant sets no limits.
    pub limits: Option<[Vec<u32>; 2]>,
}

pub struct Zobrist {
    /// `pieces[piece_code * squares + sq]`.
    pub pieces: Vec<u64>,
    /// `castling[color.index() * squares + rook_square]`.
    pub castling: Vec<u64>,
    pub en_passant: Vec<u64>,
    /// `checks[color.index() * 16 + n]`: n checks given (n-check variants).
    pub checks: Vec<u64>,
    pub side: u64,
    /// `hand[(color.index() * MAX_KINDS + kind) * MAX_IN_HAND + n]`: n pieces of a kind in hand
    /// (n = 0 has key 0, so variants without hands keep their keys).
    pub hand: Vec<u64>,
    /// Per square: the piece there was created by promotion (`~` in FEN).
    pub promoted: Vec<u64>,
    /// `gates[color.index() * squares + sq]`: a gating right (Seirawan) on a square.
    pub gates: Vec<u64>,
    /// `captured[color.index() * 256 + set]`: the set of kinds a side has captured
    /// (Zoo; the empty set keyed 0).
    pub captured: Vec<u64>,
    /// `fullmove[n]`: the fullmove number n, where a move limit makes it part of the
    /// position (n past the table's end keys as its last entry).
    pub fullmove: Vec<u64>,
    /// Per square: the last move was an arrival there (Glory's pending win).
    pub arrival: Vec<u64>,
    /// Per square: the square has vanished (Cheshire Cat).
    pub vanished: Vec<u64>,
    /// Per colour: the royal still has its first-move privilege (Cheshire Cat).
    pub privilege: [u64; 2],
    /// `bomb[color.index() * (squares + 1) + sq]`: the colour's secret bomb is on `sq`,
    /// or gone (`sq = squares`); not designated yet has key 0.
    pub bomb: Vec<u64>,
    /// `origin[kind * squares + sq]`: the promoted piece on `sq` came from `kind`, where
    /// several kinds promote into one (`PromotionMarks::tracks_origin`), XORed with its
    /// `promoted` key.
    pub origin: Vec<u64>,
}

pub struct Rules<B: Bitboard> {
    pub variant: Arc<Variant>,
    pub geo: Geometry,
    pub tables: Tables<B>,
    pub kinds: Vec<KindRules<B>>,
    /// Kinds with full orthogonal / diagonal capturing slides (as bit sets).
    pub orthogonal_capturers: u32,
    pub diagonal_capturers: u32,
    /// Kinds whose capture moves include leaps from tables.
    pub leap_capturers: Vec<usize>,
    /// The `capture_leaps_from` tables of `leap_capturers` side by side, per colour:
    /// `leap_attacks[color][sq * n + i]` (n = `leap_capturers.len()`) holds the squares
    /// from which kind `leap_capturers[i]` captures on `sq`, so an attack test reads one
    /// short row instead of one table per kind.
    pub leap_attacks: [Vec<B>; 2],
    /// Kinds whose captures need the slow general walk (hoppers, lame leapers, ...).
    pub complex_capturers: Vec<usize>,
    /// The squares of the palace lines (`PalaceRules::diagonal_lines`), where the
    /// kinds' line walkers move; empty in other games.
    pub diagonal_lines: B,
    /// The mobility regions of confined kinds' walkers ([`Walker::region`]); empty in
    /// games without confined riders.
    pub walk_regions: Vec<B>,
    /// Kinds with shy hops (bit per kind): their pieces are never a shy hopper's screen
    /// or victim; 0 in other games.
    pub shy_kinds: u32,
    pub castling: Option<CastlingRules>,
    pub promotion: Option<PromotionRules<B>>,
    /// The kind a promotion gives to the opponent (Kingmaker's king), if any.
    pub gift_kind: Option<usize>,
    /// Checks are more than geometric attacks on a royal: royals may not face each
    /// other (`RoyalsMayNotFace`), a piece attacks like another kind (`Borrowed`), or an
    /// unmoved royal attacks as a queen (`RoyalFirstMoveQueen`).
    pub special_checks: bool,
    /// The borrowing kind and its donors (`PieceMode::Borrowed`), read by the checks.
    pub borrowed: Option<(usize, [u8; 8])>,
    /// Which kind may not be left attacked.
    pub royalty: Royalty,
    /// What a capture removes.
    pub capture: CaptureRule<B>,
    /// `capture.restricts_victims()`, kept as a plain flag: the generators test it for
    /// every position, and a flag costs chess nothing where reading the capture rule's
    /// fields (explosions with permissions) cost it 1-2% of perft's instructions.
    pub victims_restricted: bool,
    /// `capture.limits_kinds()`, kept as a plain flag for the generator's long path
    /// (tafl's stops and passes, capture permissions): one byte test per kind there.
    pub kinds_limited: bool,
    /// Legality beyond "own royal not attacked".
    pub filters: MoveFilters,
    pub turn: TurnRule,
    /// With a secret bomb ([`TurnRule::SecretBomb`]): per square, the squares a
    /// detonation there clears (it and its neighbours); empty otherwise.
    pub bomb_blast: Vec<B>,
    /// With walls ([`TurnRule::Walling`]): per colour, the squares where that side may
    /// place a wall; empty otherwise.
    pub walling_region: [B; 2],
    /// What ends the game from the position alone, in the order checked.
    pub end: EndConditions<B>,
    /// Pieces whose movement follows the position.
    pub modes: PieceModes,
    /// What having no legal move means beyond mate and stalemate.
    pub no_move: NoMoveRule,
    /// The counting rule (Makruk), if any.
    pub counting: Option<Counting>,
    /// Which generator finds the legal moves, derived from the parts above.
    pub plan: GeneratorPlan,
    /// How the searcher may judge captures statically, derived from the parts.
    pub exchange: ExchangeRule,
    /// Per colour, the squares where an enemy unit intrudes (Xenophobic; empty
    /// elsewhere): read by the `IntrudersMustGo` filter and the outcome's check test.
    pub intrusion: [B; 2],
    /// Per colour of the side that double-steps: squares that may become en-passant
    /// squares.
    pub en_passant_zone: [B; 2],
    /// Pieces in hand and drops (`None`: the variant has no hands).
    pub hands: Option<HandRules<B>>,
    /// Promoted pieces the position marks (`None`: no hands and no shogi-style
    /// promotion).
    pub marks: Option<PromotionMarks>,
    /// The line-count movement's tables, where a kind moves so (Lines of Action).
    pub line_count: Option<LineCount<B>>,
    /// Squares vanish when a piece leaves them (Cheshire Cat; see
    /// `GoalRules::vanishing_squares`).
    pub vanishing: bool,
    /// `make_move` records departures: squares vanish, a royal's privilege is spent,
    /// a listed en-passant square's victim (`Position::ep_to`) changes, a reversible
    /// pawn step keeps the clock (one test per move for every other game).
    pub tracks_departures: bool,
    /// A kind lists its double steps (`PieceKind::custom`): `Position::departed` keeps
    /// the listed en-passant field (`Position::ep_to`).
    pub lists_ep: bool,
    /// What each side sees, in a game of hidden information (`Variant::fog`).
    pub vision: Option<VisionRules<B>>,
    pub zobrist: Zobrist,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RulesError(pub String);

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for RulesError {}

/// Bit set of kinds selected by letter.
pub(crate) fn kinds_mask(variant: &Variant, letters: &[char]) -> Result<u32, RulesError> {
    letters.iter().try_fold(0u32, |m, &l| {
        variant
            .kind_by_letter(l)
            .map(|k| m | 1 << k)
            .ok_or_else(|| RulesError(format!("variant {}: no piece '{l}'", variant.name)))
    })
}

fn split64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Zobrist {
    fn new(squares: usize, kinds: usize, files: usize) -> Zobrist {
        // Fixed seed: keys (and so anything hashed) are the same on every run.
        let mut seed = 0x5052_4F54_4541_4E21u64;
        let codes = 1 + 2 * MAX_KINDS;
        let _ = kinds;
        Zobrist {
            pieces: (0..codes * squares).map(|_| split64(&mut seed)).collect(),
            castling: (0..2 * squares).map(|_| split64(&mut seed)).collect(),
            en_passant: (0..files).map(|_| split64(&mut seed)).collect(),
            side: split64(&mut seed),
            checks: (0..32).map(|_| split64(&mut seed)).collect(),
            hand: (0..2 * MAX_KINDS * MAX_IN_HAND)
                .map(|i| {
                    let key = split64(&mut seed);
                    if i % MAX_IN_HAND == 0 {
                        0
                    } else {
                        key
                    }
                })
                .collect(),
            promoted: (0..squares).map(|_| split64(&mut seed)).collect(),
            // Drawn last, so every other key is what it was before gating existed.
            gates: (0..2 * squares).map(|_| split64(&mut seed)).collect(),
            // Drawn after the others for the same reason.
            captured: (0..512)
                .map(|i| {
                    let key = split64(&mut seed);
                    if i % 256 == 0 {
                        0
                    } else {
                        key
                    }
                })
                .collect(),
            fullmove: (0..1024).map(|_| split64(&mut seed)).collect(),
            arrival: (0..squares).map(|_| split64(&mut seed)).collect(),
            vanished: (0..squares).map(|_| split64(&mut seed)).collect(),
            privilege: [split64(&mut seed), split64(&mut seed)],
            // Drawn last (the bomb's, then the origins'), so every older key stays
            // what it was.
            bomb: (0..2 * (squares + 1)).map(|_| split64(&mut seed)).collect(),
            origin: (0..MAX_KINDS * squares)
                .map(|_| split64(&mut seed))
                .collect(),
        }
    }
}

/// The plain quiet leaps among `atoms` whose reverse is one too (see
/// [`KindRules::reversible`]).
fn reversible_steps(atoms: &[Atom]) -> Vec<(i8, i8)> {
    let quiet: Vec<(i8, i8)> = atoms
        .iter()
        .filter(|a| a.can_move && a.max_steps == 1 && a.hop == Hop::None && !a.initial_only)
        .map(|a| (a.dx, a.dy))
        .collect();
    quiet
        .iter()
        .copied()
        .filter(|&(dx, dy)| quiet.contains(&(-dx, -dy)))
        .collect()
}

/// `region` is the set of squares the kind may stand on (the whole board when it is
/// not confined): leaps and special leaps out of it are dropped here, so the attack
/// tables agree with the moves. A confined kind's riders become walkers that carry
/// `region_index` (its index in [`Rules::walk_regions`]): a region is a rectangle, so
/// a ray that leaves it never comes back, and masking what a walk reaches with the
/// region is the same as stopping at its edge.
fn compile_kind_moves<B: Bitboard>(
    tables: &Tables<B>,
    atoms: &[Atom],
    color: Color,
    initial_ranks: &[Vec<usize>; 2],
    region: B,
    region_index: Option<u8>,
) -> KindMoves<B> {
    let geo = tables.geo;
    let n = geo.squares();
    // Black's moves are White's turned half a circle, as Fairy-Stockfish turns them:
    // left and right swap too (Legan's pawns, which go for opposite corners).
    let flip = if color == WHITE { 1 } else { -1 };
    let initial_zone = relative_ranks(tables, &initial_ranks[color], color);
    let mut quiet_leaps = vec![B::EMPTY; n];
    let mut capture_leaps = vec![B::EMPTY; n];
    let mut special_lists: Vec<Vec<SpecialLeap<B>>> = vec![Vec::new(); n];
    let mut walkers = Vec::new();
    // Which of the 8 unit directions ride unlimited, for quiet moves and captures.
    let mut ride_quiet = [false; 8];
    let mut ride_capture = [false; 8];
    let unit_dirs = crate::board::magic::DIRECTIONS;
    for a in atoms {
        let (dx, dy) = (a.dx as i32 * flip, a.dy as i32 * flip);
        let lame_path: Vec<(i32, i32)> = a
            .lame_path()
            .iter()
            .map(|&(x, y)| (x as i32 * flip, y as i32 * flip))
            .collect();
        let unit = unit_dirs.iter().position(|&d| d == (dx, dy));
        if a.max_steps == 1 && a.hop == Hop::None && lame_path.is_empty() {
            // A plain leap allowed only from some squares (an `i` leap: Xiangqi's
            // soldier across the river) is a table entry from those squares alone.
            for sq in (0..n).filter(|&sq| !a.initial_only || initial_zone.has(sq)) {
                if let Some(t) = geo.offset(sq, dx, dy).filter(|&t| region.has(t)) {
                    if a.can_move {
                        quiet_leaps[sq] |= B::from_square(t);
                    }
                    if a.can_capture {
                        capture_leaps[sq] |= B::from_square(t);
                    }
                }
            }
        } else if a.max_steps == 1 && a.hop == Hop::None {
            for (sq, list) in special_lists.iter_mut().enumerate() {
                let Some(t) = geo.offset(sq, dx, dy).filter(|&t| region.has(t)) else {
                    continue;
                };
                let mut path = B::EMPTY;
                let mut on_board = true;
                // A leg through a wall of the board is blocked for good.
                for &(px, py) in &lame_path {
                    match geo.offset(sq, px, py).filter(|&p| tables.board.has(p)) {
                        Some(p) => path |= B::from_square(p),
                        None => on_board = false,
                    }
                }
                if on_board {
                    list.push(SpecialLeap {
                        to: t as u16,
                        path,
                        quiet: a.can_move,
                        capture: a.can_capture,
                        initial: a.initial_only,
                    });
                }
            }
        } else if let Some(d) =
            unit.filter(|_| a.max_steps == 0 && a.hop == Hop::None && !a.initial_only)
        {
            ride_quiet[d] |= a.can_move;
            ride_capture[d] |= a.can_capture;
        } else {
            walkers.push(Walker::from_atom(a, dx, dy, unit));
        }
    }
    // Full lines become table slides; partial sets of directions, and every line of a
    // confined kind, become walkers.
    let mut full = |dirs: std::ops::Range<usize>, flags: &[bool; 8], quiet: bool| -> bool {
        let all = region_index.is_none() && dirs.clone().all(|d| flags[d]);
        if !all {
            for d in dirs.filter(|&d| flags[d]) {
                walkers.push(Walker {
                    dx: unit_dirs[d].0,
                    dy: unit_dirs[d].1,
                    max_steps: 0,
                    quiet,
                    capture: !quiet,
                    hop: Hop::None,
                    initial: false,
                    unit: Some(d as u8),
                    lines: false,
                    shy: false,
                    region: None,
                });
            }
        }
        all
    };
    let quiet_orthogonal = full(0..4, &ride_quiet, true);
    let capture_orthogonal = full(0..4, &ride_capture, false);
    let quiet_diagonal = full(4..8, &ride_quiet, true);
    let capture_diagonal = full(4..8, &ride_capture, false);
    for w in &mut walkers {
        w.region = region_index;
    }
    let mut capture_leaps_from = vec![B::EMPTY; n];
    for (from, targets) in capture_leaps.iter().enumerate() {
        for t in targets.squares() {
            capture_leaps_from[t] |= B::from_square(from);
        }
    }
    let mut special_index = Vec::with_capacity(n);
    let mut specials = Vec::new();
    for list in special_lists {
        let start = specials.len() as u32;
        specials.extend(list);
        special_index.push((start, specials.len() as u32));
    }
    // The set-wise form knows no confinement.
    let shift = shift_form(tables, atoms, flip, &walkers, ride_quiet, ride_capture)
        .filter(|_| region == tables.board);
    let code = |quiet: bool, capture: bool| u8::from(quiet) | u8::from(capture) << 1;
    let has_quiet_leaps = quiet_leaps.iter().any(|b| b.any());
    let has_capture_leaps = capture_leaps.iter().any(|b| b.any());
    let leap_code = if quiet_leaps == capture_leaps && has_quiet_leaps {
        3
    } else if has_quiet_leaps || has_capture_leaps {
        // Mixed tables: the generator reads both.
        1
    } else {
        0
    };
    let reverse = reverse_captures(geo, &special_index, &specials, &walkers, initial_zone);
    KindMoves {
        reverse,
        leap_code,
        orthogonal_code: code(quiet_orthogonal, capture_orthogonal),
        diagonal_code: code(quiet_diagonal, capture_diagonal),
        shift,
        quiet_leaps,
        capture_leaps,
        capture_leaps_from,
        quiet_orthogonal,
        capture_orthogonal,
        quiet_diagonal,
        capture_diagonal,
        special_index,
        specials,
        slow: !walkers.is_empty(),
        plain: false,
        walkers,
        line_dirs: 0,
        initial_zone,
    }
}

/// Adds a kind's palace-line moves as walkers that start and land on the lines only
/// (see [`Walker::lines`]), marks its hoppers shy where the kind's hops are, and
/// rebuilds what depends on the walkers.
fn add_line_moves<B: Bitboard>(
    geo: Geometry,
    m: &mut KindMoves<B>,
    atoms: &[Atom],
    color: Color,
    shy: bool,
) {
    let flip = if color == WHITE { 1 } else { -1 };
    let unit_dirs = crate::board::magic::DIRECTIONS;
    for w in m.walkers.iter_mut() {
        w.shy = shy && w.hop != Hop::None;
    }
    for a in atoms {
        let (dx, dy) = (a.dx as i32 * flip, a.dy as i32 * flip);
        let unit = unit_dirs.iter().position(|&d| d == (dx, dy));
        m.walkers.push(Walker {
            initial: false,
            lines: true,
            shy: shy && a.hop != Hop::None,
            ..Walker::from_atom(a, dx, dy, unit)
        });
    }
    m.slow = !m.walkers.is_empty() || m.line_dirs != 0;
    if !atoms.is_empty() {
        // The set-wise form knows no lines.
        m.shift = None;
    }
    m.reverse = reverse_captures(
        geo,
        &m.special_index,
        &m.specials,
        &m.walkers,
        m.initial_zone,
    );
}

fn reverse_captures<B: Bitboard>(
    geo: Geometry,
    special_index: &[(u32, u32)],
    specials: &[SpecialLeap<B>],
    walkers: &[Walker],
    initial_zone: B,
) -> Option<ReverseCaptures<B>> {
    let unit_dirs = crate::board::magic::DIRECTIONS;
    let mut turned = Vec::new();
    for w in walkers.iter().filter(|w| w.capture) {
        if w.hop == Hop::Grasshopper {
            return None;
        }
        turned.push(Walker {
            dx: -w.dx,
            dy: -w.dy,
            quiet: false,
            unit: unit_dirs
                .iter()
                .position(|&d| d == (-w.dx, -w.dy))
                .filter(|_| w.unit.is_some())
                .map(|d| d as u8),
            ..*w
        });
    }
    let n = geo.squares();
    let mut lists: Vec<Vec<(u16, B)>> = vec![Vec::new(); n];
    for (from, &(start, end)) in special_index.iter().enumerate() {
        for s in &specials[start as usize..end as usize] {
            if s.capture && (!s.initial || initial_zone.has(from)) {
                lists[s.to as usize].push((from as u16, s.path));
            }
        }
    }
    let mut index = Vec::with_capacity(n);
    let mut flat = Vec::new();
    for l in lists {
        let start = flat.len() as u32;
        flat.extend(l);
        index.push((start, flat.len() as u32));
    }
    Some(ReverseCaptures {
        special_index: index,
        specials: flat,
        walkers: turned,
    })
}

/// The squares of ranks given relative to `color` (0 = that side's first rank); ranks
/// off the board are ignored.
pub(crate) fn relative_ranks<B: Bitboard>(tables: &Tables<B>, ranks: &[usize], color: Color) -> B {
    let n = tables.geo.ranks();
    ranks.iter().filter(|&&r| r < n).fold(B::EMPTY, |b, &r| {
        b | tables.ranks[if color == WHITE { r } else { n - 1 - r }]
    })
}

fn shift_of<B: Bitboard>(tables: &Tables<B>, dx: i32, dy: i32) -> Shift<B> {
    let geo = tables.geo;
    let sources = (0..geo.squares())
        .filter(|&sq| geo.offset(sq, dx, dy).is_some())
        .fold(B::EMPTY, |b, sq| b | B::from_square(sq));
    Shift {
        delta: (dy * geo.files() as i32 + dx) as isize,
        sources,
    }
}

/// The set-wise form of a kind whose moves are at most four single leaps plus an
/// optional initial, lame, quiet double step along its one quiet vector.
fn shift_form<B: Bitboard>(
    tables: &Tables<B>,
    atoms: &[Atom],
    flip: i32,
    walkers: &[Walker],
    ride_quiet: [bool; 8],
    ride_capture: [bool; 8],
) -> Option<ShiftMoves<B>> {
    if !walkers.is_empty() || ride_quiet.iter().chain(&ride_capture).any(|&r| r) || atoms.len() > 4
    {
        return None;
    }
    let mut quiet = Vec::new();
    let mut capture = Vec::new();
    let mut double = None;
    let plain: Vec<&Atom> = atoms.iter().filter(|a| !a.initial_only).collect();
    for a in &plain {
        if a.max_steps != 1 || a.hop != Hop::None || !a.lame_path().is_empty() {
            return None;
        }
        let (dx, dy) = (a.dx as i32 * flip, a.dy as i32 * flip);
        if a.can_move {
            quiet.push(shift_of(tables, dx, dy));
        }
        if a.can_capture {
            capture.push(shift_of(tables, dx, dy));
        }
    }
    for a in atoms.iter().filter(|a| a.initial_only) {
        let single = plain
            .iter()
            .find(|p| p.can_move && !p.can_capture && p.dx * 2 == a.dx && p.dy * 2 == a.dy);
        let is_double = a.max_steps == 1
            && a.hop == Hop::None
            && a.can_move
            && !a.can_capture
            && a.lame_path() == vec![(a.dx / 2, a.dy / 2)]
            && single.is_some()
            && double.is_none();
        if !is_double {
            return None;
        }
        let s = single.unwrap();
        double = Some(shift_of(tables, s.dx as i32 * flip, s.dy as i32 * flip));
    }
    Some(ShiftMoves {
        quiet,
        capture,
        double,
        double_promotes: false,
    })
}

impl<B: Bitboard> Rules<B> {
    pub fn new(variant: Arc<Variant>) -> Result<Rules<B>, RulesError> {
        let geo = Geometry::new(variant.files, variant.ranks).map_err(|e| RulesError(e.0))?;
        if geo.squares() > B::CAPACITY {
            return Err(RulesError(format!(
                "variant {}: {} squares do not fit this bitboard",
                variant.name,
                geo.squares()
            )));
        }
        if variant.pieces.is_empty() || variant.pieces.len() > MAX_KINDS {
            return Err(RulesError(format!(
                "variant {}: {} piece kinds (1..{MAX_KINDS} allowed)",
                variant.name,
                variant.pieces.len()
            )));
        }
        let walls = super::shape::board_walls(&variant)
            .into_iter()
            .fold(B::EMPTY, |b, (f, r)| b | B::from_square(geo.square(f, r)));
        let tables = Tables::<B>::shaped(geo, walls);
        let mut kinds = Vec::new();
        let mut walk_regions: Vec<B> = Vec::new();
        for p in &variant.pieces {
            let mut atoms = betza::parse_moves(&p.betza).map_err(|e| {
                RulesError(format!("variant {}, piece {}: {e}", variant.name, p.name))
            })?;
            if variant.goal.lame_corners.contains(&p.letter) {
                // The kind's lame leaps need their whole straight leg, corner included.
                if !atoms.iter().any(|a| a.lame) {
                    return Err(RulesError(format!(
                        "variant {}: proteanLameCorners names {}, which has no lame leap",
                        variant.name, p.name
                    )));
                }
                for a in atoms.iter_mut().filter(|a| a.lame) {
                    a.corner = true;
                }
            }
            let region = |c: Color| match &p.region {
                None => tables.board,
                Some(r) => {
                    let ranks: Vec<usize> = r.ranks.clone().collect();
                    let files = r
                        .files
                        .clone()
                        .filter(|&f| f < geo.files())
                        .fold(B::EMPTY, |b, f| b | tables.files[f]);
                    relative_ranks(&tables, &ranks, c) & files & tables.board
                }
            };
            // A confined kind's riders walk within its region (one per colour).
            let confined = Color::both().map(|c| region(c) != tables.board);
            let mut region_index = [None; 2];
            for c in Color::both() {
                if confined[c.index()] {
                    region_index[c.index()] = Some(walk_regions.len() as u8);
                    walk_regions.push(region(c));
                }
            }
            // A line-count kind's Betza riders name its directions; it has no other
            // moves.
            let line_count = variant.goal.line_count_moves.contains(&p.letter);
            let mut line_dirs = [0u8; 2];
            if line_count {
                for c in Color::both() {
                    line_dirs[c.index()] = line_count::directions(&atoms, c).map_err(|e| {
                        RulesError(format!("variant {}, piece {}: {e}", variant.name, p.name))
                    })?;
                }
            }
            let atoms = if line_count { Vec::new() } else { atoms };
            let mut moves = Color::both().map(|c| {
                compile_kind_moves(
                    &tables,
                    &atoms,
                    c,
                    &p.initial_ranks,
                    region(c),
                    region_index[c.index()],
                )
            });
            if !p.line_moves.is_empty() || p.shy_hops {
                let line_atoms = if p.line_moves.is_empty() {
                    Vec::new()
                } else {
                    betza::parse(&p.line_moves).map_err(|e| {
                        RulesError(format!(
                            "variant {}, piece {} (line moves): {e}",
                            variant.name, p.name
                        ))
                    })?
                };
                for (c, m) in Color::both().into_iter().zip(moves.iter_mut()) {
                    add_line_moves(geo, m, &line_atoms, c, p.shy_hops);
                }
            }
            for (m, dirs) in moves.iter_mut().zip(line_dirs) {
                if dirs != 0 {
                    m.line_dirs = dirs;
                    m.slow = true;
                    // Every piece of the kind goes through the per-piece loop.
                    m.shift = None;
                }
            }
            let simple_captures = !line_count
                && moves[WHITE].walkers.iter().all(|w| !w.capture)
                && moves[WHITE].specials.iter().all(|s| !s.capture);
            let colorbound = atoms.iter().all(|a| (a.dx + a.dy) % 2 == 0);
            let other_color = variant
                .goal
                .other_color_letters
                .iter()
                .find(|(k, _)| *k == p.letter)
                .map(|&(_, l)| l.to_ascii_uppercase());
            let written = other_color.unwrap_or(p.letter);
            kinds.push(KindRules {
                letter: p.letter,
                san_letter: p
                    .san_letter
                    .filter(|&c| c != '-')
                    .unwrap_or(written)
                    .to_ascii_uppercase(),
                san_without_letter: p.promotes && (!p.custom || p.san_letter == Some('-')),
                region: Color::both().map(region),
                written,
                other_case: other_color.is_some(),
                royal: p.royal,
                promotes: p.promotes,
                en_passant: p.en_passant,
                custom: p.custom,
                resets_clock: p.resets_clock.unwrap_or(p.promotes),
                reversible: reversible_steps(&atoms),
                minor: p.minor,
                colorbound,
                moves,
                simple_captures,
                promotion: None,
                unpromoted: None,
                demotes: false,
            });
        }
        kind_promotion::compile(&variant, &tables, &mut kinds)?;
        let royalty = Royalty::compile(&variant, &kinds)?;
        let line_count = if variant.goal.line_count_moves.is_empty() {
            None
        } else {
            // Attack tests (checks, SEE) do not trace line-count captures.
            if royalty.kind().is_some() {
                return Err(RulesError(format!(
                    "variant {}: line-count movers in a game with a royal piece are not \
                     supported",
                    variant.name
                )));
            }
            Some(LineCount::new(&tables))
        };
        let mask_of = |f: &dyn Fn(&KindRules<B>) -> bool| -> u32 {
            (0..kinds.len())
                .filter(|&k| f(&kinds[k]))
                .fold(0, |m, k| m | 1 << k)
        };
        let orthogonal_capturers = mask_of(&|k| k.moves[WHITE].capture_orthogonal);
        let diagonal_capturers = mask_of(&|k| k.moves[WHITE].capture_diagonal);
        let leap_capturers: Vec<usize> = (0..kinds.len())
            .filter(|&k| kinds[k].moves[WHITE].capture_leaps.iter().any(|b| b.any()))
            .collect();
        let leap_attacks = [WHITE, BLACK].map(|c| {
            (0..geo.squares())
                .flat_map(|sq| {
                    let kinds = &kinds;
                    leap_capturers
                        .iter()
                        .map(move |&k| kinds[k].moves[c].capture_leaps_from[sq])
                })
                .collect()
        });
        let complex_capturers: Vec<usize> = (0..kinds.len())
            .filter(|&k| !kinds[k].simple_captures)
            .collect();
        let diagonal_lines = variant
            .palace
            .diagonal_lines
            .iter()
            .try_fold(B::EMPTY, |b, &sq| {
                (sq < geo.squares()).then(|| b | B::from_square(sq))
            })
            .ok_or_else(|| {
                RulesError(format!(
                    "variant {}: a diagonal-line square off the board",
                    variant.name
                ))
            })?;
        let shy_kinds = (0..variant.pieces.len())
            .filter(|&k| variant.pieces[k].shy_hops)
            .fold(0u32, |m, k| m | 1 << k);
        if variant.pseudo_royalty.is_some() && variant.explosion.is_some() {
            // Fairy-Stockfish's blast rules for them (a move may not blow up its own,
            // touching ones are immune) are not built.
            return Err(RulesError(format!(
                "variant {}: extinctionPseudoRoyal with blastOnCapture is not implemented",
                variant.name
            )));
        }
        let castling = match &variant.castling {
            None => None,
            Some(c) => {
                let king_kind = variant.kind_by_letter(c.king_letter).ok_or_else(|| {
                    RulesError(format!(
                        "variant {}: no castling king '{}'",
                        variant.name, c.king_letter
                    ))
                })?;
                if c.king_files
                    .iter()
                    .chain(&c.rook_files)
                    .any(|&f| f >= geo.files())
                {
                    return Err(RulesError(format!(
                        "variant {}: castling files off the board",
                        variant.name
                    )));
                }
                Some(CastlingRules {
                    king_kind,
                    king_royal: kinds[king_kind].royal,
                    king_pseudo_royal: variant.pseudo_royalty.as_ref().is_some_and(|p| {
                        p.kinds
                            .iter()
                            .any(|l| l.eq_ignore_ascii_case(&c.king_letter))
                    }),
                    into_check: variant.goal.self_check.is_some(),
                    king_files: c.king_files,
                    rook_files: c.rook_files,
                    rook_kinds: kinds_mask(&variant, &c.rook_letters)?,
                    rank: c.rank,
                    king_file: c.king_file,
                    opposite: c.opposite,
                })
            }
        };
        let promotion = match &variant.promotion {
            None => None,
            Some(p) => {
                let zone = Color::both().map(|c| {
                    p.squares[c]
                        .iter()
                        .filter(|&&(f, r)| f < geo.files() && r < geo.ranks())
                        .fold(relative_ranks(&tables, &p.ranks, c), |b, &(f, r)| {
                            b | B::from_square(geo.square(f, r))
                        })
                });
                let optional =
                    Color::both().map(|c| relative_ranks(&tables, &p.optional_ranks, c) & !zone[c]);
                let kinds_of = |letters: &[char]| {
                    letters
                        .iter()
                        .map(|&l| {
                            variant.kind_by_letter(l).map(|k| k as u8).ok_or_else(|| {
                                RulesError(format!("variant {}: no piece '{l}'", variant.name))
                            })
                        })
                        .collect::<Result<Vec<_>, _>>()
                };
                let targets = [
                    kinds_of(p.targets_of(WHITE))?,
                    kinds_of(p.targets_of(BLACK))?,
                ];
                kinds_mask(&variant, &p.limits.iter().map(|l| l.0).collect::<Vec<_>>())?;
                let limits_of = |letters: &[char]| -> Vec<u32> {
                    letters
                        .iter()
                        .map(|t| {
                            p.limits
                                .iter()
                                .find(|l| l.0.eq_ignore_ascii_case(t))
                                .map_or(u32::MAX, |l| l.1)
                        })
                        .collect()
                };
                let limits = (!p.limits.is_empty()).then(|| {
                    [
                        limits_of(p.targets_of(WHITE)),
                        limits_of(p.targets_of(BLACK)),
                    ]
                });
                Some(PromotionRules {
                    zone,
                    optional,
                    targets,
                    limits,
                })
            }
        };
        for kind in &mut kinds {
            for c in Color::both() {
                let zone = kind.moves[c].initial_zone;
                let Some(sh) = &mut kind.moves[c].shift else {
                    continue;
                };
                let Some(d) = sh.double else {
                    continue;
                };
                let lands = d.apply(d.apply(zone));
                sh.double_promotes = kind.promotion.is_some()
                    || (kind.promotes
                        && promotion
                            .as_ref()
                            .is_some_and(|p| (lands & (p.zone[c] | p.optional[c])).any()));
            }
        }
        let gift_kind = match variant.goal.gift_promotion {
            None => None,
            Some(l) => Some(variant.kind_by_letter(l).ok_or_else(|| {
                RulesError(format!(
                    "variant {}: no piece '{}' to promote to",
                    variant.name, l
                ))
            })?),
        };
        let capture = CaptureRule::compile(&variant, geo, tables.board)?;
        // Per-kind limits of the capture rule are part of what makes a kind not plain,
        // so the generator's short loop tests one flag per kind.
        let limited = capture.limits_kinds();
        for kind in &mut kinds {
            let promotes = kind.promotes || kind.promotion.is_some() || kind.demotes;
            for m in &mut kind.moves {
                m.plain = !promotes && !limited && m.only_plain_moves();
            }
        }
        let end = EndConditions::compile(&variant, geo, &capture)?;
        let filters = MoveFilters::of(&variant);
        let turn = TurnRule::of(&variant)?;
        let modes = PieceModes::of(&variant)?;
        let no_move = NoMoveRule::of(&variant);
        // A wall of the board stops slides and lame leaps through the tables; the
        // generator's walkers (limited or hopping rides) step by geometry alone.
        if walls.any() {
            if let Some(k) = kinds.iter().find(|k| {
                k.moves
                    .iter()
                    .any(|m| !m.walkers.is_empty() || m.line_dirs != 0)
            }) {
                return Err(RulesError(format!(
                    "variant {}: piece {}'s limited or hopping rides cannot cross a board \
                     with walls (only slides, leaps and lame leaps are supported there)",
                    variant.name, k.letter
                )));
            }
        }
        let exchange = ExchangeRule::derive(&capture, &filters, turn, &modes, line_count.is_some());
        let en_passant_zone =
            Color::both().map(|c| relative_ranks(&tables, &variant.en_passant_ranks, c));
        let hands = HandRules::new(&variant, &tables, &kinds)?;
        let marks = PromotionMarks::new(&variant, &kinds)?;
        // `make` reads the hands only where there are marks.
        debug_assert!(hands.is_none() || marks.is_some());
        let zobrist = Zobrist::new(geo.squares(), kinds.len(), geo.files());
        let plan = GeneratorPlan::derive(
            royalty,
            &capture,
            &filters,
            turn,
            hands.as_ref(),
            &modes,
            no_move,
            &kinds,
            &complex_capturers,
            variant.palace.pass,
        );
        let mut intrusion = [B::EMPTY; 2];
        for name in &variant.goal.intrusion {
            let sq = geo.parse_square(name).ok_or_else(|| {
                RulesError(format!(
                    "variant {}: intrusion square '{name}' is off the board",
                    variant.name
                ))
            })?;
            intrusion[WHITE] |= B::from_square(sq);
            let mirror = geo.square(geo.file_of(sq), geo.ranks() - 1 - geo.rank_of(sq));
            intrusion[BLACK] |= B::from_square(mirror);
        }
        let vanishing = variant.goal.vanishing_squares;
        let bomb_blast = match turn {
            TurnRule::SecretBomb => (0..geo.squares())
                .map(|sq| {
                    let mut blast = B::from_square(sq);
                    for (dx, dy) in [
                        (-1, -1),
                        (0, -1),
                        (1, -1),
                        (-1, 0),
                        (1, 0),
                        (-1, 1),
                        (0, 1),
                        (1, 1),
                    ] {
                        if let Some(to) = geo.offset(sq, dx, dy) {
                            blast |= B::from_square(to);
                        }
                    }
                    blast
                })
                .collect(),
            TurnRule::OneMove
            | TurnRule::PlaceCaptured(_)
            | TurnRule::Walling(_)
            | TurnRule::TwoStepEvasions
            | TurnRule::PlaceFromPool
            | TurnRule::Mirror(_) => Vec::new(),
        };
        let mut walling_region = [B::EMPTY; 2];
        if let Some(w) = &variant.walling {
            for c in Color::both() {
                walling_region[c] = match &w.region[c] {
                    None => tables.board,
                    Some(names) => names.iter().try_fold(B::EMPTY, |set, name| {
                        geo.parse_square(name)
                            .map(|sq| set | B::from_square(sq))
                            .ok_or_else(|| {
                                RulesError(format!(
                                    "variant {}: walling square '{name}' is off the board",
                                    variant.name
                                ))
                            })
                    })?,
                };
            }
        }
        // The bombs follow their units in `make_move`'s departure step.
        // So do the walls of a walling game, the en-passant victims of kinds that
        // list their double steps (`Position::ep_to`) and the clock kept by reversible
        // pawn steps.
        let lists_ep = kinds.iter().any(|k| k.custom);
        let tracks_departures = vanishing
            || modes.first_move_queen().is_some()
            || modes.gate_moves().is_some()
            || !bomb_blast.is_empty()
            || variant.walling.is_some()
            || lists_ep
            || kinds
                .iter()
                .any(|k| k.resets_clock && !k.reversible.is_empty());
        let counting = Counting::of(&variant);
        let vision = match &variant.fog {
            Some(fog) => Some(VisionRules::compile(fog, &variant, geo)?),
            None => None,
        };
        Ok(Rules {
            intrusion,
            variant,
            geo,
            tables,
            kinds,
            orthogonal_capturers,
            diagonal_capturers,
            leap_capturers,
            leap_attacks,
            complex_capturers,
            diagonal_lines,
            walk_regions,
            shy_kinds,
            castling,
            promotion,
            gift_kind,
            special_checks: filters.has(super::parts::MoveFilter::RoyalsMayNotFace)
                || modes.borrowed().is_some()
                || modes.first_move_queen().is_some(),
            borrowed: modes.borrowed(),
            royalty,
            victims_restricted: capture.restricts_victims(),
            kinds_limited: limited,
            capture,
            filters,
            turn,
            bomb_blast,
            walling_region,
            end,
            modes,
            no_move,
            counting,
            plan,
            exchange,
            en_passant_zone,
            hands,
            marks,
            line_count,
            vanishing,
            tracks_departures,
            lists_ep,
            vision,
            zobrist,
        })
    }

    #[inline(always)]
    pub fn moves(&self, kind: usize, color: Color) -> &KindMoves<B> {
        &self.kinds[kind].moves[color]
    }
}
