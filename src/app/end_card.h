#pragma once
// The end of a game: the winning line draws itself once the last piece has
// landed (a piece the end took shrinks away first), with the end's sound,
// then the card fades in over the board: who won and how, the session's
// score, a rematch, a new game, or the board seen without it (at once with
// reduced motion). Owns how far each has come and whether the card was
// dismissed.

#include "app/app_context.h"

namespace arcade::app {

class EndCard {
 public:
  EndCard(AppContext& ctx, AppActions& actions);

  // Moves the end on by `dt` seconds (once an update); back to nothing
  // while the game is not over.
  void update(float dt);
  // As the game on the board is now, at once: shown if it is over (a game
  // switched to), and not dismissed.
  void settle();
  // The card over `board`, or where it is too short for the card, under
  // `under_actions` (a phone's row of actions; 0: none).
  void draw(const Rect& board, float under_actions);

  // Over and not dismissed: the card is up (the board takes no clicks).
  bool up() const { return game_.game_over() && !dismissed_; }
  void dismiss() { dismissed_ = true; }
  // A new game, or one opened: its end will show its card.
  void undismiss() { dismissed_ = false; }
  // The winning line's share drawn, 0..1.
  float win_progress() const { return win_progress_; }
  // The line or the card still moves: frames must be drawn.
  bool moving() const { return game_.game_over() && (win_progress_ < 1.0f || shown_ < 1.0f); }

 private:
  AppContext& ctx_;
  const GameController& game_;
  AppActions& actions_;
  float win_progress_ = 0;  // 0..1: the winning line drawing itself
  float shown_ = 0;         // 0..1: the card fading in
  float height_ = 0;        // the card's height at the last frame
  bool dismissed_ = false;
};

}  // namespace arcade::app
