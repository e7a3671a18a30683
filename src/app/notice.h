#pragma once
// What went wrong (it stays at the bottom of the board's area until
// dismissed) or what just happened (it takes the status line under the
// heading and fades after a few seconds: over the board it hid the bottom
// row, and a fleeting word needs no OK).

#include <optional>
#include <string>

namespace arcade::app {

class Notice {
 public:
  // Shows `text` from `now` (seconds) on, in place of any other.
  void say(std::string text, bool error, float now);
  const std::string& text() const { return text_; }
  // Still fading at `now`: frames must be drawn although nothing else moves.
  bool fading(float now) const { return !text_.empty() && !error_ && now < until_ + 0.5f; }
  // What just happened, while it shows at `now`, and how opaque it is
  // (0 to 1): the heading draws it in the status line's place.
  struct Brief {
    std::string text;
    float alpha = 1;
  };
  std::optional<Brief> brief(float now) const;
  // Draws an error over the area (points) at the time `now`; its OK
  // dismisses it.
  void draw(float x, float y, float w, float h, float now);

 private:
  std::string text_;
  bool error_ = false;
  float until_ = 0;  // seconds; a notice that is not an error fades then
};

}  // namespace arcade::app
