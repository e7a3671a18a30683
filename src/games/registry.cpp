#include "games/registry.h"

#include <algorithm>
#include <array>

#include "games/registered_games.h"

namespace arcade {
namespace {

struct RegisteredGame {
  std::string_view name;
  std::unique_ptr<GameSession> (*make_session)();
  std::unique_ptr<GameView> (*make_view)();
  ToolSettings tools;
};

// G's entry, from its registration.
template <class G>
constexpr RegisteredGame registered() {
  using Registration = GameRegistration<G>;
  return {G::kName,
          [] {
            return std::unique_ptr<GameSession>(std::make_unique<typename Registration::Session>());
          },
          [] { return std::unique_ptr<GameView>(std::make_unique<GameViewFor<G>>()); },
          Registration::kTools};
}

template <class... G>
constexpr std::array<RegisteredGame, sizeof...(G)> all_registered(GameList<G...>) {
  return {registered<G>()...};
}

constexpr auto kGames = all_registered(RegisteredGames{});

const RegisteredGame* find(std::string_view name) {
  const auto it = std::find_if(kGames.begin(), kGames.end(),
                               [&](const RegisteredGame& g) { return g.name == name; });
  return it == kGames.end() ? nullptr : &*it;
}

}  // namespace

std::vector<std::string> game_names() {
  std::vector<std::string> names;
  for (const RegisteredGame& g : kGames) names.emplace_back(g.name);
  return names;
}

std::unique_ptr<GameSession> make_session(std::string_view name) {
  const RegisteredGame* game = find(name);
  return game ? game->make_session() : nullptr;
}

std::unique_ptr<GameView> make_game_view(std::string_view name) {
  const RegisteredGame* game = find(name);
  return game ? game->make_view() : nullptr;
}

std::optional<ToolSettings> tool_settings(std::string_view name) {
  const RegisteredGame* game = find(name);
  if (!game) return std::nullopt;
  return game->tools;
}

}  // namespace arcade
