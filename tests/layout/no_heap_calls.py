#!/usr/bin/env python3
"""no_heap_calls.py — fails when a source of lower/ uses the C heap
(malloc, calloc, realloc, free and their kin): lower/ takes its memory from
arenas (base/util.h): the compilation's arena for the IR, the scratch arena
for a pass's tables, released after each run of a pass on a function.

A name counts wherever C code uses it (a call, `&free`, `(malloc)(n)`);
inside string literals (emitted C, runtime names), character literals and
comments it does not, nor as a member (`x.free`, `x->free`) or part of a
longer name (`sb_free`, `mem_free_all`).

  no_heap_calls.py DIR...         exit 1, listing each use, when DIR has one
  no_heap_calls.py --planted DIR  the check's own control: what it finds in
                                  DIR must be exactly the lines marked
                                  `expect: heap` (so it can fail, and names in
                                  strings and comments stay out)
Python 3 standard library only.
Not for: the include layout (CMakeLists.txt here, no_path_includes.cmake).
"""
import pathlib
import re
import sys

NAMES = ("malloc", "calloc", "realloc", "reallocarray", "free", "strdup", "strndup",
         "aligned_alloc", "posix_memalign")
USE = re.compile(r"(?<![\w.>])(%s)(?!\w)" % "|".join(NAMES))


def code_only(text):
    """text with comments and string and character literals blanked (newlines kept)."""
    out, i, n = [], 0, len(text)
    while i < n:
        c, nxt = text[i], text[i + 1:i + 2]
        if c == "/" and nxt == "/":
            j = text.find("\n", i)
            j = n if j < 0 else j
        elif c == "/" and nxt == "*":
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            j = min(j + 1, n)
        else:
            out.append(c)
            i += 1
            continue
        out.append("".join(ch if ch == "\n" else " " for ch in text[i:j]))
        i = j
    return "".join(out)


def uses(path):
    """(line, name) for each use of a heap function in the file."""
    text = path.read_text(encoding="utf-8", errors="replace")
    found = []
    for no, line in enumerate(code_only(text).split("\n"), 1):
        found += [(no, m.group(1)) for m in USE.finditer(line)]
    return found


def sources(root):
    return sorted(p for p in pathlib.Path(root).rglob("*")
                  if p.is_file() and p.suffix in (".c", ".h", ".def"))


def check(dirs):
    bad = [f"  {p}:{no}: {name}" for d in dirs for p in sources(d) for no, name in uses(p)]
    if bad:
        print("FAIL layout/lower_no_heap: the C heap used where arenas belong\n" + "\n".join(bad))
        return 1
    print("PASS layout/lower_no_heap")
    return 0


def planted(root):
    ok = True
    files = sources(root)
    for p in files:
        lines = p.read_text(encoding="utf-8").split("\n")
        want = {no for no, line in enumerate(lines, 1) if "expect: heap" in line}
        got = {no for no, _ in uses(p)}
        if want != got:
            ok = False
            print(f"  {p}: missed lines {sorted(want - got)}, wrongly flagged {sorted(got - want)}")
    if not files or not any(uses(p) for p in files):
        ok = False
        print(f"  {root}: nothing planted")
    print(("PASS" if ok else "FAIL") + " layout/lower_no_heap_planted")
    return 0 if ok else 1


def main(argv):
    if len(argv) == 2 and argv[0] == "--planted":
        return planted(argv[1])
    if not argv or argv[0].startswith("-"):
        print(__doc__.strip().split("\n\n")[2], file=sys.stderr)
        return 2
    return check(argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
