"""compile_metrics.py — the compile-only figures of a matrix's Goose arms:
the bytes of the C each compiles, the bytes of its executable, and (when
timed) its compile time, goose -> C -> binary.

Compile time is the child CPU time (user + sys, the goose process and the
C compiler it runs) of the arm's compile steps (build.Artifact
.compile_steps) redone into a scratch file, in interleaved compile-only
runs: per (back end, level, size) rounds of builtin, library, builtin again
(the A/B/A drift), by runner.measure_cell, with the same noise band as the
run times. The positive control: in one group, `goose emit-c` alone
against the builtin arm's whole compile (the C compiler's share must be
told apart), else the compile times are not reported. The runtime's
objects are not in any arm's time (goose build caches them; goose_c_arm
compiles them once). Rows of the jit back end have no binary: `goose run`
compiles at every run (bench/startup measures it).
Not for: run times (matrix.py) or writing files (output.py).
"""
from . import guards, runner, stats

CONTROL_ARM = "emit_only"


def run_steps(steps, timeout=300):
    """Runs each argv of steps in turn; a sample of their summed resource use."""
    cpu = wall = rss = 0
    for argv in steps:
        status, out, err, ru = runner.run_rusage(argv, None, timeout)
        if status != 0:
            raise runner.RunError(f"{' '.join(argv)}: exit status {status}\n{(err or out)[-600:]}")
        cpu, wall, rss = cpu + ru["cpu_s"], wall + ru["wall_s"], max(rss, ru["maxrss_kb"])
    return {"cpu_s": cpu, "wall_s": wall, "maxrss_kb": rss, "status": 0, "checksum": "compile", "pairs": 0}


def groups_of(artifacts, goose_arms):
    """{(backend, level, size): {arm: Artifact}} of the Goose artifacts
    keyed (arm, backend, level, size)."""
    out = {}
    for k, art in artifacts.items():
        if len(k) == 4 and k[0] in goose_arms:
            out.setdefault(k[1:], {})[k[0]] = art
    return dict(sorted(out.items(), key=str))


def _arm_row(art, samples):
    row = {"c_bytes": art.c_bytes, "binary_bytes": art.binary_bytes, "error": art.error}
    cpu = [s["cpu_s"] for s in samples if s["phase"] == "measure"]
    if cpu:
        row.update(median_cpu_s=stats.median(cpu), spread_cpu_s=stats.spread(cpu), n_samples=len(cpu),
                   median_wall_s=stats.median([s["wall_s"] for s in samples if s["phase"] == "measure"]))
    return row


def measure_group(arts, rounds, warmup, timeout, control=False, run_fn=None):
    """One group's compile-only runs: {arms: {arm: row}, ratio, drift_s,
    errors, control (comparison of CONTROL_ARM when control)}."""
    ok = {a: art for a, art in arts.items() if not art.error and art.compile_steps}
    cmds = {a: [art.compile_steps] for a, art in ok.items()}
    if control and "builtin" in ok:
        cmds[CONTROL_ARM] = [[ok["builtin"].emit_step]]
    ref = "builtin" if "builtin" in cmds else next(iter(cmds), None)
    cell = runner.measure_cell(cmds, ref, rounds, warmup, timeout, run_fn=run_fn or run_steps) if cmds else None
    samples = cell.samples if cell else {}
    res = {"arms": {a: _arm_row(art, samples.get(a, [])) for a, art in arts.items()},
           "errors": dict(cell.errors) if cell else {}, "ratio": None, "control": None}
    res["drift_s"] = d = stats.drift(cell.drift_pairs) if cell else 0.0

    def cpu(a):
        return [s["cpu_s"] for s in samples.get(a, []) if s["phase"] == "measure"]
    if cell and cell.ref == "builtin" and cpu("library") and "library" not in cell.errors:
        res["ratio"] = stats.compare(cpu("builtin"), cpu("library"), d)
    if control:
        ok_, text, cmp = guards.control_verdict(cpu("builtin"), cpu(CONTROL_ARM), d,
                                                "builtin compile", "goose emit-c alone")
        res["control"] = {"ok": ok_, "text": text, "comparison": cmp}
    return res


def collect(artifacts, goose_arms, control_key, calls_of, timed, rounds=3, warmup=1, timeout=300,
            log=None, run_fn=None):
    """The compile section of results.json: a row per group (sizes always,
    times when timed) and the control's verdict (None when not timed)."""
    rows, control = [], None
    groups = groups_of(artifacts, goose_arms)
    timed_keys = [k for k in groups if k[0] != "jit"] if timed else []
    ctl_key = control_key if control_key in timed_keys else (timed_keys[0] if timed_keys else None)
    for i, (key, arts) in enumerate(groups.items()):
        b, l, s = key
        row = {"backend": b, "level": l, "size": s, "calls": calls_of(b)}
        if key in timed_keys:
            if log:
                log(f"[compile {timed_keys.index(key) + 1}/{len(timed_keys)}] {b} -O{l} {s}")
            row.update(measure_group(arts, rounds, warmup, timeout, key == ctl_key, run_fn))
            if key == ctl_key:
                control = dict(row["control"], group=list(key))
        else:
            row.update(arms={a: _arm_row(art, []) for a, art in arts.items()}, ratio=None, errors={})
        rows.append(row)
    return {"timed": bool(timed_keys), "rows": rows, "control": control}
