# goose: test --timeout 1 tests/testcmd/hang
# status: 1
# stdout:
--- FAIL: test_forever (0.00s)
    timed out after 1s
FAIL tests/testcmd/hang (0.00s)
1 passed, 1 failed
# stderr:
