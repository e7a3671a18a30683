// What board.frag is given for a scene: the cells' texture and the
// uniforms of the scene and of its look (BoardRenderer::use_scene).

#include <GLES3/gl3.h>

#include <algorithm>
#include <cstddef>
#include <vector>

#include "app/board/board_renderer.h"
#include "app/board/board_shader.h"
#include "app/board/palette.h"

namespace arcade::app {

std::uint8_t shader_piece(Piece piece) {
  const int value = static_cast<int>(piece);
  return value <= kMaxPieceKinds ? static_cast<std::uint8_t>(value) : 0;
}

std::array<std::uint8_t, 4> texel_of(const BoardScene& scene, std::size_t i) {
  return {shader_piece(scene.pieces[i]), i < scene.marks.size() ? scene.marks[i] : std::uint8_t{0},
          i < scene.ghosts.size() ? shader_piece(scene.ghosts[i]) : std::uint8_t{0},
          i < scene.turned.size() ? scene.turned[i] : std::uint8_t{0}};
}

int cursor_column(const BoardScene& scene) {
  int column = -1;
  if (!scene.column_cursor) return column;
  for (std::size_t i = 0; i < scene.marks.size() && i < scene.pieces.size(); ++i)
    if (scene.marks[i] & kCursor) column = static_cast<int>(i) % scene.cols;
  return column;
}

namespace {

void add_rgb(std::vector<float>& out, Rgb rgb) {
  for (int i = 0; i < 3; ++i) out.push_back(channel(rgb, i));
}

// A kShape glyph's layers as board.frag reads them, appended: a's four
// numbers, b's (p4, mirrored + 2 * the primitive, side_shade, the colour as
// one number: 0xRRGGBB is exact in a float).
void add_layers(const Glyph& glyph, std::vector<float>& a, std::vector<float>& b) {
  for (int i = 0; i < kMaxGlyphLayers; ++i) {
    const GlyphLayer& layer = glyph.layers[static_cast<std::size_t>(i)];
    a.insert(a.end(), layer.p.begin(), layer.p.begin() + 4);
    const int flags = (layer.mirrored ? 1 : 0) + 2 * static_cast<int>(layer.primitive);
    b.insert(b.end(), {layer.p[4], static_cast<float>(flags), layer.side_shade,
                       static_cast<float>(layer.colour & 0xFFFFFFu)});
  }
}

}  // namespace

// The look's colours and, for a kShape glyph, its layers.
void BoardRenderer::use_look(const BoardProgram& p, const BoardLook& look) {
  const std::size_t kinds = static_cast<std::size_t>(p.kinds);
  std::vector<float> sides, surface;
  for (std::size_t i = 0; i < kinds; ++i) add_rgb(sides, look.pieces[i].colour);
  for (Rgb rgb : look.surface.colours) add_rgb(surface, rgb);
  glUniform3fv(p.u_side_colour, p.kinds, sides.data());
  glUniform3fv(p.u_surface_colour, 2, surface.data());
  glUniform1f(p.u_dot_inset, static_cast<float>(look.surface.dot_inset));
  glUniform3f(p.u_background, channel(kBackgroundRgb, 0), channel(kBackgroundRgb, 1),
              channel(kBackgroundRgb, 2));
  if (p.u_layer_count < 0) return;  // no kShape glyph in this program
  std::vector<float> a, b;
  std::vector<GLint> counts;
  for (std::size_t i = 0; i < kinds; ++i) {
    add_layers(look.pieces[i].glyph, a, b);
    counts.push_back(look.pieces[i].glyph.layer_count);
  }
  glUniform4fv(p.u_layer_a, p.kinds * kMaxGlyphLayers, a.data());
  glUniform4fv(p.u_layer_b, p.kinds * kMaxGlyphLayers, b.data());
  glUniform1iv(p.u_layer_count, p.kinds, counts.data());
}

void BoardRenderer::use_scene(const BoardProgram& p, const BoardScene& scene, int width, int height,
                              float time_seconds) {
  // One RGBA texel per cell: red the piece, green the marks, blue the ghost,
  // alpha whether the last move turned it.
  std::vector<std::uint8_t> texels(scene.pieces.size() * 4, 0);
  for (std::size_t i = 0; i < scene.pieces.size(); ++i) {
    const std::array<std::uint8_t, 4> texel = texel_of(scene, i);
    std::copy(texel.begin(), texel.end(), texels.begin() + static_cast<std::ptrdiff_t>(i * 4));
  }
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, cells_texture_);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, scene.cols, scene.rows, 0, GL_RGBA, GL_UNSIGNED_BYTE,
               texels.data());

  glUseProgram(p.id);
  glUniform1i(p.u_cells, 0);
  glUniform2f(p.u_grid, static_cast<float>(scene.cols), static_cast<float>(scene.rows));
  glUniform2f(p.u_size, static_cast<float>(width), static_cast<float>(height));
  glUniform2f(p.u_anim_pos, scene.anim_col, scene.anim_row);
  glUniform1i(p.u_anim_piece, shader_piece(scene.anim_piece));
  glUniform1f(p.u_anim_scale, scene.anim_scale);
  glUniform1f(p.u_time, time_seconds);
  if (scene.win_line) {
    const auto& [first, last] = *scene.win_line;
    glUniform4f(p.u_win_line, static_cast<float>(first.col), static_cast<float>(first.row),
                static_cast<float>(last.col), static_cast<float>(last.row));
  }
  // A negative progress: no line.
  glUniform1f(p.u_win_progress, scene.win_line ? scene.win_progress : -1.0f);
  // The cursor's column as a number: a shader that looked for it would read
  // the whole column at every pixel.
  glUniform1i(p.u_cursor_column, cursor_column(scene));
  use_look(p, scene.look);
}

}  // namespace arcade::app
