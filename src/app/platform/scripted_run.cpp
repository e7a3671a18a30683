#include "app/platform/scripted_run.h"

#include <SDL.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include "app/platform/gl_window.h"
#include "engine/parsed.h"

namespace arcade::app {
namespace {

// Writes the current framebuffer as a binary PPM: what a frame showed, for
// tests without a display.
bool save_ppm(const std::string& path, int width, int height) {
  const std::vector<unsigned char> rgba = read_pixels(width, height);
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

}  // namespace

bool ScriptedRun::run_commands(App& app, int frame) {
  for (const std::string& line : options_.commands) {
    int at = 0;
    std::string command = line;
    if (line.rfind('@', 0) == 0) {
      const std::size_t space = line.find(' ');
      at = static_cast<int>(parse_number(line.substr(1, space - 1), 0, 1'000'000).value_or(0));
      command = space == std::string::npos ? "" : line.substr(space + 1);
    }
    if (at != frame) continue;
    const std::string reply = app.command(command);
    if (reply == "ok") continue;
    std::fprintf(stderr, "arcade_app: --command '%s': %s\n", line.c_str(), reply.c_str());
    exit_code_ = 2;
    return false;
  }
  return true;
}

void ScriptedRun::frame_started() {
  const std::uint64_t now = SDL_GetPerformanceCounter();
  if (frame_start_)
    frame_ms_.push_back(1000.0 * static_cast<double>(now - frame_start_) /
                        static_cast<double>(SDL_GetPerformanceFrequency()));
  frame_start_ = now;
}

bool ScriptedRun::frame_done(const App& app, int frame, int fb_width, int fb_height) {
  bool goes_on = true;
  const std::vector<std::string> moves = app.game().moves();
  if (options_.moves &&
      (static_cast<int>(moves.size()) >= options_.moves || app.game().game_over())) {
    std::printf("arcade_app: played %zu moves:", moves.size());
    for (const std::string& m : moves) std::printf(" %s", m.c_str());
    std::printf("\n");
    goes_on = false;
  }
  if (options_.frames == 0 || frame < options_.frames) return goes_on;
  if (!options_.screenshot.empty() && !save_ppm(options_.screenshot, fb_width, fb_height)) {
    std::fprintf(stderr, "arcade_app: cannot write %s\n", options_.screenshot.c_str());
    exit_code_ = 1;
  }
  return false;
}

void ScriptedRun::report(const App& app) const {
  if (options_.commands.empty() || frame_ms_.size() < 4) return;
  std::vector<double> ms(frame_ms_.begin() + static_cast<long>(frame_ms_.size() / 2),
                         frame_ms_.end());
  std::sort(ms.begin(), ms.end());
  const double median = ms[ms.size() / 2], p95 = ms[ms.size() * 95 / 100];
  std::printf("arcade_app: %zu frames: median %.1f ms, p95 %.1f ms (%.0f fps at the median)\n",
              ms.size(), median, p95, 1000.0 / median);
  std::istringstream state(app.state());
  for (std::string line; std::getline(state, line);)
    if (line.rfind("lab_", 0) == 0 && line.rfind("lab_sentence", 0) != 0)
      std::printf("arcade_app: %s\n", line.c_str());
}

}  // namespace arcade::app
