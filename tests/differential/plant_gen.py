#!/usr/bin/env python3
"""plant_gen.py — check_gen.py fails when gen_loops.py is broken: copies of
check_gen.py, difftest.py and the generators in a scratch folder, with
gen_loops.py replaced by one that ignores the seed, one that is not
deterministic, and one whose programs do not type-check; check_gen.py must
exit 1 naming the loops generator and the fault for each, and pass on the
unmodified copy. One PASS/FAIL line.

  plant_gen.py --goose build/goose
Not for: the generators' programs themselves (check_gen.py, difftest.py)."""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
COPIED = ('check_gen.py', 'difftest.py', 'gen.py', 'gen_loops.py', 'gen_life.py')
WRAP = '''import importlib.util
import random
_spec = importlib.util.spec_from_file_location('real_gen_loops', %r)
_real = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_real)


def generate(seed):
    return %s
'''
# name -> (generate's body, what check_gen.py must say)
PLANTS = {
    'ignores the seed': ('_real.generate(4)', 'loops: two seeds gave the same program'),
    'not deterministic': ("_real.generate(seed) + '// %d\\n' % random.randrange(10 ** 9)",
                          'loops: not deterministic per seed'),
    'ill-typed': ("_real.generate(seed).replace('fn main() {', 'fn main() {\\n    let bad: int = \"x\"', 1)",
                  'goose check rejects it'),
}


def check_gen(folder, goose):
    p = subprocess.run([sys.executable, '-B', os.path.join(folder, 'check_gen.py'), '--goose', goose],
                       capture_output=True, text=True, timeout=300)
    return p.returncode, p.stdout


def problems(goose):
    out = []
    with tempfile.TemporaryDirectory(prefix='plant_gen-') as d:
        for f in COPIED:
            shutil.copy(os.path.join(HERE, f), d)
        code, text = check_gen(d, goose)
        if code != 0:
            out.append('the unmodified copy fails (status %d):\n%s' % (code, text[-800:]))
        for name, (body, says) in PLANTS.items():
            with open(os.path.join(d, 'gen_loops.py'), 'w') as f:
                f.write(WRAP % (os.path.join(HERE, 'gen_loops.py'), body))
            code, text = check_gen(d, goose)
            lines = text.splitlines()
            named = any(ln.startswith('  loops') and says in ln for ln in lines)
            if code != 1 or not lines or not lines[-1].startswith('FAIL') or not named:
                out.append('gen_loops %s: status %d, expected 1 and a line "%s":\n%s'
                           % (name, code, says, text[-800:]))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('--goose', required=True, help='the goose binary')
    ps = problems(ap.parse_args().goose)
    for p in ps:
        print('  ' + p)
    print('%s differential/check_gen_planted' % ('FAIL' if ps else 'PASS'))
    return 1 if ps else 0


if __name__ == '__main__':
    sys.exit(main())
