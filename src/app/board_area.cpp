#include "app/board_area.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <string>

namespace arcade::app {
namespace {

constexpr float kAnimationSeconds = 0.3f;
// A step to the cell beside (a game of steps: a round of Pac-Man is his
// step and each ghost's) slides quicker, so that a round feels snappy.
constexpr float kStepSeconds = 0.1f;
// A sowing reaches a cell this often: a seed at a time, as a hand sows.
constexpr float kSowingSecondsACell = 0.14f;

bool unit_step(const MoveAnimation& a) {
  return std::abs(a.to.col - a.from.col) + std::abs(a.to.row - a.from.row) == 1;
}

// The edge labels' size: small, within the board's margin.
float edge_label_size(const ImFont* body) {
  const float body_size = body ? body->FontSize * ImGui::GetIO().FontGlobalScale : kBodyPoints;
  return std::min(kBoardMargin * 0.8f, body_size * 0.8f);
}

}  // namespace

BoardArea::BoardArea(AppContext& ctx, BoardRenderer& renderer, BoardInput& input, Heading& heading,
                     const EndCard& end_card, AnalysisPanel& analysis, LabPanel& lab)
    : ctx_(ctx),
      game_(ctx.game),
      renderer_(renderer),
      input_(input),
      heading_(heading),
      end_card_(end_card),
      analysis_(analysis),
      lab_(lab) {}

void BoardArea::draw(const Rect& r, int fb_width, int fb_height, float seconds) {
  heading_.draw(r);
  const Rect below{r.x, r.y + heading_height(), r.w, r.h - heading_height()};
  board(below, fb_width, fb_height, seconds);
}

void BoardArea::board(const Rect& r, int fb_width, int fb_height, float seconds) {
  if (lab_.open()) return lab_.tree({r.x, r.y}, {r.x + r.w, r.y + r.h});
  // The largest board of the position's proportions that fits, centred.
  const Grid grid = game_.position().grid();
  const float avail_w = r.w - 2 * kBoardMargin, avail_h = r.h - 2 * kBoardMargin;
  const float cell = std::max(1.0f, std::min(avail_w / grid.cols, avail_h / grid.rows));
  const float board_w = cell * grid.cols, board_h = cell * grid.rows;
  const float left = r.x + (r.w - board_w) / 2, top = r.y + (r.h - board_h) / 2;
  board_rect_ = {left, top, board_w, board_h};

  input_.pointer(left, top, cell, grid, end_card_.up());
  BoardScene scene = make_scene(game_, ctx_.ui);
  analysis_.add_line(scene);
  scene.win_progress = end_card_.win_progress();
  draw_board(scene, left, top, board_w, board_h, fb_width, fb_height, seconds);
  // The banner's font: large numbers from a large font stay sharp.
  draw_counts(ImGui::GetBackgroundDrawList(), scene, {left, top}, {left + board_w, top + board_h},
              ctx_.fonts.banner);
  // The columns' and rows' names in the margin, as the moves write them.
  draw_edge_labels(ImGui::GetBackgroundDrawList(), shown_edge_labels(), ctx_.fonts.body,
                   edge_label_size(ctx_.fonts.body));
  analysis_.draw_over_board(ctx_.ui.selected, left, top, cell, grid.rows);
}

void BoardArea::draw_board(const BoardScene& scene, float left, float top, float w, float h,
                           int fb_width, int fb_height, float seconds) {
  // ImGui lays out in points, GL draws in pixels, from the bottom up.
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  const float sx = fb_width / std::max(1.0f, display.x);
  const float sy = fb_height / std::max(1.0f, display.y);
  const PixelRect rect{static_cast<int>(left * sx), static_cast<int>(fb_height - (top + h) * sy),
                       static_cast<int>(w * sx), static_cast<int>(h * sy)};
  renderer_.draw_cached(scene, rect, seconds);
}

// The main board's edge labels where it was drawn last; none on a board too
// small to carry them beside it.
std::vector<EdgeLabel> BoardArea::shown_edge_labels() const {
  const Grid grid = game_.position().grid();
  const float cell = board_rect_.w / static_cast<float>(std::max(1, grid.cols));
  if (cell < 2 * edge_label_size(ctx_.fonts.body)) return {};
  return edge_labels(game_.position().board(), grid, board_rect_.x, board_rect_.y, cell,
                     kBoardMargin);
}

void BoardArea::update(float dt) {
  const std::size_t count = game_.line().size();
  if (count != moves_seen_) {
    // A new move (not an undo) slides or drops into place.
    ctx_.ui.animation.reset();
    if (count < moves_seen_ || count == 0) input_.forget_steps();
    ctx_.ui.sowing.reset();
    if (count == moves_seen_ + 1 && ctx_.motion() > 0) {
      if (auto sown = last_move_counts(game_)) {
        ctx_.ui.sowing = std::move(*sown);
        ctx_.ui.sowing->progress = 0.0f;
      } else if (auto path = last_move_path(game_)) {
        ctx_.ui.animation = *path;
        ctx_.ui.animation->progress = 0.0f;
      }
    }
    if (count == moves_seen_ + 1 && ctx_.prefs.sound && ctx_.platform.play_sound)
      ctx_.platform.play_sound(Sound::kMove);
    moves_seen_ = count;
    ctx_.ui.selected.reset();
  }
  if (ctx_.ui.sowing && ctx_.ui.sowing->progress < 1.0f) {
    const float seconds = kSowingSecondsACell * static_cast<float>(ctx_.ui.sowing->order.size());
    ctx_.ui.sowing->progress = std::min(1.0f, ctx_.ui.sowing->progress + dt / seconds);
  }
  if (ctx_.ui.animation && ctx_.ui.animation->progress < 1.0f) {
    const float seconds = unit_step(*ctx_.ui.animation) ? kStepSeconds : kAnimationSeconds;
    ctx_.ui.animation->progress = std::min(1.0f, ctx_.ui.animation->progress + dt / seconds);
  }
  if (game_.hint() && hint_text_ != game_.hint()->text) {
    hint_text_ = game_.hint()->text;
    hint_seen_ = ctx_.seconds;
  }
}

std::string BoardArea::state() const {
  const BoardLook& look = game_.position().board().look;
  // The names beside the board, as drawn: "edge_labels a:x:y ..." (points).
  std::string labels = "edge_labels";
  for (const EdgeLabel& l : shown_edge_labels())
    labels += " " + l.text + ":" + std::to_string(static_cast<int>(std::lround(l.x))) + ":" +
              std::to_string(static_cast<int>(std::lround(l.y)));
  return "board_margin " + std::to_string(static_cast<int>(kBoardMargin)) + "\ntheme_background " +
         css_colour(kBackgroundRgb) + "\ntheme_sides " + css_colour(look.pieces[0].colour) + " " +
         css_colour(look.pieces[1].colour) + "\n" + labels + "\nboard_drawn_pixels " +
         std::to_string(renderer_.last_drawn_pixels()) + "\n";
}

}  // namespace arcade::app
