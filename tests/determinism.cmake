# The determinism test: the native tool and the WebAssembly tool under node
# must search identically. Both run `arcade bench` (src/cli/bench_signature.h)
# and every per-position line (nodes, score, best move) and the total
# "Nodes searched" must agree; only the times may differ.
#
#   cmake -DNATIVE_CLI=build/native-release/src/arcade
#         -DWASM_CLI=build/web/src/arcade.js -DNODE=/usr/bin/node
#         -P tests/determinism.cmake

set(build_web_hint "build the web preset first: cmake --preset web && cmake --build --preset web")
if(NOT EXISTS "${NATIVE_CLI}")
  message(FATAL_ERROR "determinism: native tool '${NATIVE_CLI}' not found")
endif()
if(NOT WASM_CLI OR NOT EXISTS "${WASM_CLI}")
  message(FATAL_ERROR "determinism: the WebAssembly tool '${WASM_CLI}' is missing; "
                      "${build_web_hint} (or point ARCADE_WASM_CLI at its arcade.js)")
endif()
if(NOT NODE OR NOT EXISTS "${NODE}")
  message(FATAL_ERROR "determinism: node not found ('${NODE}'); run tools/setup.sh")
endif()

# Runs one bench; sets <prefix>_lines (the position lines), <prefix>_nodes
# and <prefix>_nps.
function(run_bench prefix)
  execute_process(COMMAND ${ARGN} bench RESULT_VARIABLE result OUTPUT_VARIABLE output
                  ERROR_VARIABLE errors)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "determinism: '${ARGN} bench' failed (${result}):\n${output}${errors}")
  endif()
  if(NOT output MATCHES "Nodes searched  : ([0-9]+)")
    message(FATAL_ERROR "determinism: no 'Nodes searched' from '${ARGN} bench':\n${output}")
  endif()
  set(${prefix}_nodes "${CMAKE_MATCH_1}" PARENT_SCOPE)
  string(REGEX MATCH "Nodes/second    : ([0-9]+)" ignored "${output}")
  set(${prefix}_nps "${CMAKE_MATCH_1}" PARENT_SCOPE)
  string(REGEX MATCHALL "position [^\n]*" lines "${output}")
  set(${prefix}_lines "${lines}" PARENT_SCOPE)
endfunction()

run_bench(native "${NATIVE_CLI}")
run_bench(wasm "${NODE}" "${WASM_CLI}")

list(LENGTH native_lines native_count)
list(LENGTH wasm_lines wasm_count)
if(NOT native_count EQUAL wasm_count)
  message(FATAL_ERROR "determinism: ${native_count} native positions but ${wasm_count} in wasm; "
                      "is ${WASM_CLI} out of date? ${build_web_hint}")
endif()
foreach(native_line wasm_line IN ZIP_LISTS native_lines wasm_lines)
  if(NOT native_line STREQUAL wasm_line)
    message(FATAL_ERROR "determinism: native and wasm differ\n  native: ${native_line}\n"
                        "  wasm:   ${wasm_line}\n(if the sources changed since the web build, "
                        "${build_web_hint})")
  endif()
endforeach()
if(NOT native_nodes STREQUAL wasm_nodes)
  message(FATAL_ERROR "determinism: Nodes searched ${native_nodes} native, ${wasm_nodes} wasm")
endif()

set(ratio "n/a")
if(wasm_nps GREATER 0)
  math(EXPR ratio_x100 "${native_nps} * 100 / ${wasm_nps}")
  math(EXPR whole "${ratio_x100} / 100")
  math(EXPR cents "${ratio_x100} % 100")
  if(cents LESS 10)
    set(cents "0${cents}")
  endif()
  set(ratio "${whole}.${cents}")
endif()
message(STATUS "determinism: ${native_count} positions, Nodes searched ${native_nodes} in both; "
               "nodes/second native ${native_nps}, wasm ${wasm_nps} (native/wasm ${ratio})")
