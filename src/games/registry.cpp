#include "games/registry.h"

#include "games/connect4_session.h"
#include "games/tictactoe.h"
#include "games/wolfsheep_solution.h"

namespace arcade {

std::vector<std::string> game_names() {
  return {"tictactoe", "connect4", "wolfsheep"};
}

std::unique_ptr<GameSession> make_session(std::string_view name) {
  if (name == TicTacToe::kName) return std::make_unique<GameSessionFor<TicTacToe>>();
  if (name == Connect4::kName) return std::make_unique<Connect4Session>();
  if (name == WolfSheep::kName) return std::make_unique<WolfSheepSession>();
  return nullptr;
}

}  // namespace arcade
