"""The perft-data generators' input and output files: the position and game-end lists
under scripts/data/ (formats in scripts/data/README.md), the .perft and game-end files
of engine-tests/ they render, and writing a generated file or comparing it with the
committed one (`--check`). Errors in a data file are RefError naming the file and line.
Standard library only.
"""
import configparser
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent.parent
DATA = REPO / "scripts" / "data"
RESULTS = ("ongoing", "win", "loss", "draw")


class RefError(Exception):
    """A reference tool or a data file is missing or wrong; the message says which."""


def _lines(path):
    """(line number, text) of the lines that are neither blank nor `#` comments (a
    `## ` group heading is kept)."""
    try:
        text = Path(path).read_text()
    except OSError as e:
        raise RefError(f"cannot read {path}: {e}") from None
    for number, line in enumerate(text.splitlines(), 1):
        if line.strip() and (not line.startswith("#") or line.startswith("## ")):
            yield number, line


def read_positions(path):
    """[(group comment, [(fen, comment or None)])] from `## GROUP` headings and
    `FEN [; comment]` lines."""
    groups = []
    for number, line in _lines(path):
        if line.startswith("## "):
            groups.append((line[3:], []))
            continue
        if not groups:
            raise RefError(f"{path}:{number}: a position before the first '## ' group heading")
        fen, sep, comment = line.partition(" ; ")
        if ";" in fen:
            raise RefError(f"{path}:{number}: write 'FEN ; comment' (spaces around ';')")
        groups[-1][1].append((fen, comment if sep else None))
    return groups


def read_game_end(path):
    """[(fen, note, expected result or None)] from `FEN ; EXPECTED ; note` lines
    (EXPECTED `-`: none, the file records what pyffish says)."""
    rows = []
    for number, line in _lines(path):
        fen, _, rest = line.partition(" ; ")
        expected, sep, note = rest.partition(" ; ")
        if not sep or (expected not in RESULTS and expected != "-"):
            raise RefError(f"{path}:{number}: expected 'FEN ; ongoing|win|loss|draw|- ; note'")
        rows.append((fen, note, None if expected == "-" else expected))
    return rows


def read_counts(path):
    """[(fen, {depth: count})] from a .perft file (`FEN ;D1 20 ;D2 400 ...`)."""
    out = []
    for number, line in _lines(path):
        fen, *rest = line.split(" ;")
        try:
            out.append((fen, {int(x.split()[0][1:]): int(x.split()[1]) for x in rest}))
        except (ValueError, IndexError):
            raise RefError(f"{path}:{number}: expected 'FEN ;D1 count ;D2 count ...'") from None
    return out


def read_names(path):
    """The names of a list file, one a line."""
    return [line.strip() for _, line in _lines(path)]


def read_settings(path):
    """{section: {key: value}} of an ini file, sections in file order."""
    parser = configparser.ConfigParser(interpolation=None)
    try:
        with open(path) as f:
            parser.read_file(f)
    except (OSError, configparser.Error) as e:
        raise RefError(f"{path}: {e}") from None
    return {name: dict(parser[name]) for name in parser.sections()}


def perft_line(fen, counts):
    return fen + "".join(f" ;D{d} {n}" for d, n in sorted(counts.items()))


def render_perft(header, groups, results):
    """A .perft file: the header lines, then per group a blank line and `# comment`
    (a group without a comment has neither), per position its `# comment` and its
    counts (results: fen -> {depth: count})."""
    out = list(header)
    for comment, entries in groups:
        if comment is not None:
            out += ["", f"# {comment}"]
        for fen, note in entries:
            if note:
                out.append(f"# {note}")
            out.append(perft_line(fen, results[fen]))
    return "\n".join(out) + "\n"


def render_game_end(header, rows):
    """A game-end file: the header lines, then `FEN ; RESULT ; note` per (fen, result,
    note)."""
    return "\n".join(list(header) + [f"{fen} ; {res} ; {note}" for fen, res, note in rows]) + "\n"


def emit(path, text, check):
    """Writes the generated file, or with `check` compares it with the one on disk and
    says whether it is up to date. Returns False when it differs."""
    rel = Path(path).relative_to(REPO)
    if check:
        old = path.read_text() if path.exists() else None
        if old != text:
            print(f"{rel}: differs from the regenerated data", file=sys.stderr, flush=True)
            return False
        print(f"{rel}: up to date", flush=True)
    else:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
        print(f"wrote {rel}", flush=True)
    return True
