#!/usr/bin/env python3
"""check_gen.py — self-test of the differential tooling: gen.py is
deterministic per seed and gives different programs for different seeds,
and difftest.verdict flags disagreeing outputs, statuses, crashes and
compile errors (so the differential test can fail). One PASS/FAIL line.
Not for: running generated programs (difftest.py)."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import difftest  # noqa: E402
import gen  # noqa: E402


def problems():
    texts = [gen.generate(s) for s in range(1, 21)]
    if texts != [gen.generate(s) for s in range(1, 21)]:
        yield 'gen.py is not deterministic per seed'
    if len(set(texts)) != len(texts):
        yield 'two seeds gave the same program'
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
    for i, (res, bad) in enumerate(cases):
        if (difftest.verdict(res) is not None) != bad:
            yield 'verdict case %d: expected %s' % (i, 'a failure' if bad else 'agreement')


def main():
    ps = list(problems())
    for p in ps:
        print('  ' + p)
    print('%s differential/gen_deterministic' % ('FAIL' if ps else 'PASS'))
    return 1 if ps else 0


if __name__ == '__main__':
    sys.exit(main())
