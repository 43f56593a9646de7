//! The XBoard / CECP (protocol version 2) loop.
//!
//! The reader never waits on a search: searches run on their own thread, which prints
//! thinking output and, for the engine's own move, `move X` followed by the result when
//! that move ended the game. The thread and the reader meet in a small [`Handoff`]:
//!
//! - the thread publishes the move it played there, under the lock, unless the reader
//!   has marked the search *aborted* (the GUI moved on: `force`, `new`, a user move...);
//!   so a move is either printed and then played on the reader's board, or neither;
//! - before every command the reader *collects* published moves onto its own board, so
//!   a user move that arrives right after `move X` is played after it;
//! - when pondering (`hard`) the same thread goes on, after its move, to think on the
//!   position after the expected reply; a user move equal to that reply turns the ponder
//!   search into the real one (ponder hit), any other ends it.
//!
//! Every command that changes the board or the game aborts a search first; `ping` waits
//! for the engine's move when the engine is thinking on its own move (the protocol asks
//! that `pong` never come before that move), and is answered at once otherwise.
//!
//! Bad input never changes the state: `Illegal move: X` for a move that is not legal,
//! `Error (reason): command` for everything else. `docs/protocols.md` documents the
//! commands and conventions.

pub mod clock;
pub mod notation;
pub mod variants;

use super::uci::Flow;
use crate::engine::Game;
use crate::search::{
    Bound, Control, Limits, Report, Score, SearchMemory, Settings, TranspositionTable,
};
use crate::variant::{find_variant, Color, Variant, BLACK, WHITE};
use clock::TimeControl;
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread::JoinHandle;

const DEFAULT_HASH_MB: usize = 16;
const MAX_HASH_MB: usize = 65536;
const MAX_THREADS: usize = 256;
const MAX_MULTIPV: usize = 256;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Task {
    /// Thinking on the engine's move (and, with pondering, on the opponent's time).
    Play,
    /// Analyze mode: search until told otherwise, never move.
    Analyze,
}

/// What the search thread and the reader share.
struct Handoff {
    /// The reader no longer wants a move from this search.
    aborted: bool,
    /// Moves the engine printed and the reader has not yet played on its board.
    played: Vec<String>,
    /// The expected reply to the engine's last move.
    hint: Option<String>,
    /// While pondering: the reply the ponder search assumes.
    pondering_on: Option<String>,
    /// The opponent played the expected reply: the ponder search is now the real one.
    hit: bool,
    /// The control of the search running now (a ponder search gets a new one).
    control: Arc<Control>,
}

struct Running {
    task: Task,
    handoff: Arc<Mutex<Handoff>>,
    handle: JoinHandle<()>,
}

/// Everything the search thread needs.
struct Job {
    task: Task,
    game: Game,
    limits: Limits,
    /// For ponder searches: how the clock continues after the engine's move.
    clock: TimeControl,
    moves_made: usize,
    settings: Settings,
}

pub struct XBoard<W: Write + Send + 'static> {
    out: Arc<Mutex<W>>,
    variant: Arc<Variant>,
    /// The game's first position and the moves played since (UCI notation): `undo`
    /// replays from here.
    start: Game,
    moves: Vec<String>,
    game: Game,
    /// The colour the engine plays; `None` in force mode.
    engine_side: Option<Color>,
    analyzing: bool,
    /// A `setboard` was refused: the GUI's board is not ours, so moves are refused until
    /// the next `new`, `variant` or good `setboard`.
    lost_position: bool,
    post: Arc<AtomicBool>,
    ponder: Arc<AtomicBool>,
    clock: TimeControl,
    /// Root moves left out of analysis (`exclude`), in UCI notation.
    excluded: Vec<String>,
    tt: Arc<TranspositionTable>,
    /// The game's search memory (histories, killers): kept between moves, cleared by
    /// `new`. Locked by the search thread while it searches.
    memory: Arc<Mutex<SearchMemory>>,
    hash_mb: usize,
    settings: Settings,
    search: Option<Running>,
    hint: Option<String>,
    last_report: Arc<Mutex<Option<Report>>>,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// Writes one line and flushes (a closed output, GUI gone, is not worth dying for).
fn say_to<W: Write>(out: &Mutex<W>, text: &str) {
    let mut out = lock(out);
    let _ = writeln!(out, "{text}");
    let _ = out.flush();
}

/// Echoes at most 80 characters of untrusted input.
fn clip(text: &str) -> String {
    if text.chars().count() <= 80 {
        text.to_string()
    } else {
        let head: String = text.chars().take(80).collect();
        format!("{head}...")
    }
}

/// A score as XBoard writes it: centipawns, mates as 100000 + N moves (negative when
/// mated).
pub fn xboard_score(s: Score) -> i64 {
    match s {
        Score::Cp(c) => c as i64,
        Score::Mate(m) if m > 0 => 100_000 + m as i64,
        Score::Mate(m) => -100_000 + m as i64,
    }
}

/// A thinking line: `depth score centiseconds nodes seldepth nps tbhits<TAB>pv`, the
/// PV marked `?` / `!` when the score is only an upper / lower bound.
pub fn thinking_line(root: &Game, r: &Report) -> String {
    let mut pv = notation::pv_to_xboard(root, &r.pv);
    match r.bound {
        Some(Bound::Upper) => pv.push('?'),
        Some(Bound::Lower) => pv.push('!'),
        _ => {}
    }
    format!(
        "{} {} {} {} {} {} 0\t{}",
        r.depth,
        xboard_score(r.score),
        r.time_ms / 10,
        r.nodes,
        r.seldepth,
        r.nps,
        pv
    )
}

impl<W: Write + Send + 'static> XBoard<W> {
    pub fn new(out: W) -> XBoard<W> {
        let variant = find_variant("chess").expect("chess is built in");
        let game = Game::new(&variant, None).expect("the chess start position is valid");
        XBoard {
            out: Arc::new(Mutex::new(out)),
            variant,
            start: game.clone(),
            moves: Vec::new(),
            game,
            engine_side: Some(BLACK),
            analyzing: false,
            lost_position: false,
            post: Arc::new(AtomicBool::new(false)),
            ponder: Arc::new(AtomicBool::new(false)),
            clock: TimeControl::default(),
            excluded: Vec::new(),
            tt: Arc::new(TranspositionTable::new(DEFAULT_HASH_MB)),
            memory: Arc::new(Mutex::new(SearchMemory::new())),
            hash_mb: DEFAULT_HASH_MB,
            settings: Settings::default(),
            search: None,
            hint: None,
            last_report: Arc::new(Mutex::new(None)),
        }
    }

    /// Reads commands until `quit` or end of input. At end of input the engine's own
    /// move is still made (so `printf 'new\ngo\n' | protean xboard` answers); analysis
    /// and pondering stop.
    pub fn run(&mut self, input: impl BufRead) {
        for line in input.split(b'\n') {
            let Ok(bytes) = line else { break };
            let text = String::from_utf8_lossy(&bytes);
            if self.command(&text) == Flow::Quit {
                return;
            }
        }
        self.wait_for_move();
        self.abort();
    }

    /// Waits for any search, then hands back the output (tests read it).
    pub fn into_output(mut self) -> W {
        self.wait_for_move();
        self.abort();
        match Arc::try_unwrap(self.out) {
            Ok(m) => m.into_inner().unwrap_or_else(|e| e.into_inner()),
            Err(_) => unreachable!("the search thread has ended and released the output"),
        }
    }

    /// The current position (FEN), after any move the engine has made.
    pub fn fen(&mut self) -> String {
        self.collect();
        self.game.fen()
    }

    fn say(&self, text: &str) {
        say_to(&self.out, text);
    }

    /// `Error (reason): command`; parentheses in the reason would confuse GUIs' parsers.
    fn error(&self, reason: &str, command: &str) {
        let reason = reason.replace('(', "[").replace(')', "]");
        self.say(&format!("Error ({}): {}", clip(&reason), clip(command)));
    }

    pub fn command(&mut self, line: &str) -> Flow {
        self.collect();
        let line = line.trim();
        let (cmd, rest) = match line.split_once(char::is_whitespace) {
            Some((c, r)) => (c, r.trim()),
            None => (line, ""),
        };
        let args: Vec<&str> = rest.split_whitespace().collect();
        match cmd {
            "" => {}
            "xboard" => {}
            "protover" => self.features(),
            // Accepted and ignored: the GUI's replies to features, opponent details,
            // draw offers (feature draw=0: declined by saying nothing), GNU Chess's
            // `random`, and highlighting (feature highlight is not requested).
            "accepted" | "rejected" | "random" | "computer" | "name" | "rating" | "ics"
            | "draw" | "lift" | "put" | "hover" | "setscore" | "egtpath" | "pause" | "resume" => {}
            "new" => self.new_game(),
            "variant" => self.set_variant(rest, line),
            "force" => {
                self.abort();
                self.engine_side = None;
            }
            "result" => {
                self.abort();
                self.engine_side = None;
            }
            "go" => self.go(line),
            "playother" => self.playother(line),
            "white" | "black" => self.set_color(cmd == "white", line),
            "level" => {
                if let Err(e) = self.clock.level(&args) {
                    self.error(&e, line);
                }
            }
            "st" => {
                if let Err(e) = self.clock.per_move(rest) {
                    self.error(&e, line);
                }
            }
            "sd" => match rest.parse::<u32>() {
                Ok(d) if d >= 1 => self.clock.depth = Some(d.min(1000)),
                _ => self.error("depth must be a positive number", line),
            },
            "nps" => match rest.parse::<u64>() {
                Ok(n) => self.clock.nps = Some(n),
                Err(_) => self.error("nps needs a number of nodes per second", line),
            },
            "time" | "otim" => match TimeControl::centiseconds(rest) {
                Ok(ms) if cmd == "time" => self.clock.engine_ms = Some(ms),
                Ok(ms) => self.clock.opponent_ms = Some(ms),
                Err(e) => self.error(&e, line),
            },
            "usermove" => {
                if args.len() == 1 {
                    self.user_move(rest, true);
                } else {
                    self.error("usermove needs one move", line);
                }
            }
            "?" => self.move_now(),
            "ping" => {
                self.wait_for_move();
                self.say(&format!("pong {}", clip(rest)));
            }
            "setboard" => self.setboard(rest, line),
            "undo" => self.take_back(1, line),
            "remove" => self.take_back(2, line),
            "hard" => self.ponder.store(true, Relaxed),
            "easy" => {
                self.ponder.store(false, Relaxed);
                self.stop_pondering();
            }
            "post" => self.post.store(true, Relaxed),
            "nopost" => self.post.store(false, Relaxed),
            "analyze" => {
                self.abort();
                self.analyzing = true;
                self.engine_side = None;
                self.start_analysis();
            }
            "exit" => {
                if self.analyzing {
                    self.abort();
                    self.analyzing = false;
                }
            }
            "." => self.status(),
            "hint" => {
                if let Some(h) = self.hint.clone() {
                    self.say(&format!("Hint: {}", notation::to_xboard(&self.game, &h)));
                }
            }
            "bk" => {
                self.say(" Protean has no opening book.");
                self.say("");
            }
            "memory" => self.memory(rest, line),
            "cores" => match rest.parse::<usize>() {
                Ok(n) if n >= 1 => self.settings.threads = n.min(MAX_THREADS),
                _ => self.error("cores needs a positive number", line),
            },
            "option" => self.option(rest, line),
            "exclude" | "include" => self.exclude(cmd == "exclude", rest),
            "quit" => {
                self.abort();
                return Flow::Quit;
            }
            // Not CECP: shows the position for people typing at the engine ('#' lines
            // are debug output that GUIs ignore).
            "d" => {
                let fen = self.game.fen();
                self.say(&format!("# {} {fen}", variants::xboard_name(&self.variant)));
                if let Some(o) = self.game.outcome() {
                    self.say(&format!("# {o}"));
                }
            }
            "edit" => self.error("unsupported command, use setboard", line),
            _ => self.user_move(line, false),
        }
        Flow::Continue
    }

    fn features(&self) {
        self.say("feature done=0");
        self.say(&format!(
            "feature myname=\"Protean {}\" variants=\"{}\"",
            env!("CARGO_PKG_VERSION"),
            variants::variants_feature()
        ));
        self.say(
            "feature setboard=1 usermove=1 ping=1 playother=1 time=1 draw=0 reuse=1 \
             analyze=1 memory=1 smp=1 exclude=1 colors=0 san=0 sigint=0 sigterm=0 \
             nps=1 name=0 debug=1",
        );
        self.say(&format!(
            "feature option=\"Move Overhead -spin {} 0 5000\"",
            Settings::default().move_overhead_ms
        ));
        self.say(&format!(
            "feature option=\"MultiPV -spin 1 1 {MAX_MULTIPV}\""
        ));
        self.say("feature option=\"Clear Hash -button\"");
        self.say("feature done=1");
    }

    // ---- the search thread --------------------------------------------------------

    /// Plays the moves the engine has printed onto the reader's board, and notes the
    /// reply it expects.
    fn take_played(&mut self, handoff: &Mutex<Handoff>) {
        let (played, hint) = {
            let mut h = lock(handoff);
            (std::mem::take(&mut h.played), h.hint.clone())
        };
        for m in played {
            if self.game.play_uci(&m).is_ok() {
                self.moves.push(m);
            }
            self.excluded.clear();
            self.hint = hint.clone();
        }
    }

    /// Takes in what the search thread has done: its moves, and its end.
    fn collect(&mut self) {
        let Some(handoff) = self.search.as_ref().map(|r| r.handoff.clone()) else {
            return;
        };
        self.take_played(&handoff);
        if self.search.as_ref().is_some_and(|r| r.handle.is_finished()) {
            if let Some(r) = self.search.take() {
                let _ = r.handle.join();
                // A move published after the look above.
                self.take_played(&r.handoff);
            }
        }
    }

    /// Ends any search without a move (one already printed is played), and waits.
    fn abort(&mut self) {
        let Some(r) = self.search.take() else { return };
        {
            let mut h = lock(&r.handoff);
            h.aborted = true;
            h.control.stop();
        }
        let _ = r.handle.join();
        self.take_played(&r.handoff);
    }

    /// While the engine thinks on its own move, waits until it has moved.
    fn wait_for_move(&mut self) {
        loop {
            self.collect();
            let Some(r) = &self.search else { return };
            if r.task != Task::Play {
                return;
            }
            {
                let h = lock(&r.handoff);
                if h.pondering_on.is_some() && !h.hit {
                    return;
                }
                if !h.played.is_empty() {
                    continue;
                }
            }
            if r.handle.is_finished() {
                continue;
            }
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
    }

    /// `?`: move now (only when thinking on the engine's own move), and have the move
    /// out before the next command can overtake it.
    fn move_now(&mut self) {
        if let Some(r) = &self.search {
            let h = lock(&r.handoff);
            if r.task == Task::Play && (h.pondering_on.is_none() || h.hit) {
                h.control.stop();
            }
        }
        self.wait_for_move();
    }

    /// `easy` while pondering: the ponder search ends.
    fn stop_pondering(&mut self) {
        let pondering = self
            .search
            .as_ref()
            .is_some_and(|r| lock(&r.handoff).pondering_on.is_some());
        if pondering {
            self.abort();
        }
    }

    fn spawn(&mut self, job: Job) {
        let control = Arc::new(Control::new(false));
        let handoff = Arc::new(Mutex::new(Handoff {
            aborted: false,
            played: Vec::new(),
            hint: None,
            pondering_on: None,
            hit: false,
            control: control.clone(),
        }));
        let task = job.task;
        let shared = Shared {
            out: self.out.clone(),
            post: self.post.clone(),
            ponder: self.ponder.clone(),
            tt: self.tt.clone(),
            memory: self.memory.clone(),
            last_report: self.last_report.clone(),
            handoff: handoff.clone(),
        };
        *lock(&self.last_report) = None;
        let handle = std::thread::Builder::new()
            .name("search".into())
            .spawn(move || search_thread(job, control, shared));
        match handle {
            Ok(handle) => {
                self.search = Some(Running {
                    task,
                    handoff,
                    handle,
                })
            }
            Err(e) => self.say(&format!("tellusererror cannot start the search: {e}")),
        }
    }

    /// Starts thinking on the engine's move.
    fn start_play(&mut self) {
        let moves_made = self.moves.len() / 2;
        let job = Job {
            task: Task::Play,
            game: self.game.clone(),
            limits: self.clock.limits(moves_made),
            clock: self.clock.clone(),
            moves_made,
            settings: self.settings.clone(),
        };
        self.spawn(job);
    }

    /// Starts (or restarts) analysis of the current position.
    fn start_analysis(&mut self) {
        self.abort();
        if let Some(o) = self.game.outcome() {
            if self.post.load(Relaxed) {
                self.say(&format!("0 0 0 0\t(game over: {o})"));
            }
            return;
        }
        let mut limits = Limits {
            infinite: true,
            ..Limits::default()
        };
        if !self.excluded.is_empty() {
            let moves: Vec<String> = self
                .game
                .legal_moves_uci()
                .into_iter()
                .filter(|m| !self.excluded.contains(m))
                .collect();
            if moves.is_empty() {
                // Every move excluded: nothing to analyse until one is included.
                return;
            }
            limits.searchmoves = moves;
        }
        let job = Job {
            task: Task::Analyze,
            game: self.game.clone(),
            limits,
            clock: self.clock.clone(),
            moves_made: 0,
            settings: self.settings.clone(),
        };
        self.spawn(job);
    }

    /// After the position changed by a move or `go`: think, claim the end, or wait.
    fn after_move(&mut self) {
        if self.analyzing {
            return self.start_analysis();
        }
        let Some(side) = self.engine_side else { return };
        if let Some(o) = self.game.outcome() {
            return self.say(&o.to_string());
        }
        if side == self.side_to_move() {
            self.start_play();
        }
    }

    fn side_to_move(&self) -> Color {
        if self.game.white_to_move() {
            WHITE
        } else {
            BLACK
        }
    }

    // ---- commands -----------------------------------------------------------------

    fn reset_game(&mut self, game: Game) {
        self.start = game.clone();
        self.game = game;
        self.moves.clear();
        self.excluded.clear();
        self.hint = None;
        self.lost_position = false;
    }

    fn start_position(&self, variant: &Arc<Variant>) -> Result<Game, String> {
        let mut game = Game::new(variant, None)?;
        game.set_chess960(variant.chess960);
        Ok(game)
    }

    fn new_game(&mut self) {
        self.abort();
        let chess = find_variant("chess").expect("chess is built in");
        match self.start_position(&chess) {
            Ok(g) => {
                self.variant = chess;
                self.reset_game(g);
            }
            Err(e) => return self.error(&e, "new"),
        }
        self.tt.clear();
        lock(&self.memory).clear();
        self.engine_side = (!self.analyzing).then_some(BLACK);
        let control = self.clock.control.clone();
        self.clock = TimeControl {
            control,
            ..TimeControl::default()
        };
        if self.analyzing {
            self.start_analysis();
        }
    }

    fn set_variant(&mut self, name: &str, line: &str) {
        self.abort();
        let variant = match variants::find_by_xboard_name(name) {
            Ok(v) => v,
            Err(e) => return self.error(&format!("unsupported variant: {e}"), line),
        };
        match self.start_position(&variant) {
            Ok(g) => {
                for l in variants::setup_commands(&variant) {
                    self.say(&l);
                }
                self.variant = variant;
                self.reset_game(g);
                if self.analyzing {
                    self.start_analysis();
                }
            }
            Err(e) => self.error(&e, line),
        }
    }

    fn setboard(&mut self, fen: &str, line: &str) {
        self.abort();
        let variant = self.variant.clone();
        let game = Game::new(&variant, Some(fen))
            .or_else(|e| {
                // XBoard leaves the castling field out in variants without castling
                // (`nocastle`: `... w - 0 1`).
                let fields: Vec<&str> = fen.split_whitespace().collect();
                if variant.castling.is_none() && fields.len() == 5 {
                    let fixed = [&fields[..2], &["-"], &fields[2..]].concat().join(" ");
                    Game::new(&variant, Some(&fixed)).map_err(|_| e)
                } else {
                    Err(e)
                }
            })
            .map(|mut g| {
                g.set_chess960(variant.chess960);
                g
            });
        match game {
            Ok(g) => {
                self.reset_game(g);
                // Only `go` (or a move) starts the engine thinking, as the protocol says.
                if self.analyzing {
                    self.start_analysis();
                }
            }
            Err(e) => {
                self.lost_position = true;
                self.error(&format!("illegal position: {e}"), line);
            }
        }
    }

    fn go(&mut self, line: &str) {
        self.abort();
        if self.lost_position {
            return self.error("no valid position, send setboard", line);
        }
        self.analyzing = false;
        self.engine_side = Some(self.side_to_move());
        self.after_move();
    }

    fn playother(&mut self, line: &str) {
        self.abort();
        if self.lost_position {
            return self.error("no valid position, send setboard", line);
        }
        self.engine_side = Some(self.side_to_move() ^ 1);
    }

    /// The obsolete `white` / `black`: that side to move, the engine plays the other.
    fn set_color(&mut self, white: bool, line: &str) {
        self.abort();
        let wanted = if white { WHITE } else { BLACK };
        if self.side_to_move() != wanted {
            let fen = self.game.fen();
            let mut fields: Vec<&str> = fen.split(' ').collect();
            if fields.len() > 1 {
                fields[1] = if white { "w" } else { "b" };
                // No en-passant square can exist with the other side to move.
                if fields.len() > 3 {
                    fields[3] = "-";
                }
            }
            match Game::new(&self.variant, Some(&fields.join(" "))) {
                Ok(mut g) => {
                    g.set_chess960(self.variant.chess960);
                    self.reset_game(g);
                }
                Err(e) => return self.error(&e, line),
            }
        }
        self.engine_side = Some(wanted ^ 1);
    }

    fn user_move(&mut self, text: &str, explicit: bool) {
        // A ponder hit turns the running ponder search into the real one.
        if let Some(r) = &self.search {
            let mut h = lock(&r.handoff);
            if let Some(expected) = h.pondering_on.clone().filter(|_| !h.hit) {
                let hit = notation::from_xboard(&self.game, text).is_ok_and(|m| m == expected);
                if hit && self.game.play_uci(&expected).is_ok() {
                    h.hit = true;
                    h.control.ponderhit();
                    drop(h);
                    self.moves.push(expected);
                    self.excluded.clear();
                    return;
                }
            }
        }
        let restart_analysis = self.analyzing;
        self.abort();
        if self.lost_position {
            return self.say(&format!("Illegal move (no valid position): {}", clip(text)));
        }
        let result = notation::from_xboard(&self.game, text).and_then(|m| {
            self.game.play_uci(&m)?;
            Ok(m)
        });
        match result {
            Ok(m) => {
                self.moves.push(m);
                self.excluded.clear();
                self.after_move();
            }
            Err(e) => {
                if explicit || e.starts_with("illegal") {
                    self.say(&format!("Illegal move: {}", clip(text)));
                } else {
                    self.error("unknown command", text);
                }
                if restart_analysis {
                    self.start_analysis();
                }
            }
        }
    }

    fn take_back(&mut self, plies: usize, line: &str) {
        self.abort();
        if self.moves.len() < plies {
            self.error("command not legal now", line);
            if self.analyzing {
                self.start_analysis();
            }
            return;
        }
        let keep = self.moves.len() - plies;
        let mut game = self.start.clone();
        for m in &self.moves[..keep] {
            if game.play_uci(m).is_err() {
                unreachable!("moves played from the start position replay");
            }
        }
        self.game = game;
        self.moves.truncate(keep);
        self.excluded.clear();
        self.hint = None;
        if self.analyzing {
            self.start_analysis();
        }
    }

    /// `.` in analyze mode: `stat01: time nodes depth movesleft movestotal`.
    fn status(&mut self) {
        let Some(r) = &self.search else { return };
        if r.task != Task::Analyze {
            return;
        }
        let elapsed = lock(&r.handoff).control.elapsed_ms();
        let (nodes, depth) = lock(&self.last_report)
            .as_ref()
            .map_or((0, 0), |r| (r.nodes, r.depth));
        let total = self
            .game
            .legal_moves_uci()
            .iter()
            .filter(|m| !self.excluded.contains(m))
            .count();
        self.say(&format!(
            "stat01: {} {nodes} {depth} 0 {total}",
            elapsed / 10
        ));
    }

    fn memory(&mut self, arg: &str, line: &str) {
        match arg.parse::<usize>() {
            Ok(mb) if (1..=MAX_HASH_MB).contains(&mb) => {
                if mb != self.hash_mb {
                    // Free the old table before allocating the new one; a running
                    // search keeps its own reference.
                    self.tt = Arc::new(TranspositionTable::new(1));
                    self.tt = Arc::new(TranspositionTable::new(mb));
                    self.hash_mb = mb;
                }
            }
            _ => self.error(&format!("memory takes 1..{MAX_HASH_MB} MB"), line),
        }
    }

    /// `option NAME=VALUE` for the options announced in `features`.
    fn option(&mut self, body: &str, line: &str) {
        let (name, value) = match body.split_once('=') {
            Some((n, v)) => (n.trim(), Some(v.trim())),
            None => (body.trim(), None),
        };
        let spin = |min: u64, max: u64| -> Result<u64, String> {
            value
                .and_then(|v| v.parse::<u64>().ok())
                .filter(|v| (min..=max).contains(v))
                .ok_or_else(|| format!("{name} takes a number in {min}..{max}"))
        };
        match name {
            "Move Overhead" => match spin(0, 5000) {
                Ok(n) => self.settings.move_overhead_ms = n,
                Err(e) => self.error(&e, line),
            },
            "MultiPV" => match spin(1, MAX_MULTIPV as u64) {
                Ok(n) => self.settings.multipv = n as usize,
                Err(e) => self.error(&e, line),
            },
            "Clear Hash" => self.tt.clear(),
            _ => self.error("unknown option", line),
        }
    }

    fn exclude(&mut self, exclude: bool, arg: &str) {
        let legal = self.game.legal_moves_uci();
        if arg == "all" {
            self.excluded = if exclude { legal } else { Vec::new() };
        } else {
            let Ok(m) = notation::from_xboard(&self.game, arg) else {
                return self.say(&format!("Illegal move: {}", clip(arg)));
            };
            if !legal.contains(&m) {
                return self.say(&format!("Illegal move: {}", clip(arg)));
            }
            self.excluded.retain(|x| *x != m);
            if exclude {
                self.excluded.push(m);
            }
        }
        if self.analyzing {
            self.start_analysis();
        }
    }
}

/// What the search thread shares with the reader.
struct Shared<W: Write + Send + 'static> {
    out: Arc<Mutex<W>>,
    post: Arc<AtomicBool>,
    ponder: Arc<AtomicBool>,
    tt: Arc<TranspositionTable>,
    memory: Arc<Mutex<SearchMemory>>,
    last_report: Arc<Mutex<Option<Report>>>,
    handoff: Arc<Mutex<Handoff>>,
}

/// Searches; for play, prints the move (and the result when the move ends the game),
/// then ponders while pondering is on, and goes on as the real search on a ponder hit.
fn search_thread<W: Write + Send + 'static>(job: Job, mut control: Arc<Control>, s: Shared<W>) {
    let Job {
        task,
        mut game,
        mut limits,
        mut clock,
        mut moves_made,
        settings,
    } = job;
    let mut pondering = false;
    loop {
        let root = game.clone();
        let mut report = |r: &Report| {
            *lock(&s.last_report) = Some(r.clone());
            if s.post.load(Relaxed) {
                say_to(&s.out, &thinking_line(&root, r));
            }
        };
        let result = game.search(
            &limits,
            &settings,
            &s.tt,
            &control,
            &mut lock(&s.memory),
            &mut report,
        );
        let mut h = lock(&s.handoff);
        if h.aborted || task == Task::Analyze || (pondering && !h.hit) {
            return;
        }
        let Some(best) = result.best else { return };
        let text = notation::to_xboard(&game, &best);
        if game.play_uci(&best).is_err() {
            return;
        }
        say_to(&s.out, &format!("move {text}"));
        let outcome = game.outcome();
        if let Some(o) = outcome {
            say_to(&s.out, &o.to_string());
        }
        h.played.push(best);
        h.hint = result.ponder.clone();
        h.pondering_on = None;
        h.hit = false;
        // Ponder on the expected reply.
        let Some(reply) = result.ponder.filter(|_| s.ponder.load(Relaxed)) else {
            return;
        };
        if outcome.is_some() {
            return;
        }
        let reply_text = notation::to_xboard(&game, &reply);
        if game.play_uci(&reply).is_err() || game.outcome().is_some() {
            return;
        }
        say_to(&s.out, &format!("Hint: {reply_text}"));
        clock.after_engine_move(moves_made, control.elapsed_ms());
        moves_made += 1;
        limits = clock.limits(moves_made);
        control = Arc::new(Control::new(true));
        h.control = control.clone();
        h.pondering_on = Some(reply);
        pondering = true;
        drop(h);
    }
}
