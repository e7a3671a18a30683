#include "cli/tournament.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <optional>
#include <ostream>
#include <set>

#include "cli/match.h"
#include "engine/clock.h"
#include "engine/level.h"
#include "games/registry.h"

namespace arcade::cli {
namespace {

// score[a][b]: level a's share of the points against level b, or -1 if the
// pair did not play.
using CrossTable = std::array<std::array<double, kLevelCount>, kLevelCount>;

struct TournamentSettings {
  MatchSettings match;  // game, games, seed, movetime and openings for every pair
  bool all_pairs = false;
};

std::string percent(double share) {
  char text[16];
  std::snprintf(text, sizeof text, "%5.1f%%", share * 100);
  return text;
}

void print_table(const CrossTable& table, std::ostream& out) {
  out << "cross table (row level's score against column level)\n" << std::string(10, ' ');
  for (const Level& l : kLevels) out << ' ' << std::string(9 - l.name.size(), ' ') << l.name;
  out << '\n';
  for (int a = 0; a < kLevelCount; ++a) {
    out << kLevels[a].name << std::string(10 - kLevels[a].name.size(), ' ');
    for (int b = 0; b < kLevelCount; ++b)
      out << ' '
          << (table[a][b] < 0 ? std::string(9, ' ').replace(8, 1, "-")
                              : "   " + percent(table[a][b]));
    out << '\n';
  }
}

// Plays one pair, stronger level as A, and fills both cells of the table.
void play_pair(const TournamentSettings& t, int stronger, int weaker, CrossTable& table,
               std::ostream& out) {
  MatchSettings m = t.match;
  m.level_a = stronger;
  m.level_b = weaker;
  const auto start = SteadyClock::now();
  const MatchResult r = play_match(m, out);
  const double seconds = seconds_since(start);
  table[stronger - 1][weaker - 1] = r.a_score();
  table[weaker - 1][stronger - 1] = 1 - r.a_score();
  char time_text[32];
  std::snprintf(time_text, sizeof time_text, "%.1f s", seconds);
  out << kLevels[stronger - 1].name << " vs " << kLevels[weaker - 1].name << ": score "
      << percent(r.a_score()) << " (+" << r.a_wins << " =" << r.draws << " -" << r.b_wins << ") in "
      << time_text << std::endl;
}

// The bounds of each numeric option: a seed is any 64-bit number, the rest
// keep the series playable (at most 20 random opening plies).
struct NumberOption {
  const char* name;
  std::uint64_t lo, hi;
};
constexpr NumberOption kNumberOptions[] = {{"games", 1, kMaxGames},
                                           {"seed", 0, kMaxSeed},
                                           {"movetime", 0, 1'000'000'000},
                                           {"openings", 0, 20}};

void set_option(TournamentSettings& t, const std::string& name, std::uint64_t value) {
  if (name == "games")
    t.match.games = static_cast<int>(value);
  else if (name == "seed")
    t.match.seed = value;
  else if (name == "movetime")
    t.match.movetime_ms = static_cast<std::int64_t>(value);
  else
    t.match.opening_plies = static_cast<int>(value);
}

Parsed<TournamentSettings> parse(const std::vector<std::string>& args) {
  TournamentSettings t;
  t.match.game = args[1];
  t.match.games = 200;
  t.match.movetime_ms = 200;
  // Random opening moves that vary the games without deciding them: the
  // game's own number (registry.cpp says why each).
  t.match.opening_plies =
      tool_settings(t.match.game).value_or(ToolSettings{}).tournament_opening_plies;
  // Each option at most once, as `arcade match` takes them: `games 5 games
  // 6` would otherwise play 6 without a word.
  std::set<std::string> given;
  for (std::size_t i = 2; i < args.size(); ++i) {
    if (!given.insert(args[i]).second) return ParseError{"'" + args[i] + "' given twice"};
    if (args[i] == "all") {
      t.all_pairs = true;
      continue;
    }
    const auto option = std::find_if(std::begin(kNumberOptions), std::end(kNumberOptions),
                                     [&](const NumberOption& o) { return args[i] == o.name; });
    if (option == std::end(kNumberOptions)) return ParseError{"unknown option '" + args[i] + "'"};
    const Parsed<std::uint64_t> value = option_number(args, i, option->lo, option->hi);
    if (!value) return ParseError{value.error()};
    set_option(t, args[i], *value);
    ++i;
  }
  return t;
}

}  // namespace

int tournament_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  const char* usage =
      "usage: arcade tournament GAME [games N] [seed S] [movetime MS] [openings K] [all]\n";
  if (args.size() < 2) {
    err << usage;
    return 2;
  }
  if (!make_session(args[1])) {
    err << "error unknown game '" << args[1] << "'\n";
    return 2;
  }
  const Parsed<TournamentSettings> t = parse(args);
  if (!t) {
    err << "error tournament: " << t.error() << '\n' << usage;
    return 2;
  }
  out << "tournament " << t->match.game << " games " << t->match.games << " seed " << t->match.seed
      << " movetime " << t->match.movetime_ms << " openings " << t->match.opening_plies
      << std::endl;
  CrossTable table;
  for (auto& row : table) row.fill(-1);
  for (int stronger = 2; stronger <= kLevelCount; ++stronger)
    for (int weaker = stronger - 1; weaker >= (t->all_pairs ? 1 : stronger - 1); --weaker)
      play_pair(*t, stronger, weaker, table, out);
  print_table(table, out);
  return 0;
}

}  // namespace arcade::cli
