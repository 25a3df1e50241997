"""patch.py — exact-match edits of emitted C, for timed edits: a variant of
an arm is its C with one snippet replaced, and the snippet must occur
exactly once in it. A snippet that is missing (the compiler's output
changed) or occurs more than once (the edit would be ambiguous) is refused
with a message naming the snippet, the count and the file, so a timed edit
never measures a program other than the one it names.

  python3 bench/harness/patch.py prog.c old.txt new.txt -o patched.c
  python3 bench/harness/patch.py prog.c old1.txt new1.txt old2.txt new2.txt -o patched.c

Pairs are applied in order, each to the result of the one before.
Exit status: 0 written; 1 a snippet refused (nothing is written); 2 bad
usage or an unreadable file.
Not for: building or timing the variant (build.py, bench/apps/timed_edit.py).
"""
import argparse
import os
import sys


class PatchError(Exception):
    """A snippet is missing or not unique; str() says which, how often, where."""


def _show(snippet, width=60):
    """The snippet's first line, shortened, for a message."""
    lines = snippet.strip("\n").splitlines() or [""]
    first = lines[0].strip()
    more = f" (+{len(lines) - 1} more line{'s' if len(lines) > 2 else ''})" if len(lines) > 1 else ""
    return repr(first if len(first) <= width else first[:width] + "...") + more


def apply(text, old, new, where="<text>"):
    """text with the single occurrence of old replaced by new; PatchError
    when old is empty, missing or occurs more than once."""
    if not old:
        raise PatchError(f"empty snippet for {where}: nothing to match")
    n = text.count(old)
    if n != 1:
        why = "found 0 times" if n == 0 else f"found {n} times (it must occur exactly once)"
        raise PatchError(f"snippet {_show(old)} {why} in {where}")
    return text.replace(old, new, 1)


def apply_all(text, pairs, where="<text>"):
    """apply() of each (old, new) in order."""
    for old, new in pairs:
        text = apply(text, old, new, where)
    return text


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def main(argv=None):
    ap = argparse.ArgumentParser(prog="bench/harness/patch.py", description=__doc__.split("\n\n")[0])
    ap.add_argument("c_file", help="the emitted C to edit")
    ap.add_argument("snippets", nargs="+", help="pairs of files: old snippet, new snippet")
    ap.add_argument("-o", "--out", required=True, help="where the edited C goes")
    a = ap.parse_args(argv)
    if len(a.snippets) % 2:
        ap.error("snippet files come in pairs: old new [old new ...]")
    try:
        text = read(a.c_file)
        pairs = [(read(a.snippets[i]), read(a.snippets[i + 1])) for i in range(0, len(a.snippets), 2)]
    except OSError as e:
        print(f"patch: {e}", file=sys.stderr)
        return 2
    try:
        out = apply_all(text, pairs, os.path.relpath(a.c_file))
    except PatchError as e:
        print(f"patch: refused: {e}", file=sys.stderr)
        return 1
    with open(a.out, "w", encoding="utf-8") as f:
        f.write(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
