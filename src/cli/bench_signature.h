#pragma once
// `arcade bench`: a determinism signature in the manner of Stockfish's bench.
//
// Every registered game searches a fixed set of positions to a fixed depth,
// each with a fresh table of a fixed size and no randomness, so the total
// number of nodes depends only on the code of the search and the games: a
// change to move generation, ordering, evaluation or hashing shows up as
// another total. The native build and the WebAssembly build must print the
// same total (a ctest compares them), which catches anything that differs
// between 64-bit native code and 32-bit wasm (sizes, hashing, undefined
// behaviour). A game of more than two agents (engine/agent_search.h) is
// searched too, and its nodes printed on a line of their own ("Agent
// search"), outside the two-player total.

#include <iosfwd>
#include <string>
#include <vector>

namespace arcade::cli {

// One search of the bench: the game's start, then `moves`, searched to `depth`.
struct BenchPosition {
  std::string game;
  std::vector<std::string> moves;
  int depth = 0;
};

// The positions of every game in game_names(), in that order: the start, then
// a few positions reached by fixed pseudo-random walks over legal_moves(), so
// a newly registered game is included with no further work.
std::vector<BenchPosition> bench_positions();

// The search depth of a game's bench positions, chosen so that the whole
// bench takes a second or two natively.
int bench_depth(const std::string& game);

// Searches every bench position, printing a line per position to `out`, then
// the totals ("Nodes searched  : N", "Nodes/second    : R"). Returns an exit
// code; an error (a game refusing its own legal move) goes to `err`.
int run_bench_signature(std::ostream& out, std::ostream& err);

}  // namespace arcade::cli
