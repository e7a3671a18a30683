#include "games/kalah/kalah_session.h"

#include <algorithm>
#include <array>
#include <mutex>

namespace arcade {
namespace {

// The oracle's endgame table, per number of houses, built when first asked:
// small, so that the first Perfect move waits for it a moment at most
// (Kalah(6, n)'s: 2.7 million boards, well under a second).
constexpr int kProbeEndgameSeeds = 12;

const KalahSolver& probe_solver(int houses) {
  static std::array<std::once_flag, Kalah::kMaxHouses> built;
  static std::array<std::unique_ptr<KalahSolver>, Kalah::kMaxHouses> solvers;
  const auto at = static_cast<std::size_t>(houses - 1);
  std::call_once(built[at], [&] {
    solvers[at] = std::make_unique<KalahSolver>(houses, kProbeEndgameSeeds, 1);
  });
  return *solvers[at];
}

}  // namespace

std::optional<Score> Kalah::probe(const Position& p) {
  const KalahSolver::Board board = KalahSolver::board_of(p);
  int seeds = 0;
  for (std::uint8_t c : board) seeds += c;
  if (seeds > kProbeEndgameSeeds || outcome(p) != Outcome::kOngoing) return std::nullopt;
  const std::optional<int> value = probe_solver(p.houses).endgame_board_value(board);
  if (!value) return std::nullopt;
  return margin_score(final_margin(p) + *value);
}

int KalahSession::solve_endgame_seeds(int houses) {
  return houses >= 6 ? 16 : houses == 5 ? 18 : 20;
}

std::string kalah_solution_words(const Kalah::Position& p, int margin,
                                 const std::vector<Move>& line) {
  const int winner = margin > 0 ? p.side : 1 - p.side;
  const std::string by = " by " + std::to_string(margin > 0 ? margin : -margin);
  if (Kalah::outcome(p) != Outcome::kOngoing)
    return margin == 0 ? "drawn" : std::string(Kalah::kSides[winner].name) + " has won" + by;
  std::string words = margin == 0 ? "draw" : std::string(Kalah::kSides[winner].name) + " wins" + by;
  if (line.empty()) return words;
  words.append(", best move ").append(Kalah::move_to_text(p, line.front())).append("; line");
  Kalah::Position at = p;
  for (Move m : line) {
    words.append(" ").append(Kalah::move_to_text(at, m));
    at = Kalah::play(at, m);
  }
  return words;
}

std::optional<SearchReport> KalahSession::perfect_move(const SearchLimits& limits,
                                                       const std::atomic<bool>& stop) {
  const Kalah::Position& p = position_;
  const SteadyClock::time_point start = SteadyClock::now();
  if (!perfect_solver_ || perfect_solver_->houses() != p.houses)
    perfect_solver_ = std::make_unique<KalahSolver>(p.houses, kProbeEndgameSeeds, 20);
  KalahSolver& solver = *perfect_solver_;
  // Half the budget at most: the heuristic search gets the rest if needed.
  solver.set_deadline(limits.movetime_ms > 0
                          ? std::optional(start + std::chrono::milliseconds(limits.movetime_ms / 2))
                          : std::nullopt);
  const std::uint64_t nodes_before = solver.nodes();
  const std::optional<int> margin = solver.value(p, &stop);
  const std::optional<std::vector<Move>> line = margin ? solver.best_line(p, &stop) : std::nullopt;
  solver.set_deadline(std::nullopt);
  if (!line || line->empty()) return std::nullopt;
  SearchInfo info;
  info.depth = static_cast<int>(line->size());
  info.score = margin_score(*margin);
  info.proven = true;
  info.stats.nodes = solver.nodes() - nodes_before;
  info.time_ms = ms_since(start);
  info.nps = nodes_per_second(info.stats.nodes, info.time_ms);
  info.pv = *line;
  info.best = line->front();
  info.best_moves = {info.best};
  return report(info);
}

SearchReport KalahSession::search(const SearchLimits& limits, const SearchOptions& options,
                                  const std::atomic<bool>& stop,
                                  const ReportCallback& on_iteration) {
  // Perfect play as it is asked for: not weakened, no other move's score.
  const bool exact_play = options.use_oracle && !options.root_scores && options.root_noise == 0 &&
                          options.mistake_rate == 0;
  const Kalah::Position& p = position_;
  if (exact_play && Kalah::outcome(p) == Outcome::kOngoing &&
      Kalah::seeds_in_houses(p, 0) + Kalah::seeds_in_houses(p, 1) <= kPerfectSolveSeeds) {
    const SteadyClock::time_point start = SteadyClock::now();
    if (std::optional<SearchReport> solved = perfect_move(limits, stop)) {
      if (on_iteration) on_iteration(*solved);
      return *solved;
    }
    // Too hard for the budget: the heuristic search gets what is left.
    SearchLimits rest = limits;
    if (limits.movetime_ms > 0)
      rest.movetime_ms = std::max<std::int64_t>(1, limits.movetime_ms - ms_since(start));
    return GameSessionFor<Kalah>::search(rest, options, stop, on_iteration);
  }
  return GameSessionFor<Kalah>::search(limits, options, stop, on_iteration);
}

Parsed<std::string> KalahSession::solve(const std::atomic<bool>& stop) {
  const Kalah::Position& p = position_;
  if (Kalah::outcome(p) != Outcome::kOngoing)
    return kalah_solution_words(p, Kalah::final_margin(p), {});
  // A table of every board the variant has, where that is smaller.
  const int endgame_seeds = std::min(solve_endgame_seeds(p.houses), Kalah::total_seeds(p));
  if (!solver_ || solver_->houses() != p.houses || solver_->endgame_seeds() != endgame_seeds)
    solver_ = std::make_unique<KalahSolver>(p.houses, endgame_seeds,
                                            p.houses == Kalah::kMaxHouses ? kSolveTableBits : 18);
  const std::optional<int> margin = solver_->value(p, &stop);
  if (!margin) return ParseError{"stopped"};
  const std::optional<std::vector<Move>> line = solver_->best_line(p, &stop);
  if (!line) return ParseError{"stopped"};
  return kalah_solution_words(p, *margin, *line);
}

}  // namespace arcade
