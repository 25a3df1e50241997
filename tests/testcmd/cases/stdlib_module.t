# goose: test -v tests/testcmd/fakestd/shapes
# env: GOOSE_STDLIB=tests/testcmd/fakestd
# status: 1
# stdout:
--- PASS: test_more (0.00s)
--- PASS: test_area (0.00s)
--- FAIL: test_area_wrong (0.00s)
    tests/testcmd/fakestd/shapes/shapes_test.gs:7:5: runtime error: assertion failed
--- FAIL: test_side_out_of_range (0.00s)
    tests/testcmd/fakestd/shapes/shapes_test.gs:11:13: runtime error: index 2 out of range for length 2
FAIL tests/testcmd/fakestd/shapes (0.00s)
2 passed, 2 failed
# stderr:
