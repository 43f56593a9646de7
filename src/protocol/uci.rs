//! The UCI loop (the subset this stage of the engine needs: variant selection,
//! positions and `go perft`). Bad input is answered with `info string error: ...` and
//! leaves the position as it was.

use crate::engine::Game;
use crate::variant::{builtin_variants, find_variant, Variant};
use std::io::{BufRead, Write};
use std::sync::Arc;

pub struct Uci<W: Write> {
    out: W,
    variant: Arc<Variant>,
    chess960: bool,
    game: Game,
}

/// Whether the loop goes on after a command.
#[derive(PartialEq, Eq)]
pub enum Flow {
    Continue,
    Quit,
}

impl<W: Write> Uci<W> {
    pub fn new(out: W) -> Uci<W> {
        let variant = find_variant("chess").expect("chess is built in");
        let game = Game::new(&variant, None).expect("the chess start position is valid");
        Uci {
            out,
            variant,
            chess960: false,
            game,
        }
    }

    /// Reads commands until `quit` or end of input.
    pub fn run(&mut self, input: impl BufRead) {
        for line in input.split(b'\n') {
            let Ok(bytes) = line else { break };
            let text = String::from_utf8_lossy(&bytes);
            if self.command(&text) == Flow::Quit {
                break;
            }
        }
    }

    fn say(&mut self, text: &str) {
        // A closed output (GUI gone) is not an error worth dying for mid-command.
        let _ = writeln!(self.out, "{text}");
        let _ = self.out.flush();
    }

    fn error(&mut self, text: &str) {
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
            "isready" => self.say("readyok"),
            "ucinewgame" => self.reset_game(),
            "setoption" => self.set_option(&rest),
            "position" => self.position(&rest),
            "go" => self.go(&rest),
            "d" => {
                let fen = self.game.fen();
                self.say(&format!("Fen: {fen}"));
                self.say(&format!("Key: {:016X}", self.game.key()));
                if let Some(outcome) = self.game.outcome() {
                    self.say(&format!("Result: {outcome}"));
                }
            }
            "stop" | "ponderhit" => {}
            "quit" => return Flow::Quit,
            other => self.error(&format!("unknown command '{other}'")),
        }
        Flow::Continue
    }

    fn identify(&mut self) {
        self.say(&format!("id name Protean {}", env!("CARGO_PKG_VERSION")));
        self.say("id author the Protean developers");
        let names: Vec<String> = builtin_variants()
            .iter()
            .map(|v| format!("var {}", v.name))
            .collect();
        self.say(&format!(
            "option name UCI_Variant type combo default chess {}",
            names.join(" ")
        ));
        self.say("option name UCI_Chess960 type check default false");
        self.say("uciok");
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
        match name.to_ascii_lowercase().as_str() {
            "uci_variant" => match find_variant(value) {
                Some(v) => {
                    self.variant = v;
                    self.reset_game();
                }
                None => self.error(&format!("unknown variant '{value}'")),
            },
            "uci_chess960" => match value {
                "true" | "false" => {
                    self.chess960 = value == "true";
                    self.game
                        .set_chess960(self.chess960 || self.variant.chess960);
                }
                _ => self.error(&format!("UCI_Chess960 takes true or false, not '{value}'")),
            },
            _ => self.error(&format!("unknown option '{name}'")),
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
            Err(e) => return self.error(&e),
        };
        game.set_chess960(self.chess960 || self.variant.chess960);
        for m in moves {
            if let Err(e) = game.play_uci(m) {
                return self.error(&format!("{e} (position unchanged)"));
            }
        }
        self.game = game;
    }

    fn go(&mut self, args: &[&str]) {
        match args {
            ["perft", depth] => match depth.parse::<u32>() {
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
                _ => self.error(&format!("perft depth '{depth}' is not a number in 1..64")),
            },
            _ => self.error("only 'go perft N' is available until the searcher lands"),
        }
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
        String::from_utf8(uci.out).unwrap()
    }

    #[test]
    fn identifies_with_variants() {
        let out = transcript(&["uci", "isready"]);
        assert!(out.contains("option name UCI_Variant type combo default chess var chess var fischerandom var nocastle"));
        assert!(out.contains("option name UCI_Chess960 type check default false"));
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
            "setoption name Hash value 16",
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
}
