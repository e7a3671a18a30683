#pragma once
// Draws a BoardScene with the board shaders (shaders/board.vert, board.frag):
// one quad over the board's rectangle, the cells in a small texture. Any
// number of boards a frame, each a scene in a rectangle of its own: the main
// board, and small ones (a line the engine found, the nodes of a search
// tree). The shader sources carry no #version line; the header given to
// init() adds it (ES 3.00 for WebGL 2 and GLES, 3.30 core for desktop GL).

#include <optional>
#include <string>
#include <string_view>

#include "app/board_scene.h"

namespace arcade::app {

struct PixelRect {
  int x = 0, y = 0;  // bottom left, in framebuffer pixels (GL convention)
  int width = 0, height = 0;
};

// Whether a fragment shader defines each CellMark (board_scene.h) by its name
// with its value ("const int kCursor = 64;"): the problem, if not. init()
// refuses a board.frag that disagrees.
std::optional<std::string> mark_bits_mismatch(std::string_view fragment_source);

class BoardRenderer {
 public:
  BoardRenderer() = default;
  ~BoardRenderer();
  BoardRenderer(const BoardRenderer&) = delete;
  BoardRenderer& operator=(const BoardRenderer&) = delete;

  // Compiles the shaders; returns the compile or link log on failure.
  std::optional<std::string> init(const std::string& glsl_header);
  // Draws `scene` filling `rect`, only inside `clip` if given; leaves the
  // viewport at `rect` and blending and the scissor test off.
  void draw(const BoardScene& scene, const PixelRect& rect, float time_seconds,
            const std::optional<PixelRect>& clip = std::nullopt);

 private:
  unsigned program_ = 0, vertex_array_ = 0, vertex_buffer_ = 0, cells_texture_ = 0;
  int u_cells_ = -1, u_grid_ = -1, u_size_ = -1, u_style_ = -1;
  int u_anim_pos_ = -1, u_anim_piece_ = -1, u_time_ = -1;
  int u_win_line_ = -1, u_win_progress_ = -1;
};

}  // namespace arcade::app
