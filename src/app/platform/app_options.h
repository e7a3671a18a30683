#pragma once
// arcade_app's command line (main.cpp's header says what each option does).

#include <optional>
#include <string>
#include <vector>

namespace arcade::app {

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
inline constexpr const char* kUsage =
    "usage: arcade_app [--frames N] [--screenshot FILE.ppm] [--moves N] [--size WxH]\n"
    "                  [--command LINE]... [--help]\n";
inline constexpr const char* kOptionsHelp =
    "  --frames N           quit after N frames\n"
    "  --screenshot FILE    with --frames: write the last frame to FILE (binary PPM)\n"
    "  --moves N            the AI plays both sides of a fresh game; quit after N moves\n"
    "  --size WxH           the window's size in points (default 1280x800)\n"
    "  --command LINE       a command line of the app's scripting surface, before the\n"
    "                       first frame, or \"@F LINE\" before frame F (repeatable)\n"
    "  --help               this text\n";

ParsedOptions parse_options(int argc, char** argv);

}  // namespace arcade::app
