# regex checks (see each script's header): the oracle against Python's re,
# linear time on patterns that make backtracking blow up, and the
# bad-pattern tester (plain and under ASan+UBSan).
stdlib_test(regex oracle ${Python3_EXECUTABLE} tests/stdlib/regex/check_oracle.py)
stdlib_test(regex linear ${Python3_EXECUTABLE} tests/stdlib/regex/check_linear.py)
stdlib_test(regex bad_patterns ${Python3_EXECUTABLE} tests/stdlib/regex/check_bad_patterns.py)
stdlib_test(regex bad_patterns_sanitize ${Python3_EXECUTABLE} tests/stdlib/regex/check_bad_patterns.py --sanitize --count 1500)
