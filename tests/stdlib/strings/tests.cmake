# strings against Python's bytes methods (oracle.py), built by clang and by
# TinyCC.
foreach(cc clang tcc)
  stdlib_test(strings oracle_${cc} ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/strings/oracle.py
              --cases 100000 --cc ${cc})
endforeach()
