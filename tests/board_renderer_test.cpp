// The board renderer draws several boards in one frame, each filling its own
// rectangle and nothing outside it: the main board and small ones (the
// positions of a line, the nodes of a search tree). Drawn without a display
// (SDL's offscreen driver, Mesa), read back, and checked by the colours of
// shaders/board.frag.

#include "app/board_renderer.h"

#include <GLES3/gl3.h>
#include <gtest/gtest.h>

#include <array>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "app/board_scene.h"
#include "app/gl_window.h"
#include "games/registry.h"

namespace arcade::app {
namespace {

using Rgb = std::array<int, 3>;
using ColourTest = bool (*)(Rgb);

// Colours of shaders/board.frag: exactly, or (shaded discs, boards of a few
// pixels a cell, where edges blend) by what dominates.
template <int R, int G, int B>
bool exactly(Rgb c) {
  return std::abs(c[0] - R) <= 3 && std::abs(c[1] - G) <= 3 && std::abs(c[2] - B) <= 3;
}
constexpr ColourTest kFrameBlue = exactly<26, 71, 199>;       // Connect Four (0.10, 0.28, 0.78)
constexpr ColourTest kDarkSquare = exactly<120, 82, 56>;      // Wolf and Sheep (0.47, 0.32, 0.22)
constexpr ColourTest kLightSquare = exactly<235, 217, 184>;   // (0.92, 0.85, 0.72)
constexpr ColourTest kLinesBackground = exactly<26, 28, 36>;  // Tic-tac-toe (0.10, 0.11, 0.14)
constexpr ColourTest kClear = exactly<0, 0, 0>;
// The first side's discs (0.92, 0.22, 0.20), shaded.
bool reddish(Rgb c) {
  return c[0] > 150 && c[1] < 100 && c[2] < 100;
}
bool bluish(Rgb c) {
  return c[2] > c[0] + 60 && c[2] > c[1] + 40;
}

class Framebuffer {
 public:
  Framebuffer(int width, int height)
      : width_(width), height_(height), rgba_(read_pixels(width, height)) {}

  // The share of the pixels in `rect` (GL's coordinates) that pass `test`.
  double share(const PixelRect& rect, ColourTest test) const {
    int passed = 0;
    for (int y = rect.y; y < rect.y + rect.height; ++y)
      for (int x = rect.x; x < rect.x + rect.width; ++x) passed += test(pixel(x, y));
    return static_cast<double>(passed) / (rect.width * rect.height);
  }

 private:
  Rgb pixel(int x, int y) const {
    const unsigned char* p = &rgba_[(static_cast<std::size_t>(y) * width_ + x) * 4];
    return {p[0], p[1], p[2]};
  }

  int width_, height_;
  std::vector<unsigned char> rgba_;
};

// A game's position after `moves`, as a scene without marks.
BoardScene scene_of(const char* game, std::vector<const char*> moves) {
  std::unique_ptr<GameView> position = make_game_view(game);
  for (const char* text : moves) position->play(*position->move_from_text(text));
  return position_scene(*position);
}

class BoardRendererTest : public ::testing::Test {
 protected:
  void SetUp() override {
    setenv("SDL_VIDEODRIVER", "offscreen", /*overwrite=*/0);
    ASSERT_EQ(SDL_Init(SDL_INIT_VIDEO), 0) << SDL_GetError();
    gl_ = create_gl_window("board renderer test", kWidth, kHeight, SDL_WINDOW_HIDDEN);
    ASSERT_NE(gl_.window, nullptr) << "no OpenGL context";
    int w = 0, h = 0;
    SDL_GL_GetDrawableSize(gl_.window, &w, &h);
    ASSERT_EQ(w, kWidth);
    ASSERT_EQ(h, kHeight);
    ASSERT_EQ(renderer_->init(glsl_header(gl_)), std::nullopt);
  }
  void TearDown() override {
    renderer_.reset();  // its GL objects go while the context lives
    if (gl_.context) SDL_GL_DeleteContext(gl_.context);
    if (gl_.window) SDL_DestroyWindow(gl_.window);
    SDL_Quit();
  }

  static constexpr int kWidth = 400, kHeight = 200;
  GlWindow gl_;
  std::unique_ptr<BoardRenderer> renderer_ = std::make_unique<BoardRenderer>();
};

TEST_F(BoardRendererTest, DrawsSeveralBoardsAFrameEachInItsRectangle) {
  glViewport(0, 0, kWidth, kHeight);
  glClearColor(0, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  // A main board and three small ones, one of them tiny, with gaps between.
  const PixelRect main{10, 10, 175, 150};
  const PixelRect checkered{200, 10, 96, 96};
  const PixelRect lines{310, 10, 60, 60};
  const PixelRect tiny{310, 100, 21, 18};
  renderer_->draw(scene_of("connect4", {"4", "4", "3", "1", "5"}), main, 0.0f);
  renderer_->draw(scene_of("wolfsheep", {"e1d2"}), checkered, 0.0f);
  renderer_->draw(scene_of("tictactoe", {"b2"}), lines, 0.0f);
  renderer_->draw(scene_of("connect4", {}), tiny, 0.0f);
  const Framebuffer frame(kWidth, kHeight);

  EXPECT_GT(frame.share(main, kFrameBlue), 0.3);
  // The first side's discs along the bottom row, still there after the
  // boards drawn later with other cells in the renderer's texture.
  EXPECT_GT(frame.share({main.x, main.y, main.width, main.height / 6}, reddish), 0.2);
  EXPECT_GT(frame.share(checkered, kDarkSquare), 0.2);
  EXPECT_GT(frame.share(checkered, kLightSquare), 0.2);
  EXPECT_GT(frame.share(lines, kLinesBackground), 0.5);
  EXPECT_GT(frame.share(tiny, bluish), 0.3);
  EXPECT_EQ(frame.share(tiny, reddish), 0.0) << "the tiny board is an empty one";
  // Nothing outside the rectangles: the gaps keep the clear colour.
  EXPECT_EQ(frame.share({main.x + main.width, 0, 15, kHeight}, kClear), 1.0);
  EXPECT_EQ(frame.share({0, main.y + main.height, 300, 40}, kClear), 1.0);
  EXPECT_EQ(frame.share({checkered.x + checkered.width, 0, 14, kHeight}, kClear), 1.0);
  EXPECT_EQ(frame.share({lines.x, lines.y + lines.height, lines.width, 30}, kClear), 1.0);
}

}  // namespace
}  // namespace arcade::app
