# math against libm called through ctypes (oracle.py), built by clang and
# by TinyCC; sanitized in a GOOSE_SANITIZE build (label san).
foreach(cc clang tcc)
  stdlib_test(math oracle_${cc} ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/math/oracle.py --cc ${cc})
endforeach()
if(GOOSE_SANITIZE)
  stdlib_test(math oracle_sanitized ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/math/oracle.py
              --cases 5000 --sanitize)
  set_property(TEST stdlib/math/oracle_sanitized APPEND PROPERTY LABELS san)
endif()
