#!/usr/bin/env python3
"""table.py OUT... : the output files of run.py, merged into one Markdown
table (a later row of a port replaces an earlier one), with the geometric
mean and the maximum of each ratio column."""
import math
import sys

head, rows = None, {}
for path in sys.argv[1:]:
    for line in open(path):
        cells = [c.strip() for c in line.strip().split("|")]
        if len(cells) < 3:
            continue
        if cells[0] == "port":
            head = cells
        else:
            rows[cells[0]] = cells
print("| " + " | ".join(head) + " |")
print("|" + "---|" * len(head))
for k in sorted(rows):
    print("| " + " | ".join(rows[k]) + " |")
gm, mx = ["geomean"], ["max"]
for i in range(1, len(head) - 1):
    vals = [float(r[i]) for r in rows.values() if i < len(r) and r[i] not in ("fail", "nan")]
    gm.append("%.3f" % math.exp(sum(math.log(v) for v in vals) / len(vals)) if vals else "-")
    mx.append("%.3f" % max(vals) if vals else "-")
print("| **" + "** | **".join(gm) + "** | |")
print("| " + " | ".join(mx) + " | |")
