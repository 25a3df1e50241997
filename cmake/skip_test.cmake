# skip_test.cmake — goose_skip_test(NAME REASON [LABELS ...]): registers a
# test that cannot run here (its tool is missing) as one ctest reports
# skipped: it prints "SKIP <NAME>: <REASON>" and exits 77, its
# SKIP_RETURN_CODE. A folder calls it where it would otherwise add no test
# at all, so a machine without the tool shows the test as skipped instead
# of silently running fewer tests. tests/fuzz/check_skips.py tests it.
# Included by the test folders' CMakeLists.txt.
function(goose_skip_test name reason)
  add_test(NAME ${name} COMMAND sh -c "printf 'SKIP %s: %s\\n' \"$0\" \"$1\"; exit 77" "${name}" "${reason}")
  set_tests_properties(${name} PROPERTIES SKIP_RETURN_CODE 77)
  if(ARGN)
    set_tests_properties(${name} PROPERTIES LABELS "${ARGN}")
  endif()
endfunction()
