//! The `protean` binary: a UCI or XBoard engine (the first command decides), and
//! command-line tools.

use clap::{Args, Parser, Subcommand};
use protean::engine::bench::{bench, BENCH_POSITIONS, DEFAULT_BENCH_DEPTH};
use protean::engine::variant_file::load_variants_file;
use protean::engine::{check_eval_file, check_network, start_fen, Game};
use protean::eval::nnue::{self, Network};
use protean::eval::{embedded, ParamFile};
use protean::protocol::uci::Uci;
use protean::protocol::xboard::XBoard;
use protean::search::{Control, Limits, Report, Score, Settings, TranspositionTable};
use protean::tune::{fit, selfplay, train};
use protean::variant::{all_variants, find_variant};
use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Carriage return and "erase to end of line": redraws a terminal's status line.
const CLEAR_LINE: &str = "\r\x1b[K";

#[derive(Parser)]
#[command(
    name = "protean",
    version,
    about = "A multi-variant chess engine (UCI and XBoard)"
)]
struct Cli {
    /// Load user-defined variants from a file in Fairy-Stockfish's variants.ini format
    /// (they join the built-ins for every command).
    #[arg(long, global = true, value_name = "FILE")]
    variants_file: Option<std::path::PathBuf>,
    #[command(subcommand)]
    command: Option<Command>,
}

/// A position as the command line describes it: variant, start FEN, moves played.
#[derive(Args)]
struct PositionArgs {
    #[arg(long, default_value = "chess")]
    variant: String,
    /// Start from this FEN instead of the variant's start position.
    #[arg(long)]
    fen: Option<String>,
    /// Write castling king-takes-rook (Chess960 notation).
    #[arg(long)]
    chess960: bool,
    /// Moves (UCI notation) to play first.
    #[arg(long, num_args = 1..)]
    moves: Vec<String>,
}

impl PositionArgs {
    fn game(&self) -> Result<Game, String> {
        let mut game = Game::by_name(&self.variant, self.fen.as_deref())?;
        if self.chess960 {
            game.set_chess960(true);
        }
        for m in &self.moves {
            game.play_uci(m)?;
        }
        Ok(game)
    }
}

#[derive(Subcommand)]
enum Command {
    /// Run the UCI protocol on standard input/output. With no command, the first line
    /// decides: `xboard` starts XBoard, anything else UCI.
    Uci,
    /// Run the XBoard / CECP protocol (version 2) on standard input/output.
    Xboard,
    /// Count the leaf nodes of the legal move tree, split by root move.
    Perft {
        /// Depth in plies.
        #[arg(default_value_t = 5)]
        depth: u32,
        #[command(flatten)]
        position: PositionArgs,
    },
    /// Analyse a position and print the engine's lines for a person to read.
    Analyse {
        #[command(flatten)]
        position: PositionArgs,
        /// Search to this depth (the default when no limit is given: 12).
        #[arg(long, conflicts_with_all = ["movetime", "nodes"])]
        depth: Option<u32>,
        /// Think for this many milliseconds.
        #[arg(long, conflicts_with = "nodes")]
        movetime: Option<u64>,
        /// Search this many nodes.
        #[arg(long)]
        nodes: Option<u64>,
        /// Show the best K lines.
        #[arg(long, default_value_t = 1)]
        multipv: usize,
        #[arg(long, default_value_t = 1)]
        threads: usize,
        /// Evaluate with this network or parameter file where it names the variant.
        #[arg(long)]
        eval_file: Option<PathBuf>,
        /// Transposition table size in MiB.
        #[arg(long, default_value_t = 64)]
        hash: usize,
    },
    /// Search fixed positions to a fixed depth: the node count is a signature.
    Bench {
        /// Search depth, given as Stockfish-style engines take it (`bench 13`); the
        /// same as --depth.
        #[arg(value_name = "DEPTH", conflicts_with = "depth")]
        depth_arg: Option<u32>,
        #[arg(long, default_value_t = DEFAULT_BENCH_DEPTH)]
        depth: u32,
        /// Print the positions (`variant;FEN;depth` lines) instead of searching them.
        #[arg(long)]
        list: bool,
    },
    /// List the variants: the built-ins and those of `--variants-file`.
    Variants {
        /// Print the variants as a variants.ini file (Fairy-Stockfish's format with
        /// Protean's own keys) that VariantPath / --variants-file load: the built-ins'
        /// own file, or the NAMEs given as self-contained sections.
        #[arg(long)]
        ini: bool,
        /// With --ini: only these variants (any known name or alias).
        #[arg(requires = "ini")]
        names: Vec<String>,
    },
    /// Print a variant's evaluation parameters in the parameter-file format.
    Params {
        #[arg(long, default_value = "chess")]
        variant: String,
        /// The generic parameters derived from the variant's data, not the embedded table.
        #[arg(long, conflicts_with = "eval_file")]
        generic: bool,
        /// A parameter file to show (applied over the generic parameters).
        #[arg(long)]
        eval_file: Option<PathBuf>,
    },
    /// Evaluate a position statically, term by term (White's share of each).
    Eval {
        #[command(flatten)]
        position: PositionArgs,
        /// Use this network or parameter file where it names the variant.
        #[arg(long)]
        eval_file: Option<PathBuf>,
    },
    /// Play the engine against itself at fixed nodes and write labelled quiet positions:
    /// `FEN | result | score` lines for `tune`, or with an `--out` ending in `.bin` the
    /// compact deduplicated format `train` reads.
    Selfplay {
        #[arg(long, default_value = "chess")]
        variant: String,
        /// Nodes per move.
        #[arg(long, default_value_t = 5000)]
        nodes: u64,
        #[arg(long, default_value_t = 100)]
        games: usize,
        /// Games played at once (default: every core).
        #[arg(long)]
        threads: Option<usize>,
        #[arg(long)]
        out: PathBuf,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Random plies at the start of each game.
        #[arg(long, default_value_t = 8)]
        random_plies: usize,
        /// Plies after which a game is a draw.
        #[arg(long, default_value_t = 400)]
        max_plies: usize,
        /// Transposition table per thread, in MiB.
        #[arg(long, default_value_t = 8)]
        hash: usize,
        /// Play with this network or parameter file where it names the variant.
        #[arg(long)]
        eval_file: Option<PathBuf>,
        /// Start no game after this many seconds (games in flight finish): a time
        /// budget instead of `--games`.
        #[arg(long)]
        seconds: Option<f64>,
    },
    /// Train a network (NNUE) on positions from `selfplay` and write it.
    Train {
        #[arg(long, default_value = "chess")]
        variant: String,
        /// Data files from `selfplay` (binary `.bin` or text lines).
        #[arg(long, num_args = 1.., required = true)]
        data: Vec<PathBuf>,
        #[arg(long)]
        out: PathBuf,
        /// Hidden units per perspective.
        #[arg(long, default_value_t = 128)]
        hidden: usize,
        #[arg(long, default_value_t = 20)]
        epochs: usize,
        #[arg(long, default_value_t = 4096)]
        batch: usize,
        /// Adam's step size.
        #[arg(long, default_value_t = 0.001)]
        rate: f32,
        /// Weight of the search score in the target (the rest: the game result).
        #[arg(long, default_value_t = 0.7)]
        lambda: f32,
        /// Share of the data, from the end, held out to pick the best epoch.
        #[arg(long, default_value_t = 0.1)]
        validation: f64,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[arg(long)]
        threads: Option<usize>,
        /// Variant names for the network's header (default: the trained variant).
        #[arg(long, value_delimiter = ',')]
        variants: Vec<String>,
        /// Also train on every training position mirrored left to right (refused where
        /// the variant's pieces tell left from right).
        #[arg(long)]
        mirror: bool,
    },
    /// Fit evaluation parameters to labelled positions (Texel's method) and write a
    /// parameter file.
    Tune {
        #[arg(long, default_value = "chess")]
        variant: String,
        /// Data files from `selfplay`.
        #[arg(long, num_args = 1.., required = true)]
        data: Vec<PathBuf>,
        #[arg(long)]
        out: PathBuf,
        /// Starting parameters: `generic`, `embedded` or a parameter file.
        #[arg(long, default_value = "generic")]
        init: String,
        /// Fix the sigmoid's K instead of fitting it to the starting parameters.
        #[arg(long)]
        k: Option<f64>,
        #[arg(long, default_value_t = 1000)]
        epochs: usize,
        /// Adam's step size in centipawns.
        #[arg(long, default_value_t = 1.0)]
        rate: f64,
        /// Weight of the game result in the target (the rest: the search's score).
        #[arg(long, default_value_t = 1.0)]
        lambda: f64,
        /// Pull toward the starting values.
        #[arg(long, default_value_t = 0.0)]
        l2: f64,
        /// Share of the data, from the end, held out to pick the best epoch.
        #[arg(long, default_value_t = 0.1)]
        validation: f64,
        #[arg(long)]
        threads: Option<usize>,
        /// Variant names for the output's `variant` line (default: the tuned variant).
        #[arg(long, value_delimiter = ',')]
        variants: Vec<String>,
    },
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

/// The CPU features this binary was compiled to use that the running CPU lacks. Started
/// anyway it would die of an illegal instruction somewhere; `main` stops first and names
/// them.
#[cfg(target_arch = "x86_64")]
fn missing_cpu_features() -> Vec<&'static str> {
    let mut missing = Vec::new();
    macro_rules! check {
        ($($feature:tt),*) => {$(
            if cfg!(target_feature = $feature) && !std::is_x86_feature_detected!($feature) {
                missing.push($feature);
            }
        )*};
    }
    check!("popcnt", "sse4.2", "bmi1", "bmi2", "lzcnt", "avx2");
    missing
}

#[cfg(not(target_arch = "x86_64"))]
fn missing_cpu_features() -> Vec<&'static str> {
    Vec::new()
}

fn main() -> ExitCode {
    let missing = missing_cpu_features();
    if !missing.is_empty() {
        eprintln!(
            "error: this protean binary was built for CPU features this machine lacks ({}); \
             build it here (`make` or `cargo build --release`)",
            missing.join(", ")
        );
        return ExitCode::FAILURE;
    }
    let cli = Cli::parse();
    if let Some(path) = &cli.variants_file {
        match load_variants_file(path) {
            Ok(report) => {
                for message in report.messages() {
                    eprintln!("{message}");
                }
            }
            Err(e) => {
                eprintln!("error: {e}");
                // A protocol session goes on with the built-ins; a one-shot command stops.
                let protocol = matches!(cli.command, None | Some(Command::Uci | Command::Xboard));
                if !protocol {
                    return ExitCode::FAILURE;
                }
            }
        }
    }
    let result = match cli.command {
        None => {
            protean::protocol::run_stdio();
            Ok(())
        }
        Some(Command::Uci) => {
            Uci::new(io::stdout()).run(io::stdin().lock());
            Ok(())
        }
        Some(Command::Xboard) => {
            XBoard::new(io::stdout()).run(io::stdin().lock());
            Ok(())
        }
        Some(Command::Perft { depth, position }) => run_perft(&position, depth),
        Some(Command::Analyse {
            position,
            depth,
            movetime,
            nodes,
            multipv,
            threads,
            hash,
            eval_file,
        }) => load_eval(eval_file.as_deref()).and_then(|(eval_file, eval_net)| {
            let limits = Limits {
                depth: depth.or((movetime.is_none() && nodes.is_none()).then_some(12)),
                movetime_ms: movetime,
                nodes,
                ..Limits::default()
            };
            let settings = Settings {
                threads: threads.clamp(1, 256),
                multipv: multipv.clamp(1, 256),
                move_overhead_ms: 0,
                eval_file,
                eval_net,
            };
            analyse(&position, &limits, &settings, hash.clamp(1, 65536))
        }),
        Some(Command::Bench {
            depth_arg,
            depth,
            list,
        }) => {
            let depth = depth_arg.unwrap_or(depth);
            if list {
                list_bench(depth)
            } else {
                run_bench(depth)
            }
        }
        Some(Command::Variants { ini: true, names }) => print_ini(&names),
        Some(Command::Variants { ini: false, .. }) => {
            for v in all_variants() {
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
        Some(Command::Params {
            variant,
            generic,
            eval_file,
        }) => show_params(&variant, generic, eval_file.as_deref()),
        Some(Command::Eval {
            position,
            eval_file,
        }) => show_eval(&position, eval_file.as_deref()),
        Some(Command::Selfplay {
            variant,
            nodes,
            games,
            threads,
            out,
            seed,
            random_plies,
            max_plies,
            hash,
            eval_file,
            seconds,
        }) => variant_named(&variant).and_then(|v| {
            let (eval_file, eval_net) = load_eval(eval_file.as_deref())?;
            let time_limit = match seconds {
                Some(s) if s.is_finite() && s > 0.0 => Some(Duration::from_secs_f64(s)),
                Some(s) => return Err(format!("--seconds must be a positive number, not {s}")),
                None => None,
            };
            let cfg = selfplay::Config {
                variant: v,
                nodes,
                games,
                threads: threads.unwrap_or_else(cores),
                seed,
                random_plies,
                max_plies,
                hash_mb: hash,
                eval_file,
                eval_net,
                binary: out.extension().is_some_and(|e| e == "bin"),
                time_limit,
            };
            run_selfplay(&cfg, &out)
        }),
        Some(Command::Train {
            variant,
            data,
            out,
            hidden,
            epochs,
            batch,
            rate,
            lambda,
            validation,
            seed,
            threads,
            variants,
            mirror,
        }) => variant_named(&variant).and_then(|v| {
            let names = if variants.is_empty() {
                vec![v.name.clone()]
            } else {
                variants
            };
            let cfg = train::Config {
                variant: v,
                data,
                names,
                hidden,
                epochs,
                batch,
                rate,
                lambda,
                validation,
                seed,
                threads: threads.unwrap_or_else(cores),
                mirror,
            };
            run_train(&cfg, &out)
        }),
        Some(Command::Tune {
            variant,
            data,
            out,
            init,
            k,
            epochs,
            rate,
            lambda,
            l2,
            validation,
            threads,
            variants,
        }) => variant_named(&variant).and_then(|v| {
            let init = match init.as_str() {
                "generic" => fit::Init::Generic,
                "embedded" => match embedded::for_variant(&v) {
                    Some(f) => fit::Init::File(Arc::new(f.clone())),
                    None => fit::Init::Generic,
                },
                path => fit::Init::File(Arc::new(ParamFile::read(Path::new(path))?)),
            };
            let mut texts = Vec::new();
            for d in &data {
                let text =
                    std::fs::read_to_string(d).map_err(|e| format!("{}: {e}", d.display()))?;
                texts.push((d.display().to_string(), text));
            }
            let command: Vec<String> = std::env::args().collect();
            let cfg = fit::Config {
                variant: v,
                data: texts,
                init,
                k,
                epochs,
                rate,
                lambda,
                l2,
                validation,
                threads: threads.unwrap_or_else(cores),
                variants,
                comments: vec![format!("tuned by: protean {}", command[1..].join(" "))],
            };
            run_tune(&cfg, &out)
        }),
        Some(Command::Startpos {
            variant,
            index,
            seed,
        }) => variant_named(&variant)
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

fn run_perft(position: &PositionArgs, depth: u32) -> Result<(), String> {
    if depth == 0 {
        return Err("depth must be at least 1".into());
    }
    let mut game = position.game()?;
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

/// A score for a person: pawns with a sign, or `#N` for a mate in N moves.
fn human_score(s: Score) -> String {
    match s {
        Score::Cp(c) => format!("{:+.2}", c as f64 / 100.0),
        Score::Mate(m) => format!("#{m}"),
    }
}

fn human_count(n: u64) -> String {
    match n {
        0..=9_999 => n.to_string(),
        10_000..=9_999_999 => format!("{:.1}k", n as f64 / 1e3),
        _ => format!("{:.1}M", n as f64 / 1e6),
    }
}

/// A line in SAN with move numbers, starting at full move `number` (`12... Qxd5 13. Nf3`).
fn numbered_line(san: &[String], mut number: u32, mut white: bool) -> String {
    let mut out = Vec::with_capacity(san.len() + san.len() / 2 + 1);
    for (i, m) in san.iter().enumerate() {
        if white {
            out.push(format!("{number}. {m}"));
        } else if i == 0 {
            out.push(format!("{number}... {m}"));
        } else {
            out.push(m.clone());
        }
        if !white {
            number += 1;
        }
        white = !white;
    }
    out.join(" ")
}

fn analyse(
    position: &PositionArgs,
    limits: &Limits,
    settings: &Settings,
    hash: usize,
) -> Result<(), String> {
    let game = position.game()?;
    println!("{} {}", game.variant().name, game.fen());
    if let Some(outcome) = game.outcome() {
        println!("The game is over: {outcome}");
        return Ok(());
    }
    println!(
        "{:>5} {:>8} {:>8} {:>9} {:>8}  line",
        "depth", "score", "nodes", "nodes/s", "time"
    );
    let tt = TranspositionTable::new(hash);
    let control = Control::new(false);
    let multipv = settings.multipv > 1;
    // On a terminal a status line (depth, nodes, speed, time, best move so far) is
    // redrawn in place while the search thinks; piped output gets only the plain lines.
    let live = io::stdout().is_terminal();
    let best_so_far = Mutex::new(String::new());
    let (number, white) = (game.fullmove_number(), game.white_to_move());
    let mut report = |r: &Report| {
        let bound = match r.bound {
            Some(protean::search::Bound::Lower) => "+",
            Some(protean::search::Bound::Upper) => "-",
            _ => "",
        };
        let san = game.san_line(&r.pv);
        if r.multipv == 1 {
            if let Some(first) = san.first() {
                *best_so_far.lock().unwrap_or_else(|e| e.into_inner()) = first.clone();
            }
        }
        let line = numbered_line(&san, number, white);
        let line = if multipv {
            format!("[{}] {}", r.multipv, line)
        } else {
            line
        };
        let mut out = io::stdout().lock();
        let _ = writeln!(
            out,
            "{}{:>2}/{:<2} {:>8} {:>8} {:>9} {:>7.2}s  {}",
            if live { CLEAR_LINE } else { "" },
            r.depth,
            r.seldepth,
            format!("{}{}", human_score(r.score), bound),
            human_count(r.nodes),
            human_count(r.nps),
            r.time_ms as f64 / 1000.0,
            line
        );
        let _ = out.flush();
    };
    let done = AtomicBool::new(false);
    let result = std::thread::scope(|scope| {
        if live {
            scope.spawn(|| {
                while !done.load(Relaxed) {
                    std::thread::sleep(Duration::from_millis(100));
                    if done.load(Relaxed) {
                        break;
                    }
                    let ms = control.elapsed_ms().max(1);
                    let nodes = control.progress_nodes.load(Relaxed);
                    let best = best_so_far
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .clone();
                    let mut out = io::stdout().lock();
                    let _ = write!(
                        out,
                        "{CLEAR_LINE}  depth {}  {} nodes  {} nodes/s  {:.1}s{}",
                        control.progress_depth.load(Relaxed),
                        human_count(nodes),
                        human_count(nodes * 1000 / ms),
                        ms as f64 / 1000.0,
                        if best.is_empty() {
                            String::new()
                        } else {
                            format!("  best {best}")
                        }
                    );
                    let _ = out.flush();
                }
            });
        }
        let result = game.search(
            limits,
            settings,
            &tt,
            &control,
            &mut protean::search::SearchMemory::new(),
            &mut report,
        );
        done.store(true, Relaxed);
        result
    });
    if live {
        print!("{CLEAR_LINE}");
    }
    match (result.best, result.score) {
        (Some(best), Some(score)) => {
            let san = game.san_line(std::slice::from_ref(&best));
            println!(
                "Best move: {} ({best}, score {}, depth {}, {} nodes)",
                san.first().map_or(best.as_str(), |s| s.as_str()),
                human_score(score),
                result.depth,
                result.nodes
            )
        }
        _ => println!("No legal move"),
    }
    Ok(())
}

fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// The variant called `name` (or an alias), or the error every command gives.
fn variant_named(name: &str) -> Result<Arc<protean::variant::Variant>, String> {
    find_variant(name).ok_or_else(|| format!("unknown variant '{name}'"))
}

fn load_eval_file(path: Option<&Path>) -> Result<Option<Arc<ParamFile>>, String> {
    match path {
        None => Ok(None),
        Some(p) => {
            let file = ParamFile::read(p)?;
            check_eval_file(&file)?;
            Ok(Some(Arc::new(file)))
        }
    }
}

/// What `--eval-file` loaded: a parameter table or a network.
type LoadedEval = (Option<Arc<ParamFile>>, Option<Arc<Network>>);

/// A network or a parameter file (told apart by the network file's magic), checked
/// against every variant it names.
fn load_eval(path: Option<&Path>) -> Result<LoadedEval, String> {
    match path {
        Some(p) if nnue::file::starts_like_network(p) => {
            let net = nnue::file::read(p)?;
            check_network(&net)?;
            Ok((None, Some(Arc::new(net))))
        }
        _ => Ok((load_eval_file(path)?, None)),
    }
}

fn run_train(cfg: &train::Config, out: &Path) -> Result<(), String> {
    let start = Instant::now();
    let progress = |line: &str| eprintln!("[{:>6.1} s] {line}", start.elapsed().as_secs_f64());
    let r = train::run(cfg, &progress)?;
    std::fs::write(out, nnue::file::write(&r.network))
        .map_err(|e| format!("{}: {e}", out.display()))?;
    println!(
        "{} positions ({} duplicates dropped), hidden {}: best epoch {}, loss {:.6} (training) {:.6} (held out), {:.0} s -> {}",
        r.positions,
        r.duplicates,
        cfg.hidden,
        r.best_epoch,
        r.train_loss,
        r.valid_loss,
        start.elapsed().as_secs_f64(),
        out.display()
    );
    Ok(())
}

/// `protean variants --ini [NAME...]`: the built-ins' own file (the embedded
/// `builtins.ini`, parents and comments as written), or the named variants as
/// self-contained sections.
fn print_ini(names: &[String]) -> Result<(), String> {
    if names.is_empty() {
        print!("{}", protean::variant::builtin::BUILTINS_INI);
        return Ok(());
    }
    let variants: Vec<Arc<protean::variant::Variant>> = names
        .iter()
        .map(|n| variant_named(n))
        .collect::<Result<_, _>>()?;
    let refs: Vec<&protean::variant::Variant> = variants.iter().map(|v| v.as_ref()).collect();
    print!("{}", protean::variant::ini::write::variants_ini(&refs));
    Ok(())
}

fn show_params(variant: &str, generic: bool, eval_file: Option<&Path>) -> Result<(), String> {
    let v = variant_named(variant)?;
    let layout = fit::layout_of(&v)?;
    let (table, net) = load_eval(eval_file)?;
    let loaded_table = table.clone();
    let file = match eval_file {
        Some(_) => table,
        // No lines: every parameter keeps its generic value.
        None if generic => Some(Arc::new(ParamFile {
            source: "generic".into(),
            variants: vec![v.name.clone()],
            lines: Vec::new(),
        })),
        None => embedded::for_variant(&v).map(|f| Arc::new(f.clone())),
    };
    let game = Game::new(&v, None)?;
    let source = game.static_eval(file.as_deref()).source;
    let params = game.eval_params(file.as_deref());
    let mut comments = vec![format!(
        "{} parameters of {} ({source})",
        layout.size * 2,
        v.name
    )];
    comments.push(
        match game.network_eval(net.as_deref(), loaded_table.as_deref()) {
            Some((net, hidden, _)) => format!(
                "{} evaluates with the network {net} ({hidden} hidden units), not this table",
                v.name
            ),
            None => format!("{} evaluates with this table (no network)", v.name),
        },
    );
    print!(
        "{}",
        protean::eval::file::write(&layout, &params, std::slice::from_ref(&v.name), &comments)
    );
    Ok(())
}

fn show_eval(position: &PositionArgs, eval_file: Option<&Path>) -> Result<(), String> {
    let (file, net) = load_eval(eval_file)?;
    let game = position.game()?;
    let r = game.static_eval(file.as_deref());
    println!("{} {}", game.variant().name, game.fen());
    if let Some((source, hidden, score)) = game.network_eval(net.as_deref(), file.as_deref()) {
        let white = if game.white_to_move() { score } else { -score };
        println!("evaluation: network {source} ({hidden} hidden units)");
        println!("White {white:+}, side to move {score:+} (centipawns)");
        return Ok(());
    }
    println!("evaluation: table");
    println!("parameters: {}", r.source);
    println!("{:<22} {:>7} {:>7}", "term (White's share)", "mg", "eg");
    for (name, mg, eg) in &r.terms {
        println!("{name:<22} {mg:>7} {eg:>7}");
    }
    println!(
        "phase {}/{}; White {:+}, side to move {:+} (centipawns)",
        r.phase, r.full_phase, r.white, r.score
    );
    Ok(())
}

fn run_selfplay(cfg: &selfplay::Config, out: &Path) -> Result<(), String> {
    let file = std::fs::File::create(out).map_err(|e| format!("{}: {e}", out.display()))?;
    let mut writer = io::BufWriter::new(file);
    let start = Instant::now();
    eprintln!(
        "selfplay: {} games of {} at {} nodes per move on {} threads -> {}",
        cfg.games,
        cfg.variant.name,
        cfg.nodes,
        cfg.threads,
        out.display()
    );
    let report = |s: &selfplay::Stats| {
        eprintln!(
            "{:>6} games  +{} ={} -{} (White's)  {} adjudicated  {} positions  {:.0} s",
            s.games,
            s.white_wins,
            s.draws,
            s.black_wins,
            s.adjudicated,
            s.positions,
            start.elapsed().as_secs_f64()
        )
    };
    let stats = selfplay::run(cfg, &mut writer, &report)?;
    writer
        .flush()
        .map_err(|e| format!("{}: {e}", out.display()))?;
    report(&stats);
    println!(
        "{} games, {} positions, {:.1} plies per game",
        stats.games,
        stats.positions,
        stats.plies as f64 / stats.games.max(1) as f64
    );
    Ok(())
}

fn run_tune(cfg: &fit::Config, out: &Path) -> Result<(), String> {
    let start = Instant::now();
    let progress = |line: &str| eprintln!("[{:>6.1} s] {line}", start.elapsed().as_secs_f64());
    let r = fit::run(cfg, &progress)?;
    std::fs::write(out, &r.text).map_err(|e| format!("{}: {e}", out.display()))?;
    println!(
        "K = {:.4}; error {:.6} -> {:.6} (training), {:.6} -> {:.6} (validation), best epoch {}",
        r.k, r.initial_loss.0, r.final_loss.0, r.initial_loss.1, r.final_loss.1, r.best_epoch
    );
    println!("largest changes:");
    for (name, a, b) in &r.largest_changes {
        println!(
            "  {name:<20} {:>5} {:>5} -> {:>5} {:>5}",
            a.mg, a.eg, b.mg, b.eg
        );
    }
    println!("wrote {}", out.display());
    Ok(())
}

fn list_bench(depth: u32) -> Result<(), String> {
    let mut out = io::stdout().lock();
    for &(variant, fen, less) in BENCH_POSITIONS {
        let game = Game::by_name(variant, fen)?;
        let d = depth.saturating_sub(less).max(1);
        if writeln!(out, "{variant};{};{d}", game.fen()).is_err() {
            break; // a closed pipe (`| head`): nothing more to say
        }
    }
    Ok(())
}

fn run_bench(depth: u32) -> Result<(), String> {
    if !(1..=64).contains(&depth) {
        return Err("bench depth must be in 1..64".into());
    }
    let total = BENCH_POSITIONS.len();
    let r = bench(depth, |i, variant, nodes| {
        eprintln!("Position {}/{} ({variant}): {nodes}", i + 1, total);
    })?;
    println!("===========================");
    println!("Total time (ms) : {}", r.millis);
    println!("Nodes searched  : {}", r.nodes);
    println!("Nodes/second    : {}", r.nodes * 1000 / r.millis.max(1));
    Ok(())
}
