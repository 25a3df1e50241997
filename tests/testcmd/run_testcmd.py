#!/usr/bin/env python3
"""run_testcmd.py — golden tests of `goose test`'s output: runs one case and
compares the exit status, stdout and stderr with the case file.

A case file (cases/NAME.t) holds header lines, then the expected streams:

    # goose: test tests/testcmd/pkgs/pass -v      (goose's arguments)
    # env: GOOSE_STDLIB=tests/testcmd/fakestd      (optional, repeatable)
    # needs: tcc                                   (optional: a program on PATH)
    # status: 1
    # stdout:
    ...lines...
    # stderr:
    ...lines...

goose runs from the repository root (--root), so paths read as given. Times
printed as `(1.23s)` are compared as `(0.00s)`. A missing `# needs:`
program skips the case (exit 77, ctest's SKIP_RETURN_CODE). Prints one
line, `PASS NAME` or `FAIL NAME: why` followed by a diff; exits 0 or 1.
--bless rewrites the case's expected streams and status from this run.
Python 3 standard library only.
"""
import argparse
import difflib
import os
import re
import shutil
import subprocess
import sys

TIME = re.compile(r"\(\d+\.\d\ds\)")
HEADERS = ("goose", "env", "needs", "status")


def parse_case(path):
    """The case's headers (lists of values) and expected streams."""
    heads = {h: [] for h in HEADERS}
    streams = {"stdout": [], "stderr": []}
    current = None
    with open(path, encoding="utf-8") as f:
        for line in f.read().splitlines(keepends=True):
            m = re.match(r"# (\w+):(.*)$", line.rstrip("\n"))
            if m and m.group(1) in streams:
                current = m.group(1)
            elif m and current is None and m.group(1) in heads:
                heads[m.group(1)].append(m.group(2).strip())
            elif current is not None:
                streams[current].append(line)
            elif line.strip():
                raise SystemExit(f"FAIL {path}: unexpected line before the streams: {line!r}")
    if len(heads["goose"]) != 1 or len(heads["status"]) != 1:
        raise SystemExit(f"FAIL {path}: needs one `# goose:` and one `# status:` line")
    return heads, "".join(streams["stdout"]), "".join(streams["stderr"])


def run(goose, root, heads):
    env = dict(os.environ)
    env.pop("GOOSE_STDLIB", None)
    env["NO_COLOR"] = "1"
    for kv in heads["env"]:
        k, _, v = kv.partition("=")
        env[k] = v
    args = heads["goose"][0].split()
    p = subprocess.run([goose] + args, cwd=root, env=env, capture_output=True, timeout=300)
    out = TIME.sub("(0.00s)", p.stdout.decode("utf-8", "replace"))
    err = TIME.sub("(0.00s)", p.stderr.decode("utf-8", "replace"))
    return p.returncode, out, err


def bless(path, heads, status, out, err):
    lines = [f"# goose: {heads['goose'][0]}\n"]
    lines += [f"# env: {e}\n" for e in heads["env"]]
    lines += [f"# needs: {n}\n" for n in heads["needs"]]
    lines += [f"# status: {status}\n", "# stdout:\n", out, "# stderr:\n", err]
    with open(path, "w", encoding="utf-8") as f:
        f.write("".join(lines))


def diff(name, want, got):
    return "".join(difflib.unified_diff(want.splitlines(True), got.splitlines(True),
                                        f"expected {name}", f"actual {name}"))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--goose", required=True)
    ap.add_argument("--root", required=True)
    ap.add_argument("--bless", action="store_true")
    ap.add_argument("case")
    a = ap.parse_args()
    name = os.path.splitext(os.path.basename(a.case))[0]
    heads, want_out, want_err = parse_case(a.case)
    missing = [n for n in heads["needs"] if not shutil.which(n)]
    if missing:
        print(f"SKIP {name}: {', '.join(missing)} not installed")
        return 77
    status, out, err = run(a.goose, a.root, heads)
    if a.bless:
        bless(a.case, heads, status, out, err)
    why = []
    if str(status) != heads["status"][0]:
        why.append(f"exit status {status}, expected {heads['status'][0]}")
    if out != want_out:
        why.append("stdout differs")
    if err != want_err:
        why.append("stderr differs")
    if not why:
        print(f"PASS {name}")
        return 0
    print(f"FAIL {name}: {'; '.join(why)}")
    sys.stdout.write(diff("stdout", want_out, out) + diff("stderr", want_err, err))
    return 1


if __name__ == "__main__":
    sys.exit(main())
