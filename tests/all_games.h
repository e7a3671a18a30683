#pragma once
// Every game of the product, for the suites that every game must pass.

#include <gtest/gtest.h>

#include "games/connect4.h"
#include "games/tictactoe.h"
#include "games/wolfsheep.h"

namespace arcade::testing {

using AllGames = ::testing::Types<TicTacToe, Connect4, WolfSheep>;

}  // namespace arcade::testing

namespace arcade::testing {

// Depth at which plain minimax over random positions of the game stays cheap.
template <class G>
inline constexpr int kMinimaxDepth = 5;
template <>
inline constexpr int kMinimaxDepth<TicTacToe> = 9;
template <>
inline constexpr int kMinimaxDepth<WolfSheep> = 7;

}  // namespace arcade::testing
