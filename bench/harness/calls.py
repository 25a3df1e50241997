"""calls.py — the call modes of the matrices (--calls), applied to the
emitted C so the Goose source stays one text:

  natural   the emitted C unchanged (the C compiler decides what to inline)
  boundary  the named functions kept out of line: __attribute__((noinline))
  inline    inlining requested: static inline __attribute__((always_inline))

A ratio that moves between boundary and inline was an inlining decision;
one that stays is the pools' own cost. The attribute goes on the named
functions' prototype and definition, each found by the patcher (patch.py),
so a function that is missing or emitted twice is refused, never guessed.
TinyCC never inlines: under tcc (and `goose run`, which compiles with
libtcc from the Goose source) every mode is the natural one, and the
results say so (NO_EFFECT).
Not for: deciding which functions to name (the matrix scripts' Spec).
"""
import re

from . import patch

MODES = ("natural", "boundary", "inline")
PREFIX = {"boundary": "static __attribute__((noinline)) ",
          "inline": "static inline __attribute__((always_inline)) "}
# How the emitter starts a function's line: static, or GS_INLINE (static
# inline, always_inline under clang and gcc).
STORAGE = ("static ", "GS_INLINE ")
NO_EFFECT = "TinyCC never inlines"
C_NAME = "gs_main_{}"       # a Goose function of the main module in the emitted C


def effective(mode, backend):
    """(the mode a back end runs, a note when that is not the mode asked for)."""
    if mode != "natural" and backend not in ("clang", "gcc"):
        return "natural", f"{backend}: {NO_EFFECT}"
    return mode, None


def _lines(text, cname):
    """The prototype and definition lines of cname: (storage prefix, line)."""
    pat = re.compile(r"^(" + "|".join(re.escape(s) for s in STORAGE) + r")[^\n;{}=]*\b" + re.escape(cname)
                     + r"\([^\n]*$", re.M)
    return [(m.group(1), m.group(0)) for m in pat.finditer(text)]


def apply(c_text, functions, mode, where="<emitted C>"):
    """c_text with mode's attribute on each Goose function named (main
    module); PatchError when one has no definition or two."""
    if mode not in MODES:
        raise ValueError(f"unknown call mode {mode!r}; expected one of {MODES}")
    if mode == "natural":
        return c_text
    for fn in functions:
        cname = C_NAME.format(fn)
        found = _lines(c_text, cname)
        defs = [(s, ln) for s, ln in found if not ln.endswith(";")]
        if len(defs) != 1:
            raise patch.PatchError(f"definition of {cname} (Goose fn {fn}) found {len(defs)} times in {where}")
        for storage, line in found:
            end = "\n" if line.endswith(";") else "\n{"
            c_text = patch.apply(c_text, line + end, PREFIX[mode] + line[len(storage):] + end, where)
    return c_text
