#pragma once
// A notice at the bottom of the board's area: what went wrong (it stays
// until dismissed) or what just happened (it fades after a few seconds).

#include <string>

namespace arcade::app {

class Notice {
 public:
  // Shows `text` from `now` (seconds) on, in place of any other.
  void say(std::string text, bool error, float now);
  const std::string& text() const { return text_; }
  // Still fading at `now`: frames must be drawn although nothing else moves.
  bool fading(float now) const { return !text_.empty() && !error_ && now < until_ + 0.5f; }
  // Draws it over the area (points) at the time `now`; its OK dismisses it.
  void draw(float x, float y, float w, float h, float now);

 private:
  std::string text_;
  bool error_ = false;
  float until_ = 0;  // seconds; a notice that is not an error fades then
};

}  // namespace arcade::app
