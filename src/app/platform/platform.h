#pragma once
// What differs between the browser and a native window, behind one header,
// as Dear ImGui's emscripten_mainloop_stub.h keeps it out of its main.cpp:
// platform_web.cpp (the page's storage, clipboard and Web Audio; the page's
// animation frames drive the loop) or platform_native.cpp (a file in the
// user's folder, SDL's clipboard and audio, a loop of our own). CMake
// compiles one of the two; nothing else in the app asks which it is.

#include <functional>

#include "app/app.h"
#include "app/game_storage.h"

namespace arcade::app::platform {

// Where the game in progress is kept between runs: the browser's local
// storage, or a file in the user's preference folder natively. The app
// validates whatever comes back (see GameController::load).
Storage saved_game_storage();

// The clipboard, links, sounds, the system's motion setting and its
// processors.
PlatformServices services();

// Whether the person uses a touch screen from the start (then controls are
// thumb-sized and no key hints are shown; the page knows before the first
// touch). Natively: not until a finger touches.
bool starts_with_touch();

// The app the page's scripts drive (arcade_command, arcade_state: for the
// page and the end-to-end tests), or none (nullptr) once it is gone.
// Natively there is no page: nothing happens.
void serve_page(App* app);

// One turn of the loop: whether to go on, whether it drew a frame.
struct LoopTurn {
  bool running = true;
  bool drew = false;
};

// Runs `turn` once per turn of the main loop. In the browser the page owns
// the loop: `turn` runs once at once (the first board now, not an animation
// frame later), then once per animation frame, and this never returns (it
// unwinds main without destroying its locals, so what `turn` refers to
// stays valid). Natively it loops until `turn` says to stop, paced by vsync
// while drawing and by waiting for events while idle (a short timeout, so
// that engine replies are read).
void run_main_loop(std::function<LoopTurn()> turn);

}  // namespace arcade::app::platform
