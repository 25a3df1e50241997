# goose: test --timeout 0 tests/testcmd/hang
# status: 2
# stdout:
# stderr:
goose test: --timeout: '0' is not a number of seconds from 1 to 86400
run 'goose --help' for usage
