#pragma once
// The analysis as the app shows it: opened from the panel (or A), it searches
// the position on the board on engines of its own (the first and its helpers,
// engines_per_task), shows what it found in the panel and over the board, and
// says it in App::state's analysis_* lines. The model is analysis.h, the
// drawing analysis_view.h.

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/analysis/analysis.h"
#include "app/board/board_scene.h"
#include "app/engine_factory.h"
#include "app/game/game_controller.h"

namespace arcade::app {

// What the analysis panel draws over the board.
enum class BoardOverlay : int { kMoveScores = 0, kLine = 1, kNothing = 2 };

class AnalysisPanel {
 public:
  // `processors`: the machine's, for the number of engines.
  AnalysisPanel(const GameController& game, EngineFactory make_engine, int processors);

  bool open() const { return analysis_ != nullptr; }
  bool available() const { return make_engine_ != nullptr; }
  void set_open(bool open);
  // Call once a frame: whether an engine said something new.
  bool update() { return analysis_ && analysis_->update(game_); }
  bool searching() const { return analysis_ && analysis_->searching(); }
  void set_weights(const EngineWeights& weights) {
    if (analysis_) analysis_->set_weights(weights);
  }
  // Its engines start again if they failed (App::retry_engines).
  void retry_engines();

  // The panel's part: the checkbox and, while open, what it found and the
  // choice of what goes over the board. `touch`: no key to tell.
  // The ply a click on the evaluation graph asks to see, if any: the app
  // goes there once the frame is drawn (AppContext::later).
  std::optional<std::size_t> section(bool touch);
  // The line as ghost pieces in the board's scene, when that is shown.
  void add_line(BoardScene& scene) const;
  // The scores or the line's numbers over the board as drawn.
  void draw_over_board(std::optional<Cell> selected, float left, float top, float cell,
                       int rows) const;
  // analysis, analysis_engines, analysis_depth, ..., analysis_labels (the
  // labels over the board with `selected` the piece chosen).
  std::string state(std::optional<Cell> selected) const;

 private:
  std::string labels_state(const AnalysisResult& found, std::optional<Cell> selected) const;

  const GameController& game_;
  EngineFactory make_engine_;
  int processors_;
  std::unique_ptr<EngineClient> engine_;  // made when first opened
  // Engines scoring moves beside engine_ (Analysis::set_helpers).
  std::vector<std::unique_ptr<EngineClient>> helpers_;
  std::unique_ptr<Analysis> analysis_;  // null while closed
  BoardOverlay overlay_ = BoardOverlay::kMoveScores;
};

}  // namespace arcade::app
