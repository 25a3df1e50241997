# math against libm called through ctypes (oracle.py), built by clang and
# by TinyCC.
foreach(cc clang tcc)
  stdlib_test(math oracle_${cc} ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/math/oracle.py --cc ${cc})
endforeach()
