#!/usr/bin/env python3
"""run_fuzz.py — one bounded run of tests/fuzz's libFuzzer harness, as a
test: PASS when libFuzzer ends without a finding, FAIL otherwise (the
report's tail and the saved input are printed).

  run_fuzz.py --fuzzer build/tests/fuzz/clang/fuzz_frontend --root . \\
              --work build/tests/fuzz/smoke [--seconds 60] [--keep-corpus]
              [-- extra libFuzzer flags]

The seeds are every .gs under tests/golden and examples, copied into
<work>/seeds at each run (the repo holds no copy); new inputs go to
<work>/corpus, emptied first unless --keep-corpus; a crashing input is
saved as <work>/artifacts/crash-*, leak-*, timeout-* or oom-*.
Python 3 standard library only. Long runs and minimising: tests/fuzz/README.
"""
import argparse
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
TIMEOUT_S = 10          # one input taking longer is a hang
RSS_LIMIT_MB = 2048
MAX_LEN = 8192


def copy_seeds(root, dst):
    """tests/golden/**/*.gs and examples/**/*.gs -> dst, one flat name each."""
    shutil.rmtree(dst, ignore_errors=True)
    os.makedirs(dst)
    n = 0
    for top in ("tests/golden", "examples"):
        for d, dirs, names in os.walk(os.path.join(root, top)):
            dirs.sort()
            for name in sorted(names):
                if not name.endswith(".gs"):
                    continue
                rel = os.path.relpath(os.path.join(d, name), root)
                shutil.copyfile(os.path.join(d, name), os.path.join(dst, rel.replace("/", "__")))
                n += 1
    return n


def fuzzer_cmd(a, corpus, seeds, artifacts):
    return [a.fuzzer, corpus, seeds,
            f"-dict={os.path.join(HERE, 'goose.dict')}",
            f"-max_total_time={a.seconds}", f"-timeout={TIMEOUT_S}",
            f"-rss_limit_mb={RSS_LIMIT_MB}", f"-max_len={MAX_LEN}",
            "-close_fd_mask=3", "-print_final_stats=1",
            f"-artifact_prefix={artifacts}/"] + a.extra


def stats(log):
    """The stat:: lines libFuzzer prints at the end, as one line."""
    keep = ("stat::number_of_executed_units", "stat::average_exec_per_sec",
            "stat::new_units_added", "stat::peak_rss_mb")
    got = [l.split("::", 1)[1].replace(": ", "=").strip() for l in log.splitlines()
           if l.startswith(keep)]
    return ", ".join(got)


def main():
    ap = argparse.ArgumentParser(description="bounded libFuzzer run of fuzz_frontend")
    ap.add_argument("--fuzzer", required=True)
    ap.add_argument("--root", required=True, help="the repo root")
    ap.add_argument("--work", required=True, help="seeds, corpus, artifacts and log go here")
    ap.add_argument("--seconds", type=int, default=60)
    ap.add_argument("--keep-corpus", action="store_true")
    ap.add_argument("extra", nargs="*", help="more libFuzzer flags (after --)")
    a = ap.parse_args()
    if not os.path.exists(a.fuzzer):
        print(f"FAIL fuzz/smoke: no fuzzer at {a.fuzzer}")
        return 1
    seeds = os.path.join(a.work, "seeds")
    corpus = os.path.join(a.work, "corpus")
    artifacts = os.path.join(a.work, "artifacts")
    nseeds = copy_seeds(os.path.abspath(a.root), seeds)
    if not a.keep_corpus:
        shutil.rmtree(corpus, ignore_errors=True)
    shutil.rmtree(artifacts, ignore_errors=True)
    os.makedirs(corpus, exist_ok=True)
    os.makedirs(artifacts)
    cmd = fuzzer_cmd(a, corpus, seeds, artifacts)
    log_path = os.path.join(a.work, "fuzz.log")
    with open(log_path, "wb") as f:      # written as it goes: tail -f it
        p = subprocess.run(cmd, stdout=f, stderr=subprocess.STDOUT, timeout=a.seconds * 3 + 120)
    with open(log_path, "rb") as f:
        log = f.read().decode("utf-8", "replace")
    found = sorted(os.listdir(artifacts))
    if p.returncode == 0 and not found:
        print(f"PASS fuzz/smoke ({nseeds} seeds, {a.seconds} s: {stats(log)})")
        return 0
    print(f"FAIL fuzz/smoke (libFuzzer status {p.returncode})")
    print("command: " + " ".join(cmd))
    print("\n".join(log.splitlines()[-60:]))
    for name in found:
        print("saved input: " + os.path.join(artifacts, name))
    return 1


if __name__ == "__main__":
    sys.exit(main())
