#pragma once
// An exact Connect Four solver after Pascal Pons ("Solving Connect 4: how to
// build a perfect AI"). The general search of the engine scores wins by
// distance in plies and needs no game knowledge; this one knows Connect Four
// well enough to solve middle-game positions in milliseconds:
//  - scores in the data-set convention: 22 minus the discs the winner has
//    played when it completes its four, for the side to move; 0 a draw;
//    negative a loss. So the window narrows with every disc played;
//  - a null-window search, asked "is the score above m?" for m moving like a
//    binary search (first towards 0, where most answers are);
//  - moves that let the opponent win at once are never searched, and a
//    position is a loss the moment it has no other move;
//  - moves that make the most new winning cells come first;
//  - transposition tables of lower and upper bounds: the solver's (the Hash
//    option) for positions far from the end, and for those near it a small
//    one of each thread's own that stays in the processor's cache.
// Abandoning a solve (stop flag, deadline, node budget) is checked every few
// thousand nodes; an abandoned solve returns kStopped.
//
// With more than one thread (set_threads), the threads share the table and
// the work: move_scores gives each thread a column at a time; solve runs
// the same null windows on every thread, a thread skipping a move another
// thread is searching (simplified ABDADA), and the threads narrow one shared
// window around the score (see connect4_solver.cpp for why this design).

#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "engine/worker_pool.h"
#include "games/connect4/connect4.h"
#include "games/connect4/connect4_book.h"
#include "games/connect4/connect4_bound_table.h"

namespace arcade {

class Connect4Solver {
 public:
  using Position = Connect4::Position;
  using Clock = std::chrono::steady_clock;

  static constexpr int kStopped = -1000;  // no score: the solve was abandoned
  // 8 MB (1M entries): without huge pages a probe's cost is mostly its TLB
  // miss, so a smaller table pays until it loses too many entries. Against
  // 16 MB (alternating runs, medians of 3, CPU time): c4_L2_R2 0.85 of the
  // time natively and 0.86 in WebAssembly (node), c4_L1_R2 0.87 and 0.84,
  // for 1-9% more nodes; 4 MB searched 15-55% more and was no faster on
  // c4_L1_R2. (16 MB had beaten 64 MB the same way.)
  static constexpr std::size_t kDefaultTableMegabytes = 8;

  struct Limits {
    const std::atomic<bool>* stop = nullptr;    // set from outside to abandon
    std::optional<Clock::time_point> deadline;  // abandon after this time
    std::uint64_t nodes = 0;                    // abandon after this many nodes; 0: none
  };

  explicit Connect4Solver(std::size_t table_megabytes = kDefaultTableMegabytes);
  ~Connect4Solver();

  // Exact score of p for the side to move (data-set convention; see above).
  // `weak` only tells win (1), draw (0) or loss (-1), which is faster.
  // A finished game scores the result it has; kStopped if abandoned.
  int solve(const Position& p, bool weak = false);
  // The exact score of each column for the side to move (nothing for a full
  // column or a finished game); after an abandoned solve stopped() is true
  // and the columns not reached have nothing.
  std::array<std::optional<int>, Connect4::kWidth> move_scores(const Position& p);

  // The score and every column that keeps it, much cheaper than
  // move_scores: a worse move is only shown worse, not solved. No columns
  // when the game is over or the solve was abandoned (stopped()).
  // `first_only` stops at the first best column, trying the centre first.
  struct BestMoves {
    int score = 0;
    std::vector<Move> columns;  // ascending
  };
  BestMoves best_moves(const Position& p, bool first_only = false);

  void set_limits(const Limits& limits) { shared_.limits = limits; }
  // Exact scores the search takes instead of searching (null: none). The
  // book must outlive the solver or the next set_book.
  void set_book(const Connect4Book* book) { book_ = book; }
  bool stopped() const { return aborted_; }
  // Nodes searched since the last reset(), by all threads.
  std::uint64_t nodes() const;
  // Forgets everything learned and zeroes the node count.
  void reset();
  // Fixed memory, rounded down to a power of two of 8-byte entries.
  void resize_table(std::size_t megabytes);
  std::size_t table_entries() const { return table_.size(); }
  // The threads sharing each solve, counting the calling thread; clamped
  // to [1, max_threads]. The helpers start here, once, not per solve. A
  // build without threads must keep 1 (the host decides; see WorkerPool).
  void set_threads(int threads, int max_threads = hardware_threads());
  int threads() const { return pool_->workers(); }

 private:
  class Search;

  // What the threads of one solve share besides the table.
  struct Shared {
    Limits limits;
    // Another thread has the answer: the others stop where they are.
    std::atomic<bool> answered{false};
    // The interval [lo, hi] around the score that the threads of a shared
    // solve narrow together (see window()), so that none goes on with a
    // null window another has answered.
    std::atomic<std::uint64_t> window{0};
    // Nodes of all threads, published every few thousand nodes, for the
    // node budget.
    std::atomic<std::uint64_t> published_nodes{0};
    // The positions threads are searching, for ABDADA (0: none).
    std::unique_ptr<std::atomic<std::uint32_t>[]> busy;
  };

  // The book's score of p, when p is shallow enough to be in it.
  std::optional<int> book_score(const Position& p) const;
  // solve_between on every thread, the first answer winning.
  int solve_shared(const Position& p, int lo, int hi);

  Connect4BoundTable table_;  // shared by the threads; see also Search
  const Connect4Book* book_ = nullptr;
  Shared shared_;
  std::vector<std::unique_ptr<Search>> searches_;  // one per thread
  std::unique_ptr<WorkerPool> pool_;
  bool aborted_ = false;
};

}  // namespace arcade
