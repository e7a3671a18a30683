#pragma once
// Draws a BoardScene with the board shaders (shaders/board.vert, board.frag):
// one quad over the board's rectangle, the cells in a small texture. Any
// number of boards a frame, each a scene in a rectangle of its own: the main
// board, and small ones (a line the engine found, the nodes of a search
// tree). The shader sources carry no #version line; the header given to
// init() adds it (ES 3.00 for WebGL 2 and GLES, 3.30 core for desktop GL).
// Every board is drawn from its game's look (games/board_look.h), data the
// renderer passes to the shader: no game has a drawing of its own here. Each
// combination of a surface's kind and its kinds of piece's glyphs (up to
// kMaxPieceKinds; a kind the look leaves empty is never drawn) has a program
// of its own, built from the same sources with those kinds defined, when a board
// of that look is first drawn: a program that kept every drawing would run
// them all under a software WebGL, and compiling every look's at start held
// back the first board there.
//
// The main board can go through a cache instead (draw_cached): the shader is
// heavy (a software WebGL, SwiftShader, takes ~450 ms for a 1280x800 frame),
// so the board is kept in a texture and only the pixels that changed since
// the last frame are drawn again; an unchanged board costs a copy.

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "app/board/board_scene.h"
#include "app/board/board_shader.h"

namespace arcade::app {

struct PixelRect {
  int x = 0, y = 0;  // bottom left, in framebuffer pixels (GL convention)
  int width = 0, height = 0;
};

// Whether a fragment shader defines each CellMark (board_scene.h) by its name
// with its value ("const int kCursor = 64;"): the problem, if not. init()
// refuses a board.frag that disagrees.
std::optional<std::string> mark_bits_mismatch(std::string_view fragment_source);
// The same for the numbers of the looks' vocabulary (board_look.h): each
// SurfaceKind, GlyphKind and Primitive as board.frag names it
// ("const int kFelt = 3;"), and the most layers a glyph has.
std::optional<std::string> look_numbers_mismatch(std::string_view fragment_source);

// Where a board `width` x `height` pixels drawn from `after` may differ from
// the same board drawn from `before` (at another time too): rectangles in the
// board's pixels (0, 0 its bottom left), none overlapping. The cells whose
// piece, marks or ghost changed and those with a hint (its pulse follows
// the time), the piece in flight's box where it was and where it is, the
// cursor's column (outlined whole where pieces drop in columns), the
// winning line's box and the pieces it dims; the whole board when the look
// or the grid differ.
// Empty when nothing changed.
std::vector<PixelRect> changed_region(const BoardScene& before, const BoardScene& after, int width,
                                      int height);

class BoardRenderer {
 public:
  BoardRenderer() = default;
  ~BoardRenderer();
  BoardRenderer(const BoardRenderer&) = delete;
  BoardRenderer& operator=(const BoardRenderer&) = delete;

  // Compiles the shaders every board needs; returns the compile or link log
  // on failure. A look's own program is compiled by its first draw.
  std::optional<std::string> init(const std::string& glsl_header);
  // Compiles the program of `look` now if it is not yet: the log if it
  // does not compile or link (then boards of that look are not drawn).
  std::optional<std::string> prepare(const BoardLook& look);
  // Draws `scene` filling `rect`, only inside `clip` if given; leaves the
  // viewport at `rect` and blending and the scissor test off.
  void draw(const BoardScene& scene, const PixelRect& rect, float time_seconds,
            const std::optional<PixelRect>& clip = std::nullopt);
  // Draws like draw() without a clip, through the cache: a texture the size
  // of `rect` keeps the last scene drawn; only its changed_region() is drawn
  // again, then the texture is copied to `rect` of the framebuffer bound.
  // The same pixels as draw() (a unit of rounding apart here and there:
  // v_uv interpolated from another viewport's origin). One board: the main
  // one (another board through it would only evict it, still drawn right).
  // Leaves the state as draw() does, the framebuffer bound as it found it.
  void draw_cached(const BoardScene& scene, const PixelRect& rect, float time_seconds);
  // The pixels the last draw_cached() drew with the board's shader (the
  // rest came from the cache): a figure of what a frame costs.
  std::uint64_t last_drawn_pixels() const { return last_drawn_pixels_; }

 private:
  // draw_cached()'s texture, its framebuffer, and the scene it holds (none
  // when it holds nothing yet).
  struct Cache {
    unsigned framebuffer = 0, texture = 0;
    int width = 0, height = 0;
    bool usable = false;  // if not (too large, incomplete): draw() instead
    std::optional<BoardScene> scene;
  };

  // The program of `look`, compiled if needed; null if it cannot be.
  const BoardProgram* program_for(const BoardLook& look);
  // Uploads the scene's cells and sets the program's uniforms for a board
  // `width` x `height` pixels (board_uniforms.cpp).
  void use_scene(const BoardProgram& p, const BoardScene& scene, int width, int height,
                 float time_seconds);
  void use_look(const BoardProgram& p, const BoardLook& look);
  void draw_quad();
  // The cache's texture `width` x `height`; false if it cannot be drawn to.
  bool ensure_cache(int width, int height);
  // Copies the cache's texture to `rect` of the framebuffer bound.
  void copy_cache(const PixelRect& rect);

  std::map<ProgramKey, BoardProgram> programs_;
  std::map<ProgramKey, std::string> program_errors_;
  bool error_said_ = false;
  std::string glsl_header_;
  unsigned vertex_shader_ = 0;  // shared by every program
  unsigned vertex_array_ = 0, vertex_buffer_ = 0, cells_texture_ = 0;
  unsigned copy_program_ = 0;
  int copy_u_board_ = -1, copy_u_origin_ = -1;
  Cache cache_;
  std::uint64_t last_drawn_pixels_ = 0;
};

}  // namespace arcade::app
