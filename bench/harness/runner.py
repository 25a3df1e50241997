"""runner.py — runs the arms of one cell the way docs/benchmarking.md says:
warm-ups first, then rounds of A B C ... A (the reference arm again at the
end, for the drift), every arm from one of several renamed copies (copy =
round mod copies, so code and stack placement do not favour one arm), the
order of the other arms rotated each round. Each run's CPU time is the
child's user + sys from os.wait4's rusage; wall time, peak RSS (ru_maxrss,
KiB) and the minor page faults (ru_minflt: pages the kernel had to supply,
a count that does not depend on the machine's load) too.
Every run, warm-ups included, is kept as a sample. Optionally each arm is
also run with no rounds right after its measured run (phase base): the
start-up and set-up cost, subtracted for the net nanoseconds per pair.

A program's stdout must contain `checksum <u64> pairs <n>`. A run that
exits non-zero or prints no checksum puts its arm in error (the message is
kept) and the arm is not run again in that cell.

callgrind(): instructions of one run under valgrind --tool=callgrind, which
repeat exactly from run to run.
Not for: statistics (stats.py) or building (build.py).
"""
import os
import re
import signal
import subprocess
import tempfile
import threading
import time

OUT_RE = re.compile(r"checksum\s+(\d+)\s+pairs\s+(\d+)")
COLLECTED_RE = re.compile(r"Collected\s*:\s*(\d+)")


class RunError(Exception):
    pass


def _tail(text, lines=8):
    return "\n".join(text.strip().splitlines()[-lines:])


def split_cmd(cmd):
    """A command is an argv list, or (argv, {VAR: value}) to add to the
    environment. Returns (argv, full environment or None)."""
    if isinstance(cmd, tuple):
        argv, extra = cmd
        env = dict(os.environ)
        env.update(extra)
        return list(argv), env
    return list(cmd), None


def run_raw(argv, env=None, timeout=300):
    """Runs argv once with stdin empty; returns (status, stdout, stderr,
    cpu_s, wall_s, maxrss_kb), status -9 when killed after timeout seconds;
    raises RunError when it cannot start."""
    status, out, err, ru = run_rusage(argv, env, timeout)
    return status, out, err, ru["cpu_s"], ru["wall_s"], ru["maxrss_kb"]


def run_rusage(argv, env=None, timeout=300):
    """run_raw with the child's resource use as a dict: (status, stdout,
    stderr, {cpu_s, wall_s, maxrss_kb, minflt, majflt})."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        t0 = time.perf_counter()
        try:
            p = subprocess.Popen(argv, stdout=out, stderr=err, stdin=subprocess.DEVNULL, env=env)
        except OSError as e:
            raise RunError(f"cannot run {argv[0]}: {e}") from e
        timer = threading.Timer(timeout, lambda: os.kill(p.pid, signal.SIGKILL))
        timer.start()
        try:
            _, status, ru = os.wait4(p.pid, 0)
        finally:
            timer.cancel()
        wall = time.perf_counter() - t0
        out.seek(0)
        err.seek(0)
        return (os.waitstatus_to_exitcode(status), out.read().decode(errors="replace"),
                err.read().decode(errors="replace"),
                {"cpu_s": ru.ru_utime + ru.ru_stime, "wall_s": wall, "maxrss_kb": ru.ru_maxrss,
                 "minflt": ru.ru_minflt, "majflt": ru.ru_majflt})


def run_once(cmd, timeout=300):
    """Runs cmd once (see split_cmd); returns a sample dict (cpu_s, wall_s,
    maxrss_kb, minflt, status, checksum, pairs) or raises RunError with the
    program's message."""
    argv, env = split_cmd(cmd)
    status, stdout, stderr, ru = run_rusage(argv, env, timeout)
    if status != 0:
        why = f"killed after {timeout} s" if status == -signal.SIGKILL else f"exit status {status}"
        raise RunError(f"{' '.join(argv)}: {why}\n{_tail(stderr or stdout)}")
    m = OUT_RE.search(stdout)
    if not m:
        raise RunError(f"{' '.join(argv)}: no 'checksum N pairs N' in the output\n{_tail(stdout)}")
    return {"cpu_s": ru["cpu_s"], "wall_s": ru["wall_s"], "maxrss_kb": ru["maxrss_kb"], "minflt": ru["minflt"],
            "status": status, "checksum": m.group(1), "pairs": int(m.group(2))}


class CellRun:
    """The samples of one cell: per arm a list of sample dicts (each with
    phase warmup|measure|drift, round, copy), drift pairs, and errors."""

    def __init__(self, arms):
        self.samples = {a: [] for a in arms}
        self.drift_pairs = []
        self.errors = {}

    def measured(self, arm, key="cpu_s"):
        return [s[key] for s in self.samples[arm] if s["phase"] == "measure"]


def _run_arm(cell, arm, argv, phase, rnd, copy, timeout, run_fn):
    if arm in cell.errors:
        return None
    try:
        s = run_fn(argv, timeout)
    except RunError as e:
        cell.errors[arm] = str(e)
        return None
    s.update(phase=phase, round=rnd, copy=copy)
    cell.samples[arm].append(s)
    return s


def measure_cell(arms, ref, rounds, warmup, timeout=300, run_fn=None, base=None, base_rounds=None):
    """arms: {name: [command of copy 0, command of copy 1, ...]}; ref: the
    arm measured at both ends of every round (when it fails in the
    warm-ups, the first arm still standing takes its place: cell.ref).
    base: {name: [commands]} of the same copies doing no rounds (start-up
    and set-up only); each is run right after its arm's measured run, as
    phase 'base', in the first base_rounds rounds (default: all).
    run_fn(command, timeout) -> sample (default run_once;
    the unit tests pass synthetic ones). Returns a CellRun."""
    run_fn = run_fn or run_once
    names = list(arms)
    cell = CellRun(names)
    for w in range(max(warmup, 1)):
        for a in names:
            c = w % len(arms[a])
            _run_arm(cell, a, arms[a][c], "warmup", w, c, timeout, run_fn)
    standing = [a for a in names if a not in cell.errors]
    cell.ref = ref if ref in standing else (standing[0] if standing else None)
    others = [a for a in standing if a != cell.ref]
    for r in range(rounds if cell.ref else 0):
        k = r % len(others) if others else 0
        order = others[k:] + others[:k]
        c = r % len(arms[cell.ref])
        start = _run_arm(cell, cell.ref, arms[cell.ref][c], "measure", r, c, timeout, run_fn)
        for a in [cell.ref] + order:
            ca = r % len(arms[a])
            if a != cell.ref:
                _run_arm(cell, a, arms[a][ca], "measure", r, ca, timeout, run_fn)
            if base and a in base and (base_rounds is None or r < base_rounds):
                _run_arm(cell, a, base[a][ca], "base", r, ca, timeout, run_fn)
        end = _run_arm(cell, cell.ref, arms[cell.ref][c], "drift", r, c, timeout, run_fn)
        if start is not None and end is not None:
            cell.drift_pairs.append((start["cpu_s"], end["cpu_s"]))
    return cell


def callgrind(cmd, timeout=1800):
    """Instructions executed by one run of cmd under callgrind (the whole
    process) and the pairs it reports. Raises RunError when valgrind or the
    program fails."""
    argv, env = split_cmd(cmd)
    full = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"] + argv
    try:
        r = subprocess.run(full, capture_output=True, text=True, timeout=timeout, env=env)
    except (OSError, subprocess.TimeoutExpired) as e:
        raise RunError(f"callgrind of {argv[0]}: {e}") from e
    m = COLLECTED_RE.search(r.stderr)
    if r.returncode != 0 or not m:
        raise RunError(f"callgrind of {' '.join(argv)}: status {r.returncode}\n{_tail(r.stderr)}")
    out = OUT_RE.search(r.stdout)
    return int(m.group(1)), (int(out.group(2)) if out else None)


def with_args(cmd, args):
    """cmd (see split_cmd) with args appended to its argv."""
    if isinstance(cmd, tuple):
        return (list(cmd[0]) + list(args), cmd[1])
    return list(cmd) + list(args)
