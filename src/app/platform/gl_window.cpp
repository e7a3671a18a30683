#include "app/platform/gl_window.h"

#include <GLES3/gl3.h>

#include <cstdio>
#include <string_view>

namespace arcade::app {
namespace {

// What context to ask for. OpenGL ES 3.0 first: it is WebGL 2's API, so
// natively the app runs what the browser runs (Mesa provides it). Desktop
// OpenGL 3.3 core is the fallback for drivers without ES contexts; its
// "#version 330 core" shaders accept the same code.
struct ContextKind {
  int profile;
  int major;
  int minor;
  const char* glsl_version;
};
constexpr ContextKind kContextKinds[] = {
    {SDL_GL_CONTEXT_PROFILE_ES, 3, 0, "#version 300 es"},
    {SDL_GL_CONTEXT_PROFILE_CORE, 3, 3, "#version 330 core"},
};

}  // namespace

GlWindow create_gl_window(const char* title, int width, int height, Uint32 flags) {
  for (const ContextKind& kind : kContextKinds) {
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, kind.profile);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, kind.major);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, kind.minor);
    SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
    // The window is made anew for each kind: which GL library and config
    // SDL picks is decided when the window is created.
    SDL_Window* window = SDL_CreateWindow(title, SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED,
                                          width, height, SDL_WINDOW_OPENGL | flags);
    if (window == nullptr) continue;
    SDL_GLContext context = SDL_GL_CreateContext(window);
    if (context != nullptr) return {window, context, kind.glsl_version};
    std::fprintf(stderr, "no OpenGL %s %d.%d context: %s\n",
                 kind.profile == SDL_GL_CONTEXT_PROFILE_ES ? "ES" : "core", kind.major, kind.minor,
                 SDL_GetError());
    SDL_DestroyWindow(window);
  }
  return {};
}

std::string glsl_header(const GlWindow& gl) {
  const bool es = std::string_view(gl.glsl_version).find(" es") != std::string_view::npos;
  return std::string(gl.glsl_version) +
         (es ? "\nprecision highp float;\nprecision highp int;\n" : "\n");
}

std::vector<unsigned char> read_pixels(int width, int height) {
  std::vector<unsigned char> rgba(static_cast<std::size_t>(width) * height * 4);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, rgba.data());
  return rgba;
}

}  // namespace arcade::app
