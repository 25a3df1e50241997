# goose: test -v tests/testcmd/pkgs/orphan
# status: 0
# stdout:
--- PASS: test_greet (0.00s)
ok   tests/testcmd/pkgs/orphan (0.00s)
1 passed, 0 failed
# stderr:
