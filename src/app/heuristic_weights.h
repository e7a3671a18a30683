#pragma once
// The heuristic's weights as the person set them, one set per game: what the
// AI, the analysis and the lab search with. The lab's Evaluation section and
// the `weights`/`weight` commands edit them; App tells every engine when they
// change (changed()).

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/game/game_controller.h"

namespace arcade::app {

class HeuristicWeights {
 public:
  explicit HeuristicWeights(const GameController& game) : game_(game) {}

  // The game on the board's weights (its defaults until one is edited).
  std::vector<Score> current() const;
  // As the engines take them: each term that differs from its default.
  EngineWeights for_engines() const;
  // The weights for engines when they differ from those last returned here
  // (or the game changed); none while the engines have them.
  std::optional<EngineWeights> changed();

  // The Evaluation section: the heuristic at `node` (the lab's chosen node),
  // else at the board's position, its weights to edit. Whether they changed.
  bool section(const GameView* node);
  // `weights PRESET` | `weight TERM VALUE`: "ok" or "error ...".
  std::string command(const std::vector<std::string>& words);
  // eval_terms name:value:weight..., eval_total, eval_note at the board's
  // position.
  std::string state() const;

 private:
  std::vector<Score>& editable();  // made from the defaults

  const GameController& game_;
  std::map<std::string, std::vector<Score>> by_game_;  // absent: the defaults
  std::optional<EngineWeights> applied_;               // as changed() last returned
};

}  // namespace arcade::app
