#!/usr/bin/env python3
"""test_stats.py — bench/harness/stats.py on synthetic samples (no timing):
spread, drift, noise floor, the indistinguishable rule, geomean."""
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from harness import stats  # noqa: E402
import testmain  # noqa: E402  (the exit status and last line ctest reads)


class Spread(unittest.TestCase):
    def test_range_below_four_samples(self):
        self.assertEqual(stats.spread([5.0]), 0.0)
        self.assertEqual(stats.spread([3.0, 9.0, 4.0]), 6.0)

    def test_iqr_from_four_samples(self):
        # inclusive quartiles of 1..9: 3 and 7
        self.assertAlmostEqual(stats.spread([float(x) for x in range(1, 10)]), 4.0)

    def test_iqr_ignores_one_outlier(self):
        xs = [10.0, 10.1, 10.2, 10.1, 10.0, 10.2, 10.1, 50.0]
        self.assertLess(stats.spread(xs), 0.5)

    def test_empty_is_an_error(self):
        with self.assertRaises(ValueError):
            stats.spread([])
        with self.assertRaises(ValueError):
            stats.median([])


class Drift(unittest.TestCase):
    def test_median_of_absolute_differences(self):
        self.assertAlmostEqual(stats.drift([(10, 11), (10, 9), (10, 14)]), 1.0)

    def test_no_rounds(self):
        self.assertEqual(stats.drift([]), 0.0)


class Floor(unittest.TestCase):
    def test_floor_is_the_larger_of_drift_and_spreads(self):
        a, b = [10.0, 10.5, 11.0], [20.0, 23.0, 21.0]
        self.assertEqual(stats.noise_floor(0.1, a, b), 3.0)
        self.assertEqual(stats.noise_floor(5.0, a, b), 5.0)


class Compare(unittest.TestCase):
    def test_clear_difference(self):
        ref = [10.0, 10.1, 9.9, 10.0, 10.05]
        other = [5.0, 5.1, 4.9, 5.0, 5.05]
        c = stats.compare(ref, other, 0.05)
        self.assertAlmostEqual(c["ratio"], 0.5)
        self.assertEqual(c["verdict"], "faster")
        self.assertTrue(stats.separated(c))
        c = stats.compare(other, ref, 0.05)
        self.assertEqual(c["verdict"], "slower")

    def test_difference_under_two_floors_is_indistinguishable(self):
        ref = [10.0, 10.0, 10.0]
        other = [10.9, 10.9, 10.9]
        # floor 0.5 from the drift: 0.9 < 1.0
        c = stats.compare(ref, other, 0.5)
        self.assertEqual(c["verdict"], stats.INDISTINGUISHABLE)
        self.assertAlmostEqual(c["band"], 0.1)
        # floor 0.4: 0.9 >= 0.8, a result
        self.assertEqual(stats.compare(ref, other, 0.4)["verdict"], "slower")

    def test_spread_of_either_arm_widens_the_floor(self):
        ref = [10.0, 10.0, 10.0]
        noisy = [11.0, 13.0, 9.0]      # median 11, range 4: floor 4
        c = stats.compare(ref, noisy, 0.0)
        self.assertEqual(c["floor"], 4.0)
        self.assertEqual(c["verdict"], stats.INDISTINGUISHABLE)

    def test_band_contains_one_exactly_when_indistinguishable(self):
        for d in (0.1, 0.3, 0.49, 0.51, 0.8):
            ref, other = [1.0, 1.0, 1.0], [1.0 + d, 1.0 + d, 1.0 + d]
            c = stats.compare(ref, other, 0.25)
            inside = abs(c["ratio"] - 1) < c["band"]
            self.assertEqual(inside, not stats.separated(c), d)


class Geomean(unittest.TestCase):
    def test_values(self):
        self.assertAlmostEqual(stats.geomean([0.5, 2.0]), 1.0)
        self.assertAlmostEqual(stats.geomean([4.0, 1.0, None]), 2.0)
        self.assertIsNone(stats.geomean([]))
        with self.assertRaises(ValueError):
            stats.geomean([1.0, 0.0])


if __name__ == "__main__":
    testmain.main()
