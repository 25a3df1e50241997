"""stats.py — the statistics of docs/benchmarking.md, on plain lists of
numbers.

  median, spread (within-arm), drift (A/B/A), noise floor, the comparison of
  two arms (ratio of medians and its verdict), geometric mean.

A difference between two arms counts only when it is at least twice the
noise floor; the floor is the larger of the A/B/A drift (the reference arm
measured at the start and again at the end of each round) and the widest
within-arm spread of the two arms compared. Spread is the interquartile
range with four samples or more, the full range below that (with three
samples the quartiles say nothing the range does not).
Not for: timing anything (runner.py) or deciding what to run (matrix.py).
"""
import math
import statistics

INDISTINGUISHABLE = "indistinguishable"


def median(xs):
    if not xs:
        raise ValueError("median of no samples")
    return statistics.median(xs)


def spread(xs):
    """Within-arm spread: interquartile range (n >= 4) or range (n < 4)."""
    if not xs:
        raise ValueError("spread of no samples")
    if len(xs) < 4:
        return max(xs) - min(xs)
    q = statistics.quantiles(xs, n=4, method="inclusive")
    return q[2] - q[0]


def drift(pairs):
    """A/B/A drift: median over rounds of |A at the end - A at the start|.
    pairs: [(start, end), ...], one per round. 0 when there are none."""
    if not pairs:
        return 0.0
    return statistics.median(abs(b - a) for a, b in pairs)


def noise_floor(drift_value, *arms):
    """The larger of the drift and the widest spread of the arms given."""
    return max([drift_value] + [spread(a) for a in arms])


def compare(ref, other, drift_value):
    """ref and other: samples of two arms (same unit). Returns a dict with
    both medians, ratio = median(other) / median(ref), the floor, the band
    (2 x floor relative to ref's median: ratios inside 1 +- band are not
    told apart) and the verdict: 'indistinguishable', or 'faster' / 'slower'
    for `other` (a ratio below 1 means other takes less)."""
    m_ref, m_other = median(ref), median(other)
    floor = noise_floor(drift_value, ref, other)
    if m_ref <= 0:
        raise ValueError("reference median must be positive")
    ratio = m_other / m_ref
    band = 2 * floor / m_ref
    if abs(m_other - m_ref) < 2 * floor:
        verdict = INDISTINGUISHABLE
    else:
        verdict = "faster" if m_other < m_ref else "slower"
    return {"median_ref": m_ref, "median_other": m_other, "ratio": ratio,
            "floor": floor, "band": band, "verdict": verdict}


def separated(cmp):
    """True when a comparison told the arms apart."""
    return cmp["verdict"] != INDISTINGUISHABLE


def geomean(ratios):
    """Geometric mean of positive ratios; None for an empty list."""
    rs = [r for r in ratios if r is not None]
    if not rs:
        return None
    if any(r <= 0 for r in rs):
        raise ValueError("geometric mean needs positive ratios")
    return math.exp(sum(math.log(r) for r in rs) / len(rs))
