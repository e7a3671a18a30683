#include "games/engine_sessions.h"

#include "games/registered_games.h"
#include "games/registry.h"

namespace arcade {

std::unique_ptr<GameSession> make_engine_session(std::string_view name) {
  std::unique_ptr<GameSession> session = make_session(name);
  for_each_game(RegisteredGames{}, [&]<class G>() {
    using Registration = GameRegistration<G>;
    if constexpr (requires(typename Registration::Session & s) {
                    Registration::equip_engine_session(s);
                  }) {
      if (G::kName == name)
        Registration::equip_engine_session(static_cast<typename Registration::Session&>(*session));
    }
  });
  return session;
}

}  // namespace arcade
