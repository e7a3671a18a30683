#include "app/board_renderer.h"

#include <GLES3/gl3.h>

#include <string>
#include <utility>
#include <vector>

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

// The numbers board.frag reads: BOARD_STYLE (a program each), and the red
// and blue channels of a cell.
std::size_t shader_style(BoardStyle style) {
  switch (style) {
    case BoardStyle::kLines:
      return 0;
    case BoardStyle::kFrame:
      return 1;
    case BoardStyle::kCheckered:
      return 2;
  }
  return 0;
}

std::uint8_t shader_piece(Piece piece) {
  switch (piece) {
    case Piece::kFirstSide:
      return 1;
    case Piece::kSecondSide:
      return 2;
    case Piece::kNone:
      break;
  }
  return 0;
}

}  // namespace

std::optional<std::string> mark_bits_mismatch(std::string_view fragment_source) {
  static constexpr std::pair<const char*, CellMark> kMarks[] = {
      {"kLegalTarget", kLegalTarget}, {"kLastMove", kLastMove},
      {"kSelected", kSelected},       {"kHint", kHint},
      {"kWinningLine", kWinningLine}, {"kHovered", kHovered},
      {"kCursor", kCursor},           {"kLitColumn", kLitColumn}};
  for (const auto& [name, bit] : kMarks) {
    const std::string line = "const int " + std::string(name) + " = " + std::to_string(bit) + ";";
    if (fragment_source.find(line) == std::string_view::npos)
      return "board.frag does not say `" + line + "` (CellMark in board_scene.h)";
  }
  return std::nullopt;
}

BoardRenderer::~BoardRenderer() {
  for (const Program& program : programs_)
    if (program.id) glDeleteProgram(program.id);
  if (vertex_buffer_) glDeleteBuffers(1, &vertex_buffer_);
  if (vertex_array_) glDeleteVertexArrays(1, &vertex_array_);
  if (cells_texture_) glDeleteTextures(1, &cells_texture_);
}

std::optional<std::string> BoardRenderer::init(const std::string& glsl_header) {
  if (auto problem = mark_bits_mismatch(shaders::board_frag)) return problem;
  const GLuint vs = glCreateShader(GL_VERTEX_SHADER);
  if (auto log = compile(vs, glsl_header + shaders::board_vert)) {
    glDeleteShader(vs);
    return "board.vert: " + *log;
  }
  for (std::size_t style = 0; style < programs_.size(); ++style) {
    const GLuint fs = glCreateShader(GL_FRAGMENT_SHADER);
    const std::string define = "#define BOARD_STYLE " + std::to_string(style) + "\n";
    if (auto log = compile(fs, glsl_header + define + shaders::board_frag)) {
      glDeleteShader(fs);
      glDeleteShader(vs);
      return "board.frag (BOARD_STYLE " + std::to_string(style) + "): " + *log;
    }
    Program& p = programs_[style];
    p.id = glCreateProgram();
    glAttachShader(p.id, vs);
    glAttachShader(p.id, fs);
    glLinkProgram(p.id);
    glDeleteShader(fs);
    GLint linked = 0;
    glGetProgramiv(p.id, GL_LINK_STATUS, &linked);
    if (!linked) {
      glDeleteShader(vs);
      return "the board shaders do not link";
    }
    p.u_cells = glGetUniformLocation(p.id, "u_cells");
    p.u_grid = glGetUniformLocation(p.id, "u_grid");
    p.u_size = glGetUniformLocation(p.id, "u_size");
    p.u_anim_pos = glGetUniformLocation(p.id, "u_anim_pos");
    p.u_anim_piece = glGetUniformLocation(p.id, "u_anim_piece");
    p.u_time = glGetUniformLocation(p.id, "u_time");
    p.u_win_line = glGetUniformLocation(p.id, "u_win_line");
    p.u_win_progress = glGetUniformLocation(p.id, "u_win_progress");
    p.u_cursor_column = glGetUniformLocation(p.id, "u_cursor_column");
  }
  glDeleteShader(vs);

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

void BoardRenderer::draw(const BoardScene& scene, const PixelRect& rect, float time_seconds,
                         const std::optional<PixelRect>& clip) {
  const Program& p = programs_[shader_style(scene.style)];
  if (!p.id || rect.width <= 0 || rect.height <= 0) return;
  // One RGBA texel per cell: red the piece, green the marks, blue the ghost.
  // The cursor's column too, as a number: a shader that looked for it would
  // read the whole column at every pixel.
  std::vector<std::uint8_t> texels(scene.pieces.size() * 4, 0);
  int cursor_column = -1;
  for (std::size_t i = 0; i < scene.pieces.size(); ++i) {
    texels[i * 4] = shader_piece(scene.pieces[i]);
    texels[i * 4 + 1] = i < scene.marks.size() ? scene.marks[i] : 0;
    texels[i * 4 + 2] = i < scene.ghosts.size() ? shader_piece(scene.ghosts[i]) : 0;
    if (texels[i * 4 + 1] & kCursor) cursor_column = static_cast<int>(i) % scene.cols;
  }
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, cells_texture_);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, scene.cols, scene.rows, 0, GL_RGBA, GL_UNSIGNED_BYTE,
               texels.data());

  glViewport(rect.x, rect.y, rect.width, rect.height);
  glDisable(GL_BLEND);
  if (clip) {
    glEnable(GL_SCISSOR_TEST);
    glScissor(clip->x, clip->y, clip->width, clip->height);
  } else {
    glDisable(GL_SCISSOR_TEST);
  }
  glUseProgram(p.id);
  glUniform1i(p.u_cells, 0);
  glUniform2f(p.u_grid, static_cast<float>(scene.cols), static_cast<float>(scene.rows));
  glUniform2f(p.u_size, static_cast<float>(rect.width), static_cast<float>(rect.height));
  glUniform2f(p.u_anim_pos, scene.anim_col, scene.anim_row);
  glUniform1i(p.u_anim_piece, shader_piece(scene.anim_piece));
  glUniform1f(p.u_time, time_seconds);
  if (scene.win_line) {
    const auto& [first, last] = *scene.win_line;
    glUniform4f(p.u_win_line, static_cast<float>(first.col), static_cast<float>(first.row),
                static_cast<float>(last.col), static_cast<float>(last.row));
  }
  // A negative progress: no line.
  glUniform1f(p.u_win_progress, scene.win_line ? scene.win_progress : -1.0f);
  glUniform1i(p.u_cursor_column, cursor_column);
  glBindVertexArray(vertex_array_);
  glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
  glBindVertexArray(0);
  glUseProgram(0);
  glDisable(GL_SCISSOR_TEST);
}

}  // namespace arcade::app
