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

// The three vectors a layer of a kShape glyph takes in board.frag.
struct LayerArrays {
  std::vector<float> a, b, c;
};

// A glyph's first `count` layers as board.frag reads them, appended: a,
// p0..p3; b, p4..p6 and the primitive with its flags (kLayerMirrored ...);
// c, side_shade, the colour as one number (0xRRGGBB is exact in a float),
// join, lit.
void add_layers(const Glyph& glyph, int count, LayerArrays& out) {
  for (int i = 0; i < count; ++i) {
    const GlyphLayer& layer = glyph.layers[static_cast<std::size_t>(i)];
    const int flags = static_cast<int>(layer.primitive) + (layer.mirrored ? kLayerMirrored : 0) +
                      (layer.outlined ? kLayerOutlined : 0) + (layer.part_of_next ? kLayerPart : 0);
    out.a.insert(out.a.end(), layer.p.begin(), layer.p.begin() + 4);
    out.b.insert(out.b.end(), {layer.p[4], layer.p[5], layer.p[6], static_cast<float>(flags)});
    out.c.insert(out.c.end(), {layer.side_shade, static_cast<float>(layer.colour & 0xFFFFFFu),
                               layer.join, layer.lit});
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
  LayerArrays layers;
  std::vector<GLint> counts;
  for (std::size_t i = 0; i < kinds; ++i) {
    const Glyph& glyph = look.pieces[i].glyph;
    const int count =
        glyph.kind == GlyphKind::kShape ? std::min(glyph.layer_count, p.max_layers) : 0;
    add_layers(glyph, p.max_layers, layers);  // the unused ones too: each kind MAX_LAYERS
    counts.push_back(count);
  }
  const int vectors = p.kinds * p.max_layers;
  glUniform4fv(p.u_layer_a, vectors, layers.a.data());
  glUniform4fv(p.u_layer_b, vectors, layers.b.data());
  glUniform4fv(p.u_layer_c, vectors, layers.c.data());
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
