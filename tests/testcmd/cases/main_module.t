# goose: test -v tests/testcmd/pkgs/mainmod
# status: 0
# stdout:
--- PASS: test_double (0.00s)
--- PASS: test_main_runs (0.00s)
    42
ok   tests/testcmd/pkgs/mainmod (0.00s)
2 passed, 0 failed
# stderr:
