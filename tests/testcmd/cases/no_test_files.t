# goose: test tests/testcmd/fakestd
# status: 0
# stdout:
?    tests/testcmd/fakestd [no test files]
0 passed, 0 failed
# stderr:
