"""Games and the match: each worker thread owns one process of each engine and plays
games from a shared list; results are gathered under one lock.

Game k of the match uses opening k // 2; in even games the first engine has White, in
odd games the second, so every opening is played with both colours and the two games
form a pair for the pentanomial statistics and SPRT.
"""
import datetime
import multiprocessing
import os
import signal
import socket
import sys
import threading
import time
import traceback
from dataclasses import dataclass, field

from . import pgn, referee, stats
from . import tc as tcmod
from .engine import EngineFailure, Resigned, new_game, start_engine

FAILURE_KINDS = ("crash", "hang", "time", "illegal")


@dataclass
class GameRecord:
    index: int
    white: int                  # 0 = first engine, 1 = second
    start_fen: str
    opening_plies: int
    moves: list
    san: list
    result: str                 # '1-0', '0-1', '1/2-1/2'
    reason: str                 # 'checkmate', 'time forfeit', ...
    failure: tuple = None       # (engine index, kind) when an engine failed
    detail: str = ""

    def score_of_first(self):
        """Points of the first engine in this game."""
        if self.result == "1/2-1/2":
            return 0.5
        white_won = self.result == "1-0"
        return 1.0 if white_won == (self.white == 0) else 0.0


@dataclass
class Tally:
    wins: int = 0
    draws: int = 0
    losses: int = 0
    pairs: list = field(default_factory=lambda: [0] * 5)
    failures: list = field(default_factory=lambda: [dict.fromkeys(FAILURE_KINDS, 0),
                                                    dict.fromkeys(FAILURE_KINDS, 0)])
    reasons: dict = field(default_factory=dict)
    games: int = 0


class Match:
    def __init__(self, args, specs, openings_list, out=sys.stdout):
        self.args = args
        self.specs = specs
        self.openings = openings_list  # [(start fen, [opening moves])], one per pair
        self.out = out
        self.lock = threading.Lock()
        self.stop = threading.Event()  # replaced by a process-shared one in run()
        self.tally = Tally()
        self.pair_scores = {}
        self.next_game = None
        self.records = []
        self.sprt_result = None
        self.aborted = None
        self.log_file = open(args.debug_log, "w", encoding="utf-8", buffering=1) \
            if args.debug_log else None
        self.pgn_file = open(args.pgn, "w", encoding="utf-8") if args.pgn else None
        self.variant_start = referee.start_fen(args.variant)

    # ---- output -------------------------------------------------------------------

    def say(self, text):
        with self.lock:
            print(text, file=self.out, flush=True)

    def log(self, line):
        """One line of the engine I/O log. Worker processes share the file (inherited
        through fork, opened for appending), so each line is one write."""
        if self.log_file:
            os.write(self.log_file.fileno(), (line + "\n").encode("utf-8", "replace"))

    # ---- engines ------------------------------------------------------------------

    def start(self, i):
        return start_engine(self.specs[i], self.args.variant, self.args.chess960,
                            self.log if self.log_file else None)

    def tc_of(self, i):
        return self.specs[i].tc or self.args.tc

    # ---- the game -----------------------------------------------------------------

    def play(self, index, engines):
        """Plays game `index` with engines [first, second]; returns (record, engines that
        must be restarted)."""
        pair, white = divmod(index, 2)
        start_fen, opening = self.openings[pair]
        game = referee.Game(self.args.variant, start_fen, self.args.chess960)
        xmoves = []
        for move in opening:
            xmoves.append(game.xboard_move(move))
            game.push(move)
        side_engine = (white, 1 - white)  # engine index playing White, Black
        clocks = []
        for i in side_engine:
            tc = self.tc_of(i)
            clocks.append(tcmod.Clock(tc, self.args.margin) if tc else None)
        broken = set()
        failure = None
        detail = ""
        low_scores = [0, 0]  # consecutive moves each engine has judged itself lost

        for colour, i in enumerate(side_engine):
            try:
                new_game(engines[i], self.specs[i], self.variant_start, self.tc_of(i))
            except EngineFailure as e:
                broken.add(i)
                failure = (i, e.kind if e.kind != "time" else "hang")
                result = "0-1" if colour == 0 else "1-0"
                return self._record(index, white, start_fen, opening, game, result,
                                    "engine failure", failure, str(e)), broken

        result = reason = None
        while True:
            legal = game.legal_moves()
            outcome = game.outcome(legal)
            if outcome:
                result, reason = outcome
                break
            if self.args.max_plies and len(game.moves) >= self.args.max_plies:
                result, reason = "1/2-1/2", "adjudication: ply limit"
                break
            colour = 0 if game.white_to_move() else 1
            i = side_engine[colour]
            spec = self.specs[i]
            engine = engines[i]
            clock, other = clocks[colour], clocks[1 - colour]
            if clock is not None:
                deadline = clock.deadline()
                kind = "time"
            else:
                deadline = self.args.hang_timeout
                kind = "hang"
            lose = "0-1" if colour == 0 else "1-0"
            try:
                if spec.proto == "uci":
                    if clock is not None:
                        wclock, bclock = clocks[0], clocks[1]
                        ms = lambda c: c.remaining * 1000 if c else clock.remaining * 1000
                        inc = lambda c: (c.tc.increment if c else clock.tc.increment) * 1000
                        go = tcmod.uci_go(ms(wclock), ms(bclock), inc(wclock), inc(bclock),
                                          clock.moves_to_go(), spec.nodes or self.args.nodes,
                                          spec.depth or self.args.depth)
                    else:
                        go = tcmod.uci_go(None, None, 0, 0, None, spec.nodes or self.args.nodes,
                                          spec.depth or self.args.depth)
                    engine.position(game.start, game.moves)
                    reply = engine.go(go, deadline, kind)
                else:
                    reply = engine.think(game.start, game.moves, xmoves,
                                         clock.remaining if clock else None,
                                         (other or clock).remaining if clock else None,
                                         deadline, kind)
            except EngineFailure as e:
                failure, detail = (i, e.kind), str(e)
                if e.kind == "time":
                    reason = "time forfeit"
                    # A UCI search can be stopped and its late bestmove read away; an
                    # XBoard engine might still send a late `move` line, so it is
                    # restarted.
                    try:
                        if spec.proto == "uci":
                            engine.stop()
                        else:
                            broken.add(i)
                    except EngineFailure:
                        broken.add(i)
                else:
                    reason = "engine crash" if e.kind == "crash" else "engine hang"
                    broken.add(i)
                result = lose
                break
            except Resigned as e:
                result, reason, detail = lose, "resignation", str(e)
                break
            if clock is not None and not clock.stop(reply.elapsed):
                failure = (i, "time")
                result, reason = lose, "time forfeit"
                detail = f"{spec.name} used {reply.elapsed:.3f} s with {clock.remaining + reply.elapsed:.3f} s left"
                break
            move = game.match_move(reply.move, legal, lenient=spec.proto == "xboard")
            if move is None:
                failure = (i, "illegal")
                result, reason = lose, "illegal move"
                detail = f"{spec.name} played {reply.move!r} in {game.fen()}"
                # An XBoard engine's board now holds a move we do not; start it afresh.
                if spec.proto == "xboard":
                    broken.add(i)
                break
            xmoves.append(game.xboard_move(move))
            game.push(move)
            if spec.proto == "xboard":
                engine.note_moves(game.start, game.moves)
            if self.args.resign_moves and reply.score is not None:
                if reply.score <= -self.args.resign_score:
                    low_scores[i] += 1
                else:
                    low_scores[i] = 0
                if low_scores[i] >= self.args.resign_moves:
                    result, reason = lose, "adjudication: resign score"
                    detail = f"{spec.name} scored <= -{self.args.resign_score} cp for {self.args.resign_moves} moves"
                    break

        for i in (0, 1):
            if i not in broken and self.specs[i].proto == "xboard":
                try:
                    engines[i].game_over(result, reason)
                except EngineFailure:
                    broken.add(i)
        return self._record(index, white, start_fen, opening, game, result, reason, failure,
                            detail), broken

    def _record(self, index, white, start_fen, opening, game, result, reason, failure, detail):
        return GameRecord(index, white, start_fen, len(opening), list(game.moves),
                          game.san_moves(), result, reason, failure, detail)

    # ---- workers ------------------------------------------------------------------
    # Each worker is a process (fork): pyffish holds Python's interpreter lock for every
    # call (a few milliseconds each), so worker threads would queue behind each other.
    # Workers take game numbers from a shared counter and send back messages:
    # ('game', GameRecord), ('say', text), ('abort', text), ('done', None).

    def worker(self, results):
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent decides when to stop
        engines = [None, None]
        restart_failures = [0, 0]
        try:
            while not self.stop.is_set():
                with self.next_game.get_lock():
                    if self.next_game.value >= self.args.games:
                        return
                    index = self.next_game.value
                    self.next_game.value += 1
                for i in (0, 1):
                    while engines[i] is None:
                        try:
                            engines[i] = self.start(i)
                            restart_failures[i] = 0
                        except EngineFailure as e:
                            restart_failures[i] += 1
                            results.put(("say", f"warning: {self.specs[i].name} failed to start: {e}"))
                            if restart_failures[i] >= 3:
                                results.put(("abort", f"{self.specs[i].name} failed to start 3 times"))
                                return
                record, broken = self.play(index, engines)
                for i in (0, 1):  # XBoard engines may ask for a fresh process per game
                    if getattr(engines[i], "features", {}).get("reuse") == "0":
                        broken.add(i)
                for i in broken:
                    engines[i].quit()
                    engines[i] = None
                results.put(("game", record))
        except Exception as e:  # a runner bug: stop the match, say why
            results.put(("abort", f"runner error: {e!r}\n{traceback.format_exc()}"))
        finally:
            for engine in engines:
                if engine is not None:
                    engine.quit()
            results.put(("done", None))

    def finish(self, record):
        t = self.tally
        with self.lock:
            t.games += 1
            s = record.score_of_first()
            if s == 1.0:
                t.wins += 1
            elif s == 0.5:
                t.draws += 1
            else:
                t.losses += 1
            t.reasons[record.reason] = t.reasons.get(record.reason, 0) + 1
            if record.failure:
                who, kind = record.failure
                t.failures[who][kind] += 1
            pair = record.index // 2
            if pair in self.pair_scores:
                total = self.pair_scores.pop(pair) + s
                t.pairs[int(round(total * 2))] += 1
            else:
                self.pair_scores[pair] = s
            self.records.append(record)
            if self.pgn_file:
                self.pgn_file.write(self.pgn_text(record))
                self.pgn_file.flush()
            names = [self.specs[record.white].name, self.specs[1 - record.white].name]
            line = (f"game {record.index + 1:>4}: {names[0]} - {names[1]} {record.result} "
                    f"({record.reason}, {len(record.moves)} plies)")
            if record.detail:
                line += f" [{record.detail}]"
            line += f"  score {t.wins}-{t.draws}-{t.losses}"
            if self.args.sprt:
                self.sprt_result = stats.sprt(self.sprt_outcomes(), *self.args.sprt)
                line += f"  {self.sprt_result}"
                if self.sprt_result.finished:
                    self.stop.set()
            print(line, file=self.out, flush=True)

    def sprt_outcomes(self):
        t = self.tally
        if self.args.sprt_model == "pentanomial":
            return stats.pentanomial_outcomes(t.pairs)
        return stats.trinomial_outcomes(t.wins, t.draws, t.losses)

    def pgn_text(self, record):
        names = [self.specs[record.white].name, self.specs[1 - record.white].name]
        tcs = [self.tc_of(record.white), self.tc_of(1 - record.white)]
        tags = {
            "Event": self.args.event,
            "Site": socket.gethostname(),
            "Date": datetime.date.today().strftime("%Y.%m.%d"),
            "Round": str(record.index + 1),
            "White": names[0],
            "Black": names[1],
            "TimeControl": str(tcs[0]) if tcs[0] else "-",
        }
        if tcs[0] != tcs[1]:
            tags["WhiteTimeControl"] = str(tcs[0]) if tcs[0] else "-"
            tags["BlackTimeControl"] = str(tcs[1]) if tcs[1] else "-"
        tags["PlyCount"] = str(len(record.san))
        tags["Termination"] = termination_tag(record.reason)
        comments = {record.opening_plies - 1: "end of opening"} if record.opening_plies else None
        termination = record.reason + (f": {record.detail}" if record.detail else "")
        return pgn.game_pgn(tags, record.san, record.result, start_fen=record.start_fen,
                            variant_start_fen=self.variant_start, variant=self.args.variant,
                            chess960=self.args.chess960, comments=comments,
                            termination=termination) + "\n"

    def run(self):
        # Both engines must start and accept the variant before any game is played.
        for i in (0, 1):
            self.start(i).quit()
        ctx = multiprocessing.get_context("fork")
        self.stop = ctx.Event()
        self.next_game = ctx.Value("i", 0)
        results = ctx.Queue()
        workers = [ctx.Process(target=self.worker, args=(results,), daemon=True)
                   for _ in range(min(self.args.concurrency, self.args.games))]
        t0 = time.monotonic()
        for w in workers:
            w.start()
        running = len(workers)
        interrupts = 0
        while running:
            try:
                kind, payload = results.get()
            except KeyboardInterrupt:
                interrupts += 1
                self.stop.set()
                self.aborted = "interrupted"
                if interrupts > 1:
                    for w in workers:
                        w.terminate()
                    break
                self.say("interrupted: finishing the games in progress (again to quit now)")
                continue
            if kind == "game":
                self.finish(payload)
            elif kind == "say":
                self.say(payload)
            elif kind == "abort":
                self.aborted = payload
                self.stop.set()
                self.say(f"stopping: {payload}")
            elif kind == "done":
                running -= 1
        for w in workers:
            w.join()
        self.elapsed = time.monotonic() - t0
        if self.pgn_file:
            self.pgn_file.close()
        if self.log_file:
            self.log_file.close()

    # ---- summary ------------------------------------------------------------------

    def summary(self):
        t = self.tally
        a, b = self.specs[0].name, self.specs[1].name
        lines = []
        if self.aborted:
            lines.append(f"match stopped early: {self.aborted}")
        n = t.wins + t.draws + t.losses
        lines.append(f"{a} vs {b}: {n} games, {self.args.variant}"
                     + (" (960)" if self.args.chess960 else "") + f", {limits_text(self)}"
                     + f", {self.elapsed:.0f} s")
        if n == 0:
            return "\n".join(lines)
        score = (t.wins + t.draws / 2) / n
        lines.append(f"W/D/L {t.wins}/{t.draws}/{t.losses}  score {score * 100:.1f}%  "
                     f"({t.wins + t.draws / 2:g}/{n} for {a})")
        tri = stats.trinomial(t.wins, t.draws, t.losses)
        lines.append(f"Elo (trinomial, games)   {tri}  [95%: {stats.format_elo(tri.lower)}, "
                     f"{stats.format_elo(tri.upper)}]  LOS {stats.los(t.wins, t.losses) * 100:.1f}%")
        if sum(t.pairs):
            penta = stats.pentanomial(t.pairs)
            lines.append(f"Elo (pentanomial, {sum(t.pairs)} pairs) {penta}  "
                         f"[95%: {stats.format_elo(penta.lower)}, {stats.format_elo(penta.upper)}]"
                         f"  pairs 0/0.5/1/1.5/2: {'/'.join(map(str, t.pairs))}")
            if max(t.pairs[1:4]) == sum(t.pairs):  # all in one middle class (else +-inf shows it)
                lines.append("  (every pair scored the same: without spread the bar is no "
                             "error estimate; identical deterministic engines, for one, replay "
                             "each game with colours swapped)")
        if self.args.sprt:
            elo0, elo1, alpha, beta = self.args.sprt
            result = stats.sprt(self.sprt_outcomes(), elo0, elo1, alpha, beta)
            lines.append(f"SPRT [{elo0:g}, {elo1:g}] alpha {alpha:g} beta {beta:g} "
                         f"({self.args.sprt_model}): {result}")
        lines.append("endings: " + ", ".join(f"{k} {v}" for k, v in sorted(t.reasons.items())))
        for i, name in enumerate((a, b)):
            f = t.failures[i]
            lines.append(f"{name}: crashes {f['crash']}, hangs {f['hang']}, "
                         f"time losses {f['time']}, illegal moves {f['illegal']}")
        return "\n".join(lines)


def termination_tag(reason):
    """PGN Termination values (the PGN standard's words)."""
    if reason == "time forfeit":
        return "time forfeit"
    if reason in ("illegal move",):
        return "rules infraction"
    if reason.startswith("engine"):
        return "abandoned"
    if reason.startswith("adjudication"):
        return "adjudication"
    return "normal"


def limits_text(match):
    args = match.args
    parts = []
    if args.tc:
        parts.append(f"tc {args.tc}")
    if args.nodes:
        parts.append(f"{args.nodes} nodes")
    if args.depth:
        parts.append(f"depth {args.depth}")
    for spec in match.specs:
        own = [f"tc {spec.tc}" if spec.tc else None,
               f"{spec.nodes} nodes" if spec.nodes else None,
               f"depth {spec.depth}" if spec.depth else None]
        own = [o for o in own if o]
        if own:
            parts.append(f"{spec.name}: {' '.join(own)}")
    return "; ".join(parts) or "no limits"
