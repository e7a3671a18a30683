#pragma once
// How a game shows itself to a player: its title, the names of its sides, its
// board (a grid of cells and how it looks), the piece or the count on each
// cell, the cells a move touches and what it did in words, the positions a
// game may start from, and how a finished game ended, in words. Plain data and functions over
// positions: no UI library here. The app draws every game from this description alone, so it never
// tells games apart by name nor reads a position string to draw it.
//
// A game describes itself with static members beside its `Game` ones,
// checked by the `GameDescription` concept below; GameViewFor<G>
// (game_view.h) hands them to the app behind one interface.

#include <array>
#include <concepts>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/game.h"
#include "games/board_look.h"

namespace arcade {

// A cell of the board's grid: columns from the left, rows from the bottom,
// both from 0.
struct Cell {
  int col = 0;
  int row = 0;
  friend bool operator==(const Cell&, const Cell&) = default;
};

struct Grid {
  int cols = 0;
  int rows = 0;
  bool contains(Cell c) const { return c.col >= 0 && c.col < cols && c.row >= 0 && c.row < rows; }
};

// Whose piece stands on a cell. Side 0 is the side that moves first from a
// game's standard start (X, Red, the sheep).
// A game with more kinds of piece than its two sides' (Pac-Man's walls, food
// and ghosts) uses the values after these, up to kMaxPieceKinds
// (board_look.h): further_piece(0) is the first of them.
enum class Piece : std::uint8_t { kNone = 0, kFirstSide = 1, kSecondSide = 2 };
constexpr Piece further_piece(int index) {
  return static_cast<Piece>(3 + index);
}

// How a person names a move that puts a new piece on the board.
enum class Placement : std::uint8_t {
  kOnCell,           // a click on the cell itself
  kDroppedInColumn,  // a click anywhere in its column; the piece falls from the top
};

// How a game's move names call the board's columns and rows: letters from
// "a" or numbers from "1", or not at all (Connect Four names a column only).
enum class AxisNames : std::uint8_t { kNone, kLetters, kNumbers };

// The names of the board's columns (from the left) and rows, as the moves
// write them and the board's edges are labelled: "c4" is column "c", row
// "4". Rows count from the bottom as in chess, or from the top as in
// Othello.
struct CellNames {
  AxisNames columns = AxisNames::kNone;
  AxisNames rows = AxisNames::kNone;
  bool rows_from_top = false;
};

struct BoardLayout {
  BoardLook look;  // its surface and pieces (board_look.h)
  Grid grid;
  Placement placement = Placement::kOnCell;
  // A game won by a line of this many pieces shows that line; 0 for none.
  int winning_line = 0;
  CellNames names;

  // A column's or a row's name ("c", "4"; "" where the moves name none);
  // `row` counts from the bottom, as a Cell's does.
  std::string column_name(int col) const { return axis_name(names.columns, col); }
  std::string row_name(int row) const {
    return axis_name(names.rows, names.rows_from_top ? grid.rows - 1 - row : row);
  }
  // A cell's name as a move writes it: its column's, then its row's.
  std::string cell_name(Cell c) const { return column_name(c.col) + row_name(c.row); }

 private:
  static std::string axis_name(AxisNames names, int index) {
    switch (names) {
      case AxisNames::kLetters:
        return std::string(1, static_cast<char>('a' + index));
      case AxisNames::kNumbers:
        return std::to_string(index + 1);
      default:
        return "";
    }
  }
};

// The cells a move changes, as the board shows them. `to` is the cell the
// move plays on, the one a person picks (none for a pass, which changes no
// cell). A move either puts a piece of the mover's on `to` (placing), takes
// it there from `from` (moving), or takes from `to` what is there (taking:
// stones removed from a heap, the seeds of a house sown); and it changes the
// cells in `also` besides (discs it turns over, pieces it captures, the
// houses a sowing passes, in the order it reaches them). The conformance
// suite checks that changed() is exactly the set of cells whose piece or
// count (count_at_of) differs after the move.
struct MoveCells {
  std::optional<Cell> from;  // the cell a piece leaves, for a move of a piece
  std::optional<Cell> to;    // the cell the move plays on; none for a pass
  std::vector<Cell> also;    // further cells it changes
  bool takes = false;        // it takes from `to` rather than putting a piece there

  static MoveCells pass() { return {}; }
  static MoveCells placing(Cell cell, std::vector<Cell> also = {}) {
    return {std::nullopt, cell, std::move(also), false};
  }
  static MoveCells moving(Cell from, Cell to, std::vector<Cell> also = {}) {
    return {from, to, std::move(also), false};
  }
  static MoveCells taking(Cell cell, std::vector<Cell> also = {}) {
    return {std::nullopt, cell, std::move(also), true};
  }

  bool is_pass() const { return !to; }
  bool moves_a_piece() const { return from.has_value(); }
  // Every cell the move changes: from, to, then also.
  std::vector<Cell> changed() const {
    std::vector<Cell> cells;
    if (from) cells.push_back(*from);
    if (to) cells.push_back(*to);
    cells.insert(cells.end(), also.begin(), also.end());
    return cells;
  }
  friend bool operator==(const MoveCells&, const MoveCells&) = default;
};

// A side as a label ("Wolves") and as the subject of a sentence ("The
// wolves"), which needs to know whether the side is plural: "The wolves win",
// "The sheep wins".
struct SideDescription {
  std::string_view name;
  std::string_view subject;
  bool plural = false;
};

// "Red wins", "The wolves win".
inline std::string side_wins(const SideDescription& side) {
  return std::string(side.subject) + (side.plural ? " win" : " wins");
}

// The end of a game where the side that moved last has made a line, or the
// board is full: "Red wins: four in a row.", "Draw: the board is full."; ""
// while the game goes on.
inline std::string line_or_full_board_end(Outcome outcome, const SideDescription& last_mover,
                                          std::string_view line) {
  switch (outcome) {
    case Outcome::kLost:  // for the side to move
      return side_wins(last_mover) + ": " + std::string(line) + ".";
    case Outcome::kDrawn:
      return "Draw: the board is full.";
    default:
      return "";
  }
}

// A position a game may start from, and its name in the app's choice.
template <class Position>
struct StartVariant {
  std::string_view name;
  Position position;
};

template <class G>
concept GameDescription = Game<G> && std::equality_comparable<typename G::Position> &&
    requires(const typename G::Position& p, Move m, Cell c) {
  { G::kTitle } -> std::convertible_to<std::string_view>;
  { G::kSides } -> std::convertible_to<std::array<SideDescription, 2>>;
  { G::kBoardLayout } -> std::convertible_to<BoardLayout>;
  // What the app calls the choice of start ("Sheep starts on").
  { G::kStartLabel } -> std::convertible_to<std::string_view>;
  // At least one; the game's start() among them.
  { G::start_variants() } -> std::same_as<std::vector<StartVariant<typename G::Position>>>;
  // 0 or 1, as in kSides. Sides alternate, unless the game has extra turns
  // (engine/game.h's HasExtraTurns, which reads this same function).
  { G::side_to_move(p) } -> std::same_as<int>;
  // c within the position's grid (below).
  { G::piece_at(p, c) } -> std::same_as<Piece>;
  // m legal in p.
  { G::move_cells(p, m) } -> std::same_as<MoveCells>;
  // Empty exactly while the game goes on, else who won and how, or why it
  // is a draw: "Red wins: four in a row."
  { G::end_in_words(p) } -> std::same_as<std::string>;
};

// A game whose board's size differs from one position to another (Pac-Man's
// mazes) says it for each: G::grid(p). Any other game's grid is its
// kBoardLayout's.
template <class G>
Grid grid_of(const typename G::Position& p) {
  if constexpr (requires {
                  { G::grid(p) } -> std::same_as<Grid>;
                })
    return G::grid(p);
  else
    return G::kBoardLayout.grid;
}

// A game whose positions hold a count the board does not show (Pac-Man's
// points) says it in a few words for the heading: G::tally(p), "23 points".
// Any other game's tally is empty.
template <class G>
std::string tally_of(const typename G::Position& p) {
  if constexpr (requires {
                  { G::tally(p) } -> std::same_as<std::string>;
                })
    return G::tally(p);
  else
    return "";
}

// A game whose cells hold counts (seeds in houses and stores, stones in
// heaps) says how many a cell holds: G::count_at(p, c), nothing for a cell
// that holds no count (a cell of its grid the board does not use). Its
// piece_at may still say whose a cell is. Any other game's cells hold
// pieces only: nothing.
template <class G>
std::optional<int> count_at_of(const typename G::Position& p, Cell c) {
  if constexpr (requires {
                  { G::count_at(p, c) } -> std::same_as<std::optional<int>>;
                })
    return G::count_at(p, c);
  else
    return std::nullopt;
}

// A game says in words what a move did beyond the cells it changes, for the
// player who sees it played: G::move_words(p, m), with m legal in p ("South
// moves again: the last seed fell in its store."); empty where there is nothing to
// say. A move that keeps the turn (engine/game.h's HasExtraTurns) always has
// words, as the same side moving again is no surprise the board shows. Any
// other game's moves have none.
template <class G>
std::string move_words_of(const typename G::Position& p, Move m) {
  if constexpr (requires {
                  { G::move_words(p, m) } -> std::same_as<std::string>;
                })
    return G::move_words(p, m);
  else
    return "";
}

// A game that counts something of each side as it plays (Reversi's discs)
// says it beside the players: G::side_count(p, side), the things counted
// named by G::kSideCountNoun ("disc"). Any other game's is none.
template <class G>
std::optional<int> side_count_of(const typename G::Position& p, int side) {
  if constexpr (requires {
                  { G::side_count(p, side) } -> std::same_as<int>;
                })
    return G::side_count(p, side);
  else
    return std::nullopt;
}

// A game that can end by taking a piece off the board (Pac-Man caught by a
// ghost) says which piece and where it stood: G::taken_at_end(p), for the
// app to show it go (a short animation and a sound); nothing while the game
// goes on or where it ended otherwise. Any other game's is nothing.
struct TakenPiece {
  Cell cell;
  Piece piece = Piece::kNone;
  friend bool operator==(const TakenPiece&, const TakenPiece&) = default;
};
template <class G>
std::optional<TakenPiece> taken_at_end_of(const typename G::Position& p) {
  if constexpr (requires {
                  { G::taken_at_end(p) } -> std::same_as<std::optional<TakenPiece>>;
                })
    return G::taken_at_end(p);
  else
    return std::nullopt;
}

}  // namespace arcade
