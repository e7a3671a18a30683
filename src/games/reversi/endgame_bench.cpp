#include "games/reversi/endgame_bench.h"

#include <algorithm>
#include <ctime>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <sstream>
#include <string_view>
#include <vector>

#include "engine/clock.h"
#include "engine/parsed.h"
#include "games/data_file.h"
#include "games/reversi/endgame.h"

namespace arcade {
namespace {

using reversi::Bitboard;
using reversi::count;
using reversi::EndgameSolver;
using reversi::flips;
using reversi::legal_moves;
using reversi::square_bit;

struct Case {
  Bitboard player = 0, opponent = 0;
  std::vector<std::pair<int, int>> scores;  // square, exact score, best first
};

std::string square_name(int square) {
  if (square < 0) return "pass";
  return {static_cast<char>('a' + square % 8), static_cast<char>('1' + square / 8)};
}

std::string in_quotes(std::string_view text) {
  std::string q(1, '\'');
  q.append(text);
  q += '\'';
  return q;
}

// "G8:+18" (any case, the sign optional).
Parsed<std::pair<int, int>> parse_move_score(const std::string& field) {
  const auto colon = field.find(':');
  if (field.size() < 4 || colon != 2) return ParseError{in_quotes(field) + " is not MOVE:SCORE"};
  const int column = std::tolower(static_cast<unsigned char>(field[0])) - 'a';
  const int row = field[1] - '1';
  if (column < 0 || column > 7 || row < 0 || row > 7)
    return ParseError{in_quotes(field.substr(0, 2)) + " is not a square a1-h8"};
  const std::string score_text = field.substr(3 + (field[3] == '+'));
  const std::optional<std::int64_t> score = parse_signed(score_text, -64, 64);
  if (!score) return ParseError{in_quotes(field.substr(3)) + " is not a score from -64 to 64"};
  return std::pair<int, int>{row * 8 + column, static_cast<int>(*score)};
}

// The board and side: "<64 squares> <X|O>".
Parsed<Case> parse_board(const std::string& line) {
  if (line.size() < 66 || line[64] != ' ' || (line[65] != 'X' && line[65] != 'O'))
    return ParseError{"expected 64 squares, a space and the side to move (X or O)"};
  Bitboard black = 0, white = 0;
  for (int s = 0; s < 64; ++s) {
    const char c = line[s];
    if (c != 'X' && c != 'O' && c != '-') return ParseError{"squares are X, O or -"};
    if (c == 'X') black |= square_bit(s);
    if (c == 'O') white |= square_bit(s);
  }
  const int empties = 64 - count(black | white);
  if (empties > kMaxBenchEmpties)
    return ParseError{std::to_string(empties) +
                      " empty squares: the bench solves endgames of at most " +
                      std::to_string(kMaxBenchEmpties)};
  Case c;
  c.player = line[65] == 'X' ? black : white;
  c.opponent = line[65] == 'X' ? white : black;
  return c;
}

Parsed<Case> parse_line(const std::string& line) {
  Parsed<Case> c = parse_board(line);
  if (!c) return c;
  std::istringstream fields(line.substr(66));
  for (std::string field; std::getline(fields, field, ';');) {
    field.erase(0, field.find_first_not_of(" \t"));
    field.erase(field.find_last_not_of(" \t\r") + 1);
    if (field.empty()) continue;
    const auto move = parse_move_score(field);
    if (!move) return ParseError{move.error()};
    if (!(legal_moves(c->player, c->opponent) >> move->first & 1))
      return ParseError{field.substr(0, 2) + " is not a legal move"};
    (*c).scores.push_back(*move);
  }
  if (c->scores.empty()) return ParseError{"no MOVE:SCORE field"};
  return c;
}

// The cases of a data file (games/data_file.h), "#" lines passed over.
Parsed<std::vector<std::pair<std::size_t, Case>>> read_cases(const std::string& path) {
  return read_data_file<Case>(path, parse_line, "#");
}

struct Totals {
  std::uint64_t positions = 0, mismatches = 0, nodes = 0, moves_nodes = 0;
  double seconds = 0, moves_seconds = 0, cpu_seconds = 0;
};

std::string rate(std::uint64_t nodes, double seconds) {
  std::ostringstream text;
  text << static_cast<std::uint64_t>(seconds > 0 ? nodes / seconds : 0);
  return text.str();
}

std::string milliseconds(double seconds) {
  std::ostringstream text;
  text << std::fixed << std::setprecision(1) << seconds * 1000;
  return text.str();
}

// Each mismatch on its own line; the number of them.
int check_moves(const Case& c, const std::vector<EndgameSolver::MoveScore>& got, std::size_t line,
                std::ostream& out) {
  int mismatches = 0;
  for (const auto& listed : c.scores) {
    const int square = listed.first, expected = listed.second;
    const auto found = std::find_if(got.begin(), got.end(),
                                    [square](const auto& m) { return m.square == square; });
    if (found != got.end() && found->score == expected) continue;
    ++mismatches;
    out << "mismatch line " << line << ": " << square_name(square) << " expected " << expected
        << " got " << (found == got.end() ? std::string("nothing") : std::to_string(found->score))
        << "\n";
  }
  return mismatches;
}

// The exact score of each listed move: solve_moves, as the analysis asks it,
// when the file lists every legal move; else each listed move alone (a file
// of deep positions may list only the best).
std::vector<EndgameSolver::MoveScore> score_listed(EndgameSolver& solver, const Case& c) {
  if (c.scores.size() == static_cast<std::size_t>(count(legal_moves(c.player, c.opponent))))
    return solver.solve_moves(c.player, c.opponent);
  std::vector<EndgameSolver::MoveScore> scores;
  for (const auto& listed : c.scores) {
    const Bitboard turned = flips(c.player, c.opponent, listed.first);
    const Bitboard next_opponent = c.player | turned | square_bit(listed.first);
    scores.push_back({listed.first, -solver.solve(c.opponent & ~turned, next_opponent)});
  }
  return scores;
}

void solve_case(EndgameSolver& solver, const Case& c, std::size_t line, Totals& totals,
                std::ostream& out) {
  // Step 1. The position alone, as a game asks it: score and best move.
  solver.clear_table();
  solver.reset_nodes();
  auto start = SteadyClock::now();
  const std::clock_t cpu_start = std::clock();
  const int score = solver.solve(c.player, c.opponent);
  const double seconds = seconds_since(start);
  totals.cpu_seconds += static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC;
  const std::uint64_t nodes = solver.nodes();
  const int best = solver.best_square();
  // Step 2. Every listed move exactly.
  solver.clear_table();
  solver.reset_nodes();
  start = SteadyClock::now();
  const auto moves = score_listed(solver, c);
  const double moves_seconds = seconds_since(start);
  // Step 3. Against the file: the first field's score, a best move among the
  // file's best, every listed move's score.
  const int expected = c.scores.front().second;
  const bool best_ok = std::any_of(c.scores.begin(), c.scores.end(), [&](const auto& m) {
    return m.first == best && m.second == expected;
  });
  int mismatches = check_moves(c, moves, line, out);
  if (score != expected || !best_ok) {
    ++mismatches;
    out << "mismatch line " << line << ": expected " << expected << " got " << score << " best "
        << square_name(best) << "\n";
  }
  out << "reversi " << line << " empties " << 64 - count(c.player | c.opponent) << " score "
      << score << " best " << square_name(best) << " nodes " << nodes << " ms "
      << milliseconds(seconds) << " nps " << rate(nodes, seconds) << " moves " << moves.size()
      << " moves_nodes " << solver.nodes() << " moves_ms " << milliseconds(moves_seconds) << "\n";
  ++totals.positions;
  totals.mismatches += mismatches ? 1 : 0;
  totals.nodes += nodes;
  totals.seconds += seconds;
  totals.moves_nodes += solver.nodes();
  totals.moves_seconds += moves_seconds;
}

}  // namespace

int bench_reversi_tool(const ToolCall& call) {
  if (call.args.size() != 3) return call.refuse("'bench reversi' takes FILE");
  return bench_reversi(call.args[2], call.out, call.err);
}

int bench_reversi(const std::string& path, std::ostream& out, std::ostream& err) {
  const auto cases = read_cases(path);
  if (!cases) {
    err << "error bench: " << cases.error() << "\n";
    return 2;
  }
  EndgameSolver solver;
  Totals totals;
  for (const auto& [line, c] : *cases) solve_case(solver, c, line, totals, out);
  out << "bench " << std::filesystem::path(path).filename().string() << " positions "
      << totals.positions << " mismatches " << totals.mismatches << " nodes " << totals.nodes
      << " ms " << milliseconds(totals.seconds) << " cpu_ms " << milliseconds(totals.cpu_seconds)
      << " nps " << rate(totals.nodes, totals.seconds) << " moves_nodes " << totals.moves_nodes
      << " moves_ms " << milliseconds(totals.moves_seconds) << "\n";
  return totals.mismatches ? 1 : 0;
}

}  // namespace arcade
