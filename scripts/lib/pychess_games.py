"""Games of an engine against itself with python-chess's `chess.engine` as the UCI
client (PyPI `chess`): an implementation independent of ours that drives the engine
the way a GUI or lichess-bot does, so these games check what such a client would
(legal moves, no time losses, games ending by the rules). Used by uci-selfplay and
uci-client-check.
"""
import time

import chess
import chess.engine
import chess.variant


def new_board(variant, rng):
    """python-chess's board for the variant (it sets UCI_Variant and UCI_Chess960 from
    the board's type); Chess960 from a random array."""
    if variant in ("fischerandom", "chess960"):
        return chess.Board.from_chess960_pos(rng.randrange(960))
    return chess.variant.find_variant(variant)()


def play_game(engines, board, base, inc, rng, ponder=False, max_plies=None):
    """Two random opening moves, then engines[0] (White) and engines[1] play under a
    clock of base + inc seconds; White ponders when asked (`go ponder`, then
    `ponderhit` or `stop`). Returns (outcome, board): the result when the game ended
    by python-chess's rules, else what went wrong (`time loss by ...`, `illegal move
    ...`, `unfinished after N plies`)."""
    for _ in range(2):
        board.push(rng.choice(list(board.legal_moves)))
    clocks = [base, base]
    for e in engines:
        e.protocol.send_line("ucinewgame")
    while not board.is_game_over(claim_draw=True):
        if max_plies is not None and board.ply() >= max_plies:
            return f"unfinished after {max_plies} plies", board
        side = 0 if board.turn == chess.WHITE else 1
        limit = chess.engine.Limit(
            white_clock=clocks[0], black_clock=clocks[1], white_inc=inc, black_inc=inc
        )
        start = time.monotonic()
        result = engines[side].play(board, limit, ponder=ponder and side == 0)
        used = time.monotonic() - start
        had = clocks[side]
        clocks[side] -= used
        if clocks[side] < 0:
            who = "white" if side == 0 else "black"
            return f"time loss by {who} (used {used:.3f}s of {had:.3f}s)", board
        clocks[side] += inc
        if result.move is None or result.move not in board.legal_moves:
            return f"illegal move {result.move} in {board.fen()}", board
        board.push(result.move)
    return board.result(claim_draw=True), board


def ended_by_rules(outcome):
    """Whether play_game's outcome is a result by the rules."""
    return outcome in ("1-0", "0-1", "1/2-1/2")
