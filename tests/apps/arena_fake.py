#!/usr/bin/env python3
"""arena_fake.py — checks `bench/apps/run_apps.py --arena` without the
network or upstream's libraries: a fake LangArena checkout in a temporary
folder whose c/main.c speaks upstream's protocol (`bin CONFIG NAME`, a
`start:` line, `<Name>: OK in <s>s` or `ERR[actual=..., expected=...]`, a
`Summary:` line) for Etc::Sieve (bench/apps/c/sieve.c's algorithm, renamed
in) and includes the stand-in yyjson.h and libbase64.h for a Base64::Encode
it never runs; its c/run has upstream's shape (the objects of the libraries
Debian lacks). A ports folder holds bench/apps/sieve.gs and a header-only
Base64::Encode port. The test wants: c/run's flags taken over (-O2, -lm,
the stand-in object), the sieve row with both timings, Base64::Encode
listed as having no C peer, and exit status 0 (or 3 when the loaded
machine could not separate the control). Usage: arena_fake.py GOOSE.
"""
import json
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
APPS = os.path.join(ROOT, "bench", "apps")
sys.path.insert(0, APPS)
import arena  # noqa: E402

FAKE_MAIN = r"""
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yyjson.h>
#include "libbase64.h"
#define main sieve_main
#include "%(sieve)s"
#undef main

/* A benchmark the harness must never run here (its library is a stand-in). */
void base64_bench(void) { size_t n; char out[8]; base64_encode("a", 1, out, &n, 0); }

static long long field(const char *json, const char *key) {
  char pat[64];
  snprintf(pat, sizeof pat, "\"%%s\":", key);
  const char *p = strstr(json, pat);
  if (!p) { fprintf(stderr, "no %%s\n", key); exit(2); }
  return atoll(p + strlen(pat));
}

int main(int argc, char **argv) {
  static char json[4096];
  FILE *f = fopen(argv[1], "r");
  size_t n = fread(json, 1, sizeof json - 1, f);
  json[n] = 0;
  fclose(f);
  printf("start: 0\n");
  if (!strstr(json, "\"Etc::Sieve\"") || argc < 3 || strcmp(argv[2], "Etc::Sieve") != 0) return 2;
  char a[3][32];
  snprintf(a[0], 32, "%%lld", field(json, "limit"));
  snprintf(a[1], 32, "%%lld", field(json, "iterations"));
  snprintf(a[2], 32, "%%lld", field(json, "checksum"));
  char *av[] = {argv[0], a[0], a[1], a[2], NULL};
  fflush(stdout);
  int status = sieve_main(4, av);
  printf("Summary: 0.0s, 1, %%d, %%d\n", status == 0, status != 0);
  return status;
}
"""

FAKE_RUN = """#!/bin/sh
gcc -Ideps/base64/include -Ideps/yyjson/src -O2 main.c -o target/bin_c_run -lm target/libbase64.o target/yyjson.o
../xtime.rb ./target/bin_c_run ../run.js "$@"
"""

UPSTREAM_RUN_LINE = ("gcc -Ideps/base64/include -Ideps/yyjson/src -I/usr/include/ -O2 -Ideps/cJSON "
                     "-L/opt/homebrew/lib -I/opt/homebrew/include/ main.c -o target/bin_c_run -lgmp "
                     "target/cJSON.o target/libbase64.o -lm -lpcre2-8 -lpthread target/yyjson.o")


def fail(msg):
    print("FAIL: " + msg)
    sys.exit(1)


def sieve_checksum(work, limit, iterations):
    """The checksum of bench/apps/c/sieve.c at these inputs (told 0: ERR)."""
    exe = os.path.join(work, "sieve_c")
    subprocess.run(["gcc", "-O2", "-I", os.path.join(APPS, "c"), os.path.join(APPS, "c", "sieve.c"), "-o", exe],
                   check=True)
    out = subprocess.run([exe, str(limit), str(iterations), "0"], capture_output=True, text=True).stdout
    m = re.search(r"actual=(\d+)", out)
    if not m:
        fail(f"sieve.c printed no ERR line: {out!r}")
    return int(m.group(1))


def check_control_choice():
    """The control is Etc::Sieve when selected, else the first benchmark
    whose iteration count 25% more changes (1 or 2 does not), else none."""
    class B:
        def __init__(self, name):
            self.name = name
    entries = {"A::One": {"iterations": 1}, "B::Two": {"iterations": 2}, "C::Ten": {"iterations": 10},
               "Etc::Sieve": {"iterations": 40}}
    cases = [(["A::One", "C::Ten", "Etc::Sieve"], "Etc::Sieve"), (["A::One", "B::Two", "C::Ten"], "C::Ten"),
             (["A::One", "B::Two"], None)]
    for names, want in cases:
        got = arena.control_name([B(n) for n in names], entries)
        if got != want:
            fail(f"control for {names}: {got}, want {want}")


def main(goose):
    check_control_choice()
    flags, link = arena.upstream_flags(UPSTREAM_RUN_LINE.split())
    if flags != ["-O2"] or link != ["-lgmp", "-lcjson", "@shim", "-lm", "-lpcre2-8", "-lpthread"]:
        fail(f"upstream's c/run line read as {flags} {link}")
    with tempfile.TemporaryDirectory(prefix="arena-fake-") as work:
        co = os.path.join(work, "LangArena")
        os.makedirs(os.path.join(co, "c"))
        with open(os.path.join(co, "c", "main.c"), "w") as f:
            f.write(FAKE_MAIN % {"sieve": os.path.join(APPS, "c", "sieve.c")})
        with open(os.path.join(co, "c", "run"), "w") as f:
            f.write(FAKE_RUN)
        limit, iterations = 2000000, 40
        entries = [{"name": "Etc::Sieve", "checksum": sieve_checksum(work, limit, iterations), "limit": limit,
                    "iterations": iterations},
                   {"name": "Base64::Encode", "checksum": 1, "size": 10, "iterations": 2}]
        for size in ("run", "test"):
            with open(os.path.join(co, f"{size}.js"), "w") as f:
                json.dump(entries, f)
        apps = os.path.join(work, "apps")
        os.makedirs(apps)
        with open(os.path.join(APPS, "sieve.gs")) as f:
            text = f.read()
        with open(os.path.join(apps, "sieve.gs"), "w") as f:
            f.write(text)
        with open(os.path.join(apps, "base64_encode.gs"), "w") as f:
            f.write("// langarena: Base64::Encode size iterations\n")
        out = os.path.join(work, "out")
        cmd = [sys.executable, os.path.join(APPS, "run_apps.py"), "--arena", co, "--apps", apps, "--goose", goose,
               "--no-deps", "--quick", "--out", out, "--timeout", "120"]
        r = subprocess.run(cmd, capture_output=True, text=True)
        print(r.stdout + r.stderr)
        if r.returncode not in (0, 3):
            fail(f"exit status {r.returncode}")
        if not re.search(r"^Etc::Sieve: sieve: C \d+\.\d{3}s Goose \d+\.\d{3}s Goose/C \d", r.stdout, re.M):
            fail("no Etc::Sieve row with both timings")
        if "Base64::Encode: no C peer (aklomp/base64" not in r.stdout:
            fail("Base64::Encode not reported as having no C peer")
        with open(os.path.join(out, "results.json")) as f:
            doc = json.load(f)
        build = doc["upstream"]["build"]
        if "-O2" not in build or "-lm" not in build or not any(x.endswith("arena_shim-gcc.o") for x in build):
            fail(f"upstream build command lacks c/run's flags: {build}")
        if not doc["cells"][0].get("control"):
            fail("the positive control did not run")
        print("PASS arena_fake")
    return 0


if __name__ == "__main__":
    sys.exit(main(os.path.abspath(sys.argv[1])))
