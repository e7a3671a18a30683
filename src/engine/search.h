#pragma once
// Negamax with alpha-beta over any `Game`, driven by iterative deepening.
//
// The search knows nothing of the game it plays: moves come from
// G::generate_moves into a stack list, positions are copied (never undone),
// and a position's value is G::evaluate at the horizon or an exact score at
// the end of the game (see score.h). Every enhancement can be switched off,
// so the same position searched by plain minimax and by alpha-beta with
// ordering and a table shows what each one saves, with the same value.
//
// An optional observer sees the tree as it is searched (below); without one
// the search compiles to what it is without the observer's code.

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <random>
#include <span>
#include <type_traits>
#include <utility>
#include <vector>

#include "engine/clock.h"
#include "engine/game.h"
#include "engine/score.h"
#include "engine/transposition_table.h"

namespace arcade {

struct SearchLimits {
  int depth = 0;                 // 0: up to the game's length
  std::int64_t movetime_ms = 0;  // 0: no time limit; at most kMaxMovetimeMs
  std::uint64_t nodes = 0;       // 0: no node limit
};

// The longest movetime taken literally, about 31 years: a deadline further
// away would leave the range of the clock's nanoseconds, so callers clamp
// longer ones to it.
inline constexpr std::int64_t kMaxMovetimeMs = 1'000'000'000'000;

// kExpectimax is for games of chance (engine/agents.h): the other team's
// agents move at random there, so their nodes take the mean. A game without
// chance has no such node: the protocol refuses it there.
enum class Algorithm : std::uint8_t { kMinimax, kAlphaBeta, kExpectimax };

struct SearchOptions {
  Algorithm algorithm = Algorithm::kAlphaBeta;
  bool use_table = true;
  bool use_ordering = true;  // table move, game hints, killers, history
  bool use_oracle = false;   // exact values the game knows (perfect play)
  bool iterative = true;     // false: one search at limits.depth
  bool random_ties = false;  // pick at random among equally good root moves
  bool root_scores = false;  // exact score of every root move (slower)
  // Weaker play on purpose (difficulty levels). Either one makes the root
  // search score every move exactly, as a flawed choice needs the runners-up.
  Score root_noise = 0;     // up to this much, either way, on each heuristic root score
  double mistake_rate = 0;  // chance of another root move, never a proven loss
  std::uint64_t seed = 1;
};

struct SearchStats {
  std::uint64_t nodes = 0;
  std::uint64_t leaf_evaluations = 0;  // heuristic evaluations at the horizon
  std::uint64_t table_cutoffs = 0;     // nodes answered by the table
  std::uint64_t beta_cutoffs = 0;      // nodes whose remaining moves were pruned
};

struct RootMoveScore {
  Move move = kNoMove;
  Score score = 0;
  bool proven = false;
};

// What one finished iteration found; also the final result of a search.
struct SearchInfo {
  int depth = 0;
  Score score = 0;
  bool proven = false;  // the score is the game-theoretic value, not a guess
  SearchStats stats;
  std::int64_t time_ms = 0;
  std::uint64_t nps = 0;
  std::vector<Move> pv;
  std::vector<Move> best_moves;            // every root move with the best score
  std::vector<RootMoveScore> root_scores;  // when SearchOptions::root_scores
  Move best = kNoMove;
  bool stopped = false;  // ended by a limit or the stop flag before finishing
  // How `best` was chosen when not simply the search's first: among `tied`
  // equally good moves at random (2 or more), or as a weaker level's slip
  // (a move the search scored below the best).
  int tied = 0;
  bool slip = false;
};

// What an observer hears of one node on entry. Everything is from the side to
// move at the node, as the negamax search sees it: the root's side moves at
// even plies.
struct NodeEntry {
  int ply = 0;          // 0 at the root
  Move move = kNoMove;  // the move from the parent (none at the root)
  Score alpha = 0;      // the window the node is searched with
  Score beta = 0;
  bool root_side_to_move = true;
};

// The observer of a search, called for every node in search order: enter,
// then at most one of terminal, known, leaf, table_hit and cutoff, then exit
// with the value returned (fail-soft, see Searcher::negamax). Nodes nest:
// between a node's enter and its exit come its children's. A search ended by
// a limit or `stop` leaves nodes without exit. Every iteration of iterative
// deepening is a tree of its own, from a root entered at ply 0 (the only
// node entered at ply 0): a root entered again begins the next iteration,
// and an observer that wants one tree keeps what follows the last such root.
// The table and the move order carry over from one iteration to the next.
template <class O, class Position>
concept SearchObserver = requires(O& o, const Position& p, const NodeEntry& entry, Score value,
                                  Bound bound, bool proven, Move move,
                                  std::span<const Move> pruned) {
  { o.enter(p, entry) } -> std::same_as<void>;
  // The game is over at the node.
  { o.terminal(value) } -> std::same_as<void>;
  // The game's exact knowledge answered (HasOracle, with use_oracle).
  { o.known(value) } -> std::same_as<void>;
  // A heuristic evaluation at the depth limit.
  { o.leaf(value) } -> std::same_as<void>;
  // The table answered, with what it stored: a bound of that kind.
  { o.table_hit(value, bound, proven) } -> std::same_as<void>;
  // `move` reached beta: the moves after it, `pruned`, are not searched.
  { o.cutoff(move, pruned) } -> std::same_as<void>;
  // `proven`: no heuristic value below the node went into its value.
  { o.exit(value, proven) } -> std::same_as<void>;
};

// The default: nothing observes the search, and it costs nothing.
struct NoSearchObserver {};

// The history heuristic's counter of a move after a cut-off worth `bonus`
// (depth squared). A plain sum overflowed in long searches; this is
// Stockfish's "gravity" update, h += bonus - h * |bonus| / kMaxHistory: the
// closer h is to the bound the less it moves towards it, so with |bonus| <=
// kMaxHistory no sequence of updates leaves [-kMaxHistory, kMaxHistory]
// (tests/search_history_test.cpp). The bound lies far above what the
// ordering reads (2^22, score_moves), so there h * bonus / kMaxHistory is
// below one and the counter is the plain sum it always was.
inline constexpr std::int32_t kMaxHistory = 1 << 30;
constexpr std::int32_t updated_history(std::int32_t history, std::int64_t bonus) {
  const std::int64_t b = std::clamp<std::int64_t>(bonus, -kMaxHistory, kMaxHistory);
  const std::int64_t h = history;
  return static_cast<std::int32_t>(h + b - h * (b < 0 ? -b : b) / kMaxHistory);
}

template <Game G, class Observer = NoSearchObserver>
requires std::same_as<Observer, NoSearchObserver> || SearchObserver<Observer, typename G::Position>
class Searcher {
 public:
  using Position = typename G::Position;
  using InfoCallback = std::function<void(const SearchInfo&)>;
  static constexpr int kMaxSearchPly = 128;
  static constexpr bool kObserved = !std::is_same_v<Observer, NoSearchObserver>;

  using Weights = typename G::Weights;

  // The heuristic's weights are copied: a search never sees them change.
  explicit Searcher(TranspositionTable& table, const Weights& weights = default_weights<G>())
      : table_(table), weights_(weights) {}
  Searcher(TranspositionTable& table, const Weights& weights, Observer& observer) requires kObserved
      : table_(table),
        weights_(weights),
        observed_{&observer, {}, {}} {}

  // Searches until a limit, the stop flag, or a proven result. Always returns
  // a legal move when one exists: the best of the last finished iteration, or
  // the best so far of the first one.
  SearchInfo search(const Position& root, const SearchLimits& limits, const SearchOptions& options,
                    const std::atomic<bool>& stop, const InfoCallback& on_iteration = {}) {
    begin(limits, options, stop);
    SearchInfo result;
    MoveList<G::kMaxMoves> moves;
    G::generate_moves(root, moves);
    if (moves.empty() || G::outcome(root) != Outcome::kOngoing) {
      result.score = game_end_score<G>(root, G::outcome(root), 0);
      result.proven = true;
      if constexpr (kObserved) {
        observed_.observer->enter(root, NodeEntry{0, kNoMove, -kInfinity, kInfinity, true});
        observed_.observer->terminal(result.score);
        observed_.observer->exit(result.score, true);
      }
      return result;
    }
    order_root(root, moves);
    result.best = moves[0];
    std::vector<RootMoveScore> flawed_root;  // for a flawed choice, unless asked for
    const int max_depth =
        std::min(limits.depth > 0 ? limits.depth : G::kMaxGamePlies, kMaxSearchPly - 1);
    for (int depth = options.iterative ? 1 : max_depth; depth <= max_depth; ++depth) {
      SearchInfo iteration = search_root(root, moves, depth);
      if (aborted_) {
        if (result.depth == 0 && iteration.best != kNoMove) {
          result = iteration;
          if (!options.root_scores) flawed_root = std::exchange(result.root_scores, {});
        }
        result.stopped = true;
        break;
      }
      result = std::move(iteration);
      fill_stats(result);
      // The lab's tree (an observed search) keeps the line it recorded.
      if (!kObserved && result.proven) complete_line(root, result);
      if (!options.root_scores) flawed_root = std::exchange(result.root_scores, {});
      if (on_iteration) on_iteration(result);
      // A proven best move (a win found) ends the search, unless every move's
      // score was asked for and some are still guesses: those need the
      // deeper iterations.
      if (result.proven && (!options.root_scores || every_root_score_proven(result))) break;
      // Try the best move first next time; the rest keep their order.
      std::stable_partition(moves.begin(), moves.end(), [&](Move m) { return m == result.best; });
    }
    fill_stats(result);
    choose_among_ties(result);
    choose_with_flaws(result, options.root_scores ? result.root_scores : flawed_root);
    return result;
  }

 private:
  // Step 1 of a search: reset everything that belongs to one search only.
  void begin(const SearchLimits& limits, const SearchOptions& options,
             const std::atomic<bool>& stop) {
    limits_ = limits;
    options_ = options;
    stop_ = &stop;
    aborted_ = false;
    stats_ = {};
    horizon_hits_ = 0;
    start_ = SteadyClock::now();
    killers_ = {};
    history_.fill(0);
    rng_.seed(options.seed);
  }

  std::int64_t elapsed_ms() const { return ms_since(start_); }

  void fill_stats(SearchInfo& info) const {
    info.stats = stats_;
    info.time_ms = elapsed_ms();
    info.nps = nodes_per_second(stats_.nodes, info.time_ms);
  }

  static bool every_root_score_proven(const SearchInfo& info) {
    return std::all_of(info.root_scores.begin(), info.root_scores.end(),
                       [](const RootMoveScore& r) { return r.proven; });
  }

  bool alpha_beta() const { return options_.algorithm == Algorithm::kAlphaBeta; }
  bool flawed() const { return options_.root_noise > 0 || options_.mistake_rate > 0; }
  bool exact_root() const { return options_.root_scores || flawed(); }

  // The stop flag is read at every node so that stop ends a search within
  // microseconds; the clock only every 1024 nodes, as it costs more.
  bool out_of_budget() {
    if (aborted_) return true;
    if (stop_->load(std::memory_order_relaxed)) return aborted_ = true;
    if (limits_.nodes && stats_.nodes >= limits_.nodes) return aborted_ = true;
    if (limits_.movetime_ms && (stats_.nodes & 1023) == 0 && elapsed_ms() >= limits_.movetime_ms)
      return aborted_ = true;
    return false;
  }

  SearchInfo search_root(const Position& root, const MoveList<G::kMaxMoves>& moves, int depth) {
    SearchInfo info;
    info.depth = depth;
    const std::uint64_t horizon_before = horizon_hits_;
    observe_root_enter(root);
    Score best = -kInfinity;
    for (Move m : moves) {
      // With random ties, a window one below the best tells "as good" from
      // "worse"; with root scores every move gets an exact, full window.
      Score alpha = best;
      if (!alpha_beta() || exact_root())
        alpha = -kInfinity;
      else if (options_.random_ties && best > -kInfinity)
        alpha = best - 1;
      const std::uint64_t move_horizon_before = horizon_hits_;
      const Score score = search_move(root, m, depth - 1, 1, alpha, kInfinity);
      if (aborted_) break;
      if (exact_root())
        info.root_scores.push_back(
            {m, score, is_distance_result(score) || horizon_hits_ == move_horizon_before});
      if (score > best) {
        best = score;
        info.best_moves.clear();
        info.pv.assign(1, m);
        info.pv.insert(info.pv.end(), pv_[1].begin() + 1, pv_[1].begin() + pv_length_[1]);
      }
      if (score == best) info.best_moves.push_back(m);
    }
    info.score = best;
    info.best = info.best_moves.empty() ? kNoMove : info.best_moves.front();
    // A win or loss in plies within the horizon is exact; anything else (a
    // margin too) only if no line of the tree was cut off by the depth limit.
    info.proven = !aborted_ && (is_distance_result(best) || horizon_hits_ == horizon_before);
    observe_exit(best, 0);
    return info;
  }

  // A proven line stops where the table or the game's exact knowledge
  // answered (an earlier iteration proved the rest, or an oracle knew it):
  // it is carried on to the end of the game with what they know exactly, a
  // move at a time that keeps the score. No search, so nothing observed or
  // counted.
  void complete_line(const Position& root, SearchInfo& result) const {
    Position pos = root;
    Score expected = result.score;  // pos's value for its side to move
    const auto step = [&](Move m) {
      const Position next = G::play(pos, m);
      expected = from_parent_view<G>(pos, next, expected);
      pos = next;
    };
    for (Move m : result.pv) step(m);
    while (static_cast<int>(result.pv.size()) < kMaxSearchPly - 1 &&
           G::outcome(pos) == Outcome::kOngoing) {
      const Move next = move_keeping(pos, static_cast<int>(result.pv.size()), expected);
      if (next == kNoMove) return;
      result.pv.push_back(next);
      step(next);
    }
  }

  // A move of `pos` (at `ply`) known to keep its value `expected`, or none.
  Move move_keeping(const Position& pos, int ply, Score expected) const {
    MoveList<G::kMaxMoves> moves;
    G::generate_moves(pos, moves);
    const TableEntry* entry = exact_entry(pos);
    const bool table_knows = entry && from_node_relative(entry->score, ply) == expected;
    if (table_knows && std::find(moves.begin(), moves.end(), entry->move) != moves.end())
      return entry->move;
    for (Move m : moves) {
      const Position next = G::play(pos, m);
      const std::optional<Score> value = known_value(next, ply + 1);
      if (value && from_parent_view<G>(pos, next, *value) == expected) return m;
    }
    return kNoMove;
  }

  // A position's exact value (counted from the root) where it needs no
  // search: the game is over, the oracle knows it, or the table proved it.
  std::optional<Score> known_value(const Position& pos, int ply) const {
    const Outcome outcome = G::outcome(pos);
    if (outcome != Outcome::kOngoing) return game_end_score<G>(pos, outcome, ply);
    if constexpr (HasOracle<G>) {
      if (options_.use_oracle)
        if (auto exact = G::probe(pos)) return from_node_relative(*exact, ply);
    }
    const TableEntry* entry = exact_entry(pos);
    if (!entry) return std::nullopt;
    return from_node_relative(entry->score, ply);
  }

  // The table's entry for `pos` if it holds the exact game value: proven, or
  // a win or loss in plies (one within the horizon is exact, though a subtree
  // beside it was cut off by the depth limit and the entry is not marked
  // proven).
  const TableEntry* exact_entry(const Position& pos) const {
    if (!options_.use_table) return nullptr;
    const TableEntry* entry = table_.probe(G::hash(pos));
    if (!entry || entry->bound != Bound::kExact) return nullptr;
    return entry->proven || is_distance_result(entry->score) ? entry : nullptr;
  }

  // The observer's events. Each is a no-op without an observer, and the ones
  // that end a node pass its value through: written as `return noted_x(v)`,
  // the search compiles to exactly what it is without them (with a local
  // variable and an if constexpr, g++ 12 compiled the search differently).
  Score noted_terminal(Score score) {
    if constexpr (kObserved) observed_.observer->terminal(score);
    return score;
  }
  Score noted_known(Score score) {
    if constexpr (kObserved) observed_.observer->known(score);
    return score;
  }
  Score noted_leaf(Score score) {
    if constexpr (kObserved) observed_.observer->leaf(score);
    return score;
  }
  Score noted_table_hit(Score score, const TableEntry& entry) {
    if constexpr (kObserved) observed_.observer->table_hit(score, entry.bound, entry.proven);
    return score;
  }
  // An observer hears of a child on both sides of the call that searches it.
  void observe_root_enter(const Position& root) {
    if constexpr (kObserved) {
      observed_.observer->enter(root, NodeEntry{0, kNoMove, -kInfinity, kInfinity, true});
      observed_.horizon_at_entry[0] = horizon_hits_;
      observed_.root_side_to_move[0] = true;
    }
  }
  // `child` is entered at `ply` by the move m, which kept the turn or not,
  // with the window (alpha, beta) from its side to move's view.
  void observe_enter(const Position& child, Move m, int ply, bool kept_turn, Score alpha,
                     Score beta) {
    if constexpr (kObserved) {
      bool& root_side = observed_.root_side_to_move[ply];
      root_side = observed_.root_side_to_move[ply - 1] == kept_turn;
      observed_.observer->enter(child, NodeEntry{ply, m, alpha, beta, root_side});
      observed_.horizon_at_entry[ply] = horizon_hits_;
    }
  }
  void observe_exit(Score value, int ply) {
    if constexpr (kObserved)
      if (!aborted_)
        observed_.observer->exit(value, horizon_hits_ == observed_.horizon_at_entry[ply]);
  }

  // Negamax with fail-soft alpha-beta. Returns the value of pos for the side
  // to move, `ply` plies from the root, searched `depth` plies deep:
  //   alpha < v < beta: the exact value at this depth;
  //   v <= alpha: an upper bound; v >= beta: a lower bound.
  // Proven results (see score.h) count plies from the root.
  Score negamax(const Position& pos, int depth, int ply, Score alpha, Score beta) {
    ++stats_.nodes;
    pv_length_[ply] = ply;
    if (out_of_budget()) return 0;

    // Step 1. The game is over, or the game knows the answer.
    const Outcome outcome = G::outcome(pos);
    if (outcome != Outcome::kOngoing) return noted_terminal(game_end_score<G>(pos, outcome, ply));
    if constexpr (HasOracle<G>) {
      if (options_.use_oracle)
        if (auto exact = G::probe(pos)) return noted_known(from_node_relative(*exact, ply));
    }
    if (depth <= 0 || ply >= kMaxSearchPly - 1) {
      ++horizon_hits_;
      ++stats_.leaf_evaluations;
      return noted_leaf(G::evaluate(pos, weights_));
    }

    // Step 2. What the table knows.
    const std::uint64_t key = G::hash(pos);
    Move table_move = kNoMove;
    if (options_.use_table) {
      if (const TableEntry* entry = table_.probe(key)) {
        table_move = entry->move;
        if (auto cut = table_cutoff(*entry, depth, ply, alpha, beta))
          return noted_table_hit(*cut, *entry);
      }
    }

    // Step 3. Search every move, best guesses first.
    MoveList<G::kMaxMoves> moves;
    G::generate_moves(pos, moves);
    std::array<std::int64_t, G::kMaxMoves> keys{};
    if (options_.use_ordering) score_moves(pos, moves, keys, table_move, ply);

    const Score alpha_at_entry = alpha;
    const std::uint64_t horizon_before = horizon_hits_;
    Score best = -kInfinity;
    Move best_move = kNoMove;
    for (std::size_t i = 0; i < moves.size(); ++i) {
      if (options_.use_ordering) pick_next(moves, keys, i);
      const Move m = moves[i];
      const Score score = alpha_beta()
                              ? search_move(pos, m, depth - 1, ply + 1, alpha, beta)
                              : search_move(pos, m, depth - 1, ply + 1, -kInfinity, kInfinity);
      if (aborted_) return 0;
      if (score <= best) continue;
      best = score;
      best_move = m;
      if (score > alpha) {
        alpha = score;
        update_pv(ply, m);
      }
      if (alpha_beta() && alpha >= beta) {
        ++stats_.beta_cutoffs;
        remember_cutoff(m, depth, ply);
        if constexpr (kObserved)
          observed_.observer->cutoff(m, std::span<const Move>(moves.begin() + i + 1, moves.end()));
        break;
      }
    }

    // Step 4. Remember the result.
    if (options_.use_table) {
      const Bound bound = best <= alpha_at_entry ? Bound::kUpper
                          : best >= beta         ? Bound::kLower
                                                 : Bound::kExact;
      table_.store(key, to_node_relative(best, ply), bound, depth, best_move,
                   horizon_hits_ == horizon_before);
    }
    return best;
  }

  // The value of the move m of pos for pos's side to move, its position
  // searched `depth` deep at `ply` with the window (alpha, beta) from pos's
  // side's view: negated, the window swapped, unless the move keeps the turn
  // (HasExtraTurns), when the same side searches on with the same window.
  // Where turns alternate this is the one negated call it always was.
  Score search_move(const Position& pos, Move m, int depth, int ply, Score alpha, Score beta) {
    if constexpr (HasExtraTurns<G>) {
      const Position next = G::play(pos, m);
      if (keeps_turn<G>(pos, next)) {
        if constexpr (kObserved) observe_enter(next, m, ply, true, alpha, beta);
        const Score score = negamax(next, depth, ply, alpha, beta);
        if constexpr (kObserved) observe_exit(score, ply);
        return score;
      }
      if constexpr (kObserved) observe_enter(next, m, ply, false, -beta, -alpha);
      const Score score = -negamax(next, depth, ply, -beta, -alpha);
      if constexpr (kObserved) observe_exit(-score, ply);
      return score;
    } else {
      if constexpr (kObserved) observe_enter(G::play(pos, m), m, ply, false, -beta, -alpha);
      const Score score = -negamax(G::play(pos, m), depth, ply, -beta, -alpha);
      if constexpr (kObserved) observe_exit(-score, ply);
      return score;
    }
  }

  std::optional<Score> table_cutoff(const TableEntry& entry, int depth, int ply, Score alpha,
                                    Score beta) {
    // A heuristic result is reused only at the depth it was searched to, and a
    // proven one only where the search would have looked at least as far: then
    // the table never changes a depth-limited value (alpha-beta with a table
    // returns what plain minimax returns). In games where a position can recur
    // at another depth (the sheep steps back and forth) this gives up some
    // reuse; Tic-tac-toe and Connect Four lose nothing, as there a position's
    // depth within one iteration follows from its number of stones.
    if (entry.proven ? entry.depth > depth : entry.depth != depth) return std::nullopt;
    const Score score = from_node_relative(entry.score, ply);
    const bool usable = entry.bound == Bound::kExact ||
                        (entry.bound == Bound::kLower && score >= beta) ||
                        (entry.bound == Bound::kUpper && score <= alpha);
    if (!usable || !alpha_beta()) return std::nullopt;
    ++stats_.table_cutoffs;
    // A heuristic value from the table is as good as a horizon evaluation.
    if (!entry.proven) ++horizon_hits_;
    return score;
  }

  // Table scores count plies from the stored position, so that a win found
  // through one path is reused correctly at another depth. A margin counts
  // no plies: it is the same from anywhere.
  static Score to_node_relative(Score s, int ply) {
    if constexpr (HasFinalMargin<G>)
      if (is_margin(s)) return s;
    return is_win(s) ? s + ply : is_loss(s) ? s - ply : s;
  }
  static Score from_node_relative(Score s, int ply) {
    if constexpr (HasFinalMargin<G>)
      if (is_margin(s)) return s;
    return is_win(s) ? s - ply : is_loss(s) ? s + ply : s;
  }

  // Order: the table's move, then the game's hint, then killers, then history.
  void score_moves(const Position& pos, const MoveList<G::kMaxMoves>& moves,
                   std::array<std::int64_t, G::kMaxMoves>& keys, Move table_move, int ply) const {
    for (std::size_t i = 0; i < moves.size(); ++i) {
      const Move m = moves[i];
      std::int64_t key = static_cast<std::int64_t>(G::move_hint(pos, m)) << 24;
      if (m == killers_[ply][0])
        key += 1 << 23;
      else if (m == killers_[ply][1])
        key += 1 << 22;
      key += std::min<std::int64_t>(history_[m], (1 << 22) - 1);
      if (m == table_move) key = std::numeric_limits<std::int64_t>::max();
      keys[i] = key;
    }
  }

  // Selection of the best remaining move: cheap for short lists, and a cutoff
  // after the first move (the common case) costs one pass.
  static void pick_next(MoveList<G::kMaxMoves>& moves, std::array<std::int64_t, G::kMaxMoves>& keys,
                        std::size_t i) {
    std::size_t best = i;
    for (std::size_t j = i + 1; j < moves.size(); ++j)
      if (keys[j] > keys[best]) best = j;
    std::swap(moves[i], moves[best]);
    std::swap(keys[i], keys[best]);
  }

  void order_root(const Position& root, MoveList<G::kMaxMoves>& moves) {
    if (!options_.use_ordering) return;
    Move table_move = kNoMove;
    if (options_.use_table)
      if (const TableEntry* entry = table_.probe(G::hash(root))) table_move = entry->move;
    std::array<std::int64_t, G::kMaxMoves> keys{};
    score_moves(root, moves, keys, table_move, 0);
    for (std::size_t i = 0; i < moves.size(); ++i) pick_next(moves, keys, i);
  }

  void remember_cutoff(Move m, int depth, int ply) {
    if (killers_[ply][0] != m) {
      killers_[ply][1] = killers_[ply][0];
      killers_[ply][0] = m;
    }
    history_[m] = updated_history(history_[m], std::int64_t{depth} * depth);
  }

  void update_pv(int ply, Move m) {
    pv_[ply][ply] = m;
    for (int i = ply + 1; i < pv_length_[ply + 1]; ++i) pv_[ply][i] = pv_[ply + 1][i];
    pv_length_[ply] = std::max(pv_length_[ply + 1], ply + 1);
  }

  void choose_among_ties(SearchInfo& result) {
    if (!options_.random_ties || result.best_moves.size() < 2) return;
    std::uniform_int_distribution<std::size_t> pick(0, result.best_moves.size() - 1);
    const Move chosen = result.best_moves[pick(rng_)];
    result.tied = static_cast<int>(result.best_moves.size());
    if (chosen == result.best) return;
    result.best = chosen;
    result.pv.assign(1, chosen);  // the line behind another move is not known
  }

  // A weaker level's choice: noise blurs the heuristic scores (proven ones
  // stay exact, so a won or lost line is never misjudged), and now and then
  // another move is played on purpose, though never a proven loss. A random
  // one rather than the runner-up: in games with a few good moves the
  // runner-up is often as good, and the level would not get weaker.
  void choose_with_flaws(SearchInfo& result, std::vector<RootMoveScore> scores) {
    if (!flawed() || scores.size() < 2) return;
    std::shuffle(scores.begin(), scores.end(), rng_);  // equal scores in random order
    const std::vector<RootMoveScore> exact = scores;
    std::uniform_int_distribution<Score> noise(-options_.root_noise, options_.root_noise);
    for (RootMoveScore& r : scores)
      if (!is_decisive(r.score))
        r.score = std::clamp<Score>(r.score + noise(rng_), -kMaxHeuristic + 1, kMaxHeuristic - 1);
    std::stable_sort(
        scores.begin(), scores.end(),
        [](const RootMoveScore& a, const RootMoveScore& b) { return a.score > b.score; });
    std::size_t pick = 0;
    const auto not_lost = static_cast<std::size_t>(std::count_if(
        scores.begin(), scores.end(), [](const RootMoveScore& r) { return !is_loss(r.score); }));
    if (not_lost > 1 && std::bernoulli_distribution(options_.mistake_rate)(rng_))
      pick = std::uniform_int_distribution<std::size_t>(1, not_lost - 1)(rng_);
    const Move chosen = scores[pick].move;
    note_flawed_choice(result, exact, chosen, pick > 0);
    if (chosen == result.best) return;
    result.best = chosen;
    result.pv.assign(1, chosen);
  }

  // By the exact scores, not the blurred ones: a move as good as the best is
  // a tie, whatever the noise did; a worse one drawn on purpose (`drawn`,
  // the mistake rate's draw) is the level's slip. A worse one the noise
  // chose is a misjudgement, which the level's description says apart: it
  // is neither, so that "slips one move in seven" stays true of the slips.
  static void note_flawed_choice(SearchInfo& result, const std::vector<RootMoveScore>& scores,
                                 Move chosen, bool drawn) {
    Score top = -kInfinity, mine = -kInfinity;
    for (const RootMoveScore& r : scores) {
      top = std::max(top, r.score);
      if (r.move == chosen) mine = r.score;
    }
    result.slip = drawn && mine < top;
    const auto equal = std::count_if(scores.begin(), scores.end(),
                                     [&](const RootMoveScore& r) { return r.score == top; });
    result.tied = mine < top || equal < 2 ? 0 : static_cast<int>(equal);
  }

  TranspositionTable& table_;
  SearchLimits limits_;
  SearchOptions options_;
  const std::atomic<bool>* stop_ = nullptr;
  bool aborted_ = false;
  SearchStats stats_;
  std::uint64_t horizon_hits_ = 0;
  SteadyClock::time_point start_;
  std::array<std::array<Move, 2>, kMaxSearchPly> killers_{};
  std::array<std::int32_t, G::kMoveSpace> history_{};
  std::array<std::array<Move, kMaxSearchPly>, kMaxSearchPly> pv_{};
  std::array<int, kMaxSearchPly + 1> pv_length_{};
  std::mt19937_64 rng_;
  Weights weights_;
  // With an observer: it, and the horizon count as each ply's node was
  // entered (to tell it whether a value is proven). Without: nothing at all.
  struct Observed {
    Observer* observer = nullptr;
    std::array<std::uint64_t, kMaxSearchPly + 1> horizon_at_entry{};
    // Whether the root's side is to move at each ply's node (it moves twice
    // in a row after an extra turn).
    std::array<bool, kMaxSearchPly + 1> root_side_to_move{};
  };
  [[no_unique_address]] std::conditional_t<kObserved, Observed, NoSearchObserver> observed_;
};

}  // namespace arcade
