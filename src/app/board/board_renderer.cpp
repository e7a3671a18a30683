#include "app/board/board_renderer.h"

#include <GLES3/gl3.h>

#include <cstdint>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "app/board/board_shader.h"
#include "app/shaders.h"  // generated from shaders/ by cmake/embed_shaders.cmake

namespace arcade::app {
namespace {

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

}  // namespace

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
  if (auto log = compile_shader(vertex_shader_, glsl_header + shaders::board_vert))
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
  const ProgramKey key = program_key(look);
  if (programs_.count(key)) return std::nullopt;
  if (auto error = program_errors_.find(key); error != program_errors_.end()) return error->second;
  BoardProgram program;
  if (auto error = build_board_program(vertex_shader_, glsl_header_, key, program))
    return program_errors_[key] = std::move(*error);
  programs_[key] = program;
  return std::nullopt;
}

const BoardProgram* BoardRenderer::program_for(const BoardLook& look) {
  if (!vertex_shader_) return nullptr;  // init() not called or failed
  if (auto problem = prepare(look)) {
    // Once: a broken shader would say so every frame.
    if (!error_said_) std::fprintf(stderr, "arcade: %s\n", problem->c_str());
    error_said_ = true;
    return nullptr;
  }
  return &programs_.at(program_key(look));
}

void BoardRenderer::draw_quad() {
  glBindVertexArray(vertex_array_);
  glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
  glBindVertexArray(0);
}

void BoardRenderer::draw(const BoardScene& scene, const PixelRect& rect, float time_seconds,
                         const std::optional<PixelRect>& clip) {
  const BoardProgram* p = program_for(scene.look);
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
  const BoardProgram* p = program_for(scene.look);
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
