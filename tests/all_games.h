#pragma once
// Every registered game (src/games/games.txt), for the suites that every
// game must pass.

#include <gtest/gtest.h>

#include "games/registered_games.h"

namespace arcade::testing {

template <class List>
struct GTestTypes;
template <class... G>
struct GTestTypes<GameList<G...>> {
  using type = ::testing::Types<G...>;
};

using AllGames = GTestTypes<RegisteredGames>::type;

// Depth at which plain minimax over random positions of the game stays
// cheap: the game's registration says, else 5.
template <class G>
constexpr int minimax_test_depth() {
  if constexpr (requires { GameRegistration<G>::kMinimaxTestDepth; })
    return GameRegistration<G>::kMinimaxTestDepth;
  else
    return 5;
}
template <class G>
inline constexpr int kMinimaxDepth = minimax_test_depth<G>();

}  // namespace arcade::testing
