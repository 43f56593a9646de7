"""Match statistics: Elo from a score, 95% error bars, likelihood of superiority, SPRT.

Everything uses the logistic Elo model: a player scoring s (win = 1, draw = 1/2, loss = 0)
is `elo(s) = -400 * log10(1/s - 1)` points stronger than the opponent.

Error bars come from the normal approximation of the mean of independent samples:
    mean m = sum(p_i * x_i),  variance v = sum(p_i * (x_i - m)^2),  stderr = sqrt(v / N)
and the 95% interval m +- 1.959964 * stderr is mapped through elo(). The samples are
  - trinomial: single games, x in {0, 1/2, 1};
  - pentanomial: game pairs (one opening, each engine with each colour), x = pair score
    / 2 in {0, 1/4, 1/2, 3/4, 1}. Pairs remove most of the opening's bias and the
    correlation between the two games of a pair, so the pentanomial interval is the
    honest one for paired matches (usually narrower: balanced pairs vary less).

SPRT is the generalised SPRT (Michel Van den Bergh), as fishtest computes it: over the
same samples as above, each hypothesis (elo0, elo1) is represented by the distribution of
largest likelihood whose mean is that Elo's score, and
    LLR = N * sum_i p_i * log(p1_i / p0_i)
with p the observed frequencies (empty classes get a pseudo-count of 0.001, as fishtest
regularises). For many games it agrees with the normal approximation
N (s1 - s0)(2 m - s0 - s1) / (2 v), which goes wrong when there are few samples or
little spread. The test stops when LLR leaves
[log(beta / (1 - alpha)), log((1 - beta) / alpha)]: below accepts H0 (elo <= elo0),
above accepts H1 (elo >= elo1).
"""
import math
from dataclasses import dataclass

Z95 = 1.959963984540054  # two-sided 95% quantile of the standard normal distribution


def elo_from_score(score):
    """Elo difference of a player with this expected score (0 < score < 1; +-inf at 1, 0)."""
    if score <= 0.0:
        return -math.inf
    if score >= 1.0:
        return math.inf
    return -400.0 * math.log10(1.0 / score - 1.0)


def score_from_elo(elo):
    """Expected score of a player `elo` points stronger (inverse of elo_from_score)."""
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


def mean_and_variance(outcomes):
    """outcomes: (value, count) pairs. Returns (N, mean, variance per sample)."""
    n = sum(c for _, c in outcomes)
    if n == 0:
        return 0, 0.0, 0.0
    mean = sum(x * c for x, c in outcomes) / n
    var = sum(c * (x - mean) ** 2 for x, c in outcomes) / n
    return n, mean, var


@dataclass
class Estimate:
    """An Elo estimate: `elo` with the 95% interval [lower, upper] (Elo points)."""
    samples: int
    score: float
    elo: float
    lower: float
    upper: float

    @property
    def error(self):
        """Half the width of the 95% interval (the `+-` figure)."""
        return (self.upper - self.lower) / 2.0

    def __str__(self):
        return f"{format_elo(self.elo)} +- {format_elo(self.error, sign=False)}"


def estimate(outcomes):
    """Elo estimate and 95% interval from (value, count) samples in [0, 1]."""
    n, mean, var = mean_and_variance(outcomes)
    if n == 0:
        return Estimate(0, math.nan, math.nan, math.nan, math.nan)
    half = Z95 * math.sqrt(var / n)
    return Estimate(n, mean, elo_from_score(mean), elo_from_score(mean - half),
                    elo_from_score(mean + half))


def trinomial_outcomes(wins, draws, losses):
    return [(1.0, wins), (0.5, draws), (0.0, losses)]


def pentanomial_outcomes(pairs):
    """pairs: counts of game pairs scoring 0, 1/2, 1, 3/2, 2 points (a list of five)."""
    if len(pairs) != 5:
        raise ValueError("a pentanomial needs five counts (pair scores 0, 1/2, 1, 3/2, 2)")
    return [(i / 4.0, c) for i, c in enumerate(pairs)]


def trinomial(wins, draws, losses):
    return estimate(trinomial_outcomes(wins, draws, losses))


def pentanomial(pairs):
    return estimate(pentanomial_outcomes(pairs))


def los(wins, losses):
    """Likelihood of superiority: P(the first player is stronger), draws ignored."""
    if wins + losses == 0:
        return 0.5
    return 0.5 * (1.0 + math.erf((wins - losses) / math.sqrt(2.0 * (wins + losses))))


def sprt_bounds(alpha, beta):
    """(lower, upper) LLR bounds for error rates alpha (false H1) and beta (false H0)."""
    if not (0.0 < alpha < 1.0 and 0.0 < beta < 1.0):
        raise ValueError("alpha and beta must lie strictly between 0 and 1")
    return math.log(beta / (1.0 - alpha)), math.log((1.0 - beta) / alpha)


REGULARIZE = 1e-3  # pseudo-count for empty outcome classes in the SPRT (as fishtest)


def constrained_mle(probs, values, score):
    """The distribution over `values` closest in likelihood to `probs` whose mean is
    `score`: p_i = probs_i / (1 + lam * (x_i - score)), with lam the root of
    sum probs_i (x_i - score) / (1 + lam (x_i - score)) = 0 (Van den Bergh). The sum
    falls from +inf to -inf on the interval where every p_i is positive, so bisection
    finds the root."""
    lo = -1.0 / (max(values) - score)
    hi = 1.0 / (score - min(values))

    def f(lam):
        return sum(p * (x - score) / (1.0 + lam * (x - score)) for p, x in zip(probs, values))

    a, b = lo + (hi - lo) * 1e-15, hi - (hi - lo) * 1e-15
    for _ in range(200):
        mid = (a + b) / 2.0
        if f(mid) > 0.0:
            a = mid
        else:
            b = mid
    lam = (a + b) / 2.0
    return [p / (1.0 + lam * (x - score)) for p, x in zip(probs, values)]


def sprt_llr(outcomes, elo0, elo1):
    """Log-likelihood ratio of H1 (elo1) against H0 (elo0): the generalised SPRT with
    each hypothesis's distribution the maximum-likelihood one of the given score.

    Empty outcome classes count REGULARIZE samples each (fishtest's regularisation), so
    that a one-sided match (every game lost) still has a likelihood under both
    hypotheses and ends the test."""
    n = sum(c for _, c in outcomes)
    if n == 0:
        return 0.0
    values = [x for x, _ in outcomes]
    counts = [max(c, REGULARIZE) for _, c in outcomes]
    total = sum(counts)
    probs = [c / total for c in counts]
    s0, s1 = score_from_elo(elo0), score_from_elo(elo1)
    if not (min(values) < s0 < max(values) and min(values) < s1 < max(values)):
        raise ValueError("the hypotheses' scores must lie strictly inside the outcome range")
    p0 = constrained_mle(probs, values, s0)
    p1 = constrained_mle(probs, values, s1)
    return n * sum(p * math.log(q1 / q0) for p, q0, q1 in zip(probs, p0, p1))


def sprt_llr_normal(outcomes, elo0, elo1):
    """The normal approximation of the LLR, N (s1 - s0)(2m - s0 - s1) / (2v): close to
    sprt_llr on many games, wrong on few (with one pair of drawn games it already
    'accepts' H0). Kept to check sprt_llr against."""
    n, mean, var = mean_and_variance(outcomes)
    if n == 0 or var <= 0.0:
        return 0.0
    s0, s1 = score_from_elo(elo0), score_from_elo(elo1)
    return n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var)


@dataclass
class SprtResult:
    llr: float
    lower: float
    upper: float

    @property
    def verdict(self):
        if self.llr >= self.upper:
            return "H1 accepted"
        if self.llr <= self.lower:
            return "H0 accepted"
        return "continue"

    @property
    def finished(self):
        return self.verdict != "continue"

    def __str__(self):
        return f"LLR {self.llr:.3f} in [{self.lower:.3f}, {self.upper:.3f}]: {self.verdict}"


def sprt(outcomes, elo0, elo1, alpha, beta):
    lower, upper = sprt_bounds(alpha, beta)
    return SprtResult(sprt_llr(outcomes, elo0, elo1), lower, upper)


def format_elo(value, sign=True):
    if math.isnan(value):
        return "n/a"
    if math.isinf(value):
        return ("+inf" if value > 0 else "-inf") if sign else "inf"
    value += 0.0  # no "-0.0"
    if abs(value) < 0.05:
        value = 0.0
    return f"{value:+.1f}" if sign else f"{value:.1f}"
