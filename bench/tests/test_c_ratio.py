#!/usr/bin/env python3
"""test_c_ratio.py — bench/apps/c_ratio.py without timing anything: port
discovery (a C version and its Goose twins, header agreement), every C
version in bench/apps/c having a twin and sizes, the mem* split of a
callgrind_annotate listing, callgrind_split with fake valgrind and
callgrind_annotate (a failing tool is an error), the runs-only instruction
count, and the markdown table with synthetic results."""
import os
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "apps"))
import c_ratio as cr  # noqa: E402
from harness import runner  # noqa: E402
import testmain  # noqa: E402  (the exit status and last line ctest reads)


def write(path, text):
    with open(path, "w") as f:
        f.write(text)


class Ports(unittest.TestCase):
    def test_single_and_pair(self):
        with tempfile.TemporaryDirectory() as d:
            c = os.path.join(d, "c")
            os.mkdir(c)
            write(os.path.join(c, "a.c"), "// langarena: X::A n iterations\n")
            write(os.path.join(c, "b.c"), "// langarena: X::B n iterations\n")
            write(os.path.join(d, "a.gs"), "// langarena: X::A n iterations\n")
            write(os.path.join(d, "b_builtin.gs"), "// langarena: X::B n iterations\n")
            write(os.path.join(d, "b_library.gs"), "// langarena: X::B n iterations\n")
            ports = cr.find_ports(c, d)
            self.assertEqual([p.slug for p in ports], ["a", "b"])
            self.assertEqual(list(ports[0].goose), ["a"])
            self.assertEqual(list(ports[1].goose), ["b_builtin", "b_library"])

    def test_headers_must_agree(self):
        with tempfile.TemporaryDirectory() as d:
            c = os.path.join(d, "c")
            os.mkdir(c)
            write(os.path.join(c, "a.c"), "// langarena: X::A n iterations\n")
            write(os.path.join(d, "a.gs"), "// langarena: X::A m iterations\n")
            with self.assertRaises(SystemExit):
                cr.find_ports(c, d)

    def test_no_twin(self):
        with tempfile.TemporaryDirectory() as d:
            c = os.path.join(d, "c")
            os.mkdir(c)
            write(os.path.join(c, "a.c"), "// langarena: X::A n iterations\n")
            with self.assertRaises(SystemExit):
                cr.find_ports(c, d)

    def test_repo_ports_have_sizes(self):
        ports = cr.find_ports()
        self.assertGreaterEqual(len(ports), 12)
        for p in ports:
            for table in (cr.SIZES, cr.QUICK, cr.CALLGRIND):
                self.assertIn(p.slug, table)
                self.assertEqual(sorted(table[p.slug]), sorted(k for k in p.inputs if k != "warmup_iterations"))


class MemSplit(unittest.TestCase):
    LISTING = """\
--------------------------------------------------------------------------------
Ir                   file:function
--------------------------------------------------------------------------------
17,498,956 (32.99%)  ???:gs_main_build'2 [/x/prog]
17,032,422 (32.11%)  ./string/../sysdeps/x86_64/multiarch/memset-vec-unaligned-erms.S:__memset_avx2_unaligned_erms [/usr/lib/libc.so.6]
 9,140,492 (17.23%)  ./string/../sysdeps/x86_64/multiarch/memmove-vec-unaligned-erms.S:__memcpy_avx_unaligned_erms [/usr/lib/libc.so.6]
 4,275,000 ( 2.46%)  ./string/../sysdeps/x86_64/multiarch/memcmp-avx2-movbe.S:__memcmp_avx2_movbe [/usr/lib/libc.so.6]
"""

    def test_mem_functions_only(self):
        # memcmp and the program's own code are not mem*
        self.assertEqual(cr.mem_ir(self.LISTING), 17032422 + 9140492)

    def test_a_listing_without_counts_is_an_error(self):
        with self.assertRaises(runner.RunError):
            cr.mem_ir("")
        with self.assertRaises(runner.RunError):
            cr.mem_ir("callgrind_annotate: no such file\n")


def fake_tool(d, name, body):
    """An executable Python script d/name with the given body."""
    path = os.path.join(d, name)
    write(path, f"#!{sys.executable}\nimport sys\n{body}\n")
    os.chmod(path, 0o755)
    return path


VALGRIND_OK = 'print("==1== Collected : 53041870", file=sys.stderr)'


class CallgrindSplit(unittest.TestCase):
    """callgrind_split with fake valgrind and callgrind_annotate: every
    tool's failure is an error, never a count."""

    def split(self, valgrind_body, annotate_body):
        with tempfile.TemporaryDirectory() as d:
            return cr.callgrind_split(["prog", "1"], timeout=60,
                                      valgrind=fake_tool(d, "valgrind", valgrind_body),
                                      annotate=fake_tool(d, "callgrind_annotate", annotate_body))

    def test_counts(self):
        listing = repr(MemSplit.LISTING)
        self.assertEqual(self.split(VALGRIND_OK, f"sys.stdout.write({listing})"),
                         (53041870, 17032422 + 9140492))

    def test_annotate_failing_is_an_error(self):
        listing = repr(MemSplit.LISTING)
        with self.assertRaisesRegex(runner.RunError, "callgrind_annotate.*status 2"):
            self.split(VALGRIND_OK, f"sys.stdout.write({listing})\nsys.exit(2)")

    def test_annotate_printing_nothing_is_an_error(self):
        with self.assertRaisesRegex(runner.RunError, "no functions"):
            self.split(VALGRIND_OK, "pass")

    def test_valgrind_failing_is_an_error(self):
        with self.assertRaisesRegex(runner.RunError, "valgrind.*status 1"):
            self.split(VALGRIND_OK + "\nsys.exit(1)", "print('1 (100%) x:main')")
        with self.assertRaisesRegex(runner.RunError, "no instruction count"):
            self.split("pass", "print('1 (100%) x:main')")

    def test_missing_annotate_is_an_error(self):
        with tempfile.TemporaryDirectory() as d:
            with self.assertRaisesRegex(runner.RunError, "/nonexistent/callgrind_annotate"):
                cr.callgrind_split(["prog"], timeout=60, valgrind=fake_tool(d, "valgrind", VALGRIND_OK),
                                   annotate="/nonexistent/callgrind_annotate")

    def test_runs_only(self):
        cg = {"ir": {"c": 1000}, "ir_mem": {"c": 100}, "ir_base": {"c": 300}, "ir_base_mem": {"c": 50}}
        self.assertEqual(cr.runs_ir(cg, "c"), (1000 - 100) - (300 - 50))


class Markdown(unittest.TestCase):
    def doc(self):
        row = {"slug": "a", "row": "a", "inputs": None, "cmp": None, "ir_c": 100, "ir": 120,
               "ir_ratio": 1.2, "ir_mem_c": 0, "ir_mem": 10, "ir_ratio_nomem": 1.1,
               "ir_ratio_runs": 1.05, "error": None}
        return {"date": "d", "duration_s": 1.0, "command": ["c_ratio.py"],
                "host": {"cpus": 2, "loadavg_start": (1.0,), "loadavg_end": (1.0,)},
                "protocol": {"rounds": 1, "warmup": 1, "copies": 1, "quick": False, "callgrind_only": True},
                "verdict": "no timing", "control_ok": {"timed_s": False, "cpu_s": False},
                "rows": [row], "cells": [{"slug": "a", "callgrind": {"inputs": {"n": 1}}}]}

    def test_callgrind_table_marks_the_target(self):
        md = cr.markdown(self.doc())
        self.assertIn("| a | 100 | 120 | 1.200 **over** | 0% / 8% | 1.100 ok | 1.050 ok |", md)
        self.assertNotIn("timed Goose/C", md)


if __name__ == "__main__":
    testmain.main()
