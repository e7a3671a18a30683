#include "cli/match.h"

#include <atomic>
#include <memory>
#include <optional>
#include <ostream>
#include <random>
#include <set>
#include <stdexcept>
#include <string>
#include <utility>

#include "cli/agent_match.h"
#include "engine/level.h"
#include "games/engine_sessions.h"
#include "games/registry.h"

namespace arcade::cli {
namespace {

struct Player {
  std::unique_ptr<GameSession> session;
  int level;
};

struct GameSetup {
  std::uint64_t search_seed;
  std::uint64_t opening_seed;
  int opening_plies;
  std::int64_t movetime_ms;
};

std::string opening_move(const GameSession& session, std::mt19937_64& rng) {
  const std::vector<std::string> legal = session.legal_moves();
  std::uniform_int_distribution<std::size_t> pick(0, legal.size() - 1);
  return legal[pick(rng)];
}

std::string chosen_move(Player& mover, const GameSetup& setup, int ply) {
  std::atomic<bool> stop{false};
  SearchLimits limits;
  SearchOptions options;
  apply_level(mover.level, limits, options);
  limits.movetime_ms = setup.movetime_ms;
  options.random_ties = true;
  options.seed = setup.search_seed + static_cast<std::uint64_t>(ply) * 7919;
  return mover.session->search(limits, options, stop, {}).best;
}

// Plays one game; returns +1 if `first` won, -1 if it lost, 0 for a draw.
int play_game(Player& first, Player& second, const GameSetup& setup,
              std::vector<std::string>& moves) {
  std::mt19937_64 opening_rng(setup.opening_seed);
  bool first_to_move = true;  // sides alternate, but after an extra turn
  for (int ply = 0;; ++ply) {
    Player& mover = first_to_move ? first : second;
    if (auto problem = mover.session->set_position("startpos", moves))
      throw std::runtime_error("match: " + *problem);
    const Outcome outcome = mover.session->outcome();
    if (outcome != Outcome::kOngoing) {
      const int for_mover = outcome == Outcome::kWon ? 1 : outcome == Outcome::kLost ? -1 : 0;
      return first_to_move ? for_mover : -for_mover;
    }
    std::string move = ply < setup.opening_plies ? opening_move(*mover.session, opening_rng)
                                                 : chosen_move(mover, setup, ply);
    if (!mover.session->move_keeps_turn(move)) first_to_move = !first_to_move;
    moves.push_back(std::move(move));
  }
}

}  // namespace

double MatchResult::a_score() const {
  const int total = a_wins + draws + b_wins;
  return total ? (a_wins + 0.5 * draws) / total : 0.0;
}

MatchResult play_match(const MatchSettings& s, std::ostream& out) {
  Player a{make_engine_session(s.game), s.level_a};
  Player b{make_engine_session(s.game), s.level_b};
  MatchResult result;
  for (int i = 0; i < s.games; ++i) {
    const bool a_first = i % 2 == 0;
    std::vector<std::string> moves;
    const GameSetup setup{s.seed + static_cast<std::uint64_t>(i),
                          s.seed * 1000003 + static_cast<std::uint64_t>(i / 2), s.opening_plies,
                          s.movetime_ms};
    const int first_result =
        a_first ? play_game(a, b, setup, moves) : play_game(b, a, setup, moves);
    const int for_a = a_first ? first_result : -first_result;
    (for_a > 0 ? result.a_wins : for_a < 0 ? result.b_wins : result.draws)++;
    if (s.verbose) {
      out << "game " << i + 1 << " " << (a_first ? "A" : "B") << " first: "
          << (for_a > 0   ? "A wins"
              : for_a < 0 ? "B wins"
                          : "draw")
          << " moves";
      for (const std::string& m : moves) out << ' ' << m;
      out << '\n';
    }
  }
  return result;
}

Parsed<std::uint64_t> option_number(const std::vector<std::string>& args, std::size_t at,
                                    std::uint64_t lo, std::uint64_t hi) {
  const std::string range = "a number from " + std::to_string(lo) + " to " + std::to_string(hi);
  if (at + 1 >= args.size()) return ParseError{"'" + args[at] + "' needs " + range};
  const std::optional<std::uint64_t> value = parse_number(args[at + 1], lo, hi);
  if (!value) return ParseError{args[at] + " '" + args[at + 1] + "' is not " + range};
  return *value;
}

namespace {

// The options after the levels into `s`, or what is wrong with them. An
// option given twice is an error: `games 5 games 6` would otherwise play 6.
std::optional<std::string> read_match_options(const std::vector<std::string>& args,
                                              MatchSettings& s) {
  std::set<std::string> given;
  for (std::size_t i = 4; i < args.size(); ++i) {
    if (given.contains(args[i])) return "'" + args[i] + "' given twice";
    given.insert(args[i]);
    if (args[i] == "verbose") {
      s.verbose = true;
      continue;
    }
    if (args[i] != "games" && args[i] != "seed") return "unknown option '" + args[i] + "'";
    const bool games = args[i] == "games";
    const Parsed<std::uint64_t> value =
        games ? option_number(args, i, 1, kMaxGames) : option_number(args, i, 0, kMaxSeed);
    if (!value) return value.error();
    if (games)
      s.games = static_cast<int>(*value);
    else
      s.seed = *value;
    ++i;
  }
  return std::nullopt;
}

}  // namespace

int match_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  const std::string usage =
      "usage: arcade match GAME LEVEL_A LEVEL_B [games N] [seed S] [verbose]  (levels 1-" +
      std::to_string(kLevelCount) + ")";
  // A game of more than two agents plays mazes, not levels against levels.
  if (args.size() >= 2)
    if (const std::unique_ptr<GameSession> game = make_session(args[1]); game && game->has_chance())
      return agent_match_command(args, out, err);
  if (args.size() < 4) {
    err << usage << '\n';
    return 2;
  }
  MatchSettings s;
  s.game = args[1];
  if (!make_session(s.game)) {
    err << "error unknown game '" << s.game << "'\n";
    return 2;
  }
  const auto a = parse_number(args[2], 1, kLevelCount), b = parse_number(args[3], 1, kLevelCount);
  if (!a || !b) {
    err << "error levels are numbers from 1 to " << kLevelCount << '\n';
    return 2;
  }
  s.level_a = static_cast<int>(*a);
  s.level_b = static_cast<int>(*b);
  if (const std::optional<std::string> problem = read_match_options(args, s)) {
    err << "error match: " << *problem << '\n' << usage << '\n';
    return 2;
  }
  const MatchResult r = play_match(s, out);
  out << "match " << s.game << " A=" << kLevels[s.level_a - 1].name
      << " B=" << kLevels[s.level_b - 1].name << " games " << s.games << " A-wins " << r.a_wins
      << " draws " << r.draws << " B-wins " << r.b_wins << " A-score "
      << static_cast<int>(r.a_score() * 100 + 0.5) << "%\n";
  return 0;
}

}  // namespace arcade::cli
