# goose: test --cc clang tests/testcmd/pkgs/fail --run index|passes -v
# needs: clang
# status: 1
# stdout:
--- PASS: test_passes (0.00s)
--- FAIL: test_index_in_module (0.00s)
    tests/testcmd/pkgs/fail/calc.gs:6:12: runtime error: index 3 out of range for length 3
--- PASS: test_last_passes (0.00s)
FAIL tests/testcmd/pkgs/fail (0.00s)
2 passed, 1 failed
# stderr:
