#include "games/connect4/connect4_solver.h"

#include <algorithm>
#include <bit>
#include <tuple>
#include <utility>

namespace arcade {
namespace {

using Bits = std::uint64_t;
using Bound = Connect4BoundTable::Bound;
using BoundKind = Connect4BoundTable::Kind;
constexpr int kCells = Connect4::kCells;

// The bounds of positions with at most kNearEmptyCells empty cells go to a
// small table of each thread's own (kNearTableBytes), the others to the
// solver's table (the Hash option). Most nodes are near the end, and their
// subtrees are cheap to search again, so a table that stays in a core's
// cache serves them: its probes hit the cache where the big table's miss,
// and their flood no longer overwrites the bounds of the positions above,
// whose subtrees are large. This is what made the WebAssembly solver as
// fast as the native one, which hides the big table's misses by prefetching
// (WebAssembly has no prefetch). Measured on this 2-core machine, each file
// split in chunks run alternately by each build (tools/compare_solvers.py):
//  - WebAssembly under node, 8 MB table, mean per position: c4_L2_R2 4.23
//    -> 2.06 ms, c4_L1_R2 112.7 -> 57.4 ms; natively c4_L2_R2 2.39 -> 1.81,
//    c4_L1_R2 56.2 -> 43.0, c4_L1_R3 567 -> 330 ms (20% fewer nodes);
//  - on c4_L1_R2 in WebAssembly, with 512 KB: at most 11 empty cells 111.6
//    ms (1 MB; no better than the single table), 13: 92.7 (1 MB) and 84.7, 15:
//    65.9, 17: 60.2 (256 KB 65.6, 1 MB 62.3), 20: 57.4 (a second run 50.1),
//    24: 55.7, 28: 70.7 (1.48 times the nodes: the near table overflows).
//  - a table per thread: shared, it would bounce its busiest lines between
//    the cores; the positions it holds are too small to split (ABDADA).
constexpr int kNearEmptyCells = 20;
constexpr std::size_t kNearTableBytes = std::size_t{512} * 1024;

// The abandon conditions cost a clock read, so they are looked at only
// every this many nodes (a power of two minus one, as a mask).
constexpr std::uint64_t kBudgetCheckMask = 4095;

// The columns' cells from the centre out, so that ties in move ordering go
// to the centre.
constexpr std::array<Bits, Connect4::kWidth> make_column_order() {
  std::array<Bits, Connect4::kWidth> masks{};
  for (int i = 0; i < Connect4::kWidth; ++i)
    masks[i] = Connect4::column_mask(Connect4::kCentreFirst[i]);
  return masks;
}
constexpr std::array<Bits, Connect4::kWidth> kColumnsInOrder = make_column_order();

// The moves of one node, best first, by insertion sort on a small array: the
// search sorts at every node and must not allocate. Among equal scores the
// move added last comes out first.
class MoveSorter {
 public:
  void add(Bits move, int score) {
    std::size_t at = size_++;
    for (; at > 0 && entries_[at - 1].score > score; --at) entries_[at] = entries_[at - 1];
    entries_[at] = {move, score};
  }
  // The best remaining move, or 0 when none is left.
  Bits next() { return size_ ? entries_[--size_].move : 0; }

 private:
  struct Item {
    Bits move;
    int score;
  };
  // Left uninitialised: only the first size_ items are ever read.
  std::array<Item, Connect4::kWidth> entries_;
  std::size_t size_ = 0;
};

// How many cells the move would make winning for the side playing it.
// std::popcount is one instruction on both targets (x86-64 is built with
// -mpopcnt, wasm has i64.popcnt) and beat a bit-clearing loop under node.
int move_score(const Connect4::Position& p, Bits move) {
  return std::popcount(Connect4::winning_cells(p.mover | move, p.mask | move));
}

// Score of winning with the side to move's next disc.
int win_now_score(int plies) {
  return (kCells + 1 - plies) / 2;
}

// Simplified ABDADA (Tom Kerrigan's): threads searching the same tree skip,
// for now, a move whose position another thread is searching, and come back
// to it after their other moves, by which time the table usually has its
// answer. The positions being searched are marked in a small table of their
// own (by a hash of the key); a mark lost to a collision only costs some
// duplicated work. Only nodes whose children are in the shared table are
// split: a child in a thread's near table is no use to the other thread,
// which would wait for a bound it can never read, and the marks of those
// many small subtrees moved the busy table's lines between the cores at
// every node.
//
// Why this design, measured on the first 12 positions of c4_L1_R3 (nodes
// summed over the threads, each position from an empty 16 MB table; one
// thread: 106.1 M). Both threads search, so the time on two cores follows
// half the two-thread total:
//  - ABDADA with each thread running its own sequence of null windows:
//    135.7 M (half of it 0.64 of one thread); one position took 2.2 times
//    its one-thread nodes, a lagging thread finishing windows the other had
//    answered. With one shared window (shared_null_window_search): 126.1 M
//    (0.59), that position 1.03 times;
//  - the marking threshold hardly matters (before the shared window: 8, 14,
//    20, 26 empty cells gave 12.3, 12.1, 12.3, 13.5 M a position); marking
//    the first move too cost more (12.9 M at 14);
//  - move_scores splits by column instead: its columns are independent
//    solves, so that split loses nothing but the wait for the last column.
//  - with the near tables, c4_L1_R3 whole, 3 alternating runs (medians of
//    mean_us): one thread 333,496; two threads marking from 14 empty cells
//    237,394 (0.71), from 21 186,097 (0.56), from 26 180,901 (0.54). From
//    22 on the children are in the shared table; at 22, another run: one
//    thread 329,369, two 178,555 (0.54).
constexpr int kMinSplitEmptyCells = kNearEmptyCells + 2;
constexpr std::size_t kBusySlots = std::size_t{1} << 15;

std::size_t busy_slot(std::uint64_t key) {
  return static_cast<std::size_t>((key * 0x9E3779B97F4A7C15ull) >> 49);
}
static_assert((std::uint64_t{1} << (64 - 49)) == kBusySlots);

}  // namespace

// One thread's search: the node count and abandon state are its own; the
// table, the book, the limits and the busy marks are the solver's, shared.
// Each on a cache line of its own: the node count changes at every node,
// and two threads' counts on one line would bounce it between the cores at
// every node (on an idle moment of the machine, two threads spent 1.45 times
// one thread's processor time per node on c4_L1_R3 before this; not
// measured again after it).
class alignas(64) Connect4Solver::Search {
 public:
  explicit Search(Connect4Solver& solver) : solver_(solver) { near_table_.resize(kNearTableBytes); }

  // The score clamped to [lo, hi]: exact when inside, else the nearer end;
  // kStopped if abandoned. `split`: other threads solve the same position.
  int solve_between(const Position& p, int lo, int hi, bool split);

  // Forgets what the near table holds and zeroes the node count.
  void reset() {
    near_table_.clear();
    nodes = 0;
  }

  std::uint64_t nodes = 0;  // since the solver's reset()
  bool aborted = false;

 private:
  // Negamax with alpha-beta, for a position where the side to move cannot
  // win with its next disc. With s the exact score, returns v such that:
  //   s <= alpha  ->  s <= v <= alpha   (an upper bound)
  //   s >= beta   ->  beta <= v <= s    (a lower bound)
  //   otherwise   ->  v == s.
  // kSplit: other threads search the same tree (ABDADA, above).
  template <bool kSplit>
  int negamax(const Position& p, int alpha, int beta);
  // The child's score, searched with the window [alpha, beta] of p.
  template <bool kSplit>
  int child_score(const Position& p, Bits move, int alpha, int beta) {
    return -negamax<kSplit>(Connect4::play_cell(p, move), -beta, -alpha);
  }
  int null_window_search(const Position& p, int lo, int hi);
  // The same with the other threads, over the solver's shared window.
  int shared_null_window_search(const Position& p, int lo, int hi);
  bool out_of_budget();
  // The null window being searched in a shared solve is answered already.
  bool probe_answered() const;

  bool sharing_ = false;     // in shared_null_window_search
  int probe_ = 0;            // the null window (probe_, probe_ + 1) being searched
  bool probe_moot_ = false;  // abandoned for probe_answered
  // Positions this close to the end have their bounds in this thread's
  // near table, the others in the solver's table (see kNearEmptyCells).
  Connect4BoundTable& table_for(int plies) {
    return kCells - plies <= kNearEmptyCells ? near_table_ : solver_.table_;
  }

  Connect4Solver& solver_;
  Connect4BoundTable near_table_;
};

namespace {

// The shared window's two ends in one word, so that both change together.
std::uint64_t pack_window(int lo, int hi) {
  return std::uint64_t{static_cast<std::uint32_t>(lo)} << 32 | static_cast<std::uint32_t>(hi);
}
std::pair<int, int> unpack_window(std::uint64_t word) {
  return {static_cast<std::int32_t>(word >> 32), static_cast<std::int32_t>(word)};
}

// Narrows the shared window to [lo, hi] where that is narrower; every bound
// any thread found is true, so the window always holds the score.
void narrow_window(std::atomic<std::uint64_t>& window, int lo, int hi) {
  std::uint64_t old = window.load(std::memory_order_relaxed);
  for (;;) {
    const auto [old_lo, old_hi] = unpack_window(old);
    const std::uint64_t narrowed = pack_window(std::max(lo, old_lo), std::min(hi, old_hi));
    if (narrowed == old || window.compare_exchange_weak(old, narrowed, std::memory_order_relaxed))
      return;
  }
}

}  // namespace

Connect4Solver::Connect4Solver(std::size_t table_megabytes) {
  resize_table(table_megabytes);
  set_threads(1);
}

Connect4Solver::~Connect4Solver() = default;

void Connect4Solver::set_threads(int threads, int max_threads) {
  const int n = std::clamp(threads, 1, std::max(1, max_threads));
  if (pool_ && pool_->workers() == n) return;
  pool_.reset();  // joins the old helpers first
  const std::uint64_t counted = searches_.empty() ? 0 : nodes();
  searches_.clear();
  for (int i = 0; i < n; ++i) searches_.push_back(std::make_unique<Search>(*this));
  searches_[0]->nodes = counted;
  if (n > 1 && !shared_.busy)
    shared_.busy = std::make_unique<std::atomic<std::uint32_t>[]>(kBusySlots);
  pool_ = std::make_unique<WorkerPool>(n);
}

std::uint64_t Connect4Solver::nodes() const {
  std::uint64_t sum = 0;
  for (const auto& s : searches_) sum += s->nodes;
  return sum;
}

void Connect4Solver::resize_table(std::size_t megabytes) {
  table_.resize(megabytes * 1024 * 1024);
  reset();
}

void Connect4Solver::reset() {
  table_.clear();
  for (const auto& s : searches_) s->reset();
  shared_.published_nodes = 0;
}

std::optional<int> Connect4Solver::book_score(const Position& p) const {
  if (!book_ || p.plies > book_->max_plies()) return std::nullopt;
  const std::optional<Connect4Book::Entry> e = book_->find(p);
  return e ? std::optional<int>(e->score) : std::nullopt;
}

// Every thread adds its nodes to the shared count at each check, so that
// the budget counts them all; alone, the count is exactly its own.
bool Connect4Solver::Search::out_of_budget() {
  Shared& shared = solver_.shared_;
  const Limits& limits = shared.limits;
  const std::uint64_t counted =
      shared.published_nodes.fetch_add(kBudgetCheckMask + 1, std::memory_order_relaxed) +
      kBudgetCheckMask + 1;
  const bool stop = shared.answered.load(std::memory_order_relaxed) ||
                    (limits.stop && limits.stop->load(std::memory_order_relaxed)) ||
                    (limits.nodes && counted >= limits.nodes) ||
                    (limits.deadline && Clock::now() >= *limits.deadline);
  probe_moot_ = !stop && sharing_ && probe_answered();
  return aborted = stop || probe_moot_;
}

bool Connect4Solver::Search::probe_answered() const {
  const auto [lo, hi] = unpack_window(solver_.shared_.window.load(std::memory_order_relaxed));
  return probe_ < lo || probe_ >= hi;
}

template <bool kSplit>
int Connect4Solver::Search::negamax(const Position& p, int alpha, int beta) {
  // The budget is looked at every few thousand nodes; after an abandon the
  // callers return at once, so no later node gets here.
  if ((++nodes & kBudgetCheckMask) == 0 && out_of_budget()) return 0;

  // Step 1. Every move loses at once, or the board fills up with a draw.
  const Bits next = Connect4::non_losing_moves(p);
  if (next == 0) return -(kCells - p.plies) / 2;
  if (p.plies >= kCells - 2) return 0;

  // Step 2. Narrow the window by what is still possible: the opponent cannot
  // win with its next disc, nor we with ours (see the precondition).
  // Returning the bound that closed the window keeps the answer tight.
  alpha = std::max(alpha, -(kCells - 2 - p.plies) / 2);
  if (alpha >= beta) return alpha;
  beta = std::min(beta, (kCells - 1 - p.plies) / 2);
  if (alpha >= beta) return beta;

  // Step 3. What the book and the table know. An exact score answers any
  // window: it is its own bound on whichever side the window lies.
  if (const std::optional<int> known = solver_.book_score(p)) return *known;
  const std::uint64_t key = Connect4::key(p);
  Connect4BoundTable& table = table_for(p.plies);
  if (const std::optional<Bound> e = table.probe(key)) {
    if (e->kind == BoundKind::kLower)
      alpha = std::max<int>(alpha, e->score);
    else
      beta = std::min<int>(beta, e->score);
    if (alpha >= beta) return e->kind == BoundKind::kLower ? alpha : beta;
  }

  // Step 4. The moves that make the most winning cells first (a lone move
  // needs no score), their table slots fetched while the first is searched.
  // (WebAssembly has no prefetch: there this is a no-op. Reading the slots
  // instead, with or without enhanced transposition cut-offs, was slower;
  // what pays there is the near table, above.)
  MoveSorter moves;
  const bool single = (next & (next - 1)) == 0;
  const Connect4BoundTable& child_table = table_for(p.plies + 1);
  for (int i = Connect4::kWidth - 1; i >= 0; --i)
    if (const Bits move = next & kColumnsInOrder[i]) {
      moves.add(move, single ? 0 : move_score(p, move));
      __builtin_prefetch(child_table.address(Connect4::key(Connect4::play_cell(p, move))));
    }

  // Step 5. Search them; a non-losing move leaves the opponent no
  // immediate win, which is the precondition of the call. Sharing the tree
  // with other threads, a move they are searching waits (ABDADA, above).
  std::array<Bits, Connect4::kWidth> deferred{};
  std::size_t deferred_count = 0;
  const bool split = kSplit && kCells - p.plies >= kMinSplitEmptyCells;
  bool first = true;
  while (const Bits move = moves.next()) {
    int score;
    if (split && !first) {
      const std::uint64_t child = Connect4::key(Connect4::play_cell(p, move));
      std::atomic<std::uint32_t>& mark = solver_.shared_.busy[busy_slot(child)];
      if (mark.load(std::memory_order_relaxed) == static_cast<std::uint32_t>(child)) {
        deferred[deferred_count++] = move;
        continue;
      }
      mark.store(static_cast<std::uint32_t>(child), std::memory_order_relaxed);
      score = child_score<kSplit>(p, move, alpha, beta);
      mark.store(0, std::memory_order_relaxed);
    } else {
      score = child_score<kSplit>(p, move, alpha, beta);
    }
    first = false;
    if (aborted) return 0;
    if (score >= beta) {
      table.store(key, score, BoundKind::kLower);
      return score;
    }
    alpha = std::max(alpha, score);
  }
  for (std::size_t i = 0; i < deferred_count; ++i) {
    const int score = child_score<kSplit>(p, deferred[i], alpha, beta);
    if (aborted) return 0;
    if (score >= beta) {
      table.store(key, score, BoundKind::kLower);
      return score;
    }
    alpha = std::max(alpha, score);
  }
  table.store(key, alpha, BoundKind::kUpper);
  return alpha;
}

namespace {

// The null window to try next in [lo, hi]: halfway, but first halfway
// towards 0, where most positions are decided.
int next_probe(int lo, int hi) {
  const int mid = lo + (hi - lo) / 2;
  if (mid <= 0 && lo / 2 < mid) return lo / 2;
  if (mid >= 0 && hi / 2 > mid) return hi / 2;
  return mid;
}

}  // namespace

// Narrows [lo, hi] around the exact score with null windows.
int Connect4Solver::Search::null_window_search(const Position& p, int lo, int hi) {
  while (lo < hi) {
    const int mid = next_probe(lo, hi);
    const int r = negamax<false>(p, mid, mid + 1);
    if (aborted) return kStopped;
    if (r <= mid)
      hi = r;
    else
      lo = r;
  }
  return lo;
}

// Every thread takes its null windows from the shared window, so all search
// the same one, sharing its tree (ABDADA); a thread still searching a window
// another has answered drops it at its next budget check and takes the next.
int Connect4Solver::Search::shared_null_window_search(const Position& p, int lo, int hi) {
  std::atomic<std::uint64_t>& window = solver_.shared_.window;
  narrow_window(window, lo, hi);
  sharing_ = true;
  for (;;) {
    std::tie(lo, hi) = unpack_window(window.load(std::memory_order_relaxed));
    if (lo >= hi) break;
    probe_ = next_probe(lo, hi);
    const int r = negamax<true>(p, probe_, probe_ + 1);
    if (aborted && probe_moot_) {
      aborted = probe_moot_ = false;
      continue;
    }
    if (aborted) break;
    if (r <= probe_)
      narrow_window(window, lo, r);
    else
      narrow_window(window, r, hi);
  }
  sharing_ = false;
  return aborted ? kStopped : lo;
}

int Connect4Solver::Search::solve_between(const Position& p, int lo, int hi, bool split) {
  aborted = false;
  // Step 1. Results known without search.
  if (Connect4::has_four(Connect4::opponent(p))) {
    const int winner_discs = (p.plies + 1) / 2;
    return std::clamp(-(kCells / 2 + 1 - winner_discs), lo, hi);
  }
  if (p.plies == kCells) return std::clamp(0, lo, hi);
  if (Connect4::can_win_next(p)) return std::clamp(win_now_score(p.plies), lo, hi);
  if (const std::optional<int> known = solver_.book_score(p)) return std::clamp(*known, lo, hi);

  // Step 2. The score lies between losing to the opponent's next disc and
  // winning with our second; outside [lo, hi] only the nearer end matters.
  const int lowest = -(kCells - p.plies) / 2, highest = (kCells - 1 - p.plies) / 2;
  const int a = std::max(lo, lowest), b = std::min(hi, highest);
  if (a >= b) return std::clamp(lo >= highest ? highest : lowest, lo, hi);
  // With room above, the probes run as if a win with the next disc were
  // still possible (one more than highest, as in Pons' solver): that moves
  // the first null windows up a step, which searched fewer nodes on the
  // early-game data (L1_R1 -20%, L1_R2 -1%; L2_R2 +0.1%). The score never
  // exceeds highest, so the answer is the same.
  const int top = hi > highest ? highest + 1 : b;
  const int score = split ? shared_null_window_search(p, a, top) : null_window_search(p, a, top);
  return score == kStopped ? kStopped : std::clamp(score, lo, hi);
}

// Every thread solves the same position; the first answer is the answer,
// and the others stop at their next budget check. Alone, no pool round.
int Connect4Solver::solve_shared(const Position& p, int lo, int hi) {
  shared_.answered = false;
  shared_.window = pack_window(-kCells - 1, kCells + 1);  // narrowed by each thread
  if (searches_.size() == 1) {
    const int score = searches_[0]->solve_between(p, lo, hi, false);
    aborted_ = searches_[0]->aborted;
    return score;
  }
  int answer = kStopped;  // written by the winner alone, read after run()
  pool_->run([&](int worker) {
    const int score = searches_[static_cast<std::size_t>(worker)]->solve_between(p, lo, hi, true);
    if (score != kStopped && !shared_.answered.exchange(true)) answer = score;
  });
  aborted_ = answer == kStopped;
  return answer;
}

int Connect4Solver::solve(const Position& p, bool weak) {
  return weak ? solve_shared(p, -1, 1) : solve_shared(p, -kCells, kCells);
}

Connect4Solver::BestMoves Connect4Solver::best_moves(const Position& p, bool first_only) {
  BestMoves result;
  aborted_ = false;
  // The book holds one best column (its move), enough when one is asked for.
  const std::optional<Connect4Book::Entry> e = book_ && first_only ? book_->find(p) : std::nullopt;
  if (e) {
    result.score = e->score;
    result.columns = {e->move()};
    return result;
  }
  result.score = solve(p);
  if (aborted_ || Connect4::outcome(p) != Outcome::kOngoing) return result;
  const Bits wins = Connect4::winning_cells(p.mover, p.mask);
  for (int i = 0; i < Connect4::kWidth; ++i) {
    const int c = first_only ? Connect4::kCentreFirst[i] : i;
    if (p.mask & Connect4::top_cell(c)) continue;
    const Bits move = Connect4::move_cell(p, static_cast<Move>(c));
    // No move does better than the score, so a move is best exactly when
    // the opponent's answer scores at most its negation: one null window.
    const bool best = (move & wins) ? result.score == win_now_score(p.plies)
                                    : solve_shared(Connect4::play_cell(p, move), -result.score,
                                                   -result.score + 1) == -result.score;
    if (aborted_) {
      result.columns.clear();
      return result;
    }
    if (best) result.columns.push_back(static_cast<Move>(c));
    if (best && first_only) break;
  }
  return result;
}

// One column at a time per thread, centre first (the longest solves, as a
// rule, so that no thread is left with a long one at the end); each column
// is an ordinary solve, sharing only the table.
std::array<std::optional<int>, Connect4::kWidth> Connect4Solver::move_scores(const Position& p) {
  std::array<std::optional<int>, Connect4::kWidth> scores{};
  aborted_ = false;
  if (Connect4::outcome(p) != Outcome::kOngoing) return scores;
  const Bits wins = Connect4::winning_cells(p.mover, p.mask);
  shared_.answered = false;
  std::atomic<int> next{0};
  std::atomic<bool> stopped{false};
  pool_->run([&](int worker) {
    Search& search = *searches_[static_cast<std::size_t>(worker)];
    for (int i = next++; i < Connect4::kWidth && !stopped; i = next++) {
      const int c = Connect4::kCentreFirst[i];
      if (p.mask & Connect4::top_cell(c)) continue;
      const Bits move = Connect4::move_cell(p, static_cast<Move>(c));
      if (move & wins) {
        scores[c] = win_now_score(p.plies);
        continue;
      }
      const int reply = search.solve_between(Connect4::play_cell(p, move), -kCells, kCells, false);
      if (reply == kStopped) stopped = true;
      if (reply == kStopped) break;
      scores[c] = -reply;
    }
  });
  aborted_ = stopped;
  return scores;
}

}  // namespace arcade
