#include "cli/commands.h"

#include <atomic>
#include <charconv>
#include <iostream>
#include <optional>

#include "cli/bench_connect4.h"
#include "cli/book.h"
#include "cli/match.h"
#include "cli/tournament.h"
#include "engine/protocol.h"
#include "games/engine_sessions.h"
#include "games/registry.h"

namespace arcade::cli {
namespace {

// Whether the protocol runs `go` on a thread, so that `stop` is read while it
// searches. src/CMakeLists.txt sets ARCADE_CLI_THREADS on this target only: 0
// for WebAssembly, built without pthreads, where `go` runs to its limits.
constexpr bool kBackgroundSearch = ARCADE_CLI_THREADS != 0;

int usage(std::ostream& err) {
  err << "usage:\n"
         "  arcade                       read the engine protocol on stdin (try: help)\n"
         "  arcade perft GAME N          count positions N plies from the start\n"
         "  arcade match GAME A B [games N] [seed S] [verbose]\n"
         "                               levels A and B (1-5) play a series\n"
         "  arcade tournament GAME [games N] [seed S] [movetime MS] [openings K] [all]\n"
         "                               neighbouring levels play; prints a cross table\n"
         "  arcade bench                 node-count signature of fixed searches of every game\n"
         "  arcade bench connect4 FILE   solve a Connect Four data file, check every score\n"
         "  arcade bench perfect FILE [movetime MS]\n"
         "                               the strongest level's move in each position\n"
         "  arcade book build|pack|check|info FILE ...\n"
         "                               the Connect Four opening book (arcade book)\n"
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

int protocol_loop(std::istream& in, std::ostream& out, bool background) {
  // Untied: a tied input stream flushes `out` before each read, on this
  // thread and outside the protocol's output lock, while the search thread
  // writes; lines were seen doubled, lost and merged.
  in.tie(nullptr);
  Protocol protocol(
      make_engine_session, game_names(),
      [&out](const std::string& line) { out << line << std::endl; }, background);
  for (std::string line; std::getline(in, line);)
    if (!protocol.handle(line)) return 0;
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
  if (command == "bench") return bench_command(args, out, err);
  if (command == "book") return book_command(args, out, err);
  if (command == "help" || command == "--help") {
    usage(out);
    return 0;
  }
  err << "error unknown command '" << command << "'\n";
  return usage(err);
}

}  // namespace arcade::cli
