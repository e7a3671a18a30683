// Minimax Arcade's app: an SDL2 window with an OpenGL ES 3 context (WebGL 2 in
// the browser) and Dear ImGui. One source for the native and the web build:
// what differs (who drives the frames, storage, the clipboard, sounds, the
// page's scripts) is behind platform.h, as Dear ImGui's examples keep it in
// their emscripten_mainloop_stub.h. Setup SDL, Main loop, Rendering, Cleanup.
//
//   arcade_app [--frames N] [--screenshot FILE.ppm] [--moves N] [--size WxH]
//              [--command LINE]... [--help]
//
//   --frames N           quit after N frames (tests; run without a display
//                        with SDL_VIDEODRIVER=offscreen)
//   --screenshot FILE    with --frames: write the last frame to FILE (binary PPM)
//   --moves N            the AI plays both sides of a fresh game (through the
//                        same engine client as a person's game); quit once N
//                        moves are on the board, printing them
//   --size WxH           the window's size in points (default 1280x800)
//   --command LINE       one of App::command's lines, run before the first
//                        frame, in order, or "@F LINE" before frame F (no
//                        game is saved: a test or a benchmark never touches
//                        the player's game). With
//                        --frames the run ends printing its frame times:
//                        `lab pan 20 0` with a large tree is the lab's
//                        panning benchmark.

#include <GLES3/gl3.h>
#include <SDL.h>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <optional>

#include "app/app.h"
#include "app/engine_link/engine_client.h"
#include "app/platform/app_options.h"
#include "app/platform/gl_window.h"
#include "app/platform/imgui_sdl_backend.h"
#include "app/platform/platform.h"
#include "app/platform/scripted_run.h"
#include "app/platform/sdl_input.h"
#include "app/theme.h"
#include "imgui.h"
#include "imgui_impl_opengl3.h"

// Emscripten's sysroot has an SDL 1.3 emulation; a wrong include order
// compiles against it without a word. Refuse it here.
static_assert(SDL_MAJOR_VERSION == 2, "SDL.h is not SDL2's: put SDL2's include/SDL2 first");

namespace {

// A paste into a text field (ImGui reads the clipboard for Ctrl+V) goes
// through the app, which refuses one over its cap with a notice.
arcade::app::App* g_app = nullptr;
const char* (*g_read_clipboard)(void*) = nullptr;  // the SDL backend's
void check_pastes() {
  ImGuiIO& io = ImGui::GetIO();
  g_read_clipboard = io.GetClipboardTextFn;
  io.GetClipboardTextFn = [](void* data) -> const char* {
    const char* text = g_read_clipboard ? g_read_clipboard(data) : nullptr;
    return g_app ? g_app->paste_text(text) : "";
  };
}

// Everything a frame needs, owned by main() for the app's lifetime. The app
// and its engines go before the GL context and SDL (member order: the last
// declared is destroyed first), so its GL objects are deleted while the
// context that made them still exists.
struct AppState {
  arcade::app::GlWindow gl;
  arcade::app::ScriptedRun run;  // what --frames, --moves and --command ask
  std::unique_ptr<arcade::app::EngineClient> engine{};
  std::unique_ptr<arcade::app::App> app{};
  arcade::app::SdlInput input{arcade::app::platform::starts_with_touch()};
  std::optional<arcade::app::UiMetrics> metrics{};  // what the fonts and style were made for
  int frame = 0;                                    // frames drawn
  int frames_to_draw = 2;                           // after input, until ImGui has settled
  bool running = true;
};

// The metrics for the window as it is now: its size in points, its pixel
// ratio, touch or not.
arcade::app::UiMetrics current_metrics(const AppState& app) {
  int window_w = 0, window_h = 0, pixels_w = 0, pixels_h = 0;
  SDL_GetWindowSize(app.gl.window, &window_w, &window_h);
  SDL_GL_GetDrawableSize(app.gl.window, &pixels_w, &pixels_h);
  arcade::app::UiMetrics m;
  m.pixel_ratio = window_w > 0 ? std::max(1.0f, static_cast<float>(pixels_w) / window_w) : 1.0f;
  m.scale = arcade::app::ui_scale_for(static_cast<float>(window_w), static_cast<float>(window_h));
  m.touch = app.input.touch();
  return m;
}

// Rebuilds the fonts and the style when the window's metrics change (another
// monitor, browser zoom, a resize past a size step, the first touch).
void follow_metrics(AppState& app) {
  const arcade::app::UiMetrics m = current_metrics(app);
  if (m == app.metrics) return;
  const bool first = !app.metrics;
  const bool fonts_change =
      first || m.scale != app.metrics->scale || m.pixel_ratio != app.metrics->pixel_ratio;
  app.metrics = m;
  arcade::app::apply_style(m);
  if (fonts_change) {
    app.app->set_fonts(arcade::app::load_fonts(m));
    // The backend uploads the first atlas itself, with its other objects.
    if (!first) {
      ImGui_ImplOpenGL3_DestroyFontsTexture();
      ImGui_ImplOpenGL3_CreateFontsTexture();
    }
  }
  app.app->set_touch(m.touch);
}

// Rendering: one frame, counted for a scripted run.
void draw_frame(AppState& app, float seconds) {
  app.run.frame_started();
  follow_metrics(app);
  // The drawable is in pixels (the window's size times the display's scale).
  int fb_width = 0;
  int fb_height = 0;
  SDL_GL_GetDrawableSize(app.gl.window, &fb_width, &fb_height);
  glViewport(0, 0, fb_width, fb_height);
  const ImVec4 clear = arcade::app::palette::kBackground;
  glClearColor(clear.x, clear.y, clear.z, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);

  // The app draws the board as it builds the UI; ImGui's panels go on top.
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplSDL2_NewFrame();
  ImGui::NewFrame();
  app.app->frame(fb_width, fb_height, seconds);
  ImGui::Render();
  glViewport(0, 0, fb_width, fb_height);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  ++app.frame;
  if (!app.run.frame_done(*app.app, app.frame, fb_width, fb_height)) app.running = false;
  SDL_GL_SwapWindow(app.gl.window);
}

// One turn of the loop. A frame is drawn only when something may have
// changed (input, an engine's reply, an animation, a search starting or ending):
// an idle page draws nothing and costs next to no processor time (the
// Dear ImGui wiki's "power save" advice). After input ImGui needs a frame or
// two to settle (hover states, a click's result), hence frames_to_draw.
// Runs with --frames draw every turn: tests and benchmarks count frames.
void tick(AppState& app) {
  if (app.frame > 0 && !app.run.run_commands(*app.app, app.frame)) app.running = false;
  const float seconds = static_cast<float>(SDL_GetTicks64()) / 1000.0f;
  const bool input = app.input.poll(*app.app, app.gl.window);
  if (app.input.quit()) app.running = false;
  const bool busy = app.app->update(seconds);
  if (input || busy || app.app->wants_redraw()) app.frames_to_draw = 3;
  if (app.frames_to_draw == 0 && app.run.options().frames == 0) return;
  if (app.frames_to_draw > 0) --app.frames_to_draw;
  draw_frame(app, seconds);
}

void init_imgui(const arcade::app::GlWindow& gl) {
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  // No imgui.ini: on the web there is no file system to keep it in, and
  // natively it would land in whatever directory the app was started from.
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;
  ImGui_ImplSDL2_InitForOpenGL(gl.window, gl.context);
  ImGui_ImplOpenGL3_Init(gl.glsl_version);
}

// Cleanup: the page's way in and the app (its GL objects while their
// context exists), then ImGui, the context and SDL.
void shutdown(AppState& app) {
  arcade::app::platform::serve_page(nullptr);
  g_app = nullptr;
  app.app.reset();
  app.engine.reset();
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplSDL2_Shutdown();
  ImGui::DestroyContext();
  SDL_GL_DeleteContext(app.gl.context);
  SDL_DestroyWindow(app.gl.window);
  SDL_Quit();
}

}  // namespace

int main(int argc, char** argv) {
  using namespace arcade::app;
  const ParsedOptions parsed = parse_options(argc, argv);
  if (parsed.help) {
    std::printf("Minimax Arcade\n%s%s", kUsage, kOptionsHelp);
    return 0;
  }
  if (!parsed.options) {
    std::fprintf(stderr, "arcade_app: %s\n%s", parsed.error.c_str(), kUsage);
    return 2;
  }

  // Setup SDL: a window with its GL context, and ImGui on it.
  if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_TIMER) != 0) {
    std::fprintf(stderr, "arcade_app: SDL_Init failed: %s\n", SDL_GetError());
    return 1;
  }
  AppState app{create_gl_window("Minimax Arcade", parsed.options->width, parsed.options->height,
                                SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI),
               ScriptedRun(*parsed.options)};
  if (app.gl.window == nullptr) {
    std::fprintf(stderr, "arcade_app: no window with an OpenGL context\n");
    SDL_Quit();
    return 1;
  }
  std::printf("arcade_app: %s\n", reinterpret_cast<const char*>(glGetString(GL_VERSION)));
  init_imgui(app.gl);

  // The engine, and the app around it. A --moves run starts fresh and saves
  // nothing, so a test never touches the player's game.
  app.engine = make_engine_client();
  const bool autoplay = app.run.options().moves > 0 || !app.run.options().commands.empty();
  app.app =
      std::make_unique<App>(*app.engine, autoplay ? Storage{} : platform::saved_game_storage(),
                            make_engine_client, platform::services());
  g_app = app.app.get();
  platform::serve_page(app.app.get());
  check_pastes();
  if (app.run.options().moves > 0) app.app->play_itself();
  if (!app.run.run_commands(*app.app, 0)) {
    shutdown(app);
    return 2;
  }
  // Shader sources carry no #version line: it depends on the context made.
  if (auto problem = app.app->init_graphics(glsl_header(app.gl))) {
    std::fprintf(stderr, "arcade_app: %s\n", problem->c_str());
    shutdown(app);
    return 1;
  }

  // Main loop (in the browser it never returns: the page calls each turn).
  platform::run_main_loop([&app] {
    const int drawn = app.frame;
    tick(app);
    return platform::LoopTurn{app.running, app.frame != drawn};
  });

  // Cleanup.
  app.run.report(*app.app);
  shutdown(app);
  return app.run.exit_code();
}
