#!/usr/bin/env python3
"""pool_workloads.py — the applications benchmark (docs/benchmarking.md):
every LangArena port in bench/apps/ that comes in two variants,
<slug>_builtin.gs (`reusable T` / `reusable[] T`) and <slug>_library.gs
(`pool.slot_pool` / `pool.slice_pool`), builtin against library. Each port
is one cell; its numbers are the library/builtin ratio of median
  - timed window: the seconds the program prints (`<Name>: OK in <s>s`,
    the LangArena timed runs measured with clock_ns), and
  - CPU: the whole process, user + sys from os.wait4 (start-up, input
    building and warm-up runs included),
each with its noise floor and verdict (stats.py), then a whole-suite row:
the geometric mean of the per-port ratios and the ratio of the summed
medians.

  python3 bench/pool_workloads.py --quick            # smoke run, small sizes
  python3 bench/pool_workloads.py                    # full sizes (SIZES below)
  python3 bench/pool_workloads.py --only cache_simulation lzw_encode
  python3 bench/pool_workloads.py --callgrind        # + instructions (CALLGRIND sizes)
  python3 bench/pool_workloads.py --list

Protocol (bench/harness/runner.py): builds with `goose build -O2 --cc clang`
(--backend, -O), renamed copies, warm-ups, rounds of builtin, library,
builtin (the A/B/A drift). Every arm must print OK for the same expected
checksum: the JSON one when the inputs are a test.json/run.json entry's,
else the one a calibration run of the builtin reports (`ERR[actual=N, ...]`
for a deliberately wrong expectation); so the library always has to agree
with the builtin. Positive control: cache_simulation's builtin (else the
first port's) with 25% more
iterations (its own calibrated checksum; --quick: twice as many, 5 rounds), which
must be told apart from the builtin (slower); a metric whose control is not
separated reports no ratios ("the instrument proved nothing" for it), and
when neither metric separates the run exits 3.

Writes results.json (every sample, sources, emitted C, tool versions,
commands, checksums) and results.md under --out (default
bench/out/pool_workloads). Exit status: 0 done; 1 bad usage; 2 identical
binaries; 3 control not separated; 4 some arm failed (build, crash, wrong
checksum). Python 3 standard library only.
Not for: the pool micro-benchmarks (slot_pool.py, slice_pool.py) or
checking the ports' answers at the JSON sizes (bench/apps/run_apps.py).
"""
import argparse
import datetime
import glob
import json
import os
import platform
import re
import signal
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from harness import build, guards, matrix, output, runner, stats  # noqa: E402

APPS = os.path.join(HERE, "apps")
LANGARENA = os.path.join(APPS, "langarena")
HEADER = re.compile(r"^//\s*langarena:\s*(\S+)((?:\s+\w+)*)\s*$")
OK_RE = re.compile(r"^(\S+): OK in (\d+(?:\.\d+)?)s\s*$", re.M)
ERR_RE = re.compile(r"ERR\[actual=(\d+), expected=(-?\d+)\]")
VARIANTS = ("builtin", "library")
METRICS = (("timed_s", "timed window"), ("cpu_s", "CPU"))
CONTROL_SCALE = 1.25    # the control arm: the builtin with 25% more iterations
QUICK_CONTROL = (2.0, 5)  # --quick: its scale and the rounds of its cell

# Inputs per port (the JSON keys of its header), sized so that one run takes
# 0.5-3 s of CPU with clang -O2 on the project's 2-core machine (whole
# process, builtin variant, quiet machine: cache_simulation 1.55 s,
# game_of_life 1.68 s, graph_bfs 1.39 s, binarytrees_obj 1.16 s,
# graph_dfs 0.97 s, lzw_encode 0.67 s; graph_astar runs 3000 iterations
# because at 1000 its timed window is only 0.19 s of a 0.45 s run). The
# graphs are smaller than run.json's, whose 500000 vertices take 3-5 s,
# mostly building the graph. A port missing here runs at its run.json
# inputs (noted in the results).
SIZES = {
    "binarytrees_obj": {"depth": 20, "iterations": 30},                         # = run.json
    "cache_simulation": {"values": 5000, "size": 2500, "iterations": 5000},    # = run.json
    "game_of_life": {"w": 500, "h": 500, "iterations": 500},                   # = run.json
    "graph_astar": {"vertices": 200000, "jumps": 20, "jump_len": 1000, "iterations": 3000},
    "graph_bfs": {"vertices": 200000, "jumps": 20, "jump_len": 1000, "iterations": 40},
    "graph_dfs": {"vertices": 200000, "jumps": 20, "jump_len": 1000, "iterations": 15},
    "lzw_encode": {"size": 200006, "iterations": 40},                          # run.json: 85 (3.5 s)
}
# --quick: runs of about 0.1-0.3 s (long enough for the control to be
# told apart on a loaded machine). A port missing here (or in CALLGRIND)
# runs at its test.json inputs.
QUICK = {
    "binarytrees_obj": {"depth": 16, "iterations": 30},
    "cache_simulation": {"values": 5000, "size": 2500, "iterations": 600},
    "game_of_life": {"w": 200, "h": 200, "iterations": 200},
    "graph_astar": {"vertices": 50000, "jumps": 20, "jump_len": 1000, "iterations": 200},
    "graph_bfs": {"vertices": 50000, "jumps": 20, "jump_len": 1000, "iterations": 20},
    "graph_dfs": {"vertices": 50000, "jumps": 20, "jump_len": 1000, "iterations": 8},
    "lzw_encode": {"size": 200006, "iterations": 4},
}
# --callgrind: one run of each variant under valgrind at these (10-60x
# slower than native, so runs of 0.01-0.1 s).
CALLGRIND = {
    "binarytrees_obj": {"depth": 14, "iterations": 10},
    "cache_simulation": {"values": 5000, "size": 2500, "iterations": 200},
    "game_of_life": {"w": 100, "h": 100, "iterations": 100},
    "graph_astar": {"vertices": 20000, "jumps": 10, "jump_len": 100, "iterations": 100},
    "graph_bfs": {"vertices": 20000, "jumps": 10, "jump_len": 100, "iterations": 20},
    "graph_dfs": {"vertices": 20000, "jumps": 10, "jump_len": 100, "iterations": 8},
    "lzw_encode": {"size": 200006, "iterations": 2},
}
# The port whose cell carries the positive control (else the first port run).
CONTROL_PORT = "cache_simulation"
# (rounds, warm-ups, copies) of a full run and of --quick.
FULL_PLAN = (7, 1, 3)
QUICK_PLAN = (3, 1, 2)


class Port:
    """A port with both variants: slug, benchmark name, input names, and
    the two source paths."""

    def __init__(self, slug, name, inputs, paths):
        self.slug, self.name, self.inputs, self.paths = slug, name, inputs, paths


def read_header(path):
    """(name, [inputs]) from a port's first line, or None."""
    with open(path, encoding="utf-8") as f:
        m = HEADER.match(f.readline().rstrip("\n"))
    return (m.group(1), m.group(2).split()) if m else None


def find_ports(apps_dir=APPS):
    """Every slug with a _builtin and a _library file whose headers agree,
    sorted; raises SystemExit when the two headers differ."""
    ports = []
    for b in sorted(glob.glob(os.path.join(apps_dir, "*_builtin.gs"))):
        slug = os.path.basename(b)[:-len("_builtin.gs")]
        lib = os.path.join(apps_dir, slug + "_library.gs")
        hb, hl = read_header(b), (read_header(lib) if os.path.exists(lib) else None)
        if hb is None or hl is None:
            continue
        if hb != hl:
            raise SystemExit(f"{slug}: the _builtin and _library headers differ: {hb} / {hl}")
        ports.append(Port(slug, hb[0], hb[1], {"builtin": b, "library": lib}))
    return ports


def load_json(size):
    with open(os.path.join(LANGARENA, f"{size}.json"), encoding="utf-8") as f:
        return {e["name"]: e for e in json.load(f)}


def inputs_for(port, table, entries, which="run.json"):
    """(inputs dict, note): the port's row of table, else the inputs of its
    entry in entries (the JSON named `which`)."""
    if port.slug in table:
        row = dict(table[port.slug])
        missing = [k for k in port.inputs if k not in row and k != "warmup_iterations"]
        if missing:
            raise SystemExit(f"{port.slug}: sizes table lacks {missing} (header: {port.inputs})")
        return row, ""
    e = entries.get(port.name)
    if e is None:
        raise SystemExit(f"{port.slug}: no size in pool_workloads.py and no {port.name} in {which}")
    return {k: e[k] for k in port.inputs if k in e}, f"not sized in pool_workloads.py: {which} inputs"


def json_checksum(port, inputs, jsons):
    """The expected checksum when inputs are exactly a JSON entry's."""
    for entries in jsons:
        e = entries.get(port.name)
        if e and all(e.get(k) == v for k, v in inputs.items()) and \
                all(k in inputs for k in port.inputs if k in e):
            return e["checksum"]
    return None


def argv_inputs(port, inputs):
    return [str(inputs[k]) for k in port.inputs if k in inputs]


def scaled(inputs, factor):
    out = dict(inputs)
    out["iterations"] = max(1, round(inputs["iterations"] * factor))
    return out


def parse_output(name, text):
    """The timed seconds of a passing run's output, or None."""
    m = OK_RE.search(text)
    return float(m.group(2)) if m and m.group(1) == name else None


def parse_actual(text):
    """The checksum an ERR line reports, or None."""
    m = ERR_RE.search(text)
    return int(m.group(1)) if m else None


def run_app(argv, timeout):
    """Runs one port; returns (status, stdout, stderr, cpu_s, wall_s,
    maxrss_kb)."""
    return runner.run_raw(argv, None, timeout)


def make_run_fn(name, expected):
    """A runner.measure_cell run function: the run must exit 0 and print
    `<name>: OK in <s>s`; the sample carries timed_s."""
    def run_fn(argv, timeout):
        status, out, err, cpu, wall, rss = run_app(argv, timeout)
        timed = parse_output(name, out)
        if status != 0 or timed is None:
            why = f"killed after {timeout} s" if status == -signal.SIGKILL else f"exit status {status}"
            tail = "\n".join((out + err).strip().splitlines()[-6:])
            raise runner.RunError(f"{' '.join(argv)}: {why}\n{tail}")
        return {"cpu_s": cpu, "wall_s": wall, "maxrss_kb": rss, "timed_s": timed,
                "status": status, "checksum": str(expected), "pairs": 0}
    return run_fn


def calibrate(exe_cmd, port, inputs, timeout):
    """The checksum the program computes at inputs (it is told 0, reports
    ERR[actual=N, ...])."""
    status, out, err, *_ = run_app(exe_cmd + argv_inputs(port, inputs) + ["0"], timeout)
    actual = parse_actual(out)
    if actual is None:
        if parse_output(port.name, out) is not None:
            return 0
        raise runner.RunError(f"calibration of {port.slug} {inputs}: exit {status}\n{(out + err).strip()[-400:]}")
    return actual


def timed_drift(samples):
    """A/B/A drift of the timed window: the reference's measure and drift
    runs of each round."""
    by_round = {}
    for s in samples:
        if s["phase"] in ("measure", "drift"):
            by_round.setdefault(s["round"], {})[s["phase"]] = s["timed_s"]
    return stats.drift([(r["measure"], r["drift"]) for r in by_round.values() if len(r) == 2])


def measured(samples, key):
    return [s[key] for s in samples if s["phase"] == "measure"]


def compare_cell(cell, ref, other):
    """{metric: stats.compare(...)} of other against ref."""
    out = {}
    for key, _ in METRICS:
        d = stats.drift(cell.drift_pairs) if key == "cpu_s" else timed_drift(cell.samples[ref])
        out[key] = stats.compare(measured(cell.samples[ref], key), measured(cell.samples[other], key), d)
    return out


def suite_row(cells):
    """Geometric mean of the per-port ratios and ratio of summed medians,
    per metric, over the cells that have a comparison."""
    ok = [c for c in cells if c.get("comparison")]
    row = {"ports": [c["slug"] for c in ok]}
    for key, _ in METRICS:
        cmps = [c["comparison"][key] for c in ok]
        sb = sum(x["median_ref"] for x in cmps)
        sl = sum(x["median_other"] for x in cmps)
        row[key] = {"geomean": stats.geomean([x["ratio"] for x in cmps]),
                    "sum_builtin": sb, "sum_library": sl, "sum_ratio": sl / sb if sb > 0 else None}
    irs = [c["callgrind"]["ratio"] for c in cells if "ratio" in (c.get("callgrind") or {})]
    row["ir_geomean"] = stats.geomean(irs)
    return row


def log(msg):
    print(msg, file=sys.stderr, flush=True)


class Bench:
    """One run of the script (c_ratio.py's subclass swaps the size tables)."""
    SIZES, QUICK = SIZES, QUICK

    def __init__(self, a):
        self.a = a
        self.jsons = [load_json("run"), load_json("test")]
        self.table = self.QUICK if a.quick else self.SIZES
        self.rounds, self.warmup, self.copies = QUICK_PLAN if a.quick else FULL_PLAN
        self.rounds = a.rounds or self.rounds
        self.copies = a.copies or self.copies
        self.out = os.path.abspath(a.out)
        self.bdir = os.path.join(self.out, "build")

    def inputs(self, port, table):
        if table is not self.SIZES:
            return inputs_for(port, table, self.jsons[1], "test.json")
        return inputs_for(port, table, self.jsons[0])

    def build_port(self, port):
        """{variant: Artifact} built with the chosen back end and level."""
        arts = {}
        for v in VARIANTS:
            with open(port.paths[v], encoding="utf-8") as f:
                text = f.read()
            src = os.path.join(self.bdir, "src", f"{port.slug}_{v}.gs")
            arts[v] = build.goose_arm(self.a.goose, src, text, self.a.backend, self.a.opt,
                                      os.path.join(self.bdir, "bin"), self.copies)
        return arts

    def cell(self, port, with_control):
        """Measures one port; returns its result dict."""
        inputs, note = self.inputs(port, self.table)
        res = {"slug": port.slug, "name": port.name, "inputs": inputs, "note": note, "error": None,
               "control_cell": with_control}
        arts = self.build_port(port)
        res["binaries"] = {v: a.to_json() for v, a in arts.items()}
        res["sources"] = {v: a.source for v, a in arts.items()}
        res["emitted_c"] = {v: a.emitted_c for v, a in arts.items()}
        bad = [f"{v}: {a.error}" for v, a in arts.items() if a.error]
        if bad:
            res["error"] = "\n".join(bad)
            return res
        guards.check_distinct({v: a.identity for v, a in arts.items()}, port.slug)
        try:
            expected, source = self.expected(port, arts["builtin"], inputs)
            res.update(checksum=expected, checksum_source=source)
            cmds = {v: [c + argv_inputs(port, inputs) + [str(expected)] for c in a.copies]
                    for v, a in arts.items()}
            if with_control:
                cin = scaled(inputs, QUICK_CONTROL[0] if self.a.quick else CONTROL_SCALE)
                cexp = calibrate(arts["builtin"].copies[0], port, cin, self.a.timeout)
                cmds["control"] = [c + argv_inputs(port, cin) + [str(cexp)] for c in arts["builtin"].copies]
                res["control_inputs"], res["control_checksum"] = cin, cexp
        except runner.RunError as e:
            res["error"] = str(e)
            return res
        self.measure(port, res, cmds)
        if self.a.callgrind:
            res["callgrind"] = self.callgrind(port, arts)
        return res

    def expected(self, port, builtin_art, inputs):
        """(checksum, where it came from)."""
        js = json_checksum(port, inputs, self.jsons)
        if js is not None:
            return js, "langarena json"
        return calibrate(builtin_art.copies[0], port, inputs, self.a.timeout), "calibrated (builtin run)"

    def measure(self, port, res, cmds):
        """Interleaved runs; fills res with samples and comparisons."""
        fns = {}
        for arm, cs in cmds.items():
            exp = cs[0][-1]
            fns[arm] = make_run_fn(port.name, exp)

        def run_fn(argv, timeout):
            arm = next(a for a, cs in cmds.items() if any(argv == c for c in cs))
            return fns[arm](argv, timeout)
        rounds = max(self.rounds, QUICK_CONTROL[1]) if self.a.quick and "control" in cmds else self.rounds
        cell = runner.measure_cell(cmds, "builtin", rounds, self.warmup, self.a.timeout, run_fn=run_fn)
        res["samples"] = cell.samples
        res["drift_pairs"] = cell.drift_pairs
        res["arm_errors"] = cell.errors
        if cell.errors:
            res["error"] = "\n".join(f"{k}: {v}" for k, v in cell.errors.items())
        if cell.ref == "builtin" and "library" not in cell.errors:
            res["comparison"] = compare_cell(cell, "builtin", "library")
        if "control" in cmds and cell.ref == "builtin" and "control" not in cell.errors:
            res["control"] = compare_cell(cell, "builtin", "control")
        res["medians"] = {arm: {k: stats.median(measured(s, k)) for k in ("timed_s", "cpu_s", "maxrss_kb")}
                          for arm, s in cell.samples.items() if measured(s, "cpu_s")}

    def callgrind(self, port, arts):
        """Whole-process instructions of each variant at the CALLGRIND inputs."""
        inputs, _ = self.inputs(port, CALLGRIND)
        out = {"inputs": inputs}
        try:
            exp, _ = self.expected(port, arts["builtin"], inputs)
            for v, a in arts.items():
                ir, _ = runner.callgrind(a.copies[0] + argv_inputs(port, inputs) + [str(exp)])
                out[v] = ir
            out["ratio"] = out["library"] / out["builtin"]
        except runner.RunError as e:
            out["error"] = str(e)
        return out


def control_metrics(control):
    """({metric: separated}, headline, [one text per metric]) of a control
    comparison: a metric counts only when the control is told apart from the
    reference and is slower."""
    ok, parts = {}, []
    for key, label in METRICS:
        cmp = control[key]
        ok[key] = stats.separated(cmp) and cmp["ratio"] > 1
        parts.append(f"{label} {cmp['ratio']:.3f} +-{cmp['band']:.3f} {cmp['verdict']}"
                     + ("" if ok[key] else f" ({guards.PROVED_NOTHING} for the {label})"))
    head = "control separated" if all(ok.values()) else (
        "control separated for some metrics" if any(ok.values()) else
        f"{guards.PROVED_NOTHING}: the control could not be separated")
    return ok, head, parts


def control_verdict(cells, arm="builtin"):
    """({metric: separated}, text) of the positive control (the first cell
    that ran one): a metric counts only when the control is told apart from
    the reference arm (builtin here, C in c_ratio.py) and is slower."""
    c = next((c for c in cells if c.get("control_cell")), None)
    if c is None or not c.get("control"):
        why = c["error"] if c and c.get("error") else "no control ran"
        return {k: False for k, _ in METRICS}, f"{guards.PROVED_NOTHING}: the control did not run ({why})"
    ok, head, parts = control_metrics(c["control"])
    return ok, (f"{head}: {c['slug']} {arm} with iterations {c['control_inputs']['iterations']} "
                f"against {c['inputs']['iterations']}: " + "; ".join(parts))


def _fmt_cmp(cmp, control_ok=True):
    if not control_ok:
        return "— | | control not separated"
    return f"{cmp['ratio']:.3f} | +-{cmp['band']:.3f} | {cmp['verdict']}"


def _fmt_sum(m, control_ok):
    if not control_ok:
        return "—"
    return f"{m['geomean']:.3f} (sums {m['sum_ratio']:.3f})"


def markdown(doc):
    """results.md: protocol, control, one row per port and the suite row."""
    p = doc["protocol"]
    lines = [f"# pool workloads: library / builtin on the LangArena ports\n",
             f"- date: {doc['date']} ({doc['duration_s']:.0f} s); {doc['host']['cpus']} CPUs; load average "
             f"{doc['host']['loadavg_start'][0]:.1f} at the start, {doc['host']['loadavg_end'][0]:.1f} at the end",
             f"- command: `{' '.join(doc['command'])}`; build: {doc['build']}",
             f"- samples: {p['rounds']} measured runs per arm (after {p['warmup']} warm-up round), "
             f"{p['copies']} renamed copies, interleaved builtin library builtin"
             + (" (--quick: a smoke run, not a decision)" if p["quick"] else ""),
             "- metrics: timed window (the seconds the program prints) and whole-process CPU (user+sys); "
             "band = 2 noise floors / builtin median; a ratio below 1.00 means the library is faster",
             f"- control: {doc['verdict']}\n"]
    ctl = doc["control_ok"]
    if not any(ctl.values()):
        lines.append(f"**{guards.PROVED_NOTHING}**: no ratios are reported from this run.\n")
        return "\n".join(lines) + "\n" + _errors(doc)
    head = ["port", "inputs", "builtin timed s", "library timed s", "timed ratio", "band", "verdict",
            "builtin CPU s", "library CPU s", "CPU ratio", "band", "verdict"]
    cg = any(c.get("callgrind") for c in doc["cells"])
    if cg:
        head += ["Ir builtin", "Ir library", "Ir ratio"]
    rows = ["| " + " | ".join(head) + " |", "|---|---|" + "---:|" * (len(head) - 2)]
    for c in doc["cells"]:
        ins = " ".join(f"{k}={v}" for k, v in c["inputs"].items())
        if not c.get("comparison"):
            rows.append(f"| {c['slug']} | {ins} | error |" + " |" * (len(head) - 3))
            continue
        t, u = c["comparison"]["timed_s"], c["comparison"]["cpu_s"]
        row = (f"| {c['slug']} | {ins} | {t['median_ref']:.3f} | {t['median_other']:.3f} | "
               f"{_fmt_cmp(t, ctl['timed_s'])} | {u['median_ref']:.3f} | {u['median_other']:.3f} | "
               f"{_fmt_cmp(u, ctl['cpu_s'])} |")
        g = c.get("callgrind") or {}
        if cg:
            row += (f" {g['builtin']:,} | {g['library']:,} | {g['ratio']:.3f} |" if "ratio" in g else " | | |")
        rows.append(row)
    s = doc["suite"]
    if s["ports"]:
        t, u = s["timed_s"], s["cpu_s"]
        rows.append(f"| **suite** ({len(s['ports'])} ports) | geomean of ratios; sums | {t['sum_builtin']:.3f} | "
                    f"{t['sum_library']:.3f} | {_fmt_sum(t, ctl['timed_s'])} | | | "
                    f"{u['sum_builtin']:.3f} | {u['sum_library']:.3f} | {_fmt_sum(u, ctl['cpu_s'])} | | |"
                    + (f" | | {s['ir_geomean']:.3f} |" if cg and s.get("ir_geomean") else (" | | |" if cg else "")))
    notes = [f"- {c['slug']}: {c['note']}" for c in doc["cells"] if c.get("note")]
    notes += [f"- {c['slug']}: expected checksum {c.get('checksum')} ({c.get('checksum_source')})"
              for c in doc["cells"] if c.get("checksum_source")]
    if cg:
        notes.append("- Ir: valgrind --tool=callgrind, whole process, one run at the CALLGRIND inputs")
    return "\n".join(lines + rows) + "\n\n" + "\n".join(notes) + "\n\n" + _errors(doc)


def _errors(doc):
    errs = [f"- {c['slug']}:\n\n```\n{c['error'].strip()[:1500]}\n```\n" for c in doc["cells"] if c.get("error")]
    return ("## Errors\n\n" + "\n".join(errs)) if errs else ""


def parse_args(argv):
    ap = argparse.ArgumentParser(prog="bench/pool_workloads.py", description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--only", nargs="+", metavar="NAME", help="ports to run (slugs without _builtin/_library)")
    ap.add_argument("--quick", action="store_true", help="QUICK sizes and few samples: a smoke run")
    ap.add_argument("--callgrind", action="store_true", help="add instruction counts (CALLGRIND inputs)")
    ap.add_argument("--list", action="store_true", help="print the ports and their sizes, and stop")
    ap.add_argument("--out", default=os.path.join(HERE, "out", "pool_workloads"))
    ap.add_argument("--goose", default=None, help="goose binary (default $GOOSE, build/goose, build-lead/goose)")
    ap.add_argument("--backend", choices=("clang", "gcc", "tcc", "jit"), default="clang")
    ap.add_argument("-O", dest="opt", type=int, choices=(0, 1, 2), default=2)
    ap.add_argument("--rounds", type=int, help="measured runs per arm")
    ap.add_argument("--copies", type=int, help="renamed copies per executable")
    ap.add_argument("--timeout", type=float, default=300, help="seconds before one run is killed")
    return ap.parse_args(argv)


def select(ports, only):
    if not only:
        return ports
    known = {p.slug: p for p in ports}
    bad = [s for s in only if s not in known]
    if bad:
        raise SystemExit(f"pool_workloads.py: no two-variant port {bad}; known: {sorted(known)}")
    return [known[s] for s in only]


def main(argv=None):
    a = parse_args(sys.argv[1:] if argv is None else argv)
    ports = select(find_ports(), a.only)
    if a.list:
        run = load_json("run")
        for p in ports:
            full, note = inputs_for(p, SIZES, run)
            quick, _ = inputs_for(p, QUICK, load_json("test"), "test.json")
            cg, _ = inputs_for(p, CALLGRIND, load_json("test"), "test.json")
            print(p.slug, p.name, "full:", full, "quick:", quick, "callgrind:", cg, note)
        return 0
    if not ports:
        log("pool_workloads.py: no ports with both variants in bench/apps")
        return 1
    a.goose = matrix.find_goose(a.goose)
    b = Bench(a)
    os.makedirs(b.out, exist_ok=True)
    started, load0 = datetime.datetime.now().astimezone(), os.getloadavg()
    log(f"pool workloads: {len(ports)} ports, {b.rounds} rounds, {b.warmup} warm-up, {b.copies} copies"
        + (" (quick)" if a.quick else "") + f"; load average {load0[0]:.1f} on {os.cpu_count()} CPUs")
    cells = []
    ctl = next((p.slug for p in ports if p.slug == CONTROL_PORT), ports[0].slug)
    try:
        for i, p in enumerate(ports):
            log(f"[{i + 1}/{len(ports)}] {p.slug} {'(with the control) ' if p.slug == ctl else ''}...")
            cells.append(b.cell(p, p.slug == ctl))
            log("    " + _describe(cells[-1]))
    except guards.GuardError as e:
        log(f"abort: {e}")
        return guards.EXIT_GUARD
    ok, verdict = control_verdict(cells)
    log(verdict)
    doc = {"date": started.isoformat(timespec="seconds"),
           "duration_s": (datetime.datetime.now().astimezone() - started).total_seconds(),
           "command": ["bench/pool_workloads.py"] + (argv if argv is not None else sys.argv[1:]),
           "build": f"goose build -O{a.opt} --cc {a.backend}" if a.backend != "jit" else f"goose run -O{a.opt}",
           "host": {"cpus": os.cpu_count(), "machine": platform.machine(), "kernel": platform.release(),
                    "loadavg_start": load0, "loadavg_end": os.getloadavg()},
           "protocol": {"rounds": b.rounds, "warmup": b.warmup, "copies": b.copies, "quick": a.quick,
                        "control_scale": CONTROL_SCALE},
           "tools": build.tool_versions(a.goose), "cells": cells, "suite": suite_row(cells),
           "control_ok": ok, "verdict": verdict}
    log(f"wrote {output.write_doc(b.out, doc, markdown)} and results.md")
    if not any(ok.values()):
        return guards.EXIT_CONTROL
    return 4 if any(c.get("error") for c in cells) else 0


def _describe(c):
    if not c.get("comparison"):
        return "error: " + (c.get("error") or "no comparison").strip().splitlines()[-1][:120]
    t, u = c["comparison"]["timed_s"], c["comparison"]["cpu_s"]
    s = (f"library/builtin timed {t['ratio']:.3f} +-{t['band']:.3f} {t['verdict']}, "
         f"CPU {u['ratio']:.3f} +-{u['band']:.3f} {u['verdict']}")
    g = c.get("callgrind") or {}
    return s + (f", Ir {g['ratio']:.3f}" if "ratio" in g else "")


if __name__ == "__main__":
    sys.exit(main())
