#!/usr/bin/env python3
"""plant_life.py — difftest.py --gen life fails when gen_life.py's model is
wrong: copies of difftest.py and the generators in a scratch folder, with
gen_life.py replaced by a wrapper around the real one whose expectation is
planted wrong (a stdout line changed, a stop expected where the program
runs to the end, the stop dropped where the model has one, the stop moved
to another line); difftest.py must exit 1 with the planted fault named in
a FAIL line for each, and pass on the unmodified copy. Safe-only seeds are
used for the first two plants (they pass today, before the runtime checks
exist); the last two need programs that stop, and run only with
--with-stops (once the runtime's lifetime checks are in). One PASS/FAIL line.

  plant_life.py --goose build/goose [--with-stops]
Not for: the programs themselves (difftest.py --gen life)."""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
COPIED = ('difftest.py', 'gen.py', 'gen_loops.py', 'gen_life.py')
WRAP = '''import importlib.util
_spec = importlib.util.spec_from_file_location('real_gen_life', %r)
_real = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_real)
KINDS_ALL, KINDS_DEFAULT, parse_kinds = _real.KINDS_ALL, _real.KINDS_DEFAULT, _real.parse_kinds
Expect = _real.Expect


def generate_model(seed, kinds=None, safe_only=False):
    text, exp = _real.generate_model(seed, kinds, safe_only)
    %s
    return text, exp


def generate(seed):
    return generate_model(seed)[0]
'''
# name -> (planted line, what a FAIL line must say, needs programs that stop)
PLANTS = {
    'stdout': ("exp.stdout = exp.stdout.replace('\\n', ' \\n', 1)", 'stdout differs from the model', False),
    'stop where none': ("exp.stop = exp.stop or (3, ['moved'])", 'runs on (status 0) where the model stops', False),
    'no stop': ("exp.stop = None", 'stops where the model runs to the end', True),
    'stop line': ("exp.stop = exp.stop and (exp.stop[0] + 1, exp.stop[1])", 'where the model stops at line', True),
}


def difftest(folder, goose, stops):
    cmd = [sys.executable, '-B', os.path.join(folder, 'difftest.py'), '--goose', goose,
           '--gen', 'life', '--seeds', '1:7', '--mode', 'light', '-j2',
           '--findings', os.path.join(folder, 'findings')]
    if not stops:
        cmd.append('--safe-only')
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    return p.returncode, p.stdout


def problems(goose, with_stops):
    out = []
    with tempfile.TemporaryDirectory(prefix='plant_life-') as d:
        for f in COPIED:
            shutil.copy(os.path.join(HERE, f), d)
        for stops in ([False, True] if with_stops else [False]):
            code, text = difftest(d, goose, stops)
            if code != 0:
                out.append('the unmodified copy fails (status %d):\n%s' % (code, text[-800:]))
        for name, (line, says, needs_stops) in PLANTS.items():
            if needs_stops and not with_stops:
                continue
            with open(os.path.join(d, 'gen_life.py'), 'w') as f:
                f.write(WRAP % (os.path.join(HERE, 'gen_life.py'), line))
            code, text = difftest(d, goose, needs_stops)
            lines = text.splitlines()
            named = any(ln.startswith('FAIL seed') and says in ln for ln in lines)
            if code != 1 or not lines or not lines[-1].startswith('FAIL') or not named:
                out.append('planted %s: status %d, expected 1 and a line "%s":\n%s'
                           % (name, code, says, text[-800:]))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('--goose', required=True, help='the goose binary')
    ap.add_argument('--with-stops', action='store_true',
                    help='also the plants that need programs that stop (runtime checks in)')
    a = ap.parse_args()
    ps = problems(os.path.abspath(a.goose), a.with_stops)
    for p in ps:
        print('  ' + p)
    print('%s differential/life_planted%s' % ('FAIL' if ps else 'PASS',
                                               ' (with stops)' if a.with_stops else ''))
    return 1 if ps else 0


if __name__ == '__main__':
    sys.exit(main())
