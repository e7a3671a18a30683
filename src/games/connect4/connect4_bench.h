#pragma once
// `arcade bench connect4 FILE`: solves every position of a Connect Four data
// file ("<moves> <score>" a line), checks each score, and reports the mean
// time and nodes a position, the figures Pascal Pons' test protocol compares.
// And `arcade bench perfect FILE`: the Perfect level's move in each position
// of such a file. Both are Connect Four's tools of the `arcade` command
// (registration.h).

#include <iosfwd>
#include <string>

#include "games/game_tool.h"

namespace arcade {

// `threads` threads share each solve (Connect4Solver::set_threads; clamped
// to the machine's). Prints each mismatch, then one summary line:
//   bench <file name> positions N mismatches M mean_us U mean_nodes K
// Returns 0 when every score matched, 1 on a mismatch, 2 when the file
// cannot be read, is a directory, holds no positions, or has a malformed
// line (the error names the line).
int bench_connect4(const std::string& path, std::ostream& out, std::ostream& err, int threads = 1);

// `arcade bench connect4 FILE [threads N]`: bench_connect4, or the arguments
// refused.
int bench_connect4_tool(const ToolCall& call);

// `arcade bench perfect FILE [movetime MS]`: the strongest level, as the app
// runs it (a fresh engine session with the opening book, the app's budget of
// 9000 ms unless given), asked for a move in each position of a data file.
// Prints a line a position, then:
//   bench perfect <file name> positions N best B proven P mismatches M book K mean_ms T max_ms X
// proven: a move proven best within the budget (the rest came from the
// fallback heuristic search); best: moves that keep the file's score, the
// unproven ones checked afterwards by the solver without a time limit;
// mismatches: proven scores that differ from the file's; book: positions
// answered from the book. The times are the level's alone. Returns 0 when
// every move was best, 1 if not, 2 for bad arguments or a file that
// bench_connect4 would refuse.
int bench_perfect_tool(const ToolCall& call);

}  // namespace arcade
