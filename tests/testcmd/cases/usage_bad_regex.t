# goose: test --run ( tests/testcmd/pkgs/pass
# status: 2
# stdout:
# stderr:
goose test: --run: '(' is not a valid regular expression
run 'goose --help' for usage
