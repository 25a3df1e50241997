#!/usr/bin/env python3
"""run_fmt.py — the tests of `goose fmt` (docs/tools.md, "goose fmt").

  case NAME   cases/NAME.gs formats to cases/NAME.golden: through stdin
              (`goose fmt -`), in place (and `--check` lists the file
              before, not after), idempotently (the golden formats to
              itself), and to the same program (`goose emit-c` of both
              equal, source positions masked). With cases/NAME.err instead,
              the file does not parse: `goose fmt` exits 1 with those
              diagnostics and leaves it as it is.
  cli         the command line: folders walked in name order (names that
              start with `.` and files not ending in .gs skipped), no path
              meaning the current folder, --check's output and status,
              untouched files not rewritten, a file's mode kept, a
              symbolic link kept, CRLF, usage errors.
  same-c      every golden and example, the standard library, the
              benchmarks and the stdlib test drivers, as a copy with its
              indentation and the spaces between tokens scrambled (mangle),
              formatted: the text equals the formatted original, and
              `goose emit-c` at -O0 and -O2 gives the same C for the
              scrambled and the formatted copy (file:line:col positions
              masked: they moved); or, for a file that does not compile,
              the same diagnostics (positions masked). One PASS/FAIL line
              per file.
  check-repo  `goose fmt --check` over the repository's .gs files (the
              rule in repo_files) finds nothing to format.
  mutations   goldens with a line deleted, doubled or joined to the next, or
              a byte deleted (seeded, the same every run): goose fmt never
              crashes or reports an internal error, and what it formats
              formats to itself.
  list        the case names (tests/fmt/CMakeLists.txt registers each).

Each prints one PASS/FAIL line per test and exits 1 on a failure.
Python 3 standard library only.
"""
import argparse
import difflib
import os
import random
import re
import stat
import subprocess
import sys
import tempfile
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
CASES = os.path.join(HERE, "cases")

# The repository's .gs files that must stay formatted: every .gs below
# these folders (names starting with `.` skipped, as goose fmt does),
# except the inputs of these tests (REPO_EXCLUDE) and the diagnostics
# tests that do not parse (SYNTAX_ERRORS_OK).
REPO_DIRS = ["examples", "stdlib", "bench", "tests"]
REPO_EXCLUDE = [
    "tests/fmt/",           # the inputs of these tests: unformatted on purpose
]
# Files that do not parse cannot be formatted: allowed only where a syntax
# error is the point of the file.
SYNTAX_ERRORS_OK = "tests/golden/diag/"

# A source position in emitted C (`{ "x.gs", 12, 5, ...}` site records,
# `#line 12 "x.gs"`) or in a message (`x.gs:12:5:`).
POS_RES = [
    (re.compile(rb'("[^"\n]*\.gs"), \d+, \d+'), rb"\1, L, C"),
    (re.compile(rb"#line \d+"), rb"#line L"),
    (re.compile(rb"(\.gs):\d+:\d+"), rb"\1:L:C"),
]


def mask(text):
    for rx, rep in POS_RES:
        text = rx.sub(rep, text)
    return text


def run(cmd, cwd=None, stdin=None, env=None):
    p = subprocess.run(cmd, cwd=cwd, input=stdin, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, env=env, timeout=120)
    return p.returncode, p.stdout, p.stderr


def diff(a, b, name_a="expected", name_b="got"):
    lines = difflib.unified_diff(a.decode(errors="replace").splitlines(),
                                 b.decode(errors="replace").splitlines(),
                                 name_a, name_b, lineterm="", n=2)
    return "\n".join(list(lines)[:40])


def read(path):
    with open(path, "rb") as f:
        return f.read()


def write(path, data):
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)


class Failed(Exception):
    pass


def expect(cond, msg):
    if not cond:
        raise Failed(msg)


# ---- case NAME ----
def same_program(goose, a_text, b_text, name):
    """emit-c of two versions of one file, positions masked (warnings off:
    theirs quote the source line as written)."""
    with tempfile.TemporaryDirectory() as tmp:
        outs = []
        for sub, text in (("a", a_text), ("b", b_text)):
            write(os.path.join(tmp, sub, name), text)
            rc, out, err = run([goose, "emit-c", "-w", name], cwd=os.path.join(tmp, sub))
            outs.append((rc, mask(out), mask(err)))
        expect(outs[0] == outs[1], "the formatted file gives other C:\n" + diff(outs[0][1], outs[1][1]))
        expect(outs[0][0] == 0, "the case does not compile:\n" + outs[0][2].decode(errors="replace"))


def case_syntax_error(goose, name, src):
    want = read(os.path.join(CASES, name + ".err"))
    with tempfile.TemporaryDirectory() as tmp:
        write(os.path.join(tmp, name + ".gs"), src)
        for args in (["fmt"], ["fmt", "--check"]):
            rc, out, err = run([goose] + args + [name + ".gs"], cwd=tmp)
            msgs = b"".join(l + b"\n" for l in err.splitlines() if l.startswith(name.encode() + b".gs:"))
            expect(rc == 1, f"goose {' '.join(args)}: exit {rc}, not 1")
            expect(out == b"", f"goose {' '.join(args)}: stdout {out!r}")
            expect(msgs == want, "diagnostics differ:\n" + diff(want, msgs))
            expect(read(os.path.join(tmp, name + ".gs")) == src, "the file was changed")


def case_formats(goose, name, src):
    want = read(os.path.join(CASES, name + ".golden"))
    rc, out, err = run([goose, "fmt", "-"], stdin=src)
    expect(rc == 0 and err == b"", f"goose fmt - exits {rc}: {err.decode(errors='replace')}")
    expect(out == want, "output differs from the golden:\n" + diff(want, out))
    rc, again, _ = run([goose, "fmt", "-"], stdin=want)
    expect(rc == 0 and again == want, "not idempotent:\n" + diff(want, again))
    expect(src != want, "the input is already formatted: --check cannot be tested")
    with tempfile.TemporaryDirectory() as tmp:
        path = name + ".gs"
        write(os.path.join(tmp, path), src)
        rc, out, _ = run([goose, "fmt", "--check", path], cwd=tmp)
        expect(rc == 1 and out == path.encode() + b"\n", f"--check before: exit {rc}, stdout {out!r}")
        rc, out, err = run([goose, "fmt", path], cwd=tmp)
        expect(rc == 0 and out == b"" and err == b"", f"fmt in place: exit {rc}, {out!r} {err!r}")
        expect(read(os.path.join(tmp, path)) == want, "the file formatted in place differs from the golden")
        rc, out, _ = run([goose, "fmt", "--check", path], cwd=tmp)
        expect(rc == 0 and out == b"", f"--check after: exit {rc}, stdout {out!r}")
    same_program(goose, src, want, name + ".gs")


def cmd_case(goose, name):
    src = read(os.path.join(CASES, name + ".gs"))
    if os.path.exists(os.path.join(CASES, name + ".err")):
        case_syntax_error(goose, name, src)
    else:
        case_formats(goose, name, src)


def cmd_list():
    for f in sorted(os.listdir(CASES)):
        if f.endswith(".gs"):
            print(f[:-3])
    return 0


# ---- cli ----
MESSY = b"fn main() { println(1+2); println(3) }\n"
TIDY = b"fn main() {\n    println(1 + 2)\n    println(3)\n}\n"


def cli_tree(tmp):
    files = {
        "b.gs": MESSY, "a/z.gs": MESSY, "a/y.gs": TIDY, "a/deep/x.gs": MESSY,
        ".hidden/h.gs": MESSY, "a/.dot.gs": MESSY, "notes.txt": b"not goose {\n",
    }
    for rel, data in files.items():
        write(os.path.join(tmp, rel), data)


def cli_check_lists(goose, tmp):
    cli_tree(tmp)
    rc, out, err = run([goose, "fmt", "--check", "."], cwd=tmp)
    expect(rc == 1, f"exit {rc}, not 1")
    expect(out == b"a/deep/x.gs\na/z.gs\nb.gs\n", f"stdout {out!r}")
    expect(read(os.path.join(tmp, "b.gs")) == MESSY, "--check wrote a file")


def cli_no_path(goose, tmp):
    cli_tree(tmp)
    rc, out, _ = run([goose, "fmt", "--check"], cwd=os.path.join(tmp, "a"))
    expect(rc == 1 and out == b"deep/x.gs\nz.gs\n", f"exit {rc}, stdout {out!r}")
    rc, out, err = run([goose, "fmt"], cwd=os.path.join(tmp, "a"))
    expect(rc == 0 and out == b"" and err == b"", f"exit {rc}, {out!r} {err!r}")
    expect(read(os.path.join(tmp, "a/z.gs")) == TIDY, "a/z.gs not formatted")
    expect(read(os.path.join(tmp, "b.gs")) == MESSY, "b.gs outside the folder was formatted")


def cli_rewrites_only_changed(goose, tmp):
    cli_tree(tmp)
    tidy = os.path.join(tmp, "a/y.gs")
    before = os.stat(tidy)
    os.chmod(os.path.join(tmp, "b.gs"), 0o640)
    rc, out, err = run([goose, "fmt", "a", "b.gs"], cwd=tmp)
    expect(rc == 0 and out == b"" and err == b"", f"exit {rc}, {out!r} {err!r}")
    for rel in ("b.gs", "a/z.gs", "a/deep/x.gs"):
        expect(read(os.path.join(tmp, rel)) == TIDY, f"{rel} not formatted")
    for rel in (".hidden/h.gs", "a/.dot.gs"):
        expect(read(os.path.join(tmp, rel)) == MESSY, f"{rel} (hidden) was formatted")
    after = os.stat(tidy)
    expect((before.st_ino, before.st_mtime_ns) == (after.st_ino, after.st_mtime_ns),
           "a formatted file was rewritten")
    expect(stat.S_IMODE(os.stat(os.path.join(tmp, "b.gs")).st_mode) == 0o640, "the file's mode changed")
    expect(sorted(os.listdir(tmp)) == [".hidden", "a", "b.gs", "notes.txt"], "a temporary file was left")
    os.symlink("b.gs", os.path.join(tmp, "link.gs"))
    write(os.path.join(tmp, "b.gs"), MESSY)
    rc, out, err = run([goose, "fmt", "link.gs"], cwd=tmp)
    expect(rc == 0 and os.path.islink(os.path.join(tmp, "link.gs")), "a symbolic link was replaced")
    expect(read(os.path.join(tmp, "b.gs")) == TIDY, "the file a symbolic link names was not formatted")
    rc, out, _ = run([goose, "fmt", "--check", "."], cwd=tmp)
    expect(rc == 0 and out == b"", f"--check after: exit {rc}, stdout {out!r}")


def cli_stdin(goose, tmp):
    rc, out, _ = run([goose, "fmt", "-"], stdin=MESSY)
    expect(rc == 0 and out == TIDY, f"exit {rc}, stdout {out!r}")
    rc, out, _ = run([goose, "fmt", "-"], stdin=TIDY)
    expect(rc == 0 and out == TIDY, f"formatted input: exit {rc}, stdout {out!r}")
    rc, out, _ = run([goose, "fmt", "--check", "-"], stdin=MESSY)
    expect(rc == 1 and out == b"<stdin>\n", f"--check: exit {rc}, stdout {out!r}")
    rc, out, _ = run([goose, "fmt", "--check", "-"], stdin=TIDY)
    expect(rc == 0 and out == b"", f"--check formatted: exit {rc}, stdout {out!r}")
    rc, out, err = run([goose, "fmt", "-"], stdin=b"fn main() {\n")
    expect(rc == 1 and out == b"" and b"<stdin>:2:1: error:" in err, f"syntax error: exit {rc}, {out!r} {err!r}")


def cli_crlf(goose, tmp):
    rc, out, _ = run([goose, "fmt", "-"], stdin=MESSY.replace(b"\n", b"\r\n") + b"// done\r\n")
    expect(rc == 0 and out == TIDY + b"// done\n", f"exit {rc}, stdout {out!r}")


def cli_empty(goose, tmp):
    for src in (b"", b"\n\n\n", b"// only a comment", b"\n// only a comment  \n\n"):
        want = b"" if b"comment" not in src else b"// only a comment\n"
        rc, out, _ = run([goose, "fmt", "-"], stdin=src)
        expect(rc == 0 and out == want, f"{src!r}: exit {rc}, stdout {out!r}")


def cli_errors(goose, tmp):
    cli_tree(tmp)
    write(os.path.join(tmp, "bad.gs"), b"fn main() {\n")
    rc, out, err = run([goose, "fmt", "bad.gs", "b.gs"], cwd=tmp)
    expect(rc == 1 and b"bad.gs:2:1: error:" in err, f"syntax error: exit {rc}, {err!r}")
    expect(read(os.path.join(tmp, "bad.gs")) == b"fn main() {\n", "a file that does not parse was changed")
    expect(read(os.path.join(tmp, "b.gs")) == TIDY, "the good file after a bad one was not formatted")
    rc, _, err = run([goose, "fmt", "missing.gs"], cwd=tmp)
    expect(rc == 1 and b"cannot read missing.gs" in err, f"missing file: exit {rc}, {err!r}")
    for args in (["--bogus"], ["-", "b.gs"], ["-O2"]):
        rc, _, err = run([goose, "fmt"] + args, cwd=tmp)
        expect(rc == 2 and b"usage: goose fmt" in err, f"{args}: exit {rc}, {err!r}")


def cli_help(goose, tmp):
    rc, out, _ = run([goose, "--help"])
    expect(rc == 0 and b"goose fmt [--check] [path...]" in out, "goose --help does not list fmt")
    rc, out, _ = run([goose, "fmt", "--help"])
    expect(rc == 0 and out.startswith(b"usage: goose fmt"), f"goose fmt --help: exit {rc}, {out!r}")


CLI_CHECKS = [cli_check_lists, cli_no_path, cli_rewrites_only_changed, cli_stdin, cli_crlf,
              cli_empty, cli_errors, cli_help]


def cmd_cli(goose):
    failed = 0
    for check in CLI_CHECKS:
        name = "fmt/cli/" + check.__name__[4:]
        with tempfile.TemporaryDirectory() as tmp:
            try:
                check(goose, tmp)
                print("PASS", name)
            except Failed as e:
                print("FAIL", name + ":", e)
                failed += 1
    return 1 if failed else 0


# ---- same-c ----
# Goose's tokens, enough to know where a space may go or come out: a gap
# between two tokens that touch no comment, no number and no `.` (so never
# inside a literal, whatever this tokenizer thinks of numbers).
TOKEN_RE = re.compile(rb"""
    (?P<ws>[ \t\r\v\f]+) | (?P<nl>\n)
  | (?P<com>//[^\n]*|/\*.*?\*/)
  | (?P<lit>"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*')
  | (?P<num>[0-9][A-Za-z0-9_]*(?:\.[0-9][A-Za-z0-9_]*)?(?:(?<=[eE])[-+][0-9][A-Za-z0-9_]*)?)
  | (?P<word>[A-Za-z_][A-Za-z0-9_]*)
  | (?P<punct>\.\.=|<<=|>>=|\.\.|->|=>|==|!=|<=|>=|&&|\|\||<<|>>|[-+*/%&|^]=|.)
""", re.X | re.S)
# Pairs of characters that would make one token out of two.
GLUE = {b"||", b"&&", b"==", b"!=", b"<=", b">=", b"<<", b">>", b"+=", b"-=", b"*=", b"/=",
        b"%=", b"&=", b"|=", b"^=", b"->", b"=>", b".."}


def mangle(src, seed):
    """src with its indentation and the spaces between tokens scrambled:
    the same tokens, comments and line breaks, so the same formatted text."""
    rnd = random.Random(seed)
    toks = [(m.lastgroup, m.group()) for m in TOKEN_RE.finditer(src)]
    out = []
    for i, (kind, text) in enumerate(toks):
        prev = toks[i - 1] if i else ("nl", b"\n")
        nxt = toks[i + 1] if i + 1 < len(toks) else ("nl", b"\n")
        if kind == "ws" and prev[0] == "nl":
            out.append(b" " * rnd.randrange(0, 9))      # indentation
        elif kind == "ws" and nxt[0] == "nl":
            out.append(text if prev[0] == "com" else b" " * rnd.randrange(0, 3))
        elif kind == "ws" and removable(prev, nxt) and rnd.random() < 0.6:
            continue
        elif kind == "ws" and plain(prev) and plain(nxt):
            out.append(b" " * rnd.randrange(1, 4))
        else:
            out.append(text)
            if kind != "ws" and nxt[0] not in ("ws", "nl") and plain((kind, text)) and plain(nxt) \
                    and rnd.random() < 0.3:
                out.append(b" ")
    return b"".join(out)


def plain(tok):
    return tok[0] in ("word", "punct", "lit") and b"." not in tok[1]


def removable(a, b):
    if not (plain(a) and plain(b)) or (a[0] != "punct" and b[0] != "punct"):
        return False
    pair = a[1][-1:] + b[1][:1]
    return pair not in GLUE and b"/" not in pair


def goose_files(root, rel_dirs):
    out = []
    for d in rel_dirs:
        for dirpath, dirnames, files in os.walk(os.path.join(root, d)):
            dirnames[:] = sorted(n for n in dirnames if not n.startswith("."))
            for f in sorted(files):
                if f.endswith(".gs") and not f.startswith("."):
                    out.append(os.path.relpath(os.path.join(dirpath, f), root))
    return out


def compile_result(goose, root, rel):
    """The C at -O0 and -O2, or the diagnostics; positions masked."""
    env = dict(os.environ, GOOSE_STDLIB="stdlib")     # the same names in both trees' C
    outs = []
    for level in ("-O0", "-O2"):
        rc, out, err = run([goose, "emit-c", level, rel], cwd=root, env=env)
        if rc != 0:
            msgs = [l for l in err.splitlines() if re.match(rb"^\S+\.gs:\d+:\d+: ", l)]
            return rc, mask(b"\n".join(msgs))
        outs.append(mask(out))
    return 0, b"".join(outs)


def fmt_tree(goose, tree, dirs):
    """Formats the .gs files below tree/dirs; the ones that do not parse."""
    rc, _, err = run([goose, "fmt"] + dirs, cwd=tree)
    expect(rc in (0, 1) and b"internal error" not in err,
           f"goose fmt in {tree}: exit {rc}\n{err.decode(errors='replace')}")
    return {m.group(1).decode() for m in re.finditer(rb"^(\S+\.gs):\d+:\d+: error:", err, re.M)}


def same_c_problem(goose, root, tmp, rel, broken, not_idem):
    tidy, messy, fixed = (os.path.join(tmp, t) for t in ("tidy", "messy", "fixed"))
    a, b = read(os.path.join(tidy, rel)), read(os.path.join(fixed, rel))
    if rel in broken:
        return None if a == read(os.path.join(root, rel)) else "a file that does not parse was changed"
    if rel in not_idem:
        return "not idempotent"
    if a != b:
        return "the scrambled copy formats differently:\n" + diff(a, b, "formatted", "scrambled+formatted")
    if rel.startswith("stdlib/") or "/lib/" in rel:
        return None         # compiled as the imports of the programs
    ra, rb = compile_result(goose, messy, rel), compile_result(goose, fixed, rel)
    if ra != rb:
        return "other C or diagnostics after formatting:\n" + diff(ra[1], rb[1], "scrambled", "formatted")
    return None


def cmd_same_c(goose, root):
    dirs = ["tests/golden", "examples", "stdlib", "bench", "tests/stdlib"]
    files = goose_files(root, dirs)
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        tidy, messy, fixed = (os.path.join(tmp, t) for t in ("tidy", "messy", "fixed"))
        for rel in files:
            src = read(os.path.join(root, rel))
            write(os.path.join(tidy, rel), src)
            scrambled = mangle(src, zlib.crc32(rel.encode()))
            write(os.path.join(messy, rel), scrambled)
            write(os.path.join(fixed, rel), scrambled)
        broken = fmt_tree(goose, tidy, dirs)
        fmt_tree(goose, fixed, dirs)
        _, out, _ = run([goose, "fmt", "--check"] + dirs, cwd=tidy)
        not_idem = set(out.decode().split())
        for rel in files:
            problem = same_c_problem(goose, root, tmp, rel, broken, not_idem)
            if problem:
                print("FAIL", "fmt/same-c/" + rel + ":", problem)
                failed += 1
            else:
                print("PASS", "fmt/same-c/" + rel)
    print(f"{len(files) - failed} passed, {failed} failed")
    return 1 if failed else 0


# ---- mutations ----
def mutate(src, rnd):
    lines = src.split(b"\n")
    op = rnd.randrange(5)
    i = rnd.randrange(len(lines))
    if op == 0 and len(lines) > 1:
        del lines[i]
    elif op == 1:
        lines.insert(i, lines[i])
    elif op in (2, 3) and i + 1 < len(lines):
        lines[i] += (b"; " if op == 2 else b" ") + lines.pop(i + 1).lstrip()
    elif src:
        j = rnd.randrange(len(src))
        return src[:j] + src[j + 1:]
    return b"\n".join(lines)


def cmd_mutations(goose, root, count=600):
    rnd = random.Random(30)
    files = goose_files(root, ["tests/golden", "examples", "stdlib"])
    for n in range(count):
        rel = rnd.choice(files)
        src = mutate(read(os.path.join(root, rel)), rnd)
        rc, out, err = run([goose, "fmt", "-"], stdin=src)
        if rc not in (0, 1) or b"internal error" in err:
            raise Failed(f"mutant {n} of {rel}: exit {rc}\n{err.decode(errors='replace')[:800]}")
        if rc == 0:
            rc2, again, _ = run([goose, "fmt", "-"], stdin=out)
            expect(rc2 == 0 and again == out, f"mutant {n} of {rel}: not idempotent\n" + diff(out, again))
    print(f"PASS fmt/mutations: {count} mutants")
    return 0


# ---- check-repo ----
def repo_files(root):
    return [f for f in goose_files(root, REPO_DIRS) if not any(f.startswith(x) for x in REPO_EXCLUDE)]


def cmd_check_repo(goose, root):
    files = repo_files(root)
    rc, out, err = run([goose, "fmt", "--check"] + files, cwd=root)
    listed = out.decode().split()
    broken = {m.group(1).decode() for m in re.finditer(rb"^(\S+\.gs):\d+:\d+: error:", err, re.M)}
    unexpected = sorted(f for f in broken if not f.startswith(SYNTAX_ERRORS_OK))
    if rc in (0, 1) and not listed and not unexpected and b"internal error" not in err:
        print(f"PASS fmt/check-repo: {len(files) - len(broken)} files formatted, "
              f"{len(broken)} diagnostics tests that do not parse left as they are")
        return 0
    print("FAIL fmt/check-repo:")
    for f in listed:
        print("    not formatted (run `goose fmt` on it):", f)
    for f in unexpected:
        print("    does not parse:", f)
    if unexpected or b"internal error" in err:
        print(err.decode(errors="replace"))
    return 1


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--goose")
    ap.add_argument("--root", default=os.path.dirname(os.path.dirname(HERE)))
    ap.add_argument("command", choices=["case", "cli", "same-c", "check-repo", "mutations", "list"])
    ap.add_argument("name", nargs="?")
    a = ap.parse_args()
    if a.command == "list":
        return cmd_list()
    goose = os.path.abspath(a.goose)
    root = os.path.abspath(a.root)
    try:
        if a.command == "case":
            cmd_case(goose, a.name)
            print("PASS fmt/case/" + a.name)
            return 0
        if a.command == "cli":
            return cmd_cli(goose)
        if a.command == "same-c":
            return cmd_same_c(goose, root)
        if a.command == "mutations":
            return cmd_mutations(goose, root)
        return cmd_check_repo(goose, root)
    except Failed as e:
        print("FAIL fmt/" + (a.command + "/" + (a.name or "")).rstrip("/") + ":", e)
        return 1


if __name__ == "__main__":
    sys.exit(main())
