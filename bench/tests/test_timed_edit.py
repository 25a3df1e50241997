#!/usr/bin/env python3
"""test_timed_edit.py — bench/apps/timed_edit.py with its builds and runs
replaced by fakes (synthetic times, no compiler): a clean run reports each
arm's ratio to the original and the edits; a control that cannot be told
apart proves nothing (exit 3); identical binaries abort (exit 2); an edit
whose snippet is not in the C is refused before anything runs (exit 1)."""
import contextlib
import io
import json
import os
import sys
import tempfile
import unittest
from unittest import mock

BENCH = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, BENCH)
sys.path.insert(0, os.path.join(BENCH, "apps"))
from harness import build, guards  # noqa: E402
import pool_workloads as pw  # noqa: E402
import timed_edit  # noqa: E402
import testmain  # noqa: E402

C = "static void gs_main_run_ops(void)\n{\n    gs_main_Op op_3 = t0.ptr[t2];\n}\n"
NAME = "Brainfuck::Recursion"


class Fakes:
    """goose_c_arm and pool_workloads.run_app stand-ins: seconds per
    iteration of each arm; the checksum is 7 per iteration."""

    def __init__(self, cost=None, same_identity=False, flat=False):
        self.cost = dict({"original": 1.0, "edited": 0.8, "unchecked": 0.95}, **(cost or {}))
        self.same = same_identity
        self.flat = flat        # a run's time does not grow with its iterations
        self.n = 0

    def goose_c_arm(self, goose, src, text, backend, level, out_dir, copies, edit=None, emit_flags=(), tag=""):
        arm = tag[1:]
        a = build.Artifact(f"bf{tag}")
        try:
            a.emitted_c = edit(C) if edit else C
        except Exception as e:
            a.error = f"edit of bf.c refused: {e}"
            return a
        a.identity = "same" if self.same else f"id-{arm}"
        a.c_bytes, a.binary_bytes = len(a.emitted_c), 1000
        a.copies = [["fake", arm, str(k)] for k in range(copies)]
        return a

    def run_app(self, argv, timeout):
        self.n += 1
        arm, iterations, expected = argv[1], int(argv[-3]), int(argv[-1])
        t = self.cost[arm] * (1 if self.flat else iterations) * (1 + 0.01 * ((self.n * 7919) % 5 - 2))
        actual = 7 * iterations
        if expected != actual:
            return 1, f"{NAME}: ERR[actual={actual}, expected={expected}]\n", "", t, t, 1000
        return 0, f"{NAME}: OK in {t:.4f}s\n", "", t, t, 1000


def run(fakes, *edits):
    out = tempfile.mkdtemp(prefix="timed-edit-test-")
    files = []
    for old, new in edits or [("gs_main_Op op_3 = t0.ptr[t2];", "const gs_main_Op *op_3 = &t0.ptr[t2];")]:
        for text in (old, new):
            p = os.path.join(out, f"snippet{len(files)}")
            with open(p, "w") as f:
                f.write(text)
            files.append(p)
    argv = ["brainfuck_recursion", "--unchecked", "--goose", sys.executable, "--out", out, "--rounds", "5",
            "--set", "iterations=4"]
    for i in range(0, len(files), 2):
        argv += ["--edit", files[i], files[i + 1]]
    err, stdout = io.StringIO(), io.StringIO()
    with mock.patch.object(build, "goose_c_arm", fakes.goose_c_arm), \
            mock.patch.object(build, "tool_versions", lambda g: {"goose": "fake"}), \
            mock.patch.object(pw, "run_app", fakes.run_app), \
            contextlib.redirect_stderr(err), contextlib.redirect_stdout(stdout):
        try:
            code = timed_edit.main(argv)
        except SystemExit as e:
            code = e.code
    return code, out, err.getvalue() + stdout.getvalue()


class TimedEdit(unittest.TestCase):
    def test_clean_run_reports_each_arm(self):
        code, out, log = run(Fakes())
        self.assertEqual(code, 0, log)
        with open(os.path.join(out, "results.json")) as f:
            doc = json.load(f)
        cmp = doc["result"]["comparison"]
        self.assertAlmostEqual(cmp["edited"]["cpu_s"]["ratio"], 0.8, delta=0.03)
        self.assertEqual(cmp["edited"]["cpu_s"]["verdict"], "faster")
        self.assertEqual(doc["result"]["control_inputs"]["iterations"], 5)
        self.assertTrue(all(doc["control_ok"].values()))
        self.assertIn("const gs_main_Op *op_3", doc["emitted_c"]["edited"])
        self.assertIn("| edited | ", log)
        self.assertIn("replaced (exactly once)", log)

    def test_inseparable_control_proves_nothing(self):
        code, out, log = run(Fakes(flat=True))
        self.assertEqual(code, guards.EXIT_CONTROL, log)
        self.assertIn(guards.PROVED_NOTHING, log)
        self.assertIn("control not separated", log)

    def test_identical_binaries_abort(self):
        code, out, log = run(Fakes(same_identity=True))
        self.assertEqual(code, guards.EXIT_GUARD, log)
        self.assertIn("distinct-binary check failed", log)

    def test_refused_edit_stops_before_timing(self):
        fakes = Fakes()
        code, out, log = run(fakes, ("op_4 = t0", "x"))
        self.assertEqual(code, timed_edit.EXIT_USAGE, log)
        self.assertIn("found 0 times", log)
        self.assertEqual(fakes.n, 0)


if __name__ == "__main__":
    testmain.main()
