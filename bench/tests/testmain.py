"""testmain.py — the entry point of every bench/tests/test_*.py: runs the
module's unittest cases as one ctest test and ends with one line,
  PASS bench/<name>: N cases
  SKIP bench/<name>: K of N cases skipped: <reasons>
  FAIL bench/<name>: ...
and the exit status ctest reads: 0 all ran and passed, 1 a case failed or
none ran, SKIP_CODE when every case that ran passed but some were skipped
(CMakeLists.txt sets SKIP_RETURN_CODE to it, so ctest shows the test as
skipped: a case that did not run never counts as a pass).
Not for: anything but bench/tests."""
import os
import sys
import unittest

SKIP_CODE = 77


def verdict(name, result):
    """(exit status, the final line) of a unittest result."""
    n = result.testsRun
    if not result.wasSuccessful():
        bad = len(result.failures) + len(result.errors) + len(result.unexpectedSuccesses)
        return 1, f"FAIL {name}: {bad} of {n} cases failed"
    if n == 0:
        return 1, f"FAIL {name}: no case ran"
    if result.skipped:
        reasons = "; ".join(sorted({why for _, why in result.skipped}))
        return SKIP_CODE, f"SKIP {name}: {len(result.skipped)} of {n} cases skipped: {reasons}"
    return 0, f"PASS {name}: {n} cases"


def main():
    """Runs __main__'s cases (unittest's command line) and exits with verdict's status."""
    name = "bench/" + os.path.basename(sys.argv[0])[len("test_"):-len(".py")]
    prog = unittest.main(exit=False)
    code, line = verdict(name, prog.result)
    print(line, flush=True)
    sys.exit(code)
