#pragma once
// Where each move of a game's line goes in the move list: a column for each
// mover (each side, or each agent of a game of agents), a row for each
// round. A row ends where the next move's column does not come after the
// last one's: a side that moves again (an extra turn) starts a new row,
// the other side's column left empty, so that a move is never listed under
// a side that did not play it.

#include <cstddef>
#include <string>
#include <vector>

#include "games/game_view.h"

namespace arcade::app {

struct MoveTable {
  struct Place {
    std::size_t row = 0;
    std::size_t column = 0;
  };
  std::size_t columns = 2;
  std::vector<Place> places;  // one a move, in order
  std::size_t rows() const { return places.empty() ? 0 : places.back().row + 1; }
};

// The table of `moves` (in notation, legal one after the other) from `start`.
// A move that does not read there (never, for a game's own line) and those
// after it go on in turn from the last column.
MoveTable move_table(const GameView& start, const std::vector<std::string>& moves);

}  // namespace arcade::app
