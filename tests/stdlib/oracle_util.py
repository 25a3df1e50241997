"""oracle_util.py — what the oracle tests of tests/stdlib share: build a
Goose driver program (any back end; with --sanitize, clang or gcc with
ASan + UBSan, as tests/run_golden.py --sanitize builds programs) and run it
on an input, failing on a non-zero status or any sanitizer report.
Not for: computing expected values (each oracle.py has its own model)."""
import os
import re
import subprocess
import tempfile

SAN_CFLAGS = "-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
SAN_REPORT = re.compile(rb"==\d+==ERROR: \w+Sanitizer|\.[ch]:\d+:\d+: runtime error:|SUMMARY: \w+Sanitizer")


class DriverError(Exception):
    pass


def add_args(ap):
    """--cc and --sanitize, the options every oracle takes."""
    ap.add_argument("--cc", default="clang", help="the back end that builds the driver")
    ap.add_argument("--sanitize", action="store_true", help="ASan + UBSan in the driver (clang or gcc)")


def label(a):
    return f"{a.cc}{', sanitized' if a.sanitize else ''}"


def run_driver(src, data, a, timeout=600):
    """Builds src with goose ($GOOSE) and runs it with data on stdin;
    returns its stdout. Raises DriverError."""
    goose = os.environ.get("GOOSE", "build/goose")
    env = dict(os.environ)
    if a.sanitize:
        env["GOOSE_CFLAGS"] = SAN_CFLAGS
        env["ASAN_OPTIONS"] = "detect_leaks=0"
    with tempfile.TemporaryDirectory() as tmp:
        exe = os.path.join(tmp, "driver")
        b = subprocess.run([goose, "build", "-O2", "--cc", a.cc, src, "-o", exe], capture_output=True,
                           text=True, env=env)
        if b.returncode != 0:
            raise DriverError(f"{os.path.basename(src)} did not build: {b.stderr.strip()[:500]}")
        try:
            r = subprocess.run([exe], input=data, capture_output=True, timeout=timeout, env=env)
        except subprocess.TimeoutExpired:
            raise DriverError(f"the driver ran past {timeout} s")
    if SAN_REPORT.search(r.stderr):
        raise DriverError("a sanitizer report: " + r.stderr.decode(errors="replace")[:800])
    if r.returncode != 0:
        raise DriverError(f"the driver exited {r.returncode}: {r.stderr.decode(errors='replace')[:500]}")
    return r.stdout
