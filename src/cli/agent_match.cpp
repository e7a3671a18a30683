#include "cli/agent_match.h"

#include <algorithm>
#include <cctype>
#include <optional>
#include <ostream>
#include <set>

#include "engine/protocol.h"
#include "games/engine_sessions.h"
#include "games/registry.h"

namespace arcade::cli {
namespace {

constexpr const char* kUsage =
    "usage: arcade match GAME MAZE [algorithm minimax|alphabeta|expectimax] [depth D] "
    "[opponents adversarial|random|chaser] [model adversarial|random|chaser] [weights W] "
    "[games N] [seed S]\n"
    "  model: what the searcher's expectimax assumes of the opponents (as they play if not "
    "given)\n"
    "  MAZE: a maze's name or its rows joined by '/' (a space written '_')";

// A word as the protocol reads one: printable, with no blank or line end.
// An argument holding more would be split into further words (or lines)
// when it is put on a protocol line: `games '5 seed 3'` would set the seed.
bool one_word(const std::string& text) {
  return !text.empty() && std::all_of(text.begin(), text.end(), [](char c) {
    return std::isgraph(static_cast<unsigned char>(c)) != 0;
  });
}

// The `position` line of MAZE: a shipped maze by name (a space in it written
// `_` or not), else rows (or a position string) read by the game itself and
// sent as the game writes it, one word whatever the argument held; an error
// naming the mazes, or saying what is wrong with the rows.
Parsed<std::string> maze_position(const std::string& game, const std::string& maze) {
  const std::unique_ptr<GameView> view = make_game_view(game);
  if (maze.find('/') != std::string::npos) {
    if (const std::optional<std::string> problem = view->set_position(maze))
      return ParseError{"bad maze: " + *problem};
    return "position " + view->position_text();
  }
  const std::vector<std::string_view> variants = view->start_variant_names();
  std::string names;
  for (std::size_t i = 0; i < variants.size(); ++i) {
    std::string name(variants[i]);
    names += (names.empty() ? "" : ", ") + name;
    for (char& c : name)
      if (c == ' ') c = '_';
    if (maze == name || maze == variants[i]) return "position " + view->start_variant_text(i);
  }
  return ParseError{"match: no maze '" + maze + "' in " + game + " (" + names +
                    ", or rows joined by '/')"};
}

// The protocol's lines for the options after MAZE: `setoption` for weights,
// the rest onto the `match` line (the engine checks every value). Each
// option at most once, each value one word.
std::optional<std::string> protocol_lines(const std::vector<std::string>& args,
                                          std::vector<std::string>& lines) {
  std::string match = "match";
  std::set<std::string> given;
  for (std::size_t i = 3; i < args.size(); i += 2) {
    const std::string& key = args[i];
    if (key != "algorithm" && key != "depth" && key != "opponents" && key != "model" &&
        key != "games" && key != "seed" && key != "weights")
      return "unknown option '" + key + "'";
    if (i + 1 >= args.size()) return "'" + key + "' needs a value";
    if (!given.insert(key).second) return "'" + key + "' given twice";
    const std::string& value = args[i + 1];
    if (!one_word(value)) return "'" + key + "' takes one word, not '" + value + "'";
    if (key == "weights")
      lines.push_back("setoption name Weights value " + value);
    else
      match += " " + key + " " + value;
  }
  // As the two-player match: 10 games, seed 1, unless told.
  if (!given.contains("games")) match += " games 10";
  if (!given.contains("seed")) match += " seed 1";
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
  const Parsed<std::string> position = maze_position(args[1], args[2]);
  if (!position) {
    err << "error " << position.error() << '\n';
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
