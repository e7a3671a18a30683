// The names along the board's edges (the game's CellNames, drawn by the app
// beside the board) are those the game's moves are written in: on random
// games of every registered game, each move's text is the names of the
// cells it leaves and plays on; and a few cells known by name from each
// game's published rules.

#include <gtest/gtest.h>

#include <random>
#include <set>
#include <string>

#include "all_games.h"
#include "games/registry.h"
#include "test_util.h"

namespace arcade::testing {
namespace {

template <class G>
class CellNamesTest : public ::testing::Test {};
TYPED_TEST_SUITE(CellNamesTest, AllGames);

TYPED_TEST(CellNamesTest, EveryMoveIsWrittenInTheNamesOfItsCells) {
  using G = TypeParam;
  const BoardLayout& board = G::kBoardLayout;
  // A board that names no cells (Pac-Man's mazes) writes its moves
  // otherwise (directions).
  if (board.names.columns == AxisNames::kNone && board.names.rows == AxisNames::kNone) return;
  std::mt19937_64 rng(24);
  int moves_checked = 0;
  for (int game = 0; game < 30; ++game) {
    for (const auto& p : random_playout<G>(G::start(), rng)) {
      MoveList<G::kMaxMoves> moves;
      G::generate_moves(p, moves);
      for (const Move m : moves) {
        const MoveCells cells = G::move_cells(p, m);
        if (cells.is_pass()) continue;  // "pass" names no cell
        const std::string named =
            (cells.from ? board.cell_name(*cells.from) : "") + board.cell_name(*cells.to);
        ASSERT_EQ(G::move_to_text(p, m), named) << G::to_text(p);
        ++moves_checked;
      }
    }
  }
  EXPECT_GT(moves_checked, 100);
}

// Every column and row of a board that names them has a name of its own.
TYPED_TEST(CellNamesTest, NamedColumnsAndRowsAreDistinct) {
  const BoardLayout& board = TypeParam::kBoardLayout;
  std::set<std::string> columns, rows;
  for (int col = 0; col < board.grid.cols; ++col) columns.insert(board.column_name(col));
  for (int row = 0; row < board.grid.rows; ++row) rows.insert(board.row_name(row));
  if (board.names.columns != AxisNames::kNone) {
    EXPECT_EQ(columns.size(), static_cast<std::size_t>(board.grid.cols));
  }
  if (board.names.rows != AxisNames::kNone) {
    EXPECT_EQ(rows.size(), static_cast<std::size_t>(board.grid.rows));
  }
}

// The cell labelled `col_name` and `row_name` on the board's edges.
std::optional<Cell> labelled(const GameView& game, const std::string& col_name,
                             const std::string& row_name) {
  const BoardLayout& board = game.board();
  for (int col = 0; col < board.grid.cols; ++col)
    for (int row = 0; row < board.grid.rows; ++row)
      if (board.column_name(col) == col_name && board.row_name(row) == row_name)
        return Cell{col, row};
  return std::nullopt;
}

// Othello's start (White d4 e5, Black d5 e4, Black to move; rows 1-8 from
// the top): c4 is an opening move of Black's that turns d4.
TEST(CellNames, ReversiIsLabelledAsOthelloWritesIt) {
  std::unique_ptr<GameView> reversi = make_game_view("reversi");
  const std::optional<Cell> c4 = labelled(*reversi, "c", "4"), d4 = labelled(*reversi, "d", "4");
  ASSERT_TRUE(c4 && d4);
  EXPECT_EQ(*c4, (Cell{2, 4})) << "row 4 is the fourth from the top";
  EXPECT_EQ(reversi->piece_at(*d4), Piece::kSecondSide);  // White
  EXPECT_EQ(reversi->piece_at(*labelled(*reversi, "e", "4")), Piece::kFirstSide);
  EXPECT_EQ(reversi->piece_at(*labelled(*reversi, "d", "5")), Piece::kFirstSide);
  EXPECT_EQ(reversi->piece_at(*labelled(*reversi, "e", "5")), Piece::kSecondSide);
  const Parsed<Move> move = reversi->move_from_text("c4");
  ASSERT_TRUE(move.ok());
  EXPECT_EQ(reversi->move_cells(*move).to, c4);
  EXPECT_EQ(reversi->piece_at(*c4), Piece::kNone);
  reversi->play(*move);
  EXPECT_EQ(reversi->piece_at(*c4), Piece::kFirstSide);
  EXPECT_EQ(reversi->piece_at(*d4), Piece::kFirstSide);
}

// Connect Four names its columns 1-7 from the left (4 the middle one) and
// no row; tic-tac-toe's b2 is the centre; Wolf and Sheep's sheep starts on
// e1, the bottom row, the four wolves on b8 d8 f8 h8.
TEST(CellNames, TheOtherGamesAreLabelledAsTheirMovesWriteThem) {
  const std::unique_ptr<GameView> connect4 = make_game_view("connect4");
  EXPECT_EQ(connect4->board().column_name(3), "4");
  EXPECT_EQ(connect4->board().column_name(0), "1");
  EXPECT_EQ(connect4->board().row_name(0), "");
  const std::unique_ptr<GameView> tictactoe = make_game_view("tictactoe");
  EXPECT_EQ(labelled(*tictactoe, "b", "2"), (Cell{1, 1}));
  const std::unique_ptr<GameView> wolfsheep = make_game_view("wolfsheep");
  EXPECT_EQ(labelled(*wolfsheep, "e", "1"), (Cell{4, 0}));
  EXPECT_EQ(wolfsheep->piece_at(Cell{4, 0}), Piece::kFirstSide);
  for (const char* wolf : {"b", "d", "f", "h"})
    EXPECT_EQ(wolfsheep->piece_at(*labelled(*wolfsheep, wolf, "8")), Piece::kSecondSide) << wolf;
}

}  // namespace
}  // namespace arcade::testing
