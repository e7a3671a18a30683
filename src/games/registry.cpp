#include "games/registry.h"

#include <algorithm>
#include <array>

#include "games/connect4_session.h"
#include "games/tictactoe.h"
#include "games/wolfsheep_solution.h"

namespace arcade {
namespace {

struct RegisteredGame {
  std::string_view name;
  std::unique_ptr<GameSession> (*make_session)();
  std::unique_ptr<GameView> (*make_view)();
  ToolSettings tools;
};

// G's entry, its session of type Session (the generic one unless the game
// brings its own, with a solver or a book).
template <class G, class Session = GameSessionFor<G>>
constexpr RegisteredGame registered(ToolSettings tools) {
  return {G::kName, [] { return std::unique_ptr<GameSession>(std::make_unique<Session>()); },
          [] { return std::unique_ptr<GameView>(std::make_unique<GameViewFor<G>>()); }, tools};
}

// One line a game. Bench depths are measured so that the whole bench runs in
// one to two seconds natively (Release, 2 cores): Tic-tac-toe is searched to
// its end and costs nothing, and its walks are short, as longer ones soon
// reach a forced win. Random tournament openings vary the games, but must
// not decide them, or both sides of a pair simply convert the same won
// opening: in Tic-tac-toe two random plies can lose, and a random early wolf
// step opens a gap for the sheep. There random ties alone vary the games
// (Wolf and Sheep keeps the sheep's harmless first step).
constexpr std::array kGames = {
    registered<TicTacToe>({.bench_depth = 9, .bench_walk_step = 1, .tournament_opening_plies = 0}),
    registered<Connect4, Connect4Session>(
        {.bench_depth = 14, .bench_walk_step = 2, .tournament_opening_plies = 2}),
    registered<WolfSheep, WolfSheepSession>(
        {.bench_depth = 26, .bench_walk_step = 2, .tournament_opening_plies = 1}),
};

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
