#pragma once
// The search of a game of more than two minds (engine/agents.h): one
// recursion over the agents in their order, Pac-Man, then each ghost, then
// Pac-Man again. Values are agent 0's points in hundredths (never win or loss
// markers) and never change sides: agent 0's nodes are MAX, and each other
// agent's node is, by the search's algorithm,
//   minimax, alphabeta: MIN (paranoid: the other team minimises together, so
//                       one tree of MAX, MIN, MIN, ... levels);
//   expectimax:         chance, the probability-weighted mean of its
//                       children, by the model the search assumes of the
//                       other team (AgentSearchOptions::chance_model:
//                       uniform, or the game's own, Opponents::kWandering);
//                       with Opponents::kAdversarial assumed there is no
//                       chance, and the other team's nodes are MIN.
//
// Pruning. Alpha-beta cuts off only at MAX and MIN nodes: the window
// [alpha, beta] a MAX or MIN node passes on is in agent 0's points whichever
// team moves next, so it stays valid through a run of MIN nodes (two ghosts
// in a row) exactly as between MAX and MIN. A chance node never cuts off and
// searches every child with a full window, so that every child's value is
// exact and the mean is exact: a chance node below an alpha-beta node returns
// its exact value, which is right for any window. Below a chance node the
// MAX and MIN nodes prune again, each within the full window it was given.
// No *-minimax pruning (cut-offs at chance nodes from bounds on the values)
// is done: the game's points have no useful bound. In expectimax every node
// of the other team is a chance node, so nothing is cut off at all.
//
// Depth is counted in rounds: the horizon is reached when agent 0 is to move
// after `depth` rounds (a search from a ghost's turn finishes the round
// first). There the value is G::points (whole points) times 100, as at the
// end of the game. No transposition table: a position's value depends on
// the rounds left.
//
// An optional observer sees every node as it is searched (agent_tree.h
// records them for the lab), in the manner of SearchObserver (search.h).

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <limits>
#include <span>
#include <type_traits>
#include <vector>

#include "engine/agents.h"
#include "engine/clock.h"
#include "engine/search.h"

namespace arcade {

// What the search makes of a node.
enum class AgentNodeKind : std::uint8_t { kMax, kMin, kChance };

struct AgentSearchOptions {
  // kMinimax: MIN nodes, no cut-off; kAlphaBeta: MIN nodes, cut-offs;
  // kExpectimax: chance nodes, no cut-off.
  Algorithm algorithm = Algorithm::kAlphaBeta;
  // What an expectimax search assumes of the other team: kRandom, chance
  // nodes of uniform probabilities; kWandering, chance nodes of the game's
  // model; kAdversarial, MIN nodes (no chance: expectimax is then minimax).
  Opponents chance_model = Opponents::kRandom;
  bool use_ordering = true;  // G::move_hint first at MAX and MIN nodes
  bool iterative = true;     // false: one search at limits.depth
  bool root_scores = false;  // every root move's exact value
  // Pick at random (SplitMix64 of `seed`, the same on every platform) among
  // the root moves of the best value, which are then searched exactly.
  bool random_ties = false;
  std::uint64_t seed = 1;
};

// What an observer hears of one node on entry. The window is in agent 0's
// points, as every value of this search.
struct AgentNodeEntry {
  int ply = 0;          // 0 at the root
  Move move = kNoMove;  // the move from the parent (none at the root)
  Score alpha = 0;
  Score beta = 0;
  int agent = 0;  // to move at the node
  AgentNodeKind kind = AgentNodeKind::kMax;
  double probability = 0;  // the move's, when the parent is a chance node
};

// Events in the order of SearchObserver (search.h): enter, then at most one
// of terminal, leaf and cutoff, then exit with the value (agent 0's points).
// Every iteration is a tree of its own, from a root entered at ply 0.
template <class O, class Position>
concept AgentSearchObserver = requires(O& o, const Position& p, const AgentNodeEntry& entry,
                                       Score value, bool proven, Move move,
                                       std::span<const Move> pruned) {
  { o.enter(p, entry) } -> std::same_as<void>;
  { o.terminal(value) } -> std::same_as<void>;
  { o.leaf(value) } -> std::same_as<void>;
  { o.cutoff(move, pruned) } -> std::same_as<void>;
  { o.exit(value, proven) } -> std::same_as<void>;
};

template <MultiAgentGame G, class Observer = NoSearchObserver>
requires std::same_as<Observer, NoSearchObserver> ||
    AgentSearchObserver<Observer, typename G::Position>
class AgentSearcher {
 public:
  using Position = typename G::Position;
  using Weights = typename G::Weights;
  using InfoCallback = std::function<void(const SearchInfo&)>;
  static constexpr int kMaxSearchPly = 128;
  static constexpr bool kObserved = !std::is_same_v<Observer, NoSearchObserver>;

  explicit AgentSearcher(const Weights& weights = default_weights<G>()) : weights_(weights) {}
  AgentSearcher(const Weights& weights, Observer& observer) requires kObserved
      : weights_(weights),
        observer_(&observer) {}

  // Searches rounds 1, 2, ... (or only limits.depth) until a limit, the stop
  // flag or a proven value. SearchInfo's score and root scores are agent 0's
  // points in hundredths, whoever is to move; `best` is the choice of the
  // agent to move (at a chance node, its most probable move). Returns a
  // legal move whenever there is one.
  SearchInfo search(const Position& root, const SearchLimits& limits,
                    const AgentSearchOptions& options, const std::atomic<bool>& stop,
                    const InfoCallback& on_iteration = {}) {
    begin(limits, options, stop);
    SearchInfo result;
    MoveList<G::kMaxMoves> moves;
    G::generate_moves(root, moves);
    if (moves.empty() || G::outcome(root) != Outcome::kOngoing) {
      result.score = hundredths(root);
      result.proven = true;
      if constexpr (kObserved) {
        const int agent = G::agent_to_move(root);
        observer_->enter(root,
                         AgentNodeEntry{0, kNoMove, -kInfinity, kInfinity, agent, kind_of(agent)});
        observer_->terminal(result.score);
        observer_->exit(result.score, true);
      }
      return result;
    }
    result.best = moves[0];
    const int most = (kMaxSearchPly - 1) / std::max(1, G::agent_count(root));
    const int max_depth = std::min(limits.depth > 0 ? limits.depth : most, most);
    for (int depth = options.iterative ? 1 : max_depth; depth <= max_depth; ++depth) {
      SearchInfo iteration = search_root(root, depth);
      if (aborted_) {
        if (result.depth == 0) result = std::move(iteration);
        result.stopped = true;
        break;
      }
      result = std::move(iteration);
      fill_stats(result);
      if (on_iteration) on_iteration(result);
      if (result.proven) break;
      previous_best_ = result.best;
    }
    if (result.best == kNoMove) result.best = moves[0];
    fill_stats(result);
    choose_among_ties(result);
    return result;
  }

 private:
  struct Root {
    SearchInfo* info;
    std::uint64_t horizon_before_move = 0;
  };

  void begin(const SearchLimits& limits, const AgentSearchOptions& options,
             const std::atomic<bool>& stop) {
    limits_ = limits;
    options_ = options;
    stop_ = &stop;
    aborted_ = false;
    stats_ = {};
    horizon_hits_ = 0;
    previous_best_ = kNoMove;
    start_ = SteadyClock::now();
  }

  // A leaf's value: the game's points, exactly, in hundredths.
  Score hundredths(const Position& pos) const { return G::points(pos, weights_) * kCentipoints; }

  void fill_stats(SearchInfo& info) const {
    info.stats = stats_;
    info.time_ms = ms_since(start_);
    info.nps = nodes_per_second(stats_.nodes, info.time_ms);
  }

  bool alpha_beta() const { return options_.algorithm == Algorithm::kAlphaBeta; }
  AgentNodeKind kind_of(int agent) const {
    if (agent == 0) return AgentNodeKind::kMax;
    const bool chance = options_.algorithm == Algorithm::kExpectimax &&
                        options_.chance_model != Opponents::kAdversarial;
    return chance ? AgentNodeKind::kChance : AgentNodeKind::kMin;
  }

  // As Searcher's: the stop flag at every node, the clock every 1024.
  bool out_of_budget() {
    if (aborted_) return true;
    if (stop_->load(std::memory_order_relaxed)) return aborted_ = true;
    if (limits_.nodes && stats_.nodes >= limits_.nodes) return aborted_ = true;
    if (limits_.movetime_ms && (stats_.nodes & 1023) == 0 &&
        ms_since(start_) >= limits_.movetime_ms)
      return aborted_ = true;
    return false;
  }

  SearchInfo search_root(const Position& root, int depth) {
    SearchInfo info;
    info.depth = depth;
    const std::uint64_t horizon_before = horizon_hits_;
    const int agent = G::agent_to_move(root);
    pv_length_[0] = 0;
    observe_enter(root, AgentNodeEntry{0, kNoMove, -kInfinity, kInfinity, agent, kind_of(agent)},
                  0);
    MoveList<G::kMaxMoves> moves;
    G::generate_moves(root, moves);
    Root record{&info};
    info.score = expand(root, moves, agent, depth, 0, -kInfinity, kInfinity, &record);
    observe_exit(info.score, 0);
    info.pv.assign(pv_[0].begin(), pv_[0].begin() + pv_length_[0]);
    if (!info.best_moves.empty()) info.best = info.best_moves.front();
    info.proven = !aborted_ && horizon_hits_ == horizon_before;
    return info;
  }

  // The value of `pos` (agent 0's points), `rounds` rounds to go, `ply`
  // plies from the root; fail-soft at MAX and MIN nodes:
  //   alpha < v < beta: exact; v <= alpha: an upper bound; v >= beta: a lower bound.
  // A chance node's value is always exact.
  Score value(const Position& pos, int rounds, int ply, Score alpha, Score beta) {
    ++stats_.nodes;
    pv_length_[ply] = ply;
    if (out_of_budget()) return 0;
    // Step 1. The game is over, or the horizon: agent 0 to move, no round left.
    if (G::outcome(pos) != Outcome::kOngoing) return noted_terminal(hundredths(pos));
    const int agent = G::agent_to_move(pos);
    if ((agent == 0 && rounds <= 0) || ply >= kMaxSearchPly - 1) {
      ++horizon_hits_;
      ++stats_.leaf_evaluations;
      return noted_leaf(hundredths(pos));
    }
    // Step 2. Every move.
    MoveList<G::kMaxMoves> moves;
    G::generate_moves(pos, moves);
    return expand(pos, moves, agent, rounds, ply, alpha, beta, nullptr);
  }

  Score expand(const Position& pos, MoveList<G::kMaxMoves>& moves, int agent, int rounds, int ply,
               Score alpha, Score beta, Root* root) {
    if (kind_of(agent) == AgentNodeKind::kChance) return chance(pos, moves, rounds, ply, root);
    return choice(pos, moves, agent, rounds, ply, alpha, beta, root);
  }

  // A MAX or MIN node: written once, from the mover's side (sign 1 for agent
  // 0's team, -1 for the other), as negamax is.
  Score choice(const Position& pos, MoveList<G::kMaxMoves>& moves, int agent, int rounds, int ply,
               Score alpha, Score beta, Root* root) {
    const Score sign = agent == 0 ? 1 : -1;
    Score a = sign > 0 ? alpha : -beta;  // the window from the mover's side
    const Score b = sign > 0 ? beta : -alpha;
    order(pos, moves, ply);
    const bool full_windows =
        !alpha_beta() || (root && (options_.root_scores || options_.random_ties));
    Score best = -kInfinity;
    for (std::size_t i = 0; i < moves.size(); ++i) {
      const Move m = moves[i];
      const Position child = G::play(pos, m);
      const Score lo = full_windows ? -kInfinity : sign > 0 ? a : -b;
      const Score hi = full_windows ? kInfinity : sign > 0 ? b : -a;
      const Score v = search_child(child, m, rounds, ply, lo, hi, 0, root);
      if (aborted_) return 0;
      const Score s = sign * v;
      if (root && s == best) root->info->best_moves.push_back(m);
      if (s <= best) continue;
      best = s;
      if (root) root->info->best_moves.assign(1, m);
      if (s > a || full_windows) update_pv(ply, m);
      a = std::max(a, s);
      if (!full_windows && a >= b) {
        ++stats_.beta_cutoffs;
        if constexpr (kObserved)
          observer_->cutoff(m, std::span<const Move>(moves.begin() + i + 1, moves.end()));
        break;
      }
    }
    return sign * best;
  }

  // A chance node: every child with a full window, then the mean. The line
  // goes on through its most probable move (the first of the most probable).
  Score chance(const Position& pos, const MoveList<G::kMaxMoves>& moves, int rounds, int ply,
               Root* root) {
    std::array<double, G::kMaxMoves> probabilities{};
    if (options_.chance_model == Opponents::kWandering)
      G::wander_probabilities(pos, moves, probabilities);
    else
      std::fill_n(probabilities.begin(), moves.size(), 1.0 / static_cast<double>(moves.size()));
    const std::size_t likeliest = static_cast<std::size_t>(
        std::max_element(probabilities.begin(), probabilities.begin() + moves.size()) -
        probabilities.begin());
    std::array<Score, G::kMaxMoves> values{};
    for (std::size_t i = 0; i < moves.size(); ++i) {
      const Position child = G::play(pos, moves[i]);
      values[i] =
          search_child(child, moves[i], rounds, ply, -kInfinity, kInfinity, probabilities[i], root);
      if (aborted_) return 0;
      if (i == likeliest) update_pv(ply, moves[i]);
    }
    if (root) root->info->best_moves.assign(1, moves[likeliest]);
    return mean_of(std::span<const Score>(values.data(), moves.size()),
                   std::span<const double>(probabilities.data(), moves.size()));
  }

  // One child of a node at `ply`, observed and, at the root, its score noted.
  Score search_child(const Position& child, Move m, int rounds, int ply, Score lo, Score hi,
                     double probability, Root* root) {
    const int child_agent = G::agent_to_move(child);
    // A round ends when agent 0 is to move again.
    const int child_rounds = child_agent == 0 ? rounds - 1 : rounds;
    if (root) root->horizon_before_move = horizon_hits_;
    observe_enter(
        child, AgentNodeEntry{ply + 1, m, lo, hi, child_agent, kind_of(child_agent), probability},
        ply + 1);
    const Score v = value(child, child_rounds, ply + 1, lo, hi);
    observe_exit(v, ply + 1);
    if (root && !aborted_ && options_.root_scores)
      root->info->root_scores.push_back({m, v, horizon_hits_ == root->horizon_before_move});
    return v;
  }

  void choose_among_ties(SearchInfo& result) const {
    const std::size_t ties = result.best_moves.size();
    if (!options_.random_ties || ties < 2 || result.stopped) return;
    std::uint64_t z = options_.seed + 0x9E3779B97F4A7C15ULL;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    z ^= z >> 31;
    const Move chosen = result.best_moves[z % ties];
    result.tied = static_cast<int>(ties);
    if (chosen == result.best) return;
    result.best = chosen;
    result.pv.assign(1, chosen);  // the line behind another move is not known
  }

  // G::move_hint first (a stable insertion sort: no allocation), and at the
  // root the previous iteration's best before all.
  void order(const Position& pos, MoveList<G::kMaxMoves>& moves, int ply) const {
    if (!options_.use_ordering) return;
    std::array<int, G::kMaxMoves> keys{};
    for (std::size_t i = 0; i < moves.size(); ++i) {
      keys[i] = G::move_hint(pos, moves[i]);
      if (ply == 0 && moves[i] == previous_best_) keys[i] = std::numeric_limits<int>::max();
    }
    for (std::size_t i = 1; i < moves.size(); ++i)
      for (std::size_t j = i; j > 0 && keys[j] > keys[j - 1]; --j) {
        std::swap(keys[j], keys[j - 1]);
        std::swap(moves[j], moves[j - 1]);
      }
  }

  void update_pv(int ply, Move m) {
    pv_[ply][ply] = m;
    for (int i = ply + 1; i < pv_length_[ply + 1]; ++i) pv_[ply][i] = pv_[ply + 1][i];
    pv_length_[ply] = std::max(pv_length_[ply + 1], ply + 1);
  }

  // The observer's events; nothing at all without one.
  Score noted_terminal(Score v) {
    if constexpr (kObserved) observer_->terminal(v);
    return v;
  }
  Score noted_leaf(Score v) {
    if constexpr (kObserved) observer_->leaf(v);
    return v;
  }
  void observe_enter(const Position& pos, const AgentNodeEntry& entry, int ply) {
    if constexpr (kObserved) {
      observer_->enter(pos, entry);
      horizon_at_entry_[ply] = horizon_hits_;
    }
  }
  void observe_exit(Score v, int ply) {
    if constexpr (kObserved)
      if (!aborted_) observer_->exit(v, horizon_hits_ == horizon_at_entry_[ply]);
  }

  SearchLimits limits_;
  AgentSearchOptions options_;
  const std::atomic<bool>* stop_ = nullptr;
  bool aborted_ = false;
  SearchStats stats_;
  std::uint64_t horizon_hits_ = 0;
  Move previous_best_ = kNoMove;
  SteadyClock::time_point start_;
  std::array<std::array<Move, kMaxSearchPly>, kMaxSearchPly> pv_{};
  std::array<int, kMaxSearchPly + 1> pv_length_{};
  Weights weights_;
  Observer* observer_ = nullptr;
  std::array<std::uint64_t, kMaxSearchPly + 1> horizon_at_entry_{};
};

}  // namespace arcade
