// board.frag's programs, one a look's kinds, and the check that its numbers
// are the C++ ones (board_shader.h).

#include <GLES3/gl3.h>

#include <cstddef>
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

// The kinds board.frag is built with for `look`: SURFACE, PIECE_KINDS, then
// GLYPH_0 to GLYPH_7 (-1 for a kind left empty).
ProgramKey kinds_of(const BoardLook& look) {
  ProgramKey kinds{static_cast<int>(look.surface.kind), piece_kinds(look)};
  for (int i = 0; i < kMaxPieceKinds; ++i)
    kinds[static_cast<std::size_t>(2 + i)] =
        i < kinds[1] && !empty_kind(look, i)
            ? static_cast<int>(look.pieces[static_cast<std::size_t>(i)].glyph.kind)
            : -1;
  return kinds;
}

// The program's #defines (and its name in an error) for these kinds.
std::string kind_defines(const ProgramKey& kinds) {
  std::string defines = "#define SURFACE " + std::to_string(kinds[0]) + "\n#define PIECE_KINDS " +
                        std::to_string(kinds[1]) + "\n";
  for (int i = 0; i < kMaxPieceKinds; ++i)
    defines += "#define GLYPH_" + std::to_string(i) + " " +
               std::to_string(kinds[static_cast<std::size_t>(2 + i)]) + "\n";
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
  return kinds_of(look);
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
  p.kinds = key[1];
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
      {"kFelt", SurfaceKind::kFelt}};
  static constexpr std::pair<const char*, GlyphKind> kGlyphs[] = {
      {"kDisc", GlyphKind::kDisc},   {"kCross", GlyphKind::kCross}, {"kNought", GlyphKind::kNought},
      {"kSheep", GlyphKind::kSheep}, {"kWolf", GlyphKind::kWolf},   {"kShape", GlyphKind::kShape}};
  static constexpr std::pair<const char*, Primitive> kPrimitives[] = {
      {"kCircle", Primitive::kCircle},
      {"kRing", Primitive::kRing},
      {"kSegment", Primitive::kSegment},
      {"kBox", Primitive::kBox}};
  static constexpr std::pair<const char*, int> kSizes[] = {{"kMaxGlyphLayers", kMaxGlyphLayers},
                                                           {"kMaxPieceKinds", kMaxPieceKinds}};
  const char* where = "board_look.h";
  if (auto problem = constants_mismatch(fragment_source, kSurfaces, where)) return problem;
  if (auto problem = constants_mismatch(fragment_source, kGlyphs, where)) return problem;
  if (auto problem = constants_mismatch(fragment_source, kPrimitives, where)) return problem;
  return constants_mismatch(fragment_source, kSizes, where);
}

}  // namespace arcade::app
