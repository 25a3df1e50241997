# goose: test tests/testcmd/pkgs/pass/calc.gs
# status: 2
# stdout:
# stderr:
goose test: tests/testcmd/pkgs/pass/calc.gs is not a test file (*_test.gs)
run 'goose --help' for usage
