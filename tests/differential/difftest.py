#!/usr/bin/env python3
"""difftest.py — differential testing of the Goose back ends on programs
from gen.py.

For each seed: generate a program, build and run it with every selected
back end (goose build --cc clang|gcc|tcc at -O0 and -O2, and goose run, the
libtcc JIT, at -O0 and -O2), and compare stdout, stderr and the exit status.
All must be identical; a compile error from goose, a crash or a timeout is
a failure too. A failing program is saved to the findings folder with every
back end's output, and one line `FAIL seed N: ...` is printed.

  difftest.py --goose build/goose --seeds 1:300 -j2 --mode rotate
  difftest.py --goose build/goose --seeds 1:20001 -j2 --mode full --reduce

--mode full      every back end for every seed (8 runs)
--mode rotate    both JIT levels and tcc, plus one clang/gcc level chosen
                 by seed (cheap; covers every back end over a seed range)
--mode light     one JIT level and one native back end, both by seed (ctest)
--reduce         shrink a failing program line by line (delta debugging)
                 while the same back ends still disagree
--gen life       programs from gen_life.py for the lifetime checks: each
                 back end must match the generator's model (stdout exactly;
                 a stop with status 101 at the model's line, with its
                 words, or no stop where the model has none), and agree
                 with the others; --kinds selects what is generated
                 (default refs), --safe-only only programs that run to the end
--sanitize       clang/gcc programs (and the runtime linked into them) with
                 AddressSanitizer and UBSan (GOOSE_CFLAGS, as
                 tests/run_golden.py --sanitize); with a goose built with
                 -DGOOSE_SANITIZE=ON, `goose run` is checked too. Any
                 sanitizer report on stderr is a failure.

The last line is `PASS differential ...` or `FAIL differential ...`
(exit status 0 or 1), with counts of programs, runtime errors and time.
Not for: generating programs (gen.py), golden tests (tests/run_golden.py).
"""
import argparse
import concurrent.futures as cf
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import gen  # noqa: E402
import gen_loops  # noqa: E402
import gen_life  # noqa: E402

GENERATORS = {'programs': gen.generate, 'loops': gen_loops.generate, 'life': gen_life.generate}

# As tests/run_golden.py --sanitize: ASan + UBSan for the clang/gcc builds,
# leak checking off while a program runs (it does not free what is live at
# exit; under `goose run` that memory would be goose's leak), and the reports
# that fail a run whatever its status (a Goose runtime error names the .gs).
SAN_CFLAGS = '-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer'
SAN_REPORT_RE = re.compile(rb'^==\d+==ERROR: \w+Sanitizer|^\S+\.[ch]:\d+:\d+: runtime error:|'
                           rb'^SUMMARY: \w+Sanitizer', re.M)
SANITIZE = False
RTERR_RE = re.compile(r'^prog\.gs:(\d+):(\d+): runtime error: (.*)$')

NATIVE = [('clang', '-O0'), ('clang', '-O2'), ('gcc', '-O0'), ('gcc', '-O2'),
          ('tcc', '-O0'), ('tcc', '-O2')]
JIT = [('run', '-O0'), ('run', '-O2')]


def configs_for(seed, mode):
    if mode == 'full':
        return JIT + NATIVE
    if mode == 'light':
        return [JIT[seed % 2], NATIVE[(seed // 2) % len(NATIVE)]]
    rot = [('clang', '-O2'), ('gcc', '-O0'), ('clang', '-O0'), ('gcc', '-O2')]
    return JIT + [('tcc', '-O2' if seed % 2 else '-O0'), rot[seed % len(rot)]]


def run_cmd(cmd, cwd, timeout, env=None):
    """(status, stdout, stderr); status 'timeout', or 'sanitizer N' when
    (--sanitize) stderr holds a sanitizer report."""
    try:
        p = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           timeout=timeout, env=dict(os.environ, **env) if env else None)
    except subprocess.TimeoutExpired:
        return 'timeout', b'', b''
    if SANITIZE and SAN_REPORT_RE.search(p.stderr):
        return 'sanitizer %s' % p.returncode, p.stdout, p.stderr
    return p.returncode, p.stdout, p.stderr


PROG_SAN_ENV = {'ASAN_OPTIONS': 'detect_leaks=0'}
# Random programs hold unused locals by construction: goose's warnings
# (docs/tools.md, Diagnostics) are about code people write, so they are off.
NO_WARNINGS = '-w'


def run_config(goose, work, src, cfg, timeout):
    """(status, stdout, stderr) of one back end, or ('compile', ...)"""
    cc, opt = cfg
    prog_env = PROG_SAN_ENV if SANITIZE else None
    if cc == 'run':
        return run_cmd([goose, 'run', src, opt, NO_WARNINGS], work, timeout, prog_env)
    exe = os.path.join(work, 'prog_%s%s' % (cc, opt))
    san = {'GOOSE_CFLAGS': SAN_CFLAGS} if SANITIZE and cc in ('clang', 'gcc') else None
    st, out, err = run_cmd([goose, 'build', src, '-o', exe, opt, NO_WARNINGS, '--cc', cc], work, timeout * 6, san)
    if st != 0:
        return 'build %s' % st, out, err
    res = run_cmd([exe], work, timeout, prog_env)
    os.unlink(exe)
    return res


def check_program(goose, text, cfgs, timeout, work):
    """{cfg: result} for one program text, written as prog.gs in work."""
    src = 'prog.gs'
    with open(os.path.join(work, src), 'w') as f:
        f.write(text)
    st, out, err = run_cmd([goose, 'check', src, NO_WARNINGS], work, timeout * 6)
    if st != 0:
        return {('check', ''): ('compile %s' % st, out, err)}
    return {cfg: run_config(goose, work, src, cfg, timeout) for cfg in cfgs}


def verdict(results):
    """None when all results agree and nothing broke; else a reason."""
    vals = list(results.values())
    if ('check', '') in results:
        return 'compile error: ' + vals[0][2].decode(errors='replace').strip().split('\n')[0]
    first = vals[0]
    for cfg, r in results.items():
        if isinstance(r[0], str) and r[0].startswith('sanitizer'):
            return '%s %s: a sanitizer report (status %s)' % (cfg[0], cfg[1], r[0].split()[1])
        if r[0] == 'timeout' or (isinstance(r[0], str) and r[0].startswith('build')):
            return '%s %s: %s' % (cfg[0], cfg[1], r[0] if r[0] == 'timeout' else
                                  r[2].decode(errors='replace').strip().split('\n')[0][:200])
        if isinstance(r[0], int) and r[0] not in (0, 101):
            return '%s %s: exit status %s' % (cfg[0], cfg[1], r[0])
    for cfg, r in results.items():
        if r != first:
            names = ' '.join('%s%s' % c for c in results)
            groups = {}
            for c, rr in results.items():
                groups.setdefault(rr, []).append('%s%s' % c)
            return 'back ends disagree: ' + ' | '.join(' '.join(g) for g in groups.values())
    return None


def model_verdict(results, exp):
    """None when every back end did what gen_life's model says (exp: an
    Expect); else a reason. Crashes, timeouts and sanitizer reports are
    left to verdict()."""
    for cfg, (st, out, err) in results.items():
        if not isinstance(st, int) or st not in (0, 101):
            continue
        name = '%s %s' % cfg
        text = err.decode(errors='replace').strip()
        first = text.split('\n')[0][:200] if text else ''
        if exp.stop is None and st != 0:
            return '%s: stops where the model runs to the end: %s' % (name, first)
        if exp.stop is not None:
            line, words = exp.stop
            m = RTERR_RE.match(first)
            if st != 101 or m is None:
                return '%s: runs on (status %s) where the model stops at line %d' % (name, st, line)
            if int(m.group(1)) != line or not all(w in m.group(3) for w in words):
                return '%s: stops with "%s" where the model stops at line %d with %s' % (
                    name, first, line, ' + '.join('"%s"' % w for w in words))
            if len(text.split('\n')) != 1:
                return '%s: more than one line on stderr' % name
        elif err:
            return '%s: stderr not empty: %s' % (name, first)
        if out != exp.stdout.encode():
            want = exp.stdout.encode().split(b'\n')
            got = out.split(b'\n')
            i = next((i for i in range(min(len(want), len(got))) if want[i] != got[i]),
                     min(len(want), len(got)))
            return '%s: stdout differs from the model at line %d: %r, expected %r' % (
                name, i + 1, got[i] if i < len(got) else b'(end)', want[i] if i < len(want) else b'(end)')
    return None


def reduce(goose, text, cfgs, timeout, work, reason_kind):
    """Line-based delta debugging: drop chunks of lines while the program
    still compiles and the failure of the same kind remains."""
    lines = text.split('\n')

    def still_fails(ls):
        res = check_program(goose, '\n'.join(ls), cfgs, timeout, work)
        v = verdict(res)
        if v is None:
            return False
        if reason_kind == 'compile error':
            return v.startswith('compile error') and v.split(':')[-1] == reason_kind_detail[0]
        return not v.startswith('compile error') and v.split(':')[0] == reason_kind

    reason_kind_detail = [None]
    if reason_kind == 'compile error':
        v = verdict(check_program(goose, text, cfgs, timeout, work))
        reason_kind_detail[0] = v.split(':')[-1] if v else None
    n = 2
    while len(lines) >= 2:
        chunk = max(1, len(lines) // n)
        removed = False
        for i in range(0, len(lines), chunk):
            cand = lines[:i] + lines[i + chunk:]
            if still_fails(cand):
                lines = cand
                n = max(n - 1, 2)
                removed = True
                break
        if not removed:
            if chunk == 1:
                break
            n = min(n * 2, len(lines))
    return '\n'.join(lines)


def one_seed(args, seed):
    cfgs = configs_for(seed, args.mode)
    exp = None
    if args.gen == 'life':
        text, exp = gen_life.generate_model(seed, args.kinds, args.safe_only)
    else:
        text = GENERATORS[args.gen](seed)
    work = tempfile.mkdtemp(prefix='goose-diff-%d-' % seed)
    try:
        results = check_program(args.goose, text, cfgs, args.timeout, work)
        v = verdict(results)
        if v is None and exp is not None:
            v = model_verdict(results, exp)
        rterr = any(r[0] == 101 for r in results.values())
        if v is None:
            return seed, None, rterr
        d = os.path.join(args.findings, 'seed-%d' % seed)
        os.makedirs(d, exist_ok=True)
        with open(os.path.join(d, 'prog.gs'), 'w') as f:
            f.write(text)
        with open(os.path.join(d, 'results.txt'), 'wb') as f:
            for cfg, r in results.items():
                f.write(('== %s %s: status %s\n' % (cfg[0], cfg[1], r[0])).encode())
                f.write(b'-- stdout\n' + r[1][-4000:] + b'\n-- stderr\n' + r[2][-4000:] + b'\n')
        if exp is not None:
            with open(os.path.join(d, 'expected.txt'), 'w') as f:
                f.write('model: %s\n-- stdout\n%s' % (exp.describe(), exp.stdout))
        if args.reduce:
            kind = 'compile error' if v.startswith('compile error') else v.split(':')[0]
            small = reduce(args.goose, text, cfgs, args.timeout, work, kind)
            with open(os.path.join(d, 'reduced.gs'), 'w') as f:
                f.write(small)
        return seed, v, rterr
    finally:
        shutil.rmtree(work, ignore_errors=True)


def parse_seeds(s):
    a, b = s.split(':')
    return range(int(a), int(b))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--goose', required=True)
    ap.add_argument('--seeds', default='1:101', help='A:B, B excluded')
    ap.add_argument('-j', type=int, default=2)
    ap.add_argument('--mode', choices=['full', 'rotate', 'light'], default='full')
    ap.add_argument('--findings', default='differential-findings')
    ap.add_argument('--timeout', type=float, default=10.0, help='seconds per run')
    ap.add_argument('--reduce', action='store_true')
    ap.add_argument('--gen', choices=sorted(GENERATORS), default='programs',
                    help='programs: gen.py; loops: gen_loops.py (worklist loops for the check passes); '
                         'life: gen_life.py (lifetime checks, against its model)')
    ap.add_argument('--kinds', default='',
                    help='--gen life: comma list of kinds (%s; default %s)'
                    % (' '.join(gen_life.KINDS_ALL), ','.join(gen_life.KINDS_DEFAULT)))
    ap.add_argument('--safe-only', action='store_true',
                    help='--gen life: only programs the model runs to the end')
    ap.add_argument('--sanitize', action='store_true',
                    help='clang/gcc programs with ASan+UBSan; any sanitizer report fails')
    ap.add_argument('--progress', type=int, default=0, help='print a line every N seeds')
    args = ap.parse_args()
    global SANITIZE
    SANITIZE = args.sanitize
    try:
        args.kinds = gen_life.parse_kinds(args.kinds)
    except ValueError as e:
        ap.error(str(e))
    args.goose = os.path.abspath(args.goose)
    args.findings = os.path.abspath(args.findings)
    seeds = parse_seeds(args.seeds)
    t0 = time.time()
    fails, nrterr, done = 0, 0, 0
    with cf.ThreadPoolExecutor(max_workers=args.j) as ex:
        futs = [ex.submit(one_seed, args, s) for s in seeds]
        for fu in cf.as_completed(futs):
            try:
                seed, v, rterr = fu.result()
            except Exception as e:  # a generator crash is a failure too
                print('FAIL differential: internal error %r' % e, flush=True)
                fails += 1
                continue
            done += 1
            nrterr += rterr
            if v is not None:
                fails += 1
                print('FAIL seed %d: %s (saved in %s/seed-%d)' % (seed, v, args.findings, seed),
                      flush=True)
            if args.progress and done % args.progress == 0:
                print('.. %d/%d programs, %d failures, %.0f s' % (done, len(seeds), fails,
                                                                   time.time() - t0), flush=True)
    dt = time.time() - t0
    what = args.gen + ' '
    if args.gen == 'life':
        what = 'life %s%s ' % (','.join(args.kinds), ' safe-only' if args.safe_only else '')
    summary = 'differential %sseeds %s (%s%s): %d programs, %d with runtime errors, %d failures, %.0f s' % (
        '' if args.gen == 'programs' else what, args.seeds, args.mode,
        ', sanitize' if args.sanitize else '', done, nrterr, fails, dt)
    print(('FAIL ' if fails else 'PASS ') + summary, flush=True)
    return 1 if fails else 0


if __name__ == '__main__':
    sys.exit(main())
