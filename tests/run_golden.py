#!/usr/bin/env python3
"""run_golden.py — the golden test runner: runs Goose test files and compares
what they do with the expected files beside them.

The mode of a test is picked by which files exist next to X.gs:
  X.out                 run test: stdout must equal X.out byte for byte, exit
                        status 0 (or N from a `// exit: N` header line).
                        Optional X.args (one argument per line), X.in (stdin),
                        or a `// args: a b c` header line (examples/).
                        A `// goose-flags: --unsafe-no-lifetime-checks` header
                        builds and runs the program without lifetime checks:
                        a test device that reads placements through a freed
                        view (tests/golden/pool); `-Wno-shadow` (the only
                        other flag it takes) is for a test about shadowing.
                        `// expect: <line>` header lines may stand in for
                        X.out, not both. stderr must equal
                        X.stderr, or be empty when there is none.
  X.err                 diagnostics test: `goose check X.gs` exits 1 and the
                        stderr lines that start with `X.gs:` equal X.err.
                        A `// goose-flags: -Werror` header (and -Wno-NAME)
                        goes to goose check: a test of warnings.
  `// expect runtime error: <line prefix>` header, or X.rterr (one line):
                        runtime-error test: built and run like a run test,
                        exits 101, stderr is one line and starts with the text;
                        stdout must equal X.out (or the `// expect:` lines)
                        when the program prints anything before the error,
                        and is otherwise empty.
  X.O0.c / X.O2.c       emitted-C test: `goose emit-c -O0|-O2` equals it.
  X.ir                  IR test: the IR at -O2 before the passes
                        (`--dump=ir-before`) and after them (`--dump=ir`),
                        under two header lines, equals it.
An emitted-C or IR test is a run or runtime-error test too (an X.out,
empty when the program prints nothing): the C is only trusted when what
its program prints is checked.
A .gs with none of these is a helper module and skipped when it sits in a
folder named lib (run/lib/*.gs); elsewhere, or with X.args, X.in, X.stderr
or an `// args:` / `// exit:` header, it fails as a test that checks
nothing. So do expectations that would be ignored: X.out beside `// expect:`
lines, X.rterr beside a `// expect runtime error:` header, X.args beside an
`// args:` header, an empty runtime error text (every line starts with it),
an empty X.err, X.stderr or `// exit:` in a test that is not a run test,
X.args, X.in or `// args:` in one that runs no program. A name starting
with `_` or `.` is not a test (scratch files of other tools).
Paths are given to goose relative to the repo root, and goose runs from
there, so file names in messages read `tests/golden/run/x.gs`.

Run tests go through every configuration in CONFIGS (a back end and an
optimisation level); GOOSE_TEST_CONFIGS=all selects the full matrix
(clang, gcc, tcc, jit x -O0, -O2, and clang-g, gcc-g: `goose build -g`,
whose C differs in names and line directives), or a comma list of names such as
`clang-O0,jit-O2` (spaces around a name are ignored). A name that is no
configuration, or a list that names none, fails every test with the known
names: a selection of nothing would pass every run test unchecked. Unset or
empty, the variable selects CONFIGS.

--sanitize (ctest passes it in a -DGOOSE_SANITIZE=ON build): the clang and
gcc configurations build the programs with AddressSanitizer and UBSan
(GOOSE_CFLAGS=SAN_CFLAGS, which goose passes to those compilers only;
programs named std_thread_* get ThreadSanitizer instead, TSAN_CFLAGS); tcc
and the JIT run as always (TinyCC cannot instrument; under `goose run` the
runtime linked into the sanitized goose is instrumented, the program is
not). A sanitizer report on the stderr of goose or of a program fails the
test whatever its exit status (a report in a diagnostics test would
otherwise hide behind the expected status 1). Leaks are not checked while
a program runs (PROG_SAN_ENV). --bless rewrites the expected files (.out, .err, .c,
.ir, .rterr, .stderr) from what the compiler does now, and writes X.out or
X.stderr for a program that prints what no expectation checks yet; review
the diff before committing. --list prints the tests without running them;
tests/CMakeLists.txt registers each as its own ctest test, and
tests/golden_runner tests this runner.

--verify-ir (ctest passes it): every goose command that lowers (build, run,
emit-c) gets --verify-ir, so the IR verifier runs after lowering and after
each pass, and a broken invariant fails the test as an internal error.

Not for: unit tests of the runtime (tests/runtime/) or benchmarks (bench/).
Python 3 standard library only.
"""
import argparse
import concurrent.futures
import difflib
import os
import re
import shutil
import subprocess
import sys
import tempfile

# The default set keeps ctest modest; each back end and both levels are
# still covered. (name, how, opt, cc)
CONFIGS = [
    ("clang-O0", "build", "-O0", "clang"),
    ("clang-O2", "build", "-O2", "clang"),
    ("gcc-O2", "build", "-O2", "gcc"),
    ("tcc-O0", "build", "-O0", "tcc"),
    ("jit-O2", "run", "-O2", None),
]
ALL_CONFIGS = [
    (f"{cc}-{opt[1:]}", "build", opt, cc)
    for cc in ("clang", "gcc", "tcc") for opt in ("-O0", "-O2")
] + [("jit-O0", "run", "-O0", None), ("jit-O2", "run", "-O2", None),
      ("clang-g", "build", "-g", "clang"), ("gcc-g", "build", "-g", "gcc")]

SAN_CFLAGS = "-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
# Programs that start threads (tests named std_thread_*) are built with
# ThreadSanitizer instead (it cannot be combined with ASan): a data race is
# a report, and so a failure, like any other.
TSAN_CFLAGS = "-fsanitize=thread -fno-omit-frame-pointer"
# AddressSanitizer / LeakSanitizer / UBSan reports; a Goose runtime error
# names a .gs file, UBSan names the emitted .c or a runtime .c/.h.
SAN_REPORT_RE = re.compile(rb"^==\d+==ERROR: \w+Sanitizer|^\S+\.[ch]:\d+:\d+: runtime error:|"
                           rb"^SUMMARY: \w+Sanitizer", re.M)
# A program does not free what is still live when main returns (nor does
# its C twin), so leak checking is off while a program runs (as in
# tests/pool/common.py); goose's own leaks are still checked in build,
# emit-c and check, but not in `goose run`, where the program runs inside it.
PROG_SAN_ENV = {"ASAN_OPTIONS": "detect_leaks=0"}
SANITIZE = False

COMPILE_TIMEOUT = 120
RUN_TIMEOUT = 20
DIFF_LINES = 24

# Header lines; [ \t] rather than \s, so that a header never reads on into
# the next line (an empty `// expect runtime error:` would take the line
# below it as its text).
RTERR_RE = re.compile(rb"^[ \t]*//[ \t]*expect runtime error:[ \t]?(.*?)[ \t\r]*$", re.M)
EXIT_RE = re.compile(rb"^[ \t]*//[ \t]*exit:[ \t]*(-?\d+)[ \t\r]*$", re.M)
ARGS_RE = re.compile(rb"^[ \t]*//[ \t]*args:(.*)$", re.M)
FLAGS_RE = re.compile(rb"^[ \t]*//[ \t]*goose-flags:(.*)$", re.M)
GOOSE_FLAGS_OK = {"--unsafe-no-lifetime-checks", "-Wno-shadow"}
# A diagnostics test of warnings makes them errors (goose check exits 1
# only then) and may turn some off (docs/tools.md, Diagnostics).
WARNING_FLAGS_OK = {"-Werror"} | {f"-Wno-{w}" for w in (
    "unused-variable", "unused-import", "unused-result", "unreachable-code", "shadow")}
EXPECT_RE = re.compile(rb"^[ \t]*//[ \t]*expect: ?(.*)$", re.M)


class ConfigError(Exception):
    """GOOSE_TEST_CONFIGS selects no configuration, or one that does not exist."""


def pick_configs(want):
    """The configurations that GOOSE_TEST_CONFIGS (want) selects; raises
    ConfigError on a name that is none of ALL_CONFIGS, an empty name, or a
    list that names none."""
    if not want:
        return CONFIGS
    if want.strip() == "all":
        return ALL_CONFIGS
    names = [n.strip() for n in want.split(",")]
    known = "known: all, " + ", ".join(c[0] for c in ALL_CONFIGS)
    if not any(names):
        raise ConfigError(f"GOOSE_TEST_CONFIGS={want!r} names no configuration; {known}")
    bad = [n for n in names if n not in (c[0] for c in ALL_CONFIGS)]
    if bad:
        raise ConfigError(f"GOOSE_TEST_CONFIGS={want!r}: no configuration named "
                          f"{', '.join(repr(n) for n in bad)}; {known}")
    return [c for c in ALL_CONFIGS if c[0] in names]


class Test:
    """One .gs file and what is expected of it."""

    def __init__(self, path, root):
        self.path = os.path.relpath(os.path.abspath(path), root)
        self.abs = os.path.join(root, self.path)
        self.base = self.abs[:-3]
        with open(self.abs, "rb") as f:
            self.src = f.read()
        self.modes = self._modes()
        self.problems = self._problems()

    def sibling(self, ext):
        p = self.base + ext
        return p if os.path.exists(p) else None

    def _modes(self):
        modes = []
        if self.sibling(".err"):
            modes.append("diag")
        if self.sibling(".rterr") or RTERR_RE.search(self.src):
            modes.append("rterr")
        elif self.sibling(".out") or EXPECT_RE.search(self.src):
            modes.append("run")
        if self.sibling(".O0.c") or self.sibling(".O2.c"):
            modes.append("c")
        if self.sibling(".ir"):
            modes.append("ir")
        return modes

    def in_lib(self):
        return "lib" in os.path.dirname(self.path).split(os.sep)

    def _problems(self):
        """Expectations that nothing would check, each as a failure text."""
        n = os.path.basename(self.base)
        modes = set(self.modes)
        runs = modes & {"run", "rterr"}
        has = {ext: bool(self.sibling(ext)) for ext in (".out", ".rterr", ".err", ".args")}
        headers = {h: bool(rx.search(self.src)) for h, rx in
                   (("`// args:`", ARGS_RE), ("`// exit:`", EXIT_RE), ("`// expect:`", EXPECT_RE),
                    ("`// expect runtime error:`", RTERR_RE))}
        inputs = [f"{n}{e}" for e in (".args", ".in") if self.sibling(e)]
        inputs += ["`// args:`"] if headers["`// args:`"] else []
        run_only = [f"{n}.stderr"] if self.sibling(".stderr") else []
        run_only += ["`// exit:`"] if headers["`// exit:`"] else []
        hints = inputs + run_only
        flags_ok = GOOSE_FLAGS_OK if runs else WARNING_FLAGS_OK if "diag" in modes else set()
        rules = [
            (not modes and (hints or not self.in_lib()),
             f"nothing checks this program{' (it has ' + ', '.join(hints) + ')' if hints else ''}: "
             f"give it {n}.out, {n}.err, an `// expect runtime error:` header or another "
             "expectation, or move a helper module into a lib folder"),
            (has[".out"] and headers["`// expect:`"],
             f"both {n}.out and `// expect:` lines: the lines would go unchecked"),
            (has[".rterr"] and headers["`// expect runtime error:`"],
             f"both {n}.rterr and an `// expect runtime error:` header: the header would go unchecked"),
            (has[".args"] and headers["`// args:`"],
             f"both {n}.args and an `// args:` header: the header would go unused"),
            ("rterr" in modes and not self.expected_rterr().strip(),
             "the expected runtime error is empty: every stderr starts with it"),
            (has[".err"] and not read_bytes(self.base + ".err").strip(),
             f"{n}.err is empty: it checks no diagnostic"),
            (modes & {"c", "ir"} and not runs,
             f"an emitted-C or IR test needs {n}.out (empty when the program prints nothing): "
             "what its program prints is checked as well as its C"),
            (modes and inputs and not runs,
             f"{', '.join(inputs)}: no run or runtime-error test reads them"),
            (modes and run_only and "run" not in modes,
             f"{', '.join(run_only)}: checked only in a run test"),
            (set(self.flags()) - flags_ok,
             f"`// goose-flags:` takes only {', '.join(sorted(flags_ok))} in "
             f"{'a diagnostics' if 'diag' in modes else 'this'} test"),
            (self.flags() and not runs and "diag" not in modes,
             "`// goose-flags:`: no run, runtime-error or diagnostics test builds with them"),
        ]
        return [text for bad, text in rules if bad]

    def expected_exit(self):
        m = EXIT_RE.search(self.src)
        return int(m.group(1)) if m else 0

    def expected_stdout(self):
        p = self.sibling(".out")
        if p:
            return read_bytes(p)
        lines = EXPECT_RE.findall(self.src)
        return b"".join(l + b"\n" for l in lines) if lines else None

    def expected_rterr(self):
        p = self.sibling(".rterr")
        if p:
            return read_bytes(p).split(b"\n")[0].rstrip(b"\r")
        return RTERR_RE.search(self.src).group(1)

    def expected_stderr(self):
        p = self.sibling(".stderr")
        return read_bytes(p) if p else b""

    def args(self):
        p = self.sibling(".args")
        if p:
            return read_bytes(p).decode().splitlines()
        m = ARGS_RE.search(self.src)
        return m.group(1).decode().split() if m else []

    def flags(self):
        m = FLAGS_RE.search(self.src)
        return m.group(1).decode().split() if m else []

    def stdin(self):
        p = self.sibling(".in")
        return read_bytes(p) if p else b""


def read_bytes(path):
    with open(path, "rb") as f:
        return f.read()


def write_bytes(path, data):
    with open(path, "wb") as f:
        f.write(data)


def run(cmd, root, stdin=b"", timeout=RUN_TIMEOUT, env_extra=None):
    """Runs cmd from root; returns (status, stdout, stderr), status None on
    timeout, SanitizerReport when (--sanitize) stderr holds a report."""
    env = dict(os.environ, NO_COLOR="1", **(env_extra or {}))
    try:
        p = subprocess.run(cmd, cwd=root, input=stdin, capture_output=True,
                           timeout=timeout, env=env)
        st = p.returncode
        if SANITIZE and SAN_REPORT_RE.search(p.stderr):
            st = SanitizerReport(st)
        return st, p.stdout, p.stderr
    except subprocess.TimeoutExpired as e:
        return None, e.stdout or b"", e.stderr or b""


class SanitizerReport(int):
    """An exit status that matches no expected status: a sanitizer reported."""

    def __eq__(self, other):
        return False

    def __ne__(self, other):
        return True

    __hash__ = int.__hash__


def short_diff(expected, actual, label):
    exp = expected.decode("utf-8", "replace").splitlines(keepends=True)
    act = actual.decode("utf-8", "replace").splitlines(keepends=True)
    lines = list(difflib.unified_diff(exp, act, "expected " + label, "actual " + label))
    if len(lines) > DIFF_LINES:
        lines = lines[:DIFF_LINES] + [f"... ({len(lines) - DIFF_LINES} more diff lines)\n"]
    out = "".join(l if l.endswith("\n") else l + "\n\\ no newline\n" for l in lines)
    return out or f"(outputs differ only in bytes: {expected!r} vs {actual!r})\n"


def status_text(st):
    if isinstance(st, SanitizerReport):
        return f"a sanitizer report (status {int(st)})"
    return "timeout" if st is None else f"status {st}"


class Runner:
    def __init__(self, goose, root, bless, configs, lower_flags):
        self.goose = goose
        self.root = root
        self.bless = bless
        self.configs = configs
        self.lower_flags = lower_flags  # for every command that lowers

    # ---- execution of one configuration ----
    def execute(self, t, cfg, tmp):
        """Returns (ok, status, stdout, stderr, failure message)."""
        name, how, opt, cc = cfg
        prog_env = PROG_SAN_ENV if SANITIZE else None
        if how == "run":
            cmd = [self.goose, "run", t.path, opt] + self.lower_flags + t.flags() + ["--"] + t.args()
            st, out, err = run(cmd, self.root, t.stdin(), COMPILE_TIMEOUT, prog_env)
            return st, out, err, None
        exe = os.path.join(tmp, "prog-" + name)
        cmd = [self.goose, "build", t.path, "-o", exe, opt, "--cc", cc] + self.lower_flags + t.flags()
        flags = TSAN_CFLAGS if os.path.basename(t.path).startswith("std_thread_") else SAN_CFLAGS
        san = {"GOOSE_CFLAGS": flags} if SANITIZE and cc in ("clang", "gcc") else None
        st, out, err = run(cmd, self.root, b"", COMPILE_TIMEOUT, san)
        if st != 0 or not os.path.exists(exe):
            msg = f"goose build failed ({status_text(st)})\n" + err.decode("utf-8", "replace")[:2000]
            return st, out, err, msg
        st, out, err = run([exe] + t.args(), self.root, t.stdin(), RUN_TIMEOUT, prog_env)
        return st, out, err, None

    # ---- modes: each returns a list of failure texts ----
    @staticmethod
    def grouped(per_config):
        """[(config, text)] -> texts prefixed by every config that gave that same text."""
        order, names = [], {}
        for cfg, text in per_config:
            if text not in names:
                order.append(text)
                names[text] = []
            names[text].append(cfg)
        return [f"[{', '.join(names[t])}] {t}" for t in order]

    def check_printed(self, t, ext, want, got, what):
        """Compares what a program wrote to one stream with the expectation
        (None: there is none, and the stream must be empty); under --bless
        rewrites X<ext> when it exists, or writes it when the program printed
        what nothing expected. Returns (expectation now, failure text or None)."""
        if got == (want if want is not None else b""):
            return want, None
        if self.bless and (t.sibling(ext) or (want is None and got)):
            write_bytes(t.base + ext, got)
            return got, None
        if want is None:
            return want, (f"the program wrote {len(got)} bytes to {what} and no "
                          f"{os.path.basename(t.base)}{ext} checks them\n"
                          + short_diff(b"", got, what))
        return want, f"{what} differs\n" + short_diff(want, got, what)

    def mode_run(self, t, tmp):
        fails = []
        want_out = t.expected_stdout()
        want_err = t.expected_stderr() if t.sibling(".stderr") else None
        want_st = t.expected_exit()
        for cfg in self.configs:
            st, out, err, msg = self.execute(t, cfg, tmp)
            if msg:
                fails.append((cfg[0], msg))
                continue
            want_out, text = self.check_printed(t, ".out", want_out, out, "stdout")
            if text:
                fails.append((cfg[0], text))
            if st != want_st:
                fails.append((cfg[0], f"expected exit status {want_st}, got {status_text(st)}\n"
                              + err.decode("utf-8", "replace")[:1000]))
            else:
                want_err, text = self.check_printed(t, ".stderr", want_err, err, "stderr")
                if text:
                    fails.append((cfg[0], text))
        return self.grouped(fails)

    def mode_rterr(self, t, tmp):
        fails = []
        want = t.expected_rterr()
        want_out = t.expected_stdout()
        for cfg in self.configs:
            st, out, err, msg = self.execute(t, cfg, tmp)
            if msg:
                fails.append((cfg[0], msg))
                continue
            first = err.split(b"\n")[0]
            if self.bless and t.sibling(".rterr") and not first.startswith(want) and st == 101:
                write_bytes(t.base + ".rterr", first + b"\n")
                want = first
            if st != 101:
                fails.append((cfg[0], f"expected exit status 101, got {status_text(st)}\n"
                              + err.decode("utf-8", "replace")[:1000]))
            if not first.startswith(want):
                fails.append((cfg[0], f"runtime error line differs\n  expected: "
                              f"{want.decode('utf-8', 'replace')}\n  actual:   "
                              f"{first.decode('utf-8', 'replace')}"))
            elif st == 101 and err != first + b"\n":
                fails.append((cfg[0], "stderr holds more than the runtime error line\n"
                              + short_diff(first + b"\n", err, "stderr")))
            want_out, text = self.check_printed(t, ".out", want_out, out, "stdout")
            if text:
                fails.append((cfg[0], text))
        return self.grouped(fails)

    def mode_diag(self, t, tmp):
        st, _, err = run([self.goose, "check", t.path] + t.flags(), self.root, b"", COMPILE_TIMEOUT)
        prefix = (t.path + ":").encode()
        got = b"".join(l + b"\n" for l in err.split(b"\n") if l.startswith(prefix))
        want = read_bytes(t.base + ".err")
        fails = []
        if st != 1:
            fails.append(f"[check] expected exit status 1, got {status_text(st)}\n"
                         + err.decode("utf-8", "replace")[:1000])
        if got != want:
            if self.bless:
                write_bytes(t.base + ".err", got)
            else:
                fails.append("[check] diagnostics differ\n" + short_diff(want, got, "stderr"))
        return fails

    def mode_c(self, t, tmp):
        fails = []
        for opt in ("-O0", "-O2"):
            exp = t.sibling(f".{opt[1:]}.c")
            if not exp:
                continue
            outc = os.path.join(tmp, f"emit{opt}.c")
            st, _, err = run([self.goose, "emit-c", t.path, opt, "-o", outc] + self.lower_flags, self.root,
                             b"", COMPILE_TIMEOUT)
            got = read_bytes(outc) if st == 0 and os.path.exists(outc) else None
            if got is None:
                fails.append(f"[emit-c {opt}] failed ({status_text(st)})\n"
                             + err.decode("utf-8", "replace")[:1000])
            elif got != read_bytes(exp):
                if self.bless:
                    write_bytes(exp, got)
                else:
                    fails.append(f"[emit-c {opt}] C differs\n" + short_diff(read_bytes(exp), got, "C"))
        return fails

    IR_STAGES = (("--dump=ir-before", b";; before passes (-O2)\n"),
                 ("--dump=ir", b";; after passes (-O2)\n"))

    def mode_ir(self, t, tmp):
        got = b""
        for flag, header in self.IR_STAGES:
            st, out, err = run([self.goose, "emit-c", t.path, "-O2", flag] + self.lower_flags, self.root,
                               b"", COMPILE_TIMEOUT)
            if st != 0:
                return [f"[{flag}] failed ({status_text(st)})\n" + err.decode("utf-8", "replace")[:1000]]
            got += header + out
        exp = t.base + ".ir"
        if got == read_bytes(exp):
            return []
        if self.bless:
            write_bytes(exp, got)
            return []
        return ["[ir] IR differs\n" + short_diff(read_bytes(exp), got, "IR")]

    def run_test(self, t):
        tmp = tempfile.mkdtemp(prefix="goose-golden-")
        try:
            fails = list(t.problems)
            for mode in t.modes:
                fails += getattr(self, "mode_" + mode)(t, tmp)
            return fails
        except Exception as e:  # a runner bug must show as a failure, not a crash
            return [f"runner error: {e!r}"]
        finally:
            shutil.rmtree(tmp, ignore_errors=True)


def is_test_name(name):
    """Scratch files other tools may leave for a moment (_x.gs, .x.gs) are not tests."""
    return name.endswith(".gs") and not name.startswith(("_", "."))


def discover(paths, root):
    """Every .gs under paths (files taken as given); helper modules are skipped later."""
    files = []
    for p in paths:
        ap = os.path.join(root, p) if not os.path.isabs(p) else p
        if os.path.isfile(ap):
            files.append(ap)
            continue
        for d, dirs, names in os.walk(ap):
            dirs.sort()
            files += [os.path.join(d, n) for n in sorted(names) if is_test_name(n)]
    return files


def collect(paths, root, filt, verbose):
    """The tests under paths: every .gs with an expectation, or with a
    problem to report (a helper module in a lib folder is neither)."""
    tests = []
    for f in discover(paths, root):
        t = Test(f, root)
        if filt and filt not in t.path:
            continue
        if not t.modes and not t.problems:
            if verbose:
                print(f"SKIP {t.path} (no expected files)")
            continue
        tests.append(t)
    return tests


def config_note(configs):
    """How the configurations run differ from the usual set, for the summary."""
    if configs is CONFIGS:
        return ""
    return f" (GOOSE_TEST_CONFIGS: {', '.join(c[0] for c in configs)} in place of " \
           f"{', '.join(c[0] for c in CONFIGS)})"


def run_tests(runner, tests, jobs):
    passed = failed = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        for t, fails in zip(tests, pool.map(runner.run_test, tests)):
            if fails:
                failed += 1
                print(f"FAIL {t.path}")
                for f in fails:
                    print("  " + f.rstrip("\n").replace("\n", "\n    "))
            else:
                passed += 1
                print(f"PASS {t.path}")
            sys.stdout.flush()
    print(f"{passed} passed, {failed} failed{config_note(runner.configs)}")
    return 1 if failed or not tests else 0


def main():
    ap = argparse.ArgumentParser(description="Goose golden test runner")
    ap.add_argument("--goose", help="path of the goose binary (not needed with --list)")
    ap.add_argument("--root", default=None, help="repo root (default: parent of tests/)")
    ap.add_argument("--bless", action="store_true", help="rewrite expected files from actual output")
    ap.add_argument("--filter", default=None, help="only tests whose path contains this")
    ap.add_argument("--list", action="store_true",
                    help="print the tests (paths from the root), one a line, and run nothing; "
                         "tests/CMakeLists.txt registers these")
    ap.add_argument("-j", type=int, default=1, help="tests run in parallel")
    ap.add_argument("-v", action="store_true", help="also list skipped helper modules")
    ap.add_argument("--sanitize", action="store_true",
                    help="clang/gcc programs with ASan+UBSan; any sanitizer report fails")
    ap.add_argument("--verify-ir", action="store_true",
                    help="goose verifies the IR after lowering and after every pass")
    ap.add_argument("paths", nargs="*", help="test files or directories (default: tests/golden examples)")
    a = ap.parse_args()
    global SANITIZE
    SANITIZE = a.sanitize
    root = os.path.abspath(a.root or os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    tests = collect(a.paths or ["tests/golden", "examples"], root, a.filter, a.v and not a.list)
    if a.list:
        print("".join(t.path + "\n" for t in tests), end="")
        return 0
    if not a.goose:
        ap.error("--goose is required to run tests")
    try:
        configs = pick_configs(os.environ.get("GOOSE_TEST_CONFIGS", ""))
    except ConfigError as e:
        print(f"FAIL {e}")
        return 1
    return run_tests(Runner(os.path.abspath(a.goose), root, a.bless, configs,
                                    ["--verify-ir"] if a.verify_ir else []), tests, a.j)


if __name__ == "__main__":
    sys.exit(main())
