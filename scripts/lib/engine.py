"""Engine drivers for every script in scripts/: UCI and XBoard/CECP over pipes, and
one-shot runs of an engine binary (`ENGINE bench`, `protean perft ...`).

An engine is a child process with a reader thread feeding a queue, so every wait has a
deadline (or none, by choice, for a long perft): a hang is a timeout, never a blocked
script. The drivers know nothing of rules; they send positions, limits and clocks and
return what the engine said. Failures are `EngineFailure` exceptions with a kind:
`crash` (the process could not start, died, or broke the protocol), `hang` (no answer
in time outside a clock), `time` (no move before the clock ran out).

  UciEngine     `uci` handshake and options, variant and Chess960, position, `go` with
                any limits (info lines parsed), `go perft N` with its divide, stop, quit
  XBoardEngine  `xboard`/`protover 2` features, ping, variant, `new`/`level`/`sd`,
                force-mode positions, time/otim, go/usermove, moves, resignations,
                result claims and error replies, quit
  run, bench_nps  one-shot commands with a timeout; the `Nodes/second` of `bench`
"""
import os
import queue
import re
import shlex
import shutil
import subprocess
import threading
import time
from dataclasses import dataclass, field

STARTUP_TIMEOUT = 30.0  # seconds for `uciok`, `feature done=1`, `readyok`, `pong`


class EngineFailure(Exception):
    def __init__(self, kind, message):
        super().__init__(message)
        self.kind = kind  # 'crash', 'hang' or 'time'


class Resigned(Exception):
    pass


def find_exe(name):
    """An executable by name from PATH or /usr/games, /usr/local/games; None if absent."""
    for path in (None, "/usr/games", "/usr/local/games"):
        exe = shutil.which(name, path=path)
        if exe:
            return exe
    return None


def command(cmd):
    """A command as an argument list: a list as is, a string split like a shell."""
    return shlex.split(cmd) if isinstance(cmd, str) else list(cmd)


class Process:
    """A child process with line I/O and deadlines (time.monotonic(), or None: no limit)."""

    def __init__(self, cmd, label, cwd=None, log=None, stderr=subprocess.DEVNULL):
        self.label = label
        self.log = log
        try:
            self.proc = subprocess.Popen(cmd, cwd=cwd, stdin=subprocess.PIPE,
                                         stdout=subprocess.PIPE, stderr=stderr,
                                         text=True, bufsize=1, errors="replace")
        except OSError as e:
            raise EngineFailure("crash", f"{label}: cannot start {cmd}: {e}") from None
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
        """The next line, or None at the deadline; EngineFailure 'crash' when the process
        closed its output."""
        try:
            if deadline is None:
                line = self.lines.get()
            else:
                line = self.lines.get(timeout=max(0.0, deadline - time.monotonic()))
        except queue.Empty:
            return None
        if line is None:
            self.lines.put(None)  # later reads see the end too
            try:
                code = self.proc.wait(timeout=1)
            except subprocess.TimeoutExpired:
                code = None
            raise EngineFailure("crash", f"{self.label}: exited"
                                + (f" with status {code}" if code is not None else ""))
        self._log("<", line)
        return line

    def read_until(self, predicate, timeout, what, kind="hang"):
        """Every line up to and including the first that satisfies predicate; timeout in
        seconds (None: wait as long as it takes)."""
        deadline = None if timeout is None else time.monotonic() + timeout
        lines = []
        while True:
            line = self.readline(deadline)
            if line is None:
                raise EngineFailure(kind, f"{self.label}: no {what} within {timeout:g} s")
            lines.append(line)
            if predicate(line):
                return lines

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
        self.reader.join(timeout=1)  # at the end of the output once the process is gone
        for pipe in (self.proc.stdin, self.proc.stdout if not self.reader.is_alive() else None):
            try:
                if pipe is not None:
                    pipe.close()
            except OSError:
                pass


@dataclass
class SearchResult:
    """What a search returned. score: centipawns from the mover's side, mates as
    +-(100000 - moves); score and depth from the last line that had them; nodes and
    time_ms from the last UCI info line with both; infos: every UCI info line parsed."""
    move: str
    elapsed: float       # seconds from sending `go` (or the move) to reading the move
    score: int = None
    depth: int = None
    nodes: int = None
    time_ms: int = None
    ponder: str = None
    infos: list = field(default_factory=list)


@dataclass
class PerftResult:
    nodes: int
    divide: dict         # move -> count
    elapsed: float       # seconds from sending `go perft` to reading `Nodes searched`


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


INFO_NUMBERS = ("depth", "seldepth", "multipv", "nodes", "nps", "time", "hashfull")


def parse_info(line):
    """{depth, seldepth, multipv, nodes, nps, time, hashfull, score, pv, string} (those
    present) from a UCI `info` line."""
    tokens = line.split()
    info = {}
    for i, token in enumerate(tokens[:-1]):
        if token == "string":
            info["string"] = " ".join(tokens[i + 1:])
            break
        if token in INFO_NUMBERS and token not in info:
            try:
                info[token] = int(tokens[i + 1])
            except ValueError:
                pass
        elif token == "pv":
            info["pv"] = tokens[i + 1:]
            break
    score = uci_score(tokens)
    if score is not None:
        info["score"] = score
    return info


def uci_options(lines):
    """{name: (type, combo values)} from the `option name ... type ...` lines."""
    options = {}
    for line in lines:
        if not line.startswith("option name "):
            continue
        name, _, tail = line[len("option name "):].partition(" type ")
        tokens = tail.split()
        values = [tokens[i + 1] for i, t in enumerate(tokens[:-1]) if t == "var"]
        options[name.strip()] = (tokens[0] if tokens else "", values)
    return options


def parse_perft(lines):
    """(nodes, {move: count}) from Stockfish-style `move: count` lines and
    `Nodes searched: N`; nodes is None when that line is missing."""
    nodes = None
    divide = {}
    for line in lines:
        line = line.strip()
        if line.startswith("Nodes searched"):
            nodes = int(line.split(":", 1)[1])
        elif ": " in line and not line.startswith("info"):
            move, count = line.split(": ", 1)
            if count.strip().isdigit() and " " not in move:
                divide[move] = int(count)
    return nodes, divide


class UciEngine:
    """A UCI engine. `cmd`: argument list or shell-style string."""

    def __init__(self, cmd, name=None, cwd=None, log=None, stderr=subprocess.DEVNULL):
        cmd = command(cmd)
        self.name = name or os.path.basename(cmd[0])
        self.process = Process(cmd, self.name, cwd, log, stderr)
        self.send("uci")
        lines = self.process.read_until(lambda l: l.strip() == "uciok", STARTUP_TIMEOUT,
                                        "uciok", kind="crash")
        self.options = uci_options(lines)
        self.id_name = next((l[len("id name "):].strip() for l in lines
                             if l.startswith("id name ")), self.name)

    def send(self, line):
        self.process.send(line)

    def set_option(self, name, value=None):
        """`setoption name NAME [value VALUE]` (no value: a button)."""
        self.send(f"setoption name {name}" + ("" if value is None else f" value {value}"))

    def sync(self, kind="hang", timeout=STARTUP_TIMEOUT):
        self.send("isready")
        self.process.read_until(lambda l: l.strip() == "readyok", timeout, "readyok", kind)

    def variants(self):
        """The UCI_Variant combo's values; ['chess'] for an engine without the option."""
        return self.options["UCI_Variant"][1] if "UCI_Variant" in self.options else ["chess"]

    def configure(self, variant=None, chess960=None, options=(), variant_path=None):
        """VariantPath (its variants are not in the combo read at start-up, so then the
        variant is not checked), UCI_Variant (an engine without it plays only chess),
        UCI_Chess960 (unless None: sent when true or when the engine has it), then
        `options` (a dict or (name, value) pairs) in order; waits for `readyok`. A variant
        the engine does not know is an EngineFailure 'crash' naming the variants it has."""
        if variant_path is not None:
            self.set_option("VariantPath", variant_path)
        if variant is not None:
            if "UCI_Variant" in self.options:
                known = self.options["UCI_Variant"][1]
                if variant_path is None and known and variant not in known:
                    raise EngineFailure("crash", f"{self.name} does not know the variant "
                                                 f"{variant!r} (UCI_Variant: {' '.join(known)})")
                self.set_option("UCI_Variant", variant)
            elif variant != "chess":
                raise EngineFailure("crash", f"{self.name} has no UCI_Variant option: "
                                             f"it cannot play {variant}")
        if chess960 or (chess960 is not None and "UCI_Chess960" in self.options):
            self.set_option("UCI_Chess960", "true" if chess960 else "false")
        for name, value in (options.items() if isinstance(options, dict) else options):
            self.set_option(name, value)
        self.sync(kind="crash")

    def new_game(self):
        self.send("ucinewgame")
        self.sync()

    def position(self, fen=None, moves=()):
        """`position startpos|fen FEN [moves ...]`."""
        line = "position startpos" if fen is None else f"position fen {fen}"
        if moves:
            line += " moves " + " ".join(moves)
        self.send(line)

    def go(self, line="go infinite", timeout=None, kind="hang"):
        """Sends `line` (a whole `go ...` command) and reads up to `bestmove`; timeout in
        seconds from sending (None: no limit) raises EngineFailure `kind`."""
        t0 = time.monotonic()
        self.send(line)
        deadline = None if timeout is None else t0 + timeout
        result = SearchResult(move="", elapsed=0.0)
        while True:
            text = self.process.readline(deadline)
            if text is None:
                raise EngineFailure(kind, f"{self.name}: no bestmove after {timeout:.2f} s")
            tokens = text.split()
            if not tokens:
                continue
            if tokens[0] == "info":
                info = parse_info(text)
                result.infos.append(info)
                result.score = info.get("score", result.score)
                result.depth = info.get("depth", result.depth)
                if "nodes" in info and "time" in info:
                    result.nodes, result.time_ms = info["nodes"], info["time"]
            elif tokens[0] == "bestmove":
                result.elapsed = time.monotonic() - t0
                result.move = tokens[1] if len(tokens) > 1 else ""
                if len(tokens) > 3 and tokens[2] == "ponder":
                    result.ponder = tokens[3]
                return result

    def stop(self, timeout=2.0):
        """After a timeout: stop the search, read away its bestmove, wait for readyok."""
        self.send("stop")
        self.process.read_until(lambda l: l.startswith("bestmove"), timeout,
                                "bestmove after stop")
        self.sync()

    def perft(self, depth, fen=None, moves=(), timeout=None):
        """`go perft DEPTH` after `position` and `isready`; the time runs from sending
        `go perft` to reading `Nodes searched`."""
        self.position(fen, moves)
        self.sync()
        t0 = time.monotonic()
        self.send(f"go perft {depth}")
        lines = self.process.read_until(lambda l: l.startswith("Nodes searched"), timeout,
                                        "perft count")
        elapsed = time.monotonic() - t0
        nodes, divide = parse_perft(lines)
        return PerftResult(nodes, divide, elapsed)

    def quit(self):
        self.process.close("quit")


# XBoard names of Fairy-Stockfish variants where they differ (first one an engine lists).
XBOARD_VARIANTS = {
    "chess": ["normal"],
    "kingofthehill": ["kingofthehill", "king-of-the-hill"],
    "fischerandom": ["fischerandom", "chess960", "fischerrandom"],
}

RESULTS = ("1-0", "0-1", "1/2-1/2")


def parse_features(line):
    """{name: value} from `feature a=1 b="x y"`."""
    try:
        tokens = shlex.split(line[len("feature"):], posix=True)
    except ValueError:
        tokens = line[len("feature"):].split()
    features = {}
    for token in tokens:
        name, eq, value = token.partition("=")
        if eq:
            features[name] = value
    return features


class XBoardEngine:
    """An XBoard/CECP engine. Every line read is also screened: result claims
    (`1-0 {...}`) go to `claims`, `Error ...` and `Illegal move ...` replies to `errors`."""

    def __init__(self, cmd, name=None, cwd=None, log=None, stderr=subprocess.DEVNULL):
        cmd = command(cmd)
        self.name = name or os.path.basename(cmd[0])
        self.process = Process(cmd, self.name, cwd, log, stderr)
        self.features = {}
        self.options = []
        self.claims = []
        self.errors = []
        self.done = False      # `feature done=1` seen (protocol 2)
        self.pings = 0
        self.game = None       # settings of new_game, resent by a reset
        self.known = None      # (start fen, moves) the engine's board holds
        self.variant_name = "normal"
        self.send("xboard")
        self.send("protover 2")
        # Protocol 2 engines answer with features ending in done=1; done=0 asks for more
        # time; an engine that sends nothing for 2 s is protocol 1.
        deadline = time.monotonic() + 2.0
        while not self.done:
            line = self._readline(deadline)
            if line is None:
                break
            if not line.startswith("feature "):
                continue
            for name, value in parse_features(line).items():
                if name == "done":
                    self.done = value == "1"
                    deadline = time.monotonic() + (STARTUP_TIMEOUT if value == "0" else 0)
                    continue
                if name == "option":
                    self.options.append(value.split(" -")[0].strip())
                self.features[name] = value
                accept = name != "san" or value != "1"
                self.send(f"{'accepted' if accept else 'rejected'} {name}")
        self.id_name = self.features.get("myname", self.name)

    def send(self, line):
        self.process.send(line)

    def _readline(self, deadline):
        line = self.process.readline(deadline)
        if line is not None:
            if line.split(" ")[0] in RESULTS:
                self.claims.append(line)
            if line.startswith("Error") or line.lower().startswith("illegal move"):
                self.errors.append(line)
        return line

    def sync(self, kind="hang", timeout=STARTUP_TIMEOUT):
        """`ping N` / `pong N` where the engine has the ping feature."""
        if self.features.get("ping") != "1":
            return
        self.pings += 1
        want = f"pong {self.pings}"
        self.send(f"ping {self.pings}")
        deadline = time.monotonic() + timeout
        while True:
            line = self._readline(deadline)
            if line is None:
                raise EngineFailure(kind, f"{self.name}: no {want} within {timeout:g} s")
            if line.strip() == want:
                return

    def xboard_variant(self, variant, name=None):
        if name:
            return name
        listed = self.features.get("variants", "normal").split(",")
        for candidate in XBOARD_VARIANTS.get(variant, [variant]):
            if candidate in listed:
                return candidate
        raise EngineFailure("crash", f"{self.name} does not list the variant {variant!r} "
                                     f"(variants={','.join(listed)}); name its own with variant=")

    def configure(self, variant="chess", chess960=False, options=(), variant_name=None):
        """The engine's name for the variant (`variant_name` overrides the lookup) and
        `options`: Hash as `memory`, Threads as `cores` where the engine has those
        features, others as `option NAME=VALUE`; waits for pong."""
        self.variant_name = self.xboard_variant(variant, variant_name)
        for name, value in (options.items() if isinstance(options, dict) else options):
            if name == "Hash" and self.features.get("memory") == "1":
                self.send(f"memory {value}")
            elif name == "Threads" and self.features.get("smp") == "1":
                self.send(f"cores {value}")
            else:
                self.send(f"option {name}={value}")
        self.sync(kind="crash")

    def new_game(self, start_fen=None, level=None, depth=None, force=True, random=False):
        """`new`, `variant`, then `force` (the engine waits to be told to move; off for
        Two Machines play), `random`, `easy` (no pondering), `post` (thinking output),
        `level` (a whole `level ...` command) and `sd DEPTH`, as given. start_fen: the
        variant's start position (force-mode positions from another one use setboard)."""
        self.game = dict(start_fen=start_fen, level=level, depth=depth, force=force,
                         random=random)
        self._reset()

    def _reset(self):
        g = self.game
        self.send("new")
        if self.variant_name != "normal":
            self.send(f"variant {self.variant_name}")
        for flag, line in ((g["force"], "force"), (g["random"], "random"), (True, "easy"),
                           (True, "post"), (g["level"], g["level"]),
                           (g["depth"] is not None, f"sd {g['depth']}")):
            if flag:
                self.send(line)
        self.known = (g["start_fen"], [])

    def usermove(self, move):
        self.send(f"usermove {move}" if self.features.get("usermove") == "1" else move)

    def clocks(self, own, opp):
        """`time` and `otim` (seconds in, centiseconds sent)."""
        self.send(f"time {max(0, int(own * 100))}")
        self.send(f"otim {max(0, int(opp * 100))}")

    def set_position(self, start_fen, moves, xmoves):
        """In force mode, brings the engine's board to start_fen + moves (xmoves: the same
        moves as the engine writes them), sending only the moves it lacks when it holds a
        prefix of them."""
        if self.known is not None and self.known[0] == start_fen \
                and list(moves[:len(self.known[1])]) == self.known[1]:
            done = len(self.known[1])
        else:
            self._reset()
            if start_fen != self.game["start_fen"]:
                if self.features.get("setboard") != "1":
                    raise EngineFailure("crash", f"{self.name} cannot set up a FEN "
                                                 "(no setboard): use random openings")
                self.send(f"setboard {start_fen}")
            done = 0
        for move in xmoves[done:]:
            self.usermove(move)
        self.known = (start_fen, list(moves))

    def read_move(self, timeout=None, kind="hang", t0=None):
        """Reads up to the engine's `move` (thinking lines give score and depth). A
        resignation raises Resigned; `Error`/`Illegal move` raises EngineFailure 'crash'.
        timeout counts from t0 (default: now)."""
        t0 = time.monotonic() if t0 is None else t0
        deadline = None if timeout is None else t0 + timeout
        result = SearchResult(move="", elapsed=0.0)
        while True:
            line = self._readline(deadline)
            if line is None:
                raise EngineFailure(kind, f"{self.name}: no move after {timeout:.2f} s")
            tokens = line.split()
            if not tokens:
                continue
            if tokens[0] == "move" and len(tokens) > 1:
                result.move, result.elapsed = tokens[1], time.monotonic() - t0
                return result
            if tokens[0] == "resign" or line.startswith("tellics resign"):
                raise Resigned(f"{self.name} resigns")
            if tokens[0] in ("Illegal", "Error") or line.lower().startswith("illegal move"):
                raise EngineFailure("crash", f"{self.name} rejected the position: {line}")
            if tokens[0].isdigit() and len(tokens) >= 4:  # thinking: ply score time nodes pv
                try:
                    result.depth, result.score = int(tokens[0]), int(tokens[1])
                except ValueError:
                    pass

    def think(self, start_fen, moves, xmoves, own_clock, opp_clock, timeout, kind):
        """A move for start_fen + moves from force mode: position, clocks (None: none
        sent), `go`, the move; the engine is back in force mode afterwards."""
        self.set_position(start_fen, moves, xmoves)
        if own_clock is not None:
            self.clocks(own_clock, opp_clock)
        t0 = time.monotonic()
        self.send("go")
        try:
            reply = self.read_move(timeout, kind, t0)
        except Resigned:
            self.send("force")
            self.known = None
            raise
        self.send("force")
        self.known = None  # the caller confirms an accepted move with note_moves
        return reply

    def note_moves(self, start_fen, moves):
        """The engine's own move was accepted: its board already holds it."""
        self.known = (start_fen, list(moves))

    def game_over(self, result, reason):
        self.send(f"result {result} {{{reason}}}")
        self.send("force")
        self.known = None

    def quit(self):
        self.process.close("quit")


def run(cmd, timeout=None, cwd=None):
    """Runs a one-shot command; returns (exit status, stdout, stderr, seconds).
    EngineFailure 'crash' when it cannot start, 'hang' past the timeout."""
    cmd = command(cmd)
    t0 = time.monotonic()
    try:
        proc = subprocess.run(cmd, stdin=subprocess.DEVNULL, capture_output=True, text=True,
                              timeout=timeout, cwd=cwd, errors="replace")
    except OSError as e:
        raise EngineFailure("crash", f"cannot start {' '.join(cmd)}: {e}") from None
    except subprocess.TimeoutExpired:
        raise EngineFailure("hang", f"timed out after {timeout} s: {' '.join(cmd)}") from None
    return proc.returncode, proc.stdout, proc.stderr, time.monotonic() - t0


def bench_nps(cmd, timeout=None):
    """The `Nodes/second` figure of a bench command (`ENGINE bench`), or None."""
    _, out, err, _ = run(cmd, timeout)
    m = re.search(r"Nodes/second\s*:\s*(\d+)", out + err)
    return int(m.group(1)) if m else None
