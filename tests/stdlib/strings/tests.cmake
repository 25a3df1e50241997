# strings against Python's bytes methods (oracle.py), built by clang and by
# TinyCC; in a sanitizer build (GOOSE_SANITIZE) also with ASan + UBSan in
# the program (label san).
foreach(cc clang tcc)
  stdlib_test(strings oracle_${cc} ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/strings/oracle.py
              --cases 100000 --cc ${cc})
endforeach()
if(GOOSE_SANITIZE)
  stdlib_test(strings oracle_sanitized ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/strings/oracle.py
              --cases 20000 --sanitize)
  set_property(TEST stdlib/strings/oracle_sanitized APPEND PROPERTY LABELS san)
endif()
