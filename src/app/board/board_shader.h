#pragma once
// What the board renderer tells board.frag, apart from drawing: its
// programs, board.frag built once for each combination of a look's kinds
// (board_program.cpp), and the cells and the look as the shader reads them
// (board_uniforms.cpp). Only the renderer's own files include this.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <tuple>

#include "app/board/board_scene.h"

namespace arcade::app {

// What a program of board.frag is built for: a look's kinds, defined after
// the #version line (SURFACE, PIECE_KINDS, MAX_LAYERS, JOINS_TILES and
// GLYPH_0 to GLYPH_7), so that each program keeps only its own drawing and
// sizes its layers' arrays to the look's own glyphs.
struct ProgramKey {
  int surface = 0;
  int piece_kinds = 2;  // up to the last kind of piece drawn (the two sides' at least)
  int max_layers = 1;   // the most layers a kShape glyph of the look has (1 at least)
  bool joins_tiles = false;
  std::array<int, kMaxPieceKinds> glyphs{};  // each kind's GlyphKind, -1 for none
  // A map's key. Not a defaulted <=>: emscripten 3.1.6's std::array has none.
  friend bool operator<(const ProgramKey& a, const ProgramKey& b) {
    return std::tie(a.surface, a.piece_kinds, a.max_layers, a.joins_tiles, a.glyphs) <
           std::tie(b.surface, b.piece_kinds, b.max_layers, b.joins_tiles, b.glyphs);
  }
};
ProgramKey program_key(const BoardLook& look);
// Whether a kShape glyph of `look` has a tile (a kBox layer centred in its
// cell), which joins the same piece beside it: then board.frag reads the
// cells round a piece's own.
bool joins_tiles(const BoardLook& look);

// The uniform vectors board.frag takes for `key` at most (each scalar and
// each element of an array a vector of its own), and what WebGL 2 promises
// (MAX_FRAGMENT_UNIFORM_VECTORS): a look must fit it, or some browser will
// not draw it.
int uniform_vectors(const ProgramKey& key);
inline constexpr int kPromisedUniformVectors = 224;
// The flags of a layer's second vector beside its primitive (bits 0-2), as
// board.frag reads them.
enum LayerFlag : int { kLayerMirrored = 8, kLayerOutlined = 16, kLayerPart = 32 };

// One program of board.frag and its uniforms' locations.
struct BoardProgram {
  unsigned id = 0;
  int kinds = 2;       // PIECE_KINDS: the uniform arrays' kinds
  int max_layers = 1;  // MAX_LAYERS: the layers a kind in the layer arrays
  int u_cells = -1, u_grid = -1, u_size = -1, u_anim_pos = -1, u_anim_piece = -1, u_time = -1;
  int u_anim_scale = -1;
  int u_win_line = -1, u_win_progress = -1, u_cursor_column = -1;
  int u_side_colour = -1, u_background = -1;  // the look's and the palette's (palette.h)
  int u_surface_colour = -1, u_dot_inset = -1;
  int u_layer_a = -1, u_layer_b = -1, u_layer_c = -1, u_layer_count = -1;  // kShape's
};

// Compiles `shader` from `source`: the log if it does not compile.
std::optional<std::string> compile_shader(unsigned shader, const std::string& source);
// Compiles `fragment` and links it with `vertex_shader` into `program`: the
// log if not.
std::optional<std::string> build_program(unsigned vertex_shader, const std::string& fragment,
                                         unsigned& program);
// board.frag for `key`, after `glsl_header`, linked with `vertex_shader`
// into `program`, its uniforms located: the error if it does not build.
std::optional<std::string> build_board_program(unsigned vertex_shader,
                                               const std::string& glsl_header,
                                               const ProgramKey& key, BoardProgram& program);

// The red and blue channels of a cell, as board.frag reads them: the
// piece's kind, 1 to kMaxPieceKinds (0 none).
std::uint8_t shader_piece(Piece piece);
// What the shader reads of a cell, as it reads it: piece, marks, ghost,
// turned.
std::array<std::uint8_t, 4> texel_of(const BoardScene& scene, std::size_t i);
// The column of the cell marked kCursor (the last one) when the cursor marks
// a column, -1 for none: board.frag outlines it whole.
int cursor_column(const BoardScene& scene);

}  // namespace arcade::app
