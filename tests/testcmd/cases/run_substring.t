# goose: test tests/testcmd/pkgs/fail --run assert -v
# status: 1
# stdout:
--- FAIL: test_assert_fails (0.00s)
    before the assert
    tests/testcmd/pkgs/fail/calc_test.gs:4:5: runtime error: assertion failed
--- FAIL: test_assert_message (0.00s)
    tests/testcmd/pkgs/fail/calc_test.gs:8:5: runtime error: assertion failed: half(8) is 4
FAIL tests/testcmd/pkgs/fail (0.00s)
0 passed, 2 failed
# stderr:
