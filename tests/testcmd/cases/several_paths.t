# goose: test tests/testcmd/pkgs/pass tests/testcmd/pkgs/fail/calc_test.gs tests/testcmd/pkgs/orphan
# status: 1
# stdout:
ok   tests/testcmd/pkgs/pass (0.00s)
--- FAIL: test_assert_fails (0.00s)
    before the assert
    tests/testcmd/pkgs/fail/calc_test.gs:4:5: runtime error: assertion failed
--- FAIL: test_assert_message (0.00s)
    tests/testcmd/pkgs/fail/calc_test.gs:8:5: runtime error: assertion failed: half(8) is 4
--- FAIL: test_index_in_module (0.00s)
    tests/testcmd/pkgs/fail/calc.gs:6:12: runtime error: index 3 out of range for length 3
--- FAIL: test_exit_status (0.00s)
    exit status 3
--- FAIL: test_panic (0.00s)
    tests/testcmd/pkgs/fail/calc_test.gs:25:5: runtime error: panic: gave up
FAIL tests/testcmd/pkgs/fail/calc_test.gs (0.00s)
ok   tests/testcmd/pkgs/orphan (0.00s)
6 passed, 5 failed
# stderr:
