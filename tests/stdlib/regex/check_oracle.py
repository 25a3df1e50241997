#!/usr/bin/env python3
"""check_oracle.py — regex against Python's re (bytes patterns) on random
patterns from the part of RE2's syntax where RE2 and Python agree, and on
the log-parser patterns of LangArena's LogParser benchmark over generated
log lines.

Patterns come from a grammar: literals, escaped punctuation, `.`, classes
(ranges, negation, `\\d \\w \\s` inside), `\\d \\w \\s \\D \\W \\S`, `\\b`, `^`, `$`
(`\\Z` for Python, whose `$` also matches before a final newline), `\\A`,
`\\z`, groups, `(?:)`, `(?i:)`, `(?s:)`, a leading `(?i)`, `|`, and `* + ? {n} {n,} {n,m}` with their
lazy forms. A repetition applies only to something that cannot match the
empty string: where an empty iteration is possible the two engines define
captures differently. Inputs are short strings over a small alphabet
(newline and the UTF-8 bytes of `é` included, `\\v`, where `\\s` differs,
left out); a pattern's `é` is its two bytes, so `é*` repeats the second.

For every (pattern, input) the Goose program oracle.gs prints find,
captures, find_all and replace_all; Python computes the same with re.search
and Go's loops (an empty match right after a match is skipped by find_all
and not replaced by replace_all; after an empty match the search moves on
one byte), and `$` templates as docs/stdlib.md describes them.

usage: check_oracle.py [--goose build/goose] [--patterns 2000] [--seed 1]
Prints one PASS/FAIL line; the first mismatches on failure.
"""
import argparse
import os
import random
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))

LIT = list("abcA1 _é") + ["\\.", "-", "\\-", "\\*", "\\(", "\\[", "\\\\", "\\x61", "\\n"]
INPUT = "aaabbbcccAB1 _.-\n*([\\é"
TEMPLATES = ["", "x", "$0", "<$1>", "${1}", "$2$1", "$$", "$", "a$", "$x", "${x}",
             "${1", "$12", "${0}z", "$1a", "[$3]", "$$1", "${}"]

# The patterns of LangArena's LogParser benchmark, shared with the benchmark.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "bench", "stdlib", "regex"))
from log_patterns import PATTERNS as LOG_PATTERNS  # noqa: E402


SKIP_PATTERNS = ["ab", "a[bc]+", "(?i)/lo|/si", "[ab]c|bd", "[ab]c?", "a|bc", "x[ab]{2}", "[/x]", "b|/l"]


class Gen:
    """Random patterns: gen_* return (text, nullable)."""

    def __init__(self, rnd):
        self.r = rnd

    def cls_item(self):
        r = self.r
        k = r.randrange(6)
        if k == 0:
            a, b = sorted(r.sample("abcdxyz", 2))
            return a + "-" + b
        if k == 1:
            return r.choice(["\\d", "\\w", "\\s", "\\D", "\\W", "\\S"])
        if k == 2:
            return r.choice(["\\.", "\\-", "\\]", "\\\\", "\\n", "_", " ", "1-3", "é"])
        return r.choice("abcA1")

    def cls(self):
        r = self.r
        items = "".join(self.cls_item() for _ in range(r.randint(1, 3)))
        return "[" + ("^" if r.random() < 0.3 else "") + items + "]"

    def atom(self, depth):
        r = self.r
        k = r.randrange(100)
        if k < 40 or depth > 3:
            return r.choice(LIT), False
        if k < 48:
            return ".", False
        if k < 62:
            return self.cls(), False
        if k < 70:
            return r.choice(["\\d", "\\w", "\\s", "\\D", "\\W", "\\S"]), False
        if k < 75:
            return r.choice(["^", "$", "\\b", "\\A", "\\z"]), True
        body, null = self.alt(depth + 1)
        head = r.choice(["(", "(", "(", "(?:", "(?i:", "(?s:"])
        return head + body + ")", null

    def rep(self):
        r = self.r
        k = r.randrange(6)
        if k == 0:
            op = "*"
        elif k == 1:
            op = "+"
        elif k == 2:
            op = "?"
        elif k == 3:
            op = "{%d}" % r.randint(0, 3)
        elif k == 4:
            op = "{%d,}" % r.randint(0, 2)
        else:
            lo = r.randint(0, 2)
            op = "{%d,%d}" % (lo, lo + r.randint(0, 2))
        if r.random() < 0.3:
            op += "?"
        return op

    def piece(self, depth):
        text, null = self.atom(depth)
        if not null and self.r.random() < 0.35:
            op = self.rep()
            nullable_op = op[0] in "*?" or op.startswith("{0")
            return text + op, nullable_op
        return text, null

    def concat(self, depth):
        parts = [self.piece(depth) for _ in range(self.r.randint(0 if depth else 1, 4))]
        return "".join(p for p, _ in parts), all(n for _, n in parts)

    def alt(self, depth):
        branches = [self.concat(depth) for _ in range(self.r.choices([1, 2, 3], [6, 3, 1])[0])]
        return "|".join(b for b, _ in branches), any(n for _, n in branches)

    def pattern(self):
        text, _ = self.alt(0)
        if self.r.random() < 0.12:
            text = "(?i)" + text
        return text


def to_python(p):
    """The pattern for Python: `$` (outside classes, unescaped) as `\\Z`."""
    out = []
    i = 0
    in_cls = False
    while i < len(p):
        c = p[i]
        if c == "\\":
            out.append("\\Z" if p[i:i + 2] == "\\z" else p[i:i + 2])
            i += 2
            continue
        if in_cls:
            if c == "]":
                in_cls = False
        elif c == "[":
            in_cls = True
            out.append(c)
            i += 1
            if i < len(p) and p[i] == "^":
                out.append("^")
                i += 1
            if i < len(p) and p[i] == "]":
                out.append("\\]")
                i += 1
            continue
        elif c == "$":
            out.append("\\Z")
            i += 1
            continue
        out.append(c)
        i += 1
    return "".join(out)


def expand(t, m, s, ngroups):
    out = bytearray()
    i = 0
    while i < len(t):
        c = t[i]
        if c != "$" or i + 1 >= len(t):
            out += c.encode()
            i += 1
            continue
        d = t[i + 1]
        if d == "$":
            out += b"$"
            i += 2
            continue
        j = i + 1
        braced = d == "{"
        if braced:
            j += 1
        d0 = j
        while j < len(t) and t[j].isdigit():
            j += 1
        if j == d0 or (braced and (j >= len(t) or t[j] != "}")):
            out += b"$"
            i += 1
            continue
        g = int(t[d0:j])
        if braced:
            j += 1
        if g <= ngroups and m.start(g) >= 0:
            out += s[m.start(g):m.end(g)]
        i = j
    return bytes(out)


def find_all(p, s):
    out = []
    pos, prev = 0, -1
    while pos <= len(s):
        m = p.search(s, pos)
        if not m:
            break
        a, b = m.span()
        accept = True
        if b == pos:
            accept = a != prev
            pos += 1
        else:
            pos = b
        prev = b
        if accept:
            out.append((a, b))
    return out


def replace_all(p, s, t):
    out = bytearray()
    last = pos = 0
    while pos <= len(s):
        m = p.search(s, pos)
        if not m:
            break
        a, b = m.span()
        out += s[last:a]
        if b > last or a == 0:
            out += expand(t, m, s, p.groups)
        last = b
        pos = b if b > pos else pos + 1
    out += s[last:]
    return bytes(out)


def spans(xs):
    return "".join("%d %d " % x for x in xs)


def expect(p, s, t):
    m = p.search(s)
    if m:
        f = "F %d %d" % m.span()
        caps = spans([m.span(g) for g in range(p.groups + 1)])
    else:
        f = "F -1 -1"
        caps = ""
    return "%s|C %s|A %s|R %s" % (f, caps, spans(find_all(p, s)), replace_all(p, s, t).hex())


def log_text(n):
    """Log lines in the shape LangArena's LogParser generates (written anew)."""
    methods = ["GET", "POST", "PUT", "DELETE"]
    paths = ["/index.html", "/api/users", "/admin", "/images/logo.png", "/etc/passwd",
             "/wp-admin/setup.php"]
    statuses = [200, 201, 301, 302, 400, 401, 403, 404, 500, 502, 503]
    agents = ["Mozilla/5.0", "Googlebot/2.1", "curl/7.68.0", "scanner/2.0"]
    users = ["john", "jane", "alex", "sarah", "mike", "anna", "david", "elena"]
    domains = ["example.com", "gmail.com", "yahoo.com", "hotmail.com", "company.org", "mail.ru"]
    lines = []
    for i in range(n):
        line = '192.168.1.%d - - [%d/Oct/2023:%d:55:36 +0000] "%s ' % (
            i % 255 + 1, i % 31, i % 60, methods[i % 4])
        if i % 3 == 0:
            line += "/login?email=%s%d@%s&password=secret%d" % (
                users[i % 8], i % 100, domains[i % 6], i % 10000)
        elif i % 5 == 0:
            line += "/api/data?token=" + "abcdef123456" * (i % 3 + 1)
        elif i % 7 == 0:
            line += "/user/profile?session_id=sess_%x" % (i * 12345)
        else:
            line += paths[i % 6]
        line += ' HTTP/1.1" %d 2326 "http://%s" "%s"\n' % (
            statuses[i % 11], domains[i % 6], agents[i % 4])
        lines.append(line)
    return "".join(lines).encode()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--goose", default=os.environ.get("GOOSE", "build/goose"))
    ap.add_argument("--patterns", type=int, default=2000)
    ap.add_argument("--inputs", type=int, default=6, help="inputs per pattern")
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    rnd = random.Random(a.seed)
    gen = Gen(rnd)
    cases = []   # (pattern, [(input, template)])
    skipped = 0
    while len(cases) < a.patterns:
        pat = gen.pattern()
        try:
            re.compile(to_python(pat).encode())
        except re.error:
            skipped += 1
            continue
        ins = []
        for _ in range(a.inputs):
            s = "".join(rnd.choice(INPUT) for _ in range(rnd.randint(0, 12)))
            ins.append((s.encode(), rnd.choice(TEMPLATES)))
        cases.append((pat, ins))
    # DFA-heavy patterns on longer inputs: the first needs more states than
    # the DFA keeps (it gives up and the Pike VM takes over mid-search)
    for pat in ["(a|b)*a(a|b){11}", "(?:a|b)*?b(a)(a|b){3}", "(ab|a)(bab|b)*", "a[ab]{2,5}?b|b+a"]:
        size = 4000 if pat.endswith("{11}") else 300
        ins = ["".join(rnd.choice("ab") for _ in range(rnd.randint(size // 2, size))) for _ in range(4)]
        cases.append((pat, [(x.encode(), "<$1>") for x in ins]))
    # the forward DFA's skips: one first byte (memchr) tested with the
    # bytes that can follow it, a first-byte set with a second-byte set,
    # and patterns with one-byte matches (no second-byte test); inputs
    # that end on a first byte
    for pat in SKIP_PATTERNS:
        ins = []
        for _ in range(12):
            x = "".join(rnd.choice("abcdx/losiLOSI") for _ in range(rnd.randint(0, 100)))
            ins.append((x.encode(), "<$0>"))
        ins += [(b"xxa", "<$0>"), (b"/", "<$0>"), (b"xb", "<$0>"), (b"a", "<$0>")]
        cases.append((pat, ins))
    log = log_text(300)
    for lp in LOG_PATTERNS:
        cases.append((lp, [(log, "<$0>"), (log[:200], "[$$]")]))

    lines, want = [], []
    for pat, ins in cases:
        lines.append("P " + pat.encode().hex())
        want.append("P ok")
        p = re.compile(to_python(pat).encode())
        for s, t in ins:
            lines.append("S %s %s" % (s.hex(), t.encode().hex()))
            want.append(expect(p, s, t))
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "cases.txt")
        with open(path, "w") as f:
            f.write("\n".join(lines) + "\n")
        exe = os.path.join(tmp, "oracle")
        b = subprocess.run([a.goose, "build", os.path.join(HERE, "oracle.gs"), "-o", exe],
                           capture_output=True, text=True)
        if b.returncode != 0:
            print("FAIL stdlib/regex/oracle: build failed\n" + b.stderr)
            return 1
        r = subprocess.run([exe, path], capture_output=True, text=True, timeout=600)
    got = r.stdout.split("\n")[:-1]
    bad = []
    k = 0
    ci = -1
    for pat, ins in cases:
        ci += 1
        rows = [("pattern", None)] + [(s, t) for s, t in ins]
        for s, t in rows:
            g = got[k] if k < len(got) else "<missing>"
            if g != want[k]:
                bad.append("pattern %r input %r repl %r\n  want %s\n  got  %s" % (
                    pat, s if s != "pattern" else "", t, want[k][:300], g[:300]))
            k += 1
    if r.returncode != 0 or bad or len(got) != len(want):
        print("FAIL stdlib/regex/oracle: %d mismatches of %d lines (status %d)" % (
            len(bad), len(want), r.returncode))
        for x in bad[:15]:
            print(x)
        print(r.stderr[:2000])
        return 1
    print("PASS stdlib/regex/oracle: %d patterns (%d log-parser, %d skip, 4 long-input), %d inputs, seed %d "
          "(%d generated patterns Python rejected were skipped)" % (
              len(cases), len(LOG_PATTERNS), len(SKIP_PATTERNS), len(want) - len(cases), a.seed, skipped))
    return 0


if __name__ == "__main__":
    sys.exit(main())
