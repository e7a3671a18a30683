# The app's engine link (src/app/engine_link/engine_client.h). Kept apart
# from the app's own targets because it needs
# none of the app's libraries (SDL, ImGui, GL): the native tests build it
# without them. Included from src/CMakeLists.txt; a second include does
# nothing.
include_guard(GLOBAL)

# arcade_engine_client: make_engine_client() for this platform. Natively the
# Engine with a search thread, called with its types; on the web the engine's
# WorkerRelay (engine/worker_relay.h: the protocol's rules for a worker that
# reads nothing while it searches) over web/engine_client.js
# (window.arcadeEngine), which the page must load.
if(EMSCRIPTEN)
  add_library(arcade_engine_client STATIC ${CMAKE_CURRENT_LIST_DIR}/engine_client_web.cpp)
  target_include_directories(arcade_engine_client PUBLIC ${CMAKE_CURRENT_LIST_DIR}/../..)
  target_link_libraries(arcade_engine_client PUBLIC arcade_engine PRIVATE arcade_warnings)
else()
  add_library(arcade_engine_client STATIC ${CMAKE_CURRENT_LIST_DIR}/engine_client_native.cpp)
  target_link_libraries(arcade_engine_client PUBLIC arcade_engine_sessions PRIVATE arcade_warnings)
endif()

