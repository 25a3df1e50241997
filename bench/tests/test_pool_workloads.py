#!/usr/bin/env python3
"""test_pool_workloads.py — bench/pool_workloads.py without timing anything:
output parsing, port discovery (pairs, header agreement), the size tables
against the ports' headers, expected checksums from the JSON, the run
function's checks, the control verdict per metric and the suite row.
Synthetic samples and fake runs only."""
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import pool_workloads as pw  # noqa: E402
from harness import runner, stats  # noqa: E402
import testmain  # noqa: E402  (the exit status and last line ctest reads)


class Parsing(unittest.TestCase):
    def test_ok_line(self):
        self.assertEqual(pw.parse_output("Etc::GameOfLife", "Etc::GameOfLife: OK in 2.862s\n"), 2.862)

    def test_ok_line_of_another_benchmark(self):
        self.assertIsNone(pw.parse_output("Etc::GameOfLife", "Etc::Sieve: OK in 2.862s\n"))

    def test_err_line(self):
        out = "Compress::LZWEncode: ERR[actual=425748, expected=0]\n"
        self.assertIsNone(pw.parse_output("Compress::LZWEncode", out))
        self.assertEqual(pw.parse_actual(out), 425748)
        self.assertIsNone(pw.parse_actual("Compress::LZWEncode: OK in 1.000s"))


def write(path, text):
    with open(path, "w") as f:
        f.write(text)


class Ports(unittest.TestCase):
    def test_pairs_only(self):
        with tempfile.TemporaryDirectory() as d:
            write(os.path.join(d, "a_builtin.gs"), "// langarena: X::A n iterations\n")
            write(os.path.join(d, "a_library.gs"), "// langarena: X::A n iterations\n")
            write(os.path.join(d, "b_builtin.gs"), "// langarena: X::B n iterations\n")  # no library
            write(os.path.join(d, "c.gs"), "// langarena: X::C n iterations\n")
            ports = pw.find_ports(d)
            self.assertEqual([p.slug for p in ports], ["a"])
            self.assertEqual(ports[0].inputs, ["n", "iterations"])

    def test_headers_must_agree(self):
        with tempfile.TemporaryDirectory() as d:
            write(os.path.join(d, "a_builtin.gs"), "// langarena: X::A n iterations\n")
            write(os.path.join(d, "a_library.gs"), "// langarena: X::A m iterations\n")
            with self.assertRaises(SystemExit):
                pw.find_ports(d)

    def test_tables_match_the_ports(self):
        """Every row of SIZES, QUICK and CALLGRIND names a two-variant port
        and gives exactly its header's inputs; our own ports are sized."""
        ports = {p.slug: p for p in pw.find_ports()}
        for slug in ("cache_simulation", "game_of_life", "lzw_encode"):
            self.assertIn(slug, ports)
        for table in (pw.SIZES, pw.QUICK, pw.CALLGRIND):
            for slug in ("cache_simulation", "game_of_life", "lzw_encode"):
                self.assertIn(slug, table)
            for slug, row in table.items():
                self.assertIn(slug, ports, f"{slug} is sized but has no _builtin/_library pair")
                want = [k for k in ports[slug].inputs if k != "warmup_iterations"]
                self.assertEqual(sorted(row), sorted(want), slug)

    def test_json_checksum(self):
        ports = {p.slug: p for p in pw.find_ports()}
        jsons = [pw.load_json("run"), pw.load_json("test")]
        cache = ports["cache_simulation"]
        self.assertEqual(pw.json_checksum(cache, pw.SIZES["cache_simulation"], jsons), 3263751556)
        self.assertEqual(pw.json_checksum(cache, {"values": 2000, "size": 1000, "iterations": 2}, jsons),
                         179773224)
        self.assertIsNone(pw.json_checksum(cache, pw.QUICK["cache_simulation"], jsons))
        self.assertEqual(pw.argv_inputs(cache, {"iterations": 3, "size": 2, "values": 1}), ["1", "2", "3"])

    def test_scaled(self):
        self.assertEqual(pw.scaled({"w": 5, "iterations": 600}, 1.25), {"w": 5, "iterations": 750})
        self.assertEqual(pw.scaled({"iterations": 1}, 0.1)["iterations"], 1)


class RunFn(unittest.TestCase):
    def setUp(self):
        self.saved = pw.run_app

    def tearDown(self):
        pw.run_app = self.saved

    def fake(self, status, out):
        pw.run_app = lambda argv, timeout: (status, out, "", 1.5, 2.0, 1000)

    def test_ok_sample(self):
        self.fake(0, "Etc::GameOfLife: OK in 1.250s\n")
        s = pw.make_run_fn("Etc::GameOfLife", 42)(["prog"], 10)
        self.assertEqual((s["timed_s"], s["cpu_s"], s["checksum"]), (1.25, 1.5, "42"))

    def test_wrong_checksum_is_an_error(self):
        self.fake(1, "Etc::GameOfLife: ERR[actual=1, expected=42]\n")
        with self.assertRaises(runner.RunError):
            pw.make_run_fn("Etc::GameOfLife", 42)(["prog"], 10)

    def test_exit_zero_without_ok_is_an_error(self):
        self.fake(0, "something else\n")
        with self.assertRaises(runner.RunError):
            pw.make_run_fn("Etc::GameOfLife", 42)(["prog"], 10)


def cmp(ratio, verdict):
    return {"ratio": ratio, "band": 0.05, "verdict": verdict, "median_ref": 1.0, "median_other": ratio,
            "floor": 0.01}


class Verdicts(unittest.TestCase):
    def test_control_per_metric(self):
        cells = [{"slug": "a", "inputs": {"iterations": 4}, "control_cell": True, "control_inputs": {"iterations": 5},
                  "control": {"timed_s": cmp(1.0, stats.INDISTINGUISHABLE), "cpu_s": cmp(1.25, "slower")}}]
        ok, text = pw.control_verdict(cells)
        self.assertEqual(ok, {"timed_s": False, "cpu_s": True})
        self.assertIn("proved nothing for the timed window", text)

    def test_control_faster_does_not_count(self):
        cells = [{"slug": "a", "inputs": {"iterations": 4}, "control_cell": True, "control_inputs": {"iterations": 5},
                  "control": {"timed_s": cmp(0.5, "faster"), "cpu_s": cmp(0.5, "faster")}}]
        ok, _ = pw.control_verdict(cells)
        self.assertFalse(any(ok.values()))

    def test_no_control(self):
        ok, text = pw.control_verdict([{"slug": "a", "control_cell": True, "error": "boom"}])
        self.assertFalse(any(ok.values()))
        self.assertIn("boom", text)

    def test_suite_row(self):
        cells = [{"slug": "a", "comparison": {"timed_s": cmp(2.0, "slower"), "cpu_s": cmp(2.0, "slower")},
                  "callgrind": {"ratio": 1.5}},
                 {"slug": "b", "comparison": {"timed_s": cmp(0.5, "faster"), "cpu_s": cmp(0.5, "faster")},
                  "callgrind": {"ratio": 1.5}},
                 {"slug": "c", "error": "build failed"}]
        row = pw.suite_row(cells)
        self.assertEqual(row["ports"], ["a", "b"])
        self.assertAlmostEqual(row["cpu_s"]["geomean"], 1.0)
        self.assertAlmostEqual(row["cpu_s"]["sum_ratio"], 2.5 / 2.0)
        self.assertAlmostEqual(row["ir_geomean"], 1.5)

    def test_timed_drift(self):
        samples = [{"phase": "measure", "round": 0, "timed_s": 1.0}, {"phase": "drift", "round": 0, "timed_s": 1.2},
                   {"phase": "measure", "round": 1, "timed_s": 1.0}, {"phase": "drift", "round": 1, "timed_s": 1.4},
                   {"phase": "warmup", "round": 0, "timed_s": 9.0}]
        self.assertAlmostEqual(pw.timed_drift(samples), 0.3)


if __name__ == "__main__":
    testmain.main()
