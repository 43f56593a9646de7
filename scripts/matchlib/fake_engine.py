#!/usr/bin/env python3
"""A misbehaving engine for the runner's tests: plays random legal moves (pyffish) over
UCI or XBoard, and after a number of its own moves misbehaves as told.

    fake_engine.py [--proto uci|xboard] [--after N] [--then crash|hang|illegal|slow|resign|garbage]
                   [--slow SECONDS] [--seed S]

crash: exits; hang: never answers again; illegal: sends a move that is not legal;
slow: sleeps SECONDS before each move; resign: resigns (XBoard) ; garbage: sends
`bestmove zzzz` (UCI) / `move zzzz` (XBoard)."""
import argparse
import random
import sys
import time


class LazyPyffish:
    """pyffish, imported at its first use: the import takes seconds on a loaded machine,
    long enough to delay even the first feature line past a referee's wait."""

    def __getattr__(self, name):
        import pyffish
        return getattr(pyffish, name)


sf = LazyPyffish()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--proto", default="uci")
    ap.add_argument("--after", type=int, default=10 ** 9)
    ap.add_argument("--then", default="crash")
    ap.add_argument("--slow", type=float, default=1.0)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    variant, fen, moves, chess960 = "chess", sf.start_fen("chess"), [], False
    played = 0

    def out(line):
        sys.stdout.write(line + "\n")
        sys.stdout.flush()

    def choose():
        nonlocal played
        played += 1
        legal = sf.legal_moves(variant, fen, moves, chess960)
        if played > args.after:
            if args.then == "crash":
                sys.exit(3)
            if args.then == "hang":
                time.sleep(3600)
            if args.then == "illegal":
                return "a1a1"
            if args.then == "garbage":
                return "zzzz"
            if args.then == "slow":
                time.sleep(args.slow)
            if args.then == "resign":
                return None
        return rng.choice(sorted(legal))

    xboard_force = True
    for line in sys.stdin:
        tokens = line.split()
        if not tokens:
            continue
        cmd = tokens[0]
        if args.proto == "uci":
            if cmd == "uci":
                out("id name fake")
                out("option name UCI_Variant type combo default chess var chess var antichess")
                out("option name Hash type spin default 16 min 1 max 1024")
                out("uciok")
            elif cmd == "isready":
                out("readyok")
            elif cmd == "setoption" and "UCI_Variant" in tokens:
                variant = tokens[-1]
            elif cmd == "position":
                fen = " ".join(tokens[2:tokens.index("moves")] if "moves" in tokens else tokens[2:])
                moves = tokens[tokens.index("moves") + 1:] if "moves" in tokens else []
            elif cmd == "go":
                move = choose()
                out("info depth 1 score cp 0")
                out(f"bestmove {move}")
            elif cmd == "quit":
                return
        else:
            if cmd == "protover":
                # done=0 first, as a slow-starting engine should: the referee then waits
                # for done=1 instead of taking the engine for protocol 1.
                out("feature done=0")
                sf.start_fen("chess")
                out('feature myname="fakex" setboard=1 ping=1 usermove=1 '
                    'variants="normal,giveaway" done=1')
            elif cmd == "ping":
                out(f"pong {tokens[1]}")
            elif cmd == "new":
                fen, moves, xboard_force = sf.start_fen(variant), [], False
            elif cmd == "variant":
                variant = tokens[1]
                fen = sf.start_fen(variant)
            elif cmd == "setboard":
                fen = " ".join(tokens[1:])
            elif cmd == "force":
                xboard_force = True
            elif cmd == "usermove":
                move = tokens[1]
                legal = sf.legal_moves(variant, fen, moves, chess960)
                if move not in legal:  # castling as O-O or SAN
                    sans = {sf.get_san(variant, sf.get_fen(variant, fen, moves), m): m
                            for m in legal}
                    if move not in sans:
                        out(f"Illegal move: {move}")
                        continue
                    move = sans[move]
                moves.append(move)
            elif cmd == "go":
                move = choose()
                if move is None:
                    out("resign")
                else:
                    out("1 0 0 1 " + move)
                    out(f"move {move}")
                    moves.append(move)
            elif cmd == "quit":
                return


if __name__ == "__main__":
    main()
