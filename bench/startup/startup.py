#!/usr/bin/env python3
"""startup.py — how long it takes from source to a running program: `goose
run` (libtcc in memory) against `goose build` with tcc and clang (-O0, -O2)
followed by running the executable, and against `tcc -run` on the C that
goose emits (with the runtime's sources); on a tiny program (hello), a real
one (examples/calc.gs) and a generated 10,000-line one (gen_big.py).

What is measured, per sample of an arm (all steps of the arm in sequence):
  start  ms from spawning the arm's first command to the program's first
         statement: a program that prints `start <clock_ns()>` first says
         when it began (CLOCK_MONOTONIC, the clock read here before the
         spawn). This is "starts executing" of the startup target.
  wall   ms until the last command exited; cpu: user + sys of the children
         (wait4).
The `jit` arm runs `goose run --time`, so each of its samples also gives the
phases (parse, check, lower, emit, tcc compile, relocate, run): the front
end (parse..emit, source to C text) is compared with TinyCC's compile of
that C in the same process. `--callgrind` adds exact instruction counts of
the front end (`goose emit-c`) and of TinyCC (`tcc -c` on the emitted C).

Protocol (docs/benchmarking.md where it applies): warm-up rounds, then arms
interleaved round by round; medians; a noise floor per comparison: the
widest of the two arms' interquartile ranges and the drift (the control
arm measured at the start and the end of every round); a difference under
twice the floor is "indistinguishable". Positive control: `goose check`
must be clearly faster than `goose run` (cpu), else the instrument proved
nothing and the script exits 1. Every arm must print the same output (the
start line aside) or the script stops. All samples, tool versions, the
generated source's hash and the commands go to <out>/startup.json, the
tables to <out>/startup.md.

Usage: bench/startup/startup.py [--goose build/goose] [--quick] [--rounds N]
       [--programs hello,calc,big] [--base OTHER_GOOSE] [--callgrind]
       [--out bench/out]
--base adds an arm `jit base` running another goose binary (A/B of two
builds of the compiler). Python 3 standard library only.
Not for: run-time performance (bench/*.py).
"""
import argparse
import hashlib
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
RUNTIME = os.path.join(ROOT, "runtime")
PHASES = ["parse", "check", "lower", "emit", "tcc compile", "relocate", "run"]
FRONT_END = ["parse", "check", "lower", "emit"]
START_RE = re.compile(rb"^start (\d+)$", re.M)
PHASE_RE = re.compile(r"goose: time (.+?)\s+([\d.]+) ms")
START_TARGET_MS = 150.0


class Step:
    """One command of an arm. ok: the exit statuses that count as success."""

    def __init__(self, argv, env=None, ok=(0,)):
        self.argv, self.env, self.ok = argv, env, ok


def programs(out):
    big = os.path.join(out, "big.gs")
    subprocess.run([sys.executable, os.path.join(HERE, "gen_big.py"), "--lines", "10000",
                    "-o", big], check=True)
    return {
        "hello": (os.path.join(HERE, "hello.gs"), []),
        "calc": (os.path.join(ROOT, "examples", "calc.gs"), ["let x = 6; x * 7"]),
        "big": (big, []),
    }


def arms_for(goose, base, src, args, tmp):
    exe = os.path.join(tmp, "prog")
    c_file = os.path.join(tmp, "prog.c")
    subprocess.run([goose, "emit-c", src, "-o", c_file], check=True, cwd=ROOT)
    rt_c = sorted(os.path.join(RUNTIME, f) for f in os.listdir(RUNTIME) if f.endswith(".c"))
    arms = {
        "check": [Step([goose, "check", src])],
        "jit": [Step([goose, "run", src, "--time", "--"] + args)],
        "jit rt-source": [Step([goose, "run", src, "--"] + args, {"GOOSE_JIT_RUNTIME": "source"})],
        "tcc -run": [Step(["tcc", "-I" + RUNTIME] + rt_c + ["-run", c_file] + args)],
        "tcc build+run": [Step([goose, "build", src, "--cc", "tcc", "-o", exe]), Step([exe] + args)],
        "clang -O0 build+run": [Step([goose, "build", src, "--cc", "clang", "-O0", "-o", exe]),
                                Step([exe] + args)],
        "clang -O2 build+run": [Step([goose, "build", src, "--cc", "clang", "-O2", "-o", exe]),
                                Step([exe] + args)],
    }
    if base:
        arms["jit base"] = [Step([base, "run", src, "--"] + args)]
    return arms


def run_step(step, tmp):
    """Runs one command from the repo root; returns (cpu ms, minor faults, stdout,
    stderr, status)."""
    out_path, err_path = os.path.join(tmp, "stdout"), os.path.join(tmp, "stderr")
    env = dict(os.environ, **step.env) if step.env else None
    with open(out_path, "wb") as out, open(err_path, "wb") as err:
        p = subprocess.Popen(step.argv, cwd=ROOT, stdout=out, stderr=err, env=env)
        _, status, ru = os.wait4(p.pid, 0)
    with open(out_path, "rb") as f:
        stdout = f.read()
    with open(err_path, "rb") as f:
        stderr = f.read().decode("utf-8", "replace")
    return ((ru.ru_utime + ru.ru_stime) * 1e3, ru.ru_minflt, stdout, stderr,
            os.waitstatus_to_exitcode(status))


def sample(name, steps, tmp):
    """One sample of an arm: dict of wall, cpu, page faults, start (or None),
    phases, output."""
    s = {"wall": 0.0, "cpu": 0.0, "faults": 0, "start": None, "phases": {}}
    t0 = time.clock_gettime_ns(time.CLOCK_MONOTONIC)
    for step in steps:
        cpu, faults, stdout, stderr, status = run_step(step, tmp)
        if status not in step.ok:
            sys.exit(f"startup.py: {name}: {' '.join(step.argv)} exited {status}\n{stderr[:2000]}")
        if status != 0:
            s["status"] = status
        s["cpu"] += cpu
        s["faults"] += faults
        for m in PHASE_RE.finditer(stderr):
            s["phases"][m.group(1)] = float(m.group(2))
        m = START_RE.search(stdout)
        if m:
            s["start"] = (int(m.group(1)) - t0) / 1e6
        s["output"] = START_RE.sub(b"start", stdout)
    s["wall"] = (time.clock_gettime_ns(time.CLOCK_MONOTONIC) - t0) / 1e6
    return s


def measure(arms, rounds, warmup, tmp):
    names = list(arms)
    samples = {n: [] for n in names}
    drift = []
    for _ in range(warmup):
        for n in names:
            sample(n, arms[n], tmp)
    for r in range(rounds):
        first = sample(names[0], arms[names[0]], tmp)["cpu"]
        for n in names:
            samples[n].append(sample(n, arms[n], tmp))
        drift.append(abs(sample(names[0], arms[names[0]], tmp)["cpu"] - first))
        print(f"  round {r + 1}/{rounds} done", file=sys.stderr)
    outputs = {n: v[0]["output"] for n, v in samples.items() if n != "check"}
    if len(set(outputs.values())) != 1:
        sys.exit("startup.py: the arms printed different output: " + ", ".join(outputs))
    for v in samples.values():
        for s in v:
            s.pop("output", None)
    return samples, drift


def iqr(xs):
    if len(xs) < 4:
        return max(xs) - min(xs)
    q = statistics.quantiles(xs, n=4)
    return q[2] - q[0]


def compare(a, b, drift_ms):
    """(floor, verdict of b against a) for two lists of samples."""
    floor = max(drift_ms, iqr(a), iqr(b))
    ma, mb = statistics.median(a), statistics.median(b)
    if abs(mb - ma) < 2 * floor:
        return floor, "indistinguishable"
    return floor, f"{mb / ma:.2f}x"


def arm_table(samples, drift_ms):
    rows = ["| arm | start ms | wall ms | cpu ms | page faults | floor (cpu) | cpu vs jit |",
            "|---|---:|---:|---:|---:|---:|---:|"]
    jit_cpu = [s["cpu"] for s in samples["jit"]]
    for n, v in samples.items():
        starts = [s["start"] for s in v if s["start"] is not None]
        start = f"{statistics.median(starts):.1f}" if len(starts) == len(v) and v else "—"
        cpu = [s["cpu"] for s in v]
        floor, verdict = compare(jit_cpu, cpu, drift_ms)
        rows.append(f"| {n} | {start} | {statistics.median([s['wall'] for s in v]):.1f} | "
                    f"{statistics.median(cpu):.1f} | {statistics.median([s['faults'] for s in v]):.0f} | "
                    f"{floor:.2f} | {'—' if n == 'jit' else verdict} |")
    return rows


def phase_table(jit):
    """The phases of `goose run --time`, and the front end against tcc."""
    if not jit[0]["phases"]:
        return [], None
    ph = {p: [s["phases"].get(p, 0.0) for s in jit] for p in PHASES}
    fe = [sum(s["phases"].get(p, 0.0) for p in FRONT_END) for s in jit]
    rows = ["| " + " | ".join(PHASES + ["front end (parse..emit)"]) + " |",
            "|" + "---:|" * (len(PHASES) + 1),
            "| " + " | ".join(f"{statistics.median(ph[p]):.2f}" for p in PHASES)
            + f" | {statistics.median(fe):.2f} |"]
    tcc = ph["tcc compile"]
    floor, verdict = compare(tcc, fe, 0.0)
    return rows, {"front_end_ms": statistics.median(fe), "tcc_compile_ms": statistics.median(tcc),
                  "floor_ms": floor, "verdict": verdict}


def report(name, samples, drift, rounds):
    drift_ms = statistics.median(drift)
    check = [s["cpu"] for s in samples["check"]]
    jit = [s["cpu"] for s in samples["jit"]]
    ctl_floor = max(drift_ms, iqr(check), iqr(jit))
    control = statistics.median(jit) - statistics.median(check) > 2 * ctl_floor
    md = [f"### {name}\n",
          f"{rounds} samples per arm; drift {drift_ms:.2f} ms cpu; control (check faster than run by "
          f"more than twice its floor {ctl_floor:.2f} ms): {'passed' if control else 'FAILED'}\n"]
    md += arm_table(samples, drift_ms)
    rows, fe = phase_table(samples["jit"])
    if rows:
        md += ["", "`goose run --time` phases (median ms):", ""] + rows
        md.append("")
        md.append(f"front end {fe['front_end_ms']:.2f} ms against tcc compile {fe['tcc_compile_ms']:.2f} ms: "
                  f"{fe['verdict']} (floor {fe['floor_ms']:.2f} ms)")
    starts = [s["start"] for s in samples["jit"] if s["start"] is not None]
    verdicts = {"control": control, "front_end": fe}
    if starts and len(starts) == rounds:
        st = statistics.median(starts)
        verdicts["jit_start_ms"] = st
        md.append(f"\n`goose run` starts executing after {st:.1f} ms (median; "
                  f"target < {START_TARGET_MS:.0f} ms: {'met' if st < START_TARGET_MS else 'NOT met'})")
    if not control:
        md.append("\n**the instrument proved nothing** (control failed)")
    return "\n".join(md) + "\n", verdicts


def callgrind(argv):
    """Instructions executed by argv under callgrind, or None."""
    if not shutil.which("valgrind"):
        return None
    with tempfile.TemporaryDirectory() as d:
        r = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={d}/cg"] + argv,
                           cwd=ROOT, capture_output=True, text=True)
        m = re.search(r"Collected : (\d+)", r.stderr) or re.search(r"refs:\s+([\d,]+)", r.stderr)
        return int(m.group(1).replace(",", "")) if m else None


def instruction_counts(goose, src, tmp):
    c_file = os.path.join(tmp, "cg.c")
    subprocess.run([goose, "emit-c", src, "-o", c_file], check=True, cwd=ROOT)
    counts = {
        "front end: goose emit-c": callgrind([goose, "emit-c", src, "-o", os.path.join(tmp, "cg2.c")]),
        "tcc -c on the emitted C": callgrind(["tcc", "-I" + RUNTIME, "-c", c_file, "-o", os.path.join(tmp, "cg.o")]),
        "goose run (whole)": callgrind([goose, "run", src]),
    }
    md = ["| process | instructions (callgrind) |", "|---|---:|"]
    md += [f"| {k} | {v:,} |" if v else f"| {k} | unavailable |" for k, v in counts.items()]
    return "\n".join(md) + "\n", counts


def versions(goose):
    out = {}
    for tool in ([goose, "--version"], ["clang", "--version"], ["tcc", "-v"]):
        try:
            out[tool[0]] = subprocess.run(tool, capture_output=True, text=True).stdout.splitlines()[0]
        except (OSError, IndexError):
            out[tool[0]] = "unavailable"
    with open(goose, "rb") as f:
        out["goose sha256"] = hashlib.sha256(f.read()).hexdigest()
    out["nproc"] = os.cpu_count()
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--goose", default=os.path.join(ROOT, "build", "goose"))
    ap.add_argument("--base", default=None, help="another goose binary: adds the arm `jit base`")
    ap.add_argument("--quick", action="store_true", help="few samples: a smoke run, not a decision")
    ap.add_argument("--rounds", type=int, default=None)
    ap.add_argument("--programs", default="hello,calc,big")
    ap.add_argument("--callgrind", action="store_true", help="instruction counts for the big program")
    ap.add_argument("--out", default=os.path.join(ROOT, "bench", "out"))
    a = ap.parse_args()
    goose = os.path.abspath(a.goose)
    base = os.path.abspath(a.base) if a.base else None
    rounds, warmup = (3, 1) if a.quick else (15, 3)
    rounds = a.rounds or rounds
    os.makedirs(a.out, exist_ok=True)
    tmp = tempfile.mkdtemp(prefix="goose-startup-")
    progs = programs(a.out)
    load = os.getloadavg()
    md = [f"{time.strftime('%Y-%m-%d %H:%M')} — {' '.join(sys.argv)}; load average at start "
          f"{load[0]:.2f} ({os.cpu_count()} cpus)\n"]
    data = {"versions": versions(goose), "programs": {}, "argv": sys.argv, "loadavg_start": load}
    ok = True
    try:
        for name in a.programs.split(","):
            src, args = progs[name]
            with open(src, "rb") as f:
                text = f.read()
            where = os.path.relpath(src, ROOT)
            where = where if not where.startswith("..") else f"{os.path.basename(src)} from gen_big.py"
            title = f"{name}: {where}, {text.count(b'%c' % 10)} lines"
            print(title, file=sys.stderr)
            arms = arms_for(goose, base, src, args, tmp)
            samples, drift = measure(arms, rounds, warmup, tmp)
            text_md, verdicts = report(title, samples, drift, rounds)
            md.append(text_md)
            data["programs"][name] = {
                "source": os.path.relpath(src, ROOT), "sha256": hashlib.sha256(text).hexdigest(),
                "commands": {n: [[*s.argv] + ([f"env {s.env}"] if s.env else []) for s in v]
                             for n, v in arms.items()},
                "samples": samples, "drift": drift, "verdicts": verdicts}
            ok = ok and verdicts["control"]
        if a.callgrind and "big" in progs:
            text_md, counts = instruction_counts(goose, progs["big"][0], tmp)
            md.append("### instructions (big)\n\n" + text_md)
            data["instructions"] = counts
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    data["loadavg_end"] = os.getloadavg()
    md.append(f"load average at the end {data['loadavg_end'][0]:.2f}\n")
    with open(os.path.join(a.out, "startup.json"), "w") as f:
        json.dump(data, f, indent=1)
    with open(os.path.join(a.out, "startup.md"), "w") as f:
        f.write("\n".join(md))
    print("\n".join(md))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
