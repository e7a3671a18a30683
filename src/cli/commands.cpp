#include "cli/commands.h"

#include <charconv>
#include <iostream>
#include <optional>

#include "engine/protocol.h"
#include "games/registry.h"

namespace arcade::cli {
namespace {

std::optional<int> parse_int(const std::string& text, int lo, int hi) {
  int value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc{} || end != text.data() + text.size() || value < lo || value > hi)
    return std::nullopt;
  return value;
}

int usage(std::ostream& err) {
  err << "usage:\n"
         "  arcade                       read the engine protocol on stdin (try: help)\n"
         "  arcade perft GAME N          count positions N plies from the start\n"
         "  arcade help                  this text\n";
  return 2;
}

int perft_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  if (args.size() != 3) return usage(err);
  auto session = make_session(args[1]);
  if (!session) {
    err << "error unknown game '" << args[1] << "'\n";
    return 2;
  }
  const auto depth = parse_int(args[2], 0, 64);
  if (!depth) {
    err << "error perft: '" << args[2] << "' is not a depth from 0 to 64\n";
    return 2;
  }
  out << "perft " << *depth << " " << session->perft(*depth) << "\n";
  return 0;
}

}  // namespace

int protocol_loop(std::istream& in, std::ostream& out, bool background) {
  Protocol protocol(make_session, game_names(),
                    [&out](const std::string& line) { out << line << std::endl; }, background);
  for (std::string line; std::getline(in, line);)
    if (!protocol.handle(line)) return 0;
  protocol.wait();
  return 0;
}

int run(const std::vector<std::string>& args, std::istream& in, std::ostream& out,
        std::ostream& err) {
  if (args.empty()) return protocol_loop(in, out, /*background=*/true);
  const std::string& command = args[0];
  if (command == "perft") return perft_command(args, out, err);
  if (command == "help" || command == "--help") {
    usage(out);
    return 0;
  }
  err << "error unknown command '" << command << "'\n";
  return usage(err);
}

}  // namespace arcade::cli
