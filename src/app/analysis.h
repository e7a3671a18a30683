#pragma once
// The analysis panel's model: what the engine thinks of the position on the
// board, for any game and whoever plays it (person against person too).
//
// It runs on an engine of its own (make_engine_client), so that it never
// stops or delays the AI's search: whenever the position changes it stops
// its search and starts one on the new position at the strongest level with
// every move scored (RootScores), so exact values come where the game is
// solved (Tic-tac-toe, Wolf and Sheep, Connect Four in its book or within
// reach of the solver) and heuristic ones elsewhere. While the AI thinks it
// waits and the AI's own search is shown instead, so the two do not share
// the processor. When the current position is done, it goes back over the
// game's earlier positions that have no score yet, for the evaluation graph.
//
// No ImGui here: analysis_view.cpp draws it; tests drive it with a fake
// engine.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "app/engine_client.h"
#include "app/engine_info.h"
#include "app/game_controller.h"

namespace arcade::app {

struct MoveScore {
  Move move = kNoMove;
  std::string text;
  EngineScore score;  // for the side that plays it
};

// What one analysis found, from the side to move's view.
struct AnalysisResult {
  int depth = 0;
  EngineScore score;
  std::uint64_t nodes = 0;
  std::uint64_t nps = 0;
  std::vector<std::string> pv;   // the principal variation, in notation
  std::vector<MoveScore> moves;  // every legal move scored, best first
  bool done = false;             // the engine answered with its move
};

class Analysis {
 public:
  explicit Analysis(EngineClient& engine);

  // Call once a frame with the game on the board: starts, stops and reads.
  void update(const GameController& game);
  // Option lines sent before each search (the heuristic's weights).
  void set_options(std::vector<std::string> lines) { options_ = std::move(lines); }
  // Stops the engine's search (the panel was closed).
  void stop();

  // The current position's analysis, once an `info` line has come.
  const std::optional<AnalysisResult>& current() const { return current_; }
  // Side 0's score after each ply of the game's line (index 0: the start),
  // where known; as long as the line plus one.
  const std::vector<std::optional<EngineScore>>& history() const { return history_; }
  bool searching() const { return request_ != 0; }

 private:
  struct Target {
    std::string game;
    std::string position;  // the protocol's `position` command
    std::size_t ply = 0;   // in the game's line
    int side_to_move = 0;
    bool current = false;  // the position on the board, not an earlier one
    bool quick = false;    // its first search (see kQuickSearch)
  };
  std::optional<Target> next_target(const GameController& game) const;
  void start(const Target& target);
  void handle(const EngineReply& reply);
  void record(const AnalysisResult& result);
  void sync_history(const GameController& game);

  EngineClient& engine_;
  // The game (name and start) and line the history belongs to.
  std::string history_game_;
  std::vector<std::string> history_moves_;
  std::vector<std::optional<EngineScore>> history_;
  std::optional<AnalysisResult> current_;
  std::optional<Target> running_;
  std::optional<AnalysisResult> partial_;  // of the running search
  bool shows_partial_ = false;             // current_ is the running search's
  int current_searches_ = 0;               // finished on the position on the board
  std::uint64_t request_ = 0;
  std::string engine_game_;
  std::vector<std::string> options_;
};

}  // namespace arcade::app
