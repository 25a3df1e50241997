#!/usr/bin/env python3
"""jit_test.py — one named check of `goose run` per invocation (ctest runs
each as its own test, see CMakeLists.txt beside this file):

  compile_error    a C error in the emitted C (injected through the
                   GOOSE_JIT_APPEND_C hook) is `goose: internal error: tcc:
                   <string>:N: error: ...` naming emitted line N, status 2,
                   no crash and no program output
  relocate_error   an undefined symbol fails relocation the same way
  time_phases      --time prints parse, check, lower, emit, tcc compile,
                   relocate and run, in that order, after the output
  args             arguments after `--` reach args() as given, flags included
  exit_status      main's result is the status
  runtime_error    message and status 101, as natively; --time still prints
  runtime_source   GOOSE_JIT_RUNTIME=source (the runtime compiled by TinyCC)
                   gives the same output as the runtime linked into goose
  tcc_run          `tcc -run` on the emitted C with the runtime's sources
                   (the startup benchmark's arm) ends normally with all
                   output: the runtime registers no atexit handler, whose
                   code tcc -run would free before exit runs it

Usage: tests/jit/jit_test.py --goose build/goose CASE   (from the repo root)
Python 3 standard library only. Not for: program semantics (tests/golden).
"""
import argparse
import os
import re
import subprocess
import sys

HERE = "tests/jit/hello.gs"
HELLO_OUT = "hello from the jit 42\n"
PHASES = ["parse", "check", "lower", "emit", "tcc compile", "relocate", "run"]


def goose_run(goose, args, env=None, timeout=30):
    e = dict(os.environ, NO_COLOR="1", **(env or {}))
    p = subprocess.run([goose, "run"] + args, capture_output=True, env=e, timeout=timeout)
    return p.returncode, p.stdout.decode(), p.stderr.decode()


def expect(cond, what, st, out, err):
    if not cond:
        sys.exit(f"FAIL: {what}\nstatus {st}\nstdout:\n{out}\nstderr:\n{err}")


def emitted_lines(goose, src):
    p = subprocess.run([goose, "emit-c", src], capture_output=True, check=True)
    return len(p.stdout.decode().splitlines())


def case_compile_error(goose):
    bad = "int gs_jit_test_bad(void) { return undeclared_name; }"
    st, out, err = goose_run(goose, [HERE], {"GOOSE_JIT_APPEND_C": bad})
    lines = err.splitlines()
    m = re.match(r"goose: internal error: tcc: <string>:(\d+): error: 'undeclared_name' undeclared$",
                 lines[0] if lines else "")
    expect(st == 2 and out == "" and m, "a TinyCC compile error is an internal error, status 2", st, out, err)
    n = int(m.group(1))
    # jit.c compiles the emitted C, a newline, then the appended text
    expect(n == emitted_lines(goose, HERE) + 2, f"the error names the appended line ({n})", st, out, err)
    expect(len(lines) == 2 and lines[1] == f"  emitted C line {n}: {bad}", "the emitted line is shown",
           st, out, err)


def case_relocate_error(goose):
    bad = "void gs_jit_test_missing(void); void gs_jit_test_use(void) { gs_jit_test_missing(); }"
    st, out, err = goose_run(goose, [HERE], {"GOOSE_JIT_APPEND_C": bad})
    expect(st == 2 and out == "" and
           err == "goose: internal error: tcc: error: undefined symbol 'gs_jit_test_missing'\n",
           "an undefined symbol fails relocation as an internal error, status 2", st, out, err)


def case_time_phases(goose):
    st, out, err = goose_run(goose, [HERE, "--time"])
    names = re.findall(r"^goose: time (.+?)\s+\d+\.\d{3} ms$", err, re.M)
    expect(st == 0 and out == HELLO_OUT, "the program runs", st, out, err)
    expect(names == PHASES, f"--time prints {PHASES} (got {names})", st, out, err)


def case_args(goose):
    args = ["--time", "-O0", "--", "", "x y", "7"]
    st, out, err = goose_run(goose, ["tests/golden/run/args.gs", "-O1", "--"] + args)
    want = f"{len(args)}\n" + "".join(f"{i} [{a}] {len(a)}\n" for i, a in enumerate(args)) + "7\n"
    expect(st == 0 and out == want and "goose: time" not in err,
           "every argument after -- reaches args(), goose's own flags included", st, out, err)


def case_exit_status(goose):
    st, out, err = goose_run(goose, ["tests/golden/run/main_exit_status.gs"])
    expect(st == 3 and out == "bye\n" and err == "", "main's result is the exit status", st, out, err)


def case_runtime_error(goose):
    src = "tests/golden/rterr/div_zero.gs"
    st, out, err = goose_run(goose, [src, "--time"])
    first = err.splitlines()[0] if err else ""
    expect(st == 101 and out == "" and
           first == f"{src}:5:13: runtime error: integer division by zero",
           "a runtime error: the native message and status 101", st, out, err)
    names = re.findall(r"^goose: time (.+?)\s+\d+\.\d{3} ms$", err, re.M)
    expect(names == PHASES, "--time still reports after a runtime error", st, out, err)


def case_runtime_source(goose):
    for src in ("tests/golden/run/string_basic.gs", "tests/golden/run/slice_push.gs"):
        with open(src[:-3] + ".out") as f:
            want = f.read()
        st, out, err = goose_run(goose, [src], {"GOOSE_JIT_RUNTIME": "source"})
        expect(st == 0 and out == want, f"{src} with the runtime compiled by TinyCC", st, out, err)


def case_tcc_run(goose):
    import glob
    import tempfile
    rt = sorted(glob.glob("runtime/*.c"))
    for src, want_st in (("tests/golden/run/string_basic.gs", 0), ("tests/golden/run/main_exit_status.gs", 3)):
        with open(src[:-3] + ".out") as f:
            want = f.read()
        with tempfile.TemporaryDirectory() as d:
            c = os.path.join(d, "prog.c")
            subprocess.run([goose, "emit-c", src, "-o", c], check=True)
            p = subprocess.run(["tcc", "-Iruntime"] + rt + ["-run", c], capture_output=True, timeout=60)
        st, out, err = p.returncode, p.stdout.decode(), p.stderr.decode()
        expect(st == want_st and out == want, f"tcc -run on the C emitted for {src}", st, out, err)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--goose", required=True)
    ap.add_argument("case", choices=[n[5:] for n in globals() if n.startswith("case_")])
    a = ap.parse_args()
    globals()["case_" + a.case](os.path.abspath(a.goose))
    print(f"PASS jit {a.case}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
