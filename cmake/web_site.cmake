# The web build's site: one folder, build/<web>/site, that any static host
# serves as it is (GitHub Pages, `python3 -m http.server`, ...). It holds the
# page (every file of web/: index.html, page.js, style.css, the engine's glue
# scripts), the app (arcade_app.js + .wasm) and the engine's Web Worker
# (arcade_engine_worker.js + .wasm, when that target exists).
#
# Why a folder assembled by the build rather than served from the build tree:
# the outputs are spread over several binary directories, and a host needs
# them side by side, with nothing else (no object files, no CMake state).
#
# The target `site` is part of ALL. It empties the folder and copies again
# whenever a web/ file or a listed target changes, so removed files do not
# linger. Included from src/app/CMakeLists.txt.
#
# Two things are made for the site rather than copied:
#   - the icons (favicon, the web app manifest's, Apple's), drawn by
#     tools/make_icons.py with python3 (standard library only) into
#     build/<web>/site_icons when the script changes;
#   - the page's background colour, written into index.html, style.css and
#     the manifest (where they say @ARCADE_BACKGROUND@) and the icons from the
#     app's own, src/app/board/palette.h's kBackgroundRgb: one source, so that the
#     page round the canvas never shows a seam of another colour;
#   - the service worker's list of files and version: assemble_site.cmake
#     writes them into the site's service_worker.js, each file with its size
#     and SHA-256 (the worker caches only files that match), the version
#     being a hash of every file's content, so each build that changes a
#     file gets a cache of its own (see web/service_worker.js).
include_guard(GLOBAL)

# arcade_add_web_site(TARGET...): the site with these executables' .js (and
# their .wasm, when they have one). The engine worker is added by itself, at
# the end of the configure, so the order of the CMake files does not matter.
function(arcade_add_web_site)
  set_property(GLOBAL APPEND PROPERTY ARCADE_WEB_SITE_TARGETS ${ARGN})
  get_property(deferred GLOBAL PROPERTY ARCADE_WEB_SITE_DEFERRED)
  if(NOT deferred)
    set_property(GLOBAL PROPERTY ARCADE_WEB_SITE_DEFERRED TRUE)
    cmake_language(DEFER DIRECTORY "${CMAKE_SOURCE_DIR}" CALL _arcade_web_site_rules)
  endif()
endfunction()

function(_arcade_web_site_rules)
  get_property(targets GLOBAL PROPERTY ARCADE_WEB_SITE_TARGETS)
  if(TARGET arcade_engine_worker)
    list(APPEND targets arcade_engine_worker)
  endif()
  set(script "${CMAKE_CURRENT_FUNCTION_LIST_DIR}/assemble_site.cmake")
  file(GLOB page_files LIST_DIRECTORIES false CONFIGURE_DEPENDS "${PROJECT_SOURCE_DIR}/web/*")
  # The icons, drawn at build time (tools/make_icons.py lists them).
  find_package(Python3 COMPONENTS Interpreter)
  if(NOT Python3_Interpreter_FOUND)
    message(FATAL_ERROR "The web site's icons need python3 (tools/make_icons.py)")
  endif()
  # The app's background, "#rrggbb", from the one line that defines it.
  set(palette "${PROJECT_SOURCE_DIR}/src/app/board/palette.h")
  set_property(DIRECTORY "${CMAKE_SOURCE_DIR}" APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${palette}")
  file(STRINGS "${palette}" line REGEX "kBackgroundRgb = 0x[0-9a-fA-F]+")
  if(NOT line MATCHES "kBackgroundRgb = 0x([0-9a-fA-F][0-9a-fA-F][0-9a-fA-F][0-9a-fA-F][0-9a-fA-F][0-9a-fA-F])[^0-9a-fA-F]")
    message(FATAL_ERROR "${palette}: no 'kBackgroundRgb = 0xRRGGBB;' line")
  endif()
  string(TOLOWER "#${CMAKE_MATCH_1}" background)
  set(icon_script "${PROJECT_SOURCE_DIR}/tools/make_icons.py")
  set(icon_dir "${CMAKE_BINARY_DIR}/site_icons")
  set(icons)
  foreach(name icon-32 icon-192 icon-512 icon-maskable-512 apple-touch-icon)
    list(APPEND icons "${icon_dir}/${name}.png")
  endforeach()
  list(APPEND icons "${icon_dir}/favicon.ico")
  add_custom_command(
    OUTPUT ${icons}
    COMMAND "${Python3_EXECUTABLE}" "${icon_script}" "${icon_dir}" "${background}"
    DEPENDS "${icon_script}" "${palette}"
    COMMENT "Drawing the web site's icons"
    VERBATIM)
  set(files ${page_files} ${icons})
  set(optional_files)
  foreach(target IN LISTS targets)
    list(APPEND files "$<TARGET_FILE:${target}>")
    list(APPEND optional_files "$<TARGET_FILE_DIR:${target}>/$<TARGET_FILE_BASE_NAME:${target}>.wasm")
  endforeach()
  # A list cannot pass through a command line intact; "|" separates instead.
  list(JOIN files "|" files_arg)
  list(JOIN optional_files "|" optional_files_arg)
  set(site_dir "${CMAKE_BINARY_DIR}/site")
  set(stamp "${CMAKE_BINARY_DIR}/site.stamp")
  add_custom_command(
    OUTPUT "${stamp}"
    COMMAND "${CMAKE_COMMAND}" "-DSITE=${site_dir}" "-DFILES=${files_arg}"
            "-DOPTIONAL_FILES=${optional_files_arg}" "-DBACKGROUND=${background}"
            -P "${script}"
    COMMAND "${CMAKE_COMMAND}" -E touch "${stamp}"
    DEPENDS ${page_files} ${icons} ${targets} "${script}" "${palette}"
    COMMENT "Assembling the web site in ${site_dir}"
    VERBATIM)
  add_custom_target(site ALL DEPENDS "${stamp}")
endfunction()
