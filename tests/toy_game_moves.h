#pragma once
// The toy games' move_from_text (textbook_game.h, pass_game.h, ...): the
// legal move in p that G::move_to_text names `text`.

#include <string_view>

#include "engine/game.h"

namespace arcade::testing {

template <class G>
Parsed<Move> legal_move_named(const typename G::Position& p, std::string_view text) {
  MoveList<G::kMaxMoves> moves;
  G::generate_moves(p, moves);
  for (Move m : moves)
    if (G::move_to_text(p, m) == text) return m;
  return ParseError{"no such move"};
}

}  // namespace arcade::testing
