#!/usr/bin/env python3
"""doc_examples_meta.py — doc_examples.py can fail: on fixtures/doc_page.md
it must pass the section with a right example and the one with a runtime
error shown as it is, and fail each section with a wrong output, an example
without its output block, a program that stops with an error its page does
not show, a wrong stderr block, a stderr block for a program that ends
well, and no example at all.

  doc_examples_meta.py --goose build/goose
Not for: the real page (stdlib/doc_examples/<module>)."""
import argparse
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
EXPECT = {"good": 0, "wrong_output": 1, "no_output": 1, "fails": 1, "empty": 1,
          "runtime_error": 0, "wrong_stderr": 1, "stderr_but_no_error": 1}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--goose", required=True)
    a = ap.parse_args()
    bad = []
    for section, want in EXPECT.items():
        r = subprocess.run([sys.executable, os.path.join(HERE, "doc_examples.py"), "--goose", a.goose,
                            "--section", section, os.path.join(HERE, "fixtures", "doc_page.md")],
                           capture_output=True, text=True, stdin=subprocess.DEVNULL)
        last = r.stdout.strip().split("\n")[-1] if r.stdout.strip() else ""
        verdict = "PASS" if want == 0 else "FAIL"
        if r.returncode != want or not last.startswith(verdict):
            bad.append(f"{section}: exit {r.returncode}, last line {last!r}")
    for b in bad:
        print(f"FAIL stdlib/doc_examples_meta: {b}")
    if bad:
        return 1
    print(f"PASS stdlib/doc_examples_meta: {len(EXPECT)} sections judged as planted")
    return 0


if __name__ == "__main__":
    sys.exit(main())
