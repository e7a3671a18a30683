#pragma once
// The game in progress and the preferences kept in the platform's storage,
// so that they survive a reload: read once at the start, written whenever
// they change (a save that could not be read whole is held, see restore).

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "app/game/game_controller.h"
#include "app/preferences.h"

namespace arcade::app {

// Where the game in progress survives a reload (local storage on the web, a
// file natively).
struct Storage {
  std::function<std::optional<std::string>()> load;
  std::function<void(const std::string&)> save;
};

class GameStorage {
 public:
  explicit GameStorage(Storage storage) : storage_(std::move(storage)) {}

  // Loads the stored games into `game` and the preferences over `prefs`;
  // what the person must be told when some of it could not be read.
  std::optional<std::string> restore(GameController& game, Preferences& prefs);
  // Stores the games and the preferences when they changed since the last
  // call.
  void write(const GameController& game, const Preferences& prefs);

 private:
  std::optional<std::string> read(std::string saved, GameController& game, Preferences& prefs);

  Storage storage_;
  std::string saved_;  // as last stored
  // While the stored text is kept as it was (see read): the games as the
  // load or the AI's moves since left them, and the person's actions then.
  struct Held {
    std::string games;
    std::uint64_t person_actions = 0;
  };
  std::optional<Held> held_;
};

}  // namespace arcade::app
