#!/usr/bin/env python3
"""test_heap_run.py — bench/heap/run.py without timing anything: the arms'
environments (LD_PRELOAD of an installed library, a missing one is an
error), distinct arm identities, the control's scaled arguments, the
analysis of a synthetic cell (checksum agreement, ratios to goose, RSS),
the target verdicts, GNU time's peak RSS of the program itself, the
workload table against the programs, and the Markdown table."""
import os
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "heap"))
import run as hr  # noqa: E402  (bench/heap/run.py)
from harness import runner  # noqa: E402
import testmain  # noqa: E402  (the exit status and last line ctest reads)


def sample(cpu, rss=1000, checksum="7", phase="measure", pairs=100):
    return {"cpu_s": cpu, "wall_s": cpu, "maxrss_kb": rss, "minflt": 10, "checksum": checksum,
            "pairs": pairs, "phase": phase, "round": 0, "copy": 0}


class Cell:
    def __init__(self, samples, ref="goose", errors=None, drift=None):
        self.samples, self.ref, self.errors = samples, ref, errors or {}
        self.drift_pairs = drift or [(1.0, 1.0)]


class Arms(unittest.TestCase):
    def test_envs(self):
        self.assertEqual(hr.arm_env("goose"), {"GOOSE_HEAP": "goose"})
        self.assertEqual(hr.arm_env("system"), {"GOOSE_HEAP": "system"})
        env = hr.arm_env("mimalloc", find_lib=lambda name: sys.executable)
        self.assertEqual(env, {"GOOSE_HEAP": "system", "LD_PRELOAD": sys.executable})

    def test_missing_library_is_an_error(self):
        with self.assertRaises(runner.RunError):
            hr.arm_env("jemalloc", find_lib=lambda name: name)
        with self.assertRaises(runner.RunError):
            hr.arm_env("jemalloc", find_lib=lambda name: "/nonexistent/" + name)

    def test_identities_differ_by_environment_only(self):
        a = hr.identity("abc", {"GOOSE_HEAP": "goose"})
        self.assertNotEqual(a, hr.identity("abc", {"GOOSE_HEAP": "system"}))
        self.assertNotEqual(a, hr.identity("abd", {"GOOSE_HEAP": "goose"}))
        self.assertEqual(a, hr.identity("abc", {"GOOSE_HEAP": "goose"}))

    def test_control_scales_the_work_argument_only(self):
        self.assertEqual(hr.scaled_args([1000, 4], 1, 1.5), [1000, 6])
        self.assertEqual(hr.scaled_args([1000, 1], 0, 1.5), [1500, 1])


class Analysis(unittest.TestCase):
    def cell(self, sys_cpu=2.0, sys_sum="7"):
        return Cell({"goose": [sample(1.0, 900, phase="warmup")] + [sample(1.0 + i * 0.01, 900) for i in range(5)],
                     "system": [sample(sys_cpu + i * 0.01, 1000, sys_sum) for i in range(5)],
                     "mimalloc": [sample(1.1 + i * 0.01, 1100) for i in range(5)]},
                    drift=[(1.0, 1.01)] * 5)

    def test_ratios_and_rss(self):
        res = hr.analyze(self.cell(), ["goose", "system", "mimalloc"])
        self.assertEqual(res["errors"], {})
        s = res["arms"]["system"]
        self.assertAlmostEqual(s["vs_goose"]["ratio"], 2.02 / 1.02, places=6)
        self.assertEqual(s["vs_goose"]["verdict"], "slower")
        self.assertAlmostEqual(s["rss_vs_goose"], 1000 / 900)
        self.assertAlmostEqual(res["arms"]["goose"]["ns_per_alloc"], 1.02 / 100 * 1e9)
        t = hr.targets("short_lived", res)
        self.assertEqual(t["1.5x faster than glibc"], "met")
        self.assertEqual(t["within 5% of mimalloc"], "met")
        self.assertEqual(t["peak RSS <= glibc"], "met")
        self.assertEqual(set(hr.targets("strings", res)), {"peak RSS <= glibc"})

    def test_targets_can_fail(self):
        res = hr.analyze(self.cell(sys_cpu=1.2), ["goose", "system", "mimalloc"])
        res["arms"]["mimalloc"]["vs_goose"]["ratio"] = 0.5
        res["arms"]["system"]["rss_vs_goose"] = 0.9
        t = hr.targets("working_set", res)
        self.assertTrue(t["1.5x faster than glibc"].startswith("not met"))
        self.assertTrue(t["within 5% of mimalloc"].startswith("not met"))
        self.assertEqual(t["peak RSS <= glibc"], "not met")

    def test_within_noise(self):
        self.assertEqual(hr._judge(1.52, 0.1, 1.5), "met (within noise)")
        self.assertEqual(hr._judge(1.2, 0.1, 1.5), "not met")
        self.assertEqual(hr._judge(None, None, 1.5), "not measured")

    def test_checksum_mismatch_drops_the_arm(self):
        res = hr.analyze(self.cell(sys_sum="8"), ["goose", "system", "mimalloc"])
        self.assertIn("system", res["errors"])
        self.assertNotIn("system", res["arms"])
        self.assertIn("mimalloc", res["arms"])

    def test_control_verdict(self):
        ok, text = hr.control_verdict({"ratio": 1.5, "band": 0.1, "verdict": "slower"})
        self.assertTrue(ok)
        ok, text = hr.control_verdict({"ratio": 1.02, "band": 0.1, "verdict": "indistinguishable"})
        self.assertFalse(ok)
        self.assertIn("proved nothing", text)
        self.assertFalse(hr.control_verdict(None)[0])


class Programs(unittest.TestCase):
    def test_every_workload_has_a_program_and_sizes(self):
        for name, w in hr.WORKLOADS.items():
            self.assertTrue(os.path.exists(os.path.join(hr.HERE, name + ".gs")), name)
            for k in ("full", "quick", "callgrind"):
                self.assertEqual(len(w[k]), 2, (name, k))
            self.assertIn(w["work"], (0, 1))
        for c in hr.CHURN + (hr.CONTROL,):
            self.assertIn(c, hr.WORKLOADS)

    @unittest.skipUnless(hr.TIME, "GNU time not on PATH (Debian package time; ./build.sh installs it)")
    def test_peak_rss_is_the_programs_own(self):
        """Through GNU time a tiny child reports a few MiB, not the ~10+ MiB
        of the Python that started it, and 64 MiB touched shows."""
        small = hr.run_fn(([sys.executable, "-S", "-c", "print('checksum 1 pairs 1')"], {}), 60)
        big = hr.run_fn(([sys.executable, "-S", "-c", "b = bytearray(64 << 20)\nfor i in range(0, len(b), 4096):"
                          " b[i] = 1\nprint('checksum 1 pairs 1')"], {}), 60)
        self.assertGreater(big["maxrss_kb"] - small["maxrss_kb"], 60 << 10)
        self.assertGreater(big["minflt"] - small["minflt"], 15000)
        self.assertEqual((small["checksum"], small["pairs"]), ("1", 1))


class Markdown(unittest.TestCase):
    def test_table(self):
        res = hr.analyze(Analysis().cell(), ["goose", "system", "mimalloc"])
        res.update(args=[10, 1], targets=hr.targets("short_lived", res), errors={"jemalloc": "x: boom"})
        doc = {"date": "d", "duration_s": 1.0, "host": {"cpus": 2, "loadavg_start": [0.5], "loadavg_end": [0.6]},
               "command": ["bench/heap/run.py"], "protocol": {"rounds": 5, "warmup": 1, "copies": 2, "quick": False},
               "verdict": "control separated", "control_ok": True, "cells": {"short_lived": res}}
        md = hr.markdown(doc)
        self.assertIn("| short_lived | 10 1 | system | 2.020 | 1.98 |", md)
        self.assertIn("| short_lived | 1.5x faster than glibc | met |", md)
        self.assertIn("jemalloc", md.split("## Errors")[1])
        doc["control_ok"] = False
        self.assertIn("| short_lived | 10 1 | system | 2.020 | — |", hr.markdown(doc))


if __name__ == "__main__":
    testmain.main()
