# Sanitizer and fuzzer builds: the one place their flags live. Included from
# the top-level CMakeLists.txt; defines
#   ARCADE_SANITIZE       (cache) the sanitizers every target is built with:
#                         empty (none), "address;undefined" or "thread"
#   ARCADE_BUILD_FUZZERS  (option) build the libFuzzer targets of tests/fuzz
#                         (clang only); adds coverage for the fuzzer to every
#                         target, so set it with ARCADE_SANITIZE=address;undefined
#   arcade_sanitizers     an interface target carrying those compile and link
#                         options; arcade_engine links it PUBLIC
#                         (src/CMakeLists.txt), so everything built on the
#                         engine, libraries, tools and tests, gets them
#
# Why every target: TSan only sees the races in code it instruments, ASan
# misses overflows in uninstrumented libraries, and libFuzzer is guided by
# the coverage of the code under test, which lives in the libraries.
#
# Why -O1 -g whatever the build type (the presets use Debug, which keeps
# assertions on): -O0 makes the suites several times slower under the
# sanitizers, -O2 and up blur the reports' stack traces. Coming after the
# build type's own -O, this one wins. Every report is fatal
# (-fno-sanitize-recover=all), so a sanitizer finding fails the test that
# hit it; the presets' test environment (CMakePresets.json) makes TSan stop
# at its first report too.
include_guard(GLOBAL)

set(ARCADE_SANITIZE "" CACHE STRING
    "Sanitizers for every target: empty, address;undefined, or thread (clang or gcc)")
option(ARCADE_BUILD_FUZZERS "Build the libFuzzer targets in tests/fuzz (clang)" OFF)

add_library(arcade_sanitizers INTERFACE)

if(ARCADE_SANITIZE)
  foreach(sanitizer IN LISTS ARCADE_SANITIZE)
    if(NOT sanitizer MATCHES "^(address|undefined|thread)$")
      message(FATAL_ERROR "ARCADE_SANITIZE: unknown sanitizer '${sanitizer}' "
                          "(use address;undefined or thread)")
    endif()
  endforeach()
  if("thread" IN_LIST ARCADE_SANITIZE AND "address" IN_LIST ARCADE_SANITIZE)
    message(FATAL_ERROR "ARCADE_SANITIZE: thread and address cannot be combined")
  endif()
  list(JOIN ARCADE_SANITIZE "," arcade_sanitize_list)
  target_compile_options(arcade_sanitizers INTERFACE
    -fsanitize=${arcade_sanitize_list} -fno-sanitize-recover=all -fno-omit-frame-pointer -O1 -g)
  target_link_options(arcade_sanitizers INTERFACE -fsanitize=${arcade_sanitize_list})
endif()

if(ARCADE_BUILD_FUZZERS)
  if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    message(FATAL_ERROR "ARCADE_BUILD_FUZZERS needs clang (libFuzzer); configure with "
                        "--preset fuzz or -DCMAKE_CXX_COMPILER=clang++")
  endif()
  if(NOT "address" IN_LIST ARCADE_SANITIZE)
    message(WARNING "ARCADE_BUILD_FUZZERS without ARCADE_SANITIZE=address;undefined: "
                    "the fuzzers will miss memory errors that do not crash")
  endif()
  # Coverage instrumentation without libFuzzer's main(): only the fuzz
  # targets themselves link the fuzzer (-fsanitize=fuzzer, tests/fuzz).
  target_compile_options(arcade_sanitizers INTERFACE -fsanitize=fuzzer-no-link)
endif()
