#pragma once
// A game's own command-line tool: `arcade bench connect4 FILE`, `arcade book
// ...`. The game declares its tools in its registration.h (kCommandLineTools,
// see registered_game.h) and defines them in its folder, as it registers its
// rules with the engine; the `arcade` tool finds them by their words
// (games/game_tools.h) and lists them in `arcade help` after its generic
// commands. A tool may use the game's own code and the engine, never a UI.

#include <functional>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

namespace arcade {

// What a tool is run with.
struct ToolCall {
  // Every word after `arcade`, the tool's own words first ("bench",
  // "connect4", FILE, ...).
  const std::vector<std::string>& args;
  std::ostream& out;
  std::ostream& err;
  // Refuses the arguments as the command's generic forms do: writes "error
  // <first word>: <problem>" and the usage of every form of the command (all
  // of `arcade bench ...`) to err; returns 2, the exit code of bad arguments.
  std::function<int(const std::string& problem)> refuse;
};

struct GameTool {
  // The words that call it: "bench connect4", "book". Its first word is
  // either "bench" (a form of `arcade bench`) or a command of its own.
  std::string_view command;
  // Its arguments after the words, for the usage text: "FILE [threads N]".
  std::string_view arguments;
  // What it does, in one line of the usage text.
  std::string_view summary;
  // Runs it; returns the process's exit code.
  int (*run)(const ToolCall& call);
};

}  // namespace arcade
