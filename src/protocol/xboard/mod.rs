//! The XBoard / CECP (protocol version 2) front end: CECP lines in, session calls, CECP
//! lines out.
//!
//! The reader never waits on a search: searches run on the session's search thread,
//! which prints thinking output and, for the engine's own move (a [`Task::Play`]),
//! `move X` followed by the result when that move ended the game. The session plays that
//! move into its game when the reader next looks (every command starts with
//! [`Session::sync`]), so a user move that arrives right after `move X` is played after
//! it. When pondering (`hard`) the same thread goes on, after its move, to think on the
//! position after the expected reply; a user move equal to that reply turns the ponder
//! search into the real one (ponder hit), any other ends it.
//!
//! Every command that changes the board or the game ends a search first; `ping` waits
//! for the engine's move when the engine is thinking on its own move (the protocol asks
//! that `pong` never come before that move), and is answered at once otherwise. What
//! stays here is CECP's own state: which side the engine plays, analyze mode, the clock,
//! `post`, the moves excluded from analysis.
//!
//! Bad input never changes the state: `Illegal move: X` for a move that is not legal,
//! `Error (reason): command` for everything else. `docs/protocols.md` documents the
//! commands and conventions.

pub mod clock;
pub mod notation;
pub mod variants;

use super::{Flow, Output};
use crate::engine::options::{self, Kind, MAX_THREADS};
use crate::engine::{clip, Game, Listener, Session, SessionError, Task, TaskKind};
use crate::hidden::planner::Plan;
use crate::search::{Bound, Limits, Report, Score, SearchResult};
use crate::variant::{find_variant, Color, BLACK, WHITE};
use clock::TimeControl;
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::Arc;

/// The session's options offered as `feature option`, in that order; the others have
/// CECP commands of their own (`memory`, `cores`, `hard`, `variant`).
const OFFERED_OPTIONS: &[&str] = &["Move Overhead", "MultiPV", "Clear Hash"];

pub struct XBoard<W: Write + Send + 'static> {
    out: Output<W>,
    session: Session,
    /// The colour the engine plays; `None` in force mode.
    engine_side: Option<Color>,
    analyzing: bool,
    /// A `setboard` was refused: the GUI's board is not ours, so moves are refused until
    /// the next `new`, `variant` or good `setboard`.
    lost_position: bool,
    post: Arc<AtomicBool>,
    clock: TimeControl,
    /// Root moves left out of analysis (`exclude`), in UCI notation, and the session's
    /// position generation they were chosen in (a new position resets them).
    excluded: Vec<String>,
    excluded_in: u64,
}

/// Prints the search's output as XBoard reads it.
struct Thinker<W> {
    out: Output<W>,
    post: Arc<AtomicBool>,
    /// A search of a one-shot observation (`setboard` with `?` squares) announces its
    /// result as the engine's move, since there is no true game to play it into.
    announce: bool,
}

impl<W: Write + Send + 'static> Listener for Thinker<W> {
    fn report(&self, root: &Game, r: &Report) {
        if self.post.load(Relaxed) {
            self.out.say(&thinking_line(root, r));
        }
    }

    fn played(&self, before: &Game, mv: &str, after: &Game) {
        self.out
            .say(&format!("move {}", notation::to_xboard(before, mv)));
        if let Some(o) = after.outcome() {
            self.out.say(&o.to_string());
        }
    }

    fn pondering(&self, root: &Game, reply: &str) {
        self.out
            .say(&format!("Hint: {}", notation::to_xboard(root, reply)));
    }

    fn finished(&self, _root: &Game, result: &SearchResult) {
        if let (true, Some(best)) = (self.announce, &result.best) {
            self.out.say(&format!("move {best}"));
        }
    }

    /// The honest player of a hidden-information game: one thinking line with the root
    /// move only and no time, so equal observations print equal lines (rule book §3.4).
    fn planned(&self, plan: &Plan) {
        if let Some(ply) = plan.inconsistent_at {
            self.out
                .say(&format!("# observation inconsistent at ply {ply}"));
        }
        if let (true, Some(best)) = (self.post.load(Relaxed), &plan.best) {
            self.out.say(&format!(
                "{} {} 0 {} {} 0 0\t{best}",
                plan.depth,
                xboard_score(plan.score),
                plan.nodes,
                plan.depth
            ));
        }
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
        XBoard::with_session(out, Session::new())
    }

    /// XBoard over a session set up elsewhere.
    pub fn with_session(out: W, session: Session) -> XBoard<W> {
        XBoard {
            out: Output::new(out),
            session,
            engine_side: Some(BLACK),
            analyzing: false,
            lost_position: false,
            post: Arc::new(AtomicBool::new(false)),
            clock: TimeControl::default(),
            excluded: Vec::new(),
            excluded_in: 0,
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
        self.session.wait_for_move();
        if self.one_shot_pending() {
            self.session.finish();
        }
        self.session.abort();
    }

    /// Whether the engine is thinking on a one-shot observation's move (`setboard`
    /// with `?` squares, then `go`): like its own move, `ping` and the end of input
    /// wait for it and `?` ends it.
    fn one_shot_pending(&self) -> bool {
        self.session.observed().is_some() && !self.analyzing && self.session.is_searching()
    }

    /// Waits for any search, then hands back the output (tests read it).
    pub fn into_output(mut self) -> W {
        self.session.wait_for_move();
        if self.one_shot_pending() {
            self.session.finish();
        }
        self.session.abort();
        self.out.into_inner()
    }

    /// The current position (FEN), after any move the engine has made.
    pub fn fen(&mut self) -> String {
        self.session.sync();
        self.session.game().fen()
    }

    fn say(&self, text: &str) {
        self.out.say(text);
    }

    /// `Error (reason): command`; parentheses in the reason would confuse GUIs' parsers.
    fn error(&self, reason: &str, command: &str) {
        let reason = reason.replace('(', "[").replace(')', "]");
        self.say(&format!("Error ({}): {}", clip(&reason), clip(command)));
    }

    pub fn command(&mut self, line: &str) -> Flow {
        self.session.sync();
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
            "force" | "result" => {
                self.session.abort();
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
            "?" if self.one_shot_pending() => self.session.stop(),
            "?" => self.session.move_now(),
            "ping" => {
                self.session.wait_for_move();
                if self.one_shot_pending() {
                    self.session.finish();
                }
                self.say(&format!("pong {}", clip(rest)));
            }
            "setboard" => self.setboard(rest, line),
            "undo" => self.take_back(1, line),
            "remove" => self.take_back(2, line),
            "hard" => self.set_ponder(true),
            "easy" => {
                self.set_ponder(false);
                self.session.stop_pondering();
            }
            "post" => self.post.store(true, Relaxed),
            "nopost" => self.post.store(false, Relaxed),
            "analyze" => {
                self.session.abort();
                self.analyzing = true;
                self.engine_side = None;
                self.start_analysis();
            }
            "exit" => {
                if self.analyzing {
                    self.session.abort();
                    self.analyzing = false;
                }
            }
            "." => self.status(),
            "hint" => {
                if let Some(h) = self.session.expected_reply() {
                    let text = notation::to_xboard(self.session.game(), h);
                    self.say(&format!("Hint: {text}"));
                }
            }
            "bk" => {
                self.say(" Protean has no opening book.");
                self.say("");
            }
            "memory" => match self.session.set_option("Hash", rest) {
                Ok(_) => {}
                Err(SessionError::OutOfRange { min, max, .. }) => {
                    self.error(&format!("memory takes {min}..{max} MB"), line)
                }
                Err(e) => self.error(&e.to_string(), line),
            },
            "cores" => match rest.parse::<u64>() {
                Ok(n) if n >= 1 => {
                    let threads = n.min(MAX_THREADS).to_string();
                    if let Err(e) = self.session.set_option("Threads", &threads) {
                        self.error(&e.to_string(), line);
                    }
                }
                _ => self.error("cores needs a positive number", line),
            },
            "option" => self.option(rest, line),
            "exclude" | "include" => self.exclude(cmd == "exclude", rest),
            "quit" => {
                self.session.abort();
                return Flow::Quit;
            }
            // Not CECP: shows the position for people typing at the engine ('#' lines
            // are debug output that GUIs ignore).
            "d" => {
                if let Some(observed) = self.session.observed() {
                    // A one-shot observation: no true position to show.
                    self.say(&format!("# Observation: {}", observed.last().fen()));
                    return Flow::Continue;
                }
                let game = self.session.game();
                let name = variants::xboard_name(game.variant());
                self.say(&format!("# {name} {}", game.fen()));
                if let Some(seen) = game.observation() {
                    self.say(&format!("# Observation: {}", seen.fen()));
                    if !seen.events.is_empty() {
                        self.say(&format!("# Observation events: {}", seen.events_text()));
                    }
                }
                if let Some(o) = game.outcome() {
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
        for o in OFFERED_OPTIONS
            .iter()
            .filter_map(|name| options::find(name))
        {
            let control = match o.kind {
                Kind::Check { default } => format!("-check {}", u8::from(default)),
                Kind::Spin { default, min, max } => format!("-spin {default} {min} {max}"),
                Kind::Combo { default, choices } => {
                    let others: Vec<String> =
                        choices().into_iter().filter(|c| c != default).collect();
                    format!("-combo *{default} /// {}", others.join(" /// "))
                }
                Kind::String { default } => format!("-string {default}"),
                Kind::Button => "-button".to_string(),
            };
            self.say(&format!("feature option=\"{} {control}\"", o.name));
        }
        self.say("feature done=1");
    }

    /// `hard` / `easy`.
    fn set_ponder(&mut self, on: bool) {
        let value = if on { "true" } else { "false" };
        if let Err(e) = self.session.set_option("Ponder", value) {
            self.say(&format!("tellusererror {e}"));
        }
    }

    /// The moves excluded from analysis, forgotten once the position has changed.
    fn excluded(&mut self) -> &mut Vec<String> {
        if self.excluded_in != self.session.generation() {
            self.excluded.clear();
            self.excluded_in = self.session.generation();
        }
        &mut self.excluded
    }

    // ---- searching ----------------------------------------------------------------

    fn spawn(&mut self, limits: Limits, task: Task) {
        let thinker = Thinker {
            out: self.out.clone(),
            post: self.post.clone(),
            announce: matches!(task, Task::Search)
                && !self.analyzing
                && self.session.observed().is_some(),
        };
        if let Err(e) = self.session.go(limits, false, task, thinker) {
            self.say(&format!("tellusererror {e}"));
        }
    }

    /// Starts thinking on the engine's move.
    fn start_play(&mut self) {
        if self.session.observed().is_some() {
            // A one-shot observation: the move is announced, not played (there is no
            // true game), and the engine waits in force mode for a new position.
            self.engine_side = None;
            let limits = self.clock.limits(0);
            return self.spawn(limits, Task::Search);
        }
        let mut moves_made = self.session.moves().len() / 2;
        let limits = self.clock.limits(moves_made);
        // After the engine's move, a ponder search assumes the clock went on as the
        // time control says until the GUI's next `time`.
        let mut clock = self.clock.clone();
        let ponder_limits = Box::new(move |elapsed_ms| {
            clock.after_engine_move(moves_made, elapsed_ms);
            moves_made += 1;
            clock.limits(moves_made)
        });
        self.spawn(limits, Task::Play { ponder_limits });
    }

    /// Starts (or restarts) analysis of the current position.
    fn start_analysis(&mut self) {
        self.session.abort();
        if let Some(o) = self.session.game().outcome() {
            if self.post.load(Relaxed) {
                self.say(&format!("0 0 0 0\t(game over: {o})"));
            }
            return;
        }
        let mut limits = Limits {
            infinite: true,
            ..Limits::default()
        };
        let excluded = self.excluded().clone();
        if !excluded.is_empty() {
            let moves: Vec<String> = self
                .session
                .game()
                .legal_moves_uci()
                .into_iter()
                .filter(|m| !excluded.contains(m))
                .collect();
            if moves.is_empty() {
                // Every move excluded: nothing to analyse until one is included.
                return;
            }
            limits.searchmoves = moves;
        }
        self.spawn(limits, Task::Search);
    }

    /// After the position changed by a move or `go`: think, claim the end, or wait.
    fn after_move(&mut self) {
        if self.analyzing {
            return self.start_analysis();
        }
        let Some(side) = self.engine_side else { return };
        if let Some(o) = self.session.game().outcome() {
            return self.say(&o.to_string());
        }
        if side == self.side_to_move() {
            self.start_play();
        }
    }

    fn side_to_move(&self) -> Color {
        if self.session.game().white_to_move() {
            WHITE
        } else {
            BLACK
        }
    }

    // ---- commands -----------------------------------------------------------------

    fn new_game(&mut self) {
        self.session.abort();
        let Some(chess) = find_variant("chess") else {
            return self.error("chess is not known", "new");
        };
        if let Err(e) = self.session.set_variant(chess) {
            return self.error(&e.to_string(), "new");
        }
        self.lost_position = false;
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
        self.session.abort();
        let variant = match variants::find_by_xboard_name(name) {
            Ok(v) => v,
            Err(e) => return self.error(&format!("unsupported variant: {e}"), line),
        };
        match self.session.set_variant(variant.clone()) {
            Ok(()) => {
                for l in variants::setup_commands(&variant) {
                    self.say(&l);
                }
                self.lost_position = false;
                if self.analyzing {
                    self.start_analysis();
                }
            }
            Err(e) => self.error(&e.to_string(), line),
        }
    }

    fn setboard(&mut self, fen: &str, line: &str) {
        self.session.abort();
        let variant = self.session.variant().clone();
        let board = fen.split_whitespace().next().unwrap_or("");
        let result = if board.contains(['?', '*']) {
            // An observation FEN (rule book §3.4): a one-shot observation for the honest
            // player of a hidden-information game.
            self.session.set_observation_fen(fen)
        } else {
            self.session.set_position(Some(fen), &[])
        };
        let result = result.or_else(|e| {
            // XBoard leaves the castling field out in variants without castling
            // (`nocastle`: `... w - 0 1`).
            let fields: Vec<&str> = fen.split_whitespace().collect();
            if variant.castling.is_none() && fields.len() == 5 {
                let fixed = [&fields[..2], &["-"], &fields[2..]].concat().join(" ");
                self.session.set_position(Some(&fixed), &[]).map_err(|_| e)
            } else {
                Err(e)
            }
        });
        match result {
            Ok(()) => {
                self.lost_position = false;
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
        self.session.abort();
        if self.lost_position {
            return self.error("no valid position, send setboard", line);
        }
        self.analyzing = false;
        self.engine_side = Some(self.side_to_move());
        self.after_move();
    }

    fn playother(&mut self, line: &str) {
        self.session.abort();
        if self.lost_position {
            return self.error("no valid position, send setboard", line);
        }
        self.engine_side = Some(!self.side_to_move());
    }

    /// The obsolete `white` / `black`: that side to move, the engine plays the other.
    fn set_color(&mut self, white: bool, line: &str) {
        self.session.abort();
        let wanted = if white { WHITE } else { BLACK };
        if self.side_to_move() != wanted {
            let fen = self.session.game().fen();
            let mut fields: Vec<&str> = fen.split(' ').collect();
            if fields.len() > 1 {
                fields[1] = if white { "w" } else { "b" };
                // No en-passant square can exist with the other side to move.
                if fields.len() > 3 {
                    fields[3] = "-";
                }
            }
            if let Err(e) = self.session.set_position(Some(&fields.join(" ")), &[]) {
                return self.error(&e.to_string(), line);
            }
            self.lost_position = false;
        }
        self.engine_side = Some(!wanted);
    }

    fn user_move(&mut self, text: &str, explicit: bool) {
        // A ponder hit turns the running ponder search into the real one.
        if self.session.is_pondering() {
            if let Ok(m) = notation::from_xboard(self.session.game(), text) {
                if self.session.ponder_hit(&m) {
                    return;
                }
            }
        }
        let restart_analysis = self.analyzing;
        self.session.abort();
        if self.lost_position {
            return self.say(&format!("Illegal move (no valid position): {}", clip(text)));
        }
        let result = notation::from_xboard(self.session.game(), text).and_then(|m| {
            self.session.play(&m).map_err(|e| match e {
                SessionError::BadMove(reason) => reason,
                other => other.to_string(),
            })
        });
        match result {
            Ok(()) => self.after_move(),
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
        if self.session.take_back(plies).is_err() {
            self.error("command not legal now", line);
        }
        if self.analyzing {
            self.start_analysis();
        }
    }

    /// `.` in analyze mode: `stat01: time nodes depth movesleft movestotal`.
    fn status(&mut self) {
        let Some(s) = self.session.status() else {
            return;
        };
        if s.kind != TaskKind::Search {
            return;
        }
        let excluded = self.excluded().clone();
        let total = self
            .session
            .game()
            .legal_moves_uci()
            .iter()
            .filter(|m| !excluded.contains(m))
            .count();
        self.say(&format!(
            "stat01: {} {} {} 0 {total}",
            s.elapsed_ms / 10,
            s.nodes,
            s.depth
        ));
    }

    /// `option NAME=VALUE` for the options announced in `features`.
    fn option(&mut self, body: &str, line: &str) {
        let (name, value) = match body.split_once('=') {
            Some((n, v)) => (n.trim(), v.trim()),
            None => (body.trim(), ""),
        };
        if !OFFERED_OPTIONS.contains(&name) {
            return self.error("unknown option", line);
        }
        match self.session.set_option(name, value) {
            Ok(_) => {}
            Err(SessionError::OutOfRange {
                option, min, max, ..
            }) => self.error(&format!("{option} takes a number in {min}..{max}"), line),
            Err(e) => self.error(&e.to_string(), line),
        }
    }

    fn exclude(&mut self, exclude: bool, arg: &str) {
        let legal = self.session.game().legal_moves_uci();
        if arg == "all" {
            *self.excluded() = if exclude { legal } else { Vec::new() };
        } else {
            let Ok(m) = notation::from_xboard(self.session.game(), arg) else {
                return self.say(&format!("Illegal move: {}", clip(arg)));
            };
            if !legal.contains(&m) {
                return self.say(&format!("Illegal move: {}", clip(arg)));
            }
            let excluded = self.excluded();
            excluded.retain(|x| *x != m);
            if exclude {
                excluded.push(m);
            }
        }
        if self.analyzing {
            self.start_analysis();
        }
    }
}
