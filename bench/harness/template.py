"""template.py — renders a workload template (bench/workloads/*.gs.in) for
one arm: every word POOL_X or ELEM_X is replaced by that arm's text, and a
word followed by (args) is a macro whose body names its arguments $0, $1.
Expansion repeats until no such word is left (a body may use other macros).

So the arms of a cell differ only in the spelled pool operations: the same
functions, loops, operation order and checksum arithmetic. Not for: deciding
which operations an arm uses (the matrix scripts hold those tables).
"""
import re

WORD = re.compile(r"\b(POOL_[A-Z0-9_]+|ELEM_[A-Z0-9_]+)\b")


class TemplateError(Exception):
    pass


def _call_args(text, start):
    """Parses '(a, b(c, d), e[f])' at text[start]; returns ([args], end)."""
    depth, args, cur = 0, [], start + 1
    for i in range(start, len(text)):
        ch = text[i]
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
            if depth == 0:
                args.append(text[cur:i].strip())
                return args, i + 1
        elif ch == "," and depth == 1:
            args.append(text[cur:i].strip())
            cur = i + 1
    raise TemplateError(f"unbalanced call at offset {start}")


def _expand_once(text, macros):
    out, pos, changed = [], 0, False
    for m in WORD.finditer(text):
        if m.start() < pos:
            continue  # inside a call already consumed
        name = m.group(1)
        if name not in macros:
            raise TemplateError(f"no definition for {name}")
        body = macros[name]
        end = m.end()
        if end < len(text) and text[end] == "(":
            args, end = _call_args(text, end)
            for i, a in enumerate(args):
                body = body.replace(f"${i}", a)
        out.append(text[pos:m.start()])
        out.append(body)
        pos, changed = end, True
    out.append(text[pos:])
    return "".join(out), changed


def render(text, macros, max_depth=10):
    """Expands every POOL_/ELEM_ word of text with macros (name -> body)."""
    for _ in range(max_depth):
        text, changed = _expand_once(text, macros)
        if not changed:
            return text
    raise TemplateError("macro expansion did not settle (recursive definition?)")
