"""Time controls: parsing, the runner's clock, and how each protocol is told about it.

A time control is written `[MOVES/]BASE[+INC]` (cutechess-cli's form): BASE in seconds or
as `M:SS`, INC in seconds, MOVES the length of a repeating session (BASE is added again
after every MOVES moves of that player). Examples: `10+0.1`, `60`, `1:30+1`, `40/60`.
"""
import math
from dataclasses import dataclass


@dataclass(frozen=True)
class TimeControl:
    base: float        # seconds at the start (and per session)
    increment: float   # seconds added after each move
    moves: int = 0     # session length in moves; 0 = the whole game

    def __str__(self):
        """The PGN TimeControl form: `40/60`, `10+0.1`, `60`."""
        base = _num(self.base)
        if self.moves:
            text = f"{self.moves}/{base}"
        else:
            text = base
        if self.increment:
            text += f"+{_num(self.increment)}"
        return text


def _num(x):
    """Seconds without a useless `.0`: 10 -> '10', 0.1 -> '0.1'."""
    return f"{x:g}" if x != int(x) else str(int(x))


def _seconds(text):
    if ":" in text:
        minutes, _, seconds = text.partition(":")
        if not minutes.isdigit():
            raise ValueError(f"bad minutes in {text!r}")
        return int(minutes) * 60 + float(seconds)
    return float(text)


def parse_tc(text):
    """Parses `[MOVES/]BASE[+INC]`; raises ValueError with the reason."""
    original = text
    text = text.strip()
    moves = 0
    try:
        if "/" in text:
            m, text = text.split("/", 1)
            moves = int(m)
            if moves <= 0:
                raise ValueError("the session length must be positive")
        base_text, plus, inc_text = text.partition("+")
        base = _seconds(base_text)
        inc = float(inc_text) if plus else 0.0
    except ValueError as e:
        raise ValueError(f"bad time control {original!r} (want [MOVES/]BASE[+INC], "
                         f"e.g. 10+0.1, 1:30+1, 40/60): {e}") from None
    for value in (base, inc):
        if not math.isfinite(value) or value < 0:
            raise ValueError(f"bad time control {original!r}: times must be finite and >= 0")
    if base == 0 and inc == 0:
        raise ValueError(f"bad time control {original!r}: no time at all")
    return TimeControl(base, inc, moves)


class Clock:
    """One player's clock as the runner keeps it (the engines' own clocks do not count).

    `stop(elapsed)` charges a move's thinking time and returns False when the player
    has run out of time: the clock went below zero by more than `margin` seconds (the
    margin absorbs pipe and scheduling latency that the engine cannot see)."""

    def __init__(self, tc, margin=0.0):
        self.tc = tc
        self.margin = margin
        self.remaining = tc.base
        self.moves_made = 0

    def moves_to_go(self):
        """Moves left in this session (None without sessions)."""
        if not self.tc.moves:
            return None
        return self.tc.moves - self.moves_made % self.tc.moves

    def deadline(self):
        """Longest a move may take before it loses on time."""
        return max(0.0, self.remaining + self.margin)

    def stop(self, elapsed):
        self.remaining -= elapsed
        if self.remaining < -self.margin:
            return False
        self.remaining += self.tc.increment
        self.moves_made += 1
        if self.tc.moves and self.moves_made % self.tc.moves == 0:
            self.remaining += self.tc.base
        return True


def uci_go(white_ms, black_ms, winc_ms, binc_ms, movestogo=None, nodes=None, depth=None):
    """The `go` line of a UCI engine. Clock fields are omitted when white_ms is None."""
    parts = ["go"]
    if white_ms is not None:
        parts += [f"wtime {max(0, int(white_ms))}", f"btime {max(0, int(black_ms))}"]
        if winc_ms:
            parts.append(f"winc {int(winc_ms)}")
        if binc_ms:
            parts.append(f"binc {int(binc_ms)}")
        if movestogo:
            parts.append(f"movestogo {movestogo}")
    if nodes is not None:
        parts.append(f"nodes {nodes}")
    if depth is not None:
        parts.append(f"depth {depth}")
    if len(parts) == 1:
        parts.append("infinite")
    return " ".join(parts)


def xboard_level(tc):
    """The CECP `level MPS BASE INC` command: BASE in minutes, or `M:SS`."""
    total = int(round(tc.base))
    if abs(tc.base - total) > 1e-9:
        raise ValueError(f"XBoard's level command takes whole seconds; base {tc.base} s is not")
    minutes, seconds = divmod(total, 60)
    base = f"{minutes}:{seconds:02d}" if seconds else str(minutes)
    return f"level {tc.moves} {base} {_num(tc.increment)}"
