#pragma once
// The heading over the board: whose turn it is or how the game ended, in
// large type, and under it the status line: what the AI's search says, how
// to play, why the person must pass, or what just happened (a notice
// fading); beside it the one action that fits the moment (Retry, Move now,
// Resume, Pass). While an earlier position is viewed, the ways back to the
// game; the side panel and the phone's row of actions draw those and Pass
// through it too.

#include "app/app_context.h"
#include "app/board_input.h"
#include "app/lab/lab_panel.h"

namespace arcade::app {

class Heading {
 public:
  Heading(AppContext& ctx, AppActions& actions, BoardInput& input, const LabPanel& lab);

  // The heading's window over the top of the board's area `r`.
  void draw(const Rect& r);
  // The way out of viewing, under the heading (on a phone, in the
  // `thumb_row` of actions under the board): back to the game, play on.
  void viewing_actions(const Rect& r, bool thumb_row = false);
  // The person's forced pass (board_scene.h, person_pass): its button,
  // `width` wide (0: fits its label), and playing it.
  void pass_button(float width);

 private:
  void draw_lines(const Rect& r);

  AppContext& ctx_;
  GameController& game_;
  AppActions& actions_;
  BoardInput& input_;
  const LabPanel& lab_;
};

}  // namespace arcade::app
