# goose: test tests/testcmd/pkgs/badsig
# status: 2
# stdout:
FAIL tests/testcmd/pkgs/badsig [build failed]
0 passed, 0 failed
# stderr:
tests/testcmd/pkgs/badsig/sig_test.gs:2:4: error: test function test_with_param must be `fn test_with_param()`: no parameters, results or type parameters
fn test_with_param(n: int) {
   ^
tests/testcmd/pkgs/badsig/sig_test.gs:5:4: error: test function test_with_result must be `fn test_with_result()`: no parameters, results or type parameters
fn test_with_result() -> int {
   ^
