#pragma once
// A window with a current OpenGL ES 3 context (WebGL 2 in the browser), and
// what the board shaders need to know of it. Shared by the app's main() and
// the board renderer's test, which draws without a display
// (SDL_VIDEODRIVER=offscreen).

#include <SDL.h>

#include <string>
#include <vector>

namespace arcade::app {

struct GlWindow {
  SDL_Window* window = nullptr;
  SDL_GLContext context = nullptr;
  const char* glsl_version = nullptr;  // the #version line its shaders start with
};

// A window of `width` x `height` points with `flags` besides SDL_WINDOW_OPENGL,
// its context current; window null if no context could be made (the reasons
// go to stderr). SDL's video must be initialised.
GlWindow create_gl_window(const char* title, int width, int height, Uint32 flags);

// The #version line and, for OpenGL ES, the default precisions: what goes
// before the shader sources, which carry none (board_renderer.h).
std::string glsl_header(const GlWindow& gl);

// The framebuffer's pixels, RGBA, GL's bottom row first.
std::vector<unsigned char> read_pixels(int width, int height);

}  // namespace arcade::app
