# The app's libraries (src/app): Dear ImGui, SDL2, and OpenGL ES 3 (WebGL 2
# in the browser). Included from src/app/CMakeLists.txt. Defines
#   ARCADE_BUILD_APP    ON when the app is built (see below)
#   imgui               a static library of Dear ImGui with its SDL2 and
#                       OpenGL 3 backends, SDL2 and GL linked
#   arcade_sdl2         SDL2: the system's natively, the cache's wasm build
#                       on the web
#   arcade_gles         OpenGL ES 3: libGLESv2 natively, WebGL 2 on the web
#
# Why from sources rather than packages: the app must be the same natively and
# on the web, and the web has no packages. Debian's source packages give Dear
# ImGui 1.86 and SDL2 2.26.5; tools/setup.sh unpacks them into a cache
# directory outside the repository (never committed) and builds SDL2 for
# WebAssembly there. Natively SDL2 comes from the system (libsdl2-dev).
#
# Where to look (cache variables; the defaults are where tools/setup.sh puts
# things: $ARCADE_CACHE_DIR, else ${XDG_CACHE_HOME:-$HOME/.cache}/minimax-arcade):
#   ARCADE_IMGUI_DIR       Dear ImGui's source tree (imgui.cpp, backends/)
#   ARCADE_SDL2_WASM_DIR   the install prefix of SDL2 built with Emscripten
#
# ARCADE_BUILD_APP: left unset, the app is built when all of this is found,
# and found again at each configure until it is (so running tools/setup.sh
# after a first configure is enough). Set ON, missing pieces are an error;
# set OFF, nothing here is looked for.
include_guard(GLOBAL)

function(arcade_default_cache_dir out)
  if(NOT "$ENV{ARCADE_CACHE_DIR}" STREQUAL "")
    set(${out} "$ENV{ARCADE_CACHE_DIR}" PARENT_SCOPE)
  elseif(NOT "$ENV{XDG_CACHE_HOME}" STREQUAL "")
    set(${out} "$ENV{XDG_CACHE_HOME}/minimax-arcade" PARENT_SCOPE)
  else()
    set(${out} "$ENV{HOME}/.cache/minimax-arcade" PARENT_SCOPE)
  endif()
endfunction()

arcade_default_cache_dir(_arcade_cache_dir)
set(ARCADE_IMGUI_DIR "${_arcade_cache_dir}/imgui" CACHE PATH
    "Dear ImGui's source tree (tools/setup.sh unpacks Debian's imgui 1.86 there)")
set(ARCADE_SDL2_WASM_DIR "${_arcade_cache_dir}/sdl2-wasm" CACHE PATH
    "Install prefix of SDL2 built with Emscripten (tools/setup.sh builds it there)")

# ImGui 1.87 renamed the SDL backend imgui_impl_sdl2; both names are accepted
# so that a newer ImGui tree can be used with emsdk.
function(arcade_find_imgui missing_var)
  set(missing ${${missing_var}})
  if(NOT EXISTS "${ARCADE_IMGUI_DIR}/imgui.cpp")
    list(APPEND missing "Dear ImGui sources (ARCADE_IMGUI_DIR=${ARCADE_IMGUI_DIR})")
  endif()
  set(${missing_var} ${missing} PARENT_SCOPE)
endfunction()

# SDL2 natively: the system's. On the web: the cache's wasm build, and only
# there (Emscripten's sysroot would otherwise re-root the search).
function(arcade_find_sdl2 missing_var)
  set(missing ${${missing_var}})
  if(EMSCRIPTEN)
    find_package(SDL2 CONFIG QUIET PATHS "${ARCADE_SDL2_WASM_DIR}" NO_DEFAULT_PATH
                 NO_CMAKE_FIND_ROOT_PATH)
    if(NOT TARGET SDL2::SDL2-static)
      list(APPEND missing "SDL2 built for WebAssembly (ARCADE_SDL2_WASM_DIR=${ARCADE_SDL2_WASM_DIR})")
    endif()
  else()
    find_package(SDL2 CONFIG QUIET)
    if(NOT TARGET SDL2::SDL2)
      list(APPEND missing "SDL2 (libsdl2-dev)")
    endif()
  endif()
  set(${missing_var} ${missing} PARENT_SCOPE)
endfunction()

# OpenGL ES 3 natively (libgles-dev); Emscripten provides GL itself.
function(arcade_find_gles missing_var)
  set(missing ${${missing_var}})
  if(NOT EMSCRIPTEN)
    find_path(ARCADE_GLES3_INCLUDE_DIR GLES3/gl3.h)
    find_library(ARCADE_GLESV2_LIBRARY GLESv2)
    if(NOT ARCADE_GLES3_INCLUDE_DIR OR NOT ARCADE_GLESV2_LIBRARY)
      list(APPEND missing "OpenGL ES 3 headers and libGLESv2 (libgles-dev)")
    endif()
  endif()
  set(${missing_var} ${missing} PARENT_SCOPE)
endfunction()

function(arcade_add_sdl2_target)
  add_library(arcade_sdl2 INTERFACE)
  if(EMSCRIPTEN)
    # include/SDL2 must come before everything else: Emscripten's sysroot has
    # an SDL 1.3 emulation whose SDL.h an `#include <SDL.h>` would otherwise
    # find, silently. The imported target's directories come as -isystem,
    # after it; a plain -I here goes first.
    target_include_directories(arcade_sdl2 BEFORE INTERFACE
                               "${ARCADE_SDL2_WASM_DIR}/include/SDL2")
    target_link_libraries(arcade_sdl2 INTERFACE SDL2::SDL2-static)
  else()
    target_link_libraries(arcade_sdl2 INTERFACE SDL2::SDL2)
  endif()
endfunction()

function(arcade_add_gles_target)
  add_library(arcade_gles INTERFACE)
  if(EMSCRIPTEN)
    target_link_options(arcade_gles INTERFACE -sMIN_WEBGL_VERSION=2 -sMAX_WEBGL_VERSION=2)
  else()
    target_include_directories(arcade_gles SYSTEM INTERFACE "${ARCADE_GLES3_INCLUDE_DIR}")
    target_link_libraries(arcade_gles INTERFACE "${ARCADE_GLESV2_LIBRARY}")
  endif()
endfunction()

# The same sources and the same GL flavour natively and on the web, so that
# both run the same renderer: the OpenGL 3 backend for OpenGL ES 3 (WebGL 2),
# which natively also drives a desktop 3.3 core context through libGLESv2.
# ImGui's headers are SYSTEM for its users, so its warnings stay out of ours.
function(arcade_add_imgui_target)
  set(dir "${ARCADE_IMGUI_DIR}")
  set(sdl_backend "${dir}/backends/imgui_impl_sdl.cpp")
  if(NOT EXISTS "${sdl_backend}")
    set(sdl_backend "${dir}/backends/imgui_impl_sdl2.cpp")
  endif()
  add_library(imgui STATIC
    "${dir}/imgui.cpp"
    "${dir}/imgui_draw.cpp"
    "${dir}/imgui_tables.cpp"
    "${dir}/imgui_widgets.cpp"
    "${sdl_backend}"
    "${dir}/backends/imgui_impl_opengl3.cpp"
  )
  target_include_directories(imgui SYSTEM PUBLIC "${dir}" "${dir}/backends")
  # ImGui's hooks for its test engine, implemented by src/app/imgui_items.cpp
  # (every item a frame drew, for the app's monkey): off until a test turns
  # them on. A library of its own, linked after ImGui, so that ImGui's
  # sources keep their own flags and ours our warnings.
  target_compile_definitions(imgui PRIVATE IMGUI_ENABLE_TEST_ENGINE)
  add_library(arcade_imgui_items STATIC "${PROJECT_SOURCE_DIR}/src/app/imgui_items.cpp")
  target_include_directories(arcade_imgui_items SYSTEM PUBLIC "${dir}")
  target_include_directories(arcade_imgui_items PUBLIC "${PROJECT_SOURCE_DIR}/src")
  target_link_libraries(arcade_imgui_items PRIVATE arcade_warnings)
  if(TARGET arcade_sanitizers)
    target_link_libraries(arcade_imgui_items PRIVATE arcade_sanitizers)
  endif()
  target_link_libraries(imgui PUBLIC arcade_imgui_items)
  # Third-party code: its own warnings (C++20 deprecations in 1.86) are not ours to fix.
  target_compile_options(imgui PRIVATE -w)
  target_compile_definitions(imgui PUBLIC IMGUI_IMPL_OPENGL_ES3)
  # 32-bit indices: on GLES 3 and WebGL 2 the backend cannot draw a list in
  # parts (no VtxOffset), and a large lab tree passes 65,536 vertices in
  # one list: drawn wrong, or ImGui's assertion in a build that checks (the
  # monkey under ASan, a Connect Four tree at 1920x1080). Every user of
  # ImGui's headers sees the same type.
  target_compile_definitions(imgui PUBLIC ImDrawIdx=unsigned)
  target_link_libraries(imgui PUBLIC arcade_sdl2 arcade_gles)
  # Under the sanitizers ImGui is checked with the app that drives it: an
  # out-of-range read through ImGui's buffers is the app's bug too.
  if(TARGET arcade_sanitizers)
    target_link_libraries(imgui PRIVATE arcade_sanitizers)
  endif()
endfunction()

if(DEFINED ARCADE_BUILD_APP AND NOT ARCADE_BUILD_APP)
  return()
endif()

set(_arcade_app_missing)
arcade_find_imgui(_arcade_app_missing)
arcade_find_sdl2(_arcade_app_missing)
arcade_find_gles(_arcade_app_missing)

if(_arcade_app_missing)
  list(JOIN _arcade_app_missing ", " _arcade_app_missing_text)
  if(ARCADE_BUILD_APP)
    message(FATAL_ERROR "ARCADE_BUILD_APP is ON but these are missing: ${_arcade_app_missing_text}. "
                        "Run tools/setup.sh, or set the paths named.")
  endif()
  # A plain variable, not a cached OFF: the next configure looks again.
  set(ARCADE_BUILD_APP OFF)
  message(STATUS "The app (arcade_app) is not built: missing ${_arcade_app_missing_text}. "
                 "Run tools/setup.sh.")
  return()
endif()

option(ARCADE_BUILD_APP "Build the app (Dear ImGui + SDL2 + OpenGL ES 3 / WebGL 2)" ON)
arcade_add_sdl2_target()
arcade_add_gles_target()
arcade_add_imgui_target()
