"""Engine drivers: UCI and XBoard/CECP over pipes.

Each engine is a process with a reader thread feeding a queue, so the runner can wait for
a line with a deadline: a hang is a timeout, never a blocked runner. The drivers know
nothing of rules; they send positions and clocks and return what the engine said.
Failures are exceptions carrying a kind: `crash` (the process died or broke the
protocol), `hang` (no answer in time outside a clock), `time` (no move before the clock
ran out); the runner counts them and restarts the engine.
"""
import os
import queue
import shlex
import subprocess
import threading
import time
from dataclasses import dataclass, field

from . import tc as tcmod

STARTUP_TIMEOUT = 30.0  # seconds for `uciok`, `feature done=1`, `readyok`, `pong`


class EngineFailure(Exception):
    def __init__(self, kind, message):
        super().__init__(message)
        self.kind = kind  # 'crash', 'hang' or 'time'


class Resigned(Exception):
    pass


@dataclass
class EngineSpec:
    """One engine as given on the command line (`--engine key=value ...`)."""
    name: str
    cmd: list
    proto: str = "uci"
    dir: str = None
    options: dict = field(default_factory=dict)
    tc: object = None           # TimeControl overriding the match's
    nodes: int = None
    depth: int = None
    variant: str = None         # the engine's own name for the variant (XBoard)


def parse_engine_spec(tokens):
    """`cmd=PATH [name=N] [proto=uci|xboard] [dir=D] [args="..."] [option.NAME=VALUE]
    [tc=T] [nodes=N] [depth=D] [variant=V]` (cutechess-cli's style)."""
    values = {}
    options = {}
    for token in tokens:
        key, eq, value = token.partition("=")
        if not eq:
            raise ValueError(f"engine setting {token!r} is not key=value")
        if key.startswith("option."):
            options[key[len("option."):]] = value
        elif key in ("cmd", "name", "proto", "dir", "args", "tc", "nodes", "depth", "variant"):
            values[key] = value
        else:
            raise ValueError(f"unknown engine setting {key!r}")
    if "cmd" not in values:
        raise ValueError("an engine needs cmd=PATH")
    cmd = shlex.split(values["cmd"]) + shlex.split(values.get("args", ""))
    proto = values.get("proto", "uci")
    if proto not in ("uci", "xboard"):
        raise ValueError(f"proto must be uci or xboard, not {proto!r}")
    spec = EngineSpec(name=values.get("name", os.path.basename(cmd[0])), cmd=cmd, proto=proto,
                      dir=values.get("dir"), options=options, variant=values.get("variant"))
    if "tc" in values:
        spec.tc = tcmod.parse_tc(values["tc"])
    for key in ("nodes", "depth"):
        if key in values:
            number = int(values[key])
            if number <= 0:
                raise ValueError(f"{key} must be positive")
            setattr(spec, key, number)
    return spec


class Process:
    """A child process with line I/O and deadlines."""

    def __init__(self, spec, log=None):
        self.label = spec.name
        self.log = log
        try:
            self.proc = subprocess.Popen(spec.cmd, cwd=spec.dir, stdin=subprocess.PIPE,
                                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                         text=True, bufsize=1, errors="replace")
        except OSError as e:
            raise EngineFailure("crash", f"{self.label}: cannot start {spec.cmd}: {e}") from None
        self.lines = queue.Queue()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\r\n"))
        self.lines.put(None)  # end of output

    def _log(self, direction, line):
        if self.log:
            self.log(f"{time.monotonic():.3f} {self.label} {direction} {line}")

    def send(self, line):
        self._log(">", line)
        try:
            self.proc.stdin.write(line + "\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            raise EngineFailure("crash", f"{self.label}: exited (writing {line!r})") from None

    def readline(self, deadline):
        """The next line, or None at the deadline (time.monotonic()); EngineFailure
        'crash' when the process closed its output."""
        try:
            line = self.lines.get(timeout=max(0.0, deadline - time.monotonic()))
        except queue.Empty:
            return None
        if line is None:
            self.lines.put(None)  # later reads see the end too
            code = self.proc.poll()
            raise EngineFailure("crash", f"{self.label}: exited"
                                + (f" with status {code}" if code is not None else ""))
        self._log("<", line)
        return line

    def wait_for(self, predicate, timeout, what, kind="hang"):
        deadline = time.monotonic() + timeout
        while True:
            line = self.readline(deadline)
            if line is None:
                raise EngineFailure(kind, f"{self.label}: no {what} within {timeout:g} s")
            if predicate(line):
                return line

    def alive(self):
        return self.proc.poll() is None

    def close(self, command):
        if self.alive():
            try:
                self.send(command)
                self.proc.wait(timeout=2)
            except (EngineFailure, subprocess.TimeoutExpired):
                pass
        if self.alive():
            self.proc.kill()
        self.proc.wait()


@dataclass
class MoveReply:
    move: str           # the move as the engine wrote it
    elapsed: float      # seconds from sending `go` to reading the move
    score: int = None   # centipawns from the engine's side (mates as +-(100000 - plies))
    depth: int = None


def uci_score(tokens):
    """Score (cp) from an `info` line's tokens, or None."""
    try:
        i = tokens.index("score")
        kind, value = tokens[i + 1], int(tokens[i + 2])
    except (ValueError, IndexError):
        return None
    if kind == "cp":
        return value
    if kind == "mate":
        return 100000 - abs(value) if value > 0 else -(100000 - abs(value))
    return None


def uci_options(lines):
    """{name: (type, combo values)} from the `option name ... type ...` lines."""
    options = {}
    for line in lines:
        if not line.startswith("option name "):
            continue
        rest = line[len("option name "):]
        name, _, tail = rest.partition(" type ")
        tokens = tail.split()
        kind = tokens[0] if tokens else ""
        values = []
        for i, token in enumerate(tokens):
            if token == "var" and i + 1 < len(tokens):
                values.append(tokens[i + 1])
        options[name.strip()] = (kind, values)
    return options


class UciEngine:
    def __init__(self, spec, log=None):
        self.spec = spec
        self.process = Process(spec, log)
        self.process.send("uci")
        lines = []
        self.process.wait_for(lambda l: lines.append(l) or l.strip() == "uciok",
                              STARTUP_TIMEOUT, "uciok", kind="crash")
        self.options = uci_options(lines)
        self.id_name = next((l[len("id name "):] for l in lines if l.startswith("id name ")),
                            spec.name)

    def sync(self, kind="hang"):
        self.process.send("isready")
        self.process.wait_for(lambda l: l.strip() == "readyok", STARTUP_TIMEOUT, "readyok",
                              kind=kind)

    def configure(self, variant, chess960):
        if "UCI_Variant" in self.options:
            known = self.options["UCI_Variant"][1]
            if known and variant not in known:
                raise EngineFailure("crash", f"{self.spec.name} does not know the variant "
                                             f"{variant!r} (UCI_Variant: {' '.join(known)})")
            self.set_option("UCI_Variant", variant)
        elif variant != "chess":
            raise EngineFailure("crash", f"{self.spec.name} has no UCI_Variant option: "
                                         f"it cannot play {variant}")
        if chess960 or "UCI_Chess960" in self.options:
            self.set_option("UCI_Chess960", "true" if chess960 else "false")
        for name, value in self.spec.options.items():
            self.set_option(name, value)
        self.sync(kind="crash")

    def set_option(self, name, value):
        self.process.send(f"setoption name {name} value {value}")

    def new_game(self, variant, start_fen, tc):
        self.process.send("ucinewgame")
        self.sync()

    def think(self, start_fen, moves, go, deadline, kind):
        position = f"position fen {start_fen}"
        if moves:
            position += " moves " + " ".join(moves)
        self.process.send(position)
        t0 = time.monotonic()
        self.process.send(go)
        score = depth = None
        while True:
            line = self.process.readline(t0 + deadline)
            if line is None:
                raise EngineFailure(kind, f"{self.spec.name}: no bestmove after {deadline:.2f} s")
            tokens = line.split()
            if not tokens:
                continue
            if tokens[0] == "info":
                s = uci_score(tokens)
                if s is not None:
                    score = s
                if "depth" in tokens:
                    try:
                        depth = int(tokens[tokens.index("depth") + 1])
                    except (ValueError, IndexError):
                        pass
            elif tokens[0] == "bestmove":
                elapsed = time.monotonic() - t0
                return MoveReply(tokens[1] if len(tokens) > 1 else "", elapsed, score, depth)

    def abort_search(self):
        """After a timeout: stop the search and wait briefly for its bestmove."""
        self.process.send("stop")
        self.process.wait_for(lambda l: l.startswith("bestmove"), 2.0, "bestmove after stop")
        self.sync()

    def game_over(self, result, reason):
        pass

    def quit(self):
        self.process.close("quit")


# XBoard names of Fairy-Stockfish variants where they differ (first one an engine lists).
XBOARD_VARIANTS = {
    "chess": ["normal"],
    "kingofthehill": ["kingofthehill", "king-of-the-hill"],
    "fischerandom": ["fischerandom", "chess960", "fischerrandom"],
}


def parse_features(line):
    """{name: value} from `feature a=1 b="x y"`."""
    features = {}
    try:
        tokens = shlex.split(line[len("feature"):], posix=True)
    except ValueError:
        tokens = line[len("feature"):].split()
    for token in tokens:
        name, eq, value = token.partition("=")
        if eq:
            features[name] = value
    return features


class XBoardEngine:
    def __init__(self, spec, log=None):
        self.spec = spec
        self.process = Process(spec, log)
        self.features = {}
        self.options = []
        self.ping = 0
        self.known = None  # (start fen, moves) the engine's board holds
        self.process.send("xboard")
        self.process.send("protover 2")
        # Protocol 2 engines answer with features ending in done=1; done=0 asks for more
        # time; an engine that sends nothing for 2 s is protocol 1.
        deadline = time.monotonic() + 2.0
        while True:
            line = self.process.readline(deadline)
            if line is None:
                break
            if line.startswith("feature "):
                feats = parse_features(line)
                for name, value in feats.items():
                    if name == "done":
                        deadline = time.monotonic() + (STARTUP_TIMEOUT if value == "0" else 0)
                        continue
                    if name == "option":
                        self.options.append(value.split(" -")[0].strip())
                    self.features[name] = value
                    accept = name not in ("san",) or value != "1"
                    self.process.send(f"{'accepted' if accept else 'rejected'} {name}")
                if feats.get("done") == "1":
                    break
        self.id_name = self.features.get("myname", spec.name)
        if self.spec.nodes is not None:
            raise EngineFailure("crash", f"{spec.name}: fixed nodes are not supported over XBoard")

    def sync(self, kind="hang"):
        if self.features.get("ping") != "1":
            return
        self.ping += 1
        self.process.send(f"ping {self.ping}")
        want = f"pong {self.ping}"
        self.process.wait_for(lambda l: l.strip() == want, STARTUP_TIMEOUT, want, kind=kind)

    def xboard_variant(self, variant):
        if self.spec.variant:
            return self.spec.variant
        names = XBOARD_VARIANTS.get(variant, [variant])
        listed = self.features.get("variants", "normal").split(",")
        for name in names:
            if name in listed:
                return name
        raise EngineFailure("crash", f"{self.spec.name} does not list the variant {variant!r} "
                                     f"(variants={','.join(listed)}); name its own with variant=")

    def configure(self, variant, chess960):
        self.variant_name = self.xboard_variant(variant)
        self.chess960 = chess960
        for name, value in self.spec.options.items():
            if name == "Hash" and self.features.get("memory") == "1":
                self.process.send(f"memory {value}")
            elif name == "Threads" and self.features.get("smp") == "1":
                self.process.send(f"cores {value}")
            else:
                self.process.send(f"option {name}={value}")
        self.sync(kind="crash")

    def new_game(self, variant, start_fen, tc):
        self.variant_start = start_fen
        self.tc = tc
        self._reset()
        self.sync()

    def _reset(self):
        """`new` and everything it resets: variant, force mode, no pondering, thinking
        output, the time control (a clock that never matters under a fixed depth)."""
        self.process.send("new")
        if self.variant_name != "normal":
            self.process.send(f"variant {self.variant_name}")
        self.process.send("force")
        self.process.send("easy")
        self.process.send("post")
        self.process.send(tcmod.xboard_level(self.tc) if self.tc else "level 0 10000 0")
        if self.spec.depth is not None:
            self.process.send(f"sd {self.spec.depth}")
        self.known = (self.variant_start, [])

    def _usermove(self, move):
        if self.features.get("usermove") == "1":
            self.process.send(f"usermove {move}")
        else:
            self.process.send(move)

    def _set_position(self, start_fen, moves, xmoves):
        """Brings the engine's board to start_fen + moves (in force mode)."""
        if self.known is not None and self.known[0] == start_fen \
                and moves[:len(self.known[1])] == self.known[1]:
            done = len(self.known[1])
        else:
            self._reset()
            if start_fen != self.variant_start:
                if self.features.get("setboard") != "1":
                    raise EngineFailure("crash", f"{self.spec.name} cannot set up a FEN "
                                                 "(no setboard): use random openings")
                self.process.send(f"setboard {start_fen}")
            done = 0
        for move in xmoves[done:]:
            self._usermove(move)
        self.known = (start_fen, list(moves))

    def think(self, start_fen, moves, xmoves, own_clock, opp_clock, deadline, kind):
        self._set_position(start_fen, moves, xmoves)
        if own_clock is not None:
            self.process.send(f"time {max(0, int(own_clock * 100))}")
            self.process.send(f"otim {max(0, int(opp_clock * 100))}")
        t0 = time.monotonic()
        self.process.send("go")
        score = depth_seen = None
        while True:
            line = self.process.readline(t0 + deadline)
            if line is None:
                raise EngineFailure(kind, f"{self.spec.name}: no move after {deadline:.2f} s")
            tokens = line.split()
            if not tokens:
                continue
            if tokens[0] == "move" and len(tokens) > 1:
                elapsed = time.monotonic() - t0
                self.process.send("force")
                self.known = None  # the runner re-syncs after judging the move
                return MoveReply(tokens[1], elapsed, score, depth_seen)
            if tokens[0] == "resign" or line.startswith("tellics resign"):
                self.process.send("force")
                self.known = None
                raise Resigned(f"{self.spec.name} resigns")
            if tokens[0] in ("Illegal", "Error") or line.startswith("Illegal move"):
                raise EngineFailure("crash", f"{self.spec.name} rejected the position: {line}")
            if tokens[0].isdigit() and len(tokens) >= 4:  # thinking: ply score time nodes pv
                try:
                    depth_seen, score = int(tokens[0]), int(tokens[1])
                except ValueError:
                    pass

    def note_moves(self, start_fen, moves):
        """The engine's own move was accepted: its board already holds it."""
        self.known = (start_fen, list(moves))

    def game_over(self, result, reason):
        self.process.send(f"result {result} {{{reason}}}")
        self.process.send("force")
        self.known = None

    def quit(self):
        self.process.close("quit")


def start_engine(spec, log=None):
    return (UciEngine if spec.proto == "uci" else XBoardEngine)(spec, log)
