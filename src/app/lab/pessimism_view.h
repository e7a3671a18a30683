#pragma once
// Minimax's pessimism, shown side by side (issue 25, section 3): in a game of
// more than two agents the lab offers the position on the board searched
// twice at the root, once with the ghosts as enemies (minimax: MIN nodes)
// and once with them as coins (expectimax: chance nodes, every move alike),
// each root move's value under each; and runs of N whole games (the
// engine's `match`), with each one's wins, win rate and mean score: each
// algorithm against random ghosts, then against the game's own ghosts (its
// model, Pac-Man's chasers) minimax, and expectimax assuming random ghosts
// and assuming the model they play by (issue 33: what a wrong model
// costs). The tutorials' claim is about those numbers: minimax sees only
// the worst case and rushes to end a game it thinks lost, expectimax takes
// the chance.
//
// All of it uses the score alone (the Weights preset "score"), as the
// tutorials and Berkeley's figure do, and a fixed seed, so that
// `arcade match GAME MAZE ... weights score seed S` plays the same games.
// The lab's tree uses the Evaluation panel's weights, so its root may
// differ; the section says so. It runs on an engine of its own, beside the
// lab's.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "app/engine_factory.h"
#include "app/engine_link/engine_link.h"
#include "app/engine_link/engine_types.h"

namespace arcade::app {

// What one algorithm found: the root's moves with their values, the root's
// value (the first two columns only), and its games. Values in hundredths
// of a point.
struct PessimismColumn {
  // "minimax", "expectimax"; against the game's model M, "minimax_vs_M",
  // "expectimax_assuming_random_vs_M", "expectimax_assuming_M_vs_M".
  std::string algorithm;
  std::vector<std::pair<std::string, int>> moves;  // in the engine's order
  std::optional<int> value;
  struct Games {
    int games = 0, wins = 0, losses = 0, draws = 0;
    int mean = 0;  // hundredths
  };
  std::optional<Games> games;
};

struct PessimismRequest {
  int depth = 3;  // rounds
  int games = 20;
  std::uint64_t seed = 1;
  // The game's own model of the ghosts (the last of
  // GameView::opponent_models): the second set of games is against it.
  std::string model;
};

// The columns of a run, in order: the two algorithms against random
// ghosts, then the three runs of games against the model's.
std::vector<std::string> pessimism_columns(const std::string& model);
// Reads a reply of the searches or matches into `column`; an error
// message for an engine's error.
std::optional<std::string> read_pessimism_reply(const EngineReplyData& reply, int depth,
                                                PessimismColumn& column);

class Pessimism {
 public:
  explicit Pessimism(EngineFactory make_engine) : make_engine_(std::move(make_engine)) {}

  // Searches and plays `position` of `game` (Pac-Man to move).
  void run(const std::string& game, const EnginePosition& position,
           const PessimismRequest& request);
  void stop();
  // Call once a frame: reads the engine's replies.
  void update();
  bool busy() const { return !waiting_.empty(); }

  // The lab panel's section, in a game of more than two agents; runs on
  // `position` when asked, if `agent0_to_move`; `model` is the game's own
  // model of the other team (PessimismRequest::model).
  void section(const std::string& game, const EnginePosition& position, const std::string& model,
               bool agent0_to_move, bool touch);
  // `lab pessimism run [depth D] [games N] [seed S]` | `lab pessimism stop`:
  // "ok" or "error ...".
  std::string command(const std::vector<std::string>& words, const std::string& game,
                      const EnginePosition& position, const std::string& model,
                      bool agent0_to_move);
  // pessimism_state, pessimism_request, for each of the first two columns
  // A pessimism_root_A, and for every column A pessimism_games_A (App::state).
  std::string state() const;

 private:
  EngineFactory make_engine_;
  std::unique_ptr<EngineClient> engine_;
  std::optional<EngineLink> link_;  // over engine_
  PessimismRequest request_;
  std::vector<PessimismColumn> columns_;  // pessimism_columns
  // The requests still to answer, with the column each fills.
  std::vector<std::pair<std::uint64_t, std::size_t>> waiting_;
  bool has_run_ = false;
  std::string error_;
};

}  // namespace arcade::app
