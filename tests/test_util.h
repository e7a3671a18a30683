#pragma once
// Helpers shared by the test suites: random playouts and one-call searches.

#include <atomic>
#include <random>
#include <vector>

#include "engine/search.h"

namespace arcade::testing {

// The positions of one random game from `start`, the start included.
template <Game G>
std::vector<typename G::Position> random_playout(const typename G::Position& start,
                                                 std::mt19937_64& rng) {
  std::vector<typename G::Position> line{start};
  for (int ply = 0; ply <= G::kMaxGamePlies; ++ply) {
    if (G::outcome(line.back()) != Outcome::kOngoing) break;
    MoveList<G::kMaxMoves> moves;
    G::generate_moves(line.back(), moves);
    std::uniform_int_distribution<std::size_t> pick(0, moves.size() - 1);
    line.push_back(G::play(line.back(), moves[pick(rng)]));
  }
  return line;
}

// A position `plies` random moves from the start, or earlier if the game ends.
template <Game G>
typename G::Position random_position(int plies, std::mt19937_64& rng) {
  typename G::Position p = G::start();
  for (int i = 0; i < plies && G::outcome(p) == Outcome::kOngoing; ++i) {
    MoveList<G::kMaxMoves> moves;
    G::generate_moves(p, moves);
    std::uniform_int_distribution<std::size_t> pick(0, moves.size() - 1);
    p = G::play(p, moves[pick(rng)]);
  }
  return p;
}

template <Game G>
SearchInfo search_once(const typename G::Position& p, const SearchOptions& options, int depth = 0,
                       std::size_t table_mb = 1) {
  TranspositionTable table(table_mb);
  std::atomic<bool> stop{false};
  SearchLimits limits;
  limits.depth = depth;
  return Searcher<G>(table).search(p, limits, options, stop);
}

inline SearchOptions plain_minimax() {
  SearchOptions o;
  o.algorithm = Algorithm::kMinimax;
  o.use_table = false;
  o.use_ordering = false;
  o.iterative = false;
  return o;
}

}  // namespace arcade::testing
