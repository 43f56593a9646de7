"""The protean binary's one-shot subcommands, as the scripts call them: where the
binary is, `--version`, `bench --list`, `variants`, `perft` (with its divide), and
`cargo build --release`. Errors are EngineFailure (lib/engine.py) with the command and
what it printed.
"""
import subprocess
from pathlib import Path

from .engine import EngineFailure, parse_perft, run

REPO = Path(__file__).resolve().parent.parent.parent
DEFAULT = REPO / "target" / "release" / "protean"


def build():
    """`cargo build --release` in the repository; EngineFailure when it fails."""
    print("building protean: cargo build --release", flush=True)
    if subprocess.run(["cargo", "build", "--release"], cwd=REPO).returncode != 0:
        raise EngineFailure("crash", "cargo build --release failed")


def _output(exe, args, timeout=None):
    code, out, err, seconds = run([str(exe), *args], timeout)
    if code != 0:
        raise EngineFailure("crash", f"{exe} {' '.join(args)}: exit status {code}\n"
                                     f"{err.strip()}")
    return out, seconds


def version(exe):
    """The first line of `protean --version`, or 'protean' when it says nothing."""
    try:
        out, _ = _output(exe, ["--version"], timeout=30)
    except EngineFailure:
        return "protean"
    return out.strip().splitlines()[0] if out.strip() else "protean"


def bench_positions(exe):
    """[(variant, fen)] of `protean bench --list` (lines `variant;fen;depth`)."""
    out, _ = _output(exe, ["bench", "--list"], timeout=60)
    return [tuple(line.split(";")[:2]) for line in out.splitlines() if line.strip()]


def variant_names(exe):
    """The variant names of `protean variants` (first word of each line)."""
    out, _ = _output(exe, ["variants"], timeout=60)
    return [line.split()[0] for line in out.splitlines() if line.strip()]


def perft(exe, variant, depth, fen=None, chess960=False, timeout=None, variants_file=None):
    """`protean [--variants-file FILE] perft --variant V [--fen FEN] [--chess960] DEPTH`
    as one process; returns (nodes, {move: count}, seconds of the whole process)."""
    args = ["perft", "--variant", variant]
    if variants_file is not None:
        args = ["--variants-file", str(variants_file)] + args
    if fen is not None:
        args += ["--fen", fen]
    if chess960:
        args.append("--chess960")
    args.append(str(depth))
    out, seconds = _output(exe, args, timeout)
    nodes, divide = parse_perft(out.splitlines())
    if nodes is None:
        raise EngineFailure("crash", f"{exe} {' '.join(args)}: no 'Nodes searched' line\n"
                                     f"{out[-2000:]}")
    return nodes, divide, seconds
