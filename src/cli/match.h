#pragma once
// `arcade match`: two levels of the engine play a series of one game,
// alternating who starts, with random choices among equal moves from a fixed
// seed so the games differ and the series can be replayed.

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "engine/parsed.h"

namespace arcade::cli {

// A seed is any 64-bit number: 0 is as good a seed as any other.
inline constexpr std::uint64_t kMaxSeed = UINT64_MAX;
inline constexpr std::uint64_t kMaxGames = 1'000'000'000;

// The number after the option args[at] ("games", "seed", ...) within
// [lo, hi], or a message naming the option and what is wrong with it.
// match and tournament both read their numbers through it, so that they
// accept the same numbers and word a bad one alike.
Parsed<std::uint64_t> option_number(const std::vector<std::string>& args, std::size_t at,
                                    std::uint64_t lo, std::uint64_t hi);

struct MatchSettings {
  std::string game;
  int level_a = 0;
  int level_b = 0;
  int games = 10;
  std::uint64_t seed = 1;
  int opening_plies = 0;         // random moves before the levels take over
  std::int64_t movetime_ms = 0;  // per move, on top of the level's limits; 0: none
  bool verbose = false;          // print every game's moves
};

struct MatchResult {
  int a_wins = 0;
  int draws = 0;
  int b_wins = 0;
  double a_score() const;  // share of points for A, a draw counting half
};

// Games 2k and 2k+1 share their random opening with the sides swapped, so
// that a lopsided opening favours neither level.
MatchResult play_match(const MatchSettings& settings, std::ostream& out);

// Parses `match GAME LEVEL_A LEVEL_B [games N] [seed S] [verbose]`.
int match_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace arcade::cli
