#!/usr/bin/env python3
"""test_patch.py — the exact-match patcher (bench/harness/patch.py) and the
call modes built on it (bench/harness/calls.py): a snippet found once is
replaced and nothing else changes; a snippet found 0 or 2 times is refused
with a message naming the snippet, the count and the file, from Python and
from the command line (exit 1, no file written); the call modes mark the
prototype and the definition of each named function and refuse a function
that is not there. One PASS/FAIL line per case."""
import contextlib
import io
import os
import sys
import tempfile
import unittest

BENCH = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, BENCH)
from harness import calls, patch  # noqa: E402
import testmain  # noqa: E402

C = """static void gs_main_run_ops(gs_slice_main_Op ops_0);
GS_INLINE uint64_t gs_main_rng_next(uint64_t *s_0);

static void gs_main_run_ops(gs_slice_main_Op ops_0)
{
    for (int64_t t2 = 0; t2 < t1; t2++) {
        gs_main_Op op_3 = t0.ptr[t2];
        uint32_t t4 = op_3.tag;
        gs_slice_main_Op body_4 = op_3.u.Loop.ops;
    }
}

GS_INLINE uint64_t gs_main_rng_next(uint64_t *s_0)
{
    return *s_0;
}
"""


class Patch(unittest.TestCase):
    def test_replaces_the_single_occurrence(self):
        out = patch.apply(C, "gs_main_Op op_3 = t0.ptr[t2];", "const gs_main_Op *op_3 = &t0.ptr[t2];", "bf.c")
        self.assertEqual(out.count("const gs_main_Op *op_3 = &t0.ptr[t2];"), 1)
        self.assertNotIn("gs_main_Op op_3 = t0.ptr[t2];", out.replace("const gs_main_Op *op_3", ""))
        self.assertEqual(out.replace("const gs_main_Op *op_3 = &t0.ptr[t2];", "gs_main_Op op_3 = t0.ptr[t2];"), C)

    def test_refuses_a_missing_snippet(self):
        with self.assertRaises(patch.PatchError) as cm:
            patch.apply(C, "gs_main_Op op_9 = t0.ptr[t2];", "x", "bf.c")
        msg = str(cm.exception)
        for part in ("'gs_main_Op op_9 = t0.ptr[t2];'", "found 0 times", "in bf.c"):
            self.assertIn(part, msg)

    def test_refuses_a_snippet_found_twice(self):
        with self.assertRaises(patch.PatchError) as cm:
            patch.apply(C, "op_3.", "op_3->", "bf.c")
        self.assertIn("found 2 times (it must occur exactly once) in bf.c", str(cm.exception))

    def test_refuses_an_empty_snippet(self):
        with self.assertRaises(patch.PatchError):
            patch.apply(C, "", "x", "bf.c")

    def test_pairs_apply_in_order(self):
        # the second snippet exists only after the first edit
        out = patch.apply_all(C, [("op_3.tag", "op_3->tag"), ("op_3->tag;", "op_3->tag; /* edited */")])
        self.assertIn("op_3->tag; /* edited */", out)

    def test_command_line_writes_or_refuses(self):
        with tempfile.TemporaryDirectory() as d:
            def put(name, text):
                p = os.path.join(d, name)
                with open(p, "w") as f:
                    f.write(text)
                return p
            src, old, new = put("bf.c", C), put("old", "op_3.u.Loop.ops"), put("new", "op_3->u.Loop.ops")
            out = os.path.join(d, "out.c")
            self.assertEqual(patch.main([src, old, new, "-o", out]), 0)
            with open(out) as f:
                self.assertIn("op_3->u.Loop.ops", f.read())
            os.remove(out)
            twice = put("twice", "op_3.")
            err = io.StringIO()
            with contextlib.redirect_stderr(err):
                self.assertEqual(patch.main([src, twice, new, "-o", out]), 1)
            self.assertIn("found 2 times", err.getvalue())
            self.assertIn("bf.c", err.getvalue())
            self.assertFalse(os.path.exists(out))


class Calls(unittest.TestCase):
    def test_boundary_marks_prototype_and_definition(self):
        out = calls.apply(C, ["run_ops"], "boundary")
        self.assertEqual(out.count("static __attribute__((noinline)) void gs_main_run_ops("), 2)
        self.assertEqual(out.replace("static __attribute__((noinline)) ", "static "), C)

    def test_inline_replaces_gs_inline(self):
        out = calls.apply(C, ["rng_next"], "inline")
        self.assertEqual(out.count("static inline __attribute__((always_inline)) uint64_t gs_main_rng_next("), 2)
        self.assertNotIn("GS_INLINE", out)

    def test_natural_changes_nothing(self):
        self.assertIs(calls.apply(C, ["run_ops"], "natural"), C)

    def test_refuses_a_missing_function(self):
        with self.assertRaises(patch.PatchError) as cm:
            calls.apply(C, ["exercise"], "boundary", "slot.c")
        self.assertIn("definition of gs_main_exercise (Goose fn exercise) found 0 times in slot.c", str(cm.exception))

    def test_refuses_a_function_defined_twice(self):
        twice = C + "\nstatic void gs_main_run_ops(gs_slice_main_Op ops_0)\n{\n}\n"
        with self.assertRaises(patch.PatchError):
            calls.apply(twice, ["run_ops"], "inline")

    def test_tinycc_runs_natural_and_says_so(self):
        self.assertEqual(calls.effective("inline", "gcc"), ("inline", None))
        for b in ("tcc", "jit"):
            mode, note = calls.effective("boundary", b)
            self.assertEqual(mode, "natural")
            self.assertIn("never inlines", note)


if __name__ == "__main__":
    testmain.main(per_case=True)
