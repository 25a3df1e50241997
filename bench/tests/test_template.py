#!/usr/bin/env python3
"""test_template.py — bench/harness/template.py, and the rendered slot and
slice exercises: the arms of a cell differ only in their pool words."""
import difflib
import os
import sys
import unittest

BENCH = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, BENCH)
from harness import template  # noqa: E402
import slice_pool  # noqa: E402
import slot_pool  # noqa: E402
import testmain  # noqa: E402  (the exit status and last line ctest reads)


class Render(unittest.TestCase):
    def test_words_calls_and_nesting(self):
        m = {"POOL_T": "reusable ELEM_T", "ELEM_T": "E8", "POOL_AT": "p[$0]", "ELEM_VAL": "POOL_AT($0).v",
             "POOL_RESIZE": "r(p, $0, $1)"}
        self.assertEqual(template.render("x: POOL_T", m), "x: reusable E8")
        self.assertEqual(template.render("s += ELEM_VAL(h[k])", m), "s += p[h[k]].v")
        self.assertEqual(template.render("POOL_RESIZE(f(a, b), m[i])", m), "r(p, f(a, b), m[i])")

    def test_unknown_word_is_an_error(self):
        with self.assertRaises(template.TemplateError):
            template.render("POOL_NOPE", {})

    def test_recursive_definition_is_an_error(self):
        with self.assertRaises(template.TemplateError):
            template.render("POOL_A", {"POOL_A": "POOL_A"})

    def test_unbalanced_call_is_an_error(self):
        with self.assertRaises(template.TemplateError):
            template.render("POOL_AT(x", {"POOL_AT": "p[$0]"})


def leftovers(text):
    return template.WORD.findall(text)


def changed_lines(a, b):
    """Lines only one side has, non-blank (line diff without autojunk)."""
    a, b = a.splitlines(), b.splitlines()
    out = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if op != "equal":
            out += [l for l in a[i1:i2] + b[j1:j2] if l.strip()]
    return out


class Exercises(unittest.TestCase):
    def render(self, mod, arm, size):
        with open(os.path.join(BENCH, "workloads", mod.SPEC.template)) as f:
            return template.render(f.read(), mod.SPEC.macros(arm, size))

    def test_slot_arms_differ_only_in_pool_operations(self):
        for size in (8, 128):
            b, l = self.render(slot_pool, "builtin", size), self.render(slot_pool, "library", size)
            self.assertEqual(leftovers(b + l), [])
            for line in changed_lines(b, l):
                self.assertTrue(any(k in line for k in ("import", "reusable", "slot_pool", "p[", "p.get(")), line)
            self.assertIn("var p: reusable E%d" % size, b)
            self.assertIn("var p = pool.slot_pool[E%d]{}" % size, l)

    def test_slice_arms_differ_only_in_pool_operations(self):
        b, l = self.render(slice_pool, "builtin", 8), self.render(slice_pool, "library", 8)
        self.assertEqual(leftovers(b + l), [])
        allowed = ("import", "reusable", "slice_pool", "alloc", "resize", "copy_into", "min(", "p.free",
                   "return c", "}", "//")
        for line in changed_lines(b, l):
            self.assertTrue(any(k in line for k in allowed), line)

    def test_stub_arms_render(self):
        for mod, size in ((slot_pool, 8), (slot_pool, 128), (slice_pool, 8)):
            a, b = self.render(mod, "stub_builtin", size), self.render(mod, "stub_library", size)
            self.assertNotEqual(a, b)
            self.assertEqual(leftovers(a + b), [])


if __name__ == "__main__":
    testmain.main()
