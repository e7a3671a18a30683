#include "cli/agent_match.h"

#include <optional>
#include <ostream>

#include "engine/protocol.h"
#include "games/engine_sessions.h"
#include "games/registry.h"

namespace arcade::cli {
namespace {

constexpr const char* kUsage =
    "usage: arcade match GAME MAZE [algorithm minimax|alphabeta|expectimax] [depth D] "
    "[opponents adversarial|random|chaser] [weights W] [games N] [seed S]\n"
    "  MAZE: a maze's name or its rows joined by '/' (a space written '_')";

// The `position` line of a maze: a shipped one by name (a space in it
// written `_` or not), else rows; nothing for a name the game has not.
std::optional<std::string> maze_position(const std::string& game, const std::string& maze,
                                         std::string& names) {
  if (maze.find('/') != std::string::npos) return "position maze " + maze;
  const std::unique_ptr<GameView> view = make_game_view(game);
  const std::vector<std::string_view> variants = view->start_variant_names();
  for (std::size_t i = 0; i < variants.size(); ++i) {
    std::string name(variants[i]);
    names += (names.empty() ? "" : ", ") + name;
    for (char& c : name)
      if (c == ' ') c = '_';
    if (maze == name || maze == variants[i]) return "position " + view->start_variant_text(i);
  }
  return std::nullopt;
}

// The protocol's lines for the options after MAZE: `setoption` for weights,
// the rest onto the `match` line (the engine checks every value).
std::optional<std::string> protocol_lines(const std::vector<std::string>& args,
                                          std::vector<std::string>& lines) {
  std::string match = "match";
  bool games = false;
  for (std::size_t i = 3; i < args.size(); i += 2) {
    const std::string& key = args[i];
    if (i + 1 >= args.size()) return "'" + key + "' needs a value";
    if (key == "weights") {
      lines.push_back("setoption name Weights value " + args[i + 1]);
      continue;
    }
    if (key != "algorithm" && key != "depth" && key != "opponents" && key != "games" &&
        key != "seed")
      return "unknown option '" + key + "'";
    games = games || key == "games";
    match += " " + key + " " + args[i + 1];
  }
  // As the two-player match: 10 games, seed 1, unless told.
  if (!games) match += " games 10";
  if (match.find(" seed ") == std::string::npos) match += " seed 1";
  lines.push_back(match);
  return std::nullopt;
}

}  // namespace

int agent_match_command(const std::vector<std::string>& args, std::ostream& out,
                        std::ostream& err) {
  if (args.size() < 3) {
    err << kUsage << '\n';
    return 2;
  }
  std::string names;
  const std::optional<std::string> position = maze_position(args[1], args[2], names);
  if (!position) {
    err << "error match: no maze '" << args[2] << "' in " << args[1] << " (" << names
        << ", or rows joined by '/')\n";
    return 2;
  }
  std::vector<std::string> lines = {"game " + args[1], *position};
  if (const std::optional<std::string> problem = protocol_lines(args, lines)) {
    err << "error match: " << *problem << '\n' << kUsage << '\n';
    return 2;
  }
  std::vector<std::string> replies;
  Protocol protocol(
      make_engine_session, game_names(),
      [&replies](const std::string& line) { replies.push_back(line); }, false);
  for (const std::string& line : lines) {
    protocol.handle(line);
    if (!replies.empty() && replies.back().starts_with("error ")) {
      err << replies.back() << '\n';
      return 2;
    }
  }
  // The settings as given, then the engine's answer without its keyword.
  out << join_words(args) << ": " << replies.back().substr(6) << '\n';
  return 0;
}

}  // namespace arcade::cli
