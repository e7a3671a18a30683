#pragma once
// The games a player has left the board with, and nothing lost by accident:
// each game (by name) kept in progress while another is played, the one a
// new game of the same name replaced (one level: undo brings it back), and
// the finished games gone for good, so that the session's score counts each
// finished game once, wherever it is (GameController's rules say why).

#include <map>
#include <optional>
#include <string>

#include "app/game/game_record.h"

namespace arcade::app {

class KeptGames {
 public:
  // The game kept in progress under `game`, taken off the shelf.
  std::optional<GameState> take(const std::string& game);
  // Keeps `state` under its game's name, over any kept there before.
  void keep(GameState state);
  // The games kept in progress, by name (a save writes them).
  const std::map<std::string, GameState>& kept() const { return kept_; }

  // The game a new game replaced, for undo; the one replaced before it goes
  // for good.
  void set_replaced(std::optional<GameState> replaced);
  bool has_replaced() const { return replaced_.has_value(); }
  // The game a new game replaced, taken back (undo), if any.
  std::optional<GameState> take_replaced();

  // A game that goes for good: counted if it ended.
  void let_go(const GameState& gone);
  // Every game held goes for good, and `loaded` takes their place (a load).
  void replace_all(std::map<std::string, GameState> loaded);

  // This session's finished games of `game`: those gone, those held here
  // and `board`, the game on the board.
  SessionScore score(const std::string& game, const GameState& board) const;

 private:
  std::map<std::string, GameState> kept_;       // games in progress, by name
  std::optional<GameState> replaced_;           // the game a new game replaced
  std::map<std::string, SessionScore> let_go_;  // finished games gone
};

}  // namespace arcade::app
