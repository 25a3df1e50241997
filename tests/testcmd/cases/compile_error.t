# goose: test tests/testcmd/pkgs/broken
# status: 2
# stdout:
FAIL tests/testcmd/pkgs/broken [build failed]
0 passed, 0 failed
# stderr:
tests/testcmd/pkgs/broken/calc_test.gs:7:21: error: expected string, found int
    let s: string = twice(2)
                    ^
