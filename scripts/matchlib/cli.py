"""Command line of scripts/match."""
import argparse
import sys

from . import openings as openings_mod
from . import tc as tcmod
from .engine import EngineFailure, parse_engine_spec

EPILOG = """\
engines (one --engine per side, cutechess-cli style settings):
  cmd=PATH           the command (split like a shell line; args="..." adds arguments)
  name=NAME          name in the output and the PGN (default: the command's file name)
  proto=uci|xboard   protocol (default uci)
  dir=DIR            working directory
  option.NAME=VALUE  an engine option: UCI `setoption`; XBoard `option NAME=VALUE`
                     (Hash and Threads become XBoard's `memory` and `cores`)
  tc=TC nodes=N depth=D   this engine's own limits instead of the match's
  variant=NAME       the engine's own name for the variant (XBoard; default: the
                     Fairy-Stockfish name, `normal` for chess)

examples:
  scripts/match --engine cmd=target/release/protean option.Hash=16 \\
      --engine cmd=/usr/games/fairy-stockfish name=fsf "option.Skill Level=3" \\
      --variant chess --tc 10+0.1 --games 100 --random-plies 8 --pgn out.pgn
  scripts/match --engine cmd=target/release/protean --engine cmd=/usr/games/fairymax \\
      proto=xboard --tc 10+0.1 --games 50
  scripts/match --engine cmd=./new --engine cmd=./old --nodes 20000 --games 2000 \\
      --sprt 0 5 0.05 0.05 --concurrency 8
"""


def parse_args(argv):
    ap = argparse.ArgumentParser(
        prog="scripts/match",
        description="Play two engines against each other (UCI or XBoard), any variant "
                    "pyffish knows, and report W/D/L, Elo with 95%% error bars and SPRT.",
        epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine", nargs="+", action="append", required=True, metavar="KEY=VALUE",
                    help="an engine (give exactly two); see below")
    ap.add_argument("--variant", default="chess", help="Fairy-Stockfish variant name (default chess)")
    ap.add_argument("--chess960", action="store_true", help="960 castling (UCI_Chess960)")
    limits = ap.add_argument_group("limits (at least one, for both engines or per engine)")
    limits.add_argument("--tc", type=tcmod.parse_tc, metavar="[MOVES/]BASE[+INC]",
                        help="time control in seconds, e.g. 10+0.1, 1:30+1, 40/60")
    limits.add_argument("--nodes", type=int, help="fixed nodes per move (UCI `go nodes N`)")
    limits.add_argument("--depth", type=int, help="fixed depth per move")
    limits.add_argument("--margin", type=float, default=0.1, metavar="SECONDS",
                        help="time a move may overrun the clock before it loses (default 0.1)")
    limits.add_argument("--hang-timeout", type=float, default=60.0, metavar="SECONDS",
                        help="without a clock, a move taking longer is a hang (default 60)")
    ap.add_argument("--games", type=int, default=2, help="games (two per opening; default 2)")
    ap.add_argument("--concurrency", type=int, default=1, help="games played at once (default 1)")
    op = ap.add_argument_group("openings (default: 8 random plies)")
    op.add_argument("--openings", metavar="FILE", help="FEN/EPD file, one position per line")
    op.add_argument("--openings-order", choices=("sequential", "random"), default="sequential")
    op.add_argument("--random-plies", type=int, default=None, metavar="N",
                    help="random legal plies from the start position (default 8; 0 = none)")
    op.add_argument("--seed", type=int, default=1, help="seed of random openings and order")
    adj = ap.add_argument_group("adjudication")
    adj.add_argument("--max-plies", type=int, default=0, help="draw after this many plies (0 = never)")
    adj.add_argument("--resign-score", type=int, default=1000, metavar="CP",
                     help="an engine scoring itself at or below -CP ... (default 1000)")
    adj.add_argument("--resign-moves", type=int, default=0, metavar="N",
                     help="... for N moves in a row loses (0 = off, the default)")
    ap.add_argument("--sprt", nargs=4, type=float, metavar=("ELO0", "ELO1", "ALPHA", "BETA"),
                    help="sequential test of the first engine against the second: stop when "
                         "the LLR leaves its bounds")
    ap.add_argument("--sprt-model", choices=("pentanomial", "trinomial"), default="pentanomial",
                    help="samples for the LLR: game pairs (default) or single games")
    ap.add_argument("--pgn", metavar="FILE", help="write the games here")
    ap.add_argument("--event", default="Protean match", help="PGN Event tag")
    ap.add_argument("--debug-log", metavar="FILE", help="write every line sent and received")
    args = ap.parse_args(argv)

    if len(args.engine) != 2:
        ap.error("give exactly two --engine")
    try:
        args.specs = [parse_engine_spec(tokens) for tokens in args.engine]
    except ValueError as e:
        ap.error(str(e))
    for spec in args.specs:
        if not (args.tc or args.nodes or args.depth or spec.tc or spec.nodes or spec.depth):
            ap.error(f"{spec.name} has no limit: give --tc, --nodes or --depth")
        if spec.proto == "xboard":
            tc = spec.tc or args.tc
            if tc is not None:
                try:
                    tcmod.xboard_level(tc)
                except ValueError as e:
                    ap.error(f"{spec.name}: {e}")
            if spec.nodes or (args.nodes and not (spec.tc or spec.depth)):
                ap.error(f"{spec.name}: fixed nodes are not supported over XBoard")
    if args.specs[0].name == args.specs[1].name:
        args.specs[1].name += "-2"
    for name in ("games", "concurrency"):
        if getattr(args, name) < 1:
            ap.error(f"--{name} must be at least 1")
    if args.random_plies is None:
        args.random_plies = 0 if args.openings else 8
    if args.sprt:
        elo0, elo1, alpha, beta = args.sprt
        if not elo0 < elo1 or not (0 < alpha < 1 and 0 < beta < 1):
            ap.error("--sprt needs ELO0 < ELO1 and 0 < ALPHA, BETA < 1")
    return args


def build_openings(args):
    """[(start FEN, [opening moves])], one per pair of games."""
    from . import referee  # pyffish is needed from here on only, so --help works without it
    import random

    referee.check_variant(args.variant)
    if args.openings:
        fens = openings_mod.read_openings(args.openings)
        for fen in fens:
            referee.validate_fen(args.variant, fen, args.chess960)
        if args.openings_order == "random":
            random.Random(args.seed).shuffle(fens)
    else:
        fens = [referee.start_fen(args.variant)]
    result = []
    for k in range((args.games + 1) // 2):
        fen = fens[k % len(fens)]
        moves = []
        if args.random_plies:
            moves = referee.random_opening(args.variant, fen, args.random_plies,
                                           referee.opening_rng(args.seed, k), args.chess960)
        result.append((fen, moves))
    return result


def main(argv=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    try:
        from . import referee
    except ImportError as e:
        sys.exit(f"error: scripts/match needs pyffish as its referee ({e}); "
                 "scripts/install-reference-tools installs it")
    from .runner import Match

    try:
        openings_list = build_openings(args)
    except (referee.RefereeError, ValueError, OSError) as e:
        sys.exit(f"error: {e}")
    match = Match(args, args.specs, openings_list)
    try:
        match.run()
    except EngineFailure as e:
        sys.exit(f"error: {e}")
    print(match.summary(), flush=True)
    return 1 if match.aborted and match.aborted.startswith("runner error") else 0
