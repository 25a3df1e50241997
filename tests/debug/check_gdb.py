#!/usr/bin/env python3
"""tests/debug: `goose build -g` under gdb in batch mode (docs/tools.md,
Debugging). One case per run, one PASS/FAIL/SKIP line:

  clang, gcc  prog.gs built with -g by that compiler: a breakpoint at a .gs
              line stops there, `print` of a local by its Goose name gives
              its value, `next` steps to the next .gs line, `finish` returns
              the result, a closure reads a captured variable as
              *env-><name>; runtime/goose_gdb.py prints a string as its
              text and a slice as its elements; `info locals` shows the
              Goose locals and, with
              clang, nothing else (its nodebug attribute hides the
              compiler's own variables); with gcc the rest are those (TEMP)
  names       names.gs: the locals whose Goose names cannot be C names keep
              <name>_<id>, the others take their names, as its header
              comment says, and info locals shows exactly those
  refused     -g with goose run, and with tcc, is a usage error saying why

Exit 0 pass, 1 fail, 77 skip (gdb or the case's compiler is not installed,
or gdb may not trace a process here).
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
TEMP = re.compile(r"^(t\d+|env\d+|gs_mk\d+|abort_\w+_|k_)$")   # the compiler's own variables


def fail(case, msg):
    print(f"FAIL debug/{case}: {msg}")
    sys.exit(1)


def skip(case, msg):
    print(f"SKIP debug/{case}: {msg}")
    sys.exit(77)


def build(case, goose, src, cc, work):
    shutil.copy(os.path.join(HERE, src), work)
    exe = os.path.join(work, "prog")
    env = {k: v for k, v in os.environ.items() if not k.startswith("GOOSE_")}
    r = subprocess.run([goose, "build", "-g", "--cc", cc, src, "-o", exe], cwd=work, env=env,
                       capture_output=True, text=True, timeout=300)
    if r.returncode != 0:
        fail(case, f"goose build -g --cc {cc} {src}: status {r.returncode}\n{r.stderr}")
    return exe


def gdb(case, exe, work, commands):
    """Runs the commands; returns the output of each (the text gdb printed
    from it to the next), located by markers echoed between them."""
    args = ["gdb", "-nx", "-batch"]
    for i, c in enumerate(commands):
        args += ["-ex", f"echo @@{i}\\n", "-ex", c]
    args += ["-ex", f"echo @@{len(commands)}\\n", "-ex", "kill"]
    r = subprocess.run(args + [exe], cwd=work, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       text=True, timeout=120)
    out = r.stdout
    if "ptrace: Operation not permitted" in out:
        skip(case, "gdb may not trace a process on this machine")
    parts = []
    for i in range(len(commands)):
        a, b = out.find(f"@@{i}\n"), out.find(f"@@{i + 1}\n")
        if a < 0 or b < 0:
            fail(case, f"gdb's output lacks its markers:\n{out}")
        parts.append(out[a + len(f"@@{i}\n"):b])
    return parts, out


def runtime_dir(goose):
    r = subprocess.run([goose, "env", "GOOSE_RUNTIME"], capture_output=True, text=True, timeout=60)
    return r.stdout.strip()


def locals_of(text):
    return [m.group(1) for m in re.finditer(r"^(\w+) = ", text, re.M)]


def expect(case, ok, what, out):
    if not ok:
        fail(case, f"{what}\n--- gdb said:\n{out}")


def check_locals(case, text, want, cc, out):
    names = locals_of(text)
    extra = [n for n in names if n not in want]
    missing = [n for n in want if n not in names]
    allowed = cc == "gcc" and all(TEMP.match(n) for n in extra)
    expect(case, not missing and (not extra or allowed),
           f"info locals {names}: want {sorted(want)}" + (" and the compiler's own" if cc == "gcc" else ""), out)


def case_compiler(case, goose, work):
    exe = build(case, goose, "prog.gs", case, work)
    steps = [
        ("break prog.gs:20", None),
        ("run", lambda t: re.search(r"Breakpoint 1, gs_main_main \(\) at \S*prog\.gs:20\n20\t", t)),
        ("info locals", ("locals", ["p", "xs", "sum", "word", "count", "add"])),
        ("print p.x", lambda t: t.strip() == "$1 = 3"),
        ("break prog.gs:10", None),
        ("continue", lambda t: re.search(r"Breakpoint 2, gs_main_total_of \(xs=.*\) at \S*prog\.gs:10\n10\t", t)),
        ("info locals", ("locals", ["x", "total"])),
        ("print x", lambda t: t.strip() == "$2 = 3"),
        ("delete", None),
        ("next", lambda t: t.startswith("9\t")),
        ("next", lambda t: t.startswith("10\t")),
        ("print total", lambda t: t.strip() == "$3 = 3"),
        ("finish", lambda t: "Value returned is $4 = 7" in t),
        ("next", lambda t: t.startswith("21\t")),
        ("print sum", lambda t: t.strip() == "$5 = 7"),
        ("source " + os.path.join(runtime_dir(goose), "goose_gdb.py"), lambda t: t.strip() == ""),
        ("next", lambda t: t.startswith("22\t")),
        ("print word", lambda t: t.strip() == '$6 = "abab"'),
        ("print xs", lambda t: t.strip() == "$7 = len 2 cap 4 = {3, 4}"),
        ("break prog.gs:25", None),
        ("continue", lambda t: re.search(r"Breakpoint 3, gs_main_main__closure1 \(env_=\S+, n=7\) at \S*prog\.gs:25\n", t)),
        ("print *env->count", lambda t: t.strip() == "$8 = 0"),
        ("finish", lambda t: re.search(r"gs_main_main \(\) at \S*prog\.gs:2[78]\n", t)),
        ("print count", lambda t: t.strip() == "$9 = 7"),
    ]
    parts, out = gdb(case, exe, work, [c for c, _ in steps])
    for (cmd, check), text in zip(steps, parts):
        if isinstance(check, tuple):
            check_locals(case, text, check[1], case, out)
        elif check:
            expect(case, check(text), f"after '{cmd}': {text!r}", out)


def case_names(case, goose, work):
    exe = build(case, goose, "names.gs", "clang", work)
    with open(os.path.join(HERE, "names.gs")) as f:
        line = next(i for i, l in enumerate(f, 1) if "println(errno, NULL" in l)
    steps = ["break names.gs:%d" % line, "run", "info locals", "print errno_2", "print total",
             "print i", "print y"]
    parts, out = gdb(case, exe, work, steps)
    expect(case, f"names.gs:{line}\n" in parts[1], f"no stop at names.gs:{line}", out)
    check_locals(case, parts[2], ["xs", "errno_2", "NULL_3", "uint8_t_4", "x_5", "total", "y"], "clang", out)
    expect(case, parts[3].strip() == "$1 = 54" and parts[4].strip() == "$2 = 122", "values of errno_2, total", out)
    expect(case, 'No symbol "i" in current context' in parts[5], "the loops' i out of scope", out)
    expect(case, parts[6].strip() == "$3 = 244", "the value of the y in scope", out)


def case_refused(case, goose, work):
    shutil.copy(os.path.join(HERE, "prog.gs"), work)
    refusals = [(["run", "-g", "prog.gs"], "-g does not apply to run")]
    if shutil.which("tcc"):
        refusals.append((["build", "-g", "--cc", "tcc", "prog.gs"], "-g needs clang or gcc"))
    for args, text in refusals:
        r = subprocess.run([goose] + args, cwd=work, capture_output=True, text=True, timeout=60)
        if r.returncode != 2 or text not in r.stderr or r.stdout:
            fail(case, f"goose {' '.join(args)}: status {r.returncode}, stderr {r.stderr!r}, want 2 and {text!r}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--goose", required=True)
    ap.add_argument("case", choices=["clang", "gcc", "names", "refused"])
    a = ap.parse_args()
    goose = os.path.abspath(a.goose)
    if a.case != "refused":
        if not shutil.which("gdb"):
            skip(a.case, "gdb is not installed")
        cc = "clang" if a.case == "names" else a.case
        if not shutil.which(cc):
            skip(a.case, f"{cc} is not installed")
    work = tempfile.mkdtemp(prefix="goose-debug-")
    try:
        {"clang": case_compiler, "gcc": case_compiler, "names": case_names,
         "refused": case_refused}[a.case](a.case, goose, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"PASS debug/{a.case}")


if __name__ == "__main__":
    main()
