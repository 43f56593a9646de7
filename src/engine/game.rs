//! The one place that chooses a bitboard type for a variant's board.
//!
//! A variant runs on the smallest of `u64`, `u128` and `Wide` that holds its squares.
//! [`Game`] is a position of that instance behind one enum, so front ends never see the
//! type parameter and the hot loops stay monomorphised; [`with_position!`] runs the same
//! code on whichever instance a game holds. Work that needs the compiled rules rather
//! than a position (tuning, parameter checks) implements [`OnBoard`] and goes through
//! [`on_board`]. Compiled rules are built once per variant and type, then shared.
//! Nothing outside this file names the three types to pick one.

use crate::board::{Bitboard, Wide};
use crate::hidden::{self, Observation, ObservationHistory};
use crate::movegen::perft;
use crate::position::{Outcome, Position};
use crate::search::{
    self, Control, Limits, Report, SearchMemory, SearchResult, Settings, TranspositionTable,
};
use crate::variant::rules::Rules;
use crate::variant::{find_variant, Color, Variant};
use std::any::{Any, TypeId};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

/// A position on the smallest bitboard type that holds the variant's board.
// The u64 and u128 positions differ by about 200 bytes (the lint's threshold), the
// u128 one padded to 16-byte alignment; a session holds one game, so the padding
// costs nothing, and boxing the 10x8 position would put a pointer in front of it.
#[allow(clippy::large_enum_variant)]
#[derive(Clone)]
pub enum Game {
    Small(Position<u64>),
    Medium(Position<u128>),
    /// Boxed: a wide position is several times the size of the others.
    Large(Box<Position<Wide>>),
}

/// Runs the same code on whichever instance the game holds.
macro_rules! with_position {
    ($game:expr, $pos:ident => $body:expr) => {
        match $game {
            Game::Small($pos) => $body,
            Game::Medium($pos) => $body,
            Game::Large($pos) => $body,
        }
    };
}
pub(crate) use with_position;

/// Work that runs on the variant's bitboard instance.
pub trait OnBoard {
    type Output;
    fn run<B: Bitboard>(self, rules: Arc<Rules<B>>) -> Self::Output;
}

/// Compiles (or finds) the variant's rules for the bitboard type its board needs and
/// runs `work` on them.
pub fn on_board<W: OnBoard>(variant: &Arc<Variant>, work: W) -> Result<W::Output, String> {
    struct Generic<W>(W);
    impl<W: OnBoard> Dispatch for Generic<W> {
        type Output = W::Output;
        fn run<B: Instance>(self, rules: Arc<Rules<B>>) -> W::Output {
            self.0.run(rules)
        }
    }
    dispatch(variant, Generic(work))
}

/// The three instances, each knowing its place in [`Game`].
trait Instance: Bitboard {
    fn wrap(pos: Position<Self>) -> Game;
}

impl Instance for u64 {
    fn wrap(pos: Position<u64>) -> Game {
        Game::Small(pos)
    }
}

impl Instance for u128 {
    fn wrap(pos: Position<u128>) -> Game {
        Game::Medium(pos)
    }
}

impl Instance for Wide {
    fn wrap(pos: Position<Wide>) -> Game {
        Game::Large(Box::new(pos))
    }
}

/// [`OnBoard`] with the instance's link to [`Game`].
trait Dispatch {
    type Output;
    fn run<B: Instance>(self, rules: Arc<Rules<B>>) -> Self::Output;
}

/// The size choice itself.
fn dispatch<D: Dispatch>(variant: &Arc<Variant>, work: D) -> Result<D::Output, String> {
    let squares = variant.files * variant.ranks;
    Ok(if squares <= u64::CAPACITY {
        work.run(cached_rules::<u64>(variant)?)
    } else if squares <= u128::CAPACITY {
        work.run(cached_rules::<u128>(variant)?)
    } else {
        work.run(cached_rules::<Wide>(variant)?)
    })
}

/// Compiled rules by bitboard type and variant name.
type RulesCache = Mutex<HashMap<(TypeId, String), Arc<dyn Any + Send + Sync>>>;

fn cached_rules<B: Bitboard>(variant: &Arc<Variant>) -> Result<Arc<Rules<B>>, String> {
    static CACHE: OnceLock<RulesCache> = OnceLock::new();
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    let mut map = cache.lock().unwrap_or_else(|e| e.into_inner());
    let key = (TypeId::of::<B>(), variant.name.clone());
    if let Some(rules) = map
        .get(&key)
        .and_then(|r| r.clone().downcast::<Rules<B>>().ok())
    {
        // A user file may have redefined the name since.
        if *rules.variant == **variant {
            return Ok(rules);
        }
    }
    let rules = Arc::new(Rules::<B>::new(variant.clone()).map_err(|e| e.to_string())?);
    map.insert(key, rules.clone());
    Ok(rules)
}

impl Game {
    /// Sets up `fen` (or the variant's start position when `None`).
    pub fn new(variant: &Arc<Variant>, fen: Option<&str>) -> Result<Game, String> {
        struct SetUp<'a>(&'a str);
        impl Dispatch for SetUp<'_> {
            type Output = Result<Game, String>;
            fn run<B: Instance>(self, rules: Arc<Rules<B>>) -> Result<Game, String> {
                Position::from_fen(rules, self.0)
                    .map(B::wrap)
                    .map_err(|e| e.to_string())
            }
        }
        dispatch(variant, SetUp(fen.unwrap_or(&variant.start_fen)))?
    }

    /// Looks the variant up by name first.
    pub fn by_name(name: &str, fen: Option<&str>) -> Result<Game, String> {
        let v = find_variant(name).ok_or_else(|| format!("unknown variant '{name}'"))?;
        Game::new(&v, fen)
    }

    pub fn variant(&self) -> &Arc<Variant> {
        with_position!(self, p => &p.rules().variant)
    }

    pub fn fen(&self) -> String {
        with_position!(self, p => p.to_fen())
    }

    /// Whether the variant hides something from the players (a fog rule, secret
    /// bombs).
    pub fn has_fog(&self) -> bool {
        self.variant().fog.is_some() || self.variant().secret_bomb
    }

    /// The observation of `viewer` (see [`crate::hidden`]), in a game with a fog rule
    /// or secret bombs.
    pub fn observation_of(&self, viewer: Color) -> Option<Observation> {
        with_position!(self, p => hidden::view::observe(p, viewer))
    }

    /// What `viewer` observed of the game from this position on through `moves` (the
    /// referee's record, `hidden::view::record`), in a game with a fog rule.
    pub fn observation_history(
        &self,
        moves: &[String],
        viewer: Color,
    ) -> Result<Option<ObservationHistory>, String> {
        with_position!(self, p => hidden::view::record(p, moves, viewer))
    }

    /// Observation mode (rule book §3.2): the history that `fog`'s tokens give after
    /// this position, the public start.
    pub fn observed_history(&self, tokens: &[&str]) -> Result<ObservationHistory, String> {
        with_position!(self, p => hidden::input::history_from_tokens(p, tokens))
            .map_err(|e| e.to_string())
    }

    /// Observation mode: one observation FEN (`position fogfen`, XBoard's `setboard`
    /// with `?` squares) as a history, read on this game's board.
    pub fn observed_fen(&self, text: &str) -> Result<ObservationHistory, String> {
        with_position!(self, p => hidden::input::history_from_fen(p.rules(), text))
            .map_err(|e| e.to_string())
    }

    /// The side to move's observation, in a game with a fog rule (what `d` prints).
    pub fn observation(&self) -> Option<Observation> {
        self.observation_of(Color::white_if(self.white_to_move()))
    }

    pub fn key(&self) -> u64 {
        with_position!(self, p => p.key())
    }

    /// Whether White is to move (which clock applies).
    pub fn white_to_move(&self) -> bool {
        with_position!(self, p => p.side_to_move() == crate::variant::WHITE)
    }

    pub fn set_chess960(&mut self, on: bool) {
        with_position!(self, p => p.set_chess960(on))
    }

    /// Whether castling is written king-takes-rook (Chess960 mode).
    pub fn chess960(&self) -> bool {
        with_position!(self, p => p.chess960())
    }

    /// Whether `text` (UCI notation) is a legal castling move here.
    pub fn is_castling(&self, text: &str) -> bool {
        use crate::position::MoveKind;
        with_position!(self, p => p
            .parse_uci_move(text)
            .is_ok_and(|m| m.kind() == MoveKind::Castle))
    }

    /// Plays a move given in UCI notation; on error the position is unchanged.
    pub fn play_uci(&mut self, text: &str) -> Result<(), String> {
        with_position!(self, p => {
            let m = p.parse_uci_move(text)?;
            p.make_move(m);
            Ok(())
        })
    }

    /// The number of the next full move (1 at the start, up after each Black move).
    pub fn fullmove_number(&self) -> u32 {
        with_position!(self, p => p.fullmove_number())
    }

    /// A line of moves given in UCI notation, in SAN (see `position::san`), up to the
    /// first move that is not legal where it is played.
    pub fn san_line(&self, uci: &[String]) -> Vec<String> {
        with_position!(self, p => {
            let mut pos = p.clone();
            let mut line = Vec::with_capacity(uci.len());
            for text in uci {
                let Ok(m) = pos.parse_uci_move(text) else { break };
                line.push(pos.move_to_san(m));
                pos.make_move(m);
            }
            line
        })
    }

    pub fn legal_moves_uci(&self) -> Vec<String> {
        with_position!(self, p => p.legal_moves().as_slice().iter().map(|&m| p.move_to_uci(m)).collect())
    }

    /// The game's end under the variant's rules, if it has ended.
    pub fn outcome(&self) -> Option<Outcome> {
        with_position!(self, p => p.outcome())
    }

    /// Searches the position (see [`search::think`]); the game itself is not changed.
    /// `memory` is the game's search memory (cleared for a new game by the caller).
    pub fn search(
        &self,
        limits: &Limits,
        settings: &Settings,
        tt: &TranspositionTable,
        control: &Control,
        memory: &mut SearchMemory,
        report: &mut (dyn FnMut(&Report) + Send),
    ) -> SearchResult {
        with_position!(self, p => search::think(p, limits, settings, tt, control, memory, report))
    }

    /// Checks that every move is a legal move of this position (UCI notation).
    pub fn check_moves(&self, moves: &[String]) -> Result<(), String> {
        with_position!(self, p => {
            for m in moves {
                p.parse_uci_move(m)?;
            }
            Ok(())
        })
    }

    pub fn perft(&mut self, depth: u32) -> u64 {
        with_position!(self, p => perft::perft(p, depth))
    }

    /// Per root move: (UCI move, leaf count).
    pub fn divide(&mut self, depth: u32) -> Vec<(String, u64)> {
        with_position!(self, p => {
            perft::divide(p, depth)
                .into_iter()
                .map(|(m, n)| (p.move_to_uci(m), n))
                .collect()
        })
    }
}
