#!/usr/bin/env python3
"""run_apps.py — builds and runs the LangArena ports in bench/apps/ and
checks each prints `<Name>: OK in <seconds>s` for its expected checksum.

Each port's first line is `// langarena: <Name> <input> <input> ...`: the
benchmark's name in test.json/run.json and its inputs in command-line
order. The runner looks the entry up (test.json by default, run.json with
`--size run`), passes the inputs in that order and the expected checksum
last, and prints one PASS/FAIL line per program:

  run_apps.py [--size test|run] [--backend clang|gcc|tcc|jit] [-O0|-O1|-O2]
              [--goose PATH] [--langarena DIR] [--work DIR] [--timeout S]
              [--only slug ...] [--list] [--c]
  run_apps.py --arena PATH [arena.py's options]

`--c` runs the hand-written C versions in bench/apps/c/ (<slug>.c, same
header line, same output) instead, compiled by the --backend compiler
(clang, gcc or tcc; `-std=c11 -O<n>`, as `goose build` gives clang) with
no Goose involved.

`--arena PATH` compares every port with upstream LangArena's own C built
from the checkout at PATH (gcc -O2 both sides, clang with --backend
clang; its own options: `run_apps.py --arena PATH --help`): the whole
command is handed to bench/apps/arena.py, whose docstring says how.

`--only` takes slugs (file names without .gs, e.g. sieve sort_quick_builtin).
Exit status: 0 when every selected program passed, 1 otherwise, 2 on a
usage error (unknown slug, no such benchmark). Not for: timing statistics
(bench/harness); this checks answers and reports the one timing the
program prints.
"""
import argparse
import glob
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
DEFAULT_LANGARENA = os.path.join(HERE, "langarena")  # the suite's test.json and run.json
HEADER = re.compile(r"^//\s*langarena:\s*(\S+)((?:\s+\w+)*)\s*$")
# Inputs a program takes only when its entry has them (the last ones).
OPTIONAL_INPUTS = {"warmup_iterations"}
BACKENDS = ("clang", "gcc", "tcc", "jit")
C_DIR = os.path.join(HERE, "c")  # the hand-written C versions (--c)


class Port:
    """One bench/apps/<slug>.gs: its benchmark name and input names."""

    def __init__(self, path, name, inputs):
        self.path = path
        self.slug = os.path.splitext(os.path.basename(path))[0]
        self.name = name
        self.inputs = inputs


def read_header(path):
    """The Port of a .gs file, or None when its first line is no header."""
    with open(path, encoding="utf-8") as f:
        first = f.readline()
    m = HEADER.match(first.rstrip("\n"))
    if not m:
        return None
    return Port(path, m.group(1), m.group(2).split())


def find_ports(apps_dir, ext=".gs"):
    """Every port in apps_dir (files ending in ext), sorted by slug (files
    starting with _ or . are skipped, like scratch files)."""
    ports = []
    for path in sorted(glob.glob(os.path.join(apps_dir, "*" + ext))):
        if os.path.basename(path)[0] in "_.":
            continue
        port = read_header(path)
        if port:
            ports.append(port)
    return ports


def load_entries(langarena, size):
    """name -> entry of test.json or run.json."""
    with open(os.path.join(langarena, f"{size}.json"), encoding="utf-8") as f:
        return {e["name"]: e for e in json.load(f)}


def program_args(port, entry):
    """The command-line arguments: the inputs in header order, then the
    expected checksum. Raises KeyError naming a missing input."""
    out = []
    for key in port.inputs:
        if key in entry:
            out.append(str(entry[key]))
        elif key not in OPTIONAL_INPUTS:
            raise KeyError(key)
    out.append(str(entry["checksum"]))
    return out


def c_build_command(cc, opt, src, exe):
    """The command that compiles a hand-written C version (bench/apps/c)."""
    return [cc, "-std=c11", f"-O{opt}", "-I", os.path.dirname(os.path.abspath(src)), src, "-o", exe]


def build_command(args, port, exe):
    """The command that builds port into exe, or None for the jit."""
    if args.c:
        return c_build_command(args.backend, args.opt, port.path, exe)
    if args.backend == "jit":
        return None
    return [args.goose, "build", port.path, "-o", exe, f"-O{args.opt}", "--cc", args.backend]


def run_command(args, port, exe, prog_args):
    if args.backend == "jit" and not args.c:
        return [args.goose, "run", f"-O{args.opt}", port.path, "--"] + prog_args
    return [exe] + prog_args


def check_output(port, proc):
    """(ok, detail) for a finished run."""
    out = proc.stdout.decode("utf-8", "replace")
    lines = out.splitlines()
    ok_line = re.compile(r"^" + re.escape(port.name) + r": OK in (\d+\.\d{3})s$")
    if proc.returncode == 0 and len(lines) == 1 and ok_line.match(lines[0]):
        return True, ok_line.match(lines[0]).group(1) + "s"
    err = proc.stderr.decode("utf-8", "replace").strip().splitlines()
    detail = lines[0] if lines else "(no output)"
    if len(lines) > 1:
        detail += f" (+{len(lines) - 1} more lines)"
    if err:
        detail += " | " + err[-1]
    return False, f"exit {proc.returncode}: {detail}"


def run_port(args, port, entries, work):
    """Builds and runs one port; prints its PASS/FAIL line; True on PASS."""
    label = f"{port.slug} [{'C ' if args.c else ''}{args.backend} -O{args.opt} {args.size}]"
    entry = entries.get(port.name)
    if entry is None:
        print(f"FAIL {label}: no benchmark {port.name} in {args.size}.json")
        return False
    try:
        prog_args = program_args(port, entry)
    except KeyError as e:
        print(f"FAIL {label}: {port.name} has no input {e}")
        return False
    exe = os.path.join(work, f"{port.slug}{'-c' if args.c else ''}-{args.backend}-O{args.opt}")
    build = build_command(args, port, exe)
    if build:
        r = subprocess.run(build, capture_output=True)
        if r.returncode != 0:
            msg = (r.stderr + r.stdout).decode("utf-8", "replace").strip().splitlines()
            print(f"FAIL {label}: build failed: {msg[0] if msg else r.returncode}")
            return False
    try:
        proc = subprocess.run(run_command(args, port, exe, prog_args), capture_output=True,
                              timeout=args.timeout, cwd=work)
    except subprocess.TimeoutExpired:
        print(f"FAIL {label}: timed out after {args.timeout}s")
        return False
    ok, detail = check_output(port, proc)
    print(f"{'PASS' if ok else 'FAIL'} {label}: {detail}")
    return ok


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--size", choices=("test", "run"), default="test",
                   help="test.json (small, default) or run.json (full)")
    p.add_argument("--backend", choices=BACKENDS, default="clang")
    p.add_argument("-O", dest="opt", choices=("0", "1", "2"), default="2",
                   help="optimisation level (-O2 by default)")
    p.add_argument("--goose", default=None, help="the goose compiler (default: build/goose)")
    p.add_argument("--langarena", default=DEFAULT_LANGARENA, help="folder of test.json and run.json")
    p.add_argument("--apps", default=None, help="folder of the ports (default: bench/apps, with --c bench/apps/c)")
    p.add_argument("--c", action="store_true",
                   help="the hand-written C versions (bench/apps/c/*.c) built by the --backend compiler")
    p.add_argument("--work", default=None, help="folder for executables (default: a temporary one)")
    p.add_argument("--timeout", type=float, default=3600, help="seconds per program run")
    p.add_argument("--only", nargs="+", metavar="SLUG", help="run only these ports")
    p.add_argument("--list", action="store_true", help="print slug, name and inputs, and stop")
    args = p.parse_args(argv)
    if args.c and args.backend == "jit":
        p.error("--c needs a C compiler back end (clang, gcc or tcc), not the jit")
    if args.apps is None:
        args.apps = C_DIR if args.c else HERE
    if args.goose is None:
        args.goose = os.path.join(ROOT, "build", "goose")
    args.goose = os.path.abspath(args.goose)
    return args


def main(argv):
    if any(a == "--arena" or a.startswith("--arena=") for a in argv):
        import arena  # the side-by-side run against upstream's C (bench/apps/arena.py)
        return arena.main(argv)
    args = parse_args(argv)
    ports = find_ports(args.apps, ".c" if args.c else ".gs")
    if args.list:
        for port in ports:
            print(port.slug, port.name, " ".join(port.inputs))
        return 0
    if args.only:
        known = {p.slug: p for p in ports}
        unknown = [s for s in args.only if s not in known]
        if unknown:
            print(f"run_apps.py: no port named {', '.join(unknown)} in {args.apps}", file=sys.stderr)
            return 2
        ports = [known[s] for s in args.only]
    if not ports:
        print(f"run_apps.py: no ports in {args.apps}", file=sys.stderr)
        return 2
    entries = load_entries(args.langarena, args.size)
    if args.work:
        os.makedirs(args.work, exist_ok=True)
        results = [run_port(args, port, entries, args.work) for port in ports]
    else:
        with tempfile.TemporaryDirectory(prefix="goose-apps-") as work:
            results = [run_port(args, port, entries, work) for port in ports]
    passed = sum(results)
    print(f"{passed} passed, {len(results) - passed} failed")
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
