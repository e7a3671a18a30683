#pragma once
// What the engine's searches report, as the app holds it (from the engine's
// typed events, engine_types.h), and their scores said in words for a
// player, naming the side ahead.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "games/game_view.h"

namespace arcade::app {

// A score as the engine reports it (`score cp X`, `win N`, `loss N`, `draw`,
// and for a game scored by its final margin `win by M`, `loss by M`), from
// one side's view.
struct EngineScore {
  // kPoints: a game valued in its own points (engine/agents.h: Pac-Man's),
  // `value` in hundredths of a point; never a proven result.
  enum class Kind : std::uint8_t { kHeuristic, kWin, kLoss, kDraw, kWinBy, kLossBy, kPoints };
  Kind kind = Kind::kHeuristic;
  int value = 0;  // heuristic units, plies to the end of the game, the margin, or hundredths

  // The same score from the other side's view.
  EngineScore flipped() const;
  // A game valued in points sends `cp 9` for 9 points: a heuristic score
  // read so becomes that many points (kPoints, in hundredths).
  EngineScore in_points() const;
  // How good it is for the side whose view it is, from 0 (lost) to 1 (won):
  // the evaluation bar's share and the graph's height.
  float share() const;
  // Whether the score is proven (a win, loss, margin or draw with best
  // play), not a heuristic guess.
  bool proven() const;
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
  std::optional<std::uint64_t> time_ms;  // the search's time so far, if said
  std::vector<std::string> pv;
};

// `info depth D move M score S`: one root move's score at depth D.
struct MoveInfoLine {
  int depth = 0;
  std::string move;
  EngineScore score;  // for the side that plays it
};

// How the engine chose the move it played when that was not simply its
// search's first (engine/protocol.h, kChoiceLine): at random among `tied`
// equal moves, or as its level's slip.
struct MoveChoice {
  std::string move;
  int tied = 0;
  bool slip = false;
  friend bool operator==(const MoveChoice&, const MoveChoice&) = default;
};

// A search shorter than this has no nodes-per-second figure worth showing:
// the engine's clock counts whole milliseconds (a search of 0 ms reports
// its nodes times 1000 as its speed), so below 20 ms the rounding alone
// errs by more than the 5% of the two figures short_count shows.
inline constexpr std::uint64_t kMinMeasuredMs = 20;
// The search's nodes per second, or 0 for one too short to measure (or
// that did not say its time).
std::uint64_t measured_nps(const SearchInfoLine& search);

// How far a search saw, as a player reads it: "exact from here" where its
// score is proven, else its depth in moves (each side's turn a move, as the
// levels count them): "searched 7 moves ahead".
std::string reach_in_words(int depth, const std::optional<EngineScore>& score);
// "searched 7 moves ahead: Red leads slightly, 12k nodes, 1.2M nodes/s,
// line 4 4 5" or "exact from here: Red wins in 4 moves, ...": a search's
// figures, its score from `side`'s view; no speed for a search too short
// to measure, no line unless `with_line`.
std::string search_in_words(const SearchInfoLine& search, int side, const GameView& position,
                            bool with_line = true);
// Its reach and score alone, where a line has little room (a phone's
// status line): "exact from here: Red wins in 4 moves", "searched 7 moves
// ahead: Red leads slightly".
std::string search_in_brief_words(const SearchInfoLine& search, int side, const GameView& position);
// The same as a sentence of its own: "Exact from here: Red wins in 4 moves".
std::string search_in_brief_sentence(const SearchInfoLine& search, int side,
                                     const GameView& position);
// What the AI did and why, for the status line: "O played c2, exact from
// here: draw, ..., line c2 b2"; when the move is not the search's line's
// first, how it was chosen and the search's own line: "O played c2 at
// random among 3 equal moves; the search's line: a1 b2 (exact from here:
// draw, ...)".
std::string played_in_words(int side, const std::string& move, const SearchInfoLine& search,
                            const std::optional<MoveChoice>& choice, const GameView& position);
// The same where room is short (a phone's status line), the important part
// first: the move played and how it was chosen, then the score; the reach
// and the line left out. "White played d3 at random among 3 equal moves:
// White leads clearly".
std::string played_in_brief_words(int side, const std::string& move, const SearchInfoLine& search,
                                  const std::optional<MoveChoice>& choice,
                                  const GameView& position);

// For a player: "Red wins in 4 moves", "White wins by 6", "draw", "even",
// or a heuristic score in words for the side ahead, as far as the
// evaluation bar leans its way: "Red leads slightly", "leads", "leads
// clearly", "leads by far" ("Wolves lead"; a raw "+500.0" tells a person
// nothing). `score` is from side `side`'s view.
std::string score_in_words(const EngineScore& score, int side, const GameView& position);
// A distance to the end in the app's one wording: the winner's own moves,
// "1 move", "4 moves" (plies + 1) / 2, as the analysis, the heading and
// the lab all say it.
std::string moves_in(int plies);
// A count as a player reads it at a glance: "950", "12k", "1.2M", "35M".
std::string short_count(std::uint64_t n);

// For a move's label over the board, from the mover's view: "wins in 9",
// "loses in 12", "draw", "+0.8".
std::string move_score_label(const EngineScore& score);
// The same where room is short: "W9", "L12", "=", "+0.8".
std::string move_score_short_label(const EngineScore& score);

}  // namespace arcade::app
