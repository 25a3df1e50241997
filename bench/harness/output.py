"""output.py — the three files of a matrix run under --out:

  results.json  everything: samples (warm-ups and drift runs included),
                sources and emitted C, tool versions and flags, binary
                hashes, checksums, per-cell comparisons, control, geomean,
                pair_ns
  results.md    the tables (one per back end and level, each row with the
                call mode it ran), the control's verdict, the sample counts
                and each cell's noise band, the compile-only metrics; or,
                when the control failed, only that
  ratios.svg    each cell's library/builtin ratio with its noise band
                (ratios inside the band around 1.00 are indistinguishable)
Not for: deciding anything (matrix.py, stats.py).
"""
import json
import math
import os
import re

if __package__:
    from . import guards
else:  # run as a script: python3 bench/harness/output.py results.json
    import sys as _sys
    _sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    from harness import guards

PEER_COLS = ("glibc", "mimalloc", "jemalloc", "c_freelist")


def write_all(out, doc, spec):
    with open(os.path.join(out, "results.json"), "w") as f:
        json.dump(doc, f, indent=1, sort_keys=False)
        f.write("\n")
    with open(os.path.join(out, "results.md"), "w") as f:
        f.write(markdown(doc))
    with open(os.path.join(out, "ratios.svg"), "w") as f:
        f.write(svg(doc))


def write_doc(out, doc, markdown_fn):
    """results.json (doc) and results.md (markdown_fn(doc)) under out; the
    path of results.json."""
    path = os.path.join(out, "results.json")
    with open(path, "w") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")
    with open(os.path.join(out, "results.md"), "w") as f:
        f.write(markdown_fn(doc))
    return path


def write_abort(out, message):
    """A guard stopped the run: say so in results.md and results.json."""
    with open(os.path.join(out, "results.md"), "w") as f:
        f.write(f"# aborted\n\n{message}\n\nNothing was measured.\n")
    with open(os.path.join(out, "results.json"), "w") as f:
        json.dump({"aborted": message, "verdict": message}, f, indent=1)


def _ns(e):
    if not e:
        return ""
    if e.get("error"):
        return "error"
    return f"{e['ns_per_pair']:.1f}"


def _ir(e):
    cg = (e or {}).get("callgrind") or {}
    v = cg.get("ir_per_pair")
    return f"{v:.1f}" if v is not None else ("error" if cg.get("error") else "")


def cell_floor(res):
    """The cell's own floor relative to its reference median: the larger of
    the drift and the widest spread of any standing arm."""
    arms = [e for e in res["arms"].values() if not e.get("error")]
    ref = res["arms"].get(res["ref"]) if res["ref"] else None
    if not arms or not ref or ref.get("error"):
        return None
    floor = max([res["drift_s"]] + [e["spread_cpu_s"] for e in arms])
    return floor / ref["median_cpu_s"]


def _size(doc, s):
    return f"{s} B" if doc["matrix"] == "slot" else "u64"


def _table(doc, cells, callgrind):
    head = ["workload", "size", "calls", "builtin ns/pair", "library ns/pair", "library/builtin", "band (2 floors)",
            "verdict"] + [f"{p} ns/pair" for p in PEER_COLS] + ["cell floor", "ref"]
    if callgrind:
        head += ["Ir/pair builtin", "Ir/pair library", "Ir ratio", "Ir/pair " + " / ".join(PEER_COLS)]
    rows = ["| " + " | ".join(head) + " |", "|" + "---|" * 3 + "---:|" * (len(head) - 3)]
    for r in cells:
        a = r["arms"]
        if r["ratio"]:
            ratio, band, verdict = f"{r['ratio']['ratio']:.3f}", f"+-{r['ratio']['band']:.3f}", r["ratio"]["verdict"]
        else:
            ratio, band, verdict = "error" if r["error"] else "", "", ""
        cf = cell_floor(r)
        row = [r["workload"], _size(doc, r["size"]), _calls(r), _ns(a.get("builtin")), _ns(a.get("library")), ratio, band,
               verdict] + [_ns(a.get(p)) for p in PEER_COLS] + [f"{cf * 100:.1f}%" if cf is not None else "",
                                                                r["ref"] or ""]
        if callgrind:
            ir = r.get("ir_ratio")
            row += [_ir(a.get("builtin")), _ir(a.get("library")), f"{ir:.3f}" if ir else "",
                    " / ".join(_ir(a.get(p)) or "-" for p in PEER_COLS)]
        rows.append("| " + " | ".join(row) + " |")
    return "\n".join(rows) + "\n"


def _calls(r):
    """A row's call mode, with the reason when it is not the mode asked for."""
    mode = r.get("calls", "natural")
    return f"{mode} ({r['calls_note']})" if r.get("calls_note") else mode


def _ms(row, key="median_cpu_s"):
    v = row.get(key)
    return f"{v * 1e3:.0f}" if v is not None else ""


def _int(v):
    return f"{v:,}" if v is not None else ""


def compile_table(doc):
    """The compile-only metrics: per group the C bytes, executable bytes
    and (when timed) the median compile CPU of each Goose arm, and the
    library/builtin compile-time ratio with its band."""
    comp = doc.get("compile") or {}
    if not comp.get("rows"):
        return ""
    timed = comp.get("timed")
    head = ["back end", "level", "size", "calls", "builtin C bytes", "library C bytes", "builtin binary bytes",
            "library binary bytes"]
    if timed:
        head += ["builtin compile ms", "library compile ms", "library/builtin", "band", "verdict"]
    lines = ["## Compile-only metrics\n"]
    if timed:
        ctl = comp.get("control") or {}
        lines.append("Compile time: median child CPU (goose and the C compiler) of interleaved compile-only "
                     "runs (goose -> C -> binary, the runtime's objects prebuilt); control: "
                     + ctl.get("text", "none") + "\n")
        if not ctl.get("ok"):
            lines.append(f"**{guards.PROVED_NOTHING}** about compile times: only sizes are reported.\n")
            timed = False
            head = head[:8]
    lines += ["| " + " | ".join(head) + " |", "|" + "---|" * 4 + "---:|" * (len(head) - 4)]
    for r in comp["rows"]:
        b, l_ = r["arms"].get("builtin", {}), r["arms"].get("library", {})
        row = [r["backend"], f"-O{r['level']}", _size(doc, r["size"]), r.get("calls", "natural"),
               _int(b.get("c_bytes")), _int(l_.get("c_bytes")), _int(b.get("binary_bytes")),
               _int(l_.get("binary_bytes"))]
        if timed:
            cmp = r.get("ratio")
            row += [_ms(b), _ms(l_)] + ([f"{cmp['ratio']:.3f}", f"+-{cmp['band']:.3f}", cmp["verdict"]]
                                         if cmp else ["", "", "no compile time" if r["backend"] == "jit" else ""])
        lines.append("| " + " | ".join(row) + " |")
    return "\n".join(lines) + "\n"


def _group_key(msg):
    """The same compiler message from every back end and level is one entry:
    the per-build source names are folded before comparing."""
    return re.sub(r"\S*/build/src/(\w+?)_(clang|tcc|jit)_O\d\.gs", r"\1.gs", msg.strip())


def _errors(doc):
    seen, first = {}, {}
    for r in doc["cells"]:
        name = f"{r['backend']} -O{r['level']} {r['workload']} {_size(doc, r['size'])}"
        for arm, e in r["arms"].items():
            if e.get("error"):
                k = _group_key(e["error"])
                first.setdefault(k, e["error"].strip())
                seen.setdefault(k, []).append(f"{name}: {arm}")
        if r["error"] and not any(e.get("error") and e["error"].strip() in r["error"] for e in r["arms"].values()):
            k = _group_key(r["error"])
            first.setdefault(k, r["error"].strip())
            seen.setdefault(k, []).append(f"{name}: cell")
    out = []
    for k, where in seen.items():
        lines = first[k].splitlines()
        short = "\n".join(lines[:12]) + ("\n..." if len(lines) > 12 else "")
        out.append(f"- {len(where)} arm(s), first {where[0]}:\n\n```\n{short}\n```\n")
    return "\n".join(out)


def markdown(doc):
    p, t = doc["protocol"], doc["tools"]
    lines = [f"# {doc['title']}\n"]
    if doc.get("stub_pools"):
        lines.append("**STUB POOLS: a self-test of the harness. Both Goose arms are Goose-written stand-ins, "
                     "not `reusable` or `import \"pool\"`; these are not pool results.**\n")
    lines += [f"- date: {doc['date']} ({doc['duration_s']:.0f} s); host: {doc['host']['node']}, "
              f"{doc['host']['cpus']} CPUs, Linux {doc['host']['kernel']}"
              + (f"; load average {doc['host']['loadavg_start'][0]:.1f} at the start, "
                 f"{doc['host']['loadavg_end'][0]:.1f} at the end" if "loadavg_start" in doc["host"] else ""),
              f"- command: `{' '.join(doc['command'])}`",
              f"- calls: {doc.get('calls', 'natural')} (functions {', '.join(doc.get('call_functions', []))}; "
              "tcc and jit rows always natural)",
              f"- goose: {t.get('goose')} (sha256 {str(t.get('goose_sha256'))[:12]}), {t.get('clang')}, "
              f"{t.get('tcc')}; {', '.join(t.get('packages', []))}",
              f"- samples: {p['rounds']} measured runs per arm per cell (after {p['warmup']} warm-up round(s)), "
              f"{p['copies']} renamed copies per executable, interleaved; metric: {p['metric']}"
              + (" (--quick: a smoke run, not a decision)" if p["quick"] else ""),
              f"- noise floor: {p['floor']}; spread: {p['spread']}; {p['indistinguishable']} is "
              "\"indistinguishable\". The band is 2 floors / builtin median: a ratio within 1 +- band is not a "
              "result. A ratio below 1.00 means the library is faster.",
              f"- control: {doc['verdict']}\n"]
    if not doc["control"]["ok"]:
        lines.append(f"**{guards.PROVED_NOTHING}**: no ratios are reported from this run.\n")
        return "\n".join(lines)
    geo = doc["geomean"]
    levels = sorted({k.split("-O")[1] for k in geo})
    backends = list(dict.fromkeys(k.split("-O")[0] for k in geo))
    lines += ["## Geometric mean of library/builtin\n", "| back end | " + " | ".join(f"-O{l}" for l in levels) + " |",
              "|---|" + "---:|" * len(levels)]
    for b in backends:
        vals = [geo.get(f"{b}-O{l}") for l in levels]
        lines.append(f"| {b} | " + " | ".join(f"{v:.3f}" if v else "—" for v in vals) + " |")
    lines.append("")
    callgrind = any("callgrind" in e for r in doc["cells"] for e in r["arms"].values())
    groups = {}
    for r in doc["cells"]:
        key = f"{r['backend']} -O{r['level']}" + (" (control cell only)" if r.get("control_only") else "")
        groups.setdefault(key, []).append(r)
    for key, cells in groups.items():
        lines.append(f"## {key}\n")
        lines.append(_table(doc, cells, callgrind))
    pn = doc["pair_ns"]
    lines.append("## ns per alloc+free pair, clang -O2 lifo\n")
    lines.append(" | ".join(f"{k} {v:.1f}" if v is not None else f"{k} —" for k, v in pn.items()) + "\n")
    ct = compile_table(doc)
    if ct:
        lines.append(ct)
    err = _errors(doc)
    if err:
        lines += ["## Errors\n", err]
    return "\n".join(lines)


def _x(v, lo, hi, x0, w):
    return x0 + (math.log(v) - math.log(lo)) / (math.log(hi) - math.log(lo)) * w


def svg(doc):
    """Horizontal dot plot on a log axis: one row per cell (and the
    control), a bar for ratio +- band, grey when indistinguishable."""
    rows = []
    ctl = doc["control"].get("comparison")
    if ctl:
        rows.append((f"control: {doc['control']['arm']}/{doc['control']['ref']}", ctl["ratio"], ctl["band"],
                     "separated" if doc["control"]["ok"] else "indistinguishable"))
    for r in doc["cells"]:
        label = f"{r['backend']} -O{r['level']} {r['workload']} {_size(doc, r['size'])}"
        if r["ratio"] and doc["control"]["ok"]:
            rows.append((label, r["ratio"]["ratio"], r["ratio"]["band"], r["ratio"]["verdict"]))
        else:
            rows.append((label, None, None, "error" if r["error"] else "no ratio"))
    # The axis spans the ratios (0.5 .. 2 at least, 0.2 .. 5 at most); a
    # band reaching past it is cut at the edge, a ratio past it sits there.
    vals = [v for _, v, b, _ in rows if v]
    lo, hi = max(0.2, min([0.5] + vals) / 1.1), min(5.0, max([2.0] + vals) * 1.1)
    x0, w, rh, top = 230, 520, 18, 50
    height = top + rh * len(rows) + 40
    colour = {"faster": "#1a7f37", "slower": "#cf222e", "indistinguishable": "#6e7781", "separated": "#0969da"}
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{x0 + w + 40}" height="{height}" '
           'font-family="sans-serif" font-size="11">',
           f'<text x="10" y="20" font-size="14">{_esc(doc["title"])}: library/builtin (log scale), '
           f'bar = +- 2 noise floors</text>',
           f'<text x="10" y="36" fill="#57606a">{_esc(doc["date"])}; {doc["protocol"]["rounds"]} samples per arm'
           + ('; STUB POOLS (self-test)' if doc.get("stub_pools") else '')
           + ('' if doc["control"]["ok"] else '; ' + guards.PROVED_NOTHING) + '</text>']
    for tick in (0.25, 0.5, 0.75, 1.0, 1.25, 1.5, 2.0, 3.0, 4.0, 8.0):
        if lo <= tick <= hi:
            x = _x(tick, lo, hi, x0, w)
            stroke = "#24292f" if tick == 1.0 else "#d0d7de"
            out.append(f'<line x1="{x:.1f}" y1="{top - 6}" x2="{x:.1f}" y2="{top + rh * len(rows)}" stroke="{stroke}"/>')
            out.append(f'<text x="{x:.1f}" y="{top + rh * len(rows) + 14}" text-anchor="middle">{tick:g}</text>')
    for i, (label, v, band, verdict) in enumerate(rows):
        y = top + rh * i + rh / 2
        out.append(f'<text x="{x0 - 8}" y="{y + 4:.1f}" text-anchor="end">{_esc(label)}</text>')
        if v is None:
            out.append(f'<text x="{x0 + 4}" y="{y + 4:.1f}" fill="#cf222e">{_esc(verdict)}</text>')
            continue
        c = colour.get(verdict, "#24292f")
        a, b = _x(min(hi, max(lo, v - band)), lo, hi, x0, w), _x(max(lo, min(hi, v + band)), lo, hi, x0, w)
        out.append(f'<line x1="{a:.1f}" y1="{y:.1f}" x2="{b:.1f}" y2="{y:.1f}" stroke="{c}" stroke-width="3" '
                   'stroke-opacity="0.45"/>')
        out.append(f'<circle cx="{_x(min(max(v, lo), hi), lo, hi, x0, w):.1f}" cy="{y:.1f}" r="4" fill="{c}"><title>{v:.3f} '
                   f'+-{band:.3f} {verdict}</title></circle>')
        out.append(f'<text x="{x0 + w + 4}" y="{y + 4:.1f}">{v:.2f}</text>')
    out.append("</svg>\n")
    return "\n".join(out)


def _esc(s):
    return str(s).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def compact(doc):
    """One table of the whole matrix (docs/benchmarks.md): net ns/pair of
    every arm, the library/builtin ratio with its band, and the cell floor."""
    rows = ["| cell | builtin | library | library/builtin | " + " | ".join(PEER_COLS) + " | cell floor |",
            "|---|" + "---:|" * (4 + len(PEER_COLS))]
    for r in doc["cells"]:
        a = r["arms"]
        if r["ratio"]:
            ratio = f"{r['ratio']['ratio']:.3f} +-{r['ratio']['band']:.3f} ({r['ratio']['verdict']})"
        else:
            ratio = "error" if r["error"] else "—"
        cf = cell_floor(r)
        rows.append(f"| {r['backend']} -O{r['level']} {r['workload']} {_size(doc, r['size'])} | "
                    f"{_ns(a.get('builtin')) or '—'} | {_ns(a.get('library')) or '—'} | {ratio} | "
                    + " | ".join(_ns(a.get(p)) or "—" for p in PEER_COLS)
                    + (f" | {cf * 100:.0f}% |" if cf is not None else " | |"))
    return "\n".join(rows) + "\n"


if __name__ == "__main__":
    # python3 bench/harness/output.py results.json [--compact]: re-renders
    # results.md (and ratios.svg) beside the JSON, or prints the one-table form.
    import sys
    with open(sys.argv[1]) as f:
        _doc = json.load(f)
    if "--compact" in sys.argv:
        sys.stdout.write(compact(_doc))
    else:
        _dir = os.path.dirname(os.path.abspath(sys.argv[1]))
        with open(os.path.join(_dir, "results.md"), "w") as f:
            f.write(markdown(_doc))
        with open(os.path.join(_dir, "ratios.svg"), "w") as f:
            f.write(svg(_doc))
