# goose: test --frob tests/testcmd/pkgs/pass
# status: 2
# stdout:
# stderr:
goose test: unknown flag '--frob'
run 'goose --help' for usage
