"""PGN writing for games of any variant.

Tags follow what pychess and the Fairy-Stockfish tools read: the seven-tag roster, then
`Variant` (omitted for orthodox chess; otherwise Fairy-Stockfish's variant name with a
capital first letter, as pychess writes it, and `Chess960` / `<Name>960` for 960 games),
`SetUp "1"` and `FEN` when the game did not start from the variant's start position, then
any extra tags. Moves are SAN (as Fairy-Stockfish writes them), numbered from the
start FEN's full-move number, lines at most 80 characters.
"""

SEVEN_TAGS = ("Event", "Site", "Date", "Round", "White", "Black", "Result")
RESULTS = ("1-0", "0-1", "1/2-1/2", "*")


def variant_tag(variant, chess960=False):
    """The Variant tag's value, or None for orthodox chess."""
    if variant in ("chess", "standard", "normal"):
        return "Chess960" if chess960 else None
    if variant in ("fischerandom", "chess960", "fischerrandom"):
        return "Chess960"
    name = variant[:1].upper() + variant[1:]
    return name + "960" if chess960 else name


def escape(value):
    return str(value).replace("\\", "\\\\").replace('"', '\\"')


def movetext(san_moves, first_move_number=1, black_first=False, comments=None):
    """Numbered move text: `1. e4 e5 2. Nf3`, `12... Qd8 13. O-O` when Black starts.

    comments: optional {ply index: text} added after that move as `{text}`."""
    tokens = []
    number = first_move_number
    white_to_move = not black_first
    for i, san in enumerate(san_moves):
        if white_to_move:
            tokens.append(f"{number}.")
        elif i == 0:
            tokens.append(f"{number}...")
        tokens.append(san)
        if comments and i in comments:
            tokens.append("{" + comments[i].replace("}", ")") + "}")
        if not white_to_move:
            number += 1
        white_to_move = not white_to_move
    return tokens


def wrap(tokens, width=80):
    lines, line = [], ""
    for token in tokens:
        if line and len(line) + 1 + len(token) > width:
            lines.append(line)
            line = token
        else:
            line = f"{line} {token}" if line else token
    if line:
        lines.append(line)
    return "\n".join(lines)


def game_pgn(tags, san_moves, result, start_fen=None, variant_start_fen=None,
             variant="chess", chess960=False, comments=None, termination=None):
    """One game as PGN text (ends with a blank line).

    tags: the roster tags and any extra ones ({name: value}, in order); Result is set
    from `result`. start_fen: the FEN the game began from; written (with SetUp) when it
    differs from variant_start_fen. termination: a comment written before the result."""
    if result not in RESULTS:
        raise ValueError(f"bad PGN result {result!r}")
    all_tags = {name: "?" for name in SEVEN_TAGS}
    all_tags.update(tags)
    all_tags["Result"] = result
    vtag = variant_tag(variant, chess960)
    extra = {}
    if vtag:
        extra["Variant"] = vtag
    if start_fen and start_fen != variant_start_fen:
        extra["SetUp"] = "1"
        extra["FEN"] = start_fen
    lines = [f'[{name} "{escape(all_tags[name])}"]' for name in SEVEN_TAGS]
    lines += [f'[{name} "{escape(value)}"]' for name, value in extra.items()]
    lines += [f'[{name} "{escape(value)}"]' for name, value in all_tags.items()
              if name not in SEVEN_TAGS and name not in extra]
    first_number, black_first = 1, False
    if start_fen:
        fields = start_fen.split()
        black_first = len(fields) > 1 and fields[1] == "b"
        if fields and fields[-1].isdigit():
            first_number = max(1, int(fields[-1]))
    tokens = movetext(san_moves, first_number, black_first, comments)
    if termination:
        tokens.append("{" + termination.replace("}", ")") + "}")
    tokens.append(result)
    return "\n".join(lines) + "\n\n" + wrap(tokens) + "\n\n"
