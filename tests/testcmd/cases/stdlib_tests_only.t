# goose: test -v tests/testcmd/fakestd/onlytests
# env: GOOSE_STDLIB=tests/testcmd/fakestd
# status: 0
# stdout:
--- PASS: test_alone (0.00s)
ok   tests/testcmd/fakestd/onlytests (0.00s)
1 passed, 0 failed
# stderr:
