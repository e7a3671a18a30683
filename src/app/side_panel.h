#pragma once
// The controls beside the board (under it on a phone, in a panel that
// scrolls): the actions (Undo, Redo, Hint, New; a phone's row of them under
// the board), the players and who plays each side, the session's score,
// the start choice and one's own start, the move list, the analysis or the
// lab with the heuristic's weights, and sharing. Owns its text fields and
// where the move list last scrolled to.

#include <cstddef>
#include <string>

#include "app/analysis/analysis_panel.h"
#include "app/app_context.h"
#include "app/board/imgui_boards.h"
#include "app/heading.h"
#include "app/heuristic_weights.h"
#include "app/lab/lab_panel.h"

namespace arcade::app {

class SidePanel {
 public:
  SidePanel(AppContext& ctx, AppActions& actions, Heading& heading, AnalysisPanel& analysis,
            LabPanel& lab, HeuristicWeights& weights, ImGuiBoards& boards);

  // The panel over `r` (points); on a `phone` without the actions, which
  // are in the row under the board (quick_actions).
  void draw(const Rect& r, bool phone);
  // The phone's row of big buttons under the board, over `r`.
  void quick_actions(const Rect& r);

 private:
  void action_buttons();
  void players_section();
  void side_controls(int side);
  void piece_icon(int side, float size);
  void score_line();
  void start_choice();
  // The start choice's own start: a text box and its button.
  void own_start();
  void move_list();
  void share_section();
  void copy_link();
  void open_pasted();

  AppContext& ctx_;
  GameController& game_;
  AppActions& actions_;
  Heading& heading_;
  AnalysisPanel& analysis_;
  LabPanel& lab_;
  HeuristicWeights& weights_;
  ImGuiBoards& boards_;
  std::string pasted_;     // the share section's text field
  std::string own_start_;  // the start choice's text field, shown while open
  bool own_start_open_ = false;
  std::size_t moves_listed_ = 0;  // the move list scrolls to a new move
};

}  // namespace arcade::app
