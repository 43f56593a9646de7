//! The UCI loop. The reader never waits on the search: `go` starts the search on its own
//! thread, which prints `info` lines and `bestmove`; `stop`, `ponderhit` and `isready`
//! are answered at once. A command that changes the game or the options (`position`,
//! `setoption`, `ucinewgame`, another `go`) first stops a running search and waits for
//! its `bestmove`, so the engine's state never changes under a search.
//!
//! Bad input is answered with `info string error: ...` and leaves the state as it was.

use crate::engine::variant_file::load_variants_file;
use crate::engine::{check_eval_file, Game};
use crate::eval::ParamFile;
use crate::search::{
    Bound, Clock, Control, Limits, Report, SearchMemory, Settings, TranspositionTable,
};
use crate::variant::{all_variants, find_variant, Variant};
use std::io::{BufRead, Write};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

const DEFAULT_HASH_MB: usize = 16;
const MAX_HASH_MB: usize = 65536;
const MAX_THREADS: usize = 256;
const MAX_MULTIPV: usize = 256;
/// `EvalFile`'s default: the parameter files compiled in from `nets/`.
const EMBEDDED: &str = "<embedded>";

/// A search running on its own thread.
struct Running {
    control: Arc<Control>,
    infinite: bool,
    handle: JoinHandle<()>,
}

pub struct Uci<W: Write + Send + 'static> {
    out: Arc<Mutex<W>>,
    variant: Arc<Variant>,
    chess960: bool,
    game: Game,
    tt: Arc<TranspositionTable>,
    /// The game's search memory (histories, killers): kept between moves, cleared by
    /// `ucinewgame`. Locked by the search thread while it searches.
    memory: Arc<Mutex<SearchMemory>>,
    hash_mb: usize,
    settings: Settings,
    search: Option<Running>,
}

/// Whether the loop goes on after a command.
#[derive(PartialEq, Eq)]
pub enum Flow {
    Continue,
    Quit,
}

/// Writes one line and flushes (a closed output, GUI gone, is not worth dying for).
fn say_to<W: Write>(out: &Mutex<W>, text: &str) {
    let mut out = out.lock().unwrap_or_else(|e| e.into_inner());
    let _ = writeln!(out, "{text}");
    let _ = out.flush();
}

/// An `info` line as UCI writes it.
pub fn info_line(r: &Report) -> String {
    let bound = match r.bound {
        Some(Bound::Lower) => " lowerbound",
        Some(Bound::Upper) => " upperbound",
        _ => "",
    };
    format!(
        "info depth {} seldepth {} multipv {} score {}{} nodes {} nps {} hashfull {} time {} pv {}",
        r.depth,
        r.seldepth,
        r.multipv,
        r.score,
        bound,
        r.nodes,
        r.nps,
        r.hashfull,
        r.time_ms,
        r.pv.join(" ")
    )
}

impl<W: Write + Send + 'static> Uci<W> {
    pub fn new(out: W) -> Uci<W> {
        let variant = find_variant("chess").expect("chess is built in");
        let game = Game::new(&variant, None).expect("the chess start position is valid");
        Uci {
            out: Arc::new(Mutex::new(out)),
            variant,
            chess960: false,
            game,
            tt: Arc::new(TranspositionTable::new(DEFAULT_HASH_MB)),
            memory: Arc::new(Mutex::new(SearchMemory::new())),
            hash_mb: DEFAULT_HASH_MB,
            settings: Settings::default(),
            search: None,
        }
    }

    /// Reads commands until `quit` or end of input. At end of input a running search
    /// with limits finishes (so `echo "go depth 10" | protean` prints its answer); an
    /// infinite or ponder search is stopped.
    pub fn run(&mut self, input: impl BufRead) {
        for line in input.split(b'\n') {
            let Ok(bytes) = line else { break };
            let text = String::from_utf8_lossy(&bytes);
            if self.command(&text) == Flow::Quit {
                return;
            }
        }
        self.wait();
    }

    /// Waits for a running search to end by its own limits; stops an endless one.
    pub fn wait(&mut self) {
        if let Some(r) = self.search.take() {
            let pondering = r
                .control
                .pondering
                .load(std::sync::atomic::Ordering::Relaxed);
            if r.infinite || pondering {
                r.control.stop();
            }
            let _ = r.handle.join();
        }
    }

    /// Waits for any running search, then hands back the output (tests read it).
    pub fn into_output(mut self) -> W {
        self.wait();
        match Arc::try_unwrap(self.out) {
            Ok(m) => m.into_inner().unwrap_or_else(|e| e.into_inner()),
            Err(_) => unreachable!("the search thread has ended and released the output"),
        }
    }

    fn say(&self, text: &str) {
        say_to(&self.out, text);
    }

    fn error(&self, text: &str) {
        self.say(&format!("info string error: {text}"));
    }

    /// Stops a running search and waits for its `bestmove`.
    fn stop_search(&mut self) {
        if let Some(r) = self.search.take() {
            r.control.stop();
            let _ = r.handle.join();
        }
    }

    pub fn command(&mut self, line: &str) -> Flow {
        let mut words = line.split_whitespace();
        let Some(cmd) = words.next() else {
            return Flow::Continue;
        };
        let rest: Vec<&str> = words.collect();
        match cmd {
            "uci" => self.identify(),
            "isready" => self.say("readyok"),
            "ucinewgame" => {
                self.stop_search();
                self.tt.clear();
                self.memory
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .clear();
                self.reset_game();
            }
            "setoption" => {
                self.stop_search();
                self.set_option(&rest);
            }
            "position" => {
                self.stop_search();
                self.position(&rest);
            }
            "go" => {
                self.stop_search();
                self.go(&rest);
            }
            "stop" => {
                if let Some(r) = &self.search {
                    r.control.stop();
                }
            }
            "ponderhit" => {
                if let Some(r) = &self.search {
                    r.control.ponderhit();
                }
            }
            "d" => {
                let fen = self.game.fen();
                self.say(&format!("Fen: {fen}"));
                self.say(&format!("Key: {:016X}", self.game.key()));
                if let Some(outcome) = self.game.outcome() {
                    self.say(&format!("Result: {outcome}"));
                }
            }
            "quit" => {
                self.stop_search();
                return Flow::Quit;
            }
            other => self.error(&format!("unknown command '{}'", clip(other))),
        }
        Flow::Continue
    }

    fn identify(&self) {
        self.say(&format!("id name Protean {}", env!("CARGO_PKG_VERSION")));
        self.say("id author the Protean developers");
        self.announce_options();
        self.say("uciok");
    }

    fn announce_options(&self) {
        let names: Vec<String> = all_variants()
            .iter()
            .map(|v| format!("var {}", v.name))
            .collect();
        self.say(&format!(
            "option name UCI_Variant type combo default chess {}",
            names.join(" ")
        ));
        self.say("option name UCI_Chess960 type check default false");
        self.say("option name VariantPath type string default <empty>");
        self.say(&format!(
            "option name Hash type spin default {DEFAULT_HASH_MB} min 1 max {MAX_HASH_MB}"
        ));
        self.say(&format!(
            "option name Threads type spin default 1 min 1 max {MAX_THREADS}"
        ));
        self.say(&format!(
            "option name MultiPV type spin default 1 min 1 max {MAX_MULTIPV}"
        ));
        self.say("option name Ponder type check default false");
        self.say("option name Move Overhead type spin default 10 min 0 max 5000");
        self.say("option name Clear Hash type button");
        self.say(&format!(
            "option name EvalFile type string default {EMBEDDED}"
        ));
    }

    /// `VariantPath`: loads a `variants.ini` file; its variants join `UCI_Variant`, and
    /// the options are announced again with the longer list. A bad file changes nothing.
    fn load_variant_path(&mut self, path: &str) {
        if path.is_empty() || path == "<empty>" {
            return;
        }
        match load_variants_file(std::path::Path::new(path)) {
            Ok(report) => {
                for w in &report.warnings {
                    self.say(&format!("info string warning: {w}"));
                }
                self.say(&format!(
                    "info string loaded {} variant(s) from {path}: {}",
                    report.names.len(),
                    report.names.join(" ")
                ));
                // The current variant may have been redefined by the file.
                if let Some(v) = find_variant(&self.variant.name) {
                    if *v != *self.variant {
                        self.variant = v;
                        self.tt.clear();
                        self.reset_game();
                    }
                }
                self.announce_options();
            }
            Err(e) => self.error(&e),
        }
    }

    fn reset_game(&mut self) {
        match Game::new(&self.variant, None) {
            Ok(mut g) => {
                g.set_chess960(self.chess960 || self.variant.chess960);
                self.game = g;
            }
            Err(e) => self.error(&e),
        }
    }

    fn set_option(&mut self, args: &[&str]) {
        // setoption name <id...> [value <x...>]
        let joined = args.join(" ");
        let Some(body) = joined.strip_prefix("name ") else {
            return self.error("setoption needs 'name <id> [value <x>]'");
        };
        let (name, value) = match body.split_once(" value ") {
            Some((n, v)) => (n.trim(), v.trim()),
            None => (body.trim(), ""),
        };
        let spin = |min: u64, max: u64| -> Result<u64, String> {
            value
                .parse::<u64>()
                .ok()
                .filter(|v| (min..=max).contains(v))
                .ok_or_else(|| {
                    format!(
                        "option {name} takes a number in {min}..{max}, not '{}'",
                        clip(value)
                    )
                })
        };
        match name.to_ascii_lowercase().as_str() {
            "uci_variant" => match find_variant(value) {
                Some(v) => {
                    self.variant = v;
                    self.tt.clear();
                    self.reset_game();
                }
                None => self.error(&format!("unknown variant '{}'", clip(value))),
            },
            "uci_chess960" => match value {
                "true" | "false" => {
                    self.chess960 = value == "true";
                    self.game
                        .set_chess960(self.chess960 || self.variant.chess960);
                }
                _ => self.error(&format!(
                    "UCI_Chess960 takes true or false, not '{}'",
                    clip(value)
                )),
            },
            "hash" => match spin(1, MAX_HASH_MB as u64) {
                Ok(mb) => {
                    if mb as usize != self.hash_mb {
                        // Free the old table before allocating the new one.
                        self.tt = Arc::new(TranspositionTable::new(1));
                        self.tt = Arc::new(TranspositionTable::new(mb as usize));
                        self.hash_mb = mb as usize;
                    }
                }
                Err(e) => self.error(&e),
            },
            "threads" => match spin(1, MAX_THREADS as u64) {
                Ok(n) => self.settings.threads = n as usize,
                Err(e) => self.error(&e),
            },
            "multipv" => match spin(1, MAX_MULTIPV as u64) {
                Ok(n) => self.settings.multipv = n as usize,
                Err(e) => self.error(&e),
            },
            "move overhead" => match spin(0, 5000) {
                Ok(n) => self.settings.move_overhead_ms = n,
                Err(e) => self.error(&e),
            },
            "ponder" => match value {
                "true" | "false" => {}
                _ => self.error(&format!(
                    "Ponder takes true or false, not '{}'",
                    clip(value)
                )),
            },
            "clear hash" => self.tt.clear(),
            "variantpath" => self.load_variant_path(value),
            "evalfile" => self.set_eval_file(value),
            _ => self.error(&format!("unknown option '{}'", clip(name))),
        }
    }

    /// `EvalFile`: a parameter file for the variants it names, or `<embedded>` (or
    /// nothing) for the tables built in. A bad file is reported and changes nothing.
    fn set_eval_file(&mut self, value: &str) {
        if value.is_empty() || value == EMBEDDED {
            self.settings.eval_file = None;
            return self.say("info string EvalFile: the embedded tables");
        }
        let loaded = ParamFile::read(std::path::Path::new(value))
            .and_then(|f| check_eval_file(&f).map(|names| (f, names)));
        match loaded {
            Ok((file, names)) => {
                self.say(&format!(
                    "info string EvalFile {} loaded for {}",
                    clip(value),
                    names.join(", ")
                ));
                self.settings.eval_file = Some(Arc::new(file));
            }
            Err(e) => {
                let kept = match &self.settings.eval_file {
                    Some(f) => clip(&f.source),
                    None => EMBEDDED.to_string(),
                };
                self.error(&format!("EvalFile: {} (keeping {kept})", clip_long(&e)))
            }
        }
    }

    fn position(&mut self, args: &[&str]) {
        let moves_at = args.iter().position(|&a| a == "moves");
        let (setup, moves) = match moves_at {
            Some(i) => (&args[..i], &args[i + 1..]),
            None => (args, &args[args.len()..]),
        };
        let fen = match setup.first() {
            Some(&"startpos") if setup.len() == 1 => None,
            Some(&"fen") if setup.len() > 1 => Some(setup[1..].join(" ")),
            _ => {
                return self
                    .error("position needs 'startpos' or 'fen <FEN>', then optional 'moves ...'")
            }
        };
        let mut game = match Game::new(&self.variant, fen.as_deref()) {
            Ok(g) => g,
            Err(e) => return self.error(&clip(&e)),
        };
        game.set_chess960(self.chess960 || self.variant.chess960);
        for m in moves {
            if let Err(e) = game.play_uci(m) {
                return self.error(&format!("{} (position unchanged)", clip(&e)));
            }
        }
        self.game = game;
    }

    fn go(&mut self, args: &[&str]) {
        if args.first() == Some(&"perft") {
            return self.perft(&args[1..]);
        }
        let (limits, ponder) = match self.parse_go(args) {
            Ok(l) => l,
            Err(e) => return self.error(&e),
        };
        if let Some(outcome) = self.game.outcome() {
            self.say(&format!("info string game over: {outcome}"));
            self.say("bestmove (none)");
            return;
        }
        let infinite = limits.infinite;
        let control = Arc::new(Control::new(ponder));
        let game = self.game.clone();
        let tt = self.tt.clone();
        let memory = self.memory.clone();
        let settings = self.settings.clone();
        let out = self.out.clone();
        let c = control.clone();
        let handle = std::thread::Builder::new()
            .name("search".into())
            .spawn(move || {
                let mut report = |r: &Report| say_to(&out, &info_line(r));
                let mut memory = memory.lock().unwrap_or_else(|e| e.into_inner());
                let result = game.search(&limits, &settings, &tt, &c, &mut memory, &mut report);
                let line = match (result.best, result.ponder) {
                    (Some(b), Some(p)) => format!("bestmove {b} ponder {p}"),
                    (Some(b), None) => format!("bestmove {b}"),
                    (None, _) => "bestmove (none)".to_string(),
                };
                say_to(&out, &line);
            });
        match handle {
            Ok(handle) => {
                self.search = Some(Running {
                    control,
                    infinite,
                    handle,
                })
            }
            Err(e) => self.error(&format!("cannot start the search: {e}")),
        }
    }

    /// Reads `go` arguments; the clock of the side to move becomes the limit.
    fn parse_go(&self, args: &[&str]) -> Result<(Limits, bool), String> {
        let mut limits = Limits::default();
        let mut ponder = false;
        let (mut wtime, mut btime, mut winc, mut binc) = (None, None, 0, 0);
        let mut movestogo = None;
        let mut i = 0;
        let number = |i: usize| -> Result<u64, String> {
            let word = args
                .get(i + 1)
                .ok_or(format!("go {} needs a number", args[i]))?;
            // GUIs may send a negative clock when time is already short.
            if let Ok(n) = word.parse::<i64>() {
                return Ok(n.max(0) as u64);
            }
            Err(format!("go {}: '{}' is not a number", args[i], clip(word)))
        };
        while i < args.len() {
            match args[i] {
                "wtime" => wtime = Some(number(i)?),
                "btime" => btime = Some(number(i)?),
                "winc" => winc = number(i)?,
                "binc" => binc = number(i)?,
                "movestogo" => movestogo = Some(number(i)?.min(10_000) as u32),
                "depth" => limits.depth = Some(number(i)?.clamp(1, 1000) as u32),
                "nodes" => limits.nodes = Some(number(i)?.max(1)),
                "mate" => limits.mate = Some(number(i)?.clamp(1, 1000) as u32),
                "movetime" => limits.movetime_ms = Some(number(i)?),
                "infinite" => {
                    limits.infinite = true;
                    i += 1;
                    continue;
                }
                "ponder" => {
                    ponder = true;
                    i += 1;
                    continue;
                }
                "searchmoves" => {
                    let moves: Vec<String> = args[i + 1..]
                        .iter()
                        .take_while(|w| !is_go_keyword(w))
                        .map(|w| w.to_string())
                        .collect();
                    self.game.check_moves(&moves)?;
                    i += 1 + moves.len();
                    limits.searchmoves = moves;
                    continue;
                }
                other => return Err(format!("unknown go parameter '{}'", clip(other))),
            }
            i += 2;
        }
        let (time, inc) = if self.game.white_to_move() {
            (wtime, winc)
        } else {
            (btime, binc)
        };
        if let Some(time_ms) = time {
            limits.clock = Some(Clock {
                time_ms,
                inc_ms: inc,
                moves_to_go: movestogo,
            });
        }
        Ok((limits, ponder))
    }

    fn perft(&mut self, args: &[&str]) {
        match args {
            [depth] => match depth.parse::<u32>() {
                Ok(d) if (1..=64).contains(&d) => {
                    let mut game = self.game.clone();
                    let mut total = 0;
                    for (m, n) in game.divide(d) {
                        self.say(&format!("{m}: {n}"));
                        total += n;
                    }
                    self.say("");
                    self.say(&format!("Nodes searched: {total}"));
                }
                _ => self.error(&format!(
                    "perft depth '{}' is not a number in 1..64",
                    clip(depth)
                )),
            },
            _ => self.error("go perft needs one depth"),
        }
    }
}

fn is_go_keyword(w: &str) -> bool {
    matches!(
        w,
        "wtime"
            | "btime"
            | "winc"
            | "binc"
            | "movestogo"
            | "depth"
            | "nodes"
            | "mate"
            | "movetime"
            | "infinite"
            | "ponder"
            | "searchmoves"
            | "perft"
    )
}

/// An error that quotes a file name and a line: at most 200 characters.
fn clip_long(text: &str) -> String {
    if text.chars().count() <= 200 {
        text.to_string()
    } else {
        format!("{}...", text.chars().take(200).collect::<String>())
    }
}

/// Echoes at most 80 characters of untrusted input in an error message.
fn clip(text: &str) -> String {
    if text.chars().count() <= 80 {
        text.to_string()
    } else {
        let head: String = text.chars().take(80).collect();
        format!("{head}...")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn transcript(commands: &[&str]) -> String {
        let mut uci = Uci::new(Vec::new());
        for c in commands {
            uci.command(c);
        }
        String::from_utf8(uci.into_output()).unwrap()
    }

    #[test]
    fn identifies_with_variants() {
        let out = transcript(&["uci", "isready"]);
        assert!(out.contains("option name UCI_Variant type combo default chess var chess var fischerandom var nocastle"));
        assert!(out.contains("option name UCI_Chess960 type check default false"));
        for option in [
            "Hash",
            "Threads",
            "MultiPV",
            "Ponder",
            "Move Overhead",
            "Clear Hash",
        ] {
            assert!(
                out.contains(&format!("option name {option} type ")),
                "{option}"
            );
        }
        assert!(out.ends_with("uciok\nreadyok\n"));
    }

    #[test]
    fn perft_after_moves() {
        let out = transcript(&["position startpos moves e2e4 e7e5", "go perft 2"]);
        // Count from Stockfish 15.1 (`position startpos moves e2e4 e7e5`, `go perft 2`).
        assert!(out.ends_with("\nNodes searched: 835\n"), "{out}");
        assert_eq!(
            out.lines()
                .filter(|l| l.contains(": ") && !l.starts_with("Nodes"))
                .count(),
            29
        );
    }

    #[test]
    fn bad_input_keeps_the_position() {
        let out = transcript(&[
            "position startpos moves e2e4",
            "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1",
            "position startpos moves e2e4 e7e6 e1e3",
            "position fen garbage",
            "setoption name UCI_Variant value nosuchgame",
            "setoption name Hash value lots",
            "go perft x",
            "bogus",
            "d",
        ]);
        let errors = out
            .lines()
            .filter(|l| l.starts_with("info string error: "))
            .count();
        assert_eq!(errors, 7, "{out}");
        assert!(
            out.contains("Fen: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"),
            "{out}"
        );
    }

    #[test]
    fn chess960_castling_notation() {
        // King g1 and rook h1: the king stays, the rook jumps to f1.
        let fen =
            "position fen bqnbr1kr/pppppppp/8/8/8/8/PPPPPPPP/BQNBR1KR w HEhe - 0 1 moves g1h1";
        let out = transcript(&["setoption name UCI_Variant value fischerandom", fen, "d"]);
        assert!(
            out.contains("Fen: bqnbr1kr/pppppppp/8/8/8/8/PPPPPPPP/BQNBRRK1 b he - 1 1"),
            "{out}"
        );
        let out = transcript(&[
            "setoption name UCI_Chess960 value true",
            "position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1h1",
            "d",
        ]);
        assert!(
            out.contains("Fen: r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b ha - 5 4"),
            "{out}"
        );
    }

    #[test]
    fn go_depth_answers_with_info_and_bestmove() {
        let out = transcript(&["position startpos moves e2e4", "go depth 4"]);
        assert!(out.contains("info depth 4 seldepth "), "{out}");
        assert!(out.contains(" score cp "), "{out}");
        let last = out.lines().last().unwrap();
        assert!(last.starts_with("bestmove "), "{out}");
    }

    #[test]
    fn mate_is_reported_in_moves() {
        let out = transcript(&[
            "position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
            "go depth 3",
        ]);
        assert!(out.contains("score mate 1 "), "{out}");
        assert!(out.ends_with("bestmove a1a8\n"), "{out}");
    }

    #[test]
    fn finished_game_has_no_bestmove() {
        // Fool's mate: White is mated.
        let out = transcript(&[
            "position startpos moves f2f3 e7e5 g2g4 d8h4",
            "go wtime 1000 btime 1000",
        ]);
        assert!(out.contains("info string game over: 0-1"), "{out}");
        assert!(out.ends_with("bestmove (none)\n"), "{out}");
    }

    #[test]
    fn bad_go_arguments_are_errors() {
        let out = transcript(&[
            "go depth x",
            "go wtime",
            "go sideways 3",
            "go searchmoves e2e5",
            "setoption name Threads value 0",
            "setoption name MultiPV value many",
            "setoption name Move Overhead value -5",
            "setoption name Ponder value maybe",
        ]);
        let errors = out
            .lines()
            .filter(|l| l.starts_with("info string error: "))
            .count();
        assert_eq!(errors, 8, "{out}");
        assert!(!out.contains("bestmove"), "{out}");
    }

    #[test]
    fn options_are_accepted() {
        let out = transcript(&[
            "setoption name Hash value 2",
            "setoption name Threads value 2",
            "setoption name MultiPV value 2",
            "setoption name Ponder value true",
            "setoption name Move Overhead value 30",
            "setoption name Clear Hash",
            "go depth 3",
        ]);
        assert!(!out.contains("error"), "{out}");
        assert!(out.contains("multipv 2 "), "{out}");
    }
}
