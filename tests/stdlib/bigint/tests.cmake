# bigint's checks (tests/stdlib/CMakeLists.txt includes this file):
#   oracle      check_oracle.py: 3,000 random operations against Python's
#               int (--ops 100000 for the full run)
#   oracle_tcc  the same, 1,000 operations, built by tcc (no 128-bit type:
#               __mul_hi's four-product fallback)
#   parse_fuzz  check_parse.py: random and mutated strings given to
#               bigint.parse agree with the page's rules and Python's int
stdlib_test(bigint oracle ${Python3_EXECUTABLE} tests/stdlib/bigint/check_oracle.py)
stdlib_test(bigint oracle_tcc ${Python3_EXECUTABLE} tests/stdlib/bigint/check_oracle.py --cc tcc --ops 1000)
stdlib_test(bigint parse_fuzz ${Python3_EXECUTABLE} tests/stdlib/bigint/check_parse.py)
