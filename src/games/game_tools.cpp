#include "games/game_tools.h"

#include <algorithm>

#include "games/registered_games.h"

namespace arcade {
namespace {

// How many words `command` has ("bench connect4": 2).
std::size_t word_count(std::string_view command) {
  return static_cast<std::size_t>(std::count(command.begin(), command.end(), ' ')) + 1;
}

// Whether the tool's words are the first words of args.
bool calls(const GameTool& tool, const std::vector<std::string>& args) {
  std::string_view rest = tool.command;
  for (std::size_t i = 0; i < word_count(tool.command); ++i) {
    const std::string_view word = rest.substr(0, rest.find(' '));
    if (i >= args.size() || args[i] != word) return false;
    rest.remove_prefix(std::min(rest.size(), word.size() + 1));
  }
  return true;
}

std::vector<GameTool> all_tools() {
  std::vector<GameTool> tools;
  for_each_game(RegisteredGames{}, [&]<class G>() {
    if constexpr (requires { GameRegistration<G>::kCommandLineTools; })
      for (const GameTool& tool : GameRegistration<G>::kCommandLineTools) tools.push_back(tool);
  });
  return tools;
}

}  // namespace

std::span<const GameTool> game_tools() {
  static const std::vector<GameTool> tools = all_tools();
  return tools;
}

const GameTool* find_game_tool(const std::vector<std::string>& args) {
  // The tool of the most words that fits, should one tool's words begin
  // another's.
  const GameTool* found = nullptr;
  for (const GameTool& tool : game_tools())
    if (calls(tool, args) && (!found || word_count(tool.command) > word_count(found->command)))
      found = &tool;
  return found;
}

}  // namespace arcade
