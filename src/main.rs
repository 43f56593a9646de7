//! The `protean` binary: a UCI engine by default, and command-line tools.

use clap::{Parser, Subcommand};
use protean::engine::{start_fen, Game};
use protean::protocol::uci::Uci;
use protean::variant::{builtin_variants, find_variant};
use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Instant;

#[derive(Parser)]
#[command(
    name = "protean",
    version,
    about = "A multi-variant chess engine (UCI)"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Run the UCI protocol on standard input/output (also the default).
    Uci,
    /// Count the leaf nodes of the legal move tree, split by root move.
    Perft {
        /// Depth in plies.
        #[arg(default_value_t = 5)]
        depth: u32,
        #[arg(long, default_value = "chess")]
        variant: String,
        /// Start from this FEN instead of the variant's start position.
        #[arg(long)]
        fen: Option<String>,
        /// Write castling king-takes-rook (Chess960 notation).
        #[arg(long)]
        chess960: bool,
        /// Moves (UCI notation) to play before counting.
        #[arg(long, num_args = 1..)]
        moves: Vec<String>,
    },
    /// List the built-in variants.
    Variants,
    /// Print a start FEN: a numbered or seeded random setup for random-setup variants.
    Startpos {
        #[arg(long, default_value = "chess")]
        variant: String,
        /// Setup number (Chess960: 0..959, 518 is the orthodox array).
        #[arg(long, conflicts_with = "seed")]
        index: Option<u32>,
        /// Seed for a reproducible random setup.
        #[arg(long)]
        seed: Option<u64>,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        None | Some(Command::Uci) => {
            Uci::new(io::stdout()).run(io::stdin().lock());
            Ok(())
        }
        Some(Command::Perft {
            depth,
            variant,
            fen,
            chess960,
            moves,
        }) => run_perft(&variant, fen.as_deref(), chess960, &moves, depth),
        Some(Command::Variants) => {
            for v in builtin_variants() {
                let aliases = if v.aliases.is_empty() {
                    String::new()
                } else {
                    format!(" (also: {})", v.aliases.join(", "))
                };
                println!(
                    "{:<14} {}x{}  {}{}",
                    v.name, v.files, v.ranks, v.description, aliases
                );
            }
            Ok(())
        }
        Some(Command::Startpos {
            variant,
            index,
            seed,
        }) => find_variant(&variant)
            .ok_or_else(|| format!("unknown variant '{variant}'"))
            .and_then(|v| start_fen(&v, index, seed))
            .map(|fen| println!("{fen}")),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run_perft(
    variant: &str,
    fen: Option<&str>,
    chess960: bool,
    moves: &[String],
    depth: u32,
) -> Result<(), String> {
    if depth == 0 {
        return Err("depth must be at least 1".into());
    }
    let mut game = Game::by_name(variant, fen)?;
    if chess960 {
        game.set_chess960(true);
    }
    for m in moves {
        game.play_uci(m)?;
    }
    let start = Instant::now();
    let mut total = 0;
    let out = io::stdout();
    let mut out = out.lock();
    for (m, n) in game.divide(depth) {
        let _ = writeln!(out, "{m}: {n}");
        total += n;
    }
    let elapsed = start.elapsed();
    let _ = writeln!(out, "\nNodes searched: {total}");
    let _ = out.flush();
    let secs = elapsed.as_secs_f64();
    eprintln!(
        "Time: {:.3} s, {:.1} Mnodes/s",
        secs,
        if secs > 0.0 {
            total as f64 / secs / 1e6
        } else {
            0.0
        }
    );
    Ok(())
}
