# The games, from src/games/games.txt (one line a game: `<name> <Type>`):
# adds each game's folder src/games/<name>/ (whose CMakeLists.txt adds its
# sources to arcade_games, any engine-host data to arcade_engine_sessions,
# and its command-line tools to arcade_game_tools), and writes games/registered_games.h, which
# includes each folder's registration.h and lists the types in order as
# RegisteredGames (src/games/registered_game.h). Sets ARCADE_GAMES (the
# names, in order) in the caller and as a global property, for the tests.
function(arcade_add_games list_file generated_dir)
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${list_file})
  file(STRINGS ${list_file} lines)
  set(names)
  set(includes "")
  set(types)
  foreach(line IN LISTS lines)
    if(line MATCHES "^[ \t]*(#|$)")
      continue()
    endif()
    if(NOT line MATCHES "^([a-z0-9_]+)[ \t]+([A-Za-z_][A-Za-z0-9_]*)[ \t]*$")
      message(FATAL_ERROR "${list_file}: not `<name> <Type>`: '${line}'")
    endif()
    set(name ${CMAKE_MATCH_1})
    list(APPEND names ${name})
    list(APPEND types ${CMAKE_MATCH_2})
    string(APPEND includes "#include \"games/${name}/registration.h\"\n")
    add_subdirectory(${CMAKE_CURRENT_SOURCE_DIR}/games/${name} ${CMAKE_CURRENT_BINARY_DIR}/games/${name})
  endforeach()
  list(JOIN types ", " type_list)
  set(header "#pragma once\n// Written by cmake/games.cmake from src/games/games.txt.\n${includes}\n")
  string(APPEND header "namespace arcade {\nusing RegisteredGames = GameList<${type_list}>;\n}  // namespace arcade\n")
  file(WRITE ${generated_dir}/games/registered_games.h.new "${header}")
  configure_file(${generated_dir}/games/registered_games.h.new ${generated_dir}/games/registered_games.h
                 COPYONLY)
  set(ARCADE_GAMES ${names} PARENT_SCOPE)
  set_property(GLOBAL PROPERTY ARCADE_GAMES ${names})
endfunction()
