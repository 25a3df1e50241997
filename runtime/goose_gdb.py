"""goose_gdb.py — gdb pretty-printers for the C structs of Goose values, for
programs built with `goose build -g` (docs/tools.md, Debugging): a string
(gs_str) prints as its text, a slice (gs_slice_*) as its length, capacity
and elements; both without the ownership bit and storage tag that the high
bits of their length words carry (runtime/goose_rt.h, GS_LEN_MASK).

    (gdb) source /path/from/goose-env/GOOSE_RUNTIME/goose_gdb.py
    (gdb) print word
    $1 = "abab"
    (gdb) print xs
    $2 = len 2 cap 4 = {3, 4}

`print/r word` shows the raw struct. Not for: anything a program runs
(gdb only loads it).
"""
import gdb

LEN_MASK = (1 << 47) - 1    # GS_LEN_MASK
STR_SHOWN = 200             # a longer string prints its first bytes, then ...


def _count(word):
    return int(word) & LEN_MASK


class StrPrinter:
    def __init__(self, val):
        self.val = val

    def to_string(self):
        n = _count(self.val["len"])
        if n == 0:
            return '""'
        try:
            raw = bytes(gdb.selected_inferior().read_memory(int(self.val["ptr"]), min(n, STR_SHOWN)))
        except gdb.MemoryError:
            return f"<string of {n} bytes at {int(self.val['ptr']):#x}, not readable>"
        text = raw.decode("utf-8", errors="backslashreplace")
        text = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t")
        return f'"{text}"' + ("..." if n > STR_SHOWN else "")


class SlicePrinter:
    def __init__(self, val):
        self.val = val

    def to_string(self):
        return f"len {_count(self.val['len'])} cap {_count(self.val['cap'])}"

    def children(self):
        ptr = self.val["ptr"]
        for i in range(_count(self.val["len"])):
            yield f"[{i}]", (ptr + i).dereference()

    def display_hint(self):
        return "array"


def goose_lookup(val):
    t = val.type.strip_typedefs()
    if t.code != gdb.TYPE_CODE_STRUCT or not t.tag:
        return None
    if t.tag == "gs_str":
        return StrPrinter(val)
    if t.tag.startswith("gs_slice_"):
        return SlicePrinter(val)
    return None


# Sourced again, it replaces itself.
gdb.pretty_printers[:] = [p for p in gdb.pretty_printers if getattr(p, "__name__", "") != "goose_lookup"]
gdb.pretty_printers.append(goose_lookup)
