#include "games/connect4/connect4_session.h"

#include <algorithm>
#include <random>

#include "engine/clock.h"

namespace arcade {
namespace {

using Clock = Connect4Solver::Clock;

// A score counts from 22: one more than the discs each side has.
constexpr int kScoreBase = Connect4::kCells / 2 + 1;


// A report's nodes, time and speed since `start`, counted as the search's
// own (fill_stats in engine/search.h).
void set_cost(SearchReport& r, std::uint64_t nodes, Clock::time_point start) {
  r.stats.nodes = nodes;
  r.time_ms = ms_since(start);
  r.nps = nodes_per_second(nodes, r.time_ms);
}

// Among equally good columns: a random one when asked, else the most
// central, the natural choice.
Move choose(const std::vector<Move>& columns, const SearchOptions& options) {
  if (options.random_ties && columns.size() > 1) {
    std::mt19937_64 rng(options.seed);
    return columns[std::uniform_int_distribution<std::size_t>(0, columns.size() - 1)(rng)];
  }
  for (int c : Connect4::kCentreFirst)
    if (std::find(columns.begin(), columns.end(), c) != columns.end()) return static_cast<Move>(c);
  return columns.front();
}

}  // namespace

Score connect4_engine_score(int score, int plies) {
  if (score == 0) return kDraw;
  if (score > 0) {
    // The mover has played plies / 2 discs; its next ones fall on plies
    // 1, 3, 5, ... from now.
    const int discs_to_play = (kScoreBase - score) - plies / 2;
    return win_in(2 * discs_to_play - 1);
  }
  // The opponent has played (plies + 1) / 2; its next ones fall on 2, 4, ...
  const int discs_to_play = (kScoreBase + score) - (plies + 1) / 2;
  return loss_in(2 * discs_to_play);
}

Connect4Solver& Connect4Session::solver() {
  if (!solver_) {
    solver_ = std::make_unique<Connect4Solver>(solver_megabytes_);
    solver_->set_book(active_book());
    solver_->set_threads(solver_threads_);
  }
  return *solver_;
}

void Connect4Session::set_book(std::shared_ptr<const Connect4Book> book) {
  book_ = std::move(book);
  if (solver_) solver_->set_book(active_book());
}

void Connect4Session::set_own_book(bool on) {
  own_book_ = on;
  if (solver_) solver_->set_book(active_book());
}

void Connect4Session::set_table_megabytes(std::size_t megabytes) {
  GameSessionFor<Connect4>::set_table_megabytes(megabytes);
  solver_megabytes_ = megabytes;
  if (solver_) solver_->resize_table(megabytes);
}

void Connect4Session::set_threads(int threads) {
  solver_threads_ = threads;
  if (solver_) solver_->set_threads(threads);
}

void Connect4Session::clear_table() {
  GameSessionFor<Connect4>::clear_table();
  if (solver_) solver_->reset();
}

Parsed<std::string> Connect4Session::solve(const std::atomic<bool>& stop) {
  Connect4Solver& s = solver();
  s.set_limits({&stop, std::nullopt, 0});
  const Connect4Solver::BestMoves best = s.best_moves(position_);
  s.set_limits({});
  if (s.stopped()) return ParseError{"solve stopped before it finished"};
  std::string text = "score " + std::to_string(best.score);
  if (outcome() != Outcome::kOngoing) return text.append(" (the game is over)");
  text.append(" best");
  for (Move m : best.columns) text.append(" ").append(Connect4::move_to_text(position_, m));
  return text;
}

// Most of the budget goes to the solver; the rest (a quarter, at most a
// second) is kept for a fallback search. A depth limit short of the end of
// the game leaves out the solver. A position in the book is answered
// with the book's move, so that play stays in the book; elsewhere a random
// one of the best columns when random ties are on.
std::optional<SearchReport> Connect4Session::perfect_move(const SearchLimits& limits,
                                                          const SearchOptions& options,
                                                          const std::atomic<bool>& stop,
                                                          const ReportCallback& on_iteration) {
  const Clock::time_point start = Clock::now();
  const std::optional<Connect4Book::Entry> book_entry =
      active_book() ? active_book()->find(position_) : std::nullopt;
  const bool in_book = book_entry.has_value();
  // The book's move needs no solver: a fresh engine's first moves then
  // make no solver table (64 MB to allocate and clear, a quarter of a
  // second in the browser's worker). The scores of every column do.
  if (in_book && !options.root_scores) {
    SearchReport report =
        proven_report({book_entry->score, {book_entry->move()}}, {}, 0, start, options);
    if (on_iteration) on_iteration(report);
    return report;
  }
  // The solver looks to the end of the game: a depth limit short of it
  // leaves the move to the depth-limited search, unless the book knows it.
  const bool depth_limited = limits.depth > 0 && limits.depth < Connect4::kCells - position_.plies;
  if (depth_limited && !in_book) return std::nullopt;
  const std::uint64_t nodes_before = solver().nodes();
  Connect4Solver::Limits budget;
  budget.stop = &stop;
  if (limits.movetime_ms > 0) {
    const std::int64_t movetime_ms = std::min(limits.movetime_ms, kMaxMovetimeMs);
    const std::int64_t reserve = std::min<std::int64_t>(movetime_ms / 4, 1000);
    budget.deadline = start + std::chrono::milliseconds(movetime_ms - reserve);
  }
  if (limits.nodes > 0) {
    const std::uint64_t share = std::max<std::uint64_t>(1, limits.nodes - limits.nodes / 4);
    budget.nodes = share > UINT64_MAX - nodes_before ? UINT64_MAX : nodes_before + share;
  }
  Connect4Solver& s = solver();
  s.set_limits(budget);
  const Connect4Solver::BestMoves best = s.best_moves(position_, in_book || !options.random_ties);
  const bool solved = !s.stopped() && !best.columns.empty();
  // Scores of every column are extra: without the time for them, the move
  // is still proven best. A depth limit asks for a quick answer, which the
  // book gives, while solving every column may take seconds (the columns
  // the book does not hold).
  std::optional<MoveScores> scores;
  if (solved && options.root_scores && !depth_limited) scores = s.move_scores(position_);
  if (s.stopped()) scores.reset();
  if (!solved) {
    s.set_limits({});
    return std::nullopt;
  }
  SearchReport report = proven_report(best, scores, s.nodes() - nodes_before, start, options);
  if (on_iteration) on_iteration(report);
  // The columns' scores are out: the line may take the rest of the budget.
  if (scores && continue_line(report)) {
    set_cost(report, s.nodes() - nodes_before, start);
    if (on_iteration) on_iteration(report);
  }
  s.set_limits({});
  return report;
}

// Where every column's score was asked for (the analysis shows them), the
// line goes on to the end of the game: a best column of each position after
// the best move, solved in turn (the table knows most of it by now), while
// the budget lasts. Whether it grew.
bool Connect4Session::continue_line(SearchReport& report) {
  Connect4::Position p = position_;
  for (const std::string& text : report.pv)
    p = Connect4::play(p, *Connect4::move_from_text(p, text));
  Connect4Solver& s = solver();
  const std::size_t before = report.pv.size();
  while (Connect4::outcome(p) == Outcome::kOngoing) {
    const Connect4Solver::BestMoves next = s.best_moves(p, true);
    if (s.stopped() || next.columns.empty()) break;
    report.pv.push_back(Connect4::move_to_text(p, next.columns.front()));
    p = Connect4::play(p, next.columns.front());
  }
  return report.pv.size() > before;
}

SearchReport Connect4Session::proven_report(const Connect4Solver::BestMoves& best,
                                            const std::optional<MoveScores>& scores,
                                            std::uint64_t nodes, Clock::time_point start,
                                            const SearchOptions& options) const {
  SearchReport r;
  r.depth = Connect4::kCells - position_.plies;  // solved to the end of the game
  r.score = connect4_engine_score(best.score, position_.plies);
  r.proven = true;
  set_cost(r, nodes, start);
  r.best = Connect4::move_to_text(position_, choose(best.columns, options));
  r.pv = {r.best};
  if (options.random_ties && best.columns.size() > 1)
    r.tied = static_cast<int>(best.columns.size());
  for (int c = 0; scores && c < Connect4::kWidth; ++c)
    if (const std::optional<int> score = (*scores)[c])
      r.root_scores.push_back({Connect4::move_to_text(position_, static_cast<Move>(c)),
                               connect4_engine_score(*score, position_.plies), true});
  return r;
}

SearchReport Connect4Session::search(const SearchLimits& limits, const SearchOptions& options,
                                     const std::atomic<bool>& stop,
                                     const ReportCallback& on_iteration) {
  if (!options.use_oracle || outcome() != Outcome::kOngoing)
    return GameSessionFor<Connect4>::search(limits, options, stop, on_iteration);
  const Clock::time_point start = Clock::now();
  // Read without making the solver (and its table): a depth-limited search
  // may never need it, and a new solver has searched no node.
  const std::uint64_t nodes_before = solver_ ? solver_->nodes() : 0;
  if (std::optional<SearchReport> report = perfect_move(limits, options, stop, on_iteration))
    return *report;
  // Too hard for the budget: the heuristic search gets what is left.
  SearchLimits rest = limits;
  if (limits.movetime_ms > 0)
    rest.movetime_ms = std::max<std::int64_t>(1, limits.movetime_ms - ms_since(start));
  const std::uint64_t used = (solver_ ? solver_->nodes() : 0) - nodes_before;
  if (limits.nodes > 0) rest.nodes = used < limits.nodes ? limits.nodes - used : 1;
  return GameSessionFor<Connect4>::search(rest, options, stop, on_iteration);
}

}  // namespace arcade
