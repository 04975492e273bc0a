# Loom: compiles SOURCE and passes only when the compiler refuses it with every regular expression in
# EXPECT (a ;-separated list) present in its output. Run with cmake -P.
execute_process(
  COMMAND ${COMPILER} -std=c++17 -fsyntax-only -I${INCLUDE_DIR} ${SOURCE}
  RESULT_VARIABLE result
  OUTPUT_VARIABLE output
  ERROR_VARIABLE output)
if(result EQUAL 0)
  message(FATAL_ERROR "${SOURCE} compiled, but Loom must refuse it at compile time.")
endif()
foreach(pattern IN LISTS EXPECT)
  if(NOT output MATCHES "${pattern}")
    message(FATAL_ERROR "The compiler refused ${SOURCE} but its output lacks '${pattern}':\n${output}")
  endif()
endforeach()
message(STATUS "${SOURCE}: refused as expected")
