//! The search's life cycle: one search (or a chain of them) on its own thread, and the
//! small [`Handoff`] where that thread and the reader meet. The reader never waits on a
//! search except where a protocol asks it to (a command that changes the game ends the
//! search first; XBoard's `ping` waits for the engine's move).
//!
//! - A [`Task::Search`] searches and hands the result to the [`Listener`] (UCI's
//!   `bestmove`; XBoard's analysis ignores it).
//! - A [`Task::Play`] searches for the engine's own move and *plays* it: under the
//!   handoff's lock, unless the reader has marked the search *aborted*, the listener is
//!   told the move (XBoard prints `move X`) and the move is published for the reader's
//!   game. So a move is either announced and played, or neither. With pondering on, the
//!   same thread then searches the position after the expected reply; a [`ponder
//!   hit`](Runner::ponder_hit) turns that search into the real one.
//!
//! The session *collects* published moves into its history before it looks at the game,
//! so a user move that arrives right after the engine's is played after it.

use super::fog_play::{self, PlanJob};
use super::game::Game;
use super::search_state::SearchState;
use crate::hidden::planner::Plan;
use crate::search::{Control, Limits, Report, SearchResult, Settings};
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread::JoinHandle;

/// What a running search tells its front end; called on the search thread.
pub trait Listener: Send + Sync + 'static {
    /// A finished (or interrupted) iteration of a search of `root`.
    fn report(&self, root: &Game, report: &Report);
    /// A [`Task::Search`] ended (by its limits or by `stop`).
    fn finished(&self, _root: &Game, _result: &SearchResult) {}
    /// A [`Task::Play`] plays `mv` in `before`, reaching `after`.
    fn played(&self, _before: &Game, _mv: &str, _after: &Game) {}
    /// After its move, the engine thinks on the expected `reply` in `root`.
    fn pondering(&self, _root: &Game, _reply: &str) {}
    /// The honest player of a hidden-information game chose (before `finished` or
    /// `played`); its search reports nothing else.
    fn planned(&self, _plan: &Plan) {}
}

/// The limits of a ponder search, given how long the search for the engine's move took.
pub type PonderLimits = Box<dyn FnMut(u64) -> Limits + Send>;

/// What a search is for.
pub enum Task {
    /// Search; the result goes to [`Listener::finished`].
    Search,
    /// Search for the engine's move and play it; then, while pondering is on, think on
    /// the expected reply under the limits `ponder_limits` gives.
    Play { ponder_limits: PonderLimits },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TaskKind {
    Search,
    Play,
}

/// Everything a search thread needs.
pub struct Job {
    pub game: Game,
    pub limits: Limits,
    /// A ponder search: the clock does not run out before `ponderhit`.
    pub ponder: bool,
    pub task: Task,
    pub settings: Settings,
    /// The long-lived search state, shared with the thread.
    pub state: SearchState,
    /// Pondering on (read when the engine has moved, so it can change mid-search).
    pub pondering_on: Arc<AtomicBool>,
    /// A hidden-information game the honest player plays: its observation history
    /// and options. The planner gets this, never `game`.
    pub plan: Option<PlanJob>,
}

/// What the search thread and the reader share.
struct Handoff {
    /// The reader no longer wants a move from this search.
    aborted: bool,
    /// Moves the engine played (and announced), with the reply it expected to each,
    /// that the reader has not yet taken into its history.
    played: Vec<(String, Option<String>)>,
    /// While pondering: the reply the ponder search assumes.
    pondering_on: Option<String>,
    /// The opponent played the expected reply: the ponder search is now the real one.
    hit: bool,
    /// The control of the search running now (a ponder search gets a new one).
    control: Arc<Control>,
    /// The latest report of the search running now.
    last_report: Option<Report>,
}

impl Handoff {
    fn pondering(&self) -> bool {
        self.pondering_on.is_some() && !self.hit
    }
}

struct Running {
    kind: TaskKind,
    infinite: bool,
    handoff: Arc<Mutex<Handoff>>,
    handle: JoinHandle<()>,
}

/// How a running search is doing, for a progress line (XBoard's `.`).
#[derive(Clone, Debug)]
pub struct Status {
    pub kind: TaskKind,
    pub elapsed_ms: u64,
    /// From the latest report (0 before the first).
    pub nodes: u64,
    pub depth: u32,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// At most one search thread, and what it left for the reader.
#[derive(Default)]
pub struct Runner {
    running: Option<Running>,
}

impl Runner {
    /// Starts `job` on its own thread. A search already running must have been ended.
    pub fn start(&mut self, job: Job, listener: impl Listener) -> Result<(), String> {
        debug_assert!(self.running.is_none(), "one search at a time");
        let control = Arc::new(Control::new(job.ponder));
        let handoff = Arc::new(Mutex::new(Handoff {
            aborted: false,
            played: Vec::new(),
            pondering_on: None,
            hit: false,
            control: control.clone(),
            last_report: None,
        }));
        let kind = match job.task {
            Task::Search => TaskKind::Search,
            Task::Play { .. } => TaskKind::Play,
        };
        let infinite = job.limits.infinite;
        let shared = handoff.clone();
        let handle = std::thread::Builder::new()
            .name("search".into())
            .spawn(move || search_thread(job, control, &shared, &listener))
            .map_err(|e| e.to_string())?;
        self.running = Some(Running {
            kind,
            infinite,
            handoff,
            handle,
        });
        Ok(())
    }

    pub fn is_running(&self) -> bool {
        self.running.is_some()
    }

    /// Takes the moves the engine has played (each with the reply it expects), in
    /// order; reaps the thread once it has ended.
    pub fn collect(&mut self) -> Vec<(String, Option<String>)> {
        let Some(r) = &self.running else {
            return Vec::new();
        };
        let mut played = std::mem::take(&mut lock(&r.handoff).played);
        if r.handle.is_finished() {
            if let Some(r) = self.running.take() {
                let _ = r.handle.join();
                // A move published after the look above.
                played.append(&mut lock(&r.handoff).played);
            }
        }
        played
    }

    /// Ends the search without a further move and waits for the thread; returns the
    /// moves already announced, to be played. A [`Task::Search`] still reports its
    /// result.
    pub fn abort(&mut self) -> Vec<(String, Option<String>)> {
        let Some(r) = self.running.take() else {
            return Vec::new();
        };
        {
            let mut h = lock(&r.handoff);
            h.aborted = true;
            h.control.stop();
        }
        let _ = r.handle.join();
        let played = std::mem::take(&mut lock(&r.handoff).played);
        played
    }

    /// Lets a search with limits end by itself, stops an endless or pondering one, and
    /// waits for the thread.
    pub fn finish(&mut self) -> Vec<(String, Option<String>)> {
        let Some(r) = self.running.take() else {
            return Vec::new();
        };
        {
            let h = lock(&r.handoff);
            if r.infinite || h.control.pondering.load(Relaxed) {
                h.control.stop();
            }
        }
        let _ = r.handle.join();
        let played = std::mem::take(&mut lock(&r.handoff).played);
        played
    }

    /// Asks the running search to stop (it still reports or plays its move).
    pub fn stop(&self) {
        if let Some(r) = &self.running {
            lock(&r.handoff).control.stop();
        }
    }

    /// The opponent played the move the ponder search (UCI `go ponder`) assumed.
    pub fn ponderhit(&self) {
        if let Some(r) = &self.running {
            lock(&r.handoff).control.ponderhit();
        }
    }

    /// Whether the engine thinks on its own move now (not pondering, not analysing).
    pub fn thinking_on_own_move(&self) -> bool {
        self.running
            .as_ref()
            .is_some_and(|r| r.kind == TaskKind::Play && !lock(&r.handoff).pondering())
    }

    /// Whether a [`Task::Play`] thread ponders on the opponent's time.
    pub fn pondering(&self) -> bool {
        self.running
            .as_ref()
            .is_some_and(|r| lock(&r.handoff).pondering())
    }

    /// `reply` was played: if the thread ponders on exactly that move, `accept` plays
    /// it into the reader's game, and on success the ponder search becomes the real
    /// search. Whether that happened.
    pub fn ponder_hit(&self, reply: &str, accept: impl FnOnce() -> bool) -> bool {
        let Some(r) = &self.running else { return false };
        let mut h = lock(&r.handoff);
        if h.pondering() && h.pondering_on.as_deref() == Some(reply) && accept() {
            h.hit = true;
            h.control.ponderhit();
            return true;
        }
        false
    }

    /// Whether a [`Task::Play`] search has published a move not yet collected, or its
    /// thread has ended; `false` with nothing running.
    pub fn has_news(&self) -> bool {
        self.running
            .as_ref()
            .is_some_and(|r| r.handle.is_finished() || !lock(&r.handoff).played.is_empty())
    }

    pub fn status(&self) -> Option<Status> {
        let r = self.running.as_ref()?;
        let h = lock(&r.handoff);
        let (nodes, depth) = h
            .last_report
            .as_ref()
            .map_or((0, 0), |r| (r.nodes, r.depth));
        Some(Status {
            kind: r.kind,
            elapsed_ms: h.control.elapsed_ms(),
            nodes,
            depth,
        })
    }
}

/// Searches; for [`Task::Play`], plays the move, then ponders while pondering is on,
/// and goes on as the real search on a ponder hit.
fn search_thread(
    job: Job,
    mut control: Arc<Control>,
    handoff: &Mutex<Handoff>,
    listener: &impl Listener,
) {
    let Job {
        mut game,
        mut limits,
        task,
        settings,
        state,
        pondering_on,
        plan,
        ..
    } = job;
    let mut ponder_limits = match task {
        Task::Search => None,
        Task::Play { ponder_limits } => Some(ponder_limits),
    };
    let mut pondering = false;
    loop {
        let result = if let Some(job) = plan.as_ref().filter(|_| !pondering) {
            let p = fog_play::run(game.variant(), job, &limits, &settings, &control);
            listener.planned(&p);
            SearchResult {
                best: p.best.clone(),
                ponder: None,
                score: Some(p.score),
                depth: p.depth,
                nodes: p.nodes,
            }
        } else {
            let root = &game;
            let mut report = |r: &Report| {
                lock(handoff).last_report = Some(r.clone());
                listener.report(root, r);
            };
            game.search(
                &limits,
                &settings,
                state.tt(),
                &control,
                &mut state.memory(),
                &mut report,
            )
        };
        let Some(next_limits) = ponder_limits.as_mut() else {
            return listener.finished(&game, &result);
        };
        let mut h = lock(handoff);
        if h.aborted || (pondering && !h.hit) {
            return;
        }
        let Some(best) = result.best else { return };
        let before = game.clone();
        if game.play_uci(&best).is_err() {
            return;
        }
        listener.played(&before, &best, &game);
        h.played.push((best, result.ponder.clone()));
        h.pondering_on = None;
        h.hit = false;
        // Ponder on the expected reply.
        let Some(reply) = result.ponder.filter(|_| pondering_on.load(Relaxed)) else {
            return;
        };
        if game.outcome().is_some() {
            return;
        }
        let before = game.clone();
        if game.play_uci(&reply).is_err() || game.outcome().is_some() {
            return;
        }
        listener.pondering(&before, &reply);
        limits = next_limits(control.elapsed_ms());
        control = Arc::new(Control::new(true));
        h.control = control.clone();
        h.last_report = None;
        h.pondering_on = Some(reply);
        pondering = true;
    }
}
