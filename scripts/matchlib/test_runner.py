"""Tests of the referee and whole matches with misbehaving fake engines
(fake_engine.py): crashes, hangs, illegal moves and time losses lose the game, are
counted per engine, and the match goes on with a restarted engine. Needs pyffish (the
tests are skipped without it). When PROTEAN_BIN names the protean binary (as
tests/match_runner.rs does), two short games against it run as well.

Run from scripts/: `python3 -m unittest -v matchlib.test_runner`."""
import io
import os
import shlex
import sys
import tempfile
import unittest

try:
    import pyffish  # noqa: F401
    HAVE_PYFFISH = True
except ImportError:
    HAVE_PYFFISH = False

HERE = os.path.dirname(os.path.abspath(__file__))
FAKE = f"{shlex.quote(sys.executable)} {shlex.quote(os.path.join(HERE, 'fake_engine.py'))}"


def fake(name, *flags, proto="uci"):
    return [f"cmd={FAKE} --proto {proto} " + " ".join(flags), f"name={name}", f"proto={proto}"]


@unittest.skipUnless(HAVE_PYFFISH, "pyffish is not installed")
class RefereeTests(unittest.TestCase):
    def setUp(self):
        from matchlib import referee
        self.referee = referee

    def test_outcomes(self):
        g = self.referee.Game("chess", self.referee.start_fen("chess"))
        for m in ["f2f3", "e7e5", "g2g4", "d8h4"]:
            self.assertIsNone(g.outcome())
            g.push(m)
        self.assertEqual(g.outcome(), ("0-1", "checkmate"))
        g = self.referee.Game("chess", "7k/8/6Q1/8/8/8/8/K7 b - - 0 1")
        self.assertEqual(g.outcome(), ("1/2-1/2", "stalemate"))
        g = self.referee.Game("chess", "8/8/8/8/8/8/4k3/K7 w - - 0 1")
        self.assertEqual(g.outcome(), ("1/2-1/2", "insufficient material"))
        g = self.referee.Game("chess", self.referee.start_fen("chess"))
        for m in ["g1f3", "g8f6", "f3g1", "f6g8"] * 2:
            g.push(m)
        self.assertEqual(g.outcome(), ("1/2-1/2", "repetition"))
        g = self.referee.Game("chess", "8/8/8/8/8/8/3r4/K2k4 w - - 99 80")
        g.push("a1b1")
        self.assertEqual(g.outcome(), ("1/2-1/2", "move rule"))
        # Antichess: the side that has lost every piece wins, and so does a side that
        # cannot move.
        g = self.referee.Game("antichess", "8/8/8/8/8/8/8/1p6 w - - 0 1")
        self.assertEqual(g.outcome(), ("1-0", "variant rule"))
        g = self.referee.Game("antichess", "8/8/8/8/8/p7/P7/8 w - - 0 1")
        self.assertEqual(g.outcome(), ("1-0", "no legal moves"))
        g = self.referee.Game("kingofthehill", "rnbq1bnr/pppppppp/8/8/4k3/8/PPPPPPPP/RNBQKBNR w KQ - 0 1")
        self.assertEqual(g.outcome(), ("0-1", "variant rule"))

    def test_match_move(self):
        g = self.referee.Game("chess", "r3k2r/3P4/8/8/8/8/8/R3K2R w KQkq - 0 1")
        legal = g.legal_moves()
        self.assertEqual(g.match_move("e1g1", legal, lenient=False), "e1g1")
        self.assertIsNone(g.match_move("O-O", legal, lenient=False))
        self.assertIsNone(g.match_move("e1h1", legal, lenient=False))
        self.assertEqual(g.match_move("O-O", legal, lenient=True), "e1g1")
        self.assertEqual(g.match_move("0-0-0", legal, lenient=True), "e1c1")
        self.assertEqual(g.match_move("d7d8=Q", legal, lenient=True), "d7d8q")
        self.assertEqual(g.match_move("d7d8N", legal, lenient=True), "d7d8n")
        self.assertEqual(g.match_move("dxe8=Q+", legal, lenient=True), None)  # no piece on e8
        self.assertEqual(g.match_move("d8=R+", legal, lenient=True), "d7d8r")
        self.assertEqual(g.match_move("Rb1", legal, lenient=True), "a1b1")
        self.assertIsNone(g.match_move("e2e4", legal, lenient=True))

    def test_960_castling_for_xboard(self):
        g = self.referee.Game("chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", chess960=True)
        self.assertIn("e1h1", g.legal_moves())
        self.assertEqual(g.xboard_move("e1h1"), "O-O")
        self.assertEqual(g.xboard_move("a1b1"), "a1b1")

    def test_xboard_ranks_from_zero_on_ten_rank_boards(self):
        # XBoard (and fairymax's maxqi, sjaakii) write xiangqi's first rank as 0.
        g = self.referee.Game("xiangqi", self.referee.start_fen("xiangqi"))
        legal = g.legal_moves()
        self.assertEqual(g.xboard_move("b1c3"), "b0c2")
        self.assertEqual(g.match_move("b0c2", legal, lenient=True), "b1c3")
        self.assertEqual(g.match_move("a0a1", legal, lenient=True), "a1a2")
        self.assertEqual(g.match_move("b1c3", legal, lenient=False), "b1c3")
        g.push("b1c3")
        self.assertEqual(g.xboard_move("a10a9"), "a9a8")
        self.assertEqual(self.referee.Game("chess", self.referee.start_fen("chess"))
                         .xboard_move("e2e4"), "e2e4")

    def test_xboard_shogi_promotion_on_a_ten_rank_board(self):
        # Okisaki shogi: '+' is the promotion, not a check mark, and the ranks count
        # from 0 (the soak of issue 25 found '+' dropped: the runner played c7b8 for
        # the engine's c6b7+, and the two sides' positions parted).
        fen = "lnsgkqgsnl/1r6b1/p1pppppppp/2S7/10/10/10/PP1PPPPPPP/1B6R1/LN1GQKGSNL[P] w - - 0 1"
        g = self.referee.Game("okisakishogi", fen)
        legal = g.legal_moves()
        self.assertEqual(g.match_move("c6b7+", legal, lenient=True), "c7b8+")
        self.assertEqual(g.match_move("c6b7", legal, lenient=True), "c7b8")
        self.assertEqual(g.match_move("c6b5+", legal, lenient=True), "c7b6")
        self.assertEqual(g.xboard_move("c7b8+"), "c6b7+")

    def test_random_openings_are_seeded(self):
        start = self.referee.start_fen("antichess")
        a = self.referee.random_opening("antichess", start, 8, self.referee.opening_rng(7, 3))
        b = self.referee.random_opening("antichess", start, 8, self.referee.opening_rng(7, 3))
        c = self.referee.random_opening("antichess", start, 8, self.referee.opening_rng(7, 4))
        self.assertEqual(a, b)
        self.assertNotEqual(a, c)
        self.assertEqual(len(a), 8)


@unittest.skipUnless(HAVE_PYFFISH, "pyffish is not installed")
class MatchTests(unittest.TestCase):
    def run_match(self, first, second, *extra):
        from matchlib.cli import build_openings, parse_args
        from matchlib.runner import Match
        with tempfile.TemporaryDirectory() as d:
            pgn_path = os.path.join(d, "games.pgn")
            args = parse_args(["--engine", *first, "--engine", *second, "--pgn", pgn_path,
                               *extra])
            openings = build_openings(args)
            out = io.StringIO()
            match = Match(args, args.specs, openings, out=out)
            match.run()
            with open(pgn_path) as f:
                pgn_text = f.read()
        return match, out.getvalue() + match.summary(), pgn_text

    def assert_tally(self, match, games):
        t = match.tally
        self.assertEqual(t.wins + t.draws + t.losses, games)
        self.assertEqual(sum(t.pairs), games // 2)
        self.assertIsNone(match.aborted)

    def test_clean_games(self):
        match, text, pgn_text = self.run_match(fake("a", "--seed 1"), fake("b", "--seed 2"),
                                               "--games", "4", "--nodes", "1", "--max-plies", "60",
                                               "--concurrency", "2")
        self.assert_tally(match, 4)
        self.assertEqual(pgn_text.count("[Event "), 4)
        self.assertEqual(sum(sum(f.values()) for f in match.tally.failures), 0)
        self.assertIn("crashes 0, hangs 0, time losses 0, illegal moves 0", text)
        for record in match.records:
            self.assertTrue(len(record.moves) <= 60)
            self.assertEqual(len(record.san), len(record.moves))

    def test_fen_openings_with_both_colours(self):
        fens = ["rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
                "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1"]
        with tempfile.NamedTemporaryFile("w", suffix=".epd", delete=False) as f:
            f.write("# two openings\n" + "\n".join(fens) + "\n")
        try:
            match, _, pgn_text = self.run_match(fake("a"), fake("b"), "--games", "4",
                                                "--nodes", "1", "--openings", f.name,
                                                "--max-plies", "30")
        finally:
            os.unlink(f.name)
        self.assert_tally(match, 4)
        by_index = sorted(match.records, key=lambda r: r.index)
        self.assertEqual([r.start_fen for r in by_index], [fens[0], fens[0], fens[1], fens[1]])
        self.assertEqual([r.white for r in by_index], [0, 1, 0, 1])
        self.assertEqual([r.opening_plies for r in by_index], [0] * 4)
        for fen in fens:
            self.assertEqual(pgn_text.count(f'[FEN "{fen}"]'), 2)
        self.assertEqual(pgn_text.count('[SetUp "1"]'), 4)
        self.assertIn("\n1... ", pgn_text)  # Black moves first in the second opening

    def test_crash_loses_and_match_goes_on(self):
        match, text, pgn_text = self.run_match(fake("crasher", "--after 3 --then crash"),
                                               fake("good"), "--games", "4", "--nodes", "1")
        self.assert_tally(match, 4)
        self.assertEqual(match.tally.failures[0]["crash"], 4)
        self.assertEqual(match.tally.losses, 4)
        self.assertEqual(pgn_text.count('[Termination "abandoned"]'), 4)
        self.assertIn("crasher: crashes 4", text)

    def test_illegal_and_garbage_moves(self):
        match, text, pgn_text = self.run_match(fake("good"), fake("bad", "--after 2 --then illegal"),
                                               "--games", "2", "--nodes", "1")
        self.assertEqual(match.tally.failures[1]["illegal"], 2)
        self.assertEqual(match.tally.wins, 2)
        self.assertIn('[Termination "rules infraction"]', pgn_text)
        match, text, _ = self.run_match(fake("good"), fake("bad", "--after 0 --then garbage"),
                                        "--games", "2", "--nodes", "1")
        self.assertEqual(match.tally.failures[1]["illegal"], 2)

    def test_hang_without_clock(self):
        match, text, _ = self.run_match(fake("hanger", "--after 1 --then hang"), fake("good"),
                                        "--games", "2", "--nodes", "1", "--hang-timeout", "0.5")
        self.assert_tally(match, 2)
        self.assertEqual(match.tally.failures[0]["hang"], 2)

    def test_time_losses(self):
        # 0.6 s per move against a 0.5 s clock: the third move of each game flags.
        match, text, _ = self.run_match(fake("slow", "--after 0 --then slow --slow 0.3"),
                                        fake("fast"), "--games", "2", "--tc", "0.5",
                                        "--margin", "0.05")
        self.assert_tally(match, 2)
        self.assertEqual(match.tally.failures[0]["time"], 2)
        self.assertEqual(match.tally.reasons, {"time forfeit": 2})
        # The same over XBoard (the engine is restarted after its time loss).
        match, text, _ = self.run_match(fake("xslow", "--after 0 --then slow --slow 0.3",
                                             proto="xboard"),
                                        fake("fast"), "--games", "2", "--tc", "1",
                                        "--margin", "0.05")
        self.assert_tally(match, 2)
        self.assertEqual(match.tally.failures[0]["time"], 2)

    def test_margin_saves_a_late_move(self):
        # 1.5 s per move on a 2.55 s clock with 0.75 s increment: before each increment
        # the clock reads 1.05, 0.3, -0.45 (inside a 1.1 s margin, so the game goes on),
        # and the fourth move ends at -1.2: lost on time. With a 0.05 s margin the third
        # move already loses. The figures leave each move about 0.17 s of pipe and
        # scheduling latency before the outcome could change (a loaded CI machine).
        for margin, slow_moves in (("1.1", 3), ("0.05", 2)):
            match, _, _ = self.run_match(fake("slow", "--after 0 --then slow --slow 1.5"),
                                         fake("fast"), "--games", "2", "--tc", "2.55+0.75",
                                         "--margin", margin)
            self.assertEqual(match.tally.failures[0]["time"], 2)
            for record in match.records:
                slow_colour = record.white  # 0: the slow engine has White
                made = sum(1 for ply in range(record.opening_plies, len(record.moves))
                           if ply % 2 == slow_colour)
                self.assertEqual(made, slow_moves, f"margin {margin}")

    def test_xboard_engine_and_resignation(self):
        match, text, pgn_text = self.run_match(fake("x", "--after 4 --then resign", proto="xboard"),
                                               fake("u"), "--games", "2", "--depth", "1")
        self.assert_tally(match, 2)
        self.assertEqual(match.tally.reasons, {"resignation": 2})
        self.assertEqual(match.tally.losses, 2)
        self.assertEqual(sum(sum(f.values()) for f in match.tally.failures), 0)

    def test_sprt_stops_early(self):
        match, text, _ = self.run_match(fake("crasher", "--after 0 --then crash"), fake("good"),
                                        "--games", "200", "--nodes", "1",
                                        "--sprt", "0", "200", "0.05", "0.05")
        self.assertLessEqual(match.tally.games, 12)  # five lost pairs reach the bound
        self.assertEqual(match.sprt_result.verdict, "H0 accepted")
        self.assertIn("H0 accepted", text)

    @unittest.skipUnless(os.environ.get("PROTEAN_BIN"), "PROTEAN_BIN not set")
    def test_protean_antichess(self):
        protean = os.environ["PROTEAN_BIN"]
        match, text, pgn_text = self.run_match([f"cmd={protean}", "name=protean"], fake("rand"),
                                               "--variant", "antichess", "--games", "2",
                                               "--nodes", "2000")
        self.assert_tally(match, 2)
        self.assertEqual(match.tally.failures[0], dict.fromkeys(match.tally.failures[0], 0))
        self.assertIn('[Variant "Antichess"]', pgn_text)


if __name__ == "__main__":
    unittest.main()
