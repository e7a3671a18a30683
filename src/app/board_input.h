#pragma once
// The board's input: the keyboard's cursor (arrows choose a cell, Enter
// plays it, Escape hides it), the pointer (hover, a click's move or pick)
// and, in a game of steps (board_scene.h's Steps), the steering: arrows,
// W A S D, swipes and taps step the mover now or once the person is to
// move, and at a steady pace keep it going. It owns what steering
// remembers between frames; the rest it reads and writes in the
// AppContext (the game, BoardUi's cursor, hover and selection).

#include <optional>

#include "app/app_context.h"
#include "app/lab/lab_panel.h"

namespace arcade::app {

// Keys that move the board's cursor and play at it.
enum class Key { kLeft, kRight, kUp, kDown, kEnter, kEscape };

class BoardInput {
 public:
  BoardInput(AppContext& ctx, const LabPanel& lab);

  // The arrows choose a cell (a column where pieces drop), Enter plays it;
  // in a game of steps they play the step that way, Enter (and Space) the
  // stop.
  void board_key(Key k);
  // W A S D in a game of steps, as the arrows: whether `k` was taken so.
  bool step_letter(char k);
  // The pointer over the board, drawn at (left, top) in cells `cell` points
  // wide; `banner`: the end's card covers it (no clicks, no taps).
  void pointer(float left, float top, float cell, Grid grid, bool banner);
  // Plays the wanted step once the person is to move, and at a steady pace
  // keeps going (once an update).
  void follow_steps();
  // Forgets the step asked for and the steady pace (an undo, a new game).
  void forget_steps() { wanted_step_ = steady_heading_ = std::nullopt; }
  // At a steady pace: the next step comes by itself, so frames must be drawn.
  bool steering() const { return steady_heading_.has_value(); }
  // The person's forced pass (board_scene.h, person_pass), if they must.
  void play_pass();

 private:
  // A step in `direction` ({0, 0}: the stop) now if the person is to move,
  // else once they are (at a steady pace, the way to steer).
  void steer(Cell direction);
  // Plays the step in `direction` (or the stop) if legal; whether it did.
  bool play_step(Cell direction);
  // A swipe over the board, released at `to` (points): its direction's step.
  void swipe(ImVec2 from, ImVec2 to);
  // A tap on `cell` in a game of steps: the step there, or the stop.
  void tap(Cell cell);
  void play_cursor();

  AppContext& ctx_;
  GameController& game_;
  const LabPanel& lab_;  // its tree covers the board: keys must not play unseen
  // The direction asked for last and not yet played, the steady pace's
  // heading, when the person last stepped, where a press on the board
  // began (a swipe or a tap).
  std::optional<Cell> wanted_step_, steady_heading_;
  float stepped_at_ = -1;
  std::optional<ImVec2> pressed_at_;
};

}  // namespace arcade::app
