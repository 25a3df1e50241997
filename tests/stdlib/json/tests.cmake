# json: the oracle test against Python's json, the bad-input tester, and
# the bad-input tester under ASan+UBSan (clang).
stdlib_test(json check_json ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/json/check_json.py)
stdlib_test(json fuzz_json ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/json/fuzz_json.py)
stdlib_test(json fuzz_json_sanitize ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/json/fuzz_json.py
  --sanitize --count 5000)
