#!/usr/bin/env python3
"""arena.py — the Goose ports in bench/apps/ side by side with upstream
LangArena's own C (`run_apps.py --arena PATH` calls main(); so may you).

  bench/apps/run_apps.py --arena ~/LangArena                  # gcc -O2 both sides, run.js sizes
  bench/apps/run_apps.py --arena ~/LangArena --backend clang  # clang both sides
  bench/apps/run_apps.py --arena ~/LangArena --only sieve graph_bfs_builtin
  bench/apps/run_apps.py --arena ~/LangArena --size test --quick --no-deps

PATH is a LangArena checkout (a work tree: its c/main.c, c/run, run.js,
test.js). Every port found by its `// langarena: <Name> ...` header is a
row, grouped by benchmark; a benchmark is one cell of interleaved runs of
upstream's C and each Goose program of it.

Upstream's C: c/main.c compiled unchanged, with the flags of the compiler
line in c/run (its -O level and -l libraries, in order), by gcc (default)
or clang (--backend clang). Two of upstream's libraries are not in Debian
12: yyjson and aklomp/base64. For them bench/apps/arena_shim/ holds
stand-in headers declaring exactly what main.c calls, and unavailable.c
defining each to exit 3 with a message, linked where c/run links their
objects; so every other benchmark builds from the file as it is, and the
five that need those libraries (SKIPPED) are never run here: their ports
are listed as "no C peer". c/run's -I/-L paths and target/cJSON.o become
Debian's: -I/usr/include/cjson and -lcjson (cJSON only reads the config,
outside the timed window). The packages come from `./build.sh arena-deps`
(ARENA_PACKAGES; skipped with --no-deps).

Upstream's protocol (c/main.c main): `bin CONFIG [NAME]` loads CONFIG (a
JSON array of entries like run.js's), runs every entry whose name contains
NAME (case-insensitive): reset the RNG, prepare, warm-up runs, reset,
`iterations` timed runs (CLOCK_MONOTONIC), checksum; prints
`<Name>: OK in <s>s` or `<Name>: ERR[actual=A, expected=E] in <s>s` (exit
1). Here CONFIG holds only the one entry, so the name match cannot pick a
second benchmark. The Goose port gets the same entry's inputs in its
header order and the same checksum (bench/apps/README.md).

Measurement (bench/harness, as c_ratio.py): renamed copies, warm-ups,
rounds C, Goose..., C (the A/B/A drift), the distinct-binary guard, every
arm must print OK for the entry's checksum. Numbers per Goose program: the
ratio Goose/C of the medians of the timed window (the seconds each prints)
and of the whole-process CPU (user + sys), each with its noise band and
verdict (stats.compare). Positive control: upstream's C of Etc::Sieve
(else the first selected benchmark whose iteration count 25% more
changes: 1 or 2 do not) with 25% more iterations (its checksum
calibrated from an ERR line) must be told apart from the C, slower; a
metric whose control is not separated reports no ratios. Geometric mean
over the benchmarks: one program each, the plain port or else the
_builtin variant (a second mean puts _library in its place).

Writes results.json (every sample, commands, hashes, checksums) and
results.md under --out (default bench/out/arena). Exit status: 0 done;
1 bad usage or the C did not build; 2 identical binaries; 3 control not
separated; 4 some arm failed. Python 3 standard library only.
"""
import argparse
import datetime
import glob
import hashlib
import json
import os
import platform
import re
import shlex
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
BENCH = os.path.dirname(HERE)
ROOT = os.path.dirname(BENCH)
sys.path.insert(0, BENCH)
sys.path.insert(0, HERE)
from harness import build, guards, matrix, output, runner, stats  # noqa: E402
import pool_workloads as pw  # noqa: E402  (run function, calibration, comparisons)
import run_apps  # noqa: E402  (the port headers)

SHIM = os.path.join(HERE, "arena_shim")
# Benchmarks whose upstream C needs a library Debian 12 does not package.
SKIPPED = {"Base64::Encode": "aklomp/base64", "Base64::Decode": "aklomp/base64",
           "Json::Generate": "yyjson", "Json::ParseDom": "yyjson", "Json::ParseMapping": "yyjson"}
# c/run's objects -> what is linked in their place here.
OBJECT_SUBST = {"cJSON.o": "-lcjson", "libbase64.o": "@shim", "yyjson.o": "@shim"}
CONTROL_NAME = "Etc::Sieve"
CONTROL_SCALE = 1.25
FULL_PLAN = (5, 1, 2)   # rounds, warm-up rounds, renamed copies
QUICK_PLAN = (3, 1, 2)


def log(msg):
    print(msg, file=sys.stderr, flush=True)


# ---- upstream's build -------------------------------------------------------

def upstream_line(checkout):
    """The compiler line of c/run (the one compiling main.c), as tokens."""
    path = os.path.join(checkout, "c", "run")
    with open(path, encoding="utf-8") as f:
        for line in f:
            toks = shlex.split(line, comments=True)
            if toks and toks[0] in ("gcc", "cc", "clang") and "main.c" in toks:
                return toks
    raise SystemExit(f"arena: no compiler line for main.c in {path}")


def upstream_flags(tokens):
    """(flags, link): c/run's options that shape the code (-O, -f, -m, -D,
    -std, in order) and its link items in order, objects replaced by
    OBJECT_SUBST (@shim: the stand-in object); -I/-L/-o and main.c go."""
    flags, link = [], []
    skip = False
    for t in tokens[1:]:
        if skip:
            skip = False
            continue
        if t in ("-o", "-I", "-L"):
            skip = True
        elif t.startswith(("-I", "-L")) or t == "main.c":
            continue
        elif t.startswith("-l"):
            link.append(t)
        elif t.endswith(".o"):
            sub = OBJECT_SUBST.get(os.path.basename(t))
            if sub is None:
                raise SystemExit(f"arena: c/run links {t}, which arena.py does not know how to supply")
            if sub not in link:
                link.append(sub)
        elif t.startswith(("-O", "-f", "-m", "-D", "-std", "-g")):
            flags.append(t)
        else:
            raise SystemExit(f"arena: unexpected word {t!r} in c/run's compiler line")
    if not any(f.startswith("-O") for f in flags):
        raise SystemExit("arena: c/run's compiler line has no -O level")
    return flags, link


def build_upstream(checkout, cc, out_dir, copies):
    """An Artifact of upstream's C built by cc with c/run's flags; its
    .note carries c/run's original line."""
    a = build.Artifact(f"langarena-c-{cc}")
    os.makedirs(out_dir, exist_ok=True)
    main_c = os.path.join(os.path.abspath(checkout), "c", "main.c")
    line = upstream_line(checkout)
    flags, link = upstream_flags(line)
    a.note = " ".join(line)
    with open(main_c, "rb") as f:
        a.main_sha256 = hashlib.sha256(f.read()).hexdigest()
    shim_o = os.path.join(out_dir, f"arena_shim-{cc}.o")
    cmd0 = [cc] + flags + ["-c", os.path.join(SHIM, "unavailable.c"), "-o", shim_o]
    exe = os.path.join(out_dir, a.key)
    libs = [shim_o if x == "@shim" else x for x in link]
    cmd = [cc, "-I", SHIM, "-I", "/usr/include/cjson"] + flags + [main_c, "-o", exe] + libs
    a.commands += [cmd0, cmd]
    for c in (cmd0, cmd):
        ok, msg = build._run(c, cwd=os.path.dirname(main_c))
        if not ok:
            a.error = f"{' '.join(c)}:\n{msg[-3000:]}"
            return a
    a.identity = guards.sha256_file(exe)
    a.copies = [[p] for p in build.copy_names(exe, copies)]
    return a


def install_deps():
    """./build.sh arena-deps: the upstream C's packages, when missing."""
    r = subprocess.run([os.path.join(ROOT, "build.sh"), "arena-deps"], capture_output=True, text=True)
    for line in (r.stdout + r.stderr).strip().splitlines()[-3:]:
        log("build.sh: " + line)
    if r.returncode != 0:
        raise SystemExit("arena: ./build.sh arena-deps failed")


# ---- what to run ------------------------------------------------------------

class Bench:
    """One benchmark: its name, its Goose programs {row: Port} and the
    primary row (plain, else _builtin, else the first)."""

    def __init__(self, name, rows):
        self.name, self.rows = name, rows
        slugs = sorted(rows)
        plain = [s for s in slugs if not s.endswith(("_builtin", "_library"))]
        builtin = [s for s in slugs if s.endswith("_builtin")]
        self.primary = (plain or builtin or slugs)[0]
        lib = [s for s in slugs if s.endswith("_library")]
        self.library = lib[0] if lib else None


def group_ports(ports):
    """[Bench] sorted by name from run_apps.Port objects."""
    by = {}
    for p in ports:
        by.setdefault(p.name, {})[p.slug] = p
    return [Bench(n, by[n]) for n in sorted(by)]


def select(benches, only):
    """The benches named by --only (slugs or benchmark names); SystemExit
    on an unknown one."""
    if not only:
        return benches
    out = []
    for key in only:
        hit = [b for b in benches if b.name == key]
        if not hit:
            hit = [Bench(b.name, {key: b.rows[key]}) for b in benches if key in b.rows]
        if not hit:
            raise SystemExit(f"arena: no port or benchmark named {key}")
        for h in hit:
            old = next((o for o in out if o.name == h.name), None)
            if old:
                out[out.index(old)] = Bench(h.name, dict(old.rows, **h.rows))
            else:
                out.append(h)
    return sorted(out, key=lambda b: b.name)


def load_entries(checkout, size):
    """name -> entry of the checkout's run.js or test.js."""
    with open(os.path.join(checkout, f"{size}.js"), encoding="utf-8") as f:
        return {e["name"]: e for e in json.load(f)}


def write_config(dir_, tag, entry):
    path = os.path.join(dir_, f"{tag}.json")
    with open(path, "w", encoding="utf-8") as f:
        json.dump([entry], f)
    return path


def c_calibrate(cmd, name, entry, cfg_dir, timeout):
    """The checksum upstream's C computes for entry (told 0: ERR[actual=N])."""
    tag = "calibrate-" + re.sub(r"\W+", "_", name)
    cfg = write_config(cfg_dir, tag, dict(entry, checksum=0))
    status, out, err, *_ = runner.run_raw(cmd + [cfg, name], None, timeout)
    actual = pw.parse_actual(out)
    if actual is None:
        raise runner.RunError(f"calibration of {name}: exit {status}\n{(out + err).strip()[-400:]}")
    return actual


# ---- measuring --------------------------------------------------------------

class Arena:
    def __init__(self, a, c_art):
        self.a, self.c = a, c_art
        self.rounds, self.warmup, self.copies = a.plan
        self.cfg_dir = os.path.join(a.out, "config")
        os.makedirs(self.cfg_dir, exist_ok=True)

    def cell(self, bench, entry, with_control):
        res = {"name": bench.name, "rows": sorted(bench.rows), "primary": bench.primary,
               "library": bench.library, "entry": entry, "error": None, "control_cell": with_control}
        arts = {}
        for row, port in sorted(bench.rows.items()):
            with open(port.path, encoding="utf-8") as f:
                text = f.read()
            arts[row] = build.goose_arm(self.a.goose, os.path.join(self.a.out, "src", row + ".gs"), text,
                                        self.a.backend, 2, os.path.join(self.a.out, "bin"), self.copies)
        res["binaries"] = {k: v.to_json() for k, v in arts.items()}
        bad = [f"{k}: {v.error}" for k, v in arts.items() if v.error]
        if bad:
            res["error"] = "\n".join(bad)
            return res
        guards.check_distinct(dict({k: v.identity for k, v in arts.items()}, c=self.c.identity), bench.name)
        tag = re.sub(r"\W+", "_", bench.name)
        cfg = write_config(self.cfg_dir, tag, entry)
        cmds = {"c": [c + [cfg, bench.name] for c in self.c.copies]}
        try:
            for row, art in arts.items():
                cmds[row] = [c + run_apps.program_args(bench.rows[row], entry) for c in art.copies]
        except KeyError as e:
            res["error"] = f"{bench.name} has no input {e}"
            return res
        if with_control:
            try:
                cin = dict(entry, iterations=control_iterations(entry))
                cin["checksum"] = c_calibrate(self.c.copies[0], bench.name, cin, self.cfg_dir, self.a.timeout)
            except runner.RunError as e:
                res["error"] = str(e)
                return res
            ccfg = write_config(self.cfg_dir, tag + "-control", cin)
            cmds["control"] = [c + [ccfg, bench.name] for c in self.c.copies]
            res["control_entry"] = cin
        res["commands"] = {k: v[0] for k, v in cmds.items()}
        fn = pw.make_run_fn(bench.name, entry["checksum"])
        cell = runner.measure_cell(cmds, "c", self.rounds, self.warmup, self.a.timeout, run_fn=fn)
        res["samples"], res["drift_pairs"], res["arm_errors"] = cell.samples, cell.drift_pairs, cell.errors
        if cell.errors:
            res["error"] = "\n".join(f"{k}: {v}" for k, v in cell.errors.items())
        if cell.ref != "c":
            return res
        res["comparison"] = {}
        for row in bench.rows:
            if row not in cell.errors:
                res["comparison"][row] = compare(cell, row)
        if "control" in cmds and "control" not in cell.errors:
            res["control"] = compare(cell, "control")
        return res


def compare(cell, other):
    """pool_workloads.compare_cell, or a note when a median is zero (a
    timed window below the 1 ms the programs print)."""
    try:
        return pw.compare_cell(cell, "c", other)
    except ValueError as e:
        return {"error": f"no ratio: {e} (timed window too short?)"}


def control_iterations(entry):
    """The control's iteration count: CONTROL_SCALE times the entry's."""
    return max(1, round(entry["iterations"] * CONTROL_SCALE))


def control_name(runnable, entries):
    """The benchmark whose C runs as the positive control: Etc::Sieve when
    selected, else the first whose scaled iteration count differs from its
    own (one of 1 or 2 iterations scales to itself: no control at all);
    None when no selected benchmark can be scaled."""
    scalable = [b.name for b in runnable
                if control_iterations(entries[b.name]) != entries[b.name]["iterations"]]
    if CONTROL_NAME in scalable:
        return CONTROL_NAME
    return scalable[0] if scalable else None


def control_verdict(cells):
    c = next((c for c in cells if c.get("control_cell")), None)
    if c is None or not c.get("control") or "error" in c["control"]:
        why = (c.get("error") or (c.get("control") or {}).get("error")) if c else (
            "no selected benchmark has an iteration count that 25% more changes; add Etc::Sieve to --only")
        return {k: False for k, _ in pw.METRICS}, f"{guards.PROVED_NOTHING}: the control did not run ({why})"
    ok, head, parts = pw.control_metrics(c["control"])
    return ok, (f"{head}: upstream C {c['name']} with iterations {c['control_entry']['iterations']} "
                f"against {c['entry']['iterations']}: " + "; ".join(parts))


def geomeans(cells, ok, use_library=False):
    """{metric: geomean of Goose/C} over the benchmarks (one row each)."""
    out = {}
    for key, _ in pw.METRICS:
        rs = []
        for c in cells:
            row = (c.get("library") if use_library else None) or c.get("primary")
            cmp = (c.get("comparison") or {}).get(row)
            if ok.get(key) and cmp and "error" not in cmp:
                rs.append(cmp[key]["ratio"])
        out[key] = {"geomean": stats.geomean(rs), "n": len(rs)}
    return out


# ---- report -----------------------------------------------------------------

def cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def markdown(doc):
    h, p = doc["host"], doc["protocol"]
    ok = doc["control_ok"]
    lines = ["# Goose against upstream LangArena C\n",
             f"- date: {doc['date']} ({doc['duration_s']:.0f} s); {h['cpu']}, {h['cpus']} CPUs, {h['kernel']}",
             f"- load average {h['loadavg_start'][0]:.2f} at the start, {h['loadavg_end'][0]:.2f} at the end",
             f"- command: `{' '.join(doc['command'])}`",
             f"- checkout: {doc['checkout']['path']} (main.c sha256 {doc['checkout']['main_sha256'][:16]}...,"
             f" {doc['checkout']['git']})",
             f"- c/run: `{doc['upstream']['c_run']}`",
             f"- upstream C here: `{' '.join(doc['upstream']['build'])}`",
             f"- Goose: `goose build -O2 --cc {p['backend']}`; inputs and checksums: the checkout's {p['size']}.js",
             f"- control: {doc['verdict']}",
             f"- samples: {p['rounds']} measured runs per arm after {p['warmup']} warm-up round, {p['copies']} "
             f"renamed copies, interleaved C, Goose..., C" + (" (--quick: a smoke run)" if p["quick"] else ""),
             ""]
    head = ["benchmark", "Goose program", "C s", "Goose s", "Goose/C", "band", "verdict",
            "C CPU s", "Goose CPU s", "CPU Goose/C", "band", "verdict"]
    out = ["| " + " | ".join(head) + " |", "|---|---|" + ("---:|" * 4 + "---|") * 2]
    for c in doc["cells"]:
        for row in c["rows"]:
            cmp = (c.get("comparison") or {}).get(row)
            name = c["name"] + ("" if row == c["primary"] else " (variant)")
            if not cmp or "error" in cmp:
                why = (cmp or {}).get("error") or "error (see below)"
                out.append(f"| {name} | {row} | {why} |" + " |" * 9)
                continue
            t, u = cmp["timed_s"], cmp["cpu_s"]
            tv = f"{t['ratio']:.3f}" if ok["timed_s"] else "—"
            uv = f"{u['ratio']:.3f}" if ok["cpu_s"] else "—"
            out.append(f"| {name} | {row} | {t['median_ref']:.3f} | {t['median_other']:.3f} | {tv} | "
                       f"+-{t['band']:.3f} | {t['verdict'] if ok['timed_s'] else '—'} | {u['median_ref']:.3f} | {u['median_other']:.3f} | "
                       f"{uv} | +-{u['band']:.3f} | {u['verdict'] if ok['cpu_s'] else '—'} |")
    notes = [""]
    for label, g in (("", doc["geomean"]), (" (_library in place of _builtin)", doc["geomean_library"])):
        if label and g == doc["geomean"]:
            continue
        parts = [f"{m} {g[k]['geomean']:.3f} over {g[k]['n']}" for k, m in pw.METRICS if g[k]["geomean"]]
        notes.append(f"- geometric mean Goose/C{label}: " + ("; ".join(parts) or "none"))
    if doc["no_peer"]:
        notes.append("- no C peer (upstream needs a library Debian 12 lacks): "
                     + ", ".join(f"{n} ({lib}: {', '.join(rows)})" for n, lib, rows in doc["no_peer"]))
    errs = [f"- {c['name']}:\n\n```\n{c['error'].strip()[:1500]}\n```\n" for c in doc["cells"] if c.get("error")]
    text = "\n".join(lines + out + notes) + "\n"
    return text + ("\n## Errors\n\n" + "\n".join(errs) if errs else "")


def describe(c):
    parts = []
    for row in c["rows"]:
        cmp = (c.get("comparison") or {}).get(row)
        if cmp and "error" not in cmp:
            t = cmp["timed_s"]
            parts.append(f"{row}: C {t['median_ref']:.3f}s Goose {t['median_other']:.3f}s "
                         f"Goose/C {t['ratio']:.3f} +-{t['band']:.3f} ({t['verdict']})")
        elif cmp:
            parts.append(f"{row}: {cmp['error']}")
    if c.get("error"):
        parts.append("error: " + c["error"].strip().splitlines()[-1][:160])
    return "; ".join(parts)


def git_describe(checkout):
    try:
        r = subprocess.run(["git", "-C", checkout, "rev-parse", "HEAD"], capture_output=True, text=True, timeout=30)
        if r.returncode == 0:
            return "git " + r.stdout.strip()
    except OSError:
        pass
    return "not a git work tree"


def parse_args(argv):
    ap = argparse.ArgumentParser(prog="bench/apps/run_apps.py --arena", description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--arena", required=True, metavar="PATH", help="a LangArena checkout (c/main.c, run.js)")
    ap.add_argument("--backend", choices=("gcc", "clang"), default="gcc",
                    help="compiler of both sides: upstream's C and goose build --cc (default gcc)")
    ap.add_argument("--size", choices=("run", "test"), default="run", help="the checkout's run.js (default) or test.js")
    ap.add_argument("--only", nargs="+", metavar="SLUG|NAME", help="ports (slugs) or benchmarks (names)")
    ap.add_argument("--goose", default=None, help="goose binary (default $GOOSE, build/goose)")
    ap.add_argument("--apps", default=HERE, help="folder of the ports (default bench/apps)")
    ap.add_argument("--out", default=os.path.join(BENCH, "out", "arena"))
    ap.add_argument("--rounds", type=int, help=f"measured runs per arm (default {FULL_PLAN[0]})")
    ap.add_argument("--copies", type=int, help=f"renamed copies per executable (default {FULL_PLAN[2]})")
    ap.add_argument("--quick", action="store_true", help="fewer rounds: a smoke run, not a result")
    ap.add_argument("--no-deps", action="store_true", help="do not run ./build.sh arena-deps")
    ap.add_argument("--list", action="store_true", help="print each benchmark's Goose programs and C peer, and stop")
    ap.add_argument("--timeout", type=float, default=900, help="seconds before one run is killed")
    a = ap.parse_args(argv)
    plan = list(QUICK_PLAN if a.quick else FULL_PLAN)
    plan[0] = a.rounds or plan[0]
    plan[2] = a.copies or plan[2]
    a.plan = tuple(plan)
    a.out = os.path.abspath(a.out)
    a.arena = os.path.abspath(a.arena)
    return a


def main(argv):
    a = parse_args(argv)
    if not os.path.exists(os.path.join(a.arena, "c", "main.c")):
        log(f"arena: {a.arena} is not a LangArena checkout (no c/main.c)")
        return 1
    benches = select(group_ports(run_apps.find_ports(a.apps)), a.only)
    entries = load_entries(a.arena, a.size)
    no_peer = [(b.name, SKIPPED[b.name], sorted(b.rows)) for b in benches if b.name in SKIPPED]
    missing = [b.name for b in benches if b.name not in entries]
    if missing:
        log(f"arena: not in the checkout's {a.size}.js: {missing}")
        return 1
    runnable = [b for b in benches if b.name not in SKIPPED]
    if a.list:
        for b in benches:
            peer = f"no C peer ({SKIPPED[b.name]})" if b.name in SKIPPED else "C peer"
            print(b.name, " ".join(sorted(b.rows)), f"primary {b.primary};", peer)
        return 0
    if not runnable:
        log("arena: no port with a C peer selected")
        return 1
    if not a.no_deps:
        install_deps()
    a.goose = matrix.find_goose(a.goose)
    os.makedirs(a.out, exist_ok=True)
    started, load0 = datetime.datetime.now().astimezone(), os.getloadavg()
    log(f"arena: {len(runnable)} benchmarks with a C peer, {len(no_peer)} without; "
        f"load average {load0[0]:.2f} on {os.cpu_count()} CPUs")
    c_art = build_upstream(a.arena, a.backend, os.path.join(a.out, "bin"), a.plan[2])
    if c_art.error:
        log("arena: upstream's C did not build:\n" + c_art.error)
        return 1
    ar = Arena(a, c_art)
    names = [b.name for b in runnable]
    ctl = control_name(runnable, entries)
    cells = []
    try:
        for i, b in enumerate(runnable):
            log(f"[{i + 1}/{len(runnable)}] {b.name} ({', '.join(sorted(b.rows))}) ...")
            cells.append(ar.cell(b, entries[b.name], b.name == ctl))
            line = describe(cells[-1])
            log("    " + line)
    except guards.GuardError as e:
        log(f"abort: {e}")
        output.write_abort(a.out, str(e))
        return guards.EXIT_GUARD
    ok, verdict = control_verdict(cells)
    log(verdict)
    doc = {"date": started.isoformat(timespec="seconds"),
           "duration_s": (datetime.datetime.now().astimezone() - started).total_seconds(),
           "command": ["bench/apps/run_apps.py"] + list(argv),
           "host": {"cpus": os.cpu_count(), "cpu": cpu_model(), "machine": platform.machine(),
                    "kernel": platform.release(), "loadavg_start": load0, "loadavg_end": os.getloadavg()},
           "protocol": {"rounds": ar.rounds, "warmup": ar.warmup, "copies": ar.copies, "quick": a.quick,
                        "backend": a.backend, "size": a.size, "control_scale": CONTROL_SCALE},
           "checkout": {"path": a.arena, "main_sha256": c_art.main_sha256, "git": git_describe(a.arena)},
           "upstream": {"c_run": c_art.note, "build": c_art.commands[-1], "shim": c_art.commands[0],
                        "binary": c_art.to_json()},
           "tools": build.tool_versions(a.goose), "cells": cells, "no_peer": no_peer,
           "control_ok": ok, "verdict": verdict,
           "geomean": geomeans(cells, ok), "geomean_library": geomeans(cells, ok, use_library=True)}
    log(f"wrote {output.write_doc(a.out, doc, markdown)} and results.md")
    for c in cells:
        print(f"{c['name']}: {describe(c)}")
    for n, lib, rows in no_peer:
        print(f"{n}: no C peer ({lib} is not in Debian 12): {', '.join(rows)}")
    g = doc["geomean"]
    print(verdict)
    for key, label in pw.METRICS:
        if g[key]["geomean"]:
            print(f"geometric mean Goose/C ({label}): {g[key]['geomean']:.3f} over {g[key]['n']} benchmarks")
        else:
            print(f"geometric mean Goose/C ({label}): none ({guards.PROVED_NOTHING} or no ratios)")
    if any(c.get("error") for c in cells):
        return 4
    if not any(ok.values()):
        return guards.EXIT_CONTROL
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
