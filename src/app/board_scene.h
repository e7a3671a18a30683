#pragma once
// What the board shows, independent of GL: a grid of cells, each with a piece
// and marks, and at most one piece in flight. The app builds a scene from the
// game in progress every frame; the renderer (board_renderer.h) draws it with
// the shaders in shaders/. Clicks come back the other way: a cell becomes a
// move in the game's notation. This is the one place that knows how each
// game's position looks on a grid.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "app/game_controller.h"

namespace arcade::app {

enum class BoardStyle : int { kTicTacToe = 0, kConnectFour = 1, kCheckered = 2 };

enum CellMark : std::uint8_t {
  kLegalTarget = 1,
  kLastMove = 2,
  kSelected = 4,
  kHint = 8,
  kWinningLine = 16,
  kHovered = 32,
};

struct Cell {
  int col = 0;
  int row = 0;  // 0 at the bottom
  friend bool operator==(const Cell&, const Cell&) = default;
};

struct BoardScene {
  BoardStyle style = BoardStyle::kTicTacToe;
  int cols = 3;
  int rows = 3;
  std::vector<std::uint8_t> pieces;  // cols * rows, row-major from the bottom
  std::vector<std::uint8_t> marks;
  float anim_col = 0, anim_row = 0;  // the piece in flight, in cells
  std::uint8_t anim_piece = 0;       // 0: nothing in flight

  std::uint8_t& piece(Cell c) { return pieces[c.row * cols + c.col]; }
  std::uint8_t& mark(Cell c) { return marks[c.row * cols + c.col]; }
};

// A move being shown in motion: from where, to where, how far along.
struct MoveAnimation {
  Cell from, to;
  float progress = 1.0f;  // 0 .. 1; 1 means done
};

// The UI state that the board shows besides the game.
struct BoardUi {
  std::optional<Cell> selected;  // Wolf and Sheep: the piece picked up
  std::optional<Cell> hovered;
  std::optional<MoveAnimation> animation;
};

BoardScene make_scene(const GameController& game, const BoardUi& ui);

// What a click on `cell` does for the person to move: a move to play, or a
// new selection (Wolf and Sheep picks a piece first). Nothing for a cell that
// does neither.
struct ClickResult {
  std::optional<std::string> move;
  std::optional<Cell> select;
};
ClickResult click(const GameController& game, const BoardUi& ui, Cell cell);

// Where the last move went from and to, for its animation and mark.
std::optional<MoveAnimation> last_move_path(const GameController& game);

// The grid size of a game, for laying out the board before a scene exists.
Cell grid_size(const std::string& game);

}  // namespace arcade::app
