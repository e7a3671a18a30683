# Seeds for fuzz_saved_game too large to commit, written by run_fuzzer.cmake
# into SEED_DIR at run time: a whole save padded with unknown lines (passed
# over) to exactly the cap of 1,048,576 bytes (kMaxSaveBytes, read), to a
# byte over it and to 3 MiB (refused); a moves line of 10,001 moves (over the
# 10,000 a game may have).

set(save "minimax-arcade-save 3\ngame connect4\nstart startpos\nmoves 4 4 3 3\nredo \npaused 0\nside0 human 2\nside1 ai 4\n")

# `save` followed by unknown lines of "x" up to `bytes` bytes, into `out`.
function(padded out bytes)
  string(LENGTH "${save}" length)
  math(EXPR rest "${bytes} - ${length} - 1")
  string(REPEAT "x" ${rest} padding)
  set(${out} "${save}${padding}\n" PARENT_SCOPE)
endfunction()

padded(at_cap 1048576)
file(WRITE "${SEED_DIR}/large_at_the_cap" "${at_cap}")
padded(over_cap 1048577)
file(WRITE "${SEED_DIR}/large_over_the_cap" "${over_cap}")
padded(megabytes 3145728)
file(WRITE "${SEED_DIR}/large_megabytes" "${megabytes}")
string(REPEAT " 4" 10001 moves)
file(WRITE "${SEED_DIR}/large_too_many_moves" "minimax-arcade-save 4\ngame connect4\nmoves${moves}\n")
