#!/usr/bin/env python3
"""test_runner.py — bench/harness/runner.py: the interleaved schedule
(warm-ups, A ... A drift runs, base runs, copies, rotation), an arm that
fails, the reference falling back, and the output parsing of run_once.
The schedule is driven by a synthetic run function: no timing."""
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from harness import runner  # noqa: E402
import testmain  # noqa: E402  (the exit status and last line ctest reads)


class Fake:
    """Records the commands run; each returns a made-up sample."""

    def __init__(self, fail=()):
        self.log = []
        self.fail = set(fail)

    def __call__(self, cmd, timeout):
        self.log.append(tuple(cmd))
        if cmd[0] in self.fail:
            raise runner.RunError(f"{cmd[0]}: exit status 1\nboom")
        cpu = {"A": 1.0, "B": 2.0, "C": 3.0}[cmd[0]] * (0.1 if cmd[-1] == "0" else 1)
        return {"cpu_s": cpu, "wall_s": cpu, "maxrss_kb": 1, "status": 0, "checksum": "42", "pairs": 10}


def arms(names, copies=2):
    return {n: [[n, f"copy{k}", "lifo", "1", "5"] for k in range(copies)] for n in names}


def bases(names, copies=2):
    return {n: [[n, f"copy{k}", "lifo", "1", "0"] for k in range(copies)] for n in names}


class Schedule(unittest.TestCase):
    def test_round_structure(self):
        f = Fake()
        cell = runner.measure_cell(arms("ABC"), "A", rounds=2, warmup=1, run_fn=f, base=bases("ABC"))
        who = [(c[0], c[1], c[-1]) for c in f.log]
        warm = who[:3]
        self.assertEqual(warm, [("A", "copy0", "5"), ("B", "copy0", "5"), ("C", "copy0", "5")])
        r0 = who[3:3 + 7]
        # A, A base, B, B base, C, C base, A again (drift); copy 0
        self.assertEqual([w[0] for w in r0], ["A", "A", "B", "B", "C", "C", "A"])
        self.assertEqual([w[2] for w in r0], ["5", "0", "5", "0", "5", "0", "5"])
        self.assertTrue(all(w[1] == "copy0" for w in r0))
        r1 = who[10:17]
        # round 1: copy 1, the other arms rotated
        self.assertEqual([w[0] for w in r1], ["A", "A", "C", "C", "B", "B", "A"])
        self.assertTrue(all(w[1] == "copy1" for w in r1))
        self.assertEqual(len(cell.drift_pairs), 2)
        self.assertEqual(cell.measured("A"), [1.0, 1.0])
        phases = [s["phase"] for s in cell.samples["A"]]
        self.assertEqual(phases, ["warmup", "measure", "base", "drift", "measure", "base", "drift"])

    def test_base_runs_only_in_the_first_rounds(self):
        f = Fake()
        cell = runner.measure_cell(arms("AB"), "A", rounds=3, warmup=1, run_fn=f, base=bases("AB"), base_rounds=1)
        self.assertEqual([s["round"] for s in cell.samples["B"] if s["phase"] == "base"], [0])
        self.assertEqual(len(cell.measured("B")), 3)

    def test_failing_arm_is_dropped_with_its_message(self):
        f = Fake(fail={"B"})
        cell = runner.measure_cell(arms("ABC"), "A", rounds=3, warmup=1, run_fn=f)
        self.assertIn("boom", cell.errors["B"])
        self.assertEqual(sum(1 for c in f.log if c[0] == "B"), 1)
        self.assertEqual(len(cell.measured("C")), 3)

    def test_reference_falls_back_when_it_fails(self):
        f = Fake(fail={"A"})
        cell = runner.measure_cell(arms("ABC"), "A", rounds=2, warmup=1, run_fn=f)
        self.assertEqual(cell.ref, "B")
        self.assertEqual(len(cell.drift_pairs), 2)
        self.assertEqual(cell.measured("A"), [])

    def test_warmup_zero_still_runs_once(self):
        f = Fake()
        cell = runner.measure_cell(arms("AB"), "A", rounds=1, warmup=0, run_fn=f)
        self.assertEqual([s["phase"] for s in cell.samples["B"]], ["warmup", "measure"])


class RunOnce(unittest.TestCase):
    PY = sys.executable

    def test_parses_checksum_and_pairs(self):
        s = runner.run_once([self.PY, "-c", "print('checksum 123 pairs 456')"])
        self.assertEqual((s["checksum"], s["pairs"], s["status"]), ("123", 456, 0))
        for k in ("cpu_s", "wall_s", "maxrss_kb"):
            self.assertGreaterEqual(s[k], 0)

    def test_page_faults_and_peak_rss_follow_the_memory_touched(self):
        """minflt and maxrss_kb of a child that writes 64 MiB exceed those of
        one that does not by most of the 16384 pages."""
        touch = "b = bytearray(64 << 20)\nfor i in range(0, len(b), 4096): b[i] = 1\n"
        small = runner.run_once([self.PY, "-c", "print('checksum 1 pairs 1')"])
        big = runner.run_once([self.PY, "-c", touch + "print('checksum 1 pairs 1')"])
        self.assertGreater(big["minflt"] - small["minflt"], 12000)
        self.assertGreater(big["maxrss_kb"] - small["maxrss_kb"], 48 << 10)
        status, out, _, ru = runner.run_rusage([self.PY, "-c", "print(7)"])
        self.assertEqual((status, out.strip()), (0, "7"))
        self.assertGreater(ru["minflt"], 0)
        self.assertEqual(runner.run_raw([self.PY, "-c", "print(7)"])[:2], (0, "7\n"))

    def test_nonzero_exit_is_an_error_with_stderr(self):
        with self.assertRaises(runner.RunError) as e:
            runner.run_once([self.PY, "-c", "import sys; sys.stderr.write('x.gs:1:1: error: no\\n'); sys.exit(1)"])
        self.assertIn("error: no", str(e.exception))

    def test_missing_checksum_is_an_error(self):
        with self.assertRaises(runner.RunError):
            runner.run_once([self.PY, "-c", "print('hello')"])

    def test_environment_and_args(self):
        cmd = runner.with_args(([self.PY, "-c", "import os,sys; print('checksum', os.environ['X'], 'pairs', "
                                               "sys.argv[1])"], {"X": "9"}), ["3"])
        s = runner.run_once(cmd)
        self.assertEqual((s["checksum"], s["pairs"]), ("9", 3))


if __name__ == "__main__":
    testmain.main()
