// board.frag's programs, one a look's kinds, and the check that its numbers
// are the C++ ones (board_shader.h).

#include <GLES3/gl3.h>

#include <algorithm>
#include <cstddef>
#include <cstdio>
#include <string>
#include <string_view>
#include <utility>

#include "app/board/board_renderer.h"
#include "app/board/board_shader.h"
#include "app/shaders.h"  // generated from shaders/ by cmake/embed_shaders.cmake

namespace arcade::app {
namespace {

// Whether a look leaves kind `index` of piece empty: never drawn.
bool empty_kind(const BoardLook& look, int index) {
  const PieceLook& piece = look.pieces[static_cast<std::size_t>(index)];
  return piece == PieceLook{} ||
         (piece.glyph.kind == GlyphKind::kShape && !piece.glyph.layer_count);
}

// The kinds of piece board.frag draws for `look`: up to the last one not
// empty (the two sides' at least).
int piece_kinds(const BoardLook& look) {
  int kinds = 2;
  for (int i = 2; i < kMaxPieceKinds; ++i)
    if (!empty_kind(look, i)) kinds = i + 1;
  return kinds;
}

// The most layers a kShape glyph of `look`'s kinds drawn has.
int max_layers(const BoardLook& look, int kinds) {
  int most = 1;
  for (int i = 0; i < kinds; ++i) {
    const Glyph& glyph = look.pieces[static_cast<std::size_t>(i)].glyph;
    if (glyph.kind == GlyphKind::kShape) most = std::max(most, glyph.layer_count);
  }
  return most;
}

// The program's #defines (and its name in an error) for these kinds.
std::string kind_defines(const ProgramKey& key) {
  std::string defines = "#define SURFACE " + std::to_string(key.surface) +
                        "\n#define PIECE_KINDS " + std::to_string(key.piece_kinds) +
                        "\n#define MAX_LAYERS " + std::to_string(key.max_layers) +
                        "\n#define JOINS_TILES " + (key.joins_tiles ? "1" : "0") + "\n";
  for (int i = 0; i < kMaxPieceKinds; ++i)
    defines += "#define GLYPH_" + std::to_string(i) + " " +
               std::to_string(key.glyphs[static_cast<std::size_t>(i)]) + "\n";
  return defines;
}

// Whether `source` says `const int NAME = VALUE;` for each pair: the
// problem, if not.
template <class Pairs>
std::optional<std::string> constants_mismatch(std::string_view source, const Pairs& pairs,
                                              const char* where) {
  for (const auto& [name, value] : pairs) {
    const std::string line =
        "const int " + std::string(name) + " = " + std::to_string(static_cast<int>(value)) + ";";
    if (source.find(line) == std::string_view::npos)
      return "board.frag does not say `" + line + "` (" + where + ")";
  }
  return std::nullopt;
}

}  // namespace

ProgramKey program_key(const BoardLook& look) {
  ProgramKey key{static_cast<int>(look.surface.kind), piece_kinds(look)};
  key.max_layers = max_layers(look, key.piece_kinds);
  key.joins_tiles = joins_tiles(look);
  for (int i = 0; i < kMaxPieceKinds; ++i) {
    const std::size_t k = static_cast<std::size_t>(i);
    key.glyphs[k] = i < key.piece_kinds && !empty_kind(look, i)
                        ? static_cast<int>(look.pieces[k].glyph.kind)
                        : -1;
  }
  return key;
}

bool joins_tiles(const BoardLook& look) {
  for (const PieceLook& piece : look.pieces) {
    if (piece.glyph.kind != GlyphKind::kShape) continue;
    for (int i = 0; i < piece.glyph.layer_count; ++i) {
      const GlyphLayer& layer = piece.glyph.layers[static_cast<std::size_t>(i)];
      if (layer.primitive == Primitive::kBox && layer.p[0] == 0 && layer.p[1] == 0) return true;
    }
  }
  return false;
}

int uniform_vectors(const ProgramKey& key) {
  // u_grid to u_background, thirteen; u_side_colour and u_layer_count a
  // vector a kind; three a layer.
  return 13 + 2 * key.piece_kinds + 3 * key.piece_kinds * key.max_layers;
}

std::optional<std::string> compile_shader(unsigned shader, const std::string& source) {
  const char* text = source.c_str();
  glShaderSource(shader, 1, &text, nullptr);
  glCompileShader(shader);
  GLint ok = 0;
  glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
  if (ok) return std::nullopt;
  GLint length = 0;
  glGetShaderiv(shader, GL_INFO_LOG_LENGTH, &length);
  std::string log(static_cast<std::size_t>(length > 0 ? length : 1), '\0');
  glGetShaderInfoLog(shader, length, nullptr, log.data());
  return log;
}

std::optional<std::string> build_program(unsigned vertex_shader, const std::string& fragment,
                                         unsigned& program) {
  const GLuint fs = glCreateShader(GL_FRAGMENT_SHADER);
  if (auto log = compile_shader(fs, fragment)) {
    glDeleteShader(fs);
    return log;
  }
  program = glCreateProgram();
  glAttachShader(program, vertex_shader);
  glAttachShader(program, fs);
  glLinkProgram(program);
  glDeleteShader(fs);
  GLint linked = 0;
  glGetProgramiv(program, GL_LINK_STATUS, &linked);
  if (!linked) return std::string("the shaders do not link");
  return std::nullopt;
}

std::optional<std::string> build_board_program(unsigned vertex_shader,
                                               const std::string& glsl_header,
                                               const ProgramKey& key, BoardProgram& p) {
  const std::string defines = kind_defines(key);
  if (uniform_vectors(key) > kPromisedUniformVectors)
    return "board.frag (" + defines + "): its layers take " + std::to_string(uniform_vectors(key)) +
           " uniform vectors, more than WebGL 2 promises (" +
           std::to_string(kPromisedUniformVectors) + ")";
  p.kinds = key.piece_kinds;
  p.max_layers = key.max_layers;
  if (auto log = build_program(vertex_shader, glsl_header + defines + shaders::board_frag, p.id)) {
    if (p.id) glDeleteProgram(p.id);
    return "board.frag (" + defines + "): " + *log;
  }
  const auto at = [&](const char* name) { return glGetUniformLocation(p.id, name); };
  p.u_cells = at("u_cells");
  p.u_grid = at("u_grid");
  p.u_size = at("u_size");
  p.u_anim_pos = at("u_anim_pos");
  p.u_anim_piece = at("u_anim_piece");
  p.u_anim_scale = at("u_anim_scale");
  p.u_time = at("u_time");
  p.u_win_line = at("u_win_line");
  p.u_win_progress = at("u_win_progress");
  p.u_cursor_column = at("u_cursor_column");
  p.u_side_colour = at("u_side_colour");
  p.u_background = at("u_background");
  p.u_surface_colour = at("u_surface_colour");
  p.u_dot_inset = at("u_dot_inset");
  p.u_layer_a = at("u_layer_a");
  p.u_layer_b = at("u_layer_b");
  p.u_layer_c = at("u_layer_c");
  p.u_layer_count = at("u_layer_count");
  return std::nullopt;
}

std::optional<std::string> mark_bits_mismatch(std::string_view fragment_source) {
  static constexpr std::pair<const char*, CellMark> kMarks[] = {
      {"kLegalTarget", kLegalTarget}, {"kLastMove", kLastMove},
      {"kSelected", kSelected},       {"kHint", kHint},
      {"kWinningLine", kWinningLine}, {"kHovered", kHovered},
      {"kCursor", kCursor},           {"kLitColumn", kLitColumn}};
  return constants_mismatch(fragment_source, kMarks, "CellMark in board_scene.h");
}

std::optional<std::string> look_numbers_mismatch(std::string_view fragment_source) {
  static constexpr std::pair<const char*, SurfaceKind> kSurfaces[] = {
      {"kGridLines", SurfaceKind::kGridLines},
      {"kFrame", SurfaceKind::kFrame},
      {"kChequered", SurfaceKind::kChequered},
      {"kFelt", SurfaceKind::kFelt},
      {"kPits", SurfaceKind::kPits}};
  static constexpr std::pair<const char*, GlyphKind> kGlyphs[] = {{"kDisc", GlyphKind::kDisc},
                                                                  {"kCross", GlyphKind::kCross},
                                                                  {"kNought", GlyphKind::kNought},
                                                                  {"kShape", GlyphKind::kShape}};
  static constexpr std::pair<const char*, Primitive> kPrimitives[] = {
      {"kCircle", Primitive::kCircle},   {"kRing", Primitive::kRing},
      {"kSegment", Primitive::kSegment}, {"kBox", Primitive::kBox},
      {"kEllipse", Primitive::kEllipse}, {"kTriangle", Primitive::kTriangle},
      {"kBeads", Primitive::kBeads}};
  static constexpr std::pair<const char*, int> kSizes[] = {{"kMaxGlyphLayers", kMaxGlyphLayers},
                                                           {"kMaxPieceKinds", kMaxPieceKinds}};
  static constexpr std::pair<const char*, LayerFlag> kFlags[] = {{"kLayerMirrored", kLayerMirrored},
                                                                 {"kLayerOutlined", kLayerOutlined},
                                                                 {"kLayerPart", kLayerPart}};
  const char* where = "board_look.h";
  if (auto problem = constants_mismatch(fragment_source, kSurfaces, where)) return problem;
  if (auto problem = constants_mismatch(fragment_source, kGlyphs, where)) return problem;
  if (auto problem = constants_mismatch(fragment_source, kPrimitives, where)) return problem;
  if (auto problem = constants_mismatch(fragment_source, kSizes, where)) return problem;
  if (auto problem = constants_mismatch(fragment_source, kFlags, "board_shader.h")) return problem;
  // The outline's width, as board.frag writes a float.
  char width[64];
  std::snprintf(width, sizeof width, "const float kOutlineWidth = %g;", kOutlineWidth);
  if (fragment_source.find(width) == std::string_view::npos)
    return std::string("board.frag does not say `") + width + "` (" + where + ")";
  return std::nullopt;
}

}  // namespace arcade::app
