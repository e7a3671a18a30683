# One bounded fuzzing run, as ctest runs it (tests/fuzz/CMakeLists.txt):
#   cmake -DNAME=fuzz_x -DFUZZER=path/fuzz_x -DCORPUS=tests/fuzz/corpus/x
#         [-DEXTRA_SEEDS=file|file] [-DDICTIONARY=x.dict] -DSECONDS=15
#         [-DMAX_LEN=bytes] [-DSEED_SCRIPT=x.cmake] -DWORK=scratch/folder -P run_fuzzer.cmake
#
# The seeds are copied into WORK/corpus first, so that the inputs libFuzzer
# adds while it runs never touch the committed corpus. Prints how many inputs
# were run; on a finding prints the end of libFuzzer's report and where the
# input that caused it was saved (WORK/artifacts), and fails.

file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}/corpus" "${WORK}/artifacts")
file(GLOB seeds LIST_DIRECTORIES false "${CORPUS}/*")
string(REPLACE "|" ";" extra_seeds "${EXTRA_SEEDS}")
if(NOT seeds AND NOT extra_seeds)
  message(FATAL_ERROR "${NAME}: no seeds in ${CORPUS}")
endif()
file(COPY ${seeds} ${extra_seeds} DESTINATION "${WORK}/corpus")
# Seeds too large to commit (lines of megabytes) are written here, at run
# time, by the target's own script into SEED_DIR.
if(SEED_SCRIPT)
  set(SEED_DIR "${WORK}/corpus")
  include("${SEED_SCRIPT}")
endif()

# -timeout: one input taking longer is a finding (a hang). -rss_limit_mb:
# above this the run fails as out of memory.
set(options -max_total_time=${SECONDS} -timeout=10 -rss_limit_mb=2048
            -artifact_prefix=${WORK}/artifacts/ -print_final_stats=1)
if(DICTIONARY)
  list(APPEND options -dict=${DICTIONARY})
endif()
# The largest input libFuzzer makes or keeps (its default: the largest seed's
# size, at least 4096 bytes).
if(MAX_LEN)
  list(APPEND options -max_len=${MAX_LEN})
endif()
execute_process(COMMAND "${FUZZER}" ${options} "${WORK}/corpus"
                RESULT_VARIABLE result OUTPUT_VARIABLE log ERROR_VARIABLE log)
file(WRITE "${WORK}/fuzzer.log" "${log}")

if(NOT result EQUAL 0)
  # The report starts at the fuzzer's own message or the sanitizer's; the
  # log before it is libFuzzer's progress.
  string(REGEX MATCH "[^\n]*(fuzz check failed|runtime error|==[0-9]+==ERROR|ERROR: libFuzzer).*"
         report "${log}")
  if(NOT report)
    set(report "${log}")
  endif()
  string(SUBSTRING "${report}" 0 12000 report)
  file(GLOB findings "${WORK}/artifacts/*")
  message(FATAL_ERROR "${NAME} found a problem (exit ${result}):\n${report}\n"
                      "The input: ${findings}\nReproduce: ${FUZZER} <that file>\n"
                      "Whole log: ${WORK}/fuzzer.log")
endif()

if(NOT log MATCHES "Done ([0-9]+) runs in ([0-9]+) second")
  message(FATAL_ERROR "${NAME}: no 'Done N runs' from libFuzzer; log: ${WORK}/fuzzer.log")
endif()
set(runs ${CMAKE_MATCH_1})
set(seconds ${CMAKE_MATCH_2})
list(LENGTH seeds seed_count)
list(LENGTH extra_seeds extra_count)
math(EXPR seed_count "${seed_count} + ${extra_count}")
file(GLOB corpus LIST_DIRECTORIES false "${WORK}/corpus/*")
list(LENGTH corpus corpus_count)
message(STATUS "${NAME}: Done ${runs} runs in ${seconds} s; corpus ${seed_count} seeds -> "
               "${corpus_count} inputs")
