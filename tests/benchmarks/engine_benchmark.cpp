// Micro-benchmarks of the engine's hot paths, with Google Benchmark. They
// print figures; nothing here passes or fails. Run:
//   build/native-release/tests/benchmarks/arcade_benchmarks
// (solver and whole-file figures: `arcade bench connect4 FILE`, `arcade bench`).

#include <benchmark/benchmark.h>

#include <atomic>
#include <fstream>
#include <string>
#include <vector>

#include "engine/perft.h"
#include "engine/search.h"
#include "games/connect4/connect4.h"
#include "games/connect4/connect4_solver.h"
#include "games/tictactoe/tictactoe.h"
#include "games/wolfsheep/wolfsheep.h"
#include "games/wolfsheep/wolfsheep_solution.h"

namespace arcade {
namespace {

template <class G>
void BM_Perft(benchmark::State& state) {
  const int depth = static_cast<int>(state.range(0));
  std::uint64_t leaves = 0;
  for (auto _ : state) benchmark::DoNotOptimize(leaves = perft<G>(G::start(), depth));
  state.counters["leaves/s"] = benchmark::Counter(static_cast<double>(leaves),
                                                  benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_Perft<TicTacToe>)->Arg(9)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Perft<Connect4>)->Arg(7)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Perft<WolfSheep>)->Arg(9)->Unit(benchmark::kMillisecond);

// A fixed-depth search from the start with a fresh table: nodes per second
// of the generic search on each game.
template <class G>
void BM_Search(benchmark::State& state) {
  SearchLimits limits;
  limits.depth = static_cast<int>(state.range(0));
  std::uint64_t nodes = 0;
  for (auto _ : state) {
    TranspositionTable table(16);
    std::atomic<bool> stop{false};
    nodes = Searcher<G>(table).search(G::start(), limits, {}, stop).stats.nodes;
  }
  state.counters["nodes"] = static_cast<double>(nodes);
  state.counters["nodes/s"] =
      benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_Search<TicTacToe>)->Arg(9)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Search<Connect4>)->Arg(12)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Search<WolfSheep>)->Arg(20)->Unit(benchmark::kMillisecond);

// The exact solver on the first 50 positions of a data file.
void BM_Connect4Solve(benchmark::State& state, const char* file) {
  std::vector<Connect4::Position> positions;
  std::ifstream in(std::string(ARCADE_DATA_DIR) + "/connect4/" + file);
  for (std::string moves, score; in >> moves >> score && positions.size() < 50;)
    if (auto p = Connect4::from_text(moves)) positions.push_back(*p);
  if (positions.empty()) return state.SkipWithError("data file not found");
  Connect4Solver solver;
  std::uint64_t nodes = 0;
  for (auto _ : state) {
    nodes = 0;
    for (const auto& p : positions) {
      solver.reset();  // each position from an empty table, as `arcade bench` does
      benchmark::DoNotOptimize(solver.solve(p));
      nodes += solver.nodes();
    }
  }
  state.counters["mean_nodes"] = static_cast<double>(nodes) / positions.size();
  state.counters["nodes/s"] =
      benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK_CAPTURE(BM_Connect4Solve, L3_R1, "c4_L3_R1.txt")->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_Connect4Solve, L2_R2, "c4_L2_R2.txt")->Unit(benchmark::kMillisecond);

// Probing the Wolf and Sheep solution along random games.
void BM_WolfSheepProbe(benchmark::State& state) {
  const WolfSheepSolution& solution = WolfSheepSolution::instance();
  WolfSheep::Position p = WolfSheep::start();
  std::uint64_t step = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(solution.value(p));
    MoveList<WolfSheep::kMaxMoves> moves;
    WolfSheep::generate_moves(p, moves);
    p = WolfSheep::outcome(p) != Outcome::kOngoing || moves.empty()
            ? WolfSheep::start()
            : WolfSheep::play(p, moves[(step++ * 2654435761u) % moves.size()]);
  }
  state.counters["build_ms"] = solution.build_microseconds() / 1000.0;
}
BENCHMARK(BM_WolfSheepProbe);

}  // namespace
}  // namespace arcade

BENCHMARK_MAIN();
