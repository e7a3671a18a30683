#pragma once
// SDL's events, for ImGui and for the app: its keys (shortcuts and the
// board's cursor, when no text field has the keyboard), two fingers'
// pinch, whether the person is on a touch screen now, and the window
// closing. Apart from main.cpp so that the loop reads as its steps.

#include <SDL.h>

#include <map>
#include <utility>

#include "app/app.h"

namespace arcade::app {

class SdlInput {
 public:
  explicit SdlInput(bool touch) : touch_(touch) {}

  // Reads SDL's events, passing them on to ImGui and `app`; whether there
  // was any (then the screen may change).
  bool poll(App& app, SDL_Window* window);
  // The last pointer was a finger (a touch screen), not a mouse.
  bool touch() const { return touch_; }
  // The window was closed, or the program asked to quit.
  bool quit() const { return quit_; }

 private:
  static void key(App& app, const SDL_KeyboardEvent& key);
  void finger(App& app, SDL_Window* window, const SDL_TouchFingerEvent& finger);

  bool touch_;
  bool quit_ = false;
  // The fingers on the screen (window fractions) and, with two, their
  // distance in points at the last event: a pinch zooms.
  std::map<SDL_FingerID, std::pair<float, float>> fingers_;
  float pinch_distance_ = 0;
};

}  // namespace arcade::app
