#!/usr/bin/env python3
"""tests/debug/macros: goose build -g gives a local its Goose name only when
no macro that the function's C may expand can mean another thing by it
(emit-c/cemit_debug.c, cm_reserved). Its rules refuse names starting with
_, gs_, gsm_ or GS_, ending in _t, or in capitals, and the words of
cm_c_words. The macros emitted C may expand are those of the runtime's
headers that the emitter's sources name, and those their bodies name, on
and on. This checks that every identifier their bodies name (not a
parameter, a member, an attribute, or in a comment) is refused by those
rules, so a new macro that names, say, memcpy fails here until memcpy
joins cm_c_words.

  check_macros.py --emitter-dir emit-c runtime/*.h
Exit 0 and PASS, or 1 and FAIL naming each identifier and its macro.
"""
import argparse
import glob
import os
import re
import sys

IDENT = re.compile(r"[A-Za-z_]\w*")


def words_of(emitter):
    text = open(emitter).read()
    m = re.search(r"cm_c_words\[\]\s*=\s*\{(.*?)\};", text, re.S)
    if not m:
        sys.exit(f"FAIL debug/macros: no cm_c_words in {emitter}")
    return set(re.findall(r'"(\w+)"', m.group(1)))


def refused(name, words):
    return (name.startswith(("_", "gs_", "gsm_", "GS_")) or name.endswith("_t") or name in words
            or (len(name) >= 2 and name.upper() == name and any(c.isalpha() for c in name)))


def macros(path):
    """(name, params, body) of each #define, continuation lines joined,
    comments gone."""
    text = re.sub(r"/\*.*?\*/", " ", open(path).read(), flags=re.S).replace("\\\n", " ")
    for line in text.splitlines():
        m = re.match(r"\s*#\s*define\s+(\w+)(\(([^)]*)\))?(.*)", line)
        if m:
            params = {p.strip() for p in (m.group(3) or "").split(",")} - {"..."}
            yield m.group(1), params, re.sub(r"//.*", "", m.group(4))


def idents(body):
    """The identifiers of body outside strings, numbers and attributes, each
    with what stands before it and after it."""
    body = re.sub(r'"(\\.|[^"\\])*"', " ", body)
    body = re.sub(r"__attribute__\s*\(\(.*?\)\)", " ", body)
    body = re.sub(r"(?<!\w)\.?\d[\w.]*", " ", body)
    for m in IDENT.finditer(body):
        yield m.group(0), body[:m.start()].rstrip(), body[m.end():].lstrip()


def free_idents(params, body):
    for name, before, after in idents(body):
        if before.endswith((".", "->", "##")) or after.startswith("##"):
            continue
        if name not in params and name != "__VA_ARGS__":
            yield name


def reachable(defs, emitter_dir):
    """The macro names the emitter's sources name, and those their bodies
    name, on and on."""
    text = "".join(open(p).read() for p in sorted(glob.glob(os.path.join(emitter_dir, "*.c"))))
    todo = [n for n in set(IDENT.findall(text)) if n in defs]
    seen = set()
    while todo:
        n = todo.pop()
        if n in seen:
            continue
        seen.add(n)
        for params, body in defs[n]:
            todo += [i for i, _, _ in idents(body) if i in defs and i not in params]
    return seen


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--emitter-dir", required=True)
    ap.add_argument("headers", nargs="+")
    a = ap.parse_args()
    words = words_of(os.path.join(a.emitter_dir, "cemit_debug.c"))
    defs = {}
    for h in a.headers:
        for name, params, body in macros(h):
            defs.setdefault(name, []).append((params, body))
    used = reachable(defs, a.emitter_dir)
    if not used:
        print("FAIL debug/macros: the emitter names no macro of these headers")
        sys.exit(1)
    bad = []
    for name in sorted(used):
        for params, body in defs[name]:
            bad += [f"{n} (in {name})" for n in free_idents(params, body) if not refused(n, words)]
    if bad:
        print("FAIL debug/macros: macro bodies name identifiers a -g local could take: "
              + ", ".join(sorted(set(bad))))
        sys.exit(1)
    print("PASS debug/macros")


if __name__ == "__main__":
    main()
