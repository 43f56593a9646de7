//! One engine session: everything a front end (UCI, XBoard) drives, with no protocol
//! text in it. It owns
//!
//! - the game: the variant and the [`History`] (start position and moves played), so
//!   `position ... moves`, user moves, the engine's own moves, take-backs and
//!   repetition all go through one place;
//! - the options ([`options::OPTIONS`]: validation here, descriptions in the table):
//!   `Threads`, `MultiPV`, `Move Overhead`, `Ponder`, `UCI_Chess960`, the evaluation
//!   parameters (`EvalFile`) and the user variant file (`VariantPath`);
//! - the long-lived [`SearchState`] (the transposition table), cleared by one call on a
//!   new game;
//! - the search's life cycle ([`Runner`]): start a search on its own thread with limits
//!   and a [`Listener`] for its reports, stop, ponder hit, wait for the result;
//! - in a hidden-information game the honest player plays, its input: the referee's
//!   record of the history (`FogInput referee`) or the observations given directly
//!   (`FogInput observation`, [`set_observations`](Session::set_observations); then
//!   the history holds only the public start position and ordinary positions are
//!   refused).
//!
//! Every call that changes the game first ends a running search (its move, if already
//! announced, is kept), so the game never changes under a search; options that only
//! shape the next search (hash size, threads, MultiPV...) leave a running one alone. A
//! refused call returns a [`SessionError`] and changes nothing.

use super::error::{clip, SessionError};
use super::fog_play::{planner_covers, sees_everything, FogMemory, PlanJob};
use super::game::Game;
use super::history::History;
use super::options::{
    self, OptionId, Value, DEFAULT_BELIEF_CAP, DEFAULT_HASH_MB, EMBEDDED, FOG_OBSERVATION,
    FOG_REFEREE, NO_FILE,
};
use super::runner::{Job, Listener, Runner, Status, Task};
use super::search_state::SearchState;
use super::variant_file::{load_variants_file, LoadReport};
use super::{check_eval_file, check_network};
use crate::eval::ParamFile;
use crate::hidden::planner::PlanOptions;
use crate::hidden::ObservationHistory;
use crate::search::{Limits, Settings};
use crate::variant::{find_variant, Variant};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::{Arc, Mutex};

/// What an accepted option change did, for the front end to tell.
#[derive(Debug)]
pub enum Applied {
    /// Nothing to tell.
    Done,
    /// `EvalFile`: the file's tables now serve these variants.
    EvalFileLoaded { variants: Vec<String> },
    /// `EvalFile`: back to the tables compiled in.
    EvalFileEmbedded,
    /// `VariantPath`: the file's variants joined the known ones.
    VariantsLoaded { path: String, report: LoadReport },
}

pub struct Session {
    history: History,
    /// `UCI_Chess960`: castling written king-takes-rook in every variant.
    chess960: bool,
    settings: Settings,
    /// `Ponder`: think on the opponent's time after the engine's own move.
    ponder: Arc<AtomicBool>,
    state: SearchState,
    runner: Runner,
    /// The hidden-information player's options and memory.
    fog: FogSettings,
    fog_memory: Arc<Mutex<FogMemory>>,
    /// The last good observations given directly (observation mode, or XBoard's
    /// one-shot `setboard` with `?` squares): the planner's input instead of the
    /// referee's record. The history then holds the public start position only.
    observed: Option<ObservationHistory>,
    /// Whether `history` is the open game that `observed` shows (after the hidden
    /// set-up of an open game), searched as in referee mode.
    observed_open: bool,
}

/// The options of the hidden-information player (`BeliefCap`, `WorldSamples`,
/// `RiskAversion`, `MixSupport`, `Seed`, `Debug_Peek`).
#[derive(Clone, Copy, Debug)]
struct FogSettings {
    belief_cap: usize,
    plan: PlanOptions,
    /// `Debug_Peek`: search the true position instead (tests, the value of
    /// information). Observation mode has no true position and ignores it.
    peek: bool,
    /// `FogInput observation`: the GUI sends observations, not moves.
    observation_mode: bool,
}

impl Default for Session {
    fn default() -> Self {
        Session::new()
    }
}

impl Session {
    /// Chess from its start position, every option at its default.
    pub fn new() -> Session {
        let variant = find_variant("chess").expect("chess is built in");
        let game = Game::new(&variant, None).expect("the chess start position is valid");
        Session {
            history: History::new(game),
            chess960: false,
            settings: Settings::default(),
            ponder: Arc::new(AtomicBool::new(false)),
            state: SearchState::new(DEFAULT_HASH_MB as usize),
            runner: Runner::default(),
            fog: FogSettings {
                belief_cap: DEFAULT_BELIEF_CAP as usize,
                plan: PlanOptions::default(),
                peek: false,
                observation_mode: false,
            },
            fog_memory: Arc::new(Mutex::new(FogMemory::default())),
            observed: None,
            observed_open: false,
        }
    }

    // ---- the game -----------------------------------------------------------------

    pub fn variant(&self) -> &Arc<Variant> {
        self.history.game().variant()
    }

    /// The current position, as of the last [`sync`](Self::sync) (every `&mut` call
    /// syncs first).
    pub fn game(&self) -> &Game {
        self.history.game()
    }

    /// The moves played since the start position (UCI notation).
    pub fn moves(&self) -> &[String] {
        self.history.moves()
    }

    /// Changes whenever the position does.
    pub fn generation(&self) -> u64 {
        self.history.generation()
    }

    /// The reply the engine expects to its last move.
    pub fn expected_reply(&self) -> Option<&str> {
        self.history.expected_reply()
    }

    /// Takes the moves the engine has played since the last look into the history.
    pub fn sync(&mut self) {
        let played = self.runner.collect();
        self.take(played);
    }

    fn take(&mut self, played: Vec<(String, Option<String>)>) {
        for (m, expected) in played {
            self.history.play_engine_move(&m, expected);
        }
    }

    /// The variant's start position in `variant`, with a cleared search state.
    pub fn set_variant(&mut self, variant: Arc<Variant>) -> Result<(), SessionError> {
        self.abort();
        let start = self.start_game(&variant, None)?;
        self.history.set(start, &[])?;
        self.state.clear();
        self.forget_belief();
        self.observed = None;
        self.observed_open = false;
        Ok(())
    }

    fn forget_belief(&mut self) {
        self.fog_memory
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clear();
    }

    /// Whether `go` in this game is played by the honest hidden-information player
    /// (`Debug_Peek` off, a game it covers); otherwise a hidden game is searched on
    /// the true position.
    pub fn plays_honestly(&self) -> bool {
        planner_covers(self.variant()) && (!self.fog.peek || self.fog.observation_mode)
    }

    /// Whether `FogInput` is `observation` (rule book §3.2).
    pub fn observation_mode(&self) -> bool {
        self.fog.observation_mode
    }

    /// The observations given directly, when the planner's input is those.
    pub fn observed(&self) -> Option<&ObservationHistory> {
        self.observed.as_ref()
    }

    /// Observation mode's `position startpos|fen <fen> fog <tokens>`: the game starts
    /// at the public `fen` (the variant's start when `None`) and `tokens` are the side
    /// to move's observations since (`hidden::input`). Refused, changing nothing, in
    /// a game the honest player does not play or on bad input.
    pub fn set_observations(
        &mut self,
        fen: Option<&str>,
        tokens: &[&str],
    ) -> Result<(), SessionError> {
        self.check_observable()?;
        let variant = self.variant().clone();
        let start = self.start_game(&variant, fen)?;
        let observed = start
            .observed_history(tokens)
            .map_err(SessionError::BadPosition)?;
        // After the hidden set-up of an open game the observations show the whole
        // position and every move: the game they give is searched as in referee mode.
        let open = crate::hidden::setup_input::open_game(&observed, tokens);
        let (game, moves) = match &open {
            Some((fen, moves)) => (self.start_game(&variant, Some(fen))?, moves.as_slice()),
            None => (start, &[][..]),
        };
        let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
        self.abort();
        self.history.set(game, &moves)?;
        self.observed_open = open.is_some();
        self.observed = Some(observed);
        Ok(())
    }

    /// One observation FEN (`position fogfen`, XBoard's `setboard` with `?` squares)
    /// as the whole history; the game is the variant's start position.
    pub fn set_observation_fen(&mut self, text: &str) -> Result<(), SessionError> {
        self.check_observable()?;
        if self.variant().fog.as_ref().is_some_and(|f| f.hidden_setup) {
            return Err(SessionError::BadPosition(
                "'position fogfen' is not read in a game with a hidden set-up: send \
                 'position startpos fog <obs> [<halfmove> <obs>]...'"
                    .into(),
            ));
        }
        let variant = self.variant().clone();
        let start = self.start_game(&variant, None)?;
        let observed = start
            .observed_fen(text)
            .map_err(SessionError::BadPosition)?;
        self.abort();
        self.history.set(start, &[])?;
        self.observed_open = false;
        self.observed = Some(observed);
        Ok(())
    }

    fn check_observable(&self) -> Result<(), SessionError> {
        if planner_covers(self.variant()) {
            return Ok(());
        }
        Err(SessionError::BadPosition(format!(
            "observations are read only in the games the honest player plays (fog or bombs \
             in play, or a hidden set-up), not in {}",
            clip(&self.variant().name)
        )))
    }

    /// Whether `Debug_Peek` is on.
    pub fn peeks(&self) -> bool {
        self.fog.peek
    }

    /// A new game of the current variant from its start position; the search forgets
    /// what it learnt.
    pub fn new_game(&mut self) -> Result<(), SessionError> {
        self.set_variant(self.variant().clone())
    }

    /// The game from `fen` (the variant's start position when `None`) after `moves`.
    /// Refused in observation mode in a game the honest player plays: the engine is
    /// given observations there, never the true game.
    pub fn set_position(&mut self, fen: Option<&str>, moves: &[&str]) -> Result<(), SessionError> {
        if self.fog.observation_mode && planner_covers(self.variant()) {
            return Err(SessionError::BadPosition(
                "FogInput is observation: send 'position startpos|fen <FEN> fog ...' or \
                 'position fogfen <observation FEN>' (or set FogInput referee)"
                    .into(),
            ));
        }
        self.abort();
        let variant = self.variant().clone();
        let start = self.start_game(&variant, fen)?;
        self.history.set(start, moves)?;
        self.observed = None;
        self.observed_open = false;
        Ok(())
    }

    fn start_game(&self, variant: &Arc<Variant>, fen: Option<&str>) -> Result<Game, SessionError> {
        let mut game = Game::new(variant, fen).map_err(SessionError::BadPosition)?;
        game.set_chess960(self.chess960 || variant.chess960);
        Ok(game)
    }

    /// Plays a move (UCI notation).
    /// Refused after observations were given directly: there is no true game to play
    /// on.
    pub fn play(&mut self, mv: &str) -> Result<(), SessionError> {
        if self.observed.is_some() {
            return Err(SessionError::BadMove(format!(
                "illegal move {}: the position is an observation, with no true game to play \
                 on (send a new position)",
                clip(mv)
            )));
        }
        self.abort();
        self.history.play(mv)
    }

    /// When the engine ponders on exactly `mv`, plays it and turns the ponder search
    /// into the real one; whether it did.
    pub fn ponder_hit(&mut self, mv: &str) -> bool {
        self.sync();
        let history = &mut self.history;
        self.runner.ponder_hit(mv, || history.play(mv).is_ok())
    }

    /// Takes back the last `plies` moves.
    pub fn take_back(&mut self, plies: usize) -> Result<(), SessionError> {
        self.abort();
        self.history.undo(plies)
    }

    // ---- options ------------------------------------------------------------------

    /// Sets the option called `name` (any case) from text; see [`options::OPTIONS`].
    pub fn set_option(&mut self, name: &str, value: &str) -> Result<Applied, SessionError> {
        let setting = options::parse(name, value)?;
        let number = |v: &Value| match v {
            Value::Number(n) => *n,
            _ => unreachable!("a spin option parses to a number"),
        };
        let flag = |v: &Value| matches!(v, Value::Bool(true));
        let text = |v: &Value| match v {
            Value::Text(t) => t.clone(),
            _ => String::new(),
        };
        let v = &setting.value;
        match setting.id {
            OptionId::Variant => {
                let name = text(v);
                let variant = find_variant(&name).ok_or(SessionError::UnknownVariant(name))?;
                self.set_variant(variant)?;
            }
            OptionId::Chess960 => {
                self.abort();
                self.chess960 = flag(v);
                let on = self.chess960 || self.variant().chess960;
                self.history.set_chess960(on);
            }
            OptionId::VariantPath => return self.load_variant_path(&text(v)),
            OptionId::Hash => self.state.resize_tt(number(v) as usize),
            OptionId::Threads => self.settings.threads = number(v) as usize,
            OptionId::MultiPv => self.settings.multipv = number(v) as usize,
            OptionId::Ponder => self.ponder.store(flag(v), Relaxed),
            OptionId::MoveOverhead => self.settings.move_overhead_ms = number(v),
            OptionId::ClearHash => self.state.clear(),
            OptionId::EvalFile => return self.set_eval_file(&text(v)),
            OptionId::FogInput => match text(v).as_str() {
                mode @ (FOG_REFEREE | FOG_OBSERVATION) => {
                    self.abort();
                    self.fog.observation_mode = mode == FOG_OBSERVATION;
                    self.observed = None;
                    self.observed_open = false;
                }
                other => {
                    return Err(SessionError::BadChoice(format!(
                        "FogInput takes {FOG_REFEREE} or {FOG_OBSERVATION}, not '{}'",
                        clip(other)
                    )))
                }
            },
            OptionId::BeliefCap => self.fog.belief_cap = number(v) as usize,
            OptionId::WorldSamples => self.fog.plan.world_samples = number(v) as usize,
            OptionId::RiskAversion => self.fog.plan.risk_aversion = number(v) as u32,
            OptionId::MixSupport => self.fog.plan.mix_support = number(v) as usize,
            OptionId::Seed => self.fog.plan.seed = number(v),
            OptionId::DebugPeek => self.fog.peek = flag(v),
        }
        Ok(Applied::Done)
    }

    /// `VariantPath`: loads a `variants.ini` file (its variants join the known ones). A
    /// current variant the file redefines starts again from its start position.
    fn load_variant_path(&mut self, path: &str) -> Result<Applied, SessionError> {
        if path.is_empty() || path == NO_FILE {
            return Ok(Applied::Done);
        }
        let report = load_variants_file(Path::new(path)).map_err(SessionError::VariantFile)?;
        if let Some(v) = find_variant(&self.variant().name) {
            if *v != **self.variant() {
                // Its start position was set up when the file was checked.
                let _ = self.set_variant(v);
            }
        }
        Ok(Applied::VariantsLoaded {
            path: path.to_string(),
            report,
        })
    }

    /// `EvalFile`: a network or a parameter file for the variants it names, or
    /// `<embedded>` (or nothing) for what is built in. Only one file is loaded at a time:
    /// a network replaces a loaded table and the other way round. A bad file changes
    /// nothing.
    fn set_eval_file(&mut self, path: &str) -> Result<Applied, SessionError> {
        if path.is_empty() || path == EMBEDDED {
            self.settings.eval_file = None;
            self.settings.eval_net = None;
            return Ok(Applied::EvalFileEmbedded);
        }
        let path = Path::new(path);
        let loaded = if crate::eval::nnue::file::starts_like_network(path) {
            crate::eval::nnue::file::read(path)
                .and_then(|n| check_network(&n).map(|names| (n, names)))
                .map(|(n, names)| {
                    self.settings.eval_net = Some(Arc::new(n));
                    self.settings.eval_file = None;
                    names
                })
        } else {
            ParamFile::read(path)
                .and_then(|f| check_eval_file(&f).map(|names| (f, names)))
                .map(|(f, names)| {
                    self.settings.eval_file = Some(Arc::new(f));
                    self.settings.eval_net = None;
                    names
                })
        };
        match loaded {
            Ok(variants) => Ok(Applied::EvalFileLoaded { variants }),
            Err(message) => Err(SessionError::EvalFile {
                message,
                kept: match (&self.settings.eval_net, &self.settings.eval_file) {
                    (Some(n), _) => clip(&n.source),
                    (None, Some(f)) => clip(&f.source),
                    (None, None) => EMBEDDED.to_string(),
                },
            }),
        }
    }

    // ---- searching ----------------------------------------------------------------

    /// Starts searching the current position on its own thread (a running search is
    /// ended first). `ponder`: the clock waits for [`ponderhit`](Self::ponderhit).
    pub fn go(
        &mut self,
        limits: Limits,
        ponder: bool,
        task: Task,
        listener: impl Listener,
    ) -> Result<(), SessionError> {
        self.abort();
        let plan = self.plan_job()?;
        let job = Job {
            game: self.history.game().clone(),
            limits,
            ponder,
            task,
            settings: self.settings.clone(),
            state: self.state.clone(),
            pondering_on: self.ponder.clone(),
            plan,
        };
        self.runner
            .start(job, listener)
            .map_err(SessionError::Spawn)
    }

    /// For a game the honest player plays: the side to move's observation history of
    /// the game (the referee's record) with the player's options; `None` (the ordinary
    /// search of the game) where the side to move sees the whole position, as after
    /// the hidden set-up of an open game.
    fn plan_job(&self) -> Result<Option<PlanJob>, SessionError> {
        if !self.plays_honestly() {
            return Ok(None);
        }
        let history = match &self.observed {
            Some(observed) => Some(observed.clone()),
            None => {
                let viewer = crate::variant::Color::white_if(self.game().white_to_move());
                self.history
                    .start()
                    .observation_history(self.history.moves(), viewer)
                    .map_err(SessionError::BadMove)?
            }
        };
        // Where the mover sees everything the game itself is searched: the true one in
        // referee mode, the one the observations give after an open set-up.
        let searches_game = self.observed.is_none() || self.observed_open;
        let history = history.filter(|h| !searches_game || !sees_everything(h.last()));
        Ok(history.map(|history| PlanJob {
            history,
            belief_cap: self.fog.belief_cap,
            options: self.fog.plan,
            memory: self.fog_memory.clone(),
        }))
    }

    pub fn is_searching(&self) -> bool {
        self.runner.is_running()
    }

    /// Whether the engine thinks on the opponent's time after its own move.
    pub fn is_pondering(&self) -> bool {
        self.runner.pondering()
    }

    /// Asks the search to stop; it still reports (or plays) its move.
    pub fn stop(&self) {
        self.runner.stop();
    }

    /// The opponent played the move a `go ponder` search assumed.
    pub fn ponderhit(&self) {
        self.runner.ponderhit();
    }

    /// Ends a running search without a further move, and waits for it.
    pub fn abort(&mut self) {
        let played = self.runner.abort();
        self.take(played);
    }

    /// Waits for a search with limits to end; stops an endless or pondering one.
    pub fn finish(&mut self) {
        let played = self.runner.finish();
        self.take(played);
    }

    /// While the engine thinks on its own move, waits until it has moved.
    pub fn wait_for_move(&mut self) {
        loop {
            self.sync();
            if !self.runner.thinking_on_own_move() {
                return;
            }
            if !self.runner.has_news() {
                std::thread::sleep(std::time::Duration::from_millis(1));
            }
        }
    }

    /// Moves now when thinking on the engine's own move, and waits for that move.
    pub fn move_now(&mut self) {
        if self.runner.thinking_on_own_move() {
            self.runner.stop();
        }
        self.wait_for_move();
    }

    /// Ends a ponder search (a search on the engine's own move goes on).
    pub fn stop_pondering(&mut self) {
        if self.runner.pondering() {
            self.abort();
        }
    }

    pub fn status(&self) -> Option<Status> {
        self.runner.status()
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        self.runner.abort();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{Report, SearchResult};
    use std::sync::Mutex;

    /// A listener that writes down what it hears.
    #[derive(Clone, Default)]
    struct Record(Arc<Mutex<Vec<String>>>);

    impl Record {
        fn lines(&self) -> Vec<String> {
            self.0.lock().unwrap().clone()
        }
    }

    impl Listener for Record {
        fn report(&self, _root: &Game, _r: &Report) {}
        fn finished(&self, _root: &Game, result: &SearchResult) {
            self.0
                .lock()
                .unwrap()
                .push(format!("best {:?}", result.best));
        }
        fn played(&self, _before: &Game, mv: &str, _after: &Game) {
            self.0.lock().unwrap().push(format!("played {mv}"));
        }
        fn pondering(&self, _root: &Game, reply: &str) {
            self.0.lock().unwrap().push(format!("pondering {reply}"));
        }
    }

    fn play(depth: u32) -> Task {
        Task::Play {
            ponder_limits: Box::new(move |_| Limits::depth(depth)),
        }
    }

    #[test]
    fn a_search_hands_its_result_to_the_listener() {
        let mut s = Session::new();
        let record = Record::default();
        s.go(Limits::depth(3), false, Task::Search, record.clone())
            .unwrap();
        s.finish();
        let lines = record.lines();
        assert_eq!(lines.len(), 1, "{lines:?}");
        assert!(lines[0].starts_with("best Some("), "{lines:?}");
        assert!(s.moves().is_empty(), "a search does not play");
    }

    #[test]
    fn the_engine_plays_its_move_into_the_history() {
        let mut s = Session::new();
        s.play("e2e4").unwrap();
        let record = Record::default();
        s.go(Limits::depth(3), false, play(3), record.clone())
            .unwrap();
        s.wait_for_move();
        assert_eq!(s.moves().len(), 2);
        assert_eq!(record.lines(), [format!("played {}", s.moves()[1])]);
        assert!(!s.is_searching());
    }

    #[test]
    fn an_aborted_search_plays_nothing() {
        let mut s = Session::new();
        let infinite = Limits {
            infinite: true,
            ..Limits::default()
        };
        let record = Record::default();
        s.go(infinite, false, play(1), record.clone()).unwrap();
        s.abort();
        assert!(s.moves().is_empty());
        assert!(record.lines().is_empty(), "{:?}", record.lines());
    }

    #[test]
    fn a_ponder_hit_turns_the_ponder_search_into_the_real_one() {
        let mut s = Session::new();
        s.set_option("Ponder", "true").unwrap();
        let record = Record::default();
        s.go(Limits::depth(4), false, play(4), record.clone())
            .unwrap();
        // Returns once the engine has moved and thinks on the opponent's time.
        s.wait_for_move();
        assert_eq!(s.moves().len(), 1);
        assert!(s.is_pondering(), "{:?}", record.lines());
        let reply = s.expected_reply().unwrap().to_string();
        assert_eq!(
            record.lines().last().unwrap(),
            &format!("pondering {reply}")
        );
        assert!(!s.ponder_hit("a2a3") || reply == "a2a3");
        assert!(s.ponder_hit(&reply));
        assert_eq!(s.moves()[1], reply);
        // The ponder search, now real, ends by its depth and plays; then ponders again.
        s.wait_for_move();
        assert_eq!(s.moves().len(), 3, "{:?}", record.lines());
        s.stop_pondering();
        assert!(!s.is_searching());
    }

    #[test]
    fn refused_calls_change_nothing() {
        let mut s = Session::new();
        s.play("d2d4").unwrap();
        let fen = s.game().fen();
        assert!(matches!(
            s.set_option("Hash", "0"),
            Err(SessionError::OutOfRange { min: 1, .. })
        ));
        assert_eq!(
            s.set_option("UCI_Variant", "nosuchgame").unwrap_err(),
            SessionError::UnknownVariant("nosuchgame".into())
        );
        assert!(matches!(
            s.set_position(Some("8/8/8 w - - 0 1"), &[]),
            Err(SessionError::BadPosition(_))
        ));
        assert!(matches!(
            s.set_position(None, &["e2e4", "e2e4"]),
            Err(SessionError::BadMove(_))
        ));
        assert!(matches!(
            s.set_option("EvalFile", "/no/such/file.txt"),
            Err(SessionError::EvalFile { .. })
        ));
        assert_eq!(s.take_back(2), Err(SessionError::NothingToTakeBack));
        assert_eq!(s.game().fen(), fen);
        assert_eq!(s.variant().name, "chess");
    }

    #[test]
    fn options_reach_the_game() {
        let mut s = Session::new();
        s.set_option("uci_variant", "fischerandom").unwrap();
        assert_eq!(s.variant().name, "fischerandom");
        s.set_option("UCI_Variant", "chess").unwrap();
        s.set_option("UCI_Chess960", "true").unwrap();
        assert!(s.game().chess960());
        s.set_position(None, &["e2e4"]).unwrap();
        assert!(s.game().chess960(), "kept for new positions");
        s.new_game().unwrap();
        assert!(s.moves().is_empty());
    }
}
