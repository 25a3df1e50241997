# no_path_includes.cmake — fails when a source of the compiler or the runtime
# includes a header by a path (`#include "../runtime/gs_heap.h"`): such an
# include finds the header whatever the component's include path says, so
# the layout (tests/layout/CMakeLists.txt) could not keep it out.
#   cmake -DROOT=<repo> -P no_path_includes.cmake
set(found "")
foreach(dir base frontend lower emit-c jit driver runtime)
  file(GLOB_RECURSE files ${ROOT}/${dir}/*.c ${ROOT}/${dir}/*.h ${ROOT}/${dir}/*.def ${ROOT}/${dir}/*.re)
  foreach(f ${files})
    file(STRINGS ${f} lines REGEX "^[ \t]*#[ \t]*include[ \t]*\"[^\"]*/")
    foreach(l ${lines})
      file(RELATIVE_PATH rel ${ROOT} ${f})
      string(APPEND found "  ${rel}: ${l}\n")
    endforeach()
  endforeach()
endforeach()
if(found)
  message(FATAL_ERROR "FAIL layout/no_path_includes: headers included by path\n${found}")
endif()
message("PASS layout/no_path_includes")
