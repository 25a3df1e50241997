# goose: test tests/testcmd/pkgs/pass
# status: 0
# stdout:
ok   tests/testcmd/pkgs/pass (0.00s)
3 passed, 0 failed
# stderr:
