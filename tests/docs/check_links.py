#!/usr/bin/env python3
"""check_links.py — every relative link of the given Markdown pages leads
somewhere: `[text](path)` to a file that exists (relative to the page),
`[text](path#anchor)` and `[text](#anchor)` to a heading of that page
whose GitHub anchor is `anchor`. Links inside code (fenced blocks, `inline
code`) and to other sites (http:, https:, mailto:) are not checked.

  check_links.py --name docs/links README.md docs/*.md
  check_links.py --name docs/links_meta --expect-broken 4 fixtures/broken_links.md

Prints one FAIL line per broken link and ends with one PASS/FAIL line;
exit 0 when every link leads somewhere, or with --expect-broken N when
exactly N links are broken (the test of this script on planted links).
Not for: whether an external site answers (no network in tests)."""
import argparse
import os
import re
import sys

LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
HEADING = re.compile(r"^#{1,6}\s+(.*?)\s*#*\s*$")


def prose_lines(text, keep_code=False):
    """[(line number, line)] outside fenced code blocks, inline code cut out
    unless keep_code (a heading's anchor keeps its code's text)."""
    out, fenced = [], False
    for n, line in enumerate(text.split("\n"), 1):
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        if not fenced:
            out.append((n, line))
    if keep_code:
        return out
    # Inline code may wrap lines: cut it from the joined text, keeping its
    # newlines so that the line numbers stay right.
    joined = "\n".join(line for _, line in out)
    joined = re.sub(r"`[^`]*`", lambda m: "\n" * m.group(0).count("\n"), joined)
    return list(zip((n for n, _ in out), joined.split("\n")))


def anchor(title):
    """GitHub's anchor of a heading: lower case, punctuation dropped but
    - and _, spaces as -."""
    t = title.strip().lower().replace("`", "")
    t = re.sub(r"[^\w\- ]", "", t)
    return t.replace(" ", "-")


def anchors(path, cache):
    if path not in cache:
        seen, found = {}, set()
        with open(path) as f:
            for _, line in prose_lines(f.read(), keep_code=True):
                m = HEADING.match(line)
                if not m:
                    continue
                a = anchor(m.group(1))
                k = seen.get(a, 0)
                seen[a] = k + 1
                found.add(a if k == 0 else f"{a}-{k}")
        cache[path] = found
    return cache[path]


def broken(page, cache):
    """[message] for each link of page that leads nowhere (a link's text
    may wrap lines)."""
    bad = []
    with open(page) as f:
        lines = prose_lines(f.read())
    text = "\n".join(line for _, line in lines)
    for m in LINK.finditer(text):
        n = lines[text.count("\n", 0, m.start(1))][0]
        target = m.group(1)
        if re.match(r"^[a-z]+:", target):
            continue
        path, _, frag = target.partition("#")
        dest = os.path.normpath(os.path.join(os.path.dirname(page), path)) if path else page
        if not os.path.exists(dest):
            bad.append(f"{page}:{n}: {target}: no file {dest}")
        elif frag and dest.endswith(".md") and frag not in anchors(dest, cache):
            bad.append(f"{page}:{n}: {target}: no heading with anchor #{frag} in {dest}")
    return bad


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--name", default="docs/links")
    ap.add_argument("--expect-broken", type=int, default=0)
    ap.add_argument("pages", nargs="+")
    a = ap.parse_args()
    cache, bad = {}, []
    for p in a.pages:
        bad += broken(p, cache)
    if a.expect_broken:
        ok = len(bad) == a.expect_broken
        print(f"{'PASS' if ok else 'FAIL'} {a.name}: {len(bad)} broken links found, "
              f"{a.expect_broken} planted" + ("" if ok else ": " + "; ".join(bad)))
        return 0 if ok else 1
    for b in bad:
        print(f"FAIL {b}")
    if bad:
        print(f"FAIL {a.name}: {len(bad)} broken links in {len(a.pages)} pages")
        return 1
    print(f"PASS {a.name}: every link of {len(a.pages)} pages leads somewhere")
    return 0


if __name__ == "__main__":
    sys.exit(main())
