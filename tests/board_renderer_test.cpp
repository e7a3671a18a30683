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
#include <optional>
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
constexpr ColourTest kLinesBackground = exactly<26, 32, 44>;  // Tic-tac-toe (0.102, 0.125, 0.173)
constexpr ColourTest kHoleBackground = exactly<20, 25, 35>;   // the app's #141923
constexpr ColourTest kWinStroke = exactly<255, 249, 230>;     // (1.0, 0.975, 0.9)
constexpr ColourTest kClear = exactly<0, 0, 0>;
// The first side's discs (0.88, 0.15, 0.17), shaded.
bool reddish(Rgb c) {
  return c[0] > 150 && c[1] < 100 && c[2] < 100;
}
// Connect Four's frame, also where it is shaded round its holes.
bool bluish(Rgb c) {
  return c[2] > c[0] + 60 && c[2] > c[1] + 40;
}
bool light(Rgb c) {
  return c[0] > 200 && c[1] > 200 && c[2] > 200;
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

  Rgb pixel(int x, int y) const {
    const unsigned char* p = &rgba_[(static_cast<std::size_t>(y) * width_ + x) * 4];
    return {p[0], p[1], p[2]};
  }

 private:
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

  void clear() {
    glViewport(0, 0, kWidth, kHeight);
    glClearColor(0, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
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
  EXPECT_GT(frame.share({main.x, main.y, main.width, main.height / 6}, reddish), 0.15);
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

// The centre of `cell` of a board with `cols` columns drawn in `rect`.
std::array<int, 2> centre(const PixelRect& rect, int cols, Cell cell) {
  const double s = static_cast<double>(rect.width) / cols;
  return {rect.x + static_cast<int>((cell.col + 0.5) * s),
          rect.y + static_cast<int>((cell.row + 0.5) * s)};
}

TEST_F(BoardRendererTest, DrawsTheWinningLineOverThePiecesGrowingFromItsFirstCell) {
  clear();
  BoardScene won = scene_of("tictactoe", {"a1", "a2", "b2", "a3", "c3"});
  won.win_line = {Cell{0, 0}, Cell{2, 2}};
  BoardScene growing = won;
  growing.win_progress = 0.3f;
  const PixelRect whole{10, 10, 150, 150}, part{200, 10, 150, 150};
  renderer_->draw(won, whole, 0.0f);
  renderer_->draw(growing, part, 0.0f);
  const Framebuffer frame(kWidth, kHeight);
  for (Cell c : {Cell{0, 0}, Cell{1, 1}, Cell{2, 2}}) {
    const auto [x, y] = centre(whole, 3, c);
    EXPECT_TRUE(kWinStroke(frame.pixel(x, y))) << c.col << "," << c.row;
  }
  const auto [x0, y0] = centre(part, 3, {0, 0});
  const auto [x2, y2] = centre(part, 3, {2, 2});
  EXPECT_TRUE(kWinStroke(frame.pixel(x0, y0))) << "it grows from the first cell";
  EXPECT_FALSE(kWinStroke(frame.pixel(x2, y2))) << "and has not reached the last";
  const auto [xe, ye] = centre(whole, 3, {2, 0});
  EXPECT_TRUE(kLinesBackground(frame.pixel(xe, ye))) << "an empty cell off the line";
}

TEST_F(BoardRendererTest, AGhostIsTranslucentAndAnEmptyHoleShowsTheBackground) {
  clear();
  BoardScene scene = scene_of("connect4", {"4"});
  scene.ghost({2, 0}) = Piece::kFirstSide;
  const PixelRect rect{10, 10, 175, 150};
  renderer_->draw(scene, rect, 0.0f);
  const Framebuffer frame(kWidth, kHeight);
  const auto [dx, dy] = centre(rect, 7, {3, 0});
  const auto [gx, gy] = centre(rect, 7, {2, 0});
  const auto [ex, ey] = centre(rect, 7, {4, 0});
  const Rgb disc = frame.pixel(dx, dy), ghost = frame.pixel(gx, gy);
  EXPECT_TRUE(reddish(disc));
  EXPECT_FALSE(reddish(ghost)) << "a ghost is fainter than a disc";
  EXPECT_GT(ghost[0], 60) << "but it shows";
  EXPECT_GT(ghost[0], ghost[1] + 30) << "in the mover's colour";
  EXPECT_TRUE(kHoleBackground(frame.pixel(ex, ey)));
}

TEST_F(BoardRendererTest, TheCursorIsALightRingOnEveryBackground) {
  clear();
  BoardScene lines = scene_of("tictactoe", {});
  lines.mark({1, 1}) |= kCursor;
  BoardScene checkered = scene_of("wolfsheep", {});
  checkered.mark({1, 1}) |= kCursor;  // a light square
  checkered.mark({2, 0}) |= kCursor;  // a dark one
  BoardScene frame_board = scene_of("connect4", {"4"});
  frame_board.mark({1, 0}) |= kCursor;  // Connect Four: the whole column
  const PixelRect a{10, 10, 150, 150}, b{170, 10, 160, 160}, c{340, 10, 56, 48};
  renderer_->draw(lines, a, 0.0f);
  renderer_->draw(checkered, b, 0.0f);
  renderer_->draw(frame_board, c, 0.0f);
  const Framebuffer frame(kWidth, kHeight);
  // The ring runs 0.44 of a cell from the centre: look along a row for it.
  const auto ring_found = [&](const PixelRect& rect, int cols, Cell cell) {
    const auto [x, y] = centre(rect, cols, cell);
    const int s = rect.width / cols;
    int found = 0;
    for (int dx = s / 4; dx < s / 2; ++dx) found += light(frame.pixel(x + dx, y));
    return found;
  };
  EXPECT_GE(ring_found(a, 3, {1, 1}), 2);
  EXPECT_GE(ring_found(b, 8, {1, 1}), 2);
  EXPECT_GE(ring_found(b, 8, {2, 0}), 2);
  EXPECT_EQ(ring_found(a, 3, {0, 0}), 0) << "no ring without the mark";
  EXPECT_GE(ring_found(c, 7, {1, 4}), 1) << "the column's outline, up to its top";
  EXPECT_EQ(ring_found(c, 7, {2, 4}), 0);
}

// The mark bits are named and valued alike in board_scene.h and board.frag:
// init() checks them (it succeeded in SetUp), and refuses a shader that
// disagrees.
TEST(MarkBits, AShaderThatDisagreesIsRefused) {
  const std::string agreeing =
      "const int kLegalTarget = 1; const int kLastMove = 2; const int kSelected = 4;"
      "const int kHint = 8; const int kWinningLine = 16; const int kHovered = 32;"
      "const int kCursor = 64; const int kLitColumn = 128;";
  EXPECT_EQ(mark_bits_mismatch(agreeing), std::nullopt);
  std::string wrong = agreeing;
  wrong.replace(wrong.find("kCursor = 64"), 12, "kCursor = 32");
  const std::optional<std::string> problem = mark_bits_mismatch(wrong);
  ASSERT_TRUE(problem);
  EXPECT_NE(problem->find("kCursor = 64"), std::string::npos) << *problem;
}

}  // namespace
}  // namespace arcade::app
