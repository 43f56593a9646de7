"""Reference counts for the perft-data generators (gen-perft-data, gen-variant-perft-data,
gen-ini-perft-data): perft by recursion over pyffish's legal moves and by python-chess,
`go perft` of a reference UCI engine (Debian's Stockfish or Fairy-Stockfish 11.1), the
deepening rule that picks the depths, the variants.ini files pyffish and Fairy-Stockfish
read, and the tool versions written into the files' headers.

Every variants.ini file is named once, in INI_FILES, and read through ini_text(): a file
that moves (or is generated instead of written by hand) is a one-line change here.
"""
import math
import re
import subprocess
from pathlib import Path

import chess
import pyffish

from .datafiles import REPO, RefError
from .engine import UciEngine, find_exe

ENGINE_TESTS = REPO / "engine-tests"

INI_FILES = {
    "fsf-variants": ENGINE_TESTS / "fsf-variants.ini",  # sections copied from FSF's variants.ini
    "fsf-house-variants": ENGINE_TESTS / "fsf-house-variants.ini",  # FSF sections our loader cannot read yet
    "fsf-screen": ENGINE_TESTS / "fsf-screen.ini",  # FSF's own screen, renamed
    "builtins": REPO / "src" / "variant" / "builtins.ini",  # our built-ins, in FSF's keys
    # Fairy-Stockfish's whole variants.ini (gen-ini-perft-data): the repository's
    # unchanged copy of ../shared/reference/fairy-stockfish-variants.ini, so that the
    # default works from any checkout or worktree, wherever ../shared is.
    "fsf-reference": ENGINE_TESTS / "ini" / "fairy-stockfish-variants.ini",
}
# The files whose sections are Fairy-Stockfish's own text (the others hold our rules).
FSF_TEXT = {"fsf-variants", "fsf-house-variants", "fsf-screen", "fsf-reference"}


def ini_text(key, path=None):
    """The text of INI_FILES[key] (or of `path`, where a command line names another)."""
    path = Path(path) if path is not None else INI_FILES[key]
    try:
        return path.read_text()
    except OSError as e:
        raise RefError(f"cannot read the variants file {path}: {e}") from None


def ini_section(key, header):
    """The section `[header]` of INI_FILES[key], up to a blank line, a comment or the
    next section."""
    m = re.search(r"^\[" + re.escape(header) + r"\]\n(.*?)(?=^\s*$|^\[|^#|\Z)", ini_text(key),
                  re.M | re.S)
    if not m:
        raise RefError(f"section [{header}] not found in {INI_FILES[key]}")
    return f"[{header}]\n" + m.group(1)


def find_tool(name):
    exe = find_exe(name)
    if exe is None:
        raise RefError(f"{name} not found (run scripts/install-reference-tools)")
    return exe


def reference_engine(name, variant=None, chess960=None, variant_path=None):
    """Debian's `stockfish` or `fairy-stockfish` over UCI, set up for `go perft`."""
    engine = UciEngine([find_tool(name)], name, stderr=subprocess.DEVNULL)
    engine.configure(variant, chess960, variant_path=variant_path)
    return engine


def pyffish_perft(variant, fen, moves, depth, chess960=False):
    legal = pyffish.legal_moves(variant, fen, moves, chess960)
    if depth == 1:
        return len(legal)
    return sum(pyffish_perft(variant, fen, moves + [m], depth - 1, chess960) for m in legal)


def pyffish_divide(variant, fen, depth):
    return {m: (1 if depth == 1 else pyffish_perft(variant, fen, [m], depth - 1))
            for m in pyffish.legal_moves(variant, fen, [])}


def pychess_perft(board, depth):
    """python-chess's count; a node where its variant game is over counts 0, as in
    Fairy-Stockfish."""
    if board.is_variant_end():
        return 0
    if depth == 1:
        return board.legal_moves.count()
    n = 0
    for m in list(board.legal_moves):
        board.push(m)
        n += pychess_perft(board, depth - 1)
        board.pop()
    return n


def deepen(count, high, low=math.inf, max_depth=10, zero_depth=3):
    """{depth: count(depth)} for depths 1, 2, ...: stops once a count reaches `low`, at
    `max_depth`, or when the next count extrapolated from the last branching factor
    (n * n / previous) would exceed `high`; a count of 0 (mate, stalemate, a game over)
    goes on to `zero_depth`."""
    counts = {}
    prev = 1
    depth = 1
    while True:
        n = count(depth)
        counts[depth] = n
        if n == 0:
            if depth >= zero_depth:
                return counts
        else:
            if n >= low or depth >= max_depth or n * n / prev > high:
                return counts
            prev = n
        depth += 1


def pyffish_version():
    return f"pyffish {'.'.join(map(str, pyffish.version()))} ({pyffish.info()})"


def pychess_version():
    return f"python-chess {chess.__version__}"
