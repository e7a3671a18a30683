# The app's engine client (src/app/engine_client.h) and, on the web, the
# engine's Web Worker. Kept apart from the app's own targets because it needs
# none of the app's libraries (SDL, ImGui, GL): the native tests build it
# without them. Included from src/CMakeLists.txt; a second include does
# nothing.
include_guard(GLOBAL)

# arcade_engine_client: make_engine_client() for this platform. Natively the
# engine's Protocol with a search thread; on the web glue to
# web/engine_client.js (window.arcadeEngine), which the page must load.
if(EMSCRIPTEN)
  add_library(arcade_engine_client STATIC ${CMAKE_CURRENT_LIST_DIR}/engine_client_web.cpp)
  target_include_directories(arcade_engine_client PUBLIC ${CMAKE_CURRENT_LIST_DIR}/..)
  target_link_libraries(arcade_engine_client PRIVATE arcade_warnings)
else()
  add_library(arcade_engine_client STATIC ${CMAKE_CURRENT_LIST_DIR}/engine_client_native.cpp)
  target_link_libraries(arcade_engine_client PUBLIC arcade_engine_sessions PRIVATE arcade_warnings)
endif()

# arcade_engine_worker (web only): the engine as a module for a Web Worker,
# arcade_engine_worker.js + .wasm. web/engine_worker.js loads it with
# importScripts and calls its one export through cwrap; no pthreads, no
# SharedArrayBuffer, so any static host serves it. The page needs, side by
# side: arcade_engine_worker.js, arcade_engine_worker.wasm,
# engine_worker.js and engine_client.js. The two glue files are copied beside
# the module (whose folder is CMAKE_CURRENT_BINARY_DIR), so that this folder
# is a complete set. No eval() or new Function() in the module (the worker
# runs under the site's Content-Security-Policy too).
if(EMSCRIPTEN)
  add_executable(arcade_engine_worker ${CMAKE_CURRENT_LIST_DIR}/engine_worker.cpp)
  target_link_libraries(arcade_engine_worker PRIVATE arcade_engine_sessions arcade_warnings)
  target_link_options(arcade_engine_worker PRIVATE -sENVIRONMENT=worker -sMODULARIZE=1
                      -sEXPORT_NAME=createArcadeEngine
                      # A line reaches the engine through the heap, not the stack.
                      "-sEXPORTED_RUNTIME_METHODS=['cwrap','ccall','lengthBytesUTF8','stringToUTF8']"
                      "-sEXPORTED_FUNCTIONS=['_malloc','_free']" -sDYNAMIC_EXECUTION=0 --no-entry)
  set(arcade_worker_glue_files)
  foreach(arcade_glue engine_worker.js engine_client.js)
    add_custom_command(OUTPUT ${CMAKE_CURRENT_BINARY_DIR}/${arcade_glue}
                       COMMAND ${CMAKE_COMMAND} -E copy ${CMAKE_CURRENT_LIST_DIR}/../../web/${arcade_glue}
                               ${CMAKE_CURRENT_BINARY_DIR}/${arcade_glue}
                       DEPENDS ${CMAKE_CURRENT_LIST_DIR}/../../web/${arcade_glue})
    list(APPEND arcade_worker_glue_files ${CMAKE_CURRENT_BINARY_DIR}/${arcade_glue})
  endforeach()
  add_custom_target(arcade_engine_worker_glue DEPENDS ${arcade_worker_glue_files})
  add_dependencies(arcade_engine_worker arcade_engine_worker_glue)
endif()
