#include "games/registry.h"

#include "games/tictactoe.h"

namespace arcade {

std::vector<std::string> game_names() { return {"tictactoe"}; }

std::unique_ptr<GameSession> make_session(std::string_view name) {
  if (name == TicTacToe::kName) return std::make_unique<GameSessionFor<TicTacToe>>();
  return nullptr;
}

}  // namespace arcade
