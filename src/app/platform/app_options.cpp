#include "app/platform/app_options.h"

#include <charconv>
#include <cstdint>
#include <string_view>

#include "engine/parsed.h"

namespace arcade::app {

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
      const std::optional<std::uint64_t> moves = parse_number(argv[++i], 1, 1000);
      if (!moves) return {std::nullopt, "--moves needs a number from 1 to 1000"};
      options.moves = static_cast<int>(*moves);
    } else if (arg == "--screenshot") {
      options.screenshot = argv[++i];
    } else if (arg == "--command") {
      options.commands.emplace_back(argv[++i]);
    } else if (arg == "--size") {
      const std::string value = argv[++i];
      const std::size_t x = value.find('x');
      const auto w = parse_number(value.substr(0, x), 200, 8000);
      const auto h =
          x == std::string::npos ? std::nullopt : parse_number(value.substr(x + 1), 200, 8000);
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

}  // namespace arcade::app
