# Runs the command-line tool with a scripted protocol session on stdin and
# checks its output, so the protocol can be tested where add_test cannot
# feed stdin (the web build, run under node).
#
#   cmake "-DCLI=node;build/web/src/arcade.js" "-DINPUT=position startpos|go|quit"
#         "-DEXPECT=score draw.*bestmove [a-c][1-3]" -P tests/cli_session.cmake
#
# INPUT: the lines to send, separated by '|'. EXPECT: a regular expression
# the whole output must match.

string(REPLACE "|" "\n" input "${INPUT}\n")
set(input_file "${CMAKE_CURRENT_BINARY_DIR}/cli_session_input_${NAME}.txt")
file(WRITE "${input_file}" "${input}")
execute_process(COMMAND ${CLI} INPUT_FILE "${input_file}" RESULT_VARIABLE result
                OUTPUT_VARIABLE output ERROR_VARIABLE errors TIMEOUT 60)
file(REMOVE "${input_file}")
if(NOT result EQUAL 0)
  message(FATAL_ERROR "'${CLI}' failed (${result}) on:\n${input}\n${output}${errors}")
endif()
if(NOT output MATCHES "${EXPECT}")
  message(FATAL_ERROR "'${CLI}' on:\n${input}\nprinted:\n${output}${errors}\n"
                      "which does not match: ${EXPECT}")
endif()
message(STATUS "${output}")
