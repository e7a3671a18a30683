# Seeds for fuzz_link too large to commit, written by run_fuzzer.cmake into
# SEED_DIR at run time (byte 0: 2 a link, 3 pasted, with Connect Four on the
# board; 6 a link with Tic-tac-toe): the 300,020-character link that crashed the web
# app, links exactly at the cap of 65,536 characters (read) and a character
# over it, one of 3 MB, and a move list of 10,001 moves (over the 10,000 a
# game may have).

string(ASCII 2 link)
string(ASCII 3 paste)
string(ASCII 6 tictactoe_link)
set(head "game=connect4&moves=")
string(LENGTH "${head}" head_length)

# The link `head` followed by `count` characters of `fill`, into `out`.
function(long_link out count fill)
  string(REPEAT "${fill}" ${count} tail)
  set(${out} "${head}${tail}" PARENT_SCOPE)
endfunction()

long_link(crash 300000 "4")
file(WRITE "${SEED_DIR}/large_link_300020" "${link}${crash}")
file(WRITE "${SEED_DIR}/large_paste_300020" "${paste}${crash}")
math(EXPR at_cap "65536 - ${head_length} - 7")
long_link(cap ${at_cap} " ")
file(WRITE "${SEED_DIR}/large_link_at_the_cap" "${link}4.4.5.3${cap}")
file(WRITE "${SEED_DIR}/large_link_over_the_cap" "${link}4.4.5.3${cap} ")
long_link(megabytes 3000000 "4")
file(WRITE "${SEED_DIR}/large_link_megabytes" "${link}${megabytes}")
string(REPEAT "b2." 10001 moves)
file(WRITE "${SEED_DIR}/large_link_too_many_moves" "${tictactoe_link}game=tictactoe&moves=${moves}")
string(REPEAT "4 " 10001 words)
file(WRITE "${SEED_DIR}/large_paste_too_many_moves" "${paste}${words}")
