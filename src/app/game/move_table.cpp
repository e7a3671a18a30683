#include "app/game/move_table.h"

#include <memory>

namespace arcade::app {
namespace {

// The column of whoever is to move: the agent in a game of agents, else
// the side.
std::size_t mover(const GameView& position) {
  const int who = position.multi_agent() ? position.agent_to_move() : position.side_to_move();
  return who < 0 ? 0 : static_cast<std::size_t>(who);
}

}  // namespace

MoveTable move_table(const GameView& start, const std::vector<std::string>& moves) {
  MoveTable table;
  if (start.multi_agent()) table.columns = static_cast<std::size_t>(start.agent_count());
  const std::unique_ptr<GameView> walk = start.clone();
  bool readable = true;
  for (const std::string& text : moves) {
    std::size_t column = (table.places.empty() ? 0 : table.places.back().column + 1);
    if (readable) {
      const Parsed<Move> move = walk->move_from_text(text);
      readable = move.ok();
      if (readable) {
        column = mover(*walk);
        walk->play(*move);
      }
    }
    column %= table.columns;
    const bool new_row = table.places.empty() || column <= table.places.back().column;
    const std::size_t row = table.places.empty() ? 0 : table.places.back().row + (new_row ? 1 : 0);
    table.places.push_back({row, column});
  }
  return table;
}

}  // namespace arcade::app
