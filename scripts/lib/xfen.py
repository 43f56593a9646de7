"""X-FEN castling letters from Shredder-FEN ones, by the rule Protean writes (and
cutechess, lichess and most GUIs): `K`/`Q` (`k`/`q`) for the outermost rook of its colour
on that side of the king, the rook's file letter for an inner one. pyffish writes
Shredder letters in Chess960 mode; the scripts that compare its FENs with Protean's
(gen-fen-data, fairyfishnet-check) convert them with this. Standard library only.
"""


def x_fen(fen):
    """`fen` with Shredder castling letters rewritten as X-FEN: K/Q (k/q) for the
    outermost rook of its colour on that side of the king, the file letter otherwise."""
    fields = fen.split(" ")
    board = fields[0].split("[")[0].split("/")

    def expand(rank):
        out, digits = [], ""
        for ch in rank + " ":
            if ch.isdigit():
                digits += ch
                continue
            if digits:
                out.extend(["."] * int(digits))
                digits = ""
            if ch != " " and ch != "~":
                out.append(ch)
        return out

    rows = {"w": expand(board[-1]), "b": expand(board[0])}
    result = ""
    for ch in fields[2]:
        if ch == "-":
            return fen
        color = "w" if ch.isupper() else "b"
        row = rows[color]
        rook, king = ("R", "K") if color == "w" else ("r", "k")
        kfile = row.index(king)
        file = ord(ch.lower()) - ord("a")
        side = range(file + 1, len(row)) if file > kfile else range(0, file)
        outermost = all(row[f] != rook for f in side)
        letter = ("k" if file > kfile else "q") if outermost else ch.lower()
        result += letter.upper() if color == "w" else letter
    fields[2] = result
    return " ".join(fields)
