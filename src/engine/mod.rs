//! The game a front end drives: a position of whichever bitboard instance the variant's
//! board needs, behind one enum so protocol code never sees the type parameter (and the
//! hot loops stay monomorphised, with no dynamic dispatch inside).

pub mod bench;
pub mod variant_file;

use crate::board::{Bitboard, Wide};
use crate::eval::{Eval, ParamFile};
use crate::movegen::perft;
use crate::position::{FenError, Outcome, Position};
use crate::search::{
    self, Control, Limits, Report, SearchMemory, SearchResult, Settings, TranspositionTable,
};
use crate::variant::rules::Rules;
use crate::variant::{chess960, find_variant, Setup, Variant};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

/// Compiled rules by variant name, for one bitboard type.
type RulesCache<B> = OnceLock<Mutex<HashMap<String, Arc<Rules<B>>>>>;

/// Compiled rules are built once per variant and bitboard type, then shared.
fn cached_rules<B: Bitboard>(
    cache: &'static RulesCache<B>,
    variant: &Arc<Variant>,
) -> Result<Arc<Rules<B>>, String> {
    let map = cache.get_or_init(|| Mutex::new(HashMap::new()));
    let mut map = map.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(r) = map.get(&variant.name) {
        if *r.variant == **variant {
            return Ok(r.clone());
        }
    }
    let rules = Arc::new(Rules::<B>::new(variant.clone()).map_err(|e| e.to_string())?);
    map.insert(variant.name.clone(), rules.clone());
    Ok(rules)
}

static SMALL: RulesCache<u64> = OnceLock::new();
static MEDIUM: RulesCache<u128> = OnceLock::new();
static LARGE: RulesCache<Wide> = OnceLock::new();

/// A position on the smallest bitboard type that holds the variant's board.
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

impl Game {
    /// Sets up `fen` (or the variant's start position when `None`).
    pub fn new(variant: &Arc<Variant>, fen: Option<&str>) -> Result<Game, String> {
        let fen = fen.unwrap_or(&variant.start_fen);
        let squares = variant.files * variant.ranks;
        let fen_err = |e: FenError| e.to_string();
        Ok(if squares <= 64 {
            Game::Small(Position::from_fen(cached_rules(&SMALL, variant)?, fen).map_err(fen_err)?)
        } else if squares <= 128 {
            Game::Medium(Position::from_fen(cached_rules(&MEDIUM, variant)?, fen).map_err(fen_err)?)
        } else {
            let pos = Position::from_fen(cached_rules(&LARGE, variant)?, fen).map_err(fen_err)?;
            Game::Large(Box::new(pos))
        })
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

/// A static evaluation, term by term.
#[derive(Clone, Debug)]
pub struct EvalReport {
    /// Where the parameters came from (`generic`, `nets/chess.txt`, a path).
    pub source: String,
    /// The score from the side to move's side, as the search sees it.
    pub score: i32,
    /// White's score.
    pub white: i32,
    pub phase: i32,
    pub full_phase: i32,
    /// Per parameter line (`rank N`, `passed`): White's middlegame and endgame share.
    pub terms: Vec<(String, i32, i32)>,
}

impl Game {
    /// The evaluation parameters the search would use for this game's variant.
    pub fn eval_params(&self, file: Option<&ParamFile>) -> Vec<crate::eval::Pair> {
        with_position!(self, p => Eval::select(p.rules(), file).params().to_vec())
    }

    /// The static evaluation of the position with `file`'s parameters where it names the
    /// variant, else the embedded or generic ones.
    pub fn static_eval(&self, file: Option<&ParamFile>) -> EvalReport {
        fn report<B: Bitboard>(p: &Position<B>, file: Option<&ParamFile>) -> EvalReport {
            use crate::eval::Evaluator;
            let eval = Eval::select(p.rules(), file);
            let (net, phase) = eval.trace(p);
            let layout = eval.layout();
            let terms = layout
                .entries
                .iter()
                .filter_map(|e| {
                    let range = e.offset..e.offset + e.len;
                    let (mg, eg) = range.fold((0, 0), |(mg, eg), i| {
                        (
                            mg + net[i] * eval.params()[i].mg,
                            eg + net[i] * eval.params()[i].eg,
                        )
                    });
                    let name = match e.kind {
                        Some(k) => format!("{} {}", e.section.name(), layout.letters[k]),
                        None => e.section.name().to_string(),
                    };
                    (mg != 0 || eg != 0).then_some((name, mg, eg))
                })
                .collect();
            let score = eval.evaluate(p);
            EvalReport {
                source: eval.source().to_string(),
                score,
                white: if p.side_to_move() == crate::variant::WHITE {
                    score
                } else {
                    -score
                },
                phase,
                full_phase: eval.full_phase(),
                terms,
            }
        }
        with_position!(self, p => report(p, file))
    }
}

/// Checks an evaluation parameter file against every variant it names (each must be
/// known and have every parameter the file sets); returns the variants' names.
pub fn check_eval_file(file: &ParamFile) -> Result<Vec<String>, String> {
    fn fits<B: Bitboard>(rules: &Rules<B>, file: &ParamFile) -> Result<(), String> {
        Eval::from_file(rules, file).map(|_| ())
    }
    let mut names = Vec::new();
    for name in &file.variants {
        let v = find_variant(name).ok_or_else(|| {
            format!(
                "{}: unknown variant '{name}' on the variant line",
                file.source
            )
        })?;
        let squares = v.files * v.ranks;
        if squares <= 64 {
            fits(&*cached_rules(&SMALL, &v)?, file)?;
        } else if squares <= 128 {
            fits(&*cached_rules(&MEDIUM, &v)?, file)?;
        } else {
            fits(&*cached_rules(&LARGE, &v)?, file)?;
        }
        names.push(v.name.clone());
    }
    Ok(names)
}

/// The start FEN of a variant's setup `index`, or of a seeded random setup.
pub fn start_fen(
    variant: &Variant,
    index: Option<u32>,
    seed: Option<u64>,
) -> Result<String, String> {
    match &variant.setup {
        Setup::ShuffledBackRank { .. } | Setup::ShuffledBoard => {
            crate::variant::shuffle::shuffled_fen(variant, index, seed)
        }
        Setup::Fixed => {
            if index.is_some() || seed.is_some() {
                Err(format!(
                    "variant {} has a fixed start position",
                    variant.name
                ))
            } else {
                Ok(variant.start_fen.clone())
            }
        }
        Setup::Chess960 => {
            let index = match (index, seed) {
                (Some(i), _) => i,
                (None, Some(s)) => (crate::variant::shuffle::splitmix(s) % 960) as u32,
                (None, None) => 518,
            };
            chess960::start_fen(index)
                .ok_or_else(|| format!("Chess960 index {index} is not in 0..959"))
        }
    }
}
