# Seeds for fuzz_protocol too large to commit, written by run_fuzzer.cmake
# into SEED_DIR at run time: lines at, just over and far over the protocol's
# cap of 65,536 bytes (kMaxLineBytes), each followed by lines that show
# whether it changed anything.

# `text` followed by spaces up to `bytes` bytes, into `out`.
function(padded out text bytes)
  string(LENGTH "${text}" length)
  math(EXPR spaces "${bytes} - ${length}")
  string(REPEAT " " ${spaces} padding)
  set(${out} "${text}${padding}" PARENT_SCOPE)
endfunction()

padded(at_cap "position startpos moves b2" 65536)
padded(over_cap "position startpos moves b2 a1" 65537)
file(WRITE "${SEED_DIR}/long_at_the_cap" "${at_cap}\r\nd\n${over_cap}\nd\n")

string(REPEAT "4 " 40000 columns)
file(WRITE "${SEED_DIR}/long_moves"
     "game connect4\nposition startpos moves ${columns}\nd\nisready x\nstop now\nquit now\nd\n")

padded(huge_go "go depth 3" 2097152)
padded(huge_quit "quit" 1048577)
file(WRITE "${SEED_DIR}/long_megabytes" "game tictactoe\n${huge_go}\n${huge_quit}\nmoves\n")
