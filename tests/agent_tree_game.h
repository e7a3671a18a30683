#pragma once
/*
A multi-agent game for tests only (engine/agents.h): two hand-made trees
whose values are worked out by hand in agent_search_test.cpp.

Tree 1 (start), one round of MAX (Pac-Man), MIN (ghost 1), MIN (ghost 2):

                       A (agent 0)
                a1 /              \ a2
           B (agent 1)          C (agent 1)
          /         \           /         \
     D (agent 2) E (agent 2) F (agent 2) G (agent 2)
      /   \       /   \       /   \       /   \
     3    12     8     2     1     4     14    5      points at agent 0's turn

Tree 2 (from R), one round of MAX and one ghost, the issue's chance node:

                       R (agent 0)
                      /           \
               X (agent 1)      Y (agent 1)
              /    |    \         /    \
            -2     8     8      10     -4

The positions at the bottom are agent 0's turn again (a search of one
round stops there and takes their points); each has one move, "end", to
the finished game, worth 0.
*/

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "engine/agents.h"
#include "engine/game.h"
#include "engine/hash.h"
#include "toy_game_moves.h"

namespace arcade::testing {

struct AgentTreeGame {
  struct Position {
    std::uint8_t node = 0;
    friend bool operator==(const Position&, const Position&) = default;
  };

  struct Node {
    std::string_view name;
    std::int8_t agent;  // to move
    std::uint8_t first_child;
    std::uint8_t child_count;
    std::int8_t points;  // agent 0's, at the bottom of a tree
  };
  static constexpr std::uint8_t kEnd = 23;
  static constexpr std::uint8_t kTree2 = 15;
  static constexpr std::array<Node, 24> kNodes = {{
      {"A", 0, 1, 2, 0},      {"B", 1, 3, 2, 0},      {"C", 1, 5, 2, 0},      {"D", 2, 7, 2, 0},
      {"E", 2, 9, 2, 0},      {"F", 2, 11, 2, 0},     {"G", 2, 13, 2, 0},     {"D1", 0, kEnd, 1, 3},
      {"D2", 0, kEnd, 1, 12}, {"E1", 0, kEnd, 1, 8},  {"E2", 0, kEnd, 1, 2},  {"F1", 0, kEnd, 1, 1},
      {"F2", 0, kEnd, 1, 4},  {"G1", 0, kEnd, 1, 14}, {"G2", 0, kEnd, 1, 5},  {"R", 0, 16, 2, 0},
      {"X", 1, 18, 3, 0},     {"Y", 1, 21, 2, 0},     {"X1", 0, kEnd, 1, -2}, {"X2", 0, kEnd, 1, 8},
      {"X3", 0, kEnd, 1, 8},  {"Y1", 0, kEnd, 1, 10}, {"Y2", 0, kEnd, 1, -4}, {"end", 0, 0, 0, 0},
  }};

  static constexpr std::string_view kName = "agenttree";
  static constexpr std::size_t kMaxMoves = 3;
  static constexpr std::size_t kMoveSpace = 3;
  static constexpr int kMaxGamePlies = 4;
  static constexpr int kMaxAgents = 3;
  static constexpr std::string_view kWanderModel = "firstmost";
  static constexpr std::array<AgentLevel, kLevelCount> kAgentLevels = {{
      {Algorithm::kMinimax, 1, Opponents::kAdversarial},
      {Algorithm::kAlphaBeta, 1, Opponents::kRandom},
      {Algorithm::kExpectimax, 1, Opponents::kRandom},
      {Algorithm::kExpectimax, 2, Opponents::kWandering},
      {Algorithm::kExpectimax, 2, Opponents::kRandom},
  }};

  static Position start() { return {}; }
  static int agent_count(const Position& p) { return p.node < kTree2 ? 3 : 2; }
  static int agent_to_move(const Position& p) { return kNodes[p.node].agent; }
  static std::string agent_name(int agent) {
    return agent == 0 ? "MAX" : "ghost " + std::to_string(agent);
  }
  static void generate_moves(const Position& p, MoveList<kMaxMoves>& moves) {
    for (int m = 0; m < kNodes[p.node].child_count; ++m) moves.push(static_cast<Move>(m));
  }
  static Position play(const Position& p, Move m) {
    return {static_cast<std::uint8_t>(kNodes[p.node].first_child + m)};
  }
  static Outcome outcome(const Position& p) {
    return p.node == kEnd ? Outcome::kDrawn : Outcome::kOngoing;
  }

  enum Term { kFigurePoints, kTermCount };
  static constexpr std::array<EvalTerm, kTermCount> kTerms = {
      {{"FigurePoints", 1, "the figure's points for agent 0"}}};
  using Weights = std::array<Score, kTermCount>;
  static Weights term_values(const Position& p, const Weights&) {
    return {agent_to_move(p) == 0 ? kNodes[p.node].points : -kNodes[p.node].points};
  }
  static Score evaluate(const Position& p, const Weights& weights) {
    return weighted_total(term_values(p, weights), weights);
  }
  static Score points(const Position& p, const Weights&) { return kNodes[p.node].points; }
  // The first move 0.6, the others share 0.4.
  static void wander_probabilities(const Position&, const MoveList<kMaxMoves>& moves,
                                   std::array<double, kMaxMoves>& probabilities) {
    for (std::size_t i = 0; i < moves.size(); ++i)
      probabilities[i] = moves.size() == 1 ? 1.0 : i == 0 ? 0.6 : 0.4 / (moves.size() - 1.0);
  }

  static std::uint64_t hash(const Position& p) { return mix_hash(p.node + 1); }
  static int move_hint(const Position&, Move) { return 0; }

  static std::string move_to_text(const Position& p, Move m) {
    return std::string(kNodes[play(p, m).node].name);
  }
  static Parsed<Move> move_from_text(const Position& p, std::string_view text) {
    return legal_move_named<AgentTreeGame>(p, text);
  }
  static std::string to_text(const Position& p) { return std::string(kNodes[p.node].name); }
  static Parsed<Position> from_text(std::string_view text) {
    for (std::size_t i = 0; i < kNodes.size(); ++i)
      if (kNodes[i].name == text) return Position{static_cast<std::uint8_t>(i)};
    return ParseError{"no such node"};
  }
  static std::string diagram(const Position& p) { return to_text(p) + "\n"; }
};

static_assert(MultiAgentGame<AgentTreeGame>);

}  // namespace arcade::testing
