#pragma once
// The player's settings besides the game, and how they are kept: on a line of
// their own after the saved game (GameController::save),
// "prefs sound 0 motion 1 pace 700 think 1".

#include <string>

namespace arcade::app {

struct Preferences {
  bool sound = false;              // off by default: a page should not start beeping
  bool reduce_motion = false;      // pieces jump into place, nothing fades
  int ai_pace_ms = 700;            // AI against AI: the least time between moves
  bool think_on_your_time = true;  // the AI ponders while a person thinks (Expert, Perfect)
  // A game of steps (board_scene.h's Steps): the mover keeps going the way
  // it was steered, a step every kSteadyStepSeconds, as a person playing
  // Pac-Man expects; off, a step a key, the lesson's pace (issue 33).
  bool steady = true;
};

// The preferences' line, with its newline.
std::string preferences_line(const Preferences& p);
// Reads the preferences' line out of `saved` (removing it) over `p`; a bad
// value keeps what `p` has.
Preferences take_preferences(std::string& saved, Preferences p);

}  // namespace arcade::app
