"""The referee: Fairy-Stockfish (the `pyffish` package) decides what is legal, what the
position is after a move, and when and how a game ends, for every variant it knows.

pyffish scores results from the side to move (+VALUE_MATE: it has won, -VALUE_MATE: it
has lost, 0: draw); this module turns them into PGN results and reasons.
"""
import random
import re

import pyffish as sf

SQUARE = re.compile(r"([a-z])(\d+)")


def shift_ranks(text, delta):
    """Adds delta to every rank number of the squares written in text."""
    return SQUARE.sub(lambda m: m.group(1) + str(int(m.group(2)) + delta), text)


class RefereeError(Exception):
    pass


def check_variant(variant):
    if variant not in sf.variants():
        raise RefereeError(f"pyffish does not know the variant {variant!r} "
                           f"(it knows: {' '.join(sorted(sf.variants()))})")


def start_fen(variant):
    return sf.start_fen(variant)


def validate_fen(variant, fen, chess960=False):
    if sf.validate_fen(fen, variant, chess960) != sf.FEN_OK:
        raise RefereeError(f"not a valid {variant} FEN: {fen!r}")


class Game:
    """A game in progress: start FEN and the UCI moves played (FEN for what is shown)."""

    def __init__(self, variant, fen, chess960=False):
        self.variant = variant
        self.start = fen
        self.chess960 = chess960
        self.moves = []
        self.white_starts = fen.split()[1] == "w"
        board = fen.split()[0].split("[")[0]
        # XBoard numbers the ranks of a 10-rank board (xiangqi, grand) from 0.
        self.xboard_rank_shift = -1 if board.count("/") + 1 == 10 else 0

    def legal_moves(self):
        return sf.legal_moves(self.variant, self.start, self.moves, self.chess960)

    def fen(self):
        return sf.get_fen(self.variant, self.start, self.moves, self.chess960)

    def white_to_move(self):
        """Sides alternate in every variant pyffish plays (a pyffish call costs a few
        milliseconds, so the runner avoids asking for the FEN)."""
        return self.white_starts == (len(self.moves) % 2 == 0)

    def push(self, move):
        """Plays a move already known to be legal."""
        self.moves.append(move)

    def xboard_move(self, move):
        """How to tell an XBoard engine about a legal move: coordinates (ranks from 0 on
        10-rank boards), except 960 castling, which XBoard writes O-O / O-O-O
        (king-takes-rook is ambiguous)."""
        if self.chess960:
            san = sf.get_san(self.variant, self.fen(), move, True).rstrip("+#")
            if san in ("O-O", "O-O-O"):
                return san
        return shift_ranks(move, self.xboard_rank_shift)

    def san_moves(self):
        return sf.get_san_moves(self.variant, self.start, self.moves, self.chess960)

    def outcome(self, legal=None):
        """None while the game goes on, else (result, reason): result '1-0', '0-1' or
        '1/2-1/2'. Variant ends first (a king on the hill ends the game even though
        moves remain), then no legal moves (mate, stalemate as the variant scores it),
        then the optional ends that the runner always claims (repetition, n-move rule,
        variant counting rules), then insufficient material on both sides."""
        end, value = sf.is_immediate_game_end(self.variant, self.start, self.moves)
        if end:
            return self._result(value), "variant rule"
        if legal is None:
            legal = self.legal_moves()
        if not legal:
            value = sf.game_result(self.variant, self.start, self.moves)
            in_check = sf.gives_check(self.variant, self.start, self.moves, self.chess960)
            if value == 0:
                reason = "stalemate"
            elif in_check:
                reason = "checkmate"
            else:
                reason = "no legal moves"
            return self._result(value), reason
        end, value = sf.is_optional_game_end(self.variant, self.start, self.moves)
        if end:
            halfmove = self.fen().split()[-2]
            reason = "move rule" if halfmove.isdigit() and int(halfmove) >= 100 else "repetition"
            return self._result(value), reason
        white_bare, black_bare = sf.has_insufficient_material(self.variant, self.start,
                                                              self.moves)
        if white_bare and black_bare:
            return "1/2-1/2", "insufficient material"
        return None

    def _result(self, value):
        if value == 0:
            return "1/2-1/2"
        mover_wins = value > 0
        return "1-0" if mover_wins == self.white_to_move() else "0-1"

    def match_move(self, text, legal, lenient):
        """The legal UCI move an engine meant by `text`, or None.

        UCI engines must send a move exactly as listed (strict). XBoard engines may
        also send castling as O-O / O-O-O, promotions as e7e8=Q or with a capital
        letter, or SAN (lenient)."""
        if text in legal and not (lenient and self.xboard_rank_shift):
            return text
        if not lenient:
            return None
        candidate = shift_ranks(text.strip(), -self.xboard_rank_shift)
        # A trailing '+' is a promotion in the shogi family (c7b8+) and a check mark
        # elsewhere: the move as written first, then without the marks.
        for marked in (candidate, candidate.rstrip("#!?")):
            if marked in legal:
                return marked
        candidate = candidate.rstrip("+#!?")
        if candidate in legal:
            return candidate
        if "=" in candidate and len(candidate) >= 6:  # e7e8=Q
            candidate = candidate.replace("=", "")
        if len(candidate) == 5 and candidate[4].isalpha():  # e7e8Q
            low = candidate[:4] + candidate[4].lower()
            if low in legal:
                return low
        if candidate.replace("0", "O") in ("O-O", "O-O-O"):
            candidate = candidate.replace("0", "O")
        fen = self.fen()
        for move in legal:
            san = sf.get_san(self.variant, fen, move, self.chess960)
            if san.rstrip("+#") == candidate:
                return move
        return None


def random_opening(variant, fen, plies, rng, chess960=False, tries=100):
    """`plies` random legal moves from `fen` (a list of UCI moves); retries (up to
    `tries` times) when a line ends the game before its last ply or leaves no move."""
    for _ in range(tries):
        game = Game(variant, fen, chess960)
        for _ in range(plies):
            legal = game.legal_moves()
            if game.outcome(legal) is not None:
                break
            game.push(rng.choice(sorted(legal)))
        else:
            if game.outcome() is None:
                return game.moves
    raise RefereeError(f"no {plies}-ply random opening without a game end in {tries} tries")


def opening_rng(seed, index):
    """The generator for opening `index`: the same opening for a given seed, however
    many games run at once and in whatever order they finish."""
    return random.Random(f"{seed}:{index}")
