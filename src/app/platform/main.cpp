// Minimax Arcade's app: an SDL2 window with an OpenGL ES 3 context (WebGL 2 in
// the browser) and Dear ImGui. One source for the native and the web build:
// the only difference, who drives the frames, lives in run_main_loop().
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
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <map>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "app/app.h"
#include "app/engine_link/engine_client.h"
#include "app/platform/gl_window.h"
#include "app/theme.h"
#include "imgui.h"
#include "imgui_impl_opengl3.h"
#if __has_include("imgui_impl_sdl.h")
#include "imgui_impl_sdl.h"
#else
#include "imgui_impl_sdl2.h"  // its name since Dear ImGui 1.87
#endif

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#endif

#include "engine/parsed.h"
#include "engine/worker_pool.h"

#ifdef __EMSCRIPTEN__
#define EMSCRIPTEN_KEEPALIVE_EXPORT EMSCRIPTEN_KEEPALIVE
#else
#define EMSCRIPTEN_KEEPALIVE_EXPORT
#endif

// Emscripten's sysroot has an SDL 1.3 emulation; a wrong include order
// compiles against it without a word. Refuse it here.
static_assert(SDL_MAJOR_VERSION == 2, "SDL.h is not SDL2's: put SDL2's include/SDL2 first");

namespace {

struct Options {
  int frames = 0;          // quit after this many frames; 0: run until closed
  std::string screenshot;  // with frames: where the last frame goes
  int moves = 0;           // AI against AI until this many moves; 0: play
  int width = 1280, height = 800;
  std::vector<std::string> commands;
};

// The command line, or an error message (none with `help`: --help asked).
struct ParsedOptions {
  std::optional<Options> options;
  std::string error;
  bool help = false;
};

// What --help prints, and the usage line after an error: every option the
// parser takes.
constexpr const char* kUsage =
    "usage: arcade_app [--frames N] [--screenshot FILE.ppm] [--moves N] [--size WxH]\n"
    "                  [--command LINE]... [--help]\n";
constexpr const char* kOptionsHelp =
    "  --frames N           quit after N frames\n"
    "  --screenshot FILE    with --frames: write the last frame to FILE (binary PPM)\n"
    "  --moves N            the AI plays both sides of a fresh game; quit after N moves\n"
    "  --size WxH           the window's size in points (default 1280x800)\n"
    "  --command LINE       a command line of the app's scripting surface, before the\n"
    "                       first frame, or \"@F LINE\" before frame F (repeatable)\n"
    "  --help               this text\n";

ParsedOptions parse_options(int argc, char** argv) {
  Options options;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--help" || arg == "-h") return {std::nullopt, "", true};
    if ((arg == "--frames" || arg == "--screenshot" || arg == "--moves" || arg == "--size" ||
         arg == "--command") &&
        i + 1 == argc) {
      return {std::nullopt, std::string(arg) + " needs a value"};
    }
    if (arg == "--frames") {
      const std::string_view value = argv[++i];
      const char* const value_end = value.data() + value.size();
      const auto [end, ec] = std::from_chars(value.data(), value_end, options.frames);
      if (ec != std::errc() || end != value_end || options.frames < 1) {
        return {std::nullopt, "--frames needs a positive number, not '" + std::string(value) + "'"};
      }
    } else if (arg == "--moves") {
      const std::optional<std::uint64_t> moves = arcade::parse_number(argv[++i], 1, 1000);
      if (!moves) return {std::nullopt, "--moves needs a number from 1 to 1000"};
      options.moves = static_cast<int>(*moves);
    } else if (arg == "--screenshot") {
      options.screenshot = argv[++i];
    } else if (arg == "--command") {
      options.commands.emplace_back(argv[++i]);
    } else if (arg == "--size") {
      const std::string value = argv[++i];
      const std::size_t x = value.find('x');
      const auto w = arcade::parse_number(value.substr(0, x), 200, 8000);
      const auto h = x == std::string::npos ? std::nullopt
                                            : arcade::parse_number(value.substr(x + 1), 200, 8000);
      if (!w || !h) return {std::nullopt, "--size needs WIDTHxHEIGHT, 200 to 8000 each"};
      options.width = static_cast<int>(*w);
      options.height = static_cast<int>(*h);
    } else {
      return {std::nullopt, "unknown argument '" + std::string(arg) + "'"};
    }
  }
  if (!options.screenshot.empty() && options.frames == 0) {
    return {std::nullopt, "--screenshot needs --frames"};
  }
  return {options, ""};
}

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

// Where the game in progress is kept between runs: the browser's local
// storage, or a file in the user's preference folder natively. The app
// validates whatever comes back (see GameController::load).
#ifdef __EMSCRIPTEN__
// clang-format off
// The text's bytes and their count at *length: a zero byte in it must reach
// the reader, which says the save is damaged there (a C string would end
// there unsaid). At most `most` bytes (and a character) are copied: enough
// for the reader to tell the save is over its cap.
EM_JS(char*, load_saved_game, (int* length, int most), {
  let text = null;
  try { text = window.localStorage.getItem('minimax-arcade'); } catch (e) { return 0; }
  if (text === null) return 0;
  const size = Math.min(lengthBytesUTF8(text), most + 4) + 1;
  const buffer = _malloc(size);
  HEAP32[length >> 2] = stringToUTF8(text, buffer, size);
  return buffer;
});
EM_JS(void, store_saved_game, (const char* text), {
  try { window.localStorage.setItem('minimax-arcade', UTF8ToString(text)); } catch (e) {}
});
// clang-format on

arcade::app::Storage make_storage() {
  return {[]() -> std::optional<std::string> {
            int length = 0;
            char* text = load_saved_game(&length, static_cast<int>(arcade::app::kMaxSaveBytes));
            if (text == nullptr) return std::nullopt;
            std::string saved(text, static_cast<std::size_t>(length));
            free(text);
            return saved;
          },
          [](const std::string& text) { store_saved_game(text.c_str()); }};
}
#else
std::string saved_game_path() {
  char* folder = SDL_GetPrefPath("MinimaxArcade", "arcade");
  if (folder == nullptr) return "";
  std::string path = std::string(folder) + "game.txt";
  SDL_free(folder);
  return path;
}

arcade::app::Storage make_storage() {
  return {[]() -> std::optional<std::string> {
            std::ifstream in(saved_game_path(), std::ios::binary);
            if (!in) return std::nullopt;
            // A byte over the cap tells the reader it is over (see App).
            std::string saved(arcade::app::kMaxSaveBytes + 1, '\0');
            in.read(saved.data(), static_cast<std::streamsize>(saved.size()));
            saved.resize(static_cast<std::size_t>(in.gcount()));
            return saved;
          },
          [](const std::string& text) { std::ofstream(saved_game_path()) << text; }};
}
#endif

// The app's text commands and state for the page's scripts (and so for the
// end-to-end tests): Module.ccall('arcade_command', 'string', ['string'], [...]).
arcade::app::App* g_app = nullptr;
std::string g_reply;

extern "C" {
EMSCRIPTEN_KEEPALIVE_EXPORT const char* arcade_command(const char* line) {
  g_reply = g_app ? g_app->command(line) : "error the app is not running";
  return g_reply.c_str();
}
EMSCRIPTEN_KEEPALIVE_EXPORT const char* arcade_state() {
  g_reply = g_app ? g_app->state() : "";
  return g_reply.c_str();
}
// The page's paste (web/page.js): SDL has no system clipboard in the
// browser, so the page puts what is pasted in SDL's for ImGui's Ctrl+V.
EMSCRIPTEN_KEEPALIVE_EXPORT void arcade_set_clipboard(const char* text) {
  SDL_SetClipboardText(text);
}
}

// A paste into a text field (ImGui reads the clipboard for Ctrl+V) goes
// through the app, which refuses one over its cap with a notice.
const char* (*g_read_clipboard)(void*) = nullptr;  // the SDL backend's
void check_pastes() {
  ImGuiIO& io = ImGui::GetIO();
  g_read_clipboard = io.GetClipboardTextFn;
  io.GetClipboardTextFn = [](void* data) -> const char* {
    const char* text = g_read_clipboard ? g_read_clipboard(data) : nullptr;
    return g_app ? g_app->paste_text(text) : "";
  };
}

// Whether the person uses a touch screen (then controls are thumb-sized and
// no key hints are shown; the page knows before the first touch), the
// clipboard, links, sounds, the system's motion setting and its processors.
#ifdef __EMSCRIPTEN__
// clang-format off
EM_JS(int, coarse_pointer, (), {
  return window.matchMedia && window.matchMedia('(pointer: coarse)').matches ? 1 : 0;
});
EM_JS(int, reduced_motion, (), {
  return window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 1 : 0;
});
EM_JS(int, hardware_concurrency, (), {
  return navigator.hardwareConcurrency || 1;
});
EM_JS(void, copy_to_clipboard, (const char* text), {
  if (window.arcadeCopyText) window.arcadeCopyText(UTF8ToString(text));
});
EM_JS(char*, page_address, (), {
  const address = window.location.href.split('#')[0];
  const size = lengthBytesUTF8(address) + 1;
  const buffer = _malloc(size);
  stringToUTF8(address, buffer, size);
  return buffer;
});
// One tone of sounds.h's table, by a Web Audio oscillator.
EM_JS(void, play_tone, (float frequency, float start, float length, int triangle, float peak,
                        float attack), {
  try {
    const context = window.arcadeAudio || (window.arcadeAudio = new AudioContext());
    const at = context.currentTime + start;
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = triangle ? 'triangle' : 'sine';
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(peak, at + attack);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(at);
    oscillator.stop(at + length);
  } catch (e) {}
});
// clang-format on
bool starts_with_touch() {
  return coarse_pointer() != 0;
}

arcade::app::PlatformServices make_platform() {
  arcade::app::PlatformServices p;
  p.copy_text = [](const std::string& text) { copy_to_clipboard(text.c_str()); };
  p.share_url = [](const std::string& fragment) {
    char* address = page_address();
    std::string url = std::string(address) + "#" + fragment;
    free(address);
    return url;
  };
  p.play_sound = [](arcade::app::Sound sound) {
    for (const arcade::app::Tone& t : arcade::app::tones_of(sound))
      play_tone(t.frequency, t.start, t.length, t.triangle, arcade::app::kTonePeak,
                arcade::app::kToneAttack);
  };
  p.prefers_reduced_motion = reduced_motion() != 0;
  p.processors = hardware_concurrency();
  return p;
}
#else
bool starts_with_touch() {
  return false;
}

// The tones of `sound` through SDL's audio, its device opened at the first
// sound (sound is off by default: most runs never open it). Without a device
// (a machine with no sound card, a test) the app stays silent.
void play_samples(arcade::app::Sound sound) {
  static SDL_AudioDeviceID device = 0;
  static bool tried = false;
  static int rate = 0;
  if (!tried) {
    tried = true;
    SDL_AudioSpec want{}, have{};
    want.freq = 44100;
    want.format = AUDIO_F32SYS;
    want.channels = 1;
    want.samples = 512;
    if (SDL_InitSubSystem(SDL_INIT_AUDIO) == 0)
      device = SDL_OpenAudioDevice(nullptr, 0, &want, &have, 0);
    if (!device) std::fprintf(stderr, "arcade_app: no sound: %s\n", SDL_GetError());
    rate = have.freq;
    if (device) SDL_PauseAudioDevice(device, 0);
  }
  if (!device) return;
  const std::vector<float> samples = arcade::app::synthesise(arcade::app::tones_of(sound), rate);
  SDL_QueueAudio(device, samples.data(), static_cast<Uint32>(samples.size() * sizeof(float)));
}

// Natively: the system clipboard and SDL's audio.
arcade::app::PlatformServices make_platform() {
  arcade::app::PlatformServices p;
  p.copy_text = [](const std::string& text) { SDL_SetClipboardText(text.c_str()); };
  p.share_url = [](const std::string& fragment) { return "index.html#" + fragment; };
  p.play_sound = play_samples;
  p.processors = arcade::hardware_threads();
  return p;
}
#endif

// Everything a frame needs, owned by main() for the app's lifetime. The app
// and its engines go before the GL context and SDL (member order: the last
// declared is destroyed first), so its GL objects are deleted while the
// context that made them still exists.
struct AppState {
  arcade::app::GlWindow gl;
  Options options;
  std::unique_ptr<arcade::app::EngineClient> engine{};
  std::unique_ptr<arcade::app::App> app{};
  std::optional<arcade::app::UiMetrics> metrics{};  // what the fonts and style were made for
  bool touch = false;
  int frame = 0;           // frames drawn
  int frames_to_draw = 2;  // after input, until ImGui has settled
  bool running = true;
  int exit_code = 0;
  std::vector<double> frame_ms{};  // from each frame's start to the next's
  std::uint64_t frame_start = 0;
  // The fingers on the screen (window fractions) and, with two, their
  // distance in points at the last event: a pinch zooms.
  std::map<SDL_FingerID, std::pair<float, float>> fingers{};
  float pinch_distance = 0;
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

// The app's keyboard: shortcuts and the board's cursor, when no text field
// has the keyboard.
void handle_key(AppState& app, const SDL_KeyboardEvent& key) {
  if (ImGui::GetIO().WantTextInput) return;
  const bool ctrl = (key.keysym.mod & (KMOD_CTRL | KMOD_GUI)) != 0;
  const SDL_Keycode code = key.keysym.sym;
  using arcade::app::Key;
  if (ctrl && code == SDLK_z) return app.app->key('u');
  if (ctrl && code == SDLK_y) return app.app->key('r');
  if (ctrl) return;
  if (code == SDLK_LEFT) return app.app->board_key(Key::kLeft);
  if (code == SDLK_RIGHT) return app.app->board_key(Key::kRight);
  if (code == SDLK_UP) return app.app->board_key(Key::kUp);
  if (code == SDLK_DOWN) return app.app->board_key(Key::kDown);
  if (code == SDLK_RETURN || code == SDLK_KP_ENTER || code == SDLK_SPACE)
    return app.app->board_key(Key::kEnter);
  if (code == SDLK_ESCAPE) return app.app->board_key(Key::kEscape);
  if (code >= SDLK_a && code <= SDLK_z && !ImGui::GetIO().WantCaptureKeyboard &&
      !app.app->step_letter(static_cast<char>(code)) && !key.repeat)
    app.app->key(static_cast<char>(code));
}

// Two fingers pinch: the app zooms by the change of their distance, about
// their middle (SDL's touch mouse follows one finger only).
void handle_finger(AppState& app, const SDL_TouchFingerEvent& finger) {
  if (finger.type == SDL_FINGERUP)
    app.fingers.erase(finger.fingerId);
  else
    app.fingers[finger.fingerId] = {finger.x, finger.y};
  if (app.fingers.size() < 2) {
    if (app.pinch_distance > 0) app.app->pinch(false, 1, 0, 0);
    app.pinch_distance = 0;
    return;
  }
  int w = 0, h = 0;
  SDL_GetWindowSize(app.gl.window, &w, &h);
  const std::pair<float, float>& b = app.fingers.begin()->second;
  const std::pair<float, float>& d = std::next(app.fingers.begin())->second;
  const float ax = b.first * static_cast<float>(w), ay = b.second * static_cast<float>(h);
  const float bx = d.first * static_cast<float>(w), by = d.second * static_cast<float>(h);
  const float distance = std::hypot(ax - bx, ay - by);
  const float factor = app.pinch_distance > 0 && distance > 0 ? distance / app.pinch_distance : 1;
  app.app->pinch(true, factor, (ax + bx) / 2, (ay + by) / 2);
  app.pinch_distance = std::max(distance, 1.0f);
}

// Reads SDL's events; whether there was any (then the screen may change).
bool handle_events(AppState& app) {
  bool any = false;
  SDL_Event event;
  // ImGui 1.86 reads keys as held or not once a frame: a key pressed and
  // released between two frames (a quick tap of Enter in a text field) would
  // never be seen down. Its release waits for the next frame.
  std::vector<SDL_Keycode> pressed;
  std::vector<SDL_Event> released_later;
  while (SDL_PollEvent(&event)) {
    any = true;
    if (event.type == SDL_KEYUP &&
        std::find(pressed.begin(), pressed.end(), event.key.keysym.sym) != pressed.end()) {
      released_later.push_back(event);
      continue;
    }
    if (event.type == SDL_KEYDOWN) pressed.push_back(event.key.keysym.sym);
    ImGui_ImplSDL2_ProcessEvent(&event);
    if (event.type == SDL_FINGERDOWN) app.touch = true;
    if (event.type == SDL_FINGERDOWN || event.type == SDL_FINGERMOTION ||
        event.type == SDL_FINGERUP)
      handle_finger(app, event.tfinger);
    if (event.type == SDL_MOUSEMOTION && event.motion.which != SDL_TOUCH_MOUSEID) app.touch = false;
    if (event.type == SDL_KEYDOWN) handle_key(app, event.key);
    const bool closed = event.type == SDL_WINDOWEVENT &&
                        event.window.event == SDL_WINDOWEVENT_CLOSE &&
                        event.window.windowID == SDL_GetWindowID(app.gl.window);
    if (event.type == SDL_QUIT || closed) app.running = false;
  }
  for (SDL_Event& later : released_later) SDL_PushEvent(&later);
  return any;
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
  m.touch = app.touch;
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
  const bool input = handle_events(app);
  const bool busy = app.app->update(seconds);
  if (input || busy || app.app->wants_redraw()) app.frames_to_draw = 3;
  if (app.frames_to_draw == 0 && app.options.frames == 0) return;
  if (app.frames_to_draw > 0) --app.frames_to_draw;
  draw_frame(app, seconds);
}

// The one platform difference. In the browser the page owns the loop: tick()
// runs once per animation frame, and emscripten_set_main_loop_arg never
// returns (it unwinds main without destroying its locals, so `app` stays
// valid). Natively we loop, paced by vsync while drawing and by waiting for
// events while idle (a short timeout, so that engine replies are read).
void run_main_loop(AppState& app) {
#ifdef __EMSCRIPTEN__
  tick(app);  // the first board now, not an animation frame later
  emscripten_set_main_loop_arg([](void* arg) { tick(*static_cast<AppState*>(arg)); }, &app, 0,
                               true);
#else
  SDL_GL_SetSwapInterval(1);
  while (app.running) {
    const int drawn = app.frame;
    tick(app);
    if (app.frame == drawn) SDL_WaitEventTimeout(nullptr, 16);
  }
#endif
}

void init_imgui(AppState& app) {
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  // No imgui.ini: on the web there is no file system to keep it in, and
  // natively it would land in whatever directory the app was started from.
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;
  ImGui_ImplSDL2_InitForOpenGL(app.gl.window, app.gl.context);
  ImGui_ImplOpenGL3_Init(app.gl.glsl_version);
}

void shutdown(const arcade::app::GlWindow& gl) {
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplSDL2_Shutdown();
  ImGui::DestroyContext();
  SDL_GL_DeleteContext(gl.context);
  SDL_DestroyWindow(gl.window);
  SDL_Quit();
}

}  // namespace

int main(int argc, char** argv) {
  const ParsedOptions parsed = parse_options(argc, argv);
  if (parsed.help) {
    std::printf("Minimax Arcade\n%s%s", kUsage, kOptionsHelp);
    return 0;
  }
  if (!parsed.options) {
    std::fprintf(stderr, "arcade_app: %s\n%s", parsed.error.c_str(), kUsage);
    return 2;
  }
  if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_TIMER) != 0) {
    std::fprintf(stderr, "arcade_app: SDL_Init failed: %s\n", SDL_GetError());
    return 1;
  }
  AppState app{
      arcade::app::create_gl_window("Minimax Arcade", parsed.options->width, parsed.options->height,
                                    SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI),
      *parsed.options};
  if (app.gl.window == nullptr) {
    std::fprintf(stderr, "arcade_app: no window with an OpenGL context\n");
    SDL_Quit();
    return 1;
  }
  std::printf("arcade_app: %s\n", reinterpret_cast<const char*>(glGetString(GL_VERSION)));
  init_imgui(app);

  // The engine, and the app around it. A --moves run starts fresh and saves
  // nothing, so a test never touches the player's game.
  app.engine = arcade::app::make_engine_client();
  const bool autoplay = app.options.moves > 0 || !app.options.commands.empty();
  app.app = std::make_unique<arcade::app::App>(*app.engine,
                                               autoplay ? arcade::app::Storage{} : make_storage(),
                                               arcade::app::make_engine_client, make_platform());
  g_app = app.app.get();
  check_pastes();
  app.touch = starts_with_touch();
  if (app.options.moves > 0) app.app->play_itself();
  if (!run_commands(app)) {
    app.app.reset();
    shutdown(app.gl);
    return 2;
  }
  // Shader sources carry no #version line: it depends on the context made.
  if (auto problem = app.app->init_graphics(arcade::app::glsl_header(app.gl))) {
    std::fprintf(stderr, "arcade_app: %s\n", problem->c_str());
    app.app.reset();
    shutdown(app.gl);
    return 1;
  }
  run_main_loop(app);
  report_frames(app);
  // The app's GL objects go while their context exists.
  g_app = nullptr;
  app.app.reset();
  app.engine.reset();
  shutdown(app.gl);
  return app.exit_code;
}
