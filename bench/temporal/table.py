#!/usr/bin/env python3
"""table.py OUT... : output files of run.py merged into one Markdown table
by column name (a later file's value for a port and column replaces an
earlier one's), with the geometric mean and maximum of each ratio column."""
import math
import sys

cols, rows = [], {}
for path in sys.argv[1:]:
    head = None
    for line in open(path):
        cells = [c.strip() for c in line.strip().split("|")]
        if len(cells) < 3:
            continue
        if cells[0] == "port":
            head = [c for c in cells if c]  # run.py --no-time leaves an empty name
            for c in head[1:]:
                if c not in cols:
                    cols.append(c)
            continue
        r = rows.setdefault(cells[0], {})
        ir, cpu = [x.strip() for x in cells[-1].split(",")]  # the last cell: base Ir, base cpu
        r["base Ir"] = ir
        if cpu != "-":
            r["base cpu s"] = cpu
        for name, val in zip(head[1:], cells[1:-1]):
            if val not in ("", "-") and not name.startswith("base"):
                r[name] = val
cols = [c for c in cols if not c.startswith("base")]
order = [c for c in cols if c.startswith("Ir")] + [c for c in cols if c.startswith("cpu")]
order = [c for c in order if any(r.get(c, "-") != "-" for r in rows.values())]
order += ["base Ir", "base cpu s"]
print("| port | " + " | ".join(order) + " |")
print("|" + "---|" * (len(order) + 1))
for k in sorted(rows):
    print("| %s | " % k + " | ".join(rows[k].get(c, "-") for c in order) + " |")
gm, mx = [], []
for c in order[:-2]:
    vals = [float(r[c]) for r in rows.values() if r.get(c, "-") not in ("-", "fail", "nan")]
    gm.append("%.3f" % math.exp(sum(math.log(v) for v in vals) / len(vals)) if vals else "-")
    mx.append("%.3f" % max(vals) if vals else "-")
print("| **geomean** | **" + "** | **".join(gm) + "** | | |")
print("| max | " + " | ".join(mx) + " | | |")
