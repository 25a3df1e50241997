"""testmain.py — the entry point of every bench/tests/test_*.py: runs the
module's unittest cases as one ctest test and ends with one line,
  PASS bench/<name>: N cases
  SKIP bench/<name>: K of N cases skipped: <reasons>
  FAIL bench/<name>: ...
(with per_case=True, first one `PASS|FAIL|SKIP bench/<name>/<case>` line
per case), and the exit status ctest reads: 0 all ran and passed, 1 a case failed or
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


class _CaseLines(unittest.TextTestResult):
    """A result that prints one PASS/FAIL/SKIP line per case as it ends."""
    prefix = "bench"

    def _line(self, word, test, why=""):
        self.stream.writeln(f"{word} {self.prefix}/{test._testMethodName[len('test_'):]}{why}")
        self.stream.flush()

    def addSuccess(self, test):
        super().addSuccess(test)
        self._line("PASS", test)

    def addFailure(self, test, err):
        super().addFailure(test, err)
        self._line("FAIL", test, ": " + str(err[1]).splitlines()[0] if str(err[1]) else "")

    def addError(self, test, err):
        super().addError(test, err)
        self._line("FAIL", test, f": {err[0].__name__}: {err[1]}")

    def addSkip(self, test, reason):
        super().addSkip(test, reason)
        self._line("SKIP", test, ": " + reason)


def main(per_case=False):
    """Runs __main__'s cases (unittest's command line) and exits with
    verdict's status; per_case: a line for each case too."""
    name = "bench/" + os.path.basename(sys.argv[0])[len("test_"):-len(".py")]
    runner = None
    if per_case:
        _CaseLines.prefix = name
        runner = unittest.TextTestRunner(stream=sys.stdout, verbosity=0, resultclass=_CaseLines)
    prog = unittest.main(exit=False, testRunner=runner)
    code, line = verdict(name, prog.result)
    print(line, flush=True)
    sys.exit(code)
