#pragma once
// Move-generation counts, the standard check that a game's rules are right:
// compared with published figures they catch a wrong move or a missed end.

#include <atomic>
#include <cstdint>

#include "engine/game.h"

namespace arcade {

// Positions exactly `depth` plies ahead; a game that ends earlier is not
// continued (so it is not counted). With a `stop` flag, the count ends soon
// after the flag is set, and is then partial (the caller checks the flag);
// it is read above the last ply only, where it costs nothing measurable.
template <Game G>
std::uint64_t perft(const typename G::Position& pos, int depth,
                    const std::atomic<bool>* stop = nullptr) {
  if (depth == 0) return 1;
  if (G::outcome(pos) != Outcome::kOngoing) return 0;
  MoveList<G::kMaxMoves> moves;
  G::generate_moves(pos, moves);
  if (depth == 1) return moves.size();
  std::uint64_t count = 0;
  for (Move m : moves) {
    if (stop && stop->load(std::memory_order_relaxed)) break;
    count += perft<G>(G::play(pos, m), depth - 1, stop);
  }
  return count;
}

// Distinct complete games from pos: every move sequence that reaches an end.
template <Game G>
std::uint64_t count_complete_games(const typename G::Position& pos) {
  if (G::outcome(pos) != Outcome::kOngoing) return 1;
  MoveList<G::kMaxMoves> moves;
  G::generate_moves(pos, moves);
  std::uint64_t count = 0;
  for (Move m : moves) count += count_complete_games<G>(G::play(pos, m));
  return count;
}

}  // namespace arcade
