#pragma once
// What the board shows, independent of GL: a grid of cells, each with a piece
// and marks, and at most one piece in flight. The app builds a scene from the
// game in progress every frame, or from any position for a small board; the
// renderer (board_renderer.h) draws it with the shaders in shaders/. Clicks
// come back the other way: a cell becomes a move.
//
// Every game is drawn from its description (games/game_description.h) alone:
// its board layout, the piece on each cell and the cells each move touches.
// Nothing here knows a game by name.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "app/game/game_controller.h"

namespace arcade::app {

// A cell's marks, bit flags. shaders/board.frag defines the same names with
// the same values (the renderer refuses a shader whose values differ).
enum CellMark : std::uint8_t {
  kLegalTarget = 1,   // a move can go here, or this piece can move
  kLastMove = 2,      // the last move's cells (where a piece came from and went)
  kSelected = 4,      // the piece picked up
  kHint = 8,          // the suggested move's cells
  kWinningLine = 16,  // a piece of a winning line
  kHovered = 32,      // under the pointer
  kCursor = 64,       // the keyboard's cell (a column's for a dropped piece)
  kLitColumn = 128,   // a column a disc would drop down (pointer or cursor)
};

struct BoardScene {
  BoardLook look;  // the game's (games/board_look.h)
  // The keyboard's cursor marks a whole column (the game drops its pieces
  // in columns): it is drawn round the column, not its cell.
  bool column_cursor = false;
  int cols = 0;
  int rows = 0;
  std::vector<Piece> pieces;  // cols * rows, row-major from the bottom
  std::vector<std::uint8_t> marks;
  // Cells, cols * rows, that the last move changed besides where its piece
  // went and came from (the discs a move turned over): 1 or 0. Apart from
  // `marks`, whose eight bits are taken.
  std::vector<std::uint8_t> turned;
  // Translucent pieces, cols * rows: where the move under the pointer or
  // the keyboard's cursor would put a piece.
  std::vector<Piece> ghosts;
  // How many things each cell holds, cols * rows, -1 where the game's cells
  // hold no count (GameView::count_at): the seeds in a house. Drawn
  // over the cells as numbers (imgui_boards.h's draw_counts).
  std::vector<int> counts;
  float anim_col = 0, anim_row = 0;  // the piece in flight, in cells
  Piece anim_piece = Piece::kNone;   // kNone: nothing in flight
  // Its size, 1 whole: below 1 it is a piece being taken, drawn over its
  // cell's own (the ghost that caught Pac-Man) as it shrinks away.
  float anim_scale = 1.0f;
  // A game won by a line: the centres of its first and last cells, joined by
  // a stroke over the pieces that grows from the first as win_progress goes
  // from 0 to 1 (make_scene leaves it whole; the app animates it).
  std::optional<std::array<Cell, 2>> win_line;
  float win_progress = 1.0f;

  Piece& piece(Cell c) { return pieces[index(c)]; }
  std::uint8_t& mark(Cell c) { return marks[index(c)]; }
  Piece& ghost(Cell c) { return ghosts[index(c)]; }
  std::uint8_t& turn(Cell c) { return turned[index(c)]; }
  std::size_t index(Cell c) const { return static_cast<std::size_t>(c.row * cols + c.col); }
  bool contains(Cell c) const { return c.col >= 0 && c.col < cols && c.row >= 0 && c.row < rows; }
};

// Whether column `col` of the scene is a store of a board of pits
// (SurfaceKind::kPits): the first or the last, its cells one pit, drawn at
// the column's middle.
bool store_column(const BoardScene& s, int col);
// Where a cell's count is drawn, in cells from the board's bottom left: its
// centre, or a store's middle for a cell of a store.
std::array<float, 2> count_centre(const BoardScene& s, Cell c);

// A move being shown in motion: from where, to where, how far along.
struct MoveAnimation {
  Cell from, to;
  float progress = 1.0f;  // 0 .. 1; 1 means done
};

// A move that changes counts (a sowing) being shown cell by cell: the cells
// it changes in the order it reaches them (its MoveCells' `to`, then
// `also`), and their pieces and counts before it; the cells not yet reached
// at `progress` keep those.
struct CountsInMotion {
  std::vector<Cell> order;
  std::vector<Piece> pieces_before;  // cols * rows, as BoardScene's
  std::vector<int> counts_before;
  float progress = 1.0f;  // 0 .. 1; 1 means done
};

// The UI state that the board shows besides the game.
struct BoardUi {
  std::optional<Cell> selected;  // a piece picked up, to be moved by the next click
  std::optional<Cell> hovered;
  // The keyboard's cell; for a piece dropped in a column, the column's
  // landing cell (any of its cells when it is full).
  std::optional<Cell> cursor;
  std::optional<MoveAnimation> animation;
  std::optional<CountsInMotion> sowing;
  // How far the piece the game's end took (GameView::taken_at_end) has gone:
  // 0 whole, 1 gone.
  float taken = 1.0f;
};

// Any position's board, pieces only: for small boards (a line the engine
// found, the nodes of a search tree) as much as for the main one.
BoardScene position_scene(const GameView& position);

// Marks the move that led to the scene's position: where its piece went and
// came from as kLastMove, the cells it changed besides as turned. A pass
// marks nothing.
void mark_last_move(BoardScene& s, const MoveCells& cells);
// The board after `line` (moves in the game's notation) from `start`, with
// its last move marked: a search tree's node as a small board. None if a
// move does not read.
std::optional<BoardScene> scene_after_line(const GameView& start,
                                           const std::vector<std::string>& line);

// The game in progress with its marks: the last move, the hint (with a
// ghost of the mover's piece where it goes), legal targets, the selection,
// the pointer or else the cursor, whichever was used last (with a ghost of
// the move a click there plays, and for a dropped piece its column lit), the
// winning line, a piece in flight.
BoardScene make_scene(const GameController& game, const BoardUi& ui);

// A line of moves from `position` (its first `plies`), in the game's
// notation, as ghosts of the pieces it puts on empty cells: each side's own
// piece, as the board draws it. A move that does not read ends it.
void show_line(BoardScene& s, const GameView& position, const std::vector<std::string>& line,
               std::size_t plies);

// What a click on `cell` does for the person to move: a move to play, or a
// new selection (a game whose pieces move picks one first). Nothing for a
// cell that does neither.
struct ClickResult {
  std::optional<Move> move;
  std::optional<Cell> select;
};
ClickResult click(const GameController& game, const BoardUi& ui, Cell cell);

// Where the last move went from and to, for its animation and mark.
std::optional<MoveAnimation> last_move_path(const GameController& game);
// The last move as counts in motion, where it changed counts (a sowing), at
// progress 1; none for a game whose cells hold no counts.
std::optional<CountsInMotion> last_move_counts(const GameController& game);

// A name of a column or a row beside the board, as the moves write it
// (the game's CellNames): letters under the columns, numbers left of the
// rows, centred in the board's margin. Points, as ImGui lays out.
struct EdgeLabel {
  std::string text;
  float x = 0, y = 0;  // its centre
};
// The board's edge labels for a board of `grid` (the position's) whose top
// left cell corner is at (left, top), `cell` points a side, with `margin`
// points round it: none for an axis the game's moves do not name.
std::vector<EdgeLabel> edge_labels(const BoardLayout& board, Grid grid, float left, float top,
                                   float cell, float margin);

// A game whose moves are steps of one mover (Pac-Man's): every legal move
// takes the same piece to a cell beside it (up, down, left or right), or
// leaves it where it is (a stop: a move that moves no piece). Arrows, swipes
// and clicks beside the mover play the steps; the mover's own cell, Space
// or Enter, the stop. Derived from the moves' MoveCells alone.
struct Steps {
  Cell mover;
  std::vector<std::pair<Cell, Move>> steps;  // each step's direction (col, row: -1, 0 or 1)
  std::optional<Move> stay;
};
// The position's steps, when its moves are all steps of one mover (and at
// least one is a step); none otherwise (a sheep's diagonal steps, a game of
// several pieces, a placement).
std::optional<Steps> steps_of(const GameView& position);
// The step in direction (dcol, drow) (rows up), if there is one.
std::optional<Move> step_toward(const Steps& steps, Cell direction);

// The pass, when it is the only move of the side to move (a Reversi side
// with no disc to place): a move that changes no cell, so no click on the
// board names it. The app offers it as a button (and Enter) and says why.
std::optional<Move> only_pass(const GameView& position);
// Why the side to move passes, from its description: "Black has no move and
// passes.", "The wolves have no move and pass."
std::string pass_in_words(const GameView& position);
// The pass a person must play now: none while the game is over or the AI is
// to move (the AI passes by itself, as it plays any move).
std::optional<Move> person_pass(const GameController& game);

}  // namespace arcade::app
