#pragma once
// The minimax lab as the app shows it: opened from the panel (or L), it
// searches the position on the board on an engine of its own and draws the
// tree where the board was. Holds the lab (lab.h) while open, its settings
// and its view (lab_view.h) and the position its last run searched; its text
// commands (`lab ...`) and state lines for scripts and tests.

#include <memory>
#include <string>
#include <vector>

#include "app/board/imgui_boards.h"
#include "app/engine_factory.h"
#include "app/game/game_controller.h"
#include "app/heuristic_weights.h"
#include "app/lab/lab.h"
#include "app/lab/lab_view.h"
#include "app/lab/pessimism_view.h"

namespace arcade::app {

class LabPanel {
 public:
  LabPanel(const GameController& game, const HeuristicWeights& weights, ImGuiBoards& boards,
           EngineFactory make_engine);

  bool open() const { return lab_ != nullptr; }
  void set_open(bool open);
  // Call once a frame: the engine's replies, the replay moving on.
  void update(float dt) {
    if (lab_) lab_->update(dt);
    pessimism_.update();
  }
  // A run brings lines or the replay plays: frames must be drawn.
  bool busy() const { return (lab_ && (lab_->running() || lab_->playing())) || pessimism_.busy(); }
  // Two fingers zoom the tree (App::pinch).
  void pinch(bool active, float factor, float x, float y);
  // Its engine starts again if it failed (App::retry_engines).
  void retry_engine();

  // The panel's part: the checkbox and, while open, the lab's controls.
  // Whether it is open (the Evaluation section follows then).
  bool section(bool touch);
  // The position at the node the learner chose in the tree, if any.
  std::unique_ptr<GameView> chosen_node() const;
  // The tree in the board's area, [min, max] in points.
  void tree(ImVec2 min, ImVec2 max);

  // `lab on|off|run|step|play|fold|select|fit|zoom|pan ...` (App::command's
  // words): "ok" or "error ...".
  std::string command(const std::vector<std::string>& words);
  // lab, lab_state, lab_nodes, ... lab_selected_marked (App::state).
  std::string state() const;

 private:
  void run();
  std::string step_command(const std::string& where);
  std::string zoom_command(const std::string& points, const std::string& row);
  std::string view_state() const;
  LabWords words() const;
  LabPosition position_now() const;  // the board's position and weights
  std::string own_model() const;     // the game's own model of the other team
  std::string stale() const;         // why the tree is not of them, or empty
  const GameView& root() const;      // the position the tree was searched from

  const GameController& game_;
  const HeuristicWeights& weights_;
  ImGuiBoards& boards_;
  EngineFactory make_engine_;
  std::unique_ptr<EngineClient> engine_;  // made when first opened
  std::unique_ptr<Lab> lab_;              // null while closed
  std::unique_ptr<GameView> root_;        // the position of the last run
  LabSettings settings_;
  LabView view_;
  Pessimism pessimism_{make_engine_};  // minimax beside expectimax (a game of agents)
};

}  // namespace arcade::app
