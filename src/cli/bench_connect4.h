#pragma once
// `arcade bench connect4 FILE`: solves every position of a Connect Four data
// file ("<moves> <score>" a line), checks each score, and reports the mean
// time and nodes a position, the figures Pascal Pons' test protocol compares.
// Also the dispatch of every `arcade bench` form.

#include <iosfwd>
#include <string>
#include <vector>

namespace arcade::cli {

// `arcade bench ...` (args[0] is "bench"): the signature (cli/bench_signature.h),
// `connect4 FILE [threads N]`, `perfect FILE [movetime MS]` or `reversi FILE`
// (cli/bench_reversi.h). Any other form is an error naming the forms, exit
// code 2.
int bench_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

// `threads` threads share each solve (Connect4Solver::set_threads; clamped
// to the machine's). Prints each mismatch, then one summary line:
//   bench <file name> positions N mismatches M mean_us U mean_nodes K
// Returns 0 when every score matched, 1 on a mismatch, 2 when the file
// cannot be read, is a directory, holds no positions, or has a malformed
// line (the error names the line).
int bench_connect4(const std::string& path, std::ostream& out, std::ostream& err, int threads = 1);

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
int bench_perfect(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace arcade::cli
