# goose: test tests/testcmd/pkgs/fail --run=^test_(passes|last) -v
# status: 0
# stdout:
--- PASS: test_passes (0.00s)
--- PASS: test_last_passes (0.00s)
ok   tests/testcmd/pkgs/fail (0.00s)
2 passed, 0 failed
# stderr:
