#!/usr/bin/env python3
"""test_matrix.py — the guards of docs/benchmarking.md wired through the whole driver
(bench/harness/matrix.py main), with builds and runs replaced by fakes that
return synthetic samples: the control that cannot be separated ("the
instrument proved nothing", exit 3), identical binaries (exit 2), a Goose
arm that does not compile (its message in the cell, exit 4), a checksum
mismatch, and a clean run (exit 0) with the JSON keys other tools read
(geomean, verdict, pair_ns) and a well-formed SVG; --calls (which builder
each back end gets, the mode each row records) and --compile-metrics (sizes
and times in results.json and results.md, its own control)."""
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
from harness import build, compile_metrics, guards, matrix, runner  # noqa: E402
import slot_pool  # noqa: E402
import testmain  # noqa: E402  (the exit status and last line ctest reads)

# CPU seconds per arm for the synthetic runs (the no-round base runs take a tenth).
COST = {"builtin": 1.0, "library": 1.1, "glibc": 3.0, "mimalloc": 2.0, "jemalloc": 2.5, "c_freelist": 0.9}


class Fakes:
    """Stand-ins for build.goose_arm, build.peer_arm and runner.run_once."""

    def __init__(self, cost=None, same_identity=(), compile_error=None, checksum=None, jitter=0.01,
                 compile_cost=None):
        self.cost = dict(COST, **(cost or {}))
        self.same = set(same_identity)
        self.compile_error = compile_error or {}
        self.checksum = checksum or {}
        self.jitter = jitter
        self.n = 0
        self.edited = []        # (backend, C after the edit) of each goose_c_arm build
        # CPU seconds of a compile step: goose emit-c, and each arm's whole compile
        self.compile_cost = dict({"emit-c": 0.01, "builtin": 0.15, "library": 0.18}, **(compile_cost or {}))

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
        a.c_bytes, a.binary_bytes = 1000 + len(arm), 20000 + len(arm)
        a.emit_step = ["fake-compile", "emit-c"]
        a.compile_steps = [["fake-compile", arm]]
        return a

    def goose_c_arm(self, goose, src, text, backend, level, out_dir, copies, edit=None, **kw):
        a = self.goose_arm(goose, src, text, backend, level, out_dir, copies)
        c = "".join(f"static uint64_t gs_main_{f}(int p_0);\n" for f in slot_pool.SPEC.call_functions)
        c += "".join(f"static uint64_t gs_main_{f}(int p_0)\n{{}}\n" for f in slot_pool.SPEC.call_functions)
        self.edited.append((backend, edit(c)))
        return a

    def run_steps(self, steps, timeout=300):
        self.n += 1
        cpu = sum(self.compile_cost[s[1]] for s in steps) * (1 + self.jitter * ((self.n * 7919) % 5 - 2))
        return {"cpu_s": cpu, "wall_s": cpu, "maxrss_kb": 1000, "status": 0, "checksum": "compile", "pairs": 0}

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
            mock.patch.object(build, "goose_c_arm", fakes.goose_c_arm), \
            mock.patch.object(compile_metrics, "run_steps", fakes.run_steps), \
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



class CallsAndCompileMetrics(unittest.TestCase):
    def test_calls_boundary_edits_clang_and_gcc_only(self):
        fakes = Fakes()
        code, out, log = run_main(fakes, "--calls", "boundary", "--backends", "clang,gcc,tcc",
                                  "--workloads", "lifo")
        self.assertEqual(code, 0, log)
        self.assertEqual(sorted({b for b, _ in fakes.edited}), ["clang", "gcc"])
        self.assertTrue(all(c.count("__attribute__((noinline))") == 8 for _, c in fakes.edited))
        doc = json.loads(read(out, "results.json"))
        modes = {r["backend"]: (r["calls"], r["calls_note"]) for r in doc["cells"]}
        self.assertEqual(modes["clang"], ("boundary", None))
        self.assertEqual(modes["tcc"][0], "natural")
        self.assertIn("never inlines", modes["tcc"][1])
        md = read(out, "results.md")
        self.assertIn("| lifo | 8 B | boundary |", md)
        self.assertIn("| lifo | 8 B | natural (tcc: TinyCC never inlines) |", md)

    def test_natural_is_the_default_and_edits_nothing(self):
        fakes = Fakes()
        code, out, log = run_main(fakes)
        self.assertEqual(code, 0, log)
        self.assertEqual(fakes.edited, [])
        self.assertEqual({r["calls"] for r in json.loads(read(out, "results.json"))["cells"]}, {"natural"})

    def test_sizes_always_times_on_request(self):
        code, out, log = run_main(Fakes())
        comp = json.loads(read(out, "results.json"))["compile"]
        self.assertFalse(comp["timed"])
        self.assertEqual(comp["rows"][0]["arms"]["library"]["binary_bytes"], 20007)
        self.assertNotIn("median_cpu_s", comp["rows"][0]["arms"]["library"])
        code, out, log = run_main(Fakes(), "--compile-metrics")
        self.assertEqual(code, 0, log)
        comp = json.loads(read(out, "results.json"))["compile"]
        row = comp["rows"][0]
        self.assertAlmostEqual(row["ratio"]["ratio"], 1.2, places=1)
        self.assertEqual(row["ratio"]["verdict"], "slower")
        self.assertTrue(comp["control"]["ok"])
        self.assertIn("| clang | -O2 | 8 B | natural | 1,007 | 1,007 | 20,007 | 20,007 | 150 | 180 | 1.2",
                      read(out, "results.md"))

    def test_compile_control_not_separated_proves_nothing(self):
        code, out, log = run_main(Fakes(compile_cost={"emit-c": 0.15}), "--compile-metrics")
        self.assertEqual(code, guards.EXIT_CONTROL, log)
        self.assertFalse(json.loads(read(out, "results.json"))["compile"]["control"]["ok"])
        self.assertIn(guards.PROVED_NOTHING + "** about compile times", read(out, "results.md"))


if __name__ == "__main__":
    testmain.main()
