# Toolchain file for the WebAssembly build: `cmake --preset web`, or
#   cmake -S . -B build/web -G Ninja -DCMAKE_TOOLCHAIN_FILE=emscripten.cmake
#
# Why our own file rather than Emscripten's: the same command must work with
# Debian's package (emcc 3.1.6 on PATH, files in /usr/share/emscripten) and
# with emsdk (EMSDK set, a newer emcc with its own node modules), and the
# project-wide wasm flags belong in one place. This file finds Emscripten,
# includes Emscripten's own toolchain from it, then adds those flags.
# Per-target flags (what the command-line tool or the app needs) stay with
# their targets in src/CMakeLists.txt.
#
# Where Emscripten is looked for, first match wins:
#   1. -DEMSCRIPTEN_ROOT_PATH=DIR
#   2. $EMSDK/upstream/emscripten (emsdk)
#   3. $EMSCRIPTEN
#   4. the directory of emcc on PATH, or what `em-config EMSCRIPTEN_ROOT` says
#      (Debian's /usr/bin/emcc is a wrapper around /usr/share/emscripten)
#   5. /usr/share/emscripten

# CMake reads a toolchain file more than once per configure; the search
# result is cached, and the flags below are only initial values.
function(arcade_is_emscripten_root dir out)
  if(dir AND EXISTS "${dir}/cmake/Modules/Platform/Emscripten.cmake")
    set(${out} TRUE PARENT_SCOPE)
  else()
    set(${out} FALSE PARENT_SCOPE)
  endif()
endfunction()

function(arcade_find_emscripten_root out)
  set(candidates "${EMSCRIPTEN_ROOT_PATH}")
  if(DEFINED ENV{EMSDK})
    list(APPEND candidates "$ENV{EMSDK}/upstream/emscripten")
  endif()
  if(DEFINED ENV{EMSCRIPTEN})
    list(APPEND candidates "$ENV{EMSCRIPTEN}")
  endif()
  find_program(_arcade_emcc NAMES emcc NO_CACHE)
  if(_arcade_emcc)
    get_filename_component(emcc_real "${_arcade_emcc}" REALPATH)
    get_filename_component(emcc_dir "${emcc_real}" DIRECTORY)
    list(APPEND candidates "${emcc_dir}")
    find_program(_arcade_em_config NAMES em-config NO_CACHE)
    if(_arcade_em_config)
      execute_process(COMMAND "${_arcade_em_config}" EMSCRIPTEN_ROOT
                      OUTPUT_VARIABLE configured_root OUTPUT_STRIP_TRAILING_WHITESPACE
                      ERROR_QUIET RESULT_VARIABLE em_config_result)
      if(em_config_result EQUAL 0)
        list(APPEND candidates "${configured_root}")
      endif()
    endif()
  endif()
  list(APPEND candidates /usr/share/emscripten)
  foreach(dir IN LISTS candidates)
    arcade_is_emscripten_root("${dir}" found)
    if(found)
      get_filename_component(dir "${dir}" ABSOLUTE)
      set(${out} "${dir}" PARENT_SCOPE)
      return()
    endif()
  endforeach()
  message(FATAL_ERROR
          "Emscripten not found. Run tools/setup.sh (Debian's emscripten package), activate "
          "emsdk (source emsdk_env.sh), or pass -DEMSCRIPTEN_ROOT_PATH=<emscripten directory>. "
          "Looked in: ${candidates}")
endfunction()

if(NOT ARCADE_EMSCRIPTEN_ROOT)
  arcade_find_emscripten_root(_arcade_root)
  set(ARCADE_EMSCRIPTEN_ROOT "${_arcade_root}" CACHE PATH "The Emscripten used for the web build")
endif()
set(EMSCRIPTEN_ROOT_PATH "${ARCADE_EMSCRIPTEN_ROOT}")

# emsdk ships emcc/em++ beside its toolchain, Debian in /usr/bin. Naming them
# by full path lets an emsdk that is not on PATH work; Emscripten's toolchain
# also runs `em-config` by name during configure, hence the PATH entry.
if(EXISTS "${ARCADE_EMSCRIPTEN_ROOT}/em++")
  set(CMAKE_C_COMPILER "${ARCADE_EMSCRIPTEN_ROOT}/emcc")
  set(CMAKE_CXX_COMPILER "${ARCADE_EMSCRIPTEN_ROOT}/em++")
  set(ENV{PATH} "${ARCADE_EMSCRIPTEN_ROOT}:$ENV{PATH}")
endif()

include("${ARCADE_EMSCRIPTEN_ROOT}/cmake/Modules/Platform/Emscripten.cmake")

# emcc's JavaScript optimizer, which runs at every link at -O1 and above, needs
# node's `acorn` module. emsdk has it in its own node_modules; Debian installs
# it as node-acorn in /usr/share/nodejs, where node does not look unless
# NODE_PATH says so. An environment variable set here would only reach the
# configure step, so the linker (emcc, which runs the optimizer) is started
# through `cmake -E env NODE_PATH=...` instead: a plain `cmake --build` then
# works from any shell. Compiling needs no node.
function(arcade_find_acorn_dir out)
  set(${out} "" PARENT_SCOPE)
  if(EXISTS "${ARCADE_EMSCRIPTEN_ROOT}/node_modules/acorn")
    return()
  endif()
  string(REPLACE ":" ";" dirs "$ENV{NODE_PATH}")
  list(APPEND dirs /usr/share/nodejs /usr/lib/nodejs /usr/local/lib/node_modules
       /usr/lib/node_modules)
  foreach(dir IN LISTS dirs)
    if(dir AND EXISTS "${dir}/acorn")
      set(${out} "${dir}" PARENT_SCOPE)
      return()
    endif()
  endforeach()
  message(WARNING "node's acorn module was not found: optimized emcc links will fail with "
                  "\"Cannot find module 'acorn'\". On Debian: apt-get install node-acorn.")
endfunction()

if(NOT DEFINED ARCADE_EMCC_NODE_PATH)
  arcade_find_acorn_dir(_arcade_acorn_dir)
  if(_arcade_acorn_dir AND DEFINED ENV{NODE_PATH} AND NOT "$ENV{NODE_PATH}" STREQUAL "")
    set(_arcade_acorn_dir "${_arcade_acorn_dir}:$ENV{NODE_PATH}")
  endif()
  set(ARCADE_EMCC_NODE_PATH "${_arcade_acorn_dir}" CACHE STRING
      "NODE_PATH given to emcc so that it finds acorn (empty: not needed)")
endif()
if(ARCADE_EMCC_NODE_PATH AND NOT _arcade_launchers_set)
  set(_arcade_launchers_set TRUE)
  foreach(lang C CXX)
    set(CMAKE_${lang}_LINKER_LAUNCHER "${CMAKE_COMMAND}" -E env
        "NODE_PATH=${ARCADE_EMCC_NODE_PATH}" ${CMAKE_${lang}_LINKER_LAUNCHER})
  endforeach()
endif()

# Project-wide wasm flags (initial values of the CMAKE_*_FLAGS cache entries).
# - Release: CMake's own "-O3 -DNDEBUG" for Clang, which CMake also passes to
#   the link, where emcc optimizes the wasm and minifies the JavaScript.
# - Memory starts at emcc's default (16 MB) and may grow to 256 MB: room for
#   a transposition table of up to about 200 MB, small enough for a phone.
# - A 1 MB stack: the search keeps its PV table on the stack (32 KB), and
#   emsdk's default stack since 3.1.27 is only 64 KB (there the setting is
#   called STACK_SIZE; Debian's 3.1.6 calls it TOTAL_STACK).
# - Browsers, workers and node; no shell engines. The command-line tool
#   narrows this to node in src/CMakeLists.txt.
if(EMSCRIPTEN_VERSION VERSION_LESS 3.1.27)
  set(_arcade_stack_setting TOTAL_STACK)
else()
  set(_arcade_stack_setting STACK_SIZE)
endif()
set(CMAKE_EXE_LINKER_FLAGS_INIT
    "-sALLOW_MEMORY_GROWTH=1 -sMAXIMUM_MEMORY=256MB -s${_arcade_stack_setting}=1MB -sENVIRONMENT=web,worker,node")
