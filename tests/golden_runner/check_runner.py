#!/usr/bin/env python3
"""check_runner.py — tests of the golden runner (tests/run_golden.py) itself:
that a golden whose expectation is wrong, or would go unchecked, fails.

Each case is a list of trials. A trial writes a few small files into a
fresh temporary root, runs the runner on them (GOOSE_TEST_CONFIGS=jit-O0
unless the trial names other configurations, so a case takes a second or
two) and checks its verdict: FAIL with a given text in its output, or PASS.
Every case holds a control trial that must PASS beside the ones that must
FAIL, so a runner that fails everything fails these tests too. One PASS/FAIL
line per case.

  check_runner.py --goose build/goose CASE...    (`all`: every case)
  check_runner.py list                           (the case names; CMake reads them)
Not for: the goldens themselves (tests/golden, examples: tests/CMakeLists.txt).
"""
import argparse
import os
import subprocess
import sys
import tempfile

RUNNER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "run_golden.py")
FAST = "jit-O0"
TIMEOUT = 120

PRINT_1 = "fn main() {\n    println(1)\n}\n"
# Prints 3, then stops with `g/r.gs:4:5: runtime error: panic: stop` (header lines
# that a trial adds go at the end, so the line stays 4).
RTERR_BODY = "fn main() {\n    println(3)\n    panic(\"stop\")\n}\n"
RTERR_HDR = "// expect runtime error: g/r.gs:4:5: runtime error: panic: stop\n"
RTERR = RTERR_HDR + RTERR_BODY
FAKE_RTERR = ("// expect runtime error: g/r.gs:5:5: runtime error: panic: stop\n"
              "fn main() {\n    println(3)\n"
              "    eprintln(\"g/r.gs:5:5: runtime error: panic: stop\")\n"
              "    panic(\"later\")\n}\n")
EPRINT = "fn main() {\n    println(1)\n    eprintln(\"note\", 2)\n}\n"
DIAG = "fn main() {\n    let x: int = true\n    println(x)\n}\n"
DIAG_ERR = "g/d.gs:2:18: error: expected int, found bool\n"
IMPORTS_BAD = "import \"./lib/bad\"\nfn main() {\n    println(bad.f())\n}\n"
BAD_LIB = "fn f() -> int { return true }\n"
# An unused variable: a warning, an error under -Werror (g/w.gs:2:9).
WARN = "// goose-flags: -Werror\nfn main() {\n    let a = 1\n}\n"
WARN_ERR = ("g/w.gs:3:9: error: unused variable a [-Werror,-Wunused-variable]\n"
            "g/w.gs:3:9: hint: if it is meant to be unused, name it _a (or _)\n")
EMIT_C = object()   # stands for `goose emit-c -O0` of the trial's x.gs


def trial(files, verdict, text=None, configs=FAST, blessed=None):
    """files: {path below the root's g/: contents}; verdict: "PASS" or "FAIL";
    text: a string the runner's output must hold; blessed: {path: contents}
    that a run with --bless (as tests/golden/update does) must write, before
    a second run is judged."""
    return {"files": files, "verdict": verdict, "text": text, "configs": configs,
            "blessed": blessed}


CASES = {
    # A configuration name the runner does not know fails every test, with
    # the known names (selecting nothing, a wrong .out would pass).
    "configs_unknown": [
        trial({"x.gs": PRINT_1, "x.out": "1\n"}, "PASS"),
        trial({"x.gs": PRINT_1, "x.out": "2\n"}, "FAIL",
              "no configuration named 'bogus'; known: all, clang-O0, clang-O2, gcc-O0", "bogus"),
        trial({"x.gs": PRINT_1, "x.out": "1\n"}, "FAIL",
              "no configuration named 'jit-o2'; known: all,", "jit-o2"),
    ],
    # A selection that names nothing fails too.
    "configs_empty": [
        trial({"x.gs": PRINT_1, "x.out": "1\n"}, "PASS", configs="jit-O0"),
        trial({"x.gs": PRINT_1, "x.out": "1\n"}, "FAIL", "GOOSE_TEST_CONFIGS=',' names no configuration", ","),
        trial({"x.gs": PRINT_1, "x.out": "1\n"}, "FAIL", "GOOSE_TEST_CONFIGS=' ' names no configuration", " "),
        trial({"x.gs": PRINT_1, "x.out": "1\n"}, "FAIL", "no configuration named ''", "jit-O0,"),
    ],
    # Spaces around names are accepted, both configurations run, and the
    # summary says that the set differs from the usual one.
    "configs_spaced": [
        trial({"x.gs": PRINT_1, "x.out": "2\n"}, "FAIL", "[tcc-O0, jit-O0] stdout differs", "jit-O0, tcc-O0"),
        trial({"x.gs": PRINT_1, "x.out": "1\n"}, "PASS",
              "(GOOSE_TEST_CONFIGS: tcc-O0, jit-O0 in place of", " jit-O0 , tcc-O0"),
    ],
    "run_wrong_out": [
        trial({"x.gs": PRINT_1, "x.out": "1\n"}, "PASS"),
        trial({"x.gs": PRINT_1, "x.out": "2\n"}, "FAIL", "stdout differs"),
    ],
    # What a runtime-error program prints before the error is checked: by
    # r.out, by `// expect:` lines, or (with neither) it must print nothing.
    "rterr_stdout": [
        trial({"r.gs": RTERR, "r.out": "3\n"}, "PASS"),
        trial({"r.gs": RTERR}, "FAIL", "the program wrote 2 bytes to stdout and no r.out checks them"),
        trial({"r.gs": RTERR, "r.out": "4\n"}, "FAIL", "stdout differs"),
        trial({"r.gs": RTERR + "// expect: 3\n"}, "PASS"),
        trial({"r.gs": RTERR + "// expect: 4\n"}, "FAIL", "stdout differs"),
    ],
    # A runtime-error test's stderr is the one error line: here the program
    # writes the expected line itself, and the real error follows it.
    "rterr_stderr": [
        trial({"r.gs": RTERR, "r.out": "3\n"}, "PASS"),
        trial({"r.gs": FAKE_RTERR, "r.out": "3\n"}, "FAIL",
              "stderr holds more than the runtime error line"),
    ],
    "run_stderr": [
        trial({"x.gs": EPRINT, "x.out": "1\n", "x.stderr": "note 2\n"}, "PASS"),
        trial({"x.gs": EPRINT, "x.out": "1\n"}, "FAIL",
              "the program wrote 7 bytes to stderr and no x.stderr checks them"),
        trial({"x.gs": EPRINT, "x.out": "1\n", "x.stderr": "note 3\n"}, "FAIL", "stderr differs"),
    ],
    # Bless writes the expectation that the two cases above fail without.
    "bless_writes_missing": [
        trial({"r.gs": RTERR}, "PASS", blessed={"r.out": "3\n"}),
        trial({"x.gs": EPRINT, "x.out": "1\n"}, "PASS", blessed={"x.stderr": "note 2\n"}),
    ],
    # An emitted-C test runs its program too.
    "c_needs_out": [
        trial({"x.gs": PRINT_1, "x.O0.c": EMIT_C, "x.out": "1\n"}, "PASS"),
        trial({"x.gs": PRINT_1, "x.O0.c": EMIT_C}, "FAIL", "an emitted-C or IR test needs x.out"),
        trial({"x.gs": PRINT_1, "x.O0.c": EMIT_C, "x.out": "2\n"}, "FAIL", "stdout differs"),
    ],
    # A .gs with no expectation is a helper module only in a lib folder.
    "no_expectation": [
        trial({"x.gs": PRINT_1, "x.out": "1\n", "lib/h.gs": PRINT_1}, "PASS"),
        trial({"x.gs": PRINT_1}, "FAIL", "FAIL g/x.gs\n  nothing checks this program: give it x.out"),
        trial({"x.gs": PRINT_1, "x.args": "a\n"}, "FAIL", "nothing checks this program (it has x.args)"),
        trial({"x.gs": PRINT_1, "x.out": "1\n", "lib/h.gs": PRINT_1, "lib/h.in": "a\n"}, "FAIL",
              "FAIL g/lib/h.gs\n  nothing checks this program (it has h.in)"),
    ],
    # Expectations that the runner would otherwise ignore.
    "ignored_expectations": [
        trial({"r.gs": RTERR, "r.out": "3\n", "x.gs": PRINT_1 + "// exit: 0\n", "x.out": "1\n"}, "PASS"),
        trial({"x.gs": PRINT_1 + "// expect: 1\n", "x.out": "1\n"}, "FAIL",
              "both x.out and `// expect:` lines"),
        trial({"r.gs": "// expect runtime error:\n" + RTERR_BODY, "r.out": "3\n"}, "FAIL",
              "the expected runtime error is empty"),
        trial({"r.gs": RTERR, "r.out": "3\n", "r.rterr": "g/r.gs:4:5: runtime error: panic: stop\n"},
              "FAIL", "both r.rterr and an `// expect runtime error:` header"),
        trial({"r.gs": RTERR + "// exit: 3\n", "r.out": "3\n"}, "FAIL", "`// exit:`: checked only in a run test"),
        trial({"r.gs": RTERR, "r.out": "3\n", "r.stderr": "x\n"}, "FAIL", "r.stderr: checked only in a run test"),
        trial({"x.gs": PRINT_1 + "// args: a\n", "x.out": "1\n", "x.args": "a\n"}, "FAIL",
              "both x.args and an `// args:` header"),
        trial({"d.gs": DIAG, "d.err": DIAG_ERR, "d.args": "a\n"}, "FAIL",
              "d.args: no run or runtime-error test reads them"),
    ],
    # An empty X.err checks nothing when the errors are all in an imported
    # module.
    "diag_empty_err": [
        trial({"d.gs": DIAG, "d.err": DIAG_ERR}, "PASS"),
        trial({"i.gs": IMPORTS_BAD, "i.err": "", "lib/bad.gs": BAD_LIB}, "FAIL", "i.err is empty"),
    ],
    # A diagnostics test's `// goose-flags:` reach goose check (-Werror makes
    # a warning an error, -Wno-NAME turns it off); flags that are not about
    # warnings are refused there.
    "diag_flags": [
        trial({"w.gs": WARN, "w.err": WARN_ERR}, "PASS"),
        trial({"w.gs": WARN.replace("-Werror", "-Werror -Wno-unused-variable"), "w.err": WARN_ERR}, "FAIL",
              "expected exit status 1, got status 0"),
        trial({"d.gs": "// goose-flags: --unsafe-no-lifetime-checks\n" + DIAG,
               "d.err": DIAG_ERR.replace(":2:", ":3:")}, "FAIL", "`// goose-flags:` takes only"),
    ],
}


def write_tree(root, files, goose):
    for rel, text in files.items():
        path = os.path.join(root, "g", rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        if text is not EMIT_C:
            with open(path, "w") as f:
                f.write(text)
    for rel, text in files.items():
        if text is EMIT_C:
            src = os.path.join("g", rel.split(".")[0] + ".gs")
            subprocess.run([goose, "emit-c", src, "-O0", "-o", os.path.join("g", rel)],
                           cwd=root, check=True, timeout=TIMEOUT)


def run_trial(goose, t):
    """Returns None when the runner's verdict is the expected one, else why not."""
    with tempfile.TemporaryDirectory(prefix="goose-runner-check-") as root:
        write_tree(root, t["files"], goose)
        env = dict(os.environ, GOOSE_TEST_CONFIGS=t["configs"])
        cmd = [sys.executable, RUNNER, "--goose", goose, "--root", root, "g"]
        if t["blessed"]:
            subprocess.run(cmd + ["--bless"], capture_output=True, env=env, timeout=TIMEOUT)
            for rel, want in t["blessed"].items():
                path = os.path.join(root, "g", rel)
                got = open(path).read() if os.path.exists(path) else None
                if got != want:
                    return f"--bless wrote {got!r} to {rel}, not {want!r}"
        p = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=TIMEOUT)
    got = "PASS" if p.returncode == 0 else "FAIL"
    out = p.stdout + p.stderr
    if got != t["verdict"]:
        return f"expected the runner to {t['verdict']}, it gave {got}"
    if t["text"] and t["text"] not in out:
        return f"the runner's output lacks {t['text']!r}"
    return None


def run_case(goose, name):
    for i, t in enumerate(CASES[name]):
        why = run_trial(goose, t)
        if why:
            files = ", ".join(t["files"])
            print(f"FAIL golden_runner/{name}: trial {i + 1} ({files}; "
                  f"GOOSE_TEST_CONFIGS={t['configs']!r}): {why}")
            return False
    print(f"PASS golden_runner/{name} ({len(CASES[name])} trials)")
    return True


def main():
    ap = argparse.ArgumentParser(description="tests of tests/run_golden.py")
    ap.add_argument("--goose", help="path of the goose binary")
    ap.add_argument("cases", nargs="+", help="case names, `all`, or `list`")
    a = ap.parse_args()
    if a.cases == ["list"]:
        print("\n".join(CASES))
        return 0
    names = list(CASES) if a.cases == ["all"] else a.cases
    unknown = [n for n in names if n not in CASES]
    if unknown or not a.goose:
        ap.error(f"unknown case(s) {unknown}; known: {', '.join(CASES)}" if unknown else "--goose is required")
    goose = os.path.abspath(a.goose)
    return 0 if all([run_case(goose, n) for n in names]) else 1


if __name__ == "__main__":
    sys.exit(main())
