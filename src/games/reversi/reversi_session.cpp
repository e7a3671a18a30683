#include "games/reversi/reversi_session.h"

#include <chrono>
#include <random>
#include <string>

#include "engine/level.h"

namespace arcade {
namespace {

using Clock = std::chrono::steady_clock;

// "+6", "-2", "0": a margin as the FFO files write it.
std::string signed_text(int margin) {
  std::string text = std::to_string(margin);
  // Inserted rather than `"+" + text`: g++ 12 warns falsely (-Wrestrict) on
  // the inlined concatenation.
  if (margin > 0) text.insert(text.begin(), '+');
  return text;
}

// A report's nodes, time and speed since `start` (as fill_stats in
// engine/search.h counts the search's own).
void set_cost(SearchReport& r, std::uint64_t nodes, Clock::time_point start) {
  r.stats.nodes = nodes;
  r.time_ms = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start).count();
  r.nps = r.time_ms > 0 ? nodes * 1000 / static_cast<std::uint64_t>(r.time_ms) : nodes * 1000;
}

// The solver watches `stop` while one lives (it must not keep a pointer to a
// flag that goes away).
class StopWatch {
 public:
  StopWatch(reversi::EndgameSolver& solver, const std::atomic<bool>& stop) : solver_(solver) {
    solver_.set_stop(&stop);
  }
  ~StopWatch() { solver_.set_stop(nullptr); }
  StopWatch(const StopWatch&) = delete;
  StopWatch& operator=(const StopWatch&) = delete;

 private:
  reversi::EndgameSolver& solver_;
};

Move move_of(int square) {
  return square < 0 ? Reversi::kPass : static_cast<Move>(square);
}

// The solver's moves that share the best score (it lists them first).
std::vector<Move> best_moves(const std::vector<reversi::EndgameSolver::MoveScore>& scores) {
  std::vector<Move> best;
  for (const auto& m : scores)
    if (m.score == scores.front().score) best.push_back(move_of(m.square));
  return best;
}

// A best move by every move's exact score (a random one of the equally good
// when asked); the report gets the score, the tie and, when asked, each
// move's score.
Move choose_scored(const Reversi::Position& p,
                   const std::vector<reversi::EndgameSolver::MoveScore>& scores,
                   const SearchOptions& options, SearchReport& r) {
  r.score = margin_score(scores.front().score);
  const std::vector<Move> ties = best_moves(scores);
  Move best = ties.front();
  if (options.random_ties && ties.size() > 1) {
    std::mt19937_64 rng(options.seed);
    best = ties[std::uniform_int_distribution<std::size_t>(0, ties.size() - 1)(rng)];
    r.tied = static_cast<int>(ties.size());
  }
  if (options.root_scores)
    for (const auto& m : scores)
      r.root_scores.push_back(
          {Reversi::move_to_text(p, move_of(m.square)), margin_score(m.score), true});
  return best;
}

}  // namespace

// Measured on random positions from random play (Release, one core of this
// machine, 10 positions each): the best move of 16 empties in 0.09 s on
// average and 0.27 s at worst, every move's score in 0.27 s and 0.79 s; of
// 15 empties every move's score well under that; at 18 the best move alone
// took up to 1.1 s. The browser is two to three times slower.
SearchReport ReversiSession::search(const SearchLimits& limits, const SearchOptions& options,
                                    const std::atomic<bool>& stop,
                                    const ReportCallback& on_iteration) {
  if (!options.use_oracle || outcome() != Outcome::kOngoing)
    return GameSessionFor<Reversi>::search(limits, options, stop, on_iteration);
  const int most_empties = options.root_scores ? kExactScoresEmpties : kExactEmpties;
  if (Reversi::empties(position_) <= most_empties) {
    if (std::optional<SearchReport> report = exact_move(options, stop)) {
      if (on_iteration) on_iteration(*report);
      return *report;
    }
    // Stopped: the search below answers at once with a legal move.
  }
  SearchLimits midgame = limits;
  if (midgame.depth == 0) midgame.depth = kPerfectMidgameDepth;
  return GameSessionFor<Reversi>::search(midgame, options, stop, on_iteration);
}

std::string Reversi::level_words(int level) {
  if (level != kLevelCount) return "";
  return "searches " + std::to_string(ReversiSession::kPerfectMidgameDepth) +
         " moves ahead in the midgame, plays perfectly from " +
         std::to_string(ReversiSession::kExactEmpties) + " empty squares";
}

reversi::EndgameSolver& ReversiSession::solver() {
  if (!solver_) solver_ = std::make_unique<reversi::EndgameSolver>();
  return *solver_;
}

void ReversiSession::clear_table() {
  GameSessionFor<Reversi>::clear_table();
  if (solver_) solver_->clear_table();
}

std::optional<SearchReport> ReversiSession::exact_move(const SearchOptions& options,
                                                       const std::atomic<bool>& stop) {
  const Clock::time_point start = Clock::now();
  reversi::EndgameSolver& s = solver();
  const StopWatch watch(s, stop);
  const std::uint64_t nodes_before = s.nodes();
  const Reversi::Position& p = position_;
  SearchReport r;
  r.depth = Reversi::empties(p);
  r.proven = true;
  Move best = Reversi::kPass;
  if (Reversi::must_pass(p)) {
    r.score = margin_score(s.solve(p.player, p.opponent));
    if (options.root_scores) r.root_scores.push_back({"pass", r.score, true});
  } else if (Reversi::empties(p) <= kExactScoresEmpties) {
    const auto scores = s.solve_moves(p.player, p.opponent);
    if (s.stopped() || scores.empty()) return std::nullopt;
    best = choose_scored(p, scores, options, r);
  } else {
    r.score = margin_score(s.solve(p.player, p.opponent));
    best = move_of(s.best_square());
  }
  if (s.stopped()) return std::nullopt;
  r.best = Reversi::move_to_text(p, best);
  r.pv = {r.best};
  // The analysis shows the line: it costs a few more solves the table mostly knows.
  if (options.root_scores) continue_line(r, stop);
  set_cost(r, s.nodes() - nodes_before, start);
  return r;
}

void ReversiSession::continue_line(SearchReport& report, const std::atomic<bool>& stop) {
  reversi::EndgameSolver& s = solver();
  Reversi::Position p = position_;
  for (const std::string& text : report.pv) p = Reversi::play(p, *Reversi::move_from_text(p, text));
  while (Reversi::outcome(p) == Outcome::kOngoing && !stop.load()) {
    s.solve(p.player, p.opponent);
    if (s.stopped()) return;
    const Move next = Reversi::must_pass(p) ? Reversi::kPass : move_of(s.best_square());
    report.pv.push_back(Reversi::move_to_text(p, next));
    p = Reversi::play(p, next);
  }
}

// "score +6 best g1 h2 moves g1:+6 h2:+6 a3:-2": the exact final margin for
// the side to move, its best moves, and every move's margin.
Parsed<std::string> ReversiSession::solve(const std::atomic<bool>& stop) {
  const Reversi::Position& p = position_;
  if (outcome() != Outcome::kOngoing)
    return "score " + signed_text(Reversi::final_margin(p)) + " (the game is over)";
  reversi::EndgameSolver& s = solver();
  const StopWatch watch(s, stop);
  std::string text;
  if (Reversi::must_pass(p)) {
    const int score = s.solve(p.player, p.opponent);
    text = "score " + signed_text(score) + " best pass moves pass:" + signed_text(score);
  } else {
    const auto scores = s.solve_moves(p.player, p.opponent);
    if (!s.stopped() && !scores.empty()) {
      text = "score " + signed_text(scores.front().score) + " best";
      for (Move m : best_moves(scores)) text.append(" ").append(Reversi::move_to_text(p, m));
      text += " moves";
      for (const auto& m : scores)
        text.append(" ")
            .append(Reversi::move_to_text(p, move_of(m.square)))
            .append(":")
            .append(signed_text(m.score));
    }
  }
  if (s.stopped()) return ParseError{"solve stopped before it finished"};
  return text;
}

}  // namespace arcade
