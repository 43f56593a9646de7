"""Tests of scripts/lib: the engine drivers against a small scripted UCI engine (perft
with its divide, info parsing, crash and hang detection), the protocol parsers, the data
files' readers and renderers, and the deepening rule (that one needs pyffish).

Run from scripts/: `python3 -m unittest -v lib.test_lib`."""
import os
import sys
import tempfile
import unittest
from pathlib import Path

from lib import datafiles
from lib.engine import (EngineFailure, UciEngine, parse_features, parse_info, parse_perft,
                        uci_options)

# A UCI engine in a few lines: `go perft N` prints a fixed divide, `go` two info lines
# and a bestmove, `crash` exits, `hang` stops answering.
FAKE_UCI = r'''
import sys
for line in sys.stdin:
    cmd = line.split()
    if cmd == ["uci"]:
        print("id name Fake 1")
        print("option name UCI_Variant type combo default chess var chess var atomic")
        print("option name Hash type spin default 16 min 1 max 64")
        print("uciok")
    elif cmd == ["isready"]:
        print("readyok")
    elif cmd[:2] == ["go", "perft"]:
        print("info string counting")
        print("e2e4: 20")
        print("d2d4: 22")
        print("")
        print("Nodes searched: 42")
    elif cmd[:1] == ["go"]:
        print("info depth 1 score cp 13 nodes 20 time 1 pv e2e4")
        print("info depth 2 seldepth 4 multipv 1 score mate 3 nodes 400 nps 4000 time 100 pv e2e4 e7e5")
        print("info string error nothing")
        print("bestmove e2e4 ponder e7e5")
    elif cmd == ["crash"]:
        sys.exit(3)
    elif cmd == ["hang"]:
        import time
        time.sleep(60)
    sys.stdout.flush()
'''


class ParserTests(unittest.TestCase):
    def test_info(self):
        info = parse_info("info depth 12 seldepth 18 multipv 2 score cp -35 nodes 123456 "
                          "nps 1000000 hashfull 12 time 123 pv e2e4 e7e5 g1f3")
        self.assertEqual(info, {"depth": 12, "seldepth": 18, "multipv": 2, "score": -35,
                                "nodes": 123456, "nps": 1000000, "hashfull": 12, "time": 123,
                                "pv": ["e2e4", "e7e5", "g1f3"]})
        self.assertEqual(parse_info("info depth 5 score mate -2 nodes 9")["score"], -99998)
        self.assertEqual(parse_info("info string error: bad FEN depth 3"),
                         {"string": "error: bad FEN depth 3"})

    def test_options_and_features(self):
        options = uci_options(["id name X", "option name UCI_Variant type combo default chess "
                               "var chess var xiangqi", "option name Clear Hash type button"])
        self.assertEqual(options, {"UCI_Variant": ("combo", ["chess", "xiangqi"]),
                                   "Clear Hash": ("button", [])})
        self.assertEqual(parse_features('feature ping=1 myname="Fairy-Max 5.0b" done=0'),
                         {"ping": "1", "myname": "Fairy-Max 5.0b", "done": "0"})

    def test_perft_output(self):
        nodes, divide = parse_perft(["info string x: 1", "a2a3: 380", "P@e4: 7", "",
                                     "Nodes searched: 387"])
        self.assertEqual((nodes, divide), (387, {"a2a3": 380, "P@e4": 7}))
        self.assertEqual(parse_perft(["e2e4: 1"]), (None, {"e2e4": 1}))


class UciDriverTests(unittest.TestCase):
    def setUp(self):
        self.engine = UciEngine([sys.executable, "-c", FAKE_UCI], "fake")

    def tearDown(self):
        self.engine.quit()

    def test_handshake_and_variant(self):
        self.assertEqual(self.engine.id_name, "Fake 1")
        self.assertEqual(self.engine.variants(), ["chess", "atomic"])
        self.engine.configure("atomic", options={"Hash": 8})
        with self.assertRaises(EngineFailure) as e:
            self.engine.configure("xiangqi")
        self.assertIn("does not know the variant 'xiangqi'", str(e.exception))

    def test_perft_and_go(self):
        result = self.engine.perft(2, "8/8/8/8/8/8/8/K6k w - - 0 1")
        self.assertEqual((result.nodes, result.divide), (42, {"e2e4": 20, "d2d4": 22}))
        self.engine.position(None, ["e2e4"])
        found = self.engine.go("go depth 2", timeout=10)
        self.assertEqual((found.move, found.ponder, found.depth, found.score),
                         ("e2e4", "e7e5", 2, 99997))
        self.assertEqual((found.nodes, found.time_ms), (400, 100))
        self.assertEqual(found.infos[-1], {"string": "error nothing"})

    def test_crash_and_hang(self):
        self.engine.send("hang")
        with self.assertRaises(EngineFailure) as e:
            self.engine.sync(timeout=0.5)
        self.assertEqual(e.exception.kind, "hang")
        other = UciEngine([sys.executable, "-c", FAKE_UCI], "fake2")
        other.send("crash")
        with self.assertRaises(EngineFailure) as e:
            other.go("go depth 1", timeout=10)
        self.assertEqual(e.exception.kind, "crash")
        self.assertIn("status 3", str(e.exception))
        other.quit()


class DataFileTests(unittest.TestCase):
    def write(self, text):
        f = tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False)
        f.write(text)
        f.close()
        self.addCleanup(os.unlink, f.name)
        return Path(f.name)

    def test_positions_round_trip(self):
        path = self.write("# file comment\n\n## Group one\nK7/8/8/8/8/8/8/7k w - - 0 1\n"
                          "k7/8/8/8/8/8/8/7K b - - 0 1 ; seed 3 ply 9: a; b ; c\n"
                          "## Group two\n8/8/8/8/8/8/8/K6k w - - 0 1 ; note\n")
        groups = datafiles.read_positions(path)
        self.assertEqual(groups, [
            ("Group one", [("K7/8/8/8/8/8/8/7k w - - 0 1", None),
                           ("k7/8/8/8/8/8/8/7K b - - 0 1", "seed 3 ply 9: a; b ; c")]),
            ("Group two", [("8/8/8/8/8/8/8/K6k w - - 0 1", "note")])])
        results = {"K7/8/8/8/8/8/8/7k w - - 0 1": {2: 9, 1: 3},
                   "k7/8/8/8/8/8/8/7K b - - 0 1": {1: 3},
                   "8/8/8/8/8/8/8/K6k w - - 0 1": {1: 3}}
        text = datafiles.render_perft(["# head"], groups, results)
        self.assertEqual(text, "# head\n\n# Group one\nK7/8/8/8/8/8/8/7k w - - 0 1 ;D1 3 ;D2 9\n"
                               "# seed 3 ply 9: a; b ; c\nk7/8/8/8/8/8/8/7K b - - 0 1 ;D1 3\n\n"
                               "# Group two\n# note\n8/8/8/8/8/8/8/K6k w - - 0 1 ;D1 3\n")
        self.assertEqual(datafiles.read_counts(self.write(text)),
                         [(fen, results[fen]) for fen in results])

    def test_game_end_and_errors(self):
        path = self.write("a b ; loss ; mate; in one\nc d ; - ; random play\n")
        self.assertEqual(datafiles.read_game_end(path),
                         [("a b", "mate; in one", "loss"), ("c d", "random play", None)])
        for text, reader, message in [
                ("K7/8 w - - 0 1\n", datafiles.read_positions, ":1: a position before"),
                ("## g\nK7/8;x\n", datafiles.read_positions, ":2: write 'FEN ; comment'"),
                ("a b ; lost ; x\n", datafiles.read_game_end, ":1: expected"),
                ("fen ;D1 x\n", datafiles.read_counts, ":1: expected")]:
            with self.assertRaises(datafiles.RefError) as e:
                reader(self.write(text))
            self.assertIn(message, str(e.exception))

    def test_committed_data_reads(self):
        """Every data file under scripts/data/ parses."""
        for path in sorted((datafiles.DATA / "perft").glob("*.txt")):
            self.assertTrue(datafiles.read_positions(path), path)
        for path in sorted((datafiles.DATA / "game-end").glob("*.txt")):
            self.assertTrue(datafiles.read_game_end(path), path)
        self.assertTrue(datafiles.read_counts(datafiles.DATA / "published.perft"))
        settings = datafiles.read_settings(datafiles.DATA / "variants.ini")
        self.assertEqual(sorted(settings), sorted(p.stem for p in (datafiles.DATA / "perft").glob("*.txt")
                                                  if p.stem not in ("chess", "fischerandom", "nocastle")))


class DeepenTests(unittest.TestCase):
    def test_rule(self):
        try:
            from lib.refdata import deepen
        except ImportError:
            self.skipTest("pyffish or python-chess is not installed")
        tree = {1: 20, 2: 400, 3: 8902, 4: 197281, 5: 4865609}
        self.assertEqual(deepen(tree.get, high=1e6), {1: 20, 2: 400, 3: 8902, 4: 197281})
        self.assertEqual(deepen(tree.get, high=1e9, low=100_000), {1: 20, 2: 400, 3: 8902, 4: 197281})
        self.assertEqual(deepen(tree.get, high=1e9, max_depth=2), {1: 20, 2: 400})
        self.assertEqual(deepen(lambda d: 0, high=10), {1: 0, 2: 0, 3: 0})
        self.assertEqual(deepen(lambda d: 0, high=10, zero_depth=1), {1: 0})


class HiddenSetupTests(unittest.TestCase):
    """scripts/hidden-reference (the rule-book referee of scripts/fog-match): the hidden
    set-ups' moves equal pyffish's on Protean's own `screen`, `crazyscreen` and
    `darkcrazyscreen` sections at every ply of seeded random set-ups, the positions where a
    side has no legal drop (and so plays an ordinary move, as Fairy-Stockfish's `mustDrop`)
    included. `scripts/hidden-reference setup-check` runs 300 set-ups a game."""

    def test_setup_moves_equal_pyffish(self):
        try:
            import pyffish  # noqa: F401
        except ImportError:
            self.skipTest("pyffish is not installed")
        import importlib.machinery
        import importlib.util
        path = str(Path(__file__).resolve().parent.parent / "hidden-reference")
        loader = importlib.machinery.SourceFileLoader("hidden_reference", path)
        ref = importlib.util.module_from_spec(importlib.util.spec_from_loader("hidden_reference", loader))
        loader.exec_module(ref)
        compared, undropped, failures = ref.setup_check(list(ref.SETUP_VARIANTS), 25, 1, quiet=True)
        self.assertEqual(failures, [])
        self.assertGreater(compared, 3 * 25 * 32)
        # Seeds 1-25 reach positions without a legal drop (41 of the 2,511 compared),
        # so the rule that differs from "drops only" is exercised.
        self.assertGreater(undropped, 0)


if __name__ == "__main__":
    unittest.main()
