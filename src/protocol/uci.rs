//! The UCI front end: UCI lines in, session calls, UCI lines out. The reader never
//! waits on the search: `go` starts it on the session's search thread, which prints
//! `info` lines and `bestmove` through the listener here; `stop`, `ponderhit` and
//! `isready` are answered at once. A command that changes the game or the options
//! (`position`, `setoption`, `ucinewgame`, another `go`) first stops a running search and
//! waits for its `bestmove`, so the engine's state never changes under a search.
//!
//! Bad input is answered with `info string error: ...` and leaves the state as it was.

use super::{Flow, Output};
use crate::engine::options::{Kind, OPTIONS};
use crate::engine::{clip, Applied, Game, Listener, Session, SessionError, Task};
use crate::hidden::planner::Plan;
use crate::search::{Bound, Clock, Limits, Report, SearchResult};
use std::io::{BufRead, Write};

/// Said at `go` in a hidden-information game the honest player does not play (yet), or
/// with `Debug_Peek` on: the move comes from a search of the true position, which the
/// player would not see.
pub const PEEKING: &str = "info string warning: hidden-information game searched on the \
                           true position (this engine peeks; no honest player yet)";

/// Said at `isready` while `Debug_Peek` is on.
pub const PEEK_ON: &str =
    "info string warning: Debug_Peek is on: hidden-information games are searched on the \
     true position";

pub struct Uci<W: Write + Send + 'static> {
    out: Output<W>,
    session: Session,
}

/// Prints the search's lines as UCI writes them.
struct Printer<W>(Output<W>);

impl<W: Write + Send + 'static> Listener for Printer<W> {
    fn report(&self, _root: &Game, r: &Report) {
        self.0.say(&info_line(r));
    }

    fn finished(&self, _root: &Game, result: &SearchResult) {
        let line = match (&result.best, &result.ponder) {
            (Some(b), Some(p)) => format!("bestmove {b} ponder {p}"),
            (Some(b), None) => format!("bestmove {b}"),
            (None, _) => "bestmove (none)".to_string(),
        };
        self.0.say(&line);
    }

    /// The honest player's lines (rule book §3.4): the root move only, its expected
    /// score, the belief's size; no time, so equal observations print equal lines.
    fn planned(&self, plan: &Plan) {
        if let Some(ply) = plan.inconsistent_at {
            self.0.say(&format!(
                "info string error observation inconsistent at ply {ply}"
            ));
        }
        self.0.say(&format!(
            "info string belief {} sampled {}",
            plan.belief, plan.sampled
        ));
        if let Some(best) = &plan.best {
            self.0.say(&format!(
                "info depth {} score {} nodes {} pv {best}",
                plan.depth, plan.score, plan.nodes
            ));
        }
    }
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
        Uci::with_session(out, Session::new())
    }

    /// UCI over a session set up elsewhere.
    pub fn with_session(out: W, session: Session) -> Uci<W> {
        Uci {
            out: Output::new(out),
            session,
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
        self.session.finish();
    }

    /// Waits for any running search (see [`run`](Self::run)), then hands back the
    /// output (tests read it).
    pub fn into_output(mut self) -> W {
        self.session.finish();
        self.out.into_inner()
    }

    fn say(&self, text: &str) {
        self.out.say(text);
    }

    fn error(&self, text: &str) {
        self.say(&format!("info string error: {text}"));
    }

    pub fn command(&mut self, line: &str) -> Flow {
        let mut words = line.split_whitespace();
        let Some(cmd) = words.next() else {
            return Flow::Continue;
        };
        let rest: Vec<&str> = words.collect();
        match cmd {
            "uci" => self.identify(),
            "isready" => {
                if self.session.peeks() {
                    self.say(PEEK_ON);
                }
                self.say("readyok")
            }
            "ucinewgame" => {
                if let Err(e) = self.session.new_game() {
                    self.error(&e.to_string());
                }
            }
            "setoption" => {
                self.session.abort();
                self.set_option(&rest);
            }
            "position" => {
                self.session.abort();
                self.position(&rest);
            }
            "go" => {
                self.session.abort();
                self.go(&rest);
            }
            "stop" => self.session.stop(),
            "ponderhit" => self.session.ponderhit(),
            "d" => {
                if let Some(observed) = self.session.observed() {
                    // Observation mode: the last observation received; there is no
                    // true position to print.
                    let seen = observed.last();
                    self.say(&format!("Observation: {}", seen.fen()));
                    if !seen.events.is_empty() {
                        self.say(&format!("Observation events: {}", seen.events_text()));
                    }
                    return Flow::Continue;
                }
                let game = self.session.game();
                self.say(&format!("Fen: {}", game.fen()));
                if let Some(seen) = game.observation() {
                    self.say(&format!("Observation: {}", seen.fen()));
                    if !seen.events.is_empty() {
                        self.say(&format!("Observation events: {}", seen.events_text()));
                    }
                }
                self.say(&format!("Key: {:016X}", game.key()));
                if let Some(outcome) = game.outcome() {
                    self.say(&format!("Result: {outcome}"));
                }
            }
            "quit" => {
                self.session.abort();
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

    /// The option table in UCI's words.
    fn announce_options(&self) {
        for o in OPTIONS {
            let kind = match o.kind {
                Kind::Check { default } => format!("check default {default}"),
                Kind::Spin { default, min, max } => {
                    format!("spin default {default} min {min} max {max}")
                }
                Kind::Combo { default, choices } => {
                    let vars: Vec<String> = choices().iter().map(|c| format!("var {c}")).collect();
                    format!("combo default {default} {}", vars.join(" "))
                }
                Kind::String { default } => format!("string default {default}"),
                Kind::Button => "button".to_string(),
            };
            self.say(&format!("option name {} type {kind}", o.name));
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
        match self.session.set_option(name, value) {
            Ok(Applied::Done) => {}
            Ok(Applied::EvalFileEmbedded) => self.say("info string EvalFile: the embedded tables"),
            Ok(Applied::EvalFileLoaded { variants }) => self.say(&format!(
                "info string EvalFile {} loaded for {}",
                clip(value),
                variants.join(", ")
            )),
            Ok(Applied::VariantsLoaded { path, report }) => {
                for message in report.messages() {
                    self.say(&format!("info string {message}"));
                }
                self.say(&format!(
                    "info string loaded {} variant(s) from {path}, {} section(s) rejected: {}",
                    report.names.len(),
                    report.rejected.len(),
                    report.names.join(" ")
                ));
                if !report.names.is_empty() {
                    // The variant list grew: announce the options again.
                    self.announce_options();
                }
            }
            Err(e) => self.error(&e.to_string()),
        }
    }

    fn position(&mut self, args: &[&str]) {
        if args.first() == Some(&"fogfen") || args.contains(&"fog") {
            return self.fog_position(args);
        }
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
        match self.session.set_position(fen.as_deref(), moves) {
            Ok(()) => {}
            Err(e @ SessionError::BadMove(_)) => self.error(&format!("{e} (position unchanged)")),
            Err(e) => self.error(&e.to_string()),
        }
    }

    /// Observation mode (rule book §3.2): `position startpos|fen <FEN> fog <obs0>
    /// [<halfmove> <obs>]...` or `position fogfen <observation FEN>`.
    fn fog_position(&mut self, args: &[&str]) {
        if !self.session.observation_mode() {
            return self.error(
                "observations are read with FogInput observation (setoption name FogInput \
                 value observation); position unchanged",
            );
        }
        let result = match args {
            ["fogfen", fen @ ..] if !fen.is_empty() => {
                self.session.set_observation_fen(&fen.join(" "))
            }
            _ => {
                let at = args.iter().position(|&a| a == "fog").unwrap_or(args.len());
                let (setup, tokens) = (&args[..at], &args[(at + 1).min(args.len())..]);
                let fen = match setup {
                    ["startpos"] => None,
                    ["fen", fen @ ..] if !fen.is_empty() && !fen.contains(&"moves") => {
                        Some(fen.join(" "))
                    }
                    _ => {
                        return self.error(
                            "observation mode needs 'position startpos|fen <FEN> fog <obs> \
                             [<halfmove> <obs>]...' or 'position fogfen <observation FEN>'; \
                             position unchanged",
                        )
                    }
                };
                self.session.set_observations(fen.as_deref(), tokens)
            }
        };
        if let Err(e) = result {
            self.error(&format!("{e} (position unchanged)"));
        }
    }

    fn go(&mut self, args: &[&str]) {
        if args.first() == Some(&"perft") {
            return self.perft(&args[1..]);
        }
        let (limits, ponder) = match self.parse_go(args) {
            Ok(l) => l,
            Err(e) => return self.error(&e),
        };
        // A UCI engine always moves: the GUI arbitrates claims (repetition, the move
        // rule, dead positions) and the search scores a move that repeats again as a
        // draw. Only a position without a legal move (mate, stalemate, a variant's
        // end) has no answer.
        let game = self.session.game();
        // The honest player is told nothing of the true game's end (a repetition count,
        // the move clock, a king taken unseen): it answers from what it observed.
        let outcome = game.outcome().filter(|_| !self.session.plays_honestly());
        if let Some(outcome) = outcome {
            if game.legal_moves_uci().is_empty() {
                // As Stockfish: a score line first, for clients that read one per
                // position (fairyfishnet's analysis): the game's result, as seen by
                // the side to move.
                let score = if outcome.score() == "1/2-1/2" {
                    "cp 0"
                } else {
                    "mate 0"
                };
                self.say(&format!("info string game over: {outcome}"));
                self.say(&format!("info depth 0 score {score}"));
                self.say("bestmove (none)");
                return;
            }
            self.say(&format!("info string claimable: {outcome}"));
        }
        if game.has_fog() && !self.session.plays_honestly() {
            // A hidden game the honest player does not cover yet (or Debug_Peek): the
            // ordinary searcher plays, and it sees the whole true position
            // (docs/hidden-information.md).
            self.say(PEEKING);
        }
        let printer = Printer(self.out.clone());
        if let Err(e) = self.session.go(limits, ponder, Task::Search, printer) {
            self.error(&e.to_string());
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
                    self.session.game().check_moves(&moves)?;
                    i += 1 + moves.len();
                    limits.searchmoves = moves;
                    continue;
                }
                other => return Err(format!("unknown go parameter '{}'", clip(other))),
            }
            i += 2;
        }
        let (time, inc) = if self.session.game().white_to_move() {
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
                    let mut game = self.session.game().clone();
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
            out.contains("Fen: bqnbr1kr/pppppppp/8/8/8/8/PPPPPPPP/BQNBRRK1 b kq - 1 1"),
            "{out}"
        );
        let out = transcript(&[
            "setoption name UCI_Chess960 value true",
            "position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1h1",
            "d",
        ]);
        assert!(
            out.contains("Fen: r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4"),
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

    /// The chess game a `position` line sets up.
    fn game_of(position: &str) -> Game {
        let rest = position.strip_prefix("position ").unwrap();
        let (setup, moves) = rest.split_once(" moves ").unwrap_or((rest, ""));
        let fen = setup.strip_prefix("fen ");
        let mut game = Game::by_name("chess", fen).unwrap();
        for m in moves.split_whitespace() {
            game.play_uci(m).unwrap();
        }
        game
    }

    /// The GUI arbitrates claims: a claimable draw is searched, scored as a draw, and
    /// answered with a move (the line: Stockfish and Fairy-Stockfish move here).
    #[test]
    fn claimable_draws_are_played_on() {
        let repetition = "position startpos moves g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8";
        let move_rule = "position fen 4k3/8/8/8/8/8/8/R3K3 w - - 100 80";
        let dead = "position fen 8/8/8/4k3/8/8/8/4K3 w - - 0 1";
        for position in [repetition, move_rule, dead] {
            let out = transcript(&[position, "go movetime 200"]);
            assert!(out.contains("info string claimable: 1/2-1/2 {"), "{out}");
            let last = out.lines().last().unwrap();
            let mv = last.strip_prefix("bestmove ").expect(&out);
            let mv = mv.split_whitespace().next().unwrap().to_string();
            assert!(game_of(position).legal_moves_uci().contains(&mv), "{out}");
        }
        // Repeating once more is scored as a draw (other moves as the position is).
        let out = transcript(&[repetition, "go depth 6 searchmoves g1f3"]);
        assert!(out.contains("info depth 6 "), "{out}");
        for line in out.lines().filter(|l| l.starts_with("info depth")) {
            assert!(line.contains(" score cp 0 "), "{out}");
        }
        assert!(
            out.lines().last().unwrap().starts_with("bestmove g1f3"),
            "{out}"
        );
    }

    /// Without a legal move there is nothing to play: mate, stalemate, a variant's end.
    #[test]
    fn positions_without_moves_answer_none() {
        for (variant, fen, result) in [
            (
                "chess",
                "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
                "1/2-1/2 {Stalemate}",
            ),
            (
                "kingofthehill",
                "7k/8/8/3K4/8/8/8/8 b - - 0 1",
                "1-0 {White reaches the goal}",
            ),
        ] {
            let out = transcript(&[
                &format!("setoption name UCI_Variant value {variant}"),
                &format!("position fen {fen}"),
                "go movetime 200",
            ]);
            assert!(
                out.contains(&format!("info string game over: {result}")),
                "{out}"
            );
            let score = if result.starts_with("1/2") {
                "cp 0"
            } else {
                "mate 0"
            };
            assert!(
                out.ends_with(&format!("info depth 0 score {score}\nbestmove (none)\n")),
                "{out}"
            );
        }
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
