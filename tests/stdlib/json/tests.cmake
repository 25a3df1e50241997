# json: the oracle test against Python's json with the driver built by
# clang and by TinyCC, the bad-input tester, and the bad-input tester with
# ASan + UBSan in the program (clang; label san).
foreach(cc clang tcc)
  stdlib_test(json check_json_${cc} ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/json/check_json.py
              --cc ${cc})
endforeach()
stdlib_test(json fuzz_json ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/json/fuzz_json.py)
stdlib_test(json fuzz_json_sanitized ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/json/fuzz_json.py
            --sanitize --count 5000)
set_property(TEST stdlib/json/fuzz_json_sanitized APPEND PROPERTY LABELS san)
