# goose: test tests/testcmd/pkgs/nope
# status: 2
# stdout:
# stderr:
goose test: cannot read tests/testcmd/pkgs/nope
run 'goose --help' for usage
