#!/usr/bin/env python3
"""make_grammar.py — writes editors/goose.tmLanguage.json (and the copy in
editors/vscode/syntaxes/) from the compiler's own tables, so the editors'
highlighting knows exactly the words the compiler knows:

  keywords and operators   frontend/tokens.def (class K; class P with the
                           precedence and assignment columns)
  builtin types            frontend/check_decl.c, ty_names[]
  integer suffixes         frontend/lex.h, LEX_SUFFIXES
  builtin functions        frontend/include/ast.h, GS_BUILTINS (those a
                           program may call: no `__` primitives)

tests/editors/check_grammar.py fails when the committed grammar differs from
what this script writes (run it after changing one of those tables).
The regular expressions stay in the subset that Oniguruma (TextMate, VS
Code) and Python's re read alike: no possessive quantifiers, no \\h \\G
\\p{..} \\x{..}, no named groups; lookbehind of fixed width only.

usage: python3 editors/make_grammar.py [--check]
  --check: write nothing; exit 1 when a file differs from what it would write.
"""
import json
import os
import re
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
OUTPUTS = ["editors/goose.tmLanguage.json", "editors/vscode/syntaxes/goose.tmLanguage.json"]

# Every keyword of tokens.def has a scope here; a new keyword with none
# stops this script (choose one, then write the grammar again).
KEYWORD_SCOPES = {
    "keyword.control.goose": ["if", "else", "while", "for", "in", "break", "continue", "return", "match",
                              "defer", "assert"],
    "storage.type.goose": ["fn", "struct", "enum", "let", "var", "const"],
    "storage.modifier.goose": ["inline", "ref", "reusable"],
    "keyword.other.import.goose": ["import", "as"],
    "constant.language.goose": ["true", "false", "none"],
}


def read(rel):
    with open(os.path.join(ROOT, rel)) as f:
        return f.read()


def tokens():
    """(id, spelling, class, prec, binop, assignop) of tokens.def."""
    out = []
    for m in re.finditer(r'^TOK\((\w+),\s*"((?:[^"\\]|\\.)*)",\s*([PKL]),\s*\d+,\s*(\d+),\s*(\w+),\s*(\w+)\)',
                         read("frontend/tokens.def"), re.M):
        out.append((m.group(1), m.group(2), m.group(3), int(m.group(4)), m.group(5), m.group(6)))
    if not out:
        sys.exit("make_grammar: no TOK lines in frontend/tokens.def")
    return out


def builtin_types():
    m = re.search(r"ty_names\[\]\s*=\s*\{(.*?)\};", read("frontend/check_decl.c"), re.S)
    return re.findall(r'\{\s*"(\w+)"', m.group(1))


def int_suffixes():
    m = re.search(r"#define LEX_SUFFIXES\(SUF\)(.*?)\n\n", read("frontend/lex.h"), re.S)
    return re.findall(r'SUF\(\w+,\s*"(\w+)"\)', m.group(1))


def builtin_functions():
    """(spelling, is_method) of GS_BUILTINS a program may name."""
    m = re.search(r"#define GS_BUILTINS\(BI\)(.*?)\n\n", read("frontend/include/ast.h"), re.S)
    found = re.findall(r'BI\(\w+,\s*"(\w+)",\s*([01])\)', m.group(1))
    return [(name, meth == "1") for name, meth in found if not name.startswith("__")]


def words(names):
    return r"\b(?:" + "|".join(sorted(names, key=lambda w: (-len(w), w))) + r")\b"


def escape(s):
    """s as a regex literal: only the metacharacters escaped (both engines
    read `\\&` alike, but plain characters need no backslash)."""
    return re.sub(r"([.^$*+?()\[\]{}|\\])", r"\\\1", s)


def operator_scope(tok):
    tid, sp, cls, prec, binop, assignop = tok
    if assignop != "NONE":
        return "keyword.operator.assignment.goose"
    if prec in (1, 2) or tid == "BANG":
        return "keyword.operator.logical.goose"
    if prec == 3:
        return "keyword.operator.comparison.goose"
    if prec in (4, 5, 6, 7) or tid == "TILDE":
        return "keyword.operator.bitwise.goose"
    if prec in (8, 9):
        return "keyword.operator.arithmetic.goose"
    return {"DOTDOT": "keyword.operator.range.goose", "DOTDOTEQ": "keyword.operator.range.goose",
            "ARROW": "keyword.operator.arrow.goose", "FATARROW": "keyword.operator.arrow.goose",
            "QUESTION": "keyword.operator.optional.goose"}.get(tid)


def operators(toks):
    """One pattern per operator scope, longest spellings first."""
    by_scope = {}
    for t in toks:
        if t[2] == "P":
            scope = operator_scope(t)
            if scope:
                by_scope.setdefault(scope, []).append(t[1])
    everything = [s for v in by_scope.values() for s in v]
    pats = []
    # One alternation of all operators decides the longest token first
    # (`<<=` before `<<` before `<`); each alternative has its own capture.
    ordered = sorted(everything, key=lambda s: (-len(s), s))
    caps = {}
    for i, sp in enumerate(ordered, 1):
        caps[str(i)] = {"name": next(k for k, v in by_scope.items() if sp in v)}
    pats.append({"match": "|".join("(" + escape(s) + ")" for s in ordered), "captures": caps})
    return pats


def keyword_patterns(toks):
    kws = [t[1] for t in toks if t[2] == "K"]
    placed = [w for ws in KEYWORD_SCOPES.values() for w in ws]
    missing = sorted(set(kws) - set(placed))
    unknown = sorted(set(placed) - set(kws))
    if missing or unknown:
        sys.exit("make_grammar: keywords without a scope: %s; not keywords: %s" % (missing, unknown))
    return [{"match": words(ws), "name": scope} for scope, ws in KEYWORD_SCOPES.items()]


IDENT = r"[A-Za-z_][A-Za-z0-9_]*"
ESCAPE = r"""\\(?:x[0-9A-Fa-f]{2}|[ntr0\\"'])"""


def grammar():
    toks = tokens()
    suffixes = int_suffixes()
    fns = builtin_functions()
    digits = r"[0-9](?:_?[0-9])*"
    return {
        "name": "Goose",
        "scopeName": "source.goose",
        "fileTypes": ["gs"],
        "comment": "Written by editors/make_grammar.py from the compiler's tables; do not edit by hand.",
        "patterns": [{"include": "#" + k} for k in
                     ["comments", "strings", "chars", "fn-definition", "type-definition", "type-annotation",
                      "numbers", "keywords", "builtin-types", "builtin-functions", "calls", "operators",
                      "punctuation"]],
        "repository": {
            "comments": {"patterns": [
                {"name": "comment.line.double-slash.goose", "match": r"(//).*$",
                 "captures": {"1": {"name": "punctuation.definition.comment.goose"}}},
                {"name": "comment.block.goose", "begin": r"/\*", "end": r"\*/",
                 "captures": {"0": {"name": "punctuation.definition.comment.goose"}}},
            ]},
            "strings": {"patterns": [
                {"name": "string.quoted.double.goose", "begin": '"', "end": '"|$',
                 "beginCaptures": {"0": {"name": "punctuation.definition.string.begin.goose"}},
                 "endCaptures": {"0": {"name": "punctuation.definition.string.end.goose"}},
                 "patterns": [{"name": "constant.character.escape.goose", "match": ESCAPE},
                              {"name": "invalid.illegal.escape.goose", "match": r"\\."}]},
            ]},
            "chars": {"patterns": [
                {"name": "string.quoted.single.goose",
                 "match": r"(')(?:[^'\\\n]|(" + ESCAPE + r"))(')",
                 "captures": {"1": {"name": "punctuation.definition.char.begin.goose"},
                              "2": {"name": "constant.character.escape.goose"},
                              "3": {"name": "punctuation.definition.char.end.goose"}}},
            ]},
            "fn-definition": {"patterns": [
                # a method: fn (recv: ref T) name
                {"match": r"\b(fn)\s*(\()\s*(" + IDENT + r")\s*(:)\s*(?:(ref)\s+)?(" + IDENT + r")([^)]*)(\))\s*("
                          + IDENT + r")",
                 "captures": {"1": {"name": "storage.type.goose"}, "3": {"name": "variable.parameter.goose"},
                              "5": {"name": "storage.modifier.goose"}, "6": {"name": "entity.name.type.goose"},
                              "9": {"name": "entity.name.function.goose"}}},
                {"match": r"\b(fn)\s+(" + IDENT + r")",
                 "captures": {"1": {"name": "storage.type.goose"}, "2": {"name": "entity.name.function.goose"}}},
            ]},
            "type-definition": {"patterns": [
                {"match": r"\b(struct|enum)\s+(" + IDENT + r")",
                 "captures": {"1": {"name": "storage.type.goose"}, "2": {"name": "entity.name.type.goose"}}},
            ]},
            # After `:`, `->` and `as`: a type whose name starts with a capital
            # and is not all capitals (`Point`, `T`; builtin types are lower
            # case and have their own rule); a value after `:` (a struct
            # literal's field, a named argument) is left alone unless it looks
            # like a type too (a constant `LIMIT` does not).
            "type-annotation": {"patterns": [
                {"match": r"(:|->|\bas\b)\s*((?:\?|\[[0-9A-Za-z_]*\]|ref\s+|reusable\s*(?:\[\])?\s*)*)(?:("
                          + IDENT + r")(\.))?([A-Z](?:[A-Za-z0-9_]*[a-z][A-Za-z0-9_]*)?)\b",
                 "captures": {"1": {"patterns": [{"include": "#operators"}, {"include": "#keywords"}]},
                              "2": {"patterns": [{"include": "#keywords"}, {"include": "#numbers"},
                                                 {"include": "#operators"}]},
                              "3": {"name": "entity.name.namespace.goose"},
                              "5": {"name": "entity.name.type.goose"}}},
            ]},
            "numbers": {"patterns": [
                {"name": "constant.numeric.float.goose",
                 "match": r"\b" + digits + r"(?:\." + digits + r"(?:[eE][+-]?" + digits + r")?|[eE][+-]?"
                          + digits + r")\b"},
                {"match": r"\b(0[xX](?:_?[0-9A-Fa-f])+|0[bB](?:_?[01])+|0[oO](?:_?[0-7])+|" + digits
                          + r")(_(?:" + "|".join(sorted(suffixes, key=lambda s: (-len(s), s))) + r"))?\b",
                 "captures": {"1": {"name": "constant.numeric.integer.goose"},
                              "2": {"name": "storage.type.numeric.goose"}}},
            ]},
            "keywords": {"patterns": keyword_patterns(toks)},
            "builtin-types": {"patterns": [
                {"name": "support.type.primitive.goose", "match": words(builtin_types())},
            ]},
            "builtin-functions": {"patterns": [
                {"match": words([n for n, m in fns if not m]) + r"(?=\s*\()",
                 "name": "support.function.builtin.goose"},
                {"match": r"(?<=\.)" + words([n for n, m in fns if m]) + r"(?=\s*\()",
                 "name": "support.function.builtin.method.goose"},
            ]},
            "calls": {"patterns": [
                {"match": "(" + IDENT + r")\s*(?=\()",
                 "captures": {"1": {"name": "entity.name.function.call.goose"}}},
            ]},
            "operators": {"patterns": operators(toks)},
            "punctuation": {"patterns": [
                {"match": ",", "name": "punctuation.separator.comma.goose"},
                {"match": ";", "name": "punctuation.terminator.goose"},
                {"match": r"\.", "name": "punctuation.accessor.goose"},
                {"match": ":", "name": "punctuation.separator.colon.goose"},
            ]},
        },
    }


def main():
    text = json.dumps(grammar(), indent=2) + "\n"
    stale = []
    for rel in OUTPUTS:
        path = os.path.join(ROOT, rel)
        old = open(path).read() if os.path.exists(path) else None
        if old != text:
            stale.append(rel)
            if "--check" not in sys.argv:
                os.makedirs(os.path.dirname(path), exist_ok=True)
                with open(path, "w") as f:
                    f.write(text)
    if "--check" in sys.argv and stale:
        print("make_grammar: out of date: %s (run python3 editors/make_grammar.py)" % ", ".join(stale))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
