# goose: test tests/testcmd/pkgs/...
# status: 2
# stdout:
FAIL tests/testcmd/pkgs/badsig [build failed]
FAIL tests/testcmd/pkgs/broken [build failed]
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
FAIL tests/testcmd/pkgs/fail (0.00s)
ok   tests/testcmd/pkgs/mainmod (0.00s)
ok   tests/testcmd/pkgs/orphan (0.00s)
ok   tests/testcmd/pkgs/pass (0.00s)
8 passed, 5 failed
# stderr:
tests/testcmd/pkgs/badsig/sig_test.gs:2:4: error: test function test_with_param must be `fn test_with_param()`: no parameters, results or type parameters
fn test_with_param(n: int) {
   ^
tests/testcmd/pkgs/badsig/sig_test.gs:5:4: error: test function test_with_result must be `fn test_with_result()`: no parameters, results or type parameters
fn test_with_result() -> int {
   ^
tests/testcmd/pkgs/broken/calc_test.gs:7:21: error: expected string, found int
    let s: string = twice(2)
                    ^
