#pragma once
// Games of more than two minds, and of chance: the two ideas the minimax
// tutorials end on. A multi-agent game has agents that move in a fixed
// order, one round after another (Pac-Man, then each ghost in turn). Agent 0
// is MAX; every other agent is on the other team. The search
// (engine/agent_search.h) takes each agent of the other team either as an
// adversary, a MIN node (paranoid search: the team minimises together, one
// tree of MAX, MIN, MIN, ... levels), or as a wanderer that moves at random
// with known probabilities, a chance node whose value is the mean of its
// children's weighted by their probabilities (expectimax).
//
// Values are the game's own points for agent 0, never win or loss markers:
// a game scored in points has no "win in N", only more or fewer points. The
// engine carries them as a Score in hundredths of a point (kCentipoints per
// point), so that a chance node's mean keeps two decimals: a value at a leaf
// is exactly its points times 100, and a chance node's mean is rounded to the
// nearest hundredth, half away from zero (mean_of below). The protocol writes
// them as points with up to two decimals (`cp 4.67`).
//
// Depth is counted in rounds, as the tutorials count it: depth 2 lets every
// agent move twice.

#include <array>
#include <cmath>
#include <concepts>
#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/game.h"
#include "engine/level.h"
#include "engine/search.h"

namespace arcade {

inline constexpr Score kCentipoints = 100;

// How a search takes the agents of the other team.
enum class Opponents : std::uint8_t {
  kAdversarial,  // MIN nodes: each picks the move worst for agent 0
  kRandom,       // chance nodes: every legal move alike
  kWandering,    // chance nodes: the game's own model (G::wander_probabilities)
};

// The Opponents option's words, in the order of the enum.
inline std::string opponents_word(Opponents opponents, std::string_view wander_model) {
  switch (opponents) {
    case Opponents::kAdversarial:
      return "adversarial";
    case Opponents::kRandom:
      return "random";
    default:
      return std::string(wander_model);
  }
}

// Every model's word, in the order of the enum, for a game whose own model
// is `wander_model`: what the Opponents option takes.
inline std::vector<std::string> opponents_words(std::string_view wander_model) {
  std::vector<std::string> words;
  for (Opponents o : {Opponents::kAdversarial, Opponents::kRandom, Opponents::kWandering})
    words.push_back(opponents_word(o, wander_model));
  return words;
}

// What a level (engine/level.h) means in a multi-agent game: how agent 0
// searches when the engine plays it, and how the other agents play when the
// engine plays them (the ghosts a person plays against).
struct AgentLevel {
  Algorithm algorithm = Algorithm::kExpectimax;
  int depth = 2;  // in rounds
  Opponents opponents = Opponents::kRandom;
};

template <class G>
concept MultiAgentGame = Game<G> &&
    requires(const typename G::Position& p, const MoveList<G::kMaxMoves>& moves,
             std::array<double, G::kMaxMoves>& probabilities, const typename G::Weights& weights,
             int agent) {
  // The most agents any position has, agent 0 included.
  { G::kMaxAgents } -> std::convertible_to<int>;
  { G::agent_count(p) } -> std::same_as<int>;
  // 0 .. agent_count(p) - 1; agent 0 is MAX, the others its opponents.
  { G::agent_to_move(p) } -> std::same_as<int>;
  // What a person calls an agent: "Pac-Man", "ghost 1".
  { G::agent_name(agent) } -> std::same_as<std::string>;
  // Agent 0's points where the search stops: the final score of a finished
  // game, else the score so far with the heuristic's weighted terms (for
  // agent 0; G::evaluate is the same number from the side to move's view).
  { G::points(p, weights) } -> std::same_as<Score>;
  // How the agent to move wanders in the game's own model (kWandering): a
  // probability for each of `moves`, the legal moves in generate_moves'
  // order, summing to 1.
  { G::wander_probabilities(p, moves, probabilities) } -> std::same_as<void>;
  // That model's name, a word (Pac-Man's ghosts: "chaser").
  { G::kWanderModel } -> std::convertible_to<std::string_view>;
  // Levels 1 to kLevelCount; the game's level_words say them in words.
  { G::kAgentLevels } -> std::convertible_to<std::array<AgentLevel, kLevelCount>>;
};

// A mean of centipoint values weighted by probabilities summing to 1,
// rounded to the nearest hundredth, half away from zero.
inline Score mean_of(std::span<const Score> values, std::span<const double> probabilities) {
  double sum = 0;
  for (std::size_t i = 0; i < values.size(); ++i) sum += probabilities[i] * values[i];
  return static_cast<Score>(std::lround(sum));
}

}  // namespace arcade
