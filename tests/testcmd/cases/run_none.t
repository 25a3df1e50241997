# goose: test tests/testcmd/pkgs/fail --run nomatch
# status: 0
# stdout:
ok   tests/testcmd/pkgs/fail (0.00s) [no tests to run]
0 passed, 0 failed
# stderr:
