#!/usr/bin/env python3
"""check_grammar.py — tests editors/goose.tmLanguage.json, the TextMate
grammar (scope source.goose). One PASS/FAIL line per check; exit 1 on any
failure.

  1. the grammar is what editors/make_grammar.py writes from the compiler's
     tables (keywords, types, suffixes, builtins: never stale), and the VS
     Code extension carries the same file;
  2. it is well-formed: JSON, every rule a match or a begin/end, every
     include found;
  3. every regular expression compiles with Python's re and uses no
     construct Oniguruma reads otherwise (a lint for \\h \\G \\p{ \\x{,
     (?< named groups and possessive quantifiers);
  4. a small tokenizer applying the grammar as TextMate does (the earliest
     match wins, ties by rule order; begin/end rules across lines, the end
     tried first; captures, and patterns inside captures) gives the tokens
     of tests/editors/grammar_sample.gs the expected scopes.
With --onig: 3 and 4 with Oniguruma itself, the engine of TextMate and VS
Code, through libonig's C API (ctypes); exit 77 (skipped) when libonig is
not installed.

usage: check_grammar.py [--onig]
"""
import ctypes
import ctypes.util
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
GRAMMAR = os.path.join(ROOT, "editors", "goose.tmLanguage.json")
SAMPLE = os.path.join(HERE, "grammar_sample.gs")

failures = 0


def check(name, ok, detail=""):
    global failures
    print("%s: %s%s" % ("PASS" if ok else "FAIL", name, "" if ok or not detail else " -- " + str(detail)))
    failures += 0 if ok else 1


# ---- engines: compile(pattern) -> object with search(text, pos) -> [(start, end) per group] or None ----
class PyEngine:
    name = "python re"

    class Rx:
        def __init__(self, pat):
            self.rx = re.compile(pat)

        def search(self, text, pos):
            m = self.rx.search(text, pos)
            return None if not m else [m.span(i) for i in range(self.rx.groups + 1)]

    def compile(self, pat):
        return PyEngine.Rx(pat)


class OnigRegion(ctypes.Structure):
    _fields_ = [("allocated", ctypes.c_int), ("num_regs", ctypes.c_int),
                ("beg", ctypes.POINTER(ctypes.c_int)), ("end", ctypes.POINTER(ctypes.c_int))]


class OnigEngine:
    """Oniguruma through libonig's C API, with TextMate's options
    (ONIG_OPTION_CAPTURE_GROUP, the Oniguruma syntax, UTF-8)."""
    name = "oniguruma"
    CAPTURE_GROUP = 256

    def __init__(self, lib):
        self.lib = lib
        self.enc = ctypes.addressof(ctypes.c_char.in_dll(lib, "OnigEncodingUTF8"))
        self.syntax = ctypes.addressof(ctypes.c_char.in_dll(lib, "OnigSyntaxOniguruma"))
        lib.onig_initialize((ctypes.c_void_p * 1)(self.enc), 1)
        lib.onig_new.argtypes = [ctypes.POINTER(ctypes.c_void_p), ctypes.c_char_p, ctypes.c_char_p,
                                 ctypes.c_uint, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p]
        lib.onig_search.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_char_p,
                                    ctypes.c_char_p, ctypes.POINTER(OnigRegion), ctypes.c_uint]
        lib.onig_region_new.restype = ctypes.POINTER(OnigRegion)
        lib.onig_error_code_to_str.argtypes = [ctypes.c_char_p, ctypes.c_int, ctypes.c_void_p]

    class Rx:
        def __init__(self, eng, pat):
            self.eng = eng
            self.reg = ctypes.c_void_p()
            self.pat = ctypes.create_string_buffer(pat.encode())
            p = ctypes.cast(self.pat, ctypes.c_void_p).value
            einfo = ctypes.create_string_buffer(64)
            n = len(pat.encode())
            r = eng.lib.onig_new(ctypes.byref(self.reg), ctypes.c_char_p(p), ctypes.c_char_p(p + n),
                                 OnigEngine.CAPTURE_GROUP, eng.enc, eng.syntax, einfo)
            if r != 0:
                msg = ctypes.create_string_buffer(256)
                eng.lib.onig_error_code_to_str(msg, r, einfo)
                raise ValueError(msg.value.decode())
            self.region = eng.lib.onig_region_new()

        def search(self, text, pos):
            data = text.encode()
            # character offsets <-> byte offsets
            b_of = [0]
            for ch in text:
                b_of.append(b_of[-1] + len(ch.encode()))
            c_of = {b: i for i, b in enumerate(b_of)}
            buf = ctypes.create_string_buffer(data)
            base = ctypes.cast(buf, ctypes.c_void_p).value
            start = ctypes.c_char_p(base + b_of[pos])
            end = ctypes.c_char_p(base + len(data))
            r = self.eng.lib.onig_search(self.reg, ctypes.c_char_p(base), end, start, end, self.region, 0)
            if r < 0:
                return None
            reg = self.region.contents
            return [(c_of[reg.beg[i]], c_of[reg.end[i]]) if reg.beg[i] >= 0 else (-1, -1)
                    for i in range(reg.num_regs)]

    def compile(self, pat):
        return OnigEngine.Rx(self, pat)


def onig_engine():
    for name in ["onig", "libonig.so.5"]:
        path = ctypes.util.find_library(name) if name == "onig" else name
        if not path:
            continue
        try:
            return OnigEngine(ctypes.CDLL(path))
        except OSError:
            continue
    return None


# ---- the grammar's rules ----
def all_rules(g):
    """Every rule object of the grammar (top level, repository, nested)."""
    out = []

    def walk(rule):
        out.append(rule)
        for p in rule.get("patterns", []):
            walk(p)
        for key in ("captures", "beginCaptures", "endCaptures"):
            for cap in rule.get(key, {}).values():
                for p in cap.get("patterns", []):
                    walk(p)
    for p in g["patterns"]:
        walk(p)
    for r in g["repository"].values():
        walk(r)
    return out


def regexes(g):
    return [(k, r[k]) for r in all_rules(g) for k in ("match", "begin", "end") if k in r]


ONIG_ONLY = [(r"\\h", "\\h"), (r"\\G", "\\G"), (r"\\[pP]\{", "\\p{"), (r"\\x\{", "\\x{"),
             (r"\(\?<[A-Za-z]", "(?<name>"), (r"[*+?}][+]", "possessive quantifier"), (r"\(\?~", "absent")]


class Tokenizer:
    """TextMate's way of applying a grammar to lines (the subset this
    grammar uses)."""

    def __init__(self, g, engine):
        self.g = g
        self.eng = engine
        self.cache = {}

    def rx(self, pat):
        if pat not in self.cache:
            self.cache[pat] = self.eng.compile(pat)
        return self.cache[pat]

    def flatten(self, patterns):
        out = []
        for p in patterns:
            inc = p.get("include")
            if inc == "$self":
                out += self.flatten(self.g["patterns"])
            elif inc:
                out += self.flatten(self.g["repository"][inc[1:]].get("patterns", []))
            elif "match" in p or "begin" in p:
                out.append(p)
            else:
                out += self.flatten(p.get("patterns", []))
        return out

    def paint(self, scopes, start, end, name):
        for i in range(start, end):
            scopes[i] = scopes[i] + [name]

    def apply_captures(self, line, scopes, spans, caps):
        for key, cap in caps.items():
            i = int(key)
            if i >= len(spans) or spans[i][0] < 0:
                continue
            s, e = spans[i]
            if "name" in cap:
                self.paint(scopes, s, e, cap["name"])
            if "patterns" in cap:
                self.run(line, scopes, s, e, self.flatten(cap["patterns"]), [])

    def run(self, line, scopes, pos, limit, patterns, stack):
        """Applies patterns to line[pos:limit], adding scope names to the
        characters; stack (the open begin/end rules) changes as they open
        and close."""
        def fill(a, b, names):
            for i in range(a, b):
                scopes[i] = scopes[i] + names
        while pos < limit:
            names = [r["name"] for r in stack if "name" in r]
            rules = self.flatten(stack[-1].get("patterns", [])) if stack else patterns
            best = None
            if stack:
                m = self.rx(stack[-1]["end"]).search(line, pos)
                if m and m[0][1] <= limit:
                    best = (m[0][0], None, m)
            for rule in rules:
                m = self.rx(rule.get("match", rule.get("begin"))).search(line, pos)
                if m and m[0][1] <= limit and (best is None or m[0][0] < best[0]):
                    best = (m[0][0], rule, m)
            if best is None:
                fill(pos, limit, names)
                return
            _, rule, m = best
            s, e = m[0]
            fill(pos, s, names)
            if rule is None:            # the end of the innermost open rule
                top = stack[-1]
                fill(s, e, names)
                self.apply_captures(line, scopes, m, top.get("endCaptures", top.get("captures", {})))
                stack.pop()
            else:
                fill(s, e, names + ([rule["name"]] if "name" in rule else []))
                key = "captures" if "match" in rule else "beginCaptures"
                self.apply_captures(line, scopes, m, rule.get(key, rule.get("captures", {})))
                if "begin" in rule:
                    stack.append(rule)
            if e == pos:                # an empty match: step over one character
                fill(pos, pos + 1, names)
                e = pos + 1
            pos = e

    def lines(self, text):
        """Per line: a scope list per character."""
        stack = []
        out = []
        top = self.flatten(self.g["patterns"])
        for raw in text.split("\n"):
            line = raw + "\n"
            scopes = [["source.goose"] for _ in line]
            self.run(line, scopes, 0, len(line), top, stack)
            out.append((raw, scopes[:len(raw)]))
        return out


# (a line containing, the token in it, the scope each of its characters must
# have, or must not have when written !scope; optionally the part of the
# token checked)
EXPECT = [
    ("// The sample", "// The sample", "comment.line.double-slash.goose"),
    ('import "strings"', "import", "keyword.other.import.goose"),
    ('import "strings"', '"strings"', "string.quoted.double.goose"),
    ("const LIMIT", "const", "storage.type.goose"),
    ("const LIMIT", "u32", "support.type.primitive.goose"),
    ("const LIMIT", "0xff", "constant.numeric.integer.goose"),
    ("const LIMIT", "_u32", "storage.type.numeric.goose"),
    ("/* a block", "/* a block comment", "comment.block.goose"),
    ("over two lines", "over two lines */", "comment.block.goose"),
    ("struct Point", "struct", "storage.type.goose"),
    ("struct Point", "Point", "entity.name.type.goose"),
    ("    x: int", "int", "support.type.primitive.goose"),
    ("    y: f64", "f64", "support.type.primitive.goose"),
    ("enum Shape", "enum", "storage.type.goose"),
    ("enum Shape", "Shape", "entity.name.type.goose"),
    ("fn (p: ref Point) scale", "fn", "storage.type.goose"),
    ("fn (p: ref Point) scale", "ref", "storage.modifier.goose"),
    ("fn (p: ref Point) scale", "Point", "entity.name.type.goose"),
    ("fn (p: ref Point) scale", "scale", "entity.name.function.goose"),
    ("fn (p: ref Point) scale", "->", "keyword.operator.arrow.goose"),
    ("fn (p: ref Point) scale", "Point {", "entity.name.type.goose", "Point"),
    ("p.y *= k", "*=", "keyword.operator.assignment.goose"),
    ("return Point{", "return", "keyword.control.goose"),
    ("return Point{", "x: LIMIT", "!entity.name.type.goose", "LIMIT"),
    ("fn add(a: int", "add", "entity.name.function.goose"),
    ("fn add(a: int", "int", "support.type.primitive.goose"),
    ("return a + b", "+", "keyword.operator.arithmetic.goose"),
    ("fn main()", "main", "entity.name.function.goose"),
    ("let small = 255_u8", "let", "storage.type.goose"),
    ("let small = 255_u8", "255", "constant.numeric.integer.goose"),
    ("let small = 255_u8", "_u8", "storage.type.numeric.goose"),
    ("var f = 2.5e3", "var", "storage.type.goose"),
    ("var f = 2.5e3", "2.5e3", "constant.numeric.float.goose"),
    ('let s = "tab', '"tab', "string.quoted.double.goose"),
    ('let s = "tab', "\\t", "constant.character.escape.goose"),
    ('let s = "tab', "\\x41", "constant.character.escape.goose"),
    ('let s = "tab', '\\"', "constant.character.escape.goose"),
    ('let s = "tab', 'é"', "string.quoted.double.goose"),
    ("let c = '\\n'", "'\\n'", "string.quoted.single.goose"),
    ("let c = '\\n'", "\\n", "constant.character.escape.goose"),
    ("let d = 'x'", "'x'", "string.quoted.single.goose"),
    ("var n = add(1, 2)", "add", "entity.name.function.call.goose"),
    ("var n = add(1, 2)", "1", "constant.numeric.integer.goose"),
    ("n <<= 2", "<<=", "keyword.operator.assignment.goose"),
    ("if n >= 4", "if", "keyword.control.goose"),
    ("if n >= 4", ">=", "keyword.operator.comparison.goose"),
    ("if n >= 4", "&&", "keyword.operator.logical.goose"),
    ("if n >= 4", "!=", "keyword.operator.comparison.goose"),
    ("println(s, c", "println", "support.function.builtin.goose"),
    ("println(s, c", "contains", "entity.name.function.call.goose"),
    ("for i in 0..3", "for", "keyword.control.goose"),
    ("for i in 0..3", "in", "keyword.control.goose"),
    ("for i in 0..3", "..", "keyword.operator.range.goose"),
    ("n += i as int", "as", "keyword.other.import.goose"),
    ("n += i as int", "int", "support.type.primitive.goose"),
    ("let o: ?Point", "?", "keyword.operator.optional.goose"),
    ("let o: ?Point", "Point", "entity.name.type.goose"),
    ("let o: ?Point", "none", "constant.language.goose"),
    ("0..=3 =>", "..=", "keyword.operator.range.goose"),
    ("0..=3 =>", "=>", "keyword.operator.arrow.goose"),
    ("assert (!o.is_some", "assert", "keyword.control.goose"),
    ("assert (!o.is_some", "!", "keyword.operator.logical.goose"),
    ("assert (!o.is_some", "is_some", "support.function.builtin.method.goose"),
]


def check_sample(tok, engine_name):
    lines = tok.lines(open(SAMPLE).read())
    for exp in EXPECT:
        has, token, scope = exp[0], exp[1], exp[2]
        part = exp[3] if len(exp) > 3 else token
        hit = next(((raw, sc) for raw, sc in lines if has in raw), None)
        if hit is None or token not in hit[0]:
            check("scope (%s) of %r" % (engine_name, token), False, "line %r not in the sample" % has)
            continue
        raw, sc = hit
        at = raw.index(token) + token.index(part)
        got = [sc[i] for i in range(at, at + len(part))]
        ok = all((scope[1:] not in s) if scope.startswith("!") else (scope in s) for s in got)
        check("scope (%s) of %r in %r is %s" % (engine_name, part, has, scope), ok,
              "got %s" % (got[0] if got else None))


def check_onig(g):
    """The grammar under Oniguruma itself: 77 (skipped) without libonig."""
    onig = onig_engine()
    if onig is None:
        print("SKIP: libonig is not installed (apt-get install libonig5)")
        return 77
    pats = regexes(g)
    bad = []
    for _, p in pats:
        try:
            onig.compile(p)
        except ValueError as e:
            bad.append((p, str(e)))
    check("every regex (%d) compiles with Oniguruma" % len(pats), not bad, bad[:3])
    if not bad:
        check_sample(Tokenizer(g, onig), onig.name)
    print("all checks passed" if failures == 0 else "%d check(s) failed" % failures)
    return 1 if failures else 0


def check_files(g):
    rules = all_rules(g)
    check("the grammar is JSON with scopeName source.goose", g.get("scopeName") == "source.goose")
    bad = [r for r in rules if "include" not in r and not ("match" in r or ("begin" in r and "end" in r))
           and "patterns" not in r]
    check("every rule is a match, a begin/end or an include", not bad, bad[:3])
    missing = [r["include"] for r in rules if r.get("include", "$self") not in ("$self",)
               and r["include"][1:] not in g["repository"]]
    check("every include is in the repository", not missing, missing)
    ext = os.path.join(ROOT, "editors", "vscode", "package.json")
    try:
        pkg = json.load(open(ext))
        contributes = pkg["contributes"]
        path = contributes["grammars"][0]["path"]
        same = open(os.path.join(os.path.dirname(ext), path)).read() == open(GRAMMAR).read()
        lang_ok = contributes["languages"][0]["id"] == "goose" and ".gs" in contributes["languages"][0]["extensions"]
        conf = json.load(open(os.path.join(os.path.dirname(ext), contributes["languages"][0]["configuration"])))
        check("the VS Code extension declares the language and carries the grammar",
              same and lang_ok and contributes["grammars"][0]["scopeName"] == "source.goose"
              and conf["comments"]["lineComment"] == "//", path)
    except (OSError, ValueError, KeyError, IndexError) as e:
        check("the VS Code extension declares the language and carries the grammar", False, e)


def main():
    try:
        g = json.load(open(GRAMMAR))
    except (OSError, ValueError) as e:
        check("the grammar is JSON", False, e)
        return 1
    if "--onig" in sys.argv:
        return check_onig(g)
    r = subprocess.run([sys.executable, os.path.join(ROOT, "editors", "make_grammar.py"), "--check"],
                       capture_output=True, text=True)
    check("the grammar is what editors/make_grammar.py writes", r.returncode == 0, (r.stdout + r.stderr).strip())
    check_files(g)
    pats = regexes(g)
    lint = [(p, what) for _, p in pats for rx, what in ONIG_ONLY if re.search(rx, p)]
    check("no regex uses a construct Oniguruma and Python read differently", not lint, lint[:3])
    py_bad = []
    for _, p in pats:
        try:
            re.compile(p)
        except re.error as e:
            py_bad.append((p, str(e)))
    check("every regex (%d) compiles with Python re" % len(pats), not py_bad, py_bad[:3])
    if not py_bad:
        check_sample(Tokenizer(g, PyEngine()), PyEngine.name)
    print("all checks passed" if failures == 0 else "%d check(s) failed" % failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
