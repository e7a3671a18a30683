#pragma once
// Draws a BoardScene with the board shaders (shaders/board.vert, board.frag):
// one quad over the board's rectangle, the cells in a small texture. Any
// number of boards a frame, each a scene in a rectangle of its own: the main
// board, and small ones (a line the engine found, the nodes of a search
// tree). The shader sources carry no #version line; the header given to
// init() adds it (ES 3.00 for WebGL 2 and GLES, 3.30 core for desktop GL).
// Each board style has a program of its own, built from the same sources.

#include <array>
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
  // One program a board style: board.frag with BOARD_STYLE defined, so that
  // each keeps only its own drawing.
  struct Program {
    unsigned id = 0;
    int u_cells = -1, u_grid = -1, u_size = -1, u_anim_pos = -1, u_anim_piece = -1, u_time = -1;
    int u_win_line = -1, u_win_progress = -1, u_cursor_column = -1;
  };
  std::array<Program, 3> programs_;
  unsigned vertex_array_ = 0, vertex_buffer_ = 0, cells_texture_ = 0;
};

}  // namespace arcade::app
