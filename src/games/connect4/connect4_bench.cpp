#include "games/connect4/connect4_bench.h"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <filesystem>
#include <iostream>
#include <optional>
#include <sstream>
#include <vector>

#include "engine/clock.h"
#include "engine/level.h"
#include "games/connect4/connect4.h"
#include "games/connect4/connect4_session.h"
#include "games/connect4/connect4_solver.h"
#include "games/connect4/shipped_book.h"
#include "games/data_file.h"
#include "games/engine_sessions.h"

namespace arcade {
namespace {

struct Case {
  std::string moves;
  Connect4::Position position;
  int score = 0;
};

// A data line, or a message saying what is wrong with it.
Parsed<Case> parse_line(const std::string& line) {
  std::istringstream in(line);
  Case c;
  std::string score_text, extra;
  if (!(in >> c.moves >> score_text) || (in >> extra))
    return ParseError{"expected '<moves> <score>'"};
  if (!std::all_of(c.moves.begin(), c.moves.end(), [](char ch) { return ch >= '1' && ch <= '7'; }))
    return ParseError{"moves must be columns 1 to 7"};
  const Parsed<Connect4::Position> position = Connect4::from_text(c.moves);
  if (!position) return ParseError{position.error()};
  c.position = *position;
  const char* end = score_text.data() + score_text.size();
  const auto [at, ec] = std::from_chars(score_text.data(), end, c.score);
  if (ec != std::errc{} || at != end || c.score < -21 || c.score > 21)
    return ParseError{"'" + score_text + "' is not a score from -21 to 21"};
  return c;
}

struct Totals {
  std::uint64_t positions = 0, mismatches = 0, nodes = 0;
  std::chrono::nanoseconds time{0};
};

// Every position starts from an empty table, as in Pons' measurements, so
// the figures do not depend on the order of the file.
void solve_case(Connect4Solver& solver, const Case& c, std::size_t line, Totals& totals,
                std::ostream& out) {
  solver.reset();
  const auto start = std::chrono::steady_clock::now();
  const int score = solver.solve(c.position);
  totals.time += std::chrono::steady_clock::now() - start;
  totals.nodes += solver.nodes();
  ++totals.positions;
  if (score == c.score) return;
  ++totals.mismatches;
  out << "mismatch line " << line << ": " << c.moves << " expected " << c.score << " got " << score
      << "\n";
}

// The cases of a data file (games/data_file.h).
Parsed<std::vector<std::pair<std::size_t, Case>>> read_cases(const std::string& path) {
  return read_data_file<Case>(path, parse_line, "");
}

// More than any machine this runs on; the solver clamps to the machine's.
constexpr std::uint64_t kMaxBenchThreads = 256;
// src/CMakeLists.txt sets ARCADE_CLI_THREADS on the command-line tool's
// targets only (arcade_cli, arcade_game_tools): 0 for WebAssembly, built
// without pthreads, where the solver must start none.
constexpr bool kThreadsAvailable = ARCADE_CLI_THREADS != 0;

}  // namespace

int bench_connect4_tool(const ToolCall& call) {
  const std::vector<std::string>& args = call.args;
  if (args.size() == 3) return bench_connect4(args[2], call.out, call.err);
  if (args.size() != 5 || args[3] != "threads")
    return call.refuse("'bench connect4' takes FILE [threads N]");
  const std::optional<std::uint64_t> threads = parse_number(args[4], 1, kMaxBenchThreads);
  if (!threads)
    return call.refuse("'" + args[4] + "' is not a thread count from 1 to " +
                       std::to_string(kMaxBenchThreads));
  return bench_connect4(args[2], call.out, call.err, static_cast<int>(*threads));
}

int bench_connect4(const std::string& path, std::ostream& out, std::ostream& err, int threads) {
  const std::string name = std::filesystem::path(path).filename().string();
  const auto cases = read_cases(path);
  if (!cases) {
    err << "error bench: " << cases.error() << "\n";
    return 2;
  }
  Connect4Solver solver;
  solver.set_threads(threads, kThreadsAvailable ? hardware_threads() : 1);
  Totals totals;
  for (const auto& [number, c] : *cases) solve_case(solver, c, number, totals, out);
  const std::uint64_t n = std::max<std::uint64_t>(totals.positions, 1);
  const auto ns = static_cast<std::uint64_t>(totals.time.count());
  out << "bench " << name << " positions " << totals.positions << " mismatches "
      << totals.mismatches << " mean_us " << (ns / n + 500) / 1000 << " mean_nodes "
      << (totals.nodes + n / 2) / n << "\n";
  return totals.mismatches ? 1 : 0;
}

namespace {

struct PerfectTotals {
  std::uint64_t positions = 0, best = 0, proven = 0, mismatches = 0, from_book = 0;
  std::int64_t total_ms = 0, max_ms = 0;
};

// Whether `move` keeps the position's exact score, told by the solver with
// no time limit (for a move the level played without proof). A move that
// wins at once leaves a finished game, which the solver scores as it is.
bool keeps_score(const Case& c, const std::string& move) {
  const Parsed<Move> m = Connect4::move_from_text(c.position, move);
  if (!m) return false;
  const Connect4::Position next = Connect4::play(c.position, *m);
  Connect4Solver solver(64);
  solver.set_book(shipped_connect4_book().get());
  return -solver.solve(next) == c.score;
}

void perfect_case(const Case& c, std::int64_t movetime_ms, PerfectTotals& totals,
                  std::ostream& out) {
  std::unique_ptr<GameSession> session = make_engine_session(Connect4::kName);
  session->set_position(c.moves, {});
  SearchLimits limits;
  SearchOptions options;
  apply_level(kLevelCount, limits, options);
  limits.movetime_ms = movetime_ms;
  options.random_ties = true;
  const std::atomic<bool> stop{false};
  const auto start = SteadyClock::now();
  const SearchReport report = session->search(limits, options, stop, {});
  const std::int64_t ms = ms_since(start);
  const bool book = report.proven && report.stats.nodes == 0;
  const bool mismatch =
      report.proven && report.score != connect4_engine_score(c.score, c.position.plies);
  const bool best = report.proven ? !mismatch : keeps_score(c, report.best);
  ++totals.positions;
  totals.best += best;
  totals.proven += report.proven;
  totals.mismatches += mismatch;
  totals.from_book += book;
  totals.total_ms += ms;
  totals.max_ms = std::max<std::int64_t>(totals.max_ms, ms);
  out << "perfect " << c.moves << " move " << report.best << " ms " << ms
      << (report.proven ? (book ? " book" : " solved")
                        : (best ? " not proven, best (checked after)" : " not proven, NOT BEST"))
      << (mismatch ? " MISMATCH" : "") << std::endl;
}

// The movetime of `bench perfect FILE [movetime MS]`, or what is wrong with
// the arguments (args[0] and args[1] are "bench" and "perfect").
Parsed<std::int64_t> perfect_movetime(const std::vector<std::string>& args) {
  if (args.size() < 3) return ParseError{"'bench perfect' needs a FILE"};
  if (args.size() == 3) return kPerfectMoveTimeMs;  // the app's: what a player waits
  if (args.size() != 5 || args[3] != "movetime")
    return ParseError{"'bench perfect' takes FILE [movetime MS]"};
  const std::optional<std::uint64_t> ms = parse_number(args[4], 1, 3'600'000);
  if (!ms) return ParseError{"'" + args[4] + "' is not a movetime from 1 to 3600000 ms"};
  return static_cast<std::int64_t>(*ms);
}

}  // namespace

int bench_perfect_tool(const ToolCall& call) {
  const std::vector<std::string>& args = call.args;
  std::ostream& out = call.out;
  const Parsed<std::int64_t> movetime = perfect_movetime(args);
  if (!movetime) return call.refuse(movetime.error());
  const auto cases = read_cases(args[2]);
  if (!cases) {
    call.err << "error bench: " << cases.error() << "\n";
    return 2;
  }
  PerfectTotals totals;
  for (const auto& [number, c] : *cases) perfect_case(c, *movetime, totals, out);
  const std::uint64_t n = std::max<std::uint64_t>(totals.positions, 1);
  out << "bench perfect " << std::filesystem::path(args[2]).filename().string() << " positions "
      << totals.positions << " best " << totals.best << " proven " << totals.proven
      << " mismatches " << totals.mismatches << " book " << totals.from_book << " mean_ms "
      << totals.total_ms / static_cast<std::int64_t>(n) << " max_ms " << totals.max_ms << "\n";
  return totals.best == totals.positions && totals.mismatches == 0 ? 0 : 1;
}

}  // namespace arcade
