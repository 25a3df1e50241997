#!/usr/bin/env python3
"""Issue 27 measurements: rewrite the C that `goose emit-c -O2` wrote for a
program into a prototype with generation checks (a hand-made model of what
the compiler would emit; see docs/temporal_safety.md).

  transform.py MODE in.c out.c      MODE: wide | all | hoist

Every slice header gains a `gref` word (gen<<32 | cell index; the runtime
copy in bench/temporal/rt_patch.py adds it to gs_str, []u8 and []string):
  - a header built from another's .ptr copies its gref (views, copies);
  - make / a pool span allocation takes a new cell (gs_gref_new);
  - delete kills the cell; a push that grows an owned slice kills the old
    cell and takes a new one.
wide:  the above only (GS_GCHK is compiled out with -DGS_GCHK_OFF by run.py):
       the cost of the wider header and of keeping the cells.
all:   GS_GCHK(base) before every statement that indexes base.ptr[...].
region: as hoist, then a check dominated by an earlier check of the same
       gref with nothing that may free in between is dropped (dedupe()).
typed: as owner, and a growing push of a []T (the only call on a line
       that may free) invalidates only headers whose element type is T
       (strings and []u8 together): loops that push to a queue keep their
       other checks hoisted.
tagwide / tag: wide / typed, then rewritten to the packed-tag representation
       (tagify; runtime: rt_patch.py DIR tag): headers keep their size, the
       tag rides in bits 47..61 of cap (of len for strings), the heap keeps
       the shadow; the same GS_GCHK statements as wide / typed.
hoist: as all, but inside a loop whose body calls nothing that can free
       (only gs_fail_*, GS_* macros and the allowlist below), a check on a
       loop-invariant base moves before the outermost such loop.
Prints counts (checks inserted, hoisted, untracked headers) on stderr."""
import re
import sys

NOFREE = {"GS_UNLIKELY", "GS_LIKELY", "GS_CAP", "GS_SLEN", "GS_GCHK", "sizeof",
          "memmove", "memcpy", "memset", "gs_check_index", "gs_check_slice",
          "gs_str_at", "gs_str_slice", "gs_str_eq", "gs_hash_str", "if", "for",
          "while", "switch", "return", "gs_clock_ns"}
CALL = re.compile(r"\b([A-Za-z_]\w*)\s*\(")


def split_args(s):
    out, depth, cur = [], 0, ""
    for ch in s:
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    out.append(cur.strip())
    return out


def match_close(s, i, o, c):
    depth = 0
    for j in range(i, len(s)):
        if s[j] == o:
            depth += 1
        elif s[j] == c:
            depth -= 1
            if depth == 0:
                return j
    return -1


stats = {"checks": 0, "hoisted": 0, "untracked": 0, "tracked": 0, "new": 0}


def widen_structs(src):
    return re.sub(r"(struct gs_slice_\w+ \{\n    [^\n]*\*ptr;\n    int64_t len;\n    int64_t cap;\n)\};",
                  r"\1    uint64_t gref;\n};", src)


def literals(src):
    out, i = [], 0
    pat = re.compile(r"\((gs_slice_\w+)\)\{")
    while True:
        m = pat.search(src, i)
        if not m:
            out.append(src[i:])
            return "".join(out)
        b = m.end() - 1
        e = match_close(src, b, "{", "}")
        args = split_args(src[b + 1:e])
        if len(args) == 3:
            p = args[0]
            pm = re.fullmatch(r"(.+)\.ptr", p)
            if "gs_slice_make(" in p or "gs_spans_alloc(" in p or "gs_alloc_cls(" in p:
                args.append("gs_gref_new()")
                stats["new"] += 1
            elif pm:
                args.append(pm.group(1) + ".gref")
                stats["tracked"] += 1
            else:
                stats["untracked"] += 1
        out.append(src[i:b + 1] + ", ".join(args) + "}")
        i = e + 1


def lifetimes(src):
    # delete kills the cell
    src = re.sub(r"gs_slice_delete\(([^,]+), (.+?)\.ptr, (.+?)\.cap\);",
                 r"gs_gref_kill(\2.gref); gs_slice_delete(\1, \2.ptr, \3.cap);", src)
    # a pool span given back
    src = re.sub(r"gs_spans_free\(([^,]+), (.+?), (\w+(?:\.\w+)*)\.ptr, ",
                 r"gs_gref_kill(\3.gref); gs_spans_free(\1, \2, \3.ptr, ", src)
    # push slow path out of line
    src = re.sub(r"gs_slice_grow_at\(\(void \*\)&(.+?)\.ptr, (.+?), &(.+?)\.cap, (sizeof\([^)]*\))\);",
                 r"{ int64_t gs_own_ = \1.cap & GS_OWN_BIT; gs_slice_grow_at((void *)&\1.ptr, \2, &\3.cap, \4); "
                 r"if (gs_own_) gs_gref_kill(\1.gref); \1.gref = gs_gref_new(); }", src)
    # push slow path inline
    src = re.sub(r"\{ gs_grow gs_g_ = gs_slice_grow\((.+?)\.ptr, (.*?) \}",
                 lambda m: "{ int64_t gs_own_ = %s.cap & GS_OWN_BIT; gs_grow gs_g_ = gs_slice_grow(%s.ptr, %s "
                           "if (gs_own_) gs_gref_kill(%s.gref); %s.gref = gs_gref_new(); }"
                           % (m.group(1), m.group(1), m.group(2), m.group(1), m.group(1)), src)
    return src


def bases(line):
    """The base expressions X of every X.ptr[ on the line."""
    found = []
    for m in re.finditer(r"\.ptr\[", line):
        j = m.start()
        k = j
        while k > 0:
            ch = line[k - 1]
            if ch.isalnum() or ch in "_.":
                k -= 1
            elif ch == "]":
                depth = 0
                while k > 0:
                    k -= 1
                    if line[k] == "]":
                        depth += 1
                    elif line[k] == "[":
                        depth -= 1
                        if depth == 0:
                            break
            elif ch == ")" and line[:k].endswith(")") and re.search(r"\(\*\w+\)$", line[:k]):
                k -= len(re.search(r"\(\*\w+\)$", line[:k]).group(0))
            else:
                break
        b = line[k:j]
        if b and not b[0].isdigit() and b not in found:
            found.append(b)
    # an inner base (a.ptr[i]) is checked before an outer one (a.ptr[i].ptr[j])
    found.sort(key=len)
    return found


def loops(lines):
    """(start, end) line ranges of every `for (` block, by brace matching."""
    res = []
    for i, l in enumerate(lines):
        if re.match(r"\s*for \(", l) and l.rstrip().endswith("{"):
            depth = 0
            for j in range(i, len(lines)):
                depth += lines[j].count("{") - lines[j].count("}")
                if depth == 0:
                    res.append((i, j))
                    break
    return res


TYPED = {"on": False, "elem": {}, "names": {}}


def typed_setup(src):
    """Element type of every slice typedef, and the slice types each name is
    declared with (function-local names may repeat: all are kept)."""
    TYPED["on"] = True
    for m in re.finditer(r"struct (gs_slice_\w+) \{\n    (.+?) ?\*ptr;", src):
        TYPED["elem"][m.group(1)] = m.group(2).strip()
    TYPED["elem"].update({"gs_slice_u8": "uint8_t", "gs_slice_str": "gs_str"})
    for m in re.finditer(r"\b(gs_slice_\w+|gs_str) (\w+)\b", src):
        TYPED["names"].setdefault(m.group(2), set()).add(m.group(1))
    for m in re.finditer(r"(?s)struct (\w+) \{(.*?)\};", src):
        for f in re.finditer(r"(gs_slice_\w+|gs_str) (\w+);", m.group(2)):
            TYPED["names"].setdefault("." + f.group(2), set()).add(f.group(1))


def grown_types(line):
    """The element types a line's growing pushes may move, or None when the
    line calls anything else that may free."""
    if "gs_slice_grow" not in line:
        return None
    rest = re.sub(r"gs_slice_grow(_at)?\([^;]*?sizeof\(([^)]*)\)\)", "", line)
    rest = re.sub(r"gs_gref_kill\([^;]*?\.gref\)", "", rest)  # the moving push's own kill
    if calls_that_free(rest) or "gs_gref_kill" in rest:
        return None
    return set(re.findall(r"gs_slice_grow(?:_at)?\([^;]*?sizeof\(([^)]*)\)\)", line))


def base_elems(b):
    root = re.sub(r"\.ptr\[.*$", "", b)
    key = root if "." not in root else "." + root.rsplit(".", 1)[1]
    types = TYPED["names"].get(key) or TYPED["names"].get(root)
    if not types:
        return None
    out = set()
    for t in types:
        out.add("str" if t in ("gs_str", "gs_slice_u8") else TYPED["elem"].get(t, "?"))
    if "str" in out:
        out |= {"uint8_t"}
    return out


def calls_that_free(l):
    return [c for c in CALL.findall(l) if not (c in NOFREE or c.startswith("gs_fail") or c.startswith("GS_")
            or c in ("gs_gref_new", "gs_gref_kill")
            or re.match(r"(u?int\d+_t|bool|double|float)$", c))]


def line_frees(l, base):
    """May line l give back storage that base's header points to?"""
    if not calls_that_free(l) and "gs_gref_kill" not in l:
        return False
    if not TYPED["on"]:
        return True
    g = grown_types(l)
    if g is None:
        return True
    e = base_elems(base)
    return e is None or "?" in e or bool(e & g) or (("uint8_t" in g) and "str" in e)


def may_free(lines, a, b, base=None):
    if base is not None and TYPED["on"]:
        return any(line_frees(l, base) for l in lines[a + 1:b])
    for l in lines[a + 1:b]:
        for m in CALL.finditer(l):
            n = m.group(1)
            if n in NOFREE or n.startswith("gs_fail") or n.startswith("GS_"):
                continue
            if re.match(r"(u?int\d+_t|bool|double|float|gs_\w+_t)$", n):
                continue
            return True
    return False


def invariant(lines, a, b, base):
    idents = set(re.findall(r"[A-Za-z_]\w*", base)) - {"ptr", "len", "cap"}
    body = "\n".join(lines[a:b + 1])
    for v in idents:
        if re.search(r"\b%s\b\s*(=[^=]|\+\+|--|\+=|-=)" % re.escape(v), body):
            return False
        if re.search(r"\b%s\b\s*=" % re.escape(v), body):
            return False
    return True


def insert_checks(src, mode):
    lines = src.split("\n")
    fstart = [i for i, l in enumerate(lines) if re.match(r"(static|GS_INLINE) .*\)$", l)]
    lp = loops(lines) if mode in ("hoist", "typed") else []
    safe = [(a, b) for (a, b) in lp if TYPED["on"] or not may_free(lines, a, b)]
    before = {}
    hoisted = {}
    alias = {}
    if mode == "typed":  # a plain header copy (t33 = t8) is checked as its source
        for l in lines:
            pc = re.match(r"\s*(?:gs_slice_\w+|gs_str) (t\d+) = (\w+);$", l)
            if pc and not re.search(r"\b%s(\.\w+)* *(=[^=]|\+\+|--|\+=|-=)|\b%s\.\w+(\+\+|--)|&%s\b"
                                    % ((re.escape(pc.group(1)),) * 3), "\n".join(x for x in lines if x is not l)):
                alias[pc.group(1)] = pc.group(2)
    for i, l in enumerate(lines):
        s = l.strip()
        if not s or s.startswith("}") or s.startswith("else") or s.startswith("case") or s.startswith("#"):
            continue
        if s.startswith("for (") or s.startswith("/*") or s.startswith("struct") or s.startswith("typedef"):
            continue
        if ".ptr[" not in l:
            continue
        for b in bases(l):
            while b in alias:
                b = alias[b]
            outer = None
            for (a, e) in safe:
                if a < i <= e and invariant(lines, a, e, b) and (not TYPED["on"] or not may_free(lines, a, e, b)):
                    if outer is None or a < outer[0]:
                        outer = (a, e)
            if outer is not None:
                if b not in hoisted.setdefault(outer[0], []):
                    hoisted[outer[0]].append(b)
                stats["hoisted"] += 1
            else:
                before.setdefault(i, []).append(b)
                stats["checks"] += 1
    out = []
    for i, l in enumerate(lines):
        ind = re.match(r"\s*", l).group(0)
        for b in hoisted.get(i, []):
            out.append(ind + "GS_GCHK(%s);" % b)
        for b in before.get(i, []):
            out.append(ind + "GS_GCHK(%s);" % b)
        out.append(l)
    return "\n".join(out)


def counts(src):
    """Variant count: a local header copied from another (a view) is counted
    on its cell while the C variable lives (cleanup attribute)."""
    def rep(m):
        ty, name, rest = m.group(2), m.group(3), m.group(4)
        off = "16" if ty == "gs_str" else "24"
        stats["counted"] = stats.get("counted", 0) + 1
        return "%s%s %s __attribute__((cleanup(gs_unborrow%s))) = %s; gs_borrow(%s.gref);" % (
            m.group(1), ty, name, off, rest, name)
    src = re.sub(r"(?m)^(\s*)(gs_slice_\w+|gs_str) (\w+) = (\((?:gs_slice_\w+)\)\{[^;]*\.gref\});", rep, src)
    # a goto may not jump past a cleanup variable: call the failure instead
    fails = dict(re.findall(r"(?m)^(abort_\w+):\n\s*(gs_fail_\w+\([^;]*\);)", src))
    return re.sub(r"goto (abort_\w+);", lambda m: fails.get(m.group(1), m.group(0)), src)


def dedupe(src):
    """Variant region: within a function, a check is dropped when an earlier
    check on the same gref (the same base, or a copy made from the same
    source) dominates it by block structure with no call that may free, no
    label and no assignment to the base in between."""
    lines = src.split("\n")
    out = []
    checked = [set()]  # per brace depth
    source = {}
    for l in lines:
        st = l.strip()
        m = re.match(r"(?:gs_slice_\w+|gs_str) (\w+) = \((?:gs_slice_\w+)\)\{.*, (.+)\.gref\};$", st)
        cm = re.match(r"GS_GCHK\((.+)\);$", st)
        if cm:
            root = source.get(cm.group(1), cm.group(1))
            if any(root in c for c in checked):
                stats["deduped"] = stats.get("deduped", 0) + 1
                continue
            checked[-1].add(root)
            out.append(l)
            continue
        if re.match(r"^(static|GS_INLINE) ", l) or re.match(r"^\w+:$", st):
            checked = [set()]
            source = {}
        if calls_that_free(l) or "gs_gref_kill" in l:
            checked = [set(x for x in c if not line_frees(l, x)) for c in checked]
        # a header given a new value or a new gref (a moving push) is a new
        # root: earlier checks of it, and copies that named it, no longer match
        for v in re.findall(r"\b(\w+)(?:\.gref)?\s*=[^=]", st) + re.findall(r"\b(\w+)\.gref\s*=", st):
            for c in checked:
                c.discard(v)
            source.pop(v, None)
            for k in [k for k, src_ in source.items() if src_ == v]:
                source[k] = k + "#old"
        if m:
            source[m.group(1)] = source.get(m.group(2), m.group(2))
        pc = re.match(r"(?:gs_slice_\w+|gs_str) (t\d+) = (\w+);$", st)  # a plain copy: same gref
        if pc:
            source[pc.group(1)] = source.get(pc.group(2), pc.group(2))
        # braces in order: `} else {` closes a block and opens a sibling
        for ch in l:
            if ch == "{":
                checked.append(set())
            elif ch == "}" and len(checked) > 1:
                checked.pop()
        # a loop body re-runs: nothing checked before a `for` covers the body
        if st.startswith("for ("):
            checked[-1] = set()
        out.append(l)
    return "\n".join(out)


def unaliased_roots(src):
    """Variant owner: globals and struct fields of slice type whose header is
    never copied anywhere but into compiler temporaries (tN) that are only
    indexed: every give-back then goes through the root itself (delete
    empties it, a push updates it), so the root is never stale and a temp
    copied from it is fresh at the copy. A whole-program escape analysis
    would find these; here a textual one over the emitted C."""
    ok_follow = re.compile(r"\.(ptr\[|len\b|cap\b|gref\b)")
    temps_ok = {}

    def temp_ok(t, pos):
        # a temp's name is local to its function: look only there
        fs = max(src.rfind("\nstatic ", 0, pos), src.rfind("\nGS_INLINE ", 0, pos))
        fe = src.find("\n}", pos)
        key = (t, fs)
        if key not in temps_ok:
            good = True
            for m in re.finditer(r"\b%s\b" % re.escape(t), src[fs:fe]):
                m = re.compile(r"\b%s\b" % re.escape(t)).search(src, fs + m.start())
                rest = src[m.end():m.end() + 6]
                before = src[max(0, m.start() - 8):m.start()]
                if ok_follow.match(rest) or before.endswith("GS_GCHK(") or before.endswith("GS_CAP(") \
                        or rest.startswith(" = (") \
                        or rest.startswith(" __at"):
                    continue
                good = False
                break
            temps_ok[key] = good
        return temps_ok[key]

    roots = set(re.findall(r"(?m)^gs_slice_\w+ (gs_main_\w+);", src))
    fields = set()
    for m in re.finditer(r"(?s)struct (gsm?_(?!slice_)\w+) \{(.*?)\};", src):
        for f in re.findall(r"gs_slice_\w+ (\w+);", m.group(2)):
            fields.add("." + f)
    good = set()
    for r in roots | fields:
        pat = re.escape(r) + r"\b" if r.startswith(".") else r"\b%s\b" % re.escape(r)
        fine = True
        for m in re.finditer(pat, src):
            rest = src[m.end():m.end() + 40]
            ls = src.rfind("\n", 0, m.start()) + 1
            line = src[ls:src.find("\n", m.end())].strip()
            copy = re.match(r"(?:gs_slice_\w+ )?(\w+)(?: __attribute__\(\(\w+\(\w+\)\)\))? = \(gs_slice_\w+\)\{(.*?)\.ptr, ", line)
            if re.match(r"gs_slice_\w+ %s;$" % re.escape(r.lstrip(".")), line):
                continue                              # the declaration
            if copy and copy.group(2).endswith(r):
                if re.fullmatch(r"t\d+", copy.group(1)) and temp_ok(copy.group(1), m.start()):
                    continue                          # a temp that is only indexed
                fine = False
                break
            if rest.startswith(" = (gs_slice_") and ("gs_slice_make(" in line or "gs_alloc_cls(" in line):
                continue                              # fresh storage stored in the root
            if "gs_slice_delete(" in line or "_grow" in line or "gs_gref_kill(" in line:
                continue                              # give-backs through the root itself
            if ok_follow.match(rest) or src[max(0, m.start() - 7):m.start()] == "GS_CAP(" \
                    or src[max(0, m.start() - 8):m.start()] == "GS_GCHK(" or line.startswith("GS_GCHK(") \
                    or (rest.startswith(")") and "GS_CAP(" in line):
                continue                              # indexed, len, cap
            fine = False
            break
        if fine:
            good.add(r)
    return good


def owner_filter(src):
    roots = unaliased_roots(src)
    stats["unaliased_roots"] = len(roots)

    def is_root(b):
        if b in roots:
            return True
        return any(r.startswith(".") and b.endswith(r) and not b[:-len(r)].endswith("]") for r in roots)
    out = []
    fresh = {}
    for l in src.split("\n"):
        st = l.strip()
        cm = re.match(r"GS_GCHK\((.+)\);$", st)
        if cm and (is_root(cm.group(1)) or fresh.get(cm.group(1))):
            stats["owner_removed"] = stats.get("owner_removed", 0) + 1
            continue
        m = re.match(r"(?:gs_slice_\w+) (t\d+) = \((?:gs_slice_\w+)\)\{.*, (.+)\.gref\};$", st)
        calls = [c for c in CALL.findall(l) if not (c in NOFREE or c.startswith("gs_fail") or c.startswith("GS_")
                 or re.match(r"(u?int\d+_t|bool|double|float)$", c))]
        if calls or re.match(r"^(static|GS_INLINE) ", l):
            fresh = {}
        if m and is_root(m.group(2)):
            fresh[m.group(1)] = True
        out.append(l)
    return "\n".join(out)


def tagify(src):
    """wide/typed output -> packed tags: no gref word; a make or span
    allocation stamps its granule's tag into cap (GS_TAG_MK), a view ORs in
    the tag bits of the header it comes from, and the cell calls go (the
    heap and the pools keep the shadow themselves)."""
    src = src.replace("    uint64_t gref;\n};", "};")
    out, i = [], 0
    pat = re.compile(r"\((gs_slice_\w+)\)\{")
    while True:
        m = pat.search(src, i)
        if not m:
            out.append(src[i:])
            break
        b = m.end() - 1
        e = match_close(src, b, "{", "}")
        args = split_args(src[b + 1:e])
        rep = None
        if len(args) == 4 and args[3] == "gs_gref_new()":
            rep = "GS_TAG_MK(%s, %s, %s, %s)" % (m.group(1), args[0], args[1], args[2])
            stats["tag_stamped"] = stats.get("tag_stamped", 0) + 1
        elif len(args) == 4 and args[3].endswith(".gref"):
            x = args[3][:-len(".gref")]
            cap = args[2] if args[2] == x + ".cap" else "GS_TAG_VIEW(%s, %s)" % (args[2], x)
            rep = "(%s){%s, %s, %s}" % (m.group(1), args[0], args[1], cap)
        if rep is None:
            out.append(src[i:e + 1])
        else:
            out.append(src[i:m.start()] + rep)
        i = e + 1
    src = "".join(out)
    src = re.sub(r"int64_t gs_own_ = [^;]*; ", "", src)
    src = re.sub(r"if \(gs_own_\) gs_gref_kill\([^;]*\); ", "", src)
    src = re.sub(r" [^ ;{}]+\.gref = gs_gref_new\(\);", "", src)
    src = re.sub(r"gs_gref_kill\([^;]*?\.gref\); ", "", src)
    src = src.replace('#include "goose_rt.h"\n', '#include "goose_rt.h"\n'
                      "#define GS_TAG_MK(T, P, L, C) ({ void *gs_tp_ = (P); (T){ gs_tp_, (L), (C) | gs_tag_bits(gs_tp_) }; })\n", 1)
    left = [w for w in ("gref", "gs_own_") if w in src]
    if left:
        sys.exit("tagify: %s left in the output" % left)
    return src


def main():
    mode, src_path, out_path = sys.argv[1:4]
    tag = mode in ("tagwide", "tag")
    mode = {"tagwide": "wide", "tag": "typed"}.get(mode, mode)
    src = open(src_path).read()
    src = lifetimes(literals(widen_structs(src)))
    if mode == "count":
        src = counts(src)
    if mode == "typed":
        typed_setup(src)
    if mode in ("all", "hoist", "region", "owner", "typed"):
        src = insert_checks(src, mode if mode in ("all", "typed") else "hoist")
    if mode in ("region", "owner", "typed"):
        src = dedupe(src)
    if mode in ("owner", "typed"):
        src = owner_filter(src)
    if tag:
        src = tagify(src)
    open(out_path, "w").write(src)
    print("%s %s: %s" % (src_path, mode, " ".join("%s=%d" % kv for kv in stats.items())), file=sys.stderr)


if __name__ == "__main__":
    main()
