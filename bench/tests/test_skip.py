#!/usr/bin/env python3
"""test_skip.py — a bench test that ran less than usual says so: testmain's
verdict on synthetic unittest results (skipped cases give the skip status,
never 0; a failure or no case at all gives 1), and test_heap_run.py run
with PATH holding no GNU time exits with the skip status and names it.
Not for: the cases themselves (the other test_*.py)."""
import os
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
import testmain  # noqa: E402  (the exit status and last line ctest reads)


def result_of(*cases):
    """The unittest result of running the given TestCase classes."""
    suite = unittest.TestSuite(unittest.defaultTestLoader.loadTestsFromTestCase(c) for c in cases)
    with open(os.devnull, "w") as null:
        return unittest.TextTestRunner(stream=null).run(suite)


class Synthetic:
    """Cases for verdict, out of unittest's sight (not module-level)."""

    class Passes(unittest.TestCase):
        def test_ok(self):
            pass

    class Skips(unittest.TestCase):
        @unittest.skip("no widget here")
        def test_widget(self):
            pass

    class Fails(unittest.TestCase):
        def test_bad(self):
            self.fail("wrong")


S = Synthetic


class Verdict(unittest.TestCase):
    def test_all_passed(self):
        self.assertEqual(testmain.verdict("bench/x", result_of(S.Passes)), (0, "PASS bench/x: 1 cases"))

    def test_a_skip_is_not_a_pass(self):
        code, line = testmain.verdict("bench/x", result_of(S.Passes, S.Skips))
        self.assertEqual(code, testmain.SKIP_CODE)
        self.assertEqual(line, "SKIP bench/x: 1 of 2 cases skipped: no widget here")

    def test_a_failure_beats_a_skip(self):
        code, line = testmain.verdict("bench/x", result_of(S.Passes, S.Skips, S.Fails))
        self.assertEqual((code, line), (1, "FAIL bench/x: 1 of 3 cases failed"))

    def test_nothing_ran(self):
        self.assertEqual(testmain.verdict("bench/x", result_of())[0], 1)


class HeapRunWithoutGnuTime(unittest.TestCase):
    def run_heap_tests(self, path):
        return subprocess.run([sys.executable, "-B", os.path.join(HERE, "test_heap_run.py")],
                              capture_output=True, text=True, timeout=120, env=dict(os.environ, PATH=path))

    def test_reports_a_skip(self):
        with tempfile.TemporaryDirectory() as empty:
            r = self.run_heap_tests(empty)
        self.assertEqual(r.returncode, testmain.SKIP_CODE, r.stdout + r.stderr)
        self.assertRegex(r.stdout, r"(?m)^SKIP bench/heap_run: 1 of \d+ cases skipped: GNU time not on PATH")

    def test_a_fake_time_on_path_is_used(self):
        """The PATH lookup is what decides: a `time` that fails makes the
        case run (and fail), so the skip above came from its absence."""
        with tempfile.TemporaryDirectory() as d:
            fake = os.path.join(d, "time")
            with open(fake, "w") as f:
                f.write("#!/bin/sh\nexit 3\n")
            os.chmod(fake, 0o755)
            r = self.run_heap_tests(d)
        self.assertEqual(r.returncode, 1, r.stdout + r.stderr)
        self.assertRegex(r.stdout, r"(?m)^FAIL bench/heap_run: 1 of \d+ cases failed")


if __name__ == "__main__":
    testmain.main()
