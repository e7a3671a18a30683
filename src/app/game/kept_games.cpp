#include "app/game/kept_games.h"

#include <utility>

namespace arcade::app {

std::optional<GameState> KeptGames::take(const std::string& game) {
  const auto found = kept_.find(game);
  if (found == kept_.end()) return std::nullopt;
  GameState taken = std::move(found->second);
  kept_.erase(found);
  return taken;
}

void KeptGames::keep(GameState state) {
  kept_.insert_or_assign(state.game, std::move(state));
}

void KeptGames::set_replaced(std::optional<GameState> replaced) {
  if (replaced_) let_go(*replaced_);
  replaced_ = std::move(replaced);
}

std::optional<GameState> KeptGames::take_replaced() {
  std::optional<GameState> back = std::move(replaced_);
  replaced_.reset();
  return back;
}

void KeptGames::let_go(const GameState& gone) {
  count_if_ended(let_go_[gone.game], gone);
}

void KeptGames::replace_all(std::map<std::string, GameState> loaded) {
  for (const auto& [name, gone] : kept_) let_go(gone);
  set_replaced(std::nullopt);
  kept_ = std::move(loaded);
}

SessionScore KeptGames::score(const std::string& game, const GameState& board) const {
  SessionScore total;
  if (auto gone = let_go_.find(game); gone != let_go_.end()) total = gone->second;
  if (board.game == game) count_if_ended(total, board);
  if (auto held = kept_.find(game); held != kept_.end()) count_if_ended(total, held->second);
  if (replaced_ && replaced_->game == game) count_if_ended(total, *replaced_);
  return total;
}

}  // namespace arcade::app
