"""Unit tests of the match runner's pure parts: standard library only (no pyffish).

Run from scripts/: `python3 -m unittest -v matchlib.test_pure` (tests/match_runner.rs
does this under `cargo test`)."""
import math
import os
import tempfile
import unittest

from matchlib import openings, pgn, stats, tc


class EloTests(unittest.TestCase):
    def test_known_scores(self):
        # 60%: 400 * log10(0.6 / 0.4) = 400 * log10(1.5) = 70.4365 (the usual table value).
        self.assertAlmostEqual(stats.elo_from_score(0.6), 70.4365, places=4)
        # 75%: 400 * log10(3) = 190.8485; 90%: 400 * log10(9) = 381.6970.
        self.assertAlmostEqual(stats.elo_from_score(0.75), 190.8485, places=4)
        self.assertAlmostEqual(stats.elo_from_score(0.9), 381.6970, places=4)
        self.assertAlmostEqual(stats.elo_from_score(0.5), 0.0, places=12)
        self.assertAlmostEqual(stats.elo_from_score(0.25), -190.8485, places=4)

    def test_extremes(self):
        self.assertEqual(stats.elo_from_score(1.0), math.inf)
        self.assertEqual(stats.elo_from_score(0.0), -math.inf)

    def test_inverse(self):
        for elo in (-400, -70.4365, 0, 35, 100, 800):
            self.assertAlmostEqual(stats.elo_from_score(stats.score_from_elo(elo)), elo, places=6)
        # 400 Elo stronger = 10:1 odds.
        self.assertAlmostEqual(stats.score_from_elo(400), 10 / 11, places=12)


class ErrorBarTests(unittest.TestCase):
    def test_trinomial_symmetric(self):
        # 30 W, 40 D, 30 L: mean 0.5, variance (30*0.25 + 30*0.25) / 100 = 0.15,
        # stderr sqrt(0.15 / 100), upper score 0.5 + 1.959964 * 0.0387298 = 0.5759091,
        # upper Elo 400 * log10(0.5759091 / 0.4240909) = 53.158.
        e = stats.trinomial(30, 40, 30)
        self.assertEqual(e.samples, 100)
        self.assertAlmostEqual(e.score, 0.5)
        self.assertAlmostEqual(e.elo, 0.0, places=9)
        self.assertAlmostEqual(e.upper, 53.158, places=3)
        self.assertAlmostEqual(e.lower, -53.158, places=3)
        self.assertAlmostEqual(e.error, 53.158, places=3)
        self.assertEqual(str(e), "+0.0 +- 53.2")

    def test_trinomial_winning(self):
        # 60 W, 20 D, 20 L: mean 0.7, E[x^2] = (60 + 20/4) / 100 = 0.65, variance 0.16,
        # half width 1.959964 * 0.04 = 0.0783986 -> scores 0.6216014 .. 0.7783986.
        e = stats.trinomial(60, 20, 20)
        self.assertAlmostEqual(e.elo, 400 * math.log10(0.7 / 0.3), places=9)  # 147.19
        self.assertAlmostEqual(e.lower, 400 * math.log10(0.6216014 / 0.3783986), places=3)
        self.assertAlmostEqual(e.upper, 400 * math.log10(0.7783986 / 0.2216014), places=3)
        self.assertLess(e.elo - e.lower, e.upper - e.elo)  # the Elo scale stretches near 1

    def test_pentanomial(self):
        # Pairs 0/10/20/10/0 over scores 0, 1/4, 1/2, 3/4, 1: mean 1/2, variance
        # 20 * (1/4)^2 / 40 = 0.03125: half width 1.959964 * sqrt(0.03125 / 40) = 0.0547827.
        e = stats.pentanomial([0, 10, 20, 10, 0])
        self.assertEqual(e.samples, 40)
        self.assertAlmostEqual(e.upper, 400 * math.log10(0.5547827 / 0.4452173), places=3)
        # The same 80 games as trinomial (20 W, 40 D, 20 L) give a wider interval.
        self.assertLess(e.error, stats.trinomial(20, 40, 20).error)

    def test_pentanomial_needs_five(self):
        with self.assertRaises(ValueError):
            stats.pentanomial([1, 2, 3])

    def test_no_games(self):
        e = stats.trinomial(0, 0, 0)
        self.assertEqual(e.samples, 0)
        self.assertTrue(math.isnan(e.elo))
        self.assertEqual(str(e), "n/a +- n/a")

    def test_all_wins(self):
        e = stats.trinomial(10, 0, 0)
        self.assertEqual(e.elo, math.inf)
        self.assertEqual(stats.format_elo(e.elo), "+inf")

    def test_los(self):
        # 10 W, 5 L: 0.5 * (1 + erf(5 / sqrt(30))) = 0.90165.
        self.assertAlmostEqual(stats.los(10, 5), 0.90165, places=5)
        self.assertAlmostEqual(stats.los(7, 7), 0.5)
        self.assertAlmostEqual(stats.los(0, 0), 0.5)


class SprtTests(unittest.TestCase):
    def test_bounds(self):
        lower, upper = stats.sprt_bounds(0.05, 0.05)
        self.assertAlmostEqual(lower, math.log(0.05 / 0.95))  # -2.944
        self.assertAlmostEqual(upper, 2.944439, places=6)
        lower, upper = stats.sprt_bounds(0.05, 0.1)
        self.assertAlmostEqual(lower, -2.251292, places=6)  # log(0.1 / 0.95)
        self.assertAlmostEqual(upper, 2.890372, places=6)  # log(0.9 / 0.05)
        with self.assertRaises(ValueError):
            stats.sprt_bounds(0.0, 0.05)

    def test_llr_against_brute_force(self):
        # The constrained maximum likelihood found by a grid search over the draw rate
        # (win rate then fixed by the mean) must match the solver's.
        w, d, l = 60, 20, 20
        n = w + d + l

        def best_loglik(score):
            best = -math.inf
            steps = 200000
            for k in range(1, steps):
                pd = k / steps
                pw = score - pd / 2
                pl = 1 - pw - pd
                if pw <= 0 or pl <= 0:
                    continue
                best = max(best, w * math.log(pw) + d * math.log(pd) + l * math.log(pl))
            return best

        s0, s1 = stats.score_from_elo(0), stats.score_from_elo(10)
        brute = best_loglik(s1) - best_loglik(s0)
        llr = stats.sprt_llr(stats.trinomial_outcomes(w, d, l), 0, 10)
        self.assertAlmostEqual(llr, brute, places=3)
        self.assertEqual(n, 100)

    def test_llr_normal_approximation_by_hand(self):
        # 60 W, 20 D, 20 L against [0, 10]: s0 = 0.5, s1 = 1 / (1 + 10^(-10/400)) = 0.5143874,
        # mean 0.7, variance 0.16: LLR = 100 * 0.0143874 * (1.4 - 1.0143874) / 0.32 = 1.73371.
        approx = stats.sprt_llr_normal(stats.trinomial_outcomes(60, 20, 20), 0, 10)
        self.assertAlmostEqual(approx, 1.73371, places=4)
        # ... and the exact LLR is close to it on many games.
        # Near the hypotheses (where a test spends its time) the exact LLR is close to it:
        # 2600 W, 4000 D, 2500 L (mean 0.5055) gives -1.5891 and -1.5880.
        outcomes = stats.trinomial_outcomes(2600, 4000, 2500)
        self.assertAlmostEqual(stats.sprt_llr(outcomes, 0, 10), -1.5891, places=3)
        self.assertAlmostEqual(stats.sprt_llr_normal(outcomes, 0, 10), -1.5880, places=3)

    def test_llr_signs(self):
        # Wins and losses only: each hypothesis is a coin with its score as the win rate,
        # so LLR = W log(s1 / s0) + L log((1 - s1) / (1 - s0)).
        s0, s1 = stats.score_from_elo(0), stats.score_from_elo(10)
        self.assertAlmostEqual(stats.sprt_llr([(1.0, 60), (0.0, 40)], 0, 10),
                               60 * math.log(s1 / s0) + 40 * math.log((1 - s1) / (1 - s0)),
                               places=9)
        self.assertGreater(stats.sprt_llr(stats.trinomial_outcomes(60, 20, 20), 0, 10), 0)
        self.assertLess(stats.sprt_llr(stats.trinomial_outcomes(20, 20, 60), 0, 10), 0)
        self.assertEqual(stats.sprt_llr(stats.trinomial_outcomes(0, 0, 0), 0, 10), 0.0)

    def test_one_sided_matches_end(self):
        # Without the pseudo-counts the hypotheses' distributions would need mass where
        # nothing was observed. Every pair lost against [0, 200]: each pair adds about
        # log((1 - s1) / (1 - s0)) = log(0.2403 / 0.5) = -0.733 to the LLR.
        lost = stats.sprt(stats.pentanomial_outcomes([20, 0, 0, 0, 0]), 0, 200, 0.05, 0.05)
        self.assertEqual(lost.verdict, "H0 accepted")
        self.assertAlmostEqual(lost.llr, 20 * math.log(0.240253 / 0.5), delta=0.1)
        won = stats.sprt(stats.trinomial_outcomes(30, 0, 0), -200, 0, 0.05, 0.05)
        self.assertEqual(won.verdict, "H1 accepted")
        # 200 draws: the score is exactly elo0's, so the evidence is for H0.
        self.assertLess(stats.sprt_llr(stats.trinomial_outcomes(0, 200, 0), 0, 10), -2.944)

    def test_one_pair_decides_nothing(self):
        # One pair of draws (or a win and a loss): the normal approximation, with no
        # spread to speak of, would call it; the likelihood ratio does not.
        one = stats.sprt(stats.pentanomial_outcomes([0, 0, 1, 0, 0]), 0, 50, 0.05, 0.05)
        self.assertEqual(one.verdict, "continue")
        self.assertLess(abs(one.llr), 1.0)

    def test_constrained_mle(self):
        probs = [0.2, 0.2, 0.6]
        values = [0.0, 0.5, 1.0]
        p = stats.constrained_mle(probs, values, 0.55)
        self.assertAlmostEqual(sum(p), 1.0, places=9)
        self.assertAlmostEqual(sum(pi * x for pi, x in zip(p, values)), 0.55, places=9)
        # The observed mean (0.7) gives back the observed frequencies.
        p = stats.constrained_mle(probs, values, 0.7)
        for a, b in zip(p, probs):
            self.assertAlmostEqual(a, b, places=9)

    def test_verdicts(self):
        strong = stats.sprt(stats.trinomial_outcomes(300, 100, 100), 0, 10, 0.05, 0.05)
        self.assertEqual(strong.verdict, "H1 accepted")
        self.assertTrue(strong.finished)
        weak = stats.sprt(stats.trinomial_outcomes(100, 100, 300), 0, 10, 0.05, 0.05)
        self.assertEqual(weak.verdict, "H0 accepted")
        early = stats.sprt(stats.trinomial_outcomes(3, 2, 2), 0, 10, 0.05, 0.05)
        self.assertEqual(early.verdict, "continue")
        self.assertIn("LLR", str(early))

    def test_llr_grows_with_games(self):
        # The same proportions with four times the games: four times the LLR (no class
        # is empty, so no pseudo-counts blur the proportions).
        one = stats.sprt_llr(stats.pentanomial_outcomes([1, 4, 10, 6, 2]), -5, 5)
        four = stats.sprt_llr(stats.pentanomial_outcomes([4, 16, 40, 24, 8]), -5, 5)
        self.assertAlmostEqual(four, 4 * one, places=9)


class TimeControlTests(unittest.TestCase):
    def test_parse(self):
        self.assertEqual(tc.parse_tc("10+0.1"), tc.TimeControl(10.0, 0.1, 0))
        self.assertEqual(tc.parse_tc("60"), tc.TimeControl(60.0, 0.0, 0))
        self.assertEqual(tc.parse_tc("1:30+1"), tc.TimeControl(90.0, 1.0, 0))
        self.assertEqual(tc.parse_tc("40/60"), tc.TimeControl(60.0, 0.0, 40))
        self.assertEqual(tc.parse_tc("0+0.5"), tc.TimeControl(0.0, 0.5, 0))
        self.assertEqual(tc.parse_tc(" 2.5+0.025 "), tc.TimeControl(2.5, 0.025, 0))

    def test_parse_errors(self):
        for bad in ("", "abc", "10+", "+1", "0/10", "-5+1", "10+-1", "0+0", "x:10", "inf",
                    "nan+1"):
            with self.subTest(bad=bad), self.assertRaises(ValueError):
                tc.parse_tc(bad)

    def test_str(self):
        for text in ("10+0.1", "60", "40/60", "90+1", "2.5+0.025", "40/300+2"):
            self.assertEqual(str(tc.parse_tc(text)), text)
        self.assertEqual(str(tc.parse_tc("1:30+1")), "90+1")

    def test_clock_increment_and_flag(self):
        clock = tc.Clock(tc.parse_tc("1+0.1"), margin=0.05)
        self.assertTrue(clock.stop(0.5))
        self.assertAlmostEqual(clock.remaining, 0.6)
        self.assertAlmostEqual(clock.deadline(), 0.65)
        self.assertTrue(clock.stop(0.64))  # 0.04 over, inside the 0.05 margin
        self.assertAlmostEqual(clock.remaining, 0.06)
        self.assertFalse(clock.stop(0.2))  # 0.14 over
        self.assertAlmostEqual(clock.remaining, -0.14)

    def test_clock_sessions(self):
        clock = tc.Clock(tc.parse_tc("2/10"))
        self.assertEqual(clock.moves_to_go(), 2)
        self.assertTrue(clock.stop(3))
        self.assertEqual(clock.moves_to_go(), 1)
        self.assertTrue(clock.stop(3))  # session over: 4 left + 10
        self.assertAlmostEqual(clock.remaining, 14)
        self.assertEqual(clock.moves_to_go(), 2)
        self.assertIsNone(tc.Clock(tc.parse_tc("10")).moves_to_go())

    def test_uci_go(self):
        self.assertEqual(tc.uci_go(10000, 9500.7, 100, 100),
                         "go wtime 10000 btime 9500 winc 100 binc 100")
        self.assertEqual(tc.uci_go(-5, 300, 0, 0, movestogo=3),
                         "go wtime 0 btime 300 movestogo 3")
        self.assertEqual(tc.uci_go(None, None, 0, 0, nodes=5000), "go nodes 5000")
        self.assertEqual(tc.uci_go(None, None, 0, 0, depth=7), "go depth 7")
        self.assertEqual(tc.uci_go(None, None, 0, 0), "go infinite")

    def test_xboard_level(self):
        self.assertEqual(tc.xboard_level(tc.parse_tc("10+0.1")), "level 0 0:10 0.1")
        self.assertEqual(tc.xboard_level(tc.parse_tc("40/300")), "level 40 5 0")
        self.assertEqual(tc.xboard_level(tc.parse_tc("1:30+1")), "level 0 1:30 1")
        with self.assertRaises(ValueError):
            tc.xboard_level(tc.parse_tc("2.5+0.1"))


class PgnTests(unittest.TestCase):
    def test_simple_game(self):
        text = pgn.game_pgn({"Event": "test", "White": "A", "Black": "B", "Round": "1"},
                            ["f3", "e5", "g4", "Qh4#"], "0-1", termination="Black mates")
        self.assertEqual(text, '[Event "test"]\n[Site "?"]\n[Date "?"]\n[Round "1"]\n'
                               '[White "A"]\n[Black "B"]\n[Result "0-1"]\n\n'
                               '1. f3 e5 2. g4 Qh4# {Black mates} 0-1\n\n')

    def test_variant_and_fen(self):
        start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
        text = pgn.game_pgn({"White": "A", "Black": "B", "TimeControl": "10+0.1"},
                            ["Nf3"], "*", start_fen=fen, variant_start_fen=start,
                            variant="antichess")
        self.assertIn('[Variant "Antichess"]\n[SetUp "1"]\n[FEN "' + fen + '"]\n'
                      '[TimeControl "10+0.1"]\n\n2. Nf3 *\n', text)
        # Starting from the variant's own start position: no FEN tag.
        text = pgn.game_pgn({}, [], "1/2-1/2", start_fen=start, variant_start_fen=start)
        self.assertNotIn("FEN", text)
        self.assertNotIn("Variant", text)

    def test_variant_names(self):
        self.assertIsNone(pgn.variant_tag("chess"))
        self.assertEqual(pgn.variant_tag("chess", chess960=True), "Chess960")
        self.assertEqual(pgn.variant_tag("fischerandom", chess960=True), "Chess960")
        self.assertEqual(pgn.variant_tag("crazyhouse"), "Crazyhouse")
        self.assertEqual(pgn.variant_tag("crazyhouse", chess960=True), "Crazyhouse960")
        self.assertEqual(pgn.variant_tag("3check"), "3check")

    def test_black_first(self):
        tokens = pgn.movetext(["Qd8", "O-O", "Nf6"], first_move_number=12, black_first=True)
        self.assertEqual(tokens, ["12...", "Qd8", "13.", "O-O", "Nf6"])

    def test_comments_and_escapes(self):
        text = pgn.game_pgn({"White": 'say "hi" \\o/'}, ["e4"], "*", comments={0: "book}"})
        self.assertIn('[White "say \\"hi\\" \\\\o/"]', text)
        self.assertIn("1. e4 {book)} *", text)

    def test_wrapping(self):
        moves = ["Nf3", "Nf6", "Ng1", "Ng8"] * 30
        text = pgn.game_pgn({}, moves, "1/2-1/2")
        body = text.split("\n\n")[1]
        self.assertTrue(all(len(line) <= 80 for line in body.splitlines()))
        self.assertEqual(body.split(), pgn.movetext(moves) + ["1/2-1/2"])

    def test_bad_result(self):
        with self.assertRaises(ValueError):
            pgn.game_pgn({}, [], "1-1")


class OpeningTests(unittest.TestCase):
    def test_fen_and_epd(self):
        fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
        self.assertEqual(openings.parse_opening_line(fen), fen)
        self.assertEqual(openings.parse_opening_line(
            'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - id "e4"; c0 "x";'),
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
        self.assertEqual(openings.parse_opening_line("8/8/8/8/8/8/8/K1k5 w - -"),
                         "8/8/8/8/8/8/8/K1k5 w - - 0 1")
        self.assertIsNone(openings.parse_opening_line("  # comment"))
        self.assertIsNone(openings.parse_opening_line(""))

    def test_variant_fields(self):
        three = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1"
        self.assertEqual(openings.parse_opening_line(three), three)
        self.assertEqual(openings.parse_opening_line(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2+3"),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2+3 0 1")
        zh = "r1bqkbnr/pppppppp/2n5/8/8/5N2/PPPPPPPP/RNBQKB1R[] w KQkq - 2 2"
        self.assertEqual(openings.parse_opening_line(zh), zh)

    def test_errors(self):
        with self.assertRaises(ValueError):
            openings.parse_opening_line("rnbqkbnr/pppppppp")
        with self.assertRaises(ValueError):
            openings.parse_opening_line("rnbqkbnr/pppppppp x KQkq -")

    def test_read_file(self):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "book.epd")
            with open(path, "w") as f:
                f.write("# two openings\n8/8/8/8/8/8/8/K1k5 w - -\n\n"
                        "8/8/8/8/8/8/8/K1k5 b - - 3 40\n")
            self.assertEqual(openings.read_openings(path),
                             ["8/8/8/8/8/8/8/K1k5 w - - 0 1", "8/8/8/8/8/8/8/K1k5 b - - 3 40"])
            with open(path, "w") as f:
                f.write("8/8/8/8/8/8/8/K1k5 w - -\nnonsense\n")
            with self.assertRaisesRegex(ValueError, ":2:"):
                openings.read_openings(path)


if __name__ == "__main__":
    unittest.main()
