#include "cli/commands.h"

#include <atomic>
#include <charconv>
#include <iostream>
#include <optional>
#include <streambuf>
#include <string>

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
         "  arcade match pacman MAZE [algorithm A] [depth D] [opponents O] [model M]\n"
         "               [weights W] [games N] [seed S]\n"
         "                               Pac-Man (A: minimax|alphabeta|expectimax) plays N\n"
         "                               games of a maze (a name or rows joined by '/')\n"
         "                               against the ghosts (O: adversarial|random|chaser),\n"
         "                               its expectimax assuming they play as M (as O if\n"
         "                               not given)\n"
         "  arcade tournament GAME [games N] [seed S] [movetime MS] [openings K] [all]\n"
         "                               neighbouring levels play; prints a cross table\n"
         "  arcade bench                 node-count signature of fixed searches of every game\n"
         "  arcade bench connect4 FILE   solve a Connect Four data file, check every score\n"
         "  arcade bench reversi FILE    solve a Reversi endgame file (.obf), check every score\n"
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
