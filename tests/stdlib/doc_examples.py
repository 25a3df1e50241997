#!/usr/bin/env python3
"""doc_examples.py — every example of a page (docs/stdlib.md, docs/tour.md,
README.md) runs and prints what the page says it prints, so the page
cannot drift from the code.

An example is a fenced ```goose block holding a whole program (with
`fn main`) followed at once by a fenced ```output block with its exact
stdout (an empty block for none); the program must exit with status 0.
An example that shows a runtime error adds a ```stderr block right after
its output block: the program must then exit with status 101 and print
exactly that to stderr, the program's file being named `prog.gs`. A
```goose block without its output block is a failure, as is a page with
no example. With --section NAME only the examples under the `## NAME`
heading run; --name sets the test name of the summary line.

  doc_examples.py --goose build/goose docs/stdlib.md [--section strings]
  doc_examples.py --goose build/goose --name docs/tour docs/tour.md

Prints one FAIL line per failing example and ends with one PASS/FAIL line;
exit 0 when every example passed.
Not for: docs/language.md (tests/golden pins its examples)."""
import argparse
import os
import re
import subprocess
import sys
import tempfile

FENCE = re.compile(r"^```(\w*)\s*$")


def blocks(text):
    """[(kind, first line number, body, section)] of the page's fenced blocks."""
    out, section, lines, i = [], "", text.split("\n"), 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("## "):
            section = line[3:].strip().strip("`")
        m = FENCE.match(line)
        if not m:
            i += 1
            continue
        j = i + 1
        while j < len(lines) and not lines[j].startswith("```"):
            j += 1
        out.append((m.group(1), i + 1, "\n".join(lines[i + 1:j]), section))
        i = j + 1
    return out


def text_of(body):
    """A block's body as the program prints it: with its last newline."""
    return body + "\n" if body else ""


def examples(text, section):
    """[(line, program, expected stdout, expected stderr or None)] and
    [error messages]."""
    found, errors, bs = [], [], blocks(text)
    for k, (kind, line, body, sec) in enumerate(bs):
        if kind != "goose" or (section and sec != section):
            continue
        nxt = bs[k + 1] if k + 1 < len(bs) else None
        if not nxt or nxt[0] != "output":
            errors.append(f"line {line}: a goose example without an output block after it")
            continue
        err = bs[k + 2] if k + 2 < len(bs) and bs[k + 2][0] == "stderr" else None
        found.append((line, body + "\n", text_of(nxt[2]), text_of(err[2]) if err else None))
    return found, errors


def run_one(goose, program, tmp, want_err):
    """(stdout, None) when the program ended as the page says (status 0, or
    101 with exactly want_err on stderr), else (None, what went wrong)."""
    path = os.path.join(tmp, "prog.gs")
    with open(path, "w") as f:
        f.write(program)
    try:
        r = subprocess.run([goose, "run", path], stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        return None, "timed out"
    want_rc = 0 if want_err is None else 101
    if r.returncode != want_rc:
        return None, f"exit {r.returncode}, not {want_rc}: {r.stderr.strip()[:400]}"
    stderr = r.stderr.replace(path, "prog.gs")
    if want_err is not None and stderr != want_err:
        return None, f"printed {stderr!r} to stderr, the page says {want_err!r}"
    return r.stdout, None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--goose", required=True)
    ap.add_argument("--section", default="")
    ap.add_argument("--name", default="stdlib/doc_examples")
    ap.add_argument("page")
    a = ap.parse_args()
    name = f"{a.name}{'/' + a.section if a.section else ''}"
    with open(a.page) as f:
        found, errors = examples(f.read(), a.section)
    if not found and not errors:
        errors.append("no example found")
    with tempfile.TemporaryDirectory() as tmp:
        for line, program, expect, want_err in found:
            got, err = run_one(a.goose, program, tmp, want_err)
            if err:
                errors.append(f"line {line}: {err}")
            elif got != expect:
                errors.append(f"line {line}: printed {got!r}, the page says {expect!r}")
    for e in errors:
        print(f"FAIL {a.page}:{e}")
    if errors:
        print(f"FAIL {name}: {len(errors)} of {len(found)} examples wrong")
        return 1
    print(f"PASS {name}: {len(found)} examples")
    return 0


if __name__ == "__main__":
    sys.exit(main())
