#!/usr/bin/env python3
"""check_gen.py — self-test of the differential tooling: each generator
difftest.py runs (gen.py, gen_loops.py, gen_life.py: difftest.GENERATORS) is
deterministic per seed, gives different programs for different seeds, and
gives programs `goose check` accepts; and difftest.verdict flags
disagreeing outputs, statuses, crashes, sanitizer reports and compile
errors, and difftest.model_verdict results that differ from gen_life's
model (so the differential test can fail). One PASS/FAIL line; plant_gen.py checks that
a broken generator makes it fail.

  check_gen.py --goose build/goose
Not for: running generated programs (difftest.py)."""
import argparse
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import difftest  # noqa: E402

SEEDS = range(1, 21)   # every family of gen_loops.py (seed mod 4) several times


def gen_problems(name, generate, goose):
    texts = [generate(s) for s in SEEDS]
    if texts != [generate(s) for s in SEEDS]:
        yield '%s: not deterministic per seed' % name
    if len(set(texts)) != len(texts):
        yield '%s: two seeds gave the same program' % name
    with tempfile.TemporaryDirectory(prefix='check_gen-') as d:
        for seed, text in zip(SEEDS, texts):
            src = os.path.join(d, '%s_%d.gs' % (name, seed))
            with open(src, 'w') as f:
                f.write(text)
            p = subprocess.run([goose, 'check', src], capture_output=True, text=True, timeout=60)
            if p.returncode != 0:
                first = (p.stderr.strip().splitlines() or ['status %d' % p.returncode])[0]
                yield '%s seed %d: goose check rejects it: %s' % (name, seed, first[:200])


def verdict_problems():
    ok = (0, b'checksum 1\n', b'')
    cases = [
        ({('run', '-O2'): ok, ('gcc', '-O0'): ok}, False),
        ({('run', '-O2'): ok, ('gcc', '-O0'): (0, b'checksum 2\n', b'')}, True),
        ({('run', '-O2'): (101, b'', b'p.gs:1:2: runtime error: x\n'),
          ('tcc', '-O2'): (101, b'', b'p.gs:1:3: runtime error: x\n')}, True),
        ({('run', '-O2'): (101, b'', b'e\n'), ('clang', '-O2'): (0, b'', b'e\n')}, True),
        ({('run', '-O2'): (-11, b'', b''), ('clang', '-O2'): (-11, b'', b'')}, True),
        ({('run', '-O2'): ('timeout', b'', b''), ('clang', '-O2'): ok}, True),
        ({('check', ''): ('compile 1', b'', b'p.gs:1:1: error: x\n')}, True),
    ]
    cases.append(({('run', '-O2'): ('sanitizer 1', b'', b'==1==ERROR: AddressSanitizer: x\n')}, True))
    for i, (res, bad) in enumerate(cases):
        if (difftest.verdict(res) is not None) != bad:
            yield 'verdict case %d: expected %s' % (i, 'a failure' if bad else 'agreement')
    E = difftest.gen_life.Expect
    stop = E('a\n', (7, ['moved', 'use of freed storage']))
    err = b'prog.gs:7:5: runtime error: storage moved under a live ref (use of freed storage)\n'
    mcases = [
        (E('a\nend\n', None), (0, b'a\nend\n', b''), False),
        (E('a\nend\n', None), (0, b'a\nen\n', b''), True),
        (E('a\nend\n', None), (101, b'a\n', err), True),
        (stop, (101, b'a\n', err), False),
        (stop, (101, b'a\nb\n', err), True),
        (stop, (0, b'a\n', b''), True),
        (stop, (101, b'a\n', err.replace(b':7:', b':8:')), True),
        (stop, (101, b'a\n', err.replace(b'moved', b'gone')), True),
    ]
    for i, (exp, r, bad) in enumerate(mcases):
        if (difftest.model_verdict({('run', '-O0'): r}, exp) is not None) != bad:
            yield 'model_verdict case %d: expected %s' % (i, 'a failure' if bad else 'a match')


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('--goose', required=True, help='the goose binary')
    a = ap.parse_args()
    ps = list(verdict_problems())
    for name in sorted(difftest.GENERATORS):
        ps += gen_problems(name, difftest.GENERATORS[name], a.goose)
    for p in ps:
        print('  ' + p)
    print('%s differential/gen_deterministic: generators %s, seeds %d-%d'
          % ('FAIL' if ps else 'PASS', ' '.join(sorted(difftest.GENERATORS)), SEEDS[0], SEEDS[-1]))
    return 1 if ps else 0


if __name__ == '__main__':
    sys.exit(main())
