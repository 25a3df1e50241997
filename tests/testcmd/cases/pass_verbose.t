# goose: test tests/testcmd/pkgs/pass -v
# status: 0
# stdout:
--- PASS: test_add (0.00s)
--- PASS: test_sum_prints (0.00s)
    summing
--- PASS: test_shout (0.00s)
ok   tests/testcmd/pkgs/pass (0.00s)
3 passed, 0 failed
# stderr:
