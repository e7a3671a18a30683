# The native app's smoke tests, without a display (SDL's offscreen driver):
#
#   cmake -DAPP=arcade_app -DHOME_DIR=DIR -DMODE=moves -P app_smoke.cmake
#     The AI plays both sides of a fresh Connect Four game (named by a
#     `game` command: the app itself names no game) through the app's engine
#     client; passes when the app exits 0 having printed six moves.
#   cmake -DAPP=arcade_app -DHOME_DIR=DIR -DMODE=screenshot -DFRAME=FILE.ppm -P app_smoke.cmake
#     Thirty frames, the last written to FILE.ppm; passes when the file is a
#     binary PPM whose size matches its header.
#   cmake -DAPP=arcade_app -DHOME_DIR=DIR -DMODE=help -P app_smoke.cmake
#     --help prints the usage, every option the app takes among it, and
#     exits 0; an unknown argument exits 2 with the same usage.
#
# Why a script and not PASS_REGULAR_EXPRESSION: ctest ignores the exit code
# when a test has an output pattern, and a crash after the line would pass.
# HOME_DIR stands in for the home folder (and XDG_DATA_HOME), so the app
# never reads or writes the player's saved game.

foreach(var APP HOME_DIR MODE)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "app_smoke.cmake needs -D${var}=...")
  endif()
endforeach()

file(MAKE_DIRECTORY ${HOME_DIR})
set(ENV{SDL_VIDEODRIVER} offscreen)
set(ENV{HOME} ${HOME_DIR})
set(ENV{XDG_DATA_HOME} ${HOME_DIR})

if(MODE STREQUAL "moves")
  execute_process(COMMAND ${APP} --moves 6 --frames 3000 --command "game connect4"
                  RESULT_VARIABLE result
                  OUTPUT_VARIABLE output ERROR_VARIABLE errors TIMEOUT 60)
  message("${output}${errors}")
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "FAIL: ${APP} exited with '${result}'")
  endif()
  # Six Connect Four columns: no game of Connect Four ends before move 7,
  # so the six moves are always there, whatever the AI picks.
  string(REPEAT " [1-7]" 6 six_squares)  # CMake's regexes have no {6}
  if(NOT output MATCHES "arcade_app: played 6 moves:${six_squares}\n")
    message(FATAL_ERROR "FAIL: no line 'arcade_app: played 6 moves:' with six columns")
  endif()
elseif(MODE STREQUAL "screenshot")
  file(REMOVE ${FRAME})
  get_filename_component(folder ${FRAME} DIRECTORY)
  file(MAKE_DIRECTORY ${folder})
  execute_process(COMMAND ${APP} --frames 30 --screenshot ${FRAME} RESULT_VARIABLE result
                  OUTPUT_VARIABLE output ERROR_VARIABLE errors TIMEOUT 60)
  message("${output}${errors}")
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "FAIL: ${APP} exited with '${result}'")
  endif()
  if(NOT EXISTS ${FRAME})
    message(FATAL_ERROR "FAIL: ${FRAME} was not written")
  endif()
  # The header is text; reading stops at the first NUL of the pixels.
  file(READ ${FRAME} start LIMIT 32)
  if(NOT start MATCHES "^(P6\n([0-9]+) ([0-9]+)\n255\n)")
    message(FATAL_ERROR "FAIL: ${FRAME} does not start with a binary PPM header")
  endif()
  string(LENGTH "${CMAKE_MATCH_1}" header_size)
  set(width ${CMAKE_MATCH_2})
  set(height ${CMAKE_MATCH_3})
  math(EXPR expected "${header_size} + ${width} * ${height} * 3")
  file(SIZE ${FRAME} size)
  if(width EQUAL 0 OR height EQUAL 0 OR NOT size EQUAL expected)
    message(FATAL_ERROR "FAIL: ${width}x${height} pixels need ${expected} bytes, ${FRAME} has ${size}")
  endif()
  message("PASS: ${width}x${height} frame in ${FRAME}")
elseif(MODE STREQUAL "help")
  execute_process(COMMAND ${APP} --help RESULT_VARIABLE result OUTPUT_VARIABLE output
                  ERROR_VARIABLE errors TIMEOUT 60)
  message("${output}${errors}")
  if(NOT result EQUAL 0 OR errors MATCHES "unknown argument")
    message(FATAL_ERROR "FAIL: --help exited with '${result}': ${errors}")
  endif()
  foreach(option --frames --screenshot --moves --size --command --help)
    if(NOT output MATCHES "usage: arcade_app [^\n]*\n?[^\n]*\\[${option}( |\\])")
      message(FATAL_ERROR "FAIL: --help's usage line has no [${option} ...]")
    endif()
  endforeach()
  execute_process(COMMAND ${APP} --no-such-option RESULT_VARIABLE result
                  OUTPUT_VARIABLE output ERROR_VARIABLE errors TIMEOUT 60)
  if(NOT result EQUAL 2 OR NOT errors MATCHES "unknown argument '--no-such-option'\nusage: arcade_app .*--command")
    message(FATAL_ERROR "FAIL: an unknown argument exited with '${result}': ${errors}")
  endif()
  message("PASS: --help, and the usage after an unknown argument")
else()
  message(FATAL_ERROR "app_smoke.cmake: MODE is moves, screenshot or help, not '${MODE}'")
endif()
