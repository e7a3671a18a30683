#pragma once
// The board's area: the heading over it, then the board, the largest of
// the position's proportions that fits, centred, drawn by the renderer
// with the analysis' line and labels over it and the columns' and rows'
// names in its margin; or, while the lab is open, the lab's tree in its
// place. It owns where the board was drawn last and the animation of a new
// move (a slide or a drop, with its sound) and the hint's pulse.

#include <cstddef>
#include <string>
#include <vector>

#include "app/analysis/analysis_panel.h"
#include "app/app_context.h"
#include "app/board/board_renderer.h"
#include "app/board_input.h"
#include "app/end_card.h"
#include "app/heading.h"
#include "app/lab/lab_panel.h"

namespace arcade::app {

class BoardArea {
 public:
  BoardArea(AppContext& ctx, BoardRenderer& renderer, BoardInput& input, Heading& heading,
            const EndCard& end_card, AnalysisPanel& analysis, LabPanel& lab);

  // The heading and the board in `r` (points); the framebuffer is
  // `fb_width` x `fb_height` pixels.
  void draw(const Rect& r, int fb_width, int fb_height, float seconds);
  // Moves the new move's animation on by `dt` seconds (once an update).
  void update(float dt);
  // The game's moves as seen: `count` plies, none of them new (a new game,
  // another game, a game loaded).
  void seen(std::size_t count) { moves_seen_ = count; }
  // A new move still slides or drops: frames must be drawn.
  // A move still shown in motion: a piece sliding or dropping, a sowing.
  bool animating() const {
    return (ctx_.ui.animation && ctx_.ui.animation->progress < 1.0f) ||
           (ctx_.ui.sowing && ctx_.ui.sowing->progress < 1.0f);
  }
  // A hint pulses for its first seconds: frames must be drawn.
  bool hint_pulsing() const { return game_.hint().has_value() && ctx_.seconds - hint_seen_ < 2.0f; }
  // Where the board was drawn last (points).
  const Rect& rect() const { return board_rect_; }
  // The layout's and the theme's constants that tests must not copy: the
  // board's margin, the page's background, the sides' colours; the edge
  // labels as drawn and the pixels the last frame drew with the shader.
  std::string state() const;

 private:
  void board(const Rect& r, int fb_width, int fb_height, float seconds);
  // Draws a scene in a rectangle given in ImGui's points (top left origin).
  void draw_board(const BoardScene& scene, float left, float top, float w, float h, int fb_width,
                  int fb_height, float seconds);
  std::vector<EdgeLabel> shown_edge_labels() const;

  AppContext& ctx_;
  const GameController& game_;
  BoardRenderer& renderer_;
  BoardInput& input_;
  Heading& heading_;
  const EndCard& end_card_;
  AnalysisPanel& analysis_;
  LabPanel& lab_;
  Rect board_rect_;
  std::size_t moves_seen_ = 0;  // for the animation of a new move
  std::string hint_text_;       // the hint shown, and since when (it pulses a while)
  float hint_seen_ = 0;
};

}  // namespace arcade::app
