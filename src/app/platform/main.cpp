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
#include <fstream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "app/app.h"
#include "app/engine_link/engine_client.h"
#include "app/platform/app_options.h"
#include "app/platform/gl_window.h"
#include "app/platform/platform.h"
#include "app/platform/sdl_input.h"
#include "app/theme.h"
#include "engine/parsed.h"
#include "imgui.h"
#include "imgui_impl_opengl3.h"
#if __has_include("imgui_impl_sdl.h")
#include "imgui_impl_sdl.h"
#else
#include "imgui_impl_sdl2.h"  // its name since Dear ImGui 1.87
#endif

// Emscripten's sysroot has an SDL 1.3 emulation; a wrong include order
// compiles against it without a word. Refuse it here.
static_assert(SDL_MAJOR_VERSION == 2, "SDL.h is not SDL2's: put SDL2's include/SDL2 first");

namespace {

using arcade::app::Options;

// Writes the current framebuffer as a binary PPM: what a frame showed, for
// tests without a display.
bool save_ppm(const std::string& path, int width, int height) {
  const std::vector<unsigned char> rgba = arcade::app::read_pixels(width, height);
  std::ofstream out(path, std::ios::binary);
  out << "P6\n" << width << ' ' << height << "\n255\n";
  // GL's rows go bottom to top, PPM's top to bottom.
  for (int y = height - 1; y >= 0; --y) {
    for (int x = 0; x < width; ++x) {
      const unsigned char* pixel = &rgba[(static_cast<std::size_t>(y) * width + x) * 4];
      out.write(reinterpret_cast<const char*>(pixel), 3);
    }
  }
  return static_cast<bool>(out);
}

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
  Options options;
  std::unique_ptr<arcade::app::EngineClient> engine{};
  std::unique_ptr<arcade::app::App> app{};
  arcade::app::SdlInput input{arcade::app::platform::starts_with_touch()};
  std::optional<arcade::app::UiMetrics> metrics{};  // what the fonts and style were made for
  int frame = 0;                                    // frames drawn
  int frames_to_draw = 2;                           // after input, until ImGui has settled
  bool running = true;
  int exit_code = 0;
  std::vector<double> frame_ms{};  // from each frame's start to the next's
  std::uint64_t frame_start = 0;
};

// With --frames and --command: the frame times of the run's second half (the
// first may wait for a search), and the lab's state, for benchmarks.
void report_frames(const AppState& app) {
  if (app.options.commands.empty() || app.frame_ms.size() < 4) return;
  std::vector<double> ms(app.frame_ms.begin() + static_cast<long>(app.frame_ms.size() / 2),
                         app.frame_ms.end());
  std::sort(ms.begin(), ms.end());
  const double median = ms[ms.size() / 2], p95 = ms[ms.size() * 95 / 100];
  std::printf("arcade_app: %zu frames: median %.1f ms, p95 %.1f ms (%.0f fps at the median)\n",
              ms.size(), median, p95, 1000.0 / median);
  std::istringstream state(app.app->state());
  for (std::string line; std::getline(state, line);)
    if (line.rfind("lab_", 0) == 0 && line.rfind("lab_sentence", 0) != 0)
      std::printf("arcade_app: %s\n", line.c_str());
}

// Ends the run after --frames frames, saving the last one if asked.
void count_frame(AppState& app, int fb_width, int fb_height) {
  ++app.frame;
  const std::vector<std::string> moves = app.app->game().moves();
  if (app.options.moves &&
      (static_cast<int>(moves.size()) >= app.options.moves || app.app->game().game_over())) {
    std::printf("arcade_app: played %zu moves:", moves.size());
    for (const std::string& m : moves) std::printf(" %s", m.c_str());
    std::printf("\n");
    app.running = false;
  }
  if (app.options.frames == 0 || app.frame < app.options.frames) return;
  app.running = false;
  if (!app.options.screenshot.empty() && !save_ppm(app.options.screenshot, fb_width, fb_height)) {
    std::fprintf(stderr, "arcade_app: cannot write %s\n", app.options.screenshot.c_str());
    app.exit_code = 1;
  }
}

// Runs the --command lines due before this frame; false after an error.
bool run_commands(AppState& app) {
  for (const std::string& line : app.options.commands) {
    int at = 0;
    std::string command = line;
    if (line.rfind('@', 0) == 0) {
      const std::size_t space = line.find(' ');
      at = static_cast<int>(
          arcade::parse_number(line.substr(1, space - 1), 0, 1'000'000).value_or(0));
      command = space == std::string::npos ? "" : line.substr(space + 1);
    }
    if (at != app.frame) continue;
    const std::string reply = app.app->command(command);
    if (reply == "ok") continue;
    std::fprintf(stderr, "arcade_app: --command '%s': %s\n", line.c_str(), reply.c_str());
    app.exit_code = 2;
    return false;
  }
  return true;
}

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

// Rendering: the board as the app builds the UI, then ImGui's panels on top.
void draw_frame(AppState& app, float seconds) {
  const std::uint64_t now = SDL_GetPerformanceCounter();
  if (app.frame_start)
    app.frame_ms.push_back(1000.0 * static_cast<double>(now - app.frame_start) /
                           static_cast<double>(SDL_GetPerformanceFrequency()));
  app.frame_start = now;
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
  count_frame(app, fb_width, fb_height);
  SDL_GL_SwapWindow(app.gl.window);
}

// One turn of the loop. A frame is drawn only when something may have
// changed (input, an engine's reply, an animation, a search starting or ending):
// an idle page draws nothing and costs next to no processor time (the
// Dear ImGui wiki's "power save" advice). After input ImGui needs a frame or
// two to settle (hover states, a click's result), hence frames_to_draw.
// Runs with --frames draw every turn: tests and benchmarks count frames.
void tick(AppState& app) {
  if (app.frame > 0 && !run_commands(app)) app.running = false;
  const float seconds = static_cast<float>(SDL_GetTicks64()) / 1000.0f;
  const bool input = app.input.poll(*app.app, app.gl.window);
  if (app.input.quit()) app.running = false;
  const bool busy = app.app->update(seconds);
  if (input || busy || app.app->wants_redraw()) app.frames_to_draw = 3;
  if (app.frames_to_draw == 0 && app.options.frames == 0) return;
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
               *parsed.options};
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
  const bool autoplay = app.options.moves > 0 || !app.options.commands.empty();
  app.app =
      std::make_unique<App>(*app.engine, autoplay ? Storage{} : platform::saved_game_storage(),
                            make_engine_client, platform::services());
  g_app = app.app.get();
  platform::serve_page(app.app.get());
  check_pastes();
  if (app.options.moves > 0) app.app->play_itself();
  if (!run_commands(app)) {
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
  report_frames(app);
  shutdown(app);
  return app.exit_code;
}
