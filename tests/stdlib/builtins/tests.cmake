# The builtins parse_f64 and parse_int on random and mutated text
# (parse_oracle.py): built by clang and by TinyCC; sanitized in a
# GOOSE_SANITIZE build (label san).
foreach(cc clang tcc)
  stdlib_test(builtins parse_oracle_${cc} ${Python3_EXECUTABLE}
              ${CMAKE_CURRENT_SOURCE_DIR}/builtins/parse_oracle.py --cc ${cc})
endforeach()
if(GOOSE_SANITIZE)
  stdlib_test(builtins parse_oracle_sanitized ${Python3_EXECUTABLE}
              ${CMAKE_CURRENT_SOURCE_DIR}/builtins/parse_oracle.py --cases 10000 --sanitize)
  set_property(TEST stdlib/builtins/parse_oracle_sanitized APPEND PROPERTY LABELS san)
endif()
