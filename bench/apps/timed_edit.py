#!/usr/bin/env python3
"""timed_edit.py — what one hand edit of a port's emitted C is worth: the
port's C as goose emits it (arm `original`) against the same C with
snippets replaced (arm `edited`, bench/harness/patch.py: each old snippet
must occur exactly once, else the edit is refused), optionally beside the C
emitted with --unsafe-no-lifetime-checks (arm `unchecked`, the lifetime
checks' share), timed side by side. A gap between Goose and C whose cause
is named in docs/langarena.md can so be shown by timing its fix.

  python3 bench/apps/timed_edit.py brainfuck_recursion \\
      --edit old1.c.txt new1.c.txt --edit old2.c.txt new2.c.txt --unchecked
  python3 bench/apps/timed_edit.py brainfuck_recursion --edit old new --quick
  python3 bench/apps/timed_edit.py sieve --edit old new --set iterations=50 --callgrind

Every arm is built the same way (bench/harness/build.py goose_c_arm:
`goose emit-c -O2`, the edit, `clang -std=c11 -O2` with the runtime's
objects), so the arms differ only in the edit. Protocol (bench/harness):
renamed copies, a warm-up round, interleaved rounds original, the others
rotated, original again (the A/B/A drift); medians of the timed window
(`<Name>: OK in <s>s`) and of the process CPU, each ratio against the
original with its noise band; the distinct-binary guard; every arm must
print OK for the same checksum (the LangArena JSON one at its inputs, else
the original's). Positive control: the original with 25% more iterations
(at least one more) must be told apart from the original (slower) on a
metric, or that metric's ratios are not reported. Inputs: run.json's entry,
changed by --set (--quick changes only the number of rounds). --callgrind adds each arm's
instructions (one run at the same inputs under valgrind, which repeat
exactly).

Writes results.json and results.md under --out (default
bench/out/timed_edit/<port>) and prints the table. Exit status: 0 done;
1 bad usage or an edit refused; 2 identical binaries; 3 the control was
not separated on any metric; 4 an arm failed. Python 3 standard library
only. Not for: ports' Goose/C ratios (c_ratio.py).
"""
import argparse
import datetime
import os
import platform
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
BENCH = os.path.dirname(HERE)
sys.path.insert(0, BENCH)
from harness import build, guards, matrix, output, patch, runner, stats  # noqa: E402
import pool_workloads as pw  # noqa: E402  (LangArena inputs, checksums, run functions)

CONTROL_SCALE = 1.25
PLAN = {"full": (7, 1, 3), "quick": (3, 1, 2)}   # rounds, warm-ups, renamed copies
EXIT_USAGE, EXIT_ERRORS = 1, 4


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def parse_args(argv):
    ap = argparse.ArgumentParser(prog="bench/apps/timed_edit.py", description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("port", help="a port: bench/apps/<port>.gs, or a path to a .gs with a langarena header")
    ap.add_argument("--edit", nargs=2, action="append", default=[], metavar=("OLD", "NEW"),
                    help="files holding a snippet of the emitted C and its replacement (repeatable, in order)")
    ap.add_argument("--unchecked", action="store_true",
                    help="a third arm: the C emitted with --unsafe-no-lifetime-checks (for measuring only)")
    ap.add_argument("--set", nargs="*", default=[], metavar="KEY=VALUE", help="override inputs of the entry")
    ap.add_argument("--quick", action="store_true", help="fewer rounds: a smoke run, not a decision")
    ap.add_argument("--callgrind", action="store_true", help="instructions of one run of each arm")
    ap.add_argument("--rounds", type=int)
    ap.add_argument("--goose", default=None)
    ap.add_argument("--out", default=None)
    ap.add_argument("--timeout", type=float, default=600)
    a = ap.parse_args(argv)
    if not a.edit:
        ap.error("at least one --edit OLD NEW")
    return a


def load_port(name):
    path = name if name.endswith(".gs") else os.path.join(HERE, name + ".gs")
    head = pw.read_header(path) if os.path.exists(path) else None
    if head is None:
        raise SystemExit(f"timed_edit: {path}: no such port (a .gs whose first line is `// langarena: ...`)")
    slug = os.path.basename(path)[:-3]
    return pw.Port(slug, head[0], head[1], {"goose": path})


def port_inputs(port, sets):
    """(inputs, the JSON entries they came from): run.json's, with sets."""
    entries = pw.load_json("run")
    inputs, _ = pw.inputs_for(port, {}, entries, "run.json")
    for kv in sets:
        k, _, v = kv.partition("=")
        if k not in port.inputs:
            raise SystemExit(f"timed_edit: --set {kv}: {port.slug} takes {port.inputs}")
        inputs[k] = int(v) if v.lstrip("-").isdigit() else v
    return inputs, entries


def control_inputs(inputs):
    out = dict(inputs)
    it = inputs["iterations"]
    out["iterations"] = max(round(it * CONTROL_SCALE), it + 1)
    return out


def build_arms(a, port, bdir):
    """{arm: Artifact}; SystemExit(EXIT_USAGE) when an edit is refused."""
    with open(port.paths["goose"], encoding="utf-8") as f:
        text = f.read()
    pairs = [(patch.read(o), patch.read(n)) for o, n in a.edit]
    where = f"{port.slug}.c (goose emit-c -O2)"
    src, out = os.path.join(bdir, "src", port.slug + ".gs"), os.path.join(bdir, "bin")
    plan = {"original": (None, ()), "edited": (lambda c: patch.apply_all(c, pairs, where), ())}
    if a.unchecked:
        plan["unchecked"] = (None, ("--unsafe-no-lifetime-checks",))
    arts = {}
    for arm, (edit, flags) in plan.items():
        arts[arm] = build.goose_c_arm(a.goose, src, text, "clang", 2, out, PLAN["quick" if a.quick else "full"][2],
                                      edit=edit, emit_flags=flags, tag=f"-{arm}")
        if arts[arm].error:
            log(f"timed_edit: {arm}: {arts[arm].error}")
            raise SystemExit(EXIT_USAGE if "refused" in arts[arm].error else EXIT_ERRORS)
    return arts


def measure(a, port, arts, inputs, entries):
    """Interleaved runs of every arm and the control; the result dict."""
    expected = pw.json_checksum(port, inputs, [entries])
    if expected is None:
        expected = pw.calibrate(arts["original"].copies[0], port, inputs, a.timeout)
    cin = control_inputs(inputs)
    cexp = pw.calibrate(arts["original"].copies[0], port, cin, a.timeout)
    cmds = {arm: [c + pw.argv_inputs(port, inputs) + [str(expected)] for c in art.copies]
            for arm, art in arts.items()}
    cmds["control"] = [c + pw.argv_inputs(port, cin) + [str(cexp)] for c in arts["original"].copies]
    fns = {arm: pw.make_run_fn(port.name, cs[0][-1]) for arm, cs in cmds.items()}

    def run_fn(argv, timeout):
        arm = next(x for x, cs in cmds.items() if any(argv == c for c in cs))
        return fns[arm](argv, timeout)
    rounds, warmup, _ = PLAN["quick" if a.quick else "full"]
    cell = runner.measure_cell(cmds, "original", a.rounds or rounds, warmup, a.timeout, run_fn=run_fn)
    res = {"inputs": inputs, "checksum": expected, "control_inputs": cin, "samples": cell.samples,
           "drift_pairs": cell.drift_pairs, "errors": cell.errors, "comparison": {}}
    if cell.ref == "original":
        for arm in cmds:
            if arm != "original" and arm not in cell.errors:
                try:
                    res["comparison"][arm] = pw.compare_cell(cell, "original", arm)
                except ValueError as e:   # a timed window of 0 s: inputs too small to time
                    res["errors"][arm] = f"no comparison: {e}"
        res["medians"] = {arm: {k: stats.median(pw.measured(s, k)) for k in ("timed_s", "cpu_s")}
                          for arm, s in cell.samples.items() if pw.measured(s, "cpu_s")}
    return res


def callgrind(port, arts, inputs, expected):
    out = {}
    for arm, art in arts.items():
        try:
            out[arm], _ = runner.callgrind(art.copies[0] + pw.argv_inputs(port, inputs) + [str(expected)])
        except runner.RunError as e:
            out[arm] = str(e)
    return out


def markdown(doc):
    r = doc["result"]
    ok = doc["control_ok"]
    lines = [f"# timed edit: {doc['port']}\n",
             f"- date: {doc['date']}; load average {doc['load'][0]:.1f} at the start, {doc['load_end'][0]:.1f} "
             f"at the end; {doc['host']}",
             f"- command: `{' '.join(doc['command'])}`",
             f"- inputs: {', '.join(f'{k}={str(v)[:20]}' for k, v in r['inputs'].items())}; checksum {r['checksum']}",
             f"- samples: {doc['rounds']} interleaved rounds; control: {doc['control_text']}\n",
             "| arm | C bytes | binary bytes | timed window s | / original | band | CPU s | / original | band |"
             + (" Ir | / original |" if doc.get("callgrind") else ""),
             "|---|---:|---:|---:|---:|---:|---:|---:|---:|" + ("---:|---:|" if doc.get("callgrind") else "")]
    for arm, b in doc["binaries"].items():
        m = r.get("medians", {}).get(arm, {})
        cmp = r["comparison"].get(arm, {})
        row = [arm, f"{b['c_bytes']:,}" if b.get("c_bytes") else "", f"{b['binary_bytes']:,}" if b.get("binary_bytes") else ""]
        for key in ("timed_s", "cpu_s"):
            c = cmp.get(key)
            row.append(f"{m[key]:.3f}" if key in m else "")
            row += ([f"{c['ratio']:.3f}", f"+-{c['band']:.3f} {c['verdict']}"] if c and ok[key]
                    else (["1", ""] if arm == "original" else ["—", "control not separated" if c else ""]))
        cg = doc.get("callgrind")
        if cg:
            v, v0 = cg.get(arm), cg.get("original")
            row += [f"{v:,}", f"{v / v0:.3f}"] if isinstance(v, int) and isinstance(v0, int) else [str(v)[:40], ""]
        lines.append("| " + " | ".join(row) + " |")
    lines += ["", "## The edits\n"]
    for i, (old, new) in enumerate(doc["edits"], 1):
        lines += [f"{i}. replaced (exactly once):\n", "```c", old.rstrip("\n"), "```", "with", "```c",
                  new.rstrip("\n"), "```"]
    return "\n".join(lines) + "\n"


def main(argv=None):
    a = parse_args(argv)
    a.goose = matrix.find_goose(a.goose)
    port = load_port(a.port)
    out = os.path.abspath(a.out or os.path.join(BENCH, "out", "timed_edit", port.slug))
    os.makedirs(out, exist_ok=True)
    started, load = datetime.datetime.now(datetime.timezone.utc), os.getloadavg()
    inputs, entries = port_inputs(port, a.set)
    log(f"timed_edit: {port.slug} ({port.name}), building {2 + a.unchecked} arms")
    arts = build_arms(a, port, os.path.join(out, "build"))
    try:
        guards.check_distinct({arm: art.identity for arm, art in arts.items()}, port.slug)
    except guards.GuardError as e:
        log(f"abort: {e}")
        output.write_abort(out, str(e))
        return guards.EXIT_GUARD
    log(f"timing {list(arts)} and the control at {', '.join(f'{k}={str(v)[:12]}' for k, v in inputs.items())}")
    res = measure(a, port, arts, inputs, entries)
    ctl = res["comparison"].get("control")
    if ctl:
        ok, head, parts = pw.control_metrics(ctl)
        text = f"{head}: original at iterations {res['control_inputs']['iterations']}: " + "; ".join(parts)
    else:
        ok, text = {k: False for k, _ in pw.METRICS}, f"{guards.PROVED_NOTHING}: the control did not run"
    doc = {"port": port.slug, "name": port.name, "date": started.isoformat(timespec="seconds"),
           "load": load, "load_end": os.getloadavg(),
           "host": f"{platform.node()}, {os.cpu_count()} CPUs, Linux {platform.release()}",
           "command": [os.path.relpath(sys.argv[0], build.ROOT)] + (argv if argv is not None else sys.argv[1:]),
           "tools": build.tool_versions(a.goose), "rounds": a.rounds or PLAN["quick" if a.quick else "full"][0],
           "edits": [(patch.read(o), patch.read(n)) for o, n in a.edit],
           "binaries": {arm: art.to_json() for arm, art in arts.items()},
           "emitted_c": {arm: art.emitted_c for arm, art in arts.items()},
           "result": res, "control_ok": ok, "control_text": text}
    if a.callgrind:
        log("callgrind: one run of each arm")
        doc["callgrind"] = callgrind(port, arts, inputs, res["checksum"])
    output.write_doc(out, doc, markdown)
    sys.stdout.write(markdown(doc))
    log(f"wrote {os.path.join(out, 'results.json')} and results.md")
    if not any(ok.values()):
        log(guards.PROVED_NOTHING)
        return guards.EXIT_CONTROL
    return EXIT_ERRORS if res["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
