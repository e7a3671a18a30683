#include "app/board/board_renderer.h"

#include <GLES3/gl3.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "app/board/palette.h"
#include "app/shaders.h"  // generated from shaders/ by cmake/embed_shaders.cmake

namespace arcade::app {
namespace {

std::optional<std::string> compile(GLuint shader, const std::string& source) {
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
std::array<int, 2 + kMaxPieceKinds> kinds_of(const BoardLook& look) {
  std::array<int, 2 + kMaxPieceKinds> kinds{static_cast<int>(look.surface.kind), piece_kinds(look)};
  for (int i = 0; i < kMaxPieceKinds; ++i)
    kinds[static_cast<std::size_t>(2 + i)] =
        i < kinds[1] && !empty_kind(look, i)
            ? static_cast<int>(look.pieces[static_cast<std::size_t>(i)].glyph.kind)
            : -1;
  return kinds;
}

// The program's #defines (and its name in an error) for these kinds.
std::string kind_defines(const std::array<int, 2 + kMaxPieceKinds>& kinds) {
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

// The red and blue channels of a cell, as board.frag reads them: the
// piece's kind, 1 to kMaxPieceKinds (0 none).
std::uint8_t shader_piece(Piece piece) {
  const int value = static_cast<int>(piece);
  return value <= kMaxPieceKinds ? static_cast<std::uint8_t>(value) : 0;
}

// Compiles `fragment` and links it with `vs` into `program`: the log if not.
std::optional<std::string> build_program(GLuint vs, const std::string& fragment, GLuint& program) {
  const GLuint fs = glCreateShader(GL_FRAGMENT_SHADER);
  if (auto log = compile(fs, fragment)) {
    glDeleteShader(fs);
    return log;
  }
  program = glCreateProgram();
  glAttachShader(program, vs);
  glAttachShader(program, fs);
  glLinkProgram(program);
  glDeleteShader(fs);
  GLint linked = 0;
  glGetProgramiv(program, GL_LINK_STATUS, &linked);
  if (!linked) return std::string("the shaders do not link");
  return std::nullopt;
}

// draw_cached()'s copy from its texture to the screen, texel for pixel (no
// filtering). A quad rather than glBlitFramebuffer: a blit may not write to
// a multisampled framebuffer (a WebGL canvas with antialias), a quad copies
// into any. With board.vert, whose v_uv it leaves unused.
constexpr char kCopyFragment[] = R"(
uniform sampler2D u_board;
uniform ivec2 u_origin;  // the board's bottom left in the framebuffer
out vec4 frag_color;
void main() { frag_color = texelFetch(u_board, ivec2(gl_FragCoord.xy) - u_origin, 0); }
)";

// The column of the cell marked kCursor (the last one) when the cursor marks
// a column, -1 for none: board.frag outlines it whole.
int cursor_column(const BoardScene& scene) {
  int column = -1;
  if (!scene.column_cursor) return column;
  for (std::size_t i = 0; i < scene.marks.size() && i < scene.pieces.size(); ++i)
    if (scene.marks[i] & kCursor) column = static_cast<int>(i) % scene.cols;
  return column;
}

// --- changed_region: what board.frag draws differently, where ---------------
// board.frag draws each pixel from its own cell's texel and the uniforms
// alone (and, in a look with kShape glyphs, the pieces beside it: a tile
// joins its like), so a changed cell changes its own pixels only (and its
// neighbours'); the uniforms reach
// further: the piece in flight, the winning line (and the pieces it dims),
// the cursor's column, the time (the hint's pulse, nothing else).

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

// What the shader reads of a cell, as it reads it.
std::array<std::uint8_t, 4> texel_of(const BoardScene& scene, std::size_t i) {
  return {shader_piece(scene.pieces[i]), i < scene.marks.size() ? scene.marks[i] : std::uint8_t{0},
          i < scene.ghosts.size() ? shader_piece(scene.ghosts[i]) : std::uint8_t{0},
          i < scene.turned.size() ? scene.turned[i] : std::uint8_t{0}};
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

// Whether board.frag looks at the cells beside a cell to draw it: a kShape
// glyph's tile joins its like there.
bool joins_neighbours(const BoardLook& look) {
  return std::any_of(look.pieces.begin(), look.pieces.end(),
                     [](const PieceLook& p) { return p.glyph.kind == GlyphKind::kShape; });
}

void add_changed_cells(const Geometry& g, const BoardScene& before, const BoardScene& after,
                       std::vector<PixelRect>& rects) {
  const bool joins = joins_neighbours(after.look);
  for (std::size_t i = 0; i < after.pieces.size(); ++i) {
    const std::array<std::uint8_t, 4> texel = texel_of(after, i);
    const int col = static_cast<int>(i) % g.cols, row = static_cast<int>(i) / g.cols;
    if (texel == texel_of(before, i) && !(texel[1] & kHint)) continue;
    rects.push_back(cell_pixels(g, col, row));
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

BoardRenderer::~BoardRenderer() {
  if (vertex_shader_) glDeleteShader(vertex_shader_);
  for (const auto& [kinds, program] : programs_)
    if (program.id) glDeleteProgram(program.id);
  if (vertex_buffer_) glDeleteBuffers(1, &vertex_buffer_);
  if (vertex_array_) glDeleteVertexArrays(1, &vertex_array_);
  if (cells_texture_) glDeleteTextures(1, &cells_texture_);
  if (copy_program_) glDeleteProgram(copy_program_);
  if (cache_.framebuffer) glDeleteFramebuffers(1, &cache_.framebuffer);
  if (cache_.texture) glDeleteTextures(1, &cache_.texture);
}

std::optional<std::string> BoardRenderer::init(const std::string& glsl_header) {
  if (auto problem = mark_bits_mismatch(shaders::board_frag)) return problem;
  if (auto problem = look_numbers_mismatch(shaders::board_frag)) return problem;
  glsl_header_ = glsl_header;
  vertex_shader_ = glCreateShader(GL_VERTEX_SHADER);
  if (auto log = compile(vertex_shader_, glsl_header + shaders::board_vert))
    return "board.vert: " + *log;
  if (auto log = build_program(vertex_shader_, glsl_header + kCopyFragment, copy_program_))
    return "the board's copy shader: " + *log;
  copy_u_board_ = glGetUniformLocation(copy_program_, "u_board");
  copy_u_origin_ = glGetUniformLocation(copy_program_, "u_origin");

  static constexpr float kCorners[] = {-1, -1, 1, -1, -1, 1, 1, 1};
  glGenVertexArrays(1, &vertex_array_);
  glBindVertexArray(vertex_array_);
  glGenBuffers(1, &vertex_buffer_);
  glBindBuffer(GL_ARRAY_BUFFER, vertex_buffer_);
  glBufferData(GL_ARRAY_BUFFER, sizeof(kCorners), kCorners, GL_STATIC_DRAW);
  glEnableVertexAttribArray(0);
  glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, nullptr);
  glBindVertexArray(0);

  glGenTextures(1, &cells_texture_);
  glBindTexture(GL_TEXTURE_2D, cells_texture_);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  return std::nullopt;
}

std::optional<std::string> BoardRenderer::prepare(const BoardLook& look) {
  const ProgramKey kinds = kinds_of(look);
  if (programs_.count(kinds)) return std::nullopt;
  if (auto error = program_errors_.find(kinds); error != program_errors_.end())
    return error->second;
  const std::string defines = kind_defines(kinds);
  Program p;
  p.kinds = kinds[1];
  if (auto log =
          build_program(vertex_shader_, glsl_header_ + defines + shaders::board_frag, p.id)) {
    if (p.id) glDeleteProgram(p.id);
    std::string error = "board.frag (" + defines + "): " + *log;
    return program_errors_[kinds] = std::move(error);
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
  programs_[kinds] = p;
  return std::nullopt;
}

const BoardRenderer::Program* BoardRenderer::program_for(const BoardLook& look) {
  if (!vertex_shader_) return nullptr;  // init() not called or failed
  if (auto problem = prepare(look)) {
    // Once: a broken shader would say so every frame.
    if (!error_said_) std::fprintf(stderr, "arcade: %s\n", problem->c_str());
    error_said_ = true;
    return nullptr;
  }
  return &programs_.at(kinds_of(look));
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
void BoardRenderer::use_look(const Program& p, const BoardLook& look) {
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

void BoardRenderer::use_scene(const Program& p, const BoardScene& scene, int width, int height,
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

void BoardRenderer::draw_quad() {
  glBindVertexArray(vertex_array_);
  glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
  glBindVertexArray(0);
}

void BoardRenderer::draw(const BoardScene& scene, const PixelRect& rect, float time_seconds,
                         const std::optional<PixelRect>& clip) {
  const Program* p = program_for(scene.look);
  if (!p || rect.width <= 0 || rect.height <= 0) return;
  use_scene(*p, scene, rect.width, rect.height, time_seconds);
  glViewport(rect.x, rect.y, rect.width, rect.height);
  glDisable(GL_BLEND);
  if (clip) {
    glEnable(GL_SCISSOR_TEST);
    glScissor(clip->x, clip->y, clip->width, clip->height);
  } else {
    glDisable(GL_SCISSOR_TEST);
  }
  draw_quad();
  glUseProgram(0);
  glDisable(GL_SCISSOR_TEST);
}

bool BoardRenderer::ensure_cache(int width, int height) {
  if (cache_.width == width && cache_.height == height) return cache_.usable;
  cache_.width = width;
  cache_.height = height;
  cache_.scene.reset();  // a new texture holds nothing yet
  GLint max_size = 0;
  glGetIntegerv(GL_MAX_TEXTURE_SIZE, &max_size);
  if (width > max_size || height > max_size) return cache_.usable = false;
  if (!cache_.texture) {
    glGenTextures(1, &cache_.texture);
    glGenFramebuffers(1, &cache_.framebuffer);
  }
  // RGBA8 like the screen. texelFetch reads it, but only a texture without
  // mipmaps to filter is complete.
  glBindTexture(GL_TEXTURE_2D, cache_.texture);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  glBindFramebuffer(GL_FRAMEBUFFER, cache_.framebuffer);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, cache_.texture, 0);
  cache_.usable = glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE;
  return cache_.usable;
}

void BoardRenderer::copy_cache(const PixelRect& rect) {
  glViewport(rect.x, rect.y, rect.width, rect.height);
  glDisable(GL_BLEND);
  glDisable(GL_SCISSOR_TEST);
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, cache_.texture);
  glUseProgram(copy_program_);
  glUniform1i(copy_u_board_, 0);
  glUniform2i(copy_u_origin_, rect.x, rect.y);
  draw_quad();
  glUseProgram(0);
}

void BoardRenderer::draw_cached(const BoardScene& scene, const PixelRect& rect,
                                float time_seconds) {
  const Program* p = program_for(scene.look);
  if (!p || !copy_program_ || rect.width <= 0 || rect.height <= 0) return;
  GLint draw_target = 0, read_target = 0;
  glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &draw_target);
  glGetIntegerv(GL_READ_FRAMEBUFFER_BINDING, &read_target);
  const auto restore_framebuffers = [&] {
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, static_cast<GLuint>(draw_target));
    glBindFramebuffer(GL_READ_FRAMEBUFFER, static_cast<GLuint>(read_target));
  };
  if (!ensure_cache(rect.width, rect.height)) {
    restore_framebuffers();
    return draw(scene, rect, time_seconds);
  }
  const std::vector<PixelRect> region =
      cache_.scene ? changed_region(*cache_.scene, scene, rect.width, rect.height)
                   : std::vector<PixelRect>{{0, 0, rect.width, rect.height}};
  last_drawn_pixels_ = 0;
  for (const PixelRect& r : region)
    last_drawn_pixels_ +=
        static_cast<std::uint64_t>(r.width) * static_cast<std::uint64_t>(r.height);
  if (!region.empty()) {
    // Only the region's pixels: the others hold what this scene draws there.
    glBindFramebuffer(GL_FRAMEBUFFER, cache_.framebuffer);
    use_scene(*p, scene, rect.width, rect.height, time_seconds);
    glViewport(0, 0, rect.width, rect.height);
    glDisable(GL_BLEND);
    glEnable(GL_SCISSOR_TEST);
    for (const PixelRect& r : region) {
      glScissor(r.x, r.y, r.width, r.height);
      draw_quad();
    }
    cache_.scene = scene;
  }
  restore_framebuffers();
  copy_cache(rect);
}

}  // namespace arcade::app
