#include "cli/bench_connect4.h"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "games/connect4.h"
#include "games/connect4_solver.h"

namespace arcade::cli {
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

}  // namespace

int bench_connect4(const std::string& path, std::ostream& out, std::ostream& err) {
  const std::string name = std::filesystem::path(path).filename().string();
  std::ifstream file(path);
  if (!file) {
    err << "error bench: cannot read '" << path << "'\n";
    return 2;
  }
  Connect4Solver solver;
  Totals totals;
  std::size_t number = 0;
  for (std::string line; std::getline(file, line);) {
    ++number;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    const Parsed<Case> c = parse_line(line);
    if (!c) {
      err << "error " << name << " line " << number << ": " << c.error() << "\n";
      return 2;
    }
    solve_case(solver, *c, number, totals, out);
  }
  const std::uint64_t n = std::max<std::uint64_t>(totals.positions, 1);
  const auto ns = static_cast<std::uint64_t>(totals.time.count());
  out << "bench " << name << " positions " << totals.positions << " mismatches "
      << totals.mismatches << " mean_us " << (ns / n + 500) / 1000 << " mean_nodes "
      << (totals.nodes + n / 2) / n << "\n";
  return totals.mismatches ? 1 : 0;
}

}  // namespace arcade::cli
