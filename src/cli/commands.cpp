#include "cli/commands.h"

#include <atomic>
#include <charconv>
#include <iostream>
#include <optional>
#include <streambuf>
#include <string>
#include <string_view>
#include <vector>

#include "cli/bench_signature.h"
#include "cli/match.h"
#include "cli/tournament.h"
#include "engine/protocol.h"
#include "games/engine_sessions.h"
#include "games/game_tools.h"
#include "games/registry.h"

namespace arcade::cli {
namespace {

// Whether the protocol runs `go` on a thread, so that `stop` is read while it
// searches. src/CMakeLists.txt sets ARCADE_CLI_THREADS on this target only: 0
// for WebAssembly, built without pthreads, where `go` runs to its limits.
constexpr bool kBackgroundSearch = ARCADE_CLI_THREADS != 0;

// The column where the usage text's summaries start.
constexpr std::size_t kSummaryColumn = 31;

// "arcade WORDS ARGUMENTS": how a game's tool is called.
std::string call_text(const GameTool& tool) {
  std::string call = "arcade ";
  call.append(tool.command);
  if (!tool.arguments.empty()) call.append(" ").append(tool.arguments);
  return call;
}

// `indent` and `call`, then `summary` at `column`, on the next line if the
// call reaches it.
void usage_line(std::ostream& out, std::string_view indent, std::string_view call,
                std::string_view summary, std::size_t column) {
  std::string line(indent);
  line.append(call);
  if (line.size() + 1 > column) {
    out << line << "\n";
    line.clear();
  }
  line.resize(column, ' ');
  out << line << summary << "\n";
}

// The generic commands, then each game's tools from the registry.
int usage(std::ostream& err) {
  err << "usage:\n"
         "  arcade                       read the engine protocol on stdin (try: help)\n"
         "  arcade perft GAME N          count positions N plies from the start\n"
         "  arcade match GAME A B [games N] [seed S] [verbose]\n"
         "                               levels A and B (1-5) play a series\n"
         "  arcade match GAME MAZE [algorithm A] [depth D] [opponents O] [model M]\n"
         "               [weights W] [games N] [seed S]\n"
         "                               a game of more than two agents: agent 0 (A:\n"
         "                               minimax|alphabeta|expectimax) plays N games of a\n"
         "                               maze (a name or rows joined by '/') against the\n"
         "                               others (O: adversarial|random|chaser), its\n"
         "                               expectimax assuming they play as M (as O if not\n"
         "                               given)\n"
         "  arcade tournament GAME [games N] [seed S] [movetime MS] [openings K] [all]\n"
         "                               neighbouring levels play; prints a cross table\n"
         "  arcade bench                 node-count signature of fixed searches of every game\n"
         "  arcade help                  this text\n"
         "the games' own tools:\n";
  for (const GameTool& tool : game_tools())
    usage_line(err, "  ", call_text(tool), tool.summary, kSummaryColumn);
  return 2;
}

// An error line, then every form of the command `word` (`arcade bench`: the
// signature, then the games' forms), for arguments that fit none.
int command_usage(std::ostream& err, const std::string& word, const std::string& problem) {
  err << "error " << word << ": " << problem << "\n";
  constexpr std::size_t kColumn = 36;
  std::string_view indent = "usage: ";
  if (word == "bench") {
    usage_line(err, indent, "arcade bench", "node-count signature of every game", kColumn);
    indent = "       ";
  }
  for (const GameTool& tool : game_tools())
    if (tool.command.substr(0, tool.command.find(' ')) == word) {
      usage_line(err, indent, call_text(tool), tool.summary, kColumn);
      indent = "       ";
    }
  return 2;
}

// A game's tool, its bad arguments refused as those of the command's other
// forms.
int run_game_tool(const GameTool& tool, const std::vector<std::string>& args, std::ostream& out,
                  std::ostream& err) {
  const std::string word = args[0];
  return tool.run({args, out, err, [&err, word](const std::string& problem) {
                     return command_usage(err, word, problem);
                   }});
}

int perft_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  if (args.size() != 3) return usage(err);
  auto session = make_session(args[1]);
  if (!session) {
    err << "error unknown game '" << args[1] << "'\n";
    return 2;
  }
  const auto depth = parse_number(args[2], 0, 64);
  if (!depth) {
    err << "error perft: '" << args[2] << "' is not a depth from 0 to 64\n";
    return 2;
  }
  const std::atomic<bool> never_stopped{false};
  out << "perft " << *depth << " " << *session->perft(static_cast<int>(*depth), never_stopped)
      << "\n";
  return 0;
}

}  // namespace

bool read_protocol_line(std::istream& in, std::string& line, std::size_t& too_long) {
  // std::getline would hold a line of a gigabyte whole only to refuse it.
  constexpr std::size_t kKept = kMaxLineBytes + 2;
  using Traits = std::char_traits<char>;
  line.clear();
  std::size_t length = 0;
  Traits::int_type last = 0;
  std::streambuf& source = *in.rdbuf();
  for (Traits::int_type c = source.sbumpc();; c = source.sbumpc()) {
    if (Traits::eq_int_type(c, Traits::eof())) {
      in.setstate(std::ios::eofbit);
      if (length == 0) return false;
      break;
    }
    if (c == '\n') break;
    if (line.size() < kKept) line.push_back(Traits::to_char_type(c));
    ++length;
    last = c;
  }
  // A line kept whole, '\r' and all, is judged by Protocol::handle.
  too_long = line.size() == length ? 0 : length - (last == '\r' ? 1 : 0);
  return true;
}

int protocol_loop(std::istream& in, std::ostream& out, bool background) {
  // Untied: a tied input stream flushes `out` before each read, on this
  // thread and outside the protocol's output lock, while the search thread
  // writes; lines were seen doubled, lost and merged.
  in.tie(nullptr);
  Protocol protocol(
      make_engine_session, game_names(),
      [&out](const std::string& line) { out << line << std::endl; }, background);
  std::string line;
  for (std::size_t too_long = 0; read_protocol_line(in, line, too_long);) {
    if (too_long) {
      protocol.refuse_long_line(too_long);
      continue;
    }
    if (!protocol.handle(line)) return 0;
  }
  protocol.finish();  // the end of input stops every search, as quit does
  return 0;
}

int run(const std::vector<std::string>& args, std::istream& in, std::ostream& out,
        std::ostream& err) {
  if (args.empty()) return protocol_loop(in, out, kBackgroundSearch);
  const std::string& command = args[0];
  if (command == "perft") return perft_command(args, out, err);
  if (command == "match") return match_command(args, out, err);
  if (command == "tournament") return tournament_command(args, out, err);
  if (command == "help" || command == "--help") {
    usage(out);
    return 0;
  }
  // `arcade bench` alone is the signature; `bench WORD ...` a game's form.
  if (command == "bench" && args.size() == 1) return run_bench_signature(out, err);
  if (const GameTool* tool = find_game_tool(args)) return run_game_tool(*tool, args, out, err);
  if (command == "bench")
    return command_usage(err, "bench", "unknown form 'bench " + args[1] + "'");
  err << "error unknown command '" << command << "'\n";
  return usage(err);
}

}  // namespace arcade::cli
