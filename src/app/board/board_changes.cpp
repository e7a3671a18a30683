// changed_region (board_renderer.h): what board.frag draws differently,
// where. board.frag draws each pixel from its own cell's texel and the
// uniforms alone (and, in a look whose glyphs have tiles, the pieces beside
// it: a tile joins its like), so a changed cell changes its own pixels only (and
// its neighbours'); the uniforms reach further: the piece in flight, the
// winning line (and the pieces it dims), the cursor's column, the time (the
// hint's pulse, nothing else).

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <optional>
#include <vector>

#include "app/board/board_renderer.h"
#include "app/board/board_shader.h"

namespace arcade::app {
namespace {

// A board's pixels and its cells, as board.frag sees them: square, s pixels.
struct Geometry {
  int width, height, cols, rows;
  float s;
};

// The pixels whose centres may lie in [x0, x1) x [y0, y1) (board pixels),
// one more each side against rounding, within the board.
PixelRect pixels_of(const Geometry& g, float x0, float y0, float x1, float y1) {
  const int left = std::max(0, static_cast<int>(std::floor(x0)) - 1);
  const int bottom = std::max(0, static_cast<int>(std::floor(y0)) - 1);
  const int right = std::min(g.width, static_cast<int>(std::ceil(x1)) + 1);
  const int top = std::min(g.height, static_cast<int>(std::ceil(y1)) + 1);
  return {left, bottom, std::max(0, right - left), std::max(0, top - bottom)};
}

// A cell's pixels. board.frag clamps a pixel's cell to the grid: the last
// column and row reach the board's edges.
PixelRect cell_pixels(const Geometry& g, int col, int row) {
  const float x1 = col == g.cols - 1 ? static_cast<float>(g.width) : (col + 1) * g.s;
  const float y1 = row == g.rows - 1 ? static_cast<float>(g.height) : (row + 1) * g.s;
  return pixels_of(g, col * g.s, row * g.s, x1, y1);
}

PixelRect column_pixels(const Geometry& g, int col) {
  return pixels_of(g, col * g.s, 0, col == g.cols - 1 ? g.width : (col + 1) * g.s, g.height);
}

// The piece in flight's pixels, if one flies. A piece draws within 0.46 of
// a cell of its centre, measured along x or y (a wolf's ears, the sheep's
// shadow; a disc 0.42, a cross or a nought 0.32), and a cell's own piece
// gives way to it only where the flying one's centre is the nearer (board.frag's
// in_flight), so within the same reach. 0.65 of a cell and 2 pixels each
// side of its centre hold all it changes, with room for a larger piece.
std::optional<PixelRect> flight_pixels(const Geometry& g, const BoardScene& scene) {
  if (scene.anim_piece == Piece::kNone) return std::nullopt;
  const float x = (scene.anim_col + 0.5f) * g.s, y = (scene.anim_row + 0.5f) * g.s;
  const float reach = 0.65f * g.s + 2.0f;
  return pixels_of(g, x - reach, y - reach, x + reach, y + reach);
}

bool same_flight(const BoardScene& a, const BoardScene& b) {
  return a.anim_piece == b.anim_piece &&
         (a.anim_piece == Piece::kNone ||
          (a.anim_col == b.anim_col && a.anim_row == b.anim_row && a.anim_scale == b.anim_scale));
}

// board.frag's u_win_progress >= 0: a line is shown (and dims the others).
bool won(const BoardScene& scene) {
  return scene.win_line && scene.win_progress >= 0.0f;
}

bool same_win(const BoardScene& a, const BoardScene& b) {
  if (won(a) != won(b)) return false;
  return !won(a) || (a.win_line == b.win_line && a.win_progress == b.win_progress);
}

// The winning line's stroke and its dark edge, drawn as board.frag draws
// them (from a little before the first centre, win_progress of the way to a
// little beyond the last), if drawn.
std::optional<PixelRect> win_line_pixels(const Geometry& g, const BoardScene& scene) {
  if (!won(scene) || !(scene.win_progress > 0.0f)) return std::nullopt;
  const auto& [first, last] = *scene.win_line;
  float ax = (first.col + 0.5f) * g.s, ay = (first.row + 0.5f) * g.s;
  const float bx = (last.col + 0.5f) * g.s, by = (last.row + 0.5f) * g.s;
  const float dx = bx - ax + 1e-6f, dy = by - ay, length = std::hypot(dx, dy);
  const float along_x = dx / length * 0.28f * g.s, along_y = dy / length * 0.28f * g.s;
  ax -= along_x;
  ay -= along_y;
  const float ex = ax + (bx + along_x - ax) * scene.win_progress;
  const float ey = ay + (by + along_y - ay) * scene.win_progress;
  const float reach = std::max(0.05f * g.s, 2.0f) + std::max(0.06f * g.s, 2.5f) + 1.0f;
  return pixels_of(g, std::min(ax, ex) - reach, std::min(ay, ey) - reach, std::max(ax, ex) + reach,
                   std::max(ay, ey) + reach);
}

// The cells board.frag dims while a line is shown: a piece or a ghost off it.
void add_dimmed_cells(const Geometry& g, const BoardScene& scene, std::vector<PixelRect>& rects) {
  for (std::size_t i = 0; i < scene.pieces.size(); ++i) {
    const std::array<std::uint8_t, 4> t = texel_of(scene, i);  // piece, marks, ghost, turned
    if ((t[0] || t[2]) && !(t[1] & kWinningLine))
      rects.push_back(cell_pixels(g, static_cast<int>(i) % g.cols, static_cast<int>(i) / g.cols));
  }
}

void add_changed_cells(const Geometry& g, const BoardScene& before, const BoardScene& after,
                       std::vector<PixelRect>& rects) {
  const bool joins = joins_tiles(after.look);
  for (std::size_t i = 0; i < after.pieces.size(); ++i) {
    const std::array<std::uint8_t, 4> texel = texel_of(after, i);
    const int col = static_cast<int>(i) % g.cols, row = static_cast<int>(i) / g.cols;
    if (texel == texel_of(before, i) && !(texel[1] & kHint)) continue;
    // A store's cells are drawn as one pit, its piece at the column's middle.
    rects.push_back(store_column(after, col) ? column_pixels(g, col) : cell_pixels(g, col, row));
    if (!joins || texel[0] == texel_of(before, i)[0]) continue;
    // A tile round it may join it now, or no longer.
    for (int dr = -1; dr <= 1; ++dr)
      for (int dc = -1; dc <= 1; ++dc)
        if ((dc || dr) && col + dc >= 0 && col + dc < g.cols && row + dr >= 0 && row + dr < g.rows)
          rects.push_back(cell_pixels(g, col + dc, row + dr));
  }
}

void add_if(const std::optional<PixelRect>& rect, std::vector<PixelRect>& rects) {
  if (rect) rects.push_back(*rect);
}

bool overlap(const PixelRect& a, const PixelRect& b) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

PixelRect bounds(const PixelRect& a, const PixelRect& b) {
  const int x = std::min(a.x, b.x), y = std::min(a.y, b.y);
  return {x, y, std::max(a.x + a.width, b.x + b.width) - x,
          std::max(a.y + a.height, b.y + b.height) - y};
}

// The rectangles without overlaps: each takes in those it overlaps (their
// bounds), again, until it overlaps none. Nothing drawn twice; the cells of
// a row or a column, a pixel wider each side, become one rectangle.
std::vector<PixelRect> merged(const std::vector<PixelRect>& rects) {
  std::vector<PixelRect> out;
  for (PixelRect r : rects) {
    if (r.width <= 0 || r.height <= 0) continue;
    for (auto it = std::find_if(out.begin(), out.end(), [&](auto& o) { return overlap(o, r); });
         it != out.end();
         it = std::find_if(out.begin(), out.end(), [&](auto& o) { return overlap(o, r); })) {
      r = bounds(r, *it);
      out.erase(it);
    }
    out.push_back(r);
  }
  return out;
}

}  // namespace

std::vector<PixelRect> changed_region(const BoardScene& before, const BoardScene& after, int width,
                                      int height) {
  if (width <= 0 || height <= 0 || after.cols <= 0 || after.rows <= 0) return {};
  if (!(before.look == after.look) || before.column_cursor != after.column_cursor ||
      before.cols != after.cols || before.rows != after.rows ||
      before.pieces.size() != after.pieces.size())
    return {{0, 0, width, height}};
  const Geometry g{width, height, after.cols, after.rows, static_cast<float>(width) / after.cols};
  std::vector<PixelRect> rects;
  add_changed_cells(g, before, after, rects);
  if (!same_flight(before, after)) {
    add_if(flight_pixels(g, before), rects);
    add_if(flight_pixels(g, after), rects);
  }
  if (!same_win(before, after)) {
    add_if(win_line_pixels(g, before), rects);
    add_if(win_line_pixels(g, after), rects);
    add_dimmed_cells(g, after, rects);  // a cell dimmed before and not now changed its texel
  }
  const int column_before = cursor_column(before), column_after = cursor_column(after);
  if (column_before != column_after) {
    if (column_before >= 0) rects.push_back(column_pixels(g, column_before));
    if (column_after >= 0) rects.push_back(column_pixels(g, column_after));
  }
  return merged(rects);
}

}  // namespace arcade::app
