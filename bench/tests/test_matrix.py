#!/usr/bin/env python3
"""test_matrix.py — the guards of docs/benchmarking.md wired through the whole driver
(bench/harness/matrix.py main), with builds and runs replaced by fakes that
return synthetic samples: the control that cannot be separated ("the
instrument proved nothing", exit 3), identical binaries (exit 2), a Goose
arm that does not compile (its message in the cell, exit 4), a checksum
mismatch, and a clean run (exit 0) with the JSON keys other tools read
(geomean, verdict, pair_ns) and a well-formed SVG."""
import contextlib
import copy
import io
import json
import os
import sys
import tempfile
import unittest
import xml.etree.ElementTree as ET
from unittest import mock

BENCH = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, BENCH)
from harness import build, guards, matrix, runner  # noqa: E402
import slot_pool  # noqa: E402
import testmain  # noqa: E402  (the exit status and last line ctest reads)

# CPU seconds per arm for the synthetic runs (the no-round base runs take a tenth).
COST = {"builtin": 1.0, "library": 1.1, "glibc": 3.0, "mimalloc": 2.0, "jemalloc": 2.5, "c_freelist": 0.9}


class Fakes:
    """Stand-ins for build.goose_arm, build.peer_arm and runner.run_once."""

    def __init__(self, cost=None, same_identity=(), compile_error=None, checksum=None, jitter=0.01):
        self.cost = dict(COST, **(cost or {}))
        self.same = set(same_identity)
        self.compile_error = compile_error or {}
        self.checksum = checksum or {}
        self.jitter = jitter
        self.n = 0

    def _art(self, arm, key):
        a = build.Artifact(key)
        a.identity = "same" if arm in self.same else f"id-{key}"
        a.copies = [["fake", arm, str(k)] for k in range(2)]
        a.error = self.compile_error.get(arm)
        return a

    def goose_arm(self, goose, src, text, backend, level, out_dir, copies):
        arm = "builtin" if "_builtin_" in os.path.basename(src) else "library"
        a = self._art(arm, f"{arm}-{backend}-O{level}")
        a.emitted_c = "/* fake */" if not a.error else None
        return a

    def peer_arm(self, peer, src, defines, backend, out_dir, copies):
        return self._art(peer, f"{peer}-{backend}")

    def run_once(self, cmd, timeout=300):
        self.n += 1
        arm, rounds = cmd[1], cmd[-1]
        scale = 0.1 if rounds == "0" else 1.0
        cpu = self.cost[arm] * scale * (1 + self.jitter * ((self.n * 7919) % 5 - 2))
        pairs = 0 if rounds == "0" else 1_000_000
        return {"cpu_s": cpu, "wall_s": cpu, "maxrss_kb": 1000, "status": 0,
                "checksum": self.checksum.get(arm, "42"), "pairs": pairs}


def run_main(fakes, *extra, spec=None):
    out = tempfile.mkdtemp(prefix="bench-test-")
    args = ["--out", out, "--goose", sys.executable, "--backends", "clang", "--levels", "2",
            "--workloads", "lifo,scattered", "--sizes", "8", "--rounds", "5", "--jobs", "1"] + list(extra)
    err = io.StringIO()
    with mock.patch.object(build, "goose_arm", fakes.goose_arm), \
            mock.patch.object(build, "peer_arm", fakes.peer_arm), \
            mock.patch.object(build, "tool_versions", lambda g: {"goose": "fake"}), \
            mock.patch.object(runner, "run_once", fakes.run_once), \
            contextlib.redirect_stderr(err):
        code = matrix.main(spec or slot_pool.SPEC, args)
    return code, out, err.getvalue()


def read(out, name):
    with open(os.path.join(out, name)) as f:
        return f.read()


class Guards(unittest.TestCase):
    def test_clean_run(self):
        code, out, log = run_main(Fakes())
        self.assertEqual(code, 0, log)
        doc = json.loads(read(out, "results.json"))
        self.assertTrue(doc["control"]["ok"])
        self.assertIn("control separated", doc["verdict"])
        self.assertAlmostEqual(doc["geomean"]["clang-O2"], 1.1, places=1)
        self.assertEqual(set(doc["pair_ns"]), set(matrix.ARMS))
        self.assertAlmostEqual(doc["pair_ns"]["builtin"], 900.0, delta=50)   # (1.0 - 0.1) s / 1e6 pairs
        cell = doc["cells"][0]
        self.assertEqual(cell["ratio"]["verdict"], "slower")
        self.assertEqual(len([s for s in cell["arms"]["library"]["samples"] if s["phase"] == "measure"]), 5)
        self.assertIn("| lifo | 8 B |", read(out, "results.md"))
        ET.fromstring(read(out, "ratios.svg"))
        self.assertIn("[1/2] clang -O2 lifo 8", log)

    def test_inseparable_control_proves_nothing(self):
        code, out, log = run_main(Fakes(cost={"glibc": 1.0}))
        self.assertEqual(code, guards.EXIT_CONTROL)
        self.assertIn(guards.PROVED_NOTHING, log)
        md = read(out, "results.md")
        self.assertIn(guards.PROVED_NOTHING, md)
        self.assertNotIn("Geometric mean", md)
        self.assertFalse(json.loads(read(out, "results.json"))["control"]["ok"])
        ET.fromstring(read(out, "ratios.svg"))

    def test_noise_swamps_the_control(self):
        code, _, log = run_main(Fakes(jitter=0.5, cost={"glibc": 1.3}))
        self.assertEqual(code, guards.EXIT_CONTROL, log)

    def test_identical_binaries_abort(self):
        code, out, log = run_main(Fakes(same_identity={"builtin", "library"}))
        self.assertEqual(code, guards.EXIT_GUARD)
        self.assertIn("distinct-binary check failed", log)
        self.assertIn("aborted", read(out, "results.md"))

    def test_compile_failure_is_a_cell_error_with_the_message(self):
        msg = "goose build --cc clang failed:\nx.gs:3:1: error: unknown module pool"
        code, out, log = run_main(Fakes(compile_error={"library": msg}))
        self.assertEqual(code, matrix.EXIT_ERRORS)
        doc = json.loads(read(out, "results.json"))
        self.assertIsNone(doc["cells"][0]["ratio"])
        self.assertIn("unknown module pool", doc["cells"][0]["error"])
        self.assertIsNone(doc["geomean"]["clang-O2"])
        self.assertTrue(doc["control"]["ok"])        # glibc against the builtin still runs
        self.assertIn("unknown module pool", read(out, "results.md"))

    def test_control_falls_back_to_the_c_pool(self):
        code, _, log = run_main(Fakes(compile_error={"builtin": "no", "library": "no"}))
        self.assertEqual(code, matrix.EXIT_ERRORS)
        self.assertIn("glibc against c_freelist", log)

    def test_spec_names_its_control_arm(self):
        # glibc ties the builtin (as it does the slice pools'): a spec whose
        # control arm is the C pool is still separated, one on glibc is not.
        spec = copy.copy(slot_pool.SPEC)
        spec.control_arm = "c_freelist"
        fakes = dict(cost={"glibc": 1.0, "c_freelist": 0.3})
        code, out, log = run_main(Fakes(**fakes), spec=spec)
        self.assertEqual(code, 0, log)
        self.assertIn("c_freelist against builtin", log)
        self.assertEqual(json.loads(read(out, "results.json"))["control"]["arm"], "c_freelist")
        code, _, log = run_main(Fakes(**fakes))
        self.assertEqual(code, guards.EXIT_CONTROL, log)

    def test_checksum_mismatch_is_an_error(self):
        code, out, _ = run_main(Fakes(checksum={"library": "43"}))
        self.assertEqual(code, matrix.EXIT_ERRORS)
        doc = json.loads(read(out, "results.json"))
        self.assertIn("checksum of library", doc["cells"][0]["error"])
        self.assertIsNone(doc["cells"][0]["ratio"])

    def test_peers_only_needs_no_goose_arm(self):
        code, out, log = run_main(Fakes(), "--peers-only")
        self.assertEqual(code, 0, log)
        doc = json.loads(read(out, "results.json"))
        self.assertNotIn("builtin", doc["cells"][0]["arms"])
        self.assertIn("glibc against c_freelist", doc["verdict"])


if __name__ == "__main__":
    testmain.main()
