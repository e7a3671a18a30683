#pragma once
// The engine's `info` lines as the app reads them, and their scores said in
// words for a player, naming the side ahead.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "games/game_view.h"

namespace arcade::app {

// A score as the engine reports it (`score cp X`, `win N`, `loss N`, `draw`),
// from one side's view.
struct EngineScore {
  enum class Kind : std::uint8_t { kHeuristic, kWin, kLoss, kDraw };
  Kind kind = Kind::kHeuristic;
  int value = 0;  // heuristic units, or plies to the end of the game

  // The same score from the other side's view.
  EngineScore flipped() const;
  // How good it is for the side whose view it is, from 0 (lost) to 1 (won):
  // the evaluation bar's share and the graph's height.
  float share() const;
  // Whether `this` is better than `other` for the same side.
  bool better_than(const EngineScore& other) const;
  friend bool operator==(const EngineScore&, const EngineScore&) = default;
};

// An `info` line's figures for a whole search (not one root move's line).
struct SearchInfoLine {
  int depth = 0;
  std::optional<EngineScore> score;  // for the side to move
  std::uint64_t nodes = 0;
  std::uint64_t nps = 0;
  std::vector<std::string> pv;
};
// Nothing for another line, a root move's line or depth 0.
std::optional<SearchInfoLine> read_search_info(const std::vector<std::string>& words);

// `info depth D move M score S`: one root move's score at depth D.
struct MoveInfoLine {
  int depth = 0;
  std::string move;
  EngineScore score;  // for the side that plays it
};
std::optional<MoveInfoLine> read_move_info(const std::vector<std::string>& words);

// Reads the words after `score` in an `info` line; nothing if malformed.
std::optional<EngineScore> read_score(const std::vector<std::string>& words, std::size_t at);

// For a player: "Red wins in 4", "draw", "even", "Red +0.8" (a heuristic
// score in tenths of the engine's units, for the side ahead). `score` is
// from side `side`'s view.
std::string score_in_words(const EngineScore& score, int side, const GameView& position);
// A count as a player reads it at a glance: "950", "12k", "1.2M", "35M".
std::string short_count(std::uint64_t n);

// For a move's label over the board, from the mover's view: "wins in 9",
// "loses in 12", "draw", "+0.8".
std::string move_score_label(const EngineScore& score);
// The same where room is short: "W9", "L12", "=", "+0.8".
std::string move_score_short_label(const EngineScore& score);

}  // namespace arcade::app
