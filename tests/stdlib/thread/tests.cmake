# The thread module's checks (tests/stdlib/CMakeLists.txt): lines written
# whole from many threads, and ThreadSanitizer's positive control (a
# deliberate race reported, its race-free twin clean). The run goldens are
# tests/golden/run/std_thread_*.gs and tests/golden/rterr/std_thread_*.gs
# (under ThreadSanitizer in a GOOSE_SANITIZE build: run_golden.py --sanitize).
stdlib_test(thread check_lines ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/check_lines.py)
if(NOT GOOSE_SANITIZE)
  stdlib_test(thread check_tsan ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/check_tsan.py)
endif()
