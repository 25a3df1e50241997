#!/usr/bin/env python3
"""test_guards.py — bench/harness/guards.py: the distinct-binary check,
checksum agreement and the positive control, on synthetic samples."""
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from harness import guards  # noqa: E402
import testmain  # noqa: E402  (the exit status and last line ctest reads)


class Distinct(unittest.TestCase):
    def test_identical_hashes_abort(self):
        with self.assertRaises(guards.GuardError) as e:
            guards.check_distinct({"builtin": "ab" * 32, "library": "ab" * 32, "glibc": "cd" * 32}, "cell x")
        self.assertIn("builtin and library", str(e.exception))
        self.assertIn("cell x", str(e.exception))

    def test_distinct_hashes_pass(self):
        guards.check_distinct({"builtin": "a", "library": "b", "glibc": "c"})

    def test_files_with_the_same_bytes_hash_the_same(self):
        with tempfile.TemporaryDirectory() as d:
            paths = []
            for name, data in (("a", b"\x7fELF same"), ("b", b"\x7fELF same"), ("c", b"\x7fELF other")):
                p = os.path.join(d, name)
                with open(p, "wb") as f:
                    f.write(data)
                paths.append(p)
            ids = {n: guards.sha256_file(p) for n, p in zip("abc", paths)}
            self.assertEqual(ids["a"], ids["b"])
            self.assertNotEqual(ids["a"], ids["c"])
            with self.assertRaises(guards.GuardError):
                guards.check_distinct(ids)
            guards.check_distinct({"a": ids["a"], "c": ids["c"]})


class Checksums(unittest.TestCase):
    def test_agreement(self):
        self.assertEqual(guards.check_checksums({"builtin": "7", "library": "7", "glibc": "7"},
                                                ("builtin", "library")), [])

    def test_library_differs(self):
        errs = guards.check_checksums({"builtin": "7", "library": "8", "glibc": "7"}, ("builtin", "library"))
        self.assertEqual([a for a, _ in errs], ["library"])

    def test_reference_falls_back_to_any_arm(self):
        errs = guards.check_checksums({"builtin": None, "glibc": "1", "c_freelist": "2"}, ("builtin", "library"))
        self.assertEqual([a for a, _ in errs], ["c_freelist"])


class Control(unittest.TestCase):
    REF = [1.00, 1.02, 0.98, 1.01, 0.99, 1.00, 1.01]

    def test_separated_control(self):
        glibc = [x * 3 for x in self.REF]
        ok, text, cmp = guards.control_verdict(self.REF, glibc, 0.01, "builtin", "glibc")
        self.assertTrue(ok)
        self.assertNotIn(guards.PROVED_NOTHING, text)
        self.assertAlmostEqual(cmp["ratio"], 3.0)

    def test_inseparable_control_proves_nothing(self):
        glibc = [x * 1.01 for x in self.REF]
        ok, text, _ = guards.control_verdict(self.REF, glibc, 0.01, "builtin", "glibc")
        self.assertFalse(ok)
        self.assertIn(guards.PROVED_NOTHING, text)

    def test_noise_hides_a_real_difference(self):
        # a 1.5x difference, but the machine's drift is as large: no verdict
        ok, text, _ = guards.control_verdict(self.REF, [1.5] * 7, 0.6, "builtin", "glibc")
        self.assertFalse(ok)
        self.assertIn(guards.PROVED_NOTHING, text)

    def test_missing_samples_prove_nothing(self):
        ok, text, _ = guards.control_verdict(self.REF, [], 0.0, "builtin", "glibc")
        self.assertFalse(ok)
        self.assertIn(guards.PROVED_NOTHING, text)


if __name__ == "__main__":
    testmain.main()
