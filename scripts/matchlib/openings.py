"""Opening files: one position per line, as FEN or EPD.

Blank lines and lines starting with `#` are skipped. A FEN line is used as it is; an EPD
line (four position fields, then operations such as `id "x";`) gets the move counters
`0 1`. Fairy-Stockfish's extra fields are kept: holdings inside the board field
(`.../RNBQKBNR[]`), and the check counters of n-check (`3+3`) after the en-passant field.
"""


def _is_counter(token):
    return token.isdigit()


def _is_checks(token):
    left, plus, right = token.partition("+")
    return plus == "+" and left.isdigit() and right.isdigit()


def parse_opening_line(line):
    """The FEN of one line of an opening file, or None for a blank or comment line."""
    line = line.strip()
    if not line or line.startswith("#"):
        return None
    tokens = line.split()
    if len(tokens) < 2:
        raise ValueError(f"not a FEN or EPD: {line!r}")
    if tokens[1] not in ("w", "b"):
        raise ValueError(f"no side to move (w or b) in {line!r}")
    fields = tokens[:4]
    rest = tokens[4:]
    if rest and _is_checks(rest[0]):
        fields.append(rest.pop(0))
    if len(rest) >= 2 and _is_counter(rest[0]) and _is_counter(rest[1]):
        fields += rest[:2]
    elif rest and _is_counter(rest[0]) and len(rest) == 1:
        fields += [rest[0], "1"]
    else:
        fields += ["0", "1"]  # EPD: operations follow (or nothing); no counters
    return " ".join(fields)


def read_openings(path):
    fens = []
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            try:
                fen = parse_opening_line(line)
            except ValueError as e:
                raise ValueError(f"{path}:{number}: {e}") from None
            if fen is not None:
                fens.append(fen)
    if not fens:
        raise ValueError(f"{path}: no positions")
    return fens
