"""matrix.py — the driver bench/slot_pool.py and bench/slice_pool.py share:
builds every arm of the matrix, measures cell after cell (backend x level x
workload x size) with the guards of docs/benchmarking.md, and writes
results.json, results.md and ratios.svg under --out.

Arms of a cell: builtin and library (the Goose template rendered with each
pool, built with the cell's back end and level), and the C peers glibc,
mimalloc, jemalloc and c_freelist (built by the cell's back end's C
compiler: clang -std=c11 -O2, tcc, or `tcc -run` in the jit rows).
A cell's number is the ratio library / builtin of median child CPU time.

--calls natural|boundary|inline builds the Goose arms of the clang and gcc
rows from their emitted C with the Spec's call_functions (the exercise
helper and the workload functions) left as emitted, kept out of line, or
inlined (calls.py); tcc and jit rows run natural and say so. Each cell
records the mode it ran. Every Goose arm's emitted C bytes and executable
bytes are recorded; --compile-metrics adds its compile time (goose -> C ->
binary), from interleaved compile-only runs (compile_metrics below).

Exit status: 0 done; 1 bad usage; 2 a guard stopped the run (identical
binaries); 3 the positive control was not separated ("the instrument proved
nothing"); 4 done, but some arm of some cell is in error (compile failure,
crash, checksum mismatch), each reported with its message.
Not for: the statistics themselves (stats.py) or the file formats
(output.py).
"""
import argparse
import concurrent.futures
import datetime
import itertools
import os
import platform
import sys

from . import build, calls, compile_metrics, guards, output, runner, stats, template

ARMS = ["builtin", "library", "glibc", "mimalloc", "jemalloc", "c_freelist"]
GOOSE_ARMS = ("builtin", "library")
PEERS = ("glibc", "mimalloc", "jemalloc", "c_freelist")
BACKENDS = ("clang", "tcc", "jit")
BACKENDS_ALLOWED = ("clang", "gcc", "tcc", "jit")
LEVELS = (1, 2)
CONTROL_ARM = "glibc"
EXIT_USAGE, EXIT_ERRORS = 1, 4

# (rounds, warm-ups, renamed copies) of a full run and of --quick. Under
# --quick the control cell still gets CONTROL_QUICK_ROUNDS rounds of
# CONTROL_QUICK_WORK x the quick work: a smoke run may be imprecise, but its
# control must not fail for want of samples. Under --quick the 0-round
# start-up runs happen in the first round only (every round in a full run).
FULL = (9, 2, 3)
QUICK = (3, 1, 2)
CONTROL_QUICK_ROUNDS, CONTROL_QUICK_WORK = 7, 4


class Workload:
    """n and rounds as the program takes them: full run, --quick, and the
    smaller round count callgrind runs twice (at r and 2r) so that the
    instructions per pair come from the difference, without start-up.
    n and any round count may be a dict {size: value}."""

    def __init__(self, n, rounds, quick_rounds, cg_rounds):
        self.n, self.rounds, self.quick_rounds, self.cg_rounds = n, rounds, quick_rounds, cg_rounds

    @staticmethod
    def pick(v, size):
        return v[size] if isinstance(v, dict) else v


class Spec:
    """What a matrix script declares: name, title, template and peer files
    (in bench/workloads), workloads, sizes, and macros(arm, size) -> the
    template's POOL_/ELEM_ words for arm builtin|library|stub_builtin|
    stub_library. control and pair_cell: (backend, level, workload, size)."""

    def __init__(self, **kw):
        self.name = kw["name"]
        self.title = kw["title"]
        self.template = kw["template"]
        self.peer = kw["peer"]
        self.workloads = kw["workloads"]
        self.sizes = kw["sizes"]
        self.size_label = kw.get("size_label", lambda s: f"{s} B")
        self.size_defines = kw.get("size_defines", lambda s: [])
        self.macros = kw["macros"]
        self.control = kw["control"]
        # The peer the control cell compares against the builtin: one that
        # is known to differ from it (glibc for the slot pools; the slice
        # pools' builtin came within noise of glibc once the span tree got
        # faster, so that matrix uses the C free-list pool).
        self.control_arm = kw.get("control_arm", CONTROL_ARM)
        self.notes = kw.get("notes", "")
        # The functions --calls marks (Goose names, main module): the
        # exercise helper and the workload functions it calls.
        self.call_functions = kw.get("call_functions", ["exercise"] + list(self.workloads))


def cell_name(c):
    b, l, w, s = c
    return f"{b} -O{l} {w} {s}"


def _csv(text, allowed, conv=str):
    items, bad = [], []
    for x in (t for t in text.split(",") if t):
        try:
            items.append(conv(x))
        except ValueError:
            bad.append(x)
    bad += [x for x in items if x not in allowed]
    if bad:
        raise SystemExit(f"unknown value(s) {bad}; expected some of {list(allowed)}")
    return items


def parse_args(spec, argv):
    ap = argparse.ArgumentParser(prog=f"bench/{spec.name}_pool.py", description=spec.title,
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog=__doc__.split("Exit status:")[1].split("Not for")[0].join(
                                     ["exit status:", ""]))
    ap.add_argument("--out", default=os.path.join(build.BENCH, "out", f"{spec.name}_pool"),
                    help="output folder (default: %(default)s)")
    ap.add_argument("--goose", default=None, help="goose binary (default $GOOSE, build/goose, build-lead/goose)")
    ap.add_argument("--quick", action="store_true", help="few samples and short runs: a smoke run, not a decision")
    ap.add_argument("--callgrind", action="store_true", help="add instructions per pair (valgrind --tool=callgrind)")
    ap.add_argument("--backends", default=",".join(BACKENDS), help=f"some of {','.join(BACKENDS_ALLOWED)}")
    ap.add_argument("--levels", default=",".join(map(str, LEVELS)))
    ap.add_argument("--workloads", default=",".join(spec.workloads))
    ap.add_argument("--sizes", default=",".join(map(str, spec.sizes)))
    ap.add_argument("--arms", default=",".join(ARMS), help="arms to run (the control's arms always run)")
    ap.add_argument("--peers-only", action="store_true", help="only the C arms (before the pools compile)")
    ap.add_argument("--rounds", type=int, help="measured rounds per cell (samples per arm)")
    ap.add_argument("--warmup", type=int, help="warm-up rounds per cell (at least 1)")
    ap.add_argument("--copies", type=int, help="renamed copies of each executable")
    ap.add_argument("--scale", type=float, default=1.0, help="multiply every workload's rounds")
    ap.add_argument("--timeout", type=float, default=300, help="seconds before one run is killed")
    ap.add_argument("--jobs", type=int, default=2, help="parallel builds (never parallel measurements)")
    ap.add_argument("--calls", default="natural", choices=calls.MODES,
                    help="natural: the emitted C as it is; boundary: the exercise and workload functions "
                         "kept out of line (noinline); inline: inlining requested (always_inline); clang and "
                         "gcc rows only, tcc and jit rows run natural (default: %(default)s)")
    ap.add_argument("--compile-metrics", action="store_true",
                    help="time each Goose arm's compile (goose -> C -> binary) in interleaved compile-only runs")
    ap.add_argument("--stub-pools", action="store_true",
                    help="self-test of the harness: both Goose arms use Goose-written stand-ins, "
                         "not the pools (results are labelled as such)")
    a = ap.parse_args(argv)
    a.backends = _csv(a.backends, BACKENDS_ALLOWED)
    a.levels = _csv(a.levels, LEVELS, int)
    a.workloads = _csv(a.workloads, spec.workloads)
    a.sizes = _csv(a.sizes, spec.sizes, int)
    a.arms = _csv(a.arms, ARMS)
    if a.peers_only:
        a.arms = [x for x in a.arms if x in PEERS]
    rounds, warmup, copies = QUICK if a.quick else FULL
    a.rounds = a.rounds or rounds
    a.warmup = a.warmup if a.warmup is not None else warmup
    a.copies = a.copies or copies
    return a


def find_goose(given):
    cands = [given] if given else [os.environ.get("GOOSE")] + [
        os.path.join(build.ROOT, d, "goose") for d in ("build", "build-lead")]
    for c in cands:
        if c and os.access(c, os.X_OK):
            return os.path.abspath(c)
    raise SystemExit(f"no goose binary found (tried {[c for c in cands if c]}); pass --goose")


class Run:
    """The state of one matrix run."""

    def __init__(self, spec, a):
        self.spec, self.a = spec, a
        self.goose = find_goose(a.goose) if set(a.arms) & set(GOOSE_ARMS) else find_goose_optional(a.goose)
        self.build_dir = os.path.join(os.path.abspath(a.out), "build")
        with open(os.path.join(build.WORKLOADS, spec.template)) as f:
            self.template = f.read()
        self.cells = list(itertools.product(a.backends, a.levels, a.workloads, a.sizes))
        self.control = tuple(spec.control)
        self.control_only = self.control not in self.cells
        if self.control_only:
            self.cells.append(self.control)
        self.artifacts = {}
        self.sources = {}
        self.emitted_c = {}

    def arms_of(self, c):
        arms = [x for x in ARMS if x in self.a.arms]
        if c == self.control:   # the control's arms always run (builtin only when asked for)
            arms = [x for x in ARMS if x in arms or x in (CONTROL_ARM, "c_freelist")]
        return arms

    def art_key(self, arm, c):
        b, l, _, s = c
        return (arm, b, l, s) if arm in GOOSE_ARMS else (arm, b, s)

    # ---- builds ----
    def _goose_job(self, key):
        arm, b, l, s = key
        variant = ("stub_" + arm) if self.a.stub_pools else arm
        text = template.render(self.template, self.spec.macros(variant, s))
        self.sources[f"{arm}-{s}"] = text
        src = os.path.join(self.build_dir, "src", f"{self.spec.name}_{arm}_{s}_{b}_O{l}.gs")
        out = os.path.join(self.build_dir, "bin")
        mode, _ = calls.effective(self.a.calls, b)
        if mode == "natural":
            art = build.goose_arm(self.goose, src, text, b, l, out, self.a.copies)
        else:
            fns = self.spec.call_functions
            art = build.goose_c_arm(self.goose, src, text, b, l, out, self.a.copies, tag=f"-{mode}",
                                    edit=lambda c: calls.apply(c, fns, mode, os.path.basename(src)[:-3] + ".c"))
        if art.emitted_c is not None:
            self.emitted_c[f"{arm}-{s}-O{l}"] = art.emitted_c
        return art

    def _peer_job(self, key):
        arm, b, s = key
        return build.peer_arm(arm, os.path.join(build.WORKLOADS, self.spec.peer), self.spec.size_defines(s), b,
                              os.path.join(self.build_dir, "peers"), self.a.copies)

    def build_all(self):
        keys = sorted({self.art_key(arm, c) for c in self.cells for arm in self.arms_of(c)}, key=str)
        log(f"building {len(keys)} arms ({self.a.jobs} at a time) into {self.build_dir}")
        with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, self.a.jobs)) as ex:
            futs = {k: ex.submit(self._goose_job if len(k) == 4 else self._peer_job, k) for k in keys}
            for k, f in futs.items():
                self.artifacts[k] = f.result()
        bad = [a for a in self.artifacts.values() if a.error]
        for art in bad:
            first = next((ln for ln in art.error.splitlines() if "error" in ln), art.error.splitlines()[-1])
            log(f"  build error: {art.key}: {first.strip()[:160]}")
        log(f"built {len(keys) - len(bad)} of {len(keys)}")

    # ---- one cell ----
    def cell_plan(self, c):
        """(workload rounds, measured rounds) of cell c."""
        wl, size = self.spec.workloads[c[2]], c[3]
        work = Workload.pick(wl.quick_rounds if self.a.quick else wl.rounds, size)
        rounds = self.a.rounds
        if self.a.quick and c == self.control:
            work *= CONTROL_QUICK_WORK
            rounds = max(rounds, CONTROL_QUICK_ROUNDS)
        return max(1, int(work * self.a.scale)), rounds

    def run_cell(self, c):
        b, l, w, s = c
        wl = self.spec.workloads[w]
        work, rounds = self.cell_plan(c)
        n = Workload.pick(wl.n, s)
        args = [w, str(n), str(work)]
        arms = self.arms_of(c)
        arts = {x: self.artifacts[self.art_key(x, c)] for x in arms}
        ok = {x: a for x, a in arts.items() if not a.error}
        guards.check_distinct({x: a.identity for x, a in ok.items()}, cell_name(c))
        ref = next((x for x in ("builtin", "c_freelist") if x in ok), next(iter(ok), None))
        cmds = {x: [runner.with_args(cp, args) for cp in a.copies] for x, a in ok.items()}
        base = {x: [runner.with_args(cp, [w, str(n), "0"]) for cp in a.copies] for x, a in ok.items()}
        base_rounds = 1 if self.a.quick and c != self.control else None
        cr = runner.measure_cell(cmds, ref, rounds, self.a.warmup, self.a.timeout, base=base,
                                 base_rounds=base_rounds) if ok else None
        res = analyze_cell(c, arms, arts, cr, goose_wanted=bool(set(self.a.arms) & set(GOOSE_ARMS)))
        mode, note = calls.effective(self.a.calls, b)
        res.update(args=args, rounds=rounds, control_only=self.control_only and c == self.control,
                   calls=mode, calls_note=note)
        if self.a.callgrind:
            callgrind_cell(res, ok, w, wl, s, self.a.scale)
        return res


def find_goose_optional(given):
    try:
        return find_goose(given)
    except SystemExit:
        return None


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def _arm_summary(samples):
    """Medians of an arm. ns_per_pair is net: (median CPU - median CPU of
    the no-round runs) / (pairs - their pairs); gross_ns_per_pair is not."""
    meas = [x for x in samples if x["phase"] == "measure"]
    base = [x for x in samples if x["phase"] == "base"]
    cpu = [x["cpu_s"] for x in meas]
    m, pairs = stats.median(cpu), meas[0]["pairs"]
    out = {"median_cpu_s": m, "spread_cpu_s": stats.spread(cpu),
           "median_wall_s": stats.median([x["wall_s"] for x in meas]),
           "median_maxrss_kb": stats.median([x["maxrss_kb"] for x in meas]),
           "pairs": pairs, "n_samples": len(cpu),
           "gross_ns_per_pair": m / pairs * 1e9 if pairs else None, "ns_per_pair": None}
    if base:
        mb, pb = stats.median([x["cpu_s"] for x in base]), base[0]["pairs"]
        out.update(median_base_cpu_s=mb, base_pairs=pb)
        if pairs > pb:
            out["ns_per_pair"] = (m - mb) / (pairs - pb) * 1e9
    return out


def analyze_cell(c, arms, arts, cr, goose_wanted=True):
    """Per-arm medians, checksum agreement, ratios against the reference and
    the library/builtin ratio with its floor and verdict."""
    res = {"backend": c[0], "level": c[1], "workload": c[2], "size": c[3], "ref": cr.ref if cr else None,
           "drift_pairs": cr.drift_pairs if cr else [], "arms": {}, "error": None, "ratio": None}
    errors = dict(cr.errors) if cr else {}
    for x in arms:
        a = arts[x]
        samples = cr.samples.get(x, []) if cr else []
        entry = {"identity": a.identity, "error": a.error or errors.get(x), "samples": samples}
        sums = {s["checksum"] for s in samples if s["phase"] != "base"}
        if len(sums) > 1 and not entry["error"]:
            entry["error"] = f"checksum changes from run to run: {sorted(sums)}"
        entry["checksum"] = next(iter(sums)) if len(sums) == 1 else None
        if not entry["error"] and not any(s["phase"] == "measure" for s in samples):
            entry["error"] = "no measured sample"
        if not entry["error"]:
            entry.update(_arm_summary(samples))
        res["arms"][x] = entry
    good = {x: e for x, e in res["arms"].items() if not e["error"]}
    for bad, msg in guards.check_checksums({x: e["checksum"] for x, e in good.items()}, GOOSE_ARMS):
        if bad in GOOSE_ARMS:
            res["error"] = msg
        res["arms"][bad]["error"] = msg
    d = stats.drift(res["drift_pairs"])
    res["drift_s"] = d
    ref = res["ref"]
    good = {x: e for x, e in res["arms"].items() if not e["error"]}
    if ref in good:
        refs = [s["cpu_s"] for s in good[ref]["samples"] if s["phase"] == "measure"]
        for x, e in good.items():
            if x != ref:
                e["vs_ref"] = stats.compare(refs, [s["cpu_s"] for s in e["samples"] if s["phase"] == "measure"], d)
    if "builtin" in good and "library" in good and ref == "builtin":
        res["ratio"] = good["library"]["vs_ref"]
    elif res["error"] is None and goose_wanted:
        why = [f"{x}: {res['arms'][x]['error']}" for x in GOOSE_ARMS if x in res["arms"] and res["arms"][x]["error"]]
        res["error"] = "\n".join(why) if why else ("no Goose arm in this run" if not any(
            x in res["arms"] for x in GOOSE_ARMS) else "the reference arm failed")
    return res


def callgrind_cell(res, ok, w, wl, size, scale):
    """Instructions per pair of each standing arm: two runs (r and 2r
    rounds) under callgrind, the difference divided by the extra pairs."""
    r1 = max(1, int(Workload.pick(wl.cg_rounds, size) * min(scale, 1.0)))
    n = str(Workload.pick(wl.n, size))
    for x, art in ok.items():
        e = res["arms"][x]
        if e["error"]:
            continue
        try:
            i1, p1 = runner.callgrind(runner.with_args(art.copies[0], [w, n, str(r1)]))
            i2, p2 = runner.callgrind(runner.with_args(art.copies[0], [w, n, str(2 * r1)]))
            e["callgrind"] = {"ir": [i1, i2], "pairs": [p1, p2],
                              "ir_per_pair": (i2 - i1) / (p2 - p1) if p1 is not None and p2 != p1 else None}
        except runner.RunError as err:
            e["callgrind"] = {"error": str(err)}
    b, l_ = res["arms"].get("builtin", {}), res["arms"].get("library", {})
    ib = b.get("callgrind", {}).get("ir_per_pair")
    il = l_.get("callgrind", {}).get("ir_per_pair")
    res["ir_ratio"] = il / ib if ib and il else None


def control_of(run, results):
    """The control's verdict from the control cell: the spec's control arm
    (glibc unless it says otherwise) against the builtin pool, or against
    c_freelist when the builtin is not standing (then glibc if c_freelist
    was the control arm)."""
    res = next(r for r in results if (r["backend"], r["level"], r["workload"], r["size"]) == run.control)
    ref = res["ref"]
    arms = res["arms"]
    arm = run.spec.control_arm if ref != run.spec.control_arm else CONTROL_ARM
    ctl = arms.get(arm, {})
    name = f"{cell_name(run.control)}: {arm} against {ref}"
    if ref not in ("builtin", "c_freelist") or ctl.get("error") or ref not in arms:
        ok, text = False, f"{guards.PROVED_NOTHING}: the control ({name}) did not run: {ctl.get('error') or 'no reference'}"
        return {"cell": list(run.control), "ok": ok, "text": text, "ref": ref, "arm": arm}
    refs = [s["cpu_s"] for s in arms[ref]["samples"] if s["phase"] == "measure"]
    cs = [s["cpu_s"] for s in ctl["samples"] if s["phase"] == "measure"]
    ok, text, cmp = guards.control_verdict(refs, cs, res["drift_s"], ref, arm)
    return {"cell": list(run.control), "ok": ok, "text": f"{text} [{name}]", "ref": ref, "arm": arm,
            "comparison": cmp}


def summarize(run, results, control):
    """The top-level numbers: geomean per back end and level, and the
    nanoseconds per pair of every arm of the clang -O2 lifo cell."""
    geo = {}
    for b in run.a.backends:
        for lv in run.a.levels:
            rs = [r["ratio"]["ratio"] for r in results if r["ratio"] and r["backend"] == b and r["level"] == lv
                  and not r.get("control_only")]
            geo[f"{b}-O{lv}"] = stats.geomean(rs)
    pair = next((r for r in results if (r["backend"], r["level"], r["workload"], r["size"])
                 == ("clang", 2, "lifo", run.spec.sizes[0])), None)
    pair_ns = {x: (pair["arms"][x].get("ns_per_pair") if pair and x in pair["arms"]
                   and not pair["arms"][x]["error"] else None) for x in ARMS}
    return geo, pair_ns


def describe(res):
    """One progress line: the ratio (or the error), then each arm's net
    ns/pair and its ratio of medians to the cell's reference arm."""
    if res["ratio"]:
        r = res["ratio"]
        head = f"library/builtin {r['ratio']:.3f} +-{r['band']:.3f} {r['verdict']}"
    elif res["error"]:
        head = "error: " + res["error"].strip().splitlines()[-1][:100]
    else:
        head = "no library/builtin ratio"
    parts = []
    for x, e in res["arms"].items():
        if e["error"]:
            parts.append(f"{x} ERROR")
            continue
        ns = f"{e['ns_per_pair']:.1f}" if e["ns_per_pair"] is not None else "?"
        vs = f" (x{e['vs_ref']['ratio']:.2f})" if "vs_ref" in e else " (ref)"
        parts.append(f"{x} {ns}{vs}")
    return f"{head}\n      net ns/pair: " + ", ".join(parts)


def main(spec, argv=None):
    a = parse_args(spec, argv)
    run = Run(spec, a)
    os.makedirs(a.out, exist_ok=True)
    started = datetime.datetime.now().astimezone()
    load_start = os.getloadavg()
    if load_start[0] > (os.cpu_count() or 1):
        log(f"warning: load average {load_start[0]:.1f} on {os.cpu_count()} CPUs: other work shares the machine, "
            "expect wide noise floors (the control will say whether anything could be told apart)")
    log(f"{spec.title}: {len(run.cells)} cells, {a.rounds} rounds, {a.warmup} warm-ups, {a.copies} copies"
        + (" (quick)" if a.quick else "") + (" (STUB POOLS: a self-test)" if a.stub_pools else ""))
    run.build_all()
    results = []
    try:
        for i, c in enumerate(run.cells):
            el = (datetime.datetime.now().astimezone() - started).total_seconds()
            log(f"[{i + 1}/{len(run.cells)}] {cell_name(c)}{' (control)' if c == run.control else ''}"
                f" ... ({el:.0f} s, {len(run.cells) - i - 1} after this)")
            res = run.run_cell(c)
            results.append(res)
            log(f"    {describe(res)}")
    except guards.GuardError as e:
        log(f"abort: {e}")
        output.write_abort(a.out, str(e))
        return guards.EXIT_GUARD
    control = control_of(run, results)
    log(control["text"])
    geo, pair_ns = summarize(run, results, control)
    comp = compile_metrics.collect(run.artifacts, GOOSE_ARMS, (run.control[0], run.control[1], run.control[3]),
                                   lambda b: calls.effective(a.calls, b)[0], a.compile_metrics, rounds=a.rounds,
                                   warmup=max(a.warmup, 1), timeout=a.timeout, log=log)
    if comp["control"]:
        log("compile metrics: " + comp["control"]["text"])
    doc = {
        "matrix": spec.name, "title": spec.title, "stub_pools": a.stub_pools, "calls": a.calls,
        "call_functions": spec.call_functions,
        "date": started.isoformat(timespec="seconds"),
        "duration_s": (datetime.datetime.now().astimezone() - started).total_seconds(),
        "command": [os.path.relpath(sys.argv[0], build.ROOT)] + (argv if argv is not None else sys.argv[1:]),
        "host": {"machine": platform.machine(), "node": platform.node(), "cpus": os.cpu_count(),
                 "loadavg_start": load_start, "loadavg_end": os.getloadavg(),
                 "python": platform.python_version(), "kernel": platform.release()},
        "protocol": {"rounds": a.rounds, "warmup": max(a.warmup, 1), "copies": a.copies, "quick": a.quick,
                     "scale": a.scale, "metric": "child user+sys CPU seconds from os.wait4",
                     "spread": "interquartile range (>= 4 samples), else range",
                     "floor": "max(A/B/A drift of the reference arm, widest spread of the two arms compared)",
                     "indistinguishable": "|median difference| < 2 x floor"},
        "tools": build.tool_versions(run.goose) if run.goose else build.tool_versions("goose"),
        "flags": {"goose": "goose build <src> -o <exe> -O<level> --cc clang|tcc; goose run -O<level> <src> --",
                  "goose_c_flags": "clang/gcc get -std=c11 -O2 at -O1 and -O2 (driver/cc.c); tcc gets none",
                  "calls": (f"--calls {a.calls}: goose emit-c, calls.apply(C, {spec.call_functions}), then "
                            "<cc> -std=c11 -O2 -I <runtime> prog.c <runtime objects> -lm -pthread"
                            if a.calls != "natural" else "natural: goose build as above"),
                  "peers": {"clang": ["clang"] + build.PEER_CFLAGS, "gcc": ["gcc"] + build.PEER_CFLAGS,
                            "tcc": ["tcc"], "jit": ["tcc", "-run"]}},
        "sources": {"template": run.template, "rendered": run.sources,
                    "peer": open(os.path.join(build.WORKLOADS, spec.peer)).read(),
                    "peer_alloc.h": open(os.path.join(build.WORKLOADS, "peer_alloc.h")).read()},
        "emitted_c": run.emitted_c,
        "binaries": {"/".join(map(str, k)): art.to_json() for k, art in sorted(run.artifacts.items(), key=str)},
        "cells": results,
        "control": control, "verdict": control["text"],
        "geomean": geo, "pair_ns": pair_ns, "compile": comp,
    }
    output.write_all(a.out, doc, spec)
    log(f"wrote {os.path.join(a.out, 'results.json')}, results.md, ratios.svg")
    if not control["ok"] or (comp["control"] and not comp["control"]["ok"]):
        log(guards.PROVED_NOTHING)
        return guards.EXIT_CONTROL
    errs = [r for r in results if r["error"] or any(e["error"] for e in r["arms"].values())]
    if errs:
        log(f"{len(errs)} of {len(results)} cells have an arm in error (see results.md)")
        return EXIT_ERRORS
    return 0
