#pragma once
// Whole games of a multi-agent game (engine/agents.h), played out to their
// end: how minimax's pessimism is measured. Agent 0 searches every move with
// one algorithm and depth; the other agents play as one Opponents model
// says. Berkeley's Pac-Man projects measure their agents this way (so many
// games, so many wins, the mean score), and the tutorials' claim ("minimax
// rushes the ghost, expectimax takes the chance") is a claim about these
// numbers, not about one tree.
//
// Who plays how:
//   agent 0      AgentSearcher, `depth` rounds, `algorithm`; its expectimax
//                assumes the other team plays as `model` says (which need
//                not be how it does play: the lesson of a wrong model); it
//                plays the search's first best move, so the same seed plays
//                the same games on every platform.
//   the others   kAdversarial: a MIN search (alpha-beta) of the same depth
//                for the agent to move; kRandom: a uniform draw among its
//                legal moves; kWandering: a draw by G::wander_probabilities.
// Draws come from SplitMix64 seeded by the request's seed and the game's
// index (the standard distributions differ between libraries; SplitMix64
// and the sum below do not).
//
// A game's result is agent 0's: G::outcome is the side to move's, and the
// side to move is agent 0's team exactly when agent 0 is to move. Its score
// is G::points at the end (the final score) in hundredths of a point, as
// the agent search carries values.

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <optional>
#include <vector>

#include "engine/agent_search.h"
#include "engine/agents.h"

namespace arcade {

struct AgentMatchRequest {
  int games = 1;
  Algorithm algorithm = Algorithm::kExpectimax;  // agent 0's search
  int depth = 2;                                 // in rounds, agent 0's and an adversary's
  Opponents opponents = Opponents::kRandom;      // how the other agents play
  std::uint64_t seed = 0;
  Opponents model = Opponents::kRandom;  // how agent 0's search assumes they play
};

// The limits of a request, for the protocol and the command line.
inline constexpr int kMaxMatchGames = 10000;
inline constexpr int kMaxMatchDepth = 8;

struct AgentMatchResult {
  int wins = 0, losses = 0, draws = 0;  // agent 0's
  std::vector<Score> scores;            // each game's final points, in hundredths
  bool stopped = false;                 // the stop flag ended it before the last game's end
  int games() const { return static_cast<int>(scores.size()); }
  // The mean final score in hundredths, rounded half away from zero (0 for
  // no game).
  Score mean() const {
    if (scores.empty()) return 0;
    const std::vector<double> weights(scores.size(), 1.0 / static_cast<double>(scores.size()));
    return mean_of(scores, weights);
  }
};

// SplitMix64 (Steele, Lea and Flood): a tiny generator that gives the same
// numbers everywhere.
class MatchRandom {
 public:
  explicit MatchRandom(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  // Uniform in [0, 1).
  double unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

 private:
  std::uint64_t state_;
};

template <MultiAgentGame G>
class AgentMatch {
 public:
  using Position = typename G::Position;
  using Weights = typename G::Weights;

  AgentMatch(const AgentMatchRequest& request, const Weights& weights)
      : request_(request), weights_(weights) {}

  // Plays request.games games from `start`; the stop flag ends the match
  // between two moves (the game under way is then not counted).
  AgentMatchResult play(const Position& start, const std::atomic<bool>& stop) {
    AgentMatchResult result;
    for (int game = 0; game < request_.games; ++game) {
      MatchRandom random(request_.seed * 0x100000001B3ULL + static_cast<std::uint64_t>(game));
      const std::optional<Position> end = play_game(start, random, stop);
      if (!end) {
        result.stopped = true;
        break;
      }
      const Outcome o = G::outcome(*end);
      const Outcome mine = G::agent_to_move(*end) == 0 ? o : flipped(o);
      (mine == Outcome::kWon    ? result.wins
       : mine == Outcome::kLost ? result.losses
                                : result.draws)++;
      result.scores.push_back(G::points(*end, weights_) * kCentipoints);
    }
    return result;
  }

  // One game to its end, or nothing if stopped.
  std::optional<Position> play_game(Position p, MatchRandom& random,
                                    const std::atomic<bool>& stop) const {
    while (G::outcome(p) == Outcome::kOngoing) {
      if (stop.load(std::memory_order_relaxed)) return std::nullopt;
      const Move m = chosen_move(p, random, stop);
      if (m == kNoMove) return std::nullopt;
      p = G::play(p, m);
    }
    return p;
  }

  // The move of the agent to move, kNoMove if the search was stopped.
  Move chosen_move(const Position& p, MatchRandom& random, const std::atomic<bool>& stop) const {
    const bool agent0 = G::agent_to_move(p) == 0;
    if (agent0 || request_.opponents == Opponents::kAdversarial) {
      AgentSearchOptions options;
      options.algorithm = agent0 ? request_.algorithm : Algorithm::kAlphaBeta;
      options.chance_model = agent0 ? request_.model : Opponents::kAdversarial;
      options.iterative = false;
      AgentSearcher<G> searcher(weights_);
      const SearchInfo info = searcher.search(p, {request_.depth, 0, 0}, options, stop);
      return info.stopped ? kNoMove : info.best;
    }
    return drawn_move(p, random);
  }

  // A draw by the Opponents model's probabilities.
  Move drawn_move(const Position& p, MatchRandom& random) const {
    MoveList<G::kMaxMoves> moves;
    G::generate_moves(p, moves);
    std::array<double, G::kMaxMoves> probabilities{};
    if (request_.opponents == Opponents::kWandering)
      G::wander_probabilities(p, moves, probabilities);
    else
      std::fill_n(probabilities.begin(), moves.size(), 1.0 / static_cast<double>(moves.size()));
    const double u = random.unit();
    double sum = 0;
    for (std::size_t i = 0; i < moves.size(); ++i) {
      sum += probabilities[i];
      if (u < sum) return moves[i];
    }
    return moves[moves.size() - 1];  // u within rounding of 1
  }

 private:
  static Outcome flipped(Outcome o) {
    return o == Outcome::kWon ? Outcome::kLost : o == Outcome::kLost ? Outcome::kWon : o;
  }

  AgentMatchRequest request_;
  Weights weights_;
};

}  // namespace arcade
