#!/usr/bin/env python3
"""pipeline_test.py — the pass pipeline's command line: --dump=ir-after=PASS
stops after the named pass (lower/pipeline.c), a wrong name is a usage
error listing the passes, and --verify-ir is accepted where goose lowers.

Cases (one PASS/FAIL line each):
  after_last       --dump=ir-after=view (the last pass) prints what
                   --dump=ir prints
  stops            on a loop pass_version versions, the IR after `facts`
                   has no versioned loop (no `IF likely`) and the IR after
                   `version` has one: the pipeline stopped where asked
  unknown_pass     --dump=ir-after=nosuch: status 2, nothing on stdout, the
                   message names every pass
  verify_flag      --verify-ir with emit-c gives the C it gives without
  verify_check     --verify-ir does not apply to `check` (status 2)
  help             --help names --verify-ir and --dump=ir-after
Usage: pipeline_test.py GOOSE ROOT. Python 3 standard library only.
Not for: the verifier's checks (ir_verify_test.c) or pass results (golden IR).
"""
import subprocess
import sys

PASSES = ["borrow", "live", "noreturn", "inline", "bce", "facts", "inline-always", "version", "hoist",
          "licm", "promote", "loopcheck", "fields", "live-args", "live-proofs", "view"]
VERSIONED = "tests/golden/ir/entry_len_fields.gs"


def goose(*args):
    p = subprocess.run([GOOSE] + list(args), cwd=ROOT, capture_output=True, timeout=120)
    return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")


def case_after_last():
    st1, last, _ = goose("emit-c", VERSIONED, "--dump=ir-after=" + PASSES[-1])
    st2, full, _ = goose("emit-c", VERSIONED, "--dump=ir")
    return st1 == 0 and st2 == 0 and last == full and "fn " in full


def case_stops():
    _, facts, _ = goose("emit-c", VERSIONED, "--dump=ir-after=facts")
    _, version, _ = goose("emit-c", VERSIONED, "--dump=ir-after=version")
    return "IF likely" not in facts and "IF likely" in version


def case_unknown_pass():
    st, out, err = goose("emit-c", VERSIONED, "--dump=ir-after=nosuch")
    return st == 2 and out == "" and "unknown pass 'nosuch'" in err and \
        ("passes: " + ", ".join(PASSES)) in err


def case_verify_flag():
    st1, with_flag, _ = goose("emit-c", VERSIONED, "--verify-ir")
    st2, without, _ = goose("emit-c", VERSIONED)
    return st1 == 0 and st2 == 0 and with_flag == without and "int main" in without


def case_verify_check():
    st, _, err = goose("check", VERSIONED, "--verify-ir")
    return st == 2 and "does not apply" in err


def case_help():
    st, out, _ = goose("--help")
    return st == 0 and "--verify-ir" in out and "--dump=ir-after=PASS" in out


def main():
    global GOOSE, ROOT
    GOOSE, ROOT = sys.argv[1], sys.argv[2]
    failed = 0
    for name, fn in [("after_last", case_after_last), ("stops", case_stops),
                     ("unknown_pass", case_unknown_pass), ("verify_flag", case_verify_flag),
                     ("verify_check", case_verify_check), ("help", case_help)]:
        ok = fn()
        failed += not ok
        print(f"{'PASS' if ok else 'FAIL'}: pipeline/{name}")
    print(f"pipeline: {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
