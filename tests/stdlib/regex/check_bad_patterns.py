#!/usr/bin/env python3
"""check_bad_patterns.py — regex.compile on random and mutated patterns
never crashes, hangs or stops with a runtime error: each pattern gives an
error whose offset lies in the pattern and whose message ends in "at offset
N" with that offset, or a Regex that then runs find, find_all, captures,
replace_all and is_match on a few inputs. Patterns: byte soup over the
syntax's special characters (and bytes from 0x80), mutations (insert,
delete, replace, truncate, duplicate) of the oracle's generated patterns
and of the log-parser patterns, and edge cases (deep nesting, huge repeat
counts, nested repeats past the program limit).

usage: check_bad_patterns.py [--goose build/goose] [--count 3000] [--seed 7]
                             [--sanitize]   (build with clang and ASan+UBSan)
"""
import argparse
import os
import random
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import check_oracle  # noqa: E402

SAN_CFLAGS = "-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
SOUP = list("()[]{}|*+?.^$\\-:,<>=!PiImsU0123456789abcdxyzQEABbzDdWwSs ") + ["\x80", "\xff", "\n"]

EDGES = [
    "(" * 999 + "a" + ")" * 999,
    "(" * 1001 + "a" + ")" * 1001,
    "(?:" * 1001 + ")" * 1001,
    "a{1000}", "a{1001}", "a{1000,}", "a{0,1000}", "a{2,1}", "(a{1000}){1000}",
    "((a{100}){100}){100}", "[a-z]{1000}", "(?i)[^\\x00-\\xff]", "[^\\x00-\\xff]+",
    "\\", "[", "[]", "[^]", "[]]", "(?", "(?P<", "(?P<n>", "(?P<n>a)", "(?<n>a)",
    "\\x{", "\\x{100}", "\\x{ff}", "\\377", "\\400", "\\8", "\\1", "\\Q", "\\Qa*\\E*",
    "x**", "x++", "x*?*", "x{2}{3}", "{", "{1", "{1}", "a{,3}", "*", "(*)", "(|)*", "()*",
    "(?i)", "(?i", "(?z)", "(?i-)", "(?-i:a)", "[[:alpha:]]", "[[:foo:]]", "[[:^digit:]x]",
    "$^", "^*", "\\b*", "\\pL", "\\C", "a|*", "a\\",
    "(a)" * 5000, "()" * 16000, "(a)" * 400, "(?:a|b|c|d|e|f|g|h)*[a-h]{40}x", "[ab]{0,1000}",
]


def mutate(rnd, p):
    b = list(p)
    for _ in range(rnd.randint(1, 3)):
        k = rnd.randrange(5)
        i = rnd.randint(0, len(b))
        if k == 0:
            b.insert(i, rnd.choice(SOUP))
        elif k == 1 and b:
            del b[min(i, len(b) - 1)]
        elif k == 2 and b:
            b[min(i, len(b) - 1)] = rnd.choice(SOUP)
        elif k == 3:
            b = b[:i]
        else:
            b = b[:i] + b[i:i + 4] + b[i:]
    return "".join(b)


def patterns(rnd, count):
    gen = check_oracle.Gen(rnd)
    out = list(EDGES)
    while len(out) < count:
        k = rnd.randrange(3)
        if k == 0:
            out.append("".join(rnd.choice(SOUP) for _ in range(rnd.randint(1, 14))))
        elif k == 1:
            out.append(mutate(rnd, gen.pattern()))
        else:
            out.append(mutate(rnd, rnd.choice(check_oracle.LOG_PATTERNS)))
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--goose", default=os.environ.get("GOOSE", "build/goose"))
    ap.add_argument("--count", type=int, default=3000)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--sanitize", action="store_true")
    a = ap.parse_args()
    name = "stdlib/regex/bad_patterns" + ("_sanitize" if a.sanitize else "")
    pats = patterns(random.Random(a.seed), a.count)
    enc = [p.encode("latin-1") for p in pats]
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "pats.txt")
        with open(path, "w") as f:
            f.write("".join(e.hex() + "\n" for e in enc))
        exe = os.path.join(tmp, "badpat")
        env = dict(os.environ)
        cmd = [a.goose, "build", os.path.join(HERE, "badpat.gs"), "-o", exe]
        if a.sanitize:
            cmd += ["--cc", "clang", "-O1"]
            env["GOOSE_CFLAGS"] = SAN_CFLAGS
        b = subprocess.run(cmd, capture_output=True, text=True, env=env)
        if b.returncode != 0:
            print("FAIL %s: build failed\n%s" % (name, b.stderr))
            return 1
        try:
            r = subprocess.run([exe, path], capture_output=True, timeout=600,
                               env=dict(os.environ, ASAN_OPTIONS="detect_leaks=0"))
        except subprocess.TimeoutExpired:
            print("FAIL %s: timed out (a hang)" % name)
            return 1
    lines = r.stdout.decode("latin-1").split("\n")[:-1]
    bad = []
    if r.returncode != 0 or r.stderr:
        bad.append("status %d, stderr %r" % (r.returncode, r.stderr[:500]))
    if len(lines) != len(pats):
        bad.append("%d result lines for %d patterns" % (len(lines), len(pats)))
    errs = 0
    for p, line in zip(enc, lines):
        m = re.match(r"err (-?\d+) (.*) at offset (\d+)$", line)
        if line.startswith("ok "):
            continue
        if not m or m.group(1) != m.group(3) or not 0 <= int(m.group(1)) <= len(p):
            bad.append("pattern %r: %r" % (p, line))
        errs += 1
    if bad:
        print("FAIL %s: %s" % (name, "\n".join(bad[:20])))
        return 1
    print("PASS %s: %d patterns (seed %d), %d errors with offsets, %d compiled and ran" % (
        name, len(pats), a.seed, errs, len(pats) - errs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
