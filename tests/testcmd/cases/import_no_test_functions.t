# goose: check tests/testcmd/fakestd/use_shapes.gs
# env: GOOSE_STDLIB=tests/testcmd/fakestd
# status: 1
# stdout:
# stderr:
tests/testcmd/fakestd/use_shapes.gs:6:5: error: module shapes has no member test_area
    shapes.test_area()
    ^
