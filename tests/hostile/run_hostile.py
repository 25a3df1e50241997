#!/usr/bin/env python3
"""run_hostile.py — hostile inputs for the goose compiler.

Each case generates its input files into the work folder (the build dir;
nothing big is committed), runs goose on them under limits (address space
2 GiB, a wall-clock timeout) and checks the outcome: either a successful
compile with the expected output and an empty stderr (for `goose build`,
the program's output, with exit status 0 and an empty stderr unless the
case says otherwise: a crash after the right output fails), or a clear
`file:line:col: error: ...` diagnostic with exit status 1 — never a
crash, a signal, an internal error (exit 2), a sanitizer report, a hang,
or more than CASE_CPU_LIMIT seconds of CPU time. One PASS/FAIL line per
case, with the time and peak memory.

  run_hostile.py --goose build/goose --work build/tests/hostile/work CASE...
  run_hostile.py --goose build-asan/goose --asan --work /tmp/w all

--asan: the goose binary is built with ASan+UBSan (ctest passes it in a
-DGOOSE_SANITIZE=ON build); the address-space limit is dropped (ASan
reserves terabytes of shadow) and checked afterwards as a bound on peak
resident memory (ASAN_RSS_LIMIT: the 2 GiB plus ASan's shadow and
quarantine); the CPU limit is widened.
Not for: golden diagnostics of ordinary programs (tests/golden/diag).
"""
import argparse
import os
import random
import re
import resource
import subprocess
import sys
import threading
import time

AS_LIMIT = 2 << 30          # bytes of address space for goose and its children
ASAN_RSS_LIMIT = 3 << 30    # --asan: bytes of peak RSS in place of AS_LIMIT
CASE_CPU_LIMIT = 10.0       # seconds of CPU (user + sys) per case
WALL_TIMEOUT = 120          # a hang is killed here (the machine may be loaded)
NEST_LIMIT = 1000           # frontend/parse.c PARSE_MAX_NEST
DEEP = 100_000              # "nested 100,000 deep"

ERR_LINE = re.compile(r"^(?P<file>[^:\n]+):(?P<line>\d+):(?P<col>\d+): error: (?P<msg>.*)$", re.M)
BAD_STDERR = re.compile(r"internal error|AddressSanitizer|LeakSanitizer|runtime error:|"
                        r"Segmentation|Aborted|stack-overflow|SUMMARY:")


# ---- generators: name -> bytes ----
def program(body, decls=""):
    return (decls + "fn main() {\n" + body + "}\n").encode()


def many_functions(size):
    """~size bytes of small functions (a realistic big file)."""
    parts, n, total = [], 0, 0
    while total < size:
        s = (f"fn f{n}(x: int) -> int {{\n    var s = x\n    for i in 0..3 {{\n"
             f"        s += i * {n % 97}\n    }}\n    return s\n}}\n\n")
        parts.append(s)
        total += len(s)
        n += 1
    parts.append(f"fn main() {{\n    println(f0(1) + f{n - 1}(2))\n}}\n")
    return "".join(parts).encode(), n


def one_big_function(size):
    lines, total, i = ["fn main() {", "    var s = 0", "    var xs = [1, 2, 3]"], 0, 0
    while total < size:
        line = f"    s += xs[{i % 3}] * {i % 7}" if i % 2 else f"    if s > {i} {{ s -= 1 }}"
        lines.append(line)
        total += len(line) + 1
        i += 1
    lines.append("    println(s)\n}\n")
    return "\n".join(lines).encode()


def random_tokens(seed, n):
    rng = random.Random(seed)
    toks = ("fn main ( ) { } [ ] , : ; . .. -> ? = += - * / % < <= == != && || ! ~ "
            "let var if else while for in return struct import const x y T int "
            "[]int 1 2.5 'c' \"s\" true none as ref make \n \n").split(" ")
    return " ".join(rng.choice(toks) for _ in range(n)).encode()


def generic_fn_chain(n):
    s = [f"fn f{i}[T](x: T) -> int {{ return f{i + 1}(x) + 1 }}\n" for i in range(n - 1)]
    s.append(f"fn f{n - 1}[T](x: T) -> int {{ return 0 }}\n")
    return program("    println(f0(1))\n", "".join(s))


def generic_struct_chain(n):
    s = [f"struct S{i}[T] {{\n    v: T\n    next: ?S{i + 1}[T]\n}}\n" for i in range(n - 1)]
    s.append(f"struct S{n - 1}[T] {{\n    v: T\n}}\n")
    s += [f"struct W{i}[T] {{\n    w: W{i + 1}[T]\n}}\n" for i in range(n - 1)]
    s.append(f"struct W{n - 1}[T] {{\n    v: T\n}}\n")
    body = ("    let s = S0[int]{v: 1, next: none}\n    var w: W0[int]\n"
            "    println(s.v, s.next == none, w" + ".w" * (n - 1) + ".v)\n")
    return program(body, "".join(s))


def nested(open_, close, inner, n):
    return open_ * n + inner + close * n


IDENT = "a" * (1 << 20)

# ---- the cases ----
# files: {name: bytes}; main: the file given to goose; cmd: goose command;
# expect: ("ok", stdout) or ("error", regex on the first error line,
# which is "main.gs:L:C: error: MSG") or ("fatal", regex on all of stderr,
# for an unreadable file). "ok" also wants goose's stderr empty and, for
# cmd "build", the program's exit status and stderr to be "status" and
# "stderr" (default 0 and empty). "sparse": extend main.gs to this size.
# Optional: "stderr_has" (a regex, multiline), "errors" (how many),
# "max_msg" (the longest stderr line).
CASES = {
    "empty_file": dict(files=lambda: {"main.gs": b""}, cmd="check",
                       expect=("error", r"main\.gs:1:1: error: missing fn main")),
    "only_whitespace": dict(files=lambda: {"main.gs": b"\n\n   \t\n// nothing\n"}, cmd="check",
                            expect=("error", r"main\.gs:1:1: error: missing fn main")),
    "random_bytes": dict(files=lambda: {"main.gs": random.Random(9).randbytes(1 << 20)}, cmd="check",
                         expect=("error", r"main\.gs:\d+:\d+: error: ")),
    "random_bytes_20mb": dict(files=lambda: {"main.gs": random.Random(10).randbytes(20 << 20)}, cmd="check",
                              expect=("error", r"main\.gs:\d+:\d+: error: ")),
    "random_tokens": dict(files=lambda: {"main.gs": random_tokens(11, 200_000)}, cmd="check",
                          expect=("error", r"main\.gs:\d+:\d+: error: ")),
    "random_tokens_in_main": dict(files=lambda: {"main.gs": program(random_tokens(12, 100_000).decode() + "\n")},
                                  cmd="check", expect=("error", r"main\.gs:\d+:\d+: error: ")),
    "utf8_identifier": dict(files=lambda: {"main.gs": b"fn main() {\n    let a\xffb = 1\n}\n"},
                            cmd="check",
                            expect=("error", r"main\.gs:2:10: error: non-ASCII character outside a string or comment")),
    "utf8_valid_identifier": dict(files=lambda: {"main.gs": program("    let caf\u00e9 = 1\n")}, cmd="check",
                                  expect=("error", r"main\.gs:2:12: error: non-ASCII character outside a string or comment")),
    "utf8_string": dict(files=lambda: {"main.gs": b'fn main() {\n    println("ab\xc3\x28cd")\n}\n'}, cmd="check",
                        expect=("error", r"main\.gs:2:16: error: invalid UTF-8 \(byte 0xc3\) in string literal")),
    "utf8_string_surrogate": dict(files=lambda: {"main.gs": b'fn main() {\n    println("\xed\xa0\x80")\n}\n'},
                                  cmd="check",
                                  expect=("error", r"main\.gs:2:14: error: invalid UTF-8 \(byte 0xed\) in string literal")),
    "utf8_char": dict(files=lambda: {"main.gs": b"fn main() {\n    let c = '\xff'\n    println(c)\n}\n"}, cmd="check",
                      expect=("error", r"main\.gs:2:14: error: invalid UTF-8 \(byte 0xff\) in character literal")),
    "utf8_line_comment": dict(files=lambda: {"main.gs": b"// overlong \xc0\xaf slash\nfn main() {\n}\n"}, cmd="check",
                              expect=("error", r"main\.gs:1:13: error: invalid UTF-8 \(byte 0xc0\) in comment")),
    "utf8_block_comment": dict(files=lambda: {"main.gs": b"fn main() {\n    /* fine\n  \xf4\x90\x80\x80 past U+10FFFF */\n}\n"},
                               cmd="check",
                               expect=("error", r"main\.gs:3:3: error: invalid UTF-8 \(byte 0xf4\) in comment")),
    "utf8_valid_text": dict(files=lambda: {"main.gs": "// caf\u00e9 \u20ac\nfn main() {\n    /* \U0001F986 */\n"
                                              "    println(\"\u00e9\u20ac\U0001F986\", \"\\xff\".len)\n}\n".encode()},
                            cmd="run", expect=("ok", "\u00e9\u20ac\U0001F986 1\n")),
    "nul_in_code": dict(files=lambda: {"main.gs": b"fn main() {\n    let x = 1\x002\n}\n"}, cmd="check",
                        expect=("error", r"main\.gs:2:14: error: NUL byte in source")),
    "nul_in_string": dict(files=lambda: {"main.gs": b'fn main() {\n    println("x\x00y")\n}\n'}, cmd="check",
                          expect=("error", r"main\.gs:2:15: error: NUL byte in source")),
    "nul_in_comment": dict(files=lambda: {"main.gs": b"fn main() { // a\x00b\n}\n"}, cmd="check",
                           expect=("error", r"main\.gs:1:17: error: NUL byte in source")),
    "nul_only": dict(files=lambda: {"main.gs": b"\x00" * 1000}, cmd="check",
                     expect=("error", r"main\.gs:1:1: error: NUL byte in source")),
    "source_20mb": dict(files=lambda: {"main.gs": many_functions(20 << 20)[0]}, cmd="run",
                        expect=("ok", f"{276}\n")),
    "source_20mb_one_function": dict(files=lambda: {"main.gs": one_big_function(20 << 20)}, cmd="check",
                                     expect=("ok", "")),
    "source_over_1gib": dict(files=lambda: {"main.gs": b""}, sparse=(1 << 30) + 1, cmd="check",
                             expect=("fatal", r"goose: cannot read main\.gs: File too large")),
    "nest_parens": dict(files=lambda: {"main.gs": program("    let x = " + nested("(", ")", "1", DEEP) + "\n")},
                        cmd="check",
                        expect=("error", rf"main\.gs:2:\d+: error: expression nested too deeply \(limit {NEST_LIMIT}\)")),
    "nest_unary_minus": dict(files=lambda: {"main.gs": program("    let x = " + "-" * DEEP + "1\n")}, cmd="check",
                             expect=("error", rf"main\.gs:2:\d+: error: expression nested too deeply \(limit {NEST_LIMIT}\)")),
    "nest_not": dict(files=lambda: {"main.gs": program("    let x = " + "!" * DEEP + "true\n")}, cmd="check",
                     expect=("error", rf"main\.gs:2:\d+: error: expression nested too deeply \(limit {NEST_LIMIT}\)")),
    "nest_blocks": dict(files=lambda: {"main.gs": program("{\n" * DEEP + "}\n" * DEEP)}, cmd="check",
                        expect=("error", rf"main\.gs:{NEST_LIMIT + 1}:1: error: block nested too deeply \(limit {NEST_LIMIT}\)")),
    "nest_ifs": dict(files=lambda: {"main.gs": program("if true {\n" * DEEP + "}\n" * DEEP)}, cmd="check",
                     expect=("error", rf"main\.gs:\d+:\d+: error: (expression|block) nested too deeply \(limit {NEST_LIMIT}\)")),
    "nest_then_next_declaration": dict(files=lambda: {"main.gs": program("if true {\n" * 5000 + "}\n" * 5000).replace(
                                           b"}\n}\n", b"}\n}\n", 1) + b"fn g() {\n    let x = " + b"(" * DEEP + b"\n}\n"},
                                       cmd="check",
                                       expect=("error", rf"main\.gs:{NEST_LIMIT + 1}:4: error: expression nested too deeply"),
                                       stderr_has=rf"^main\.gs:10004:{NEST_LIMIT + 12}: error: expression nested too deeply "
                                                  rf"\(limit {NEST_LIMIT}\)$", errors=2),
    "nest_else_if": dict(files=lambda: {"main.gs": program("    if false {\n" + "    } else if false {\n" * DEEP + "    }\n")},
                         cmd="check", expect=("error", r"main\.gs:\d+:\d+: error: too many 'else if' arms")),
    "nest_slice_types": dict(files=lambda: {"main.gs": program("    let x: " + "[]" * DEEP + "int = []\n")}, cmd="check",
                             expect=("error", rf"main\.gs:2:\d+: error: type nested too deeply \(limit {NEST_LIMIT}\)")),
    "nest_optional_types": dict(files=lambda: {"main.gs": program("    let x: " + "?" * DEEP + "int = none\n")},
                                cmd="check",
                                expect=("error", rf"main\.gs:2:\d+: error: type nested too deeply \(limit {NEST_LIMIT}\)")),
    "nest_calls": dict(files=lambda: {"main.gs": program("    println(" + nested("f(", ")", "1", DEEP) + ")\n",
                                                 "fn f(x: int) -> int { return x }\n")},
                       cmd="check",
                       expect=("error", rf"main\.gs:3:\d+: error: expression nested too deeply \(limit {NEST_LIMIT}\)")),
    "nest_arrays": dict(files=lambda: {"main.gs": program("    let x = " + nested("[", "]", "1", DEEP) + "\n")}, cmd="check",
                        expect=("error", rf"main\.gs:2:\d+: error: expression nested too deeply \(limit {NEST_LIMIT}\)")),
    "nest_slice_literals": dict(files=lambda: {"main.gs": program("    let x = []int" + nested("{", "}", "1", DEEP) + "\n")},
                                cmd="check",
                                expect=("error", rf"main\.gs:2:\d+: error: expression nested too deeply \(limit {NEST_LIMIT}\)")),
    "nest_type_args": dict(files=lambda: {"main.gs": program("    f" + nested("[f", "]", "[x]", DEEP) + "(1)\n")},
                           cmd="check",
                           expect=("error", rf"main\.gs:2:\d+: error: (expression|type) nested too deeply \(limit {NEST_LIMIT}\)")),
    "nest_index_calls": dict(files=lambda: {"main.gs": program("    x = " + "a[b" * DEEP + "]()" * DEEP + "\n")},
                             cmd="check",
                             expect=("error", rf"main\.gs:2:\d+: error: expression nested too deeply \(limit {NEST_LIMIT}\)")),
    "nest_closures": dict(files=lambda: {"main.gs": program("    let f = " + "fn() {\n" * DEEP + "}\n" * DEEP)},
                          cmd="check",
                          expect=("error", rf"main\.gs:\d+:\d+: error: block nested too deeply \(limit {NEST_LIMIT}\)")),
    "long_operator_chain": dict(files=lambda: {"main.gs": program("    println(" + "+".join(["1"] * DEEP) + ")\n")},
                                cmd="check",
                                expect=("error", r"main\.gs:2:\d+: error: expression too deep: more than 2500 ")),
    "long_field_chain": dict(files=lambda: {"main.gs": program("    var w = W{}\n    println(w" + ".w" * DEEP + ")\n",
                                                       "struct W {\n    x: int\n}\n")},
                             cmd="check",
                             expect=("error", r"main\.gs:\d+:\d+: error: expression too deep: more than 2500 ")),
    # the limits themselves: the deepest program that compiles, and one more
    "limit_nest_ok": dict(files=lambda: {"main.gs": program("    println(" + nested("(", ")", "7", NEST_LIMIT - 3) + ")\n"
                                                    "    var x = 3\n    println(" + "-" * (NEST_LIMIT - 4) + "x)\n"
                                                    "    let y = " + "+".join(["x"] * 2499) + "\n    println(y)\n")},
                          cmd="build", expect=("ok", "7\n3\n7497\n")),
    "limit_nest_over": dict(files=lambda: {"main.gs": program("    println(" + nested("(", ")", "7", NEST_LIMIT - 2) + ")\n")},
                            cmd="check",
                            expect=("error", rf"main\.gs:2:{NEST_LIMIT + 11}: error: expression nested too deeply \(limit {NEST_LIMIT}\)")),
    "limit_height_over": dict(files=lambda: {"main.gs": program("    var x = 3\n    let y = " + "+".join(["x"] * 2502) + "\n")},
                              cmd="check",
                              expect=("error", r"main\.gs:3:\d+: error: expression too deep: more than 2500 ")),
    "limit_generic_depth_ok": dict(files=lambda: {"main.gs": generic_fn_chain(200)}, cmd="run", expect=("ok", "199\n")),
    "limit_generic_depth_over": dict(files=lambda: {"main.gs": generic_fn_chain(201)}, cmd="check",
                                     expect=("error", r"main\.gs:200:34: error: generic instantiation too deep "
                                                      r"\(limit 200 nested instances\)")),
    "generic_fn_chain_1000": dict(files=lambda: {"main.gs": generic_fn_chain(1000)}, cmd="check",
                                  expect=("error", r"main\.gs:200:34: error: generic instantiation too deep "
                                                   r"\(limit 200 nested instances\)"),
                                  stderr_has=r"main\.gs:1002:13: note: the chain starts with f0\[int\], instantiated here"),
    "generic_fn_grows_type": dict(files=lambda: {"main.gs": program("    println(grow(1))\n",
                                                            "fn grow[T](x: T) -> int { return grow([x]) }\n")},
                                  cmd="check",
                                  expect=("error", r"main\.gs:1:34: error: generic instantiation too deep "
                                                   r"\(a type argument nested more than 40 levels\)"),
                                  stderr_has=r"main\.gs:3:13: note: the chain starts with grow\[int\], instantiated here"),
    "generic_fn_grows_pair": dict(files=lambda: {"main.gs": program("    println(grow(1, 2))\n",
                                                            "struct P[A, B] {\n    a: A\n    b: B\n}\n"
                                                            "fn grow[A, B](x: A, y: B) -> int {\n"
                                                            "    return grow(P[A, B]{a: x, b: y}, P[B, A]{a: y, b: x})\n}\n")},
                                  cmd="check", expect=("error", r"main\.gs:\d+:\d+: error: generic instantiation too deep ")),
    "generic_struct_chain_1000": dict(files=lambda: {"main.gs": generic_struct_chain(1000)}, cmd="run",
                                      expect=("ok", "1 true 0\n")),
    "generic_struct_grows": dict(files=lambda: {"main.gs": program("    let s = S[int]{v: 1, next: none}\n    println(s.v)\n",
                                                           "struct S[T] {\n    v: T\n    next: ?S[[]T]\n}\n")},
                                 cmd="check", expect=("error", r"main\.gs:\d+:\d+: error: generic instantiation too deep ")),
    "import_cycle": dict(files=lambda: {"main.gs": b'import "./a"\nfn main() {\n    a.f()\n}\n',
                                "a.gs": b'import "./b"\nfn f() {\n}\n',
                                "b.gs": b'import "./a"\nfn g() {\n}\n'},
                         cmd="check", expect=("error", r"a\.gs:1:8: error: import cycle: a -> b -> a")),
    "import_cycle_main": dict(files=lambda: {"main.gs": b'import "./a"\nfn main() {\n}\n', "a.gs": b'import "./main"\n'},
                              cmd="check", expect=("error", r"main\.gs:1:8: error: import cycle: main -> a -> main")),
    "import_self": dict(files=lambda: {"main.gs": b'import "./main"\nfn main() {\n}\n'}, cmd="check",
                        expect=("error", r"main\.gs:1:8: error: import cycle: main -> main")),
    "import_self_module": dict(files=lambda: {"main.gs": b'import "./a"\nfn main() {\n}\n', "a.gs": b'import "./a"\n'},
                               cmd="check", expect=("error", r"a\.gs:1:8: error: import cycle: a -> a")),
    "import_missing": dict(files=lambda: {"main.gs": b'import "./nowhere"\nfn main() {\n}\n'}, cmd="check",
                           expect=("error", r"main\.gs:1:8: error: ")),
    "ident_1mb": dict(files=lambda: {"main.gs": program(f"    let {IDENT} = 7\n    println({IDENT})\n",
                                                f"fn {IDENT}2(x: int) -> int {{ return x }}\n"
                                                f"struct {IDENT}3 {{\n    {IDENT}: int\n}}\n")},
                      cmd="run", expect=("ok", "7\n")),
    "ident_1mb_build": dict(files=lambda: {"main.gs": program(f"    let {IDENT} = 7\n    println({IDENT} + {IDENT}2({IDENT}))\n",
                                                      f"fn {IDENT}2(x: int) -> int {{ return x }}\n")},
                            cmd="build", expect=("ok", "14\n")),
    "ident_1mb_unknown": dict(files=lambda: {"main.gs": program(f"    println({IDENT})\n")}, cmd="check",
                              expect=("error", r"main\.gs:2:13: error: unknown name aaaa+\.\.\.$"), max_msg=1200),
    # -O2 passes a large read-only struct by pointer after checking every
    # call site (emit-c/cemit_byptr.c); this keeps that check linear in the calls
    # of a function (a quadratic check takes 13.9 s at 40,000 calls).
    "byptr_calls_100k": dict(files=lambda: {"main.gs": program(
                                 "    let l = Big{a: 1, b: 2, c: 3, d: 4}\n    var t = 0\n"
                                 + "    t += sum(l)\n" * 100_000 + "    println(t)\n",
                                 "struct Big { a: int, b: int, c: int, d: int }\n"
                                 "fn sum(x: Big) -> int { return x.a + x.b + x.c + x.d }\n")},
                             cmd="run", expect=("ok", "1000000\n")),
    "string_1mb": dict(files=lambda: {"main.gs": program(f'    let s = "{IDENT}"\n    println(s.len)\n')}, cmd="run",
                       expect=("ok", f"{1 << 20}\n")),
}

def limits(asan):
    def apply():
        if not asan:
            resource.setrlimit(resource.RLIMIT_AS, (AS_LIMIT, AS_LIMIT))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    return apply


def run_goose(args, cwd, asan):
    """(returncode or None on timeout, stdout, stderr, wall s, cpu s, peak KiB)
    of one run; cpu and peak memory are goose's own and its children's."""
    t0 = time.monotonic()
    p = subprocess.Popen(args, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         preexec_fn=limits(asan))
    bufs = {}

    def drain(name, f):
        bufs[name] = f.read()

    readers = [threading.Thread(target=drain, args=(k, f)) for k, f in (("out", p.stdout), ("err", p.stderr))]
    for r in readers:
        r.start()
    timer = threading.Timer(WALL_TIMEOUT * (4 if asan else 1), p.kill)
    timer.start()
    _, status, ru = os.wait4(p.pid, 0)
    timed_out = not timer.is_alive()
    timer.cancel()
    for r in readers:
        r.join()
    p.returncode = os.waitstatus_to_exitcode(status)
    wall = time.monotonic() - t0
    rc = None if timed_out else p.returncode
    return rc, bufs["out"], bufs["err"], wall, ru.ru_utime + ru.ru_stime, ru.ru_maxrss


def run_program(d, case, asan):
    """Runs the built ./prog once and removes it: (stdout, None) when its
    exit status and stderr are the case's, else (stdout, the reason)."""
    if not os.path.exists(os.path.join(d, "prog")):
        return "", "goose build succeeded without writing the program"
    try:
        p = subprocess.run(["./prog"], cwd=d, capture_output=True, timeout=WALL_TIMEOUT,
                           preexec_fn=limits(asan))
    except subprocess.TimeoutExpired:
        return "", f"program timed out after {WALL_TIMEOUT} s"
    finally:
        os.remove(os.path.join(d, "prog"))
    out, err = p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")
    status, want_err = case.get("status", 0), case.get("stderr", "")
    why = []
    if p.returncode < 0:
        why.append(f"program killed by signal {-p.returncode}, expected exit status {status}")
    elif p.returncode != status:
        why.append(f"program exit status {p.returncode}, expected {status}")
    if err != want_err:
        why.append(f"program stderr {err[:300]!r}, expected {repr(want_err) if want_err else 'empty'}")
    return out, "; ".join(why) or None


def check_ok(case, d, rc, out, errs, asan):
    """None when an "ok" case's goose run (and program, for build) is right."""
    if rc != 0:
        return f"expected success, exit {rc}: {errs[:400]}"
    if errs:
        return f"expected an empty stderr from goose, got {errs[:400]!r}"
    got, why = out.decode("utf-8", "replace"), None
    if case["cmd"] == "build":
        got, why = run_program(d, case, asan)
    want = case["expect"][1]
    if got != want:
        why = f"expected output {want!r}, got {got[:200]!r}" + (f"; {why}" if why else "")
    return why


def check_case(name, case, goose, work, asan):
    """None when the case passes, else the reason."""
    d = os.path.join(work, name)
    os.makedirs(d, exist_ok=True)
    for fname, data in case["files"]().items():
        with open(os.path.join(d, fname), "wb") as f:
            f.write(data)
            if "sparse" in case:
                f.truncate(case["sparse"])     # a hole: no disk, no time
    cmd = case["cmd"]
    args = [goose, cmd, "main.gs"]
    if cmd == "build":
        args += ["-o", "prog"]
    rc, out, err, wall, cpu, rss = run_goose(args, d, asan)
    errs = err.decode("utf-8", "replace")
    stats = f"{wall:.2f} s wall, {cpu:.2f} s cpu, peak {rss // 1024} MiB"
    if rc is None:
        return f"timed out after {wall:.0f} s", stats
    if rc < 0:
        return f"killed by signal {-rc}: {errs[:300]}", stats
    bad = BAD_STDERR.search(errs)
    if bad:
        return f"sanitizer/internal report: {errs[max(0, bad.start() - 200):bad.start() + 300]}", stats
    if asan and rss * 1024 > ASAN_RSS_LIMIT:
        return f"too much memory: peak {rss // 1024} MiB", stats
    if cpu > CASE_CPU_LIMIT * (8 if asan else 1):
        return f"too slow: {cpu:.1f} s of CPU", stats
    kind, want = case["expect"]
    if kind == "ok":
        return check_ok(case, d, rc, out, errs, asan), stats
    if rc != 1:
        return f"expected exit 1 with an error, got exit {rc}: {errs[:400]}", stats
    if kind == "fatal":             # no location: the file itself is unusable
        ok = re.match(want + "$", errs.rstrip("\n"))
        return (None if ok else f"stderr {errs[:300]!r} does not match {want!r}"), stats
    first = ERR_LINE.search(errs)
    if not first or first.start() != 0:
        return f"stderr does not start with file:line:col: error: {errs[:300]!r}", stats
    line = first.group(0)
    if not re.match(want, line):
        return f"first error {line[:300]!r} does not match {want!r}", stats
    if "stderr_has" in case and not re.search(case["stderr_has"], errs, re.M):
        return f"stderr lacks {case['stderr_has']!r}: {errs[:600]}", stats
    nerr = len(ERR_LINE.findall(errs))
    if "errors" in case and nerr != case["errors"]:
        return f"{nerr} errors, expected {case['errors']}: {errs[:600]}", stats
    longest = max(len(l) for l in errs.splitlines())
    if longest > case.get("max_msg", 1 << 30):
        return f"a diagnostic line is {longest} bytes long", stats
    return None, stats


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--goose", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--asan", action="store_true")
    ap.add_argument("cases", nargs="+", help="case names, or 'all', or 'list'")
    a = ap.parse_args()
    if a.cases == ["list"]:
        print("\n".join(CASES))
        return 0
    names = list(CASES) if a.cases == ["all"] else a.cases
    goose = os.path.abspath(a.goose)
    failed = 0
    for name in names:
        if name not in CASES:
            print(f"FAIL hostile/{name}: no such case")
            failed += 1
            continue
        why, stats = check_case(name, CASES[name], goose, os.path.abspath(a.work), a.asan)
        print(f"{'FAIL' if why else 'PASS'} hostile/{name} ({stats}){': ' + why if why else ''}", flush=True)
        failed += why is not None
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
