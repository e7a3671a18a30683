// What the board shows of the game in progress (app/board_scene.h), without
// GL: the preview of the move under the pointer or the keyboard's cursor (a
// ghost piece, a lit column for a dropped piece), the cursor, the last move
// and the winning line's ends. A scripted engine stands in for the AI.

#include "app/board/board_scene.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <vector>

#include "scripted_engine.h"

namespace arcade::app {
namespace {

class BoardSceneTest : public ::testing::Test {
 protected:
  // A game of two people after `moves`.
  void start(const char* game, std::vector<const char*> moves, const char* position = "startpos") {
    ASSERT_FALSE(controller.new_game(game, position));
    controller.set_side(1, {false, 3});  // each game keeps its own sides
    for (const char* move : moves) ASSERT_FALSE(controller.play(move)) << move;
  }
  BoardScene scene() const { return make_scene(controller, ui); }

  // The cells that carry `mark`.
  static std::vector<Cell> marked(const BoardScene& s, int mark) {
    std::vector<Cell> cells;
    for (int row = 0; row < s.rows; ++row)
      for (int col = 0; col < s.cols; ++col)
        if (s.marks[s.index({col, row})] & mark) cells.push_back({col, row});
    return cells;
  }
  // The cells with a ghost piece.
  static std::vector<Cell> ghosts(const BoardScene& s) {
    std::vector<Cell> cells;
    for (int row = 0; row < s.rows; ++row)
      for (int col = 0; col < s.cols; ++col)
        if (s.ghosts[s.index({col, row})] != Piece::kNone) cells.push_back({col, row});
    return cells;
  }
  static std::vector<Cell> column(int col, int rows) {
    std::vector<Cell> cells;
    for (int row = 0; row < rows; ++row) cells.push_back({col, row});
    return cells;
  }

  ScriptedEngine engine;
  GameController controller{engine};
  BoardUi ui;
};

TEST_F(BoardSceneTest, ConnectFourHoverLightsTheColumnAndGhostsTheLandingDisc) {
  start("connect4", {"4"});
  ui.hovered = Cell{3, 4};
  BoardScene s = scene();
  EXPECT_EQ(marked(s, kLitColumn), column(3, 6));
  ASSERT_EQ(ghosts(s), std::vector<Cell>{(Cell{3, 1})}) << "where the disc would land";
  EXPECT_EQ(s.ghost({3, 1}), Piece::kSecondSide) << "the mover's disc";
  EXPECT_EQ(marked(s, kHovered), std::vector<Cell>{(Cell{3, 4})});
  EXPECT_EQ(s.piece({3, 1}), Piece::kNone) << "a ghost is no piece";
}

TEST_F(BoardSceneTest, ConnectFourFullColumnHasNoPreview) {
  start("connect4", {"4", "4", "4", "4", "4", "4"});
  ui.hovered = Cell{3, 2};
  const BoardScene s = scene();
  EXPECT_TRUE(marked(s, kLitColumn).empty());
  EXPECT_TRUE(ghosts(s).empty());
}

TEST_F(BoardSceneTest, TheCursorMarksItsCellAndPreviewsAsTheHoverDoes) {
  start("connect4", {"4", "4", "4", "4", "4", "4"});
  ui.cursor = Cell{5, 0};  // a column's landing cell
  ui.hovered = Cell{0, 3};
  BoardScene s = scene();
  EXPECT_EQ(marked(s, kCursor), std::vector<Cell>{(Cell{5, 0})});
  // One preview, the input used last: the pointer over the board drops the
  // cursor, so with both the cursor is the newer.
  EXPECT_EQ(marked(s, kLitColumn), column(5, 6)) << "the cursor's column only";
  EXPECT_EQ(ghosts(s), (std::vector<Cell>{{5, 0}}));
  EXPECT_TRUE(marked(s, kHovered).empty());
  ui.cursor.reset();
  s = scene();
  EXPECT_EQ(marked(s, kLitColumn), column(0, 6)) << "the pointer's, once the cursor is gone";
  EXPECT_EQ(ghosts(s), (std::vector<Cell>{{0, 0}}));
  // On a full column: the cursor only.
  ui = {};
  ui.cursor = Cell{3, 5};
  s = scene();
  EXPECT_EQ(marked(s, kCursor), std::vector<Cell>{(Cell{3, 5})});
  EXPECT_TRUE(marked(s, kLitColumn).empty());
  EXPECT_TRUE(ghosts(s).empty());
}

TEST_F(BoardSceneTest, TicTacToeGhostsTheMoversMarkOnAnEmptySquareOnly) {
  start("tictactoe", {"b2"});
  ui.hovered = Cell{0, 0};
  BoardScene s = scene();
  EXPECT_EQ(ghosts(s), std::vector<Cell>{(Cell{0, 0})});
  EXPECT_EQ(s.ghost({0, 0}), Piece::kSecondSide) << "O to move";
  EXPECT_TRUE(marked(s, kLitColumn).empty()) << "no columns here";
  ui.hovered = Cell{1, 1};  // X's square
  EXPECT_TRUE(ghosts(scene()).empty());
}

TEST_F(BoardSceneTest, NoPreviewWhileTheAiIsToMoveButTheCursorShows) {
  start("tictactoe", {});
  controller.set_side(0, {true, 3});  // the AI's turn now
  ui.hovered = Cell{0, 0};
  ui.cursor = Cell{2, 2};
  const BoardScene s = scene();
  EXPECT_TRUE(ghosts(s).empty());
  EXPECT_TRUE(marked(s, kLegalTarget).empty());
  EXPECT_EQ(marked(s, kCursor), std::vector<Cell>{(Cell{2, 2})});
}

TEST_F(BoardSceneTest, WolfAndSheepGhostsThePieceOnTheTargetUnderThePointer) {
  start("wolfsheep", {});
  ui.hovered = Cell{3, 1};  // a target of the sheep, which is picked up for you
  BoardScene s = scene();
  EXPECT_EQ(ghosts(s), std::vector<Cell>{(Cell{3, 1})});
  EXPECT_EQ(s.ghost({3, 1}), Piece::kFirstSide);
  EXPECT_TRUE(s.mark({3, 1}) & kLegalTarget) << "targets stay marked";
  ui.hovered = Cell{3, 3};  // not a target
  EXPECT_TRUE(ghosts(scene()).empty());
}

// Pac-Man caught (issue 33): the ghost stands on his cell, and while the
// end's animation runs he is drawn over it as a piece being taken, smaller
// as it goes; once gone, the ghost alone. No other end takes a piece.
TEST_F(BoardSceneTest, ACaughtPacManShrinksAwayOverTheGhostThatCaughtHim) {
  controller.set_side(0, {false, 3});
  start("pacman", {"east", "west"}, "%%%%%%/%P_G.%/%%%%%%");
  ASSERT_TRUE(controller.game_over());
  const std::optional<TakenPiece> taken = controller.position().taken_at_end();
  ASSERT_TRUE(taken);
  EXPECT_EQ(taken->cell, (Cell{2, 1})) << "where he stood when caught (rows from the bottom)";
  EXPECT_EQ(taken->piece, Piece::kFirstSide);
  ui.taken = 0.25f;
  BoardScene s = scene();
  EXPECT_EQ(s.anim_piece, Piece::kFirstSide);
  EXPECT_EQ(s.anim_col, 2.0f);
  EXPECT_EQ(s.anim_row, 1.0f);
  EXPECT_FLOAT_EQ(s.anim_scale, 0.75f);
  EXPECT_NE(s.piece({2, 1}), Piece::kFirstSide) << "the ghost on his cell, under him";
  EXPECT_NE(s.piece({2, 1}), Piece::kNone);
  ui.taken = 1.0f;
  s = scene();
  EXPECT_EQ(s.anim_piece, Piece::kNone);
  start("connect4", {"4", "3", "4", "3", "4", "3", "4"});
  ASSERT_TRUE(controller.game_over());
  EXPECT_FALSE(controller.position().taken_at_end()) << "four in a row takes nothing";
}

TEST_F(BoardSceneTest, APieceMovedMarksBothItsSquares) {
  start("wolfsheep", {"e1d2"});
  EXPECT_EQ(marked(scene(), kLastMove), (std::vector<Cell>{{4, 0}, {3, 1}}));
  start("connect4", {"4", "4"});
  EXPECT_EQ(marked(scene(), kLastMove), std::vector<Cell>{(Cell{3, 1})}) << "a disc: its cell";
}

// A Reversi move marks the cell played as the last move and every disc it
// turned, nothing else: the cells whose piece changed, read from the
// positions before and after (not from the move's description). Twenty
// moves in, each the last legal one (often turning several discs).
TEST_F(BoardSceneTest, AReversiMoveMarksThePlacedDiscAndEveryDiscItTurned) {
  start("reversi", {});
  for (int ply = 0; ply < 20 && !controller.game_over(); ++ply) {
    const std::unique_ptr<GameView> before = controller.position().clone();
    const Move move = controller.legal_moves().back();
    ASSERT_FALSE(controller.play(before->move_to_text(move)));
    const BoardScene s = scene();
    std::vector<Cell> changed, turned;
    std::optional<Cell> placed;
    for (int row = 0; row < s.rows; ++row)
      for (int col = 0; col < s.cols; ++col) {
        const Piece was = before->piece_at({col, row}),
                    now = controller.position().piece_at({col, row});
        if (was == now) continue;
        changed.push_back({col, row});
        if (was == Piece::kNone)
          placed = Cell{col, row};
        else
          turned.push_back({col, row});
        EXPECT_TRUE(s.marks[s.index({col, row})] & kLastMove || s.turned[s.index({col, row})]);
      }
    if (changed.empty()) {  // a pass: no cell marked
      EXPECT_TRUE(marked(s, kLastMove).empty());
      EXPECT_EQ(std::count(s.turned.begin(), s.turned.end(), 1), 0);
      continue;
    }
    ASSERT_TRUE(placed);
    EXPECT_EQ(marked(s, kLastMove), std::vector<Cell>{*placed}) << "ply " << ply;
    std::vector<Cell> shown;
    for (int row = 0; row < s.rows; ++row)
      for (int col = 0; col < s.cols; ++col)
        if (s.turned[s.index({col, row})]) shown.push_back({col, row});
    EXPECT_EQ(shown, turned) << "ply " << ply;
    EXPECT_FALSE(turned.empty()) << "a Reversi move turns a disc";
  }
}

// On a board of pits the end columns are stores, each one pit: a count in
// any of a store's cells is drawn at the store's middle; elsewhere, and on
// any other surface, at its cell's centre.
TEST(PitsStores, AStoresCountIsDrawnAtItsMiddle) {
  BoardScene pits;
  pits.look.surface.kind = SurfaceKind::kPits;
  pits.cols = 4;
  pits.rows = 2;
  EXPECT_TRUE(store_column(pits, 0));
  EXPECT_TRUE(store_column(pits, 3));
  EXPECT_FALSE(store_column(pits, 1));
  EXPECT_EQ(count_centre(pits, {3, 0}), (std::array<float, 2>{3.5f, 1.0f}));
  EXPECT_EQ(count_centre(pits, {0, 1}), (std::array<float, 2>{0.5f, 1.0f}));
  EXPECT_EQ(count_centre(pits, {1, 1}), (std::array<float, 2>{1.5f, 1.5f}));
  BoardScene lines = pits;
  lines.look.surface.kind = SurfaceKind::kGridLines;
  EXPECT_FALSE(store_column(lines, 0));
  EXPECT_EQ(count_centre(lines, {3, 0}), (std::array<float, 2>{3.5f, 0.5f}));
}

TEST_F(BoardSceneTest, TheWinningLineRunsFromItsFirstCellToItsLast) {
  start("tictactoe", {"a1", "a2", "b2", "a3", "c3"});
  BoardScene s = scene();
  ASSERT_TRUE(s.win_line);
  EXPECT_EQ((*s.win_line)[0], (Cell{0, 0}));
  EXPECT_EQ((*s.win_line)[1], (Cell{2, 2}));
  EXPECT_FLOAT_EQ(s.win_progress, 1.0f) << "whole: the app animates it";
  EXPECT_EQ(marked(s, kWinningLine), (std::vector<Cell>{{0, 0}, {1, 1}, {2, 2}}));

  // Connect Four's diagonal.
  start("connect4", {"1", "2", "2", "3", "3", "4", "3", "4", "4", "7", "4"});
  s = scene();
  ASSERT_TRUE(s.win_line);
  EXPECT_EQ((*s.win_line)[0], (Cell{0, 0}));
  EXPECT_EQ((*s.win_line)[1], (Cell{3, 3}));

  // Five in a row: the whole run.
  start("connect4", {"1", "1", "2", "2", "4", "4", "5", "5", "3"});
  s = scene();
  ASSERT_TRUE(s.win_line);
  EXPECT_EQ((*s.win_line)[0], (Cell{0, 0}));
  EXPECT_EQ((*s.win_line)[1], (Cell{4, 0}));
}

TEST_F(BoardSceneTest, NoWinningLineWithoutAWinner) {
  start("tictactoe", {"a1", "a2"});
  EXPECT_FALSE(scene().win_line);
  // A draw.
  start("tictactoe", {"a1", "b2", "c3", "b1", "b3", "a3", "c1", "c2", "a2"});
  ASSERT_TRUE(controller.game_over());
  EXPECT_FALSE(scene().win_line);
  // A game won without a line.
  start("wolfsheep", {}, "8/8/8/8/1w3w2/8/1w1w4/2s5 s");
  ASSERT_EQ(controller.winner(), 1);
  EXPECT_FALSE(scene().win_line);
}

// The hint is the mover's own piece, translucent, where the move goes: a
// cross for X (a ring would read as O).
TEST_F(BoardSceneTest, TheHintIsAGhostOfTheMoversOwnPiece) {
  start("tictactoe", {});
  controller.request_hint();
  ASSERT_TRUE(controller.hint_pending());
  engine.reply(engine.last_request, "bestmove c3");
  controller.update();
  ASSERT_TRUE(controller.hint());
  BoardScene s = scene();
  EXPECT_EQ(marked(s, kHint), std::vector<Cell>{(Cell{2, 2})});
  EXPECT_EQ(ghosts(s), std::vector<Cell>{(Cell{2, 2})});
  EXPECT_EQ(s.ghost({2, 2}), Piece::kFirstSide) << "X to move: a cross";
}

// The engine's line over the board: each move's own piece on its cell.
TEST_F(BoardSceneTest, ALineShowsEachSidesOwnPieces) {
  start("tictactoe", {"b2"});
  BoardScene s = scene();
  show_line(s, controller.position(), {"a1", "c3", "a3"}, 2);
  EXPECT_EQ(ghosts(s), (std::vector<Cell>{{0, 0}, {2, 2}})) << "the first two plies";
  EXPECT_EQ(s.ghost({0, 0}), Piece::kSecondSide) << "O moves first here";
  EXPECT_EQ(s.ghost({2, 2}), Piece::kFirstSide);
  // Connect Four: discs where they land, one on another in a column.
  start("connect4", {});
  s = scene();
  show_line(s, controller.position(), {"4", "4", "x", "5"}, 9);
  EXPECT_EQ(ghosts(s), (std::vector<Cell>{{3, 0}, {3, 1}})) << "a move that does not read ends it";
  EXPECT_EQ(s.ghost({3, 1}), Piece::kSecondSide);
}

TEST_F(BoardSceneTest, AGameSetUpWonShowsItsLine) {
  start("tictactoe", {}, "xxx/oo./...");
  const BoardScene s = scene();
  ASSERT_TRUE(s.win_line);
  const auto [first, last] = *s.win_line;
  EXPECT_EQ(first.row, last.row);
  EXPECT_EQ(first.col, 0);
  EXPECT_EQ(last.col, 2);
}

}  // namespace
}  // namespace arcade::app
