// The board renderer draws several boards in one frame, each filling its own
// rectangle and nothing outside it: the main board and small ones (the
// positions of a line, the nodes of a search tree), every game's from its
// look (games/board_look.h) alone, and a look given only as data. Drawn
// without a display (SDL's offscreen driver, Mesa), read back, and checked by
// the colours the looks declare.

#include "app/board/board_renderer.h"

#include <GLES3/gl3.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "app/board/board_scene.h"
#include "app/board/board_shader.h"
#include "app/board/palette.h"
#include "app/platform/gl_window.h"
#include "games/registry.h"

namespace arcade::app {
namespace {

using Rgb = std::array<int, 3>;
using ColourTest = std::function<bool(Rgb)>;

// A colour as a look declares it (0xRRGGBB), within 3 of each channel: a
// unit of rounding each way through the shader's floats, and the chequered
// squares' faint grain.
ColourTest exactly(std::uint32_t rgb) {
  return [rgb](Rgb c) {
    for (int i = 0; i < 3; ++i)
      if (std::abs(c[static_cast<std::size_t>(i)] -
                   static_cast<int>((rgb >> (16 - 8 * i)) & 0xFF)) > 3)
        return false;
    return true;
  };
}
// A surface's colour `i` (SurfaceKind's comment in board_look.h says which).
ColourTest surface(const BoardScene& scene, int i) {
  return exactly(scene.look.surface.colours[static_cast<std::size_t>(i)]);
}
// The app's background (palette.h), which the renderer is given.
const ColourTest kHoleBackground = exactly(kBackgroundRgb);
const ColourTest kWinStroke = exactly(0xFFF9E6);  // board.frag's kWinStroke (1.0, 0.975, 0.9)
const ColourTest kClear = exactly(0x000000);
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

  // A pixel outside the frame reads as black: a check there fails, rather
  // than reading past the pixels.
  Rgb pixel(int x, int y) const {
    if (x < 0 || y < 0 || x >= width_ || y >= height_) return {0, 0, 0};
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
  BoardRendererTest() = default;
  // A window of another size, in pixels.
  BoardRendererTest(int width, int height) : width_(width), height_(height) {}

  void SetUp() override {
    setenv("SDL_VIDEODRIVER", "offscreen", /*overwrite=*/0);
    ASSERT_EQ(SDL_Init(SDL_INIT_VIDEO), 0) << SDL_GetError();
    gl_ = create_gl_window("board renderer test", width_, height_, SDL_WINDOW_HIDDEN);
    ASSERT_NE(gl_.window, nullptr) << "no OpenGL context";
    int w = 0, h = 0;
    SDL_GL_GetDrawableSize(gl_.window, &w, &h);
    ASSERT_EQ(w, width_);
    ASSERT_EQ(h, height_);
    ASSERT_EQ(renderer_->init(glsl_header(gl_)), std::nullopt);
  }
  void TearDown() override {
    renderer_.reset();  // its GL objects go while the context lives
    if (gl_.context) SDL_GL_DeleteContext(gl_.context);
    if (gl_.window) SDL_DestroyWindow(gl_.window);
    SDL_Quit();
  }

  void clear() {
    glViewport(0, 0, width_, height_);
    glClearColor(0, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
  }

  const int width_ = 400, height_ = 200;
  GlWindow gl_;
  std::unique_ptr<BoardRenderer> renderer_ = std::make_unique<BoardRenderer>();
};

// A look's program is compiled by its first draw (or prepare): every
// registered game's must compile and link.
TEST_F(BoardRendererTest, EveryRegisteredGamesLookCompiles) {
  for (const std::string& name : game_names())
    EXPECT_EQ(renderer_->prepare(make_game_view(name)->board().look), std::nullopt) << name;
}

// Every look's program stays within the uniforms WebGL 2 promises, its
// layer arrays sized by its own largest glyph.
TEST(LookUniforms, EveryRegisteredGamesLookFitsWebGl2) {
  for (const std::string& name : game_names()) {
    const ProgramKey key = program_key(make_game_view(name)->board().look);
    EXPECT_LE(uniform_vectors(key), kPromisedUniformVectors) << name;
  }
}

TEST_F(BoardRendererTest, DrawsSeveralBoardsAFrameEachInItsRectangle) {
  glViewport(0, 0, width_, height_);
  glClearColor(0, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  // A main board and three small ones, one of them tiny, with gaps between.
  const PixelRect main{10, 10, 175, 150};
  const PixelRect checkered{200, 10, 96, 96};
  const PixelRect lines{310, 10, 60, 60};
  const PixelRect tiny{310, 100, 21, 18};
  const BoardScene frame_scene = scene_of("connect4", {"4", "4", "3", "1", "5"});
  const BoardScene checkered_scene = scene_of("wolfsheep", {"e1d2"});
  const BoardScene lines_scene = scene_of("tictactoe", {"b2"});
  renderer_->draw(frame_scene, main, 0.0f);
  renderer_->draw(checkered_scene, checkered, 0.0f);
  renderer_->draw(lines_scene, lines, 0.0f);
  renderer_->draw(scene_of("connect4", {}), tiny, 0.0f);
  const Framebuffer frame(width_, height_);

  EXPECT_GT(frame.share(main, surface(frame_scene, 0)), 0.3);
  // The first side's discs along the bottom row, still there after the
  // boards drawn later with other cells in the renderer's texture.
  EXPECT_GT(frame.share({main.x, main.y, main.width, main.height / 6}, reddish), 0.15);
  EXPECT_GT(frame.share(checkered, surface(checkered_scene, 0)), 0.2);
  EXPECT_GT(frame.share(checkered, surface(checkered_scene, 1)), 0.2);
  EXPECT_GT(frame.share(lines, surface(lines_scene, 0)), 0.5);
  EXPECT_GT(frame.share(tiny, bluish), 0.3);
  EXPECT_EQ(frame.share(tiny, reddish), 0.0) << "the tiny board is an empty one";
  // Nothing outside the rectangles: the gaps keep the clear colour.
  EXPECT_EQ(frame.share({main.x + main.width, 0, 15, height_}, kClear), 1.0);
  EXPECT_EQ(frame.share({0, main.y + main.height, 300, 40}, kClear), 1.0);
  EXPECT_EQ(frame.share({checkered.x + checkered.width, 0, 14, height_}, kClear), 1.0);
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
  const Framebuffer frame(width_, height_);
  for (Cell c : {Cell{0, 0}, Cell{1, 1}, Cell{2, 2}}) {
    const auto [x, y] = centre(whole, 3, c);
    EXPECT_TRUE(kWinStroke(frame.pixel(x, y))) << c.col << "," << c.row;
  }
  const auto [x0, y0] = centre(part, 3, {0, 0});
  const auto [x2, y2] = centre(part, 3, {2, 2});
  EXPECT_TRUE(kWinStroke(frame.pixel(x0, y0))) << "it grows from the first cell";
  EXPECT_FALSE(kWinStroke(frame.pixel(x2, y2))) << "and has not reached the last";
  const auto [xe, ye] = centre(whole, 3, {2, 0});
  EXPECT_TRUE(surface(won, 0)(frame.pixel(xe, ye))) << "an empty cell off the line";
}

TEST_F(BoardRendererTest, AGhostIsTranslucentAndAnEmptyHoleShowsTheBackground) {
  clear();
  BoardScene scene = scene_of("connect4", {"4"});
  scene.ghost({2, 0}) = Piece::kFirstSide;
  const PixelRect rect{10, 10, 175, 150};
  renderer_->draw(scene, rect, 0.0f);
  const Framebuffer frame(width_, height_);
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
  const Framebuffer frame(width_, height_);
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

// --- Looks as data ----------------------------------------------------------

// `game`'s position after its first legal move, `plies` times (fewer if the
// game ends): pieces of both sides on most boards.
std::unique_ptr<GameView> played(const std::string& game, int plies) {
  std::unique_ptr<GameView> position = make_game_view(game);
  for (int i = 0; i < plies && !position->legal_moves().empty(); ++i)
    position->play(position->legal_moves().front());
  return position;
}

// The scene without its pieces.
BoardScene emptied(BoardScene scene) {
  std::fill(scene.pieces.begin(), scene.pieces.end(), Piece::kNone);
  return scene;
}

// A 3x3 board of `look` with side 0's piece at `first` and side 1's at
// `second`, no marks.
BoardScene two_pieces(const BoardLook& look, Cell first, Cell second) {
  BoardScene scene;
  scene.look = look;
  scene.cols = scene.rows = 3;
  scene.pieces.assign(9, Piece::kNone);
  scene.marks.assign(9, 0);
  scene.ghosts.assign(9, Piece::kNone);
  scene.piece(first) = Piece::kFirstSide;
  scene.piece(second) = Piece::kSecondSide;
  return scene;
}

// Boards of cells a hundred pixels or so: a glyph's parts are pixels wide.
class LookTest : public BoardRendererTest {
 protected:
  LookTest() : BoardRendererTest(760, 700) {}

  // `scene` drawn alone at the bottom left with square cells, the largest
  // that fit 600 pixels; the rectangle.
  PixelRect draw_alone(const BoardScene& scene) {
    clear();
    const int s = 600 / std::max(scene.cols, scene.rows);
    const PixelRect rect{0, 0, s * scene.cols, s * scene.rows};
    renderer_->draw(scene, rect, 0.0f);
    return rect;
  }
};

// The pixel `dx`, `dy` cells from `cell`'s centre.
std::array<int, 2> at(const PixelRect& rect, int cols, Cell cell, double dx, double dy) {
  const double s = static_cast<double>(rect.width) / cols;
  return {rect.x + static_cast<int>((cell.col + 0.5 + dx) * s),
          rect.y + static_cast<int>((cell.row + 0.5 + dy) * s)};
}

// Whether a store of a board of pits holds a piece in any of its cells:
// drawn at the column's middle, over them all.
bool store_has_piece(const BoardScene& scene, int col) {
  for (int row = 0; row < scene.rows; ++row)
    if (scene.pieces[scene.index({col, row})] != Piece::kNone) return true;
  return false;
}

// Where the surface shows its colours, as SurfaceKind says (board_look.h):
// each check a pixel and the colour it must have. Cells with a piece are
// left out, all but their left and lower edges.
void expect_surface(const Framebuffer& frame, const PixelRect& rect, const BoardScene& scene,
                    const std::string& name) {
  const Surface& look = scene.look.surface;
  const int s = rect.width / scene.cols;
  const auto expect = [&](int x, int y, const ColourTest& colour, const char* what) {
    EXPECT_TRUE(colour(frame.pixel(x, y))) << name << ": " << what << " at " << x << "," << y;
  };
  const auto centre_of = [&](Cell c) { return at(rect, scene.cols, c, 0, 0); };
  for (int row = 0; row < scene.rows; ++row)
    for (int col = 0; col < scene.cols; ++col) {
      // Copied: clang 14 lets no lambda capture a structured binding.
      const auto [centre_x, centre_y] = centre_of({col, row});
      const int x = centre_x, y = centre_y;
      const bool empty_cell = scene.pieces[scene.index({col, row})] == Piece::kNone;
      const auto expect_centre = [&](const ColourTest& colour, const char* what) {
        if (empty_cell) expect(x, y, colour, what);
      };
      switch (look.kind) {
        case SurfaceKind::kGridLines:
        case SurfaceKind::kFelt:
          expect_centre(surface(scene, 0), "an empty cell's centre");
          if (col > 0) expect(col * s, y, surface(scene, 1), "the line on its left");
          break;
        case SurfaceKind::kFrame:
          expect_centre(kHoleBackground, "an empty hole's centre");
          if (col > 0 && row > 0) expect(col * s, row * s, surface(scene, 0), "the frame");
          break;
        case SurfaceKind::kChequered:
          expect_centre(surface(scene, (col + row) % 2), "a square's centre, a1 dark");
          break;
        case SurfaceKind::kPits:
          // A bowl's middle, a store's cells too (not where a store's seeds
          // lie), and the wood between the bowls.
          if (!store_column(scene, col) || !store_has_piece(scene, col))
            expect_centre(surface(scene, 1), "an empty bowl's middle");
          if (col > 0 && row > 0) expect(col * s, row * s, surface(scene, 0), "the wood");
          break;
      }
    }
  if (look.kind == SurfaceKind::kFelt && look.dot_inset > 0)
    expect(look.dot_inset * s, look.dot_inset * s, surface(scene, 1), "a dot");
}

// Every registered game's look, from its data alone: the surface's colours
// where the surface shows them, and a piece on exactly the cells where the
// position has one, in its side's colour.
TEST_F(LookTest, EveryRegisteredGamesLookDrawsItsSurfaceAndItsPieces) {
  for (const std::string& name : game_names()) {
    const BoardScene scene = position_scene(*played(name, 3));
    const PixelRect rect = draw_alone(emptied(scene));
    const Framebuffer empty(width_, height_);
    expect_surface(empty, rect, emptied(scene), name);
    draw_alone(scene);
    const Framebuffer full(width_, height_);
    const int s = rect.width / scene.cols;
    for (int row = 0; row < scene.rows; ++row)
      for (int col = 0; col < scene.cols; ++col) {
        // The cell's inner 80%: what a piece there changes, and how much
        // of it is in the side's colour.
        int changed = 0, side_coloured = 0;
        const Piece piece = scene.pieces[scene.index({col, row})];
        const bool sides = piece == Piece::kFirstSide || piece == Piece::kSecondSide;
        const int kind = piece == Piece::kNone ? 0 : static_cast<int>(piece) - 1;
        const ColourTest side_colour =
            exactly(scene.look.pieces[static_cast<std::size_t>(kind)].colour);
        for (int y = row * s + s / 10; y < (row + 1) * s - s / 10; ++y)
          for (int x = col * s + s / 10; x < (col + 1) * s - s / 10; ++x) {
            const Rgb a = empty.pixel(x, y), b = full.pixel(x, y);
            changed += std::abs(a[0] - b[0]) + std::abs(a[1] - b[1]) + std::abs(a[2] - b[2]) > 24;
            side_coloured += side_colour(b);
          }
        const std::string where = name + " " + std::to_string(col) + "," + std::to_string(row);
        // A store's piece is drawn over its whole column.
        if (store_column(scene, col) && store_has_piece(scene, col)) continue;
        if (piece == Piece::kNone) {
          EXPECT_EQ(changed, 0) << where << ": no piece, nothing drawn";
        } else if (sides) {
          EXPECT_GT(changed, s * s / 20) << where << ": a piece";
          EXPECT_GE(side_coloured, 10) << where << ": in its side's colour";
        } else {
          // A game's further kinds may be small (Pac-Man's food) or, as a
          // tile among tiles (a wall inside the maze's wall), show only an
          // inner layer in a shade of their colour: drawn, at least.
          EXPECT_GT(changed, 0) << where << ": a piece of kind " << kind + 1;
        }
      }
  }
}

// A look that no game has, given only as data: grid lines in other colours,
// and two glyphs composed here of the primitives (board_look.h). Drawn with
// nothing added to the renderer or the shader.
constexpr Glyph kRingGlyph = shape_glyph({
    // A ring in the side's colour round a dot of a colour of its own.
    {Primitive::kRing, {0.0f, 0.0f, 0.3f, 0.06f, 0.0f}},
    {Primitive::kCircle, {0.0f, 0.0f, 0.1f, 0.0f, 0.0f}, 0.0f, 0x20C040},
});
constexpr Glyph kBarGlyph = shape_glyph({
    // A bar across in the side's colour at half, two boxes above it (one
    // given, mirrored), a white dot over the bar's middle.
    {Primitive::kSegment, {-0.3f, 0.0f, 0.3f, 0.0f, 0.06f}, 0.5f},
    {Primitive::kBox, {0.2f, 0.25f, 0.06f, 0.06f, 0.01f}, 1.0f, 0, true},
    {Primitive::kCircle, {0.0f, 0.0f, 0.08f, 0.0f, 0.0f}, 0.0f, 0xFFFFFF},
});
constexpr BoardLook kDataLook = {
    {SurfaceKind::kGridLines, {0x30284A, 0xE0D070}},
    {PieceLook{kRingGlyph, 0xE04080, "ring"}, PieceLook{kBarGlyph, 0x40A0FF, "bar"}}};

TEST_F(LookTest, ALookGivenOnlyAsDataDrawsItsSurfaceAndItsGlyphs) {
  for (const std::string& name : game_names())
    ASSERT_NE(make_game_view(name)->board().look, kDataLook) << name << " has the test's look";
  const Cell ring{0, 0}, bar{2, 1};
  const BoardScene scene = two_pieces(kDataLook, ring, bar);
  const PixelRect rect = draw_alone(scene);
  const Framebuffer frame(width_, height_);
  expect_surface(frame, rect, scene, "the data look");
  const auto expect = [&](Cell cell, double dx, double dy, std::uint32_t rgb, const char* what) {
    const auto [x, y] = at(rect, 3, cell, dx, dy);
    EXPECT_TRUE(exactly(rgb)(frame.pixel(x, y))) << what;
  };
  expect(ring, 0.3, 0.0, 0xE04080, "the ring, in side 0's colour");
  expect(ring, 0.0, -0.3, 0xE04080, "the ring below");
  expect(ring, 0.0, 0.0, 0x20C040, "its dot, in its own colour");
  expect(ring, 0.18, 0.0, 0x30284A, "the surface between them");
  expect(bar, -0.25, 0.0, 0x205080, "the bar, in side 1's colour at half");
  expect(bar, 0.0, 0.0, 0xFFFFFF, "the dot painted over it");
  expect(bar, 0.2, 0.25, 0x40A0FF, "the box as given");
  expect(bar, -0.2, 0.25, 0x40A0FF, "and mirrored");
  expect(bar, 0.0, 0.25, 0x30284A, "the surface between the boxes");
}

// The rest of the vocabulary, as data: a ring of beads outlined in ink, a
// triangle, two circles joined smoothly, a turned ellipse, a lit circle.
constexpr Glyph kBeadsGlyph = shape_glyph({
    {.primitive = Primitive::kBeads,
     .p = {0, 0, 0.25f, 0.08f, 4, 0},
     .side_shade = 0,
     .colour = 0x20C040,
     .outlined = true},
    {.primitive = Primitive::kTriangle, .p = {-0.1f, -0.1f, 0.1f, -0.1f, 0, 0.1f}},
});
constexpr Glyph kJoinedGlyph = shape_glyph({
    {.primitive = Primitive::kCircle, .p = {-0.2f, 0, 0.1f}, .part_of_next = true},
    {.primitive = Primitive::kCircle, .p = {0.2f, 0, 0.1f}, .join = 0.5f},
    {.primitive = Primitive::kEllipse,
     .p = {0, 0.25f, 0.15f, 0.04f, 1.5707964f},
     .side_shade = 0,
     .colour = 0xFFFFFF},
    {.primitive = Primitive::kCircle, .p = {0, -0.25f, 0.15f}, .lit = 0.3f},
});
constexpr BoardLook kPrimitivesLook = {
    {SurfaceKind::kGridLines, {0x30284A, 0xE0D070}},
    {PieceLook{kBeadsGlyph, 0xE04080, "beads"}, PieceLook{kJoinedGlyph, 0x808080, "joined"}}};

TEST_F(LookTest, EllipsesTrianglesBeadsOutlinesJoinsAndLightAreData) {
  const Cell beads{0, 0}, joined{2, 1};
  const BoardScene scene = two_pieces(kPrimitivesLook, beads, joined);
  const PixelRect rect = draw_alone(scene);
  const Framebuffer frame(width_, height_);
  const auto pixel = [&](Cell cell, double dx, double dy) {
    const auto [x, y] = at(rect, 3, cell, dx, dy);
    return frame.pixel(x, y);
  };
  const auto expect = [&](Cell cell, double dx, double dy, std::uint32_t rgb, const char* what) {
    EXPECT_TRUE(exactly(rgb)(pixel(cell, dx, dy))) << what;
  };
  expect(beads, 0.25, 0.0, 0x20C040, "a bead on the ring's right");
  expect(beads, 0.0, 0.25, 0x20C040, "the next, a quarter turn on");
  expect(beads, 0.34, 0.0, 0x0F0E0F, "the ink just outside it");
  expect(beads, 0.13, 0.13, 0x30284A, "the surface between two beads");
  expect(beads, 0.0, -0.04, 0xE04080, "the triangle, in the side's colour");
  expect(joined, 0.0, 0.0, 0x808080, "the join between the two circles");
  expect(joined, 0.2, 0.16, 0x30284A, "but not beyond it");
  expect(joined, 0.0, 0.37, 0xFFFFFF, "the ellipse, turned upright");
  expect(joined, 0.12, 0.25, 0x30284A, "and narrow");
  const auto brightness = [](Rgb c) { return c[0] + c[1] + c[2]; };
  EXPECT_GT(brightness(pixel(joined, -0.045, -0.2)), brightness(pixel(joined, 0.09, -0.34)))
      << "a lit circle, lighter at its top left than at its lower right";
}

// --- draw_cached: draw()'s pixels, drawing again only what changed ---------

// The pixels of `rect` of the framebuffer, RGBA.
std::vector<unsigned char> pixels_in(const PixelRect& rect) {
  std::vector<unsigned char> rgba(static_cast<std::size_t>(rect.width) * rect.height * 4);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(rect.x, rect.y, rect.width, rect.height, GL_RGBA, GL_UNSIGNED_BYTE, rgba.data());
  return rgba;
}

int largest_difference(const std::vector<unsigned char>& a, const std::vector<unsigned char>& b) {
  int largest = 0;
  for (std::size_t i = 0; i < a.size() && i < b.size(); ++i)
    largest = std::max(largest, std::abs(a[i] - b[i]));
  return largest;
}

int area(const std::vector<PixelRect>& rects) {
  int sum = 0;
  for (const PixelRect& r : rects) sum += r.width * r.height;
  return sum;
}

// Cells of about 100 pixels: a box a few pixels short of what a piece
// touches leaves pixels behind.
class CachedBoardTest : public BoardRendererTest {
 protected:
  CachedBoardTest() : BoardRendererTest(760, 700) {}

  // Draws `scene` through the cache, then fresh with draw(), in `rect` of a
  // cleared frame: the largest difference of a channel between the two.
  int cached_against_fresh(const BoardScene& scene, const PixelRect& rect, float time) {
    clear();
    renderer_->draw_cached(scene, rect, time);
    const std::vector<unsigned char> cached = pixels_in(rect);
    clear();
    renderer_->draw(scene, rect, time);
    return largest_difference(cached, pixels_in(rect));
  }

  // Every scene of `steps` through the cache, one after another, each
  // against a fresh draw.
  void expect_each_as_drawn(const std::vector<std::pair<std::string, BoardScene>>& steps,
                            const PixelRect& rect, float& time) {
    for (const auto& [what, scene] : steps) {
      time += 0.07f;
      EXPECT_LE(cached_against_fresh(scene, rect, time), 2) << what;
    }
  }
};

// Connect Four's disc `piece` dropping down column `col` to `row`, a step
// a frame, over `scene` (the landing cell left empty, as make_scene does).
std::vector<std::pair<std::string, BoardScene>> drop(BoardScene scene, Piece piece, int col,
                                                     int row) {
  std::vector<std::pair<std::string, BoardScene>> steps;
  scene.anim_piece = piece;
  scene.anim_col = static_cast<float>(col);
  for (float y = static_cast<float>(scene.rows - 1); y > row; y -= 0.45f) {
    scene.anim_row = y;
    steps.emplace_back("a disc dropping at row " + std::to_string(y), scene);
  }
  scene.anim_piece = Piece::kNone;
  scene.piece({col, row}) = piece;
  steps.emplace_back("the disc landed", scene);
  return steps;
}

TEST_F(CachedBoardTest, ConnectFourDrawsAsDrawnFreshFrameAfterFrame) {
  // Cells of 710 / 7 pixels, not a whole number, and a rectangle taller than
  // the grid: the top row reaches its edge.
  PixelRect rect{13, 7, 710, 640};
  float time = 0;
  BoardScene scene = scene_of("connect4", {"4", "4", "3"});
  scene.mark({2, 0}) |= kLastMove;
  expect_each_as_drawn({{"the first frame", scene}, {"the same again", scene}}, rect, time);
  expect_each_as_drawn(drop(scene, Piece::kSecondSide, 4, 0), rect, time);
  scene.piece({4, 0}) = Piece::kSecondSide;
  scene.mark({2, 0}) = 0;
  scene.mark({4, 0}) |= kLastMove;

  // The cursor on a column: its outline, the column lit, a ghost; then on
  // another column; a hint pulsing with the time.
  BoardScene cursor = scene;
  for (int row = 0; row < scene.rows; ++row) cursor.mark({1, row}) |= kLitColumn;
  cursor.mark({1, 0}) |= kCursor;
  cursor.ghost({1, 0}) = Piece::kFirstSide;
  BoardScene moved = scene;
  for (int row = 0; row < scene.rows; ++row) moved.mark({5, row}) |= kLitColumn;
  moved.mark({5, 0}) |= kCursor;
  moved.ghost({5, 0}) = Piece::kFirstSide;
  BoardScene hint = moved;
  hint.mark({6, 0}) |= kHint;
  // The pointer lights a column, the cursor moves on its own: the outline
  // leaves a column whose other cells stay as they were.
  BoardScene pointer = scene;
  for (int row = 0; row < scene.rows; ++row) pointer.mark({3, row}) |= kLitColumn;
  pointer.mark({1, 0}) |= kCursor;
  BoardScene pointer_cursor_moved = pointer;
  pointer_cursor_moved.mark({1, 0}) &= ~kCursor;
  pointer_cursor_moved.mark({5, 1}) |= kCursor;
  expect_each_as_drawn({{"the last move marked", scene},
                        {"the cursor and the pointer", pointer},
                        {"the cursor moved", pointer_cursor_moved},
                        {"the cursor on a column", cursor},
                        {"the cursor on another", moved},
                        {"a hint", hint},
                        {"the hint a frame later", hint},
                        {"and another", hint}},
                       rect, time);

  // A diagonal won, its line growing over pieces it dims.
  BoardScene won = hint;
  won.mark({6, 0}) = 0;
  for (int i = 0; i < 4; ++i) {
    won.piece({i + 1, i}) = Piece::kFirstSide;
    won.mark({i + 1, i}) |= kWinningLine;
  }
  won.win_line = {Cell{1, 0}, Cell{4, 3}};
  std::vector<std::pair<std::string, BoardScene>> growing;
  for (float progress : {0.0f, 0.1f, 0.35f, 0.7f, 1.0f, 1.0f}) {
    won.win_progress = progress;
    growing.emplace_back("the winning line at " + std::to_string(progress), won);
  }
  expect_each_as_drawn(growing, rect, time);

  // Another size, then another place only, then back to the first size.
  expect_each_as_drawn({{"a smaller board", won}}, rect = {5, 3, 531, 490}, time);
  expect_each_as_drawn({{"moved", won}}, rect = {140, 90, 531, 490}, time);
  expect_each_as_drawn({{"larger again", scene}}, rect = {13, 7, 700, 600}, time);
}

TEST_F(CachedBoardTest, EveryStyleDrawsAsDrawnFreshFrameAfterFrame) {
  const PixelRect rect{20, 10, 680, 680};
  float time = 0;
  // Tic-tac-toe: a mark added, selected, a line won.
  BoardScene lines = scene_of("tictactoe", {"a1", "a2", "b2", "a3"});
  BoardScene played = lines;
  played.piece({2, 2}) = Piece::kFirstSide;
  played.mark({2, 2}) |= kLastMove | kSelected | kCursor;
  BoardScene won = played;
  won.win_line = {Cell{0, 0}, Cell{2, 2}};
  won.win_progress = 0.4f;
  expect_each_as_drawn(
      {{"tic-tac-toe", lines}, {"a mark played", played}, {"won, the line growing", won}}, rect,
      time);

  // Wolf and Sheep, after a style change: a wolf sliding past a corner of
  // the sheep's cell, over legal targets and a hovered square.
  BoardScene checkered = scene_of("wolfsheep", {"e1d2"});
  checkered.mark({2, 2}) |= kLegalTarget | kHovered;
  checkered.mark({4, 2}) |= kLegalTarget;
  std::vector<std::pair<std::string, BoardScene>> sliding{{"wolf and sheep", checkered}};
  BoardScene slide = checkered;
  const Cell from{2, 0}, to{3, 1};
  const Piece wolf = slide.piece(from);
  slide.piece(from) = Piece::kNone;
  slide.anim_piece = wolf;
  for (float t = 0.0f; t < 1.0f; t += 0.2f) {
    slide.anim_col = from.col + (to.col - from.col) * t;
    slide.anim_row = from.row + (to.row - from.row) * t;
    sliding.emplace_back("a piece sliding at " + std::to_string(t), slide);
  }
  slide.anim_piece = Piece::kNone;
  slide.piece(to) = wolf;
  slide.mark(from) |= kLastMove;
  slide.mark(to) |= kLastMove;
  sliding.emplace_back("the piece arrived", slide);
  expect_each_as_drawn(sliding, rect, time);
}

// Every registered game's look and one given only as data, through the
// cache: a position, then marks on it (the last move, targets, the cursor, a
// ghost, a hint), each frame as drawn fresh.
TEST_F(CachedBoardTest, EveryLookDrawsAsDrawnFreshFrameAfterFrame) {
  const PixelRect rect{20, 10, 680, 680};
  float time = 0;
  std::vector<BoardScene> scenes;
  for (const std::string& name : game_names()) scenes.push_back(position_scene(*played(name, 4)));
  BoardScene data = scenes.front();
  data.look = kDataLook;
  scenes.push_back(data);
  for (const BoardScene& scene : scenes) {
    BoardScene marked = scene;
    for (std::size_t i = 0; i < marked.pieces.size(); ++i) {
      const Cell cell{static_cast<int>(i) % marked.cols, static_cast<int>(i) / marked.cols};
      if (marked.pieces[i] != Piece::kNone) {
        marked.mark(cell) |= kLastMove;  // the last marked: one cell
        std::fill(marked.marks.begin(), marked.marks.begin() + static_cast<std::ptrdiff_t>(i), 0);
      } else {
        marked.mark(cell) |= kLegalTarget;
      }
    }
    BoardScene cursor = marked;
    cursor.mark({0, 0}) |= kCursor | kHovered;
    cursor.ghost({0, 0}) = Piece::kSecondSide;
    BoardScene hint = cursor;
    hint.mark({1, 0}) |= kHint;
    expect_each_as_drawn({{"a position", scene},
                          {"marked", marked},
                          {"the cursor and a ghost", cursor},
                          {"a hint", hint},
                          {"the hint a frame later", hint}},
                         rect, time);
  }
}

TEST_F(CachedBoardTest, LeavesTheStateAsDrawDoesAndNothingDrawnOutsideItsRectangle) {
  clear();
  const PixelRect rect{30, 20, 350, 300};
  const BoardScene scene = scene_of("connect4", {"4"});
  renderer_->draw_cached(scene, rect, 0.0f);
  GLint framebuffer = -1, viewport[4] = {};
  glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &framebuffer);
  glGetIntegerv(GL_VIEWPORT, viewport);
  EXPECT_EQ(framebuffer, 0);
  EXPECT_EQ(viewport[0], rect.x);
  EXPECT_EQ(viewport[1], rect.y);
  EXPECT_EQ(viewport[2], rect.width);
  EXPECT_EQ(viewport[3], rect.height);
  EXPECT_FALSE(glIsEnabled(GL_BLEND));
  EXPECT_FALSE(glIsEnabled(GL_SCISSOR_TEST));
  const Framebuffer frame(width_, height_);
  EXPECT_GT(frame.share(rect, surface(scene, 0)), 0.3);
  EXPECT_EQ(frame.share({0, 0, rect.x, height_}, kClear), 1.0);
  EXPECT_EQ(frame.share({rect.x, rect.y + rect.height, rect.width, 20}, kClear), 1.0);
}

// What is drawn again: nothing for an unchanged board, a disc's way for a
// dropping disc, a hint every frame, everything for another style.
TEST(ChangedRegion, OnlyWhatChanged) {
  const int width = 700, height = 600;  // cells of 100 pixels
  BoardScene scene = scene_of("connect4", {"4", "4", "3"});
  EXPECT_TRUE(changed_region(scene, scene, width, height).empty());

  BoardScene falling = scene;
  falling.anim_piece = Piece::kFirstSide;
  falling.anim_col = 2;
  falling.anim_row = 4.5f;
  BoardScene lower = falling;
  lower.anim_row = 4.0f;
  const std::vector<PixelRect> step = changed_region(falling, lower, width, height);
  ASSERT_EQ(step.size(), 1u);
  EXPECT_LE(step[0].width, 140) << "a cell and a little";
  EXPECT_LE(step[0].height, 190) << "where it was and where it is";
  EXPECT_GE(step[0].x, 180);
  EXPECT_LE(step[0].x + step[0].width, 320);

  BoardScene hint = scene;
  hint.mark({5, 0}) |= kHint;
  const std::vector<PixelRect> pulse = changed_region(hint, hint, width, height);
  ASSERT_EQ(pulse.size(), 1u) << "the hint pulses: its cell every frame";
  EXPECT_LE(area(pulse), 102 * 102);

  BoardScene other_look = scene;
  other_look.look.surface.colours[0] = 0x123456;
  EXPECT_EQ(area(changed_region(scene, other_look, width, height)), width * height);

  BoardScene won = scene;
  won.win_line = {Cell{0, 0}, Cell{3, 0}};
  won.win_progress = 0.5f;
  for (const PixelRect& r : changed_region(scene, won, width, height))
    EXPECT_LT(r.y, 150) << "a line along the bottom row dims only the pieces there";

  // A store of a board of pits is drawn as one pit down its column.
  const BoardScene pits = scene_of("kalah", {"c"});
  ASSERT_EQ(pits.look.surface.kind, SurfaceKind::kPits);
  BoardScene emptied_store = pits;
  emptied_store.piece({pits.cols - 1, 0}) = Piece::kNone;
  const std::vector<PixelRect> store = changed_region(pits, emptied_store, 800, 200);
  ASSERT_EQ(store.size(), 1u);
  EXPECT_EQ(store[0].height, 200) << "the store's whole column";
  EXPECT_LE(store[0].width, 102);
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
